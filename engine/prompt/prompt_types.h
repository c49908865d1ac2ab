// What a rendered request is made of: the token stream the model sees, cut into segments that
// each know the part of the request and the JSON string they came from, the API's content blocks
// and its cache_control breakpoints. Produced by prompt/renderer.h; read by the runner, the
// linter and the views.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pl {

// The API a request body is written for. Each decides what it caches in its own way: Anthropic
// (cache_control) and Bedrock's Converse API (cachePoint blocks) cache up to explicit markers in
// the request; OpenAI, DeepSeek and Gemini (implicit caching) match the longest stored prefix by
// themselves, Gemini also reads an explicit cache named by `cachedContent`.
enum class Provider { Anthropic, OpenAI, Gemini, Bedrock, DeepSeek };
inline constexpr Provider kAllProviders[] = {
    Provider::Anthropic, Provider::OpenAI, Provider::Gemini, Provider::Bedrock, Provider::DeepSeek};
const char* provider_id(Provider p);  // "anthropic", "openai", "gemini", "bedrock", "deepseek"
std::optional<Provider> parse_provider(std::string_view name);
// Whether the request itself marks what is cached (cache_control, cachePoint).
inline bool uses_cache_markers(Provider p) {
    return p == Provider::Anthropic || p == Provider::Bedrock;
}

enum class PartKind { Tool, System, Message, Generation };
const char* part_kind_name(PartKind kind);  // "tools", "system", "message", "generation"

// One tokenized piece of the prompt: framing text or the text of one JSON string.
struct PromptSegment {
    PartKind kind = PartKind::Generation;
    int index = 0;        // tool index, system block index, or message index
    std::string role;     // "user"/"assistant" for messages, else empty
    std::string pointer;  // JSON pointer of the source value in the request ("" for framing)
    std::string text;     // the exact bytes tokenized
    bool cache_breakpoint = false;  // a cache_control breakpoint cuts right after this segment
    int token_begin = 0;
    int token_end = 0;

    bool operator==(const PromptSegment&) const = default;
};

struct RenderedPrompt {
    std::vector<int32_t> tokens;
    std::vector<int32_t> token_segment;  // per token: index into segments
    std::vector<int32_t> token_offset;   // per token: byte offset inside its segment's text
    std::vector<PromptSegment> segments;
    // Token index just after each cache_control breakpoint, in order (Anthropic semantics: the
    // prefix up to and including the marked block is cached).
    std::vector<int> breakpoints;
};

// One content block in the API's sense (a tool, a system text block, a message's content block;
// for OpenAI a message): the unit Anthropic's 20-block lookback counts.
struct ContentBlock {
    PartKind kind = PartKind::Message;
    std::string pointer;  // "/tools/2", "/system/0", "/messages/4/content/1", "/input/3"
    int message = -1;     // message index for message blocks
    std::string role;
    int token_begin = 0;
    int token_end = 0;
};

struct Breakpoint {
    int token = 0;        // tokens before it are the cached prefix
    int block = 0;        // the content block that carries it
    std::string pointer;  // of its cache_control object
    double ttl_s = 300;
    // Anthropic's automatic caching: a top-level cache_control puts this breakpoint on the last
    // cacheable block (it takes one of the four slots).
    bool automatic = false;
};

// A request rendered with everything the linter needs besides the tokens.
struct RenderedRequest {
    Provider provider = Provider::Anthropic;
    RenderedPrompt rendered;
    std::vector<int> segment_block;  // per segment: its content block (-1 for the generation tag)
    std::vector<std::string> segment_container;  // per segment: pointer of its block or message
    std::vector<ContentBlock> blocks;
    std::vector<Breakpoint> breakpoints;  // cache_control markers, in order
    int system_begin_token = 0;           // first token after the tools
    int messages_begin_token = 0;         // first token after tools and system
    int tail_message = -1;                // the final user message (-1: none)
    std::string tail_pointer;
    int tail_begin_token = 0;  // its first token; the whole prompt length when there is none
    std::string messages_key = "messages";  // "messages", "input" (Responses), "contents" (Gemini)
    std::string cached_content;  // Gemini: the explicit cache the request reads (cachedContent)
    std::string model;
    int size() const { return static_cast<int>(rendered.tokens.size()); }
};

}  // namespace pl
