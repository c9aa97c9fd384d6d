-- gc_stress.lua -- busted helper for `make check-gc`: the spec suite with
-- the garbage collector running all the time, so that a value the C module
-- forgot to anchor (a userdata, a string, a table read through the C API)
-- is collected while still in use and the specs fail or crash.
--
--  * pause 0: a new cycle starts as soon as the last one ends; a large step
--    multiplier makes every allocation do a lot of collection work. The
--    C module's own allocations (vec3, plane, polygon userdata) then run the
--    collector in the middle of its functions.
--  * every function of the collide module, and every metamethod of its
--    types, is wrapped to take a collector step before and after the call
--    (a full collection per call would take minutes with busted's heap).
--  * a count hook steps the collector every 1000 VM instructions in between.
collectgarbage("setpause", 0)
collectgarbage("setstepmul", 1000)

local unpack = table.unpack or unpack  -- luacheck: ignore 143
local function pack(...) return { n = select("#", ...), ... } end

local function wrap(f)
  return function(...)
    collectgarbage("step", 0)
    local r = pack(f(...))
    collectgarbage("step", 0)
    return unpack(r, 1, r.n)
  end
end

local collide = require "collide"
for k, v in pairs(collide) do
  if type(v) == "function" then collide[k] = wrap(v) end
end

-- Methods and metamethods live in the metatables (and the method tables
-- behind __index); wrap those found from one instance of each type.
local seen = {}
local function wrap_table(t)
  if type(t) ~= "table" or seen[t] then return end
  seen[t] = true
  for k, v in pairs(t) do
    if type(v) == "function" and k ~= "__gc" then t[k] = wrap(v) end
  end
end
local ok, v = pcall(collide.vec3, 1, 2, 3)
if ok then wrap_table(getmetatable(v)) end
local okp, p = pcall(collide.plane, collide.vec3(0, 1, 0), 0)
if okp then wrap_table(getmetatable(p)) end

debug.sethook(function() collectgarbage("step", 1) end, "", 1000)
