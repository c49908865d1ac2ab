// The lint panel in the desktop app, offscreen: the current request's findings from the same
// linter as `prefixlens lint`, a click that selects the offending tokens and blocks everywhere,
// and "Apply fix" playing the rewritten layout on the worker and beating the original.
#include <QDir>
#include <QDockWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <memory>

#include "block_chain_view.h"
#include "core/assets.h"
#include "engine_session.h"
#include "lint_panel.h"
#include "main_window.h"
#include "prompt_view.h"
#include "scenario_context.h"
#include "timeline_state.h"

using namespace pl;
using namespace pl::ui;

namespace {

constexpr int kRunTimeoutMs = 300000;

std::unique_ptr<MainWindow> makeWindow(const QString& modelDir = {}) {
    MainWindowOptions o;
    o.engine.backend = BackendKind::Cpu;
    o.engine.explicit_backend = true;
    o.engine.model_dir = modelDir;
    o.useSettings = false;
    o.loadInitialScenario = false;
    auto w = std::make_unique<MainWindow>(o);
    w->resize(1280, 800);
    w->show();
    return w;
}

// The row of the first finding of `rule` whose message mentions `text`; -1 when none.
int rowOf(const LintPanel& panel, const std::string& rule, const std::string& text = {}) {
    for (int row = 0; row < panel.findingCount(); ++row) {
        const lint::Finding& f = panel.finding(row);
        if (f.rule == rule && f.message.find(text) != std::string::npos)
            return row;
    }
    return -1;
}

// A click where a user would click: on the widget under the point.
void clickAt(QWidget* root, const QPoint& pos) {
    QWidget* target = root->childAt(pos);
    QVERIFY(target);
    QTest::mouseClick(target, Qt::LeftButton, {}, target->mapFrom(root, pos));
}

QPushButton* applyFixButton(LintPanel* panel) {
    for (QPushButton* b : panel->findChildren<QPushButton*>()) {
        if (b->text() == LintPanel::tr("Apply fix"))
            return b;
    }
    return nullptr;
}

std::string blockText(const RequestResult& res, int block) {
    std::string text;
    const int b = block * res.block_size;
    const int e = std::min(b + res.block_size, res.prompt_tokens);
    for (int t = b; t < e; ++t)
        text += tokenText(res.prompt, t);
    return text;
}

}  // namespace

