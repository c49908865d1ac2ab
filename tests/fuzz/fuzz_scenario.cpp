// Scenario files (SPEC §6): any bytes. An accepted scenario has requests in time order whose
// numbers are inside their documented ranges.
#include <cmath>

#include "fuzz_support.h"
#include "runner/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    auto s = parse_scenario(std::string(fuzz::as_text(data, size)), "scenario.json");
    if (!s) {
        PL_FUZZ_CHECK(fuzz::one_line(s.error().message));
        return 0;
    }
    PL_FUZZ_CHECK(!s->requests.empty());
    PL_FUZZ_CHECK(s->block_size >= 1 && s->block_size <= 1024);
    PL_FUZZ_CHECK(s->capacity_blocks >= 1 && s->capacity_blocks <= (1 << 20));
    double last = 0;
    for (const auto& r : s->requests) {
        PL_FUZZ_CHECK(std::isfinite(r.at_s) && r.at_s >= last);
        last = r.at_s;
        PL_FUZZ_CHECK(r.body.contains("messages"));
    }
    return 0;
}
