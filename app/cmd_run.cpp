// prefixlens run: plays a scenario through the prefix cache and reports every request.
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "cli_table.h"
#include "commands.h"
#include "core/assets.h"
#include "core/json_util.h"
#include "lint/lint_tables.h"
#include "runner/policy_sim.h"
#include "runner/request_runner.h"
#include "runner/scenario.h"

namespace pl::cli {

namespace {

// Keys in the order SPEC §2 documents them; `sampling` is how the tokens were chosen.
nlohmann::ordered_json result_json(const RequestResult& r, const SamplingParams& sampling) {
    using json = nlohmann::ordered_json;
    json j;
    j["request"] = r.request;
    j["session"] = r.session;
    j["at_s"] = r.at_s;
    j["prompt_tokens"] = r.prompt_tokens;
    j["cached_tokens"] = r.cached_tokens;
    j["computed_tokens"] = r.computed_tokens;
    j["output_tokens"] = r.output_tokens;
    j["block_size"] = r.block_size;
    json blocks = json::array();
    for (const auto& b : r.blocks) {
        blocks.push_back({{"index", b.index},
                          {"hash", b.hash ? json(to_hex(*b.hash)) : json(nullptr)},
                          {"tokens", b.tokens},
                          {"state", block_state_name(b.state)}});
    }
    j["blocks"] = std::move(blocks);
    json evicted = json::array();
    for (const auto& e : r.evicted)
        evicted.push_back(to_hex(e.hash));
    j["evicted"] = std::move(evicted);
    j["ttft_ms"] = r.ttft_ms;
    if (r.prefill_gpu_ms >= 0)
        j["prefill_gpu_ms"] = r.prefill_gpu_ms;
    j["kv_bytes_in_use"] = r.kv_bytes_in_use;
    j["output_text"] = r.output_text;
    if (r.max_abs_diff_vs_full)
        j["max_abs_diff_vs_full"] = *r.max_abs_diff_vs_full;
    if (r.verify_tolerance)
        j["verify_tolerance"] = *r.verify_tolerance;
    // Extensions of SPEC §2 (docs/cli.md, `run`): where the time went, the K/V rows computed,
    // the first token's candidates both ways (--verify) and the same request with no cache
    // (--no-cache).
    j["prefill_ms"] = r.timing.prefill_ms;
    j["decode_ms"] = r.timing.decode_ms;
    j["decode_step_ms"] = r.timing.step_ms;
    j["kv_rows_computed"] = r.timing.kv_rows;
    auto scores = [](const std::vector<TokenScore>& top) {
        json a = json::array();
        for (const TokenScore& t : top) {
            a.push_back(
                {{"token", t.token}, {"text", t.text}, {"logit", t.logit}, {"prob", t.prob}});
        }
        return a;
    };
    if (r.cache_only)
        j["cache_only"] = true;  // --cache-only: no output, ttft_ms from the cost model
    if (r.max_abs_diff_vs_full) {
        j["top_cached"] = scores(r.top_cached);
        j["top_full"] = scores(r.top_full);
    }
    if (r.no_cache) {
        const NoCacheReport& nc = *r.no_cache;
        j["no_cache"] = {
            {"prefill_ms", nc.timing.prefill_ms},  {"decode_ms", nc.timing.decode_ms},
            {"decode_step_ms", nc.timing.step_ms}, {"kv_rows_computed", nc.timing.kv_rows},
            {"output_tokens", nc.output.size()},   {"same_output", nc.output == r.output}};
    }
    j["usage"] = {{"input_tokens", r.usage.input_tokens},
                  {"cache_creation_input_tokens", r.usage.cache_creation_input_tokens},
                  {"cache_read_input_tokens", r.usage.cache_read_input_tokens},
                  {"output_tokens", r.usage.output_tokens}};
    // The effective decoding (docs/cli.md): the model's default, the scenario's and the flags'.
    j["sampling"] = {{"method", sampling.temperature > 0.0f ? "temperature" : "greedy"},
                     {"repetition_penalty", sampling.repetition_penalty},
                     {"frequency_penalty", sampling.frequency_penalty},
                     {"presence_penalty", sampling.presence_penalty}};
    return j;
}

// A request's line as `policy` would have served it (docs/cli.md, `run --policy`): the model's run
// supplies the prompt and the output; reuse, block states, evictions, TTFT and usage are the
// policy's.
void apply_policy(nlohmann::ordered_json& j, const RequestResult& r, const PolicyRequest& p) {
    using json = nlohmann::ordered_json;
    j["policy"] = policy_name(p.policy);
    j["cached_tokens"] = p.reused_tokens;
    j["computed_tokens"] = p.computed_tokens;
    for (auto& b : j["blocks"]) {
        if (b["state"] == "partial")
            continue;
        const int end = (b["index"].get<int>() + 1) * r.block_size;
        b["state"] = end <= p.reused_tokens ? "hit" : "computed";
    }
    if (p.policy != CachePolicy::Vllm)
        j["evicted"] = json::array();  // no chain-hashed blocks outside vLLM's cache
    j["evicted_tokens"] = p.evicted_tokens;
    j["ttft_ms"] = p.ttft_ms;
    j["ttft_source"] = "cost_model";
    j.erase("prefill_gpu_ms");
    j["usage"] = {
        {"input_tokens", p.rejected ? 0 : p.prompt_tokens - p.reused_tokens - p.written_tokens},
        {"cache_creation_input_tokens", p.written_tokens},
        {"cache_read_input_tokens", p.reused_tokens},
        {"output_tokens", r.output_tokens}};
    j["reused_tokens"] = p.reused_tokens;
    j["written_tokens"] = p.written_tokens;
    j["cost_usd"] = p.cost_usd;
    j["uncached_cost_usd"] = p.uncached_cost_usd;
    j["price_model"] = p.price_model;
    if (p.note != PolicyNote::None)
        j["note"] = policy_note_name(p.note);
    if (p.rejected)
        j["rejected"] = true;
}

// The output text as one printable line: control characters and broken UTF-8 escaped.
std::string printable(const std::string& text, std::size_t max_chars) {
    std::string s =
        nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (s.size() > max_chars)
        s = s.substr(0, max_chars - 3) + "...";
    return s;
}

// The articles' GPT-2 experiment on one request: "computed 8 of 417 tokens, same next-token
// scores", with the candidates through the cache beside those of the full recompute.
std::string scores_line(const RequestResult& r) {
    bool same = !r.verify_failed() && r.top_cached.size() == r.top_full.size();
    for (std::size_t i = 0; same && i < r.top_cached.size(); ++i)
        same = r.top_cached[i].token == r.top_full[i].token;
    char head[160];
    std::snprintf(
        head, sizeof head,
        "computed %d of %d tokens, %s next-token scores (max |diff| %.1e):", r.computed_tokens,
        r.prompt_tokens, same ? "same" : "DIFFERENT", r.max_abs_diff_vs_full.value_or(0.0));
    std::string s = head;
    for (std::size_t i = 0; i < r.top_cached.size() && i < r.top_full.size(); ++i) {
        char cell[96];
        std::snprintf(cell, sizeof cell, " %s %.4f|%.4f",
                      printable(r.top_cached[i].text, 16).c_str(), r.top_cached[i].logit,
                      r.top_full[i].logit);
        s += cell;
    }
    return s;
}

}  // namespace

int run_run(const std::vector<std::string>& args) {
    ParsedArgs a;
    if (auto err = parse(args, flag_spec("run"), a); !err.empty())
        return fail_usage("run: " + err);
    SamplingOverrides flags;
    if (auto err = parse_sampling_flags(a, flags); !err.empty())
        return fail_usage("run: " + err);
    if (a.has("--list")) {
        for (const auto& name : builtin_scenario_names()) {
            auto s = load_scenario(name);
            std::printf("%-24s %s\n", name.c_str(),
                        s ? s->title.c_str() : s.error().message.c_str());
        }
        return 0;
    }
    if (a.positional.size() != 1)
        return fail_usage("run: give one SCENARIO (a file or a name; see --list)");
    auto scenario = load_scenario(a.positional[0]);
    if (!scenario)
        return fail_usage(scenario.error().message);
    Scenario& sc = scenario.value();
    if (auto v = a.get("--block-size")) {
        long n = 0;
        if (auto err = parse_int("--block-size", *v, 1, 1024, n); !err.empty())
            return fail_usage(err);
        sc.block_size = static_cast<int>(n);
    }
    if (auto v = a.get("--capacity-blocks")) {
        long n = 0;
        if (auto err = parse_int("--capacity-blocks", *v, 1, 1 << 20, n); !err.empty()) {
            return fail_usage(err);
        }
        sc.capacity_blocks = static_cast<int>(n);
    }
    std::optional<CachePolicy> policy;
    if (auto v = a.get("--policy")) {
        policy = parse_policy(*v);
        if (!policy)
            return fail_usage(
                "run: --policy must be vllm, radix, anthropic, openai, gemini, bedrock or "
                "deepseek, not '" +
                *v + "'");
    }
    if (a.get("--pricing") && !policy)
        return fail_usage("run: --pricing prices a --policy; give one");
    std::optional<lint::LintTables> tables;
    if (policy) {
        auto t = lint::LintTables::load(assets_dir() / "lint");
        if (!t)
            return fail_usage(t.error().message);
        // The user's prices and default models (the shape of assets/lint/pricing.json) in front.
        if (auto pricing = a.get("--pricing")) {
            if (auto r = t->apply_pricing_overrides(*pricing); !r)
                return fail_usage("run: --pricing " + r.error().message);
        }
        tables = std::move(t.value());
    }
    RunnerOptions options;
    options.verify = a.has("--verify");
    options.no_cache = a.has("--no-cache");
    options.cache_only = a.has("--cache-only");
    if (options.cache_only && (options.verify || options.no_cache))
        return fail_usage(
            "run: --cache-only computes nothing, so there is nothing to --verify or "
            "to serve with --no-cache");

    // Load the model first to size the pool: the cache's blocks plus scratch for --verify.
    auto probe_model = GptModel::load(model_dir_or_builtin(a.get("--model").value_or("")));
    if (!probe_model)
        return fail_usage(probe_model.error().message);
    auto model_sampling = load_generation_config(probe_model.value()->dir());
    if (!model_sampling)
        return fail_usage(model_sampling.error().message);
    options.sampling = effective_sampling(model_sampling.value(), sc.sampling, flags);
    int pool = RequestRunner::pool_blocks_needed(sc, probe_model.value()->config(),
                                                 options.verify || options.no_cache);
    const GptModel& probe = *probe_model.value();
    auto fit = context_fit(sc, probe);
    if (!fit)
        return fail_usage(fit.error().message);
    if (!options.cache_only && fit->beyond_context) {
        return fail_usage(fit->longest_where + ": the prompt is " +
                          std::to_string(fit->longest_prompt) +
                          " tokens, longer than the model's context of " +
                          std::to_string(probe.config().n_positions) +
                          "; --cache-only plays it without the model");
    }
    if (options.cache_only) {
        // The cache holds every prompt (unless --capacity-blocks says otherwise); the backend's
        // pool stays small, since nothing is computed in it.
        if (!a.has("--capacity-blocks"))
            sc.capacity_blocks = std::max(sc.capacity_blocks, fit->prompt_blocks);
        pool = std::min(pool, Scenario{}.capacity_blocks);
    }
    auto engine = setup_engine(a, sc.block_size, pool);
    if (!engine)
        return fail_usage(engine.error().message);
    auto runner = RequestRunner::create(*engine->backend, sc, options);
    if (!runner)
        return fail_usage(runner.error().message);

    const bool json_out = a.has("--json");
    if (!json_out) {
        std::printf("%s: %s\n", sc.name.c_str(), sc.title.c_str());
        std::printf("model %s, backend %s (%s), block size %d, pool %d blocks%s\n",
                    engine->model->name().c_str(), engine->backend->name().c_str(),
                    engine->backend->device_name().c_str(), sc.block_size, sc.capacity_blocks,
                    sc.ttl_s
                        ? (", ttl " + std::to_string(static_cast<long>(*sc.ttl_s)) + " s").c_str()
                        : "");
        std::printf("decoding: %s\n", sampling_summary(options.sampling).c_str());
        if (policy) {
            std::printf(
                "policy %s: reuse, TTFT (cost model) and input cost as it would serve "
                "this trace\n",
                policy_name(*policy));
            std::printf("%4s %-10s %7s %7s %8s %6s %6s %9s %10s  %s\n", "req", "session", "t_s",
                        "prompt", "reused", "comp", "hit%", "ttft_ms", "cost_usd", "note");
        } else {
            std::printf("%4s %-10s %7s %7s %8s %6s %6s %9s %7s  %s\n", "req", "session", "t_s",
                        "prompt", "cached", "comp", "hit%", "ttft_ms", "evict", "output");
        }
    }
    bool mismatch = false;
    const auto t0 = std::chrono::steady_clock::now();
    // Results are printed as each request finishes, so a long scenario shows progress.
    EventSink sink = [&](const RunnerEvent& ev) {
        const auto* fin = std::get_if<RequestFinishedEvent>(&ev);
        if (!fin)
            return;
        const RequestResult& r = *fin->result;
        if (r.verify_failed())
            mismatch = true;
        if (policy)
            return;  // printed once the whole trace has been simulated
        if (json_out) {
            std::puts(result_json(r, options.sampling)
                          .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                          .c_str());
        } else {
            std::printf("%4d %-10s %7.0f %7d %8d %6d %5.0f%% %9.2f %7zu  %s", r.request,
                        r.session.substr(0, 10).c_str(), r.at_s, r.prompt_tokens, r.cached_tokens,
                        r.computed_tokens, 100.0 * r.cached_tokens / std::max(1, r.prompt_tokens),
                        r.ttft_ms, r.evicted.size(), printable(r.output_text, 40).c_str());
            if (r.max_abs_diff_vs_full)
                std::printf("  max|diff| %.2e", *r.max_abs_diff_vs_full);
            std::printf("\n");
            if (r.max_abs_diff_vs_full)
                std::printf("     %s\n", scores_line(r).c_str());
            if (r.no_cache) {
                const NoCacheReport& nc = *r.no_cache;
                std::printf(
                    "     prefill %.2f ms, decode %.2f ms, %lld K/V rows; no cache: "
                    "prefill %.2f ms, decode %.2f ms, %lld K/V rows, %s output\n",
                    r.timing.prefill_ms, r.timing.decode_ms, r.timing.kv_rows, nc.timing.prefill_ms,
                    nc.timing.decode_ms, nc.timing.kv_rows,
                    nc.output == r.output ? "same" : "DIFFERENT");
            }
        }
        std::fflush(stdout);
    };
    auto results = runner.value()->play(sc, sink);
    if (!results)
        return fail_usage(results.error().message);
    if (policy) {
        const GptModel& model = *engine->model;
        auto trace = make_policy_trace(sc, model.config(), model.tokenizer(), results.value());
        if (!trace)
            return fail_usage(trace.error().message);
        auto simulated = simulate_policy(*policy, trace.value(), *tables);
        if (!simulated)
            return fail_usage(simulated.error().message);
        double cost = 0, uncached = 0;
        long long reused = 0, prompt = 0;
        for (const PolicyRequest& p : simulated.value()) {
            const RequestResult& r = results.value()[static_cast<std::size_t>(p.request)];
            cost += p.cost_usd;
            uncached += p.uncached_cost_usd;
            reused += p.reused_tokens;
            prompt += p.prompt_tokens;
            if (json_out) {
                auto j = result_json(r, options.sampling);
                apply_policy(j, r, p);
                std::puts(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
            } else {
                std::printf("%4d %-10s %7.0f %7d %8d %6d %5.0f%% %9.2f %10.6f  %s%s\n", p.request,
                            r.session.substr(0, 10).c_str(), r.at_s, p.prompt_tokens,
                            p.reused_tokens, p.computed_tokens,
                            100.0 * p.reused_tokens / std::max(1, p.prompt_tokens), p.ttft_ms,
                            p.cost_usd, policy_note_name(p.note), p.rejected ? " (refused)" : "");
            }
        }
        if (!json_out) {
            std::printf(
                "%s: reused %.1f%% of prompt tokens (%lld of %lld), input cost $%.6f "
                "(uncached $%.6f, %s prices)\n",
                policy_name(*policy),
                100.0 * static_cast<double>(reused) / static_cast<double>(std::max(1LL, prompt)),
                reused, prompt, cost, uncached,
                simulated->empty() ? "" : simulated->front().price_model.c_str());
        }
    } else if (!json_out) {
        const auto& c = runner.value()->cache().counters();
        std::printf(
            "hit rate %.1f%% of prompt tokens (%lld of %lld), %lld blocks evicted, %.2f s\n",
            100.0 * c.hit_rate(), static_cast<long long>(c.hits), static_cast<long long>(c.queries),
            static_cast<long long>(c.evicted_capacity + c.evicted_ttl),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    if (mismatch) {
        std::fprintf(stderr,
                     "prefixlens: --verify: cached logits differ from a full recompute "
                     "by more than the tolerance (3e-4, or 2e-5 of the largest logit)\n");
        return finish(*engine, 1);
    }
    return finish(*engine, 0);
}

}  // namespace pl::cli
