// dynamic-prefix and dynamic-tools: a date, id or counter inside the cacheable prefix. In a log
// a value is reported once the next request shows it changes (a static document's own date does
// not); a value dynamic on its own evidence is reported at the end when nothing contradicts it.
#include <algorithm>

#include "lint/lint_report.h"
#include "lint/rule_context.h"

namespace pl::lint {

namespace {

std::string escape_pointer_token(const std::string& key) {
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

// A string value the dynamic-value rules look at.
struct Leaf {
    std::string pointer;  // inside the body
    std::string text;
    bool in_tools = false;
};

void collect_strings(const ojson& j, const std::string& pointer, bool in_tools, int depth,
                     std::vector<Leaf>& out) {
    if (depth > kMaxLeafDepth)
        return;
    if (j.is_string()) {
        out.push_back({pointer, j.get<std::string>(), in_tools});
    } else if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.key() == "cache_control")
                continue;
            collect_strings(it.value(), pointer + "/" + escape_pointer_token(it.key()), in_tools,
                            depth + 1, out);
        }
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i)
            collect_strings(j[i], pointer + "/" + std::to_string(i), in_tools, depth + 1, out);
    }
}

// Text composed by the client for each request: tools, system/developer text, and the user's
// messages before the final one. Assistant turns and tool results are recorded outputs that
// are resent verbatim, and the final user message is where dynamic text belongs.
std::vector<Leaf> checked_leaves(const ojson& body, const RenderedRequest& p) {
    std::vector<Leaf> out;
    const std::string tools_at = tools_pointer_of(body);
    const ojson tools = tools_of(body);
    for (std::size_t i = 0; i < tools.size(); ++i)
        collect_strings(tools[i], tools_at + "/" + std::to_string(i), true, 0, out);
    auto text_content = [&](const ojson& c, const std::string& ptr) {
        if (c.is_string()) {
            out.push_back({ptr, c.get<std::string>(), false});
        } else if (c.is_array()) {
            for (std::size_t j = 0; j < c.size(); ++j) {
                const ojson& b = c[j];
                if (b.is_object() && b.contains("text") && b["text"].is_string())
                    out.push_back({ptr + "/" + std::to_string(j) + "/text",
                                   b["text"].get<std::string>(), false});
            }
        }
    };
    if (body.contains("system"))
        text_content(body["system"], "/system");
    if (body.contains("instructions") && body["instructions"].is_string())
        out.push_back({"/instructions", body["instructions"].get<std::string>(), false});
    // Gemini: the system instruction's parts, and each content's parts.
    for (const char* k : {"systemInstruction", "system_instruction"}) {
        if (body.contains(k) && body[k].is_object() && body[k].contains("parts"))
            text_content(body[k]["parts"], std::string("/") + k + "/parts");
    }
    const std::string& key = p.messages_key;
    if (!body.contains(key) || !body[key].is_array())
        return out;
    const ojson& msgs = body[key];
    for (std::size_t i = 0; i < msgs.size(); ++i) {
        if (p.tail_message >= 0 && static_cast<int>(i) >= p.tail_message)
            break;
        const ojson& m = msgs[i];
        const char* content = m.is_object() && m.contains("parts") ? "parts" : "content";
        if (!m.is_object() || !m.contains(content))
            continue;
        // Gemini's contents may leave the role out: then it is the user's.
        const std::string role = m.contains("role") && m["role"].is_string()
                                     ? m["role"].get<std::string>()
                                 : std::string(content) == "parts" ? std::string("user")
                                                                   : std::string();
        if (role == "user" || role == "system" || role == "developer")
            text_content(m[content], "/" + key + "/" + std::to_string(i) + "/" + content);
    }
    return out;
}

int token_at_byte(const RenderedRequest& p, int segment, std::size_t byte) {
    const PromptSegment& s = p.rendered.segments[static_cast<std::size_t>(segment)];
    int t = s.token_begin;
    for (int k = s.token_begin; k < s.token_end; ++k) {
        if (static_cast<std::size_t>(p.rendered.token_offset[static_cast<std::size_t>(k)]) > byte)
            break;
        t = k;
    }
    return t;
}

