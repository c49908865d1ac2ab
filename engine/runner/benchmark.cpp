#include "runner/benchmark.h"

#include <algorithm>
#include <chrono>
#include <numeric>

#include "cache/prefix_cache.h"
#include "model/gpt_model.h"
#include "runner/sampler.h"

namespace pl {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Deterministic token ids spread over the vocabulary.
std::vector<int32_t> bench_tokens(int n, int vocab, uint32_t seed) {
    std::vector<int32_t> t(static_cast<std::size_t>(n));
    uint32_t s = seed;
    for (auto& v : t) {
        s = s * 1664525u + 1013904223u;
        v = static_cast<int32_t>((s >> 8) % static_cast<uint32_t>(vocab));
    }
    return t;
}

// Kernels in order of time spent, the slowest first.
std::vector<KernelTime> slowest_first(std::vector<KernelTime> kernels) {
    std::sort(kernels.begin(), kernels.end(),
              [](const KernelTime& a, const KernelTime& b) { return a.ms > b.ms; });
    return kernels;
}

std::vector<int32_t> iota_table(int n, int first) {
    std::vector<int32_t> t(static_cast<std::size_t>(n));
    std::iota(t.begin(), t.end(), first);
    return t;
}

}  // namespace

int bench_pool_blocks(const GptConfig& config, int block_size) {
    return 2 * ((config.n_positions + block_size - 1) / block_size);
}

