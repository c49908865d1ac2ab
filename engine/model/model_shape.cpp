#include "model/model_shape.h"

#include <algorithm>

#include "core/assets.h"
#include "core/json_util.h"

namespace pl {

namespace {

// Far above any published model, and low enough that no product below overflows int64 (the
// largest shape accepted has about 1.5e14 weights).
constexpr int64_t kShapeMaxLayers = 1024;
constexpr int64_t kShapeMaxWidth = 1 << 16;
constexpr int64_t kShapeMaxHeads = 1024;
constexpr int64_t kShapeMaxHeadDim = 1024;
constexpr int64_t kShapeMaxQueryWidth = 1 << 17;  // heads x head_dim
constexpr int64_t kShapeMaxIntermediate = 1 << 19;
constexpr int64_t kShapeMaxVocab = 1 << 22;
constexpr int64_t kShapeMaxPositions = 1 << 24;
constexpr int64_t kShapeMaxSessionTokens = 1 << 28;

}  // namespace

int64_t ModelShape::parameters() const {
    const int64_t L = n_layer, H = hidden, I = intermediate, V = vocab;
    const int64_t q = static_cast<int64_t>(n_head) * head_dim;
    const int64_t kv = static_cast<int64_t>(n_kv_head) * head_dim;
    if (family == ShapeFamily::Gpt2) {
        // wte, wpe; per layer two LayerNorms, c_attn [H, 3H] + bias, c_proj, c_fc, c_proj with
        // biases; ln_f. The head is tied to wte.
        const int64_t per_layer =
            2 * 2 * H + (H * (q + 2 * kv) + q + 2 * kv) + (q * H + H) + (H * I + I) + (I * H + H);
        return V * H + static_cast<int64_t>(max_positions) * H + L * per_layer + 2 * H;
    }
    // Llama: embeddings; per layer two RMSNorms, q/k/v/o without biases, a gated MLP (gate, up,
    // down); the final norm; the head unless tied.
    const int64_t per_layer = 2 * H + H * q + 2 * H * kv + q * H + 3 * H * I;
    return V * H + L * per_layer + H + (tied_embeddings ? 0 : V * H);
}

int64_t ModelShape::kv_bytes_per_token() const {
    return 2LL * n_layer * n_kv_head * head_dim * bytes_per_value;
}

Result<ModelShape> parse_model_shape(std::string_view text, const std::string& file) {
    auto parsed = parse_json_object(text, file);
    if (!parsed)
        return parsed.error();
    const ojson& j = parsed.value();
    auto get = [&](std::initializer_list<const char*> keys, int64_t max, bool required, int& out) {
        return read_positive_int(j, file, keys, max, required, out);
    };
    ModelShape s;
    const bool llama = j.contains("num_hidden_layers");
    s.family = llama ? ShapeFamily::Llama : ShapeFamily::Gpt2;
    PL_TRY(get({"n_layer", "num_hidden_layers"}, kShapeMaxLayers, true, s.n_layer));
    PL_TRY(get({"n_head", "num_attention_heads"}, kShapeMaxHeads, true, s.n_head));
    PL_TRY(get({"n_embd", "hidden_size"}, kShapeMaxWidth, true, s.hidden));
    PL_TRY(get({"vocab_size"}, kShapeMaxVocab, true, s.vocab));
    PL_TRY(get({"n_positions", "max_position_embeddings", "n_ctx"}, kShapeMaxPositions, !llama,
               s.max_positions));
    s.n_kv_head = s.n_head;
    PL_TRY(get({"num_key_value_heads"}, kShapeMaxHeads, false, s.n_kv_head));
    if (s.n_kv_head > s.n_head || s.n_head % s.n_kv_head != 0) {
        return make_error(file + ": /num_key_value_heads (" + std::to_string(s.n_kv_head) +
                          ") must divide num_attention_heads (" + std::to_string(s.n_head) + ")");
    }
    if (j.contains("head_dim")) {
        PL_TRY(get({"head_dim"}, kShapeMaxHeadDim, true, s.head_dim));
    } else if (s.hidden % s.n_head != 0) {
        return make_error(file + ": hidden size (" + std::to_string(s.hidden) +
                          ") is not a multiple of the number of heads (" +
                          std::to_string(s.n_head) + ")");
    } else {
        s.head_dim = s.hidden / s.n_head;
    }
    if (static_cast<int64_t>(s.n_head) * s.head_dim > kShapeMaxQueryWidth) {
        return make_error(file + ": heads x head_dim is " +
                          std::to_string(static_cast<int64_t>(s.n_head) * s.head_dim) +
                          "; at most " + std::to_string(kShapeMaxQueryWidth) + " is supported");
    }
    s.intermediate = 4 * s.hidden;  // GPT-2's n_inner default
    PL_TRY(get({"intermediate_size", "n_inner"}, kShapeMaxIntermediate, llama, s.intermediate));
    if (j.contains("tie_word_embeddings")) {
        if (!j["tie_word_embeddings"].is_boolean())
            return make_error(file + ": /tie_word_embeddings must be true or false");
        s.tied_embeddings = j["tie_word_embeddings"].get<bool>();
    } else {
        s.tied_embeddings = !llama;
    }
    if (j.contains("torch_dtype")) {
        if (!j["torch_dtype"].is_string())
            return make_error(file + ": /torch_dtype must be a string");
        s.dtype = j["torch_dtype"].get<std::string>();
        if (s.dtype == "float32")
            s.bytes_per_value = 4;
        else if (s.dtype == "float16" || s.dtype == "bfloat16")
            s.bytes_per_value = 2;
        else
            return make_error(file + ": /torch_dtype " + quote(s.dtype) +
                              " is not float32, float16 or bfloat16");
    }
    if (j.contains("_name_or_path") && j["_name_or_path"].is_string())
        s.name = j["_name_or_path"].get<std::string>();
    return s;
}

Result<ModelShape> load_model_shape(const std::filesystem::path& config_json) {
    auto text = read_text_file(config_json.string(), 1u << 20);
    if (!text)
        return text.error();
    auto s = parse_model_shape(text.value(), config_json.string());
    if (s && s->name.empty())
        s->name = config_json.stem().string();
    return s;
}

ModelShape shape_of(const GptConfig& config, const std::string& name) {
    ModelShape s;
    s.name = name;
    s.family = config.is_gpt2() ? ShapeFamily::Gpt2 : ShapeFamily::Llama;
    s.n_layer = config.n_layer;
    s.n_head = config.n_head;
    s.n_kv_head = config.n_head > 0 ? config.kv_heads() : 0;
    s.head_dim = config.n_head > 0 ? config.head_dim() : 0;
    s.hidden = config.n_embd;
    s.intermediate = config.ff_dim();
    s.vocab = config.vocab_size;
    s.max_positions = config.n_positions;
    s.tied_embeddings = config.tied_head;
    return s;
}

int64_t sessions_that_fit(const ModelShape& shape, int64_t card_bytes, int64_t tokens) {
    const int64_t free = card_bytes - shape.weight_bytes();
    const int64_t per_session =
        shape.kv_bytes_per_token() * std::clamp<int64_t>(tokens, 1, kShapeMaxSessionTokens);
    if (free <= 0 || per_session <= 0)
        return 0;
    return free / per_session;
}

std::vector<std::filesystem::path> builtin_model_shapes() {
    std::vector<std::filesystem::path> out;
    std::error_code ec;
    const auto dir = assets_dir() / "model_shapes";
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
        if (e.path().extension() == ".json")
            out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace pl
