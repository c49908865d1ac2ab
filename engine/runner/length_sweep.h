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
#include "runner/sweep_types.h"

namespace pl {

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
