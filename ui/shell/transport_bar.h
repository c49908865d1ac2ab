// Play/pause, stepping, a scrubbable timeline of events with request boundaries, and the speed.
// The buttons share their QActions (and shortcuts) with the Playback menu.
#pragma once

#include <QPointer>
#include <QSlider>
#include <QWidget>
#include <vector>

#include "common/palette.h"
#include "state/context_widget.h"

class QAction;
class QComboBox;
class QLabel;

namespace pl::ui {

class ScenarioContext;

struct TransportActions {
    QAction* toStart = nullptr;
    QAction* prevRequest = nullptr;
    QAction* stepBack = nullptr;
    QAction* playPause = nullptr;
    QAction* stepForward = nullptr;
    QAction* nextRequest = nullptr;
    QAction* toEnd = nullptr;
};

// A slider that also paints where each request starts, in its session's colour.
class TimelineSlider : public QSlider {
    Q_OBJECT
  public:
    explicit TimelineSlider(QWidget* parent = nullptr);
    void setMarks(std::vector<std::pair<int, QColor>> marks);  // (event index, colour)

  protected:
    void paintEvent(QPaintEvent* e) override;

  private:
    std::vector<std::pair<int, QColor>> marks_;
};

class TransportBar : public ContextWidget {
    Q_OBJECT
  public:
    TransportBar(ScenarioContext* context, const TransportActions& actions,
                 QWidget* parent = nullptr);
    void setTheme(Theme theme);
    static const std::vector<double>& speeds();

  protected:
    void changeEvent(QEvent* e) override;

  private:
    void retranslateUi();
    void refresh();
    void rebuildMarks();

    TimelineSlider* slider_ = nullptr;
    QLabel* position_ = nullptr;
    QComboBox* speed_ = nullptr;
    bool updating_ = false;
};

}  // namespace pl::ui
