#!/usr/bin/env bash
# The hardening checks (`./quickstart check` installs what they need, then runs this):
#   1. builds the tree with clang, AddressSanitizer, UndefinedBehaviorSanitizer and the
#      libFuzzer targets of tests/fuzz, into build-check/ (PREFIXLENS_CHECK_BUILD_DIR); not the
#      model builders of tools/, which no suite runs,
#   2. runs every test suite there (but the .deb's, test_package, and the docs' plain_docs and
#      plain_format_keys) with leak detection on (tests/sanitize/ says what is
#      preloaded and why nothing is suppressed); a suite with a matrix of layouts and languages
#      (test_i18n's text fit) runs each layout in one language there (PREFIXLENS_SANITIZED),
#      the whole matrix in the plain build,
#   3. replays the fuzz regression inputs and fuzzes each target for PREFIXLENS_FUZZ_SECONDS
#      (default 20; 5 in CI, where the time goes to the suites: long fuzzing is for our own
#      runs, `tools/fuzz.sh --time 600`) with tools/fuzz.sh.
# Any sanitizer report, failed test or fuzz crash exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${PREFIXLENS_CHECK_BUILD_DIR:-build-check}"
seconds="${PREFIXLENS_FUZZ_SECONDS:-20}"
werror=OFF
if [ "${CI:-}" = "true" ]; then
  werror=ON
  seconds="${PREFIXLENS_FUZZ_SECONDS:-5}"
fi
stage() { printf '== check: %s\n' "$*"; }
t0=$SECONDS
stage "configure and build with clang, ASan+UBSan, libFuzzer (into $build)"
# Line tables are all a sanitizer's stack needs: full debug info would double the time the
# instrumented objects take to compile and link.
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
  -DPREFIXLENS_FUZZ=ON -DPREFIXLENS_TOOLS=OFF -DPREFIXLENS_WERROR="$werror" >/dev/null
cmake --build "$build" -j"$(nproc)"
t1=$SECONDS
stage "build: $((t1 - t0)) s; the test suites under the sanitizers"
# The docs' commands and the formats' key comparison run the same code as the suites, at
# ASan's speed several times over: they run in the plain build (./quickstart test) only.
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" -E '^(plain_docs|plain_format_keys)$'
t2=$SECONDS
stage "sanitized suites: $((t2 - t1)) s; fuzzing each target for $seconds s"
# In CI the mutations are seeded, so a run fails only on what the same inputs would show again.
seed=()
[ "${CI:-}" = "true" ] && seed=(--seed "${PREFIXLENS_FUZZ_SEED:-1}")
tools/fuzz.sh --build "$build" --time "$seconds" "${seed[@]}"
stage "fuzzing: $((SECONDS - t2)) s; all checks passed in $((SECONDS - t0)) s"
