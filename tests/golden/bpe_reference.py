#!/usr/bin/env python3
"""An independent byte-level BPE encoder for Hugging Face tokenizer.json files, the oracle of
tests/test_tokenizer.cpp: plain Python (json, unicodedata), written apart from the C++ one.

It reads the pre-tokenizer forms of GPT-2, Llama 3, Qwen2 and SmolLM2, the NFC normalizer,
ignore_merges and the added tokens. The split patterns are interpreted by a small backtracking
matcher over a structured form of each regex (Python's re has no \\p{L}), so a mistake in the
C++ split, which is written out by hand, does not repeat here.

    bpe_reference.py TOKENIZER_JSON TEXTS_JSON   -> prints a JSON list: the ids of each text
"""
import json
import sys
import unicodedata

INF = 1 << 30

GPT2_REGEX = (r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+")
LLAMA3_REGEX = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|"
                r" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
QWEN2_REGEX = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}|"
               r" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")


def is_letter(ch):
    return unicodedata.category(ch)[0] == "L"


def is_number(ch):
    return unicodedata.category(ch)[0] == "N"


def is_space(ch):
    # Unicode White_Space: categories Zs, Zl, Zp, and the C0 controls 9-13 and U+0085.
    return unicodedata.category(ch)[0] == "Z" or ch in "\t\n\x0b\x0c\r\x85"


def is_crlf(ch):
    return ch in "\r\n"


def literal(c, ignore_case):
    if ignore_case:
        return lambda ch: ch.lower() == c if ch.isascii() else False
    return lambda ch: ch == c


def contractions(ignore_case):
    return [[(literal("'", False), 1, 1)] + [(literal(c, ignore_case), 1, 1) for c in suffix]
            for suffix in ["s", "t", "re", "ve", "m", "ll", "d"]]


def other(ch):
    return not (is_space(ch) or is_letter(ch) or is_number(ch))


# Each alternative: a list of (predicate, min, max) items, then whether "(?!\S)" follows.
def alternatives(pattern):
    blank = literal(" ", False)
    ws_tail = [([(is_space, 1, INF)], True), ([(is_space, 1, INF)], False)]
    if pattern == "gpt2":
        alts = [(seq, False) for seq in contractions(False)]
        alts += [([(blank, 0, 1), (is_letter, 1, INF)], False),
                 ([(blank, 0, 1), (is_number, 1, INF)], False),
                 ([(blank, 0, 1), (other, 1, INF)], False)]
        return alts + ws_tail
    digits = 3 if pattern == "llama3" else 1
    alts = [(seq, False) for seq in contractions(True)]
    alts += [([(lambda ch: not (is_crlf(ch) or is_letter(ch) or is_number(ch)), 0, 1),
               (is_letter, 1, INF)], False),
             ([(is_number, 1, digits)], False),
             ([(blank, 0, 1), (other, 1, INF), (is_crlf, 0, INF)], False),
             ([(is_space, 0, INF), (is_crlf, 1, INF)], False)]
    return alts + ws_tail


def match_items(items, lookahead, text, pos):
    """The end of the first match that backtracking finds (greedy counts first), or None."""
    if not items:
        if lookahead and pos < len(text) and not is_space(text[pos]):
            return None
        return pos
    pred, lo, hi = items[0]
    count = 0
    while count < hi and pos + count < len(text) and pred(text[pos + count]):
        count += 1
    for k in range(count, lo - 1, -1):
        end = match_items(items[1:], lookahead, text, pos + k)
        if end is not None:
            return end
    return None


def regex_split(text, pattern):
    alts = alternatives(pattern)
    pieces, pos, gap = [], 0, ""
    while pos < len(text):
        for items, lookahead in alts:
            end = match_items(items, lookahead, text, pos)
            if end is not None and end > pos:
                break
        else:
            gap += text[pos]
            pos += 1
            continue
        if gap:
            pieces.append(gap)
            gap = ""
        pieces.append(text[pos:end])
        pos = end
    if gap:
        pieces.append(gap)
    return pieces


def digits_split(text, individual):
    pieces = []
    for ch in text:
        if is_number(ch):
            if not individual and pieces and is_number(pieces[-1][-1]):
                pieces[-1] += ch
            else:
                pieces.append(ch)
        elif pieces and not is_number(pieces[-1][-1]):
            pieces[-1] += ch
        else:
            pieces.append(ch)
    return pieces


