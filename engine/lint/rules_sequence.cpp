// prefix-changed and ttl-gap: this request against the one before it in the log. What the
// previous request cached is lost when this one differs inside it (the first divergence names
// the cause) or comes after the cache entry has expired.
#include <algorithm>
#include <cstdio>
#include <limits>
#include <string_view>

#include "lint/cache_cost.h"
#include "lint/json_locator.h"
#include "lint/lint_report.h"
#include "lint/rule_context.h"

namespace pl::lint {

namespace {

// The earliest token a changed parameter voids, at the level each voids (Anthropic's
// "what invalidates the cache" table): the model and OpenAI's prompt_cache_key void
// everything; speed, web search and citations turned on or off the system prompt and the
// messages; tool_choice, thinking, images added or removed and thinking blocks stripped by a
// plain user turn void the messages.
struct ParamsChange {
    int from = std::numeric_limits<int>::max();
    std::string param;
    std::string cause = "params-changed";
    std::string ptr;  // where a finding points: the body field, or the part the switch lives in
};

ParamsChange params_change(const RuleContext& ctx) {
    const ojson params = params_of(ctx.in.body, ctx.cur);
    const ojson& before = ctx.prev->params;
    ParamsChange change;
    const bool anthropic = ctx.prov == Provider::Anthropic;
    const std::string messages = "/" + ctx.cur.messages_key;
    struct Level {
        const char* key;
        int from;
        const char* cause;
        std::string ptr;
    };
    const int sys = anthropic ? ctx.cur.system_begin_token : -1;
    const int msg = anthropic ? ctx.cur.messages_begin_token : -1;
    const Level levels[] = {
        {"model", 0, "params-changed",
         ctx.in.body.contains("modelId") ? "/modelId" : "/model"},  // Converse: modelId
        {"prompt_cache_key", anthropic ? -1 : 0, "cache-key-changed", "/prompt_cache_key"},
        {"speed", sys, "params-changed", "/speed"},
        {"web_search", sys, "params-changed", "/tools"},  // a server tool
        {"citations", sys, "params-changed", messages},   // on a document block
        {"tool_choice", msg, "params-changed", "/tool_choice"},
        {"thinking", msg, "params-changed", "/thinking"},
        {"images", msg, "images-changed", messages},
    };
    for (const Level& l : levels) {
        if (l.from < 0)
            continue;
        const bool changed = params.contains(l.key) != before.contains(l.key) ||
                             (params.contains(l.key) && params[l.key] != before[l.key]);
        if (changed && l.from < change.from) {
            change.from = l.from;
            change.param = l.key;
            change.cause = l.cause;
            change.ptr = l.ptr;
        }
    }
    if (anthropic && params.value("strips_thinking", false) &&
        !before.value("strips_thinking", false) && ctx.cur.messages_begin_token < change.from) {
        change.from = ctx.cur.messages_begin_token;
        change.param = "messages";
        change.cause = "thinking-stripped";
        change.ptr = messages;
    }
    return change;
}

// Where the two requests first differ, as prefix-changed reports it.
struct Divergence {
    std::string cause, part, ptr;
    std::string param;                          // the parameter that changed, when part is "params"
    std::size_t byte = std::string_view::npos;  // in the string at ptr
    int char_offset = 0;
};

// The first byte of `seg` (this request's segment holding token n) that differs from the
// previous request.
std::size_t first_different_byte(const RenderedRequest& cur, const RenderedRequest& before, int n,
                                 const PromptSegment& seg) {
    if (n < before.size()) {
        const int ps = before.rendered.token_segment[static_cast<std::size_t>(n)];
        const PromptSegment& pseg = before.rendered.segments[static_cast<std::size_t>(ps)];
        if (pseg.pointer == seg.pointer) {
            std::size_t d = 0;
            while (d < seg.text.size() && d < pseg.text.size() && seg.text[d] == pseg.text[d])
                ++d;
            return d;
        }
    }
    return static_cast<std::size_t>(cur.rendered.token_offset[static_cast<std::size_t>(n)]);
}

Divergence divergence(const RuleContext& ctx, int n, const ParamsChange& params) {
    Divergence d;
    if (params.from <= n && !params.param.empty()) {
        d.cause = params.cause;
        d.part = "params";
        d.param = params.param;
        d.ptr = params.ptr;
        return d;
    }
    const RenderedRequest& cur = ctx.cur;
    const RenderedRequest& before = ctx.prev->prompt;
    const bool cur_has = n < cur.size();
    const RenderedRequest& side = cur_has ? cur : before;
    const int at = cur_has ? n : std::max(0, std::min(n, before.size() - 1));
    const int seg_index = side.rendered.token_segment[static_cast<std::size_t>(at)];
    const PromptSegment& seg = side.rendered.segments[static_cast<std::size_t>(seg_index)];
    d.part = part_kind_name(seg.kind);
    d.cause = seg.kind == PartKind::Tool     ? "tools-changed"
              : seg.kind == PartKind::System ? "system-changed"
                                             : "history-rewritten";
    if (cur_has && !seg.pointer.empty()) {
        d.ptr = seg.pointer;
        d.byte = first_different_byte(cur, before, n, seg);
        d.char_offset = static_cast<int>(utf8_chars(seg.text, d.byte));
    } else if (cur_has) {
        d.ptr = cur.segment_container[static_cast<std::size_t>(seg_index)];
    } else {
        d.ptr = "/" + cur.messages_key;
    }
    return d;
}

// The message, and in `parts` the same as phrases.
std::string prefix_changed_message(const RuleContext& ctx, const Divergence& d, int effective,
                                   int block, int lost, std::vector<Phrase>& parts) {
    const bool named = !d.param.empty() && d.param != "messages" && "/" + d.param != d.ptr;
    const std::string cause = d.cause + (named ? ": " + d.param : std::string());
    const std::string at = d.ptr.empty() ? "/" : d.ptr;
    std::string msg = "prefix changed (" + cause + ") at " + at;
    parts.push_back({"prefix-changed.at", {cause, at}});
    if (d.byte != std::string_view::npos) {
        msg += ", character " + std::to_string(d.char_offset);
        const ojson::json_pointer jp(d.ptr);
        const bool json = ctx.in.body.contains(jp) && !ctx.in.body[jp].is_string();
        if (json)
            msg += " of its JSON";
        parts.push_back({json ? "prefix-changed.character-of-json" : "prefix-changed.character",
                         {std::to_string(d.char_offset)}});
    }
    msg += ", token " + std::to_string(effective) + ", content block " + std::to_string(block + 1) +
           ": ~" + with_commas(lost) +
           " tokens (estimated) the previous request cached cannot be reused";
    parts.push_back(
        {"prefix-changed.lost", {std::to_string(effective), std::to_string(block + 1), lost}});
    return msg;
}

// Where and why this request leaves the previous one, for RequestTrace (whether or not the
// previous request cached anything there).
void trace_divergence(const RuleContext& ctx, int n, const ParamsChange& params) {
    RequestTrace& t = *ctx.trace;
    const bool voided = params.from <= n && !params.param.empty();
    if (!voided && n >= ctx.prev->prompt.size())
        return;  // it extends the previous prompt
    t.diverged_at = std::min(n, params.from);
    const Divergence d = divergence(ctx, n, params);
    t.cause = rule::kPrefixChanged;
    t.cause_detail = d.cause;
    t.divergence_pointer = d.part == "params" ? std::string() : d.ptr;
    t.divergence_byte = d.byte;
    if (d.part != "params") {
        if (const Finding* cause = ctx.sink.cause_of(d.ptr, d.byte, ctx.request_index))
            t.cause = cause->rule;
    }
}

}  // namespace

PreviousCache previous_cache(const RuleContext& ctx) {
    PreviousCache pc;
    const RenderedRequest& before = ctx.prev->prompt;
    const auto& a = before.rendered.tokens;
    const auto& b = ctx.cur.rendered.tokens;
    const int m = static_cast<int>(std::min(a.size(), b.size()));
    while (pc.common_tokens < m && a[static_cast<std::size_t>(pc.common_tokens)] ==
                                       b[static_cast<std::size_t>(pc.common_tokens)])
        ++pc.common_tokens;
    // With automatic caching, what matters is the part before the final user message: a
    // new question in place of the last one is the expected use of a shared prefix.
    // DeepSeek stores the previous request's whole input as a unit (it ends at a user input).
    if (ctx.prov == Provider::DeepSeek)
        pc.cached_tokens = ctx.auto_cacheable(before.size(), before);
    else if (!uses_cache_markers(ctx.prov))
        pc.cached_tokens = ctx.auto_cacheable(before.tail_begin_token, before);
    else if (ctx.automatic(before))
        pc.cached_tokens = before.tail_begin_token;
    else
        pc.cached_tokens = last_valid_breakpoint(before, ctx.min_tokens, &pc.ttl_s);
    if (ctx.prov == Provider::Anthropic && ctx.automatic(before))
        pc.ttl_s = ctx.opts.automatic_ttl_s;
    if (!uses_cache_markers(ctx.prov))
        pc.ttl_s = automatic_lifetime_s(ctx.tables, ctx.prov, ctx.model, ctx.in.body);
    return pc;
}

int check_prefix_changed(const RuleContext& ctx, const PreviousCache& pc,
                         const std::vector<std::pair<MoveSpan, const char*>>& dynamic) {
    const int n = pc.common_tokens;
    const ParamsChange params = params_change(ctx);
    const int effective = std::min(n, params.from);
    const int reusable = uses_cache_markers(ctx.prov)
                             ? std::min(effective, pc.cached_tokens)
                             : ctx.auto_cacheable(effective, ctx.prev->prompt);
    const int lost =
        static_cast<int>(ctx.provider_count(pc.cached_tokens - reusable).value);  // provider's
    if (ctx.trace)
        trace_divergence(ctx, n, params);
    if (lost <= 0 || effective >= pc.cached_tokens)
        return 0;
    const Divergence d = divergence(ctx, n, params);
    const RenderedRequest& cur = ctx.cur;
    // The block the first changed token belongs to, or (framing between blocks) the next one.
    int block = static_cast<int>(cur.blocks.size()) - 1;
    for (std::size_t b = 0; b < cur.blocks.size(); ++b) {
        if (cur.blocks[b].token_end > effective) {
            block = static_cast<int>(b);
            break;
        }
    }
    block = std::max(block, 0);
    // The content blocks from the first changed one up to the cached end: written again.
    int rewritten = 0;
    for (const ContentBlock& b : cur.blocks) {
        if (b.token_end > effective && b.token_begin < pc.cached_tokens)
            ++rewritten;
    }
    // One finding per cause: a dynamic value or a reserialized tool already reported there
    // explains this miss; it lists this request instead of a new finding. A value put before
    // text that stays ("Current time: <now>. " at the head) makes the string differ from its
    // first byte, before the value itself, here and again where a later request drops it.
    std::size_t cause_byte = d.byte;
    if (d.part != "params" && d.byte != std::string::npos) {
        if (const auto* value = dynamic_value_at(dynamic, ctx.prev, d.ptr, d.byte))
            cause_byte = value->first.begin;
    }
    if (d.part != "params") {
        if (Finding* cause = ctx.sink.cause_of(d.ptr, cause_byte, ctx.request_index)) {
            if (cause->request == ctx.request_index) {
                // A tool reserialized in this request says what it costs here; a dynamic value
                // put in by this request says so in its own message.
                if (cause->rule == rule::kUnstableSerialization) {
                    cause->details["tokens_lost"] = cause->details.value("tokens_lost", 0LL) + lost;
                    cause->details["blocks_rewritten"] = rewritten;
                }
            } else {
                add_affected(*cause, ctx.request_index, ctx.in.first_line, lost);
            }
            return lost;
        }
    }
    std::vector<Phrase> parts;
    Finding f = ctx.make(rule::kPrefixChanged, ctx.in.body_pointer + d.ptr, d.byte,
                         d.byte == std::string_view::npos ? 0 : d.byte + 1,
                         prefix_changed_message(ctx, d, effective, block, lost, parts));
    f.message_parts = std::move(parts);
    f.fix = d.cause == "history-rewritten"
                ? "append to the conversation instead of editing earlier turns"
            : d.cause == "thinking-stripped"
                ? "a plain user turn after thinking blocks drops them and the messages cache: "
                  "expect the miss, or keep thinking off in conversations with plain turns"
            : d.cause == "images-changed"
                ? "adding or removing images voids the messages cache: keep images where they "
                  "are and add new ones only where a miss is acceptable"
            : d.cause == "cache-key-changed"
                ? "keep prompt_cache_key the same for requests that share a prefix"
            : d.cause == "params-changed"
                ? "keep model, tool_choice, thinking, speed, web search and citations fixed within "
                  "a conversation"
                : "keep tools and system constant across requests";
    const bool own_fix = d.cause == "history-rewritten" || d.cause == "thinking-stripped" ||
                         d.cause == "images-changed" || d.cause == "cache-key-changed" ||
                         d.cause == "params-changed";
    f.fix_key = "prefix-changed." + (own_fix ? d.cause : std::string("constant"));
    f.details = {{"cause", d.cause},          {"part", d.part},
                 {"pointer", d.ptr},          {"char_offset", d.char_offset},
                 {"token_offset", effective}, {"block", block + 1},
                 {"tokens_lost", lost},       {"previous_request", ctx.prev->index}};
    if (!params.param.empty() && d.part == "params")
        f.details["param"] = params.param;
    f.details["blocks_rewritten"] = rewritten;
    const std::string ptr = d.ptr;
    const std::size_t index = ctx.sink.emit(std::move(f));
    // The same change in later requests is the same cause (a conversation that keeps the new
    // value reuses again; one that alternates keeps missing).
    if (d.part != "params" && d.cause != "history-rewritten")
        ctx.sink.claim_cause(ptr, index, d.byte, d.byte);
    return lost;
}

bool check_ttl_gap(const RuleContext& ctx, const PreviousCache& pc) {
    const RequestInput& in = ctx.in;
    const int prev_cached = pc.cached_tokens;
    if (!in.at_s || !ctx.prev->at_s || prev_cached <= 0)
        return false;
    const double gap = *in.at_s - *ctx.prev->at_s;
    const int would_reuse = uses_cache_markers(ctx.prov)
                                ? std::min(pc.common_tokens, prev_cached)
                                : ctx.auto_cacheable(pc.common_tokens, ctx.prev->prompt);
    const bool expired =
        gap > pc.ttl_s && would_reuse >= std::min(ctx.min_tokens, prev_cached) && would_reuse > 0;
    if (!expired)
        return false;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", gap);
    const std::string ttl_name = pc.ttl_s >= 86400  ? "24-hour"
                                 : pc.ttl_s >= 3600 ? "1-hour"
                                                    : "5-minute";
    Finding f =
        ctx.make(rule::kTtlGap, in.at_pointer, std::string_view::npos, 0,
                 std::string(buf) + " s since the previous request, longer than the " + ttl_name +
                     " cache lifetime: the ~" + with_commas(ctx.provider_count(would_reuse).value) +
                     " tokens (estimated) it cached have expired and are written again");
    f.message_parts = {{"ttl-gap",
                        {std::string(buf),
                         phrase_arg(pc.ttl_s >= 86400  ? "ttl.24-hour"
                                    : pc.ttl_s >= 3600 ? "ttl.1-hour"
                                                       : "ttl.5-minute"),
                         ctx.provider_count(would_reuse).value}}};
    // The longer lifetime is the fix only where it is not already in use: past an hour (or a
    // day) of silence nothing keeps the prefix, and the finding says so without advice.
    if (ctx.prov == Provider::Anthropic && pc.ttl_s < 3600) {
        f.fix =
            "use \"cache_control\": {\"type\": \"ephemeral\", \"ttl\": \"1h\"} "
            "for sparse traffic";
        f.fix_key = "ttl-gap.anthropic";
    } else if (ctx.prov == Provider::Bedrock && pc.ttl_s < 3600 &&
               ctx.tables.cache_rules(Provider::Bedrock, ctx.model).ttl_extended_s >= 3600) {
        f.fix = "add \"ttl\": \"1h\" to the cachePoint for sparse traffic";
        f.fix_key = "ttl-gap.bedrock";
    } else if (ctx.prov == Provider::Gemini) {
        f.fix =
            "for sparse traffic, create an explicit cache (cachedContents) with a ttl that "
            "covers the gaps";
        f.fix_key = "ttl-gap.gemini";
    } else if (ctx.prov == Provider::OpenAI && pc.ttl_s < 86400) {
        f.fix = "use prompt_cache_retention \"24h\" where the model supports it";
        f.fix_key = "ttl-gap.openai";
    }
    f.details = {{"gap_s", gap}, {"ttl_s", pc.ttl_s}, {"tokens_expired", would_reuse}};
    ctx.sink.emit(std::move(f));
    return true;
}

void check_reported_usage(const RuleContext& ctx, const PreviousCache& pc, int tokens_lost,
                          bool expired) {
    const RequestInput& in = ctx.in;
    if (!in.usage || in.usage->cache_read_input_tokens != 0 || expired || tokens_lost > 0)
        return;
    // The prefix the previous request of this conversation cached is all here, unchanged and
    // within its lifetime: the provider should have read it.
    const int predicted =
        uses_cache_markers(ctx.prov)
            ? std::min(pc.common_tokens, pc.cached_tokens)
            : ctx.auto_cacheable(std::min(pc.common_tokens, pc.cached_tokens), ctx.prev->prompt);
    if (predicted <= 0 || predicted < std::min(ctx.min_tokens, pc.cached_tokens))
        return;
    const char* field =
        ctx.prov == Provider::Anthropic ? "cache_read_input_tokens" : "cached_tokens";
    Finding f = ctx.make(
        rule::kProviderReadNothing, in.usage_pointer, std::string_view::npos, 0,
        std::string("the provider read nothing (") + field +
            " 0) although the prefix was identical to the previous request's (line " +
            std::to_string(ctx.prev->line) + ") for ~" +
            with_commas(ctx.provider_count(predicted).value) +
            " tokens (estimated) within its lifetime: the entry was evicted or never written, "
            "or the request reached another cache (" +
            (ctx.prov == Provider::Anthropic
                 ? "another workspace or a different beta header; or the first request "
                   "wrote nothing because its breakpoint was below the minimum)"
                 : "no or a different prompt_cache_key, or more than about 15 requests per "
                   "minute on one prefix overflow to other machines)"));
    const bool anthropic = ctx.prov == Provider::Anthropic;
    f.message_parts = {
        {anthropic ? "provider-read-nothing.anthropic" : "provider-read-nothing.openai",
         {std::to_string(ctx.prev->line), ctx.provider_count(predicted).value}}};
    f.fix = anthropic ? "check that both requests carry the same cache_control breakpoints and "
                        "workspace"
                      : "send a stable prompt_cache_key for requests that share this prefix";
    f.fix_key = anthropic ? "provider-read-nothing.anthropic" : "provider-read-nothing.openai";
    f.details = {{"predicted_cached_tokens", ctx.provider_count(predicted).value},
                 {"reported_cached_tokens", 0},
                 {"previous_request", ctx.prev->index}};
    if (in.usage->input_tokens >= 0)
        f.details["reported_input_tokens"] = in.usage->input_tokens;
    ctx.sink.emit(std::move(f));
}

}  // namespace pl::lint
