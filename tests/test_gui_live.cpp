// The app's live view (File > Connect to a server…) against tools/kv_event_publisher.py on
// loopback: the dock shows what the server holds, the forest hottest first, the branch points
// with their text, and the hit rate from the metrics page; a bad endpoint is refused at once.
#include <QApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QTest>
#include <QTreeWidget>
#include <filesystem>

#include "panels/live_panel.h"
#include "test_support.h"

using namespace pl;

namespace {

QString python() {
    const QString env = qEnvironmentVariable("PREFIXLENS_PYTHON");
    if (!env.isEmpty())
        return env;
    return std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

}  // namespace

class TestGuiLive : public QObject {
    Q_OBJECT

  private slots:
    void refuses_a_bad_endpoint() {
        QMainWindow w;
        QMenu* file = w.menuBar()->addMenu("File");
        file->addSeparator();
        QMenu* view = w.menuBar()->addMenu("View");
        auto* dock = new ui::LiveDock(&w, file, view);
        QVERIFY(!dock->connectTo({.endpoints = {"tcp://*:5557"}}).isEmpty());
        QVERIFY(!dock->connectTo({.endpoints = {}}).isEmpty());
        QVERIFY(!dock->connectTo({.endpoints = {"tcp://127.0.0.1:5557"}, .metricsUrl = "ftp://x"})
                     .isEmpty());
        QVERIFY(dock->isHidden());
        // The menu has the two actions, before Quit's separator.
        QCOMPARE(file->actions().size(), 3);
        QCOMPARE(file->actions()[0]->objectName(), QString("connectServer"));
    }

    void shows_what_the_server_holds() {
        const auto root = std::filesystem::absolute(test::data_dir()).parent_path().parent_path();
        const auto model = std::filesystem::path(PREFIXLENS_SOURCE_ASSETS) / "model";
        QProcess pub;
        pub.start(python(),
                  {QString::fromStdString((root / "tools/kv_event_publisher.py").string()),
                   "--vocab", QString::fromStdString((model / "vocab.json").string()),
                   "--metrics-port", "0", "--wait-subscriber", "30", "--start-delay", "0.3",
                   "--linger", "30", "--until-stdin-closes"});
        QVERIFY(pub.waitForStarted(10000));
        for (int i = 0; i < 150 && !pub.canReadLine(); ++i)
            pub.waitForReadyRead(200);
        QVERIFY(pub.canReadLine());
        const QJsonObject info = QJsonDocument::fromJson(pub.readLine()).object();

        QMainWindow w;
        QMenu* file = w.menuBar()->addMenu("File");
        file->addSeparator();
        QMenu* view = w.menuBar()->addMenu("View");
        auto* dock = new ui::LiveDock(&w, file, view);
        w.addDockWidget(Qt::RightDockWidgetArea, dock);
        w.resize(1280, 800);
        w.show();
        const QString err =
            dock->connectTo({.endpoints = {info["endpoint"].toString()},
                             .replay = info["replay"].toString(),
                             .topic = "kv-events",
                             .metricsUrl = info["metrics"].toString(),
                             .tokenizerDir = QString::fromStdString(model.string())});
        QCOMPARE(err, QString());
        QVERIFY(dock->isVisible());
        // The whole trace: 26 blocks stored, request 4's last two evicted.
        QTRY_VERIFY_WITH_TIMEOUT(dock->lastFrame().removed == 2 && dock->lastFrame().hitRate,
                                 30000);
        const ui::LiveFrame& f = dock->lastFrame();
        QCOMPARE(f.held, qint64{24});
        QCOMPARE(f.stored, qint64{26});
        QCOMPARE(f.branches.size(), std::size_t{2});
        QCOMPARE(f.branches[0].children, 5);
        QCOMPARE(f.branches[0].looksDynamic, QString("timestamp"));
        // One tree: the system prompt's first block holds everything below it.
        QVERIFY(!f.forest.empty());
        QCOMPARE(f.forest[0].parent, -1);
        QCOMPARE(f.forest[0].held, qint64{24});
        QVERIFY(f.forest[0].text.startsWith("You are a carefu"));
        // What the dock draws: the forest's root row, expanded, and the branch points.
        auto* tree = dock->findChild<QTreeWidget*>("liveForest");
        QCOMPARE(tree->topLevelItemCount(), 1);
        QCOMPARE(tree->topLevelItem(0)->text(2), QString("24"));
        QVERIFY(tree->topLevelItem(0)->isExpanded());
        auto* branches = dock->findChild<QLabel*>("liveBranches");
        QVERIFY(branches->text().contains("looks like a timestamp"));
        auto* counts = dock->findChild<QLabel*>("liveCounts");
        QVERIFY(counts->text().startsWith("24 blocks held"));
        QVERIFY(counts->text().contains("hit rate"));
        // A folded subtree stays folded when the next frames rebuild the tree.
        tree->topLevelItem(0)->setExpanded(false);
        const int seen = dock->framesShown();
        QTRY_VERIFY_WITH_TIMEOUT(dock->framesShown() >= seen + 2, 5000);
        QVERIFY(!tree->topLevelItem(0)->isExpanded());
        dock->disconnectServer();
        pub.closeWriteChannel();
        QVERIFY(pub.waitForFinished(20000));
    }
};

QTEST_MAIN(TestGuiLive)
#include "test_gui_live.moc"
