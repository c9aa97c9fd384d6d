-- spec/sensor_spec.lua -- sensors (docs/sensors.md): w:set_sensor,
-- w:sensor_events after advance() and move_shape, with the exact u of
-- every begin and end; sensors block no mover, sweep or ray and overlap
-- queries still list them. Exact answers where the scene is axis-aligned;
-- elsewhere every event is checked against an independent answer: the
-- shapes placed at the moment (update) and an overlap query, on either
-- side of it.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, pairs, table = assert, ipairs, math, pairs, table
local collide = require "collide"
local size = dofile("spec/support/size.lua")
local V = collide.vec3

local function events(w)
  local out = {}
  for i, e in ipairs(w:sensor_events()) do
    out[i] = { e.sensor, e.id, e.u, e.event }
  end
  return out
end

local function near(a, b, tol)
  assert.is_true(math.abs(a - b) <= (tol or 1e-12), ("%.17g vs %.17g"):format(a, b))
end

describe("sensors", function()
  describe("from advance()", function()
    --        sensor: x in [9, 11]
    --   o ---------[=====]--------->   a bullet of radius 0.5 from x = 0
    --   to x = 20 in one step: touches for x in [8.5, 11.5], u in
    --   [0.425, 0.575]
    it("a bullet that passes through a sensor within one step gives both events", function()
      local w = collide.world()
      local s = w:add_aabb(V(10, 0), V(1, 1), "zone")
      assert.is_true(w:set_sensor(s, true))
      local b = w:add_sphere(V(0, 0), 0.5)
      w:set_velocity(b, V(20, 0))
      w:advance()
      local ev = events(w)
      assert.are.equal(2, #ev)
      assert.are.same({ s, b, "begin" }, { ev[1][1], ev[1][2], ev[1][4] })
      assert.are.same({ s, b, "end" }, { ev[2][1], ev[2][2], ev[2][4] })
      near(0.425, ev[1][3])
      near(0.575, ev[2][3])
      assert.are.same({}, events(w))   -- taken
    end)

    it("enter in one step, stay, leave in a later one: one begin, then one end", function()
      local w = collide.world()
      local s = w:add_aabb(V(10, 0), V(2, 2))
      w:set_sensor(s, true)
      local b = w:add_aabb(V(4, 0), V(1, 1))
      w:set_velocity(b, V(4, 0))     -- right side x = 5 + 4u meets 8 at u = 0.75
      w:advance()
      local ev = events(w)
      assert.are.equal(1, #ev)
      assert.are.equal("begin", ev[1][4])
      near(0.75, ev[1][3])
      w:advance()                    -- x from 8 to 12: inside all the step
      assert.are.same({}, events(w))
      w:advance()                    -- left side from 11 to 15 leaves 12 at u = 0.25
      ev = events(w)
      assert.are.equal(1, #ev)
      assert.are.equal("end", ev[1][4])
      near(0.25, ev[1][3])
    end)

    it("a moving sensor sweeping over shapes at rest, and both moving", function()
      local w = collide.world()
      local s = w:add_sphere(V(0, 0), 1)
      w:set_sensor(s, true)
      w:set_velocity(s, V(10, 0))
      local a = w:add_aabb(V(5, 0), V(0.5, 0.5))        -- met at 3.5 / 10, left at 6.5 / 10
      local b = w:add_segment(V(8, -3), V(8, 3))        -- met at 7 / 10, left at 9 / 10
      local c = w:add_sphere(V(5, 5), 0.5)              -- moves along: never meets
      w:set_velocity(c, V(10, 0))
      w:advance()
      local ev = events(w)
      assert.are.equal(4, #ev)
      assert.are.same({ s, a, "begin" }, { ev[1][1], ev[1][2], ev[1][4] })
      near(0.35, ev[1][3])
      assert.are.same({ s, a, "end" }, { ev[2][1], ev[2][2], ev[2][4] })
      near(0.65, ev[2][3])
      assert.are.same({ s, b, "begin" }, { ev[3][1], ev[3][2], ev[3][4] })
      near(0.7, ev[3][3])
      assert.are.same({ s, b, "end" }, { ev[4][1], ev[4][2], ev[4][4] })
      near(0.9, ev[4][3])
    end)

    it("orders the events of a step by u, then sensor, then id", function()
      local w = collide.world()
      local s1 = w:add_aabb(V(10, 0), V(1, 10))
      local s2 = w:add_aabb(V(10, 0), V(1, 10))
      w:set_sensor(s2, true)
      w:set_sensor(s1, true)
      local ids = {}
      for k = 1, 3 do
        ids[k] = w:add_sphere(V(0, 3 * k), 0.5)
        w:set_velocity(ids[k], V(20, 0))
      end
      w:advance()
      local ev = events(w)
      assert.are.equal(12, #ev)
      for i = 2, #ev do
        local p, q = ev[i - 1], ev[i]
        assert.is_true(p[3] < q[3] or (p[3] == q[3] and (p[1] < q[1] or
                       (p[1] == q[1] and p[2] < q[2]))))
      end
      assert.are.equal(s1, ev[1][1])
      assert.are.equal(ids[1], ev[1][2])
    end)

    -- sensor x in [-1, 1]; b touching it at x = 1 and leaving: its end at
    -- u = 0; c arriving exactly at u = 1: its begin at 1, and its end
    -- only in a later step (at u = 1 it still touches)
    it("touching at the start of a step is no begin, at its end no end", function()
      local w = collide.world()
      local s = w:add_aabb(V(0, 0), V(1, 1))
      w:set_sensor(s, true)
      local b = w:add_aabb(V(2, 0), V(1, 1))     -- touching (closed contact)
      w:set_velocity(b, V(1, 0))                 -- and leaving at once
      w:advance()
      local ev = events(w)
      assert.are.equal(1, #ev)
      assert.are.equal("end", ev[1][4])
      assert.are.equal(0, ev[1][3])
      local c = w:add_aabb(V(-5, 0), V(1, 1))
      w:set_velocity(c, V(3, 0))                 -- right side -4 -> -1: ends touching
      w:set_velocity(b, V(0, 0))
      w:advance()
      ev = events(w)
      assert.are.same({ { s, c, 1, "begin" } }, ev)
      w:advance()                                -- [-3, -1] -> [0, 2]: inside
      assert.are.same({}, events(w))
      w:advance()                                -- [0, 2] -> [3, 5]: left at 1/3
      ev = events(w)
      assert.are.equal(1, #ev)
      assert.are.equal("end", ev[1][4])
      near(1 / 3, ev[1][3], 1e-15)
    end)

    it("sensors do not touch sensors; set_sensor(id, false) ends the events", function()
      local w = collide.world()
      local s = w:add_aabb(V(10, 0), V(1, 1))
      local t = w:add_sphere(V(0, 0), 0.5)
      w:set_sensor(s, true)
      w:set_sensor(t, true)
      w:set_velocity(t, V(20, 0))
      w:advance()
      assert.are.same({}, events(w))
      assert.is_true(w:sensor(t))
      w:set_sensor(t, false)
      assert.is_false(w:sensor(t))
      w:set_velocity(t, V(-20, 0))
      w:advance()
      assert.are.equal(2, #events(w))
      w:set_sensor(s, false)
      w:set_velocity(t, V(20, 0))
      w:advance()
      assert.are.same({}, events(w))
    end)
  end)

  describe("from move_shape", function()
    it("a box moved through a sensor gives both events and passes through", function()
      local w = collide.world()
      local s = w:add_aabb(V(10, 0), V(1, 1))
      w:set_sensor(s, true)
      local b = w:add_aabb(V(0, 0), V(0.5, 0.5))
      local pos, contacts = w:move_shape(b, V(20, 0))
      assert.are.equal(V(20, 0), pos)
      assert.are.same({}, contacts)
      local ev = events(w)
      assert.are.equal(2, #ev)
      near(0.425, ev[1][3])
      near(0.575, ev[2][3])
    end)

    --   wall at x = 5 (x in [5, 6]); the box (half 0.5) moves from (0, 0)
    --   toward (10, 10), stops at x = 4.5 at u = 0.45 and slides up along
    --   the wall; the sensor, y in [8, 9] beside the wall, is met on the
    --   slide: after the stop
    it("follows the path of a slide: the events come after the contact, in order", function()
      local w = collide.world()
      local wall = w:add_aabb(V(5.5, 0), V(0.5, 100))
      local s = w:add_aabb(V(4, 8.5), V(1, 0.5))
      w:set_sensor(s, true)
      local b = w:add_aabb(V(0, 0), V(0.5, 0.5))
      local pos, contacts = w:move_shape(b, V(10, 10))
      assert.are.equal(wall, contacts[1].id)
      assert.is_true(pos.y > 9.5)
      local ev = events(w)
      assert.are.equal(2, #ev)
      assert.are.equal("begin", ev[1][4])
      assert.are.equal("end", ev[2][4])
      assert.is_true(contacts[1].u < ev[1][3] and ev[1][3] < ev[2][3] and ev[2][3] <= 1)
      -- the slide: from the stop (x = 4.5 - skin, y = 4.5 at u = 0.45) the
      -- remaining motion (0, 5.5) over u in [0.45, 1]; the box's top at
      -- y + 0.5 meets 8 at y = 7.5, its bottom leaves 9 at y = 9.5
      near(0.45 + (7.5 - 4.5) / 5.5 * 0.55, ev[1][3], 1e-3)
      near(0.45 + (9.5 - 4.5) / 5.5 * 0.55, ev[2][3], 1e-3)
    end)

    -- a sensor moved by move_shape is a mover like any other: solid
    -- shapes block it (and it stops a skin short of them, touching none),
    -- unless its filter lets it cross them
    it("a sensor moved with move_shape reports the shapes it crosses", function()
      local w = collide.world()
      local s = w:add_sphere(V(0, 0), 1)
      w:set_sensor(s, true)
      local a = w:add_aabb(V(5, 0), V(0.5, 0.5))
      local pos = w:move_shape(s, V(10, 0))
      assert.is_true(pos.x < 3.5)
      assert.are.same({}, events(w))
      pos = w:move_shape(s, V(10, 0), { filter = function() return "cross" end })
      assert.are.equal(V(10, 0), pos)
      local ev = events(w)
      assert.are.equal(2, #ev)
      assert.are.same({ s, a, "begin" }, { ev[1][1], ev[1][2], ev[1][4] })
      assert.are.same({ s, a, "end" }, { ev[2][1], ev[2][2], ev[2][4] })
      -- from x = 3.4999 to 10: touching for x in [3.5, 6.5]
      assert.is_true(ev[1][3] < 0.001)
      near((6.5 - 3.4999) / (10 - 3.4999), ev[2][3], 1e-4)
    end)
  end)

  describe("blocks nothing, and overlaps still list it", function()
    local function world()
      local w = collide.world()
      local s = w:add_aabb(V(0, 0), V(1, 1))
      local t = w:add_triangle(V(-1, -1, 0.5), V(1, -1, 0.5), V(0, 1, 0.5))
      local m = w:add_mesh({ V(-1, -1, 0.25), V(1, -1, 0.25), V(0, 1, 0.25) }, { 1, 2, 3 })
      w:build()   -- (the mesh triangle in the static hierarchy, then made a sensor)
      w:set_sensor(s, true)
      w:set_sensor(t, true)
      w:set_sensor(m, true)
      return w, s, t, m
    end
    it("sweeps, rays and raycast_all pass through", function()
      local w = world()
      assert.is_false(w:sweep_sphere(0.5, V(-5, 0), V(5, 0)))
      assert.is_false(w:sweep_aabb(V(0.5, 0.5, 0.5), V(-5, 0), V(5, 0)))
      assert.is_false(w:sweep_capsule(0.5, V(0, 1, 0), V(-5, 0), V(5, 0)))
      assert.is_false(w:raycast(V(-5, 0), V(5, 0)))
      assert.is_false(w:raycast(V(0, 0, 5), V(0, 0, -5)))
      assert.are.same({}, w:raycast_all(V(0, 0, 5), V(0, 0, -5)))
    end)
    it("movers pass through, starting inside too", function()
      local w = world()
      local pos, contacts = w:move_aabb(V(0.5, 0.5, 0.5), V(-5, 0), V(5, 0))
      assert.are.equal(V(5, 0), pos)
      assert.are.same({}, contacts)
      pos, contacts = w:move_sphere(0.5, V(0, 0), V(0, 3))
      assert.are.equal(V(0, 3), pos)
      assert.are.same({}, contacts)
    end)
    it("overlap and penetration queries list it", function()
      local w, s, t, m = world()
      assert.are.same({ s }, w:overlap_point(V(0, 0, 0)))
      assert.are.same({ t }, w:overlap_point(V(0, 0, 0.5)))
      assert.are.same({ m }, w:overlap_point(V(0, 0, 0.25)))
      assert.are.same({ s, t, m }, w:overlap_sphere(V(0, 0), 1))
      assert.are.same({ s, t, m }, w:overlap_aabb(V(0, 0), V(1, 1, 1)))
      assert.are.equal(3, #w:penetration_sphere(V(0, 0), 1))
    end)
  end)

  describe("exact u against an independent answer", function()
    -- The checker: X at the moment u (its place plus u times its
    -- velocity), the sensor at its own; they touch when an overlap query
    -- of X's volume in a world holding only the sensor (an ordinary shape
    -- there) lists it. A begin at u: apart just before, touching just
    -- after; an end the other way round.
    local seed = 12345
    local function rnd()
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    end
    local function rin(a, b) return a + (b - a) * rnd() end

    local SENSORS = {
      function(w) return w:add_aabb(V(0, 0), V(rin(0.5, 2), rin(0.5, 2))) end,
      function(w) return w:add_sphere(V(0, 0), rin(0.5, 2)) end,
      function(w) return w:add_capsule(V(-1, 0), V(1, rin(-1, 1)), rin(0.3, 1)) end,
      function(w) return w:add_polygon({ V(-1, -1), V(2, -1), V(1, 1.5), V(-1, 1) }) end,
      function(w) return w:add_triangle(V(-1, -1), V(2, -1), V(0, 2)) end,
    }
    -- the moving shapes: kind, the add, the check at position offset d
    local MOVERS = {
      { add = function(w, c) return w:add_sphere(c, 0.4) end,
        at = function(w, c) return w:overlap_sphere(c, 0.4) end },
      { add = function(w, c) return w:add_aabb(c, V(0.4, 0.3)) end,
        at = function(w, c) return w:overlap_aabb(c, V(0.4, 0.3)) end },
      { add = function(w, c) return w:add_capsule(c - V(0, 0.5), c + V(0, 0.5), 0.25) end,
        at = function(w, c) return w:overlap_capsule(c - V(0, 0.5), c + V(0, 0.5), 0.25) end },
    }

    it("random 2D passes of spheres, boxes and capsules through sensors of each kind", function()
      local checked = 0
      for trial = 1, 200 do
        local w, ref = collide.world(), collide.world()
        local k = (trial % #SENSORS) + 1
        local s = SENSORS[k](w)
        local kind, a1, a2, a3 = w:get(s)
        if kind == "aabb" then ref:add_aabb(a1, a2)
        elseif kind == "sphere" then ref:add_sphere(a1, a2)
        elseif kind == "capsule" then ref:add_capsule(a1, a2, a3)
        elseif kind == "polygon" then ref:add_polygon(a1)
        else ref:add_triangle(a1, a2, a3) end
        w:set_sensor(s, true)
        local mv = MOVERS[(trial % 3) + 1]
        local c0 = V(rin(-6, 6), rin(-6, 6))
        -- (aimed near the sensor, most pass through it, some stop in it)
        local d = (V(rin(-1.5, 1.5), rin(-1.5, 1.5)) - c0) * rin(0.5, 2.5)
        local x = mv.add(w, c0)
        w:set_velocity(x, d)
        w:advance()
        local function touching(u) return #mv.at(ref, c0 + d * u) > 0 end
        local ev = events(w)
        for _, e in ipairs(ev) do
          assert.are.equal(s, e[1])
          assert.are.equal(x, e[2])
          local u, eps = e[3], 1e-7
          assert.is_true(u > 0 and u < 1)
          if e[4] == "begin" then
            assert.is_false(touching(u - eps), "begin at " .. u)
            assert.is_true(touching(u + eps), "begin at " .. u)
          else
            assert.is_true(touching(u - eps), "end at " .. u)
            assert.is_false(touching(u + eps), "end at " .. u)
          end
          checked = checked + 1
        end
        -- and no transition was missed: sampled every 1/200 of the step
        local n, was = 0, touching(0)
        for i = 1, 200 do
          local now = touching(i / 200)
          if now ~= was then n = n + 1 end
          was = now
        end
        assert.is_true(#ev >= n, ("%d events, %d transitions sampled"):format(#ev, n))
      end
      assert.is_true(checked > 100, checked .. " events checked")
    end)
  end)

  describe("a crowd at once: the events of each pair alone", function()
    -- The checker shares nothing with the world's search for the pairs
    -- near each other: every pair of a sensor and a shape is put alone in
    -- a world of its own, at the same places with the same velocities,
    -- stepped once, and its events gathered; the crowd's step must give
    -- all of those and no other, in the contract's order (u, then sensor
    -- id, then shape id, a begin before an end).
    local seed = 4242
    local function rnd()
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    end
    local function rin(a, b) return a + (b - a) * rnd() end
    local function at() return V(rin(0, 40), rin(0, 40)) end

    local SENSORS = {
      function(w) return w:add_aabb(at(), V(rin(0.3, 3), rin(0.3, 3))) end,
      function(w) return w:add_sphere(at(), rin(0.5, 2.5)) end,
      function(w)
        local c = at()
        return w:add_capsule(c, c + V(rin(-3, 3), rin(-3, 3)), rin(0.2, 1))
      end,
      function(w)
        local c = at()
        return w:add_polygon({ c + V(-1, -1), c + V(2, -1), c + V(1, 1.5), c + V(-1, 1) })
      end,
      function(w) local c = at(); return w:add_triangle(c, c + V(3, 0), c + V(0, 2)) end,
      -- a kill zone along the whole bottom
      function(w) return w:add_aabb(V(20, -1), V(25, 1)) end,
    }
    local SHAPES = {
      function(w) return w:add_sphere(at(), rin(0.2, 0.8)) end,
      function(w) return w:add_aabb(at(), V(rin(0.2, 0.8), rin(0.2, 0.8))) end,
      function(w)
        local c = at()
        return w:add_capsule(c, c + V(0, rin(0.2, 1.5)), rin(0.1, 0.5))
      end,
    }

    local function copy(from, id, to)
      local kind, a1, a2, a3 = from:get(id)
      if kind == "aabb" then return to:add_aabb(a1, a2)
      elseif kind == "sphere" then return to:add_sphere(a1, a2)
      elseif kind == "capsule" then return to:add_capsule(a1, a2, a3)
      elseif kind == "polygon" then return to:add_polygon(a1)
      else return to:add_triangle(a1, a2, a3) end
    end
    local function before(a, b)
      if a[3] ~= b[3] then return a[3] < b[3] end
      if a[1] ~= b[1] then return a[1] < b[1] end
      if a[2] ~= b[2] then return a[2] < b[2] end
      return a[4] == "begin" and b[4] == "end"
    end

    it("sensors of every kind, resting and moving shapes, bullets, over steps", function()
      local w = collide.world()
      local sensors, shapes, vel = {}, {}, {}
      local function add_sensor(k)
        local s = SENSORS[k](w)
        w:set_sensor(s, true)
        if #sensors % 6 == 5 then vel[s] = V(rin(-1, 1), rin(-1, 1)) end   -- some move
        sensors[#sensors + 1] = s
      end
      local function add_shape(i)
        local x = SHAPES[i % #SHAPES + 1](w)
        if i % 7 == 0 then vel[x] = nil   -- at rest (moving sensors pass it)
        elseif i % 10 == 1 then vel[x] = V(rin(-15, 15), rin(-15, 15))   -- bullets
        else vel[x] = V(rin(-1, 1), rin(-1.5, 0.5)) end
        shapes[#shapes + 1] = x
      end
      -- (the checker steps a world for each pair of a sensor and a moving
      -- shape: make test's quick size puts 60 shapes and 12 more at step
      -- 3, of every kind (i % 3), resting (i % 7), bullets (i % 10);
      -- spec-full 150 and 30, 22 s of each VM's spec run)
      local SHAPES_N, MORE_N = size.cases(60, 150), size.cases(12, 30)
      for i = 1, 36 do add_sensor(i % #SENSORS + 1) end
      for i = 1, SHAPES_N do add_shape(i) end
      for id, v in pairs(vel) do w:set_velocity(id, v) end
      w:build()   -- (moving shapes filed in the hierarchy built here)
      local total = 0
      for step = 1, 4 do
        if step == 3 then   -- more of both, not filed yet
          for i = 1, 4 do add_sensor(i) end
          for i = SHAPES_N + 1, SHAPES_N + MORE_N do add_shape(i) end
          for id, v in pairs(vel) do w:set_velocity(id, v) end
        end
        local want = {}
        for _, s in ipairs(sensors) do
          for _, x in ipairs(shapes) do
            if vel[s] or vel[x] then
              local pw = collide.world()
              local ps, px = copy(w, s, pw), copy(w, x, pw)
              pw:set_sensor(ps, true)
              if vel[s] then pw:set_velocity(ps, vel[s]) end
              if vel[x] then pw:set_velocity(px, vel[x]) end
              pw:advance()
              for _, e in ipairs(pw:sensor_events()) do
                assert.are.same({ ps, px }, { e.sensor, e.id })
                want[#want + 1] = { s, x, e.u, e.event }
              end
            end
          end
        end
        table.sort(want, before)
        w:advance()
        local got = events(w)
        assert.are.same(want, got)
        total = total + #got
      end
      assert.is_true(total > 50, total .. " events")
    end)
  end)

  describe("flat shapes against flat sensors (2D polygons and triangles)", function()
    -- The checker: two convex polygons of the plane z = 0 touch (closed)
    -- when no edge normal of either separates them (the separating axis
    -- theorem), computed here on the vertices at the moment.
    local function sat(a, b)
      for _, pair in ipairs({ { a, b }, { b, a } }) do
        local p, q = pair[1], pair[2]
        for i = 1, #p do
          local u, v = p[i], p[i % #p + 1]
          local nx, ny = v.y - u.y, u.x - v.x
          local pmin, pmax, qmin, qmax = math.huge, -math.huge, math.huge, -math.huge
          for _, x in ipairs(p) do
            local d = x.x * nx + x.y * ny
            pmin, pmax = math.min(pmin, d), math.max(pmax, d)
          end
          for _, x in ipairs(q) do
            local d = x.x * nx + x.y * ny
            qmin, qmax = math.min(qmin, d), math.max(qmax, d)
          end
          if pmax < qmin or qmax < pmin then return false end
        end
      end
      return true
    end
    local seed = 777
    local function rnd()
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    end
    it("a polygon moved through a triangle sensor: each event where SAT changes", function()
      local checked = 0
      for _ = 1, 100 do
        local w = collide.world()
        local tri = { V(-1, -1), V(2, -1 + rnd()), V(rnd(), 2) }
        local s = w:add_triangle(tri[1], tri[2], tri[3])
        w:set_sensor(s, true)
        local c0 = V(rnd() * 12 - 6, rnd() * 12 - 6)
        local quad = { V(0, 0), V(1, 0), V(1.3, 0.8), V(0, 1) }
        local at0 = {}
        for i, q in ipairs(quad) do at0[i] = q + c0 end
        local d = (V(rnd() * 2 - 1, rnd() * 2 - 1) - c0) * (0.5 + 2 * rnd())
        local x = w:add_polygon(at0)
        w:set_velocity(x, d)
        w:advance()
        local function touching(u)
          local moved = {}
          for i, q in ipairs(at0) do moved[i] = q + d * u end
          return sat(moved, tri)
        end
        for _, e in ipairs(events(w)) do
          local u, eps = e[3], 1e-7
          assert.are.equal(e[4] == "begin", not touching(u - eps))
          assert.are.equal(e[4] == "begin", touching(u + eps))
          checked = checked + 1
        end
      end
      assert.is_true(checked > 50, checked .. " events checked")
    end)
  end)

  describe("arguments", function()
    it("set_sensor takes an id and a boolean", function()
      local w = collide.world()
      local id = w:add_sphere(V(0, 0), 1)
      assert.has_error(function() w:set_sensor(id) end,
        "bad argument #2 to 'set_sensor' (boolean expected, got nil)")
      assert.has_error(function() w:set_sensor(id, 1) end,
        "bad argument #2 to 'set_sensor' (boolean expected, got number)")
      assert.has_error(function() w:set_sensor("x", true) end,
        "bad argument #1 to 'set_sensor' (number expected, got string)")
      assert.is_false(w:set_sensor(99, true))
      assert.is_nil(w:sensor(99))
      assert.is_false(w:sensor(id))
    end)
    it("is a change: an error while the world runs a query", function()
      local w = collide.world()
      local id = w:add_sphere(V(0, 0), 1)
      assert.has_error(function()
        w:sweep_sphere(0.5, V(-5, 0), V(5, 0), function()
          w:set_sensor(id, true)
        end)
      end, "set_sensor: world is locked during a query")
    end)
  end)

  describe("saved and loaded", function()
    it("a sensor stays a sensor", function()
      local w = collide.world()
      local s = w:add_aabb(V(10, 0), V(1, 1))
      w:set_sensor(s, true)
      local b = w:add_sphere(V(0, 0), 0.5)
      w:set_velocity(b, V(20, 0))
      local copy = collide.load(w:save())
      assert.is_true(copy:sensor(s))
      assert.is_false(copy:sensor(b))
      w:advance()
      copy:advance()
      assert.are.same(events(w), events(copy))
    end)
  end)
end)
