#!/usr/bin/env python3
"""Writes made-up request logs for `prefixlens replay` and the app's traffic view: no real
customer data, the same bytes for the same arguments.

  make_traffic_log.py agent -o FILE   one coding agent's session (Anthropic Messages, ~36 requests,
                                      prompts to ~16k tokens) with five cache breaks at known
                                      requests: a timestamp at the head of the system prompt, the
                                      tools' keys reordered, a 14-minute pause, a model switch and a
                                      compaction; the shipped lesson log (assets/traffic/)
  make_traffic_log.py chat -o FILE    a chat product: many users' short conversations, interleaved,
                                      sharing one system prompt (OpenAI Chat Completions)
  make_traffic_log.py bench -o FILE   the benchmark: --requests (1,000) in --conversations (20),
                                      prompts growing to --max-tokens (100,000) each

Each line is a wrapper record {timestamp, session_id, request} as `lint` reads it. The agent
log carries Anthropic's usage, worked out here by its documented caching rules and a made-up
token count, without PrefixLens, so that a test of `replay` on it checks the program against the
rules written down twice; at request 33 the provider did otherwise (another workspace's key).
The chat log carries OpenAI's usage with --usage-from PREFIXLENS (see usage_by_replay).
"""
import argparse
import json
import random
import subprocess
import sys
import tempfile
import sys

T0 = 1796292000  # 2026-12-03 09:20 UTC

WORDS = ("buffer offset header parse token stream record index block chain hash cache prefix "
         "request session config value result error length count limit table entry node tree "
         "reader writer server client handler router worker queue timer socket frame packet "
         "schema field column module package import export return yield async await retry "
         "deadline budget metric span trace label window layout render paint widget model").split()


def code_lines(rng, n):
    """n lines of plausible source code, different for each call."""
    out = []
    for _ in range(n):
        a, b, c = rng.choice(WORDS), rng.choice(WORDS), rng.choice(WORDS)
        shape = rng.randrange(6)
        if shape == 0:
            out.append(f"def {a}_{b}(self, {c}, limit={rng.randrange(1, 4096)}):")
        elif shape == 1:
            out.append(f"    {a} = self.{b}.get({c!r}, {rng.randrange(100)})")
        elif shape == 2:
            out.append(f"    if {a}.{b} > {c}_{rng.choice(WORDS)}:")
        elif shape == 3:
            out.append(f"        return {a}({b}, {c}={rng.choice(WORDS)}_{rng.randrange(64)})")
        elif shape == 4:
            out.append(f"# {a.capitalize()} the {b} before the {c} is read again.")
        else:
            out.append(f"    for {a} in self.{b}s[{rng.randrange(16)}:]:")
    return "\n".join(out)


def prose(rng, sentences):
    out = []
    for _ in range(sentences):
        w = [rng.choice(WORDS) for _ in range(rng.randrange(8, 16))]
        out.append(" ".join(w).capitalize() + ".")
    return " ".join(out)


def agent_tools():
    specs = [("read_file", "Read a file of the repository.", {"path": "string"}),
             ("list_dir", "List a folder of the repository.", {"path": "string"}),
             ("search_code", "Search the repository for a regular expression.",
              {"pattern": "string", "path": "string"}),
             ("edit_file", "Replace one exact span of a file.",
              {"path": "string", "old": "string", "new": "string"}),
             ("run_tests", "Run the test suite, or one test by name.", {"name": "string"}),
             ("run_shell", "Run a shell command in the repository.", {"command": "string"}),
             ("git_diff", "Show the working tree's changes.", {}),
             ("ask_user", "Ask the user a question and wait for the answer.",
              {"question": "string"})]
    tools = []
    for name, desc, props in specs:
        tools.append({"name": name, "description": desc + " " + prose(random.Random(name), 3),
                      "input_schema": {"type": "object",
                                       "properties": {k: {"type": v} for k, v in props.items()},
                                       "required": list(props)}})
    return tools


def reordered(tools):
    """The same tools, each object's keys in another order (a library upgrade did it)."""
    return [{"input_schema": t["input_schema"], "name": t["name"], "description": t["description"]}
            for t in tools]


def with_breakpoint(messages):
    """The messages with a cache breakpoint on the newest user turn's last block."""
    out = messages[:-1]
    last = dict(messages[-1])
    content = last["content"]
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    content = [dict(b) for b in content]
    content[-1]["cache_control"] = {"type": "ephemeral"}
    last["content"] = content
    return out + [last]


