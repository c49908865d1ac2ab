#!/usr/bin/env python3
"""Turn one of js-tiktoken's rank modules into tiktoken's own file format.

Usage: convert_tiktoken.py RANKS_JS NAME OUT_DIR

RANKS_JS is js-tiktoken's dist/ranks/NAME.js: an ES module whose default
export is an object literal with three string-keyed members:
  pat_str         the pre-tokenizer regular expression
  special_tokens  {text: id}
  bpe_ranks       lines of "! OFFSET TOK TOK ...", where TOK is the base64 of a
                  token's bytes and the i-th TOK on a line has rank OFFSET + i
The object literal is plain JSON, so it is read with json.loads.

Writes into OUT_DIR:
  NAME.tiktoken   one line per token, "BASE64 RANK\n", sorted by rank
                  (the format of OpenAI's published *.tiktoken files)
  encoding.json   {"name", "pat_str", "special_tokens"} as js-tiktoken has them

Standard library only. Exits non-zero, with one line on stderr, when the
module does not look as described (duplicate ranks or tokens, bad base64).
"""

import base64
import binascii
import json
import os
import sys


def fail(msg):
    sys.stderr.write("convert_tiktoken: %s\n" % msg)
    sys.exit(1)


def read_module(path):
    with open(path, "r", encoding="utf-8") as f:
        text = f.read()
    start = text.find("{")
    end = text.rfind("}")
    if start < 0 or end < start:
        fail("%s: no object literal found" % path)
    head = text[:start].strip()
    if head not in ("export default", "module.exports ="):
        fail("%s: unexpected module header %r" % (path, head[:40]))
    try:
        data = json.loads(text[start:end + 1])
    except ValueError as e:
        fail("%s: object literal is not JSON: %s" % (path, e))
    for key in ("pat_str", "special_tokens", "bpe_ranks"):
        if key not in data:
            fail("%s: member %r missing" % (path, key))
    return data


def parse_ranks(bpe_ranks):
    """Returns a list of (rank, token_bytes) sorted by rank."""
    by_rank = {}
    seen_bytes = {}
    for lineno, line in enumerate(bpe_ranks.split("\n"), 1):
        if not line:
            continue
        fields = line.split(" ")
        if len(fields) < 2:
            fail("bpe_ranks line %d: fewer than two fields" % lineno)
        try:
            offset = int(fields[1], 10)
        except ValueError:
            fail("bpe_ranks line %d: offset %r is not a number" % (lineno, fields[1]))
        for i, tok in enumerate(fields[2:]):
            rank = offset + i
            try:
                raw = base64.b64decode(tok, validate=True)
            except (binascii.Error, ValueError):
                fail("bpe_ranks line %d: %r is not base64" % (lineno, tok))
            if not raw:
                fail("rank %d: empty token" % rank)
            if rank in by_rank:
                fail("rank %d appears twice" % rank)
            if raw in seen_bytes:
                fail("ranks %d and %d hold the same bytes" % (seen_bytes[raw], rank))
            by_rank[rank] = raw
            seen_bytes[raw] = rank
    if not by_rank:
        fail("bpe_ranks holds no tokens")
    return sorted(by_rank.items())


def write_atomic(path, data):
    tmp = path + ".part"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    src, name, out_dir = argv[1], argv[2], argv[3]
    data = read_module(src)
    if not isinstance(data["pat_str"], str) or not isinstance(data["special_tokens"], dict):
        fail("%s: pat_str or special_tokens has the wrong type" % src)
    ranks = parse_ranks(data["bpe_ranks"])

    lines = []
    for rank, raw in ranks:
        lines.append(b"%s %d\n" % (base64.b64encode(raw), rank))
    write_atomic(os.path.join(out_dir, name + ".tiktoken"), b"".join(lines))

    special = data["special_tokens"]
    ordinary_ranks = {r for r, _ in ranks}
    for text, rank in special.items():
        if not isinstance(rank, int) or rank in ordinary_ranks:
            fail("special token %r has rank %r, not free" % (text, rank))
    meta = {"name": name, "pat_str": data["pat_str"], "special_tokens": special}
    write_atomic(os.path.join(out_dir, "encoding.json"),
                 (json.dumps(meta, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))

    max_rank = ranks[-1][0]
    gaps = max_rank + 1 - len(ranks)
    sys.stdout.write("%s: %d ranks (0..%d, %d missing), %d special tokens\n"
                     % (name, len(ranks), max_rank, gaps, len(special)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
