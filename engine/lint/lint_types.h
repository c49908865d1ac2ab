// The prompt-layout linter's vocabulary: findings, rules, options and the cost summary. The engine
// API (lint_request, Linter for logs) returns these; the CLI and the app's lint panel format them.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "lint/rule_ids.h"
#include "prompt/prompt_types.h"

namespace pl::lint {

enum class Severity { Note = 0, Warning = 1, Error = 2 };
const char* severity_name(Severity s);  // "note", "warning", "error"
std::optional<Severity> parse_severity(const std::string& name);

using pl::Provider;                     // prompt/prompt_types.h
const char* provider_name(Provider p);  // provider_id (prompt/prompt_types.h)

struct RuleInfo {
    const char* name;         // stable kebab-case id, one of rule:: (rule_ids.h)
    Severity severity;        // default severity
    const char* summary;      // one line, for SARIF shortDescription and --list-rules
    const char* explanation;  // one paragraph, for --explain and SARIF fullDescription
};

// Every rule, in a fixed order (the SARIF ruleIndex is the position in this list).
const std::vector<RuleInfo>& rule_catalog();
const RuleInfo* find_rule(const std::string& name);

// Tokens [begin, end) of a request's rendered prompt (prompt/renderer.h, with the layout of the
// body's provider).
struct TokenRange {
    int begin = 0;
    int end = 0;  // exclusive
    bool operator==(const TokenRange&) const = default;
};

// A finding's text as a key and its arguments, so a front end can say it in another language
// without parsing the English (the app's Lint dock; the CLI prints Finding::message). The keys
// are stable and name an English template; each argument is a string shown as it is (a value
// from the request, a pointer, a block number), an integer shown with the language's digit
// grouping (a token count, written "1,024" in English), or {"phrase": key, "args": [...]} for a
// phrase of its own ("cached prefix", "1-hour", "3 blocks").
struct Phrase {
    std::string key;
    ojson args = ojson::array();
};
inline ojson phrase_arg(const std::string& key, ojson args = ojson::array()) {
    return ojson{{"phrase", key}, {"args", std::move(args)}};
}

struct Finding {
    std::string rule;
    Severity severity = Severity::Warning;
    std::string message;
    std::string file;
    int line = 0;         // 1-based line in the input file
    int column = 0;       // 1-based column, in characters
    std::string pointer;  // JSON pointer inside the JSON document on that line (or the file)
    int request = -1;     // index of the request in a log or scenario; -1 for a single request
    std::optional<std::string> fix;  // one-line advice
    // For compiler-style text: the source line (a window of it when long), where the
    // underline starts in it (0-based, characters) and how many characters it covers.
    std::string excerpt;
    int excerpt_column = 0;
    int underline = 1;
    ojson details = ojson::object();  // rule-specific numbers: tokens_lost, cause, ...
    // Where it sits in its request's prompt (lint/finding_tokens.h), when it names tokens there.
    std::optional<TokenRange> tokens;
    // `message` as phrases, whose English templates joined give `message` exactly; empty for a
    // message with no key (then a front end shows `message`).
    std::vector<Phrase> message_parts;
    std::string fix_key;  // names `fix` (a fix has no arguments)
};

// What the provider would report and bill for one request (lint/cache_cost.h emulates it).
struct RequestUsage {
    int prompt_tokens = 0;
    int input_tokens = 0;  // billed at the base price
    int cache_creation_input_tokens = 0;
    int cache_creation_1h_input_tokens = 0;  // of those, written with the 1-hour TTL
    int cache_read_input_tokens = 0;         // OpenAI: cached_tokens
    double usd = 0.0;
};

// One request of a log as the linter's cost model saw it: its usage, with the rule that decided
// it, so a view that shows the bill and one that shows the findings tell the same story.
struct RequestBilling {
    RequestUsage usage;
    // What the log record says the provider reported (cache_read -1 when it carries none).
    long long reported_cache_read_input_tokens = -1;
    int breakpoints = 0;  // Anthropic cache_control breakpoints (automatic caching's included)
    int min_tokens = 0;   // the minimum cacheable prefix for its model
    std::string model;    // the price row used ("" when the body names none)
};

struct LintOptions {
    std::optional<Provider> provider;  // detected from the body when unset
    std::optional<int> min_tokens;     // overrides the minimum cacheable length table
    int repeat = 10;                   // cost estimate of a single request sent this many times
    bool estimate_cost = true;
    // Anthropic bodies without cache_control are treated as automatically cached up to the final
    // user message, as `prefixlens run` plays scenarios (vLLM-style prefix caching). Set for
    // scenario files; real Anthropic requests cache nothing without a breakpoint.
    bool automatic_caching = false;
    double automatic_ttl_s = 1e300;  // the scenario's ttl_s (none: entries do not expire)
    // A log reports a repeated finding once, at its first request, with the count in its
    // message. Off: every request gets its own finding (the app lists one request's findings).
    bool merge_repeats = true;
    // See Linter::set_group_conversations.
    bool group_conversations = false;
    // A request whose prompt is longer than this is an input error, found before the text that
    // cannot fit is tokenized: 2,097,152, the longest context a provider serves (Gemini's 2M).
    std::size_t max_prompt_tokens = std::size_t{1} << 21;
    // What the linter keeps of earlier conversations (the previous request of each): past
    // either bound the conversation seen least recently is forgotten.
    std::size_t max_remembered_conversations = 65536;
    long long max_remembered_tokens = 32LL << 20;
};

// What the provider would report and bill, summed over the requests.
struct UsageTotals {
    long long input_tokens = 0;  // Anthropic: after the last breakpoint; OpenAI: uncached
    long long cache_creation_input_tokens = 0;
    long long cache_creation_1h_input_tokens = 0;  // of those, written with the 1-hour TTL
    long long cache_read_input_tokens = 0;         // OpenAI: cached_tokens
    long long prompt_tokens = 0;                   // all input tokens
    double usd = 0.0;
};

struct CostSummary {
    bool available = false;
    std::string model;  // the price row used
    std::string price_source;
    std::string price_date;
    int requests = 0;  // requests simulated (log length, or --repeat)
    UsageTotals as_is;
    UsageTotals with_fixes;
    double no_cache_usd = 0.0;  // every input token at the base price
};

// One model's input prices from the lint tables (LintTables::input_prices): what costing a
// request's reported usage takes.
struct InputPrices {
    Provider provider = Provider::Anthropic;
    std::string name;                                    // the price row's
    std::string as_of;                                   // the tables' date
    double input = 0.0;                                  // USD per million tokens
    double cached_input = 0.0;                           // OpenAI: the cached-input price
    double write_5m = 1.25, write_1h = 2.0, read = 0.1;  // Anthropic multipliers

