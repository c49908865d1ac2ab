#include "prompt/renderer.h"

#include "prompt/render_builder.h"

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

namespace render {

// A piece of text's tokens and their byte offsets.
EncodedText encode_text(const BpeTokenizer& tok, const std::string& text) {
    EncodedText e;
    e.ids = tok.encode(text);
    e.offsets.reserve(e.ids.size());
    int32_t offset = 0;
    for (int32_t id : e.ids) {
        e.offsets.push_back(offset);
        offset += static_cast<int32_t>(tok.token_bytes(id).size());
    }
    return e;
}

}  // namespace render

using render::encode_text;

const EncodedText& SegmentTokenCache::encode_framing(const std::string& text) {
    if (const auto it = framing_.find(text); it != framing_.end())
        return it->second;
    EncodedText e;
    e.ids = tok_.encode_with_specials(text);
    // Offsets only need to be ascending inside the text: the markers' bytes, in order.
    int32_t offset = 0;
    for (const int32_t id : e.ids) {
        e.offsets.push_back(std::min(offset, static_cast<int32_t>(text.size()) - 1));
        offset += static_cast<int32_t>(tok_.token_bytes(id).size());
    }
    return framing_.emplace(text, std::move(e)).first->second;
}

std::size_t SegmentTokenCache::Entry::bytes() const {
    return sizeof(Entry) + text.size() + (enc.ids.size() + enc.offsets.size()) * sizeof(int32_t);
}

const SegmentTokenCache::Segments* SegmentTokenCache::conversation_segments() const {
    if (conversation_.empty())
        return nullptr;
    const auto it = conversations_.find(conversation_);
    return it == conversations_.end() ? nullptr : &it->second.segments;
}

void SegmentTokenCache::begin_request(const std::string& conversation) {
    conversation_ = conversation;
    // The heads of the conversation's texts too, so that its growing message is extended
    // although other conversations' requests came in between.
    if (const Segments* mine = conversation_segments()) {
        for (const auto& [text, entry] : *mine)
            remember_head(entry);
    }
}

const EncodedText& SegmentTokenCache::encode(const std::string& text) {
    if (auto it = cur_.find(text); it != cur_.end()) {
        ++hits_;
        return it->second->enc;
    }
    const Segments* mine = conversation_segments();
    for (const Segments* earlier : {mine, static_cast<const Segments*>(&prev_)}) {
        if (!earlier)
            continue;
        if (auto it = earlier->find(text); it != earlier->end()) {
            ++hits_;
            return cur_.emplace(it->first, it->second).first->second->enc;
        }
    }
    ++misses_;
    std::optional<EncodedText> e = extend(text);
    if (e)
        ++extended_;
    auto entry =
        std::make_shared<const Entry>(Entry{text, e ? std::move(*e) : encode_text(tok_, text)});
    remember_head(entry);
    return cur_.emplace(entry->text, entry).first->second->enc;
}

