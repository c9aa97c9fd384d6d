-- A moving axis-aligned box against a sphere, a plane, a triangle, a polygon
-- and a segment (collide.sweep_aabb_*), and the contract's 2D rule for
-- every mover (the sphere included).

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, rawequal, tostring = assert, ipairs, math, rawequal, tostring
local collide = require "collide"
local vec3 = collide.vec3

local S5 = math.sqrt(5)
local R2 = math.sqrt(0.5)

local H = dofile("spec/support/hits.lua")
local assert_vec_near, assert_hit, assert_miss = H.vec_near, H.hit, H.miss

-- The box of most cases: half-extents 1 (a 2 x 2 x 2 cube).
local E = vec3(1, 1, 1)

--[[ The triangle of most cases, in z = 0, counter-clockwise seen from +z:

     y
     4      c
           / \
          /   \
         /     \
    -4  a-------b
       -4   0   4   x
]]
local A, B, C = vec3(-4, -4), vec3(4, -4), vec3(0, 4)

describe("collide.sweep_aabb_triangle", function()
  local sweep = collide.sweep_aabb_triangle

  describe("hitting the face", function()
    it("from above: u, the point under the box's centre, the normal toward the box", function()
      assert_hit(0.4, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
        sweep(E, vec3(0, 0, 5), vec3(0, 0, -5), A, B, C))
    end)

    it("from below: the triangle is two-sided", function()
      assert_hit(0.4, vec3(0, 0, 0), vec3(0, 0, -1), "face", nil,
        sweep(E, vec3(0, 0, -5), vec3(0, 0, 5), A, B, C))
    end)

    it("gives the same answer for either winding", function()
      assert_hit(0.4, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
        sweep(E, vec3(0, 0, 5), vec3(0, 0, -5), A, C, B))
    end)
  end)

  describe("hitting an edge", function()
    --   the box comes up from below (y = -10) onto a-b: the point is the
    --   middle of the part of the edge it covers
    it("with a face of the box", function()
      assert_hit(0.25, vec3(0, -4, 0), vec3(0, -1, 0), "edge", nil,
        sweep(E, vec3(0, -10), vec3(0, 10), A, B, C))
    end)

    --       c
    --  []->/        the box's vertical edge (x = c + 1, y = -1) meets the
    --     /         slanted edge c-a at (-2.5, -1): the normal is the edge's
    --    a
    it("with an edge of the box (the edge pair's normal)", function()
      assert_hit(0.325, vec3(-2.5, -1, 0), vec3(-2 / S5, 1 / S5, 0), "edge", nil,
        sweep(E, vec3(-10, 0), vec3(10, 0), A, B, C))
    end)
  end)

  describe("grazing", function()
    --   the box's bottom face slides along y = 4 over the apex c
    it("a vertex at one instant (contact is closed)", function()
      local hit, u, point, _, feature = sweep(E, vec3(-10, 5), vec3(10, 5), A, B, C)
      assert.is_true(hit)
      assert.is_near(0.45, u, 1e-12)
      assert_vec_near(vec3(0, 4, 0), point)
      assert.are.equal("vertex", feature)
      assert_miss(sweep(E, vec3(-10, 5 + 1e-6), vec3(10, 5 + 1e-6), A, B, C))
    end)

    it("a corner of the triangle under a corner of the box", function()
      local hit, u, point, normal, feature = sweep(E, vec3(5, -5, 5), vec3(5, -5, -5), A, B, C)
      assert.is_true(hit)
      assert.is_near(0.4, u, 1e-12)
      assert_vec_near(B, point)
      assert_vec_near(vec3(0, 0, 1), normal)
      assert.are.equal("vertex", feature)
    end)
  end)

  describe("missing", function()
    it("when moving parallel to the face above it", function()
      assert_miss(sweep(E, vec3(-10, 0, 1 + 1e-9), vec3(10, 0, 1 + 1e-9), A, B, C))
    end)

    it("when stopping short, or beside it", function()
      assert_miss(sweep(E, vec3(0, 0, 5), vec3(0, 0, 1.5), A, B, C))
      assert_miss(sweep(E, vec3(10, 10, 5), vec3(10, 10, -5), A, B, C))
    end)

    it("when not moving, apart", function()
      assert_miss(sweep(E, vec3(0, 0, 3), vec3(0, 0, 3), A, B, C))
    end)
  end)

  describe("when the box starts touching or overlapping", function()
    it("touching: u = 0", function()
      assert_hit(0, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
        sweep(E, vec3(0, 0, 1), vec3(0, 0, 3), A, B, C))
    end)

    it("overlapping: the shortest way out, a point of the triangle inside the box", function()
      assert_hit(0, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
        sweep(E, vec3(0, 0, 0.5), vec3(0, 0, 0.5), A, B, C))
    end)

    it("centred on the face: the way out that faces against the motion", function()
      assert_hit(0, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
        sweep(E, vec3(0, 0, 0), vec3(0, 0, -1), A, B, C))
      assert_hit(0, vec3(0, 0, 0), vec3(0, 0, -1), "face", nil,
        sweep(E, vec3(0, 0, 0), vec3(0, 0, 1), A, B, C))
    end)
  end)

  describe("with zero extents", function()
    it("a flat box lands flat on the face", function()
      assert_hit(0.5, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
        sweep(vec3(1, 1, 0), vec3(0, 0, 5), vec3(0, 0, -5), A, B, C))
    end)

    it("a point box is a ray", function()
      assert_hit(0.5, vec3(1, 1, 0), vec3(0, 0, 1), "face", nil,
        sweep(vec3(0, 0, 0), vec3(1, 1, 5), vec3(1, 1, -5), A, B, C))
    end)
  end)

  describe("at huge coordinates", function()
    it("keeps the exact answer", function()
      local o = vec3(1e9, -1e9, 1e9)
      assert_hit(0.4, o, vec3(0, 0, 1), "face", 1e-9,
        sweep(E, o + vec3(0, 0, 5), o - vec3(0, 0, 5), A + o, B + o, C + o))
    end)

    it("does not tunnel at a huge speed", function()
      local hit, u = sweep(vec3(1e-3, 1e-3, 1e-3), vec3(0, 0, 1e9), vec3(0, 0, -1e9), A, B, C)
      assert.is_true(hit)
      assert.is_near(0.5, u, 1e-12)
    end)
  end)

  describe("out-vectors", function()
    it("receive the point and the normal", function()
      local op, on = vec3(), vec3()
      local hit, _, point, normal = sweep(E, vec3(0, 0, 5), vec3(0, 0, -5), A, B, C, op, on)
      assert.is_true(hit)
      assert.is_true(rawequal(op, point))
      assert.is_true(rawequal(on, normal))
      assert.are.equal(vec3(0, 0, 1), on)
    end)
  end)

  describe("bad input", function()
    it("names the argument and the reason", function()
      assert.has_error(function() sweep(E, vec3(0, 0, 1), vec3(0, 0, -1), A, B) end,
        "bad argument #6 to 'sweep_aabb_triangle' (vec3 expected, got nil)")
      assert.has_error(function() sweep(vec3(1, -1, 1), vec3(0, 0, 1), vec3(0, 0, -1), A, B, C) end,
        "bad argument #1 to 'sweep_aabb_triangle' (negative extent)")
      assert.has_error(function() sweep(E, vec3(0, 0, 0 / 0), vec3(0, 0, -1), A, B, C) end,
        "bad argument #2 to 'sweep_aabb_triangle' (vec3 has a NaN component)")
      assert.has_error(function() sweep(E, vec3(0, 0, 1), vec3(0, 0, 2e50), A, B, C) end,
        "bad argument #3 to 'sweep_aabb_triangle' (vec3 component too large (limit 1e+50))")
      assert.has_error(function() sweep(E, vec3(0, 0, 1), vec3(0, 0, -1), A, A, C) end,
        "bad argument #4 to 'sweep_aabb_triangle' (degenerate triangle)")
      assert.has_error(function() sweep(E, vec3(0, 0, 1), vec3(0, 0, -1), A, B, C, {}) end,
        "bad argument #7 to 'sweep_aabb_triangle' (vec3 (out-vector) expected, got table)")
    end)
  end)
end)

