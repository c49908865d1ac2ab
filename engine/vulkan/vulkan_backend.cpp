#include "vulkan/vulkan_backend.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>

#include "cpu/cpu_ops.h"
#include "vulkan/compute_kernel.h"
#include "vulkan/gpt_kernels.h"
#include "vulkan/vk_check.h"

namespace pl {

using vk::BufferRange;
using vk::Epilogue;

namespace {

// A tensor's place in the device weight buffer (bytes 0: the architecture has none, e.g. a Llama
// projection's bias; Impl::bind gives zeros in its place). Tensors are re-packed at offsets aligned
// for texel views so each is read through its own view: one view may not exceed
// maxTexelBufferElements texels (2 GiB on lavapipe, far less on some GPUs), and wte (154 MB in
// GPT-2 124M) is additionally cut into row ranges when it does not fit one.
struct DeviceTensor {
    VkDeviceSize offset = 0;
    VkDeviceSize bytes = 0;
    std::size_t host_offset = 0;         // in floats, into GptModel::params()
    VkBufferView view = VK_NULL_HANDLE;  // owned by Impl::views
};

struct DeviceLayer {
    DeviceTensor ln1_w, ln1_b, qkv_w, qkv_b, proj_w, proj_b, ln2_w, ln2_b, fc_w, fc_b, fc2_w, fc2_b;
    DeviceTensor q_norm, k_norm;
};

struct WteRange {
    int v0 = 0, v1 = 0;
    BufferRange range;
};

struct OpTiming {
    const char* name;
    uint32_t query;
};

}  // namespace

struct VulkanBackend::Impl {
    std::shared_ptr<const GptModel> model;
    KvPoolLayout layout;
    VulkanOptions options;
    int pass_tokens = 0;

    std::unique_ptr<vk::Context> ctx;  // first member destroyed last
    vk::GptKernels kernels;

    vk::Buffer weights;
    DeviceTensor wte, wpe, lnf_w, lnf_b, head;
    std::vector<DeviceLayer> layers;
    std::vector<WteRange> wte_ranges;
    // The output head in row ranges: wte's when tied, lm_head's otherwise.
    std::vector<WteRange> head_ranges;
    // Zeros standing in for the biases a model does not have.
    vk::Buffer zeros;
    VkBufferView zeros_view{};
    // Rotary positions: the frequencies (head_dim / 2), and a host-written table of the cos and
    // sin of every new token's angles ([rows][cos | sin][head_dim / 2]), grown to the longest
    // forward seen.
    std::vector<double> inv_freq;
    vk::Buffer rope;
    vk::BufferView rope_view;
    int rope_rows = 0;

    std::vector<vk::Buffer> k_pool, v_pool;  // one of each per layer: [block][slot][C]
    vk::Buffer x, ln, qkv, att, fc;          // activations for one pass
    vk::Buffer q, act;  // rotary models: turned queries [P][q_dim]; SwiGLU: gated [P][ff_dim]
    // The decode layer's (KernelTuning::fused_decode) second residual row, per-head output
    // projections [n_head][C] and MLP output shares [decode_mlp_groups][C].
    vk::Buffer x2, heads, mlp_parts;
    vk::Buffer tokens, table, logits;   // host-visible inputs and output
    std::vector<vk::BufferView> views;  // every texel view above, destroyed with them
    std::vector<VkBufferView> k_view, v_view;
    VkBufferView x_view{}, ln_view{}, qkv_view{}, att_view{}, fc_view{}, tokens_view{},
        table_view{}, x2_view{}, heads_view{}, mlp_parts_view{}, q_view{}, act_view{};

    VkQueryPool queries = VK_NULL_HANDLE;
    uint32_t query_capacity = 0;
    bool profiling = false;
    // forward_attention: where the last token's probabilities go ([layer][head][keys]), made on
    // first use; `capture` set for the one forward that fills it.
    vk::Buffer probs;
    bool capture = false;

    ~Impl() {
        if (queries != VK_NULL_HANDLE)
            vkDestroyQueryPool(ctx->device(), queries, nullptr);
    }

    BufferRange bind(const DeviceTensor& t) const {
        if (t.bytes == 0)
            return {zeros.handle(), 0, zeros.size(), zeros_view};
        return {weights.handle(), t.offset, t.bytes, t.view};
    }
    static BufferRange whole(const vk::Buffer& b, VkBufferView view = VK_NULL_HANDLE) {
        return {b.handle(), 0, VK_WHOLE_SIZE, view};
    }
    Result<VkBufferView> make_view(const vk::Buffer& b, VkDeviceSize offset, VkDeviceSize bytes,
                                   const std::string& what,
                                   VkFormat format = VK_FORMAT_R32G32B32A32_SFLOAT) {
        auto v = ctx->create_view(b, offset, bytes, what, format);
        if (!v)
            return v.error();
        views.push_back(std::move(v.value()));
        return views.back().handle();
    }

