#include "panels/lint_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <optional>

#include "common/i18n.h"

namespace pl::ui {

namespace {

// Key and English template; the template is what lupdate collects and the catalogue translates.
struct Text {
    const char* key;
    const char* english;
};

const Text kMessages[] = {
    {"dynamic.value",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "%1 contains a %2 value '%3' that changes per request: the ~%4 tokens "
                       "(estimated) in %5 from here to the %6 can never be reused")},
    {"dynamic.hedged",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "'%1' looks like a %2 that may change per request (nothing in this input "
                       "shows it does): if it does, the ~%3 tokens (estimated) after it are "
                       "never reused; if it is fixed (a build hash, a policy's date), ignore "
                       "this")},
    {"too-many-breakpoints",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "%1 cache_control breakpoints; the API accepts at most %2 and rejects "
                       "this request")},
    {"too-many-breakpoints.automatic",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "%1 cache_control breakpoints (%2 explicit and 1 from automatic caching, "
                       "the top-level cache_control); the API accepts at most %3 and rejects "
                       "this request")},
    {"ttl-order",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "this %1 breakpoint comes after a 5-minute one (%2); the API requires "
                       "breakpoints with longer TTLs to come first and rejects this request")},
    {"below-min-cacheable",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "the prefix up to this breakpoint is ~%1 tokens (estimated), below the "
                       "minimum of %2 for %3: it is silently not cached")},
    {"below-min-cacheable.estimated",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "the prefix up to this breakpoint is ~%1-%2 tokens by the provider's "
                       "tokenizer (estimated from its length; the built-in tokenizer counts "
                       "%3), below the minimum of %4 for %5: it is silently not cached")},
    {"below-min-cacheable.near",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "near the threshold: the prefix up to this breakpoint is ~%1-%2 tokens "
                       "by the provider's tokenizer (estimated from its length; the built-in "
                       "tokenizer counts %3), around the minimum of %4 for %5: it may not be "
                       "cached; cache_creation_input_tokens in the response tells")},
    {"below-min-cacheable.implicit",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "this prompt is %1 tokens by %2's count, below the minimum of %3 for %4: "
                       "implicit caching neither reads nor stores any of it")},
    {"below-min-cacheable.implicit-near",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "near the threshold: this prompt is about %1 tokens by %2's count "
                       "(estimated), around the minimum of %3 for %4: it may not be cached; the "
                       "usage's cached tokens tell")},
    {"breakpoint-lookback.gap",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "this breakpoint (content block %1) is %2 blocks after the previous one "
                       "(block %3); the API checks only %4 blocks counting its own, so a change "
                       "between them misses every earlier entry")},
    {"breakpoint-lookback.previous",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "the previous request cached ~%1 tokens ending at content block %2, but "
                       "this breakpoint is at block %3, %4 blocks later; the API checks only 20 "
                       "blocks counting the breakpoint's own, so it writes the whole prefix "
                       "again instead of reading it")},
    {"unstable-serialization.tool-order-changed",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "the same tools come in a different order than in the previous request; "
                       "every token from the first tool on is new")},
    {"unstable-serialization.tool-keys",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "tool '%1' is the same as in the previous request but its keys are in a "
                       "different order; the cache sees a different tool")},
    {"unstable-serialization.tool-whitespace",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "tool '%1' is the same as in the previous request but its whitespace "
                       "differs; the cache sees a different tool")},
    {"unstable-serialization.tools-after.one",
     QT_TRANSLATE_NOOP("pl::ui::LintText", ", and the tool after it loses its cache with it")},
    {"unstable-serialization.tools-after.many",
     QT_TRANSLATE_NOOP("pl::ui::LintText", ", and the %1 tools after it lose their cache with it")},
    {"unstable-serialization.more-tools.one",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       " (1 more tool after it is serialized differently too)")},
    {"unstable-serialization.more-tools.many",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       " (%1 more tools after it are serialized differently too)")},
    {"unstable-serialization.schema-keys",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "this schema equals the previous request's but its keys are in a "
                       "different order")},
    {"unstable-serialization.tools-unsorted",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "tools are not in a stable (sorted) order; if they are built from a map "
                       "or set, their order can change between requests and void the whole cache")},
    {"prefix-changed.at", QT_TRANSLATE_NOOP("pl::ui::LintText", "prefix changed (%1) at %2")},
    {"prefix-changed.character", QT_TRANSLATE_NOOP("pl::ui::LintText", ", character %1")},
    {"prefix-changed.character-of-json",
     QT_TRANSLATE_NOOP("pl::ui::LintText", ", character %1 of its JSON")},
    {"prefix-changed.lost",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       ", token %1, content block %2: ~%3 tokens (estimated) the previous "
                       "request cached cannot be reused")},
    {"ttl-gap",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "%1 s since the previous request, longer than the %2 cache lifetime: the "
                       "~%3 tokens (estimated) it cached have expired and are written again")},
    {"provider-read-nothing.anthropic",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "the provider read nothing (cache_read_input_tokens 0) although the "
                       "prefix was identical to the previous request's (line %1) for ~%2 tokens "
                       "(estimated) within its lifetime: the entry was evicted or never "
                       "written, or the request reached another cache (another workspace or a "
                       "different beta header; or the first request wrote nothing because its "
                       "breakpoint was below the minimum)")},
    {"provider-read-nothing.openai",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "the provider read nothing (cached_tokens 0) although the prefix was "
                       "identical to the previous request's (line %1) for ~%2 tokens "
                       "(estimated) within its lifetime: the entry was evicted or never "
                       "written, or the request reached another cache (no or a different "
                       "prompt_cache_key, or more than about 15 requests per minute on one "
                       "prefix overflow to other machines)")},
    {"unknown-model.prices",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "model '%1' is not in the lint tables: prices from the %2 row (a guess: "
                       "check the provider's pages)")},
    {"unknown-model.min-tokens",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "model '%1' is not in the lint tables: minimum cacheable length %2 from "
                       "the %3 row (a guess: check the provider's pages)")},
    {"unknown-model.both",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "model '%1' is not in the lint tables: prices from the %2 row, minimum "
                       "cacheable length %3 from the %4 row (a guess: check the provider's "
                       "pages)")},
    {"repeats", QT_TRANSLATE_NOOP("pl::ui::LintText", " (in %1 requests)")},
    {"tokens-lost-here",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "; ~%1 cached tokens (estimated) are written again here")},
    {"voids-later.one",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "; it voids the cache of 1 later request (line %1), ~%2 tokens "
                       "(estimated) in all")},
    {"voids-later.many",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "; it voids the cache of %1 later requests (lines %2), ~%3 tokens "
                       "(estimated) in all")},
    {"too-many-breakpoints.bedrock",
     QT_TRANSLATE_NOOP(
         "pl::ui::LintText",
         "%1 cachePoint blocks; Bedrock accepts at most %2 and rejects this request")},
    {"cache-point-unsupported.nova-tools",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "Amazon Nova does not cache tool definitions: this cachePoint in toolConfig "
                       "is not supported by %1")},
    {"cache-limit-exceeded.nova",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "the prefix up to this cachePoint is ~%1 tokens (estimated); %2 caches at "
                       "most %3, so the ~%4 tokens past that are computed on every request")},
    {"cached-content-conflict",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "this request reads %1 and also sets %2: Gemini refuses that (they belong "
                       "in the cached content)")},
    {"cached-content-repeated",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "the first %1 of these contents repeat what %2 (line %3) already holds: ~%4 "
                       "tokens (estimated) are sent and billed again at the full price")},
    {"ttl-gap.cached-content",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "%1 (created on line %2) expired %3 s before this request: Gemini no longer "
                       "has it and refuses the request")},
};

