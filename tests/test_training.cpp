// The trainer's backward pass against finite differences (each op, then the whole model on a tiny
// config), its forward against the engine's paged CpuBackend, and a short run that learns.
#include <QTest>
#include <cmath>
#include <functional>
#include <numeric>

#include "cpu/cpu_backend.h"
#include "cpu/cpu_ops.h"
#include "model/gpt_model.h"
#include "test_support.h"
#include "train/cpu_ops_backward.h"

using namespace pl;

namespace {

struct Rng {
    uint64_t s;
    double uniform() {  // splitmix64 -> [0, 1)
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return static_cast<double>((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
    }
    float sym(float scale) { return static_cast<float>((2.0 * uniform() - 1.0) * scale); }
};

std::vector<float> random_vec(std::size_t n, float scale, uint64_t seed) {
    Rng r{seed};
    std::vector<float> v(n);
    for (auto& x : v)
        x = r.sym(scale);
    return v;
}

double dot(const std::vector<float>& a, const float* b) {
    double s = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        s += static_cast<double>(a[i]) * b[i];
    return s;
}

// Central differences of f with respect to every value of x (f must be a function of x's
// current contents). Float forwards: h around 1e-2 balances truncation against rounding.
std::vector<float> numeric_grad(std::vector<float>& x, const std::function<double()>& f,
                                float h = 1e-2f) {
    std::vector<float> g(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float keep = x[i];
        x[i] = keep + h;
        const double up = f();
        x[i] = keep - h;
        const double down = f();
        x[i] = keep;
        g[i] = static_cast<float>((up - down) / (2.0 * h));
    }
    return g;
}

}  // namespace

class TestTraining : public QObject {
    Q_OBJECT

  private slots:
    void layernormBackward() {
        const int T = 3, C = 7;
        auto x = random_vec(T * C, 2.0f, 1);
        auto w = random_vec(C, 1.0f, 2);
        auto b = random_vec(C, 1.0f, 3);
        const auto r = random_vec(T * C, 1.0f, 4);  // L = sum r * out
        std::vector<float> out(T * C);
        auto f = [&] {
            cpu::layernorm(out.data(), x.data(), w.data(), b.data(), T, C, 1e-5f);
            return dot(r, out.data());
        };
        std::vector<float> dx(T * C, 0.0f), dw(C, 0.0f), db(C, 0.0f);
        cpu::layernorm_backward(dx.data(), dw.data(), db.data(), r.data(), x.data(), w.data(), T, C,
                                1e-5f);
        PL_COMPARE_CLOSE(dx, numeric_grad(x, f), 2e-3, 1e-2);
        PL_COMPARE_CLOSE(dw, numeric_grad(w, f), 2e-3, 1e-2);
        PL_COMPARE_CLOSE(db, numeric_grad(b, f), 2e-3, 1e-2);
    }

    void matmulBackward() {
        const int T = 4, K = 5, N = 6;  // T > 1: the sgemm path the trainer uses
        auto x = random_vec(T * K, 1.0f, 5);
        auto w = random_vec(K * N, 1.0f, 6);
        auto b = random_vec(N, 1.0f, 7);
        const auto r = random_vec(T * N, 1.0f, 8);
        std::vector<float> out(T * N);
        auto f = [&] {
            cpu::matmul(out.data(), x.data(), w.data(), b.data(), T, K, N);
            return dot(r, out.data());
        };
        std::vector<float> dx(T * K, 0.0f), dw(K * N, 0.0f), db(N, 0.0f);
        cpu::matmul_backward(dx.data(), dw.data(), db.data(), r.data(), x.data(), w.data(), T, K,
                             N);
        PL_COMPARE_CLOSE(dx, numeric_grad(x, f), 1e-3, 1e-3);
        PL_COMPARE_CLOSE(dw, numeric_grad(w, f), 1e-3, 1e-3);
        PL_COMPARE_CLOSE(db, numeric_grad(b, f), 1e-3, 1e-3);
    }

