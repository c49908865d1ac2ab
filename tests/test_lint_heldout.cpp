// The linter on the held-out cases of issue 37 (point 5), fixtures in tests/data/lint/heldout
// (written by make_heldout.py there):
//   - LiteLLM records of an Anthropic /v1/messages call carry the system prompt and the tools
//     beside the messages (top level, model_parameters, a callback's kwargs): they are part of
//     the prompt, so the prefix is counted from them and a 9-minute gap is a ttl-gap;
//   - one tool's keys reordered is one finding, however many tools come after it; two causes in
//     one log are two findings;
//   - a model switched for one turn: the bill reads nothing at the switch (a cold cache, written
//     at that model's price) and, switching back, reads what the first model still holds.
#include <QDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <tuple>

#include "core/assets.h"
#include "lint/cache_cost.h"
#include "lint/lint_report.h"
#include "lint/linter.h"
#include "logs/lint_input.h"
#include "replay/replay.h"
#include "test_support.h"
#include "tokenizer/bpe_tokenizer.h"

using namespace pl;
using json = nlohmann::json;

namespace {

using test::CliResult;
using test::run_cli;

QString heldout_dir() {
    return QString::fromStdString((test::data_dir() / "lint" / "heldout").string());
}

std::string heldout_file(const char* name) {
    return (test::data_dir() / "lint" / "heldout" / name).string();
}

const BpeTokenizer& tokenizer() {
    static const BpeTokenizer tok = [] {
        const auto dir = builtin_model_dir();
        auto t = BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt");
        if (!t)
            qFatal("%s", t.error().message.c_str());
        return std::move(t.value());
    }();
    return tok;
}

const lint::LintTables& tables() {
    static const lint::LintTables t = [] {
        auto r = lint::LintTables::load(assets_dir() / "lint");
        if (!r)
            qFatal("%s", r.error().message.c_str());
        return std::move(r.value());
    }();
    return t;
}

using Key = std::tuple<std::string, std::string, std::string, int>;

std::vector<Key> keys_of(const json& findings) {
    std::vector<Key> v;
    for (const auto& f : findings)
        v.emplace_back(f["rule"], f["severity"], f["pointer"], f["line"]);
    std::sort(v.begin(), v.end());
    return v;
}

std::string describe(const std::vector<Key>& v) {
    std::string s;
    for (const auto& [r, sev, p, l] : v)
        s += "\n  " + r + " " + sev + " " + p + " line " + std::to_string(l);
    return s.empty() ? "\n  (none)" : s;
}

json lint_json(const QString& file, bool cost = false) {
    QStringList args{"lint", "--format", "json"};
    if (!cost)
        args << "--no-cost";
    args << file;
    const CliResult r = run_cli(args, heldout_dir());
    if (r.exit_code != 0 && r.exit_code != 1)
        qFatal("lint %s: exit %d: %s", qPrintable(file), r.exit_code, qPrintable(r.err));
    return json::parse(r.out.toStdString());
}

std::vector<json> findings_of(const json& report, const std::string& rule) {
    std::vector<json> out;
    for (const auto& f : report["findings"])
        if (f["rule"] == rule)
            out.push_back(f);
    return out;
}

lint::LintReport lint_with_cost(const std::string& path) {
    lint::LintOptions options;
    options.estimate_cost = true;
    options.group_conversations = true;
    lint::Linter linter(tokenizer(), tables(), options);
    auto r = lint::lint_file(path, linter, nullptr);
    if (!r)
        qFatal("%s", r.error().message.c_str());
    return linter.finish();
}

}  // namespace

class TestLintHeldout : public QObject {
    Q_OBJECT

  private slots:
    void fixtures_data();
    void fixtures();
    void litellm_system_and_tools_are_the_prefix_data();
    void litellm_system_and_tools_are_the_prefix();
    void reordered_tool_keys_are_one_finding();
    void serializer_upgrade_is_one_finding();
    void two_causes_are_two_findings();
    void model_switch_bills_a_cold_cache();
    void model_switch_in_lint_output();
    void model_switch_in_replay();
};

void TestLintHeldout::fixtures_data() {
    QTest::addColumn<QString>("expected");
    const QDir dir(heldout_dir());
    const auto files = dir.entryList({"*.expected.json"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 6);
    for (const QString& f : files)
        QTest::newRow(f.toUtf8().constData()) << dir.filePath(f);
}

// Exactly the findings the expected file lists (rule, severity, pointer, line), the details it
// states, and the record format.
void TestLintHeldout::fixtures() {
    QFETCH(QString, expected);
    const json exp = json::parse(test::read_file(expected.toStdString()));
    const QString input = QString::fromStdString(exp["input"].get<std::string>());
    const CliResult r = run_cli({"lint", "--format", "json", "--no-cost", input}, heldout_dir());
    QCOMPARE(r.exit_code, exp["exit"].get<int>());
    const json got = json::parse(r.out.toStdString());
    const auto want = keys_of(exp["findings"]);
    const auto have = keys_of(got["findings"]);
    if (want != have)
        QFAIL(("findings differ\nexpected:" + describe(want) + "\ngot:" + describe(have)).c_str());
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
    }
    if (exp.contains("format"))
        QCOMPARE(got["summary"]["files"][0]["format"].get<std::string>(),
                 exp["format"].get<std::string>());
}

