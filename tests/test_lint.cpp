// The prompt-layout linter: the fixture suite with its exact expected findings, the output
// formats (text underline, JSON, SARIF validated against the 2.1.0 schema), bad input, --fix,
// the cost model and the pieces underneath (position-tracking scan, dynamic-value detector,
// the renderer shared with the runner: test_request_runner compares their segments).
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <tuple>

#include "core/assets.h"
#include "lint/cache_cost.h"
#include "lint/dynamic_values.h"
#include "lint/finding_tokens.h"
#include "lint/json_locator.h"
#include "lint/linter.h"
#include "logs/lint_input.h"
#include "prompt/media_tokens.h"
#include "prompt/renderer.h"
#include "runner/scenario.h"
#include "test_support.h"
#include "tokenizer/bpe_tokenizer.h"

using namespace pl;
using json = nlohmann::json;

namespace {

using test::CliResult;
using test::run_cli;

QString lint_dir() {
    return QString::fromStdString((test::data_dir() / "lint").string());
}

BpeTokenizer builtin_tokenizer() {
    const auto dir = builtin_model_dir();
    auto t = BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt");
    if (!t)
        qFatal("%s", t.error().message.c_str());
    return std::move(t.value());
}

lint::LintTables tables() {
    auto t = lint::LintTables::load(assets_dir() / "lint");
    if (!t)
        qFatal("%s", t.error().message.c_str());
    return std::move(t.value());
}

using Key = std::tuple<std::string, std::string, std::string, int>;

std::vector<Key> keys_of(const json& findings) {
    std::vector<Key> v;
    for (const auto& f : findings)
        v.emplace_back(f["rule"], f["severity"], f["pointer"], f["line"]);
    return v;
}

std::string describe(const std::vector<Key>& v) {
    std::string s;
    for (const auto& [r, sev, p, l] : v)
        s += "\n  " + r + " " + sev + " " + p + " line " + std::to_string(l);
    return s.empty() ? "\n  (none)" : s;
}

}  // namespace

class TestLint : public QObject {
    Q_OBJECT

  private slots:
    void fixtures_data();
    void fixtures();
    void text_output_underlines_the_value();
    void sarif_validates_against_the_schema();
    void explain_every_rule();
    void deep_nesting_is_an_error_not_a_crash();
    void huge_string_is_an_error();
    void fix_moves_dynamic_text_and_sorts_tools();
    void fix_refuses_to_overwrite_the_input();
    void stable_date_is_flagged_only_without_a_log();
    void locator_maps_escapes();
    void detector_finds_dynamic_values();
    void cost_model_anthropic_and_openai();
    void long_log_streams();
    void scenario_in_memory_lints_like_its_file();
    void json_tokens_cover_the_dynamic_value();
    void finding_tokens_are_those_of_the_played_prompt();
    void images_and_documents_count_by_size();
    void lookback_checks_twenty_blocks();
    void writes_are_billed_per_ttl();
    void tables_match_models_exactly();
    void pricing_file_overrides_the_tables();
    void diff_names_the_first_divergence();
    void fix_keeps_sentences_tool_calls_and_slots();
    void fix_moves_text_in_gemini_and_converse();
    void a_failed_file_is_in_json_and_sarif();
    void ttl_gap_advises_the_longer_lifetime_only_where_it_helps();
    void forgotten_conversations_compare_with_nothing();
    void default_memory_bound_forgets_past_65536();
    void cost_of_gemini_bedrock_deepseek();
    void shipped_agent_log_has_one_finding_per_cause();
};

void TestLint::fixtures_data() {
    QTest::addColumn<QString>("expected");
    const QDir dir(lint_dir());
    const auto files = dir.entryList({"*.expected.json"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 14);
    for (const QString& f : files)
        QTest::newRow(f.toUtf8().constData()) << dir.filePath(f);
}

void TestLint::fixtures() {
    QFETCH(QString, expected);
    const json exp = json::parse(test::read_file(expected.toStdString()));
    const QString input = QString::fromStdString(exp["input"].get<std::string>());
    // Relative paths, as a user would type them: the file names in messages are checked too.
    const CliResult r = run_cli({"lint", "--format", "json", "--no-cost", input}, lint_dir());
    QCOMPARE(r.exit_code, exp["exit"].get<int>());
    if (exp.contains("stderr"))
        QVERIFY2(r.err.contains(QString::fromStdString(exp["stderr"].get<std::string>())),
                 qPrintable(r.err));
    if (r.out.isEmpty()) {
        QVERIFY(exp["findings"].empty());
        return;
    }
    const json got = json::parse(r.out.toStdString());
    for (const auto& f : got["findings"]) {
        QCOMPARE(QString::fromStdString(f["file"].get<std::string>()), input);
        QVERIFY(f["column"].get<int>() >= 1);
        QVERIFY(!f["message"].get<std::string>().empty());
        // A finding about a place in a request's prompt says which tokens it is.
        const std::string rule = f["rule"];
        if (rule == "dynamic-prefix" || rule == "dynamic-tools" || rule == "prefix-changed")
            QVERIFY2(f.contains("tokens"), f.dump().c_str());
        if (f.contains("tokens")) {
            QCOMPARE(f["tokens"].size(), std::size_t{2});
            const int b = f["tokens"]["begin"], e = f["tokens"]["end"];
            QVERIFY2(0 <= b && b < e, f.dump().c_str());
        }
    }
    auto want = keys_of(exp["findings"]);
    auto have = keys_of(got["findings"]);
    std::sort(want.begin(), want.end());
    std::sort(have.begin(), have.end());
    if (want != have)
        QFAIL(("findings differ\nexpected:" + describe(want) + "\ngot:" + describe(have)).c_str());
    // Where a fixture states a finding's details (the cause of a miss, the parameter that
    // changed), the finding at that place carries exactly those values.
    for (const auto& w : exp["findings"]) {
        if (!w.contains("details"))
            continue;
        const json* match = nullptr;
        for (const auto& f : got["findings"]) {
            if (f["rule"] == w["rule"] && f["pointer"] == w["pointer"] && f["line"] == w["line"])
                match = &f;
        }
        QVERIFY(match != nullptr);
        for (auto it = w["details"].begin(); it != w["details"].end(); ++it) {
            const json& d = (*match)["details"];
            QVERIFY2(d.contains(it.key()) && d[it.key()] == it.value(),
                     (w.dump() + "\ngot: " + match->dump()).c_str());
        }
        // Block numbers in messages count from 1, as the providers' documentation does.
        if (w["details"].contains("block")) {
            const std::string say =
                "content block " + std::to_string(w["details"]["block"].get<int>());
            const std::string msg = (*match)["message"].get<std::string>();
            const std::size_t at = msg.find(say);
            QVERIFY2(at != std::string::npos &&
                         (at + say.size() == msg.size() ||
                          !std::isdigit(static_cast<unsigned char>(msg[at + say.size()]))),
                     match->dump().c_str());
        }
    }
    QCOMPARE(got["summary"]["token_counts"].get<std::string>(), std::string("estimated"));
    // A log names the record format it was read as.
    if (exp.contains("format"))
        QCOMPARE(got["summary"]["files"][0]["format"].get<std::string>(),
                 exp["format"].get<std::string>());
    if (exp.contains("conversations"))
        QCOMPARE(got["summary"]["files"][0]["conversations"].get<int>(),
                 exp["conversations"].get<int>());
}

void TestLint::text_output_underlines_the_value() {
    const CliResult r = run_cli({"lint", "anthropic-chatbot.json"}, lint_dir());
    QCOMPARE(r.exit_code, 1);
    const QStringList lines = r.out.split('\n');
    int at = -1;
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].startsWith("anthropic-chatbot.json:7:30: warning: ") &&
            lines[i].endsWith("[dynamic-prefix]"))
            at = i;
    }
    QVERIFY2(at >= 0, qPrintable(r.out));
    const QString source = lines[at + 1];
    const QString underline = lines[at + 2];
    const int caret = static_cast<int>(underline.indexOf('^'));
    QVERIFY(caret > 0);
    const QString marked = source.mid(caret, underline.trimmed().size());
    QCOMPARE(marked, QString("09:41:07, Monday 30 November 2026"));
    QVERIFY(r.out.contains("estimates"));
    QVERIFY(r.out.contains("cost estimate for 10 sends"));
    // The timestamp in the final user message is not reported.
    QVERIFY(!r.out.contains(":15:"));
}

