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
    // A Hugging Face tokenizer.json of a byte-level BPE model (GPT-2, Llama 3, Qwen, SmolLM2):
    // its model's vocabulary and merges, its added tokens, pre-tokenizer and normalizer
    // (tokenizer/hf_pretokenizer.h). Any other kind (a SentencePiece-style decoder or
    // Metaspace pre-tokenizer, a model that is not BPE, a split pattern or normalizer none of
    // those families uses) is refused in one line naming the file and the JSON field.
    // Ids need not be contiguous: a missing id decodes to nothing.
    static Result<BpeTokenizer> load_tokenizer_json(const std::filesystem::path& path);
    // A tokenizer folder: vocab.json and merges.txt when both are there, else tokenizer.json.
    static Result<BpeTokenizer> load_folder(const std::filesystem::path& dir);
    // Whether encode() gives the ids the model's own tokenizer gives: true for every tokenizer
    // that loads (vocab.json/merges.txt, or a tokenizer.json in a layout of the families read:
    // GPT-2, Llama 3, Qwen2/2.5/3, SmolLM2; load_tokenizer_json refuses the others).
    bool encodes_exactly() const;
    // Whether a printable ASCII character followed by a newline always ends a pre-tokenizer
    // word, as it does in GPT-2's pattern; Llama 3's and Qwen2's take the newlines after a run
    // of punctuation into it ("!\n"). A space or tab after one ends a word in all of them.
    bool newline_ends_words() const;

    // encode() and decode() keep no state: one tokenizer may serve several threads at once.
    // Encodes arbitrary bytes (valid UTF-8 or not). From vocab.json/merges.txt: GPT-2's
    // pre-tokenization, added tokens not looked for. From a tokenizer.json: as the tokenizers
    // library does, its added tokens matched first (each one id), then its normalizer (NFC or
    // none), pre-tokenizer and merges (with ignore_merges where set).
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
