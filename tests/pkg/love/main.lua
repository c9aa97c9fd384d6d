--- The shipping check's game (tests/pkg/dist_check.sh): a game that ships
-- build/dist/collide/ as the README says, started by LÖVE from a directory
-- or as a .love file with collide/core.so beside it. It loads collide, runs
-- a sweep, a world query and a move, prints one line and quits with 0, or
-- with 1 on any error.

love.errorhandler = function(msg)
  io.stderr:write("dist-check: error: " .. tostring(msg) .. "\n")
  io.stderr:flush()
  return function() return 1 end
end

-- The README's lines ("Recommended: put the library's directory on
-- package.cpath"), unchanged.
local fs = love.filesystem
local function native_dir()
  local source = fs.getSource()
  if not fs.isFused() then
    local f = io.open(source .. "/main.lua")
    if f then
      f:close()
      return source
    end
  end
  return fs.getSourceBaseDirectory()
end
local ext = jit.os == "Windows" and "dll" or "so"
package.cpath = native_dir() .. "/?." .. ext .. ";" .. package.cpath

local collide = require "collide"

function love.load()
  local vec3 = collide.vec3
  -- The FFI backend needs every file of collide/ (ffi.lua, ffi_world.lua,
  -- cdef.lua) and the shared object on package.cpath.
  assert(collide.backend == "ffi", "backend " .. tostring(collide.backend))
  local hit, u0 = collide.sweep_sphere_sphere(1, vec3(0, 0), vec3(10, 0),
                                              1, vec3(5, 0), vec3(5, 0))
  assert(hit and math.abs(u0 - 0.3) < 1e-12, "sweep_sphere_sphere")
  local w = collide.world()
  w:add_segment(vec3(0, 0), vec3(100, 0), "floor")
  local whit, u, _, normal, _, id = w:sweep_sphere(1, vec3(5, 5), vec3(5, -5))
  assert(whit and math.abs(u - 0.4) < 1e-12 and normal.y == 1 and w:data(id) == "floor",
         "world sweep")
  local pos = w:move_sphere(1, vec3(10, 5), vec3(80, -5))
  assert(pos.y > 0.99 and pos.y < 1.01, "move_sphere")
  local path = package.searchpath("collide.core", package.cpath)
  print(("dist-check: collide %s (%s) on %s from %s: ok")
        :format(collide._VERSION, collide.backend, jit.version, path))
  love.event.quit(0)
end
