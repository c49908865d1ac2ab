// The transformer's ops on the CPU, as plain functions with explicit shapes (row-major).
// They are the `--backend cpu` path and the oracle every Vulkan kernel is tested against.
#pragma once

#include <cstdint>

namespace pl::cpu {

// The number of threads OpenBLAS may use: a process-wide setting of the library, not ours.
// Its threaded kernels split sums differently for different counts, so the last bits of a
// result (e.g. max_abs_diff_vs_full) follow the machine's core count; with one thread they are
// the same on every machine that runs the same BLAS kernels.
void set_blas_threads(int threads);

// out[t,:] = wte[tokens[t],:] + wpe[pos0 + t,:]
void embedding(float* out, const int32_t* tokens, const float* wte, const float* wpe, int pos0,
               int T, int C);

// out[t,:] = (in[t,:] - mean) / sqrt(var + eps) * w + b
void layernorm(float* out, const float* in, const float* w, const float* b, int T, int C,
               float eps);

// out[T,N] = in[T,K] @ w[K,N] + bias[N]   (w in GPT-2's Conv1D layout; bias may be null)
void matmul(float* out, const float* in, const float* w, const float* bias, int T, int K, int N);

// x = gelu(x), tanh approximation, n values
void gelu(float* x, long n);

// x += y, n values
void residual_add(float* x, const float* y, long n);

// out[V] = in[C] @ wte[V,C]^T   (the tied output head, one row)
void logits(float* out, const float* in, const float* wte, int V, int C);

// Causal self-attention for T new tokens at positions [n_past, n_past+T) over a paged KV pool.
// qkv: [T, 3C] (q | k | v). K of position p, head h lives at
//   k_pool + block_offset(block_table[p / bs]) + (p % bs) * C + h * hd, and V likewise in v_pool.
// The new tokens' K and V must already be stored in the pool. out: [T, C].
struct PagedKv {
    const float* k_base;  // base of the pool for this layer's K
    const float* v_base;  // base of the pool for this layer's V
    long block_stride;    // floats between consecutive physical blocks
    const int32_t* block_table;
    int block_size;
};
void attention(float* out, const float* qkv, const PagedKv& kv, int n_past, int T, int C,
               int n_head);

}  // namespace pl::cpu
