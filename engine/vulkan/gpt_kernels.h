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
    // out[r,:] = layernorm(in[row0 + r,:]) for r in [0, T).
    void layernorm(VkCommandBuffer cmd, BufferRange out, BufferRange in, BufferRange w,
                   BufferRange b, int row0, int T, int C, float eps) const;
    // out[T,N] (epilogue) in[T,K] @ w[K,N] + bias; kQkv also needs `kv`.
    void matmul(VkCommandBuffer cmd, BufferRange out, BufferRange in, BufferRange w,
                BufferRange bias, int T, int K, int N, Epilogue epi,
                const PagedKvBinding* kv = nullptr,
                KernelChoice choice = KernelChoice::kAuto) const;
    // Causal attention of T new tokens (qkv: [T, 3C]) over the pool; out: [T, C]. With a probe,
    // the kernel that runs also writes the scores it used for new token `probe->row` and, per
    // head, its softmax's max and sum (AttentionProbe): forward_attention's read-back.
    void attention(VkCommandBuffer cmd, BufferRange out, BufferRange qkv, const PagedKvBinding& kv,
                   int T, int C, int n_head, KernelChoice choice = KernelChoice::kAuto,
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
    Kernel embedding_, layernorm_, attention_, attention_decode_, attention_rows_, logits_;
    Kernel decode_attention_, decode_mlp_, decode_residual_ln_;
    uint32_t decode_wg_ = 0;               // the decode layer's workgroup: one subgroup
    uint32_t tile_tm_ = 4, tile_tn4_ = 4;  // of matmul_ (the narrow or the wide variants)
    Kernel matmul_[4], matmul_small_[4], matvec_[4], matvec_rows_[4];  // indexed by Epilogue
};

}  // namespace pl::vk
