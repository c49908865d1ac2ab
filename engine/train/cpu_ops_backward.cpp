#include "train/cpu_ops_backward.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

#include "cpu/blas.h"
#include "cpu/cpu_ops.h"

namespace pl::cpu {

void embedding_backward(float* dwte, float* dwpe, const float* dout, const int32_t* tokens,
                        int pos0, int T, int C) {
    for (int t = 0; t < T; ++t) {
        const float* d = dout + static_cast<long>(t) * C;
        float* te = dwte + static_cast<long>(tokens[t]) * C;
        float* pe = dwpe + static_cast<long>(pos0 + t) * C;
        for (int c = 0; c < C; ++c) {
            te[c] += d[c];
            pe[c] += d[c];
        }
    }
}

void layernorm_backward(float* din, float* dw, float* db, const float* dout, const float* in,
                        const float* w, int T, int C, float eps) {
    for (int t = 0; t < T; ++t) {
        const float* x = in + static_cast<long>(t) * C;
        const float* d = dout + static_cast<long>(t) * C;
        float* dx = din + static_cast<long>(t) * C;
        const RowStats st = row_stats(x, C, eps);
        const double mean = st.mean, rstd = st.rstd;
        // y = xhat * w + b with xhat = (x - mean) * rstd. Through the normalisation,
        // dx = rstd * (dxhat - mean(dxhat) - xhat * mean(dxhat * xhat)).
        double sum_dxhat = 0.0, sum_dxhat_xhat = 0.0;
        for (int c = 0; c < C; ++c) {
            const double xhat = (x[c] - mean) * rstd;
            const double dxhat = static_cast<double>(d[c]) * w[c];
            sum_dxhat += dxhat;
            sum_dxhat_xhat += dxhat * xhat;
            dw[c] += static_cast<float>(d[c] * xhat);
            db[c] += d[c];
        }
        const double m1 = sum_dxhat / C, m2 = sum_dxhat_xhat / C;
        for (int c = 0; c < C; ++c) {
            const double xhat = (x[c] - mean) * rstd;
            const double dxhat = static_cast<double>(d[c]) * w[c];
            dx[c] += static_cast<float>(rstd * (dxhat - m1 - xhat * m2));
        }
    }
}

void matmul_backward(float* din, float* dw, float* dbias, const float* dout, const float* in,
                     const float* w, int T, int K, int N) {
    if (din) {
        blas::sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, T, K, N, 1.0f, dout, N, w, N, 1.0f,
                    din, K);
    }
    if (dw) {
        blas::sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, K, N, T, 1.0f, in, K, dout, N, 1.0f,
                    dw, N);
    }
    if (dbias) {
        for (int t = 0; t < T; ++t) {
            const float* d = dout + static_cast<long>(t) * N;
            for (int n = 0; n < N; ++n)
                dbias[n] += d[n];
        }
    }
}

void gelu_backward(float* din, const float* in, const float* dout, long n) {
    const float k = std::sqrt(2.0f / static_cast<float>(M_PI));
    for (long i = 0; i < n; ++i) {
        const float x = in[i];
        const float u = k * (x + 0.044715f * x * x * x);
        const float th = std::tanh(u);
        // d/dx of 0.5 x (1 + tanh(u)): the tanh term plus x times the chain through u.
        const float du = k * (1.0f + 3.0f * 0.044715f * x * x);
        const float g = 0.5f * (1.0f + th) + 0.5f * x * (1.0f - th * th) * du;
        din[i] += dout[i] * g;
    }
}

void attention_contiguous(float* out, const float* qkv, int T, int C, int n_head) {
    attention_dense(out, qkv, 3 * C, qkv + C, qkv + 2 * C, 3 * C, 0, T, C, n_head);
}

