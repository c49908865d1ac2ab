// The framing the model sees around each part of a request: the one definition of these strings.
// The renderer (prompt/renderer.h) emits them as segments of their own; the corpus tool writes
// training text with them and the trainer tokenizes each of them on its own, so the model learns
// exactly the token boundaries the app shows it.
//
//   a tool:     "<tool>" + the tool as JSON + "</tool>\n"
//   system:     "<system>\n" + text + "\n</system>\n"
//   a message:  "<" + role + ">\n" + content + "\n</" + role + ">\n"
//   finally:    "<assistant>\n"  (the model writes the answer from here)
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pl::framing {

inline constexpr std::string_view kToolOpen = "<tool>";
inline constexpr std::string_view kToolClose = "</tool>\n";

std::string turn_open(std::string_view role);   // "<role>\n"
std::string turn_close(std::string_view role);  // "\n</role>\n"

// Whole framed pieces of training text, as the renderer would produce them.
std::string tool_text(std::string_view tool_json);
std::string turn_text(std::string_view role, std::string_view text);

// How the parts of a chat request are framed when counted: what a server writes around each
// message, so framing costs what the provider counts for it. Empty strings are not counted.
struct FramingStyle {
    std::string name;  // "prefixlens", "openai-chat", "deepseek-v3", "gemma3"
    // The text before a message of `role` and after it; the text that primes the reply.
    std::string open(std::string_view role) const;
    std::string close(std::string_view role) const;
    std::string generation() const;
    // Around a tool's JSON: PrefixLens's tags; nothing in a provider's framing (the tool's
    // text alone is counted).
    std::string tool_open() const;
    std::string tool_close() const;
    bool own() const { return name.empty() || name == "prefixlens"; }
};

// Where the model's answer ends in `text`, the decoded output so far: the byte at which framing
// begins (a "<" that starts, or may start, a framing tag: "</assistant>", "<user>", "<tool>",
// "<|endoftext|>" ...), or npos. A "<" at the very end counts: the next token would have to
// decide, and an answer in this template never ends in one.
std::size_t answer_end(std::string_view text);

// Every framing string of the roles the built-in model is trained on (system, user, assistant,
// tools), longest first: what the trainer cuts documents at before tokenizing.
const std::vector<std::string>& trained_pieces();

}  // namespace pl::framing
