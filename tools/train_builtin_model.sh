#!/usr/bin/env bash
# Reproduces the built-in model in assets/model with one command:
#
#   tools/train_builtin_model.sh            # about 45 minutes on two shared, busy cores
#
# Two stages, both on corpora from tools/make_corpus (ours, no downloads):
#   1. general:  make_corpus --seed 7 --docs 2400         -> byte-level BPE (2,048 tokens) ->
#                train_gpt from scratch, 300 steps of 2 x 512 tokens
#   2. answers:  make_corpus --seed 8 --docs 2400 --qa    (chats with 2-5 question/answer turns)
#                -> train_gpt --tokenizer <stage 1> --init <stage 1 checkpoint>, 340 steps of
#                2 x 512 tokens with a fresh warm-up and cosine schedule -> assets/model
# Same seeds, same build, same --threads: same bytes. Extra arguments go to stage 2's train_gpt
# (e.g. "--steps 50" for a quick try; set OUT=/tmp/model to leave assets/ alone).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-train}
OUT=${OUT:-$ROOT/assets/model}
WORK=${WORK:-$BUILD/builtin-train}

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD" --target make_corpus train_gpt -j2
mkdir -p "$WORK/stage1" "$WORK/stage2"
MODEL=(--vocab-size 2048 --layers 4 --heads 4 --width 256 --positions 2048 --seq 512 --batch 2
       --weight-decay 0.1 --clip 1.0 --threads 2 --eval-tokens 8192)

# Stage 1: tokenizer and general model. Its step-300 checkpoint seeds stage 2.
"$BUILD/tools/make_corpus" --seed 7 --docs 2400 -o "$WORK/stage1/corpus.txt"
# One BLAS thread per worker and a fixed worker count keep every sum in the same order.
OPENBLAS_NUM_THREADS=1 nice -n 19 "$BUILD/tools/train_gpt" \
    --corpus "$WORK/stage1/corpus.txt" -o "$WORK/stage1/model" --work "$WORK/stage1" \
    "${MODEL[@]}" --steps 300 --warmup 20 --lr 1.5e-3 --min-lr-frac 0.1 --seed 1234 \
    --eval-every 100 --checkpoint-every 50

# Stage 2: the answer-dense corpus, same tokenizer, from stage 1's weights.
"$BUILD/tools/make_corpus" --seed 8 --docs 2400 --qa -o "$WORK/stage2/corpus.txt"
OPENBLAS_NUM_THREADS=1 nice -n 19 "$BUILD/tools/train_gpt" \
    --corpus "$WORK/stage2/corpus.txt" -o "$OUT" --work "$WORK/stage2" \
    --tokenizer "$WORK/stage1" --init "$WORK/stage1/checkpoint.safetensors" \
    "${MODEL[@]}" --steps 340 --warmup 10 --lr 1e-3 --min-lr-frac 0.1 --seed 4321 \
    --eval-every 50 --checkpoint-every 20 "$@"