// One request's scan: where its cacheable prefix ends and which segment renders each pointer.
struct Scan {
    const RuleContext& ctx;
    const DynamicValueMemory& memory;
    int cacheable_end = 0;
    std::unordered_map<std::string, int> segment_by_pointer;
};

// Where a leaf is rendered: its own segment, or the JSON dump of a tool around it.
struct LeafPlace {
    int segment = -1;
    std::size_t base = 0;  // where the string's text starts in a dump around it
    bool own = false;      // the segment is the string itself
};

LeafPlace place_of(const Scan& scan, const Leaf& leaf) {
    LeafPlace place;
    std::string p = leaf.pointer;
    while (true) {
        if (auto it = scan.segment_by_pointer.find(p); it != scan.segment_by_pointer.end()) {
            place.segment = it->second;
            break;
        }
        if (p.empty())
            break;
        p = p.substr(0, p.rfind('/'));
    }
    place.own = p == leaf.pointer;
    if (place.segment >= 0 && !place.own) {
        const std::string quoted = ojson(leaf.text).dump();
        const std::size_t at =
            scan.ctx.cur.rendered.segments[static_cast<std::size_t>(place.segment)].text.find(
                quoted);
        place.base = at == std::string::npos ? 0 : at + 1;
    }
    return place;
}

PendingDynamic dynamic_finding(const Scan& scan, const Leaf& leaf, const DynamicSpan& span,
                               const std::string& value, int token) {
    const RuleContext& ctx = scan.ctx;
    int blocks_after = 0;
    for (const ContentBlock& b : ctx.cur.blocks) {
        if (b.token_end > token && b.token_begin < scan.cacheable_end)
            ++blocks_after;
    }
    // In the provider's tokens (the counted ones scaled where the count is a proxy's).
    const long long tokens_after = ctx.provider_count(scan.cacheable_end - token).value;
    const char* id = leaf.in_tools ? rule::kDynamicTools : rule::kDynamicPrefix;
    std::string msg =
        std::string(leaf.in_tools ? "tool definition" : "cached prefix") + " contains a " +
        span.kind + " value '" + value + "' that changes per request: the ~" +
        with_commas(tokens_after) + " tokens (estimated) in " + std::to_string(blocks_after) +
        " block" + (blocks_after == 1 ? "" : "s") + " from here to the " +
        (uses_cache_markers(ctx.prov) ? "last cache breakpoint" : "final user message") +
        " can never be reused";
    Finding f = ctx.make(id, ctx.in.body_pointer + leaf.pointer, span.begin, span.end, msg);
    f.message_parts = {
        {"dynamic.value",
         {phrase_arg(leaf.in_tools ? "where.tool-definition" : "where.cached-prefix"),
          kind_arg(span.kind), value, tokens_after,
          blocks_after == 1 ? phrase_arg("blocks.one")
                            : phrase_arg("blocks.many", {std::to_string(blocks_after)}),
          phrase_arg(uses_cache_markers(ctx.prov) ? "end.last-breakpoint"
                                                  : "end.final-user-message")}}};
    f.fix = "move it into the final user message (prefixlens lint --fix)";
    f.fix_key = "dynamic.move";
    f.details = {{"kind", span.kind},
                 {"value", value},
                 {"token_offset", token},
                 {"tokens_never_reused", tokens_after},
                 {"blocks_never_reused", blocks_after}};
    return PendingDynamic{std::move(f), leaf.pointer, value,   span.confident,
                          span.hedged,  span.begin,   span.end};
}

