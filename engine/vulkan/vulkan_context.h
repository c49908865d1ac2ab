// The Vulkan runtime the compute backend sits on: instance, one device and queue, validation
// messages, memory, a persisted pipeline cache, and the command buffer used for uploads.
// Nothing here knows about transformers; vulkan_backend.* does.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "core/error.h"

namespace pl {

struct VulkanOptions {
    // Index into vkEnumeratePhysicalDevices; -1 picks the first discrete GPU, then integrated,
    // then virtual, then a CPU implementation such as lavapipe.
    int device_index = -1;
    // -1: on when PREFIXLENS_VALIDATION=1 or in a debug build; 0: off; 1: on (when installed).
    int validation = -1;
    // Where the VkPipelineCache lives; empty means $XDG_CACHE_HOME/prefixlens or
    // ~/.cache/prefixlens. Set persist_pipeline_cache=false to neither read nor write it.
    std::filesystem::path pipeline_cache_dir;
    bool persist_pipeline_cache = true;
    // Tokens one pass of the kernels handles; longer prefills are cut into chunks of this many,
    // still recorded into one command buffer. Sizes the persistent activation buffers.
    int max_tokens_per_pass = 512;
    // Runs two tiny forwards at creation (into pool block 0, before anyone owns it) so that
    // drivers that compile lazily at first dispatch, lavapipe among them, do so now and not
    // inside the first request's time to first token.
    bool warm_up = true;
    // One decode layer in two dispatches instead of seven (KernelTuning::fused_decode):
    // -1 as the device's tuning says (on for CPU drivers), 0 off, 1 on where the kernels exist.
    int fused_decode = -1;
};

namespace vk {

// One validation-layer (or loader) message at warning or error severity.
struct ValidationMessage {
    std::string severity;  // "warning" | "error"
    std::string text;
};

// A buffer with its own memory. Move-only; frees itself.
class Buffer {
  public:
    Buffer() = default;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    Buffer(Buffer&& o) noexcept { *this = std::move(o); }
    Buffer& operator=(Buffer&& o) noexcept;
    ~Buffer() { reset(); }
    void reset();

    VkBuffer handle() const { return buffer_; }
    VkDeviceSize size() const { return size_; }
    // Non-null when the memory is host-visible and coherent (always so on lavapipe and on
    // unified-memory GPUs; then weights are written in place with no staging copy).
    void* mapped() const { return mapped_; }

  private:
    friend class Context;
    VkDevice device_ = VK_NULL_HANDLE;
    VkBuffer buffer_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkDeviceSize size_ = 0;
    void* mapped_ = nullptr;
};

// A VkBufferView (RGBA32F texels) over part of a buffer. Move-only; frees itself.
class BufferView {
  public:
    BufferView() = default;
    BufferView(const BufferView&) = delete;
    BufferView& operator=(const BufferView&) = delete;
    BufferView(BufferView&& o) noexcept { *this = std::move(o); }
    BufferView& operator=(BufferView&& o) noexcept;
    ~BufferView() { reset(); }
    void reset();
    VkBufferView handle() const { return view_; }

  private:
    friend class Context;
    VkDevice device_ = VK_NULL_HANDLE;
    VkBufferView view_ = VK_NULL_HANDLE;
};

enum class MemoryUse {
    kDevice,    // weights, KV pool, activations: device-local first, host-visible if also local
    kReadback,  // small host-visible buffers the CPU writes inputs to and reads logits from
};

class Context {
  public:
    static Result<std::unique_ptr<Context>> create(const VulkanOptions& options);
    ~Context();
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;

    VkDevice device() const { return device_; }
    VkPhysicalDevice physical_device() const { return physical_; }
    const VkPhysicalDeviceProperties& properties() const { return props_; }
    const std::string& device_name() const { return device_name_; }
    uint32_t subgroup_size() const { return subgroup_size_; }
    uint32_t min_subgroup_size() const { return min_subgroup_size_; }
    // VkSubgroupFeatureFlags of compute shaders (basic and arithmetic are always there).
    bool has_subgroup_ops(VkSubgroupFeatureFlags ops) const { return (subgroup_ops_ & ops) == ops; }
    VkPipelineCache pipeline_cache() const { return pipeline_cache_; }
    // Nanoseconds per timestamp tick; 0 when the queue has no timestamps.
    double timestamp_period_ns() const { return timestamp_period_ns_; }
    bool validation_enabled() const { return validation_enabled_; }

