// The CPU twin of the Vulkan transformer: the `--backend cpu` fallback and the test oracle.
#pragma once

#include <memory>
#include <vector>

#include "model/backend.h"
#include "model/gpt_model.h"

namespace pl {

namespace cpu {
class ThreadPool;
}

class CpuBackend final : public InferenceBackend {
  public:
    // The KV pool is host memory: capacity_blocks x layout.bytes_per_block().
    // Its ops split over cpu::default_threads() threads of its own.
    CpuBackend(std::shared_ptr<const GptModel> model, KvPoolLayout layout);
    ~CpuBackend() override;

    std::string name() const override { return "cpu"; }
    std::string device_name() const override;
    const KvPoolLayout& kv_layout() const override { return layout_; }
    const GptModel& model() const override { return *model_; }

    Result<void> forward(std::span<const int32_t> block_table, int n_past,
                         std::span<const int32_t> tokens, std::span<float> logits,
                         ForwardStats* stats = nullptr) override;
    Result<void> forward_attention(std::span<const int32_t> block_table, int n_past,
                                   std::span<const int32_t> tokens, std::span<float> logits,
                                   std::vector<float>& probs) override;

    // Pool layout on the host: [layer][K | V][block][slot][kv_dim]. One layer's blocks are
    // consecutive, 16 KB apart at C = 256: block-major, they were 128 KB apart, every block's
    // rows fell into the same cache sets, and attention over a long prefix missed on each.
    const float* k_block(int block, int layer) const;
    const float* v_block(int block, int layer) const;

  private:
    long block_floats() const;  // floats in one block of one layer's K (or V)
    float* k_slot(int block, int layer, int slot);
    float* v_slot(int block, int layer, int slot);
    // LayerNorm or RMSNorm of T rows of n_embd, as the model's config says.
    void norm(float* out, const float* in, std::size_t w, std::size_t b, int T) const;
    // out[T, N] = in[T, K] @ the matrix at w (+ the bias at b): the f32 matmul, or the 16-bit one
    // for a matrix the model keeps in its checkpoint's F16 or BF16 (cpu/half_matmul.h).
    void matmul(float* out, const float* in, std::size_t w, std::size_t b, int T, int K,
                int N) const;

    std::shared_ptr<const GptModel> model_;
    KvPoolLayout layout_;
    std::vector<float> pool_;
    std::unique_ptr<cpu::ThreadPool> threads_;
    // Scratch activations, grown to the largest forward seen.
    std::vector<float> x_, ln_, qkv_, att_, proj_, fc_, act_, rope_cos_, rope_sin_;
    std::vector<double> inv_freq_;  // rotary frequencies (head_dim / 2), when the model has them
    // Set by forward_attention for the forward it runs: where each layer's attention copies
    // its last query's probabilities.
    float* capture_ = nullptr;
};

}  // namespace pl
