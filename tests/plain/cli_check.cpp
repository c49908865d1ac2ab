// The command line as a CI job uses it, with no Qt in the test either (a -DPREFIXLENS_GUI=OFF
// build has none):
//   cli_check lint-fixtures BIN DIR          every DIR/NAME.expected.json: `lint --format json
//                                           --no-cost INPUT` run in DIR gives exactly its exit
//                                           status, findings (rule, severity, pointer, line),
//                                           stderr text, the details it states, and the log
//                                           format and conversations it names
//   cli_check sarif BIN DIR SCHEMA          SARIF of every fixture validates against SCHEMA
//                                           (python3-jsonschema; exit 77, a skip, without it)
//   cli_check run-verify BIN                every built-in scenario replays with --verify: the
//                                           cached logits equal a full recompute
//   cli_check eval-golden BIN MODEL_DIR     `eval --json` logits match MODEL_DIR/golden.json,
//                                           written by an independent NumPy implementation
//   cli_check no-desktop BIN                a -DPREFIXLENS_GUI=OFF build: gui and shot exit 2
//                                           with one line naming the option
//   cli_check replay BIN DIR                `replay --json` on DIR's logs under every policy:
//                                           the token split adds up, each lost prefix has its
//                                           rule, interleaved users are three conversations
//   cli_check help-docs BIN CLI_MD          each command's flags in `help CMD`, in `help`'s
//                                           synopsis and in CLI_MD's synopsis block are the
//                                           same, and CLI_MD's text names each in code
//   cli_check stumbles BIN DATA_DIR         issue #47's stumbles, each as it was met: a usage
//                                           error is one line saying what was expected, exit
//                                           2, nothing on stdout; a report has no empty parts
// Each prints what it checked and one line per failure; the exit status is 0, 1 or 77.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

extern char** environ;

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

int failures = 0;

void fail(const std::string& what) {
    std::fprintf(stderr, "FAIL: %s\n", what.c_str());
    ++failures;
}

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Run {
    int exit_code = -1;  // -1: did not start or did not exit normally
    std::string out, err;
};

// Runs argv[0] with the arguments in `cwd`, capturing stdout and stderr through temporary files
// (a pipe pair would need a poll loop to avoid a full-pipe deadlock).
Run run(const std::vector<std::string>& argv, const fs::path& cwd = {}) {
    Run r;
    const fs::path tmp = fs::temp_directory_path();
    std::string out_name = (tmp / "cli_check.out.XXXXXX").string();
    std::string err_name = (tmp / "cli_check.err.XXXXXX").string();
    const int out_fd = mkstemp(out_name.data());
    const int err_fd = mkstemp(err_name.data());
    if (out_fd < 0 || err_fd < 0) {
        fail("cannot create temporary files in " + tmp.string());
        return r;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
    posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
    if (!cwd.empty())
        posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc == 0) {
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (WIFEXITED(status))
            r.exit_code = WEXITSTATUS(status);
    } else {
        fail("cannot start " + argv[0]);
    }
    close(out_fd);
    close(err_fd);
    r.out = read_file(out_name);
    r.err = read_file(err_name);
    fs::remove(out_name);
    fs::remove(err_name);
    return r;
}

std::string first_line(const std::string& s) {
    return s.substr(0, s.find('\n'));
}

using Key = std::tuple<std::string, std::string, std::string, int>;

std::vector<Key> keys_of(const json& findings) {
    std::vector<Key> v;
    for (const auto& f : findings)
        v.emplace_back(f.value("rule", ""), f.value("severity", ""), f.value("pointer", ""),
                       f.value("line", 0));
    std::sort(v.begin(), v.end());
    return v;
}

std::string describe(const std::vector<Key>& v) {
    std::string s;
    for (const auto& [rule, sev, ptr, line] : v)
        s += "\n    " + rule + " " + sev + " " + ptr + " line " + std::to_string(line);
    return s.empty() ? "\n    (none)" : s;
}

std::vector<fs::path> expected_files(const fs::path& dir) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().filename().string().ends_with(".expected.json"))
            files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// Where a fixture states a finding's details (the cause of a miss, the parameter that changed),
