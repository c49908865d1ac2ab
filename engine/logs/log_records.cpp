#include "logs/log_records.h"

#include <algorithm>
#include <cctype>

#include "logs/lint_input.h"

namespace pl::lint {

const char* record_format_name(RecordFormat f) {
    switch (f) {
        case RecordFormat::Request:
            return "request";
        case RecordFormat::Wrapped:
            return "wrapped";
        case RecordFormat::RequestResponse:
            return "request-response";
        case RecordFormat::LiteLlm:
            return "litellm";
        case RecordFormat::OtelGenAi:
            return "otel-genai";
    }
    return "?";
}

namespace {

const ojson* member(const ojson& j, const char* key) {
    return j.is_object() && j.contains(key) ? &j[key] : nullptr;
}

std::string string_member(const ojson& j, const char* key) {
    const ojson* v = member(j, key);
    return v && v->is_string() ? v->get<std::string>() : std::string();
}

std::string string_member(const ojson& j, const std::string& key, const char* fallback = "") {
    const ojson* v = member(j, key.c_str());
    return v && v->is_string() ? v->get<std::string>() : std::string(fallback);
}

long long count_of(const ojson* v) {
    if (!v)
        return -1;
    if (v->is_number_unsigned())
        return static_cast<long long>(
            std::min<unsigned long long>(v->get<unsigned long long>(), 1ULL << 62));
    if (v->is_number_integer())
        return std::max<long long>(-1, v->get<long long>());
    if (v->is_number_float()) {
        const double d = v->get<double>();
        return d >= 0 && d < 4e18 ? static_cast<long long>(d) : -1;
    }
    if (v->is_string()) {
        const std::string s = v->get<std::string>();
        if (!s.empty() && s.size() < 19 &&
            std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::stoll(s);
    }
    return -1;
}

// The first timestamp among the usual keys, with where it is.
void read_time(const ojson& j, const std::string& base, LogRecord& r) {
    for (const char* k : {"timestamp", "ts", "at_s", "time", "created_at", "startTime",
                          "start_time", "created", "request_time"}) {
        if (const ojson* v = member(j, k)) {
            if (auto t = parse_timestamp(*v)) {
                r.at_s = t;
                r.at_pointer = base + "/" + k;
                return;
            }
        }
    }
}

void read_session(const ojson& j, LogRecord& r) {
    for (const char* k : {"session_id", "session", "sessionId", "conversation_id"}) {
        if (const std::string s = string_member(j, k); !s.empty()) {
            r.session = s;
            return;
        }
    }
    if (const ojson* m = member(j, "metadata")) {
        for (const char* k : {"session_id", "litellm_session_id", "conversation_id"}) {
            if (const std::string s = string_member(*m, k); !s.empty()) {
                r.session = s;
                return;
            }
        }
    }
}

// JSON written as a string inside a record (an attribute, tool call arguments), parsed with the
// same limits as a log line; the string itself when it is not JSON.
ojson parse_embedded(const ojson& v) {
    if (!v.is_string())
        return v;
    JsonLimits limits;
    limits.max_depth = 64;
    auto parsed = parse_json(v.get<std::string>(), "embedded", limits);
    return parsed ? std::move(parsed.value()) : v;
}

bool is_claude(const std::string& model) {
    return normalize_model_id(model).find("claude") != std::string::npos;
}

// ---- OpenAI-format messages to an Anthropic body (LiteLLM logs them so for every model) ----

ojson text_block(const ojson& part) {
    ojson b = {{"type", "text"}, {"text", ""}};
    if (part.is_string())
        b["text"] = part;
    else if (part.is_object() && part.contains("text") && part["text"].is_string())
        b["text"] = part["text"];
    if (part.is_object() && part.contains("cache_control"))
        b["cache_control"] = part["cache_control"];
    return b;
}

ojson image_block(const ojson& part) {
    std::string url;
    if (const ojson* iu = member(part, "image_url"))
        url = iu->is_string() ? iu->get<std::string>() : string_member(*iu, "url");
    ojson b;
    const std::string data = "data:";
    if (url.rfind(data, 0) == 0 && url.find(";base64,") != std::string::npos) {
        const std::size_t semi = url.find(';');
        const std::size_t comma = url.find(',');
        b = {{"type", "image"},
             {"source",
              {{"type", "base64"},
               {"media_type", url.substr(5, semi - 5)},
               {"data", url.substr(comma + 1)}}}};
    } else {
        b = {{"type", "image"}, {"source", {{"type", "url"}, {"url", url}}}};
    }
    if (part.contains("cache_control"))
        b["cache_control"] = part["cache_control"];
    return b;
}

ojson content_blocks(const ojson& content) {
    ojson out = ojson::array();
    if (content.is_string()) {
        out.push_back(text_block(content));
    } else if (content.is_array()) {
        for (const auto& part : content) {
            const std::string type = string_member(part, "type");
            if (type == "image_url" || type == "input_image")
                out.push_back(image_block(part));
            else if (type == "text" || type == "input_text" || part.is_string())
                out.push_back(text_block(part));
            else if (part.is_object())
                out.push_back(part);  // already an Anthropic block (image, document, ...)
        }
    }
    return out;
}

// A tool message's content as a tool_result's: its text, or its parts as blocks.
ojson content_blocks_or_text(const ojson& content) {
    return content.is_string() ? content : content_blocks(content);
}

ojson anthropic_tools(const ojson& tools) {
    ojson out = ojson::array();
    for (const auto& t : tools) {
        const ojson* f = member(t, "function");
        if (!f || !f->is_object()) {
            out.push_back(t);
            continue;
        }
        ojson a = ojson::object();
        a["name"] = string_member(*f, "name");
        if (f->contains("description"))
            a["description"] = (*f)["description"];
        a["input_schema"] = f->contains("parameters") ? (*f)["parameters"] : ojson::object();
        if (t.contains("cache_control"))
            a["cache_control"] = t["cache_control"];
        out.push_back(std::move(a));
    }
    return out;
}

// {role, content, tool_calls, tool_call_id} messages (OpenAI format) as Anthropic's system and
// messages: leading system messages become the system prompt, later ones stay mid-conversation
// system messages, tool calls become tool_use blocks and tool messages tool_result blocks.
void to_anthropic(const ojson& msgs, ojson& body) {
    ojson system = ojson::array();
    ojson out = ojson::array();
    for (const auto& m : msgs) {
        if (!m.is_object())
            continue;
        const std::string role = string_member(m, "role");
        const ojson content = m.contains("content") ? m["content"] : ojson("");
        if (role == "system" || role == "developer") {
            ojson blocks = content_blocks(content);
            if (out.empty()) {
                for (auto& b : blocks)
                    system.push_back(std::move(b));
            } else {
                out.push_back({{"role", "system"}, {"content", std::move(blocks)}});
            }
        } else if (role == "tool" || role == "function") {
            const ojson result_content = content.is_string() || content.is_array()
                                             ? content_blocks_or_text(content)
                                             : ojson(content.is_null() ? "" : content.dump());
            ojson result = {{"type", "tool_result"},
                            {"tool_use_id", string_member(m, "tool_call_id")},
                            {"content", result_content}};
            if (!out.empty() && out.back()["role"] == "user" && out.back()["content"].is_array() &&
                !out.back()["content"].empty() &&
                string_member(out.back()["content"].back(), "type") == "tool_result")
                out.back()["content"].push_back(std::move(result));
            else
                out.push_back({{"role", "user"}, {"content", ojson::array({std::move(result)})}});
        } else {
            ojson blocks = ojson::array();
            if (const ojson* th = member(m, "thinking_blocks"); th && th->is_array())
                for (const auto& b : *th)
                    blocks.push_back(b);
            if (!content.is_null() && !(content.is_string() && content.get<std::string>().empty()))
                for (auto& b : content_blocks(content))
                    blocks.push_back(std::move(b));
            if (const ojson* calls = member(m, "tool_calls"); calls && calls->is_array()) {
                for (const auto& c : *calls) {
                    const ojson* f = member(c, "function");
                    ojson use = {
                        {"type", "tool_use"},
                        {"id", string_member(c, "id")},
                        {"name", f ? string_member(*f, "name") : std::string()},
                        {"input", f && f->contains("arguments") ? parse_embedded((*f)["arguments"])
                                                                : ojson::object()}};
                    blocks.push_back(std::move(use));
                }
            }
            out.push_back({{"role", role == "assistant" ? "assistant" : "user"},
                           {"content", std::move(blocks)}});
        }
    }
    if (!system.empty())
        body["system"] = std::move(system);
    body["messages"] = std::move(out);
}

// ---- LiteLLM ----

bool looks_like_litellm(const ojson& j) {
    if (!member(j, "messages") && !member(j, "input"))
        return false;
    for (const char* k : {"startTime", "call_type", "model_parameters", "litellm_call_id",
                          "litellm_params", "hidden_params", "response_cost"}) {
        if (j.contains(k))
            return true;
    }
    return false;
}

// The request's own fields besides its messages. LiteLLM keeps them where the call put them: a
// callback's kwargs ("kwargs", its "optional_params"), the standard logging payload's
// "model_parameters" and "optional_params", and, for an Anthropic /v1/messages pass-through,
// the request body's own top-level "system", "tools", "tool_choice" and "thinking" beside
// "messages". Later places win.
ojson litellm_request_fields(const ojson& j) {
    static const char* const kRequestKeys[] = {"system",
                                               "tools",
                                               "tool_choice",
                                               "thinking",
                                               "prompt_cache_key",
                                               "prompt_cache_retention",
                                               "response_format",
                                               "metadata",
                                               "speed"};
    ojson params = ojson::object();
    auto take = [&](const ojson* from) {
        if (!from || !from->is_object())
            return;
        for (const char* k : kRequestKeys) {
            if (from->contains(k) && !(*from)[k].is_null())
                params[k] = (*from)[k];
        }
    };
    if (const ojson* kwargs = member(j, "kwargs")) {
        take(kwargs);
        take(member(*kwargs, "optional_params"));
    }
    take(member(j, "model_parameters"));
    take(member(j, "optional_params"));
    // At the top level "metadata" is LiteLLM's own, not the request's.
    for (const char* k : {"system", "tools", "tool_choice", "thinking"}) {
        if (j.contains(k) && !j[k].is_null())
            params[k] = j[k];
    }
    return params;
}

// An Anthropic system prompt (a string or text blocks) as blocks.
ojson system_blocks(const ojson& system) {
    if (system.is_array())
        return system;
    return ojson::array({text_block(system)});
}

LogRecord read_litellm(ojson& j) {
    LogRecord r;
    r.format = RecordFormat::LiteLlm;
    read_time(j, "", r);
    read_session(j, r);
    const std::string model = string_member(j, "model");
    r.provider = provider_named(string_member(j, "custom_llm_provider"));
    if (const auto slash = model.find('/'); !r.provider && slash != std::string::npos)
        r.provider = provider_named(model.substr(0, slash));
    ojson body = ojson::object();
    if (!model.empty())
        body["model"] = model;
    ojson params = litellm_request_fields(j);
    // A system prompt beside the messages is Anthropic's: the record is an Anthropic call
    // whatever the model is named (LiteLLM's "anthropic_messages" call type, a pass-through).
    const bool anthropic = is_claude(model) || params.contains("system") ||
                           string_member(j, "call_type").find("anthropic") != std::string::npos;
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (it.key() != "system")
            body[it.key()] = it.value();
    }
    const ojson& msgs = j.contains("messages") ? j["messages"] : j["input"];
    if (anthropic) {
        to_anthropic(msgs, body);
        // The request's own system prompt comes first; leading system messages (an OpenAI-format
        // log of a Claude model) follow it.
        if (params.contains("system")) {
            ojson system =
                body.contains("system") ? system_blocks(params["system"]) : params["system"];
            if (body.contains("system"))
                for (auto& b : body["system"])
                    system.push_back(std::move(b));
            body["system"] = std::move(system);
        }
        if (body.contains("tools") && body["tools"].is_array())
            body["tools"] = anthropic_tools(body["tools"]);
        if (body.contains("tool_choice") && body["tool_choice"].is_string())
            body["tool_choice"] = {{"type", body["tool_choice"]}};
    } else {
        body[j.contains("messages") ? "messages" : "input"] = msgs;
    }
    if (const ojson* resp = member(j, "response")) {
        if (const ojson* u = member(*resp, "usage")) {
            r.usage = usage_from(*u);
            r.usage_pointer = "/response/usage";
        }
    }
    if (!r.usage) {
        if (const ojson* u = member(j, "usage")) {
            r.usage = usage_from(*u);
            r.usage_pointer = "/usage";
        }
    }
    r.body = std::move(body);
    r.body_pointer = "";
    return r;
}

// ---- OpenTelemetry GenAI spans ----

// OTLP's {"stringValue": ...} / {"intValue": ...} / {"arrayValue": {"values": [...]}}.
ojson otlp_value(const ojson& v, int depth = 0) {
    if (!v.is_object() || depth > 16)
        return v;
    if (v.contains("stringValue"))
        return v["stringValue"];
    if (v.contains("intValue"))
        return count_of(&v["intValue"]);
    if (v.contains("doubleValue"))
        return v["doubleValue"];
    if (v.contains("boolValue"))
        return v["boolValue"];
    if (const ojson* a = member(v, "arrayValue")) {
        ojson out = ojson::array();
        if (const ojson* vals = member(*a, "values"); vals && vals->is_array())
            for (const auto& x : *vals)
                out.push_back(otlp_value(x, depth + 1));
        return out;
    }
    return v;
}

ojson attributes_of(const ojson& holder) {
    const ojson* a = member(holder, "attributes");
    if (!a)
        return ojson::object();
    if (a->is_object())
        return *a;
    ojson out = ojson::object();
    if (a->is_array()) {
        for (const auto& kv : *a) {
            const std::string k = string_member(kv, "key");
            if (!k.empty() && kv.contains("value"))
                out[k] = otlp_value(kv["value"]);
        }
    }
    return out;
}

bool is_genai_span(const ojson& j) {
    const ojson attrs = attributes_of(j);
    for (auto it = attrs.begin(); it != attrs.end(); ++it) {
        if (it.key().rfind("gen_ai.", 0) == 0)
            return true;
    }
    return false;
}

// Semantic conventions' parts ([{"type": "text", "content": ...}, {"type": "tool_call"...}])
// as an OpenAI-format message.
ojson message_from_parts(const std::string& role, const ojson& parts) {
    ojson m = {{"role", role}};
    if (!parts.is_array()) {
        m["content"] = parts.is_string() ? parts : ojson(parts.dump());
        return m;
    }
    std::string text;
    ojson calls = ojson::array();
    for (const auto& p : parts) {
        const std::string type = string_member(p, "type");
        if (type == "text" || type.empty()) {
            text += p.contains("content") && p["content"].is_string()
                        ? p["content"].get<std::string>()
                        : string_member(p, "text");
        } else if (type == "tool_call") {
            calls.push_back({{"id", string_member(p, "id")},
                             {"type", "function"},
                             {"function",
                              {{"name", string_member(p, "name")},
                               {"arguments", p.contains("arguments") ? p["arguments"].dump()
                                                                     : std::string("{}")}}}});
        } else if (type == "tool_call_response") {
            m["role"] = "tool";
            m["tool_call_id"] = string_member(p, "id");
            text += p.contains("response") && p["response"].is_string()
                        ? p["response"].get<std::string>()
                        : (p.contains("response") ? p["response"].dump() : std::string());
        } else {
            text += p.dump();
        }
    }
    m["content"] = text;
    if (!calls.empty())
        m["tool_calls"] = std::move(calls);
    return m;
}

ojson span_messages(const ojson& span, const ojson& attrs) {
    ojson msgs = ojson::array();
    if (attrs.contains("gen_ai.system_instructions")) {
        const ojson sys = parse_embedded(attrs["gen_ai.system_instructions"]);
        msgs.push_back(message_from_parts("system", sys));
    }
    if (attrs.contains("gen_ai.input.messages")) {
        const ojson in = parse_embedded(attrs["gen_ai.input.messages"]);
        if (in.is_array()) {
            for (const auto& m : in) {
                const std::string role = string_member(m, "role");
                if (m.contains("parts"))
                    msgs.push_back(message_from_parts(role, m["parts"]));
                else
                    msgs.push_back(m);
            }
        }
        return msgs;
    }
    // OpenLLMetry: gen_ai.prompt.<i>.role / .content
    for (int i = 0; i < 100000; ++i) {
        const std::string base = "gen_ai.prompt." + std::to_string(i) + ".";
        if (!attrs.contains(base + "role") && !attrs.contains(base + "content"))
            break;
        ojson m = {{"role", string_member(attrs, base + "role", "user")}};
        const ojson content =
            attrs.contains(base + "content") ? attrs[base + "content"] : ojson("");
        m["content"] = content.is_string() ? parse_embedded(content) : content;
        if (!m["content"].is_string() && !m["content"].is_array())
            m["content"] = content;
        msgs.push_back(std::move(m));
    }
    if (!msgs.empty())
        return msgs;
    // Events: gen_ai.system.message, gen_ai.user.message, ...
    if (const ojson* events = member(span, "events"); events && events->is_array()) {
        for (const auto& e : *events) {
            const std::string name = string_member(e, "name");
            if (name.rfind("gen_ai.", 0) != 0 || name.size() < 16 ||
                name.compare(name.size() - 8, 8, ".message") != 0)
                continue;
            const std::string role = name.substr(7, name.size() - 15);
            const ojson ea = attributes_of(e);
            ojson m = {{"role", role}};
            const ojson content =
                ea.contains("content") ? parse_embedded(ea["content"]) : ojson("");
            m["content"] =
                content.is_string() || content.is_array() ? content : ojson(content.dump());
            if (ea.contains("id"))
                m["tool_call_id"] = ea["id"];
            msgs.push_back(std::move(m));
        }
    }
    return msgs;
}

std::optional<double> span_start(const ojson& span, std::string& where) {
    for (const char* k : {"startTimeUnixNano", "start_time_unix_nano"}) {
        if (const ojson* v = member(span, k)) {
            const long long ns = count_of(v);
            if (ns > 0) {
                where = std::string("/") + k;
                return static_cast<double>(ns) / 1e9;
            }
        }
    }
    for (const char* k : {"start_time", "startTime", "timestamp"}) {
        if (const ojson* v = member(span, k)) {
            if (auto t = parse_timestamp(*v)) {
                where = std::string("/") + k;
                return t;
            }
        }
    }
    return std::nullopt;
}

Result<LogRecord> read_span(const ojson& span, const std::string& base) {
    LogRecord r;
    r.format = RecordFormat::OtelGenAi;
    const ojson attrs = attributes_of(span);
    std::string model = string_member(attrs, "gen_ai.request.model");
    if (model.empty())
        model = string_member(attrs, "gen_ai.response.model");
    std::string system = string_member(attrs, "gen_ai.provider.name");
    if (system.empty())
        system = string_member(attrs, "gen_ai.system");
    r.provider = provider_named(system);
    const ojson msgs = span_messages(span, attrs);
    if (msgs.empty())
        return make_error(base +
                          "/attributes: a gen_ai span without its input messages "
                          "(gen_ai.input.messages, gen_ai.prompt.N.*, or gen_ai.*.message "
                          "events): record them to lint the span");
    ojson body = ojson::object();
    if (!model.empty())
        body["model"] = model;
    const bool anthropic = system == "anthropic" || is_claude(model);
    if (attrs.contains("gen_ai.tool.definitions")) {
        const ojson tools = parse_embedded(attrs["gen_ai.tool.definitions"]);
        if (tools.is_array())
            body["tools"] = anthropic ? anthropic_tools(tools) : tools;
    }
    if (anthropic)
        to_anthropic(msgs, body);
    else
        body["messages"] = msgs;
    r.body = std::move(body);
    r.body_pointer = base + "/attributes";
    std::string where;
    r.at_s = span_start(span, where);
    if (r.at_s)
        r.at_pointer = base + where;
    for (const char* k :
         {"session.id", "gen_ai.conversation.id", "conversation.id", "langfuse.session.id"}) {
        if (attrs.contains(k) && attrs[k].is_string()) {
            r.session = attrs[k].get<std::string>();
            break;
        }
    }
    ReportedUsage u;
    bool any = false;
    for (auto it = attrs.begin(); it != attrs.end(); ++it) {
        const std::string& k = it.key();
        if (k.rfind("gen_ai.usage.", 0) != 0)
            continue;
        const long long v = count_of(&it.value());
        if (v < 0)
            continue;
        if (k.find("cache_read") != std::string::npos || k.find("cached") != std::string::npos) {
            u.cache_read_input_tokens = v;
            any = true;
        } else if (k.find("cache_creation") != std::string::npos) {
            u.cache_creation_input_tokens = v;
        } else if (k == "gen_ai.usage.input_tokens" || k == "gen_ai.usage.prompt_tokens") {
            u.input_tokens = v;
        }
    }
    if (any) {
        r.usage = u;
        r.usage_pointer = base + "/attributes";
    }
    return r;
}

}  // namespace

std::optional<Provider> provider_named(std::string name) {
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    struct Name {
        const char* name;
        Provider provider;
    };
    static const Name kNames[] = {
        {"anthropic", Provider::Anthropic},   {"openai", Provider::OpenAI},
        {"azure", Provider::OpenAI},          {"azure.ai.openai", Provider::OpenAI},
        {"gemini", Provider::Gemini},         {"vertex_ai", Provider::Gemini},
        {"vertex_ai_beta", Provider::Gemini}, {"gcp.gemini", Provider::Gemini},
        {"gcp.vertex_ai", Provider::Gemini},  {"gcp.gen_ai", Provider::Gemini},
        {"bedrock", Provider::Bedrock},       {"bedrock_converse", Provider::Bedrock},
        {"aws.bedrock", Provider::Bedrock},   {"deepseek", Provider::DeepSeek},
    };
    for (const Name& n : kNames) {
        if (name == n.name)
            return n.provider;
    }
    return std::nullopt;
}

namespace {

// Anthropic's cache diagnostics: usage.cache_miss_reason (or the same inside
// usage.cache_diagnostics), a string or an object whose "type" or "reason" names it, with an
// optional "message". One line, at most 200 characters.
std::string miss_reason_of(const ojson& u) {
    const ojson* m = member(u, "cache_miss_reason");
    if (!m) {
        if (const ojson* d = member(u, "cache_diagnostics"))
            m = member(*d, "cache_miss_reason") ? member(*d, "cache_miss_reason")
                                                : member(*d, "miss_reason");
    }
    if (!m || m->is_null())
        return "";
    std::string out;
    if (m->is_string()) {
        out = m->get<std::string>();
    } else if (m->is_object()) {
        for (const char* k : {"type", "reason", "code"}) {
            if (const ojson* v = member(*m, k); v && v->is_string()) {
                out = v->get<std::string>();
                break;
            }
        }
        if (const ojson* v = member(*m, "message"); v && v->is_string())
            out += (out.empty() ? "" : ": ") + v->get<std::string>();
    }
    return escape_for_message(out, 200);
}

}  // namespace

std::optional<ReportedUsage> usage_from(const ojson& u) {
    if (!u.is_object())
        return std::nullopt;
    ReportedUsage r;
    r.miss_reason = miss_reason_of(u);
    // DeepSeek: prompt_tokens = prompt_cache_hit_tokens + prompt_cache_miss_tokens, nothing
    // billed as a write.
    if (const long long hit = count_of(member(u, "prompt_cache_hit_tokens")); hit >= 0) {
        r.cache_read_input_tokens = hit;
        r.input_tokens = count_of(member(u, "prompt_cache_miss_tokens"));
        if (const long long all = count_of(member(u, "prompt_tokens"));
            r.input_tokens < 0 && all >= 0)
            r.input_tokens = std::max(0LL, all - hit);
        r.cache_creation_input_tokens = 0;
        return r;
    }
    // Gemini's usageMetadata: promptTokenCount includes the cachedContentTokenCount.
    if (const long long prompt = count_of(member(u, "promptTokenCount")); prompt >= 0) {
        r.cache_read_input_tokens = std::max(0LL, count_of(member(u, "cachedContentTokenCount")));
        r.input_tokens = std::max(0LL, prompt - r.cache_read_input_tokens);
        r.cache_creation_input_tokens = 0;
        return r;
    }
    // Bedrock Converse: inputTokens are the tokens neither read from nor written to the cache.
    if (const long long in = count_of(member(u, "inputTokens")); in >= 0) {
        r.input_tokens = in;
        r.cache_read_input_tokens = std::max(0LL, count_of(member(u, "cacheReadInputTokens")));
        r.cache_creation_input_tokens = std::max(0LL, count_of(member(u, "cacheWriteInputTokens")));
        return r;
    }
    r.input_tokens = count_of(member(u, "input_tokens"));
    if (r.input_tokens < 0) {
        r.input_tokens = count_of(member(u, "prompt_tokens"));
        r.input_includes_cached = r.input_tokens >= 0;
    }
    r.cache_creation_input_tokens = count_of(member(u, "cache_creation_input_tokens"));
    r.cache_read_input_tokens = count_of(member(u, "cache_read_input_tokens"));
    for (const char* details : {"prompt_tokens_details", "input_tokens_details"}) {
        if (r.cache_read_input_tokens >= 0)
            break;
        if (const ojson* d = member(u, details))
            r.cache_read_input_tokens = count_of(member(*d, "cached_tokens"));
    }
    if (r.input_tokens < 0 && r.cache_read_input_tokens < 0 && r.cache_creation_input_tokens < 0)
        return std::nullopt;
    return r;
}

Result<std::vector<LogRecord>> read_log_record(ojson j) {
    std::vector<LogRecord> out;
    if (!j.is_object())
        return make_error("expected a request object on this line");
    // An OTLP export: resourceSpans[].scopeSpans[].spans[].
    if (const ojson* rs = member(j, "resourceSpans"); rs && rs->is_array()) {
        for (std::size_t a = 0; a < rs->size(); ++a) {
            const ojson* ss = member((*rs)[a], "scopeSpans");
            if (!ss || !ss->is_array())
                continue;
            for (std::size_t b = 0; b < ss->size(); ++b) {
                const ojson* spans = member((*ss)[b], "spans");
                if (!spans || !spans->is_array())
                    continue;
                for (std::size_t c = 0; c < spans->size(); ++c) {
                    if (!is_genai_span((*spans)[c]))
                        continue;
                    const std::string base = "/resourceSpans/" + std::to_string(a) +
                                             "/scopeSpans/" + std::to_string(b) + "/spans/" +
                                             std::to_string(c);
                    auto r = read_span((*spans)[c], base);
                    if (!r)
                        return r.error();
                    out.push_back(std::move(r.value()));
                }
            }
        }
        if (out.empty())
            return make_error("/resourceSpans: no span with gen_ai attributes");
        return out;
    }
    if (j.contains("attributes") && is_genai_span(j)) {
        auto r = read_span(j, "");
        if (!r)
            return r.error();
        out.push_back(std::move(r.value()));
        return out;
    }
    if (looks_like_litellm(j)) {
        out.push_back(read_litellm(j));
        return out;
    }
    LogRecord r;
    const char* wrapper = nullptr;
    for (const char* k : {"body", "request"}) {
        if (j.contains(k) && j[k].is_object()) {
            wrapper = k;
            break;
        }
    }
    if (!wrapper) {
        r.format = RecordFormat::Request;
        r.body = std::move(j);
        out.push_back(std::move(r));
        return out;
    }
    r.format = RecordFormat::Wrapped;
    read_time(j, "", r);
    read_session(j, r);
    if (const ojson* resp = member(j, "response"); resp && resp->is_object()) {
        r.format = RecordFormat::RequestResponse;
        // Gemini names it usageMetadata; some loggers keep the HTTP response's body.
        const ojson* u = nullptr;
        std::string where;
        for (const char* holder : {"", "body"}) {
            const ojson* h = *holder ? member(*resp, holder) : resp;
            for (const char* k : {"usage", "usageMetadata", "usage_metadata"}) {
                if (!u && h && (u = member(*h, k)))
                    where = std::string("/response") + (*holder ? "/body/" : "/") + k;
            }
        }
        if (u) {
            r.usage = usage_from(*u);
            r.usage_pointer = where;
        }
        // Gemini's cachedContents.create answers with the cache's name.
        const std::string name = string_member(*resp, "name");
        if (name.rfind("cachedContents/", 0) == 0)
            r.created_cache = name;
    }
    r.body = std::move(j[wrapper]);
    r.body_pointer = std::string("/") + wrapper;
    out.push_back(std::move(r));
    return out;
}

}  // namespace pl::lint
