#!/bin/bash
# rock_check.sh -- the LuaRocks packaging (make rock-check):
#   * both rockspecs pass `luarocks lint` and describe the same rock
#     (tools/rockspec-check.lua: every C source listed, same build, version
#     = collide._VERSION);
#   * `luarocks make` of the scm rockspec into a throw-away tree, from a
#     copy of the sources, gives a module that loads on each Lua (LuaJIT
#     with the FFI backend), with the LuaLS annotations in the rock;
#   * the release rockspec builds the same way;
#   * `luarocks test` runs the whole spec suite against the object luarocks
#     built. LuaRocks insists on busted as a rock in the tree, and Debian's
#     busted is not one (no rock server is reachable here): a stand-in rock
#     whose bin/busted runs Debian's busted is installed first. The copy has
#     no build/, so the specs can only load the object luarocks built.
# ROCK_TEST_LOG, when set, is a file that gets `luarocks test`'s output.
# ROCK_VMS (default 5.1 5.2 5.3 5.4) names the Luas whose rock is built
# (luarocks test runs with 5.4), ROCK_RELEASE=no leaves out the release
# rockspec's build: make test builds for 5.1 and 5.4, make ci-extra's
# rock-check-rest for 5.2 and 5.3 and the release rockspec.
set -u
cd "$(dirname "$0")/../.."
. tests/pkg/lib.sh
src=$PWD
LUAROCKS=${LUAROCKS:-luarocks}
BUSTED=${BUSTED:-/usr/bin/busted}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
copy() {  # a fresh copy of the sources, without the scratch directories
  rm -rf "$tmp/src"; mkdir "$tmp/src"
  tar --exclude=./build --exclude=./collide --exclude=./.git --exclude=./.luarocks \
      -cf - . | tar -xf - -C "$tmp/src"
}

# The release rockspec: the one rockspec/collide-X.Y.Z-1.rockspec
# (make release-rockspec writes it for the Makefile's RELEASE).
rel=$(ls rockspec/collide-[0-9]*-1.rockspec)
relv=${rel#rockspec/collide-}; relv=${relv%.rockspec}

echo "== the rockspecs"
for r in rockspec/*.rockspec; do
  expect_ok "luarocks lint $r" $LUAROCKS lint "$r"
done
out=$(LUA_PATH='lua/?.lua;lua/?/init.lua' LUA_CPATH='build/5.4/?.so' lua5.4 \
      tools/rockspec-check.lua rockspec/collide-scm-1.rockspec \
      "$rel" csrc/core/*.c csrc/lua/*.c)
printf '%s\n' "$out" | grep FAIL
n=$(printf '%s\n' "$out" | tail -n 1)
case $n in *" passed, 0 failed") ok "tools/rockspec-check.lua: $n" ;; *) fail "rockspec-check: $n" ;; esac

echo "== luarocks make into a throw-away tree, then each Lua loads it"
for v in ${ROCK_VMS:-5.1 5.2 5.3 5.4}; do
  copy
  tree=$tmp/tree-$v
  if (cd "$tmp/src" && $LUAROCKS --lua-version=$v --tree="$tree" make --no-doc \
        rockspec/collide-scm-1.rockspec) >"$tmp/log" 2>&1; then
    ok "luarocks --lua-version=$v make rockspec/collide-scm-1.rockspec"
  else
    fail "luarocks make ($v)"; cat "$tmp/log"; continue
  fi
  smoke() { (cd "$tmp" && eval "$($LUAROCKS --lua-version=$v --tree="$tree" path)" && "$@" "$src/tools/rock-smoke.lua"); }
  expect_ok "lua$v loads the installed rock" smoke lua$v
  [ $v = 5.1 ] && expect_ok "luajit loads the installed rock (ffi)" smoke luajit
  expect_ok "the rock carries the LuaLS annotations" \
    test -f "$tree/lib/luarocks/rocks-$v/collide/scm-1/types/collide.lua"
  if [ $v = 5.4 ]; then
    # luarocks test, in the same copy: against ./collide/core.so just built.
    mkdir -p "$tmp/busted-rock"
    printf '#!/bin/sh\nexec lua%s %s "$@"\n' "$v" "$BUSTED" >"$tmp/busted-rock/busted"
    cat >"$tmp/busted-rock/busted-2.1.1-1.rockspec" <<'RS'
rockspec_format = "3.0"
package = "busted"
version = "2.1.1-1"
source = { url = "file:///dev/null" }
build = { type = "builtin", modules = {}, install = { bin = { busted = "busted" } } }
RS
    (cd "$tmp/busted-rock" && $LUAROCKS --lua-version=$v --tree="$tree" make --no-doc \
       busted-2.1.1-1.rockspec) >"$tmp/log" 2>&1 || { fail "stand-in busted rock"; cat "$tmp/log"; }
    # LuaRocks 3.8's `test` looks for busted in the configured trees only,
    # not in --tree: name the tree in a config of its own.
    printf 'rocks_trees = { { name = "check", root = "%s" } }\n' "$tree" >"$tmp/config.lua"
    (cd "$tmp/src" && LUAROCKS_CONFIG=$tmp/config.lua $LUAROCKS --lua-version=$v --tree="$tree" test \
       rockspec/collide-scm-1.rockspec -- -o utfTerminal) >"$tmp/test.log" 2>&1
    st=$?
    # ROCK_TEST_LOG: where to keep busted's output (make test counts it as
    # its Lua 5.4 spec run)
    [ -n "${ROCK_TEST_LOG:-}" ] && cp "$tmp/test.log" "$ROCK_TEST_LOG"
    line=$(grep -E '^[0-9]+ successes / [0-9]+ failures / [0-9]+ errors' "$tmp/test.log" | tail -n 1)
    case "$st:$line" in
      "0:"[1-9]*" successes / 0 failures / 0 errors"*)
        ok "luarocks test runs the specs: ${line%% :*}" ;;
      *) fail "luarocks test (exit $st): $line"; tail -n 30 "$tmp/test.log" ;;
    esac
  fi
done

if [ "${ROCK_RELEASE:-yes}" = no ]; then finish; exit; fi
echo "== the release rockspec builds the same rock"
copy
if (cd "$tmp/src" && $LUAROCKS --lua-version=5.4 --tree="$tmp/tree-rel" make --no-doc \
      "$rel") >"$tmp/log" 2>&1; then
  ok "luarocks make $rel"
  v=5.4 tree=$tmp/tree-rel
  expect_ok "lua5.4 loads the installed release rock" \
    sh -c "cd '$tmp' && eval \"\$($LUAROCKS --lua-version=5.4 --tree='$tmp/tree-rel' path)\" && lua5.4 '$src/tools/rock-smoke.lua'"
  expect_ok "the release rock carries the LuaLS annotations" \
    test -f "$tmp/tree-rel/lib/luarocks/rocks-5.4/collide/$relv/types/collide.lua"
else
  fail "luarocks make (release)"; cat "$tmp/log"
fi
finish
