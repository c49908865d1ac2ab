// What the rule families share (rule_context.h).
#include "lint/rule_context.h"

#include <algorithm>
#include <optional>

#include "core/json_util.h"
#include "lint/cache_cost.h"
#include "lint/json_locator.h"
#include "lint/lint_report.h"
#include "lint/provider_cache.h"

namespace pl::lint {

count::Range RuleContext::provider_count(long long counted) const {
    return count::scaled(counted, scale);
}

std::string dedupe_key(const std::string& rule, const std::string& where) {
    return rule + "\x1f" + where;
}

std::size_t FindingSink::emit(Finding f, const std::string& dedupe_key) {
    // A finding's message is one line of a report: a control character that came in with a
    // value of the request (a model id with a line break) is written as an escape.
    if (std::any_of(f.message.begin(), f.message.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20; }))
        f.message = escape_for_message(f.message, std::string::npos);
    if (!dedupe_key.empty() && merge_repeats_) {
        if (auto it = dedupe_.find(dedupe_key); it != dedupe_.end()) {
            Finding& first = findings_[it->second];
            first.details["requests"] = first.details.value("requests", 1) + 1;
            return it->second;
        }
        dedupe_.emplace(dedupe_key, findings_.size());
    }
    findings_.push_back(std::move(f));
    return findings_.size() - 1;
}

std::size_t FindingSink::confirm_dynamic(PendingDynamic p) {
    const std::string key =
        dedupe_key(p.finding.rule, p.pointer + "\x1f" + p.finding.details.value("kind", ""));
    if (p.hedged && !p.finding.details.value("hedged", false))
        hedge(p.finding);
    const std::string pointer = p.pointer;
    const std::size_t begin = p.begin, end = p.end;
    // A value is confirmed by the request after it, so the request that brought it may already
    // have a prefix-changed finding for the change it made (diverging in the same string before
    // the value's end): the value was that change's cause. One finding per cause: the value's
    // takes the other's place and the later requests it listed.
    std::optional<std::size_t> replaced;
    if (const auto it = causes_.find(pointer); merge_repeats_ && it != causes_.end()) {
        const Cause& c = it->second;
        const Finding& f = findings_[c.index];
        if (f.rule == rule::kPrefixChanged && f.request == p.finding.request &&
            c.begin != std::string::npos && c.begin <= end && !dropped_.contains(c.index))
            replaced = c.index;
    }
    const std::size_t index = emit(std::move(p.finding), key);
    if (replaced) {
        const ojson& old = findings_[*replaced].details;
        if (old.contains("affected_requests")) {
            const ojson& requests = old["affected_requests"];
            const ojson& lines = old["affected_lines"];
            for (std::size_t k = 0; k < requests.size() && k < lines.size(); ++k)
                add_affected(findings_[index], requests[k].get<int>(), lines[k].get<int>(), 0);
            ojson& now = findings_[index].details;
            now["tokens_lost_later"] =
                now.value("tokens_lost_later", 0LL) + old.value("tokens_lost_later", 0LL);
        }
        dropped_.insert(*replaced);
    }
    claim_cause(pointer, index, begin, end);
    return index;
}

void FindingSink::claim_cause(const std::string& pointer, std::size_t index, std::size_t begin,
                              std::size_t end, int only_request) {
    if (!merge_repeats_)
        return;  // every request keeps its own findings
    causes_[pointer] = {index, begin, end, only_request};
}

Finding* FindingSink::cause_of(const std::string& pointer, std::size_t byte, int request) {
    if (!merge_repeats_)
        return nullptr;
    std::string p = pointer;
    bool exact = true;
    while (true) {
        if (auto it = causes_.find(p); it != causes_.end()) {
            const Cause& c = it->second;
            const bool anywhere = c.begin == std::string::npos;
            if (c.only_request >= 0 && c.only_request != request)
                return nullptr;
            if (anywhere ||
                (exact && byte != std::string::npos && byte >= c.begin && byte <= c.end))
                return &findings_[c.index];
        }
        if (p.empty())
            return nullptr;
        const std::size_t slash = p.rfind('/');
        p = slash == std::string::npos ? std::string() : p.substr(0, slash);
        exact = false;
    }
}

const std::pair<MoveSpan, const char*>* dynamic_value_at(
    const std::vector<std::pair<MoveSpan, const char*>>& now, const SessionState* prev,
    const std::string& pointer, std::size_t byte) {
    auto in = [&](const std::vector<std::pair<MoveSpan, const char*>>& found)
        -> const std::pair<MoveSpan, const char*>* {
        for (const auto& f : found) {
            if (f.first.pointer == pointer && (byte == std::string::npos || byte <= f.first.end))
                return &f;
        }
        return nullptr;
    };
    if (const auto* f = in(now))
        return f;
    return prev ? in(prev->dynamic_found) : nullptr;
}

