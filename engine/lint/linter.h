// The prompt-layout linter: single-request rules on each request, sequence rules between a
// request and the one before it, and a cost estimate. Feed requests one at a time (a log is
// streamed: only the previous request is kept), then call finish().
//
//   Linter linter(tokenizer, tables, options);
//   for (each request) linter.add(input);      // an Error: that request's shape is wrong
//   LintReport report = linter.finish();
//
// lint_request() and lint_log() wrap this for callers that hold everything in memory.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lint/lint_tables.h"
#include "lint/lint_types.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl {
struct RenderedRequest;
namespace count {
class TokenCounters;
struct Counter;
}  // namespace count
}  // namespace pl

namespace pl::lint {

// What the provider reported for a request, when its log record carries the usage
// (logs/log_records.h usage_from: Anthropic usage, OpenAI usage.prompt_tokens_details.
// cached_tokens, Gemini usageMetadata, Bedrock Converse and DeepSeek usage). -1: not given.
struct ReportedUsage {
    long long input_tokens = -1;
    long long cache_creation_input_tokens = -1;
    long long cache_read_input_tokens = -1;  // OpenAI: cached_tokens
    bool input_includes_cached = false;      // input_tokens is OpenAI's prompt_tokens
    // The provider's own word on why it read less than it could (Anthropic's cache
    // diagnostics, usage.cache_miss_reason); empty when the log has none.
    std::string miss_reason;
};

// The provider's own count of the whole prompt: its input, cache reads and cache writes
// (OpenAI's prompt_tokens already hold the reads); -1 when the usage does not give it.
long long reported_prompt_total(const ReportedUsage& u);

struct RequestInput {
    ojson body;                  // the request body
    std::string file;            // named in findings
    std::string_view text;       // the JSON text holding the body (the file, or the log line);
                                 // only read during add()
    int first_line = 1;          // the line of text[0] in the file
    std::string body_pointer;    // where the body sits in text: "", "/body", "/requests/3"
    std::optional<double> at_s;  // when it was sent (log timestamp, scenario at_s)
    std::string at_pointer;      // where that time is written in text
    std::string session;         // the log's session_id (or the scenario's session)
    std::optional<ReportedUsage> usage;  // from the record's response
    std::string usage_pointer;           // where that usage is written in text
    // The provider the record names (a LiteLLM route, an OpenTelemetry gen_ai.system), when the
    // body alone may not tell; --provider goes first, detect_provider() last.
    std::optional<Provider> provider;
    // The Gemini explicit cache this record creates (its response's "name",
    // "cachedContents/..."); empty for a generation request.
    std::string created_cache;
};

// What the linter made of one request of a log, handed to an observer as the request is added
// (`prefixlens replay` replays the log from these). The pointers live only during the call.
struct RequestTrace {
    int index = 0;                              // the request, 0-based, in the order added
    const RequestInput* input = nullptr;        // as given to add()
    const RenderedRequest* prompt = nullptr;    // its rendered prompt
    const RenderedRequest* previous = nullptr;  // its conversation's previous one; null: first
    std::string conversation;                   // the grouping key (see set_group_conversations)
    // How its tokens were counted (null without counters: the constructor's tokenizer). Its
    // ratio turns the counted tokens into the provider's.
    const count::Counter* counter = nullptr;
    // This request's counted tokens -> the provider's (1 when exact); "calibrated" when the
    // record's usage (or the log's so far) fixed it.
    double scale = 1.0;
    double scale_error = 0.0;
    std::string counting = "exact";
    Provider provider = Provider::Anthropic;  // as detected (or given)
    std::string model;                        // the body's
    int min_tokens = 0;  // its minimum cacheable length, in counted tokens (see counter)
    // The first token where it leaves the previous prompt (0 when a parameter that voids the
    // whole cache changed, e.g. the model); -1 when it extends it or is first.
    int diverged_at = -1;
    // The rule whose finding explains the divergence (a dynamic value, tools serialized
    // differently, else prefix-changed) and prefix-changed's own cause ("params-changed",
    // "history-rewritten", ...); empty when it does not diverge.
    std::string cause;
    std::string cause_detail;
    std::string divergence_pointer;                   // inside the body ("" for a parameter)
    std::size_t divergence_byte = std::string::npos;  // in the string there (npos: unknown)
    bool expired = false;  // ttl-gap: what the previous request cached has expired
    // Gemini: the tokens of the explicit cache this request names (cachedContent), when a record
    // of the log created it and it has not expired; -1 otherwise.
    int explicit_cache_tokens = -1;
};

struct LintReport {
    std::vector<Finding> findings;  // sorted by line and column
    LintSummary summary;
    std::vector<RequestBilling> billing;  // per request, as it is (empty without estimate_cost)
};

// What a Linter keeps of earlier conversations (LintOptions::max_remembered_*).
struct LinterMemory {
    std::size_t conversations = 0;  // remembered now
    long long tokens = 0;           // of their remembered prompts
    long long forgotten = 0;        // forgotten so far, least recently seen first
};

class Linter {
  public:
    Linter(const BpeTokenizer& tokenizer, const LintTables& tables, LintOptions options);
    ~Linter();
    Linter(const Linter&) = delete;
    Linter& operator=(const Linter&) = delete;

    Result<void> add(const RequestInput& input);
    // See LintOptions::automatic_caching (set before the first add()).
    void set_automatic_caching(bool on, double ttl_s);
    // Logs: compare each request with the previous one of its conversation (the record's
    // session id, else the body's prompt_cache_key or metadata.user_id, else its first
    // message) instead of the previous line. Set before the first add().
    void set_group_conversations(bool on);
    // Called for every request added, after its rules ran. Set before the first add().
    void set_observer(std::function<void(const RequestTrace&)> observer);
    // Count each request in its provider's own tokens (count/token_counting.h) instead of the
    // tokenizer given to the constructor. Set before the first add(); must outlive the linter.
    void set_counters(count::TokenCounters* counters);
    // The log's record format, named in the report ("" when not a log).
    void set_input_format(const std::string& name);
    // A request that could not be read (a broken log line): reported as invalid-input.
    void add_input_error(Finding finding);
    // The last added request rewritten as `--fix` would (the request itself when it needs no
    // rewrite or had an error). Valid until the next add(), while that input is alive.
    const ojson& last_fixed() const;
    LinterMemory memory() const;
    LintReport finish();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

Result<LintReport> lint_request(const RequestInput& input, const BpeTokenizer& tokenizer,
                                const LintTables& tables, const LintOptions& options);
// Requests whose shape is wrong are reported as invalid-input findings; the rest are linted.
LintReport lint_log(const std::vector<RequestInput>& inputs, const BpeTokenizer& tokenizer,
                    const LintTables& tables, const LintOptions& options);

}  // namespace pl::lint
