#include "prompt/prompt_template.h"

namespace pl {

const char* part_kind_name(PartKind kind) {
    switch (kind) {
        case PartKind::Tool:
            return "tools";
        case PartKind::System:
            return "system";
        case PartKind::Message:
            return "message";
        case PartKind::Generation:
            return "generation";
    }
    return "?";
}

namespace {

class Renderer {
  public:
    Renderer(const BpeTokenizer& tok, std::string where, std::size_t max_tokens)
        : tok_(tok), where_(std::move(where)), max_tokens_(max_tokens) {}

    Error type_error(const std::string& pointer, const std::string& expected) const {
        return make_error(where_ + pointer + ": expected " + expected);
    }

    void add(PartKind kind, int index, const std::string& role, const std::string& pointer,
             const std::string& text, bool breakpoint = false) {
        if (text.empty() || at_least_ > 0)
            return;
        // A text of B bytes is at least B / max_token_bytes tokens: a prompt that cannot fit is
        // refused before it is tokenized (a 1 GB prompt would take minutes and gigabytes).
        if (const std::size_t bound = out_.tokens.size() + text.size() / tok_.max_token_bytes();
            max_tokens_ > 0 && bound > max_tokens_) {
            at_least_ = bound;
            return;
        }
        PromptSegment seg{kind, index, role, pointer, text, breakpoint, 0, 0};
        seg.token_begin = static_cast<int>(out_.tokens.size());
        const auto ids = tok_.encode(text);
        int offset = 0;
        const auto seg_index = static_cast<int32_t>(out_.segments.size());
        for (int32_t id : ids) {
            out_.tokens.push_back(id);
            out_.token_segment.push_back(seg_index);
            out_.token_offset.push_back(offset);
            offset += static_cast<int>(tok_.token_bytes(id).size());
        }
        seg.token_end = static_cast<int>(out_.tokens.size());
        out_.segments.push_back(std::move(seg));
    }

    void mark_breakpoint() { out_.breakpoints.push_back(static_cast<int>(out_.tokens.size())); }

    static bool has_cache_control(const ojson& block) {
        return block.is_object() && block.contains("cache_control") &&
               !block["cache_control"].is_null();
    }

    Result<void> tools(const ojson& body) {
        if (!body.contains("tools") || body["tools"].is_null())
            return {};
        const ojson& tools = body["tools"];
        if (!tools.is_array())
            return type_error("/tools", "an array of tool objects");
        for (std::size_t i = 0; i < tools.size(); ++i) {
            const std::string p = "/tools/" + std::to_string(i);
            if (!tools[i].is_object())
                return type_error(p, "a tool object");
            const int idx = static_cast<int>(i);
            add(PartKind::Tool, idx, "", "", "<tool>");
            add(PartKind::Tool, idx, "", p, tools[i].dump());
            add(PartKind::Tool, idx, "", "", "</tool>\n");
            if (has_cache_control(tools[i]))
                mark_breakpoint();
        }
        return {};
    }

    Result<void> system(const ojson& body) {
        if (!body.contains("system") || body["system"].is_null())
            return {};
        const ojson& sys = body["system"];
        add(PartKind::System, 0, "", "", "<system>\n");
        if (sys.is_string()) {
            add(PartKind::System, 0, "", "/system", sys.get<std::string>());
            add(PartKind::System, 0, "", "", "\n</system>\n");
            return {};
        }
        if (!sys.is_array())
            return type_error("/system", "a string or an array of text blocks");
        std::vector<bool> marks;
        for (std::size_t i = 0; i < sys.size(); ++i) {
            const std::string p = "/system/" + std::to_string(i);
            const ojson& b = sys[i];
            if (!b.is_object() || !b.contains("text") || !b["text"].is_string()) {
                return type_error(p, "a text block {\"type\": \"text\", \"text\": \"...\"}");
            }
            add(PartKind::System, static_cast<int>(i), "", p + "/text",
                b["text"].get<std::string>(), has_cache_control(b));
            // A breakpoint on a system block caches through the end of that block.
            if (has_cache_control(b))
                mark_breakpoint();
        }
        add(PartKind::System, static_cast<int>(sys.size()) - 1, "", "", "\n</system>\n");
        return {};
    }

