#include "latency_probe.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <algorithm>
#include <numeric>

#include "core/assets.h"
#include "main_window.h"
#include "scenario_context.h"
#include "tokenizer/bpe_tokenizer.h"

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

Result<Scenario> longPromptScenario(const EngineOptions& options, int target_tokens) {
    const std::filesystem::path dir = options.model_dir.isEmpty()
                                          ? builtin_model_dir()
                                          : std::filesystem::path(options.model_dir.toStdString());
    auto tok = BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt");
    if (!tok)
        return tok.error();
    auto base = load_scenario("long-document-qa");
    if (!base)
        return base.error();
    Scenario sc = base.value();
    sc.name = "ui-latency-probe";
    sc.title = "UI latency probe";
    sc.requests.resize(1);
    ScenarioRequest& req = sc.requests.front();
    req.max_tokens = 4;
    // Grow the system text from the scenario's own document until the prompt reaches the target;
    // the template's framing and the question take the rest.
    std::string seed;
    for (const auto& r : base->requests) {
        if (r.body.contains("system"))
            seed += r.body["system"].dump();
    }
    if (seed.empty())
        seed = "The quick brown fox jumps over the lazy dog. ";
    const auto countOf = [&](const std::string& s) {
        return static_cast<int>(tok->encode(s).size());
    };
    std::string text;
    const int frame = countOf(req.body["messages"].dump()) + 16;
    while (countOf(text) + frame < target_tokens)
        text += seed;
    // Trim back to the target, a sentence piece at a time.
    while (!text.empty() && countOf(text) + frame > target_tokens)
        text.resize(text.size() > 64 ? text.size() - 64 : 0);
    req.body["system"] = text;
    return sc;
}

LatencyReport measureUiLatency(const EngineOptions& options, int target_tokens, int timeout_ms) {
    LatencyReport rep;
    auto sc = longPromptScenario(options, target_tokens);
    if (!sc) {
        rep.error = QString::fromStdString(sc.error().message);
        return rep;
    }
    MainWindowOptions mo;
    mo.engine = options;
    mo.useSettings = false;
    mo.loadInitialScenario = false;
    MainWindow window(mo);
    window.show();
    // Wait for the model so that the measurement covers the prefill, not the loading.
    QDeadlineTimer deadline(timeout_ms);
    while (!window.engine()->engineInfo() && !deadline.hasExpired()) {
        QEventLoop loop;
        QTimer::singleShot(10, &loop, &QEventLoop::quit);
        loop.exec();
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
    window.loadScenario(sc.value());
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