void TestLintHeldout::litellm_system_and_tools_are_the_prefix_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("records");
    QTest::newRow("top level") << "litellm-anthropic-top.jsonl" << 3;
    QTest::newRow("model_parameters") << "litellm-anthropic-params.jsonl" << 2;
    QTest::newRow("kwargs.optional_params") << "litellm-anthropic-kwargs.jsonl" << 2;
}

// The system prompt (~2,500 words of varied prose) and the four tools are read: each record's
// prompt is thousands of tokens, its breakpoint above the minimum, and every record after the
// first comes 540 s after the one before, past the 5-minute lifetime.
void TestLintHeldout::litellm_system_and_tools_are_the_prefix() {
    QFETCH(QString, file);
    QFETCH(int, records);
    const json got = lint_json(file);
    const json& summary = got["summary"]["files"][0];
    QCOMPARE(summary["format"].get<std::string>(), std::string("litellm"));
    QCOMPARE(summary["requests"].get<int>(), records);
    QVERIFY2(summary["prompt_tokens"].get<long long>() > 2500LL * records, summary.dump().c_str());
    QVERIFY2(findings_of(got, "below-min-cacheable").empty(), got.dump().c_str());
    const auto gaps = findings_of(got, "ttl-gap");
    QCOMPARE(static_cast<int>(gaps.size()), records - 1);
    for (std::size_t k = 0; k < gaps.size(); ++k) {
        const json& g = gaps[k];
        QCOMPARE(g["line"].get<int>(), static_cast<int>(k) + 2);
        QCOMPARE(g["pointer"].get<std::string>(), std::string("/startTime"));
        QCOMPARE(g["details"]["gap_s"].get<double>(), 540.0);
        QCOMPARE(g["details"]["ttl_s"].get<double>(), 300.0);
        // The tools and the system prompt up to its breakpoint, by the built-in tokenizer's
        // count: the provider wrote 3,300; the built-in BPE counts English prose at up to about
        // twice the providers' tokenizers (docs/cli.md), never at a few dozen tokens.
        const long long expired = g["details"]["tokens_expired"].get<long long>();
        QVERIFY2(expired > 3300 * 2 / 3 && expired < 3300 * 22 / 10, g.dump().c_str());
    }
    // Expired entries are no sign of a broken cache: nothing says the provider should have read.
    QVERIFY(findings_of(got, "provider-read-nothing").empty());
}

// 20 tools; the 6th one's keys come in another order from the second request on. One finding,
// at that tool, naming it, saying its keys were reordered and how many tools after it (14) lose
// their cache; the third request, which keeps the new order, reads again.
void TestLintHeldout::reordered_tool_keys_are_one_finding() {
    const json got = lint_json("tools-reordered-20.jsonl");
    QCOMPARE(static_cast<int>(got["findings"].size()), 1);
    const json& f = got["findings"][0];
    QCOMPARE(f["rule"].get<std::string>(), std::string("unstable-serialization"));
    QCOMPARE(f["line"].get<int>(), 2);
    QCOMPARE(f["pointer"].get<std::string>(), std::string("/body/tools/5"));
    const std::string msg = f["message"];
    QVERIFY2(msg.find("'t05_check_bottom_bracket'") != std::string::npos, msg.c_str());
    QVERIFY2(msg.find("keys are in a different order") != std::string::npos, msg.c_str());
    QVERIFY2(msg.find("14 tools after it") != std::string::npos, msg.c_str());
    QCOMPARE(f["details"]["tool"].get<std::string>(), std::string("t05_check_bottom_bracket"));
    QCOMPARE(f["details"]["tools_after"].get<int>(), 14);
    QVERIFY(f["details"]["tokens_lost"].get<long long>() > 1000);
}

// A serializer upgrade reorders the keys of the 6th tool and of every tool after it: still one
// cause, one finding at the first of them, which counts the others.
void TestLintHeldout::serializer_upgrade_is_one_finding() {
    const json got = lint_json("tools-upgrade-20.jsonl");
    QCOMPARE(static_cast<int>(got["findings"].size()), 1);
    const json& f = got["findings"][0];
    QCOMPARE(f["rule"].get<std::string>(), std::string("unstable-serialization"));
    QCOMPARE(f["pointer"].get<std::string>(), std::string("/body/tools/5"));
    QCOMPARE(f["details"]["tools_after"].get<int>(), 14);
    QCOMPARE(f["details"]["tools_reserialized"].get<int>(), 15);
    const std::string msg = f["message"];
    QVERIFY2(msg.find("14 more tools after it are serialized differently too") != std::string::npos,
             msg.c_str());
}

