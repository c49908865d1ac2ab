// A GPT-2 model loaded from a Hugging Face style folder (SPEC §5): config.json,
// model.safetensors, vocab.json and merges.txt. All parameters live in one f32 allocation; the
// offsets in GptOffsets are views into it (one GPU buffer plus offsets maps onto this).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "model/gpt_config.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl {

// Reads config.json's text (SPEC §5); errors name `file`. Every size is bounded (gpt_config.h).
Result<GptConfig> parse_gpt_config(std::string_view text, const std::string& file);

class GptModel {
  public:
    // Loads and validates every file; any problem is a one-line error naming the file.
    static Result<std::shared_ptr<const GptModel>> load(const std::filesystem::path& dir);

    const GptConfig& config() const { return config_; }
    const GptOffsets& offsets() const { return offsets_; }
    const float* params() const { return params_.data(); }
    std::size_t n_params() const { return params_.size(); }
    const float* at(std::size_t offset) const { return params_.data() + offset; }
    const BpeTokenizer& tokenizer() const { return tokenizer_; }
    const std::filesystem::path& dir() const { return dir_; }
    // The folder name, or "built-in" for the shipped model.
    const std::string& name() const { return name_; }

    GptModel(GptConfig config, GptOffsets offsets, std::vector<float> params,
             BpeTokenizer tokenizer, std::filesystem::path dir, std::string name);

  private:
    GptConfig config_;
    GptOffsets offsets_;
    std::vector<float> params_;
    BpeTokenizer tokenizer_;
    std::filesystem::path dir_;
    std::string name_;
};

}  // namespace pl
