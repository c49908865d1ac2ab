// Hostile and broken input through the command line, as a CI job or a user meets it: every case
// of tests/fuzz/regressions/cli.json (inputs that once crashed a parser, or stand for a class of
// them) must end with exit status 2, one line on stderr naming the problem, and no output file.
// The same files are replayed through the fuzz targets by tools/fuzz.sh.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "test_support.h"

namespace fs = std::filesystem;
using namespace pl;

namespace {

fs::path regressions_dir() {
    return test::data_dir().parent_path() / "fuzz" / "regressions";
}

struct Outcome {
    int exit_code = -1;
    QString err;
    QString out;
};

Outcome run_cli(const QStringList& args, int timeout_ms = 300000) {
    QProcess p;
    p.start(qEnvironmentVariable("PREFIXLENS_BIN"), args);
    Outcome o;
    if (!p.waitForFinished(timeout_ms)) {
        p.kill();
        p.waitForFinished();
        o.err = "timed out";
        return o;
    }
    o.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    o.err = QString::fromUtf8(p.readAllStandardError());
    o.out = QString::fromUtf8(p.readAllStandardOutput());
    return o;
}

// A copy of the tiny test model with one of its files replaced by the input.
fs::path model_with(const QTemporaryDir& tmp, const std::string& kind, const fs::path& input) {
    const fs::path dir = fs::path(tmp.path().toStdString()) / "model";
    fs::create_directories(dir);
    for (const auto& e : fs::directory_iterator(test::data_dir() / "tiny-gpt2"))
        fs::copy_file(e.path(), dir / e.path().filename(), fs::copy_options::overwrite_existing);
    const std::string bytes = test::read_file(input);
    if (kind == "fuzz_config") {
        test::write_file(dir / "config.json", bytes);
    } else if (kind == "fuzz_safetensors") {
        test::write_file(dir / "model.safetensors", bytes);
    } else {  // fuzz_vocab: vocab.json, a NUL, merges.txt
        const auto cut = bytes.find('\0');
        test::write_file(dir / "vocab.json", bytes.substr(0, cut));
        test::write_file(dir / "merges.txt",
                         cut == std::string::npos ? std::string() : bytes.substr(cut + 1));
    }
    return dir;
}

}  // namespace

class TestHostileInput : public QObject {
    Q_OBJECT

    // The one line of stderr that is not the Vulkan fallback notice.
    static void checkRefused(const Outcome& o, const QString& expect, const QString& what) {
        QVERIFY2(o.exit_code == 2,
                 qPrintable(what + ": exit " + QString::number(o.exit_code) + ", stderr " + o.err));
        QStringList lines = o.err.split('\n', Qt::SkipEmptyParts);
        lines.removeIf([](const QString& l) { return l.contains("using the CPU backend"); });
        QVERIFY2(lines.size() == 1, qPrintable(what + ": stderr is not one line: " + o.err));
        QVERIFY2(lines[0].startsWith("prefixlens: "), qPrintable(what + ": " + lines[0]));
        QVERIFY2(lines[0].contains(expect),
                 qPrintable(what + ": '" + lines[0] + "' does not say '" + expect + "'"));
    }

