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

// What the banner and the scenario picker show, in the current language at the time it is shown
// (the language can change after the scenario was opened). A request opened from a file is
// described by the app's catalogue; a scenario file by its "translations" for the language
// (SPEC §6, assets/scenarios/README.md), falling back to its English title and description.
QString scenarioTitle(const Scenario& scenario);
QString scenarioDescription(const Scenario& scenario);

}  // namespace pl::ui
