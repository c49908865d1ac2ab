#!/bin/sh
# The .deb as a user gets it: cpack builds it from this build tree, dpkg -x unpacks it into a
# scratch root, and the unpacked usr/bin/prefixlens must print its version and play a scenario
# on the built-in model from the unpacked usr/share/prefixlens/assets. Then the test removes those
# assets and checks that the binary fails naming them: proof that nothing else (the source
# tree this build came from) stood in for the installed copy.
#
# usage: test_package.sh BUILD_DIR VERSION
set -eu

build=$1
version=$2

for tool in cpack dpkg dpkg-deb python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool is not installed"
        exit 77
    fi
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/prefixlens-package.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# Staging and output both go to the scratch folder, not into the build tree.
if ! cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/packages" \
    >"$scratch/cpack.log" 2>&1; then
    cat "$scratch/cpack.log" >&2
    fail "cpack -G DEB failed"
fi
deb=$(find "$scratch/packages" -maxdepth 1 -name 'prefixlens_*.deb' | head -n 1)
[ -n "$deb" ] || fail "cpack made no prefixlens_*.deb: $(ls "$scratch/packages")"
echo "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

dpkg-deb --field "$deb" Package | grep -qx prefixlens || fail "the package is not named prefixlens"
dpkg-deb --field "$deb" Version | grep -qx "$version" || fail "the package version is not $version"
depends=$(dpkg-deb --field "$deb" Depends)
echo "Depends: $depends"
case "$depends" in
*libqt6widgets*) ;;
*) fail "Depends lacks the Qt 6 Widgets library: $depends" ;;
esac
case "$depends" in
*libopenblas0*) ;;
*) fail "Depends lacks OpenBLAS, which the CPU backend loads at run time: $depends" ;;
esac

root="$scratch/root"
dpkg -x "$deb" "$root"
for f in usr/bin/prefixlens \
    usr/share/prefixlens/assets/model/config.json \
    usr/share/prefixlens/assets/model/model.safetensors \
    usr/share/prefixlens/assets/model/vocab.json \
    usr/share/prefixlens/assets/model/merges.txt \
    usr/share/prefixlens/assets/scenarios/shared-system-prompt.json \
    usr/share/prefixlens/assets/lint/pricing.json \
    usr/share/prefixlens/assets/lint/min_cacheable_tokens.json \
    usr/share/applications/io.github.prefixlens.PrefixLens.desktop \
    usr/share/icons/hicolor/scalable/apps/io.github.prefixlens.PrefixLens.svg \
    usr/share/metainfo/io.github.prefixlens.PrefixLens.metainfo.xml \
    usr/share/doc/prefixlens/copyright; do
    [ -f "$root/$f" ] || fail "the package lacks /$f"
done

bin="$root/usr/bin/prefixlens"
unset PREFIXLENS_ASSETS
# Run from the scratch folder, so no relative path can reach the source tree either.
cd "$scratch"

out=$("$bin" --version) || fail "prefixlens --version failed"
[ "$out" = "prefixlens $version" ] || fail "--version printed '$out', expected 'prefixlens $version'"
echo "$out"

"$bin" run --list >"$scratch/list.txt" || fail "prefixlens run --list failed"
grep -q '^shared-system-prompt ' "$scratch/list.txt" || fail "run --list lacks shared-system-prompt"

if ! "$bin" run shared-system-prompt --backend cpu --json >"$scratch/run.jsonl" \
    2>"$scratch/run.err"; then
    cat "$scratch/run.err" >&2
    fail "the installed prefixlens could not run shared-system-prompt"
fi
python3 - "$scratch/run.jsonl" "$root/usr/share/prefixlens/assets/scenarios/shared-system-prompt.json" <<'EOF'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
scenario = json.load(open(sys.argv[2]))
assert len(lines) == len(scenario["requests"]), (len(lines), len(scenario["requests"]))
for i, r in enumerate(lines):
    assert r["request"] == i, r["request"]
    assert r["cached_tokens"] + r["computed_tokens"] == r["prompt_tokens"], r
    assert r["output_tokens"] > 0, r
    assert len(r["blocks"]) > 0, r
# The point of the scenario: later requests reuse the shared system prompt.
assert lines[0]["cached_tokens"] == 0, lines[0]["cached_tokens"]
assert any(r["cached_tokens"] > 0 for r in lines[1:]), "no request reused the shared prefix"
print("run: %d requests, %d of %d prompt tokens reused" % (
    len(lines), sum(r["cached_tokens"] for r in lines), sum(r["prompt_tokens"] for r in lines)))
EOF

# Without its assets the installed binary must fail and say where it looked.
assets="$root/usr/share/prefixlens/assets"
mv "$assets" "$scratch/assets-moved"
status=0
"$bin" run shared-system-prompt --backend cpu --json >/dev/null 2>"$scratch/missing.err" || status=$?
[ "$status" -eq 2 ] || fail "with its assets gone the installed binary exited $status, not 2"
grep -q "$assets" "$scratch/missing.err" ||
    fail "with its assets gone the error does not name $assets: $(cat "$scratch/missing.err")"
echo "without assets: $(cat "$scratch/missing.err")"
# And the model: a scenario given as a file gets past the scenarios to the missing model.
status=0
"$bin" run "$scratch/assets-moved/scenarios/shared-system-prompt.json" --backend cpu --json \
    >/dev/null 2>"$scratch/missing.err" || status=$?
[ "$status" -eq 2 ] || fail "with its model gone the installed binary exited $status, not 2"
grep -q "$assets/model" "$scratch/missing.err" ||
    fail "with its model gone the error does not name $assets/model: $(cat "$scratch/missing.err")"
echo "without the model: $(cat "$scratch/missing.err")"

if command -v appstreamcli >/dev/null 2>&1; then
    appstreamcli validate --no-net "$root/usr/share/metainfo/io.github.prefixlens.PrefixLens.metainfo.xml" ||
        fail "appstreamcli rejects the metainfo"
fi
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$root/usr/share/applications/io.github.prefixlens.PrefixLens.desktop" ||
        fail "desktop-file-validate rejects the desktop entry"
fi
echo "PASS"
