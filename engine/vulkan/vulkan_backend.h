// The GPT-2 forward pass on Vulkan compute: the same contract as CpuBackend (engine/backend.h),
// with the weights, the paged KV pool and the activations resident on the device.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/backend.h"
#include "model/gpt_model.h"
#include "vulkan/vulkan_context.h"

namespace pl {

class VulkanBackend final : public InferenceBackend {
  public:
    // Creates the device, uploads the weights once and allocates the KV pool
    // (layout.capacity_blocks blocks of layout.block_size tokens; n_layer and n_embd are taken
    // from the model). No driver, no usable device or any failed Vulkan call is an Error whose
    // message says what was attempted; the CPU backend is the fallback.
    static Result<std::unique_ptr<VulkanBackend>> create(std::shared_ptr<const GptModel> model,
                                                         KvPoolLayout layout,
                                                         VulkanOptions options = {});
    ~VulkanBackend() override;

    std::string name() const override { return "vulkan"; }
    std::string device_name() const override;
    const KvPoolLayout& kv_layout() const override;
    const GptModel& model() const override;

    // One command buffer and one submit per call, however many tokens (long prefills run as
    // several passes of max_tokens_per_pass inside it). Not thread-safe: one caller at a time.
    Result<void> forward(std::span<const int32_t> block_table, int n_past,
                         std::span<const int32_t> tokens, std::span<float> logits,
                         ForwardStats* stats = nullptr) override;

    // forward(), with each layer's attention kernel also writing the scores it used for the last
    // token and its softmax's max and sum; read back here and turned into the probabilities it
    // applied (no second implementation of attention runs).
    Result<void> forward_attention(std::span<const int32_t> block_table, int n_past,
                                   std::span<const int32_t> tokens, std::span<float> logits,
                                   std::vector<float>& probs) override;

    void set_profiling(bool on) override;

    // Validation-layer warnings and errors seen since creation (0 when validation is off).
    int validation_message_count() const override;
    std::vector<std::string> validation_messages() const override;
    bool validation_enabled() const;

  private:
    struct Impl;
    explicit VulkanBackend(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace pl
