#!/usr/bin/python3
"""Writes tests/data/live/hash_vectors.json: block hashes computed the way vLLM
(--prefix-caching-hash-algo sha256_cbor, a fixed PYTHONHASHSEED) and SGLang (radix cache page
hash) compute them, with Debian's python3-cbor2 and hashlib, independently of the C++ code that
test_live checks against them. Run it from the repository root; the output is committed.
"""
import hashlib
import json
import random

import cbor2


def vllm_hashes(tokens, block_size, seed):
    parent = hashlib.sha256(cbor2.dumps(seed, canonical=True)).digest()
    out = []
    for b in range(len(tokens) // block_size):
        block = tuple(tokens[b * block_size:(b + 1) * block_size])
        parent = hashlib.sha256(cbor2.dumps((parent, block, None), canonical=True)).digest()
        out.append(parent.hex())
    return out


def sglang_hashes(tokens, page_size):
    out = []
    prior = None
    for b in range(len(tokens) // page_size):
        h = hashlib.sha256()
        if prior is not None:
            h.update(prior)
        for t in tokens[b * page_size:(b + 1) * page_size]:
            h.update(t.to_bytes(4, "little", signed=False))
        prior = h.digest()
        out.append(prior.hex())
    return out


def main():
    rng = random.Random(20)
    cases = []
    # Token ids of every CBOR integer width (<24, 1, 2 and 4 bytes) and block sizes that leave
    # a partial block.
    shapes = [(16, 48, "0"), (16, 50, "42"), (1, 3, "0"), (32, 64, "1234567"), (4, 9, "")]
    for block_size, n, seed in shapes:
        tokens = [rng.choice([0, 5, 23, 24, 255, 256, 65535, 65536, 151935, 2**31 - 1])
                  if rng.random() < 0.3 else rng.randrange(50257) for _ in range(n)]
        cases.append({
            "block_size": block_size, "seed": seed, "tokens": tokens,
            "vllm_sha256_cbor": vllm_hashes(tokens, block_size, seed),
            "sglang": sglang_hashes(tokens, block_size),
        })
    with open("tests/data/live/hash_vectors.json", "w") as f:
        json.dump({"generator": "tests/live/make_hash_vectors.py", "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
