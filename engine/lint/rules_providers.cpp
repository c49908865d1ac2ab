// The rules only one provider has: Amazon Nova's limits on Bedrock cache points (no tools, at
// most ~32k cached tokens) and Gemini's explicit caches (a request that names a cachedContent
// may not set its own system instruction or tools, and should not send the cached contents
// again).
#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "lint/lint_report.h"
#include "lint/rule_context.h"

namespace pl::lint {

namespace {

void check_nova(const RuleContext& ctx) {
    if (ctx.prov != Provider::Bedrock)
        return;
    const CacheRules rules = ctx.tables.cache_rules(Provider::Bedrock, ctx.model);
    const int limit = rules.max_cached_tokens > 0 ? rules.max_cached_tokens : INT_MAX;
    bool over_reported = false;
    for (const Breakpoint& bp : ctx.cur.breakpoints) {
        if (!rules.tools_cacheable && bp.pointer.rfind("/toolConfig/", 0) == 0) {
            Finding f = ctx.make(rule::kCachePointUnsupported, ctx.in.body_pointer + bp.pointer,
                                 std::string_view::npos, 0,
                                 "Amazon Nova does not cache tool definitions: this cachePoint in "
                                 "toolConfig is not supported by " +
                                     ctx.model);
            f.message_parts = {{"cache-point-unsupported.nova-tools", {ctx.model}}};
            f.fix =
                "remove the cachePoint from toolConfig; put the first one after the system "
                "prompt (prefixlens lint --fix)";
            f.fix_key = "cache-point-unsupported.nova-tools";
            f.details = {{"model", ctx.model}};
            ctx.sink.emit(std::move(f), dedupe_key(rule::kCachePointUnsupported, bp.pointer));
            continue;
        }
        // The limit is Nova's tokens: the prefix is compared in them.
        const int at = static_cast<int>(ctx.provider_count(bp.token).value);
        if (at > limit && !over_reported) {
            over_reported = true;
            Finding f = ctx.make(rule::kCacheLimitExceeded, ctx.in.body_pointer + bp.pointer,
                                 std::string_view::npos, 0,
                                 "the prefix up to this cachePoint is ~" + with_commas(at) +
                                     " tokens (estimated); " + ctx.model + " caches at most " +
                                     with_commas(limit) + ", so the ~" + with_commas(at - limit) +
                                     " tokens past that are computed on every request");
            f.message_parts = {{"cache-limit-exceeded.nova", {at, ctx.model, limit, at - limit}}};
            f.fix = "put a cache point before the limit and keep the cached prefix under it";
            f.fix_key = "cache-limit-exceeded.nova";
            f.details = {{"prefix_tokens", at}, {"limit_tokens", limit}};
            ctx.sink.emit(std::move(f), dedupe_key(rule::kCacheLimitExceeded, bp.pointer));
        }
    }
}

void check_cached_content_conflict(const RuleContext& ctx) {
    if (ctx.prov != Provider::Gemini || ctx.cur.cached_content.empty())
        return;
    for (const char* k :
         {"systemInstruction", "system_instruction", "tools", "toolConfig", "tool_config"}) {
        if (!ctx.in.body.contains(k) || ctx.in.body[k].is_null())
            continue;
        Finding f = ctx.make(rule::kCachedContentConflict,
                             ctx.in.body_pointer + "/" + std::string(k), std::string_view::npos, 0,
                             std::string("this request reads ") + ctx.cur.cached_content +
                                 " and also sets " + k +
                                 ": Gemini refuses that (they belong in the cached content)");
        f.message_parts = {{"cached-content-conflict", {ctx.cur.cached_content, k}}};
        f.fix = "put the system instruction and tools into the cached content when creating it";
        f.fix_key = "cached-content-conflict";
        f.details = {{"cached_content", ctx.cur.cached_content}, {"field", k}};
        ctx.sink.emit(std::move(f), dedupe_key(rule::kCachedContentConflict, k));
    }
}

}  // namespace

bool explicit_cache_expired(const ExplicitCache& cache, std::optional<double> at_s) {
    return cache.expires_s && at_s && *at_s > *cache.expires_s;
}

namespace {

// A request that names an explicit cache after its lifetime: the API no longer has it.
void check_cached_content_expired(const RuleContext& ctx, const ExplicitCache& cache) {
    if (!explicit_cache_expired(cache, ctx.in.at_s))
        return;
    char late[32];
    std::snprintf(late, sizeof late, "%.0f", *ctx.in.at_s - *cache.expires_s);
    Finding f = ctx.make(rule::kTtlGap, ctx.in.at_pointer, std::string_view::npos, 0,
                         ctx.cur.cached_content + " (created on line " +
                             std::to_string(cache.line) + ") expired " + late +
                             " s before this request: Gemini no longer has it and refuses the "
                             "request");
    f.message_parts = {{"ttl-gap.cached-content",
                        {ctx.cur.cached_content, std::to_string(cache.line), std::string(late)}}};
    f.fix =
        "create the cache with a ttl that covers the traffic, or extend it (cachedContents "
        "patch) before it expires";
    f.fix_key = "ttl-gap.cached-content";
    f.details = {{"cached_content", ctx.cur.cached_content},
                 {"expired_s_before", *ctx.in.at_s - *cache.expires_s}};
    ctx.sink.emit(std::move(f));
}

}  // namespace

double gemini_cache_ttl_s(const ojson& body, const LintTables& tables) {
    // "ttl": "3600s" (a duration in seconds, as the REST API writes it).
    if (body.contains("ttl") && body["ttl"].is_string()) {
        const std::string t = body["ttl"].get<std::string>();
        char* end = nullptr;
        const double v = std::strtod(t.c_str(), &end);
        if (end && end != t.c_str() && *end == 's' && v > 0)
            return v;
    }
    const double d = tables.min_table(Provider::Gemini).explicit_ttl_s;
    return d > 0 ? d : 3600;
}

void check_provider_rules(const RuleContext& ctx, const ExplicitCaches& caches) {
    check_nova(ctx);
    check_cached_content_conflict(ctx);
    if (ctx.prov != Provider::Gemini || ctx.cur.cached_content.empty())
        return;
    const auto it = caches.find(ctx.cur.cached_content);
    if (it != caches.end())
        check_cached_content_expired(ctx, it->second);
    // The cache's own contents sent again ahead of the request's: billed twice.
    const ojson* contents = ctx.in.body.contains("contents") ? &ctx.in.body["contents"] : nullptr;
    if (it == caches.end() || !contents || !contents->is_array() || it->second.contents.empty())
        return;
    const ojson& cached = it->second.contents;
    std::size_t n = 0;
    while (n < cached.size() && n < contents->size() && (*contents)[n] == cached[n])
        ++n;
    if (n == 0)
        return;
    int tokens = 0;
    for (const ContentBlock& b : ctx.cur.blocks) {
        if (b.kind == PartKind::Message && b.message >= 0 && b.message < static_cast<int>(n))
            tokens += b.token_end - b.token_begin;
    }
    tokens = static_cast<int>(ctx.provider_count(tokens).value);  // in the provider's tokens
    Finding f = ctx.make(rule::kCachedContentRepeated, ctx.in.body_pointer + "/contents/0",
                         std::string_view::npos, 0,
                         "the first " + std::to_string(n) + " of these contents repeat what " +
                             ctx.cur.cached_content + " (line " + std::to_string(it->second.line) +
                             ") already holds: ~" + with_commas(tokens) +
                             " tokens (estimated) are sent and billed again at the full price");
    f.message_parts = {
        {"cached-content-repeated",
         {std::to_string(n), ctx.cur.cached_content, std::to_string(it->second.line), tokens}}};
    f.fix = "send only what follows the cached contents";
    f.fix_key = "cached-content-repeated";
    f.details = {{"cached_content", ctx.cur.cached_content},
                 {"contents_repeated", n},
                 {"tokens_repeated", tokens}};
    ctx.sink.emit(std::move(f), dedupe_key(rule::kCachedContentRepeated, ctx.cur.cached_content));
}

}  // namespace pl::lint
