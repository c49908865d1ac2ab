// prefixlens: one executable. With no subcommand it opens the desktop app; every other
// subcommand runs headless (SPEC §1).
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "cli_table.h"
#include "commands.h"
#include "core/json_util.h"
#include "runner/backend_factory.h"

namespace {

int dispatch(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string cmd = "gui";
    bool named = false;
    // `prefixlens LOG.jsonl`: a file named first opens in the app (a command name is no file
    // name with a dot or a slash).
    if (!args.empty() && !args[0].empty() && args[0][0] != '-' &&
        args[0].find_first_of("./") == std::string::npos) {
        cmd = args[0];
        named = true;
        args.erase(args.begin());
    }
    if (cmd == "gui" && !args.empty() && (args[0] == "--version" || args[0] == "-V")) {
        std::printf("prefixlens %s\n", PREFIXLENS_VERSION);
        return 0;
    }
    if (!named && !args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        std::fputs(pl::cli::overview_text().c_str(), stdout);
        return 0;
    }
    if (cmd == "help")
        return pl::cli::run_help(args);
    // `prefixlens CMD --help`: that command's help. Parsed as the command parses, so a --help
    // that is some flag's value (eval --text --help) is left to the command.
    if (const pl::cli::CommandInfo* c = pl::cli::find_command(cmd)) {
        pl::cli::ParsedArgs a;
        if (pl::cli::parse(args, pl::cli::flag_spec(cmd), a).empty() &&
            (a.has("--help") || a.has("-h"))) {
            std::fputs(pl::cli::command_help_text(*c).c_str(), stdout);
            return 0;
        }
    }
    // Before any thread starts (see preload_backends); linting needs no model.
    if (cmd != "lint" && cmd != "replay" && cmd != "watch")
        pl::preload_backends();
    if (cmd == "gui") {
        return pl::cli::run_gui(argc, argv, args);
    }
    if (cmd == "eval") {
        return pl::cli::run_eval(args);
    }
    if (cmd == "run") {
        return pl::cli::run_run(args);
    }
    if (cmd == "bench") {
        return pl::cli::run_bench(args);
    }
    if (cmd == "lint") {
        return pl::cli::run_lint(args);
    }
    if (cmd == "replay") {
        return pl::cli::run_replay(args);
    }
    if (cmd == "watch") {
        return pl::cli::run_watch(args);
    }
    if (cmd == "shot") {
        return pl::cli::run_shot(argv[0], args);
    }
    std::fprintf(stderr, "prefixlens: unknown command '%s' (try 'prefixlens help')\n", cmd.c_str());
    return 2;
}

}  // namespace

// Every size read from a file is checked before it is allocated; this is the net under those
// checks, so that what slips through still ends in one line and status 2, not an abort.
int main(int argc, char** argv) {
    try {
        return dispatch(argc, argv);
    } catch (const std::bad_alloc&) {
        std::fputs("prefixlens: out of memory\n", stderr);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "prefixlens: internal error: %s\n",
                     pl::escape_for_message(e.what()).c_str());
    }
    return 2;
}
