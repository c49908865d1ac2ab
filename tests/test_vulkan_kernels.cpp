// Every Vulkan kernel against its CPU twin (engine/cpu/cpu_ops.h) on awkward sizes: 1, 15, 16, 17,
// 63, 257 rows and widths that are not multiples of the tiles. |gpu - cpu| <= 1e-4 + 1e-3*|cpu|.
// PREFIXLENS_KERNEL_BENCH=1 also times the matmul tilings (a tuning aid; never asserted).
#include <QtTest>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cpu/cpu_ops.h"
#include "vulkan/compute_kernel.h"
#include "vulkan/gpt_kernels.h"
#include "vulkan/vulkan_context.h"
#include "vulkan_presence.h"

using pl::vk::BufferRange;
using pl::vk::Epilogue;
using pl::vk::KernelChoice;

namespace {

constexpr int kHeadDim = 32;
// Test-row names for KernelChoice values 1..3 (kTiled, kVector, kRows).
const char* const kChoiceNames[] = {"auto", "tiled", "vector", "rows"};
const char* const kAttentionChoiceNames[] = {"auto", "prefill", "decode", "rows"};

std::vector<float> random_floats(std::size_t n, uint32_t seed, float scale = 1.0f) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> d(-scale, scale);
    std::vector<float> v(n);
    for (float& x : v)
        x = d(rng);
    return v;
}

// Empty when every value is within tolerance, else the count and the first few mismatches.
std::string compare(const std::vector<float>& got, const std::vector<float>& want, int row_width) {
    if (got.size() != want.size())
        return "size mismatch";
    int bad = 0;
    std::string first;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const float a = got[i];
        const float b = want[i];
        if (std::isfinite(a) && std::fabs(a - b) <= 1e-4f + 1e-3f * std::fabs(b))
            continue;
        if (++bad <= 5) {
            char buf[128];
            std::snprintf(buf, sizeof buf, " [row %zu col %zu] gpu %.7g cpu %.7g;",
                          i / static_cast<std::size_t>(row_width),
                          i % static_cast<std::size_t>(row_width), a, b);
            first += buf;
        }
    }
    if (bad == 0)
        return {};
    return std::to_string(bad) + " of " + std::to_string(got.size()) + " differ:" + first;
}

}  // namespace

class TestVulkanKernels : public QObject {
    Q_OBJECT

  private:
    std::unique_ptr<pl::vk::Context> ctx_;
    std::unique_ptr<pl::vk::GptKernels> kernels_;
    std::unique_ptr<pl::vk::GptKernels> kernels64_;
    // The other matmul tile: 4 x 4 on a CPU device (where the tuning picks the wide 8 x 8 one),
    // so both tiles are checked whichever device runs the tests.
    std::unique_ptr<pl::vk::GptKernels> other_tile_;
    QString skip_;

    pl::vk::Buffer make(const std::vector<float>& data) {
        auto b = ctx_->create_buffer(data.size() * 4, pl::vk::MemoryUse::kDevice, "test buffer");
        if (!b)
            qFatal("%s", b.error().message.c_str());
        if (!ctx_->upload(*b, 0, data.data(), data.size() * 4))
            qFatal("upload failed");
        return std::move(b.value());
    }
    pl::vk::Buffer make_int(const std::vector<int32_t>& data) {
        auto b = ctx_->create_buffer(data.size() * 4, pl::vk::MemoryUse::kDevice, "test ints");
        if (!b)
            qFatal("%s", b.error().message.c_str());
        if (!ctx_->upload(*b, 0, data.data(), data.size() * 4))
            qFatal("upload failed");
        return std::move(b.value());
    }
    std::vector<float> read(const pl::vk::Buffer& b, std::size_t n) {
        std::vector<float> v(n);
        auto r = ctx_->download(b, 0, v.data(), n * 4);
        if (!r)
            qFatal("%s", r.error().message.c_str());
        return v;
    }
    std::vector<pl::vk::BufferView> views_;  // freed after each test

