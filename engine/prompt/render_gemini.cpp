// Gemini generateContent bodies (prompt/body_shape.h): tools' function declarations, the system
// instruction and the contents, each part a piece of the prompt.
#include "prompt/render_builder.h"

namespace pl::render {

// ---- Gemini generateContent ----
const ojson* Renderer::field(const ojson& o, const char* camel, const char* snake) {
    if (o.contains(camel) && !o[camel].is_null())
        return &o[camel];
    if (o.contains(snake) && !o[snake].is_null())
        return &o[snake];
    return nullptr;
}

Result<void> Renderer::g_tools(const ojson& body) {
    const ojson* tools = field(body, "tools", "tools");
    if (!tools)
        return {};
    if (!tools->is_array())
        return type_error("/tools", "an array of tool objects");
    int idx = 0;  // each function declaration is a tool of its own
    for (std::size_t i = 0; i < tools->size(); ++i) {
        const ojson& t = (*tools)[i];
        const std::string p = "/tools/" + std::to_string(i);
        if (!t.is_object())
            return type_error(p, "a tool object");
        const bool camel = t.contains("functionDeclarations");
        const ojson* decls = field(t, "functionDeclarations", "function_declarations");
        if (!decls) {
            add_tool(idx++, p, t);
            continue;
        }
        if (!decls->is_array())
            return type_error(p + (camel ? "/functionDeclarations" : "/function_declarations"),
                              "an array of function declarations");
        for (std::size_t j = 0; j < decls->size(); ++j)
            add_tool(idx++,
                     p + (camel ? "/functionDeclarations/" : "/function_declarations/") +
                         std::to_string(j),
                     (*decls)[j]);
    }
    return {};
}

Result<void> Renderer::g_parts(const ojson& content, const std::string& p, PartKind kind, int idx,
                               const std::string& role) {
    if (!content.is_object() || !content.contains("parts") || !content["parts"].is_array())
        return type_error(p + "/parts", "an array of parts");
    const ojson& parts = content["parts"];
    for (std::size_t j = 0; j < parts.size(); ++j) {
        const std::string pp = p + "/parts/" + std::to_string(j);
        const ojson& part = parts[j];
        if (!part.is_object())
            return type_error(pp, "a part object");
        if (part.contains("text") && part["text"].is_string())
            add(kind, idx, role, pp + "/text", p, part["text"].get<std::string>());
        else if (auto media = estimate_media(part, Provider::Gemini))
            add_media(kind, idx, role, pp, p, *media);
        else
            add(kind, idx, role, pp, p, part.dump());
    }
    return {};
}

Result<void> Renderer::g_body(const ojson& body) {
    PL_TRY(g_tools(body));
    out_.system_begin_token = out_.size();
    if (const ojson* cc = field(body, "cachedContent", "cached_content"); cc && cc->is_string())
        out_.cached_content = cc->get<std::string>();
    if (const ojson* sys = field(body, "systemInstruction", "system_instruction")) {
        const std::string p =
            body.contains("systemInstruction") ? "/systemInstruction" : "/system_instruction";
        begin_block(PartKind::System, p);
        add(PartKind::System, 0, "", "", p, turn_open("system"));
        if (sys->is_string())
            add(PartKind::System, 0, "", p, p, sys->get<std::string>());
        else
            PL_TRY(g_parts(*sys, p, PartKind::System, 0, ""));
        add(PartKind::System, 0, "", "", p, turn_close("system"), false);
    }
    out_.messages_begin_token = out_.size();
    out_.messages_key = "contents";
    const ojson* contents = field(body, "contents", "contents");
    if (!contents)
        return type_error("/contents", "an array of contents");
    if (contents->is_string()) {  // the SDKs accept a bare prompt
        set_tail(0, "/contents");
        begin_block(PartKind::Message, "/contents", 0, "user");
        add(PartKind::Message, 0, "user", "", "/contents", turn_open("user"));
        add(PartKind::Message, 0, "user", "/contents", "/contents", contents->get<std::string>());
        add(PartKind::Message, 0, "user", "", "/contents", turn_close("user"), false);
        return {};
    }
    if (!contents->is_array())
        return type_error("/contents", "an array of contents");
    for (std::size_t i = 0; i < contents->size(); ++i) {
        const ojson& c = (*contents)[i];
        const std::string p = "/contents/" + std::to_string(i);
        if (!c.is_object())
            return type_error(p, "a content object");
        std::string role = "user";
        if (c.contains("role") && c["role"].is_string())
            role = c["role"].get<std::string>();
        if (role != "user" && role != "model" && role != "function")
            return type_error(p + "/role", "\"user\" or \"model\"");
        const int idx = static_cast<int>(i);
        if (role == "user")
            set_tail(idx, p);
        // The framing speaks of the assistant, whatever the API calls it.
        const std::string framed = role == "model" ? "assistant" : role;
        begin_block(PartKind::Message, p, idx, framed);
        add(PartKind::Message, idx, framed, "", p, turn_open(framed));
        PL_TRY(g_parts(c, p, PartKind::Message, idx, framed));
        add(PartKind::Message, idx, framed, "", p, turn_close(framed), false);
    }
    return {};
}

}  // namespace pl::render
