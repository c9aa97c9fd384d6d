-- hostile_spec.lua -- every public function and method called with what a
-- careless or hostile caller passes: wrong types, missing and extra
-- arguments, NaN, infinities, magnitudes past the 1e50 limit, negative
-- sizes, zero-length normals, degenerate shapes, vectors of the wrong kind,
-- out-vectors of the wrong kind, methods on the wrong self. Each call must
-- either raise an error whose message names the argument (pinned exactly
-- here, so every backend -- the C API and the LuaJIT FFI -- words them the
-- same) or return a sane answer (u in [0, 1], finite vectors, unit normal,
-- a known feature).
--
-- The calls are generated from one signature table, so a function added to
-- the module gets the whole treatment by adding one line; functions not
-- in the module fail their "exists" spec.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, collectgarbage, error, getmetatable = assert, collectgarbage, error, getmetatable
local ipairs, math, pcall, rawequal, select = ipairs, math, pcall, rawequal, select
local setmetatable, table, tostring, type = setmetatable, table, tostring, type
local collide = require "collide"
local size = dofile("spec/support/size.lua")
local vec3 = collide.vec3

local NAN, INF = 0 / 0, math.huge
local unpack = table.unpack or unpack -- luacheck: ignore 143

-- ---- helpers ---------------------------------------------------------------

local function pack(...) return { n = select("#", ...), ... } end

local function bad(name, n, msg)
  return ("bad argument #%d to '%s' (%s)"):format(n, name, msg)
end

-- Calls f with the n values of args; expects exactly the error msg.
local function raises(msg, f, args)
  local r = pack(pcall(f, unpack(args, 1, args.n)))
  assert(not r[1], ("expected the error %q, got a result"):format(msg))
  assert.are.equal(msg, r[2])
end

local function finite(x) return type(x) == "number" and x == x and x > -INF and x < INF end

local function sane_vec(v)
  return collide.is_vec3(v) and finite(v.x) and finite(v.y) and finite(v.z)
end

local features = { face = true, edge = true, vertex = true }

-- Result shapes: "hit" = false | true, u, point, normal, feature;
-- "interval" = false | true, u0, u1; "box" = false | true, u0, u1, normal;
-- "bool" = true | false; "vec" = a vec3; "plane" / "polygon" = the object.
local function assert_sane(kind, r, what)
  what = what or ""
  if kind == "hit" then
    assert(type(r[1]) == "boolean", "first result not a boolean " .. what)
    if not r[1] then assert(r.n == 1, "a miss returns false alone " .. what) return end
    assert(r.n == 5, "a hit returns 5 values " .. what)
    assert(finite(r[2]) and r[2] >= 0 and r[2] <= 1, "u out of [0, 1] " .. what)
    assert(sane_vec(r[3]), "point not a finite vec3 " .. what)
    assert(sane_vec(r[4]) and math.abs(r[4]:length() - 1) <= 1e-9, "normal not unit " .. what)
    assert(features[r[5]], "unknown feature " .. tostring(r[5]) .. " " .. what)
  elseif kind == "interval" or kind == "box" or kind == "pair" then
    assert(type(r[1]) == "boolean", "first result not a boolean " .. what)
    if not r[1] then assert(r.n == 1, "a miss returns false alone " .. what) return end
    assert(finite(r[2]) and finite(r[3]) and 0 <= r[2] and r[2] <= r[3] and r[3] <= 1,
      "interval not within [0, 1] " .. what)
    if kind == "box" then
      assert(r.n == 4 and sane_vec(r[4]) and r[4]:length() == 1,
        "box normal not a unit axis " .. what)
    elseif kind == "pair" then      -- two capsules: any unit normal
      assert(r.n == 4 and sane_vec(r[4]) and math.abs(r[4]:length() - 1) <= 1e-9,
        "normal not unit " .. what)
    else
      assert(r.n == 3, "an interval returns 3 values " .. what)
    end
  elseif kind == "whit" then      -- a world query: a hit and the shape's id
    assert(type(r[1]) == "boolean", "first result not a boolean " .. what)
    if not r[1] then assert(r.n == 1, "a miss returns false alone " .. what) return end
    assert(r.n == 6 and type(r[6]) == "number" and r[6] >= 1, "no shape id " .. what)
    r.n = 5
    assert_sane("hit", r, what)
  elseif kind == "id" then
    assert(r.n == 1 and type(r[1]) == "number" and r[1] >= 1 and r[1] % 1 == 0,
      "expected a shape id " .. what)
  elseif kind == "ids" then
    assert(type(r[1]) == "table", "expected an array of ids " .. what)
    for i, id in ipairs(r[1]) do
      assert(type(id) == "number" and (i == 1 or id > r[1][i - 1]), "ids not ascending " .. what)
    end
  elseif kind == "hits" then      -- raycast_all: {id, u, point, normal, feature} by u
    assert(type(r[1]) == "table", "expected an array of hits " .. what)
    for i, h in ipairs(r[1]) do
      assert(type(h.id) == "number" and finite(h.u) and sane_vec(h.point), "bad hit " .. what)
      assert(i == 1 or h.u >= r[1][i - 1].u, "hits not by u " .. what)
      assert(math.abs(h.normal:length() - 1) <= 1e-9 and features[h.feature], "bad hit " .. what)
    end
  elseif kind == "move" then
    assert(sane_vec(r[1]) and type(r[2]) == "table", "expected position, contacts " .. what)
    for _, c in ipairs(r[2]) do
      assert(type(c.id) == "number" and sane_vec(c.point) and finite(c.u), "bad contact " .. what)
      assert(math.abs(c.normal:length() - 1) <= 1e-9, "contact normal not unit " .. what)
    end
  elseif kind == "bool" then
    assert(r.n == 1 and type(r[1]) == "boolean", "expected one boolean " .. what)
  elseif kind == "vec" then
    assert(collide.is_vec3(r[1]), "expected a vec3 " .. what)
  elseif kind == "number" then
    assert(type(r[1]) == "number", "expected a number " .. what)
  else
    assert(r[1] ~= nil, "expected a " .. kind .. " " .. what)
  end
