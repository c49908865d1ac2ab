// Opening what a presenter drops on the window: a scenario file, or the body of one Anthropic
// Messages request, which becomes a one-request scenario.
#pragma once

#include <QString>

#include "common/scenario_text.h"
#include "runner/scenario.h"

namespace pl::ui {

// Errors name the file and, where it applies, line:column or the JSON pointer.
Result<Scenario> loadScenarioFile(const QString& path);
// A built-in name or a path.
Result<Scenario> loadScenarioNameOrFile(const QString& nameOrPath);

}  // namespace pl::ui