void TestLint::sarif_validates_against_the_schema() {
    QTemporaryDir tmp;
    QStringList args{"lint", "--format", "sarif"};
    const QDir dir(lint_dir());
    // Every input, the broken ones included: a failed file is a failed invocation with its
    // location, and the log must still validate.
    for (const QString& f : dir.entryList({"*.json", "*.jsonl"}, QDir::Files, QDir::Name)) {
        if (!f.contains("expected") && !f.startsWith("sarif"))
            args << f;
    }
    const CliResult r = run_cli(args, lint_dir());
    QCOMPARE(r.exit_code, 2);  // bad-line.jsonl is among them
    const json sarif = json::parse(r.out.toStdString());
    QCOMPARE(sarif["version"].get<std::string>(), std::string("2.1.0"));
    QVERIFY(sarif["runs"][0]["results"].size() > 10);
    QCOMPARE(sarif["runs"][0]["invocations"][0]["executionSuccessful"].get<bool>(), false);
    QVERIFY(!sarif["runs"][0]["tool"]["driver"]["rules"][0]["fullDescription"]["text"]
                 .get<std::string>()
                 .empty());
    const QString doc = tmp.filePath("out.sarif");
    test::write_file(doc.toStdString(), r.out.toStdString());
    // Debian's python3-jsonschema; missing is a failure, not a skip.
    QProcess py;
    py.start("/usr/bin/python3",
             {"-c",
              "import json, sys, jsonschema\n"
              "schema = json.load(open(sys.argv[1]))\n"
              "doc = json.load(open(sys.argv[2]))\n"
              "jsonschema.Draft4Validator.check_schema(schema)\n"
              "errors = list(jsonschema.Draft4Validator(schema).iter_errors(doc))\n"
              "for e in errors[:5]: print(list(e.absolute_path), e.message)\n"
              "sys.exit(1 if errors else 0)\n",
              dir.filePath("sarif-schema-2.1.0.json"), doc});
    QVERIFY2(py.waitForStarted(), "/usr/bin/python3 is missing (install python3-jsonschema)");
    py.waitForFinished(120000);
    const QString out = QString::fromUtf8(py.readAllStandardOutput() + py.readAllStandardError());
    QVERIFY2(py.exitStatus() == QProcess::NormalExit && py.exitCode() == 0, qPrintable(out));
}

void TestLint::explain_every_rule() {
    for (const auto& rule : lint::rule_catalog()) {
        const CliResult r = run_cli({"lint", "--explain", rule.name});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.startsWith(QString(rule.name) + " ("));
        QVERIFY(r.out.size() > 200);
    }
    QCOMPARE(run_cli({"lint", "--explain", "no-such-rule"}).exit_code, 2);
    QCOMPARE(run_cli({"lint", "--format", "xml", "x.json"}).exit_code, 2);
    QCOMPARE(run_cli({"lint"}).exit_code, 2);
    QCOMPARE(run_cli({"lint", "/nonexistent/file.json"}).exit_code, 2);
}

void TestLint::deep_nesting_is_an_error_not_a_crash() {
    QTemporaryDir tmp;
    const QString path = tmp.filePath("deep.json");
    test::write_file(path.toStdString(),
                     "{\"messages\": " + std::string(200000, '[') + std::string(200000, ']') + "}");
    CliResult r = run_cli({"lint", path});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains("deep.json:1:") && r.err.contains("nested deeper than"),
             qPrintable(r.err));
    QCOMPARE(r.err.count('\n'), 1);
    // The same in a log line.
    const QString log = tmp.filePath("deep.jsonl");
    test::write_file(log.toStdString(), "{\"messages\":[]}\n" + std::string(100000, '{') + "\n");
    r = run_cli({"lint", log});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains("deep.jsonl:2:"), qPrintable(r.err));
}

void TestLint::huge_string_is_an_error() {
    QTemporaryDir tmp;
    const QString path = tmp.filePath("huge.json");
    test::write_file(path.toStdString(), "{\n  \"system\": \"" + std::string(20u << 20, 'a') +
                                             "\",\n  \"messages\": []\n}\n");
    const CliResult r = run_cli({"lint", path});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains("huge.json:2:13: a string longer than 8 MiB"), qPrintable(r.err));
    QCOMPARE(r.err.count('\n'), 1);
}

void TestLint::fix_moves_dynamic_text_and_sorts_tools() {
    QTemporaryDir tmp;
    for (const char* name : {"anthropic-chatbot.json", "anthropic-agent.json", "openai-chat.json",
                             "openai-responses.json", "anthropic-session-pl.json",
                             "anthropic-fewshot-ja.json", "gemini-dynamic.json"}) {
        const QString out = tmp.filePath(QString("fixed-") + name);
        const CliResult r = run_cli({"lint", "--fix", "-o", out, name}, lint_dir());
        QCOMPARE(r.exit_code, 1);  // the input's findings
        const CliResult again = run_cli({"lint", "--format", "json", out});
        const json j = json::parse(again.out.toStdString());
        for (const auto& f : j["findings"]) {
            const std::string rule = f["rule"];
            QVERIFY2(rule != "dynamic-prefix" && rule != "dynamic-tools" &&
                         rule != "unstable-serialization",
                     (std::string(name) + ": " + f.dump()).c_str());
        }
    }
    // To stdout: the report goes to stderr, the request to stdout.
    const CliResult r = run_cli({"lint", "--fix", "anthropic-chatbot.json"}, lint_dir());
    const json fixed = json::parse(r.out.toStdString());
    const std::string sys = fixed["system"][0]["text"];
    QVERIFY(sys.find("09:41:07") == std::string::npos);
    QVERIFY(sys.rfind("You are the support assistant", 0) == 0);
    const std::string last = fixed["messages"][2]["content"];
    QVERIFY(last.find("Current time: 09:41:07, Monday 30 November 2026.") != std::string::npos);
    QVERIFY(r.err.contains("[dynamic-prefix]"));
    // Cost with the fixes is lower.
    const CliResult c = run_cli({"lint", "--format", "json", "anthropic-chatbot.json"}, lint_dir());
    const json cj = json::parse(c.out.toStdString());
    const json& cost = cj["summary"]["files"][0]["cost"];
    QVERIFY(cost["with_fixes"]["usd"].get<double>() < cost["as_is"]["usd"].get<double>());
    QCOMPARE(cost["as_is"]["cache_read_input_tokens"].get<long>(), 0L);
    QVERIFY(cost["with_fixes"]["cache_read_input_tokens"].get<long>() > 0);
}

void TestLint::fix_refuses_to_overwrite_the_input() {
    QTemporaryDir tmp;
    const QString in = tmp.filePath("req.json");
    const std::string original =
        test::read_file((test::data_dir() / "lint" / "anthropic-chatbot.json").string());
    test::write_file(in.toStdString(), original);
    CliResult r = run_cli({"lint", "--fix", "-o", in, in});
    QCOMPARE(r.exit_code, 2);
    QVERIFY(r.err.contains("refusing to overwrite"));
    r = run_cli({"lint", "--fix", "-o", tmp.filePath("./req.json"), in});
    QCOMPARE(r.exit_code, 2);
    QCOMPARE(test::read_file(in.toStdString()), original);
    // A bad input leaves no output file behind.
    const QString bad = tmp.filePath("bad.json");
    test::write_file(bad.toStdString(), "{\"messages\": [");
    r = run_cli({"lint", "--fix", "-o", tmp.filePath("out.json"), bad});
    QCOMPARE(r.exit_code, 2);
    QVERIFY(!QFile::exists(tmp.filePath("out.json")));
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
}

void TestLint::stable_date_is_flagged_only_without_a_log() {
    // The agent log's policy date is stable across the log and not reported there; the first
    // request alone does report it (a date with a clock time and a weekday), so the log is what
    // suppresses it.
    const std::string log =
        test::read_file((test::data_dir() / "lint" / "agent-log.jsonl").string());
    const std::string first = log.substr(0, log.find('\n'));
    QTemporaryDir tmp;
    const QString path = tmp.filePath("first.json");
    test::write_file(path.toStdString(), json::parse(first)["body"].dump(2));
    const CliResult r = run_cli({"lint", "--format", "json", path});
    const json j = json::parse(r.out.toStdString());
    bool found = false;
    for (const auto& f : j["findings"]) {
        if (f["rule"] == "dynamic-prefix" &&
            f["details"]["value"].get<std::string>().find("1 March 2026") != std::string::npos)
            found = true;
    }
    QVERIFY(found);
}

