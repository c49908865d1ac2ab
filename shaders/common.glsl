// Shared by every kernel. Shapes arrive as push constants; workgroup sizes as specialization
// constants, so one SPIR-V serves a CPU driver and a GPU.
//
// Why inputs are texel buffers (samplerBuffer, texelFetch) and not storage buffers: lavapipe
// (Mesa 22) turns every storage-buffer or shared-memory load into a loop over the 8 SIMD lanes
// with a bounds check and a branch per lane, even when all lanes read the same address. Texel
// fetches go through its vectorised sampling code (a gather, or a broadcast). The matmul ran
// at 0.5 GFLOP/s through SSBO reads and at ~17 GFLOP/s through texel fetches. Outputs stay
// storage buffers: each is written once, after all the reads that fed it. A texel view also
// spans up to 2 GiB on lavapipe, against 128 MiB for a storage binding.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_EXT_control_flow_attributes : require

#define FETCH(tex, i) texelFetch(tex, int(i))
#define FETCH_INT(tex, i) texelFetch(tex, int(i)).x

// tanh-approximated GELU as GPT-2 uses it. tanh is spelled out through exp(-2|u|) because a
// naive (e^2u - 1) / (e^2u + 1) overflows to inf/inf = NaN for large |u| on some drivers.
float gelu_tanh(float x) {
    const float k = 0.7978845608028654;  // sqrt(2 / pi)
    float u = k * (x + 0.044715 * x * x * x);
    float e = exp(-2.0 * abs(u));
    float t = (1.0 - e) / (1.0 + e);
    return 0.5 * x * (1.0 + sign(u) * t);
}

vec4 gelu_tanh4(vec4 v) {
    return vec4(gelu_tanh(v.x), gelu_tanh(v.y), gelu_tanh(v.z), gelu_tanh(v.w));
}
