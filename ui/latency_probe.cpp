#include "latency_probe.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <algorithm>
#include <numeric>
#include <optional>

#include "main_window.h"
#include "scenario_context.h"

namespace pl::ui {

QString LatencyReport::toJson() const {
    QJsonObject o;
    o[QStringLiteral("ok")] = ok;
    if (!ok)
        o[QStringLiteral("error")] = error;
    o[QStringLiteral("prompt_tokens")] = prompt_tokens;
    o[QStringLiteral("ttft_ms")] = ttft_ms;
    o[QStringLiteral("play_ms")] = play_ms;
    o[QStringLiteral("longest_gap_ms")] = longest_gap_ms;
    o[QStringLiteral("mean_gap_ms")] = mean_gap_ms;
    o[QStringLiteral("p99_gap_ms")] = p99_gap_ms;
    o[QStringLiteral("timer_interval_ms")] = 5;
    o[QStringLiteral("ticks")] = ticks;
    o[QStringLiteral("backend")] = QString::fromStdString(backend);
    o[QStringLiteral("device")] = QString::fromStdString(device);
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

LatencyReport measureUiLatency(const EngineOptions& options, int target_tokens, int timeout_ms) {
    LatencyReport rep;
    MainWindowOptions mo;
    mo.engine = options;
    mo.useSettings = false;
    mo.loadInitialScenario = false;
    MainWindow window(mo);
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
    while (!(sc && (!rep.error.isEmpty() || window.engine()->engineInfo())) &&
           !deadline.hasExpired()) {
        QEventLoop loop;
        QTimer::singleShot(10, &loop, &QEventLoop::quit);
        loop.exec();
    }
    if (!sc || !rep.error.isEmpty()) {
        if (!sc)
            rep.error = QStringLiteral("timed out");
        return rep;
    }
    std::vector<double> gaps;
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed();
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(5);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        gaps.push_back(static_cast<double>(now - last) / 1e6);
        last = now;
    });
    probe.start();
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
        rep.error = window.lastError().isEmpty() ? QStringLiteral("timed out") : window.lastError();
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
    rep.ticks = static_cast<int>(gaps.size());
    if (!gaps.empty()) {
        rep.longest_gap_ms = *std::max_element(gaps.begin(), gaps.end());
        rep.mean_gap_ms =
            std::accumulate(gaps.begin(), gaps.end(), 0.0) / static_cast<double>(gaps.size());
        std::vector<double> sorted = gaps;
        std::sort(sorted.begin(), sorted.end());
        rep.p99_gap_ms = sorted[std::min(sorted.size() - 1, sorted.size() * 99 / 100)];
    }
    return rep;
}

}  // namespace pl::ui