// the finding at that place carries exactly those values; a block number in details is also the
// one the message names, counted from 1 as the providers' documentation counts. A finding about
// a place in a request's prompt says which tokens it is.
void check_details(const std::string& name, const json& exp, const json& findings) {
    for (const auto& g : findings) {
        const std::string rule = g.value("rule", "");
        const bool placed =
            rule == "dynamic-prefix" || rule == "dynamic-tools" || rule == "prefix-changed";
        if (placed && !g.contains("tokens"))
            fail(name + ": a " + rule + " finding names no tokens: " + g.dump());
        if (g.contains("tokens")) {
            const json& t = g["tokens"];
            if (t.size() != 2 ||
                !(0 <= t.value("begin", -1) && t.value("begin", -1) < t.value("end", -1)))
                fail(name + ": a token range that is not 0 <= begin < end: " + g.dump());
        }
    }
    for (const auto& w : exp.value("findings", json::array())) {
        if (!w.contains("details"))
            continue;
        const json* match = nullptr;
        for (const auto& g : findings) {
            if (g.value("rule", "") == w.value("rule", "") &&
                g.value("pointer", "") == w.value("pointer", "") &&
                g.value("line", 0) == w.value("line", 0))
                match = &g;
        }
        if (!match) {
            fail(name + ": no finding for " + w.dump());
            continue;
        }
        const json d = match->value("details", json::object());
        for (auto it = w["details"].begin(); it != w["details"].end(); ++it) {
            if (!d.contains(it.key()) || d[it.key()] != it.value())
                fail(name + ": details." + it.key() + " is " +
                     (d.contains(it.key()) ? d[it.key()].dump() : std::string("missing")) +
                     ", want " + it.value().dump());
        }
        if (w["details"].contains("block") && w["details"]["block"].is_number_integer()) {
            const std::string say =
                "content block " + std::to_string(w["details"]["block"].get<int>());
            const std::string msg = match->value("message", "");
            const std::size_t at = msg.find(say);
            const bool whole = at != std::string::npos &&
                               (at + say.size() == msg.size() ||
                                !std::isdigit(static_cast<unsigned char>(msg[at + say.size()])));
            if (!whole)
                fail(name + ": the message does not say '" + say + "': " + msg);
        }
    }
}

int lint_fixtures(const std::string& bin, const fs::path& dir) {
    const auto files = expected_files(dir);
    if (files.size() < 14)
        fail("only " + std::to_string(files.size()) + " *.expected.json in " + dir.string());
    for (const fs::path& f : files) {
        const std::string name = f.filename().string();
        json exp;
        try {
            exp = json::parse(read_file(f));
        } catch (const json::exception& e) {
            fail(name + ": " + e.what());
            continue;
        }
        const std::string input = exp.value("input", "");
        // A relative path, as a user types it: messages name the file as given.
        const Run r = run({bin, "lint", "--format", "json", "--no-cost", input}, dir);
        const int want_exit = exp.value("exit", -1);
        if (r.exit_code != want_exit) {
            fail(name + ": exit " + std::to_string(r.exit_code) + ", want " +
                 std::to_string(want_exit) + " (stderr: " + first_line(r.err) + ")");
        }
        if (exp.contains("stderr") &&
            r.err.find(exp["stderr"].get<std::string>()) == std::string::npos)
            fail(name + ": stderr lacks '" + exp["stderr"].get<std::string>() + "': " + r.err);
        json got = json::object();
        if (!r.out.empty()) {
            try {
                got = json::parse(r.out);
            } catch (const json::exception& e) {
                fail(name + ": the output is not JSON: " + e.what());
                continue;
            }
        }
        const json findings = got.value("findings", json::array());
        for (const auto& g : findings) {
            if (g.value("file", "") != input)
                fail(name + ": a finding names file '" + g.value("file", "") + "'");
            if (g.value("column", 0) < 1 || g.value("message", "").empty())
                fail(name + ": a finding without a column or message: " + g.dump());
        }
        const auto want = keys_of(exp.value("findings", json::array()));
        const auto have = keys_of(findings);
        if (want != have)
            fail(name + ": findings differ\n  expected:" + describe(want) +
                 "\n  got:" + describe(have));
        check_details(name, exp, findings);
        if (r.out.empty())
            continue;
        const json& summary = got.value("summary", json::object());
        if (summary.value("token_counts", "") != "estimated")
            fail(name + ": summary.token_counts is not \"estimated\": " + summary.dump());
        // A log names the record format it was read as, and how many conversations it holds.
        const json file = summary.contains("files") && !summary["files"].empty()
                              ? summary["files"][0]
                              : json::object();
        for (const char* key : {"format", "conversations"}) {
            if (exp.contains(key) && file.value(key, json()) != exp[key])
                fail(name + ": summary.files[0]." + key + " is " + file.value(key, json()).dump() +
                     ", want " + exp[key].dump());
        }
    }
    std::printf("lint-fixtures: %zu fixtures checked\n", files.size());
    return failures ? 1 : 0;
}

