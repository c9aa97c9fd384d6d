-- spec/world_dynamic_spec.lua -- a world that changes: capsules and meshes,
-- update/get/shapes, layers and masks, velocities and advance(), the box
-- and capsule sweeps, raycast_all and the overlaps; world answers checked
-- against the single-shape functions with the relative motion.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, pairs, pcall = assert, error, ipairs, math, pairs, pcall
local select, table = select, table
local collide = require "collide"
local V = collide.vec3

local seed = 4711
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function rnd_in(a, b) return a + (b - a) * rnd() end
local function rnd_vec(s) return V(rnd_in(-s, s), rnd_in(-s, s), rnd_in(-s, s)) end

local unpack = table.unpack or unpack

-- Whether two small bit sets (< 2^8) share a bit, on every Lua.
local function shares(a, b)
  for _ = 1, 8 do
    if a % 2 == 1 and b % 2 == 1 then return true end
    a, b = math.floor(a / 2), math.floor(b / 2)
  end
  return false
end

local function ids_of(list)
  local t = {}
  for i, h in ipairs(list) do t[i] = h.id end
  return t
end

describe("a changing world", function()
  describe("add_capsule", function()
    --      a=(0,0)----b=(4,0)   radius 1
    --   o -> from the left meets the round end at x = -1 - r
    it("is an obstacle for sweeps, rays and overlaps", function()
      local w = collide.world()
      local id = w:add_capsule(V(0, 0), V(4, 0), 1, "pill")
      local hit, u, p, n, feature, hid = w:sweep_sphere(0.5, V(-10, 0), V(10, 0))
      assert.is_true(hit)
      assert.are.equal(id, hid)
      assert.are.equal(8.5 / 20, u)
      assert.are.equal(V(-1, 0, 0), p)
      assert.are.equal(V(-1, 0, 0), n)
      assert.are.equal("face", feature)
      hit, u, p, n = w:raycast(V(2, 5), V(2, -5))
      assert.is_true(hit)
      assert.are.equal(0.4, u)
      assert.are.equal(V(2, 1, 0), p)
      assert.are.equal(V(0, 1, 0), n)
      assert.are.same({ id }, w:overlap_point(V(4.5, 0.5)))
      assert.are.same({}, w:overlap_point(V(4.8, 0.8)))
      assert.are.same({ id }, w:overlap_capsule(V(2, 2), V(2, 5), 1))   -- touching
      assert.are.same({}, w:overlap_capsule(V(2, 2.001), V(2, 5), 1))
      assert.are.equal("pill", w:data(id))
    end)

    it("names bad arguments", function()
      local w = collide.world()
      assert.has_error(function() w:add_capsule(V(0, 0), V(1, 0), -1) end,
        "bad argument #3 to 'add_capsule' (negative radius)")
      assert.has_error(function() w:add_capsule(V(0, 0), nil, 1) end,
        "bad argument #2 to 'add_capsule' (vec3 expected, got nil)")
    end)
  end)

  describe("add_mesh", function()
    local verts = { V(0, 0), V(1, 0), V(0, 1), V(1, 1) }

    it("adds one triangle per three indices, with consecutive ids and the data", function()
      local w = collide.world()
      w:add_sphere(V(9, 9), 1)
      local first, last = w:add_mesh(verts, { 1, 2, 3, 2, 4, 3 }, "floor")
      assert.are.equal(2, first)
      assert.are.equal(3, last)
      assert.are.equal(3, w:count())
      assert.are.equal("floor", w:data(2))
      assert.are.equal("floor", w:data(3))
      local kind, a, b, c = w:get(3)
      assert.are.equal("triangle", kind)
      assert.are.same({ V(1, 0), V(1, 1), V(0, 1) }, { a, b, c })
    end)

    it("returns an empty range for no indices", function()
      local w = collide.world()
      local first, last = w:add_mesh(verts, {})
      assert.are.equal(1, first)
      assert.are.equal(0, last)
      assert.are.equal(1, w:add_sphere(V(0, 0), 1))
    end)

    it("adds nothing when an index or a triangle is bad", function()
      local w = collide.world()
      assert.has_error(function() w:add_mesh(verts, { 1, 2, 5 }) end,
        "bad argument #2 to 'add_mesh' (triangle 1 (indices 1, 2, 5): index 5 is out of range)")
      assert.has_error(function() w:add_mesh(verts, { 1, 2, 3, 0, 1, 2 }) end,
        "bad argument #2 to 'add_mesh' (triangle 2 (indices 0, 1, 2): index 0 is out of range)")
      assert.has_error(function() w:add_mesh(verts, { 1, 2 }) end,
        "bad argument #2 to 'add_mesh' (number of indices is not a multiple of 3)")
      assert.has_error(function() w:add_mesh(verts, { 1, 2, 2.5 }) end,
        "bad argument #2 to 'add_mesh' (integer expected at index 3, got number)")
      assert.has_error(function() w:add_mesh(verts, { 1, 2, "3" }) end,
        "bad argument #2 to 'add_mesh' (integer expected at index 3, got string)")
      assert.has_error(function() w:add_mesh(verts, { 1, 2, 3, 1, 2, 2 }) end,
        "bad argument #2 to 'add_mesh' (triangle 2 (indices 1, 2, 2) is degenerate)")
      assert.has_error(function() w:add_mesh({ V(0, 0), 7 }, {}) end,
        "bad argument #1 to 'add_mesh' (vec3 expected at index 2, got number)")
      assert.has_error(function() w:add_mesh(verts) end,
        "bad argument #2 to 'add_mesh' (table expected, got nil)")
      assert.are.equal(0, w:count())
    end)
  end)

  describe("update and get", function()
    local function world_of_each()
      local w = collide.world()
      local poly = collide.polygon({ V(0, 0, 5), V(2, 0, 5), V(2, 2, 5) })
      local ids = {
        triangle = w:add_triangle(V(0, 0), V(1, 0), V(0, 1), "t"),
        polygon = w:add_polygon(poly, "p"),
        aabb = w:add_aabb(V(5, 5), V(1, 2, 3), "a"),
        sphere = w:add_sphere(V(-5, 0), 2, "s"),
        segment = w:add_segment(V(0, -5), V(3, -5), "g"),
        capsule = w:add_capsule(V(0, 9), V(3, 9), 0.5, "c"),
        plane = w:add_plane(collide.plane(V(0, 1), 100), "l"),
      }
      return w, ids
    end

    it("give back each kind with the arguments of its add_*", function()
      local w, ids = world_of_each()
      assert.are.same({ "triangle", V(0, 0), V(1, 0), V(0, 1) }, { w:get(ids.triangle) })
      assert.are.same({ "aabb", V(5, 5), V(1, 2, 3) }, { w:get(ids.aabb) })
      assert.are.same({ "sphere", V(-5, 0), 2 }, { w:get(ids.sphere) })
      assert.are.same({ "segment", V(0, -5), V(3, -5) }, { w:get(ids.segment) })
      assert.are.same({ "capsule", V(0, 9), V(3, 9), 0.5 }, { w:get(ids.capsule) })
      local kind, poly = w:get(ids.polygon)
      assert.are.equal("polygon", kind)
      assert.are.same({ V(0, 0, 5), V(2, 0, 5), V(2, 2, 5) }, poly:vertices())
      local pk, plane = w:get(ids.plane)
      assert.are.equal("plane", pk)
      assert.are.equal(V(0, 1, 0), plane.normal)
      assert.are.equal(100, plane.d)
      assert.is_nil(w:get(99))
      assert.is_nil(w:get(0))
      assert.is_nil(w:get(1.5))
    end)

    it("re-place a shape, keeping its id and data", function()
      local w, ids = world_of_each()
      assert.is_true(w:update(ids.sphere, V(20, 0), 1))
      assert.are.same({ "sphere", V(20, 0), 1 }, { w:get(ids.sphere) })
      assert.are.equal("s", w:data(ids.sphere))
      -- the query sees the new place, not the old one
      local hit, u, _, _, _, id = w:raycast(V(10, 0, 0.5), V(30, 0, 0.5))
      assert.is_true(hit)
      assert.are.equal(ids.sphere, id)
      assert.is_true(math.abs(u - (10 - math.sqrt(0.75)) / 20) < 1e-15)
      assert.are.same({}, w:overlap_point(V(-5, 0)))
      assert.is_true(w:update(ids.triangle, V(0, 0, 1), V(1, 0, 1), V(0, 1, 1)))
      assert.is_true(w:update(ids.polygon, { V(0, 0, 6), V(2, 0, 6), V(2, 2, 6), V(0, 2, 6) }))
      assert.are.equal(4, #select(2, w:get(ids.polygon)):vertices())
      assert.is_true(w:update(ids.aabb, V(6, 6), V(1, 1, 1)))
      assert.is_true(w:update(ids.segment, V(0, -6), V(3, -6)))
      assert.is_true(w:update(ids.capsule, V(0, 8), V(3, 8), 0.25))
      assert.is_true(w:update(ids.plane, collide.plane(V(0, -1), 50)))
      assert.are.same({ "capsule", V(0, 8), V(3, 8), 0.25 }, { w:get(ids.capsule) })
      assert.are.equal(-1, select(2, w:get(ids.plane)).normal.y)
      assert.are.equal(7, w:count())
    end)

    it("answer false for an id it does not know", function()
      local w, ids = world_of_each()
      assert.is_false(w:update(99, V(0, 0), 1))
      w:remove(ids.sphere)
      assert.is_false(w:update(ids.sphere, V(0, 0), 1))
      assert.is_false(w:update(2.5, V(0, 0), 1))
    end)

    it("name bad arguments by their position in the call", function()
      local w, ids = world_of_each()
      assert.has_error(function() w:update(ids.sphere, V(0, 0), -1) end,
        "bad argument #3 to 'update' (negative radius)")
      assert.has_error(function() w:update(ids.triangle, V(0, 0), V(1, 0), V(2, 0)) end,
        "bad argument #2 to 'update' (degenerate triangle)")
      assert.has_error(function() w:update(ids.aabb, V(0, 0), V(1, -1, 0)) end,
        "bad argument #3 to 'update' (negative extent)")
      assert.has_error(function() w:update(ids.capsule, V(0, 0), nil, 1) end,
        "bad argument #3 to 'update' (vec3 expected, got nil)")
      assert.has_error(function() w:update(ids.plane, V(0, 1)) end,
        "bad argument #2 to 'update' (plane expected, got vec3)")
      assert.has_error(function() w:update(ids.polygon, { V(0, 0), V(1, 0) }) end,
        "bad argument #2 to 'update' (polygon needs at least 3 vertices)")
      assert.has_error(function() w:update("1") end,
        "bad argument #1 to 'update' (number expected, got string)")
      assert.are.same({ "sphere", V(-5, 0), 2 }, { w:get(ids.sphere) })
    end)

    it("iterate over the shapes by ascending id with kind and data", function()
      local w, ids = world_of_each()
      w:remove(ids.aabb)
      local seen = {}
      for id, kind, data in w:shapes() do seen[#seen + 1] = { id, kind, data } end
      assert.are.same({ { 1, "triangle", "t" }, { 2, "polygon", "p" }, { 4, "sphere", "s" },
                        { 5, "segment", "g" }, { 6, "capsule", "c" }, { 7, "plane", "l" } },
                      seen)
      for _ in collide.world():shapes() do error("an empty world has no shapes") end
    end)
  end)

  describe("layers and masks", function()
    --   [1] layer 1   [2] layer 2   [3] layers 1+2   [4] layer 0, all at x = 2, 4, 6, 8
    local w = collide.world()
    for i = 1, 4 do w:add_aabb(V(2 * i, 0), V(0.5, 0.5, 0.5)) end
    w:set_layers(2, 2)
    w:set_layers(3, 3)
    w:set_layers(4, 0)

    it("default to 1 and can be set", function()
      assert.are.equal(1, w:layers(1))
      assert.are.equal(3, w:layers(3))
      assert.is_nil(w:layers(99))
      assert.is_false(w:set_layers(99, 1))
    end)

    it("filter every query by a shared bit, and see everything without a mask", function()
      local function first(mask) return select(6, w:raycast(V(0, 0), V(10, 0), mask)) end
      assert.are.equal(1, first(nil))
      assert.are.equal(1, first(1))
      assert.are.equal(2, first(2))
      assert.are.equal(2, first(6))
      assert.is_nil(first(4))
      assert.is_false(w:sweep_sphere(0.1, V(0, 0), V(10, 0), 0))
      assert.are.same({ 2, 3 }, ids_of(w:raycast_all(V(0, 0), V(10, 0), 2)))
      assert.are.same({ 1, 2, 3, 4 }, ids_of(w:raycast_all(V(0, 0), V(10, 0))))
      assert.are.same({ 1, 3 }, w:overlap_aabb(V(5, 0), V(5, 1, 1), 1))
      assert.are.same({ 3 }, w:overlap_point(V(6, 0), 3))
      assert.are.same({ 2, 3 }, w:overlap_sphere(V(5, 0), 10, 2))
      assert.are.equal(3, select(6, w:sweep_aabb(V(0.2, 0.2, 0.2), V(5, 0), V(10, 0), 1)))
      assert.are.same({ 1, 3 }, w:overlap_capsule(V(0, 0), V(10, 0), 0.1, 1))
      assert.are.equal(4, select(6, w:sweep_capsule(0.1, V(0, 0.1), V(7, 0), V(10, 0))))
    end)

    it("refuse what is not an integer in [0, 2^31)", function()
      assert.has_error(function() w:set_layers(1, -1) end,
        "bad argument #2 to 'set_layers' (layer bits must be an integer in [0, 2^31))")
      assert.has_error(function() w:set_layers(1, 2 ^ 31) end,
        "bad argument #2 to 'set_layers' (layer bits must be an integer in [0, 2^31))")
      assert.has_error(function() w:raycast(V(0, 0), V(1, 0), 0.5) end,
        "bad argument #3 to 'raycast' (mask must be an integer in [0, 2^31))")
      assert.has_error(function() w:overlap_point(V(0, 0), {}) end,
        "bad argument #2 to 'overlap_point' (function or mask expected, got table)")
    end)
  end)

  describe("shapes that move", function()
    --  sphere r = 1 falls from y = 10 to y = 0 while the platform (top at
    --  y = 0.1) rises by 10 in the same step: they meet at
    --  u = (10 - 1 - 0.1) / 20, the platform then at 0.1 + 10 u.
    --
    --      o  y = 10
    --      |
    --      v        ^ +10
    --   ========  platform
    it("are swept with the relative motion, so nothing passes through", function()
      local w = collide.world()
      local id = w:add_aabb(V(0, 0), V(5, 0.1, 5), "lift")
      assert.is_true(w:set_velocity(id, V(0, 10, 0)))
      assert.are.equal(V(0, 10, 0), w:velocity(id))
      local hit, u, p, n, _, hid = w:sweep_sphere(1, V(0, 10), V(0, 0))
      assert.is_true(hit)
      assert.are.equal(id, hid)
      assert.is_true(math.abs(u - 8.9 / 20) < 1e-15)
      assert.is_true(math.abs(p.y - (0.1 + 10 * u)) < 1e-13)
      assert.are.equal(V(0, 1, 0), n)
      -- a box and a capsule the same
      hit, u = w:sweep_aabb(V(0.5, 0.5, 0.5), V(0, 10), V(0, 0))
      assert.is_true(hit and math.abs(u - 9.4 / 20) < 1e-15)
      hit, u = w:sweep_capsule(0.5, V(0, 0), V(0, 10), V(0, 0))
      assert.is_true(hit and math.abs(u - 9.4 / 20) < 1e-15)
      -- a sphere resting above the platform's end position is still hit
      hit, u = w:sweep_sphere(1, V(0, 10.5), V(0, 10.5))
      assert.is_true(hit)
      assert.is_true(math.abs(u - 0.94) < 1e-15)
      -- rays and overlaps see it where it is now
      hit, u = w:raycast(V(0, 10), V(0, 0))
      assert.is_true(hit and math.abs(u - 0.99) < 1e-15)
      assert.are.same({}, w:overlap_point(V(0, 5)))
    end)

    it("move by their velocity on advance, which they keep", function()
      local w = collide.world()
      local a = w:add_sphere(V(0, 0), 1)
      local b = w:add_plane(collide.plane(V(0, 1), 0))
      local c = w:add_polygon({ V(0, 0, 3), V(1, 0, 3), V(0, 1, 3) })
      w:set_velocity(a, { 2, 0 })
      w:set_velocity(b, V(5, 1, 0))
      w:set_velocity(c, V(0, 0, -1))
      w:advance()
      w:advance()
      assert.are.same({ "sphere", V(4, 0), 1 }, { w:get(a) })
      assert.are.equal(-2, select(2, w:get(b)).d)
      assert.are.same({ V(0, 0, 1), V(1, 0, 1), V(0, 1, 1) }, select(2, w:get(c)):vertices())
      assert.are.equal(V(2, 0, 0), w:velocity(a))
      w:set_velocity(a, V(0, 0))
      w:advance()
      assert.are.same({ "sphere", V(4, 0), 1 }, { w:get(a) })
      local out = V()
      assert.are.equal(out, w:velocity(b, out))
      assert.are.equal(V(5, 1, 0), out)
      assert.is_nil(w:velocity(99))
      assert.is_false(w:set_velocity(99, V(1, 0)))
      assert.has_error(function() w:set_velocity(a, V(0 / 0, 0)) end,
        "bad argument #2 to 'set_velocity' (vec3 has a NaN component)")
    end)

    it("refuse to advance past the limit or into a degenerate triangle, moving nothing", function()
      local w = collide.world()
      local s = w:add_sphere(V(0, 0), 1)
      local t = w:add_triangle(V(0, 0), V(2, 0), V(0, 2))
      w:set_velocity(s, V(1, 0))
      -- 1e20 away its vertices round to doubles 16384 apart: they merge
      w:set_velocity(t, V(1e20, 0))
      assert.has_error(function() w:advance() end, "advance: degenerate triangle")
      assert.are.same({ "sphere", V(0, 0), 1 }, { w:get(s) })
      assert.are.same({ "triangle", V(0, 0), V(2, 0), V(0, 2) }, { w:get(t) })
      w:update(t, V(9e49, 0), V(9e49, 2e35), V(9e49, 0, 2e35))
      w:set_velocity(t, V(5e49, 0))
      assert.has_error(function() w:advance() end,
        "advance: vec3 component too large (limit 1e+50)")
      assert.are.same({ "triangle", V(9e49, 0), V(9e49, 2e35), V(9e49, 0, 2e35) },
        { w:get(t) })
      assert.are.same({ "sphere", V(0, 0), 1 }, { w:get(s) })
      -- far out, a triangle big enough for its place still moves
      w:update(t, V(0, 0), V(2e6, 0), V(0, 2e6))
      w:set_velocity(t, V(1e20, 0))
      w:advance()
      assert.are.same({ "triangle", V(1e20, 0), V(1e20 + 2e6, 0), V(1e20, 2e6) }, { w:get(t) })
      assert.are.same({ "sphere", V(1, 0), 1 }, { w:get(s) })
    end)

    it("refuse to advance into a polygon with merged vertices, moving nothing", function()
      local function ngon(n, r)
        local vs = {}
        for k = 1, n do
          local a = 2 * math.pi * k / n
          vs[k] = V(r * math.cos(a), r * math.sin(a))
        end
        return vs
      end
      local w = collide.world()
      local s = w:add_sphere(V(0, 0), 1)
      w:set_velocity(s, V(1, 0))
      -- a triangle and a 40-gon (its check in memory taken for it), small
      -- ones: 1e20 away their corners round together
      for _, n in ipairs({ 3, 40 }) do
        local p = w:add_polygon(ngon(n, 1))
        w:set_velocity(p, V(1e20, 1e20))
        assert.has_error(function() w:advance() end,
          "advance: polygon has repeated vertices")
        assert.are.same(ngon(n, 1), select(2, w:get(p)):vertices())
        assert.are.same({ "sphere", V(0, 0), 1 }, { w:get(s) })
        w:remove(p)
      end
      -- big enough for the place it moves to: moved
      local p = w:add_polygon(ngon(40, 1e7))
      w:set_velocity(p, V(1e20, 0))
      w:advance()
      assert.are.equal(1e20 + 1e7, select(2, w:get(p)):vertices()[40].x)
      assert.are.same({ "sphere", V(1, 0), 1 }, { w:get(s) })
    end)

    it("cannot be changed from inside a query", function()
      local w = collide.world()
      local id = w:add_sphere(V(0, 0), 1)
      assert.has_error(function()
        w:raycast(V(-5, 0), V(5, 0), function() w:update(id, V(1, 0), 1) return true end)
      end, "update: world is locked during a query")
      assert.has_error(function()
        w:raycast(V(-5, 0), V(5, 0), function() w:advance() return true end)
      end, "advance: world is locked during a query")
      assert.has_error(function()
        w:raycast(V(-5, 0), V(5, 0), function() w:set_velocity(id, V(1, 0)) return true end)
      end, "set_velocity: world is locked during a query")
      assert.are.same({ "sphere", V(0, 0), 1 }, { w:get(id) })
    end)
  end)

  describe("raycast_all", function()
    --   p0 ->  |1  (2)  |3|4   : segment 1, sphere 2, two boxes touching
    it("lists every shape the ray meets, by u then id", function()
      local w = collide.world()
      w:add_segment(V(2, -1), V(2, 1), "wall")
      w:add_sphere(V(5, 0), 1)
      w:add_aabb(V(8, 0), V(1, 1, 1))
      w:add_aabb(V(8, 0), V(1, 2, 1))
      local all = w:raycast_all(V(0, 0), V(10, 0))
      assert.are.same({ 1, 2, 3, 4 }, ids_of(all))
      assert.are.same({ 0.2, 0.4, 0.7, 0.7 }, { all[1].u, all[2].u, all[3].u, all[4].u })
      assert.are.equal(V(4, 0, 0), all[2].point)
      assert.are.equal(V(-1, 0, 0), all[2].normal)
      assert.are.equal("face", all[2].feature)
      assert.are.same({ 2, 4 }, ids_of(w:raycast_all(V(0, 0), V(10, 0),
        function(id) return id % 2 == 0 end)))
      assert.are.same({}, w:raycast_all(V(0, 5), V(10, 5)))
    end)

    it("passes a filter's error on", function()
      local w = collide.world()
      w:add_sphere(V(5, 0), 1)
      assert.has_error(function()
        w:raycast_all(V(0, 0), V(10, 0), function() error("boom", 0) end)
      end, "boom")
    end)
  end)

  describe("overlaps", function()
    local w = collide.world()
    local tri = w:add_triangle(V(0, 0), V(4, 0), V(0, 4), "tri")
    local box = w:add_aabb(V(6, 1), V(1, 1, 1), "box")
    local cap = w:add_capsule(V(-3, 0), V(-3, 4), 1, "cap")

    it("list what touches a point, a box, a capsule or a sphere, ascending", function()
      assert.are.same({ tri }, w:overlap_point(V(1, 1)))
      assert.are.same({ tri }, w:overlap_point(V(4, 0)))       -- a corner: closed
      assert.are.same({ box }, w:overlap_point(V(7, 2)))
      assert.are.same({ cap }, w:overlap_point(V(-2, 4)))
      assert.are.same({}, w:overlap_point(V(8, 8)))
      assert.are.same({ tri, cap }, w:overlap_capsule(V(-1.5, 1), V(0, 3), 0.5))
      assert.are.same({ tri, box }, w:overlap_aabb(V(3.5, 1), V(1.5, 0.1, 0.1)))
      assert.are.same({ box }, w:overlap_aabb(V(4.5, 1), V(0.5, 0.1, 0.1)))
      assert.are.same({ tri, box, cap }, w:overlap_sphere(V(1.5, 5), 5))
      assert.are.same({ box, cap }, w:overlap_sphere(V(1.5, 5), 5, function(_, d)
        return d ~= "tri" end))
    end)
  end)
end)

-- ---- against the single-shape functions ---------------------------------------

describe("a changing world against the single-shape functions", function()
  local kinds = { "triangle", "polygon", "aabb", "sphere", "segment", "capsule", "plane" }

  local function random_shape(kind, s)
    local c = rnd_vec(10)
    if kind == "triangle" then return { c, c + rnd_vec(s), c + rnd_vec(s) } end
    if kind == "polygon" then
      local u, v = rnd_vec(1):normalize() * rnd_in(0.2, s), rnd_vec(1)
      v = u:cross(v):normalize() * u:length()
      return { collide.polygon({ c + u, c + v, c - u, c - v }) }
    end
    if kind == "aabb" then return { c, V(rnd_in(0, s), rnd_in(0, s), rnd_in(0, s)) } end
    if kind == "sphere" then return { c, rnd_in(0, s) } end
    if kind == "segment" then return { c, c + rnd_vec(s) } end
    if kind == "capsule" then return { c, c + rnd_vec(s), rnd_in(0, s / 2) } end
    return { collide.plane_from_point_normal(c * 3, rnd_vec(1)) }
  end

  -- The single-shape answer for mover m ("sphere", "aabb", "capsule",
  -- "ray") against shape (kind, args) moving by vel: u and the normal when
  -- a function gives them, nil when there is no contact.
  local function single(m, kind, args, c0, c1, vel)
    local e = c1 - vel
    local a1, a2, a3 = args[1], args[2], args[3]
    local ok, u, n, _
    if m.kind == "ray" then
      e = c1
      if kind == "segment" then ok, u = collide.sweep_sphere_segment(0, c0, e, a1, a2)
      elseif kind == "capsule" then ok, u, _, n = collide.sweep_sphere_segment(a3, c0, e, a1, a2)
      else ok, u, _, n = collide["raycast_" .. kind](c0, e, a1, a2, a3) end
    elseif m.kind == "sphere" then
      if kind == "sphere" then ok, u = collide.sweep_sphere_sphere(m.r, c0, e, a2, a1, a1)
      elseif kind == "capsule" then
        ok, u, _, n = collide.sweep_sphere_segment(m.r + a3, c0, e, a1, a2)
      else ok, u, _, n = collide["sweep_sphere_" .. kind](m.r, c0, e, a1, a2, a3) end
    elseif m.kind == "aabb" then
      if kind == "aabb" then ok, u, _, n = collide.sweep_aabb_aabb(m.e, c0, e, a2, a1, a1)
      elseif kind == "capsule" then
        local cc, ax = (a1 + a2) * 0.5, (a2 - a1) * 0.5
        ok, u, _, n = collide.sweep_capsule_aabb(a3, ax, cc, cc - (e - c0), c0, m.e)
        if ok then n = -n end
      else ok, u, _, n = collide["sweep_aabb_" .. kind](m.e, c0, e, a1, a2, a3) end
    else
      if kind == "capsule" then
        local cc, ax = (a1 + a2) * 0.5, (a2 - a1) * 0.5
        ok, u, _, n = collide.sweep_capsule_capsule(m.r, m.axis, c0, e, a3, ax, cc, cc)
        n = ok and n or nil
      else ok, u, _, n = collide["sweep_capsule_" .. kind](m.r, m.axis, c0, e, a1, a2, a3) end
    end
    if not ok then return nil end
    return u, n
  end


  for round = 1, 3 do
    it("agree on random changing worlds (round " .. round .. ")", function()
      local w, rec = collide.world(), {}
      local function add_one()
        local kind = kinds[math.floor(rnd() * 7) + 1]
        if kind == "plane" and rnd() < 0.7 then kind = "capsule" end
        local args = random_shape(kind, 3)
        local ok, id = pcall(w["add_" .. kind], w, unpack(args))
        if ok then rec[id] = { kind = kind, args = args, vel = V(0, 0, 0), layers = 1 } end
      end
      for _ = 1, 40 do add_one() end
      for step = 1, 30 do
        local ids = {}
        for id in pairs(rec) do ids[#ids + 1] = id end
        table.sort(ids)
        local id = ids[math.floor(rnd() * #ids) + 1]
        local op = rnd()
        if op < 0.2 then add_one()
        elseif op < 0.3 and id then w:remove(id); rec[id] = nil
        elseif op < 0.55 and id then
          local args = random_shape(rec[id].kind, 3)
          if pcall(w.update, w, id, unpack(args)) then rec[id].args = args end
        elseif op < 0.75 and id then
          rec[id].vel = rnd() < 0.3 and V(0, 0, 0) or rnd_vec(rnd() < 0.5 and 1 or 10)
          w:set_velocity(id, rec[id].vel)
        elseif op < 0.85 and id then
          rec[id].layers = math.floor(rnd() * 4)
          w:set_layers(id, rec[id].layers)
        else
          w:advance()
          for rid, r in pairs(rec) do
            assert.are.equal(r.kind, (w:get(rid)))
            r.args = { select(2, w:get(rid)) }
          end
        end
        -- every mover, with and without a mask
        for _ = 1, 6 do
          local c0, c1 = rnd_vec(12), rnd_vec(12)
          local mask = rnd() < 0.5 and math.floor(rnd() * 4) or nil
          local movers = { { kind = "sphere", r = rnd_in(0, 1) }, { kind = "ray" } }
          movers[#movers + 1] = { kind = "capsule", r = rnd_in(0, 1), axis = rnd_vec(1) }
          movers[#movers + 1] = { kind = "aabb", e = V(rnd_in(0, 1), rnd_in(0, 1), rnd_in(0, 1)) }
          for _, m in ipairs(movers) do
            local best_u, best_id, best_n
            for rid = 1, 400 do
              local r = rec[rid]
              if r and (mask == nil or shares(r.layers, mask)) then
                local vel = m.kind == "ray" and V(0, 0, 0) or r.vel
                local u, n = single(m, r.kind, r.args, c0, c1, vel)
                if u and (not best_u or u < best_u) then best_u, best_id, best_n = u, rid, n end
              end
            end
            local hit, u, n, id2
            if m.kind == "sphere" then hit, u, _, n, _, id2 = w:sweep_sphere(m.r, c0, c1, mask)
            elseif m.kind == "aabb" then hit, u, _, n, _, id2 = w:sweep_aabb(m.e, c0, c1, mask)
            elseif m.kind == "capsule" then
              hit, u, _, n, _, id2 = w:sweep_capsule(m.r, m.axis, c0, c1, mask)
            else hit, u, _, n, _, id2 = w:raycast(c0, c1, mask) end
            local what = ("step %d %s"):format(step, m.kind)
            assert.are.equal(best_u ~= nil, hit, what)
            if hit then
              assert.are.equal(best_id, id2, what)
              assert.are.equal(best_u, u, what)
              if best_n then assert.are.equal(best_n, n, what) end
            end
          end
        end
      end
    end)
  end
end)

-- ---- layer masks in the static hierarchy (branch rays100k) -----------------
-- Shapes never changed live in the static hierarchy, whose lanes keep the
-- union of their shapes' layer bits so that a mask skips whole subtrees.
-- A masked query must answer exactly as the same query with a function
-- filter (which skips nothing in the hierarchy), before and after the
-- layers of shapes already in the hierarchy change.
describe("layer masks over the static hierarchy", function()
  local function terrain(w, g)
    local verts, idx = {}, {}
    for i = 0, g do
      for j = 0, g do
        verts[#verts + 1] = V(i, 0.3 * math.sin(0.7 * i) * math.cos(0.5 * j), j)
      end
    end
    local function at(i, j) return i * (g + 1) + j + 1 end
    for i = 0, g - 1 do
      for j = 0, g - 1 do
        local cell = { at(i, j), at(i, j + 1), at(i + 1, j),
                       at(i + 1, j), at(i, j + 1), at(i + 1, j + 1) }
        for _, k in ipairs(cell) do idx[#idx + 1] = k end
      end
    end
    return w:add_mesh(verts, idx)
  end

  local function check(w, layers, what)
    local function by_fn(mask) return function(id) return shares(layers[id] or 1, mask) end end
    for q = 1, 60 do
      local c0 = V(rnd_in(0, 16), rnd_in(0.2, 3), rnd_in(0, 16))
      local c1 = c0 + V(rnd_in(-8, 8), rnd_in(-4, 0.5), rnd_in(-8, 8))
      local mask = math.floor(rnd() * 8)
      local label = ("%s query %d mask %d"):format(what, q, mask)
      local a = { w:raycast(c0, c1, mask) }
      local b = { w:raycast(c0, c1, by_fn(mask)) }
      assert.are.same(b, a, label)
      a = { w:sweep_sphere(0.3, c0, c1, mask) }
      b = { w:sweep_sphere(0.3, c0, c1, by_fn(mask)) }
      assert.are.same(b, a, label)
      a = { w:sweep_capsule(0.2, V(0, 0.3, 0), c0, c1, mask) }
      b = { w:sweep_capsule(0.2, V(0, 0.3, 0), c0, c1, by_fn(mask)) }
      assert.are.same(b, a, label)
      a = { w:sweep_aabb(V(0.2, 0.4, 0.2), c0, c1, mask) }
      b = { w:sweep_aabb(V(0.2, 0.4, 0.2), c0, c1, by_fn(mask)) }
      assert.are.same(b, a, label)
      assert.are.same(ids_of(w:raycast_all(c0, c1, by_fn(mask))),
                      ids_of(w:raycast_all(c0, c1, mask)), label)
      assert.are.same(w:overlap_sphere(c0, 1.5, by_fn(mask)),
                      w:overlap_sphere(c0, 1.5, mask), label)
      assert.are.same(w:overlap_aabb(c0, V(1, 2, 1), by_fn(mask)),
                      w:overlap_aabb(c0, V(1, 2, 1), mask), label)
      assert.are.same(w:overlap_point(V(c0.x, 0, c0.z), by_fn(mask)),
                      w:overlap_point(V(c0.x, 0, c0.z), mask), label)
    end
  end

  it("give the answers of a function filter, also after layers change", function()
    local w, layers = collide.world(), {}
    local first, last = terrain(w, 16)
    -- walls standing on it, each a pair of triangles
    for _ = 1, 20 do
      local x, z = rnd_in(1, 15), rnd_in(1, 15)
      local a, b = V(x, -1, z), V(x + rnd_in(-2, 2), -1, z + rnd_in(-2, 2))
      local id1 = w:add_triangle(a, b, a + V(0, 3, 0))
      local id2 = w:add_triangle(b, b + V(0, 3, 0), a + V(0, 3, 0))
      layers[id1], layers[id2] = 2, 2
      w:set_layers(id1, 2)
      w:set_layers(id2, 2)
      last = id2
    end
    -- terrain: the west half layer 1, the east half layer 4, built first
    for id = first, first + 511 do
      local l = id - first < 256 and 1 or 4
      layers[id] = l
      w:set_layers(id, l)
    end
    check(w, layers, "built")
    -- layers of shapes already in the hierarchy: a stripe becomes 8 + 1,
    -- some walls 0, some terrain 2
    for id = first, first + 511, 7 do layers[id] = 9; w:set_layers(id, 9) end
    for id = first + 512, last, 3 do layers[id] = 0; w:set_layers(id, 0) end
    for id = first + 300, first + 340 do layers[id] = 2; w:set_layers(id, 2) end
    check(w, layers, "changed")
    -- mask 8: only the stripe
    for _ = 1, 20 do
      local c0 = V(rnd_in(0, 16), 4, rnd_in(0, 16))
      local hit, _, _, _, _, id = w:raycast(c0, c0 - V(0, 8, 0), 8)
      if hit then assert.are.equal(9, layers[id]) end
    end
    -- a removed and a re-placed shape leave the masks right
    w:remove(first + 1)
    layers[first + 1] = nil
    w:update(first + 2, V(3, 0, 3), V(4, 0, 3), V(3, 0, 4))
    check(w, layers, "removed")
  end)
end)
