// Memory to scale: the weights stay fixed while the KV cache grows with the length of each
// session and with the number of sessions, until the card is full. For the built-in model and
// for real shapes read from Hugging Face config.json files (assets/model_shapes/), against a
// chosen card size and session length.
#pragma once

#include <vector>

#include "model/model_shape.h"
#include "panels/scroll_panel.h"

class QComboBox;
class QLabel;
class QScrollArea;
class QSpinBox;

namespace pl::ui {

class MemoryBar;

class MemoryScalePanel : public ScrollPanel {
    Q_OBJECT
  public:
    explicit MemoryScalePanel(QWidget* parent = nullptr);
    // The model the app runs (`--model FOLDER`): the first entry, in place of the built-in
    // model, and shown, so its own KV bytes per token and the sessions that fit come first.
    // Empty: the built-in model. A folder whose config.json cannot be read keeps the built-in
    // entry and says why under the figures.
    void setRunningModel(const QString& folder);
    // For tests and lessons: pick a shape by its index in the list, a card and a length.
    void select(int shape, int card_gib, int session_tokens);
    int shapeCount() const { return static_cast<int>(shapes_.size()); }
    QString summaryText() const;
    int64_t sessionsShown() const { return sessions_; }

  private:
    void loadShapes();
    void refresh() override;
    std::vector<ModelShape> shapes_;
    QString loadErrors_;
    QLabel* modelLabel_ = nullptr;
    QLabel* cardLabel_ = nullptr;
    QLabel* lengthLabel_ = nullptr;
    QComboBox* model_ = nullptr;
    QSpinBox* card_ = nullptr;
    QSpinBox* length_ = nullptr;
    MemoryBar* bar_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* result_ = nullptr;
    int64_t sessions_ = 0;
};

}  // namespace pl::ui
