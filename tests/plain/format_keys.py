#!/usr/bin/env python3
"""docs/formats.md against the program: every key path a JSON output writes is in the page's
table for that output, and every path a table lists is written by at least one of the runs
below (or is named in NOT_RUN with the reason this test cannot produce it).

    format_keys.py PREFIXLENS SOURCE_DIR [--page FILE] [--only NAME,NAME...]

The runs use shipped inputs only (assets/, tests/data/) and --backend cpu where a model runs.
`watch` is fed by tools/kv_event_publisher.py on loopback (python3-zmq, -msgpack, -cbor2).
Every `blocks[].hash` that `run` prints is also recomputed here from the chain the page's
"Block hash" section defines. Exit 0 when everything agrees, 1 otherwise.
"""
import argparse
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

# Keys the page documents that no run here can write, with why. They must still be documented.
NOT_RUN = {
    "run": {
        "prefill_gpu_ms": "GPU timestamps: Vulkan on a GPU only",
    },
    "bench": {
        "kernels[].name": "per-kernel GPU times: Vulkan only (the CPU backend lists none)",
        "kernels[].ms": "the same",
        "kernels[].dispatches": "the same",
        "decode.kernels[].name": "the same",
        "decode.kernels[].ms": "the same",
        "decode.kernels[].dispatches": "the same",
        "ttft_cache.kernels[].name": "the same",
        "ttft_cache.kernels[].ms": "the same",
        "ttft_cache.kernels[].dispatches": "the same",
    },
}

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, flush=True)


# --- the page ------------------------------------------------------------------------------

MARKER = re.compile(r"^<!--\s*keys:\s*([a-z][a-z-]*)\s*-->\s*$")
ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|")


def page_tables(path):
    """{name: [key path, ...]} from each `<!-- keys: name -->` marker and the table after it."""
    tables = {}
    lines = open(path, encoding="utf-8").read().splitlines()
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i])
        i += 1
        if not m:
            continue
        name = m.group(1)
        if name in tables:
            fail("%s: two key tables named %s" % (path, name))
        while i < len(lines) and not lines[i].strip():
            i += 1
        keys = []
        # The header and its |---| line, then the rows.
        i += 2
        while i < len(lines) and lines[i].startswith("|"):
            r = ROW.match(lines[i])
            if not r:
                fail("%s:%d: a row of the %s table without a `key` first" % (path, i + 1, name))
            elif r.group(1) in keys:
                fail("%s:%d: %s is listed twice in the %s table" % (path, i + 1, r.group(1), name))
            else:
                keys.append(r.group(1))
            i += 1
        if not keys:
            fail("%s: the %s table has no rows" % (path, name))
        tables[name] = keys
    return tables


def pattern(key):
    """A documented path as a regex: `*` stands for one key chosen by the data."""
    return re.compile("^" + re.escape(key).replace(r"\*", r"[^.\[\]]+") + "$")


# --- the outputs ---------------------------------------------------------------------------

def key_paths(value, prefix, out):
    """Every key path under value: `a.b` inside objects, `a[].b` inside arrays of objects."""
    if isinstance(value, dict):
        for k, v in value.items():
            p = prefix + "." + k if prefix else k
            out.add(p)
            key_paths(v, p, out)
    elif isinstance(value, list):
        for item in value:
            key_paths(item, prefix + "[]", out)