// Phrases that stand for an argument of a message ("cached prefix", "3 blocks").
const Text kPhrases[] = {
    {"where.tool-definition", QT_TRANSLATE_NOOP("pl::ui::LintText", "tool definition")},
    {"where.cached-prefix", QT_TRANSLATE_NOOP("pl::ui::LintText", "cached prefix")},
    {"kind.date", QT_TRANSLATE_NOOP("pl::ui::LintText", "date")},
    {"kind.time", QT_TRANSLATE_NOOP("pl::ui::LintText", "time")},
    {"kind.weekday", QT_TRANSLATE_NOOP("pl::ui::LintText", "weekday")},
    {"kind.epoch", QT_TRANSLATE_NOOP("pl::ui::LintText", "epoch")},
    {"kind.uuid", QT_TRANSLATE_NOOP("pl::ui::LintText", "uuid")},
    {"kind.hex-id", QT_TRANSLATE_NOOP("pl::ui::LintText", "hex-id")},
    {"kind.random-id", QT_TRANSLATE_NOOP("pl::ui::LintText", "random-id")},
    {"kind.labeled-id", QT_TRANSLATE_NOOP("pl::ui::LintText", "labeled-id")},
    {"kind.counter", QT_TRANSLATE_NOOP("pl::ui::LintText", "counter")},
    {"kind.value", QT_TRANSLATE_NOOP("pl::ui::LintText", "value")},
    {"blocks.one", QT_TRANSLATE_NOOP("pl::ui::LintText", "1 block")},
    {"blocks.many", QT_TRANSLATE_NOOP("pl::ui::LintText", "%1 blocks")},
    {"end.last-breakpoint", QT_TRANSLATE_NOOP("pl::ui::LintText", "last cache breakpoint")},
    {"end.final-user-message", QT_TRANSLATE_NOOP("pl::ui::LintText", "final user message")},
    {"ttl.1-hour", QT_TRANSLATE_NOOP("pl::ui::LintText", "1-hour")},
    {"ttl.longer", QT_TRANSLATE_NOOP("pl::ui::LintText", "longer")},
    {"ttl.24-hour", QT_TRANSLATE_NOOP("pl::ui::LintText", "24-hour")},
    {"ttl.5-minute", QT_TRANSLATE_NOOP("pl::ui::LintText", "5-minute")},
    {"model.this", QT_TRANSLATE_NOOP("pl::ui::LintText", "this model")},
};

