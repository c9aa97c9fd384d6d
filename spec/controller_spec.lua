-- spec/controller_spec.lua -- the movers as a character controller: per-shape
-- responses from the filter, the velocity, step_height, snap, stop_on_slope,
-- steep_as_wall, ground, and the options' errors. Every scenario runs for
-- each moving shape the world has (sphere, box, capsule).

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, pcall, tostring = assert, ipairs, math, pcall, tostring
local collide = require "collide"
local V = collide.vec3
local up = V(0, 1, 0)

local function near(a, b, tol)
  assert.is_true(math.abs(a - b) <= tol, ("%.17g is not within %g of %.17g"):format(a, tol, b))
end

-- The movers, each of half-height h and half-width 0.25 around its centre:
-- move(w, from, to, options) -> position, contacts, grounded, velocity, ground
-- overlap(w, p): the ids of the shapes the mover at p touches
local MOVERS = {
  { name = "sphere", h = 0.25, support = function() return 0.25 end,
    move = function(w, a, b, o) return w:move_sphere(0.25, a, b, o) end,
    overlap = function(w, p) return w:overlap_sphere(p, 0.25) end },
  { name = "box", h = 0.5,
    support = function(n)
      return 0.25 * math.abs(n.x) + 0.5 * math.abs(n.y) + 0.25 * math.abs(n.z)
    end,
    move = function(w, a, b, o) return w:move_aabb(V(0.25, 0.5, 0.25), a, b, o) end,
    overlap = function(w, p) return w:overlap_aabb(p, V(0.25, 0.5, 0.25)) end },
  { name = "capsule", h = 0.75, support = function(n) return 0.25 + 0.5 * math.abs(n.y) end,
    move = function(w, a, b, o) return w:move_capsule(0.25, V(0, 0.5, 0), a, b, o) end,
    overlap = function(w, p) return w:overlap_capsule(p - V(0, 0.5), p + V(0, 0.5), 0.25) end },
}

