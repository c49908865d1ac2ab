#version 450
// out[t,:] = wte[tokens[tok0 + t],:] + wpe[pos0 + t,:]; with NO_POSITIONS defined (a model
// with rotary positions) out[t,:] = wte[tokens[tok0 + t],:] and binding 2 is not read.
// wte may be bound one row range at a time ([v0, v1)) when it is larger than one texel view
// may span; each token is in exactly one range, so every output row is written exactly once.
#include "common.glsl"

layout(local_size_x = 64) in;

layout(binding = 0) uniform isamplerBuffer tokens;
layout(binding = 1) uniform samplerBuffer wte;
layout(binding = 2) uniform samplerBuffer wpe;
layout(std430, binding = 3) writeonly buffer Out { vec4 outv[]; };

layout(push_constant) uniform Push {
    uint T;
    uint C4;
    uint pos0;
    uint tok0;
    uint v0;
    uint v1;
} pc;

void main() {
    uint c = gl_GlobalInvocationID.x;
    uint t = gl_GlobalInvocationID.y;
    if (c >= pc.C4 || t >= pc.T) return;
    uint tok = uint(FETCH_INT(tokens, pc.tok0 + t));
    if (tok < pc.v0 || tok >= pc.v1) return;
#ifdef NO_POSITIONS
    outv[t * pc.C4 + c] = FETCH(wte, (tok - pc.v0) * pc.C4 + c);
#else
    outv[t * pc.C4 + c] = FETCH(wte, (tok - pc.v0) * pc.C4 + c) + FETCH(wpe, (pc.pos0 + t) * pc.C4 + c);
#endif
}