--[[ The square of the polygon cases, in z = 0:

     2 +-------+
       |       |
       |   o   |
       |       |
    -2 +-------+
      -2       2
]]
describe("collide.sweep_aabb_polygon", function()
  local sweep = collide.sweep_aabb_polygon
  local square = collide.polygon({ vec3(-2, -2), vec3(2, -2), vec3(2, 2), vec3(-2, 2) })

  it("hits the face from above", function()
    assert_hit(0.4, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
      sweep(E, vec3(0, 0, 5), vec3(0, 0, -5), square))
  end)

  it("half off an edge: a point of the contact, on the part under the box", function()
    assert_hit(0.4, vec3(2, 0, 0), vec3(0, 0, 1), "face", nil,
      sweep(E, vec3(2.5, 0, 5), vec3(2.5, 0, -5), square))
  end)

  it("a box over the whole square: the square's centre", function()
    assert_hit(0.4, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
      sweep(vec3(5, 5, 1), vec3(3, 3, 5), vec3(3, 3, -5), square))
  end)

  it("sideways into an edge", function()
    assert_hit(0.35, vec3(-2, 0, 0), vec3(-1, 0, 0), "edge", nil,
      sweep(E, vec3(-10, 0), vec3(10, 0), square))
  end)

  it("corner on corner (2D)", function()
    local hit, u, point, normal, feature = sweep(vec3(1, 1, 0), vec3(5, 5), vec3(1, 1), square)
    assert.is_true(hit)
    assert.is_near(0.5, u, 1e-12)
    assert_vec_near(vec3(2, 2, 0), point)
    assert.are.equal("vertex", feature)
    assert.are.equal(0, normal.z)
  end)

  it("misses when parallel above it, or not moving", function()
    assert_miss(sweep(E, vec3(-10, 0, 1.5), vec3(10, 0, 1.5), square))
    assert_miss(sweep(E, vec3(0, 0, 1.5), vec3(0, 0, 1.5), square))
  end)

  it("rejects bad input", function()
    assert.has_error(function() sweep(E, vec3(0, 0, 1), vec3(0, 0, -1), {}) end,
      "bad argument #4 to 'sweep_aabb_polygon' (polygon expected, got table)")
    assert.has_error(function() sweep(vec3(-1, 0, 0), vec3(0, 0, 1), vec3(0, 0, -1), square) end,
      "bad argument #1 to 'sweep_aabb_polygon' (negative extent)")
    assert.has_error(function() sweep(E, vec3(0, 0, 1), vec3(0, 0, -1), square, vec3(), 5) end,
      "bad argument #6 to 'sweep_aabb_polygon' (vec3 (out-vector) expected, got number)")
  end)
end)

