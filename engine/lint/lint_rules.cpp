// The rule catalog: names are part of the interface (scripts filter on them); keep them stable.
#include "lint/lint_types.h"

namespace pl::lint {

const char* severity_name(Severity s) {
    switch (s) {
        case Severity::Note:
            return "note";
        case Severity::Warning:
            return "warning";
        case Severity::Error:
            return "error";
    }
    return "?";
}

std::optional<Severity> parse_severity(const std::string& name) {
    if (name == "note")
        return Severity::Note;
    if (name == "warning")
        return Severity::Warning;
    if (name == "error")
        return Severity::Error;
    return std::nullopt;
}

const char* provider_name(Provider p) {
    return provider_id(p);
}

const std::vector<RuleInfo>& rule_catalog() {
    static const std::vector<RuleInfo> rules = {
        {rule::kDynamicPrefix, Severity::Warning,
         "A value that changes per request sits inside the cacheable prefix.",
         "A prompt cache reuses only the longest run of tokens identical to an earlier request, "
         "counted from the very first token. A date, a clock time, an epoch timestamp, a UUID, a "
         "random or labelled request/session/trace id or a counter such as \"Request #1042\" that "
         "changes with every request therefore ends the reusable prefix where it appears: every "
         "token and block after it (up to the last cache_control breakpoint for Anthropic, up to "
         "the final user message for OpenAI) is written again and billed at full price (or at the "
         "1.25x/2x cache-write price) on every call. Keep what changes at the end: move the value "
         "into the final user message (`--fix` does this). In a log, values that stay the same "
         "across requests (a date inside a static policy) are not reported, and a timestamp in "
         "the final user message is always fine."},
        {rule::kDynamicTools, Severity::Warning,
         "A value that changes per request sits inside a tool definition.",
         "Tools are the first part of the prompt (both providers put them before the system "
         "prompt and the messages), so a date, id or counter inside a tool's name, description or "
         "schema makes the very first blocks differ between requests: nothing at all can be "
         "reused, not the tools, not the system prompt, not the conversation. Tool definitions "
         "should be constant; pass per-request values in the final user message instead."},
        {rule::kTooManyBreakpoints, Severity::Error,
         "More than 4 cache_control breakpoints in one request.",
         "Anthropic's Messages API accepts at most four cache_control markers per request "
         "(counting tools, system blocks and message content blocks, and automatic caching: a "
         "top-level cache_control takes one of the four slots for the breakpoint it puts on the "
         "last cacheable block); a request with more is "
         "rejected with an invalid_request_error. The automatic 20-block lookback makes extra "
         "breakpoints unnecessary: place one at the end of each part that changes at a different "
         "rate (tools, system, long documents, the growing conversation)."},
        {rule::kBelowMinCacheable, Severity::Warning,
         "A breakpoint's prefix is shorter than the model's minimum cacheable length.",
         "Each Anthropic model family caches a prefix only from a minimum length (1,024 tokens "
         "for most Sonnet and Opus models, 2,048 or 4,096 for others; the table with its source "
         "and date is assets/lint/min_cacheable_tokens.json, and --min-tokens overrides it). A "
         "breakpoint on a shorter prefix is not an error: the API silently caches nothing there, "
         "so cache_creation_input_tokens stays 0. Move the breakpoint further down, or accept "
         "that this part is not cached. Token counts are estimates from the built-in "
         "tokenizer."},
        {rule::kUnstableSerialization, Severity::Warning,
         "Equal tool or schema definitions are serialized differently between requests.",
         "The cache compares the rendered bytes, not the meaning. Two tool definitions that say "
         "the same thing but list their keys in a different order, differ only in whitespace, or "
         "come in a different order in the tools array (for example built from a hash map or a "
         "set) produce different tokens from the first tool on, so nothing is reused. Serialize "
         "tools and JSON schemas deterministically: a fixed tool order (e.g. sorted by name) and "
         "a canonical key order; --fix does both. In a single request, an unsorted tools list is "
         "reported as a note."},
        {rule::kBreakpointLookback, Severity::Warning,
         "A breakpoint is 20 or more blocks after the previous cached prefix.",
         "When Anthropic's API looks for a cache entry it checks the breakpoint's own prefix and "
         "then the ends of the earlier content blocks, 20 positions in all counting the "
         "breakpoint's own block (block numbers count from 1, as the documentation does: a "
         "breakpoint at block 35 checks blocks 35 down to 16, so an entry written at block 15 is "
         "not found). A prefix cached by an earlier "
         "request (or an earlier breakpoint) that ends 20 or more blocks before the next "
         "breakpoint cannot be found: the whole prefix is written again instead of read. Add a "
         "breakpoint closer to the earlier one (agents that append many tool calls per turn "
         "should move the breakpoint to the end of the conversation on every request)."},
        {rule::kPrefixChanged, Severity::Warning,
         "A request changes the cached prefix of the request before it.",
         "Across a log, each request is compared with the one before it. When a change lands "
         "inside the prefix the earlier request "
         "cached, everything after the first difference is written again. The finding names the "
         "first divergence (part, JSON pointer, character and token offset, block) and its cause: "
         "tools-changed (edits to tool definitions void everything), system-changed, "
         "history-rewritten (a non-append change to earlier turns: editing, trimming or "
         "summarizing history), params-changed (a different model voids everything; speed the "
         "system prompt and messages; tool_choice or thinking the messages), images-changed "
         "(adding or removing images voids the messages), thinking-stripped (a plain user turn "
         "after assistant thinking blocks makes the API drop them, so the messages no longer "
         "match), or cache-key-changed (OpenAI: another prompt_cache_key is another cache). In a "
         "log, requests are grouped into conversations (session id, prompt_cache_key, "
         "metadata.user_id, else the first user message) and each is compared with the previous "
         "request of its conversation. One cause gives one finding: when a dynamic value or a "
         "reserialized tool already explains the miss, that finding lists the later requests it "
         "affects instead. Append to conversations; keep tools, system and parameters fixed."},
        {rule::kTtlGap, Severity::Warning, "The time between requests exceeds the cache lifetime.",
         "A cached prefix lives for its TTL after its last use: 5 minutes by default on "
         "Anthropic (1 hour with \"ttl\": \"1h\" at a 2x write price), roughly 5 to 10 minutes of "
         "inactivity on OpenAI (the linter uses 5 minutes; 24 hours with "
         "prompt_cache_retention \"24h\"). When the log's timestamps show a longer gap, the prefix "
         "has expired and is written again. For sparse traffic use the 1-hour TTL, or accept the "
         "rewrite."},
        {rule::kInvalidInput, Severity::Error, "The input could not be read as a request.",
         "The file, a line of a JSON Lines log, or a request in it is not valid JSON, is nested "
         "too deeply, holds a string over the size limit, or does not have the shape of an "
         "Anthropic Messages or OpenAI Chat Completions/Responses request. The message gives the "
         "line and column or the JSON pointer. Other lines of a log are still linted; the exit "
         "status is 2."},
        {rule::kTtlOrder, Severity::Error,
         "A breakpoint with a longer TTL comes after one with a shorter TTL.",
         "Anthropic's API accepts mixed cache lifetimes in one request only when the longer ones "
         "come first: every \"ttl\": \"1h\" breakpoint must come before any 5-minute one (in "
         "the order tools, system, messages, with automatic caching's breakpoint last). A "
         "request with a 1-hour breakpoint after a 5-minute one is rejected with an "
         "invalid_request_error. Writes are billed per TTL: the tokens up to a 1-hour breakpoint "
         "at 2x the input price, the rest up to a 5-minute breakpoint at 1.25x; the cost "
         "estimate does the same."},
        {rule::kProviderReadNothing, Severity::Warning,
         "The provider read nothing although the prefix was identical to the previous request.",
         "When a log record carries the provider's usage (Anthropic's cache_read_input_tokens, "
         "OpenAI's prompt_tokens_details.cached_tokens), the linter compares it with its own "
         "prediction. This rule fires when the usage reports 0 cached tokens although the "
         "previous request of the same conversation cached a prefix that this request repeats "
         "unchanged, within its lifetime and above the minimum length. Nothing in the prompt "
         "explains the miss, so look outside it: the entry was evicted, the first request wrote "
         "nothing (its breakpoint was below the minimum, or it failed), or the request reached "
         "another cache (another workspace or organization; on OpenAI no or a different "
         "prompt_cache_key, or enough traffic on one prefix to overflow to other machines). "
         "Token counts are estimates, so a prefix near the minimum may be a false alarm."},
        {rule::kUnknownModel, Severity::Note,
         "The model is not in the lint tables; another row's figures are used.",
         "The cost estimate and the minimum cacheable length come from assets/lint/pricing.json "
         "and min_cacheable_tokens.json, each row with its source page and the date it was "
         "read. A model is matched by its exact id (a dated id such as "
         "claude-sonnet-4-5-20250929, a -latest alias, a Bedrock or router prefix included). A "
         "model no row names gets the row of its family (by substring) or the default model's "
         "row, and this note names the row used, so a newer model is never priced as an older "
         "one silently. Pass --pricing FILE (the shape of pricing.json: your contract's prices) "
         "and --min-tokens N to replace the guess."},
        {rule::kCachePointUnsupported, Severity::Warning,
         "A cache point where the model cannot cache.",
         "Amazon Nova models on Bedrock cache the system prompt and the messages but not the tool "
         "definitions: a cachePoint inside toolConfig is not supported for them. Put the first "
         "cache point after the system prompt instead; --fix removes the one in toolConfig."},
        {rule::kCacheLimitExceeded, Severity::Warning,
         "The cached prefix is longer than the model can cache.",
         "Amazon Nova models cache at most about 32,000 tokens of prefix. A cache point further "
         "into the prompt than that caches no more: the tokens past the limit are computed and "
         "billed on every request. Keep the stable part of the prompt under the limit and put the "
         "cache point there."},
        {rule::kCachedContentConflict, Severity::Error,
         "A request that reads a Gemini cached content also sets its own system instruction or "
         "tools.",
         "A Gemini explicit cache (cachedContents) holds the system instruction, the tools and the "
         "leading contents; a generateContent request that names it with cachedContent may add "
         "contents after them but may not set systemInstruction, tools or toolConfig itself: the "
         "API refuses the request. Create the cache with them instead."},
        {rule::kCachedContentRepeated, Severity::Warning,
         "A request sends again the contents its Gemini cached content already holds.",
         "A request that names a cachedContent is read as the cache's contents followed by the "
         "request's own. When the request starts with the same contents the cache was created "
         "with, the model reads them twice and they are billed twice: once at the cached price and "
         "once at the full price. Send only what follows the cached contents. The linter knows a "
         "cache's contents when the log holds the cachedContents.create record whose response "
         "names it."},
    };
    return rules;
}

const RuleInfo* find_rule(const std::string& name) {
    for (const auto& r : rule_catalog()) {
        if (name == r.name)
            return &r;
    }
    return nullptr;
}

}  // namespace pl::lint
