-- spec/mover_spec.lua -- w:move_sphere, collide-and-slide, as scenarios.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math = assert, ipairs, math
local collide = require "collide"
local V = collide.vec3

-- Nothing overlaps a sphere of radius r at p (beyond rounding).
local function assert_free(w, r, p)
  assert.are.same({}, w:overlap_sphere(p, r * (1 - 1e-9)))
end

local function near(a, b, tol)
  assert.is_true(math.abs(a - b) <= tol, ("%.17g is not within %g of %.17g"):format(a, tol, b))
end

describe("world:move_sphere", function()
  describe("when a sphere falls onto a floor", function()
    --     o
    --     |     gravity, 1000 steps of 1/60 s
    --     v
    --  =======  y = 0
    it("comes to rest on it without jitter", function()
      local w = collide.world()
      local floor = w:add_plane(collide.plane(V(0, 1), 0))
      local p, vy, rest = V(0, 5), 0, nil
      local opts = {up = V(0, 1)}
      for step = 1, 1000 do
        vy = vy - 9.81 / 60
        local q, contacts, grounded = w:move_sphere(1, p, V(p.x, p.y + vy / 60), opts)
        assert.is_true(q.y >= 1)
        if grounded then
          vy = 0
          assert.are.equal(floor, contacts[1].id)
          assert.are.equal(V(0, 1), contacts[1].normal)
        end
        if step == 100 then rest = q.y end
        if step > 100 then assert.are.equal(rest, q.y) end
        p = q
      end
      near(rest, 1, 1e-3)
    end)
  end)

  describe("when it starts in contact with a surface", function()
    --   o ->     starts touching the floor, moves up or along it
    -- =======
    local w = collide.world()
    w:add_segment(V(-100, 0), V(100, 0))
    it("is not blocked moving away", function()
      local p, contacts = w:move_sphere(1, V(0, 1), V(3, 4))
      assert.are.equal(V(3, 4), p)
      assert.are.equal(0, #contacts)
    end)
    it("is not blocked moving along it", function()
      local p, contacts = w:move_sphere(1, V(0, 1), V(7, 1))
      assert.are.equal(V(7, 1), p)
      assert.are.equal(0, #contacts)
    end)
  end)

  describe("when it slides over a floor of many pieces", function()
    --   o ->  o ->  o ->     pushed along and down every step
    -- [__][__][__][__][__]   40 boxes (or 80 triangles) edge to edge
    for _, kind in ipairs({"boxes", "triangles"}) do
      it("does not catch on the inner edges of " .. kind, function()
        local w = collide.world()
        for i = 0, 39 do
          if kind == "boxes" then
            w:add_aabb(V(i + 0.5, -0.5, 0), V(0.5, 0.5, 5))
          else
            w:add_triangle(V(i, 0, -5), V(i + 1, 0, -5), V(i, 0, 5))
            w:add_triangle(V(i + 1, 0, -5), V(i + 1, 0, 5), V(i, 0, 5))
          end
        end
        local p, opts = V(0.3, 0.53, 0.2), {up = V(0, 1)}
        for _ = 1, 300 do
          local q, _, grounded = w:move_sphere(0.5, p, p + V(0.1, -0.05, 0.013), opts)
          near(q.x - p.x, 0.1, 1e-9)
          near(q.z - p.z, 0.013, 1e-9)
          assert.is_true(q.y >= 0.5)
          assert.is_true(grounded)
          p = q
        end
      end)
    end
  end)

  describe("when it slides along a wall", function()
    --        |
    --    o ->|   moving right and up into the wall x = 10:
    --        |   the upward part of the motion is kept
    it("keeps the motion along the wall", function()
      local w = collide.world()
      local wall = w:add_segment(V(10, -100), V(10, 100))
      local p, contacts = w:move_sphere(1, V(0, 0), V(20, 20))
      assert.is_true(p.x < 9 and p.x > 9 - 1e-3)
      near(p.y, 20, 1e-9)
      assert.are.equal(1, #contacts)
      assert.are.equal(wall, contacts[1].id)
      near(contacts[1].normal.x, -1, 1e-12)
      near(contacts[1].normal.y, 0, 1e-12)
      near(contacts[1].u, 0.45, 1e-9)
      assert_free(w, 1, p)
    end)
  end)

  describe("when it is pushed into a crease", function()
    --        |
    --   o    |   90 degrees: floor and wall
    --    \   |
    --     v  |
    -- =======+
    it("stops in a 90 degree corner, touching both", function()
      local w = collide.world()
      local floor = w:add_segment(V(-100, 0), V(10, 0))
      local wall = w:add_segment(V(10, 0), V(10, 100))
      local p, contacts = w:move_sphere(1, V(5, 5), V(30, -20))
      assert.is_true(p.x < 9 and p.x > 9 - 1e-3)
      assert.is_true(p.y > 1 and p.y < 1 + 1e-3)
      assert.are.equal(2, #contacts)
      assert.are.same({floor, wall}, {contacts[1].id, contacts[2].id})
      assert.is_true(contacts[1].u <= contacts[2].u)
      assert_free(w, 1, p)
    end)

    -- The same corner in 3D, moving also along z: the sphere moves along
    -- the crease line, the whole z motion kept.
    it("slides along the line of a 3D crease", function()
      local w = collide.world()
      w:add_plane(collide.plane(V(0, 1, 0), 0))
      w:add_plane(collide.plane(V(-1, 0, 0), 10))
      local p = w:move_sphere(1, V(5, 5, 0), V(30, -20, 12))
      assert.is_true(p.x < 9 and p.x > 9 - 1e-3)
      assert.is_true(p.y > 1 and p.y < 1 + 1e-3)
      near(p.z, 12, 1e-6)
    end)

    --  \       /
    --   \  o  /    45 degree walls; falling at 0.2 a step
    --    \   /
    --     \ /
    it("settles in a 45 degree V and stays still", function()
      local w = collide.world()
      w:add_segment(V(-10, 10), V(0, 0))
      w:add_segment(V(0, 0), V(10, 10))
      local p, rest = V(3, 8), nil
      for step = 1, 500 do
        local q = w:move_sphere(1, p, V(p.x, p.y - 0.2))
        if step == 200 then rest = q end
        if step > 200 then assert.are.equal(rest, q) end
        p = q
      end
      near(p.x, 0, 1e-3)
      near(p.y, math.sqrt(2), 1e-3)
      assert_free(w, 1, p)
    end)
  end)

  describe("on a ramp", function()
    --            /
    --    o ->  /    pushed right into a ramp of 30 or 60 degrees
    --        /
    local function ramp(deg)
      local a = math.rad(deg)
      local w = collide.world()
      w:add_segment(V(0, 0), V(100 * math.cos(a), 100 * math.sin(a)))
      return w, a
    end
    local opts = {up = V(0, 1), max_slope = math.rad(45)}

    it("climbs one under max_slope and is grounded", function()
      local w = ramp(30)
      local p, contacts, grounded = w:move_sphere(1, V(-5, 1), V(15, 1), opts)
      assert.is_true(p.y > 1.5)
      assert.is_true(#contacts >= 1)
      assert.is_true(grounded)
      assert_free(w, 1, p)
    end)

    it("is not grounded on one over max_slope", function()
      local w = ramp(60)
      local p, contacts, grounded = w:move_sphere(1, V(-5, 1), V(15, 1), opts)
      assert.is_true(#contacts >= 1)
      assert.is_false(grounded)
      assert_free(w, 1, p)
    end)

    it("slides down either under gravity (no friction), grounded on the gentle one", function()
      for _, deg in ipairs({30, 60}) do
        local w, a = ramp(deg)
        local start = V(50 * math.cos(a) - math.sin(a) * 1.5, 50 * math.sin(a) + math.cos(a) * 1.5)
        local p, _, grounded = w:move_sphere(1, start, start - V(0, 3), opts)
        assert.are.equal(deg == 30, grounded)
        assert.is_true(p.y < start.y and p.x < start.x)   -- down the slope
        near(-math.sin(a) * p.x + math.cos(a) * p.y, 1, 1e-3)  -- on it
        assert_free(w, 1, p)
      end
    end)

    it("reports grounded as nil without up", function()
      local w = ramp(30)
      local _, _, grounded = w:move_sphere(1, V(-5, 1), V(15, 1))
      assert.is_nil(grounded)
    end)
  end)

  describe("against a thin wall at very high speed", function()
    --  o ----------------|---------------->   1e5 units in one step
    it("does not tunnel", function()
      local w = collide.world()
      w:add_segment(V(0, -1), V(0, 1))
      w:add_triangle(V(50, -1, -1), V(50, 1, -1), V(50, 0, 1))
      local p, contacts = w:move_sphere(0.1, V(-1e5, 0), V(1e5, 0))
      assert.is_true(p.x <= -0.1 and p.x > -0.2)
      assert.are.equal(1, #contacts)
      p = w:move_sphere(0.1, V(10, 0, 0), V(1e5, 0, 0))
      assert.is_true(p.x <= 50 - 0.1 and p.x > 49.8)
    end)
  end)

  describe("with other responses", function()
    local w = collide.world()
    w:add_segment(V(10, -100), V(10, 100))
    it("stops at the first contact with 'stop'", function()
      local p, contacts = w:move_sphere(1, V(0, 0), V(20, 5), {response = "stop"})
      assert.is_true(p.x < 9 and p.x > 9 - 1e-3)
      assert.are.equal(1, #contacts)
      near(contacts[1].u, 0.45, 1e-9)
    end)
    it("reflects the rest of the motion with 'bounce', scaled by restitution", function()
      local p = w:move_sphere(1, V(0, 0), V(20, 0), {response = "bounce"})
      near(p.x, 9 - 11, 1e-3)
      p = w:move_sphere(1, V(0, 0), V(20, 0), {response = "bounce", restitution = 0.5})
      near(p.x, 9 - 5.5, 1e-3)
    end)
    it("writes the position into an out-vector", function()
      local out = V()
      local p = w:move_sphere(1, V(0, 0), V(5, 0), nil, out)
      assert.are.equal(out, p)
      assert.are.equal(V(5, 0), out)
    end)
    it("skips what options.filter refuses", function()
      local p = w:move_sphere(1, V(0, 0), V(20, 0), {filter = function() return false end})
      assert.are.equal(V(20, 0), p)
    end)
  end)

  describe("with bad options", function()
    local w = collide.world()
    it("names the problem", function()
      assert.has_error(function() w:move_sphere(1, V(0, 0), V(1, 0), {max_iterations = 0}) end,
        "bad argument #4 to 'move_sphere' (max_iterations must be at least 1)")
      assert.has_error(function() w:move_sphere(1, V(0, 0), V(1, 0), {restitution = -1}) end,
        "bad argument #4 to 'move_sphere' (negative restitution)")
      assert.has_error(function()
        w:move_sphere(1, V(0, 0), V(1, 0), {up = V(0, 1), max_slope = 4})
      end,
        "bad argument #4 to 'move_sphere' (max_slope must be in [0, pi])")
      assert.has_error(function() w:move_sphere(1, V(0, 0), V(1, 0), {response = "fly"}) end,
        "bad argument #4 to 'move_sphere' (options.response must be 'slide', 'bounce' or 'stop')")
      assert.has_error(function() w:move_sphere(1, V(0, 0), V(1, 0), {up = "y"}) end,
        "bad argument #4 to 'move_sphere' (options.up: vec3 expected, got string)")
      assert.has_error(function() w:move_sphere(1, V(0, 0), V(1, 0), {up = {0, 0, 0}}) end,
        "bad argument #4 to 'move_sphere' (zero-length normal)")
      assert.has_error(function() w:move_sphere(1, V(0, 0), V(1, 0), {restitution = "1"}) end,
        "bad argument #4 to 'move_sphere' (options.restitution: number expected, got string)")
      local _, _, grounded = w:move_sphere(1, V(0, 0), V(1, 0), {up = {x = 0, y = 1}})
      assert.is_false(grounded)
      assert.has_error(function() w:move_sphere(-1, V(0, 0), V(1, 0)) end,
        "bad argument #1 to 'move_sphere' (negative radius)")
    end)
  end)
end)
