// One trace, seven caching policies: the requests of a scenario (their token streams, content
// blocks, breakpoints and the outputs the model produced) replayed through
//  (a) vLLM's full-block chain hashing: PrefixCache, exactly as RequestRunner drives it;
//  (b) SGLang's token-level radix tree: RadixCache, with the same token capacity;
//  (c) Anthropic's explicit breakpoints and (d) OpenAI's automatic caching: the linter's
//      emulation of both APIs (lint/cache_cost.h), with its price and minimum-length tables;
//  (e) Gemini's implicit caching, (f) Bedrock's cachePoints (the same markers) and (g) DeepSeek's
//      disk caching: lint/provider_cache.h, with the same tables' rules and prices.
// Only bookkeeping runs here; the cache never changes what the model answers (`run --verify`
// checks that), so one real run supplies the outputs for all of them. TTFT comes from the nominal
// device of runner/cost_model.h for every policy, so the columns compare.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lint/lint_tables.h"
#include "model/gpt_config.h"
#include "prompt/prompt_types.h"
#include "runner/cost_model.h"
#include "runner/policy_types.h"
#include "runner/request_runner.h"
#include "runner/scenario.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl {

// The APIs' rules (at most 4 breakpoints, the 20-block lookback, minimum lengths, OpenAI's steps
// and retention, prices) come from the linter's tables (lint::LintTables::rules and rows): one
// table for the linter, the Usage dock and these policies.

// The semantic-cache contrast: word-count cosine similarity stands in for an embedding model
// (real semantic caches embed the question with a model); 0.8 is a typical hit threshold.
inline constexpr double kSemanticThreshold = 0.8;

// Cosine similarity of two texts' lowercase word counts (words: runs of letters and digits).
double word_cosine(const std::string& a, const std::string& b);

struct TraceRequest {
    double at_s = 0.0;
    std::string session;
    std::optional<std::string> salt;
    RenderedRequest rendered;     // tokens, content blocks, cache_control breakpoints
    std::vector<int32_t> output;  // the sampled tokens; the last one never gets KV
    int reserve_tokens = 0;       // output KV reserved at admission, as the runner does
    std::string model;            // the body's "model" ("": the price table's default)
    bool openai_body = false;     // the body is an OpenAI request (its model prices OpenAI)
    std::string question;         // the last user message's text (the semantic contrast)
    std::string answer;           // the model's answer to it
};

struct PolicyTrace {
    std::string scenario;
    int block_size = 16;
    int capacity_blocks = 512;
    std::optional<double> ttl_s;  // vLLM's TTL emulation (SPEC §4)
    GptConfig config;             // the model TTFT is modelled for
    std::vector<TraceRequest> requests;
};

struct PolicyOptions {
    CostModel cost_model;
};

// The trace of a scenario as `run` played it: each request rendered with the model's tokenizer,
// with the output of results[i] (empty when results is empty: no decode).
Result<PolicyTrace> make_policy_trace(const Scenario& scenario, const GptConfig& config,
                                      const BpeTokenizer& tokenizer,
                                      const std::vector<RequestResult>& results);

Result<std::vector<PolicyRequest>> simulate_policy(CachePolicy policy, const PolicyTrace& trace,
                                                   const lint::LintTables& tables,
                                                   const PolicyOptions& options = {});

Result<PolicyComparison> compare_policies(const PolicyTrace& trace, const lint::LintTables& tables,
                                          const PolicyOptions& options = {});

}  // namespace pl
