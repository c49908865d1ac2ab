// Byte-level BPE as in GPT-2: vocab.json maps token strings (bytes mapped to printable
// characters) to ids, merges.txt lists merges by rank.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace pl {

class BpeTokenizer {
  public:
    BpeTokenizer();
    ~BpeTokenizer();
    BpeTokenizer(BpeTokenizer&&) noexcept;
    BpeTokenizer& operator=(BpeTokenizer&&) noexcept;

    // Any problem (unreadable file, malformed JSON, bad merge line, a merge whose parts or
    // result are not in the vocabulary) is a one-line error naming the file and line.
    static Result<BpeTokenizer> load(const std::filesystem::path& vocab_json,
                                     const std::filesystem::path& merges_txt);

    // encode() and decode() keep no state: one tokenizer may serve several threads at once.
    // Encodes arbitrary bytes (valid UTF-8 or not) with GPT-2's pre-tokenization.
    std::vector<int32_t> encode(std::string_view text) const;
    // The raw bytes of a sequence of ids (may be invalid UTF-8 when cut mid-character).
    std::string decode(std::span<const int32_t> ids) const;
    // The raw bytes of one token.
    std::string token_bytes(int32_t id) const;
    int vocab_size() const;
    // The most bytes one token stands for: a text of B bytes is at least B / max_token_bytes()
    // tokens, which bounds a prompt's length before it is tokenized.
    std::size_t max_token_bytes() const;

    // A token as vocab.json spells it (bytes mapped to printable characters, e.g. "Ġworld"),
    // and back. Ids outside 0..vocab_size()-1 give an empty string; decode() and
    // token_bytes() skip them likewise.
    std::string token_string(int32_t id) const;
    std::optional<int32_t> token_id(std::string_view token_string) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace pl
