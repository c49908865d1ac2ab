#!/usr/bin/env python3
"""The docs run as tests: every command in a code block of README.md, docs/*.md and
assets/*/README.md is run with the built prefixlens, and the figures the prose quotes next to it
are checked against what it prints.

A block is classified by an HTML comment right above it (invisible on GitHub):

    <!-- doctest: run -->                     run each command of the block (exit 0 unless
                                              `status:` says otherwise)
    <!-- doctest: skip: needs a GPU -->        not run; the reason is printed
    <!-- doctest: output -->                  the block is what the marker's last `cmd:` prints
                                              (`...` on a line of its own stands for any text;
                                              spaces and line breaks are not compared)
    <!-- doctest: synopsis -->                a usage synopsis: every flag `prefixlens help`
                                              prints must appear in it

A code block that holds a command (a sh/bash/console block, a YAML block with `run:` steps, or a
plain block whose lines start with prefixlens, ./quickstart, tools/, python3, cmake, ...) and has
no marker fails the test, so a new page cannot escape it. In a `run` block, lines starting with
`$ ` are commands and the lines after each, up to the next `$ `, the output it must print.

More lines in the same comment, one directive each:

    cmd: COMMAND                a command the reader does not see (indented lines after it
                                continue it), run where the comment stands
    expect: EXPR                a figure the prose quotes, as a Python expression over the
                                output of the last `cmd:` above it, else of the block below:
                                  out, err, rc     stdout, stderr, exit status (of the last
                                                   command; outs, errs, rcs: each command's)
                                  J                the JSON values of stdout's lines, fields
                                                   read as J[2].cached_tokens
                                  has("text")      the text is in stdout or stderr, spaces and
                                                   line breaks not compared
                                  find(r"regex")   re.search over stdout and stderr (MULTILINE)
                                  rows(k=v, ...)   the JSON objects whose fields k equal v
                                  col("f", k=v)    field f of those rows that have it, in order
                                  total("f", k=v)  its sum, rounded to 6 places
                                  about(x, 180)    x within 5% of the figure ("about 180 ms")
                                  read(p), load(p) a file the commands wrote, as text, as JSON
                                  exists(p), png_size(p)   (width, height) of a PNG
                                  figure("reuses {} tokens")   the number the prose of
                                                   the section quotes there ({} a number,
                                                   1,136 read as 1136; {s} a word): the check
                                                   then reads the page itself, so a figure
                                                   edited in the prose alone fails too
                                  prose, page      the text of the section, of the page
                                                   (code blocks and markers left out)
                                A figure the prose does not quote: write 1,136 as 1_136.
    status: N                   the exit status the block's commands must give (default 0);
                                after a `cmd:`, the status of that cmd
    needs: gui|zmq|tokenizers   skipped, with the reason, where the build has no desktop,
                                Python lacks zmq, msgpack and cbor2, or the provider
                                tokenizers are not installed (tools/tokenizers/fetch.sh);
                                `needs: gui for 6 7`: only the block's 6th and 7th commands
                                (then an expect that fails is counted as skipped with them)
    background: K               the block's K-th command keeps running (a server) while the
                                rest run; it is stopped when the block ends
    interrupt: K after S        the K-th command gets Ctrl+C after S seconds and must then exit
                                with `status:` (a command that runs until interrupted)
    timeout: S                  seconds each command may take (default --timeout)
    ports: 5557 5657            fixed ports the commands name: each is replaced by a free port
                                of this machine in every command of the comment and its block,
                                so a port in use elsewhere (another test, a real server) does
                                not fail the page

Commands run in a scratch folder per page holding links to the repository's top-level entries
(so `assets/...`, `tests/data/...`, `tools/...` resolve and files a command writes land in the
scratch folder), with `prefixlens`, `./build/app/prefixlens` and `./build-slim/app/prefixlens`
the binary under test, and HOME and XDG_CACHE_HOME in the scratch folder.

usage: run_docs.py --bin PREFIXLENS [--repo DIR] [--list] [-v] [--timeout S] [PAGE[:LINE]...]
Exit status 0 when every command and figure agrees, 1 on a mismatch, 2 on bad usage.
"""
import argparse
import ast
import glob
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

PAGES = ["README.md", "docs/*.md", "assets/*/README.md"]

# Shell languages of a fence's info string; YAML counts when it has `run:` steps.
SHELL_LANGS = {"sh", "bash", "shell", "console", "zsh", "shell-session"}
COMMAND_LINE = re.compile(
    r"^\s*(\$\s|([A-Za-z_][A-Za-z0-9_]*=\S*\s+)*"
    r"(prefixlens|\./\S+|tools/\S+|python3?|cmake|ctest|cpack|git|cp|mv|rm|mkdir|apt-get|apt|"
    r"sudo|export|cd|curl|wget|vllm|llama-[\w-]+|bash|sh|make|ninja|npm|pip3?|xvfb-run)(\s|$)"
    r"|for\s+\w+\s+in\s)")
