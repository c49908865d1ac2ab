#!/usr/bin/env bash
# tools/pre-commit-lint.sh installed as a real hook in a scratch repository: a commit of a
# prompt with a timestamp at the head of its system prompt is refused with lint's finding
# naming the staged file; a clean prompt commits; the staged content is linted, not the
# working tree's; files outside the configured paths are not linted.
#
# usage: pre_commit_hook.sh PREFIXLENS_BIN HOOK LINT_FIXTURES_DIR
set -euo pipefail
bin=$1 hook=$2 fixtures=$3

command -v git >/dev/null || { echo "SKIP: git is not installed"; exit 77; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/prefixlens-hook-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

repo="$scratch/repo"
git init -q "$repo"
cd "$repo"
cp "$hook" .git/hooks/pre-commit
git config user.name "hook test"
git config user.email "hook-test@example.invalid"
git config prefixlens.bin "$bin"
mkdir prompts

commit() { git commit -q -m "$1" >"$scratch/out" 2>&1; }

# A timestamp at the head of the system prompt: refused, the finding names the staged path.
cp "$fixtures/anthropic-chatbot.json" prompts/chatbot.json
git add prompts/chatbot.json
if commit "dynamic prefix"; then
    fail "a commit with a dynamic prefix went through"
fi
grep -Eq '^prompts/chatbot.json:[0-9]+:[0-9]+: warning: .*\[dynamic-prefix\]' "$scratch/out" ||
    fail "no dynamic-prefix finding for prompts/chatbot.json in: $(cat "$scratch/out")"
grep -q 'no-verify' "$scratch/out" || fail "the refusal does not say how to skip the hook"

# The same path staged clean, with the broken version left in the working tree: commits.
cp "$fixtures/clean.json" prompts/chatbot.json
git add prompts/chatbot.json
cp "$fixtures/anthropic-chatbot.json" prompts/chatbot.json
commit "clean prompt" || fail "a clean staged prompt was refused: $(cat "$scratch/out")"

# Outside the configured paths nothing is linted; inside them, a file lint cannot read stops
# the commit.
cp "$fixtures/anthropic-chatbot.json" notes.json
git add notes.json
commit "not a prompt" || fail "a file outside the prompt paths was linted: $(cat "$scratch/out")"
cp "$fixtures/bad-json.json" prompts/broken.json
git add prompts/broken.json
if commit "broken"; then
    fail "a prompt lint cannot read was committed"
fi
grep -Eq '^(prefixlens: )?prompts/broken.json:[0-9]+:[0-9]+: ' "$scratch/out" || fail "no error naming prompts/broken.json: $(cat "$scratch/out")"
grep -q 'could not check' "$scratch/out" || fail "the hook does not say the check failed: $(cat "$scratch/out")"
git reset -q prompts/broken.json

# prefixlens.failOn=error lets warnings through.
cp "$fixtures/anthropic-chatbot.json" prompts/second.json
git add prompts/second.json
git config prefixlens.failOn error
commit "warnings allowed" || fail "--fail-on error still refused a warning: $(cat "$scratch/out")"
echo "pre-commit hook: refuses, accepts and names files as expected"
