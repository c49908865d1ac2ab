// The length sweep: how prefill time, attention FLOPs and KV memory grow with the prompt's
// length, measured on the model. Attention compares every token with every earlier one, so its
// work grows with the square of the length, while the KV cache holds one row per token and grows
// in a straight line: the articles' "quadratic compute, linear memory", on this machine.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "model/backend.h"

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

// Attention's FLOPs of a prefill of n tokens: each token's QK^T and PV over the n(n+1)/2
// query-key pairs of the causal triangle, C multiply-adds each per layer, 2 FLOPs each.
double attention_flops(const GptConfig& config, std::size_t tokens);

// Lengths from 64 tokens up to the model's context: doubling, with midpoints, and the context
// itself.
std::vector<int> sweep_lengths(const GptConfig& config);

// Blocks the backend's pool needs: one context's worth.
int sweep_pool_blocks(const GptConfig& config, int block_size);

// Measures each length (repeats times, the best kept) on pool blocks [0, sweep_pool_blocks).
// `progress(done, total)` is called before each length and at the end; returning false stops
// the sweep with an error saying so.
Result<SweepReport> run_length_sweep(InferenceBackend& backend, const std::vector<int>& lengths,
                                     int repeats,
                                     const std::function<bool(int, int)>& progress = {});

}  // namespace pl
