#!/usr/bin/env bash
# The app under a live stream: tools/kv_event_publisher.py offers RATE events/s (default
# 50,000) on loopback while `prefixlens gui --measure-live-latency` shows them in the live
# view and a 5 ms timer measures the UI thread's longest event-loop gap. Offscreen.
#   tests/live/bench_app.sh [BUILD_DIR] [RATE] [SECONDS]
set -euo pipefail
build="${1:-build}" rate="${2:-50000}" seconds="${3:-10}"
py=/usr/bin/python3; [ -x "$py" ] || py=python3
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
"$py" "$(dirname "$0")/../../tools/kv_event_publisher.py" --trace load --rate "$rate" \
  --duration "$seconds" --start-delay 3 --linger 3 --buffer 100000 > "$tmp/pub" &
for _ in $(seq 100); do [ -s "$tmp/pub" ] && break; sleep 0.1; done
read -r endpoint replay < <("$py" -c 'import json,sys; d=json.loads(sys.stdin.readline()); print(d["endpoint"], d["replay"])' < "$tmp/pub")
QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" "$build/app/prefixlens" gui --measure-live-latency \
  --connect "$endpoint" --replay "$replay" --topic kv-events --seconds "$((seconds + 3))"
wait
tail -1 "$tmp/pub"
