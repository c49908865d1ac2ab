#include "runner/policy_sim.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "cache/prefix_cache.h"
#include "cache/radix_cache.h"
#include "lint/cache_cost.h"
#include "lint/provider_cache.h"
#include "prompt/renderer.h"

namespace pl {

const char* policy_name(CachePolicy policy) {
    switch (policy) {
        case CachePolicy::Vllm:
            return "vllm";
        case CachePolicy::Radix:
            return "radix";
        case CachePolicy::Anthropic:
            return "anthropic";
        case CachePolicy::OpenAI:
            return "openai";
        case CachePolicy::Gemini:
            return "gemini";
        case CachePolicy::Bedrock:
            return "bedrock";
        case CachePolicy::DeepSeek:
            return "deepseek";
    }
    return "vllm";
}

std::optional<CachePolicy> parse_policy(std::string_view name) {
    for (CachePolicy p : kAllPolicies) {
        if (name == policy_name(p))
            return p;
    }
    return std::nullopt;
}

const char* policy_note_name(PolicyNote note) {
    switch (note) {
        case PolicyNote::None:
            return "";
        case PolicyNote::BelowMinimum:
            return "below-minimum";
        case PolicyNote::NoBreakpoint:
            return "no-breakpoint";
        case PolicyNote::TooManyBreakpoints:
            return "too-many-breakpoints";
        case PolicyNote::NotStored:
            return "not-stored";
        case PolicyNote::NoImplicitCache:
            return "no-implicit-cache";
    }
    return "";
}

namespace {

// The text of the last user message: a string, or its text blocks joined.
std::string last_user_text(const ojson& body) {
    if (!body.is_object() || !body.contains("messages") || !body["messages"].is_array())
        return {};
    const ojson& msgs = body["messages"];
    for (auto it = msgs.rbegin(); it != msgs.rend(); ++it) {
        if (!it->is_object() || it->value("role", "") != "user" || !it->contains("content"))
            continue;
        const ojson& c = (*it)["content"];
        if (c.is_string())
            return c.get<std::string>();
        std::string text;
        if (c.is_array()) {
            for (const ojson& b : c) {
                if (b.is_object() && b.value("type", "") == "text" && b.contains("text") &&
                    b["text"].is_string())
                    text += (text.empty() ? "" : "\n") + b["text"].get<std::string>();
            }
        }
        return text;
    }
    return {};
}

std::map<std::string, int> word_counts(const std::string& text) {
    std::map<std::string, int> out;
    std::string word;
    for (const char ch : text + " ") {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c >= 0x80) {
            word += static_cast<char>(c < 0x80 ? std::tolower(c) : c);
        } else if (!word.empty()) {
            ++out[word];
            word.clear();
        }
    }
    return out;
}

}  // namespace

double word_cosine(const std::string& a, const std::string& b) {
    const auto wa = word_counts(a), wb = word_counts(b);
    double dot = 0, na = 0, nb = 0;
    for (const auto& [w, n] : wa) {
        na += static_cast<double>(n) * n;
        auto it = wb.find(w);
        if (it != wb.end())
            dot += static_cast<double>(n) * it->second;
    }
    for (const auto& [w, n] : wb)
        nb += static_cast<double>(n) * n;
    return na > 0 && nb > 0 ? dot / std::sqrt(na * nb) : 0.0;
}

Result<PolicyTrace> make_policy_trace(const Scenario& scenario, const GptConfig& config,
                                      const BpeTokenizer& tokenizer,
                                      const std::vector<RequestResult>& results) {
    PolicyTrace trace;
    trace.scenario = scenario.name;
    trace.block_size = scenario.block_size;
    trace.capacity_blocks = scenario.capacity_blocks;
    trace.ttl_s = scenario.ttl_s;
    trace.config = config;
    SegmentTokenCache cache(tokenizer);
    for (std::size_t i = 0; i < scenario.requests.size(); ++i) {
        const ScenarioRequest& req = scenario.requests[i];
        // A run without the model (RunnerOptions::cache_only) took prompts past the context.
        const bool cache_only = i < results.size() && results[i].cache_only;
        auto rendered = render_request(
            req.body, Provider::Anthropic, cache, req.where,
            static_cast<std::size_t>(cache_only ? kMaxCacheOnlyTokens : config.n_positions));
        if (!rendered)
            return rendered.error();
        cache.next_request();
        TraceRequest t;
        t.at_s = req.at_s;
        t.session = req.session;
        t.salt = req.salt;
        t.rendered = std::move(rendered.value());
        const int prompt = t.rendered.size();
        // As RequestRunner::admit: the output stops at the end of the context.
        t.reserve_tokens =
            std::max(0, std::min(req.max_tokens, config.n_positions - prompt + 1) - 1);
        if (i < results.size()) {
            t.output = results[i].output;
            t.answer = results[i].output_text;
        }
        t.question = last_user_text(req.body);
        if (req.body.is_object() && req.body.contains("model") && req.body["model"].is_string())
            t.model = req.body["model"].get<std::string>();
        t.openai_body = detect_provider(req.body) == Provider::OpenAI;
        trace.requests.push_back(std::move(t));
    }
    return trace;
}

