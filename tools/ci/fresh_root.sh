#!/usr/bin/env bash
# Runs the README's commands as a new user would, on a brand-new minimal Debian 12 root:
#   stage test   cd /src && ./quickstart test      (quickstart installs its own packages)
#   stage app    ./quickstart app must open the window under Xvfb and still be running 8 s later
#   stage check  ./quickstart check: every suite under ASan+UBSan, and each fuzz target
#   stage slim   ./quickstart slim in a second fresh root of its own: the build without the
#                desktop (-DPREFIXLENS_GUI=OFF) and its suites, with no Qt package installed
#                (checked with dpkg after the run), as a CI job that lints prompts would have it
# The root is `debootstrap --variant=minbase bookworm`, cached as a tarball outside the repository
# and unpacked afresh for every run; /src is a `git clone --no-local` of this repository's committed
# HEAD (uncommitted changes are not tested). Commands run in a private mount and PID namespace
# (unshare + chroot) with a cleared environment, so no mount and no process outlives a stage.
#
# Run as root. Environment:
#   PREFIXLENS_CI_STAGES    stages to run, in order (default "test app check slim")
#   PREFIXLENS_CI_CACHE     cache folder: root tarball and downloaded .debs (default /var/cache/prefixlens-ci)
#   PREFIXLENS_CI_SCRATCH   where the fresh root is unpacked (default /var/tmp); removed at exit
#   PREFIXLENS_CI_MIRROR    Debian mirror (default http://deb.debian.org/debian)
#   PREFIXLENS_CI_ROOT_MAX_AGE_DAYS  rebuild the cached root when older (default 30)
#   PREFIXLENS_CI_ALLOWED_SKIPS  extended regex of QSKIP messages that do not fail the test stage
#                           (default: the opt-in skips, "set PREFIXLENS_...")
#   PREFIXLENS_CI_OVERLAY   debugging only: space-separated repository paths copied from the working
#                           tree over the clone (e.g. "quickstart"), or PATH=FILE to copy FILE to PATH
#                           (e.g. "quickstart=/tmp/quickstart.broken"); the run then proves nothing about HEAD
#   PREFIXLENS_CI_KEEP=1    keep the scratch root for inspection
#   PREFIXLENS_CI_CCACHE    1 (default): compile through ccache, its cache kept in $cache/ccache
#                           across runs (0: every run compiles everything afresh)
#
# The compiler cache: each root installs Debian's ccache before the stage and the build finds it
# through CMake's CMAKE_<LANG>_COMPILER_LAUNCHER variables, so quickstart's commands stay the
# user's own. ccache hands back an object only for the same compiler, flags and preprocessed
# source (a miss compiles as usual), so a run still proves that a fresh root builds the commit;
# it just does not recompile the translation units no commit has touched since the last run. The
# four stages compile the tree three times on two cores: afresh that is over half of the run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
head=$(git -C "$repo" log -1 --format=%h)  # what the roots clone, even if HEAD moves meanwhile
stages=${PREFIXLENS_CI_STAGES:-test app check slim}
cache=${PREFIXLENS_CI_CACHE:-/var/cache/prefixlens-ci}
scratch_parent=${PREFIXLENS_CI_SCRATCH:-/var/tmp}
mirror=${PREFIXLENS_CI_MIRROR:-http://deb.debian.org/debian}
max_age_days=${PREFIXLENS_CI_ROOT_MAX_AGE_DAYS:-30}
use_ccache=${PREFIXLENS_CI_CCACHE:-1}
allowed_skips=${PREFIXLENS_CI_ALLOWED_SKIPS:-set PREFIXLENS_[A-Z_]+}
suite=bookworm
tarball="$cache/debian-$suite-minbase.tar.gz"
debs="$cache/archives"

log() { printf '[fresh_root] %s\n' "$*"; }
die() { printf '[fresh_root] ERROR: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "run as root (debootstrap, unshare and chroot need it)"
for s in $stages; do
  case "$s" in test | app | check | slim) ;; *) die "unknown stage '$s' (PREFIXLENS_CI_STAGES: test app check slim)" ;; esac
done

mkdir -p "$cache" "$debs"
ccache_dir="$cache/ccache"
[ "$use_ccache" = 1 ] && mkdir -p "$ccache_dir"
# One run at a time per cache: the runs share the .deb cache, and apt locks it.
exec 9>"$cache/.lock"
if ! flock -n 9; then
  log "waiting for another run using $cache"
  flock 9
fi

# ---- the cached minimal root --------------------------------------------------------------
if [ -f "$tarball" ] && [ -z "$(find "$tarball" -mtime "+$max_age_days")" ]; then
  log "cached root: $tarball ($(du -h "$tarball" | cut -f1), $(date -r "$tarball" +%F))"
