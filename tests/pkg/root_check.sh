#!/bin/bash
# root_check.sh -- the source tree used in place, as the README says:
#   * `luarocks make rockspec/collide-scm-1.rockspec` (which builds in place,
#     for the Lua luarocks runs on, here 5.1) and then `make` leave a tree
#     where `lua5.4 -e 'require "collide"'` works (it used to fail with
#     "undefined symbol: lua_pcall" while make had nothing to do);
#   * lua5.1 ... lua5.4 and luajit started in the root all find collide
#     with their default search paths (luajit and lua5.1/5.2 have no
#     ./?/init.lua: they used to find nothing);
#   * a Lua whose build is missing is told which make target to run.
# Works on a copy of the checkout (its builds included, so make is quick).
set -u
cd "$(dirname "$0")/../.."
. tests/pkg/lib.sh
src=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/src"
# Copy the sources and the 5.1/5.4 builds with the objects they are linked
# from (mtimes kept, so make has nothing to do); never the scratch dirs.
tar --exclude=./.git --exclude=./collide --exclude=./build --exclude=./.luarocks \
    -cf - . | tar -xf - -C "$tmp/src"
mkdir -p "$tmp/src/build/obj"
cp -pR build/obj/core "$tmp/src/build/obj/"
for v in 5.1 5.4; do
  mkdir -p "$tmp/src/build/$v/collide"
  cp -p "build/$v/collide/core.so" "$tmp/src/build/$v/collide/"
  cp -pR "build/$v/obj" "$tmp/src/build/$v/"
done
cd "$tmp/src"

echo "== make, then luarocks make in place, then make"
expect_ok "make" make -s
luarocks --lua-version=5.1 --tree="$tmp/tree" make --no-doc \
  rockspec/collide-scm-1.rockspec >"$tmp/lr.log" 2>&1 \
  && ok "luarocks make (Lua 5.1) in the source tree" \
  || { fail "luarocks make"; cat "$tmp/lr.log"; }
# The bug's precondition: luarocks left a 5.1 object where make used to put
# the 5.4 one.
expect_ok "luarocks left a Lua 5.1 build in ./collide/core.so" \
  sh -c "nm -D --undefined-only collide/core.so | grep -qw lua_pcall"
expect_ok "make afterwards" make -s
expect_ok "make's 5.4 build is untouched" \
  sh -c "nm -D --undefined-only build/5.4/collide/core.so | grep -qw lua_newuserdatauv"

echo "== every Lua started in the root finds collide"
for vm in lua5.4 luajit lua5.1; do
  want=capi; [ $vm = luajit ] && want=ffi
  expect_ok "$vm -e 'require \"collide\"' in the root ($want)" \
    $vm -e "local c = require 'collide'
            assert(c.backend == '$want', c.backend)
            assert(c.sweep_sphere_sphere(1, c.vec3(0, 0), c.vec3(4, 0), 1, c.vec3(3, 0), c.vec3(3, 0)))
            assert(package.searchpath == nil or
                   package.searchpath('collide.core', package.cpath):find('build/', 1, true))"
done
expect_ok "lua5.4 from another directory, through LUA_PATH=<root>/?.lua" \
  sh -c "cd / && LUA_PATH='$tmp/src/?.lua;;' lua5.4 -e 'assert(require(\"collide\").vec3)'"
# No 5.3 build in the copy: the message names the target to make.
expect_err "lua5.3 without its build is told what to make" \
  "run \`make build/5.3/collide/core.so\`" lua5.3 -e "require 'collide'"
finish
