// too-many-breakpoints, below-min-cacheable and breakpoint-lookback: Anthropic's cache_control
// markers, each request on its own and against what the previous request cached.
#include <algorithm>
#include <string_view>

#include "lint/cache_cost.h"
#include "lint/lint_report.h"
#include "lint/rule_context.h"

namespace pl::lint {

namespace {

void check_breakpoint_count(const RuleContext& ctx) {
    const RenderedRequest& cur = ctx.cur;
    if (cur.breakpoints.size() <= 4)
        return;
    const Breakpoint& bp = cur.breakpoints[4];
    Finding f = ctx.make(rule::kTooManyBreakpoints, ctx.in.body_pointer + bp.pointer,
                         std::string_view::npos, 0,
                         std::to_string(cur.breakpoints.size()) +
                             " cache_control breakpoints; the API accepts at most 4 and "
                             "rejects this request");
    f.fix = "keep at most 4: one at the end of each part that changes at its own rate";
    f.details = {{"breakpoints", cur.breakpoints.size()}};
    ctx.sink.emit(std::move(f), dedupe_key(rule::kTooManyBreakpoints, bp.pointer));
}

void check_min_cacheable(const RuleContext& ctx) {
    const std::string& model = ctx.model;
    for (const Breakpoint& bp : ctx.cur.breakpoints) {
        if (bp.token >= ctx.min_tokens)
            continue;
        Finding f = ctx.make(
            rule::kBelowMinCacheable, ctx.in.body_pointer + bp.pointer, std::string_view::npos, 0,
            "the prefix up to this breakpoint is ~" + with_commas(bp.token) +
                " tokens (estimated), below the minimum of " + with_commas(ctx.min_tokens) +
                " for " + (model.empty() ? std::string("this model") : model) +
                ": it is silently not cached");
        f.fix = "move the breakpoint after more stable content, or drop it";
        f.details = {{"prefix_tokens", bp.token}, {"min_tokens", ctx.min_tokens}};
        ctx.sink.emit(std::move(f), dedupe_key(rule::kBelowMinCacheable, bp.pointer));
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
        if (gap <= CacheCostModel::kLookbackBlocks)
            continue;
        Finding f = ctx.make(
            rule::kBreakpointLookback, ctx.in.body_pointer + b.pointer, std::string_view::npos, 0,
            "this breakpoint is " + std::to_string(gap) + " blocks after the previous one (block " +
                std::to_string(a.block) + "); the API looks back only " +
                std::to_string(CacheCostModel::kLookbackBlocks) +
                " blocks, so a change between them misses every earlier entry");
        f.fix = "add a breakpoint within 20 blocks of the previous one";
        f.details = {{"gap_blocks", gap},
                     {"previous_block", a.block},
                     {"block", b.block},
                     {"single_request", true}};
        ctx.sink.emit(std::move(f), dedupe_key(rule::kBreakpointLookback, b.pointer));
    }
}

}  // namespace

void check_breakpoints(const RuleContext& ctx) {
    if (ctx.prov != Provider::Anthropic)
        return;
    check_breakpoint_count(ctx);
    check_min_cacheable(ctx);
    check_breakpoint_gaps(ctx);
}

void check_lookback_from_previous(const RuleContext& ctx, const PreviousCache& pc) {
    const RenderedRequest& cur = ctx.cur;
    const int prev_cached = pc.cached_tokens;
    if (ctx.prov != Provider::Anthropic || prev_cached <= 0 || pc.common_tokens < prev_cached)
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
            (bp.token > prev_cached && bp.block - target_block <= CacheCostModel::kLookbackBlocks))
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
            " tokens ending at content block " + std::to_string(target_block) +
            ", but this breakpoint is " + std::to_string(gap) +
            " content blocks later; the API looks back only 20 content blocks, so it writes the "
            "whole prefix again instead of reading it");
    f.fix =
        "also mark the end of the previous turn, or keep breakpoints within 20 blocks of each "
        "other";
    f.details = {{"gap_blocks", gap}, {"previous_cached_tokens", prev_cached}};
    ctx.sink.emit(std::move(f));
}

}  // namespace pl::lint
