// Every built-in scenario plays through `prefixlens run` on the default backend, and what a
// workshop shows from them holds: the timestamp trap, and cached logits equal a full recompute.
#include <QProcess>
#include <QTest>
#include <nlohmann/json.hpp>

#include "runner/scenario.h"

namespace {

struct Lines {
    int exit_code = -1;
    QString err;
    std::vector<nlohmann::json> lines;
};

Lines run_json(const QStringList& args) {
    QProcess p;
    p.start(qEnvironmentVariable("PREFIXLENS_BIN"), args);
    p.waitForFinished(800000);
    Lines out;
    out.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    out.err = QString::fromUtf8(p.readAllStandardError());
    for (const QByteArray& line : p.readAllStandardOutput().split('\n')) {
        if (!line.trimmed().isEmpty())
            out.lines.push_back(nlohmann::json::parse(line.toStdString()));
    }
    return out;
}

std::vector<int> prompt_tokens(const nlohmann::json& request) {
    std::vector<int> t;
    for (const auto& b : request["blocks"]) {
        for (const auto& id : b["tokens"])
            t.push_back(id.get<int>());
    }
    return t;
}

}  // namespace

class TestBuiltinScenarios : public QObject {
    Q_OBJECT

  private slots:
    void listsEveryScenario() {
        const auto names = pl::builtin_scenario_names();
        QVERIFY(names.size() >= 9);
        for (const auto& n : names) {
            auto s = pl::load_scenario(n);
            QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
            QCOMPARE(s->name, n);
            QVERIFY2(!s->title.empty() && !s->description.empty(), n.c_str());
        }
    }

    void timestampAtHeadVersusEnd() {
        const Lines r = run_json({"run", "timestamp-at-head", "--json"});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        QCOMPARE(r.lines.size(), size_t(4));
        // Timestamp at the head: the second request differs in its first block, reuses nothing.
        QCOMPARE(r.lines[1]["cached_tokens"].get<int>(), 0);
        for (const auto& b : r.lines[1]["blocks"])
            QVERIFY(b["state"] != "hit");
        // Timestamp at the end: every full block before the first differing token is reused.
        const auto a = prompt_tokens(r.lines[2]);
        const auto b = prompt_tokens(r.lines[3]);
        std::size_t d = 0;
        while (d < a.size() && d < b.size() && a[d] == b[d])
            ++d;
        const int bs = r.lines[3]["block_size"].get<int>();
        QVERIFY(d > 256);
        QCOMPARE(r.lines[3]["cached_tokens"].get<int>(), static_cast<int>(d) / bs * bs);
    }

    void verifyEveryScenario_data() {
        QTest::addColumn<QString>("name");
        for (const auto& n : pl::builtin_scenario_names()) {
            QTest::addRow("%s", n.c_str()) << QString::fromStdString(n);
        }
    }

    void verifyEveryScenario() {
        QFETCH(QString, name);
        const Lines r = run_json({"run", name, "--json", "--verify"});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        auto scenario = pl::load_scenario(name.toStdString());
        QVERIFY(scenario.ok());
        QCOMPARE(r.lines.size(), scenario->requests.size());
        for (const auto& line : r.lines) {
            QVERIFY(line.contains("max_abs_diff_vs_full"));
            const double d = line["max_abs_diff_vs_full"].get<double>();
            QVERIFY2(d <= 1e-4,
                     qPrintable(QString("request %1: %2").arg(line["request"].get<int>()).arg(d)));
        }
    }
};

QTEST_APPLESS_MAIN(TestBuiltinScenarios)
#include "test_builtin_scenarios.moc"
