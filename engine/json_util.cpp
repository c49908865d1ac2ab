#include "json_util.h"

#include <fstream>
#include <sstream>

namespace pl {

std::string line_col(const std::string& text, std::size_t byte_offset) {
    int line = 1, col = 1;
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

Result<ojson> parse_json(const std::string& text, const std::string& file) {
    try {
        return ojson::parse(text);
    } catch (const ojson::parse_error& e) {
        // nlohmann reports the byte just after the problem (1-based); point at the problem.
        const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
        std::string what = e.what();
        if (auto p = what.find("parse error"); p != std::string::npos) {
            if (auto colon = what.find(": ", p); colon != std::string::npos) {
                what = what.substr(colon + 2);
            }
        }
        return make_error(file + ":" + line_col(text, at) + ": invalid JSON: " + what);
    }
}

Result<std::string> read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return make_error(path + ": cannot open");
    std::stringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        return make_error(path + ": read failed");
    return ss.str();
}

}  // namespace pl
