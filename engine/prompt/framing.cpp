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

std::string FramingStyle::open(std::string_view role) const {
    if (name == "openai-chat")
        return "<|im_start|>" + std::string(role) + "<|im_sep|>";
    if (name == "chatml")
        return "<|im_start|>" + std::string(role) + "\n";
    if (name == "llama3")
        return "<|start_header_id|>" + std::string(role) + "<|end_header_id|>\n\n";
    if (name == "deepseek-v3") {
        if (role == "assistant")
            return "<\xEF\xBD\x9C"
                   "Assistant\xEF\xBD\x9C>";  // <｜Assistant｜>
        if (role == "system" || role == "developer")
            return "";  // the system prompt opens the text unframed
        return "<\xEF\xBD\x9C"
               "User\xEF\xBD\x9C>";  // <｜User｜>
    }
    if (name == "gemma3") {
        const std::string_view turn = role == "assistant" ? std::string_view("model")
                                      : role == "system"  ? std::string_view("user")
                                                          : role;
        return "<start_of_turn>" + std::string(turn) + "\n";
    }
    return turn_open(role);
}

std::string FramingStyle::close(std::string_view role) const {
    if (name == "openai-chat")
        return "<|im_end|>";
    if (name == "chatml")
        return "<|im_end|>\n";
    if (name == "llama3")
        return "<|eot_id|>";
    if (name == "deepseek-v3")
        return role == "assistant" ? "<\xEF\xBD\x9C"
                                     "end\xE2\x96\x81of\xE2\x96\x81sentence\xEF\xBD\x9C>"
                                   : "";
    if (name == "gemma3")
        return "<end_of_turn>\n";
    return turn_close(role);
}

std::string FramingStyle::tool_open() const {
    return own() ? std::string(kToolOpen) : std::string();
}

std::string FramingStyle::tool_close() const {
    return own() ? std::string(kToolClose) : std::string();
}

std::string FramingStyle::generation() const {
    if (own())
        return turn_open("assistant");
    return open("assistant");
}

}  // namespace pl::framing
