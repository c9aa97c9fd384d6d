-- spec/world_many_spec.lua -- many queries in one call: w:raycast_many,
-- w:sweep_sphere_many, w:sweep_aabb_many, w:sweep_capsule_many. Each
-- answer must be the single call's (w:raycast, w:sweep_*), bit for bit,
-- and, for rays and spheres against fixed shapes, the first contact a
-- brute-force loop over the single-shape functions finds.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, collectgarbage, error, ipairs, math = assert, collectgarbage, error, ipairs, math
local setmetatable = setmetatable
local collide = require "collide"
local V = collide.vec3

-- Park and Miller's minimal standard generator (exact in doubles), the
-- same numbers on every Lua.
local seed = 4242
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function rnd_in(a, b) return a + (b - a) * rnd() end

-- A 2D level a game programmer builds in an afternoon (z = 0):
--
--      +--+            o                  |
--      |  |     ______/                   |  wall
--   ===+==+===========================    |
--   floor (tiles)   ramp  platform (moving)
local function level()
  local w = collide.world()
  for i = 0, 9 do w:add_aabb(V(i * 2 + 1, -1), V(1, 1, 0), "tile") end
  w:add_aabb(V(3, 1), V(1, 1, 0), "crate")
  w:add_triangle(V(8, 0), V(12, 0), V(12, 2), "ramp")
  w:add_sphere(V(14, 4), 1, "ball")
  w:add_segment(V(20, 0), V(20, 10), "wall")
  w:add_capsule(V(5, 5), V(7, 5), 0.5, "pipe")
  local platform = w:add_aabb(V(16, 2), V(1.5, 0.25, 0), "platform")
  w:set_velocity(platform, V(0, 1, 0))
  w:set_layers(platform, 2)
  return w
end

-- n random motions in and around the level, as a flat array.
local function motions(n, z)
  local s = {}
  for k = 0, n - 1 do
    local x0, y0 = rnd_in(-2, 22), rnd_in(-1, 8)
    s[6 * k + 1], s[6 * k + 2], s[6 * k + 3] = x0, y0, z and rnd_in(-1, 1) or 0
    s[6 * k + 4], s[6 * k + 5] = x0 + rnd_in(-8, 8), y0 + rnd_in(-8, 8)
    s[6 * k + 6] = z and rnd_in(-1, 1) or 0
  end
  return s
end

-- The four batch methods, each with its single call.
local KINDS = {
  { name = "raycast_many", many = function(w, s, f, o) return w:raycast_many(s, f, o) end,
    one = function(w, a, b, f) return w:raycast(a, b, f) end },
  { name = "sweep_sphere_many",
    many = function(w, s, f, o) return w:sweep_sphere_many(0.3, s, f, o) end,
    one = function(w, a, b, f) return w:sweep_sphere(0.3, a, b, f) end },
  { name = "sweep_aabb_many",
    many = function(w, s, f, o) return w:sweep_aabb_many(V(0.4, 0.7, 0), s, f, o) end,
    one = function(w, a, b, f) return w:sweep_aabb(V(0.4, 0.7, 0), a, b, f) end },
  { name = "sweep_capsule_many",
    many = function(w, s, f, o) return w:sweep_capsule_many(0.3, V(0, 0.6, 0), s, f, o) end,
    one = function(w, a, b, f) return w:sweep_capsule(0.3, V(0, 0.6, 0), a, b, f) end },
}

