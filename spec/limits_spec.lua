-- limits_spec.lua -- what a script passes past the module's limits gets an
-- error that names the limit, never undefined behaviour or an hour of work
-- (issue 27: F8 pairs, F9 polygon size and cost, F10 the memory of removed
-- shapes, F11 add_mesh naming the bad triangle). Passes on every backend:
-- the C API on Lua 5.1-5.4 and LuaJIT, and LuaJIT's FFI.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, math, pcall = assert, math, pcall
local collide = require "collide"
local V = collide.vec3

local function bad(name, n, msg)
  return ("bad argument #%d to '%s' (%s)"):format(n, name, msg)
end

local function fails(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, ("expected the error %q, got a result"):format(msg))
  assert.are.equal(msg, err)
end

describe("collide.sweep_pairs", function()
  describe("when more pairs touch than an array can hold", function()
    -- 65,537 coincident spheres: 2,147,516,416 pairs, over 2^31 (an int
    -- count overflowed and the core wrote below its array). The limit is
    -- 2^25 pairs (3 numbers each in the result: LuaJIT's largest array
    -- part is 2^27 + 1 slots); the error comes as soon as the count
    -- passes it.
    it("raises an error naming the limit", function()
      local s = {}
      for i = 1, 65537 do s[i] = V(0, 0, 0) end
      fails(bad("sweep_pairs", 2, "more than 33554432 pairs"),
        collide.sweep_pairs, 1, s, s)
    end)

    it("leaves a given out table as it was", function()
      local s = {}
      for i = 1, 65537 do s[i] = V(0, 0, 0) end
      local out = { 7, 8, 9 }
      assert.is_false(pcall(collide.sweep_pairs, 1, s, s, out))
      assert.are.same({ 7, 8, 9 }, out)
    end)
  end)

  describe("when many pairs touch, under the limit", function()
    it("returns every one of them", function()
      local s = {}
      for i = 1, 300 do s[i] = V(0, 0, 0) end
      local out, count = collide.sweep_pairs(1, s, s)
      assert.are.equal(300 * 299 / 2, count)
      assert.are.equal(3 * count, #out)
      assert.are.same({ 299, 300, 0 }, { out[#out - 2], out[#out - 1], out[#out] })
    end)
  end)
end)

describe("w:add_mesh", function()
  -- a strip of n triangles over 2n + 2 vertices, each with an area
  local function strip(n)
    local verts, ix = {}, {}
    for i = 0, n do
      verts[#verts + 1] = V(i, 0, 0)
      verts[#verts + 1] = V(i, 1, 0)
    end
    for t = 0, n - 1 do
      local a = 2 * t + 1
      ix[#ix + 1], ix[#ix + 2], ix[#ix + 3] = a, a + 1, a + 2
    end
    return verts, ix
  end

  describe("when one triangle of a large mesh is degenerate", function()
    it("names the triangle (1-based) and its three indices", function()
      local w = collide.world()
      local verts, ix = strip(200000)
      -- triangle 123456 made of one vertex twice
      ix[3 * 123455 + 3] = ix[3 * 123455 + 1]
      local a = ix[3 * 123455 + 1]
      fails(bad("add_mesh", 2, ("triangle 123456 (indices %d, %d, %d) is degenerate")
        :format(a, a + 1, a)), w.add_mesh, w, verts, ix)
      assert.are.equal(0, w:count())
    end)

    it("names a triangle whose corners are on one line", function()
      local w = collide.world()
      local verts = { V(0, 0), V(1, 0), V(0, 1), V(2, 0) }
      fails(bad("add_mesh", 2, "triangle 2 (indices 1, 2, 4) is degenerate"),
        w.add_mesh, w, verts, { 1, 2, 3, 1, 2, 4 })
    end)
  end)

  describe("when an index is out of range", function()
    it("names the triangle, its indices and the index at fault", function()
      local w = collide.world()
      local verts, ix = strip(1000)
      ix[3 * 700 + 2] = #verts + 1
      fails(bad("add_mesh", 2, ("triangle 701 (indices %d, %d, %d): index %d is out of range")
        :format(ix[3 * 700 + 1], #verts + 1, ix[3 * 700 + 3], #verts + 1)),
        w.add_mesh, w, verts, ix)
      assert.are.equal(0, w:count())
    end)

    it("reports a bad index before a degenerate triangle, as the first bad one", function()
      local w = collide.world()
      local verts = { V(0, 0), V(1, 0), V(0, 1) }
      fails(bad("add_mesh", 2, "triangle 2 (indices 1, -3, 3): index -3 is out of range"),
        w.add_mesh, w, verts, { 1, 1, 2, 1, -3, 3, 7, 1, 2 })
    end)

    it("writes huge indices as numbers", function()
      local w = collide.world()
      local verts = { V(0, 0), V(1, 0), V(0, 1) }
      fails(bad("add_mesh", 2, "triangle 1 (indices 1, 1e+300, 3): index 1e+300 is out of range"),
        w.add_mesh, w, verts, { 1, 1e300, 3 })
    end)
  end)
end)

describe("large polygons", function()
  local function ngon(n, r)
    local t = {}
    for i = 0, n - 1 do
      local a = 2 * math.pi * i / n
      t[i + 1] = V(r * math.cos(a), r * math.sin(a), 0)
    end
    return t
  end

  describe("of more than 65,536 vertices", function()
    it("are an error naming the limit, for collide.polygon", function()
      fails(bad("polygon", 1, "polygon has more than 65536 vertices"),
        collide.polygon, ngon(65537, 1000))
    end)

    it("are an error naming the limit, for add_polygon and update", function()
      local w = collide.world()
      local big = ngon(65537, 1000)
      fails(bad("add_polygon", 1, "polygon has more than 65536 vertices"),
        w.add_polygon, w, big)
      local id = w:add_polygon(ngon(5, 1))
      fails(bad("update", 2, "polygon has more than 65536 vertices"),
        w.update, w, id, big)
      assert.are.equal(1, w:count())
    end)
  end)

  describe("of 65,536 vertices", function()
    -- Validation is O(n log n): these took minutes when it was O(n^2)
    -- (a 30,000-gon: 2.5 s to make, 52 s to add and advance).
    it("are made, added, moved and queried", function()
      local verts = ngon(65536, 1000)
      local p = collide.polygon(verts)
      assert.are.equal(65536, #p:vertices())
      local w = collide.world()
      local id = w:add_polygon(p)
      w:set_velocity(id, V(0, 0, 1))
      w:advance()
      local hit, u, _, _, _, hid = w:raycast(V(0, 0, 10), V(0, 0, -10))
      assert.is_true(hit)
      assert.are.equal(id, hid)
      assert.are.equal(0.45, u)
    end)

    it("are refused with the same reasons as small ones", function()
      local verts = ngon(65536, 1000)
      verts[40000] = verts[12345]
      fails(bad("polygon", 1, "polygon has repeated vertices"), collide.polygon, verts)
      verts = ngon(65536, 1000)
      verts[40000] = V(verts[40000].x * 1.001, verts[40000].y * 1.001, 0)
      fails(bad("polygon", 1, "polygon is not convex"), collide.polygon, verts)
      verts = ngon(65536, 1000)
      verts[40000] = V(verts[40000].x, verts[40000].y, 1e-3)
      fails(bad("polygon", 1, "polygon is not planar"), collide.polygon, verts)
      verts = ngon(65536, 1000)
      verts[100], verts[30000] = verts[30000], verts[100]
      fails(bad("polygon", 1, "polygon is not convex"), collide.polygon, verts)
    end)
  end)
end)

describe("a world whose shapes come and go", function()
  -- The id table once grew by an entry per id ever given (2*10^7
  -- add/remove pairs: 78 MB kept for an empty world); its pages now go
  -- once all their ids were removed (tests/c/test_limits.c measures the
  -- bytes). Ids are still never reused.
  it("never reuses an id, and answers for every id, old and new", function()
    local w = collide.world()
    local keep = w:add_sphere(V(100, 0, 0), 1, "kept")
    local last
    for i = 1, 100000 do
      last = w:add_sphere(V(0, 0, 0), 1, i)
      assert(last == i + 1)
      if i % 10000 == 0 then w:build() end
      assert(w:remove(last))
    end
    assert.are.equal(1, w:count())
    assert.is_nil(w:data(last))
    assert.is_false(w:remove(5000))
    assert.are.equal("kept", w:data(keep))
    local id = w:add_aabb(V(0, 0, 0), V(1, 1, 1))
    assert.are.equal(100002, id)
    local ids = {}
    for sid in w:shapes() do ids[#ids + 1] = sid end
    assert.are.same({ keep, id }, ids)
  end)
end)
