#include "prompt/body_shape.h"

#include <algorithm>
#include <cctype>

namespace pl {

const char* provider_id(Provider p) {
    switch (p) {
        case Provider::Anthropic:
            return "anthropic";
        case Provider::OpenAI:
            return "openai";
        case Provider::Gemini:
            return "gemini";
        case Provider::Bedrock:
            return "bedrock";
        case Provider::DeepSeek:
            return "deepseek";
    }
    return "anthropic";
}

std::optional<Provider> parse_provider(std::string_view name) {
    for (Provider p : kAllProviders) {
        if (name == provider_id(p))
            return p;
    }
    return std::nullopt;
}

namespace {

bool has(const ojson& body, const char* key) {
    return body.contains(key) && !body[key].is_null();
}

bool starts(const std::string& s, std::string_view prefix) {
    return s.rfind(prefix, 0) == 0;
}

// A Converse element no other shape has: a cache point, a tool call or result, a guardrail.
bool converse_element(const ojson& b) {
    return b.is_object() && !b.contains("type") &&
           (b.contains("cachePoint") || b.contains("toolUse") || b.contains("toolResult") ||
            b.contains("guardContent") || b.contains("reasoningContent"));
}

bool any_converse_element(const ojson& list) {
    return list.is_array() && std::any_of(list.begin(), list.end(), converse_element);
}

bool converse_shape(const ojson& body) {
    if (has(body, "toolConfig") || has(body, "inferenceConfig") ||
        has(body, "additionalModelRequestFields") || has(body, "modelId"))
        return true;
    if (body.contains("system") && any_converse_element(body["system"]))
        return true;
    if (body.contains("messages") && body["messages"].is_array()) {
        for (const ojson& m : body["messages"]) {
            if (m.is_object() && m.contains("content") && any_converse_element(m["content"]))
                return true;
        }
    }
    return false;
}

bool gemini_shape(const ojson& body) {
    for (const char* k : {"contents", "systemInstruction", "system_instruction", "generationConfig",
                          "generation_config", "cachedContent", "cached_content"}) {
        if (has(body, k))
            return true;
    }
    return false;
}

// Keys and roles only OpenAI's shapes use.
bool openai_marks(const ojson& body) {
    if (has(body, "input") || has(body, "instructions") || has(body, "response_format") ||
        has(body, "prompt_cache_key"))
        return true;
    if (body.contains("messages") && body["messages"].is_array()) {
        for (const auto& msg : body["messages"]) {
            if (msg.is_object() && msg.contains("role") && msg["role"].is_string()) {
                const std::string r = msg["role"].get<std::string>();
                if (r == "system" || r == "developer" || r == "tool" || r == "function")
                    return true;
            }
        }
    }
    if (body.contains("tools") && body["tools"].is_array()) {
        for (const auto& t : body["tools"]) {
            if (t.is_object() && (t.contains("function") || t.contains("parameters")))
                return true;
        }
    }
    return false;
}

// Anthropic's typed content blocks or cache_control anywhere a marker may be.
bool anthropic_marks(const ojson& body) {
    if (has(body, "cache_control") || body.contains("tools"))
        return true;
    auto typed = [](const ojson& list) {
        return list.is_array() && std::any_of(list.begin(), list.end(), [](const ojson& b) {
                   return b.is_object() && (b.contains("type") || b.contains("cache_control"));
               });
    };
    if (body.contains("system") && (body["system"].is_string() || typed(body["system"])))
        return true;
    if (body.contains("messages") && body["messages"].is_array()) {
        for (const ojson& m : body["messages"]) {
            if (m.is_object() && m.contains("content") && typed(m["content"]))
                return true;
        }
    }
    return false;
}

// Keys and blocks only Anthropic's Messages shape has: a top-level system (OpenAI's chat shape
// has none; Converse's has no typed blocks), cache_control, tool_use and tool_result blocks,
// tools with an input_schema.
bool anthropic_only_marks(const ojson& body) {
    if (has(body, "cache_control") || has(body, "anthropic_version"))
        return true;
    auto typed = [](const ojson& b) { return b.is_object() && b.contains("type"); };
    if (body.contains("system")) {
        const ojson& s = body["system"];
        if (s.is_string() || (s.is_array() && std::any_of(s.begin(), s.end(), typed)))
            return true;
    }
    if (body.contains("tools") && body["tools"].is_array()) {
        for (const ojson& t : body["tools"]) {
            if (t.is_object() && t.contains("input_schema"))
                return true;
        }
    }
    if (body.contains("messages") && body["messages"].is_array()) {
        for (const ojson& m : body["messages"]) {
            if (!m.is_object() || !m.contains("content") || !m["content"].is_array())
                continue;
            for (const ojson& b : m["content"]) {
                if (!b.is_object())
                    continue;
                if (b.contains("cache_control"))
                    return true;
                const std::string type = b.contains("type") && b["type"].is_string()
                                             ? b["type"].get<std::string>()
                                             : std::string();
                if (type == "tool_use" || type == "tool_result" || type == "thinking" ||
                    type == "redacted_thinking" || type == "document" ||
                    (type == "image" && b.contains("source")))
                    return true;
            }
        }
    }
    return false;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

}  // namespace

std::string model_of(const ojson& body) {
    if (!body.is_object())
        return {};
    for (const char* k : {"model", "modelId"}) {
        if (body.contains(k) && body[k].is_string())
            return body[k].get<std::string>();
    }
    return {};
}

Provider detect_provider(const ojson& body) {
    if (!body.is_object())
        return Provider::Anthropic;
    std::string m = lower(model_of(body));
    // A router's name for the route (LiteLLM "gemini/...", Gemini's own "models/...").
    if (starts(m, "gemini/") || starts(m, "vertex_ai/") || starts(m, "models/gemini"))
        return Provider::Gemini;
    if (starts(m, "deepseek/"))
        return Provider::DeepSeek;
    if (converse_shape(body))
        return Provider::Bedrock;
    if (gemini_shape(body))
        return Provider::Gemini;
    if (const auto slash = m.rfind('/'); slash != std::string::npos)
        m = m.substr(slash + 1);
    if (starts(m, "gemini"))
        return Provider::Gemini;
    if (starts(m, "deepseek"))
        return Provider::DeepSeek;
    if (m.find("amazon.nova") != std::string::npos)
        return Provider::Bedrock;
    if (starts(m, "claude") || m.find("anthropic") != std::string::npos)
        return Provider::Anthropic;
    if (starts(m, "gpt") || starts(m, "o1") || starts(m, "o3") || starts(m, "o4") ||
        starts(m, "chatgpt") || starts(m, "codex"))
        return Provider::OpenAI;
    return openai_marks(body) ? Provider::OpenAI : Provider::Anthropic;
}

BodyShape body_shape(const ojson& body, Provider provider) {
    switch (provider) {
        case Provider::Anthropic:
            return BodyShape::Anthropic;
        case Provider::OpenAI:
        case Provider::DeepSeek:
            return BodyShape::OpenAI;
        case Provider::Gemini:
            return body.is_object() && !gemini_shape(body) && body.contains("messages")
                       ? BodyShape::OpenAI
                       : BodyShape::Gemini;
        case Provider::Bedrock:
            // InvokeModel sends Claude its own Messages body (anthropic_version, cache_control), a
            // router may log OpenAI's chat shape; a body with neither's marks reads the same either
            // way as Converse (text blocks without a type).
            if (!body.is_object() || converse_shape(body))
                return BodyShape::Converse;
            if (openai_marks(body))
                return BodyShape::OpenAI;
            return has(body, "anthropic_version") || anthropic_marks(body) ? BodyShape::Anthropic
                                                                           : BodyShape::Converse;
    }
    return BodyShape::Anthropic;
}

std::optional<BodyShape> evident_shape(const ojson& body) {
    if (!body.is_object())
        return std::nullopt;
    if (converse_shape(body))
        return BodyShape::Converse;
    if (gemini_shape(body))
        return BodyShape::Gemini;
    const bool anthropic = anthropic_only_marks(body);
    const bool openai = openai_marks(body);
    if (anthropic != openai)
        return anthropic ? BodyShape::Anthropic : BodyShape::OpenAI;
    return std::nullopt;
}

bool provider_reads(Provider provider, BodyShape shape) {
    switch (provider) {
        case Provider::Anthropic:
            return shape == BodyShape::Anthropic;
        case Provider::OpenAI:
        case Provider::DeepSeek:
            return shape == BodyShape::OpenAI;
        case Provider::Gemini:
            return shape == BodyShape::Gemini || shape == BodyShape::OpenAI;
        case Provider::Bedrock:
            return shape != BodyShape::Gemini;
    }
    return true;
}

const char* shape_phrase(BodyShape shape) {
    switch (shape) {
        case BodyShape::Anthropic:
            return "an Anthropic Messages body";
        case BodyShape::OpenAI:
            return "an OpenAI Chat Completions or Responses body";
        case BodyShape::Gemini:
            return "a Gemini generateContent body";
        case BodyShape::Converse:
            return "a Bedrock Converse body";
    }
    return "a body";
}

}  // namespace pl
