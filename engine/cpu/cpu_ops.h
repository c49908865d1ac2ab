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

// out[t,:] = wte[tokens[t],:] + wpe[pos0 + t,:]; without wpe (null: rotary positions) the token
// rows alone.
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

// The Llama family's ops (SPEC §5.1).

// out[t,:] = in[t,:] / sqrt(mean(in[t,:]^2) + eps) * w   (RMSNorm; the mean in double)
void rms_norm(float* out, const float* in, const float* w, int T, int C, float eps);

// RMSNorm of every head in place: x[t, h*hd .. (h+1)*hd) for t < T (row stride ldx), h < n_heads,
// each normalised over its hd values and scaled by w[hd] (Qwen3's q_norm and k_norm).
void rms_norm_heads(float* x, long ldx, int T, int n_heads, int hd, const float* w, float eps);

// Rotary frequencies inv_freq[i] = theta^(-2i / hd), i < hd / 2. With llama3 (Llama 3.1's
// rope_scaling): wavelengths 2 pi / f longer than original_max / low_freq_factor are divided by
// `factor`, those shorter than original_max / high_freq_factor kept, and the band between
// blended linearly in original_max / wavelength.
struct RopeParams {
    float theta = 10000.0f;
    bool llama3 = false;
    float factor = 1.0f, low_freq_factor = 1.0f, high_freq_factor = 4.0f;
    int original_max_positions = 8192;
};
void rope_inv_freq(double* inv_freq, int hd, const RopeParams& p);

// cos and sin of (pos0 + t) * inv_freq[i], [T, hd / 2] each, in double before rounding: the
// angle reaches 10^5 radians at long positions, where a float angle is off by 10^-2.
void rope_table(float* cos_out, float* sin_out, const double* inv_freq, int hd, int pos0, int T);

// Rotary positions in place, Transformers' rotate-half layout: in each head, value i pairs with
// value i + hd/2 (not with its neighbour, as the original paper and GPT-J interleave):
//   x[i] <- x[i] cos - x[i + hd/2] sin,   x[i + hd/2] <- x[i + hd/2] cos + x[i] sin.
// x: T rows of stride ldx, n_heads heads of hd values at the start of each row.
void rope(float* x, long ldx, int T, int n_heads, int hd, const float* cos_t, const float* sin_t);

// out[t, i] = silu(gu[t, i]) * gu[t, F + i], silu(g) = g / (1 + exp(-g)): SwiGLU over the fused
// gate | up projection [T, 2F] into [T, F].
void swiglu(float* out, const float* gu, int T, int F);

// out[T,N] = in[T,K] @ w[K,N] + bias[N]   (w in GPT-2's Conv1D layout; bias may be null)
void matmul(float* out, const float* in, const float* w, const float* bias, int T, int K, int N);

// x = gelu(x), tanh approximation, n values (vectorised, cpu/vec_math.h)
void gelu(float* x, long n);

// x += y, n values
void residual_add(float* x, const float* y, long n);

// out[V] = in[C] @ wte[V,C]^T   (the output head, one row: the tied embedding or lm_head)
void logits(float* out, const float* in, const float* wte, int V, int C);

// The heads of attention: n_head query heads of head_dim values; K and V have n_kv_head heads,
// each shared by n_head / n_kv_head consecutive query heads (grouped-query attention; one KV
// head: multi-query; as many as query heads: GPT-2's multi-head).
struct HeadShape {
    int n_head = 0;
    int n_kv_head = 0;
    int head_dim = 0;
    int q_dim() const { return n_head * head_dim; }
    int kv_dim() const { return n_kv_head * head_dim; }
    int group() const { return n_head / n_kv_head; }  // query heads per KV head
};

// Causal self-attention for T new tokens at positions [n_past, n_past+T) over a paged KV pool.
// q: [T, ldq], query head h in columns [h * hd, (h + 1) * hd). K of position p, KV head g lives
// at k_base + block_table[p / bs] * block_stride + (p % bs) * kv_dim + g * hd, V likewise.
// The new tokens' K and V must already be stored in the pool. out: [T, q_dim].
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
void attention(float* out, const float* q, int ldq, const PagedKv& kv, int n_past, int T,
               const HeadShape& heads, float* last_probs = nullptr);
// GPT-2's multi-head case: qkv [T, 3C] (q | k | v), n_head heads of C / n_head.
void attention(float* out, const float* qkv, const PagedKv& kv, int n_past, int T, int C,
               int n_head, float* last_probs = nullptr);

// Causal attention over dense K and V: query t (row t of q, row stride ldq) sits at position
// n_past + t and sees keys 0 .. n_past + t (rows of k and v, row stride ldkv). Tiles of query
// rows run QK^T and PV as GEMMs over only the keys the tile can see. out: [T, q_dim].
void attention_dense(float* out, const float* q, int ldq, const float* k, const float* v, int ldkv,
                     int n_past, int T, const HeadShape& heads, float* last_probs = nullptr);
// The multi-head case, out [T, C] with n_head heads of C / n_head.
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