class TestGuiLint : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("PrefixLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_gui_lint"));
        registerUiMetaTypes();
    }

    void timestampRequestShowsDynamicPrefix() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        LintPanel* panel = w->lintPanel();
        QVERIFY(panel);
        // Linting needs no model run: the findings are there as soon as the scenario is.
        QCOMPARE(panel->shownRequest(), 0);
        QVERIFY(rowOf(*panel, "dynamic-prefix", "09:41:07") >= 0);
        w->context()->selectRequest(1);
        QCOMPARE(panel->shownRequest(), 1);
        QVERIFY(!panel->showsNoFindings());
        const int row = rowOf(*panel, "dynamic-prefix", "09:42:31");
        QVERIFY2(row >= 0, qPrintable(panel->headerText()));
        QCOMPARE(panel->finding(row).severity, lint::Severity::Warning);
        QVERIFY(panel->headerText().contains(QStringLiteral("Request 1")));
        QVERIFY(panel->findingTokens(row).has_value());
        // Requests 2 and 3 keep the time in the final user message: nothing to report there.
        for (int r : {2, 3}) {
            w->context()->selectRequest(r);
            QCOMPARE(rowOf(*panel, "dynamic-prefix"), -1);
        }
        QVERIFY(panel->canApplyFix());
    }

    void cleanScenarioShowsNoFindings() {
        auto w = makeWindow();
        // few-shot keeps everything that varies in the final user message (prefixlens lint
        // agrees: 0 findings); shared-system-prompt is not clean, its breakpoint is too early.
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("few-shot")));
        LintPanel* panel = w->lintPanel();
        const int requests = static_cast<int>(w->context()->scenario().requests.size());
        QVERIFY(requests > 1);
        for (int r = 0; r < requests; ++r) {
            w->context()->selectRequest(r);
            QCOMPARE(panel->shownRequest(), r);
            QCOMPARE(panel->findingCount(), 0);
            QVERIFY(panel->showsNoFindings());
        }
        QVERIFY(!panel->canApplyFix());
    }

    void clickingAFindingSelectsTokensAndBlocks() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        ScenarioContext* ctx = w->context();
        ctx->toStart();  // request 1 is not drawn yet: the click brings it on screen
        ctx->selectRequest(1);
        LintPanel* panel = w->lintPanel();
        const int row = rowOf(*panel, "dynamic-prefix", "09:42:31");
        QVERIFY(row >= 0);
        const QRect r = panel->findingRect(row);
        QVERIFY(!r.isEmpty());
        clickAt(panel, r.center());

        QVERIFY(ctx->selectedTokens().has_value());
        QCOMPARE(ctx->selectedTokens()->request, 1);
        QCOMPARE(ctx->currentRequest(), 1);
        QVERIFY(!panel->detailText().isEmpty());
        // The prompt view highlights exactly the timestamp's tokens.
        PromptView* pv = w->promptView();
        QCOMPARE(pv->shownRequest(), 1);
        QTRY_VERIFY(pv->tokensRendered());
        const QString highlighted = pv->highlightedTokenText();
        QVERIFY2(highlighted.contains(QStringLiteral("09:42:31")), qPrintable(highlighted));
        QVERIFY2(highlighted.size() <= 48, qPrintable(highlighted));  // the value, not the prompt
        // The chain view selects the blocks that hold it, and only those.
        const RequestResult& res = ctx->run()->results[1];
        const std::vector<int> blocks = w->blockChainView()->selectedBlocks(1);
        QVERIFY(!blocks.empty());
        std::string text;
        for (int b : blocks)
            text += blockText(res, b);
        QVERIFY2(text.find("09:42:31") != std::string::npos, text.c_str());
        QVERIFY(static_cast<int>(blocks.size()) <= 2);
        for (int other = 0; other < ctx->run()->requestCount(); ++other) {
            if (other != 1)
                QVERIFY(w->blockChainView()->selectedBlocks(other).empty());
        }
        // Clicking a block replaces the finding's selection.
        BlockChainView* chain = w->blockChainView();
        const int target = blocks.back() + 1;
        const QRect br = chain->blockRect(1, target);
        QVERIFY(!br.isNull());
        clickAt(chain, br.center());
        QVERIFY(!ctx->selectedTokens());
        QVERIFY(ctx->selectedHash().has_value());
        QTRY_VERIFY(pv->highlightedTokenText().isEmpty());
    }

    void applyFixRunsOnTheWorkerAndReusesMore() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        const ScenarioRunPtr original = w->context()->run();
        LintPanel* panel = w->lintPanel();
        QPushButton* button = applyFixButton(panel);
        QVERIFY(button && button->isEnabled());
        QSignalSpy compared(panel, &LintPanel::fixCompared);
        QSignalSpy failed(panel, &LintPanel::fixFailed);
        QTest::mouseClick(button, Qt::LeftButton);
        // The click returns at once: the model plays the fixed layout on the worker.
        QVERIFY(panel->isRunningFix());
        QVERIFY(!button->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(compared.count() + failed.count() > 0, kRunTimeoutMs);
        QVERIFY2(failed.isEmpty(),
                 failed.isEmpty() ? "" : qPrintable(failed.front().front().toString()));
        QVERIFY(!panel->isRunningFix());
        QVERIFY(panel->errorText().isEmpty());
        // The run on screen is still the original one.
        QCOMPARE(w->context()->run(), original);
        const auto& rows = panel->comparison();
        QCOMPARE(static_cast<int>(rows.size()), original->requestCount());
        const LintPanel::ComparisonRow& r1 = rows[1];
        QCOMPARE(r1.request, 1);
        QCOMPARE(r1.cachedBefore, original->results[1].cached_tokens);
        QVERIFY2(r1.cachedAfter > r1.cachedBefore,
                 qPrintable(QStringLiteral("%1 -> %2").arg(r1.cachedBefore).arg(r1.cachedAfter)));
        QVERIFY2(r1.usdAfter < r1.usdBefore,
                 qPrintable(QStringLiteral("%1 -> %2").arg(r1.usdBefore).arg(r1.usdAfter)));
        QCOMPARE(r1.cachedAfter + r1.computedAfter, r1.promptAfter);
        QVERIFY(r1.ttftAfter > 0);
        QVERIFY(button->isEnabled());

        // A new scenario drops the comparison.
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("few-shot")));
        QVERIFY(panel->comparison().empty());
        QVERIFY(!applyFixButton(panel)->isEnabled());
    }

    void fixFailureIsShown() {
        // A model folder with a tokenizer but no weights: lint works, the engine cannot start.
        QTemporaryDir dir;
        const std::filesystem::path src = builtin_model_dir();
        const std::filesystem::path dst(dir.path().toStdString());
        for (const char* f : {"vocab.json", "merges.txt"})
            std::filesystem::copy_file(src / f, dst / f);
        auto w = makeWindow(dir.path());
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        LintPanel* panel = w->lintPanel();
        QVERIFY(panel->findingCount() > 0);
        QSignalSpy failed(panel, &LintPanel::fixFailed);
        panel->applyFix();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), kRunTimeoutMs);
        QVERIFY(!panel->isRunningFix());
        QVERIFY2(panel->errorText().contains(QStringLiteral("Could not run the fixed layout")),
                 qPrintable(panel->errorText()));
        QVERIFY(panel->comparison().empty());
    }

    void variantRunsBesideTheMainPlay() {
        EngineOptions e;
        e.backend = BackendKind::Cpu;
        e.explicit_backend = true;
        EngineHost host(e);
        auto a = load_scenario("few-shot");
        auto b = load_scenario("timestamp-at-head");
        auto c = load_scenario("two-tenants-salt");
        QVERIFY(a && b && c);
        QSignalSpy ready(&host, &EngineHost::runReady);
        QSignalSpy variants(&host, &EngineHost::variantReady);
        const uint64_t main = host.play(a.value());
        host.playVariant(b.value());
        host.playVariant(c.value());  // replaces the queued one
        QVERIFY(host.isVariantBusy());
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1 && variants.count() == 1, kRunTimeoutMs);
        QTest::qWait(300);
        QCOMPARE(ready.count(), 1);
        QCOMPARE(variants.count(), 1);
        const auto run = ready.front().front().value<ScenarioRunPtr>();
        QCOMPARE(run->generation, main);
        QCOMPARE(run->scenario.name, std::string("few-shot"));
        const auto variant = variants.front().front().value<ScenarioRunPtr>();
        QCOMPARE(variant->scenario.name, std::string("two-tenants-salt"));
        QVERIFY(!host.isVariantBusy());
        // A cancelled variant never answers.
        host.playVariant(b.value());
        host.cancelVariant();
        QTest::qWait(500);
        QCOMPARE(variants.count(), 1);
    }

    void ctrlLShowsThePanel() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("lintDock"));
        QVERIFY(dock);
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        dock->hide();
        QVERIFY(!dock->isVisible());
        QTest::keyClick(w.get(), Qt::Key_L, Qt::ControlModifier);
        QVERIFY(dock->isVisible());
        QTRY_VERIFY(w->lintPanel()->isAncestorOf(QApplication::focusWidget()));
    }

    void screenshotsInBothThemes() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        w->setCursorToRequestEnd(1);
        LintPanel* panel = w->lintPanel();
        const int row = rowOf(*panel, "dynamic-prefix", "09:42:31");
        QVERIFY(row >= 0);
        panel->selectFinding(row);
        QTRY_VERIFY(w->promptView()->tokensRendered());
        const QString dir = QDir::tempPath();
        for (Theme theme : {Theme::Light, Theme::Dark}) {
            w->setTheme(theme);
            QTRY_VERIFY(w->promptView()->tokensRendered());
            const QImage img = w->grabToImage();
            QVERIFY(!img.isNull());
            QVERIFY(img.save(dir + QStringLiteral("/prefixlens-test-lint-%1.png")
                                       .arg(theme == Theme::Dark ? "dark" : "light")));
        }
        QSignalSpy compared(panel, &LintPanel::fixCompared);
        panel->applyFix();
        QTRY_VERIFY_WITH_TIMEOUT(!compared.isEmpty(), kRunTimeoutMs);
        for (Theme theme : {Theme::Light, Theme::Dark}) {
            w->setTheme(theme);
            QVERIFY(w->grabToImage().save(dir + QStringLiteral("/prefixlens-test-lint-fix-%1.png")
                                                    .arg(theme == Theme::Dark ? "dark" : "light")));
        }
        w->loadScenarioNameOrFile(QStringLiteral("few-shot"));
        QVERIFY(w->grabToImage().save(dir + QStringLiteral("/prefixlens-test-lint-clean.png")));
    }
};

QTEST_MAIN(TestGuiLint)
#include "test_gui_lint.moc"
