#!/bin/bash
# windows_check.sh EXE... -- the Windows build (make check-windows, part of
# make ci-extra):
#  1. the C tests, cross-compiled with mingw-w64 (the EXE arguments), run
#     under wine in a throw-away prefix: each must exit 0 and end with
#     "N passed, 0 failed";
#  2. build/win64/collide/core.dll imports only lua51.dll and Windows' own
#     KERNEL32.dll and msvcrt.dll (no libgcc or winpthread DLL to ship) and
#     exports exactly what the Linux object build/5.1/collide/core.so does;
#  3. when LUAJIT_WIN names a directory holding a LuaJIT for Windows
#     (luajit.exe and lua51.dll, 64-bit), the shipped set (the Lua files
#     and core.dll) loads in it under wine, as a game would: on both
#     backends, from the working directory and through package.cpath from
#     elsewhere, and tests/fuzz_world.lua runs against it. No LuaJIT for
#     Windows is packaged by Debian, so without LUAJIT_WIN this part says
#     it was skipped; build one from LuaJIT's source with
#       make HOST_CC=gcc CROSS=x86_64-w64-mingw32- TARGET_SYS=Windows
#     and pass LUAJIT_WIN=/path/to/LuaJIT/src.
set -u
cd "$(dirname "$0")/../.."
. tests/pkg/lib.sh
WINE=${WINE:-/usr/lib/wine/wine64}
WIN_PREFIX=${WIN_PREFIX:-x86_64-w64-mingw32-}
LUAJIT_WIN=${LUAJIT_WIN:-}
FUZZ_WIN_COUNT=${FUZZ_WIN_COUNT:-2000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export WINEPREFIX="$tmp/wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
# A Windows program under wine: its output without the \r of Windows line
# ends, its exit status.
win() { "$WINE" "$@" 2>&1 | tr -d '\r'; return "${PIPESTATUS[0]}"; }

echo "== the C tests of the Windows build under wine ($($WINE --version 2>/dev/null))"
echo "   (the first start of wine makes its prefix: up to a minute)"
for exe in "$@"; do
  name=$(basename "$exe" .exe)
  if out=$(win "$exe") && line=$(printf '%s\n' "$out" | tail -n 1) \
     && printf '%s' "$line" | grep -qE '^[0-9]+ passed, 0 failed$'; then
    ok "$name: $line"
    printf '%s\n' "$out" | grep -F "(the C library" | sed 's/^ */        /'
  else
    fail "$name"; printf '%s\n' "$out" | tail -n 20 | sed 's/^/        /'
  fi
done

echo "== build/win64/collide/core.dll: its imports and exports"
dll=build/win64/collide/core.dll
imports=$("${WIN_PREFIX}objdump" -p "$dll" | awk '/DLL Name:/ { print $3 }' | sort | tr '\n' ' ')
if [ "$imports" = "KERNEL32.dll lua51.dll msvcrt.dll " ]; then
  ok "imports only $imports"
else
  fail "imports: $imports (expected KERNEL32.dll lua51.dll msvcrt.dll)"
fi
"${WIN_PREFIX}objdump" -p "$dll" \
  | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' \
  | awk '$1 ~ /^\[/ && !/Table/ { print $NF }' | sort >"$tmp/dll-exports"
nm -D --defined-only build/5.1/collide/core.so | awk '{ print $3 }' | sort >"$tmp/so-exports"
if [ -s "$tmp/dll-exports" ] && cmp -s "$tmp/dll-exports" "$tmp/so-exports"; then
  ok "exports the $(wc -l <"$tmp/dll-exports") names the Linux object does"
else
  fail "exports differ from build/5.1/collide/core.so's (< dll, > so):"
  diff "$tmp/dll-exports" "$tmp/so-exports" | sed 's/^/        /'
fi

echo "== the shipped set in LuaJIT for Windows under wine"
if [ -z "$LUAJIT_WIN" ]; then
  ok "skipped: LUAJIT_WIN is not set (no LuaJIT for Windows here)"
  finish
  exit
fi
mkdir -p "$tmp/bin" "$tmp/game/collide" "$tmp/elsewhere"
cp "$LUAJIT_WIN/luajit.exe" "$LUAJIT_WIN/lua51.dll" "$tmp/bin/"
cp lua/collide/*.lua "$tmp/game/collide/"
cp "$dll" "$tmp/game/collide/"
lj="$tmp/bin/luajit.exe"
probe='local c = require "collide"
local path = package.searchpath("collide.core", package.cpath)
assert(path and (path:lower():find("core%.dll$") or path:find("core%.so$")), "found " .. tostring(path))
assert(c.backend == WANT, "backend " .. c.backend)
local v = c.vec3
assert(c.sweep_sphere_sphere(1, v(0, 0), v(10, 0), 1, v(5, 0), v(5, 0)))
local w = c.world()
w:add_segment(v(0, 0), v(100, 0))
w:add_capsule(v(50, 10), v(60, 10), 2)
local hit, u = w:sweep_sphere(1, v(5, 5), v(5, -5))
assert(hit and math.abs(u - 0.4) < 1e-12, "world sweep")
local ok, err = pcall(c.sweep_sphere_plane, -1, v(0, 0), v(1, 0), c.plane(v(0, 1), 0))
assert(not ok and err:find("bad argument #1 to .sweep_sphere_plane. %(negative radius%)"), err)
local p, contacts = w:move_sphere(1, v(55, 20), v(55, 0))
assert(#contacts >= 1 and math.abs(p.y - 13) < 1e-3, "move_sphere " .. tostring(p))
print(jit.version .. " on " .. jit.os .. "/" .. jit.arch .. ": collide " .. c._VERSION ..
      " (" .. c.backend .. ") from " .. path)
-- answers printed to the last bit, compared with Linux LuaJIT: capsules
-- (exact differences of products: fma) and a concave outline (exact
-- orientation: fma) among them
local out, seed = {}, 12345
local function rnd() seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 * 20 - 10 end
local function rv() return v(rnd(), rnd(), rnd()) end
w:add_outline({ v(0, 0), v(30, 0), v(30, 30), v(15, 5), v(0, 30) })
for _ = 1, 200 do
  local r = { c.sweep_capsule_triangle(rnd() % 2, rv(), rv(), rv(), rv(), rv(), rv()) }
  r[#r + 1] = select(2, c.sweep_capsule_capsule(rnd() % 2, rv(), rv(), rv(), rnd() % 2, rv(), rv(), rv()))
  r[#r + 1] = select(2, w:sweep_capsule(rnd() % 2, rv(), v(15, 15, 0) + rv(), rv() * 3))
  r[#r + 1] = w:move_sphere(1, v(15, 15, 0) + rv(), rv() * 4)
  for i = 1, #r do
    local x = r[i]
    out[#out + 1] = type(x) == "number" and ("%a"):format(x) or
      (type(x) == "cdata" or type(x) == "userdata") and x.x and
        ("%a,%a,%a"):format(x.x, x.y, x.z) or tostring(x)
  end
end
print("answers " .. #out .. " " .. table.concat(out, " "))'
# The same probe on Linux LuaJIT with build/5.1: the answers to compare.
linux=$(LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.1/?.so;;' \
        luajit -e "WANT = 'ffi'" -e "$probe" | tail -n 1)
# same_answers OUTPUT: its answers line is Linux's, bit for bit
same_answers() {
  if [ "$(printf '%s\n' "$1" | tail -n 1)" = "$linux" ]; then
    ok "  the same $(printf '%s' "$linux" | cut -d' ' -f2) answers as on Linux, to the bit"
  else
    fail "  answers differ from Linux's"
    diff <(printf '%s\n' "$linux" | tr ' ' '\n') <(printf '%s\n' "$1" | tail -n 1 | tr ' ' '\n') \
      | head -n 20 | sed 's/^/        /'
  fi
}
for backend in ffi capi; do
  # 1. run in the game's directory: LuaJIT's default .\?.dll finds it
  if out=$(cd "$tmp/game" && COLLIDE_BACKEND=$backend win "$lj" \
           -e "package.path = '.\\\\?.lua;.\\\\?\\\\init.lua;' .. package.path; WANT = '$backend'" \
           -e "$probe"); then
    ok "$(printf '%s\n' "$out" | tail -n 2 | head -n 1)"
    same_answers "$out"
  else
    fail "in the game's directory ($backend)"; printf '%s\n' "$out" | cut -c1-300 | sed 's/^/        /'
  fi
  # 2. from elsewhere, the game's directory on package.path/cpath with
  #    forward slashes (docs/love.md's native_dir() lines)
  gamedir="Z:$tmp/game"
  if out=$(cd "$tmp/elsewhere" && COLLIDE_BACKEND=$backend win "$lj" \
           -e "package.path = '$gamedir/?.lua;$gamedir/?/init.lua;' .. package.path" \
           -e "package.cpath = '$gamedir/?.dll;' .. package.cpath; WANT = '$backend'" \
           -e "$probe"); then
    ok "$(printf '%s\n' "$out" | tail -n 2 | head -n 1)"
  else
    fail "through package.cpath from elsewhere ($backend)"; printf '%s\n' "$out" | cut -c1-300 | sed 's/^/        /'
  fi
done
# The world fuzzer: every answer against the same query alone, filters,
# finalizers and out tables that query and change the world, on both
# backends.
cp tests/fuzz_world.lua "$tmp/game/"
for backend in ffi capi; do
  if out=$(cd "$tmp/game" && COLLIDE_BACKEND=$backend win "$lj" \
           -e "package.path = '.\\\\?.lua;.\\\\?\\\\init.lua;' .. package.path" \
           fuzz_world.lua 1 "$FUZZ_WIN_COUNT"); then
    ok "tests/fuzz_world.lua 1 $FUZZ_WIN_COUNT ($backend): $(printf '%s' "$out" | tail -n 1)"
  else
    fail "tests/fuzz_world.lua ($backend)"; printf '%s\n' "$out" | tail -n 20 | sed 's/^/        /'
  fi
done
finish
