// Renders a request body into the RenderedPrompt structure of engine/prompt_template.h, for
// either provider, with a tokenization cache across consecutive requests of a log.
//
// Anthropic bodies follow engine/prompt_template.cpp exactly (tools, then system, then
// messages; test_lint checks that the tokens match render_prompt's).
//
// OpenAI bodies use the analogous template, so the same rules apply to both:
//   for each tool (Chat `tools[i]` or Responses `tools[i]`): "<tool>" + the tool as JSON +
//   "</tool>\n" Responses `instructions`: "<system>\n" + text + "\n</system>\n" for each message
//   (Chat `messages[i]`, Responses `input` string or items):
//       "<" + role + ">\n" + content + "\n</" + role + ">\n"   (role system, developer, user,
//       assistant, tool; text parts concatenated, other parts and tool calls as their JSON;
//       Responses function_call items use the role "function_call", function_call_output
//       items the role "tool")
//   finally "<assistant>\n".
// OpenAI's real server template differs (it is not published); what matters for caching is that
// it is a deterministic function of the same parts in the same order.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "lint/lint_types.h"
#include "prompt/prompt_template.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::lint {

// Tokens of a piece of text, and each token's byte offset in it.
struct EncodedText {
    std::vector<int32_t> ids;
    std::vector<int32_t> offsets;
};

// Tokenizes segments, remembering the segments of the current and the previous request: in a
// log most of a request is the previous one again, so most segments are found here.
class SegmentTokenCache {
  public:
    explicit SegmentTokenCache(const BpeTokenizer& tokenizer) : tok_(tokenizer) {}
    const EncodedText& encode(const std::string& text);
    void next_request();  // forgets what the request before the previous one used
    const BpeTokenizer& tokenizer() const { return tok_; }
    long long hits() const { return hits_; }
    long long misses() const { return misses_; }

  private:
    const BpeTokenizer& tok_;
    std::unordered_map<std::string, EncodedText> cur_, prev_;
    long long hits_ = 0, misses_ = 0;
};

// One content block in the API's sense (a tool, a system text block, a message's content block;
// for OpenAI a message): the unit the 20-block lookback counts.
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
};

struct LintPrompt {
    Provider provider = Provider::Anthropic;
    RenderedPrompt rendered;
    std::vector<int> segment_block;  // per segment: its content block (-1 for the generation tag)
    std::vector<std::string> segment_container;  // per segment: pointer of its block or message
    std::vector<ContentBlock> blocks;
    std::vector<Breakpoint> breakpoints;  // cache_control markers, in order
    int messages_begin_token = 0;         // first token after tools and system
    int tail_message = -1;                // the final user message (-1: none)
    std::string tail_pointer;
    int tail_begin_token = 0;  // its first token; the whole prompt length when there is none
    std::string messages_key = "messages";  // "messages" or "input"
    std::string model;
    int size() const { return static_cast<int>(rendered.tokens.size()); }
};

// "anthropic" unless the model name or the body's shape says OpenAI.
Provider detect_provider(const ojson& body);

// Shape errors name `where` and the JSON pointer.
Result<LintPrompt> render_for_lint(const ojson& body, Provider provider, SegmentTokenCache& cache,
                                   const std::string& where);

// The pointer of the text that belongs to a message (Anthropic/Chat "/messages/i", Responses
// "/input/i"), or "" when the pointer is not inside a message.
int message_index_of(const std::string& pointer, const std::string& messages_key);

}  // namespace pl::lint
