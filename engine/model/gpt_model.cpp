#include "model/gpt_model.h"

#include <algorithm>
#include <map>
#include "core/assets.h"
#include "core/json_util.h"
#include "core/memory_budget.h"

#include "model/weight_files.h"

namespace pl {

namespace {

Result<GptConfig> read_config(const std::filesystem::path& path) {
    auto text = read_text_file(path.string(), 1u << 20);
    if (!text)
        return text.error();
    return parse_gpt_config(text.value(), path.string());
}

// Strips the optional "transformer." prefix of Hugging Face checkpoints.
std::string canonical_name(const std::string& name) {
    static const std::string kPrefix = "transformer.";
    return name.rfind(kPrefix, 0) == 0 ? name.substr(kPrefix.size()) : name;
}

std::string format_shape(const std::vector<int64_t>& s) {
    std::string out = "[";
    for (std::size_t i = 0; i < s.size(); ++i)
        out += (i ? ", " : "") + std::to_string(s[i]);
    return out + "]";
}

// Where each checkpoint tensor goes in the one parameter allocation. A Llama-family matrix is
// stored [out, in]; it is transposed into columns [col0, col0 + out) of an [in, ld] matrix, so
// q, k and v become one fused [C, q + 2 kv] projection and gate and up one [C, 2F] matrix, in
// the [in, out] layout GPT-2's Conv1D weights already have and cpu::matmul expects.
struct Placement {
    WeightFiles::Entry src;
    std::size_t offset = 0;  // floats into params
    bool transpose = false;
    int64_t ld = 0;    // row length of the destination matrix (transpose only)
    int64_t col0 = 0;  // first destination column (transpose only)
};

class WeightPlan {
  public:
    explicit WeightPlan(const WeightFiles& files) : files_(files) {}

    // A tensor of exactly `shape`, copied as it is; its offset comes back in `offset`.
    Result<void> copy(const std::string& name, const std::vector<int64_t>& shape,
                      std::size_t& offset) {
        offset = total_;
        PL_TRY(place(name, shape, offset, false, 0, 0));
        total_ += static_cast<std::size_t>(numel(shape));
        return {};
    }
    // Reserves floats for a destination the tensors below fill in parts.
    std::size_t reserve(std::size_t n) {
        const std::size_t at = total_;
        total_ += n;
        return at;
    }
    // An [out, in] tensor into columns [col0, col0 + out) of the [in, ld] matrix at `offset`.
    Result<void> transpose_into(const std::string& name, int64_t out, int64_t in,
                                std::size_t offset, int64_t ld, int64_t col0) {
        return place(name, {out, in}, offset, true, ld, col0);
    }
    // A vector into floats [offset + col0, offset + col0 + n).
    Result<void> copy_into(const std::string& name, int64_t n, std::size_t offset, int64_t col0) {
        return place(name, {n}, offset + static_cast<std::size_t>(col0), false, 0, 0);
    }

    std::size_t total() const { return total_; }

    // Reads every placed tensor, converted to f32, into `params` (total() floats).
    Result<void> read(float* params) const {
        std::vector<float> scratch;
        for (const Placement& p : plan_) {
            const TensorInfo& t = *p.src.info;
            if (!p.transpose) {
                PL_TRY(p.src.file->read_f32(t, params + p.offset));
                continue;
            }
            scratch.resize(static_cast<std::size_t>(t.numel()));
            PL_TRY(p.src.file->read_f32(t, scratch.data()));
            const int64_t rows = t.shape[0], cols = t.shape[1];  // [out, in]
            float* dst = params + p.offset + p.col0;
            // In tiles, so both the reads and the writes stay within a few cache lines.
            constexpr int64_t kTile = 32;
            for (int64_t r0 = 0; r0 < rows; r0 += kTile) {
                for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
                    for (int64_t r = r0; r < std::min(rows, r0 + kTile); ++r) {
                        for (int64_t c = c0; c < std::min(cols, c0 + kTile); ++c)
                            dst[c * p.ld + r] = scratch[static_cast<std::size_t>(r * cols + c)];
                    }
                }
            }
        }
        return {};
    }

  private:
    static int64_t numel(const std::vector<int64_t>& shape) {
        int64_t n = 1;
        for (int64_t d : shape)
            n *= d;
        return n;
    }

