-- gen-cdef.lua -- writes lua/collide/cdef.lua from csrc/core/collide.h.
--
-- Usage: lua tools/gen-cdef.lua csrc/core/collide.h > lua/collide/cdef.lua
--
-- The core's header keeps its public declarations between the markers
-- COLLIDE_CDEF_BEGIN and COLLIDE_CDEF_END, free of preprocessor lines, so
-- they can be handed verbatim to LuaJIT's ffi.cdef. The generated module is
-- committed (LuaRocks installs lua/ as it is, with no build step for it);
-- `make cdef-check` and spec/cdef_spec.lua fail when it is out of date.
local path = assert(arg[1], "usage: lua tools/gen-cdef.lua csrc/core/collide.h")
local f = assert(io.open(path, "rb"))
local header = f:read("*a")
f:close()

local body = header:match("/%* COLLIDE_CDEF_BEGIN %*/\n(.-)/%* COLLIDE_CDEF_END %*/")
if not body then
  io.stderr:write(path, ": no COLLIDE_CDEF_BEGIN/END markers\n")
  os.exit(1)
end
for line in body:gmatch("[^\n]*") do
  if line:match("^%s*#") then
    io.stderr:write(path, ": preprocessor line between the CDEF markers: ",
                    line, "\n")
    os.exit(1)
  end
end

-- A long bracket whose level does not occur in the text.
local level = 0
while body:find("]" .. ("="):rep(level) .. "]", 1, true) do
  level = level + 1
end
local eq = ("="):rep(level)

io.write("-- Generated from csrc/core/collide.h by tools/gen-cdef.lua (make cdef).\n",
         "-- Do not edit: change the header and regenerate.\n",
         "return [", eq, "[\n", body, "]", eq, "]\n")
