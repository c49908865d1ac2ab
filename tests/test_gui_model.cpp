// The model shown live in the window: the first token's scores through the cache beside a full
// recompute (Usage dock), token times with the KV cache and with none (Model dock), the
// attention heat map over the block chain, and the length sweep, each against the engine's
// numbers.
#include <QTest>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "gui_test_support.h"
#include "panels/model_panel.h"
#include "panels/usage_panel.h"
#include "shell/main_window.h"
#include "state/scenario_context.h"
#include "state/timeline_state.h"
#include "views/block_chain_view.h"

using namespace pl;
using namespace pl::ui;

namespace {

constexpr int kRunTimeoutMs = 600000;

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

// The cursor right after request r's prefill: its PrefillDoneEvent applied.
int prefillCursor(const ScenarioRun& run, int r) {
    for (int i : run.request_events[static_cast<std::size_t>(r)]) {
        if (std::holds_alternative<PrefillDoneEvent>(run.events[static_cast<std::size_t>(i)]))
            return i + 1;
    }
    return -1;
}

}  // namespace

class TestGuiModel : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        pl::test::quietOffscreenNoise();
        registerUiMetaTypes();
    }

    // The Usage dock: "Computed N of M tokens, same next-token scores" with the five best
    // candidates both ways, the numbers of the request's result; the Model dock: the cached and
    // the no-cache token times of the same request, one point per output token each.
    void scoresAndDecodeTimesOfEveryRequest() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        const ScenarioRun& run = *w->context()->run();
        QCOMPARE(static_cast<int>(run.results.size()), run.requestCount());
        QVERIFY(w->widgetFor(QStringLiteral("model.decode")));  // on screen: it asks the worker
        std::vector<long long> noCacheRows;
        for (int r = 0; r < run.requestCount(); ++r) {
            w->setCursorToRequestEnd(r);
            w->syncViews();
            const RequestResult& res = run.results[static_cast<std::size_t>(r)];
            const QString check = w->usagePanel()->correctnessText();
            QVERIFY2(
                check.contains(QStringLiteral("Computed %1 of %2 tokens, same next-token scores")
                                   .arg(res.computed_tokens)
                                   .arg(res.prompt_tokens)),
                qPrintable(check));
            QCOMPARE(res.top_cached.size(), res.top_full.size());
            QVERIFY(!res.top_cached.empty());
            for (const TokenScore& t : res.top_full)
                QVERIFY2(check.contains(QString::number(t.logit, 'f', 4)), qPrintable(check));
            // The replay on the worker: the same tokens, one point per output token each way,
            // and the triangle of K/V rows.
            QTRY_VERIFY_WITH_TIMEOUT(
                !w->modelPanel()->decodePending() && w->modelPanel()->decodePoints(true) > 0,
                kRunTimeoutMs);
            QCOMPARE(w->modelPanel()->decodePoints(false), res.output_tokens);
            QCOMPARE(w->modelPanel()->decodePoints(true), res.output_tokens);
            const long long P = res.prompt_tokens, d = res.output_tokens - 1;
            const long long rows = (P + d) * (P + d + 1) / 2 - (P - 1) * P / 2;
            const QString summary = w->modelPanel()->decodeSummary();
            QVERIFY2(summary.contains(QLocale().toString(rows)), qPrintable(summary));
            QVERIFY2(summary.contains(QLocale().toString(res.timing.kv_rows)), qPrintable(summary));
            QVERIFY2(summary.contains(QStringLiteral("same %1 tokens").arg(res.output_tokens)),
                     qPrintable(summary));
            noCacheRows.push_back(rows);
        }
        // Request 1 reused the shared system prompt: it computed far fewer K/V rows than the
        // naive loop's triangle, which never reuses anything.
        const RequestResult& second = run.results[1];
        QVERIFY(second.cached_tokens > 0);
        QVERIFY(second.timing.kv_rows * 10 < noCacheRows[1]);
    }

    // The heat map: turned on at request 0's prefill it asks the worker for the attention of the
    // last prompt token; the blocks' shares come from the probabilities of every layer and head
    // (averaged), sum to 1 over the prompt, and follow the layer and head selectors. After a
    // decoded token the query moves to it and part of the weight falls on the answer.
    void attentionHeatMapOverTheBlocks() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        const ScenarioRun& run = *w->context()->run();
        BlockChainView* chain = w->blockChainView();
        w->context()->setCursor(prefillCursor(run, 0));
        w->context()->selectRequest(0);
        w->syncViews();
        chain->setAttentionShown(true);
        QTRY_VERIFY_WITH_TIMEOUT(!chain->attentionPending() && chain->attention(), 60000);
        const AttentionMapPtr map = chain->attention();
        QVERIFY2(map->error.empty(), map->error.c_str());
        const RequestResult& res = run.results[0];
        QCOMPARE(map->request, 0);
        QCOMPARE(map->keys(), res.prompt_tokens);
        QVERIFY(map->tokens == res.prompt.tokens);
        QCOMPARE(map->backend, std::string("cpu"));
        // Every row of the probabilities sums to 1.
        for (int l = 0; l < map->n_layer; ++l) {
            for (int h = 0; h < map->n_head; ++h) {
                double sum = 0;
                for (int k = 0; k < map->keys(); ++k)
                    sum += map->weight(l, h, k);
                QVERIFY2(std::fabs(sum - 1.0) < 1e-4, qPrintable(QString::number(sum)));
            }
        }
        QTRY_VERIFY(!chain->attentionPerBlock(0).empty());
        auto blocks = chain->attentionPerBlock(0);
        QCOMPARE(blocks.size(), res.blocks.size());
        QVERIFY(std::fabs(std::accumulate(blocks.begin(), blocks.end(), 0.0) - 1.0) < 1e-4);
        for (std::size_t b = 0; b < blocks.size(); ++b) {
            double expect = 0;
            const int first = static_cast<int>(b) * run.scenario.block_size;
            for (int k = first; k < first + static_cast<int>(res.blocks[b].tokens.size()); ++k)
                expect += map->weight(-1, -1, k);
            QVERIFY(std::fabs(blocks[b] - expect) < 1e-6);
        }
        // One layer and head: its own row, summed per block.
        chain->setAttentionLayerHead(map->n_layer - 1, 0);
        blocks = chain->attentionPerBlock(0);
        double expect0 = 0;
        for (int k = 0; k < static_cast<int>(res.blocks[0].tokens.size()); ++k)
            expect0 += map->weight(map->n_layer - 1, 0, k);
        QVERIFY(std::fabs(blocks[0] - expect0) < 1e-6);
        QVERIFY(chain->tooltipFor(0, 0).contains(QStringLiteral("on this block")));
        chain->setAttentionLayerHead(-1, -1);

        // Three decoded tokens later: the query is the third output token.
        int cursor = prefillCursor(run, 0);
        int decoded = 0;
        while (decoded < 3) {
            if (std::holds_alternative<TokenDecodedEvent>(
                    run.events[static_cast<std::size_t>(cursor)]))
                ++decoded;
            ++cursor;
        }
        w->context()->setCursor(cursor);
        w->syncViews();
        QTRY_VERIFY_WITH_TIMEOUT(
            chain->attention() && chain->attention() != map && !chain->attentionPending(), 60000);
        const AttentionMapPtr later = chain->attention();
        QCOMPARE(later->keys(), res.prompt_tokens + 3);
        QVERIFY(std::equal(res.output.begin(), res.output.begin() + 3,
                           later->tokens.begin() + res.prompt_tokens));
        double onAnswer = 0;
        for (int k = res.prompt_tokens; k < later->keys(); ++k)
            onAnswer += later->weight(-1, -1, k);
        QVERIFY(onAnswer > 0);
        blocks = chain->attentionPerBlock(0);
        QVERIFY(std::fabs(std::accumulate(blocks.begin(), blocks.end(), 0.0) + onAnswer - 1.0) <
                1e-4);
        chain->setAttentionShown(false);
        QVERIFY(chain->attentionPerBlock(0).empty());
    }

    // The length sweep runs on the worker when its tab is first shown, with progress, and draws
    // what the engine measured: KV bytes in proportion to the length, attention FLOPs to its
    // square.
    void lengthSweepFromTheWorker() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        ModelPanel* panel = w->modelPanel();
        QVERIFY(!panel->sweep());
        panel->showTab(ModelPanel::Tab::Sweep);
        QVERIFY(panel->sweepRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!panel->sweepRunning(), kRunTimeoutMs);
        const SweepResultPtr sweep = panel->sweep();
        QVERIFY(sweep);
        QVERIFY2(sweep->error.empty(), sweep->error.c_str());
        QVERIFY(sweep->samples.size() >= 5);
        const SweepPoint& a = sweep->samples.front();
        const SweepPoint& b = sweep->samples.back();
        QCOMPARE(static_cast<double>(b.kv_bytes) / static_cast<double>(a.kv_bytes),
                 static_cast<double>(b.tokens) / a.tokens);
        const double n = static_cast<double>(b.tokens) / a.tokens;
        const double ratio = b.attention_flops / a.attention_flops;
        QVERIFY(ratio > 0.9 * n * n && ratio < 1.1 * n * n);
        QVERIFY(b.prefill_ms > a.prefill_ms);
    }
};

QTEST_MAIN(TestGuiModel)
#include "test_gui_model.moc"