FENCE_OPEN = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)")
MARKER_START = re.compile(r"^\s*<!--\s*doctest\b:?\s*(.*)$")
DIRECTIVE = re.compile(
    r"^(cmd|expect|status|needs|background|interrupt|timeout|skip|ports)\s*:\s*(.*)$")
MODES = ("run", "skip", "output", "synopsis")

NEEDS = {
    "gui": "this prefixlens was built without the desktop (-DPREFIXLENS_GUI=OFF)",
    "tokenizers": "the provider tokenizers are not installed (tools/tokenizers/fetch.sh)",
    "zmq": "Python lacks zmq, msgpack or cbor2 (Debian's python3-zmq, python3-msgpack, "
           "python3-cbor2)",
}


class DocError(Exception):
    """A marker or block the runner cannot make sense of: a failure of the page."""


class Marker:
    def __init__(self, line):
        self.line = line
        self.mode = None
        self.reason = None
        self.items = []          # ("cmd"|"expect", line, text) in order
        self.status = None
        self.needs = []
        self.needs_for = {}      # command index (1-based) -> needs of that command alone
        self.background = set()
        self.interrupt = {}      # command index (1-based) -> seconds
        self.timeout = None
        self.end_line = line
        self.ports = []          # fixed ports in the commands, run on free ones
        self.prose = []          # [(line, text)] of its section, code and markers left out
        self.page = ""           # the prose of the whole page


class Block:
    def __init__(self, line, lang, lines, indented=False):
        self.line = line         # 1-based line of the opening fence (of the first line if indented)
        self.lang = lang
        self.lines = lines       # [(line number, text)]
        self.indented = indented
        self.marker = None


def parse_marker(text_lines, first_line):
    """Directives of one <!-- doctest ... --> comment, given its lines without the delimiters."""
    m = Marker(first_line)
    pending = None  # the cmd item whose indented continuation lines follow
    for offset, raw in enumerate(text_lines):
        lineno = first_line + offset
        stripped = raw.strip()
        if not stripped:
            pending = None
            continue
        if pending is not None and raw[:1].isspace() and not DIRECTIVE.match(stripped):
            pending[2] += "\n" + stripped
            continue
        pending = None
        word = stripped.split(None, 1)[0].rstrip(":")
        if stripped in MODES or (word in MODES and word != "skip"):
            m.mode = word
            continue
        d = DIRECTIVE.match(stripped)
        if not d:
            raise DocError("%d: doctest marker: cannot read %r" % (lineno, stripped))
        key, value = d.group(1), d.group(2).strip()
        if key == "skip":
            if not value:
                raise DocError("%d: doctest skip needs a reason" % lineno)
            m.mode, m.reason = "skip", value
        elif key in ("cmd", "expect"):
            if not value:
                raise DocError("%d: doctest %s: is empty" % (lineno, key))
            item = [key, lineno, value]
            m.items.append(item)
            if key == "cmd":
                pending = item
        elif key == "status":
            cmds = [i for i in m.items if i[0] == "cmd"]
            if cmds:
                cmds[-1].append(int(value))
            else:
                m.status = int(value)
        elif key == "needs":
            names, _, which = value.partition(" for ")
            names = names.replace(",", " ").split()
            for n in names:
                if n not in NEEDS:
                    raise DocError("%d: doctest needs: unknown %r (known: %s)"
                                   % (lineno, n, ", ".join(NEEDS)))
            if which:
                for k in which.replace(",", " ").split():
                    m.needs_for.setdefault(int(k), []).extend(names)
            else:
                m.needs.extend(names)
        elif key == "background":
            m.background.add(int(value))
        elif key == "interrupt":
            im = re.match(r"^(\d+)\s+after\s+([\d.]+)$", value)
            if not im:
                raise DocError("%d: doctest interrupt: write 'K after SECONDS'" % lineno)
            m.interrupt[int(im.group(1))] = float(im.group(2))
        elif key == "timeout":
            m.timeout = float(value)
        elif key == "ports":
            m.ports = [int(v) for v in value.replace(",", " ").split()]
    return m


