#include "runner/backend_factory.h"

#include "core/memory_budget.h"
#include "cpu/blas.h"
#include "cpu/cpu_backend.h"

namespace pl {

// Implemented by the Vulkan backend (engine/vulkan/vulkan_backend.cpp).
Result<std::unique_ptr<InferenceBackend>> create_vulkan_backend(
    std::shared_ptr<const GptModel> model, KvPoolLayout layout, int device_index);
std::string vulkan_software_only_device();

void preload_backends() {
    (void)blas::load();
}

Result<BackendRequest> parse_backend_kind(const std::string& text) {
    BackendRequest r;
    if (text == "auto")
        return r;
    if (text == "vulkan" || text == "cpu") {
        r.kind = text == "cpu" ? BackendKind::Cpu : BackendKind::Vulkan;
        r.explicit_kind = true;
        return r;
    }
    return make_error("--backend must be 'vulkan', 'cpu' or 'auto', not '" + text + "'");
}

Result<BackendResult> create_backend(std::shared_ptr<const GptModel> model, KvPoolLayout layout,
                                     const BackendRequest& request) {
    BackendResult out;
    const bool default_choice = !request.explicit_kind && request.device_index < 0;
    if (request.kind == BackendKind::Vulkan && default_choice)
        out.software_device = vulkan_software_only_device();
    if (request.kind == BackendKind::Vulkan && out.software_device.empty()) {
        auto vk = create_vulkan_backend(model, layout, request.device_index);
        if (vk) {
            out.backend = std::move(vk.value());
            return out;
        }
        // A user who named Vulkan (or a device) gets the error; the default falls back.
        if (request.explicit_kind || request.device_index >= 0)
            return vk.error();
        out.fallback_reason = vk.error().message;
    }
    const std::size_t pool_bytes = model->config().kv_bytes_per_token() *
                                   static_cast<std::size_t>(layout.block_size) *
                                   static_cast<std::size_t>(layout.capacity_blocks);
    PL_TRY(check_allocation(pool_bytes, "a KV pool of " + std::to_string(layout.capacity_blocks) +
                                            " blocks of " + std::to_string(layout.block_size) +
                                            " tokens"));
    if (auto blas = blas::load(); !blas)
        return make_error("CPU backend: " + blas.error().message);
    out.backend = std::make_unique<CpuBackend>(std::move(model), layout);
    return out;
}

}  // namespace pl
