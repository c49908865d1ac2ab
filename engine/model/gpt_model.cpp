#include "model/gpt_model.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
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

// src [rows, cols] into dst [cols, ld] (dst[c * ld + r] = src[r * cols + c]), in tiles so both
// the reads and the writes stay within a few cache lines.
void transpose_into(float* dst, const float* src, int64_t rows, int64_t cols, int64_t ld) {
    constexpr int64_t kTile = 32;
    for (int64_t r0 = 0; r0 < rows; r0 += kTile) {
        for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
            for (int64_t r = r0; r < std::min(rows, r0 + kTile); ++r) {
                for (int64_t c = c0; c < std::min(cols, c0 + kTile); ++c)
                    dst[c * ld + r] = src[r * cols + c];
            }
        }
    }
}

// Where each checkpoint tensor goes. A Llama-family matrix is stored [out, in]. In F16 or BF16
// it stays so, read in place from the mapped file (see HalfPlan). Otherwise it is widened and
// transposed into columns [col0, col0 + out) of an [in, ld] matrix of the f32 array, so q, k and
// v become one fused [C, q + 2 kv] projection and gate and up one [C, 2F] matrix, in the
// [in, out] layout GPT-2's Conv1D weights already have and cpu::matmul expects.
struct Placement {
    WeightFiles::Entry src;
    std::size_t offset = 0;  // floats into params
    bool transpose = false;
    int64_t ld = 0;    // row length of the destination matrix (transpose only)
    int64_t col0 = 0;  // first destination column (transpose only)
};

// A tensor kept in 16 bits: its parts' rows, one after the other, form one cpu::HalfMatrix (q, k
// and v, or gate and up, fused without a copy). Its logical offset lies past every f32 tensor,
// so the f32 array holds nothing for it.
struct HalfPlan {
    std::size_t* slot = nullptr;  // the GptOffsets field that receives the offset
    std::vector<WeightFiles::Entry> parts;
    cpu::HalfType type = cpu::HalfType::BF16;
    bool transposed = false;  // logically [cols, rows] (a Llama matrix), else [rows, cols]
    int64_t rows = 0, cols = 0;
};

class WeightPlan {
  public:
    explicit WeightPlan(const WeightFiles& files) : files_(files) {}