    // USD. Anthropic: base-price input, cache writes at the 5-minute or (one_hour_write) 1-hour
    // multiplier, reads at the read multiplier. OpenAI: uncached tokens (input and
    // cache_creation alike) at the input price, cached ones at the cached price.
    double cost_usd(long long input_tokens, long long cache_creation_input_tokens,
                    long long cache_read_input_tokens, bool one_hour_write = false) const;
    // Anthropic bills each write at its breakpoint's TTL: `cache_creation_1h_input_tokens` of
    // the writes at the 1-hour multiplier, the rest at the 5-minute one.
    double cost_usd_by_ttl(long long input_tokens, long long cache_creation_input_tokens,
                           long long cache_creation_1h_input_tokens,
                           long long cache_read_input_tokens) const;
};

// How one provider's tokens were counted (count/token_counting.h), for the reports.
struct CountingInfo {
    std::string method = "exact";  // "exact", "calibrated", "estimate"
    std::string tokenizer;         // "o200k_base", "gemma3", "o200k_base x1.2", ...
    double error = 0.0;            // the relative error the counts may carry
    int requests = 0;
    std::string note;  // why not exact

    // One more request counted by `method`: a provider's method is its first request's, raised
    // to "calibrated" once any request is (an exact count stays exact).
    void add_request(const std::string& request_method, const std::string& by, double err) {
        if (requests == 0 || request_method == "calibrated" || request_method == "exact")
            method = request_method;
        tokenizer = by;
        error = err;
        ++requests;
    }
};

struct LintSummary {
    Provider provider = Provider::Anthropic;
    int requests = 0;
    int errors = 0;
    int warnings = 0;
    int notes = 0;
    int input_errors = 0;         // broken log lines (reported, skipped)
    int conversations = 0;        // distinct conversations in a log (grouped)
    std::string input_format;     // the log's record format, when it is a log
    long long prompt_tokens = 0;  // estimated, over all requests
    std::string tokenizer;        // what counted the tokens
    // Per provider id, how its requests were counted (empty: the built-in tokenizer alone).
    std::map<std::string, CountingInfo> counting;
    CostSummary cost;
};

}  // namespace pl::lint
