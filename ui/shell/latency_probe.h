// Measures how responsive the UI thread stays while the engine prefills a long prompt: a 5 ms
// timer runs on the UI thread and the longest gap between its firings is what a presenter would
// feel as a stutter. Used by `prefixlens gui --measure-latency` and by the GUI test (which only
// checks a generous bound).
#pragma once

#include <QElapsedTimer>
#include <QString>

#include "session/engine_session.h"

namespace pl::ui {

struct LatencyReport {
    bool ok = false;
    QString error;
    int prompt_tokens = 0;
    double ttft_ms = 0;  // the engine's prefill of that prompt
    double play_ms = 0;  // the whole play on the worker (prefill, verify, decode)
    double longest_gap_ms = 0;
    double mean_gap_ms = 0;
    double p99_gap_ms = 0;
    int ticks = 0;
    int busy_ticks = 0;  // of those, the ticks while the worker played
    std::string backend;
    std::string device;

    QString toJson() const;
};

// Opens a MainWindow (it must be able to; offscreen is fine), waits for the model, then plays a
// ~target_tokens prompt (long_prompt_scenario, sized on the worker) while a 5 ms timer measures
// the UI thread, through the views' update.
LatencyReport measureUiLatency(const EngineOptions& options, int target_tokens = 2000,
                               int timeout_ms = 120000);

// How the app copes with a large log (`prefixlens gui --measure-traffic LOG`), in milliseconds
// from File > Open: the first rows on screen, every row (the summary in), the cost chart's five
// curves (the other policies replayed after the rows), and then the request with the longest prompt
// opened into the docks and the chain (a run without the model when it is past the context); a 5 ms
// timer on the UI thread throughout.
struct TrafficReport {
    bool ok = false;
    QString error;
    QString file;
    int requests = 0, conversations = 0;
    long long prompt_tokens = 0;  // all requests together, as the replay counted them
    int longest_prompt = 0, longest_blocks = 0;
    double first_rows_ms = 0, whole_view_ms = 0, chart_ms = 0, open_request_ms = 0;
    double longest_gap_ms = 0, p99_gap_ms = 0;
    double longest_gap_loading_ms = 0;  // before the request was opened
    int ticks = 0;
    QString load;  // /proc/loadavg when the measurement ended

    QString toJson() const;
};

TrafficReport measureTraffic(const EngineOptions& options, const QString& path,
                             int timeout_ms = 600000);

// What a presenter waits for, in milliseconds from `launch` (started before the QApplication):
// the window shown, the first request of the scenario drawn (a partial run on screen), the whole
// scenario, and a lesson step that changes scenario, right after the lesson opens (its
// scenarios may not be prepared yet) and again after going back and forth (the run cache).
struct StartupReport {
    bool ok = false;
    QString error;
    std::string backend, device, scenario, lesson;
    int requests = 0;
    int lesson_step = 0;  // 1-based, as the lesson panel counts
    double window_ms = 0, first_request_ms = 0, whole_scenario_ms = 0;
    double lesson_first_step_ms = 0;  // the lesson's first step on screen, after opening it
    double step_first_ms = 0, step_again_ms = 0;
    bool step_was_prepared = false;  // the step's run was in the cache when it was asked for
    bool run_from_store = false;     // the scenario's run came from disk (an earlier launch)
    QString load;                    // /proc/loadavg when the measurement ended

    QString toJson() const;
};

// Opens a MainWindow with `scenario` (a built-in name; empty: the app's default) and `lesson` (a
// built-in lesson name; empty: the lesson whose first scenario change comes earliest).
StartupReport measureStartup(const EngineOptions& options, const QElapsedTimer& launch,
                             const QString& scenario, const QString& lesson,
                             int timeout_ms = 300000);

}  // namespace pl::ui
