// What the policy simulator (runner/policy_sim.h) reports: one scenario trace played under seven
// caching policies (two engines, five providers' APIs), per request. Plain data, safe to hand to
// the UI thread.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cache/radix_cache.h"

namespace pl {

enum class CachePolicy {
    Vllm,       // full blocks, chain-hashed (SPEC §3, §4): the runner's own cache
    Radix,      // SGLang: token-level radix tree, LRU leaves
    Anthropic,  // explicit cache_control breakpoints, 20-block lookback, minimum, 5m/1h TTL
    OpenAI,     // automatic: 1,024-token minimum, 128-token steps, cached_tokens
    Gemini,     // implicit: longest stored prefix above the model's minimum, to the token
    Bedrock,    // Converse cachePoints (the markers): Claude's rules, or Nova's 4 x 1,000, 32k
    DeepSeek,   // disk: whole stored units ending at a user input or an output; hours to days
};
inline constexpr std::array<CachePolicy, 7> kAllPolicies = {
    CachePolicy::Vllm,   CachePolicy::Radix,   CachePolicy::Anthropic, CachePolicy::OpenAI,
    CachePolicy::Gemini, CachePolicy::Bedrock, CachePolicy::DeepSeek};

// "vllm", "radix", "anthropic", "openai", "gemini", "bedrock", "deepseek"
const char* policy_name(CachePolicy policy);
std::optional<CachePolicy> parse_policy(std::string_view name);

// Why a policy reused nothing (or less than the others) where the rule is not visible in the
// numbers alone.
enum class PolicyNote {
    None,
    BelowMinimum,        // the cacheable prefix is shorter than the API's minimum
    NoBreakpoint,        // Anthropic: no cache_control, so nothing is read or written
    TooManyBreakpoints,  // Anthropic: more than 4 breakpoints; the API refuses the request (400)
    NotStored,           // radix: no room beside the running requests; nothing was stored
    NoImplicitCache,     // Gemini: the model has no implicit caching (before 2.5)
};
const char* policy_note_name(PolicyNote note);  // "", "below-minimum", ...

// The radix tree right after a request was admitted, for the view that draws it.
struct RadixSnapshot {
    std::vector<RadixNodeInfo> nodes;  // parents before children
    std::vector<int> matched_path;     // node ids covering the reused tokens
    std::vector<int> prompt_path;      // node ids covering the whole prompt (when stored)
    int capacity_tokens = 0;
    int size_tokens = 0;
};

struct PolicyRequest {
    int request = 0;
    CachePolicy policy = CachePolicy::Vllm;
    int prompt_tokens = 0;
    int reused_tokens = 0;           // read from the cache (cached_tokens, cache_read_input_tokens)
    int computed_tokens = 0;         // prompt_tokens - reused_tokens
    int written_tokens = 0;          // stored for later requests (cache_creation_input_tokens)
    int evicted_tokens = 0;          // pushed out or expired to make room (vLLM: whole blocks)
    double ttft_ms = 0.0;            // the cost model's, so the policies compare
    double cost_usd = 0.0;           // input tokens at the lint pricing table's prices
    double uncached_cost_usd = 0.0;  // every prompt token at the base price
    std::string price_model;         // the price row used
    int min_tokens = 0;              // API policies: the shortest prefix the API caches
    PolicyNote note = PolicyNote::None;
    bool rejected = false;  // the API would refuse the request (nothing computed or billed)
    std::shared_ptr<const RadixSnapshot> radix;  // radix only
};

// The contrast: what a semantic cache (whole answers, looked up by how similar a new question
// looks) would have done with a request. Not a prefix cache: it can return another question's
// answer, which a prefix cache never does.
struct SemanticLookup {
    int request = 0;
    int nearest = -1;         // the most similar earlier question of the same tenant; -1: none
    double similarity = 0.0;  // to that question, 0..1
    bool hit = false;         // similarity at or above the threshold: its answer is returned
    std::string question;     // this request's last user text
    std::string nearest_question;
    std::string answer;  // the nearest request's answer (what a hit returns)
};

// Every policy's results for one trace, request-major: at(policy)[request].
struct PolicyComparison {
    std::string scenario;
    std::array<std::vector<PolicyRequest>, kAllPolicies.size()> by_policy;
    std::vector<SemanticLookup> semantic;  // per request
    double semantic_threshold = 0.0;
    const std::vector<PolicyRequest>& at(CachePolicy p) const {
        return by_policy[static_cast<std::size_t>(p)];
    }
};

}  // namespace pl
