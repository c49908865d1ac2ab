// What a provider would report and bill for a sequence of requests, from their token streams:
// Anthropic's (and Bedrock's) cache_creation_input_tokens / cache_read_input_tokens /
// input_tokens with explicit breakpoints, the 20-block lookback and TTLs; the automatic caches:
// OpenAI's (cached_tokens from 1,024 tokens in 128-token steps), Gemini's implicit one (from
// the model's minimum in the table's steps) and DeepSeek's (prefixes ending at a message). An
// estimate: token counts come from our tokenizer.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <unordered_map>

#include "lint/lint_tables.h"
#include "prompt/renderer.h"

namespace pl::lint {

class ProviderCacheModel;

class CacheCostModel {
  public:
    // Blocks checked per breakpoint, its own included (ApiCacheRules).
    static constexpr int kLookbackBlocks = ApiCacheRules::Anthropic{}.lookback_blocks;

    // Gemini, Bedrock and DeepSeek are played by the policy simulator's model of their caches
    // (lint/provider_cache.h), so lint's bill and `run --policy` / `replay` agree.
    CacheCostModel(Provider provider, const LintTables& tables, int min_tokens,
                   double openai_ttl_s);
    ~CacheCostModel();
    CacheCostModel(const CacheCostModel&) = delete;
    CacheCostModel& operator=(const CacheCostModel&) = delete;

    // Adds one request at time at_s. Tokens from `vary_from` on are treated as different from
    // every earlier request when variant != 0 (a repeat whose dynamic text changed; with
    // model_cache_variant(model) and vary_from 0, a cache of that model's own).
    RequestUsage add(const RenderedRequest& p, const std::string& model, double at_s,
                     uint64_t variant = 0, int vary_from = std::numeric_limits<int>::max());

    // The minimum cacheable length of the requests added from now on (their model's).
    void set_min_tokens(int min_tokens) { min_tokens_ = min_tokens; }

    const UsageTotals& totals() const { return totals_; }
    double no_cache_usd() const { return no_cache_usd_; }

  private:
    void count(const RequestUsage& u, double no_cache_usd);  // into the totals

    Provider provider_;
    const LintTables& tables_;
    int min_tokens_;
    double openai_ttl_s_;
    struct Entry {
        double expires;
        double ttl;
    };
    std::unordered_map<uint64_t, Entry> entries_;
    UsageTotals totals_;
    double no_cache_usd_ = 0.0;
    int added_ = 0;
    std::unique_ptr<ProviderCacheModel> other_;  // Gemini, Bedrock, DeepSeek
};

// The price of one request's input tokens, USD: InputPrices::cost_usd at that model's prices.
double input_cost_usd(Provider provider, const LintTables& tables, const std::string& model,
                      long long input_tokens, long long cache_creation_input_tokens,
                      long long cache_read_input_tokens, bool one_hour_write = false);

// The variant that gives each model a cache of its own (never 0, which add() reads as "no
// variant"): the providers key their caches by model, so a request to another model reads
// nothing another model wrote.
uint64_t model_cache_variant(const std::string& model);

// Hash of every prefix: out[n] covers the first n tokens.
void prefix_hashes(const std::vector<int32_t>& tokens, uint64_t variant, int vary_from,
                   std::vector<uint64_t>& out);

// OpenAI's cached_tokens for a shared prefix of n tokens: 0 below the minimum, else rounded down
// to the minimum plus a whole number of increments.
int openai_cacheable(int n, int min_cached, int increment);

}  // namespace pl::lint