void TestLint::locator_maps_escapes() {
    const std::string text =
        "{\n  \"a\": [1, {\"b~/c\": \"x\\n\\u00e9\\ud83d\\ude00 when\"}],\n  \"z\": \"end\"\n}";
    const auto v = lint::find_value(text, "/a/1/b~0~1c");
    QVERIFY(v.has_value());
    QCOMPARE(text[*v], '"');
    // Decoded: "x" "\n" "é"(2 bytes) "😀"(4 bytes) " when": byte 8 is the space.
    const std::size_t at = lint::string_byte_offset(text, *v, 8);
    QCOMPARE(text.substr(at, 5), std::string(" when"));
    const lint::TextPosition pos = lint::locate(text, "/z", 0, 3);
    QCOMPARE(pos.line, 3);
    QCOMPARE(pos.column, 9);
    QCOMPARE(pos.underline, 3);
    QVERIFY(!lint::find_value(text, "/a/7").has_value());
    // Brackets inside strings are not nesting; the fifth level is refused at its bracket.
    JsonLimits four;
    four.max_depth = 4;
    QVERIFY(parse_json("[[[[\"[[[[[[\"]]]]", "x.json", four).ok());
    const auto deep = parse_json("[[[[[]]]]]", "x.json", four);
    QVERIFY(!deep.ok());
    QCOMPARE(deep.error().message, std::string("x.json:1:5: JSON nested deeper than 4 levels"));
}

void TestLint::detector_finds_dynamic_values() {
    const lint::DynamicValueDetector d;
    struct Case {
        const char* text;
        const char* value;  // the span expected (confident), or nullptr for none
    };
    const Case cases[] = {
        {"Current time: 09:41:07, Monday 30 November 2026.", "09:41:07, Monday 30 November 2026"},
        {"作成日時: 2026年11月30日 午前9時41分", "2026年11月30日 午前9時41分"},
        {"現在 午前9時41分です", "午前9時41分"},
        {"Sesja: poniedziałek, 30 listopada 2026 r.", "poniedziałek, 30 listopada 2026 r."},
        {"now=1796031667 ok", "1796031667"},
        {"ts 1796031667123", "1796031667123"},
        {"id 7f3c9e2a-41d0-4b8e-9a6f-2c5d8e1b7a90", "7f3c9e2a-41d0-4b8e-9a6f-2c5d8e1b7a90"},
        {"commit 9fceb02d0ae598e95dc970b74767f19372d61af8",
         "9fceb02d0ae598e95dc970b74767f19372d61af8"},
        {"token Zx8Kq2LmN4pR7sT1vW3yB6", "Zx8Kq2LmN4pR7sT1vW3yB6"},
        {"trace_id: abc123def456", "abc123def456"},
        {"Request #1042 for you", "Request #1042"},
        {"logged at 2026-11-30T09:41:07Z", "2026-11-30T09:41:07Z"},
        {"Returns within 30 days; order LC-20931; before 2 p.m.", nullptr},
        {"Open 9:00 to 17:00 on business days.", nullptr},
        {"Effective from 1 March 2026.", nullptr},
        {"Today is 2026-11-30.", "2026-11-30"},
    };
    for (const Case& c : cases) {
        const auto spans = d.find(c.text);
        std::vector<std::string> confident;
        for (const auto& s : spans) {
            if (s.confident)
                confident.push_back(std::string(c.text).substr(s.begin, s.end - s.begin));
        }
        const std::string got = confident.empty() ? std::string("nothing") : confident[0];
        const std::string what = std::string(c.text) + " -> " + got;
        if (!c.value)
            QVERIFY2(confident.empty(), what.c_str());
        else
            QVERIFY2(confident.size() == 1 && confident[0] == c.value, what.c_str());
    }
}

void TestLint::cost_model_anthropic_and_openai() {
    const BpeTokenizer tok = builtin_tokenizer();
    const lint::LintTables t = tables();
    SegmentTokenCache cache(tok);
    // Anthropic: a breakpoint after a long system prompt; the second send reads it.
    const std::string policy(6000, 'x');
    ojson body = {{"model", "claude-sonnet-4-5"},
                  {"system", ojson::array({{{"type", "text"},
                                            {"text", "Policy. " + std::string(4000, 'a') + " end"},
                                            {"cache_control", {{"type", "ephemeral"}}}}})},
                  {"messages", ojson::array({{{"role", "user"}, {"content", "hi"}}})}};
    auto p = render_request(body, lint::Provider::Anthropic, cache, "");
    QVERIFY(p.ok());
    const int bp = p->breakpoints.at(0).token;
    QVERIFY(bp > 1024);
    lint::CacheCostModel a(lint::Provider::Anthropic, t, 1024, 300);
    auto u0 = a.add(*p, "claude-sonnet-4-5", 0);
    QCOMPARE(u0.cache_creation_input_tokens, bp);
    QCOMPARE(u0.cache_read_input_tokens, 0);
    QCOMPARE(u0.input_tokens, p->size() - bp);
    auto u1 = a.add(*p, "claude-sonnet-4-5", 100);
    QCOMPARE(u1.cache_read_input_tokens, bp);
    QCOMPARE(u1.cache_creation_input_tokens, 0);
    auto u2 = a.add(*p, "claude-sonnet-4-5", 100 + 301);  // after the 5-minute TTL
    QCOMPARE(u2.cache_read_input_tokens, 0);
    QCOMPARE(u2.cache_creation_input_tokens, bp);
    // Prices: 1.25x write, 0.1x read of $3 per million.
    QVERIFY(std::abs(u1.usd - (u1.input_tokens + 0.1 * bp) * 3.0 / 1e6) < 1e-12);
    QVERIFY(std::abs(u0.usd - (u0.input_tokens + 1.25 * bp) * 3.0 / 1e6) < 1e-12);

    // OpenAI: cached_tokens from 1,024 in 128-token steps.
    QCOMPARE(lint::openai_cacheable(1023, 1024, 128), 0);
    QCOMPARE(lint::openai_cacheable(1024, 1024, 128), 1024);
    QCOMPARE(lint::openai_cacheable(1300, 1024, 128), 1280);
    ojson ob = {
        {"model", "gpt-4.1"},
        {"messages", ojson::array({{{"role", "system"}, {"content", std::string(5000, 'b')}},
                                   {{"role", "user"}, {"content", "hi"}}})}};
    auto op = render_request(ob, lint::Provider::OpenAI, cache, "");
    QVERIFY(op.ok());
    lint::CacheCostModel o(lint::Provider::OpenAI, t, 1024, 300);
    auto v0 = o.add(*op, "gpt-4.1", 0);
    QCOMPARE(v0.cache_read_input_tokens, 0);
    auto v1 = o.add(*op, "gpt-4.1", 10);
    QCOMPARE(v1.cache_read_input_tokens, lint::openai_cacheable(op->size(), 1024, 128));
    QVERIFY(std::abs(v1.usd - (v1.input_tokens * 2.0 + v1.cache_read_input_tokens * 0.5) / 1e6) <
            1e-12);
}

void TestLint::long_log_streams() {
    // 200 agent steps with the current time at the head of the system prompt: every step after
    // the first reports prefix-changed, the dynamic value is reported once. The policy is long
    // enough to stay above the model's minimum cacheable length with any of our tokenizers.
    QTemporaryDir tmp;
    const QString path = tmp.filePath("agent.jsonl");
    {
        std::string out;
        ojson msgs = ojson::array({{{"role", "user"}, {"content", "Work through the tickets."}}});
        std::string policy;
        for (int k = 0; k < 200; ++k)
            policy += "Rule " + std::to_string(k) + ": answer from the policy and be brief. ";
        for (int i = 0; i < 200; ++i) {
            ojson body = {
                {"model", "claude-sonnet-4-5"},
                {"system",
                 ojson::array(
                     {{{"type", "text"},
                       {"text", "Current time: 2026-11-30T09:" + std::to_string(10 + i / 60) + ":" +
                                    std::to_string(10 + i % 50) + "Z\n" + policy},
                       {"cache_control", {{"type", "ephemeral"}}}}})},
                {"messages", msgs}};
            out += ojson({{"ts", 1796031667 + i * 5}, {"body", body}}).dump() + "\n";
            msgs.push_back({{"role", "assistant"}, {"content", "Step " + std::to_string(i)}});
            msgs.push_back({{"role", "user"}, {"content", "Next ticket please."}});
        }
        test::write_file(path.toStdString(), out);
    }
    const auto t0 = std::chrono::steady_clock::now();
    const CliResult r = run_cli({"lint", "--format", "json", path});
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    qInfo("linted 200 requests in %.2f s", s);
    QCOMPARE(r.exit_code, 1);
    const json j = json::parse(r.out.toStdString());
    // One cause, one finding: the timestamp's dynamic-prefix lists the 199 later requests whose
    // cache it voids; no prefix-changed per request.
    int changed = 0, dynamic = 0;
    for (const auto& f : j["findings"]) {
        if (f["rule"] == "prefix-changed")
            ++changed;
        if (f["rule"] == "dynamic-prefix") {
            ++dynamic;
            QCOMPARE(f["line"].get<int>(), 1);
            QCOMPARE(f["details"]["affected_requests"].size(), std::size_t{199});
            QCOMPARE(f["details"]["affected_lines"][0].get<int>(), 2);
            QVERIFY2(f["message"].get<std::string>().find("voids the cache of 199 later") !=
                         std::string::npos,
                     f["message"].get<std::string>().c_str());
        }
    }
    QCOMPARE(changed, 0);
    QCOMPARE(dynamic, 1);
    QCOMPARE(j["summary"]["requests"].get<int>(), 200);
}

