// The desktop app, offscreen: views against the runner's events, the edit-and-run-again loop,
// the pixels of the block chain, the worker's coalescing, and a responsive UI thread.
#include <algorithm>

#include <QAbstractBarSeries>
#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDialog>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QPointer>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QtTest>
#include <filesystem>
#include <map>
#include <memory>

#include "core/machine_load.h"
#include "gui_test_support.h"
#include "lessons/lesson.h"
#include "lessons/lesson_panel.h"
#include "panels/charts_panel.h"
#include "panels/usage_panel.h"
#include "session/engine_session.h"
#include "session/scenario_import.h"
#include "shell/latency_probe.h"
#include "shell/main_window.h"
#include "state/refresh_queue.h"
#include "state/scenario_context.h"
#include "state/timeline_state.h"
#include "test_support.h"
#include "views/block_chain_view.h"
#include "views/output_view.h"
#include "views/pool_view.h"
#include "views/prompt_view.h"

using namespace pl;
using namespace pl::ui;

namespace {

constexpr int kRunTimeoutMs = 300000;

std::unique_ptr<MainWindow> makeWindow() {
    MainWindowOptions o;
    o.engine = test::cpu_engine();
    o.useSettings = false;
    o.loadInitialScenario = false;
    auto w = std::make_unique<MainWindow>(o);
    w->resize(1280, 800);
    w->show();
    return w;
}

int countState(const RequestResult& r, PromptBlockState s) {
    return static_cast<int>(std::count_if(r.blocks.begin(), r.blocks.end(),
                                          [&](const auto& b) { return b.state == s; }));
}

const MemorySampleEvent* lastSampleBefore(const ScenarioRun& run, int cursor) {
    const MemorySampleEvent* m = nullptr;
    for (int i = 0; i < cursor; ++i) {
        if (const auto* s =
                std::get_if<MemorySampleEvent>(&run.events[static_cast<std::size_t>(i)]))
            m = s;
    }
    return m;
}

// At the start, before any event: the chain shows the first request's blocks, none hashed yet,
// rather than an empty area.
void checkNothingHashedYet(MainWindow& w) {
    const BlockChainView* chain = w.blockChainView();
    QCOMPARE(chain->drawnRequestCount(), 1);
    const RequestProgress* first = chain->drawnRequest(0);
    QVERIFY(first != nullptr);
    QVERIFY(!first->started);
    QVERIFY(!first->cells.empty());
    QCOMPARE(first->hashed + first->hits + first->computed, 0);
}

// Every request's drawn blocks equal its RequestResult; the pool equals the memory samples.
void checkViewsAgainstResults(MainWindow& w) {
    const ScenarioRun& run = *w.context()->run();
    QVERIFY(run.error.empty());
    QCOMPARE(static_cast<int>(run.results.size()), run.requestCount());
    for (int r = 0; r < run.requestCount(); ++r) {
        w.setCursorToRequestEnd(r);
        const RequestResult& res = run.results[static_cast<std::size_t>(r)];
        BlockChainView* chain = w.blockChainView();
        QCOMPARE(chain->drawnCount(r, CellState::Hit), countState(res, PromptBlockState::Hit));
        QCOMPARE(chain->drawnCount(r, CellState::Computed),
                 countState(res, PromptBlockState::Computed));
        QCOMPARE(chain->drawnCount(r, CellState::Partial),
                 countState(res, PromptBlockState::Partial));
        QCOMPARE(chain->drawnCount(r, CellState::Pending), 0);
        QCOMPARE(chain->drawnCount(r, CellState::Hashed), 0);
        QCOMPARE(chain->drawnRequest(r)->cached_tokens, res.cached_tokens);
        QCOMPARE(chain->drawnRequest(r)->output_tokens.size(), res.output.size());
        // The request the cursor just reached is on screen: its first row of blocks lies in the
        // chain's visible area (the scroll range grows with its new card before the scroll).
        const QRect first = chain->blockRect(r, 0);
        QVERIFY2(chain->chainArea().contains(first.center()),
                 qPrintable(QStringLiteral("request %1: first block at y %2, visible %3 to %4")
                                .arg(r)
                                .arg(first.center().y())
                                .arg(chain->chainArea().top())
                                .arg(chain->chainArea().bottom())));
        // The pool after the release equals what the cache reported then.
        const MemorySampleEvent* m = lastSampleBefore(run, w.context()->cursor());
        QVERIFY(m);
        const PoolState& pool = w.poolView()->state();
        QCOMPARE(pool.in_use, m->blocks_in_use);
        QCOMPARE(pool.cached_free, m->blocks_cached_free);
        QCOMPARE(pool.free_empty, m->blocks_free);
        QVERIFY(w.usagePanel()->correctnessText().contains(QStringLiteral("max |diff|")));
    }
}

}  // namespace