def agent_log():
    rng = random.Random(7)
    system = ("You are a careful coding agent working in the user's repository. " +
              prose(rng, 120))
    tools = agent_tools()
    sonnet, haiku = "claude-sonnet-4-5", "claude-haiku-4-5"
    history = [{"role": "user", "content": "The parser drops the last record of a file that does "
                "not end in a newline. Find out why and fix it, with a test."}]
    records = []
    t = 0
    summary_done = False
    for step in range(36):
        sys_text = system
        model = sonnet
        tool_set = tools if step < 12 else reordered(tools)
        if step == 6:  # the harness put the clock at the head, this once
            sys_text = "Current date and time: 2026-12-03T09:26:41Z. " + system
        if step == 24:  # a sub-agent on a cheaper model, for one turn
            model = haiku
        if step == 30 and not summary_done:  # compaction: the history becomes a summary
            summary_done = True
            history = [{"role": "user", "content": "Summary of the session so far: " +
                        prose(rng, 40)},
                       {"role": "assistant", "content": "Understood. Continuing from the summary."},
                       {"role": "user", "content": "Go on: run the whole test suite."}]
        body = {"model": model, "max_tokens": 4096,
                "system": [{"type": "text", "text": sys_text,
                            "cache_control": {"type": "ephemeral"}}],
                "tools": tool_set, "messages": with_breakpoint(history)}
        records.append({"timestamp": T0 + t, "session_id": "agent-fix-parser", "request": body})
        # The model's answer: a tool call, and its result as the next user turn.
        tool = rng.choice(["read_file", "search_code", "run_tests", "run_shell"])
        call_id = f"toolu_{step:03d}"
        history = history + [
            {"role": "assistant", "content": [
                {"type": "text", "text": prose(rng, 2)},
                {"type": "tool_use", "id": call_id, "name": tool,
                 "input": {"path": f"src/{rng.choice(WORDS)}/{rng.choice(WORDS)}.py"}}]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": call_id,
                 "content": code_lines(rng, rng.randrange(25, 70))}]}]
        t += 14 * 60 if step == 17 else rng.randrange(8, 40)  # lunch after request 17
    return records


def chat_log(users, turns):
    rng = random.Random(11)
    system = ("You answer questions about the city library: its opening hours, its catalogue and "
              "its rules. " + prose(rng, 150))
    convs = {f"user-{u:02d}": [{"role": "system", "content": system}] for u in range(users)}
    order = [u for _ in range(turns) for u in convs]
    rng.shuffle(order)
    records = []
    for i, user in enumerate(order):
        msgs = convs[user]
        msgs.append({"role": "user", "content": prose(rng, rng.randrange(1, 4))})
        records.append({"timestamp": T0 + 7 * i, "session_id": user,
                        "request": {"model": "gpt-4.1-mini", "messages": list(msgs)}})
        msgs.append({"role": "assistant", "content": prose(rng, rng.randrange(2, 6))})
    return records