// The app lints the scenario it holds (edits included) with lint_scenario: the same findings and
// the same --fix rewrite as `prefixlens lint` on the file.
void TestLint::scenario_in_memory_lints_like_its_file() {
    const BpeTokenizer tok = builtin_tokenizer();
    const lint::LintTables t = tables();
    using Row = std::tuple<std::string, std::string, std::string, int>;
    auto rows = [](const lint::LintReport& r) {
        std::vector<Row> v;
        for (const auto& f : r.findings)
            v.emplace_back(f.rule, f.pointer, f.message, f.request);
        std::sort(v.begin(), v.end());
        return v;
    };
    for (const std::string& name : builtin_scenario_names()) {
        const std::string path = (builtin_scenarios_dir() / (name + ".json")).string();
        lint::Linter from_file(tok, t, {});
        std::ostringstream fix_out;
        QVERIFY(lint::lint_file(path, from_file, &fix_out).ok());
        auto sc = load_scenario(name);
        QVERIFY(sc.ok());
        lint::Linter in_memory(tok, t, {});
        Scenario fixed;
        auto r = lint::lint_scenario(*sc, in_memory, &fixed);
        QVERIFY2(r.ok(), name.c_str());
        QCOMPARE(r->requests, static_cast<int>(sc->requests.size()));
        const lint::LintReport a = from_file.finish();
        const lint::LintReport b = in_memory.finish();
        QVERIFY2(rows(a) == rows(b), name.c_str());
        QCOMPARE(a.summary.cost.as_is.usd, b.summary.cost.as_is.usd);
        auto file_fixed = parse_scenario(fix_out.str(), path);
        QVERIFY2(file_fixed.ok(), name.c_str());
        QCOMPARE(fixed.requests.size(), file_fixed->requests.size());
        for (std::size_t i = 0; i < fixed.requests.size(); ++i)
            QVERIFY2(fixed.requests[i].body == file_fixed->requests[i].body, name.c_str());
    }
    // Unmerged, each request that repeats a finding gets its own.
    auto sc = load_scenario("timestamp-at-head");
    QVERIFY(sc.ok());
    for (bool merge : {true, false}) {
        lint::LintOptions o;
        o.merge_repeats = merge;
        lint::Linter l(tok, t, o);
        QVERIFY(lint::lint_scenario(*sc, l).ok());
        std::vector<int> requests;
        for (const auto& f : l.finish().findings) {
            if (f.rule == "dynamic-prefix") {
                requests.push_back(f.request);
                QCOMPARE(f.message.find("(in 2 requests)") != std::string::npos, merge);
            }
        }
        const std::vector<int> expected = merge ? std::vector<int>{0} : std::vector<int>{0, 1};
        QCOMPARE(requests, expected);
    }
}

// `prefixlens lint --format json` says where a dynamic value sits in the prompt: "tokens" covers
// the tokens of the timestamp, all of them and no others.
void TestLint::json_tokens_cover_the_dynamic_value() {
    const CliResult r = run_cli({"lint", "--format", "json", "anthropic-chatbot.json"}, lint_dir());
    QCOMPARE(r.exit_code, 1);
    const json j = json::parse(r.out.toStdString());
    const std::string value = "09:41:07, Monday 30 November 2026";
    const json* found = nullptr;
    for (const auto& f : j["findings"]) {
        if (f["rule"] == "dynamic-prefix" && f["details"]["value"] == value)
            found = &f;
    }
    QVERIFY2(found, r.out.toUtf8().constData());
    QVERIFY2(found->contains("tokens"), found->dump().c_str());
    const int begin = (*found)["tokens"]["begin"], end = (*found)["tokens"]["end"];
    QCOMPARE((*found)["details"]["token_offset"].get<int>(), begin);

    const BpeTokenizer tok = builtin_tokenizer();
    const ojson body = ojson::parse(
        test::read_file((test::data_dir() / "lint" / "anthropic-chatbot.json").string()));
    auto prompt = render_prompt(body, tok, "anthropic-chatbot.json");
    QVERIFY(prompt.ok());
    QVERIFY(end <= static_cast<int>(prompt->tokens.size()));
    auto text = [&](int b, int e) {
        std::string s;
        for (int t = b; t < e; ++t)
            s += tok.token_bytes(prompt->tokens[static_cast<std::size_t>(t)]);
        return s;
    };
    QVERIFY2(text(begin, end).find(value) != std::string::npos, text(begin, end).c_str());
    // Without its first or its last token the value is no longer whole.
    QVERIFY(text(begin + 1, end).find(value) == std::string::npos);
    QVERIFY(text(begin, end - 1).find(value) == std::string::npos);
}

// The linter's token ranges come from its own rendering of each request; the app selects them in
// the prompt the model played, rendered by prompt_template: for every built-in scenario, each
// finding's range is the one found in that prompt.
void TestLint::finding_tokens_are_those_of_the_played_prompt() {
    const BpeTokenizer tok = builtin_tokenizer();
    const lint::LintTables t = tables();
    int placed = 0;
    for (const std::string& name : builtin_scenario_names()) {
        auto sc = load_scenario(name);
        QVERIFY(sc.ok());
        lint::LintOptions o;
        o.merge_repeats = false;
        lint::Linter l(tok, t, o);
        QVERIFY2(lint::lint_scenario(*sc, l).ok(), name.c_str());
        for (const lint::Finding& f : l.finish().findings) {
            QVERIFY(f.request >= 0 && f.request < static_cast<int>(sc->requests.size()));
            const ScenarioRequest& req = sc->requests[static_cast<std::size_t>(f.request)];
            auto prompt = render_prompt(req.body, tok, name);
            QVERIFY(prompt.ok());
            const std::string pointer =
                lint::pointer_in_body(f.pointer, "/requests/" + std::to_string(f.request));
            const auto want = lint::tokens_of_finding(f, pointer, *prompt);
            const std::string what = name + " " + f.rule + " " + f.pointer;
            QVERIFY2(f.tokens == want, what.c_str());
            placed += f.tokens.has_value();
        }
    }
    QVERIFY(placed > 10);
}