int sarif(const std::string& bin, const fs::path& dir, const fs::path& schema) {
    const Run probe = run({"/usr/bin/env", "python3", "-c", "import jsonschema"});
    if (probe.exit_code != 0) {
        std::printf(
            "SKIP: python3 with the jsonschema module is not installed "
            "(Debian: python3-jsonschema)\n");
        return 77;
    }
    std::vector<std::string> args{bin, "lint", "--format", "sarif"};
    std::size_t inputs = 0;
    for (const fs::path& f : expected_files(dir)) {
        const json exp = json::parse(read_file(f), nullptr, false);
        if (exp.is_object() && exp.contains("input")) {
            args.push_back(exp["input"].get<std::string>());
            ++inputs;
        }
    }
    const Run r = run(args, dir);
    // A fixture with bad input makes a failed invocation, still valid SARIF.
    if (r.exit_code != 1 && r.exit_code != 2)
        fail("lint --format sarif exited " + std::to_string(r.exit_code) + ": " +
             first_line(r.err));
    const json doc = json::parse(r.out, nullptr, false);
    if (doc.is_discarded() || doc.value("version", "") != "2.1.0")
        fail("the SARIF output is not a SARIF 2.1.0 document");
    const fs::path out =
        fs::temp_directory_path() / ("cli_check." + std::to_string(getpid()) + ".sarif");
    std::ofstream(out, std::ios::binary) << r.out;
    const Run v = run({"/usr/bin/env", "python3", "-c",
                       "import json, sys, jsonschema\n"
                       "schema = json.load(open(sys.argv[1]))\n"
                       "doc = json.load(open(sys.argv[2]))\n"
                       "jsonschema.validate(doc, schema)\n",
                       schema.string(), out.string()});
    fs::remove(out);
    if (v.exit_code != 0)
        fail("the SARIF does not validate against " + schema.string() + ":\n" + v.err);
    std::printf("sarif: %zu inputs in one SARIF log checked against %s\n", inputs,
                schema.filename().c_str());
    return failures ? 1 : 0;
}

int run_verify(const std::string& bin) {
    const Run list = run({bin, "run", "--list"});
    if (list.exit_code != 0)
        fail("run --list exited " + std::to_string(list.exit_code));
    std::vector<std::string> names;
    std::istringstream lines(list.out);
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty())
            names.push_back(line.substr(0, line.find(' ')));
    }
    if (names.size() < 10)
        fail("run --list names " + std::to_string(names.size()) + " scenarios, want >= 10");
    for (const std::string& name : names) {
        const Run r = run({bin, "run", name, "--verify", "--json"});
        if (r.exit_code != 0) {
            fail(name + ": run --verify exited " + std::to_string(r.exit_code) + ": " +
                 first_line(r.err));
            continue;
        }
        int requests = 0, verified = 0, cached = 0;
        std::istringstream out(r.out);
        for (std::string line; std::getline(out, line);) {
            const json j = json::parse(line, nullptr, false);
            if (j.is_discarded()) {
                fail(name + ": a line of --json output is not JSON: " + line);
                break;
            }
            ++requests;
            if (j.contains("max_abs_diff_vs_full") && j.contains("verify_tolerance")) {
                ++verified;
                const double d = j["max_abs_diff_vs_full"], tol = j["verify_tolerance"];
                if (!(d <= tol))
                    fail(name + " request " + std::to_string(j.value("request", -1)) +
                         ": cached logits differ from a full recompute by " + std::to_string(d));
            }
            cached += j.value("cached_tokens", 0);
        }
        if (requests == 0 || verified != requests)
            fail(name + ": " + std::to_string(verified) + " of " + std::to_string(requests) +
                 " requests carry a --verify difference");
        std::printf("run-verify: %-24s %3d requests verified, %6d tokens from the cache\n",
                    name.c_str(), requests, cached);
    }
    return failures ? 1 : 0;
}

