#version 450
// One transformer layer for one new token (decode) in two dispatches instead of seven. On a
// CPU implementation of Vulkan every dispatch wakes the driver's worker threads and waits for
// them, which costs more than most of a decode step's small products: measured on lavapipe
// (2 cores, 512 tokens of context), the seven-dispatch layer ran no faster on two worker threads
// than on one. Per layer:
//
//   STAGE_ATTN   decode_attention, one workgroup per head: the residual row (the row before
//                plus the previous layer's MLP shares and bias), layernorm 1, this head's q, k
//                and v (k and v also into their paged KV slot), attention over the pool's
//                earlier keys and the new one, and this head's share of the output projection,
//                partial[h,:] = att_h @ proj_w[h*hd .. h*hd + hd, :].
//   STAGE_MLP    decode_mlp, a few workgroups: the residual row (plus the heads' shares and
//                proj_b), layernorm 2, and each workgroup's chunks of the hidden layer times
//                their rows of fc2_w, partial[g,:].
//   STAGE_RESLN  decode_residual_ln, after the last layer: ln_f of the final residual row.
//
// Nothing adds to the residual row in place (other workgroups of the same dispatch still read
// it): each dispatch forms it from the row before and the shares, in one fixed order, and its
// workgroup 0 stores it in the other residual buffer for the next dispatch.
//
// A workgroup is exactly one subgroup (the host sizes it to the minimum subgroup size), so every
// reduction is a subgroup operation and no shared memory is read in the inner loops (on lavapipe
// a shared-memory load is a loop over the lanes, measured at ~2.5 texel fetches; the row moves
// between lanes by subgroupBroadcast instead).
#include "common.glsl"
#extension GL_KHR_shader_subgroup_ballot : require

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint HD4 = 16;    // head_dim / 4, at most 64
layout(constant_id = 2) const uint MAX_C4 = 1;  // n_embd / 4: sizes `row`

layout(push_constant) uniform Push {
    uint C4;
    uint n_head;
    uint n_past;  // the new token's position
    uint block_size;
    float eps;
    float scale;    // 1 / sqrt(head_dim)
    uint n_parts;   // partial rows to add to the residual row (0: none, and no bias)
    uint chunks;    // decode_mlp: chunks of WG vec4 hidden columns per workgroup
} pc;

// Entry c of the residual row: x + (the sum of n_parts partial rows + bias), with the partials
// added in order. Every workgroup that needs the row forms it this same way, so all see the
// same floats, and the one that stores it stores exactly what the others used.
vec4 residual(samplerBuffer x, samplerBuffer parts, samplerBuffer bias, uint c) {
    if (pc.n_parts == 0u) return FETCH(x, c);
    vec4 p = FETCH(parts, c);
    for (uint i = 1u; i < pc.n_parts; ++i) p += FETCH(parts, i * pc.C4 + c);
    return FETCH(x, c) + (p + FETCH(bias, c));
}

// row = the residual row, spread over the lanes (entries past C4 held as 0); workgroup 0 also
// stores it in `xout` for the next dispatch.
#define LOAD_RESIDUAL_ROW(x, parts, bias, xout)                                \
    [[unroll]] for (uint i = 0u; i < NI; ++i) {                                \
        uint c_ = min(i * gl_WorkGroupSize.x + gl_LocalInvocationID.x, pc.C4 - 1u); \
        bool in_ = i * gl_WorkGroupSize.x + gl_LocalInvocationID.x < pc.C4;    \
        row[i] = in_ ? residual(x, parts, bias, c_) : vec4(0.0);               \
        if (in_ && gl_WorkGroupID.x == 0u) xout[c_] = row[i];                   \
    }

// A row of n_embd floats spread over the lanes: lane i holds vec4 entries i, i + WG, ... in
// row[0], row[1], ... Lanes read each other's entries with subgroupBroadcast (on lavapipe a
// register extract; a shared-memory read there is a loop over the lanes, ~2.5 texel fetches).
const uint NI = (MAX_C4 + gl_WorkGroupSize.x - 1u) / gl_WorkGroupSize.x;
vec4 row[NI];