void check_leaf(const Scan& scan, const Leaf& leaf, const std::vector<DynamicSpan>& spans,
                DynamicValues& out) {
    const RuleContext& ctx = scan.ctx;
    const LeafPlace place = place_of(scan, leaf);
    for (const DynamicSpan& span : spans) {
        const int token =
            place.segment < 0
                ? 0
                : token_at_byte(ctx.cur, place.segment, place.base + (place.own ? span.begin : 0));
        if (token >= scan.cacheable_end)
            continue;
        const std::string value = leaf.text.substr(span.begin, span.end - span.begin);
        bool changed_vs_prev = false, known = false;
        if (ctx.prev) {
            if (auto it = ctx.prev->leaves.find(leaf.pointer); it != ctx.prev->leaves.end()) {
                known = true;
                changed_vs_prev = it->second.find(value) == std::string::npos;
            }
        }
        const bool sticky = scan.memory.sticky(leaf.pointer);
        if (known && !changed_vs_prev && !sticky)
            continue;  // stable across the log: a static document's own date
        // --fix moves what a log shows changing, or what is dynamic beyond doubt; a value only
        // its shape suggests (a hash, a policy's date) stays where it is.
        const bool sure = span.confident && !span.hedged;
        if (sticky || changed_vs_prev || sure)
            out.moves.push_back({leaf.pointer, span.begin, span.end});
        if (known && !changed_vs_prev)
            continue;
        if (changed_vs_prev || sure)
            out.first_dynamic_token = std::min(out.first_dynamic_token, token);
        out.found.push_back({{leaf.pointer, span.begin, span.end},
                             leaf.in_tools ? rule::kDynamicTools : rule::kDynamicPrefix});
        PendingDynamic pd = dynamic_finding(scan, leaf, span, value, token);
        if (changed_vs_prev) {
            pd.hedged = false;
            ctx.sink.confirm_dynamic(std::move(pd));
        } else {
            out.pending.push_back(std::move(pd));
        }
    }
}

}  // namespace

const std::vector<DynamicSpan>& DynamicValueMemory::spans_of(const std::string& text) {
    if (auto it = spans_cur_.find(text); it != spans_cur_.end())
        return it->second;
    if (auto it = spans_prev_.find(text); it != spans_prev_.end()) {
        auto node = spans_prev_.extract(it);
        return spans_cur_.insert(std::move(node)).position->second;
    }
    return spans_cur_.emplace(text, detector_.find(text)).first->second;
}

void DynamicValueMemory::add_moves(const std::vector<MoveSpan>& moves) {
    for (const MoveSpan& m : moves)
        sticky_moves_.insert(m.pointer);
}

void DynamicValueMemory::next_request() {
    spans_prev_ = std::move(spans_cur_);
    spans_cur_.clear();
}

DynamicValues check_dynamic_values(const RuleContext& ctx, DynamicValueMemory& memory) {
    const RenderedRequest& cur = ctx.cur;
    Scan scan{ctx, memory};
    scan.cacheable_end = ctx.automatic(cur) ? std::min(cur.tail_begin_token, cur.size())
                                            : last_valid_breakpoint(cur, 0);
    for (std::size_t s = 0; s < cur.rendered.segments.size(); ++s) {
        const std::string& p = cur.rendered.segments[s].pointer;
        if (!p.empty())
            scan.segment_by_pointer.emplace(p, static_cast<int>(s));
    }
    std::vector<Leaf> leaves = checked_leaves(ctx.in.body, cur);
    DynamicValues out;
    for (const Leaf& leaf : leaves)
        out.leaf_texts.emplace(leaf.pointer, leaf.text);
    // Pending values of the previous request: dynamic when this request differs there.
    if (ctx.prev) {
        for (PendingDynamic& pd : ctx.prev->pending) {
            auto it = out.leaf_texts.find(pd.pointer);
            if (it == out.leaf_texts.end() || it->second.find(pd.value) == std::string::npos) {
                pd.hedged = false;  // it changed: no doubt left
                ctx.sink.confirm_dynamic(std::move(pd));
            }
        }
        ctx.prev->pending.clear();
    }
    for (const Leaf& leaf : leaves) {
        const auto& spans = memory.spans_of(leaf.text);
        if (!spans.empty())
            check_leaf(scan, leaf, spans, out);
    }
    memory.add_moves(out.moves);
    return out;
}

}  // namespace pl::lint
