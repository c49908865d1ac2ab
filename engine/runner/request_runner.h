// Takes requests through tokenize -> hash -> lookup -> prefill of the uncached part -> decode,
// over one backend and one prefix cache, and reports each step as a typed event. The UI animates
// this stream; `prefixlens run` prints its results. Nothing here knows about widgets.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "cache/prefix_cache.h"
#include "model/backend.h"
#include "prompt/prompt_types.h"
#include "runner/cost_model.h"
#include "runner/sampler.h"
#include "runner/scenario.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl {

struct BlockHashedEvent {
    int request;
    int index;
    BlockHash hash;
    BlockHash parent;
    int first_token;
    int num_tokens;
};
struct BlockHitEvent {
    int request;
    int index;
    int block_id;
};
// A block of the prompt that prefill computes: full (computed) or the partial tail.
struct BlockComputedEvent {
    int request;
    int index;
    int block_id;
    bool partial;
};
struct BlockStoredEvent {
    int request;
    int index;  // block index in the sequence (prompt and output)
    int block_id;
    BlockHash hash;
    bool registered;  // false: an equal block is already cached elsewhere
};
struct BlockEvictedEvent {
    int request;
    BlockHash hash;
    int block_id;
    EvictionReason reason;
};
struct PrefillDoneEvent {
    int request;
    double ttft_ms;  // request start to the first sampled token (RunnerOptions::timing)
    double gpu_ms;   // GPU time of the prefill (negative on the CPU backend or when modelled)
    int cached_tokens;
    int computed_tokens;
};
struct TokenDecodedEvent {
    int request;
    int position;  // index in the output
    int32_t token;
    std::string text;  // raw bytes of the token (of its answer part when it ends the turn)
    // The token closes the assistant's turn (end of text, or the start of a framing tag such as
    // "</assistant>"): decoding stops here and nothing of it from the tag on is answer.
    bool ends_turn = false;
};
struct MemorySampleEvent {
    int request;
    double at_s;
    int blocks_in_use;
    int blocks_cached_free;
    int blocks_free;
    std::size_t bytes_per_block;
    std::map<std::string, std::size_t> bytes_per_session;  // blocks in use, by session
};

// API-style usage, as Anthropic reports it for a request with caching on.
struct UsageRecord {
    int input_tokens = 0;                 // computed, not read from or written to the cache
    int cache_read_input_tokens = 0;      // reused
    int cache_creation_input_tokens = 0;  // computed and stored as full blocks
    int output_tokens = 0;
};

struct PromptBlockReport {
    int index = 0;
    std::optional<BlockHash> hash;
    std::vector<int32_t> tokens;
    PromptBlockState state = PromptBlockState::Computed;
    int block_id = 0;
};

// One candidate for the next token: its id, its bytes, its logit and its softmax probability over
// the whole vocabulary.
struct TokenScore {
    int32_t token = 0;
    std::string text;
    float logit = 0.0f;
    float prob = 0.0f;
};

// How many candidates RequestResult keeps of the first token's scores.
inline constexpr int kTopScores = 5;

// The k highest logits, highest first (ties: the lower id first), with their probabilities;
// `text` is left empty (the runner fills it from the tokenizer).
std::vector<TokenScore> top_scores(std::span<const float> logits, int k);

// Where one way of serving a request spent its time, and how much K and V it computed. A K/V
// row is one position's keys and values in every layer: a forward over T tokens computes T.
struct ServeTiming {
    double prefill_ms = 0;        // the prefill forward and the first token's sampling (TTFT)
    double decode_ms = 0;         // every decode step after it
    std::vector<double> step_ms;  // each decode step (a forward and a sample), in order
    long long kv_rows = 0;
};

// The same request served with no KV cache at all (RunnerOptions::no_cache): the prefill
// computes the whole prompt, and every decode step recomputes K and V of the whole sequence so
// far, as a naive implementation would. With P prompt tokens and d decode steps it computes
// P + (P+1) + ... + (P+d) K/V rows: a difference of two triangular numbers.
struct NoCacheReport {
    ServeTiming timing;
    std::vector<int32_t> output;  // what it generated (the same as the cached run's, if correct)
};

// Serves a prompt with no KV cache on `scratch` (pool blocks covering the model's context that
// nothing else uses meanwhile): a prefill of the whole prompt, then every decode step a forward
// over the whole sequence so far, sampling and stopping as the runner does (at most max_tokens,
// cut at the context, and at the end of the assistant's turn). The runner's no_cache option and
// the app's on-demand comparison both call it. `keep_going`, asked before each step, stops it
// with an error when it returns false.
Result<NoCacheReport> serve_without_cache(InferenceBackend& backend,
                                          std::span<const int32_t> prompt, int max_tokens,
                                          std::span<const int32_t> scratch,
                                          const SamplingParams& sampling, TimingSource timing,
                                          const CostModel& cost_model,
                                          const std::function<bool()>& keep_going = {});

// --verify's tolerance on the first-token logits, cached against a full recompute. The cached and
// the full path sum attention in different orders (paged blocks against one contiguous sweep); in
// float32 that moves a logit of 10 by up to about 1e-4 on Vulkan, 1e-6 on the CPU.
inline constexpr double kVerifyAbsTolerance = 3e-4;
inline constexpr double kVerifyRelTolerance = 2e-5;

