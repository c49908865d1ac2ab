#!/usr/bin/python3
"""Golden data for the Llama-family forward of PrefixLens's CPU twin, from NumPy alone.

Writes a small random-weight Hugging Face model folder (config.json, safetensors written here by
hand, optionally sharded with model.safetensors.index.json, and a minimal byte-level BPE
tokenizer.json), then computes the last position's logits of a token sequence in float64,
straight from the architecture's definition (RMSNorm, rotary positions in the rotate-half layout
with optional llama3 frequency scaling, grouped-query attention, SwiGLU, q/k/v biases, per-head
q/k norm, tied or untied head). It shares no code with the C++ engine.

  llama_reference.py OUT_DIR CASE LENGTHS

writes OUT_DIR/<model files> and OUT_DIR/reference.json:
  {"tokens": [...], "logits": {"<n>": [vocab floats of position n-1 after tokens[:n]]}}.
"""
import json
import os
import struct
import sys

import numpy as np

# Each case: the config fields that differ from the base, how weights are stored, and sharding.
BASE = {
    "hidden_size": 64,
    "intermediate_size": 128,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "vocab_size": 320,
    "max_position_embeddings": 8192,  # a built-in scenario's prompts in this small vocabulary
    "rms_norm_eps": 1e-6,
    "rope_theta": 10000.0,
    "hidden_act": "silu",
    "tie_word_embeddings": False,
}
CASES = {
    # grouped-query attention: 4 query heads over 2 KV heads, untied head, F32
    "llama_gqa": ({"model_type": "llama"}, "F32", 1),
    # multi-query (one KV head), head_dim given and wider than hidden / heads, tied, F16
    "llama_mqa_tied": ({"model_type": "llama", "num_key_value_heads": 1, "head_dim": 32,
                        "tie_word_embeddings": True}, "F16", 1),
    # Llama 3.1's frequency scaling, all three bands of it at head_dim 16, BF16, three layers
    "llama3_scaling": ({"model_type": "llama", "num_hidden_layers": 3,
                        "rope_theta": 500000.0,
                        "rope_scaling": {"rope_type": "llama3", "factor": 8.0,
                                         "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                         "original_max_position_embeddings": 64}}, "BF16", 1),
    # Qwen2: biases on q, k and v (not o), tied, in two shards with an index
    "qwen2_bias": ({"model_type": "qwen2", "hidden_size": 96, "num_attention_heads": 6,
                    "num_key_value_heads": 2, "tie_word_embeddings": True,
                    "use_sliding_window": False, "sliding_window": 32}, "F32", 2),
    # the same with its weights in BF16: the 16-bit matrices with f32 biases beside them
    "qwen2_bias_bf16": ({"model_type": "qwen2", "hidden_size": 96, "num_attention_heads": 6,
                         "num_key_value_heads": 2, "tie_word_embeddings": True,
                         "use_sliding_window": False, "sliding_window": 32}, "BF16", 2),
    # Qwen3: per-head RMSNorm of q and k, head_dim 32 given, BF16, three shards
    "qwen3_qknorm": ({"model_type": "qwen3", "head_dim": 32, "num_hidden_layers": 3,
                      "rope_theta": 1000000.0, "attention_bias": False}, "BF16", 3),
    # Mistral without a sliding window, F16
    "mistral": ({"model_type": "mistral", "sliding_window": None}, "F16", 1),
    # Llama with attention_bias and mlp_bias: biases on q, k, v, o, gate, up and down
    "llama_biases": ({"model_type": "llama", "attention_bias": True, "mlp_bias": True}, "F32",
                     1),
}


CHATML = ("{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}"
          "{{ '<|im_start|>system\nYou are a helpful AI assistant<|im_end|>\n' }}{% endif %}"
          "{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}"
          "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}")


# ---- storage -------------------------------------------------------------------------------

def to_bf16_bits(a):
    """float32 -> bfloat16 bit patterns, rounding to nearest even."""
    bits = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def stored(a, dtype):
    """The tensor as the file holds it: its bytes, and its values as float64."""
    a = np.asarray(a, dtype=np.float32)
    if dtype == "F32":
        return a.astype("<f4").tobytes(), a.astype(np.float64)
    if dtype == "F16":
        h = a.astype("<f2")
        return h.tobytes(), h.astype(np.float64)
    if dtype == "BF16":
        b = to_bf16_bits(a)
        back = (b.astype(np.uint32) << 16).view(np.float32)
        return b.astype("<u2").tobytes(), back.astype(np.float64)
    raise ValueError(dtype)


def write_safetensors(path, tensors):
    """tensors: list of (name, dtype, shape, bytes). The format: an 8-byte little-endian header
    length, a JSON header with each tensor's dtype, shape and [begin, end) in the data, the data."""
    header = {"__metadata__": {"format": "pt"}}
    offset = 0
    for name, dtype, shape, data in tensors:
        header[name] = {"dtype": dtype, "shape": list(shape),
                        "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for _, _, _, data in tensors:
            f.write(data)


def bytes_to_unicode():
    """GPT-2's printable spelling of every byte, as byte-level BPE vocabularies use it."""
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAC + 1)) + \
        list(range(0xAE, 0xFF + 1))
    chars = keep[:]
    n = 0
    for b in range(256):
        if b not in keep:
            keep.append(b)
            chars.append(256 + n)
            n += 1
    return dict(zip(keep, [chr(c) for c in chars]))


def tokenizer_document(vocab, merges, specials):
    """A byte-level BPE tokenizer.json: GPT-2's split, the vocabulary and merges, and the
    (id, text) special tokens as added tokens matched whole."""
    added = [{"id": i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": False, "special": True} for i, t in specials]
    return {
        "version": "1.0",
        "added_tokens": added,
        "normalizer": None,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
                          "use_regex": True},
        "post_processor": None,
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                    "use_regex": True},
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": None, "end_of_word_suffix": None,
                  "fuse_unk": False, "byte_fallback": False, "vocab": vocab, "merges": merges},
    }


def write_tokenizer(path):
    """256 byte tokens, a few merges, and ChatML's special tokens as added tokens."""
    spell = bytes_to_unicode()
    vocab = {spell[b]: b for b in range(256)}
    merges = []
    for left, right in [("h", "e"), ("l", "l"), ("he", "ll"), ("\u0120", "t"), ("o", "n")]:
        vocab[left + right] = len(vocab)
        merges.append(left + " " + right)
    specials = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
    doc = tokenizer_document(vocab, merges, [(len(vocab) + i, t) for i, t in enumerate(specials)])
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)


