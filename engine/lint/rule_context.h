// Private to engine/lint: what the lint rules share. Linter::Impl::add (linter.cpp) renders a
// request, fills a RuleContext and calls the rule families in a fixed order (the order findings
// are emitted in, which breaks ties between findings on the same line and column):
//
//   rules_dynamic.cpp        dynamic-prefix, dynamic-tools
//   rules_breakpoints.cpp    too-many-breakpoints, below-min-cacheable, breakpoint-lookback
//   rules_serialization.cpp  unstable-serialization
//   rules_sequence.cpp       prefix-changed, ttl-gap (this request against the previous one)
//   rules_providers.cpp      cache-point-unsupported, cache-limit-exceeded (Bedrock Nova),
//                            cached-content-conflict, cached-content-repeated (Gemini)
//
// A new rule: its id in rule_ids.h, its description in rule_catalog() (lint_rules.cpp), its
// check in the family it belongs to (or a new rules_*.cpp, called from Linter::Impl::add).
#pragma once

#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "count/token_counting.h"
#include "lint/dynamic_values.h"
#include "lint/linter.h"
#include "lint/request_fixer.h"
#include "prompt/renderer.h"

namespace pl::lint {

// How deep the rules walk into a JSON value.
inline constexpr int kMaxLeafDepth = 64;

// A dynamic value seen in a request but not yet reported: the next request tells whether it
// changes (or, at the end of the log, whether it was dynamic on its own evidence).
struct PendingDynamic {
    Finding finding;
    std::string pointer;  // inside the body
    std::string value;
    bool confident = false;          // reported even when no neighbour confirms it
    bool hedged = false;             // then only as a hedged note (DynamicSpan::hedged)
    std::size_t begin = 0, end = 0;  // bytes of the value in the string at `pointer`
};

// A dynamic value never confirmed by a neighbour: a note that says it may be fixed.
void hedge(Finding& f);
// A DynamicSpan kind as a message argument: a phrase for the kinds the detector knows.
ojson kind_arg(const std::string& kind);

// What a request leaves for the sequence rules of the next one of its conversation.
struct SessionState {
    RenderedRequest prompt;
    ojson params;  // params_of(): what voids part of the cache when it changes
    ojson tools;
    ojson schemas;
    std::unordered_map<std::string, std::string> leaves;
    std::optional<double> at_s;
    int index = 0;
    int line = 1;  // where it starts in its file
    std::vector<PendingDynamic> pending;
    // The dynamic values this request carried (DynamicValues::found): the next request that
    // leaves them again leaves them for the same cause.
    std::vector<std::pair<MoveSpan, const char*>> dynamic_found;
    std::string model;
    // When this request switched the model: the conversation's last request on the model before
    // (its cache, kept by the provider per model, may still be alive). A request that switches
    // back is compared with it.
    std::shared_ptr<SessionState> before_switch;
};

// The dynamic value whose doing a divergence is: in the string at `pointer`, starting at `byte`
// (npos: somewhere in it) no later than the value's end, for text put before a value ("Current
// time: <now>. " at the head) makes the string differ from its first byte. One this request
// carries (`now`), else one the previous request carried (`prev`) and this one drops again.
// Null when none explains it.
const std::pair<MoveSpan, const char*>* dynamic_value_at(
    const std::vector<std::pair<MoveSpan, const char*>>& now, const SessionState* prev,
    const std::string& pointer, std::size_t byte);

// Findings with equal keys are one finding across a log: the rule, then where and what.
std::string dedupe_key(const std::string& rule, const std::string& where);

// The findings of a linter run, in the order they were emitted.
class FindingSink {
  public:
    explicit FindingSink(bool merge_repeats) : merge_repeats_(merge_repeats) {}

    // Adds a finding; with `dedupe_key` (and merge_repeats), a repeat of the same finding only
    // counts requests. Returns the index of the finding that holds it.
    std::size_t emit(Finding f, const std::string& dedupe_key = "");
    // One finding per place and kind across a log; later requests only add to its count.
    std::size_t confirm_dynamic(PendingDynamic p);
    std::vector<Finding>& findings() { return findings_; }
    // A finding another one replaced (confirm_dynamic): left out of the report.
    bool dropped(std::size_t index) const { return dropped_.contains(index); }
    bool merging() const { return merge_repeats_; }