    Result<void> content(const ojson& c, const std::string& p, int idx, const std::string& role) {
        if (c.is_string()) {
            add(PartKind::Message, idx, role, p, c.get<std::string>());
            return {};
        }
        if (!c.is_array())
            return type_error(p, "a string or an array of content blocks");
        for (std::size_t j = 0; j < c.size(); ++j) {
            const std::string bp = p + "/" + std::to_string(j);
            const ojson& b = c[j];
            if (!b.is_object())
                return type_error(bp, "a content block object");
            const std::string type = b.contains("type") && b["type"].is_string()
                                         ? b["type"].get<std::string>()
                                         : std::string("text");
            if (type == "text") {
                if (!b.contains("text") || !b["text"].is_string()) {
                    return type_error(bp + "/text", "a string");
                }
                add(PartKind::Message, idx, role, bp + "/text", b["text"].get<std::string>());
            } else if (type == "tool_use") {
                const ojson input = b.contains("input") ? b["input"] : ojson::object();
                add(PartKind::Message, idx, role, bp + "/input", input.dump());
            } else if (type == "tool_result") {
                if (b.contains("content")) {
                    PL_TRY(content(b["content"], bp + "/content", idx, role));
                }
            } else {
                // Images, documents and other blocks have no text for our small model; they
                // still take part in the chain through their JSON.
                add(PartKind::Message, idx, role, bp, b.dump());
            }
            if (has_cache_control(b))
                mark_breakpoint();
        }
        return {};
    }

    Result<void> messages(const ojson& body) {
        if (!body.contains("messages"))
            return type_error("/messages", "an array of messages");
        const ojson& msgs = body["messages"];
        if (!msgs.is_array())
            return type_error("/messages", "an array of messages");
        for (std::size_t i = 0; i < msgs.size(); ++i) {
            const std::string p = "/messages/" + std::to_string(i);
            const ojson& m = msgs[i];
            if (!m.is_object())
                return type_error(p, "a message object");
            if (!m.contains("role") || !m["role"].is_string()) {
                return type_error(p + "/role", "\"user\" or \"assistant\"");
            }
            const std::string role = m["role"].get<std::string>();
            if (role != "user" && role != "assistant") {
                return type_error(p + "/role", "\"user\" or \"assistant\"");
            }
            if (!m.contains("content"))
                return type_error(p + "/content", "message content");
            const int idx = static_cast<int>(i);
            add(PartKind::Message, idx, role, "", "<" + role + ">\n");
            PL_TRY(content(m["content"], p + "/content", idx, role));
            add(PartKind::Message, idx, role, "", "\n</" + role + ">\n");
        }
        return {};
    }

    Result<RenderedPrompt> run(const ojson& body) {
        if (!body.is_object())
            return type_error("", "a request object");
        PL_TRY(tools(body));
        PL_TRY(system(body));
        PL_TRY(messages(body));
        add(PartKind::Generation, 0, "assistant", "", "<assistant>\n");
        if (at_least_ > 0 || (max_tokens_ > 0 && out_.tokens.size() > max_tokens_)) {
            return make_error(where_ + ": the prompt is " +
                              (at_least_ > 0 ? "at least " + std::to_string(at_least_)
                                             : std::to_string(out_.tokens.size())) +
                              " tokens, longer than the model's context of " +
                              std::to_string(max_tokens_));
        }
        return std::move(out_);
    }

  private:
    const BpeTokenizer& tok_;
    std::string where_;
    std::size_t max_tokens_ = 0;
    std::size_t at_least_ = 0;  // > 0: the byte count alone proved the prompt too long
    RenderedPrompt out_;
};

}  // namespace

Result<RenderedPrompt> render_prompt(const ojson& body, const BpeTokenizer& tokenizer,
                                     const std::string& where, std::size_t max_tokens) {
    Renderer r(tokenizer, where, max_tokens);
    return r.run(body);
}

}  // namespace pl
