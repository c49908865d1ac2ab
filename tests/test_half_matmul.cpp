// The 16-bit weight kernels of the CPU backend (cpu/half_matmul.h) against a double-precision
// reference, in each vector path this CPU has, at awkward sizes: a row count that leaves a row
// block part full, K that is not a multiple of the vector width, rows split into uneven runs
// (a fused q | k | v), one token (decode: the matrix-vector kernel) and many (prefill: tiles
// widened for SGEMM, more than one tile of rows and of tokens).
#include <QTest>
#include <cmath>
#include <cstring>
#include <vector>

#include "cpu/blas.h"
#include "cpu/half_matmul.h"
#include "cpu/thread_pool.h"
#include "model/safetensors_reader.h"

using namespace pl;

namespace {

uint32_t next(uint32_t& s) {
    s = s * 1664525u + 1013904223u;
    return s >> 8;
}

// Random normal numbers of magnitude 2^-6 .. 2^4, either sign, in F16 or BF16 bits.
std::vector<uint16_t> random_half(std::size_t n, cpu::HalfType type, uint32_t seed) {
    std::vector<uint16_t> v(n);
    for (auto& h : v) {
        const uint32_t r = next(seed);
        const uint32_t sign = (r & 1u) << 15;
        const uint32_t e = (r >> 1) % 11;  // 0 .. 10
        if (type == cpu::HalfType::F16)
            h = static_cast<uint16_t>(sign | ((e + 9) << 10) | ((r >> 5) & 0x3ffu));
        else
            h = static_cast<uint16_t>(sign | ((e + 121) << 7) | ((r >> 5) & 0x7fu));
    }
    return v;
}

double widen(uint16_t h, cpu::HalfType type) {
    return type == cpu::HalfType::F16 ? f16_to_f32(h) : bf16_to_f32(h);
}

struct Case {
    int T, N, K;
    std::vector<int> runs;  // rows per run, summing to N
    bool bias;
};

}  // namespace

class TestHalfMatmul : public QObject {
    Q_OBJECT

    // out = in @ w^T + bias in double, and the error bound an f32 sum of K products may have:
    // a few ulps of the sum of |products| (every product is exact in double).
    static void reference(const Case& c, cpu::HalfType type, const std::vector<uint16_t>& w,
                          const std::vector<float>& in, const std::vector<float>& bias,
                          std::vector<double>& want, std::vector<double>& bound) {
        want.assign(static_cast<std::size_t>(c.T) * c.N, 0.0);
        bound.assign(want.size(), 0.0);
        for (int t = 0; t < c.T; ++t) {
            for (int n = 0; n < c.N; ++n) {
                double s = c.bias ? bias[static_cast<std::size_t>(n)] : 0.0;
                double a = std::fabs(s);
                for (int k = 0; k < c.K; ++k) {
                    const double p = widen(w[static_cast<std::size_t>(n) * c.K + k], type) *
                                     in[static_cast<std::size_t>(t) * c.K + k];
                    s += p;
                    a += std::fabs(p);
                }
                want[static_cast<std::size_t>(t) * c.N + n] = s;
                bound[static_cast<std::size_t>(t) * c.N + n] = (c.K + 2) * 0x1p-24 * a + 1e-30;
            }
        }
    }

    static std::vector<Case> cases() {
        return {
            {1, 1, 1, {1}, false},
            {1, 7, 15, {7}, true},
            {1, 13, 17, {5, 3, 5}, false},     // runs of 5, 3, 5: a row block spans two runs
            {1, 131, 577, {64, 3, 64}, true},  // K = 36 x 16 + 1
            {1, 1031, 33, {1031}, false},      // enough rows to split over the pool
            {2, 7, 15, {7}, true},
            {5, 131, 33, {100, 31}, true},
            {129, 259, 77, {128, 3, 128}, true},  // 3 tiles of rows, 2 blocks of tokens
            {300, 5, 9, {5}, false},
        };
    }

  private slots:
    void initTestCase() { QVERIFY(blas::load().ok()); }

    void againstDouble_data() {
        QTest::addColumn<QString>("isa");
        QTest::addColumn<bool>("bf16");
        QTest::addColumn<bool>("pool");
        for (const char* isa : {"avx512", "avx2", "scalar"}) {
            for (bool bf16 : {false, true}) {
                for (bool pool : {false, true}) {
                    QTest::addRow("%s %s%s", isa, bf16 ? "bf16" : "f16", pool ? " pool" : "")
                        << QString(isa) << bf16 << pool;
                }
            }
        }
    }

