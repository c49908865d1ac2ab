#version 450
// The attention probabilities of one query row of qkv over the n_keys positions it sees, one
// workgroup per head, for InferenceBackend::forward_attention (the app's heat map). It reads the
// Q this forward's qkv kernel wrote and the K rows in the paged pool, scores them as the
// attention kernels do (q * scale, dotted with k) and takes the softmax over the workgroup with
// shared-memory reductions: the attention kernels themselves never store probabilities (their
// softmax is online), so this runs after them, on the same data, only when asked.
#include "common.glsl"

layout(local_size_x_id = 0) in;  // a power of two, at most 256
layout(constant_id = 1) const uint HD4 = 16;

layout(binding = 0) uniform samplerBuffer qkv;
layout(binding = 1) uniform isamplerBuffer block_table;
layout(binding = 2) uniform samplerBuffer kpool;
layout(std430, binding = 3) buffer Out { float probs[]; };

layout(push_constant) uniform Push {
    uint row;  // the query's row in qkv
    uint C4;
    uint n_keys;
    uint block_size;
    float scale;
    uint out0;  // first float of this layer's [n_head][n_keys] rows in probs
} pc;

shared float red[256];

float reduce_max(float v) {
    uint lid = gl_LocalInvocationID.x;
    red[lid] = v;
    barrier();
    for (uint off = gl_WorkGroupSize.x / 2u; off > 0u; off >>= 1u) {
        if (lid < off) red[lid] = max(red[lid], red[lid + off]);
        barrier();
    }
    float r = red[0];
    barrier();
    return r;
}

float reduce_sum(float v) {
    uint lid = gl_LocalInvocationID.x;
    red[lid] = v;
    barrier();
    for (uint off = gl_WorkGroupSize.x / 2u; off > 0u; off >>= 1u) {
        if (lid < off) red[lid] += red[lid + off];
        barrier();
    }
    float r = red[0];
    barrier();
    return r;
}

void main() {
    const uint WG = gl_WorkGroupSize.x;
    uint h = gl_WorkGroupID.x;
    uint lid = gl_LocalInvocationID.x;
    vec4 q[HD4];
    uint qbase = pc.row * 3u * pc.C4 + h * HD4;
    [[unroll]] for (uint d = 0; d < HD4; ++d) q[d] = FETCH(qkv, qbase + d) * pc.scale;
    uint base = pc.out0 + h * pc.n_keys;
    // Each lane owns keys lid, lid + WG, ...: it writes and rereads only its own entries.
    float m = -1e30;
    for (uint p = lid; p < pc.n_keys; p += WG) {
        uint blk = uint(FETCH_INT(block_table, p / pc.block_size));
        uint kb = (blk * pc.block_size + p % pc.block_size) * pc.C4 + h * HD4;
        vec4 s4 = vec4(0.0);
        [[unroll]] for (uint d = 0; d < HD4; ++d) s4 += q[d] * FETCH(kpool, kb + d);
        float s = s4.x + s4.y + s4.z + s4.w;
        probs[base + p] = s;
        m = max(m, s);
    }
    float M = reduce_max(m);
    float l = 0.0;
    for (uint p = lid; p < pc.n_keys; p += WG) {
        float e = exp(probs[base + p] - M);
        probs[base + p] = e;
        l += e;
    }
    float inv = 1.0 / reduce_sum(l);
    for (uint p = lid; p < pc.n_keys; p += WG) probs[base + p] *= inv;
}