else
  if ! command -v debootstrap >/dev/null; then
    log "installing debootstrap on the host"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap
  fi
  t0=$SECONDS
  boot=$(mktemp -d "$scratch_parent/prefixlens-bootstrap.XXXXXX")
  trap 'rm -rf --one-file-system "$boot"' EXIT
  log "debootstrap --variant=minbase $suite ($mirror)"
  debootstrap --variant=minbase "$suite" "$boot/root" "$mirror" >"$boot/debootstrap.log" 2>&1 ||
    { tail -n 30 "$boot/debootstrap.log" >&2; die "debootstrap failed"; }
  # A Debian 12 install also has the updates and security suites.
  security=${mirror%/debian}/debian-security
  # Paths relative to the new root (this subshell's working folder), never the host's.
  (
    cd "$boot/root"
    cat >etc/apt/sources.list <<SOURCES
deb $mirror $suite main
deb $mirror $suite-updates main
deb $security $suite-security main
SOURCES
    rm -rf var/lib/apt/lists/* var/cache/apt/archives/*.deb
  )
  tar --numeric-owner -C "$boot/root" -czf "$tarball.tmp" .
  mv "$tarball.tmp" "$tarball"
  rm -rf --one-file-system "$boot"
  trap - EXIT
  log "cached a new root in $((SECONDS - t0)) s: $tarball"
fi

# ---- a fresh root for this run ------------------------------------------------------------
scratch=$(mktemp -d "$scratch_parent/prefixlens-ci.XXXXXX")
root="$scratch/root"
cleanup() {
  # Mounts live only in the stages' private namespaces; refuse to delete through one anyway.
  if findmnt -rn -o TARGET | grep -q "^$scratch"; then
    log "mounts left under $scratch; not removing it" >&2
    return
  fi
  if [ "${PREFIXLENS_CI_KEEP:-}" = 1 ]; then
    log "kept $scratch"
  else
    rm -rf --one-file-system "$scratch"
  fi
}
trap cleanup EXIT

# new_root DIR: the cached root unpacked into DIR, with /src a clone of HEAD (and any overlay).
new_root() {
  local r=$1 t0=$SECONDS p src
  mkdir "$r"
  tar --numeric-owner -C "$r" -xzpf "$tarball"
  cp /etc/resolv.conf "$r/etc/resolv.conf"
  # The network's trust anchors, as its name servers: a machine whose egress presents its own
  # certificate authority keeps it in /usr/local/share/ca-certificates, and the root's
  # ca-certificates (installed by quickstart) takes it from there, for npm's HTTPS.
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    mkdir -p "$r/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$r/usr/local/share/ca-certificates/"
    if [ -x "$r/usr/sbin/update-ca-certificates" ]; then
      chroot "$r" /usr/sbin/update-ca-certificates >/dev/null 2>&1 || true
    fi
  fi
  git clone -q --no-local "$repo" "$r/src"
  log "fresh root in $((SECONDS - t0)) s: $r, /src at $(git -C "$r/src" log -1 --format='%h %s')"
  if [ -n "${PREFIXLENS_CI_OVERLAY:-}" ]; then
    for p in $PREFIXLENS_CI_OVERLAY; do
      src="$repo/$p"
      case "$p" in *=*) src=${p#*=} p=${p%%=*} ;; esac
      log "OVERLAY (debugging): /src/$p from $src, not HEAD"
      cp -a "$src" "$r/src/$p"
    done
  fi
  mkdir -p "$r/opt/ci"
  cp "$here/app_probe.sh" "$r/opt/ci/"
}
# Stage slim makes a root of its own; this one is for the other stages.
case " $stages " in *" test "* | *" app "* | *" check "*) new_root "$root" ;; esac

# inroot CMD...: CMD inside the root, in its own mount and PID namespace, with a cleared
# environment. proc, sys, dev and the .deb cache are mounted only inside that namespace; when
# CMD ends, the namespace's last process ends and every one of its mounts and processes with it.
inroot() {
  unshare --mount --pid --fork -- /bin/bash -c '
    set -e
    r=$1 debs=$2 ccache=$3; shift 3
    mount --make-rprivate /
    mount -t proc proc "$r/proc"
    mount --rbind /sys "$r/sys"
    mount --rbind /dev "$r/dev"
    mount --bind "$debs" "$r/var/cache/apt/archives"
    launch=()
    if [ -n "$ccache" ]; then
      mkdir -p "$r/var/cache/ccache"
      mount --bind "$ccache" "$r/var/cache/ccache"
      launch=(CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
              CCACHE_DIR=/var/cache/ccache CCACHE_BASEDIR=/src CCACHE_MAXSIZE=10G)
    fi
    exec chroot "$r" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
      CI=true "${launch[@]}" /bin/bash -c "cd /src && exec \"\$@\"" bash "$@" </dev/null
  ' inroot "$root" "$debs" "$ccache_mount" "$@"
}
ccache_mount=""

# with_ccache: installs Debian's ccache in the current root and turns the launcher on for the
# commands inroot runs next (nothing when PREFIXLENS_CI_CCACHE=0).
with_ccache() {
  ccache_mount=""
  [ "$use_ccache" = 1 ] || return 0
  inroot sh -c 'command -v ccache >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ccache >/dev/null; }' ||
    { log "could not install ccache in the root; compiling without it"; return 0; }
  ccache_mount=$ccache_dir
  inroot ccache --zero-stats >/dev/null
}
ccache_stats() {
  [ -n "$ccache_mount" ] || return 0
  log "ccache: $(inroot ccache --print-stats | awk -F'\t' '$1=="direct_cache_hit"||$1=="preprocessed_cache_hit"{h+=$2} $1=="cache_miss"{m=$2} END{printf "%d hits, %d misses", h, m}')"
}

# check_skips OUTPUT CTEST_LOG: fails, listing them, when tests skipped that were not allowed to.
check_skips() {
  local out=$1 ctest_log=$2 skips
  [ -f "$ctest_log" ] || { log "no $ctest_log" >&2; return 1; }
  skips=$( (grep -E '^SKIP +: ' "$ctest_log" | grep -Ev "$allowed_skips" || true
            grep -E '^SKIP: |Skipped' "$out" || true) | sort -u)
  if [ -n "$skips" ]; then
    log "tests skipped in the fresh root (a package quickstart does not install?):" >&2
    printf '%s\n' "$skips" >&2
    return 1
  fi
}

# ---- stages -------------------------------------------------------------------------------
declare -A result seconds
ctest_tail=""
slim_tail=""

# quickstart_logged LOG CMD: ./quickstart CMD in the root through ccache, its output shown and
# kept in LOG; returns quickstart's exit status.
quickstart_logged() {
  local out=$1 rc
  with_ccache
  inroot ./quickstart "$2" 2>&1 | tee "$out"
  rc=${PIPESTATUS[0]}
  ccache_stats
  return "$rc"
}

# ctest_summary LOG: ctest's closing lines in LOG, from its "tests passed" line on.
ctest_summary() {
  sed -n '/tests passed, .* tests failed out of/,$p' "$1"
}

stage_test() {
  local out="$scratch/test.log" rc=0
  quickstart_logged "$out" test || rc=$?
  ctest_tail=$(ctest_summary "$out")
  [ "$rc" -eq 0 ] || return "$rc"
  # A test that skips here passed nothing: a QSKIP (e.g. "no Vulkan device") or a CTest skip
  # (test_package's exit 77, a tool not installed) means quickstart left something out.
  check_skips "$out" "$root/src/build/Testing/Temporary/LastTest.log"
}

stage_app() {
  with_ccache
  inroot /opt/ci/app_probe.sh 8
}

stage_check() {
  local rc=0
  with_ccache
  inroot ./quickstart check || rc=$?
  ccache_stats
  return "$rc"
}

# A root of its own, whatever ran before: stage test installs Qt into the first one.
stage_slim() {
  local out="$scratch/slim.log" qt rc=0
  local root="$scratch/slim-root"
  new_root "$root"
  quickstart_logged "$out" slim || rc=$?
  slim_tail=$(ctest_summary "$out")
  [ "$rc" -eq 0 ] || return "$rc"
  qt=$(inroot sh -c "dpkg -l | grep -i qt" || true)
  if [ -n "$qt" ]; then
    log "stage slim: Qt packages are installed in its root:" >&2
    printf '%s\n' "$qt" >&2
    return 1
  fi
  log "stage slim: 'dpkg -l | grep -i qt' in its root is empty; $(inroot sh -c 'dpkg -l | grep -c ^ii') packages installed"
  check_skips "$out" "$root/src/build-slim/Testing/Temporary/LastTest.log"
}

failed=0
for s in $stages; do
  log "== stage $s: start ($(date +%T))"
  t0=$SECONDS
  set +e
  "stage_$s"
  rc=$?
  set -e
  seconds[$s]=$((SECONDS - t0))
  case $rc in
    0) result[$s]=passed ;;
    *) result[$s]="FAILED (exit $rc)"; failed=1 ;;
  esac
  echo "== stage $s: ${seconds[$s]} s, ${result[$s]}"
done

echo "== summary ($head${PREFIXLENS_CI_OVERLAY:+, overlay: $PREFIXLENS_CI_OVERLAY})"
for s in $stages; do
  printf '==   %-6s %5s s  %s\n' "$s" "${seconds[$s]}" "${result[$s]}"
done
# CI reads ctest's closing lines: repeat them last.
if [ -n "$slim_tail" ]; then
  echo "== ctest (stage slim, -DPREFIXLENS_GUI=OFF):"
  printf '%s\n' "$slim_tail"
fi
if [ -n "$ctest_tail" ]; then
  echo "== ctest (stage test):"
  printf '%s\n' "$ctest_tail"
fi
exit "$failed"
