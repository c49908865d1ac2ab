// Lessons: every built-in lesson loads, points at real scenarios, logs, requests and widgets, and
// speaks English, Japanese and Polish; a bad lesson file is refused with its name and the place in
// it; PageDown and PageUp drive the window to each step's scenario, moment and highlighted widget,
// or to its log in the Traffic tab with the step's request selected.
#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <map>
#include <memory>
#include <set>

#include "common/i18n.h"
#include "core/assets.h"
#include "gui_test_support.h"
#include "lessons/lesson.h"
#include "lessons/lesson_panel.h"
#include "panels/charts_panel.h"
#include "panels/lint_panel.h"
#include "panels/memory_scale_panel.h"
#include "panels/model_panel.h"
#include "panels/policies_panel.h"
#include "panels/usage_panel.h"
#include "session/engine_session.h"
#include "shell/main_window.h"
#include "shell/transport_bar.h"
#include "shell/window_traffic.h"
#include "state/scenario_context.h"
#include "test_support.h"
#include "traffic/traffic_panel.h"
#include "traffic/traffic_view.h"
#include "views/block_chain_view.h"
#include "views/output_view.h"
#include "views/pool_view.h"
#include "views/prompt_view.h"
#include "views/spotlight_overlay.h"

using namespace pl;
using namespace pl::ui;

namespace {

constexpr int kRunTimeoutMs = 300000;

std::unique_ptr<MainWindow> makeWindow() {
    MainWindowOptions o;
    o.engine.backend = BackendKind::Cpu;
    o.engine.explicit_backend = true;
    o.useSettings = false;
    o.loadInitialScenario = false;
    auto w = std::make_unique<MainWindow>(o);
    w->resize(1280, 800);
    w->show();
    return w;
}

std::string writeTemp(const QTemporaryDir& dir, const char* name, const std::string& text) {
    const std::string path = dir.filePath(QString::fromLatin1(name)).toStdString();
    test::write_file(path, text);
    return path;
}

// A step as JSON text, for lessons written by the tests.
std::string step(const std::string& scenario, int request, const char* at, const char* highlight) {
    return "{\"title\": {\"en\": \"T\", \"ja\": \"T\", \"pl\": \"T\"}, \"text\": {\"en\": \"" +
           scenario + " " + std::to_string(request) + "\", \"ja\": \"J\", \"pl\": \"P\"}, " +
           "\"scenario\": \"" + scenario + "\", \"request\": " + std::to_string(request) +
           ", \"at\": \"" + at + "\", \"highlight\": \"" + highlight + "\"}";
}

// A step on a log as JSON text; `row` is written as is (a number, or anything wrong), and
// `extra` adds fields.
std::string logStep(const std::string& log, const std::string& row, const char* highlight,
                    const std::string& extra = std::string()) {
    return "{\"title\": {\"en\": \"T\", \"ja\": \"T\", \"pl\": \"T\"}, \"text\": {\"en\": \"Log " +
           log + "\", \"ja\": \"J\", \"pl\": \"P\"}, \"log\": \"" + log + "\", \"row\": " + row +
           ", \"highlight\": \"" + highlight + "\"" + extra + "}";
}

QString agentLogPath() {
    return QString::fromStdString((assets_dir() / "traffic" / "agent-session.jsonl").string());
}

int expectedCursor(const ScenarioRun& run, const LessonStep& s) {
    if (!s.request)
        return run.eventCount();
    if (s.at == LessonMoment::End)
        return run.requestEndCursor(*s.request);
    if (s.at == LessonMoment::Start)
        return run.requestStartCursor(*s.request);
    for (int idx : run.request_events[static_cast<std::size_t>(*s.request)]) {
        if (std::holds_alternative<PrefillDoneEvent>(run.events[static_cast<std::size_t>(idx)]))
            return idx + 1;
    }
    return -1;
}

// The widget a target id must frame, found without the panel's own mapping.
QWidget* expectedTarget(MainWindow& w, const QString& id) {
    auto dockOf = [](QWidget* x) -> QWidget* {
        for (QWidget* p = x; p; p = p->parentWidget()) {
            if (auto* d = qobject_cast<QDockWidget*>(p))
                return d;
        }
        return nullptr;
    };
    if (id == QLatin1String("chain"))
        return w.blockChainView();
    if (id == QLatin1String("transport"))
        return w.transportBar();
    if (id == QLatin1String("prompt"))
        return dockOf(w.promptView());
    if (id == QLatin1String("output"))
        return dockOf(w.outputView());
    if (id == QLatin1String("lint"))
        return dockOf(w.lintPanel());
    if (id == QLatin1String("usage"))
        return dockOf(w.usagePanel());
    if (id == QLatin1String("pool"))
        return dockOf(w.poolView());
    if (id == QLatin1String("policies"))
        return dockOf(w.policiesPanel());
    if (id == QLatin1String("memory"))
        return dockOf(w.memoryScalePanel());
    if (id.startsWith(QLatin1String("charts")))
        return dockOf(w.chartsPanel());
    if (id == QLatin1String("chain.attention"))
        return w.blockChainView();
    if (id.startsWith(QLatin1String("model.")))
        return dockOf(w.modelPanel());
    if (TrafficPanel* t = w.traffic()->panel()) {
        if (id == QLatin1String("traffic"))
            return t;
        if (id == QLatin1String("traffic.rows"))
            return t->view();
        if (id == QLatin1String("traffic.chart"))
            return t->findChild<QWidget*>(QStringLiteral("trafficChart"))->parentWidget();
    }
    return nullptr;
}

std::optional<ChartsPanel::Chart> expectedChart(const QString& id) {
    if (id == QLatin1String("charts.ttft"))
        return ChartsPanel::Chart::Ttft;
    if (id == QLatin1String("charts.length"))
        return ChartsPanel::Chart::TtftVsLength;
    if (id == QLatin1String("charts.kv"))
        return ChartsPanel::Chart::KvMemory;
    if (id == QLatin1String("charts.hits"))
        return ChartsPanel::Chart::HitRate;
    return std::nullopt;
}

// The target is on screen: visible, not empty, inside the window, and for a chart, its tab is the
// one in front.
void checkTargetShown(MainWindow& w, QWidget* target, const QString& id) {
    QVERIFY2(target, qPrintable(id));
    QCOMPARE(target, expectedTarget(w, id));
    QVERIFY2(target->isVisible(), qPrintable(id));
    // A dock shown again gets its size when the window lays out, a moment later.
    QTRY_VERIFY2(target->width() > 100 && target->height() > 16, qPrintable(id));
    const QRect inWindow(target->mapTo(&w, QPoint(0, 0)), target->size());
    QVERIFY2(w.rect().intersects(inWindow), qPrintable(id));
    // The chain framed with its heat map on (chain.attention) or off (chain); the Model dock on
    // the step's tab.
    if (id.startsWith(QLatin1String("chain")))
        QCOMPARE(w.blockChainView()->attentionShown(), id == QLatin1String("chain.attention"));
    if (id.startsWith(QLatin1String("model."))) {
        const auto tab =
            id == QLatin1String("model.sweep") ? ModelPanel::Tab::Sweep : ModelPanel::Tab::Decode;
        QVERIFY2(w.modelPanel()->tabPage(tab)->isVisible(), qPrintable(id));
    }
    // The Traffic tab in front for its targets; the chain's for the chain's.
    if (id.startsWith(QLatin1String("traffic")))
        QCOMPARE(w.traffic()->tabs()->currentWidget(), w.traffic()->panel());
    if (id.startsWith(QLatin1String("chain")))
        QCOMPARE(w.traffic()->tabs()->currentWidget(), w.blockChainView());
    if (const auto chart = expectedChart(id)) {
        QWidget* view = w.chartsPanel()->chartView(*chart);
        QVERIFY2(view->isVisible(), qPrintable(id));
        auto* tabs = w.chartsPanel()->findChild<QTabWidget*>();
        QVERIFY(tabs);
        QCOMPARE(tabs->currentWidget(), view);
    }
}

}  // namespace

