// A model loaded from a Hugging Face folder: GPT-2 (SPEC §5: config.json, model.safetensors,
// vocab.json, merges.txt) or the Llama family (SPEC §5.1: llama, mistral, qwen2, qwen3, with
// tokenizer.json and one or several safetensors files). GptConfig describes the architecture;
// GptOffsets places every tensor in one logical f32 parameter array (one GPU buffer plus offsets
// maps onto this). Norms, biases and everything of an F32 or GPT-2 checkpoint are held in that
// array as f32. A Llama-family checkpoint's F16 or BF16 matrices and embeddings are not widened:
// they stay in their 16-bit precision, read in place from the mapped safetensors files (half()),
// and their offsets lie past the f32 part of the array (f32_tensor() widens one on demand).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "cpu/half_matmul.h"
#include "model/gpt_config.h"
#include "prompt/chat_format.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl {

class WeightFiles;

// Reads config.json's text (SPEC §5, §5.1); errors name `file` and the key. Every size is
// bounded (gpt_config.h); a model_type, sliding window or rope scaling not served is refused.
Result<GptConfig> parse_gpt_config(std::string_view text, const std::string& file);

class GptModel {
  public:
    // Loads and validates every file; any problem is a one-line error naming the file.
    static Result<std::shared_ptr<const GptModel>> load(const std::filesystem::path& dir);

    const GptConfig& config() const { return config_; }
    const GptOffsets& offsets() const { return offsets_; }
    // The tensors held in f32: the first n_f32_params() values of the logical array.
    const float* params() const { return params_.data(); }
    std::size_t n_f32_params() const { return params_.size(); }
    // Every parameter, f32 and 16-bit: the size of the logical array GptOffsets indexes.
    std::size_t n_params() const { return params_.size() + half_floats_; }
    // A tensor held in f32 (half(offset) is null for it).
    const float* at(std::size_t offset) const { return params_.data() + offset; }
    // at(offset), or null for a tensor the architecture lacks (kNoTensor).
    const float* at_or_null(std::size_t offset) const {
        return offset == kNoTensor ? nullptr : params_.data() + offset;
    }

    // A matrix or embedding kept in its checkpoint's 16-bit precision, as stored ([out, in]: row
    // r holds output r), or null when the tensor at `offset` is held in f32 (or is kNoTensor).
    const cpu::HalfMatrix* half(std::size_t offset) const;
    // A tensor in GptOffsets' logical f32 layout (count values at `offset`): at(offset) for an f32
    // tensor; a 16-bit one widened into `scratch` (a fused Llama matrix transposed to [in, out]
    // as well). For a backend that computes in f32 (Vulkan uploads these).
    const float* f32_tensor(std::size_t offset, std::size_t count,
                            std::vector<float>& scratch) const;
    // Bytes of 16-bit weights read in place from the mapped files (page cache, shared with other
    // processes reading the folder), and those copied into memory of the model's own (a tensor
    // the file stores at an odd address).
    std::size_t mapped_half_bytes() const { return mapped_half_bytes_; }
    std::size_t owned_half_bytes() const { return owned_half_.size() * sizeof(uint16_t); }

    // A 16-bit tensor at its logical offset. transposed: the logical layout is [cols, rows] (a
    // Llama matrix, [in, out] like GPT-2's Conv1D), else [rows, cols] (an embedding or the head).
    struct HalfTensor {
        cpu::HalfMatrix matrix;
        bool transposed = false;
    };
    // Set once by load(): the 16-bit tensors, the files they point into (kept mapped while the
    // model lives) and the copies owned for tensors at odd addresses.
    void set_half_tensors(std::map<std::size_t, HalfTensor> tensors,
                          std::shared_ptr<const WeightFiles> files, std::vector<uint16_t> owned);
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
    std::map<std::size_t, HalfTensor> half_;
    std::size_t half_floats_ = 0;  // the values of the 16-bit tensors
    std::size_t mapped_half_bytes_ = 0;
    std::shared_ptr<const WeightFiles> files_;
    std::vector<uint16_t> owned_half_;
    BpeTokenizer tokenizer_;
    std::optional<ChatFormat> chat_format_;
    std::string chat_format_error_;
    std::filesystem::path dir_;
    std::string name_;
};

}  // namespace pl
