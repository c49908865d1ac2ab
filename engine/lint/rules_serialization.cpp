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
        Finding f = ctx.make(rule::kUnstableSerialization, ctx.in.body_pointer + "/tools",
                             std::string_view::npos, 0,
                             "the same tools come in a different order than in the previous "
                             "request; every token from the first tool on is new");
        f.message_parts = {{"unstable-serialization.tool-order-changed"}};
        f.fix = "sort tools by name (prefixlens lint --fix)";
        f.fix_key = "unstable-serialization.sort-tools";
        const std::size_t index =
            ctx.sink.emit(std::move(f), dedupe_key(rule::kUnstableSerialization, "/tools-order"));
        // The miss it causes in this request is this finding, not a prefix-changed beside it.
        ctx.sink.claim_cause("/tools", index, std::string::npos, std::string::npos,
                             ctx.request_index);
    }
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
        const std::string ptr = "/tools/" + std::to_string(i);
        Finding f = ctx.make(rule::kUnstableSerialization, ctx.in.body_pointer + ptr,
                             std::string_view::npos, 0,
                             "tool '" + now[i] + "' is the same as in the previous request but " +
                                 (same_keys_sorted ? "its keys are in a different order"
                                                   : "its whitespace differs") +
                                 "; the cache sees a different tool");
        f.message_parts = {{same_keys_sorted ? "unstable-serialization.tool-keys"
                                             : "unstable-serialization.tool-whitespace",
                            {now[i]}}};
        f.fix = "serialize tools with a canonical key order (prefixlens lint --fix)";
        f.fix_key = "unstable-serialization.canonical-tools";
        const std::size_t index =
            ctx.sink.emit(std::move(f), dedupe_key(rule::kUnstableSerialization, ptr));
        ctx.sink.claim_cause(ptr, index, std::string::npos, std::string::npos, ctx.request_index);
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
            Finding f = ctx.make(rule::kUnstableSerialization, ctx.in.body_pointer + it.key(),
                                 std::string_view::npos, 0,
                                 "this schema equals the previous request's but its keys are in "
                                 "a different order");
            f.message_parts = {{"unstable-serialization.schema-keys"}};
            f.fix = "serialize schemas with a canonical key order";
            f.fix_key = "unstable-serialization.canonical-schemas";
            const std::size_t index =
                ctx.sink.emit(std::move(f), dedupe_key(rule::kUnstableSerialization, it.key()));
            ctx.sink.claim_cause(it.key(), index, std::string::npos, std::string::npos,
                                 ctx.request_index);
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
