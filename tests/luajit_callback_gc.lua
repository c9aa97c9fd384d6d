-- luajit_callback_gc.lua -- a LuaJIT crash with no collide code in it,
-- the reason lua/collide/ffi_world.lua stops the collector while Lua code
-- runs behind its FFI callbacks (see gc_stop there).
--
--   luajit tests/luajit_callback_gc.lua entry [count]  -> Segmentation fault
--   luajit tests/luajit_callback_gc.lua compiled   -> Segmentation fault
--   luajit tests/luajit_callback_gc.lua stopped    -> ok
--   luajit -joff tests/luajit_callback_gc.lua compiled -> ok
--
-- A finalizer that raises an error (Lua 5.1 and LuaJIT pass it on to the
-- allocation whose collector step ran it), and an FFI callback from C
-- (libc's qsort) whose Lua code runs under pcall:
--   entry:    the collector steps as the callback is entered (LuaJIT boxes
--             the callback's pointer arguments), outside the pcall;
--   compiled: the collector is stopped around the C call, so not at the
--             entry, and restarted inside the pcall, where a compiled loop
--             allocates: the error is raised from compiled code;
--   stopped:  the collector stopped for the whole callback, as collide
--             does; the finalizers run after the C call returns.
-- Seen with Debian 12's LuaJIT 2.1.0~beta3+git20220320 (x86-64): both
-- crash in LuaJIT's unwinder (err_unwind under _Unwind_RaiseException).
-- Not run by `make test` (it crashes by design); run it by hand to see
-- whether an installed LuaJIT still has the bug.
local ffi = require "ffi"
local mode = arg[1] or "entry"
ffi.cdef [[ void qsort(void *base, size_t n, size_t size,
                       int (*cmp)(const void *, const void *)); ]]

local armed, inside = true, false
local function arm()
  debug.getmetatable(newproxy(true)).__gc = function()
    if not armed then return end
    arm()
    if inside then error("finalizer", 0) end
  end
end
arm()

local function body()
  if mode == "compiled" then collectgarbage("restart") end
  local t = {}
  for i = 1, 50 do t[i] = { i } end
  if mode == "compiled" then collectgarbage("stop") end
  return #t
end

local CMP = ffi.cast("int (*)(const void *, const void *)", function()
  local ok = pcall(body)
  return ok and 1 or 0
end)

local array = ffi.new("int[16]")
local function sort()
  if mode ~= "entry" then collectgarbage("stop") end
  ffi.C.qsort(array, 16, 4, CMP)
  if mode ~= "entry" then collectgarbage("restart") end
end
jit.off(sort)   -- a callback must not be entered from compiled code

collectgarbage("setpause", 0)
collectgarbage("setstepmul", 100)
for _ = 1, tonumber(arg[2]) or 2000 do
  inside = true
  pcall(sort)
  inside = false
end
armed = false
print("ok")
