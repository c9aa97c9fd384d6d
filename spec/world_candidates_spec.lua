-- spec/world_candidates_spec.lua -- w:candidates_aabb(e, c0, c1 [, out]),
-- the broadphase's ids along a box sweep. Judged by two checks that do
-- not share its code: every shape the exact queries (w:sweep_aabb,
-- w:overlap_aabb, w:raycast_all) meet is listed, and every shape listed has
-- a bounding box (computed here from w:get) within a hair of the box the
-- query sweeps.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, pcall, rawget = assert, error, ipairs, math, pcall, rawget
local setmetatable = setmetatable
local collide = require "collide"
local V = collide.vec3

-- Park and Miller's minimal standard generator (exact in doubles), the
-- same numbers on every Lua.
local seed = 777
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function rnd_in(a, b) return a + (b - a) * rnd() end

-- A 2D level of the shapes a game puts in one (z = 0), some moved and
-- given a velocity after the first build, as a game's platforms are.
local function level()
  local w = collide.world()
  for i = 0, 29 do w:add_aabb(V(i * 2 + 1, -1), V(1, 1, 0), "tile") end
  for _ = 1, 40 do
    local x, y = rnd_in(0, 60), rnd_in(0, 30)
    local k = math.floor(rnd() * 5)
    if k == 0 then
      w:add_aabb(V(x, y), V(rnd_in(0.2, 2), rnd_in(0.2, 2), 0), "box")
    elseif k == 1 then
      w:add_sphere(V(x, y), rnd_in(0.2, 1.5), "ball")
    elseif k == 2 then
      w:add_segment(V(x, y), V(x + rnd_in(-4, 4), y + rnd_in(-4, 4)), "wall")
    elseif k == 3 then
      w:add_triangle(V(x, y), V(x + rnd_in(1, 3), y), V(x, y + rnd_in(1, 3)), "ramp")
    else
      w:add_capsule(V(x, y), V(x + rnd_in(-2, 2), y + rnd_in(-2, 2)), rnd_in(0.2, 1), "pipe")
    end
  end
  w:build()
  -- moved and moving shapes: the tree keeps enlarged boxes for them
  for id = 31, 40 do
    local kind = w:get(id)
    if kind == "aabb" then
      local _, c, e = w:get(id)
      w:update(id, V(c.x + rnd_in(-3, 3), c.y + rnd_in(-3, 3)), e)
    end
    w:set_velocity(id, V(rnd_in(-2, 2), rnd_in(-2, 2), 0))
  end
  return w
end

-- The bounding box of shape id over the step (at its place and at its
-- place plus its velocity), from w:get.
local function bounds(w, id)
  local g = { w:get(id) }
  local kind = g[1]
  local pts
  local pad = 0
  if kind == "aabb" then
    local c, e = g[2], g[3]
    pts = { c - e, c + e }
  elseif kind == "sphere" then
    pts, pad = { g[2] }, g[3]
  elseif kind == "segment" then
    pts = { g[2], g[3] }
  elseif kind == "capsule" then
    pts, pad = { g[2], g[3] }, g[4]
  elseif kind == "triangle" then
    pts = { g[2], g[3], g[4] }
  else
    return nil   -- a plane: no box
  end
  local lo = { math.huge, math.huge, math.huge }
  local hi = { -math.huge, -math.huge, -math.huge }
  local d = w:velocity(id) or V(0, 0, 0)
  for _, p in ipairs(pts) do
    for _, q in ipairs({ p, p + d }) do
      local c = { q.x, q.y, q.z }
      for k = 1, 3 do
        lo[k] = math.min(lo[k], c[k] - pad)
        hi[k] = math.max(hi[k], c[k] + pad)
      end
    end
  end
  return lo, hi
end

-- Does the box (lo, hi), grown by slack, meet the box of half-extents e
-- moving from c0 to c1? (the slab test on the box grown by e: Ericson 5.3.3)
local function swept_meets(lo, hi, e, c0, c1, slack)
  local t0, t1 = 0, 1
  local E, A, B = { e.x, e.y, e.z }, { c0.x, c0.y, c0.z }, { c1.x, c1.y, c1.z }
  for k = 1, 3 do
    local l, h = lo[k] - E[k] - slack, hi[k] + E[k] + slack
    local d = B[k] - A[k]
    if d == 0 then
      if A[k] < l or A[k] > h then return false end
    else
      local a, b = (l - A[k]) / d, (h - A[k]) / d
      if a > b then a, b = b, a end
      t0, t1 = math.max(t0, a), math.min(t1, b)
      if t0 > t1 then return false end
    end
  end
  return true