// row = layernorm(row) * w + b, the mean and the variance in two passes as the layernorm
// kernel computes them (entries past C4 are held as 0 and stay out of both sums).
void normalize_row(samplerBuffer w, samplerBuffer b) {
    const uint WG = gl_WorkGroupSize.x;
    uint lid = gl_LocalInvocationID.x;
    float C = float(pc.C4 * 4u);
    vec4 s = vec4(0.0);
    [[unroll]] for (uint i = 0u; i < NI; ++i) s += row[i];
    float mean = subgroupAdd(s.x + s.y + s.z + s.w) / C;
    vec4 q = vec4(0.0);
    [[unroll]] for (uint i = 0u; i < NI; ++i) {
        vec4 d = i * WG + lid < pc.C4 ? row[i] - mean : vec4(0.0);
        q += d * d;
    }
    float rstd = inversesqrt(subgroupAdd(q.x + q.y + q.z + q.w) / C + pc.eps);
    [[unroll]] for (uint i = 0u; i < NI; ++i) {
        uint c = min(i * WG + lid, pc.C4 - 1u);
        row[i] = (row[i] - mean) * rstd * FETCH(w, c) + FETCH(b, c);
    }
}

// One vec4 column c of row @ w (w is [4 * C4 rows][N4 vec4 columns]). The inner loop is
// unrolled so that every broadcast names a constant lane (a plain register extract); the outer
// one is not, so the code stays small for wide models.
vec4 row_times_w(samplerBuffer w, uint N4, uint c) {
    const uint WG = gl_WorkGroupSize.x;
    vec4 a0 = vec4(0.0), a1 = vec4(0.0);
    for (uint i = 0u; i < NI; ++i) {
        vec4 held = row[i];
        [[unroll]] for (uint j = 0u; j < WG; ++j) {
            if (i * WG + j >= pc.C4) break;
            vec4 a = subgroupBroadcast(held, j);
            uint k = 4u * (i * WG + j) * N4 + c;
            a0 += a.x * FETCH(w, k) + a.y * FETCH(w, k + N4);
            a1 += a.z * FETCH(w, k + 2u * N4) + a.w * FETCH(w, k + 3u * N4);
        }
    }
    return a0 + a1;
}

#ifdef STAGE_ATTN
layout(binding = 0) uniform samplerBuffer x;
layout(binding = 1) uniform samplerBuffer mlp_parts;  // the previous layer's MLP output, split
layout(binding = 2) uniform samplerBuffer mlp_bias;
layout(binding = 3) uniform samplerBuffer ln_w;
layout(binding = 4) uniform samplerBuffer ln_b;
layout(binding = 5) uniform samplerBuffer qkv_w;
layout(binding = 6) uniform samplerBuffer qkv_b;
layout(binding = 7) uniform isamplerBuffer block_table;
layout(binding = 8) uniform samplerBuffer kpool;
layout(binding = 9) uniform samplerBuffer vpool;
layout(std430, binding = 10) writeonly buffer KOut { vec4 kout[]; };
layout(std430, binding = 11) writeonly buffer VOut { vec4 vout[]; };
layout(binding = 12) uniform samplerBuffer proj_w;
layout(std430, binding = 13) writeonly buffer Partial { vec4 partial[]; };
layout(std430, binding = 14) writeonly buffer XOut { vec4 xout[]; };

shared vec4 qkv_h[3u * HD4];  // this head's q, then k, then v

uint slot(uint pos) {
    return (uint(FETCH_INT(block_table, pos / pc.block_size)) * pc.block_size +
            pos % pc.block_size) * pc.C4;
}

