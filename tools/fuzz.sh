#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz (built with -DPREFIXLENS_FUZZ=ON, see tools/check.sh).
#   tools/fuzz.sh [--build DIR] [--time SECONDS] [--runs N] [--seed N] [TARGET...]
# (with both, a target stops at whichever comes first; default --time 30)
# With no TARGET, runs every one in turn. Each target first replays its regression inputs
# (tests/fuzz/regressions/TARGET: every crash found so far), then fuzzes from a corpus seeded
# from tests/data and assets/. A crash stops the script with status 1 and leaves the input in
# DIR/fuzz-artifacts/TARGET/; copy it into the regressions folder once it is fixed.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
build="$src/build-check"
limit=()
bounded=0
targets=()
while (($#)); do
  case "$1" in
    --build) build="$(cd "$2" && pwd)"; shift 2 ;;
    --time) limit+=(-max_total_time="$2"); bounded=1; shift 2 ;;
    --runs) limit+=(-runs="$2"); bounded=1; shift 2 ;;
    --seed) limit+=(-seed="$2"); shift 2 ;;  # the same mutations every run (CI)
    -h|--help) sed -n 2,9p "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
# Every tests/fuzz/fuzz_<parser>.cpp is a target (tests/fuzz/CMakeLists.txt builds each).
if ((${#targets[@]} == 0)); then
  for f in "$src"/tests/fuzz/fuzz_*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
((bounded)) || limit+=(-max_total_time=30)

# Seeds: the project's own files of each kind, and small model files made here (the real
# weights are megabytes; libFuzzer works best on inputs of a few KiB).
seed() {
  local target="$1" dir="$2"
  mkdir -p "$dir"
  local d="$src/tests/data" a="$src/assets"
  case "$target" in
    fuzz_safetensors)
      python3 - "$dir" <<'PY'
import json, struct, sys, os
out = sys.argv[1]
def write(name, tensors, meta=None):
    header, data, at = {}, b"", 0
    if meta: header["__metadata__"] = meta
    for tname, dtype, shape, size in tensors:
        header[tname] = {"dtype": dtype, "shape": shape, "data_offsets": [at, at + size]}
        data += bytes((i * 7) & 255 for i in range(size)); at += size
    h = json.dumps(header).encode()
    open(os.path.join(out, name), "wb").write(struct.pack("<Q", len(h)) + h + data)
write("f32", [("wte.weight", "F32", [4, 2], 32), ("ln_f.bias", "F32", [2], 8)])
write("mixed", [("a", "F16", [3], 6), ("b", "BF16", [2, 2], 8), ("c", "I64", [1], 8)],
      {"format": "pt"})
write("empty", [])
PY
      ;;
    fuzz_config) cp "$d/tiny-gpt2/config.json" "$dir/tiny"; cp "$a/model/config.json" "$dir/builtin" ;;
    fuzz_vocab) { cat "$d/tiny-gpt2/vocab.json"; printf '\0'; cat "$d/tiny-gpt2/merges.txt"; } > "$dir/tiny" ;;
    fuzz_tokenizer)
      cp "$a/lessons/"*.json "$dir/"; cp "$d/lint/anthropic-fewshot-ja.json" "$d/lint/anthropic-session-pl.json" "$dir/" ;;
    fuzz_renderer)
      for f in "$d/lint/"*.json; do case "$f" in *.expected.json|*sarif*|*bad-*) ;; *) cp "$f" "$dir/" ;; esac; done
      python3 - "$dir" "$a/scenarios/"*.json <<'PY'
import json, sys, os
out = sys.argv[1]
for path in sys.argv[2:]:
    for i, r in enumerate(json.load(open(path))["requests"][:3]):
        body = {k: r[k] for k in ("tools", "system", "messages") if k in r}
        open(os.path.join(out, "%s-%d" % (os.path.basename(path), i)), "w").write(json.dumps(body))
PY
      ;;
    # A template, a NUL, then a request: each family's template with a built-in scenario's first
    # requests.
    fuzz_chat_format)
      PL_CHAT_TEMPLATES="$d/chat_templates" python3 - "$dir" "$a/scenarios/"*.json <<'PY'
import json, os, sys, glob
out = sys.argv[1]
bodies = []
for path in sys.argv[2:4]:
    for r in json.load(open(path))["requests"][:2]:
        bodies.append({k: r[k] for k in ("tools", "system", "messages") if k in r})
for t in sorted(glob.glob(os.path.join(os.environ["PL_CHAT_TEMPLATES"], "*"))):
    cfg = os.path.join(t, "tokenizer_config.json")
    if not os.path.exists(cfg):
        continue
    for i, b in enumerate(bodies):
        name = "%s-%d" % (os.path.basename(t), i)
        open(os.path.join(out, name), "wb").write(open(cfg, "rb").read() + b"\0" + json.dumps(b).encode())
