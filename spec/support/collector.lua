-- Helpers of the specs that run collide's calls from finalizers
-- (untrusted_spec, untrusted_ffi_spec, untrusted_tables_spec).
local M = {}

-- Garbage whose finalizer runs f: a userdata on Lua 5.1 and LuaJIT, a
-- table elsewhere.
function M.finalized(f)
  if newproxy then   -- luacheck: ignore 113
    debug.getmetatable(newproxy(true)).__gc = f   -- luacheck: ignore 113
  else
    setmetatable({}, { __gc = f })
  end
end

-- f with LuaJIT's compiler off (and its traces flushed), else f.
--
-- LuaJIT as Debian 12 ships it (2.1.0~beta3+git20220320) crashes when a
-- finalizer's error is raised by a collector step taken at the exit of a
-- compiled trace, with no collide code involved (LuaJIT pull request
-- #946, "Protect call to lj_gc_step on trace exit", shows it in 15 lines;
-- tests/luajit_callback_gc.lua the same inside FFI callbacks). The specs
-- whose finalizers raise run f so: what they check is collide's
-- behaviour, not that LuaJIT bug's. (untrusted_tables_spec's hooked pass
-- runs so too: compiled code does not count instructions for a hook.)
function M.interpreted(f)
  if rawget(_G, "jit") == nil then return f() end
  jit.off()
  jit.flush()
  local ok, err = pcall(f)
  jit.on()
  if not ok then error(err, 0) end
end

return M
