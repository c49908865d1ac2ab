// How an Anthropic Messages request body becomes the token stream the model sees.
//
// The template (deterministic, documented in docs and the SPEC extension):
//   for each tool i:        "<tool>" + the tool object as JSON, keys in the order given +
//   "</tool>\n" system (if any):        "<system>\n" + each text block's text, concatenated +
//   "\n</system>\n" for each message i:     "<" + role + ">\n" + its content + "\n</" + role +
//   ">\n"
//                           (text blocks concatenated; tool_use blocks as their JSON input;
//                            tool_result blocks as their text content)
//   finally:                "<assistant>\n"  (the model writes the answer from here)
// Each piece is tokenized on its own, so every token belongs to exactly one part of the request
// and knows the JSON pointer and byte offset of the text it came from.
#pragma once

#include <string>
#include <vector>

#include "core/json_util.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl {

enum class PartKind { Tool, System, Message, Generation };
const char* part_kind_name(PartKind kind);  // "tools", "system", "message", "generation"

// One tokenized piece of the prompt: framing text or the text of one JSON string.
struct PromptSegment {
    PartKind kind = PartKind::Generation;
    int index = 0;        // tool index, system block index, or message index
    std::string role;     // "user"/"assistant" for messages, else empty
    std::string pointer;  // JSON pointer of the source value in the request ("" for framing)
    std::string text;     // the exact bytes tokenized
    bool cache_breakpoint = false;  // the source block carries cache_control
    int token_begin = 0;
    int token_end = 0;
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

// Validates the body's shape (errors name `where` and the JSON pointer) and renders it.
// `where` prefixes messages, e.g. "scenario.json: /requests/2". With max_tokens > 0, a prompt
// longer than that is an error, found before the text that cannot fit is tokenized.
Result<RenderedPrompt> render_prompt(const ojson& body, const BpeTokenizer& tokenizer,
                                     const std::string& where, std::size_t max_tokens = 0);

}  // namespace pl
