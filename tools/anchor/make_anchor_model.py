#!/usr/bin/env python3
"""One set of random weights shaped like SmolLM2-135M, written twice: as the Hugging Face folder
PrefixLens reads (SPEC 5.1) and as the GGUF file llama.cpp reads, so both run the same model.

    make_anchor_model.py --out DIR [--dtype f32|f16|bf16] [--gguf-py LLAMA_CPP/gguf-py] [--seed N]

DIR/hf/ gets config.json, model.safetensors, tokenizer.json and tokenizer_config.json; with
--gguf-py (the gguf package of a llama.cpp checkout: it needs only NumPy) DIR/model.gguf too.
The weights are N(0, 0.02) draws, so the numbers mean nothing: the files are for timing. The
tokenizer is a byte-level BPE of the model's vocabulary size whose merges are made up.
"""
import argparse
import json
import os
import sys

import numpy as np

# The safetensors writer, the bfloat16 rounding and GPT-2's byte alphabet of the tests' NumPy
# reference (tests/golden/llama_reference.py), so both write folders the same way.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests",
                                "golden"))
from llama_reference import (CHATML, bytes_to_unicode, stored, to_bf16_bits,  # noqa: E402
                             tokenizer_document, write_safetensors)

# SmolLM2-135M's shape (its config.json): 30 layers, 576 wide, 9 query heads sharing 3 KV heads
# of 64, a 1,536-wide SwiGLU MLP, 49,152 tokens, tied embeddings.
SHAPE = dict(hidden=576, ffn=1536, layers=30, heads=9, kv_heads=3, head_dim=64, vocab=49152,
             rope_theta=100000.0, eps=1e-5, context=8192)
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]


def make_vocab(size, rng):
    """Special tokens, the 256 bytes, then merges of random pairs of earlier tokens until the
    vocabulary has `size` entries (a pair whose join is already a token is drawn again)."""
    alphabet = bytes_to_unicode()
    tokens = list(SPECIALS) + [alphabet[b] for b in range(256)]
    known = set(tokens)
    merges = []
    # Merge among short tokens mostly, as real vocabularies do.
    while len(tokens) < size:
        hi = len(tokens)
        a = tokens[int(rng.integers(len(SPECIALS), hi))]
        b = tokens[int(rng.integers(len(SPECIALS), hi))]
        joined = a + b
        if joined in known or len(joined) > 16:
            continue
        known.add(joined)
        tokens.append(joined)
        merges.append(a + " " + b)
    return tokens, merges


def weights(rng):
    s = SHAPE
    q_rows, kv_rows = s["heads"] * s["head_dim"], s["kv_heads"] * s["head_dim"]

    def normal(*shape):
        return (rng.standard_normal(shape, dtype=np.float32) * 0.02).astype(np.float32)

    w = {"model.embed_tokens.weight": normal(s["vocab"], s["hidden"]),
         "model.norm.weight": np.ones(s["hidden"], np.float32)}
    for i in range(s["layers"]):
        p = f"model.layers.{i}."
        w[p + "input_layernorm.weight"] = np.ones(s["hidden"], np.float32)
        w[p + "post_attention_layernorm.weight"] = np.ones(s["hidden"], np.float32)
        w[p + "self_attn.q_proj.weight"] = normal(q_rows, s["hidden"])
        w[p + "self_attn.k_proj.weight"] = normal(kv_rows, s["hidden"])
        w[p + "self_attn.v_proj.weight"] = normal(kv_rows, s["hidden"])
        w[p + "self_attn.o_proj.weight"] = normal(s["hidden"], q_rows)
        w[p + "mlp.gate_proj.weight"] = normal(s["ffn"], s["hidden"])
        w[p + "mlp.up_proj.weight"] = normal(s["ffn"], s["hidden"])
        w[p + "mlp.down_proj.weight"] = normal(s["hidden"], s["ffn"])
    return w


def write_hf(folder, w, tokens, merges, dtype):
    s = SHAPE
    os.makedirs(folder, exist_ok=True)
    config = {"architectures": ["LlamaForCausalLM"], "model_type": "llama",
              "hidden_size": s["hidden"], "intermediate_size": s["ffn"],
              "num_hidden_layers": s["layers"], "num_attention_heads": s["heads"],
              "num_key_value_heads": s["kv_heads"], "head_dim": s["head_dim"],
              "vocab_size": s["vocab"], "max_position_embeddings": s["context"],
              "rms_norm_eps": s["eps"], "rope_theta": s["rope_theta"], "rope_scaling": None,
              "tie_word_embeddings": True, "hidden_act": "silu", "attention_bias": False,
              "bos_token_id": 1, "eos_token_id": 2,
              "torch_dtype": {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}[dtype]}
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    kind = {"f32": "F32", "f16": "F16", "bf16": "BF16"}[dtype]
    write_safetensors(os.path.join(folder, "model.safetensors"),
                      [(name, kind, a.shape, stored(a, kind)[0]) for name, a in w.items()])
    tok = tokenizer_document({t: i for i, t in enumerate(tokens)}, merges, list(enumerate(SPECIALS)))
    with open(os.path.join(folder, "tokenizer.json"), "w") as f:
        json.dump(tok, f, ensure_ascii=False)
    with open(os.path.join(folder, "tokenizer_config.json"), "w") as f:
        json.dump({"chat_template": CHATML, "bos_token": "<|im_start|>",
                   "eos_token": "<|im_end|>", "model_max_length": s["context"]}, f, indent=2)


