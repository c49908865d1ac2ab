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

// Mean and 1/sqrt(variance + eps) of one row of C values, in double: what layernorm normalises
// with (and its backward recomputes).
struct RowStats {
    double mean;
    double rstd;
};
RowStats row_stats(const float* x, int C, float eps);

// Attention's softmax of one score row in place: row[0 .. visible) become probabilities (float
// max, exp, sum, one multiply; vectorised, cpu/vec_math.h), row[visible .. n) zero (the keys a
// query may not see).
void causal_softmax_row(float* row, int visible, int n);

// out[t,:] = (in[t,:] - mean) / sqrt(var + eps) * w + b
void layernorm(float* out, const float* in, const float* w, const float* b, int T, int C,
               float eps);

// out[T,N] = in[T,K] @ w[K,N] + bias[N]   (w in GPT-2's Conv1D layout; bias may be null)
void matmul(float* out, const float* in, const float* w, const float* bias, int T, int K, int N);

// x = gelu(x), tanh approximation, n values (vectorised, cpu/vec_math.h)
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
// Up to kPerBlockMaxTokens new tokens (decode, or a short question after a reused prefix), each
// query walks its visible blocks in place on the paged KV, in vector code: copying every block
// for a few queries would cost more than the attention itself. More (prefill), each visible
// block's K and V gathered once into contiguous rows, then attention_dense.
inline constexpr int kPerBlockMaxTokens = 32;
// last_probs, when not null, receives the last query's probabilities, [n_head][n_past + T]: the
// rows the op itself computed and used, copied out (CpuBackend::forward_attention).
void attention(float* out, const float* qkv, const PagedKv& kv, int n_past, int T, int C,
               int n_head, float* last_probs = nullptr);

// Causal attention over dense K and V: query t (row t of q, row stride ldq) sits at position
// n_past + t and sees keys 0 .. n_past + t (rows of k and v, row stride ldkv). Tiles of query
// rows run QK^T and PV as GEMMs over only the keys the tile can see. out: [T, C].
void attention_dense(float* out, const float* q, int ldq, const float* k, const float* v, int ldkv,
                     int n_past, int T, int C, int n_head, float* last_probs = nullptr);

// Query rows per tile of attention_dense.
inline constexpr int kAttentionTile = 128;

// One tile's probabilities, head h: probs[nq, nk] = softmax over the visible keys of
// scale * Q[t0 .. t0+nq) K[0 .. nk)^T, masked entries zero (query t0 + i sees n_past + t0 + i + 1
// keys). Shared with the trainer's backward, so both see the scores the engine computes.
void attention_tile_probs(float* probs, const float* q, int ldq, const float* k, int ldkv,
                          int n_past, int t0, int nq, int nk, int hd, int h, float scale);

}  // namespace pl::cpu