int eval_golden(const std::string& bin, const fs::path& model) {
    const json golden = json::parse(read_file(model / "golden.json"), nullptr, false);
    if (golden.is_discarded() || !golden.contains("cases")) {
        fail("cannot read " + (model / "golden.json").string());
        return 1;
    }
    int cases = 0;
    for (const auto& c : golden["cases"]) {
        const auto tokens = c["tokens"].get<std::vector<int>>();
        const auto want = c["logits"].get<std::vector<double>>();
        std::string list;
        for (int t : tokens)
            list += (list.empty() ? "" : ",") + std::to_string(t);
        const Run r = run({bin, "eval", "--model", model.string(), "--backend", "cpu", "--tokens",
                           list, "--json"});
        const json got = json::parse(r.out, nullptr, false);
        if (r.exit_code != 0 || got.is_discarded()) {
            fail(std::to_string(tokens.size()) + " tokens: eval exited " +
                 std::to_string(r.exit_code) + ": " + first_line(r.err));
            continue;
        }
        const auto logits = got.value("logits", std::vector<double>{});
        if (logits.size() != want.size()) {
            fail(std::to_string(tokens.size()) + " tokens: " + std::to_string(logits.size()) +
                 " logits, want " + std::to_string(want.size()));
            continue;
        }
        // The tolerance tests/test_cpu_model.cpp holds the CPU backend to.
        int bad = 0;
        for (std::size_t i = 0; i < want.size(); ++i) {
            if (std::abs(logits[i] - want[i]) > 1e-4 + 1e-3 * std::abs(want[i])) {
                if (bad++ < 3)
                    fail(std::to_string(tokens.size()) + " tokens: logit " + std::to_string(i) +
                         " is " + std::to_string(logits[i]) + ", want " + std::to_string(want[i]));
            }
        }
        ++cases;
    }
    if (cases < 6)
        fail("only " + std::to_string(cases) + " golden cases evaluated");
    std::printf("eval-golden: %d cases against %s\n", cases, golden.value("generator", "").c_str());
    return failures ? 1 : 0;
}

// A build without the desktop: the window and screenshots refuse with one line naming the build
// option, exit 2 and nothing on stdout; the command line still answers.
int no_desktop(const std::string& bin) {
    const fs::path png =
        fs::temp_directory_path() / ("cli_check." + std::to_string(getpid()) + ".png");
    const std::vector<std::vector<std::string>> refused = {
        {bin},
        {bin, "gui"},
        {bin, "gui", "--scenario", "few-shot"},
        {bin, "shot", "few-shot", "-o", png.string()}};
    for (const auto& argv : refused) {
        const Run r = run(argv);
        std::string cmd;
        for (std::size_t i = 1; i < argv.size(); ++i)
            cmd += " " + argv[i];
        if (r.exit_code != 2)
            fail("prefixlens" + cmd + ": exit " + std::to_string(r.exit_code) + ", want 2");
        if (!r.out.empty())
            fail("prefixlens" + cmd + ": wrote to stdout: " + first_line(r.out));
        if (r.err.find("-DPREFIXLENS_GUI=ON") == std::string::npos ||
            std::count(r.err.begin(), r.err.end(), '\n') != 1)
            fail("prefixlens" + cmd + ": not one line naming -DPREFIXLENS_GUI=ON: " + r.err);
        if (fs::exists(png))
            fail("prefixlens" + cmd + ": wrote " + png.string());
    }
    const Run version = run({bin, "--version"});
    if (version.exit_code != 0 || !version.out.starts_with("prefixlens "))
        fail("prefixlens --version: exit " + std::to_string(version.exit_code));
    const Run rules = run({bin, "lint", "--list-rules"});
    if (rules.exit_code != 0 || rules.out.empty())
        fail("prefixlens lint --list-rules: exit " + std::to_string(rules.exit_code));
    std::printf("no-desktop: gui and shot refused with the build option named; the CLI answers\n");
    return failures ? 1 : 0;
}

