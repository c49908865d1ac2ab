// A model's shape as its Hugging Face config.json gives it, for memory arithmetic only: how much
// the weights take, how much KV one token adds, and how many sessions of a given length fit on a
// card beside the weights. Reads GPT-2 configs (n_layer, n_head, n_embd, ...) and Llama-style
// ones (num_hidden_layers, num_attention_heads, num_key_value_heads for grouped-query
// attention, hidden_size, intermediate_size, head_dim, torch_dtype). Nothing is loaded but the
// numbers; the shipped shapes are in assets/model_shapes/.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "model/gpt_config.h"

namespace pl {

enum class ShapeFamily { Gpt2, Llama };

struct ModelShape {
    std::string name;  // the file's "_name_or_path", else its folder or file name
    ShapeFamily family = ShapeFamily::Gpt2;
    int n_layer = 0;
    int n_head = 0;
    int n_kv_head = 0;  // fewer than n_head: grouped-query attention shares K and V
    int head_dim = 0;
    int hidden = 0;
    int intermediate = 0;  // the MLP's width (GPT-2: 4 x hidden)
    int vocab = 0;
    int max_positions = 0;
    bool tied_embeddings = true;  // the output head reuses the token embedding
    int bytes_per_value = 4;      // torch_dtype: float32 4, float16 / bfloat16 2
    std::string dtype = "float32";

    // Every weight, counted as the architecture lays them out (GPT-2: 124,439,808 for small).
    int64_t parameters() const;
    int64_t weight_bytes() const { return parameters() * bytes_per_value; }
    // K and V of every layer for one token, at the weights' precision.
    int64_t kv_bytes_per_token() const;
};

// Parses config.json text. Errors: "<file>:<line>:<col>: ..." for malformed JSON, "<file>:
// /<key>: ..." for a missing or out-of-range size.
Result<ModelShape> parse_model_shape(std::string_view text, const std::string& file);
Result<ModelShape> load_model_shape(const std::filesystem::path& config_json);

// A loaded model's shape, at float32 as the engine runs it.
ModelShape shape_of(const GptConfig& config, const std::string& name);

// How many sessions of `tokens` tokens each fit on a card of `card_bytes` beside the weights:
// floor((card - weights) / (tokens x KV per token)); 0 when the weights alone do not fit.
int64_t sessions_that_fit(const ModelShape& shape, int64_t card_bytes, int64_t tokens);

// The shapes shipped in assets/model_shapes/ (*.json), sorted by file name.
std::vector<std::filesystem::path> builtin_model_shapes();

}  // namespace pl
