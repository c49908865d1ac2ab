// The transformer's GPU ops as plain record functions with explicit shapes, mirroring
// engine/cpu_ops.h one for one (the CPU twin is each kernel's oracle in tests). Each call
// records one dispatch (a few for ops split by binding size) into a command buffer; the caller
// puts barriers between dependent ops and labels them.
#pragma once

#include <cstdint>

#include "core/error.h"
#include "vulkan/compute_kernel.h"

namespace pl::vk {

class Context;

enum class Epilogue { kNone, kGelu, kResidual, kQkv };
// kAuto picks by the number of new tokens T: kVector (one row per workgroup) up to
// vector_max_rows, kRows (a few rows per workgroup, every weight or K/V load shared by them) up
// to rows_max_rows, kTiled beyond.
enum class KernelChoice { kAuto, kTiled, kVector, kRows };

// The paged KV pool of one layer and where the new tokens sit in it.
struct PagedKvBinding {
    BufferRange block_table;  // int32 physical block ids, position p in entry p / block_size
    BufferRange k_pool;       // [capacity_blocks][block_size][C] f32
    BufferRange v_pool;
    int n_past = 0;  // position of the first new token
    int block_size = 16;
};

// Where an attention kernel writes what it used for one query (floats in `buffer`): the scores
// [n_head][n_past + row + 1] from `scores`, and [n_head][2] (the softmax's max m and sum l of
// exp(score - m)) from `stats`. The probability of key k in head h is exp(score - m) / l.
struct AttentionProbe {
    BufferRange buffer;
    int row = 0;  // among the T new tokens
    uint32_t scores = 0;
    uint32_t stats = 0;
};

// Workgroup shapes (specialization constants). Inputs bound to kernels are texel buffers
// (BufferRange::view set) except outputs, the residual stream and the KV pool written by the
// QKV epilogue, which are storage buffers; see shaders/common.glsl for why. The defaults are a
// GPU's; for_device changes what a CPU driver wants otherwise.
struct KernelTuning {
    uint32_t matmul_wg = 64;
    // The tiled matmul's register tile: 4 rows x 4 vec4 columns per invocation, or the wide
    // 8 x 8 one (shaders/shader_variants.cmake says why a CPU driver wants it).
    bool wide_matmul = false;
    uint32_t matvec_wg = 32, matvec_ks = 8;
    uint32_t attention_wg = 64, attention_decode_wg = 64;
    uint32_t logits_wg = 64;
    // At or below this many new tokens the matrix-vector and decode-attention kernels run.
    int vector_max_rows = 4;
    // Above that and up to this many, their multi-row variants (the suffix after a cache hit).
    // Measured on llvmpipe (CPU time, K x N = 256 x 1,024 and 1,024 x 256): the 8-row
    // matrix-vector kernel takes a half to a third of the wide tile's time at 16 rows, the same
    // at 32, and 1.3x its time at 48-128 rows. Not measured on a GPU, where the tiled kernels
    // fill the device sooner.
    int rows_max_rows = 32;
    // The same bound for attention alone: its multi-row kernel (lanes split the keys) may win
    // for every length on a device where the one-query-per-lane kernel wastes its K/V loads.
    int attention_rows_max_rows = 32;
    // Decode (one new token) as two dispatches per layer (shaders/decode_layer.comp) instead
    // of seven. On a CPU driver every dispatch costs a hand-off to its worker threads; a GPU
    // keeps the separate kernels, which spread one token over more workgroups.
    bool fused_decode = false;
    // Picks values for the device: lavapipe (a CPU) wants different shapes than a GPU.
    static KernelTuning for_device(const Context& ctx);
};

// The heads one attention call covers. Query head h reads KV head h / (n_head / n_kv_head)
// (grouped-query attention; n_kv_head == n_head: one each, as GPT-2). q_stride: floats from one
// token's query row to the next (3 n_embd in GPT-2's fused q|k|v rows). The pool's rows are
// n_kv_head x head_dim wide, the output's n_head x head_dim.
struct AttentionHeads {
    int n_head = 0;
    int n_kv_head = 0;
    int q_stride = 0;
};

// The rotary step's heads (rope_qkv): qk_norm for Qwen3's per-head q_norm and k_norm.
struct RopeHeads {
    int n_head = 0;
    int n_kv_head = 0;
    bool qk_norm = false;
    float eps = 1e-6f;
    int rope_row0 = 0;  // the row of `rope` that new token 0 takes
};

class GptKernels {
  public:
    // head_dim is baked into the attention kernels (it sizes their register arrays); n_embd,
    // when given, sizes the decode layer's row in registers (without it there is no decode
    // layer).
    static Result<GptKernels> create(const Context& ctx, int head_dim, const KernelTuning& tuning,
                                     int n_embd = 0);

