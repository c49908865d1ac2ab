#!/usr/bin/env python3
"""A stand-in for a serving engine's KV-event publisher, to try `prefixlens watch` (and the
app's File > Connect) without a GPU server, and to test them.

It binds, on 127.0.0.1 by default, a ZMQ PUB socket that sends (topic, 8-byte big-endian
sequence number, msgpack batch) like vLLM and SGLang, and a ROUTER replay socket that answers a
start sequence number with the buffered messages from there on and an end marker (-1). It
speaks four layouts (--format):

  vllm-array    each event a positional array tagged with its class name (older vLLM);
                hashes are the last 8 bytes of vLLM's sha256_cbor digest, unsigned
  vllm-map-int  the batch and each event a map with "type", default fields left out (vLLM
                since mid-2026); the same integer hashes
  vllm-map-bin  as vllm-map-int with the whole 32-byte digest
                (VLLM_KV_EVENTS_USE_INT_BLOCK_HASHES=0)
  sglang        SGLang's arrays, one BlockStored per page; hashes are the first 8 bytes of
                SGLang's page hash as a signed integer

What it publishes (--trace):
  branching  (default) a short trace with known answers: eight requests sharing a system
             prompt, five of which diverge at a timestamp and three later at the question,
             then two blocks evicted
  load       synthetic requests for --duration seconds at --rate events per second
  tokens     the requests in --tokens-file (a JSON array of token-id arrays, one per request)
             stored in order, hashed as --format's engine does: a real server's events for
             prompts the test tokenized itself (`prefixlens watch --match`)

Token ids are one per byte of text, looked up in --vocab (a GPT-2 vocab.json, so that
`prefixlens watch --tokenizer DIR` reads the text back), or the bytes themselves without it.
The first line on stdout is a JSON object with the bound endpoints (ports chosen by the system
unless given). Needs Debian's python3-zmq, python3-msgpack and python3-cbor2.
"""
import argparse
import hashlib
import http.server
import json
import os
import random
import socketserver
import struct
import sys
import threading
import time

# The modules not in the standard library, with Debian's package for each.
NEEDED = {"zmq": "python3-zmq", "msgpack": "python3-msgpack", "cbor2": "python3-cbor2"}
try:
    import cbor2
    import msgpack
    import zmq
except ImportError:
    # Another python first on PATH (a virtualenv, pyenv, conda) lacks Debian's modules: one line
    # naming the missing ones, their packages and an interpreter that has them.
    import importlib.util

    def absent(module):
        try:
            return importlib.util.find_spec(module) is None
        except (ImportError, ValueError):
            return True

    missing = [m for m in NEEDED if absent(m)] or list(NEEDED)
    debian = " ".join(NEEDED.values())
    if os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        advice = (f"run it with /usr/bin/python3 and Debian's {debian}, or pip install pyzmq "
                  "msgpack cbor2 into this one")
    else:
        advice = f"apt install {' '.join(NEEDED[m] for m in missing)} (it needs {debian})"
    print(f"kv_event_publisher.py: {sys.executable} has no module {', '.join(missing)}; "
          f"{advice}", file=sys.stderr)
    sys.exit(2)

from gpt2_bytes import byte_to_unicode


class Tokens:
    def __init__(self, vocab_path):
        self.ids = list(range(256))
        if vocab_path:
            with open(vocab_path, encoding="utf-8") as f:
                vocab = json.load(f)
            table = byte_to_unicode()
            self.ids = [vocab[table[b]] for b in range(256)]

    def encode(self, text):
        return [self.ids[b] for b in text.encode("utf-8")]


class Hasher:
    """The block hashes each engine computes, and the form its events carry."""

    def __init__(self, fmt, seed):
        self.fmt = fmt
        self.none_hash = hashlib.sha256(cbor2.dumps(seed, canonical=True)).digest()

    def chain(self, parent_digest, tokens):
        if self.fmt == "sglang":
            h = hashlib.sha256()
            if parent_digest is not None:
                h.update(parent_digest)
            for t in tokens:
                h.update(t.to_bytes(4, "little", signed=False))
            return h.digest()
        parent = self.none_hash if parent_digest is None else parent_digest
        return hashlib.sha256(cbor2.dumps((parent, tuple(tokens), None), canonical=True)).digest()

    def published(self, digest):
        if self.fmt == "sglang":
            v = int.from_bytes(digest[:8], "big")
            return v - (1 << 64) if v >= (1 << 63) else v
        if self.fmt == "vllm-map-bin":
            return digest
        return int.from_bytes(digest, "big") & ((1 << 64) - 1)


