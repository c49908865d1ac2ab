#!/usr/bin/env bash
# A git pre-commit hook: `prefixlens lint` over the prompt files a commit adds or changes, as
# they are staged (not as they are in the working tree). The commit stops when a finding reaches
# the --fail-on level or a file cannot be read; `git commit --no-verify` skips the hook.
#
# Install in a repository (docs/lint-in-ci.md):
#   cp tools/pre-commit-lint.sh /path/to/repo/.git/hooks/pre-commit    (or a symbolic link)
# Settings, from git config or the environment (the environment wins):
#   prefixlens.bin    PREFIXLENS_BIN      the prefixlens to run (default: prefixlens on PATH)
#   prefixlens.paths  PREFIXLENS_PATHS    git pathspecs of the prompt files, space-separated
#                                         (default: '*.prompt.json' 'prompts/*.json' 'prompts/*.jsonl')
#   prefixlens.failOn PREFIXLENS_FAIL_ON  note, warning or error (default: warning)
set -euo pipefail

setting() {  # setting ENV_VALUE GIT_KEY DEFAULT
    if [ -n "$1" ]; then
        printf '%s\n' "$1"
    else
        git config --get "$2" 2>/dev/null || printf '%s\n' "$3"
    fi
}

bin=$(setting "${PREFIXLENS_BIN:-}" prefixlens.bin prefixlens)
paths=$(setting "${PREFIXLENS_PATHS:-}" prefixlens.paths "*.prompt.json prompts/*.json prompts/*.jsonl")
fail_on=$(setting "${PREFIXLENS_FAIL_ON:-}" prefixlens.failOn warning)

case "$bin" in /*) ;; */*) bin="$PWD/$bin" ;; esac  # hooks run at the top of the work tree
if ! command -v "$bin" >/dev/null 2>&1; then
    echo "pre-commit: '$bin' not found; set prefixlens.bin (git config) or PREFIXLENS_BIN" >&2
    exit 1
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/prefixlens-hook.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM

# The staged files, added, copied, modified or renamed; NUL-separated so any name survives.
# set -f: the pathspecs reach git unexpanded (git matches them against the index).
set -f
# shellcheck disable=SC2086  # one pathspec a word
mapfile -d '' files < <(git diff --cached --name-only --diff-filter=ACMR -z -- $paths)
set +f
((${#files[@]})) || exit 0

# Their staged contents, under the same relative names, so lint's messages name the repository's
# paths. Then lint from there.
git checkout-index --prefix="$scratch/index/" -- "${files[@]}"
args=()
for f in "${files[@]}"; do
    case "$f" in -*) args+=("./$f") ;; *) args+=("$f") ;; esac  # not an option
done
status=0
(cd "$scratch/index" && "$bin" lint --fail-on "$fail_on" "${args[@]}") || status=$?
case $status in
    0) exit 0 ;;
    1) echo "pre-commit: prefixlens lint found problems at '$fail_on' or above (git commit --no-verify skips this check)" >&2 ;;
    *) echo "pre-commit: prefixlens lint could not check the staged prompt files (exit $status)" >&2 ;;
esac
exit 1