    const KernelTuning& tuning() const { return tuning_; }

    // out[t,:] = wte[tokens[tok0+t],:] + wpe[pos0+t,:] for tokens in [v0, v1); `wte` is bound
    // to rows [v0, v1) only.
    void embedding(VkCommandBuffer cmd, BufferRange out, BufferRange tokens, BufferRange wte,
                   BufferRange wpe, int tok0, int pos0, int T, int C, int v0, int v1) const;
    // The same for a model with rotary positions: out[t,:] = wte[tokens[tok0+t],:].
    void token_embedding(VkCommandBuffer cmd, BufferRange out, BufferRange tokens, BufferRange wte,
                         int tok0, int T, int C, int v0, int v1) const;
    // out[r,:] = layernorm(in[row0 + r,:]) for r in [0, T).
    void layernorm(VkCommandBuffer cmd, BufferRange out, BufferRange in, BufferRange w,
                   BufferRange b, int row0, int T, int C, float eps) const;
    // out[r,:] = in[row0 + r,:] / sqrt(mean(in[row0 + r,:]^2) + eps) * w (RMSNorm).
    void rmsnorm(VkCommandBuffer cmd, BufferRange out, BufferRange in, BufferRange w, int row0,
                 int T, int C, float eps) const;
    // The rotary step between the q|k|v projection (qkv: [T][(n_head + 2 n_kv_head) head_dim],
    // biases added) and attention: each query and key head normalised (heads.qk_norm) and
    // turned by its position, queries into q_out [T][n_head head_dim], keys and values into the
    // pool at positions kv.n_past.. (shaders/rope_qkv.comp). rope: [rows][cos | sin][head_dim / 2],
    // new token t at row heads.rope_row0 + t. q_norm and k_norm are read only with heads.qk_norm.
    // Needs a head size that is a multiple of 8 (has_rope()).
    bool has_rope() const { return rope_qkv_.valid(); }
    void rope_qkv(VkCommandBuffer cmd, BufferRange q_out, BufferRange qkv, BufferRange rope,
                  BufferRange q_norm, BufferRange k_norm, const PagedKvBinding& kv, int T,
                  const RopeHeads& heads) const;
    // out[t, j] = silu(in[t, j]) * in[t, F + j] for j in [0, F): the SwiGLU gate, `in` holding
    // the gate and up projections side by side.
    void swiglu(VkCommandBuffer cmd, BufferRange out, BufferRange in, int T, int F) const;
    // out[T,N] (epilogue) in[T,K] @ w[K,N] + bias; kQkv also needs `kv`.
    void matmul(VkCommandBuffer cmd, BufferRange out, BufferRange in, BufferRange w,
                BufferRange bias, int T, int K, int N, Epilogue epi,
                const PagedKvBinding* kv = nullptr,
                KernelChoice choice = KernelChoice::kAuto) const;
    // Causal attention of T new tokens over the pool: queries from q (rows heads.q_stride
    // floats apart, head h at h * head_dim), out: [T][n_head head_dim]. With a probe, the kernel
    // that runs also writes the scores it used for new token `probe->row` and, per head, its
    // softmax's max and sum (AttentionProbe): forward_attention's read-back.
    void attention(VkCommandBuffer cmd, BufferRange out, BufferRange q, const PagedKvBinding& kv,
                   int T, const AttentionHeads& heads, KernelChoice choice = KernelChoice::kAuto,
                   const AttentionProbe* probe = nullptr) const;
    // out[v0 + r] = x . wte[r,:] for r in [0, rows); `wte` bound to rows [v0, v0 + rows).
    void logits(VkCommandBuffer cmd, BufferRange out, BufferRange x, BufferRange wte, int v0,
                int rows, int C) const;

