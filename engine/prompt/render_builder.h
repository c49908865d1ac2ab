// The renderer's machinery, shared by the files that read each body shape (renderer.cpp:
// Anthropic and OpenAI; render_gemini.cpp; render_converse.cpp): a RenderedRequest built piece
// by piece, each piece tokenized on its own and remembered with its part, JSON pointer and
// content block, and the cache breakpoints found on the way. Internal to engine/prompt.
#pragma once

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "prompt/framing.h"
#include "prompt/media_tokens.h"
#include "prompt/renderer.h"

namespace pl::render {

EncodedText encode_text(const BpeTokenizer& tok, const std::string& text);

inline double ttl_of(const ojson& cc) {
    if (cc.is_object() && cc.contains("ttl") && cc["ttl"].is_string() &&
        cc["ttl"].get<std::string>() == "1h")
        return 3600;
    return 300;
}

inline bool has_cc(const ojson& b) {
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

    // The framing around each part, as the counting tokenizer's provider writes it
    // (framing::FramingStyle); PrefixLens's own without a cache.
    const framing::FramingStyle& style() const {
        static const framing::FramingStyle own;
        return cache_ ? cache_->style() : own;
    }
    std::string turn_open(std::string_view role) const { return style().open(role); }
    std::string turn_close(std::string_view role) const { return style().close(role); }

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
        // Framing (no pointer) may hold the provider's chat markers, each one token.
        const EncodedText& e =
            cache_ ? (pointer.empty() && !cache_->style().own() ? cache_->encode_framing(text)
                                                                : cache_->encode(text))
                   : (direct = encode_text(tok_, text));
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

    // A tool as the layout frames it: its JSON, keys in the order given, between tool tags.
    void add_tool(int index, const std::string& pointer, const ojson& tool) {
        begin_block(PartKind::Tool, pointer);
        add(PartKind::Tool, index, "", "", pointer, style().tool_open());
        add(PartKind::Tool, index, "", pointer, pointer, tool.dump());
        add(PartKind::Tool, index, "", "", pointer, style().tool_close());
    }

    void mark(const ojson& holder, const std::string& holder_pointer) {
        mark_at(holder_pointer + "/cache_control", ttl_of(holder["cache_control"]));
    }

    // A breakpoint right after what was rendered so far: a cache_control on the last block, or
    // a Converse cachePoint element.
    void mark_at(const std::string& pointer, double ttl_s) {
        Breakpoint bp;
        bp.token = out_.size();
        bp.block = static_cast<int>(out_.blocks.size()) - 1;
        bp.pointer = pointer;
        bp.ttl_s = ttl_s;
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

    // ---- Turns shared by Anthropic Messages and Bedrock Converse (renderer.cpp) ----

    // What a provider's "messages" accepts: the roles, how its error names them and a message's
    // content, and whether that content may be a plain string.
    struct TurnRules {
        std::vector<std::string> roles;
        const char* roles_expected;
        const char* content_expected;
        bool string_content;
    };

    // Each message a framed turn: the opening tag joins the turn's first content block, `blocks`
    // renders a content that is not a string, a turn of no blocks still gets one.
    using TurnBlocks = std::function<Result<void>(const ojson& content, const std::string& p,
                                                  int idx, const std::string& role)>;
    Result<void> turns(const ojson& body, const TurnRules& rules, const TurnBlocks& blocks);

    // ---- Anthropic Messages (renderer.cpp) ----

    // Tools come first in both providers' layouts; only Anthropic marks breakpoints on them.
    Result<void> tools_part(const ojson& body, bool breakpoints);

    Result<void> a_system(const ojson& body);

    Result<void> a_content(const ojson& c, const std::string& p, int idx, const std::string& role,
                           bool top);

    Result<void> a_messages(const ojson& body);

    // ---- OpenAI Chat Completions and Responses (renderer.cpp) ----

    void o_text_parts(const ojson& c, const std::string& p, int idx, const std::string& role,
                      PartKind kind);

    Result<void> o_message(const ojson& m, const std::string& p, int idx);

    Result<void> o_messages(const ojson& body);

    // ---- Gemini generateContent (render_gemini.cpp) ----

    // A field by its REST name or the SDKs' snake_case one.
    static const ojson* field(const ojson& o, const char* camel, const char* snake);

    // Each function declaration is a tool; other tools (search, code execution) as their JSON.
    Result<void> g_tools(const ojson& body);

    // A Content's parts: text as it is, a function call or response and any other part as its
    // JSON, inline data as the media it holds.
    Result<void> g_parts(const ojson& content, const std::string& p, PartKind kind, int idx,
                         const std::string& role);

    Result<void> g_body(const ojson& body);

    // ---- Bedrock Converse (render_converse.cpp) ----

    // A {"cachePoint": {"type": "default", "ttl"?: "5m"|"1h"}} element: a breakpoint after what
    // came before it. True when `e` is one.
    Result<bool> c_cache_point(const ojson& e, const std::string& p);

    Result<void> c_tools(const ojson& body);

    Result<void> c_system(const ojson& body);

    Result<void> c_content(const ojson& content, const std::string& p, int idx,
                           const std::string& role);

    Result<void> c_messages(const ojson& body);

    void set_tail(int idx, const std::string& p) {
        out_.tail_message = idx;
        out_.tail_pointer = p;
        out_.tail_begin_token = out_.size();
    }

    Result<RenderedRequest> run(const ojson& body) {
        if (!body.is_object())
            return type_error("", "a request object");
        out_.model = model_of(body);
        switch (body_shape(body, out_.provider)) {
            case BodyShape::Anthropic:
                PL_TRY(tools_part(body, true));
                PL_TRY(a_system(body));
                PL_TRY(a_messages(body));
                if (has_cc(body))
                    mark_automatic(body);
                break;
            case BodyShape::OpenAI:
                PL_TRY(tools_part(body, false));
                PL_TRY(o_messages(body));
                break;
            case BodyShape::Gemini:
                PL_TRY(g_body(body));
                break;
            case BodyShape::Converse:
                PL_TRY(c_tools(body));
                PL_TRY(c_system(body));
                PL_TRY(c_messages(body));
                break;
        }
        if (out_.tail_message < 0)
            out_.tail_begin_token = out_.size();
        add(PartKind::Generation, 0, "assistant", "", "", style().generation());
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

}  // namespace pl::render
