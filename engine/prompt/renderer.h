// The one renderer: how a request body (Anthropic Messages, OpenAI Chat Completions or Responses)
// becomes the token stream the model sees. The runner, the linter, the corpus tool and the
// trainer all go through it (the last two through prompt/framing.h).
//
// Anthropic (what scenarios and `prefixlens run` use):
//   for each tool i:   "<tool>" + the tool object as JSON, keys in the order given + "</tool>\n"
//   system (if any):   "<system>\n" + each text block's text, concatenated + "\n</system>\n"
//   for each message:  "<" + role + ">\n" + its content + "\n</" + role + ">\n"
//                      (text blocks concatenated; tool_use blocks as their JSON input;
//                       tool_result blocks as their text content; other blocks as their JSON)
//   finally:           "<assistant>\n"  (the model writes the answer from here)
// OpenAI uses the analogous layout, so the same rules apply to both: tools (Chat `tools[i]` or
// Responses `tools[i]`) as above; Responses `instructions` as the system part; each message
// (Chat `messages[i]`, Responses `input` string or items) framed by its role (system, developer,
// user, assistant, tool; text parts concatenated, other parts and tool calls as their JSON;
// Responses function_call items use the role "function_call", function_call_output items the
// role "tool"); finally "<assistant>\n". OpenAI's real server template is not published; what
// matters for caching is that it is a deterministic function of the same parts in the same order.
//
// Each piece is tokenized on its own, so every token belongs to exactly one part of the request
// and knows the JSON pointer and byte offset of the text it came from.
#pragma once

#include <list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/json_util.h"
#include "prompt/body_shape.h"
#include "prompt/framing.h"
#include "prompt/prompt_types.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl {

// Tokens of a piece of text, and each token's byte offset in it.
struct EncodedText {
    std::vector<int32_t> ids;
    std::vector<int32_t> offsets;
};

// Tokenizes segments, remembering the segments of the current request, the previous one and,
// per conversation, the conversation's previous request: in a log most of a request is an earlier
// one of its conversation again (other conversations' requests may come in between), so most
// segments are found here. A segment that continues a remembered one (a prompt or message that
// grows from request to request) is tokenized from the last word boundary of the remembered text
// on: the result is the same as tokenizing it whole (see extend() in renderer.cpp). What is kept
// per conversation is bounded (kMaxConversations, kMaxRememberedBytes): the least recently seen
// conversations are forgotten first, which costs time, never a different answer.
class SegmentTokenCache {
  public:
    explicit SegmentTokenCache(const BpeTokenizer& tokenizer, framing::FramingStyle style = {})
        : tok_(tokenizer), style_(std::move(style)) {}
    // The next request belongs to `conversation` (without a call: to none).
    void begin_request(const std::string& conversation);
    const EncodedText& encode(const std::string& text);
    void next_request();  // forgets what the request before the previous one used
    const BpeTokenizer& tokenizer() const { return tok_; }
    // How parts are framed (PrefixLens's own unless a provider's counting says otherwise).
    const framing::FramingStyle& style() const { return style_; }
    // A framing text with the provider's chat markers as one token each
    // (BpeTokenizer::encode_with_specials); remembered for the whole run, as there are few.
    const EncodedText& encode_framing(const std::string& text);
    long long hits() const { return hits_; }
    long long misses() const { return misses_; }
    long long extended() const { return extended_; }  // misses tokenized from a remembered text
    long long forgotten_conversations() const { return forgotten_; }

    static constexpr std::size_t kMaxConversations = 4096;
    static constexpr std::size_t kMaxRememberedBytes = std::size_t{512} << 20;

  private:
    struct Entry {
        std::string text;
        EncodedText enc;
        std::size_t bytes() const;
    };
    using EntryPtr = std::shared_ptr<const Entry>;
    // Keyed by a view of the entry's own text, which stays put with the entry.
    using Segments = std::unordered_map<std::string_view, EntryPtr>;
    struct Remembered {
        Segments segments;
        std::size_t bytes = 0;
        std::list<std::string>::iterator lru;  // its place in lru_
    };
    // Texts at least this long are looked up by their first kHeadBytes to be extended.
    static constexpr std::size_t kHeadBytes = 64;
    std::optional<EncodedText> extend(const std::string& text) const;
    void remember_head(const EntryPtr& entry);
    const Segments* conversation_segments() const;
    void forget_oldest_conversations();

    const BpeTokenizer& tok_;
    framing::FramingStyle style_;
    std::unordered_map<std::string, EncodedText> framing_;
    Segments cur_, prev_;
    std::string conversation_;  // of the request being rendered; "" for none
    std::unordered_map<std::string, Remembered> conversations_;
    std::list<std::string> lru_;  // most recently seen conversation first
    std::size_t remembered_bytes_ = 0;
    // The latest remembered text with each head (from cur_, prev_ or the conversation's).
    std::unordered_map<std::string, EntryPtr> by_head_;
    long long hits_ = 0, misses_ = 0, extended_ = 0, forgotten_ = 0;
};

// Validates the body's shape (errors name `where` and the JSON pointer) and renders it, with
// tokens from `cache`. With max_tokens > 0, a prompt longer than that is an error, found before
// the text that cannot fit is tokenized.
Result<RenderedRequest> render_request(const ojson& body, Provider provider,
                                       SegmentTokenCache& cache, const std::string& where,
                                       std::size_t max_tokens = 0,
                                       const std::string& limit_name = "the model's context");

// An Anthropic body's tokens and segments, as the runner plays it: the same renderer, each
// segment tokenized directly. `where` prefixes messages, e.g. "scenario.json: /requests/2".
Result<RenderedPrompt> render_prompt(const ojson& body, const BpeTokenizer& tokenizer,
                                     const std::string& where, std::size_t max_tokens = 0,
                                     const std::string& limit_name = "the model's context");

// An Anthropic web search server tool (`"type": "web_search_<version>"`). Its tokens are not in
// the rendered tools: enabling it changes the system prompt (Anthropic's invalidation table).
bool is_web_search_tool(const ojson& tool);

// The index of the message a pointer is inside (Anthropic/Chat "/messages/i", Responses
// "/input/i"), or -1 when the pointer is not inside a message.
int message_index_of(const std::string& pointer, const std::string& messages_key);

}  // namespace pl