def parse_page(path):
    """The page's code blocks and markers, in order: [Block | Marker]."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    items = []
    prose = [True] * len(lines)   # not inside a code block or a doctest comment
    i = 0
    prev_blank = True
    in_list = False
    while i < len(lines):
        line = lines[i]
        mk = MARKER_START.match(line)
        if mk:
            start = i
            body = [mk.group(1)]
            while "-->" not in body[-1]:
                i += 1
                if i >= len(lines):
                    raise DocError("%d: doctest marker never closed" % (start + 1))
                body.append(lines[i])
            body[-1] = body[-1][:body[-1].index("-->")]
            marker = parse_marker(body, start + 1)
            marker.end_line = i + 1
            for j in range(start, i + 1):
                prose[j] = False
            items.append(marker)
            i += 1
            prev_blank = False
            continue
        fo = FENCE_OPEN.match(line)
        if fo:
            indent, fence, lang = fo.group(1), fo.group(2), fo.group(3).lower()
            start = i
            content = []
            i += 1
            while i < len(lines):
                s = lines[i].strip()
                if s.startswith(fence[0] * len(fence)) and s.strip(fence[0]) == "":
                    break
                text = lines[i]
                if text.startswith(indent):
                    text = text[len(indent):]
                content.append((i + 1, text))
                i += 1
            for j in range(start, min(i + 1, len(lines))):
                prose[j] = False
            items.append(Block(start + 1, lang, content))
            i += 1
            prev_blank = False
            continue
        # An indented code block: four spaces after a blank line, outside a list item.
        if line.strip() and prev_blank and not in_list and line.startswith("    "):
            start = i
            content = []
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                content.append((i + 1, lines[i][4:]))
                i += 1
            while content and not content[-1][1].strip():
                content.pop()
            for j in range(start, start + len(content)):
                prose[j] = False
            items.append(Block(start + 1, "", content, indented=True))
            prev_blank = False
            continue
        if line.strip():
            if re.match(r"^\s*([-*+]|\d+\.)\s", line):
                in_list = True
            elif not line[:1].isspace():
                in_list = False
        prev_blank = not line.strip()
        i += 1
    # Each marker reads the prose of its section: from the heading above it to the next one.
    headings = [j for j, t in enumerate(lines) if prose[j] and re.match(r"^#{1,6} ", t)]
    for item in items:
        if isinstance(item, Marker):
            top = max([h for h in headings if h < item.line - 1] or [0])
            bottom = min([h for h in headings if h > item.line - 1] or [len(lines)])
            item.prose = [(j + 1, lines[j]) for j in range(top, bottom) if prose[j]]
            item.page = "\n".join(t for j, t in enumerate(lines) if prose[j])
    # Attach each marker with a mode to the block right below it.
    out = []
    for k, item in enumerate(items):
        if isinstance(item, Marker) and item.mode is not None:
            nxt = items[k + 1] if k + 1 < len(items) else None
            if not isinstance(nxt, Block):
                raise DocError("%d: doctest %s: no code block below it" % (item.line, item.mode))
            with open(path, encoding="utf-8") as f:
                between = f.read().split("\n")[item.line:nxt.line - 1]
            # The marker's own lines, then at most blank lines before the fence.
            closing = next(j for j, t in enumerate(between + ["-->"]) if "-->" in t)
            if any(t.strip() for t in between[closing + 1:]):
                raise DocError("%d: doctest %s: the code block must follow the comment "
                               "directly" % (item.line, item.mode))
            nxt.marker = item
        out.append(item)
    return out


def is_command_block(block):
    if block.lang in SHELL_LANGS:
        return True
    body = [t for _, t in block.lines]
    if block.lang in ("yaml", "yml"):
        return any(re.match(r"^\s*(-\s+)?run:", t) for t in body)
    if block.lang not in ("", "text", "txt"):
        return False
    return any(COMMAND_LINE.match(t) for t in body)


class Command:
    def __init__(self, line, text, expected=None, expected_line=None):
        self.line = line
        self.text = text
        self.expected = expected            # console output lines, or None
        self.expected_line = expected_line


def split_commands(block):
    """The block's commands: `$ ` lines with the output after each, else every logical line
    (backslash continuations and do/done, if/fi, case/esac bodies joined)."""
    lines = block.lines
    if block.lang in ("yaml", "yml"):
        # Counted, one a `run:` step, never run: the runner runs shell.
        return [Command(n, t.split("run:", 1)[1].strip() or "|") for n, t in lines
                if re.match(r"^\s*(-\s+)?run:", t)]
    if any(t.startswith("$ ") for _, t in lines):
        cmds = []
        for n, t in lines:
            if t.startswith("$ "):
                cmds.append(Command(n, t[2:], [], n + 1))
            elif cmds and cmds[-1].text.endswith("\\") and not cmds[-1].expected:
                cmds[-1].text += "\n" + t
            elif cmds:
                cmds[-1].expected.append(t)
        for c in cmds:
            while c.expected and not c.expected[-1].strip():
                c.expected.pop()
        return cmds
    cmds = []
    current, start, depth = [], None, 0
    for n, t in lines:
        s = t.strip()
        if not current and (not s or s.startswith("#")):
            continue
        if start is None:
            start = n
        current.append(t)
        code = re.sub(r"'[^']*'|\"[^\"]*\"|#.*$", "", s)
        for w in re.findall(r"\b(do|done|if|fi|case|esac)\b", code):
            depth += 1 if w in ("do", "if", "case") else -1
        if s.endswith("\\") or depth > 0:
            continue
        cmds.append(Command(start, "\n".join(current)))
        current, start, depth = [], None, 0
    if current:
        raise DocError("%d: command never ends (a trailing backslash or an open do/if)" % start)
    return cmds


def normalise(text):
    return " ".join(text.split())


def compare_output(expected_lines, actual):
    """None when `actual` reads as the expected lines (`...` lines elided, whitespace free),
    else what differs."""
    chunks, cur = [], []
    lead = trail = False
    for k, t in enumerate(expected_lines):
        if t.strip() == "...":
            if k == 0:
                lead = True
            elif k == len(expected_lines) - 1:
                trail = True
            chunks.append(cur)
            cur = []
        else:
            cur.append(t)
    chunks.append(cur)
    words_chunks = [" ".join(c).split() for c in chunks if " ".join(c).split()]
    text = normalise(actual)
    pos = 0
    for idx, words in enumerate(words_chunks):
        anchored = idx == 0 and not lead
        pat = r"\s".join(re.escape(w) for w in words)
        m = (re.compile(pat).match(text, pos) if anchored else re.compile(pat).search(text, pos))
        if not m:
            # The longest start of the chunk that is there, to name the first word that is not.
            best = 0
            best_end = pos
            for n in range(len(words) - 1, 0, -1):
                p = r"\s".join(re.escape(w) for w in words[:n])
                mm = re.compile(p).match(text, pos) if anchored else re.compile(p).search(text, pos)
                if mm:
                    best, best_end = n, mm.end()
                    break
            if best == 0 and anchored:
                return "the page starts %r, the output %r" % (" ".join(words[:8]),
                                                               text[pos:pos + 60])
            if best == 0:
                return "expected %r, not found in the output" % " ".join(words[:12])
            after = text[best_end:best_end + 60].strip()
            return ("after %r the page has %r, the output %r"
                    % (" ".join(words[max(0, best - 6):best]), " ".join(words[best:best + 6]),
                       after))
        pos = m.end()
    if not trail and text[pos:].strip():
        return "the output goes on where the page stops: %r (end the block with '...')" % (
            text[pos:pos + 80])
    return None


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError("no field %r (fields: %s)"
                                 % (name, ", ".join(list(self.keys())[:20])))


def wrap(v):
    if isinstance(v, dict):
        return AttrDict((k, wrap(x)) for k, x in v.items())
    if isinstance(v, list):
        return [wrap(x) for x in v]
    return v


def json_lines(text):
    values = []
    for line in text.splitlines():
        s = line.strip()
        if s[:1] in ("{", "["):
            try:
                values.append(wrap(json.loads(s)))
            except ValueError:
                pass
    return values


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s is not a PNG" % path)
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


class Result:
    def __init__(self, outs, errs, rcs, cwd):
        self.outs, self.errs, self.rcs, self.cwd = outs, errs, rcs, cwd

    def namespace(self):
        out = "".join(self.outs)
        err = "".join(self.errs)
        both = out + "\n" + err
        values = json_lines(out)

        def rows(**where):
            return [j for j in values if isinstance(j, dict)
                    and all(j.get(k) == v for k, v in where.items())]

        def col(field, **where):
            return [j[field] for j in rows(**where) if field in j]

        def total(field, digits=6, **where):
            return round(sum(col(field, **where)), digits)

        def here(path):
            return os.path.join(self.cwd, path)

        def read(path):
            with open(here(path), encoding="utf-8") as f:
                return f.read()

        return {
            "read": read, "load": lambda path: wrap(json.loads(read(path))),
            "exists": lambda path: os.path.exists(here(path)),
            "png_size": lambda path: png_size(here(path)),
            "out": out, "err": err, "rc": self.rcs[-1] if self.rcs else None,
            "outs": self.outs, "errs": self.errs, "rcs": self.rcs,
            "J": values, "rows": rows, "col": col, "total": total,
            "about": lambda value, figure, rel=0.05: abs(value - figure) <= rel * abs(figure),
            "has": lambda s: normalise(s) in normalise(both),
            "find": lambda p: re.search(p, both, re.MULTILINE),
            "re": re, "len": len, "sum": sum, "round": round, "min": min, "max": max,
            "abs": abs, "all": all, "any": any, "sorted": sorted, "set": set, "int": int,
            "float": float, "str": str, "list": list, "tuple": tuple, "range": range,
            "zip": zip, "enumerate": enumerate, "next": next,
        }


NUMBER = r"(-?\d[\d,]*(?:\.\d+)?)"


def to_number(text):
    text = text.replace(",", "")
    return float(text) if "." in text else int(text)


class FigureError(Exception):
    pass


def make_figure(prose, used):
    """figure("reuses {} tokens"): the number the section's prose quotes there ({} a number,
    1,136 read as 1136; {s} a word), so the check compares the output with the page itself."""
    text = "\n".join(t for _, t in prose)
    starts, pos = [], 0
    for _, t in prose:
        starts.append(pos)
        pos += len(t) + 1

    def figure(pattern):
        rx = ""
        for part in re.split(r"(\{\}|\{s\}|\s+)", pattern):
            if part == "{}":
                rx += NUMBER
            elif part == "{s}":
                rx += r"([^\s|]+)"
            elif part and part.isspace():
                rx += r"\s+"
            else:
                rx += re.escape(part)
        found = list(re.finditer(rx, text))
        if not found:
            raise FigureError("the prose of this section does not say %r" % pattern)
        values = []
        for m in found:
            v = tuple(to_number(g) if re.fullmatch(NUMBER, g) else g.strip("`")
                      for g in m.groups())
            if v not in values:
                values.append(v)
        if len(values) > 1:
            raise FigureError("the prose says %r with different figures: %s" % (pattern, values))
        k = max(i for i, st in enumerate(starts) if st <= found[0].start())
        value = values[0][0] if len(values[0]) == 1 else values[0]
        used.append((pattern, value, prose[k][0]))
        return value

    return figure


def describe(node, env):
    """Why an expression came out false: a comparison's two sides, the first false term of an
    `and`."""
    def value(n):
        shown = repr(eval(compile(ast.Expression(n), "<expect>", "eval"), env, env))
        return shown if len(shown) <= 300 else shown[:300] + "..."

    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        for term in node.values:
            if not eval(compile(ast.Expression(term), "<expect>", "eval"), env, env):
                return describe(term, env)
    if isinstance(node, ast.Compare):
        sides = [node.left] + list(node.comparators)
        def is_figure(n):
            return (isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                    and n.func.id == "figure")

        return "; ".join("%s is %s" % (ast.unparse(n), value(n)) for n in sides
                         if not isinstance(n, ast.Constant) and not is_figure(n))
    if isinstance(node, ast.Call) and node.args:
        return "%s is false: %s" % (ast.unparse(node), ", ".join(
            "%s is %s" % (ast.unparse(a), value(a)) for a in node.args
            if not isinstance(a, ast.Constant)))
    return "%s is false" % ast.unparse(node)


def evaluate(expr, result, prose=(), page=""):
    """(None, []) when the expression holds, else what the output had and the figures the
    prose quoted for it: [(pattern, value, line)]."""
    # One namespace for globals and locals: comprehensions see the helpers.
    env = result.namespace()
    env["__builtins__"] = {}
    used = []
    env["figure"] = make_figure(prose, used)
    env["prose"] = "\n".join(t for _, t in prose)
    env["page"] = page
    try:
        if eval(compile(expr, "<expect>", "eval"), env, env):
            return None, []
    except FigureError as e:
        return str(e), []
    except Exception as e:  # the expression itself failed on this output: a mismatch
        return "%s: %s" % (type(e).__name__, e), []
    try:
        why = describe(ast.parse(expr, mode="eval").body, env)
    except Exception:
        why = "false"
    said = []
    for pattern, value, line in used:
        if (pattern, value, line) not in said:
            said.append((pattern, value, line))
    return why, said


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def python_has_zmq():
    probe = subprocess.run(["python3", "-c", "import zmq, msgpack, cbor2"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return probe.returncode == 0


def binary_has_gui(binary):
    probe = subprocess.run([binary, "shot", "--lesson", "no-such-lesson", "-o", os.devnull],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=120)
    return "PREFIXLENS_GUI=OFF" not in probe.stderr


class Runner:
    def __init__(self, args):
        self.args = args
        self.repo = os.path.abspath(args.repo)
        self.binary = os.path.abspath(args.bin)
        self.failures = []
        self.totals = {"run": 0, "skipped": 0, "figures": 0}
        self._needs = {}

    def need_missing(self, need):
        if need not in self._needs:
            if need == "gui":
                self._needs[need] = not binary_has_gui(self.binary)
            elif need == "tokenizers":
                self._needs[need] = not (os.environ.get("PREFIXLENS_TOKENIZERS") or any(
                    os.path.isdir(os.path.join(d, "assets", "tokenizers", "o200k_base"))
                    for d in (self.repo, self.binary_source())))
            elif need == "zmq":
                self._needs[need] = not python_has_zmq()
        return self._needs[need]

    def binary_source(self):
        """The source tree a binary in its build tree reads its assets from (BUILD/app/..)."""
        cache = os.path.join(os.path.dirname(os.path.dirname(self.binary)), "CMakeCache.txt")
        try:
            with open(cache, encoding="utf-8") as f:
                for line in f:
                    if line.startswith("CMAKE_HOME_DIRECTORY:"):
                        return line.split("=", 1)[1].strip()
        except OSError:
            pass
        return self.repo

    def fail(self, page, line, message):
        self.failures.append("%s:%d: %s" % (page, line, message))

    # The scratch folder of one page.
    def make_scratch(self):
        scratch = tempfile.mkdtemp(prefix="prefixlens-docs-")
        for name in os.listdir(self.repo):
            if name == ".git" or name.startswith("build"):
                continue
            os.symlink(os.path.join(self.repo, name), os.path.join(scratch, name))
        for sub in ("build/app", "build-slim/app", ".bin"):
            os.makedirs(os.path.join(scratch, sub), exist_ok=True)
            os.symlink(self.binary, os.path.join(scratch, sub, "prefixlens"))
        os.makedirs(os.path.join(scratch, ".home", ".cache"))
        env = dict(os.environ)
        env["PATH"] = os.path.join(scratch, ".bin") + os.pathsep + env.get("PATH", "")
        env["HOME"] = os.path.join(scratch, ".home")
        env["XDG_CACHE_HOME"] = os.path.join(scratch, ".home", ".cache")
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        return scratch, env

    def start(self, text, scratch, env):
        return subprocess.Popen(["bash", "-c", text], cwd=scratch, env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, start_new_session=True)

    def run_one(self, text, scratch, env, timeout, interrupt_after=None):
        """(stdout, stderr, exit status or None on a timeout, seconds)."""
        t0 = time.monotonic()
        p = self.start(text, scratch, env)
        if interrupt_after is not None:
            try:
                out, err = p.communicate(timeout=interrupt_after)
                return out, err, p.returncode, time.monotonic() - t0
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGINT)
        try:
            out, err = p.communicate(timeout=timeout)
            return out, err, p.returncode, time.monotonic() - t0
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
            return out, err, None, time.monotonic() - t0

    def start_background(self, text, scratch, env, timeout):
        """A server: started, and given until its first line of output to be ready."""
        p = self.start(text, scratch, env)
        got = {"out": [], "err": []}
        ready = threading.Event()

        def pump(stream, key, signal_ready):
            for line in stream:
                got[key].append(line)
                if signal_ready:
                    ready.set()
            ready.set()

        threads = [threading.Thread(target=pump, args=(p.stdout, "out", True), daemon=True),
                   threading.Thread(target=pump, args=(p.stderr, "err", False), daemon=True)]
        for t in threads:
            t.start()
        ready.wait(timeout)
        return p, got, threads

    def stop_background(self, bg):
        p, got, threads = bg
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        for t in threads:
            t.join(5)

    def check_figures(self, page, expects, result, counts, marker):
        for line, expr in expects:
            why, said = evaluate(expr, result, marker.prose, marker.page)
            if why and getattr(result, "skipped", None):
                # It may read what a skipped command would have written: skipped with it.
                self.skip("a figure of a skipped command: " + result.skipped[0], 1)
                continue
            counts["figures"] += 1
            if why and said:
                # Named where the reader sees the figure: the prose line.
                self.fail(page, said[0][2], "the page says %s, the output: %s (the expect at "
                          "line %d: %s)" % (", ".join("%r (%s)" % (v, p) for p, v, _ in said),
                                            why, line, expr))
            elif why:
                self.fail(page, line, "expect %s: %s" % (expr, why))

    def run_commands(self, page, cmds, marker, scratch, env, counts, want=None):
        """Runs a block's (or a marker's hidden) commands; the Result of the foreground ones."""
        timeout = (marker.timeout if marker and marker.timeout else self.args.timeout)
        if want is None:
            want = marker.status if marker and marker.status is not None else 0
        background = marker.background if marker else set()
        interrupts = marker.interrupt if marker else {}
        outs, errs, rcs, servers, skipped = [], [], [], [], []
        try:
            for k, c in enumerate(cmds, 1):
                missing = [n for n in (marker.needs_for.get(k, []) if marker else [])
                           if self.need_missing(n)]
                if missing:
                    self.skip(NEEDS[missing[0]], 1)
                    skipped.append(NEEDS[missing[0]])
                    continue
                counts["run"] += 1
                if k in background:
                    servers.append((c, self.start_background(c.text, scratch, env, timeout)))
                    continue
                out, err, rc, secs = self.run_one(c.text, scratch, env, timeout,
                                                  interrupts.get(k))
                if self.args.verbose:
                    print("  %s:%d: %.1f s, status %s: %s" % (page, c.line, secs, rc,
                                                             c.text.splitlines()[0][:90]))
                outs.append(out)
                errs.append(err)
                rcs.append(rc)
                if rc is None:
                    self.fail(page, c.line, "still running after %g s: %s" % (timeout, c.text))
                elif rc != want:
                    tail = (err.strip() or out.strip()).splitlines()[-3:]
                    self.fail(page, c.line, "exit status %d, the page expects %d: %s\n    %s"
                              % (rc, want, c.text, "\n    ".join(tail)))
                if c.expected is not None:
                    counts["figures"] += 1
                    why = compare_output(c.expected, out + err)
                    if why:
                        self.fail(page, c.expected_line, "output of '%s': %s"
                                  % (c.text.splitlines()[0], why))
        finally:
            for c, bg in servers:
                self.stop_background(bg)
                p, got, _ = bg
                if p.returncode not in (0, -signal.SIGTERM, 128 + signal.SIGTERM) and not any(
                        got["out"]):
                    self.fail(page, c.line, "the server did not start (status %s): %s"
                              % (p.returncode, "".join(got["err"])[-300:]))
        result = Result(outs, errs, rcs, scratch)
        result.skipped = skipped
        return result

    def run_page(self, page, only_lines):
        path = os.path.join(self.repo, page)
        counts = {"run": 0, "skipped": 0, "figures": 0}
        skips = {}
        try:
            items = parse_page(path)
        except DocError as e:
            self.fail(page, int(str(e).split(":")[0]), str(e).split(":", 1)[1].strip())
            return counts, skips
        scratch, env = (None, None) if self.args.list else self.make_scratch()

        def skip(line, reason, n):
            counts["skipped"] += n
            skips[reason] = skips.get(reason, 0) + n

        self.skip = lambda reason, n: skip(0, reason, n)

        try:
            for k, item in enumerate(items):
                if isinstance(item, Block):
                    if item.marker is None:
                        if is_command_block(item):
                            self.fail(page, item.line,
                                      "a code block with a command and no doctest marker: "
                                      "put <!-- doctest: run --> or <!-- doctest: skip: WHY "
                                      "--> above it")
                        continue
                    if item.indented and item.marker.mode in ("run", "skip"):
                        self.fail(page, item.line, "fence this indented block (```sh) so "
                                                   "its marker is read with it")
                    continue
                marker = item
                block = items[k + 1] if marker.mode is not None else None
                end = block.line + len(block.lines) + 1 if block else marker.end_line
                if only_lines and not any(marker.line <= ln <= end for ln in only_lines):
                    continue
                try:
                    self.run_marker(page, marker, block, scratch, env, counts, skip)
                except DocError as e:
                    self.fail(page, marker.line, str(e))
        finally:
            if scratch:
                shutil.rmtree(scratch, ignore_errors=True)
        return counts, skips

    def run_marker(self, page, marker, block, scratch, env, counts, skip):
        cmds = split_commands(block) if block is not None and marker.mode in ("run", "skip") \
            else []
        hidden = [i for i in marker.items if i[0] == "cmd"]
        if marker.mode == "run" and block.lang in ("yaml", "yml"):
            raise DocError("doctest run: a YAML block is not run; skip it and check its "
                           "commands with cmd: lines")
        if marker.mode == "run" and not cmds:
            raise DocError("doctest run: the block below holds no command")
        if marker.mode == "skip":
            skip(marker.line, marker.reason, len(cmds) or 1)
            if marker.items:
                raise DocError("doctest skip: a skipped block checks nothing; put its cmd: "
                               "and expect: lines in a marker of their own")
            return
        if not self.args.list:
            missing = [n for n in marker.needs if self.need_missing(n)]
            if missing:
                skip(marker.line, NEEDS[missing[0]], len(cmds) + len(hidden) or 1)
                return
        else:
            counts["run"] += len(cmds) + len(hidden)
            counts["figures"] += sum(1 for i in marker.items if i[0] == "expect") + sum(
                1 for c in cmds if c.expected is not None) + (
                1 if marker.mode in ("output", "synopsis") else 0)
            return
        if marker.ports:
            remap = {port: free_port() for port in marker.ports}

            def moved(text):
                for port, free in remap.items():
                    text = re.sub(r"(?<![\d.])%d(?!\d)" % port, str(free), text)
                return text

            for c in cmds:
                c.text = moved(c.text)
            for item in marker.items:
                if item[0] == "cmd":
                    item[2] = moved(item[2])
        result = None
        expects = []
        if marker.mode == "run":
            result = self.run_commands(page, cmds, marker, scratch, env, counts)
        for kind, line, text, *status in marker.items:
            if kind == "cmd":
                if expects:
                    self.check_figures(page, expects, result, counts, marker)
                    expects = []
                c = Command(line, text)
                result = self.run_commands(page, [c], marker if marker.mode != "run" else None,
                                           scratch, env, counts, status[0] if status else 0)
            else:
                if result is None:
                    raise DocError("doctest expect: no command above it and no run block "
                                   "below it")
                expects.append((line, text))
        if expects:
            self.check_figures(page, expects, result, counts, marker)
        if marker.mode == "output":
            if result is None:
                raise DocError("doctest output: needs a cmd: in the same comment")
            counts["figures"] += 1
            why = compare_output([t for _, t in block.lines],
                                 "".join(result.outs) + "".join(result.errs))
            if why:
                self.fail(page, block.line, "the block is not what '%s' prints: %s"
                          % (hidden[-1][2].splitlines()[0], why))
        if marker.mode == "synopsis":
            self.check_synopsis(page, block, scratch, env, counts)

    def check_synopsis(self, page, block, scratch, env, counts):
        out, err, rc, _ = self.run_one("prefixlens help", scratch, env, self.args.timeout)
        counts["run"] += 1
        counts["figures"] += 1
        usage = out + err
        flag = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*|-o)\b")
        documented = set(flag.findall("\n".join(t for _, t in block.lines)))
        # The usage lines, not the prose between them (which names other programs' flags).
        printed = set()
        for line in usage.splitlines():
            s = line.strip()
            if s.startswith("prefixlens") or s.startswith("[") or s.startswith("PENALTIES"):
                printed |= set(flag.findall(s))
        missing = sorted(printed - documented)
        if missing:
            self.fail(page, block.line, "prefixlens help prints %s, which this synopsis does "
                                        "not" % ", ".join(missing))

    def run(self, selections):
        pages = []
        for pattern in PAGES:
            pages += sorted(os.path.relpath(p, self.repo)
                            for p in glob.glob(os.path.join(self.repo, pattern)))
        only = {}
        for sel in selections:
            name, _, line = sel.partition(":")
            name = os.path.relpath(os.path.abspath(name), self.repo) \
                if os.path.exists(name) else name
            if name not in pages:
                print("run_docs.py: %s is not one of the pages it reads" % sel, file=sys.stderr)
                return 2
            only.setdefault(name, set())
            if line:
                only[name].add(int(line))
        t_all = time.monotonic()
        for page in pages:
            if only and page not in only:
                continue
            t0 = time.monotonic()
            counts, skips = self.run_page(page, only.get(page))
            for key in self.totals:
                self.totals[key] += counts[key]
            if not (counts["run"] or counts["skipped"] or counts["figures"]):
                continue
            reasons = "; ".join("%s%s" % (r, " x%d" % n if n > 1 else "")
                                for r, n in skips.items())
            print("%s: %d commands run, %d skipped%s, %d figures checked%s" % (
                page, counts["run"], counts["skipped"], " (%s)" % reasons if reasons else "",
                counts["figures"], "" if self.args.list else " (%.0f s)" % (time.monotonic() - t0)),
                flush=True)
        print("total: %d commands run, %d skipped, %d figures checked, %d mismatches%s" % (
            self.totals["run"], self.totals["skipped"], self.totals["figures"],
            len(self.failures),
            "" if self.args.list else " (%.0f s)" % (time.monotonic() - t_all)))
        for f in self.failures:
            print("FAIL " + f)
        return 1 if self.failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", required=True, help="the prefixlens binary under test")
    ap.add_argument("--repo", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    ap.add_argument("--list", action="store_true",
                    help="classify the blocks and count them, run nothing")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per command")
    ap.add_argument("-v", "--verbose", action="store_true", help="each command and its time")
    ap.add_argument("pages", nargs="*", help="PAGE or PAGE:LINE (a marker's or block's line)")
    args = ap.parse_args()
    if not args.list and not os.access(args.bin, os.X_OK):
        print("run_docs.py: %s is not an executable" % args.bin, file=sys.stderr)
        return 2
    return Runner(args).run(args.pages)


if __name__ == "__main__":
    sys.exit(main())