int replay(const std::string& bin, const fs::path& dir) {
    const std::string agent = (dir / "agent-session.jsonl").string();
    // The rule each request of the agent session is charged with ("-": none; "*": any).
    const std::vector<std::string> causes = {"-",
                                             "-",
                                             "dynamic-prefix",
                                             "*",
                                             "unstable-serialization",
                                             "ttl-gap",
                                             "prefix-changed",
                                             "prefix-changed"};
    int checked = 0;
    for (const char* policy :
         {"", "anthropic", "openai", "gemini", "bedrock", "deepseek", "vllm", "radix"}) {
        std::vector<std::string> args{bin, "replay", "--json", agent};
        if (*policy)
            args.insert(args.end(), {"--policy", policy});
        const std::string name = std::string("replay --policy ") + (*policy ? policy : "(own)");
        const Run r = run(args);
        std::vector<json> rows;
        std::istringstream lines(r.out);
        for (std::string line; std::getline(lines, line);)
            rows.push_back(json::parse(line, nullptr, false));
        if (r.exit_code != 0 || rows.size() != causes.size() + 1) {
            fail(name + ": exit " + std::to_string(r.exit_code) + ", " +
                 std::to_string(rows.size()) + " lines: " + first_line(r.err));
            continue;
        }
        // DeepSeek's disk cache keeps units an hour at least: the gap is no loss there.
        const std::string named = policy;
        const bool ttl = named.empty() || named == "anthropic" || named == "openai" ||
                         named == "gemini" || named == "bedrock";
        for (std::size_t i = 0; i < causes.size(); ++i) {
            const json& row = rows[i];
            if (row.is_discarded() || !row.contains("prompt_tokens")) {
                fail(name + ": row " + std::to_string(i) + " is not a request");
                continue;
            }
            if (row["reused_tokens"].get<long long>() + row["written_tokens"].get<long long>() +
                    row["uncached_tokens"].get<long long>() !=
                row["prompt_tokens"].get<long long>())
                fail(name + ": request " + std::to_string(i) + ": the split does not add up");
            std::string want = causes[i];
            if (want == "ttl-gap" && !ttl)
                want = "-";  // vllm and radix keep blocks until they need the room
            const std::string got =
                row["cause"].is_string() ? row["cause"].get<std::string>() : "-";
            if (want != "*" && got != want)
                fail(name + ": request " + std::to_string(i) + ": cause " + got + ", want " + want);
            ++checked;
        }
        const json& s = rows.back();
        if (s.is_discarded() || !s.contains("summary") ||
            s["summary"].value("token_counts", "") != "estimate")
            fail(name + ": the summary does not say the counts are an estimate");
    }
    const Run chat = run({bin, "replay", "--json", (dir / "chat-users.jsonl").string()});
    const std::size_t last = chat.out.rfind('\n', chat.out.size() - 2);
    const json s =
        json::parse(chat.out.substr(last == std::string::npos ? 0 : last + 1), nullptr, false);
    if (chat.exit_code != 0 || s.is_discarded() || s["summary"].value("conversations", 0) != 3)
        fail("replay chat-users.jsonl: not three conversations: " + first_line(chat.err));
    std::printf("replay: %d requests checked under eight policies\n", checked);
    return failures ? 1 : 0;
}

// The flags a text names: "-o" and "--word" tokens, not inside another word.
std::set<std::string> flags_in(const std::string& text) {
    std::set<std::string> out;
    auto word_char = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '-' || (i > 0 && word_char(text[i - 1])))
            continue;
        std::size_t end = i + 1;
        while (end < text.size() && word_char(text[end]))
            ++end;
        const std::string f = text.substr(i, end - i);
        if (f == "-o" ||
            (f.size() > 2 && f[1] == '-' && std::isalpha(static_cast<unsigned char>(f[2]))))
            out.insert(f);
        i = end;
    }
    return out;
}

