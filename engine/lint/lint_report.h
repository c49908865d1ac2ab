// Formats lint reports: compiler-style text, JSON (SPEC §2) and SARIF 2.1.0.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lint/linter.h"

namespace pl::lint {

struct FileReport {
    std::string file;
    LintReport report;
};

// A file that could not be linted at all, as a report: one invalid-input finding placed from
// the message "<file>:<line>:<col>: reason" (line 1, column 1 when it names no place), so JSON
// and SARIF carry the failure (SARIF also as a failed invocation) instead of an empty result.
FileReport failed_file_report(const std::string& file, const std::string& message);

// "file:line:col: warning: message [rule]", the source line, "^~~~" under the span, the fix;
// then one summary line per file with the cost estimate.
std::string format_text(const std::vector<FileReport>& reports);
// {"findings": [...], "summary": {...}}
ojson format_json(const std::vector<FileReport>& reports);
// How each provider's tokens were counted, as lint's and replay's JSON say it (SPEC §8's
// "counting"): {"openai": {"method": "exact", "tokenizer": "o200k_base"}, "anthropic":
// {"method": "calibrated", "tokenizer": "o200k_base", "error": 0.03}}.
ojson counting_json(const std::map<std::string, CountingInfo>& counting);
// "exact" when every provider's count is, else the least exact method ("calibrated",
// "estimate").
std::string overall_counting(const std::map<std::string, CountingInfo>& counting);
// A SARIF 2.1.0 log with one run.
ojson format_sarif(const std::vector<FileReport>& reports, const std::string& version);

// Display columns of a UTF-8 string (East Asian wide characters count 2).
int display_width(std::string_view s);
// 1234567 as "1,234,567".
std::string with_commas(long long v);

}  // namespace pl::lint
