#version 450
// Causal self-attention over the paged KV pool for one or a few new tokens (decode).
// With a single query the prefill kernel would use one lane of each SIMD group; here a
// workgroup takes one (token, head) and its lanes split the keys (lane i takes keys i, i+WG,
// ...), each with its own online softmax, merged at the end (flash-decoding inside a
// workgroup). K and V are read through the block table, in place.
#include "common.glsl"

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint HD4 = 16;  // head_dim / 4, at most 64

layout(binding = 0) uniform samplerBuffer qkv;
layout(binding = 1) uniform isamplerBuffer block_table;
layout(binding = 2) uniform samplerBuffer kpool;
layout(binding = 3) uniform samplerBuffer vpool;
layout(std430, binding = 4) writeonly buffer Out { vec4 outv[]; };

layout(push_constant) uniform Push {
    uint T;
    uint C4;
    uint n_past;
    uint block_size;
    float scale;
} pc;

// Per-subgroup partial results; only touched when a workgroup holds several subgroups (GPUs).
const uint MAX_SG = 16;
shared float sg_m[MAX_SG];
shared float sg_l[MAX_SG];
shared vec4 sg_acc[MAX_SG * HD4];

void main() {
    const uint WG = gl_WorkGroupSize.x;
    uint t = gl_WorkGroupID.x;
    uint h = gl_WorkGroupID.y;
    uint lid = gl_LocalInvocationID.x;
    uint pos = pc.n_past + t;
    uint qbase = t * 3u * pc.C4 + h * HD4;

    vec4 q[HD4];
    vec4 acc[HD4];
    [[unroll]] for (uint d = 0; d < HD4; ++d) {
        q[d] = FETCH(qkv, qbase + d) * pc.scale;
        acc[d] = vec4(0.0);
    }
    float m = -1e30;
    float l = 0.0;
    for (uint p = lid; p <= pos; p += WG) {
        uint blk = uint(FETCH_INT(block_table, p / pc.block_size));
        uint kb = (blk * pc.block_size + p % pc.block_size) * pc.C4 + h * HD4;
        vec4 s4 = vec4(0.0);
        [[unroll]] for (uint d = 0; d < HD4; ++d) s4 += q[d] * FETCH(kpool, kb + d);
        float s = s4.x + s4.y + s4.z + s4.w;
        float mn = max(m, s);
        float corr = exp(m - mn);
        float e = exp(s - mn);
        l = l * corr + e;
        [[unroll]] for (uint d = 0; d < HD4; ++d) acc[d] = acc[d] * corr + e * FETCH(vpool, kb + d);
        m = mn;
    }

    // Merge the lanes: rescale every partial sum to the common max, then add.
    float M = subgroupMax(m);
    float f = exp(m - M);
    float L = subgroupAdd(l * f);
    [[unroll]] for (uint d = 0; d < HD4; ++d) acc[d] = subgroupAdd(acc[d] * f);

    if (gl_NumSubgroups == 1u) {
        // Every lane holds the merged sums; lane i writes components i, i+WG, ... (a workgroup
        // may be narrower than the head: 8 lanes on lavapipe, 16 vec4s at head size 64).
        float inv_L = 1.0 / L;
        [[unroll]] for (uint d = 0; d < HD4; ++d) {
            if (d % WG == lid) outv[t * pc.C4 + h * HD4 + d] = acc[d] * inv_L;
        }
        return;
    }
    uint sg = gl_SubgroupID;
    if (subgroupElect()) {
        sg_m[sg] = M;
        sg_l[sg] = L;
        [[unroll]] for (uint d = 0; d < HD4; ++d) sg_acc[sg * HD4 + d] = acc[d];
    }
    barrier();
    for (uint d = lid; d < HD4; d += WG) {
        float gm = sg_m[0];
        for (uint i = 1; i < gl_NumSubgroups; ++i) gm = max(gm, sg_m[i]);
        float gl = 0.0;
        vec4 o = vec4(0.0);
        for (uint i = 0; i < gl_NumSubgroups; ++i) {
            float g = exp(sg_m[i] - gm);
            gl += sg_l[i] * g;
            o += sg_acc[i * HD4 + d] * g;
        }
        outv[t * pc.C4 + h * HD4 + d] = o / gl;
    }
}
