#!/usr/bin/env python3
"""Writes the replay test logs (tests/test_replay.cpp reads them). Run from this folder."""
import json

SYSTEM = "You are a careful coding agent working in a large repository. " * 110
TOOLS = [
    {"name": "read_file", "description": "Read a file of the repository.",
     "input_schema": {"type": "object", "properties": {"path": {"type": "string"}},
                      "required": ["path"]}},
    {"name": "run_shell", "description": "Run a shell command in the repository.",
     "input_schema": {"type": "object", "properties": {"command": {"type": "string"}},
                      "required": ["command"]}},
]
# The same tools, each object's keys in another order.
TOOLS_REORDERED = [{k: t[k] for k in ("input_schema", "description", "name")} for t in TOOLS]


def turns(n):
    """An agent's conversation after n steps: each step appends the assistant's answer and the
    next user turn, and the breakpoint moves to the newest user turn."""
    msgs = []
    for i in range(n + 1):
        msgs.append({"role": "user", "content": f"Step {chr(65 + i)}: look at the parser module and tell me what it does next."})
        if i < n:
            msgs.append({"role": "assistant", "content": f"Reading the parser module, part {chr(65 + i)}: it splits the input into tokens and builds the tree."})
    msgs[-1]["content"] = [{"type": "text", "text": msgs[-1]["content"], "cache_control": {"type": "ephemeral"}}]
    return msgs


def body(model, system, tools, messages):
    return {"model": model, "max_tokens": 512, "tools": tools,
            "system": [{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}],
            "messages": messages}


def record(t, b, usage=None):
    r = {"timestamp": 1796292000 + t, "session_id": "agent-1", "request": b}
    if usage is not None:
        r["response"] = {"usage": usage}
    return r


S = "claude-sonnet-4-5"
agent = [
    record(0, body(S, SYSTEM, TOOLS, turns(0)),
           {"input_tokens": 10, "cache_creation_input_tokens": 1500, "cache_read_input_tokens": 0}),
    # Reported nothing read although the emulation reads the whole prefix: a disagreement.
    record(60, body(S, SYSTEM, TOOLS, turns(1)),
           {"input_tokens": 20, "cache_creation_input_tokens": 1600, "cache_read_input_tokens": 0}),
    # 2: a timestamp put at the head of the system prompt, this once.
    record(120, body(S, "Current time: 2026-12-03T10:02:00Z. " + SYSTEM, TOOLS, turns(2))),
    record(180, body(S, SYSTEM, TOOLS, turns(3))),
    # 4: the tools serialized with their keys in another order (from here on).
    record(240, body(S, SYSTEM, TOOLS_REORDERED, turns(4))),
    # 5: eleven minutes of silence: the 5-minute cache has expired.
    record(900, body(S, SYSTEM, TOOLS_REORDERED, turns(5))),
    # 6: another model.
    record(960, body("claude-opus-4-1", SYSTEM, TOOLS_REORDERED, turns(6))),
    # 7: compaction: the history replaced by a summary.
    record(1020, body("claude-opus-4-1", SYSTEM, TOOLS_REORDERED,
                      [{"role": "user", "content": "Summary of the work so far: the parser module was read and explained."},
                       {"role": "assistant", "content": "Understood, continuing from the summary."},
                       {"role": "user", "content": [{"type": "text", "text": "Go on with the next step.", "cache_control": {"type": "ephemeral"}}]}])),
]
with open("agent-session.jsonl", "w") as f:
    for r in agent:
        f.write(json.dumps(r) + "\n")

# Three users of a chat service, their requests interleaved.
CHAT_SYSTEM = "You answer questions about the city library, its opening hours and its catalogue. " * 80
chat = []
for step in range(3):
    for user in ("ana", "ben", "cho"):
        msgs = [{"role": "system", "content": CHAT_SYSTEM}]
        for k in range(step):
            msgs.append({"role": "user", "content": f"{user} asks question {chr(65 + k)} about the catalogue."})
            msgs.append({"role": "assistant", "content": f"Here is the answer to question {chr(65 + k)}."})
        msgs.append({"role": "user", "content": f"{user} asks question {chr(65 + step)} about the catalogue."})
        chat.append({"timestamp": 1796292000 + 30 * len(chat), "session_id": user,
                     "request": {"model": "gpt-4.1-mini", "messages": msgs},
                     "response": {"usage": {"prompt_tokens": 1500 + 40 * step,
                                            "prompt_tokens_details": {"cached_tokens": 1280 if step else 0}}}})
with open("chat-users.jsonl", "w") as f:
    for r in chat:
        f.write(json.dumps(r) + "\n")
