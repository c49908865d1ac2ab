#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pl {

// The largest sizes config.json may give; read_config refuses more before anything is allocated.
// Far above any GPT-2 (XL: 48 layers, 25 heads, 1,600 wide, 1,024 positions, 50,257 tokens).
inline constexpr int kMaxLayers = 256;
inline constexpr int kMaxHeads = 1024;
inline constexpr int kMaxEmbd = 16384;
inline constexpr int kMaxPositions = 131072;
inline constexpr int kMaxVocab = 1 << 20;

// The hyper-parameters of a GPT-2 model, as in config.json (SPEC §5).
struct GptConfig {
    int n_layer = 0;
    int n_head = 0;
    int n_embd = 0;
    int n_positions = 0;
    int vocab_size = 0;
    float layer_norm_epsilon = 1e-5f;

    int head_dim() const { return n_embd / n_head; }
    // KV bytes per token in f32: K and V, every layer, n_embd values each.
    std::size_t kv_bytes_per_token() const {
        return 2ull * static_cast<std::size_t>(n_layer) * static_cast<std::size_t>(n_embd) * 4ull;
    }
    // Multiply-adds of one forward pass over T tokens with `past` cached tokens, counted as
    // 2 FLOPs each: the matmuls plus attention (QK^T and PV) plus the logits of the last token.
    double forward_flops(std::size_t past, std::size_t T) const;
};

// Offsets (in floats) of one layer's tensors inside GptModel::params(). Matrices keep GPT-2's
// Conv1D layout [in, out], row-major.
struct LayerOffsets {
    std::size_t ln1_w, ln1_b;
    std::size_t qkv_w, qkv_b;    // [C, 3C], [3C]   (q | k | v along out)
    std::size_t proj_w, proj_b;  // [C, C],  [C]
    std::size_t ln2_w, ln2_b;
    std::size_t fc_w, fc_b;    // [C, 4C], [4C]
    std::size_t fc2_w, fc2_b;  // [4C, C], [C]
};

struct GptOffsets {
    std::size_t wte;  // [vocab, C]; also the output head (tied)
    std::size_t wpe;  // [n_positions, C]
    std::vector<LayerOffsets> layers;
    std::size_t lnf_w, lnf_b;
};

}  // namespace pl
