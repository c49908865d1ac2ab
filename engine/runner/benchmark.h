// `prefixlens bench`: prefill and decode speed, TTFT with and without prefix reuse, and the
// per-kernel time breakdown, on whichever backend is given. Benchmarks report speed; tests only
// check correctness.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/backend.h"

namespace pl {

struct PrefillPoint {
    int tokens = 0;
    double ms = 0;  // best of the repeats
    double tokens_per_s = 0;
    double gflops = 0;  // effective: GptConfig::forward_flops / time
};

struct BenchReport {
    std::string backend;
    std::string device;
    std::vector<PrefillPoint> prefill;
    int decode_context = 0;
    int decode_steps = 0;
    double decode_ms_per_token = 0;
    double decode_tokens_per_s = 0;
    std::vector<KernelTime> decode_kernels;  // per-kernel GPU time of one profiled step
    double decode_gpu_ms = 0;                // that step's GPU time (-1: not measured)
    int prefix_tokens = 0;
    int suffix_tokens = 0;
    double ttft_full_ms = 0;
    double ttft_cached_ms = 0;
    double cache_lookup_ms = 0;  // hashing + lookup of the whole prompt, part of ttft_cached_ms
    std::vector<KernelTime> kernels;  // per-kernel GPU time of one profiled prefill
    int kernels_tokens = 0;
    // The same for the cached TTFT case: the suffix alone, attending over the reused prefix.
    std::vector<KernelTime> cached_kernels;
    double cached_gpu_ms = 0;  // GPU time of that forward; ttft_cached_ms minus it is host work
    double speedup() const { return ttft_cached_ms > 0 ? ttft_full_ms / ttft_cached_ms : 0; }
};

struct BenchOptions {
    std::vector<int> prefill_lengths = {128, 256, 512, 1024, 2048};
    int repeats = 3;
    int decode_context = 512;
    int decode_steps = 64;
    int prefix_tokens = 1920;
    int suffix_tokens = 16;
};

// Blocks the backend's pool needs for run_benchmark: two contexts' worth.
int bench_pool_blocks(const GptConfig& config, int block_size);

Result<BenchReport> run_benchmark(InferenceBackend& backend, const BenchOptions& options,
                                  const std::function<void(const std::string&)>& progress = {});

}  // namespace pl