end

-- ---- the arguments a query takes -----------------------------------------

local plane = collide.plane(vec3(0, 1, 0), 0)                -- y = 0
local ztri = { vec3(-1, -1, 0), vec3(1, -1, 0), vec3(0, 1, 0) }
local poly = collide.polygon and
  collide.polygon({ vec3(-1, -1, 0), vec3(1, -1, 0), vec3(1, 1, 0), vec3(-1, 1, 0) })
local E = vec3(0.5, 0.5, 0.5)

-- Each entry: name, argument kinds, a valid call that hits, the kind of the
-- result, the index of the first out-vector and how many there are
-- ("pair": false | true, u0, u1, normal, as "box" but any unit normal).
--   r: radius   n: number   v: vector   e: extents   P: plane   G: polygon
local S = {
  { "sweep_sphere_sphere", "rvvrvv", { 1, vec3(0, 0), vec3(10, 0), 1, vec3(5, 0), vec3(5, 0) },
    "interval", nil, 0 },
  { "test_sphere_sphere", "rvvrvv", { 1, vec3(0, 0), vec3(10, 0), 1, vec3(5, 0), vec3(5, 0) },
    "bool", nil, 0 },
  { "sweep_sphere_plane", "rvvP", { 0.5, vec3(0, 3), vec3(0, -3), plane }, "hit", 5, 2 },
  { "raycast_plane", "vvP", { vec3(0, 3), vec3(0, -3), plane }, "hit", 4, 2 },
  { "sweep_sphere_triangle", "rvvvvv",
    { 0.5, vec3(0, 0, 3), vec3(0, 0, -3), ztri[1], ztri[2], ztri[3] }, "hit", 7, 2 },
  { "sweep_sphere_polygon", "rvvG", { 0.5, vec3(0, 0, 3), vec3(0, 0, -3), poly }, "hit", 5, 2 },
  { "sweep_sphere_segment", "rvvvv", { 0.5, vec3(0, 3), vec3(0, -3), vec3(-1, 0), vec3(1, 0) },
    "hit", 6, 2 },
  { "sweep_sphere_aabb", "rvvve", { 0.5, vec3(0, 3), vec3(0, -3), vec3(0, 0), vec3(1, 1, 1) },
    "hit", 6, 2 },
  { "sweep_aabb_aabb", "evvevv",
    { vec3(1, 1, 1), vec3(0, 3), vec3(0, -3), vec3(1, 1, 1), vec3(0, 0), vec3(0, 0) },
    "box", 7, 1 },
  { "raycast_sphere", "vvvr", { vec3(0, 3), vec3(0, -3), vec3(0, 0), 1 }, "hit", 5, 2 },
  { "raycast_triangle", "vvvvv", { vec3(0, 0, 3), vec3(0, 0, -3), ztri[1], ztri[2], ztri[3] },
    "hit", 6, 2 },
  { "raycast_polygon", "vvG", { vec3(0, 0, 3), vec3(0, 0, -3), poly }, "hit", 4, 2 },
  { "raycast_aabb", "vvve", { vec3(0, 3), vec3(0, -3), vec3(0, 0), vec3(1, 1, 1) }, "hit", 5, 2 },
  { "lerp", "vvn", { vec3(0, 0), vec3(2, 4), 0.5 }, "vec", 4, 1 },
  { "reflect", "vv", { vec3(1, -1), vec3(0, 1) }, "vec", 3, 1 },
  { "slide", "vv", { vec3(1, -1), vec3(0, 1) }, "vec", 3, 1 },
  { "plane", "vn", { vec3(0, 2, 0), -4 }, "plane", nil, 0 },
  { "plane_from_point_normal", "vv", { vec3(0, 2, 0), vec3(0, 1, 0) }, "plane", nil, 0 },
  { "plane_from_points", "vvv", { vec3(0, 0, 0), vec3(1, 0, 0), vec3(0, 1, 0) }, "plane", nil, 0 },
  -- moving boxes and capsules (E: the mover's half-extents; the axis of a
  -- capsule is any vector, so "v")
  { "sweep_aabb_sphere", "evvvr", { E, vec3(0, 3), vec3(0, -3), vec3(0, 0), 1 }, "hit", 6, 2 },
  { "sweep_aabb_plane", "evvP", { E, vec3(0, 3), vec3(0, -3), plane }, "hit", 5, 2 },
  { "sweep_aabb_triangle", "evvvvv",
    { E, vec3(0, 0, 3), vec3(0, 0, -3), ztri[1], ztri[2], ztri[3] }, "hit", 7, 2 },
  { "sweep_aabb_polygon", "evvG", { E, vec3(0, 0, 3), vec3(0, 0, -3), poly }, "hit", 5, 2 },
  { "sweep_aabb_segment", "evvvv", { E, vec3(0, 3), vec3(0, -3), vec3(-1, 0), vec3(1, 0) },
    "hit", 6, 2 },
  { "sweep_capsule_sphere", "rvvvvr", { 0.5, vec3(0, 1), vec3(3, 0), vec3(-3, 0), vec3(0, 0), 1 },
    "hit", 7, 2 },
  { "sweep_capsule_plane", "rvvvP", { 0.5, vec3(1, 0), vec3(0, 3), vec3(0, -3), plane },
    "hit", 6, 2 },
  { "sweep_capsule_triangle", "rvvvvvv",
    { 0.5, vec3(0, 1), vec3(0, 0, 3), vec3(0, 0, -3), ztri[1], ztri[2], ztri[3] }, "hit", 8, 2 },
  { "sweep_capsule_polygon", "rvvvG", { 0.5, vec3(0, 1), vec3(0, 0, 3), vec3(0, 0, -3), poly },
    "hit", 6, 2 },
  { "sweep_capsule_segment", "rvvvvv",
    { 0.5, vec3(1, 0), vec3(0, 3), vec3(0, -3), vec3(-1, 0), vec3(1, 0) }, "hit", 7, 2 },
  { "sweep_capsule_aabb", "rvvvve",
    { 0.5, vec3(1, 0), vec3(0, 3), vec3(0, -3), vec3(0, 0), vec3(1, 1, 1) }, "hit", 7, 2 },
  { "sweep_capsule_capsule", "rvvvrvvv",
    { 0.5, vec3(1, 0), vec3(0, 3), vec3(0, -3), 0.5, vec3(0, 0, 1), vec3(0, 0), vec3(0, 0) },
    "pair", 9, 1 },
}

