// Creates the backend the user asked for. The default is Vulkan on a hardware device. It takes the
// CPU twin when no usable Vulkan device exists (and says why), and when the only one is a CPU
// implementation of Vulkan such as lavapipe: that runs the same model 3-4x slower than the twin
// on the same cores (`prefixlens bench`), so the twin is the better Vulkan there (and says so).
#pragma once

#include <memory>
#include <string>

#include "model/backend.h"
#include "model/gpt_model.h"

namespace pl {

enum class BackendKind { Vulkan, Cpu };

struct BackendRequest {
    BackendKind kind = BackendKind::Vulkan;
    bool explicit_kind = false;  // the user named the backend: no silent fallback
    int device_index = -1;       // -1: pick the best device
};

struct BackendResult {
    std::unique_ptr<InferenceBackend> backend;
    std::string fallback_reason;  // non-empty when Vulkan was wanted but the CPU runs instead
    // Non-empty when the default chose the CPU twin over a software Vulkan device: a choice, not
    // a failure, so front ends show it as information.
    std::string software_device;
};

Result<BackendResult> create_backend(std::shared_ptr<const GptModel> model, KvPoolLayout layout,
                                     const BackendRequest& request);

// Loads what the CPU backend needs from the system (OpenBLAS, cpu/blas.h), which reads the
// environment while it loads: call it at program start, before other threads run. Errors are
// reported later, by create_backend.
void preload_backends();

// Parses "vulkan", "cpu" or "auto" (the default choice, as if no --backend were given: sets
// `explicit_kind` to false).
Result<BackendRequest> parse_backend_kind(const std::string& text);

}  // namespace pl
