#include "runner/backend_factory.h"

#include "core/memory_budget.h"
#include "cpu/blas.h"
#include "cpu/cpu_backend.h"

namespace pl {

// Implemented by the Vulkan backend (engine/vulkan/vulkan_backend.cpp).
Result<std::unique_ptr<InferenceBackend>> create_vulkan_backend(
    std::shared_ptr<const GptModel> model, KvPoolLayout layout, int device_index);

void preload_backends() {
    (void)blas::load();
}

Result<BackendKind> parse_backend_kind(const std::string& text) {
    if (text == "vulkan")
        return BackendKind::Vulkan;
    if (text == "cpu")
        return BackendKind::Cpu;
    return make_error("--backend must be 'vulkan' or 'cpu', not '" + text + "'");
}

Result<BackendResult> create_backend(std::shared_ptr<const GptModel> model, KvPoolLayout layout,
                                     const BackendRequest& request) {
    BackendResult out;
    if (request.kind == BackendKind::Vulkan) {
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