namespace {

std::string png_bytes(int w, int h, std::size_t filler) {
    std::string b("\x89PNG\r\n\x1a\n", 8);
    b += std::string("\0\0\0\x0dIHDR", 8);
    for (int v : {w, h})
        for (int shift : {24, 16, 8, 0})
            b += static_cast<char>((v >> shift) & 0xFF);
    b += std::string("\x08\x02\0\0\0\0\0\0\0", 9);
    for (std::size_t i = 0; i < filler; ++i)
        b += static_cast<char>((i * 73 + 41) & 0xFF);
    return b;
}

std::string base64(const std::string& in) {
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < in.size(); i += 3) {
        const unsigned v = (static_cast<unsigned char>(in[i]) << 16) |
                           (static_cast<unsigned char>(in[i + 1]) << 8) |
                           static_cast<unsigned char>(in[i + 2]);
        for (int s : {18, 12, 6, 0})
            out += k[(v >> s) & 63];
    }
    if (i < in.size()) {
        unsigned v = static_cast<unsigned char>(in[i]) << 16;
        if (i + 1 < in.size())
            v |= static_cast<unsigned char>(in[i + 1]) << 8;
        out += k[(v >> 18) & 63];
        out += k[(v >> 12) & 63];
        out += i + 1 < in.size() ? k[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

std::string policy_text() {
    std::string t;
    for (int k = 0; k < 150; ++k)
        t +=
            "Rule " + std::to_string(k) + ": answer from the policy, quote the days and be brief. ";
    return t;
}

// A system prompt (block 1) and n one-block messages (blocks 2..n+1), the one at message index
// `bp` (block bp+2) marked, with the given TTLs on the system prompt and that message.
ojson numbered_conversation(int n, int bp, const char* system_ttl = nullptr) {
    ojson sys = {{"type", "text"}, {"text", policy_text()}};
    if (system_ttl)
        sys["cache_control"] = {{"type", "ephemeral"}, {"ttl", system_ttl}};
    ojson msgs = ojson::array();
    for (int i = 0; i < n; ++i) {
        ojson block = {{"type", "text"}, {"text", "Turn " + std::to_string(i) + " of the task."}};
        if (i == bp)
            block["cache_control"] = {{"type", "ephemeral"}};
        msgs.push_back(
            {{"role", i % 2 == 0 ? "user" : "assistant"}, {"content", ojson::array({block})}});
    }
    return {{"model", "claude-sonnet-4-5"}, {"system", ojson::array({sys})}, {"messages", msgs}};
}

}  // namespace

// A 4 MiB photo is ~1,600 tokens, not millions: images count by their pixels, PDFs by pages.
void TestLint::images_and_documents_count_by_size() {
    const std::string png = png_bytes(1092, 1092, 16);
    auto size = image_size(png);
    QVERIFY(size.has_value());
    QCOMPARE(size->first, 1092);
    QCOMPARE(size->second, 1092);
    const std::string gif = std::string("GIF89a") + std::string("\x40\x01\xf0\x00", 4);
    QCOMPARE(image_size(gif)->first, 320);
    QCOMPARE(image_size(gif)->second, 240);
    // A JPEG with an APP0 segment, then a baseline frame header: 640 wide, 480 high.
    const std::string jpeg = std::string(
        "\xff\xd8\xff\xe0\x00\x04\x00\x00\xff\xc0\x00\x11\x08"
        "\x01\xe0\x02\x80\x03",
        18);
    QCOMPARE(image_size(jpeg)->first, 640);
    QCOMPARE(image_size(jpeg)->second, 480);
    QCOMPARE(claude_image_tokens(1092, 1092), 1590);
    QCOMPARE(claude_image_tokens(200, 200), 54);
    QVERIFY(claude_image_tokens(8000, 6000) <= 1600);
    QCOMPARE(openai_image_tokens(1024, 1024, false), 765);
    QCOMPARE(openai_image_tokens(4000, 4000, true), 85);
    QCOMPARE(pdf_pages("%PDF-1.7 1 0 obj << /Type /Pages /Count 2 >> 2 0 obj << /Type /Page >> "
                       "3 0 obj <</Type/Page>>"),
             2);
    QCOMPARE(base64_decode(base64("hello, world")), std::string("hello, world"));

    // In a request: a 4 MiB base64 photo renders as its pixel count, quickly.
    const BpeTokenizer tok = builtin_tokenizer();
    SegmentTokenCache cache(tok);
    const std::string data = base64(png_bytes(4000, 3000, 3u << 20));
    QVERIFY(data.size() > (4u << 20));
    ojson body = {
        {"model", "claude-sonnet-4-5"},
        {"messages",
         ojson::array(
             {{{"role", "user"},
               {"content",
                ojson::array({{{"type", "image"},
                               {"source",
                                {{"type", "base64"}, {"media_type", "image/png"}, {"data", data}}}},
                              {{"type", "text"}, {"text", "Is it damaged?"}}})}}})}};
    auto p = render_request(body, Provider::Anthropic, cache, "");
    QVERIFY(p.ok());
    QVERIFY2(p->size() > 1500 && p->size() < 1700, std::to_string(p->size()).c_str());
    // Another image is other tokens from its block on; the same image is the same tokens.
    ojson other = body;
    other["messages"][0]["content"][0]["source"]["data"] = base64(png_bytes(4000, 3000, 1000));
    auto q = render_request(other, Provider::Anthropic, cache, "");
    QVERIFY(q.ok());
    QVERIFY(p->rendered.tokens != q->rendered.tokens);
    // OpenAI: a data URL with "detail": "low" is 85 tokens.
    ojson o = {
        {"model", "gpt-4.1"},
        {"messages",
         ojson::array({{{"role", "user"},
                        {"content", ojson::array({{{"type", "image_url"},
                                                   {"image_url",
                                                    {{"url", "data:image/png;base64," + data},
                                                     {"detail", "low"}}}}})}}})}};
    auto op = render_request(o, Provider::OpenAI, cache, "");
    QVERIFY(op.ok());
    QVERIFY2(op->size() > 85 && op->size() < 85 + 20, std::to_string(op->size()).c_str());
}

// The documentation's example: a write at block 15 is not found from a breakpoint at block 35
// (it checks blocks 35 down to 16), and is from block 34.
void TestLint::lookback_checks_twenty_blocks() {
    const BpeTokenizer tok = builtin_tokenizer();
    const lint::LintTables t = tables();
    SegmentTokenCache cache(tok);
    auto render = [&](const ojson& b) {
        auto r = render_request(b, Provider::Anthropic, cache, "");
        if (!r)
            qFatal("%s", r.error().message.c_str());
        return std::move(r.value());
    };
    const RenderedRequest first = render(numbered_conversation(14, 13));  // block 15
    QCOMPARE(first.breakpoints.at(0).block + 1, 15);
    for (const auto& [bp_message, reads] : {std::pair{33, false}, std::pair{32, true}}) {
        lint::CacheCostModel m(Provider::Anthropic, t, 1024, 300);
        m.add(first, "claude-sonnet-4-5", 0);
        const RenderedRequest later = render(numbered_conversation(34, bp_message));
        const auto u = m.add(later, "claude-sonnet-4-5", 10);
        const QByteArray what = QByteArray::number(later.breakpoints.at(0).block + 1);
        QVERIFY2((u.cache_read_input_tokens == first.breakpoints[0].token) == reads, what);
        QVERIFY2((u.cache_read_input_tokens == 0) == !reads, what);
    }
}

void TestLint::writes_are_billed_per_ttl() {
    const BpeTokenizer tok = builtin_tokenizer();
    const lint::LintTables t = tables();
    SegmentTokenCache cache(tok);
    ojson body = numbered_conversation(3, 2, "1h");
    auto p = render_request(body, Provider::Anthropic, cache, "");
    QVERIFY(p.ok());
    QCOMPARE(p->breakpoints.size(), std::size_t{2});
    lint::CacheCostModel m(Provider::Anthropic, t, 1024, 300);
    const auto u = m.add(*p, "claude-sonnet-4-5", 0);
    const int one_hour = p->breakpoints[0].token;
    QCOMPARE(u.cache_creation_1h_input_tokens, one_hour);
    QCOMPARE(u.cache_creation_input_tokens, p->breakpoints[1].token);
    const double want =
        (u.input_tokens + 2.0 * one_hour + 1.25 * (p->breakpoints[1].token - one_hour)) * 3.0 / 1e6;
    QVERIFY2(std::abs(u.usd - want) < 1e-12, std::to_string(u.usd).c_str());
    // The data the policy simulator reads.
    QCOMPARE(t.rules.anthropic.max_breakpoints, 4);
    QCOMPARE(t.rules.anthropic.lookback_blocks, 20);
    QCOMPARE(t.rules.openai.min_tokens, 1024);
    QCOMPARE(t.rules.openai.step_tokens, 128);
}

void TestLint::tables_match_models_exactly() {
    const lint::LintTables t = tables();
    QCOMPARE(lint::normalize_model_id("anthropic/claude-sonnet-4-5"),
             std::string("claude-sonnet-4-5"));
    QCOMPARE(lint::normalize_model_id("us.anthropic.claude-3-5-sonnet-20240620-v1:0"),
             std::string("claude-3-5-sonnet-20240620"));
    QVERIFY(lint::model_is_row("claude-sonnet-4-5-20250929", "claude-sonnet-4-5"));
    QVERIFY(lint::model_is_row("claude-3-7-sonnet-latest", "claude-3-7-sonnet"));
    QVERIFY(lint::model_is_row("gpt-4o-2024-08-06", "gpt-4o"));
    QVERIFY(!lint::model_is_row("claude-opus-4-1", "claude-opus-4"));
    QVERIFY(!lint::model_is_row("gpt-4o-mini", "gpt-4o"));
    auto known = [&](Provider p, const char* m) { return t.price_match(p, m).known; };
    QVERIFY(known(Provider::Anthropic, "claude-sonnet-4-5-20250929"));
    QVERIFY(known(Provider::Anthropic, "us.anthropic.claude-3-5-sonnet-20240620-v1:0"));
    QVERIFY(known(Provider::OpenAI, "gpt-4o-2024-08-06"));
    QCOMPARE(t.price(Provider::OpenAI, "gpt-4o-mini").input, 0.15);
    // A newer model than the tables: its family's row, said, not silently.
    const lint::ModelMatch opus = t.price_match(Provider::Anthropic, "claude-opus-4-9");
    QVERIFY(!opus.known);
    QCOMPARE(opus.row, std::string("claude-opus-4"));
    QVERIFY(!t.min_tokens_match(Provider::Anthropic, "claude-opus-4-9").known);
    QVERIFY(!known(Provider::OpenAI, "o3-mini"));
    QCOMPARE(t.min_tokens(Provider::Anthropic, "claude-haiku-4-5-20251001"), 4096);
    // Every row says where and when its figure was read.
    for (const auto* pp : {&t.anthropic, &t.openai})
        for (const auto& [match, row] : pp->rows) {
            QVERIFY2(row.source.rfind("https://", 0) == 0, row.name.c_str());
            QCOMPARE(row.read.size(), std::size_t{10});
        }
    for (const auto& row : t.anthropic_min.rows) {
        QVERIFY2(row.source.rfind("https://", 0) == 0, row.name.c_str());
        QCOMPARE(row.read.size(), std::size_t{10});
    }
}

void TestLint::pricing_file_overrides_the_tables() {
    QTemporaryDir tmp;
    const QString prices = tmp.filePath("contract.json");
    test::write_file(prices.toStdString(),
                     R"({"anthropic": {"models": [{"name": "claude-sonnet-4-5", "input": 1.5}]}})");
    auto cost = [&](const QStringList& extra) {
        const CliResult r = run_cli(
            QStringList{"lint", "--format", "json", "anthropic-chatbot.json"} + extra, lint_dir());
        const json j = json::parse(r.out.toStdString());
        return j["summary"]["files"][0]["cost"]["as_is"]["usd"].get<double>();
    };
    const double list = cost({});
    const double contract = cost({"--pricing", prices});
    QVERIFY2(std::abs(contract - list / 2) < 1e-9,
             (std::to_string(list) + " " + std::to_string(contract)).c_str());
    // A broken file: exit 2, one line naming the file and the place.
    const QString bad = tmp.filePath("bad.json");
    test::write_file(bad.toStdString(),
                     R"({"anthropic": {"models": [{"name": "x", "input": "1"}]}})");
    const CliResult r = run_cli({"lint", "--pricing", bad, "anthropic-chatbot.json"}, lint_dir());
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains("bad.json: /anthropic/models/0:"), qPrintable(r.err));
    QCOMPARE(r.err.count('\n'), 1);
}

void TestLint::diff_names_the_first_divergence() {
    QTemporaryDir tmp;
    const std::string log =
        test::read_file((test::data_dir() / "lint" / "agent-log.jsonl").string());
    std::vector<std::string> lines;
    std::istringstream in(log);
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    const QString a = tmp.filePath("a.json"), b = tmp.filePath("b.json");
    test::write_file(a.toStdString(), json::parse(lines[2])["body"].dump(2));
    test::write_file(b.toStdString(), json::parse(lines[3])["body"].dump(2));
    CliResult r = run_cli({"lint", "--diff", a, b});
    QCOMPARE(r.exit_code, 1);
    QVERIFY2(r.out.contains("first divergence: ") && r.out.contains("history-rewritten") &&
                 r.out.contains("content block") && r.out.contains("cost of"),
             qPrintable(r.out));
    r = run_cli({"lint", "--diff", "--format", "json", a, b});
    const json j = json::parse(r.out.toStdString());
    QCOMPARE(j["divergence"]["details"]["cause"].get<std::string>(),
             std::string("history-rewritten"));
    QCOMPARE(j["divergence"]["pointer"].get<std::string>(),
             std::string("/messages/2/content/0/content"));
    QVERIFY(j["b_usage_after_a"]["cache_creation_input_tokens"].get<int>() > 0);
    // The same request twice: nothing to show, and B reads what A cached.
    r = run_cli({"lint", "--diff", "--format", "json", a, a});
    QCOMPARE(r.exit_code, 0);
    const json same = json::parse(r.out.toStdString());
    QVERIFY(same["divergence"].is_null());
    QVERIFY(same["b_usage_after_a"]["cache_read_input_tokens"].get<int>() > 0);
    QCOMPARE(run_cli({"lint", "--diff", a}).exit_code, 2);
}

// `body` written to DIR/in.json, as `lint --fix` rewrites it.
static json fixed_by_lint(const QTemporaryDir& dir, const json& body) {
    const QString in = dir.filePath("in.json");
    test::write_file(in.toStdString(), body.dump(2));
    const CliResult r = run_cli({"lint", "--fix", in});
    return json::parse(r.out.toStdString());
}

// Gemini and Converse: the time line leaves the system instruction for the final user turn, after
// its cache point; a request that ends with the model's turn keeps everything where it was.
void TestLint::fix_moves_text_in_gemini_and_converse() {
    QTemporaryDir tmp;
    auto fixed_of = [&](const json& body) { return fixed_by_lint(tmp, body); };
    const std::string now = "Current time: 09:41:07, Monday 30 November 2026.";
    const json gemini = {
        {"model", "gemini-2.5-pro"},
        {"systemInstruction", {{"parts", json::array({{{"text", now + "\n" + policy_text()}}})}}},
        {"contents",
         json::array({{{"role", "user"}, {"parts", json::array({{{"text", "Hi"}}})}}})}};
    json f = fixed_of(gemini);
    QCOMPARE(f["systemInstruction"]["parts"][0]["text"].get<std::string>(), policy_text());
    QCOMPARE(f["contents"].size(), std::size_t{1});
    QCOMPARE(f["contents"][0]["parts"][0]["text"].get<std::string>(), "Hi\n\n" + now);
    // After a function response the line is a text part of its own, in the same user turn.
    json tool_turn = gemini;
    tool_turn["contents"] = json::array(
        {{{"role", "user"}, {"parts", json::array({{{"text", "Where is LC-20931?"}}})}},
         {{"role", "model"},
          {"parts", json::array({{{"functionCall",
                                   {{"name", "get_order"}, {"args", {{"id", "LC-20931"}}}}}}})}},
         {{"role", "user"},
          {"parts", json::array({{{"functionResponse",
                                   {{"name", "get_order"}, {"response", {{"ok", true}}}}}}})}}});
    f = fixed_of(tool_turn);
    QVERIFY(f["contents"][0] == tool_turn["contents"][0]);
    QCOMPARE(f["contents"][2]["parts"].size(), std::size_t{2});
    QCOMPARE(f["contents"][2]["parts"][1]["text"].get<std::string>(), now);
    // Ending with the model's turn (a prefill): nowhere to move to.
    json prefill = gemini;
    prefill["contents"].push_back(
        {{"role", "model"}, {"parts", json::array({{{"text", "Sure"}}})}});
    QVERIFY(fixed_of(prefill) == prefill);

    const json converse = {
        {"modelId", "anthropic.claude-sonnet-4-5-20250929-v1:0"},
        {"system", json::array({{{"text", now + "\n" + policy_text()}},
                                {{"cachePoint", {{"type", "default"}}}}})},
        {"messages",
         json::array({{{"role", "user"},
                       {"content", json::array({{{"text", "Hi"}},
                                                {{"cachePoint", {{"type", "default"}}}}})}}})}};
    f = fixed_of(converse);
    QCOMPARE(f["system"][0]["text"].get<std::string>(), policy_text());
    QVERIFY(f["system"][1] == converse["system"][1]);
    // After the user turn's cache point, so the moved line is never cached.
    const json& content = f["messages"][0]["content"];
    QCOMPARE(content.size(), std::size_t{3});
    QVERIFY(content[1].contains("cachePoint"));
    QCOMPARE(content[2]["text"].get<std::string>(), now);
    const CliResult again = run_cli({"lint", "--format", "json", tmp.filePath("in.json")});
    QVERIFY(again.out.contains("dynamic-prefix"));  // the input
    test::write_file(tmp.filePath("out.json").toStdString(), f.dump(2));
    const CliResult fixed = run_cli({"lint", "--format", "json", tmp.filePath("out.json")});
    QVERIFY2(!fixed.out.contains("dynamic-prefix"), qPrintable(fixed.out));
    json assistant_last = converse;
    assistant_last["messages"].push_back(
        {{"role", "assistant"}, {"content", json::array({{{"text", "Sure"}}})}});
    QVERIFY(fixed_of(assistant_last) == assistant_last);
}

void TestLint::fix_keeps_sentences_tool_calls_and_slots() {
    QTemporaryDir tmp;
    auto fixed_of = [&](const json& body) { return fixed_by_lint(tmp, body); };
    // A stable-looking value (a policy date, a build hash) stays where it is.
    const json stable = json::parse(
        test::read_file((test::data_dir() / "lint" / "anthropic-stable-values.json").string()));
    QVERIFY(fixed_of(stable)["system"] == stable["system"]);
    // The current time inside a long sentence is not cut out of it.
    const std::string sentence =
        "Answer every question about returns, refunds and repairs politely, and remember that "
        "the current time is 09:41:07, Monday 30 November 2026, when you compute deadlines for "
        "the customer's order.";
    json body = {{"model", "claude-sonnet-4-5"},
                 {"system", json::array({{{"type", "text"},
                                          {"text", sentence + "\n\n" + policy_text()},
                                          {"cache_control", {{"type", "ephemeral"}}}}})},
                 {"messages", json::array({{{"role", "user"}, {"content", "Hi"}}})}};
    json f = fixed_of(body);
    QVERIFY(f["system"] == body["system"]);
    // OpenAI: the request ends with a tool result; the moved line goes to a new user message at
    // the end, never into the user message before the tool call.
    json chat = {
        {"model", "gpt-4.1"},
        {"messages",
         json::array(
             {{{"role", "system"},
               {"content", "Current time: 09:41:07, Monday 30 November 2026.\n" + policy_text()}},
              {{"role", "user"}, {"content", "Where is LC-20931?"}},
              {{"role", "assistant"},
               {"content", nullptr},
               {"tool_calls",
                json::array({{{"id", "call_1"},
                              {"type", "function"},
                              {"function", {{"name", "get_order"}, {"arguments", "{}"}}}}})}},
              {{"role", "tool"}, {"tool_call_id", "call_1"}, {"content", "shipped"}}})}};
    f = fixed_of(chat);
    QVERIFY(f["messages"][1] == chat["messages"][1]);
    QCOMPARE(f["messages"].size(), std::size_t{5});
    QCOMPARE(f["messages"][4]["role"].get<std::string>(), std::string("user"));
    QVERIFY(f["messages"][4]["content"].get<std::string>().find("09:41:07") != std::string::npos);
    QVERIFY(f["messages"][0]["content"].get<std::string>().find("09:41:07") == std::string::npos);
    // Anthropic: an assistant prefill at the end leaves no place to move to: nothing moves.
    json prefill = {
        {"model", "claude-sonnet-4-5"},
        {"system", "Current time: 09:41:07, Monday 30 November 2026.\n" + policy_text()},
        {"messages", json::array({{{"role", "user"}, {"content", "Hi"}},
                                  {{"role", "assistant"}, {"content", "Hello"}}})}};
    QVERIFY(fixed_of(prefill)["system"] == prefill["system"]);
    // Five slots (four explicit and automatic caching) become four.
    const json five =
        json::parse(test::read_file((test::data_dir() / "lint" / "anthropic-slots.json").string()));
    f = fixed_of(five);
    int markers = f.contains("cache_control") ? 1 : 0;
    for (const char* part : {"tools", "system"})
        for (const auto& b : f[part])
            markers += b.contains("cache_control");
    for (const auto& m : f["messages"])
        for (const auto& b : m["content"])
            markers += b.contains("cache_control");
    QCOMPARE(markers, 4);
    const CliResult again = run_cli({"lint", "--format", "json", tmp.filePath("in.json")});
    QVERIFY(again.out.contains("too-many-breakpoints"));  // the input still has five
}

// A file that fails as a whole is reported in JSON and SARIF too (CI must not read it as clean).
void TestLint::a_failed_file_is_in_json_and_sarif() {
    CliResult r = run_cli({"lint", "--format", "json", "bad-shape.json"}, lint_dir());
    QCOMPARE(r.exit_code, 2);
    json j = json::parse(r.out.toStdString());
    QCOMPARE(j["findings"].size(), std::size_t{1});
    QCOMPARE(j["findings"][0]["rule"].get<std::string>(), std::string("invalid-input"));
    QCOMPARE(j["findings"][0]["line"].get<int>(), 5);
    QCOMPARE(j["findings"][0]["pointer"].get<std::string>(), std::string("/messages/0/role"));
    QCOMPARE(j["summary"]["input_errors"].get<int>(), 1);
    r = run_cli({"lint", "--format", "sarif", "bad-json.json", "clean.json"}, lint_dir());
    QCOMPARE(r.exit_code, 2);
    j = json::parse(r.out.toStdString());
    const json& inv = j["runs"][0]["invocations"][0];
    QCOMPARE(inv["executionSuccessful"].get<bool>(), false);
    const json& note = inv["toolExecutionNotifications"][0];
    QCOMPARE(note["locations"][0]["physicalLocation"]["region"]["startLine"].get<int>(), 5);
    QCOMPARE(note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].get<std::string>(),
             std::string("bad-json.json"));
    // A clean run is a successful invocation.
    r = run_cli({"lint", "--format", "sarif", "clean.json"}, lint_dir());
    QVERIFY(json::parse(r.out.toStdString())["runs"][0]["invocations"][0]["executionSuccessful"]
                .get<bool>());
}

