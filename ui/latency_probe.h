// Measures how responsive the UI thread stays while the engine prefills a long prompt: a 5 ms
// timer runs on the UI thread and the longest gap between its firings is what a presenter would
// feel as a stutter. Used by `prefixlens gui --measure-latency` and by the GUI test (which only
// checks a generous bound).
#pragma once

#include <QString>

#include "engine_session.h"

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
    std::string backend;
    std::string device;

    QString toJson() const;
};

// Opens a MainWindow (it must be able to; offscreen is fine), waits for the model, then plays a
// ~target_tokens prompt (long_prompt_scenario, sized on the worker) while a 5 ms timer measures
// the UI thread, through the views' update.
LatencyReport measureUiLatency(const EngineOptions& options, int target_tokens = 2000,
                               int timeout_ms = 120000);

}  // namespace pl::ui
