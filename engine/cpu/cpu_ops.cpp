#include "cpu/cpu_ops.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "cpu/blas.h"
#include "cpu/thread_pool.h"
#include "cpu/vec_math.h"

namespace pl::cpu {

namespace {

// With a pool (CpuBackend::forward), big ops split into tasks of a fixed number of rows: the
// split depends on the shape only, never on the thread count, so every thread count gives the
// same bits. Without one (the trainer) they run whole, as they always have.
constexpr int kRowsPerTask = 64;

int row_tasks(int rows) {
    return current_pool() && rows >= 2 * kRowsPerTask ? (rows + kRowsPerTask - 1) / kRowsPerTask
                                                      : 1;
}

// fn(r0, r1) over [0, rows) in row_tasks(rows) pieces.
template <class Fn>
void for_rows(int rows, Fn&& fn) {
    const int tasks = row_tasks(rows);
    if (tasks == 1) {
        fn(0, rows);
        return;
    }
    parallel_for(tasks, [&](int i) {
        const int r0 = i * kRowsPerTask;
        fn(r0, std::min(rows, r0 + kRowsPerTask));
    });
}

// fn(0) .. fn(n - 1): as pool tasks when `split` (the work is big enough to share), else in order.
template <class Fn>
void for_tasks(int n, bool split, Fn&& fn) {
    if (split) {
        parallel_for(n, fn);
        return;
    }
    for (int i = 0; i < n; ++i)
        fn(i);
}

}  // namespace

void set_blas_threads(int threads) {
    blas::set_threads(threads);
}

void embedding(float* out, const int32_t* tokens, const float* wte, const float* wpe, int pos0,
               int T, int C) {
    for (int t = 0; t < T; ++t) {
        const float* te = wte + static_cast<long>(tokens[t]) * C;
        float* o = out + static_cast<long>(t) * C;
        if (!wpe) {
            std::memcpy(o, te, static_cast<std::size_t>(C) * sizeof(float));
            continue;
        }
        const float* pe = wpe + static_cast<long>(pos0 + t) * C;
        for (int c = 0; c < C; ++c)
            o[c] = te[c] + pe[c];
    }
}

RowStats row_stats(const float* x, int C, float eps) {
    // Two passes in double: the mean first, then the variance about it, so a large offset does
    // not cancel the variance away.
    double mean = 0.0;
    for (int c = 0; c < C; ++c)
        mean += x[c];
    mean /= C;
    double var = 0.0;
    for (int c = 0; c < C; ++c) {
        const double d = x[c] - mean;
        var += d * d;
    }
    var /= C;
    return {mean, 1.0 / std::sqrt(var + eps)};
}

void causal_softmax_row(float* row, int visible, int n) {
    const float max_s = max_of(row, visible);
    const float sum = exp_shifted_sum(row, visible, max_s);
    scale(row, visible, 1.0f / sum);
    std::fill(row + visible, row + n, 0.0f);
}

namespace {

void layernorm_rows(float* out, const float* in, const float* w, const float* b, int t0, int t1,
                    int C, float eps) {
    for (int t = t0; t < t1; ++t) {
        const float* x = in + static_cast<long>(t) * C;
        float* o = out + static_cast<long>(t) * C;
        const RowStats st = row_stats(x, C, eps);
        const double mean = st.mean, rstd = st.rstd;
        for (int c = 0; c < C; ++c) {
            o[c] = static_cast<float>((x[c] - mean) * rstd) * w[c] + b[c];
        }
    }
}

}  // namespace

void layernorm(float* out, const float* in, const float* w, const float* b, int T, int C,
               float eps) {
    for_rows(T, [&](int t0, int t1) { layernorm_rows(out, in, w, b, t0, t1, C, eps); });
}

void rms_norm(float* out, const float* in, const float* w, int T, int C, float eps) {
    for_rows(T, [&](int t0, int t1) {
        for (int t = t0; t < t1; ++t) {
            const float* x = in + static_cast<long>(t) * C;
            float* o = out + static_cast<long>(t) * C;
            double ss = 0.0;
            for (int c = 0; c < C; ++c)
                ss += static_cast<double>(x[c]) * x[c];
            const double r = 1.0 / std::sqrt(ss / C + eps);
            for (int c = 0; c < C; ++c)
                o[c] = static_cast<float>(x[c] * r) * w[c];
        }
    });
}

void rms_norm_heads(float* x, long ldx, int T, int n_heads, int hd, const float* w, float eps) {
    for_rows(T, [&](int t0, int t1) {
        for (int t = t0; t < t1; ++t) {
            for (int h = 0; h < n_heads; ++h) {
                float* v = x + t * ldx + static_cast<long>(h) * hd;
                rms_norm(v, v, w, 1, hd, eps);
            }
        }
    });
}

void rope_inv_freq(double* inv_freq, int hd, const RopeParams& p) {
    const int half = hd / 2;
    const double pi = std::acos(-1.0);
    const double old_ctx = p.original_max_positions;
    const double low_wavelen = old_ctx / p.low_freq_factor;    // longer: divided by factor
    const double high_wavelen = old_ctx / p.high_freq_factor;  // shorter: kept
    for (int i = 0; i < half; ++i) {
        const double f = 1.0 / std::pow(static_cast<double>(p.theta), 2.0 * i / hd);
        if (!p.llama3) {
            inv_freq[i] = f;
            continue;
        }
        const double wavelen = 2.0 * pi / f;
        if (wavelen < high_wavelen) {
            inv_freq[i] = f;
        } else if (wavelen > low_wavelen) {
            inv_freq[i] = f / p.factor;
        } else {
            const double smooth =
                (old_ctx / wavelen - p.low_freq_factor) / (p.high_freq_factor - p.low_freq_factor);
            inv_freq[i] = (1.0 - smooth) * f / p.factor + smooth * f;
        }
    }
}

void rope_table(float* cos_out, float* sin_out, const double* inv_freq, int hd, int pos0, int T) {
    const int half = hd / 2;
    for (int t = 0; t < T; ++t) {
        for (int i = 0; i < half; ++i) {
            const double a = static_cast<double>(pos0 + t) * inv_freq[i];
            cos_out[static_cast<long>(t) * half + i] = static_cast<float>(std::cos(a));
            sin_out[static_cast<long>(t) * half + i] = static_cast<float>(std::sin(a));
        }
    }
}

void rope(float* x, long ldx, int T, int n_heads, int hd, const float* cos_t, const float* sin_t) {
    const int half = hd / 2;
    for_rows(T, [&](int t0, int t1) {
        for (int t = t0; t < t1; ++t) {
            const float* c = cos_t + static_cast<long>(t) * half;
            const float* s = sin_t + static_cast<long>(t) * half;
            for (int h = 0; h < n_heads; ++h) {
                float* a = x + t * ldx + static_cast<long>(h) * hd;
                float* b = a + half;
                for (int i = 0; i < half; ++i) {
                    const float x0 = a[i], x1 = b[i];
                    a[i] = x0 * c[i] - x1 * s[i];
                    b[i] = x1 * c[i] + x0 * s[i];
                }
            }
        }
    });
}

void swiglu(float* out, const float* gu, int T, int F) {
    for_rows(T, [&](int t0, int t1) {
        for (int t = t0; t < t1; ++t) {
            const float* g = gu + static_cast<long>(t) * 2 * F;
            silu_mul(out + static_cast<long>(t) * F, g, g + F, F);
        }
    });
}

void matmul(float* out, const float* in, const float* w, const float* bias, int T, int K, int N) {
    if (bias) {
        for (int t = 0; t < T; ++t)
            std::memcpy(out + static_cast<long>(t) * N, bias, N * 4ul);
    }
    if (T == 1) {
        blas::sgemv(CblasRowMajor, CblasTrans, K, N, 1.0f, w, N, in, 1, bias ? 1.0f : 0.0f, out, 1);
        return;
    }
    // Too few rows to split by rows (a question after a reused prefix): split by columns
    // instead, so both cores work and each packs only its slice of the weights. The split
    // follows the shape only, so every thread count gives the same bits.
    if (current_pool() && T < 2 * kRowsPerTask && static_cast<long>(T) * K * N >= (1L << 20)) {
        constexpr int kColsPerTask = 128;
        parallel_for((N + kColsPerTask - 1) / kColsPerTask, [&](int i) {
            const int n0 = i * kColsPerTask, nn = std::min(N, n0 + kColsPerTask) - n0;
            blas::sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, T, nn, K, 1.0f, in, K, w + n0, N,
                        bias ? 1.0f : 0.0f, out + n0, N);
        });
        return;
    }
    for_rows(T, [&](int t0, int t1) {
        blas::sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, t1 - t0, N, K, 1.0f,
                    in + static_cast<long>(t0) * K, K, w, N, bias ? 1.0f : 0.0f,
                    out + static_cast<long>(t0) * N, N);
    });
}

