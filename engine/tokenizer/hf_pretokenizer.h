// The pre-tokenizers and normalizers of the byte-level BPE families served today, as their
// tokenizer.json writes them, recognised by structure and regex text and reproduced by hand:
//   GPT-2:        ByteLevel (use_regex: true): GPT-2's pattern (pretokenizer.h)
//   Llama 3:      Sequence [Split (Llama 3's pattern, digits in runs of 1-3), ByteLevel]
//   Qwen2/2.5/3:  Sequence [Split (Qwen2's pattern, single digits), ByteLevel]; normalizer NFC
//   SmolLM2:      Sequence [Digits (individual_digits: true), ByteLevel (use_regex: true)]
// Anything else is refused: a tokenizer that splits text otherwise would give other blocks.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/json_util.h"

namespace pl {

enum class SplitPattern { Gpt2, Llama3, Qwen2 };
enum class DigitSplit { None, Runs, Individual };  // a Digits pre-tokenizer before ByteLevel

struct PreTokenizerSpec {
    SplitPattern pattern = SplitPattern::Gpt2;
    DigitSplit digits = DigitSplit::None;
};

// The spec of tokenizer.json's "pre_tokenizer", or one line naming `file` and the JSON pointer
// of the field that is not one of the recognised forms.
Result<PreTokenizerSpec> read_pre_tokenizer(const ojson& pre, const std::string& file);

// Whether tokenizer.json's "normalizer" is NFC (Qwen) rather than none; anything else is refused.
Result<bool> read_normalizer_is_nfc(const ojson& normalizer, const std::string& file);

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