class TestGuiMain : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        pl::test::quietOffscreenNoise();
        QCoreApplication::setOrganizationName(QStringLiteral("PrefixLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_gui_main"));
        registerUiMetaTypes();
    }

    void timestampAtHeadViewsMatchResults() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        checkViewsAgainstResults(*w);
        const ScenarioRun& run = *w->context()->run();
        // The lesson of the scenario: the timestamp at the head leaves request 1 nothing to reuse;
        // moved to the end, request 3 reuses everything before it.
        QCOMPARE(run.results[1].cached_tokens, 0);
        QVERIFY(run.results[3].cached_tokens > run.results[3].prompt_tokens / 2);
        // The Output dock says how the answer was chosen: greedy, with the built-in model's
        // penalties against repetition (assets/model/generation_config.json).
        QVERIFY(run.sampling.penalized());
        w->setCursorToRequestEnd(2);
        const QString decoding = OutputView::decodingText(run.sampling);
        QVERIFY2(decoding.startsWith(QStringLiteral("greedy · ")) &&
                     decoding.contains(QStringLiteral("frequency penalty")),
                 qPrintable(decoding));
        QTRY_COMPARE_WITH_TIMEOUT(w->outputView()->decodingLine(), decoding, 30000);
        SamplingParams repetition;
        repetition.repetition_penalty = 1.2;
        QCOMPARE(OutputView::decodingText(repetition),
                 QStringLiteral("greedy · repetition penalty 1.2"));
        QCOMPARE(OutputView::decodingText(SamplingParams{}), QStringLiteral("greedy"));
        w->setCursorToRequestEnd(1);
        QCOMPARE(w->blockChainView()->drawnRequest(1)->first_divergence, 0);
        // The current request stays on screen when the chain gets narrower and every card
        // reflows into more rows (a dock dragged, the window made smaller, settle()).
        BlockChainView* chain = w->blockChainView();
        w->setCursorToRequestEnd(3);
        auto lastShown = [chain] {
            return chain->chainArea().contains(chain->blockRect(3, 0).center());
        };
        QVERIFY(lastShown());
        const int wide = chain->width();
        w->resize(960, 800);
        // Generous: the relayout waits behind the worker's results on a loaded machine.
        QTRY_VERIFY_WITH_TIMEOUT(chain->width() < wide, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(lastShown(), 30000);
    }

    // A long scenario is drawn while it runs: the first finished requests reach the views before
    // the last one is played, with the numbers the whole run then has; Space plays what is
    // there and keeps waiting at its end for the rest.
    void requestsArriveWhileTheScenarioRuns() {
        auto w = makeWindow();
        ScenarioContext* ctx = w->context();
        std::vector<ScenarioRunPtr> partials;
        connect(ctx, &ScenarioContext::runChanged, this, [&] {
            if (ctx->run() && ctx->run()->partial)
                partials.push_back(ctx->run());
        });
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("concurrent-sessions")));
        QTRY_VERIFY_WITH_TIMEOUT(!partials.empty(), kRunTimeoutMs);
        const int total = static_cast<int>(ctx->scenario().requests.size());
        QVERIFY(ctx->awaitingRun());  // still running
        QVERIFY(ctx->run()->results.size() < static_cast<std::size_t>(total));
        checkNothingHashedYet(*w);  // the cursor is at the start
        ctx->togglePlaying();
        QVERIFY(ctx->isPlaying());
        QTRY_VERIFY_WITH_TIMEOUT(w->blockChainView()->drawnRequest(0)->started, 30000);
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        const ScenarioRun& whole = *ctx->run();
        QVERIFY(!whole.partial);
        QCOMPARE(static_cast<int>(whole.results.size()), total);
        QVERIFY(partials.front()->results.size() >= 1);
        for (const ScenarioRunPtr& p : partials) {
            QVERIFY(p->results.size() < whole.results.size());
            QVERIFY(p->eventCount() <= whole.eventCount());
            for (const RequestResult& r : p->results) {
                const RequestResult* same = whole.result(r.request);
                QVERIFY(same != nullptr);
                QCOMPARE(r.output_text, same->output_text);
                QCOMPARE(r.cached_tokens, same->cached_tokens);
            }
        }
        // Playback did not stop at the end of a partial run: it is still going, or it reached
        // the end of the whole one.
        QVERIFY(ctx->isPlaying() || ctx->cursor() == ctx->eventCount());
        ctx->setPlaying(false);
        // A partial run is never cached: playing the scenario again answers with the whole run.
        QVERIFY(w->engine()->cachedRun(ctx->scenario()) == ctx->run());
    }

    void sharedSystemPromptStepByStep() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        checkViewsAgainstResults(*w);
        QVERIFY(w->context()->run()->results[1].cached_tokens > 0);
        // Step through every event: the drawn request at the cursor shows exactly the hashes,
        // hits and computed blocks of the events before the cursor, growing left to right.
        ScenarioContext* ctx = w->context();
        const ScenarioRun& run = *ctx->run();
        ctx->toStart();
        w->syncViews();
        checkNothingHashedYet(*w);
        int hashed = 0, hits = 0, computed = 0, request = -1;
        for (int i = 0; i < run.eventCount(); ++i) {
            const RunnerEvent& ev = run.events[static_cast<std::size_t>(i)];
            if (eventRequest(ev) != request) {
                request = eventRequest(ev);
                hashed = hits = computed = 0;
            }
            if (const auto* h = std::get_if<BlockHashedEvent>(&ev)) {
                QCOMPARE(h->index, hashed);  // hashing goes left to right
                ++hashed;
            }
            hits += std::holds_alternative<BlockHitEvent>(ev) ? 1 : 0;
            if (const auto* c = std::get_if<BlockComputedEvent>(&ev))
                computed += c->partial ? 0 : 1;
            ctx->stepEvent(1);
            w->syncViews();
            QCOMPARE(ctx->cursor(), i + 1);
            const RequestProgress* rp = w->blockChainView()->drawnRequest(request);
            QVERIFY(rp);
            QCOMPARE(rp->hashed, hashed);
            QCOMPARE(w->blockChainView()->drawnCount(request, CellState::Hit), hits);
            QCOMPARE(w->blockChainView()->drawnCount(request, CellState::Computed), computed);
        }
        // Request stepping lands on request boundaries.
        ctx->toStart();
        ctx->stepRequest(1);
        QCOMPARE(ctx->cursor(), run.requestEndCursor(0));
        ctx->stepRequest(-1);
        QCOMPARE(ctx->cursor(), 0);
    }

    // Lesson 2 step 9: put the time at the start, run, then undo the edit and run again. Ctrl+Z
    // in the editor takes the edit back after the run, and the blocks are reused again.
    void undoAfterRunBringsTheHitsBack() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        w->setCursorToRequestEnd(1);
        const int hits = w->blockChainView()->drawnCount(1, CellState::Hit);
        QVERIFY(hits > 0);
        PromptView* pv = w->promptView();
        QCOMPARE(pv->editRequest(), 1);
        const QString original = pv->editText();
        pv->insertTimestampAtStart();
        pv->runAgain();
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QCOMPARE(w->context()->run()->results[1].cached_tokens, 0);
        QVERIFY(pv->editText() != original);
        pv->editor()->setFocus();
        QTest::keyClick(pv->editor(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(pv->editText(), original);
        pv->runAgain();
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QCOMPARE(w->blockChainView()->drawnCount(1, CellState::Hit), hits);
    }

    void timestampAtHeadEditRecomputesEveryBlock() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        w->setCursorToRequestEnd(1);
        QVERIFY(w->blockChainView()->drawnCount(1, CellState::Hit) > 0);
        PromptView* pv = w->promptView();
        QCOMPARE(pv->editRequest(), 1);
        const auto pointers = pv->editablePointers();
        QVERIFY(!pointers.empty());
        const std::string systemPtr = pointers.front();
        QVERIFY2(systemPtr.rfind("/system", 0) == 0, systemPtr.c_str());
        const ojson& body = w->context()->scenario().requests[1].body;
        const QString original =
            QString::fromStdString(body.at(ojson::json_pointer(systemPtr)).get<std::string>());
        QVERIFY(pv->setEditText(systemPtr, QStringLiteral("Current time: 09:41:07, Monday 30 "
                                                          "November 2026.\n\n") +
                                               original));
        QSignalSpy shown(w.get(), &MainWindow::runShown);
        pv->runAgain();
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QCOMPARE(shown.count(), 1);
        // The cursor is back at the end of the edited request, and nothing of it was reused.
        QCOMPARE(w->context()->cursor(), w->context()->run()->requestEndCursor(1));
        const RequestResult& res = w->context()->run()->results[1];
        QCOMPARE(res.cached_tokens, 0);
        const int full = res.prompt_tokens / res.block_size;
        QCOMPARE(w->blockChainView()->drawnCount(1, CellState::Hit), 0);
        QCOMPARE(w->blockChainView()->drawnCount(1, CellState::Computed), full);
        QCOMPARE(w->blockChainView()->drawnRequest(1)->first_divergence, 0);
        QVERIFY(pv->shownDynamicTokens() > 0);
        // Request 0 is untouched by the edit.
        QVERIFY(w->context()->scenario().requests[0].body.dump().find("09:41:07") ==
                std::string::npos);
    }

    void blockChainPixelsMatchHitAndComputedCounts() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        for (Theme theme : {Theme::Light, Theme::Dark}) {
            w->setTheme(theme);
            w->setCursorToRequestEnd(3);
            const QImage img = w->grabToImage();
            QVERIFY(!img.isNull());
            BlockChainView* chain = w->blockChainView();
            const QRect area(chain->mapTo(w.get(), chain->chainArea().topLeft()),
                             chain->chainArea().size());
            // Expected: the visible area of every drawn hit / computed block.
            double hitArea = 0, computedArea = 0;
            const ScenarioRun& run = *w->context()->run();
            for (int r = 0; r < run.requestCount(); ++r) {
                const RequestProgress* rp = chain->drawnRequest(r);
                if (!rp)
                    continue;
                for (const CellView& c : rp->cells) {
                    QRect b = chain->blockRect(r, c.index);
                    b = QRect(chain->mapTo(w.get(), b.topLeft()), b.size()).intersected(area);
                    const double a = static_cast<double>(b.width()) * b.height();
                    if (c.state == CellState::Hit)
                        hitArea += a;
                    else if (c.state == CellState::Computed)
                        computedArea += a;
                }
            }
            QVERIFY(hitArea > 0 && computedArea > 0);
            const Palette& pal = Palette::get(theme);
            double hitPx = 0, computedPx = 0;
            for (int y = area.top(); y <= area.bottom() && y < img.height(); ++y) {
                for (int x = area.left(); x <= area.right() && x < img.width(); ++x) {
                    const QRgb c = img.pixel(x, y) & 0xffffff;
                    hitPx += c == (pal.hit.rgb() & 0xffffff) ? 1 : 0;
                    computedPx += c == (pal.computed.rgb() & 0xffffff) ? 1 : 0;
                }
            }
            QVERIFY2(hitPx > 0 && computedPx > 0, "both colours must be on screen");
            const double expected = hitArea / computedArea;
            const double measured = hitPx / computedPx;
            QVERIFY2(std::abs(measured / expected - 1.0) < 0.2,
                     qPrintable(QStringLiteral("hit:computed pixels %1, block areas %2")
                                    .arg(measured)
                                    .arg(expected)));
            const QString dir = QDir::tempPath();
            img.save(dir + QStringLiteral("/prefixlens-test-chain-%1.png")
                               .arg(theme == Theme::Dark ? "dark" : "light"));
        }
    }

    // Views refresh through RefreshQueue: one per event-loop turn, coalesced per view. Without
    // any syncViews() they still catch up with a jump on their own.
    void viewsCatchUpWithAJumpByThemselves() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        ScenarioContext* ctx = w->context();
        ctx->toStart();
        w->syncViews();
        checkNothingHashedYet(*w);
        ctx->toEnd();
        QVERIFY(RefreshQueue::instance()->pending());
        checkNothingHashedYet(*w);  // not yet: it is queued
        QTRY_VERIFY_WITH_TIMEOUT(!RefreshQueue::instance()->pending(), 5000);
        QCOMPARE(w->blockChainView()->drawnRequestCount(), ctx->run()->requestCount());
        const RequestResult& last = ctx->run()->results.back();
        QVERIFY(w->usagePanel()->usageText().contains(QString::number(last.usage.output_tokens)));
    }

    void refreshQueueCoalescesAndDropsClosedViews() {
        RefreshQueue* q = RefreshQueue::instance();
        q->flush();
        QObject a, b;
        auto* gone = new QObject;
        QStringList log;
        q->post(&a, 0, [&] { log << QStringLiteral("a1"); });
        q->post(&b, 0, [&] { log << QStringLiteral("b"); });
        q->post(gone, 0, [&] { log << QStringLiteral("gone"); });
        q->post(&a, 1, [&] { log << QStringLiteral("a-other-key"); });
        q->post(&a, 0, [&] { log << QStringLiteral("a2"); });  // replaces a1 in its place
        delete gone;
        QTRY_VERIFY_WITH_TIMEOUT(!q->pending(), 5000);
        QCOMPARE(log, (QStringList{QStringLiteral("a2"), QStringLiteral("b"),
                                   QStringLiteral("a-other-key")}));
    }

    void newerPlayReplacesQueuedOne() {
        EngineHost host(test::cpu_engine());
        auto a = load_scenario("shared-system-prompt");
        auto b = load_scenario("few-shot");
        auto c = load_scenario("timestamp-at-head");
        QVERIFY(a && b && c);
        QSignalSpy ready(&host, &EngineHost::runReady);
        QSignalSpy failed(&host, &EngineHost::failed);
        host.play(a.value());
        host.play(b.value());
        const uint64_t last = host.play(c.value());
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, kRunTimeoutMs);
        // A replaced play answers nothing, neither a run nor an error: anything it sent would be
        // in before this.
        QVERIFY(test::waitForWorkerBarrier(host));
        QCOMPARE(ready.count(), 1);
        QCOMPARE(failed.count(), 0);
        const auto run = ready.front().front().value<ScenarioRunPtr>();
        QCOMPARE(run->generation, last);
        QCOMPARE(run->scenario.name, std::string("timestamp-at-head"));
    }

    // A window closed in the middle of a play takes its engine with it: the worker stops at its
    // next event, and the run goes nowhere: not to the window, not to the run store (which keeps
    // every play that ends). Closing joins the worker, so whatever it would have saved is on
    // disk when reset() returns: no wait to guess.
    void closedWindowDropsItsRun() {
        QTemporaryDir store;
        QVERIFY(store.isValid());
        MainWindowOptions o;
        o.engine = test::cpu_engine();
        o.engine.run_store_dir = store.path().toStdString();
        o.useSettings = false;
        o.loadInitialScenario = false;
        auto w = std::make_unique<MainWindow>(o);
        w->show();
        EngineHost* host = w->engine();
        QVERIFY(host);
        QSignalSpy progress(host, &EngineHost::runProgress);
        const int base = EngineSession::requestsPlayed();  // by the tests before this one
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("long-document-qa")));
        // Past the model's loading: the first of its three requests is done.
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), kRunTimeoutMs);
        const int total = static_cast<int>(
            progress.last().front().value<ScenarioRunPtr>()->scenario.requests.size());
        QCOMPARE(total, 3);
        // The worker's own count, read now (a queued progress signal may be stale).
        const int before = EngineSession::requestsPlayed() - base;
        QVERIFY2(before < total, "the play ended before the window closed");
        w.reset();  // joins the worker: a worker that ignored the close would play to the end
        const int after = EngineSession::requestsPlayed() - base;
        qInfo("requests played when the window closed: %d of %d; after: %d", before, total, after);
        // At most the request that was ending as the window closed; never the rest of the play.
        QVERIFY2(after - before <= 1, qPrintable(QString::number(after - before)));
        QVERIFY2(after < total, "the worker played the whole scenario after its window closed");
        int saved = 0;
        for (const auto& e :
             std::filesystem::recursive_directory_iterator(store.path().toStdString()))
            saved += e.is_regular_file();
        QCOMPARE(saved, 0);
    }

    // A scenario the engine cannot play (its KV pool is larger than the machine) ends in an
    // error the window shows, not in views that keep saying a run is on its way.
    void unplayableScenarioSaysWhy() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("huge-pool.json"));
        test::write_file(path.toStdString(),
                         R"({"capacity_blocks": 1048576,
                             "requests": [{"messages": [{"role": "user", "content": "Hi"}]}]})");
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(path));
        QVERIFY(!w->waitForRun(kRunTimeoutMs));
        QVERIFY2(w->lastError().contains(QStringLiteral("more than this machine can give it")),
                 qPrintable(w->lastError()));
        QTRY_VERIFY(!w->context()->awaitingRun());
        QCOMPARE(w->context()->runError(), w->lastError());
    }

    void anthropicRequestBecomesOneRequestScenario() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("req.json"));
        test::write_file(path.toStdString(),
                         R"({"model": "claude-x", "max_tokens": 1024, "system": "Be brief.",
                             "messages": [{"role": "user", "content": "Hello there"}]})");
        auto sc = loadScenarioFile(path);
        QVERIFY2(sc, sc ? "" : sc.error().message.c_str());
        QCOMPARE(sc->requests.size(), std::size_t{1});
        QVERIFY(sc->requests[0].max_tokens <= 16);
        QVERIFY(sc->requests[0].body.contains("system"));
        test::write_file(path.toStdString(), R"({"messages": [)");
        auto bad = loadScenarioFile(path);
        QVERIFY(!bad);
        QVERIFY(QString::fromStdString(bad.error().message).contains(QStringLiteral("req.json")));
    }

    // The two-call exercise on the user's own request: sent again unchanged, its blocks hit; sent
    // again with the time at the head of the system prompt, none does. Revert drops both sends.
    void sendAgainOnAnOpenedRequest() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        std::string system;
        for (int i = 0; i < 12; ++i)
            system += "Rule " + std::to_string(i + 1) +
                      ": answer in plain words and quote the policy line you used. ";
        test::write_file(path.toStdString(),
                         "{\"model\": \"claude-x\", \"max_tokens\": 64, \"system\": \"" + system +
                             "\", \"messages\": [{\"role\": \"user\", \"content\": \"How long "
                             "do refunds take?\"}]}");
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(path));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        ScenarioContext* ctx = w->context();
        QCOMPARE(ctx->run()->requestCount(), 1);
        QCOMPARE(ctx->run()->results[0].cached_tokens, 0);
        QAction* send = w->action(QStringLiteral("sendAgain"));
        QAction* revert = w->action(QStringLiteral("revert"));
        QVERIFY(send && revert);
        QVERIFY(send->isEnabled());
        QVERIFY(!revert->isEnabled());

        send->trigger();
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QCOMPARE(ctx->run()->requestCount(), 2);
        const RequestResult& again = ctx->run()->results[1];
        QVERIFY(again.cached_tokens >= again.prompt_tokens - 2 * ctx->scenario().block_size);
        QCOMPARE(ctx->requestAtCursor(), 1);
        QVERIFY(w->blockChainView()->drawnCount(1, CellState::Hit) > 0);
        QVERIFY(revert->isEnabled());

        PromptView* pv = w->promptView();
        QTRY_COMPARE(pv->editRequest(), 1);
        const QString original = QString::fromStdString(system);
        QVERIFY(pv->setEditText("/system", QStringLiteral("Current time: 09:41:07. ") + original));
        send->trigger();
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QCOMPARE(ctx->run()->requestCount(), 3);
        QCOMPARE(ctx->run()->results[2].cached_tokens, 0);
        QCOMPARE(w->blockChainView()->drawnCount(2, CellState::Hit), 0);
        // The edit went to the new request; the one it was typed on was sent as it was.
        QCOMPARE(ctx->scenario().requests[1].body, ctx->scenario().requests[0].body);

        revert->trigger();
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QCOMPARE(ctx->run()->requestCount(), 1);
        QVERIFY(!ctx->isModified());
        QVERIFY(!revert->isEnabled());
    }

    // Edit ▸ Undo works from anywhere in the window, not only with the editor focused, and
    // Revert restores the scenario's own text.
    void undoFromTheMenuRestoresTheEditedRequest() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        w->setCursorToRequestEnd(1);
        PromptView* pv = w->promptView();
        QCOMPARE(pv->editRequest(), 1);
        const QString original = pv->editText();
        const ojson body = w->context()->scenario().requests[1].body;
        pv->insertTimestampAtStart();
        pv->runAgain();
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QVERIFY(w->context()->scenario().requests[1].body != body);
        w->blockChainView()->setFocus();
        QAction* undo = w->action(QStringLiteral("undo"));
        QAction* redo = w->action(QStringLiteral("redo"));
        QVERIFY(undo->isEnabled());
        undo->trigger();
        QCOMPARE(pv->editText(), original);
        QVERIFY(redo->isEnabled());
        redo->trigger();
        QVERIFY(pv->editText() != original);
        undo->trigger();
        pv->runAgain();
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QCOMPARE(w->context()->scenario().requests[1].body, body);

        pv->insertTimestampAtStart();
        pv->runAgain();
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QVERIFY(w->context()->isModified());
        w->action(QStringLiteral("revert"))->trigger();
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QCOMPARE(w->context()->scenario().requests[1].body, body);
        QVERIFY(!w->context()->isModified());
    }

    // Help ▸ Keyboard shortcuts lists every key of the menus, and the welcome line starts a lesson.
    void helpNamesTheLessonsAndTheKeys() {
        auto w = makeWindow();
        auto* welcome = w->findChild<QLabel*>(QStringLiteral("welcome"));
        QVERIFY(welcome && welcome->isVisible());
        QVERIFY(welcome->text().contains(QStringLiteral("Lessons")));
        w->action(QStringLiteral("shortcuts"))->trigger();
        auto* dialog = w->findChild<QDialog*>(QStringLiteral("shortcutsDialog"));
        QVERIFY(dialog && dialog->isVisible());
        auto* table = dialog->findChild<QTableWidget*>();
        QVERIFY(table);
        QStringList keys;
        for (int r = 0; r < table->rowCount(); ++r)
            keys << table->item(r, 0)->text();
        for (const QKeySequence& k :
             {QKeySequence(Qt::Key_PageDown), QKeySequence(Qt::Key_Space),
              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), QKeySequence(QKeySequence::Undo)})
            QVERIFY2(keys.join(u' ').contains(k.toString(QKeySequence::NativeText)),
                     qPrintable(k.toString()));
        dialog->close();
        emit welcome->linkActivated(QStringLiteral("lesson"));
        QVERIFY(w->lessonPanel()->hasLesson());
        QVERIFY(!welcome->isVisible());
        w->lessonPanel()->closeLesson();
    }

    // At 1x the decode steps set the rhythm: each new token stays on screen long enough to read,
    // while the cache's bookkeeping (hashes, hits, stores) goes by quickly.
    void playbackPacesTheTokens() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        const ScenarioRun& run = *w->context()->run();
        int firstToken = -1;
        for (int i = 0; i < run.eventCount() && firstToken < 0; ++i) {
            if (std::holds_alternative<TokenDecodedEvent>(run.events[static_cast<std::size_t>(i)]))
                firstToken = i;
        }
        QVERIFY(firstToken > 30);
        double owed = ScenarioContext::kTokenSeconds * 0.9;
        QCOMPARE(ScenarioContext::paceEvents(run, firstToken, owed), 0);  // not gone yet
        owed = ScenarioContext::kTokenSeconds * 1.1;
        QCOMPARE(ScenarioContext::paceEvents(run, firstToken, owed), 1);
        QVERIFY(ScenarioContext::kTokenSeconds >= 0.2);
        // One second from the start covers many cache events, never a whole request's tokens.
        owed = 1.0;
        const int n = ScenarioContext::paceEvents(run, 0, owed);
        QVERIFY(n >= 20);
        QVERIFY(n < firstToken);
        // Playing really moves the cursor, and stops at the end.
        w->context()->setCursor(firstToken);
        w->context()->setSpeed(8.0);
        w->context()->setPlaying(true);
        QTRY_VERIFY_WITH_TIMEOUT(w->context()->cursor() > firstToken, 5000);
        w->context()->setPlaying(false);
    }

    // Reuse in three states, the same in the TTFT chart as in the run: a request that reused
    // every block an earlier request had stored "reused all it could" (however much of its own
    // prompt it computed), one that found only some of them (the rest evicted, expired or cut
    // off by a change) "reused part", one that reused nothing "reused none"; each bar
    // sits in exactly its state's set, and the legend says so in those words.
    void reuseInThreeStates() {
        QCOMPARE(reuseLabel(Reuse::All), QStringLiteral("reused all it could"));
        QCOMPARE(reuseLabel(Reuse::Part), QStringLiteral("reused part"));
        QCOMPARE(reuseLabel(Reuse::None), QStringLiteral("reused none"));
        auto w = makeWindow();
        std::map<Reuse, int> seen;
        for (const char* name : {"shared-system-prompt", "timestamp-at-head", "ttl-5m-vs-1h",
                                 "agent-loop", "concurrent-sessions"}) {
            QVERIFY(w->loadScenarioNameOrFile(QString::fromLatin1(name)));
            QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
            const ScenarioRun& run = *w->context()->run();
            w->context()->setCursor(run.eventCount());
            w->syncViews();
            w->chartsPanel()->showChart(ChartsPanel::Chart::Ttft);
            const auto reuse = reuseOfAll(run);
            QCOMPARE(reuse.front().state, Reuse::None);  // the first request has nothing to reuse
            std::map<QString, QBarSet*> sets;
            for (QAbstractSeries* s : w->chartsPanel()->ttftChart()->series()) {
                if (auto* bars = qobject_cast<QAbstractBarSeries*>(s)) {
                    for (QBarSet* b : bars->barSets())
                        sets[b->label()] = b;
                }
            }
            QCOMPARE(sets.size(), std::size_t{3});
            for (int r = 0; r < run.requestCount(); ++r) {
                const ReuseOf& o = reuse[static_cast<std::size_t>(r)];
                const RequestResult* res = run.result(r);
                QVERIFY(res != nullptr);
                int hits = 0;
                for (const PromptBlockReport& b : res->blocks)
                    hits += b.state == PromptBlockState::Hit ? 1 : 0;
                QCOMPARE(o.hit_blocks, hits);
                const Reuse want = hits == 0                   ? Reuse::None
                                   : hits == o.reusable_blocks ? Reuse::All
                                                               : Reuse::Part;
                QCOMPARE(o.state, want);
                ++seen[o.state];
                for (Reuse st : {Reuse::All, Reuse::Part, Reuse::None}) {
                    QBarSet* set = sets[reuseLabel(st)];
                    QVERIFY(set != nullptr);
                    QVERIFY2((set->at(r) > 0) == (st == o.state),
                             qPrintable(QStringLiteral("%1 request %2").arg(name).arg(r)));
                }
            }
        }
        // Every state is on screen somewhere in these five scenarios.
        QVERIFY(seen[Reuse::All] > 0);
        QVERIFY(seen[Reuse::Part] > 0);
        QVERIFY(seen[Reuse::None] > 0);
    }

    // Forty requests of twenty sessions: the TTFT chart numbers its axis (every fifth request)
    // instead of hiding forty labels, and the pool's footer names exactly the sessions that own
    // a block in use, whatever fits ("+N" and the tooltip for the rest).
    void manyRequestsStayReadable() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("concurrent-sessions")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        const ScenarioRun& run = *w->context()->run();
        w->context()->setCursor(run.eventCount());
        w->syncViews();
        w->chartsPanel()->showChart(ChartsPanel::Chart::Ttft);
        QCOMPARE(w->chartsPanel()->ttftBars(), run.requestCount());
        const auto axes = w->chartsPanel()->ttftChart()->axes(Qt::Horizontal);
        QCOMPARE(axes.size(), 1);
        auto* x = qobject_cast<QValueAxis*>(axes.front());
        QVERIFY(x && x->labelsVisible());
        QVERIFY(x->min() < 0 && x->max() > run.requestCount() - 1);
        // In the middle of a prefill some session owns blocks; the footer lists those, and only.
        for (int r : {0, 20, 39}) {
            int cursor = -1;  // just after the request's first decoded token: blocks in use
            for (int e : run.request_events[static_cast<std::size_t>(r)]) {
                if (cursor < 0 && std::holds_alternative<TokenDecodedEvent>(
                                      run.events[static_cast<std::size_t>(e)]))
                    cursor = e + 1;
            }
            QVERIFY(cursor > 0);
            w->context()->setCursor(cursor);
            w->syncViews();
            w->poolView()->repaint();
            QStringList owners;
            const PoolState& pool = w->poolView()->state();
            for (const PoolCellView& c : pool.cells) {
                if (c.status == BlockStatus::InUse && c.session >= 0) {
                    const QString name =
                        QString::fromStdString(run.sessions[static_cast<std::size_t>(c.session)]);
                    if (!owners.contains(name))
                        owners << name;
                }
            }
            QVERIFY(!owners.isEmpty());
            QStringList footer = w->poolView()->footerSessions();
            footer.sort();
            owners.sort();
            QCOMPARE(footer, owners);
        }
        // The memory chart's one-row legend: every entry it lists fits beside the others, and
        // the sessions are listed all or none (twenty do not fit; hovering an area names it).
        w->context()->setCursor(run.eventCount());
        w->syncViews();
        w->chartsPanel()->showChart(ChartsPanel::Chart::KvMemory);
        QCoreApplication::processEvents();
        auto* memory =
            qobject_cast<QChartView*>(w->chartsPanel()->chartView(ChartsPanel::Chart::KvMemory));
        QVERIFY(memory);
        const QFontMetrics fm(memory->chart()->legend()->font());
        int listed = 0, sessionsListed = 0, sessionMarkers = 0;
        for (QLegendMarker* m : memory->chart()->legend()->markers()) {
            const bool session = m->series()->property("session").isValid();
            sessionMarkers += session ? 1 : 0;
            if (m->isVisible()) {
                listed += fm.height() * 2 + fm.horizontalAdvance(m->label());
                sessionsListed += session ? 1 : 0;
            }
        }
        QCOMPARE(sessionMarkers, 20);
        QVERIFY(sessionsListed == 0 || sessionsListed == sessionMarkers);
        QVERIFY2(listed <= memory->width(),
                 qPrintable(QStringLiteral("%1 of %2 px").arg(listed).arg(memory->width())));
        // Its x axis counts tokens through the model (every prompt token, cached or computed,
        // and every decoded one), not samples: the last sample of the run sits at their sum.
        double tokens = 0;
        for (const auto& r : run.results)
            tokens += r.prompt_tokens;
        for (const auto& ev : run.events)
            tokens += std::holds_alternative<TokenDecodedEvent>(ev) ? 1 : 0;
        double lastX = -1;
        bool ordered = true;
        for (QAbstractSeries* series : memory->chart()->series()) {
            auto* area = qobject_cast<QAreaSeries*>(series);
            if (!area)
                continue;
            const QList<QPointF> pts = area->upperSeries()->points();
            for (qsizetype i = 1; i < pts.size(); ++i)
                ordered = ordered && pts[i].x() >= pts[i - 1].x();
            if (!pts.isEmpty())
                lastX = std::max(lastX, pts.back().x());
        }
        QVERIFY(ordered);
        QCOMPARE(lastX, tokens);
        auto* memX = qobject_cast<QValueAxis*>(memory->chart()->axes(Qt::Horizontal).front());
        QVERIFY(memX && memX->max() >= tokens);
        // A scenario of four requests keeps one named bar per request.
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        w->context()->setCursor(w->context()->run()->eventCount());
        w->syncViews();
        QCOMPARE(w->chartsPanel()->ttftBars(), 4);
        const auto again = w->chartsPanel()->ttftChart()->axes(Qt::Horizontal);
        QCOMPARE(again.size(), 1);
        QVERIFY(qobject_cast<QBarCategoryAxis*>(again.front()));
    }

    // Playing changes what the docks show, never where they are: a presenter's projector keeps
    // every dock's edge where it was (they used to shift by ~15 px as texts changed length).
    void docksStayPutWhilePlaying_data() {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("lesson");  // opened at step 7 (decode) when set
        QTest::addColumn<QString>("lang");
        for (const char* name :
             {"shared-system-prompt", "agent-loop", "concurrent-sessions", "ttl-5m-vs-1h"})
            QTest::newRow(name) << QString::fromLatin1(name) << QString() << QString();
        for (const char* lang : {"en", "ja", "pl"}) {
            QTest::newRow(qPrintable(QStringLiteral("lesson 1 step 7, ") + lang))
                << QStringLiteral("shared-system-prompt") << QStringLiteral("01-kv-cache")
                << QString::fromLatin1(lang);
        }
    }

    void docksStayPutWhilePlaying() {
        QFETCH(QString, scenario);
        QFETCH(QString, lesson);
        QFETCH(QString, lang);
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(scenario));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        if (!lesson.isEmpty()) {
            auto l = loadLesson(lesson.toStdString());
            QVERIFY(l.ok());
            w->lessonPanel()->setLanguage(lang);
            w->lessonPanel()->setLesson(std::move(l.value()), 6);
            QTRY_VERIFY_WITH_TIMEOUT(w->lessonPanel()->isStepShown(), kRunTimeoutMs);
        }
        w->context()->setCursor(0);
        w->syncViews();
        const auto docks = w->findChildren<QDockWidget*>();
        auto geometries = [&] {
            QStringList g;
            for (QDockWidget* d : docks) {
                if (d->isVisible()) {
                    const QRect r = d->geometry();
                    g << QStringLiteral("%1 %2,%3 %4x%5")
                             .arg(d->objectName())
                             .arg(r.x())
                             .arg(r.y())
                             .arg(r.width())
                             .arg(r.height());
                }
            }
            return g;
        };
        // Showing the lesson dock animates the docks below it into place (AnimatedDocks), which
        // takes longer than any fixed wait on a loaded machine or under the sanitizers: the
        // layout to hold is the one that stays the same for a while once the animation is over.
        QStringList before = geometries();
        {
            QElapsedTimer settle;
            settle.start();
            QElapsedTimer same;
            same.start();
            while (same.elapsed() < 400 && settle.elapsed() < 10000) {
                QTest::qWait(25);
                const QStringList now = geometries();
                if (now != before) {
                    before = now;
                    same.restart();
                }
            }
            QVERIFY2(same.elapsed() >= 400, "the docks never settled before playing");
        }
        QVERIFY(before.size() >= 4);
        const ScenarioRun& run = *w->context()->run();
        QStringList moved;
        QString where;
        w->context()->setSpeed(16.0);
        w->context()->setPlaying(true);
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 2000 && moved.isEmpty()) {
            QTest::qWait(20);
            if (geometries() != before) {
                moved = geometries();
                where = QStringLiteral("playing, at event %1").arg(w->context()->cursor());
            }
        }
        w->context()->setPlaying(false);
        // Every few events of the whole run, as Right-arrow steps would show them.
        for (int c = 0; c <= run.eventCount() && moved.isEmpty(); c += 5) {
            w->context()->setCursor(c);
            w->syncViews();
            QCoreApplication::processEvents();
            if (geometries() != before) {
                moved = geometries();
                where = QStringLiteral("stepping, at event %1").arg(c);
            }
        }
        QVERIFY2(moved.isEmpty(), qPrintable(QStringLiteral("%1\nbefore: %2\nafter:  %3")
                                                 .arg(where, before.join(QStringLiteral("; ")),
                                                      moved.join(QStringLiteral("; ")))));
    }

    // The UI thread never waits for the engine: while the worker prefills a ~2000-token prompt
    // a 5 ms timer keeps firing. The bounds hold on a loaded machine (parallel suites, the
    // sanitizers): the longest stall is judged against half the prefill itself, the ticks
    // against the time the worker played, and the 99th percentile against a bound
    // that grows with the CPU other processes took meanwhile. The strict figure (the longest
    // stall under 500 ms on an idle machine) is a benchmark's: prefixlens gui --measure-latency.
    void uiStaysResponsiveDuringLongPrefill() {
        const auto before = sample_cpu_times();
        const LatencyReport rep = measureUiLatency(test::cpu_engine(), 2000, kRunTimeoutMs);
        const auto load = machine_load(before, sample_cpu_times());
        const double others = load ? load->others_busy : 0.0;
        const bool sanitized = qEnvironmentVariableIsSet("PREFIXLENS_SANITIZED");
        // Instrumented, a few redraws of the window take 100-300 ms each, which is ASan's cost and
        // not a wait: there the 99th percentile is held to half the prefill instead.
        const double p99_bound_ms =
            std::max(100.0 * (1.0 + others), sanitized ? rep.ttft_ms / 2 : 0.0);
        qInfo("%s; other processes: %.2f cores' worth; p99 bound %.0f ms", qPrintable(rep.toJson()),
              others, p99_bound_ms);
        QVERIFY2(rep.ok, qPrintable(rep.error));
        QVERIFY(rep.prompt_tokens > 1800);
        // The longest stall is under half the prefill: a UI thread that waited for the worker
        // for most of it would stall longer. And the timer kept
        // firing while the worker played, at least once per 50 ms of the play on average (a
        // waiting UI thread gets one or two ticks in). Under the sanitizers the UI thread's own
        // work (Qt's layouts, our views) runs instrumented at several times its speed while the
        // prefill's matrix products (OpenBLAS) do not: one redraw can outlast the prefill (1.2 s
        // against 1.0 s in CI), so there the stall is held to half the whole play and the ticks
        // to a few.
        const double stall_bound_ms = (sanitized ? rep.play_ms : rep.ttft_ms) / 2;
        const int busy_ticks_min = sanitized ? 3 : std::max(5, static_cast<int>(rep.play_ms / 50));
        QVERIFY2(rep.ttft_ms > 0 && rep.longest_gap_ms < stall_bound_ms, qPrintable(rep.toJson()));
        QVERIFY2(rep.p99_gap_ms < p99_bound_ms, qPrintable(rep.toJson()));
        QVERIFY2(rep.busy_ticks >= busy_ticks_min, qPrintable(rep.toJson()));
    }
};

QTEST_MAIN(TestGuiMain)
#include "test_gui_main.moc"
