#include "lint/lint_report.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

namespace pl::lint {

namespace {

char32_t next_cp(std::string_view s, std::size_t& i) {
    const auto c = static_cast<unsigned char>(s[i]);
    int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    std::size_t k = 1;
    for (; k < static_cast<std::size_t>(n) && i + k < s.size(); ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += k;
    return cp;
}

int cp_width(char32_t cp) {
    const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                      (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                      (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                      (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1FAFF) ||
                      (cp >= 0x20000 && cp <= 0x3FFFD);
    return wide ? 2 : 1;
}

std::string usd(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, v < 1.0 ? "$%.4f" : "$%.2f", v);
    return buf;
}

// The totals under the names the provider's own usage object gives them.
ojson usage_json(const UsageTotals& u, Provider p) {
    ojson j = ojson::object();
    switch (p) {
        case Provider::Anthropic:
            j["input_tokens"] = u.input_tokens;
            j["cache_creation_input_tokens"] = u.cache_creation_input_tokens;
            j["cache_read_input_tokens"] = u.cache_read_input_tokens;
            break;
        case Provider::Bedrock:
            j["inputTokens"] = u.input_tokens;
            j["cacheWriteInputTokens"] = u.cache_creation_input_tokens;
            j["cacheReadInputTokens"] = u.cache_read_input_tokens;
            break;
        case Provider::Gemini:
            j["promptTokenCount"] = u.prompt_tokens;
            j["cachedContentTokenCount"] = u.cache_read_input_tokens;
            break;
        case Provider::DeepSeek:
            j["prompt_cache_hit_tokens"] = u.cache_read_input_tokens;
            j["prompt_cache_miss_tokens"] = u.prompt_tokens - u.cache_read_input_tokens;
            break;
        case Provider::OpenAI:
            j["prompt_tokens"] = u.prompt_tokens;
            j["cached_tokens"] = u.cache_read_input_tokens;
            break;
    }
    j["usd"] = u.usd;
    return j;
}

std::string usage_text(const UsageTotals& u, Provider p) {
    if (uses_cache_markers(p))
        return usd(u.usd) + " (input " + with_commas(u.input_tokens) + ", cache write " +
               with_commas(u.cache_creation_input_tokens) + ", cache read " +
               with_commas(u.cache_read_input_tokens) + " tokens)";
    return usd(u.usd) + " (prompt " + with_commas(u.prompt_tokens) + ", cached " +
           with_commas(u.cache_read_input_tokens) + " tokens)";
}

std::string uri_of(const std::string& file) {
    std::string out;
    const bool absolute = std::filesystem::path(file).is_absolute();
    if (absolute)
        out = "file://";
    for (unsigned char c : file) {
        if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~')
            out += static_cast<char>(c);
        else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", c);
            out += buf;
        }
    }
    return out;
}

const char* kTokenNote =
    "token counts are estimates from the built-in tokenizer, not the provider's";

// The files' counting, merged (a provider's last file wins).
ojson counting_json(const std::vector<FileReport>& reports) {
    ojson out = ojson::object();
    for (const FileReport& fr : reports)
        out.update(counting_json(fr.report.summary.counting));
    return out;
}

std::string overall_method(const ojson& counting) {
    std::map<std::string, CountingInfo> methods;
    for (auto it = counting.begin(); it != counting.end(); ++it)
        methods[it.key()].method = it.value()["method"].get<std::string>();
    return overall_counting(methods);
}

}  // namespace

ojson counting_json(const std::map<std::string, CountingInfo>& counting) {
    ojson out = ojson::object();
    for (const auto& [provider, info] : counting) {
        ojson c = {{"method", info.method}, {"tokenizer", info.tokenizer}};
        if (info.method != "exact")
            c["error"] = std::round(info.error * 1000.0) / 1000.0;
        if (!info.note.empty())
            c["note"] = info.note;
        out[provider] = std::move(c);
    }
    return out;
}

std::string overall_counting(const std::map<std::string, CountingInfo>& counting) {
    std::string m = "exact";
    for (const auto& [provider, info] : counting) {
        if (info.method == "estimate" || (info.method == "calibrated" && m == "exact"))
            m = info.method;
    }
    return m;
}

std::string with_commas(long long v) {
    // Built front to back: GCC 12 at -O3 reports a false -Wrestrict on std::string::insert here.
    const std::string digits = std::to_string(v < 0 ? -v : v);
    std::string s = v < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            s += ',';
        s += digits[i];
    }
    return s;
}

int display_width(std::string_view s) {
    int w = 0;
    for (std::size_t i = 0; i < s.size();)
        w += cp_width(next_cp(s, i));
    return w;
}

FileReport failed_file_report(const std::string& file, const std::string& message) {
    FileReport fr;
    fr.file = file;
    Finding f;
    f.rule = rule::kInvalidInput;
    f.severity = Severity::Error;
    f.file = file;
    f.line = 1;
    f.column = 1;
    std::string reason = message;
    if (reason.rfind(file + ":", 0) == 0) {
        reason = reason.substr(file.size() + 1);
        int line = 0, col = 0, used = 0;
        if (std::sscanf(reason.c_str(), "%d:%d:%n", &line, &col, &used) == 2 && used > 0) {
            f.line = std::max(1, line);
            f.column = std::max(1, col);
            reason = reason.substr(static_cast<std::size_t>(used));
        } else if (std::sscanf(reason.c_str(), "%d:%n", &line, &used) == 1 && used > 0) {
            f.line = std::max(1, line);
            reason = reason.substr(static_cast<std::size_t>(used));
        }
        while (!reason.empty() && reason[0] == ' ')
            reason.erase(0, 1);
    }
    // "/messages/0/role: expected ...": the pointer is the place inside the document.
    if (!reason.empty() && reason[0] == '/') {
        const std::size_t colon = reason.find(": ");
        if (colon != std::string::npos)
            f.pointer = reason.substr(0, colon);
    }
    f.message = reason;
    f.underline = 0;
    fr.report.findings.push_back(std::move(f));
    fr.report.summary.errors = 1;
    fr.report.summary.input_errors = 1;
    return fr;
}

namespace {

// "counted exactly by o200k_base", or "estimated: Claude's tokenizer is not public (o200k_base
// x1.20, +-15%)"; the old note without counters.
std::string counting_text(const LintSummary& s) {
    if (s.counting.empty())
        return kTokenNote;
    std::string out;
    for (const auto& [provider, info] : s.counting) {
        out += out.empty() ? "" : "; ";
        if (info.method == "exact") {
            out += "counted exactly by " + info.tokenizer;
            continue;
        }
        char buf[64];
        std::snprintf(buf, sizeof buf, ", +-%.0f%%", info.error * 100.0);
        out += info.method + " by " + info.tokenizer + buf + (info.note.empty() ? "" : ": ") +
               info.note;
    }
    return out;
}

}  // namespace

std::string format_text(const std::vector<FileReport>& reports) {
    std::string out;
    for (const FileReport& fr : reports) {
        for (const Finding& f : fr.report.findings) {
            out += f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.column) + ": " +
                   severity_name(f.severity) + ": " + f.message + " [" + f.rule + "]\n";
            if (!f.excerpt.empty()) {
                out += "  " + f.excerpt + "\n";
                // Measure the excerpt in display columns so the underline sits under the span.
                std::size_t i = 0;
                int chars = 0, pad = 0, len = 0;
                while (i < f.excerpt.size() && chars < f.excerpt_column) {
                    pad += cp_width(next_cp(f.excerpt, i));
                    ++chars;
                }
                for (int k = 0; k < f.underline && i < f.excerpt.size(); ++k)
                    len += cp_width(next_cp(f.excerpt, i));
                out += "  " + std::string(static_cast<std::size_t>(pad), ' ') + "^" +
                       std::string(static_cast<std::size_t>(std::max(0, len - 1)), '~') + "\n";
            }
            if (f.fix)
                out += "  fix: " + *f.fix + "\n";
        }
        const LintSummary& s = fr.report.summary;
        out += fr.file + ": " + std::to_string(s.errors) + " error" + (s.errors == 1 ? "" : "s") +
               ", " + std::to_string(s.warnings) + " warning" + (s.warnings == 1 ? "" : "s") +
               ", " + std::to_string(s.notes) + " note" + (s.notes == 1 ? "" : "s") + " in " +
               std::to_string(s.requests) + " request" + (s.requests == 1 ? "" : "s") + " (" +
               provider_name(s.provider) +
               (s.input_format.empty()
                    ? std::string()
                    : ", log format " + s.input_format + ", " + std::to_string(s.conversations) +
                          " conversation" + (s.conversations == 1 ? "" : "s")) +
               ", " + (s.counting.empty() ? "~" : "") + with_commas(s.prompt_tokens) +
               " prompt tokens; " + counting_text(s) + ")\n";
        const CostSummary& c = s.cost;
        if (c.available) {
            out += fr.file + ": cost estimate for " + std::to_string(c.requests) +
                   (s.requests == 1 ? " sends of this request" : " requests") + " at " + c.model +
                   " prices (as of " + c.price_date + "): as is " +
                   usage_text(c.as_is, s.provider) + "; with the fixes " +
                   usage_text(c.with_fixes, s.provider) + "; without caching " +
                   usd(c.no_cache_usd) + "\n";
        }
    }
    return out;
}

