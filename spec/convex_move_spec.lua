-- spec/convex_move_spec.lua -- convex shapes that move through a world:
-- w:sweep_convex and w:move_convex (and w:move_shape of a world's convex
-- shape, where the world holds them).
--
-- Judged as a user would judge them, by checks that do not share the
-- core's code:
--   * w:sweep_convex against one shape of each kind answers what the
--     standalone collide.sweep_convex_* function answers for that shape
--     (and, for a moving shape, for the relative motion);
--   * a box hull at rotation 0 walks a level (stairs, a ramp whose foot is
--     on the floor, a crest, a one-way platform, a moving platform, a
--     spawn inside a shape) on the very path move_aabb of the same half
--     extents takes, frame by frame, to rounding;
--   * a turned box and a hexagon walking levels in 2D and 3D never end a
--     frame inside a shape (a separating-axis test written here, on plain
--     numbers) and are grounded on every frame of a staircase with snap.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, pairs, pcall, select = assert, ipairs, math, pairs, pcall, select
local setmetatable, table = setmetatable, table
local collide = require "collide"
local size = dofile("spec/support/size.lua")
local V = collide.vec3

local UP = V(0, 1, 0)

---------------------------------------------------------------- helpers

-- A random number in [a, b) from a seeded generator of our own (the same
-- cases on every VM).
local function rng(seed)
  local s = seed
  return function(a, b)
    s = (s * 1103515245 + 12345) % 2147483648
    return a + (b - a) * s / 2147483648
  end
end

local function same_hit(a, b, tol)
  assert.are.equal(a[1], b[1])
  if not a[1] then return end
  assert.near(a[2], b[2], tol)
  for k = 3, 4 do
    assert.near(a[k].x, b[k].x, tol)
    assert.near(a[k].y, b[k].y, tol)
    assert.near(a[k].z, b[k].z, tol)
  end
  assert.are.equal(a[5], b[5])
end

---------------------------------------------------------------- sweep_convex