    void geluBackward() {
        auto x = random_vec(40, 4.0f, 9);
        const auto r = random_vec(40, 1.0f, 10);
        std::vector<float> out(40);
        auto f = [&] {
            out = x;
            cpu::gelu(out.data(), 40);
            return dot(r, out.data());
        };
        std::vector<float> dx(40, 0.0f);
        cpu::gelu_backward(dx.data(), x.data(), r.data(), 40);
        PL_COMPARE_CLOSE(dx, numeric_grad(x, f, 1e-3f), 2e-3, 1e-2);
    }

    void embeddingBackward() {
        const int T = 4, C = 3, V = 5;
        auto wte = random_vec(V * C, 1.0f, 11);
        auto wpe = random_vec(8 * C, 1.0f, 12);
        const int32_t tokens[T] = {2, 4, 2, 0};  // a repeated token accumulates
        const auto r = random_vec(T * C, 1.0f, 13);
        std::vector<float> out(T * C);
        auto f = [&] {
            cpu::embedding(out.data(), tokens, wte.data(), wpe.data(), 3, T, C);
            return dot(r, out.data());
        };
        std::vector<float> dwte(V * C, 0.0f), dwpe(8 * C, 0.0f);
        cpu::embedding_backward(dwte.data(), dwpe.data(), r.data(), tokens, 3, T, C);
        PL_COMPARE_CLOSE(dwte, numeric_grad(wte, f), 1e-3, 1e-3);
        PL_COMPARE_CLOSE(dwpe, numeric_grad(wpe, f), 1e-3, 1e-3);
    }

    void attentionBackward_data() {
        QTest::addColumn<int>("T");
        QTest::newRow("one short tile") << 6;
        QTest::newRow("past one tile") << 131;  // the tile is 128 query rows
    }

    void attentionBackward() {
        QFETCH(int, T);
        const int C = 8, H = 2;
        auto qkv = random_vec(T * 3 * C, 1.5f, 14);
        const auto r = random_vec(T * C, 1.0f, 15);
        std::vector<float> out(T * C);
        auto f = [&] {
            cpu::attention_contiguous(out.data(), qkv.data(), T, C, H);
            return dot(r, out.data());
        };
        std::vector<float> dqkv(T * 3 * C, 0.0f);
        cpu::attention_backward(dqkv.data(), r.data(), qkv.data(), T, C, H);
        PL_COMPARE_CLOSE(dqkv, numeric_grad(qkv, f), 2e-3, 1e-2);
    }

    // The tiled attention against plain causal attention in double, past a tile, both as the
    // trainer calls it (K and V inside qkv) and as the engine does (paged blocks, out of order,
    // continuing after 37 cached positions): the gather and the tiles must pick the right keys.
    void attentionMatchesReference() {
        const int P = 37, T = 200, N = P + T, C = 16, H = 2, hd = C / H, bs = 16;
        const auto all = random_vec(N * 3 * C, 1.0f, 21);
        auto reference = [&](int first, int count) {
            std::vector<float> out(static_cast<std::size_t>(count) * C);
            for (int t = first; t < first + count; ++t) {
                for (int h = 0; h < H; ++h) {
                    std::vector<double> s(static_cast<std::size_t>(t) + 1);
                    double max_s = -1e300, sum = 0;
                    for (int p = 0; p <= t; ++p) {
                        for (int i = 0; i < hd; ++i)
                            s[p] += static_cast<double>(all[t * 3 * C + h * hd + i]) *
                                    all[p * 3 * C + C + h * hd + i];
                        s[p] /= std::sqrt(static_cast<double>(hd));
                        max_s = std::max(max_s, s[p]);
                    }
                    for (double& x : s)
                        sum += (x = std::exp(x - max_s));
                    for (int i = 0; i < hd; ++i) {
                        double o = 0;
                        for (int p = 0; p <= t; ++p)
                            o += s[p] / sum * all[p * 3 * C + 2 * C + h * hd + i];
                        out[static_cast<std::size_t>(t - first) * C + h * hd + i] =
                            static_cast<float>(o);
                    }
                }
            }
            return out;
        };
        // As the trainer calls it: one sequence from position 0.
        std::vector<float> tiled(static_cast<std::size_t>(N) * C);
        cpu::attention_contiguous(tiled.data(), all.data(), N, C, H);
        PL_COMPARE_CLOSE(tiled, reference(0, N), 1e-5, 1e-4);
        // As the engine calls it: the K and V of all N positions in blocks placed in reverse,
        // the last T positions new.
        const int blocks = (N + bs - 1) / bs;
        std::vector<float> k(static_cast<std::size_t>(blocks) * bs * C),
            v(static_cast<std::size_t>(blocks) * bs * C);
        std::vector<int32_t> table(static_cast<std::size_t>(blocks));
        for (int b = 0; b < blocks; ++b)
            table[static_cast<std::size_t>(b)] = blocks - 1 - b;
        for (int p = 0; p < N; ++p) {
            const long at =
                (static_cast<long>(table[static_cast<std::size_t>(p / bs)]) * bs + p % bs) * C;
            std::copy_n(all.data() + p * 3 * C + C, C, k.data() + at);
            std::copy_n(all.data() + p * 3 * C + 2 * C, C, v.data() + at);
        }
        std::vector<float> paged(static_cast<std::size_t>(T) * C);
        cpu::attention(
            paged.data(), all.data() + P * 3 * C,
            cpu::PagedKv{k.data(), v.data(), static_cast<long>(bs) * C, table.data(), bs}, P, T, C,
            H);
        PL_COMPARE_CLOSE(paged, reference(P, T), 1e-5, 1e-4);
    }