void main() {
    const uint WG = gl_WorkGroupSize.x;
    uint lid = gl_LocalInvocationID.x;
    uint h = gl_WorkGroupID.x;
    LOAD_RESIDUAL_ROW(x, mlp_parts, mlp_bias, xout);
    normalize_row(ln_w, ln_b);

    // q, k, v of this head: column j of the 3 * HD4 is column (j / HD4) * C4 + h * HD4 + j % HD4
    // of the fused weight. The new k and v go to the pool for later steps (and are read from
    // shared memory below: a texel read of the pool here would not see this dispatch's writes).
    const uint NJ = 3u * HD4;
    const uint N4 = 3u * pc.C4;
    uint kv_slot = slot(pc.n_past) + h * HD4;
    // Every lane stays in the loop to the end (row_times_w's broadcasts need them all).
    for (uint j0 = 0u; j0 < NJ; j0 += WG) {
        uint j = min(j0 + lid, NJ - 1u);
        uint c = (j / HD4) * pc.C4 + h * HD4 + j % HD4;
        vec4 v = row_times_w(qkv_w, N4, c) + FETCH(qkv_b, c);
        if (j0 + lid < NJ) {
            qkv_h[j] = v;
            if (j >= 2u * HD4) vout[kv_slot + j - 2u * HD4] = v;
            else if (j >= HD4) kout[kv_slot + j - HD4] = v;
        }
    }
    barrier();

    // Attention: lanes split the earlier keys (lane i takes i, i + WG, ...), each with its own
    // online softmax, merged below; lane 0 also takes the new key, last.
    vec4 q[HD4];
    vec4 acc[HD4];
    [[unroll]] for (uint d = 0u; d < HD4; ++d) {
        q[d] = qkv_h[d] * pc.scale;
        acc[d] = vec4(0.0);
    }
    float m = -1e30;  // finite, so exp(m - m_new) is 0 at the first key, not NaN
    float l = 0.0;
    // Two keys per lane per step (p and p + WG): one rescale of the running sums serves both.
    // The second may lie past the last earlier key: its address is clamped, its weight is 0.
    for (uint p = lid; p < pc.n_past; p += 2u * WG) {
        bool live2 = p + WG < pc.n_past;
        uint ka = slot(p) + h * HD4;
        uint kb = slot(min(p + WG, pc.n_past - 1u)) + h * HD4;
        vec4 sa = vec4(0.0), sb = vec4(0.0);
        [[unroll]] for (uint d = 0u; d < HD4; ++d) {
            sa += q[d] * FETCH(kpool, ka + d);
            sb += q[d] * FETCH(kpool, kb + d);
        }
        float s1 = sa.x + sa.y + sa.z + sa.w;
        float s2 = sb.x + sb.y + sb.z + sb.w;
        float mn = max(m, live2 ? max(s1, s2) : s1);
        float corr = exp(m - mn);
        float ea = exp(s1 - mn);
        float eb = live2 ? exp(s2 - mn) : 0.0;
        l = l * corr + ea + eb;
        m = mn;
        [[unroll]] for (uint d = 0u; d < HD4; ++d)
            acc[d] = acc[d] * corr + ea * FETCH(vpool, ka + d) + eb * FETCH(vpool, kb + d);
    }
    if (lid == 0u) {
        vec4 s4 = vec4(0.0);
        [[unroll]] for (uint d = 0u; d < HD4; ++d) s4 += q[d] * qkv_h[HD4 + d];
        float s = s4.x + s4.y + s4.z + s4.w;
        float mn = max(m, s);
        float corr = exp(m - mn);
        float e = exp(s - mn);
        l = l * corr + e;
        m = mn;
        [[unroll]] for (uint d = 0u; d < HD4; ++d) acc[d] = acc[d] * corr + e * qkv_h[2u * HD4 + d];
    }
    float M = subgroupMax(m);
    float f = exp(m - M);
    float inv_L = 1.0 / subgroupAdd(l * f);
    [[unroll]] for (uint d = 0u; d < HD4; ++d) acc[d] = subgroupAdd(acc[d] * f) * inv_L;

    // This head's share of the output projection: every lane holds the whole attention output
    // of the head, and lanes take different vec4 columns of proj_w's rows h*hd .. h*hd + hd.
    for (uint c = lid; c < pc.C4; c += WG) {
        vec4 s0 = vec4(0.0), s1 = vec4(0.0);
        [[unroll]] for (uint d = 0u; d < HD4; ++d) {
            uint wi = 4u * (h * HD4 + d) * pc.C4 + c;
            s0 += acc[d].x * FETCH(proj_w, wi) + acc[d].y * FETCH(proj_w, wi + pc.C4);
            s1 += acc[d].z * FETCH(proj_w, wi + 2u * pc.C4) + acc[d].w * FETCH(proj_w, wi + 3u * pc.C4);
        }
        partial[h * pc.C4 + c] = s0 + s1;
    }
}
#endif

