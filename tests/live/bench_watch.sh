#!/usr/bin/env bash
# Ingest benchmark for `prefixlens watch --json`: tools/kv_event_publisher.py offers RATE
# events/s of synthetic load for SECONDS on loopback; watch prints every event to a file. Prints
# what was offered and received, and watch's CPU time (user+sys) per 1,000 events, so a slow
# figure on a busy machine can be told from a slow reader.
#   tests/live/bench_watch.sh [BUILD_DIR] [RATE] [SECONDS] [FORMAT]
set -euo pipefail
build="${1:-build}" rate="${2:-50000}" seconds="${3:-8}" format="${4:-vllm-map-int}"
py=/usr/bin/python3; [ -x "$py" ] || py=python3
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
"$py" "$(dirname "$0")/../../tools/kv_event_publisher.py" --trace load --format "$format" \
  --rate "$rate" --duration "$seconds" --start-delay 2 --linger 1 --buffer 100000 > "$tmp/pub" &
pub=$!
for _ in $(seq 100); do [ -s "$tmp/pub" ] && break; sleep 0.1; done
read -r endpoint replay < <("$py" -c 'import json,sys; d=json.loads(sys.stdin.readline()); print(d["endpoint"], d["replay"])' < "$tmp/pub")
/usr/bin/time -f '%U %S' -o "$tmp/time" "$build/app/prefixlens" watch "$endpoint" --replay "$replay" \
  --duration "$((seconds + 4))" --json > "$tmp/out"
wait "$pub"
"$py" - "$tmp/out" "$tmp/time" "$rate" "$seconds" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
s = json.loads(lines[-1])["summary"]
user, sys_ = map(float, open(sys.argv[2]).read().split()[-2:])
events = s["events"]
print(json.dumps({"offered_events_per_s": int(sys.argv[3]), "seconds": float(sys.argv[4]),
                  "events_received": events, "json_lines": len(lines) - 1,
                  "malformed": s["malformed"], "gaps": s["gaps"], "gaps_unfilled": s["gaps_unfilled"],
                  "held_at_end": s["held"],
                  "cpu_ms_per_1000_events": round(1000 * (user + sys_) / max(events, 1) * 1000, 2)}))
PY
