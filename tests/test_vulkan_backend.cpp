// The whole Vulkan forward pass against the CPU backend, and the prefix-cache experiment on
// Vulkan: a prefix prefilled once and then only the suffix run through the block table gives
// the logits of the whole prompt at once; decode steps through the cache equal recomputes.
// Every test ends with zero validation-layer messages.
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "cpu/cpu_backend.h"
#include "model/gpt_model.h"
#include "vulkan/vulkan_backend.h"
#include "vulkan_presence.h"

using namespace pl;

namespace {

// A small seeded random GPT-2 (2 layers, width 64, 2 heads, 512 positions, 300 tokens).
std::shared_ptr<const GptModel> random_model(uint32_t seed, int n_embd = 64, int n_head = 2) {
    GptConfig c;
    c.n_layer = 2;
    c.n_head = n_head;
    c.n_embd = n_embd;
    c.n_positions = 512;
    c.vocab_size = 300;
    const std::size_t C = static_cast<std::size_t>(n_embd);
    std::size_t n = 0;
    auto take = [&](std::size_t count) {
        const std::size_t at = n;
        n += count;
        return at;
    };
    GptOffsets o;
    o.wte = take(c.vocab_size * C);
    o.wpe = take(c.n_positions * C);
    std::vector<std::pair<std::size_t, std::size_t>> ln_weights;  // (offset, count) set to ~1
    for (int l = 0; l < c.n_layer; ++l) {
        LayerOffsets L;
        L.ln1_w = take(C);
        L.ln1_b = take(C);
        L.qkv_w = take(C * 3 * C);
        L.qkv_b = take(3 * C);
        L.proj_w = take(C * C);
        L.proj_b = take(C);
        L.ln2_w = take(C);
        L.ln2_b = take(C);
        L.fc_w = take(C * 4 * C);
        L.fc_b = take(4 * C);
        L.fc2_w = take(4 * C * C);
        L.fc2_b = take(C);
        ln_weights.push_back({L.ln1_w, C});
        ln_weights.push_back({L.ln2_w, C});
        o.layers.push_back(L);
    }
    o.lnf_w = take(C);
    o.lnf_b = take(C);
    ln_weights.push_back({o.lnf_w, C});
    std::vector<float> p(n);
    std::mt19937 rng(seed);
    std::normal_distribution<float> d(0.0f, 0.08f);
    for (float& x : p)
        x = d(rng);
    for (auto [at, count] : ln_weights) {
        for (std::size_t i = 0; i < count; ++i)
            p[at + i] += 1.0f;
    }
    return std::make_shared<const GptModel>(c, o, std::move(p), BpeTokenizer(), "", "random");
}

std::vector<int32_t> random_tokens(int n, int vocab, uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<int32_t> t(n);
    for (auto& x : t)
        x = static_cast<int32_t>(rng() % static_cast<uint32_t>(vocab));
    return t;
}

// A scrambled table of `n` distinct blocks starting from `first`, so paging is exercised.
std::vector<int32_t> scrambled_table(int n, int first, int capacity) {
    std::vector<int32_t> t(n);
    for (int i = 0; i < n; ++i)
        t[i] = first + static_cast<int32_t>((i * 37 + 11) % n);
    for (int32_t b : t) {
        if (b >= capacity)
            qFatal("table past the pool");
    }
    return t;
}

// Empty when within |a-b| <= atol + rtol*|b|, else the worst and the first few mismatches.
std::string compare(const std::vector<float>& got, const std::vector<float>& want,
                    float atol = 1e-3f, float rtol = 1e-3f) {
    int bad = 0;
    std::string first;
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (std::isfinite(got[i]) &&
            std::fabs(got[i] - want[i]) <= atol + rtol * std::fabs(want[i])) {
            continue;
        }
        if (++bad <= 5) {
            char buf[96];
            std::snprintf(buf, sizeof buf, " [%zu] got %.7g want %.7g;", i, got[i], want[i]);
            first += buf;
        }
    }
    return bad ? std::to_string(bad) + " of " + std::to_string(got.size()) + " differ:" + first
               : std::string();
}

