#!/bin/sh
# Regenerates every image in docs/images/ with `prefixlens shot --deterministic`: the same build
# gives the same bytes, so a diff of docs/images/ shows only what really changed on screen.
#
# usage: tools/make_screenshots.sh [PREFIXLENS_BINARY]   (default: build/app/prefixlens)
#
# Runs offscreen: no display needed. Each shot plays its whole scenario on the CPU backend, so
# the full set takes several minutes. The images are made in a scratch folder and replace
# docs/images/ only when every shot succeeded: the first failure stops the script (exit 1), names
# the shot, and leaves docs/images/ as it was.
#
# docs/images/          the built-in scenarios, then the lesson steps, in English
# docs/images/ja/, pl/  the same window in Japanese and in Polish
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
work=$(mktemp -d "$out/.new.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
mkdir -p "$work/ja" "$work/pl"
count=0

# shot FILE WHY ARGS...: one deterministic shot into $work/FILE; stops everything on failure.
shot() {
    file=$1
    why=$2
    shift 2
    if ! "$bin" shot "$@" -o "$work/$file" --size "$size" --deterministic; then
        echo "make_screenshots: FAILED: $file (prefixlens shot $*)" >&2
        exit 1
    fi
    count=$((count + 1))
    echo "$file: $why"
}

# The built-in scenarios. step: the request (0-based, as the app numbers them).
# lang  scenario            step  theme  why this step
scenarios='
en  shared-system-prompt  1     light  bob reuses every full block of the policy alice computed
en  timestamp-at-head     1     light  the time at the head: request 1 reuses nothing
en  timestamp-at-head     1     dark   the same, in the dark theme
en  timestamp-at-head     3     light  the time moved to the end: request 3 reuses the whole policy
en  agent-loop            4     light  a long agent history, nearly all cache hits
en  agent-loop            5     light  a reworded tool description invalidates everything after it
en  agent-loop            5     dark   the same, in the dark theme
en  multi-turn-chat       4     light  the fifth turn computes only the last answer and new question
en  long-document-qa      1     light  the second reader computes only her question
en  few-shot              2     light  instructions and ten examples reused for a new message
en  concurrent-sessions   20    light  round two opens: s11, among the latest of round one, still hits
en  concurrent-sessions   39    light  the end: s10, evicted in round one, computes its record again
en  ttl-5m-vs-1h          2     light  380 s after the last hit the 5-minute entry has expired
en  ttl-1h                2     light  37 minutes later the 1-hour entry still hits
en  two-tenants-salt      1     light  no salt: globex hits the blocks acme computed (a side channel)
en  two-tenants-salt      3     light  with per-tenant salts globex shares nothing
en  semantic-cache-paraphrase 2 light  carol asks with one word changed; what a semantic cache would answer
en  agent-loop-interleaved 3    light  history between the system prompt and the tools: reuse collapses
ja  timestamp-at-head     1     light  the timestamp trap
ja  agent-loop            5     light  the tool edit
pl  shared-system-prompt  1     light  the shared system prompt
pl  concurrent-sessions   20    light  twenty sessions and the pool
'

# The lessons. step: the lesson step (1-based, as the lesson panel's "Step N of M"). lang: one
# language, or several with commas (the same step in each).
# lang  lesson                   step  theme  what the step frames
lessons='
en  01-kv-cache              1     light  one token at a time: the Output dock
en  01-kv-cache              3     light  where one token looks: attention on the blocks
en  01-kv-cache              5     light  where the cache lives: the KV pool
en  01-kv-cache              7     light  decode, with the cursor right after the prefill: the transport
en  01-kv-cache              8     light  no cache: token times with the KV cache and without
en  02-prefix-reuse          2     light  the same answer for less work: the Usage dock
en  02-prefix-reuse          5     light  only an exact leading match counts: the chain
en  02-prefix-reuse          8     light  length is not the cost: TTFT against prompt length
en  03-hosted-apis           1     light  breakpoints: the Usage dock and the API fields
en  03-hosted-apis           3     light  marks and minimums: seven policies on the few-shot trace
en  03-hosted-apis           4     light  how much counts as reused: seven policies, five numbers
en  03-hosted-apis           5     light  five minutes of life: the chain of the expired request
en  04-memory-and-workloads  3     light  the length sweep: prefill and attention against KV bytes
en  04-memory-and-workloads  4     light  many sessions, one pool: the KV pool
en  04-memory-and-workloads  5     light  who gets evicted: the hit rate at the end of the run
en  04-memory-and-workloads  9     dark   edit a tool, lose everything after it (dark theme)
en,ja,pl 05-policies-and-limits   1     light  one trace, four caching policies: the Policies dock
en,ja,pl 05-policies-and-limits   2     light  the radix tree of a chat: the Policies dock
en,ja,pl 05-policies-and-limits   3     light  memory to scale: the Memory dock
en,ja,pl 05-policies-and-limits   4     light  a paraphrase misses the prefix cache: the chain
en,ja,pl 05-policies-and-limits   5     light  a semantic cache gives a wrong answer: the Policies dock
en,ja,pl 05-policies-and-limits   6     light  interleaved history: the chain
en,ja,pl 05-policies-and-limits   7     light  the timing side channel: the TTFT chart
en,ja,pl 05-policies-and-limits   8     light  the salt closes it: the TTFT chart
en  06-your-own-traffic      2     light  a timestamp at the head: the traffic rows of the shipped agent log
ja  01-kv-cache              2     light  attention looks back
ja  01-kv-cache              3     light  where one token looks
ja  01-kv-cache              8     light  no cache: token times
ja  02-prefix-reuse          6     light  the timestamp trap: the Prompt dock
ja  03-hosted-apis           3     light  marks and minimums
ja  03-hosted-apis           7     light  what it costs: the Usage dock
ja  04-memory-and-workloads  3     light  the length sweep
ja  04-memory-and-workloads  7     light  a salt per tenant
ja  03-hosted-apis           4     light  how much counts as reused
pl  01-kv-cache              3     light  where one token looks
pl  01-kv-cache              6     light  prefill: the Usage dock right after it
pl  01-kv-cache              8     light  no cache: token times
pl  02-prefix-reuse          7     light  the fix: stable first, changing last
pl  03-hosted-apis           4     light  how much counts as reused
pl  03-hosted-apis           6     light  one hour for longer gaps
pl  04-memory-and-workloads  1     light  memory grows with length: the KV memory chart
pl  04-memory-and-workloads  3     light  the length sweep
pl  03-hosted-apis           3     light  marks and minimums
'

# folder for a language: docs/images/ for English, docs/images/<lang>/ for the others
dir_for() {
    if [ "$1" = en ]; then echo ""; else echo "$1/"; fi
}

# what a shot's line says after its why: nothing for English, else the language
in_lang() {
    case $1 in
        ja) echo ", in Japanese" ;;
        pl) echo ", in Polish" ;;
    esac
}

