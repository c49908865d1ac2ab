#include "shell/latency_probe.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QWindow>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <numeric>
#include <optional>

#include "lessons/lesson.h"
#include "lessons/lesson_panel.h"
#include "shell/main_window.h"
#include "shell/window_traffic.h"
#include "state/scenario_context.h"
#include "traffic/traffic_panel.h"
#include "traffic/traffic_view.h"

namespace pl::ui {

namespace {

// A report as one line of JSON: `ok`, the error when not ok, and the report's own fields.
QString reportJson(bool ok, const QString& error,
                   std::initializer_list<std::pair<const char*, QJsonValue>> fields) {
    QJsonObject o;
    o[QStringLiteral("ok")] = ok;
    if (!ok)
        o[QStringLiteral("error")] = error;
    for (const auto& [key, value] : fields)
        o.insert(QLatin1String(key), value);
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// A 5 ms timer on the UI thread and the gaps between its firings: what a presenter would feel
// as a stutter. It starts on construction.
class GapProbe {
  public:
    // `busy`, when given, says whether the worker is at work: the ticks that see it are
    // counted apart (a UI thread that waited for the worker would see next to none).
    explicit GapProbe(std::function<bool()> busy = {}) : busy_(std::move(busy)) {
        clock_.start();
        last_ = clock_.nsecsElapsed();
        timer_.setTimerType(Qt::PreciseTimer);
        timer_.setInterval(5);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            const qint64 now = clock_.nsecsElapsed();
            gaps_.push_back(static_cast<double>(now - last_) / 1e6);
            last_ = now;
            if (busy_ && busy_())
                ++busyTicks_;
        });
        timer_.start();
    }
    int busyTicks() const { return busyTicks_; }
    void stop() { timer_.stop(); }
    const QElapsedTimer& clock() const { return clock_; }
    const std::vector<double>& gaps() const { return gaps_; }
    // The longest of gaps [from, to).
    double longest(std::size_t from = 0, std::size_t to = SIZE_MAX) const {
        to = std::min(to, gaps_.size());
        return from < to ? *std::max_element(gaps_.begin() + static_cast<std::ptrdiff_t>(from),
                                             gaps_.begin() + static_cast<std::ptrdiff_t>(to))
                         : 0.0;
    }
    double p99() const {
        if (gaps_.empty())
            return 0.0;
        std::vector<double> sorted = gaps_;
        std::sort(sorted.begin(), sorted.end());
        return sorted[std::min(sorted.size() - 1, sorted.size() * 99 / 100)];
    }

