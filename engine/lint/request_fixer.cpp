#include "lint/request_fixer.h"

#include <algorithm>
#include <map>

#include "lint/lint_tables.h"
#include "prompt/body_shape.h"

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

// Removes the line holding the span when it is short, so that "Current time: ..." goes with its
// label, and returns it. A value inside a long line is inside a sentence or a paragraph: it is
// left where it is (nothing returned), as cutting it out would leave "effective as of ." behind.
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
    cut_from = std::string::npos;
    return {};
}

// Where moved text goes: the request's final message when it is the user's (after any tool
// results in it), else a new user message at the end (OpenAI: after a tool message; Gemini:
// after a function response). Never an earlier message: that would move text across a tool call
// and rewrite the cached history. False when there is no such place (a request ending with an
// assistant or model turn: a prefill).
bool can_append(const ojson& body, BodyShape shape) {
    static const ojson none;
    const ojson& msgs = shape == BodyShape::Gemini
                            ? (body.contains("contents") ? body["contents"] : none)
                        : body.contains("input")    ? body["input"]
                        : body.contains("messages") ? body["messages"]
                                                    : none;
    if (msgs.is_string())
        return true;
    if (!msgs.is_array() || msgs.empty() || !msgs.back().is_object())
        return false;
    const ojson& last = msgs.back();
    if (shape == BodyShape::Gemini) {
        // Gemini's contents may leave the role out: then it is the user's.
        const std::string role = last.contains("role") && last["role"].is_string()
                                     ? last["role"].get<std::string>()
                                     : "user";
        return role == "user" || role == "function";
    }
    const bool user = last.contains("role") && last["role"] == "user";
    return user || shape == BodyShape::OpenAI;
}

// `text` after the content blocks in `blocks` (Anthropic, Responses, Converse, Gemini parts): the
// last block's text grows when it is plain text with no cache marker on it, else a block of its
// own follows (after a Converse cachePoint or a Gemini function response, outside the cache).
void append_block(ojson& blocks, const std::string& text, const char* type) {
    if (!blocks.empty() && blocks.back().is_object() && blocks.back().contains("text") &&
        blocks.back()["text"].is_string() && !blocks.back().contains("cache_control")) {
        blocks.back()["text"] = blocks.back()["text"].get<std::string>() + "\n\n" + text;
        return;
    }
    ojson block = type ? ojson{{"type", type}, {"text", text}} : ojson{{"text", text}};
    blocks.push_back(std::move(block));
}

void append_to_user(ojson& body, BodyShape shape, const std::string& text) {
    const bool gemini = shape == BodyShape::Gemini;
    const bool responses = !gemini && body.contains("input");
    ojson& msgs = gemini ? body["contents"] : responses ? body["input"] : body["messages"];
    if (msgs.is_string()) {
        msgs = msgs.get<std::string>() + "\n\n" + text;
        return;
    }
    if (!msgs.is_array())
        return;
    // A text block as each shape writes it: Converse and Gemini blocks carry no type.
    const char* type = shape == BodyShape::Converse || gemini ? nullptr
                       : responses                            ? "input_text"
                                                              : "text";
    if (!msgs.empty() && msgs.back().is_object()) {
        ojson& m = msgs.back();
        if (gemini && (!m.contains("role") || m["role"] == "user") && m.contains("parts") &&
            m["parts"].is_array()) {
            append_block(m["parts"], text, nullptr);
            return;
        }
        if (!gemini && m.contains("role") && m["role"] == "user") {
            if (!m.contains("content") || m["content"].is_null()) {
                m["content"] = text;
                return;
            }
            ojson& c = m["content"];
            if (c.is_string()) {
                c = c.get<std::string>() + "\n\n" + text;
                return;
            }
            if (c.is_array()) {
                append_block(c, text, type);
                return;
            }
        }
    }
    if (gemini)
        msgs.push_back({{"role", "user"}, {"parts", ojson::array({{{"text", text}}})}});
    else
        msgs.push_back({{"role", "user"}, {"content", text}});
}

