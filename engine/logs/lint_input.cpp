#include "logs/lint_input.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <set>
#include "lint/json_locator.h"
#include "logs/log_records.h"

namespace pl::lint {

namespace {

long long days_from_civil(long long y, unsigned m, unsigned d) {
    y -= m <= 2;
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<long long>(doe) - 719468;
}

struct LineSource {
    std::istream& in;
    std::size_t max_bytes;
    // With --fix, a line too long to hold is copied here unchanged, as it streams past, so the
    // rewritten log keeps every line.
    std::ostream* overflow = nullptr;
    int line_no = 0;
    std::uint64_t bytes = 0;  // read so far, line ends included
    // The line ended in "\r\n": --fix writes the same ending back.
    bool crlf = false;
    const char* line_end() const { return crlf ? "\r\n" : "\n"; }
    // Reads the next line; false at the end. `too_long` lines are returned empty.
    bool next(std::string& line, bool& too_long) {
        line.clear();
        too_long = false;
        crlf = false;
        char buf[1 << 16];
        bool any = false;
        while (true) {
            in.getline(buf, sizeof buf);
            const std::streamsize got = in.gcount();
            if (got == 0 && !in)
                break;
            bytes += static_cast<std::uint64_t>(got);
            any = true;
            const bool complete = !in.fail();  // getline stopped at the newline or the end
            // gcount counts the newline it consumed; a last line without one has none to drop.
            const bool had_newline = complete && !in.eof();
            const std::size_t n = static_cast<std::size_t>(got) - (had_newline && got > 0 ? 1 : 0);
            if (!too_long) {
                if (line.size() + n > max_bytes) {
                    too_long = true;
                    if (overflow)
                        overflow->write(line.data(), static_cast<std::streamsize>(line.size()));
                    line.clear();
                    line.shrink_to_fit();
                } else {
                    line.append(buf, n);
                }
            }
            if (too_long && overflow)
                overflow->write(buf, static_cast<std::streamsize>(n));
            if (complete)
                break;
            if (in.eof())
                break;
            in.clear();  // a line longer than the buffer: keep reading it
        }
        if (!any)
            return false;
        if (too_long && overflow)
            *overflow << '\n';
        ++line_no;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
            crlf = true;
        }
        return true;
    }
};

}  // namespace

std::optional<double> parse_timestamp(const ojson& v) {
    if (v.is_number()) {
        const double x = v.get<double>();
        return x > 1e11 ? x / 1000.0 : x;
    }
    if (!v.is_string())
        return std::nullopt;
    const std::string s = v.get<std::string>();
    int Y = 0, M = 0, D = 0, h = 0, m = 0;
    double sec = 0;
    int consumed = 0;
    if (std::sscanf(s.c_str(), "%4d-%2d-%2d%*c%2d:%2d:%lf%n", &Y, &M, &D, &h, &m, &sec, &consumed) <
        6)
        return std::nullopt;
    double t = static_cast<double>(
                   days_from_civil(Y, static_cast<unsigned>(M), static_cast<unsigned>(D))) *
                   86400.0 +
               h * 3600.0 + m * 60.0 + sec;
    const std::string zone = s.substr(static_cast<std::size_t>(consumed));
    int zh = 0, zm = 0;
    if (!zone.empty() && (zone[0] == '+' || zone[0] == '-') &&
        std::sscanf(zone.c_str() + 1, "%2d:%2d", &zh, &zm) >= 1) {
        const double off = zh * 3600.0 + zm * 60.0;
        t += zone[0] == '+' ? -off : off;
    }
    return t;
}

Result<ojson> parse_limited(std::string_view text, const std::string& file, int first_line,
                            const InputLimits& limits) {
    JsonLimits json_limits;
    json_limits.max_bytes = std::max(limits.max_document_bytes, limits.max_line_bytes);
    json_limits.max_string_bytes = limits.max_string_bytes;
    json_limits.max_depth = limits.max_depth;
    return parse_json(text, file, json_limits, first_line);
}

namespace {

Finding input_error(const std::string& file, const std::string& message, int line, int column,
                    std::string_view excerpt_text = {}) {
    Finding f;
    f.rule = rule::kInvalidInput;
    f.severity = Severity::Error;
    f.file = file;
    f.line = line;
    f.column = column;
    // The message is "<file>:<line>:<col>: reason": keep the reason.
    std::string reason = message;
    if (reason.rfind(file + ":", 0) == 0) {
        std::size_t p = file.size() + 1;
        for (int k = 0; k < 2; ++k) {
            const std::size_t q = reason.find(':', p);
            if (q == std::string::npos)
                break;
            const std::string part = reason.substr(p, q - p);
            if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos)
                break;
            p = q + 1;
        }
        reason = reason.substr(p);
        if (!reason.empty() && reason[0] == ' ')
            reason.erase(0, 1);
    }
    f.message = reason;
    if (!excerpt_text.empty()) {
        // column counts characters: find its byte.
        std::size_t off = 0;
        for (int c = 1; off < excerpt_text.size(); ++off) {
            if ((static_cast<unsigned char>(excerpt_text[off]) & 0xC0) == 0x80)
                continue;
            if (c++ == column)
                break;
        }
        const TextPosition pos = position_of(excerpt_text, off, off + 1, line);
        f.excerpt = pos.excerpt;
        f.excerpt_column = pos.excerpt_column;
        f.underline = 1;
    }
    return f;
}

