#version 450
// Causal self-attention over the paged KV pool for a few new tokens: decode, or the short
// suffix after a prefix-cache hit. With few queries the prefill kernel (one lane per query)
// would leave most lanes idle; here a workgroup takes ROWS consecutive queries of one head and
// its lanes split the keys (lane i takes keys i, i+WG, ...), each with its own online softmax
// per query, merged at the end (flash-decoding inside a workgroup). Every K and V row a lane
// fetches serves all ROWS queries, so ROWS > 1 divides the loads per score; a query masks
// the keys past its own position. K and V are read through the block table, in place.
// For one query when the host asks (probe_row), each lane also writes the scores it used and
// the workgroup writes the merged max and sum: the host forms from them exactly the
// probabilities this kernel applied (InferenceBackend::forward_attention).
#include "common.glsl"

#ifndef ROWS
#define ROWS 1  // queries per workgroup (compile-time: the register arrays are unrolled)
#endif

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint HD4 = 16;  // head_dim / 4, at most 64

layout(binding = 0) uniform samplerBuffer qkv;
layout(binding = 1) uniform isamplerBuffer block_table;
layout(binding = 2) uniform samplerBuffer kpool;
layout(binding = 3) uniform samplerBuffer vpool;
layout(std430, binding = 4) writeonly buffer Out { vec4 outv[]; };
layout(std430, binding = 5) writeonly buffer Probe { float probe[]; };

layout(push_constant) uniform Push {
    uint T;
    uint q_stride4;  // vec4s from one token's query row to the next (3 C/4 in GPT-2's fused q|k|v)
    uint out4;       // vec4s in one output row: n_head x head_dim / 4
    uint kv4;        // vec4s in one pool row: n_kv_head x head_dim / 4
    uint group;      // query heads per KV head (grouped-query attention; 1: one each)
    uint n_past;
    uint block_size;
    float scale;
    uint probe_row;     // the new token whose scores are written; 0xffffffff: none
    uint probe_scores;  // first float of [n_head][n_past + probe_row + 1] scores in probe
    uint probe_stats;   // first float of [n_head][2]: the max and the sum of exp(score - max)
} pc;

// Per-subgroup partial results; only touched when a workgroup holds several subgroups (GPUs).
// Sized by the host (workgroup size / subgroup size), so one subgroup (lavapipe) costs nothing.
layout(constant_id = 2) const uint MAX_SG = 16;
shared float sg_m[MAX_SG * ROWS];
shared float sg_l[MAX_SG * ROWS];
shared vec4 sg_acc[MAX_SG * ROWS * HD4];

