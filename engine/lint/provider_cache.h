// What Gemini (implicit caching), Bedrock's Converse API (cachePoint blocks) and DeepSeek (disk
// caching) would read from their caches and bill for a sequence of requests, from their token
// streams and the rules and prices of assets/lint (LintTables::cache_rules, input_prices). The
// policy simulator (`run --policy`) and `replay --policy` play a trace through it; Anthropic and
// OpenAI keep their own emulation (lint/cache_cost.h). An estimate: token counts come from our
// tokenizer, and where a provider documents less than the emulation needs, the tables say which
// assumption was made (min_cacheable_tokens.json, each provider's "rules").
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>

#include "lint/lint_tables.h"
#include "runner/policy_types.h"

namespace pl::lint {

class ProviderCacheModel {
  public:
    struct Outcome {
        RequestUsage usage;       // input (base price), writes (Bedrock), reads, USD
        int stored_tokens = 0;    // of the prompt, newly stored for later requests
        int min_tokens = 0;       // the model's minimum
        std::string price_model;  // the price row used
        double uncached_usd = 0.0;
        PolicyNote note = PolicyNote::None;
        bool rejected = false;  // the API refuses the request (too many cachePoints)
    };

    // provider: Gemini, Bedrock or DeepSeek.
    ProviderCacheModel(Provider provider, const LintTables& tables)
        : provider_(provider), tables_(tables) {}

    // Adds one request at time at_s; `output` is what the model answered (DeepSeek stores a
    // unit where it ends). A nonzero `variant` keeps the request's entries apart from others'
    // (replay: each model has a cache of its own).
    // Tokens from `vary_from` on differ from every earlier request's when variant != 0 (lint's
    // estimate of a repeat whose dynamic text changed); from 0: a cache of its own.
    Outcome add(const RenderedRequest& p, const std::string& model, double at_s,
                std::span<const int32_t> output = {}, uint64_t variant = 0, int vary_from = 0);

  private:
    struct Entry {
        double expires;
        double ttl;
    };
    Entry* alive(uint64_t key, double at_s);
    void gemini(const RenderedRequest& p, const CacheRules& rules, const std::vector<uint64_t>& h,
                double at_s, Outcome& out);
    void bedrock(const RenderedRequest& p, const CacheRules& rules, const std::vector<uint64_t>& h,
                 double at_s, Outcome& out);
    void deepseek(const RenderedRequest& p, const CacheRules& rules, const std::vector<uint64_t>& h,
                  std::span<const int32_t> output, uint64_t variant, double at_s, Outcome& out);

    Provider provider_;
    const LintTables& tables_;
    std::unordered_map<uint64_t, Entry> entries_;  // prefix hash -> stored prefix (unit)
    // DeepSeek: prefix hashes of earlier prompts at whole storage units, to find the prefixes
    // requests share (each is then stored as a unit of its own).
    std::unordered_map<uint64_t, double> seen_;
    int added_ = 0;
};

// The token where a request's user input ends: the end of its last content block (the
// generation tag after it is not input); the whole prompt when it has no blocks.
int user_input_end(const RenderedRequest& p);

}  // namespace pl::lint
