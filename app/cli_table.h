// Every subcommand's flags, in one table: the parser accepts exactly the flags listed here
// (flag_spec), and `prefixlens help` and `prefixlens help CMD` print them (cli_usage.cpp), so
// the help cannot leave out a flag the parser takes, nor show one it refuses.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli_args.h"

namespace pl::cli {

struct FlagInfo {
    std::string name;          // "--provider", "-o"
    std::string metavar;       // what follows it, as help shows it ("P", "text|json|sarif"); empty:
                               // a switch that takes no value
    std::string help;          // what it does, one sentence
    std::string default_text;  // what holds without the flag; empty: nothing to say
    std::string alias;         // another name the parser takes for it ("--output"); empty: none
};

// One way to call the command, as the synopsis shows it: `head` is what this way needs, as
// typed ("FILE...", "--diff A.json B.json"); each of `optional` is a flag of the table, shown
// as "[--flag METAVAR]", or "--flag OTHER" to show another metavar, or a bracketed group written
// out ("[--match FILE [--block-size N]]"). A flag a head or a group names must be in the table,
// and every flag of the table must be in some form (checked each time help is printed).
struct UsageForm {
    std::string head;
    std::vector<std::string> optional;
    std::string note;  // a line under the form, for what the synopsis cannot say; may be empty
};

struct ArgInfo {
    std::string name;  // "FILE...", as the forms write it
    std::string help;
};

struct FlagGroup {
    std::string title;  // "options", "for measurements (tests and benchmarks)"
    std::vector<FlagInfo> flags;
};

struct CommandInfo {
    std::string name;     // "lint"; the app is "gui"
    std::string summary;  // one sentence
    std::vector<UsageForm> forms;
    std::vector<ArgInfo> args;
    std::vector<FlagGroup> groups;
};

// The commands, in the order help lists them.
const std::vector<CommandInfo>& command_table();
// nullptr for a name that is no command.
const CommandInfo* find_command(std::string_view name);
// What the parser accepts for `command` (a name command_table() holds): its flags and their
// aliases, and --help and -h.
FlagSpec flag_spec(std::string_view command);

// `prefixlens help`: every command's synopsis.
std::string overview_text();
// `prefixlens help CMD` and `prefixlens CMD --help`: the synopsis, the arguments and every flag
// explained, with its default.
std::string command_help_text(const CommandInfo& command);

}  // namespace pl::cli
