#include "lint/json_locator.h"

#include <algorithm>
#include <vector>

#include "tokenizer/pretokenizer.h"

namespace pl::lint {

namespace {

bool is_ws(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::size_t skip_ws(std::string_view t, std::size_t i) {
    while (i < t.size() && is_ws(t[i]))
        ++i;
    return i;
}

// i at the opening quote; returns the offset just after the closing quote.
std::size_t skip_string(std::string_view t, std::size_t i) {
    ++i;
    while (i < t.size() && t[i] != '"')
        i += t[i] == '\\' ? 2 : 1;
    return std::min(i + 1, t.size());
}

// i at the first character of a value; returns the offset just after it. Containers are skipped
// with a counter, not recursion.
std::size_t skip_value(std::string_view t, std::size_t i) {
    if (i >= t.size())
        return i;
    if (t[i] == '"')
        return skip_string(t, i);
    if (t[i] == '{' || t[i] == '[') {
        long depth = 0;
        while (i < t.size()) {
            const char c = t[i];
            if (c == '"') {
                i = skip_string(t, i);
                continue;
            }
            if (c == '{' || c == '[')
                ++depth;
            else if (c == '}' || c == ']') {
                if (--depth == 0)
                    return i + 1;
            }
            ++i;
        }
        return i;
    }
    while (i < t.size() && !is_ws(t[i]) && t[i] != ',' && t[i] != '}' && t[i] != ']')
        ++i;
    return i;
}

unsigned hex4(std::string_view t, std::size_t i) {
    unsigned v = 0;
    for (std::size_t k = 0; k < 4 && i + k < t.size(); ++k) {
        const char c = t[i + k];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= static_cast<unsigned>(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= static_cast<unsigned>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= static_cast<unsigned>(c - 'A' + 10);
    }
    return v;
}

// Decodes one escape at t[i] == '\\': appends its bytes and returns the offset after it.
std::size_t decode_escape(std::string_view t, std::size_t i, std::string& out) {
    if (i + 1 >= t.size())
        return t.size();
    const char e = t[i + 1];
    switch (e) {
        case 'n':
            out += '\n';
            return i + 2;
        case 't':
            out += '\t';
            return i + 2;
        case 'r':
            out += '\r';
            return i + 2;
        case 'b':
            out += '\b';
            return i + 2;
        case 'f':
            out += '\f';
            return i + 2;
        case 'u': {
            unsigned cp = hex4(t, i + 2);
            std::size_t next = i + 6;
            if (cp >= 0xD800 && cp < 0xDC00 && next + 5 < t.size() && t[next] == '\\' &&
                t[next + 1] == 'u') {
                const unsigned lo = hex4(t, next + 2);
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                next += 6;
            }
            pl::append_utf8(out, static_cast<char32_t>(cp));
            return next;
        }
        default:
            out += e;
            return i + 2;
    }
}

// i at the opening quote of a key; decodes it and returns the offset after the closing quote.
std::size_t read_string(std::string_view t, std::size_t i, std::string& out) {
    out.clear();
    ++i;
    while (i < t.size() && t[i] != '"') {
        if (t[i] == '\\')
            i = decode_escape(t, i, out);
        else
            out += t[i++];
    }
    return std::min(i + 1, t.size());
}

std::vector<std::string> split_pointer(std::string_view pointer) {
    std::vector<std::string> parts;
    if (pointer.empty())
        return parts;
    std::size_t i = 1;
    while (true) {
        const std::size_t j = std::min(pointer.find('/', i), pointer.size());
        std::string part;
        for (std::size_t k = i; k < j; ++k) {
            if (pointer[k] == '~' && k + 1 < j) {
                part += pointer[k + 1] == '1' ? '/' : '~';
                ++k;
            } else {
                part += pointer[k];
            }
        }
        parts.push_back(std::move(part));
        if (j >= pointer.size())
            break;
        i = j + 1;
    }
    return parts;
}

}  // namespace

std::optional<std::size_t> find_value(std::string_view t, std::string_view pointer) {
    std::size_t i = skip_ws(t, 0);
    std::string key;
    for (const std::string& part : split_pointer(pointer)) {
        if (i >= t.size())
            return std::nullopt;
        if (t[i] == '{') {
            i = skip_ws(t, i + 1);
            bool found = false;
            while (i < t.size() && t[i] == '"') {
                i = read_string(t, i, key);
                i = skip_ws(t, i);
                if (i < t.size() && t[i] == ':')
                    i = skip_ws(t, i + 1);
                if (key == part) {
                    found = true;
                    break;
                }
                i = skip_ws(t, skip_value(t, i));
                if (i < t.size() && t[i] == ',')
                    i = skip_ws(t, i + 1);
            }
            if (!found)
                return std::nullopt;
        } else if (t[i] == '[') {
            long index = 0;
            for (char c : part) {
                if (c < '0' || c > '9' || index > 100000000)
                    return std::nullopt;
                index = index * 10 + (c - '0');
            }
            if (part.empty())
                return std::nullopt;
            i = skip_ws(t, i + 1);
            for (long n = 0; n < index; ++n) {
                if (i >= t.size() || t[i] == ']')
                    return std::nullopt;
                i = skip_ws(t, skip_value(t, i));
                if (i < t.size() && t[i] == ',')
                    i = skip_ws(t, i + 1);
            }
            if (i >= t.size() || t[i] == ']')
                return std::nullopt;
        } else {
            return std::nullopt;
        }
    }
    return i;
}

std::size_t string_byte_offset(std::string_view t, std::size_t value_start,
                               std::size_t decoded_offset) {
    if (value_start >= t.size() || t[value_start] != '"')
        return value_start;
    std::size_t i = value_start + 1;
    std::size_t decoded = 0;
    std::string scratch;
    while (i < t.size() && t[i] != '"' && decoded < decoded_offset) {
        if (t[i] == '\\') {
            scratch.clear();
            i = decode_escape(t, i, scratch);
            decoded += scratch.size();
        } else {
            ++i;
            ++decoded;
        }
    }
    return i;
}

std::size_t utf8_chars(std::string_view s, std::size_t n) {
    std::size_t chars = 0;
    for (std::size_t i = 0; i < n && i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80)
            ++chars;
    }
    return chars;
}

TextPosition position_of(std::string_view text, std::size_t begin, std::size_t end,
                         int first_line) {
    begin = std::min(begin, text.size());
    end = std::clamp(end, begin, text.size());
    TextPosition pos;
    pos.line = first_line + static_cast<int>(std::count(
                                text.begin(), text.begin() + static_cast<long>(begin), '\n'));
    const std::size_t nl = text.rfind('\n', begin == 0 ? 0 : begin - 1);
    const std::size_t line_begin = (nl == std::string_view::npos || begin == 0) ? 0 : nl + 1;
    std::size_t line_end = text.find('\n', begin);
    if (line_end == std::string_view::npos)
        line_end = text.size();
    if (line_end > line_begin && text[line_end - 1] == '\r')
        --line_end;
    const std::string_view line = text.substr(line_begin, line_end - line_begin);
    // begin may sit on the '\r' of a "\r\n" line end, which the line itself leaves out.
    const std::size_t col_bytes = std::min(begin - line_begin, line.size());
    pos.column = static_cast<int>(utf8_chars(line, col_bytes)) + 1;
    const std::size_t span_end = std::min(end, line_begin + line.size());
    const int span_chars = static_cast<int>(
        utf8_chars(line.substr(col_bytes), span_end > begin ? span_end - begin : 0));
    pos.underline = std::max(1, span_chars);

    // Long lines (a whole request on one JSON Lines line) are cut to a window around the span.
    constexpr std::size_t kBefore = 60, kAfter = 100;
    std::size_t w_begin = col_bytes > kBefore ? col_bytes - kBefore : 0;
    while (w_begin > 0 && (static_cast<unsigned char>(line[w_begin]) & 0xC0) == 0x80)
        --w_begin;
    std::size_t w_end = std::min(line.size(), col_bytes + kAfter);
    while (w_end < line.size() && (static_cast<unsigned char>(line[w_end]) & 0xC0) == 0x80)
        ++w_end;
    std::string excerpt;
    int prefix_chars = 0;
    if (w_begin > 0) {
        excerpt = "...";
        prefix_chars = 3;
    }
    excerpt.append(line.substr(w_begin, w_end - w_begin));
    if (w_end < line.size())
        excerpt += "...";
    for (char& c : excerpt) {
        if (c == '\t')
            c = ' ';
        else if ((c >= 0 && c < 0x20) || c == 0x7f)
            c = '?';  // a control character would act on the terminal; one column, as it was
    }
    pos.excerpt = std::move(excerpt);
    pos.excerpt_column =
        prefix_chars + static_cast<int>(utf8_chars(line.substr(w_begin), col_bytes - w_begin));
    const int room = static_cast<int>(utf8_chars(line.substr(col_bytes), w_end - col_bytes));
    pos.underline = std::max(1, std::min(pos.underline, room));
    return pos;
}

TextPosition locate(std::string_view text, const std::string& pointer, std::size_t begin,
                    std::size_t end, int first_line) {
    std::string p = pointer;
    std::optional<std::size_t> at = find_value(text, p);
    bool exact = at.has_value();
    while (!at && !p.empty()) {
        p = p.substr(0, p.rfind('/'));
        at = find_value(text, p);
    }
    const std::size_t start = at.value_or(0);
    if (exact && begin != std::string_view::npos && start < text.size() && text[start] == '"') {
        const std::size_t b = string_byte_offset(text, start, begin);
        const std::size_t e = string_byte_offset(text, start, std::max(begin, end));
        return position_of(text, b, std::max(e, b + 1), first_line);
    }
    return position_of(text, start, start + 1, first_line);
}

}  // namespace pl::lint
