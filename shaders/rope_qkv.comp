#version 450
// The rotary step of a Llama-family layer, between the q|k|v projection and attention. For one
// head of one new token it optionally normalises the head (Qwen3's q_norm and k_norm: RMSNorm
// over the head's values, one weight vector shared by all heads), turns it by the token's
// position (RoPE in Transformers' rotate-half layout: value i pairs with value i + head_dim/2)
// and stores it: a query head into q_out, a key head and its value head into the paged KV pool
// at the token's slot (the value unchanged). Workgroups y take the tokens; workgroups x the
// heads, [0, n_head) the query heads and [n_head, n_head + n_kv_head) the key/value heads. A
// workgroup is one subgroup, so the norm's sum is one subgroup add.
// The cosines and sines come from the host, [T][cos | sin][head_dim / 2] for the new tokens'
// positions, worked out in double precision as the CPU twin's are.
#include "common.glsl"

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint HD4 = 16;  // head_dim / 4; head_dim a multiple of 8

layout(binding = 0) uniform samplerBuffer qkv;     // [T][(n_head + 2 n_kv_head) head_dim]
layout(binding = 1) uniform samplerBuffer rope;    // [T][cos | sin][head_dim / 2]
layout(binding = 2) uniform samplerBuffer q_norm;  // [head_dim]; any texels when qk_norm is 0
layout(binding = 3) uniform samplerBuffer k_norm;
layout(binding = 4) uniform isamplerBuffer block_table;
layout(std430, binding = 5) writeonly buffer Q { vec4 q_out[]; };  // [T][n_head head_dim]
layout(std430, binding = 6) writeonly buffer K { vec4 kpool[]; };  // [block][slot][n_kv_head head_dim]
layout(std430, binding = 7) writeonly buffer V { vec4 vpool[]; };

layout(push_constant) uniform Push {
    uint T;
    uint n_head;
    uint n_kv_head;
    uint n_past;
    uint block_size;
    float eps;
    uint qk_norm;    // 1: normalise each query and key head first
    uint rope_row0;  // the table row of new token 0 (the passes of one forward share a table)
} pc;

void main() {
    const uint WG = gl_WorkGroupSize.x;
    const uint H4 = HD4 / 2u;  // vec4s in half a head
    uint h = gl_WorkGroupID.x;
    uint lid = gl_LocalInvocationID.x;
    bool is_q = h < pc.n_head;
    uint row4 = (pc.n_head + 2u * pc.n_kv_head) * HD4;
    uint kv4 = pc.n_kv_head * HD4;
    for (uint t = gl_WorkGroupID.y; t < pc.T; t += gl_NumWorkGroups.y) {
        // Query heads and then key heads lie one after the other in the row: head h at h * HD4.
        uint src = t * row4 + h * HD4;
        float scale = 1.0;
        if (pc.qk_norm != 0u) {
            vec4 s = vec4(0.0);
            for (uint d = lid; d < HD4; d += WG) {
                vec4 x = FETCH(qkv, src + d);
                s += x * x;
            }
            scale = inversesqrt(subgroupAdd(s.x + s.y + s.z + s.w) / float(HD4 * 4u) + pc.eps);
        }
        uint pos = pc.n_past + t;
        uint slot = (uint(FETCH_INT(block_table, pos / pc.block_size)) * pc.block_size +
                     pos % pc.block_size) * kv4;
        uint dst = is_q ? t * pc.n_head * HD4 + h * HD4 : slot + (h - pc.n_head) * HD4;
        for (uint j = lid; j < H4; j += WG) {
            vec4 a = FETCH(qkv, src + j) * scale;
            vec4 b = FETCH(qkv, src + H4 + j) * scale;
            if (pc.qk_norm != 0u) {
                a *= is_q ? FETCH(q_norm, j) : FETCH(k_norm, j);
                b *= is_q ? FETCH(q_norm, H4 + j) : FETCH(k_norm, H4 + j);
            }
            vec4 c = FETCH(rope, (pc.rope_row0 + t) * HD4 + j);
            vec4 s = FETCH(rope, (pc.rope_row0 + t) * HD4 + H4 + j);
            vec4 ra = a * c - b * s;
            vec4 rb = b * c + a * s;
            if (is_q) {
                q_out[dst + j] = ra;
                q_out[dst + H4 + j] = rb;
            } else {
                kpool[dst + j] = ra;
                kpool[dst + H4 + j] = rb;
            }
        }
        if (!is_q) {
            uint vsrc = t * row4 + (pc.n_kv_head + h) * HD4;  // value head h - n_head
            for (uint d = lid; d < HD4; d += WG) vpool[dst + d] = FETCH(qkv, vsrc + d);
        }
    }
}
