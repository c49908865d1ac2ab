#version 450
// out[t,:] = in[t,:] @ w[K,N] + bias, then the epilogue, for a handful of rows (decode: 1).
// A tiled kernel wastes most of its lanes at one row; here the lanes walk consecutive vec4
// columns of `w` (contiguous memory) and `in[t,k]` is the same for every lane. KS > 1 splits
// K across local_size_y slices reduced through shared memory: useful on a GPU, where N/4
// columns alone do not fill the machine; on lavapipe KS = 1 (shared loads are lane by lane).
#include "common.glsl"

layout(local_size_x_id = 0, local_size_y_id = 1) in;

layout(binding = 0) uniform samplerBuffer in_tex;
layout(binding = 1) uniform samplerBuffer w;

layout(push_constant) uniform Push {
    uint T;
    uint K4;
    uint N4;
    uint n_past;
    uint block_size;
} pc;

#include "epilogue.glsl"

shared vec4 partial[gl_WorkGroupSize.x * gl_WorkGroupSize.y];

void main() {
    const uint KS = gl_WorkGroupSize.y;
    uint t = gl_WorkGroupID.y;
    uint c = gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    uint cc = min(c, pc.N4 - 1u);
    uint s = gl_LocalInvocationID.y;
    uint abase = t * pc.K4;
    vec4 acc0 = vec4(0.0), acc1 = vec4(0.0);
    for (uint k4 = s; k4 < pc.K4; k4 += KS) {
        vec4 a = FETCH(in_tex, abase + k4);
        uint wi = 4u * k4 * pc.N4 + cc;
        // Two chains of sums, so consecutive FMAs do not wait on each other.
        acc0 += a.x * FETCH(w, wi) + a.y * FETCH(w, wi + pc.N4);
        acc1 += a.z * FETCH(w, wi + 2u * pc.N4) + a.w * FETCH(w, wi + 3u * pc.N4);
    }
    vec4 acc = acc0 + acc1;
    if (KS > 1u) {
        partial[s * gl_WorkGroupSize.x + gl_LocalInvocationID.x] = acc;
        barrier();
        if (s != 0u) return;
        for (uint j = 1u; j < KS; ++j) acc += partial[j * gl_WorkGroupSize.x + gl_LocalInvocationID.x];
    }
    if (c < pc.N4) store_out(t, c, pc.N4, acc + FETCH(bias, c));
}
