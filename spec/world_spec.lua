-- spec/world_spec.lua -- collide.world(): shapes, ids, data, queries, and
-- collide.sweep_pairs; world answers checked against brute force.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, getmetatable, ipairs, math = assert, error, getmetatable, ipairs, math
local next, pcall, rawget, type = next, pcall, rawget, type
local collide = require "collide"
local V = collide.vec3

-- A deterministic random source, the same on every Lua: Park and Miller's
-- minimal standard generator, whose products stay exact in doubles.
local seed = 12345
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function rnd_in(a, b) return a + (b - a) * rnd() end
local function rnd_vec(s) return V(rnd_in(-s, s), rnd_in(-s, s), rnd_in(-s, s)) end

describe("collide.world", function()
  describe("when shapes are added and removed", function()
    it("starts empty", function()
      assert.are.equal(0, collide.world():count())
    end)

    it("gives increasing ids that are never reused", function()
      local w = collide.world()
      local a = w:add_sphere(V(0, 0), 1)
      local b = w:add_aabb(V(5, 0), V(1, 1, 1))
      assert.are.equal(1, a)
      assert.are.equal(2, b)
      assert.is_true(w:remove(a))
      assert.is_false(w:remove(a))
      assert.are.equal(3, w:add_segment(V(0, 0), V(1, 0)))
      assert.are.equal(2, w:count())
    end)

    it("keeps any Lua value with a shape until it is removed", function()
      local w, t = collide.world(), {}
      local id = w:add_triangle(V(0, 0), V(1, 0), V(0, 1), t)
      local id2 = w:add_plane(collide.plane(V(0, 1), 0), "floor")
      assert.are.equal(t, w:data(id))
      assert.are.equal("floor", w:data(id2))
      w:remove(id)
      assert.is_nil(w:data(id))
      assert.is_nil(w:data(99))
    end)

    it("accepts tables as vectors and an array of points as a polygon", function()
      local w = collide.world()
      local id = w:add_polygon({{0, 0}, {4, 0}, {4, 4}, {0, 4}})
      local hit, u, _, _, _, hid = w:raycast({1, 1, 5}, {1, 1, -5})
      assert.is_true(hit)
      assert.are.equal(0.5, u)
      assert.are.equal(id, hid)
    end)

    it("rejects bad shapes with the standard messages", function()
      local w = collide.world()
      assert.has_error(function() w:add_sphere(V(0, 0), -1) end,
        "bad argument #2 to 'add_sphere' (negative radius)")
      assert.has_error(function() w:add_triangle(V(0, 0), V(1, 0), V(2, 0)) end,
        "bad argument #1 to 'add_triangle' (degenerate triangle)")
      assert.has_error(function() w:add_aabb(V(0, 0), V(1, -1, 1)) end,
        "bad argument #2 to 'add_aabb' (negative extent)")
      assert.has_error(function() w:add_segment(V(0 / 0, 0), V(1, 0)) end,
        "bad argument #1 to 'add_segment' (vec3 has a NaN component)")
      assert.has_error(function() w:sweep_sphere(1, V(0, 0)) end,
        "bad argument #3 to 'sweep_sphere' (vec3 expected, got nil)")
      assert.has_error(function() w:raycast(V(0, 0), V(1, 0), "5") end,
        "bad argument #3 to 'raycast' (function or mask expected, got string)")
      assert.has_error(function() w:raycast(V(0, 0), V(1, 0), -1) end,
        "bad argument #3 to 'raycast' (mask must be an integer in [0, 2^31))")
      assert.are.equal(0, w:count())
    end)
  end)

  describe("sweep_sphere and raycast", function()
    --      |1  |2        a sphere moving right meets wall 1 first
    --  o-> |   |
    local w = collide.world()
    local w1 = w:add_segment(V(5, -10), V(5, 10), "near")
    local w2 = w:add_segment(V(8, -10), V(8, 10), "far")

    it("return the first contact over all shapes, with its id", function()
      local hit, u, p, n, feature, id = w:sweep_sphere(1, V(0, 0), V(10, 0))
      assert.is_true(hit)
      assert.are.equal(0.4, u)
      assert.are.equal(V(5, 0), p)
      assert.are.equal(V(-1, 0), n)
      assert.are.equal("edge", feature)
      assert.are.equal(w1, id)
      hit, u, p, n, feature, id = w:raycast(V(0, 0), V(10, 0))
      assert.is_true(hit)
      assert.are.equal(0.5, u)
      assert.are.equal(V(5, 0), p)
      assert.are.equal(V(-1, 0), n)
      assert.are.equal(w1, id)
      assert.are.equal("edge", feature)
    end)

    it("return false alone when nothing is touched", function()
      assert.are.same({false}, {w:sweep_sphere(1, V(0, 20), V(10, 20))})
      assert.are.same({false}, {w:raycast(V(0, 0), V(4, 0))})
    end)

    it("ask the filter with id and data, and skip what it refuses", function()
      local asked = {}
      local hit, _, _, _, _, id = w:sweep_sphere(1, V(0, 0), V(10, 0),
        function(_, data) asked[#asked + 1] = data; return data ~= "near" end)
      assert.is_true(hit)
      assert.are.equal(w2, id)
      assert.are.same({"near", "far"}, asked)
    end)

    it("pass a filter's error on, and stay usable", function()
      assert.has_error(function()
        w:raycast(V(0, 0), V(10, 0), function() error("nope", 0) end)
      end, "nope")
      local id = w:add_sphere(V(100, 100), 1)
      assert.is_true(w:remove(id))
    end)

    it("refuse changes to the world from inside a filter", function()
      assert.has_error(function()
        w:raycast(V(0, 0), V(10, 0), function() w:add_sphere(V(0, 0), 1) end)
      end, "add_sphere: world is locked during a query")
    end)

    it("write into out-vectors when given", function()
      local po, no = V(), V()
      local _, _, p, n = w:sweep_sphere(1, V(0, 0), V(10, 0), nil, po, no)
      assert.are.equal(po, p)
      assert.are.equal(no, n)
      assert.are.equal(V(-1, 0), no)
    end)

    it("break ties by the lowest id", function()
      local t = collide.world()
      t:add_sphere(V(50, 50), 1)
      local a = t:add_triangle(V(0, 0, 0), V(4, 0, 0), V(0, 4, 0))
      t:add_triangle(V(0, 0, 0), V(4, 0, 0), V(0, 4, 0))
      local _, _, _, _, _, id = t:sweep_sphere(0.5, V(1, 1, 3), V(1, 1, -3))
      assert.are.equal(a, id)
    end)

    it("call the filter only for shapes near the query", function()
      local t, calls = collide.world(), 0
      for i = 1, 1000 do t:add_sphere(V(i * 10, 0), 1) end
      assert.is_false((t:sweep_sphere(1, V(5005, 5), V(5005, -5),
        function() calls = calls + 1; return true end)))
      local hit, _, _, _, _, id = t:raycast(V(4995, 0), V(5100, 0),
        function() calls = calls + 1; return true end)
      assert.is_true(hit)
      assert.are.equal(500, id)
      assert.is_true(calls <= 2)
    end)
  end)

  describe("overlap_sphere", function()
    it("lists the ids of the shapes touching the sphere, ascending", function()
      local w = collide.world()
      local a = w:add_aabb(V(0, 0), V(1, 1, 1))
      w:add_sphere(V(10, 0), 1)
      local c = w:add_segment(V(-5, 2), V(5, 2))  -- touched exactly
      local d = w:add_plane(collide.plane(V(0, 1), 3))
      assert.are.same({a, c}, w:overlap_sphere(V(0, 1), 1))
      assert.are.same({a, c, d}, w:overlap_sphere(V(0, 0), 3))
      assert.are.same({}, w:overlap_sphere(V(0, 50), 1))
    end)
  end)

  describe("against brute force", function()
    -- The world's answer must be the first of the single-shape answers over
    -- every live shape (lowest id on ties), whatever the broadphase does.
    local function random_world(n, scale)
      local w, shapes = collide.world(), {}
      for _ = 1, n do
        local k, c, s = math.floor(rnd() * 5), rnd_vec(scale), scale * 0.1
        local sh
        if k == 0 then
          sh = {kind = "triangle", c, c + rnd_vec(s), c + rnd_vec(s)}
          sh.id = w:add_triangle(sh[1], sh[2], sh[3])
        elseif k == 1 then
          sh = {kind = "aabb", c, V(rnd_in(0, s), rnd_in(0, s), rnd_in(0, s))}
          sh.id = w:add_aabb(sh[1], sh[2])
        elseif k == 2 then
          sh = {kind = "sphere", c, rnd_in(0, s)}
          sh.id = w:add_sphere(sh[1], sh[2])
        elseif k == 3 then
          sh = {kind = "segment", c, c + rnd_vec(s)}
          sh.id = w:add_segment(sh[1], sh[2])
        else
          local e = rnd_in(0.1, s)
          sh = {kind = "polygon", collide.polygon({c + V(e, 0, e), c + V(0, e, 0),
                                                   c + V(-e, 0, -e), c + V(0, -e, 0)})}
          sh.id = w:add_polygon(sh[1])
        end
        shapes[#shapes + 1] = sh
      end
      return w, shapes
    end

    -- One shape's answer: hit, u, point, normal, feature (point and normal
    -- nil where the world derives its own: a sphere's sweep, a segment's ray).
    local function single(sh, ray, r, c0, c1)
      local k = sh.kind
      if ray then
        if k == "segment" then
          local hit, u, p = collide.sweep_sphere_segment(0, c0, c1, sh[1], sh[2])
          return hit, u, p
        end
        return collide["raycast_" .. k](c0, c1, sh[1], sh[2], sh[3])
      end
      if k == "sphere" then return collide.sweep_sphere_sphere(r, c0, c1, sh[2], sh[1], sh[1]) end
      return collide["sweep_sphere_" .. k](r, c0, c1, sh[1], sh[2], sh[3])
    end

    local function brute(shapes, ray, filter, r, c0, c1)
      local best
      for _, sh in ipairs(shapes) do
        if not sh.removed and (not filter or filter(sh.id)) then
          local hit, u, p, n, f = single(sh, ray, r, c0, c1)
          if hit and (not best or u < best.u) then
            best = {u = u, p = p, n = n, f = f, id = sh.id, kind = sh.kind}
          end
        end
      end
      return best
    end

    local hits = 0
    local function agree(best, hit, u, p, n, f, id)
      if not best then
        assert.is_false(hit)
        return
      end
      hits = hits + 1
      assert.are.same({true, best.u, best.id}, {hit, u, id})
      if best.kind ~= "sphere" and best.p then
        assert.are.equal(best.p, p)
        if best.n then assert.are.same({best.n, best.f}, {n, f}) end
      end
    end

    for round = 1, 4 do
      it("agree on random worlds and queries (round " .. round .. ")", function()
        local scale = ({10, 100, 1000, 5})[round]
        local w, shapes = random_world(300, scale)
        for i = 1, #shapes, 7 do   -- some removed
          assert.is_true(w:remove(shapes[i].id))
          shapes[i].removed = true
        end
        local filter = function(id) return id % 4 ~= 1 end
        hits = 0
        for _ = 1, 60 do
          local c0 = rnd_vec(scale * 1.2)
          local c1 = rnd() < 0.5 and rnd_vec(scale * 1.2) or c0 + rnd_vec(scale * 0.05)
          local r = rnd() < 0.1 and 0 or rnd_in(0, scale * 0.1)
          agree(brute(shapes, false, nil, r, c0, c1), w:sweep_sphere(r, c0, c1))
          agree(brute(shapes, true, nil, 0, c0, c1), w:raycast(c0, c1))
          agree(brute(shapes, false, filter, r, c0, c1), w:sweep_sphere(r, c0, c1, filter))
          agree(brute(shapes, true, filter, 0, c0, c1), w:raycast(c0, c1, filter))
          local ids = {}
          for _, sh in ipairs(shapes) do
            if not sh.removed and single(sh, false, r, c0, c0) then ids[#ids + 1] = sh.id end
          end
          assert.are.same(ids, w:overlap_sphere(c0, r))
        end
        assert.is_true(hits > 40)   -- the queries do meet shapes
      end)
    end
  end)
end)

describe("collide.sweep_pairs", function()
  it("finds every touching pair, in (i, j) order, with u0", function()
    local n, radii, s0, s1 = 120, {}, {}, {}
    for i = 1, n do
      radii[i] = rnd_in(0, 2)
      s0[i] = rnd_vec(30)
      s1[i] = s0[i] + rnd_vec(10)
    end
    local out, count = collide.sweep_pairs(radii, s0, s1)
    local k = 0
    for i = 1, n do
      for j = i + 1, n do
        local hit, u0 = collide.sweep_sphere_sphere(radii[i], s0[i], s1[i], radii[j], s0[j], s1[j])
        if hit then
          assert.are.same({i, j, u0}, {out[3 * k + 1], out[3 * k + 2], out[3 * k + 3]})
          k = k + 1
        end
      end
    end
    assert.is_true(k > 0)
    assert.are.equal(k, count)
    assert.are.equal(3 * k, #out)
  end)

  it("takes one radius for all and reuses an out table, clearing the rest", function()
    local out = {9, 9, 9, 9, 9, 9, 9, 9, 9}
    --  0->      <-1      2 (far)
    local res, count = collide.sweep_pairs(1, {V(0, 0), V(10, 0), V(100, 0)},
                                           {V(10, 0), V(0, 0), V(100, 0)}, out)
    assert.are.equal(out, res)
    assert.are.equal(1, count)
    assert.are.same({1, 2, 0.4}, out)
  end)

  it("rejects bad input", function()
    assert.has_error(function() collide.sweep_pairs(-1, {V(0, 0)}, {V(0, 0)}) end,
      "bad argument #1 to 'sweep_pairs' (negative radius)")
    assert.has_error(function() collide.sweep_pairs(1, {V(0, 0)}, {}) end,
      "bad argument #3 to 'sweep_pairs' (starts and ends differ in length)")
    -- a bad element names its array and its index
    assert.has_error(function() collide.sweep_pairs(1, {V(0, 0), "p"}, {V(0, 0), V(1, 1)}) end,
      "bad argument #2 to 'sweep_pairs' (vec3 expected at index 2, got string)")
    assert.has_error(function() collide.sweep_pairs(1, {V(0, 0)}, {{1}}) end,
      "bad argument #3 to 'sweep_pairs' (vec3 expected at index 1, got table)")
    local two = {V(0, 0), V(1, 0)}
    assert.has_error(function() collide.sweep_pairs({1, "r"}, two, two) end,
      "bad argument #1 to 'sweep_pairs' (array of numbers expected)")
  end)

  it("names a bad vertex of a polygon given as an array", function()
    local w = collide.world()
    assert.has_error(function() w:add_polygon({{0, 0}, {4, 0}, {x = 4}}) end,
      "bad argument #1 to 'add_polygon' (vec3 expected at index 3, got table)")
    assert.has_error(function() w:add_polygon({{0, 0}, {4, 0}, {4, 4}, false}, "data") end,
      "bad argument #1 to 'add_polygon' (vec3 expected at index 4, got boolean)")
  end)
end)

describe("a world's finalizer", function()
  -- A script cannot reach a world's __gc: its metatable is protected. The
  -- debug library still reaches it; even then it must not be a way to free
  -- memory twice, free another object, or pull a world out from under a
  -- running query.
  it("cannot be misused from Lua", function()
    local w = collide.world()
    assert.are.equal("string", type(getmetatable(w)))
    local mt = debug.getmetatable(w)
    if collide.backend == "ffi" then
      -- a world is a table whose core pointer, with its finalizer
      -- (ffi.gc), is kept out of reach: not in the world object, and no
      -- __gc in its metatable
      assert.is_nil(rawget(mt, "__gc"))
      assert.is_nil(next(w, next(w)))   -- (one raw field: the data)
      return
    end
    local gc = mt.__gc
    assert.has_error(function() gc(V(1, 2, 3)) end,
      "bad argument #1 to '__gc' (world expected, got vec3)")
    assert.has_error(function() gc({}) end,
      "bad argument #1 to '__gc' (world expected, got table)")
    w:add_sphere(V(0, 0), 1)
    local ok, err = pcall(w.sweep_sphere, w, 1, V(-5, 0), V(5, 0), function()
      gc(w)
      return true
    end)
    assert.is_false(ok)
    assert.is_truthy(err:find("__gc: world is locked during a query", 1, true))
    assert.are.equal(1, w:count())      -- the world survived
    gc(w)
    gc(w)                                -- twice is harmless
    assert.has_error(function() w:count() end,
      "calling 'count' on bad self (world is closed)")
  end)
end)