// Reordered keys at request 2, a changed description at request 4: two findings, one each.
void TestLintHeldout::two_causes_are_two_findings() {
    const json got = lint_json("tools-two-causes.jsonl");
    QCOMPARE(static_cast<int>(got["findings"].size()), 2);
    const json& a = got["findings"][0];
    const json& b = got["findings"][1];
    QCOMPARE(a["rule"].get<std::string>(), std::string("unstable-serialization"));
    QCOMPARE(a["line"].get<int>(), 2);
    QCOMPARE(a["details"]["tools_after"].get<int>(), 17);
    QCOMPARE(b["rule"].get<std::string>(), std::string("prefix-changed"));
    QCOMPARE(b["line"].get<int>(), 4);
    QCOMPARE(b["details"]["cause"].get<std::string>(), std::string("tools-changed"));
    QCOMPARE(b["pointer"].get<std::string>(), std::string("/body/tools/7"));
}

// sonnet, sonnet, opus (one turn), sonnet: a minute apart, the system prompt cached.
void TestLintHeldout::model_switch_bills_a_cold_cache() {
    const lint::LintReport r = lint_with_cost(heldout_file("model-switch.jsonl"));
    QCOMPARE(static_cast<int>(r.billing.size()), 4);
    const lint::RequestUsage& first = r.billing[0].usage;
    const lint::RequestUsage& second = r.billing[1].usage;
    const lint::RequestUsage& opus = r.billing[2].usage;
    const lint::RequestUsage& back = r.billing[3].usage;
    const int system = first.cache_creation_input_tokens;  // the breakpoint on the system prompt
    QVERIFY(system > 1024);
    QCOMPARE(second.cache_read_input_tokens, system);
    // The switch: opus's cache is cold. It writes the prefix at opus's own write price.
    QCOMPARE(opus.cache_read_input_tokens, 0);
    QCOMPARE(opus.cache_creation_input_tokens, system);
    QCOMPARE(r.billing[2].model, std::string("claude-opus-4-1"));
    const double want_opus =
        lint::input_cost_usd(lint::Provider::Anthropic, tables(), "claude-opus-4-1",
                             opus.input_tokens, opus.cache_creation_input_tokens, 0);
    QVERIFY2(std::abs(opus.usd - want_opus) < 1e-12,
             qPrintable(QString::number(opus.usd) + " vs " + QString::number(want_opus)));
    // Back on sonnet: its entry (refreshed 2 minutes ago) is still alive.
    QCOMPARE(back.cache_read_input_tokens, system);
    QCOMPARE(back.cache_creation_input_tokens, 0);
    // The findings say the same: prefix-changed (params-changed: model) at the switch.
    bool voided = false;
    for (const lint::Finding& f : r.findings)
        voided |= f.rule == "prefix-changed" && f.line == 3 &&
                  f.details.value("param", std::string()) == "model";
    QVERIFY(voided);
}

// The lint report's cost line: the reads are those of requests 2 and 4 only.
void TestLintHeldout::model_switch_in_lint_output() {
    const lint::LintReport r = lint_with_cost(heldout_file("model-switch.jsonl"));
    const long long reads =
        r.billing[1].usage.cache_read_input_tokens + r.billing[3].usage.cache_read_input_tokens;
    const json got = lint_json("model-switch.jsonl", true);
    const json& as_is = got["summary"]["files"][0]["cost"]["as_is"];
    QCOMPARE(as_is["cache_read_input_tokens"].get<long long>(), reads);
    QCOMPARE(as_is["cache_creation_input_tokens"].get<long long>(),
             2LL * r.billing[0].usage.cache_creation_input_tokens);
    const CliResult text = run_cli({"lint", "model-switch.jsonl"}, heldout_dir());
    const QString read_text = QString::fromStdString("cache read " + lint::with_commas(reads));
    QVERIFY2(text.out.contains(read_text), qPrintable(text.out));
}

// prefixlens replay's rows: the switch reuses nothing, the return reuses sonnet's entry.
void TestLintHeldout::model_switch_in_replay() {
    std::vector<lint::ReplayRow> rows;
    lint::Replayer replayer(tokenizer(), tables(), {},
                            [&](const lint::ReplayRow& row) { rows.push_back(row); });
    QVERIFY(replayer.add_file(heldout_file("model-switch.jsonl")).ok());
    replayer.finish();
    QCOMPARE(static_cast<int>(rows.size()), 4);
    QVERIFY(rows[1].reused_tokens > 1024);
    QCOMPARE(rows[2].reused_tokens, 0);
    QCOMPARE(rows[2].written_tokens, rows[0].written_tokens);
    QCOMPARE(rows[3].reused_tokens, rows[1].reused_tokens);
    QCOMPARE(rows[2].cause, std::string("prefix-changed"));
}

QTEST_APPLESS_MAIN(TestLintHeldout)
#include "test_lint_heldout.moc"
