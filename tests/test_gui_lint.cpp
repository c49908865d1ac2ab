// The lint panel in the desktop app, offscreen: the current request's findings from the same
// linter as `prefixlens lint`, linted on the engine's worker, a click that selects the offending
// tokens and blocks everywhere, and "Apply fix" playing the rewritten layout on the worker and
// beating the original.
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <filesystem>
#include <memory>
#include <set>

#include "core/assets.h"
#include "gui_test_support.h"
#include "lint/finding_tokens.h"
#include "panels/lint_panel.h"
#include "panels/usage_panel.h"
#include "prompt/renderer.h"
#include "session/engine_session.h"
#include "shell/main_window.h"
#include "state/scenario_context.h"
#include "state/timeline_state.h"
#include "tokenizer/bpe_tokenizer.h"
#include "views/block_chain_view.h"
#include "views/prompt_view.h"

using namespace pl;
using namespace pl::ui;

namespace {

constexpr int kRunTimeoutMs = 300000;
// A lint takes milliseconds, but the worker loads the model first.
constexpr int kLintTimeoutMs = 120000;

std::unique_ptr<MainWindow> makeWindow(const QString& modelDir = {}) {
    MainWindowOptions o;
    o.engine = test::cpu_engine();
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

// The label that says the worker is linting, when it is on screen.
bool showsLinting(const LintPanel& panel) {
    for (const QLabel* l : panel.findChildren<QLabel*>()) {
        if (l->isVisible() && l->text() == LintPanel::tr("Linting…"))
            return true;
    }
    return false;
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
        pl::test::quietOffscreenNoise();
        QCoreApplication::setOrganizationName(QStringLiteral("PrefixLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_gui_lint"));
        registerUiMetaTypes();
    }

    void timestampRequestShowsDynamicPrefix() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        LintPanel* panel = w->lintPanel();
        QVERIFY(panel);
        // Linting needs no model run: the findings come from the worker before the play.
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isLinting(), kLintTimeoutMs);
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

