#!/usr/bin/env bash
# Reproduces the built-in model in assets/model with one command:
#
#   tools/train_builtin_model.sh            # about four hours on two cores
#
# Ten stages, all on corpora written by our own tools (no downloads), each from the one before:
#   1. general:  make_corpus --seed 7 --docs 2400 -> byte-level BPE (2,048 tokens) -> train_gpt
#                from scratch, 300 steps of 2 x 512 tokens
#   2. answers:  make_corpus --seed 8 --docs 2400 --qa (chats with 2-5 question/answer turns),
#                340 steps of 2 x 512 tokens with a fresh warm-up and cosine schedule
#   3. reading:  make_corpus --seed 11 --docs 8000 --reading (facts drawn per document, prompts
#                up to the whole context), 1,600 steps of 2 x 2,048 tokens: every position
#                embedding trains
#   4. echo:     make_corpus --mix echo=100, 600 steps of 16 x 256 tokens, loss on the answers
#   5. copy:     make_piece_corpus.py pieces (strings of random vocabulary pieces to repeat), the
#                first 1,000 steps of a 2,000-step schedule of 16 x 256 tokens: the induction head
#                forms here (the loss on the repeat begins to fall at about step 400)
#   6. copy:     70,000 fresh such documents, the first 100 steps of the same schedule (none is
#                seen twice: the 9,000 of stage 5 were, and the model began to memorise them)
#   7. policies: make_corpus --mix reading=35,quote=25,qa=15,recall=10,... with 22% copy
#                documents shuffled in, 1,400 steps of 4 x 1,024 tokens, loss on the answers
#   8. quoting:  --mix quote=60,reading=20,... with copy documents, the first 600 steps of a
#                900-step schedule of 4 x 1,024 (the model of step 600 reads an unseen policy
#                better than that of step 900, which fell back on Lumen's warranty)
#   9. agents:   --mix agent=30,triage=20,quote=25,... with copy documents: order-support agent
#                loops (tool calls, JSON results read out in prose) and few-shot triage,
#                400 steps of 4 x 1,024
#  10. long:     stage 9's corpus again in whole 2,048-token windows, 120 steps of 2 x 2,048: the
#                agent loop's later answers sit past position 1,024, which stages 7-9 never
#                trained on (after stage 9 they came out empty) -> assets/model
# Same seeds, same build, same --threads: same bytes (one BLAS thread per worker and a fixed
# worker count keep every sum in the same order). Extra arguments go to stage 10's train_gpt;
# set OUT=/tmp/model to leave assets/ alone.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-train}
OUT=${OUT:-$ROOT/assets/model}
WORK=${WORK:-$BUILD/builtin-train}

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD" --target make_corpus train_gpt -j2
for s in 1 2 3 4 5 6 7 8 9 10; do mkdir -p "$WORK/stage$s"; done
MODEL=(--vocab-size 2048 --layers 4 --heads 4 --width 256 --positions 2048 --seq 512 --batch 2
       --weight-decay 0.1 --clip 1.0 --threads 2 --eval-tokens 8192)
train() { OPENBLAS_NUM_THREADS=1 nice -n 19 "$BUILD/tools/train_gpt" "$@"; }
pieces() { python3 "$ROOT/tools/make_piece_corpus.py" "$@"; }
TOK=(--tokenizer "$WORK/stage1")

# Stage 1: tokenizer and general model. Its step-300 checkpoint seeds stage 2.
"$BUILD/tools/make_corpus" --seed 7 --docs 2400 -o "$WORK/stage1/corpus.txt"
train --corpus "$WORK/stage1/corpus.txt" -o "$WORK/stage1/model" --work "$WORK/stage1" \
    "${MODEL[@]}" --steps 300 --warmup 20 --lr 1.5e-3 --min-lr-frac 0.1 --seed 1234 \
    --eval-every 100 --checkpoint-every 50

# Stage 2: the answer-dense corpus, same tokenizer, from stage 1's weights.
"$BUILD/tools/make_corpus" --seed 8 --docs 2400 --qa -o "$WORK/stage2/corpus.txt"
train --corpus "$WORK/stage2/corpus.txt" -o "$WORK/stage2/model" --work "$WORK/stage2" "${TOK[@]}" \
    --init "$WORK/stage1/checkpoint.safetensors" "${MODEL[@]}" --steps 340 --warmup 10 \
    --lr 1e-3 --min-lr-frac 0.1 --seed 4321 --eval-every 50 --checkpoint-every 20

# Stage 3: reading the prompt, over the whole context, from stage 2's model.
"$BUILD/tools/make_corpus" --seed 11 --docs 8000 --reading -o "$WORK/stage3/corpus.txt"
train --corpus "$WORK/stage3/corpus.txt" -o "$WORK/stage3/model" --work "$WORK/stage3" "${TOK[@]}" \
    --init "$WORK/stage2/model" "${MODEL[@]}" --seq 2048 --eval-tokens 16384 --steps 1600 \
    --warmup 40 --lr 1e-3 --min-lr-frac 0.1 --seed 99 --eval-every 200 --checkpoint-every 100

