#!/usr/bin/env bash
# Reproduces the built-in model in assets/model with one command:
#
#   tools/train_builtin_model.sh            # about 20 minutes on two shared, busy cores
#
# corpus (tools/make_corpus) -> byte-level BPE -> training (tools/train_gpt) -> assets/model.
# Same seeds, same build, same --threads: same bytes. Extra arguments go to train_gpt (e.g.
# "--steps 50" for a quick try; set OUT=/tmp/model to leave assets/ alone).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-train}
OUT=${OUT:-$ROOT/assets/model}
WORK=${WORK:-$BUILD/builtin-train}

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD" --target make_corpus train_gpt -j2
mkdir -p "$WORK"
"$BUILD/tools/make_corpus" --seed 7 --docs 2400 -o "$WORK/corpus.txt"
# One BLAS thread per worker and a fixed worker count keep every sum in the same order.
OPENBLAS_NUM_THREADS=1 nice -n 19 "$BUILD/tools/train_gpt" \
    --corpus "$WORK/corpus.txt" -o "$OUT" --work "$WORK" \
    --vocab-size 2048 --layers 4 --heads 4 --width 256 --positions 2048 \
    --seq 512 --batch 2 --steps 300 --warmup 20 --lr 1.5e-3 --min-lr-frac 0.1 \
    --weight-decay 0.1 --clip 1.0 --threads 2 --seed 1234 \
    --eval-every 100 --eval-tokens 8192 --checkpoint-every 50 "$@"
