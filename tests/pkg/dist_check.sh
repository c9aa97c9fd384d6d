#!/bin/bash
# dist_check.sh -- what `make dist` puts in build/dist/ is enough, alone:
# each set is copied into a temporary directory outside the checkout and
# loaded from there with clean search paths, on Lua 5.1-5.4, on LuaJIT
# (FFI backend) and inside LÖVE under Xvfb, as a game directory and as a
# .love file with collide/core.so beside it. The manual's list of shipped
# files (docs/love.md, "Shipping") must be exactly the list made. Run by `make dist-check`.
set -u
cd "$(dirname "$0")/../.."
. tests/pkg/lib.sh
src=$PWD
LOVE=${LOVE:-love}
[ -n "${XVFB_RUN:-}" ] || XVFB_RUN='xvfb-run -a -s "-screen 0 640x480x24"'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/cwd" "$tmp/home"

echo "== docs/love.md lists exactly the files of build/dist"
(cd build/dist && find . -type f | sed 's|^\./|build/dist/|' | sort) >"$tmp/made"
sed -n '/<!-- make dist: begin/,/<!-- make dist: end/p' docs/love.md \
  | grep -o 'build/dist/[^ ]*' | sort >"$tmp/readme"
if [ -s "$tmp/made" ] && cmp -s "$tmp/made" "$tmp/readme"; then
  ok "docs/love.md lists the $(wc -l <"$tmp/made") files of build/dist"
else
  fail "docs/love.md's list (between the make dist markers) differs from build/dist:"
  diff "$tmp/readme" "$tmp/made" | sed 's/^/        /'
fi

# A sweep, a world query and the backend, from a copy of one set.
probe='local c = require "collide"
local path = package.searchpath and package.searchpath("collide.core", package.cpath)
assert(path == nil or path:sub(1, #DIR) == DIR, "loaded " .. tostring(path))
assert(c.backend == WANT, "backend " .. c.backend)
local v = c.vec3
assert(c.sweep_sphere_sphere(1, v(0, 0), v(10, 0), 1, v(5, 0), v(5, 0)))
local w = c.world()
w:add_segment(v(0, 0), v(100, 0))
local hit, u = w:sweep_sphere(1, v(5, 5), v(5, -5))
assert(hit and math.abs(u - 0.4) < 1e-12, "world sweep")
assert(require("collide.debug"))
print("      " .. (jit and jit.version or _VERSION) .. ": collide " .. c._VERSION .. " (" .. c.backend .. ")")'

echo "== each set alone, outside the checkout, with clean search paths"
for vm in lua5.1 lua5.2 lua5.3 lua5.4 luajit; do
  case $vm in lua5.1|luajit) set_dir=build/dist/collide ;; *) set_dir=build/dist/$vm/collide ;; esac
  want=capi; [ $vm = luajit ] && want=ffi
  app=$tmp/app-$vm
  mkdir -p "$app"
  cp -r "$set_dir" "$app/collide"
  # The application's own line for Lua 5.1, 5.2 and LuaJIT, whose default
  # package.path has no ./?/init.lua (5.3 and 5.4 have it).
  pre=""
  case $vm in lua5.1|lua5.2|luajit) pre='package.path = "./?/init.lua;" .. package.path ' ;; esac
  expect_ok "$vm loads $set_dir/ from a directory of its own ($want)" \
    sh -c "cd '$app' && $vm -e 'DIR, WANT = \"./\", \"$want\"' -e '$pre' -e '$probe'"
done

echo "== LÖVE under Xvfb: a game that ships build/dist/collide/"
game=$tmp/game
mkdir -p "$game"
cp tests/pkg/love/main.lua tests/pkg/love/conf.lua "$game/"
cp -r build/dist/collide "$game/collide"
run_love() {
  (cd "$tmp/cwd" && HOME=$tmp/home timeout 120 sh -c "$XVFB_RUN $LOVE \"\$1\"" sh "$1")
}
if out=$(run_love "$game" 2>&1) && printf '%s' "$out" | grep -q "dist-check: .*(ffi) .*: ok"; then
  ok "love <game dir>: $(printf '%s' "$out" | grep -o 'collide .*: ok')"
else
  fail "love <game dir>"; echo "$out" | sed 's/^/        /'
fi
# The .love file: the Lua files inside the archive, the shared object
# beside it (a library inside the archive cannot be loaded).
mkdir -p "$tmp/lovefile/collide"
(cd "$game" && zip -q -r "$tmp/lovefile/game.love" main.lua conf.lua collide -x 'collide/core.so')
cp "$game/collide/core.so" "$tmp/lovefile/collide/"
if out=$(run_love "$tmp/lovefile/game.love" 2>&1) && printf '%s' "$out" | grep -q "dist-check: .*(ffi) .*: ok"; then
  ok "love game.love with collide/core.so beside it"
else
  fail "love game.love"; echo "$out" | sed 's/^/        /'
fi
# The control: the set the manual used to list (no ffi_world.lua) fails,
# so this check can tell.
rm "$game/collide/ffi_world.lua"
expect_err "control: without ffi_world.lua the game fails" \
  "module 'collide.ffi_world' not found" run_love "$game"
finish
