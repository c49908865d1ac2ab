// Matrix products over weights kept in a checkpoint's own 16-bit precision (F16 or BF16).
//
// Decode is bound by memory bandwidth: every weight is read once a token. Widened to f32 at load,
// a BF16 model reads twice the bytes it needs; here one token's matrix-vector product reads each
// 16-bit weight once and widens it in registers (AVX-512 or AVX2 + F16C, chosen at run time; the
// build targets generic x86-64). More tokens (prefill) widen one tile of weight rows at a time
// into f32 and hand it to OpenBLAS's SGEMM, so the arithmetic stays OpenBLAS's.
//
// Either way the products are exact f32 arithmetic on the widened values: F16 and BF16 widen to
// f32 without rounding, so the results are those of the f32 path on the same weights, up to the
// order of the sums.
#pragma once

#include <array>
#include <cstdint>

namespace pl::cpu {

enum class HalfType : uint8_t { F16, BF16 };

// A weight matrix of rows() rows of `cols` 16-bit values, row r holding output r's weights: a
// Hugging Face [out, in] tensor as stored, read in place from the mapped file. The rows may come
// in up to three runs, each contiguous (q, k and v as one fused projection, gate and up as one),
// so tensors are fused without copying them.
struct HalfMatrix {
    struct Run {
        const uint16_t* data = nullptr;
        int rows = 0;
    };
    HalfType type = HalfType::BF16;
    int cols = 0;
    std::array<Run, 3> runs{};
    int n_runs = 0;

    int rows() const;
    const uint16_t* row(int r) const;  // r in [0, rows())
};

// out[T, N] = in[T, K] @ w^T + bias[N] with N = w.rows(), K = w.cols; bias may be null. Splits
// over the current pool (cpu/thread_pool.h) by rows of w (and by tokens when there are many);
// each output is computed by the same code whatever the split, so every thread count gives the
// same bits.
void matmul_half(float* out, const float* in, const HalfMatrix& w, const float* bias, int T);

// out[(r - r0) * cols + k] = w[r, k] in f32, for r in [r0, r1).
void widen_rows(float* out, const HalfMatrix& w, int r0, int r1);

// out[t, :] = w[tokens[t], :] widened: the token embedding kept in 16 bits.
void embedding_half(float* out, const int32_t* tokens, const HalfMatrix& w, int T);

// Which code path runs: "avx512", "avx2" or "scalar".
const char* half_isa();

// Makes every later call take the named path, so the tests cover each on one machine; false
// (and no change) when this CPU cannot run it. Not for concurrent use.
bool force_half_isa(const char* name);

}  // namespace pl::cpu
