// One compute pipeline built from an embedded SPIR-V kernel, with push descriptors: every
// dispatch names its buffers when it is recorded, so no descriptor sets are allocated or
// tracked, and a persistent buffer can be bound at any offset.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>

#include "core/error.h"

namespace pl::vk {

class Context;

// A storage-buffer binding (buffer/offset/range) or, for a texel-buffer binding, a view.
struct BufferRange {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceSize offset = 0;
    VkDeviceSize range = VK_WHOLE_SIZE;
    VkBufferView view = VK_NULL_HANDLE;
};

class Kernel {
  public:
    // `shader` is a name known to pl::find_shader. `bindings` has one letter per binding:
    // 's' a storage buffer, 't' a uniform texel buffer (samplerBuffer, read through a view).
    // Spec constant i gets spec[i] (32-bit words: uint, or a float's bits).
    static Result<Kernel> create(const Context& ctx, const std::string& shader,
                                 const std::string& bindings, uint32_t push_bytes,
                                 std::initializer_list<uint32_t> spec = {});

    Kernel() = default;
    Kernel(const Kernel&) = delete;
    Kernel& operator=(const Kernel&) = delete;
    Kernel(Kernel&& o) noexcept { *this = std::move(o); }
    Kernel& operator=(Kernel&& o) noexcept;
    ~Kernel() { reset(); }

    const std::string& name() const { return name_; }
    bool valid() const { return pipeline_ != VK_NULL_HANDLE; }

    // Binds, pushes constants and dispatches. `bindings` must hold one range per binding and
    // `push` push_bytes bytes.
    void dispatch(VkCommandBuffer cmd, std::span<const BufferRange> bindings, const void* push,
                  uint32_t gx, uint32_t gy = 1, uint32_t gz = 1) const;

  private:
    void reset();

    VkDevice device_ = VK_NULL_HANDLE;
    PFN_vkCmdPushDescriptorSetKHR push_descriptor_ = nullptr;
    VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipeline pipeline_ = VK_NULL_HANDLE;
    std::string kinds_;
    uint32_t push_bytes_ = 0;
    std::string name_;
};

// Makes every shader write before it visible to every shader read and write after it.
void compute_barrier(VkCommandBuffer cmd);
// Makes shader writes visible to the host once the submission's fence has signalled.
void host_read_barrier(VkCommandBuffer cmd);

}  // namespace pl::vk
