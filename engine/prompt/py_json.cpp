#include "prompt/py_json.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace pl {
namespace {

void put_string(const std::string& s, std::string& out) {
    out += '"';
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += ch;
                }
        }
    }
    out += '"';
}

// Python's float repr: the shortest digits that read back the same, positional when the
// decimal exponent is in [-4, 16), else d.ddde+XX.
void put_float(double v, std::string& out) {
    if (std::isnan(v)) {
        out += "NaN";
        return;
    }
    if (std::isinf(v)) {
        out += v < 0 ? "-Infinity" : "Infinity";
        return;
    }
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    std::string sci(buf, res.ptr);  // e.g. "-1.2345e+02"
    std::string sign;
    if (!sci.empty() && sci[0] == '-') {
        sign = "-";
        sci.erase(0, 1);
    }
    const size_t e = sci.find('e');
    const int exponent = std::atoi(sci.c_str() + e + 1);
    std::string digits = sci.substr(0, e);
    if (const size_t dot = digits.find('.'); dot != std::string::npos)
        digits.erase(dot, 1);
    out += sign;
    if (exponent >= -4 && exponent < 16) {
        if (exponent < 0) {
            out += "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
        } else if (static_cast<size_t>(exponent) + 1 >= digits.size()) {
            out +=
                digits + std::string(static_cast<size_t>(exponent) + 1 - digits.size(), '0') + ".0";
        } else {
            out += digits.substr(0, static_cast<size_t>(exponent) + 1) + "." +
                   digits.substr(static_cast<size_t>(exponent) + 1);
        }
        return;
    }
    out += digits.substr(0, 1);
    if (digits.size() > 1)
        out += "." + digits.substr(1);
    char exp[16];
    std::snprintf(exp, sizeof exp, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    out += exp;
}

void put(const ojson& j, int indent, int depth, std::string& out) {
    const auto newline = [&](int d) {
        out += '\n';
        out.append(static_cast<size_t>(indent * d), ' ');
    };
    switch (j.type()) {
        case ojson::value_t::object: {
            if (j.empty()) {
                out += "{}";
                return;
            }
            out += '{';
            bool first = true;
            for (auto it = j.begin(); it != j.end(); ++it) {
                if (!first)
                    out += indent < 0 ? ", " : ",";
                first = false;
                if (indent >= 0)
                    newline(depth + 1);
                put_string(it.key(), out);
                out += ": ";
                put(it.value(), indent, depth + 1, out);
            }
            if (indent >= 0)
                newline(depth);
            out += '}';
            return;
        }
        case ojson::value_t::array: {
            if (j.empty()) {
                out += "[]";
                return;
            }
            out += '[';
            for (size_t i = 0; i < j.size(); ++i) {
                if (i > 0)
                    out += indent < 0 ? ", " : ",";
                if (indent >= 0)
                    newline(depth + 1);
                put(j[i], indent, depth + 1, out);
            }
            if (indent >= 0)
                newline(depth);
            out += ']';
            return;
        }
        case ojson::value_t::string:
            put_string(j.get_ref<const std::string&>(), out);
            return;
        case ojson::value_t::number_float:
            put_float(j.get<double>(), out);
            return;
        case ojson::value_t::boolean:
            out += j.get<bool>() ? "true" : "false";
            return;
        case ojson::value_t::null:
        case ojson::value_t::discarded:
            out += "null";
            return;
        default:
            out += j.dump();  // integers
            return;
    }
}

}  // namespace

std::string python_json(const ojson& value, int indent) {
    std::string out;
    put(value, indent, 0, out);
    return out;
}

}  // namespace pl
