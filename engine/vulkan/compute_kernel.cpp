#include "vulkan/compute_kernel.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "shader_registry.h"
#include "vulkan/vk_check.h"
#include "vulkan/vulkan_context.h"

namespace pl::vk {

Kernel& Kernel::operator=(Kernel&& o) noexcept {
    if (this != &o) {
        reset();
        device_ = std::exchange(o.device_, VK_NULL_HANDLE);
        push_descriptor_ = std::exchange(o.push_descriptor_, nullptr);
        set_layout_ = std::exchange(o.set_layout_, VK_NULL_HANDLE);
        layout_ = std::exchange(o.layout_, VK_NULL_HANDLE);
        pipeline_ = std::exchange(o.pipeline_, VK_NULL_HANDLE);
        kinds_ = std::move(o.kinds_);
        push_bytes_ = o.push_bytes_;
        name_ = std::move(o.name_);
    }
    return *this;
}

void Kernel::reset() {
    if (device_ == VK_NULL_HANDLE)
        return;
    if (pipeline_)
        vkDestroyPipeline(device_, pipeline_, nullptr);
    if (layout_)
        vkDestroyPipelineLayout(device_, layout_, nullptr);
    if (set_layout_)
        vkDestroyDescriptorSetLayout(device_, set_layout_, nullptr);
    device_ = VK_NULL_HANDLE;
    pipeline_ = VK_NULL_HANDLE;
    layout_ = VK_NULL_HANDLE;
    set_layout_ = VK_NULL_HANDLE;
}

Result<Kernel> Kernel::create(const Context& ctx, const std::string& shader,
                              const std::string& bindings, uint32_t push_bytes,
                              std::initializer_list<uint32_t> spec) {
    const uint32_t n_bindings = static_cast<uint32_t>(bindings.size());
    const std::span<const uint32_t> words = find_shader(shader);
    if (words.empty())
        return make_error("compute kernel '" + shader + "' is not embedded");
    Kernel k;
    k.device_ = ctx.device();
    k.push_descriptor_ = ctx.push_descriptor_fn();
    k.kinds_ = bindings;
    k.push_bytes_ = push_bytes;
    k.name_ = shader;
    const std::string what = " for kernel " + shader;

    std::vector<VkDescriptorSetLayoutBinding> binds(n_bindings);
    for (uint32_t i = 0; i < n_bindings; ++i) {
        const VkDescriptorType type = bindings[i] == 't' ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
                                                         : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        binds[i] = {i, type, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
    }
    VkDescriptorSetLayoutCreateInfo dci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    dci.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
    dci.bindingCount = n_bindings;
    dci.pBindings = binds.data();
    PL_VK(vkCreateDescriptorSetLayout(k.device_, &dci, nullptr, &k.set_layout_),
          "vkCreateDescriptorSetLayout" + what);

    VkPushConstantRange pcr{VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes};
    VkPipelineLayoutCreateInfo lci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    lci.setLayoutCount = 1;
    lci.pSetLayouts = &k.set_layout_;
    lci.pushConstantRangeCount = push_bytes ? 1 : 0;
    lci.pPushConstantRanges = &pcr;
    PL_VK(vkCreatePipelineLayout(k.device_, &lci, nullptr, &k.layout_),
          "vkCreatePipelineLayout" + what);

    VkShaderModuleCreateInfo smci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    smci.codeSize = words.size() * sizeof(uint32_t);
    smci.pCode = words.data();
    VkShaderModule module = VK_NULL_HANDLE;
    PL_VK(vkCreateShaderModule(k.device_, &smci, nullptr, &module), "vkCreateShaderModule" + what);

    const std::vector<uint32_t> values(spec);
    std::vector<VkSpecializationMapEntry> entries(values.size());
    for (uint32_t i = 0; i < values.size(); ++i) {
        entries[i] = {i, i * 4u, 4u};
    }
    VkSpecializationInfo si{};
    si.mapEntryCount = static_cast<uint32_t>(entries.size());
    si.pMapEntries = entries.data();
    si.dataSize = values.size() * 4u;
    si.pData = values.data();

    VkComputePipelineCreateInfo pci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    pci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pci.stage.module = module;
    pci.stage.pName = "main";
    pci.stage.pSpecializationInfo = values.empty() ? nullptr : &si;
    pci.layout = k.layout_;
    const VkResult r =
        vkCreateComputePipelines(k.device_, ctx.pipeline_cache(), 1, &pci, nullptr, &k.pipeline_);
    vkDestroyShaderModule(k.device_, module, nullptr);
    PL_VK(r, "vkCreateComputePipelines" + what);
    ctx.name_object(VK_OBJECT_TYPE_PIPELINE, reinterpret_cast<uint64_t>(k.pipeline_),
                    shader.c_str());
    return k;
}

void Kernel::dispatch(VkCommandBuffer cmd, std::span<const BufferRange> bindings, const void* push,
                      uint32_t gx, uint32_t gy, uint32_t gz) const {
    VkDescriptorBufferInfo infos[16];
    VkWriteDescriptorSet writes[16];
    const uint32_t n = std::min<uint32_t>(static_cast<uint32_t>(kinds_.size()), 16);
    for (uint32_t i = 0; i < n; ++i) {
        writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[i].dstBinding = i;
        writes[i].descriptorCount = 1;
        if (kinds_[i] == 't') {
            writes[i].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
            writes[i].pTexelBufferView = &bindings[i].view;
        } else {
            infos[i] = {bindings[i].buffer, bindings[i].offset, bindings[i].range};
            writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            writes[i].pBufferInfo = &infos[i];
        }
    }
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_);
    push_descriptor_(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, n, writes);
    if (push_bytes_) {
        vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes_, push);
    }
    vkCmdDispatch(cmd, gx, gy, gz);
}

void compute_barrier(VkCommandBuffer cmd) {
    VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    mb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    mb.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &mb, 0, nullptr, 0, nullptr);
}

}  // namespace pl::vk

namespace pl::vk {

void host_read_barrier(VkCommandBuffer cmd) {
    VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    mb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &mb, 0, nullptr, 0, nullptr);
}

}  // namespace pl::vk
