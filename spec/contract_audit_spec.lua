-- contract_audit_spec.lua -- statements of the API contract
-- (/work/shared/collide-api.md) that no other spec pins, checked as an
-- acceptance test written from the contract alone would check them, on
-- every Lua and backend the suite runs on. Where another spec already
-- checks a statement precisely (hostile_spec: argument errors of the
-- single-shape queries; backend_spec: both backends alike), it is not
-- repeated here.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, collectgarbage, ipairs, next, pcall = assert, collectgarbage, ipairs, next, pcall
local select, setmetatable, tostring, type = select, setmetatable, tostring, type
local collide = require "collide"
local V = collide.vec3

-- ---- movers: ground that the mover exactly touches ------------------------
-- Contact is closed (touching counts), so a mover resting exactly on a
-- floor (a sphere of radius r at height r, as a game spawns it) is on the
-- ground: grounded, with that floor as `ground`, and grounded at the start
-- for snap. The ground probe once started at the mover itself and took a
-- floor it merely touched (met at u = 0) for a shape the mover is in.

describe("a mover resting exactly on the ground", function()
  local up = V(0, 1, 0)
  local MOVERS = {
    { "sphere", function(w, a, b, o) return w:move_sphere(0.5, a, b, o) end },
    { "box", function(w, a, b, o) return w:move_aabb(V(0.5, 0.5, 0.5), a, b, o) end },
    { "capsule", function(w, a, b, o) return w:move_capsule(0.5, V(0, 0, 0), a, b, o) end },
  }
  for _, m in ipairs(MOVERS) do
    local name, move = m[1], m[2]

    it(name .. ": is grounded on it, moving or not, and names it as ground", function()
      for _, floor in ipairs({
        function(w) return w:add_aabb(V(0, -1), V(100, 1, 100)) end,
        function(w) return w:add_plane(collide.plane(up, 0)) end,
        function(w) return w:add_triangle(V(-50, 0, -50), V(50, 0, -50), V(0, 0, 50)) end,
      }) do
        local w = collide.world()
        local id = floor(w)
        for _, to in ipairs({ V(0, 0.5), V(3, 0.5), V(3, 0.25) }) do
          local pos, _, grounded, _, ground = move(w, V(0, 0.5), to, { up = up })
          assert.is_true(grounded)
          assert.are.equal(0.5, pos.y)
          assert.is_table(ground)
          assert.are.equal(id, ground.id)
          assert.are.equal(V(0, 1, 0), ground.normal)
        end
      end
    end)

    it(name .. ": snaps down when it walks off a ledge it stood exactly on", function()
      local w = collide.world()
      local floor = w:add_aabb(V(0, -1), V(100, 1, 100))
      w:add_aabb(V(0, 0.15), V(1, 0.15, 100))   -- a ledge 0.3 high, x in [-1, 1]
      local pos, _, grounded, _, ground = move(w, V(0.9, 0.8), V(1.9, 0.8),
        { up = up, snap = 0.5 })
      assert.is_true(grounded)
      assert.are.equal(floor, ground.id)
      assert.is_true(pos.y < 0.51 and pos.y >= 0.5)
    end)
  end
end)

