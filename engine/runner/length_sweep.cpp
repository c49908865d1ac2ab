#include "runner/length_sweep.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>

#include "model/gpt_model.h"

namespace pl {

double attention_flops(const GptConfig& config, std::size_t tokens) {
    const double n = static_cast<double>(tokens);
    const double pairs = n * (n + 1.0) / 2.0;
    return 2.0 * 2.0 * static_cast<double>(config.q_dim()) * pairs * config.n_layer;
}

std::vector<int> sweep_lengths(const GptConfig& config) {
    std::vector<int> out;
    for (int n = 64; n < config.n_positions; n *= 2) {
        out.push_back(n);
        if (n + n / 2 < config.n_positions && n >= 128)
            out.push_back(n + n / 2);
    }
    out.push_back(config.n_positions);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

int sweep_pool_blocks(const GptConfig& config, int block_size) {
    return (config.n_positions + block_size - 1) / block_size;
}

Result<SweepReport> run_length_sweep(InferenceBackend& backend, const std::vector<int>& lengths,
                                     int repeats, const std::function<bool(int, int)>& progress) {
    const GptConfig& cfg = backend.model().config();
    const KvPoolLayout& layout = backend.kv_layout();
    const int blocks = sweep_pool_blocks(cfg, layout.block_size);
    if (layout.capacity_blocks < blocks) {
        return make_error("length sweep: the KV pool holds " +
                          std::to_string(layout.capacity_blocks) + " blocks, " +
                          std::to_string(blocks) + " needed");
    }
    std::vector<int32_t> table(static_cast<std::size_t>(blocks));
    std::iota(table.begin(), table.end(), 0);
    std::vector<float> logits(static_cast<std::size_t>(cfg.vocab_size));
    SweepReport report;
    report.backend = backend.name();
    report.device = backend.device_name();
    const int total = static_cast<int>(lengths.size());
    for (int i = 0; i < total; ++i) {
        if (progress && !progress(i, total))
            return make_error("length sweep: stopped");
        const int n = lengths[static_cast<std::size_t>(i)];
        if (n < 1 || n > cfg.n_positions) {
            return make_error("length sweep: " + std::to_string(n) +
                              " tokens is outside the model's context of 1 to " +
                              std::to_string(cfg.n_positions));
        }
        // Deterministic ids spread over the vocabulary: the speed does not depend on them.
        std::vector<int32_t> tokens(static_cast<std::size_t>(n));
        uint32_t s = 1u + static_cast<uint32_t>(n);
        for (auto& t : tokens) {
            s = s * 1664525u + 1013904223u;
            t = static_cast<int32_t>((s >> 8) % static_cast<uint32_t>(cfg.vocab_size));
        }
        SweepPoint p;
        p.tokens = n;
        p.prefill_ms = std::numeric_limits<double>::infinity();
        for (int r = 0; r < std::max(1, repeats); ++r) {
            const auto t0 = std::chrono::steady_clock::now();
            PL_TRY(backend.forward(table, 0, tokens, logits));
            p.prefill_ms = std::min(p.prefill_ms, std::chrono::duration<double, std::milli>(
                                                      std::chrono::steady_clock::now() - t0)
                                                      .count());
        }
        p.flops = cfg.forward_flops(0, static_cast<std::size_t>(n));
        p.attention_flops = attention_flops(cfg, static_cast<std::size_t>(n));
        p.kv_bytes = cfg.kv_bytes_per_token() * static_cast<std::size_t>(n);
        report.points.push_back(p);
    }
    if (progress)
        progress(total, total);
    return report;
}

}  // namespace pl
