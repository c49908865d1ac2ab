// The usage errors every subcommand shares, and the help printed from the table of flags
// (cli_table.h).
#include <cstdio>
#include <set>
#include <stdexcept>

#include "cli_table.h"
#include "commands.h"
#include "core/json_util.h"

namespace pl::cli {

int fail_usage(const std::string& message) {
    // Messages quote what they name; this keeps one line even if a quote was missed.
    std::fprintf(stderr, "prefixlens: %s\n", escape_for_message(message, 4000).c_str());
    return 2;
}

namespace {

constexpr std::size_t kWidth = 100;      // columns of the help text
constexpr std::size_t kFlagColumn = 24;  // where a flag's description starts
constexpr std::size_t kNameWidth = 6;    // the longest command name, "replay"

const FlagInfo* find_flag(const CommandInfo& c, std::string_view name) {
    for (const FlagGroup& g : c.groups) {
        for (const FlagInfo& f : g.flags) {
            if (f.name == name || (!f.alias.empty() && f.alias == name))
                return &f;
        }
    }
    return nullptr;
}

bool flag_char(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-';
}

// Every flag `text` names ("-o", "--format"), checked against the table and added to `seen`
// (under its table name): a synopsis that shows a flag the parser refuses is a bug.
void note_flags(const CommandInfo& c, const std::string& text, std::set<std::string>& seen) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '-' || (i > 0 && (flag_char(text[i - 1]) || text[i - 1] == '_')))
            continue;
        std::size_t end = i + 1;
        while (end < text.size() && flag_char(text[end]))
            ++end;
        const std::string name = text.substr(i, end - i);
        i = end;
        if (name.size() < 2 || name == "--" || (name[1] != '-' && name.size() != 2))
            continue;
        const FlagInfo* f = find_flag(c, name);
        if (!f)
            throw std::logic_error("help: the synopsis of " + c.name + " shows " + name +
                                   ", which its parser does not take");
        seen.insert(f->name);
    }
}

// `text` split at the spaces outside brackets and parentheses: the pieces a line may break
// between.
std::vector<std::string> pieces(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    int depth = 0;
    for (char ch : text) {
        if (ch == ' ' && depth == 0) {
            if (!cur.empty())
                out.push_back(cur);
            cur.clear();
            continue;
        }
        depth += (ch == '[' || ch == '(') - (ch == ']' || ch == ')');
        cur += ch;
    }
    if (!cur.empty())
        out.push_back(cur);
    return out;
}

// "[--flag METAVAR]" for an entry of UsageForm::optional.
std::string bracketed(const CommandInfo& c, const std::string& entry) {
    if (entry.starts_with("[") || entry.starts_with("("))
        return entry;
    const std::size_t space = entry.find(' ');
    const std::string name = entry.substr(0, space);
    const FlagInfo* f = find_flag(c, name);
    if (!f)
        throw std::logic_error("help: the synopsis of " + c.name + " shows " + name +
                               ", which its parser does not take");
    const std::string meta = space == std::string::npos ? f->metavar : entry.substr(space + 1);
    return "[" + name + (meta.empty() ? "" : " " + meta) + "]";
}

// Words filled into lines of at most kWidth columns: the first line starts with `first` (the
// first word right after it), the others with `indent` spaces.
std::string fill(const std::vector<std::string>& words, const std::string& first,
                 std::size_t indent) {
    std::string out = first;
    std::size_t line = first.size();
    bool line_empty = true;
    for (const std::string& w : words) {
        if (!line_empty && line + 1 + w.size() > kWidth) {
            out += "\n" + std::string(indent, ' ');
            line = indent;
            line_empty = true;
        }
        if (!line_empty) {
            out += " ";
            ++line;
        }
        out += w;
        line += w.size();
        line_empty = false;
    }
    return out + "\n";
}

std::vector<std::string> words_of(const std::string& text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t j = text.find(' ', i);
        if (j != i)
            out.push_back(text.substr(i, j == std::string::npos ? std::string::npos : j - i));
        if (j == std::string::npos)
            break;
        i = j + 1;
    }
    return out;
}

