#include "tokenizer/pretokenizer.h"

#include <cstddef>

#include "tokenizer/unicode_class.h"

namespace pl {
namespace {

enum class CharClass : uint8_t { Letter, Number, Space, Other };

// One character of the input: a valid UTF-8 sequence, or a single invalid byte.
struct Unit {
    uint32_t offset;  // byte offset in the text
    CharClass cls;
    bool is_blank;  // exactly U+0020: the pattern's optional leading " " is this, not \s
};

CharClass classify(char32_t cp) {
    switch (unicode_class(cp)) {
        case UnicodeClass::Letter:
            return CharClass::Letter;
        case UnicodeClass::Number:
            return CharClass::Number;
        case UnicodeClass::Space:
            return CharClass::Space;
        case UnicodeClass::Other:
            break;
    }
    return CharClass::Other;
}

std::vector<Unit> decode_units(std::string_view text) {
    std::vector<Unit> units;
    units.reserve(text.size());
    size_t i = 0;
    while (i < text.size()) {
        char32_t cp = 0;
        const size_t len = decode_utf8(text, i, &cp);
        if (len == 0) {
            units.push_back({static_cast<uint32_t>(i), CharClass::Other, false});
            ++i;
        } else {
            units.push_back({static_cast<uint32_t>(i), classify(cp), cp == U' '});
            i += len;
        }
    }
    return units;
}

// The number of bytes of a contraction suffix ('s 't 're 've 'm 'll 'd) at text[pos], or 0.
// These are the pattern's first alternatives, so they win over everything else; the match is
// case-sensitive, as in GPT-2.
size_t contraction_length(std::string_view text, size_t pos) {
    if (text[pos] != '\'')
        return 0;
    const std::string_view rest = text.substr(pos + 1);
    for (const std::string_view suffix : {"s", "t", "re", "ve", "m", "ll", "d"}) {
        if (rest.starts_with(suffix))
            return 1 + suffix.size();
    }
    return 0;
}

constexpr std::array<char32_t, 256> make_byte_to_char() {
    std::array<char32_t, 256> table{};
    char32_t next_free = 256;
    for (int b = 0; b < 256; ++b) {
        const bool printable =
            (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
        // Bytes that would print as nothing or as whitespace get the code points from U+0100
        // on, in byte order, so every token string is visible and free of spaces.
        table[b] = printable ? static_cast<char32_t>(b) : next_free++;
    }
    return table;
}

constexpr std::array<char32_t, 256> kByteToChar = make_byte_to_char();

}  // namespace

size_t decode_utf8(std::string_view s, size_t i, char32_t* cp) {
    const auto byte = [&](size_t k) { return static_cast<uint8_t>(s[k]); };
    const uint8_t b0 = byte(i);
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    }
    size_t len = 0;
    uint8_t lo = 0x80;  // the allowed range of the second byte
    uint8_t hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        len = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        len = 3;
        if (b0 == 0xE0)
            lo = 0xA0;  // overlong
        if (b0 == 0xED)
            hi = 0x9F;  // surrogates
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        len = 4;
        if (b0 == 0xF0)
            lo = 0x90;  // overlong
        if (b0 == 0xF4)
            hi = 0x8F;  // above U+10FFFF
    } else {
        return 0;
    }
    if (i + len > s.size())
        return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi)
        return 0;
    char32_t value = b0 & (0xFF >> (len + 1));
    for (size_t k = 1; k < len; ++k) {
        const uint8_t b = byte(i + k);
        if ((b & 0xC0) != 0x80)
            return 0;
        value = (value << 6) | (b & 0x3F);
    }
    *cp = value;
    return len;
}

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

std::vector<std::string_view> gpt2_pretokenize(std::string_view text) {
    const std::vector<Unit> units = decode_units(text);
    const size_t n = units.size();
    const auto offset = [&](size_t u) { return u < n ? units[u].offset : text.size(); };

    std::vector<std::string_view> pieces;
    size_t i = 0;
    while (i < n) {
        const size_t start = units[i].offset;
        if (const size_t len = contraction_length(text, start); len > 0) {
            pieces.push_back(text.substr(start, len));
            i += len;  // the contraction is ASCII: one unit per byte
            continue;
        }
        // " ?\p{L}+", " ?\p{N}+" and " ?[^\s\p{L}\p{N}]+": an optional blank, then a run of
        // one class.
        const size_t first = (units[i].is_blank && i + 1 < n) ? i + 1 : i;
        const CharClass cls = units[first].cls;
        size_t end = first;
        if (cls != CharClass::Space) {
            while (end < n && units[end].cls == cls)
                ++end;
            pieces.push_back(text.substr(start, offset(end) - start));
            i = end;
            continue;
        }
        // A whitespace run. "\s+(?!\S)" backtracks to leave the run's last character for the
        // word that follows (so "  x" gives " ", " x"); at the end of the text it takes the
        // whole run; a lone whitespace character before a word falls through to "\s+".
        end = i;
        while (end < n && units[end].cls == CharClass::Space)
            ++end;
        if (end < n && end - i >= 2)
            --end;
        pieces.push_back(text.substr(start, offset(end) - start));
        i = end;
    }
    return pieces;
}

char32_t gpt2_byte_to_char(uint8_t byte) {
    return kByteToChar[byte];
}

int gpt2_char_to_byte(char32_t c) {
    if (c < 256)
        return kByteToChar[c] == c ? static_cast<int>(c) : -1;
    for (int b = 0; b < 256; ++b) {
        if (kByteToChar[b] == c)
            return b;
    }
    return -1;
}

std::string gpt2_token_string(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size() * 2);
    for (const char ch : bytes)
        append_utf8(out, kByteToChar[static_cast<uint8_t>(ch)]);
    return out;
}

std::array<uint8_t, 256> gpt2_byte_order() {
    std::array<uint8_t, 256> order{};
    size_t k = 0;
    for (int b = 0; b < 256; ++b) {
        if (kByteToChar[b] == static_cast<char32_t>(b))
            order[k++] = static_cast<uint8_t>(b);
    }
    for (int b = 0; b < 256; ++b) {
        if (kByteToChar[b] != static_cast<char32_t>(b))
            order[k++] = static_cast<uint8_t>(b);
    }
    return order;
}

}  // namespace pl
