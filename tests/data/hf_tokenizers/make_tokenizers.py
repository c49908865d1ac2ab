#!/usr/bin/env python3
"""Writes the small tokenizer.json files test_tokenizer reads, one per pre-tokenizer layout of
the families PrefixLens serves (real vocabularies are not available offline):

  gpt2/      ByteLevel with GPT-2's regex; <|endoftext|>
  llama3/    Split with Llama 3's regex (digits in runs of 1-3) + ByteLevel; ignore_merges;
             Llama 3's header tokens; a word in the vocabulary that no merge reaches
  qwen2/     Split with Qwen2's regex (single digits) + ByteLevel; NFC normalizer; ChatML tokens,
             <tool_call> and </tool_call> as plain (non-special) added tokens
  smollm2/   Digits (individual_digits) + ByteLevel with GPT-2's regex; ChatML tokens; a token
             with lstrip and rstrip

texts.json holds the tricky texts the test encodes with each file, against
tests/golden/bpe_reference.py.

Each gets 300 merges learned from a small built-in corpus split the file's own way, so merges
cross the places where the layouts differ (digits, contractions, spaces before punctuation).
Deterministic: rerun and commit the output.

    python3 tests/data/hf_tokenizers/make_tokenizers.py
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "reference"))
import bpe_reference as ref  # noqa: E402

CORPUS = """
The quick brown fox jumps over the lazy dog. It's 2024 and we've 12345 reasons; they'll say
"hello world" and you'd agree. I'M SURE THEY'RE RIGHT, aren't they? Don't stop!
def main():\n    return 42\n\n\nfor i in range(100):\n\tprint(i * 3.14159)\n
In 1999, 2000 and 2024 the numbers 1234567890 and 000111222333 were written down.
東京は日本の首都です。私は毎日コーヒーを飲みます。北京是中国的首都。
Emoji: 😀😀 🎉 👍🏽 and café, naïve, résumé, Straße, ĞÜŞ, Ελληνικά, русский текст.
<system> You are a helpful assistant. </system> <user> What is the weather today? </user>
{"name": "get_weather", "description": "Get the weather", "parameters": {"type": "object"}}
   indented   text    with     spaces\r\nand\r\nwindows\r\nlines\n\n\n\nend.
