// What the app shows of a scenario's lint: each request's own findings (repeats are not
// merged), each with the tokens it names in the prompt the model plays, the --fix rewrite, and
// the prices to cost a run's usage. The same findings as `prefixlens lint` on the scenario file.
// Made by lint_scenario_for_views (logs/lint_input.h) on the app's engine worker; the lint panel
// only displays it, so this header holds types only.
#pragma once

#include <string>
#include <vector>

#include "lint/lint_types.h"
#include "runner/scenario.h"

namespace pl::lint {

struct LintedFinding {
    Finding finding;      // finding.tokens: in its request's prompt, the tokens the views show
    std::string pointer;  // inside its request ("/system/0/text"; "/" for the body itself)
};

struct ScenarioLint {
    std::string error;  // set when the scenario could not be linted; then nothing else is
    Provider provider = Provider::Anthropic;
    std::vector<LintedFinding> findings;  // every request's
    Scenario fixed;                       // rewritten as `prefixlens lint --fix` would
    bool fix_changes_layout = false;      // some request of `fixed` differs from the scenario's
    InputPrices prices;                   // the first request's model's, to cost a run's usage
    // What the provider would bill for each request as it is: the Usage panel's API fields, from
    // the same tables and rules as the findings (a breakpoint below the minimum bills nothing).
    std::vector<RequestBilling> billing;
};

}  // namespace pl::lint
