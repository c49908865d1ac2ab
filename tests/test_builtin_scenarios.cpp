// Every built-in scenario plays through `prefixlens run` on the default backend, and what a
// workshop shows from them holds: the timestamp trap, and cached logits equal a full recompute.
#include <QProcess>
#include <QRegularExpression>
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

    void badNamesAndFilesSayWhatIsWrong() {
        auto missing = pl::load_scenario("no-such-scenario");
        QVERIFY(!missing.ok());
        const std::string& m = missing.error().message;
        QVERIFY2(m.starts_with("no-such-scenario: no such scenario file or built-in scenario (") &&
                     m.find("few-shot") != std::string::npos,
                 m.c_str());
        auto array = pl::parse_scenario("[1, 2]", "mine.json");
        QVERIFY(!array.ok());
        QCOMPARE(array.error().message, std::string("mine.json: /: expected a scenario object"));
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
        for (const auto& n : pl::builtin_scenario_names())
            QTest::addRow("%s", n.c_str()) << QString::fromStdString(n);
    }

    // On both backends: cached logits equal a full recompute, and every request's answer is an
    // answer, English prose of at least three words and never a template tag (the few-shot
    // triage scenario: one of its categories, a colon and why), with no degenerate loop: no
    // character, and no pair of characters, five times in a row ("MMMMM", "MAMAMAMAMA",
    // "LC-------" were on screen before the model's default penalties against repetition,
    // assets/model/generation_config.json). Greedy decoding gives the same answers on the CPU and
    // on Vulkan.
    void verifyEveryScenario() {
        QFETCH(QString, name);
        auto scenario = pl::load_scenario(name.toStdString());
        QVERIFY(scenario.ok());
        std::vector<std::string> answers[2];
        QStringList gaps;  // answers that are not prose of three words or more
        for (int b = 0; b < 2; ++b) {
            const QString backend = b == 0 ? "vulkan" : "cpu";
            const Lines r = run_json({"run", name, "--json", "--verify", "--backend", backend});
            QVERIFY2(r.exit_code == 0, qPrintable(r.err));
            QCOMPARE(r.lines.size(), scenario->requests.size());
            for (const auto& line : r.lines) {
                QVERIFY(line.contains("max_abs_diff_vs_full"));
                const double d = line["max_abs_diff_vs_full"].get<double>();
                const double tol = line["verify_tolerance"].get<double>();
                QVERIFY(tol >= 1e-4 && tol < 1e-3);
                QVERIFY2(d <= tol, qPrintable(QString("%1 request %2: %3")
                                                  .arg(backend)
                                                  .arg(line["request"].get<int>())
                                                  .arg(d)));
                const std::string text = line["output_text"].get<std::string>();
                answers[b].push_back(text);
                const QString out = QString::fromStdString(text);
                const QString why = QString("%1 request %2: \"%3\"")
                                        .arg(backend)
                                        .arg(line["request"].get<int>())
                                        .arg(out);
                QVERIFY2(!out.contains(QRegularExpression("</?(user|assistant|system|tool)>|<\\|")),
                         qPrintable(why));
                if (out.count(QRegularExpression("[A-Za-z]{2,}")) < 3)
                    gaps << why;
                static const QRegularExpression loop(
                    QStringLiteral("(.)\\1{4,}|(..)\\2{4,}"),
                    QRegularExpression::DotMatchesEverythingOption);
                if (const auto m = loop.match(out); m.hasMatch())
                    gaps << why + QStringLiteral(" (loops: \"%1\")").arg(m.captured(0));
                // Decoded as the model's default says (generation_config.json), and said so.
                QVERIFY2(line.contains("sampling") && line["sampling"]["method"] == "greedy" &&
                             line["sampling"]["frequency_penalty"].get<double>() > 0,
                         qPrintable(QString::fromStdString(line.dump())));
                QVERIFY2(!out.endsWith('\n') && !out.startsWith('\n'), qPrintable(why));
                if (name == "few-shot" &&
                    !QRegularExpression("^(return|damaged|warranty|shipping|billing|product): ")
                         .match(out)
                         .hasMatch())
                    gaps << why + QStringLiteral(" (not 'label: why')");
            }
        }
        QVERIFY2(gaps.isEmpty(), qPrintable(gaps.join(QStringLiteral("; "))));
        for (std::size_t i = 0; i < answers[0].size(); ++i) {
            const QString why = QString("request %1: vulkan \"%2\", cpu \"%3\"")
                                    .arg(i)
                                    .arg(QString::fromStdString(answers[0][i]))
                                    .arg(QString::fromStdString(answers[1][i]));
            QVERIFY2(answers[0][i] == answers[1][i], qPrintable(why));
        }
    }
};

QTEST_APPLESS_MAIN(TestBuiltinScenarios)
#include "test_builtin_scenarios.moc"
