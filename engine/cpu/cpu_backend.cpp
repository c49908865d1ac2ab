#include "cpu/cpu_backend.h"

#include <chrono>
#include <cstring>

#include "cpu/blas.h"
#include "cpu/cpu_ops.h"
#include "cpu/thread_pool.h"

namespace pl {

CpuBackend::CpuBackend(std::shared_ptr<const GptModel> model, KvPoolLayout layout)
    : model_(std::move(model)),
      layout_(layout),
      threads_(std::make_unique<cpu::ThreadPool>(cpu::default_threads())) {
    // BLAS runs single-threaded inside our own tasks (cpu/thread_pool.h): its spinning threads
    // are what made a forward ten times slower on a busy machine.
    cpu::set_blas_threads(1);
    layout_.n_layer = model_->config().n_layer;
    layout_.n_embd = model_->config().n_embd;
    pool_.assign(layout_.bytes_per_block() / sizeof(float) * layout_.capacity_blocks, 0.0f);
}

CpuBackend::~CpuBackend() = default;

std::string CpuBackend::device_name() const {
    // The kernel family says whether the matmuls run the CPU's widest vector units.
    return "CPU (OpenBLAS " + blas::core_name() + ", " + std::to_string(threads_->size()) +
           " threads)";
}

long CpuBackend::block_floats() const {
    return static_cast<long>(layout_.block_size) * layout_.n_embd;
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
    return const_cast<float*>(k_block(block, layer)) + static_cast<long>(slot) * layout_.n_embd;
}

float* CpuBackend::v_slot(int block, int layer, int slot) {
    return const_cast<float*>(v_block(block, layer)) + static_cast<long>(slot) * layout_.n_embd;
}

Result<void> CpuBackend::forward(std::span<const int32_t> block_table, int n_past,
                                 std::span<const int32_t> tokens, std::span<float> logits,
                                 ForwardStats* stats) {
    const GptConfig& cfg = model_->config();
    PL_TRY(check_forward_args(cfg, layout_, block_table, n_past, tokens, logits));
    const auto start = std::chrono::steady_clock::now();
    const cpu::PoolScope scope(threads_.get());

    const GptOffsets& w = model_->offsets();
    const int T = static_cast<int>(tokens.size());
    const int C = cfg.n_embd;
    const long TC = static_cast<long>(T) * C;
    x_.resize(TC);
    ln_.resize(TC);
    qkv_.resize(3 * TC);
    att_.resize(TC);
    proj_.resize(TC);
    fc_.resize(4 * TC);

    cpu::embedding(x_.data(), tokens.data(), model_->at(w.wte), model_->at(w.wpe), n_past, T, C);
    for (int l = 0; l < cfg.n_layer; ++l) {
        const LayerOffsets& lw = w.layers[l];
        cpu::layernorm(ln_.data(), x_.data(), model_->at(lw.ln1_w), model_->at(lw.ln1_b), T, C,
                       cfg.layer_norm_epsilon);
        cpu::matmul(qkv_.data(), ln_.data(), model_->at(lw.qkv_w), model_->at(lw.qkv_b), T, C,
                    3 * C);
        // The new tokens' K and V go straight into their pool slots; earlier positions are
        // already there (computed by this request or by an earlier one: a cache hit).
        for (int t = 0; t < T; ++t) {
            const int pos = n_past + t;
            const int block = block_table[pos / layout_.block_size];
            const int slot = pos % layout_.block_size;
            const float* row = qkv_.data() + static_cast<long>(t) * 3 * C;
            std::memcpy(k_slot(block, l, slot), row + C, C * sizeof(float));
            std::memcpy(v_slot(block, l, slot), row + 2 * C, C * sizeof(float));
        }
        cpu::PagedKv kv{k_block(0, l), v_block(0, l), block_floats(), block_table.data(),
                        layout_.block_size};
        float* probs_out =
            capture_ ? capture_ + static_cast<long>(l) * cfg.n_head * (n_past + T) : nullptr;
        cpu::attention(att_.data(), qkv_.data(), kv, n_past, T, C, cfg.n_head, probs_out);
        cpu::matmul(proj_.data(), att_.data(), model_->at(lw.proj_w), model_->at(lw.proj_b), T, C,
                    C);
        cpu::residual_add(x_.data(), proj_.data(), TC);
        cpu::layernorm(ln_.data(), x_.data(), model_->at(lw.ln2_w), model_->at(lw.ln2_b), T, C,
                       cfg.layer_norm_epsilon);
        cpu::matmul(fc_.data(), ln_.data(), model_->at(lw.fc_w), model_->at(lw.fc_b), T, C, 4 * C);
        cpu::gelu(fc_.data(), 4 * TC);
        cpu::matmul(proj_.data(), fc_.data(), model_->at(lw.fc2_w), model_->at(lw.fc2_b), T, 4 * C,
                    C);
        cpu::residual_add(x_.data(), proj_.data(), TC);
    }
    // Only the last position's logits are needed: the next token.
    const float* last = x_.data() + static_cast<long>(T - 1) * C;
    cpu::layernorm(ln_.data(), last, model_->at(w.lnf_w), model_->at(w.lnf_b), 1, C,
                   cfg.layer_norm_epsilon);
    cpu::logits(logits.data(), ln_.data(), model_->at(w.wte), cfg.vocab_size, C);

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
