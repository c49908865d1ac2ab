// The current request in numbers: tokens reused, computed and written, the API-style usage
// fields, and the correctness check of the cached path against a full recompute.
#pragma once

#include <optional>

#include "panels/scroll_panel.h"
#include "state/scenario_lint.h"

class QLabel;
class QScrollArea;

namespace pl::ui {

class UsagePanel : public ScrollPanel {
    Q_OBJECT
  public:
    explicit UsagePanel(ScenarioContext* context, QWidget* parent = nullptr);
    QString correctnessText() const;  // for tests
    QString usageText() const;
    // The API fields come from the linter's cost model (lint::ScenarioLint::billing): the same
    // minimum lengths, breakpoints and prices as the Lint dock's findings.
    void setLint(ScenarioLintPtr lint);
    // What the API fields on screen say, for tests; none until the lint and the request are in.
    std::optional<lint::RequestUsage> shownBilling() const { return shownBilling_; }

  private:
    void refresh() override;
    // The body as tall as its wrapped text needs at the viewport's width: a short dock (a large
    // zoom, a long translation) scrolls instead of drawing rows over each other.
    void fitBody() override;
    QLabel* numbers_ = nullptr;
    QLabel* usage_ = nullptr;
    QLabel* check_ = nullptr;
    ScenarioLintPtr lint_;
    std::optional<lint::RequestUsage> shownBilling_;
};

}  // namespace pl::ui
