--- The source tree's stand-in for an installed collide: `require "collide"`
-- from any Lua started in the repository root (lua5.1 to lua5.4, luajit)
-- finds this file through the default `./?.lua` and gets the real module,
-- lua/collide/init.lua, with the core built for that Lua by make
-- (build/<version>/collide/core.so; LuaJIT uses the 5.1 build).
--
-- It is not installed or shipped (`make dist` and the rockspec take
-- lua/collide/ only). It never looks at ./collide/core.so, which is where
-- `luarocks make` leaves the object it builds in place, for the Lua
-- luarocks runs on: so a rock build cannot shadow make's builds.

local here = debug.getinfo(1, "S").source
local root = here:sub(1, 1) == "@" and here:sub(2):match("^(.*)[/\\][^/\\]*$") or "."
local abi = type(jit) == "table" and "5.1" or _VERSION:match("%d+%.%d+")
local core = root .. "/build/" .. abi .. "/collide/core.so"

local f = io.open(core, "rb")
if f == nil then
  error(("collide: %s is missing: run `make build/%s/collide/core.so` in %s")
        :format(core, abi, root), 0)
end
f:close()

package.path = root .. "/lua/?.lua;" .. root .. "/lua/?/init.lua;" .. package.path
package.cpath = root .. "/build/" .. abi .. "/?.so;" .. package.cpath
local init = assert(loadfile(root .. "/lua/collide/init.lua"))
return init("collide")
