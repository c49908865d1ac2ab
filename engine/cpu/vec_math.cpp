#include "cpu/vec_math.h"

#include "cpu/cpu_isa.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

#include "cpu/simd_lanes.h"

namespace pl::cpu {

namespace {

constexpr float kGeluK = 0.7978845608028654f;  // sqrt(2 / pi)
constexpr float kGeluC = 0.044715f;

// exp's range, ln 2 in two parts and polynomial (vec_kernels.inl says how they are used).
constexpr float kExpHi = 88.0f;
constexpr float kExpLo = -87.3365447504019f;
constexpr float kLog2e = 1.44269504088896341f;
constexpr float kLn2Hi = 0.693359375f;
constexpr float kLn2Lo = -2.12194440e-4f;
constexpr float kP0 = 1.9875691500e-4f, kP1 = 1.3981999507e-3f, kP2 = 8.3334519073e-3f,
                kP3 = 4.1665795894e-2f, kP4 = 1.6666665459e-1f, kP5 = 5.0000001201e-1f;

float gelu_scalar(float v) {
    const float u = kGeluK * (v + kGeluC * v * v * v);
    return v / (1.0f + std::exp(-2.0f * u));
}

#ifdef PL_SIMD_X86

PL_TARGET_AVX512
namespace avx512 {
using V = simd::F32x16;
#include "cpu/vec_kernels.inl"
}  // namespace avx512
PL_TARGET_END

PL_TARGET_AVX2
namespace avx2 {
using V = simd::F32x8;
#include "cpu/vec_kernels.inl"
}  // namespace avx2
PL_TARGET_END

// The tail of a row (fewer values than a vector) goes through masked loads and stores, so every
// value takes the same arithmetic whatever its place.
__attribute__((target("avx512f"))) void gelu512(float* x, long n) {
    const __m512 k = _mm512_set1_ps(kGeluK), c = _mm512_set1_ps(kGeluC), m2 = _mm512_set1_ps(-2.0f),
                 one = _mm512_set1_ps(1.0f);
    for (long i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? 0xFFFF : static_cast<__mmask16>((1u << (n - i)) - 1);
        const __m512 v = _mm512_maskz_loadu_ps(m, x + i);
        const __m512 v3 = _mm512_mul_ps(_mm512_mul_ps(v, v), v);
        const __m512 u = _mm512_mul_ps(k, _mm512_fmadd_ps(c, v3, v));
        const __m512 g = _mm512_div_ps(v, _mm512_add_ps(one, avx512::exp(_mm512_mul_ps(m2, u))));
        _mm512_mask_storeu_ps(x + i, m, g);
    }
}

__attribute__((target("avx512f"))) float max512(const float* row, int n) {
    __m512 mx = _mm512_set1_ps(-INFINITY);
    for (int i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? 0xFFFF : static_cast<__mmask16>((1u << (n - i)) - 1);
        mx = _mm512_mask_max_ps(mx, m, mx, _mm512_maskz_loadu_ps(m, row + i));
    }
    return _mm512_reduce_max_ps(mx);
}

__attribute__((target("avx512f"))) float exp_sum512(float* row, int n, float shift) {
    const __m512 s = _mm512_set1_ps(shift);
    __m512 sum = _mm512_setzero_ps();
    for (int i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? 0xFFFF : static_cast<__mmask16>((1u << (n - i)) - 1);
        const __m512 e = avx512::exp(_mm512_sub_ps(_mm512_maskz_loadu_ps(m, row + i), s));
        _mm512_mask_storeu_ps(row + i, m, e);
        sum = _mm512_mask_add_ps(sum, m, sum, e);
    }
    return _mm512_reduce_add_ps(sum);
}

__attribute__((target("avx512f"))) void scale512(float* row, int n, float f) {
    const __m512 s = _mm512_set1_ps(f);
    for (int i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? 0xFFFF : static_cast<__mmask16>((1u << (n - i)) - 1);
        _mm512_mask_storeu_ps(row + i, m, _mm512_mul_ps(_mm512_maskz_loadu_ps(m, row + i), s));
    }
}

__attribute__((target("avx2,fma"))) __m256 gelu_vec256(__m256 v) {
    const __m256 v3 = _mm256_mul_ps(_mm256_mul_ps(v, v), v);
    const __m256 u =
        _mm256_mul_ps(_mm256_set1_ps(kGeluK), _mm256_fmadd_ps(_mm256_set1_ps(kGeluC), v3, v));
    const __m256 e = avx2::exp(_mm256_mul_ps(_mm256_set1_ps(-2.0f), u));
    return _mm256_div_ps(v, _mm256_add_ps(_mm256_set1_ps(1.0f), e));
}

// silu(g) * u = g / (1 + exp(-g)) * u: SwiGLU's gate, 16 values at once.
__attribute__((target("avx512f"))) void silu_mul512(float* out, const float* g, const float* u,
                                                    long n) {
    const __m512 one = _mm512_set1_ps(1.0f), zero = _mm512_setzero_ps();
    for (long i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? 0xFFFF : static_cast<__mmask16>((1u << (n - i)) - 1);
        const __m512 gv = _mm512_maskz_loadu_ps(m, g + i);
        const __m512 s =
            _mm512_div_ps(gv, _mm512_add_ps(one, avx512::exp(_mm512_sub_ps(zero, gv))));
        _mm512_mask_storeu_ps(out + i, m, _mm512_mul_ps(s, _mm512_maskz_loadu_ps(m, u + i)));
    }
}

__attribute__((target("avx2,fma"))) __m256 silu_mul_vec256(__m256 g, __m256 u) {
    const __m256 e = avx2::exp(_mm256_sub_ps(_mm256_setzero_ps(), g));
    return _mm256_mul_ps(_mm256_div_ps(g, _mm256_add_ps(_mm256_set1_ps(1.0f), e)), u);
}

__attribute__((target("avx2,fma"))) void silu_mul256(float* out, const float* g, const float* u,
                                                     long n) {
    long i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(out + i, silu_mul_vec256(_mm256_loadu_ps(g + i), _mm256_loadu_ps(u + i)));
    if (i < n) {
        alignas(32) float tg[8] = {}, tu[8] = {};
        std::copy(g + i, g + n, tg);
        std::copy(u + i, u + n, tu);
        _mm256_store_ps(tg, silu_mul_vec256(_mm256_load_ps(tg), _mm256_load_ps(tu)));
        std::copy(tg, tg + (n - i), out + i);
    }
}

// AVX2 has no masked loads for every case: the tail goes through a padded vector.
__attribute__((target("avx2,fma"))) void gelu256(float* x, long n) {
    long i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(x + i, gelu_vec256(_mm256_loadu_ps(x + i)));
    if (i < n) {
        alignas(32) float tail[8] = {};
        std::copy(x + i, x + n, tail);
        _mm256_store_ps(tail, gelu_vec256(_mm256_load_ps(tail)));
        std::copy(tail, tail + (n - i), x + i);
    }
}

__attribute__((target("avx2,fma"))) float exp_sum256(float* row, int n, float shift) {
    const __m256 s = _mm256_set1_ps(shift);
    __m256 sum = _mm256_setzero_ps();
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256 e = avx2::exp(_mm256_sub_ps(_mm256_loadu_ps(row + i), s));
        _mm256_storeu_ps(row + i, e);
        sum = _mm256_add_ps(sum, e);
    }
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, sum);
    float total = 0.0f;
    for (float l : lanes)
        total += l;
    if (i < n) {
        alignas(32) float tail[8];
        std::fill(tail, tail + 8, -INFINITY);  // exp(-inf) = 0; the lanes are not summed
        std::copy(row + i, row + n, tail);
        _mm256_store_ps(tail, avx2::exp(_mm256_sub_ps(_mm256_load_ps(tail), s)));
        for (int j = 0; j < n - i; ++j) {
            row[i + j] = tail[j];
            total += tail[j];
        }
    }
    return total;
}

