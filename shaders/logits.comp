#version 450
// logits[v0 + r] = x . wte[r,:] for the rows r of one bound range of the tied head.
// Lanes take different vocabulary rows and all read the same x (a broadcast).
#include "common.glsl"

layout(local_size_x_id = 0) in;

layout(binding = 0) uniform samplerBuffer x;
layout(binding = 1) uniform samplerBuffer wte;
layout(std430, binding = 2) writeonly buffer Out { float logits[]; };

layout(push_constant) uniform Push {
    uint C4;
    uint rows;
    uint v0;
} pc;

void main() {
    uint r = gl_GlobalInvocationID.x;
    uint base = min(r, pc.rows - 1u) * pc.C4;
    vec4 acc0 = vec4(0.0), acc1 = vec4(0.0);
    uint k = 0;
    for (; k + 1u < pc.C4; k += 2u) {
        acc0 += FETCH(x, k) * FETCH(wte, base + k);
        acc1 += FETCH(x, k + 1u) * FETCH(wte, base + k + 1u);
    }
    if (k < pc.C4) acc0 += FETCH(x, k) * FETCH(wte, base + k);
    vec4 acc = acc0 + acc1;
    if (r < pc.rows) logits[pc.v0 + r] = acc.x + acc.y + acc.z + acc.w;
}
