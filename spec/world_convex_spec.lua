-- spec/world_convex_spec.lua -- convex shapes in a world (w:add_convex):
-- storage (add, update, get, remove, shapes, layers, velocity, advance,
-- save/load), and every other query seeing them: rays, sweeps, overlaps,
-- penetrations, the movers, sensors, the batches and the candidates.
-- The checkers do not share the core's code: a rotated box is checked by
-- its distance function written here (the point clamped in the box's
-- frame), a convex box at rotation 0 against the world's own aabb shape
-- (another kernel family), a turned 2D hull against the polygon of its
-- turned corners.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, collectgarbage, ipairs, math, os = assert, collectgarbage, ipairs, math, os
local pcall, setmetatable, string, table = pcall, setmetatable, string, table
local tostring, type = tostring, type
local collide = require "collide"
local V = collide.vec3

local seed = 90210
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function rnd_in(a, b) return a + (b - a) * rnd() end

local sin, cos, abs, sqrt, max, min = math.sin, math.cos, math.abs, math.sqrt,
                                      math.max, math.min
local unpack = table.unpack or unpack

-- ---- an oriented box, written here ----------------------------------------

-- The box of half-extents e about c, turned by angle t about z.
local function obb(c, e, t)
  return { c = V(c.x, c.y, c.z or 0), e = V(e.x, e.y, e.z), cs = cos(t), sn = sin(t) }
end
-- p in the box's frame
local function to_local(b, p)
  local x, y, z = p.x - b.c.x, p.y - b.c.y, p.z - b.c.z
  return b.cs * x + b.sn * y, -b.sn * x + b.cs * y, z
end
-- Signed distance from p to the box (negative inside).
local function obb_dist(b, p)
  local x, y, z = to_local(b, p)
  local dx, dy, dz = abs(x) - b.e.x, abs(y) - b.e.y, abs(z) - b.e.z
  local ox, oy, oz = max(dx, 0), max(dy, 0), max(dz, 0)
  local out = sqrt(ox * ox + oy * oy + oz * oz)
  if out > 0 then return out end
  return max(dx, dy, dz)
end
-- Distance from the segment a-b to the box (ternary search: the distance
-- from a point moving on a line to a convex set is convex).
local function seg_obb_dist(b, a, c)
  local lo, hi = 0, 1
  local function f(t)
    return obb_dist(b, V(a.x + (c.x - a.x) * t, a.y + (c.y - a.y) * t, a.z + (c.z - a.z) * t))
  end
  for _ = 1, 100 do
    local m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
    if f(m1) < f(m2) then hi = m2 else lo = m1 end
  end
  return min(f(0), f(1), f((lo + hi) / 2))
