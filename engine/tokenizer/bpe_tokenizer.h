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
    // A Hugging Face tokenizer.json of a BPE model: byte-level (GPT-2, Llama 3, Qwen, SmolLM2,
    // DeepSeek-V3, any Split/Digits/ByteLevel layout) or SentencePiece-style with byte fallback
    // (Gemma 3: a Replace normalizer writes spaces as "\u2581", words are characters): its
    // vocabulary and merges, added tokens, pre-tokenizer and normalizer
    // (tokenizer/hf_pretokenizer.h). Any other kind (a model that is not BPE, a Metaspace
    // pre-tokenizer, a regex normalizer) is refused in one line naming the file and field.
    // Ids need not be contiguous: a missing id decodes to nothing.
    static Result<BpeTokenizer> load_tokenizer_json(const std::filesystem::path& path);
    // A tiktoken encoding (OpenAI's o200k_base, cl100k_base): its rank file ("base64 rank" per
    // line) and the encoding.json beside it ({"name", "pat_str", "special_tokens"}). encode()
    // is tiktoken's encode_ordinary: special tokens in the text are text.
    static Result<BpeTokenizer> load_tiktoken(const std::filesystem::path& ranks_file);
    // A tokenizer folder: vocab.json and merges.txt when both are there, else tokenizer.json,
    // else a .tiktoken rank file.
    static Result<BpeTokenizer> load_folder(const std::filesystem::path& dir);
    // Whether encode() gives the ids the model's own tokenizer gives: true for every tokenizer
    // that loads (load_tokenizer_json refuses a layout it cannot reproduce).
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
    // encode(), but a tiktoken encoding's special tokens (and the chat markers <|im_start|>,
    // <|im_sep|>, <|im_end|>) in the text are one token each: for framing text that a server
    // writes around a request, never for the request's own text. The same as encode() for
    // other tokenizers, whose added tokens encode() already finds.
    std::vector<int32_t> encode_with_specials(std::string_view text) const;
    // Whether decode(encode(text)) == text for every text: byte-level and tiktoken vocabularies,
    // and SentencePiece-style ones with byte fallback whose normalizer only writes spaces as
    // "\u2581", a token of the vocabulary (a text holding "\u2581" itself then decodes it as a
    // space).
    bool lossless() const;
    // "o200k_base" for a tiktoken encoding; empty otherwise.
    std::string encoding_name() const;
    // Whether a printable ASCII character followed by a space or tab always ends a word, so a
    // growing text may be tokenized again from there: false for a SentencePiece-style BPE.
    bool words_end_at_spaces() const;
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
