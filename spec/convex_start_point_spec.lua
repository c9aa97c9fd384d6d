-- spec/convex_start_point_spec.lua -- a convex mover that already overlaps
-- its obstacle at the start hits at u = 0, and its point is "a point of
-- the obstacle inside the mover" (the contract), whatever the obstacle:
-- a triangle, a segment, a box, a polygon, another convex shape, a plane;
-- in 2D and 3D; standalone, through a world (w:sweep_convex), and turning
-- (collide.sweep_convex_turning at u = 0).
--
-- The judge shares nothing with the library: shapes are kept as their
-- points in the world (turned here by an angle about z, or by a unit
-- quaternion as p' = p + 2w (q x p) + 2 q x (q x p)), and a point is in
-- the hull of the points P when it lies within every slab of P along the
-- normal of each triple of its points (a solid P: its face normals are
-- among them; the slabs of other directions hold P too, so they only add
-- true conditions), and for a flat P also along the in-plane normal of
-- each pair (its sides'); a segment by its distance.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, type = assert, error, ipairs, math, type
local collide = require "collide"
local size = require "spec.support.size"
local V = collide.vec3

local abs, sqrt, max, min, sin, cos, pi = math.abs, math.sqrt, math.max,
                                          math.min, math.sin, math.cos, math.pi

local seed = 20261129
local function rnd()
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
end
local function rnd_in(a, b) return a + (b - a) * rnd() end

local function add(a, b) return { a[1] + b[1], a[2] + b[2], a[3] + b[3] } end
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function scale(a, s) return { a[1] * s, a[2] * s, a[3] * s } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function len(a) return sqrt(dot(a, a)) end
local function tov(a) return V(a[1], a[2], a[3]) end
local function fromv(p) return { p.x, p.y, p.z } end

-- a rotation: an angle about z (2D) or a unit quaternion {w, x, y, z}
local function random_rot(flat)
  if flat then return rnd_in(-pi, pi) end
  local q = { rnd_in(-1, 1), rnd_in(-1, 1), rnd_in(-1, 1), rnd_in(-1, 1) }
  local l = sqrt(q[1] ^ 2 + q[2] ^ 2 + q[3] ^ 2 + q[4] ^ 2)
  return { w = q[1] / l, x = q[2] / l, y = q[3] / l, z = q[4] / l }
end
local function rotate(rot, p)
  if type(rot) == "number" then
    local c, s = cos(rot), sin(rot)
    return { c * p[1] - s * p[2], s * p[1] + c * p[2], p[3] }
  end
  local q = { rot.x, rot.y, rot.z }
  local t = scale(cross(q, p), 2)
  return add(add(p, scale(t, rot.w)), cross(q, t))
end
local function place(P, rot, at)
  local out = {}
  for i, p in ipairs(P) do out[i] = add(rotate(rot, p), at) end
  return out
end

local function random_hull(flat)
  local P = {}
  for i = 1, 8 do
    P[i] = { rnd_in(-1, 1), rnd_in(-1, 1), flat and 0 or rnd_in(-1, 1) }
  end
  return P
end
local function box_points(e)
  local P = {}
  for i = 0, 7 do
    P[#P + 1] = { (i % 2 == 0) and -e[1] or e[1], (i % 4 < 2) and -e[2] or e[2],
                  (i < 4) and -e[3] or e[3] }
  end
  return P
end
local function rp(flat, s) return { rnd_in(-s, s), rnd_in(-s, s), flat and 0 or rnd_in(-s, s) } end

-- ---- the judge: a point in the hull of P ----------------------------------

local function range(P, n)
  local lo, hi = math.huge, -math.huge
  for _, p in ipairs(P) do
    local x = dot(p, n)
    lo, hi = min(lo, x), max(hi, x)
  end
  return lo, hi
end

-- The slabs {n, lo, hi} of P (unit n), or P itself for a segment.
local function slabs(P)
  local S, normals, n = {}, {}, #P
  for i = 1, n do
    for j = i + 1, n do
      for k = j + 1, n do
        local f = cross(sub(P[j], P[i]), sub(P[k], P[i]))
        local l = len(f)
        if l > 1e-9 then normals[#normals + 1] = scale(f, 1 / l) end
      end
    end
  end
  local flat = true
  for _, f in ipairs(normals) do
    local lo, hi = range(P, f)
    if hi - lo > 1e-9 then flat = false end
    S[#S + 1] = { f, lo, hi }
  end
  if #normals == 0 then return nil end   -- a segment
  if flat then
    S.flat = normals[1]
    local nz = normals[1]
    for i = 1, n do
      for j = i + 1, n do
        local f = cross(nz, sub(P[j], P[i]))
        local l = len(f)
        if l > 1e-9 then
          f = scale(f, 1 / l)
          local lo, hi = range(P, f)
          S[#S + 1] = { f, lo, hi }
        end
      end
    end
  end
  return S
end

-- How far p is outside the hull of P (<= 0 inside), S its slabs.
local function outside(P, S, p)
  if S == nil then
    local a, e = P[1], sub(P[2], P[1])
    local l2 = dot(e, e)
    local t = l2 > 0 and max(0, min(1, dot(sub(p, a), e) / l2)) or 0
    return len(sub(p, add(a, scale(e, t))))
  end
  local g = -math.huge
  for _, s in ipairs(S) do
    local x = dot(p, s[1])
    g = max(g, s[2] - x, x - s[3])
  end
  return g
end

local TOL = 1e-9

-- A hit at u = 0 whose point is in the mover PA and the obstacle PB.
local function judge(PA, PB, ok, u, point, what)
  assert.is_true(ok, what .. ": a hit")
  assert.equal(0, u, what .. ": at u = 0")
  local p = fromv(point)
  local oa, ob = outside(PA, slabs(PA), p), outside(PB, slabs(PB), p)
  if not (oa <= TOL and ob <= TOL) then
    error(("%s: the point (%.17g, %.17g, %.17g) is %.3g outside the mover, %.3g outside the "
           .. "obstacle"):format(what, p[1], p[2], p[3], oa, ob), 2)
  end
end

-- Whether the hulls of PA and PB overlap (by more than TOL): no direction
-- among the slabs' normals and the cross products of their point
-- differences separates them.
local function overlap(PA, PB)
  local axes, normals = {}, {}
  local function push(f)
    local l = len(f)
    if l > 1e-9 then axes[#axes + 1] = scale(f, 1 / l) end
  end
  for _, P in ipairs({ PA, PB }) do
    local S = slabs(P) or {}
    for _, s in ipairs(S) do push(s[1]) end
    normals[#normals + 1] = S.flat
  end
  local da, db = {}, {}
  for i = 1, #PA do for j = i + 1, #PA do da[#da + 1] = sub(PA[j], PA[i]) end end
  for i = 1, #PB do for j = i + 1, #PB do db[#db + 1] = sub(PB[j], PB[i]) end end
  for _, a in ipairs(da) do
    for _, b in ipairs(db) do push(cross(a, b)) end
  end
  -- (a flat shape's plane holds the other's edges' in-plane normals: its
  -- normal crossed with them)
  for _, f in ipairs(normals) do
    for _, b in ipairs(db) do push(cross(f, b)) end
    for _, a in ipairs(da) do push(cross(f, a)) end
  end
  for _, n in ipairs(axes) do
    local a0, a1 = range(PA, n)
    local b0, b1 = range(PB, n)
    -- (both flat across n: two shapes of one plane, n its normal)
    local thin = a1 - a0 <= 1e-12 and b1 - b0 <= 1e-12 and abs(a0 - b0) <= 1e-12
    if not thin and (a0 > b1 - TOL or b0 > a1 - TOL) then return false end
  end
  return true
end

-- ---- the scenes --------------------------------------------------------------

-- A random mover: {points in its frame, hull, rotation} (a hull of 8
-- random points, a box by collide.convex_box or by its corners, 2D flat).
local function random_mover(flat, i)
  local P, A
  if i % 3 == 0 then
    local e = { rnd_in(0.2, 1.2), rnd_in(0.2, 1.2), flat and 0 or rnd_in(0.2, 1.2) }
    P = box_points(e)
    if flat then
      P = { { -e[1], -e[2], 0 }, { e[1], -e[2], 0 }, { e[1], e[2], 0 }, { -e[1], e[2], 0 } }
      A = collide.convex(P)
    else
      A = (i % 2 == 0) and collide.convex_box(tov(e)) or collide.convex(P)
    end
  else
    P = random_hull(flat)
    A = collide.convex(P)
  end
  return P, A, random_rot(flat)
end

local function start_cases(n, run)
  local found, tries = 0, 0
  while found < n and tries < 20 * n do
    tries = tries + 1
    if run(tries) then found = found + 1 end
  end
  assert.truthy(found == n, ("%d start overlaps of %d tries"):format(found, tries))
end

describe("convex sweeps overlapping at the start: the point is in both shapes", function()
  -- (sizes: 200 start overlaps per test, and 100 through the world and
  -- turning, at the quick size, make test: every kind of mover and
  -- obstacle the case number picks, many times over; 2,000 and 600 at the
  -- full size, make spec-full: ten and six times the random shapes and
  -- placements, for the rarer overlaps, shallow ones and grazing corners;
  -- 5,000 and 1,500 were about 80 s of Lua 5.1's time)
  local N = size.cases(200, 2000)
  for _, flat in ipairs({ true, false }) do
    local dim = flat and "2D" or "3D"

    it(dim .. ": against triangles, segments, boxes, polygons and hulls", function()
      start_cases(N, function(i)
        local PA, A, rot = random_mover(flat, i)
        local c0, c1 = rp(flat, 1.2), rp(flat, 3)
        local WA = place(PA, rot, c0)
        local kind = i % 5
        local PB, r
        if kind == 0 then
          PB = { rp(flat, 2), rp(flat, 2), rp(flat, 2) }
          if len(cross(sub(PB[2], PB[1]), sub(PB[3], PB[1]))) < 1e-3 then return false end
          if not overlap(WA, PB) then return false end
          r = { collide.sweep_convex_triangle(A, rot, tov(c0), tov(c1), tov(PB[1]), tov(PB[2]),
                                              tov(PB[3])) }
        elseif kind == 1 then
          PB = { rp(flat, 2), rp(flat, 2) }
          if not overlap(WA, PB) then return false end
          r = { collide.sweep_convex_segment(A, rot, tov(c0), tov(c1), tov(PB[1]), tov(PB[2])) }
        elseif kind == 2 then
          local c = rp(flat, 1)
          local e = { rnd_in(0.1, 1.5), rnd_in(0.1, 1.5), flat and 0 or rnd_in(0.1, 1.5) }
          PB = place(box_points(e), 0, c)
          if not overlap(WA, PB) then return false end
          r = { collide.sweep_convex_aabb(A, rot, tov(c0), tov(c1), tov(c), tov(e)) }
        elseif kind == 3 then
          -- a polygon: a quad of a turned rectangle
          local e, prot, at = { rnd_in(0.3, 1.5), rnd_in(0.3, 1.5), 0 }, random_rot(flat),
                              rp(flat, 1)
          PB = place({ { -e[1], -e[2], 0 }, { e[1], -e[2], 0 }, { e[1], e[2], 0 },
                       { -e[1], e[2], 0 } }, prot, at)
          if not overlap(WA, PB) then return false end
          local poly = collide.polygon({ tov(PB[1]), tov(PB[2]), tov(PB[3]), tov(PB[4]) })
          r = { collide.sweep_convex_polygon(A, rot, tov(c0), tov(c1), poly) }
        else
          local QB, B, rb = random_mover(flat, i + 1)
          local b = rp(flat, 1.5)
          PB = place(QB, rb, b)
          if not overlap(WA, PB) then return false end
          r = { collide.sweep_convex_convex(A, rot, tov(c0), tov(c1), B, rb, tov(b)) }
        end
        judge(WA, PB, r[1], r[2], r[3], ("case %d kind %d"):format(i, kind))
        if flat then assert.equal(0, r[3].z) end
        return true
      end)
    end)

    it(dim .. ": against planes, the point on the plane inside the mover", function()
      start_cases(N, function(i)
        local PA, A, rot = random_mover(flat, i)
        local c0, c1 = rp(flat, 1), rp(flat, 3)
        local WA = place(PA, rot, c0)
        local n = rp(flat, 1)
        local l = len(n)
        if l < 0.1 then return false end
        n = scale(n, 1 / l)
        local d = -dot(n, rp(flat, 0.5))
        local lo, hi = range(WA, n)
        if not (lo + d < -TOL and hi + d > TOL) then return false end
        local ok, u, p = collide.sweep_convex_plane(A, rot, tov(c0), tov(c1),
                                                    collide.plane(tov(n), d))
        assert.is_true(ok); assert.equal(0, u)
        p = fromv(p)
        assert.truthy(abs(dot(n, p) + d) <= TOL, "the point on the plane")
        local o = outside(WA, slabs(WA), p)
        assert.truthy(o <= TOL, ("case %d: the point %.3g outside the mover"):format(i, o))
        return true
      end)
    end)

    it(dim .. ": through a world (w:sweep_convex) and turning (sweep_convex_turning)", function()
      start_cases(size.cases(100, 600), function(i)
        local PA, A, rot = random_mover(flat, i)
        local c0, c1 = rp(flat, 1.2), rp(flat, 3)
        local WA = place(PA, rot, c0)
        local w = collide.world()
        local PB
        if i % 3 == 0 then
          local c = rp(flat, 1)
          local e = { rnd_in(0.1, 1.5), rnd_in(0.1, 1.5), flat and 0 or rnd_in(0.1, 1.5) }
          PB = place(box_points(e), 0, c)
          w:add_aabb(tov(c), tov(e))
        elseif i % 3 == 1 then
          PB = { rp(flat, 2), rp(flat, 2), rp(flat, 2) }
          if len(cross(sub(PB[2], PB[1]), sub(PB[3], PB[1]))) < 1e-3 then return false end
          w:add_triangle(tov(PB[1]), tov(PB[2]), tov(PB[3]))
        else
          local QB, B, rb = random_mover(flat, i + 1)
          local b = rp(flat, 1.5)
          PB = place(QB, rb, b)
          w:add_convex(B, tov(b), rb)
          if not overlap(WA, PB) then return false end
          -- turning from rot to another rotation: overlapping at u = 0
          local ok, u, p = collide.sweep_convex_turning(A, rot, random_rot(flat), tov(c0),
                                                        tov(c1), B, rb, tov(b))
          judge(WA, PB, ok, u, p, ("turning case %d"):format(i))
        end
        if not overlap(WA, PB) then return false end
        local ok, u, p = w:sweep_convex(A, rot, tov(c0), tov(c1))
        judge(WA, PB, ok, u, p, ("world case %d"):format(i))
        return true
      end)
    end)
  end
end)
