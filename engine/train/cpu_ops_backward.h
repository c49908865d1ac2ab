// Backward passes of the CPU ops (cpu_ops.h), and the whole GPT-2 forward + backward used by the
// trainer (tools/train_gpt.cpp) to build the built-in model. Plain functions with explicit shapes,
// row-major, like cpu_ops.h.
//
// Convention: every backward op ADDS into its gradient outputs (din, dw, db, ...), so gradients
// of a value used twice (the residual stream, the tied wte) accumulate naturally; callers zero
// the buffers first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "model/gpt_config.h"

namespace pl::cpu {

// Of embedding(): dwte[tokens[t],:] += dout[t,:], dwpe[pos0 + t,:] += dout[t,:]
void embedding_backward(float* dwte, float* dwpe, const float* dout, const int32_t* tokens,
                        int pos0, int T, int C);

// Of layernorm(): the mean and 1/std are recomputed from `in` (in double, as the forward does)
// rather than stored, which saves two buffers per LayerNorm at a cost of one pass over the input.
void layernorm_backward(float* din, float* dw, float* db, const float* dout, const float* in,
                        const float* w, int T, int C, float eps);

// Of matmul(): din[T,K] += dout[T,N] @ w[K,N]^T, dw[K,N] += in[T,K]^T @ dout[T,N],
// dbias[N] += sum_t dout[t,:]. Any of din, dw, dbias may be null.
void matmul_backward(float* din, float* dw, float* dbias, const float* dout, const float* in,
                     const float* w, int T, int K, int N);

// Of gelu() (tanh approximation): din[i] += dout[i] * gelu'(in[i]), `in` the pre-activation.
void gelu_backward(float* din, const float* in, const float* dout, long n);

// Causal self-attention of one sequence of T tokens starting at position 0, with K and V read
// straight out of qkv [T, 3C] (q | k | v): cpu::attention_dense, the engine's own attention, so
// training and the engine compute the same scores.
void attention_contiguous(float* out, const float* qkv, int T, int C, int n_head);

// Of attention_contiguous(): dqkv[T,3C] += d(out)/d(qkv) applied to dout[T,C]. The softmax is
// recomputed tile by tile (as in the forward) instead of keeping a [n_head, T, T] probability
// buffer; every product is a GEMM.
void attention_backward(float* dqkv, const float* dout, const float* qkv, int T, int C, int n_head);

// Softmax cross-entropy of rows of logits [N, V] against targets (a target < 0 is ignored).
// Returns the sum of -log p(target) in double; when dlogits is not null it receives
// grad_scale * (softmax - onehot) (overwritten, zero for ignored rows). logits may equal dlogits.
double cross_entropy(float* dlogits, const float* logits, const int32_t* targets, int N, int V,
                     float grad_scale);

}  // namespace pl::cpu

namespace pl::train {

// One parameter tensor in the flat parameter vector, in GptModel::load's order (so a flat vector
// trained here loads into GptModel with identical offsets).
struct ParamTensor {
    std::string name;  // GPT-2 name, e.g. "h.0.attn.c_attn.weight"
    std::vector<int64_t> shape;
    std::size_t offset = 0;
    std::size_t numel = 0;
    bool decay = false;  // AdamW weight decay: matrices and embeddings yes, biases and LN no
};

struct ParamLayout {
    GptOffsets offsets;
    std::vector<ParamTensor> tensors;
    std::size_t total = 0;
};
ParamLayout make_param_layout(const GptConfig& config);

// Scratch for gpt_forward_backward over B sequences of T tokens; grown on demand.
struct Workspace {
    int B = 0, T = 0;
    std::vector<float> x;  // residual stream entering each layer, then the final: [L+1][BT][C]
    std::vector<float> ln1, qkv, att, xmid, ln2, fcpre, fcact;  // per layer, [L][BT][...]
    std::vector<float> lnf, logits;                             // [BT][C], [BT][V]
    std::vector<float> dx, dln, dqkv, datt, dfc, dfc2;          // backward scratch
    std::vector<int32_t> identity;
};

// The GPT-2 forward over B independent sequences of T tokens each (positions 0..T-1), the summed
// cross-entropy against `targets` [B*T] (entries < 0 ignored) returned in double, and, when grads
// is not null, grad_scale * d(sum)/d(params) ADDED into grads (laid out as params).
// `valid` (optional) receives the number of targets counted.
double gpt_forward_backward(const GptConfig& config, const GptOffsets& offsets, const float* params,
                            float* grads, const int32_t* tokens, const int32_t* targets, int B,
                            int T, float grad_scale, Workspace& ws, long* valid = nullptr);

// AdamW (Loshchilov & Hutter) on n values: bias-corrected moments, decoupled weight decay.
// step counts from 1.
void adamw(float* params, const float* grads, float* m, float* v, std::size_t n, float lr,
           float beta1, float beta2, float eps, float weight_decay, long step);

}  // namespace pl::train
