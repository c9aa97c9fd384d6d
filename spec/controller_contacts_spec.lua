-- spec/controller_contacts_spec.lua -- what a game may rely on about
-- contacts (issue 26): w:penetration_*, the push-out of a mover that starts
-- overlapping shapes, "oneway" shapes, and every shape touched at each
-- moment of contact.
--
-- The checkers here do not share the code's assumptions: a penetration is
-- judged by moving the query shape and asking the world's plain overlap
-- test (no depth, no support function) -- moved by depth along the normal
-- it must be clear, moved by a little less in any of hundreds of
-- directions it must still touch -- and by exact closed forms for boxes;
-- a push-out is judged by an interval test of boxes written here.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, tostring = assert, error, ipairs, math, tostring
local collide = require "collide"
local V = collide.vec3

local function near(a, b, tol)
  assert.is_true(math.abs(a - b) <= tol, ("%.17g is not within %g of %.17g"):format(a, tol, b))
end

-- A reproducible stream of numbers in [0, 1) (no math.random: the same
-- cases on every VM).
local function rng(seed)
  local s = seed
  return function()
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  end
end

-- Unit directions: n points spread over the sphere (a Fibonacci lattice),
-- or, flat, n directions of the z = 0 plane.
local function directions(n, flat)
  local out = {}
  for i = 0, n - 1 do
    if flat then
      local a = 2 * math.pi * i / n
      out[#out + 1] = V(math.cos(a), math.sin(a), 0)
    else
      local z = 1 - (2 * i + 1) / n
      local r, a = math.sqrt(1 - z * z), i * math.pi * (3 - math.sqrt(5))
      out[#out + 1] = V(r * math.cos(a), r * math.sin(a), z)
    end
  end
  return out
end

-- The query shapes: penetration(w, c [, filter]) and touches(w, c), the
-- world's overlap test of the same shape at c.
local QUERIES = {
  sphere = function(r)
    return { name = ("sphere r=%g"):format(r),
      penetration = function(w, c, f) return w:penetration_sphere(c, r, f) end,
      touches = function(w, c) return #w:overlap_sphere(c, r) > 0 end }
  end,
  aabb = function(e)
    return { name = "aabb " .. tostring(e),
      penetration = function(w, c, f) return w:penetration_aabb(c, e, f) end,
      touches = function(w, c) return #w:overlap_aabb(c, e) > 0 end }
  end,
  capsule = function(axis, r)
    return { name = ("capsule %s r=%g"):format(tostring(axis), r),
      penetration = function(w, c, f) return w:penetration_capsule(c - axis, c + axis, r, f) end,
      touches = function(w, c) return #w:overlap_capsule(c - axis, c + axis, r) > 0 end }
  end,
}

-- Judges the one penetration q reports at c in the world w holding a
-- single shape: moved by depth along its normal (plus a rounding margin)
-- the query shape is clear; moved by a little less than depth along the
-- normal, or along any of dirs, it still touches (no shorter way out).
local function judge(w, q, c, dirs, scale)
  local list = q.penetration(w, c)
  assert.are.equal(1, #list, q.name .. " at " .. tostring(c))
  local p = list[1]
  local eps = 1e-9 * scale
  near(p.normal:length(), 1, 1e-12)
  assert.is_true(p.depth >= 0)
  assert.is_false(q.touches(w, c + p.normal * (p.depth + eps)),
    ("%s at %s: still touching after depth %.17g along %s"):format(q.name, tostring(c),
      p.depth, tostring(p.normal)))
  if p.depth > 1e-6 * scale then
    local short = p.depth - 1e-6 * scale
    assert.is_true(q.touches(w, c + p.normal * short))
    for _, d in ipairs(dirs) do
      if not q.touches(w, c + d * short) then
        error(("%s at %s: %s moves it out by %.17g, shorter than the depth %.17g"):format(
          q.name, tostring(c), tostring(d), short, p.depth))
      end
    end
  end
  return p
end

describe("w:penetration_sphere / _aabb / _capsule", function()
  local dirs3, dirs2 = directions(600), directions(720, true)

  describe("against boxes (closed forms)", function()
    it("gives the axis and length of the smallest overlap, as a tile map needs", function()
      --   +-------+        the box (6, 14) at (0, -21) is 1 into the tile
      --   | mover |        (0, 0) +- 8: out by 1 along -y
      --   +--[1]--+
      --   |  tile |
      local w = collide.world()
      local id = w:add_aabb(V(0, 0), V(8, 8))
      local list = w:penetration_aabb(V(0, -21), V(6, 14))
      assert.are.equal(1, #list)
      assert.are.equal(id, list[1].id)
      assert.are.equal(V(0, -1, 0), list[1].normal)
      assert.are.equal(1, list[1].depth)
      -- a sphere whose centre is inside: out across the nearest edge, by
      -- the distance to it plus the radius (the 2D rule)
      list = w:penetration_sphere(V(3, 1), 2)
      assert.are.equal(V(1, 0, 0), list[1].normal)
      assert.are.equal(7, list[1].depth)
      -- 3D: a box in a box, every axis
      w = collide.world()
      w:add_aabb(V(0, 0, 0), V(1, 2, 3))
      list = w:penetration_aabb(V(0.5, 0.25, -2.5), V(1, 1, 1))
      -- overlaps: x 1.5, y 2.75 (from -0.75..1.25 against -2..2: out by
      -- 1.75 up or 3.25 down: 1.75), z 1.5 (-3.5..-1.5 against -3..3)
      assert.are.equal(1.5, list[1].depth)
      assert.is_true(list[1].normal == V(1, 0, 0) or list[1].normal == V(0, 0, -1))
      -- touching only: depth 0, and still listed (as overlap_aabb lists it)
      list = w:penetration_aabb(V(2, 0, 0), V(1, 1, 1))
      assert.are.equal(1, #list)
      assert.are.equal(0, list[1].depth)
      assert.are.equal(V(1, 0, 0), list[1].normal)
    end)

    it("lists every shape touched, ascending ids, and honours filters", function()
      local w = collide.world()
      local a = w:add_aabb(V(16, 0), V(8, 8), "b")
      local b = w:add_aabb(V(0, 0), V(8, 8), "a")
      local c = w:add_aabb(V(0, -16), V(8, 8), "c")
      w:add_aabb(V(100, 0), V(8, 8))
      local list = w:penetration_aabb(V(13, -13), V(6, 6))
      assert.are.same({ a, b, c }, { list[1].id, list[2].id, list[3].id })
      assert.are.same({ 1, 1, 1 }, { list[1].depth, list[2].depth, list[3].depth })
      assert.are.equal(V(0, -1, 0), list[1].normal)
      assert.are.equal(V(1, 0, 0), list[3].normal)
      w:set_layers(b, 2)
      list = w:penetration_aabb(V(13, -13), V(6, 6), 1)
      assert.are.same({ a, c }, { list[1].id, list[2].id })
      list = w:penetration_aabb(V(13, -13), V(6, 6), function(_, data) return data ~= "c" end)
      assert.are.same({ a, b }, { list[1].id, list[2].id })
      assert.are.same({}, w:penetration_sphere(V(50, 50), 1))
    end)

    it("answers the same for many shapes as for each alone", function()
      local w, ids = collide.world(), {}
      for i = 1, 40 do ids[i] = w:add_aabb(V(i * 2, 0), V(1.5, 1)) end
      local list = w:penetration_aabb(V(40, 0.5), V(45, 1))
      assert.are.equal(40, #list)
      for i, p in ipairs(list) do
        assert.are.equal(ids[i], p.id)
        -- each box: out along +y by 1.5 (the query's bottom -0.5 up to
        -- the box's top 1; down would be 2.5, and along x the long query
        -- covers each box whole)
        assert.are.equal(1.5, p.depth)
        assert.are.equal(V(0, 1, 0), p.normal)
      end
    end)
  end)

  -- Random overlaps of every query shape with every obstacle kind, judged
  -- by moving the query shape (judge).
  local function obstacles3(R)
    local function pt(s) return V((R() - 0.5) * s, (R() - 0.5) * s, (R() - 0.5) * s) end
    local function poly()
      -- a pentagon in a random plane
      local n = pt(2):normalize()
      local t = n:cross(V(0.3, 0.5, 0.8)):normalize()
      local b, c, r = n:cross(t), pt(1), 0.6 + R()
      local vs = {}
      for i = 0, 4 do
        local a = 2 * math.pi * i / 5
        vs[#vs + 1] = c + t * (r * math.cos(a)) + b * (r * math.sin(a))
      end
      return vs
    end
    return {
      { "triangle", function(w) return w:add_triangle(pt(4), pt(4), pt(4)) end },
      { "polygon", function(w) return w:add_polygon(poly()) end },
      { "aabb", function(w) return w:add_aabb(pt(1), V(0.2 + R(), 0.2 + R(), 0.2 + R())) end },
      { "sphere", function(w) return w:add_sphere(pt(1), 0.2 + R()) end },
      { "segment", function(w) return w:add_segment(pt(3), pt(3)) end },
      { "capsule", function(w) return w:add_capsule(pt(2), pt(2), 0.1 + 0.5 * R()) end },
      { "plane", function(w)
          local n = pt(2):normalize()
          return w:add_plane(collide.plane(n, (R() - 0.5)))
        end },
    }
  end

  local function queries3(R)
    return {
      QUERIES.sphere(0.3 + R()),
      QUERIES.aabb(V(0.2 + R(), 0.2 + R(), 0.2 + R())),
      QUERIES.capsule(V((R() - 0.5), (R() - 0.5), (R() - 0.5)), 0.2 + 0.6 * R()),
    }
  end

  it("is the shortest way out, in 3D, for every obstacle kind and query shape", function()
    local R, judged = rng(7), 0
    for round = 1, 6 do
      for _, o in ipairs(obstacles3(R)) do
        for _, q in ipairs(queries3(R)) do
          local w = collide.world()
          o[2](w)
          -- a centre near the obstacle, touching it (overlaps only)
          for _ = 1, 20 do
            local c = V((R() - 0.5) * 2, (R() - 0.5) * 2, (R() - 0.5) * 2)
            if q.touches(w, c) then
              judge(w, q, c, dirs3, 4)
              judged = judged + 1
              break
            end
          end
        end
      end
      assert.is_true(round > 0)
    end
    assert.is_true(judged > 80, "judged " .. judged)
  end)

  it("is the shortest way out in the plane for flat obstacles in 2D (the nearest edge)",
     function()
    local R, judged = rng(11), 0
    local function pt(s) return V((R() - 0.5) * s, (R() - 0.5) * s, 0) end
    local flat = {
      function(w)
        local a, b, c = pt(4), pt(4), pt(4)
        if math.abs((b - a):cross(c - a).z) < 0.3 then return nil end
        return w:add_triangle(a, b, c)
      end,
      function(w)
        local c, r, vs = pt(1), 0.6 + R(), {}
        for i = 0, 5 do
          local a = 2 * math.pi * i / 6 + R()  * 0.2
          vs[#vs + 1] = c + V(r * math.cos(a), r * math.sin(a))
        end
        return w:add_polygon(vs)
      end,
      function(w) return w:add_aabb(pt(1), V(0.2 + R(), 0.2 + R(), 0)) end,
      function(w) return w:add_segment(pt(3), pt(3)) end,
    }
    for _ = 1, 8 do
      for _, make in ipairs(flat) do
        local qs = {
          QUERIES.sphere(0.2 + R()),
          QUERIES.aabb(V(0.2 + R(), 0.2 + R(), 0)),
          QUERIES.capsule(V((R() - 0.5), (R() - 0.5), 0), 0.2 + 0.5 * R()),
        }
        for _, q in ipairs(qs) do
          local w = collide.world()
          if make(w) then
            for _ = 1, 20 do
              local c = pt(2)
              if q.touches(w, c) then
                local p = judge(w, q, c, dirs2, 4)
                assert.are.equal(0, p.normal.z, ("%s at %s in a %s: %s"):format(
                  q.name, tostring(c), (w:get(1)), tostring(p.normal)))
                judged = judged + 1
                break
              end
            end
          end
        end
      end
    end
    assert.is_true(judged > 60, "judged " .. judged)
  end)

  it("stays exact at large coordinates", function()
    local w = collide.world()
    w:add_aabb(V(1e6, 1e6, 0), V(8, 8, 0))
    local list = w:penetration_aabb(V(1e6 + 13, 1e6 + 0.5, 0), V(6, 6, 0))
    assert.are.equal(1, list[1].depth)
    assert.are.equal(V(1, 0, 0), list[1].normal)
    list = w:penetration_sphere(V(1e6 + 7.75, 1e6, 0), 0.5)
    near(list[1].depth, 0.75, 1e-9)
  end)

  describe("errors", function()
    local w = collide.world()
    it("name the argument, self not counted", function()
      assert.has_error(function() w:penetration_sphere(nil, 1) end,
        "bad argument #1 to 'penetration_sphere' (vec3 expected, got nil)")
      assert.has_error(function() w:penetration_sphere(V(0, 0), -1) end,
        "bad argument #2 to 'penetration_sphere' (negative radius)")
      assert.has_error(function() w:penetration_aabb(V(0, 0), V(1, -1)) end,
        "bad argument #2 to 'penetration_aabb' (negative extent)")
      assert.has_error(function() w:penetration_capsule(V(0, 0), V(0 / 0, 0), 1) end,
        "bad argument #2 to 'penetration_capsule' (vec3 has a NaN component)")
      assert.has_error(function() w:penetration_capsule(V(0, 0), V(1, 0), 1, "x") end,
        "bad argument #4 to 'penetration_capsule' (function or mask expected, got string)")
    end)
  end)
end)

-- ---- the controller -----------------------------------------------------------

-- Is the box (c, e) clear of the box (bc, be)? Clear by more than tol on
-- some axis (an interval test, independent of the library).
local function boxes_clear(c, e, bc, be, tol)
  return math.abs(c.x - bc.x) >= e.x + be.x - tol or math.abs(c.y - bc.y) >= e.y + be.y - tol
end

local up = V(0, -1, 0)   -- 2D, y down

describe("a mover that starts overlapping", function()
  it("is pushed out of the tile it is 1 px into, then moves, grounded (the issue's)", function()
    local w = collide.world()
    local tile = w:add_aabb(V(0, 0), V(8, 8))
    local e = V(6, 14)
    local pos, contacts, grounded = w:move_aabb(e, V(0, -21), V(5, -18), { up = up })
    assert.is_true(grounded)
    assert.is_true(pos.y < -22, tostring(pos))   -- out by 1 and the skin, landed back
    assert.is_true(pos.y > -22.01, tostring(pos))
    near(pos.x, 5, 1e-9)
    assert.are.equal(tile, contacts[1].id)
    assert.are.equal(0, contacts[1].u)
    assert.are.equal(1, contacts[1].depth)
    assert.are.equal(V(0, -1, 0), contacts[1].normal)
    assert.is_nil(contacts[1].stuck)
    for i = 2, #contacts do assert.is_nil(contacts[i].depth) end
    -- the frames after it: never in the tile again, grounded
    for _ = 1, 10 do
      pos, contacts, grounded = w:move_aabb(e, pos, pos + V(0.5, 3), { up = up })
      assert.is_true(grounded)
      assert.is_true(boxes_clear(pos, e, V(0, 0), V(8, 8), 0))
      for _, c in ipairs(contacts) do assert.is_nil(c.depth) end
    end
  end)

  it("resolves the corner of two tiles to a position clear of all", function()
    --  [3]          the 12 x 12 box at (13, -13) overlaps [1], [2] (its
    --  [1][2]       top edge) and [3] (its left): out by 1 right and 1 up
    local w = collide.world()
    local tiles = { { V(0, 0), V(8, 8) }, { V(16, 0), V(8, 8) }, { V(0, -16), V(8, 8) } }
    for _, t in ipairs(tiles) do w:add_aabb(t[1], t[2]) end
    local e = V(6, 6)
    local pos, contacts = w:move_aabb(e, V(13, -13), V(13, -13), { up = up })
    for _, t in ipairs(tiles) do assert.is_true(boxes_clear(pos, e, t[1], t[2], 0)) end
    near(pos.x, 14, 0.01)
    near(pos.y, -14, 0.01)
    assert.are.same({ 1, 2, 3 }, { contacts[1].id, contacts[2].id, contacts[3].id })
    for i = 1, 3 do
      assert.are.equal(0, contacts[i].u)
      assert.are.equal(1, contacts[i].depth)
    end
  end)

  it("ends clear of every tile of a random tile map, or stuck where it was (intervals)",
     function()
    local R = rng(3)
    local pushed, stuck = 0, 0
    for _ = 1, 60 do
      local w, tiles = collide.world(), {}
      for i = 1, 14 do
        local c = V(math.floor(R() * 6) * 16, math.floor(R() * 6) * 16)
        tiles[i] = { c, V(8, 8) }
        w:add_aabb(c, V(8, 8))
      end
      local e = V(3 + R() * 6, 3 + R() * 12)
      local from = V(R() * 96, R() * 96)
      local pos, contacts = w:move_aabb(e, from, from, { up = up })
      local any_stuck = false
      for _, c in ipairs(contacts) do any_stuck = any_stuck or c.stuck end
      if any_stuck then
        stuck = stuck + 1
        assert.are.equal(from, pos)
      else
        local moved = (pos - from):length()
        assert.is_true(moved <= math.max(e.x, e.y) + 1e-9)
        local clear = true
        for _, t in ipairs(tiles) do clear = clear and boxes_clear(pos, e, t[1], t[2], 0) end
        -- pushed by less than the way out: still in, nearer the way out
        if moved < math.max(e.x, e.y) - 1e-9 then assert.is_true(clear, tostring(from)) end
        if #contacts > 0 then pushed = pushed + 1 end
      end
    end
    assert.is_true(pushed > 10 and stuck > 0, pushed .. " pushed, " .. stuck .. " stuck")
  end)

  it("stays where it is, stuck, when squeezed between shapes", function()
    local w = collide.world()
    local floor = w:add_aabb(V(0, 8), V(50, 8))
    local ceiling = w:add_aabb(V(0, -22), V(50, 8))
    -- room between them: y from -14 to 0, the box is 20 high
    local pos, contacts, _, vel = w:move_aabb(V(6, 10), V(0, -7), V(3, -6), { up = up })
    assert.are.equal(V(0, -7), pos)
    assert.are.equal(V(0, 0), vel)
    assert.are.same({ floor, ceiling }, { contacts[1].id, contacts[2].id })
    assert.is_true(contacts[1].stuck and contacts[2].stuck)
    assert.are.equal(3, contacts[1].depth)
    assert.are.equal(3, contacts[2].depth)
  end)

  it("is pushed by at most max_push a move, default the largest half-size", function()
    local w = collide.world()
    w:add_aabb(V(0, 0), V(100, 8))
    -- 10 into the floor, half-size 6: 6 this move
    local e = V(6, 6)
    local pos, contacts = w:move_aabb(e, V(0, -4), V(0, -4), { up = up })
    assert.are.equal(-10, pos.y)
    assert.are.equal(10, contacts[1].depth)
    pos = w:move_aabb(e, pos, pos, { up = up })
    assert.is_true(pos.y < -14 and pos.y > -14.01, tostring(pos))
    pos = w:move_aabb(e, V(0, -4), V(0, -4), { up = up, max_push = 2.5 })
    assert.are.equal(-6.5, pos.y)
    -- max_push = 0: no push-out (it stays in, as before)
    pos, contacts = w:move_aabb(e, V(0, -4), V(0, -4), { up = up, max_push = 0 })
    assert.are.equal(-4, pos.y)
    assert.are.same({}, contacts)
  end)

  it("is pushed out of spheres and capsules along the shortest way, for every mover", function()
    local w = collide.world()
    local ball = w:add_sphere(V(0, 0, 0), 1)
    local p1 = w:move_sphere(0.5, V(1.2, 0, 0), V(1.2, 0, 0))
    assert.is_true(p1.x > 1.5 and p1.x < 1.501, tostring(p1))
    local p2, c2 = w:move_capsule(0.25, V(0, 0.5, 0), V(0, 1.5, 0), V(0, 1.5, 0))
    assert.is_true(p2.y > 1.75 and p2.y < 1.751, tostring(p2))
    assert.are.equal(ball, c2[1].id)
    near(c2[1].depth, 0.25, 1e-12)
    local p3 = w:move_aabb(V(0.5, 0.5, 0.5), V(0, 0, 1.25), V(0, 0, 1.25))
    assert.is_true(p3.z > 1.5 and p3.z < 1.501, tostring(p3))
  end)

  it("is not pushed out of shapes the filter ignores, crosses or makes one-way", function()
    local w = collide.world()
    local a = w:add_aabb(V(0, 0), V(8, 8), "ignore")
    local b = w:add_aabb(V(40, 0), V(8, 8), "cross")
    local c = w:add_aabb(V(80, 0), V(8, 8), "oneway")
    local responses = { ignore = false, cross = "cross", oneway = "oneway" }
    local function filter(_, data) return responses[data] end
    for _, x in ipairs({ 0, 40, 80 }) do
      local pos, contacts = w:move_aabb(V(6, 14), V(x, -21), V(x, -21),
        { up = up, filter = filter })
      assert.are.equal(V(x, -21), pos)
      for _, k in ipairs(contacts) do assert.is_nil(k.depth) end
    end
    assert.is_true(a < b and b < c)
  end)

  it("is pushed out for w:move_shape too, never out of itself", function()
    local w = collide.world()
    local tile = w:add_aabb(V(0, 0), V(8, 8))
    local npc = w:add_aabb(V(0, -21), V(6, 14))   -- 1 px into the tile
    local pos, contacts, grounded = w:move_shape(npc, V(0, -21), { up = up })
    assert.is_true(grounded)
    assert.is_true(pos.y < -22 and pos.y > -22.01, tostring(pos))
    assert.are.same({ tile }, { contacts[1].id })
    assert.are.equal(1, contacts[1].depth)
    local _, c = w:get(npc)
    assert.are.equal(pos, c)
    -- at rest it stays bit for bit, with no contact of its own
    local again, cs = w:move_shape(npc, pos, { up = up })
    assert.are.equal(pos, again)
    for _, k in ipairs(cs) do assert.are_not.equal(npc, k.id) end
  end)

  it("counts max_push errors the Lua way", function()
    local w = collide.world()
    assert.has_error(function() w:move_sphere(1, V(0, 0), V(1, 0), { max_push = -1 }) end,
      "bad argument #4 to 'move_sphere' (negative max_push)")
    assert.has_error(function()
      w:move_capsule(1, V(0, 1), V(0, 0), V(1, 0), { max_push = "x" })
    end,
      "bad argument #5 to 'move_capsule' (options.max_push: number expected, got string)")
    assert.has_error(function() w:move_aabb(V(1, 1), V(0, 0), V(1, 0), { max_push = 0 / 0 }) end,
      "bad argument #4 to 'move_aabb' (number is NaN)")
  end)
end)

describe('a filter returning "oneway"', function()
  -- The issue's level: ground top at y = 100, a platform 8 thick at y = 50,
  -- a 12 x 28 box, gravity 1400 px/s^2, 60 Hz, y down.
  local G, DT, E = 1400, 1 / 60, V(6, 14)
  local function level()
    local w = collide.world()
    local ground = w:add_aabb(V(0, 150), V(200, 50), "ground")
    local platform = w:add_aabb(V(0, 50), V(30, 4), "platform")
    return w, ground, platform
  end
  local function oneway(_, data) return data == "platform" and "oneway" or true end

  -- Jumps at speed v from the ground, with or without the platform: the
  -- positions of 120 frames, and the frames that overlapped the platform.
  local function jump(v, with_platform)
    local w = level()
    if not with_platform then w:remove(2) end
    local pos, vel = V(0, 100 - 14 - 0.001), V(0, -v)
    local path, inside = {}, 0
    for i = 1, 120 do
      vel = vel + V(0, G * DT)
      local _, g
      pos, _, g, vel = w:move_aabb(E, pos, pos + vel * DT,
        { up = up, velocity = vel, filter = oneway, snap = 1 })
      if not boxes_clear(pos, E, V(0, 50), V(30, 4), 1e-9) then inside = inside + 1 end
      if g then vel.y = 0 end
      path[i] = pos
    end
    return path, inside
  end

  it("never holds a mover whose jump ends inside it (the issue's 360 and 320-340 px/s)", function()
    for _, v in ipairs({ 320, 330, 340, 360 }) do
      -- the platform passes through its body on the way up and back down:
      -- frame for frame the jump it makes without the platform
      local path, inside = jump(v, true)
      local free = jump(v, false)
      assert.is_true(inside > 0)
      for i = 1, #path do
        assert.is_true((path[i] - free[i]):length() < 1e-9,
          ("%d px/s, frame %d: %s, without the platform %s"):format(v, i,
            tostring(path[i]), tostring(free[i])))
      end
      -- back on the ground
      assert.is_true(math.abs(path[#path].y - 86) < 0.01,
        v .. ": ended at " .. tostring(path[#path]))
    end
  end)

  it("lets a jump that clears it land on it and stand there", function()
    local path = jump(420, true)
    assert.is_true(math.abs(path[#path].y - (46 - 14)) < 0.01, tostring(path[#path]))
  end)

  it("is passed through from the side and from below, blocks from above", function()
    local w, _, platform = level()
    -- from the side, level with it
    local pos = w:move_aabb(E, V(-60, 50), V(60, 50), { up = up, filter = oneway })
    assert.are.equal(V(60, 50), pos)
    -- from below
    pos = w:move_aabb(E, V(0, 75), V(0, 25), { up = up, filter = oneway })
    assert.are.equal(V(0, 25), pos)
    -- from above: lands, grounded, the contact listed
    local contacts, grounded
    pos, contacts, grounded = w:move_aabb(E, V(0, 20), V(0, 40), { up = up, filter = oneway })
    assert.is_true(grounded)
    assert.is_true(pos.y < 32 and pos.y > 31.99, tostring(pos))
    assert.are.equal(platform, contacts[1].id)
  end)

  it("needs options.up: a clear error otherwise", function()
    local w = level()
    assert.has_error(function()
      w:move_aabb(E, V(0, 20), V(0, 40), { filter = oneway })
    end, "bad argument #4 to 'move_aabb' ('oneway' needs options.up)")
    assert.has_error(function()
      w:move_capsule(6, V(0, 8), V(0, 0), V(0, 40), { filter = oneway })
    end, "bad argument #5 to 'move_capsule' ('oneway' needs options.up)")
  end)

  it("works for spheres and capsules too", function()
    local w, _, platform = level()
    local p, c = w:move_sphere(6, V(0, 30), V(0, 60), { up = up, filter = oneway })
    assert.is_true(p.y < 40 and p.y > 39.99, tostring(p))
    assert.are.equal(platform, c[1].id)
    p = w:move_sphere(6, V(0, 70), V(0, 30), { up = up, filter = oneway })
    assert.are.equal(V(0, 30), p)
    p = w:move_capsule(6, V(0, 8), V(0, 20), V(0, 60), { up = up, filter = oneway })
    assert.is_true(p.y < 32 and p.y > 31.99, tostring(p))
  end)
end)

describe("contacts", function()
  it("list every tile a landing touches, by u then id", function()
    --      [mover]
    --  [3][1][2]     the box lands across three tiles added out of order
    local w = collide.world()
    local t1 = w:add_aabb(V(16, 8), V(8, 8))
    local t2 = w:add_aabb(V(32, 8), V(8, 8))
    local t3 = w:add_aabb(V(0, 8), V(8, 8))
    local pos, contacts, grounded = w:move_aabb(V(14, 14), V(16, -20), V(16, -5), { up = up })
    assert.is_true(grounded)
    assert.is_true(pos.y < -14 and pos.y > -14.01)
    assert.are.equal(3, #contacts)
    assert.are.same({ t1, t2, t3 }, { contacts[1].id, contacts[2].id, contacts[3].id })
    assert.are.equal(contacts[1].u, contacts[2].u)
    assert.are.equal(contacts[1].u, contacts[3].u)
    for _, c in ipairs(contacts) do assert.are.equal(V(0, -1, 0), c.normal) end
  end)

  it("list a landing across two tiles as two, for every mover", function()
    local w = collide.world()
    local a = w:add_aabb(V(8, 8), V(8, 8))
    local b = w:add_aabb(V(24, 8), V(8, 8))
    local _, cs = w:move_aabb(V(6, 14), V(16, -20), V(16, -5), { up = up })
    assert.are.same({ a, b }, { cs[1].id, cs[2].id })
    _, cs = w:move_capsule(4, V(0, 6), V(16, -20), V(16, -5), { up = up })
    assert.are.same({ a, b }, { cs[1].id, cs[2].id })
    -- a sphere touches the two where they meet, at one point
    _, cs = w:move_sphere(4, V(16, -20), V(16, -2), { up = up })
    assert.are.same({ a, b }, { cs[1].id, cs[2].id })
    assert.are.equal(cs[1].u, cs[2].u)
  end)

  it("list a shape once for one moment, even when the next round meets it again", function()
    --  wall and floor met at the same moment: the corner
    local w = collide.world()
    local floor = w:add_aabb(V(0, 10), V(100, 10))
    local wall = w:add_aabb(V(30, -20), V(10, 20))
    local _, cs = w:move_aabb(V(5, 5), V(10, -10), V(20, -3), { up = up })
    local seen = {}
    for _, c in ipairs(cs) do
      local key = c.id .. "@" .. c.u
      assert.is_nil(seen[key], key)
      seen[key] = true
    end
    for i = 2, #cs do
      assert.is_true(cs[i - 1].u < cs[i].u or (cs[i - 1].u == cs[i].u and cs[i - 1].id < cs[i].id))
    end
    assert.is_true(floor < wall)
  end)

  it("leave out what the filter ignores among the shapes touched", function()
    local w = collide.world()
    w:add_aabb(V(8, 8), V(8, 8), "skip")
    local b = w:add_aabb(V(24, 8), V(8, 8))
    local _, cs = w:move_aabb(V(6, 14), V(16, -20), V(16, -5),
      { up = up, filter = function(_, d) return d ~= "skip" end })
    assert.are.same({ b }, { cs[1].id })
    assert.are.equal(1, #cs)
  end)
end)