// Anthropic accepts at most four breakpoints: keep the first (tools or system, the longest-lived
// part) and the last three, drop the ones between.
void limit_breakpoints(ojson& out, int max) {
    std::vector<ojson*> holders;
    auto scan_blocks = [&](ojson& arr) {
        if (!arr.is_array())
            return;
        for (auto& b : arr) {
            if (b.is_object() && b.contains("cache_control") && !b["cache_control"].is_null())
                holders.push_back(&b);
            if (b.is_object() && b.contains("content") && b["content"].is_array())
                for (auto& inner : b["content"])
                    if (inner.is_object() && inner.contains("cache_control") &&
                        !inner["cache_control"].is_null() && b.contains("type") &&
                        b["type"] == "tool_result")
                        holders.push_back(&inner);
        }
    };
    if (out.contains("tools"))
        scan_blocks(out["tools"]);
    if (out.contains("system"))
        scan_blocks(out["system"]);
    if (out.contains("messages") && out["messages"].is_array())
        for (auto& m : out["messages"])
            if (m.is_object() && m.contains("content"))
                scan_blocks(m["content"]);
    const bool automatic = out.contains("cache_control") && !out["cache_control"].is_null();
    const int slots = max - (automatic ? 1 : 0);
    const int n = static_cast<int>(holders.size());
    if (n <= slots || slots <= 0)
        return;
    // Keep holders[0] and the last slots-1.
    for (int k = 1; k < n - (slots - 1); ++k)
        holders[static_cast<std::size_t>(k)]->erase("cache_control");
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

// Converse: at most max_breakpoints cache points (the first ones kept), and none in the tools
// of an Amazon Nova model, which caches no tools.
namespace {

ojson fix_converse(const ojson& body, int max_breakpoints) {
    ojson out = body;
    const bool nova = normalize_model_id(model_of(body)).find("nova") != std::string::npos;
    int kept = 0;
    auto prune = [&](ojson& list, bool drop_all) {
        if (!list.is_array())
            return;
        ojson keep = ojson::array();
        for (auto& e : list) {
            if (e.is_object() && e.contains("cachePoint") &&
                (drop_all || kept++ >= max_breakpoints))
                continue;
            keep.push_back(std::move(e));
        }
        list = std::move(keep);
    };
    if (out.contains("toolConfig") && out["toolConfig"].is_object() &&
        out["toolConfig"].contains("tools"))
        prune(out["toolConfig"]["tools"], nova);
    if (out.contains("system"))
        prune(out["system"], false);
    if (out.contains("messages") && out["messages"].is_array()) {
        for (auto& m : out["messages"]) {
            if (m.is_object() && m.contains("content"))
                prune(m["content"], false);
        }
    }
    return out;
}

}  // namespace

ojson fix_request(const ojson& body, Provider provider, const std::vector<MoveSpan>& moves,
                  int max_breakpoints) {
    const BodyShape shape = body_shape(body, provider);
    ojson out = shape == BodyShape::Converse ? fix_converse(body, max_breakpoints) : body;
    if (shape == BodyShape::Anthropic)
        limit_breakpoints(out, max_breakpoints);
    // Nowhere to put moved text without crossing a tool call: leave every value in place.
    const std::vector<MoveSpan> none;
    const std::vector<MoveSpan>& to_move = can_append(out, shape) ? moves : none;
    // Later spans first, so earlier offsets stay valid.
    std::vector<MoveSpan> sorted = to_move;
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
        std::string moved = cut(s, m.begin, m.end, last_cut);
        if (last_cut == std::string::npos)
            continue;  // inside a sentence: left where it is
        auto& list = moved_by_pointer[m.pointer];
        list.insert(list.begin(), std::move(moved));
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
        append_to_user(out, shape, moved);
    // Gemini's function declarations and Converse's toolSpecs (among cache points) keep their
    // order: only the two shapes whose tools' rewrite is known are sorted.
    if (shape == BodyShape::Anthropic)
        sort_tools(out, Provider::Anthropic);
    else if (shape == BodyShape::OpenAI)
        sort_tools(out, Provider::OpenAI);
    return out;
}

}  // namespace pl::lint
