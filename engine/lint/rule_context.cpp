// What the rule families share (rule_context.h).
#include "lint/rule_context.h"

#include <algorithm>

#include "lint/json_locator.h"

namespace pl::lint {

std::string dedupe_key(const std::string& rule, const std::string& where) {
    return rule + "\x1f" + where;
}

void FindingSink::emit(Finding f, const std::string& dedupe_key) {
    if (!dedupe_key.empty() && merge_repeats_) {
        if (auto it = dedupe_.find(dedupe_key); it != dedupe_.end()) {
            Finding& first = findings_[it->second];
            first.details["requests"] = first.details.value("requests", 1) + 1;
            return;
        }
        dedupe_.emplace(dedupe_key, findings_.size());
    }
    findings_.push_back(std::move(f));
}

void FindingSink::confirm_dynamic(PendingDynamic p) {
    const std::string key =
        dedupe_key(p.finding.rule, p.pointer + "\x1f" + p.finding.details.value("kind", ""));
    emit(std::move(p.finding), key);
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
    return prov == Provider::OpenAI || (opts.automatic_caching && p.breakpoints.empty());
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

ojson params_of(const ojson& body) {
    ojson p = ojson::object();
    for (const char* k : {"model", "tool_choice", "thinking"}) {
        if (body.contains(k))
            p[k] = body[k];
    }
    return p;
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