    // A storage binding (outputs, the residual stream, the KV pool the QKV epilogue writes).
    static BufferRange all(const pl::vk::Buffer& b) { return {b.handle(), 0, VK_WHOLE_SIZE}; }
    // A texel binding (every input): bytes [offset, offset + bytes) of b, vec4 or int texels.
    BufferRange tex(const pl::vk::Buffer& b, VkDeviceSize offset = 0, VkDeviceSize bytes = 0,
                    VkFormat format = VK_FORMAT_R32G32B32A32_SFLOAT) {
        if (bytes == 0)
            bytes = b.size() - offset;
        auto v = ctx_->create_view(b, offset, bytes, "test view", format);
        if (!v)
            qFatal("%s", v.error().message.c_str());
        views_.push_back(std::move(v.value()));
        return {b.handle(), offset, bytes, views_.back().handle()};
    }
    BufferRange tex_int(const pl::vk::Buffer& b) { return tex(b, 0, 0, VK_FORMAT_R32_SINT); }

    template <class F>
    void run(F&& record) {
        auto cmd = ctx_->begin_commands();
        QVERIFY2(cmd.ok(), cmd.ok() ? "" : cmd.error().message.c_str());
        record(*cmd);
        pl::vk::compute_barrier(*cmd);
        auto r = ctx_->submit_and_wait(*cmd, "kernel test");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    }

  private slots:
    void initTestCase() {
        pl::VulkanOptions opts;
        opts.persist_pipeline_cache = false;
        auto ctx = pl::vk::Context::create(opts);
        if (!ctx) {
            // Only a machine without any Vulkan device skips; any other error is the engine's.
            const std::string skip = pl::test::skip_reason_without_vulkan(ctx.error().message);
            if (skip.empty())
                QFAIL(("vk::Context::create failed with a Vulkan driver installed: " +
                       ctx.error().message)
                          .c_str());
            skip_ = QString::fromStdString(skip);
            return;
        }
        ctx_ = std::move(ctx.value());
        qInfo("device: %s, subgroup %u, validation %s", ctx_->device_name().c_str(),
              ctx_->subgroup_size(), ctx_->validation_enabled() ? "on" : "off");
        auto k =
            pl::vk::GptKernels::create(*ctx_, kHeadDim, pl::vk::KernelTuning::for_device(*ctx_));
        QVERIFY2(k.ok(), k.ok() ? "" : k.error().message.c_str());
        kernels_ = std::make_unique<pl::vk::GptKernels>(std::move(k.value()));
        // The built-in model's head size: wider than a lavapipe workgroup (16 vec4s, 8 lanes).
        auto k64 = pl::vk::GptKernels::create(*ctx_, 64, pl::vk::KernelTuning::for_device(*ctx_));
        QVERIFY2(k64.ok(), k64.ok() ? "" : k64.error().message.c_str());
        kernels64_ = std::make_unique<pl::vk::GptKernels>(std::move(k64.value()));
        pl::vk::KernelTuning other = pl::vk::KernelTuning::for_device(*ctx_);
        other.wide_matmul = !other.wide_matmul;
        other.matmul_wg = other.wide_matmul ? 8 : 64;
        auto ko = pl::vk::GptKernels::create(*ctx_, kHeadDim, other);
        QVERIFY2(ko.ok(), ko.ok() ? "" : ko.error().message.c_str());
        other_tile_ = std::make_unique<pl::vk::GptKernels>(std::move(ko.value()));
    }

    void init() {
        if (!skip_.isEmpty())
            QSKIP(qPrintable(skip_));
    }

    // Zero validation messages after every test, not only at the end: names the culprit.
    void cleanup() {
        views_.clear();
        if (!ctx_)
            return;
        const int n = ctx_->validation_message_count();
        if (n != 0) {
            for (const auto& m : ctx_->validation_messages())
                qWarning("%s", m.text.c_str());
        }
        QCOMPARE(n, 0);
    }

    void cleanupTestCase() {
        kernels_.reset();
        kernels64_.reset();
        other_tile_.reset();
        if (ctx_)
            QCOMPARE(ctx_->validation_message_count(), 0);
        ctx_.reset();
    }

