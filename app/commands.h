#pragma once

#include <string>
#include <vector>

namespace pl::cli {

// `prefixlens help [COMMAND]`: every command's synopsis, or one command's flags explained.
int run_help(const std::vector<std::string>& args);
int run_gui(int argc, char** argv, const std::vector<std::string>& args);
int run_eval(const std::vector<std::string>& args);
int run_run(const std::vector<std::string>& args);
int run_bench(const std::vector<std::string>& args);
int run_lint(const std::vector<std::string>& args);
int run_replay(const std::vector<std::string>& args);
int run_shot(const char* argv0, const std::vector<std::string>& args);
int run_watch(const std::vector<std::string>& args);

// Prints "prefixlens: <message>" on stderr and returns exit status 2 (bad usage or input).
int fail_usage(const std::string& message);

}  // namespace pl::cli