// One usage form after `prefix` ("prefixlens lint   "), wrapped under its start.
std::string form_text(const CommandInfo& c, const UsageForm& form, const std::string& prefix,
                      std::set<std::string>& seen) {
    std::vector<std::string> parts = pieces(form.head);
    for (const std::string& o : form.optional)
        parts.push_back(bracketed(c, o));
    for (const std::string& p : parts)
        note_flags(c, p, seen);
    return fill(parts, prefix, prefix.size());
}

// Every flag of the table is in some form of the synopsis, so that `prefixlens help` shows
// them all.
void check_all_shown(const CommandInfo& c, const std::set<std::string>& seen) {
    for (const FlagGroup& g : c.groups) {
        for (const FlagInfo& f : g.flags) {
            if (!seen.count(f.name))
                throw std::logic_error("help: " + f.name + " of " + c.name +
                                       " is in no form of its synopsis");
        }
    }
}

std::string command_word(const CommandInfo& c, std::size_t form) {
    return c.name == "gui" && form == 0 ? "[gui]" : c.name;
}

std::string padded(std::string s, std::size_t width) {
    if (s.size() < width)
        s.resize(width, ' ');
    return s;
}

}  // namespace

std::string overview_text() {
    std::string out =
        "usage: prefixlens [COMMAND] [ARGUMENTS]; 'prefixlens help COMMAND' (or 'prefixlens "
        "COMMAND --help')\nexplains each flag of a command and its default, docs/cli.md at "
        "length.\n\n";
    for (const CommandInfo& c : command_table()) {
        std::set<std::string> seen;
        for (std::size_t i = 0; i < c.forms.size(); ++i) {
            const std::string prefix = "prefixlens " + padded(command_word(c, i), kNameWidth) + " ";
            out += form_text(c, c.forms[i], prefix, seen);
        }
        check_all_shown(c, seen);
        out += fill(words_of(c.summary), std::string(6, ' '), 6);
    }
    out += "prefixlens help   [COMMAND]\nprefixlens --version\n";
    return out;
}

std::string command_help_text(const CommandInfo& c) {
    std::string out;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < c.forms.size(); ++i) {
        const std::string prefix =
            std::string(i == 0 ? "usage: " : "       ") + "prefixlens " + command_word(c, i) + " ";
        out += form_text(c, c.forms[i], prefix, seen);
        if (!c.forms[i].note.empty())
            out += fill(words_of("(" + c.forms[i].note + ")"), std::string(11, ' '), 12);
    }
    check_all_shown(c, seen);
    out += "\n" + fill(words_of(c.summary), "", 0);
    auto entry = [&out](const std::string& names, const std::string& text) {
        std::string first = "  " + names;
        if (first.size() + 2 > kFlagColumn) {
            out += first + "\n";
            first.clear();
        }
        out += fill(words_of(text), padded(first, kFlagColumn), kFlagColumn);
    };
    if (!c.args.empty()) {
        out += "\narguments:\n";
        for (const ArgInfo& a : c.args)
            entry(a.name, a.help);
    }
    for (const FlagGroup& g : c.groups) {
        out += "\n" + g.title + ":\n";
        for (const FlagInfo& f : g.flags) {
            std::string names = f.name + (f.metavar.empty() ? "" : " " + f.metavar);
            if (!f.alias.empty())
                names += ", " + f.alias + (f.metavar.empty() ? "" : " " + f.metavar);
            entry(names, f.help + (f.default_text.empty() ? "" : ". Default: " + f.default_text));
        }
    }
    out += "\n-h, --help prints this. docs/cli.md explains the command at length.\n";
    return out;
}

int run_help(const std::vector<std::string>& args) {
    if (args.empty()) {
        std::fputs(overview_text().c_str(), stdout);
        return 0;
    }
    if (args.size() > 1)
        return fail_usage("help: give one COMMAND, or none for all of them");
    const CommandInfo* c = find_command(args[0]);
    if (!c) {
        std::string names;
        for (const CommandInfo& k : command_table())
            names += (names.empty() ? "" : ", ") + k.name;
        return fail_usage("help: no command '" + args[0] + "' (the commands: " + names + ")");
    }
    std::fputs(command_help_text(*c).c_str(), stdout);
    return 0;
}

}  // namespace pl::cli
