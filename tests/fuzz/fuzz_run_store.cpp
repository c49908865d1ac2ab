// Stored runs (ui/session/run_store.h): any bytes, after the magic line. An accepted run fits its
// scenario: one result per request, every event, snapshot and block index in range.
#include "fuzz_support.h"
#include "runner/scenario.h"
#include "session/run_store.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    // A scenario of four requests in two sessions, made here: the target needs no files.
    static const Scenario scenario = [] {
        Scenario sc;
        sc.name = "fuzz";
        for (const char* session : {"alice", "bob", "alice", "bob"}) {
            ScenarioRequest r;
            r.session = session;
            sc.requests.push_back(std::move(r));
        }
        return sc;
    }();
    std::vector<uint8_t> bytes(std::string_view("PrefixLens run 2\n").begin(),
                               std::string_view("PrefixLens run 2\n").end());
    bytes.insert(bytes.end(), data, data + size);
    auto run = ui::decodeRun(bytes, scenario, "engine", "scenario");
    if (!run) {
        PL_FUZZ_CHECK(fuzz::one_line(run.error().message));
        return 0;
    }
    const ui::ScenarioRun& r = *run.value();
    PL_FUZZ_CHECK(static_cast<int>(r.results.size()) == r.requestCount());
    for (int q = 0; q < r.requestCount(); ++q)
        PL_FUZZ_CHECK(r.requestEndCursor(q) <= r.eventCount());
    for (int e = 0; e < r.eventCount(); ++e)
        PL_FUZZ_CHECK(r.requestOf(e) >= 0 && r.requestOf(e) < r.requestCount());
    return 0;
}
