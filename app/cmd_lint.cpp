// prefixlens lint: finds prompt layouts that defeat prompt caching, with a cost estimate.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli_args.h"
#include "cli_common.h"
#include "cli_table.h"
#include "commands.h"
#include "core/file_util.h"
#include "lint/lint_report.h"
#include "lint/lint_tables.h"
#include "logs/lint_input.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::cli {

namespace {

namespace fs = std::filesystem;

// A paragraph wrapped at `width` columns.
std::string wrap(const std::string& text, std::size_t width) {
    std::string out, line;
    std::istringstream words(text);
    std::string w;
    while (words >> w) {
        if (!line.empty() && line.size() + 1 + w.size() > width) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + w;
    }
    return out + line + "\n";
}

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    if (fs::exists(a, ec) && fs::exists(b, ec))
        return fs::equivalent(a, b, ec);
    return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec);
}

std::string money(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, v < 1.0 ? "$%.5f" : "$%.2f", v);
    return buf;
}

ojson usage_json(const lint::RequestUsage& u) {
    return {{"prompt_tokens", u.prompt_tokens},
            {"input_tokens", u.input_tokens},
            {"cache_creation_input_tokens", u.cache_creation_input_tokens},
            {"cache_read_input_tokens", u.cache_read_input_tokens},
            {"usd", u.usd}};
}

// `prefixlens lint --diff A.json B.json`: B sent after A, as one conversation. The first
// divergence (its cause, where, the blocks written again) and what B costs after A, against
// the cost had B kept A's cached prefix.
int run_lint_diff(const std::string& file_a, const std::string& file_b, const BpeTokenizer& tok,
                  const lint::LintTables& tables, lint::LintOptions options,
                  const std::string& format, const std::string& tokenizer_name,
                  count::TokenCounters* counters) {
    options.merge_repeats = true;
    options.estimate_cost = true;
    lint::Linter linter(tok, tables, options);
    linter.set_counters(counters);
    for (const std::string& f : {file_a, file_b}) {
        auto r = lint::lint_file(f, linter, nullptr);
        if (!r) {
            std::fprintf(stderr, "prefixlens: %s\n",
                         escape_for_message(r.error().message, 4000).c_str());
            return 2;
        }
        if (r->requests != 1)
            return fail_usage("lint: --diff compares two single requests; " + f + " holds " +
                              std::to_string(r->requests));
    }
    lint::LintReport report = linter.finish();
    const lint::Finding* divergence = nullptr;
    std::vector<const lint::Finding*> about_b;
    for (const lint::Finding& f : report.findings) {
        if (f.request != 1)
            continue;
        about_b.push_back(&f);
        if (f.rule == lint::rule::kPrefixChanged && !divergence)
            divergence = &f;
    }
    // A dynamic value that explains the miss holds it (one finding per cause).
    for (const lint::Finding& f : report.findings) {
        if (!divergence && f.details.contains("affected_requests"))
            divergence = &f;
    }
    const lint::RequestUsage b =
        report.billing.size() > 1 ? report.billing[1].usage : lint::RequestUsage{};
    const lint::RequestUsage a_usage =
        report.billing.empty() ? lint::RequestUsage{} : report.billing[0].usage;
    if (format == "json") {
        ojson j = {{"a", file_a}, {"b", file_b}};
        if (divergence) {
            ojson d = divergence->details;
            j["divergence"] = {{"rule", divergence->rule},       {"message", divergence->message},
                               {"line", divergence->line},       {"column", divergence->column},
                               {"pointer", divergence->pointer}, {"details", d}};
        } else {
            j["divergence"] = nullptr;
        }
        j["a_usage"] = usage_json(a_usage);
        j["b_usage_after_a"] = usage_json(b);
        j["token_counts"] = "estimated";
        j["tokenizer"] = tokenizer_name;
        ojson others = ojson::array();
        for (const lint::Finding* f : about_b)
            if (f != divergence)
                others.push_back({{"rule", f->rule}, {"message", f->message}, {"line", f->line}});
        j["other_findings"] = std::move(others);
        std::printf("%s\n", j.dump(2, ' ', false, ojson::error_handler_t::replace).c_str());
        return divergence ? 1 : 0;
    }
    std::printf("%s -> %s\n", file_a.c_str(), file_b.c_str());
    if (divergence) {
        std::printf("first divergence: %s:%d:%d: %s [%s]\n", divergence->file.c_str(),
                    divergence->line, divergence->column, divergence->message.c_str(),
                    divergence->rule.c_str());
        const ojson& d = divergence->details;
        if (d.contains("cause"))
            std::printf("cause: %s\n", d["cause"].get<std::string>().c_str());
        if (d.contains("block"))
            std::printf(
                "blocks: the change is in content block %d; %d block(s) up to the "
                "cached end are written again\n",
                d["block"].get<int>(), d.value("blocks_rewritten", 0));
        if (!divergence->excerpt.empty())
            std::printf("  %s\n", divergence->excerpt.c_str());
    } else {
        std::printf("no divergence: %s repeats the prefix %s cached\n", file_b.c_str(),
                    file_a.c_str());
    }
    for (const lint::Finding* f : about_b) {
        if (f != divergence)
            std::printf("also: %s [%s]\n", f->message.c_str(), f->rule.c_str());
    }
    std::printf(
        "cost of %s after %s (%s prices, estimated tokens): %s (input %s, cache write %s, "
        "cache read %s); %s alone: %s\n",
        file_b.c_str(), file_a.c_str(), report.summary.cost.model.c_str(), money(b.usd).c_str(),
        lint::with_commas(b.input_tokens).c_str(),
        lint::with_commas(b.cache_creation_input_tokens).c_str(),
        lint::with_commas(b.cache_read_input_tokens).c_str(), file_a.c_str(),
        money(a_usage.usd).c_str());
    return divergence ? 1 : 0;
}

}  // namespace

