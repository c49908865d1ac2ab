#include "train/safetensors_writer.h"

#include "core/file_util.h"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <system_error>

namespace pl {

Result<void> write_safetensors(const std::filesystem::path& path,
                               const std::vector<TensorToWrite>& tensors) {
    nlohmann::json header = nlohmann::json::object();
    std::size_t offset = 0;
    for (const auto& t : tensors) {
        std::size_t n = 1;
        for (int64_t d : t.shape)
            n *= static_cast<std::size_t>(d);
        header[t.name] = {
            {"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, offset + 4 * n}}};
        offset += 4 * n;
    }
    header["__metadata__"] = {{"format", "pt"}};
    std::string h = header.dump();
    // Pad the header so the data section starts 8-byte aligned, as the reference writer does.
    h.append((8 - h.size() % 8) % 8, ' ');
    std::string bytes;
    bytes.reserve(8 + h.size() + offset);
    const uint64_t len = h.size();
    for (int i = 0; i < 8; ++i)
        bytes.push_back(static_cast<char>((len >> (8 * i)) & 0xff));
    bytes += h;
    for (const auto& t : tensors) {
        std::size_t n = 1;
        for (int64_t d : t.shape)
            n *= static_cast<std::size_t>(d);
        bytes.append(reinterpret_cast<const char*>(t.data), 4 * n);
    }
    return write_file_atomically(path, bytes);
}

}  // namespace pl