struct RequestResult {
    int request = 0;
    std::string session;
    double at_s = 0;
    int prompt_tokens = 0;
    int cached_tokens = 0;
    int computed_tokens = 0;
    int output_tokens = 0;
    int block_size = 0;
    std::vector<PromptBlockReport> blocks;
    std::vector<Eviction> evicted;
    double ttft_ms = 0;
    double prefill_gpu_ms = -1;
    std::size_t kv_bytes_in_use = 0;
    std::vector<int32_t> output;
    std::string output_text;
    std::optional<double> max_abs_diff_vs_full;
    // What --verify accepts: kVerifyAbsTolerance, or kVerifyRelTolerance of the largest
    // full-recompute logit when that is larger (float32 sums taken in another order differ in
    // proportion to the values summed).
    std::optional<double> verify_tolerance;
    bool verify_failed() const {
        return max_abs_diff_vs_full && verify_tolerance &&
               *max_abs_diff_vs_full > *verify_tolerance;
    }
    UsageRecord usage;
    RenderedPrompt prompt;
    std::vector<float> first_logits;  // kept only when RunnerOptions::keep_logits
    // The first token's best candidates through the cache, and (with verify) those of the full
    // recompute: the articles' "same next-token scores", shown, not only claimed.
    std::vector<TokenScore> top_cached;
    std::vector<TokenScore> top_full;
    // This run's own prefill and decode (prefill_ms equals ttft_ms), and its K/V rows.
    ServeTiming timing;
    std::optional<NoCacheReport> no_cache;  // with RunnerOptions::no_cache
    // Played with RunnerOptions::cache_only: hashed and looked up, not computed; no output, and
    // ttft_ms is modelled.
    bool cache_only = false;
};

struct RequestFinishedEvent {
    int request;
    std::shared_ptr<const RequestResult> result;
};

using RunnerEvent = std::variant<BlockHashedEvent, BlockHitEvent, BlockComputedEvent,
                                 BlockStoredEvent, BlockEvictedEvent, PrefillDoneEvent,
                                 TokenDecodedEvent, MemorySampleEvent, RequestFinishedEvent>;
using EventSink = std::function<void(const RunnerEvent&)>;

struct RunnerOptions {
    bool verify = false;       // recompute every request without the cache and compare
    bool keep_logits = false;  // keep first-token logits in RequestResult
    SamplingParams sampling;   // greedy by default
    // Clock: TTFT is measured. CostModel: TTFT comes from `cost_model`, the same on every run,
    // and no GPU time is reported.
    TimingSource timing = TimingSource::Clock;
    CostModel cost_model;
    // Serve every request a second time with no KV cache (NoCacheReport), after the cached run.
    bool no_cache = false;
    // Bookkeeping only: each prompt is tokenized, chain-hashed and looked up and its full blocks
    // are stored, exactly as in a played run, but the model computes nothing and answers nothing
    // (no output tokens), and TTFT comes from cost_model. For prompts longer than the model's
    // context, such as a request of a 100k-token agent log, where the blocks are the point. The
    // backend's pool is never touched, so the cache's capacity need not fit it.
    bool cache_only = false;
};

// The longest prompt a cache-only run takes: 65,536 blocks of 16 (the linter's own limit for one
// request is twice that).
inline constexpr int kMaxCacheOnlyTokens = 1 << 20;

// How a scenario's prompts fit the model: whether one is longer than its context (the app then
// plays the whole scenario cache-only), the longest, and the blocks of all prompts together (the
// capacity that lets every prompt in without evicting another's blocks).
struct ContextFit {
    bool beyond_context = false;
    int longest_prompt = 0;
    std::string longest_where;  // the longest prompt's request, as ScenarioRequest::where
    int prompt_blocks = 0;
};
Result<ContextFit> context_fit(const Scenario& scenario, const GptModel& model);

// A request's prompt as `model` reads it: in the folder's own chat format (a Llama-family
// model, SPEC §5.1), else in PrefixLens's template (render_prompt). A Llama-family folder
// without a recognised chat format is an error naming its tokenizer_config.json. With
// max_tokens > 0, a longer prompt is an error naming `limit_name`.
Result<RenderedPrompt> render_for_model(const ojson& body, const GptModel& model,
                                        const std::string& where, std::size_t max_tokens = 0,
                                        const std::string& limit_name = "the model's context");

// Blocks a scenario needs at most for one request, given the model's context.
int blocks_for_tokens(int tokens, int block_size);

class RequestRunner {
  public:
    // The backend's pool must hold capacity_blocks for the cache plus, with verify or no_cache,
    // one context's worth of scratch blocks (see pool_blocks_needed; pass `verify || no_cache`).
    // With cache_only it needs nothing (verify and no_cache are then ignored).
    static Result<std::unique_ptr<RequestRunner>> create(InferenceBackend& backend,
                                                         const Scenario& scenario,
                                                         RunnerOptions options);
    static int pool_blocks_needed(const Scenario& scenario, const GptConfig& config, bool scratch);

    // Plays requests [first, last) of the scenario. Requests at the same at_s from different
    // sessions run concurrently: all are admitted and prefilled before any decodes and releases.
    Result<std::vector<RequestResult>> play(const Scenario& scenario, const EventSink& sink,
                                            std::size_t first = 0,
                                            std::size_t last = static_cast<std::size_t>(-1));

    const PrefixCache& cache() const { return cache_; }

  private:
    RequestRunner(InferenceBackend& backend, PrefixCache cache, RunnerOptions options,
                  int block_size);

    struct Running;
    Result<void> admit(const ScenarioRequest& req, int index, Running& run, const EventSink& sink);
    Result<void> decode_and_finish(Running& run, const EventSink& sink);
    // RunnerOptions::no_cache: the request again in scratch blocks, recomputing everything.
    Result<NoCacheReport> serve_without_cache(const Running& run);
    void sample_memory(int request, double at_s, const EventSink& sink);

    InferenceBackend& backend_;
    PrefixCache cache_;
    RunnerOptions options_;
    int block_size_;
    std::map<SequenceId, std::string> session_of_;  // running sequences
};

const char* block_state_name(PromptBlockState state);

}  // namespace pl
