// The CPU backend's element-wise hot loops, in the widest vector units this CPU has.
//
// After the matmuls, the transcendental functions were half a prefill: libm's tanhf (GELU) and
// expf (softmax) one value at a time. Here exp is a polynomial over 16 (AVX-512) or 8 (AVX2)
// values at once, chosen at run time; a CPU with neither runs the same formulas through libm.
// Relative error of exp: a few parts in 10^7, below what the tests against the NumPy golden
// logits and the Vulkan kernels can tell apart.
#pragma once

namespace pl::cpu {

// x[i] = gelu(x[i]) for n values: GPT-2's tanh approximation, written as
// v * sigmoid(2u) with u = sqrt(2/pi) (v + 0.044715 v^3), which is 0.5 v (1 + tanh(u)).
void gelu_inplace(float* x, long n);

// out[i] = silu(gate[i]) * up[i], silu(g) = g / (1 + exp(-g)), for n values: SwiGLU (the
// Llama family's MLP). out may alias gate or up.
void silu_mul(float* out, const float* gate, const float* up, long n);

// The largest of row[0 .. n), n >= 1.
float max_of(const float* row, int n);

// row[i] = exp(row[i] - shift) for i in [0, n); returns their sum.
float exp_shifted_sum(float* row, int n, float shift);

// row[i] *= s for i in [0, n).
void scale(float* row, int n, float s);

// scores[r] = scale * dot(q, k + r * ldk) for r in [0, rows): one query against `rows` keys of
// `hd` values each, the keys ldk floats apart (a block of the paged KV pool).
void dot_rows(float* scores, const float* q, const float* k, int ldk, int rows, int hd,
              float scale);

// acc[0 .. hd) += sum over r of w[r] * v[r * ldv .. r * ldv + hd): probabilities times values.
void accumulate_rows(float* acc, const float* w, const float* v, int ldv, int rows, int hd);

// Which code path runs: "avx512", "avx2" or "scalar" (for bench and the tests).
const char* vec_isa();

// Makes every later call take the named path ("avx512", "avx2", "scalar"), so the tests cover
// each on one machine; false (and no change) when this CPU cannot run it. Not for concurrent use.
bool force_vec_isa(const char* name);

}  // namespace pl::cpu
