// prefixlens eval: one forward pass over a prompt, printing the next-token logits.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "cli_table.h"
#include "commands.h"
#include "model/gpt_model.h"

namespace pl::cli {

namespace {

Result<std::vector<int32_t>> parse_token_list(const std::string& text) {
    std::vector<int32_t> ids;
    std::size_t i = 0;
    while (i <= text.size()) {
        const std::size_t j = std::min(text.find(',', i), text.size());
        long v = 0;
        const std::string part = text.substr(i, j - i);
        if (auto err = parse_int("--tokens", part, 0, 1L << 30, v); !err.empty()) {
            return make_error("--tokens: '" + part + "' at item " + std::to_string(ids.size() + 1) +
                              " is not a token id");
        }
        ids.push_back(static_cast<int32_t>(v));
        i = j + 1;
    }
    return ids;
}

}  // namespace

int run_eval(const std::vector<std::string>& args) {
    ParsedArgs a;
    if (auto err = parse(args, flag_spec("eval"), a); !err.empty()) {
        return fail_usage("eval: " + err);
    }
    if (!a.positional.empty())
        return fail_usage("eval: unexpected argument " + a.positional[0]);
    if (a.has("--text") == a.has("--tokens")) {
        return fail_usage("eval: give exactly one of --text STRING or --tokens 1,2,3");
    }
    auto engine = setup_engine(a, 16, 0);
    if (!engine)
        return fail_usage(engine.error().message);
    auto& model = engine->model;
    const GptConfig& cfg = model->config();

    std::vector<int32_t> tokens;
    if (auto t = a.get("--text")) {
        tokens = model->tokenizer().encode(*t);
        if (tokens.empty())
            return fail_usage("--text: the prompt is empty");
    } else {
        auto parsed = parse_token_list(*a.get("--tokens"));
        if (!parsed)
            return fail_usage(parsed.error().message);
        tokens = std::move(parsed.value());
    }
    if (static_cast<long>(tokens.size()) > cfg.n_positions) {
        return fail_usage(std::string(a.has("--text") ? "--text" : "--tokens") + ": prompt of " +
                          std::to_string(tokens.size()) +
                          " tokens is longer than the model's context of " +
                          std::to_string(cfg.n_positions) + " positions");
    }

    InferenceBackend& be = *engine->backend;
    const KvPoolLayout& layout = be.kv_layout();
    std::vector<int32_t> table(static_cast<std::size_t>(layout.capacity_blocks));
    for (std::size_t i = 0; i < table.size(); ++i)
        table[i] = static_cast<int32_t>(i);
    std::vector<float> logits(static_cast<std::size_t>(cfg.vocab_size));
    if (auto r = be.forward(table, 0, tokens, logits); !r)
        return fail_usage(r.error().message);

    std::vector<int32_t> order(logits.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<int32_t>(i);
    const std::size_t k = std::min<std::size_t>(10, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<long>(k), order.end(),
                      [&](int32_t x, int32_t y) { return logits[x] > logits[y]; });
    const BpeTokenizer& tok = model->tokenizer();

    if (a.has("--json")) {
        nlohmann::json j;
        j["model"] = model->name();
        j["backend"] = be.name();
        j["device"] = be.device_name();
        j["n_tokens"] = tokens.size();
        j["tokens"] = tokens;
        j["logits"] = logits;
        j["top"] = nlohmann::json::array();
        for (std::size_t i = 0; i < k; ++i) {
            j["top"].push_back({{"token", order[i]},
                                {"text", tok.token_bytes(order[i])},
                                {"logit", logits[order[i]]}});
        }
        std::puts(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
        return finish(*engine, 0);
    }
    std::printf("model %s, backend %s (%s), %zu prompt tokens\n", model->name().c_str(),
                be.name().c_str(), be.device_name().c_str(), tokens.size());
    std::printf("next-token candidates:\n");
    for (std::size_t i = 0; i < k; ++i) {
        std::string text = nlohmann::json(tok.token_bytes(order[i]))
                               .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        std::printf("  %6d  %-24s %10.4f\n", order[i], text.c_str(), logits[order[i]]);
    }
    return finish(*engine, 0);
}

}  // namespace pl::cli