    Result<void> init();
    Result<void> upload_weights();
    // The row ranges of a [rows][C] tensor, each within one texel view.
    Result<std::vector<WteRange>> row_ranges(const DeviceTensor& t, int rows, const char* name);
    // Writes the rope table for positions [pos0, pos0 + T), growing it when needed.
    Result<void> fill_rope(int pos0, int T);
};

namespace {

VkDeviceSize align_up(VkDeviceSize v, VkDeviceSize a) {
    return (v + a - 1) / a * a;
}

}  // namespace

Result<void> VulkanBackend::Impl::init() {
    const GptConfig& cfg = model->config();
    const int C = cfg.n_embd;
    if (C % 4 != 0 || cfg.n_head <= 0 || cfg.ff_dim() % 4 != 0 ||
        (cfg.is_gpt2() && C % cfg.n_head != 0)) {
        return make_error(
            "the Vulkan backend needs n_embd and the MLP's width divisible by 4 (and, for GPT-2, "
            "n_embd by n_head; model has n_embd " +
            std::to_string(C) + ", n_head " + std::to_string(cfg.n_head) + ", MLP " +
            std::to_string(cfg.ff_dim()) + ")");
    }
    if (layout.block_size <= 0 || layout.capacity_blocks <= 0) {
        return make_error("KV pool needs a positive block_size and capacity_blocks");
    }
    layout.n_layer = cfg.n_layer;
    layout.kv_dim = cfg.kv_dim();
    pass_tokens = std::clamp(options.max_tokens_per_pass, 1, cfg.n_positions);

    auto ctx_r = vk::Context::create(options);
    if (!ctx_r)
        return ctx_r.error();
    ctx = std::move(ctx_r.value());
    const VkPhysicalDeviceLimits& lim = ctx->properties().limits;
    const VkDeviceSize max_range = lim.maxStorageBufferRange;

    vk::KernelTuning tuning = vk::KernelTuning::for_device(*ctx);
    if (options.fused_decode >= 0)
        tuning.fused_decode = options.fused_decode == 1;
    // The two-dispatch decode layer is GPT-2's (LayerNorm, GELU, one KV head a query head).
    auto kr = vk::GptKernels::create(*ctx, cfg.head_dim(), tuning, cfg.is_gpt2() ? C : 0);
    if (!kr)
        return kr.error();
    kernels = std::move(kr.value());
    if (cfg.positions == PositionKind::Rope) {
        if (!kernels.has_rope()) {
            return make_error(
                "the Vulkan rotary kernel needs a head size that is a multiple of 8 "
                "(this model's is " +
                std::to_string(cfg.head_dim()) + "); use --backend cpu");
        }
        inv_freq.resize(static_cast<std::size_t>(cfg.head_dim() / 2));
        cpu::RopeParams rp;
        rp.theta = cfg.rope_theta;
        rp.llama3 = cfg.rope_scaling.llama3;
        rp.factor = cfg.rope_scaling.factor;
        rp.low_freq_factor = cfg.rope_scaling.low_freq_factor;
        rp.high_freq_factor = cfg.rope_scaling.high_freq_factor;
        rp.original_max_positions = cfg.rope_scaling.original_max_positions;
        cpu::rope_inv_freq(inv_freq.data(), cfg.head_dim(), rp);
    }

    PL_TRY(upload_weights());

    // KV pool: per layer, K and V each in their own buffer, so one binding covers one layer's
    // whole pool and the attention kernel needs no buffer arrays.
    const VkDeviceSize pool_bytes =
        static_cast<VkDeviceSize>(layout.capacity_blocks) * layout.block_size * layout.kv_dim * 4;
    if (pool_bytes > max_range || pool_bytes > ctx->max_view_bytes()) {
        return make_error("KV pool of " + std::to_string(layout.capacity_blocks) +
                          " blocks needs " + std::to_string(pool_bytes >> 20) +
                          " MiB per layer for K (and as much for V), over this device's " +
                          std::to_string(max_range >> 20) +
                          " MiB storage-buffer range; use fewer capacity blocks");
    }
    for (int l = 0; l < cfg.n_layer; ++l) {
        auto k = ctx->create_buffer(pool_bytes, vk::MemoryUse::kDevice,
                                    "KV pool K layer " + std::to_string(l));
        if (!k)
            return k.error();
        auto v = ctx->create_buffer(pool_bytes, vk::MemoryUse::kDevice,
                                    "KV pool V layer " + std::to_string(l));
        if (!v)
            return v.error();
        k_pool.push_back(std::move(k.value()));
        v_pool.push_back(std::move(v.value()));
        auto kv = make_view(k_pool.back(), 0, pool_bytes, "KV pool K view");
        if (!kv)
            return kv.error();
        auto vv = make_view(v_pool.back(), 0, pool_bytes, "KV pool V view");
        if (!vv)
            return vv.error();
        k_view.push_back(*kv);
        v_view.push_back(*vv);
    }

    const VkDeviceSize row = static_cast<VkDeviceSize>(C) * 4;
    const VkDeviceSize P = static_cast<VkDeviceSize>(pass_tokens);
    const bool swiglu = cfg.mlp == MlpKind::SwiGlu;
    const bool rotary = cfg.positions == PositionKind::Rope;
    // What one pass's MLP projection writes: gate | up side by side for SwiGLU.
    const VkDeviceSize ff_row = 4ull * cfg.ff_dim() * (swiglu ? 2 : 1);
    struct Act {
        vk::Buffer* buf;
        VkDeviceSize bytes;
        const char* name;
        vk::MemoryUse use;
        VkBufferView* view;
        VkFormat format;
    };
    const VkFormat f4 = VK_FORMAT_R32G32B32A32_SFLOAT;
    const VkFormat i1 = VK_FORMAT_R32_SINT;
    const int max_blocks = (cfg.n_positions + layout.block_size - 1) / layout.block_size;
    const Act acts[] = {
        {&x, P * row, "residual stream", vk::MemoryUse::kDevice, &x_view, f4},
        {&ln, P * row, "layernorm output", vk::MemoryUse::kDevice, &ln_view, f4},
        {&qkv, P * 4 * cfg.qkv_dim(), "qkv", vk::MemoryUse::kDevice, &qkv_view, f4},
        {&att, P * 4 * cfg.q_dim(), "attention output", vk::MemoryUse::kDevice, &att_view, f4},
        {&fc, P * ff_row, "mlp hidden", vk::MemoryUse::kDevice, &fc_view, f4},
        {&q, (rotary ? P : 1) * 4 * cfg.q_dim(), "turned queries", vk::MemoryUse::kDevice, &q_view,
         f4},
        {&act, (swiglu ? P : 1) * 4 * cfg.ff_dim(), "gated mlp hidden", vk::MemoryUse::kDevice,
         &act_view, f4},
        {&x2, row, "second residual row", vk::MemoryUse::kDevice, &x2_view, f4},
        {&heads, static_cast<VkDeviceSize>(cfg.n_head) * row, "per-head projections",
         vk::MemoryUse::kDevice, &heads_view, f4},
        {&mlp_parts, static_cast<VkDeviceSize>(std::max(1, kernels.decode_mlp_groups(C))) * row,
         "MLP output shares", vk::MemoryUse::kDevice, &mlp_parts_view, f4},
        {&tokens, 4ull * cfg.n_positions, "tokens", vk::MemoryUse::kReadback, &tokens_view, i1},
        {&table, 4ull * max_blocks, "block table", vk::MemoryUse::kReadback, &table_view, i1},
        {&logits, 4ull * cfg.vocab_size, "logits", vk::MemoryUse::kReadback, nullptr, f4},
    };
    for (const Act& a : acts) {
        if (a.bytes > max_range) {
            return make_error("max_tokens_per_pass " + std::to_string(pass_tokens) + " makes the " +
                              a.name + " larger than the storage-buffer range");
        }
        auto b = ctx->create_buffer(a.bytes, a.use, a.name);
        if (!b)
            return b.error();
        *a.buf = std::move(b.value());
        if (a.view) {
            auto v = make_view(*a.buf, 0, a.bytes, std::string(a.name) + " view", a.format);
            if (!v)
                return v.error();
            *a.view = *v;
        }
    }
    if (!tokens.mapped() || !table.mapped() || !logits.mapped()) {
        return make_error("no host-visible coherent memory for the Vulkan inputs and logits");
    }

    if (ctx->timestamp_period_ns() > 0.0) {
        // Two per op (at most ten a layer) plus the two around the whole forward, for a
        // full-context prefill.
        const uint32_t passes =
            static_cast<uint32_t>((cfg.n_positions + pass_tokens - 1) / pass_tokens);
        query_capacity =
            2 * (passes * (10 * cfg.n_layer + 2) + 8 + static_cast<uint32_t>(head_ranges.size())) +
            2;
        VkQueryPoolCreateInfo qci{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
        qci.queryType = VK_QUERY_TYPE_TIMESTAMP;
        qci.queryCount = query_capacity;
        PL_VK(vkCreateQueryPool(ctx->device(), &qci, nullptr, &queries), "vkCreateQueryPool");
    }
    // Compiled pipelines are worth keeping now, not only at exit (the app may be killed).
    ctx->save_pipeline_cache();
    return {};
}

Result<void> VulkanBackend::Impl::upload_weights() {
    const GptConfig& cfg = model->config();
    const GptOffsets& off = model->offsets();
    const VkPhysicalDeviceLimits& lim = ctx->properties().limits;
    const VkDeviceSize align = std::max<VkDeviceSize>(
        {lim.minStorageBufferOffsetAlignment, lim.minTexelBufferOffsetAlignment, 16});
    const VkDeviceSize max_range = ctx->max_view_bytes();
    const std::size_t C = static_cast<std::size_t>(cfg.n_embd);
    const std::size_t Q = static_cast<std::size_t>(cfg.q_dim());
    const std::size_t QKV = static_cast<std::size_t>(cfg.qkv_dim());
    const std::size_t F = static_cast<std::size_t>(cfg.ff_dim());
    const std::size_t F_in = cfg.mlp == MlpKind::SwiGlu ? 2 * F : F;  // gate | up side by side
    const std::size_t V = static_cast<std::size_t>(cfg.vocab_size);

    VkDeviceSize cursor = 0;
    std::vector<std::pair<DeviceTensor*, std::string>> all;
    // A tensor the architecture lacks (kNoTensor) keeps 0 bytes: bind() gives zeros for it.
    auto place = [&](DeviceTensor& t, std::size_t host_offset, std::size_t count,
                     std::string name) {
        if (host_offset == kNoTensor)
            return;
        t.host_offset = host_offset;
        t.bytes = count * 4;
        t.offset = cursor;
        cursor = align_up(cursor + t.bytes, align);
        all.emplace_back(&t, std::move(name));
    };
    place(wte, off.wte, V * C, "token embedding");
    if (cfg.positions == PositionKind::Learned)
        place(wpe, off.wpe, static_cast<std::size_t>(cfg.n_positions) * C, "position embedding");
    layers.resize(cfg.n_layer);
    for (int l = 0; l < cfg.n_layer; ++l) {
        const LayerOffsets& o = off.layers[l];
        DeviceLayer& d = layers[l];
        const std::string h = "layer " + std::to_string(l) + " ";
        // Each weight with its bias, which has as many values as the weight has outputs.
        auto with_bias = [&](DeviceTensor& w, DeviceTensor& b, std::size_t ow, std::size_t ob,
                             std::size_t inputs, std::size_t outputs, const std::string& name) {
            place(w, ow, inputs * outputs, h + name + " weight");
            place(b, ob, outputs, h + name + " bias");
        };
        with_bias(d.ln1_w, d.ln1_b, o.ln1_w, o.ln1_b, 1, C, "norm 1");
        with_bias(d.qkv_w, d.qkv_b, o.qkv_w, o.qkv_b, C, QKV, "q|k|v");
        with_bias(d.proj_w, d.proj_b, o.proj_w, o.proj_b, Q, C, "attention output");
        with_bias(d.ln2_w, d.ln2_b, o.ln2_w, o.ln2_b, 1, C, "norm 2");
        with_bias(d.fc_w, d.fc_b, o.fc_w, o.fc_b, C, F_in, "MLP in");
        with_bias(d.fc2_w, d.fc2_b, o.fc2_w, o.fc2_b, F, C, "MLP out");
        place(d.q_norm, o.q_norm, static_cast<std::size_t>(cfg.head_dim()), h + "q norm");
        place(d.k_norm, o.k_norm, static_cast<std::size_t>(cfg.head_dim()), h + "k norm");
    }
    place(lnf_w, off.lnf_w, C, "final norm weight");
    place(lnf_b, off.lnf_b, C, "final norm bias");
    place(head, off.head, V * C, "output head");

    for (const auto& [t, name] : all) {
        if (t->host_offset + t->bytes / 4 > model->n_params()) {
            return make_error("model tensor " + name + " lies outside the parameter array");
        }
        // The embedding and the head may pass the range: they are bound in row ranges below.
        if (t != &wte && t != &head && t->bytes > max_range) {
            return make_error("model tensor " + name + " (" + std::to_string(t->bytes >> 20) +
                              " MiB) exceeds this device's texel-buffer view limit of " +
                              std::to_string(max_range >> 20) + " MiB");
        }
    }
    auto wb = ctx->create_buffer(cursor, vk::MemoryUse::kDevice, "weights");
    if (!wb)
        return wb.error();
    weights = std::move(wb.value());
    std::vector<float> widened;  // a tensor the model keeps in 16 bits, in f32 for the shaders
    for (const auto& [t, name] : all) {
        PL_TRY(ctx->upload(weights, t->offset,
                           model->f32_tensor(t->host_offset, t->bytes / 4, widened), t->bytes));
        if (t == &wte || t == &head)
            continue;
        auto v = make_view(weights, t->offset, t->bytes, name);
        if (!v)
            return v.error();
        t->view = *v;
    }
    auto wr = row_ranges(wte, cfg.vocab_size, "token embedding rows ");
    if (!wr)
        return wr.error();
    wte_ranges = std::move(wr.value());
    if (head.bytes > 0) {
        auto hr = row_ranges(head, cfg.vocab_size, "output head rows ");
        if (!hr)
            return hr.error();
        head_ranges = std::move(hr.value());
    } else {
        head_ranges = wte_ranges;
    }

    // The widest bias a matmul may be bound to.
    const std::size_t widest = std::max({QKV, C, F_in});
    auto zb = ctx->create_buffer(widest * 4, vk::MemoryUse::kDevice, "absent biases");
    if (!zb)
        return zb.error();
    zeros = std::move(zb.value());
    PL_TRY(ctx->upload(zeros, 0, std::vector<float>(widest, 0.0f).data(), widest * 4));
    auto zv = make_view(zeros, 0, widest * 4, "absent biases view");
    if (!zv)
        return zv.error();
    zeros_view = *zv;
    return {};
}

Result<std::vector<WteRange>> VulkanBackend::Impl::row_ranges(const DeviceTensor& t, int rows,
                                                              const char* name) {
    const VkPhysicalDeviceLimits& lim = ctx->properties().limits;
    const VkDeviceSize align = std::max<VkDeviceSize>(
        {lim.minStorageBufferOffsetAlignment, lim.minTexelBufferOffsetAlignment, 16});
    const VkDeviceSize row = static_cast<VkDeviceSize>(model->config().n_embd) * 4;
    // Each range within the binding range and starting at an aligned offset.
    VkDeviceSize rows_per = std::max<VkDeviceSize>(1, ctx->max_view_bytes() / row);
    while (rows_per > 1 && (rows_per * row) % align != 0)
        --rows_per;
    std::vector<WteRange> out;
    for (int v0 = 0; v0 < rows; v0 += static_cast<int>(rows_per)) {
        const int v1 = std::min<int>(rows, v0 + static_cast<int>(rows_per));
        const VkDeviceSize start = t.offset + v0 * row;
        const VkDeviceSize bytes = (v1 - v0) * row;
        auto v = make_view(weights, start, bytes, name + std::to_string(v0));
        if (!v)
            return v.error();
        out.push_back({v0, v1, {weights.handle(), start, bytes, *v}});
    }
    return out;
}

Result<void> VulkanBackend::Impl::fill_rope(int pos0, int T) {
    const int hd = model->config().head_dim();
    if (T > rope_rows) {
        rope_view = vk::BufferView();  // the view goes before its buffer
        const VkDeviceSize bytes = static_cast<VkDeviceSize>(T) * hd * 4;
        auto b = ctx->create_buffer(bytes, vk::MemoryUse::kReadback, "rope table");
        if (!b)
            return b.error();
        rope = std::move(b.value());
        if (!rope.mapped())
            return make_error("no host-visible coherent memory for the rope table");
        auto v = ctx->create_view(rope, 0, bytes, "rope table view");
        if (!v)
            return v.error();
        rope_view = std::move(v.value());
        rope_rows = T;
    }
    // Worked out as the CPU twin does (cpu::rope_table: the angles in double), then laid out
    // per token as its cosines and then its sines.
    const std::size_t half = static_cast<std::size_t>(hd / 2);
    std::vector<float> c(static_cast<std::size_t>(T) * half), sn(c.size());
    cpu::rope_table(c.data(), sn.data(), inv_freq.data(), hd, pos0, T);
    auto* dst = static_cast<float*>(rope.mapped());
    for (std::size_t t = 0; t < static_cast<std::size_t>(T); ++t) {
        std::memcpy(dst + t * hd, c.data() + t * half, half * 4);
        std::memcpy(dst + t * hd + half, sn.data() + t * half, half * 4);
    }
    return {};
}

VulkanBackend::VulkanBackend(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
VulkanBackend::~VulkanBackend() = default;

Result<std::unique_ptr<VulkanBackend>> VulkanBackend::create(std::shared_ptr<const GptModel> model,
                                                             KvPoolLayout layout,
                                                             VulkanOptions options) {
    if (!model)
        return make_error("VulkanBackend::create: no model");
    auto impl = std::make_unique<Impl>();
    impl->model = std::move(model);
    impl->layout = layout;
    impl->options = std::move(options);
    PL_TRY(impl->init());
    const bool warm = impl->options.warm_up;
    std::unique_ptr<VulkanBackend> backend(new VulkanBackend(std::move(impl)));
    if (warm) {
        // One pass through each family of kernels: tiled, multi-row and vector (every table
        // entry is block 0, so the passes only overwrite each other's scratch KV).
        const GptConfig& cfg = backend->impl_->model->config();
        const int bs = backend->impl_->layout.block_size;
        const auto& tuning = backend->impl_->kernels.tuning();
        const int n = std::min(cfg.n_positions - 1,
                               std::max(tuning.rows_max_rows, tuning.vector_max_rows) + 1);
        if (n < 1)
            return backend;
        std::vector<int32_t> table((n + 1 + bs - 1) / bs, 0);
        std::vector<int32_t> tokens(n, 0);
        std::vector<float> logits(cfg.vocab_size);
        const std::span<const int32_t> all(tokens);
        PL_TRY(backend->forward(table, 0, all, logits));
        PL_TRY(
            backend->forward(table, 0, all.first(std::min(n, tuning.vector_max_rows + 1)), logits));
        PL_TRY(backend->forward(table, n, all.first(1), logits));
    }
    return backend;
}

Result<void> VulkanBackend::forward_attention(std::span<const int32_t> block_table, int n_past,
                                              std::span<const int32_t> tokens,
                                              std::span<float> logits, std::vector<float>& probs) {
    Impl& m = *impl_;
    const GptConfig& cfg = m.model->config();
    PL_TRY(check_forward_args(cfg, m.layout, block_table, n_past, tokens, logits));
    if (m.probs.handle() == VK_NULL_HANDLE) {
        // Scores [layer][head][keys], then each head's softmax max and sum [layer][head][2].
        const VkDeviceSize bytes = 4ull * cfg.n_layer * cfg.n_head * (cfg.n_positions + 2);
        auto b = m.ctx->create_buffer(bytes, vk::MemoryUse::kReadback, "attention probabilities");
        if (!b)
            return b.error();
        m.probs = std::move(b.value());
    }
    m.capture = true;
    auto r = forward(block_table, n_past, tokens, logits);
    m.capture = false;
    if (!r)
        return r;
    // The probabilities the attention kernel applied: exp(score - max) / sum, with its own max
    // and sum (its online softmax never held them as such).
    const std::size_t keys = static_cast<std::size_t>(n_past) + tokens.size();
    const std::size_t rows = static_cast<std::size_t>(cfg.n_layer) * cfg.n_head;
    const auto* scores = static_cast<const float*>(m.probs.mapped());
    const float* stats = scores + rows * keys;
    probs.resize(rows * keys);
    for (std::size_t row = 0; row < rows; ++row) {
        const float mx = stats[2 * row];
        const float inv_sum = 1.0f / stats[2 * row + 1];
        for (std::size_t k = 0; k < keys; ++k)
            probs[row * keys + k] = std::exp(scores[row * keys + k] - mx) * inv_sum;
    }
    return {};
}

std::string VulkanBackend::device_name() const {
    return impl_->ctx->device_name();
}
const KvPoolLayout& VulkanBackend::kv_layout() const {
    return impl_->layout;
}
const GptModel& VulkanBackend::model() const {
    return *impl_->model;
}
void VulkanBackend::set_profiling(bool on) {
    impl_->profiling = on;
}
int VulkanBackend::validation_message_count() const {
    return impl_->ctx->validation_message_count();
}
bool VulkanBackend::validation_enabled() const {
    return impl_->ctx->validation_enabled();
}
std::vector<std::string> VulkanBackend::validation_messages() const {
    std::vector<std::string> out;
    for (const auto& m : impl_->ctx->validation_messages())
        out.push_back(m.severity + ": " + m.text);
    return out;
}

Result<void> VulkanBackend::forward(std::span<const int32_t> block_table, int n_past,
                                    std::span<const int32_t> tokens_in, std::span<float> logits_out,
                                    ForwardStats* stats) {
    Impl& m = *impl_;
    const GptConfig& cfg = m.model->config();
    PL_TRY(check_forward_args(cfg, m.layout, block_table, n_past, tokens_in, logits_out));
    const auto start = std::chrono::steady_clock::now();

    const int T = static_cast<int>(tokens_in.size());
    const int C = cfg.n_embd, Q = cfg.q_dim(), QKV = cfg.qkv_dim(), F = cfg.ff_dim();
    const bool rotary = cfg.positions == PositionKind::Rope;
    const bool swiglu = cfg.mlp == MlpKind::SwiGlu;
    const bool rms = cfg.norm == NormKind::RmsNorm;
    const int bs = m.layout.block_size;
    if (rotary)
        PL_TRY(m.fill_rope(n_past, T));
    const int needed = (n_past + T + bs - 1) / bs;
    std::memcpy(m.tokens.mapped(), tokens_in.data(), tokens_in.size_bytes());
    std::memcpy(m.table.mapped(), block_table.data(), static_cast<std::size_t>(needed) * 4);

    auto cmd_r = m.ctx->begin_commands();
    if (!cmd_r)
        return cmd_r.error();
    VkCommandBuffer cmd = cmd_r.value();
    const vk::GptKernels& K = m.kernels;
    const bool timed = m.queries != VK_NULL_HANDLE;
    const bool profile = timed && m.profiling;
    uint32_t next_query = 0;
    std::vector<OpTiming> timings;
    if (timed) {
        vkCmdResetQueryPool(cmd, m.queries, 0, m.query_capacity);
        vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, m.queries, next_query++);
    }

    const int n_pass = (T + m.pass_tokens - 1) / m.pass_tokens;
    // One new token: the two-dispatch layer where the device has it. forward_attention keeps
    // the separate kernels, whose attention writes the scores it used.
    const bool fused =
        T == 1 && !m.capture && cfg.n_layer > 0 && K.has_decode_layer() && cfg.is_gpt2();
    const char* phase = T == 1 ? "decode" : "prefill";
    char label[96];
    // Every op: a debug label, a timestamp pair when profiling, and a barrier after.
    auto op = [&](const char* stat, auto&& record) {
        m.ctx->begin_label(cmd, label);
        const bool t = profile && next_query + 3 <= m.query_capacity;
        if (t) {
            vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, m.queries, next_query);
            timings.push_back({stat, next_query});
        }
        record();
        if (t) {
            vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, m.queries,
                                next_query + 1);
            next_query += 2;
        }
        m.ctx->end_label(cmd);
        vk::compute_barrier(cmd);
    };
    auto set_label = [&](int pass, int layer, const char* what) {
        char pass_part[24] = "";
        if (n_pass > 1)
            std::snprintf(pass_part, sizeof pass_part, "pass%d/", pass);
        if (layer >= 0) {
            std::snprintf(label, sizeof label, "%s/%slayer%d/%s", phase, pass_part, layer, what);
        } else {
            std::snprintf(label, sizeof label, "%s/%s%s", phase, pass_part, what);
        }
    };
    // ln[row0, row0 + rows) = the norm (LayerNorm or RMSNorm) of the same rows of x, with one
    // layer's weights.
    auto layernorm = [&](const DeviceTensor& weight, const DeviceTensor& bias, int row0, int rows) {
        op(rms ? "rmsnorm" : "layernorm", [&] {
            if (rms) {
                K.rmsnorm(cmd, Impl::whole(m.ln), Impl::whole(m.x, m.x_view), m.bind(weight), row0,
                          rows, C, cfg.layer_norm_epsilon);
            } else {
                K.layernorm(cmd, Impl::whole(m.ln), Impl::whole(m.x, m.x_view), m.bind(weight),
                            m.bind(bias), row0, rows, C, cfg.layer_norm_epsilon);
            }
        });
    };
    // out = in times a layer's weight plus its bias, then `epi`, over `rows` rows; labelled and
    // timed as `what`.
    auto linear = [&](int pass, int layer, const char* what, BufferRange out, BufferRange in,
                      const DeviceTensor& weight, const DeviceTensor& bias, int rows, int k, int n,
                      Epilogue epi, const vk::PagedKvBinding* kv = nullptr) {
        set_label(pass, layer, what);
        op(what,
           [&] { K.matmul(cmd, out, in, m.bind(weight), m.bind(bias), rows, k, n, epi, kv); });
    };
    // x[0, Tp) = the embeddings of tokens [t0, t0 + Tp) at positions from pos0.
    auto embed = [&](int t0, int pos0, int Tp) {
        op("embedding", [&] {
            for (const WteRange& r : m.wte_ranges) {
                const BufferRange tok = Impl::whole(m.tokens, m.tokens_view);
                if (rotary) {
                    K.token_embedding(cmd, Impl::whole(m.x), tok, r.range, t0, Tp, C, r.v0, r.v1);
                } else {
                    K.embedding(cmd, Impl::whole(m.x), tok, r.range, m.bind(m.wpe), t0, pos0, Tp, C,
                                r.v0, r.v1);
                }
            }
        });
    };

