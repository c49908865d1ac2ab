// prefixlens replay: a log replayed under one caching policy, request by request (SPEC §8).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "cli_args.h"
#include "cli_common.h"
#include "cli_table.h"
#include "commands.h"
#include "replay/replay.h"

namespace pl::cli {

int run_replay(const std::vector<std::string>& args) {
    keep_freed_heap();
    ParsedArgs a;
    if (auto err = parse(args, flag_spec("replay"), a); !err.empty())
        return fail_usage("replay: " + err);
    if (a.positional.empty())
        return fail_usage("replay: give at least one LOG (a .jsonl log or a request)");
    lint::ReplayOptions options;
    if (auto p = a.get("--policy")) {
        options.policy = parse_policy(*p);
        if (!options.policy)
            return fail_usage(
                "replay: --policy must be anthropic, openai, gemini, bedrock, deepseek, vllm or "
                "radix, not '" +
                *p + "'");
    }
    if (auto p = a.get("--provider")) {
        options.provider = parse_provider(*p);
        if (!options.provider)
            return fail_usage(
                "replay: --provider must be anthropic, openai, gemini, bedrock or "
                "deepseek, not '" +
                *p + "'");
    }
    const bool json = a.has("--json");
    // Every LOG opens before anything is replayed: an error leaves nothing on stdout.
    std::vector<std::string> files;
    for (const std::string& arg : a.positional) {
        auto file = input_file(arg);
        if (!file)
            return fail_usage("replay: " + file.error().message);
        std::error_code ec;
        if (std::filesystem::is_directory(*file, ec))
            return fail_usage("replay: " + *file + ": is a directory");
        if (std::ifstream in(*file, std::ios::binary); !in) {
            const int err = errno;
            return fail_usage("replay: " + *file +
                              (std::filesystem::exists(*file, ec)
                                   ? ": cannot open (" + std::string(std::strerror(err)) + ")"
                                   : std::string(": no such file")));
        }
        files.push_back(*file);
    }
    auto setup = load_lint_setup(a, "replay");
    if (!setup)
        return fail_usage(setup.error().message);
    options.tokenizer_name = setup->tokenizer_name;
    auto counters = make_counters(a, *setup, "replay");
    if (!counters)
        return fail_usage(counters.error().message);
    options.counters = counters->get();

    // JSON Lines go out as each request is replayed; the table needs the whole log.
    auto print_row = [](const lint::ReplayRow& row) {
        std::puts(lint::replay_row_json(row)
                      .dump(-1, ' ', false, ojson::error_handler_t::replace)
                      .c_str());
    };
    lint::Replayer replayer(
        setup->tokenizer, setup->tables, options,
        json ? std::function<void(const lint::ReplayRow&)>(print_row) : nullptr);
    bool bad_input = false;
    bool replayed = false;
    for (const std::string& file : files) {
        if (auto r = replayer.add_file(file); !r) {
            std::fprintf(stderr, "prefixlens: %s\n",
                         escape_for_message(r.error().message, 4000).c_str());
            bad_input = true;
        } else {
            replayed = true;
        }
    }
    // No LOG could be read as a whole (each said why): no report of nothing.
    if (!replayed)
        return 2;
    const lint::ReplaySummary summary = replayer.finish();
    for (const std::string& e : summary.input_errors) {
        std::fprintf(stderr, "prefixlens: %s\n", escape_for_message(e, 4000).c_str());
        bad_input = true;
    }
    if (json)
        std::puts(lint::replay_summary_json(summary)
                      .dump(-1, ' ', false, ojson::error_handler_t::replace)
                      .c_str());
    else
        std::fputs(lint::format_replay_text(summary).c_str(), stdout);
    std::fflush(stdout);
    return bad_input ? 2 : 0;
}

}  // namespace pl::cli
