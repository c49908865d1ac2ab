#include "prompt/renderer.h"

#include <algorithm>
#include <cstdio>

#include "prompt/framing.h"
#include "prompt/media_tokens.h"

namespace pl {

const char* provider_id(Provider p) {
    switch (p) {
        case Provider::Anthropic:
            return "anthropic";
        case Provider::OpenAI:
            return "openai";
        case Provider::Gemini:
            return "gemini";
        case Provider::Bedrock:
            return "bedrock";
        case Provider::DeepSeek:
            return "deepseek";
    }
    return "anthropic";
}

std::optional<Provider> parse_provider(std::string_view name) {
    for (Provider p : kAllProviders)
        if (name == provider_id(p))
            return p;
    return std::nullopt;
}

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

}  // namespace

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
    if (text.size() < kHeadBytes)
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

Provider detect_provider(const ojson& body) {
    if (!body.is_object())
        return Provider::Anthropic;
    if (body.contains("model") && body["model"].is_string()) {
        const std::string m = body["model"].get<std::string>();
        if (m.rfind("claude", 0) == 0 || m.find("anthropic") != std::string::npos)
            return Provider::Anthropic;
        if (m.rfind("gpt", 0) == 0 || m.rfind("o1", 0) == 0 || m.rfind("o3", 0) == 0 ||
            m.rfind("o4", 0) == 0 || m.rfind("chatgpt", 0) == 0 || m.rfind("codex", 0) == 0)
            return Provider::OpenAI;
    }
    if (body.contains("input") || body.contains("instructions") ||
        body.contains("response_format") || body.contains("prompt_cache_key"))
        return Provider::OpenAI;
    if (body.contains("messages") && body["messages"].is_array()) {
        for (const auto& m : body["messages"]) {
            if (m.is_object() && m.contains("role") && m["role"].is_string()) {
                const std::string r = m["role"].get<std::string>();
                if (r == "system" || r == "developer" || r == "tool" || r == "function")
                    return Provider::OpenAI;
            }
        }
    }
    if (body.contains("tools") && body["tools"].is_array()) {
        for (const auto& t : body["tools"]) {
            if (t.is_object() && (t.contains("function") || t.contains("parameters")))
                return Provider::OpenAI;
        }
    }
    return Provider::Anthropic;
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

namespace {

double ttl_of(const ojson& cc) {
    if (cc.is_object() && cc.contains("ttl") && cc["ttl"].is_string() &&
        cc["ttl"].get<std::string>() == "1h")
        return 3600;
    return 300;
}

bool has_cc(const ojson& b) {
    return b.is_object() && b.contains("cache_control") && !b["cache_control"].is_null();
}

class Renderer {
  public:
    // With no cache (one request, as the runner plays it) every segment is tokenized directly.
    Renderer(const BpeTokenizer& tok, SegmentTokenCache* cache, std::string where, Provider p,
             std::size_t max_tokens, std::string limit_name = "the model's context")
        : tok_(tok),
          cache_(cache),
          where_(std::move(where)),
          max_tokens_(max_tokens),
          limit_name_(std::move(limit_name)) {
        out_.provider = p;
    }

    Error type_error(const std::string& pointer, const std::string& expected) const {
        return make_error(where_ + pointer + ": expected " + expected);
    }

    void begin_block(PartKind kind, const std::string& pointer, int message = -1,
                     const std::string& role = "") {
        ContentBlock b;
        b.kind = kind;
        b.pointer = pointer;
        b.message = message;
        b.role = role;
        b.token_begin = out_.size();
        b.token_end = b.token_begin;
        out_.blocks.push_back(std::move(b));
    }

    // A block ends where a breakpoint on it cuts: closing tags of system and messages
    // ("\n</role>\n") come after that point and pass extends_block = false.
    void add(PartKind kind, int index, const std::string& role, const std::string& pointer,
             const std::string& container, const std::string& text, bool extends_block = true) {
        if (text.empty() || at_least_ > 0)
            return;
        RenderedPrompt& r = out_.rendered;
        // A text of B bytes is at least B / max_token_bytes tokens: a prompt that cannot fit is
        // refused before it is tokenized (a 1 GB prompt would take minutes and gigabytes).
        if (const std::size_t bound = r.tokens.size() + text.size() / tok_.max_token_bytes();
            max_tokens_ > 0 && bound > max_tokens_) {
            at_least_ = bound;
            return;
        }
        EncodedText direct;
        const EncodedText& e = cache_ ? cache_->encode(text) : (direct = encode_text(tok_, text));
        push(kind, index, role, pointer, container, text, e, extends_block);
    }

    // An image or a document: a short description of it (its kind, size and a hash of its
    // data, so another image is other tokens), padded to the tokens the provider counts for it
    // (prompt/media_tokens.h), never its base64 text.
    void add_media(PartKind kind, int index, const std::string& role, const std::string& pointer,
                   const std::string& container, const MediaEstimate& m) {
        if (at_least_ > 0)
            return;
        char desc[200];
        std::snprintf(desc, sizeof desc, "<%s %s %dx%d %dp %016llx>", m.kind.c_str(),
                      m.media_type.c_str(), m.width, m.height, m.pages,
                      static_cast<unsigned long long>(m.hash));
        const std::string text = desc;
        EncodedText e = cache_ ? cache_->encode(text) : encode_text(tok_, text);
        const std::size_t want =
            std::max<std::size_t>(static_cast<std::size_t>(m.tokens), e.ids.size());
        if (max_tokens_ > 0 && out_.rendered.tokens.size() + want > max_tokens_) {
            at_least_ = out_.rendered.tokens.size() + want;
            return;
        }
        const int32_t pad_id = e.ids.back();
        const int32_t pad_offset = e.offsets.back();
        e.ids.resize(want, pad_id);
        e.offsets.resize(want, pad_offset);
        push(kind, index, role, pointer, container, text, e, true);
    }

    void push(PartKind kind, int index, const std::string& role, const std::string& pointer,
              const std::string& container, const std::string& text, const EncodedText& e,
              bool extends_block) {
        RenderedPrompt& r = out_.rendered;
        PromptSegment seg{kind, index, role, pointer, text, false, 0, 0};
        seg.token_begin = static_cast<int>(r.tokens.size());
        const auto seg_index = static_cast<int32_t>(r.segments.size());
        r.tokens.insert(r.tokens.end(), e.ids.begin(), e.ids.end());
        r.token_offset.insert(r.token_offset.end(), e.offsets.begin(), e.offsets.end());
        r.token_segment.insert(r.token_segment.end(), e.ids.size(), seg_index);
        seg.token_end = static_cast<int>(r.tokens.size());
        r.segments.push_back(std::move(seg));
        out_.segment_block.push_back(
            kind == PartKind::Generation ? -1 : static_cast<int>(out_.blocks.size()) - 1);
        out_.segment_container.push_back(container);
        if (!out_.blocks.empty() && kind != PartKind::Generation && extends_block)
            out_.blocks.back().token_end = out_.size();
    }

    void mark(const ojson& holder, const std::string& holder_pointer) {
        Breakpoint bp;
        bp.token = out_.size();
        bp.block = static_cast<int>(out_.blocks.size()) - 1;
        bp.pointer = holder_pointer + "/cache_control";
        bp.ttl_s = ttl_of(holder["cache_control"]);
        out_.rendered.breakpoints.push_back(bp.token);
        if (!out_.rendered.segments.empty())
            out_.rendered.segments.back().cache_breakpoint = true;
        out_.breakpoints.push_back(std::move(bp));
    }

    // Automatic caching (a top-level cache_control): the breakpoint sits at the end of the last
    // content block, and moves forward as the conversation grows.
    void mark_automatic(const ojson& body) {
        if (out_.blocks.empty())
            return;
        const int end = out_.blocks.back().token_end;
        Breakpoint bp;
        bp.token = end;
        bp.block = static_cast<int>(out_.blocks.size()) - 1;
        bp.pointer = "/cache_control";
        bp.ttl_s = ttl_of(body["cache_control"]);
        bp.automatic = true;
        RenderedPrompt& r = out_.rendered;
        for (auto it = r.segments.rbegin(); it != r.segments.rend(); ++it) {
            if (it->token_end == end && it->token_end > it->token_begin) {
                it->cache_breakpoint = true;
                break;
            }
        }
        // Breakpoints stay in token order: an explicit one on the last block comes first.
        r.breakpoints.push_back(bp.token);
        out_.breakpoints.push_back(std::move(bp));
    }

    // ---- Anthropic ----

    // Tools come first in both providers' layouts; only Anthropic marks breakpoints on them.
    Result<void> tools_part(const ojson& body, bool breakpoints) {
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
            begin_block(PartKind::Tool, p);
            add(PartKind::Tool, idx, "", "", p, std::string(framing::kToolOpen));
            add(PartKind::Tool, idx, "", p, p, tools[i].dump());
            add(PartKind::Tool, idx, "", "", p, std::string(framing::kToolClose));
            if (breakpoints && has_cc(tools[i]))
                mark(tools[i], p);
        }
        return {};
    }

    Result<void> a_system(const ojson& body) {
        out_.system_begin_token = out_.size();
        if (!body.contains("system") || body["system"].is_null())
            return {};
        const ojson& sys = body["system"];
        if (sys.is_string()) {
            begin_block(PartKind::System, "/system");
            add(PartKind::System, 0, "", "", "/system", framing::turn_open("system"));
            add(PartKind::System, 0, "", "/system", "/system", sys.get<std::string>());
            add(PartKind::System, 0, "", "", "/system", framing::turn_close("system"), false);
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
                add(PartKind::System, 0, "", "", p, framing::turn_open("system"));
                opened = true;
            }
            add(PartKind::System, static_cast<int>(i), "", p + "/text", p,
                b["text"].get<std::string>());
            if (has_cc(b))
                mark(b, p);
        }
        if (!opened) {
            begin_block(PartKind::System, "/system");
            add(PartKind::System, 0, "", "", "/system", framing::turn_open("system"));
        }
        add(PartKind::System, static_cast<int>(sys.size()) - 1, "", "", out_.blocks.back().pointer,
            framing::turn_close("system"), false);
        return {};
    }

    Result<void> a_content(const ojson& c, const std::string& p, int idx, const std::string& role,
                           bool top) {
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

    Result<void> a_messages(const ojson& body) {
        if (!body.contains("messages") || !body["messages"].is_array())
            return type_error("/messages", "an array of messages");
        const ojson& msgs = body["messages"];
        out_.messages_begin_token = out_.size();
        for (std::size_t i = 0; i < msgs.size(); ++i) {
            const std::string p = "/messages/" + std::to_string(i);
            const ojson& m = msgs[i];
            if (!m.is_object())
                return type_error(p, "a message object");
            // Newer models accept a "system" message between turns (an instruction added
            // mid-conversation); it is framed like the other turns.
            if (!m.contains("role") || !m["role"].is_string())
                return type_error(p + "/role", "\"user\", \"assistant\" or \"system\"");
            const std::string role = m["role"].get<std::string>();
            if (role != "user" && role != "assistant" && role != "system")
                return type_error(p + "/role", "\"user\", \"assistant\" or \"system\"");
            if (!m.contains("content"))
                return type_error(p + "/content", "message content");
            const int idx = static_cast<int>(i);
            if (role == "user")
                set_tail(idx, p);
            const std::size_t first_block = out_.blocks.size();
            begin_block(PartKind::Message, p + "/content", idx, role);
            add(PartKind::Message, idx, role, "", p, framing::turn_open(role));
            const bool is_string = m["content"].is_string();
            if (!is_string) {
                // The framing joins the first content block (a block starts at its first text).
                out_.blocks.pop_back();
                PL_TRY(a_content(m["content"], p + "/content", idx, role, true));
                if (out_.blocks.size() == first_block)
                    begin_block(PartKind::Message, p + "/content", idx, role);
            } else {
                add(PartKind::Message, idx, role, p + "/content", p + "/content",
                    m["content"].get<std::string>());
            }
            add(PartKind::Message, idx, role, "", p, framing::turn_close(role), false);
        }
        return {};
    }

    // ---- OpenAI ----

    void o_text_parts(const ojson& c, const std::string& p, int idx, const std::string& role,
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

    Result<void> o_message(const ojson& m, const std::string& p, int idx) {
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
        add(kind, idx, role, "", p, framing::turn_open(role));
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
        add(kind, idx, role, "", p, framing::turn_close(role), false);
        return {};
    }

    Result<void> o_messages(const ojson& body) {
        out_.system_begin_token = out_.size();
        if (body.contains("instructions") && body["instructions"].is_string()) {
            begin_block(PartKind::System, "/instructions");
            add(PartKind::System, 0, "", "", "/instructions", framing::turn_open("system"));
            add(PartKind::System, 0, "", "/instructions", "/instructions",
                body["instructions"].get<std::string>());
            add(PartKind::System, 0, "", "", "/instructions", framing::turn_close("system"), false);
        }
        out_.messages_begin_token = out_.size();
        if (body.contains("input")) {
            out_.messages_key = "input";
            const ojson& in = body["input"];
            if (in.is_string()) {
                set_tail(0, "/input");
                begin_block(PartKind::Message, "/input", 0, "user");
                add(PartKind::Message, 0, "user", "", "/input", framing::turn_open("user"));
                add(PartKind::Message, 0, "user", "/input", "/input", in.get<std::string>());
                add(PartKind::Message, 0, "user", "", "/input", framing::turn_close("user"), false);
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

    void set_tail(int idx, const std::string& p) {
        out_.tail_message = idx;
        out_.tail_pointer = p;
        out_.tail_begin_token = out_.size();
    }

    Result<RenderedRequest> run(const ojson& body) {
        if (!body.is_object())
            return type_error("", "a request object");
        if (body.contains("model") && body["model"].is_string())
            out_.model = body["model"].get<std::string>();
        if (out_.provider == Provider::Anthropic) {
            PL_TRY(tools_part(body, true));
            PL_TRY(a_system(body));
            PL_TRY(a_messages(body));
            if (has_cc(body))
                mark_automatic(body);
        } else {
            PL_TRY(tools_part(body, false));
            PL_TRY(o_messages(body));
        }
        if (out_.tail_message < 0)
            out_.tail_begin_token = out_.size();
        add(PartKind::Generation, 0, "assistant", "", "", framing::turn_open("assistant"));
        const std::size_t n = out_.rendered.tokens.size();
        if (at_least_ > 0 || (max_tokens_ > 0 && n > max_tokens_)) {
            return make_error(
                where_ + ": the prompt is " +
                (at_least_ > 0 ? "at least " + std::to_string(at_least_) : std::to_string(n)) +
                " tokens, longer than " + limit_name_ + " of " + std::to_string(max_tokens_));
        }
        return std::move(out_);
    }

  private:
    const BpeTokenizer& tok_;
    SegmentTokenCache* cache_ = nullptr;
    std::string where_;
    std::size_t max_tokens_ = 0;
    std::string limit_name_;
    std::size_t at_least_ = 0;  // > 0: the byte count alone proved the prompt too long
    RenderedRequest out_;
};

}  // namespace

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
