#version 450
// out[r,:] = (in[row0 + r,:] - mean) / sqrt(var + eps) * w + b, one subgroup per row (rows
// strided over the whole dispatch, so any subgroup size and workgroup count is correct).
// Two passes (mean, then variance about the mean) as the CPU twin does, so a large common
// offset does not cancel the variance away.
// With RMS defined, RMSNorm as the Llama family has it: out = in / sqrt(mean(in^2) + eps) * w
// (no mean taken away, no bias; binding 2 is not read).
#include "common.glsl"

layout(local_size_x_id = 0) in;

layout(binding = 0) uniform samplerBuffer in_tex;
layout(binding = 1) uniform samplerBuffer w;
layout(binding = 2) uniform samplerBuffer b;
layout(std430, binding = 3) writeonly buffer Out { vec4 outv[]; };

layout(push_constant) uniform Push {
    uint T;
    uint C4;
    uint row0;
    float eps;
} pc;

void main() {
    float C = float(pc.C4 * 4u);
    uint stride = gl_NumWorkGroups.x * gl_NumSubgroups;
    for (uint r = gl_WorkGroupID.x * gl_NumSubgroups + gl_SubgroupID; r < pc.T; r += stride) {
        uint base = (pc.row0 + r) * pc.C4;
#ifdef RMS
        const float mean = 0.0;
#else
        vec4 s = vec4(0.0);
        for (uint c = gl_SubgroupInvocationID; c < pc.C4; c += gl_SubgroupSize) {
            s += FETCH(in_tex, base + c);
        }
        float mean = subgroupAdd(s.x + s.y + s.z + s.w) / C;
#endif
        vec4 q = vec4(0.0);
        for (uint c = gl_SubgroupInvocationID; c < pc.C4; c += gl_SubgroupSize) {
            vec4 d = FETCH(in_tex, base + c) - mean;
            q += d * d;
        }
        float rstd = inversesqrt(subgroupAdd(q.x + q.y + q.z + q.w) / C + pc.eps);
        uint obase = r * pc.C4;
        for (uint c = gl_SubgroupInvocationID; c < pc.C4; c += gl_SubgroupSize) {
#ifdef RMS
            outv[obase + c] = FETCH(in_tex, base + c) * rstd * FETCH(w, c);
#else
            outv[obase + c] = (FETCH(in_tex, base + c) - mean) * rstd * FETCH(w, c) + FETCH(b, c);
#endif
        }
    }
}