// A gap past the 5-minute lifetime advises the 1-hour one; a gap past the 1-hour lifetime has no
// longer one to advise (the finding stands, without a fix). Both built-in TTL scenarios cache
// more than the 1,024-token minimum, so their gaps are real expiries.
void TestLint::ttl_gap_advises_the_longer_lifetime_only_where_it_helps() {
    const BpeTokenizer tok = builtin_tokenizer();
    const lint::LintTables t = tables();
    for (const auto& [name, advised] :
         {std::pair{"ttl-5m-vs-1h", true}, std::pair{"ttl-1h", false}}) {
        const std::string path = (builtin_scenarios_dir() / (std::string(name) + ".json")).string();
        lint::Linter linter(tok, t, {});
        QVERIFY(lint::lint_file(path, linter, nullptr).ok());
        const lint::LintReport r = linter.finish();
        int gaps = 0;
        for (const auto& f : r.findings) {
            QVERIFY2(f.rule != "below-min-cacheable", name);
            if (f.rule != "ttl-gap")
                continue;
            ++gaps;
            QCOMPARE(f.fix.has_value(), advised);
            if (advised)
                QVERIFY(f.fix->find("\"1h\"") != std::string::npos);
        }
        QCOMPARE(gaps, 1);
    }
}

namespace {

// A one-message request of conversation `c` (session "s<c>"), its text `text`.
lint::RequestInput chat_input(int c, const std::string& text, double at) {
    lint::RequestInput in;
    in.body = {{"model", "claude-sonnet-4-5"},
               {"messages", ojson::array({{{"role", "user"}, {"content", text}}})}};
    in.file = "memory.jsonl";
    in.session = "s" + std::to_string(c);
    in.at_s = at;
    return in;
}

}  // namespace

