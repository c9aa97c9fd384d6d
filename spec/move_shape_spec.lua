-- spec/move_shape_spec.lua -- w:move_shape: a world's sphere, box or capsule
-- moved by the controller (NPCs that other movers, sweeps and rays meet).
--
-- The judge of "the same move" is the pattern move_shape replaces, written
-- the way a game wrote it before: w:get the shape, w:move_* it with a Lua
-- filter that ignores its own id, then w:update it to where it stopped.
-- The judge of "never inside" is w:overlap_* at the shape's place, with a
-- filter that leaves only the shape itself out.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, pairs, pcall = assert, error, ipairs, math, pairs, pcall
local rawequal, select, tostring = rawequal, select, tostring
local collide = require "collide"
local V = collide.vec3
local up = V(0, 1, 0)

-- A small generator of its own, so every VM walks the same paths.
local function lcg(seed)
  local s = seed
  return function()
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  end
end

-- The three kinds that move, each placed by its centre c:
--   add(w, c, data) -> id
--   old(w, id, to, options) -> what the pattern before move_shape returned
--   overlap(w, id) -> the ids of the shapes (itself left out) it touches
--   height: its half-height
local function without(self, filter)
  return function(id, data, n)
    if id == self then return false end
    if filter then return filter(id, data, n) end
    return true
  end
end

local function with_filter(options, self)
  local o = {}
  for k, v in pairs(options or {}) do o[k] = v end
  o.filter = without(self, o.filter)
  return o
end

local KINDS = {
  { name = "sphere", height = 0.4,
    add = function(w, c, data) return w:add_sphere(c, 0.4, data) end,
    old = function(w, id, to, options)
      local _, c, r = w:get(id)
      local p, cs, g, v, gr = w:move_sphere(r, c, to, with_filter(options, id))
      w:update(id, p, r)
      return p, cs, g, v, gr
    end,
    overlap = function(w, id)
      local _, c, r = w:get(id)
      return w:overlap_sphere(c, r, without(id))
    end },
  { name = "aabb", height = 0.5,
    add = function(w, c, data) return w:add_aabb(c, V(0.3, 0.5, 0.3), data) end,
    old = function(w, id, to, options)
      local _, c, e = w:get(id)
      local p, cs, g, v, gr = w:move_aabb(e, c, to, with_filter(options, id))
      w:update(id, p, e)
      return p, cs, g, v, gr
    end,
    overlap = function(w, id)
      local _, c, e = w:get(id)
      return w:overlap_aabb(c, e, without(id))
    end },
  { name = "capsule", height = 0.8,
    add = function(w, c, data) return w:add_capsule(c - V(0, 0.5), c + V(0, 0.5), 0.3, data) end,
    old = function(w, id, to, options)
      local _, a, b, r = w:get(id)
      local c, axis = (a + b) * 0.5, (b - a) * 0.5
      local p, cs, g, v, gr = w:move_capsule(r, axis, c, to, with_filter(options, id))
      w:update(id, a + (p - c), b + (p - c), r)
      return p, cs, g, v, gr
    end,
    overlap = function(w, id)
      local _, a, b, r = w:get(id)
      return w:overlap_capsule(a, b, r, without(id))
    end },
}

-- The centre of shape id.
local function center(w, id)
  local kind, a, b = w:get(id)
  if kind == "capsule" then return (a + b) * 0.5 end
  return a
end

--   a level an afternoon builds: a floor, a wall, a ramp, two steps, a
--   pillar and another NPC (a sphere) standing in the way
--
--             |          ___
--      o   O  |      ___|   |   /
--   __________|_____|_______|__/____
local function level(w)
  w:add_aabb(V(0, -0.5, 0), V(20, 0.5, 20), "floor")
  w:add_aabb(V(-6, 1, 0), V(0.5, 2, 20), "wall")
  w:add_aabb(V(3, 0.1, 0), V(1, 0.1, 3), "step 1")
  w:add_aabb(V(3.5, 0.3, 0), V(0.5, 0.1, 3), "step 2")
  w:add_triangle(V(6, 0, -3), V(9, 1.5, -3), V(9, 1.5, 3), "ramp")
  w:add_triangle(V(6, 0, -3), V(9, 1.5, 3), V(6, 0, 3), "ramp")
  w:add_capsule(V(-2, 0, 2), V(-2, 3, 2), 0.4, "pillar")
  return w:add_sphere(V(1.5, 0.4001, 0.2), 0.4, "other npc")