// A synopsis (`prefixlens help`, or the block of docs/cli.md written from it): the flags of each
// command's forms. A form starts "prefixlens CMD" ("[gui]" for the app) and goes on in the lines
// indented ten spaces or more; a line indented less (the command's summary) ends it.
std::map<std::string, std::set<std::string>> synopsis_flags(const std::string& text) {
    std::map<std::string, std::set<std::string>> out;
    std::string cmd;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("prefixlens ")) {
            std::istringstream words(line.substr(11));
            words >> cmd;
            if (cmd == "[gui]")
                cmd = "gui";
            if (cmd.starts_with("-") || cmd == "help") {
                cmd.clear();
                continue;
            }
            const auto f = flags_in(line.substr(11 + cmd.size()));
            out[cmd].insert(f.begin(), f.end());
        } else if (!cmd.empty() && line.starts_with(std::string(10, ' '))) {
            const auto f = flags_in(line);
            out[cmd].insert(f.begin(), f.end());
        } else {
            cmd.clear();
        }
    }
    return out;
}

// `prefixlens help CMD`: the flags its lists explain, one entry a line ("  -o FILE, --output
// FILE   where ..."): the names before the description (a flag and its aliases), without their
// metavars.
std::vector<std::vector<std::string>> listed_flags(const std::string& help) {
    std::vector<std::vector<std::string>> out;
    std::istringstream lines(help);
    for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with("  -"))
            continue;
        const std::string names = line.substr(2, line.find("  ", 2) - 2);
        std::vector<std::string> entry;
        std::size_t from = 0;
        while (from < names.size()) {
            const std::size_t comma = std::min(names.find(", ", from), names.size());
            const std::string one = names.substr(from, comma - from);
            entry.push_back(one.substr(0, one.find(' ')));
            from = comma + 2;
        }
        out.push_back(entry);
    }
    return out;
}

std::string joined(const std::set<std::string>& s) {
    std::string out;
    for (const auto& x : s)
        out += (out.empty() ? "" : " ") + x;
    return out;
}

// `prefixlens help` against docs/cli.md: every command's flags as `help CMD` lists them are the
// flags of its synopsis in `help`, and of its lines in the synopsis block of cli.md (the first
// fenced block there that starts with "prefixlens "), and each is explained in cli.md's text:
// it appears in a `code span` outside the fenced blocks.
int help_docs(const std::string& bin, const fs::path& cli_md) {
    const Run overview = run({bin, "help"});
    if (overview.exit_code != 0 || overview.out.empty()) {
        fail("prefixlens help: exit " + std::to_string(overview.exit_code) + ": " +
             first_line(overview.err));
        return 1;
    }
    const auto shown = synopsis_flags(overview.out);
    const std::string md = read_file(cli_md);
    // The synopsis block, and the code spans of the text outside every fenced block.
    std::string block, prose;
    bool in_fence = false, in_synopsis = false, synopsis_done = false;
    std::istringstream lines(md);
    for (std::string line; std::getline(lines, line);) {
        const std::size_t indent = line.find_first_not_of(' ');
        if (indent != std::string::npos && line.compare(indent, 3, "```") == 0) {
            in_fence = !in_fence;
            if (!in_fence && in_synopsis) {
                in_synopsis = false;
                synopsis_done = true;
            }
            continue;
        }
        if (in_fence) {
            if (!synopsis_done && !in_synopsis && block.empty() && line.starts_with("prefixlens "))
                in_synopsis = true;
            if (in_synopsis)
                block += line + "\n";
        } else {
            prose += line + "\n";
        }
    }
    if (block.empty())
        fail(cli_md.string() + ": no fenced block of synopsis lines (\"prefixlens CMD ...\")");
    const auto documented = synopsis_flags(block);
    std::set<std::string> explained;
    for (std::size_t at = prose.find('`'); at != std::string::npos;) {
        const std::size_t end = prose.find('`', at + 1);
        if (end == std::string::npos)
            break;
        const auto f = flags_in(prose.substr(at + 1, end - at - 1));
        explained.insert(f.begin(), f.end());
        at = prose.find('`', end + 1);
    }
    int flags = 0;
    for (const auto& [cmd, in_overview] : shown) {
        const Run help = run({bin, "help", cmd});
        const Run dash = run({bin, cmd, "--help"});
        if (help.exit_code != 0 || help.out.empty()) {
            fail("prefixlens help " + cmd + ": exit " + std::to_string(help.exit_code));
            continue;
        }
        if (dash.exit_code != 0 || dash.out != help.out)
            fail("prefixlens " + cmd + " --help differs from prefixlens help " + cmd);
        const auto entries = listed_flags(help.out);
        if (entries.empty())
            fail("prefixlens help " + cmd + " lists no flag");
        const auto doc = documented.find(cmd);
        const std::set<std::string> in_doc =
            doc == documented.end() ? std::set<std::string>{} : doc->second;
        std::set<std::string> listed;
        for (const auto& names : entries) {
            listed.insert(names.begin(), names.end());
            // A synopsis shows a flag by one of its names; the text explains every name.
            auto shows = [&names](const std::set<std::string>& synopsis) {
                return std::any_of(names.begin(), names.end(),
                                   [&](const std::string& n) { return synopsis.count(n) > 0; });
            };
            if (!shows(in_overview))
                fail("prefixlens help leaves " + names[0] + " out of the synopsis of " + cmd);
            if (!shows(in_doc))
                fail(cli_md.filename().string() + ": the synopsis of " + cmd + " leaves out " +
                     names[0] + " (prefixlens help " + cmd + " lists it)");
            for (const auto& f : names) {
                if (!explained.count(f))
                    fail(cli_md.filename().string() + ": " + f + " (a flag of " + cmd +
                         ") is explained nowhere: no `code span` outside the code blocks names "
                         "it");
            }
            ++flags;
        }
        for (const auto& f : in_overview) {
            if (!listed.count(f))
                fail("prefixlens help shows " + f + " for " + cmd + ", which 'help " + cmd +
                     "' does not explain");
        }
        for (const auto& f : in_doc) {
            if (!listed.count(f))
                fail(cli_md.filename().string() + ": the synopsis of " + cmd + " shows " + f +
                     ", which prefixlens " + cmd + " does not take");
        }
    }
    for (const auto& [cmd, f] : documented) {
        if (!shown.count(cmd))
            fail(cli_md.filename().string() + ": the synopsis shows a command '" + cmd +
                 "' that prefixlens help does not: " + joined(f));
    }
    const Run unknown = run({bin, "help", "nosuch"});
    if (unknown.exit_code != 2 || !unknown.out.empty() ||
        std::count(unknown.err.begin(), unknown.err.end(), '\n') != 1)
        fail("prefixlens help nosuch: not exit 2 with one line on stderr");
    if (failures)
        return 1;
    std::printf("help-docs: %zu commands, %d flags: help, help CMD and %s agree\n", shown.size(),
                flags, cli_md.filename().c_str());
    return 0;
}