    void crossEntropyBackward() {
        const int N = 4, V = 9;
        auto z = random_vec(N * V, 3.0f, 16);
        const int32_t targets[N] = {3, -1, 0, 8};  // -1: ignored
        auto f = [&] { return cpu::cross_entropy(nullptr, z.data(), targets, N, V, 1.0f); };
        std::vector<float> dz(N * V);
        const double loss = cpu::cross_entropy(dz.data(), z.data(), targets, N, V, 1.0f);
        QVERIFY(loss > 0.0);
        PL_COMPARE_CLOSE(dz, numeric_grad(z, f, 1e-3f), 1e-3, 1e-2);
    }

    // The whole model: every parameter's gradient against central differences of the loss.
    void wholeModelGradient() {
        GptConfig cfg;
        cfg.n_layer = 2;
        cfg.n_head = 2;
        cfg.n_embd = 8;
        cfg.n_positions = 8;
        cfg.vocab_size = 11;
        const auto layout = train::make_param_layout(cfg);
        // Large random values everywhere (LayerNorm weights too) so no path is trivially flat.
        auto params = random_vec(layout.total, 0.5f, 17);
        const int B = 2, T = 5;
        const std::vector<int32_t> tokens = {1, 5, 7, 2, 9, 3, 3, 10, 0, 4};
        const std::vector<int32_t> targets = {5, 7, 2, 9, -1, 3, 10, 0, 4, 6};
        train::Workspace ws;
        std::vector<float> grads(layout.total, 0.0f);
        long valid = 0;
        train::gpt_forward_backward(cfg, layout.offsets, params.data(), grads.data(), tokens.data(),
                                    targets.data(), B, T, 1.0f, ws, &valid);
        QCOMPARE(valid, 9L);
        auto f = [&] {
            return train::gpt_forward_backward(cfg, layout.offsets, params.data(), nullptr,
                                               tokens.data(), targets.data(), B, T, 1.0f, ws);
        };
        const auto numeric = numeric_grad(params, f, 5e-3f);
        // Per-element tolerance plus a global check: the relative error of the whole vector.
        PL_COMPARE_CLOSE(grads, numeric, 5e-3, 3e-2);
        double diff = 0.0, ref = 0.0;
        for (std::size_t i = 0; i < grads.size(); ++i) {
            diff += std::pow(static_cast<double>(grads[i]) - numeric[i], 2);
            ref += std::pow(static_cast<double>(numeric[i]), 2);
        }
        QVERIFY2(std::sqrt(diff / ref) < 2e-3, std::to_string(std::sqrt(diff / ref)).c_str());
    }