// Past LintOptions::max_remembered_conversations the conversation seen least recently is
// forgotten: its next request is compared with nothing (a first request), while every
// conversation still remembered is compared with its own previous request, diverging exactly
// where its text changed.
void TestLint::forgotten_conversations_compare_with_nothing() {
    const BpeTokenizer tok = builtin_tokenizer();
    const lint::LintTables t = tables();
    lint::LintOptions o;
    o.estimate_cost = false;
    o.max_remembered_conversations = 3;
    lint::Linter linter(tok, t, o);
    linter.set_group_conversations(true);
    struct Seen {
        bool first;
        int diverged_at;
        std::vector<int32_t> tokens;
    };
    std::vector<Seen> seen;
    linter.set_observer([&](const lint::RequestTrace& tr) {
        seen.push_back({tr.previous == nullptr, tr.diverged_at, tr.prompt->rendered.tokens});
    });
    const std::string base = "Tell me about the reading room of library number ";
    // Five conversations, one request each: 0 and 1 fall out of a memory of three.
    for (int c = 0; c < 5; ++c)
        QVERIFY(linter.add(chat_input(c, base + std::to_string(c) + ".", c)).ok());
    QCOMPARE(linter.memory().conversations, std::size_t(3));
    QCOMPARE(linter.memory().forgotten, 2LL);
    // Conversation 4 (remembered) asks again with another ending: it diverges from its own
    // first prompt (not from conversation 3's, which differs at the number) where the two
    // rendered prompts stop sharing tokens.
    QVERIFY(linter.add(chat_input(4, base + "4, and its opening hours?", 10)).ok());
    QVERIFY(!seen.back().first);
    const auto common = [](const std::vector<int32_t>& x, const std::vector<int32_t>& y) {
        std::size_t n = 0;
        while (n < x.size() && n < y.size() && x[n] == y[n])
            ++n;
        return static_cast<int>(n);
    };
    QCOMPARE(seen.back().diverged_at, common(seen[4].tokens, seen.back().tokens));
    QVERIFY(seen.back().diverged_at > common(seen[3].tokens, seen.back().tokens));
    // Conversation 0 was forgotten: its second request is a first one, not a divergence from
    // another conversation's prompt.
    QVERIFY(linter.add(chat_input(0, base + "0, and its opening hours?", 11)).ok());
    QVERIFY(seen.back().first);
    QCOMPARE(seen.back().diverged_at, -1);
    QCOMPARE(linter.memory().conversations, std::size_t(3));
    QCOMPARE(linter.memory().forgotten, 3LL);
    // Conversations 3 and 4 and 0 are remembered: 3 extends its own first request.
    QVERIFY(linter.add(chat_input(3, base + "3.", 12)).ok());
    QVERIFY(!seen.back().first);
    QCOMPARE(seen.back().diverged_at, -1);
    // A token bound forgets too, whatever the count.
    lint::LintOptions few_tokens = o;
    few_tokens.max_remembered_conversations = 1000;
    few_tokens.max_remembered_tokens = 3 * static_cast<long long>(seen[0].tokens.size());
    lint::Linter small(tok, t, few_tokens);
    small.set_group_conversations(true);
    for (int c = 0; c < 10; ++c)
        QVERIFY(small.add(chat_input(c, base + std::to_string(c) + ".", c)).ok());
    QVERIFY(small.memory().tokens <= few_tokens.max_remembered_tokens);
    QVERIFY(small.memory().forgotten >= 6);
}

