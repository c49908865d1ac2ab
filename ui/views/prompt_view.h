// The current request's prompt: every token, coloured by the part of the request it came from,
// with dynamic-looking text (times, dates, ids) flagged; and an editor for the system prompt or a
// message, whose "Run again" re-plays the scenario with the edit.
#pragma once

#include <QPointer>
#include <QString>
#include <QTextCharFormat>
#include <QWidget>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/palette.h"
#include "state/context_widget.h"
#include "state/scenario_lint.h"

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTextEdit;

namespace pl::ui {

class ScenarioContext;
class DynamicTextHighlighter;

class PromptView : public ContextWidget {
    Q_OBJECT
  public:
    explicit PromptView(ScenarioContext* context, QWidget* parent = nullptr);

    void setTheme(Theme theme);

    // For tests and the menu: the request being edited and its editable text fields.
    int editRequest() const { return editRequest_; }
    std::vector<std::string> editablePointers() const;
    bool setEditText(const std::string& pointer, const QString& text);
    QString editText() const;
    QPlainTextEdit* editor() const { return editor_; }
    int shownRequest() const { return shownRequest_; }
    int shownTokenCount() const { return shownTokens_; }
    int shownDynamicTokens() const { return dynamicTokens_; }
    // The shown request's tokens marked as dynamic, in order.
    const std::vector<int>& shownDynamicTokenIndices() const { return dynamicTokenIndices_; }
    // True while the token text is still being filled in, slice by slice between event-loop turns.
    bool isRendering() const { return rendering_; }
    // The context's token selection as highlighted in the token view (empty when none is shown).
    QString highlightedTokenText() const;
    bool tokensRendered() const { return rendered_; }
    QString shownTokenText() const;  // the token view as plain text, once fully inserted

  protected:
    void changeEvent(QEvent* e) override;

  public slots:
    // Applies the edit (if any) and re-plays the scenario on the worker.
    void runAgain();
    // Sends the edited request (or, with no edit, the request as it is) once more after the
    // scenario's last request: see ScenarioContext::sendAgain.
    void sendAgain();
    // The Lint dock's verdict on the scenario on screen: the tokens its dynamic-value findings
    // name are the ones this view warns about (one truth). Dynamic-looking text it does not flag
    // (after the cached prefix) is shown as harmless.
    void setLint(ScenarioLintPtr lint);
    void insertTimestampAtStart();

  private:
    void retranslateUi();
    void refreshTokens();
    void stopRendering();
    void reloadEditor();
    void loadPart(int comboIndex);
    void updateLegend();
    void showTokenSelection();
    using TokenRuns = std::vector<std::pair<QString, QTextCharFormat>>;
    void insertTokenSlice(std::shared_ptr<const TokenRuns> runs, int generation, std::size_t from);

    QTabWidget* tabs_ = nullptr;
    QLabel* header_ = nullptr;
    QLabel* legend_ = nullptr;
    QTextEdit* tokens_ = nullptr;
    QComboBox* parts_ = nullptr;
    QPlainTextEdit* editor_ = nullptr;
    QLabel* editHint_ = nullptr;
    QPushButton* stampButton_ = nullptr;
    QPushButton* runButton_ = nullptr;
    QPushButton* sendButton_ = nullptr;
    DynamicTextHighlighter* highlighter_ = nullptr;
    std::vector<std::string> pointers_;
    int editRequest_ = -1;
    int shownRequest_ = -1;
    const void* shownRun_ = nullptr;
    int shownTokens_ = 0;
    ScenarioLintPtr lint_;
    int harmlessTokens_ = 0;
    int dynamicTokens_ = 0;
    std::vector<int> dynamicTokenIndices_;
    std::vector<int> tokenPos_;  // document position of each shown token's start, then the end
    bool rendered_ = false;      // every token of the shown request is in the document
    bool loading_ = false;
    int renderGeneration_ = 0;
    bool rendering_ = false;
};

}  // namespace pl::ui
