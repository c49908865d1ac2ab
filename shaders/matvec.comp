#version 450
// out[t,:] = in[t,:] @ w[K,N] + bias, then the epilogue, for a handful of rows (decode: 1; the
// suffix after a cache hit: ROWS at a time). A tiled kernel wastes most of its lanes at one row;
// here the lanes walk consecutive vec4 columns of `w` (contiguous memory) and `in[t,k]` is the
// same for every lane. Each lane keeps ROWS rows of sums, so every vec4 of `w` it loads feeds
// ROWS rows: at ROWS = 8 a lane does 32 FMAs per 12 loads, against 4 per 5 at one row.
// KS > 1 splits K across local_size_y slices reduced through shared memory: useful on a GPU,
// where N/4 columns alone do not fill the machine; on lavapipe KS = 1 (shared loads are lane by
// lane).
#include "common.glsl"

#ifndef ROWS
#define ROWS 1  // rows per workgroup (compile-time: the sums are an unrolled register array)
#endif

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

shared vec4 partial[gl_WorkGroupSize.x * gl_WorkGroupSize.y * ROWS];

void main() {
    const uint KS = gl_WorkGroupSize.y;
    const uint WGX = gl_WorkGroupSize.x;
    uint t0 = gl_WorkGroupID.y * ROWS;
    uint c = gl_WorkGroupID.x * WGX + gl_LocalInvocationID.x;
    uint cc = min(c, pc.N4 - 1u);
    uint s = gl_LocalInvocationID.y;
    uint abase[ROWS];
    [[unroll]] for (uint r = 0; r < ROWS; ++r) abase[r] = min(t0 + r, pc.T - 1u) * pc.K4;
    vec4 acc[ROWS];
#if ROWS == 1
    // Two chains of sums, so consecutive FMAs do not wait on each other.
    vec4 acc1 = vec4(0.0);
#endif
    [[unroll]] for (uint r = 0; r < ROWS; ++r) acc[r] = vec4(0.0);
    for (uint k4 = s; k4 < pc.K4; k4 += KS) {
        uint wi = 4u * k4 * pc.N4 + cc;
        vec4 w0 = FETCH(w, wi);
        vec4 w1 = FETCH(w, wi + pc.N4);
        vec4 w2 = FETCH(w, wi + 2u * pc.N4);
        vec4 w3 = FETCH(w, wi + 3u * pc.N4);
#if ROWS == 1
        vec4 a = FETCH(in_tex, abase[0] + k4);
        acc[0] += a.x * w0 + a.y * w1;
        acc1 += a.z * w2 + a.w * w3;
#else
        [[unroll]] for (uint r = 0; r < ROWS; ++r) {
            vec4 a = FETCH(in_tex, abase[r] + k4);
            acc[r] += a.x * w0 + a.y * w1 + a.z * w2 + a.w * w3;
        }
#endif
    }
#if ROWS == 1
    acc[0] += acc1;
#endif
    if (KS > 1u) {
        [[unroll]] for (uint r = 0; r < ROWS; ++r)
            partial[(s * ROWS + r) * WGX + gl_LocalInvocationID.x] = acc[r];
        barrier();
        if (s != 0u) return;
        for (uint j = 1u; j < KS; ++j) {
            [[unroll]] for (uint r = 0; r < ROWS; ++r)
                acc[r] += partial[(j * ROWS + r) * WGX + gl_LocalInvocationID.x];
        }
    }
    if (c >= pc.N4) return;
    vec4 b = FETCH(bias, c);
    [[unroll]] for (uint r = 0; r < ROWS; ++r) {
        if (t0 + r < pc.T) store_out(t0 + r, c, pc.N4, acc[r] + b);
    }
}
