-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, math = assert, math
local collide = require "collide"
local vec3 = collide.vec3
local sweep, test = collide.sweep_sphere_sphere, collide.test_sphere_sphere

-- Reference used by the stability spec: the same first root computed in
-- extended steps that cannot cancel (the roots of a quadratic whose
-- coefficients are exact small integers).
describe("collide.sweep_sphere_sphere", function()
  describe("when A flies through a resting B", function()
    --   A(r=1) 0 ----------------> 10
    --                  B(r=1) at 5
    -- first contact when the centres are 2 apart: x = 3, u = 0.3;
    -- last contact at x = 7, u = 0.7.
    it("reports the first and last moment of contact", function()
      local hit, u0, u1 = sweep(1, vec3(0, 0), vec3(10, 0), 1, vec3(5, 0), vec3(5, 0))
      assert.is_true(hit)
      assert.are.equal(0.3, u0)
      assert.are.equal(0.7, u1)
    end)

    it("gives the same times with the operands swapped", function()
      local hit, u0, u1 = sweep(1, vec3(5, 0), vec3(5, 0), 1, vec3(0, 0), vec3(10, 0))
      assert.is_true(hit)
      assert.are.equal(0.3, u0)
      assert.are.equal(0.7, u1)
    end)

    it("is the same when both move (only relative motion counts)", function()
      local hit, u0, u1 = sweep(1, vec3(100, 0), vec3(120, 0), 1, vec3(105, 0), vec3(115, 0))
      assert.is_true(hit)
      assert.is_near(0.3, u0, 1e-12)
      assert.is_near(0.7, u1, 1e-12)
    end)
  end)

  describe("roots outside the step", function()
    it("is no contact when the first root is after u = 1", function()
      -- contact would begin at x = 3 but A only reaches x = 2.9
      assert.is_false(sweep(1, vec3(0, 0), vec3(2.9, 0), 1, vec3(5, 0), vec3(5, 0)))
    end)

    it("is no contact when both roots are before u = 0 (moving away)", function()
      -- A has already passed B: |x - 5| <= 2 happened in the past
      assert.is_false(sweep(1, vec3(8, 0), vec3(20, 0), 1, vec3(5, 0), vec3(5, 0)))
    end)

    it("clips the last moment to u = 1 when still touching at the end", function()
      local hit, u0, u1 = sweep(1, vec3(0, 0), vec3(4, 0), 1, vec3(5, 0), vec3(5, 0))
      assert.is_true(hit)
      assert.are.equal(0.75, u0)
      assert.are.equal(1, u1)
    end)

    it("reports exact touching at u = 1 (contact is closed)", function()
      local hit, u0, u1 = sweep(1, vec3(0, 0), vec3(3, 0), 1, vec3(5, 0), vec3(5, 0))
      assert.is_true(hit)
      assert.are.equal(1, u0)
      assert.are.equal(1, u1)
    end)
  end)

  describe("at the start of the step", function()
    it("reports u0 = 0 when touching exactly", function()
      local hit, u0 = sweep(1, vec3(3, 0), vec3(3, 10), 1, vec3(5, 0), vec3(5, 0))
      assert.is_true(hit)
      assert.are.equal(0, u0)
    end)

    it("reports u0 = 0 and the separation time when overlapping", function()
      --  A at 4 moving left to -6, B at 5: they separate when A reaches 3
      local hit, u0, u1 = sweep(1, vec3(4, 0), vec3(-6, 0), 1, vec3(5, 0), vec3(5, 0))
      assert.is_true(hit)
      assert.are.equal(0, u0)
      assert.are.equal(0.1, u1)
    end)
  end)

  describe("with zero relative velocity", function()
    it("is no contact when apart (and does not divide by zero)", function()
      assert.is_false(sweep(1, vec3(0, 0), vec3(1, 0), 1, vec3(5, 0), vec3(6, 0)))
      assert.is_false(sweep(1, vec3(0, 0), vec3(0, 0), 1, vec3(5, 0), vec3(5, 0)))
    end)

    it("is contact over the whole step when overlapping", function()
      local hit, u0, u1 = sweep(1, vec3(0, 0), vec3(1, 0), 1, vec3(1, 0), vec3(2, 0))
      assert.is_true(hit)
      assert.are.equal(0, u0)
      assert.are.equal(1, u1)
    end)
  end)

  describe("grazing and parallel motion", function()
    it("touches a sphere it passes at exactly the sum of the radii", function()
      -- A moves along y = 2, B at the origin, radii 1 + 1: touches at x = 0
      local hit, u0, u1 = sweep(1, vec3(-5, 2), vec3(5, 2), 1, vec3(0, 0), vec3(0, 0))
      assert.is_true(hit)
      assert.are.equal(0.5, u0)
      assert.are.equal(0.5, u1)
    end)

    it("misses one it passes just outside", function()
      assert.is_false(sweep(1, vec3(-5, 2.000001), vec3(5, 2.000001), 1, vec3(0, 0), vec3(0, 0)))
    end)
  end)

  describe("zero radii", function()
    it("treats two points as touching only where they meet", function()
      local hit, u0, u1 = sweep(0, vec3(0, 0), vec3(4, 0), 0, vec3(1, 0), vec3(1, 0))
      assert.is_true(hit)
      assert.are.equal(0.25, u0)
      assert.are.equal(0.25, u1)
    end)
  end)

  describe("a fast bullet against a thin target", function()
    it("is caught although it is never inside at the ends of the step", function()
      -- bullet r = 0.1 from x = -1000 to 1000 in one step, target r = 0.1 at 0
      local hit, u0 = sweep(0.1, vec3(-1000, 0), vec3(1000, 0), 0.1, vec3(0, 0), vec3(0, 0))
      assert.is_true(hit)
      assert.is_near(0.4999, u0, 1e-12)
    end)
  end)

  describe("numerics", function()
    it("uses the stable quadratic: a tiny first root keeps its digits", function()
      -- Gap of 1e-9 at speed 1e6: u0 = 1e-15. The textbook form
      -- (-b - sqrt(b^2 - ac)) / a cancels catastrophically here.
      local hit, u0 = sweep(1, vec3(0, 0), vec3(1e6, 0), 1, vec3(2 + 1e-9, 0), vec3(2 + 1e-9, 0))
      assert.is_true(hit)
      assert.is_near(1e-15, u0, 1e-21)
    end)

    it("keeps its precision around 1e7", function()
      local o = 1e7
      local hit, u0, u1 = sweep(1, vec3(o, o, o), vec3(o + 10, o, o), 1,
                                vec3(o + 5, o, o), vec3(o + 5, o, o))
      assert.is_true(hit)
      assert.is_near(0.3, u0, 1e-9)
      assert.is_near(0.7, u1, 1e-9)
    end)

    it("works in 3D and with tables as vectors", function()
      local hit, u0 = sweep(1, {0, 0, -10}, {0, 0, 10}, 2, {x = 0, y = 0, z = 0}, {0, 0, 0})
      assert.is_true(hit)
      assert.are.equal(0.35, u0)
    end)
  end)

  describe("bad input", function()
    local p = vec3(0, 0)
    it("names the argument", function()
      assert.has_error(function() sweep(1, p) end,
        "bad argument #3 to 'sweep_sphere_sphere' (vec3 expected, got nil)")
      assert.has_error(function() sweep(nil, p, p, 1, p, p) end,
        "bad argument #1 to 'sweep_sphere_sphere' (number expected, got nil)")
      assert.has_error(function() sweep(-1, p, p, 1, p, p) end,
        "bad argument #1 to 'sweep_sphere_sphere' (negative radius)")
      assert.has_error(function() sweep(1, p, p, -0.5, p, p) end,
        "bad argument #4 to 'sweep_sphere_sphere' (negative radius)")
      assert.has_error(function() sweep(0 / 0, p, p, 1, p, p) end,
        "bad argument #1 to 'sweep_sphere_sphere' (number is NaN)")
      assert.has_error(function() sweep(1, p, p, math.huge, p, p) end,
        "bad argument #4 to 'sweep_sphere_sphere' (number is infinite)")
      assert.has_error(function() sweep(1, p, vec3(0 / 0, 0), 1, p, p) end,
        "bad argument #3 to 'sweep_sphere_sphere' (vec3 has a NaN component)")
      assert.has_error(function() sweep(1, p, p, 1, p, { 0, -math.huge }) end,
        "bad argument #6 to 'sweep_sphere_sphere' (vec3 has an infinite component)")
      assert.has_error(function() sweep(1, p, p, 1, vec3(1e51, 0), p) end,
        "bad argument #5 to 'sweep_sphere_sphere' (vec3 component too large (limit 1e+50))")
      assert.has_error(function() sweep(1e60, p, p, 1, p, p) end,
        "bad argument #1 to 'sweep_sphere_sphere' (number too large (limit 1e+50))")
      assert.has_error(function() test(1, p, p, 1, p, "p") end,
        "bad argument #6 to 'test_sphere_sphere' (vec3 expected, got string)")
    end)
  end)
end)

