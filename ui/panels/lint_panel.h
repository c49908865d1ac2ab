// The prompt-layout linter in the app: the current request's findings, from the same engine API
// as `prefixlens lint` on a scenario file. The engine's worker lints the scenario
// (EngineHost::lint) and this panel shows what comes back. Clicking a finding selects its tokens
// and blocks everywhere (through the ScenarioContext); "Apply fix" plays the `--fix` rewrite of
// the whole scenario on the worker and puts it beside the run on screen, request by request.
#pragma once

#include <QPointer>
#include <QWidget>
#include <optional>
#include <vector>

#include "common/palette.h"
#include "lint/lint_types.h"
#include "state/context_widget.h"
#include "state/scenario_context.h"
#include "state/scenario_lint.h"
#include "state/scenario_run.h"

class QLabel;
class QScrollArea;
class QListWidget;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTabWidget;
class QTableWidget;
class QTextBrowser;

namespace pl::ui {

class EngineHost;

class LintPanel : public ContextWidget {
    Q_OBJECT
  public:
    // The engine lints each scenario the context holds, with the model's tokenizer.
    LintPanel(ScenarioContext* context, EngineHost* engine, QWidget* parent = nullptr);
    ~LintPanel() override;

    void setTheme(Theme theme);

    // One request as one run played it; summed over the requests for the table's last row.
    struct ComparisonSide {
        int prompt = 0, cached = 0, computed = 0;
        double ttft = 0;
        double usd = 0;  // estimated API input cost
        ComparisonSide& operator+=(const ComparisonSide& o) {
            prompt += o.prompt;
            cached += o.cached;
            computed += o.computed;
            ttft += o.ttft;
            usd += o.usd;
            return *this;
        }
    };
    // One request of the fixed layout (after) next to the same request as played on screen
    // (before).
    struct ComparisonRow {
        int request = 0;
        ComparisonSide before, after;
    };

    // What is on screen, for tests and scripting.
    int shownRequest() const { return shownRequest_; }
    int findingCount() const { return static_cast<int>(rows_.size()); }
    const lint::Finding& finding(int row) const;
    std::optional<TokenSelection> findingTokens(int row) const;
    QRect findingRect(int row) const;  // in this widget's coordinates
    bool showsNoFindings() const;
    QString headerText() const;
    QString detailText() const;
    QString errorText() const;
    bool canApplyFix() const;
    // The scenario's lint is on its way from the worker; no findings are shown meanwhile.
    bool isLinting() const { return linting_; }
    bool isRunningFix() const { return runningFix_; }
    // The findings on screen, every request's; null while linting or after a failure.
    const ScenarioLintPtr& lint() const { return lint_; }
    const std::vector<ComparisonRow>& comparison() const { return comparison_; }

  public slots:
    // What clicking row `row` does: select its request, tokens and blocks.
    void selectFinding(int row);
    // Plays the rewritten layout on the worker; answers with fixCompared or fixFailed.
    void applyFix();

  signals:
    void linted();  // the findings of the scenario on screen are shown
    void fixCompared();
    void fixFailed(const QString& message);

  protected:
    void changeEvent(QEvent* e) override;
    void focusInEvent(QFocusEvent* e) override;

  private:
    // Every text the panel sets itself, again in the current language (QEvent::LanguageChange).
    void retranslateUi();
    // "tokens 3–9 · block 0", for the row: worded when the row is built, in the UI's language.
    QString whereText(const LintedFinding& f) const;
    // Asks the worker to lint the scenario on screen; showLint() takes the answer.
    void relint();
    void showLint(const ScenarioLintPtr& lint);
    const std::vector<LintedFinding>& findings() const;
    bool fixChangesLayout() const { return lint_ && lint_->fix_changes_layout; }
    void refreshRows(bool force = false);
    void refreshDetail();
    void refreshComparison();
    void updateFixControls();
    void showFixError(const QString& message);
    void restyle();
    void fitMinimumHeights();

    QPointer<EngineHost> engine_;

    // The linted scenario: every request's findings, the --fix rewrite and the prices.
    ScenarioLintPtr lint_;
    uint64_t lintGeneration_ = 0;  // of the lint asked for last
    bool linting_ = false;         // asked for and not here yet
    QString lintError_;

    std::vector<int> rows_;  // indices into findings() of the shown request's findings
    int shownRequest_ = -1;
    bool selecting_ = false;  // selectFinding is updating the context

    ScenarioRunPtr fixedRun_;
    bool runningFix_ = false;
    bool queued_ = false;  // the fix waits behind the current run: no progress from the engine yet
    QString fixError_;     // the engine's message, untranslated
    std::vector<ComparisonRow> comparison_;

    QLabel* header_ = nullptr;
    QPushButton* fixButton_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    QStackedWidget* findingsStack_ = nullptr;
    QListWidget* list_ = nullptr;
    QScrollArea* emptyScroll_ = nullptr;  // holds empty_
    QLabel* empty_ = nullptr;
    QTextBrowser* detail_ = nullptr;
    QLabel* compareNote_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* progressText_ = nullptr;
    QLabel* error_ = nullptr;
    QTableWidget* table_ = nullptr;
};

}  // namespace pl::ui