// GPT-2's pre-tokenizer ends a word wherever a printable ASCII character is followed by
// whitespace, whatever comes next (every pattern but the whitespace ones stops at whitespace,
// and those never hold a printable character), and BPE never merges across words. Llama 3's
// and Qwen2's do too, except before a newline, which a run of punctuation takes ("!\n"). So where
// `text` continues a remembered text, the tokens before the last such place in it are the
// tokens `text` starts with, and only the rest is tokenized.
std::optional<EncodedText> SegmentTokenCache::extend(const std::string& text) const {
    if (text.size() < kHeadBytes || !tok_.words_end_at_spaces())
        return std::nullopt;
    const auto it = by_head_.find(text.substr(0, kHeadBytes));
    if (it == by_head_.end())
        return std::nullopt;
    const std::string& old_text = it->second->text;
    const EncodedText& old = it->second->enc;
    if (old_text.size() >= text.size() || !text.starts_with(old_text))
        return std::nullopt;
    const bool newline = tok_.newline_ends_words();
    auto space = [newline](char c) {
        return c == ' ' || c == '\t' || (newline && (c == '\n' || c == '\r'));
    };
    auto printable = [](char c) { return c > ' ' && c < 0x7f; };
    std::size_t cut = old_text.size() - 1;
    while (cut > 0 && !(space(old_text[cut]) && printable(old_text[cut - 1])))
        --cut;
    if (cut == 0)
        return std::nullopt;
    const auto first =
        std::lower_bound(old.offsets.begin(), old.offsets.end(), static_cast<int32_t>(cut));
    if (first == old.offsets.end() || *first != static_cast<int32_t>(cut))
        return std::nullopt;  // not a token start: not the text it was remembered as
    const auto kept = static_cast<std::size_t>(first - old.offsets.begin());
    EncodedText e;
    e.ids.assign(old.ids.begin(), old.ids.begin() + static_cast<std::ptrdiff_t>(kept));
    e.offsets.assign(old.offsets.begin(), first);
    const EncodedText tail = encode_text(tok_, text.substr(cut));
    e.ids.insert(e.ids.end(), tail.ids.begin(), tail.ids.end());
    for (int32_t o : tail.offsets)
        e.offsets.push_back(o + static_cast<int32_t>(cut));
    return e;
}

void SegmentTokenCache::remember_head(const EntryPtr& entry) {
    if (entry->text.size() >= kHeadBytes)
        by_head_[entry->text.substr(0, kHeadBytes)] = entry;
}

void SegmentTokenCache::forget_oldest_conversations() {
    while (!lru_.empty() &&
           (conversations_.size() > kMaxConversations || remembered_bytes_ > kMaxRememberedBytes)) {
        const auto it = conversations_.find(lru_.back());
        remembered_bytes_ -= it->second.bytes;
        conversations_.erase(it);
        lru_.pop_back();
        ++forgotten_;
    }
}

void SegmentTokenCache::next_request() {
    if (!conversation_.empty()) {
        // The conversation's memory becomes this request's segments, the most recently seen.
        auto [it, fresh] = conversations_.try_emplace(conversation_);
        Remembered& r = it->second;
        if (fresh) {
            lru_.push_front(conversation_);
        } else {
            lru_.splice(lru_.begin(), lru_, r.lru);
            remembered_bytes_ -= r.bytes;
        }
        r.lru = lru_.begin();
        r.segments = cur_;
        r.bytes = 0;
        for (const auto& [text, entry] : cur_)
            r.bytes += entry->bytes();
        remembered_bytes_ += r.bytes;
        forget_oldest_conversations();
    }
    prev_ = std::move(cur_);
    cur_.clear();
    conversation_.clear();
    // The older request's texts are gone: keep the heads of the ones still remembered.
    by_head_.clear();
    for (const auto& [text, entry] : prev_)
        remember_head(entry);
}

int message_index_of(const std::string& pointer, const std::string& messages_key) {
    const std::string head = "/" + messages_key + "/";
    if (pointer.rfind(head, 0) != 0)
        return -1;
    int v = 0;
    std::size_t i = head.size();
    if (i >= pointer.size() || pointer[i] < '0' || pointer[i] > '9')
        return -1;
    while (i < pointer.size() && pointer[i] >= '0' && pointer[i] <= '9' && v < 100000000)
        v = v * 10 + (pointer[i++] - '0');
    return v;
}

bool is_web_search_tool(const ojson& tool) {
    if (!tool.is_object() || !tool.contains("type") || !tool["type"].is_string())
        return false;
    return tool["type"].get_ref<const std::string&>().rfind("web_search_", 0) == 0;
}