while read -r lang scenario step theme why; do
    [ -n "$lang" ] || continue
    name="$(dir_for "$lang")$scenario-step$step"
    [ "$theme" = light ] || name="$name-$theme"
    shot "$name.png" "$why$(in_lang "$lang")" "$scenario" --step "$step" --theme "$theme" \
        --lang "$lang"
done <<EOF
$scenarios
EOF

while read -r langs lesson step theme what; do
    [ -n "$langs" ] || continue
    for lang in $(echo "$langs" | tr ',' ' '); do
        name="$(dir_for "$lang")lesson-$lesson-step$step"
        [ "$theme" = light ] || name="$name-$theme"
        shot "$name.png" "$what$(in_lang "$lang")" --lesson "$lesson" --lesson-step "$step" \
            --theme "$theme" --lang "$lang"
    done
done <<EOF
$lessons
EOF

# Traffic: the shipped logs (assets/traffic/, written by tools/make_traffic_log.py) replayed.
shot traffic-agent.png "an agent's session: five cache breaks and a provider that read nothing" \
    "$here/assets/traffic/agent-session.jsonl"
shot traffic-chat.png "a chat service: twelve users' conversations over one system prompt" \
    "$here/assets/traffic/chat-service.jsonl" --theme dark
shot traffic-request.png "request 6 of the agent's log opened: its 852 blocks in bands, the break at block 86" \
    "$here/assets/traffic/agent-session.jsonl" --step 6

# Images made another way, kept as they are: the live view needs a running publisher
# (tools/kv_event_publisher.py; docs/guide.md, "Watching a real server").
for kept in live-server.png; do
    if [ -f "$out/$kept" ]; then cp "$out/$kept" "$work/$kept"; fi
done

# Every shot succeeded: the new set replaces the old one, stale names included.
rm -f "$out"/*.png "$out"/ja/*.png "$out"/pl/*.png
mkdir -p "$out/ja" "$out/pl"
mv "$work"/*.png "$out"/
mv "$work"/ja/*.png "$out"/ja/
mv "$work"/pl/*.png "$out"/pl/
echo "make_screenshots: $count images made, $(ls "$out"/*.png "$out"/ja/*.png "$out"/pl/*.png | wc -l) in all, in $out ($(du -sh "$out" | cut -f1))"