// run(std::integral_constant<int, nv>) for the head sizes with a vector path, nv = head size /
// lanes in {1, 2, 4, 8, 16} up to MaxNV (the register budget of the ISA); false for any other.
template <int MaxNV, class Run>
bool by_head_size(int nv, const Run& run) {
    bool ran = false;
    auto one = [&]<int NV>() {
        if constexpr (NV <= MaxNV) {
            if (nv == NV) {
                run(std::integral_constant<int, NV>{});
                ran = true;
            }
        }
    };
    one.template operator()<1>();
    one.template operator()<2>();
    one.template operator()<4>();
    one.template operator()<8>();
    one.template operator()<16>();
    return ran;
}

#endif  // PL_SIMD_X86

Isa isa() {
    return vec_choice().get();
}

}  // namespace

void gelu_inplace(float* x, long n) {
#ifdef PL_SIMD_X86
    if (isa() == Isa::Avx512)
        return gelu512(x, n);
    if (isa() == Isa::Avx2)
        return gelu256(x, n);
#endif
    for (long i = 0; i < n; ++i)
        x[i] = gelu_scalar(x[i]);
}

void silu_mul(float* out, const float* gate, const float* up, long n) {
#ifdef PL_SIMD_X86
    if (isa() == Isa::Avx512)
        return silu_mul512(out, gate, up, n);
    if (isa() == Isa::Avx2)
        return silu_mul256(out, gate, up, n);
#endif
    for (long i = 0; i < n; ++i)
        out[i] = gate[i] / (1.0f + std::exp(-gate[i])) * up[i];
}