describe("collide.sweep_aabb_segment", function()
  local sweep = collide.sweep_aabb_segment
  -- a post along z through the origin
  local P0, P1 = vec3(0, 0, -5), vec3(0, 0, 5)

  it("is hit by a face of the box from each side", function()
    assert_hit(0.45, vec3(0, 0, 0), vec3(-1, 0, 0), "edge", nil,
      sweep(E, vec3(-10, 0), vec3(10, 0), P0, P1))
    assert_hit(0.45, vec3(0, 0, 0), vec3(1, 0, 0), "edge", nil,
      sweep(E, vec3(10, 0), vec3(-10, 0), P0, P1))
    assert_hit(0.45, vec3(0, 0, 0), vec3(0, 1, 0), "edge", nil,
      sweep(E, vec3(0, 10), vec3(0, -10), P0, P1))
  end)

  --     |   a post standing on z = 1: the box's top face grazes its foot
  --  [] |
  it("at its end: a vertex", function()
    assert_hit(0.45, vec3(0, 0, 1), vec3(-1, 0, 0), "vertex", nil,
      sweep(E, vec3(-10, 0), vec3(10, 0), vec3(0, 0, 1), vec3(0, 0, 5)))
    assert_miss(sweep(E, vec3(-10, 0), vec3(10, 0), vec3(0, 0, 1 + 1e-6), vec3(0, 0, 5)))
  end)

  --   \        a 2D rectangle's corner into a diagonal wall x + y = 0
  --  []\
  it("in 2D: a corner into a wall, the wall's normal", function()
    assert_hit(0.9, vec3(0, 0, 0), vec3(-R2, -R2, 0), "edge", nil,
      sweep(vec3(1, 1, 0), vec3(-10, -10), vec3(0, 0), vec3(-5, 5), vec3(5, -5)))
  end)

  it("starts touching, starts inside, or does not move", function()
    assert_hit(0, vec3(0, 0, 0), vec3(-1, 0, 0), "edge", nil,
      sweep(E, vec3(-1, 0), vec3(-5, 0), P0, P1))
    assert_hit(0, vec3(0, 0, 0), vec3(-1, 0, 0), "edge", nil,
      sweep(E, vec3(-0.5, 0), vec3(-0.5, 0), P0, P1))
    assert_miss(sweep(E, vec3(-3, 0), vec3(-3, 0), P0, P1))
  end)

  it("takes a segment of no length as a point (a vertex)", function()
    assert_hit(0.45, vec3(0, 0.5, 0.5), vec3(-1, 0, 0), "vertex", nil,
      sweep(E, vec3(-10, 0), vec3(10, 0), vec3(0, 0.5, 0.5), vec3(0, 0.5, 0.5)))
  end)

  it("rejects bad input", function()
    assert.has_error(function() sweep(E, vec3(-10, 0), vec3(10, 0), P0) end,
      "bad argument #5 to 'sweep_aabb_segment' (vec3 expected, got nil)")
    assert.has_error(function() sweep(E, vec3(-10, 0), vec3(10, 0), P0, { 1 / 0, 0 }) end,
      "bad argument #5 to 'sweep_aabb_segment' (vec3 has an infinite component)")
  end)
end)

