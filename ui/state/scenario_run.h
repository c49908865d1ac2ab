// What one play of a scenario produced, as an immutable value the UI thread can share freely:
// every runner event in order, every request's result, and snapshots of the pool taken by the
// worker while it played. Views derive everything they draw from this plus a cursor.
#pragma once

#include <QMetaType>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runner/policy_types.h"
#include "runner/request_runner.h"
#include "runner/scenario.h"

namespace pl::ui {

// The engine as the status bar reports it.
struct EngineInfo {
    std::string model;
    std::string backend;
    std::string device;
    std::string fallback_reason;  // non-empty when Vulkan was wanted and the CPU runs instead
    std::string software_device;  // the software Vulkan device the default passed over, if any
};

// The pool exactly as the prefix cache held it right after one event (taken at every
// MemorySampleEvent, i.e. after each admission and each release, and once before the first).
struct PoolSnapshot {
    int after_event = -1;  // applies once events [0, after_event] have happened
    std::vector<BlockInfo> blocks;
    std::vector<int> free_queue;  // front (next block handed out) first
    std::optional<int> next_victim;
};

struct ScenarioRun {
    uint64_t generation = 0;
    Scenario scenario;
    EngineInfo engine;
    std::vector<RunnerEvent> events;
    std::vector<RequestResult> results;  // indexed by request; a failed play may hold fewer
    std::vector<std::vector<int>> request_events;  // event indices of each request, in order
    std::vector<PoolSnapshot> snapshots;           // in event order; the first is the empty pool
    std::vector<std::string> sessions;             // in order of first appearance
    std::size_t bytes_per_block = 0;
    double play_ms = 0;  // wall time of the play on the worker, whatever the timing source
    TimingSource timing = TimingSource::Clock;  // where the results' TTFTs came from
    // How every request chose its tokens: greedy after the penalties against repetition that the
    // model's default, the scenario and the command line set (runner/sampling_config.h).
    SamplingParams sampling;
    std::string error;  // set when the play stopped early; the events so far are kept
    // Still playing: a copy taken after results.size() requests finished, shown while the rest
    // run (a stream of these precedes the whole run). Never cached, never answered as a play.
    bool partial = false;
    // Read from the run store (run_store.h): played in an earlier launch, not by this process.
    bool from_store = false;
    // The same trace under four caching policies (runner/policy_sim.h), worked out by the worker
    // once the play is complete; null while partial or when it could not be (policies_error).
    std::shared_ptr<const PolicyComparison> policies;
    std::string policies_error;

    int eventCount() const { return static_cast<int>(events.size()); }
    int requestCount() const { return static_cast<int>(scenario.requests.size()); }
    int requestOf(int event) const;  // -1 when out of range
    // Cursor value (events applied) at which request r has finished; -1 when it never did.
    int requestEndCursor(int request) const;
    int requestStartCursor(int request) const;
    int sessionIndex(const std::string& session) const;
    const RequestResult* result(int request) const;
};

using ScenarioRunPtr = std::shared_ptr<const ScenarioRun>;

// Short display name of an event, e.g. "hit", "hashed", "decoded": English, for
// QCoreApplication::translate("pl::ui", ...).
const char* eventKindName(const RunnerEvent& event);
const std::vector<const char*>& eventKindNames();  // every name eventKindName can return
int eventRequest(const RunnerEvent& event);

}  // namespace pl::ui

Q_DECLARE_METATYPE(pl::Scenario)
Q_DECLARE_METATYPE(pl::ui::ScenarioRunPtr)
Q_DECLARE_METATYPE(pl::ui::EngineInfo)