def stored_events(fmt, hashes, parent, tokens, block_size):
    """One BlockStored (vLLM) or one per page (SGLang), in the format's layout."""
    if fmt == "sglang":
        out = []
        for i, h in enumerate(hashes):
            p = parent if i == 0 else hashes[i - 1]
            out.append(["BlockStored", [h], p, tokens[i * block_size:(i + 1) * block_size],
                        block_size, None, "GPU"])
        return out
    if fmt == "vllm-array":
        return [["BlockStored", hashes, parent, tokens, block_size, None, "GPU", None]]
    event = {"type": "BlockStored", "block_hashes": hashes, "parent_block_hash": parent,
             "token_ids": tokens, "block_size": block_size, "lora_id": None, "medium": "GPU",
             "lora_name": None, "kv_cache_spec_kind": "full_attention"}
    return [event]


def removed_events(fmt, hashes):
    if fmt in ("sglang", "vllm-array"):
        return [["BlockRemoved", hashes, "GPU"]]
    return [{"type": "BlockRemoved", "block_hashes": hashes, "medium": "GPU"}]


def batch(fmt, events, rank):
    if fmt in ("vllm-map-int", "vllm-map-bin"):
        b = {"ts": time.time(), "events": events}
        if rank is not None:
            b["data_parallel_rank"] = rank
        return msgpack.packb(b, use_bin_type=True)
    return msgpack.packb([time.time(), events, rank], use_bin_type=True)


