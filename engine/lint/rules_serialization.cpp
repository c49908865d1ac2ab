// unstable-serialization: tools and schemas that mean the same but render differently (another
// order of tools, of keys, other whitespace), so the cache sees new tokens.
#include <algorithm>
#include <map>
#include <string_view>

#include "lint/rule_context.h"

namespace pl::lint {

namespace {

// The same JSON with each run of whitespace in its strings made one space (none at the ends).
ojson normalize_whitespace(ojson j) {
    if (j.is_string()) {
        std::string out;
        bool space = false;
        for (char c : j.get_ref<const std::string&>()) {
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                space = true;
                continue;
            }
            if (space && !out.empty())
                out += ' ';
            space = false;
            out += c;
        }
        return out;
    }
    if (j.is_structured()) {
        for (auto& v : j)  // object members keep their keys and order
            v = normalize_whitespace(std::move(v));
    }
    return j;
}

// Emits an unstable-serialization finding about the value at `where` (a pointer inside the
// body) and makes it the cause of this request's miss there, so that no prefix-changed is
// reported beside it. `dedupe` names the finding across a log. Returns the finding's index.
std::size_t emit_serialization_cause(const RuleContext& ctx, const std::string& where,
                                     const std::string& dedupe, const std::string& message,
                                     Phrase part, const char* fix, const char* fix_key) {
    Finding f = ctx.make(rule::kUnstableSerialization, ctx.in.body_pointer + where,
                         std::string_view::npos, 0, message);
    f.message_parts = {std::move(part)};
    f.fix = fix;
    f.fix_key = fix_key;
    const std::size_t index =
        ctx.sink.emit(std::move(f), dedupe_key(rule::kUnstableSerialization, dedupe));
    ctx.sink.claim_cause(where, index, std::string::npos, std::string::npos, ctx.request_index);
    return index;
}

void check_tools_vs_previous(const RuleContext& ctx) {
    const ojson& tools = ctx.tools;
    const ojson& prev_tools = ctx.prev->tools;
    std::vector<std::string> now, before;
    std::map<std::string, std::size_t> before_index;
    for (std::size_t i = 0; i < prev_tools.size(); ++i) {
        before.push_back(tool_name(prev_tools[i]));
        before_index.emplace(before.back(), i);
    }
    for (const auto& t : tools)
        now.push_back(tool_name(t));
    auto sorted_now = now, sorted_before = before;
    std::sort(sorted_now.begin(), sorted_now.end());
    std::sort(sorted_before.begin(), sorted_before.end());
    if (now != before && sorted_now == sorted_before) {
        emit_serialization_cause(ctx, "/tools", "/tools-order",
                                 "the same tools come in a different order than in the previous "
                                 "request; every token from the first tool on is new",
                                 {"unstable-serialization.tool-order-changed"},
                                 "sort tools by name (prefixlens lint --fix)",
                                 "unstable-serialization.sort-tools");
    }
    // Tools equal to the previous request's but serialized differently. One finding per cause,
    // however many tools it touches: at the first such tool, the one the cache first misses;
    // every token after it (the tools after it, the system prompt, the messages) is written
    // again with it.
    std::size_t first = tools.size();
    bool keys = false;
    int reserialized = 0;
    for (std::size_t i = 0; i < tools.size(); ++i) {
        auto it = before_index.find(now[i]);
        if (it == before_index.end())
            continue;
        const ojson& old = prev_tools[it->second];
        if (old.dump() == tools[i].dump())
            continue;
        const bool same_keys_sorted = canonical_keys(old).dump() == canonical_keys(tools[i]).dump();
        const bool same_but_space = normalize_whitespace(canonical_keys(old)).dump() ==
                                    normalize_whitespace(canonical_keys(tools[i])).dump();
        if (!same_keys_sorted && !same_but_space)
            continue;
        ++reserialized;
        if (first == tools.size()) {
            first = i;
            keys = same_keys_sorted;
        }
    }
    if (first == tools.size())
        return;
    const std::string& name = now[first];
    const int after = static_cast<int>(tools.size() - first - 1);
    const std::string ptr = "/tools/" + std::to_string(first);
    std::string message = "tool '" + name + "' is the same as in the previous request but " +
                          (keys ? "its keys are in a different order" : "its whitespace differs") +
                          "; the cache sees a different tool";
    std::vector<Phrase> parts{
        {keys ? "unstable-serialization.tool-keys" : "unstable-serialization.tool-whitespace",
         {name}}};
    if (after == 1) {
        message += ", and the tool after it loses its cache with it";
        parts.push_back({"unstable-serialization.tools-after.one"});
    } else if (after > 1) {
        message +=
            ", and the " + std::to_string(after) + " tools after it lose their cache with it";
        parts.push_back({"unstable-serialization.tools-after.many", {std::to_string(after)}});
    }
    const int more = reserialized - 1;
    if (more == 1) {
        message += " (1 more tool after it is serialized differently too)";
        parts.push_back({"unstable-serialization.more-tools.one"});
    } else if (more > 1) {
        message +=
            " (" + std::to_string(more) + " more tools after it are serialized differently too)";
        parts.push_back({"unstable-serialization.more-tools.many", {std::to_string(more)}});
    }
    // Named by the tool, not its place: the same tool flapping again is the same cause.
    const std::size_t index = emit_serialization_cause(
        ctx, ptr, "/tools-serialized/" + name, message, parts.front(),
        "serialize tools with a canonical key order (prefixlens lint --fix)",
        "unstable-serialization.canonical-tools");
    Finding& f = ctx.sink.findings()[index];
    if (f.request == ctx.request_index) {  // a new finding, not a repeat of one
        f.message_parts = std::move(parts);
        f.details["tool"] = name;
        f.details["tool_index"] = static_cast<int>(first);
        f.details["tools_after"] = after;
        f.details["tools_reserialized"] = reserialized;
    }
}

void check_schemas_vs_previous(const RuleContext& ctx) {
    const ojson schemas = schemas_of(ctx.in.body);
    for (auto it = schemas.begin(); it != schemas.end(); ++it) {
        if (!ctx.prev->schemas.contains(it.key()))
            continue;
        const ojson& old = ctx.prev->schemas[it.key()];
        if (old.dump() != it.value().dump() &&
            canonical_keys(old).dump() == canonical_keys(it.value()).dump()) {
            emit_serialization_cause(ctx, it.key(), it.key(),
                                     "this schema equals the previous request's but its keys are "
                                     "in a different order",
                                     {"unstable-serialization.schema-keys"},
                                     "serialize schemas with a canonical key order",
                                     "unstable-serialization.canonical-schemas");
        }
    }
}

}  // namespace

void check_tool_order(const RuleContext& ctx) {
    const ojson& tools = ctx.tools;
    if (ctx.request_index != 0 || !tools.is_array() || tools.size() <= 1)
        return;
    std::vector<std::string> names;
    for (const auto& t : tools)
        names.push_back(tool_name(t));
    if (std::is_sorted(names.begin(), names.end()))
        return;
    Finding f = ctx.make(rule::kUnstableSerialization, ctx.in.body_pointer + "/tools",
                         std::string_view::npos, 0,
                         "tools are not in a stable (sorted) order; if they are built from a "
                         "map or set, their order can change between requests and void the "
                         "whole cache");
    f.severity = Severity::Note;
    f.message_parts = {{"unstable-serialization.tools-unsorted"}};
    f.fix = "sort tools by name (prefixlens lint --fix)";
    f.fix_key = "unstable-serialization.sort-tools";
    f.details = {{"single_request", true}};
    ctx.sink.emit(std::move(f));
}

void check_serialization_vs_previous(const RuleContext& ctx) {
    if (ctx.tools.is_array() && ctx.prev->tools.is_array())
        check_tools_vs_previous(ctx);
    check_schemas_vs_previous(ctx);
}

}  // namespace pl::lint