Result<BenchReport> run_benchmark(InferenceBackend& backend, const BenchOptions& o,
                                  const std::function<void(const std::string&)>& progress) {
    const GptConfig& cfg = backend.model().config();
    const KvPoolLayout& layout = backend.kv_layout();
    const int bs = layout.block_size;
    const int ctx_blocks = (cfg.n_positions + bs - 1) / bs;
    if (layout.capacity_blocks < 2 * ctx_blocks) {
        return make_error("bench: the pool needs " + std::to_string(2 * ctx_blocks) + " blocks");
    }
    auto say = [&](const std::string& s) {
        if (progress)
            progress(s);
    };
    BenchReport r;
    r.backend = backend.name();
    r.device = backend.device_name();
    std::vector<float> logits(static_cast<std::size_t>(cfg.vocab_size));
    const auto table = iota_table(ctx_blocks, 0);

    for (int len : o.prefill_lengths) {
        if (len > cfg.n_positions)
            continue;
        say("prefill " + std::to_string(len) + " tokens");
        const auto tokens = bench_tokens(len, cfg.vocab_size, 1u + static_cast<uint32_t>(len));
        PrefillPoint p;
        p.tokens = len;
        p.ms = 1e30;
        for (int rep = 0; rep < std::max(1, o.repeats); ++rep) {
            const auto t0 = Clock::now();
            PL_TRY(backend.forward(table, 0, tokens, logits));
            p.ms = std::min(p.ms, ms_since(t0));
        }
        p.tokens_per_s = len / (p.ms / 1000.0);
        p.gflops = cfg.forward_flops(0, static_cast<std::size_t>(len)) / (p.ms * 1e6);
        r.prefill.push_back(p);
    }

    // Decode: one token per forward at a given context, as a generation loop runs it.
    r.decode_context = std::min(o.decode_context, cfg.n_positions - o.decode_steps - 1);
    r.decode_steps = o.decode_steps;
    if (r.decode_context > 0) {
        say("decode at " + std::to_string(r.decode_context) + " tokens of context");
        const auto prompt = bench_tokens(r.decode_context, cfg.vocab_size, 7);
        PL_TRY(backend.forward(table, 0, prompt, logits));
        int32_t next = argmax(logits);
        const auto t0 = Clock::now();
        for (int i = 0; i < o.decode_steps; ++i) {
            const int32_t one[1] = {next};
            PL_TRY(backend.forward(table, r.decode_context + i, one, logits));
            next = argmax(logits);
        }
        r.decode_ms_per_token = ms_since(t0) / o.decode_steps;
        r.decode_tokens_per_s = 1000.0 / r.decode_ms_per_token;
        // Where a step goes: one more step, profiled (its wall time minus the GPU time is the
        // submit, the wait and the host's share).
        backend.set_profiling(true);
        ForwardStats stats;
        const int32_t one[1] = {next};
        PL_TRY(backend.forward(table, r.decode_context + o.decode_steps, one, logits, &stats));
        backend.set_profiling(false);
        r.decode_kernels = slowest_first(stats.kernels);
        r.decode_gpu_ms = stats.gpu_ms;
    }

    // TTFT for a long shared prefix plus a short question, through the real prefix cache:
    // hashing, lookup, prefill of what is not cached, and sampling the first token.
    r.prefix_tokens = std::min(o.prefix_tokens, cfg.n_positions - o.suffix_tokens);
    r.suffix_tokens = o.suffix_tokens;
    {
        say("time to first token with and without reuse");
        auto cache_r = PrefixCache::create(ctx_blocks, bs);
        if (!cache_r)
            return cache_r.error();
        PrefixCache& cache = cache_r.value();
        auto prompt = bench_tokens(r.prefix_tokens + r.suffix_tokens, cfg.vocab_size, 11);
        double full = 1e30, cached = 1e30, lookup = 1e30;
        // Warm the cache with the prefix (as an earlier request would have).
        {
            auto a = cache.begin(prompt, std::nullopt, 0.0);
            if (!a)
                return a.error();
            PL_TRY(backend.forward(a->block_table, 0, prompt, logits));
            auto c = cache.commit(a->sequence, static_cast<int>(prompt.size()), 0.0);
            if (!c)
                return c.error();
            PL_TRY(cache.release(a->sequence, 0.0));
        }
        // Full and cached alternate, so both see the same machine: on a shared or throttling
        // host a run of fulls followed by a run of cached ones skews their ratio.
        for (int rep = 0; rep < std::max(1, o.repeats); ++rep) {
            // Full: nothing reused (a fresh block range, no cache involved).
            auto t0 = Clock::now();
            PL_TRY(backend.forward(iota_table(ctx_blocks, ctx_blocks), 0, prompt, logits));
            (void)argmax(logits);
            full = std::min(full, ms_since(t0));
            // Cached: the same prefix with a different question.
            auto question =
                bench_tokens(r.suffix_tokens, cfg.vocab_size, 100u + static_cast<uint32_t>(rep));
            std::copy(question.begin(), question.end(), prompt.end() - r.suffix_tokens);
            t0 = Clock::now();
            auto a = cache.begin(prompt, std::nullopt, 1.0 + rep);
            if (!a)
                return a.error();
            lookup = std::min(lookup, ms_since(t0));
            PL_TRY(backend.forward(
                a->block_table, a->cached_tokens,
                std::span(prompt).subspan(static_cast<std::size_t>(a->cached_tokens)), logits));
            (void)argmax(logits);
            cached = std::min(cached, ms_since(t0));
            PL_TRY(cache.release(a->sequence, 1.0 + rep));
        }
        r.ttft_full_ms = full;
        r.ttft_cached_ms = cached;
        r.cache_lookup_ms = lookup;

        // Where the cached TTFT goes: the suffix's forward over the reused prefix, profiled.
        backend.set_profiling(true);
        auto a = cache.begin(prompt, std::nullopt, 100.0);
        if (!a)
            return a.error();
        ForwardStats stats;
        PL_TRY(backend.forward(
            a->block_table, a->cached_tokens,
            std::span(prompt).subspan(static_cast<std::size_t>(a->cached_tokens)), logits, &stats));
        PL_TRY(cache.release(a->sequence, 100.0));
        backend.set_profiling(false);
        r.cached_kernels = slowest_first(stats.kernels);
        r.cached_gpu_ms = stats.gpu_ms;
    }

    // Where the time goes: per-kernel GPU time of one 512-token prefill. A backend that timed
    // no kernel of the question above (the CPU's) times none: no step announced for nothing.
    r.kernels_tokens = std::min(512, cfg.n_positions);
    if (r.cached_kernels.empty())
        return r;
    backend.set_profiling(true);
    {
        say("per-kernel profile");
        const auto tokens = bench_tokens(r.kernels_tokens, cfg.vocab_size, 5);
        ForwardStats stats;
        PL_TRY(backend.forward(table, 0, tokens, logits, &stats));
        r.kernels = slowest_first(stats.kernels);
    }
    backend.set_profiling(false);
    return r;
}

}  // namespace pl
