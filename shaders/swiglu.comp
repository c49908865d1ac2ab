#version 450
// The SwiGLU gate of a Llama-family MLP: out[t, j] = silu(gate[t, j]) * up[t, j], where each
// row of `in` holds the gate projection's F values and then the up projection's F (one matmul
// with both weights side by side made them). silu(g) = g / (1 + e^-g): for very negative g the
// denominator overflows to infinity and the quotient is 0, as it should be.
#include "common.glsl"

layout(local_size_x = 64) in;

layout(binding = 0) uniform samplerBuffer in_tex;  // [T][gate F | up F]
layout(std430, binding = 1) writeonly buffer Out { vec4 outv[]; };  // [T][F]

layout(push_constant) uniform Push {
    uint T;
    uint F4;
} pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.F4) return;
    for (uint t = gl_WorkGroupID.y; t < pc.T; t += gl_NumWorkGroups.y) {
        vec4 g = FETCH(in_tex, t * 2u * pc.F4 + i);
        vec4 u = FETCH(in_tex, t * 2u * pc.F4 + pc.F4 + i);
        outv[t * pc.F4 + i] = g / (1.0 + exp(-g)) * u;
    }
}
