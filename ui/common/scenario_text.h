// What the window says about a scenario: its title and description in the current language.
#pragma once

#include <QString>

#include "runner/scenario.h"

namespace pl::ui {

// The title and description a scenario of one request opened from a file is given (session/
// scenario_import.h): English in the scenario, like any scenario's text, translated when shown.
// The description also marks such a scenario.
extern const char* const kImportedRequestTitle;  // "Request %1", %1 the file's name
extern const char* const kImportedRequestDescription;
extern const char* const kImportedPairDescription;  // a log's request after its predecessor

// What the banner, the scenario picker and the Prompt dock show, in the current language at the
// time it is shown (the language can change after the scenario was opened). A request opened
// from a file is described by the app's catalogue; a scenario file by its "translations" for the
// language (SPEC §6, assets/scenarios/README.md), falling back to its English title and
// description.
QString scenarioTitle(const Scenario& scenario);
QString scenarioDescription(const Scenario& scenario);

}  // namespace pl::ui
