#include "scenario_run.h"

#include <algorithm>

namespace pl::ui {

int eventRequest(const RunnerEvent& event) {
    return std::visit([](const auto& e) { return e.request; }, event);
}

const char* eventKindName(const RunnerEvent& event) {
    struct Name {
        const char* operator()(const BlockHashedEvent&) const { return "hashed"; }
        const char* operator()(const BlockHitEvent&) const { return "hit"; }
        const char* operator()(const BlockComputedEvent& e) const {
            return e.partial ? "partial" : "computed";
        }
        const char* operator()(const BlockStoredEvent&) const { return "stored"; }
        const char* operator()(const BlockEvictedEvent&) const { return "evicted"; }
        const char* operator()(const PrefillDoneEvent&) const { return "prefill done"; }
        const char* operator()(const TokenDecodedEvent&) const { return "decoded"; }
        const char* operator()(const MemorySampleEvent&) const { return "memory"; }
        const char* operator()(const RequestFinishedEvent&) const { return "finished"; }
    };
    return std::visit(Name{}, event);
}

int ScenarioRun::requestOf(int event) const {
    if (event < 0 || event >= eventCount())
        return -1;
    return eventRequest(events[static_cast<std::size_t>(event)]);
}

int ScenarioRun::requestEndCursor(int request) const {
    if (request < 0 || request >= static_cast<int>(request_events.size()))
        return -1;
    for (int idx : request_events[static_cast<std::size_t>(request)]) {
        if (std::holds_alternative<RequestFinishedEvent>(events[static_cast<std::size_t>(idx)]))
            return idx + 1;
    }
    return -1;
}

int ScenarioRun::requestStartCursor(int request) const {
    if (request < 0 || request >= static_cast<int>(request_events.size()) ||
        request_events[static_cast<std::size_t>(request)].empty())
        return -1;
    return request_events[static_cast<std::size_t>(request)].front();
}

int ScenarioRun::sessionIndex(const std::string& session) const {
    const auto it = std::find(sessions.begin(), sessions.end(), session);
    return it == sessions.end() ? -1 : static_cast<int>(it - sessions.begin());
}

const RequestResult* ScenarioRun::result(int request) const {
    for (const auto& r : results) {
        if (r.request == request)
            return &r;
    }
    return nullptr;
}

}  // namespace pl::ui