    // One finding per cause: the finding at `index` is the cause of any later cache miss whose
    // first difference is in the string at `pointer` (inside the body), within bytes
    // [begin, end] of it (npos: anywhere in it or below it). With `only_request` >= 0 it
    // explains a miss of that request alone (a tool serialized differently this once).
    void claim_cause(const std::string& pointer, std::size_t index,
                     std::size_t begin = std::string::npos, std::size_t end = std::string::npos,
                     int only_request = -1);
    // The finding that already explains request `request`'s miss first differing at byte
    // `byte` of `pointer` (or inside it), if any.
    Finding* cause_of(const std::string& pointer, std::size_t byte, int request);

  private:
    struct Cause {
        std::size_t index;
        std::size_t begin, end;
        int only_request;
    };
    bool merge_repeats_;
    std::vector<Finding> findings_;
    std::unordered_map<std::string, std::size_t> dedupe_;
    std::unordered_map<std::string, Cause> causes_;
    std::unordered_set<std::size_t> dropped_;
};

// Adds a later request whose cache a cause voids to that cause's finding.
void add_affected(Finding& cause, int request, int line, long long tokens_lost);

// Everything a rule family reads about the request being added, and where its findings go.
struct RuleContext {
    const RequestInput& in;
    const RenderedRequest& cur;  // the request, rendered
    const LintOptions& opts;
    const LintTables& tables;
    Provider prov;
    const std::string& model;
    int min_tokens;  // the model's minimum cacheable length (or --min-tokens), in counted tokens
    int provider_min_tokens;  // the same in the provider's tokens, as messages quote it
    int max_breakpoints;      // the API's slots (ApiCacheRules)
    const ProviderPrices& pp;
    int request_index;   // 0-based, in the log
    const ojson& tools;  // tools_of(body): the body's tools array; null when it has none
    SessionState* prev;  // the request before this one; null for the first
    FindingSink& sink;
    // Where the sequence rules say how this request leaves the previous one (null: nobody asks).
    RequestTrace* trace = nullptr;
    // How the tokens were counted (null: the linter's own tokenizer, as the provider's).
    const count::Counter* counter = nullptr;
    count::Scale scale;  // this request's counted tokens -> the provider's
    // Counted tokens as the provider's: the best figure and its range.
    count::Range provider_count(long long counted) const;

    // A finding of `rule` (its catalogue severity) at bytes [begin, end) of the string at
    // `abs_pointer` in the input text (npos: the value as a whole).
    Finding make(const char* rule, const std::string& abs_pointer, std::size_t begin,
                 std::size_t end, const std::string& message) const;
    // Cached without breakpoints: OpenAI, Gemini (implicit), DeepSeek, or Anthropic scenarios
    // without cache_control.
    bool automatic(const RenderedRequest& p) const;
    // What an automatic cache reads of a prefix of n tokens shared with `before`: OpenAI from
    // its minimum in steps, Gemini from the model's minimum, DeepSeek the unit `before` stored
    // (its whole user input) when all of it is shared.
    int auto_cacheable(int n, const RenderedRequest& before) const;
};

// How long an automatic cache keeps a prefix: OpenAI's retention (prompt_cache_retention), else
// the model's CacheRules (Gemini's implicit cache, DeepSeek's disk cache).
double automatic_lifetime_s(const LintTables& tables, Provider prov, const std::string& model,
                            const ojson& body);

// Shared measures of a rendered prompt.
int last_valid_breakpoint(const RenderedRequest& p, int min_tokens, double* ttl = nullptr);
int block_of_token(const RenderedRequest& p, int token);
// The body's tools array (Converse: toolConfig.tools) and where it is; null when none.
ojson tools_of(const ojson& body);
const char* tools_pointer_of(const ojson& body);
// The parts of a body compared between requests: model, tool_choice, thinking, speed,
// prompt_cache_key, the number of images, whether earlier thinking blocks are stripped.
ojson params_of(const ojson& body, const RenderedRequest& p);
ojson schemas_of(const ojson& body);  // response schemas, by their pointer
// How long OpenAI keeps this body's prefix: 24 hours with prompt_cache_retention "24h", else 5
// minutes.
double openai_retention_s(const ojson& body);

// ---- rules_dynamic.cpp: dynamic-prefix, dynamic-tools ----

// What the dynamic-value rules remember from request to request.
class DynamicValueMemory {
  public:
    // The detector's spans in `text`, cached for this request and the next.
    const std::vector<DynamicSpan>& spans_of(const std::string& text);
    // A value was moved out of the string at `pointer` before: keep moving what is there.
    bool sticky(const std::string& pointer) const { return sticky_moves_.count(pointer) > 0; }
    void add_moves(const std::vector<MoveSpan>& moves);
    void next_request();

