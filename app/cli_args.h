// A small, strict command-line parser: every subcommand declares its flags; anything else is a
// usage error (exit status 2) with a one-line message.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace pl::cli {

struct ParsedArgs {
    std::vector<std::string> positional;
    std::map<std::string, std::string> values;  // --flag VALUE
    std::set<std::string> switches;             // --flag
    bool has(const std::string& flag) const { return switches.count(flag) || values.count(flag); }
    std::optional<std::string> get(const std::string& flag) const;
};

struct FlagSpec {
    std::set<std::string> with_value;
    std::set<std::string> switches;
};

// Returns an error message, or empty on success.
std::string parse(const std::vector<std::string>& args, const FlagSpec& spec, ParsedArgs& out);
// Parses a whole number in [lo, hi]; returns an error message naming the flag, or empty.
std::string parse_int(const std::string& flag, const std::string& text, long lo, long hi,
                      long& out);

}  // namespace pl::cli
