#include "state/scenario_run.h"

#include <QtGlobal>
#include <algorithm>

namespace pl::ui {

int eventRequest(const RunnerEvent& event) {
    return std::visit([](const auto& e) { return e.request; }, event);
}

const std::vector<const char*>& eventKindNames() {
    // Marked for lupdate; the views translate them in the "pl::ui" context.
    static const std::vector<const char*> names{
        QT_TRANSLATE_NOOP("pl::ui", "hashed"),       QT_TRANSLATE_NOOP("pl::ui", "hit"),
        QT_TRANSLATE_NOOP("pl::ui", "computed"),     QT_TRANSLATE_NOOP("pl::ui", "partial"),
        QT_TRANSLATE_NOOP("pl::ui", "stored"),       QT_TRANSLATE_NOOP("pl::ui", "evicted"),
        QT_TRANSLATE_NOOP("pl::ui", "prefill done"), QT_TRANSLATE_NOOP("pl::ui", "decoded"),
        QT_TRANSLATE_NOOP("pl::ui", "memory"),       QT_TRANSLATE_NOOP("pl::ui", "finished"),
    };
    return names;
}

const char* eventKindName(const RunnerEvent& event) {
    struct Index {
        int operator()(const BlockHashedEvent&) const { return 0; }
        int operator()(const BlockHitEvent&) const { return 1; }
        int operator()(const BlockComputedEvent& e) const { return e.partial ? 3 : 2; }
        int operator()(const BlockStoredEvent&) const { return 4; }
        int operator()(const BlockEvictedEvent&) const { return 5; }
        int operator()(const PrefillDoneEvent&) const { return 6; }
        int operator()(const TokenDecodedEvent&) const { return 7; }
        int operator()(const MemorySampleEvent&) const { return 8; }
        int operator()(const RequestFinishedEvent&) const { return 9; }
    };
    return eventKindNames()[static_cast<std::size_t>(std::visit(Index{}, event))];
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
