// The app's traffic view of a log (ui/traffic/): the worker's rows grouped by conversation, the
// segments' colours where the policy put them, a policy switch recomputed on the worker, a
// cancelled load left consistent, bad files answered with one line and no crash, a click opening
// the request in the window, and `shot LOG` byte-identical twice.
#include <QAbstractSeries>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLocale>
#include <QMimeData>
#include <QProcess>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrl>
#include <cmath>
#include <iterator>

#include "common/palette.h"
#include "core/assets.h"
#include "gui_test_support.h"
#include "session/engine_session.h"
#include "shell/main_window.h"
#include "shell/window_traffic.h"
#include "state/scenario_context.h"
#include "traffic/traffic_panel.h"
#include "traffic/traffic_session.h"
#include "traffic/traffic_view.h"
#include "views/block_chain_view.h"

using namespace pl;
using namespace pl::ui;

namespace {

constexpr int kLoadTimeoutMs = 300000;

QString replayLog(const char* name) {
    return qEnvironmentVariable("PREFIXLENS_TEST_DATA") + QStringLiteral("/replay/") +
           QLatin1String(name);
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// The colour most of a rectangle's pixels have.
QRgb dominant(const QImage& img, const QRect& r) {
    std::map<QRgb, int> counts;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            ++counts[img.pixel(x, y) & 0xffffff];
    QRgb best = 0;
    int n = -1;
    for (const auto& [c, k] : counts) {
        if (k > n) {
            best = c;
            n = k;
        }
    }
    return best;
}

}  // namespace

class TestTrafficView : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        pl::test::quietOffscreenNoise();
        registerUiMetaTypes();
        registerTrafficMetaTypes();
    }

    // Three users' requests interleaved in the log: three conversations of three rows each, each
    // under its own header; the agent session is one conversation of eight.
    void rowsGroupedByConversation() {
        TrafficPanel panel;
        panel.resize(1000, 700);
        panel.open(replayLog("chat-users.jsonl"));
        QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
        TrafficView* v = panel.view();
        QCOMPARE(v->rowCount(), 9);
        QCOMPARE(v->conversationCount(), 3);
        for (int c = 0; c < 3; ++c)
            QCOMPARE(v->conversation(c).requests, 3);
        // Row 3 (user 1's second request) follows row 0 in its conversation.
        QCOMPARE(v->previousInConversation(3), 0);
        QCOMPARE(v->previousInConversation(0), -1);
        QCOMPARE(panel.summary()->policy, CachePolicy::OpenAI);
        QCOMPARE(panel.summary()->requests, 9);
        QCOMPARE(panel.curveCount(), 8);  // no cache, and the seven policies

        panel.open(replayLog("agent-session.jsonl"));
        QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
        QCOMPARE(v->rowCount(), 8);
        QCOMPARE(v->conversationCount(), 1);
        for (int i = 0; i < v->rowCount(); ++i) {
            const TrafficRow& r = v->row(i);
            QCOMPARE(r.reused + r.written + r.uncached, r.prompt);
            QCOMPARE(r.reused + r.expired + r.writtenOnly() + r.uncachedOnly(), r.prompt);
        }
    }

    // The agent session under Anthropic's cache: the TTL gap's request shows its lost reuse as
    // expired, the others read what they reused; each colour where the row's figures put it.
    void segmentColours() {
        for (Theme theme : {Theme::Light, Theme::Dark}) {
            TrafficPanel panel;
            panel.setTheme(theme);
            panel.resize(1100, 800);
            panel.show();
            panel.open(replayLog("agent-session.jsonl"));
            QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
            TrafficView* v = panel.view();
            const Palette& pal = Palette::get(theme);
            const TrafficRow& gap = v->row(5);
            QCOMPARE(gap.cause, QStringLiteral("ttl-gap"));
            QVERIFY(gap.expired > 0);
            QVERIFY(gap.divergedAt < 0);  // the prompt extends the previous one: only time broke it
            QCOMPARE(v->row(2).cause, QStringLiteral("dynamic-prefix"));
            QVERIFY(v->row(2).divergedAt >= 0);
            QVERIFY(v->row(1).reused > 0);
            const QImage img = v->viewport()->grab().toImage();
            auto segment = [&](int row, int from, int to) {
                const QRect bar = v->barRect(row);
                const double scale = double(bar.width()) / v->row(row).prompt;
                const int x0 = bar.left() + int(from * scale) + 2;
                const int x1 = bar.left() + int(to * scale) - 2;
                return QRect(x0, bar.center().y() + 2, std::max(1, x1 - x0), 2);
            };
            const TrafficRow& r1 = v->row(1);
            QVERIFY(v->barRect(1).isValid());
            QCOMPARE(dominant(img, segment(1, 0, r1.reused)), pal.hit.rgb() & 0xffffff);
            QCOMPARE(dominant(img, segment(5, gap.reused, gap.reused + gap.expired)),
                     pal.partial.rgb() & 0xffffff);
            const TrafficRow& r0 = v->row(0);  // the first: written, then the uncached tail
            if (r0.written > 100)
                QCOMPARE(dominant(img, segment(0, 0, r0.written)), pal.computed.rgb() & 0xffffff);
            // The tooltip carries the figures and the cause.
            const QString tip = v->toolTipFor(5);
            QVERIFY(tip.contains(QStringLiteral("ttl-gap")));
            QVERIFY(tip.contains(QLocale(QLocale::English).toString(gap.expired)));
        }
    }

    // Another policy is another replay on the worker: other totals, the same rows.
    void policySwitchRecomputes() {
        TrafficPanel panel;
        panel.open(replayLog("agent-session.jsonl"));
        QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
        const TrafficSummary anthropic = *panel.summary();
        QCOMPARE(anthropic.policy, CachePolicy::Anthropic);
        panel.setPolicy(CachePolicy::Vllm);
        QVERIFY(panel.isLoading());
        QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
        const TrafficSummary vllm = *panel.summary();
        QCOMPARE(vllm.policy, CachePolicy::Vllm);
        QCOMPARE(vllm.requests, anthropic.requests);
        QVERIFY(vllm.cost != anthropic.cost);
        QVERIFY(vllm.reused != anthropic.reused);
        QCOMPARE(panel.view()->rowCount(), 8);
        // The TTL is no rule of a self-hosted cache.
        QVERIFY(panel.view()->row(5).cause.isEmpty());
        QCOMPARE(
            panel.findChild<QComboBox*>(QStringLiteral("trafficPolicy"))->currentData().toInt(),
            static_cast<int>(CachePolicy::Vllm));
    }

    // A Gemini, Bedrock or DeepSeek log plays under its provider's cache: the picker names that
    // policy and the chart draws its curve beside the others.
    void providerLogsPlayUnderTheirOwnCache() {
        const std::pair<const char*, CachePolicy> logs[] = {
            {"gemini-log.jsonl", CachePolicy::Gemini},
            {"bedrock-log.jsonl", CachePolicy::Bedrock},
            {"deepseek-log.jsonl", CachePolicy::DeepSeek}};
        TrafficPanel panel;
        panel.resize(1000, 700);
        auto* picker = panel.findChild<QComboBox*>(QStringLiteral("trafficPolicy"));
        QVERIFY(picker);
        QCOMPARE(picker->count(), 7);
        for (const auto& [name, policy] : logs) {
            panel.open(qEnvironmentVariable("PREFIXLENS_TEST_DATA") + QStringLiteral("/lint/") +
                       QLatin1String(name));
            QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
            QCOMPARE(panel.summary()->policy, policy);
            QCOMPARE(panel.summary()->requests, 2);
            QCOMPARE(picker->currentData().toInt(), static_cast<int>(policy));
            QVERIFY2(!picker->currentText().isEmpty(), name);
            QCOMPARE(panel.curveCount(), 8);
            // Drawn: the played policy's curve carries the picker's name for it.
            auto* chart = panel.findChild<QChartView*>(QStringLiteral("trafficChart"));
            QVERIFY(chart);
            QStringList drawn;
            for (QAbstractSeries* series : chart->chart()->series())
                drawn << series->name();
            QCOMPARE(drawn.size(), 8);
            QVERIFY2(drawn.contains(picker->currentText()), qPrintable(drawn.join(u',')));
        }
    }

    // A cancelled load keeps the rows it read, and its summary counts exactly those; a policy
    // switch in the middle of a load replaces it.
    void cancelLeavesConsistentState() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray chat = readAll(replayLog("chat-users.jsonl"));
        QByteArray big;
        for (int k = 0; k < 300; ++k)
            big += QByteArray(chat).replace("\"session_id\": \"",
                                            "\"session_id\": \"u" + QByteArray::number(k));
        const QString path = dir.filePath(QStringLiteral("big.jsonl"));
        QVERIFY(writeFile(path, big));
        const int total = 2700;
        TrafficPanel whole;
        whole.open(path);
        QVERIFY(whole.waitForLoad(kLoadTimeoutMs));
        QCOMPARE(whole.view()->rowCount(), total);

        // Cancelled once rows have come in: the rows so far stay, each as the whole load has
        // it, and the summary is theirs (their sums), marked cancelled; no curves follow.
        TrafficPanel panel;
        panel.open(path);
        QTRY_VERIFY_WITH_TIMEOUT(panel.view()->rowCount() > 0 || panel.summary(), kLoadTimeoutMs);
        QVERIFY2(!panel.summary(), "the whole log loaded before the first batch was seen");
        panel.cancel();
        QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
        const TrafficSummary& s = *panel.summary();
        QVERIFY(s.cancelled);
        const int kept = panel.view()->rowCount();
        qInfo("cancelled after %d of %d requests", kept, total);
        QVERIFY(kept > 0 && kept < total);
        QCOMPARE(s.requests, kept);
        long long prompt = 0, reused = 0;
        double cost = 0, uncached = 0;
        for (int i = 0; i < kept; ++i) {
            const TrafficRow& r = panel.view()->row(i);
            const TrafficRow& w = whole.view()->row(i);
            QCOMPARE(r.request, i);
            QCOMPARE(r.prompt, w.prompt);
            QCOMPARE(r.reused, w.reused);
            QCOMPARE(r.written, w.written);
            QCOMPARE(r.cause, w.cause);
            prompt += r.prompt;
            reused += r.reused;
            cost += r.cost;
            uncached += r.uncachedCost;
        }
        QCOMPARE(s.prompt, prompt);
        QCOMPARE(s.reused, reused);
        QVERIFY(std::abs(s.cost - cost) < 1e-9 && std::abs(s.uncachedCost - uncached) < 1e-9);
        QCOMPARE(panel.curveCount(), 0);

        // Cancelled while the cost curves of the other policies are replayed (the rows are all
        // in): nothing is lost, and every curve ends at the summary's figures.
        QSignalSpy loaded(&panel, &TrafficPanel::loaded);
        panel.open(path);
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), kLoadTimeoutMs);
        QVERIFY(panel.isLoading());  // the curves are on their way
        panel.cancel();
        QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
        QVERIFY(!panel.summary()->cancelled);
        QCOMPARE(panel.view()->rowCount(), total);
        QCOMPARE(panel.curveCount(), 1 + static_cast<int>(std::size(kTrafficPolicies)));
        const CachePolicy played = panel.summary()->policy;
        QCOMPARE(panel.curve(played, false).size(), std::size_t(total));
        QVERIFY(std::abs(panel.curve(played, false).back() - panel.summary()->cost) < 1e-9);
        QVERIFY(std::abs(panel.curve(played, true).back() - panel.summary()->uncachedCost) < 1e-9);

        // Switched while loading: only the last load's rows are shown.
        panel.open(path);
        panel.setPolicy(CachePolicy::Radix);
        QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
        QCOMPARE(panel.summary()->policy, CachePolicy::Radix);
        QCOMPARE(panel.view()->rowCount(), total);
        QCOMPARE(panel.view()->conversationCount(), 900);
    }

    // Files that are not logs: one line naming the file (and the line), nothing crashes.
    void badFilesSayWhy() {
        QTemporaryDir dir;
        const QString broken = dir.filePath(QStringLiteral("broken.jsonl"));
        QVERIFY(writeFile(broken, "{\"model\": \"claude\", \"messages\": [\nnot json\n"));
        TrafficPanel panel;
        panel.open(broken);
        QVERIFY(!panel.waitForLoad(kLoadTimeoutMs));
        QVERIFY2(panel.error().contains(QStringLiteral("broken.jsonl:1:")),
                 qPrintable(panel.error()));
        QVERIFY(!panel.error().contains(u'\n'));
        QCOMPARE(panel.view()->rowCount(), 0);

        panel.open(dir.filePath(QStringLiteral("missing.jsonl")));
        QVERIFY(!panel.waitForLoad(kLoadTimeoutMs));
        QVERIFY2(panel.error().contains(QStringLiteral("missing.jsonl")),
                 qPrintable(panel.error()));

        // A good log with one broken line: its rows, and the line named.
        QByteArray mixed = readAll(replayLog("agent-session.jsonl"));
        mixed.insert(mixed.indexOf('\n') + 1, "{oops\n");
        const QString partly = dir.filePath(QStringLiteral("partly.jsonl"));
        QVERIFY(writeFile(partly, mixed));
        panel.open(partly);
        QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
        QCOMPARE(panel.view()->rowCount(), 8);
        QVERIFY2(panel.error().contains(QStringLiteral("partly.jsonl:2:")),
                 qPrintable(panel.error()));
    }

    // Up and Down walk the requests across the headers; Enter opens the one selected.
    void keyboardSelects() {
        TrafficPanel panel;
        panel.resize(900, 600);
        panel.show();
        panel.open(replayLog("chat-users.jsonl"));
        QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
        TrafficView* v = panel.view();
        v->setFocus();
        QSignalSpy activated(v, &TrafficView::rowActivated);
        QTest::keyClick(v, Qt::Key_Down);
        QCOMPARE(v->selectedRow(), 0);
        QTest::keyClick(v, Qt::Key_Down);
        QCOMPARE(v->selectedRow(), 3);  // user 1's second request, under the same header
        QTest::keyClick(v, Qt::Key_Down);
        QTest::keyClick(v, Qt::Key_Down);
        QCOMPARE(v->selectedRow(), 1);  // the next conversation's first
        QTest::keyClick(v, Qt::Key_Up);
        QCOMPARE(v->selectedRow(), 6);
        QTest::keyClick(v, Qt::Key_Return);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.front().front().toInt(), 6);
    }

    // A lesson step's request in the middle of the rows (centerRow): it stays there while the
    // view changes height, and a scroll by hand lets it go.
    void centeredRowStaysCentered() {
        TrafficPanel panel;
        panel.resize(900, 400);
        panel.show();
        panel.open(
            QString::fromStdString((assets_dir() / "traffic" / "agent-session.jsonl").string()));
        QVERIFY(panel.waitForLoad(kLoadTimeoutMs));
        TrafficView* v = panel.view();
        QCOMPARE(v->rowCount(), 36);
        auto offCentre = [v](int row) {
            const QRect bar = v->barRect(row);
            return bar.isValid() ? std::abs(bar.center().y() - v->viewport()->height() / 2)
                                 : 100000;
        };
        v->centerRow(18);
        QCOMPARE(v->selectedRow(), 18);
        QVERIFY2(offCentre(18) <= v->fontMetrics().height(),
                 qPrintable(QString::number(offCentre(18))));
        panel.resize(900, 700);
        QTRY_VERIFY(offCentre(18) <= v->fontMetrics().height());
        panel.resize(900, 350);
        QTRY_VERIFY(offCentre(18) <= v->fontMetrics().height());
        // Scrolled by hand to the top: a resize leaves it there.
        v->verticalScrollBar()->setValue(0);
        panel.resize(900, 500);
        QCoreApplication::processEvents();
        QCOMPARE(v->verticalScrollBar()->value(), 0);
        QCOMPARE(v->selectedRow(), 18);
    }

    // The window opens a log as traffic beside the chain, and a clicked request in its docks:
    // the request after the one before it in its conversation, OpenAI bodies too.
    void windowOpensTrafficAndRequest() {
        MainWindowOptions o;
        o.useSettings = false;
        o.loadInitialScenario = false;
        o.engine.backend = BackendKind::Cpu;
        o.engine.explicit_backend = true;
        MainWindow w(o);
        w.resize(1366, 768);
        w.show();
        QVERIFY(WindowTraffic::isTrafficFile(replayLog("agent-session.jsonl")));
        QVERIFY(
            !WindowTraffic::isTrafficFile(qEnvironmentVariable("PREFIXLENS_TEST_DATA") +
                                          QStringLiteral("/../../assets/scenarios/few-shot.json")));
        QVERIFY(w.loadScenarioNameOrFile(replayLog("chat-users.jsonl")));
        TrafficPanel* panel = w.traffic()->panel();
        QVERIFY(panel);
        QCOMPARE(w.traffic()->tabs()->currentWidget(), panel);
        QVERIFY(panel->waitForLoad(kLoadTimeoutMs));
        TrafficView* v = panel->view();
        QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, v->barRect(3).center());
        QCOMPARE(v->selectedRow(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(w.context()->hasScenario(), 30000);
        const Scenario& sc = w.context()->scenario();
        QCOMPARE(sc.requests.size(), std::size_t(2));
        QVERIFY(sc.requests[1].body.contains("messages"));
        QVERIFY(sc.requests[1].body.contains("system"));  // the OpenAI system message, moved
        QVERIFY(QString::fromStdString(sc.name).contains(QStringLiteral("line 4")));
        // The traffic stays in front; the chain has its own tab.
        QCOMPARE(w.traffic()->tabs()->currentWidget(), panel);
        QCOMPARE(w.traffic()->tabs()->count(), 2);
    }

    // A log dropped on the window opens as traffic; a dropped scenario still opens as one.
    void droppedLogOpensTraffic() {
        MainWindowOptions o;
        o.useSettings = false;
        o.loadInitialScenario = false;
        o.engine.backend = BackendKind::Cpu;
        o.engine.explicit_backend = true;
        MainWindow w(o);
        w.resize(1366, 768);
        w.show();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(replayLog("agent-session.jsonl"))});
        QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(&w, &drop);
        QVERIFY(w.traffic()->panel());
        QVERIFY(w.traffic()->panel()->waitForLoad(kLoadTimeoutMs));
        QCOMPARE(w.traffic()->panel()->view()->rowCount(), 8);
        QVERIFY(!w.context()->hasScenario());
    }

    // A request far longer than the built-in model's context, opened from the traffic view, is
    // played without the model: its blocks hashed and looked up (the second turn reuses the
    // first's long system prompt), no answer, a modelled TTFT; the UI thread keeps turning.
    void longRequestDoesNotFreeze() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("long.jsonl"));
        QByteArray system;
        for (int i = 0; i < 6000; ++i)
            system += "Line " + QByteArray::number(i) + " of a long system prompt. ";
        QByteArray log;
        for (int turn = 0; turn < 2; ++turn) {
            log +=
                "{\"session_id\": \"s\", \"request\": {\"model\": \"claude-sonnet-4-5\", "
                "\"max_tokens\": 8, \"system\": \"" +
                system + "\", \"messages\": [{\"role\": \"user\", \"content\": \"turn " +
                QByteArray::number(turn) + "\"}]}}\n";
        }
        QVERIFY(writeFile(path, log));
        MainWindowOptions o;
        o.useSettings = false;
        o.loadInitialScenario = false;
        o.engine.backend = BackendKind::Cpu;
        o.engine.explicit_backend = true;
        MainWindow w(o);
        w.resize(1366, 768);
        w.show();
        QVERIFY(w.loadScenarioNameOrFile(path));
        TrafficPanel* panel = w.traffic()->panel();
        QVERIFY(panel->waitForLoad(kLoadTimeoutMs));
        QVERIFY(panel->view()->row(1).prompt > 20000);
        QElapsedTimer clock;
        clock.start();
        qint64 last = 0, longest = 0;
        QTimer tick;
        tick.setInterval(5);
        connect(&tick, &QTimer::timeout, [&] {
            longest = std::max(longest, clock.elapsed() - last);
            last = clock.elapsed();
        });
        tick.start();
        QSignalSpy failed(&w, &MainWindow::runFailed);
        panel->view()->selectRow(1);
        panel->openSelected();
        QTRY_VERIFY_WITH_TIMEOUT(w.context()->hasScenario(), 60000);
        QVERIFY2(w.waitForRun(120000), qPrintable(w.lastError()));
        QVERIFY(failed.isEmpty());
        qInfo("longest UI-thread gap: %lld ms", static_cast<long long>(longest));
        QVERIFY2(longest < 2000, qPrintable(QString::number(longest)));
        const ScenarioRun& run = *w.context()->run();
        QCOMPARE(run.results.size(), std::size_t(2));
        const RequestResult& first = run.results[0];
        const RequestResult& second = run.results[1];
        QVERIFY(first.cache_only && second.cache_only);
        QVERIFY(second.prompt_tokens > 2 * 20000);
        QCOMPARE(first.cached_tokens, 0);
        QCOMPARE(second.cached_tokens + second.computed_tokens, second.prompt_tokens);
        // Everything up to the turn that differs is reused: all but the last block or two.
        QVERIFY2(
            second.cached_tokens > second.prompt_tokens - 3 * second.block_size,
            qPrintable(
                QStringLiteral("%1 of %2").arg(second.cached_tokens).arg(second.prompt_tokens)));
        QVERIFY(second.output.empty() && second.output_text.empty());
        QVERIFY(second.ttft_ms > 0);
        QCOMPARE(static_cast<int>(second.blocks.size()),
                 (second.prompt_tokens + second.block_size - 1) / second.block_size);
        // The chain draws its thousands of blocks in bands that open on a click.
        w.traffic()->showChain();
        w.setCursorToRequestEnd(1);
        BlockChainView* chain = w.blockChainView();
        const auto band = chain->band(1, 100);
        QVERIFY(band && band->folded());
        const int blocks = static_cast<int>(second.blocks.size());
        QCOMPARE(band->count, bandSize(blocks));
        QVERIFY((blocks + band->count - 1) / band->count <= kMaxBands);
        QCOMPARE(chain->blockRect(1, 100), chain->blockRect(1, band->first));
        const int lastBlock = blocks - 1;
        // Both cards, 12,000 blocks, in a few screens, not a few hundred.
        QVERIFY2(
            chain->blockRect(1, lastBlock).bottom() - chain->blockRect(0, 0).top() < 4 * w.height(),
            qPrintable(QString::number(chain->blockRect(1, lastBlock).bottom())));
        const QPoint at = chain->blockRect(1, 100).center();
        QWidget* canvas = chain->childAt(at);
        QVERIFY(canvas);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(chain, at));
        QVERIFY(chain->band(1, 100)->open);
        QVERIFY(chain->blockRect(1, 100) != chain->blockRect(1, band->first));
        QVERIFY(chain->tooltipFor(1, 100).contains(QStringLiteral("100")));
        QVERIFY(chain->setBandOpen(1, 100, false));
        QVERIFY(chain->band(1, 100)->folded());
    }

    // `shot LOG` draws the traffic view once the log is read: the same bytes twice, another
    // policy another picture, a bad log one line and status 2.
    void shotTwiceIdentical() {
        QTemporaryDir dir;
        auto shot = [&](const QStringList& extra, const QString& out) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.remove(QStringLiteral("QT_QPA_PLATFORM"));
            p.setProcessEnvironment(env);
            p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
                    QStringList{QStringLiteral("shot"), replayLog("agent-session.jsonl"),
                                QStringLiteral("-o"), out, QStringLiteral("--size"),
                                QStringLiteral("1366x768"), QStringLiteral("--deterministic")} +
                        extra);
            p.waitForFinished(600000);
            return std::make_pair(p.exitCode(), QString::fromUtf8(p.readAllStandardError()));
        };
        const QString a = dir.filePath(QStringLiteral("a.png"));
        const QString b = dir.filePath(QStringLiteral("b.png"));
        const QString c = dir.filePath(QStringLiteral("c.png"));
        auto [ra, ea] = shot({}, a);
        QVERIFY2(ra == 0, qPrintable(ea));
        auto [rb, eb] = shot({}, b);
        QVERIFY2(rb == 0, qPrintable(eb));
        QVERIFY(!readAll(a).isEmpty());
        QCOMPARE(readAll(a), readAll(b));
        QCOMPARE(QImage(a).size(), QSize(1366, 768));
        auto [rc, ec] = shot({QStringLiteral("--policy"), QStringLiteral("radix")}, c);
        QVERIFY2(rc == 0, qPrintable(ec));
        QVERIFY(readAll(a) != readAll(c));
        // --step N: request N opened into the chain, the same bytes twice; out of range, exit 2
        // and no file.
        const QString e = dir.filePath(QStringLiteral("e.png"));
        const QString f = dir.filePath(QStringLiteral("f.png"));
        auto [re, ee] = shot({QStringLiteral("--step"), QStringLiteral("2")}, e);
        QVERIFY2(re == 0, qPrintable(ee));
        auto [rf, ef] = shot({QStringLiteral("--step"), QStringLiteral("2")}, f);
        QVERIFY2(rf == 0, qPrintable(ef));
        QCOMPARE(readAll(e), readAll(f));
        QVERIFY(readAll(e) != readAll(a));
        const QString g = dir.filePath(QStringLiteral("g.png"));
        auto [rg, eg] = shot({QStringLiteral("--step"), QStringLiteral("999")}, g);
        QCOMPARE(rg, 2);
        QVERIFY2(eg.contains(QStringLiteral("out of range")), qPrintable(eg));
        QVERIFY(!QFile::exists(g));

        const QString bad = dir.filePath(QStringLiteral("bad.jsonl"));
        QVERIFY(writeFile(bad, "nope\n"));
        QProcess p;
        p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
                {QStringLiteral("shot"), bad, QStringLiteral("-o"),
                 dir.filePath(QStringLiteral("d.png"))});
        p.waitForFinished(600000);
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
        QVERIFY2(err.contains(QStringLiteral("bad.jsonl:1:")) && !err.contains(u'\n'),
                 qPrintable(err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("d.png"))));
    }
};

QTEST_MAIN(TestTrafficView)
#include "test_traffic_view.moc"