void add_affected(Finding& cause, int request, int line, long long tokens_lost) {
    ojson& d = cause.details;
    if (!d.contains("affected_requests"))
        d["affected_requests"] = ojson::array();
    if (!d.contains("affected_lines"))
        d["affected_lines"] = ojson::array();
    if (!d["affected_requests"].empty() && d["affected_requests"].back() == request)
        return;
    d["affected_requests"].push_back(request);
    d["affected_lines"].push_back(line);
    d["tokens_lost_later"] = d.value("tokens_lost_later", 0LL) + tokens_lost;
}

ojson kind_arg(const std::string& kind) {
    static const char* const known[] = {"date",   "time",      "weekday",    "epoch",   "uuid",
                                        "hex-id", "random-id", "labeled-id", "counter", "value"};
    for (const char* k : known) {
        if (kind == k)
            return phrase_arg(std::string("kind.") + k);
    }
    return kind;
}

void hedge(Finding& f) {
    f.severity = Severity::Note;
    const std::string value = f.details.value("value", "");
    const std::string kind = f.details.value("kind", "value");
    f.message = "'" + value + "' looks like a " + kind +
                " that may change per request (nothing in this input shows it does): if it "
                "does, the ~" +
                with_commas(f.details.value("tokens_never_reused", 0LL)) +
                " tokens (estimated) after it are never reused; if it is fixed (a build hash, a "
                "policy's date), ignore this";
    f.message_parts = {
        {"dynamic.hedged", {value, kind_arg(kind), f.details.value("tokens_never_reused", 0LL)}}};
    f.fix = "if it changes per request, move it into the final user message";
    f.fix_key = "dynamic.hedged";
    f.details["hedged"] = true;
}

Finding RuleContext::make(const char* rule, const std::string& abs_pointer, std::size_t begin,
                          std::size_t end, const std::string& message) const {
    Finding f;
    f.rule = rule;
    const RuleInfo* info = find_rule(rule);
    f.severity = info ? info->severity : Severity::Warning;
    f.message = message;
    f.file = in.file;
    f.pointer = abs_pointer;
    f.request = request_index;
    const TextPosition pos = locate(in.text, abs_pointer, begin, end, in.first_line);
    f.line = pos.line;
    f.column = pos.column;
    f.excerpt = pos.excerpt;
    f.excerpt_column = pos.excerpt_column;
    f.underline = pos.underline;
    return f;
}

bool RuleContext::automatic(const RenderedRequest& p) const {
    return !uses_cache_markers(prov) ||
           (prov == Provider::Anthropic && opts.automatic_caching && p.breakpoints.empty());
}

int RuleContext::auto_cacheable(int n, const RenderedRequest& before) const {
    if (prov == Provider::DeepSeek) {
        // The unit the previous request stored ends at its user input (ProviderCacheModel): a
        // hit reads all of it or nothing.
        const int unit = user_input_end(before);
        return unit >= min_tokens && n >= unit ? unit : 0;
    }
    if (prov == Provider::OpenAI)
        return openai_cacheable(n, pp.min_cached, std::max(1, pp.increment));
    const CacheRules rules = tables.cache_rules(prov, model);
    if (!rules.implicit)
        return 0;  // Gemini 2.0: no implicit caching
    return openai_cacheable(n, min_tokens, std::max(1, rules.step_tokens));
}

double automatic_lifetime_s(const LintTables& tables, Provider prov, const std::string& model,
                            const ojson& body) {
    if (prov == Provider::OpenAI)
        return openai_retention_s(body);
    return tables.cache_rules(prov, model).ttl_default_s;
}

int last_valid_breakpoint(const RenderedRequest& p, int min_tokens, double* ttl) {
    int last = 0;
    for (const Breakpoint& bp : p.breakpoints) {
        if (bp.token >= min_tokens) {
            last = bp.token;
            if (ttl)
                *ttl = std::max(*ttl, bp.ttl_s);
        }
    }
    return last;
}

int block_of_token(const RenderedRequest& p, int token) {
    for (std::size_t b = 0; b < p.blocks.size(); ++b) {
        if (token < p.blocks[b].token_end ||
            (b + 1 < p.blocks.size() && token < p.blocks[b + 1].token_begin))
            return static_cast<int>(b);
    }
    return p.blocks.empty() ? 0 : static_cast<int>(p.blocks.size()) - 1;
}