double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b) {
    double m = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        m = std::max(m, std::fabs(double(a[i]) - b[i]));
    return m;
}

int argmax(const std::vector<float>& v) {
    return static_cast<int>(std::max_element(v.begin(), v.end()) - v.begin());
}

}  // namespace

class TestVulkanBackend : public QObject {
    Q_OBJECT

  private:
    std::shared_ptr<const GptModel> model_;
    KvPoolLayout layout_;
    std::unique_ptr<VulkanBackend> vk_;
    std::unique_ptr<CpuBackend> cpu_;
    QString skip_;

    int vocab() const { return model_->config().vocab_size; }

    std::vector<float> run(InferenceBackend& be, const std::vector<int32_t>& table, int n_past,
                           const std::vector<int32_t>& tokens) {
        std::vector<float> logits(static_cast<std::size_t>(vocab()));
        auto r = be.forward(table, n_past, tokens, logits);
        if (!r)
            qFatal("%s forward failed: %s", be.name().c_str(), r.error().message.c_str());
        return logits;
    }

    void check_validation(VulkanBackend& be) {
        const int n = be.validation_message_count();
        if (n != 0) {
            for (const auto& m : be.validation_messages())
                qWarning("%s", m.c_str());
        }
        QCOMPARE(n, 0);
    }

  private slots:
    void initTestCase() {
        const QByteArray data = qgetenv("PREFIXLENS_TEST_DATA");
        const std::filesystem::path tiny = std::filesystem::path(data.toStdString()) / "tiny-gpt2";
        if (!data.isEmpty() && std::filesystem::exists(tiny / "config.json")) {
            auto m = GptModel::load(tiny);
            QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
            model_ = m.value();
        } else {
            model_ = random_model(1234);
        }
        layout_.block_size = 16;
        layout_.capacity_blocks = 3 * ((model_->config().n_positions + 15) / 16) + 4;
        VulkanOptions opts;
        // Small passes, so long prompts also exercise the multi-pass path.
        opts.max_tokens_per_pass = 100;
        auto vk = VulkanBackend::create(model_, layout_, opts);
        if (!vk) {
            // Only a machine without any Vulkan device skips; any other error is the engine's.
            const std::string skip = test::skip_reason_without_vulkan(vk.error().message);
            if (skip.empty())
                QFAIL(("VulkanBackend::create failed with a Vulkan driver installed: " +
                       vk.error().message)
                          .c_str());
            skip_ = QString::fromStdString(skip);
            return;
        }
        vk_ = std::move(vk.value());
        cpu_ = std::make_unique<CpuBackend>(model_, layout_);
        qInfo("model %s, device %s, validation %s", model_->name().c_str(),
              vk_->device_name().c_str(), vk_->validation_enabled() ? "on" : "off");
    }

    void init() {
        if (!skip_.isEmpty())
            QSKIP(qPrintable(skip_));
    }

    void cleanup() {
        if (vk_)
            check_validation(*vk_);
    }

    void logits_match_cpu_data() {
        QTest::addColumn<int>("n");
        // 2-4 rows and 203 (two passes of 100 plus a 3-row tail) cover the row counts where the
        // kernels switch between the vector and the tiled paths.
        for (int n : {1, 2, 3, 4, 5, 15, 16, 17, 35, 203, 257})
            QTest::newRow(std::to_string(n).c_str()) << n;
        QTest::newRow("full context") << 0;
    }
    void logits_match_cpu() {
        QFETCH(int, n);
        if (n == 0)
            n = model_->config().n_positions;
        const auto tokens = random_tokens(n, vocab(), static_cast<uint32_t>(n));
        const auto table = scrambled_table((n + 15) / 16, 0, layout_.capacity_blocks);
        const auto want = run(*cpu_, table, 0, tokens);
        const auto got = run(*vk_, table, 0, tokens);
        const std::string diff = compare(got, want);
        QVERIFY2(diff.empty(), diff.c_str());
        QCOMPARE(argmax(got), argmax(want));
    }

