// The model's answer to the current request, token by token as the cursor passes each decode.
#pragma once

#include <QPointer>
#include <QWidget>

#include "common/palette.h"
#include "runner/sampler.h"
#include "state/context_widget.h"

class QLabel;
class QTextEdit;

namespace pl::ui {

class ElidedLabel;
class ScenarioContext;

class OutputView : public ContextWidget {
    Q_OBJECT
  public:
    explicit OutputView(ScenarioContext* context, QWidget* parent = nullptr);
    void setTheme(Theme theme);
    int shownTokens() const { return shownTokens_; }  // for tests
    QString shownText() const;
    QString headerText() const;    // for tests: the line above the tokens
    QString decodingLine() const;  // for tests: the line under it, how the tokens were chosen
    // How the tokens were chosen, in the current language: "greedy · repetition penalty 1.2".
    static QString decodingText(const SamplingParams& sampling);

  protected:
    void changeEvent(QEvent* e) override;

  private:
    void refresh();
    void fitMinimum();
    QLabel* header_ = nullptr;
    ElidedLabel* decoding_ = nullptr;  // one line: cut with a tooltip rather than wrapped
    QTextEdit* text_ = nullptr;
    int shownTokens_ = -1;
    int shownRequest_ = -1;
    bool shownPrefillDone_ = false;
    const void* shownRun_ = nullptr;
};

}  // namespace pl::ui