    // The UI thread does not lint: loading a scenario returns before its findings, which come from
    // the worker through the engine host, ahead of the model's play of the same scenario.
    void findingsComeFromTheWorker() {
        auto w = makeWindow();
        LintPanel* panel = w->lintPanel();
        EngineHost* engine = w->engine();
        QSignalSpy lints(engine, &EngineHost::lintReady);
        QSignalSpy linted(panel, &LintPanel::linted);
        std::vector<bool> playedAtLint;
        connect(engine, &EngineHost::lintReady, this, [&] {
            // The panel (connected first) shows the findings already; the run is yet to come.
            QVERIFY(!panel->isLinting());
            playedAtLint.push_back(!engine->isBusy() || w->context()->run() != nullptr);
        });
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        QVERIFY(panel->isLinting());
        QVERIFY(engine->isLinting());
        QCOMPARE(panel->findingCount(), 0);
        QVERIFY(!panel->showsNoFindings());
        QVERIFY(!panel->canApplyFix());
        QVERIFY(showsLinting(*panel));
        QCOMPARE(lints.count(), 0);

        QTRY_COMPARE_WITH_TIMEOUT(lints.count(), 1, kLintTimeoutMs);
        QCOMPARE(linted.count(), 1);
        QCOMPARE(playedAtLint, std::vector<bool>{false});
        QVERIFY(!engine->isLinting());
        QVERIFY(!showsLinting(*panel));
        const auto lint = lints.front().front().value<ScenarioLintPtr>();
        QVERIFY(lint);
        QVERIFY2(lint->error.empty(), lint->error.c_str());
        QCOMPARE(lint->fixed.name, std::string("timestamp-at-head (fixed)"));
        QVERIFY(lint->fix_changes_layout);
        // The panel lists exactly the worker's findings of the request on screen, with their
        // tokens.
        std::vector<const LintedFinding*> first;
        for (const LintedFinding& f : lint->findings) {
            if (f.finding.request == 0)
                first.push_back(&f);
        }
        QVERIFY(!first.empty());
        QCOMPARE(panel->findingCount(), static_cast<int>(first.size()));
        for (int row = 0; row < panel->findingCount(); ++row) {
            QCOMPARE(panel->finding(row).message,
                     first[static_cast<std::size_t>(row)]->finding.message);
            const auto& t = first[static_cast<std::size_t>(row)]->finding.tokens;
            QCOMPARE(panel->findingTokens(row).has_value(), t.has_value());
            if (t)
                QCOMPARE(*panel->findingTokens(row), (TokenSelection{0, t->begin, t->end}));
        }
        QVERIFY(panel->canApplyFix());
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        QCOMPARE(lints.count(), 1);  // the run did not lint again

        // An edit lints again: the old findings are not shown meanwhile.
        w->context()->selectRequest(0);
        const int before = panel->findingCount();
        QVERIFY(before > 0);
        QVERIFY(w->context()->applyEdit(0, "/messages/0/content", "What time is it?"));
        QVERIFY(panel->isLinting());
        QCOMPARE(panel->findingCount(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(lints.count(), 2, kLintTimeoutMs);
        QCOMPARE(panel->findingCount(), before);
    }

    // A lint is a request kind of its own: a newer one replaces an older one, and it never waits
    // for a play, not even one under way.
    void lintOvertakesPlays() {
        EngineHost host(test::cpu_engine());
        QStringList order;  // what the host answered, in order
        connect(&host, &EngineHost::lintReady, this, [&](const ScenarioLintPtr& lint) {
            order << QString::fromStdString(lint->fixed.name);
        });
        connect(&host, &EngineHost::runReady, this, [&](const ScenarioRunPtr& run) {
            order << QStringLiteral("run ") + QString::fromStdString(run->scenario.name);
        });
        auto a = load_scenario("few-shot");
        auto b = load_scenario("timestamp-at-head");
        QVERIFY(a && b);
        host.play(a.value());
        host.lint(a.value());
        host.lint(b.value());  // the lint of `a` is never shown
        QVERIFY(host.isLinting());
        QTRY_COMPARE_WITH_TIMEOUT(order.size(), 2, kRunTimeoutMs);
        QCOMPARE(order, QStringList({QStringLiteral("timestamp-at-head (fixed)"),
                                     QStringLiteral("run few-shot")}));
        QVERIFY(!host.isLinting());

        // A lint asked for while a long play is under way comes before that play ends.
        auto c = load_scenario("concurrent-sessions");
        QVERIFY(c);
        order.clear();
        QSignalSpy progress(&host, &EngineHost::progress);
        host.play(c.value());
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(progress.begin(), progress.end(),
                        [](const QList<QVariant>& args) {
                            return args.front().toString().contains(QStringLiteral("request 1 of"));
                        }),
            kRunTimeoutMs);
        host.lint(b.value());
        QTRY_COMPARE_WITH_TIMEOUT(order.size(), 2, kRunTimeoutMs);
        QCOMPARE(order, QStringList({QStringLiteral("timestamp-at-head (fixed)"),
                                     QStringLiteral("run concurrent-sessions")}));
    }

    // The views select a finding's tokens in the prompt the model plays. A body the linter reads
    // as OpenAI's (a "gpt-" model) it renders with OpenAI's template, which has no top-level
    // system text: the worker places those findings in the played prompt instead, as they were
    // placed before the worker linted.
    void openAiBodiesArePlacedInThePlayedPrompt() {
        Scenario sc;
        sc.name = "openai-model";
        for (const char* time : {"09:41:07", "09:42:31"}) {
            ScenarioRequest r;
            r.at_s = static_cast<double>(sc.requests.size()) * 60;
            const std::string dated =
                std::string("Current time: ") + time + ", Monday 30 November 2026. Hello.";
            r.body = {{"model", "gpt-4.1"},
                      {"system", "You answer questions about the store's policy."},
                      {"messages", ojson::array({{{"role", "user"}, {"content", dated}},
                                                 {{"role", "assistant"}, {"content", "Hello!"}},
                                                 {{"role", "user"}, {"content", "A refund?"}}})}};
            sc.requests.push_back(std::move(r));
        }
        EngineHost host(test::cpu_engine());
        QSignalSpy lints(&host, &EngineHost::lintReady);
        host.lint(sc);
        QTRY_COMPARE_WITH_TIMEOUT(lints.count(), 1, kLintTimeoutMs);
        const auto lint = lints.front().front().value<ScenarioLintPtr>();
        QVERIFY2(lint->error.empty(), lint->error.c_str());
        QCOMPARE(lint->provider, lint::Provider::OpenAI);
        auto tok = BpeTokenizer::load(builtin_model_dir() / "vocab.json",
                                      builtin_model_dir() / "merges.txt");
        QVERIFY(tok);
        // What the selected tokens of the played prompt read back as: the timestamp (time and
        // date, as the detector reads a date-time) of each request, and nothing around it.
        const std::string times[] = {"09:41:07, Monday 30 November 2026",
                                     "09:42:31, Monday 30 November 2026"};
        int placed = 0;
        for (const LintedFinding& lf : lint->findings) {
            const lint::Finding& f = lf.finding;
            if (!f.tokens)
                continue;
            QVERIFY(f.request >= 0 && f.request < 2);
            auto prompt =
                render_prompt(sc.requests[static_cast<std::size_t>(f.request)].body, *tok, "");
            QVERIFY(prompt);
            const int begin = f.tokens->begin, end = f.tokens->end;
            QVERIFY2(0 <= begin && begin < end && end <= std::ssize(prompt->tokens),
                     f.message.c_str());
            const std::string text =
                tok->decode(std::span<const int32_t>(prompt->tokens).subspan(begin, end - begin));
            QCOMPARE(QString::fromStdString(text).trimmed(),
                     QString::fromStdString(times[f.request]));
            ++placed;
        }
        QCOMPARE(placed, 2);  // the time, in each request
    }

    void cleanScenarioShowsNoFindings() {
        auto w = makeWindow();
        // few-shot keeps everything that varies in the final user message (prefixlens lint
        // agrees: 0 findings); shared-system-prompt is not clean, its breakpoint is too early.
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("few-shot")));
        LintPanel* panel = w->lintPanel();
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isLinting(), kLintTimeoutMs);
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

    // One detector, one verdict: on every request of every built-in scenario, the tokens the
    // Prompt dock marks as dynamic are exactly those of the Lint dock's dynamic-value findings.
    void promptAndLintFlagTheSameTokens() {
        auto w = makeWindow();
        LintPanel* panel = w->lintPanel();
        PromptView* pv = w->promptView();
        for (const auto& name : builtin_scenario_names()) {
            QVERIFY(w->loadScenarioNameOrFile(QString::fromStdString(name)));
            QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
            QTRY_VERIFY_WITH_TIMEOUT(!panel->isLinting(), kLintTimeoutMs);
            const int requests = w->context()->run()->requestCount();
            for (int r = 0; r < requests; ++r) {
                w->context()->selectRequest(r);
                w->syncViews();
                QTRY_COMPARE(pv->shownRequest(), r);
                QCOMPARE(panel->shownRequest(), r);
                std::set<int> linted;
                for (int row = 0; row < panel->findingCount(); ++row) {
                    const std::string& rule = panel->finding(row).rule;
                    if (rule != "dynamic-prefix" && rule != "dynamic-tools")
                        continue;
                    const auto sel = panel->findingTokens(row);
                    QVERIFY(sel);
                    for (int t = sel->begin; t < sel->end; ++t)
                        linted.insert(t);
                }
                const auto& shown = pv->shownDynamicTokenIndices();
                const std::set<int> marked(shown.begin(), shown.end());
                QVERIFY2(marked == linted,
                         qPrintable(QStringLiteral("%1 request %2: the Prompt dock marks %3 "
                                                   "tokens, the Lint dock's findings %4")
                                        .arg(QString::fromStdString(name))
                                        .arg(r)
                                        .arg(marked.size())
                                        .arg(linted.size())));
            }
        }
    }

    // When the Lint dock says a breakpoint's prefix is below the minimum and silently not cached,
    // the Usage dock does not bill a cache write or read for it: both come from one table.
    void usageBillsWhatLintSays() {
        auto w = makeWindow();
        LintPanel* panel = w->lintPanel();
        UsagePanel* usage = w->usagePanel();
        int belowMin = 0;
        for (const auto& name : builtin_scenario_names()) {
            QVERIFY(w->loadScenarioNameOrFile(QString::fromStdString(name)));
            QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
            QTRY_VERIFY_WITH_TIMEOUT(!panel->isLinting(), kLintTimeoutMs);
            QVERIFY(panel->lint());
            const int requests = w->context()->run()->requestCount();
            QCOMPARE(static_cast<int>(panel->lint()->billing.size()), requests);
            w->context()->toEnd();
            for (int r = 0; r < requests; ++r) {
                w->context()->selectRequest(r);
                w->syncViews();
                const lint::RequestBilling& bill =
                    panel->lint()->billing[static_cast<std::size_t>(r)];
                const auto shown = usage->shownBilling();
                QVERIFY2(shown, qPrintable(QString::fromStdString(name)));
                QCOMPARE(shown->cache_creation_input_tokens,
                         bill.usage.cache_creation_input_tokens);
                QCOMPARE(shown->cache_read_input_tokens, bill.usage.cache_read_input_tokens);
                QCOMPARE(shown->input_tokens, bill.usage.input_tokens);
                QVERIFY(usage->usageText().contains(
                    QString::number(bill.usage.cache_creation_input_tokens)));
                int flagged = 0;
                for (int row = 0; row < panel->findingCount(); ++row)
                    flagged += panel->finding(row).rule == "below-min-cacheable";
                belowMin += flagged;
                if (flagged > 0 && flagged == bill.breakpoints) {
                    QVERIFY2(shown->cache_creation_input_tokens == 0 &&
                                 shown->cache_read_input_tokens == 0,
                             qPrintable(QStringLiteral("%1 request %2: lint says not cached, "
                                                       "Usage bills %3 written, %4 read")
                                            .arg(QString::fromStdString(name))
                                            .arg(r)
                                            .arg(shown->cache_creation_input_tokens)
                                            .arg(shown->cache_read_input_tokens)));
                }
            }
        }
        QVERIFY(belowMin > 0);  // some built-in request shows the rule
    }

    void clickingAFindingSelectsTokensAndBlocks() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        ScenarioContext* ctx = w->context();
        ctx->toStart();  // request 1 is not drawn yet: the click brings it on screen
        ctx->selectRequest(1);
        // The click goes where a user's would: on the finding as the laid-out window shows it.
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        w->settle();
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
        // The chain redraws its cards a refresh after the cursor moved to request 1's end.
        QTRY_VERIFY(!w->blockChainView()->selectedBlocks(1).empty());
        const std::vector<int> blocks = w->blockChainView()->selectedBlocks(1);
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
        QCOMPARE(r1.before.cached, original->results[1].cached_tokens);
        QVERIFY2(r1.after.cached > r1.before.cached,
                 qPrintable(QStringLiteral("%1 -> %2").arg(r1.before.cached).arg(r1.after.cached)));
        QVERIFY2(r1.after.usd < r1.before.usd,
                 qPrintable(QStringLiteral("%1 -> %2").arg(r1.before.usd).arg(r1.after.usd)));
        QCOMPARE(r1.after.cached + r1.after.computed, r1.after.prompt);
        QVERIFY(r1.after.ttft > 0);
        QVERIFY(button->isEnabled());

        // A new scenario drops the comparison.
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("few-shot")));
        QVERIFY(panel->comparison().empty());
        QVERIFY(!applyFixButton(panel)->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isLinting(), kLintTimeoutMs);
        QVERIFY(!applyFixButton(panel)->isEnabled());  // nothing to fix there
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
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isLinting(), kLintTimeoutMs);
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
        EngineHost host(test::cpu_engine());
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
        // The replaced variant answers nothing: anything it sent would be in before this.
        QVERIFY(test::waitForWorkerBarrier(host));
        QCOMPARE(ready.count(), 1);
        QCOMPARE(variants.count(), 1);
        const auto run = ready.front().front().value<ScenarioRunPtr>();
        QCOMPARE(run->generation, main);
        QCOMPARE(run->scenario.name, std::string("few-shot"));
        const auto variant = variants.front().front().value<ScenarioRunPtr>();
        QCOMPARE(variant->scenario.name, std::string("two-tenants-salt"));
        QVERIFY(!host.isVariantBusy());
        // A cancelled variant never answers. The worker takes requests in order, so once a
        // request made after the cancel is answered, the cancelled one's answer (had it run and
        // been let through) would already be here; no fixed wait, however slow the machine.
        QSignalSpy failed(&host, &EngineHost::variantFailed);
        host.playVariant(b.value());
        host.cancelVariant();
        QVERIFY(!host.isVariantBusy());
        QVERIFY(test::waitForWorkerBarrier(host));
        QCOMPARE(variants.count(), 1);
        QCOMPARE(failed.count(), 0);
    }

    void ctrlLShowsThePanel() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("timestamp-at-head")));
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("lintDock"));
        QVERIFY(dock);
        QTRY_VERIFY_WITH_TIMEOUT(!w->lintPanel()->isLinting(), kLintTimeoutMs);
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
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isLinting(), kLintTimeoutMs);
        QVERIFY(w->grabToImage().save(dir + QStringLiteral("/prefixlens-test-lint-clean.png")));
    }
};

QTEST_MAIN(TestGuiLint)
#include "test_gui_lint.moc"
