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
    // A Hugging Face tokenizer.json of a byte-level BPE model (GPT-2, Llama 3, Qwen): its
    // model's vocabulary and merges, and its added tokens. Any other kind (a SentencePiece-style
    // decoder, a model that is not BPE) is refused in one line naming the file and the field.
    // Ids need not be contiguous: a missing id decodes to nothing.
    static Result<BpeTokenizer> load_tokenizer_json(const std::filesystem::path& path);
    // A tokenizer folder: vocab.json and merges.txt when both are there, else tokenizer.json.
    static Result<BpeTokenizer> load_folder(const std::filesystem::path& dir);
    // Whether encode() splits text as the model's own tokenizer does: GPT-2's pre-tokenizer.
    // A tokenizer.json with another one (Llama 3's and Qwen's split digits and contractions
    // differently) decodes exactly but may encode differently: it is for reading tokens back.
    bool encodes_exactly() const;

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