int run_lint(const std::vector<std::string>& args) {
    keep_freed_heap();
    ParsedArgs a;
    if (auto err = parse(args, flag_spec("lint"), a); !err.empty()) {
        return fail_usage("lint: " + err);
    }
    if (auto rule = a.get("--explain")) {
        const lint::RuleInfo* r = lint::find_rule(*rule);
        if (!r)
            return fail_usage("lint: --explain: unknown rule '" + *rule +
                              "' (see prefixlens lint --list-rules)");
        std::printf("%s (%s): %s\n\n%s", r->name, lint::severity_name(r->severity), r->summary,
                    wrap(r->explanation, 78).c_str());
        return 0;
    }
    if (a.has("--list-rules")) {
        for (const auto& r : lint::rule_catalog())
            std::printf("%-24s %-8s %s\n", r.name, lint::severity_name(r.severity), r.summary);
        return 0;
    }
    if (a.positional.empty())
        return fail_usage("lint: give at least one FILE (a request, a scenario or a .jsonl log)");
    const bool diff = a.has("--diff");
    if (diff && a.positional.size() != 2)
        return fail_usage("lint: --diff compares two requests: --diff A.json B.json");
    if (diff && a.has("--fix"))
        return fail_usage("lint: --diff and --fix do not go together");

    lint::LintOptions options;
    if (auto p = a.get("--provider")) {
        options.provider = parse_provider(*p);
        if (!options.provider)
            return fail_usage(
                "lint: --provider must be anthropic, openai, gemini, bedrock or "
                "deepseek, not '" +
                *p + "'");
    }
    const std::string format = a.get("--format").value_or("text");
    if (format != "text" && format != "json" && format != "sarif")
        return fail_usage("lint: --format must be text, json or sarif, not '" + format + "'");
    if (diff && format == "sarif")
        return fail_usage(
            "lint: --diff prints text or JSON (--format text|json); SARIF is for the findings "
            "of FILE... without --diff");
    lint::Severity fail_on = lint::Severity::Warning;
    if (auto f = a.get("--fail-on")) {
        auto s = lint::parse_severity(*f);
        if (!s)
            return fail_usage("lint: --fail-on must be note, warning or error, not '" + *f + "'");
        fail_on = *s;
    }
    if (auto v = a.get("--repeat")) {
        long n = 0;
        if (auto err = parse_int("--repeat", *v, 1, 1000000, n); !err.empty())
            return fail_usage("lint: " + err);
        options.repeat = static_cast<int>(n);
    }
    if (auto v = a.get("--min-tokens")) {
        long n = 0;
        if (auto err = parse_int("--min-tokens", *v, 0, 1 << 24, n); !err.empty())
            return fail_usage("lint: " + err);
        options.min_tokens = static_cast<int>(n);
    }
    options.estimate_cost = !a.has("--no-cost");
    std::optional<std::string> out_path = a.get("-o");
    if (!out_path)
        out_path = a.get("--output");
    const bool fix = a.has("--fix");
    if (out_path && !fix)
        return fail_usage("lint: -o FILE writes the --fix output; add --fix");
    if (fix && a.positional.size() != 1)
        return fail_usage("lint: --fix rewrites one FILE at a time");
    if (fix && out_path) {
        const auto input = input_file(a.positional[0]);  // a built-in scenario is a file too
        if (same_file(*out_path, input ? *input : a.positional[0]))
            return fail_usage("lint: -o " + *out_path +
                              " is the input file; refusing to overwrite it (write elsewhere)");
    }

    auto setup = load_lint_setup(a, "lint");
    if (!setup)
        return fail_usage(setup.error().message);
    const BpeTokenizer& tokenizer = setup->tokenizer;
    const lint::LintTables& tables = setup->tables;
    const std::string& tokenizer_name = setup->tokenizer_name;
    auto counters = make_counters(a, *setup, "lint");
    if (!counters)
        return fail_usage(counters.error().message);

    // --fix output is collected and written at the end, to stdout or atomically to -o
    // (core/file_util.h), so no partial file is ever left behind.
    std::ostringstream fix_text;
    std::ostream* fix_out = fix ? &fix_text : nullptr;

    if (diff) {
        std::string files[2];
        for (int i = 0; i < 2; ++i) {
            auto f = input_file(a.positional[static_cast<std::size_t>(i)]);
            if (!f)
                return fail_usage("lint: " + f.error().message);
            files[i] = *f;
        }
        return run_lint_diff(files[0], files[1], tokenizer, tables, options, format, tokenizer_name,
                             counters->get());
    }

    std::vector<lint::FileReport> reports;
    bool bad_input = false;
    bool any_linted = false;
    for (const std::string& arg : a.positional) {
        auto resolved = input_file(arg);
        const std::string file = resolved ? *resolved : arg;
        lint::Linter linter(tokenizer, tables, options);
        linter.set_counters(counters->get());
        auto r = resolved ? lint::lint_file(file, linter, fix_out)
                          : Result<lint::FileLintResult>(resolved.error());
        if (!r) {
            std::fprintf(stderr, "prefixlens: %s\n",
                         escape_for_message(r.error().message, 4000).c_str());
            bad_input = true;
            // JSON and SARIF carry the failure too, so CI never reads it as a clean file.
            reports.push_back(lint::failed_file_report(file, r.error().message));
            reports.back().report.summary.tokenizer = tokenizer_name;
            continue;
        }
        any_linted = true;
        lint::LintReport report = linter.finish();
        report.summary.tokenizer = tokenizer_name;
        for (const auto& f : report.findings) {
            if (f.rule == lint::rule::kInvalidInput)
                std::fprintf(stderr, "prefixlens: %s:%d:%d: %s\n", f.file.c_str(), f.line, f.column,
                             f.message.c_str());
        }
        if (report.summary.input_errors > 0)
            bad_input = true;
        reports.push_back({file, std::move(report)});
    }

    // With --fix on stdout the report goes to stderr, so the rewritten request stays clean.
    FILE* report_stream = fix && !out_path ? stderr : stdout;
    std::string text;
    if (format == "json")
        text =
            lint::format_json(reports).dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
    else if (format == "sarif")
        text = lint::format_sarif(reports, PREFIXLENS_VERSION)
                   .dump(2, ' ', false, ojson::error_handler_t::replace) +
               "\n";
    else {
        // The text report leaves out files that failed as a whole: stderr said why.
        std::vector<lint::FileReport> linted;
        for (auto& fr : reports) {
            if (!(fr.report.summary.input_errors == 1 && fr.report.summary.requests == 0 &&
                  fr.report.findings.size() == 1))
                linted.push_back(fr);
        }
        text = lint::format_text(linted);
    }
    std::fputs(text.c_str(), report_stream);
    std::fflush(report_stream);

    if (fix) {
        if (bad_input && !any_linted)
            return 2;  // nothing was written
        if (out_path) {
            if (auto w = write_file_atomically(*out_path, fix_text.str()); !w)
                return fail_usage("lint: -o " + w.error().message);
        } else {
            std::fputs(fix_text.str().c_str(), stdout);
        }
    }
    if (bad_input)
        return 2;
    for (const auto& fr : reports) {
        for (const auto& f : fr.report.findings) {
            if (static_cast<int>(f.severity) >= static_cast<int>(fail_on))
                return 1;
        }
    }
    return 0;
}

}  // namespace pl::cli
