#include "cli_args.h"

#include <cerrno>
#include <cstdlib>

namespace pl::cli {

std::optional<std::string> ParsedArgs::get(const std::string& flag) const {
    auto it = values.find(flag);
    if (it == values.end())
        return std::nullopt;
    return it->second;
}

std::string parse(const std::vector<std::string>& args, const FlagSpec& spec, ParsedArgs& out) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string a = args[i];
        if (a.size() > 1 && a[0] == '-' && a != "-") {
            std::string value;
            bool inline_value = false;
            if (const auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos) {
                value = a.substr(eq + 1);
                a = a.substr(0, eq);
                inline_value = true;
            }
            if (spec.with_value.count(a)) {
                if (!inline_value) {
                    if (i + 1 >= args.size())
                        return a + " needs a value";
                    value = args[++i];
                }
                out.values[a] = value;
            } else if (spec.switches.count(a) && !inline_value) {
                out.switches.insert(a);
            } else {
                return "unknown option " + a;
            }
        } else {
            out.positional.push_back(a);
        }
    }
    return {};
}

std::string parse_int(const std::string& flag, const std::string& text, long lo, long hi,
                      long& out) {
    errno = 0;
    char* end = nullptr;
    const long v = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno == ERANGE || v < lo || v > hi) {
        return flag + " must be a whole number from " + std::to_string(lo) + " to " +
               std::to_string(hi) + ", not '" + text + "'";
    }
    out = v;
    return {};
}

}  // namespace pl::cli
