// Where the penalties against repetition come from. Three layers, each replacing the one before
// field by field: the model's default (generation_config.json in its folder: the file Hugging
// Face writes beside config.json and vLLM reads for its default sampling), a scenario's
// "sampling" object, and the command line.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/json_util.h"
#include "runner/sampler.h"

namespace pl {

// The fields one layer sets; those it leaves out fall through to the layer below.
struct SamplingOverrides {
    std::optional<double> repetition_penalty;
    std::optional<double> frequency_penalty;
    std::optional<double> presence_penalty;

    bool empty() const { return !repetition_penalty && !frequency_penalty && !presence_penalty; }
    // `base` with this layer's fields in place of its own.
    SamplingParams over(SamplingParams base) const;
    bool operator==(const SamplingOverrides&) const = default;
};

// The three settable fields, as the JSON and the command line spell them (the flags with "--"
// and dashes: --repetition-penalty).
inline constexpr std::string_view kSamplingFields[] = {"repetition_penalty", "frequency_penalty",
                                                       "presence_penalty"};

// Whether `value` is allowed for `field`: repetition_penalty in (0, 10] (vLLM and Hugging Face
// want it above 0 and set no top; past 2 nothing the model writes reads as text), the other two
// in [-2, 2], as OpenAI and vLLM accept them.
bool sampling_value_ok(std::string_view field, double value);
// What `field` accepts, for messages: "a number above 0 and at most 10 (1 is off)".
std::string sampling_range(std::string_view field);

// Sets `field` of `out` to `value` (already checked).
void set_sampling_field(SamplingOverrides& out, std::string_view field, double value);

// A scenario's "sampling" object, {"repetition_penalty": 1.2, "frequency_penalty": 0,
// "presence_penalty": 0}, any of the three. Errors: "<file>: <pointer>/<field>: ...".
Result<SamplingOverrides> parse_sampling_object(const ojson& j, const std::string& file,
                                                const std::string& pointer);

// The model's own default: the three fields of <model_dir>/generation_config.json when the
// folder has one (its other keys, such as bos_token_id or temperature, are not ours to use:
// decoding stays greedy), nothing when it has none.
Result<SamplingOverrides> load_generation_config(const std::filesystem::path& model_dir);

// The effective sampling: greedy, then the model's default, the scenario's, the command line's.
SamplingParams effective_sampling(const SamplingOverrides& model, const SamplingOverrides& scenario,
                                  const SamplingOverrides& command_line);

// "greedy, repetition penalty 1.2", "greedy, frequency penalty 0.5, presence penalty 0.3",
// "greedy": for the command line's text output (the app words its own, translated).
std::string sampling_summary(const SamplingParams& params);

}  // namespace pl
