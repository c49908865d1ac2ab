// prefixlens shot, run as a user would: the binary, offscreen, with no display. Deterministic
// shots are byte-identical, the PNG has the size asked for, the themes differ, and every bad
// argument exits 2 with one line on stderr and leaves no file behind.
#include <QDir>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

// The scenario the shots play: short, so that the suite stays quick on the CPU.
const char* const kScenario = "timestamp-at-head";

struct CliResult {
    int exit_code = -1;
    QString out;
    QString err;
};

// Runs the binary with no window system in its environment: `shot` must choose offscreen itself.
CliResult runShot(const QStringList& args, const QString& blasThreads = {}) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* var : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        env.remove(QString::fromLatin1(var));
    if (!blasThreads.isEmpty())
        env.insert(QStringLiteral("OPENBLAS_NUM_THREADS"), blasThreads);
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("PREFIXLENS_BIN"), QStringList{QStringLiteral("shot")} + args);
    p.waitForFinished(600000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

}  // namespace

class TestShot : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void deterministic_is_byte_identical();
    void size_times_scale();
    void light_and_dark_differ();
    void bad_arguments_exit_2_and_leave_nothing_data();
    void bad_arguments_exit_2_and_leave_nothing();

  private:
    QString shot(const QString& name, const QStringList& extra, const QString& blasThreads = {});
    QTemporaryDir dir_;
    QByteArray light_;
};

void TestShot::initTestCase() {
    QVERIFY(dir_.isValid());
    QVERIFY2(!qEnvironmentVariable("PREFIXLENS_BIN").isEmpty(), "PREFIXLENS_BIN is not set");
}

// One deterministic shot of request 3 into the scratch folder: it reuses the policy, so its
// verify line shows a last-bits difference. Returns the path, or empty after a failure.
QString TestShot::shot(const QString& name, const QStringList& extra, const QString& blasThreads) {
    const QString path = dir_.filePath(name);
    const CliResult r = runShot(QStringList{QString::fromLatin1(kScenario), QStringLiteral("-o"),
                                            path, QStringLiteral("--step"), QStringLiteral("3"),
                                            QStringLiteral("--deterministic")} +
                                    extra,
                                blasThreads);
    if (r.exit_code != 0) {
        qWarning("%s", qPrintable(r.err));
        return {};
    }
    return path;
}

void TestShot::deterministic_is_byte_identical() {
    const QString a = shot(QStringLiteral("a.png"), {QStringLiteral("--size"), "1024x640"});
    QVERIFY(!a.isEmpty());
    // Another BLAS thread count, which changes the last bits of threaded sums: --deterministic
    // must not let that reach the pixels (the verify line prints such a difference).
    const QString b =
        shot(QStringLiteral("b.png"), {QStringLiteral("--size"), "1024x640"}, QStringLiteral("3"));
    QVERIFY(!b.isEmpty());
    light_ = readAll(a);
    QVERIFY(light_.size() > 10000);
    const QImage img = QImage::fromData(light_);
    QCOMPARE(img.width(), 1024);
    QCOMPARE(img.height(), 640);
    QVERIFY2(light_ == readAll(b), "two deterministic shots of the same step differ");
    // No temporary file is left next to the image.
    QCOMPARE(QDir(dir_.path()).entryList(QDir::Files).size(), 2);
}

void TestShot::size_times_scale() {
    const QString s = shot(QStringLiteral("scaled.png"), {QStringLiteral("--size"), "1024x640",
                                                          QStringLiteral("--scale"), "1.5"});
    QVERIFY(!s.isEmpty());
    const QImage img(s);
    QVERIFY(!img.isNull());
    QCOMPARE(img.width(), 1536);
    QCOMPARE(img.height(), 960);
}

void TestShot::light_and_dark_differ() {
    QVERIFY2(!light_.isEmpty(), "needs the light shot of deterministic_is_byte_identical");
    const QString d = shot(QStringLiteral("dark.png"), {QStringLiteral("--size"), "1024x640",
                                                        QStringLiteral("--theme"), "dark"});
    QVERIFY(!d.isEmpty());
    const QImage light = QImage::fromData(light_).convertToFormat(QImage::Format_RGB32);
    const QImage dark = QImage(d).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(dark.size(), light.size());
    // Not merely different bytes: the dark window is darker on average.
    auto meanLuma = [](const QImage& img) {
        double sum = 0;
        for (int y = 0; y < img.height(); y += 4) {
            for (int x = 0; x < img.width(); x += 4)
                sum += qGray(img.pixel(x, y));
        }
        return sum / ((img.height() / 4.0) * (img.width() / 4.0));
    };
    QVERIFY2(meanLuma(dark) + 40 < meanLuma(light),
             qPrintable(QStringLiteral("mean luma dark %1, light %2")
                            .arg(meanLuma(dark))
                            .arg(meanLuma(light))));
}