int line_of(const std::string& message, const std::string& file, int fallback, int* column) {
    // "<file>:<line>:<col>: ..."
    if (message.rfind(file + ":", 0) != 0)
        return fallback;
    int line = 0, col = 0;
    if (std::sscanf(message.c_str() + file.size() + 1, "%d:%d", &line, &col) == 2) {
        *column = col;
        return line;
    }
    return fallback;
}

std::string one_line(const ojson& j) {
    return j.dump(-1, ' ', false, ojson::error_handler_t::replace);
}

std::string format_names(const std::set<std::string>& formats) {
    std::string out;
    for (const auto& f : formats)
        out += (out.empty() ? "" : ", ") + f;
    return out;
}

// A single JSON document that is a log record (an OTLP export, a proxy record, a wrapped
// request) rather than a request body.
bool is_record(const ojson& j) {
    if (!j.is_object())
        return false;
    for (const char* k :
         {"resourceSpans", "body", "request", "startTime", "call_type", "model_parameters"}) {
        if (j.contains(k))
            return true;
    }
    if (j.contains("attributes") && j["attributes"].is_structured())
        return !j.contains("messages");
    return false;
}

// Why `path` did not open, errno as the failed open left it.
Error open_error(const std::string& path) {
    const int err = errno;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return make_error(path + ": no such file");
    return make_error(path + ": cannot open (" + std::strerror(err) + ")");
}

// A log record as the linter's input: its body, and where its parts are written in `text`
// (a whole file, or one line of a log starting at `first_line`).
RequestInput record_input(LogRecord& rec, const std::string& file, std::string_view text,
                          int first_line = 1) {
    RequestInput ri;
    ri.file = file;
    ri.text = text;
    ri.first_line = first_line;
    ri.body = std::move(rec.body);
    ri.body_pointer = rec.body_pointer;
    ri.at_s = rec.at_s;
    ri.at_pointer = rec.at_pointer;
    ri.session = std::move(rec.session);
    ri.usage = rec.usage;
    ri.usage_pointer = rec.usage_pointer;
    ri.provider = rec.provider;
    ri.created_cache = std::move(rec.created_cache);
    return ri;
}

}  // namespace

