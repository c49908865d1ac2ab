// Reads a .safetensors file: an 8-byte little-endian header length, a JSON header naming each
// tensor's dtype, shape and byte range, then the raw data. The file is mapped, not copied; every
// range is checked against the file before anything is read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/error.h"

namespace pl {

enum class DType { F32, F16, BF16, Other };

struct TensorInfo {
    std::string name;
    std::string dtype_name;  // as written in the header, e.g. "F32"
    DType dtype = DType::Other;
    std::vector<int64_t> shape;
    std::size_t begin = 0;  // byte offsets into the data section
    std::size_t end = 0;
    int64_t numel() const;
};

class SafetensorsReader {
  public:
    SafetensorsReader() = default;
    ~SafetensorsReader();
    SafetensorsReader(SafetensorsReader&& other) noexcept;
    SafetensorsReader& operator=(SafetensorsReader&& other) noexcept;
    SafetensorsReader(const SafetensorsReader&) = delete;
    SafetensorsReader& operator=(const SafetensorsReader&) = delete;

    static Result<SafetensorsReader> open(const std::filesystem::path& path);

    const std::map<std::string, TensorInfo>& tensors() const { return tensors_; }
    const TensorInfo* find(const std::string& name) const;
    // Converts a tensor to f32 into `out` (numel floats). Fails for dtypes other than F32/F16/BF16.
    Result<void> read_f32(const TensorInfo& tensor, float* out) const;
    // The tensor's bytes where they lie in the mapped file (valid while this reader lives): how
    // the CPU backend reads F16 and BF16 matrices in place. Checked against the file at open().
    const uint8_t* bytes(const TensorInfo& tensor) const { return data_ + tensor.begin; }
    const std::filesystem::path& path() const { return path_; }

    // The format's limit on the header (the reference implementation refuses more).
    static constexpr uint64_t kMaxHeaderBytes = 100'000'000;

  private:
    Result<void> check_tiling() const;
    std::filesystem::path path_;
    const uint8_t* map_ = nullptr;
    std::size_t map_size_ = 0;
    const uint8_t* data_ = nullptr;  // start of the data section
    std::size_t data_size_ = 0;
    std::map<std::string, TensorInfo> tensors_;
};

float f16_to_f32(uint16_t h);
float bf16_to_f32(uint16_t h);

}  // namespace pl