void gelu(float* x, long n) {
    constexpr long kChunk = 1L << 15;
    for_tasks(static_cast<int>((n + kChunk - 1) / kChunk), n >= 2 * kChunk, [&](int i) {
        const long i0 = i * kChunk;
        gelu_inplace(x + i0, std::min(n, i0 + kChunk) - i0);
    });
}

void residual_add(float* x, const float* y, long n) {
    for (long i = 0; i < n; ++i)
        x[i] += y[i];
}

void logits(float* out, const float* in, const float* wte, int V, int C) {
    blas::sgemv(CblasRowMajor, CblasNoTrans, V, C, 1.0f, wte, C, in, 1, 0.0f, out, 1);
}

void attention_tile_probs(float* probs, const float* q, int ldq, const float* k, int ldkv,
                          int n_past, int t0, int nq, int nk, int hd, int h, float scale) {
    blas::sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, nq, nk, hd, scale,
                q + static_cast<long>(t0) * ldq + h * hd, ldq, k + h * hd, ldkv, 0.0f, probs, nk);
    for (int i = 0; i < nq; ++i) {
        causal_softmax_row(probs + static_cast<long>(i) * nk, n_past + t0 + i + 1, nk);
    }
}

void attention_dense(float* out, const float* q, int ldq, const float* k, const float* v, int ldkv,
                     int n_past, int T, const HeadShape& heads, float* last_probs) {
    const int hd = heads.head_dim, ldo = heads.q_dim(), group = heads.group();
    const float scale = 1.0f / std::sqrt(static_cast<float>(hd));
    // Heads are independent (each writes its own columns of out), so with a pool they run as
    // tasks; each thread keeps its own score buffer, grown once: a forward calls this for every
    // layer. Query head h reads KV head h / group.
    auto head = [&](int h) {
        thread_local std::vector<float> probs;
        const std::size_t need =
            static_cast<std::size_t>(std::min(T, kAttentionTile)) * (n_past + T);
        if (probs.size() < need)
            probs.resize(need);
        const float* qh = q + static_cast<long>(h) * hd;
        const long kv_col = static_cast<long>(h / group) * hd;
        for (int t0 = 0; t0 < T; t0 += kAttentionTile) {
            const int nq = std::min(kAttentionTile, T - t0), nk = n_past + t0 + nq;
            attention_tile_probs(probs.data(), qh, ldq, k + kv_col, ldkv, n_past, t0, nq, nk, hd, 0,
                                 scale);
            if (last_probs && t0 + nq == T) {  // the tile holding the last query: nk keys
                std::memcpy(last_probs + static_cast<long>(h) * nk,
                            probs.data() + static_cast<long>(nq - 1) * nk, nk * sizeof(float));
            }
            blas::sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, nq, hd, nk, 1.0f, probs.data(),
                        nk, v + kv_col, ldkv, 0.0f, out + static_cast<long>(t0) * ldo + h * hd,
                        ldo);
        }
    };
    for_tasks(heads.n_head, T >= kRowsPerTask, head);
}

