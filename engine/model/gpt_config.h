#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace pl {

// The largest sizes config.json may give; read_config refuses more before anything is allocated.
// Far above any GPT-2 (XL: 48 layers, 25 heads, 1,600 wide, 1,024 positions, 50,257 tokens) and
// any Llama-family model the CPU twin could hold (Llama 3.1 8B: 32 layers, 4,096 wide, 14,336
// MLP, 128,256 tokens).
inline constexpr int kMaxLayers = 256;
inline constexpr int kMaxHeads = 1024;
inline constexpr int kMaxEmbd = 16384;
inline constexpr int kMaxHeadDim = 1024;
inline constexpr int kMaxFeedForward = 1 << 17;
inline constexpr int kMaxPositions = 131072;
inline constexpr int kMaxVocab = 1 << 20;

// The architectures `--model` serves (SPEC §5, §5.1). GPT-2 is one row among them: each field of
// GptConfig below says how the forward differs, and the CPU twin switches on those fields, never
// on the family itself (the family names the file's model_type for messages and the weight names).
enum class ModelFamily { Gpt2, Llama, Mistral, Qwen2, Qwen3 };
const char* family_name(ModelFamily family);  // "gpt2", "llama", ... as config.json spells it

enum class NormKind {
    LayerNorm,  // (x - mean) / sqrt(var + eps) * w + b                     (GPT-2)
    RmsNorm     // x / sqrt(mean(x^2) + eps) * w                             (Llama family)
};
enum class PositionKind {
    Learned,  // a learned position embedding added to the token embedding   (GPT-2's wpe)
    Rope      // rotary positions applied to q and k in every layer         (Llama family)
};
enum class MlpKind {
    GeluFc,  // fc -> gelu (tanh approximation) -> proj, with biases         (GPT-2)
    SwiGlu   // down(silu(gate(x)) * up(x))                                  (Llama family)
};

// rope_scaling of type "llama3" (Llama 3.1 and later): long wavelengths are divided by `factor`,
// short ones kept, the band between low_freq_factor and high_freq_factor blended smoothly.
struct RopeScaling {
    bool llama3 = false;
    float factor = 1.0f;
    float low_freq_factor = 1.0f;
    float high_freq_factor = 4.0f;
    int original_max_positions = 8192;
};

// The hyper-parameters and the architecture of a model, as its config.json gives them. The
// defaults describe GPT-2, so a GPT-2 config (SPEC §5) reads as before.
struct GptConfig {
    ModelFamily family = ModelFamily::Gpt2;
    int n_layer = 0;
    int n_head = 0;
    int n_embd = 0;  // the residual stream's width (hidden_size)
    int n_positions = 0;
    int vocab_size = 0;
    float layer_norm_epsilon = 1e-5f;  // eps of every norm, LayerNorm or RMSNorm (rms_norm_eps)

    NormKind norm = NormKind::LayerNorm;
    PositionKind positions = PositionKind::Learned;
    MlpKind mlp = MlpKind::GeluFc;
    int n_kv_head = 0;   // K/V heads; 0: n_head. Fewer: grouped-query attention (1: multi-query)
    int n_head_dim = 0;  // width of one head; 0: n_embd / n_head
    int n_ff = 0;        // the MLP's inner width; 0: 4 * n_embd
    float rope_theta = 10000.0f;
    RopeScaling rope_scaling;
    bool qkv_bias = true;   // q, k and v projections have biases
    bool o_bias = true;     // the attention output projection has a bias
    bool mlp_bias = true;   // the MLP's matrices have biases
    bool qk_norm = false;   // RMSNorm over each head of q and k before RoPE (Qwen3)
    bool tied_head = true;  // the output head is the token embedding (else lm_head.weight)

    // Without n_head_dim (GPT-2) the width is split into the heads, so q_dim and kv_dim are
    // n_embd even where a caller filled in only the sizes it needs (a policy trace's config).
    int head_dim() const {
        return n_head_dim > 0 ? n_head_dim : (n_head > 0 ? n_embd / n_head : 0);
    }
    int kv_heads() const { return n_kv_head > 0 ? n_kv_head : n_head; }
    int q_dim() const { return n_head_dim > 0 ? n_head * n_head_dim : n_embd; }
    // One token's K (or V) in one layer.
    int kv_dim() const { return kv_heads() == n_head ? q_dim() : kv_heads() * head_dim(); }
    int ff_dim() const { return n_ff > 0 ? n_ff : 4 * n_embd; }
    int qkv_dim() const { return q_dim() + 2 * kv_dim(); }  // the fused q | k | v projection
    bool is_gpt2() const { return family == ModelFamily::Gpt2; }

    // KV bytes per token in f32: K and V, every layer, kv_dim values each (the KV heads only: a
    // grouped-query model stores n_kv_head heads, not n_head).
    std::size_t kv_bytes_per_token() const {
        return 2ull * static_cast<std::size_t>(n_layer) * static_cast<std::size_t>(kv_dim()) * 4ull;
    }
    // Multiply-adds of one forward pass over T tokens with `past` cached tokens, counted as
    // 2 FLOPs each: the matmuls plus attention (QK^T and PV) plus the logits of the last token.
    double forward_flops(std::size_t past, std::size_t T) const;
};

// A tensor the architecture does not have (a bias of a Llama projection, GPT-2's q_norm).
inline constexpr std::size_t kNoTensor = std::numeric_limits<std::size_t>::max();

// Offsets (in floats) of one layer's tensors inside GptModel::params(). Every matrix is stored
// [in, out], row-major (GPT-2's Conv1D layout; a Llama checkpoint's [out, in] is transposed at
// load), so one matmul serves every family. Optional tensors are kNoTensor when absent.
struct LayerOffsets {
    std::size_t ln1_w, ln1_b;    // [C]; ln1_b absent for RMSNorm
    std::size_t qkv_w, qkv_b;    // [C, q + 2 kv], [q + 2 kv]   (q | k | v along out)
    std::size_t proj_w, proj_b;  // [q, C],  [C]
    std::size_t ln2_w, ln2_b;
    std::size_t fc_w, fc_b;    // GeluFc: [C, F], [F].  SwiGlu: [C, 2F] (gate | up), no bias
    std::size_t fc2_w, fc2_b;  // [F, C], [C]
    std::size_t q_norm = kNoTensor, k_norm = kNoTensor;  // [head_dim] each (Qwen3)
};

struct GptOffsets {
    std::size_t wte;  // [vocab, C]; also the output head when tied
    std::size_t wpe;  // [n_positions, C]; absent with rotary positions
    std::vector<LayerOffsets> layers;
    std::size_t lnf_w, lnf_b;
    std::size_t head = kNoTensor;  // [vocab, C] (lm_head.weight as stored); absent when tied
};

}  // namespace pl
