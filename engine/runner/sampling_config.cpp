#include "runner/sampling_config.h"

#include <cmath>
#include <cstdio>

namespace pl {

namespace {

// A value as the messages and the summary print it: 1.2, not 1.200000.
std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

}  // namespace

SamplingParams SamplingOverrides::over(SamplingParams base) const {
    if (repetition_penalty)
        base.repetition_penalty = *repetition_penalty;
    if (frequency_penalty)
        base.frequency_penalty = *frequency_penalty;
    if (presence_penalty)
        base.presence_penalty = *presence_penalty;
    return base;
}

bool sampling_value_ok(std::string_view field, double value) {
    if (field == "repetition_penalty")
        return value > 0.0 && value <= 10.0;
    return value >= -2.0 && value <= 2.0;
}

std::string sampling_range(std::string_view field) {
    if (field == "repetition_penalty")
        return "a number above 0 and at most 10 (1 is off)";
    return "a number from -2 to 2 (0 is off)";
}

void set_sampling_field(SamplingOverrides& out, std::string_view field, double value) {
    if (field == "repetition_penalty")
        out.repetition_penalty = value;
    else if (field == "frequency_penalty")
        out.frequency_penalty = value;
    else if (field == "presence_penalty")
        out.presence_penalty = value;
}

Result<SamplingOverrides> parse_sampling_object(const ojson& j, const std::string& file,
                                                const std::string& pointer) {
    if (!j.is_object()) {
        return make_error(file + ": " + pointer +
                          ": expected an object such as {\"repetition_penalty\": 1.2}");
    }
    SamplingOverrides out;
    for (auto it = j.begin(); it != j.end(); ++it) {
        bool known = false;
        for (std::string_view f : kSamplingFields)
            known |= it.key() == f;
        if (!known) {
            return make_error(file + ": " + pointer + ": unknown field " + quote(it.key(), 40) +
                              " (sampling has repetition_penalty, frequency_penalty and "
                              "presence_penalty)");
        }
        const std::string where = file + ": " + pointer + "/" + it.key() + ": ";
        if (it.value().is_null())
            continue;
        if (!it.value().is_number())
            return make_error(where + "expected a number");
        const double v = it.value().get<double>();
        if (!sampling_value_ok(it.key(), v))
            return make_error(where + "must be " + sampling_range(it.key()) + ", not " + number(v));
        set_sampling_field(out, it.key(), v);
    }
    return out;
}

Result<SamplingOverrides> load_generation_config(const std::filesystem::path& model_dir) {
    const std::filesystem::path path = model_dir / "generation_config.json";
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return SamplingOverrides{};
    auto text = read_text_file(path.string(), 1u << 20);
    if (!text)
        return text.error();
    auto j = parse_json_object(text.value(), path.string());
    if (!j)
        return j.error();
    // Only our three keys: the rest of a Hugging Face generation config is left alone.
    ojson ours = ojson::object();
    for (std::string_view f : kSamplingFields) {
        const std::string key(f);
        if (j->contains(key))
            ours[key] = (*j)[key];
    }
    return parse_sampling_object(ours, path.string(), "");
}

SamplingParams effective_sampling(const SamplingOverrides& model, const SamplingOverrides& scenario,
                                  const SamplingOverrides& command_line) {
    return command_line.over(scenario.over(model.over(SamplingParams{})));
}

std::string sampling_summary(const SamplingParams& params) {
    std::string s = params.temperature > 0.0f ? "temperature " + number(params.temperature)
                                              : std::string("greedy");
    if (params.repetition_penalty != 1.0)
        s += ", repetition penalty " + number(params.repetition_penalty);
    if (params.frequency_penalty != 0.0)
        s += ", frequency penalty " + number(params.frequency_penalty);
    if (params.presence_penalty != 0.0)
        s += ", presence penalty " + number(params.presence_penalty);
    return s;
}

}  // namespace pl
