#!/bin/bash
# abi_check.sh -- every Lua against every build of collide.core: the
# matching build loads, every other one fails with a message that names
# the Lua it was built for and this Lua (not only the dynamic linker's
# "undefined symbol: lua_getiuservalue"). Needs build/5.1 ... build/5.4.
set -u
cd "$(dirname "$0")/../.."
. tests/pkg/lib.sh
root=$PWD

vm_name() { case $1 in luajit*) echo "LuaJIT (Lua 5.1 ABI)" ;; *) echo "Lua ${1#lua}" ;; esac; }
vm_abi() { case $1 in luajit*) echo 5.1 ;; *) echo "${1#lua}" ;; esac; }
built_name() { [ "$1" = 5.1 ] && echo "Lua 5.1 (or LuaJIT)" || echo "Lua $1"; }

echo "== a core built for another Lua says which Lua it was built for"
for vm in lua5.1 lua5.2 lua5.3 lua5.4 luajit luajit-capi; do
  exe=${vm%-capi}
  backend=capi; [ "$vm" = luajit ] && backend=ffi
  for b in 5.1 5.2 5.3 5.4; do
    so=$root/build/$b/collide/core.so
    [ -f "$so" ] || { fail "$so is missing (make build-all)"; continue; }
    run() {
      env COLLIDE_BACKEND=$backend LUA_PATH="$root/lua/?.lua;$root/lua/?/init.lua" \
        LUA_CPATH="$root/build/$b/?.so" "$exe" -e "$1"
    }
    if [ "$(vm_abi "$exe")" = "$b" ]; then
      expect_ok "$vm loads the $b build ($backend)" \
        run "local c = require 'collide'; assert(c.backend == '$backend', c.backend)
             assert(c.sweep_sphere_sphere(1, c.vec3(0, 0), c.vec3(4, 0), 1, c.vec3(3, 0), c.vec3(3, 0)))"
    else
      expect_err "$vm refuses the $b build, naming both" \
        "$so was built for $(built_name $b), not for $(vm_name "$exe"); build collide.core for this Lua (make build/$(vm_abi "$exe")/collide/core.so" \
        run "require 'collide'"
    fi
  done
done
finish
