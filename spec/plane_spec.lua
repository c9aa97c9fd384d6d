-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, math, tostring = assert, math, tostring
local collide = require "collide"
local vec3 = collide.vec3

local function assert_vec_near(expected, actual, tol)
  assert.is_true(collide.is_vec3(actual), "expected a vec3")
  local d = (actual - expected):length()
  assert.is_true(d <= tol, ("expected %s, got %s"):format(tostring(expected), tostring(actual)))
end

describe("collide.plane", function()
  it("normalizes the normal and scales d with it", function()
    local p = collide.plane(vec3(0, 2, 0), -4)  -- 2y - 4 = 0: y = 2
    assert.are.equal(vec3(0, 1, 0), p.normal)
    assert.are.equal(-2, p.d)
    assert.are.equal(3, p:distance(vec3(7, 5, 1)))
    assert.are.equal(-2, p:distance({0, 0}))
  end)

  it("accepts a table normal", function()
    local p = collide.plane({0, 0, 5}, 5)
    assert.are.equal(vec3(0, 0, 1), p.normal)
    assert.are.equal(1, p.d)
  end)

  it("is read-only", function()
    local p = collide.plane(vec3(0, 1, 0), 0)
    assert.has_error(function() p.d = 3 end,
      "planes are read-only (make a new one with collide.plane)")
    -- the normal field is a copy: changing it leaves the plane alone
    local n = p.normal
    n.y = 5
    assert.are.equal(vec3(0, 1, 0), p.normal)
  end)

  it("prints itself", function()
    assert.are.equal("plane(vec3(0, 1, 0), -2)", tostring(collide.plane(vec3(0, 2, 0), -4)))
  end)

  it("rejects a zero-length normal and non-finite numbers", function()
    assert.has_error(function() collide.plane(vec3(0, 0, 0), 1) end,
      "bad argument #1 to 'plane' (zero-length normal)")
    assert.has_error(function() collide.plane(vec3(0, 1e-200, 0), 1) end,
      "bad argument #1 to 'plane' (zero-length normal)")
    assert.has_error(function() collide.plane(vec3(0, 1, 0), 0 / 0) end,
      "bad argument #2 to 'plane' (number is NaN)")
    assert.has_error(function() collide.plane(vec3(0, 1, 0)) end,
      "bad argument #2 to 'plane' (number expected, got nil)")
    assert.has_error(function() collide.plane(nil, 1) end,
      "bad argument #1 to 'plane' (vec3 expected, got nil)")
    assert.has_error(function() collide.plane({ 0, 1, math.huge }, 1) end,
      "bad argument #1 to 'plane' (vec3 has an infinite component)")
  end)

  it("names a bad argument to distance", function()
    local p = collide.plane(vec3(0, 1, 0), 0)
    assert.has_error(function() p:distance() end,
      "bad argument #1 to 'distance' (vec3 expected, got nil)")
    assert.has_error(function() p.distance(vec3(1, 2), vec3(1, 2)) end,
      "calling 'distance' on bad self (plane expected, got vec3)")
    assert.has_error(function() p:distance(vec3(0 / 0, 0)) end,
      "bad argument #1 to 'distance' (vec3 has a NaN component)")
  end)
end)

describe("collide.plane_from_point_normal", function()
  it("passes through a point away from the origin", function()
    local p = collide.plane_from_point_normal(vec3(3, 4, 5), vec3(0, 0, -10))
    assert.are.equal(vec3(0, 0, -1), p.normal)
    assert.are.equal(5, p.d)          -- -z + 5 = 0 at z = 5
    assert.are.equal(0, p:distance(vec3(-7, 8, 5)))
    assert.are.equal(2, p:distance(vec3(0, 0, 3)))
  end)

  it("rejects a zero normal as argument 2", function()
    assert.has_error(function() collide.plane_from_point_normal(vec3(1, 2, 3), {0, 0, 0}) end,
      "bad argument #2 to 'plane_from_point_normal' (zero-length normal)")
  end)
end)

describe("collide.plane_from_points", function()
  it("has the normal (b-a)x(c-a), normalized", function()
    -- counter-clockwise seen from +z: normal +z
    local p = collide.plane_from_points(vec3(0, 0, 2), vec3(1, 0, 2), vec3(0, 1, 2))
    assert.are.equal(vec3(0, 0, 1), p.normal)
    assert.are.equal(-2, p.d)
    local q = collide.plane_from_points(vec3(0, 0, 2), vec3(0, 1, 2), vec3(1, 0, 2))
    assert.are.equal(vec3(0, 0, -1), q.normal)
  end)

  it("is exact enough far from the origin", function()
    local o = 1e7
    local p = collide.plane_from_points(vec3(o, o, o), vec3(o + 1, o, o), vec3(o, o + 1, o))
    assert_vec_near(vec3(0, 0, 1), p.normal, 1e-12)
    assert.is_near(0, p:distance(vec3(o + 5, o - 3, o)), 1e-6)
  end)

  it("rejects collinear and repeated points", function()
    assert.has_error(function()
      collide.plane_from_points(vec3(0, 0), vec3(1, 1), vec3(2, 2))
    end, "bad argument #3 to 'plane_from_points' (points are collinear)")
    assert.has_error(function()
      collide.plane_from_points(vec3(1, 2, 3), vec3(1, 2, 3), vec3(2, 2))
    end, "bad argument #3 to 'plane_from_points' (points are collinear)")
  end)
end)
