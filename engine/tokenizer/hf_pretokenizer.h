// The pre-tokenizers and normalizers of the byte-level BPE families served today, as their
// tokenizer.json writes them, recognised by structure and regex text and reproduced by hand:
//   GPT-2:        ByteLevel (use_regex: true): GPT-2's pattern (pretokenizer.h)
//   Llama 3:      Sequence [Split (Llama 3's pattern, digits in runs of 1-3), ByteLevel]
//   Qwen2/2.5/3:  Sequence [Split (Qwen2's pattern, single digits), ByteLevel]; normalizer NFC
//   SmolLM2:      Sequence [Digits (individual_digits: true), ByteLevel (use_regex: true)]
// Those are matched by hand (fast, and the same on every PCRE2). Any other layout is read
// generically and split with PCRE2 (core/regex.h) as the tokenizers library splits with its
// regex engine: a Sequence of Split steps (a Regex or a String pattern; behavior Isolated,
// MergedWithPrevious, or Removed with invert, which keeps the matches) and Digits steps, with or
// without a final ByteLevel (use_regex false) - DeepSeek-V3's three Split steps, a
// SentencePiece-style Split on " " (Gemma 3), tiktoken's one pattern. A pre-tokenizer of another
// type, or a pattern PCRE2 cannot compile, is refused in one line naming the file and field.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/json_util.h"
#include "core/regex.h"

namespace pl {

enum class SplitPattern { Gpt2, Llama3, Qwen2 };
enum class DigitSplit { None, Runs, Individual };  // a Digits pre-tokenizer before ByteLevel

// One step of a generic pre-tokenizer: each piece so far is cut again by it.
struct SplitStep {
    enum class Kind { Regex, Literal, Digits };
    enum class Behavior { Isolated, MergedWithPrevious };
    Kind kind = Kind::Regex;
    Behavior behavior = Behavior::Isolated;
    std::shared_ptr<const Regex> regex;  // Kind::Regex
    std::string literal;                 // Kind::Literal
    bool individual_digits = false;      // Kind::Digits
};

struct PreTokenizerSpec {
    SplitPattern pattern = SplitPattern::Gpt2;
    DigitSplit digits = DigitSplit::None;
    // Non-empty: a layout none of the hand-made paths covers, split by these steps in order
    // (pattern and digits are then unused).
    std::vector<SplitStep> steps;
    bool generic() const { return !steps.empty(); }
    // Words are the text's bytes (a ByteLevel step, or a tiktoken encoding) rather than its
    // characters (a SentencePiece-style BPE with byte fallback).
    bool byte_level = true;
    // Whether a printable ASCII character followed by a space or tab always ends a word, so a
    // text that grows may be tokenized from such a place on (prompt/renderer.h's extend()):
    // true for every regex layout read, false for a SentencePiece-style one, whose merges
    // cross spaces.
    bool words_end_at_spaces = true;
};

// A step that splits every text at once: one regular expression applied as the tokenizers
// library applies a Split with behavior Isolated (each match one piece, the text between
// matches another).
SplitStep regex_split_step(std::shared_ptr<const Regex> regex);

// The spec of tokenizer.json's "pre_tokenizer", or one line naming `file` and the JSON pointer
// of the field that is not one of the recognised forms.
Result<PreTokenizerSpec> read_pre_tokenizer(const ojson& pre, const std::string& file);

// What tokenizer.json's "normalizer" does: nothing, NFC (Qwen), string replacements (Gemma 3's
// " " -> "\u2581"), or a Sequence of those; anything else is refused.
struct NormalizerSpec {
    bool nfc = false;
    std::vector<std::pair<std::string, std::string>> replace;  // in order, after NFC
    bool any() const { return nfc || !replace.empty(); }
};
Result<NormalizerSpec> read_normalizer(const ojson& normalizer, const std::string& file);
// The text as the normalizer leaves it.
std::string normalize(const NormalizerSpec& spec, std::string_view text);

// Splits text as the spec does; the pieces (views into text) concatenate back to it exactly.
std::vector<std::string_view> pretokenize(const PreTokenizerSpec& spec, std::string_view text);

// The Llama 3 / Qwen2 pattern
//   (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,D}| ?[^\s\p{L}\p{N}]+[\r\n]*|
//   \s*[\r\n]+|\s+(?!\S)|\s+
// with D = max_digits (3 for Llama 3, 1 for Qwen2). Case-insensitive contractions are matched
// over ASCII letters.
std::vector<std::string_view> llama3_pretokenize(std::string_view text, int max_digits);

// The regex text of each pattern, as tokenizer.json spells it.
std::string_view split_pattern_regex(SplitPattern pattern);

}  // namespace pl
