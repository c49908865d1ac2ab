// The safetensors files of a model folder: model.safetensors, or the shards that
// model.safetensors.index.json lists (its weight_map names each tensor's file). Every shard is
// opened and every listed tensor found before anything is read, so a folder with a shard or a
// tensor missing is refused whole.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "model/safetensors_reader.h"

namespace pl {

class WeightFiles {
  public:
    struct Entry {
        const SafetensorsReader* file = nullptr;
        const TensorInfo* info = nullptr;
    };

    static Result<WeightFiles> open(const std::filesystem::path& dir);

    // Every tensor by its name in the checkpoint.
    const std::map<std::string, Entry>& tensors() const { return tensors_; }
    const Entry* find(const std::string& name) const;
    // The file a message about a missing tensor names: model.safetensors, or the index.
    const std::filesystem::path& listing() const { return listing_; }

  private:
    std::vector<std::unique_ptr<SafetensorsReader>> files_;
    std::map<std::string, Entry> tensors_;
    std::filesystem::path listing_;
};

}  // namespace pl