void attention_backward(float* dqkv, const float* dout, const float* qkv, int T, int C,
                        int n_head) {
    const int hd = C / n_head;
    const int ld = 3 * C;
    const float scale = 1.0f / std::sqrt(static_cast<float>(hd));
    const std::size_t tile = static_cast<std::size_t>(std::min(T, kAttentionTile)) * T;
    thread_local std::vector<float> probs, dprobs;  // grown once per thread: called every layer
    if (probs.size() < tile) {
        probs.resize(tile);
        dprobs.resize(tile);
    }
    for (int h = 0; h < n_head; ++h) {
        const float* k = qkv + C + h * hd;
        const float* v = qkv + 2 * C + h * hd;
        float* dk = dqkv + C + h * hd;
        float* dv = dqkv + 2 * C + h * hd;
        for (int t0 = 0; t0 < T; t0 += kAttentionTile) {
            const int nq = std::min(kAttentionTile, T - t0), nk = t0 + nq;
            const float* q = qkv + static_cast<long>(t0) * ld + h * hd;
            const float* d = dout + static_cast<long>(t0) * C + h * hd;
            float* dq = dqkv + static_cast<long>(t0) * ld + h * hd;
            // The probabilities, recomputed as the forward computed them.
            attention_tile_probs(probs.data(), qkv, ld, qkv + C, ld, 0, t0, nq, nk, hd, h, scale);
            // out = P V: dV += P^T dout, dP = dout V^T.
            blas::sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, nk, hd, nq, 1.0f, probs.data(), nk,
                        d, C, 1.0f, dv, ld);
            blas::sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, nq, nk, hd, 1.0f, d, C, v, ld,
                        0.0f, dprobs.data(), nk);
            // Through the softmax: dS = P (dP - sum_j P_j dP_j), times the score scale.
            for (int i = 0; i < nq; ++i) {
                const float* pr = probs.data() + static_cast<long>(i) * nk;
                float* dp = dprobs.data() + static_cast<long>(i) * nk;
                const int visible = t0 + i + 1;
                float dot = 0.0f;
                for (int p = 0; p < visible; ++p)
                    dot += pr[p] * dp[p];
                for (int p = 0; p < visible; ++p)
                    dp[p] = pr[p] * (dp[p] - dot) * scale;
                std::fill(dp + visible, dp + nk, 0.0f);
            }
            // S = Q K^T: dQ += dS K, dK += dS^T Q.
            blas::sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, nq, hd, nk, 1.0f, dprobs.data(),
                        nk, k, ld, 1.0f, dq, ld);
            blas::sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, nk, hd, nq, 1.0f, dprobs.data(),
                        nk, q, ld, 1.0f, dk, ld);
        }
    }
}

double cross_entropy(float* dlogits, const float* logits, const int32_t* targets, int N, int V,
                     float grad_scale) {
    double total = 0.0;
    for (int n = 0; n < N; ++n) {
        const float* z = logits + static_cast<long>(n) * V;
        float* dz = dlogits ? dlogits + static_cast<long>(n) * V : nullptr;
        const int32_t y = targets[n];
        if (y < 0) {
            if (dz)
                std::fill(dz, dz + V, 0.0f);
            continue;
        }
        const float max_z = *std::max_element(z, z + V);
        double sum = 0.0;
        for (int i = 0; i < V; ++i)
            sum += std::exp(static_cast<double>(z[i]) - max_z);
        const double log_sum = std::log(sum);
        total += log_sum - (static_cast<double>(z[y]) - max_z);
        if (dz) {
            const double inv = 1.0 / sum;
            for (int i = 0; i < V; ++i) {
                const double p = std::exp(static_cast<double>(z[i]) - max_z) * inv;
                dz[i] = static_cast<float>(grad_scale * (p - (i == y ? 1.0 : 0.0)));
            }
        }
    }
    return total;
}

}  // namespace pl::cpu