  private:
    DynamicValueDetector detector_;
    std::unordered_map<std::string, std::vector<DynamicSpan>> spans_cur_, spans_prev_;
    std::set<std::string> sticky_moves_;
};

// What the dynamic-value rules found in a request, besides their findings.
struct DynamicValues {
    std::unordered_map<std::string, std::string> leaf_texts;  // checked strings, by pointer
    std::vector<PendingDynamic> pending;                      // for the next request to confirm
    std::vector<MoveSpan> moves;                              // what --fix moves
    // Every value of this request reported or held pending, with its rule id.
    std::vector<std::pair<MoveSpan, const char*>> found;
    int first_dynamic_token = std::numeric_limits<int>::max();
};

// Confirms (or drops) the previous request's pending values, then checks this request's.
DynamicValues check_dynamic_values(const RuleContext& ctx, DynamicValueMemory& memory);

// ---- rules_breakpoints.cpp: too-many-breakpoints, below-min-cacheable, breakpoint-lookback ----

// What the previous request left in the cache for this one.
struct PreviousCache {
    int common_tokens = 0;  // leading tokens equal in both requests
    int cached_tokens = 0;  // what the previous request cached
    double ttl_s = 0;       // how long it lives
};

// The breakpoints of this request on their own (Anthropic).
void check_breakpoints(const RuleContext& ctx);
// below-min-cacheable for the implicitly cached providers (rules_breakpoints.cpp).
void check_implicit_minimum(const RuleContext& ctx);
// The previous request's cache entry out of reach of this request's breakpoints (Anthropic).
void check_lookback_from_previous(const RuleContext& ctx, const PreviousCache& pc);

// ---- rules_serialization.cpp: unstable-serialization ----

// The first request's tools not sorted by name (a note).
void check_tool_order(const RuleContext& ctx);
// Tools and schemas equal to the previous request's but serialized differently.
void check_serialization_vs_previous(const RuleContext& ctx);

// ---- rules_sequence.cpp: prefix-changed, ttl-gap, provider-read-nothing ----

PreviousCache previous_cache(const RuleContext& ctx);
// Returns the tokens the previous request cached that this one cannot reuse (0: none lost).
// `dynamic`: this request's dynamic values (DynamicValues::found); a divergence in a string
// before the end of one of them, or of one the previous request carried, is that value's doing.
int check_prefix_changed(const RuleContext& ctx, const PreviousCache& pc,
                         const std::vector<std::pair<MoveSpan, const char*>>& dynamic);
// Whether the previous request's entry has expired by this request (ttl-gap).
bool check_ttl_gap(const RuleContext& ctx, const PreviousCache& pc);

// ---- rules_providers.cpp: cache-point-unsupported, cache-limit-exceeded (Bedrock Nova),
// cached-content-conflict, cached-content-repeated (Gemini) ----

// A Gemini explicit cache created earlier in the log (a cachedContents.create record whose
// response names it): what it holds and where.
struct ExplicitCache {
    ojson contents = ojson::array();
    int tokens = 0;  // the create record's rendered contents
    int line = 0;
    std::optional<double> expires_s;  // created at + its ttl (default 1 hour), when timed
};
using ExplicitCaches = std::unordered_map<std::string, ExplicitCache>;

void check_provider_rules(const RuleContext& ctx, const ExplicitCaches& caches);
// Whether a request at `at_s` comes after the cache's lifetime (false when either is untimed).
bool explicit_cache_expired(const ExplicitCache& cache, std::optional<double> at_s);
// How long a cachedContents.create body asks its cache to live ("ttl": "3600s"; else the
// default, ApiCacheRules).
double gemini_cache_ttl_s(const ojson& body, const LintTables& tables);

// ---- provider-read-nothing: the record's own usage against the prediction ----

void check_reported_usage(const RuleContext& ctx, const PreviousCache& pc, int tokens_lost,
                          bool expired);

}  // namespace pl::lint
