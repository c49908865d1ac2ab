// What linting a scenario produced, as an immutable value the UI thread can share freely: made on
// the engine's worker (EngineHost::lint) with the model's tokenizer and the lint tables, shown by
// the lint panel. The same findings as `prefixlens lint` on the scenario's file, each request's
// own (repeats are not merged), with the tokens each one names in its request's prompt.
#pragma once

#include <QMetaType>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lint/lint_types.h"
#include "runner/scenario.h"

namespace pl::ui {

struct LintedFinding {
    lint::Finding finding;  // finding.tokens: in its request's prompt, the tokens the views show
    std::string pointer;    // inside its request ("/system/0/text"; "/" for the body itself)
};

struct ScenarioLint {
    uint64_t generation = 0;
    std::string error;  // set when the scenario could not be linted; then nothing else is
    lint::Provider provider = lint::Provider::Anthropic;
    std::vector<LintedFinding> findings;  // every request's
    Scenario fixed;                       // rewritten as `prefixlens lint --fix` would
    bool fixChangesLayout = false;        // some request of `fixed` differs from the scenario's
    lint::InputPrices prices;             // the first request's model's, to cost a run's usage
};

using ScenarioLintPtr = std::shared_ptr<const ScenarioLint>;

}  // namespace pl::ui

Q_DECLARE_METATYPE(pl::ui::ScenarioLintPtr)
