#version 450
// out[T,N] = in[T,K] @ w[K,N] + bias[N], then the epilogue (epilogue.glsl). Prefill kernel.
//
// Register-blocked without shared memory, shaped for lavapipe, where a workgroup runs on one
// CPU thread and its 8-wide subgroups are SIMD registers: the lanes of a workgroup walk
// different rows of `in` while every lane reads the same TN4 vec4s of a row of `w`, and each
// invocation keeps a TM x TN4 vec4 tile of sums. Shared-memory tiling buys nothing on a CPU
// (it is ordinary memory, and lavapipe loads it lane by lane) and costs a coroutine switch per
// barrier. On a GPU the shared reads of `w` are cache broadcasts.
// Needs K % 4 == 0 and N % 4 == 0 (all GPT-2 widths are multiples of 64).
#include "common.glsl"

// Tile sizes are compile-time, not specialization constants: lavapipe keeps a register tile in
// registers only when every loop over it is unrolled with constant indices.
#ifndef TM
#define TM 4  // rows per invocation (strided by the workgroup size)
#endif
#ifndef TN4
#define TN4 4  // vec4 columns per invocation (the same for every lane of the workgroup)
#endif

layout(local_size_x_id = 0) in;

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

void main() {
    const uint WG = gl_WorkGroupSize.x;
    uint c0 = gl_WorkGroupID.x * TN4;
    uint r0 = gl_WorkGroupID.y * WG * TM + gl_LocalInvocationID.x;
    // A short prefill (a cache hit leaves only the suffix) fills few rows of the tile: lanes whose
    // rows all lie past T leave now, so whole 8-lane subgroups skip the K loop instead of
    // recomputing clamped duplicates of the last row. No barrier follows, so this is safe.
    if (r0 >= pc.T) return;
    uint rows[TM];
    [[unroll]] for (uint i = 0; i < TM; ++i) rows[i] = min(r0 + i * WG, pc.T - 1u) * pc.K4;
    uint cols[TN4];
    [[unroll]] for (uint n = 0; n < TN4; ++n) cols[n] = min(c0 + n, pc.N4 - 1u);

    vec4 acc[TM * TN4];
    [[unroll]] for (uint i = 0; i < TM * TN4; ++i) acc[i] = vec4(0.0);

    for (uint k4 = 0; k4 < pc.K4; ++k4) {
        vec4 a[TM];
        [[unroll]] for (uint i = 0; i < TM; ++i) a[i] = FETCH(in_tex, rows[i] + k4);
        uint wrow = 4u * k4 * pc.N4;
        [[unroll]] for (uint n = 0; n < TN4; ++n) {
            vec4 w0 = FETCH(w, wrow + cols[n]);
            vec4 w1 = FETCH(w, wrow + pc.N4 + cols[n]);
            vec4 w2 = FETCH(w, wrow + 2u * pc.N4 + cols[n]);
            vec4 w3 = FETCH(w, wrow + 3u * pc.N4 + cols[n]);
            [[unroll]] for (uint i = 0; i < TM; ++i) {
                acc[i * TN4 + n] += a[i].x * w0 + a[i].y * w1 + a[i].z * w2 + a[i].w * w3;
            }
        }
    }

    [[unroll]] for (uint i = 0; i < TM; ++i) {
        uint r = r0 + i * WG;
        if (r >= pc.T) continue;
        [[unroll]] for (uint n = 0; n < TN4; ++n) {
            uint c = c0 + n;
            if (c < pc.N4) store_out(r, c, pc.N4, acc[i * TN4 + n] + FETCH(bias, c));
        }
    }
}
