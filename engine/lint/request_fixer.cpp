#include "lint/request_fixer.h"

#include <algorithm>
#include <map>

namespace pl::lint {

std::string tool_name(const ojson& tool) {
    if (!tool.is_object())
        return {};
    if (tool.contains("name") && tool["name"].is_string())
        return tool["name"].get<std::string>();
    if (tool.contains("function") && tool["function"].is_object() &&
        tool["function"].contains("name") && tool["function"]["name"].is_string())
        return tool["function"]["name"].get<std::string>();
    return {};
}

ojson canonical_keys(const ojson& j) {
    if (j.is_object()) {
        std::vector<std::string> keys;
        for (auto it = j.begin(); it != j.end(); ++it)
            keys.push_back(it.key());
        std::sort(keys.begin(), keys.end());
        ojson out = ojson::object();
        for (const auto& k : keys)
            out[k] = canonical_keys(j[k]);
        return out;
    }
    if (j.is_array()) {
        ojson out = ojson::array();
        for (const auto& v : j)
            out.push_back(canonical_keys(v));
        return out;
    }
    return j;
}

namespace {

// Removes the span (the whole line when it is short, so that "Current time: ..." goes with
// its label) and returns the text that was removed.
std::string cut(std::string& s, std::size_t begin, std::size_t end, std::size_t& cut_from) {
    begin = std::min(begin, s.size());
    end = std::clamp(end, begin, s.size());
    const std::size_t nl = begin == 0 ? std::string::npos : s.rfind('\n', begin - 1);
    const std::size_t ls = nl == std::string::npos ? 0 : nl + 1;
    std::size_t le = s.find('\n', end);
    if (le == std::string::npos)
        le = s.size();
    cut_from = begin;
    if (le - ls <= 160) {
        cut_from = ls;
        std::string moved = s.substr(ls, le - ls);
        std::size_t erase_end = le < s.size() ? le + 1 : le;
        // Swallow one blank line after a removed header line.
        if (ls == 0 && erase_end < s.size() && s[erase_end] == '\n')
            ++erase_end;
        std::size_t erase_begin = ls;
        if (le == s.size() && ls > 0)
            erase_begin = ls - 1;  // the last line: drop the newline before it instead
        s.erase(erase_begin, erase_end - erase_begin);
        return moved;
    }
    std::string moved = s.substr(begin, end - begin);
    s.erase(begin, end - begin);
    return moved;
}

void append_to_user(ojson& body, Provider provider, const std::string& text) {
    const bool responses = body.contains("input");
    ojson& msgs = responses ? body["input"] : body["messages"];
    const std::string add = "\n\n" + text;
    if (msgs.is_string()) {
        msgs = msgs.get<std::string>() + add;
        return;
    }
    if (!msgs.is_array())
        return;
    for (std::size_t k = msgs.size(); k-- > 0;) {
        ojson& m = msgs[k];
        if (!m.is_object() || !m.contains("role") || m["role"] != "user")
            continue;
        if (!m.contains("content") || m["content"].is_null()) {
            m["content"] = text;
            return;
        }
        ojson& c = m["content"];
        if (c.is_string()) {
            c = c.get<std::string>() + add;
            return;
        }
        if (c.is_array()) {
            if (!c.empty() && c.back().is_object() && c.back().contains("text") &&
                c.back()["text"].is_string() && !c.back().contains("cache_control")) {
                c.back()["text"] = c.back()["text"].get<std::string>() + add;
            } else {
                const char* type =
                    provider == Provider::OpenAI && responses ? "input_text" : "text";
                c.push_back({{"type", type}, {"text", text}});
            }
            return;
        }
    }
    msgs.push_back({{"role", "user"}, {"content", text}});
}

void sort_tools(ojson& body, Provider provider) {
    if (!body.contains("tools") || !body["tools"].is_array())
        return;
    ojson& tools = body["tools"];
    bool had_cc = false;
    ojson cc;
    std::vector<ojson> list;
    for (const auto& t : tools) {
        ojson c = canonical_keys(t);
        if (provider == Provider::Anthropic && c.is_object() && c.contains("cache_control")) {
            had_cc = true;
            cc = c["cache_control"];
            c.erase("cache_control");
        }
        list.push_back(std::move(c));
    }
    std::stable_sort(list.begin(), list.end(),
                     [](const ojson& a, const ojson& b) { return tool_name(a) < tool_name(b); });
    // A breakpoint on the tools caches them all: keep one, on the last tool.
    if (had_cc && !list.empty() && list.back().is_object())
        list.back()["cache_control"] = cc;
    tools = ojson::array();
    for (auto& t : list)
        tools.push_back(std::move(t));
}

}  // namespace

ojson fix_request(const ojson& body, Provider provider, const std::vector<MoveSpan>& moves) {
    ojson out = body;
    // Later spans first, so earlier offsets stay valid.
    std::vector<MoveSpan> sorted = moves;
    std::sort(sorted.begin(), sorted.end(), [](const MoveSpan& a, const MoveSpan& b) {
        return a.pointer != b.pointer ? a.pointer < b.pointer : a.begin > b.begin;
    });
    std::map<std::string, std::vector<std::string>> moved_by_pointer;
    std::string last_pointer;
    std::size_t last_cut = std::string::npos;
    for (const MoveSpan& m : sorted) {
        if (m.pointer == last_pointer && last_cut != std::string::npos && m.end > last_cut)
            continue;  // on a line already moved
        ojson::json_pointer jp(m.pointer);
        if (!out.contains(jp) || !out[jp].is_string())
            continue;
        std::string s = out[jp].get<std::string>();
        if (m.begin >= s.size())
            continue;
        auto& list = moved_by_pointer[m.pointer];
        list.insert(list.begin(), cut(s, m.begin, m.end, last_cut));
        last_pointer = m.pointer;
        out[jp] = s;
    }
    std::string moved;
    for (const auto& [pointer, texts] : moved_by_pointer) {
        for (const auto& t : texts) {
            if (t.empty())
                continue;
            if (!moved.empty())
                moved += "\n";
            moved += t;
        }
    }
    if (!moved.empty())
        append_to_user(out, provider, moved);
    sort_tools(out, provider);
    return out;
}

}  // namespace pl::lint