Result<FileLintResult> lint_file(const std::string& path, Linter& linter, std::ostream* fix_out,
                                 const InputLimits& limits, const ReadProgress& progress) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return make_error(path + ": is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return open_error(path);
    FileLintResult result;
    const std::string ext = std::filesystem::path(path).extension().string();
    const bool jsonl = ext == ".jsonl" || ext == ".ndjson";

    std::string doc;
    if (!jsonl) {
        const auto size = std::filesystem::file_size(path, ec);
        if (!ec && size > limits.max_document_bytes)
            return make_error(path + ": " + std::to_string(size >> 20) + " MiB is more than the " +
                              std::to_string(limits.max_document_bytes >> 20) +
                              " MiB the linter reads as one JSON document (write logs as JSON "
                              "Lines, .jsonl)");
        doc.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        auto parsed = parse_limited(doc, path, 1, limits);
        if (!parsed) {
            // Several JSON objects, one per line, without a .jsonl name: a log after all.
            const std::size_t nl = doc.find('\n');
            const bool multi_line = nl != std::string::npos &&
                                    doc.find_first_not_of(" \t\r\n", nl) != std::string::npos;
            if (!multi_line || !parse_limited(std::string_view(doc).substr(0, nl), path, 1, limits))
                return parsed.error();
        } else {
            ojson& j = parsed.value();
            if (j.is_object() && j.contains("requests") && j["requests"].is_array()) {
                result.kind = InputKind::Scenario;
                linter.set_automatic_caching(true, j.contains("ttl_s") && j["ttl_s"].is_number()
                                                       ? j["ttl_s"].get<double>()
                                                       : 1e300);
                ojson& reqs = j["requests"];
                for (std::size_t i = 0; i < reqs.size(); ++i) {
                    RequestInput ri;
                    const std::string p = "/requests/" + std::to_string(i);
                    if (!reqs[i].is_object())
                        return make_error(path + ": " + p + ": expected a request object");
                    ri.body = reqs[i];
                    ri.file = path;
                    ri.text = doc;
                    ri.body_pointer = p;
                    if (reqs[i].contains("at_s")) {
                        ri.at_s = parse_timestamp(reqs[i]["at_s"]);
                        ri.at_pointer = p + "/at_s";
                    }
                    if (reqs[i].contains("session") && reqs[i]["session"].is_string())
                        ri.session = reqs[i]["session"].get<std::string>();
                    if (auto r = linter.add(ri); !r)
                        return r.error();
                    if (fix_out) {
                        for (auto it = linter.last_fixed().begin(); it != linter.last_fixed().end();
                             ++it)
                            reqs[i][it.key()] = it.value();
                    }
                    ++result.requests;
                }
                if (fix_out)
                    *fix_out << j.dump(2) << "\n";
                return result;
            }
            if (!j.is_object())
                return make_error(path +
                                  ":1:1: expected a request object, a scenario or a JSON "
                                  "Lines log");
            if (is_record(j)) {
                // One log record in a file of its own (an OTLP export, a proxy's record).
                result.kind = InputKind::JsonLines;
                linter.set_group_conversations(true);
                auto records = read_log_record(j);
                if (!records)
                    return make_error(path + ":1:1: " + records.error().message);
                std::set<std::string> formats;
                for (LogRecord& rec : records.value()) {
                    formats.insert(record_format_name(rec.format));
                    if (auto r = linter.add(record_input(rec, path, doc)); !r)
                        return r.error();
                    ++result.requests;
                }
                linter.set_input_format(format_names(formats));
                if (fix_out)
                    *fix_out << doc;  // a record is not ours to rewrite
                return result;
            }
            RequestInput ri;
            ri.body = std::move(j);
            ri.file = path;
            ri.text = doc;
            if (auto r = linter.add(ri); !r)
                return r.error();
            if (fix_out)
                *fix_out << linter.last_fixed().dump(2) << "\n";
            result.requests = 1;
            if (progress)
                (void)progress(doc.size(), doc.size());
            return result;
        }
    }

    // JSON Lines: one request per line, streamed, each in its conversation.
    result.kind = InputKind::JsonLines;
    linter.set_group_conversations(true);
    std::set<std::string> formats;
    std::istringstream from_doc;
    if (!jsonl)
        from_doc.str(std::move(doc));
    LineSource src{jsonl ? static_cast<std::istream&>(in) : static_cast<std::istream&>(from_doc),
                   limits.max_line_bytes, fix_out};
    std::uint64_t total = 0;
    if (jsonl) {
        const auto size = std::filesystem::file_size(path, ec);
        total = ec ? 0 : static_cast<std::uint64_t>(size);
    } else {
        total = from_doc.str().size();
    }
    std::string line;
    bool too_long = false;
    bool stop = false;
    // The progress hook is told once each line is handled (by any of the `continue`s below), so
    // that the rows an observer made of it are out before it may stop the reading.
    struct Progressed {
        const ReadProgress& progress;
        const LineSource& src;
        std::uint64_t total;
        bool& stop;
        ~Progressed() {
            if (progress && !progress(std::min(src.bytes, total), total))
                stop = true;
        }
    };
    while (!stop && src.next(line, too_long)) {
        const int ln = src.line_no;
        const Progressed progressed{progress, src, total, stop};
        if (too_long) {
            linter.add_input_error(
                input_error(path,
                            "line longer than " + std::to_string(limits.max_line_bytes >> 20) +
                                " MiB; skipped" + (fix_out ? " (copied unchanged)" : ""),
                            ln, 1));
            continue;
        }
        if (line.find_first_not_of(" \t") == std::string::npos) {
            if (fix_out)
                *fix_out << line << src.line_end();  // blank, spaces and all
            continue;
        }
        auto parsed = parse_limited(line, path, ln, limits);
        if (!parsed) {
            int col = 1;
            const int l = line_of(parsed.error().message, path, ln, &col);
            linter.add_input_error(input_error(path, parsed.error().message, l, col, line));
            if (fix_out)
                *fix_out << line << src.line_end();
            continue;
        }
        ojson& j = parsed.value();
        if (!j.is_object()) {
            linter.add_input_error(
                input_error(path, "expected a request object on this line", ln, 1, line));
            if (fix_out)
                *fix_out << line << src.line_end();
            continue;
        }
        auto records = read_log_record(fix_out ? j : std::move(j));
        if (!records) {
            linter.add_input_error(input_error(path, records.error().message, ln, 1, line));
            if (fix_out)
                *fix_out << line << src.line_end();
            continue;
        }
        bool rewritable =
            records->size() == 1 && (records->front().format == RecordFormat::Request ||
                                     records->front().format == RecordFormat::Wrapped ||
                                     records->front().format == RecordFormat::RequestResponse);
        bool written = false;
        for (LogRecord& rec : records.value()) {
            formats.insert(record_format_name(rec.format));
            const RequestInput ri = record_input(rec, path, line, ln);
            if (auto r = linter.add(ri); !r) {
                int col = 1;
                const int l = line_of(r.error().message, path, ln, &col);
                linter.add_input_error(input_error(path, r.error().message, l, col, line));
                continue;
            }
            ++result.requests;
            // The rewrite is written while `ri`, which last_fixed() may refer to, is alive.
            if (fix_out && rewritable) {
                if (!rec.body_pointer.empty()) {
                    j[rec.body_pointer.substr(1)] = linter.last_fixed();
                    *fix_out << one_line(j) << src.line_end();
                } else {
                    *fix_out << one_line(linter.last_fixed()) << src.line_end();
                }
                written = true;
            }
        }
        // A proxy's or tracer's record, or one that could not be linted, is copied as it is.
        if (fix_out && !written)
            *fix_out << line << src.line_end();
    }
    linter.set_input_format(format_names(formats));
    if (in.bad())
        return make_error(path + ": read failed");
    result.stopped = stop;
    return result;
}

