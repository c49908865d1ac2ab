// Bedrock Converse bodies (prompt/body_shape.h): toolConfig tools, system blocks and messages,
// with each cachePoint element a breakpoint after what precedes it.
#include "prompt/render_builder.h"

namespace pl::render {

// ---- Bedrock Converse ----
Result<bool> Renderer::c_cache_point(const ojson& e, const std::string& p) {
    if (!e.is_object() || !e.contains("cachePoint"))
        return false;
    const ojson& cp = e["cachePoint"];
    if (!cp.is_object())
        return type_error(p + "/cachePoint", "{\"type\": \"default\"}");
    double ttl = 300;
    if (cp.contains("ttl")) {
        const std::string t = cp["ttl"].is_string() ? cp["ttl"].get<std::string>() : "";
        if (t != "5m" && t != "1h")
            return type_error(p + "/cachePoint/ttl", "\"5m\" or \"1h\"");
        ttl = t == "1h" ? 3600 : 300;
    }
    mark_at(p + "/cachePoint", ttl);
    return true;
}

Result<void> Renderer::c_tools(const ojson& body) {
    if (!body.contains("toolConfig") || body["toolConfig"].is_null())
        return {};
    const ojson& tc = body["toolConfig"];
    if (!tc.is_object() || !tc.contains("tools") || !tc["tools"].is_array())
        return type_error("/toolConfig/tools", "an array of tools");
    const ojson& tools = tc["tools"];
    for (std::size_t i = 0; i < tools.size(); ++i) {
        const std::string p = "/toolConfig/tools/" + std::to_string(i);
        auto point = c_cache_point(tools[i], p);
        if (!point)
            return point.error();
        if (*point)
            continue;
        if (!tools[i].is_object())
            return type_error(p, "a tool object {\"toolSpec\": ...}");
        const int idx = static_cast<int>(i);
        add_tool(idx, p, tools[i]);
    }
    return {};
}

Result<void> Renderer::c_system(const ojson& body) {
    out_.system_begin_token = out_.size();
    if (!body.contains("system") || body["system"].is_null())
        return {};
    const ojson& sys = body["system"];
    if (!sys.is_array())
        return type_error("/system", "an array of system blocks");
    bool opened = false;
    for (std::size_t i = 0; i < sys.size(); ++i) {
        const std::string p = "/system/" + std::to_string(i);
        auto point = c_cache_point(sys[i], p);
        if (!point)
            return point.error();
        if (*point)
            continue;
        const ojson& b = sys[i];
        if (!b.is_object())
            return type_error(p, "a system block {\"text\": \"...\"}");
        begin_block(PartKind::System, p);
        if (!opened) {
            add(PartKind::System, 0, "", "", p, turn_open("system"));
            opened = true;
        }
        if (b.contains("text") && b["text"].is_string())
            add(PartKind::System, static_cast<int>(i), "", p + "/text", p,
                b["text"].get<std::string>());
        else
            add(PartKind::System, static_cast<int>(i), "", p, p, b.dump());
    }
    if (opened)
        add(PartKind::System, static_cast<int>(sys.size()) - 1, "", "", out_.blocks.back().pointer,
            turn_close("system"), false);
    return {};
}

Result<void> Renderer::c_content(const ojson& content, const std::string& p, int idx,
                                 const std::string& role) {
    if (!content.is_array())
        return type_error(p, "an array of content blocks");
    for (std::size_t j = 0; j < content.size(); ++j) {
        const std::string bp = p + "/" + std::to_string(j);
        auto point = c_cache_point(content[j], bp);
        if (!point)
            return point.error();
        if (*point)
            continue;
        const ojson& b = content[j];
        if (!b.is_object())
            return type_error(bp, "a content block object");
        begin_block(PartKind::Message, bp, idx, role);
        if (b.contains("text") && b["text"].is_string()) {
            add(PartKind::Message, idx, role, bp + "/text", bp, b["text"].get<std::string>());
        } else if (b.contains("toolUse") && b["toolUse"].is_object() &&
                   b["toolUse"].contains("input")) {
            add(PartKind::Message, idx, role, bp + "/toolUse/input", bp,
                b["toolUse"]["input"].dump());
        } else if (b.contains("toolResult") && b["toolResult"].is_object() &&
                   b["toolResult"].contains("content")) {
            const ojson& rc = b["toolResult"]["content"];
            const std::string rp = bp + "/toolResult/content";
            for (std::size_t k = 0; rc.is_array() && k < rc.size(); ++k) {
                const std::string kp = rp + "/" + std::to_string(k);
                if (rc[k].is_object() && rc[k].contains("text") && rc[k]["text"].is_string())
                    add(PartKind::Message, idx, role, kp + "/text", bp,
                        rc[k]["text"].get<std::string>());
                else
                    add(PartKind::Message, idx, role, kp, bp, rc[k].dump());
            }
        } else if (auto media = estimate_media(b, Provider::Bedrock)) {
            add_media(PartKind::Message, idx, role, bp, bp, *media);
        } else {
            add(PartKind::Message, idx, role, bp, bp, b.dump());
        }
    }
    return {};
}

Result<void> Renderer::c_messages(const ojson& body) {
    static const TurnRules rules{
        {"user", "assistant"}, "\"user\" or \"assistant\"", "an array of content blocks", false};
    return turns(body, rules,
                 [this](const ojson& c, const std::string& p, int idx, const std::string& role) {
                     return c_content(c, p, idx, role);
                 });
}

}  // namespace pl::render
