// Opening what a presenter drops on the window: a scenario file, or the body of one Anthropic
// Messages request, which becomes a one-request scenario.
#pragma once

#include <QString>
#include <vector>

#include "common/scenario_text.h"
#include "runner/scenario.h"

namespace pl::ui {

// Errors name the file and, where it applies, line:column or the JSON pointer.
Result<Scenario> loadScenarioFile(const QString& path);
// Anthropic Messages request bodies, played in order in one session, as a scenario named `name`
// (titled "Request <name>"); `file` is where they came from, for messages.
Result<Scenario> scenarioFromRequests(const std::vector<ojson>& bodies, const std::string& name,
                                      const std::string& file);
// A built-in name or a path.
Result<Scenario> loadScenarioNameOrFile(const QString& nameOrPath);

}  // namespace pl::ui