namespace {

std::string str_of(const ojson& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>()
                                                                  : std::string();
}

bool is_image_block(const ojson& b) {
    if (!b.is_object() || !b.contains("type") || !b["type"].is_string())
        return false;
    const std::string t = b["type"].get<std::string>();
    return t == "image" || t == "image_url" || t == "input_image";
}

int count_images(const ojson& j, int depth = 0) {
    if (depth > kMaxLeafDepth)
        return 0;
    int n = 0;
    if (j.is_array()) {
        for (const auto& v : j)
            n += is_image_block(v) ? 1 : count_images(v, depth + 1);
    } else if (j.is_object()) {
        for (const char* k : {"content", "output"}) {
            if (j.contains(k))
                n += count_images(j[k], depth + 1);
        }
    }
    return n;
}

// Whether a document block asks for citations (`"citations": {"enabled": true}`).
bool cites_documents(const ojson& j, int depth = 0) {
    if (depth > kMaxLeafDepth)
        return false;
    if (j.is_array()) {
        for (const auto& v : j) {
            if (cites_documents(v, depth + 1))
                return true;
        }
    } else if (j.is_object()) {
        if (j.contains("citations") && j["citations"].is_object() &&
            j["citations"].value("enabled", false) == true)
            return true;
        if (j.contains("content"))
            return cites_documents(j["content"], depth + 1);
    }
    return false;
}

bool uses_web_search(const ojson& body) {
    if (!body.contains("tools") || !body["tools"].is_array())
        return false;
    for (const auto& t : body["tools"]) {
        if (is_web_search_tool(t))
            return true;
    }
    return false;
}

bool has_thinking(const ojson& content) {
    if (!content.is_array())
        return false;
    for (const auto& b : content) {
        if (b.is_object() && b.contains("type") &&
            (b["type"] == "thinking" || b["type"] == "redacted_thinking"))
            return true;
    }
    return false;
}

// Anthropic: a final user turn that is not only tool results makes the API drop the thinking
// blocks of earlier assistant turns, so the messages render differently from a request that
// kept them.
bool strips_thinking(const ojson& body) {
    if (!body.contains("messages") || !body["messages"].is_array() || body["messages"].empty())
        return false;
    const ojson& msgs = body["messages"];
    const ojson& last = msgs.back();
    if (!last.is_object() || str_of(last, "role") != "user" || !last.contains("content"))
        return false;
    bool only_tool_results = last["content"].is_array() && !last["content"].empty();
    if (last["content"].is_array()) {
        for (const auto& b : last["content"]) {
            if (!b.is_object() || str_of(b, "type") != "tool_result")
                only_tool_results = false;
        }
    }
    if (only_tool_results)
        return false;
    for (std::size_t i = 0; i + 1 < msgs.size(); ++i) {
        if (msgs[i].is_object() && str_of(msgs[i], "role") == "assistant" &&
            msgs[i].contains("content") && has_thinking(msgs[i]["content"]))
            return true;
    }
    return false;
}

}  // namespace

const char* tools_pointer_of(const ojson& body) {
    return body.contains("toolConfig") && body["toolConfig"].is_object() ? "/toolConfig/tools"
                                                                         : "/tools";
}

ojson tools_of(const ojson& body) {
    const ojson::json_pointer at(tools_pointer_of(body));
    return body.contains(at) && body[at].is_array() ? body[at] : ojson();
}

ojson params_of(const ojson& body, const RenderedRequest& p) {
    ojson out = ojson::object();
    for (const char* k : {"model", "tool_choice", "thinking", "speed", "prompt_cache_key"}) {
        if (body.contains(k))
            out[k] = body[k];
    }
    if (!out.contains("model") && body.contains("modelId"))  // Bedrock Converse
        out["model"] = body["modelId"];
    if (p.provider == Provider::Anthropic) {
        out["images"] = count_images(body.contains("messages") ? body["messages"] : ojson());
        out["strips_thinking"] = strips_thinking(body);
        out["web_search"] = uses_web_search(body);
        out["citations"] = cites_documents(body.contains("messages") ? body["messages"] : ojson());
    }
    return out;
}

ojson schemas_of(const ojson& body) {
    ojson s = ojson::object();
    if (body.contains("response_format"))
        s["/response_format"] = body["response_format"];
    if (body.contains("text") && body["text"].is_object() && body["text"].contains("format"))
        s["/text/format"] = body["text"]["format"];
    return s;
}

double openai_retention_s(const ojson& body) {
    return body.contains("prompt_cache_retention") && body["prompt_cache_retention"] == "24h"
               ? 86400
               : 300;
}

}  // namespace pl::lint
