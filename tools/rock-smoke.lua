-- Loaded by `make rock-check` with the search paths of a freshly installed
-- rock tree: the installed module must load and answer.
local c = require "collide"
local hit, u0 = c.sweep_sphere_sphere(1, c.vec3(0, 0), c.vec3(10, 0),
                                      1, c.vec3(5, 0), c.vec3(5, 0))
assert(hit and math.abs(u0 - 0.3) < 1e-12, "installed module gives a wrong answer")
assert(package.searchpath == nil or
       not package.searchpath("collide.core", package.cpath):find("/build/", 1, true),
       "loaded the build tree instead of the installed rock")
-- LuaJIT (run on the 5.1 tree) must find the FFI backend's files too.
assert(type(jit) ~= "table" or c.backend == "ffi", "LuaJIT did not get the FFI backend")
local vm = type(jit) == "table" and jit.version or _VERSION
print(("   installed collide %s (%s) loads on %s"):format(c._VERSION, c.backend, vm))
