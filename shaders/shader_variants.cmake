# Kernel variants compiled from one source with -D defines (see CMakeLists.txt here).
# matmul/matvec epilogues: plain (bias), GELU, residual add, and QKV (also writes the paged KV).
# The matmul register tile (TM rows x TN4 vec4 columns per invocation) is fixed here; the
# dispatch size in engine/vulkan/gpt_kernels.cpp (kMatmulTM, kMatmulTN4) must match.
set(PL_MATMUL_TILE TM=4 TN4=4)
list(APPEND PL_VARIANT_SOURCES matmul.comp matvec.comp)
pl_shader_variant(matmul matmul.comp ${PL_MATMUL_TILE})
pl_shader_variant(matmul_gelu matmul.comp ${PL_MATMUL_TILE} EPI_GELU=1)
pl_shader_variant(matmul_residual matmul.comp ${PL_MATMUL_TILE} EPI_RESIDUAL=1)
pl_shader_variant(matmul_qkv matmul.comp ${PL_MATMUL_TILE} EPI_QKV=1)
# A wider tile for CPU implementations of Vulkan (lavapipe): 8 rows x 8 vec4 columns per lane,
# run with one 8-lane subgroup per workgroup. Every w fetch (the same texel for all lanes, which
# lavapipe still gathers lane by lane) then feeds 8 rows instead of 4 and every row fetch 32
# columns instead of 16: measured on llvmpipe at 512 rows, 1.3-1.5x less CPU time per matmul than
# the 4 x 4 tile, even though most of the 64 accumulators live on the stack. A GPU keeps 4 x 4
# (registers and occupancy). gpt_kernels.cpp (kWideTM, kWideTN4) must match.
set(PL_MATMUL_WIDE_TILE TM=8 TN4=8)
pl_shader_variant(matmul_wide matmul.comp ${PL_MATMUL_WIDE_TILE})
pl_shader_variant(matmul_wide_gelu matmul.comp ${PL_MATMUL_WIDE_TILE} EPI_GELU=1)
pl_shader_variant(matmul_wide_residual matmul.comp ${PL_MATMUL_WIDE_TILE} EPI_RESIDUAL=1)
pl_shader_variant(matmul_wide_qkv matmul.comp ${PL_MATMUL_WIDE_TILE} EPI_QKV=1)
# A one-row tile for short prefills (the suffix after a cache hit): with TM=4 a lane would
# recompute clamped copies of the last row for every row past T.
pl_shader_variant(matmul_small matmul.comp TM=1 TN4=4)
pl_shader_variant(matmul_small_gelu matmul.comp TM=1 TN4=4 EPI_GELU=1)
pl_shader_variant(matmul_small_residual matmul.comp TM=1 TN4=4 EPI_RESIDUAL=1)
pl_shader_variant(matmul_small_qkv matmul.comp TM=1 TN4=4 EPI_QKV=1)
pl_shader_variant(matvec matvec.comp)
pl_shader_variant(matvec_gelu matvec.comp EPI_GELU=1)
pl_shader_variant(matvec_residual matvec.comp EPI_RESIDUAL=1)
pl_shader_variant(matvec_qkv matvec.comp EPI_QKV=1)
# Eight rows per workgroup, for the short prefill after a cache hit; the dispatch in
# engine/vulkan/gpt_kernels.cpp (kMatvecRows) must match.
set(PL_MATVEC_ROWS ROWS=8)
pl_shader_variant(matvec_rows matvec.comp ${PL_MATVEC_ROWS})
pl_shader_variant(matvec_rows_gelu matvec.comp ${PL_MATVEC_ROWS} EPI_GELU=1)
pl_shader_variant(matvec_rows_residual matvec.comp ${PL_MATVEC_ROWS} EPI_RESIDUAL=1)
pl_shader_variant(matvec_rows_qkv matvec.comp ${PL_MATVEC_ROWS} EPI_QKV=1)
# Attention with four queries per workgroup (kAttentionRows), for the same short prefills.
list(APPEND PL_VARIANT_SOURCES attention_decode.comp)
pl_shader_variant(attention_decode attention_decode.comp)
pl_shader_variant(attention_rows attention_decode.comp ROWS=4)
# One decode layer in two dispatches (decode_layer.comp says why a CPU driver wants it).
list(APPEND PL_VARIANT_SOURCES decode_layer.comp)
pl_shader_variant(decode_attention decode_layer.comp STAGE_ATTN=1)
pl_shader_variant(decode_residual_ln decode_layer.comp STAGE_RESLN=1)
pl_shader_variant(decode_mlp decode_layer.comp STAGE_MLP=1)
# RMSNorm (the Llama family) from the LayerNorm source; token embeddings without learned
# positions (rotary models) from the embedding source.
list(APPEND PL_VARIANT_SOURCES layernorm.comp embedding.comp)
pl_shader_variant(layernorm layernorm.comp)
pl_shader_variant(rmsnorm layernorm.comp RMS=1)
pl_shader_variant(embedding embedding.comp)
pl_shader_variant(embedding_tokens embedding.comp NO_POSITIONS=1)
