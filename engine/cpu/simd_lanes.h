// The CPU twin's vector kernels are written once, against a lane type, and compiled for each
// instruction set. The build targets generic x86-64, so a kernel's file opens a target region
// (PL_TARGET_AVX512 ... PL_TARGET_END: every function defined inside gets that target, as with
// __attribute__((target)), function templates included) and, inside it, includes its kernels'
// templates in a namespace whose `V` is that ISA's lane type. cpu_isa.h picks the namespace at
// run time. Templates from outside a region (std::min) keep the generic target: no AVX-512
// instruction reaches code that every CPU runs.
//
// A lane type: kLanes floats in T; zero, load, store, set1, add, mul, fmadd, fnmadd, min, max,
// round (to nearest), sum (horizontal), pow2(n) (2^n for whole n), and a comparison ge giving a
// mask M that mul_where(m, a, b) applies (a * b where m holds, else 0).
#pragma once

#if defined(__x86_64__) && defined(__GNUC__)
#define PL_SIMD_X86 1

// GCC 12's AVX-512 headers start some intrinsics from a deliberately undefined vector, and its
// uninitialized-use warnings fire inside the header on that (a known false positive). GCC reports
// them at the header's lines, which this push covers wherever the intrinsics are inlined.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

// A _Pragma takes one string literal: the formatter must not break these lines.
// clang-format off
#if defined(__clang__)
#define PL_TARGET_AVX512 \
    _Pragma("clang attribute push(__attribute__((target(\"avx512f\"))), apply_to = function)")
#define PL_TARGET_AVX2 \
    _Pragma("clang attribute push(__attribute__((target(\"avx2,fma\"))), apply_to = function)")
#define PL_TARGET_AVX2_F16C \
    _Pragma("clang attribute push(__attribute__((target(\"avx2,fma,f16c\"))), apply_to = function)")
#define PL_TARGET_END _Pragma("clang attribute pop")
#else
#define PL_TARGET_AVX512 _Pragma("GCC push_options") _Pragma("GCC target(\"avx512f\")")
#define PL_TARGET_AVX2 _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,fma\")")
#define PL_TARGET_AVX2_F16C _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,fma,f16c\")")
#define PL_TARGET_END _Pragma("GCC pop_options")
#endif
// clang-format on

namespace pl::cpu::simd {

PL_TARGET_AVX512
struct F32x16 {
    static constexpr int kLanes = 16;
    using T = __m512;
    [[gnu::always_inline]] static inline T zero() { return _mm512_setzero_ps(); }
    [[gnu::always_inline]] static inline T load(const float* p) { return _mm512_loadu_ps(p); }
    [[gnu::always_inline]] static inline void store(float* p, T v) { _mm512_storeu_ps(p, v); }
    [[gnu::always_inline]] static inline T set1(float f) { return _mm512_set1_ps(f); }
    [[gnu::always_inline]] static inline T fmadd(T a, T b, T c) { return _mm512_fmadd_ps(a, b, c); }
    [[gnu::always_inline]] static inline T mul(T a, T b) { return _mm512_mul_ps(a, b); }
    [[gnu::always_inline]] static inline float sum(T v) { return _mm512_reduce_add_ps(v); }
    [[gnu::always_inline]] static inline T add(T a, T b) { return _mm512_add_ps(a, b); }
    [[gnu::always_inline]] static inline T fnmadd(T a, T b, T c) {
        return _mm512_fnmadd_ps(a, b, c);
    }
    [[gnu::always_inline]] static inline T min(T a, T b) { return _mm512_min_ps(a, b); }
    [[gnu::always_inline]] static inline T max(T a, T b) { return _mm512_max_ps(a, b); }
    [[gnu::always_inline]] static inline T round(T v) {
        return _mm512_roundscale_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    }
    [[gnu::always_inline]] static inline T pow2(T n) {
        return _mm512_castsi512_ps(
            _mm512_slli_epi32(_mm512_add_epi32(_mm512_cvtps_epi32(n), _mm512_set1_epi32(127)), 23));
    }
    using M = __mmask16;
    [[gnu::always_inline]] static inline M ge(T a, T b) {
        return _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ);
    }
    [[gnu::always_inline]] static inline T mul_where(M m, T a, T b) {
        return _mm512_maskz_mul_ps(m, a, b);
    }
};
PL_TARGET_END

PL_TARGET_AVX2
struct F32x8 {
    static constexpr int kLanes = 8;
    using T = __m256;
    [[gnu::always_inline]] static inline T zero() { return _mm256_setzero_ps(); }
    [[gnu::always_inline]] static inline T load(const float* p) { return _mm256_loadu_ps(p); }
    [[gnu::always_inline]] static inline void store(float* p, T v) { _mm256_storeu_ps(p, v); }
    [[gnu::always_inline]] static inline T set1(float f) { return _mm256_set1_ps(f); }
    [[gnu::always_inline]] static inline T fmadd(T a, T b, T c) { return _mm256_fmadd_ps(a, b, c); }
    [[gnu::always_inline]] static inline T mul(T a, T b) { return _mm256_mul_ps(a, b); }
    [[gnu::always_inline]] static inline float sum(T v) {
        const __m128 s4 = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
        const __m128 s2 = _mm_add_ps(s4, _mm_movehl_ps(s4, s4));
        return _mm_cvtss_f32(_mm_add_ss(s2, _mm_movehdup_ps(s2)));
    }
    [[gnu::always_inline]] static inline T add(T a, T b) { return _mm256_add_ps(a, b); }
    [[gnu::always_inline]] static inline T fnmadd(T a, T b, T c) {
        return _mm256_fnmadd_ps(a, b, c);
    }
    [[gnu::always_inline]] static inline T min(T a, T b) { return _mm256_min_ps(a, b); }
    [[gnu::always_inline]] static inline T max(T a, T b) { return _mm256_max_ps(a, b); }
    [[gnu::always_inline]] static inline T round(T v) {
        return _mm256_round_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    }
    [[gnu::always_inline]] static inline T pow2(T n) {
        return _mm256_castsi256_ps(
            _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23));
    }
    using M = __m256;  // all ones where the comparison holds
    [[gnu::always_inline]] static inline M ge(T a, T b) { return _mm256_cmp_ps(a, b, _CMP_GE_OQ); }
    [[gnu::always_inline]] static inline T mul_where(M m, T a, T b) {
        return _mm256_and_ps(m, _mm256_mul_ps(a, b));
    }
};
PL_TARGET_END

}  // namespace pl::cpu::simd

#pragma GCC diagnostic pop
#endif  // x86-64