    // The core experiment: prefix once, then only the suffix through the block table.
    void prefix_then_suffix_data() {
        QTest::addColumn<int>("split");
        for (int s : {1, 15, 16, 17, 35, 257})
            QTest::newRow(std::to_string(s).c_str()) << s;
    }
    void prefix_then_suffix() {
        QFETCH(int, split);
        const int total = split + 29;
        const auto tokens = random_tokens(total, vocab(), static_cast<uint32_t>(1000 + split));
        const int blocks = (total + 15) / 16;
        const auto table_a = scrambled_table(blocks, 0, layout_.capacity_blocks);
        const auto table_b = scrambled_table(blocks, blocks, layout_.capacity_blocks);
        const std::vector<int32_t> prefix(tokens.begin(), tokens.begin() + split);
        const std::vector<int32_t> suffix(tokens.begin() + split, tokens.end());
        run(*vk_, table_a, 0, prefix);
        const auto cached = run(*vk_, table_a, split, suffix);
        const auto whole = run(*vk_, table_b, 0, tokens);
        const auto cpu = run(*cpu_, table_b, 0, tokens);
        std::string diff = compare(cached, whole, 1e-4f, 1e-3f);
        QVERIFY2(diff.empty(), ("cached vs whole on Vulkan: " + diff).c_str());
        diff = compare(cached, cpu);
        QVERIFY2(diff.empty(), ("cached Vulkan vs CPU: " + diff).c_str());
    }

    // Eight greedy decode steps through the cache, each equal to a full recompute.
    void decode_matches_full_recompute() {
        auto tokens = random_tokens(35, vocab(), 77);
        const int blocks = (35 + 8 + 15) / 16;
        const auto table = scrambled_table(blocks, 0, layout_.capacity_blocks);
        const auto table_full = scrambled_table(blocks, blocks, layout_.capacity_blocks);
        auto logits = run(*vk_, table, 0, tokens);
        for (int step = 0; step < 8; ++step) {
            const int next = argmax(logits);
            const int n_past = static_cast<int>(tokens.size());
            tokens.push_back(next);
            logits = run(*vk_, table, n_past, {next});
            const auto full = run(*vk_, table_full, 0, tokens);
            const auto cpu = run(*cpu_, table_full, 0, tokens);
            std::string diff = compare(logits, full, 1e-4f, 1e-3f);
            QVERIFY2(diff.empty(),
                     ("step " + std::to_string(step) + " vs recompute: " + diff).c_str());
            diff = compare(logits, cpu);
            QVERIFY2(diff.empty(), ("step " + std::to_string(step) + " vs CPU: " + diff).c_str());
        }
    }