# Stages 4-6: copying. Short windows, many of them, the loss only on the repeat.
SHORT=("${MODEL[@]}" --seq 256 --batch 16 --loss-on answers)
"$BUILD/tools/make_corpus" --seed 101 --docs 6000 --mix echo=100 -o "$WORK/stage4/corpus.txt"
train --corpus "$WORK/stage4/corpus.txt" -o "$WORK/stage4/model" --work "$WORK/stage4" "${TOK[@]}" \
    --init "$WORK/stage3/checkpoint.safetensors" "${SHORT[@]}" --steps 600 --warmup 20 \
    --lr 1e-3 --min-lr-frac 0.1 --seed 5 --eval-every 100 --checkpoint-every 50
pieces pieces --seed 3 --docs 9000 --vocab "$WORK/stage1/vocab.json" -o "$WORK/stage5/corpus.txt"
train --corpus "$WORK/stage5/corpus.txt" -o "$WORK/stage5/model" --work "$WORK/stage5" "${TOK[@]}" \
    --init "$WORK/stage4/checkpoint.safetensors" "${SHORT[@]}" --steps 2000 --stop-after 1000 \
    --warmup 20 --lr 1e-3 --min-lr-frac 0.3 --seed 6 --eval-every 100 --checkpoint-every 100
pieces pieces --seed 17 --docs 70000 --vocab "$WORK/stage1/vocab.json" -o "$WORK/stage6/corpus.txt"
train --corpus "$WORK/stage6/corpus.txt" -o "$WORK/stage6/model" --work "$WORK/stage6" "${TOK[@]}" \
    --init "$WORK/stage5/checkpoint.safetensors" "${SHORT[@]}" --steps 2000 --stop-after 100 \
    --warmup 20 --lr 1e-3 --min-lr-frac 0.3 --seed 7 --eval-every 100 --checkpoint-every 100

# Stages 7-8: policies and manuals to answer from, with copy documents mixed in.
LONG=("${MODEL[@]}" --seq 1024 --batch 4 --loss-on answers)
"$BUILD/tools/make_corpus" --seed 61 --docs 9000 -o "$WORK/stage7/mix.txt" \
    --mix reading=35,quote=25,qa=15,recall=10,triage=5,prose=5,general=5
pieces pieces --seed 23 --docs 2500 --vocab "$WORK/stage1/vocab.json" -o "$WORK/stage7/copy.txt"
pieces shuffle --seed 5 "$WORK/stage7/mix.txt" "$WORK/stage7/copy.txt" -o "$WORK/stage7/corpus.txt"
train --corpus "$WORK/stage7/corpus.txt" -o "$WORK/stage7/model" --work "$WORK/stage7" "${TOK[@]}" \
    --init "$WORK/stage6/checkpoint.safetensors" "${LONG[@]}" --steps 1400 --warmup 30 \
    --lr 6e-4 --min-lr-frac 0.1 --seed 8 --eval-every 200 --checkpoint-every 100
"$BUILD/tools/make_corpus" --seed 71 --docs 7000 -o "$WORK/stage8/mix.txt" \
    --mix quote=60,reading=20,qa=5,triage=5,prose=5,general=5
pieces pieces --seed 29 --docs 2500 --vocab "$WORK/stage1/vocab.json" -o "$WORK/stage8/copy.txt"
pieces shuffle --seed 9 "$WORK/stage8/mix.txt" "$WORK/stage8/copy.txt" -o "$WORK/stage8/corpus.txt"
train --corpus "$WORK/stage8/corpus.txt" -o "$WORK/stage8/model" --work "$WORK/stage8" "${TOK[@]}" \
    --init "$WORK/stage7/checkpoint.safetensors" "${LONG[@]}" --steps 900 --stop-after 600 \
    --warmup 20 --lr 5e-4 --min-lr-frac 0.1 --seed 9 --eval-every 300 --checkpoint-every 100

# Stage 9: the agent loop and few-shot triage, from stage 8's model (weights only: --init of a
# model folder starts fresh AdamW moments).
"$BUILD/tools/make_corpus" --seed 81 --docs 6000 -o "$WORK/stage9/mix.txt" \
    --mix agent=30,triage=20,quote=25,reading=10,qa=5,prose=5,general=5
pieces pieces --seed 37 --docs 1500 --vocab "$WORK/stage1/vocab.json" -o "$WORK/stage9/copy.txt"
pieces shuffle --seed 11 "$WORK/stage9/mix.txt" "$WORK/stage9/copy.txt" -o "$WORK/stage9/corpus.txt"
train --corpus "$WORK/stage9/corpus.txt" -o "$WORK/stage9/model" --work "$WORK/stage9" "${TOK[@]}" \
    --init "$WORK/stage8/model" "${LONG[@]}" --steps 400 --warmup 20 --lr 3e-4 \
    --min-lr-frac 0.1 --seed 10 --eval-every 100 --checkpoint-every 100

# Stage 10: the same corpus in whole-context windows (each starts at a document's start).
WHOLE=("${MODEL[@]}" --seq 2048 --batch 2 --loss-on answers)
train --corpus "$WORK/stage9/corpus.txt" -o "$OUT" --work "$WORK/stage10" "${TOK[@]}" \
    --init "$WORK/stage9/model" "${WHOLE[@]}" --steps 120 --warmup 10 --lr 2e-4 \
    --min-lr-frac 0.3 --seed 12 --eval-every 60 --checkpoint-every 60 "$@"
