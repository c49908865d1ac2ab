// A scenario (SPEC §6): requests played in order on a simulated clock.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "runner/sampling_config.h"

namespace pl {

struct ScenarioRequest {
    double at_s = 0.0;
    std::string session = "default";
    std::optional<std::string> salt;
    int max_tokens = 8;
    ojson body;         // the Anthropic Messages body: tools, system, messages, ...
    std::string where;  // "<file>: /requests/<i>" for messages about this request
};

// A scenario's title and description in another language. Either may be empty (then the
// English one is shown).
struct ScenarioText {
    std::string title;
    std::string description;
};

struct Scenario {
    std::string name;
    std::string title;  // English: scripts and the CLI read these two as they are
    std::string description;
    // By language code ("ja", "pl"): what the app shows a presenter in that language.
    std::map<std::string, ScenarioText> translations;
    int block_size = 16;
    int capacity_blocks = 512;
    std::optional<double> ttl_s;
    // The scenario's "sampling" object: what it sets of the penalties against repetition, over
    // the model's default (the command line overrides both).
    SamplingOverrides sampling;
    std::vector<ScenarioRequest> requests;
    std::string file;  // where it was read from
};

// Parses scenario JSON. Errors: "<file>:<line>:<col>: ..." for malformed JSON,
// "<file>: <json pointer>: expected ..." for wrong types or values.
Result<Scenario> parse_scenario(const std::string& text, const std::string& file);

// A path to a scenario file, or the name of a built-in one (assets/scenarios/<name>.json).
Result<Scenario> load_scenario(const std::string& path_or_name);

// Built-in scenario names, sorted by their "order" field then name.
std::vector<std::string> builtin_scenario_names();
std::filesystem::path builtin_scenarios_dir();

}  // namespace pl
