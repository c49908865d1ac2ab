// Shared by the two lint targets: lint a scratch file with the built-in tokenizer and tables,
// with --fix, and check what the command line relies on.
#pragma once

#include <sstream>

#include "fuzz_support.h"
#include "lint/lint_report.h"
#include "lint/lint_tables.h"
#include "lint/linter.h"
#include "logs/lint_input.h"

namespace pl::fuzz {

inline const lint::LintTables& builtin_lint_tables() {
    static const lint::LintTables tables = [] {
        auto t = lint::LintTables::load(assets_dir() / "lint");
        if (!t) {
            std::fprintf(stderr, "fuzz: %s\n", t.error().message.c_str());
            std::abort();
        }
        return std::move(t.value());
    }();
    return tables;
}

inline void lint_scratch(const std::string& name, std::string_view bytes) {
    const auto path = write_scratch(name, bytes);
    lint::LintOptions options;
    lint::Linter linter(builtin_tokenizer(), builtin_lint_tables(), options);
    std::ostringstream fixed;
    auto r = lint::lint_file(path.string(), linter, &fixed);
    if (!r) {
        PL_FUZZ_CHECK(one_line(r.error().message));
        return;
    }
    if (name.ends_with(".jsonl")) {
        // --fix keeps every line: rewritten, or copied through when it cannot be read.
        std::size_t lines = 0;
        for (char c : bytes)
            lines += c == '\n';
        if (!bytes.empty() && bytes.back() != '\n')
            ++lines;
        std::size_t out_lines = 0;
        for (char c : fixed.str())
            out_lines += c == '\n';
        PL_FUZZ_CHECK(out_lines == lines);
    }
    lint::LintReport report = linter.finish();
    for (const auto& f : report.findings) {
        PL_FUZZ_CHECK(f.line >= 1 && f.column >= 1);
        PL_FUZZ_CHECK(one_line(f.message));
    }
    // The reports the CLI prints must serialize (invalid UTF-8 is replaced, never thrown).
    std::vector<lint::FileReport> reports;
    reports.push_back({path.string(), std::move(report)});
    (void)lint::format_json(reports).dump(-1, ' ', false, ojson::error_handler_t::replace);
    (void)lint::format_sarif(reports, "fuzz").dump(-1, ' ', false, ojson::error_handler_t::replace);
    (void)lint::format_text(reports);
}

}  // namespace pl::fuzz
