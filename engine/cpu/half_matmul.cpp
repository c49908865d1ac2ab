#include "cpu/half_matmul.h"

#include "cpu/cpu_isa.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "cpu/blas.h"
#include "cpu/thread_pool.h"
#include "model/safetensors_reader.h"

#include "cpu/simd_lanes.h"

namespace pl::cpu {

int HalfMatrix::rows() const {
    int n = 0;
    for (int i = 0; i < n_runs; ++i)
        n += runs[static_cast<std::size_t>(i)].rows;
    return n;
}

const uint16_t* HalfMatrix::row(int r) const {
    for (int i = 0; i < n_runs; ++i) {
        const Run& run = runs[static_cast<std::size_t>(i)];
        if (r < run.rows)
            return run.data + static_cast<long>(r) * cols;
        r -= run.rows;
    }
    return nullptr;
}

namespace {

template <bool Bf16>
float widen1(uint16_t h) {
    if constexpr (Bf16)
        return bf16_to_f32(h);
    else
        return f16_to_f32(h);
}

// The values of a row past the last whole vector: fewer than a vector, summed one by one.
template <bool Bf16>
float tail_dot(const uint16_t* w, const float* x, int k0, int K) {
    float s = 0.0f;
    for (int k = k0; k < K; ++k)
        s += widen1<Bf16>(w[k]) * x[k];
    return s;
}

template <bool Bf16>
void gemv_scalar(float* out, const float* x, const HalfMatrix& w, int r0, int r1) {
    for (int r = r0; r < r1; ++r)
        out[r] = tail_dot<Bf16>(w.row(r), x, 0, w.cols);
}

template <bool Bf16>
void widen_scalar(float* out, const uint16_t* in, int n) {
    for (int i = 0; i < n; ++i)
        out[i] = widen1<Bf16>(in[i]);
}

#ifdef PL_SIMD_X86

// 16 (AVX-512) or 8 (AVX2) weights widened in registers. BF16 is the high half of an f32: a
// shift. F16 has its own conversion instruction (F16C; part of AVX-512F for 16 lanes).
PL_TARGET_AVX512
namespace avx512 {
struct V : simd::F32x16 {
    template <bool Bf16>
    [[gnu::always_inline]] static inline T widen(const uint16_t* p) {
        const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        if constexpr (Bf16)
            return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
        else
            return _mm512_cvtph_ps(h);
    }
};
#include "cpu/half_kernels.inl"
}  // namespace avx512
PL_TARGET_END

PL_TARGET_AVX2_F16C
namespace avx2 {
struct V : simd::F32x8 {
    template <bool Bf16>
    [[gnu::always_inline]] static inline T widen(const uint16_t* p) {
        const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        if constexpr (Bf16)
            return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
        else
            return _mm256_cvtph_ps(h);
    }
};
#include "cpu/half_kernels.inl"
}  // namespace avx2
PL_TARGET_END

#endif  // PL_SIMD_X86

Isa chosen() {
    return half_choice().get();
}

// Rows [r0, r1) of out = w x, in the chosen path for w's type.
void gemv_rows(float* out, const float* x, const HalfMatrix& w, int r0, int r1) {
    const bool bf16 = w.type == HalfType::BF16;
#ifdef PL_SIMD_X86
    if (chosen() == Isa::Avx512)
        return bf16 ? avx512::gemv<true>(out, x, w, r0, r1)
                    : avx512::gemv<false>(out, x, w, r0, r1);
    if (chosen() == Isa::Avx2)
        return bf16 ? avx2::gemv<true>(out, x, w, r0, r1) : avx2::gemv<false>(out, x, w, r0, r1);
#endif
    return bf16 ? gemv_scalar<true>(out, x, w, r0, r1) : gemv_scalar<false>(out, x, w, r0, r1);
}

void widen(float* out, const uint16_t* in, int n, HalfType type) {
    const bool bf16 = type == HalfType::BF16;
#ifdef PL_SIMD_X86
    if (chosen() == Isa::Avx512)
        return bf16 ? avx512::widen<true>(out, in, n) : avx512::widen<false>(out, in, n);
    if (chosen() == Isa::Avx2)
        return bf16 ? avx2::widen<true>(out, in, n) : avx2::widen<false>(out, in, n);
#endif
    return bf16 ? widen_scalar<true>(out, in, n) : widen_scalar<false>(out, in, n);
}

// Prefill: a tile of kTileRows weight rows is widened into f32 (a thread's own buffer, grown
// once) and multiplied by kTileTokens tokens at a time in one SGEMM. 128 rows keep SGEMM's cost
// of packing the tokens small against its arithmetic (2 x 128 multiply-adds per packed value);
// splitting the tokens too gives two cores enough tasks to share evenly on a 576-wide model.
// Each tile is widened once per token block: a pass over the weights per 128 tokens, a few
// percent of the arithmetic.
constexpr int kTileRows = 128;
constexpr int kTileTokens = 128;

// Decode: rows of w per task, a multiple of 4 (the kernel's row block).
int gemv_rows_per_task(int N) {
    return std::max(16, ((N + 31) / 32 + 3) & ~3);
}

}  // namespace

void widen_rows(float* out, const HalfMatrix& w, int r0, int r1) {
    // Within a run the rows are contiguous: one call per run covers them all.
    int r = r0;
    while (r < r1) {
        int first = r, end = 0;
        for (int i = 0; i < w.n_runs; ++i) {
            end += w.runs[static_cast<std::size_t>(i)].rows;
            if (r < end)
                break;
        }
        const int n = std::min(r1, end) - first;
        widen(out + static_cast<long>(r - r0) * w.cols, w.row(first), n * w.cols, w.type);
        r += n;
    }
}

void embedding_half(float* out, const int32_t* tokens, const HalfMatrix& w, int T) {
    for (int t = 0; t < T; ++t)
        widen_rows(out + static_cast<long>(t) * w.cols, w, tokens[t], tokens[t] + 1);
}

void matmul_half(float* out, const float* in, const HalfMatrix& w, const float* bias, int T) {
    const int N = w.rows(), K = w.cols;
    const bool split = current_pool() != nullptr && static_cast<long>(N) * K >= (1L << 16);
    if (T == 1) {
        const int per = gemv_rows_per_task(N);
        const int tasks = split ? (N + per - 1) / per : 1;
        const int step = split ? per : N;
        parallel_for(tasks, [&](int i) {
            const int r0 = i * step, r1 = std::min(N, r0 + step);
            gemv_rows(out, in, w, r0, r1);
            if (bias) {
                for (int r = r0; r < r1; ++r)
                    out[r] += bias[r];
            }
        });
        return;
    }
    if (bias) {
        for (int t = 0; t < T; ++t)
            std::memcpy(out + static_cast<long>(t) * N, bias, N * sizeof(float));
    }
    const int row_tiles = (N + kTileRows - 1) / kTileRows;
    const int token_blocks = (T + kTileTokens - 1) / kTileTokens;
    auto task = [&](int i) {
        const int n0 = (i % row_tiles) * kTileRows, nn = std::min(N, n0 + kTileRows) - n0;
        const int t0 = (i / row_tiles) * kTileTokens, nt = std::min(T, t0 + kTileTokens) - t0;
        thread_local std::vector<float> tile;
        if (tile.size() < static_cast<std::size_t>(kTileRows) * K)
            tile.resize(static_cast<std::size_t>(kTileRows) * K);
        widen_rows(tile.data(), w, n0, n0 + nn);
        blas::sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, nt, nn, K, 1.0f,
                    in + static_cast<long>(t0) * K, K, tile.data(), K, bias ? 1.0f : 0.0f,
                    out + static_cast<long>(t0) * N + n0, N);
    };
    const int tasks = row_tiles * token_blocks;
    if (split) {
        parallel_for(tasks, task);
    } else {
        for (int i = 0; i < tasks; ++i)
            task(i);
    }
}

}  // namespace pl::cpu