ojson format_json(const std::vector<FileReport>& reports) {
    ojson findings = ojson::array();
    ojson files = ojson::array();
    int errors = 0, warnings = 0, notes = 0, requests = 0, input_errors = 0;
    long long tokens = 0;
    std::string tokenizer;
    for (const FileReport& fr : reports) {
        for (const Finding& f : fr.report.findings) {
            ojson j;
            j["rule"] = f.rule;
            j["severity"] = severity_name(f.severity);
            j["message"] = f.message;
            j["file"] = f.file;
            j["line"] = f.line;
            j["column"] = f.column;
            j["pointer"] = f.pointer;
            if (f.fix)
                j["fix"] = *f.fix;
            if (f.request >= 0)
                j["request"] = f.request;
            if (f.tokens)
                j["tokens"] = {{"begin", f.tokens->begin}, {"end", f.tokens->end}};
            if (!f.details.empty())
                j["details"] = f.details;
            findings.push_back(std::move(j));
        }
        const LintSummary& s = fr.report.summary;
        errors += s.errors;
        warnings += s.warnings;
        notes += s.notes;
        requests += s.requests;
        input_errors += s.input_errors;
        tokens += s.prompt_tokens;
        tokenizer = s.tokenizer;
        ojson fj;
        fj["file"] = fr.file;
        fj["provider"] = provider_name(s.provider);
        fj["requests"] = s.requests;
        fj["prompt_tokens"] = s.prompt_tokens;
        if (!s.input_format.empty()) {
            fj["format"] = s.input_format;
            fj["conversations"] = s.conversations;
        }
        if (s.input_errors > 0)
            fj["input_errors"] = s.input_errors;
        if (s.cost.available) {
            const CostSummary& c = s.cost;
            fj["cost"] = {{"currency", "USD"},
                          {"model", c.model},
                          {"requests", c.requests},
                          {"price_source", c.price_source},
                          {"price_date", c.price_date},
                          {"as_is", usage_json(c.as_is, s.provider)},
                          {"with_fixes", usage_json(c.with_fixes, s.provider)},
                          {"no_cache_usd", c.no_cache_usd}};
        }
        files.push_back(std::move(fj));
    }
    ojson summary;
    summary["errors"] = errors;
    summary["warnings"] = warnings;
    summary["notes"] = notes;
    summary["requests"] = requests;
    summary["input_errors"] = input_errors;
    summary["prompt_tokens"] = tokens;
    const ojson counting = counting_json(reports);
    if (counting.empty()) {
        summary["token_counts"] = "estimated";
        summary["tokenizer"] = tokenizer;
        summary["note"] = kTokenNote;
    } else {
        summary["token_counts"] = overall_method(counting) == "exact" ? "exact" : "estimated";
        summary["counting"] = counting;
        summary["tokenizer"] = tokenizer;
    }
    summary["files"] = std::move(files);
    return {{"findings", std::move(findings)}, {"summary", std::move(summary)}};
}