describe("w:sweep_convex", function()
  local HULLS = {
    collide.convex_box(V(0.5, 0.7, 0.3)),
    collide.convex({ V(1, 0, 0), V(0.5, 0.87, 0), V(-0.5, 0.87, 0), V(-1, 0, 0),
                     V(-0.5, -0.87, 0), V(0.5, -0.87, 0) }),       -- a hexagon (2D)
    collide.convex({ V(0, 1, 0), V(1, -1, 1), V(-1, -1, 1), V(0, -1, -1),
                     V(0.2, 0.1, 0.3) }),                          -- an odd polytope
  }
  local ROTS = { 0, 0.7, { w = math.cos(0.4), x = 0, y = math.sin(0.4), z = 0 },
                 { w = 0.5, x = 0.5, y = 0.5, z = 0.5 } }
  -- (on the plane y = 0.1 x + 0.05 z)
  local poly = collide.polygon({ V(-1, -0.15, -1), V(1, 0.04, -1.2), V(1.3, 0.18, 1),
                                 V(-1, -0.05, 1) })
  local plane = collide.plane(V(0.1, 1, 0.2), 1.5)

  -- One shape of each kind, its standalone sweep, and how to add it.
  local KINDS = {
    { "triangle", function(w) return w:add_triangle(V(-1, 0, -1), V(2, 0.5, 0), V(0, -0.3, 2)) end,
      function(A, r, c0, c1) return collide.sweep_convex_triangle(A, r, c0, c1,
        V(-1, 0, -1), V(2, 0.5, 0), V(0, -0.3, 2)) end },
    { "polygon", function(w) return w:add_polygon(poly) end,
      function(A, r, c0, c1) return collide.sweep_convex_polygon(A, r, c0, c1, poly) end },
    { "aabb", function(w) return w:add_aabb(V(0.2, -0.1, 0.3), V(1, 0.6, 0.8)) end,
      function(A, r, c0, c1) return collide.sweep_convex_aabb(A, r, c0, c1,
        V(0.2, -0.1, 0.3), V(1, 0.6, 0.8)) end },
    { "sphere", function(w) return w:add_sphere(V(0.1, 0.2, -0.3), 0.9) end,
      function(A, r, c0, c1) return collide.sweep_convex_sphere(A, r, c0, c1,
        V(0.1, 0.2, -0.3), 0.9) end },
    { "segment", function(w) return w:add_segment(V(-2, 0, 0.5), V(2, 0.4, -0.5)) end,
      function(A, r, c0, c1) return collide.sweep_convex_segment(A, r, c0, c1,
        V(-2, 0, 0.5), V(2, 0.4, -0.5)) end },
    { "capsule", function(w) return w:add_capsule(V(-1, 0, 0), V(1, 0.5, 0.2), 0.4) end,
      function(A, r, c0, c1) return collide.sweep_convex_capsule(A, r, c0, c1,
        V(-1, 0, 0), V(1, 0.5, 0.2), 0.4) end },
    { "plane", function(w) return w:add_plane(plane) end,
      function(A, r, c0, c1) return collide.sweep_convex_plane(A, r, c0, c1, plane) end },
  }

  local B = collide.convex({ V(-1, -0.5, -0.8), V(1.2, -0.4, -0.7), V(0.1, 1, -0.5),
                             V(0, 0, 1), V(-0.6, 0.3, 0.4) })
  local BROT = { w = math.cos(0.3), x = math.sin(0.3) * 0.6, y = 0, z = math.sin(0.3) * 0.8 }
  KINDS[#KINDS + 1] = { "convex", function(w) return w:add_convex(B, V(0.2, -0.3, 0.1), BROT) end,
    function(A, r, c0, c1) return collide.sweep_convex_convex(A, r, c0, c1, B, BROT,
      V(0.2, -0.3, 0.1)) end }

  for _, K in ipairs(KINDS) do
    it("answers what collide.sweep_convex_" .. K[1] .. " answers, for that shape",
       function()
      local w = collide.world()
      local id = K[2](w)
      local r = rng(#K[1] * 7919)
      local hits = 0
      for i = 1, 240 do
        local A, rot = HULLS[i % #HULLS + 1], ROTS[i % #ROTS + 1]
        local c0 = V(r(-4, 4), r(-4, 4), r(-4, 4))
        local c1 = i % 5 == 0 and c0 or V(r(-4, 4), r(-4, 4), r(-4, 4))
        local want = { K[3](A, rot, c0, c1) }
        local got = { w:sweep_convex(A, rot, c0, c1) }
        same_hit(want, got, 0)
        if got[1] then
          hits = hits + 1
          assert.are.equal(id, got[6])
        end
      end
      assert.is_true(hits > 20)
    end)

    it("sweeps the relative motion against a moving " .. K[1], function()
      if K[1] == "plane" then return end   -- (planes do not move)
      local w = collide.world()
      local id = K[2](w)
      local d = V(0.8, -0.3, 0.5)
      w:set_velocity(id, d)
      local r = rng(#K[1] * 104729)
      local hits = 0
      for i = 1, 120 do
        local A, rot = HULLS[i % #HULLS + 1], ROTS[i % #ROTS + 1]
        local c0 = V(r(-4, 4), r(-4, 4), r(-4, 4))
        local c1 = V(r(-4, 4), r(-4, 4), r(-4, 4))
        -- the shape held at its place, the mover's end moved back by d;
        -- the point is where the shape is at that moment
        local want = { K[3](A, rot, c0, c1 - d) }
        if want[1] then want[3] = want[3] + d * want[2] end
        local got = { w:sweep_convex(A, rot, c0, c1) }
        same_hit(want, got, 1e-12)
        if got[1] then hits = hits + 1 end
      end
      assert.is_true(hits > 10)
    end)
  end

  it("gives the first contact over many shapes; ties go to the lowest id", function()
    local w = collide.world()
    local a = w:add_aabb(V(5, 0, 0), V(1, 1, 1))
    local b = w:add_aabb(V(5, 3, 0), V(1, 1, 1))    -- the same face x = 4, later id
    w:add_aabb(V(9, 0, 0), V(1, 1, 1))              -- behind
    local A = collide.convex_box(V(0.5, 2, 0.5))
    local hit, u, _, n, _, id = w:sweep_convex(A, 0, V(0, 1.5, 0), V(8, 1.5, 0))
    assert.is_true(hit)
    assert.near(3.5 / 8, u, 1e-15)
    assert.are.equal(V(-1, 0, 0), n)
    assert.are.equal(a, id)
    assert.is_true(b > a)
  end)

  -- Over a terrain the world tests most triangles with a quick separation
  -- test before the exact kernel; judged here by the standalone sweep over
  -- every triangle (first u, then lowest id), on sweeps that end exactly
  -- at their contact or a hair before it, and that start touching.
  it("over a mesh answers the first of the standalone sweeps over its triangles",
     function()
    local w = collide.world()
    local r = rng(2718)
    local n, verts, idx = 6, {}, {}
    for i = 0, n do
      for j = 0, n do verts[i * (n + 1) + j + 1] = V(i - 3, r(0, 0.8), j - 3) end
    end
    for i = 0, n - 1 do
      for j = 0, n - 1 do
        local a, b = i * (n + 1) + j + 1, (i + 1) * (n + 1) + j + 1
        idx[#idx + 1], idx[#idx + 2], idx[#idx + 3] = a, b, a + 1
        idx[#idx + 1], idx[#idx + 2], idx[#idx + 3] = b, b + 1, a + 1
      end
    end
    local first = w:add_mesh(verts, idx)
    local function standalone(A, rot, c0, c1)
      local best
      for t = 0, #idx / 3 - 1 do
        local h = { collide.sweep_convex_triangle(A, rot, c0, c1, verts[idx[3 * t + 1]],
                                                  verts[idx[3 * t + 2]], verts[idx[3 * t + 3]]) }
        if h[1] and (not best or h[2] < best[2]) then
          best = h
          best[6] = first + t
        end
      end
      return best or { false }
    end
    local hits, touching = 0, 0
    for i = 1, 160 do
      local A, rot = HULLS[i % #HULLS + 1], ROTS[i % #ROTS + 1]
      local c0 = V(r(-2.5, 2.5), r(1.2, 2.5), r(-2.5, 2.5))
      local c1 = c0 + V(r(-1.5, 1.5), r(-3, -1), r(-1.5, 1.5))
      local want = standalone(A, rot, c0, c1)
      local got = { w:sweep_convex(A, rot, c0, c1) }
      same_hit(want, got, 0)
      if want[1] then
        hits = hits + 1
        assert.are.equal(want[6], got[6])
        -- ending exactly at the contact, a hair before it, and starting there
        local at = c0 + (c1 - c0) * want[2]
        for _, c in ipairs({ { c0, at }, { c0, c0 + (c1 - c0) * (want[2] * (1 - 1e-12)) },
                             { at, at + (c1 - c0) } }) do
          local w2 = standalone(A, rot, c[1], c[2])
          local g2 = { w:sweep_convex(A, rot, c[1], c[2]) }
          same_hit(w2, g2, 0)
          if w2[1] then
            assert.are.equal(w2[6], g2[6])
            if w2[2] == 0 then touching = touching + 1 end
          end
        end
      end
    end
    assert.is_true(hits > 60)
    assert.is_true(touching > 30)
  end)

  it("takes a filter (function or mask), skips sensors, fills out-vectors", function()
    local w = collide.world()
    local a = w:add_aabb(V(5, 0, 0), V(1, 1, 1))
    local b = w:add_aabb(V(8, 0, 0), V(1, 1, 1))
    w:set_layers(a, 2)
    local A = collide.convex_box(V(0.5, 0.5, 0.5))
    local _, _, _, _, _, id = w:sweep_convex(A, 0.3, V(0, 0, 0), V(12, 0, 0),
                                             function(i) return i ~= a end)
    assert.are.equal(b, id)
    _, _, _, _, _, id = w:sweep_convex(A, 0.3, V(0, 0, 0), V(12, 0, 0), 1)
    assert.are.equal(b, id)
    _, _, _, _, _, id = w:sweep_convex(A, 0.3, V(0, 0, 0), V(12, 0, 0), 2)
    assert.are.equal(a, id)
    w:set_sensor(a, true)
    _, _, _, _, _, id = w:sweep_convex(A, 0.3, V(0, 0, 0), V(12, 0, 0))
    assert.are.equal(b, id)
    local p, n = V(), V()
    local hit, _, p2, n2 = w:sweep_convex(A, 0, V(0, 0, 0), V(12, 0, 0), nil, p, n)
    assert.is_true(hit)
    assert.are.equal(p, p2)
    assert.are.equal(n, n2)
    assert.are.equal(V(-1, 0, 0), n)
    assert.is_false(w:sweep_convex(A, 0, V(0, 5, 0), V(12, 5, 0), nil, p, n))
  end)

  it("names the bad argument, counted without self", function()
    local w = collide.world()
    local A = collide.convex_box(V(1, 1, 1))
    local function err(...)
      local ok, msg = pcall(w.sweep_convex, w, ...)
      assert.is_false(ok)
      return msg
    end
    assert.matches("bad argument #1 to 'sweep_convex' %(convex expected, got table%)",
                   err({}, 0, V(), V()))
    assert.matches("bad argument #2 to 'sweep_convex' %(rotation",
                   err(A, "x", V(), V()))
    assert.matches("bad argument #2 to 'sweep_convex' %(rotation is not a unit quaternion%)",
                   err(A, { w = 1, x = 1, y = 0, z = 0 }, V(), V()))
    assert.matches("bad argument #2 to 'sweep_convex'", err(A, 0 / 0, V(), V()))
    assert.matches("bad argument #3 to 'sweep_convex' %(vec3 expected",
                   err(A, 0, nil, V()))
    assert.matches("bad argument #4 to 'sweep_convex'", err(A, 0, V(), { 1 / 0, 0, 0 }))
    assert.matches("bad argument #5 to 'sweep_convex'", err(A, 0, V(), V(), "f"))
    assert.matches("bad argument #6 to 'sweep_convex'", err(A, 0, V(), V(), nil, 3))
  end)
end)

---------------------------------------------------------------- a level

-- The level every walk below goes through, in the xy plane of motion
-- (y up), as boxes (centre, half-extents) and ramp triangles, for the
-- world and for the checkers alike. z extent: 3 either side.
local STEP_RISE, STEP_RUN = 0.25, 0.6
local function level_shapes()
  local boxes, tris = {}, {}
  boxes[#boxes + 1] = { V(20, -0.5, 0), V(40, 0.5, 3) }               -- floor
  for i = 0, 4 do                                                       -- stairs
    local x0, x1 = 3 + i * STEP_RUN, 6
    local top = (i + 1) * STEP_RISE
    boxes[#boxes + 1] = { V((x0 + x1) / 2, top / 2, 0), V((x1 - x0) / 2, top / 2, 3) }
  end
  -- down the far side of the stairs: a drop of 1.25 in 5 steps
  for i = 0, 4 do
    local x0, x1 = 6, 6 + (5 - i) * STEP_RUN
    local top = (i + 1) * STEP_RISE
    boxes[#boxes + 1] = { V((x0 + x1) / 2, top / 2, 0), V((x1 - x0) / 2, top / 2, 3) }
  end
  -- a ramp, its foot on the floor at x = 12, up 1.5 over 3, a flat top
  -- and down again (a crest at each end of the top)
  local function quad(a, b, c, d)
    tris[#tris + 1] = { a, b, c }
    tris[#tris + 1] = { a, c, d }
  end
  quad(V(12, 0, -3), V(12, 0, 3), V(15, 1.5, 3), V(15, 1.5, -3))
  quad(V(15, 1.5, -3), V(15, 1.5, 3), V(16, 1.5, 3), V(16, 1.5, -3))
  quad(V(16, 1.5, -3), V(16, 1.5, 3), V(19, 0, 3), V(19, 0, -3))
  local oneway = #boxes + 1
  boxes[oneway] = { V(22, 0.9, 0), V(1.5, 0.1, 3) }                    -- one-way platform
  local platform = #boxes + 1
  boxes[platform] = { V(27, 0.15, 0), V(1.5, 0.15, 3) }                -- moving platform
  boxes[#boxes + 1] = { V(36, 1, 0), V(0.5, 1, 3) }                    -- a wall
  return boxes, tris, oneway, platform
end

local PLATFORM_V = V(0.004, 0, 0)

-- The world of the level: ids of the one-way and moving platforms.
local function level_world()
  local boxes, tris, oneway, platform = level_shapes()
  local w = collide.world()
  local ids = {}
  for i, b in ipairs(boxes) do ids[i] = w:add_aabb(b[1], b[2]) end
  for _, t in ipairs(tris) do w:add_triangle(t[1], t[2], t[3]) end
  w:set_velocity(ids[platform], PLATFORM_V)
  return w, ids[oneway], ids[platform]
end

-- A walk of frames frames at 60 Hz fed back as the README says (vel =
-- (input, vel.y - g dt)), back for the last 100; it jumps at x = 19.5
-- (through the one-way platform, onto it) and every 250 frames; move(w,
-- pos, to, opts)
-- is the mover's call; opts_extra's entries replace the options (false:
-- removes one). Returns the frames: {position, grounded, velocity,
-- contacts}, and the moving platform's id; the platform is moved by
-- w:advance after each frame.
local function walk(move, start, frames, speed, opts_extra)
  local w, oneway, platform = level_world()
  local pos, vel = start, V(0, 0, 0)
  local out = {}
  local dt, g = 1 / 60, 20
  local jumped = false
  for f = 1, frames do
    local input = f < frames - 100 and speed or -speed
    if f % 250 == 120 or (not jumped and pos.x > 19.5 and f > 1 and out[f - 1][2]) then
      jumped = jumped or pos.x > 19.5
      vel.y = 7
    end
    vel = V(input, vel.y - g * dt, 0)
    local opts = { up = UP, step_height = 0.35, snap = 0.5, velocity = vel,
      filter = function(id) if id == oneway then return "oneway" end return true end }
    for k, v in pairs(opts_extra or {}) do
      if v == false and k ~= "carry" then opts[k] = nil else opts[k] = v end
    end
    local p, c, gr, v = move(w, pos, pos + vel * dt, opts)
    out[f] = { p, gr, v, c }
    pos, vel = p, v
    w:advance()
  end
  return out, platform
end

describe("w:move_convex with a box hull at rotation 0", function()
  local e = V(0.4, 0.5, 0.4)
  local A = collide.convex_box(e)
  local function aabb(w, from, to, o) return w:move_aabb(e, from, to, o) end
  local function convex(w, from, to, o) return w:move_convex(A, 0, from, to, o) end

  local function sorted(list)
    local t = {}
    for k, c in ipairs(list) do t[k] = c end
    table.sort(t, function(x, y) if x.id ~= y.id then return x.id < y.id end return x.u < y.u end)
    return t
  end

  local function compare(start, speed, extra, frames)
    local a, platform = walk(aabb, start, frames or 900, speed, extra)
    local b = walk(convex, start, frames or 900, speed, extra)
    local top = -1
    -- (luassert's call, and its message, only for a failure: a walk is
    -- hundreds of frames)
    local function near(x, y, tol, what, f)
      if not (math.abs(x - y) <= tol) then   -- luacheck: ignore 581 (a NaN fails too)
        assert.near(x, y, tol, what .. "frame " .. f)
      end
    end
    for f = 1, #a do
      local pa, pb = a[f][1], b[f][1]
      local tol = 1e-9 * (1 + math.abs(pa.x))
      near(pa.x, pb.x, tol, "", f)
      near(pa.y, pb.y, tol, "", f)
      near(pa.z, pb.z, tol, "", f)
      if a[f][2] ~= b[f][2] then assert.are.equal(a[f][2], b[f][2], "grounded, frame " .. f) end
      near(a[f][3].x, b[f][3].x, 1e-6, "velocity, ", f)
      near(a[f][3].y, b[f][3].y, 1e-6, "velocity, ", f)
      -- the same contacts; their order by u may differ where two are at
      -- the same moment but for rounding (two triangles of a ramp), and
      -- the u of a contact met by a move of a skin's length carries the
      -- rounding of its place divided by that length
      local ca, cb = sorted(a[f][4]), sorted(b[f][4])
      if #ca ~= #cb then assert.are.equal(#ca, #cb, "contacts, frame " .. f) end
      for k = 1, #ca do
        -- (the ground found at the end, u = 1, is the first of the shapes
        -- under the mover: at a crest, the ramp's edge and the top's face
        -- are met at the same moment but for rounding, either may come
        -- first; it is the same surface)
        if ca[k].u < 1 then
          if ca[k].id ~= cb[k].id then
            assert.are.equal(ca[k].id, cb[k].id, "contact id, frame " .. f)
          end
        else
          near(ca[k].normal.y, cb[k].normal.y, 1e-9, "ground, ", f)
        end
        near(ca[k].u, cb[k].u, 1e-6, "contact u, ", f)
        if (ca[k].depth ~= nil) ~= (cb[k].depth ~= nil) then
          assert.are.equal(ca[k].depth ~= nil, cb[k].depth ~= nil, "contact depth, frame " .. f)
        end
      end
      if pa.y > top then top = pa.y end
    end
    return a, top, platform
  end

  it("follows move_aabb's path frame by frame over stairs, ramp, crests, platforms",
     function()
    local a, top, platform = compare(V(0, 0.5, 0), 6)
    -- it did walk the level: up the stairs (1.25 + 0.5), the ramp's top,
    -- onto the one-way platform from below (jumping through it), the
    -- moving platform, to the wall
    assert.is_true(top > 1.9)
    local at_wall, on_platform, on_oneway = false, false, false
    for f = 1, #a do
      if a[f][1].x > 34.5 then at_wall = true end
      if a[f][2] and a[f][1].y > 1.4 and a[f][1].x > 20 and a[f][1].x < 24 then
        on_oneway = true
      end
      for _, c in ipairs(a[f][4]) do if c.id == platform then on_platform = true end end
    end
    assert.is_true(at_wall)
    assert.is_true(on_oneway)
    assert.is_true(on_platform)
  end)

  it("follows it at other speeds, slow and fast", function()
    compare(V(0, 0.5, 0), 2, nil, 1400)
    compare(V(0, 0.5, 0), 20, nil, 400)
  end)

  it("follows it out of a spawn inside the floor and inside a step", function()
    local a = compare(V(0, 0.2, 0), 6)
    assert.is_truthy(a[1][4][1].depth)
    a = compare(V(3.5, 0.3, 0), 6)
    assert.is_truthy(a[1][4][1].depth)
  end)

  it("follows it riding the moving platform, and with carry off", function()
    local a = compare(V(27, 0.9, 0), 0.01, nil, 300)
    -- it rode the platform: from 27 by 0.004 a frame, but for a jump
    assert.is_true(a[199][1].x > 27.4)
    compare(V(27, 0.9, 0), 0.01, { carry = false }, 300)
  end)

  it("follows it in 2D, y down (tiles, stairs, a ramp in the plane, a wall)", function()
    local e2 = V(0.2, 0.3, 0)                  -- a flat rectangle
    local A2 = collide.convex_box(e2)
    local function level2()
      local w = collide.world()
      local grid = {}
      for r = 1, 12 do
        grid[r] = {}
        for c = 1, 40 do grid[r][c] = r >= 11 and 1 or 0 end
      end
      for k = 0, 3 do for r = 10 - k, 10 do grid[r][10 + k] = 1 end end   -- stairs
      for r = 7, 10 do for c = 14, 18 do grid[r][c] = 1 end end           -- a block
      for r = 5, 10 do grid[r][30] = 1 end                                -- a wall
      w:add_tiles(grid, V(0.5, 0.5, 0))
      w:add_triangle(V(11, 5, 0), V(13, 5, 0), V(13, 4, 0))             -- a ramp
      return w
    end
    local function run(move)
      local w = level2()
      local pos, vel, out = V(1, 4.69, 0), V(0, 0, 0), {}
      for f = 1, 700 do
        if f % 200 == 100 then vel.y = -8 end
        vel = V(f < 600 and 3 or -3, vel.y + 20 / 60, 0)
        local o = { up = V(0, -1, 0), step_height = 0.55, snap = 0.6, velocity = vel }
        local p, _, g, v = move(w, pos, pos + vel / 60, o)
        out[f] = { p, g }
        pos, vel = p, v
      end
      return out
    end
    local a = run(function(w, p, q, o) return w:move_aabb(e2, p, q, o) end)
    local b = run(function(w, p, q, o) return w:move_convex(A2, 0, p, q, o) end)
    local far = 0
    for f = 1, #a do
      assert.near(a[f][1].x, b[f][1].x, 1e-9, "frame " .. f)
      assert.near(a[f][1].y, b[f][1].y, 1e-9, "frame " .. f)
      assert.are.equal(0, b[f][1].z)
      assert.are.equal(a[f][2], b[f][2], "grounded, frame " .. f)
      far = math.max(far, a[f][1].x)
    end
    assert.is_true(far > 14)                     -- up to the wall
  end)

  it("follows it with stop_on_slope and steep_as_wall, and without up", function()
    compare(V(0, 0.5, 0), 6, { stop_on_slope = true, steep_as_wall = true })
    compare(V(10, 0.5, 0), 6, { up = false, step_height = false, snap = false,
                                       filter = false })
  end)
end)

---------------------------------------------------------------- the checker

-- Does the convex set of points P (a mover's corners) overlap the convex
-- set Q by more than tol? Separating axes: the axes given (face normals of
-- both, cross products of their edges). Plain Lua numbers only.
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function extent(P, n)
  local lo, hi = math.huge, -math.huge
  for _, p in ipairs(P) do
    local t = dot(p, n)
    if t < lo then lo = t end
    if t > hi then hi = t end
  end
  return lo, hi
end
-- The depth of overlap of P and Q (<= 0: apart or touching) over the axes.
local function depth(P, Q, axes)
  local best = math.huge
  for _, n in ipairs(axes) do
    local len = math.sqrt(dot(n, n))
    if len > 1e-12 then
      local alo, ahi = extent(P, n)
      local blo, bhi = extent(Q, n)
      local d = math.min(ahi - blo, bhi - alo) / len
      if d < best then best = d end
    end
  end
  return best
end

-- The corners and edge directions of a box (centre c, half-extents e), as
-- plain numbers; of a mover given by its turned corners and edges.
local function box_solid(c, e)
  local P = {}
  for i = 0, 7 do
    P[#P + 1] = { c.x + (i % 2 == 1 and e.x or -e.x), c.y + (i % 4 >= 2 and e.y or -e.y),
                  c.z + (i >= 4 and e.z or -e.z) }
  end
  return { pts = P, faces = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
           edges = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } }
end
local function tri_solid(t)
  local a, b, c = { t[1]:unpack() }, { t[2]:unpack() }, { t[3]:unpack() }
  local n = cross(sub(b, a), sub(c, a))
  return { pts = { a, b, c }, faces = { n, cross(n, sub(b, a)), cross(n, sub(c, b)),
                                        cross(n, sub(a, c)) },
           edges = { sub(b, a), sub(c, b), sub(a, c), n } }
end

-- The mover's solid at pos: its corners turned by the matrix rows R, its
-- face normals and edges given in its own frame.
local function turn(R, v) return { dot(R[1], v), dot(R[2], v), dot(R[3], v) } end
local function mover_solid(shape, R, pos)
  local P, F, E = {}, {}, {}
  for i, v in ipairs(shape.pts) do
    local t = turn(R, v)
    P[i] = { t[1] + pos.x, t[2] + pos.y, t[3] + pos.z }
  end
  for i, n in ipairs(shape.faces) do F[i] = turn(R, n) end
  for i, d in ipairs(shape.edges) do E[i] = turn(R, d) end
  return { pts = P, faces = F, edges = E }
end

local function bounds(P)
  local lo, hi = { math.huge, math.huge, math.huge }, { -math.huge, -math.huge, -math.huge }
  for _, p in ipairs(P) do
    for k = 1, 3 do
      if p[k] < lo[k] then lo[k] = p[k] end
      if p[k] > hi[k] then hi[k] = p[k] end
    end
  end
  return lo, hi
end

local function overlap_depth(M, S)
  -- (apart along an axis of the world: no need for the others)
  local mlo, mhi = bounds(M.pts)
  if not S.hi then S.lo, S.hi = bounds(S.pts) end
  for k = 1, 3 do
    if mlo[k] > S.hi[k] + 1e-3 or mhi[k] < S.lo[k] - 1e-3 then return -1e-3 end
  end
  local axes = {}
  for _, n in ipairs(M.faces) do axes[#axes + 1] = n end
  for _, n in ipairs(S.faces) do axes[#axes + 1] = n end
  for _, a in ipairs(M.edges) do
    for _, b in ipairs(S.edges) do axes[#axes + 1] = cross(a, b) end
  end
  return depth(M.pts, S.pts, axes)
end

-- The level's solids for the checker (the moving platform where it is
-- after `frames` advances; not the one-way platform, which a mover jumps
-- through from below).
local FIXED
local function level_solids(frames)
  local boxes, tris, oneway, platform = level_shapes()
  if not FIXED then
    FIXED = {}
    for i, b in ipairs(boxes) do
      if i ~= oneway and i ~= platform then FIXED[#FIXED + 1] = box_solid(b[1], b[2]) end
    end
    for _, t in ipairs(tris) do FIXED[#FIXED + 1] = tri_solid(t) end
  end
  local S = {}
  for i, x in ipairs(FIXED) do S[i] = x end
  S[#S + 1] = box_solid(boxes[platform][1] + PLATFORM_V * frames, boxes[platform][2])
  return S
end

---------------------------------------------------------------- turned movers

describe("w:move_convex with turned shapes", function()
  -- a box turned 0.3 about z, and about y (its corners then lead in z too)
  local e = { 0.4, 0.5, 0.4 }
  local box_pts = {}
  for i = 0, 7 do
    box_pts[#box_pts + 1] = { i % 2 == 1 and e[1] or -e[1], i % 4 >= 2 and e[2] or -e[2],
                              i >= 4 and e[3] or -e[3] }
  end
  local BOX = { pts = box_pts, faces = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
                edges = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } }
  local BOX_HULL = collide.convex_box(V(e[1], e[2], e[3]))
  -- a hexagon in the xy plane (2D), flat top and bottom
  local hex_pts, hex_v = {}, {}
  for k = 0, 5 do
    local a = k * math.pi / 3
    hex_pts[k + 1] = { 0.5 * math.cos(a), 0.5 * math.sin(a), 0 }
    hex_v[k + 1] = V(hex_pts[k + 1][1], hex_pts[k + 1][2], 0)
  end
  local hex_faces, hex_edges = { { 0, 0, 1 } }, { { 0, 0, 1 } }
  for k = 1, 6 do
    local d = sub(hex_pts[k % 6 + 1], hex_pts[k])
    hex_edges[#hex_edges + 1] = d
    hex_faces[#hex_faces + 1] = cross({ 0, 0, 1 }, d)
  end
  local HEX = { pts = hex_pts, faces = hex_faces, edges = hex_edges }
  local HEX_HULL = collide.convex(hex_v)

  local function rot_z(t)
    local c, s = math.cos(t), math.sin(t)
    return { { c, -s, 0 }, { s, c, 0 }, { 0, 0, 1 } }
  end
  local function rot_y(t)   -- the quaternion (cos t/2, 0, sin t/2, 0)
    local c, s = math.cos(t), math.sin(t)
    return { { c, 0, s }, { 0, 1, 0 }, { -s, 0, c } }
  end

  local CASES = {
    { "a box turned 0.3 about z", BOX, BOX_HULL, 0.3, rot_z(0.3) },
    { "a box turned 0.5 about y", BOX, BOX_HULL,
      { w = math.cos(0.25), x = 0, y = math.sin(0.25), z = 0 }, rot_y(0.5) },
    { "a hexagon (2D)", HEX, HEX_HULL, 0, rot_z(0) },
    { "a hexagon turned 0.2", HEX, HEX_HULL, 0.2, rot_z(0.2) },
  }

  it("(the checker sees a shape sunk into a step, and one resting on it)", function()
    local step = box_solid(V(4.5, 0.125, 0), V(1.5, 0.125, 3))
    local R = rot_z(0.3)
    local low = 0.4 * math.sin(0.3) + 0.5 * math.cos(0.3)   -- its lowest corner
    assert.is_true(overlap_depth(mover_solid(BOX, R, V(4.5, 0.25 + low - 0.01, 0)), step) > 0.009)
    assert.is_true(overlap_depth(mover_solid(BOX, R, V(4.5, 0.25 + low + 1e-6, 0)), step) <= 0)
    assert.is_true(overlap_depth(mover_solid(HEX, rot_z(0), V(3.1, 0.2, 0)), step) > 0.09)
  end)

  for _, K in ipairs(CASES) do
    local name, shape, hull, rot, R = K[1], K[2], K[3], K[4], K[5]
    -- how far the turned shape reaches below its origin
    local below = 0
    for _, v in ipairs(shape.pts) do
      local t = turn(R, v)
      if -t[2] > below then below = -t[2] end
    end

    it(name .. " walks the level and never ends a frame inside a shape", function()
      -- (at 12 the walk is at the wall by frame 175: the quick size, make
      -- test, stops it at 300 frames, 25 against the wall and the 100 back
      -- over the platforms to the ramp; spec-full walks 900 as at 3)
      for _, speed in ipairs({ 3, 12 }) do
        local frames = walk(function(w, from, to, o)
          return w:move_convex(hull, rot, from, to, o)
        end, V(0, below + 0.01, 0), speed == 12 and size.cases(300, 900) or 900, speed)
        local top = -1
        for f, fr in ipairs(frames) do
          local M = mover_solid(shape, R, fr[1])
          for i, S in ipairs(level_solids(f)) do
            local d = overlap_depth(M, S)
            -- (luassert's call, and its message, only for a failure)
            if not (d <= 1e-9) then   -- luacheck: ignore 581 (a NaN fails too)
              assert.is_true(false, name .. ": inside solid " .. i .. " by " .. d ..
                             " at frame " .. f .. ", speed " .. speed)
            end
          end
          if fr[1].y > top then top = fr[1].y end
        end
        -- it climbed the stairs and the ramp
        assert.is_true(top > 1.25 + below, name .. " did not climb (" .. top .. ")")
      end
    end)

    it(name .. " is grounded on every frame of the stairs, up and down, with snap",
       function()
      local w = collide.world()
      local boxes = level_shapes()
      for i = 1, 11 do w:add_aabb(boxes[i][1], boxes[i][2]) end
      local pos, vel = V(0, below + 1e-4, 0), V(0, 0, 0)
      local dt, g = 1 / 60, 20
      local opts = { up = UP, step_height = 0.35, snap = 0.5 }
      -- settle on the floor first
      for _ = 1, 5 do
        opts.velocity = V(0, vel.y - g * dt, 0)
        pos, _, _, vel = w:move_convex(hull, rot, pos, pos + opts.velocity * dt, opts)
      end
      local on_stairs = 0
      for f = 1, 600 do
        vel = V(3, vel.y - g * dt, 0)
        opts.velocity = vel
        local p, _, grounded, v = w:move_convex(hull, rot, pos, pos + vel * dt, opts)
        if p.x > 2.5 and p.x < 10 then
          on_stairs = on_stairs + 1
          assert.is_true(grounded, name .. ": in the air at frame " .. f .. ", x = " .. p.x)
        end
        pos, vel = p, v
        if pos.x > 10 then break end
      end
      assert.is_true(on_stairs > 100)
      assert.is_true(pos.x > 10)
    end)
  end
end)

---------------------------------------------------------------- move_shape

describe("w:move_shape of a convex shape", function()
  local A = collide.convex_box(V(0.4, 0.5, 0.4))
  local HEX = {}
  for k = 0, 5 do
    HEX[k + 1] = V(0.5 * math.cos(k * math.pi / 3), 0.5 * math.sin(k * math.pi / 3))
  end
  HEX = collide.convex(HEX)

  it("returns what move_convex returns from its place, and is moved there", function()
    local function world()
      local w = collide.world()
      w:add_aabb(V(0, -1, 0), V(10, 1, 3))
      w:add_aabb(V(3, 0.125, 0), V(1, 0.125, 3))   -- a step
      return w
    end
    local opts = { up = UP, step_height = 0.35, snap = 0.5 }
    local w1, w2 = world(), world()
    local id = w2:add_convex(A, V(0, 0.5, 0), 0.2, "npc")
    local rot = 0.2
    local pos, top = V(0, 0.5, 0), 0
    for f = 1, 120 do
      local to = pos + V(0.05, -0.02, 0)
      local p1, c1, g1, v1 = w1:move_convex(A, rot, pos, to, opts)
      local p2, c2, g2, v2 = w2:move_shape(id, to, opts)
      assert.are.equal(p1, p2, "frame " .. f)
      assert.are.equal(g1, g2)
      assert.are.equal(v1, v2)
      assert.are.equal(#c1, #c2)
      local kind, hull, place, r = w2:get(id)
      assert.are.equal("convex", kind)
      assert.are.equal(p2, place)
      assert.are.equal(0.2, r)                  -- the rotation as it was given
      assert.are.equal(8, #hull:vertices())
      pos = p1
      top = math.max(top, pos.y)
    end
    assert.is_true(pos.x > 5.5 and top > 0.8)   -- over the step
    assert.are.equal("npc", w2:data(id))
    -- the others see it where it went
    local hit, _, _, _, _, hid = w2:raycast(pos + V(0, 3, 0), pos - V(0, 3, 0))
    assert.is_true(hit)
    assert.are.equal(id, hid)
  end)

  it("moves a 2D hexagon that stops at another convex shape, never inside it", function()
    local w = collide.world()
    local a = w:add_convex(HEX, V(0, 0, 0), 0)
    local b = w:add_convex(HEX, V(3, 0.2, 0), 0.5)
    local p, c = w:move_shape(a, V(6, 0, 0))
    assert.are.equal(1, #c)
    assert.are.equal(b, c[1].id)
    assert.is_true(p.x < 3)
    -- clear of b: a sweep of a from its place toward b finds b ahead or touching
    local hit, u = w:sweep_convex(HEX, 0, p, V(6, 0, 0), function(i) return i == b end)
    assert.is_true(hit)
    assert.is_true(u >= 0)
    assert.are.same({ a, b }, w:overlap_sphere(V(1.5, 0.1, 0), 2))
    -- pushed out when started inside (a shape updated onto it)
    w:update(b, HEX, p + V(0.3, 0, 0), 0.5)
    local p2, c2 = w:move_shape(a, p)
    assert.are.equal(b, c2[1].id)
    assert.is_true(c2[1].depth > 0)
    assert.is_true((p2 - p):length() > 0.1)
  end)

  it("records its sensor events at the exact moments", function()
    local w = collide.world()
    local s = w:add_aabb(V(5, 0, 0), V(1, 1, 1))
    w:set_sensor(s, true)
    local id = w:add_convex(collide.convex_box(V(0.5, 0.5, 0.5)), V(0, 0, 0), 0.3)
    w:move_shape(id, V(10, 0, 0))
    -- the turned box reaches 0.5 (cos 0.3 + sin 0.3) along x either way
    local reach = 0.5 * (math.cos(0.3) + math.sin(0.3))
    local ev = w:sensor_events()
    assert.are.equal(2, #ev)
    assert.are.same({ s, id, "begin" }, { ev[1].sensor, ev[1].id, ev[1].event })
    assert.near((4 - reach) / 10, ev[1].u, 1e-12)
    assert.are.same({ s, id, "end" }, { ev[2].sensor, ev[2].id, ev[2].event })
    assert.near((6 + reach) / 10, ev[2].u, 1e-12)
  end)

  it("names its arguments as move_shape does", function()
    local w = collide.world()
    local id = w:add_convex(A, V(0, 0, 0), 0)
    assert.has_error(function() w:move_shape(id, V(1, 0, 0), { bogus = 1 }) end,
      "bad argument #3 to 'move_shape' (unknown option 'bogus')")
    assert.has_error(function() w:move_shape(id, "x") end)
    local ok, msg = pcall(w.move_shape, w, id, V(0 / 0, 0, 0))
    assert.is_false(ok)
    assert.matches("bad argument #2 to 'move_shape'", msg)
    assert.are.same({ "convex" }, { (w:get(id)) })
    assert.are.equal(V(0, 0, 0), select(3, w:get(id)))
  end)
end)

---------------------------------------------------------------- the method

describe("w:move_convex", function()
  local A = collide.convex_box(V(0.5, 0.5, 0.5))

  it("starts overlapping: pushed out with a depth, then moves", function()
    local w = collide.world()
    local floor = w:add_aabb(V(0, -1, 0), V(10, 1, 10))
    local p, c = w:move_convex(A, 0.4, V(0, 0.2, 0), V(1, 0.2, 0), { up = UP })
    assert.are.equal(floor, c[1].id)
    assert.are.equal(0, c[1].u)
    assert.is_true(c[1].depth > 0)
    assert.are.equal(V(0, 1, 0), c[1].normal)
    -- clear of the floor: the turned box's lowest corner above y = 0
    local low = 0.5 * (math.cos(0.4) + math.sin(0.4))
    assert.is_true(p.y - low >= -1e-12)
    assert.near(1, p.x, 1e-9)
  end)

  it("returns the velocity, the ground and fills the out-vectors", function()
    local w = collide.world()
    local floor = w:add_aabb(V(0, -1, 0), V(10, 1, 10))
    local po, vo = V(), V()
    local p, _, grounded, v, ground = w:move_convex(A, 0, V(0, 0.6, 0), V(1, 0.4, 0),
      { up = UP, velocity = V(60, -12, 0) }, po, vo)
    assert.are.equal(po, p)
    assert.are.equal(vo, v)
    assert.is_true(grounded)
    assert.are.equal(floor, ground.id)
    assert.near(0, v.y, 1e-12)
    assert.near(60, v.x, 1e-9)
  end)

  it("survives a rotation whose fields close or change the world", function()
    for _, method in ipairs({ "move_convex", "sweep_convex" }) do
      local w = collide.world()
      local id = w:add_aabb(V(0, -1, 0), V(5, 1, 5))
      local gc = debug.getmetatable(w).__gc   -- (the C API's world has one)
      local rot = setmetatable({}, { __index = function(_, k)
        if gc then gc(w) else w:remove(id) end
        return ({ w = 1, x = 0, y = 0, z = 0 })[k]
      end })
      local ok, err = pcall(w[method], w, A, rot, V(0, 1, 0), V(0, -1, 0))
      if gc then
        assert.is_false(ok)
        assert.matches("world is closed", err)
      else
        assert.is_true(ok, err)
        assert.are.equal(0, w:count())
      end
    end
  end)

  it("names the bad argument, counted without self, options #5", function()
    local w = collide.world()
    local function err(...)
      local ok, msg = pcall(w.move_convex, w, ...)
      assert.is_false(ok)
      return msg
    end
    assert.matches("bad argument #1 to 'move_convex' %(convex expected, got nil%)",
                   err(nil, 0, V(), V()))
    assert.matches("bad argument #2 to 'move_convex' %(quaternion expected",
                   err(A, {}, V(), V()))
    assert.matches("bad argument #2 to 'move_convex' %(rotation %(angle or quaternion%) " ..
                   "expected, got string%)", err(A, "0", V(), V()))
    assert.matches("bad argument #2 to 'move_convex' %(rotation is not a unit quaternion%)",
                   err(A, { w = 0, x = 0, y = 0, z = 0 }, V(), V()))
    assert.matches("bad argument #3 to 'move_convex' %(vec3 expected", err(A, 0, 1, V()))
    assert.matches("bad argument #4 to 'move_convex'", err(A, 0, V(), { 0 / 0, 0, 0 }))
    assert.matches("bad argument #5 to 'move_convex' %(unknown option 'respons'%)",
                   err(A, 0, V(), V(), { respons = "slide" }))
    assert.matches("bad argument #5 to 'move_convex' %(options.snap needs options.up%)",
                   err(A, 0, V(), V(), { snap = 1 }))
    assert.matches("bad argument #6 to 'move_convex'", err(A, 0, V(), V(), nil, 7))
  end)
end)