namespace render {

// ---- Anthropic ----
Result<void> Renderer::tools_part(const ojson& body, bool breakpoints) {
    if (!body.contains("tools") || body["tools"].is_null())
        return {};
    const ojson& tools = body["tools"];
    if (!tools.is_array())
        return type_error("/tools", "an array of tool objects");
    for (std::size_t i = 0; i < tools.size(); ++i) {
        const std::string p = "/tools/" + std::to_string(i);
        if (!tools[i].is_object())
            return type_error(p, "a tool object");
        // Anthropic's web search is a server tool: turning it on or off changes the system
        // prompt the API builds, not the tool definitions the cache keys on.
        if (breakpoints && is_web_search_tool(tools[i]))
            continue;
        const int idx = static_cast<int>(i);
        add_tool(idx, p, tools[i]);
        if (breakpoints && has_cc(tools[i]))
            mark(tools[i], p);
    }
    return {};
}

Result<void> Renderer::a_system(const ojson& body) {
    out_.system_begin_token = out_.size();
    if (!body.contains("system") || body["system"].is_null())
        return {};
    const ojson& sys = body["system"];
    if (sys.is_string()) {
        begin_block(PartKind::System, "/system");
        add(PartKind::System, 0, "", "", "/system", turn_open("system"));
        add(PartKind::System, 0, "", "/system", "/system", sys.get<std::string>());
        add(PartKind::System, 0, "", "", "/system", turn_close("system"), false);
        return {};
    }
    if (!sys.is_array())
        return type_error("/system", "a string or an array of text blocks");
    bool opened = false;
    for (std::size_t i = 0; i < sys.size(); ++i) {
        const std::string p = "/system/" + std::to_string(i);
        const ojson& b = sys[i];
        if (!b.is_object() || !b.contains("text") || !b["text"].is_string())
            return type_error(p, "a text block {\"type\": \"text\", \"text\": \"...\"}");
        begin_block(PartKind::System, p);
        if (!opened) {
            add(PartKind::System, 0, "", "", p, turn_open("system"));
            opened = true;
        }
        add(PartKind::System, static_cast<int>(i), "", p + "/text", p,
            b["text"].get<std::string>());
        if (has_cc(b))
            mark(b, p);
    }
    if (!opened) {
        begin_block(PartKind::System, "/system");
        add(PartKind::System, 0, "", "", "/system", turn_open("system"));
    }
    add(PartKind::System, static_cast<int>(sys.size()) - 1, "", "", out_.blocks.back().pointer,
        turn_close("system"), false);
    return {};
}

Result<void> Renderer::a_content(const ojson& c, const std::string& p, int idx,
                                 const std::string& role, bool top) {
    if (c.is_string()) {
        if (top)
            begin_block(PartKind::Message, p, idx, role);
        add(PartKind::Message, idx, role, p, p, c.get<std::string>());
        return {};
    }
    if (!c.is_array())
        return type_error(p, "a string or an array of content blocks");
    for (std::size_t j = 0; j < c.size(); ++j) {
        const std::string bp = p + "/" + std::to_string(j);
        const ojson& b = c[j];
        if (!b.is_object())
            return type_error(bp, "a content block object");
        if (top)
            begin_block(PartKind::Message, bp, idx, role);
        const std::string type = b.contains("type") && b["type"].is_string()
                                     ? b["type"].get<std::string>()
                                     : std::string("text");
        if (type == "text") {
            if (!b.contains("text") || !b["text"].is_string())
                return type_error(bp + "/text", "a string");
            add(PartKind::Message, idx, role, bp + "/text", bp, b["text"].get<std::string>());
        } else if (type == "tool_use") {
            const ojson input = b.contains("input") ? b["input"] : ojson::object();
            add(PartKind::Message, idx, role, bp + "/input", bp, input.dump());
        } else if (type == "tool_result") {
            if (b.contains("content"))
                PL_TRY(a_content(b["content"], bp + "/content", idx, role, false));
        } else if (auto media = estimate_media(b, Provider::Anthropic)) {
            add_media(PartKind::Message, idx, role, bp, bp, *media);
        } else {
            add(PartKind::Message, idx, role, bp, bp, b.dump());
        }
        if (has_cc(b))
            mark(b, bp);
    }
    return {};
}

Result<void> Renderer::turns(const ojson& body, const TurnRules& rules, const TurnBlocks& blocks) {
    if (!body.contains("messages") || !body["messages"].is_array())
        return type_error("/messages", "an array of messages");
    const ojson& msgs = body["messages"];
    out_.messages_begin_token = out_.size();
    for (std::size_t i = 0; i < msgs.size(); ++i) {
        const std::string p = "/messages/" + std::to_string(i);
        const ojson& m = msgs[i];
        if (!m.is_object())
            return type_error(p, "a message object");
        if (!m.contains("role") || !m["role"].is_string() ||
            std::find(rules.roles.begin(), rules.roles.end(), m["role"].get<std::string>()) ==
                rules.roles.end())
            return type_error(p + "/role", rules.roles_expected);
        const std::string role = m["role"].get<std::string>();
        if (!m.contains("content"))
            return type_error(p + "/content", rules.content_expected);
        const int idx = static_cast<int>(i);
        if (role == "user")
            set_tail(idx, p);
        const std::size_t first_block = out_.blocks.size();
        begin_block(PartKind::Message, p + "/content", idx, role);
        add(PartKind::Message, idx, role, "", p, turn_open(role));
        if (rules.string_content && m["content"].is_string()) {
            add(PartKind::Message, idx, role, p + "/content", p + "/content",
                m["content"].get<std::string>());
        } else {
            out_.blocks.pop_back();
            PL_TRY(blocks(m["content"], p + "/content", idx, role));
            if (out_.blocks.size() == first_block)
                begin_block(PartKind::Message, p + "/content", idx, role);
        }
        add(PartKind::Message, idx, role, "", p, turn_close(role), false);
    }
    return {};
}

// Newer models accept a "system" message between turns (an instruction added mid-conversation);
// it is framed like the other turns.
Result<void> Renderer::a_messages(const ojson& body) {
    static const TurnRules rules{{"user", "assistant", "system"},
                                 "\"user\", \"assistant\" or \"system\"",
                                 "message content",
                                 true};
    return turns(body, rules,
                 [this](const ojson& c, const std::string& p, int idx, const std::string& role) {
                     return a_content(c, p, idx, role, true);
                 });
}

// ---- OpenAI ----
void Renderer::o_text_parts(const ojson& c, const std::string& p, int idx, const std::string& role,
                            PartKind kind) {
    if (c.is_null())
        return;
    if (c.is_string()) {
        add(kind, idx, role, p, out_.blocks.back().pointer, c.get<std::string>());
        return;
    }
    if (!c.is_array()) {
        add(kind, idx, role, p, out_.blocks.back().pointer, c.dump());
        return;
    }
    for (std::size_t j = 0; j < c.size(); ++j) {
        const std::string bp = p + "/" + std::to_string(j);
        const ojson& part = c[j];
        if (part.is_object() && part.contains("text") && part["text"].is_string())
            add(kind, idx, role, bp + "/text", out_.blocks.back().pointer,
                part["text"].get<std::string>());
        else if (auto media = estimate_media(part, Provider::OpenAI))
            add_media(kind, idx, role, bp, out_.blocks.back().pointer, *media);
        else if (part.is_string())
            add(kind, idx, role, bp, out_.blocks.back().pointer, part.get<std::string>());
        else
            add(kind, idx, role, bp, out_.blocks.back().pointer, part.dump());
    }
}

Result<void> Renderer::o_message(const ojson& m, const std::string& p, int idx) {
    if (!m.is_object())
        return type_error(p, "a message object");
    std::string role;
    if (m.contains("role") && m["role"].is_string()) {
        role = m["role"].get<std::string>();
    } else if (m.contains("type") && m["type"].is_string()) {
        const std::string type = m["type"].get<std::string>();
        role = type == "function_call_output" ? "tool"
               : type == "function_call"      ? "function_call"
                                              : type;
    } else {
        return type_error(p + "/role", "a role (system, developer, user, assistant, tool)");
    }
    const PartKind kind =
        (role == "system" || role == "developer") ? PartKind::System : PartKind::Message;
    if (role == "user")
        set_tail(idx, p);
    begin_block(kind, p, idx, role);
    add(kind, idx, role, "", p, turn_open(role));
    if (m.contains("content")) {
        o_text_parts(m["content"], p + "/content", idx, role, kind);
    } else if (m.contains("output")) {
        o_text_parts(m["output"], p + "/output", idx, role, kind);
    } else if (role == "function_call") {
        ojson call = ojson::object();
        for (const char* k : {"name", "arguments"}) {
            if (m.contains(k))
                call[k] = m[k];
        }
        add(kind, idx, role, p, p, call.dump());
    } else if (!m.contains("tool_calls")) {
        add(kind, idx, role, p, p, m.dump());
    }
    if (m.contains("tool_calls") && m["tool_calls"].is_array()) {
        const ojson& calls = m["tool_calls"];
        for (std::size_t j = 0; j < calls.size(); ++j) {
            const std::string cp = p + "/tool_calls/" + std::to_string(j);
            const ojson& call = calls[j];
            if (call.is_object() && call.contains("function"))
                add(kind, idx, role, cp + "/function", p, call["function"].dump());
            else
                add(kind, idx, role, cp, p, call.dump());
        }
    }
    add(kind, idx, role, "", p, turn_close(role), false);
    return {};
}

Result<void> Renderer::o_messages(const ojson& body) {
    out_.system_begin_token = out_.size();
    if (body.contains("instructions") && body["instructions"].is_string()) {
        begin_block(PartKind::System, "/instructions");
        add(PartKind::System, 0, "", "", "/instructions", turn_open("system"));
        add(PartKind::System, 0, "", "/instructions", "/instructions",
            body["instructions"].get<std::string>());
        add(PartKind::System, 0, "", "", "/instructions", turn_close("system"), false);
    }
    out_.messages_begin_token = out_.size();
    if (body.contains("input")) {
        out_.messages_key = "input";
        const ojson& in = body["input"];
        if (in.is_string()) {
            set_tail(0, "/input");
            begin_block(PartKind::Message, "/input", 0, "user");
            add(PartKind::Message, 0, "user", "", "/input", turn_open("user"));
            add(PartKind::Message, 0, "user", "/input", "/input", in.get<std::string>());
            add(PartKind::Message, 0, "user", "", "/input", turn_close("user"), false);
            return {};
        }
        if (!in.is_array())
            return type_error("/input", "a string or an array of input items");
        for (std::size_t i = 0; i < in.size(); ++i)
            PL_TRY(o_message(in[i], "/input/" + std::to_string(i), static_cast<int>(i)));
        return {};
    }
    if (!body.contains("messages") || !body["messages"].is_array())
        return type_error("/messages", "an array of messages (or a Responses \"input\")");
    const ojson& msgs = body["messages"];
    for (std::size_t i = 0; i < msgs.size(); ++i)
        PL_TRY(o_message(msgs[i], "/messages/" + std::to_string(i), static_cast<int>(i)));
    return {};
}

}  // namespace render

using render::Renderer;

Result<RenderedRequest> render_request(const ojson& body, Provider provider,
                                       SegmentTokenCache& cache, const std::string& where,
                                       std::size_t max_tokens, const std::string& limit_name) {
    Renderer r(cache.tokenizer(), &cache, where, provider, max_tokens, limit_name);
    return r.run(body);
}

Result<RenderedPrompt> render_prompt(const ojson& body, const BpeTokenizer& tokenizer,
                                     const std::string& where, std::size_t max_tokens,
                                     const std::string& limit_name) {
    auto r =
        Renderer(tokenizer, nullptr, where, Provider::Anthropic, max_tokens, limit_name).run(body);
    if (!r)
        return r.error();
    return std::move(r->rendered);
}

}  // namespace pl
