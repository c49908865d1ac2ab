#include "prompt/framing.h"

#include <algorithm>

namespace pl::framing {

std::string turn_open(std::string_view role) {
    std::string s = "<";
    s += role;
    s += ">\n";
    return s;
}

std::string turn_close(std::string_view role) {
    std::string s = "\n</";
    s += role;
    s += ">\n";
    return s;
}

std::string tool_text(std::string_view tool_json) {
    std::string s(kToolOpen);
    s += tool_json;
    s += kToolClose;
    return s;
}

std::string turn_text(std::string_view role, std::string_view text) {
    std::string s = turn_open(role);
    s += text;
    s += turn_close(role);
    return s;
}

std::size_t answer_end(std::string_view text) {
    static const std::string_view kTags[] = {"</",       "<user>", "<assistant>",
                                             "<system>", "<tool>", "<|endoftext|>"};
    for (std::size_t at = text.find('<'); at != std::string_view::npos;
         at = text.find('<', at + 1)) {
        const std::string_view rest = text.substr(at);
        for (std::string_view tag : kTags) {
            // The rest is the tag's beginning (more may follow) or starts with the whole tag.
            if (tag.substr(0, std::min(tag.size(), rest.size())) ==
                rest.substr(0, std::min(tag.size(), rest.size())))
                return at;
        }
    }
    return std::string_view::npos;
}

const std::vector<std::string>& trained_pieces() {
    static const std::vector<std::string> pieces = [] {
        std::vector<std::string> v{std::string(kToolOpen), std::string(kToolClose)};
        for (const char* role : {"system", "user", "assistant"}) {
            v.push_back(turn_open(role));
            v.push_back(turn_close(role));
        }
        // Longest first, so a piece that starts another (none today) would still be cut whole.
        std::stable_sort(v.begin(), v.end(), [](const std::string& a, const std::string& b) {
            return a.size() > b.size();
        });
        return v;
    }();
    return pieces;
}

}  // namespace pl::framing