-- World methods: the same treatment with the world as self (argument
-- numbers then count from the first argument after self, as Lua's do).
local world = collide.world and collide.world()
if world then
  world:add_sphere(vec3(0, 0), 1)
  local W = {
    { "add_triangle", "vvv", { vec3(0, 0, 1), vec3(1, 0, 1), vec3(0, 1, 1) }, "id", nil, 0 },
    { "add_aabb", "ve", { vec3(9, 9), vec3(1, 1, 1) }, "id", nil, 0 },
    { "add_sphere", "vr", { vec3(-9, 9), 1 }, "id", nil, 0 },
    { "add_segment", "vv", { vec3(9, -9), vec3(10, -9) }, "id", nil, 0 },
    { "add_plane", "P", { collide.plane(vec3(0, 1, 0), 100) }, "id", nil, 0 },
    { "sweep_sphere", "rvv", { 0.5, vec3(-5, 0), vec3(5, 0) }, "whit", 5, 2 },
    { "raycast", "vv", { vec3(-5, 0), vec3(5, 0) }, "whit", 4, 2 },
    { "overlap_sphere", "vr", { vec3(0, 0), 1 }, "ids", nil, 0 },
    -- the movers: out-vectors position and velocity (results 1 and 4)
    { "move_sphere", "rvv", { 0.5, vec3(-5, 0), vec3(5, 0) }, "move", 5, 2 },
    { "move_aabb", "evv", { vec3(0.5, 0.5, 0.5), vec3(-5, 0), vec3(5, 0) }, "move", 5, 2 },
    { "move_capsule", "rvvv", { 0.5, vec3(0, 0.5), vec3(-5, 0), vec3(5, 0) }, "move", 6, 2 },
    -- world, continued
    { "add_capsule", "vvr", { vec3(9, 9, 9), vec3(10, 9, 9), 0.5 }, "id", nil, 0 },
    { "sweep_aabb", "evv", { vec3(0.5, 0.5, 0.5), vec3(-5, 0), vec3(5, 0) }, "whit", 5, 2 },
    { "sweep_capsule", "rvvv", { 0.5, vec3(0, 1), vec3(-5, 0), vec3(5, 0) }, "whit", 6, 2 },
    { "raycast_all", "vv", { vec3(-5, 0), vec3(5, 0) }, "hits", nil, 0, opt = 1 },
    { "overlap_point", "v", { vec3(0, 0) }, "ids", nil, 0 },
    { "overlap_aabb", "ve", { vec3(0, 0), vec3(1, 1, 1) }, "ids", nil, 0 },
    { "overlap_capsule", "vvr", { vec3(0, 0), vec3(1, 1), 0.5 }, "ids", nil, 0 },
  }
  for _, w in ipairs(W) do
    w.self = world
    if w[1]:sub(1, 4) == "add_" or w[1]:sub(1, 8) == "overlap_" then w.opt = 1 end
    S[#S + 1] = w
  end
end

local type_name = { r = "number", n = "number", v = "vec3", e = "vec3", P = "plane", G = "polygon" }

-- Values of the wrong type for an argument of kind k, with the "got ..."
-- they are reported as.
local function wrong_types(k)
  local w = {
    { nil, "nil" }, { true, "boolean" }, { print, "function" },
  }
  if k == "r" or k == "n" then
    w[#w + 1] = { "1", "string" }   -- no string coercion
    w[#w + 1] = { vec3(1, 2), "vec3" }
    w[#w + 1] = { {}, "table" }
    w[#w + 1] = { plane, "plane" }
  elseif k == "v" or k == "e" then
    w[#w + 1] = { 1, "number" }
    w[#w + 1] = { "1, 2, 3", "string" }
    w[#w + 1] = { plane, "plane" }
    if poly then w[#w + 1] = { poly, "polygon" } end
  elseif k == "P" then
    w[#w + 1] = { vec3(0, 1, 0), "vec3" }
    w[#w + 1] = { { normal = vec3(0, 1, 0), d = 0 }, "table" }
    w[#w + 1] = { 0, "number" }
    if poly then w[#w + 1] = { poly, "polygon" } end
  elseif k == "G" then
    w[#w + 1] = { plane, "plane" }
    w[#w + 1] = { { vec3(0, 0), vec3(1, 0), vec3(0, 1) }, "table" }
    w[#w + 1] = { vec3(0, 1, 0), "vec3" }
  end
  return w
end

-- Tables that look like vectors but are not.
local bad_tables = {
  { {}, "table with non-number x" },
  { { 1 }, "table with non-number y" },
  { { 1, 2, "3" }, "table with non-number z" },
  { { "1", 2 }, "table with non-number x" },
  { { x = 1 }, "table with non-number y" },
  { { x = 1, y = 2, z = true }, "table with non-number z" },
  { { y = 1, z = 2 }, "table with non-number x" },
}

-- A vec3 holding infinities: collide.vec3 refuses to make one (issue 31),
-- but arithmetic and field writes still can (1e300 * 1e300), and a query
-- must still name it.
local function vinf(x, y, z)
  local v = vec3()
  v.x, v.y, v.z = x, y, z
  return v
end

-- Values rejected by the checks, with their reasons.
local function bad_values(k)
  if k == "r" or k == "n" then
    local t = {
      { NAN, "number is NaN" }, { INF, "number is infinite" }, { -INF, "number is infinite" },
      { 1e51, "number too large (limit 1e+50)" }, { -1e51, "number too large (limit 1e+50)" },
      { 1e300, "number too large (limit 1e+50)" },
    }
    if k == "r" then
      t[#t + 1] = { -1, "negative radius" }
      t[#t + 1] = { -1e-300, "negative radius" }
    end
    return t
  elseif k == "v" or k == "e" then
    local t = {
      { vec3(NAN, 0, 0), "vec3 has a NaN component" },
      { vec3(0, 0, NAN), "vec3 has a NaN component" },
      { { 0, NAN }, "vec3 has a NaN component" },
      { { x = 0, y = 0, z = NAN }, "vec3 has a NaN component" },
      { vinf(0, INF, 0), "vec3 has an infinite component" },
      { vinf(0, 0, -INF), "vec3 has an infinite component" },
      { vec3(1e51, 0, 0), "vec3 component too large (limit 1e+50)" },
      { { 0, -1e51 }, "vec3 component too large (limit 1e+50)" },
      { vinf(1e51, INF, NAN), "vec3 has a NaN component" },   -- the worst defect is named
      { vinf(1e51, INF, 0), "vec3 has an infinite component" },
    }
    if k == "e" then
      t[#t + 1] = { vec3(1, -1, 1), "negative extent" }
      t[#t + 1] = { { 0, 0, -1e-300 }, "negative extent" }
    end
    return t
  end
  return {}
end

-- Functions that check their number/vector values (the queries and the
-- plane constructors); the helpers lerp/reflect/slide are plain arithmetic.
local checks_values = {
  lerp = false, reflect = false, slide = false,
}

local function copy_args(base, n)
  local a = { n = n or #base }
  for i = 1, a.n do a[i] = base[i] end
  return a
end

for _, s in ipairs(S) do
  local name, kinds, base, result, out1, nout = s[1], s[2], s[3], s[4], s[5], s[6]
  local nargs = #kinds
  base.n = nargs
  local self = s.self
  describe((self and "world:" or "collide.") .. name .. " under hostile input", function()
    local f = self and self[name] or collide[name]
    -- Every function of the contract exists now: a missing one is a failure,
    -- not something to skip.
    it("exists", function()
      assert.is_function(f)
      assert.is_not_nil(base[nargs])
    end)
    if f == nil or base[nargs] == nil then return end
    -- The arguments as passed: self first for a method (called as
    -- pcall(method, self, ...), no Lua function in between, so messages
    -- are exactly what a caller sees).
    local function full(a)
      if not self then return a end
      local b = { n = a.n + 1, self }
      for i = 1, a.n do b[i + 1] = a[i] end
      return b
    end
    local function fails(msg, a) raises(msg, f, full(a)) end
    local function call(a)
      local r = pack(pcall(f, unpack(full(a), 1, full(a).n)))
      return r
    end
    local function results(a)   -- the results of a call that must succeed
      local r = call(a)
      assert(r[1], r[2])
      -- (shifted by hand: results may hold nils, which table.remove does
      -- not shift past on every Lua)
      for i = 1, r.n do r[i] = r[i + 1] end
      r.n = r.n - 1
      return r
    end

    it("answers the valid call sanely", function()
      assert_sane(result, results(copy_args(base, nargs)), name)
    end)

    for i = 1, nargs do
      local k = kinds:sub(i, i)
      local tn = type_name[k]

      it(("names argument #%d when it has the wrong type"):format(i), function()
        for _, w in ipairs(wrong_types(k)) do
          local a = copy_args(base, nargs)
          a[i] = w[1]
          fails(bad(name, i, tn .. " expected, got " .. w[2]), a)
        end
        if k == "v" or k == "e" then
          for _, w in ipairs(bad_tables) do
            local a = copy_args(base, nargs)
            a[i] = w[1]
            fails(bad(name, i, "vec3 expected, got " .. w[2]), a)
          end
        end
      end)

      it(("names argument #%d when it is missing"):format(i), function()
        fails(bad(name, i, tn .. " expected, got nil"), copy_args(base, i - 1))
      end)

      if checks_values[name] ~= false and (k == "r" or k == "n" or k == "v" or k == "e") then
        it(("names argument #%d when its value is rejected"):format(i), function()
          for _, w in ipairs(bad_values(k)) do
            local a = copy_args(base, nargs)
            a[i] = w[1]
            fails(bad(name, i, w[2]), a)
          end
        end)

        it(("accepts argument #%d at the limits"):format(i), function()
          local edge = (k == "v" or k == "e")
            and { vec3(1e50, -1e50, 1e50), vec3(0, 0, -0.0), vec3(5e-324, 1e-300, 0),
                  { 1e50, 0 }, { x = 2.2250738585072014e-308, y = 0 } }
            or { 1e50, 0, -0.0, 5e-324, 1e-300, 2.2250738585072014e-308 }
          for _, v in ipairs(edge) do
            local a = copy_args(base, nargs)
            a[i] = v
            local r = call(a)
            if r[1] then
              table.remove(r, 1); r.n = r.n - 1
              assert_sane(result, r, ("%s with #%d = %s"):format(name, i, tostring(v)))
            else
              -- a valid number may still make a degenerate shape or plane:
              -- then the error must still name an argument.
              assert.matches("^bad argument #%d to '" .. name .. "' %(.+%)$", r[2])
            end
          end
        end)
      end
    end

    if self then
      it("names a bad self", function()
        for _, w in ipairs({ { vec3(1, 2), "vec3" }, { {}, "table" }, { plane, "plane" } }) do
          local a = copy_args(base, nargs)
          raises(("calling '%s' on bad self (world expected, got %s)"):format(name, w[2]),
            f, pack(w[1], unpack(a, 1, nargs)))
        end
        raises(("calling '%s' on bad self (world expected, got nil)"):format(name), f, pack())
      end)
    end

    it("ignores extra arguments after the last one it takes", function()
      -- past the out-vectors, or past an optional trailing argument (a
      -- shape's data, move_sphere's options), left nil here
      local last = out1 and (out1 + nout - 1) or (nargs + (s.opt or 0))
      local a = copy_args(base, last + 3)
      a[last + 1] = "extra"
      a[last + 2] = {}
      a[last + 3] = print
      assert_sane(result, results(a), name)
    end)

    if out1 then
      it("writes into out-vectors and rejects out-vectors of the wrong kind", function()
        local outs = {}
        local a = copy_args(base, out1 + nout - 1)
        for j = 1, nout do
          outs[j] = vec3(7, 7, 7)
          a[out1 + j - 1] = outs[j]
        end
        local r = results(a)
        assert_sane(result, r, name)
        -- the results that are vectors are the out-vectors themselves
        local first_vec = (result == "hit" or result == "whit") and 3
          or ((result == "box" or result == "pair") and 4 or 1)
        for j = 1, nout do
          local k = first_vec + j - 1
          if result == "move" and j == 2 then k = 4 end   -- velocity
          assert.is_true(rawequal(outs[j], r[k]))
        end
        for j = 1, nout do
          for _, w in ipairs({ { "out", "string" }, { { 0, 0, 0 }, "table" }, { 1, "number" },
                               { plane, "plane" } }) do
            local b = copy_args(base, out1 + nout - 1)
            b[out1 + j - 1] = w[1]
            fails(bad(name, out1 + j - 1, "vec3 (out-vector) expected, got " .. w[2]), b)
          end
        end
      end)
    end
  end)
end

-- ---- degenerate shapes ------------------------------------------------------

describe("degenerate shapes", function()
  it("rejects a zero-length plane normal, however it is made", function()
    raises(bad("plane", 1, "zero-length normal"), collide.plane, pack(vec3(0, 0, 0), 1))
    raises(bad("plane", 1, "zero-length normal"), collide.plane, pack({ 0, 0 }, 0))
    raises(bad("plane", 1, "zero-length normal"), collide.plane, pack(vec3(1e-160, 0, 0), 0))
    raises(bad("plane_from_point_normal", 2, "zero-length normal"),
      collide.plane_from_point_normal, pack(vec3(1, 2, 3), vec3(-0.0, 0, 0)))
  end)

  it("rejects collinear and repeated points for a plane", function()
    raises(bad("plane_from_points", 3, "points are collinear"), collide.plane_from_points,
      pack(vec3(0, 0), vec3(1, 1), vec3(2, 2)))
    raises(bad("plane_from_points", 3, "points are collinear"), collide.plane_from_points,
      pack(vec3(1, 2, 3), vec3(1, 2, 3), vec3(4, 5, 6)))
    raises(bad("plane_from_points", 3, "points are collinear"), collide.plane_from_points,
      pack(vec3(5, 5, 5), vec3(5, 5, 5), vec3(5, 5, 5)))
  end)

  it("makes a unit normal from a tiny triangle", function()
    local p = collide.plane_from_points(vec3(1e-160, 1e-160, 1e-160), vec3(0, -0.125, 0),
      vec3(1e-160, 1e-160, 0))
    assert.is_true(math.abs(p.normal:length() - 1) <= 1e-12)
    -- and the queries accept it
    assert_sane("hit", pack(collide.sweep_sphere_plane(1, vec3(0, 0), vec3(1, 0), p)))
  end)

  it("rejects a d that leaves the range once the normal is scaled", function()
    raises(bad("plane", 2, "number too large (limit 1e+50)"), collide.plane,
      pack(vec3(0, 1e-10, 0), 1e45))
  end)

  it("gives every plane a constructor accepts to the queries", function()
    local p = collide.plane_from_point_normal(vec3(1e50, 1e50, 1e50), vec3(1, 1, 1))
    assert_sane("hit", pack(collide.sweep_sphere_plane(1, vec3(0, 0), vec3(1, 0), p)))
    assert_sane("hit", pack(collide.raycast_plane(vec3(0, 0), vec3(1, 0), p)))
    p = collide.plane_from_points(vec3(1e50, -1e50, 1e50), vec3(-1e50, 1e50, 1e50),
      vec3(1e50, 1e50, -1e50))
    assert_sane("hit", pack(collide.sweep_sphere_plane(1, vec3(0, 0), vec3(1, 0), p)))
  end)

  it("answers sphere-sphere sweeps of zero size and zero motion", function()
    assert_sane("interval", pack(collide.sweep_sphere_sphere(0, vec3(0, 0), vec3(0, 0), 0,
      vec3(0, 0), vec3(0, 0))))
    assert.is_true(collide.test_sphere_sphere(0, vec3(0, 0), vec3(0, 0), 0, vec3(0, 0), vec3(0, 0)))
    -- 1e-300 apart with zero radii: the squared distance underflows to 0,
    -- so this reads as touching (see docs/guarantees.md); sane either way.
    assert_sane("interval", pack(collide.sweep_sphere_sphere(0, vec3(0, 0), vec3(0, 0), 0,
      vec3(1e-300, 0), vec3(1e-300, 0))))
  end)

  it("agrees between sweep and test far from the origin", function()
    -- b^2 - ac cancels here; the sweep and the test must still agree.
    local args = pack(0, vec3(1e15, 0, 0), vec3(0, 5.75, 5.75), 5.75, vec3(5.75, 5.75, 5.75),
      vec3(5.75, 5.75, 5.875))
    local hit = collide.sweep_sphere_sphere(unpack(args, 1, 6))
    assert.are.equal(hit, collide.test_sphere_sphere(unpack(args, 1, 6)))
    assert.is_true(hit)
  end)

  if collide.polygon then
    local P = "polygon"
    it("rejects polygons that are not convex, planar polygons", function()
      raises(bad(P, 1, "table expected, got nil"), collide.polygon, pack())
      raises(bad(P, 1, "table expected, got vec3"), collide.polygon, pack(vec3(1, 2)))
      raises(bad(P, 1, "polygon needs at least 3 vertices"), collide.polygon, pack({}))
      raises(bad(P, 1, "polygon needs at least 3 vertices"), collide.polygon,
        pack({ vec3(0, 0), vec3(1, 0) }))
      raises(bad(P, 1, "polygon has repeated vertices"), collide.polygon,
        pack({ vec3(0, 0), vec3(1, 0), vec3(1, 0), vec3(0, 1) }))
      raises(bad(P, 1, "polygon vertices are collinear"), collide.polygon,
        pack({ vec3(0, 0), vec3(1, 1), vec3(2, 2) }))
      raises(bad(P, 1, "polygon is not planar"), collide.polygon,
        pack({ vec3(0, 0, 0), vec3(1, 0, 0), vec3(1, 1, 0), vec3(0, 1, 1) }))
      raises(bad(P, 1, "polygon is not convex"), collide.polygon,
        pack({ vec3(0, 0), vec3(2, 0), vec3(1, 0.5), vec3(2, 2), vec3(0, 2) }))
      raises(bad(P, 1, "vec3 has a NaN component"), collide.polygon,
        pack({ vec3(0, 0), vec3(1, 0), vec3(0, NAN) }))
      raises(bad(P, 1, "vec3 component too large (limit 1e+50)"), collide.polygon,
        pack({ vec3(0, 0), vec3(1e51, 0), vec3(0, 1) }))
      raises(bad(P, 1, "vec3 expected at index 2, got string"), collide.polygon,
        pack({ vec3(0, 0), "x", vec3(0, 1) }))
    end)

    it("gives a polygon's plane and vertices back sanely", function()
      local p = collide.polygon({ { 0, 0 }, { 1, 0 }, { x = 0, y = 1 } })
      assert.are.equal(3, #p:vertices())
      assert.is_true(math.abs(p.plane.normal:length() - 1) <= 1e-12)
      raises("calling 'vertices' on bad self (polygon expected, got plane)",
        p.vertices, pack(plane))
      raises("calling 'vertices' on bad self (polygon expected, got nil)", p.vertices, pack())
    end)
  end

  if collide.sweep_sphere_triangle then
    it("either rejects a degenerate triangle by name or answers sanely", function()
      for _, t in ipairs({
        { vec3(0, 0), vec3(1, 1), vec3(2, 2) },       -- collinear
        { vec3(0, 0), vec3(0, 0), vec3(1, 0) },       -- repeated
        { vec3(3, 3), vec3(3, 3), vec3(3, 3) },       -- a point
        { vec3(0, 0), vec3(1e50, 0), vec3(-1e50, 1e-300) },
      }) do
        for _, call in ipairs({
          { "sweep_sphere_triangle",
            pack(0.5, vec3(0, 0, 3), vec3(0, 0, -3), t[1], t[2], t[3]) },
          { "raycast_triangle", pack(vec3(0, 0, 3), vec3(0, 0, -3), t[1], t[2], t[3]) },
        }) do
          local r = pack(pcall(collide[call[1]], unpack(call[2], 1, call[2].n)))
          if r[1] then
            table.remove(r, 1); r.n = r.n - 1
            assert_sane("hit", r, call[1])
          else
            assert.matches("^bad argument #%d to '" .. call[1] .. "' %(degenerate triangle%)$",
              r[2])
          end
        end
      end
    end)
  end
end)

-- ---- a world under hostile use ------------------------------------------------

if collide.world then
  describe("a world under hostile use", function()
    local w = collide.world()
    w:add_sphere(vec3(0, 0), 1)

    it("rejects degenerate shapes and bad options by name", function()
      raises(bad("add_triangle", 1, "degenerate triangle"), w.add_triangle,
        pack(w, vec3(0, 0), vec3(1, 0), vec3(2, 0)))
      raises(bad("add_polygon", 1, "polygon needs at least 3 vertices"), w.add_polygon, pack(w, {}))
      local from, to = vec3(-5, 0), vec3(5, 0)
      for _, c in ipairs({
        { { max_iterations = 0 }, "max_iterations must be at least 1" },
        { { max_iterations = NAN }, "max_iterations must be at least 1" },
        { { restitution = -1, response = "bounce" }, "negative restitution" },
        { { restitution = INF, response = "bounce" }, "number is infinite" },
        { { skin = NAN }, "number is NaN" },
        { { response = "fly" }, "options.response must be 'slide', 'bounce' or 'stop'" },
        { { up = vec3(0, 0), max_slope = 1 }, "zero-length normal" },
        { { up = { 0, NAN } }, "vec3 has a NaN component" },
        { { up = vec3(0, 1), max_slope = 4 }, "max_slope must be in [0, pi]" },
        { { up = 5 }, "options.up: vec3 expected, got number" },
        { { max_iterations = "3" }, "options.max_iterations: number expected, got string" },
      }) do
        -- the options table counts the Lua way, without self, as the API
        -- contract says
        raises(bad("move_sphere", 4, c[2]), w.move_sphere, pack(w, 0.5, from, to, c[1]))
      end
      raises(bad("move_sphere", 4, "table expected, got number"), w.move_sphere,
        pack(w, 0.5, from, to, 5))
      raises(bad("sweep_sphere", 4, "function or mask expected, got string"), w.sweep_sphere,
        pack(w, 0.5, from, to, "5"))
      raises(bad("sweep_sphere", 4, "mask must be an integer in [0, 2^31)"), w.sweep_sphere,
        pack(w, 0.5, from, to, 1.5))
    end)

    it("answers ids it never gave out sanely", function()
      for _, id in ipairs({ 0, -1, 1.5, NAN, INF, 1e300, 2 ^ 31, 99 }) do
        assert.is_false(w:remove(id))
        assert.is_nil(w:data(id))
      end
      raises(bad("remove", 1, "number expected, got string"), w.remove, pack(w, "1"))
      assert.are.equal(1, w:count())
    end)

    it("stays usable when a filter raises or changes the world", function()
      local from, to = vec3(-5, 0), vec3(5, 0)
      local ok, e = pcall(w.sweep_sphere, w, 0.5, from, to, function() error("boom", 0) end)
      assert.is_false(ok)
      assert.are.equal("boom", e)
      ok = pcall(w.sweep_sphere, w, 0.5, from, to, function(id) w:remove(id) return true end)
      assert.is_false(ok)
      ok = pcall(w.raycast, w, from, to, function() w:add_sphere(vec3(3, 3), 1) return true end)
      assert.is_false(ok)
      -- nothing changed, and the world is unlocked again
      assert.are.equal(1, w:count())
      assert_sane("whit", pack(w:sweep_sphere(0.5, from, to)))
      local id = w:add_sphere(vec3(20, 20), 1)
      assert.is_true(w:remove(id))
    end)
  end)
end

-- ---- vec3 and plane methods on the wrong self ------------------------------

describe("methods called on the wrong self", function()
  local v = vec3(1, 2, 3)
  local selves = {
    { nil, "nil" }, { 1, "number" }, { "v", "string" }, { {}, "table" },
    { { 1, 2, 3 }, "table" }, { plane, "plane" }, { print, "function" },
  }
  local methods = {
    { "dot", { vec3(1, 0, 0) } }, { "cross", { vec3(1, 0, 0) } }, { "length", {} },
    { "length_squared", {} }, { "normalize", {} }, { "unpack", {} }, { "clone", {} },
    { "set", { 1, 2, 3 } },
  }
  for _, m in ipairs(methods) do
    it("vec3:" .. m[1], function()
      local f = v[m[1]]
      assert.is_function(f)
      for _, s in ipairs(selves) do
        raises(("calling '%s' on bad self (vec3 expected, got %s)"):format(m[1], s[2]), f,
          pack(s[1], unpack(m[2])))
      end
    end)
  end

  it("plane:distance", function()
    for _, s in ipairs({ { v, "vec3" }, { nil, "nil" }, { {}, "table" } }) do
      raises(("calling 'distance' on bad self (plane expected, got %s)"):format(s[2]),
        plane.distance, pack(s[1], v))
    end
  end)

  it("names the argument of vec3 methods", function()
    raises(bad("dot", 1, "vec3 expected, got nil"), v.dot, pack(v))
    raises(bad("dot", 1, "vec3 expected, got plane"), v.dot, pack(v, plane))
    raises(bad("cross", 1, "vec3 expected, got table with non-number y"), v.cross, pack(v, { 1 }))
    raises(bad("cross", 2, "vec3 (out-vector) expected, got table"), v.cross, pack(v, v, {}))
    raises(bad("normalize", 1, "vec3 (out-vector) expected, got string"), v.normalize, pack(v, "o"))
    raises(bad("set", 1, "number expected, got nil"), v.set, pack(v))
    raises(bad("set", 2, "number expected, got string"), v.set, pack(v, 1, "2"))
    raises(bad("set", 3, "number expected, got boolean"), v.set, pack(v, 1, 2, true))
    raises(bad("distance", 1, "vec3 has a NaN component"), plane.distance, pack(plane, { NAN, 0 }))
    raises(bad("vec3", 2, "number expected, got nil"), vec3, pack(1))
    raises(bad("vec3", 1, "number expected, got string"), vec3, pack("1", 2))
    raises(bad("vec3", 3, "number expected, got table"), vec3, pack(1, 2, {}))
  end)

  it("keeps a vector usable after errors", function()
    local w = vec3(1, 2, 3)
    pcall(w.set, w, 1, "x")
    assert.are.same({ 1, 2, 3 }, { w:unpack() })
    assert.is_false(collide.is_vec3(plane))
    assert.is_false(collide.is_vec3({ 1, 2, 3 }))
    assert.is_false(collide.is_vec3())
  end)

  it("normalizes the zero vector, tiny and huge vectors sanely", function()
    assert.are.equal(vec3(0, 0, 0), vec3(0, 0, 0):normalize())
    assert.are.equal(vec3(0, 0, 0), vec3(-0.0, 0, 0):normalize())
    local h = vec3(1e50, 1e50, 1e50):normalize()
    assert.is_true(math.abs(h:length() - 1) <= 1e-12)
  end)
end)

-- ---- random valid but extreme calls -----------------------------------------

-- A small deterministic generator (the same numbers on every Lua): an LCG
-- on integers below 2^31 kept exact in doubles.
local function lcg(seed)
  local x = seed
  return function(n)
    x = (x * 1103515245 + 12345) % 2147483648
    return x % n + 1
  end
end

describe("queries on random extreme but valid input", function()
  local nums = { 0, -0.0, 1, -1, 0.5, 1e50, -1e50, 1e-300, -1e-300, 5e-324, 1e25, -1e25,
    3, 1e-9, 1e15, -1e15, 2.2250738585072014e-308 }
  local rnd = lcg(12345)
  local function num(nonneg)
    local x = nums[rnd(#nums)]
    if nonneg and x < 0 then x = -x end
    return x
  end
  local pool = {}
  local function vec(nonneg)
    if #pool > 0 and rnd(4) == 1 then return pool[rnd(#pool)] end  -- repeated points
    local v = vec3(num(nonneg), num(nonneg), rnd(3) == 1 and 0 or num(nonneg))
    pool[#pool % 8 + 1] = v
    return v
  end

  for _, s in ipairs(S) do
    local name, kinds, result = s[1], s[2], s[4]
    if collide[name] and not (kinds:find("G") and not poly) and result ~= "plane" then
      it(name .. " answers sanely or names an argument", function()
        local f = collide[name]
        for _ = 1, 300 do
          local a = { n = #kinds }
          for i = 1, #kinds do
            local k = kinds:sub(i, i)
            if k == "r" then a[i] = num(true)
            elseif k == "n" then a[i] = num()
            elseif k == "v" then a[i] = vec()
            elseif k == "e" then a[i] = vec(true)
            elseif k == "P" then
              local ok, p = pcall(collide.plane, vec(), num())
              a[i] = ok and p or plane
            elseif k == "G" then a[i] = poly
            end
          end
          local r = pack(pcall(f, unpack(a, 1, a.n)))
          if r[1] then
            table.remove(r, 1); r.n = r.n - 1
            if result ~= "vec" then assert_sane(result, r, name) end
          else
            assert.matches("^bad argument #%d to '" .. name .. "' %(.+%)$", r[2])
          end
        end
      end)
    end
  end
end)

-- ---- a finalizer that runs a query in the middle of another (branch
-- luajit12) ------------------------------------------------------------------
-- A query without out-vectors allocates its result vectors, which may run
-- the collector and with it a finalizer; a finalizer that runs a query of
-- its own must not change the answer the first one is returning (the FFI
-- backend's results pass through scratch structs shared by all calls).

-- An object whose finalizer calls f and makes another like it, while
-- armed[1] is true (a proxy on Lua 5.1 and LuaJIT, a table on later Luas).
local function finalizer_chain(f, armed)
  local function arm()
    local mt = { __gc = function()
      if not armed[1] then return end
      f()
      arm()
    end }
    if newproxy then   -- luacheck: ignore 113
      local p = newproxy(true)   -- luacheck: ignore 113
      getmetatable(p).__gc = mt.__gc
    else
      setmetatable({}, mt)
    end
  end
  arm()
end

describe("a query run by a finalizer during another query", function()
  it("leaves the other query's results alone", function()
    local pl, other = collide.plane(vec3(0, 0, 1), 0), collide.plane(vec3(1, 0, 0), 0)
    local armed, runs = { true }, 0
    finalizer_chain(function()
      runs = runs + 1
      collide.sweep_sphere_plane(0.5, vec3(7, 3, 2), vec3(-7, 3, 2), other)
      collide.sweep_sphere_sphere(1, vec3(9, 9, 9), vec3(-9, 9, 9), 1, vec3(0, 9, 9),
                                  vec3(0, 9, 9))
      collide.sweep_aabb_aabb(vec3(1, 1, 1), vec3(5, 5, 5), vec3(-5, 5, 5),
                              vec3(1, 1, 1), vec3(0, 5, 5), vec3(0, 5, 5))
    end, armed)
    local pause = collectgarbage("setpause", 0)
    local stepmul = collectgarbage("setstepmul", 100000)
    -- (at least 200 calls, and on until finalizers have run 20 times: on a
    -- large heap a cycle can take longer than 200 calls to end; the quick
    -- size, make test, on until 5 times or 500 calls: each call runs whole
    -- collector cycles over the heap the suite has left, 50 s of LuaJIT's
    -- spec run at the full size)
    local wrong, calls = 0, 0
    local want_runs, max_calls = size.cases(5, 20), size.cases(500, 2000)
    while calls < 200 or (runs < want_runs and calls < max_calls) do
      calls = calls + 1
      local ok, u, p, n, f = collide.sweep_sphere_plane(1, vec3(0, 0, 5), vec3(0, 0, -5), pl)
      if not (ok and u == 0.4 and p == vec3(0, 0, 0) and n == vec3(0, 0, 1) and
              f == "face") then
        wrong = wrong + 1
      end
      local hit, u0, u1, nrm = collide.sweep_aabb_aabb(vec3(1, 1, 1), vec3(0, 0, 5),
        vec3(0, 0, -5), vec3(1, 1, 1), vec3(0, 0, 0), vec3(0, 0, 0))
      if not (hit and u0 == 0.3 and u1 == 0.7 and nrm == vec3(0, 0, 1)) then
        wrong = wrong + 1
      end
      local m = collide.lerp(vec3(0, 0, 0), vec3(2, 4, 6), 0.5)
      if m ~= vec3(1, 2, 3) then wrong = wrong + 1 end
    end
    armed[1] = false
    collectgarbage("setpause", pause)
    collectgarbage("setstepmul", stepmul)
    collectgarbage()
    -- (how many finalizers run depends on the heap the other specs left and
    -- on the VM -- none on Lua 5.4 under make check-gc's collector hook --
    -- so their number is not asserted; run alone on LuaJIT, this spec sees
    -- hundreds, and main's FFI backend before this branch failed it)
    assert.are.equal(0, wrong)
  end)
end)
-- ---- (end of the finalizer section) ------------------------------------------
