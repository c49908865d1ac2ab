#include "prompt/chat_format.h"

#include <algorithm>
#include <utility>

#include "prompt/py_json.h"
#include "tokenizer/pretokenizer.h"

namespace pl {
namespace {

// What the templates write around tools (Qwen2.5/3 and Llama 3.1+), verbatim.
constexpr std::string_view kQwenToolsHead =
    "# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are "
    "provided with function signatures within <tools></tools> XML tags:\n<tools>";
constexpr std::string_view kQwenToolsTail =
    "\n</tools>\n\nFor each function call, return a json object with function name and arguments "
    "within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, "
    "\"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n";
constexpr std::string_view kLlamaToolsHead =
    "Given the following functions, please respond with a JSON for a function call with its "
    "proper arguments that best answers the given prompt.\n\nRespond in the format {\"name\": "
    "function name, \"parameters\": dictionary of argument name and its value}.Do not use "
    "variables.\n\n";

// The template text between two markers, with the Jinja string escapes \n and \" undone; ""
// when absent.
std::string literal_after(const std::string& t, std::string_view marker, std::string_view stops) {
    const size_t at = t.find(marker);
    if (at == std::string::npos)
        return {};
    const size_t begin = at + marker.size();
    size_t end = begin;
    while (end < t.size() && stops.find(t[end]) == std::string_view::npos &&
           t.compare(end, 2, "\\n") != 0)
        ++end;
    return t.substr(begin, end - begin);
}

// A ChatML template's default system prompt: the literal in '<|im_start|>system\n...<|im_end|>'
// that is plain text (Qwen2, Qwen2.5, SmolLM2); Qwen3's template has none.
std::string chatml_default_system(const std::string& t) {
    const std::string_view open = "<|im_start|>system";
    for (size_t at = t.find(open); at != std::string::npos; at = t.find(open, at + 1)) {
        size_t p = at + open.size();
        if (t.compare(p, 2, "\\n") == 0)
            p += 2;
        else if (p < t.size() && t[p] == '\n')
            p += 1;
        else
            continue;
        const size_t end = t.find("<|im_end|>", p);
        if (end == std::string::npos)
            continue;
        std::string text = t.substr(p, end - p);
        if (text.empty() || text.find_first_of("'\"{}+") != std::string::npos)
            continue;
        return text;
    }
    return {};
}

bool has(const std::string& t, std::string_view s) {
    return t.find(s) != std::string::npos;
}

// Python's str.isspace, which Jinja's trim filter strips.
bool python_space(char32_t c) {
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 ||
           c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x3000;
}

// A piece of the prompt before it is joined: template text (pointer "") or request text.
struct Piece {
    PartKind kind = PartKind::Generation;
    int index = 0;
    std::string role;
    std::string pointer;
    std::string text;
    bool breakpoint = false;
};

struct ToolCall {
    std::string name;
    ojson arguments;
    std::string pointer;
    bool breakpoint = false;
};

// One message in the OpenAI chat shape.
struct ChatMessage {
    std::string role;  // system, user, assistant, tool
    int index = 0;     // of the request's message it came from (-1: system)
    std::vector<Piece> content;
    std::vector<ToolCall> calls;
};

bool marked(const ojson& block) {
    return block.is_object() && block.contains("cache_control") &&
           !block["cache_control"].is_null();
}

// Jinja's trim over a message's pieces: Python whitespace off the front of the first and the
// end of the last, across pieces that are all whitespace.
void trim(std::vector<Piece>& pieces) {
    for (Piece& p : pieces) {
        size_t i = 0;
        while (i < p.text.size()) {
            char32_t cp = 0;
            const size_t len = decode_utf8(p.text, i, &cp);
            if (len == 0 || !python_space(cp))
                break;
            i += len;
        }
        p.text.erase(0, i);
        if (!p.text.empty())
            break;
    }
    for (auto it = pieces.rbegin(); it != pieces.rend(); ++it) {
        std::string& s = it->text;
        size_t keep = 0;  // the end of the last non-space character
        for (size_t i = 0; i < s.size();) {
            char32_t cp = 0;
            const size_t len = decode_utf8(s, i, &cp);
            const size_t step = len == 0 ? 1 : len;
            if (len == 0 || !python_space(cp))
                keep = i + step;
            i += step;
        }
        s.resize(keep);
        if (!s.empty())
            break;
    }
}

// Python's s.lstrip('\n') over a message's pieces.
void lstrip_newlines(std::vector<Piece>& pieces) {
    for (Piece& p : pieces) {
        const size_t keep = p.text.find_first_not_of('\n');
        p.text.erase(0, keep == std::string::npos ? p.text.size() : keep);
        if (!p.text.empty())
            break;
    }
}

// s.strip('\n'), or with both = false s.lstrip('\n').
void strip_newlines(std::string& s, bool both) {
    const size_t first = s.find_first_not_of('\n');
    s.erase(0, first == std::string::npos ? s.size() : first);
    while (both && !s.empty() && s.back() == '\n')
        s.pop_back();
}

std::string joined(const std::vector<Piece>& pieces);

// Qwen3's reading of an assistant text that holds "</think>": the reasoning is what lies
// between the last <think> and the first </think>, the content what follows the last
// </think> (both without the newlines around them). The content becomes one piece, with the
// pointer of the message's first text. False when there is no </think>.
bool split_think(std::vector<Piece>& content, std::string& reasoning) {
    const std::string text = joined(content);
    const size_t close = text.find("</think>");
    if (close == std::string::npos || content.empty())
        return false;
    std::string before = text.substr(0, close);
    while (!before.empty() && before.back() == '\n')
        before.pop_back();
    if (const size_t open = before.rfind("<think>"); open != std::string::npos)
        before.erase(0, open + 7);
    strip_newlines(before, false);
    reasoning = before;
    std::string after = text.substr(text.rfind("</think>") + 8);
    strip_newlines(after, false);
    Piece one = content.front();
    one.text = after;
    one.breakpoint = content.back().breakpoint;
    content.assign(1, one);
    return true;
}

std::string joined(const std::vector<Piece>& pieces) {
    std::string s;
    for (const Piece& p : pieces)
        s += p.text;
    return s;
}

// The text of a tool_result's content (a string or text blocks), as pieces.
Result<void> tool_result_pieces(const ojson& block, const std::string& at, int message,
                                std::vector<Piece>& out, const std::string& where) {
    const ojson& c = block.contains("content") ? block["content"] : ojson("");
    if (c.is_string()) {
        out.push_back({PartKind::Message, message, "tool", at + "/content", c.get<std::string>()});
        return {};
    }
    if (!c.is_array())
        return make_error(where + ": " + at + "/content: expected a string or text blocks");
    for (size_t k = 0; k < c.size(); ++k) {
        const std::string p = at + "/content/" + std::to_string(k);
        if (!c[k].is_object() || c[k].value("type", "") != "text" || !c[k].contains("text") ||
            !c[k]["text"].is_string())
            return make_error(where + ": " + p +
                              ": only text blocks have a place in a tool "
                              "result of this chat format");
        out.push_back({PartKind::Message, message, "tool", p + "/text",
                       c[k]["text"].get<std::string>(), marked(c[k])});
    }
    return {};
}

// The request as OpenAI chat messages, system first when there is one.
Result<std::vector<ChatMessage>> to_messages(const ojson& body, const std::string& where) {
    std::vector<ChatMessage> out;
    if (body.contains("system") && !body["system"].is_null()) {
        const ojson& s = body["system"];
        ChatMessage m{"system", -1, {}, {}};
        if (s.is_string()) {
            m.content.push_back({PartKind::System, 0, "", "/system", s.get<std::string>()});
        } else if (s.is_array()) {
            for (size_t k = 0; k < s.size(); ++k) {
                if (!s[k].is_object() || !s[k].contains("text") || !s[k]["text"].is_string())
                    return make_error(where + ": /system/" + std::to_string(k) +
                                      ": expected a text block");
                m.content.push_back({PartKind::System, static_cast<int>(k), "",
                                     "/system/" + std::to_string(k) + "/text",
                                     s[k]["text"].get<std::string>(), marked(s[k])});
            }
        } else {
            return make_error(where + ": /system: expected a string or text blocks");
        }
        out.push_back(std::move(m));
    }
    if (!body.contains("messages") || !body["messages"].is_array())
        return make_error(where + ": /messages: expected an array");
    const ojson& msgs = body["messages"];
    for (size_t i = 0; i < msgs.size(); ++i) {
        const std::string at = "/messages/" + std::to_string(i);
        const ojson& m = msgs[i];
        const int mi = static_cast<int>(i);
        if (!m.is_object() || !m.contains("role") || !m["role"].is_string() ||
            (m["role"] != "user" && m["role"] != "assistant"))
            return make_error(where + ": " + at + "/role: expected \"user\" or \"assistant\"");
        const std::string role = m["role"].get<std::string>();
        const ojson& c = m.contains("content") ? m["content"] : ojson();
        if (c.is_string()) {
            out.push_back({role,
                           mi,
                           {{PartKind::Message, mi, role, at + "/content", c.get<std::string>()}},
                           {}});
            continue;
        }
        if (!c.is_array())
            return make_error(where + ": " + at + "/content: expected a string or blocks");
        ChatMessage cur{role, mi, {}, {}};
        const auto flush = [&] {
            if (!cur.content.empty() || !cur.calls.empty())
                out.push_back(std::move(cur));
            cur = ChatMessage{role, mi, {}, {}};
        };
        for (size_t k = 0; k < c.size(); ++k) {
            const std::string bp = at + "/content/" + std::to_string(k);
            const ojson& b = c[k];
            const std::string type = b.is_object() ? b.value("type", "") : "";
            if (type == "text" && b.contains("text") && b["text"].is_string()) {
                cur.content.push_back({PartKind::Message, mi, role, bp + "/text",
                                       b["text"].get<std::string>(), marked(b)});
            } else if (type == "tool_use" && role == "assistant" && b.contains("name") &&
                       b["name"].is_string()) {
                cur.calls.push_back({b["name"].get<std::string>(),
                                     b.contains("input") ? b["input"] : ojson::object(), bp,
                                     marked(b)});
            } else if (type == "tool_result" && role == "user") {
                flush();
                ChatMessage tool{"tool", mi, {}, {}};
                PL_TRY(tool_result_pieces(b, bp, mi, tool.content, where));
                if (marked(b) && !tool.content.empty())
                    tool.content.back().breakpoint = true;
                out.push_back(std::move(tool));
            } else {
                return make_error(where + ": " + bp + ": a " +
                                  (type.empty() ? std::string("malformed") : quote(type)) +
                                  " block has no place in the model's chat format");
            }
        }
        flush();
    }
    return out;
}

// The OpenAI form of an Anthropic tool.
ojson openai_tool(const ojson& tool) {
    ojson fn = ojson::object();
    if (tool.contains("name"))
        fn["name"] = tool["name"];
    if (tool.contains("description"))
        fn["description"] = tool["description"];
    fn["parameters"] = tool.contains("input_schema") ? tool["input_schema"] : ojson::object();
    ojson out = ojson::object();
    out["type"] = "function";
    out["function"] = std::move(fn);
    return out;
}

class Writer {
  public:
    std::vector<Piece> pieces;
    void frame(PartKind kind, int index, std::string_view text, const std::string& role = {}) {
        pieces.push_back({kind, index, role, "", std::string(text)});
    }
    void add(const std::vector<Piece>& ps) {
        for (const Piece& p : ps)
            pieces.push_back(p);
    }
};

// The request's tools (an empty array when it has none); an error when it has tools or tool
// calls and the template has no place for them.
Result<ojson> request_tools(const ojson& body, const std::vector<ChatMessage>& msgs,
                            const ChatFormat& f, const std::string& where) {
    ojson tools =
        body.contains("tools") && body["tools"].is_array() ? body["tools"] : ojson::array();
    bool calls = false;
    for (const ChatMessage& m : msgs)
        calls = calls || !m.calls.empty() || m.role == "tool";
    if ((!tools.empty() || calls) && !f.tools)
        return make_error(f.source + ": /chat_template: has no place for tools (" + f.name +
                          "), but the request at " + where + " has tools or tool calls");
    return tools;
}

Result<void> render_chatml(const ojson& body, const std::vector<ChatMessage>& msgs,
                           const ChatFormat& f, const ChatOptions& opt, Writer& w,
                           const std::string& where) {
    Result<ojson> listed = request_tools(body, msgs, f, where);
    if (!listed)
        return listed.error();
    const ojson& tools = *listed;
    const bool has_system = !msgs.empty() && msgs[0].role == "system";
    std::vector<Piece> system;
    // A system message of no blocks still gets its turn, empty, as the templates write it.
    const bool system_turn = has_system || (!f.default_system.empty() && !msgs.empty());
    if (has_system)
        system = msgs[0].content;
    else if (system_turn)
        system.push_back({PartKind::System, 0, "", "", f.default_system});
    if (!tools.empty()) {
        w.frame(PartKind::System, 0, "<|im_start|>system\n");
        if (system_turn) {
            w.add(system);
            w.frame(PartKind::System, 0, "\n\n");
        }
        w.frame(PartKind::Tool, 0, kQwenToolsHead);
        for (size_t i = 0; i < tools.size(); ++i) {
            w.frame(PartKind::Tool, static_cast<int>(i), "\n");
            w.pieces.push_back({PartKind::Tool, static_cast<int>(i), "",
                                "/tools/" + std::to_string(i), python_json(openai_tool(tools[i])),
                                marked(tools[i])});
        }
        w.frame(PartKind::Tool, static_cast<int>(tools.size()) - 1, kQwenToolsTail);
    } else if (system_turn) {
        w.frame(PartKind::System, 0, "<|im_start|>system\n");
        w.add(system);
        w.frame(PartKind::System, 0, "<|im_end|>\n");
    }
    // Qwen3: the last real user query. Tool results do not count, whether they came as tool
    // messages or as user text wrapped in <tool_response></tool_response>, as clients that
    // write Qwen's tool format themselves send them.
    size_t last_query = msgs.size() - 1;
    for (size_t i = msgs.size(); i-- > 0;) {
        if (msgs[i].role != "user")
            continue;
        const std::string text = joined(msgs[i].content);
        if (!text.starts_with("<tool_response>") || !text.ends_with("</tool_response>")) {
            last_query = i;
            break;
        }
    }
    for (size_t i = has_system ? 1 : 0; i < msgs.size(); ++i) {
        const ChatMessage& m = msgs[i];
        const std::string& role = m.role;
        if (role == "tool") {
            if (i == 0 || msgs[i - 1].role != "tool")
                w.frame(PartKind::Message, m.index, "<|im_start|>user", "user");
            w.frame(PartKind::Message, m.index, "\n<tool_response>\n", "user");
            w.add(m.content);
            w.frame(PartKind::Message, m.index, "\n</tool_response>", "user");
            if (i + 1 == msgs.size() || msgs[i + 1].role != "tool")
                w.frame(PartKind::Message, m.index, "<|im_end|>\n", "user");
            continue;
        }
        // Qwen3 keeps an assistant turn's reasoning (what its text holds in <think></think>)
        // only after the last query; earlier turns lose it, so the prompt of the next request
        // differs from what was cached.
        std::vector<Piece> content = m.content;
        std::string reasoning;
        bool split = false;
        if (f.think_tags && role == "assistant")
            split = split_think(content, reasoning);
        // Qwen3 writes a newline before the first call when the text has anything, judged
        // before the newlines at its start are dropped: "\n" alone still gets one.
        const bool has_text = !joined(content).empty();
        const bool think = f.think_tags && role == "assistant" && i > last_query &&
                           (i + 1 == msgs.size() || !reasoning.empty());
        if (think) {
            strip_newlines(reasoning, true);
            w.frame(PartKind::Message, m.index,
                    "<|im_start|>assistant\n<think>\n" + reasoning + "\n</think>\n\n", role);
            lstrip_newlines(content);
            w.add(content);
        } else if (split) {
            w.frame(PartKind::Message, m.index, "<|im_start|>assistant\n", role);
            w.add(content);
        } else if (m.calls.empty() || f.think_tags) {
            w.frame(PartKind::Message, m.index, "<|im_start|>" + role + "\n", role);
            w.add(m.content);
        } else {
            w.frame(PartKind::Message, m.index, "<|im_start|>" + role, role);
            if (!joined(m.content).empty()) {
                w.frame(PartKind::Message, m.index, "\n", role);
                w.add(m.content);
            }
        }
        for (size_t k = 0; k < m.calls.size(); ++k) {
            const ToolCall& c = m.calls[k];
            // Qwen3 writes the newline only between text and a call or between calls.
            const bool newline = !f.think_tags || k > 0 || has_text;
            w.frame(PartKind::Message, m.index,
                    std::string(newline ? "\n" : "") + "<tool_call>\n{\"name\": \"", role);
            w.pieces.push_back(
                {PartKind::Message, m.index, role, c.pointer + "/name", c.name, false});
            w.frame(PartKind::Message, m.index, "\", \"arguments\": ", role);
            w.pieces.push_back({PartKind::Message, m.index, role, c.pointer + "/input",
                                python_json(c.arguments), c.breakpoint});
            w.frame(PartKind::Message, m.index, "}\n</tool_call>", role);
        }
        w.frame(PartKind::Message, m.index, "<|im_end|>\n", role);
    }
    if (opt.add_generation_prompt)
        w.frame(PartKind::Generation, 0, "<|im_start|>assistant\n", "assistant");
    return {};
}

Result<void> render_llama3(const ojson& body, std::vector<ChatMessage> msgs, const ChatFormat& f,
                           const ChatOptions& opt, Writer& w, const std::string& where) {
    Result<ojson> listed = request_tools(body, msgs, f, where);
    if (!listed)
        return listed.error();
    const ojson& tools = *listed;
    w.frame(PartKind::System, 0, f.bos);
    std::vector<Piece> system;
    const bool has_system = !msgs.empty() && msgs[0].role == "system";
    if (has_system) {
        system = msgs[0].content;
        trim(system);
        msgs.erase(msgs.begin());
    }
    if (f.dated_prelude) {
        std::string head = "<|start_header_id|>system<|end_header_id|>\n\n";
        if (!tools.empty())
            head += "Environment: ipython\n";
        head += "Cutting Knowledge Date: " + f.knowledge_date + "\n";
        head +=
            "Today Date: " + (opt.date_string.empty() ? f.default_date : opt.date_string) + "\n\n";
        w.frame(PartKind::System, 0, head);
        w.add(system);
        w.frame(PartKind::System, 0, "<|eot_id|>");
    } else if (has_system) {
        w.frame(PartKind::System, 0, "<|start_header_id|>system<|end_header_id|>\n\n");
        w.add(system);
        w.frame(PartKind::System, 0, "<|eot_id|>");
    }
    if (!tools.empty()) {
        // tools_in_user_message, the templates' default: the first message carries them.
        if (msgs.empty() || msgs[0].role != "user")
            return make_error(where +
                              ": /messages/0: Llama 3's template puts the tools in the "
                              "first user message; the request has none");
        std::vector<Piece> first = msgs[0].content;
        trim(first);
        w.frame(PartKind::Tool, 0, "<|start_header_id|>user<|end_header_id|>\n\n");
        w.frame(PartKind::Tool, 0, kLlamaToolsHead);
        for (size_t i = 0; i < tools.size(); ++i) {
            w.pieces.push_back({PartKind::Tool, static_cast<int>(i), "",
                                "/tools/" + std::to_string(i),
                                python_json(openai_tool(tools[i]), 4), marked(tools[i])});
            w.frame(PartKind::Tool, static_cast<int>(i), "\n\n");
        }
        w.add(first);
        w.frame(PartKind::Message, msgs[0].index, "<|eot_id|>", "user");
        msgs.erase(msgs.begin());
    }
    for (const ChatMessage& m : msgs) {
        if (m.role == "tool") {
            // The template's `content is iterable` holds for a string: it is written as JSON.
            w.frame(PartKind::Message, m.index, "<|start_header_id|>ipython<|end_header_id|>\n\n",
                    "user");
            const std::string text = joined(m.content);
            Piece p = m.content.empty() ? Piece{PartKind::Message, m.index, "user", "", ""}
                                        : m.content.front();
            p.text = python_json(ojson(text));
            p.breakpoint = !m.content.empty() && m.content.back().breakpoint;
            w.pieces.push_back(p);
            w.frame(PartKind::Message, m.index, "<|eot_id|>", "user");
            continue;
        }
        if (!m.calls.empty()) {
            if (m.calls.size() != 1)
                return make_error(where + ": " + m.calls[1].pointer +
                                  ": Llama 3's template takes one tool call per message");
            const ToolCall& c = m.calls[0];
            w.frame(PartKind::Message, m.index,
                    "<|start_header_id|>assistant<|end_header_id|>\n\n{\"name\": \"", m.role);
            w.pieces.push_back({PartKind::Message, m.index, m.role, c.pointer + "/name", c.name});
            w.frame(PartKind::Message, m.index, "\", \"parameters\": ", m.role);
            w.pieces.push_back({PartKind::Message, m.index, m.role, c.pointer + "/input",
                                python_json(c.arguments), c.breakpoint});
            w.frame(PartKind::Message, m.index, "}<|eot_id|>", m.role);
            continue;
        }
        std::vector<Piece> content = m.content;
        trim(content);
        w.frame(PartKind::Message, m.index,
                "<|start_header_id|>" + m.role + "<|end_header_id|>\n\n", m.role);
        w.add(content);
        w.frame(PartKind::Message, m.index, "<|eot_id|>", m.role);
    }
    if (opt.add_generation_prompt)
        w.frame(PartKind::Generation, 0, "<|start_header_id|>assistant<|end_header_id|>\n\n",
                "assistant");
    return {};
}

std::string bos_of(const ojson& config) {
    const ojson& b = config.contains("bos_token") ? config["bos_token"] : ojson();
    if (b.is_string())
        return b.get<std::string>();
    if (b.is_object() && b.contains("content") && b["content"].is_string())
        return b["content"].get<std::string>();
    return {};
}

}  // namespace

Result<ChatFormat> recognise_chat_template(const std::string& t, const std::string& bos_token,
                                           const std::string& file) {
    ChatFormat f;
    f.source = file;
    if (has(t, "<|im_start|>") && has(t, "<|im_end|>")) {
        f.family = ChatFamily::ChatML;
        f.default_system = chatml_default_system(t);
        f.tools = has(t, "<tools>") && has(t, "<tool_call>") && has(t, "<tool_response>");
        f.think_tags = has(t, "reasoning_content");
        f.name = f.think_tags ? "ChatML with tools and thinking (Qwen3)"
                 : f.tools    ? "ChatML with tools (Qwen2.5)"
                              : "ChatML (Qwen2, SmolLM2)";
        return f;
    }
    if (has(t, "<|start_header_id|>") && has(t, "<|end_header_id|>") && has(t, "<|eot_id|>")) {
        f.family = ChatFamily::Llama3;
        f.bos = has(t, "bos_token") ? bos_token : std::string();
        if (f.bos.empty() && has(t, "<|begin_of_text|>"))
            f.bos = "<|begin_of_text|>";
        f.dated_prelude = has(t, "Cutting Knowledge Date: ");
        if (f.dated_prelude) {
            f.knowledge_date = literal_after(t, "Cutting Knowledge Date: ", "\"'\n");
            f.default_date = literal_after(t, "set date_string = \"", "\"\n");
            f.date_from_clock = has(t, "strftime_now");
            if (f.knowledge_date.empty() || f.default_date.empty())
                return make_error(file +
                                  ": /chat_template: a Llama 3 template without a "
                                  "readable knowledge date or default date_string");
        }
        f.tools =
            f.dated_prelude && has(t, "Environment: ipython") && has(t, "tools_in_user_message");
        f.name = f.dated_prelude ? "Llama 3.1+ headers" : "Llama 3 headers";
        return f;
    }
    return make_error(file +
                      ": /chat_template: not a chat format PrefixLens knows (ChatML as Qwen and "
                      "SmolLM2 use it, or Llama 3's header format)");
}

Result<ChatFormat> read_chat_format(const std::filesystem::path& tokenizer_config) {
    const std::string file = tokenizer_config.string();
    auto text = read_text_file(file);
    if (!text)
        return text.error();
    auto doc = parse_json_object(*text, file);
    if (!doc)
        return doc.error();
    const ojson& j = *doc;
    const ojson& ct = j.contains("chat_template") ? j["chat_template"] : ojson();
    std::string tmpl;
    if (ct.is_string()) {
        tmpl = ct.get<std::string>();
    } else if (ct.is_array()) {
        for (const ojson& e : ct) {
            if (e.is_object() && e.value("name", "") == "default" && e.contains("template") &&
                e["template"].is_string())
                tmpl = e["template"].get<std::string>();
        }
    }
    if (tmpl.empty())
        return make_error(file +
                          ": /chat_template: missing (the model's chat format is read "
                          "from it)");
    return recognise_chat_template(tmpl, bos_of(j), file);
}

Result<std::optional<ChatFormat>> chat_format_of_folder(const std::filesystem::path& dir) {
    std::error_code ec;
    const std::filesystem::path config = dir / "tokenizer_config.json";
    if (!std::filesystem::exists(config, ec))
        return std::optional<ChatFormat>();
    auto f = read_chat_format(config);
    if (!f)
        return f.error();
    return std::optional<ChatFormat>(std::move(*f));
}

Result<ChatText> render_chat_text(const ojson& body, const ChatFormat& format,
                                  const std::string& where, const ChatOptions& options) {
    if (!body.is_object())
        return make_error(where + ": expected a request object");
    auto msgs = to_messages(body, where);
    if (!msgs)
        return msgs.error();
    if (body.contains("tools") && !body["tools"].is_null() && !body["tools"].is_array())
        return make_error(where + ": /tools: expected an array");
    Writer w;
    if (format.family == ChatFamily::ChatML)
        PL_TRY(render_chatml(body, *msgs, format, options, w, where));
    else
        PL_TRY(render_llama3(body, std::move(*msgs), format, options, w, where));
    ChatText out;
    for (Piece& p : w.pieces) {
        if (p.text.empty() && !p.breakpoint)
            continue;
        // Template text next to template text of the same part is one segment.
        if (p.pointer.empty() && !out.segments.empty()) {
            PromptSegment& last = out.segments.back();
            if (last.pointer.empty() && last.kind == p.kind && last.index == p.index &&
                last.role == p.role) {
                last.text += p.text;
                out.text += p.text;
                continue;
            }
        }
        PromptSegment s;
        s.kind = p.kind;
        s.index = p.index;
        s.role = p.role;
        s.pointer = p.pointer;
        s.text = p.text;
        s.cache_breakpoint = p.breakpoint;
        out.segment_begin.push_back(out.text.size());
        out.text += p.text;
        out.segments.push_back(std::move(s));
    }
    return out;
}

Result<RenderedPrompt> render_chat(const ojson& body, const ChatFormat& format,
                                   const BpeTokenizer& tokenizer, const std::string& where,
                                   const ChatOptions& options) {
    auto chat = render_chat_text(body, format, where, options);
    if (!chat)
        return chat.error();
    RenderedPrompt r;
    r.tokens = tokenizer.encode(chat->text);
    r.segments = std::move(chat->segments);
    const std::vector<std::size_t>& begin = chat->segment_begin;
    size_t seg = 0;
    std::size_t offset = 0;
    for (std::size_t t = 0; t < r.tokens.size(); ++t) {
        while (seg + 1 < begin.size() && begin[seg + 1] <= offset)
            ++seg;
        r.token_segment.push_back(static_cast<int32_t>(seg));
        r.token_offset.push_back(static_cast<int32_t>(offset - begin[seg]));
        offset += tokenizer.token_bytes(r.tokens[t]).size();
    }
    for (size_t s = 0; s < r.segments.size(); ++s) {
        const auto first = std::lower_bound(r.token_segment.begin(), r.token_segment.end(),
                                            static_cast<int32_t>(s));
        const auto last = std::upper_bound(r.token_segment.begin(), r.token_segment.end(),
                                           static_cast<int32_t>(s));
        r.segments[s].token_begin = static_cast<int>(first - r.token_segment.begin());
        r.segments[s].token_end = static_cast<int>(last - r.token_segment.begin());
        if (r.segments[s].cache_breakpoint)
            r.breakpoints.push_back(r.segments[s].token_end);
    }
    return r;
}

}  // namespace pl
