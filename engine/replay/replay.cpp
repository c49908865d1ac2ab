#include "replay/replay.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <unordered_map>

#include "cache/prefix_cache.h"
#include "cache/radix_cache.h"
#include "count/token_counting.h"
#include "lint/cache_cost.h"
#include "lint/lint_report.h"
#include "lint/provider_cache.h"
#include "lint/rule_context.h"
#include "prompt/renderer.h"

namespace pl::lint {

double ReplaySummary::hit_rate() const {
    return prompt_tokens > 0
               ? static_cast<double>(reused_tokens) / static_cast<double>(prompt_tokens)
               : 0.0;
}

namespace {

ojson count_or_null(long long v) {
    return v >= 0 ? ojson(v) : ojson(nullptr);
}

// How a prompt's tokens split under a policy.
struct Split {
    int reused = 0;
    int written = 0;
    int uncached = 0;
    int written_1h = 0;  // Anthropic: of the written, at the 1-hour TTL
};

// What could explain the provider reading less (or more) than the emulation says.
std::vector<std::string> explanations(Provider prov, long long expected, long long reported,
                                      int min_tokens, const std::string& counting) {
    std::vector<std::string> out;
    if (reported < expected) {
        out.push_back("the model's minimum cacheable length is higher than the " +
                      std::to_string(min_tokens) + " tokens assumed");
        out.emplace_back("the cache entry lived shorter than the TTL asked for");
        out.emplace_back("another workspace or API key (a separate cache)");
        out.emplace_back("the request was routed to another server or region");
        if (prov == Provider::OpenAI)
            out.emplace_back("the prompt_cache_key changed or was missing");
    } else {
        if (counting != "exact")
            out.emplace_back("the token counts here are " + counting +
                             " (the provider's tokenizer is not public)");
        out.emplace_back("a request outside this log had cached the prefix");
    }
    return out;
}

}  // namespace

ojson replay_row_json(const ReplayRow& r) {
    ojson j = ojson::object();
    j["request"] = r.request;
    j["file"] = r.file;
    j["line"] = r.line;
    j["conversation"] = r.conversation;
    j["provider"] = provider_name(r.provider);
    j["model"] = r.model;
    j["prompt_tokens"] = r.prompt_tokens;
    j["counting"] = r.counting;
    j["reused_tokens"] = r.reused_tokens;
    j["written_tokens"] = r.written_tokens;
    j["uncached_tokens"] = r.uncached_tokens;
    j["diverged_at"] = r.diverged_at ? ojson(*r.diverged_at) : ojson(nullptr);
    j["cause"] = r.cause.empty() ? ojson(nullptr) : ojson(r.cause);
    if (!r.cause.empty() && !r.cause_detail.empty())
        j["cause_detail"] = r.cause_detail;
    if (r.reported) {
        j["reported"] = {{"input_tokens", count_or_null(r.reported->input_tokens)},
                         {"cache_read_tokens", count_or_null(r.reported->cache_read_tokens)},
                         {"cache_write_tokens", count_or_null(r.reported->cache_write_tokens)}};
        if (!r.reported->miss_reason.empty())
            j["reported"]["miss_reason"] = r.reported->miss_reason;
    } else
        j["reported"] = nullptr;
    j["cost_usd"] = r.cost_usd;
    j["uncached_cost_usd"] = r.uncached_cost_usd;
    j["leaked_usd"] = r.leaked_usd;
    if (r.disagreement)
        j["disagreement"] = {{"expected_reused", r.disagreement->expected_reused},
                             {"reported_reused", r.disagreement->reported_reused},
                             {"explanations", r.disagreement->explanations}};
    return j;
}

ojson replay_summary_json(const ReplaySummary& s) {
    ojson j = ojson::object();
    j["requests"] = s.requests;
    j["conversations"] = s.conversations.size();
    j["prompt_tokens"] = s.prompt_tokens;
    j["reused_tokens"] = s.reused_tokens;
    j["hit_rate"] = s.hit_rate();
    j["cost_usd"] = s.cost_usd;
    j["uncached_cost_usd"] = s.uncached_cost_usd;
    j["reported_cost_usd"] = s.reported_cost_usd ? ojson(*s.reported_cost_usd) : ojson(nullptr);
    j["reported_requests"] = s.reported_requests;
    j["leaked_usd"] = s.leaked_usd;
    j["disagreements"] = s.disagreements;
    j["policy"] = policy_name(s.policy);
    if (s.policy == CachePolicy::Vllm)
        j["block_size"] = kReplayBlockSize;
    // Without counters every count is the built-in tokenizer's: an estimate.
    j["token_counts"] = s.counting.empty() ? "estimate" : overall_counting(s.counting);
    j["counting"] = counting_json(s.counting);
    j["tokenizer"] = s.tokenizer;
    j["input_errors"] = s.input_errors.size();
    return ojson{{"summary", std::move(j)}};
}

std::string replay_counting_text(const ReplaySummary& s) {
    if (s.counting.empty())
        return "token counts are an estimate (" + s.tokenizer + ")";
    std::string out = "tokens counted ";
    bool first = true;
    for (const auto& [provider, info] : s.counting) {
        out += first ? "" : "; ";
        first = false;
        out += "for " + provider + ": ";
        if (info.method == "exact") {
            out += "exact (" + info.tokenizer + ")";
        } else {
            char pct[16];
            std::snprintf(pct, sizeof pct, "%.0f%%", info.error * 100.0);
            out += (info.method == "calibrated" ? "calibrated from the log's usage (+-"
                                                : "estimate (+-") +
                   std::string(pct) + ", by " + info.tokenizer + ")";
        }
    }
    return out;
}

std::string format_replay_text(const ReplaySummary& s) {
    auto money = [](double usd) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "$%.4f", usd);
        return std::string(buf);
    };
    auto percent = [](long long part, long long whole) {
        char buf[16];
        std::snprintf(
            buf, sizeof buf, "%.1f%%",
            whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
        return std::string(buf);
    };
    std::string out = "replay: " + std::to_string(s.requests) + " request" +
                      (s.requests == 1 ? "" : "s") + ", " + std::to_string(s.conversations.size()) +
                      " conversation" + (s.conversations.size() == 1 ? "" : "s") + ", policy " +
                      policy_name(s.policy);
    if (s.policy == CachePolicy::Vllm)
        out += " (" + std::to_string(kReplayBlockSize) + "-token blocks)";
    out += "\n" + replay_counting_text(s) + "\n\n";
    char line[256];
    std::snprintf(line, sizeof line, "%-14s %8s %9s %12s %12s  %s\n", "conversation", "requests",
                  "hit rate", "cost", "leaked", "top causes");
    out += line;
    for (const ReplayConversation& c : s.conversations) {
        std::vector<std::pair<std::string, int>> causes(c.causes.begin(), c.causes.end());
        std::stable_sort(causes.begin(), causes.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
        std::string top;
        for (std::size_t k = 0; k < causes.size() && k < 3; ++k)
            top += (k ? ", " : "") + causes[k].first + " x" + std::to_string(causes[k].second);
        std::snprintf(line, sizeof line, "%-14s %8d %9s %12s %12s  %s\n", c.id.c_str(), c.requests,
                      percent(c.reused_tokens, c.prompt_tokens).c_str(), money(c.cost_usd).c_str(),
                      money(c.leaked_usd).c_str(), top.empty() ? "-" : top.c_str());
        out += line;
    }
    std::snprintf(line, sizeof line, "%-14s %8d %9s %12s %12s\n", "total", s.requests,
                  percent(s.reused_tokens, s.prompt_tokens).c_str(), money(s.cost_usd).c_str(),
                  money(s.leaked_usd).c_str());
    out += line;
    out += "\nwithout caching: " + money(s.uncached_cost_usd);
    if (s.reported_cost_usd)
        out += "; as the provider reported for the " + std::to_string(s.reported_requests) +
               " request" + (s.reported_requests == 1 ? "" : "s") +
               " that carry usage: " + money(*s.reported_cost_usd);
    if (s.disagreements > 0)
        out += "; " + std::to_string(s.disagreements) + " request" +
               (s.disagreements == 1 ? "" : "s") + " reported a reuse far from the emulation";
    out += "\n";
    return out;
}

namespace {

// The provider's own caching policy: a log is replayed as its provider would have cached it.
CachePolicy own_policy(Provider p) {
    switch (p) {
        case Provider::OpenAI:
            return CachePolicy::OpenAI;
        case Provider::Gemini:
            return CachePolicy::Gemini;
        case Provider::Bedrock:
            return CachePolicy::Bedrock;
        case Provider::DeepSeek:
            return CachePolicy::DeepSeek;
        case Provider::Anthropic:
            break;
    }
    return CachePolicy::Anthropic;
}

}  // namespace

struct Replayer::Impl {
    const LintTables& tables;
    ReplayOptions opts;
    std::function<void(const ReplayRow&)> on_row;
    Linter linter;
    CachePolicy policy = CachePolicy::Anthropic;  // resolved at the first request
    bool resolved = false;
    std::unique_ptr<CacheCostModel> cost_model;
    std::unique_ptr<ProviderCacheModel> provider_cache;  // gemini, bedrock, deepseek
    std::optional<PrefixCache> vllm;
    std::optional<RadixCache> radix;
    double clock = 0.0;
    // A 64-bit hash of the grouping key -> index: a million conversations in tens of MB.
    std::unordered_map<std::size_t, std::size_t> conversation_of;
    std::vector<double> last_at;  // per conversation: when its previous request was sent
    ReplaySummary summary;

    Impl(const BpeTokenizer& tok, const LintTables& tb, ReplayOptions o,
         std::function<void(const ReplayRow&)> cb)
        : tables(tb), opts(o), on_row(std::move(cb)), linter(tok, tb, lint_options(o)) {
        linter.set_group_conversations(true);
        if (o.counters)
            linter.set_counters(o.counters);
        linter.set_observer([this](const RequestTrace& t) { replay(t); });
    }

    static LintOptions lint_options(const ReplayOptions& o) {
        LintOptions l;
        l.provider = o.provider;
        l.estimate_cost = false;  // the policy's own cache costs each request
        l.group_conversations = true;
        return l;
    }

    Provider priced_as(Provider request) const {
        switch (policy) {
            case CachePolicy::Anthropic:
                return Provider::Anthropic;
            case CachePolicy::OpenAI:
                return Provider::OpenAI;
            case CachePolicy::Gemini:
                return Provider::Gemini;
            case CachePolicy::Bedrock:
                return Provider::Bedrock;
            case CachePolicy::DeepSeek:
                return Provider::DeepSeek;
            default:
                return request;
        }
    }
    double cost_of(const InputPrices& prices, const Split& s) const;
    // The log's own model at its own input price, billed by `rules`' cache discounts (and
    // Anthropic's write premium): an Anthropic log under the openai policy is the same model with
    // OpenAI's caching, not OpenAI's default model. Uncached, it costs the same under every
    // policy, so the policies' curves and "no cache" compare.
    InputPrices priced_with_rules_of(Provider rules, Provider own, const std::string& model) const {
        InputPrices p = tables.input_prices(rules, model);
        if (rules == own)
            return p;
        const InputPrices home = tables.input_prices(own, model);
        if (p.input > 0)
            p.cached_input = home.input * (p.cached_input / p.input);
        p.input = home.input;
        p.name = home.name;
        return p;
    }
    Split play(const RequestTrace& t, int min_tokens);
    // Under the gemini policy: a cachedContents.create record (its contents written to a cache
    // of their own, kept for its ttl at the storage price) or a request that reads such a cache
    // (the cache's tokens read at the cached price, before the request's own). Null otherwise.
    std::optional<Split> play_explicit(const RequestTrace& t, int& prompt_tokens,
                                       double& storage_usd);
    int reusable(const RequestTrace& t, int min_tokens) const;
    // Whether the policy's own cache lifetime passed between the conversation's previous
    // request and this one (an Anthropic log's 1-hour breakpoint means nothing to OpenAI).
    bool expired_under_policy(const RequestTrace& t, double gap_s) const;
    void replay(const RequestTrace& t);
};

// USD: the provider's bill for the anthropic and openai policies; a self-hosted cache has no
// write premium, so vllm and radix price reused tokens at the cache-read price, the rest at the
// base price.
double Replayer::Impl::cost_of(const InputPrices& prices, const Split& s) const {
    if (policy == CachePolicy::Anthropic || policy == CachePolicy::Bedrock)
        return prices.cost_usd_by_ttl(s.uncached, s.written, s.written_1h, s.reused);
    return prices.cost_usd(s.uncached + s.written, 0, s.reused);
}

Split Replayer::Impl::play(const RequestTrace& t, int min_tokens) {
    const RenderedRequest& p = *t.prompt;
    const int n = p.size();
    const double at = t.input->at_s.value_or(0.0);
    Split s;
    if (policy == CachePolicy::Anthropic || policy == CachePolicy::OpenAI) {
        const Provider prov = priced_as(t.provider);
        if (!cost_model) {
            const double ttl = prov == Provider::OpenAI ? openai_retention_s(t.input->body) : 300;
            cost_model = std::make_unique<CacheCostModel>(prov, tables, min_tokens, ttl);
        }
        // Each model has a cache of its own (and its own minimum): a switch reads nothing.
        cost_model->set_min_tokens(min_tokens);
        const RequestUsage u = cost_model->add(p, t.model, at, model_cache_variant(t.model), 0);
        s.reused = u.cache_read_input_tokens;
        if (prov == Provider::Anthropic) {
            s.written = u.cache_creation_input_tokens;
            s.written_1h = u.cache_creation_1h_input_tokens;
        } else {
            // OpenAI bills no write, but it stores the cacheable prefix it did not read.
            const ProviderPrices& pp = tables.prices(Provider::OpenAI);
            s.written = std::max(0, openai_cacheable(n, pp.min_cached, pp.increment) - s.reused);
        }
    } else if (policy == CachePolicy::Gemini || policy == CachePolicy::Bedrock ||
               policy == CachePolicy::DeepSeek) {
        if (!provider_cache)
            provider_cache = std::make_unique<ProviderCacheModel>(priced_as(t.provider), tables);
        const auto o = provider_cache->add(p, t.model, at, {}, model_cache_variant(t.model));
        s.reused = o.usage.cache_read_input_tokens;
        // Bedrock bills its writes; Gemini and DeepSeek store unbilled, as OpenAI.
        s.written =
            policy == CachePolicy::Bedrock ? o.usage.cache_creation_input_tokens : o.stored_tokens;
        s.written_1h = o.usage.cache_creation_1h_input_tokens;
    } else if (policy == CachePolicy::Vllm) {
        if (!vllm) {
            auto c = PrefixCache::create(opts.vllm_capacity_blocks, kReplayBlockSize);
            if (c)
                vllm.emplace(std::move(c.value()));
        }
        clock = std::max(clock, at);
        if (vllm) {
            const std::span<const int32_t> tokens(p.rendered.tokens);
            if (auto adm = vllm->begin(tokens, t.model, clock); adm) {
                s.reused = adm->cached_tokens;
                if (auto c = vllm->commit(adm->sequence, n, clock); c) {
                    for (const StoredBlock& b : c->stored)
                        s.written += b.registered ? kReplayBlockSize : 0;
                }
                (void)vllm->release(adm->sequence, clock);
            }
        }
    } else {
        if (!radix) {
            auto c = RadixCache::create(opts.radix_capacity_tokens);
            if (c)
                radix.emplace(std::move(c.value()));
        }
        if (radix) {
            const std::span<const int32_t> tokens(p.rendered.tokens);
            if (auto adm = radix->begin(tokens, t.model, 0); adm) {
                s.reused = adm->cached_tokens;
                s.written = adm->stored ? adm->inserted_tokens : 0;
                (void)radix->finish(adm->handle, tokens);
            }
        }
    }
    s.reused = std::clamp(s.reused, 0, n);
    s.written = std::clamp(s.written, 0, n - s.reused);
    s.uncached = n - s.reused - s.written;
    return s;
}

std::optional<Split> Replayer::Impl::play_explicit(const RequestTrace& t, int& prompt_tokens,
                                                   double& storage_usd) {
    if (policy != CachePolicy::Gemini || t.provider != Provider::Gemini)
        return std::nullopt;
    const int n = t.prompt->size();
    if (!t.input->created_cache.empty()) {
        const double ttl = gemini_cache_ttl_s(t.input->body, tables);
        storage_usd =
            n * 1e-6 * tables.price(Provider::Gemini, t.model).storage_per_hour * (ttl / 3600.0);
        return Split{.written = n};
    }
    if (t.prompt->cached_content.empty())
        return std::nullopt;
    // Gemini puts the cache's contents before the request's own; a cache the log did not create
    // (or one past its ttl, which Gemini refuses) is read as nothing.
    if (t.explicit_cache_tokens < 0)
        return Split{.uncached = n};
    prompt_tokens = t.explicit_cache_tokens + n;
    return Split{.reused = t.explicit_cache_tokens, .uncached = n};
}

// What the policy would reuse had this prompt extended the part of the previous prompt of its
// conversation that the policy cached.
int Replayer::Impl::reusable(const RequestTrace& t, int min_tokens) const {
    if (!t.previous)
        return 0;
    const RenderedRequest& prev = *t.previous;
    const int n = t.prompt->size();
    switch (policy) {
        case CachePolicy::Anthropic:
        case CachePolicy::Bedrock:
            return std::min(last_valid_breakpoint(prev, min_tokens),
                            last_valid_breakpoint(*t.prompt, min_tokens));
        case CachePolicy::Gemini: {
            const int shared = std::min(prev.size(), n);
            return shared >= min_tokens ? shared : 0;
        }
        case CachePolicy::DeepSeek: {  // the previous request's unit at its user input's end
            const int unit = user_input_end(prev);
            return unit >= min_tokens ? std::min(unit, n) : 0;
        }
        case CachePolicy::OpenAI: {
            const ProviderPrices& pp = tables.prices(Provider::OpenAI);
            return openai_cacheable(std::min(prev.size(), n), pp.min_cached, pp.increment);
        }
        case CachePolicy::Vllm:
            return n > 0 ? std::min(prev.size() / kReplayBlockSize * kReplayBlockSize,
                                    (n - 1) / kReplayBlockSize * kReplayBlockSize)
                         : 0;
        default:
            return std::max(0, std::min(prev.size(), n - 1));
    }
}

bool Replayer::Impl::expired_under_policy(const RequestTrace& t, double gap_s) const {
    if (!t.previous || gap_s <= 0)
        return false;
    const Provider own = t.provider;
    switch (policy) {
        case CachePolicy::Anthropic:
            return own == Provider::Anthropic ? t.expired : false;
        case CachePolicy::Bedrock: {
            if (own == Provider::Bedrock)
                return t.expired;
            // Another log's breakpoints under Bedrock's lifetimes: its default, or the longer
            // one a breakpoint asks for where the model has it.
            const CacheRules rules = tables.cache_rules(Provider::Bedrock, t.model);
            double ttl = rules.ttl_default_s;
            for (const Breakpoint& bp : t.previous->breakpoints)
                if (bp.ttl_s > rules.ttl_default_s && rules.ttl_extended_s > 0)
                    ttl = std::max(ttl, std::min(bp.ttl_s, rules.ttl_extended_s));
            return gap_s > ttl;
        }
        case CachePolicy::OpenAI:
            return gap_s > openai_retention_s(t.input->body);
        case CachePolicy::Gemini:
            return gap_s > tables.cache_rules(Provider::Gemini, t.model).ttl_default_s;
        case CachePolicy::DeepSeek:
            return gap_s > tables.cache_rules(Provider::DeepSeek, t.model).ttl_default_s;
        default:
            return false;  // vllm, radix: no lifetime, only room
    }
}

void Replayer::Impl::replay(const RequestTrace& t) {
    if (!resolved) {
        resolved = true;
        policy = opts.policy.value_or(own_policy(t.provider));
        summary.policy = policy;
        summary.provider = t.provider;
    }
    const Provider prov = priced_as(t.provider);
    // The provider's own count of this prompt, where the log's usage gives it; the linter has
    // scaled a proxy count by it (or by the log's ratio so far, or a prior).
    const long long reported_total = t.input->usage ? reported_prompt_total(*t.input->usage) : -1;
    const count::Counter* counter = t.counter;
    const int counted = t.prompt->size();
    const double scale = t.scale;
    const std::string& counting = t.counting;
    const double counting_error = t.scale_error;
    if (counter)
        summary.counting[provider_id(t.provider)].add_request(counting, counter->tokenizer,
                                                              counting_error);
    const auto to_provider = [scale](long long v) {
        return static_cast<int>(std::llround(static_cast<double>(v) * scale));
    };
    // The policy plays in counted tokens: its thresholds (the provider's) are met there at
    // threshold / scale.
    const int provider_min = tables.min_tokens(prov, t.model);
    const int min_tokens = scale != 1.0 ? static_cast<int>(std::ceil(provider_min / scale))
                                        : (prov == t.provider ? t.min_tokens : provider_min);
    const InputPrices prices = priced_with_rules_of(prov, t.provider, t.model);
    int prompt_tokens = counted;
    double storage_usd = 0.0;
    const std::optional<Split> explicit_split = play_explicit(t, prompt_tokens, storage_usd);
    Split s = explicit_split ? *explicit_split : play(t, min_tokens);
    int ideal = explicit_split ? s.reused : reusable(t, min_tokens);
    if (scale != 1.0) {
        // The record's own total where it calibrated this request (scale * counted is it).
        const bool own_total =
            reported_total > 0 && !explicit_split &&
            std::abs(scale * counted - static_cast<double>(reported_total)) < 0.5;
        const int total = own_total ? static_cast<int>(reported_total) : to_provider(prompt_tokens);
        Split p;
        p.reused = std::min(total, to_provider(s.reused));
        p.written = std::min(total - p.reused, to_provider(s.written));
        p.written_1h = std::min(p.written, to_provider(s.written_1h));
        p.uncached = total - p.reused - p.written;
        s = p;
        ideal = std::min(total, to_provider(ideal));
        prompt_tokens = total;
    }

    // The conversation, and how long since its previous request.
    auto [conv_it, conv_added] = conversation_of.try_emplace(
        std::hash<std::string>{}(t.conversation), summary.conversations.size());
    if (conv_added) {
        summary.conversations.push_back({.id = "c" + std::to_string(conv_it->second + 1)});
        last_at.push_back(std::numeric_limits<double>::quiet_NaN());
    }
    const double at = t.input->at_s.value_or(0.0);
    const double prev_at = last_at[conv_it->second];
    const double gap_s = std::isnan(prev_at) ? 0.0 : at - prev_at;
    last_at[conv_it->second] = at;

    ReplayRow row;
    row.request = t.index;
    row.file = t.input->file;
    row.line = t.input->first_line;
    row.provider = t.provider;
    row.model = t.model;
    row.prompt_tokens = prompt_tokens;
    row.reused_tokens = s.reused;
    row.written_tokens = s.written;
    row.uncached_tokens = s.uncached;
    row.counting = counter ? counting : "exact";
    if (t.diverged_at >= 0)
        row.diverged_at = to_provider(t.diverged_at);
    row.cost_usd = cost_of(prices, s) + storage_usd;
    row.uncached_cost_usd = cost_of(prices, Split{.uncached = row.prompt_tokens});

    // A request that reused less than the policy allows: the rule that explains it, and what
    // reusing all of it would have saved. An explicit cache is read whole or not at all.
    if (s.reused < ideal) {
        const bool ttl_policy = policy != CachePolicy::Vllm && policy != CachePolicy::Radix;
        const int diverged = t.diverged_at >= 0 ? to_provider(t.diverged_at) : -1;
        const bool expired =
            policy == own_policy(t.provider) ? t.expired : expired_under_policy(t, gap_s);
        if (ttl_policy && expired) {
            row.cause = rule::kTtlGap;
            row.cause_detail = "the gap of " + std::to_string(std::llround(gap_s)) +
                               " s is longer than the " + policy_name(policy) +
                               " policy keeps a cache entry";
            row.expired_tokens = ideal - s.reused;
        } else if (diverged >= 0 && diverged < ideal) {
            row.cause = t.cause;
            row.cause_detail = t.cause_detail;
        } else if (policy == CachePolicy::Anthropic) {
            row.cause = rule::kBreakpointLookback;  // the entry was beyond its lookback
        }
        // Otherwise (vllm, radix) the blocks were evicted to make room: no rule's doing.
    }
    if (!row.cause.empty()) {
        Split best = s;
        const int more = ideal - s.reused;
        const int from_written = std::min(more, best.written);
        best.reused = ideal;
        best.written -= from_written;
        best.uncached -= more - from_written;
        best.written_1h = std::min(best.written_1h, best.written);
        row.leaked_usd = std::max(0.0, row.cost_usd - cost_of(prices, best));
    }

    if (const auto& u = t.input->usage) {
        ReplayReported r;
        r.cache_read_tokens = u->cache_read_input_tokens;
        r.cache_write_tokens = u->cache_creation_input_tokens;
        r.input_tokens = u->input_tokens;
        if (u->input_includes_cached && r.input_tokens >= 0)
            r.input_tokens = std::max(0LL, r.input_tokens - std::max(0LL, r.cache_read_tokens));
        r.miss_reason = u->miss_reason;
        row.reported = r;
        ++summary.reported_requests;
        const InputPrices own = tables.input_prices(t.provider, t.model);
        summary.reported_cost_usd =
            summary.reported_cost_usd.value_or(0.0) +
            own.cost_usd(std::max(0LL, r.input_tokens), std::max(0LL, r.cache_write_tokens),
                         std::max(0LL, r.cache_read_tokens));
        // Beyond the count's own error: a calibrated position may be off by counting_error.
        const long long tolerance = std::max(
            64LL, static_cast<long long>(std::ceil((0.05 + counting_error) * row.prompt_tokens)));
        if (r.cache_read_tokens >= 0 && std::llabs(r.cache_read_tokens - s.reused) > tolerance) {
            // An explicit cache is read whole: only the two counts of its tokens can differ.
            row.disagreement = ReplayDisagreement{
                s.reused, r.cache_read_tokens,
                explicit_split && s.reused > 0
                    ? std::vector<std::string>{"the cached content's tokens are counted here by " +
                                               (counter ? counter->tokenizer
                                                        : std::string("the built-in tokenizer")) +
                                               ", not by Gemini itself"}
                    : explanations(t.provider, s.reused, r.cache_read_tokens, provider_min,
                                   row.counting)};
            ++summary.disagreements;
        }
    }

    ReplayConversation& c = summary.conversations[conv_it->second];
    row.conversation = c.id;
    ++c.requests;
    c.prompt_tokens += row.prompt_tokens;
    c.reused_tokens += row.reused_tokens;
    c.cost_usd += row.cost_usd;
    c.leaked_usd += row.leaked_usd;
    if (!row.cause.empty())
        ++c.causes[row.cause];

    ++summary.requests;
    summary.prompt_tokens += row.prompt_tokens;
    summary.reused_tokens += row.reused_tokens;
    summary.cost_usd += row.cost_usd;
    summary.uncached_cost_usd += row.uncached_cost_usd;
    summary.leaked_usd += row.leaked_usd;
    if (on_row)
        on_row(row);
}

Replayer::Replayer(const BpeTokenizer& tokenizer, const LintTables& tables, ReplayOptions options,
                   std::function<void(const ReplayRow&)> on_row)
    : impl_(std::make_unique<Impl>(tokenizer, tables, options, std::move(on_row))) {}
Replayer::~Replayer() = default;

Result<FileLintResult> Replayer::add_file(const std::string& path, const InputLimits& limits,
                                          const ReadProgress& progress) {
    return lint_file(path, impl_->linter, nullptr, limits, progress);
}

ReplaySummary Replayer::finish() {
    LintReport report = impl_->linter.finish();
    ReplaySummary s = std::move(impl_->summary);
    if (!impl_->resolved)  // nothing was replayed
        s.policy = impl_->opts.policy.value_or(
            own_policy(impl_->opts.provider.value_or(Provider::Anthropic)));
    s.tokenizer = impl_->opts.tokenizer_name;
    for (const Finding& f : report.findings) {
        if (f.rule == rule::kInvalidInput)
            s.input_errors.push_back(f.file + ":" + std::to_string(f.line) + ":" +
                                     std::to_string(f.column) + ": " + f.message);
    }
    return s;
}

}  // namespace pl::lint