    void embedding_data() {
        QTest::addColumn<int>("T");
        for (int T : {1, 15, 16, 17, 63, 257})
            QTest::newRow(std::to_string(T).c_str()) << T;
    }
    void embedding() {
        QFETCH(int, T);
        const int C = 68, V = 100, P = 300, pos0 = 300 - T - 3;
        std::mt19937 rng(T);
        std::vector<int32_t> tokens(T + 5);
        for (auto& t : tokens)
            t = static_cast<int32_t>(rng() % V);
        const int tok0 = 5;
        auto wte = random_floats(static_cast<std::size_t>(V) * C, 1);
        auto wpe = random_floats(static_cast<std::size_t>(P) * C, 2);
        std::vector<float> want(static_cast<std::size_t>(T) * C);
        pl::cpu::embedding(want.data(), tokens.data() + tok0, wte.data(), wpe.data(), pos0, T, C);
        auto bt = make_int(tokens);
        auto bwte = make(wte);
        auto bwpe = make(wpe);
        auto out = make(std::vector<float>(want.size(), NAN));
        // Two wte row ranges, as for a vocabulary larger than one binding may span.
        const int split = 48;
        run([&](VkCommandBuffer cmd) {
            kernels_->embedding(cmd, all(out), tex_int(bt), tex(bwte, 0, split * C * 4ull),
                                tex(bwpe), tok0, pos0, T, C, 0, split);
            kernels_->embedding(cmd, all(out), tex_int(bt),
                                tex(bwte, split * C * 4ull, (V - split) * C * 4ull), tex(bwpe),
                                tok0, pos0, T, C, split, V);
        });
        const std::string diff = compare(read(out, want.size()), want, C);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    void layernorm_data() {
        QTest::addColumn<int>("T");
        QTest::addColumn<int>("C");
        for (int T : {1, 15, 16, 17, 63, 257}) {
            for (int C : {68, 256}) {
                QTest::newRow((std::to_string(T) + "x" + std::to_string(C)).c_str()) << T << C;
            }
        }
    }
    void layernorm() {
        QFETCH(int, T);
        QFETCH(int, C);
        const int row0 = 2;
        auto in = random_floats(static_cast<std::size_t>(T + row0) * C, 3, 2.0f);
        for (std::size_t i = 0; i < in.size(); ++i)
            in[i] += 3.0f;  // an offset to survive
        auto w = random_floats(C, 4);
        auto b = random_floats(C, 5);
        std::vector<float> want(static_cast<std::size_t>(T) * C);
        pl::cpu::layernorm(want.data(), in.data() + row0 * C, w.data(), b.data(), T, C, 1e-5f);
        auto bin = make(in), bw = make(w), bb = make(b);
        auto out = make(std::vector<float>(want.size(), NAN));
        run([&](VkCommandBuffer cmd) {
            kernels_->layernorm(cmd, all(out), tex(bin), tex(bw), tex(bb), row0, T, C, 1e-5f);
        });
        const std::string diff = compare(read(out, want.size()), want, C);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    void matmul_data() {
        QTest::addColumn<int>("T");
        QTest::addColumn<int>("K");
        QTest::addColumn<int>("N");
        QTest::addColumn<int>("epi");
        QTest::addColumn<int>("choice");
        QTest::addColumn<bool>("other_tile");
        const char* epis[] = {"none", "gelu", "residual"};
        for (int choice : {1, 2, 3}) {
            for (bool other_tile : {false, true}) {
                if (other_tile && choice != 1)
                    continue;  // only the tiled kernel has two tiles
                for (int T : {1, 2, 15, 16, 17, 63, 257}) {
                    if (choice == 2 && T > 17)
                        continue;  // the vector kernel is for a few rows
                    for (auto [K, N] :
                         {std::pair{64, 68}, std::pair{36, 100}, std::pair{256, 1024}}) {
                        for (int e = 0; e < 3; ++e) {
                            const std::string name = std::string(kChoiceNames[choice]) +
                                                     (other_tile ? "-other" : "") + "/T" +
                                                     std::to_string(T) + "/K" + std::to_string(K) +
                                                     "/N" + std::to_string(N) + "/" + epis[e];
                            QTest::newRow(name.c_str()) << T << K << N << e << choice << other_tile;
                        }
                    }
                }
            }
        }
    }
    void matmul() {
        QFETCH(int, T);
        QFETCH(int, K);
        QFETCH(int, N);
        QFETCH(int, epi);
        QFETCH(int, choice);
        QFETCH(bool, other_tile);
        const pl::vk::GptKernels& kernels = other_tile ? *other_tile_ : *kernels_;
        auto in = random_floats(static_cast<std::size_t>(T) * K, 6);
        auto w = random_floats(static_cast<std::size_t>(K) * N, 7, 0.2f);
        auto bias = random_floats(N, 8);
        auto init = random_floats(static_cast<std::size_t>(T) * N, 9);
        std::vector<float> want(static_cast<std::size_t>(T) * N);
        pl::cpu::matmul(want.data(), in.data(), w.data(), bias.data(), T, K, N);
        if (epi == 1)
            pl::cpu::gelu(want.data(), static_cast<long>(want.size()));
        if (epi == 2)
            pl::cpu::residual_add(want.data(), init.data(), static_cast<long>(want.size()));
        auto bin = make(in), bw = make(w), bb = make(bias), out = make(init);
        run([&](VkCommandBuffer cmd) {
            kernels.matmul(cmd, all(out), tex(bin), tex(bw), tex(bb), T, K, N,
                           static_cast<Epilogue>(epi), nullptr, static_cast<KernelChoice>(choice));
        });
        const std::string diff = compare(read(out, want.size()), want, N);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    // The QKV epilogue: the plain output plus K and V written to their paged slots.
    void matmul_qkv_data() {
        QTest::addColumn<int>("T");
        QTest::addColumn<int>("n_past");
        QTest::addColumn<int>("choice");
        // choice 4: the tiled kernel with the other tile (other_tile_).
        for (int choice : {1, 2, 3, 4}) {
            for (int T : {1, 15, 16, 17, 63}) {
                if (choice == 2 && T > 17)
                    continue;
                for (int n_past : {0, 5, 33}) {
                    const std::string kind = choice == 4 ? "tiled-other" : kChoiceNames[choice];
                    QTest::newRow(
                        (kind + "/T" + std::to_string(T) + "/past" + std::to_string(n_past))
                            .c_str())
                        << T << n_past << choice;
                }
            }
        }
    }
    void matmul_qkv() {
        QFETCH(int, T);
        QFETCH(int, n_past);
        QFETCH(int, choice);
        const int C = 64, bs = 16, blocks = 12;
        auto in = random_floats(static_cast<std::size_t>(T) * C, 10);
        auto w = random_floats(static_cast<std::size_t>(C) * 3 * C, 11, 0.2f);
        auto bias = random_floats(3 * C, 12);
        std::vector<float> want(static_cast<std::size_t>(T) * 3 * C);
        pl::cpu::matmul(want.data(), in.data(), w.data(), bias.data(), T, C, 3 * C);
        // A scrambled table: logical block i lives in physical block table[i].
        std::vector<int32_t> table(blocks);
        for (int i = 0; i < blocks; ++i)
            table[i] = (i * 7 + 3) % blocks;
        const std::size_t pool_n = static_cast<std::size_t>(blocks) * bs * C;
        auto k_init = random_floats(pool_n, 13), v_init = random_floats(pool_n, 14);
        std::vector<float> k_want = k_init, v_want = v_init;
        for (int t = 0; t < T; ++t) {
            const int pos = n_past + t;
            const std::size_t slot = static_cast<std::size_t>(table[pos / bs]) * bs + pos % bs;
            for (int c = 0; c < C; ++c) {
                k_want[slot * C + c] = want[static_cast<std::size_t>(t) * 3 * C + C + c];
                v_want[slot * C + c] = want[static_cast<std::size_t>(t) * 3 * C + 2 * C + c];
            }
        }
        auto bin = make(in), bw = make(w), bb = make(bias);
        auto out = make(std::vector<float>(want.size(), NAN));
        auto bt = make_int(table), kp = make(k_init), vp = make(v_init);
        pl::vk::PagedKvBinding kv{tex_int(bt), all(kp), all(vp), n_past, bs};
        run([&](VkCommandBuffer cmd) {
            const pl::vk::GptKernels& kernels = choice == 4 ? *other_tile_ : *kernels_;
            kernels.matmul(cmd, all(out), tex(bin), tex(bw), tex(bb), T, C, 3 * C, Epilogue::kQkv,
                           &kv,
                           choice == 4 ? KernelChoice::kTiled : static_cast<KernelChoice>(choice));
        });
        std::string diff = compare(read(out, want.size()), want, 3 * C);
        QVERIFY2(diff.empty(), ("qkv: " + diff).c_str());
        diff = compare(read(kp, pool_n), k_want, C);
        QVERIFY2(diff.empty(), ("K pool: " + diff).c_str());
        diff = compare(read(vp, pool_n), v_want, C);
        QVERIFY2(diff.empty(), ("V pool: " + diff).c_str());
    }

    void attention_data() {
        QTest::addColumn<int>("T");
        QTest::addColumn<int>("n_past");
        QTest::addColumn<int>("choice");
        QTest::addColumn<int>("head_dim");
        for (int head_dim : {kHeadDim, 64}) {
            for (int choice : {1, 2, 3}) {
                for (int T : {1, 2, 15, 16, 17, 63, 257}) {
                    if (choice == 2 && T > 17)
                        continue;
                    for (int n_past : {0, 5, 16, 33, 200}) {
                        QTest::newRow((std::string(kAttentionChoiceNames[choice]) + "/hd" +
                                       std::to_string(head_dim) + "/T" + std::to_string(T) +
                                       "/past" + std::to_string(n_past))
                                          .c_str())
                            << T << n_past << choice << head_dim;
                    }
                }
            }
        }
    }
    void attention() {
        QFETCH(int, T);
        QFETCH(int, n_past);
        QFETCH(int, choice);
        QFETCH(int, head_dim);
        const pl::vk::GptKernels& kernels = head_dim == 64 ? *kernels64_ : *kernels_;
        const int C = 2 * head_dim, n_head = 2, bs = 16;
        const int blocks = (n_past + T + bs - 1) / bs + 3;
        std::vector<int32_t> table(blocks);
        for (int i = 0; i < blocks; ++i)
            table[i] = (i * 5 + 2) % blocks;
        const std::size_t pool_n = static_cast<std::size_t>(blocks) * bs * C;
        auto kpool = random_floats(pool_n, 15), vpool = random_floats(pool_n, 16);
        auto qkv = random_floats(static_cast<std::size_t>(T) * 3 * C, 17, 2.0f);
        std::vector<float> want(static_cast<std::size_t>(T) * C);
        pl::cpu::PagedKv pkv{kpool.data(), vpool.data(), static_cast<long>(bs) * C, table.data(),
                             bs};
        pl::cpu::attention(want.data(), qkv.data(), pkv, n_past, T, C, n_head);
        auto bq = make(qkv), bt = make_int(table), kp = make(kpool), vp = make(vpool);
        auto out = make(std::vector<float>(want.size(), NAN));
        pl::vk::PagedKvBinding kv{tex_int(bt), tex(kp), tex(vp), n_past, bs};
        run([&](VkCommandBuffer cmd) {
            kernels.attention(cmd, all(out), tex(bq), kv, T, {n_head, n_head, 3 * C},
                              static_cast<KernelChoice>(choice));
        });
        const std::string diff = compare(read(out, want.size()), want, C);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    void logits_data() {
        QTest::addColumn<int>("V");
        QTest::addColumn<int>("C");
        for (int V : {1, 17, 257, 2048}) {
            for (int C : {68, 256}) {
                QTest::newRow((std::to_string(V) + "x" + std::to_string(C)).c_str()) << V << C;
            }
        }
    }
    void logits() {
        QFETCH(int, V);
        QFETCH(int, C);
        auto x = random_floats(C, 18);
        auto wte = random_floats(static_cast<std::size_t>(V) * C, 19);
        std::vector<float> want(V);
        pl::cpu::logits(want.data(), x.data(), wte.data(), V, C);
        auto bx = make(x), bw = make(wte), out = make(std::vector<float>(V, NAN));
        const int split = V / 3;  // two row ranges, as for a vocabulary over the binding limit
        run([&](VkCommandBuffer cmd) {
            if (split > 0) {
                kernels_->logits(cmd, all(out), tex(bx), tex(bw, 0, split * C * 4ull), 0, split, C);
            }
            kernels_->logits(cmd, all(out), tex(bx),
                             tex(bw, split * C * 4ull, (V - split) * C * 4ull), split, V - split,
                             C);
        });
        const std::string diff = compare(read(out, want.size()), want, V);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    // The Llama family's kernels against their CPU twins (cpu_ops.h's Llama ops).
    void token_embedding() {
        const int T = 17, C = 68, V = 100;
        std::mt19937 rng(T);
        std::vector<int32_t> tokens(T + 2);
        for (auto& t : tokens)
            t = static_cast<int32_t>(rng() % V);
        auto wte = random_floats(static_cast<std::size_t>(V) * C, 41);
        std::vector<float> want(static_cast<std::size_t>(T) * C);
        pl::cpu::embedding(want.data(), tokens.data() + 2, wte.data(), nullptr, 0, T, C);
        auto bt = make_int(tokens), bw = make(wte);
        auto out = make(std::vector<float>(want.size(), NAN));
        run([&](VkCommandBuffer cmd) {
            kernels_->token_embedding(cmd, all(out), tex_int(bt), tex(bw), 2, T, C, 0, V);
        });
        const std::string diff = compare(read(out, want.size()), want, C);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    void rmsnorm_data() { layernorm_data(); }
    void rmsnorm() {
        QFETCH(int, T);
        QFETCH(int, C);
        const int row0 = 3;
        auto in = random_floats(static_cast<std::size_t>(T + row0) * C, 42, 3.0f);
        auto w = random_floats(C, 43);
        std::vector<float> want(static_cast<std::size_t>(T) * C);
        pl::cpu::rms_norm(want.data(), in.data() + row0 * C, w.data(), T, C, 1e-6f);
        auto bin = make(in), bw = make(w);
        auto out = make(std::vector<float>(want.size(), NAN));
        run([&](VkCommandBuffer cmd) {
            kernels_->rmsnorm(cmd, all(out), tex(bin), tex(bw), row0, T, C, 1e-6f);
        });
        const std::string diff = compare(read(out, want.size()), want, C);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    void swiglu_data() {
        QTest::addColumn<int>("T");
        QTest::addColumn<int>("F");
        for (int T : {1, 17, 63})
            for (int F : {68, 1536})
                QTest::newRow((std::to_string(T) + "x" + std::to_string(F)).c_str()) << T << F;
    }
    void swiglu() {
        QFETCH(int, T);
        QFETCH(int, F);
        auto gu = random_floats(static_cast<std::size_t>(T) * 2 * F, 44, 6.0f);
        gu[0] = -200.0f;  // silu's far tail: e^200 overflows, the product must be 0, not NaN
        std::vector<float> want(static_cast<std::size_t>(T) * F);
        pl::cpu::swiglu(want.data(), gu.data(), T, F);
        auto bin = make(gu);
        auto out = make(std::vector<float>(want.size(), NAN));
        run([&](VkCommandBuffer cmd) { kernels_->swiglu(cmd, all(out), tex(bin), T, F); });
        const std::string diff = compare(read(out, want.size()), want, F);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    // The rotary step: q heads out, k (turned) and v (as they came) into the pool, at awkward
    // positions, with and without Qwen3's per-head norms, for GQA, MQA and one KV head a query.
    void rope_qkv_data() {
        QTest::addColumn<int>("T");
        QTest::addColumn<int>("n_past");
        QTest::addColumn<int>("n_head");
        QTest::addColumn<int>("n_kv_head");
        QTest::addColumn<int>("head_dim");
        QTest::addColumn<bool>("qk_norm");
        for (int hd : {kHeadDim, 64})
            for (auto [h, kv] : {std::pair{4, 2}, std::pair{4, 1}, std::pair{3, 3}})
                for (bool norm : {false, true})
                    for (auto [T, past] :
                         {std::pair{1, 0}, std::pair{1, 33}, std::pair{17, 5}, std::pair{40, 700}})
                        QTest::newRow(("hd" + std::to_string(hd) + "/h" + std::to_string(h) + "kv" +
                                       std::to_string(kv) + (norm ? "/norm" : "") + "/T" +
                                       std::to_string(T) + "/past" + std::to_string(past))
                                          .c_str())
                            << T << past << h << kv << hd << norm;
    }
    void rope_qkv() {
        QFETCH(int, T);
        QFETCH(int, n_past);
        QFETCH(int, n_head);
        QFETCH(int, n_kv_head);
        QFETCH(int, head_dim);
        QFETCH(bool, qk_norm);
        const pl::vk::GptKernels& kernels = head_dim == 64 ? *kernels64_ : *kernels_;
        QVERIFY(kernels.has_rope());
        const int hd = head_dim, q_dim = n_head * hd, kv_dim = n_kv_head * hd;
        const int row = q_dim + 2 * kv_dim, bs = 16;
        const float eps = 1e-6f;
        const int blocks = (n_past + T + bs - 1) / bs + 2;
        std::vector<int32_t> table(blocks);
        for (int i = 0; i < blocks; ++i)
            table[i] = (i * 3 + 1) % blocks;
        auto qkv = random_floats(static_cast<std::size_t>(T) * row, 45, 2.0f);
        auto qn = random_floats(hd, 46), kn = random_floats(hd, 47);
        // The CPU twin: norms, then the turn, in place on a copy.
        std::vector<float> x = qkv;
        if (qk_norm) {
            pl::cpu::rms_norm_heads(x.data(), row, T, n_head, hd, qn.data(), eps);
            pl::cpu::rms_norm_heads(x.data() + q_dim, row, T, n_kv_head, hd, kn.data(), eps);
        }
        std::vector<double> inv_freq(hd / 2);
        pl::cpu::RopeParams rp;
        rp.theta = 500000.0f;
        pl::cpu::rope_inv_freq(inv_freq.data(), hd, rp);
        std::vector<float> cos_t(static_cast<std::size_t>(T) * hd / 2), sin_t(cos_t.size());
        pl::cpu::rope_table(cos_t.data(), sin_t.data(), inv_freq.data(), hd, n_past, T);
        pl::cpu::rope(x.data(), row, T, n_head, hd, cos_t.data(), sin_t.data());
        pl::cpu::rope(x.data() + q_dim, row, T, n_kv_head, hd, cos_t.data(), sin_t.data());
        std::vector<float> q_want(static_cast<std::size_t>(T) * q_dim);
        const std::size_t pool_n = static_cast<std::size_t>(blocks) * bs * kv_dim;
        auto k_want = random_floats(pool_n, 48), v_want = random_floats(pool_n, 49);
        auto kpool = k_want, vpool = v_want;  // slots the step must not touch keep these
        for (int t = 0; t < T; ++t) {
            std::copy_n(&x[static_cast<std::size_t>(t) * row], q_dim, &q_want[t * q_dim]);
            const int p = n_past + t;
            const std::size_t slot =
                (static_cast<std::size_t>(table[p / bs]) * bs + p % bs) * kv_dim;
            std::copy_n(&x[static_cast<std::size_t>(t) * row + q_dim], kv_dim, &k_want[slot]);
            std::copy_n(&x[static_cast<std::size_t>(t) * row + q_dim + kv_dim], kv_dim,
                        &v_want[slot]);
        }
        // The kernel's table: per token its cosines, then its sines.
        std::vector<float> rope(static_cast<std::size_t>(T) * hd);
        for (int t = 0; t < T; ++t) {
            std::copy_n(&cos_t[static_cast<std::size_t>(t) * hd / 2], hd / 2, &rope[t * hd]);
            std::copy_n(&sin_t[static_cast<std::size_t>(t) * hd / 2], hd / 2,
                        &rope[t * hd + hd / 2]);
        }
        auto bq = make(qkv), br = make(rope), bqn = make(qn), bkn = make(kn), bt = make_int(table);
        auto kp = make(kpool), vp = make(vpool);
        auto out = make(std::vector<float>(q_want.size(), NAN));
        pl::vk::PagedKvBinding kvb{tex_int(bt), all(kp), all(vp), n_past, bs};
        run([&](VkCommandBuffer cmd) {
            kernels.rope_qkv(cmd, all(out), tex(bq), tex(br), tex(bqn), tex(bkn), kvb, T,
                             {n_head, n_kv_head, qk_norm, eps});
        });
        std::string diff = compare(read(out, q_want.size()), q_want, q_dim);
        QVERIFY2(diff.empty(), ("q: " + diff).c_str());
        diff = compare(read(kp, pool_n), k_want, kv_dim);
        QVERIFY2(diff.empty(), ("K pool: " + diff).c_str());
        diff = compare(read(vp, pool_n), v_want, kv_dim);
        QVERIFY2(diff.empty(), ("V pool: " + diff).c_str());
    }

    // Grouped-query (2 query heads a KV head) and multi-query attention on every kernel.
    void attention_gqa_data() {
        QTest::addColumn<int>("T");
        QTest::addColumn<int>("n_past");
        QTest::addColumn<int>("choice");
        QTest::addColumn<int>("n_kv_head");
        for (int kv : {2, 1})
            for (int choice : {1, 2, 3})
                for (int T : {1, 3, 17, 40}) {
                    if (choice == 2 && T > 17)
                        continue;
                    for (int n_past : {0, 33})
                        QTest::newRow((std::string(kAttentionChoiceNames[choice]) + "/kv" +
                                       std::to_string(kv) + "/T" + std::to_string(T) + "/past" +
                                       std::to_string(n_past))
                                          .c_str())
                            << T << n_past << choice << kv;
                }
    }
    void attention_gqa() {
        QFETCH(int, T);
        QFETCH(int, n_past);
        QFETCH(int, choice);
        QFETCH(int, n_kv_head);
        const int hd = kHeadDim, n_head = 4, bs = 16;
        const int q_dim = n_head * hd, kv_dim = n_kv_head * hd, ldq = q_dim + 8;
        const int blocks = (n_past + T + bs - 1) / bs + 3;
        std::vector<int32_t> table(blocks);
        for (int i = 0; i < blocks; ++i)
            table[i] = (i * 5 + 2) % blocks;
        const std::size_t pool_n = static_cast<std::size_t>(blocks) * bs * kv_dim;
        auto kpool = random_floats(pool_n, 50), vpool = random_floats(pool_n, 51);
        auto q = random_floats(static_cast<std::size_t>(T) * ldq, 52, 2.0f);
        std::vector<float> want(static_cast<std::size_t>(T) * q_dim);
        pl::cpu::PagedKv pkv{kpool.data(), vpool.data(), static_cast<long>(bs) * kv_dim,
                             table.data(), bs};
        pl::cpu::attention(want.data(), q.data(), ldq, pkv, n_past, T, {n_head, n_kv_head, hd});
        auto bq = make(q), bt = make_int(table), kp = make(kpool), vp = make(vpool);
        auto out = make(std::vector<float>(want.size(), NAN));
        pl::vk::PagedKvBinding kv{tex_int(bt), tex(kp), tex(vp), n_past, bs};
        run([&](VkCommandBuffer cmd) {
            kernels_->attention(cmd, all(out), tex(bq), kv, T, {n_head, n_kv_head, ldq},
                                static_cast<KernelChoice>(choice));
        });
        const std::string diff = compare(read(out, want.size()), want, q_dim);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    // Not a check: prints GFLOP/s of the matmul shapes of the built-in model (T=512 through
    // the tiled kernel, T=1 through the matrix-vector one). The first runs include lavapipe's
    // lazy JIT, so each shape runs twice and the second figure is the one to read.
    void bench_matmul() {
        if (qEnvironmentVariableIntValue("PREFIXLENS_KERNEL_BENCH") == 0) {
            QSKIP("set PREFIXLENS_KERNEL_BENCH=1 to time the kernels");
        }
        const int C = 256;
        struct Shape {
            int K, N;
        };
        const Shape shapes[] = {{C, 3 * C}, {C, 4 * C}, {4 * C, C}};
        for (int round = 0; round < 2; ++round) {
            for (const Shape& s : shapes) {
                for (int rows : {512, 1}) {
                    auto in = make(random_floats(static_cast<std::size_t>(rows) * s.K, 1));
                    auto w = make(random_floats(static_cast<std::size_t>(s.K) * s.N, 2));
                    auto b = make(random_floats(s.N, 3));
                    auto out = make(std::vector<float>(static_cast<std::size_t>(rows) * s.N));
                    const int reps = rows == 1 ? 100 : 5;
                    const BufferRange tin = tex(in), tw = tex(w), tb = tex(b);
                    const auto t0 = std::chrono::steady_clock::now();
                    run([&](VkCommandBuffer cmd) {
                        for (int i = 0; i < reps; ++i) {
                            kernels_->matmul(cmd, all(out), tin, tw, tb, rows, s.K, s.N,
                                             Epilogue::kNone);
                            pl::vk::compute_barrier(cmd);
                        }
                    });
                    const double sec =
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                            .count();
                    qInfo("round %d T=%d K=%d N=%d: %.2f GFLOP/s (%.3f ms each)", round, rows, s.K,
                          s.N, 2.0 * rows * s.K * s.N * reps / sec * 1e-9, sec * 1e3 / reps);
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestVulkanKernels)
#include "test_vulkan_kernels.moc"