class Runner:
    def __init__(self, binary, src, tmp):
        self.binary = binary
        self.src = src
        self.tmp = tmp
        self.seconds = {}

    def path(self, *parts):
        return os.path.join(self.src, *parts)

    def run(self, name, args, ok_codes=(0,), lines=False, timeout=300):
        """The documents a command prints: one, or one per line with lines=True."""
        t0 = time.monotonic()
        try:
            p = subprocess.run([self.binary] + args, capture_output=True, text=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            fail("%s: prefixlens %s: no answer within %d s" % (name, " ".join(args), timeout))
            return []
        self.seconds[name] = self.seconds.get(name, 0.0) + time.monotonic() - t0
        if p.returncode not in ok_codes:
            fail("%s: prefixlens %s: exit %d, not %s\n%s" %
                 (name, " ".join(args), p.returncode, ok_codes, p.stderr[-2000:]))
            return []
        try:
            if lines:
                return [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
            return [json.loads(p.stdout)]
        except json.JSONDecodeError as e:
            fail("%s: prefixlens %s: not JSON (%s)" % (name, " ".join(args), e))
            return []


def scenario_paths(doc):
    """The keys the scenario reader takes: the request bodies' own keys are the API's."""
    out = set()
    for k, v in doc.items():
        out.add(k)
        if k == "requests" and isinstance(v, list):
            for r in v:
                for rk in r:
                    out.add("requests[]." + rk)
        elif k in ("sampling", "translations") and isinstance(v, dict):
            key_paths(v, k, out)
    return out


def lint_inputs(r):
    """Every lint fixture's input (tests/data/lint and its heldout folder), absolute paths."""
    files = []
    for sub in ("", "heldout"):
        d = r.path("tests", "data", "lint", sub)
        for f in sorted(os.listdir(d)):
            if f.endswith(".expected.json"):
                exp = json.load(open(os.path.join(d, f), encoding="utf-8"))
                files.append(os.path.join(d, exp["input"]))
    return files


def three_requests(r):
    """Requests 2 to 4 of the agent log as files, for lint --diff: 3 after 2 changes the tools
    only (a finding, no divergence), 4 after 3 rewrites the history (a divergence)."""
    log = open(r.path("tests", "data", "lint", "agent-log.jsonl"), encoding="utf-8")
    lines = log.read().splitlines()
    out = []
    for n in (1, 2, 3):
        p = os.path.join(r.tmp, "request%d.json" % (n + 1))
        with open(p, "w", encoding="utf-8") as f:
            json.dump(json.loads(lines[n])["body"], f, indent=2)
        out.append(p)
    return out


# --- watch: the stand-in publisher ----------------------------------------------------------

PUBLISHER_MODULES = ("zmq", "msgpack", "cbor2")


def python_for_publisher():
    """The first of PREFIXLENS_PYTHON, Debian's python3 and this one that has the publisher's
    modules; None when none has."""
    seen = []
    for py in (os.environ.get("PREFIXLENS_PYTHON"), "/usr/bin/python3", sys.executable):
        if not py or py in seen or (os.sep in py and not os.path.exists(py)):
            continue
        seen.append(py)
        probe = subprocess.run([py, "-c", "import " + ", ".join(PUBLISHER_MODULES)],
                               capture_output=True)
        if probe.returncode == 0:
            return py
    return None


def watch_session(r, python, name, pub_args, watch_args, done):
    """Starts the publisher, then watch --json on it; stops watch (SIGINT, as Ctrl+C) once
    done(events) holds, and returns the documents watch printed."""
    pub = subprocess.Popen(
        [python, r.path("tools", "kv_event_publisher.py")] + pub_args +
        ["--wait-subscriber", "30", "--start-delay", "0.3", "--linger", "60",
         "--until-stdin-closes"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        info = json.loads(pub.stdout.readline() or "{}")
        if "endpoint" not in info:
            fail("%s: the publisher did not start: %s" % (name, pub.stderr.read()[-2000:]))
            return []
        args = [r.binary, "watch", info["endpoint"], "--replay", info["replay"], "--json"]
        args += [a.replace("{metrics}", info.get("metrics", "")) for a in watch_args]
        t0 = time.monotonic()
        w = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        docs = []
        arrived = threading.Event()

        def read():
            for line in w.stdout:
                if line.strip():
                    docs.append(json.loads(line))
                    if done([d for d in docs if "summary" not in d]):
                        arrived.set()
            arrived.set()

        reader = threading.Thread(target=read)
        reader.start()
        if not arrived.wait(60):
            fail("%s: watch did not get the publisher's events within 60 s" % name)
        w.send_signal(signal.SIGINT)
        try:
            rc = w.wait(30)
        except subprocess.TimeoutExpired:
            w.kill()
            rc = w.wait()
        reader.join()
        r.seconds[name] = r.seconds.get(name, 0.0) + time.monotonic() - t0
        if rc != 0:
            fail("%s: watch exited %d: %s" % (name, rc, w.stderr.read()[-2000:]))
        if not docs or "summary" not in docs[-1]:
            fail("%s: watch printed no summary" % name)
        return docs
    finally:
        pub.stdin.close()
        try:
            pub.wait(30)
        except subprocess.TimeoutExpired:
            pub.kill()
            pub.wait()


def stored_blocks(events):
    return sum(len(e["hashes"]) for e in events if e.get("type") == "stored")


def removed_blocks(events):
    return sum(len(e["hashes"]) for e in events if e.get("type") == "removed")


# --- the block hash, as the page defines it -------------------------------------------------

def check_chain(lines, scenario, where):
    """Recomputes every full block's hash of `run --json` lines from the page's definition."""
    requests = scenario["requests"]
    checked = 0
    for line in lines:
        if "blocks" not in line:
            continue
        salt = requests[line["request"]].get("salt")
        parent = hashlib.sha256(salt.encode("utf-8")).digest() if salt else bytes(32)
        bs = line["block_size"]
        blocks = line["blocks"]
        for i, b in enumerate(blocks):
            if b["index"] != i:
                fail("%s: request %d: block %d has index %d" % (where, line["request"], i,
                                                              b["index"]))
                return checked
            if b["state"] == "partial":
                if b["hash"] is not None or len(b["tokens"]) >= bs or i != len(blocks) - 1:
                    fail("%s: request %d: partial block %d is not the short last one with a "
                         "null hash" % (where, line["request"], i))
                continue
            data = b"".join(t.to_bytes(4, "little") for t in b["tokens"])
            parent = hashlib.sha256(parent + data).digest()
            checked += 1
            if len(b["tokens"]) != bs or b["hash"] != parent.hex():
                fail("%s: request %d, block %d: the page's chain gives %s, the program %s" %
                     (where, line["request"], i, parent.hex(), b["hash"]))
                return checked
    return checked


# --- the runs ------------------------------------------------------------------------------

def collect(r, only):
    """{format name: [documents]}: the outputs of every run."""
    docs = {}
    want = (lambda n: not only or n in only)
    cpu = ["--backend", "cpu"]
    mini = r.path("tests", "data", "scenarios", "mini.json")
    every = r.path("tests", "data", "formats", "every-field.json")

    if want("scenario"):
        files = [os.path.join(r.path("assets", "scenarios"), f)
                 for f in sorted(os.listdir(r.path("assets", "scenarios")))
                 if f.endswith(".json")]
        files += [mini, every, r.path("tests", "data", "lint", "scenario-timestamp.json")]
        docs["scenario"] = [json.load(open(f, encoding="utf-8")) for f in files]
        # every-field.json uses every key: the reader must take it as it is.
        r.run("scenario", ["run", every, "--cache-only", "--json"], lines=True)

    if want("eval"):
        docs["eval"] = r.run("eval", ["eval", "--text", "hi", "--json"] + cpu)

    if want("run"):
        runs = []
        # Played on the model with both checks; then as the policies would serve the trace.
        played = r.run("run", ["run", mini, "--json", "--verify", "--no-cache"] + cpu,
                       lines=True)
        runs += played
        runs += r.run("run", ["run", mini, "--json", "--policy", "anthropic"] + cpu, lines=True)
        mini_doc = json.load(open(mini, encoding="utf-8"))
        chained = check_chain(played, mini_doc, "run mini.json")
        # Without the model: every field of a scenario, a refused request, salts.
        for sc, extra in ((every, ["--policy", "anthropic"]), (every, []),
                          (r.path("assets", "scenarios", "two-tenants-salt.json"), [])):
            lines = r.run("run", ["run", sc, "--cache-only", "--json"] + extra + cpu, lines=True)
            chained += check_chain(lines, json.load(open(sc, encoding="utf-8")),
                                   "run " + os.path.basename(sc))
            runs += lines
        print("block hash: the page's chain reproduces %d block hashes of run --json" % chained)
        if chained == 0:
            fail("block hash: no block was checked")
        docs["run"] = runs

    if want("bench"):
        docs["bench"] = r.run("bench", ["bench", "--quick", "--json"] + cpu)
    if want("bench-sweep"):
        docs["bench-sweep"] = r.run("bench-sweep", ["bench", "--sweep", "--quick", "--json"] +
                                    cpu)

    fixtures = lint_inputs(r) if want("lint") or want("sarif") else []
    provider_inputs = [r.path("tests", "data", "lint", f) for f in
                       ("anthropic-agent.json", "openai-chat.json", "gemini-log.jsonl")]
    if want("lint"):
        # Every fixture (a broken file among them: exit 2), counted in the built-in model's
        # tokens; then a few counted in the providers' own.
        # lookback-log.jsonl: a breakpoint too far after what the previous request cached.
        lookback = r.path("tests", "data", "formats", "lookback-log.jsonl")
        docs["lint"] = r.run("lint", ["lint", "--format", "json", "--count", "builtin"] +
                             fixtures + [lookback], ok_codes=(2,))
        docs["lint"] += r.run("lint", ["lint", "--format", "json", "--count", "provider"] +
                              provider_inputs, ok_codes=(0, 1))
    if want("lint-diff"):
        r2, r3, r4 = three_requests(r)
        diff = ["lint", "--diff", "--format", "json"]
        docs["lint-diff"] = r.run("lint-diff", diff + [r2, r3])
        docs["lint-diff"] += r.run("lint-diff", diff + [r3, r4], ok_codes=(1,))
        docs["lint-diff"] += r.run("lint-diff", diff + [r3, r3])
    if want("sarif"):
        docs["sarif"] = r.run("sarif", ["lint", "--format", "sarif", "--count", "builtin"] +
                              fixtures, ok_codes=(2,))
        docs["sarif"] += r.run("sarif", ["lint", "--format", "sarif", "--count", "provider"] +
                               provider_inputs, ok_codes=(0, 1))

    if want("replay"):
        data = r.path("tests", "data", "replay")
        logs = [os.path.join(data, f) for f in ("agent-session.jsonl", "chat-users.jsonl")]
        logs += [r.path("assets", "traffic", f) for f in ("agent-session.jsonl",
                                                           "chat-service.jsonl")]
        gemini = [r.path("tests", "data", "lint", "gemini-cache-log.jsonl")]
        rows = []
        for policy in ([], ["--policy", "vllm"], ["--policy", "radix"]):
            rows += r.run("replay", ["replay", "--json", "--count", "builtin"] + policy + logs,
                          lines=True)
        rows += r.run("replay", ["replay", "--json", "--count", "builtin"] + gemini, lines=True)
        rows += r.run("replay", ["replay", "--json", "--count", "provider",
                                 os.path.join(data, "calibrated-agent.jsonl")], lines=True)
        docs["replay"] = rows

    if want("watch"):
        python = python_for_publisher()
        if not python:
            fail("watch: no python3 here has the modules %s (Debian: python3-zmq "
                 "python3-msgpack python3-cbor2), so tools/kv_event_publisher.py cannot run"
                 % ", ".join(PUBLISHER_MODULES))
            docs["watch"] = None
        else:
            model = r.path("assets", "model")
            # The branching trace (26 blocks stored, then 2 removed), one batch left out of
            # the live stream (replayed), with the tokenizer and the publisher's metrics.
            events = watch_session(
                r, python, "watch",
                ["--vocab", os.path.join(model, "vocab.json"), "--metrics-port", "0",
                 "--format", "vllm-map-int", "--rank", "0", "--gap-at", "3"],
                ["--tokenizer", model, "--metrics", "{metrics}"],
                lambda ev: stored_blocks(ev) >= 26 and removed_blocks(ev) >= 2)
            # The prompts of mini.json as a server would store them, matched with --match.
            played = r.run("watch", ["run", mini, "--cache-only", "--json"], lines=True)
            prompts = [[t for b in line["blocks"] for t in b["tokens"]] for line in played]
            tokens_file = os.path.join(r.tmp, "mini.tokens.json")
            with open(tokens_file, "w", encoding="utf-8") as f:
                json.dump(prompts, f)
            unique = {tuple(p[:(k + 1) * 16]) for p in prompts for k in range(len(p) // 16)}
            events += watch_session(
                r, python, "watch",
                ["--trace", "tokens", "--tokens-file", tokens_file, "--format", "vllm-map-int",
                 "--seed", "42"],
                ["--tokenizer", model, "--match", mini, "--hash-seed", "42"],
                lambda ev: stored_blocks(ev) >= len(unique))
            docs["watch"] = events
    if want("watch-memory"):
        docs["watch-memory"] = r.run("watch-memory",
                                     ["watch", "--measure-memory", "--blocks", "20000"])
    return docs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prefixlens")
    ap.add_argument("source_dir")
    ap.add_argument("--page", help="the page to check (default: SOURCE_DIR/docs/formats.md)")
    ap.add_argument("--only", default="", help="check only these tables (comma-separated)")
    args = ap.parse_args()
    page = args.page or os.path.join(args.source_dir, "docs", "formats.md")
    only = set(filter(None, args.only.split(",")))
    tables = page_tables(page)
    for name, keys in NOT_RUN.items():
        for k in keys:
            if k not in tables.get(name, []):
                fail("%s: NOT_RUN names %s, which the page does not document" % (name, k))

    with tempfile.TemporaryDirectory() as tmp:
        runner = Runner(os.path.abspath(args.prefixlens), args.source_dir, tmp)
        docs = collect(runner, only)
    print("commands' time: " + ", ".join("%s %.1f s" % (n, s)
                                        for n, s in sorted(runner.seconds.items())))

    for name in sorted(docs):
        if docs[name] is None:
            continue  # could not run (said above)
        if name not in tables:
            fail("%s: the page has no table marked <!-- keys: %s -->" % (name, name))
            continue
        written = set()
        for d in docs[name]:
            if name == "scenario":
                written |= scenario_paths(d)
            else:
                key_paths(d, "", written)
        documented = tables[name]
        patterns = [(k, pattern(k)) for k in documented]
        undocumented = sorted(p for p in written if not any(rx.match(p) for _, rx in patterns))
        stale = sorted(k for k, rx in patterns
                       if k not in NOT_RUN.get(name, {}) and not any(rx.match(p) for p in written))
        for p in undocumented:
            fail("%s: the program writes `%s`, which %s does not document" % (name, p, page))
        for k in stale:
            fail("%s: %s documents `%s`, which no run wrote" % (name, page, k))
        print("%-13s %3d keys documented, %3d written paths checked, %d not runnable here%s" %
              (name, len(documented), len(written), len(NOT_RUN.get(name, {})),
               "" if undocumented or stale else ": all agree"), flush=True)
    for name in sorted(set(tables) - set(docs)):
        if not only:
            fail("%s: the page has a key table that no run checks" % name)
    if failures:
        print("%d problem(s)" % len(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
