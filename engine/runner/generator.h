// Prefill a prompt and decode tokens one at a time through a backend, on a private block table.
// (The prefix cache drives the backend itself; this is for plain generation without reuse.)
#pragma once

#include <functional>
#include <vector>

#include "model/backend.h"
#include "runner/sampler.h"

namespace pl {

struct GenerationResult {
    std::vector<int32_t> output;
    double ttft_ms = 0.0;
    double decode_ms = 0.0;
};

// Calls on_token after each sampled token; returning false stops early.
Result<GenerationResult> generate(InferenceBackend& backend, std::span<const int32_t> prompt,
                                  int max_new_tokens, SamplingParams sampling,
                                  const std::function<bool(int32_t)>& on_token = {});

}  // namespace pl