# ---- the model -----------------------------------------------------------------------------

def make_weights(cfg, rng):
    """Random weights by checkpoint name, [out, in] as Transformers stores them."""
    C = cfg["hidden_size"]
    H = cfg["num_attention_heads"]
    KVH = cfg.get("num_key_value_heads", H)
    hd = cfg.get("head_dim") or C // H
    F = cfg["intermediate_size"]
    V = cfg["vocab_size"]
    family = cfg["model_type"]
    qkv_bias = family == "qwen2" or cfg.get("attention_bias", False)
    o_bias = family != "qwen2" and cfg.get("attention_bias", False)

    def mat(out, inp):
        return rng.standard_normal((out, inp)) / np.sqrt(inp)

    def norm_w(n):
        return 1.0 + 0.2 * rng.standard_normal(n)

    w = {"model.embed_tokens.weight": rng.standard_normal((V, C))}
    for i in range(cfg["num_hidden_layers"]):
        p = "model.layers.%d." % i
        w[p + "input_layernorm.weight"] = norm_w(C)
        w[p + "self_attn.q_proj.weight"] = mat(H * hd, C)
        w[p + "self_attn.k_proj.weight"] = mat(KVH * hd, C)
        w[p + "self_attn.v_proj.weight"] = mat(KVH * hd, C)
        if qkv_bias:
            w[p + "self_attn.q_proj.bias"] = 0.5 * rng.standard_normal(H * hd)
            w[p + "self_attn.k_proj.bias"] = 0.5 * rng.standard_normal(KVH * hd)
            w[p + "self_attn.v_proj.bias"] = 0.5 * rng.standard_normal(KVH * hd)
        if family == "qwen3":
            w[p + "self_attn.q_norm.weight"] = norm_w(hd)
            w[p + "self_attn.k_norm.weight"] = norm_w(hd)
        w[p + "self_attn.o_proj.weight"] = mat(C, H * hd)
        if o_bias:
            w[p + "self_attn.o_proj.bias"] = 0.5 * rng.standard_normal(C)
        w[p + "post_attention_layernorm.weight"] = norm_w(C)
        w[p + "mlp.gate_proj.weight"] = mat(F, C)
        w[p + "mlp.up_proj.weight"] = mat(F, C)
        w[p + "mlp.down_proj.weight"] = mat(C, F)
        if cfg.get("mlp_bias", False):
            w[p + "mlp.gate_proj.bias"] = 0.5 * rng.standard_normal(F)
            w[p + "mlp.up_proj.bias"] = 0.5 * rng.standard_normal(F)
            w[p + "mlp.down_proj.bias"] = 0.5 * rng.standard_normal(C)
    w["model.norm.weight"] = norm_w(C)
    if not cfg.get("tie_word_embeddings", False):
        w["lm_head.weight"] = mat(V, C)
    return w


