// What a matmul does with a finished vec4 of out[t, 4*c4 .. 4*c4+3] (bias already added):
//   EPI_GELU      out = gelu(v)                    (the MLP's first layer)
//   EPI_RESIDUAL  out += v                         (attention projection, MLP's second layer:
//                                                   `out` is the residual stream itself)
//   EPI_QKV       out = v, and the K and V thirds also go to their paged KV slot: position
//                 n_past + t lives in block block_table[pos / block_size], slot pos % block_size;
//                 pool layout per layer [block][slot][C]
//   otherwise     out = v
// Bindings: 0 in, 1 w, 2 bias (texel buffers), 3 out; EPI_QKV adds 4 block_table (int texel
// buffer), 5 K pool, 6 V pool (storage buffers).

layout(binding = 2) uniform samplerBuffer bias;
#ifdef EPI_RESIDUAL
layout(std430, binding = 3) buffer Out { vec4 outv[]; };
#else
layout(std430, binding = 3) writeonly buffer Out { vec4 outv[]; };
#endif
#ifdef EPI_QKV
layout(binding = 4) uniform isamplerBuffer block_table;
layout(std430, binding = 5) writeonly buffer KPool { vec4 kpool[]; };
layout(std430, binding = 6) writeonly buffer VPool { vec4 vpool[]; };
#endif

void store_out(uint t, uint c4, uint N4, vec4 v) {
    uint i = t * N4 + c4;
#if defined(EPI_GELU)
    outv[i] = gelu_tanh4(v);
#elif defined(EPI_RESIDUAL)
    outv[i] += v;
#else
    outv[i] = v;
#endif
#ifdef EPI_QKV
    uint C4 = N4 / 3u;
    uint part = c4 / C4;
    if (part > 0u) {
        uint pos = pc.n_past + t;
        uint blk = uint(FETCH_INT(block_table, pos / pc.block_size));
        uint j = (blk * pc.block_size + pos % pc.block_size) * C4 + (c4 - part * C4);
        if (part == 1u) {
            kpool[j] = v;
        } else {
            vpool[j] = v;
        }
    }
#endif
}