    // The decode layer (two dispatches, the default on a CPU driver) against the seven separate
    // kernels and the CPU twin: rows that do not fill the 8-lane subgroup (n_embd 36 is 9
    // vec4s), head sizes from 12 to 256 (the largest it takes), the first token alone
    // (n_past 0), and 40 steps across block boundaries of a scrambled table.
    void decode_layer_matches_separate_kernels_data() {
        QTest::addColumn<int>("n_embd");
        QTest::addColumn<int>("n_head");
        QTest::newRow("36 wide, 3 heads of 12") << 36 << 3;
        QTest::newRow("64 wide, 2 heads of 32") << 64 << 2;
        QTest::newRow("96 wide, 8 heads of 12") << 96 << 8;
        QTest::newRow("256 wide, 1 head of 256") << 256 << 1;
    }
    void decode_layer_matches_separate_kernels() {
        QFETCH(int, n_embd);
        QFETCH(int, n_head);
        const auto model =
            random_model(static_cast<uint32_t>(n_embd * 10 + n_head), n_embd, n_head);
        KvPoolLayout layout;
        layout.block_size = 16;
        layout.capacity_blocks = 8;
        VulkanOptions opts;
        opts.fused_decode = 1;
        auto fused = VulkanBackend::create(model, layout, opts);
        QVERIFY2(fused.ok(), fused.ok() ? "" : fused.error().message.c_str());
        opts.fused_decode = 0;
        auto separate = VulkanBackend::create(model, layout, opts);
        QVERIFY2(separate.ok(), separate.ok() ? "" : separate.error().message.c_str());
        CpuBackend cpu(model, layout);
        const std::vector<int32_t> table = scrambled_table(4, 0, layout.capacity_blocks);
        const int V = model->config().vocab_size;
        std::vector<float> a(V), b(V), c(V);
        int32_t tok = 7;
        for (int pos = 0; pos < 41; ++pos) {
            const int32_t one[1] = {tok};
            ForwardStats stats;
            (*fused)->set_profiling(pos == 0);
            QVERIFY((*fused)->forward(table, pos, one, a, pos == 0 ? &stats : nullptr).ok());
            if (pos == 0) {
                // The fused path really ran (a device without it would compare a path to itself).
                const bool ran =
                    std::any_of(stats.kernels.begin(), stats.kernels.end(),
                                [](const KernelTime& k) { return k.name == "decode_attention"; });
                QVERIFY2(ran, "no decode_attention dispatch in a one-token forward");
                (*fused)->set_profiling(false);
            }
            QVERIFY((*separate)->forward(table, pos, one, b).ok());
            QVERIFY(cpu.forward(table, pos, one, c).ok());
            const std::string at = "position " + std::to_string(pos) + ": ";
            std::string diff = compare(a, b, 2e-5f, 1e-4f);
            QVERIFY2(diff.empty(), (at + "fused vs separate kernels: " + diff).c_str());
            diff = compare(a, c);
            QVERIFY2(diff.empty(), (at + "fused vs CPU: " + diff).c_str());
            tok = static_cast<int32_t>((argmax(a) + pos * 31) % V);
        }
        check_validation(**fused);
        check_validation(**separate);
    }