class TestLessons : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        pl::test::quietOffscreenNoise();
        QCoreApplication::setOrganizationName(QStringLiteral("PrefixLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_lessons"));
        registerUiMetaTypes();
    }

    void builtinLessonsLoad() {
        const auto names = builtinLessonNames();
        QVERIFY2(names.size() >= 3, "the workshop needs its lessons in assets/lessons");
        std::set<int> orders;
        std::set<std::string> scenariosUsed;
        for (const auto& name : names) {
            auto lesson = loadLesson(name);
            QVERIFY2(lesson.ok(), lesson.ok() ? "" : lesson.error().message.c_str());
            const Lesson& l = lesson.value();
            QVERIFY2(orders.insert(l.order).second, name.c_str());
            for (const char* lang : {"en", "ja", "pl"})
                QVERIFY2(!l.title.exactly(lang).empty(), (name + ": title " + lang).c_str());
            QVERIFY(!l.steps.empty());
            for (std::size_t i = 0; i < l.steps.size(); ++i) {
                const LessonStep& s = l.steps[i];
                const std::string where = name + " step " + std::to_string(i);
                if (s.isLog()) {
                    // Its log is found (its rows are checked in the window, once read).
                    QVERIFY2(QFileInfo::exists(QString::fromStdString(s.logPath)), where.c_str());
                    QCOMPARE(s.scenarioIndex, -1);
                    QVERIFY2(s.row >= 0, where.c_str());
                } else {
                    // Its scenario exists and its request is in range for it.
                    QVERIFY2(s.scenarioIndex >= 0 &&
                                 s.scenarioIndex < static_cast<int>(l.scenarios.size()),
                             where.c_str());
                    const Scenario& sc = l.scenarios[static_cast<std::size_t>(s.scenarioIndex)];
                    QCOMPARE(sc.name, s.scenario);
                    scenariosUsed.insert(sc.name);
                    if (s.request) {
                        QVERIFY2(
                            *s.request >= 0 && *s.request < static_cast<int>(sc.requests.size()),
                            where.c_str());
                    }
                }
                // Every step says something in every language, and points somewhere.
                for (const char* lang : {"en", "ja", "pl"}) {
                    QVERIFY2(!s.title.exactly(lang).empty(), (where + " title " + lang).c_str());
                    QVERIFY2(!s.text.exactly(lang).empty(), (where + " text " + lang).c_str());
                }
                QVERIFY2(isLessonTarget(s.highlight), where.c_str());
                // Japanese and Polish are translations, not copies of the English.
                QVERIFY2(s.text.exactly("ja") != s.text.exactly("en"), where.c_str());
                QVERIFY2(s.text.exactly("pl") != s.text.exactly("en"), where.c_str());
            }
        }
        // Together the lessons walk through every built-in scenario.
        for (const auto& sc : builtin_scenario_names())
            QVERIFY2(scenariosUsed.count(sc), ("no lesson shows " + sc).c_str());
    }

    void everyStepHighlightsAVisibleWidget() {
        auto w = makeWindow();
        LessonPanel* panel = w->lessonPanel();
        QVERIFY(panel);
        // The Traffic tab's targets exist once a log is open (a log step opens it first).
        QCOMPARE(panel->targetWidget(QStringLiteral("traffic")), nullptr);
        w->traffic()->open(agentLogPath());
        QVERIFY(w->traffic()->panel()->waitForLoad(kRunTimeoutMs));
        for (const auto& name : builtinLessonNames()) {
            auto lesson = loadLesson(name);
            QVERIFY(lesson.ok());
            for (const LessonStep& s : lesson->steps) {
                const QString id = QString::fromStdString(s.highlight);
                checkTargetShown(*w, panel->targetWidget(id), id);
            }
        }
        // Every id there is maps to a widget, even with its dock closed first.
        for (const LessonTarget& t : lessonTargets()) {
            const QString id = QString::fromLatin1(t.id);
            if (QWidget* target = expectedTarget(*w, id); target && target->inherits("QDockWidget"))
                target->hide();
            checkTargetShown(*w, panel->targetWidget(id), id);
        }
        QCOMPARE(panel->targetWidget(QStringLiteral("nowhere")), nullptr);
    }

    void badLessonFilesNameTheFileAndPlace_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");  // after "<file>"
        const std::string good = step("shared-system-prompt", 0, "end", "chain");
        auto lesson = [](const std::string& steps) {
            return QString::fromStdString("{\"title\": \"A lesson\", \"steps\": [" + steps + "]}");
        };
        QTest::newRow("malformed JSON")
            << QStringLiteral("{\"title\": \"A lesson\",\n  \"steps\": [\n    {\"title\": }\n]}")
            << QStringLiteral(":3:");
        QTest::newRow("not an object") << QStringLiteral("[1, 2]") << QStringLiteral(": /: ");
        QTest::newRow("no steps") << QStringLiteral("{\"title\": \"A lesson\", \"steps\": []}")
                                  << QStringLiteral(": /steps: a lesson needs at least one step");
        QTest::newRow("unknown target")
            << lesson(good + ", " + step("shared-system-prompt", 1, "end", "charts.memory"))
            << QStringLiteral(": /steps/1/highlight: unknown target \"charts.memory\"");
        QTest::newRow("missing text")
            << lesson("{\"title\": \"T\", \"scenario\": \"few-shot\", \"request\": 0}")
            << QStringLiteral(": /steps/0/text: missing");
        QTest::newRow("no English text")
            << lesson(good +
                      ", {\"title\": \"T\", \"text\": {\"ja\": \"日本語だけ\"}, "
                      "\"scenario\": \"few-shot\"}")
            << QStringLiteral(": /steps/1/text/en: needs a non-empty English text");
        QTest::newRow("empty English text")
            << lesson(
                   "{\"title\": \"T\", \"text\": {\"en\": \"\", \"pl\": \"Tak\"}, "
                   "\"scenario\": \"few-shot\"}")
            << QStringLiteral(": /steps/0/text/en: needs a non-empty English text");
        QTest::newRow("bad language code")
            << lesson(
                   "{\"title\": \"T\", \"text\": {\"en\": \"Hi\", \"Polish\": \"Tak\"}, "
                   "\"scenario\": \"few-shot\"}")
            << QStringLiteral(": /steps/0/text/Polish: expected a language code");
        QTest::newRow("request out of range")
            << lesson(good + ", " + step("few-shot", 5, "end", "chain"))
            << QStringLiteral(
                   ": /steps/1/request: scenario \"few-shot\" has 3 requests (0 to 2), "
                   "not request 5");
        QTest::newRow("unknown scenario")
            << lesson(step("no-such-scenario", 0, "end", "chain"))
            << QStringLiteral(": /steps/0/scenario: no-such-scenario: no such scenario");
        QTest::newRow("bad moment") << lesson(step("few-shot", 0, "middle", "chain"))
                                    << QStringLiteral(": /steps/0/at: expected \"start\"");
        const std::string log = "traffic/agent-session.jsonl";
        QTest::newRow("scenario and log")
            << lesson(good + ", " +
                      logStep(log, "6", "traffic", ", \"scenario\": \"shared-system-prompt\""))
            << QStringLiteral(": /steps/1/log: a step shows a scenario or a log, not both");
        QTest::newRow("neither scenario nor log")
            << lesson("{\"title\": \"T\", \"text\": \"Hi\", \"row\": 3}")
            << QStringLiteral(": /steps/0/scenario: expected the name of a built-in scenario");
        QTest::newRow("negative row") << lesson(logStep(log, "-1", "traffic"))
                                      << QStringLiteral(": /steps/0/row: expected the index");
        QTest::newRow("row not a number") << lesson(logStep(log, "\"six\"", "traffic"))
                                          << QStringLiteral(": /steps/0/row: expected the index");
        QTest::newRow("fractional row") << lesson(good + ", " + logStep(log, "6.5", "traffic"))
                                        << QStringLiteral(": /steps/1/row: expected the index");
        QTest::newRow("no row") << lesson(logStep(log, "null", "traffic"))
                                << QStringLiteral(": /steps/0/row: missing");
        QTest::newRow("row on a scenario")
            << lesson(
                   "{\"title\": \"T\", \"text\": \"Hi\", \"scenario\": \"few-shot\", \"row\": 1}")
            << QStringLiteral(": /steps/0/row: goes with a \"log\" step");
        QTest::newRow("request on a log")
            << lesson(logStep(log, "6", "traffic", ", \"request\": 6"))
            << QStringLiteral(": /steps/0/request: goes with a \"scenario\" step");
        QTest::newRow("bad policy") << lesson(logStep(log, "6", "traffic", ", \"policy\": \"lru\""))
                                    << QStringLiteral(": /steps/0/policy: expected \"anthropic\"");
        QTest::newRow("empty log") << lesson(logStep("", "6", "traffic"))
                                   << QStringLiteral(": /steps/0/log: expected the path");
        QTest::newRow("missing log") << lesson(logStep("traffic/no-such-log.jsonl", "6", "traffic"))
                                     << QStringLiteral(
                                            ": /steps/0/log: traffic/no-such-log.jsonl: no such "
                                            "file");
        QTest::newRow("unknown traffic target")
            << lesson(logStep(log, "6", "traffic.cost"))
            << QStringLiteral(": /steps/0/highlight: unknown target \"traffic.cost\"");
        QTest::newRow("unknown field")
            << lesson(
                   "{\"title\": \"T\", \"text\": \"Hi\", \"scenario\": \"few-shot\", "
                   "\"highlights\": \"chain\"}")
            << QStringLiteral(": /steps/0/highlights: unknown field");
    }

    void badLessonFilesNameTheFileAndPlace() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = writeTemp(dir, "my-lesson.json", text.toStdString());
        auto lesson = loadLesson(path);
        QVERIFY(!lesson.ok());
        const QString message = QString::fromStdString(lesson.error().message);
        QVERIFY2(message.startsWith(QString::fromStdString(path)), qPrintable(message));
        QVERIFY2(message.mid(static_cast<int>(path.size())).startsWith(expected),
                 qPrintable(message));
        // The panel refuses it with the same message and keeps what it showed.
        auto w = makeWindow();
        QString error;
        QVERIFY(!w->lessonPanel()->openLesson(QString::fromStdString(path), &error));
        QCOMPARE(error, message);
        QVERIFY(!w->lessonPanel()->hasLesson());
    }

    void scenarioFilesAreRelativeToTheLesson() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("scenarios")));
        const auto src = builtin_scenarios_dir() / "few-shot.json";
        QVERIFY(QFile::copy(QString::fromStdString(src.string()),
                            dir.filePath(QStringLiteral("scenarios/mine.json"))));
        const std::string path =
            writeTemp(dir, "mine.json",
                      "{\"title\": \"Mine\", \"steps\": [" +
                          step("scenarios/mine.json", 2, "end", "chain") + "]}");
        auto lesson = loadLesson(path);
        QVERIFY2(lesson.ok(), lesson.ok() ? "" : lesson.error().message.c_str());
        QCOMPARE(lesson->scenarios.size(), std::size_t{1});
        QCOMPARE(lesson->scenarios.front().name, std::string("few-shot"));
    }

    // Lesson 6 walks through the shipped agent log: each step selects its request in the Traffic
    // tab, and that request's cause is the one the step's text is about. The log, opened by hand
    // before, is not read again by any step, and no step opens a request into the chain.
    void agentLogLessonShowsItsBreaks() {
        auto lesson = loadLesson("06-your-own-traffic");
        QVERIFY2(lesson.ok(), lesson.ok() ? "" : lesson.error().message.c_str());
        // What the replay finds at the requests the lesson is about (test_replay.cpp,
        // shippedAgentLogBreaksWhereTheGuideSays), and a word the step's English text uses.
        struct Break {
            const char* cause;
            const char* detail;
            bool disagrees;
            const char* word;
        };
        const std::map<int, Break> breaks = {
            {6, {"dynamic-prefix", "", false, "timestamp"}},
            {12, {"unstable-serialization", "", false, "keys"}},
            {18, {"ttl-gap", "", false, "minute"}},
            {24, {"prefix-changed", "params-changed", false, "model"}},
            {30, {"prefix-changed", "history-rewritten", false, "compaction"}},
            {33, {"", "", true, "reported"}},
        };
        // The log's usage is in Anthropic's tokens, as a presenter's app counts it (the suites'
        // PREFIXLENS_COUNT=builtin would compare it with the built-in model's tokens).
        const QByteArray count = qgetenv("PREFIXLENS_COUNT");
        qputenv("PREFIXLENS_COUNT", "provider");
        const auto restore = qScopeGuard([&] { qputenv("PREFIXLENS_COUNT", count); });
        auto w = makeWindow();
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        ScenarioContext* ctx = w->context();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY(w->waitForRun(kRunTimeoutMs));
        const auto* run = ctx->run().get();
        w->traffic()->open(agentLogPath());
        TrafficPanel* traffic = w->traffic()->panel();
        QVERIFY(traffic->waitForLoad(kRunTimeoutMs));
        w->traffic()->showChain();
        QSignalSpy loads(traffic, &TrafficPanel::loaded);
        QSignalSpy opened(traffic, &TrafficPanel::requestOpened);

        LessonPanel* panel = w->lessonPanel();
        panel->setLesson(std::move(lesson.value()));
        std::set<int> rowsShown;
        for (int i = 0; i < panel->stepCount(); ++i) {
            if (i > 0)
                QTest::keyClick(w.get(), Qt::Key_PageDown);
            QCOMPARE(panel->step(), i);
            QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
            const LessonStep& s = panel->lesson().steps[static_cast<std::size_t>(i)];
            const std::string where = "step " + std::to_string(i + 1);
            QVERIFY2(s.isLog(), where.c_str());
            QCOMPARE(w->traffic()->panel(), traffic);
            QCOMPARE(w->traffic()->tabs()->currentWidget(), traffic);
            QCOMPARE(traffic->view()->selectedRow(), s.row);
            QVERIFY2(traffic->view()->barRect(s.row).isValid(), where.c_str());  // in sight
            const TrafficRow& row = traffic->view()->row(s.row);
            QCOMPARE(row.request, s.row);
            if (const auto it = breaks.find(s.row); it != breaks.end()) {
                rowsShown.insert(s.row);
                QCOMPARE(row.cause, QString::fromLatin1(it->second.cause));
                if (*it->second.detail)
                    QCOMPARE(row.causeDetail, QString::fromLatin1(it->second.detail));
                QCOMPARE(row.disagrees, it->second.disagrees);
                QVERIFY2(QString::fromStdString(s.text.exactly("en"))
                             .contains(QLatin1String(it->second.word), Qt::CaseInsensitive),
                         (where + ": the text is not about " + it->second.word).c_str());
            }
            const QString id = QString::fromStdString(s.highlight);
            QCOMPARE(panel->highlightedWidget(), expectedTarget(*w, id));
            checkTargetShown(*w, panel->highlightedWidget(), id);
        }
        QCOMPARE(rowsShown.size(), breaks.size());
        // Back as well: the log stays read, the chain keeps its scenario and its run.
        QTest::keyClick(w.get(), Qt::Key_PageUp);
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
        QCOMPARE(loads.count(), 0);
        QCOMPARE(opened.count(), 0);
        QCOMPARE(ctx->scenario().name, std::string("shared-system-prompt"));
        QCOMPARE(ctx->run().get(), run);
    }

    // A lesson of one's own mixes scenario steps with steps on a log shipped beside it: a log
    // step after a scenario step brings the Traffic tab to the front, the next step on the same
    // log and policy does not read it again, another policy does, and a scenario step brings the
    // block chain back.
    void logStepsBetweenScenarioSteps() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("logs")));
        QVERIFY(QFile::copy(agentLogPath(), dir.filePath(QStringLiteral("logs/mine.jsonl"))));
        const std::string mine = "logs/mine.jsonl";
        const std::string path = writeTemp(
            dir, "mixed.json",
            "{\"title\": {\"en\": \"Mixed\", \"ja\": \"混合\", \"pl\": \"Mieszana\"}, "
            "\"steps\": [" +
                step("shared-system-prompt", 1, "end", "chain") + ", " +
                logStep(mine, "6", "traffic.rows") + ", " + logStep(mine, "12", "traffic") + ", " +
                logStep(mine, "18", "traffic.chart", ", \"policy\": \"vllm\"") + ", " +
                step("shared-system-prompt", 1, "end", "usage") + "]}");
        auto w = makeWindow();
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        LessonPanel* panel = w->lessonPanel();
        ScenarioContext* ctx = w->context();
        QString error;
        QVERIFY2(panel->openLesson(QString::fromStdString(path), &error), qPrintable(error));
        QCOMPARE(panel->lesson().steps[1].logPath,
                 QDir(dir.path()).filePath(QStringLiteral("logs/mine.jsonl")).toStdString());
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
        QCOMPARE(w->traffic()->panel(), nullptr);
        const auto* run = ctx->run().get();

        QTest::keyClick(w.get(), Qt::Key_PageDown);
        TrafficPanel* traffic = w->traffic()->panel();
        QVERIFY(traffic);
        QCOMPARE(w->traffic()->tabs()->currentWidget(), traffic);
        QSignalSpy opened(traffic, &TrafficPanel::requestOpened);
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
        QCOMPARE(traffic->view()->selectedRow(), 6);
        QCOMPARE(traffic->view()->row(6).cause, QStringLiteral("dynamic-prefix"));
        QCOMPARE(panel->highlightedWidget(), traffic->view());

        // The same log and policy: shown at once, not read again.
        QSignalSpy loads(traffic, &TrafficPanel::loaded);
        QTest::keyClick(w.get(), Qt::Key_PageDown);
        QVERIFY(panel->isStepShown());
        QVERIFY(traffic->waitForLoad(kRunTimeoutMs));  // a read, had one started, would end here
        QCOMPARE(loads.count(), 0);
        QCOMPARE(traffic->view()->selectedRow(), 12);
        QCOMPARE(panel->highlightedWidget(), traffic);

        // Another policy reads it again, under that policy.
        QTest::keyClick(w.get(), Qt::Key_PageDown);
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
        QCOMPARE(loads.count(), 1);
        QCOMPARE(traffic->summary()->policy, CachePolicy::Vllm);
        QCOMPARE(traffic->view()->selectedRow(), 18);
        QVERIFY(traffic->waitForLoad(kRunTimeoutMs));
        checkTargetShown(*w, panel->highlightedWidget(), QStringLiteral("traffic.chart"));

        // A scenario step: the chain's tab in front again, the scenario as it was.
        QTest::keyClick(w.get(), Qt::Key_PageDown);
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
        QCOMPARE(w->traffic()->tabs()->currentWidget(), w->blockChainView());
        QCOMPARE(ctx->run().get(), run);
        checkTargetShown(*w, panel->highlightedWidget(), QStringLiteral("usage"));

        // And back: the log as the step left it, not read again.
        QTest::keyClick(w.get(), Qt::Key_PageUp);
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
        QCOMPARE(w->traffic()->tabs()->currentWidget(), traffic);
        QCOMPARE(loads.count(), 1);
        QCOMPARE(opened.count(), 0);  // no step opens a request into the chain
    }

    // A step's row past the end of its log is never shown, and the lesson says why.
    void logStepPastTheEndSaysWhy() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(agentLogPath(), dir.filePath(QStringLiteral("mine.jsonl"))));
        const std::string path = writeTemp(dir, "past.json",
                                           "{\"title\": {\"en\": \"Past\"}, \"steps\": [" +
                                               logStep("mine.jsonl", "999", "traffic.rows") + "]}");
        auto w = makeWindow();
        LessonPanel* panel = w->lessonPanel();
        QString error;
        QVERIFY2(panel->openLesson(QString::fromStdString(path), &error), qPrintable(error));
        TrafficPanel* traffic = w->traffic()->panel();
        QVERIFY(traffic);
        QVERIFY(traffic->waitForLoad(kRunTimeoutMs));
        QTRY_VERIFY_WITH_TIMEOUT(panel->stepBodyText().contains(QStringLiteral("request 999")),
                                 kRunTimeoutMs);
        QVERIFY2(panel->stepBodyText().contains(
                     QStringLiteral("which has %1 requests").arg(traffic->view()->rowCount())),
                 qPrintable(panel->stepBodyText()));
        QVERIFY(!panel->isStepShown());
    }

    void textsFollowTheLanguage() {
        LocalizedText t;
        t.texts = {{"en", "Hello"}, {"ja", "こんにちは"}, {"pl", "Cześć"}, {"pt_BR", "Olá"}};
        QCOMPARE(t.pick("ja_JP"), std::string("こんにちは"));
        QCOMPARE(t.pick("pl"), std::string("Cześć"));
        QCOMPARE(t.pick("pt_BR"), std::string("Olá"));
        QCOMPARE(t.pick("pt_PT"), std::string("Hello"));  // no "pt": English
        QCOMPARE(t.pick("de_DE"), std::string("Hello"));
        QCOMPARE(t.pick("C"), std::string("Hello"));

        auto w = makeWindow();
        LessonPanel* panel = w->lessonPanel();
        auto lesson = loadLesson("02-prefix-reuse");
        QVERIFY(lesson.ok());
        const LessonStep first = lesson->steps.front();
        panel->setLesson(std::move(lesson.value()));
        const QLocale before;
        panel->setLanguage(QStringLiteral("ja_JP"));
        QCOMPARE(panel->stepBodyText(), QString::fromStdString(first.text.exactly("ja")));
        QCOMPARE(panel->stepTitleText(), QString::fromStdString(first.title.exactly("ja")));
        panel->setLanguage(QStringLiteral("de"));
        QCOMPARE(panel->stepBodyText(), QString::fromStdString(first.text.exactly("en")));
        // Empty follows the UI's locale, and a language change in the app is picked up.
        panel->setLanguage(QString());
        QLocale::setDefault(QLocale(QLocale::Polish, QLocale::Poland));
        QEvent change(QEvent::LanguageChange);
        QCoreApplication::sendEvent(panel, &change);
        QCOMPARE(panel->language(), QStringLiteral("pl_PL"));
        QCOMPARE(panel->stepBodyText(), QString::fromStdString(first.text.exactly("pl")));
        QLocale::setDefault(before);
    }

    void shortcutsDoNotClash() {
        auto w = makeWindow();
        std::map<QString, QStringList> owners;
        for (QAction* a : w->findChildren<QAction*>()) {
            for (const QKeySequence& k : a->shortcuts())
                owners[k.toString()] << a->text();
        }
        for (const auto& [key, actions] : owners)
            QVERIFY2(actions.size() == 1,
                     qPrintable(key + QStringLiteral(": ") + actions.join(QStringLiteral(", "))));
        LessonPanel* panel = w->lessonPanel();
        QCOMPARE(panel->nextAction()->shortcut(), QKeySequence(Qt::Key_PageDown));
        QCOMPARE(panel->previousAction()->shortcut(), QKeySequence(Qt::Key_PageUp));
        // Without a lesson the keys are free for whatever has the focus.
        QVERIFY(!panel->nextAction()->isEnabled());
        QVERIFY(!panel->previousAction()->isEnabled());
    }

    void keysDriveTheWindow() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = writeTemp(
            dir, "walk.json",
            "{\"title\": {\"en\": \"Walk\", \"ja\": \"歩く\", \"pl\": \"Spacer\"}, \"steps\": [" +
                step("shared-system-prompt", 0, "prefill", "chain") + ", " +
                step("shared-system-prompt", 1, "end", "usage") + ", " +
                step("timestamp-at-head", 1, "end", "charts.ttft") + ", " +
                step("timestamp-at-head", 2, "start", "prompt") + "]}");
        auto w = makeWindow();
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        LessonPanel* panel = w->lessonPanel();
        ScenarioContext* ctx = w->context();
        QSignalSpy shown(panel, &LessonPanel::stepShown);
        QString error;
        QVERIFY2(panel->openLesson(QString::fromStdString(path), &error), qPrintable(error));
        QVERIFY(panel->isVisible());  // its dock opens with the lesson

        auto check = [&](int index) {
            QCOMPARE(panel->step(), index);
            QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
            w->syncViews();  // the views' deferred refreshes (a partial run may have come first)
            const LessonStep& s = panel->lesson().steps[static_cast<std::size_t>(index)];
            QCOMPARE(ctx->scenario().name, s.scenario);
            QVERIFY(ctx->run());
            QCOMPARE(ctx->run()->scenario.name, s.scenario);
            QCOMPARE(ctx->cursor(), expectedCursor(*ctx->run(), s));
            QCOMPARE(ctx->currentRequest(), *s.request);
            QVERIFY(!ctx->isPlaying());
            // Right after the prefill no token is out yet, and the Output dock says the prefill is
            // done rather than still awaited (the token count alone does not change there).
            if (s.at == LessonMoment::Prefill)
                QVERIFY2(!w->outputView()->headerText().contains(QStringLiteral("waiting")),
                         qPrintable(w->outputView()->headerText()));
            const QString id = QString::fromStdString(s.highlight);
            QCOMPARE(panel->highlightedWidget(), expectedTarget(*w, id));
            checkTargetShown(*w, panel->highlightedWidget(), id);
            QVERIFY(!panel->overlay()->frameRect().isEmpty());
            QVERIFY(panel->overlay()->isVisible());
            QCOMPARE(panel->stepTitleText(), QStringLiteral("T"));
            QVERIFY(panel->stepBodyText().contains(QString::fromStdString(s.scenario)) ||
                    panel->stepBodyText() == QStringLiteral("J") ||
                    panel->stepBodyText() == QStringLiteral("P"));
        };
        check(0);
        QCOMPARE(shown.count(), 1);
        QVERIFY(!panel->previousAction()->isEnabled());

        // The clicker's key: same scenario, so only the cursor and the frame move.
        const auto* runBefore = ctx->run().get();
        QTest::keyClick(w.get(), Qt::Key_PageDown);
        check(1);
        QCOMPARE(ctx->run().get(), runBefore);

        // The next scenario plays first; the step lands when its run arrives.
        QTest::keyClick(w.get(), Qt::Key_PageDown);
        check(2);
        QCOMPARE(ctx->run()->results[1].cached_tokens, 0);  // what the step is about

        // "start": the request has not begun, so the detail views are told to show it.
        QTest::keyClick(w.get(), Qt::Key_PageDown);
        check(3);
        QCOMPARE(ctx->requestAtCursor(), 1);
        QCOMPARE(ctx->selectedRequest(), std::optional<int>(2));
        QVERIFY(!panel->nextAction()->isEnabled());
        QTest::keyClick(w.get(), Qt::Key_PageDown);  // past the end: nothing moves
        QCOMPARE(panel->step(), 3);
        // Nor when the scenario picker has the focus (after a click on it): the clicker's key
        // must not select the next scenario and re-run the model.
        QComboBox* picker = w->scenarioPicker();
        picker->setFocus();
        const int pickedBefore = picker->currentIndex();
        const auto* runAtEnd = ctx->run().get();
        QTest::keyClick(picker, Qt::Key_PageDown);
        QTest::keyClick(picker, Qt::Key_PageDown);
        QCOMPARE(picker->currentIndex(), pickedBefore);
        QCOMPARE(ctx->scenario().name, std::string("timestamp-at-head"));
        QVERIFY(!ctx->awaitingRun());
        QCOMPARE(ctx->run().get(), runAtEnd);
        QCOMPARE(panel->step(), 3);

        // Back goes to the other key, and to the other scenario again.
        QTest::keyClick(w.get(), Qt::Key_PageUp);
        check(2);
        QTest::keyClick(w.get(), Qt::Key_PageUp);
        check(1);
        QCOMPARE(ctx->scenario().name, std::string("shared-system-prompt"));

        // A live edit is the presenter's; the next step plays the lesson's scenario again.
        QVERIFY(ctx->applyEdit(1, "/messages/0/content", "A different question?"));
        QTest::keyClick(w.get(), Qt::Key_PageUp);
        check(0);
        QCOMPARE(ctx->run()->scenario.requests[1].body,
                 panel->lesson().scenarios[0].requests[1].body);

        // Ending the lesson removes the frame and the panel.
        panel->closeLesson();
        QVERIFY(!panel->hasLesson());
        QCOMPARE(panel->highlightedWidget(), nullptr);
        QVERIFY(!panel->overlay()->isVisible());
        QVERIFY(!panel->isVisible());
    }

    // At a lesson's last step the clicker has nowhere to go: wherever the focus is (a scenario
    // picker, the speed box, the findings list, a tab bar), PageDown and PageUp must never pick
    // another scenario, change the speed or re-run the model.
    void clickerAtTheLastStepOfEveryLesson() {
        auto w = makeWindow();
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        LessonPanel* panel = w->lessonPanel();
        ScenarioContext* ctx = w->context();
        // The lessons, then once more with none open (the last name is empty): PageDown and
        // PageUp never change the scenario, the run, the speed or a list.
        auto names = builtinLessonNames();
        names.push_back(std::string());
        for (const auto& name : names) {
            if (name.empty()) {
                panel->closeLesson();
                QVERIFY(!panel->hasLesson());
                QVERIFY(w->waitForRun(kRunTimeoutMs));
            } else {
                QString error;
                QVERIFY2(panel->openLesson(QString::fromStdString(name), &error),
                         qPrintable(error));
                panel->goToStep(panel->stepCount() - 1);
                QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
            }
            const std::string scenario = ctx->scenario().name;
            const auto* run = ctx->run().get();
            const double speed = ctx->speed();
            QList<QWidget*> focusable = {w->scenarioPicker(), w.get()};
            for (auto* c : w->findChildren<QComboBox*>())
                focusable << c;
            for (auto* l : w->findChildren<QAbstractItemView*>())
                focusable << l;
            for (auto* t : w->findChildren<QTabBar*>())
                focusable << t;
            for (QWidget* f : focusable) {
                if (!f->isVisible())
                    continue;
                f->setFocus();
                QTest::keyClick(f, Qt::Key_PageDown);
                QTest::keyClick(f, Qt::Key_PageDown);
                if (name.empty())
                    QTest::keyClick(f, Qt::Key_PageUp);
                QCoreApplication::processEvents();
                if (!name.empty())
                    QCOMPARE(panel->step(), panel->stepCount() - 1);
                QVERIFY2(
                    ctx->scenario().name == scenario,
                    qPrintable(name.c_str() + QStringLiteral(": ") + f->metaObject()->className()));
                QVERIFY(!ctx->awaitingRun());
                QCOMPARE(ctx->run().get(), run);
                QCOMPARE(ctx->speed(), speed);
                QCOMPARE(w->scenarioPicker()->currentData().toString().toStdString(), scenario);
            }
        }
    }

    // Opening a lesson prepares every step's scenario in the background: once prepared, a step
    // that changes scenario shows its run at once, and going back shows the very same run (the
    // TTFT the class was told to remember does not change).
    void preparedStepsShowAtOnce() {
        auto w = makeWindow();
        LessonPanel* panel = w->lessonPanel();
        ScenarioContext* ctx = w->context();
        std::string best;
        std::size_t most = 0;
        for (const auto& name : builtinLessonNames()) {
            QString error;
            QVERIFY2(panel->openLesson(QString::fromStdString(name), &error), qPrintable(error));
            if (panel->lesson().scenarios.size() > most) {
                most = panel->lesson().scenarios.size();
                best = name;
            }
        }
        QVERIFY(most >= 2);
        QString error;
        QVERIFY(panel->openLesson(QString::fromStdString(best), &error));
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
        for (const Scenario& sc : panel->lesson().scenarios)
            QTRY_VERIFY_WITH_TIMEOUT(w->engine()->cachedRun(sc) != nullptr, kRunTimeoutMs);
        std::map<std::string, const ScenarioRun*> seen;
        for (int pass = 0; pass < 2; ++pass) {
            for (int i = 0; i < panel->stepCount(); ++i) {
                panel->goToStep(i);
                QCoreApplication::processEvents();  // the cached run arrives on the next turn
                QVERIFY2(panel->isStepShown(),
                         qPrintable(QStringLiteral("%1 step %2 waited for the model")
                                        .arg(QString::fromStdString(best))
                                        .arg(i + 1)));
                const auto [it, fresh] = seen.emplace(ctx->scenario().name, ctx->run().get());
                QCOMPARE(ctx->run().get(), it->second);
            }
        }
    }

    // A projector shows 1280x800 and no more: opening a lesson, and every step of it, in every
    // language, leaves the window that size.
    void lessonsKeepTheWindowSize() {
        auto w = makeWindow();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        const QSize size(1280, 800);
        QCOMPARE(w->size(), size);
        LessonPanel* panel = w->lessonPanel();
        for (const char* lang : {"en", "ja", "pl"}) {
            QVERIFY(setLanguage(QString::fromLatin1(lang)));
            for (const auto& name : builtinLessonNames()) {
                QString error;
                QVERIFY2(panel->openLesson(QString::fromStdString(name), &error),
                         qPrintable(error));
                for (int i = 0; i < panel->stepCount(); ++i) {
                    panel->goToStep(i);
                    // With the step's run in every view: the headers' text then wraps as it will
                    // in the room, and the window's minimum follows it.
                    QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
                    w->syncViews();
                    QCoreApplication::processEvents();
                    const QSize min = w->minimumSizeHint();
                    QVERIFY2(w->size() == size && min.width() <= size.width() &&
                                 min.height() <= size.height(),
                             qPrintable(QStringLiteral("%1 %2 step %3: %4x%5, at least %6x%7")
                                            .arg(QLatin1String(lang), QString::fromStdString(name))
                                            .arg(i + 1)
                                            .arg(w->width())
                                            .arg(w->height())
                                            .arg(min.width())
                                            .arg(min.height())));
                }
            }
        }
        panel->closeLesson();
        QVERIFY(setLanguage(QStringLiteral("en")));
    }

    void builtinLessonPlaysItsFirstSteps() {
        auto w = makeWindow();
        LessonPanel* panel = w->lessonPanel();
        const auto names = builtinLessonNames();
        QString error;
        QVERIFY2(panel->openLesson(QString::fromStdString(names.front()), &error),
                 qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
        QCOMPARE(panel->stepCount(), static_cast<int>(panel->lesson().steps.size()));
        for (int i = 1; i < std::min(3, panel->stepCount()); ++i) {
            panel->next();
            QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
            QVERIFY(panel->highlightedWidget() && panel->highlightedWidget()->isVisible());
        }
    }

    // Not a check: with PREFIXLENS_LESSON_SHOTS naming a folder, writes PNGs of a few steps in both
    // themes (in PREFIXLENS_LESSON_LANG, default English: the lesson texts, and the whole UI when
    // it is one of its languages) for a person to look at.
    void lessonScreenshots() {
        const QString out = qEnvironmentVariable("PREFIXLENS_LESSON_SHOTS");
        if (out.isEmpty())
            QSKIP("set PREFIXLENS_LESSON_SHOTS to a folder to write step images");
        const QString lang = qEnvironmentVariable("PREFIXLENS_LESSON_LANG", QStringLiteral("en"));
        const std::pair<const char*, int> shots[] = {
            {"01-kv-cache", 0},     {"01-kv-cache", 4},    {"02-prefix-reuse", 4},
            {"02-prefix-reuse", 7}, {"03-hosted-apis", 0}, {"04-memory-and-workloads", 3}};
        auto w = makeWindow();
        LessonPanel* panel = w->lessonPanel();
        panel->setLanguage(lang);
        if (availableLanguages().contains(lang))
            QVERIFY(setLanguage(lang));
        for (Theme theme : {Theme::Light, Theme::Dark}) {
            w->setTheme(theme);
            for (const auto& [name, index] : shots) {
                QString error;
                if (panel->lesson().name != name)
                    QVERIFY2(panel->openLesson(QString::fromLatin1(name), &error),
                             qPrintable(error));
                panel->goToStep(index);
                QTRY_VERIFY_WITH_TIMEOUT(panel->isStepShown(), kRunTimeoutMs);
                QTest::qWait(400);
                const QString file = QStringLiteral("%1/%2-%3-%4-%5.png")
                                         .arg(out, QString::fromLatin1(name))
                                         .arg(index)
                                         .arg(lang, theme == Theme::Dark ? "dark" : "light");
                QVERIFY(w->grabToImage().save(file, "PNG"));
            }
        }
        QVERIFY(setLanguage(QStringLiteral("en")));
    }
};

QTEST_MAIN(TestLessons)
#include "test_lessons.moc"
