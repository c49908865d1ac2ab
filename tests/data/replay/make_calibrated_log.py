#!/usr/bin/env python3
"""Writes calibrated-agent.jsonl and its answers, calibrated-agent.answers.json, for the
calibration test (tests/plain/provider_counts.cpp, `replay`). Nothing here calls PrefixLens.

The log is an Anthropic agent conversation whose usage was made with a known count: a made-up
provider tokenizer that counts one token per 4 bytes of a part's text, rounded up, plus 5 tokens
of framing per message, per tool and for the system prompt, and 3 to prime the reply. The cache
follows Anthropic's rules as the usage would report them: each request marks the end of its
system prompt and of its newest message; a breakpoint's prefix is cached from 1,024 tokens; a
request reads the longest prefix the previous request wrote (within its 5-minute lifetime) and
writes the rest up to its last breakpoint; what comes after is input.

Planted disagreements: at the requests listed in PLANTED the "provider" reads nothing (another
workspace, say) although the emulation must expect a read; the test must flag exactly those.

    python3 tests/data/replay/make_calibrated_log.py
"""
import json
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
FRAME = 5
PRIME = 3
MIN_TOKENS = 1024
PLANTED = {7, 13}

rng = random.Random(2026)
WORDS = ("the parser reads each record of the file and checks its header before it builds the "
         "tree of nodes that the writer turns into rows for the report while the cache keeps "
         "what was read last time so the next run is faster").split()


def prose(n_words):
    words = [rng.choice(WORDS) for _ in range(n_words)]
    text = " ".join(words)
    return text[0].upper() + text[1:] + "."


def count(text):
    return math.ceil(len(text.encode("utf-8")) / 4)


SYSTEM = "You are a careful coding agent working in the user's repository. " + prose(1400)
TOOLS = [
    {"name": "read_file", "description": "Read a file of the repository. " + prose(60),
     "input_schema": {"type": "object", "properties": {"path": {"type": "string"}},
                      "required": ["path"]}},
    {"name": "run_tests", "description": "Run the test suite. " + prose(50),
     "input_schema": {"type": "object", "properties": {"filter": {"type": "string"}},
                      "required": []}},
]


def tool_tokens(tool):
    return FRAME + count(json.dumps(tool, separators=(",", ":")))


def main():
    records, answers = [], []
    messages = []
    t = 1796292000
    prev_written_to = 0  # the prefix (in tokens) the previous request left in the cache
    prev_time = None
    for i in range(20):
        messages.append({"role": "user", "content": "Step %d. %s" % (i + 1, prose(90 + 7 * i))})
        # The body: system and newest message marked.
        body_messages = []
        for k, m in enumerate(messages):
            if k == len(messages) - 1:
                body_messages.append({"role": m["role"], "content": [
                    {"type": "text", "text": m["content"], "cache_control": {"type": "ephemeral"}}]})
            else:
                body_messages.append(m)
        body = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": TOOLS,
                "system": [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}],
                "messages": body_messages}
        # The known count: tools, system, each message, the prime.
        tools_end = sum(tool_tokens(x) for x in TOOLS)
        system_end = tools_end + FRAME + count(SYSTEM)
        ends = []
        pos = system_end
        for m in messages:
            pos += FRAME + count(m["content"])
            ends.append(pos)
        total = pos + PRIME
        breakpoints = [system_end, ends[-1]]
        last_bp = max(b for b in breakpoints if b >= MIN_TOKENS)
        # What the cache holds: the previous request's prefix, if alive and shared.
        alive = prev_time is not None and t - prev_time <= 300
        read = prev_written_to if alive else 0
        if i in PLANTED:
            read = 0  # planted: the provider read nothing
        expected_read = prev_written_to if alive else 0
        write = max(0, last_bp - read)
        usage = {"input_tokens": total - read - write, "cache_creation_input_tokens": write,
                 "cache_read_input_tokens": read}
        if i in PLANTED:
            # The provider's own word on the miss, as its cache diagnostics give it.
            usage["cache_miss_reason"] = {"type": "different_workspace",
                                          "message": "the prefix was cached by another workspace"}
        records.append({"timestamp": t, "session_id": "calibrated", "request": body,
                        "response": {"usage": usage}})
        answers.append({"request": i, "prompt_tokens": total, "expected_read": expected_read,
                        "reported_read": read, "planted": i in PLANTED,
                        "miss_reason": "different_workspace: the prefix was cached by another "
                                       "workspace" if i in PLANTED else ""})
        prev_written_to = last_bp
        prev_time = t
        messages.append({"role": "assistant", "content": prose(40 + 3 * i)})
        t += 25 + 5 * (i % 4)
    with open(os.path.join(HERE, "calibrated-agent.jsonl"), "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "calibrated-agent.answers.json"), "w", encoding="utf-8") as f:
        json.dump({"comment": "written by make_calibrated_log.py with its own count; not by "
                              "PrefixLens", "requests": answers}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