end

local function set_of(list, n)
  local s = {}
  for i = 1, n do s[list[i]] = true end
  return s
end

describe("w:candidates_aabb", function()
  it("lists every shape a box sweep, a box held still and a segment meet, ascending",
     function()
    local w = level()
    local hits, listed_total = 0, 0
    for q = 1, 300 do
      local e = V(rnd_in(0, 2), rnd_in(0, 2), 0)
      if q % 5 == 0 then e = V(0, 0, 0) end
      local c0 = V(rnd_in(-2, 62), rnd_in(-3, 32))
      local c1 = q % 3 == 0 and c0 or V(rnd_in(-2, 62), rnd_in(-3, 32))
      local out, n = w:candidates_aabb(e, c0, c1)
      assert.are.equal(n, #out)
      for i = 2, n do assert.is_true(out[i - 1] < out[i]) end
      local listed = set_of(out, n)
      -- every shape the exact sweep can hit: each one asked alone
      for id in w:shapes() do
        local hit = w:sweep_aabb(e, c0, c1, function(i) return i == id end)
        if hit then
          hits = hits + 1
          assert.is_true(listed[id], "sweep hits " .. id .. " unlisted")
        end
      end
      if c0 == c1 then
        for _, id in ipairs(w:overlap_aabb(c0, e)) do
          assert.is_true(listed[id], "overlap " .. id .. " unlisted")
        end
      end
      if e.x == 0 and e.y == 0 then
        for _, h in ipairs(w:raycast_all(c0, c1)) do
          assert.is_true(listed[h.id], "ray " .. h.id .. " unlisted")
        end
      end
      -- and nothing whose box is clearly away from the swept box
      listed_total = listed_total + n
      for i = 1, n do
        local lo, hi = bounds(w, out[i])
        assert.is_true(swept_meets(lo, hi, e, c0, c1, 1e-5),
                       "listed " .. out[i] .. " is away from the query")
      end
    end
    -- (the scenes are not empty: most queries meet something)
    assert.is_true(hits > 300, "hits " .. hits)
    assert.is_true(listed_total > hits, "listed " .. listed_total)
  end)

  it("lists a box it only touches, planes always, sensors never", function()
    local w = collide.world()
    local a = w:add_aabb(V(0, 0), V(1, 1, 0))
    local b = w:add_aabb(V(10, 0), V(1, 1, 0))
    local floor = w:add_plane(collide.plane(V(0, 1, 0), -100))
    local s = w:add_aabb(V(0, 3), V(1, 1, 0))
    w:set_sensor(s, true)
    -- a box held still whose right face is a's left face
    assert.are.same({ a, floor }, (w:candidates_aabb(V(1, 1, 0), V(-2, 0), V(-2, 0))))
    -- a segment along y = 0 from x = -5 to 20: both boxes
    assert.are.same({ a, b, floor }, (w:candidates_aabb(V(0, 0, 0), V(-5, 0), V(20, 0))))
    -- far from both
    local out, n = w:candidates_aabb(V(1, 1, 0), V(5, 50), V(6, 50))
    assert.are.same({ floor }, out)
    assert.are.equal(1, n)
  end)

  it("fills a given table in place and clears the entries after the ids", function()
    local w = collide.world()
    for i = 1, 10 do w:add_aabb(V(i * 3, 0), V(1, 1, 0)) end
    local out = { "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l" }
    local got, n = w:candidates_aabb(V(0.5, 0.5, 0), V(3, 0), V(9, 0), out)
    assert.are.equal(out, got)
    assert.are.equal(3, n)
    assert.are.same({ 1, 2, 3 }, out)
    got, n = w:candidates_aabb(V(0.5, 0.5, 0), V(-5, 0), V(100, 0), out)
    assert.are.equal(10, n)
    assert.are.same({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, got)
    got, n = w:candidates_aabb(V(0.5, 0.5, 0), V(0, 50), V(0, 50), out)
    assert.are.equal(0, n)
    assert.are.same({}, got)
    -- a table with a metatable is written raw, as raycast_many's out
    local guarded = setmetatable({}, { __newindex = function() error("not raw") end })
    got, n = w:candidates_aabb(V(0.5, 0.5, 0), V(3, 0), V(3, 0), guarded)
    assert.are.equal(guarded, got)
    assert.are.equal(1, n)
    assert.are.equal(1, rawget(guarded, 1))
  end)

  it("grows past its buffer: thousands of ids", function()
    local w = collide.world()
    for i = 1, 3000 do w:add_aabb(V(i, 0), V(0.5, 0.5, 0)) end
    local out, n = w:candidates_aabb(V(0, 0, 0), V(-10, 0.25), V(4000, 0.25))
    assert.are.equal(3000, n)
    for i = 1, 3000 do assert.are.equal(i, out[i]) end
  end)

  it("may be called from a filter of another query (it changes nothing)", function()
    local w = collide.world()
    w:add_aabb(V(0, 0), V(1, 1, 0))
    w:add_aabb(V(5, 0), V(1, 1, 0))
    local inner
    local ids = w:overlap_aabb(V(0, 0), V(10, 10, 0), function(id)
      inner = { w:candidates_aabb(V(0, 0, 0), V(-10, 0), V(10, 0)) }
      return id == 2
    end)
    assert.are.same({ 2 }, ids)
    assert.are.same({ 1, 2 }, inner[1])
    assert.are.equal(2, inner[2])
  end)

  it("names a bad argument", function()
    local w = collide.world()
    local function err(...)
      local ok, msg = pcall(w.candidates_aabb, w, ...)
      assert.is_false(ok)
      return msg
    end
    assert.matches("bad argument #1 to 'candidates_aabb' %(negative extent",
                   err(V(-1, 0, 0), V(0, 0), V(0, 0)))
    assert.matches("bad argument #1 to 'candidates_aabb' %(vec3 expected, got number%)",
                   err(1, V(0, 0), V(0, 0)))
    assert.matches("bad argument #2 to 'candidates_aabb' %(vec3 has a NaN component%)",
                   err(V(1, 1, 0), V(0 / 0, 0), V(0, 0)))
    assert.matches("bad argument #3 to 'candidates_aabb' %(vec3 expected, got nil%)",
                   err(V(1, 1, 0), V(0, 0)))
    assert.matches("bad argument #4 to 'candidates_aabb' %(table expected, got string%)",
                   err(V(1, 1, 0), V(0, 0), V(1, 0), "out"))
    assert.matches("bad argument #4 to 'candidates_aabb' %(table expected, got number%)",
                   err(V(1, 1, 0), V(0, 0), V(1, 0), 5))
    assert.matches("bad argument #2 to 'candidates_aabb'",
                   err(V(1, 1, 0), V(1e300, 0), V(1, 0)))
    -- tables as vectors, as every world method takes
    local out, n = w:candidates_aabb({ 1, 1, 0 }, { x = 0, y = 0 }, { 3, 0 })
    assert.are.same({}, out)
    assert.are.equal(0, n)
  end)
end)

-- w:update_candidates_aabb(id, c, e, qe, c0, c1 [, out]): w:update(id, c, e)
-- of an aabb, then w:candidates_aabb(qe, c0, c1, out), in one call. Judged
-- against the two calls made one after the other on a twin world.
describe("w:update_candidates_aabb", function()
  local function twins()
    local a, b = collide.world(), collide.world()
    for i = 0, 39 do
      for _, w in ipairs({ a, b }) do w:add_aabb(V(i * 2 + 1, -1), V(1, 1, 0)) end
    end
    local movers = {}
    for k = 1, 20 do
      local c, e = V(rnd_in(0, 80), rnd_in(0, 10)), V(rnd_in(0.2, 2), rnd_in(0.2, 2), 0)
      movers[k] = a:add_aabb(c, e)
      assert.are.equal(movers[k], b:add_aabb(c, e))
    end
    return a, b, movers
  end

  it("moves the box, then lists the candidates as the two calls do", function()
    local a, b, movers = twins()
    local out = {}
    for _ = 1, 300 do
      local id = movers[math.floor(rnd() * #movers) + 1]
      local c, e = V(rnd_in(-5, 85), rnd_in(-3, 12)), V(rnd_in(0.1, 3), rnd_in(0.1, 3), 0)
      local qe = V(rnd_in(0, 2), rnd_in(0, 2), 0)
      local c0, c1 = V(rnd_in(-5, 85), rnd_in(-3, 12)), V(rnd_in(-5, 85), rnd_in(-3, 12))
      if rnd() < 0.3 then c1 = c0 end
      local got, n = a:update_candidates_aabb(id, c, e, qe, c0, c1, out)
      assert.are.equal(out, got)
      assert.is_true(b:update(id, c, e))
      local want, m = b:candidates_aabb(qe, c0, c1)
      assert.are.equal(m, n)
      assert.are.same(want, got)
      assert.are.same({ b:get(id) }, { a:get(id) })
    end
  end)

  it("lists more candidates than fit at once, and moves the box once", function()
    local w = collide.world()
    for i = 1, 500 do w:add_aabb(V(i, 0), V(0.5, 0.5, 0)) end
    local out, n = w:update_candidates_aabb(7, V(250, 0), V(0.5, 0.5, 0),
                                            V(0, 0, 0), V(-10, 0.25), V(600, 0.25))
    assert.are.equal(500, n)
    for i = 1, 500 do assert.are.equal(i, out[i]) end
    local kind, c = w:get(7)
    assert.are.equal("aabb", kind)
    assert.are.equal(250, c.x)
    -- (tables as vectors, as every world method takes)
    out, n = w:update_candidates_aabb(7, { 7, 0 }, { x = 0.5, y = 0.5 }, { 0, 0, 0 },
                                      { 3, 10 }, { 3, 10 })
    assert.are.same({}, out)
    assert.are.equal(0, n)
  end)

  it("names a bad argument, and leaves the world as it was", function()
    local w = collide.world()
    local box = w:add_aabb(V(0, 0), V(1, 1, 0))
    local ball = w:add_sphere(V(5, 0), 1)
    local function err(...)
      local ok, msg = pcall(w.update_candidates_aabb, w, ...)
      assert.is_false(ok)
      local _, c, e = w:get(box)
      assert.are.same({ 0, 0, 1, 1 }, { c.x, c.y, e.x, e.y })
      return msg
    end
    local c, e, z = V(3, 0), V(1, 1, 0), V(0, 0, 0)
    local name = "bad argument #%d to 'update_candidates_aabb' "
    assert.matches(name:format(1) .. "%(index out of range%)", err(ball, c, e, z, c, c))
    assert.matches(name:format(1) .. "%(index out of range%)", err(99, c, e, z, c, c))
    assert.matches(name:format(1) .. "%(index out of range%)", err(0, c, e, z, c, c))
    assert.matches(name:format(1) .. "%(index out of range%)", err(1.5, c, e, z, c, c))
    assert.matches(name:format(1) .. "%(index out of range%)", err(0 / 0, c, e, z, c, c))
    assert.matches(name:format(1) .. "%(number expected, got string%)",
                   err("1", c, e, z, c, c))
    assert.matches(name:format(2) .. "%(vec3 has a NaN component%)",
                   err(box, { 0 / 0, 0 }, e, z, c, c))
    assert.matches(name:format(3) .. "%(negative extent%)", err(box, c, V(-1, 1, 0), z, c, c))
    assert.matches(name:format(4) .. "%(negative extent%)", err(box, c, e, V(0, -1, 0), c, c))
    assert.matches(name:format(4) .. "%(vec3 expected, got nil%)", err(box, c, e))
    assert.matches(name:format(5) .. "%(vec3 has an infinite component%)",
                   err(box, c, e, z, { 1 / 0, 0 }, c))
    assert.matches(name:format(6) .. "%(vec3 component too large",
                   err(box, c, e, z, c, V(1e300, 0)))
    assert.matches(name:format(7) .. "%(table expected, got string%)",
                   err(box, c, e, z, c, c, "out"))
    -- a ball's own update, for comparison, answers false
    assert.is_false(w:update(box + 100, c, e))
  end)

  it("is refused from a filter of another query (it changes the world)", function()
    local w = collide.world()
    local box = w:add_aabb(V(0, 0), V(1, 1, 0))
    local msg
    w:overlap_aabb(V(0, 0), V(10, 10, 0), function()
      local ok
      ok, msg = pcall(w.update_candidates_aabb, w, box, V(3, 0), V(1, 1, 0),
                      V(0, 0, 0), V(0, 0), V(0, 0))
      assert.is_false(ok)
      return true
    end)
    assert.is_truthy(msg:find("update_candidates_aabb: world is locked during a query", 1, true),
                     msg)
    local _, c = w:get(box)
    assert.are.equal(0, c.x)
  end)
end)