const Text kFixes[] = {
    {"dynamic.move",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "move it into the final user message (prefixlens lint --fix)")},
    {"dynamic.hedged",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "if it changes per request, move it into the final user message")},
    {"too-many-breakpoints",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "keep at most 4: one at the end of each part that changes at its own rate")},
    {"too-many-breakpoints.automatic",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "drop an explicit breakpoint, or the top-level cache_control")},
    {"ttl-order",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "give the earlier breakpoints the longer TTL (\"ttl\": \"1h\" first, 5 "
                       "minutes after)")},
    {"below-min-cacheable",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "move the breakpoint after more stable content, or drop it")},
    {"below-min-cacheable.near",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "move the breakpoint after more stable content, or check the usage fields")},
    {"below-min-cacheable.implicit",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "put more stable content (instructions, examples, documents) before what "
                       "changes, or expect no cache")},
    {"breakpoint-lookback.gap",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "add a breakpoint within 20 blocks of the previous one")},
    {"breakpoint-lookback.previous",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "also mark the end of the previous turn, or keep breakpoints within 20 "
                       "blocks of each other")},
    {"unstable-serialization.sort-tools",
     QT_TRANSLATE_NOOP("pl::ui::LintText", "sort tools by name (prefixlens lint --fix)")},
    {"unstable-serialization.canonical-tools",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "serialize tools with a canonical key order (prefixlens lint --fix)")},
    {"unstable-serialization.canonical-schemas",
     QT_TRANSLATE_NOOP("pl::ui::LintText", "serialize schemas with a canonical key order")},
    {"prefix-changed.history-rewritten",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "append to the conversation instead of editing earlier turns")},
    {"prefix-changed.thinking-stripped",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "a plain user turn after thinking blocks drops them and the messages "
                       "cache: expect the miss, or keep thinking off in conversations with "
                       "plain turns")},
    {"prefix-changed.images-changed",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "adding or removing images voids the messages cache: keep images where "
                       "they are and add new ones only where a miss is acceptable")},
    {"prefix-changed.cache-key-changed",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "keep prompt_cache_key the same for requests that share a prefix")},
    {"prefix-changed.params-changed",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "keep model, tool_choice, thinking, speed, web search and citations "
                       "fixed within a conversation")},
    {"prefix-changed.constant",
     QT_TRANSLATE_NOOP("pl::ui::LintText", "keep tools and system constant across requests")},
    {"ttl-gap.anthropic",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "use \"cache_control\": {\"type\": \"ephemeral\", \"ttl\": \"1h\"} for "
                       "sparse traffic")},
    {"ttl-gap.openai",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "use prompt_cache_retention \"24h\" where the model supports it")},
    {"provider-read-nothing.anthropic",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "check that both requests carry the same cache_control breakpoints and "
                       "workspace")},
    {"provider-read-nothing.openai",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "send a stable prompt_cache_key for requests that share this prefix")},
    {"unknown-model",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "pass --pricing FILE with this model's row, and --min-tokens N")},
    {"too-many-breakpoints.bedrock",
     QT_TRANSLATE_NOOP(
         "pl::ui::LintText",
         "keep at most 4 cache points: one after each part that changes at its own rate")},
    {"cache-point-unsupported.nova-tools",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "remove the cachePoint from toolConfig; put the first one after the system "
                       "prompt (prefixlens lint --fix)")},
    {"cache-limit-exceeded.nova",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "put a cache point before the limit and keep the cached prefix under it")},
    {"cached-content-conflict",
     QT_TRANSLATE_NOOP(
         "pl::ui::LintText",
         "put the system instruction and tools into the cached content when creating it")},
    {"cached-content-repeated",
     QT_TRANSLATE_NOOP("pl::ui::LintText", "send only what follows the cached contents")},
    {"ttl-gap.cached-content",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "create the cache with a ttl that covers the traffic, or extend it "
                       "(cachedContents patch) before it expires")},
    {"ttl-gap.bedrock",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "add \"ttl\": \"1h\" to the cachePoint for sparse traffic")},
    {"ttl-gap.gemini", QT_TRANSLATE_NOOP("pl::ui::LintText",
                                         "for sparse traffic, create an explicit cache "
                                         "(cachedContents) with a ttl that covers the gaps")},
};

