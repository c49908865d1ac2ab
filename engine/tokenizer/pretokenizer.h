// GPT-2's byte-level text conventions, shared by BpeTokenizer and the BPE trainer so the two
// can never disagree: the pre-tokenizer that cuts text into words, and the reversible map from
// bytes to printable characters in which vocab.json and merges.txt spell their tokens.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pl {

// Splits text the way GPT-2's pattern
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// does, over Unicode code points. Bytes that are not valid UTF-8 count one by one as
// characters of the "other" class, so the pieces (views into text) always concatenate back to
// text exactly, whatever its bytes.
std::vector<std::string_view> gpt2_pretokenize(std::string_view text);

// The printable character GPT-2 uses to spell a byte in vocab.json and merges.txt
// (e.g. ' ' -> U+0120 'Ġ', '\n' -> U+010A 'Ċ'; printable Latin-1 bytes stand for themselves).
char32_t gpt2_byte_to_char(uint8_t byte);
// The inverse of gpt2_byte_to_char, or -1 for a character that spells no byte.
int gpt2_char_to_byte(char32_t c);
// Raw bytes -> their spelling in GPT-2's token strings (UTF-8).
std::string gpt2_token_string(std::string_view bytes);
// The byte behind each of GPT-2's first 256 vocabulary ids: printable bytes first, in byte
// order, then the rest (vocab id 0 is '!', id 188 is byte 0x00).
std::array<uint8_t, 256> gpt2_byte_order();

// The length of the valid UTF-8 sequence starting at s[i] (its code point in *cp), or 0 when
// s[i] does not start one. Overlong forms, surrogates and values above U+10FFFF are invalid,
// as in the Unicode standard's table of well-formed byte sequences.
size_t decode_utf8(std::string_view s, size_t i, char32_t* cp);

// Appends the UTF-8 encoding of a code point.
void append_utf8(std::string& out, char32_t cp);

}  // namespace pl
