#!/usr/bin/env python3
"""Writes a JSON Lines agent log for timing `prefixlens lint`: N requests of one agent session,
each resending the tools, a long system prompt and the growing history (the history is trimmed
to keep every request near --tokens built-in-tokenizer tokens), with a timestamp per line.

    tools/make_lint_log.py --requests 1000 --tokens 10000 -o /tmp/agent-1000.jsonl
    tools/make_lint_log.py --size-mb 50 -o /tmp/agent-50mb.jsonl

--dynamic puts the current time at the head of the system prompt (every request then shows
prefix-changed and dynamic-prefix)."""
import argparse
import json
import random

WORDS = ("lens camera order refund shipping warranty return parcel tracking delivery battery "
         "sensor shutter tripod flash mount autofocus aperture exposure customer invoice "
         "warehouse courier address payment receipt").split()


def text(rng, n_words):
    return " ".join(rng.choice(WORDS) for _ in range(n_words))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--tokens", type=int, default=10000, help="about this many tokens per request")
    ap.add_argument("--size-mb", type=float, default=0, help="write until the file is this large")
    ap.add_argument("--dynamic", action="store_true")
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    rng = random.Random(7)
    tools = [{"name": f"tool_{i:02d}", "description": text(rng, 40),
              "input_schema": {"type": "object", "properties": {"arg": {"type": "string"}}}}
             for i in range(8)]
    tools[-1]["cache_control"] = {"type": "ephemeral"}
    policy = text(rng, 1500)
    # ~2.4 tokens per word with the built-in tokenizer: words that fill the budget.
    budget_words = max(200, int(a.tokens / 2.4))
    history = []
    hist_words = 0
    t = 1796031667
    written = 0
    i = 0
    with open(a.output, "w") as f:
        while True:
            if a.size_mb > 0:
                if written >= a.size_mb * 1e6:
                    break
            elif i >= a.requests:
                break
            step = [{"role": "assistant", "content": [{"type": "tool_use", "id": f"t{i}", "name": "tool_01", "input": {"arg": text(rng, 5)}}]},
                    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"t{i}", "content": text(rng, 60)}]}]
            history += step
            hist_words += 70
            while hist_words > budget_words - 1500 - 320 and len(history) > 4:
                history = history[2:]  # keep the window (a history rewrite: the linter sees it)
                hist_words -= 70
            sys_text = (f"Current time: {t + i * 7}. " if a.dynamic else "") + policy
            msgs = [{"role": "user", "content": "Work through the customer's open tickets."}] + history
            msgs = json.loads(json.dumps(msgs))
            last = msgs[-1]["content"][-1]
            last["cache_control"] = {"type": "ephemeral"}
            body = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": tools,
                    "system": [{"type": "text", "text": sys_text, "cache_control": {"type": "ephemeral"}}],
                    "messages": msgs}
            line = json.dumps({"timestamp": t + i * 7, "session": "agent", "body": body}, separators=(",", ":"))
            f.write(line + "\n")
            written += len(line) + 1
            i += 1
    print(f"{a.output}: {i} requests, {written / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