  private slots:
    void refused_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expect");
        QTest::addColumn<int>("fixLines");
        QTest::addColumn<int>("errLines");
        QTest::addColumn<bool>("shotPlays");
        const auto manifest =
            nlohmann::json::parse(test::read_file(regressions_dir() / "cli.json"));
        for (const auto& c : manifest["cases"]) {
            const std::string in = c["input"].get<std::string>();
            QTest::newRow(in.c_str()) << QString::fromStdString(in)
                                      << QString::fromStdString(c["expect"].get<std::string>())
                                      << c.value("fix_keeps_lines", 0) << c.value("stderr_lines", 1)
                                      << c.value("shot_plays", false);
        }
    }

    void refused() {
        QFETCH(QString, input);
        QFETCH(QString, expect);
        QFETCH(int, fixLines);
        QFETCH(int, errLines);
        QFETCH(bool, shotPlays);
        const fs::path path = regressions_dir() / input.toStdString();
        QVERIFY2(fs::exists(path), qPrintable(input));
        const std::string kind = path.parent_path().filename().string();
        const QString file = QString::fromStdString(path.string());
        QTemporaryDir tmp;
        const QString out = tmp.filePath("out");

        if (kind == "fuzz_scenario") {
            checkRefused(run_cli({"run", file, "--backend", "cpu"}), expect, "run");
            const Outcome shot =
                run_cli({"shot", file, "-o", out, "--backend", "cpu", "--deterministic"});
            if (shotPlays) {
                // The app plays a prompt past the context without the model; so does its shot.
                QVERIFY2(shot.exit_code == 0, qPrintable(shot.err));
                QVERIFY(fs::exists(out.toStdString()));
                return;
            }
            checkRefused(shot, expect, "shot");
        } else if (kind == "fuzz_lint_request") {
            checkRefused(run_cli({"lint", file}), expect, "lint");
            checkRefused(run_cli({"lint", file, "--fix", "-o", out}), expect, "lint --fix");
        } else if (kind == "fuzz_lint_log") {
            // A broken line is reported and the rest of the log still linted; --fix copies the
            // line through unchanged, so the rewritten log keeps every line.
            const Outcome o = run_cli({"lint", file, "--fix", "-o", out});
            QCOMPARE(o.exit_code, 2);
            QVERIFY2(o.err.contains(expect), qPrintable(o.err));
            // One line per broken log line, each a message of ours.
            const QStringList lines = o.err.split('\n', Qt::SkipEmptyParts);
            QCOMPARE(lines.size(), errLines);
            for (const QString& l : lines)
                QVERIFY2(l.startsWith("prefixlens: ") && !l.contains('\r'), qPrintable(l));
            const std::string fixed = test::read_file(out.toStdString());
            QCOMPARE(static_cast<int>(std::count(fixed.begin(), fixed.end(), '\n')), fixLines);
            // Broken lines are copied through byte for byte, line endings included.
            const std::string original = test::read_file(path);
            const std::string rest = original.substr(original.find('\n') + 1);
            QVERIFY2(fixed.find(rest) != std::string::npos, "a broken line is not kept as it was");
            QVERIFY(!fs::exists(fs::path(tmp.path().toStdString()) / ".out.prefixlens-tmp"));
            // replay reads logs as lint does: the same line named the same way, the same status.
            const Outcome replayed = run_cli({"replay", "--json", file});
            QCOMPARE(replayed.exit_code, 2);
            QVERIFY2(replayed.err.contains(expect), qPrintable(replayed.err));
            QCOMPARE(replayed.err.count('\n'), errLines);
            return;
        } else if (kind == "fuzz_lesson") {
            checkRefused(run_cli({"shot", "--lesson", file, "-o", out, "--backend", "cpu"}), expect,
                         "shot --lesson");
        } else {
            const fs::path model = model_with(tmp, kind, path);
            checkRefused(run_cli({"eval", "--model", QString::fromStdString(model.string()),
                                  "--tokens", "1,2", "--backend", "cpu"}),
                         expect, "eval");
            checkRefused(run_cli({"run", "few-shot", "--model",
                                  QString::fromStdString(model.string()), "--backend", "cpu"}),
                         expect, "run --model");
        }
        QVERIFY2(!fs::exists(out.toStdString()), "an output file was written");
        // Nothing half-written beside it either.
        QCOMPARE(
            static_cast<int>(std::distance(fs::directory_iterator(tmp.path().toStdString()),
                                           fs::directory_iterator())),
            kind == "fuzz_config" || kind == "fuzz_safetensors" || kind == "fuzz_vocab" ? 1 : 0);
    }

    // A log whose last line has no newline (as many writers leave it) is read whole: that line
    // lost its last byte once, and with it its closing brace.
    void logWithoutFinalNewline() {
        QTemporaryDir tmp;
        const fs::path log = fs::path(tmp.path().toStdString()) / "log.jsonl";
        const std::string line =
            "{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}";
        test::write_file(log, line + "\r\n" + line);
        const QString fixed = tmp.filePath("fixed.jsonl");
        const Outcome o =
            run_cli({"lint", QString::fromStdString(log.string()), "--fix", "-o", fixed});
        QVERIFY2(o.exit_code == 0 && o.err.isEmpty(), qPrintable(o.err));
        QVERIFY2(o.out.contains("0 errors") && o.out.contains("in 2 requests"), qPrintable(o.out));
        // --fix keeps each line's ending: CRLF stays CRLF.
        const std::string out = test::read_file(fixed.toStdString());
        QVERIFY2(out.find("\r\n") != std::string::npos, out.c_str());
    }

    // Files too large to keep in the tree, made here: a scenario over the 64 MiB document limit,
    // and a log line over lint's 32 MiB line limit, which --fix must copy through, not drop.
    void oversizedFiles() {
        QTemporaryDir tmp;
        const fs::path big = fs::path(tmp.path().toStdString()) / "big.json";
        {
            std::ofstream f(big, std::ios::binary);
            f << "{\"requests\": [{\"messages\": [{\"role\": \"user\", \"content\": \"";
            const std::string chunk(1 << 20, 'a');
            for (int i = 0; i < 65; ++i)
                f << chunk;
            f << "\"}]}]}";
        }
        const QString out = tmp.filePath("out.png");
        checkRefused(run_cli({"run", QString::fromStdString(big.string()), "--backend", "cpu"}),
                     "larger than 64 MiB", "run");
        checkRefused(run_cli({"shot", QString::fromStdString(big.string()), "-o", out, "--backend",
                              "cpu", "--deterministic"}),
                     "larger than 64 MiB", "shot");
        QVERIFY(!fs::exists(out.toStdString()));

        const fs::path log = fs::path(tmp.path().toStdString()) / "log.jsonl";
        const std::string good =
            "{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}";
        const std::string huge =
            "{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"" +
            std::string(33u << 20, 'x') + "\"}]}";
        test::write_file(log, good + "\n" + huge + "\n" + good + "\n");
        const QString fixed = tmp.filePath("fixed.jsonl");
        const Outcome o =
            run_cli({"lint", QString::fromStdString(log.string()), "--fix", "-o", fixed});
        QCOMPARE(o.exit_code, 2);
        QVERIFY2(o.err.contains("line longer than 32 MiB") && o.err.contains("copied unchanged"),
                 qPrintable(o.err.left(300)));
        const std::string result = test::read_file(fixed.toStdString());
        QCOMPARE(static_cast<int>(std::count(result.begin(), result.end(), '\n')), 3);
        QVERIFY2(result.find(huge + "\n") != std::string::npos, "the long line was not kept");
    }
};

QTEST_APPLESS_MAIN(TestHostileInput)
#include "test_hostile_input.moc"