class Requests:
    """Turns request texts into store events, remembering what each block's digest is."""

    def __init__(self, args, tokens, hasher):
        self.args = args
        self.tokens = tokens
        self.hasher = hasher
        self.held = {}  # digest -> published hash
        self.known = {}  # tuple(prefix tokens) -> digest

    def store(self, text):
        return self.store_ids(self.tokens.encode(text))

    def store_ids(self, ids):
        bs = self.args.block_size
        n = len(ids) // bs
        parent = None
        new_hashes, new_tokens, new_parent = [], [], None
        for b in range(n):
            block = ids[b * bs:(b + 1) * bs]
            key = tuple(ids[:(b + 1) * bs])
            digest = self.known.get(key)
            if digest is None:
                digest = self.hasher.chain(parent, block)
                self.known[key] = digest
            if digest not in self.held:
                if not new_hashes:
                    new_parent = None if parent is None else self.hasher.published(parent)
                self.held[digest] = self.hasher.published(digest)
                new_hashes.append(self.held[digest])
                new_tokens.extend(block)
            parent = digest
        if not new_hashes:
            return []
        return stored_events(self.args.format, new_hashes, new_parent, new_tokens, bs)

    def digests_of(self, text):
        bs = self.args.block_size
        ids = self.tokens.encode(text)
        return [self.known[tuple(ids[:(b + 1) * bs])] for b in range(len(ids) // bs)]

    def remove(self, digests):
        hashes = [self.held.pop(d) for d in digests if d in self.held]
        return removed_events(self.args.format, hashes) if hashes else []


# The system prompt is 64 bytes: four 16-token blocks.
SYSTEM = "You are a careful assistant for the Lighthouse support desk. Answer"
SYSTEM = SYSTEM[:64].ljust(64)
TIMES = ["11:41:07", "11:42:19", "11:43:31", "11:44:02", "11:45:58"]
QUESTIONS = [q.ljust(32)[:32] for q in [
    "How do I reset my password now?", "Where can I download invoices?",
    "Why was my card declined today?", "Can I change the ship address?"]]


def branching_texts():
    """Eight requests of eight blocks. Blocks 0-3 are the system prompt; block 4 (" Time:
    2026-12-0") is shared by all; block 5 ("2 11:41:07 UTC.\\n") holds the clock time, which
    differs between the first five; blocks 6 and 7 hold the question. Requests 5-7 repeat
    request 0's time and ask other questions."""
    texts = []
    for t in TIMES:
        texts.append(SYSTEM + " Time: 2026-12-02 " + t + " UTC.\n" + QUESTIONS[0])
    for q in QUESTIONS[1:]:
        texts.append(SYSTEM + " Time: 2026-12-02 " + TIMES[0] + " UTC.\n" + q)
    assert all(len(t.encode()) == 128 for t in texts)
    return texts


class Publisher:
    def __init__(self, args):
        self.args = args
        self.ctx = zmq.Context.instance()
        self.seq = 0
        self.buffer = []
        self.pub = None
        self.router = None
        self.endpoint = None
        self.replay_endpoint = None
        self.queries = 0
        self.hits = 0

    def bind(self, endpoint, replay):
        # XPUB is PUB to subscribers; it also hands us their subscriptions (--wait-subscriber).
        self.pub = self.ctx.socket(zmq.XPUB)
        self.pub.setsockopt(zmq.LINGER, 1000)
        self.pub.setsockopt(zmq.SNDHWM, 1000000)
        self.pub.bind(endpoint)
        self.endpoint = self.pub.getsockopt(zmq.LAST_ENDPOINT).decode()
        if replay:
            self.router = self.ctx.socket(zmq.ROUTER)
            self.router.setsockopt(zmq.LINGER, 0)
            self.router.bind(replay)
            self.replay_endpoint = self.router.getsockopt(zmq.LAST_ENDPOINT).decode()

    def wait_for_subscriber(self, seconds):
        """Until a subscription arrives (True) or `seconds` pass (False), answering replay
        requests meanwhile. A subscription read here is already in force: what is sent next
        reaches that subscriber, however long its connection took."""
        end = time.time() + seconds
        while time.time() < end:
            self.service_replay()
            if self.pub.poll(10):
                msg = self.pub.recv()
                if msg[:1] == b"\x01":
                    return True
        return False

    def close(self):
        self.pub.close()
        if self.router is not None:
            self.router.close()

    def service_replay(self):
        while self.router is not None and self.router.poll(0):
            frames = self.router.recv_multipart()
            if len(frames) != 3:
                continue
            client, _, start = frames
            start = int.from_bytes(start, "big")
            for seq, payload in self.buffer:
                if seq >= start:
                    self.router.send_multipart((client, b"", seq.to_bytes(8, "big"), payload))
            self.router.send_multipart((client, b"", (-1).to_bytes(8, "big", signed=True), b""))

    def send(self, payload, skip=False):
        seq = self.seq
        self.seq += 1
        self.buffer.append((seq, payload))
        if len(self.buffer) > self.args.buffer:
            del self.buffer[0]
        if not skip:
            self.pub.send_multipart((self.args.topic.encode(), seq.to_bytes(8, "big"), payload))
        self.service_replay()

    def send_malformed(self, n, rng):
        """Frames no decoder should take: bad sequence frames, missing frames, truncated or
        wrong-shaped msgpack, hashes of the wrong type. They take no sequence number."""
        topic = self.args.topic.encode()
        shapes = [
            lambda: (topic, b"\x00\x01", b"\x91\x00"),
            lambda: (topic, b"\x00" * 8),
            lambda: (topic, b"\x00" * 8, b"\x93\xcb"),
            lambda: (topic, b"\x00" * 8, msgpack.packb({"ts": 1.0})),
            lambda: (topic, b"\x00" * 8, msgpack.packb([1.0, [["BlockStored", "x", None]]])),
            lambda: (topic, b"\x00" * 8, msgpack.packb([1.0, [{"block_hashes": [1]}]])),
            lambda: (topic, b"\x00" * 8, bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 40)))),
            lambda: (topic, b"\x00" * 8, b"\xdd\xff\xff\xff\xff"),
            lambda: (topic, b"\x00" * 8, msgpack.packb([1.0, [["BlockStored", [b"\x00" * 40], None, [], 16]]])),
        ]
        for i in range(n):
            frames = shapes[i % len(shapes)]()
            if frames[1] == b"\x00" * 8:
                # A valid sequence number keeps the client's gap detection quiet: these are
                # counted as malformed, not as gaps.
                frames = (frames[0], self.seq.to_bytes(8, "big")) + tuple(frames[2:])
                self.seq += 1
                self.buffer.append((self.seq - 1, frames[2] if len(frames) > 2 else b""))
            self.pub.send_multipart(frames)
            if i % 500 == 0:
                self.service_replay()

    def linger(self, seconds):
        end = time.time() + seconds
        while time.time() < end:
            self.service_replay()
            time.sleep(0.01)
            if self.args.until_stdin_closes and sys.stdin in select_readable():
                if not sys.stdin.readline():
                    return


def select_readable():
    import select
    r, _, _ = select.select([sys.stdin], [], [], 0)
    return r