-- out's 8 numbers of query k against the single call's answer.
local function check_against_single(kind, w, s, out, filter)
  local n = #s / 6
  assert.are.equal(8 * n, #out)
  local hits = 0
  for k = 0, n - 1 do
    local a = V(s[6 * k + 1], s[6 * k + 2], s[6 * k + 3])
    local b = V(s[6 * k + 4], s[6 * k + 5], s[6 * k + 6])
    local hit, u, p, nrm, _, id = kind.one(w, a, b, filter)
    local o = { out[8 * k + 1], out[8 * k + 2], out[8 * k + 3], out[8 * k + 4],
                out[8 * k + 5], out[8 * k + 6], out[8 * k + 7], out[8 * k + 8] }
    if hit then
      hits = hits + 1
      assert.are.same({ id, u, p.x, p.y, p.z, nrm.x, nrm.y, nrm.z }, o,
        ("%s query %d"):format(kind.name, k + 1))
    else
      assert.are.same({ 0, 1, 0, 0, 0, 0, 0, 0 }, o, ("%s query %d"):format(kind.name, k + 1))
    end
  end
  return hits
end

describe("many queries in one call", function()
  for _, kind in ipairs(KINDS) do
    describe("w:" .. kind.name, function()
      it("answers each query as the single call does, hits and misses", function()
        local w = level()
        local s = motions(300)
        local out = kind.many(w, s)
        local hits = check_against_single(kind, w, s, out)
        -- (the scene is meant to give both)
        assert.is_true(hits > 30 and hits < 270, kind.name .. " hits: " .. hits)
      end)

      it("answers motions off the z = 0 plane too", function()
        local w = level()
        local s = motions(100, true)
        check_against_single(kind, w, s, kind.many(w, s))
      end)

      it("answers large batches whatever their spread: one motion repeated, far apart", function()
        -- (the core may run a long batch's queries in an order of its own;
        -- the answers stay where their segments are)
        local w = level()
        local s, far = {}, { 1e30, -3e29, 0, -1e30, 5e29, 0 }
        for k = 0, 99 do
          local src = k % 3 == 0 and far or { 4, 7, 0, 4.5, -2, 0 }
          for j = 1, 6 do s[6 * k + j] = src[j] end
        end
        check_against_single(kind, w, s, kind.many(w, s))
        s = motions(200)
        for k = 0, 49 do
          local t = 6 * (4 * k)
          for j = 1, 6 do s[t + j] = s[t + j] * 1e20 end
        end
        check_against_single(kind, w, s, kind.many(w, s, 1), 1)
      end)

      it("takes a layer mask and a filter function as the single call does", function()
        local w = level()
        local s = motions(150)
        check_against_single(kind, w, s, kind.many(w, s, 2), 2)
        local function no_tiles(_, data) return data ~= "tile" end
        check_against_single(kind, w, s, kind.many(w, s, no_tiles), no_tiles)
      end)

      it("writes into out, returns it, and clears what is left of it", function()
        local w = level()
        local s = motions(5)
        local out = {}
        for i = 1, 100 do out[i] = "old" end
        assert.are.equal(out, kind.many(w, s, nil, out))
        assert.are.equal(40, #out)
        assert.is_nil(out[41])
        assert.is_nil(out[100])
        check_against_single(kind, w, s, out)
        -- the same table as segments and out: read first, then written
        local s2 = motions(7)
        local copy = {}
        for i = 1, #s2 do copy[i] = s2[i] end
        kind.many(w, s2, nil, s2)
        check_against_single(kind, w, copy, s2)
      end)

      it("gives an empty out for no segments", function()
        local w = level()
        local out = kind.many(w, {})
        assert.are.same({}, out)
        local old = { 1, 2, 3 }
        assert.are.same({}, kind.many(w, {}, nil, old))
      end)

      it("does not call an out table's metamethods", function()
        local w = level()
        local called = false
        local out = setmetatable({}, { __newindex = function() called = true end })
        kind.many(w, motions(3), nil, out)
        assert.is_false(called)
        assert.are.equal(24, #out)
      end)
    end)
  end

  describe("against a brute-force loop over the single-shape functions", function()
    -- Fixed shapes only: the first contact over all of them, ties by the
    -- lowest id, from the functions of one shape.
    local shapes = {
      { "aabb", V(1, -1), V(1, 1, 0) }, { "aabb", V(3, -1), V(1, 1, 0) },
      { "aabb", V(3, 1), V(1, 1, 0) }, { "triangle", V(8, 0), V(12, 0), V(12, 2) },
      { "sphere", V(14, 4), 1 }, { "segment", V(20, 0), V(20, 10) },
    }
    local function build()
      local w = collide.world()
      for _, sh in ipairs(shapes) do
        if sh[1] == "aabb" then w:add_aabb(sh[2], sh[3])
        elseif sh[1] == "triangle" then w:add_triangle(sh[2], sh[3], sh[4])
        elseif sh[1] == "sphere" then w:add_sphere(sh[2], sh[3])
        else w:add_segment(sh[2], sh[3]) end
      end
      return w
    end
    local function brute(r, a, b)
      local best_u, best_id
      for id, sh in ipairs(shapes) do
        local hit, u
        if r == 0 then
          if sh[1] == "aabb" then hit, u = collide.raycast_aabb(a, b, sh[2], sh[3])
          elseif sh[1] == "triangle" then
            hit, u = collide.raycast_triangle(a, b, sh[2], sh[3], sh[4])
          elseif sh[1] == "sphere" then hit, u = collide.raycast_sphere(a, b, sh[2], sh[3])
          else hit, u = collide.sweep_sphere_segment(0, a, b, sh[2], sh[3]) end
        else
          if sh[1] == "aabb" then hit, u = collide.sweep_sphere_aabb(r, a, b, sh[2], sh[3])
          elseif sh[1] == "triangle" then
            hit, u = collide.sweep_sphere_triangle(r, a, b, sh[2], sh[3], sh[4])
          elseif sh[1] == "sphere" then
            hit, u = collide.sweep_sphere_sphere(r, a, b, sh[3], sh[2], sh[2])
          else hit, u = collide.sweep_sphere_segment(r, a, b, sh[2], sh[3]) end
        end
        if hit and (best_u == nil or u < best_u) then best_u, best_id = u, id end
      end
      return best_id or 0, best_u or 1
    end

    for _, r in ipairs({ 0, 0.3 }) do
      it(("finds the same first shape and moment (radius %g)"):format(r), function()
        local w = build()
        local s = motions(200)
        local out = r == 0 and w:raycast_many(s) or w:sweep_sphere_many(r, s)
        for k = 0, 199 do
          local a = V(s[6 * k + 1], s[6 * k + 2], s[6 * k + 3])
          local b = V(s[6 * k + 4], s[6 * k + 5], s[6 * k + 6])
          local id, u = brute(r, a, b)
          assert.are.equal(id, out[8 * k + 1], "query " .. k + 1)
          assert.are.equal(u, out[8 * k + 2], "query " .. k + 1)
        end
      end)
    end
  end)

  describe("with filters that run Lua", function()
    it("lets a filter run a batch of its own on the same world", function()
      local w = level()
      local s, inner = motions(20), motions(4)
      local expect_inner = w:raycast_many(inner)
      local function filter(_, data)
        local got = w:raycast_many(inner)
        for i = 1, #expect_inner do assert(got[i] == expect_inner[i]) end
        return data ~= "crate"
      end
      local out = w:sweep_sphere_many(0.3, s, filter)
      check_against_single(KINDS[2], w, s, out, function(_, data) return data ~= "crate" end)
    end)

    it("answers the segments as they were given, whatever the filter changes", function()
      local w = level()
      local s = motions(20)
      local copy = {}
      for i = 1, #s do copy[i] = s[i] end
      local out = w:raycast_many(s, function()
        for i = 1, #s do s[i] = 0 / 0 end
        return true
      end)
      check_against_single(KINDS[1], w, copy, out)
    end)

    it("passes a filter's error on, writes nothing into out, unlocks the world", function()
      local w = level()
      local out = { "untouched" }
      assert.has_error(function()
        w:raycast_many({ 1, 5, 0, 1, -5, 0 }, function() error("boom", 0) end, out)
      end, "boom")
      assert.are.same({ "untouched" }, out)
      assert.is_number(w:add_sphere(V(0, 50), 1))   -- not locked
    end)

    -- (tables have finalizers from Lua 5.2 on)
    if _VERSION ~= "Lua 5.1" then
      it("answers the same when finalizers run batches while it writes out", function()
        local w = level()
        local s, inner = motions(200), motions(50)
        local expect, expect_inner = w:raycast_many(s), w:raycast_many(inner)
        local ran, wrong = 0, 0
        local function litter()
          for _ = 1, 200 do
            setmetatable({}, { __gc = function()
              ran = ran + 1
              local got = w:raycast_many(inner)
              for i = 1, #expect_inner do
                if got[i] ~= expect_inner[i] then wrong = wrong + 1 end
              end
            end })
          end
        end
        collectgarbage("setpause", 0)
        for _ = 1, 20 do
          litter()
          local got = w:raycast_many(s)   -- a new out: grown as it is written
          for i = 1, #expect do assert(got[i] == expect[i]) end
        end
        collectgarbage("setpause", 200)
        collectgarbage("collect")
        assert.is_true(ran > 0)
        assert.are.equal(0, wrong)
      end)
    end

    it("locks the world while its filter runs", function()
      local w = level()
      assert.has_error(function()
        w:raycast_many({ 1, 5, 0, 1, -5, 0 }, function() w:add_sphere(V(0, 0), 1) end)
      end, "add_sphere: world is locked during a query")
    end)
  end)

  describe("when the arguments are wrong", function()
    local w = collide.world()
    w:add_aabb(V(0, 0), V(1, 1, 1))
    local e = V(1, 1, 1)
    local cases = {
      { function() w:raycast_many() end,
        "bad argument #1 to 'raycast_many' (table expected, got nil)" },
      { function() w:raycast_many("1, 2, 3") end,
        "bad argument #1 to 'raycast_many' (table expected, got string)" },
      { function() w:raycast_many({ 1, 2, 3, 4, 5 }) end,
        "bad argument #1 to 'raycast_many' (segments: length 5 is not a multiple of 6)" },
      { function() w:raycast_many({ 1, 2, 3, 4, 5, "6" }) end,
        "bad argument #1 to 'raycast_many' (segments[6]: number expected, got string)" },
      { function() w:raycast_many({ 1, 2, 3, 4, 5, 6, 0 / 0, 1, 1, 1, 1, 1 }) end,
        "bad argument #1 to 'raycast_many' (segments[7]: number is NaN)" },
      { function() w:raycast_many({ 1, 2, 3, 4, 5, math.huge }) end,
        "bad argument #1 to 'raycast_many' (segments[6]: number is infinite)" },
      { function() w:raycast_many({ 1, 2, 3, 4, 5, 1e51 }) end,
        "bad argument #1 to 'raycast_many' (segments[6]: number too large (limit 1e+50))" },
      { function() w:raycast_many({}, "all") end,
        "bad argument #2 to 'raycast_many' (function or mask expected, got string)" },
      { function() w:raycast_many({}, -1) end,
        "bad argument #2 to 'raycast_many' (mask must be an integer in [0, 2^31))" },
      { function() w:raycast_many({}, nil, 7) end,
        "bad argument #3 to 'raycast_many' (table expected, got number)" },
      { function() w:sweep_sphere_many(nil, {}) end,
        "bad argument #1 to 'sweep_sphere_many' (number expected, got nil)" },
      { function() w:sweep_sphere_many(-1, {}) end,
        "bad argument #1 to 'sweep_sphere_many' (negative radius)" },
      { function() w:sweep_sphere_many(1, { 0, 0, 0, 0, 0 }) end,
        "bad argument #2 to 'sweep_sphere_many' (segments: length 5 is not a multiple of 6)" },
      { function() w:sweep_sphere_many(1, {}, nil, true) end,
        "bad argument #4 to 'sweep_sphere_many' (table expected, got boolean)" },
      { function() w:sweep_aabb_many(V(1, -1, 1), {}) end,
        "bad argument #1 to 'sweep_aabb_many' (negative extent)" },
      { function() w:sweep_aabb_many(e, { 0, 0, 0, 0, 0, 0 / 0 }) end,
        "bad argument #2 to 'sweep_aabb_many' (segments[6]: number is NaN)" },
      { function() w:sweep_aabb_many("e", {}) end,
        "bad argument #1 to 'sweep_aabb_many' (vec3 expected, got string)" },
      { function() w:sweep_capsule_many(1, nil, {}) end,
        "bad argument #2 to 'sweep_capsule_many' (vec3 expected, got nil)" },
      { function() w:sweep_capsule_many(1, V(0, 1), { 1 }) end,
        "bad argument #3 to 'sweep_capsule_many' (segments: length 1 is not a multiple of 6)" },
      { function() w:sweep_capsule_many(1, V(0, 1), {}, nil, "out") end,
        "bad argument #5 to 'sweep_capsule_many' (table expected, got string)" },
      { function() collide.world().raycast_many(nil, {}) end,
        "calling 'raycast_many' on bad self (world expected, got nil)" },
    }
    for i, c in ipairs(cases) do
      it(("says %q"):format(c[2]):gsub("bad argument ", "", 1) .. " (" .. i .. ")", function()
        assert.has_error(c[1], c[2])
      end)
    end

    it("writes nothing into out when a number of segments is bad", function()
      local out = { "untouched" }
      assert.has_error(function()
        w:raycast_many({ 0, 5, 0, 0, -5, 0, 0, 5, 0, 0, -5, 0 / 0 }, nil, out)
      end)
      assert.are.same({ "untouched" }, out)
    end)
  end)

  describe("in a game loop", function()
    it("allocates nothing once out is given", function()
      local w = level()
      local s = motions(64)
      local out, e, axis = {}, V(0.4, 0.7, 0), V(0, 0.6, 0)
      local function frame()
        w:raycast_many(s, nil, out)
        w:sweep_sphere_many(0.3, s, 2, out)
        w:sweep_aabb_many(e, s, nil, out)
        w:sweep_capsule_many(0.3, axis, s, nil, out)
      end
      for _ = 1, 1000 do frame() end   -- buffers made, traces compiled
      collectgarbage("collect")
      collectgarbage("stop")
      local before = collectgarbage("count")
      for _ = 1, 2000 do frame() end
      local kb = collectgarbage("count") - before
      collectgarbage("restart")
      -- 8000 calls: anything made per call (a table, a cdata, a string: 16
      -- bytes or more) would be 125 KB or more. Lua 5.x counts 0 here;
      -- LuaJIT's count also holds what its compiler keeps for side
      -- traces, a few KB whatever the number of calls.
      assert.is_true(kb < 16, kb .. " KB")
    end)
  end)

  if collide.backend == "ffi" then
    describe("on the FFI backend, with double arrays", function()
      local ffi = require "ffi"
      local function array(t)
        local a = ffi.new("double[?]", #t)
        for i = 1, #t do a[i - 1] = t[i] end
        return a
      end

      it("takes segments and out as double[?] arrays", function()
        local w = level()
        local s = motions(50)
        local out = ffi.new("double[?]", 8 * 50)
        for _, kind in ipairs(KINDS) do
          assert.are.equal(out, kind.many(w, array(s), nil, out))
          local t = {}
          for i = 1, 8 * 50 do t[i] = out[i - 1] end
          check_against_single(kind, w, s, t)
          -- the same through a table out
          check_against_single(kind, w, s, kind.many(w, array(s)))
        end
      end)

      it("rejects other cdata and an out array too small", function()
        local w = level()
        assert.has_error(function() w:raycast_many(ffi.new("float[?]", 6)) end,
          "bad argument #1 to 'raycast_many' (table or double array expected, got cdata)")
        assert.has_error(function() w:raycast_many(ffi.new("double[?]", 7)) end,
          "bad argument #1 to 'raycast_many' (segments: length 7 is not a multiple of 6)")
        assert.has_error(function()
          w:raycast_many(ffi.new("double[?]", 12), nil, ffi.new("double[?]", 15))
        end, "bad argument #3 to 'raycast_many' (out: 16 numbers needed, the array holds 15)")
        assert.has_error(function()
          w:raycast_many({}, nil, ffi.new("int[?]", 8))
        end, "bad argument #3 to 'raycast_many' (table or double array expected, got cdata)")
        local out = ffi.new("double[?]", 16, 7)
        assert.has_error(function()
          w:raycast_many(array({ 0, 5, 0, 0, -5, 0, 0, 5, 0, 0, -5, 0 / 0 }), nil, out)
        end, "bad argument #1 to 'raycast_many' (segments[12]: number is NaN)")
        for i = 0, 15 do assert.are.equal(7, out[i]) end
      end)
    end)
  end
end)