def rms_norm(x, weight, eps):
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps) * weight


def inverse_frequencies(cfg, hd):
    inv = 1.0 / (cfg.get("rope_theta", 10000.0) ** (np.arange(0, hd, 2, dtype=np.float64) / hd))
    rs = cfg.get("rope_scaling")
    if not rs or rs.get("rope_type", rs.get("type")) == "default":
        return inv
    # llama3: the wavelength decides. Short ones (high frequencies) stay, long ones are slowed
    # by `factor`, the ones between move linearly from one to the other.
    old = rs["original_max_position_embeddings"]
    lo, hi, factor = rs["low_freq_factor"], rs["high_freq_factor"], rs["factor"]
    wavelen = 2.0 * np.pi / inv
    smooth = (old / wavelen - lo) / (hi - lo)
    blended = (1.0 - smooth) * inv / factor + smooth * inv
    out = np.where(wavelen > old / lo, inv / factor, inv)
    middle = (wavelen >= old / hi) & (wavelen <= old / lo)
    return np.where(middle, blended, out)


def rotate_half(x):
    half = x.shape[-1] // 2
    return np.concatenate([-x[..., half:], x[..., :half]], axis=-1)


def forward_logits(cfg, w, tokens):
    C = cfg["hidden_size"]
    H = cfg["num_attention_heads"]
    KVH = cfg.get("num_key_value_heads", H)
    hd = cfg.get("head_dim") or C // H
    eps = cfg["rms_norm_eps"]
    family = cfg["model_type"]
    T = len(tokens)
    x = w["model.embed_tokens.weight"][np.asarray(tokens)]
    angles = np.arange(T, dtype=np.float64)[:, None] * inverse_frequencies(cfg, hd)[None, :]
    cos = np.cos(np.concatenate([angles, angles], axis=-1))[:, None, :]  # [T, 1, hd]
    sin = np.sin(np.concatenate([angles, angles], axis=-1))[:, None, :]
    causal = np.triu(np.full((T, T), -np.inf), k=1)

    def linear(h, name):
        y = h @ w[name + ".weight"].T
        return y + w[name + ".bias"] if name + ".bias" in w else y

    for i in range(cfg["num_hidden_layers"]):
        p = "model.layers.%d." % i
        h = rms_norm(x, w[p + "input_layernorm.weight"], eps)
        q = linear(h, p + "self_attn.q_proj").reshape(T, H, hd)
        k = linear(h, p + "self_attn.k_proj").reshape(T, KVH, hd)
        v = linear(h, p + "self_attn.v_proj").reshape(T, KVH, hd)
        if family == "qwen3":
            q = rms_norm(q, w[p + "self_attn.q_norm.weight"], eps)
            k = rms_norm(k, w[p + "self_attn.k_norm.weight"], eps)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        k = np.repeat(k, H // KVH, axis=1)  # query head j reads KV head j // (H / KVH)
        v = np.repeat(v, H // KVH, axis=1)
        scores = np.einsum("thd,shd->hts", q, k) / np.sqrt(hd) + causal
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        probs = scores / scores.sum(axis=-1, keepdims=True)
        att = np.einsum("hts,shd->thd", probs, v).reshape(T, H * hd)
        x = x + linear(att, p + "self_attn.o_proj")
        h = rms_norm(x, w[p + "post_attention_layernorm.weight"], eps)
        gate = linear(h, p + "mlp.gate_proj")
        up = linear(h, p + "mlp.up_proj")
        x = x + linear(gate / (1.0 + np.exp(-gate)) * up, p + "mlp.down_proj")
    x = rms_norm(x, w["model.norm.weight"], eps)
    head = w.get("lm_head.weight", w["model.embed_tokens.weight"])
    return x[-1] @ head.T


def write_case(out_dir, case, lengths):
    overrides, dtype, shards = CASES[case]
    cfg = dict(BASE)
    cfg.update(overrides)
    cfg["torch_dtype"] = {"F32": "float32", "F16": "float16", "BF16": "bfloat16"}[dtype]
    rng = np.random.default_rng(sum(map(ord, case)))
    weights = make_weights(cfg, rng)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
    write_tokenizer(os.path.join(out_dir, "tokenizer.json"))
    # ChatML as SmolLM2's template writes it (the markers PrefixLens recognises it by), so a
    # scenario plays in the folder's own chat format.
    with open(os.path.join(out_dir, "tokenizer_config.json"), "w") as f:
        json.dump({"bos_token": None, "eos_token": "<|im_end|>", "chat_template": CHATML}, f)
    # The values the model computes with are the stored ones (F16 and BF16 round).
    entries, values = [], {}
    for name in sorted(weights):
        data, back = stored(weights[name], dtype)
        entries.append((name, dtype, weights[name].shape, data))
        values[name] = back
    if shards == 1:
        write_safetensors(os.path.join(out_dir, "model.safetensors"), entries)
    else:
        weight_map = {}
        for s in range(shards):
            fname = "model-%05d-of-%05d.safetensors" % (s + 1, shards)
            part = entries[s::shards]
            write_safetensors(os.path.join(out_dir, fname), part)
            for name, _, _, _ in part:
                weight_map[name] = fname
        with open(os.path.join(out_dir, "model.safetensors.index.json"), "w") as f:
            json.dump({"metadata": {"total_size": sum(len(e[3]) for e in entries)},
                       "weight_map": weight_map}, f, indent=2)
    tokens = [int(t) for t in rng.integers(0, cfg["vocab_size"], size=max(lengths))]
    logits = {str(n): forward_logits(cfg, values, tokens[:n]).tolist() for n in lengths}
    with open(os.path.join(out_dir, "reference.json"), "w") as f:
        json.dump({"case": case, "tokens": tokens, "logits": logits}, f)


def main(argv):
    if len(argv) != 4 or argv[2] not in CASES:
        sys.stderr.write("usage: llama_reference.py OUT_DIR CASE LENGTHS (cases: %s)\n"
                         % ", ".join(CASES))
        return 2
    write_case(argv[1], argv[2], [int(n) for n in argv[3].split(",")])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
