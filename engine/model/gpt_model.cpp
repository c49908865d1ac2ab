#include "model/gpt_model.h"

#include "core/assets.h"
#include "core/json_util.h"
#include "core/memory_budget.h"
#include "model/safetensors_reader.h"

namespace pl {

namespace {

Result<GptConfig> read_config(const std::filesystem::path& path) {
    auto text = read_text_file(path.string(), 1u << 20);
    if (!text)
        return text.error();
    return parse_gpt_config(text.value(), path.string());
}

}  // namespace

Result<GptConfig> parse_gpt_config(std::string_view text, const std::string& file) {
    auto parsed = parse_json_object(text, file);
    if (!parsed)
        return parsed.error();
    const ojson& j = parsed.value();
    GptConfig c;
    // Each size is bounded before anything is allocated from it; the bounds are far above any
    // GPT-2 (XL: 48 layers, 25 heads, 1,600 wide, 1,024 positions, 50,257 tokens).
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

namespace {

// Strips the optional "transformer." prefix of Hugging Face checkpoints.
std::string canonical_name(const std::string& name) {
    static const std::string kPrefix = "transformer.";
    return name.rfind(kPrefix, 0) == 0 ? name.substr(kPrefix.size()) : name;
}

}  // namespace

GptModel::GptModel(GptConfig config, GptOffsets offsets, std::vector<float> params,
                   BpeTokenizer tokenizer, std::filesystem::path dir, std::string name)
    : config_(config),
      offsets_(std::move(offsets)),
      params_(std::move(params)),
      tokenizer_(std::move(tokenizer)),
      dir_(std::move(dir)),
      name_(std::move(name)) {}

Result<std::shared_ptr<const GptModel>> GptModel::load(const std::filesystem::path& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
        return make_error(dir.string() +
                          ": not a model folder (expected config.json, "
                          "model.safetensors, vocab.json, merges.txt)");
    }
    auto cfg_r = read_config(dir / "config.json");
    if (!cfg_r)
        return cfg_r.error();
    const GptConfig cfg = cfg_r.value();
    const std::filesystem::path st_path = dir / "model.safetensors";
    auto st_r = SafetensorsReader::open(st_path);
    if (!st_r)
        return st_r.error();
    const SafetensorsReader& st = st_r.value();

    // Index tensors by canonical name; anything under h.N with N >= n_layer means the config and
    // the file describe different models.
    std::map<std::string, const TensorInfo*> by_name;
    for (const auto& [name, info] : st.tensors()) {
        const std::string cn = canonical_name(name);
        if (cn.rfind("h.", 0) == 0) {
            const long layer = std::strtol(cn.c_str() + 2, nullptr, 10);
            if (layer >= cfg.n_layer) {
                return make_error(st_path.string() + ": tensor " + quote(name) +
                                  " belongs to layer " + std::to_string(layer) +
                                  " but config.json says n_layer = " + std::to_string(cfg.n_layer));
            }
        }
        by_name[cn] = &info;
    }

    const int64_t C = cfg.n_embd;
    std::vector<std::pair<const TensorInfo*, std::size_t>> plan;  // tensor -> offset in params
    std::size_t total = 0;
    auto want = [&](const std::string& name, std::vector<int64_t> shape,
                    std::size_t& offset) -> Result<void> {
        auto it = by_name.find(name);
        if (it == by_name.end()) {
            return make_error(st_path.string() + ": missing tensor '" + name + "'");
        }
        const TensorInfo* t = it->second;
        if (t->shape != shape) {
            auto fmt = [](const std::vector<int64_t>& s) {
                std::string out = "[";
                for (std::size_t i = 0; i < s.size(); ++i) {
                    out += (i ? ", " : "") + std::to_string(s[i]);
                }
                return out + "]";
            };
            return make_error(st_path.string() + ": tensor " + quote(t->name) + " has shape " +
                              fmt(t->shape) + " but config.json implies " + fmt(shape));
        }
        if (t->dtype == DType::Other) {
            return make_error(st_path.string() + ": tensor " + quote(t->name) + " has dtype " +
                              quote(t->dtype_name) + "; weights must be F32, F16 or BF16");
        }
        offset = total;
        plan.emplace_back(t, total);
        total += static_cast<std::size_t>(t->numel());
        return {};
    };

    GptOffsets off;
    PL_TRY(want("wte.weight", {cfg.vocab_size, C}, off.wte));
    PL_TRY(want("wpe.weight", {cfg.n_positions, C}, off.wpe));
    off.layers.resize(cfg.n_layer);
    for (int l = 0; l < cfg.n_layer; ++l) {
        const std::string p = "h." + std::to_string(l) + ".";
        LayerOffsets& lo = off.layers[l];
        PL_TRY(want(p + "ln_1.weight", {C}, lo.ln1_w));
        PL_TRY(want(p + "ln_1.bias", {C}, lo.ln1_b));
        PL_TRY(want(p + "attn.c_attn.weight", {C, 3 * C}, lo.qkv_w));
        PL_TRY(want(p + "attn.c_attn.bias", {3 * C}, lo.qkv_b));
        PL_TRY(want(p + "attn.c_proj.weight", {C, C}, lo.proj_w));
        PL_TRY(want(p + "attn.c_proj.bias", {C}, lo.proj_b));
        PL_TRY(want(p + "ln_2.weight", {C}, lo.ln2_w));
        PL_TRY(want(p + "ln_2.bias", {C}, lo.ln2_b));
        PL_TRY(want(p + "mlp.c_fc.weight", {C, 4 * C}, lo.fc_w));
        PL_TRY(want(p + "mlp.c_fc.bias", {4 * C}, lo.fc_b));
        PL_TRY(want(p + "mlp.c_proj.weight", {4 * C, C}, lo.fc2_w));
        PL_TRY(want(p + "mlp.c_proj.bias", {C}, lo.fc2_b));
    }
    PL_TRY(want("ln_f.weight", {C}, off.lnf_w));
    PL_TRY(want("ln_f.bias", {C}, off.lnf_b));

    auto tok_r = BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt");
    if (!tok_r)
        return tok_r.error();
    if (tok_r->vocab_size() > cfg.vocab_size) {
        return make_error(
            (dir / "vocab.json").string() + ": " + std::to_string(tok_r->vocab_size()) +
            " tokens, more than config.json's vocab_size of " + std::to_string(cfg.vocab_size));
    }

    PL_TRY(check_allocation(
        total * sizeof(float),
        st_path.string() + ": the weights (" + std::to_string(total) + " parameters, as float)"));
    std::vector<float> params(total);
    for (const auto& [t, o] : plan)
        PL_TRY(st.read_f32(*t, params.data() + o));

    const std::filesystem::path canon = std::filesystem::weakly_canonical(dir, ec);
    const std::string name = canon == std::filesystem::weakly_canonical(builtin_model_dir(), ec)
                                 ? std::string("built-in")
                                 : canon.filename().string();
    return std::shared_ptr<const GptModel>(std::make_shared<GptModel>(
        cfg, std::move(off), std::move(params), std::move(tok_r.value()), canon, name));
}

}  // namespace pl