def interleave_rope_rows(m, heads):
    """Transformers rotates the two halves of each head (rotate-half); llama.cpp's llama graph
    rotates neighbouring pairs. Reordering each head's rows from (first half, second half) to
    alternating pairs makes the GGUF compute what the Hugging Face folder does."""
    rows, cols = m.shape
    d = rows // heads
    return m.reshape(heads, 2, d // 2, cols).transpose(0, 2, 1, 3).reshape(rows, cols)


def write_gguf(path, gguf_py, w, tokens, merges, dtype):
    sys.path.insert(0, gguf_py)
    try:
        import sentencepiece  # noqa: F401
    except ImportError:
        # gguf's package imports SentencePiece for vocabularies of that kind at load time; this
        # model's is BPE, so a stand-in lets the package load where SentencePiece is missing.
        import types
        stand_in = types.ModuleType("sentencepiece")
        stand_in.SentencePieceProcessor = None
        sys.modules["sentencepiece"] = stand_in
    import gguf  # llama.cpp's own package, from the checkout named by --gguf-py

    s = SHAPE
    out = gguf.GGUFWriter(path, "llama")
    out.add_name("anchor-smollm2-135m-shaped")
    out.add_context_length(s["context"])
    out.add_embedding_length(s["hidden"])
    out.add_block_count(s["layers"])
    out.add_feed_forward_length(s["ffn"])
    out.add_head_count(s["heads"])
    out.add_head_count_kv(s["kv_heads"])
    out.add_rope_freq_base(s["rope_theta"])
    out.add_layer_norm_rms_eps(s["eps"])
    out.add_rope_dimension_count(s["head_dim"])
    out.add_vocab_size(s["vocab"])
    out.add_file_type({"f32": gguf.LlamaFileType.ALL_F32, "f16": gguf.LlamaFileType.MOSTLY_F16,
                       "bf16": gguf.LlamaFileType.MOSTLY_BF16}[dtype])
    out.add_tokenizer_model("gpt2")
    out.add_tokenizer_pre("default")
    out.add_token_list(tokens)
    out.add_token_types([gguf.TokenType.CONTROL if t in SPECIALS else gguf.TokenType.NORMAL
                         for t in tokens])
    out.add_token_merges(merges)
    out.add_bos_token_id(1)
    out.add_eos_token_id(2)
    names = {"model.embed_tokens.weight": "token_embd.weight", "model.norm.weight": "output_norm.weight"}
    per_layer = {"input_layernorm.weight": "attn_norm.weight",
                 "post_attention_layernorm.weight": "ffn_norm.weight",
                 "self_attn.q_proj.weight": "attn_q.weight", "self_attn.k_proj.weight": "attn_k.weight",
                 "self_attn.v_proj.weight": "attn_v.weight",
                 "self_attn.o_proj.weight": "attn_output.weight",
                 "mlp.gate_proj.weight": "ffn_gate.weight", "mlp.up_proj.weight": "ffn_up.weight",
                 "mlp.down_proj.weight": "ffn_down.weight"}
    for name, a in w.items():
        if name in names:
            gname = names[name]
        else:
            i, rest = name[len("model.layers."):].split(".", 1)
            gname = f"blk.{i}.{per_layer[rest]}"
        if rest_is(name, "q_proj"):
            a = interleave_rope_rows(a, s["heads"])
        elif rest_is(name, "k_proj"):
            a = interleave_rope_rows(a, s["kv_heads"])
        if a.ndim == 1 or dtype == "f32":  # norms stay F32, as llama.cpp's converter keeps them
            out.add_tensor(gname, a.astype(np.float32))
        elif dtype == "f16":
            out.add_tensor(gname, a.astype(np.float16))
        else:
            out.add_tensor(gname, to_bf16_bits(a), raw_dtype=gguf.GGMLQuantizationType.BF16)
    out.write_header_to_file()
    out.write_kv_data_to_file()
    out.write_tensors_to_file()
    out.close()


def rest_is(name, proj):
    return name.endswith(f"self_attn.{proj}.weight")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--dtype", choices=["f32", "f16", "bf16"], default="f32")
    ap.add_argument("--gguf-py", help="llama.cpp's gguf-py folder; without it no GGUF is written")
    ap.add_argument("--seed", type=int, default=135)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    tokens, merges = make_vocab(SHAPE["vocab"], rng)
    w = weights(rng)
    write_hf(os.path.join(a.out, "hf"), w, tokens, merges, a.dtype)
    if a.gguf_py:
        write_gguf(os.path.join(a.out, "model.gguf"), a.gguf_py, w, tokens, merges, a.dtype)
    print(f"wrote {a.out} ({a.dtype})")


if __name__ == "__main__":
    main()