namespace {

ojson sarif_properties(const std::vector<FileReport>& reports) {
    const ojson counting = counting_json(reports);
    if (counting.empty())
        return {{"tokenCounts", "estimated"}, {"note", kTokenNote}};
    return {{"tokenCounts", overall_method(counting) == "exact" ? "exact" : "estimated"},
            {"counting", counting}};
}

}  // namespace

ojson format_sarif(const std::vector<FileReport>& reports, const std::string& version) {
    ojson rules = ojson::array();
    const auto& catalog = rule_catalog();
    for (const RuleInfo& r : catalog) {
        rules.push_back({{"id", r.name},
                         {"name", r.name},
                         {"shortDescription", {{"text", r.summary}}},
                         {"fullDescription", {{"text", r.explanation}}},
                         {"defaultConfiguration", {{"level", severity_name(r.severity)}}},
                         {"help", {{"text", std::string("prefixlens lint --explain ") + r.name}}}});
    }
    ojson results = ojson::array();
    ojson artifacts = ojson::array();
    ojson notifications = ojson::array();
    for (const FileReport& fr : reports) {
        artifacts.push_back({{"location", {{"uri", uri_of(fr.file)}}}});
        for (const Finding& f : fr.report.findings) {
            int index = 0;
            for (std::size_t k = 0; k < catalog.size(); ++k) {
                if (f.rule == catalog[k].name)
                    index = static_cast<int>(k);
            }
            ojson region = {{"startLine", std::max(1, f.line)},
                            {"startColumn", std::max(1, f.column)}};
            if (f.underline > 0)
                region["endColumn"] = std::max(1, f.column) + f.underline;
            if (!f.excerpt.empty())
                region["snippet"] = {{"text", f.excerpt}};
            ojson loc = {{"physicalLocation",
                          {{"artifactLocation", {{"uri", uri_of(f.file)}}}, {"region", region}}}};
            if (!f.pointer.empty())
                loc["logicalLocations"] =
                    ojson::array({{{"fullyQualifiedName", f.pointer}, {"kind", "member"}}});
            ojson res = {{"ruleId", f.rule},
                         {"ruleIndex", index},
                         {"level", severity_name(f.severity)},
                         {"message", {{"text", f.message}}},
                         {"locations", ojson::array({loc})}};
            if (f.fix)
                res["properties"] = {{"fix", *f.fix}};
            if (!f.details.empty()) {
                if (!res.contains("properties"))
                    res["properties"] = ojson::object();
                res["properties"]["details"] = f.details;
            }
            if (f.rule == rule::kInvalidInput)
                notifications.push_back({{"level", "error"},
                                         {"message", {{"text", f.message}}},
                                         {"descriptor", {{"id", f.rule}}},
                                         {"locations", ojson::array({loc})}});
            results.push_back(std::move(res));
        }
    }
    // A file or line that could not be read makes the run a failed invocation, with where.
    ojson invocation = {{"executionSuccessful", notifications.empty()}};
    if (!notifications.empty())
        invocation["toolExecutionNotifications"] = std::move(notifications);
    ojson run = {
        {"tool",
         {{"driver", {{"name", "prefixlens"}, {"version", version}, {"rules", std::move(rules)}}}}},
        {"artifacts", std::move(artifacts)},
        {"invocations", ojson::array({std::move(invocation)})},
        {"columnKind", "unicodeCodePoints"},
        {"results", std::move(results)},
        {"properties", sarif_properties(reports)}};
    return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
            {"version", "2.1.0"},
            {"runs", ojson::array({std::move(run)})}};
}

}  // namespace pl::lint