float max_of(const float* row, int n) {
#ifdef PL_SIMD_X86
    if (isa() == Isa::Avx512)
        return max512(row, n);
#endif
    return *std::max_element(row, row + n);
}

float exp_shifted_sum(float* row, int n, float shift) {
#ifdef PL_SIMD_X86
    if (isa() == Isa::Avx512)
        return exp_sum512(row, n, shift);
    if (isa() == Isa::Avx2)
        return exp_sum256(row, n, shift);
#endif
    float sum = 0.0f;
    for (int i = 0; i < n; ++i) {
        row[i] = std::exp(row[i] - shift);
        sum += row[i];
    }
    return sum;
}

void dot_rows(float* scores, const float* q, const float* k, int ldk, int rows, int hd,
              float scale) {
#ifdef PL_SIMD_X86
    if (isa() == Isa::Avx512 && hd % 16 == 0 && by_head_size<8>(hd / 16, [&](auto nv) {
            avx512::dot_rows<nv>(scores, q, k, ldk, rows, scale);
        }))
        return;
    if (isa() != Isa::Scalar && hd % 8 == 0 && by_head_size<16>(hd / 8, [&](auto nv) {
            avx2::dot_rows<nv>(scores, q, k, ldk, rows, scale);
        }))
        return;
#endif
    for (int r = 0; r < rows; ++r) {
        const float* kr = k + static_cast<long>(r) * ldk;
        float sum = 0.0f;
        for (int d = 0; d < hd; ++d)
            sum += q[d] * kr[d];
        scores[r] = scale * sum;
    }
}

void accumulate_rows(float* acc, const float* w, const float* v, int ldv, int rows, int hd) {
#ifdef PL_SIMD_X86
    if (isa() == Isa::Avx512 && hd % 16 == 0 && by_head_size<8>(hd / 16, [&](auto nv) {
            avx512::accumulate_rows<nv>(acc, w, v, ldv, rows);
        }))
        return;
    if (isa() != Isa::Scalar && hd % 8 == 0 &&
        by_head_size<16>(hd / 8, [&](auto nv) { avx2::accumulate_rows<nv>(acc, w, v, ldv, rows); }))
        return;
#endif
    for (int r = 0; r < rows; ++r) {
        const float* vr = v + static_cast<long>(r) * ldv;
        for (int d = 0; d < hd; ++d)
            acc[d] += w[r] * vr[d];
    }
}

void scale(float* row, int n, float s) {
#ifdef PL_SIMD_X86
    if (isa() == Isa::Avx512)
        return scale512(row, n, s);
#endif
    for (int i = 0; i < n; ++i)
        row[i] *= s;
}

}  // namespace pl::cpu