    void againstDouble() {
        QFETCH(QString, isa);
        QFETCH(bool, bf16);
        QFETCH(bool, pool);
        const std::string saved = cpu::half_isa();
        if (!cpu::force_half_isa(isa.toStdString().c_str()))
            QSKIP("this CPU cannot run the path");
        const cpu::HalfType type = bf16 ? cpu::HalfType::BF16 : cpu::HalfType::F16;
        cpu::ThreadPool threads(3);
        const cpu::PoolScope scope(pool ? &threads : nullptr);
        uint32_t seed = 7;
        for (const Case& c : cases()) {
            const auto w = random_half(static_cast<std::size_t>(c.N) * c.K, type, ++seed);
            std::vector<float> in(static_cast<std::size_t>(c.T) * c.K), bias(c.N);
            for (auto& v : in)
                v = static_cast<float>(next(seed) % 2001) / 1000.0f - 1.0f;
            for (auto& v : bias)
                v = static_cast<float>(next(seed) % 201) / 100.0f - 1.0f;
            cpu::HalfMatrix m;
            m.type = type;
            m.cols = c.K;
            int row0 = 0;
            for (int rows : c.runs) {
                m.runs[static_cast<std::size_t>(m.n_runs++)] = {
                    w.data() + static_cast<std::size_t>(row0) * c.K, rows};
                row0 += rows;
            }
            QCOMPARE(m.rows(), c.N);
            std::vector<double> want, bound;
            reference(c, type, w, in, bias, want, bound);
            std::vector<float> out(want.size(), NAN);
            cpu::matmul_half(out.data(), in.data(), m, c.bias ? bias.data() : nullptr, c.T);
            int bad = 0;
            QString first;
            for (std::size_t i = 0; i < want.size(); ++i) {
                const double d = std::fabs(out[i] - want[i]);
                if (!(d <= bound[i]) && bad++ < 3) {
                    first += QString(" [t %1, n %2] %3 vs %4;")
                                 .arg(i / c.N)
                                 .arg(i % c.N)
                                 .arg(out[i], 0, 'g', 9)
                                 .arg(want[i], 0, 'g', 9);
                }
            }
            QVERIFY2(bad == 0, qPrintable(QString("T %1 N %2 K %3: %4 of %5 outside the bound:%6")
                                              .arg(c.T)
                                              .arg(c.N)
                                              .arg(c.K)
                                              .arg(bad)
                                              .arg(want.size())
                                              .arg(first)));
        }
        cpu::force_half_isa(saved.c_str());
    }

    // Every F16 bit pattern (zeros, subnormals, infinities, NaNs included) and a sweep of BF16
    // ones widen in each vector path exactly as the loader's scalar conversion does, in the
    // vectors and in the tail after them (65,535 values: not a multiple of any width).
    void widenEveryPattern() {
        std::vector<uint16_t> all(65535);
        for (std::size_t i = 0; i < all.size(); ++i)
            all[i] = static_cast<uint16_t>(i);
        const std::string saved = cpu::half_isa();
        for (const char* isa : {"avx512", "avx2", "scalar"}) {
            if (!cpu::force_half_isa(isa))
                continue;
            for (cpu::HalfType type : {cpu::HalfType::F16, cpu::HalfType::BF16}) {
                cpu::HalfMatrix m;
                m.type = type;
                m.cols = static_cast<int>(all.size());
                m.runs[0] = {all.data(), 1};
                m.n_runs = 1;
                std::vector<float> got(all.size());
                cpu::widen_rows(got.data(), m, 0, 1);
                for (std::size_t i = 0; i < all.size(); ++i) {
                    const float want =
                        type == cpu::HalfType::F16 ? f16_to_f32(all[i]) : bf16_to_f32(all[i]);
                    uint32_t a, b;
                    std::memcpy(&a, &got[i], 4);
                    std::memcpy(&b, &want, 4);
                    // NaN payloads may differ; NaN must stay NaN.
                    const bool same = a == b || (std::isnan(got[i]) && std::isnan(want));
                    QVERIFY2(same, qPrintable(QString("%1 %2 0x%3: %4 vs %5")
                                                  .arg(isa)
                                                  .arg(type == cpu::HalfType::F16 ? "f16" : "bf16")
                                                  .arg(i, 4, 16, QChar('0'))
                                                  .arg(got[i])
                                                  .arg(want)));
                }
            }
        }
        cpu::force_half_isa(saved.c_str());
    }

    // The pool splits decode by rows and prefill by tiles; every output is computed by the same
    // code whatever the split, so one thread and four give the same bits.
    void sameBitsForEveryThreadCount() {
        for (int T : {1, 140}) {
            const int N = 517, K = 129;
            const auto w = random_half(static_cast<std::size_t>(N) * K, cpu::HalfType::BF16, 3);
            std::vector<float> in(static_cast<std::size_t>(T) * K);
            uint32_t seed = 11;
            for (auto& v : in)
                v = static_cast<float>(next(seed) % 2001) / 1000.0f - 1.0f;
            cpu::HalfMatrix m;
            m.cols = K;
            m.runs[0] = {w.data(), N};
            m.n_runs = 1;
            std::vector<float> one(static_cast<std::size_t>(T) * N), four(one.size());
            cpu::matmul_half(one.data(), in.data(), m, nullptr, T);
            cpu::ThreadPool threads(4);
            const cpu::PoolScope scope(&threads);
            cpu::matmul_half(four.data(), in.data(), m, nullptr, T);
            QVERIFY2(std::memcmp(one.data(), four.data(), one.size() * 4) == 0,
                     qPrintable(QString("T %1").arg(T)));
        }
    }
};

QTEST_GUILESS_MAIN(TestHalfMatmul)
#include "test_half_matmul.moc"
