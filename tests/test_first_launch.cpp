// The first launch on the screens presenters really have. Each case starts the real app
// (`prefixlens gui --report-layout`) with no saved settings on a screen of its own (the offscreen
// platform's configfile), waits for the first run, and reads back where the window and every
// dock ended up: the window lies on the screen, every dock of the default layout is shown and at
// least as wide as its text needs (shell/window_layout.h), and a geometry saved on a large
// monitor is clamped to a small one.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <numeric>

#include "gui_test_support.h"
#include "shell/window_layout.h"

namespace {

struct Screen {
    int width, height;  // logical pixels, as the offscreen platform's configfile takes them
    double dpr;         // device pixels per logical pixel
};

struct Launch {
    QString error;  // why no report came back
    QJsonObject report;
};

// Starts the app on `screen` with settings and caches under `home`, and returns its report.
Launch launch(const Screen& screen, const QString& home) {
    const QString config =
        home + QStringLiteral("/screen-%1x%2.json").arg(screen.width).arg(screen.height);
    QFile f(config);
    if (!f.open(QIODevice::WriteOnly))
        return {QStringLiteral("cannot write ") + config, {}};
    const QJsonObject s{{"name", "test"},
                        {"x", 0},
                        {"y", 0},
                        {"width", screen.width},
                        {"height", screen.height},
                        {"logicalDpi", 96},
                        {"logicalBaseDpi", 96},
                        {"dpr", screen.dpr}};
    f.write(QJsonDocument(QJsonObject{{"screens", QJsonArray{s}}}).toJson());
    f.close();
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen:configfile=" + config);
    env.insert("XDG_CONFIG_HOME", home + "/config");
    env.insert("XDG_CACHE_HOME", home + "/cache");
    env.remove("QT_SCALE_FACTOR");
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
            {"gui", "--report-layout", "--backend", "cpu", "--lang", "en"});
    if (!p.waitForFinished(600000))
        return {QStringLiteral("the app did not finish"), {}};
    const QByteArray out = p.readAllStandardOutput();
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(out, &err);
    if (p.exitCode() != 0 || !doc.isObject())
        return {QStringLiteral("exit %1: %2 %3")
                    .arg(p.exitCode())
                    .arg(QString::fromUtf8(p.readAllStandardError()), err.errorString()),
                {}};
    return {{}, doc.object()};
}

QRect rectOf(const QJsonObject& o) {
    return {o["x"].toInt(), o["y"].toInt(), o["width"].toInt(), o["height"].toInt()};
}

// Every problem of a launch's layout, one line each.
QStringList layoutProblems(const QJsonObject& report, const QSize& logicalScreen) {
    QStringList problems;
    const QRect screen = rectOf(report["screen"].toObject());
    if (screen.size() != logicalScreen)
        problems << QStringLiteral("the app saw a %1x%2 screen, not %3x%4")
                        .arg(screen.width())
                        .arg(screen.height())
                        .arg(logicalScreen.width())
                        .arg(logicalScreen.height());
    const QRect frame = rectOf(report["frame"].toObject());
    if (!screen.contains(frame))
        problems << QStringLiteral("the window (%1,%2 %3x%4) is not inside the screen")
                        .arg(frame.x())
                        .arg(frame.y())
                        .arg(frame.width())
                        .arg(frame.height());
    // On a large screen the window uses it: at least 90% of each side.
    if (frame.width() * 10 < screen.width() * 9 || frame.height() * 10 < screen.height() * 9)
        problems << QStringLiteral("the window (%1x%2) leaves most of the screen unused")
                        .arg(frame.width())
                        .arg(frame.height());
    const QStringList shown{"promptDock", "usageDock", "chartsDock", "poolDock"};
    for (const QJsonValue& v : report["docks"].toArray()) {
        const QJsonObject d = v.toObject();
        const QString name = d["name"].toString();
        const int readable = d["readable_width"].toInt();
        if (shown.contains(name) && !d["visible"].toBool())
            problems << name + QStringLiteral(" is not shown");
        if (!d["in_front"].toBool() || readable == 0)
            continue;
        if (d["floating"].toBool())
            problems << name + QStringLiteral(" floats");
        if (d["width"].toInt() < readable)
            problems << QStringLiteral("%1 is %2 px wide, less than the %3 px its text needs")
                            .arg(name)
                            .arg(d["width"].toInt())
                            .arg(readable);
        const QRect r = rectOf(d);
        if (!QRect(QPoint(0, 0), frame.size()).contains(r))
            problems << name + QStringLiteral(" lies partly outside the window");
    }
    return problems;
}

}  // namespace