struct RuleText {
    const char* rule;
    const char* summary;
    const char* explanation;
};

// rule_catalog()'s summaries and explanations (engine/lint/lint_rules.cpp), word for word.
const RuleText kRules[] = {
    {"dynamic-prefix",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "A value that changes per request sits inside the cacheable prefix."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "A prompt cache reuses only the longest run of tokens identical to an "
                       "earlier request, counted from the very first token. A date, a clock "
                       "time, an epoch timestamp, a UUID, a random or labelled "
                       "request/session/trace id or a counter such as \"Request #1042\" that "
                       "changes with every request therefore ends the reusable prefix where it "
                       "appears: every token and block after it (up to the last cache_control "
                       "breakpoint for Anthropic, up to the final user message for OpenAI) is "
                       "written again and billed at full price (or at the 1.25x/2x cache-write "
                       "price) on every call. Keep what changes at the end: move the value into "
                       "the final user message (`--fix` does this). In a log, values that stay "
                       "the same across requests (a date inside a static policy) are not "
                       "reported, and a timestamp in the final user message is always fine.")},
    {"dynamic-tools",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "A value that changes per request sits inside a tool definition."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "Tools are the first part of the prompt (both providers put them before "
                       "the system prompt and the messages), so a date, id or counter inside a "
                       "tool's name, description or schema makes the very first blocks differ "
                       "between requests: nothing at all can be reused, not the tools, not the "
                       "system prompt, not the conversation. Tool definitions should be "
                       "constant; pass per-request values in the final user message instead.")},
    {"too-many-breakpoints",
     QT_TRANSLATE_NOOP("pl::ui::LintText", "More than 4 cache_control breakpoints in one request."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "Anthropic's Messages API accepts at most four cache_control markers per "
                       "request (counting tools, system blocks and message content blocks, and "
                       "automatic caching: a top-level cache_control takes one of the four "
                       "slots for the breakpoint it puts on the last cacheable block); a "
                       "request with more is rejected with an invalid_request_error. The "
                       "automatic 20-block lookback makes extra breakpoints unnecessary: place "
                       "one at the end of each part that changes at a different rate (tools, "
                       "system, long documents, the growing conversation).")},
    {"below-min-cacheable",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "A breakpoint's prefix is shorter than the model's minimum cacheable "
                       "length."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "Each Anthropic model family caches a prefix only from a minimum length "
                       "(1,024 tokens for most Sonnet and Opus models, 2,048 or 4,096 for "
                       "others; the table with its source and date is "
                       "assets/lint/min_cacheable_tokens.json, and --min-tokens overrides it). "
                       "A breakpoint on a shorter prefix is not an error: the API silently "
                       "caches nothing there, so cache_creation_input_tokens stays 0. Move the "
                       "breakpoint further down, or accept that this part is not cached. Token "
                       "counts are estimates from the built-in tokenizer.")},
    {"unstable-serialization",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "Equal tool or schema definitions are serialized differently between "
                       "requests."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "The cache compares the rendered bytes, not the meaning. Two tool "
                       "definitions that say the same thing but list their keys in a different "
                       "order, differ only in whitespace, or come in a different order in the "
                       "tools array (for example built from a hash map or a set) produce "
                       "different tokens from the first tool on, so nothing is reused. "
                       "Serialize tools and JSON schemas deterministically: a fixed tool order "
                       "(e.g. sorted by name) and a canonical key order; --fix does both. In a "
                       "single request, an unsorted tools list is reported as a note.")},
    {"breakpoint-lookback",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "A breakpoint is 20 or more blocks after the previous cached prefix."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "When Anthropic's API looks for a cache entry it checks the breakpoint's "
                       "own prefix and then the ends of the earlier content blocks, 20 "
                       "positions in all counting the breakpoint's own block (block numbers "
                       "count from 1, as the documentation does: a breakpoint at block 35 "
                       "checks blocks 35 down to 16, so an entry written at block 15 is not "
                       "found). A prefix cached by an earlier request (or an earlier "
                       "breakpoint) that ends 20 or more blocks before the next breakpoint "
                       "cannot be found: the whole prefix is written again instead of read. Add "
                       "a breakpoint closer to the earlier one (agents that append many tool "
                       "calls per turn should move the breakpoint to the end of the "
                       "conversation on every request).")},
    {"prefix-changed",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "A request changes the cached prefix of the request before it."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "Across a log, each request is compared with the one before it. When a "
                       "change lands inside the prefix the earlier request cached, everything "
                       "after the first difference is written again. The finding names the "
                       "first divergence (part, JSON pointer, character and token offset, "
                       "block) and its cause: tools-changed (edits to tool definitions void "
                       "everything), system-changed, history-rewritten (a non-append change to "
                       "earlier turns: editing, trimming or summarizing history), "
                       "params-changed (a different model voids everything; speed the system "
                       "prompt and messages; tool_choice or thinking the messages), "
                       "images-changed (adding or removing images voids the messages), "
                       "thinking-stripped (a plain user turn after assistant thinking blocks "
                       "makes the API drop them, so the messages no longer match), or "
                       "cache-key-changed (OpenAI: another prompt_cache_key is another cache). "
                       "In a log, requests are grouped into conversations (session id, "
                       "prompt_cache_key, metadata.user_id, else the first user message) and "
                       "each is compared with the previous request of its conversation. One "
                       "cause gives one finding: when a dynamic value or a reserialized tool "
                       "already explains the miss, that finding lists the later requests it "
                       "affects instead. Append to conversations; keep tools, system and "
                       "parameters fixed.")},
    {"ttl-gap",
     QT_TRANSLATE_NOOP("pl::ui::LintText", "The time between requests exceeds the cache lifetime."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "A cached prefix lives for its TTL after its last use: 5 minutes by "
                       "default on Anthropic (1 hour with \"ttl\": \"1h\" at a 2x write price), "
                       "roughly 5 to 10 minutes of inactivity on OpenAI (the linter uses 5 "
                       "minutes; 24 hours with prompt_cache_retention \"24h\"). When the log's "
                       "timestamps show a longer gap, the prefix has expired and is written "
                       "again. For sparse traffic use the 1-hour TTL, or accept the rewrite.")},
    {"invalid-input",
     QT_TRANSLATE_NOOP("pl::ui::LintText", "The input could not be read as a request."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "The file, a line of a JSON Lines log, or a request in it is not valid "
                       "JSON, is nested too deeply, holds a string over the size limit, or does "
                       "not have the shape of an Anthropic Messages or OpenAI Chat "
                       "Completions/Responses request. The message gives the line and column or "
                       "the JSON pointer. Other lines of a log are still linted; the exit "
                       "status is 2.")},
    {"ttl-order",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "A breakpoint with a longer TTL comes after one with a shorter TTL."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "Anthropic's API accepts mixed cache lifetimes in one request only when "
                       "the longer ones come first: every \"ttl\": \"1h\" breakpoint must come "
                       "before any 5-minute one (in the order tools, system, messages, with "
                       "automatic caching's breakpoint last). A request with a 1-hour "
                       "breakpoint after a 5-minute one is rejected with an "
                       "invalid_request_error. Writes are billed per TTL: the tokens up to a "
                       "1-hour breakpoint at 2x the input price, the rest up to a 5-minute "
                       "breakpoint at 1.25x; the cost estimate does the same.")},
    {"provider-read-nothing",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "The provider read nothing although the prefix was identical to the "
                       "previous request."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "When a log record carries the provider's usage (Anthropic's "
                       "cache_read_input_tokens, OpenAI's prompt_tokens_details.cached_tokens), "
                       "the linter compares it with its own prediction. This rule fires when "
                       "the usage reports 0 cached tokens although the previous request of the "
                       "same conversation cached a prefix that this request repeats unchanged, "
                       "within its lifetime and above the minimum length. Nothing in the prompt "
                       "explains the miss, so look outside it: the entry was evicted, the first "
                       "request wrote nothing (its breakpoint was below the minimum, or it "
                       "failed), or the request reached another cache (another workspace or "
                       "organization; on OpenAI no or a different prompt_cache_key, or enough "
                       "traffic on one prefix to overflow to other machines). Token counts are "
                       "estimates, so a prefix near the minimum may be a false alarm.")},
    {"unknown-model",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "The model is not in the lint tables; another row's figures are used."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "The cost estimate and the minimum cacheable length come from "
                       "assets/lint/pricing.json and min_cacheable_tokens.json, each row with "
                       "its source page and the date it was read. A model is matched by its "
                       "exact id (a dated id such as claude-sonnet-4-5-20250929, a -latest "
                       "alias, a Bedrock or router prefix included). A model no row names gets "
                       "the row of its family (by substring) or the default model's row, and "
                       "this note names the row used, so a newer model is never priced as an "
                       "older one silently. Pass --pricing FILE (the shape of pricing.json: "
                       "your contract's prices) and --min-tokens N to replace the guess.")},
    {"cache-point-unsupported",
     QT_TRANSLATE_NOOP("pl::ui::LintText", "A cache point where the model cannot cache."),
     QT_TRANSLATE_NOOP(
         "pl::ui::LintText",
         "Amazon Nova models on Bedrock cache the system prompt and the messages but not the tool "
         "definitions: a cachePoint inside toolConfig is not supported for them. Put the first "
         "cache point after the system prompt instead; --fix removes the one in toolConfig.")},
    {"cache-limit-exceeded",
     QT_TRANSLATE_NOOP("pl::ui::LintText", "The cached prefix is longer than the model can cache."),
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "Amazon Nova models cache at most about 32,000 tokens of prefix. A cache "
                       "point further into the prompt than that caches no more: the tokens past "
                       "the limit are computed and billed on every request. Keep the stable part "
                       "of the prompt under the limit and put the cache point there.")},
    {"cached-content-conflict",
     QT_TRANSLATE_NOOP("pl::ui::LintText",
                       "A request that reads a Gemini cached content also sets its own system "
                       "instruction or tools."),
     QT_TRANSLATE_NOOP(
         "pl::ui::LintText",
         "A Gemini explicit cache (cachedContents) holds the system instruction, the tools and the "
         "leading contents; a generateContent request that names it with cachedContent may add "
         "contents after them but may not set systemInstruction, tools or toolConfig itself: the "
         "API refuses the request. Create the cache with them instead.")},
    {"cached-content-repeated",
     QT_TRANSLATE_NOOP(
         "pl::ui::LintText",
         "A request sends again the contents its Gemini cached content already holds."),
     QT_TRANSLATE_NOOP(
         "pl::ui::LintText",
         "A request that names a cachedContent is read as the cache's contents followed by the "
         "request's own. When the request starts with the same contents the cache was created "
         "with, the model reads them twice and they are billed twice: once at the cached price and "
         "once at the full price. Send only what follows the cached contents. The linter knows a "
         "cache's contents when the log holds the cachedContents.create record whose response "
         "names it.")},
};