def write_bench(path, conversations, requests, max_tokens):
    """Streams the benchmark log: conversation c's prompt grows by an equal step per request to
    about max_tokens (estimated at 2.2 characters a token, what the built-in model's small BPE
    makes of this text). Each request marks its newest turn for caching, as an agent does.
    Messages are serialised once."""
    rng = random.Random(3)
    per_conv = max(1, requests // conversations)
    system = json.dumps("You are a coding agent. " + prose(rng, 150))
    tools = json.dumps(agent_tools())
    step_chars = max(200, (int(max_tokens * 2.2) - len(system) - len(tools)) // per_conv)
    parts = [[] for _ in range(conversations)]
    with open(path, "w") as f:
        for r in range(per_conv):
            for c in range(conversations):
                lines = max(1, step_chars // 45)
                turn = code_lines(rng, lines)
                newest = json.dumps({"role": "user", "content": [
                    {"type": "text", "text": turn, "cache_control": {"type": "ephemeral"}}]})
                body = ('{"model": "claude-sonnet-4-5", "max_tokens": 1024, "system": [{"type": '
                        '"text", "text": ' + system + ', "cache_control": {"type": "ephemeral"}}], '
                        '"tools": ' + tools + ', "messages": [' + ", ".join(parts[c] + [newest]) +
                        "]}")
                parts[c].append(json.dumps({"role": "user", "content": turn}))
                parts[c].append('{"role": "assistant", "content": "Done."}')
                f.write('{"timestamp": %d, "session_id": "conv-%02d", "request": %s}\n'
                        % (T0 + 5 * (r * conversations + c), c, body))


# The agent log's usage is worked out here, apart from PrefixLens. Its token counts come from a
# made-up tokenizer (Anthropic's is not public): one token per 4 bytes of a block's text, rounded
# up, plus FRAME tokens of framing per block and PRIME to prime the reply. `replay` calibrates
# its own count to these totals, as it does to a real provider's.
FRAME = 5
PRIME = 3
# The shortest cacheable prefix per model (Anthropic's prompt-caching page).
MIN_TOKENS = {"claude-sonnet-4-5": 1024, "claude-haiku-4-5": 4096}
LIFETIME_S = 300  # Anthropic's default TTL
LOOKBACK = 20     # Anthropic checks a breakpoint and the ends of the 19 blocks before it


def count(text):
    return FRAME + -(-len(text.encode("utf-8")) // 4)


def anthropic_blocks(body):
    """(text, has_breakpoint) per content block, in the order Anthropic caches them: tools,
    system, messages. A block's text is its JSON as sent, so a reordered key changes it."""
    out = []
    for tool in body.get("tools", []):
        out.append((json.dumps(tool), "cache_control" in tool))
    for block in body.get("system", []):
        out.append((json.dumps(block.get("text")), "cache_control" in block))
    for m in body["messages"]:
        content = m["content"]
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        for block in content:
            plain = {k: v for k, v in block.items() if k != "cache_control"}
            out.append((m["role"] + json.dumps(plain), "cache_control" in block))
    return out


def anthropic_usage(records, story):
    """Anthropic's cache, by its documented rules: a breakpoint's prefix is cached from the
    model's minimum on, for LIFETIME_S after it was last written or read; a request reads the
    longest live prefix at one of its breakpoints or at the ends of the blocks before it (within
    the lookback), writes up to its last breakpoint, and the rest is input."""
    cache = {}  # (model, prefix text) -> expiry
    for i, rec in enumerate(records):
        body, at = rec["request"], rec["timestamp"]
        model = body["model"]
        blocks = anthropic_blocks(body)
        ends, keys, total, prefix = [], [], 0, ""
        for text, _ in blocks:
            total += count(text)
            prefix += text + "\x1f"
            ends.append(total)
            keys.append((model, prefix))
        total += PRIME
        points = [k for k, (_, bp) in enumerate(blocks) if bp and ends[k] >= MIN_TOKENS[model]]
        read = 0
        for k in points:
            for j in range(k, max(-1, k - LOOKBACK), -1):
                if cache.get(keys[j], -1) >= at:
                    cache[keys[j]] = at + LIFETIME_S
                    read = max(read, ends[j])
                    break
        last = ends[points[-1]] if points else 0
        read = min(read, last)
        written, uncached = last - read, total - last
        read, written, uncached = story.get(i, lambda a, b, c: (a, b, c))(read, written, uncached)
        for k in points:
            cache[keys[k]] = at + LIFETIME_S
        rec["response"] = {"usage": {"input_tokens": uncached,
                                     "cache_creation_input_tokens": written,
                                     "cache_read_input_tokens": read}}


def usage_by_replay(records, binary):
    """The chat log's usage (OpenAI's tokenizer is public: its counts are exact) from replaying
    the log with `binary`, which counts with o200k_base where it is installed. Unlike the agent
    log's, this usage is the program's own answer: no test checks replay against it."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl") as tmp:
        for r in records:
            tmp.write(json.dumps(r) + "\n")
        tmp.flush()
        out = subprocess.run([binary, "replay", tmp.name, "--json"], check=False,
                             capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit("make_traffic_log: replay failed: " + out.stderr.strip())
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    for rec, row in zip(records, [r for r in rows if "summary" not in r]):
        rec["response"] = {"usage": {"prompt_tokens": row["prompt_tokens"],
                                     "prompt_tokens_details": {"cached_tokens":
                                                               row["reused_tokens"]}}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=["agent", "chat", "bench"])
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--usage-from", metavar="PREFIXLENS",
                    help="chat: the usage from replaying the log with this binary")
    ap.add_argument("--users", type=int, default=12)
    ap.add_argument("--turns", type=int, default=4)
    ap.add_argument("--conversations", type=int, default=20)
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--max-tokens", type=int, default=100000)
    a = ap.parse_args()
    if a.kind == "bench":
        write_bench(a.output, a.conversations, a.requests, a.max_tokens)
        return
    if a.kind == "agent":
        records = agent_log()
        # 33: sent with another workspace's key: the provider read nothing and wrote it all.
        story = {33: lambda r, w, u: (0, r + w, u)}
    else:
        records = chat_log(a.users, a.turns)
    if a.kind == "agent":
        anthropic_usage(records, story)
    elif a.usage_from:
        usage_by_replay(records, a.usage_from)
    with open(a.output, "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
