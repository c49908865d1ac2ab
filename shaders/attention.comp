#version 450
// Causal self-attention over the paged KV pool, for prefill (many new tokens).
// One invocation per (new token, head); a workgroup takes WG consecutive tokens of one head.
// With grouped-query attention, `group` consecutive query heads read the same KV head.
// K and V are read THROUGH the block table, in place: a prefix-cache hit is never copied.
// Every lane of a workgroup walks the same key positions, so each K/V row is read at one
// address by all lanes (a broadcast); lanes whose query sits before a key mask it out.
// Softmax is online (running max and sum), so scores are never stored, except for one query
// when the host asks (probe_row): its lane also writes each score it used and, at the end, its
// running max and sum, from which the host forms exactly the probabilities this kernel applied
// (InferenceBackend::forward_attention, the app's attention heat map).
#include "common.glsl"

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint HD4 = 16;  // head_dim / 4

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

void main() {
    uint h = gl_WorkGroupID.y;
    uint t0 = gl_WorkGroupID.x * gl_WorkGroupSize.x;
    uint t = t0 + gl_LocalInvocationID.x;
    uint tc = min(t, pc.T - 1u);
    uint pos = pc.n_past + tc;
    uint last = pc.n_past + min(pc.T, t0 + gl_WorkGroupSize.x) - 1u;

    vec4 q[HD4];
    vec4 acc[HD4];
    uint qbase = tc * pc.q_stride4 + h * HD4;
    uint kvh = (h / pc.group) * HD4;  // this head's K/V columns in a pool row
    [[unroll]] for (uint d = 0; d < HD4; ++d) {
        q[d] = FETCH(qkv, qbase + d) * pc.scale;
        acc[d] = vec4(0.0);
    }
    // A finite start: exp(m - m_new) must be 0, not NaN, at the first key.
    float m = -1e30;
    float l = 0.0;
    bool probing = t == pc.probe_row && t < pc.T;
    uint probe_base = pc.probe_scores + h * (pos + 1u);
    for (uint p = 0; p <= last; ++p) {
        uint blk = uint(FETCH_INT(block_table, p / pc.block_size));
        uint kb = (blk * pc.block_size + p % pc.block_size) * pc.kv4 + kvh;
        vec4 s4 = vec4(0.0);
        [[unroll]] for (uint d = 0; d < HD4; ++d) s4 += q[d] * FETCH(kpool, kb + d);
        float s = s4.x + s4.y + s4.z + s4.w;
        bool live = p <= pos;
        if (probing && live) probe[probe_base + p] = s;
        float mn = live ? max(m, s) : m;
        float corr = exp(m - mn);
        float e = live ? exp(s - mn) : 0.0;
        l = l * corr + e;
        [[unroll]] for (uint d = 0; d < HD4; ++d) acc[d] = acc[d] * corr + e * FETCH(vpool, kb + d);
        m = mn;
    }
    if (t >= pc.T) return;
    if (probing) {
        probe[pc.probe_stats + 2u * h] = m;
        probe[pc.probe_stats + 2u * h + 1u] = l;
    }
    float inv_l = 1.0 / l;
    uint obase = t * pc.out4 + h * HD4;
    [[unroll]] for (uint d = 0; d < HD4; ++d) outv[obase + d] = acc[d] * inv_l;
}