describe("collide.sweep_aabb_plane", function()
  local sweep = collide.sweep_aabb_plane
  local floor = collide.plane(vec3(0, 0, 1), 0)
  local e = vec3(1, 2, 3)

  it("is met by the box's bottom face from either side", function()
    assert_hit(0.35, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
      sweep(e, vec3(0, 0, 10), vec3(0, 0, -10), floor))
    assert_hit(0.35, vec3(0, 0, 0), vec3(0, 0, -1), "face", nil,
      sweep(e, vec3(0, 0, -10), vec3(0, 0, 10), floor))
  end)

  --      /      a tilted plane x + y = 0 met by the box's corner column
  --  [] /       (x, y) = (c + 1, c + 1): the middle of that edge
  it("a tilted plane: met by an edge of the box", function()
    assert_hit(0.45, vec3(0, 0, 0), vec3(-R2, -R2, 0), "face", nil,
      sweep(E, vec3(-10, -10), vec3(10, 10), collide.plane(vec3(1, 1, 0), 0)))
  end)

  it("misses when parallel, short or still", function()
    assert_miss(sweep(e, vec3(-5, 0, 3.5), vec3(5, 0, 3.5), floor))
    assert_miss(sweep(e, vec3(0, 0, 4), vec3(0, 0, 3.5), floor))
    assert_miss(sweep(e, vec3(0, 0, 4), vec3(0, 0, 4), floor))
  end)

  it("starts touching, inside, or centred on it (ties against the motion)", function()
    assert_hit(0, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
      sweep(e, vec3(0, 0, 3), vec3(0, 0, 5), floor))
    assert_hit(0, vec3(1, 1, 0), vec3(0, 0, 1), "face", nil,
      sweep(e, vec3(1, 1, 1), vec3(1, 1, 1), floor))
    assert_hit(0, vec3(0, 0, 0), vec3(0, 0, -1), "face", nil,
      sweep(e, vec3(0, 0, 0), vec3(0, 0, 5), floor))
    assert_hit(0, vec3(0, 0, 0), vec3(0, 0, 1), "face", nil,
      sweep(e, vec3(0, 0, 0), vec3(0, 0, 0), floor))
  end)

  it("rejects bad input", function()
    assert.has_error(function() sweep(e, vec3(0, 0, 1), vec3(0, 0, -1), vec3(0, 0, 1)) end,
      "bad argument #4 to 'sweep_aabb_plane' (plane expected, got vec3)")
  end)
end)