end
-- The overlap of an axis-aligned box (centre p, half-extents h) and the
-- oriented box along their separating axes: the least overlap (negative:
-- apart by that much along some axis). Axes: x, y, z of each and the
-- cross products of a pair (15).
local function aabb_obb_overlap(b, p, h)
  local ax = { V(1, 0, 0), V(0, 1, 0), V(0, 0, 1) }
  local bx = { V(b.cs, b.sn, 0), V(-b.sn, b.cs, 0), V(0, 0, 1) }
  local axes = {}
  for i = 1, 3 do axes[#axes + 1] = ax[i]; axes[#axes + 1] = bx[i] end
  for i = 1, 3 do
    for j = 1, 3 do
      local c = ax[i]:cross(bx[j])
      if c:length() > 1e-9 then axes[#axes + 1] = c:normalize() end
    end
  end
  local least = math.huge
  for _, n in ipairs(axes) do
    local ra = h.x * abs(n.x) + h.y * abs(n.y) + h.z * abs(n.z)
    local rb = b.e.x * abs(n:dot(bx[1])) + b.e.y * abs(n:dot(bx[2])) + b.e.z * abs(n:dot(bx[3]))
    local d = abs(n:dot(p - b.c))
    least = min(least, ra + rb - d)
  end
  return least
end
-- The first u at which the segment p0-p1 enters the box (slabs in its
-- frame), or nil.
local function ray_obb(b, p0, p1)
  local x0, y0, z0 = to_local(b, p0)
  local x1, y1, z1 = to_local(b, p1)
  local lo, hi = 0, 1
  local s0, s1, e = { x0, y0, z0 }, { x1, y1, z1 }, { b.e.x, b.e.y, b.e.z }
  for k = 1, 3 do
    local d = s1[k] - s0[k]
    if d == 0 then
      if abs(s0[k]) > e[k] then return nil end
    else
      local ta, tb = (-e[k] - s0[k]) / d, (e[k] - s0[k]) / d
      if ta > tb then ta, tb = tb, ta end
      lo, hi = max(lo, ta), min(hi, tb)
      if lo > hi then return nil end
    end
  end
  return lo
end

local function lerp(a, b, u) return a + (b - a) * u end

-- ---- storage ----------------------------------------------------------------

describe("a world with convex shapes", function()
  describe("add_convex, update, get", function()
    it("keeps the shape, its position and its rotation as given", function()
      local w = collide.world()
      local A = collide.convex_box(V(1, 2, 3))
      local id = w:add_convex(A, V(1, 2, 3), 0.5, "crate")
      local kind, B, p, r = w:get(id)
      assert.are.equal("convex", kind)
      assert.are.same(A:vertices(), B:vertices())
      assert.are.same(A:edges(), B:edges())
      assert.are.equal(#A:faces(), #B:faces())
      for i, f in ipairs(A:faces()) do
        assert.are.equal(f.normal, B:faces()[i].normal)
        assert.are.equal(f.d, B:faces()[i].d)
        assert.are.same(A:face_vertices(i), B:face_vertices(i))
      end
      assert.are.equal(A.radius, B.radius)
      assert.are.equal(V(1, 2, 3), p)
      assert.are.equal(0.5, r)
      assert.are.equal("number", type(r))
      assert.are.equal("crate", w:data(id))
      local q = { w = cos(0.3), x = 0, y = sin(0.3), z = 0 }
      assert.is_true(w:update(id, A, V(4, 5, 6), q))
      kind, B, p, r = w:get(id)
      assert.are.equal("convex", kind)
      assert.are.equal(8, #B)
      assert.are.equal(V(4, 5, 6), p)
      assert.are.same(q, { w = r.w, x = r.x, y = r.y, z = r.z })
      assert.are.equal("crate", w:data(id))
      -- another hull (of another size) in its place
      local tri = collide.convex({ V(0, 0), V(1, 0), V(0, 1) })
      assert.is_true(w:update(id, tri, V(0, 0), 0))
      kind, B = w:get(id)
      assert.are.equal("convex", kind)
      assert.is_true(B.flat)
      assert.are.equal(3, #B)
      -- the copy is the world's own: A may go
      A = nil   -- luacheck: ignore 311
      collectgarbage()
      assert.are.same({ id }, w:overlap_point(V(0.2, 0.2)))
      assert.is_true(w:remove(id))
      assert.is_nil(w:get(id))
      assert.is_false(w:update(id, tri, V(0, 0), 0))
    end)

    it("lists them, keeps layers and velocities, and advances them", function()
      local w = collide.world()
      local A = collide.convex_box(V(1, 1, 1))
      local a = w:add_convex(A, V(0, 0, 0), 0)
      local b = w:add_aabb(V(10, 0, 0), V(1, 1, 1))
      local kinds = {}
      for id, kind in w:shapes() do kinds[id] = kind end
      assert.are.same({ [a] = "convex", [b] = "aabb" }, kinds)
      assert.are.equal("world(2 shapes: 1 aabb, 1 convex)", tostring(w))
      w:set_layers(a, 2)
      assert.are.same({}, w:overlap_point(V(0, 0, 0), 1))
      assert.are.same({ a }, w:overlap_point(V(0, 0, 0), 2))
      w:set_velocity(a, V(3, 0, 0))
      -- during the step the moving shape is swept: a ball held at x = 3.5
      -- is met when the box's face reaches 3.4, at u = 0.8
      local hit, u = w:sweep_sphere(0.1, V(3.5, 0, 0), V(3.5, 0, 0))
      assert.is_true(hit)
      assert.is_true(abs(u - 0.8) <= 1e-12)
      w:advance()
      local _, _, p = w:get(a)
      assert.are.equal(V(3, 0, 0), p)
      assert.are.same({ a }, w:overlap_point(V(3.5, 0, 0), 2))
    end)

    it("names bad arguments", function()
      local w = collide.world()
      local A = collide.convex_box(V(1, 1, 1))
      local function err(f, ...)
        local ok, e = pcall(f, ...)
        assert.is_false(ok)
        return e
      end
      assert.matches("bad argument #1 to 'add_convex' %(convex expected, got table%)",
                     err(w.add_convex, w, {}, V(0, 0, 0), 0))
      assert.matches("bad argument #1 to 'add_convex' %(convex expected, got polygon%)",
                     err(w.add_convex, w, collide.polygon({ V(0, 0), V(1, 0), V(0, 1) }),
                         V(0, 0, 0), 0))
      assert.matches("bad argument #2 to 'add_convex' %(vec3 expected, got string%)",
                     err(w.add_convex, w, A, "here", 0))
      assert.matches("bad argument #2 to 'add_convex' %(.*NaN",
                     err(w.add_convex, w, A, V(0, 0 / 0, 0), 0))
      assert.matches("bad argument #3 to 'add_convex' %(rotation %(angle or quaternion%) " ..
                     "expected, got nil%)", err(w.add_convex, w, A, V(0, 0, 0)))
      assert.matches("bad argument #3 to 'add_convex' %(rotation is not a unit quaternion%)",
                     err(w.add_convex, w, A, V(0, 0, 0), { w = 2, x = 0, y = 0, z = 0 }))
      assert.matches("bad argument #3 to 'add_convex' %(quaternion expected, got table " ..
                     "with non%-number z%)",
                     err(w.add_convex, w, A, V(0, 0, 0), { w = 1, x = 0, y = 0 }))
      assert.matches("bad argument #3 to 'add_convex' %(number is infinite%)",
                     err(w.add_convex, w, A, V(0, 0, 0), math.huge))
      local id = w:add_convex(A, V(0, 0, 0), 0)
      assert.matches("bad argument #2 to 'update' %(convex expected, got vec3%)",
                     err(w.update, w, id, V(0, 0, 0), V(0, 0, 0), 0))
      assert.matches("bad argument #3 to 'update' %(vec3 expected, got nil%)",
                     err(w.update, w, id, A))
      assert.matches("bad argument #4 to 'update' %(rotation is not a unit quaternion%)",
                     err(w.update, w, id, A, V(0, 0, 0), { w = 0, x = 0, y = 0, z = 0 }))
      assert.matches("bad argument #2 to 'raycast_convex' %(rotation",
                     err(collide.raycast_convex, A, "turn", V(0, 0, 0), V(0, 0, 0), V(1, 0, 0)))
      assert.matches("bad argument #1 to 'raycast_convex' %(convex expected",
                     err(collide.raycast_convex, 1, 0, V(0, 0, 0), V(0, 0, 0), V(1, 0, 0)))
      assert.matches("bad argument #5 to 'raycast_convex' %(vec3 expected",
                     err(collide.raycast_convex, A, 0, V(0, 0, 0), V(0, 0, 0), true))
      -- the world is as it was after every error
      assert.are.equal(1, w:count())
    end)

    it("stops sweeps far out, near the coordinate limit, as a box there does", function()
      local big = 9e49
      local wc, wa = collide.world(), collide.world()
      wc:add_convex(collide.convex_box(V(1e49, 1e49, 1e49)), V(big / 2, 0, 0), 0)
      wa:add_aabb(V(big / 2, 0, 0), V(1e49, 1e49, 1e49))
      for _, q in ipairs({ { "sweep_sphere", 1 }, { "sweep_aabb", V(1, 1, 1) },
                           { "sweep_capsule", 1, V(0, 0, 1) } }) do
        local args = { unpack(q, 2) }
        args[#args + 1] = V(-big, 0, 0)
        args[#args + 1] = V(big, 0, 0)
        local c = { wc[q[1]](wc, unpack(args)) }
        local a = { wa[q[1]](wa, unpack(args)) }
        assert.is_true(c[1], q[1])
        assert.is_true(abs(c[2] - a[2]) <= 1e-12)
        assert.are.equal(a[4], c[4])
      end
      local p = wc:move_sphere(1, V(-big, 0, 0), V(big, 0, 0))
      assert.is_true(p.x < big / 2 - 1e49)
    end)

    it("survives a hostile rotation whose fields close or change the world", function()
      local A = collide.convex_box(V(1, 1, 1))
      for _, method in ipairs({ "add_convex", "update" }) do
        local w = collide.world()
        local id = w:add_convex(A, V(0, 0, 0), 0)
        local gc = debug.getmetatable(w).__gc   -- (the C API's world has one)
        local rot = setmetatable({}, { __index = function(_, k)
          if gc then gc(w) else w:remove(id) end
          return ({ w = 1, x = 0, y = 0, z = 0 })[k]
        end })
        local ok, err
        if method == "add_convex" then
          ok, err = pcall(w.add_convex, w, A, V(0, 0, 0), rot)
        else
          ok, err = pcall(w.update, w, id, A, V(0, 0, 0), rot)
        end
        if gc then
          assert.is_false(ok)
          assert.matches("world is closed", err)
        else
          assert.is_true(ok)
        end
      end
    end)
  end)

  -- ---- a rotated box in a room -------------------------------------------------

  describe("a rotated box in a room", function()
    -- a room 20 x 20 (walls 1 thick) with a box 4 x 2 x 2 turned by 30
    -- degrees in the middle
    local function room(t)
      local w = collide.world()
      w:add_aabb(V(0, -11, 0), V(11, 1, 5))
      w:add_aabb(V(0, 11, 0), V(11, 1, 5))
      w:add_aabb(V(-11, 0, 0), V(1, 11, 5))
      w:add_aabb(V(11, 0, 0), V(1, 11, 5))
      local b = obb(V(1, 0.5, 0), V(2, 1, 1), t)
      local id = w:add_convex(collide.convex_box(V(2, 1, 1)), b.c, t)
      return w, id, b
    end

    it("is hit by rays where it is", function()
      local w, id, b = room(math.pi / 6)
      local hits = 0
      for _ = 1, 400 do
        local p0 = V(rnd_in(-9, 9), rnd_in(-9, 9), rnd_in(-0.9, 0.9))
        local p1 = V(rnd_in(-9, 9), rnd_in(-9, 9), rnd_in(-0.9, 0.9))
        local want = ray_obb(b, p0, p1)
        local hit, u, p, n, _, hid = w:raycast(p0, p1)
        if want then
          assert.is_true(hit)
          if hid == id then
            hits = hits + 1
            assert.is_true(abs(u - want) <= 1e-12, u .. " " .. want)
            assert.is_true(abs(obb_dist(b, p)) <= 1e-12)
            if u > 0 then assert.is_true(n:dot(p1 - p0) < 0) end
          else
            assert.is_true(u <= want)
          end
        elseif hit then
          assert.are_not.equal(id, hid)
        end
      end
      assert.is_true(hits > 50)
    end)

    it("stops sweeps of spheres, boxes and capsules at the first touch", function()
      local w, id, b = room(math.pi / 6)
      local n_sphere, n_box, n_cap = 0, 0, 0
      for _ = 1, 150 do
        local c0 = V(rnd_in(-7, 7), rnd_in(-7, 7), 0)
        local c1 = V(rnd_in(-7, 7), rnd_in(-7, 7), 0)
        if obb_dist(b, c0) > 1 then
          -- a sphere of radius 0.5
          local hit, u, p, _, _, hid = w:sweep_sphere(0.5, c0, c1)
          if hit and hid == id then
            n_sphere = n_sphere + 1
            assert.is_true(abs(obb_dist(b, lerp(c0, c1, u)) - 0.5) <= 1e-9)
            assert.is_true(abs(obb_dist(b, p)) <= 1e-9)
            for k = 0, 49 do
              assert.is_true(obb_dist(b, lerp(c0, c1, u * k / 50)) >= 0.5 - 1e-9)
            end
          else
            for k = 0, 50 do
              assert.is_true(obb_dist(b, lerp(c0, c1, k / 50)) >= 0.5 - 1e-9)
            end
          end
          -- a box of half-extents 0.4
          local h = V(0.4, 0.4, 0.4)
          hit, u, _, _, _, hid = w:sweep_aabb(h, c0, c1)
          if hit and hid == id then
            n_box = n_box + 1
            assert.is_true(abs(aabb_obb_overlap(b, lerp(c0, c1, u), h)) <= 1e-9)
            for k = 0, 49 do
              assert.is_true(aabb_obb_overlap(b, lerp(c0, c1, u * k / 50), h) <= 1e-9)
            end
          else
            for k = 0, 50 do
              assert.is_true(aabb_obb_overlap(b, lerp(c0, c1, k / 50), h) <= 1e-9)
            end
          end
          -- a standing capsule of radius 0.3, axis 0.5
          local axis = V(0, 0, 0.5)
          hit, u, _, _, _, hid = w:sweep_capsule(0.3, axis, c0, c1)
          if hit and hid == id then
            n_cap = n_cap + 1
            local c = lerp(c0, c1, u)
            assert.is_true(abs(seg_obb_dist(b, c - axis, c + axis) - 0.3) <= 1e-7)
          end
        end
      end
      assert.is_true(n_sphere > 20 and n_box > 20 and n_cap > 20)
    end)

    it("lists overlaps and penetrations", function()
      local w, id, b = room(0.4)
      for _ = 1, 300 do
        local c = V(rnd_in(-4, 5), rnd_in(-4, 5), rnd_in(-1.5, 1.5))
        local d = obb_dist(b, c)
        local list = w:overlap_sphere(c, 0.5)
        local has = false
        for _, x in ipairs(list) do has = has or x == id end
        if d < 0.5 - 1e-9 then assert.is_true(has) end
        if d > 0.5 + 1e-9 then assert.is_false(has) end
        if has then
          local pen
          for _, x in ipairs(w:penetration_sphere(c, 0.5)) do
            if x.id == id then pen = x end
          end
          -- the depth, and moving out along the normal by it touches
          assert.is_true(abs(pen.depth - (0.5 - d)) <= 1e-9, pen.depth .. " " .. (0.5 - d))
          assert.is_true(abs(obb_dist(b, c + pen.normal * pen.depth) - 0.5) <= 1e-9)
        end
        local h = V(0.3, 0.2, 0.4)
        local ov = aabb_obb_overlap(b, c, h)
        has = false
        for _, x in ipairs(w:overlap_aabb(c, h)) do has = has or x == id end
        if ov > 1e-9 then assert.is_true(has) end
        if ov < -1e-9 then assert.is_false(has) end
        if has and ov > 0 then
          for _, x in ipairs(w:penetration_aabb(c, h)) do
            if x.id == id then
              assert.is_true(abs(x.depth - ov) <= 1e-9, x.depth .. " " .. ov)
              assert.is_true(abs(aabb_obb_overlap(b, c + x.normal * x.depth, h)) <= 1e-9)
            end
          end
        end
      end
    end)

    it("never lets movers end inside it, walking along and against it", function()
      for _, t in ipairs({ 0.3, math.pi / 4, 1.1, -0.7 }) do
        local w, id, b = room(t)
        local r = 0.4
        local h = V(0.35, 0.35, 0.35)
        local axis = V(0, 0, 0.3)
        local ps, pb, pc = V(-6, -6, 0), V(6, -6, 0), V(-6, 6, 0)
        for frame = 1, 240 do
          -- toward the box's centre, then along it (a target beyond it)
          local goal = frame % 60 < 30 and b.c or V(-b.c.x + rnd_in(-8, 8), rnd_in(-8, 8), 0)
          local function step(p)
            local d = goal - p
            if d:length() > 0.7 then d = d:normalize() * 0.7 end
            return p + d + V(rnd_in(-0.2, 0.2), rnd_in(-0.2, 0.2), 0)
          end
          ps = w:move_sphere(r, ps, step(ps))
          assert.is_true(obb_dist(b, ps) >= r - 1e-9, "sphere inside at frame " .. frame)
          pb = w:move_aabb(h, pb, step(pb))
          assert.is_true(aabb_obb_overlap(b, pb, h) <= 1e-9, "box inside at frame " .. frame)
          pc = w:move_capsule(0.3, axis, pc, step(pc))
          assert.is_true(seg_obb_dist(b, pc - axis, pc + axis) >= 0.3 - 1e-7,
                         "capsule inside at frame " .. frame)
        end
        -- a world sphere moved by move_shape toward it
        local ball = w:add_sphere(V(-6, 0, 0), r)
        for _ = 1, 30 do
          local _, c = w:get(ball)
          w:move_shape(ball, c + (b.c - c):normalize() * 0.5)
          _, c = w:get(ball)
          assert.is_true(obb_dist(b, c) >= r - 1e-9)
        end
        w:remove(ball)
        -- a mover that starts 0.2 deep in its long side is pushed out
        local start = b.c + V(cos(t), sin(t), 0) * (b.e.x + r - 0.2)
        local p, contacts = w:move_sphere(r, start, start)
        assert.is_true(obb_dist(b, p) >= r - 1e-9)
        assert.are.equal(id, contacts[1].id)
        assert.is_true(abs(contacts[1].depth - 0.2) <= 1e-9)
      end
    end)
  end)

  describe("a turned ramp", function()
    it("is climbed by a walker grounded on it, who never sinks into it", function()
      for _, mover in ipairs({ "sphere", "capsule", "box" }) do
        local w = collide.world()
        w:add_aabb(V(0, -1, 0), V(50, 1, 5))
        local t = math.rad(20)
        local b = obb(V(10, 0, 0), V(6, 1, 3), t)
        local ramp = w:add_convex(collide.convex_box(b.e), b.c, t)
        local p = V(-5, 0.5, 0)
        local opts = { up = V(0, 1, 0), snap = 0.3, step_height = 0.2 }
        local on_ramp, highest = 0, -1
        for _ = 1, 140 do
          local to = p + V(0.15, -0.1, 0)
          local grounded, ground, gap
          if mover == "sphere" then
            p, _, grounded, _, ground = w:move_sphere(0.5, p, to, opts)
            gap = obb_dist(b, p) - 0.5
          elseif mover == "capsule" then
            p, _, grounded, _, ground = w:move_capsule(0.3, V(0, 0.2, 0), p, to, opts)
            gap = seg_obb_dist(b, p - V(0, 0.2, 0), p + V(0, 0.2, 0)) - 0.3
          else
            local h = V(0.4, 0.5, 0.4)
            p, _, grounded, _, ground = w:move_aabb(h, p, to, opts)
            gap = -aabb_obb_overlap(b, p, h)
          end
          assert.is_true(gap >= -1e-7, mover .. " sank by " .. -gap)
          if grounded and ground and ground.id == ramp then
            on_ramp = on_ramp + 1
            assert.is_true(gap <= 0.05)
            -- the ground's normal is the ramp's top face's
            assert.is_true(abs(ground.normal.x + sin(t)) <= 1e-9, mover)
          end
          highest = max(highest, p.y)
        end
        assert.is_true(on_ramp > 40, mover)
        assert.is_true(highest > 2.5, mover)
      end
    end)
  end)

  -- ---- a convex box at rotation 0 answers as the equal aabb shape -----------------

  describe("a convex box at rotation 0", function()
    local worst = { u = 0, point = 0, normal = 0, depth = 0, position = 0 }
    local function note(what, x)
      if x > worst[what] then worst[what] = x end
    end

    -- two worlds of the same boxes: aabb shapes, convex boxes at rot (an
    -- angle 0 or the unit quaternion)
    local function worlds(rot, flat)
      local wa, wc = collide.world(), collide.world()
      for _ = 1, 30 do
        local c = V(rnd_in(-20, 20), rnd_in(-20, 20), flat and 0 or rnd_in(-20, 20))
        local e = V(rnd_in(0.5, 3), rnd_in(0.5, 3), flat and 0 or rnd_in(0.5, 3))
        wa:add_aabb(c, e)
        wc:add_convex(collide.convex_box(e), c, rot)
      end
      return wa, wc
    end

    -- The distance from p to the box of shape id of the aabb world.
    local function box_dist(wa, id, p)
      local _, c, e = wa:get(id)
      local d = 0
      for _, k in ipairs({ "x", "y", "z" }) do
        local o = max(abs(p[k] - c[k]) - e[k], 0)
        d = d + o * o
      end
      return sqrt(d)
    end

    -- The same u, normal and shape; a ray's and a sphere's point and
    -- feature the same too (a box or a capsule meeting a face with a face
    -- or a side touches along a whole patch, where "the point" may be any
    -- of it, and the aabb kernels name the feature of the point they pick:
    -- then the point is checked to be on the box, within 1e-9).
    local function same_hit(wa, a, c, exact_point)
      assert.are.equal(a[1], c[1])
      if not a[1] then return end
      assert.are.equal(a[6], c[6])
      note("u", abs(a[2] - c[2]))
      note("normal", (a[4] - c[4]):length())
      assert.is_true(abs(a[2] - c[2]) <= 1e-12)
      assert.is_true((a[4] - c[4]):length() <= 1e-9)
      if exact_point and a[2] > 0 then
        note("point", (a[3] - c[3]):length())
        assert.is_true((a[3] - c[3]):length() <= 1e-9)
        assert.are.equal(a[5], c[5])
      else
        assert.is_true(box_dist(wa, c[6], c[3]) <= 1e-9)
      end
    end

    for _, case in ipairs({ { 0, false, "angle 0" },
                            { { w = 1, x = 0, y = 0, z = 0 }, false, "quaternion 1" },
                            { 0, true, "flat rectangles (2D)" } }) do
      it("answers every query as the aabb shape: " .. case[3], function()
        local wa, wc = worlds(case[1], case[2])
        local flat = case[2]
        local function pt(s)
          return V(rnd_in(-s, s), rnd_in(-s, s), flat and 0 or rnd_in(-s, s))
        end
        for _ = 1, 300 do
          local p0, p1 = pt(25), pt(25)
          same_hit(wa, { wa:raycast(p0, p1) }, { wc:raycast(p0, p1) }, true)
          same_hit(wa, { wa:sweep_sphere(0.7, p0, p1) }, { wc:sweep_sphere(0.7, p0, p1) }, true)
          local e = V(0.5, 0.8, flat and 0 or 0.6)
          same_hit(wa, { wa:sweep_aabb(e, p0, p1) }, { wc:sweep_aabb(e, p0, p1) })
          local ax = flat and V(0.5, 0, 0) or V(0, 0, 0.5)
          same_hit(wa, { wa:sweep_capsule(0.4, ax, p0, p1) },
                   { wc:sweep_capsule(0.4, ax, p0, p1) })
          local la, lc = wa:raycast_all(p0, p1), wc:raycast_all(p0, p1)
          assert.are.equal(#la, #lc)
          for i = 1, #la do
            assert.are.equal(la[i].id, lc[i].id)
            note("u", abs(la[i].u - lc[i].u))
          end
          local c = pt(22)
          assert.are.same(wa:overlap_point(c), wc:overlap_point(c))
          assert.are.same(wa:overlap_sphere(c, 1.5), wc:overlap_sphere(c, 1.5))
          assert.are.same(wa:overlap_aabb(c, e), wc:overlap_aabb(c, e))
          assert.are.same(wa:overlap_capsule(c - ax, c + ax, 0.4),
                          wc:overlap_capsule(c - ax, c + ax, 0.4))
          for _, pair in ipairs({ { wa:penetration_sphere(c, 1.5), wc:penetration_sphere(c, 1.5) },
                                  { wa:penetration_aabb(c, e), wc:penetration_aabb(c, e) },
                                  { wa:penetration_capsule(c - ax, c + ax, 0.4),
                                    wc:penetration_capsule(c - ax, c + ax, 0.4) } }) do
            local a, b = pair[1], pair[2]
            assert.are.equal(#a, #b)
            for i = 1, #a do
              assert.are.equal(a[i].id, b[i].id)
              note("depth", abs(a[i].depth - b[i].depth))
              assert.is_true(abs(a[i].depth - b[i].depth) <= 1e-9)
              -- (a tie between two directions may be broken either way:
              -- then both give the same depth)
              local n = (a[i].normal - b[i].normal):length()
              if n > 1e-9 then
                assert.is_true(abs(a[i].depth - b[i].depth) <= 1e-12)
              else
                note("normal", n)
              end
            end
          end
        end
        -- the movers walk the same paths
        for _ = 1, 40 do
          local from, to = pt(22), pt(22)
          local a = { wa:move_sphere(0.6, from, to) }
          local b = { wc:move_sphere(0.6, from, to) }
          note("position", (a[1] - b[1]):length())
          assert.is_true((a[1] - b[1]):length() <= 1e-9)
          local e = V(0.5, 0.4, flat and 0 or 0.3)
          a = { wa:move_aabb(e, from, to) }
          b = { wc:move_aabb(e, from, to) }
          note("position", (a[1] - b[1]):length())
          assert.is_true((a[1] - b[1]):length() <= 1e-9)
        end
      end)
    end

    it("(the worst disagreements seen)", function()
      print(string.format("\n  convex box vs aabb, worst: u %.3g, point %.3g, normal %.3g, " ..
                          "depth %.3g, mover position %.3g", worst.u, worst.point,
                          worst.normal, worst.depth, worst.position))
    end)
  end)

  -- ---- a 2D polygon hull turned by an angle -------------------------------------------

  describe("a 2D hull turned by an angle", function()
    it("answers as the polygon of its turned corners", function()
      local pts = { V(-2, -1), V(1.5, -1.5), V(2.5, 0.5), V(0, 2), V(-1.8, 1) }
      local A = collide.convex(pts)
      for _, t in ipairs({ 0.7, -2.1, math.pi / 3 }) do
        local pos = V(3, -1, 0)
        local turned = {}
        for i, p in ipairs(pts) do
          turned[i] = V(pos.x + cos(t) * p.x - sin(t) * p.y, pos.y + sin(t) * p.x + cos(t) * p.y, 0)
        end
        local wc, wp = collide.world(), collide.world()
        local id = wc:add_convex(A, pos, t)
        wp:add_polygon(turned)
        local n = 0
        for _ = 1, 300 do
          local p0, p1 = V(rnd_in(-6, 12), rnd_in(-8, 8)), V(rnd_in(-6, 12), rnd_in(-8, 8))
          local a = { wc:raycast(p0, p1) }
          local b = { wp:raycast(p0, p1) }
          assert.are.equal(b[1], a[1])
          if a[1] then
            n = n + 1
            assert.are.equal(id, a[6])
            assert.is_true(abs(a[2] - b[2]) <= 1e-12)
            assert.is_true((a[4] - b[4]):length() <= 1e-9)
            assert.are.equal(0, a[4].z)
          end
          a = { wc:sweep_sphere(0.5, p0, p1) }
          b = { wp:sweep_sphere(0.5, p0, p1) }
          assert.are.equal(b[1], a[1])
          if a[1] then
            assert.is_true(abs(a[2] - b[2]) <= 1e-9)
            assert.is_true((a[4] - b[4]):length() <= 1e-9)
          end
          a = { wc:sweep_aabb(V(0.4, 0.3, 0), p0, p1) }
          b = { wp:sweep_aabb(V(0.4, 0.3, 0), p0, p1) }
          assert.are.equal(b[1], a[1])
          if a[1] then assert.is_true(abs(a[2] - b[2]) <= 1e-9) end
          -- circles, rectangles and capsules in it are pushed out within
          -- the plane, as far as from the polygon
          local h, ax = V(0.4, 0.3, 0), V(0.3, 0.2, 0)
          for _, pair in ipairs({
            { wc:penetration_sphere(p0, 0.5), wp:penetration_sphere(p0, 0.5) },
            { wc:penetration_aabb(p0, h), wp:penetration_aabb(p0, h) },
            { wc:penetration_capsule(p0 - ax, p0 + ax, 0.3),
              wp:penetration_capsule(p0 - ax, p0 + ax, 0.3) } }) do
            local pa, pb = pair[1], pair[2]
            assert.are.equal(#pb, #pa)
            if #pa == 1 then
              assert.are.equal(0, pa[1].normal.z)
              assert.is_true(abs(pa[1].depth - pb[1].depth) <= 1e-9)
            end
          end
        end
        assert.is_true(n > 30)
      end
    end)
  end)

  -- ---- saving, sensors, batches, reports ---------------------------------------------

  describe("save and load", function()
    it("round-trips convex shapes with their ids", function()
      local w = collide.world()
      local box = collide.convex_box(V(1, 2, 0.5))
      local hex = {}
      for i = 1, 6 do hex[i] = V(cos(i * math.pi / 3), sin(i * math.pi / 3)) end
      local a = w:add_convex(box, V(1, 2, 3), 0.25, { name = "crate" })
      w:add_sphere(V(9, 9, 9), 1)
      local b = w:add_convex(collide.convex(hex), V(-4, 0, 0),
                             { w = cos(0.2), x = sin(0.2), y = 0, z = 0 })
      w:remove(2)
      w:set_velocity(b, V(1, 0, 0))
      w:set_layers(a, 6)
      local w2 = collide.load(w:save())
      assert.are.equal(w:save(), w2:save())
      for _, id in ipairs({ a, b }) do
        local k1, A1, p1, r1 = w:get(id)
        local k2, A2, p2, r2 = w2:get(id)
        assert.are.equal(k1, k2)
        assert.are.same(A1:vertices(), A2:vertices())
        assert.are.equal(p1, p2)
        if type(r1) == "number" then
          assert.are.equal(r1, r2)
        else
          assert.are.same({ r1.w, r1.x, r1.y, r1.z }, { r2.w, r2.x, r2.y, r2.z })
        end
      end
      assert.is_nil(w2:get(2))
      assert.are.same({ name = "crate" }, w2:data(a))
      assert.are.equal(6, w2:layers(a))
      assert.are.equal(V(1, 0, 0), w2:velocity(b))
      for _ = 1, 50 do
        local p0 = V(rnd_in(-8, 8), rnd_in(-8, 8), rnd_in(-8, 8))
        local p1 = V(rnd_in(-8, 8), rnd_in(-8, 8), rnd_in(-8, 8))
        assert.are.same({ w:raycast(p0, p1) }, { w2:raycast(p0, p1) })
        assert.are.same({ w:sweep_sphere(0.5, p0, p1) }, { w2:sweep_sphere(0.5, p0, p1) })
      end
    end)
  end)

  describe("sensors", function()
    it("a convex sensor sees a sphere pass through it, at the exact moments", function()
      local w = collide.world()
      local b = obb(V(0, 0, 0), V(2, 1, 1), 0.6)
      local s = w:add_convex(collide.convex_box(b.e), b.c, 0.6)
      w:set_sensor(s, true)
      local ball = w:add_sphere(V(-6, 0.3, 0), 0.5)
      w:set_velocity(ball, V(12, 0, 0))
      -- a sensor blocks nothing
      assert.is_false((w:raycast(V(0, 5, 0), V(0, -5, 0))))
      w:advance()
      local ev = w:sensor_events()
      assert.are.equal(2, #ev)
      assert.are.same({ s, ball, "begin" }, { ev[1].sensor, ev[1].id, ev[1].event })
      assert.are.same({ s, ball, "end" }, { ev[2].sensor, ev[2].id, ev[2].event })
      -- the moments, by bisection on the distance written here
      local function at(u) return V(-6 + 12 * u, 0.3, 0) end
      local function cross(lo, hi, inside_at_hi)
        for _ = 1, 200 do
          local m = (lo + hi) / 2
          if (obb_dist(b, at(m)) <= 0.5) == inside_at_hi then hi = m else lo = m end
        end
        return (lo + hi) / 2
      end
      assert.is_true(abs(ev[1].u - cross(0, 0.5, true)) <= 1e-9)
      assert.is_true(abs(ev[2].u - cross(0.5, 1, false)) <= 1e-9)
    end)

    it("a moving convex shape enters box, triangle and convex sensors", function()
      local w = collide.world()
      local zone = w:add_aabb(V(5, 0, 0), V(1, 1, 1))
      local tri = w:add_triangle(V(10, -1, 0), V(10, 1, 0), V(10, 0, 1))
      local cz = w:add_convex(collide.convex_box(V(0.5, 0.5, 0.5)), V(15, 0, 0), 0.3)
      for _, id in ipairs({ zone, tri, cz }) do w:set_sensor(id, true) end
      local mover = w:add_convex(collide.convex_box(V(0.5, 0.5, 0.5)), V(0, 0, 0), 0.5)
      w:set_velocity(mover, V(20, 0, 0))
      w:advance()
      local seen = {}
      for _, e in ipairs(w:sensor_events()) do
        assert.are.equal(mover, e.id)
        seen[e.sensor] = (seen[e.sensor] or "") .. e.event
      end
      assert.are.same({ [zone] = "beginend", [tri] = "beginend", [cz] = "beginend" }, seen)
    end)
  end)

  describe("batches, candidates, reports", function()
    it("batches answer as the single calls; the candidates list convex shapes", function()
      local w = collide.world()
      for i = 1, 20 do
        w:add_convex(collide.convex_box(V(1, 0.5, 0.5)), V(i * 3, rnd_in(-2, 2), 0), rnd_in(-3, 3))
      end
      local segs = {}
      for k = 0, 29 do
        local x0, y0, x1, y1 = rnd_in(0, 60), rnd_in(-5, 5), rnd_in(0, 60), rnd_in(-5, 5)
        segs[6 * k + 1], segs[6 * k + 2], segs[6 * k + 3] = x0, y0, 0
        segs[6 * k + 4], segs[6 * k + 5], segs[6 * k + 6] = x1, y1, 0
      end
      local out = w:raycast_many(segs)
      local outs = w:sweep_sphere_many(0.3, segs)
      for k = 0, 29 do
        local p0 = V(segs[6 * k + 1], segs[6 * k + 2], 0)
        local p1 = V(segs[6 * k + 4], segs[6 * k + 5], 0)
        local hit, u, _, _, _, id = w:raycast(p0, p1)
        assert.are.equal(hit and id or 0, out[8 * k + 1])
        if hit then assert.are.equal(u, out[8 * k + 2]) end
        hit, u, _, _, _, id = w:sweep_sphere(0.3, p0, p1)
        assert.are.equal(hit and id or 0, outs[8 * k + 1])
        if hit then assert.are.equal(u, outs[8 * k + 2]) end
      end
      local ids, n = w:candidates_aabb(V(1, 1, 1), V(3, 0, 0), V(3, 0, 0))
      assert.is_true(n >= 1)
      assert.are.equal(1, ids[1])
    end)

    it("collide.debug.report and replay carry convex shapes and arguments", function()
      local w = collide.world()
      w:add_convex(collide.convex_box(V(1, 1, 1)), V(0, 0, 0), 0.5)
      local file = os.tmpname()
      collide.debug.report_to(file, w, "raycast", V(-5, 0.2, 0), V(5, 0.2, 0))
      local again = { collide.debug.replay(file) }
      os.remove(file)
      assert.are.same({ w:raycast(V(-5, 0.2, 0), V(5, 0.2, 0)) }, again)
      w = collide.world()
      file = os.tmpname()
      local A = collide.convex({ V(0, 0), V(2, 0), V(0, 2) })
      collide.debug.report_to(file, w, "add_convex", A, V(1, 1, 0), 0.25)
      local id = collide.debug.replay(file)
      os.remove(file)
      assert.are.equal(1, id)
    end)
  end)
end)
