// A small position-tracking scan over JSON text: finds where the value at a JSON pointer starts
// in the file, and where a byte of a decoded string sits among its escapes, so that a finding
// about "/system/0/text, character 14" can point at line:column of the input file. It walks the
// text without recursion, so a hostile nesting depth cannot overflow the stack.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pl::lint {

// The byte offset in text where the value at pointer (RFC 6901) begins; nullopt when the
// pointer does not resolve. text must be valid JSON (it was parsed before).
std::optional<std::size_t> find_value(std::string_view text, std::string_view pointer);

// For a string value starting at value_start (its opening quote): the byte offset in text of
// byte decoded_offset of the decoded string (escapes such as \n or \u00e9 undone).
std::size_t string_byte_offset(std::string_view text, std::size_t value_start,
                               std::size_t decoded_offset);

// A place in a text, for compiler-style messages.
struct TextPosition {
    int line = 1;            // 1-based, counting from first_line
    int column = 1;          // 1-based, in characters
    std::string excerpt;     // the line, or a window of it when long
    int excerpt_column = 0;  // where the span starts in the excerpt, 0-based characters
    int underline = 1;       // characters to underline
};

// The position of [begin, end) in text, whose first byte is on line first_line.
TextPosition position_of(std::string_view text, std::size_t begin, std::size_t end,
                         int first_line = 1);

// Convenience: where the decoded bytes [begin, end) of the value at pointer sit in text. For a
// value that is not a string, or begin == npos, the span is the value's first character. Falls back
// to the start of the nearest enclosing value that exists.
TextPosition locate(std::string_view text, const std::string& pointer, std::size_t begin,
                    std::size_t end, int first_line = 1);

// Characters (UTF-8 code points) in the first n bytes of s.
std::size_t utf8_chars(std::string_view s, std::size_t n);

}  // namespace pl::lint
