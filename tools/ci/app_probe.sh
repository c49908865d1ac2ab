#!/usr/bin/env bash
# Inside the fresh root (tools/ci/fresh_root.sh copies it to /opt/ci): proves `./quickstart app`
# opens. The window must still be up SECONDS (default 8) after quickstart execs the binary; the
# clock starts at the exec, not before quickstart's build check. Anything alarming the app
# writes to stderr fails the probe too.
set -euo pipefail
cd /src
secs=${1:-8}
bin=/src/build/app/prefixlens
# What a desktop session provides; without it Qt warns on stderr.
export XDG_RUNTIME_DIR=/tmp/runtime-root
mkdir -p -m 0700 "$XDG_RUNTIME_DIR"

# The build check (a no-op after stage test) and the binary's own start, without a display.
./quickstart app --version

out=/tmp/app.out err=/tmp/app.err
xvfb-run -a -s "-screen 0 1280x800x24" ./quickstart app >"$out" 2>"$err" &
runner=$!

app=""
for ((i = 0; i < 1800; i++)); do # up to 180 s for quickstart's build check
  for p in /proc/[0-9]*; do
    if [ "$(readlink "$p/exe" 2>/dev/null)" = "$bin" ]; then
      app=${p#/proc/}
      break
    fi
  done
  [ -n "$app" ] && break
  kill -0 "$runner" 2>/dev/null || break
  sleep 0.1
done

show() {
  echo "--- app stdout:"; cat "$out"
  echo "--- app stderr:"; cat "$err"
}

if [ -z "$app" ]; then
  rc=0; wait "$runner" || rc=$?
  show
  echo "app_probe: FAIL: quickstart app never started $bin (exit $rc)" >&2
  exit 1
fi
echo "app_probe: $bin started (pid $app), watching it for $secs s"
for ((i = 0; i < secs * 10; i++)); do
  if ! kill -0 "$app" 2>/dev/null; then
    rc=0; wait "$runner" || rc=$?
    show
    echo "app_probe: FAIL: the app exited after $((i / 10)) s (exit $rc), before the timeout" >&2
    exit 1
  fi
  sleep 0.1
done
kill -TERM "$app"
wait "$runner" || true
show
if grep -Eiq 'qt\.qpa|could not|cannot|failed|error|critical|fatal|abort|segmentation|QXcb|glx|egl|vulkan' "$err"; then
  echo "app_probe: FAIL: the app ran $secs s but its stderr looks wrong (above)" >&2
  exit 1
fi
echo "app_probe: OK: the window was up for $secs s (stopped by the probe)"