    // A decode layer in two dispatches (shaders/decode_layer.comp; a barrier after each). The
    // residual row is never added to in place: each dispatch forms it from the row before and
    // the previous dispatch's output, kept as partial rows, and its workgroup 0 stores it in the
    // other residual buffer (DecodeResidual says which).
    //   decode_attention: r = x_in + (sum of r.parts + r.bias); x_out = r; layernorm 1, q/k/v
    //     (k and v also into the pool at kv.n_past), attention over the pool's n_past keys and
    //     the new one, and per head h heads[h,:] = att_h @ proj_w[h*hd .. h*hd + hd, :]. One
    //     workgroup per head.
    //   decode_mlp: r = x_in + (sum_h heads[h,:] + proj_b); x_out = r; layernorm 2; each of
    //     decode_mlp_groups(C) workgroups takes a share of the hidden columns and writes its
    //     share of their product with fc2_w as parts[g,:] (fc2_b not added).
    //   decode_residual_ln: ln = layernorm(x_in + (sum of parts + bias)), for ln_f.
    // Bind every input with its texel view. Valid only when has_decode_layer().
    struct DecodeResidual {
        BufferRange x_in, x_out;
        BufferRange parts, bias;  // parts: n_parts rows of C floats (n_parts 0: none)
        int n_parts = 0;
    };
    bool has_decode_layer() const { return decode_attention_.valid(); }
    int decode_mlp_groups(int C) const;
    void decode_attention(VkCommandBuffer cmd, BufferRange heads, const DecodeResidual& r,
                          BufferRange ln_w, BufferRange ln_b, BufferRange qkv_w, BufferRange qkv_b,
                          BufferRange proj_w, const PagedKvBinding& kv, int C, int n_head,
                          float eps) const;
    void decode_mlp(VkCommandBuffer cmd, BufferRange parts, const DecodeResidual& r,
                    BufferRange ln_w, BufferRange ln_b, BufferRange fc_w, BufferRange fc_b,
                    BufferRange fc2_w, int C, float eps) const;
    void decode_residual_ln(VkCommandBuffer cmd, BufferRange ln, const DecodeResidual& r,
                            BufferRange ln_w, BufferRange ln_b, int C, float eps) const;

    // The kernel a matmul/attention call with these arguments records (for labels and timing).
    const char* matmul_kernel_name(int T, Epilogue epi, KernelChoice choice) const;

  private:
    const Kernel& matmul_kernel(int T, Epilogue epi, KernelChoice choice) const;
    KernelChoice resolve(int T, KernelChoice choice, int rows_max) const;

    KernelTuning tuning_;
    int head_dim_ = 0;
    Kernel embedding_, embedding_tokens_, layernorm_, rmsnorm_, rope_qkv_, swiglu_;
    Kernel attention_, attention_decode_, attention_rows_, logits_;
    Kernel decode_attention_, decode_mlp_, decode_residual_ln_;
    uint32_t decode_wg_ = 0;               // the decode layer's workgroup: one subgroup
    uint32_t tile_tm_ = 4, tile_tn4_ = 4;  // of matmul_ (the narrow or the wide variants)
    Kernel matmul_[4], matmul_small_[4], matvec_[4], matvec_rows_[4];  // indexed by Epilogue
};

}  // namespace pl::vk
