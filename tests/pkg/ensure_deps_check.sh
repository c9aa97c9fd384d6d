#!/bin/bash
# ensure_deps_check.sh -- tools/ensure-deps against stub apt-get, id and
# sudo (nothing is installed): apt-get install gets the dpkg lock timeout,
# apt-get update is retried while the lists are locked, a non-root user
# without sudo gets the command to run, with passwordless sudo it is run.
set -u
cd "$(dirname "$0")/../.."
. tests/pkg/lib.sh
src=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
# apt-get: logs its arguments; `update` reports a held lock LOCKED_UPDATES
# times first, as apt-get 2.6 does without waiting.
cat >"$tmp/bin/apt-get" <<'STUB'
#!/bin/sh
echo "apt-get $*" >>"$STUB_LOG"
case " $* " in
  *" update "*)
    n=$(grep -c ' update' "$STUB_LOG")
    if [ "$n" -le "${LOCKED_UPDATES:-0}" ]; then
      echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 1 (apt-get)" >&2
      exit 100
    fi ;;
esac
exit 0
STUB
printf '#!/bin/sh\necho "${STUB_UID:-0}"\n' >"$tmp/bin/id"
# sudo: passwordless when STUB_SUDO=yes (then it runs the command, as root
# would), else it refuses as sudo -n does when a password is needed.
cat >"$tmp/bin/sudo" <<'STUB'
#!/bin/sh
[ "${STUB_SUDO:-no}" = yes ] || { echo "sudo: a password is required" >&2; exit 1; }
[ "$1" = -n ] && shift
echo "sudo $*" >>"$STUB_LOG"
exec "$@"
STUB
chmod +x "$tmp/bin/"*
run() {
  : >"$tmp/log"
  env PATH="$tmp/bin:$PATH" STUB_LOG="$tmp/log" ENSURE_DEPS_RETRY=0 "$@" \
    sh "$src/tools/ensure-deps" no-such-program-collide:pkg-a /no/such/file:pkg-b >"$tmp/out" 2>&1
}

echo "== as root"
run STUB_UID=0 LOCKED_UPDATES=2 && ok "exits 0" || { fail "exit status"; cat "$tmp/out"; }
grep -qx "apt-get -q -o DPkg::Lock::Timeout=600 update" "$tmp/log" \
  && ok "apt-get update gets -o DPkg::Lock::Timeout=600" || { fail "update args"; cat "$tmp/log"; }
[ "$(grep -c ' update' "$tmp/log")" = 3 ] \
  && ok "apt-get update retried while the lists were locked (3 tries)" \
  || { fail "update retries"; cat "$tmp/log"; }
grep -qx "apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends pkg-a pkg-b" "$tmp/log" \
  && ok "apt-get install waits for the dpkg lock" || { fail "install args"; cat "$tmp/log"; }
run STUB_UID=0 LOCKED_UPDATES=99 ENSURE_DEPS_LOCK_WAIT=3
[ "$(grep -c ' update' "$tmp/log")" -le 5 ] && grep -q ' install ' "$tmp/log" \
  && ok "a lock held for longer than ENSURE_DEPS_LOCK_WAIT stops the retries; install still runs" \
  || { fail "bounded retries"; cat "$tmp/log"; }

echo "== not root"
if run STUB_UID=1000 STUB_SUDO=no; then fail "non-root without sudo should fail"; else
  grep -qF "run as root:  apt-get -o DPkg::Lock::Timeout=600 update && apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends pkg-a pkg-b" "$tmp/out" \
    && [ ! -s "$tmp/log" ] \
    && ok "without sudo: prints the command, runs nothing" || { fail "non-root message"; cat "$tmp/out"; }
fi
run STUB_UID=1000 STUB_SUDO=yes && grep -q "^sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install" "$tmp/log" \
  && ok "with passwordless sudo: installs through sudo -n" || { fail "sudo path"; cat "$tmp/out" "$tmp/log"; }

echo "== nothing missing"
: >"$tmp/log"
env PATH="$tmp/bin:$PATH" STUB_LOG="$tmp/log" sh tools/ensure-deps sh:dash /:root >/dev/null 2>&1 \
  && [ ! -s "$tmp/log" ] && ok "runs no apt-get" || fail "nothing missing"
finish
