// A model's own chat format, as its server renders a request: recognised from the
// `chat_template` of the model's tokenizer_config.json by the markers each family's template
// has (the Jinja is not run), then reproduced here for the Anthropic-shaped requests PrefixLens
// plays, so the tokens it hashes into blocks are that server's tokens.
//
//   ChatML (Qwen2, Qwen2.5, Qwen3, SmolLM2):
//     "<|im_start|>system\n" + system (or the template's default) + "<|im_end|>\n"
//     "<|im_start|>" + role + "\n" + content + "<|im_end|>\n"           for each message
//     "<|im_start|>assistant\n"                                          to generate
//     with tools (Qwen2.5/3): the system turn gets "# Tools" and each tool (OpenAI form) as
//     JSON inside <tools></tools>; an assistant's tool calls are <tool_call> JSON after its
//     text; tool results are one user turn of <tool_response> blocks.
//   Llama 3 headers:
//     "<|begin_of_text|>" then "<|start_header_id|>" + role + "<|end_header_id|>\n\n" +
//     trimmed content + "<|eot_id|>" per turn; the 3.1+ templates open with a system turn of
//     "Cutting Knowledge Date: ...\nToday Date: ...\n\n" before the system prompt, put tools as
//     indented JSON in the first user turn (with "Environment: ipython" in the system turn),
//     a tool call as {"name": ..., "parameters": ...}, and tool results in `ipython` turns.
//
// The request is the body of an Anthropic Messages request (tools, system, messages), turned
// into the OpenAI chat shape an OpenAI-compatible server (vLLM, SGLang) would receive: a tool
// becomes {"type": "function", "function": {"name", "description", "parameters"}}, a tool_use
// block a tool call with its input as arguments, a tool_result block a `tool` message with its
// text. Text blocks of one part are concatenated.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/json_util.h"
#include "prompt/prompt_types.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl {

enum class ChatFamily { ChatML, Llama3 };

struct ChatFormat {
    ChatFamily family = ChatFamily::ChatML;
    std::string name;    // e.g. "ChatML with tools (Qwen2.5)", for messages and the UI
    std::string source;  // the tokenizer_config.json it came from, for messages
    bool tools = false;  // the template has a place for tools
    // ChatML
    std::string default_system;  // the system turn when the request has none ("": none)
    bool think_tags = false;     // Qwen3: an assistant turn after the last query gets <think>
    // Llama 3
    std::string bos;               // bos_token, which the template puts first
    bool dated_prelude = false;    // 3.1+: "Cutting Knowledge Date" / "Today Date" lines
    std::string knowledge_date;    // "December 2023"
    std::string default_date;      // the template's fallback date_string, "26 Jul 2024"
    bool date_from_clock = false;  // 3.2+: the server writes its own date (strftime_now)
};

// From tokenizer_config.json's chat_template (a string, or a list of named templates of which
// "default" is taken). A template that is none of the formats above is refused in one line
// naming the file and chat_template.
Result<ChatFormat> read_chat_format(const std::filesystem::path& tokenizer_config);
// The chat format of a model folder (or a tokenizer folder): from its tokenizer_config.json
// when there is one (its chat_template refused as read_chat_format does), else none, and the
// prompt is PrefixLens's own template (a folder with only vocab.json and merges.txt).
Result<std::optional<ChatFormat>> chat_format_of_folder(const std::filesystem::path& dir);
// The same from the template's text and the config's bos_token; `file` names it in messages.
Result<ChatFormat> recognise_chat_template(const std::string& chat_template,
                                           const std::string& bos_token, const std::string& file);

struct ChatOptions {
    // Llama 3.1+'s "Today Date"; empty: the template's fallback. A 3.2+ server writes the day
    // it renders (ChatFormat::date_from_clock): pass that day to match it.
    std::string date_string;
    bool add_generation_prompt = true;
};

// The prompt text, special tokens included, cut into segments that each know the part of the
// request and the JSON pointer they came from (template text has an empty pointer). Token
// fields of the segments are left zero.
struct ChatText {
    std::string text;
    std::vector<PromptSegment> segments;
    std::vector<std::size_t> segment_begin;  // byte offset of each segment in text
};

// Errors (a request the format cannot express: tools where the template has none, a block
// type it has no place for, several tool calls in one Llama 3 turn) name `where` and the JSON
// pointer, or the config file and chat_template.
Result<ChatText> render_chat_text(const ojson& body, const ChatFormat& format,
                                  const std::string& where, const ChatOptions& options = {});

// The prompt tokenized whole, as the server does (a token that spans two segments belongs to
// the one it starts in); breakpoints after each segment with a cache_control.
Result<RenderedPrompt> render_chat(const ojson& body, const ChatFormat& format,
                                   const BpeTokenizer& tokenizer, const std::string& where,
                                   const ChatOptions& options = {});

}  // namespace pl