    // A tensor of exactly `shape`, copied as it is; its offset comes back in `offset`.
    Result<void> copy(const std::string& name, const std::vector<int64_t>& shape,
                      std::size_t& offset) {
        auto e = check(name, shape);
        if (!e)
            return e.error();
        offset = total_;
        plan_.push_back(Placement{*e.value(), offset, false, 0, 0});
        total_ += static_cast<std::size_t>(numel(shape));
        return {};
    }
    // Reserves floats for a destination the tensors below fill in parts.
    std::size_t reserve(std::size_t n) {
        const std::size_t at = total_;
        total_ += n;
        return at;
    }
    // A vector into floats [offset + col0, offset + col0 + n).
    Result<void> copy_into(const std::string& name, int64_t n, std::size_t offset, int64_t col0) {
        auto e = check(name, {n});
        if (!e)
            return e.error();
        plan_.push_back(
            Placement{*e.value(), offset + static_cast<std::size_t>(col0), false, 0, 0});
        return {};
    }
    // A Llama matrix: `parts` are [rows, in] tensors fused along their rows (q | k | v, gate | up)
    // or one alone. All F16, or all BF16: kept so (its offset set by finish()). Else widened into
    // the f32 array as one [in, sum of rows] matrix.
    Result<void> matrix(std::size_t& slot, int64_t in,
                        const std::vector<std::pair<std::string, int64_t>>& parts) {
        std::vector<WeightFiles::Entry> entries;
        int64_t out = 0;
        for (const auto& [name, rows] : parts) {
            auto e = check(name, {rows, in});
            if (!e)
                return e.error();
            entries.push_back(*e.value());
            out += rows;
        }
        if (const auto type = common_half(entries)) {
            half_.push_back(HalfPlan{&slot, std::move(entries), *type, true, out, in});
            return {};
        }
        slot = reserve(static_cast<std::size_t>(in * out));
        int64_t col0 = 0;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            plan_.push_back(Placement{entries[i], slot, true, out, col0});
            col0 += parts[i].second;
        }
        return {};
    }
    // A [rows, cols] table used as stored (the token embedding, an untied output head): kept in
    // 16 bits like a matrix, else copied into the f32 array.
    Result<void> table(std::size_t& slot, const std::string& name, int64_t rows, int64_t cols) {
        auto e = check(name, {rows, cols});
        if (!e)
            return e.error();
        if (const auto type = common_half({*e.value()})) {
            half_.push_back(HalfPlan{&slot, {*e.value()}, *type, false, rows, cols});
            return {};
        }
        return copy(name, {rows, cols}, slot);
    }

    // After the last tensor: the 16-bit tensors take their logical offsets past the f32 ones.
    void finish() {
        f32_total_ = total_;
        for (const HalfPlan& h : half_) {
            *h.slot = total_;
            total_ += static_cast<std::size_t>(h.rows * h.cols);
        }
    }
    std::size_t f32_total() const { return f32_total_; }
    const std::vector<HalfPlan>& half() const { return half_; }

    // Reads every placed tensor, converted to f32, into `params` (f32_total() floats).
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
            transpose_into(params + p.offset + p.col0, scratch.data(), t.shape[0], t.shape[1],
                           p.ld);
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

    // The type every entry shares when it is F16 or BF16.
    static std::optional<cpu::HalfType> common_half(const std::vector<WeightFiles::Entry>& es) {
        const DType first = es.front().info->dtype;
        if (first != DType::F16 && first != DType::BF16)
            return std::nullopt;
        for (const auto& e : es) {
            if (e.info->dtype != first)
                return std::nullopt;
        }
        return first == DType::F16 ? cpu::HalfType::F16 : cpu::HalfType::BF16;
    }

    Result<const WeightFiles::Entry*> check(const std::string& name,
                                            const std::vector<int64_t>& shape) const {
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
        return e;
    }

    const WeightFiles& files_;
    std::vector<Placement> plan_;
    std::vector<HalfPlan> half_;
    std::size_t total_ = 0;
    std::size_t f32_total_ = 0;
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
    PL_TRY(plan.table(off.wte, "model.embed_tokens.weight", cfg.vocab_size, C));
    off.wpe = kNoTensor;
    off.layers.resize(cfg.n_layer);
    for (int l = 0; l < cfg.n_layer; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        const std::string a = p + "self_attn.", m = p + "mlp.";
        LayerOffsets& lo = off.layers[l];
        PL_TRY(plan.copy(p + "input_layernorm.weight", {C}, lo.ln1_w));
        lo.ln1_b = kNoTensor;
        PL_TRY(plan.matrix(
            lo.qkv_w, C,
            {{a + "q_proj.weight", Q}, {a + "k_proj.weight", KV}, {a + "v_proj.weight", KV}}));
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
        PL_TRY(plan.matrix(lo.proj_w, Q, {{a + "o_proj.weight", C}}));
        lo.proj_b = kNoTensor;
        if (cfg.o_bias)
            PL_TRY(plan.copy(a + "o_proj.bias", {C}, lo.proj_b));
        PL_TRY(plan.copy(p + "post_attention_layernorm.weight", {C}, lo.ln2_w));
        lo.ln2_b = kNoTensor;
        PL_TRY(plan.matrix(lo.fc_w, C, {{m + "gate_proj.weight", F}, {m + "up_proj.weight", F}}));
        PL_TRY(plan.matrix(lo.fc2_w, F, {{m + "down_proj.weight", C}}));
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
        PL_TRY(plan.table(off.head, "lm_head.weight", cfg.vocab_size, C));
    return {};
}

// The 16-bit tensors as matrices over the mapped files. The format does not promise alignment:
// a tensor at an odd address is copied into `owned` (sized before any pointer into it is taken).
std::map<std::size_t, GptModel::HalfTensor> half_tensors(const std::vector<HalfPlan>& plans,
                                                         std::vector<uint16_t>& owned) {
    auto odd = [](const WeightFiles::Entry& e) {
        return reinterpret_cast<std::uintptr_t>(e.file->bytes(*e.info)) % alignof(uint16_t) != 0;
    };
    std::size_t copies = 0;
    for (const HalfPlan& h : plans) {
        for (const auto& e : h.parts)
            copies += odd(e) ? static_cast<std::size_t>(e.info->numel()) : 0;
    }
    owned.resize(copies);
    std::size_t used = 0;
    std::map<std::size_t, GptModel::HalfTensor> out;
    for (const HalfPlan& h : plans) {
        cpu::HalfMatrix m;
        m.type = h.type;
        m.cols = static_cast<int>(h.cols);
        for (const auto& e : h.parts) {
            const uint8_t* bytes = e.file->bytes(*e.info);
            const std::size_t n = static_cast<std::size_t>(e.info->numel());
            const uint16_t* data = nullptr;
            if (odd(e)) {
                std::memcpy(owned.data() + used, bytes, n * sizeof(uint16_t));
                data = owned.data() + used;
                used += n;
            } else {
                data = reinterpret_cast<const uint16_t*>(bytes);
            }
            m.runs[static_cast<std::size_t>(m.n_runs++)] = {data,
                                                            static_cast<int>(e.info->shape[0])};
        }
        out[*h.slot] = GptModel::HalfTensor{m, h.transposed};
    }
    return out;
}

}  // namespace