    // The attention probabilities read back from Vulkan (the scores, max and sum each layer's
    // attention kernel wrote for the last token: one-query, multi-row and prefill kernels by
    // these sizes) match the CPU twin's, after a prefill of one pass or several and
    // after a decode step through a scrambled block table; every row sums to 1.
    void attention_probs_match_cpu_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("past");
        for (int n : {1, 17, 203})
            QTest::newRow(("prefill " + std::to_string(n)).c_str()) << n << 0;
        QTest::newRow("decode after 40") << 1 << 40;
        QTest::newRow("suffix of 9 after 35") << 9 << 35;
    }
    void attention_probs_match_cpu() {
        QFETCH(int, n);
        QFETCH(int, past);
        const GptConfig& cfg = model_->config();
        const auto tokens = random_tokens(past + n, vocab(), static_cast<uint32_t>(500 + n + past));
        const auto table = scrambled_table((past + n + 15) / 16, 0, layout_.capacity_blocks);
        const std::vector<int32_t> head(tokens.begin(), tokens.begin() + past);
        const std::vector<int32_t> tail(tokens.begin() + past, tokens.end());
        std::vector<float> probs_vk, probs_cpu, lv(static_cast<std::size_t>(vocab())), lc = lv;
        if (past > 0) {
            run(*vk_, table, 0, head);
            run(*cpu_, table, 0, head);
        }
        QVERIFY(vk_->forward_attention(table, past, tail, lv, probs_vk).ok());
        QVERIFY(cpu_->forward_attention(table, past, tail, lc, probs_cpu).ok());
        const int keys = past + n;
        QCOMPARE(probs_vk.size(), static_cast<std::size_t>(cfg.n_layer * cfg.n_head * keys));
        QCOMPARE(probs_vk.size(), probs_cpu.size());
        std::string diff = compare(probs_vk, probs_cpu, 1e-5f, 1e-3f);
        QVERIFY2(diff.empty(), diff.c_str());
        diff = compare(lv, lc);
        QVERIFY2(diff.empty(), ("logits: " + diff).c_str());
        for (int row = 0; row < cfg.n_layer * cfg.n_head; ++row) {
            double sum = 0;
            for (int k = 0; k < keys; ++k)
                sum += probs_vk[static_cast<std::size_t>(row * keys + k)];
            QVERIFY2(std::fabs(sum - 1.0) < 1e-4, std::to_string(sum).c_str());
        }
        // A plain forward after it is unchanged: nothing of the read-back stays switched on.
        const auto again = run(*vk_, table, 0, tokens);
        QVERIFY2(compare(again, run(*cpu_, table, 0, tokens)).empty(), "forward after capture");
    }

    void bad_calls_are_errors() {
        std::vector<float> logits(static_cast<std::size_t>(vocab()));
        const auto tokens = random_tokens(40, vocab(), 5);
        // 40 tokens need 3 blocks of 16.
        auto r = vk_->forward(std::vector<int32_t>{0, 1}, 0, tokens, logits);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("block table") != std::string::npos,
                 r.error().message.c_str());
        r = vk_->forward(std::vector<int32_t>{0, 1, 2}, 0, std::vector<int32_t>{vocab()}, logits);
        QVERIFY(!r.ok());
        r = vk_->forward(std::vector<int32_t>{0, 1, 2}, 0, tokens,
                         std::span<float>(logits).first(3));
        QVERIFY(!r.ok());
        const int P = model_->config().n_positions;
        std::vector<int32_t> big((P + 16) / 16 + 1);
        std::iota(big.begin(), big.end(), 0);
        r = vk_->forward(big, P, std::vector<int32_t>{1}, logits);
        QVERIFY(!r.ok());
        // Still usable afterwards.
        r = vk_->forward(std::vector<int32_t>{0, 1, 2}, 0, tokens, logits);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    }

    void profiling_fills_stats() {
        vk_->set_profiling(true);
        const auto tokens = random_tokens(64, vocab(), 9);
        std::vector<float> logits(static_cast<std::size_t>(vocab()));
        ForwardStats stats;
        auto r =
            vk_->forward(scrambled_table(4, 0, layout_.capacity_blocks), 0, tokens, logits, &stats);
        vk_->set_profiling(false);
        QVERIFY(r.ok());
        QVERIFY(stats.wall_ms > 0.0);
        QVERIFY(stats.gpu_ms > 0.0);
        QVERIFY(!stats.kernels.empty());
        double sum = 0.0;
        for (const KernelTime& k : stats.kernels) {
            QVERIFY(k.dispatches > 0);
            sum += k.ms;
        }
        QVERIFY(sum <= stats.gpu_ms * 1.05 + 0.1);
        ForwardStats plain;
        r = vk_->forward(scrambled_table(4, 0, layout_.capacity_blocks), 0, tokens, logits, &plain);
        QVERIFY(r.ok());
        QVERIFY(plain.kernels.empty());
    }

    void bad_device_index_is_an_error() {
        VulkanOptions opts;
        opts.device_index = 99;
        auto r = VulkanBackend::create(model_, layout_, opts);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("99") != std::string::npos, r.error().message.c_str());
    }

    // The shipped model at the row counts where kernels switch paths (2-4 rows went through the
    // vector kernels), and a decode step after a long prompt, against the CPU twin.
    void builtin_model_short_prompts() {
        const std::filesystem::path dir = std::filesystem::path(PREFIXLENS_SOURCE_ASSETS) / "model";
        auto m = GptModel::load(dir);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        KvPoolLayout layout;
        layout.block_size = 16;
        layout.capacity_blocks = 80;
        auto vk = VulkanBackend::create(m.value(), layout);
        QVERIFY2(vk.ok(), vk.ok() ? "" : vk.error().message.c_str());
        CpuBackend cpu(m.value(), layout);
        const int V = m.value()->config().vocab_size;
        std::vector<int32_t> table(80);
        std::iota(table.begin(), table.end(), 0);
        std::vector<float> a(V), b(V);
        for (int n : {1, 2, 3, 4, 5, 17, 515, 1027}) {
            const auto tokens = random_tokens(n, V, static_cast<uint32_t>(n));
            QVERIFY((*vk)->forward(table, 0, tokens, a).ok());
            QVERIFY(cpu.forward(table, 0, tokens, b).ok());
            const std::string diff = compare(a, b);
            QVERIFY2(diff.empty(), (std::to_string(n) + " tokens: " + diff).c_str());
            const int32_t next[1] = {argmax(a)};
            QVERIFY((*vk)->forward(table, n, next, a).ok());
            QVERIFY(cpu.forward(table, n, next, b).ok());
            const std::string ddiff = compare(a, b);
            QVERIFY2(ddiff.empty(), ("decode after " + std::to_string(n) + ": " + ddiff).c_str());
        }
        check_validation(**vk);
    }

    // The shipped model end to end, and (informational, never asserted) its speed.
    void builtin_model() {
        const std::filesystem::path dir = std::filesystem::path(PREFIXLENS_SOURCE_ASSETS) / "model";
        // The model ships in assets/: a missing one is a broken checkout, not a reason to skip.
        QVERIFY2(std::filesystem::exists(dir / "model.safetensors"), dir.string().c_str());
        auto m = GptModel::load(dir);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        KvPoolLayout layout;
        layout.block_size = 16;
        layout.capacity_blocks = 160;
        auto vk = VulkanBackend::create(m.value(), layout);
        QVERIFY2(vk.ok(), vk.ok() ? "" : vk.error().message.c_str());
        CpuBackend cpu(m.value(), layout);
        const int V = m.value()->config().vocab_size;
        const auto tokens = random_tokens(512, V, 3);
        std::vector<int32_t> table(40);
        std::iota(table.begin(), table.end(), 0);
        std::vector<float> a(V), b(V);
        ForwardStats st;
        QVERIFY((*vk)->forward(table, 0, tokens, a, &st).ok());  // includes lavapipe's JIT
        QVERIFY((*vk)->forward(table, 0, tokens, a, &st).ok());
        QVERIFY(cpu.forward(table, 0, tokens, b).ok());
        const std::string diff = compare(a, b);
        QVERIFY2(diff.empty(), diff.c_str());
        const double gflop = m.value()->config().forward_flops(0, 512) * 1e-9;
        qInfo("built-in prefill 512: %.1f ms wall, %.1f ms gpu, %.2f GFLOP/s, max|diff| %.2g",
              st.wall_ms, st.gpu_ms, gflop / (st.wall_ms * 1e-3), max_abs_diff(a, b));
        int tok = argmax(a);
        const auto t0 = std::chrono::steady_clock::now();
        const int steps = 32;
        for (int i = 0; i < steps; ++i) {
            QVERIFY((*vk)->forward(table, 512 + i, std::vector<int32_t>{tok}, a).ok());
            tok = argmax(a);
        }
        const double sec =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        qInfo("built-in decode at 512+ context: %.1f tokens/s (%.2f ms/token)", steps / sec,
              sec * 1e3 / steps);
        (*vk)->set_profiling(true);
        QVERIFY((*vk)->forward(table, 0, tokens, a, &st).ok());
        for (const KernelTime& k : st.kernels) {
            qInfo("  prefill %-10s %8.2f ms  %3d dispatches", k.name.c_str(), k.ms, k.dispatches);
        }
        QVERIFY((*vk)->forward(table, 512, std::vector<int32_t>{tok}, a, &st).ok());
        for (const KernelTime& k : st.kernels) {
            qInfo("  decode  %-10s %8.3f ms  %3d dispatches", k.name.c_str(), k.ms, k.dispatches);
        }
        check_validation(**vk);
    }

    void cleanupTestCase() {
        if (vk_)
            check_validation(*vk_);
        vk_.reset();
        cpu_.reset();
    }
};

QTEST_GUILESS_MAIN(TestVulkanBackend)
#include "test_vulkan_backend.moc"
