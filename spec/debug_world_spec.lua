-- collide.debug.world: a whole world drawn through a recorder standing in
-- for love.graphics (as spec/debug_spec.lua does), on every Lua.
local collide = require "collide"
local draw = require "collide.debug"
local V = collide.vec3

local recorder = dofile("spec/support/recorder.lua")

describe("collide.debug.world", function()
  local g
  before_each(function()
    g = recorder({ 1, 1, 1, 1 })
    draw.graphics = g
  end)
  after_each(function() draw.graphics = nil end)

  it("draws every kind of shape, and the velocity of a moving one", function()
    local w = collide.world()
    w:add_triangle(V(0, 0), V(4, 0), V(0, 4))
    w:add_polygon({ V(10, 0), V(12, 0), V(12, 2) })
    w:add_aabb(V(6, 1), V(1, 2, 1))
    w:add_sphere(V(-4, 2), 1.5)
    w:add_segment(V(2, -3), V(2, 6))
    local cap = w:add_capsule(V(0, 10), V(4, 10), 1)
    w:add_plane(collide.plane(V(0, 1), -20))
    w:set_velocity(cap, V(3, 0))
    draw.world(w, { extent = 100 })
    assert.are.same({
      "polygon(line,{0,0,4,0,0,4})",
      "polygon(line,{10,0,12,0,12,2})",
      "rectangle(line,5,-1,2,4)",
      "circle(line,-4,2,1.5)",
      "line(2,-3,2,6)",
      "circle(line,0,10,1)", "circle(line,4,10,1)", "line(0,11,4,11)", "line(0,9,4,9)",
      "line(0,10,3,10)", "line(3,10,2.35,9.625)", "line(3,10,2.35,10.38)",
      "line(100,20,-100,20)",
    }, g.calls)
  end)

  it("fills when asked, skips what the filter refuses and planes seen edge-on", function()
    local w = collide.world()
    w:add_capsule(V(0, 0), V(0, 4), 1, "skip")
    w:add_aabb(V(1, 1), V(1, 1, 1), "box")
    w:add_plane(collide.plane(V(0, 0, 1), 0))
    draw.world(w, { mode = "fill", filter = function(_, _, data) return data ~= "skip" end })
    assert.are.same({ "rectangle(fill,0,0,2,2)" }, g.calls)
    g.calls = {}
    draw.world(w, { mode = "fill" })
    assert.are.equal("polygon(fill,{-1,0,-1,4,1,4,1,0})", g.calls[3])
  end)
end)