describe("collide.sweep_aabb_sphere", function()
  local sweep = collide.sweep_aabb_sphere
  local O = vec3(0, 0, 0)

  it("is met on each side: the sphere's point, the normal toward the box", function()
    assert_hit(0.4, vec3(-1, 0, 0), vec3(-1, 0, 0), "face", nil,
      sweep(E, vec3(-10, 0), vec3(10, 0), O, 1))
    assert_hit(0.4, vec3(0, 1, 0), vec3(0, 1, 0), "face", nil,
      sweep(E, vec3(0, 10), vec3(0, -10), O, 1))
    assert_hit(0.4, vec3(0, 0, -1), vec3(0, 0, -1), "face", nil,
      sweep(E, vec3(0, 0, -10), vec3(0, 0, 10), O, 1))
  end)

  --        o        a sphere of radius sqrt(2) at (0, 2, 2): the box's edge
  --     [__]->      (y, z) = (1, 1) passes it at exactly that distance
  it("grazes an edge of the box", function()
    assert_hit(0.45, vec3(0, 1, 1), vec3(0, -R2, -R2), "face", 1e-7,
      sweep(E, vec3(-10, 0), vec3(10, 0), vec3(0, 2, 2), math.sqrt(2)))
    assert_miss(sweep(E, vec3(-10, 0), vec3(10, 0), vec3(0, 2, 2), 1.414))
  end)

  it("misses when parallel or still", function()
    assert_miss(sweep(E, vec3(-10, 2.5), vec3(10, 2.5), O, 1))
    assert_miss(sweep(E, vec3(-3, 0), vec3(-3, 0), O, 1))
  end)

  it("starts touching or overlapping", function()
    assert_hit(0, vec3(-1, 0, 0), vec3(-1, 0, 0), "face", nil,
      sweep(E, vec3(-2, 0), vec3(-5, 0), O, 1))
    assert_hit(0, vec3(-0.5, 0, 0), vec3(-1, 0, 0), "face", nil,
      sweep(E, vec3(-1.5, 0), vec3(-1.5, 0), O, 1))
    -- the sphere's centre inside the box: the short way out, the centre
    assert_hit(0, vec3(0, 0, 0), vec3(0, -1, 0), "face", nil,
      sweep(E, vec3(0, -0.5), vec3(0, -0.5), O, 0.25))
    -- centred: a tie, broken against the motion
    assert_hit(0, vec3(0, 0, 0), vec3(0, 0, -1), "face", nil,
      sweep(E, O, vec3(0, 0, 1), O, 0.5))
  end)

  it("takes zero radius and zero extents", function()
    assert_hit(0.45, vec3(0, 0, 0), vec3(-1, 0, 0), "face", nil,
      sweep(E, vec3(-10, 0), vec3(10, 0), O, 0))
    assert_hit(0.45, vec3(-1, 0, 0), vec3(-1, 0, 0), "face", nil,
      sweep(vec3(0, 0, 0), vec3(-10, 0), vec3(10, 0), O, 1))
  end)

  it("rejects bad input", function()
    assert.has_error(function() sweep(E, O, O, O, -1) end,
      "bad argument #5 to 'sweep_aabb_sphere' (negative radius)")
    assert.has_error(function() sweep(E, O, O, O) end,
      "bad argument #5 to 'sweep_aabb_sphere' (number expected, got nil)")
    assert.has_error(function() sweep(E, O, O, O, 0 / 0) end,
      "bad argument #5 to 'sweep_aabb_sphere' (number is NaN)")
  end)
end)

--[[ The 2D rule: the motion and a flat obstacle in one plane (z = 0). The
     obstacle is a solid region of the plane; every point and normal lies in
     it, and a mover that starts inside is pushed out across the nearest
     edge. ]]