namespace pl::train {

ParamLayout make_param_layout(const GptConfig& cfg) {
    ParamLayout out;
    const int64_t C = cfg.n_embd;
    auto add = [&](const std::string& name, std::vector<int64_t> shape, bool decay) {
        ParamTensor t;
        t.name = name;
        t.numel = 1;
        for (int64_t d : shape)
            t.numel *= static_cast<std::size_t>(d);
        t.shape = std::move(shape);
        t.offset = out.total;
        t.decay = decay;
        out.total += t.numel;
        out.tensors.push_back(t);
        return t.offset;
    };
    // The same order as GptModel::load, so the offsets agree with the engine's.
    GptOffsets& o = out.offsets;
    o.wte = add("wte.weight", {cfg.vocab_size, C}, true);
    o.wpe = add("wpe.weight", {cfg.n_positions, C}, true);
    o.layers.resize(static_cast<std::size_t>(cfg.n_layer));
    for (int l = 0; l < cfg.n_layer; ++l) {
        const std::string p = "h." + std::to_string(l) + ".";
        LayerOffsets& lo = o.layers[static_cast<std::size_t>(l)];
        lo.ln1_w = add(p + "ln_1.weight", {C}, false);
        lo.ln1_b = add(p + "ln_1.bias", {C}, false);
        lo.qkv_w = add(p + "attn.c_attn.weight", {C, 3 * C}, true);
        lo.qkv_b = add(p + "attn.c_attn.bias", {3 * C}, false);
        lo.proj_w = add(p + "attn.c_proj.weight", {C, C}, true);
        lo.proj_b = add(p + "attn.c_proj.bias", {C}, false);
        lo.ln2_w = add(p + "ln_2.weight", {C}, false);
        lo.ln2_b = add(p + "ln_2.bias", {C}, false);
        lo.fc_w = add(p + "mlp.c_fc.weight", {C, 4 * C}, true);
        lo.fc_b = add(p + "mlp.c_fc.bias", {4 * C}, false);
        lo.fc2_w = add(p + "mlp.c_proj.weight", {4 * C, C}, true);
        lo.fc2_b = add(p + "mlp.c_proj.bias", {C}, false);
    }
    o.lnf_w = add("ln_f.weight", {C}, false);
    o.lnf_b = add("ln_f.bias", {C}, false);
    return out;
}

namespace {

void grow(std::vector<float>& v, std::size_t n) {
    if (v.size() < n)
        v.resize(n);
}

}  // namespace

double gpt_forward_backward(const GptConfig& cfg, const GptOffsets& w, const float* params,
                            float* grads, const int32_t* tokens, const int32_t* targets, int B,
                            int T, float grad_scale, Workspace& ws, long* valid) {
    const int C = cfg.n_embd, L = cfg.n_layer, V = cfg.vocab_size, H = cfg.n_head;
    const float eps = cfg.layer_norm_epsilon;
    const int BT = B * T;
    const std::size_t N = static_cast<std::size_t>(BT) * C;
    grow(ws.x, (L + 1) * N);
    grow(ws.ln1, L * N);
    grow(ws.qkv, 3 * L * N);
    grow(ws.att, L * N);
    grow(ws.xmid, L * N);
    grow(ws.ln2, L * N);
    grow(ws.fcpre, 4 * L * N);
    grow(ws.fcact, 4 * L * N);
    grow(ws.lnf, N);
    grow(ws.logits, static_cast<std::size_t>(BT) * V);
    auto P = [&](std::size_t off) { return params + off; };

    for (int b = 0; b < B; ++b) {
        cpu::embedding(ws.x.data() + static_cast<std::size_t>(b) * T * C, tokens + b * T, P(w.wte),
                       P(w.wpe), 0, T, C);
    }
    for (int l = 0; l < L; ++l) {
        const LayerOffsets& lw = w.layers[static_cast<std::size_t>(l)];
        const float* x = ws.x.data() + l * N;
        float* ln1 = ws.ln1.data() + l * N;
        float* qkv = ws.qkv.data() + 3 * l * N;
        float* att = ws.att.data() + l * N;
        float* xmid = ws.xmid.data() + l * N;
        float* ln2 = ws.ln2.data() + l * N;
        float* fcpre = ws.fcpre.data() + 4 * l * N;
        float* fcact = ws.fcact.data() + 4 * l * N;
        float* xout = ws.x.data() + (l + 1) * N;
        cpu::layernorm(ln1, x, P(lw.ln1_w), P(lw.ln1_b), BT, C, eps);
        cpu::matmul(qkv, ln1, P(lw.qkv_w), P(lw.qkv_b), BT, C, 3 * C);
        for (int b = 0; b < B; ++b) {
            cpu::attention_contiguous(att + static_cast<std::size_t>(b) * T * C,
                                      qkv + static_cast<std::size_t>(b) * T * 3 * C, T, C, H);
        }
        cpu::matmul(xmid, att, P(lw.proj_w), P(lw.proj_b), BT, C, C);
        cpu::residual_add(xmid, x, static_cast<long>(N));
        cpu::layernorm(ln2, xmid, P(lw.ln2_w), P(lw.ln2_b), BT, C, eps);
        cpu::matmul(fcpre, ln2, P(lw.fc_w), P(lw.fc_b), BT, C, 4 * C);
        std::memcpy(fcact, fcpre, 4 * N * sizeof(float));
        cpu::gelu(fcact, static_cast<long>(4 * N));
        cpu::matmul(xout, fcact, P(lw.fc2_w), P(lw.fc2_b), BT, 4 * C, C);
        cpu::residual_add(xout, xmid, static_cast<long>(N));
    }
    cpu::layernorm(ws.lnf.data(), ws.x.data() + L * N, P(w.lnf_w), P(w.lnf_b), BT, C, eps);
    // The tied head over every position at once: logits[BT,V] = lnf[BT,C] @ wte[V,C]^T.
    blas::sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, BT, V, C, 1.0f, ws.lnf.data(), C, P(w.wte),
                C, 0.0f, ws.logits.data(), V);
    if (valid) {
        *valid = 0;
        for (int i = 0; i < BT; ++i)
            *valid += targets[i] >= 0 ? 1 : 0;
    }
    float* dlogits = grads ? ws.logits.data() : nullptr;  // overwritten in place
    const double loss = cpu::cross_entropy(dlogits, ws.logits.data(), targets, BT, V, grad_scale);
    if (!grads)
        return loss;