namespace {

// Consecutive requests at the same time from distinct sessions run together, as
// RequestRunner::play groups them: all are admitted before any finishes.
std::vector<std::pair<std::size_t, std::size_t>> concurrent_groups(const PolicyTrace& trace) {
    std::vector<std::pair<std::size_t, std::size_t>> groups;
    const auto& reqs = trace.requests;
    std::size_t i = 0;
    while (i < reqs.size()) {
        std::size_t j = i + 1;
        while (j < reqs.size() && reqs[j].at_s == reqs[i].at_s) {
            bool same_session = false;
            for (std::size_t k = i; k < j; ++k)
                same_session |= reqs[k].session == reqs[j].session;
            if (same_session)
                break;
            ++j;
        }
        groups.emplace_back(i, j);
        i = j;
    }
    return groups;
}

std::optional<std::string_view> salt_of(const TraceRequest& r) {
    if (r.salt)
        return std::string_view(*r.salt);
    return std::nullopt;
}

std::string anthropic_model(const TraceRequest& r, const lint::LintTables& tables) {
    return !r.model.empty() && !r.openai_body ? r.model : tables.anthropic.default_model;
}

// Self-hosted engines bill no one. Choice: price their reuse as a provider that passed it on at
// the read price with no write premium would, at the Anthropic row of the request's model, so
// that the four columns are in one currency.
void price_self_hosted(PolicyRequest& out, const TraceRequest& r, const lint::LintTables& tables) {
    const std::string model = anthropic_model(r, tables);
    const lint::InputPrices prices = tables.input_prices(Provider::Anthropic, model);
    out.price_model = prices.name;
    out.cost_usd = prices.cost_usd(out.computed_tokens, 0, out.reused_tokens);
    out.uncached_cost_usd = prices.cost_usd(out.prompt_tokens, 0, 0);
}

PolicyRequest base_result(const PolicyTrace& trace, std::size_t index, CachePolicy policy) {
    PolicyRequest out;
    out.request = static_cast<int>(index);
    out.policy = policy;
    out.prompt_tokens = trace.requests[index].rendered.size();
    return out;
}

// The runner's order on a self-hosted engine: the requests of each concurrent group are admitted
// in turn and all finish (their outputs' KV stored) before the next group starts.
// `admit(k, others, flush)` admits request k and returns the handle `finish(k, handle)` later
// takes; with others running and no room for k, it calls flush() to queue k behind them.
template <class Handle, class Admit, class Finish>
Result<void> play_groups(const PolicyTrace& trace, const Admit& admit, const Finish& finish) {
    std::vector<std::pair<std::size_t, Handle>> running;
    auto flush = [&]() -> Result<void> {
        for (const auto& [index, handle] : running)
            PL_TRY(finish(index, handle));
        running.clear();
        return {};
    };
    for (const auto& [first, last] : concurrent_groups(trace)) {
        for (std::size_t k = first; k < last; ++k) {
            Result<Handle> handle = admit(k, !running.empty(), flush);
            if (!handle)
                return handle.error();
            running.emplace_back(k, handle.value());
        }
        PL_TRY(flush());
    }
    return {};
}

Result<std::vector<PolicyRequest>> simulate_vllm(const PolicyTrace& trace,
                                                 const lint::LintTables& tables,
                                                 const PolicyOptions& options) {
    auto created = PrefixCache::create(trace.capacity_blocks, trace.block_size, trace.ttl_s);
    if (!created)
        return created.error();
    PrefixCache cache = std::move(created.value());
    std::vector<PolicyRequest> out(trace.requests.size());
    auto admit = [&](std::size_t k, bool others, const auto& flush) -> Result<SequenceId> {
        const TraceRequest& r = trace.requests[k];
        const std::vector<int32_t>& tokens = r.rendered.rendered.tokens;
        auto adm = cache.begin(tokens, salt_of(r), r.at_s, r.reserve_tokens);
        if (!adm && others && cache.num_running() > 0) {
            PL_TRY(flush());  // the runner queues it behind the others of its group
            adm = cache.begin(tokens, salt_of(r), r.at_s, r.reserve_tokens);
        }
        if (!adm)
            return adm.error();
        PolicyRequest& res = out[k];
        res = base_result(trace, k, CachePolicy::Vllm);
        res.reused_tokens = adm->cached_tokens;
        res.computed_tokens = adm->computed_tokens();
        for (const PromptBlock& b : adm->blocks) {
            if (b.state == PromptBlockState::Computed)
                res.written_tokens += b.num_tokens;
        }
        res.evicted_tokens = static_cast<int>(adm->evicted.size()) * trace.block_size;
        auto committed = cache.commit(adm->sequence, res.prompt_tokens, r.at_s);
        if (!committed)
            return committed.error();
        return adm->sequence;
    };
    auto finish = [&](std::size_t k, SequenceId seq) -> Result<void> {
        const TraceRequest& r = trace.requests[k];
        PolicyRequest& res = out[k];
        int pos = r.rendered.size();
        // The runner appends every sampled token but the last before computing its KV.
        for (std::size_t i = 0; i + 1 < r.output.size(); ++i) {
            auto app = cache.append_token(seq, r.output[i], r.at_s);
            if (!app)
                return app.error();
            res.evicted_tokens += static_cast<int>(app->evicted.size()) * trace.block_size;
            ++pos;
            auto committed = cache.commit(seq, pos, r.at_s);
            if (!committed)
                return committed.error();
        }
        return cache.release(seq, r.at_s);
    };
    PL_TRY(play_groups<SequenceId>(trace, admit, finish));
    for (std::size_t k = 0; k < out.size(); ++k) {
        PolicyRequest& res = out[k];
        res.ttft_ms =
            options.cost_model.ttft_ms(trace.config, res.reused_tokens, res.computed_tokens);
        price_self_hosted(res, trace.requests[k], tables);
    }
    return out;
}

Result<std::vector<PolicyRequest>> simulate_radix(const PolicyTrace& trace,
                                                  const lint::LintTables& tables,
                                                  const PolicyOptions& options) {
    auto created = RadixCache::create(trace.capacity_blocks * trace.block_size);
    if (!created)
        return created.error();
    RadixCache cache = std::move(created.value());
    std::vector<PolicyRequest> out(trace.requests.size());
    auto admit = [&](std::size_t k, bool others, const auto& flush) -> Result<int64_t> {
        const TraceRequest& r = trace.requests[k];
        const std::vector<int32_t>& tokens = r.rendered.rendered.tokens;
        auto adm = cache.begin(tokens, salt_of(r), r.reserve_tokens);
        if (!adm)
            return adm.error();
        if (!adm->stored && others) {
            // No room beside the others of its group: queue it behind them, as vLLM's.
            PL_TRY(cache.finish(adm->handle, tokens));
            PL_TRY(flush());
            adm = cache.begin(tokens, salt_of(r), r.reserve_tokens);
            if (!adm)
                return adm.error();
        }
        PolicyRequest& res = out[k];
        res = base_result(trace, k, CachePolicy::Radix);
        res.reused_tokens = adm->cached_tokens;
        res.computed_tokens = res.prompt_tokens - res.reused_tokens;
        res.written_tokens = adm->inserted_tokens;
        res.evicted_tokens = adm->evicted_tokens;
        if (!adm->stored)
            res.note = PolicyNote::NotStored;
        auto snap = std::make_shared<RadixSnapshot>();
        snap->nodes = cache.nodes();
        snap->matched_path = cache.path(tokens, salt_of(r), res.reused_tokens);
        if (adm->stored)
            snap->prompt_path = cache.path(tokens, salt_of(r), res.prompt_tokens);
        snap->capacity_tokens = cache.capacity_tokens();
        snap->size_tokens = cache.size_tokens();
        res.radix = std::move(snap);
        res.ttft_ms =
            options.cost_model.ttft_ms(trace.config, res.reused_tokens, res.computed_tokens);
        price_self_hosted(res, r, tables);
        return adm->handle;
    };
    auto finish = [&](std::size_t k, int64_t handle) -> Result<void> {
        const TraceRequest& r = trace.requests[k];
        std::vector<int32_t> seq = r.rendered.rendered.tokens;
        const std::size_t with_kv =
            std::min(r.output.empty() ? 0 : r.output.size() - 1,
                     static_cast<std::size_t>(std::max(0, r.reserve_tokens)));
        seq.insert(seq.end(), r.output.begin(),
                   r.output.begin() + static_cast<std::ptrdiff_t>(with_kv));
        auto added = cache.finish(handle, seq);
        if (!added)
            return added.error();
        return {};
    };
    PL_TRY(play_groups<int64_t>(trace, admit, finish));
    return out;
}

Result<std::vector<PolicyRequest>> simulate_api(CachePolicy policy, const PolicyTrace& trace,
                                                const lint::LintTables& tables,
                                                const PolicyOptions& options) {
    const Provider provider =
        policy == CachePolicy::Anthropic ? Provider::Anthropic : Provider::OpenAI;
    // A salt stands for another organisation: its requests never share a cache with ours.
    std::map<std::string, lint::CacheCostModel> caches;
    std::vector<PolicyRequest> out;
    for (std::size_t k = 0; k < trace.requests.size(); ++k) {
        const TraceRequest& r = trace.requests[k];
        PolicyRequest res = base_result(trace, k, policy);
        std::string model;
        if (provider == Provider::Anthropic)
            model = anthropic_model(r, tables);
        else
            model = r.openai_body && !r.model.empty() ? r.model : tables.openai.default_model;
        const int min_tokens = tables.min_tokens(provider, model);
        const lint::InputPrices prices = tables.input_prices(provider, model);
        res.price_model = prices.name;
        res.min_tokens = min_tokens;
        res.uncached_cost_usd = prices.cost_usd(res.prompt_tokens, 0, 0);
        const std::vector<Breakpoint>& bps = r.rendered.breakpoints;
        if (provider == Provider::Anthropic &&
            static_cast<int>(bps.size()) > tables.rules.anthropic.max_breakpoints) {
            res.rejected = true;
            res.note = PolicyNote::TooManyBreakpoints;
            res.computed_tokens = res.prompt_tokens;  // nothing read; nothing billed either
            out.push_back(std::move(res));
            continue;
        }
        // One cache per tenant; requests whose models differ in minimum length get their own,
        // as the cost model takes one minimum.
        const std::string key = r.salt.value_or("") + '\n' + std::to_string(min_tokens);
        auto it = caches.find(key);
        if (it == caches.end()) {
            it = caches
                     .emplace(std::piecewise_construct, std::forward_as_tuple(key),
                              std::forward_as_tuple(provider, tables, min_tokens,
                                                    tables.rules.openai.retention_default_s))
                     .first;
        }
        const lint::RequestUsage u = it->second.add(r.rendered, model, r.at_s);
        res.reused_tokens = u.cache_read_input_tokens;
        res.written_tokens = u.cache_creation_input_tokens;
        res.computed_tokens = res.prompt_tokens - res.reused_tokens;
        res.cost_usd = u.usd;
        if (provider == Provider::Anthropic && bps.empty()) {
            res.note = PolicyNote::NoBreakpoint;
        } else if (res.reused_tokens == 0 && res.written_tokens == 0) {
            bool any_long = false;
            if (provider == Provider::Anthropic) {
                for (const Breakpoint& bp : bps)
                    any_long |= bp.token >= min_tokens;
            } else {
                any_long = res.prompt_tokens >= min_tokens;
            }
            if (!any_long)
                res.note = PolicyNote::BelowMinimum;
        }
        res.ttft_ms =
            options.cost_model.ttft_ms(trace.config, res.reused_tokens, res.computed_tokens);
        out.push_back(std::move(res));
    }
    return out;
}

// Gemini, Bedrock and DeepSeek (lint/provider_cache.h). Each prices the request's model when its
// table names that model, else the table's default model (`--pricing FILE` may change it): a
// scenario's body names no model, or an Anthropic one, which on Bedrock is Claude on Bedrock.
Result<std::vector<PolicyRequest>> simulate_provider(CachePolicy policy, const PolicyTrace& trace,
                                                     const lint::LintTables& tables,
                                                     const PolicyOptions& options) {
    const Provider provider = policy == CachePolicy::Gemini    ? Provider::Gemini
                              : policy == CachePolicy::Bedrock ? Provider::Bedrock
                                                               : Provider::DeepSeek;
    // A salt stands for another organisation: its requests never share a cache with ours.
    std::map<std::string, lint::ProviderCacheModel> caches;
    std::vector<PolicyRequest> out;
    for (std::size_t k = 0; k < trace.requests.size(); ++k) {
        const TraceRequest& r = trace.requests[k];
        const std::string model = !r.model.empty() && tables.price_match(provider, r.model).known
                                      ? r.model
                                      : tables.prices(provider).default_model;
        auto it = caches.try_emplace(r.salt.value_or(""), provider, tables).first;
        const auto o = it->second.add(r.rendered, model, r.at_s, r.output);
        PolicyRequest res = base_result(trace, k, policy);
        res.price_model = o.price_model;
        res.min_tokens = o.min_tokens;
        res.note = o.note;
        res.rejected = o.rejected;
        res.reused_tokens = o.usage.cache_read_input_tokens;
        // Billed cache writes (Bedrock's); Gemini and DeepSeek store without a write charge, and
        // report none, as OpenAI.
        res.written_tokens = o.usage.cache_creation_input_tokens;
        res.computed_tokens = res.prompt_tokens - res.reused_tokens;
        res.cost_usd = o.usage.usd;
        res.uncached_cost_usd =
            tables.input_prices(provider, model).cost_usd(res.prompt_tokens, 0, 0);
        res.ttft_ms =
            options.cost_model.ttft_ms(trace.config, res.reused_tokens, res.computed_tokens);
        out.push_back(std::move(res));
    }
    return out;
}

}  // namespace

