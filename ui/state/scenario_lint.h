// What linting a scenario produced, as an immutable value the UI thread can share freely: made on
// the engine's worker (EngineHost::lint) by lint::lint_scenario_for_views, shown by the lint
// panel.
#pragma once

#include <QMetaType>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lint/scenario_lint.h"

namespace pl::ui {

using lint::LintedFinding;

// lint::ScenarioLint and the generation of the lint request it answers.
struct ScenarioLint : lint::ScenarioLint {
    uint64_t generation = 0;
};

using ScenarioLintPtr = std::shared_ptr<const ScenarioLint>;

}  // namespace pl::ui

Q_DECLARE_METATYPE(pl::ui::ScenarioLintPtr)