    if (fused) {
        // Two dispatches a layer (GptKernels::decode_attention, decode_mlp): the residual row
        // moves between x and x2, each dispatch forming it from the row before and the
        // previous dispatch's output shares.
        set_label(0, -1, "embedding");
        embed(0, n_past, 1);
        const BufferRange rows[2] = {Impl::whole(m.x, m.x_view), Impl::whole(m.x2, m.x2_view)};
        const BufferRange heads = Impl::whole(m.heads, m.heads_view);
        const BufferRange parts = Impl::whole(m.mlp_parts, m.mlp_parts_view);
        const int n_parts = K.decode_mlp_groups(C);
        for (int l = 0; l < cfg.n_layer; ++l) {
            const DeviceLayer& w = m.layers[l];
            vk::PagedKvBinding kv{Impl::whole(m.table, m.table_view),
                                  Impl::whole(m.k_pool[l], m.k_view[l]),
                                  Impl::whole(m.v_pool[l], m.v_view[l]), n_past, bs};
            // Layer 0 starts from the embedding alone; the bias binding is then unused.
            const vk::GptKernels::DecodeResidual into_attention{
                rows[0], rows[1], parts, m.bind(m.layers[std::max(0, l - 1)].fc2_b),
                l == 0 ? 0 : n_parts};
            set_label(0, l, "attention");
            op("decode_attention", [&] {
                K.decode_attention(cmd, heads, into_attention, m.bind(w.ln1_w), m.bind(w.ln1_b),
                                   m.bind(w.qkv_w), m.bind(w.qkv_b), m.bind(w.proj_w), kv, C,
                                   cfg.n_head, cfg.layer_norm_epsilon);
            });
            const vk::GptKernels::DecodeResidual into_mlp{rows[1], rows[0], heads, m.bind(w.proj_b),
                                                          cfg.n_head};
            set_label(0, l, "mlp");
            op("decode_mlp", [&] {
                K.decode_mlp(cmd, parts, into_mlp, m.bind(w.ln2_w), m.bind(w.ln2_b), m.bind(w.fc_w),
                             m.bind(w.fc_b), m.bind(w.fc2_w), C, cfg.layer_norm_epsilon);
            });
        }
        const vk::GptKernels::DecodeResidual final_row{
            rows[0], rows[1], parts, m.bind(m.layers[cfg.n_layer - 1].fc2_b), n_parts};
        set_label(0, -1, "ln_f");
        op("decode_residual_ln", [&] {
            K.decode_residual_ln(cmd, Impl::whole(m.ln), final_row, m.bind(m.lnf_w),
                                 m.bind(m.lnf_b), C, cfg.layer_norm_epsilon);
        });
    } else {
        int last_rows = 0;
        for (int pass = 0; pass < n_pass; ++pass) {
            const int t0 = pass * m.pass_tokens;
            const int Tp = std::min(m.pass_tokens, T - t0);
            last_rows = Tp;
            const int pos0 = n_past + t0;
            set_label(pass, -1, "embedding");
            embed(t0, pos0, Tp);
            for (int l = 0; l < cfg.n_layer; ++l) {
                const DeviceLayer& w = m.layers[l];
                vk::PagedKvBinding kv{Impl::whole(m.table, m.table_view),
                                      Impl::whole(m.k_pool[l], m.k_view[l]),
                                      Impl::whole(m.v_pool[l], m.v_view[l]), pos0, bs};
                set_label(pass, l, "ln_1");
                layernorm(w.ln1_w, w.ln1_b, 0, Tp);
                if (rotary) {
                    // q | k | v with their biases, then per head the norm and the turn; keys and
                    // values into the pool, queries into m.q.
                    linear(pass, l, "qkv", Impl::whole(m.qkv), Impl::whole(m.ln, m.ln_view),
                           w.qkv_w, w.qkv_b, Tp, C, QKV, Epilogue::kNone);
                    set_label(pass, l, "rope");
                    op("rope", [&] {
                        K.rope_qkv(
                            cmd, Impl::whole(m.q), Impl::whole(m.qkv, m.qkv_view),
                            {m.rope.handle(), 0, VK_WHOLE_SIZE, m.rope_view.handle()},
                            m.bind(w.q_norm), m.bind(w.k_norm), kv, Tp,
                            {cfg.n_head, cfg.kv_heads(), cfg.qk_norm, cfg.layer_norm_epsilon, t0});
                    });
                } else {
                    linear(pass, l, "qkv", Impl::whole(m.qkv), Impl::whole(m.ln, m.ln_view),
                           w.qkv_w, w.qkv_b, Tp, C, QKV, Epilogue::kQkv, &kv);
                }
                set_label(pass, l, "attention");
                // forward_attention: the last token's scores, max and sum, from this very
                // kernel.
                vk::AttentionProbe probe;
                const bool probed = m.capture && pass == n_pass - 1;
                if (probed) {
                    const auto keys = static_cast<uint32_t>(pos0 + Tp);
                    const auto heads = static_cast<uint32_t>(cfg.n_head);
                    probe.buffer = Impl::whole(m.probs);
                    probe.row = Tp - 1;
                    probe.scores = static_cast<uint32_t>(l) * heads * keys;
                    probe.stats = static_cast<uint32_t>(cfg.n_layer) * heads * keys +
                                  static_cast<uint32_t>(l) * heads * 2;
                }
                op("attention", [&] {
                    // GPT-2 reads its queries from the fused q|k|v rows, a rotary model from
                    // the turned ones.
                    const BufferRange queries =
                        rotary ? Impl::whole(m.q, m.q_view) : Impl::whole(m.qkv, m.qkv_view);
                    K.attention(cmd, Impl::whole(m.att), queries, kv, Tp,
                                {cfg.n_head, cfg.kv_heads(), rotary ? Q : QKV},
                                vk::KernelChoice::kAuto, probed ? &probe : nullptr);
                });
                linear(pass, l, "attn_proj", Impl::whole(m.x), Impl::whole(m.att, m.att_view),
                       w.proj_w, w.proj_b, Tp, Q, C, Epilogue::kResidual);
                set_label(pass, l, "ln_2");
                layernorm(w.ln2_w, w.ln2_b, 0, Tp);
                if (swiglu) {
                    linear(pass, l, "mlp_fc", Impl::whole(m.fc), Impl::whole(m.ln, m.ln_view),
                           w.fc_w, w.fc_b, Tp, C, 2 * F, Epilogue::kNone);
                    set_label(pass, l, "swiglu");
                    op("swiglu", [&] {
                        K.swiglu(cmd, Impl::whole(m.act), Impl::whole(m.fc, m.fc_view), Tp, F);
                    });
                    linear(pass, l, "mlp_proj", Impl::whole(m.x), Impl::whole(m.act, m.act_view),
                           w.fc2_w, w.fc2_b, Tp, F, C, Epilogue::kResidual);
                } else {
                    linear(pass, l, "mlp_fc", Impl::whole(m.fc), Impl::whole(m.ln, m.ln_view),
                           w.fc_w, w.fc_b, Tp, C, F, Epilogue::kGelu);
                    linear(pass, l, "mlp_proj", Impl::whole(m.x), Impl::whole(m.fc, m.fc_view),
                           w.fc2_w, w.fc2_b, Tp, F, C, Epilogue::kResidual);
                }
            }
        }
        // Only the last position's logits are needed: the next token.
        set_label(0, -1, "ln_f");
        layernorm(m.lnf_w, m.lnf_b, last_rows - 1, 1);
    }
    set_label(0, -1, "logits");
    op("logits", [&] {
        for (const WteRange& r : m.head_ranges) {
            K.logits(cmd, Impl::whole(m.logits), Impl::whole(m.ln, m.ln_view), r.range, r.v0,
                     r.v1 - r.v0, C);
        }
    });
    vk::host_read_barrier(cmd);
    const uint32_t end_query = next_query;
    if (timed) {
        vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, m.queries, next_query++);
    }
    PL_TRY(m.ctx->submit_and_wait(cmd, std::string(phase) + " forward"));
    std::memcpy(logits_out.data(), m.logits.mapped(), static_cast<std::size_t>(cfg.vocab_size) * 4);

    if (stats) {
        stats->set_wall_only(start);
        if (timed) {
            std::vector<uint64_t> ts(next_query);
            PL_VK(vkGetQueryPoolResults(m.ctx->device(), m.queries, 0, next_query,
                                        ts.size() * sizeof(uint64_t), ts.data(), sizeof(uint64_t),
                                        VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                  "vkGetQueryPoolResults");
            const double ns = m.ctx->timestamp_period_ns();
            stats->gpu_ms = static_cast<double>(ts[end_query] - ts[0]) * ns * 1e-6;
            std::map<std::string, KernelTime> by_name;
            std::vector<std::string> order;
            for (const OpTiming& t : timings) {
                auto [it, fresh] = by_name.try_emplace(t.name);
                if (fresh) {
                    it->second.name = t.name;
                    order.push_back(t.name);
                }
                it->second.ms += static_cast<double>(ts[t.query + 1] - ts[t.query]) * ns * 1e-6;
                it->second.dispatches += 1;
            }
            for (const std::string& n : order)
                stats->kernels.push_back(by_name[n]);
        }
    }
    return {};
}

}  // namespace pl

namespace pl {

// The hook engine/backend_factory.cpp calls for `--backend vulkan [--device N]`.
Result<std::unique_ptr<InferenceBackend>> create_vulkan_backend(
    std::shared_ptr<const GptModel> model, KvPoolLayout layout, int device_index) {
    VulkanOptions options;
    options.device_index = device_index;
    auto r = VulkanBackend::create(std::move(model), layout, options);
    if (!r)
        return r.error();
    return std::unique_ptr<InferenceBackend>(std::move(r.value()));
}

// The hook for the default choice: a CPU implementation of Vulkan loses to the CPU twin.
std::string vulkan_software_only_device() {
    return vk::software_only_device();
}

}  // namespace pl