-- Every combination of one value of each list, as arrays.
local function combinations(lists)
  local out = { {} }
  for _, list in ipairs(lists) do
    local grown = {}
    for _, c in ipairs(out) do
      for _, x in ipairs(list) do
        local d = {}
        for i = 1, #c do d[i] = c[i] end
        d[#c + 1] = x
        grown[#grown + 1] = d
      end
    end
    out = grown
  end
  return out
end

-- Does this build move the shape? (a box or a capsule needs its sweeps
-- against every kind of shape: until they are in, the world does not see
-- a triangle in the way)
local function supported(m)
  local w = collide.world()
  w:add_triangle(V(-5, 0, -5), V(5, 0, -5), V(0, 0, 5))
  return m.move(w, V(0, 3), V(0, -3)).y > 0
end

for _, M in ipairs(MOVERS) do
  local move, h, support, overlap = M.move, M.h, M.support, M.overlap
  local d = supported(M) and describe or pending
  d("world:move_" .. (M.name == "box" and "aabb" or M.name) .. " as a controller", function()

    describe("with a filter's responses", function()
      --        ======= one-way platform y = 2 (a box 0.1 thick)
      --          ^
      --          o      jumps up through it, then falls and lands on it
      it("passes up through a one-way platform and lands on it", function()
        local w = collide.world()
        local plat = w:add_aabb(V(0, 2), V(3, 0.05, 3), "oneway")
        local opts = { up = up, filter = function(_, data, n)
          if data == "oneway" then return n:dot(up) > 0 and "slide" or false end
          return true
        end }
        local p = V(0, 0)
        local q, contacts = move(w, p, V(0, 4), opts)
        assert.are.equal(V(0, 4), q)          -- straight through
        assert.are.equal(0, #contacts)
        local _, cs, grounded, _, ground = move(w, q, V(0, 0), opts)
        assert.is_true(grounded)
        assert.are.equal(plat, cs[1].id)
        assert.are.equal(plat, ground.id)
        assert.are.equal(V(0, 1), ground.normal)
      end)

      --   o ->  |cross|  |touch|
      it("crosses 'cross' shapes, listing them, and stops at 'touch'", function()
        local w = collide.world()
        local trig = w:add_aabb(V(3, 0), V(0.5, 2, 2), "trigger")
        local wall = w:add_aabb(V(8, 0), V(0.5, 2, 2), "wall")
        local q, contacts, _, vel = move(w, V(0, 0), V(20, 3), { filter = function(_, data)
          return data == "trigger" and "cross" or "touch"
        end })
        assert.are.same({ trig, wall }, { contacts[1].id, contacts[2].id })
        assert.is_true(contacts[1].u < contacts[2].u)
        assert.is_true(q.x < 7.25 and q.x > 7.25 - 1e-3)  -- stopped at the wall,
        near(q.y, 3 * (q.x / 20), 1e-3)                   -- not slid along it
        near(vel.x, 0, 1e-12)                             -- stopped along its normal
        near(vel.y, 3, 1e-12)
      end)

      it("bounces off 'bounce' shapes and slides on the rest", function()
        local w = collide.world()
        w:add_aabb(V(5, 0), V(0.5, 5, 5), "bouncy")
        local q, _, _, vel = move(w, V(0, 0), V(8, 0), { filter = function() return "bounce" end })
        near(q.x, 4.25 - (8 - 4.25), 1e-3)
        near(vel.x, -8, 1e-12)
      end)

      it("ignores shapes the filter refuses, for the rest of the move", function()
        local w = collide.world()
        w:add_aabb(V(3, 0), V(0.5, 2, 2))
        local calls = 0
        local q, contacts = move(w, V(0, 0), V(10, 0), { filter = function()
          calls = calls + 1
          return nil
        end })
        assert.are.equal(V(10, 0), q)
        assert.are.equal(0, #contacts)
        assert.are.equal(1, calls)
      end)

      it("names an unknown response", function()
        local w = collide.world()
        w:add_aabb(V(3, 0), V(0.5, 2, 2))
        local ok, err = pcall(move, w, V(0, 0), V(10, 0), { filter = function() return "jump" end })
        assert.is_false(ok)
        assert.is_truthy(err:find("filter returned an unknown response 'jump'", 1, true))
      end)
    end)

    describe("with a velocity", function()
      it("returns it slid, bounced or stopped like the motion", function()
        local w = collide.world()
        w:add_aabb(V(0, -1), V(50, 1, 50))            -- floor y = 0
        local from = V(0, h + 0.5)
        local _, _, _, vel = move(w, from, from + V(1, -1), { velocity = V(10, -10) })
        assert.are.equal(V(10, 0), vel)
        _, _, _, vel = move(w, from, from + V(1, -1),
                            { velocity = V(10, -10), response = "bounce" })
        assert.are.equal(V(10, 10), vel)
        _, _, _, vel = move(w, from, from + V(1, -1), { velocity = V(10, -10), response = "stop" })
        assert.are.equal(V(10, 0), vel)
        _, _, _, vel = move(w, from, from + V(1, -1))   -- default: to - from
        assert.are.equal(V(1, 0), vel)
        _, _, _, vel = move(w, from, from + V(1, 0.1), { velocity = V(3, 1) })
        assert.are.equal(V(3, 1), vel)                   -- nothing touched
      end)

      --   o       falls under gravity for 600 frames onto the floor:
      -- ======    at rest, not one bit of jitter, velocity zero
      it("comes to rest on a floor without jitter", function()
        local w = collide.world()
        w:add_aabb(V(0, -1), V(50, 1, 50))
        local p, vel, rest = V(0, 3), V(0, 0), nil
        for frame = 1, 600 do
          vel = vel + V(0, -9.81 / 60)
          local q, _, grounded, v2 = move(w, p, p + vel / 60, { up = up, velocity = vel })
          if frame == 200 then rest = q end
          if frame > 200 then
            assert.are.equal(rest, q)
            assert.is_true(grounded)
            assert.are.equal(V(0, 0), v2)         -- the fall stopped by the floor
          end
          p, vel = q, v2
          if grounded then vel = V(vel.x, 0) end
        end
        near(p.y, h, 1e-3)
      end)
    end)

    -- ---- among moving shapes (branch mover11) ----
    describe("among moving shapes", function()
      local function responding(r) return function() return r end end

      --        o  <- |wall|      a wall 1 thick, its face at x = 2.5, comes
      --        0    2.5   -5     at the mover (at rest at the origin) by 5
      --                          in the step: they meet at u0 = (2.5 - 0.25) / 5
      local function wall_at_it(response)
        local w = collide.world()
        local wall = w:add_aabb(V(3, 0), V(0.5, 2, 2))
        w:set_velocity(wall, V(-5, 0, 0))
        local q, cs, _, vel = move(w, V(0, 0), V(0, 0),
                                   { filter = responding(response), velocity = V(1, 0) })
        w:advance()
        return w, wall, q, cs, vel
      end
      local u0 = (2.5 - 0.25) / 5

      it("is pushed by a shape coming at it: slide, touch, true", function()
        for _, response in ipairs({ "slide", "touch", true }) do
          local w, wall, q, cs, vel = wall_at_it(response)
          -- pushed from u0 on, ending a skin short of the face at x = -2.5
          assert.is_true(q.x < -2.75 and q.x > -2.75 - 1e-3, tostring(q))
          assert.are.same({ 0, 0 }, { q.y, q.z })
          assert.are.same({}, overlap(w, q))
          assert.are.equal(1, #cs)
          assert.are.equal(wall, cs[1].id)
          near(cs[1].u, u0, 1e-12)
          assert.are.equal(V(-1, 0, 0), cs[1].normal)   -- toward the mover
          assert.are.equal(V(0, 0), vel)   -- stopped along the normal
        end
      end)

      it("is sent off at twice its speed by a shape it bounces off", function()
        local w, _, q = wall_at_it("bounce")
        near(q.x, -2 * 5 * (1 - u0), 1e-3)    -- x = -5.5
        assert.are.same({}, overlap(w, q))
      end)

      -- Its one round spent on a fixed wall (face at x = 1, met at
      -- u = 0.375), the mover is then hit from above by a slab coming
      -- down by 5 (bottom at y = h + 2.5, met at u = 0.5): the rest of the
      -- step still pushes it down, it never ends inside the slab.
      it("is still pushed once its own rounds are spent", function()
        for _, response in ipairs({ "slide", "touch", "bounce", true }) do
          local w = collide.world()
          local wall = w:add_aabb(V(1.5, 0), V(0.5, 5, 2))
          local slab = w:add_aabb(V(-1, h + 3), V(1.9, 0.5, 2))
          w:set_velocity(slab, V(0, -5, 0))
          local q, cs = move(w, V(0, 0), V(2, 0),
                             { max_iterations = 1, filter = responding(response) })
          w:advance()
          assert.is_true(q.y <= -2.5 and q.y > -2.5 - 1e-3, tostring(q))
          near(q.x, 0.75, 1e-3)
          assert.are.same({}, overlap(w, q))
          assert.are.same({ wall, slab }, { cs[1].id, cs[2] and cs[2].id })
          near(cs[1].u, 0.375, 1e-3)
          near(cs[2].u, 0.5, 1e-3)
        end
      end)

      it("lets a 'cross' shape pass through it, listed, and a refused one unlisted", function()
        local _, wall, q, cs = wall_at_it("cross")
        assert.are.equal(V(0, 0), q)
        assert.are.same({ wall }, { cs[1].id, cs[2] and cs[2].id })
        _, _, q, cs = wall_at_it(false)
        assert.are.equal(V(0, 0), q)
        assert.are.equal(0, #cs)
      end)

      -- The mover lands on a platform (top at y = 0), which then moves by
      -- dp each step for 5 steps while the mover falls by 0.1 a step:
      --          o
      --     ===========  -> dp
      local function ride(dp, carry, response)
        local w = collide.world()
        local plat = w:add_aabb(V(0, -0.5), V(30, 0.5, 30))
        local o = { up = up, carry = carry, filter = response and responding(response) }
        local p = move(w, V(0, 2), V(0, -1), o)
        local grounded, cs
        w:set_velocity(plat, dp)
        for _ = 1, 5 do
          p, cs, grounded = move(w, p, p + V(0, -0.1), o)
          w:advance()
          assert.are.same({}, overlap(w, p))
          for _, c in ipairs(cs) do assert.are.equal(plat, c.id) end
        end
        return p, grounded
      end

      it("rides a moving platform (carry, the default), whatever its response", function()
        for _, response in ipairs({ "slide", "touch", true }) do
          local p, grounded = ride(V(1, 0.5, 0), nil, response)
          near(p.x, 5, 1e-6)
          assert.is_true(p.y > 2.5 + h and p.y < 2.5 + h + 1e-3)
          assert.is_true(grounded)
          p, grounded = ride(V(0, -0.3, 0), true, response)    -- down with it
          assert.is_true(p.y > -1.5 + h and p.y < -1.5 + h + 1e-3)
          assert.is_true(grounded)
        end
      end)

      it("with carry = false is lifted by a rising platform, never dragged", function()
        for _, response in ipairs({ "slide", "touch", true }) do
          local p, grounded = ride(V(0, 0.5, 0), false, response)
          assert.are.same({ 0, 0 }, { p.x, p.z })
          assert.is_true(p.y > 2.5 + h and p.y < 2.5 + h + 1e-3)
          assert.is_true(grounded)
          p, grounded = ride(V(1, 0.5, -1), false, response)   -- rising and sliding
          assert.are.same({ 0, 0 }, { p.x, p.z })
          assert.is_true(p.y > 2.5 + h and p.y < 2.5 + h + 1e-3)
          assert.is_true(grounded)
          p, grounded = ride(V(1, 0, 0), false, response)      -- sliding under it
          assert.are.same({ 0, 0 }, { p.x, p.z })
          assert.is_true(p.y > h and p.y < h + 1e-3)
          assert.is_true(grounded)
          p, grounded = ride(V(0, -0.5, 0), false, response)   -- sinking away: it falls
          assert.is_true(p.y > h - 0.5 and p.y < h - 0.5 + 1e-3)
          assert.is_false(grounded)
        end
      end)

      --       |door| -> 5 cm a frame    a wall sweeps a round mover standing
      --       |    | o  ______          on the floor against a 20 cm step:
      --  =====|====|===|      |====     it is pushed up over the step's edge
      --                                 and along its top, never into either
      -- (a box, flat against the riser, has no way up: it is crushed)
      if M.name ~= "box" then
        it("is pushed over the edge of a low step by a wall, not into either", function()
          local w = collide.world()
          w:add_aabb(V(0, -1), V(50, 1, 50))
          w:add_aabb(V(1, 0.1), V(0.5, 0.1, 2))          -- a step from x = 0.5
          local door = w:add_aabb(V(-1, 1.5), V(0.2, 1.5, 2))
          local o = { up = up, step_height = 0.3, snap = 0.3 }
          local p = move(w, V(-0.5, h + 0.1), V(-0.5, h - 1), o)
          w:set_velocity(door, V(0.05, 0, 0))
          for _ = 1, 30 do
            p = move(w, p, p + V(0, -0.01), o)
            w:advance()
            assert.are.same({}, overlap(w, p))
          end
          assert.is_true(p.x > 0.95 and p.x < 0.95 + 1e-3, tostring(p))   -- at the wall
          assert.is_true(p.y > 0.2 + h and p.y < 0.2 + h + 1e-3, tostring(p))  -- on the step
        end)
      end

      -- every response, carry on and off, a platform and a 20 degree ramp
      -- moving every way, the mover standing, walking or jumping: at the
      -- end of no step is it inside the shape
      it("never ends inside a moving shape", function()
        local t = math.tan(math.rad(20))
        local shapes = {
          function(w) return w:add_aabb(V(0, -0.5), V(30, 0.5, 30)) end,
          function(w)
            return w:add_polygon({ V(-30, -30 * t, -30), V(30, 30 * t, -30),
                                   V(30, 30 * t, 30), V(-30, -30 * t, 30) })
          end,
        }
        local moves = { V(0, 0), V(0, -0.1), V(0.2, -0.1), V(0, 0.05) }
        local velocities = { V(0, 0.5), V(1, 0), V(0, -0.5), V(1, 0.5), V(0, 3),
                             V(-0.3, 0.2, 0.1) }
        local cases = combinations({ shapes, { "slide", "touch", "bounce", true },
                                     { true, false }, moves, velocities })
        for _, case in ipairs(cases) do
          local add, response, carry, own, dp = case[1], case[2], case[3], case[4], case[5]
          local w = collide.world()
          local id = add(w)
          local o = { up = up, carry = carry, filter = responding(response),
                      snap = 0.3, step_height = 0.3 }
          local p = move(w, V(0, 2), V(0, -1), o)
          w:set_velocity(id, dp)
          for frame = 1, 3 do
            p = move(w, p, p + own, o)
            w:advance()
            assert(#overlap(w, p) == 0, ("inside at frame %d: %s %s carry %s own %s d %s")
              :format(frame, tostring(response), M.name, tostring(carry),
                      tostring(own), tostring(dp)))
          end
        end
      end)
    end)
    -- ---- (end of among moving shapes) ----

    describe("on stairs", function()
      -- steps 0.3 high, 0.6 deep, from x = 2:
      --          ___
      --      ___|
      --  ___|
      local function stairs(n)
        local w = collide.world()
        w:add_aabb(V(0, -1), V(50, 1, 5), "floor")
        for i = 1, n do
          w:add_aabb(V(2 + (i - 0.5) * 0.6, i * 0.15), V(0.3, i * 0.15, 5), "step")
        end
        w:add_aabb(V(2 + n * 0.6 + 10, n * 0.15), V(10, n * 0.15, 5), "top")
        return w
      end

      it("climbs them with step_height and stays grounded", function()
        local w = stairs(5)
        local p = V(0, h + 1e-3)
        local opts = { up = up, step_height = 0.35, snap = 0.4 }
        for frame = 1, 240 do
          local vel = V(2, -1)
          opts.velocity = vel
          local q, _, grounded = move(w, p, p + vel / 60, opts)
          assert.is_true(grounded)
          if frame > 1 then assert.is_true(q.y >= p.y - 1e-9) end  -- never drops on the way up
          p = q
        end
        assert.is_true(p.x > 2 + 5 * 0.6)
        near(p.y, 1.5 + h, 1e-3)                 -- on the top step
      end)

      it("is blocked by a step higher than step_height", function()
        local w = stairs(1)
        local p = V(0, h + 1e-3)
        for _ = 1, 120 do p = move(w, p, p + V(2, -1) / 60, { up = up, step_height = 0.2 }) end
        assert.is_true(p.x < 2 - 0.25 and p.x > 2 - 0.25 - 1e-3)
      end)

      it("walks down them with snap, grounded every frame", function()
        local w = stairs(5)
        local p = V(2 + 5 * 0.6 - 0.1, 1.5 + h + 1e-3)
        for _ = 1, 90 do
          local q, _, grounded, _, ground = move(w, p, p + V(-3, -0.5) / 60,
                                                 { up = up, snap = 0.35 })
          assert.is_true(grounded)
          assert.is_not_nil(ground)
          p = q
        end
        near(p.y, h, 1e-3)
      end)

      it("falls off them without snap", function()
        local w = stairs(5)
        local p = V(2 + 5 * 0.6 - 0.1, 1.5 + h + 1e-3)
        local airborne = 0
        for _ = 1, 90 do
          local q, _, grounded = move(w, p, p + V(-3, -0.5) / 60, { up = up })
          if not grounded then airborne = airborne + 1 end
          p = q
        end
        assert.is_true(airborne > 0)
      end)
    end)

    describe("on ramps", function()
      -- a ramp through the origin rising to the right at deg degrees, as
      -- one long thin box would not be: two triangles (a 3D mesh)
      local function ramp(deg)
        local a = math.rad(deg)
        local w = collide.world()
        local c, s = math.cos(a), math.sin(a)
        w:add_triangle(V(-50 * c, -50 * s, -5), V(50 * c, 50 * s, -5), V(50 * c, 50 * s, 5))
        w:add_triangle(V(-50 * c, -50 * s, -5), V(50 * c, 50 * s, 5), V(-50 * c, -50 * s, 5))
        return w, V(-s, c), V(c, s)
      end

      it("stays put on a 20 degree ramp with stop_on_slope", function()
        local w, n = ramp(20)
        local p = n * (support(n) + 0.01)
        local rest
        for frame = 1, 300 do
          local q, _, grounded, v = move(w, p, p + V(0, -0.2), { up = up, stop_on_slope = true,
                                                              velocity = V(0, -12) })
          assert.is_true(grounded)
          assert.are.equal(0, v:dot(V(0, -1)) > 0 and 1 or 0)   -- no downhill velocity
          if frame == 10 then rest = q end
          if frame > 10 then assert.are.equal(rest, q) end
          p = q
        end
      end)

      it("slides down it without stop_on_slope", function()
        local w, n = ramp(20)
        local p = n * (support(n) + 0.01)
        for _ = 1, 30 do p = move(w, p, p + V(0, -0.2), { up = up }) end
        assert.is_true(p.x < -1)
      end)

      it("does not climb a 50 degree ramp with steep_as_wall", function()
        local w, n = ramp(50)
        local p0 = n * (support(n) + 0.01) - V(1, 0)
        local p = p0
        for _ = 1, 60 do
          local q = move(w, p, p + V(0.2, 0), { up = up, steep_as_wall = true })
          assert.is_true(q.y <= p.y + 1e-9)
          p = q
        end
        local climbed = p0
        for _ = 1, 60 do climbed = move(w, climbed, climbed + V(0.2, 0), { up = up }) end
        assert.is_true(climbed.y > p0.y + 1)        -- it would without
      end)

      it("slides down a slope steeper than max_slope as gravity would, "
         .. "the README's feedback (input across up, vel.y - g dt)", function()
        -- on a frictionless slope of angle a a body speeds up by g sin(a) dt
        -- a frame: frame k moves k g sin(a) dt^2 along it (the semi-implicit
        -- Euler step of the game loop), whatever the angle, and the slope's
        -- own up component is a free fall's: -k g dt
        for _, deg in ipairs({ 50, 60, 80 }) do
          for _, sos in ipairs({ false, true }) do
            local a = math.rad(deg)
            local w, n, t = ramp(deg)
            local g, dt = 30, 1 / 60
            local p = n * (support(n) + 1e-3) + t * 20
            local vel = V(0, 0)
            for k = 1, 40 do
              local o = { up = up, max_slope = math.rad(45), steep_as_wall = true,
                          stop_on_slope = sos, velocity = V(0, vel.y - g * dt) }
              local q, _, grounded, v = move(w, p, p + o.velocity * dt, o)
              assert.is_false(grounded)
              local moved = q - p
              if k > 1 then   -- (the first frame closes the 1e-3 gap too)
                near(moved:dot(t), -k * g * math.sin(a) * dt * dt, 1e-9)
                near(moved:dot(n), 0, 1e-9)
                near(v.y, -k * g * dt, 1e-9)
              end
              p, vel = q, v
            end
          end
        end
      end)

      it("walks up a 20 degree ramp grounded, and is not grounded on 50", function()
        for _, deg in ipairs({ 20, 50 }) do
          local w, n, t = ramp(deg)
          local p = n * (support(n) + 0.01)
          local q, _, grounded, _, ground = move(w, p, p + t * 0.5 + V(0, -0.1),
                                                 { up = up, max_slope = math.rad(45) })
          assert.are.equal(deg == 20, grounded)
          assert.are.equal(deg == 20, ground ~= nil)
          if ground then near(ground.normal:dot(n), 1, 1e-12) end
          assert.is_true(q:dot(t) > p:dot(t))
        end
      end)
    end)

    --        ___      a stair of triangles: the riser (added first) and
    --  o    |         the tread share the edge the mover lands on
    -- ______|
    it("is grounded on the shared edge of a riser and a tread", function()
      local w = collide.world()
      w:add_triangle(V(1, 0, -5), V(1, 0.5, -5), V(1, 0.5, 5), "riser")
      w:add_triangle(V(1, 0, -5), V(1, 0.5, 5), V(1, 0, 5), "riser")
      w:add_triangle(V(1, 0.5, -5), V(3, 0.5, -5), V(3, 0.5, 5), "tread")
      w:add_triangle(V(1, 0.5, -5), V(3, 0.5, 5), V(1, 0.5, 5), "tread")
      local p = V(1 - 1e-3, 2)
      local _, _, grounded, _, ground = move(w, p, V(1 - 1e-3, 0.5), { up = up })
      assert.is_true(grounded)
      -- a round mover touches the edge with a tilted normal: it stands on
      -- the tread; a box's bottom face lies on the edge of both
      if M.name == "box" then
        assert.is_truthy(({ riser = 1, tread = 1 })[w:data(ground.id)])
      else
        assert.are.equal("tread", w:data(ground.id))
      end
      assert.are.equal(V(0, 1), ground.normal)
    end)

    describe("with bad options", function()
      local w = collide.world()
      local function fails(opts, msg)
        local ok, err = pcall(move, w, V(0, 0), V(1, 0), opts)
        assert.is_false(ok)
        assert.is_truthy(err:find(msg, 1, true), err)
      end
      it("names the option", function()
        fails({ respons = "slide" }, "(unknown option 'respons')")
        fails({ [1] = "slide" }, "(unknown option (a number key))")
        -- (with up: the options below need it, and its absence is an error
        -- of its own, pinned next)
        local UP = V(0, 1)
        fails({ snap = "far", up = UP }, "(options.snap: number expected, got string)")
        fails({ snap = -1, up = UP }, "(negative snap)")
        fails({ step_height = -0.5, up = UP }, "(negative step_height)")
        fails({ carry = 1 }, "(options.carry: boolean expected, got number)")
        fails({ stop_on_slope = "yes", up = UP },
              "(options.stop_on_slope: boolean expected, got string)")
        fails({ velocity = "fast" }, "(options.velocity: vec3 expected, got string)")
        fails({ velocity = V(0 / 0, 0) }, "(vec3 has a NaN component)")
      end)
      -- Issue 31: these were ignored without a word when up was missing,
      -- while a misspelled option is an error.
      it("refuses the options that need up without it", function()
        fails({ snap = 0.5 }, "(options.snap needs options.up)")
        fails({ step_height = 0.3 }, "(options.step_height needs options.up)")
        fails({ stop_on_slope = true }, "(options.stop_on_slope needs options.up)")
        fails({ steep_as_wall = true }, "(options.steep_as_wall needs options.up)")
        fails({ max_slope = 0.5 }, "(options.max_slope needs options.up)")
        -- the first in the order the options are read
        fails({ snap = 0.5, step_height = 0.3 }, "(options.step_height needs options.up)")
        -- type errors first, as for every argument
        fails({ snap = "far" }, "(options.snap: number expected, got string)")
        -- with up, they are taken
        local ok = pcall(move, w, V(0, 0), V(1, 0), { snap = 0.5, step_height = 0.3,
          stop_on_slope = true, steep_as_wall = true, max_slope = 0.5, up = V(0, 1) })
        assert.is_true(ok)
      end)
    end)
  end)
end

describe("the argument numbers of the movers' options", function()
  -- As the API contract's example has it, errors in the options table count
  -- self: options is #5 of move_sphere and move_aabb, #6 of move_capsule
  -- (other arguments of a method are counted without self, the Lua way).
  local w = collide.world()
  it("are those of the options table, counting self", function()
    assert.has_error(function() w:move_sphere(1, V(0, 0), V(1, 0), { respons = "slide" }) end,
      "bad argument #4 to 'move_sphere' (unknown option 'respons')")
    assert.has_error(function() w:move_aabb(V(1, 1), V(0, 0), V(1, 0), { respons = "slide" }) end,
      "bad argument #4 to 'move_aabb' (unknown option 'respons')")
    assert.has_error(function()
      w:move_capsule(1, V(0, 1), V(0, 0), V(1, 0), { respons = "slide" })
    end, "bad argument #5 to 'move_capsule' (unknown option 'respons')")
    assert.has_error(function() w:move_sphere(1, V(0, 0), V(1, 0), { snap = -1, up = V(0, 1) }) end,
      "bad argument #4 to 'move_sphere' (negative snap)")
    assert.has_error(function() w:move_sphere(1, V(0, 0), V(1, 0), "fast") end,
      "bad argument #4 to 'move_sphere' (table expected, got string)")
  end)
end)
