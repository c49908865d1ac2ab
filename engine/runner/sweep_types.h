// What the length sweep (runner/length_sweep.h) measures: plain data, safe to hand to the UI
// thread, so that the Model dock draws the engine's own points instead of a copy of them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace pl {

struct SweepPoint {
    int tokens = 0;
    double prefill_ms = 0;       // best of the repeats, one forward over the whole prompt
    double flops = 0;            // GptConfig::forward_flops(0, tokens)
    double attention_flops = 0;  // its attention part: QK^T and PV over the causal triangle
    std::size_t kv_bytes = 0;    // K and V of every layer for every token, f32
};

struct SweepReport {
    std::string backend;
    std::string device;
    std::vector<SweepPoint> points;  // by length
};

}  // namespace pl