-- ---- 2D: a mover that starts inside a flat obstacle ------------------------
-- "a mover that starts inside it is pushed out across its nearest edge",
-- and "feature" names the obstacle's feature touched: the edge crossed. A
-- capsule whose axis is parallel to that edge once named a "vertex" (the
-- push perpendicular to the axis, tried first, tied with the edge's).

describe("a mover starting inside a flat obstacle in the plane of a 2D game", function()
  local square = collide.polygon({ V(0, 0), V(4, 0), V(4, 4), V(0, 4) })
  local A, B, C = V(0, 0), V(4, 0), V(0, 4)
  local E = V(0.25, 0.25, 0)

  it("is pushed out across the nearest edge, which the feature names", function()
    -- the square: the nearest edge is x = 4; the triangle: x = 0
    local c, d = V(3.5, 2), V(0.01, 0.02)
    local t, dt = V(1, 1.5), V(0.01, 0.02)
    local cases = {
      { V(1, 0, 0), collide.sweep_sphere_polygon(0.25, c, c + d, square) },
      { V(1, 0, 0), collide.sweep_aabb_polygon(E, c, c + d, square) },
      { V(1, 0, 0), collide.sweep_capsule_polygon(0.25, V(0, 0.5), c, c + d, square) },
      { V(1, 0, 0), collide.sweep_capsule_polygon(0.25, V(0, 0.5), c, c, square) },
      { V(1, 0, 0), collide.sweep_capsule_aabb(0.25, V(0, 0.5), c, c + d, V(2, 2), V(2, 2, 0)) },
      { V(-1, 0, 0), collide.sweep_sphere_triangle(0.25, t, t + dt, A, B, C) },
      { V(-1, 0, 0), collide.sweep_aabb_triangle(E, t, t + dt, A, B, C) },
      { V(-1, 0, 0), collide.sweep_capsule_triangle(0.25, V(0, 0.5), t, t + dt, A, B, C) },
      { V(-1, 0, 0), collide.sweep_capsule_triangle(0.25, V(0, 0.5), t, t, A, B, C) },
    }
    for i, r in ipairs(cases) do
      local want, hit, u, point, normal, feature = r[1], r[2], r[3], r[4], r[5], r[6]
      assert.is_true(hit, "case " .. i)
      assert.are.equal(0, u)
      assert.are.equal(0, point.z)
      assert.are.same({ want:unpack() }, { normal.x + 0, normal.y + 0, normal.z + 0 })
      assert.are.equal("edge", feature, "case " .. i)
    end
  end)
end)

-- ---- LuaJIT: a NULL pointer is a value, not a missing argument -------------
-- On LuaJIT a NULL pointer cdata compares equal to nil, so the FFI backend,
-- testing arguments with `x == nil`, took one for an absent out-vector,
-- filter, options table or z, and dropped it as a shape's data; the C-API
-- backend (and the contract: a wrong type is an error) rejects it as the
-- cdata it is.

local has_ffi, ffi = pcall(require, "ffi")
if has_ffi then
  describe("a NULL pointer cdata given as an argument", function()
    local NULL = ffi.cast("void *", 0)
    local plane = collide.plane(V(0, 1, 0), 0)
    local function fails(msg, f, ...)
      local ok, e = pcall(f, ...)
      assert.is_false(ok)
      assert.are.equal(msg, e)
    end

    it("is a cdata of the wrong type wherever a value is optional", function()
      fails("bad argument #5 to 'sweep_sphere_plane' (vec3 (out-vector) expected, got cdata)",
        collide.sweep_sphere_plane, 0.5, V(0, 3), V(0, -3), plane, NULL)
      fails("bad argument #4 to 'lerp' (vec3 (out-vector) expected, got cdata)",
        collide.lerp, V(0, 0), V(1, 1), 0.5, NULL)
      fails("bad argument #3 to 'vec3' (number expected, got cdata)", V, 1, 2, NULL)
      fails("bad argument #3 to 'set' (number expected, got cdata)", V(1, 2).set, V(1, 2), 1, 2,
        NULL)
      fails("bad argument #1 to 'lerp' (vec3 expected, got table with non-number z)",
        collide.lerp, { 1, 2, NULL }, V(1, 1), 0.5)
      local w = collide.world()
      local id = w:add_sphere(V(0, 0), 1)
      fails("bad argument #3 to 'raycast' (function or mask expected, got cdata)",
        w.raycast, w, V(-5, 0), V(5, 0), NULL)
      fails("bad argument #3 to 'overlap_sphere' (function or mask expected, got cdata)",
        w.overlap_sphere, w, V(0, 0), 1, NULL)
      fails("bad argument #4 to 'move_sphere' (table expected, got cdata)",
        w.move_sphere, w, 0.5, V(-5, 0), V(5, 0), NULL)
      fails("bad argument #4 to 'move_sphere' (options.up: vec3 expected, got cdata)",
        w.move_sphere, w, 0.5, V(-5, 0), V(5, 0), { up = NULL })
      fails("bad argument #5 to 'move_sphere' (vec3 (out-vector) expected, got cdata)",
        w.move_sphere, w, 0.5, V(-5, 0), V(5, 0), nil, NULL)
      fails("bad argument #5 to 'sweep_sphere' (vec3 (out-vector) expected, got cdata)",
        w.sweep_sphere, w, 0.5, V(-5, 0), V(5, 0), nil, NULL)
      fails("bad argument #2 to 'velocity' (vec3 (out-vector) expected, got cdata)",
        w.velocity, w, id, NULL)
      fails("bad argument #4 to 'sweep_pairs' (table expected, got cdata)",
        collide.sweep_pairs, 1, { V(0, 0) }, { V(0, 0) }, NULL)
    end)

    it("is kept as a shape's data", function()
      local w = collide.world()
      local id = w:add_sphere(V(0, 0), 1, NULL)
      local first = w:add_mesh({ V(0, 0), V(1, 0), V(0, 1) }, { 1, 2, 3 }, NULL)
      for _, i in ipairs({ id, first }) do
        assert.are.equal("cdata", type(w:data(i)))
      end
      for _, _, data in w:shapes() do assert.are.equal("cdata", type(data)) end
    end)
  end)
end

-- ---- out-vectors and rejected calls (docs/guarantees.md) ---------------

describe("out-vectors of a call that raises", function()
  local plane = collide.plane(V(0, 1, 0), 0)

  it("are untouched when an argument is rejected", function()
    local P, N = V(7, 7, 7), V(8, 8, 8)
    assert.is_false(pcall(collide.sweep_sphere_plane, -1, V(0, 3), V(0, -3), plane, P, N))
    assert.is_false(pcall(collide.sweep_sphere_plane, 0.5, V(0, 3), V(0 / 0, -3), plane, P, N))
    local w = collide.world()
    w:add_sphere(V(0, 0), 1)
    assert.is_false(pcall(w.sweep_sphere, w, 0.5, V(-5, 0), V(5, 0), "f", P, N))
    assert.is_false(pcall(w.move_sphere, w, 0.5, V(-5, 0), V(5, 0), { bogus = 1 }, P, N))
    assert.are.equal(V(7, 7, 7), P)
    assert.are.equal(V(8, 8, 8), N)
  end)

  -- (they were filled before the bad one was noticed, when it was noticed
  -- only on a hit; issue 31 checks them all before the query runs)
  it("are left as they were when a later one is bad, on both backends alike", function()
    local P = V(7, 7, 7)
    local ok, e = pcall(collide.sweep_sphere_plane, 0.5, V(0, 3), V(0, -3), plane, P, "n")
    assert.is_false(ok)
    assert.are.equal(
      "bad argument #6 to 'sweep_sphere_plane' (vec3 (out-vector) expected, got string)", e)
    assert.are.equal(V(7, 7, 7), P)
  end)
end)

-- ---- add_mesh: indices that are not integers, or out of every range --------
-- An index is an integer when it is whole and finite; the C binding once
-- tested x != (long long) x, undefined behaviour for 1e300 or an infinity,
-- and the two backends named such indices differently.

describe("w:add_mesh with extreme indices", function()
  local verts = { V(0, 0), V(1, 0), V(0, 1) }
  local function message(x)
    local w = collide.world()
    local ok, e = pcall(w.add_mesh, w, verts, { x, 2, 3 })
    assert.is_false(ok)
    assert.are.equal(0, w:count())
    return e
  end

  it("names what is not a whole, finite number as not an integer", function()
    for _, x in ipairs({ 1 / 0, -1 / 0, 0 / 0, 2.5, 1e-300 }) do
      assert.are.equal("bad argument #2 to 'add_mesh' (integer expected at index 1, got number)",
        message(x))
    end
  end)

  it("names a whole number past the vertices as out of range", function()
    for _, x in ipairs({ 1e300, -1e300, 2 ^ 63, 2 ^ 53, 2 ^ 31, 0, -0.0, 4 }) do
      local n = ("%.14g"):format(x)
      assert.are.equal(("bad argument #2 to 'add_mesh' (triangle 1 (indices %s, 2, 3): "
        .. "index %s is out of range)"):format(n, n), message(x))
    end
  end)
end)

-- ---- planes and polygons cannot be changed from plain Lua ------------------
-- Queries rely on a plane's unit normal and on a polygon's validation at
-- construction. On the FFI backend the objects are cdata whose fields a
-- script can reach; LuaJIT kept the const of `const collide_plane pl` off
-- the members of the normal nested in it, so pl.pl.normal.y = 0 and
-- poly.poly.plane.normal.x = 1 went through and the queries then answered
-- for another plane (a ray through the square missed it).

describe("a plane or polygon after a script tries to write into it", function()
  local function try(f) pcall(f) end

  it("answers as before", function()
    local pl = collide.plane(V(0, 1, 0), 0)
    local poly = collide.polygon({ V(0, 0), V(1, 0), V(1, 1), V(0, 1) })
    local function answers()
      return {
        { collide.sweep_sphere_plane(0.5, V(0, 3), V(0, -3), pl) },
        { collide.raycast_polygon(V(0.5, 0.5, 3), V(0.5, 0.5, -3), poly) },
        { collide.sweep_sphere_polygon(0.5, V(0.5, 0.5, 3), V(0.5, 0.5, -3), poly) },
        tostring(pl), tostring(poly.plane), tostring(poly:vertices()[1]), pl.d,
      }
    end
    local before = answers()
    try(function() pl.pl.normal.y = 0 end)
    try(function() pl.pl.d = 5 end)
    try(function() pl.nx_ = 1 end)
    try(function() pl.d_ = 5 end)
    try(function() pl.normal.y = 0 end)
    try(function() poly.poly.plane.normal.x = 1 end)
    try(function() poly.poly.plane.normal.z = 0 end)
    try(function() poly.poly.plane.nx_ = 1 end)
    try(function() poly.poly.plane.nz_ = 0 end)
    try(function() poly.poly.count = 1 end)
    try(function() poly.poly.vertices[0].x = 9 end)
    try(function() poly.v[0].x = 9 end)
    try(function() poly.plane.normal.z = 0 end)
    assert.are.same(before, answers())
    local w = collide.world()
    local id = w:add_polygon(poly)
    assert.are.equal(id, select(6, w:raycast(V(0.5, 0.5, 3), V(0.5, 0.5, -3))))
  end)
end)

-- ---- a world whose data refer back to it is collected -----------------------
-- "data is any Lua value kept with the shape": a game's entity that knows
-- its world is such a value. On the FFI backend the data lived in a table
-- keyed weakly by the world, whose values held the world and so the key:
-- LuaJIT has no ephemerons, and no such world was ever collected (nor its
-- C memory freed).

describe("a world whose shapes' data refer to the world", function()
  it("is collected once unreachable", function()
    local alive = setmetatable({}, { __mode = "k" })
    for i = 1, 20 do
      local w = collide.world()
      local entity = { world = w }
      w:add_sphere(V(i, 0), 1, entity)
      w:add_mesh({ V(0, 0), V(1, 0), V(0, 1) }, { 1, 2, 3 }, { w })
      alive[w] = true
    end
    collectgarbage()
    collectgarbage()
    assert.is_nil(next(alive))
  end)
end)
