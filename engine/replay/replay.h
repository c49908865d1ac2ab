// `prefixlens replay` (SPEC §8): a log replayed under one caching policy, without a model. The
// Linter reads and groups the requests (logs/lint_input.h, Linter::set_group_conversations) and
// says, through its observer, where each one leaves the previous prompt of its conversation and
// which rule explains it; the Replayer feeds each rendered prompt to the policy's cache and
// reports what it reused, wrote and left uncached, what that cost and what the causes leaked.
//
//   anthropic, openai  the providers' own caches as lint's cost model emulates them
//                      (CacheCostModel: breakpoints, lookback, TTLs; automatic 128-token steps)
//   vllm               PrefixCache: chain-hashed blocks of kReplayBlockSize tokens, LRU
//   radix              RadixCache: SGLang's radix tree, reuse to the token
//
// Memory stays bounded: rows are handed to a callback as they are made, and only per-
// conversation state (the Linter's previous prompt, a few counts here) is kept.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "logs/lint_input.h"
#include "lint/linter.h"
#include "runner/policy_types.h"

namespace pl::lint {

// The block size of the vllm policy (SPEC §3's default).
inline constexpr int kReplayBlockSize = 16;

struct ReplayOptions {
    std::optional<CachePolicy> policy;  // unset: the provider's own
    std::optional<Provider> provider;   // detected from the first body when unset
    int vllm_capacity_blocks = 1 << 18;
    int radix_capacity_tokens = 1 << 22;
    std::string tokenizer_name = "built-in model tokenizer";  // named in the summary
    // Count in each provider's own tokens (count/token_counting.h); null: tokenizer_name's
    // tokens throughout, as the built-in model plays them. Must outlive the Replayer.
    count::TokenCounters* counters = nullptr;
};

// The provider's usage for a request, in the three names of SPEC §8 (-1: not given). OpenAI's
// prompt_tokens count the cached ones too: input_tokens is what is left.
struct ReplayReported {
    long long input_tokens = -1;
    long long cache_read_tokens = -1;
    long long cache_write_tokens = -1;
    std::string miss_reason;  // the provider's own explanation of a miss, when the log has one
};

// The emulation and the provider's figures disagree beyond max(64 tokens, 5% of the prompt).
struct ReplayDisagreement {
    long long expected_reused = 0;
    long long reported_reused = 0;
    std::vector<std::string> explanations;
};

struct ReplayRow {
    int request = 0;
    std::string file;
    int line = 1;
    std::string conversation;  // "c1", "c2", ... in order of first appearance
    Provider provider = Provider::Anthropic;
    std::string model;
    // In the provider's tokens: exact, calibrated from the log's usage, or estimated (counting).
    int prompt_tokens = 0;
    int reused_tokens = 0;
    int written_tokens = 0;
    int uncached_tokens = 0;
    std::string counting = "exact";  // "exact", "calibrated" or "estimate"
    // Of written and uncached, what the previous prompt's cache entry would have given had it
    // not expired (cause ttl-gap); not in the JSON line.
    int expired_tokens = 0;
    std::optional<int> diverged_at;
    std::string cause;  // a rule id; "" for none
    std::string cause_detail;
    std::optional<ReplayReported> reported;
    double cost_usd = 0.0;
    double uncached_cost_usd = 0.0;
    double leaked_usd = 0.0;  // beyond reusing the whole prefix the policy allows (with a cause)
    std::optional<ReplayDisagreement> disagreement;
};
ojson replay_row_json(const ReplayRow& row);

struct ReplayConversation {
    std::string id;
    int requests = 0;
    long long prompt_tokens = 0;
    long long reused_tokens = 0;
    double cost_usd = 0.0;
    double leaked_usd = 0.0;
    std::map<std::string, int> causes;  // rule id -> requests
};

struct ReplaySummary {
    CachePolicy policy = CachePolicy::Anthropic;  // the one played
    Provider provider = Provider::Anthropic;
    int requests = 0;
    long long prompt_tokens = 0;
    long long reused_tokens = 0;
    double cost_usd = 0.0;
    double uncached_cost_usd = 0.0;
    std::optional<double> reported_cost_usd;  // over the requests that carry usage
    int reported_requests = 0;                // how many do
    double leaked_usd = 0.0;
    int disagreements = 0;
    std::string tokenizer;                          // what counted the tokens
    // Per provider id: how its requests were counted (SPEC §8's summary "counting").
    std::map<std::string, CountingInfo> counting;
    std::vector<ReplayConversation> conversations;  // in order of first appearance
    std::vector<std::string> input_errors;          // "<file>:<line>:<col>: ..." lines skipped
    double hit_rate() const;
};
ojson replay_summary_json(const ReplaySummary& s);
// How the tokens were counted, for people: "tokens counted for openai: exact (o200k_base);
// for anthropic: calibrated from the log's usage (+-3%, by o200k_base)".
std::string replay_counting_text(const ReplaySummary& s);
// The table for people: per conversation, requests, hit rate, cost, leaked, top causes.
std::string format_replay_text(const ReplaySummary& s);

class Replayer {
  public:
    Replayer(const BpeTokenizer& tokenizer, const LintTables& tables, ReplayOptions options,
             std::function<void(const ReplayRow&)> on_row);
    ~Replayer();
    Replayer(const Replayer&) = delete;
    Replayer& operator=(const Replayer&) = delete;

    // Replays one file (anything `lint` reads), after those added before. A broken line is
    // skipped and listed in the summary's input_errors; a file that cannot be read is an Error.
    // `progress` (lint_file's) may stop the reading: the rows replayed so far stand, and
    // FileLintResult::stopped says so.
    Result<FileLintResult> add_file(const std::string& path, const InputLimits& limits = {},
                                    const ReadProgress& progress = {});
    ReplaySummary finish();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace pl::lint
