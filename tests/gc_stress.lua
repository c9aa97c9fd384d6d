-- gc_stress.lua -- busted helper for `make check-gc`: the spec suite with
-- the garbage collector running all the time, so that a value the C module
-- forgot to anchor (a userdata, a string, a table read through the C API)
-- is collected while still in use and the specs fail or crash.
--
--  * pause 0: a new cycle starts as soon as the last one ends, and a large
--    step multiplier makes every allocation do a lot of collection work, so
--    the C module's own allocations (the vec3, plane and polygon userdata it
--    returns, the tables of a world) run the collector in the middle of its
--    functions.
--  * a hook takes a collector step before every 8th function call (the
--    module's C functions and methods included) and every 1000 VM
--    instructions in between. (A step before every call makes the suite
--    take over ten minutes; every 8th keeps it near 15 seconds.)
-- The module's functions are not wrapped: a Lua wrapper would become the
-- caller named in error messages and change what the specs pin.
collectgarbage("setpause", 0)
collectgarbage("setstepmul", 1000)

-- On LuaJIT the hooks keep every trace from compiling and the suite then
-- runs for well over ten minutes; there pause 0 and the step multiplier
-- alone keep the collector running.
local step, calls = collectgarbage, 0
local function hook(event)
  if event == "call" then
    calls = calls + 1
    if calls % 8 ~= 0 then return end
  end
  step("step", 0)
end
if rawget(_G, "jit") == nil then debug.sethook(hook, "c", 1000) end
