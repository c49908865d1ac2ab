// too-many-breakpoints, below-min-cacheable and breakpoint-lookback: Anthropic's cache_control
// markers, each request on its own and against what the previous request cached.
#include <algorithm>
#include <string_view>

#include "lint/cache_cost.h"
#include "lint/lint_report.h"
#include "lint/provider_cache.h"
#include "lint/rule_context.h"
#include "lint/token_estimate.h"

namespace pl::lint {

namespace {

void check_breakpoint_count(const RuleContext& ctx) {
    const RenderedRequest& cur = ctx.cur;
    const int max = ctx.tables.rules.anthropic.max_breakpoints;
    if (static_cast<int>(cur.breakpoints.size()) <= max)
        return;
    const bool automatic = cur.breakpoints.back().automatic;
    const Breakpoint& bp = cur.breakpoints[static_cast<std::size_t>(max)];
    const int n = static_cast<int>(cur.breakpoints.size());
    if (ctx.prov == Provider::Bedrock) {
        Finding f = ctx.make(rule::kTooManyBreakpoints, ctx.in.body_pointer + bp.pointer,
                             std::string_view::npos, 0,
                             std::to_string(n) + " cachePoint blocks; Bedrock accepts at most " +
                                 std::to_string(max) + " and rejects this request");
        f.message_parts = {
            Phrase{"too-many-breakpoints.bedrock", {std::to_string(n), std::to_string(max)}}};
        f.fix = "keep at most 4 cache points: one after each part that changes at its own rate";
        f.fix_key = "too-many-breakpoints.bedrock";
        f.details = {{"breakpoints", n}, {"automatic", false}};
        ctx.sink.emit(std::move(f), dedupe_key(rule::kTooManyBreakpoints, bp.pointer));
        return;
    }
    Finding f = ctx.make(
        rule::kTooManyBreakpoints, ctx.in.body_pointer + bp.pointer, std::string_view::npos, 0,
        std::to_string(n) + " cache_control breakpoints" +
            (automatic ? " (" + std::to_string(n - 1) +
                             " explicit and 1 from automatic caching, the top-level "
                             "cache_control)"
                       : std::string()) +
            "; the API accepts at most " + std::to_string(max) + " and rejects this request");
    f.message_parts = {
        automatic ? Phrase{"too-many-breakpoints.automatic",
                           {std::to_string(n), std::to_string(n - 1), std::to_string(max)}}
                  : Phrase{"too-many-breakpoints", {std::to_string(n), std::to_string(max)}}};
    f.fix = automatic ? "drop an explicit breakpoint, or the top-level cache_control"
                      : "keep at most 4: one at the end of each part that changes at its own rate";
    f.fix_key = automatic ? "too-many-breakpoints.automatic" : "too-many-breakpoints";
    f.details = {{"breakpoints", n}, {"automatic", automatic}};
    ctx.sink.emit(std::move(f), dedupe_key(rule::kTooManyBreakpoints, bp.pointer));
}

// A 1-hour breakpoint after a 5-minute one: the API wants longer TTLs first and rejects this.
void check_ttl_order(const RuleContext& ctx) {
    const Breakpoint* shorter = nullptr;
    for (const Breakpoint& bp : ctx.cur.breakpoints) {
        if (shorter && bp.ttl_s > shorter->ttl_s) {
            Finding f = ctx.make(
                rule::kTtlOrder, ctx.in.body_pointer + bp.pointer, std::string_view::npos, 0,
                std::string("this ") + (bp.ttl_s >= 3600 ? "1-hour" : "longer") +
                    " breakpoint comes after a 5-minute one (" + shorter->pointer +
                    "); the API requires breakpoints with longer TTLs to come first and rejects "
                    "this request");
            f.message_parts = {
                {"ttl-order",
                 {phrase_arg(bp.ttl_s >= 3600 ? "ttl.1-hour" : "ttl.longer"), shorter->pointer}}};
            f.fix =
                "give the earlier breakpoints the longer TTL (\"ttl\": \"1h\" first, 5 "
                "minutes after)";
            f.fix_key = "ttl-order";
            f.details = {{"ttl_s", bp.ttl_s},
                         {"earlier_ttl_s", shorter->ttl_s},
                         {"earlier_pointer", shorter->pointer}};
            ctx.sink.emit(std::move(f), dedupe_key(rule::kTtlOrder, bp.pointer));
            return;
        }
        if (!shorter || bp.ttl_s < shorter->ttl_s)
            shorter = &bp;
    }
}

void check_min_cacheable(const RuleContext& ctx) {
    const std::string& model = ctx.model;
    const auto& bps = ctx.cur.breakpoints;
    for (std::size_t k = 0; k < bps.size(); ++k) {
        const Breakpoint& bp = bps[k];
        if (bp.token >= ctx.min_tokens)
            continue;
        // A later breakpoint that is long enough caches this prefix too (the tool-use docs'
        // layout: one on the last tool, one further down): nothing is lost here.
        const bool covered =
            std::any_of(bps.begin() + static_cast<std::ptrdiff_t>(k) + 1, bps.end(),
                        [&](const Breakpoint& later) { return later.token >= ctx.min_tokens; });
        if (covered)
            continue;
        Finding f = ctx.make(
            rule::kBelowMinCacheable, ctx.in.body_pointer + bp.pointer, std::string_view::npos, 0,
            "the prefix up to this breakpoint is ~" +
                with_commas(static_cast<int>(ctx.provider_count(bp.token).value)) + " tokens (" +
                (ctx.counter && ctx.scale.error == 0.0 ? "by " + ctx.counter->tokenizer
                                                       : std::string("estimated")) +
                "), below the minimum of " + with_commas(ctx.provider_min_tokens) + " for " +
                (model.empty() ? std::string("this model") : model) +
                ": it is silently not cached");
        f.message_parts = {
            {"below-min-cacheable",
             {static_cast<int>(ctx.provider_count(bp.token).value), ctx.provider_min_tokens,
              model.empty() ? phrase_arg("model.this") : ojson(model)}}};
        f.fix = "move the breakpoint after more stable content, or drop it";
        f.fix_key = "below-min-cacheable";
        f.details = {{"prefix_tokens", ctx.provider_count(bp.token).value},
                     {"min_tokens", ctx.provider_min_tokens}};
        ctx.sink.emit(std::move(f), dedupe_key(rule::kBelowMinCacheable, bp.pointer));
    }
}

// A breakpoint the built-in tokenizer puts over the minimum, but whose prefix the provider's
// tokenizer may count under it (lint/token_estimate.h): said with the range, as a note when the
// range straddles the minimum and a warning when all of it is below.
void check_near_min(const RuleContext& ctx) {
    if (ctx.opts.automatic_caching)
        return;  // scenarios play the built-in model, whose tokens are the real ones
    if (ctx.counter && ctx.scale.error == 0.0)
        return;  // counted by the provider's own tokenizer: below-min-cacheable is exact
    const auto& bps = ctx.cur.breakpoints;
    for (std::size_t k = 0; k < bps.size(); ++k) {
        const Breakpoint& bp = bps[k];
        if (bp.token < ctx.min_tokens)
            continue;  // below-min-cacheable's
        // The provider's count: the counter's range where there is one (a proxy tokenizer and
        // its ratio), else a range from the text's length.
        const auto range_of = [&](int token) {
            if (ctx.counter) {
                const count::Range r = ctx.provider_count(token);
                return TokenEstimate{static_cast<int>(r.low), static_cast<int>(r.high)};
            }
            return provider_tokens(ctx.cur, token);
        };
        const int min_provider = ctx.provider_min_tokens;
        const TokenEstimate est = range_of(bp.token);
        if (est.low >= min_provider)
            continue;
        // A later breakpoint whose prefix surely reaches the minimum covers this one.
        bool covered = false;
        for (std::size_t j = k + 1; j < bps.size() && !covered; ++j)
            covered = range_of(bps[j].token).low >= min_provider;
        if (covered)
            continue;
        const bool below = est.high < min_provider;
        const std::string model = ctx.model.empty() ? std::string("this model") : ctx.model;
        Finding f = ctx.make(
            rule::kBelowMinCacheable, ctx.in.body_pointer + bp.pointer, std::string_view::npos, 0,
            std::string(below ? "" : "near the threshold: ") +
                "the prefix up to this breakpoint is ~" + with_commas(est.low) + "-" +
                with_commas(est.high) + " tokens by the provider's tokenizer (" +
                (ctx.counter ? "estimated; " + ctx.counter->tokenizer
                             : std::string("estimated from its length; the built-in tokenizer")) +
                " counts " + with_commas(bp.token) + "), " + (below ? "below" : "around") +
                " the minimum of " + with_commas(min_provider) + " for " + model + ": " +
                (below
                     ? "it is silently not cached"
                     : "it may not be cached; cache_creation_input_tokens in the response tells"));
        if (!below)
            f.severity = Severity::Note;
        f.message_parts = {{below ? "below-min-cacheable.estimated" : "below-min-cacheable.near",
                            {est.low, est.high, bp.token, min_provider,
                             ctx.model.empty() ? phrase_arg("model.this") : ojson(ctx.model)}}};
        f.fix = "move the breakpoint after more stable content, or check the usage fields";
        f.fix_key = "below-min-cacheable.near";
        f.details = {{"prefix_tokens", bp.token},
                     {"provider_tokens_low", est.low},
                     {"provider_tokens_high", est.high},
                     {"min_tokens", min_provider}};
        // One note per file: the growing conversation of a log moves the breakpoint each time.
        ctx.sink.emit(std::move(f), dedupe_key(rule::kBelowMinCacheable, "near the threshold"));
        return;
    }
}

// Consecutive breakpoints of one request too far apart. A single_request finding: in a log,
// finish() drops it, as check_lookback_from_previous judges lookback between requests there.
void check_breakpoint_gaps(const RuleContext& ctx) {
    const RenderedRequest& cur = ctx.cur;
    for (std::size_t k = 1; k < cur.breakpoints.size(); ++k) {
        const Breakpoint& a = cur.breakpoints[k - 1];
        const Breakpoint& b = cur.breakpoints[k];
        const int gap = b.block - a.block;
        // The API checks the breakpoint's own block and the 19 before it: 20 in all.
        if (gap < CacheCostModel::kLookbackBlocks)
            continue;
        Finding f = ctx.make(
            rule::kBreakpointLookback, ctx.in.body_pointer + b.pointer, std::string_view::npos, 0,
            "this breakpoint (content block " + std::to_string(b.block + 1) + ") is " +
                std::to_string(gap) + " blocks after the previous one (block " +
                std::to_string(a.block + 1) + "); the API checks only " +
                std::to_string(CacheCostModel::kLookbackBlocks) +
                " blocks counting its own, so a change between them misses every earlier entry");
        f.message_parts = {
            {"breakpoint-lookback.gap",
             {std::to_string(b.block + 1), std::to_string(gap), std::to_string(a.block + 1),
              std::to_string(CacheCostModel::kLookbackBlocks)}}};
        f.fix = "add a breakpoint within 20 blocks of the previous one";
        f.fix_key = "breakpoint-lookback.gap";
        f.details = {{"gap_blocks", gap},
                     {"previous_block", a.block + 1},
                     {"block", b.block + 1},
                     {"single_request", true}};
        ctx.sink.emit(std::move(f), dedupe_key(rule::kBreakpointLookback, b.pointer));
    }
}

}  // namespace

void check_breakpoints(const RuleContext& ctx) {
    if (!uses_cache_markers(ctx.prov))
        return;
    check_breakpoint_count(ctx);
    check_ttl_order(ctx);
    check_min_cacheable(ctx);
    check_near_min(ctx);
    check_breakpoint_gaps(ctx);
}

// An implicitly cached prompt (OpenAI, Gemini, DeepSeek) a little shorter than the model's
// minimum: the provider neither reads nor stores any of it, where a few more tokens of stable
// content would make it cacheable. Counted in the provider's tokens; a count that is an
// estimate says so, and a minimum inside its range gives the hedged note. Prompts under half
// the minimum are not worth a finding (most short chats), nor are scenarios.
void check_implicit_minimum(const RuleContext& ctx) {
    if (uses_cache_markers(ctx.prov) || ctx.opts.automatic_caching || !ctx.counter)
        return;
    if (ctx.prov == Provider::Gemini && !ctx.cur.cached_content.empty())
        return;  // an explicit cache: its own rules
    if (ctx.prov == Provider::Gemini && !ctx.tables.cache_rules(ctx.prov, ctx.model).implicit)
        return;
    const int min_provider =
        ctx.prov == Provider::OpenAI ? ctx.pp.min_cached : ctx.provider_min_tokens;
    const int n = user_input_end(ctx.cur);
    const count::Range r = ctx.provider_count(n);
    if (r.low >= min_provider || r.high < min_provider / 2)
        return;
    const bool exact = ctx.scale.error == 0.0;
    const bool surely_below = r.high < min_provider;
    const std::string model = ctx.model.empty() ? std::string("this model") : ctx.model;
    static constexpr const char* kNames[] = {"Anthropic", "OpenAI", "Gemini", "Bedrock",
                                             "DeepSeek"};
    const std::string who = kNames[static_cast<int>(ctx.prov)];
    const std::string counted = exact
                                    ? with_commas(static_cast<int>(r.value)) + " tokens by " + who +
                                          "'s count (" + ctx.counter->tokenizer + ")"
                                    : "about " + count::range_text(r) + " tokens by " + who +
                                          "'s count (" + count::method_name(ctx.scale.method) + ")";
    Finding f = ctx.make(
        rule::kBelowMinCacheable, ctx.in.body_pointer, std::string_view::npos, 0,
        std::string(surely_below ? "" : "near the threshold: ") + "this prompt is " + counted +
            ", " + (surely_below ? (exact ? "below" : "probably below") : "around") +
            " the minimum of " + with_commas(min_provider) + " for " + model + ": " +
            (surely_below ? "implicit caching neither reads nor stores any of it"
                          : "it may not be cached; the usage's cached tokens tell"));
    if (!surely_below)
        f.severity = Severity::Note;
    f.message_parts = {
        {surely_below ? "below-min-cacheable.implicit" : "below-min-cacheable.implicit-near",
         {count::range_text(r), who, min_provider,
          ctx.model.empty() ? phrase_arg("model.this") : ojson(ctx.model)}}};
    f.fix =
        "put more stable content (instructions, examples, documents) before what changes, "
        "or expect no cache";
    f.fix_key = "below-min-cacheable.implicit";
    f.details = {{"prompt_tokens", r.value},
                 {"provider_tokens_low", r.low},
                 {"provider_tokens_high", r.high},
                 {"min_tokens", min_provider},
                 {"counting", count::method_name(ctx.scale.method)}};
    ctx.sink.emit(std::move(f), dedupe_key(rule::kBelowMinCacheable, "implicit"));
}

void check_lookback_from_previous(const RuleContext& ctx, const PreviousCache& pc) {
    const RenderedRequest& cur = ctx.cur;
    const int prev_cached = pc.cached_tokens;
    if (!uses_cache_markers(ctx.prov) || prev_cached <= 0 || pc.common_tokens < prev_cached)
        return;
    bool covered = false;
    int target_block = block_of_token(cur, std::max(0, prev_cached - 1));
    for (std::size_t j = 0; j < cur.blocks.size(); ++j) {
        if (cur.blocks[j].token_end == prev_cached)
            target_block = static_cast<int>(j);
    }
    const Breakpoint* after = nullptr;
    for (const Breakpoint& bp : cur.breakpoints) {
        if (bp.token == prev_cached ||
            (bp.token > prev_cached && bp.block - target_block < CacheCostModel::kLookbackBlocks))
            covered = true;
        if (bp.token > prev_cached && !after)
            after = &bp;
    }
    if (covered || !after)
        return;
    const int gap = after->block - target_block;
    Finding f = ctx.make(
        rule::kBreakpointLookback, ctx.in.body_pointer + after->pointer, std::string_view::npos, 0,
        "the previous request cached ~" + with_commas(prev_cached) +
            " tokens ending at content block " + std::to_string(target_block + 1) +
            ", but this breakpoint is at block " + std::to_string(after->block + 1) + ", " +
            std::to_string(gap) +
            " blocks later; the API checks only 20 blocks counting the breakpoint's own, so it "
            "writes the whole prefix again instead of reading it");
    f.message_parts = {{"breakpoint-lookback.previous",
                        {prev_cached, std::to_string(target_block + 1),
                         std::to_string(after->block + 1), std::to_string(gap)}}};
    f.fix =
        "also mark the end of the previous turn, or keep breakpoints within 20 blocks of each "
        "other";
    f.fix_key = "breakpoint-lookback.previous";
    f.details = {{"gap_blocks", gap},
                 {"previous_cached_tokens", prev_cached},
                 {"previous_block", target_block + 1},
                 {"block", after->block + 1}};
    ctx.sink.emit(std::move(f));
}

}  // namespace pl::lint