#ifdef STAGE_RESLN
layout(binding = 0) uniform samplerBuffer x;
layout(binding = 1) uniform samplerBuffer parts;
layout(binding = 2) uniform samplerBuffer bias;
layout(binding = 3) uniform samplerBuffer ln_w;
layout(binding = 4) uniform samplerBuffer ln_b;
layout(std430, binding = 5) writeonly buffer LnOut { vec4 lnout[]; };

void main() {
    const uint WG = gl_WorkGroupSize.x;
    uint lid = gl_LocalInvocationID.x;
    [[unroll]] for (uint i = 0u; i < NI; ++i) {
        uint c = min(i * WG + lid, pc.C4 - 1u);
        row[i] = i * WG + lid < pc.C4 ? residual(x, parts, bias, c) : vec4(0.0);
    }
    normalize_row(ln_w, ln_b);
    [[unroll]] for (uint i = 0u; i < NI; ++i) {
        uint c = i * WG + lid;
        if (c < pc.C4) lnout[c] = row[i];
    }
}
#endif

#ifdef STAGE_MLP
layout(binding = 0) uniform samplerBuffer x;
layout(binding = 1) uniform samplerBuffer head_parts;  // this layer's attention output, split
layout(binding = 2) uniform samplerBuffer proj_b;
layout(binding = 3) uniform samplerBuffer ln_w;
layout(binding = 4) uniform samplerBuffer ln_b;
layout(binding = 5) uniform samplerBuffer fc_w;
layout(binding = 6) uniform samplerBuffer fc_b;
layout(binding = 7) uniform samplerBuffer fc2_w;
layout(std430, binding = 8) writeonly buffer Partial { vec4 partial[]; };
layout(std430, binding = 9) writeonly buffer XOut { vec4 xout[]; };

void main() {
    const uint WG = gl_WorkGroupSize.x;
    uint lid = gl_LocalInvocationID.x;
    uint g = gl_WorkGroupID.x;
    LOAD_RESIDUAL_ROW(x, head_parts, proj_b, xout);
    normalize_row(ln_w, ln_b);
    // This workgroup's chunks of the hidden layer (WG vec4 columns each, one per lane), each
    // multiplied at once by its rows of fc2_w: out[o] accumulates the chunk's share of output
    // column o = n * WG + lane.
    const uint H4 = 4u * pc.C4;  // hidden vec4 columns
    vec4 out_acc[NI];
    [[unroll]] for (uint n = 0u; n < NI; ++n) out_acc[n] = vec4(0.0);
    for (uint k = 0u; k < pc.chunks; ++k) {
        uint c0 = (g * pc.chunks + k) * WG;
        if (c0 >= H4) break;
        uint c = min(c0 + lid, H4 - 1u);
        vec4 hv = gelu_tanh4(row_times_w(fc_w, H4, c) + FETCH(fc_b, c));
        if (c0 + lid >= H4) hv = vec4(0.0);
        [[unroll]] for (uint j = 0u; j < WG; ++j) {
            if (c0 + j >= H4) break;
            vec4 a = subgroupBroadcast(hv, j);
            uint r = 4u * (c0 + j) * pc.C4;  // first of the hidden units' fc2_w rows
            [[unroll]] for (uint n = 0u; n < NI; ++n) {
                uint o = min(n * WG + lid, pc.C4 - 1u);
                out_acc[n] += a.x * FETCH(fc2_w, r + o) + a.y * FETCH(fc2_w, r + pc.C4 + o) +
                              a.z * FETCH(fc2_w, r + 2u * pc.C4 + o) +
                              a.w * FETCH(fc2_w, r + 3u * pc.C4 + o);
            }
        }
    }
    [[unroll]] for (uint n = 0u; n < NI; ++n) {
        uint o = n * WG + lid;
        if (o < pc.C4) partial[g * pc.C4 + o] = out_acc[n];
    }
}
#endif

