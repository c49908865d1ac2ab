// prefixlens bench: speed of the backend on the model (SPEC §2 for the JSON).
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "cli_table.h"
#include "commands.h"
#include "core/assets.h"
#include "core/machine_load.h"
#include "runner/benchmark.h"
#include "runner/length_sweep.h"
#include "runner/request_runner.h"
#include "runner/scenario.h"

namespace pl::cli {

namespace {

nlohmann::ordered_json kernel_list(const std::vector<KernelTime>& kernels) {
    auto list = nlohmann::ordered_json::array();
    for (const auto& k : kernels)
        list.push_back({{"name", k.name}, {"ms", k.ms}, {"dispatches", k.dispatches}});
    return list;
}

// bench --sweep: prefill time and attention FLOPs against KV bytes, by prompt length.
int run_sweep(const ParsedArgs& a, const GptConfig& config, bool quick, int repeats) {
    auto engine = setup_engine(a, 16, sweep_pool_blocks(config, 16));
    if (!engine)
        return fail_usage(engine.error().message);
    const bool json_out = a.has("--json");
    std::vector<int> lengths = sweep_lengths(config);
    if (quick)
        lengths.resize(std::min<std::size_t>(lengths.size(), 3));
    auto report = run_length_sweep(*engine->backend, lengths, repeats, [&](int done, int total) {
        if (!json_out && done < total)
            std::fprintf(stderr, "  prefill %d tokens (%d of %d)...\n",
                         lengths[static_cast<std::size_t>(done)], done + 1, total);
        return true;
    });
    if (!report)
        return fail_usage(report.error().message);
    if (json_out) {
        nlohmann::ordered_json j;
        j["backend"] = report->backend;
        j["device"] = report->device;
        j["model"] = engine->model->name();
        nlohmann::ordered_json points = nlohmann::ordered_json::array();
        for (const SweepPoint& p : report->points) {
            points.push_back({{"tokens", p.tokens},
                              {"prefill_ms", p.prefill_ms},
                              {"flops", p.flops},
                              {"attention_flops", p.attention_flops},
                              {"kv_bytes", p.kv_bytes}});
        }
        j["sweep"] = std::move(points);
        std::puts(j.dump().c_str());
    } else {
        std::printf("length sweep on %s (%s), model %s\n", report->backend.c_str(),
                    report->device.c_str(), engine->model->name().c_str());
        std::printf("%8s %12s %14s %16s %12s\n", "tokens", "prefill_ms", "GFLOP", "attn_GFLOP",
                    "kv_MiB");
        for (const SweepPoint& p : report->points) {
            std::printf("%8d %12.2f %14.3f %16.3f %12.2f\n", p.tokens, p.prefill_ms, p.flops * 1e-9,
                        p.attention_flops * 1e-9, static_cast<double>(p.kv_bytes) / (1 << 20));
        }
    }
    return finish(*engine, 0);
}

}  // namespace

int run_bench(const std::vector<std::string>& args) {
    ParsedArgs a;
    if (auto err = parse(args, flag_spec("bench"), a); !err.empty()) {
        return fail_usage("bench: " + err);
    }
    if (!a.positional.empty())
        return fail_usage("bench: unexpected argument " + a.positional[0]);
    BenchOptions options;
    if (auto v = a.get("--repeats")) {
        long n = 0;
        if (auto err = parse_int("--repeats", *v, 1, 100, n); !err.empty())
            return fail_usage(err);
        options.repeats = static_cast<int>(n);
    }
    if (a.has("--quick")) {
        options.prefill_lengths = {64, 256};
        options.repeats = 1;
        options.decode_context = 128;
        options.decode_steps = 8;
        options.prefix_tokens = 240;
    }
    // The pool size depends on the model's context: load it once to size the pool.
    auto probe = GptModel::load(model_dir_or_builtin(a.get("--model").value_or("")));
    if (!probe)
        return fail_usage(probe.error().message);
    // The figures another engine reports (llama.cpp's pp512, pp2048, decode at 512 of context):
    // chosen lengths, each within the model's context.
    const long context = probe.value()->config().n_positions;
    if (auto v = a.get("--lengths")) {
        options.prefill_lengths.clear();
        std::size_t from = 0;
        while (from <= v->size()) {
            const std::size_t comma = std::min(v->find(',', from), v->size());
            long n = 0;
            if (auto err = parse_int("--lengths", v->substr(from, comma - from), 1, context, n);
                !err.empty())
                return fail_usage(err);
            options.prefill_lengths.push_back(static_cast<int>(n));
            from = comma + 1;
        }
    }
    if (auto v = a.get("--decode-context")) {
        long n = 0;
        if (auto err = parse_int("--decode-context", *v, 0, context - options.decode_steps, n);
            !err.empty())
            return fail_usage(err);
        options.decode_context = static_cast<int>(n);
    }
    if (a.has("--sweep")) {
        return run_sweep(a, probe.value()->config(), a.has("--quick"),
                         a.get("--repeats") ? options.repeats : 2);
    }
    auto engine = setup_engine(a, 16, bench_pool_blocks(probe.value()->config(), 16));
    if (!engine)
        return fail_usage(engine.error().message);
    const bool json_out = a.has("--json");
    const auto cpu_begin = sample_cpu_times();
    auto report = run_benchmark(*engine->backend, options, [&](const std::string& step) {
        if (!json_out)
            std::fprintf(stderr, "  %s...\n", step.c_str());
    });
    if (!report)
        return fail_usage(report.error().message);
    const BenchReport& r = report.value();

    // Whole scenario runs, as `prefixlens run` plays them (the model's setup not counted).
    struct ScenarioTime {
        std::string name;
        std::size_t requests = 0;
        double wall_s = 0;
    };
    std::vector<ScenarioTime> scenarios;
    std::vector<const char*> scenario_names = {"timestamp-at-head", "concurrent-sessions"};
    if (a.has("--no-scenarios"))
        scenario_names.clear();
    for (const char* name : scenario_names) {
        if (!json_out)
            std::fprintf(stderr, "  scenario %s...\n", name);
        auto sc = load_scenario(name);
        if (!sc)
            return fail_usage(sc.error().message);
        const int pool =
            RequestRunner::pool_blocks_needed(sc.value(), probe.value()->config(), false);
        auto e = setup_engine(a, sc->block_size, pool);
        if (!e)
            return fail_usage(e.error().message);
        auto runner = RequestRunner::create(*e->backend, sc.value(), RunnerOptions{});
        if (!runner)
            return fail_usage(runner.error().message);
        const auto t0 = std::chrono::steady_clock::now();
        auto played = runner.value()->play(sc.value(), {});
        if (!played)
            return fail_usage(played.error().message);
        scenarios.push_back(
            {name, sc->requests.size(),
             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()});
        if (const int rc = finish(e.value(), 0); rc != 0)
            return rc;
    }
    const auto load = machine_load(cpu_begin, sample_cpu_times());

    if (json_out) {
        nlohmann::ordered_json j;
        j["model"] = engine->model->name();
        j["backend"] = r.backend;
        j["device"] = r.device;
        j["prefill"] = nlohmann::ordered_json::array();
        for (const auto& p : r.prefill) {
            j["prefill"].push_back({{"tokens", p.tokens},
                                    {"ms", p.ms},
                                    {"tokens_per_s", p.tokens_per_s},
                                    {"gflops", p.gflops}});
        }
        j["decode"] = {{"tokens_per_s", r.decode_tokens_per_s},
                       {"ms_per_token", r.decode_ms_per_token},
                       {"context", r.decode_context},
                       {"steps", r.decode_steps},
                       {"gpu_ms", r.decode_gpu_ms},
                       {"kernels", kernel_list(r.decode_kernels)}};
        j["ttft_cache"] = {
            {"prefix_tokens", r.prefix_tokens}, {"suffix_tokens", r.suffix_tokens},
            {"ttft_full_ms", r.ttft_full_ms},   {"ttft_cached_ms", r.ttft_cached_ms},
            {"speedup", r.speedup()},           {"hash_and_lookup_ms", r.cache_lookup_ms}};
        j["kernels"] = kernel_list(r.kernels);
        j["kernels_tokens"] = r.kernels_tokens;
        j["ttft_cache"]["gpu_ms"] = r.cached_gpu_ms;
        j["scenarios"] = nlohmann::ordered_json::array();
        for (const auto& sc : scenarios) {
            j["scenarios"].push_back(
                {{"name", sc.name}, {"requests", sc.requests}, {"wall_s", sc.wall_s}});
        }
        if (load) {
            j["machine"] = {{"cpus", load->cpus},
                            {"others_busy_cores", load->others_busy},
                            {"self_busy_cores", load->self_busy}};
        } else {
            j["machine"] = nullptr;
        }
        j["ttft_cache"]["kernels"] = kernel_list(r.cached_kernels);
        std::puts(j.dump(2).c_str());
        return finish(*engine, 0);
    }
    std::printf("model %s, backend %s (%s)\n\n", engine->model->name().c_str(), r.backend.c_str(),
                r.device.c_str());
    std::printf("prefill   %8s %10s %9s\n", "ms", "tokens/s", "GFLOP/s");
    for (const auto& p : r.prefill) {
        std::printf("  %5d   %8.1f %10.0f %9.2f\n", p.tokens, p.ms, p.tokens_per_s, p.gflops);
    }
    std::printf("\ndecode at %d tokens of context: %.2f ms/token, %.1f tokens/s\n",
                r.decode_context, r.decode_ms_per_token, r.decode_tokens_per_s);
    std::printf(
        "\nTTFT, %d-token prefix + %d-token question: %.1f ms without reuse, %.2f ms with "
        "reuse (%.0fx; hashing and lookup %.3f ms)\n",
        r.prefix_tokens, r.suffix_tokens, r.ttft_full_ms, r.ttft_cached_ms, r.speedup(),
        r.cache_lookup_ms);
    if (!r.kernels.empty()) {
        std::printf("\nper-kernel GPU time, one %d-token prefill:\n", r.kernels_tokens);
        for (const auto& k : r.kernels) {
            std::printf("  %-22s %8.2f ms  %4d dispatches\n", k.name.c_str(), k.ms, k.dispatches);
        }
    }
    if (!r.decode_kernels.empty()) {
        std::printf("\nper-kernel GPU time, one decode step (%.2f ms on the device):\n",
                    r.decode_gpu_ms);
        for (const auto& k : r.decode_kernels) {
            std::printf("  %-22s %8.3f ms  %4d dispatches\n", k.name.c_str(), k.ms, k.dispatches);
        }
    }
    if (!r.cached_kernels.empty()) {
        std::printf(
            "\nper-kernel GPU time, the %d-token question over the reused prefix (%.2f ms "
            "on the device):\n",
            r.suffix_tokens, r.cached_gpu_ms);
        for (const auto& k : r.cached_kernels) {
            std::printf("  %-22s %8.2f ms  %4d dispatches\n", k.name.c_str(), k.ms, k.dispatches);
        }
    }
    if (!scenarios.empty())
        std::printf("\nscenario runs (as `prefixlens run` plays them):\n");
    for (const auto& sc : scenarios)
        std::printf("  %-22s %3zu requests %8.2f s\n", sc.name.c_str(), sc.requests, sc.wall_s);
    if (load) {
        std::printf(
            "\nmachine: %d cores; while this ran, other processes used %.1f of them on "
            "average, this one %.1f\n",
            load->cpus, load->others_busy, load->self_busy);
    }
    return finish(*engine, 0);
}

}  // namespace pl::cli