template <std::size_t N>
const char* find(const Text (&table)[N], const std::string& key) {
    for (const Text& t : table) {
        if (key == t.key)
            return t.english;
    }
    return nullptr;
}

QString translated(const char* english) {
    return QCoreApplication::translate("pl::ui::LintText", english);
}

// %1..%9 replaced in one pass, so an argument that holds "%2" (a value quoted from a prompt)
// stays as it is.
QString fill(const QString& pattern, const QStringList& args) {
    QString out;
    out.reserve(pattern.size());
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern[i];
        if (c == u'%' && i + 1 < pattern.size() && pattern[i + 1] >= u'1' &&
            pattern[i + 1] <= u'9') {
            const qsizetype n = pattern[i + 1].unicode() - u'1';
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

// A phrase in the current language; null when its key is unknown.
std::optional<QString> say(const char* english, const ojson& args);

std::optional<QString> argument(const ojson& a) {
    if (a.is_string())
        return QString::fromStdString(a.get<std::string>());
    if (a.is_number_integer()) {
        // Token counts: "1,024" in English (as the CLI writes them), "1 024" in Polish.
        const QString lang = currentLanguage();
        return QLocale(lang == QLatin1String("en") ? QStringLiteral("en_US") : lang)
            .toString(a.get<qlonglong>());
    }
    if (a.is_object() && a.contains("phrase") && a["phrase"].is_string()) {
        const char* english = find(kPhrases, a["phrase"].get<std::string>());
        if (!english)
            return std::nullopt;
        return say(english, a.value("args", ojson::array()));
    }
    return std::nullopt;
}

std::optional<QString> say(const char* english, const ojson& args) {
    QStringList filled;
    if (args.is_array()) {
        for (const ojson& a : args) {
            auto text = argument(a);
            if (!text)
                return std::nullopt;
            filled << *text;
        }
    }
    return fill(translated(english), filled);
}

const RuleText* rule_text(const std::string& rule) {
    for (const RuleText& r : kRules) {
        if (rule == r.rule)
            return &r;
    }
    return nullptr;
}

}  // namespace

QString lintMessage(const lint::Finding& f) {
    QString out;
    for (const lint::Phrase& p : f.message_parts) {
        const char* english = find(kMessages, p.key);
        std::optional<QString> part = english ? say(english, p.args) : std::nullopt;
        if (!part)
            return QString::fromStdString(f.message);
        out += *part;
    }
    return f.message_parts.empty() ? QString::fromStdString(f.message) : out;
}

QString lintFix(const lint::Finding& f) {
    if (!f.fix)
        return {};
    if (const char* english = find(kFixes, f.fix_key))
        return translated(english);
    return QString::fromStdString(*f.fix);
}

QString lintRuleSummary(const std::string& rule) {
    if (const RuleText* r = rule_text(rule))
        return translated(r->summary);
    const lint::RuleInfo* info = lint::find_rule(rule);
    return info ? QString::fromUtf8(info->summary) : QString();
}

QString lintRuleExplanation(const std::string& rule) {
    if (const RuleText* r = rule_text(rule))
        return translated(r->explanation);
    const lint::RuleInfo* info = lint::find_rule(rule);
    return info ? QString::fromUtf8(info->explanation) : QString();
}

}  // namespace pl::ui