"""

TEXTS = [
    "", "Hello world", "It's 2024; we've 1234567 reasons", "I'M SURE THEY'RE RIGHT", "don't",
    "'S 'll 'LL 'Ve 'd'", "x's", "1", "12", "123", "1234", "12345678901", "a1b22c333d4444e",
    " 2024 and  2025", "\u0663\u0664\u0665 \u00bd \u216b", "3.14159", "東京は日本の首都です。",
    "北京是中国的首都", "😀😀 🎉👍🏽 ok", "café naïve Straße", "cafe\u0301", "\u1100\u1161\u11a8",
    "e\u0301\u0323 and \u212b", "a\n\nb", "line1\r\nline2\r\n", "  \n  x", "\n\n\n", "x  \n",
    "a \t b", "  leading", "trailing   ", "\u3000全角\u00a0nbsp x", "tab\tsep\t\tend", "!!!\n\nfoo",
    " ...\r\n", "hello, world!", "\"quoted\"", "(x)+[y]", "  (x)", "\tword", "\u3000word",
    "<|im_start|>user\nhi<|im_end|>\n",
    "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nHi<|eot_id|>",
    "x<|endoftext|>y", "<|im_start|><|im_start|>", "<|im_star", "<tool_call>{\"a\": 1}</tool_call>",
    "a  <mask>  b", "<|fim_prefix|>def", " zyxwv", "zyxwv", "quickbrown", " quickbrown",
    "def main():\n    return 42\n\n\n", "The quick brown fox jumps over the lazy dog.",
    "{\"name\": \"get_weather\", \"parameters\": {\"type\": \"object\"}}",
]


def train(words, merges_wanted):
    counts = collections.Counter(words)
    alphabet = ref.byte_alphabet()
    corpus = {tuple(alphabet[b] for b in w.encode("utf-8")): c for w, c in counts.items()}
    merges = []
    while len(merges) < merges_wanted:
        pairs = collections.Counter()
        for symbols, c in corpus.items():
            for p in zip(symbols, symbols[1:]):
                pairs[p] += c
        if not pairs:
            break
        best = min(pairs, key=lambda p: (-pairs[p], p))
        merges.append(best)
        merged = {}
        for symbols, c in corpus.items():
            out, i = [], 0
            while i < len(symbols):
                if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == best:
                    out.append(symbols[i] + symbols[i + 1])
                    i += 2
                else:
                    out.append(symbols[i])
                    i += 1
            merged[tuple(out)] = merged.get(tuple(out), 0) + c
        corpus = merged
    return merges


def added(content, tid, special=True, lstrip=False, rstrip=False, normalized=False):
    return {"id": tid, "content": content, "single_word": False, "lstrip": lstrip,
            "rstrip": rstrip, "normalized": normalized, "special": special}


def byte_level(use_regex):
    return {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
            "use_regex": use_regex}


def split(regex):
    return {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": regex}, "behavior": "Isolated", "invert": False},
        byte_level(False)]}


def write(name, pre, normalizer, specials, ignore_merges=False, extra_words=()):
    doc = {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
           "normalizer": normalizer, "pre_tokenizer": pre, "post_processor": None,
           "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                       "use_regex": True}}
    tok = ref.Reference.__new__(ref.Reference)
    if pre["type"] == "ByteLevel":
        tok.steps = [("regex", "gpt2")]
    elif pre["pretokenizers"][0]["type"] == "Digits":
        tok.steps = [("digits", True), ("regex", "gpt2")]
    else:
        regex = pre["pretokenizers"][0]["pattern"]["Regex"]
        tok.steps = [("regex", {ref.LLAMA3_REGEX: "llama3", ref.QWEN2_REGEX: "qwen2"}[regex])]
    merges = train(tok.words(CORPUS), 300)
    alphabet = ref.byte_alphabet()
    vocab = {}
    for b in sorted(range(256), key=lambda b: (alphabet[b] != chr(b), b)):
        vocab[alphabet[b]] = len(vocab)
    for a, b in merges:
        vocab.setdefault(a + b, len(vocab))
    for w in extra_words:
        vocab.setdefault("".join(alphabet[b] for b in w.encode("utf-8")), len(vocab))
    base = len(vocab)
    doc["added_tokens"] = [added(content, base + i, **flags)
                           for i, (content, flags) in enumerate(specials)]
    doc["model"] = {"type": "BPE", "dropout": None, "unk_token": None,
                    "continuing_subword_prefix": None, "end_of_word_suffix": None,
                    "fuse_unk": False, "byte_fallback": False, "ignore_merges": ignore_merges,
                    "vocab": vocab, "merges": [[a, b] for a, b in merges]}
    os.makedirs(os.path.join(HERE, name), exist_ok=True)
    with open(os.path.join(HERE, name, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write("\n")


def main():
    with open(os.path.join(HERE, "texts.json"), "w", encoding="utf-8") as f:
        json.dump(TEXTS, f, ensure_ascii=False, indent=1)
        f.write("\n")
    chatml = [("<|endoftext|>", {}), ("<|im_start|>", {}), ("<|im_end|>", {})]
    write("gpt2", byte_level(True), None, [("<|endoftext|>", {})])
    write("llama3", split(ref.LLAMA3_REGEX), None,
          [(t, {}) for t in ["<|begin_of_text|>", "<|end_of_text|>", "<|start_header_id|>",
                             "<|end_header_id|>", "<|eom_id|>", "<|eot_id|>", "<|python_tag|>"]],
          ignore_merges=True, extra_words=[" zyxwv", "quickbrown"])
    write("qwen2", split(ref.QWEN2_REGEX), {"type": "NFC"},
          chatml + [("<tool_call>", {"special": False}), ("</tool_call>", {"special": False}),
                    ("<|fim_prefix|>", {"special": False, "normalized": True})])
    write("smollm2", {"type": "Sequence", "pretokenizers": [
        {"type": "Digits", "individual_digits": True}, byte_level(True)]}, None,
          chatml + [("<mask>", {"lstrip": True, "rstrip": True})])


if __name__ == "__main__":
    main()
