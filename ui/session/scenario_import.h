// Opening what a presenter drops on the window: a scenario file, or the body of one Anthropic
// Messages request, which becomes a one-request scenario.
#pragma once

#include <QString>

#include "runner/scenario.h"

namespace pl::ui {

// Errors name the file and, where it applies, line:column or the JSON pointer.
Result<Scenario> loadScenarioFile(const QString& path);
// A built-in name or a path.
Result<Scenario> loadScenarioNameOrFile(const QString& nameOrPath);

// What the banner shows. A request opened from a file is described in the current language, at
// the time it is shown (the language can change after it was opened); a scenario file's own
// title and description are content and stay as written.
QString scenarioTitle(const Scenario& scenario);
QString scenarioDescription(const Scenario& scenario);

}  // namespace pl::ui