Result<std::vector<PolicyRequest>> simulate_policy(CachePolicy policy, const PolicyTrace& trace,
                                                   const lint::LintTables& tables,
                                                   const PolicyOptions& options) {
    if (trace.block_size < 1 || trace.capacity_blocks < 1)
        return make_error(trace.scenario + ": block size and capacity must be positive");
    switch (policy) {
        case CachePolicy::Vllm:
            return simulate_vllm(trace, tables, options);
        case CachePolicy::Radix:
            return simulate_radix(trace, tables, options);
        case CachePolicy::Anthropic:
        case CachePolicy::OpenAI:
            return simulate_api(policy, trace, tables, options);
        case CachePolicy::Gemini:
        case CachePolicy::Bedrock:
        case CachePolicy::DeepSeek:
            return simulate_provider(policy, trace, tables, options);
    }
    return make_error("unknown caching policy");
}

Result<PolicyComparison> compare_policies(const PolicyTrace& trace, const lint::LintTables& tables,
                                          const PolicyOptions& options) {
    PolicyComparison cmp;
    cmp.scenario = trace.scenario;
    for (CachePolicy p : kAllPolicies) {
        auto res = simulate_policy(p, trace, tables, options);
        if (!res)
            return res.error();
        cmp.by_policy[static_cast<std::size_t>(p)] = std::move(res.value());
    }
    // The semantic contrast: each question against every earlier one of the same tenant.
    cmp.semantic_threshold = kSemanticThreshold;
    for (std::size_t i = 0; i < trace.requests.size(); ++i) {
        const TraceRequest& r = trace.requests[i];
        SemanticLookup s;
        s.request = static_cast<int>(i);
        s.question = r.question;
        for (std::size_t j = 0; j < i && !r.question.empty(); ++j) {
            const TraceRequest& e = trace.requests[j];
            if (e.salt != r.salt || e.question.empty())
                continue;
            const double sim = word_cosine(r.question, e.question);
            if (sim > s.similarity || s.nearest < 0) {
                s.similarity = sim;
                s.nearest = static_cast<int>(j);
                s.nearest_question = e.question;
                s.answer = e.answer;
            }
        }
        s.hit = s.nearest >= 0 && s.similarity >= kSemanticThreshold;
        cmp.semantic.push_back(std::move(s));
    }
    return cmp;
}

}  // namespace pl
