// prefixlens shot, run as a user would: the binary, offscreen, with no display. Deterministic
// shots are byte-identical, the PNG has the size asked for, the themes differ, a lesson step
// shows its panel and spotlight (on a scenario or on a log), and every bad argument exits 2 with
// one line on stderr and leaves no file behind.
#include <QDir>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "common/palette.h"

namespace {

// The scenario the shots play: short, so that the suite stays quick on the CPU.
const char* const kScenario = "timestamp-at-head";
// A lesson step on that scenario at the same request as the plain shots (request 3, at its end,
// the chain framed): step 7 of the prefix-reuse lesson, counted from 1 as the panel counts.
const char* const kLesson = "02-prefix-reuse";
const char* const kLessonStep = "7";
// The lesson panel takes a few lines of the window's height: the size a presenter's projector has.
const char* const kLessonSize = "1280x800";

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

// Pixels of exactly the spotlight's colour: the band a lesson step draws around its widget.
int spotlightPixels(const QByteArray& png) {
    const QImage img = QImage::fromData(png).convertToFormat(QImage::Format_RGB32);
    const QRgb band = pl::ui::Palette::get(pl::ui::Theme::Light).spotlight.rgb() & 0xffffff;
    int n = 0;
    for (int y = 0; y < img.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < img.width(); ++x)
            n += (line[x] & 0xffffff) == band ? 1 : 0;
    }
    return n;
}

}  // namespace

class TestShot : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase();
    void deterministic_is_byte_identical();
    void size_times_scale();
    void light_and_dark_differ();
    void lesson_step_is_byte_identical_and_shows_the_lesson();
    void lesson_step_on_a_log();
    void bad_arguments_exit_2_and_leave_nothing_data();
    void bad_arguments_exit_2_and_leave_nothing();

  private:
    QString shot(const QString& name, const QStringList& extra, const QString& blasThreads = {});
    QString lessonShot(const QString& name, const QString& blasThreads = {});
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

// One deterministic shot of kLesson's step kLessonStep, the size of the plain shots.
QString TestShot::lessonShot(const QString& name, const QString& blasThreads) {
    const QString path = dir_.filePath(name);
    const CliResult r =
        runShot(QStringList{QStringLiteral("--lesson"), QString::fromLatin1(kLesson),
                            QStringLiteral("--lesson-step"), QString::fromLatin1(kLessonStep),
                            QStringLiteral("-o"), path, QStringLiteral("--size"),
                            QString::fromLatin1(kLessonSize), QStringLiteral("--deterministic")},
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

void TestShot::lesson_step_is_byte_identical_and_shows_the_lesson() {
    const QString a = lessonShot(QStringLiteral("lesson-a.png"));
    QVERIFY(!a.isEmpty());
    const QString b = lessonShot(QStringLiteral("lesson-b.png"), QStringLiteral("3"));
    QVERIFY(!b.isEmpty());
    const QByteArray lesson = readAll(a);
    QVERIFY(lesson.size() > 10000);
    QVERIFY2(lesson == readAll(b), "two deterministic shots of the same lesson step differ");
    const QImage img = QImage::fromData(lesson);
    QCOMPARE(img.size(), QSize(1280, 800));
    // The same scenario at the same request, yet another picture: the lesson panel and the
    // spotlight's band are on it, and the plain shot has no band.
    const QString p =
        shot(QStringLiteral("plain-1280.png"), {QStringLiteral("--size"), kLessonSize});
    QVERIFY(!p.isEmpty());
    const QByteArray plain = readAll(p);
    QVERIFY2(lesson != plain, "the lesson step looks exactly like the plain shot");
    const int band = spotlightPixels(lesson);
    const int none = spotlightPixels(plain);
    QVERIFY2(
        band > 1000 && none < 50,
        qPrintable(QStringLiteral("spotlight pixels: lesson %1, plain %2").arg(band).arg(none)));
}

// A step of lesson 6 shows the shipped agent log in the Traffic tab, its request selected and
// the rows framed; a step whose row is past the end of its log is refused once the log is read.
void TestShot::lesson_step_on_a_log() {
    QStringList args{QStringLiteral("--lesson"),       QStringLiteral("06-your-own-traffic"),
                     QStringLiteral("--lesson-step"),  QStringLiteral("2"),
                     QStringLiteral("--size"),         QString::fromLatin1(kLessonSize),
                     QStringLiteral("--deterministic")};
    QByteArray images[2];
    for (int i = 0; i < 2; ++i) {
        const QString path = dir_.filePath(QStringLiteral("log-step-%1.png").arg(i));
        const CliResult r = runShot(args + QStringList{QStringLiteral("-o"), path});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        images[i] = readAll(path);
    }
    QVERIFY(images[0].size() > 10000);
    QVERIFY2(images[0] == images[1], "two deterministic shots of the same log step differ");
    QCOMPARE(QImage::fromData(images[0]).size(), QSize(1280, 800));
    QVERIFY(spotlightPixels(images[0]) > 1000);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString lesson = dir.filePath(QStringLiteral("past-the-end.json"));
    QFile f(lesson);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"title": "Past the end", "steps": [{"title": "T", "text": "Row 99",
              "log": "traffic/agent-session.jsonl", "row": 99, "highlight": "traffic"}]})");
    f.close();
    const QString out = dir.filePath(QStringLiteral("out.png"));
    const CliResult r = runShot({QStringLiteral("--lesson"), lesson, QStringLiteral("-o"), out});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(QLatin1String("row 99 is not in the log (36 requests")),
             qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);
    QVERIFY(!QFile::exists(out));
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
    QTest::newRow("zero repetition penalty")
        << QStringList{scn, "-o", out, "--repetition-penalty", "0"}
        << QStringLiteral("--repetition-penalty must be a number above 0");
    QTest::newRow("malformed frequency penalty")
        << QStringList{scn, "-o", out, "--frequency-penalty", "lots"}
        << QStringLiteral("--frequency-penalty must be a number from -2 to 2");
    QTest::newRow("two scenarios")
        << QStringList{scn, scn, "-o", out} << QStringLiteral("one SCENARIO");
    const QString lesson = QString::fromLatin1(kLesson);
    QTest::newRow("unknown lesson")
        << QStringList{"--lesson", "no-such-lesson", "-o", out} << QStringLiteral("no-such-lesson");
    QTest::newRow("lesson file that is not a lesson")
        << QStringList{"--lesson", QStringLiteral("@DIR@/a-file"), "-o", out}
        << QStringLiteral("a-file");
    QTest::newRow("lesson step out of range")
        << QStringList{"--lesson", lesson, "--lesson-step", "10", "-o", out}
        << QStringLiteral("--lesson-step 10");
    QTest::newRow("lesson step 0 (steps count from 1)")
        << QStringList{"--lesson", lesson, "--lesson-step", "0", "-o", out}
        << QStringLiteral("--lesson-step 0");
    QTest::newRow("malformed lesson step")
        << QStringList{"--lesson", lesson, "--lesson-step", "two", "-o", out}
        << QStringLiteral("--lesson-step");
    QTest::newRow("lesson step without a lesson")
        << QStringList{scn, "-o", out, "--lesson-step", "2"} << QStringLiteral("needs --lesson");
    QTest::newRow("scenario and lesson")
        << QStringList{scn, "--lesson", lesson, "-o", out} << QStringLiteral("not both");
    QTest::newRow("request step and lesson")
        << QStringList{"--lesson", lesson, "--step", "1", "-o", out} << QStringLiteral("--step");
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
