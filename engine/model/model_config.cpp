// config.json of every family `--model` serves (SPEC §5, §5.1), read into one GptConfig that
// describes the architecture. Anything the CPU twin would compute differently from the real
// model (a sliding window, another rope scaling, another activation) is refused here, by key.
#include <cmath>
#include <string>

#include "core/json_util.h"
#include "model/gpt_model.h"

namespace pl {

const char* family_name(ModelFamily family) {
    switch (family) {
        case ModelFamily::Gpt2:
            return "gpt2";
        case ModelFamily::Llama:
            return "llama";
        case ModelFamily::Mistral:
            return "mistral";
        case ModelFamily::Qwen2:
            return "qwen2";
        case ModelFamily::Qwen3:
            return "qwen3";
    }
    return "?";
}

double GptConfig::forward_flops(std::size_t past, std::size_t T) const {
    const double C = n_embd;
    const double L = n_layer;
    const double Q = q_dim(), KV = kv_dim(), F = ff_dim();
    // Per token per layer: q, k, v (C x (Q + 2 KV)), the output projection (Q x C), the MLP
    // (fc and proj: 2 C F; SwiGLU's gate, up and down: 3 C F) multiply-adds. GPT-2: 12 C^2.
    const double ffn = (mlp == MlpKind::SwiGlu ? 3.0 : 2.0) * C * F;
    const double matmul = (C * (Q + 2.0 * KV) + Q * C + ffn) * static_cast<double>(T) * L;
    // Attention: for each new token at position p, QK^T and PV over p+1 keys, Q wide each.
    double keys = 0.0;
    for (std::size_t t = 0; t < T; ++t)
        keys += static_cast<double>(past + t + 1);
    const double attn = 2.0 * Q * keys * L;
    const double head = C * static_cast<double>(vocab_size);
    return 2.0 * (matmul + attn + head);
}

namespace {

Result<void> read_positive_float(const ojson& j, const std::string& file, const char* key,
                                 double max, float& out) {
    if (!j.contains(key))
        return {};
    const auto& v = j[key];
    if (!v.is_number() || !(v.get<double>() > 0.0) || v.get<double>() > max)
        return make_error(file + ": /" + key + " must be a positive number of at most " +
                          std::to_string(max));
    out = static_cast<float>(v.get<double>());
    return {};
}

Result<void> read_bool(const ojson& j, const std::string& file, const char* key, bool& out) {
    if (!j.contains(key) || j[key].is_null())
        return {};
    if (!j[key].is_boolean())
        return make_error(file + ": /" + key + " must be true or false");
    out = j[key].get<bool>();
    return {};
}

Result<GptConfig> parse_gpt2(const ojson& j, const std::string& file) {
    GptConfig c;
    // Each size is bounded before anything is allocated from it.
    auto get_int = [&](std::initializer_list<const char*> keys, int64_t max, int& out) {
        return read_positive_int(j, file, keys, max, true, out);
    };
    PL_TRY(get_int({"n_layer", "num_hidden_layers"}, kMaxLayers, c.n_layer));
    PL_TRY(get_int({"n_head", "num_attention_heads"}, kMaxHeads, c.n_head));
    PL_TRY(get_int({"n_embd", "hidden_size"}, kMaxEmbd, c.n_embd));
    PL_TRY(get_int({"n_positions", "n_ctx"}, kMaxPositions, c.n_positions));
    PL_TRY(get_int({"vocab_size"}, kMaxVocab, c.vocab_size));
    if (j.contains("layer_norm_epsilon")) {
        const auto& v = j["layer_norm_epsilon"];
        if (!v.is_number() || v.get<double>() <= 0.0 || v.get<double>() > 1.0) {
            return make_error(file + ": /layer_norm_epsilon must be a small positive number");
        }
        c.layer_norm_epsilon = static_cast<float>(v.get<double>());
    }
    if (c.n_embd % c.n_head != 0) {
        return make_error(file + ": n_embd (" + std::to_string(c.n_embd) +
                          ") is not a multiple of n_head (" + std::to_string(c.n_head) + ")");
    }
    return c;
}

Result<void> parse_rope_scaling(const ojson& j, const std::string& file, GptConfig& c) {
    if (!j.contains("rope_scaling") || j["rope_scaling"].is_null())
        return {};
    const ojson& r = j["rope_scaling"];
    if (!r.is_object())
        return make_error(file + ": /rope_scaling must be an object or null");
    // Transformers writes the kind as rope_type (older files: type).
    const char* type_key = r.contains("rope_type") ? "rope_type" : "type";
    if (!r.contains(type_key) || !r[type_key].is_string())
        return make_error(file + ": /rope_scaling/rope_type is missing");
    const std::string type = r[type_key].get<std::string>();
    if (type == "default")
        return {};
    if (type != "llama3") {
        return make_error(file + ": /rope_scaling/" + type_key + " " + quote(type) +
                          " is not served (only \"llama3\" and \"default\")");
    }
    RopeScaling& s = c.rope_scaling;
    s.llama3 = true;
    for (const char* key : {"factor", "low_freq_factor", "high_freq_factor"}) {
        if (!r.contains(key))
            return make_error(file + ": /rope_scaling/" + key + " is missing");
    }
    PL_TRY(read_positive_float(r, file + " /rope_scaling", "factor", 1e4, s.factor));
    PL_TRY(
        read_positive_float(r, file + " /rope_scaling", "low_freq_factor", 1e4, s.low_freq_factor));
    PL_TRY(read_positive_float(r, file + " /rope_scaling", "high_freq_factor", 1e4,
                               s.high_freq_factor));
    PL_TRY(read_positive_int(r, file + " /rope_scaling", {"original_max_position_embeddings"},
                             kMaxPositions, true, s.original_max_positions));
    if (!(s.high_freq_factor > s.low_freq_factor)) {
        return make_error(file +
                          ": /rope_scaling/high_freq_factor must be larger than low_freq_factor");
    }
    return {};
}

// A sliding window the twin would not apply is a different model past the window: refused.
Result<void> refuse_sliding_window(const ojson& j, const std::string& file, const GptConfig& c) {
    bool use = c.family == ModelFamily::Mistral;  // Mistral applies any window it is given
    if (c.family == ModelFamily::Qwen2 || c.family == ModelFamily::Qwen3)
        PL_TRY(read_bool(j, file, "use_sliding_window", use));
    if (!use || !j.contains("sliding_window") || j["sliding_window"].is_null())
        return {};
    const ojson& w = j["sliding_window"];
    if (!w.is_number_integer() || w.get<int64_t>() <= 0)
        return make_error(file + ": /sliding_window must be a positive integer or null");
    if (c.family == ModelFamily::Mistral && w.get<int64_t>() >= c.n_positions)
        return {};  // a window as long as the context never slides
    return make_error(file + ": /sliding_window " + std::to_string(w.get<int64_t>()) +
                      " is in use; sliding-window attention is not served");
}

Result<GptConfig> parse_llama_family(const ojson& j, const std::string& file, ModelFamily family) {
    GptConfig c;
    c.family = family;
    c.norm = NormKind::RmsNorm;
    c.positions = PositionKind::Rope;
    c.mlp = MlpKind::SwiGlu;
    c.layer_norm_epsilon = 1e-6f;
    c.tied_head = false;
    auto get_int = [&](const char* key, int64_t max, int& out) {
        return read_positive_int(j, file, {key}, max, true, out);
    };
    PL_TRY(get_int("num_hidden_layers", kMaxLayers, c.n_layer));
    PL_TRY(get_int("num_attention_heads", kMaxHeads, c.n_head));
    PL_TRY(get_int("hidden_size", kMaxEmbd, c.n_embd));
    PL_TRY(get_int("intermediate_size", kMaxFeedForward, c.n_ff));
    PL_TRY(get_int("max_position_embeddings", kMaxPositions, c.n_positions));
    PL_TRY(get_int("vocab_size", kMaxVocab, c.vocab_size));
    c.n_kv_head = c.n_head;
    PL_TRY(read_positive_int(j, file, {"num_key_value_heads"}, kMaxHeads, false, c.n_kv_head));
    if (c.n_kv_head > c.n_head || c.n_head % c.n_kv_head != 0) {
        return make_error(file + ": /num_key_value_heads (" + std::to_string(c.n_kv_head) +
                          ") must divide num_attention_heads (" + std::to_string(c.n_head) + ")");
    }
    if (j.contains("head_dim") && !j["head_dim"].is_null()) {
        PL_TRY(get_int("head_dim", kMaxHeadDim, c.n_head_dim));
    } else if (c.n_embd % c.n_head != 0) {
        return make_error(file + ": /hidden_size (" + std::to_string(c.n_embd) +
                          ") is not a multiple of num_attention_heads (" +
                          std::to_string(c.n_head) + ") and there is no /head_dim");
    } else {
        c.n_head_dim = c.n_embd / c.n_head;
    }
    if (c.n_head_dim % 2 != 0 || c.n_head_dim > kMaxHeadDim) {
        return make_error(file + ": /head_dim " + std::to_string(c.n_head_dim) +
                          " must be even (rotary positions turn pairs) and at most " +
                          std::to_string(kMaxHeadDim));
    }
    if (static_cast<int64_t>(c.n_head) * c.n_head_dim > kMaxEmbd * 4) {
        return make_error(file + ": /num_attention_heads x head_dim is " +
                          std::to_string(static_cast<int64_t>(c.n_head) * c.n_head_dim) +
                          "; at most " + std::to_string(kMaxEmbd * 4) + " is supported");
    }
    if (j.contains("hidden_act")) {
        if (!j["hidden_act"].is_string() || j["hidden_act"].get<std::string>() != "silu")
            return make_error(file + ": /hidden_act must be \"silu\" (SwiGLU)");
    }
    if (j.contains("rms_norm_eps")) {
        const auto& v = j["rms_norm_eps"];
        if (!v.is_number() || v.get<double>() <= 0.0 || v.get<double>() > 1.0)
            return make_error(file + ": /rms_norm_eps must be a small positive number");
        c.layer_norm_epsilon = static_cast<float>(v.get<double>());
    }
    PL_TRY(read_positive_float(j, file, "rope_theta", 1e12, c.rope_theta));
    PL_TRY(parse_rope_scaling(j, file, c));
    PL_TRY(read_bool(j, file, "tie_word_embeddings", c.tied_head));
    // Biases: Llama, Mistral and Qwen3 put one on q, k, v and o when attention_bias is true;
    // Qwen2 always has them on q, k and v and never on o.
    bool attention_bias = false;
    PL_TRY(read_bool(j, file, "attention_bias", attention_bias));
    c.qkv_bias = family == ModelFamily::Qwen2 || attention_bias;
    c.o_bias = family != ModelFamily::Qwen2 && attention_bias;
    c.mlp_bias = false;
    PL_TRY(read_bool(j, file, "mlp_bias", c.mlp_bias));
    c.qk_norm = family == ModelFamily::Qwen3;
    PL_TRY(refuse_sliding_window(j, file, c));
    return c;
}

}  // namespace

Result<GptConfig> parse_gpt_config(std::string_view text, const std::string& file) {
    auto parsed = parse_json_object(text, file);
    if (!parsed)
        return parsed.error();
    const ojson& j = parsed.value();
    if (!j.contains("model_type"))
        return parse_gpt2(j, file);  // SPEC §5: a GPT-2 config need not name itself
    if (!j["model_type"].is_string())
        return make_error(file + ": /model_type must be a string");
    const std::string type = j["model_type"].get<std::string>();
    for (ModelFamily f :
         {ModelFamily::Llama, ModelFamily::Mistral, ModelFamily::Qwen2, ModelFamily::Qwen3}) {
        if (type == family_name(f))
            return parse_llama_family(j, file, f);
    }
    if (type == "gpt2")
        return parse_gpt2(j, file);
    return make_error(file + ": /model_type " + quote(type) +
                      " is not served (gpt2, llama, mistral, qwen2, qwen3)");
}

}  // namespace pl