    // The trainer's contiguous forward and the engine's paged CpuBackend give the same logits,
    // and make_param_layout puts every tensor where GptModel::load does.
    void trainingForwardMatchesCpuBackend() {
        auto m = GptModel::load(test::data_dir() / "tiny-gpt2");
        QVERIFY2(m.ok(), m ? "" : m.error().message.c_str());
        const GptModel& model = *m.value();
        const GptConfig& cfg = model.config();
        const auto layout = train::make_param_layout(cfg);
        QCOMPARE(layout.total, model.n_params());
        QCOMPARE(layout.offsets.lnf_b, model.offsets().lnf_b);
        QCOMPARE(layout.offsets.layers.back().fc2_w, model.offsets().layers.back().fc2_w);

        const int T = 37;  // more than two 16-token blocks, not a multiple of the block size
        std::vector<int32_t> tokens(T), targets(T, 0);
        for (int t = 0; t < T; ++t)
            tokens[static_cast<std::size_t>(t)] = (t * 37 + 11) % cfg.vocab_size;
        train::Workspace ws;
        train::gpt_forward_backward(cfg, layout.offsets, model.params(), nullptr, tokens.data(),
                                    targets.data(), 1, T, 1.0f, ws);
        CpuBackend be(m.value(), KvPoolLayout{16, 8, 0, 0});
        std::vector<int32_t> table(8);
        std::iota(table.begin(), table.end(), 0);
        std::vector<float> logits(static_cast<std::size_t>(cfg.vocab_size));
        for (int n : {1, 16, 17, T}) {
            QVERIFY(
                be.forward(table, 0, std::span(tokens).first(static_cast<std::size_t>(n)), logits)
                    .ok());
            const std::span<const float> row(
                ws.logits.data() + static_cast<std::size_t>(n - 1) * cfg.vocab_size,
                static_cast<std::size_t>(cfg.vocab_size));
            PL_COMPARE_CLOSE(std::vector<float>(row.begin(), row.end()), logits, 1e-4, 1e-4);
        }
    }

    // A few dozen AdamW steps on a tiny model learn a repeating sequence.
    void shortRunLowersLoss() {
        GptConfig cfg;
        cfg.n_layer = 2;
        cfg.n_head = 2;
        cfg.n_embd = 32;
        cfg.n_positions = 32;
        cfg.vocab_size = 20;
        const auto layout = train::make_param_layout(cfg);
        auto params = random_vec(layout.total, 0.05f, 18);
        for (const auto& t : layout.tensors) {
            if (t.name.find("ln_") != std::string::npos &&
                t.name.find("weight") != std::string::npos)
                std::fill(params.begin() + static_cast<long>(t.offset),
                          params.begin() + static_cast<long>(t.offset + t.numel), 1.0f);
        }
        std::vector<float> grads(layout.total), m(layout.total, 0.0f), v(layout.total, 0.0f);
        const int B = 4, T = 24;
        std::vector<int32_t> tokens(B * T), targets(B * T);
        for (int b = 0; b < B; ++b) {
            for (int t = 0; t < T; ++t) {
                // Each row repeats a 6-token phrase from a different start: learnable in context.
                tokens[static_cast<std::size_t>(b * T + t)] = (3 * ((t + b) % 6) + 1) % 20;
                targets[static_cast<std::size_t>(b * T + t)] = (3 * ((t + b + 1) % 6) + 1) % 20;
            }
        }
        train::Workspace ws;
        double first = 0.0, last = 0.0;
        for (int step = 1; step <= 60; ++step) {
            std::fill(grads.begin(), grads.end(), 0.0f);
            const double loss = train::gpt_forward_backward(
                                    cfg, layout.offsets, params.data(), grads.data(), tokens.data(),
                                    targets.data(), B, T, 1.0f / (B * T), ws) /
                                (B * T);
            if (step == 1)
                first = loss;
            last = loss;
            for (const auto& t : layout.tensors) {
                train::adamw(params.data() + t.offset, grads.data() + t.offset, m.data() + t.offset,
                             v.data() + t.offset, t.numel, 1e-2f, 0.9f, 0.95f, 1e-8f,
                             t.decay ? 0.01f : 0.0f, step);
            }
        }
        QVERIFY2(first > 2.5, std::to_string(first).c_str());  // about log(20) at the start
        QVERIFY2(last < 0.3 * first,
                 (std::to_string(first) + " -> " + std::to_string(last)).c_str());
    }
};

QTEST_GUILESS_MAIN(TestTraining)
#include "test_training.moc"
