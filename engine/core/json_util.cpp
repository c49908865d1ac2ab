#include "core/json_util.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace pl {

namespace {

// The offset just past the string starting at text[i] (its opening quote); text.size() when it
// does not end.
std::size_t skip_string(std::string_view text, std::size_t i) {
    for (++i; i < text.size(); ++i) {
        if (text[i] == '\\')
            ++i;
        else if (text[i] == '"')
            return i + 1;
    }
    return text.size();
}

bool is_number_char(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

std::string mib(std::size_t bytes) {
    return std::to_string(bytes >> 20) + " MiB";
}

// One pass over text, outside the parser and without recursion: the first place that breaks a
// limit, as an error message, or empty.
std::string find_hazard(std::string_view text, const std::string& file, const JsonLimits& limits,
                        int first_line) {
    long depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            const std::size_t end = skip_string(text, i);
            if (end - i > limits.max_string_bytes + 2)
                return file + ":" + line_col(text, i, first_line) + ": a string longer than " +
                       mib(limits.max_string_bytes) + " (the limit for one string)";
            i = end - 1;
        } else if (c == '{' || c == '[') {
            if (++depth > limits.max_depth)
                return file + ":" + line_col(text, i, first_line) + ": JSON nested deeper than " +
                       std::to_string(limits.max_depth) + " levels";
        } else if (c == '}' || c == ']') {
            --depth;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            std::size_t end = i;
            while (end < text.size() && is_number_char(text[end]))
                ++end;
            const std::string token(text.substr(i, end - i));
            if (std::isinf(std::strtod(token.c_str(), nullptr)))
                return file + ":" + line_col(text, i, first_line) + ": the number " +
                       quote(token, 40) + " is out of range (larger than a double can hold)";
            i = end - 1;
        }
    }
    return {};
}

// nlohmann's what() is "[json.exception.<kind>.<id>] [parse error at line L, column C: ]
// <reason>": keep the reason, we give our own place.
std::string reason_of(const nlohmann::json::exception& e) {
    std::string what = e.what();
    if (const auto close = what.find("] ");
        what.rfind("[json.exception", 0) == 0 && close != std::string::npos)
        what = what.substr(close + 2);
    if (what.rfind("parse error", 0) == 0) {
        if (const auto colon = what.find(": "); colon != std::string::npos)
            what = what.substr(colon + 2);
    }
    return escape_for_message(what, 300);
}

}  // namespace

std::string line_col(std::string_view text, std::size_t byte_offset, int first_line) {
    long line = first_line, col = 1;
    for (std::size_t i = 0; i < byte_offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++col;  // count characters, not UTF-8 continuation bytes
        }
    }
    return std::to_string(line) + ":" + std::to_string(col);
}

Result<ojson> parse_json(std::string_view text, const std::string& file, const JsonLimits& limits,
                         int first_line) {
    if (text.size() > limits.max_bytes)
        return make_error(file + ": larger than " + mib(limits.max_bytes) +
                          " (the limit for one JSON document)");
    if (std::string hazard = find_hazard(text, file, limits, first_line); !hazard.empty())
        return make_error(std::move(hazard));
    try {
        return ojson::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        // nlohmann reports the byte just after the problem (1-based); point at the problem.
        const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
        return make_error(file + ":" + line_col(text, at, first_line) +
                          ": invalid JSON: " + reason_of(e));
    } catch (const nlohmann::json::exception& e) {
        // out_of_range and the like carry no place; the scan above finds the ones we know.
        return make_error(file + ": invalid JSON: " + reason_of(e));
    } catch (const std::bad_alloc&) {
        return make_error(file + ": not enough memory to read this JSON document");
    }
}

Result<ojson> parse_json_object(std::string_view text, const std::string& file,
                                const std::string& not_object) {
    auto parsed = parse_json(text, file);
    if (parsed && !parsed->is_object())
        return make_error(file + ": " + not_object);
    return parsed;
}

Result<std::string> read_text_file(const std::string& path, std::size_t max_bytes) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!ec && std::filesystem::is_directory(status))
        return make_error(path + ": is a folder, not a file");
    if (!ec && std::filesystem::is_regular_file(status)) {
        const auto size = std::filesystem::file_size(path, ec);
        if (!ec && size > max_bytes)
            return make_error(path + ": larger than " + mib(max_bytes) + " (" +
                              std::to_string(size >> 20) +
                              " MiB); the limit for this kind of file");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return make_error(path + ": cannot open");
    std::string out;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        out.append(buf, static_cast<std::size_t>(in.gcount()));
        if (out.size() > max_bytes)  // a pipe or a file that grew: stop reading
            return make_error(path + ": larger than " + mib(max_bytes) +
                              "; the limit for this kind of file");
    }
    if (in.bad())
        return make_error(path + ": read failed");
    return out;
}

std::string escape_for_message(std::string_view s, std::size_t max_chars) {
    static const char* const hex = "0123456789abcdef";
    std::string out;
    std::size_t chars = 0;
    auto byte_escape = [&](unsigned char b) {
        out += "\\x";
        out += hex[b >> 4];
        out += hex[b & 15];
    };
    for (std::size_t i = 0; i < s.size();) {
        if (chars == max_chars) {
            out += "...";
            break;
        }
        const auto b = static_cast<unsigned char>(s[i]);
        ++chars;
        if (b < 0x20 || b == 0x7f) {
            if (b == '\n')
                out += "\\n";
            else if (b == '\t')
                out += "\\t";
            else if (b == '\r')
                out += "\\r";
            else
                byte_escape(b);
            ++i;
            continue;
        }
        if (b < 0x80) {
            out += static_cast<char>(b);
            ++i;
            continue;
        }
        // A well-formed UTF-8 sequence (no overlongs, no surrogates, at most U+10FFFF) is kept.
        std::size_t n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0;
        if (b > 0xF4)
            n = 0;
        bool ok = n > 0 && i + n <= s.size();
        for (std::size_t k = 1; ok && k < n; ++k)
            ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
        if (ok && n >= 3) {
            const auto b1 = static_cast<unsigned char>(s[i + 1]);
            if ((b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 >= 0xA0) || (b == 0xF0 && b1 < 0x90) ||
                (b == 0xF4 && b1 >= 0x90))
                ok = false;
        }
        if (!ok) {
            byte_escape(b);
            ++i;
            continue;
        }
        out.append(s.substr(i, n));
        i += n;
    }
    return out;
}

std::string quote(std::string_view s, std::size_t max_chars) {
    return "\"" + escape_for_message(s, max_chars) + "\"";
}

Result<void> read_positive_int(const ojson& j, const std::string& file,
                               std::initializer_list<const char*> keys, int64_t max, bool required,
                               int& out) {
    for (const char* k : keys) {
        if (!j.contains(k))
            continue;
        const ojson& v = j[k];
        if (!v.is_number_integer() || v.get<int64_t>() <= 0)
            return make_error(file + ": /" + k + " must be a positive integer");
        if (v.get<int64_t>() > max)
            return make_error(file + ": /" + k + " is " + std::to_string(v.get<int64_t>()) +
                              "; at most " + std::to_string(max) + " is supported");
        out = static_cast<int>(v.get<int64_t>());
        return {};
    }
    if (required)
        return make_error(file + ": missing /" + *keys.begin());
    return {};
}

}  // namespace pl
