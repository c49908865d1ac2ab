// The added tokens of a tokenizer.json (special ones such as <|im_start|> and
// <|begin_of_text|>, and plain ones such as Qwen's <tool_call>): found in the text before it is
// pre-tokenized, each occurrence one token, as Hugging Face's tokenizers library does.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pl {

struct AddedToken {
    std::string content;
    int32_t id = 0;
    bool special = false;
    bool lstrip = false;      // takes the whitespace before it
    bool rstrip = false;      // takes the whitespace after it
    bool normalized = false;  // matched in the normalized text rather than the raw text
};

// A piece of text between added tokens (id < 0), or one added token (text: what it covers,
// whitespace taken by lstrip/rstrip included).
struct TextPiece {
    std::string_view text;
    int32_t id = -1;
};

class AddedTokenMatcher {
  public:
    AddedTokenMatcher() = default;
    // The tokens whose `normalized` flag equals `normalized`.
    AddedTokenMatcher(const std::vector<AddedToken>& tokens, bool normalized);
    bool empty() const { return tokens_.empty(); }
    // Cuts text at each occurrence, leftmost first and, where several start at one place, the
    // longest; the pieces concatenate back to text.
    std::vector<TextPiece> split(std::string_view text) const;

  private:
    std::vector<AddedToken> tokens_;
    // By first byte: indices into tokens_, longest content first.
    std::array<std::vector<uint32_t>, 256> by_first_{};
};

}  // namespace pl