describe("the 2D rule", function()
  local square = collide.polygon({ vec3(-2, -2), vec3(2, -2), vec3(2, 2), vec3(-2, 2) })

  describe("for a circle", function()
    --   +-----+
    --   |   o-|->   the centre starts inside, 0.5 from the edge x = 2
    --   +-----+
    it("starting inside a triangle: out across the nearest edge, in the plane", function()
      assert_hit(0, vec3(0, -4, 0), vec3(0, -1, 0), "edge", nil,
        collide.sweep_sphere_triangle(0.5, vec3(0, -3), vec3(0, 3), A, B, C))
    end)

    it("starting inside a polygon", function()
      assert_hit(0, vec3(2, 0.5, 0), vec3(1, 0, 0), "edge", nil,
        collide.sweep_sphere_polygon(0.25, vec3(1.5, 0.5), vec3(-1.5, 0.5), square))
    end)

    it("keeps the face rule when it crosses the plane, or does not move", function()
      assert_hit(0, vec3(1.5, 0.5, 0), vec3(0, 0, 1), "face", nil,
        collide.sweep_sphere_polygon(0.25, vec3(1.5, 0.5), vec3(1.5, 0.5, -1), square))
      assert_hit(0, vec3(1.5, 0.5, 0), vec3(0, 0, 1), "face", nil,
        collide.sweep_sphere_polygon(0.25, vec3(1.5, 0.5), vec3(1.5, 0.5), square))
    end)

    it("in a world: move_sphere does not pass through a polygon it starts in", function()
      local w = collide.world()
      w:add_polygon(square)
      -- aimed across the square, fast: it used to come out at x = 50
      local pos = w:move_sphere(0.25, vec3(-1.5, 0), vec3(50, 0))
      assert.is_true(pos.x < 2)
      -- toward the nearest edge it leaves: first pushed out toward it by
      -- max_push (its radius: the way out is 0.75), then its motion
      pos = w:move_sphere(0.25, vec3(-1.5, 0), vec3(-50, 0))
      assert.are.equal(-50.25, pos.x)
      pos = w:move_sphere(0.25, vec3(-1.5, 0), vec3(-50, 0), { max_push = 0 })
      assert.are.equal(-50, pos.x)
    end)

    it("in a world: a fast circle aimed at a polygon stops at it", function()
      local w = collide.world()
      w:add_polygon(square)
      -- head on: stopped before the edge x = -2
      for _, y in ipairs({ 0, 1.9, -1.99 }) do
        local pos = w:move_sphere(0.25, vec3(-100, y), vec3(100, y))
        assert.is_true(pos.x <= -2.25, ("y = %g: %s"):format(y, tostring(pos)))
      end
      -- glancing off a corner: slides away, never ending inside
      for _, y in ipairs({ -2.2, 2.24 }) do
        local pos = w:move_sphere(0.25, vec3(-100, y), vec3(100, y))
        local q = vec3(math.max(-2, math.min(2, pos.x)), math.max(-2, math.min(2, pos.y)))
        assert.is_true((pos - q):length() >= 0.25 - 1e-9, ("y = %g: %s"):format(y, tostring(pos)))
      end
    end)
  end)

  describe("for a box", function()
    it("starting inside: out across the nearest edge", function()
      local hit, u, point, normal = collide.sweep_aabb_polygon(vec3(1, 1, 0),
        vec3(1.5, 0), vec3(1.5, -1), square)
      assert.is_true(hit)
      assert.are.equal(0, u)
      assert_vec_near(vec3(1, 0, 0), normal)
      assert.are.equal(0, point.z)
    end)

    it("a 3D box centred in the plane and moving along it too", function()
      local hit, u, _, normal = collide.sweep_aabb_triangle(E, vec3(0.5, -1), vec3(0.5, 0), A, B, C)
      assert.is_true(hit)
      assert.are.equal(0, u)
      assert_vec_near(vec3(2 / S5, 1 / S5, 0), normal)
    end)

    it("against a wall (a segment)", function()
      local hit, u, point, normal = collide.sweep_aabb_segment(vec3(1, 1, 0),
        vec3(0.5, 0), vec3(1, 0), vec3(-5, 5), vec3(5, -5))
      assert.is_true(hit)
      assert.are.equal(0, u)
      assert_vec_near(vec3(R2, R2, 0), normal)
      assert.are.equal(0, point.z)
    end)
  end)
end)
