-- collide.debug.world: a whole world drawn through a recorder standing in
-- for love.graphics (as spec/debug_spec.lua does), on every Lua.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, math, pairs, tonumber = assert, math, pairs, tonumber
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

  -- a 2 x 2 square turned a quarter about z is the same square; turned
  -- 45 degrees its corners are sqrt(2) from its origin along the axes; a
  -- 2 x 2 x 2 cube seen from +z is a 2 x 2 square (its 4 edges along z
  -- are points, not drawn; the other 8 are that square's sides, twice)
  it("draws convex shapes turned and placed, flat ones as outlines, solid ones by edges", function()
    local w = collide.world()
    local square = collide.convex { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } }
    w:add_convex(square, V(10, 0), math.pi / 2)
    w:add_convex(square, V(0, 0), { w = math.cos(math.pi / 8), x = 0, y = 0,
                                     z = math.sin(math.pi / 8) })
    w:add_convex(collide.convex_box(V(1, 1, 1)), V(-5, 5), 0)
    draw.world(w, { mode = "line" })
    assert.are.equal("polygon(line,{9,-1,11,-1,11,1,9,1})", g.calls[1])
    local got = {}
    for x in g.calls[2]:match("^polygon%(line,{(.*)}%)$"):gmatch("[^,]+") do
      got[#got + 1] = tonumber(x)
    end
    local r = math.sqrt(2)
    local want = { -r, 0, 0, -r, r, 0, 0, r }
    assert.are.equal(#want, #got)
    for i = 1, #want do assert.is_true(math.abs(got[i] - want[i]) < 1e-3, g.calls[2]) end
    local sides = {}
    for i = 3, #g.calls do sides[g.calls[i]] = (sides[g.calls[i]] or 0) + 1 end
    assert.are.equal(10, #g.calls)
    local n = 0
    for c, k in pairs(sides) do
      n = n + 1
      assert.are.equal(2, k, c)
      local x0, y0, x1, y1 = c:match("^line%(([-%d.]+),([-%d.]+),([-%d.]+),([-%d.]+)%)$")
      x0, y0, x1, y1 = tonumber(x0), tonumber(y0), tonumber(x1), tonumber(y1)
      assert.is_true(math.min(x0, x1) >= -6 and math.max(x0, x1) <= -4
                     and math.min(y0, y1) >= 4 and math.max(y0, y1) <= 6
                     and (x0 == x1 or y0 == y1) and (x0 ~= x1 or y0 ~= y1), c)
    end
    assert.are.equal(4, n)
    -- filled, and the velocity's arrow from the first corner
    g.calls = {}
    local w2 = collide.world()
    local id = w2:add_convex(collide.convex_box(V(1, 2, 3)), V(0, 0), 0)
    w2:set_velocity(id, V(4, 0))
    draw.world(w2, { mode = "fill" })
    assert.are.equal("polygon(fill,{-1,-2,1,-2,1,2,-1,2})", g.calls[1])
    assert.are.equal(4, #g.calls)   -- the arrow's shaft and two strokes
    assert.are.equal("line", g.calls[2]:match("^(%a+)%("))
  end)

  -- the square's first corner, (-1, -1), turned a quarter about z by a
  -- step's spin ends at (1, -1), along the circle of radius sqrt(2); a
  -- quarter about x (a quaternion) takes it to (-1, 0, -1), seen in x-y
  -- as a stroke up to (-1, 0)
  it("draws a spinning convex shape's turn over a step: its first corner's path", function()
    local w = collide.world()
    local square = collide.convex { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } }
    local id = w:add_convex(square, V(0, 0), 0)
    w:set_spin(id, math.pi / 2)
    local function path()
      g.calls = {}
      draw.world(w)
      assert.are.equal(4, #g.calls)   -- the square, the path, the head's two strokes
      local xs = {}
      for x in g.calls[2]:match("^line%({(.*)}%)$"):gmatch("[^,]+") do xs[#xs + 1] = tonumber(x) end
      return xs
    end
    local xs = path()
    assert.are.equal(34, #xs)
    assert.are.same({ -1, -1 }, { xs[1], xs[2] })
    assert.is_true(math.abs(xs[33] - 1) < 1e-3 and math.abs(xs[34] + 1) < 1e-3)
    for i = 1, #xs, 2 do
      assert.is_true(math.abs(math.sqrt(xs[i] ^ 2 + xs[i + 1] ^ 2) - math.sqrt(2)) < 1e-2)
    end
    local h = math.sqrt(0.5)
    w:set_spin(id, { w = h, x = h, y = 0, z = 0 })
    xs = path()
    assert.is_true(math.abs(xs[33] + 1) < 1e-3 and math.abs(xs[34]) < 1e-3)
    -- not asked, or not spinning: no path
    g.calls = {}
    draw.world(w, { velocities = false })
    assert.are.equal(1, #g.calls)
    w:set_spin(id, 0)
    g.calls = {}
    draw.world(w)
    assert.are.equal(1, #g.calls)
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
