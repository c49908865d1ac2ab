#include "model/weight_files.h"

#include "core/json_util.h"

namespace pl {

const WeightFiles::Entry* WeightFiles::find(const std::string& name) const {
    auto it = tensors_.find(name);
    return it == tensors_.end() ? nullptr : &it->second;
}

Result<WeightFiles> WeightFiles::open(const std::filesystem::path& dir) {
    WeightFiles w;
    const std::filesystem::path single = dir / "model.safetensors";
    const std::filesystem::path index = dir / "model.safetensors.index.json";
    std::error_code ec;
    // One file when there is one (Transformers prefers it too); else the shards of the index.
    if (std::filesystem::exists(single, ec) || !std::filesystem::exists(index, ec)) {
        auto st = SafetensorsReader::open(single);
        if (!st)
            return st.error();
        w.files_.push_back(std::make_unique<SafetensorsReader>(std::move(st.value())));
        for (const auto& [name, info] : w.files_.back()->tensors())
            w.tensors_[name] = Entry{w.files_.back().get(), &info};
        w.listing_ = single;
        return w;
    }
    w.listing_ = index;
    const std::string file = index.string();
    auto text = read_text_file(file, 64u << 20);
    if (!text)
        return text.error();
    auto parsed = parse_json_object(text.value(), file);
    if (!parsed)
        return parsed.error();
    const ojson& j = parsed.value();
    if (!j.contains("weight_map") || !j["weight_map"].is_object() || j["weight_map"].empty())
        return make_error(file + ": /weight_map must be an object naming each tensor's shard");
    std::map<std::string, const SafetensorsReader*> shards;
    for (const auto& [name, shard] : j["weight_map"].items()) {
        if (!shard.is_string())
            return make_error(file + ": /weight_map/" + name + " must be a file name");
        const std::string shard_name = shard.get<std::string>();
        // A shard lives beside the index: a path could read any file on the machine.
        if (shard_name.empty() || shard_name.find('/') != std::string::npos ||
            shard_name.find('\\') != std::string::npos || shard_name == "." || shard_name == "..")
            return make_error(file + ": /weight_map/" + name + " " + quote(shard_name) +
                              " is not a file name in the model folder");
        auto it = shards.find(shard_name);
        if (it == shards.end()) {
            auto st = SafetensorsReader::open(dir / shard_name);
            if (!st) {
                return make_error(file + ": shard " + quote(shard_name) + " of tensor " +
                                  quote(name) + ": " + st.error().message);
            }
            w.files_.push_back(std::make_unique<SafetensorsReader>(std::move(st.value())));
            it = shards.emplace(shard_name, w.files_.back().get()).first;
        }
        const TensorInfo* info = it->second->find(name);
        if (!info) {
            return make_error(it->second->path().string() + ": tensor " + quote(name) +
                              " is missing (" + index.filename().string() + " lists it here)");
        }
        w.tensors_[name] = Entry{it->second, info};
    }
    return w;
}

}  // namespace pl