end

-- Everything a move returns, as one comparable table.
local function returns(p, contacts, grounded, velocity, ground)
  return { p = p, contacts = contacts, grounded = grounded, velocity = velocity,
           ground = ground }
end

describe("world:move_shape", function()

  for _, K in ipairs(KINDS) do
    describe("of a " .. K.name, function()

      -- Two copies of the level, one NPC walking in each: by move_shape in
      -- one, by the old pattern in the other; every frame's answers and
      -- the shape's place afterwards must be the same, bit for bit.
      it("returns what move_" .. (K.name == "aabb" and "aabb" or K.name) ..
         " with a filter ignoring it, then update, return", function()
        local wa, wb = collide.world(), collide.world()
        level(wa)
        level(wb)
        local start = V(-4, K.height + 0.001, 0)
        local a, b = K.add(wa, start, "npc"), K.add(wb, start, "npc")
        assert.are.equal(a, b)
        local vel = V(0, 0, 0)
        local dt, rnd = 1 / 60, lcg(7)
        for frame = 1, 240 do
          -- walk right, turning a little, jumping now and then
          local input = V(4, 0, 2 * (rnd() - 0.5))
          local vy = vel.y - 20 * dt
          if frame % 90 == 0 then vy = 6 end
          local want = V(input.x, vy, input.z)
          local opts = { up = up, step_height = 0.25, snap = 0.3, velocity = want }
          local from = center(wa, a)
          local ra = returns(wa:move_shape(a, from + want * dt, opts))
          local rb = returns(K.old(wb, b, from + want * dt, opts))
          assert.are.same(rb, ra)
          assert.are.same({ wb:get(b) }, { wa:get(a) })
          vel = ra.velocity
        end
        -- it went somewhere: up the steps, past the other NPC
        assert.is_true(center(wa, a).x > 0)
      end)

      it("ignores itself: through open space it goes all the way, touching nothing", function()
        local w = collide.world()
        local id = K.add(w, V(0, 5, 0))
        local p, contacts, grounded, velocity, ground = w:move_shape(id, V(3, 6, -1))
        assert.are.equal(V(3, 6, -1), p)
        assert.are.same({}, contacts)
        assert.is_nil(grounded)
        assert.are.equal(V(3, 1, -1), velocity)
        assert.is_nil(ground)
        assert.are.equal(V(3, 6, -1), center(w, id))
      end)

      it("stays where it is, bit for bit, when told to", function()
        local w = collide.world()
        level(w)
        local id = K.add(w, V(-4, K.height + 0.01, 0.3))
        local before = { w:get(id) }
        local p, contacts = w:move_shape(id, center(w, id))
        assert.are.same(before, { w:get(id) })
        assert.are.equal(center(w, id), p)
        assert.are.same({}, contacts)
      end)

      it("lands on the floor and is grounded on it", function()
        local w = collide.world()
        level(w)
        local id = K.add(w, V(-4, 3, 0))
        local p, contacts, grounded, _, ground = w:move_shape(id, V(-4, -3, 0), { up = up })
        assert.is_true(grounded)
        assert.are.equal("floor", w:data(ground.id))
        assert.are.equal("floor", w:data(contacts[1].id))
        assert.is_true(p.y > K.height and p.y < K.height + 1e-3)
        assert.are.same({}, K.overlap(w, id))
      end)

      it("keeps its id, data, layers and velocity", function()
        local w = collide.world()
        local id = K.add(w, V(0, 5, 0), { name = "grunt" })
        w:set_layers(id, 6)
        w:set_velocity(id, V(0, 0, 0.5))
        w:move_shape(id, V(1, 5, 0))
        assert.are.same({ name = "grunt" }, w:data(id))
        assert.are.equal(6, w:layers(id))
        assert.are.equal(V(0, 0, 0.5), w:velocity(id))
        assert.are.equal(1, w:count())
        local seen = {}
        for sid, kind in w:shapes() do seen[#seen + 1] = { sid, kind } end
        assert.are.same({ { id, K.name } }, seen)
      end)

      -- Its own velocity takes no part in its move (it moves by to - from,
      -- from its place); the velocity is kept, for the queries after it.
      it("moves by to - from whatever velocity it was given", function()
        local w = collide.world()
        local id = K.add(w, V(0, 5, 0))
        w:set_velocity(id, V(10, 0, 0))
        local p = w:move_shape(id, V(0, 5, 1))
        assert.are.equal(V(0, 5, 1), p)
        -- a ray sees it at its place; a sweep during the step, moving by it
        local hit, _, _, _, _, hid = w:raycast(V(0, 5, -5), V(0, 5, 5))
        assert.is_true(hit)
        assert.are.equal(id, hid)
      end)

      it("is carried by a moving platform it stands on, as move_* is", function()
        local function scene()
          local w = collide.world()
          local plat = w:add_aabb(V(0, -0.5, 0), V(3, 0.5, 3), "platform")
          w:set_velocity(plat, V(0.5, 0, 0))
          return w, K.add(w, V(0, K.height + 1e-5, 0))
        end
        local w, id = scene()
        local wb, idb = scene()
        local from, opts = center(w, id), { up = up, snap = 0.1 }
        local r = returns(w:move_shape(id, from, opts))
        assert.is_true(r.grounded)
        assert.is_true(math.abs(r.p.x - 0.5) < 1e-9, tostring(r.p))
        assert.are.same(returns(K.old(wb, idb, from, opts)), r)
      end)

      it("fills the out-vectors position and velocity", function()
        local w = collide.world()
        local id = K.add(w, V(0, 5, 0))
        local po, vo = V(), V()
        local p, _, _, v = w:move_shape(id, V(1, 5, 0), nil, po, vo)
        assert.are.equal(po, p)
        assert.are.equal(vo, v)
        assert.is_true(rawequal(po, p))
        assert.is_true(rawequal(vo, v))
        assert.are.equal(V(1, 5, 0), po)
        assert.are.equal(V(1, 0, 0), vo)
      end)

      it("asks a filter about every other shape, never about itself", function()
        local w = collide.world()
        level(w)
        local id = K.add(w, V(-4, 3, 0))
        local asked = {}
        local _, contacts, grounded = w:move_shape(id, V(-4, -3, 0), { up = up,
          filter = function(sid, data)
            asked[#asked + 1] = sid
            return data ~= "nothing"
          end })
        assert.is_true(grounded)
        assert.is_true(#asked > 0)
        for _, sid in ipairs(asked) do assert.are_not.equal(id, sid) end
        assert.are.equal("floor", w:data(contacts[1].id))
        -- a mask that leaves the floor out: it falls through
        local p = w:move_shape(id, center(w, id) - V(0, 3, 0), { filter = 2 })
        assert.are.equal(V(-4, K.height + 0.0001 - 3, 0).x, p.x)
        assert.is_true(p.y < 0)
      end)
    end)
  end

  describe("as NPCs in a level", function()
    --   the player (a box) walks right into an NPC capsule standing on the
    --   floor: it stops at the NPC; a bullet (a ray) hits the NPC, a
    --   sweep hits it, an overlap finds it
    --
    --     [] ->  |  NPC
    --   ___________________
    it("is met by other movers, rays, sweeps and overlaps where it moved to", function()
      local w = collide.world()
      w:add_aabb(V(0, -0.5, 0), V(20, 0.5, 20), "floor")
      local npc = w:add_capsule(V(0, 0.3 + 1e-4, 0), V(0, 1.3 + 1e-4, 0), 0.3, "npc")
      -- the NPC walks to x = 4
      local p = w:move_shape(npc, V(4, 0.8 + 1e-4, 0), { up = up })
      assert.are.equal(V(4, 0.8 + 1e-4, 0), p)
      -- a bullet along y = 1 from the left hits it at x = 3.7
      local hit, u, point, normal, _, id = w:raycast(V(-10, 1, 0), V(10, 1, 0))
      assert.is_true(hit)
      assert.are.equal(npc, id)
      assert.is_true(math.abs(point.x - 3.7) < 1e-12)
      assert.is_true(math.abs(u - 13.7 / 20) < 1e-12)
      assert.are.equal(V(-1, 0, 0), normal)
      -- nothing where it was
      assert.is_false(w:raycast(V(-1, 1, -5), V(1, 1, -5)))
      assert.is_false((w:raycast(V(0, 1, -5), V(0, 1, 5))))
      -- the player walks into it and stops there
      local e = V(0.25, 0.5, 0.25)
      local q, contacts = w:move_aabb(e, V(0, 0.5 + 1e-4, 0), V(8, 0.5 + 1e-4, 0), { up = up })
      assert.is_true(q.x < 3.7 - 0.25 and q.x > 3.7 - 0.25 - 1e-3, tostring(q))
      assert.are.equal(npc, contacts[1].id)
      -- a sweep meets it, an overlap finds it
      local shit, _, _, _, _, sid = w:sweep_sphere(0.1, V(2, 1, 0), V(6, 1, 0))
      assert.is_true(shit)
      assert.are.equal(npc, sid)
      assert.are.same({ npc }, w:overlap_sphere(V(4, 1, 0), 0.1))
    end)

    --   NPC A walks into NPC B: stops at B, B's id its contact
    it("stops at another NPC", function()
      local w = collide.world()
      w:add_aabb(V(0, -0.5, 0), V(20, 0.5, 20), "floor")
      local a = w:add_aabb(V(0, 0.5 + 1e-4, 0), V(0.3, 0.5, 0.3), "a")
      local b = w:add_sphere(V(3, 0.4 + 1e-4, 0), 0.4, "b")
      local p, contacts, grounded = w:move_shape(a, V(6, 0.5 + 1e-4, 0), { up = up })
      assert.is_true(grounded)
      assert.is_true(p.x < 2.3 and p.x > 2.2, tostring(p))
      local ids = {}
      for _, c in ipairs(contacts) do ids[c.id] = true end
      assert.is_true(ids[b])
      assert.are.same({}, w:overlap_aabb(p, V(0.3, 0.5, 0.3), without(a)))
    end)

    -- Twelve NPCs of the three kinds wander a walled yard with crates and
    -- a ramp, each moved in turn (each sees the others where they are
    -- now); after every move none is inside anything.
    it("never leaves an NPC inside a solid or another NPC", function()
      local w = collide.world()
      w:add_aabb(V(0, -0.5, 0), V(10, 0.5, 10), "floor")
      w:add_aabb(V(-10.5, 2, 0), V(0.5, 2, 10), "wall")
      w:add_aabb(V(10.5, 2, 0), V(0.5, 2, 10), "wall")
      w:add_aabb(V(0, 2, -10.5), V(10, 2, 0.5), "wall")
      w:add_aabb(V(0, 2, 10.5), V(10, 2, 0.5), "wall")
      w:add_aabb(V(2, 0.5, 2), V(1, 0.5, 1), "crate")
      w:add_aabb(V(-3, 0.25, 4), V(1.5, 0.25, 0.5), "crate")
      w:add_triangle(V(4, 0, -6), V(8, 2, -6), V(8, 2, -2), "ramp")
      w:add_triangle(V(4, 0, -6), V(8, 2, -2), V(4, 0, -2), "ramp")
      local npcs, rnd = {}, lcg(12345)
      for i = 1, 12 do
        local K = KINDS[(i - 1) % 3 + 1]
        local id = K.add(w, V(-8 + (i - 1) * 1.4, K.height + 0.05, -8 + (i % 4) * 3.5))
        npcs[i] = { K = K, id = id, vel = V(0, 0, 0), dir = V(rnd() - 0.5, 0, rnd() - 0.5) }
      end
      for _, n in ipairs(npcs) do assert.are.same({}, n.K.overlap(w, n.id)) end
      local dt, moves = 1 / 30, 0
      for frame = 1, 150 do
        for _, n in ipairs(npcs) do
          if frame % 20 == 0 then n.dir = V(rnd() - 0.5, 0, rnd() - 0.5) end
          local speed = 2 + 6 * rnd()
          local want = V(n.dir.x * speed, n.vel.y - 20 * dt, n.dir.z * speed)
          if rnd() < 0.02 then want = V(want.x, 7, want.z) end
          local from = center(w, n.id)
          local _, _, _, v = w:move_shape(n.id, from + want * dt, { up = up,
            step_height = 0.3, snap = 0.3, velocity = want })
          n.vel = v
          moves = moves + 1
          assert.are.same({}, n.K.overlap(w, n.id))
        end
      end
      assert.are.equal(12 * 150, moves)
      for _, n in ipairs(npcs) do assert.is_true(center(w, n.id).y > 0) end
    end)
  end)

  describe("in 2D (z = 0)", function()
    --   two flat boxes (e.z = 0) walk at each other along a floor and up a
    --   ramp (a polygon in the plane): they stop at each other, on the
    --   ground, every point and normal in the plane
    --
    --        A ->      <- B
    --   ______________/
    it("moves flat boxes in the plane, and they stop at each other", function()
      local w = collide.world()
      w:add_aabb(V(0, -1), V(20, 1), "floor")
      w:add_polygon({ V(4, 0), V(8, 0), V(8, 2) }, "ramp")
      local e = V(0.4, 0.7, 0)
      local a = w:add_aabb(V(-3, 0.7 + 1e-4), e, "a")
      local b = w:add_aabb(V(7, 2 * 3 / 4 + 0.7 + 0.2), e, "b")
      local opts = { up = V(0, 1), step_height = 0.3, snap = 0.4 }
      local va, vb = V(0, 0), V(0, 0)
      for _ = 1, 240 do
        opts.velocity = V(4, va.y - 30 / 60)
        local _, ca, _, v1 = w:move_shape(a, center(w, a) + opts.velocity / 60, opts)
        va = v1
        opts.velocity = V(-4, vb.y - 30 / 60)
        local _, cb, _, v2 = w:move_shape(b, center(w, b) + opts.velocity / 60, opts)
        vb = v2
        for _, c in ipairs(ca) do assert.are.equal(0, c.normal.z) end
        for _, c in ipairs(cb) do assert.are.equal(0, c.normal.z) end
        assert.are.equal(0, center(w, a).z)
        assert.is_true(center(w, b).x - center(w, a).x >= 0.8 - 1e-9)
        assert.are.same({}, w:overlap_aabb(center(w, a), e * (1 - 1e-6), without(a)))
        assert.are.same({}, w:overlap_aabb(center(w, b), e * (1 - 1e-6), without(b)))
      end
      -- met: touching to a skin, both standing
      assert.is_true(center(w, b).x - center(w, a).x < 0.8 + 1e-3)
      local _, _, ga = w:move_shape(a, center(w, a), { up = V(0, 1) })
      local _, _, gb = w:move_shape(b, center(w, b), { up = V(0, 1) })
      assert.is_true(ga)
      assert.is_true(gb)
    end)
  end)

  describe("with bad arguments", function()
    local w = collide.world()
    local ids = {
      triangle = w:add_triangle(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)),
      polygon = w:add_polygon({ V(0, 0, 0), V(1, 0, 0), V(1, 1, 0), V(0, 1, 0) }),
      segment = w:add_segment(V(0, 0, 0), V(1, 0, 0)),
      plane = w:add_plane(collide.plane(V(0, 1, 0), 10)),
    }
    local npc = w:add_sphere(V(0, 5, 0), 0.5, "npc")

    it("returns false for an id that is no shape, as w:update does", function()
      assert.is_false(w:move_shape(9999, V(0, 0, 0)))
      assert.is_false(w:move_shape(0, V(0, 0, 0)))
      assert.is_false(w:move_shape(-1, V(0, 0, 0)))
      assert.is_false(w:move_shape(1.5, V(0, 0, 0)))
      local gone = w:add_sphere(V(5, 5, 5), 1)
      w:remove(gone)
      assert.is_false(w:move_shape(gone, V(0, 0, 0)))
      -- (one value, nothing else)
      assert.are.equal(1, select("#", w:move_shape(gone, V(0, 0, 0))))
    end)

    it("refuses a shape that cannot move, naming its kind", function()
      for kind, id in pairs(ids) do
        assert.has_error(function() w:move_shape(id, V(0, 0, 0)) end,
          "bad argument #1 to 'move_shape' (" .. kind ..
          " shape cannot move: only sphere, aabb, capsule and convex shapes can)")
      end
    end)

    it("names the argument", function()
      assert.has_error(function() w:move_shape("npc", V(0, 0, 0)) end,
        "bad argument #1 to 'move_shape' (number expected, got string)")
      assert.has_error(function() w:move_shape(npc) end,
        "bad argument #2 to 'move_shape' (vec3 expected, got nil)")
      assert.has_error(function() w:move_shape(npc, V(0 / 0, 0, 0)) end,
        "bad argument #2 to 'move_shape' (vec3 has a NaN component)")
      assert.has_error(function() w:move_shape(npc, V(1e60, 0, 0)) end,
        "bad argument #2 to 'move_shape' (vec3 component too large (limit 1e+50))")
      assert.has_error(function() w:move_shape(npc, V(0, 0, 0), "fast") end,
        "bad argument #3 to 'move_shape' (table expected, got string)")
      assert.has_error(function() w:move_shape(npc, V(0, 0, 0), { respons = "slide" }) end,
        "bad argument #3 to 'move_shape' (unknown option 'respons')")
      assert.has_error(function() w:move_shape(npc, V(0, 0, 0), { snap = -1, up = V(0, 1, 0) }) end,
        "bad argument #3 to 'move_shape' (negative snap)")
      assert.has_error(function() w:move_shape(npc, V(0, 0, 0), { up = V(0, 0, 0) }) end,
        "bad argument #3 to 'move_shape' (zero-length normal)")
      assert.has_error(function() w:move_shape(npc, V(0, 0, 0), nil, "here") end,
        "bad argument #4 to 'move_shape' (vec3 (out-vector) expected, got string)")
      assert.has_error(function() w:move_shape(npc, V(0, 0, 0), nil, nil, 3) end,
        "bad argument #5 to 'move_shape' (vec3 (out-vector) expected, got number)")
      assert.has_error(function() w.move_shape({}, npc, V(0, 0, 0)) end)
      -- nothing moved
      assert.are.equal(V(0, 5, 0), center(w, npc))
    end)

    it("raises a filter's error and leaves the shape where it was", function()
      local id = w:add_sphere(V(0, 20, 0), 0.5)
      local floor = w:add_aabb(V(0, 15, 0), V(2, 0.5, 2))
      assert.has_error(function()
        w:move_shape(id, V(0, 10, 0), { filter = function() error("boom", 0) end })
      end, "boom")
      assert.are.equal(V(0, 20, 0), center(w, id))
      w:remove(floor)
    end)

    it("is an error while the world is locked, and changes nothing", function()
      local id = w:add_sphere(V(0, 30, 0), 0.5, "locked")
      local floor = w:add_aabb(V(0, 25, 0), V(2, 0.5, 2))
      local err
      -- from a query's filter
      w:raycast(V(-5, 25, 0), V(5, 25, 0), function()
        local ok, e = pcall(w.move_shape, w, id, V(1, 30, 0))
        assert.is_false(ok)
        err = e
        return true
      end)
      assert.is_truthy(err:find("move_shape: world is locked during a query", 1, true), err)
      -- from its own move's filter: neither moving nor removing it
      for _, change in ipairs({
        function() return w:move_shape(id, V(3, 30, 0)) end,
        function() return w:remove(id) end,
        function() return w:update(id, V(0, 0, 0), 1) end,
      }) do
        local ok, e
        w:move_shape(id, V(0, 20, 0), { filter = function()
          ok, e = pcall(change)
          return true
        end })
        assert.is_false(ok)
        assert.is_truthy(e:find("world is locked during a query", 1, true), e)
        assert.are.equal("locked", w:data(id))
      end
      w:remove(floor)
      w:remove(id)
    end)

    it("lets a filter query the world, which sees the shape at its place", function()
      local id = w:add_sphere(V(0, 40, 0), 0.5, "q")
      local floor = w:add_aabb(V(0, 35, 0), V(2, 0.5, 2))
      local seen
      w:move_shape(id, V(0, 30, 0), { filter = function()
        local hit, _, _, _, _, hid = w:raycast(V(-5, 40, 0), V(5, 40, 0))
        seen = hit and hid
        return true
      end })
      assert.are.equal(id, seen)
      assert.is_true(center(w, id).y > 36)
      w:remove(floor)
      w:remove(id)
    end)
  end)
end)
