#!/usr/bin/env python3
"""Writes a JSON Lines agent log for timing `prefixlens lint`: N requests of one agent session,
each resending the tools, a long system prompt and the growing history (the history is trimmed
to keep every request near --tokens built-in-tokenizer tokens), with a timestamp per line.

    tools/make_lint_log.py --requests 1000 --tokens 10000 -o /tmp/agent-1000.jsonl
    tools/make_lint_log.py --size-mb 50 -o /tmp/agent-50mb.jsonl

    tools/make_lint_log.py --image-mb 4 -o /tmp/photo.json

--dynamic puts the current time at the head of the system prompt (every request then shows
prefix-changed and dynamic-prefix). --image-mb writes one Anthropic request holding a PNG photo
(a 4000x3000 header and filler) of that many MiB of base64 instead of a log."""
import argparse
import json
import random

WORDS = ("lens camera order refund shipping warranty return parcel tracking delivery battery "
         "sensor shutter tripod flash mount autofocus aperture exposure customer invoice "
         "warehouse courier address payment receipt").split()


def text(rng, n_words):
    return " ".join(rng.choice(WORDS) for _ in range(n_words))


def write_image_request(path, mib):
    import base64
    import struct
    import zlib
    ihdr = struct.pack(">IIBBBBB", 4000, 3000, 8, 2, 0, 0, 0)
    png = (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr +
           struct.pack(">I", zlib.crc32(b"IHDR" + ihdr) & 0xFFFFFFFF))
    raw = int(mib * (1 << 20) * 3 / 4)
    png += bytes((i * 73 + 41) % 256 for i in range(raw))
    body = {"model": "claude-sonnet-4-5", "max_tokens": 512,
            "messages": [{"role": "user", "content": [
                {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                             "data": base64.b64encode(png).decode()}},
                {"type": "text", "text": "Is the lens in this photo damaged?", "cache_control": {"type": "ephemeral"}}]}]}
    with open(path, "w") as f:
        json.dump(body, f)
    print(f"{path}: one request, {len(body['messages'][0]['content'][0]['source']['data']) / (1 << 20):.1f} MiB of base64")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--tokens", type=int, default=10000, help="about this many tokens per request")
    ap.add_argument("--size-mb", type=float, default=0, help="write until the file is this large")
    ap.add_argument("--dynamic", action="store_true")
    ap.add_argument("--image-mb", type=float, default=0, help="one request with an image this large")
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    if a.image_mb > 0:
        write_image_request(a.output, a.image_mb)
        return
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
