#include "vulkan/gpt_kernels.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "vulkan/vulkan_context.h"

namespace pl::vk {

namespace {

uint32_t div_up(uint32_t a, uint32_t b) {
    return (a + b - 1) / b;
}

// The matmul register tiles, compiled in (shaders/shader_variants.cmake, PL_MATMUL_TILE and
// PL_MATMUL_WIDE_TILE).
constexpr uint32_t kMatmulTM = 4;
constexpr uint32_t kMatmulTN4 = 4;
constexpr uint32_t kWideTM = 8;
constexpr uint32_t kWideTN4 = 8;

// Push-constant blocks; each mirrors the `Push` block of its shader (std430 scalars, in order).
struct EmbeddingPush {
    uint32_t T, C4, pos0, tok0, v0, v1;
};
struct LayerNormPush {
    uint32_t T, C4, row0;
    float eps;
};
struct MatmulPush {
    uint32_t T, K4, N4, n_past, block_size;
};
struct AttentionPush {
    uint32_t T, q_stride4, out4, kv4, group, n_past, block_size;
    float scale;
    uint32_t probe_row, probe_scores, probe_stats;
};
struct DecodeLayerPush {
    uint32_t C4, n_head, n_past, block_size;
    float eps, scale;
    uint32_t n_parts, chunks;
};
// Workgroups of decode_mlp: enough for every worker thread of a CPU driver, few enough that
// adding their partial rows stays cheap for the next dispatch.
constexpr uint32_t kDecodeMlpGroups = 8;
struct RopePush {
    uint32_t T, n_head, n_kv_head, n_past, block_size;
    float eps;
    uint32_t qk_norm, rope_row0;
};
struct SwigluPush {
    uint32_t T, F4;
};
// Workgroups along y (one per new token, the shaders loop past it): under every device's limit.
constexpr uint32_t kMaxRowGroups = 65535;
struct LogitsPush {
    uint32_t C4, rows, v0;
};
// AttentionPush::probe_row when no query is probed.
constexpr uint32_t kNoProbe = 0xffffffffu;

const char* const kMatmulNames[4] = {"matmul", "matmul_gelu", "matmul_residual", "matmul_qkv"};
const char* const kMatmulWideNames[4] = {"matmul_wide", "matmul_wide_gelu", "matmul_wide_residual",
                                         "matmul_wide_qkv"};
const char* const kMatmulSmallNames[4] = {"matmul_small", "matmul_small_gelu",
                                          "matmul_small_residual", "matmul_small_qkv"};
// Up to this many rows the one-row tile wins: the 4-row tile would mostly redo clamped rows.
constexpr int kSmallMatmulMaxRows = 96;
const char* const kMatvecNames[4] = {"matvec", "matvec_gelu", "matvec_residual", "matvec_qkv"};
const char* const kMatvecRowsNames[4] = {"matvec_rows", "matvec_rows_gelu", "matvec_rows_residual",
                                         "matvec_rows_qkv"};
// Rows per workgroup of the multi-row kernels (shaders/shader_variants.cmake, ROWS=).
constexpr uint32_t kMatvecRows = 8;
constexpr uint32_t kAttentionRows = 4;

}  // namespace

KernelTuning KernelTuning::for_device(const Context& ctx) {
    KernelTuning t;
    if (ctx.properties().deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) {
        // lavapipe/SwiftShader: a workgroup is a loop over SIMD-wide subgroups on one thread.
        // Tiles measured on llvmpipe (AVX2, 8 lanes): see tests/test_vulkan_kernels.cpp.
        // The wide tile with one subgroup per workgroup: 64 rows a workgroup, so a 512-token
        // pass still gives each of lavapipe's threads many workgroups.
        t.matmul_wg = 8;
        t.wide_matmul = true;
        t.matvec_wg = 8;
        t.matvec_ks = 1;
        t.attention_wg = 8;
        t.attention_decode_wg = 8;
        t.logits_wg = 8;
        // Attention: the multi-query kernel at every length. In the one-query-per-lane kernel
        // all 8 lanes fetch the same K and V texels, which lavapipe gathers lane by lane; with
        // lanes on different keys every fetch is useful. Measured on llvmpipe, 512 queries over
        // 0 and 1,536 earlier keys: 1.5-1.7x less CPU time.
        t.attention_rows_max_rows = std::numeric_limits<int>::max();
        // Measured on llvmpipe, 2 cores, 512 tokens of context: the seven-dispatch layer took
        // as long on two worker threads as on one (every dispatch a hand-off and a wait).
        t.fused_decode = true;
    }
    return t;
}

Result<GptKernels> GptKernels::create(const Context& ctx, int head_dim, const KernelTuning& tuning,
                                      int n_embd) {
    GptKernels k;
    k.tuning_ = tuning;
    k.head_dim_ = head_dim;
    k.tile_tm_ = tuning.wide_matmul ? kWideTM : kMatmulTM;
    k.tile_tn4_ = tuning.wide_matmul ? kWideTN4 : kMatmulTN4;
    if (head_dim % 4 != 0 || head_dim > 256) {
        return make_error(
            "the Vulkan kernels need a head size that is a multiple of 4 and at "
            "most 256 (this model's is " +
            std::to_string(head_dim) + ")");
    }
    const uint32_t hd4 = static_cast<uint32_t>(head_dim / 4);
    auto make = [&](Kernel& dst, const char* name, const char* bindings, uint32_t push,
                    std::initializer_list<uint32_t> spec) -> Result<void> {
        auto r = Kernel::create(ctx, name, bindings, push, spec);
        if (!r)
            return r.error();
        dst = std::move(r.value());
        return {};
    };
    PL_TRY(make(k.embedding_, "embedding", "ttts", sizeof(EmbeddingPush), {}));
    PL_TRY(make(k.embedding_tokens_, "embedding_tokens", "ttts", sizeof(EmbeddingPush), {}));
    PL_TRY(make(k.layernorm_, "layernorm", "ttts", sizeof(LayerNormPush), {64}));
    PL_TRY(make(k.rmsnorm_, "rmsnorm", "ttts", sizeof(LayerNormPush), {64}));
    PL_TRY(make(k.swiglu_, "swiglu", "ts", sizeof(SwigluPush), {}));
    // One subgroup a workgroup: the head norm's sum is a subgroup add.
    if (head_dim % 8 == 0) {
        PL_TRY(make(k.rope_qkv_, "rope_qkv",
                    "ttttts"
                    "ss",
                    sizeof(RopePush), {std::min<uint32_t>(ctx.min_subgroup_size(), 64), hd4}));
    }
    for (int e = 0; e < 4; ++e) {
        const char* nb = e == static_cast<int>(Epilogue::kQkv) ? "tttstss" : "ttts";
        PL_TRY(make(k.matmul_[e], tuning.wide_matmul ? kMatmulWideNames[e] : kMatmulNames[e], nb,
                    sizeof(MatmulPush), {tuning.matmul_wg}));
        PL_TRY(make(k.matmul_small_[e], kMatmulSmallNames[e], nb, sizeof(MatmulPush),
                    {tuning.matmul_wg}));
        PL_TRY(make(k.matvec_[e], kMatvecNames[e], nb, sizeof(MatmulPush),
                    {tuning.matvec_wg, tuning.matvec_ks}));
        PL_TRY(make(k.matvec_rows_[e], kMatvecRowsNames[e], nb, sizeof(MatmulPush),
                    {tuning.matvec_wg, tuning.matvec_ks}));
    }
    PL_TRY(make(k.attention_, "attention", "ttttss", sizeof(AttentionPush),
                {tuning.attention_wg, hd4}));
    // The decode kernels merge per-subgroup partials through shared memory, sized for the most
    // subgroups a workgroup may hold (16 at most); a CPU driver's single subgroup needs none.
    const uint32_t decode_wg =
        std::min<uint32_t>(tuning.attention_decode_wg, 16 * ctx.min_subgroup_size());
    const uint32_t max_sg = div_up(decode_wg, ctx.min_subgroup_size());
    const uint64_t shared_limit = ctx.properties().limits.maxComputeSharedMemorySize;
    auto fits = [&](uint32_t rows) {
        return hd4 <= 64 && uint64_t{max_sg} * rows * (2 * 4 + hd4 * 16) <= shared_limit;
    };
    if (fits(1)) {
        PL_TRY(make(k.attention_decode_, "attention_decode", "ttttss", sizeof(AttentionPush),
                    {decode_wg, hd4, max_sg}));
    }
    if (fits(kAttentionRows)) {
        PL_TRY(make(k.attention_rows_, "attention_rows", "ttttss", sizeof(AttentionPush),
                    {decode_wg, hd4, max_sg}));
    }
    PL_TRY(make(k.logits_, "logits", "tts", sizeof(LogitsPush), {tuning.logits_wg}));
    // The decode layer: a workgroup of one subgroup (every reduction and every exchange of the
    // row a subgroup op; the device must have broadcasts), each lane holding up to 64 vec4s of
    // the row, and this head's q, k and v in shared memory.
    const uint32_t c4 = n_embd > 0 ? static_cast<uint32_t>(n_embd / 4) : 0;
    const uint32_t sg = ctx.min_subgroup_size();
    const uint32_t decode_layer_wg = std::min<uint32_t>(sg, 64);
    if (tuning.fused_decode && c4 > 0 && n_embd % 4 == 0 && hd4 <= 64 && sg >= 4 &&
        div_up(c4, decode_layer_wg) <= 64 && ctx.has_subgroup_ops(VK_SUBGROUP_FEATURE_BALLOT_BIT) &&
        uint64_t{3 * hd4} * 16 <= shared_limit) {
        k.decode_wg_ = decode_layer_wg;
        PL_TRY(make(k.decode_attention_, "decode_attention", "ttttttttttsstss",
                    sizeof(DecodeLayerPush), {k.decode_wg_, hd4, c4}));
        PL_TRY(make(k.decode_mlp_, "decode_mlp", "ttttttttss", sizeof(DecodeLayerPush),
                    {k.decode_wg_, hd4, c4}));
        PL_TRY(make(k.decode_residual_ln_, "decode_residual_ln", "ttttts", sizeof(DecodeLayerPush),
                    {k.decode_wg_, hd4, c4}));
    }
    return k;
}

void GptKernels::embedding(VkCommandBuffer cmd, BufferRange out, BufferRange tokens,
                           BufferRange wte, BufferRange wpe, int tok0, int pos0, int T, int C,
                           int v0, int v1) const {
    const EmbeddingPush p{static_cast<uint32_t>(T),    static_cast<uint32_t>(C / 4),
                          static_cast<uint32_t>(pos0), static_cast<uint32_t>(tok0),
                          static_cast<uint32_t>(v0),   static_cast<uint32_t>(v1)};
    const BufferRange b[] = {tokens, wte, wpe, out};
    embedding_.dispatch(cmd, b, &p, div_up(p.C4, 64), p.T);
}

void GptKernels::token_embedding(VkCommandBuffer cmd, BufferRange out, BufferRange tokens,
                                 BufferRange wte, int tok0, int T, int C, int v0, int v1) const {
    const EmbeddingPush p{
        static_cast<uint32_t>(T),    static_cast<uint32_t>(C / 4), 0,
        static_cast<uint32_t>(tok0), static_cast<uint32_t>(v0),    static_cast<uint32_t>(v1)};
    const BufferRange b[] = {tokens, wte, wte, out};  // binding 2 (positions) is not read
    embedding_tokens_.dispatch(cmd, b, &p, div_up(p.C4, 64), p.T);
}

void GptKernels::rmsnorm(VkCommandBuffer cmd, BufferRange out, BufferRange in, BufferRange w,
                         int row0, int T, int C, float eps) const {
    const LayerNormPush p{static_cast<uint32_t>(T), static_cast<uint32_t>(C / 4),
                          static_cast<uint32_t>(row0), eps};
    const BufferRange bind[] = {in, w, w, out};  // binding 2 (a bias) is not read
    rmsnorm_.dispatch(cmd, bind, &p, std::max(1u, div_up(p.T, 8)));
}

void GptKernels::rope_qkv(VkCommandBuffer cmd, BufferRange q_out, BufferRange qkv, BufferRange rope,
                          BufferRange q_norm, BufferRange k_norm, const PagedKvBinding& kv, int T,
                          const RopeHeads& heads) const {
    const RopePush p{static_cast<uint32_t>(T),
                     static_cast<uint32_t>(heads.n_head),
                     static_cast<uint32_t>(heads.n_kv_head),
                     static_cast<uint32_t>(kv.n_past),
                     static_cast<uint32_t>(kv.block_size),
                     heads.eps,
                     heads.qk_norm ? 1u : 0u,
                     static_cast<uint32_t>(heads.rope_row0)};
    // Without the norms their bindings take the rope table: bound, never read.
    const BufferRange b[] = {qkv,
                             rope,
                             heads.qk_norm ? q_norm : rope,
                             heads.qk_norm ? k_norm : rope,
                             kv.block_table,
                             q_out,
                             kv.k_pool,
                             kv.v_pool};
    rope_qkv_.dispatch(cmd, b, &p, static_cast<uint32_t>(heads.n_head + heads.n_kv_head),
                       std::min<uint32_t>(p.T, kMaxRowGroups));
}

void GptKernels::swiglu(VkCommandBuffer cmd, BufferRange out, BufferRange in, int T, int F) const {
    const SwigluPush p{static_cast<uint32_t>(T), static_cast<uint32_t>(F / 4)};
    const BufferRange b[] = {in, out};
    swiglu_.dispatch(cmd, b, &p, div_up(p.F4, 64), std::min<uint32_t>(p.T, kMaxRowGroups));
}

void GptKernels::layernorm(VkCommandBuffer cmd, BufferRange out, BufferRange in, BufferRange w,
                           BufferRange b, int row0, int T, int C, float eps) const {
    const LayerNormPush p{static_cast<uint32_t>(T), static_cast<uint32_t>(C / 4),
                          static_cast<uint32_t>(row0), eps};
    const BufferRange bind[] = {in, w, b, out};
    // The shader strides over rows, one subgroup each: any workgroup count is correct; this
    // one gives every subgroup about one row whatever the subgroup size.
    layernorm_.dispatch(cmd, bind, &p, std::max(1u, div_up(p.T, 8)));
}

KernelChoice GptKernels::resolve(int T, KernelChoice choice, int rows_max) const {
    if (choice != KernelChoice::kAuto)
        return choice;
    if (T <= tuning_.vector_max_rows)
        return KernelChoice::kVector;
    return T <= rows_max ? KernelChoice::kRows : KernelChoice::kTiled;
}

const Kernel& GptKernels::matmul_kernel(int T, Epilogue epi, KernelChoice choice) const {
    const int e = static_cast<int>(epi);
    switch (resolve(T, choice, tuning_.rows_max_rows)) {
        case KernelChoice::kVector:
            return matvec_[e];
        case KernelChoice::kRows:
            return matvec_rows_[e];
        default:
            // The wide tile needs no one-row variant: with one subgroup per workgroup it clamps
            // at most 63 rows, and measured on llvmpipe it beats the one-row tile 2-3x at 48-96
            // rows.
            return T <= kSmallMatmulMaxRows && !tuning_.wide_matmul ? matmul_small_[e] : matmul_[e];
    }
}

const char* GptKernels::matmul_kernel_name(int T, Epilogue epi, KernelChoice choice) const {
    return matmul_kernel(T, epi, choice).name().c_str();
}

void GptKernels::matmul(VkCommandBuffer cmd, BufferRange out, BufferRange in, BufferRange w,
                        BufferRange bias, int T, int K, int N, Epilogue epi,
                        const PagedKvBinding* kv, KernelChoice choice) const {
    MatmulPush p{static_cast<uint32_t>(T), static_cast<uint32_t>(K / 4),
                 static_cast<uint32_t>(N / 4), 0, 1};
    BufferRange bind[7] = {in, w, bias, out};
    if (epi == Epilogue::kQkv) {
        p.n_past = static_cast<uint32_t>(kv->n_past);
        p.block_size = static_cast<uint32_t>(kv->block_size);
        bind[4] = kv->block_table;
        bind[5] = kv->k_pool;
        bind[6] = kv->v_pool;
    }
    const Kernel& k = matmul_kernel(T, epi, choice);
    const std::span<const BufferRange> b(bind, epi == Epilogue::kQkv ? 7 : 4);
    if (&k == &matvec_rows_[static_cast<int>(epi)]) {
        k.dispatch(cmd, b, &p, div_up(p.N4, tuning_.matvec_wg), div_up(p.T, kMatvecRows));
    } else if (&k == &matvec_[static_cast<int>(epi)]) {
        k.dispatch(cmd, b, &p, div_up(p.N4, tuning_.matvec_wg), p.T);
    } else if (&k == &matmul_small_[static_cast<int>(epi)]) {
        k.dispatch(cmd, b, &p, div_up(p.N4, kMatmulTN4), div_up(p.T, tuning_.matmul_wg));
    } else {
        k.dispatch(cmd, b, &p, div_up(p.N4, tile_tn4_), div_up(p.T, tuning_.matmul_wg * tile_tm_));
    }
}

void GptKernels::attention(VkCommandBuffer cmd, BufferRange out, BufferRange q,
                           const PagedKvBinding& kv, int T, const AttentionHeads& heads,
                           KernelChoice choice, const AttentionProbe* probe) const {
    const uint32_t hd4 = static_cast<uint32_t>(head_dim_ / 4);
    const int n_head = heads.n_head;
    const AttentionPush p{static_cast<uint32_t>(T),
                          static_cast<uint32_t>(heads.q_stride / 4),
                          static_cast<uint32_t>(heads.n_head) * hd4,
                          static_cast<uint32_t>(heads.n_kv_head) * hd4,
                          static_cast<uint32_t>(heads.n_head / heads.n_kv_head),
                          static_cast<uint32_t>(kv.n_past),
                          static_cast<uint32_t>(kv.block_size),
                          1.0f / std::sqrt(static_cast<float>(head_dim_)),
                          probe ? static_cast<uint32_t>(probe->row) : kNoProbe,
                          probe ? probe->scores : 0,
                          probe ? probe->stats : 0};
    // Unprobed, binding 5 is `out` again: never written (no lane matches kNoProbe).
    const BufferRange b[] = {
        q, kv.block_table, kv.k_pool, kv.v_pool, out, probe ? probe->buffer : out};
    // A few rows: split the keys over the lanes (the prefill kernel would leave most lanes idle).
    // The split kernels need shared memory for their merge on a GPU; without it, the prefill one.
    const KernelChoice c = resolve(T, choice, tuning_.attention_rows_max_rows);
    if (c == KernelChoice::kVector && attention_decode_.valid()) {
        attention_decode_.dispatch(cmd, b, &p, p.T, static_cast<uint32_t>(n_head));
    } else if (c == KernelChoice::kRows && attention_rows_.valid()) {
        attention_rows_.dispatch(cmd, b, &p, div_up(p.T, kAttentionRows),
                                 static_cast<uint32_t>(n_head));
    } else {
        attention_.dispatch(cmd, b, &p, div_up(p.T, tuning_.attention_wg),
                            static_cast<uint32_t>(n_head));
    }
}

int GptKernels::decode_mlp_groups(int C) const {
    // C hidden vec4 columns (4C floats), in chunks of one per lane.
    const uint32_t chunks = div_up(static_cast<uint32_t>(C), std::max(1u, decode_wg_));
    return static_cast<int>(std::min(chunks, kDecodeMlpGroups));
}

void GptKernels::decode_attention(VkCommandBuffer cmd, BufferRange heads, const DecodeResidual& r,
                                  BufferRange ln_w, BufferRange ln_b, BufferRange qkv_w,
                                  BufferRange qkv_b, BufferRange proj_w, const PagedKvBinding& kv,
                                  int C, int n_head, float eps) const {
    const DecodeLayerPush p{static_cast<uint32_t>(C / 4),
                            static_cast<uint32_t>(n_head),
                            static_cast<uint32_t>(kv.n_past),
                            static_cast<uint32_t>(kv.block_size),
                            eps,
                            1.0f / std::sqrt(static_cast<float>(head_dim_)),
                            static_cast<uint32_t>(r.n_parts),
                            0};
    // The pool twice: read through its view (earlier keys), written through its buffer (the new
    // token's slot).
    const BufferRange b[] = {r.x_in,    r.parts,   r.bias,         ln_w,      ln_b,
                             qkv_w,     qkv_b,     kv.block_table, kv.k_pool, kv.v_pool,
                             kv.k_pool, kv.v_pool, proj_w,         heads,     r.x_out};
    decode_attention_.dispatch(cmd, b, &p, static_cast<uint32_t>(n_head));
}

void GptKernels::decode_mlp(VkCommandBuffer cmd, BufferRange parts, const DecodeResidual& r,
                            BufferRange ln_w, BufferRange ln_b, BufferRange fc_w, BufferRange fc_b,
                            BufferRange fc2_w, int C, float eps) const {
    const uint32_t groups = static_cast<uint32_t>(decode_mlp_groups(C));
    const uint32_t chunks = div_up(div_up(static_cast<uint32_t>(C), decode_wg_), groups);
    const DecodeLayerPush p{static_cast<uint32_t>(C / 4),     0,     0, 1, eps, 0.0f,
                            static_cast<uint32_t>(r.n_parts), chunks};
    const BufferRange b[] = {r.x_in, r.parts, r.bias, ln_w,  ln_b,
                             fc_w,   fc_b,    fc2_w,  parts, r.x_out};
    decode_mlp_.dispatch(cmd, b, &p, groups);
}

void GptKernels::decode_residual_ln(VkCommandBuffer cmd, BufferRange ln, const DecodeResidual& r,
                                    BufferRange ln_w, BufferRange ln_b, int C, float eps) const {
    const DecodeLayerPush p{static_cast<uint32_t>(C / 4),     0, 0, 1, eps, 0.0f,
                            static_cast<uint32_t>(r.n_parts), 0};
    const BufferRange b[] = {r.x_in, r.parts, r.bias, ln_w, ln_b, ln};
    decode_residual_ln_.dispatch(cmd, b, &p, 1);
}

void GptKernels::logits(VkCommandBuffer cmd, BufferRange out, BufferRange x, BufferRange wte,
                        int v0, int rows, int C) const {
    const LogitsPush p{static_cast<uint32_t>(C / 4), static_cast<uint32_t>(rows),
                       static_cast<uint32_t>(v0)};
    const BufferRange b[] = {x, wte, out};
    logits_.dispatch(cmd, b, &p, div_up(p.rows, tuning_.logits_wg));
}

}  // namespace pl::vk
