#version 450
// One transformer layer for one new token (decode) in four dispatches instead of seven. On a
// CPU implementation of Vulkan every dispatch wakes the driver's worker threads and waits for
// them, which costs more than most of a decode step's small products: measured on lavapipe
// (2 cores, 512 tokens of context), the seven-dispatch layer ran no faster on two worker threads
// than on one. The engine records, per layer:
//
//   STAGE_ATTN   decode_attention, one workgroup per head: layernorm 1 of the residual row, this
//                head's q, k and v (k and v also into their paged KV slot), attention over the
//                pool's earlier keys and the new one, and this head's share of the output
//                projection, partial[h,:] = att_h @ proj_w[h*hd .. h*hd + hd, :].
//   STAGE_RESLN  decode_residual_ln, one workgroup: x = x + (sum over heads of partial +
//                proj_b), and ln = layernorm 2 of it.
//   then the MLP's two matrix-vector products (matvec.comp, GELU and residual epilogues).
//
// A workgroup is exactly one subgroup (the host sizes it to the minimum subgroup size), so every
// reduction is a subgroup operation and no shared memory is read in the inner loops (on lavapipe
// a shared-memory load is a loop over the lanes, measured at ~2.5 texel fetches).
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
    float scale;  // 1 / sqrt(head_dim)
} pc;

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
layout(binding = 1) uniform samplerBuffer ln_w;
layout(binding = 2) uniform samplerBuffer ln_b;
layout(binding = 3) uniform samplerBuffer qkv_w;
layout(binding = 4) uniform samplerBuffer qkv_b;
layout(binding = 5) uniform isamplerBuffer block_table;
layout(binding = 6) uniform samplerBuffer kpool;
layout(binding = 7) uniform samplerBuffer vpool;
layout(std430, binding = 8) writeonly buffer KOut { vec4 kout[]; };
layout(std430, binding = 9) writeonly buffer VOut { vec4 vout[]; };
layout(binding = 10) uniform samplerBuffer proj_w;
layout(std430, binding = 11) writeonly buffer Partial { vec4 partial[]; };

shared vec4 qkv_h[3u * HD4];  // this head's q, then k, then v

uint slot(uint pos) {
    return (uint(FETCH_INT(block_table, pos / pc.block_size)) * pc.block_size +
            pos % pc.block_size) * pc.C4;
}

void main() {
    const uint WG = gl_WorkGroupSize.x;
    uint lid = gl_LocalInvocationID.x;
    uint h = gl_WorkGroupID.x;
    [[unroll]] for (uint i = 0u; i < NI; ++i)
        row[i] = i * WG + lid < pc.C4 ? FETCH(x, min(i * WG + lid, pc.C4 - 1u)) : vec4(0.0);
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
layout(binding = 1) uniform samplerBuffer partial;
layout(binding = 2) uniform samplerBuffer proj_b;
layout(binding = 3) uniform samplerBuffer ln_w;
layout(binding = 4) uniform samplerBuffer ln_b;
layout(std430, binding = 5) writeonly buffer XOut { vec4 xout[]; };
layout(std430, binding = 6) writeonly buffer LnOut { vec4 lnout[]; };

void main() {
    const uint WG = gl_WorkGroupSize.x;
    uint lid = gl_LocalInvocationID.x;
    // The heads' projections in order, then the bias, added to x as one sum (the unfused
    // path adds its projection plus bias to x). Each lane reads only the x entries it writes.
    [[unroll]] for (uint i = 0u; i < NI; ++i) {
        uint c = min(i * WG + lid, pc.C4 - 1u);
        vec4 p = FETCH(partial, c);
        for (uint h = 1u; h < pc.n_head; ++h) p += FETCH(partial, h * pc.C4 + c);
        row[i] = i * WG + lid < pc.C4 ? FETCH(x, c) + (p + FETCH(proj_b, c)) : vec4(0.0);
        if (i * WG + lid < pc.C4) xout[c] = row[i];
    }
    normalize_row(ln_w, ln_b);
    [[unroll]] for (uint i = 0u; i < NI; ++i) {
        uint c = i * WG + lid;
        if (c < pc.C4) lnout[c] = row[i];
    }
}
#endif

