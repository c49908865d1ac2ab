// Writes f32 tensors in the safetensors format, atomically (a temporary file renamed into place),
// so a crash or a full disk never leaves a half-written model behind.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/file_util.h"  // write_file_atomically, for the tools that write models

namespace pl {

struct TensorToWrite {
    std::string name;
    std::vector<int64_t> shape;
    const float* data = nullptr;  // numel floats
};

Result<void> write_safetensors(const std::filesystem::path& path,
                               const std::vector<TensorToWrite>& tensors);

}  // namespace pl