void main() {
    const uint WG = gl_WorkGroupSize.x;
    uint t0 = gl_WorkGroupID.x * ROWS;
    uint h = gl_WorkGroupID.y;
    uint lid = gl_LocalInvocationID.x;
    uint nrows = min(uint(ROWS), pc.T - t0);
    uint last = pc.n_past + t0 + nrows - 1u;  // the last key any query here may see
    uint kvh = (h / pc.group) * HD4;            // this head's K/V columns in a pool row

    vec4 q[ROWS * HD4];
    vec4 acc[ROWS * HD4];
    float m[ROWS];
    float l[ROWS];
    [[unroll]] for (uint r = 0; r < ROWS; ++r) {
        uint qbase = min(t0 + r, pc.T - 1u) * pc.q_stride4 + h * HD4;
        [[unroll]] for (uint d = 0; d < HD4; ++d) {
            q[r * HD4 + d] = FETCH(qkv, qbase + d) * pc.scale;
            acc[r * HD4 + d] = vec4(0.0);
        }
        // A finite start: exp(m - m_new) must be 0, not NaN, at the first key.
        m[r] = -1e30;
        l[r] = 0.0;
    }
    // Two keys per lane per step (p and p + WG): one rescale of the running sums serves both,
    // which saves a multiply per sum and key and an exp per query and key pair (8-20% less CPU
    // time on llvmpipe for 4 queries over 1,536-1,920 keys). The second key may lie past the
    // last one: its address is clamped to a real key and its weight is 0.
    for (uint p = lid; p <= last; p += 2u * WG) {
        uint p2 = min(p + WG, last);
        uint ka = (uint(FETCH_INT(block_table, p / pc.block_size)) * pc.block_size +
                   p % pc.block_size) * pc.kv4 + kvh;
        uint kb = (uint(FETCH_INT(block_table, p2 / pc.block_size)) * pc.block_size +
                   p2 % pc.block_size) * pc.kv4 + kvh;
        vec4 sa[ROWS];
        vec4 sb[ROWS];
        [[unroll]] for (uint r = 0; r < ROWS; ++r) {
            sa[r] = vec4(0.0);
            sb[r] = vec4(0.0);
        }
        [[unroll]] for (uint d = 0; d < HD4; ++d) {
            vec4 k1 = FETCH(kpool, ka + d);
            vec4 k2 = FETCH(kpool, kb + d);
            [[unroll]] for (uint r = 0; r < ROWS; ++r) {
                sa[r] += q[r * HD4 + d] * k1;
                sb[r] += q[r * HD4 + d] * k2;
            }
        }
        float corr[ROWS];
        float ea[ROWS];
        float eb[ROWS];
        [[unroll]] for (uint r = 0; r < ROWS; ++r) {
            float s1 = sa[r].x + sa[r].y + sa[r].z + sa[r].w;
            float s2 = sb[r].x + sb[r].y + sb[r].z + sb[r].w;
            uint pos = pc.n_past + t0 + r;  // the last key this query may see
            bool live1 = p <= pos;
            bool live2 = p + WG <= pos && p + WG <= last;
            if (t0 + r == pc.probe_row && r < nrows) {
                uint base = pc.probe_scores + h * (pos + 1u);
                if (live1) probe[base + p] = s1;
                if (live2) probe[base + p + WG] = s2;
            }
            float mn = max(m[r], max(live1 ? s1 : m[r], live2 ? s2 : m[r]));
            corr[r] = exp(m[r] - mn);
            ea[r] = live1 ? exp(s1 - mn) : 0.0;
            eb[r] = live2 ? exp(s2 - mn) : 0.0;
            l[r] = l[r] * corr[r] + ea[r] + eb[r];
            m[r] = mn;
        }
        [[unroll]] for (uint d = 0; d < HD4; ++d) {
            vec4 v1 = FETCH(vpool, ka + d);
            vec4 v2 = FETCH(vpool, kb + d);
            [[unroll]] for (uint r = 0; r < ROWS; ++r)
                acc[r * HD4 + d] = acc[r * HD4 + d] * corr[r] + ea[r] * v1 + eb[r] * v2;
        }
    }

    // Merge the lanes: rescale every partial sum to the common max, then add.
    float L[ROWS];
    [[unroll]] for (uint r = 0; r < ROWS; ++r) {
        float M = subgroupMax(m[r]);
        float f = exp(m[r] - M);
        L[r] = subgroupAdd(l[r] * f);
        m[r] = M;
        [[unroll]] for (uint d = 0; d < HD4; ++d) acc[r * HD4 + d] = subgroupAdd(acc[r * HD4 + d] * f);
    }

    if (gl_NumSubgroups == 1u) {
        // Every lane holds the merged sums; lane i writes components i, i+WG, ... (a workgroup
        // may be narrower than the head: 8 lanes on lavapipe, 16 vec4s at head size 64).
        [[unroll]] for (uint r = 0; r < ROWS; ++r) {
            if (r >= nrows) break;
            if (t0 + r == pc.probe_row && lid == 0u) {
                probe[pc.probe_stats + 2u * h] = m[r];
                probe[pc.probe_stats + 2u * h + 1u] = L[r];
            }
            float inv_L = 1.0 / L[r];
            [[unroll]] for (uint d = 0; d < HD4; ++d) {
                if (d % WG == lid) outv[(t0 + r) * pc.out4 + h * HD4 + d] = acc[r * HD4 + d] * inv_L;
            }
        }
        return;
    }
    uint sg = gl_SubgroupID;
    if (subgroupElect()) {
        [[unroll]] for (uint r = 0; r < ROWS; ++r) {
            sg_m[sg * ROWS + r] = m[r];
            sg_l[sg * ROWS + r] = L[r];
            [[unroll]] for (uint d = 0; d < HD4; ++d)
                sg_acc[(sg * ROWS + r) * HD4 + d] = acc[r * HD4 + d];
        }
    }
    barrier();
    for (uint i = lid; i < nrows * HD4; i += WG) {
        uint r = i / HD4;
        uint d = i % HD4;
        float gm = sg_m[r];
        for (uint j = 1; j < gl_NumSubgroups; ++j) gm = max(gm, sg_m[j * ROWS + r]);
        float gl = 0.0;
        vec4 o = vec4(0.0);
        for (uint j = 0; j < gl_NumSubgroups; ++j) {
            float g = exp(sg_m[j * ROWS + r] - gm);
            gl += sg_l[j * ROWS + r] * g;
            o += sg_acc[(j * ROWS + r) * HD4 + d] * g;
        }
        if (t0 + r == pc.probe_row && d == 0u) {
            probe[pc.probe_stats + 2u * h] = gm;
            probe[pc.probe_stats + 2u * h + 1u] = gl;
        }
        outv[(t0 + r) * pc.out4 + h * HD4 + d] = o / gl;
    }
}
