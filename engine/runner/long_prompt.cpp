#include "runner/long_prompt.h"

namespace pl {

Result<Scenario> long_prompt_scenario(const BpeTokenizer& tokenizer, int target_tokens) {
    auto base = load_scenario("long-document-qa");
    if (!base)
        return base.error();
    Scenario sc = base.value();
    sc.name = "ui-latency-probe";
    sc.title = "UI latency probe";
    sc.requests.resize(1);
    ScenarioRequest& req = sc.requests.front();
    req.max_tokens = 4;
    // Grow the system text from the scenario's own document until the prompt reaches the target;
    // the template's framing and the question take the rest.
    std::string seed;
    for (const auto& r : base->requests) {
        if (r.body.contains("system"))
            seed += r.body["system"].dump();
    }
    if (seed.empty())
        seed = "The quick brown fox jumps over the lazy dog. ";
    const auto countOf = [&](const std::string& s) {
        return static_cast<int>(tokenizer.encode(s).size());
    };
    std::string text;
    const int frame = countOf(req.body["messages"].dump()) + 16;
    while (countOf(text) + frame < target_tokens)
        text += seed;
    // Trim back to the target, a sentence piece at a time.
    while (!text.empty() && countOf(text) + frame > target_tokens)
        text.resize(text.size() > 64 ? text.size() - 64 : 0);
    req.body["system"] = text;
    return sc;
}

}  // namespace pl
