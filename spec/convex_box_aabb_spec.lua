-- spec/convex_box_aabb_spec.lua -- a box hull (collide.convex_box) swept
-- against an axis-aligned box and against a plane: unturned it is the
-- moving box of sweep_aabb_aabb / sweep_aabb_plane, with the same u and
-- normal; turned, every answer is judged by a checker written here that
-- shares nothing with the core: the box's corners and axes from its own
-- quaternion-to-matrix code, the two boxes' overlap at a fixed u by their
-- 15 separating axes (no motion, no intervals), and the motion sampled
-- densely for a miss.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, tostring = assert, ipairs, math, tostring
local collide = require "collide"
local size = require "spec.support.size"
local V = collide.vec3

local abs, sqrt, floor = math.abs, math.sqrt, math.floor

local seed = 2829
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
-- multiples of 1/8 in [lo, hi]: exact touches and ties
local function dy(lo, hi) return lo + floor(rnd() * (hi - lo) * 8 + 0.5) / 8 end

local function matrix(q)
  local w, x, y, z = q.w, q.x, q.y, q.z
  return {
    { 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y) },
    { 2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x) },
    { 2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y) },
  }
end
local function col(R, j) return { R[1][j], R[2][j], R[3][j] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function t3(v) return { v.x, v.y, v.z } end

local function random_rotation()
  local w, x, y, z = rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5
  local n = sqrt(w * w + x * x + y * y + z * z)
  return { w = w / n, x = x / n, y = y / n, z = z / n }
end

-- The least (r - |p|) / |L| over the 15 axes: the boxes' overlap depth
-- at u (negative: apart by that much along some axis).
local function depth(R, a, c0, c1, cen, b, u)
  local A = { col(R, 1), col(R, 2), col(R, 3) }
  local T = {}
  for k = 1, 3 do T[k] = c0[k] + u * (c1[k] - c0[k]) - cen[k] end
  local axes = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, A[1], A[2], A[3] }
  for j = 1, 3 do
    for i = 1, 3 do
      local e = { 0, 0, 0 }
      e[i] = 1
      axes[#axes + 1] = cross(A[j], e)
    end
  end
  local least = math.huge
  for _, L in ipairs(axes) do
    local len = sqrt(dot(L, L))
    if len > 1e-12 then
      local r = abs(L[1]) * b[1] + abs(L[2]) * b[2] + abs(L[3]) * b[3]
      for j = 1, 3 do r = r + abs(dot(A[j], L)) * a[j] end
      least = math.min(least, (r - abs(dot(T, L))) / len)
    end
  end
  return least
end

local function scene()
  return {
    e = { dy(0.25, 1.75), dy(0.25, 1.75), dy(0.25, 1.75) },
    c0 = { dy(-4, 4), dy(-4, 4), dy(-4, 4) },
    c1 = { dy(-2, 2), dy(-2, 2), dy(-2, 2) },
    cen = { dy(-1, 1), dy(-1, 1), dy(-1, 1) },
    be = { dy(0, 1.5), dy(0, 1.5), rnd() < 0.2 and 0 or dy(0, 1.5) },
  }
end
local function vv(t) return V(t[1], t[2], t[3]) end

describe("collide.sweep_convex_aabb with a box hull", function()
  it("unturned (angle 0, the identity, a half turn) gives sweep_aabb_aabb's u and normal",
     function()
    local turns = { 0, { w = 1, x = 0, y = 0, z = 0 }, { w = 0, x = 1, y = 0, z = 0 },
                    { w = 0, x = 0, y = 1, z = 0 }, { w = 0, x = 0, y = 0, z = 1 } }
    local n, hits = size.cases(300, 3000), 0
    for i = 1, n do
      local s = scene()
      local box = collide.convex_box(vv(s.e))
      local hit, u0, _, nrm = collide.sweep_aabb_aabb(vv(s.e), vv(s.c0), vv(s.c1), vv(s.be),
                                                      vv(s.cen), vv(s.cen))
      local rot = turns[i % #turns + 1]
      local h2, u2, _, n2 = collide.sweep_convex_aabb(box, rot, vv(s.c0), vv(s.c1), vv(s.cen),
                                                      vv(s.be))
      assert.equal(hit, h2)
      if hit then
        hits = hits + 1
        assert.equal(u0, u2)
        if u0 > 0 then assert.equal(nrm, n2) end
      end
    end
    assert.is_true(hits > n / 10)
  end)

  it("turned: touches at u, overlaps no earlier, its point on both boxes; misses pass clear",
     function()
    local n, hits = size.cases(200, 2000), 0
    for _ = 1, n do
      local s = scene()
      local q = random_rotation()
      local R = matrix(q)
      local box = collide.convex_box(vv(s.e))
      local hit, u, p, nrm = collide.sweep_convex_aabb(box, q, vv(s.c0), vv(s.c1), vv(s.cen),
                                                       vv(s.be))
      local tol = 1e-9 * 16
      if hit then
        hits = hits + 1
        assert.is_true(depth(R, s.e, s.c0, s.c1, s.cen, s.be, u) >= -tol)
        if u > 1e-6 then
          assert.is_true(depth(R, s.e, s.c0, s.c1, s.cen, s.be, u - 1e-6) <= tol)
        end
        assert.near(1, sqrt(nrm.x ^ 2 + nrm.y ^ 2 + nrm.z ^ 2), 1e-12)
        if u > 0 then
          -- the point on B, and on A placed at u (its local coordinates
          -- within the extents)
          local P = t3(p)
          local ca = {}
          for k = 1, 3 do
            assert.is_true(abs(P[k] - s.cen[k]) <= s.be[k] + tol)
            ca[k] = P[k] - (s.c0[k] + u * (s.c1[k] - s.c0[k]))
          end
          for j = 1, 3 do assert.is_true(abs(dot(col(R, j), ca)) <= s.e[j] + tol) end
          -- the normal points from B toward A: A's centre is on its side
          local dn = 0
          for k = 1, 3 do dn = dn + (s.c0[k] + u * (s.c1[k] - s.c0[k]) - P[k]) * t3(nrm)[k] end
          assert.is_true(dn > -tol)
        end
      else
        for k = 0, 200 do
          assert.is_true(depth(R, s.e, s.c0, s.c1, s.cen, s.be, k / 200) <= tol)
        end
      end
    end
    assert.is_true(hits > n / 10)
  end)

  it("lands a box turned about z on the top of a crate flat, its point on both", function()
    local box = collide.convex_box(V(1, 0.5, 0.5))
    local hit, u, p, n, f = collide.sweep_convex_aabb(box, 0.3, V(0.25, 0, 5), V(0.25, 0, -5),
                                                      V(0, 0, 0), V(2, 2, 1))
    assert.is_true(hit)
    assert.near(0.35, u, 1e-15)
    assert.equal(V(0, 0, 1), n)
    assert.equal(1, p.z)
    assert.near(0.25, p.x, 1e-12)
    assert.near(0, p.y, 1e-12)
    assert.equal("face", f)
  end)

  it("lands a cube on its edge across a crate's top: the middle of the edge over the face",
     function()
    -- a cube turned 45 degrees about x comes down on its lowest edge
    -- (along x, from x = -0.5 to 1.5), of which x in [-0.5, 1] is over
    -- the crate's top
    local h = sqrt(0.5)
    local box = collide.convex_box(V(1, 1, 1))
    local q = { w = math.cos(math.pi / 8), x = math.sin(math.pi / 8), y = 0, z = 0 }
    local hit, u, p, _, f = collide.sweep_convex_aabb(box, q, V(0.5, 0.25, 6), V(0.5, 0.25, -4),
                                                      V(0, 0, 0), V(1, 1, 1))
    assert.is_true(hit)
    -- the cube's lowest edge (along x, at z = -sqrt 2 below its centre)
    -- reaches the top face z = 1
    assert.near((5 - 2 * h) / 10, u, 1e-12)
    assert.near(1, p.z, 1e-12)
    assert.near(0.25, p.x, 1e-12)
    assert.near(0.25, p.y, 1e-12)
    assert.equal("face", f)
  end)

  it("comes down with a face onto a crate's top edge: the middle of the edge under it",
     function()
    -- a cube turned 45 degrees about y, its centre at x = 1 + sqrt 0.5:
    -- its lower-left face (outer normal (-1, 0, -1) / sqrt 2) reaches the
    -- crate's edge x = z = 1 (along y) when the centre is at z = 1 +
    -- sqrt 0.5; the edge's part under the face is y in [-0.75, 1]
    local h = sqrt(0.5)
    local box = collide.convex_box(V(1, 1, 1))
    local q = { w = math.cos(math.pi / 8), x = 0, y = math.sin(math.pi / 8), z = 0 }
    local hit, u, p, n, f = collide.sweep_convex_aabb(box, q, V(1 + h, 0.25, 6),
                                                      V(1 + h, 0.25, -4),
                                                      V(0, 0, 0), V(1, 1, 1))
    assert.is_true(hit)
    assert.near((5 - h) / 10, u, 1e-12)
    assert.near(h, n.x, 1e-12)
    assert.near(0, n.y, 1e-12)
    assert.near(h, n.z, 1e-12)
    assert.near(1, p.x, 1e-12)
    assert.near(0.125, p.y, 1e-12)
    assert.near(1, p.z, 1e-12)
    assert.equal("edge", f)
  end)
end)

describe("collide.sweep_convex_plane with a box hull", function()
  it("unturned gives sweep_aabb_plane's u and normal", function()
    for _ = 1, size.cases(200, 2000) do
      local s = scene()
      local nrm = V(dy(-1, 1), dy(-1, 1), dy(-1, 1))
      if nrm.x == 0 and nrm.y == 0 and nrm.z == 0 then nrm = V(0, 1, 0) end
      local d = dy(-2, 2)
      local plane = collide.plane(nrm, d)
      local box = collide.convex_box(vv(s.e))
      local hit, u, _, n = collide.sweep_aabb_plane(vv(s.e), vv(s.c0), vv(s.c1), plane)
      local h2, u2, _, n2 = collide.sweep_convex_plane(box, 0, vv(s.c0), vv(s.c1), plane)
      if hit ~= h2 then
        -- only where the box merely touches the plane, exactly, at an end
        -- of the motion (the gap there is 0 in the eighths the scene is
        -- drawn in, computed exactly here; between the ends it is larger,
        -- or the box would cross the plane): collide.plane's normalizing
        -- rounds the touch to either side, and either answer is right to
        -- rounding (a full-size case: e (1.375, 0.625, 0.5) from (0.875,
        -- 1.25, 3.25) to (1, -1.25, -0.625), plane (-1, -1, -6)/8, -9/8)
        local function side(c) return nrm.x * c[1] + nrm.y * c[2] + nrm.z * c[3] + d end
        local r = s.e[1] * abs(nrm.x) + s.e[2] * abs(nrm.y) + s.e[3] * abs(nrm.z)
        local why = ("sweep_aabb_plane %s, sweep_convex_plane %s"):format(tostring(hit),
                                                                          tostring(h2))
        assert.is_true(side(s.c0) * side(s.c1) > 0, why)   -- not crossing it
        assert.is_true(abs(side(s.c0)) == r or abs(side(s.c1)) == r, why)
      elseif hit then
        assert.near(u, u2, 1e-12)
        assert.near(n.x, n2.x, 1e-12)
        assert.near(n.y, n2.y, 1e-12)
        assert.near(n.z, n2.z, 1e-12)
      end
    end
  end)

  it("turned: its point is the centroid of its lowest corners, on the plane", function()
    for _ = 1, size.cases(200, 2000) do
      local s = scene()
      local q = random_rotation()
      local R = matrix(q)
      local nrm = { dy(-1, 1), dy(-1, 1), dy(-1, 1) }
      if nrm[1] == 0 and nrm[2] == 0 and nrm[3] == 0 then nrm = { 0, 1, 0 } end
      local plane = collide.plane(vv(nrm), dy(-2, 2))
      local box = collide.convex_box(vv(s.e))
      local hit, u, p, n = collide.sweep_convex_plane(box, q, vv(s.c0), vv(s.c1), plane)
      if hit then
        local N = t3(n)
        -- the corners at u, their least level along N
        local c = {}
        for k = 1, 3 do c[k] = s.c0[k] + u * (s.c1[k] - s.c0[k]) end
        local corners, least = {}, math.huge
        for sx = -1, 1, 2 do
          for sy = -1, 1, 2 do
            for sz = -1, 1, 2 do
              local loc = { sx * s.e[1], sy * s.e[2], sz * s.e[3] }
              local w = {}
              for k = 1, 3 do w[k] = c[k] + dot(R[k], loc) end
              corners[#corners + 1] = w
              least = math.min(least, dot(w, N))
            end
          end
        end
        local sum, cnt = { 0, 0, 0 }, 0
        for _, w in ipairs(corners) do
          if dot(w, N) <= least + 1e-9 then
            for k = 1, 3 do sum[k] = sum[k] + w[k] end
            cnt = cnt + 1
          end
        end
        local pn = t3(plane.normal)
        local cen = { sum[1] / cnt, sum[2] / cnt, sum[3] / cnt }
        local off = dot(cen, pn) + plane.d
        -- (at u = 0, across the plane, the point is only asked to be on
        -- it: which point of the overlap is the start's own rule)
        if u > 0 then
          for k = 1, 3 do
            assert.near(cen[k] - off * pn[k], t3(p)[k], 1e-9 * 16)
          end
        end
        assert.near(0, dot(t3(p), pn) + plane.d, 1e-12 * 16)
        -- after the start the lowest corners are on the plane
        if u > 0 then assert.near(0, off, 1e-9 * 16) end
      end
    end
  end)
end)
