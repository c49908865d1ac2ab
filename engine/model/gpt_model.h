// A model loaded from a Hugging Face folder: GPT-2 (SPEC §5: config.json, model.safetensors,
// vocab.json, merges.txt) or the Llama family (SPEC §5.1: llama, mistral, qwen2, qwen3, with
// tokenizer.json and one or several safetensors files). GptConfig describes the architecture;
// all parameters live in one f32 allocation, F16 and BF16 widened at load, and the offsets in
// GptOffsets are views into it (one GPU buffer plus offsets maps onto this).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "model/gpt_config.h"
#include "prompt/chat_format.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl {

// Reads config.json's text (SPEC §5, §5.1); errors name `file` and the key. Every size is
// bounded (gpt_config.h); a model_type, sliding window or rope scaling not served is refused.
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
    // at(offset), or null for a tensor the architecture lacks (kNoTensor).
    const float* at_or_null(std::size_t offset) const {
        return offset == kNoTensor ? nullptr : params_.data() + offset;
    }
    const BpeTokenizer& tokenizer() const { return tokenizer_; }
    // The folder's own chat format (tokenizer_config.json's chat_template), in which a request
    // is rendered as that model's server would (SPEC §5.1); none for GPT-2 folders, whose
    // requests take PrefixLens's own template.
    const std::optional<ChatFormat>& chat_format() const { return chat_format_; }
    // A Llama-family folder with no chat template, or one PrefixLens does not recognise: why its
    // requests cannot be rendered (the model still loads: eval and bench take token ids).
    const std::string& chat_format_error() const { return chat_format_error_; }
    void set_chat_format(std::optional<ChatFormat> format, std::string error) {
        chat_format_ = std::move(format);
        chat_format_error_ = std::move(error);
    }
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
    std::optional<ChatFormat> chat_format_;
    std::string chat_format_error_;
    std::filesystem::path dir_;
    std::string name_;
};

}  // namespace pl
