#!/usr/bin/env bash
# tools/make_corpus, the training corpora's generator (its sentences and word lists are data in
# tools/corpus/data/):
#  1. the seven recipes of tools/train_builtin_model.sh write the bytes recorded below, so that a
#     change to the generators or the data files that alters a corpus is seen, and said in its
#     commit, before a model is trained on it;
#  2. a broken data file stops it with one line that names the file and the place, exit 2, and
#     nothing written.
#
# usage: make_corpus_check.sh MAKE_CORPUS DATA_DIR
set -euo pipefail
bin=$1 data=$2

scratch=$(mktemp -d "${TMPDIR:-/tmp}/prefixlens-corpus-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# recipe name, sha256, arguments (as in tools/train_builtin_model.sh)
recipes=(
  "stage1|814781512e8daee3e47822db423e29659adeb29ddbf0da668e1177907df33400|--seed 7 --docs 2400"
  "stage2|d7eae5fce84c57462edd663726aa5ad391caf8d7ef22cbbe9082cc91f68bd9ed|--seed 8 --docs 2400 --qa"
  "stage3|985c08f0eb729fca094154979bcfbac3f8825979ff4376ae07af4ae6f1faefd2|--seed 11 --docs 8000 --reading"
  "stage4|c7bd80e2d83cf0d63ddf3ed54798ee9797d94b7037621101b568ee7a66e9c5ba|--seed 101 --docs 6000 --mix echo=100"
  "stage7|4ffc47d126ff400197f4bb256cf095b1fac26ddbe9418d15dabae39f0e5b7101|--seed 61 --docs 9000 --mix reading=35,quote=25,qa=15,recall=10,triage=5,prose=5,general=5"
  "stage8|c58df1a39cbd8b1493ad2427a11aa0e5b7043b5de324515c8f4e664531808df8|--seed 71 --docs 7000 --mix quote=60,reading=20,qa=5,triage=5,prose=5,general=5"
  "stage9|afc7f55cdde69152ee91e32d42231746fff7ee2f81e23067964789b474e1b42f|--seed 81 --docs 6000 --mix agent=30,triage=20,quote=25,reading=10,qa=5,prose=5,general=5"
)
for recipe in "${recipes[@]}"; do
  IFS='|' read -r name want args <<<"$recipe"
  # shellcheck disable=SC2086 # the arguments are words
  "$bin" --data "$data" $args -o "$scratch/$name.txt" >/dev/null
  got=$(sha256sum "$scratch/$name.txt" | cut -d' ' -f1)
  [[ $got == "$want" ]] || fail "$name ($args): sha256 $got, recorded $want"
  rm "$scratch/$name.txt"
done

# A data file broken by SED_EXPR: exit 2, one line naming the file and EXPECT, no corpus.
broken() {
  local file=$1 expr=$2 expect=$3
  rm -rf "$scratch/data" "$scratch/out.txt"
  cp -r "$data" "$scratch/data"
  sed -i "$expr" "$scratch/data/$file"
  local rc=0
  "$bin" --data "$scratch/data" --docs 20 -o "$scratch/out.txt" >"$scratch/stdout" 2>"$scratch/stderr" || rc=$?
  [[ $rc == 2 ]] || fail "$file ($expr): exit $rc, expected 2"
  [[ $(wc -l <"$scratch/stderr") == 1 ]] || fail "$file ($expr): not one line: $(cat "$scratch/stderr")"
  grep -qF "$scratch/data/$file: $expect" "$scratch/stderr" ||
    fail "$file ($expr): expected \"$file: $expect\", got: $(cat "$scratch/stderr")"
  [[ ! -e $scratch/out.txt ]] || fail "$file ($expr): a corpus was written"
}
broken prose/letters.json 's/"letters":/"letterz":/' "/letters: missing"
broken echo/lists.json 's/{from}/{form}/' "/from_ask: unknown slot {form}"
broken agent/episode.json '0,/"price": [0-9]*/s//"price": -3/' "/catalogue/0/price: expected a positive whole number of euros"
broken recall/tables.json '1s/^{/{,/' "line 1, column 2: syntax error"
broken triage/categories.json 's/"studio":/"studios":/' "/studio: missing"
echo "PASS: 7 recipes as recorded, 5 broken data files refused"