void attention_dense(float* out, const float* q, int ldq, const float* k, const float* v, int ldkv,
                     int n_past, int T, int C, int n_head, float* last_probs) {
    attention_dense(out, q, ldq, k, v, ldkv, n_past, T, HeadShape{n_head, n_head, C / n_head},
                    last_probs);
}

namespace {

// Few new tokens (decode, a question after a reused prefix): the visible blocks of the paged
// pool are read in place, block by block, and every query that sees a block uses it while it is
// in L1 (scores first, then values), in vector code (cpu/vec_math.h). A GEMM per block cost more
// in call overhead than in arithmetic at these sizes, gathering the blocks would copy more than
// the attention reads, and walking all blocks once per query missed the cache on every block.
void attention_per_block(float* out, const float* q_rows, int ldq, const PagedKv& kv, int n_past,
                         int T, const HeadShape& heads, float* last_probs) {
    const int hd = heads.head_dim, ldkv = heads.kv_dim(), ldo = heads.q_dim();
    const int group = heads.group();
    const int bs = kv.block_size;
    const float scale = 1.0f / std::sqrt(static_cast<float>(hd));
    const int n_total = n_past + T;
    // Query t sees keys [0, n_past + t]; a block starting at key0 is seen by t >= key0 - n_past.
    auto head = [&](int h) {
        thread_local std::vector<float> scores;  // [T, n_total]
        scores.resize(static_cast<std::size_t>(T) * n_total);
        auto row = [&](int t) { return scores.data() + static_cast<long>(t) * n_total; };
        const long kv_col = static_cast<long>(h / group) * hd;
        for (int key0 = 0; key0 < n_total; key0 += bs) {
            const float* k = kv.k_base + kv.block_table[key0 / bs] * kv.block_stride + kv_col;
            for (int t = std::max(0, key0 - n_past); t < T; ++t) {
                const float* q = q_rows + static_cast<long>(t) * ldq + h * hd;
                dot_rows(row(t) + key0, q, k, ldkv, std::min(bs, n_past + t + 1 - key0), hd, scale);
            }
        }
        for (int t = 0; t < T; ++t) {
            causal_softmax_row(row(t), n_past + t + 1, n_past + t + 1);
            float* o = out + static_cast<long>(t) * ldo + h * hd;
            std::fill(o, o + hd, 0.0f);
        }
        if (last_probs) {
            std::memcpy(last_probs + static_cast<long>(h) * n_total, row(T - 1),
                        n_total * sizeof(float));
        }
        for (int key0 = 0; key0 < n_total; key0 += bs) {
            const float* v = kv.v_base + kv.block_table[key0 / bs] * kv.block_stride + kv_col;
            for (int t = std::max(0, key0 - n_past); t < T; ++t) {
                float* o = out + static_cast<long>(t) * ldo + h * hd;
                accumulate_rows(o, row(t) + key0, v, ldkv, std::min(bs, n_past + t + 1 - key0), hd);
            }
        }
    };
    // Heads are independent; split when there is enough work to share (a wake-up costs
    // microseconds).
    for_tasks(heads.n_head, static_cast<long>(T) * n_total >= 1024, head);
}

}  // namespace