PY
      ;;
    fuzz_scenario) cp "$a/scenarios/"*.json "$d/scenarios/"*.json "$dir/" ;;
    fuzz_lint_request)
      for f in "$d/lint/"*.json; do case "$f" in *.expected.json|*sarif*) ;; *) cp "$f" "$dir/" ;; esac; done
      cp "$d/scenarios/"*.json "$dir/" ;;
    fuzz_lint_log) cp "$d/lint/"*.jsonl "$dir/" ;;
    fuzz_replay) cp "$d/replay/"*.jsonl "$d/lint/agent-log.jsonl" "$dir/" ;;
    fuzz_lesson) cp "$a/lessons/"*.json "$dir/" ;;
    fuzz_kv_events) cp "$d/live/seeds/"* "$dir/" ;;
    # A small byte-level tokenizer.json: the 256 byte tokens and one merge.
    fuzz_tokenizer_json)
      python3 - "$dir" <<'PY'
import json, os, sys
bs = list(range(33, 127)) + list(range(161, 173)) + list(range(174, 256))
cs, n = bs[:], 0
for b in range(256):
    if b not in bs:
        bs.append(b); cs.append(256 + n); n += 1
vocab = {chr(c): i for i, c in enumerate(cs)}
vocab["\u0120t"] = len(vocab)
doc = {"added_tokens": [{"id": 300, "content": "<|x|>"}], "decoder": {"type": "ByteLevel"},
       "pre_tokenizer": {"type": "ByteLevel", "use_regex": True},
       "model": {"type": "BPE", "vocab": vocab, "merges": ["\u0120 t", ["\u0120", "t"]][:1]}}
open(os.path.join(sys.argv[1], "byte-level"), "w").write(json.dumps(doc))
PY
      ;;
    # A small tiktoken rank file: the 256 bytes, then " t" and " the".
    fuzz_tiktoken)
      python3 - "$dir" <<'PY'
import base64, os, sys
lines = [base64.b64encode(bytes([b])).decode() + " " + str(b) for b in range(256)]
lines += [base64.b64encode(b" t").decode() + " 256", base64.b64encode(b" the").decode() + " 257"]
open(os.path.join(sys.argv[1], "ranks"), "w").write("\n".join(lines) + "\n")
PY
      ;;
    fuzz_metrics)
      printf 'vllm:prefix_cache_queries_total{engine="0",model_name="m"} 1000.0\nvllm:kv_cache_usage_perc 0.25\n# HELP x y\n' > "$dir/vllm"
      printf 'sglang:cache_hit_rate{model_name="a \\"b\\""} 0.5\r\nsglang:token_usage 1e-3\n' > "$dir/sglang" ;;
    # CBOR (after the magic line the target adds): {"identity": "engine", "scenario": "scenario"},
    # the run's fields missing; then the same with empty lists.
    fuzz_run_store)
      printf '\xa2\x68identity\x66engine\x68scenario\x68scenario' > "$dir/keys"
      printf '\xa4\x68identity\x66engine\x68scenario\x68scenario\x66events\x80\x67results\x80' > "$dir/lists" ;;
  esac
}

status=0
printf '%-18s %10s %8s %8s %6s %s\n' target runs cov ft crash seconds
for t in "${targets[@]}"; do
  bin="$build/tests/fuzz/$t"
  [ -x "$bin" ] || { echo "fuzz.sh: $bin is not built (tools/check.sh builds it)" >&2; exit 2; }
  corpus="$build/fuzz-corpus/$t" artifacts="$build/fuzz-artifacts/$t" log="$build/fuzz-logs/$t.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  seed "$t" "$corpus"
  regress="$src/tests/fuzz/regressions/$t"
  if [ -d "$regress" ] && compgen -G "$regress/*" >/dev/null; then
    if ! "$bin" -rss_limit_mb=4096 "$regress"/* >"$log.regress" 2>&1; then
      echo "fuzz.sh: $t fails on a regression input; see $log.regress" >&2
      tail -20 "$log.regress" >&2
      status=1
      continue
    fi
  fi
  start=$SECONDS
  set +e
  "$bin" "${limit[@]}" -rss_limit_mb=4096 -timeout=20 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "$corpus" >"$log" 2>&1
  rc=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' <<<"$last" | grep -o '[0-9]*' || echo 0)
  ft=$(grep -o 'ft: [0-9]*' <<<"$last" | grep -o '[0-9]*' || echo 0)
  crashes=$(find "$artifacts" -type f | wc -l)
  printf '%-18s %10s %8s %8s %6s %s\n' "$t" "${runs:-0}" "${cov:-0}" "${ft:-0}" "$crashes" $((SECONDS - start))
  if ((rc != 0)) || ((crashes > 0)); then
    echo "fuzz.sh: $t found a crash (exit $rc); input in $artifacts, log $log" >&2
    grep -E 'ERROR|SUMMARY|check failed|runtime error' "$log" | head -5 >&2 || true
    status=1
  fi
done
exit $status