  private:
    std::function<bool()> busy_;
    int busyTicks_ = 0;
    QElapsedTimer clock_;
    qint64 last_ = 0;
    QTimer timer_;
    std::vector<double> gaps_;
};

// A window as a presenter's would start, but without their settings.
MainWindowOptions measuredWindow(const EngineOptions& options, bool loadInitialScenario) {
    MainWindowOptions mo;
    mo.engine = options;
    mo.useSettings = false;
    mo.loadInitialScenario = loadInitialScenario;
    return mo;
}

// Why MainWindow::waitForRun gave up.
QString runError(const MainWindow& window) {
    return window.lastError().isEmpty() ? QStringLiteral("timed out") : window.lastError();
}

// Runs the event loop until `done` holds or the deadline passes; false on a timeout.
template <class Done>
bool spinUntil(const QDeadlineTimer& deadline, Done done) {
    while (!done()) {
        if (deadline.hasExpired())
            return false;
        QEventLoop loop;
        QTimer::singleShot(2, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return true;
}

}  // namespace

QString LatencyReport::toJson() const {
    return reportJson(ok, error,
                      {{"prompt_tokens", prompt_tokens},
                       {"ttft_ms", ttft_ms},
                       {"play_ms", play_ms},
                       {"longest_gap_ms", longest_gap_ms},
                       {"mean_gap_ms", mean_gap_ms},
                       {"p99_gap_ms", p99_gap_ms},
                       {"timer_interval_ms", 5},
                       {"ticks", ticks},
                       {"busy_ticks", busy_ticks},
                       {"backend", QString::fromStdString(backend)},
                       {"device", QString::fromStdString(device)}});
}

LatencyReport measureUiLatency(const EngineOptions& options, int target_tokens, int timeout_ms) {
    LatencyReport rep;
    MainWindow window(measuredWindow(options, false));
    window.show();
    // The prompt is sized with the model's tokenizer, on the worker.
    std::optional<Scenario> sc;
    QObject::connect(window.engine(), &EngineHost::probeScenarioReady, &window,
                     [&](const Scenario& scenario, const QString& error) {
                         sc = scenario;
                         rep.error = error;
                     });
    window.engine()->requestProbeScenario(target_tokens);
    // Wait for the model so that the measurement covers the prefill, not the loading.
    QDeadlineTimer deadline(timeout_ms);
    spinUntil(deadline,
              [&] { return sc && (!rep.error.isEmpty() || window.engine()->engineInfo()); });
    if (!sc || !rep.error.isEmpty()) {
        if (!sc)
            rep.error = QStringLiteral("timed out");
        return rep;
    }
    EngineHost* engine = window.engine();
    GapProbe probe([engine] { return engine->isBusy(); });
    window.loadScenario(*sc);
    const bool ok = window.waitForRun(std::max(1000, static_cast<int>(deadline.remainingTime())));
    if (ok) {
        // Include the views catching up with the whole run.
        window.context()->toEnd();
        QEventLoop loop;
        QTimer::singleShot(300, &loop, &QEventLoop::quit);
        loop.exec();
    }
    probe.stop();
    if (!ok) {
        rep.error = runError(window);
        return rep;
    }
    const ScenarioRun& run = *window.context()->run();
    rep.ok = run.error.empty() && !run.results.empty();
    if (!run.error.empty())
        rep.error = QString::fromStdString(run.error);
    if (!run.results.empty()) {
        rep.prompt_tokens = run.results.front().prompt_tokens;
        rep.ttft_ms = run.results.front().ttft_ms;
    }
    rep.play_ms = run.play_ms;
    rep.backend = run.engine.backend;
    rep.device = run.engine.device;
    const std::vector<double>& gaps = probe.gaps();
    rep.ticks = static_cast<int>(gaps.size());
    rep.busy_ticks = probe.busyTicks();
    if (!gaps.empty()) {
        rep.longest_gap_ms = probe.longest();
        rep.mean_gap_ms =
            std::accumulate(gaps.begin(), gaps.end(), 0.0) / static_cast<double>(gaps.size());
        rep.p99_gap_ms = probe.p99();
    }
    return rep;
}

namespace {

double msSince(const QElapsedTimer& t) {
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

}  // namespace

QString StartupReport::toJson() const {
    return reportJson(ok, error,
                      {{"backend", QString::fromStdString(backend)},
                       {"device", QString::fromStdString(device)},
                       {"scenario", QString::fromStdString(scenario)},
                       {"requests", requests},
                       {"window_ms", window_ms},
                       {"first_request_ms", first_request_ms},
                       {"whole_scenario_ms", whole_scenario_ms},
                       {"run_from_store", run_from_store},
                       {"lesson", QString::fromStdString(lesson)},
                       {"lesson_first_step_ms", lesson_first_step_ms},
                       {"lesson_step", lesson_step},
                       {"step_first_ms", step_first_ms},
                       {"step_was_prepared", step_was_prepared},
                       {"step_again_ms", step_again_ms},
                       {"loadavg", load}});
}

StartupReport measureStartup(const EngineOptions& options, const QElapsedTimer& launch,
                             const QString& scenario, const QString& lesson, int timeout_ms) {
    StartupReport rep;
    const QDeadlineTimer deadline(timeout_ms);
    MainWindowOptions mo = measuredWindow(options, true);
    mo.initialScenario = scenario;
    MainWindow window(mo);
    window.show();
    ScenarioContext* ctx = window.context();
    std::optional<double> firstDrawn;
    QObject::connect(ctx, &ScenarioContext::runChanged, &window, [&] {
        if (!firstDrawn && ctx->run() && !ctx->run()->results.empty()) {
            firstDrawn = 0;  // taken once the views' deferred refreshes, queued first, ran
            QTimer::singleShot(0, &window, [&] { firstDrawn = msSince(launch); });
        }
    });
    spinUntil(QDeadlineTimer(5000),
              [&] { return window.windowHandle() && window.windowHandle()->isExposed(); });
    rep.window_ms = msSince(launch);
    if (!window.waitForRun(std::max(1000, static_cast<int>(deadline.remainingTime())))) {
        rep.error = runError(window);
        return rep;
    }
    rep.whole_scenario_ms = msSince(launch);
    QCoreApplication::processEvents();  // the first-drawn stamp, if still queued
    rep.first_request_ms = firstDrawn.value_or(rep.whole_scenario_ms);
    rep.scenario = ctx->scenario().name;
    rep.requests = static_cast<int>(ctx->scenario().requests.size());
    rep.backend = ctx->run()->engine.backend;
    rep.device = ctx->run()->engine.device;
    rep.run_from_store = ctx->run()->from_store;

    // The lesson: the one named, or the one whose first change of scenario comes earliest (steps
    // on a log play no scenario: they are not counted).
    LessonPanel* panel = window.lessonPanel();
    auto firstChange = [](const Lesson& l) {
        if (l.steps.empty() || l.steps[0].isLog())
            return -1;
        for (std::size_t i = 1; i < l.steps.size(); ++i) {
            if (!l.steps[i].isLog() && l.steps[i].scenarioIndex != l.steps[0].scenarioIndex)
                return static_cast<int>(i);
        }
        return -1;
    };
    QString name = lesson;
    if (name.isEmpty()) {
        int best = -1;
        for (const std::string& n : builtinLessonNames()) {
            auto l = loadLesson(n);
            const int k = l ? firstChange(*l) : -1;
            if (k > 0 && (best < 0 || k < best)) {
                best = k;
                name = QString::fromStdString(n);
            }
        }
    }
    QString error;
    QElapsedTimer t;
    t.start();
    if (name.isEmpty() || !panel->openLesson(name, &error)) {
        rep.error = error.isEmpty() ? QStringLiteral("no lesson changes scenario") : error;
        return rep;
    }
    rep.lesson = name.toStdString();
    if (!spinUntil(deadline, [&] { return panel->isStepShown(); })) {
        rep.error = QStringLiteral("lesson %1: step 1 timed out").arg(name);
        return rep;
    }
    rep.lesson_first_step_ms = msSince(t);
    const int k = firstChange(panel->lesson());
    if (k < 0) {
        rep.error = QStringLiteral("lesson %1 never changes scenario").arg(name);
        return rep;
    }
    rep.lesson_step = k + 1;
    const Scenario& want = panel->lesson().scenarios[static_cast<std::size_t>(
        panel->lesson().steps[static_cast<std::size_t>(k)].scenarioIndex)];
    auto timeStep = [&](int step, double* ms) {
        QElapsedTimer s;
        s.start();
        panel->goToStep(step);
        const bool shown = spinUntil(deadline, [&] { return panel->isStepShown(); });
        if (ms)
            *ms = msSince(s);
        return shown;
    };
    rep.step_was_prepared = window.engine()->cachedRun(want) != nullptr;
    if (!timeStep(k, &rep.step_first_ms) || !timeStep(0, nullptr) ||
        !timeStep(k, &rep.step_again_ms)) {
        rep.error = QStringLiteral("lesson %1: a step timed out").arg(name);
        return rep;
    }
    QFile loadavg(QStringLiteral("/proc/loadavg"));
    if (loadavg.open(QIODevice::ReadOnly))
        rep.load = QString::fromLatin1(loadavg.readAll()).trimmed();
    rep.ok = true;
    return rep;
}

QString TrafficReport::toJson() const {
    return reportJson(ok, error,
                      {{"file", file},
                       {"requests", requests},
                       {"conversations", conversations},
                       {"prompt_tokens", static_cast<double>(prompt_tokens)},
                       {"longest_prompt", longest_prompt},
                       {"longest_blocks", longest_blocks},
                       {"first_rows_ms", first_rows_ms},
                       {"whole_view_ms", whole_view_ms},
                       {"chart_ms", chart_ms},
                       {"open_request_ms", open_request_ms},
                       {"longest_gap_ms", longest_gap_ms},
                       {"longest_gap_loading_ms", longest_gap_loading_ms},
                       {"p99_gap_ms", p99_gap_ms},
                       {"timer_interval_ms", 5},
                       {"ticks", ticks},
                       {"load", load}});
}

TrafficReport measureTraffic(const EngineOptions& options, const QString& path, int timeout_ms) {
    TrafficReport rep;
    rep.file = path;
    MainWindow window(measuredWindow(options, false));
    window.show();
    QDeadlineTimer deadline(timeout_ms);
    // The model first, so that opening the request measures the request and not the loading.
    if (!spinUntil(deadline, [&] { return window.engine()->engineInfo().has_value(); })) {
        rep.error = QStringLiteral("the model did not load");
        return rep;
    }
    GapProbe probe;
    const QElapsedTimer& clock = probe.clock();
    TrafficPanel* panel = window.traffic()->open(path);
    TrafficView* view = panel->view();
    bool ok = spinUntil(deadline, [&] { return view->rowCount() > 0 || panel->failed(); });
    rep.first_rows_ms = msSince(clock);
    ok = ok && spinUntil(deadline, [&] { return panel->summary() || panel->failed(); });
    rep.whole_view_ms = msSince(clock);
    ok = ok && spinUntil(deadline, [&] { return panel->curveCount() >= 5 || panel->failed(); });
    rep.chart_ms = msSince(clock);
    if (!ok || panel->failed()) {
        rep.error = ok ? QStringLiteral("the log could not be read") : QStringLiteral("timed out");
        return rep;
    }
    rep.requests = view->rowCount();
    rep.conversations = view->conversationCount();
    int longest = 0;
    for (int i = 0; i < view->rowCount(); ++i) {
        rep.prompt_tokens += view->row(i).prompt;
        if (view->row(i).prompt > view->row(longest).prompt)
            longest = i;
    }
    const std::size_t loadingTicks = probe.gaps().size();
    const double opened = msSince(clock);
    view->selectRow(longest);
    panel->openSelected();
    ok = spinUntil(deadline, [&] { return window.context()->hasScenario(); }) &&
         window.waitForRun(std::max(1000, static_cast<int>(deadline.remainingTime())));
    if (ok) {
        // The chain and the docks at the end of that request, drawn.
        window.traffic()->showChain();
        window.setCursorToRequestEnd(window.context()->run()->requestCount() - 1);
        window.grab();
    }
    rep.open_request_ms = msSince(clock) - opened;
    probe.stop();
    if (!ok) {
        rep.error = runError(window);
        return rep;
    }
    const RequestResult& res = window.context()->run()->results.back();
    rep.longest_prompt = res.prompt_tokens;
    rep.longest_blocks = static_cast<int>(res.blocks.size());
    rep.ticks = static_cast<int>(probe.gaps().size());
    rep.longest_gap_ms = probe.longest();
    rep.longest_gap_loading_ms = probe.longest(0, loadingTicks);
    rep.p99_gap_ms = probe.p99();
    QFile loadavg(QStringLiteral("/proc/loadavg"));
    if (loadavg.open(QIODevice::ReadOnly))
        rep.load = QString::fromLatin1(loadavg.readAll()).trimmed();
    rep.ok = true;
    return rep;
}

}  // namespace pl::ui