def byte_alphabet():
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAD)) + list(range(0xAE, 0x100))
    table, extra = {}, 0
    for b in range(256):
        if b in keep:
            table[b] = chr(b)
        else:
            table[b] = chr(256 + extra)
            extra += 1
    return table


class Reference:
    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        model = doc["model"]
        self.vocab = model["vocab"]
        self.ranks = {}
        for i, m in enumerate(model["merges"]):
            pair = tuple(m.split(" ")) if isinstance(m, str) else tuple(m)
            self.ranks[pair] = i
        self.ignore_merges = bool(model.get("ignore_merges", False))
        self.nfc = (doc.get("normalizer") or {}).get("type") == "NFC"
        self.alphabet = byte_alphabet()
        self.added = []
        for a in doc.get("added_tokens", []):
            special = a.get("special", False)
            normalized = a.get("normalized", not special) and self.nfc
            self.added.append((a["content"], a["id"], a.get("lstrip", False),
                               a.get("rstrip", False), normalized))
        pre = doc["pre_tokenizer"]
        if pre["type"] == "ByteLevel":
            self.steps = [("regex", "gpt2")]
        elif pre["pretokenizers"][0]["type"] == "Digits":
            self.steps = [("digits", pre["pretokenizers"][0]["individual_digits"]),
                          ("regex", "gpt2")]
        else:
            regex = pre["pretokenizers"][0]["pattern"]["Regex"]
            name = {GPT2_REGEX: "gpt2", LLAMA3_REGEX: "llama3", QWEN2_REGEX: "qwen2"}[regex]
            self.steps = [("regex", name)]

    def split_added(self, text, normalized):
        """[(text, None) | (covered text, id)] with the added tokens of that kind."""
        tokens = [t for t in self.added if t[4] == normalized]
        out, start, pos = [], 0, 0
        while pos < len(text):
            best = None
            for content, tid, lstrip, rstrip, _ in tokens:
                if text.startswith(content, pos) and (best is None or len(content) > len(best[0])):
                    best = (content, tid, lstrip, rstrip)
            if best is None:
                pos += 1
                continue
            content, tid, lstrip, rstrip = best
            begin, end = pos, pos + len(content)
            if lstrip:
                while begin > start and is_space(text[begin - 1]):
                    begin -= 1
            if rstrip:
                while end < len(text) and is_space(text[end]):
                    end += 1
            if begin > start:
                out.append((text[start:begin], None))
            out.append((text[begin:end], tid))
            start = pos = end
        if start < len(text):
            out.append((text[start:], None))
        return out

    def words(self, text):
        pieces = [text]
        for kind, arg in self.steps:
            nxt = []
            for p in pieces:
                nxt += digits_split(p, arg) if kind == "digits" else regex_split(p, arg)
            pieces = nxt
        return pieces

    def bpe(self, word):
        symbols = [self.alphabet[b] for b in word.encode("utf-8")]
        if self.ignore_merges and "".join(symbols) in self.vocab:
            return [self.vocab["".join(symbols)]]
        while len(symbols) > 1:
            ranked = [(self.ranks[p], p) for p in zip(symbols, symbols[1:]) if p in self.ranks]
            if not ranked:
                break
            _, (a, b) = min(ranked)
            merged, i = [], 0
            while i < len(symbols):
                if i + 1 < len(symbols) and symbols[i] == a and symbols[i + 1] == b:
                    merged.append(a + b)
                    i += 2
                else:
                    merged.append(symbols[i])
                    i += 1
            symbols = merged
        return [self.vocab[s] for s in symbols]

    def encode(self, text):
        ids = []
        for raw, tid in self.split_added(text, False):
            if tid is not None:
                ids.append(tid)
                continue
            norm = unicodedata.normalize("NFC", raw) if self.nfc else raw
            for piece, tid2 in self.split_added(norm, True):
                if tid2 is not None:
                    ids.append(tid2)
                    continue
                for word in self.words(piece):
                    ids += self.bpe(word)
        return ids


def main():
    ref = Reference(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as f:
        texts = json.load(f)
    json.dump([ref.encode(t) for t in texts], sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
