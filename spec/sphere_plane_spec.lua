-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, rawequal, tostring = assert, rawequal, tostring
local collide = require "collide"
local vec3 = collide.vec3
local sweep = collide.sweep_sphere_plane

local function assert_vec_near(expected, actual, tol)
  assert.is_true(collide.is_vec3(actual), "expected a vec3")
  local d = (actual - expected):length()
  assert.is_true(d <= (tol or 1e-12),
    ("expected %s, got %s"):format(tostring(expected), tostring(actual)))
end

-- The floor y = 0, normal +y.
local floor = collide.plane(vec3(0, 1, 0), 0)

describe("collide.sweep_sphere_plane", function()
  describe("when a sphere falls onto the floor from above", function()
    --      o  (0, 5)
    --      |
    --      v
    --  ----+----- y = 0      r = 1: contact when the centre is at y = 1
    --      o  (0, -5)
    it("reports u, the touched point, the normal toward the sphere, 'face'", function()
      local hit, u, point, normal, feature = sweep(1, vec3(0, 5), vec3(0, -5), floor)
      assert.is_true(hit)
      assert.are.equal(0.4, u)
      assert.are.equal(vec3(0, 0, 0), point)
      assert.are.equal(vec3(0, 1, 0), normal)
      assert.are.equal("face", feature)
    end)

    it("finds the point under the centre when moving diagonally", function()
      local hit, u, point = sweep(1, vec3(0, 3), vec3(4, -1), floor)
      assert.is_true(hit)
      assert.are.equal(0.5, u)
      assert.are.equal(vec3(2, 0, 0), point)
    end)
  end)

  describe("when approached from behind (the plane is two-sided)", function()
    it("gives the normal on the sphere's side", function()
      local hit, u, point, normal = sweep(1, vec3(0, -5), vec3(0, 5), floor)
      assert.is_true(hit)
      assert.are.equal(0.4, u)
      assert.are.equal(vec3(0, 0, 0), point)
      assert.are.equal(vec3(0, -1, 0), normal)
    end)
  end)

  describe("a plane built from a point not at the origin", function()
    -- wall x = 10 facing -x, built through (10, 3, 7)
    local wall = collide.plane_from_point_normal(vec3(10, 3, 7), vec3(-1, 0, 0))
    it("is hit where it really is", function()
      local hit, u, point, normal = sweep(2, vec3(0, 1, 1), vec3(16, 1, 1), wall)
      assert.is_true(hit)
      assert.are.equal(0.5, u)                  -- centre at x = 8
      assert.are.equal(vec3(10, 1, 1), point)
      assert.are.equal(vec3(-1, 0, 0), normal)
    end)
  end)

  describe("no contact", function()
    it("when the step ends before the sphere reaches the plane", function()
      assert.is_false(sweep(1, vec3(0, 5), vec3(0, 1.5), floor))
    end)

    it("when moving away or parallel", function()
      assert.is_false(sweep(1, vec3(0, 2), vec3(0, 5), floor))
      assert.is_false(sweep(1, vec3(0, 2), vec3(100, 2), floor))
    end)

    it("when not moving and apart", function()
      assert.is_false(sweep(1, vec3(0, 2), vec3(0, 2), floor))
    end)
  end)

  describe("at the start of the step", function()
    it("reports u = 0 when touching exactly", function()
      local hit, u, point, normal = sweep(1, vec3(3, 1), vec3(3, 5), floor)
      assert.is_true(hit)
      assert.are.equal(0, u)
      assert.are.equal(vec3(3, 0, 0), point)
      assert.are.equal(vec3(0, 1, 0), normal)
    end)

    it("reports u = 0, the nearest point and the side's normal when overlapping", function()
      local hit, u, point, normal = sweep(1, vec3(3, -0.5), vec3(3, -0.5), floor)
      assert.is_true(hit)
      assert.are.equal(0, u)
      assert.are.equal(vec3(3, 0, 0), point)
      assert.are.equal(vec3(0, -1, 0), normal)
    end)

    it("gives a unit normal when the centre is exactly on the plane", function()
      local _, _, _, n1 = sweep(1, vec3(0, 0), vec3(0, -3), floor)
      assert.are.equal(vec3(0, 1, 0), n1)    -- the side it comes from: above
      local _, _, _, n3 = sweep(1, vec3(0, 0), vec3(0, 3), floor)
      assert.are.equal(vec3(0, -1, 0), n3)   -- moving up: from below
      local _, _, _, n2 = sweep(1, vec3(0, 0), vec3(0, 0), floor)
      assert.are.equal(vec3(0, 1, 0), n2)    -- resting: the plane's front
    end)
  end)

  describe("touching exactly at the end of the step", function()
    it("counts (contact is closed)", function()
      local hit, u = sweep(1, vec3(0, 5), vec3(0, 1), floor)
      assert.is_true(hit)
      assert.are.equal(1, u)
    end)
  end)

  describe("zero radius", function()
    it("is a point crossing the plane", function()
      local hit, u, point = sweep(0, vec3(1, 2, 3), vec3(1, -2, 3), floor)
      assert.is_true(hit)
      assert.are.equal(0.5, u)
      assert.are.equal(vec3(1, 0, 3), point)
    end)
  end)

  describe("a fast sphere against a tilted plane far from the origin", function()
    it("is caught and keeps its precision around 1e7", function()
      local o = 1e7
      local n = vec3(1, 1, 0):normalize()
      local p = collide.plane_from_point_normal(vec3(o, o, o), n)
      -- start 10 units in front along n, end 10 behind
      local c0 = vec3(o, o, o) + n * 10
      local c1 = vec3(o, o, o) - n * 10
      local hit, u, point, normal = sweep(2, c0, c1, p)
      assert.is_true(hit)
      assert.is_near(0.4, u, 1e-9)
      assert_vec_near(vec3(o, o, o), point, 1e-6)
      assert_vec_near(n, normal, 1e-12)
    end)
  end)

  describe("out-vectors", function()
    it("writes into the given vectors and returns them", function()
      local op, on = vec3(), vec3()
      local hit, u, point, normal = sweep(1, vec3(0, 5), vec3(0, -5), floor, op, on)
      assert.is_true(hit)
      assert.are.equal(0.4, u)
      assert.is_true(rawequal(op, point))
      assert.is_true(rawequal(on, normal))
      assert.are.equal(vec3(0, 1, 0), on)
    end)

    it("rejects an out-vector that is not a vec3", function()
      assert.has_error(function() sweep(1, vec3(0, 5), vec3(0, -5), floor, {}) end,
        "bad argument #5 to 'sweep_sphere_plane' (vec3 (out-vector) expected, got table)")
    end)
  end)

  describe("bad input", function()
    it("names the argument", function()
      assert.has_error(function() sweep(1, vec3(0, 5), vec3(0, -5)) end,
        "bad argument #4 to 'sweep_sphere_plane' (plane expected, got nil)")
      assert.has_error(function() sweep(1, vec3(0, 5), vec3(0, -5), {0, 1, 0}) end,
        "bad argument #4 to 'sweep_sphere_plane' (plane expected, got table)")
      assert.has_error(function() sweep(-1, vec3(0, 5), vec3(0, -5), floor) end,
        "bad argument #1 to 'sweep_sphere_plane' (negative radius)")
      assert.has_error(function() sweep(1, vec3(0 / 0, 5), vec3(0, -5), floor) end,
        "bad argument #2 to 'sweep_sphere_plane' (vec3 has a NaN component)")
    end)
  end)
end)

describe("collide.raycast_plane", function()
  it("hits where the segment crosses, normal facing the start", function()
    local hit, u, point, normal, feature = collide.raycast_plane(vec3(1, 4), vec3(1, -4), floor)
    assert.is_true(hit)
    assert.are.equal(0.5, u)
    assert.are.equal(vec3(1, 0, 0), point)
    assert.are.equal(vec3(0, 1, 0), normal)
    assert.are.equal("face", feature)
    local _, _, _, back = collide.raycast_plane(vec3(1, -4), vec3(1, 4), floor)
    assert.are.equal(vec3(0, -1, 0), back)
  end)

  it("misses a segment that stays on one side", function()
    assert.is_false(collide.raycast_plane(vec3(1, 4), vec3(1, 0.5), floor))
    assert.is_false(collide.raycast_plane(vec3(1, -4), vec3(9, -1), floor))
  end)

  it("hits at the end point when the segment ends on the plane", function()
    local hit, u = collide.raycast_plane(vec3(0, 2), vec3(0, 0), floor)
    assert.is_true(hit)
    assert.are.equal(1, u)
  end)
end)