void attention(float* out, const float* q, int ldq, const PagedKv& kv, int n_past, int T,
               const HeadShape& heads, float* last_probs) {
    if (T <= kPerBlockMaxTokens) {
        attention_per_block(out, q, ldq, kv, n_past, T, heads, last_probs);
        return;
    }
    const int bs = kv.block_size;
    const int n_total = n_past + T;
    const int n_blocks = (n_total + bs - 1) / bs;
    const int D = heads.kv_dim();
    // Each visible block's K and V copied once into contiguous rows: the GEMMs then run over
    // all visible keys at once instead of one small GEMM per block.
    thread_local std::vector<float> k, v;
    const std::size_t need = static_cast<std::size_t>(n_total) * D;
    if (k.size() < need) {
        k.resize(need);
        v.resize(need);
    }
    for (int kb = 0; kb < n_blocks; ++kb) {
        const int key0 = kb * bs;
        const std::size_t rows = static_cast<std::size_t>(std::min(bs, n_total - key0));
        const long base = kv.block_table[kb] * kv.block_stride;
        std::memcpy(k.data() + static_cast<std::size_t>(key0) * D, kv.k_base + base,
                    rows * D * sizeof(float));
        std::memcpy(v.data() + static_cast<std::size_t>(key0) * D, kv.v_base + base,
                    rows * D * sizeof(float));
    }
    attention_dense(out, q, ldq, k.data(), v.data(), D, n_past, T, heads, last_probs);
}

void attention(float* out, const float* qkv, const PagedKv& kv, int n_past, int T, int C,
               int n_head, float* last_probs) {
    attention(out, qkv, 3 * C, kv, n_past, T, HeadShape{n_head, n_head, C / n_head}, last_probs);
}

}  // namespace pl::cpu
