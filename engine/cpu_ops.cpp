#include "cpu_ops.h"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace pl::cpu {

void embedding(float* out, const int32_t* tokens, const float* wte, const float* wpe, int pos0,
               int T, int C) {
    for (int t = 0; t < T; ++t) {
        const float* te = wte + static_cast<long>(tokens[t]) * C;
        const float* pe = wpe + static_cast<long>(pos0 + t) * C;
        float* o = out + static_cast<long>(t) * C;
        for (int c = 0; c < C; ++c)
            o[c] = te[c] + pe[c];
    }
}

void layernorm(float* out, const float* in, const float* w, const float* b, int T, int C,
               float eps) {
    for (int t = 0; t < T; ++t) {
        const float* x = in + static_cast<long>(t) * C;
        float* o = out + static_cast<long>(t) * C;
        // Two passes in double: the mean first, then the variance about it, so a large offset
        // does not cancel the variance away.
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
        const double rstd = 1.0 / std::sqrt(var + eps);
        for (int c = 0; c < C; ++c) {
            o[c] = static_cast<float>((x[c] - mean) * rstd) * w[c] + b[c];
        }
    }
}

void matmul(float* out, const float* in, const float* w, const float* bias, int T, int K, int N) {
    if (bias) {
        for (int t = 0; t < T; ++t)
            std::memcpy(out + static_cast<long>(t) * N, bias, N * 4ul);
    }
    if (T == 1) {
        cblas_sgemv(CblasRowMajor, CblasTrans, K, N, 1.0f, w, N, in, 1, bias ? 1.0f : 0.0f, out, 1);
    } else {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, T, N, K, 1.0f, in, K, w, N,
                    bias ? 1.0f : 0.0f, out, N);
    }
}

void gelu(float* x, long n) {
    const float k = std::sqrt(2.0f / static_cast<float>(M_PI));
    for (long i = 0; i < n; ++i) {
        const float v = x[i];
        x[i] = 0.5f * v * (1.0f + std::tanh(k * (v + 0.044715f * v * v * v)));
    }
}

void residual_add(float* x, const float* y, long n) {
    for (long i = 0; i < n; ++i)
        x[i] += y[i];
}

void logits(float* out, const float* in, const float* wte, int V, int C) {
    cblas_sgemv(CblasRowMajor, CblasNoTrans, V, C, 1.0f, wte, C, in, 1, 0.0f, out, 1);
}

void attention(float* out, const float* qkv, const PagedKv& kv, int n_past, int T, int C,
               int n_head) {
    const int hd = C / n_head;
    const float scale = 1.0f / std::sqrt(static_cast<float>(hd));
    const int n_total = n_past + T;
    std::vector<float> scores(n_total);
    for (int t = 0; t < T; ++t) {
        const int pos = n_past + t;
        for (int h = 0; h < n_head; ++h) {
            const float* q = qkv + static_cast<long>(t) * 3 * C + h * hd;
            float max_s = -INFINITY;
            // Causal: position pos sees positions 0..pos, read through the block table.
            for (int p = 0; p <= pos; ++p) {
                const long off = kv.block_table[p / kv.block_size] * kv.block_stride +
                                 static_cast<long>(p % kv.block_size) * C + h * hd;
                const float* k = kv.k_base + off;
                float s = 0.0f;
                for (int d = 0; d < hd; ++d)
                    s += q[d] * k[d];
                s *= scale;
                scores[p] = s;
                max_s = std::max(max_s, s);
            }
            float sum = 0.0f;
            for (int p = 0; p <= pos; ++p) {
                scores[p] = std::exp(scores[p] - max_s);
                sum += scores[p];
            }
            const float inv = 1.0f / sum;
            float* o = out + static_cast<long>(t) * C + h * hd;
            std::fill(o, o + hd, 0.0f);
            for (int p = 0; p <= pos; ++p) {
                const long off = kv.block_table[p / kv.block_size] * kv.block_stride +
                                 static_cast<long>(p % kv.block_size) * C + h * hd;
                const float* v = kv.v_base + off;
                const float a = scores[p] * inv;
                for (int d = 0; d < hd; ++d)
                    o[d] += a * v[d];
            }
        }
    }
}

}  // namespace pl::cpu