void TestShot::bad_arguments_exit_2_and_leave_nothing_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");  // a piece of the one-line message
    const QString out = QStringLiteral("@OUT@");
    const QString scn = QString::fromLatin1(kScenario);
    QTest::newRow("unknown scenario")
        << QStringList{"no-such-scenario", "-o", out} << QStringLiteral("no-such-scenario");
    QTest::newRow("step out of range")
        << QStringList{scn, "-o", out, "--step", "99"} << QStringLiteral("--step 99");
    QTest::newRow("negative step")
        << QStringList{scn, "-o", out, "--step", "-1"} << QStringLiteral("--step");
    QTest::newRow("zero size") << QStringList{scn, "-o", out, "--size", "0x0"}
                               << QStringLiteral("--size");
    QTest::newRow("malformed size")
        << QStringList{scn, "-o", out, "--size", "1280by800"} << QStringLiteral("--size");
    QTest::newRow("half a size") << QStringList{scn, "-o", out, "--size", "1280x"}
                                 << QStringLiteral("--size");
    QTest::newRow("size below the window's minimum")
        << QStringList{scn, "-o", out, "--size", "320x320"} << QStringLiteral("minimum");
    QTest::newRow("bad theme") << QStringList{scn, "-o", out, "--theme", "blue"}
                               << QStringLiteral("--theme");
    QTest::newRow("zero scale") << QStringList{scn, "-o", out, "--scale", "0"}
                                << QStringLiteral("--scale");
    QTest::newRow("malformed scale")
        << QStringList{scn, "-o", out, "--scale", "2x"} << QStringLiteral("--scale");
    QTest::newRow("bad language") << QStringList{scn, "-o", out, "--lang", "xx"}
                                  << QStringLiteral("--lang");
    QTest::newRow("bad backend") << QStringList{scn, "-o", out, "--backend", "metal"}
                                 << QStringLiteral("metal");
    QTest::newRow("no output") << QStringList{scn} << QStringLiteral("-o");
    QTest::newRow("output folder missing")
        << QStringList{scn, "-o", QStringLiteral("@DIR@/missing/out.png")}
        << QStringLiteral("does not exist");
    QTest::newRow("output folder is a file")
        << QStringList{scn, "-o", QStringLiteral("@DIR@/a-file/out.png")}
        << QStringLiteral("is not a folder");
    QTest::newRow("output is a folder")
        << QStringList{scn, "-o", QStringLiteral("@DIR@")} << QStringLiteral("is a directory");
    QTest::newRow("unknown option")
        << QStringList{scn, "-o", out, "--frobnicate"} << QStringLiteral("--frobnicate");
    QTest::newRow("two scenarios")
        << QStringList{scn, scn, "-o", out} << QStringLiteral("one SCENARIO");
}

void TestShot::bad_arguments_exit_2_and_leave_nothing() {
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    {
        QFile f(scratch.filePath(QStringLiteral("a-file")));
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    for (QString& a : args) {
        a.replace(QStringLiteral("@OUT@"), scratch.filePath(QStringLiteral("out.png")));
        a.replace(QStringLiteral("@DIR@"), scratch.path());
    }
    const CliResult r = runShot(args);
    QCOMPARE(r.exit_code, 2);
    const QString err = r.err.trimmed();
    QVERIFY2(!err.isEmpty() && !err.contains(QLatin1Char('\n')),
             qPrintable(QStringLiteral("expected one line on stderr, got: ") + r.err));
    QVERIFY2(err.startsWith(QStringLiteral("prefixlens: ")), qPrintable(err));
    QVERIFY2(err.contains(expected), qPrintable(err));
    QVERIFY(r.out.isEmpty());
    // Nothing but the file the test made: no image, no temporary.
    QCOMPARE(QDir(scratch.path()).entryList(QDir::Files | QDir::Hidden | QDir::System),
             QStringList{QStringLiteral("a-file")});
}

QTEST_GUILESS_MAIN(TestShot)
#include "test_shot.moc"