    Result<void> place(const std::string& name, const std::vector<int64_t>& shape,
                       std::size_t offset, bool transpose, int64_t ld, int64_t col0) {
        const WeightFiles::Entry* e = files_.find(name);
        if (!e)
            return make_error(files_.listing().string() + ": missing tensor '" + name + "'");
        const TensorInfo* t = e->info;
        if (t->shape != shape) {
            return make_error(e->file->path().string() + ": tensor " + quote(t->name) +
                              " has shape " + format_shape(t->shape) + " but config.json implies " +
                              format_shape(shape));
        }
        if (t->dtype == DType::Other) {
            return make_error(e->file->path().string() + ": tensor " + quote(t->name) +
                              " has dtype " + quote(t->dtype_name) +
                              "; weights must be F32, F16 or BF16");
        }
        plan_.push_back(Placement{*e, offset, transpose, ld, col0});
        return {};
    }

    const WeightFiles& files_;
    std::vector<Placement> plan_;
    std::size_t total_ = 0;
};

// A tensor under layer N with N >= n_layer means the config and the weights describe different
// models. `prefix` is where layer numbers start in a name ("h." or "model.layers.").
Result<void> check_layers(const WeightFiles& files, const GptConfig& cfg, const std::string& prefix,
                          bool strip_transformer) {
    for (const auto& [name, entry] : files.tensors()) {
        const std::string cn = strip_transformer ? canonical_name(name) : name;
        if (cn.rfind(prefix, 0) != 0)
            continue;
        const long layer = std::strtol(cn.c_str() + prefix.size(), nullptr, 10);
        if (layer >= cfg.n_layer) {
            return make_error(entry.file->path().string() + ": tensor " + quote(name) +
                              " belongs to layer " + std::to_string(layer) +
                              " but config.json says " +
                              (cfg.is_gpt2() ? "n_layer" : "num_hidden_layers") + " = " +
                              std::to_string(cfg.n_layer));
        }
    }
    return {};
}

Result<void> plan_gpt2(const GptConfig& cfg, const WeightFiles& files, WeightPlan& plan,
                       GptOffsets& off) {
    PL_TRY(check_layers(files, cfg, "h.", true));
    // Checkpoints may or may not carry the "transformer." prefix; the name as stored is looked up.
    std::map<std::string, std::string> stored;
    for (const auto& [name, entry] : files.tensors())
        stored[canonical_name(name)] = name;
    auto want = [&](const std::string& name, std::vector<int64_t> shape, std::size_t& offset) {
        auto it = stored.find(name);
        return plan.copy(it == stored.end() ? name : it->second, shape, offset);
    };
    const int64_t C = cfg.n_embd;
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
    return {};
}

// The Llama family's names (SPEC §5.1), all [out, in]; see Placement for where they go.
Result<void> plan_llama(const GptConfig& cfg, const WeightFiles& files, WeightPlan& plan,
                        GptOffsets& off) {
    PL_TRY(check_layers(files, cfg, "model.layers.", false));
    const int64_t C = cfg.n_embd, Q = cfg.q_dim(), KV = cfg.kv_dim(), F = cfg.ff_dim();
    const int64_t QKV = cfg.qkv_dim(), hd = cfg.head_dim();
    PL_TRY(plan.copy("model.embed_tokens.weight", {cfg.vocab_size, C}, off.wte));
    off.wpe = kNoTensor;
    off.layers.resize(cfg.n_layer);
    for (int l = 0; l < cfg.n_layer; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        const std::string a = p + "self_attn.", m = p + "mlp.";
        LayerOffsets& lo = off.layers[l];
        PL_TRY(plan.copy(p + "input_layernorm.weight", {C}, lo.ln1_w));
        lo.ln1_b = kNoTensor;
        lo.qkv_w = plan.reserve(static_cast<std::size_t>(C * QKV));
        PL_TRY(plan.transpose_into(a + "q_proj.weight", Q, C, lo.qkv_w, QKV, 0));
        PL_TRY(plan.transpose_into(a + "k_proj.weight", KV, C, lo.qkv_w, QKV, Q));
        PL_TRY(plan.transpose_into(a + "v_proj.weight", KV, C, lo.qkv_w, QKV, Q + KV));
        lo.qkv_b = kNoTensor;
        if (cfg.qkv_bias) {
            lo.qkv_b = plan.reserve(static_cast<std::size_t>(QKV));
            PL_TRY(plan.copy_into(a + "q_proj.bias", Q, lo.qkv_b, 0));
            PL_TRY(plan.copy_into(a + "k_proj.bias", KV, lo.qkv_b, Q));
            PL_TRY(plan.copy_into(a + "v_proj.bias", KV, lo.qkv_b, Q + KV));
        }
        if (cfg.qk_norm) {
            PL_TRY(plan.copy(a + "q_norm.weight", {hd}, lo.q_norm));
            PL_TRY(plan.copy(a + "k_norm.weight", {hd}, lo.k_norm));
        }
        lo.proj_w = plan.reserve(static_cast<std::size_t>(Q * C));
        PL_TRY(plan.transpose_into(a + "o_proj.weight", C, Q, lo.proj_w, C, 0));
        lo.proj_b = kNoTensor;
        if (cfg.o_bias)
            PL_TRY(plan.copy(a + "o_proj.bias", {C}, lo.proj_b));
        PL_TRY(plan.copy(p + "post_attention_layernorm.weight", {C}, lo.ln2_w));
        lo.ln2_b = kNoTensor;
        lo.fc_w = plan.reserve(static_cast<std::size_t>(C * 2 * F));
        PL_TRY(plan.transpose_into(m + "gate_proj.weight", F, C, lo.fc_w, 2 * F, 0));
        PL_TRY(plan.transpose_into(m + "up_proj.weight", F, C, lo.fc_w, 2 * F, F));
        lo.fc2_w = plan.reserve(static_cast<std::size_t>(F * C));
        PL_TRY(plan.transpose_into(m + "down_proj.weight", C, F, lo.fc2_w, C, 0));
        lo.fc_b = lo.fc2_b = kNoTensor;
        if (cfg.mlp_bias) {
            lo.fc_b = plan.reserve(static_cast<std::size_t>(2 * F));
            PL_TRY(plan.copy_into(m + "gate_proj.bias", F, lo.fc_b, 0));
            PL_TRY(plan.copy_into(m + "up_proj.bias", F, lo.fc_b, F));
            PL_TRY(plan.copy(m + "down_proj.bias", {C}, lo.fc2_b));
        }
    }
    PL_TRY(plan.copy("model.norm.weight", {C}, off.lnf_w));
    off.lnf_b = kNoTensor;
    off.head = kNoTensor;
    if (!cfg.tied_head)  // [vocab, C] as stored: the logits are rows of it (cpu::logits)
        PL_TRY(plan.copy("lm_head.weight", {cfg.vocab_size, C}, off.head));
    return {};
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
    auto files_r = WeightFiles::open(dir);
    if (!files_r)
        return files_r.error();
    const WeightFiles& files = files_r.value();

    // Every tensor is found and checked before anything is allocated or read.
    WeightPlan plan(files);
    GptOffsets off;
    PL_TRY(cfg.is_gpt2() ? plan_gpt2(cfg, files, plan, off) : plan_llama(cfg, files, plan, off));

    // GPT-2 folders carry vocab.json and merges.txt (SPEC §5); the Llama family tokenizer.json.
    const std::filesystem::path tok_file =
        cfg.is_gpt2() ? dir / "vocab.json" : dir / "tokenizer.json";
    auto tok_r = cfg.is_gpt2() ? BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt")
                               : BpeTokenizer::load_tokenizer_json(tok_file);
    if (!tok_r)
        return tok_r.error();
    if (tok_r->vocab_size() > cfg.vocab_size) {
        return make_error(tok_file.string() + ": " + std::to_string(tok_r->vocab_size()) +
                          " tokens, more than config.json's vocab_size of " +
                          std::to_string(cfg.vocab_size));
    }

    // The CPU twin computes in f32, so F16 and BF16 weights are widened here, once: a 0.5B
    // model takes 2 GB of memory, twice its file. Mapping the file and converting per use is a
    // later step.
    const std::size_t total = plan.total();
    PL_TRY(check_allocation(total * sizeof(float), files.listing().string() + ": the weights (" +
                                                       std::to_string(total) +
                                                       " parameters, as float)"));
    std::vector<float> params(total);
    PL_TRY(plan.read(params.data()));

    const std::filesystem::path canon = std::filesystem::weakly_canonical(dir, ec);
    const std::string name = canon == std::filesystem::weakly_canonical(builtin_model_dir(), ec)
                                 ? std::string("built-in")
                                 : canon.filename().string();
    auto model = std::make_shared<GptModel>(cfg, std::move(off), std::move(params),
                                            std::move(tok_r.value()), canon, name);
    if (!cfg.is_gpt2()) {
        // Read now, so a run names the reason before it plays anything; kept as a reason rather
        // than refused, since eval and bench need no chat format.
        auto format = chat_format_of_folder(dir);
        if (!format) {
            model->set_chat_format(std::nullopt, format.error().message);
        } else if (!format->has_value()) {
            const std::filesystem::path config = dir / "tokenizer_config.json";
            model->set_chat_format(
                std::nullopt,
                (std::filesystem::exists(config, ec) ? config.string() + ": no chat_template"
                                                     : config.string() + ": missing") +
                    ", so a request cannot be rendered as this model's server "
                    "renders it (eval and bench take token ids)");
        } else {
            model->set_chat_format(std::move(format.value()), {});
        }
    }
    return std::shared_ptr<const GptModel>(std::move(model));
}

}  // namespace pl
