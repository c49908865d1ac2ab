#!/bin/sh
# Regenerates every image in docs/images/ with `prefixlens shot --deterministic`: the same build
# gives the same bytes, so a diff of docs/images/ shows only what really changed on screen.
#
# usage: tools/make_screenshots.sh [PREFIXLENS_BINARY]   (default: build/app/prefixlens)
#
# Runs offscreen: no display needed. Each shot plays its whole scenario on the CPU backend, so
# the full set takes a few minutes.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-"$here/build/app/prefixlens"}
out="$here/docs/images"
size=1280x800

[ -x "$bin" ] || {
    echo "make_screenshots: no prefixlens binary at $bin (build first, or pass its path)" >&2
    exit 2
}
mkdir -p "$out"

# scenario            step  theme  why this step (0-based request, as the app numbers them)
shots='
shared-system-prompt  1     light  bob reuses every full block of the policy alice computed
timestamp-at-head     1     light  the time at the head: request 1 reuses nothing
timestamp-at-head     1     dark   the same, in the dark theme
timestamp-at-head     3     light  the time moved to the end: request 3 reuses the whole policy
agent-loop            4     light  a long agent history, nearly all cache hits
agent-loop            5     light  a reworded tool description invalidates everything after it
agent-loop            5     dark   the same, in the dark theme
multi-turn-chat       4     light  the fifth turn computes only the last answer and new question
long-document-qa      1     light  the second reader computes only her question
few-shot              2     light  instructions and ten examples reused for a new message
concurrent-sessions   20    light  round two opens: s11, among the latest of round one, still hits
concurrent-sessions   39    light  the end: s10, evicted in round one, computes its record again
ttl-5m-vs-1h          2     light  380 s after the last hit the 5-minute entry has expired
ttl-1h                2     light  37 minutes later the 1-hour entry still hits
two-tenants-salt      1     light  no salt: globex hits the blocks acme computed (a side channel)
two-tenants-salt      3     light  with per-tenant salts globex shares nothing
'

echo "$shots" | while read -r scenario step theme why; do
    [ -n "$scenario" ] || continue
    name="$scenario-step$step"
    [ "$theme" = light ] || name="$name-$theme"
    "$bin" shot "$scenario" -o "$out/$name.png" --step "$step" --theme "$theme" --size "$size" \
        --deterministic
    echo "$name.png: $why"
done
