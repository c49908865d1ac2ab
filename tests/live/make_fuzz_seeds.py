#!/usr/bin/python3
"""Writes tests/data/live/seeds/: one KV-event payload of each layout the decoder takes
(tools/fuzz.sh seeds fuzz_kv_events with them). Run from the repository root."""
import os

import msgpack

out = "tests/data/live/seeds"
os.makedirs(out, exist_ok=True)
stored = ["BlockStored", [1, 2**64 - 1], None, list(range(8)), 4, None, "GPU", None]
removed = ["BlockRemoved", [1], "GPU"]
payloads = {
    "vllm-array": [1.5, [stored, removed, ["AllBlocksCleared"]], 0],
    "vllm-map-int": {"ts": 1.5, "events": [
        {"type": "BlockStored", "block_hashes": [5, 6], "parent_block_hash": 1,
         "token_ids": [1, 2, 3, 4], "block_size": 2, "extra_keys": [None, ["salt"]]},
        {"type": "BlockRemoved", "block_hashes": [6], "medium": "GPU"}],
        "data_parallel_rank": 1},
    "vllm-map-bin": {"ts": 2.0, "events": [
        {"type": "BlockStored", "block_hashes": [bytes(range(32))], "parent_block_hash": None,
         "token_ids": [9, 9], "block_size": 2}]},
    "sglang": [3.0, [["BlockStored", [-5], -7, [[1, 2], [3, 4]], 2, None, "GPU"]], None],
}
for name, p in payloads.items():
    with open(os.path.join(out, name), "wb") as f:
        f.write(msgpack.packb(p, use_bin_type=True))