Result<ojson> read_request_at(const std::string& path, int line, const InputLimits& limits) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return open_error(path);
    LineSource src{in, std::max(limits.max_line_bytes, limits.max_document_bytes)};
    std::string text;
    bool too_long = false;
    while (src.line_no < line && src.next(text, too_long)) {
    }
    if (src.line_no != line)
        return make_error(path + ":" + std::to_string(line) + ": no such line");
    if (too_long)
        return make_error(path + ":" + std::to_string(line) + ": line too long to read");
    auto parsed = parse_limited(text, path, line, limits);
    if (!parsed && line == 1) {
        // A single document over several lines (a request body written with indentation).
        in.clear();
        in.seekg(0);
        std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (doc.size() > limits.max_document_bytes)
            return make_error(path + ": too large to read as one JSON document");
        parsed = parse_limited(doc, path, 1, limits);
    }
    if (!parsed)
        return parsed.error();
    ojson& j = parsed.value();
    if (!j.is_object())
        return make_error(path + ":" + std::to_string(line) + ":1: expected a request object");
    if (!is_record(j))
        return std::move(j);
    auto records = read_log_record(std::move(j));
    if (!records)
        return make_error(path + ":" + std::to_string(line) + ":1: " + records.error().message);
    if (records->empty())
        return make_error(path + ":" + std::to_string(line) + ":1: the record holds no request");
    return std::move(records->front().body);
}

Result<FileLintResult> lint_scenario(const Scenario& scenario, Linter& linter, Scenario* fixed) {
    // The scenario as its file would hold it: the wrapper fields beside each request's body.
    const char* const wrapper_keys[] = {"at_s", "session", "salt", "max_tokens"};
    ojson doc = ojson::object();
    doc["name"] = scenario.name;
    doc["block_size"] = scenario.block_size;
    doc["capacity_blocks"] = scenario.capacity_blocks;
    doc["ttl_s"] = scenario.ttl_s ? ojson(*scenario.ttl_s) : ojson();
    ojson reqs = ojson::array();
    for (const ScenarioRequest& r : scenario.requests) {
        ojson q = r.body.is_object() ? r.body : ojson::object();
        q["at_s"] = r.at_s;
        q["session"] = r.session;
        q["salt"] = r.salt ? ojson(*r.salt) : ojson();
        q["max_tokens"] = r.max_tokens;
        reqs.push_back(std::move(q));
    }
    doc["requests"] = std::move(reqs);
    const std::string text = doc.dump(2, ' ', false, ojson::error_handler_t::replace);
    const std::string file = scenario.file.empty() ? scenario.name : scenario.file;

    if (fixed)
        *fixed = scenario;
    linter.set_automatic_caching(true, scenario.ttl_s.value_or(1e300));
    FileLintResult result;
    result.kind = InputKind::Scenario;
    const ojson& list = doc["requests"];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string p = "/requests/" + std::to_string(i);
        RequestInput ri;
        ri.body = list[i];
        ri.file = file;
        ri.text = text;
        ri.body_pointer = p;
        ri.at_s = scenario.requests[i].at_s;
        ri.at_pointer = p + "/at_s";
        ri.session = scenario.requests[i].session;
        PL_TRY(linter.add(ri));
        if (fixed) {
            ojson& body = fixed->requests[i].body;
            const ojson& rewritten = linter.last_fixed();
            for (auto it = rewritten.begin(); it != rewritten.end(); ++it) {
                if (std::find(std::begin(wrapper_keys), std::end(wrapper_keys), it.key()) ==
                    std::end(wrapper_keys))
                    body[it.key()] = it.value();
            }
        }
        ++result.requests;
    }
    return result;
}

}  // namespace pl::lint