// What the command line says when it is given something it does not do: exit 2, one line on
// stderr that says what was expected, and nothing on stdout.
void expect_refusal(const std::string& what, const Run& r, const std::vector<std::string>& says) {
    if (r.exit_code != 2)
        fail(what + ": exit " + std::to_string(r.exit_code) + ", want 2");
    if (!r.out.empty())
        fail(what + ": wrote to stdout before its error: " + first_line(r.out));
    if (std::count(r.err.begin(), r.err.end(), '\n') != 1)
        fail(what + ": not one line on stderr: " + r.err);
    for (const std::string& s : says) {
        if (r.err.find(s) == std::string::npos)
            fail(what + ": the message does not say '" + s + "': " + r.err);
    }
}

// issue #47's stumbles of the command line, each as it was met.
int stumbles(const std::string& bin, const fs::path& data) {
    const fs::path lint = data / "lint";
    const std::string a = (lint / "anthropic-rag.json").string();
    const std::string b = (lint / "anthropic-chatbot.json").string();
    // --diff prints text or JSON, and says so when asked for SARIF.
    expect_refusal("lint --diff --format sarif",
                   run({bin, "lint", "--diff", "--format", "sarif", a, b}), {"--diff", "SARIF"});
    // A built-in scenario's name, as run and shot take it, is linted as that scenario's file.
    const Run named = run({bin, "lint", "--format", "json", "timestamp-at-head"});
    const json report = json::parse(named.out, nullptr, false);
    if ((named.exit_code != 0 && named.exit_code != 1) || report.is_discarded() ||
        report.dump().find("scenarios/timestamp-at-head.json") == std::string::npos)
        fail("lint timestamp-at-head: exit " + std::to_string(named.exit_code) +
             ", not the built-in scenario's file linted: " + first_line(named.err));
    expect_refusal("lint no-such-scenario", run({bin, "lint", "no-such-scenario"}),
                   {"no-such-scenario: no such file", "built-in scenario", "timestamp-at-head"});
    const std::string missing = (fs::temp_directory_path() / "cli_check-missing.json").string();
    expect_refusal("lint " + missing, run({bin, "lint", missing}), {missing + ": no such file"});
    // replay: nothing on stdout before the error, in either format, even after a good LOG.
    const std::string log = (data / "replay" / "agent-session.jsonl").string();
    expect_refusal("replay " + missing, run({bin, "replay", missing}),
                   {missing + ": no such file"});
    expect_refusal("replay --json LOG " + missing, run({bin, "replay", "--json", log, missing}),
                   {missing + ": no such file"});
    // A body in another API's shape than --provider reads is refused, naming both.
    expect_refusal("lint --provider openai on an Anthropic body",
                   run({bin, "lint", "--provider", "openai", a}),
                   {a, "Anthropic Messages", "--provider openai", "anthropic or bedrock"});
    const std::string openai = (lint / "openai-chat.json").string();
    expect_refusal("lint --provider anthropic on an OpenAI body",
                   run({bin, "lint", "--provider", "anthropic", openai}),
                   {openai, "OpenAI", "--provider anthropic"});
    expect_refusal("replay --provider deepseek on an Anthropic body",
                   run({bin, "replay", "--provider", "deepseek", a}), {a, "Anthropic Messages"});
    for (const char* provider : {"anthropic", "bedrock"}) {
        const Run ok = run({bin, "lint", "--provider", provider, a});
        if (ok.exit_code != 0 && ok.exit_code != 1)
            fail(std::string("lint --provider ") + provider + " on an Anthropic body: exit " +
                 std::to_string(ok.exit_code) + ": " + first_line(ok.err));
    }
    for (const char* provider : {"openai", "deepseek", "gemini", "bedrock"}) {
        const Run ok = run({bin, "lint", "--provider", provider, openai});
        if (ok.exit_code != 0 && ok.exit_code != 1)
            fail(std::string("lint --provider ") + provider + " on an OpenAI body: exit " +
                 std::to_string(ok.exit_code) + ": " + first_line(ok.err));
    }
    // bench without its scenario runs prints no heading for them, and on the CPU, which times
    // no kernels, no step of per-kernel profiling.
    const Run bench =
        run({bin, "bench", "--backend", "cpu", "--quick", "--no-scenarios", "--model",
             (data / "tiny-gpt2").string(), "--lengths", "16", "--decode-context", "16"});
    if (bench.exit_code != 0)
        fail("bench --no-scenarios: exit " + std::to_string(bench.exit_code) + ": " +
             first_line(bench.err));
    if (bench.out.find("scenario runs") != std::string::npos)
        fail("bench --no-scenarios prints a heading for the scenario runs it left out");
    if (bench.err.find("per-kernel") != std::string::npos ||
        bench.out.find("per-kernel") != std::string::npos)
        fail("bench on the CPU announces a per-kernel profile it cannot take");
    if (failures)
        return 1;
    std::printf("stumbles: each refused or printed as intended\n");
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> a(argv + 1, argv + argc);
    if (a.size() == 3 && a[0] == "lint-fixtures")
        return lint_fixtures(a[1], a[2]);
    if (a.size() == 4 && a[0] == "sarif")
        return sarif(a[1], a[2], a[3]);
    if (a.size() == 2 && a[0] == "run-verify")
        return run_verify(a[1]);
    if (a.size() == 3 && a[0] == "eval-golden")
        return eval_golden(a[1], a[2]);
    if (a.size() == 2 && a[0] == "no-desktop")
        return no_desktop(a[1]);
    if (a.size() == 3 && a[0] == "replay")
        return replay(a[1], a[2]);
    if (a.size() == 3 && a[0] == "help-docs")
        return help_docs(a[1], a[2]);
    if (a.size() == 3 && a[0] == "stumbles")
        return stumbles(a[1], a[2]);
    std::fprintf(stderr,
                 "usage: cli_check lint-fixtures BIN DIR | sarif BIN DIR SCHEMA | run-verify BIN "
                 "| eval-golden BIN MODEL_DIR | no-desktop BIN | replay BIN DIR | help-docs BIN "
                 "CLI_MD | stumbles BIN DATA_DIR\n");
    return 2;
}