class MetricsHandler(http.server.BaseHTTPRequestHandler):
    publisher = None
    fmt = "vllm-array"

    def do_GET(self):
        p = MetricsHandler.publisher
        if self.path != "/metrics":
            self.send_response(404)
            self.end_headers()
            return
        if MetricsHandler.fmt == "sglang":
            rate = p.hits / p.queries if p.queries else 0.0
            body = ("# TYPE sglang:cache_hit_rate gauge\n"
                    f'sglang:cache_hit_rate{{model_name="test"}} {rate}\n'
                    "# TYPE sglang:token_usage gauge\n"
                    f'sglang:token_usage{{model_name="test"}} {min(1.0, len(p.buffer) / 5000):.4f}\n')
        else:
            body = ("# TYPE vllm:prefix_cache_queries counter\n"
                    f'vllm:prefix_cache_queries_total{{engine="0",model_name="test"}} {float(p.queries)}\n'
                    "# TYPE vllm:prefix_cache_hits counter\n"
                    f'vllm:prefix_cache_hits_total{{engine="0",model_name="test"}} {float(p.hits)}\n'
                    "# TYPE vllm:kv_cache_usage_perc gauge\n"
                    f'vllm:kv_cache_usage_perc{{engine="0",model_name="test"}} {min(1.0, len(p.buffer) / 5000):.4f}\n')
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def start_metrics(host, port, publisher, fmt):
    MetricsHandler.publisher = publisher
    MetricsHandler.fmt = fmt
    server = socketserver.ThreadingTCPServer((host, port), MetricsHandler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def run_branching(args, pub, reqs):
    texts = branching_texts()
    for i, text in enumerate(texts):
        if args.restart_after is not None and i == args.restart_after:
            restart(args, pub, reqs)
        events = reqs.store(text)
        ids = len(text.encode()) // args.block_size
        pub.queries += ids * args.block_size
        pub.hits += (ids * args.block_size - sum(len(e[3]) if isinstance(e, list) else len(e["token_ids"]) for e in events))
        skip = args.gap_at is not None and pub.seq == args.gap_at
        for ev_group in ([events] if args.format != "sglang" else [[e] for e in events]):
            pub.send(batch(args.format, ev_group, args.rank), skip=skip)
            skip = False
        time.sleep(args.interval)
    # Request 4 finishes and its last two blocks are evicted (the tail first).
    d = reqs.digests_of(texts[4])
    pub.send(batch(args.format, reqs.remove([d[7], d[6]]), args.rank))


def run_tokens(args, pub, reqs, token_requests):
    """Each request's full blocks stored, as the engine would after prefilling it."""
    for ids in token_requests:
        events = reqs.store_ids(ids)
        for ev_group in ([events] if args.format != "sglang" else [[e] for e in events]):
            if ev_group:
                pub.send(batch(args.format, ev_group, args.rank))
        time.sleep(args.interval)


def restart(args, pub, reqs):
    """The server stops and starts again on the same ports: a new cache, sequence from 0."""
    pub.close()
    time.sleep(0.3)
    pub.seq = 0
    pub.buffer = []
    reqs.held = {}
    pub.bind(pub.endpoint, pub.replay_endpoint)
    start(args, pub)


def start(args, pub):
    """Publishing starts after a subscriber (with --wait-subscriber) and --start-delay."""
    if args.wait_subscriber > 0 and not pub.wait_for_subscriber(args.wait_subscriber):
        print("kv_event_publisher: no subscriber within %g s; publishing anyway"
              % args.wait_subscriber, file=sys.stderr, flush=True)
    end = time.time() + args.start_delay
    while time.time() < end:  # a replay asked for on connect is answered meanwhile
        pub.service_replay()
        time.sleep(0.01)


def run_load(args, pub, rng, tokens):
    """Synthetic traffic at --rate events per second: each event stores one to four blocks
    under one of a few shared prefixes, and once --capacity blocks are held the oldest chains
    are evicted. Hashes here are a fast counter-based stand-in (this trace is for throughput)."""
    fmt = args.format
    bs = args.block_size
    counter = [0]

    def fresh():
        counter[0] += 1
        v = (counter[0] * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
        if fmt == "sglang":
            return v - (1 << 64) if v >= (1 << 63) else v
        if fmt == "vllm-map-bin":
            return v.to_bytes(8, "big") * 4
        return v

    alphabet = tokens.encode("abcdefghijklmnopqrstuvwxyz ")
    roots = []
    first = []
    for _ in range(8):
        h = fresh()
        roots.append(h)
        first += stored_events(fmt, [h], None, [rng.choice(alphabet) for _ in range(bs)], bs)
    pub.send(batch(fmt, first, args.rank))
    chains = []  # hashes stored per event, oldest first
    held = 0
    per_batch = max(1, min(100, args.rate // 500))
    interval = per_batch / args.rate
    end = time.time() + args.duration
    next_t = time.time()
    while time.time() < end:
        events = []
        while len(events) < per_batch:
            n = rng.randint(1, 4)
            hashes = [fresh() for _ in range(n)]
            toks = [rng.choice(alphabet) for _ in range(n * bs)]
            events += stored_events(fmt, hashes, rng.choice(roots), toks, bs)
            chains.append(hashes)
            held += n
            if held > args.capacity:
                victim = chains.pop(0)
                held -= len(victim)
                events += removed_events(fmt, list(reversed(victim)))
        pub.queries += len(events) * bs * 4
        pub.hits += len(events) * bs * 3
        pub.send(batch(fmt, events, args.rank))
        next_t += interval
        delay = next_t - time.time()
        if delay > 0:
            time.sleep(delay)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--format", default="vllm-array",
                    choices=["vllm-array", "vllm-map-int", "vllm-map-bin", "sglang"])
    ap.add_argument("--trace", default="branching", choices=["branching", "load", "tokens"])
    ap.add_argument("--tokens-file", default=None,
                    help="for --trace tokens: a JSON array of token-id arrays")
    ap.add_argument("--endpoint", default="tcp://127.0.0.1:*",
                    help="where to bind the PUB socket (default: a free port on 127.0.0.1)")
    ap.add_argument("--replay", default="tcp://127.0.0.1:*",
                    help="where to bind the ROUTER replay socket; 'none' for no replay")
    ap.add_argument("--metrics-port", type=int, default=None,
                    help="serve /metrics over HTTP on 127.0.0.1 (0: a free port)")
    ap.add_argument("--topic", default="kv-events")
    ap.add_argument("--rank", type=int, default=None, help="data-parallel rank in each batch")
    ap.add_argument("--block-size", type=int, default=16)
    ap.add_argument("--seed", default="0", help="PYTHONHASHSEED of the vLLM being imitated")
    ap.add_argument("--vocab", default=None, help="a GPT-2 vocab.json for the token ids")
    ap.add_argument("--start-delay", type=float, default=0.5,
                    help="seconds to wait for subscribers before publishing")
    ap.add_argument("--wait-subscriber", type=float, default=0.0, metavar="SECONDS",
                    help="first wait (at most this long) until a subscriber has subscribed, "
                         "so that a slow one misses nothing; then --start-delay")
    ap.add_argument("--interval", type=float, default=0.0, help="seconds between requests")
    ap.add_argument("--gap-at", type=int, default=None,
                    help="leave this sequence number out of the live stream (replay has it)")
    ap.add_argument("--restart-after", type=int, default=None,
                    help="restart the publisher after this many requests")
    ap.add_argument("--malformed", type=int, default=0,
                    help="send this many malformed messages before the trace")
    ap.add_argument("--rate", type=int, default=5000, help="events per second (load trace)")
    ap.add_argument("--duration", type=float, default=10.0, help="seconds (load trace)")
    ap.add_argument("--capacity", type=int, default=20000, help="blocks held (load trace)")
    ap.add_argument("--buffer", type=int, default=10000, help="batches kept for replay")
    ap.add_argument("--linger", type=float, default=2.0,
                    help="seconds to keep answering replay requests after publishing")
    ap.add_argument("--until-stdin-closes", action="store_true",
                    help="stop lingering as soon as stdin closes")
    args = ap.parse_args()
    token_requests = None
    if args.trace == "tokens":
        if args.tokens_file is None:
            ap.error("--trace tokens needs --tokens-file FILE")
        with open(args.tokens_file, encoding="utf-8") as f:
            token_requests = json.load(f)
        if (not isinstance(token_requests, list)
                or not all(isinstance(r, list) and all(type(t) is int and 0 <= t < 1 << 31
                                                       for t in r) for r in token_requests)):
            ap.error(args.tokens_file + ": expected a JSON array of arrays of token ids")

    rng = random.Random(1234)
    pub = Publisher(args)
    pub.bind(args.endpoint, None if args.replay == "none" else args.replay)
    metrics = None
    info = {"endpoint": pub.endpoint, "replay": pub.replay_endpoint, "format": args.format}
    if args.metrics_port is not None:
        metrics = start_metrics("127.0.0.1", args.metrics_port, pub, args.format)
        info["metrics"] = "http://127.0.0.1:%d/metrics" % metrics.server_address[1]
    print(json.dumps(info), flush=True)
    start(args, pub)

    reqs = Requests(args, Tokens(args.vocab), Hasher(args.format, args.seed))
    if args.malformed:
        pub.send_malformed(args.malformed, rng)
    if args.trace == "branching":
        run_branching(args, pub, reqs)
    elif args.trace == "tokens":
        run_tokens(args, pub, reqs, token_requests)
    else:
        run_load(args, pub, rng, reqs.tokens)
    print(json.dumps({"published": pub.seq}), flush=True)
    pub.linger(args.linger)
    pub.close()
    if metrics is not None:
        metrics.shutdown()


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