// The default bound, reached: 65,536 conversations remembered, the 65,537th forgets the first.
void TestLint::default_memory_bound_forgets_past_65536() {
    const BpeTokenizer tok = builtin_tokenizer();
    const lint::LintTables t = tables();
    lint::LintOptions o;
    o.estimate_cost = false;
    QCOMPARE(o.max_remembered_conversations, std::size_t(65536));
    lint::Linter linter(tok, t, o);
    linter.set_group_conversations(true);
    bool first_is_first = false;
    linter.set_observer([&](const lint::RequestTrace& tr) { first_is_first = !tr.previous; });
    const int n = 65536 + 2;
    for (int c = 0; c < n; ++c)
        QVERIFY(linter.add(chat_input(c, "Hello " + std::to_string(c % 7), c)).ok());
    QCOMPARE(linter.memory().conversations, std::size_t(65536));
    QCOMPARE(linter.memory().forgotten, 2LL);
    QVERIFY(linter.add(chat_input(1, "Hello 1", n)).ok());  // forgotten: a first request
    QVERIFY(first_is_first);
    QVERIFY(linter.add(chat_input(n - 1, "Hello 1", n + 1)).ok());  // remembered
    QVERIFY(!first_is_first);
}

// The cost estimate of one request sent ten times (--repeat's default) for the three providers
// whose fixtures run with --no-cost, worked out by hand: each provider's caching rule applied
// to the prompt's length and breakpoint, at the list prices copied here from the providers'
// pages (Gemini 2.5 Flash $0.30, cached $0.03; Nova Pro on Bedrock $0.80, writes 1x, reads
// 0.25x; DeepSeek chat $0.56 on a miss, $0.07 on a hit; per million input tokens).
void TestLint::cost_of_gemini_bedrock_deepseek() {
    const BpeTokenizer tok = builtin_tokenizer();
    const lint::LintTables t = tables();
    std::string manual;
    for (int k = 0; k < 260; ++k)
        manual += "Section " + std::to_string(k) + ": returns are accepted within thirty days. ";
    const std::string question = "Can I return a lamp I bought last week?";
    auto cost_of = [&](const ojson& body, lint::Provider p, RenderedRequest& rendered) {
        SegmentTokenCache cache(tok);
        auto r = render_request(body, p, cache, "");
        if (!r)
            qFatal("%s", r.error().message.c_str());
        rendered = std::move(r.value());
        lint::RequestInput in;
        in.body = body;
        in.file = "request.json";
        lint::LintOptions o;
        o.provider = p;
        auto report = lint::lint_request(in, tok, t, o);
        if (!report)
            qFatal("%s", report.error().message.c_str());
        return report->summary.cost;
    };
    auto near = [](double a, double b) { return std::abs(a - b) < 1e-12; };

    // Gemini's implicit cache: from 2,048 tokens (2.5 Flash), the whole repeated prompt is read
    // from the second send on.
    RenderedRequest g;
    const lint::CostSummary gc = cost_of(
        {{"model", "gemini-2.5-flash"},
         {"systemInstruction", {{"parts", ojson::array({{{"text", manual}}})}}},
         {"contents",
          ojson::array({{{"role", "user"}, {"parts", ojson::array({{{"text", question}}})}}})}},
        lint::Provider::Gemini, g);
    const long long n = g.size();
    QVERIFY(n > 2048);
    QVERIFY(gc.available);
    QCOMPARE(gc.requests, 10);
    QCOMPARE(gc.as_is.prompt_tokens, 10 * n);
    QCOMPARE(gc.as_is.cache_read_input_tokens, 9 * n);
    QVERIFY2(near(gc.as_is.usd, (n * 0.30 + 9 * n * 0.03) / 1e6),
             std::to_string(gc.as_is.usd).c_str());
    QVERIFY(near(gc.no_cache_usd, 10 * n * 0.30 / 1e6));

    // Bedrock, Nova Pro: a cachePoint after the system prompt (at least 1,000 tokens) is
    // written once at the input price and read by the nine sends after it at a quarter.
    RenderedRequest b;
    const lint::CostSummary bc = cost_of(
        {{"modelId", "amazon.nova-pro-v1:0"},
         {"system", ojson::array({{{"text", manual}}, {{"cachePoint", {{"type", "default"}}}}})},
         {"messages",
          ojson::array({{{"role", "user"}, {"content", ojson::array({{{"text", question}}})}}})}},
        lint::Provider::Bedrock, b);
    QCOMPARE(b.breakpoints.size(), std::size_t(1));
    const long long bp = b.breakpoints[0].token, bn = b.size();
    QVERIFY(bp >= 1000 && bp < bn);
    QCOMPARE(bc.as_is.cache_creation_input_tokens, bp);
    QCOMPARE(bc.as_is.cache_read_input_tokens, 9 * bp);
    QCOMPARE(bc.as_is.input_tokens, 10 * (bn - bp));
    QVERIFY2(near(bc.as_is.usd, (10 * (bn - bp) * 0.80 + bp * 0.80 + 9 * bp * 0.80 * 0.25) / 1e6),
             std::to_string(bc.as_is.usd).c_str());

    // DeepSeek's disk cache: the first send stores the prefix up to the end of the user's input;
    // each later send reads it (hits), the rest is a miss.
    RenderedRequest d;
    const lint::CostSummary dc =
        cost_of({{"model", "deepseek-chat"},
                 {"messages", ojson::array({{{"role", "system"}, {"content", manual}},
                                            {{"role", "user"}, {"content", question}}})}},
                lint::Provider::DeepSeek, d);
    const long long unit = d.blocks.back().token_end, dn = d.size();
    QVERIFY(unit >= 64 && unit <= dn);
    QCOMPARE(dc.as_is.cache_read_input_tokens, 9 * unit);
    QVERIFY2(near(dc.as_is.usd, ((10 * dn - 9 * unit) * 0.56 + 9 * unit * 0.07) / 1e6),
             std::to_string(dc.as_is.usd).c_str());
    QVERIFY(near(dc.no_cache_usd, 10 * dn * 0.56 / 1e6));
}

// The shipped agent log (assets/traffic/agent-session.jsonl, docs/guide.md's "five breaks"): one
// finding per cause. The clock put at the head of the system prompt at request 6 is confirmed
// only by request 7, after request 6's change was seen: its dynamic-prefix finding replaces that
// prefix-changed one and names request 7 (line 8), which drops the clock again, as voided.
void TestLint::shipped_agent_log_has_one_finding_per_cause() {
    const QString log =
        QString::fromStdString((assets_dir() / "traffic" / "agent-session.jsonl").string());
    const CliResult r = run_cli({"lint", "--format", "json", "--no-cost", log});
    QCOMPARE(r.exit_code, 1);
    const json j = json::parse(r.out.toStdString());
    std::vector<std::pair<std::string, int>> got;
    for (const json& f : j["findings"])
        got.emplace_back(f["rule"].get<std::string>(), f["line"].get<int>());
    const std::vector<std::pair<std::string, int>> want = {
        {"dynamic-prefix", 7},  {"unstable-serialization", 13}, {"ttl-gap", 19},
        {"prefix-changed", 25}, {"prefix-changed", 31},         {"provider-read-nothing", 34}};
    QVERIFY2(got == want, r.out.left(3000).toUtf8().constData());
    const json& clock = j["findings"][0];
    QVERIFY2(clock["details"]["affected_lines"] == json::array({8}), clock.dump().c_str());
    QCOMPARE(j["summary"]["warnings"].get<int>(), 6);
}

QTEST_APPLESS_MAIN(TestLint)
#include "test_lint.moc"
