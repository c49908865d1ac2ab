#!/usr/bin/env python3
"""Writes tests/data/tiny-gpt2 (a small GPT-2-format model with seeded random weights) and
golden.json (its last-position logits for a few prompts), computed here with NumPy as an
implementation independent of the C++ engine. Run from anywhere; CTest only reads the outputs:

    python3 tests/golden/make_tiny_gpt2.py
"""
import json
import os
import struct

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "tiny-gpt2")
CFG = dict(n_layer=2, n_head=2, n_embd=32, n_positions=320, vocab_size=300,
           layer_norm_epsilon=1e-5, model_type="gpt2")


def bytes_to_unicode():
    # GPT-2's printable stand-ins for the 256 byte values.
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAD)) + list(range(0xAE, 0x100))
    chars, n = [], 0
    table = {}
    for b in range(256):
        if b in keep:
            table[b] = chr(b)
        else:
            table[b] = chr(256 + n)
            n += 1
    return table


def make_weights(rng):
    C, V, P = CFG["n_embd"], CFG["vocab_size"], CFG["n_positions"]
    w = {}

    def normal(*shape, std=0.1):
        return (rng.standard_normal(shape) * std).astype(np.float32)

    w["wte.weight"] = normal(V, C, std=0.2)
    w["wpe.weight"] = normal(P, C, std=0.1)
    for i in range(CFG["n_layer"]):
        p = f"h.{i}."
        w[p + "ln_1.weight"] = (1.0 + normal(C)).astype(np.float32)
        w[p + "ln_1.bias"] = normal(C)
        w[p + "attn.c_attn.weight"] = normal(C, 3 * C, std=0.2)
        w[p + "attn.c_attn.bias"] = normal(3 * C)
        w[p + "attn.c_proj.weight"] = normal(C, C)
        w[p + "attn.c_proj.bias"] = normal(C)
        w[p + "ln_2.weight"] = (1.0 + normal(C)).astype(np.float32)
        w[p + "ln_2.bias"] = normal(C)
        w[p + "mlp.c_fc.weight"] = normal(C, 4 * C)
        w[p + "mlp.c_fc.bias"] = normal(4 * C)
        w[p + "mlp.c_proj.weight"] = normal(4 * C, C)
        w[p + "mlp.c_proj.bias"] = normal(C)
        # A buffer like the older published gpt2 files carry (attn.masked_bias): not a weight,
        # the loader must ignore it.
        w[p + "attn.masked_bias"] = np.array(-1e4, dtype=np.float32)
    w["ln_f.weight"] = (1.0 + normal(C)).astype(np.float32)
    w["ln_f.bias"] = normal(C)
    return w


def write_safetensors(path, tensors, prefix="transformer."):
    header, blobs, offset = {}, [], 0
    for name, arr in tensors.items():
        data = np.ascontiguousarray(arr, dtype=np.float32).tobytes()
        header[prefix + name if not name.startswith("lm_") else name] = {
            "dtype": "F32", "shape": list(arr.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    header["__metadata__"] = {"format": "pt"}
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * ((8 - len(h) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for b in blobs:
            f.write(b)


def layernorm(x, w, b, eps):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


def gelu(x):
    return 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x ** 3)))


def forward(w, tokens):
    """Float64 GPT-2 forward over the whole prompt; returns the last position's logits."""
    C, H, eps = CFG["n_embd"], CFG["n_head"], CFG["layer_norm_epsilon"]
    d = {k: v.astype(np.float64) for k, v in w.items()}
    T = len(tokens)
    x = d["wte.weight"][tokens] + d["wpe.weight"][:T]
    mask = np.tril(np.ones((T, T), dtype=bool))
    for i in range(CFG["n_layer"]):
        p = f"h.{i}."
        h = layernorm(x, d[p + "ln_1.weight"], d[p + "ln_1.bias"], eps)
        qkv = h @ d[p + "attn.c_attn.weight"] + d[p + "attn.c_attn.bias"]
        q, k, v = np.split(qkv, 3, axis=-1)
        hd = C // H
        out = np.zeros((T, C))
        for hh in range(H):
            sl = slice(hh * hd, (hh + 1) * hd)
            s = q[:, sl] @ k[:, sl].T / np.sqrt(hd)
            s = np.where(mask, s, -np.inf)
            s = np.exp(s - s.max(-1, keepdims=True))
            s /= s.sum(-1, keepdims=True)
            out[:, sl] = s @ v[:, sl]
        x = x + out @ d[p + "attn.c_proj.weight"] + d[p + "attn.c_proj.bias"]
        h = layernorm(x, d[p + "ln_2.weight"], d[p + "ln_2.bias"], eps)
        h = gelu(h @ d[p + "mlp.c_fc.weight"] + d[p + "mlp.c_fc.bias"])
        x = x + h @ d[p + "mlp.c_proj.weight"] + d[p + "mlp.c_proj.bias"]
    x = layernorm(x[-1], d["ln_f.weight"], d["ln_f.bias"], eps)
    return x @ d["wte.weight"].T


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20261130)
    w = make_weights(rng)
    write_safetensors(os.path.join(OUT, "model.safetensors"), w)
    with open(os.path.join(OUT, "config.json"), "w") as f:
        json.dump(dict(CFG, architectures=["GPT2LMHeadModel"]), f, indent=2)
    # A byte-level vocabulary: the 256 bytes, a few merges, and the end-of-text token.
    b2u = bytes_to_unicode()
    vocab = {b2u[b]: b for b in range(256)}
    merges = [("Ġ", "t"), ("h", "e"), ("Ġt", "he"), ("i", "n"), ("Ġ", "a"), ("e", "r"),
              ("o", "n"), ("Ġ", "c"), ("a", "c"), ("Ġc", "ac"), ("h", "e")]
    seen = []
    for a, b in merges:
        if (a, b) in seen:
            continue
        seen.append((a, b))
        vocab.setdefault(a + b, len(vocab))
    vocab["<|endoftext|>"] = len(vocab)
    with open(os.path.join(OUT, "vocab.json"), "w", encoding="utf-8") as f:
        json.dump(vocab, f, ensure_ascii=False)
    with open(os.path.join(OUT, "merges.txt"), "w", encoding="utf-8") as f:
        f.write("#version: 0.2\n")
        for a, b in seen:
            f.write(f"{a} {b}\n")
    cases = []
    for n in (1, 5, 16, 17, 40, 64, 300):
        toks = [int(t) for t in rng.integers(0, CFG["vocab_size"], n)]
        cases.append({"tokens": toks, "logits": [float(v) for v in forward(w, toks)]})
    with open(os.path.join(OUT, "golden.json"), "w") as f:
        json.dump({"generator": "tests/golden/make_tiny_gpt2.py (NumPy, float64)",
                   "cases": cases}, f)


if __name__ == "__main__":
    main()