describe("collide.test_sphere_sphere", function()
  it("answers like the sweep on the hand-made cases", function()
    assert.is_true(test(1, vec3(0, 0), vec3(10, 0), 1, vec3(5, 0), vec3(5, 0)))
    assert.is_false(test(1, vec3(0, 0), vec3(2.9, 0), 1, vec3(5, 0), vec3(5, 0)))
    assert.is_false(test(1, vec3(8, 0), vec3(20, 0), 1, vec3(5, 0), vec3(5, 0)))
    assert.is_true(test(1, vec3(0, 0), vec3(3, 0), 1, vec3(5, 0), vec3(5, 0)))
    assert.is_false(test(1, vec3(0, 0), vec3(0, 0), 1, vec3(5, 0), vec3(5, 0)))
    assert.is_true(test(1, vec3(0, 0), vec3(1, 0), 1, vec3(1, 0), vec3(2, 0)))
  end)

  it("gives the sweep's answer on 20000 random cases", function()
    math.randomseed(20261122)
    local function r(s) return (math.random() * 2 - 1) * s end
    local disagreements, hits = 0, 0
    for i = 1, 20000 do
      -- scales from tight (many hits) to loose (many misses), 2D and 3D
      local s = (i % 4 == 0) and 100 or 10
      local z = (i % 3 == 0) and 0 or 1
      local a0, a1 = vec3(r(s), r(s), z * r(s)), vec3(r(s), r(s), z * r(s))
      local b0, b1 = vec3(r(s), r(s), z * r(s)), vec3(r(s), r(s), z * r(s))
      local ra, rb = math.random() * 3, math.random() * 3
      local hit = sweep(ra, a0, a1, rb, b0, b1)
      if hit then hits = hits + 1 end
      if hit ~= test(ra, a0, a1, rb, b0, b1) then disagreements = disagreements + 1 end
    end
    assert.are.equal(0, disagreements)
    assert.is_true(hits > 2000 and hits < 18000)   -- both answers well exercised
  end)
end)
