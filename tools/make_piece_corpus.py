#!/usr/bin/env python3
"""Copy documents for the built-in model's induction stage, and the shuffle that mixes them in.

  make_piece_corpus.py pieces --seed N --docs N --vocab DIR/vocab.json -o OUT
      Chats in which the user gives a string of 8-60 random pieces of the model's own vocabulary
      ("Repeat: ...") and the assistant repeats it exactly, one to three rounds a document. No
      piece can be guessed from its frequency, only copied from the earlier occurrence: the loss
      falls only once the model has an induction head. From the stage-4 model (16 x 256 tokens a
      step, these documents alone) the loss on the repeat began to fall at about step 400.
  make_piece_corpus.py shuffle --seed N A.txt B.txt ... -o OUT
      The documents of several corpora in one random order.

Documents end with a line "<|endoftext|>", as make_corpus writes them. Same seed, same output.
"""
import argparse
import json
import os
import random
import sys

from gpt2_bytes import byte_to_unicode

SEP = "<|endoftext|>\n"


def pieces(vocab_path):
    decode = {c: b for b, c in byte_to_unicode().items()}
    with open(vocab_path, encoding="utf-8") as f:
        vocab = json.load(f)
    out = []
    for token in vocab:  # in file order: the order the tokenizer wrote them
        try:
            text = bytes(decode[c] for c in token).decode("utf-8")
        except (KeyError, UnicodeDecodeError):
            continue  # a piece of a character, or a special token
        if not text.strip() or any(c in text for c in "<>\n\r\t") or not text.isprintable():
            continue
        out.append(text)
    return out


def write_pieces(args):
    rng = random.Random(args.seed)
    toks = pieces(args.vocab)
    docs = []
    for _ in range(args.docs):
        rounds = []
        for _ in range(rng.randint(1, 3)):
            s = "".join(rng.choice(toks) for _ in range(rng.randint(8, 60))).strip()
            rounds.append("<user>\nRepeat: " + s + "\n</user>\n<assistant>\n" + s +
                          "\n</assistant>\n")
        docs.append("".join(rounds))
    return docs


def shuffle(args):
    docs = []
    for path in args.inputs:
        with open(path, encoding="utf-8") as f:
            docs += [d for d in f.read().split(SEP) if d.strip()]
    random.Random(args.seed).shuffle(docs)
    return docs


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("pieces")
    a.add_argument("--seed", type=int, required=True)
    a.add_argument("--docs", type=int, required=True)
    a.add_argument("--vocab", required=True)
    a.add_argument("-o", dest="out", required=True)
    b = sub.add_parser("shuffle")
    b.add_argument("--seed", type=int, required=True)
    b.add_argument("inputs", nargs="+")
    b.add_argument("-o", dest="out", required=True)
    args = p.parse_args()
    try:
        docs = write_pieces(args) if args.cmd == "pieces" else shuffle(args)
        tmp = args.out + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write("".join(d + SEP for d in docs))
        os.replace(tmp, args.out)
    except OSError as e:
        sys.exit(f"make_piece_corpus.py: {e.filename}: {e.strerror}")
    print(f"wrote {args.out}: {len(docs)} documents")


if __name__ == "__main__":
    main()
