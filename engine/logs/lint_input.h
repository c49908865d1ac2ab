// Reads what `prefixlens lint` accepts and feeds it to a Linter: one request body (Anthropic
// Messages, OpenAI Chat Completions or Responses), a scenario file (SPEC §6), or a JSON Lines log
// of consecutive requests (a bare body per line, or {"body"|"request": ..., "timestamp"|"ts"|
// "at_s": ..., "session": ...}). Logs are streamed line by line in bounded memory.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>

#include "lint/linter.h"
#include "lint/scenario_lint.h"
#include "runner/scenario.h"

namespace pl::lint {

enum class InputKind { Request, Scenario, JsonLines };

struct InputLimits {
    std::size_t max_document_bytes = 64u << 20;  // a single JSON document (request, scenario)
    std::size_t max_line_bytes = 32u << 20;      // one line of a JSON Lines log
    std::size_t max_string_bytes = 8u << 20;     // one JSON string
    int max_depth = 128;                         // nesting of objects and arrays
};

struct FileLintResult {
    InputKind kind = InputKind::Request;
    int requests = 0;
    bool stopped = false;  // the progress hook asked to stop: the rest of the file was not read
};

// Told, after each line of a log (once for a single document), how many bytes of the file have
// been read and the file's size; returning false stops the reading there. The app's traffic view
// shows a progress bar and cancels a load with it.
using ReadProgress = std::function<bool(std::uint64_t read, std::uint64_t total)>;

// Lints one file. A broken line of a log is reported as an invalid-input finding and skipped; a
// file that cannot be read at all, or a single document that is not valid, is an Error
// ("<file>:<line>:<col>: ..."). With fix_out, the rewritten input (same kind, same wrapper
// fields) is written there as the file is read.
Result<FileLintResult> lint_file(const std::string& path, Linter& linter, std::ostream* fix_out,
                                 const InputLimits& limits = {}, const ReadProgress& progress = {});

// The request body that `path` holds at `line` (the line a log's request starts on, as lint and
// replay report it; 1 for a file of one request), unwrapped from its log record. A line with
// several records (an OTLP export) gives its first. Errors as lint_file's.
Result<ojson> read_request_at(const std::string& path, int line, const InputLimits& limits = {});

// Lints a scenario held in memory (the app's, edits included) as lint_file lints a scenario file:
// each request as it would be written there, automatic caching with the scenario's ttl_s. Finding
// pointers are "/requests/<i>/..."; lines and columns refer to the scenario written out as JSON.
// With fixed, receives the scenario with every request rewritten as --fix would.
Result<FileLintResult> lint_scenario(const Scenario& scenario, Linter& linter,
                                     Scenario* fixed = nullptr);

// The app's lint of a scenario (lint/scenario_lint.h): each request's own findings, placed in
// the prompt the model plays, the --fix rewrite, and the first request's model's prices.
ScenarioLint lint_scenario_for_views(const Scenario& scenario, const BpeTokenizer& tokenizer,
                                     const LintTables& tables);

// Checks depth and string sizes before parsing; "<file>:<line>:<col>: ..." when over a limit.
Result<ojson> parse_limited(std::string_view text, const std::string& file, int first_line,
                            const InputLimits& limits);

// Seconds since the epoch from a number (seconds, or milliseconds when it is that large) or an
// ISO 8601 string ("2026-11-30T09:41:07Z", "2026-11-30 09:41:07.250+01:00").
std::optional<double> parse_timestamp(const ojson& v);

}  // namespace pl::lint
