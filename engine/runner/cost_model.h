// Where a request's timings come from. The clock measures what this machine did; the cost model
// is a nominal device that gives the same numbers on every run and every machine, so that docs
// images and golden outputs do not change with the load on the build machine.
#pragma once

#include "model/gpt_config.h"

namespace pl {

enum class TimingSource { Clock, CostModel };

// Time to first token on a nominal device: a fixed per-request cost plus the prefill's FLOPs
// (GptConfig::forward_flops over the computed tokens, attending to the reused ones) at a fixed
// rate. For n computed tokens after c reused ones, with L layers, width C and vocabulary V:
//
//   ttft_ms = overhead_ms + (24·L·C²·n + 4·L·C·K + 2·C·V) / (gflops · 10⁶)
//   K = Σ_{i<n} (c + i + 1) = n·c + n(n+1)/2   (query-key pairs of the causal attention)
//
// So the matmuls cost the same per computed token, attention grows with the context each new
// token sees, and reused tokens cost nothing but the attention the new ones pay to them.
struct CostModel {
    double gflops = 50.0;      // sustained FLOP rate of the nominal device
    double overhead_ms = 1.0;  // per request: launch, sampling, bookkeeping

    double ttft_ms(const GptConfig& config, int cached_tokens, int computed_tokens) const;
    // One forward's FLOPs alone at the nominal rate, without the per-request overhead: a decode
    // step (computed_tokens 1 after the sequence so far), or a no-cache step that recomputes
    // the whole sequence (0 cached).
    double forward_ms(const GptConfig& config, int cached_tokens, int computed_tokens) const;
};

}  // namespace pl