    grow(ws.dx, N);
    grow(ws.dln, N);
    grow(ws.dqkv, 3 * N);
    grow(ws.datt, N);
    grow(ws.dfc, 4 * N);
    grow(ws.dfc2, 4 * N);
    auto G = [&](std::size_t off) { return grads + off; };
    float* dx = ws.dx.data();
    float* dln = ws.dln.data();
    std::fill(dln, dln + N, 0.0f);
    std::fill(dx, dx + N, 0.0f);
    // Head: dlnf = dlogits @ wte, dwte += dlogits^T @ lnf (the tied half of wte's gradient).
    blas::sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, BT, C, V, 1.0f, dlogits, V, P(w.wte), C,
                0.0f, dln, C);
    blas::sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, V, C, BT, 1.0f, dlogits, V, ws.lnf.data(),
                C, 1.0f, G(w.wte), C);
    cpu::layernorm_backward(dx, G(w.lnf_w), G(w.lnf_b), dln, ws.x.data() + L * N, P(w.lnf_w), BT, C,
                            eps);
    for (int l = L - 1; l >= 0; --l) {
        const LayerOffsets& lw = w.layers[static_cast<std::size_t>(l)];
        const float* x = ws.x.data() + l * N;
        const float* ln1 = ws.ln1.data() + l * N;
        const float* qkv = ws.qkv.data() + 3 * l * N;
        const float* att = ws.att.data() + l * N;
        const float* xmid = ws.xmid.data() + l * N;
        const float* ln2 = ws.ln2.data() + l * N;
        const float* fcpre = ws.fcpre.data() + 4 * l * N;
        const float* fcact = ws.fcact.data() + 4 * l * N;
        // dx holds d(loss)/d(x_{l+1}); x_{l+1} = xmid + mlp(ln2(xmid)), so dx passes straight
        // through to xmid and the MLP branch adds to it.
        float* dfc = ws.dfc.data();
        float* dfc2 = ws.dfc2.data();
        std::fill(dfc, dfc + 4 * N, 0.0f);
        std::fill(dfc2, dfc2 + 4 * N, 0.0f);
        std::fill(dln, dln + N, 0.0f);
        cpu::matmul_backward(dfc, G(lw.fc2_w), G(lw.fc2_b), dx, fcact, P(lw.fc2_w), BT, 4 * C, C);
        cpu::gelu_backward(dfc2, fcpre, dfc, static_cast<long>(4 * N));
        cpu::matmul_backward(dln, G(lw.fc_w), G(lw.fc_b), dfc2, ln2, P(lw.fc_w), BT, C, 4 * C);
        cpu::layernorm_backward(dx, G(lw.ln2_w), G(lw.ln2_b), dln, xmid, P(lw.ln2_w), BT, C, eps);
        // xmid = x + proj(attn(ln1(x))): the same pattern for the attention branch.
        float* datt = ws.datt.data();
        float* dqkv = ws.dqkv.data();
        std::fill(datt, datt + N, 0.0f);
        std::fill(dqkv, dqkv + 3 * N, 0.0f);
        std::fill(dln, dln + N, 0.0f);
        cpu::matmul_backward(datt, G(lw.proj_w), G(lw.proj_b), dx, att, P(lw.proj_w), BT, C, C);
        for (int b = 0; b < B; ++b) {
            const std::size_t o = static_cast<std::size_t>(b) * T * C;
            cpu::attention_backward(dqkv + 3 * o, datt + o, qkv + 3 * o, T, C, H);
        }
        cpu::matmul_backward(dln, G(lw.qkv_w), G(lw.qkv_b), dqkv, ln1, P(lw.qkv_w), BT, C, 3 * C);
        cpu::layernorm_backward(dx, G(lw.ln1_w), G(lw.ln1_b), dln, x, P(lw.ln1_w), BT, C, eps);
    }
    for (int b = 0; b < B; ++b) {
        cpu::embedding_backward(G(w.wte), G(w.wpe), dx + static_cast<std::size_t>(b) * T * C,
                                tokens + b * T, 0, T, C);
    }
    return loss;
}

void adamw(float* params, const float* grads, float* m, float* v, std::size_t n, float lr,
           float beta1, float beta2, float eps, float weight_decay, long step) {
    const double c1 = 1.0 - std::pow(static_cast<double>(beta1), static_cast<double>(step));
    const double c2 = 1.0 - std::pow(static_cast<double>(beta2), static_cast<double>(step));
    for (std::size_t i = 0; i < n; ++i) {
        const float g = grads[i];
        m[i] = beta1 * m[i] + (1.0f - beta1) * g;
        v[i] = beta2 * v[i] + (1.0f - beta2) * g * g;
        const float mhat = static_cast<float>(m[i] / c1);
        const float vhat = static_cast<float>(v[i] / c2);
        // Decoupled decay: shrinks the weight directly instead of going through the moments.
        params[i] -= lr * (mhat / (std::sqrt(vhat) + eps) + weight_decay * params[i]);
    }
}

}  // namespace pl::train