    Result<Buffer> create_buffer(VkDeviceSize size, MemoryUse use, const std::string& what);
    // A texel view of bytes [offset, offset + bytes) of `buffer` for samplerBuffer reads:
    // RGBA32F (vec4) texels, or R32_SINT for isamplerBuffer (token ids, block tables).
    Result<BufferView> create_view(const Buffer& buffer, VkDeviceSize offset, VkDeviceSize bytes,
                                   const std::string& what,
                                   VkFormat format = VK_FORMAT_R32G32B32A32_SFLOAT) const;
    VkDeviceSize max_view_bytes(VkFormat format = VK_FORMAT_R32G32B32A32_SFLOAT) const;
    // Writes bytes into a buffer: in place when it is mapped, through a staging copy otherwise.
    Result<void> upload(Buffer& dst, VkDeviceSize offset, const void* data, VkDeviceSize bytes);
    // Reads bytes back (after the work that wrote them has been waited for).
    Result<void> download(const Buffer& src, VkDeviceSize offset, void* data, VkDeviceSize bytes);

    // The one command buffer of this context: begin, record, then submit_and_wait.
    Result<VkCommandBuffer> begin_commands();
    Result<void> submit_and_wait(VkCommandBuffer cmd, const std::string& what);

    // Debug-utils labels; no-ops when the extension is missing.
    void begin_label(VkCommandBuffer cmd, const char* name) const;
    void end_label(VkCommandBuffer cmd) const;
    void name_object(VkObjectType type, uint64_t handle, const char* name) const;
    PFN_vkCmdPushDescriptorSetKHR push_descriptor_fn() const { return push_descriptor_; }

    // Warning/error messages the validation layer reported so far (tests require none).
    int validation_message_count() const;
    std::vector<ValidationMessage> validation_messages() const;

    // Writes the pipeline cache file now (also done on destruction). Failure is not an error:
    // the cache only makes the next start faster.
    void save_pipeline_cache() const;

  private:
    Context() = default;
    Result<void> create_instance(const VulkanOptions& options);
    Result<void> pick_device(const VulkanOptions& options);
    Result<void> create_device();
    void load_pipeline_cache(const VulkanOptions& options);
    int find_memory_type(uint32_t type_bits, MemoryUse use) const;

    static VKAPI_ATTR VkBool32 VKAPI_CALL on_debug_message(
        VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT types,
        const VkDebugUtilsMessengerCallbackDataEXT* data, void* user);

    VkInstance instance_ = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
    VkPhysicalDevice physical_ = VK_NULL_HANDLE;
    VkDevice device_ = VK_NULL_HANDLE;
    VkQueue queue_ = VK_NULL_HANDLE;
    uint32_t queue_family_ = 0;
    VkCommandPool command_pool_ = VK_NULL_HANDLE;
    VkCommandBuffer command_buffer_ = VK_NULL_HANDLE;
    VkFence fence_ = VK_NULL_HANDLE;
    VkPipelineCache pipeline_cache_ = VK_NULL_HANDLE;
    std::filesystem::path pipeline_cache_file_;

    VkPhysicalDeviceProperties props_{};
    VkPhysicalDeviceMemoryProperties mem_props_{};
    std::string device_name_;
    uint8_t device_uuid_[VK_UUID_SIZE] = {};
    uint32_t subgroup_size_ = 1;
    uint32_t min_subgroup_size_ = 1;
    VkSubgroupFeatureFlags subgroup_ops_ = 0;
    double timestamp_period_ns_ = 0.0;
    bool validation_enabled_ = false;
    bool debug_utils_ = false;

    PFN_vkCreateDebugUtilsMessengerEXT create_messenger_ = nullptr;
    PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger_ = nullptr;
    PFN_vkCmdBeginDebugUtilsLabelEXT cmd_begin_label_ = nullptr;
    PFN_vkCmdEndDebugUtilsLabelEXT cmd_end_label_ = nullptr;
    PFN_vkSetDebugUtilsObjectNameEXT set_object_name_ = nullptr;
    PFN_vkCmdPushDescriptorSetKHR push_descriptor_ = nullptr;

    // The messenger callback may run on any thread the driver or layer uses.
    mutable std::mutex log_mutex_;
    std::vector<ValidationMessage> log_;
    int log_count_ = 0;
};

// The name of the device the default choice would take when that device is a CPU implementation
// of Vulkan (lavapipe, SwiftShader), or empty when there is a hardware device or no usable device
// at all. Asked once per process (a bare instance, no layers); later calls return the answer.
std::string software_only_device();

}  // namespace vk
}  // namespace pl