class TestFirstLaunch : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        pl::test::quietOffscreenNoise();
        QVERIFY2(!qEnvironmentVariableIsEmpty("PREFIXLENS_BIN"), "run through ctest");
    }

    void fitsTheScreen_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("dpr");
        QTest::newRow("1366x768 laptop") << 1366 << 768 << 1.0;
        QTest::newRow("1280x720 projector") << 1280 << 720 << 1.0;
        QTest::newRow("1920x1080 monitor") << 1920 << 1080 << 1.0;
        QTest::newRow("2560x1440 at scale 2") << 1280 << 720 << 2.0;
    }

    void fitsTheScreen() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(double, dpr);
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const Launch l = launch({width, height, dpr}, home.path());
        QVERIFY2(l.error.isEmpty(), qPrintable(l.error));
        QCOMPARE(l.report["screen"].toObject()["device_pixel_ratio"].toDouble(), dpr);
        const QStringList problems = layoutProblems(l.report, QSize(width, height));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    // Closed on a 1920x1080 monitor, opened again on a 1280x720 projector: on the projector.
    void restoredGeometryIsClampedToTheScreen() {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const Launch big = launch({1920, 1080, 1.0}, home.path());
        QVERIFY2(big.error.isEmpty(), qPrintable(big.error));
        QCOMPARE(rectOf(big.report["frame"].toObject()).width(), 1920);
        const Launch small = launch({1280, 720, 1.0}, home.path());
        QVERIFY2(small.error.isEmpty(), qPrintable(small.error));
        const QRect frame = rectOf(small.report["frame"].toObject());
        QVERIFY2(QRect(0, 0, 1280, 720).contains(frame), qPrintable(QStringLiteral("%1,%2 %3x%4")
                                                                        .arg(frame.x())
                                                                        .arg(frame.y())
                                                                        .arg(frame.width())
                                                                        .arg(frame.height())));
    }

    // The bottom row's shares follow what each slot's content needs (larger text, a language
    // with longer words) and never change the row's total.
    void sharesMeetTheirNeeds() {
        using pl::ui::fitSharesToNeeds;
        int a[3] = {270, 420, 260};
        const int none[3] = {0, 0, 0};
        fitSharesToNeeds(a, none, 3);
        QCOMPARE(std::vector<int>(a, a + 3), (std::vector<int>{270, 420, 260}));
        // The pool needs 300: 40 px come from the others' room above their needs, 250 and 300.
        int b[3] = {270, 420, 260};
        const int needB[3] = {250, 300, 300};
        fitSharesToNeeds(b, needB, 3);
        QCOMPARE(b[2], 300);
        QVERIFY(b[0] >= 250 && b[1] >= 300);
        QCOMPARE(b[0] + b[1] + b[2], 950);
        QCOMPARE(b[0], 265);  // its room, 20 of the 140, gives 40 x 20 / 140: 5 px
        // More need than room: every slot gets part of it, the total is kept.
        int c[3] = {100, 100, 100};
        const int needC[3] = {150, 50, 150};
        fitSharesToNeeds(c, needC, 3);
        QCOMPARE(c[0] + c[1] + c[2], 300);
        QCOMPARE(c[1], 50);
        QVERIFY(c[0] > 100 && c[2] > 100);
        // Through the layout: a 1280 px window whose pool needs 330 px gets them.
        const pl::ui::DockLayout l = pl::ui::defaultDockLayout({1280, 800}, 7, 4, {0, 0, 330});
        QCOMPARE(l.pool, 330);
        const pl::ui::DockLayout plain = pl::ui::defaultDockLayout({1280, 800}, 7, 4);
        QCOMPARE(l.usage + l.charts + l.pool, plain.usage + plain.charts + plain.pool);
        QVERIFY(plain.pool < 330);
    }
};

QTEST_GUILESS_MAIN(TestFirstLaunch)
#include "test_first_launch.moc"
