#include "cpu/cpu_backend.h"

#include <chrono>
#include <cstring>

#include "cpu/blas.h"
#include "cpu/cpu_ops.h"
#include "cpu/half_matmul.h"
#include "cpu/thread_pool.h"

namespace pl {

CpuBackend::CpuBackend(std::shared_ptr<const GptModel> model, KvPoolLayout layout)
    : model_(std::move(model)),
      layout_(layout),
      threads_(std::make_unique<cpu::ThreadPool>(cpu::default_threads())) {
    // BLAS runs single-threaded inside our own tasks (cpu/thread_pool.h): its spinning threads
    // are what made a forward ten times slower on a busy machine.
    cpu::set_blas_threads(1);
    const GptConfig& cfg = model_->config();
    layout_.n_layer = cfg.n_layer;
    layout_.kv_dim = cfg.kv_dim();
    if (cfg.positions == PositionKind::Rope) {
        inv_freq_.resize(static_cast<std::size_t>(cfg.head_dim() / 2));
        const RopeScaling& rs = cfg.rope_scaling;
        cpu::rope_inv_freq(inv_freq_.data(), cfg.head_dim(),
                           cpu::RopeParams{cfg.rope_theta, rs.llama3, rs.factor, rs.low_freq_factor,
                                           rs.high_freq_factor, rs.original_max_positions});
    }
    pool_.assign(layout_.bytes_per_block() / sizeof(float) * layout_.capacity_blocks, 0.0f);
}

CpuBackend::~CpuBackend() = default;

std::string CpuBackend::device_name() const {
    // The kernel family says whether the matmuls run the CPU's widest vector units.
    return "CPU (OpenBLAS " + blas::core_name() + ", " + std::to_string(threads_->size()) +
           " threads)";
}

long CpuBackend::block_floats() const {
    return static_cast<long>(layout_.block_size) * layout_.kv_dim;
}

const float* CpuBackend::k_block(int block, int layer) const {
    // One layer's K is capacity_blocks blocks, its V as many after them.
    const long half = block_floats() * layout_.capacity_blocks;
    return pool_.data() + 2L * layer * half + static_cast<long>(block) * block_floats();
}

const float* CpuBackend::v_block(int block, int layer) const {
    return k_block(block, layer) + block_floats() * layout_.capacity_blocks;
}

float* CpuBackend::k_slot(int block, int layer, int slot) {
    return const_cast<float*>(k_block(block, layer)) + static_cast<long>(slot) * layout_.kv_dim;
}

float* CpuBackend::v_slot(int block, int layer, int slot) {
    return const_cast<float*>(v_block(block, layer)) + static_cast<long>(slot) * layout_.kv_dim;
}

void CpuBackend::norm(float* out, const float* in, std::size_t w, std::size_t b, int T) const {
    const GptConfig& cfg = model_->config();
    if (cfg.norm == NormKind::RmsNorm) {
        cpu::rms_norm(out, in, model_->at(w), T, cfg.n_embd, cfg.layer_norm_epsilon);
    } else {
        cpu::layernorm(out, in, model_->at(w), model_->at(b), T, cfg.n_embd,
                       cfg.layer_norm_epsilon);
    }
}

void CpuBackend::matmul(float* out, const float* in, std::size_t w, std::size_t b, int T, int K,
                        int N) const {
    if (const cpu::HalfMatrix* h = model_->half(w)) {
        cpu::matmul_half(out, in, *h, model_->at_or_null(b), T);
        return;
    }
    cpu::matmul(out, in, model_->at(w), model_->at_or_null(b), T, K, N);
}

// One forward for every family: the branches below are where GptConfig says the architecture
// differs (norm, positions, q/k norm, grouped K/V heads, MLP, head), nothing else.
Result<void> CpuBackend::forward(std::span<const int32_t> block_table, int n_past,
                                 std::span<const int32_t> tokens, std::span<float> logits,
                                 ForwardStats* stats) {
    const GptConfig& cfg = model_->config();
    PL_TRY(check_forward_args(cfg, layout_, block_table, n_past, tokens, logits));
    const auto start = std::chrono::steady_clock::now();
    const cpu::PoolScope scope(threads_.get());

    const GptOffsets& w = model_->offsets();
    const int T = static_cast<int>(tokens.size());
    const int C = cfg.n_embd, Q = cfg.q_dim(), KV = cfg.kv_dim(), QKV = cfg.qkv_dim();
    const int F = cfg.ff_dim(), hd = cfg.head_dim();
    const bool swiglu = cfg.mlp == MlpKind::SwiGlu;
    const cpu::HeadShape heads{cfg.n_head, cfg.kv_heads(), hd};
    const long TC = static_cast<long>(T) * C;
    x_.resize(TC);
    ln_.resize(TC);
    qkv_.resize(static_cast<std::size_t>(T) * QKV);
    att_.resize(static_cast<std::size_t>(T) * Q);
    proj_.resize(TC);
    fc_.resize(static_cast<std::size_t>(T) * (swiglu ? 2 * F : F));
    if (swiglu)
        act_.resize(static_cast<std::size_t>(T) * F);
    const bool rope = cfg.positions == PositionKind::Rope;
    if (rope) {  // the same angles for every layer
        rope_cos_.resize(static_cast<std::size_t>(T) * (hd / 2));
        rope_sin_.resize(rope_cos_.size());
        cpu::rope_table(rope_cos_.data(), rope_sin_.data(), inv_freq_.data(), hd, n_past, T);
    }

    if (const cpu::HalfMatrix* wte = model_->half(w.wte)) {
        cpu::embedding_half(x_.data(), tokens.data(), *wte, T);
    } else {
        cpu::embedding(x_.data(), tokens.data(), model_->at(w.wte), model_->at_or_null(w.wpe),
                       n_past, T, C);
    }
    for (int l = 0; l < cfg.n_layer; ++l) {
        const LayerOffsets& lw = w.layers[l];
        norm(ln_.data(), x_.data(), lw.ln1_w, lw.ln1_b, T);
        matmul(qkv_.data(), ln_.data(), lw.qkv_w, lw.qkv_b, T, C, QKV);
        if (cfg.qk_norm) {
            cpu::rms_norm_heads(qkv_.data(), QKV, T, cfg.n_head, hd, model_->at(lw.q_norm),
                                cfg.layer_norm_epsilon);
            cpu::rms_norm_heads(qkv_.data() + Q, QKV, T, cfg.kv_heads(), hd, model_->at(lw.k_norm),
                                cfg.layer_norm_epsilon);
        }
        if (rope) {
            cpu::rope(qkv_.data(), QKV, T, cfg.n_head, hd, rope_cos_.data(), rope_sin_.data());
            cpu::rope(qkv_.data() + Q, QKV, T, cfg.kv_heads(), hd, rope_cos_.data(),
                      rope_sin_.data());
        }
        // The new tokens' K and V go straight into their pool slots; earlier positions are
        // already there (computed by this request or by an earlier one: a cache hit).
        for (int t = 0; t < T; ++t) {
            const int pos = n_past + t;
            const int block = block_table[pos / layout_.block_size];
            const int slot = pos % layout_.block_size;
            const float* row = qkv_.data() + static_cast<long>(t) * QKV;
            std::memcpy(k_slot(block, l, slot), row + Q, KV * sizeof(float));
            std::memcpy(v_slot(block, l, slot), row + Q + KV, KV * sizeof(float));
        }
        cpu::PagedKv kv{k_block(0, l), v_block(0, l), block_floats(), block_table.data(),
                        layout_.block_size};
        float* probs_out =
            capture_ ? capture_ + static_cast<long>(l) * cfg.n_head * (n_past + T) : nullptr;
        cpu::attention(att_.data(), qkv_.data(), QKV, kv, n_past, T, heads, probs_out);
        matmul(proj_.data(), att_.data(), lw.proj_w, lw.proj_b, T, Q, C);
        cpu::residual_add(x_.data(), proj_.data(), TC);
        norm(ln_.data(), x_.data(), lw.ln2_w, lw.ln2_b, T);
        if (swiglu) {
            matmul(fc_.data(), ln_.data(), lw.fc_w, lw.fc_b, T, C, 2 * F);
            cpu::swiglu(act_.data(), fc_.data(), T, F);
        } else {
            matmul(fc_.data(), ln_.data(), lw.fc_w, lw.fc_b, T, C, F);
            cpu::gelu(fc_.data(), static_cast<long>(T) * F);
        }
        matmul(proj_.data(), swiglu ? act_.data() : fc_.data(), lw.fc2_w, lw.fc2_b, T, F, C);
        cpu::residual_add(x_.data(), proj_.data(), TC);
    }
    // Only the last position's logits are needed: the next token.
    const float* last = x_.data() + static_cast<long>(T - 1) * C;
    norm(ln_.data(), last, w.lnf_w, w.lnf_b, 1);
    const std::size_t head = w.head == kNoTensor ? w.wte : w.head;
    if (const cpu::HalfMatrix* h = model_->half(head))
        cpu::matmul_half(logits.data(), ln_.data(), *h, nullptr, 1);
    else
        cpu::logits(logits.data(), ln_.data(), model_->at(head), cfg.vocab_size, C);

    if (stats)
        stats->set_wall_only(start);
    return {};
}

Result<void> CpuBackend::forward_attention(std::span<const int32_t> block_table, int n_past,
                                           std::span<const int32_t> tokens, std::span<float> logits,
                                           std::vector<float>& probs) {
    const GptConfig& cfg = model_->config();
    PL_TRY(check_forward_args(cfg, layout_, block_table, n_past, tokens, logits));
    probs.assign(static_cast<std::size_t>(cfg.n_layer) * cfg.n_head *
                     (static_cast<std::size_t>(n_past) + tokens.size()),
                 0.0f);
    capture_ = probs.data();
    auto r = forward(block_table, n_past, tokens, logits);
    capture_ = nullptr;
    return r;
}

}  // namespace pl