void GptModel::set_half_tensors(std::map<std::size_t, HalfTensor> tensors,
                                std::shared_ptr<const WeightFiles> files,
                                std::vector<uint16_t> owned) {
    half_ = std::move(tensors);
    files_ = std::move(files);
    owned_half_ = std::move(owned);
    half_floats_ = 0;
    for (const auto& [offset, h] : half_)
        half_floats_ += static_cast<std::size_t>(h.matrix.rows()) * h.matrix.cols;
    mapped_half_bytes_ = half_floats_ * sizeof(uint16_t) - owned_half_bytes();
}

const cpu::HalfMatrix* GptModel::half(std::size_t offset) const {
    if (half_.empty())
        return nullptr;
    auto it = half_.find(offset);
    return it == half_.end() ? nullptr : &it->second.matrix;
}

const float* GptModel::f32_tensor(std::size_t offset, std::size_t count,
                                  std::vector<float>& scratch) const {
    auto it = half_.find(offset);
    if (it == half_.end())
        return at(offset);
    const cpu::HalfMatrix& m = it->second.matrix;
    const int rows = m.rows(), cols = m.cols;
    scratch.assign(std::max(count, static_cast<std::size_t>(rows) * cols), 0.0f);
    if (!it->second.transposed) {
        cpu::widen_rows(scratch.data(), m, 0, rows);
        return scratch.data();
    }
    constexpr int kRows = 32;
    std::vector<float> tile(static_cast<std::size_t>(kRows) * cols);
    for (int r0 = 0; r0 < rows; r0 += kRows) {
        const int r1 = std::min(rows, r0 + kRows);
        cpu::widen_rows(tile.data(), m, r0, r1);
        transpose_into(scratch.data() + r0, tile.data(), r1 - r0, cols, rows);
    }
    return scratch.data();
}

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
    // Shared with the model when 16-bit tensors are read in place from its mapped files.
    const auto files = std::make_shared<const WeightFiles>(std::move(files_r.value()));

    // Every tensor is found and checked before anything is allocated or read.
    WeightPlan plan(*files);
    GptOffsets off;
    PL_TRY(cfg.is_gpt2() ? plan_gpt2(cfg, *files, plan, off) : plan_llama(cfg, *files, plan, off));
    plan.finish();

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

    // The f32 tensors are read into memory of the model's own: norms, biases, and every tensor
    // of an F32 or a GPT-2 checkpoint (whose [in, out] Conv1D matrices the 16-bit kernels do not
    // read; F16 and BF16 ones are widened). A Llama-family F16 or BF16 matrix or embedding stays
    // where it lies in the mapped file: half the bytes in memory, and a token's decode reads half.
    std::vector<uint16_t> owned;
    auto half = half_tensors(plan.half(), owned);
    const std::size_t total = plan.f32_total();
    PL_TRY(check_allocation(total * sizeof(float) + owned.size() * sizeof(uint16_t),
                            files->listing().string() + ": the weights (" + std::to_string(total) +
                                " parameters as float, " + std::to_string(owned.size()) +
                                " copied in 16 bits)"));
    std::vector<float> params(total);
    PL_TRY(plan.read(params.data()));

    const std::filesystem::path canon = std::filesystem::weakly_canonical(dir, ec);
    const std::string name = canon == std::filesystem::weakly_canonical(builtin_model_dir(), ec)
                                 ? std::string("built-in")
                                 : canon.filename().string();
    auto model = std::make_shared<GptModel>(cfg, std::move(off), std::move(params),
                                            std::move(tok_r.value()), canon, name);
    if (!half.empty())
        model->set_half_tensors(std::move(half), files, std::move(owned));
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
