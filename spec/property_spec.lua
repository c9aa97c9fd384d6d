--[[ Property checks of the shape queries against an independent oracle.

The oracle shares no formula with the C core. For a sphere of radius r
whose centre moves along c(t) = c0 + d t, it only evaluates
    f(t) = |c(t) - closest(c(t))| - r
with closest-point routines written here (Ericson's Voronoi-region test for
a triangle, a fan of triangles for a polygon, clamping for a segment and a
box). f is convex in t (the distance to a convex set along a line is
convex), so a golden-section search finds its minimum on [0, 1] and a
bisection between 0 and that minimum finds the first t with f <= 0: the
true first contact. Ray casts against flat shapes bisect the signed
distance to the plane instead, then ask whether the crossing lies on the
shape. The box-box sweep bisects max_i(|p_i(t)| - E_i), also convex.

What is compared, per case: hit or miss; u; the point (against the oracle's
closest point at the reported u); the normal (against the direction from
that point to the centre, where the centre is not on the shape); the
feature (where a nudge of 1e-7 does not change the oracle's answer); and
that the distance at the reported u is r (a well-conditioned check of u).

Grazing rule (documented exclusion): a case whose deepest approach
|min f| is within GRAZE = 1e-10 (1 + scale) of touching is not compared
for hit or miss, nor for u, since either answer is right within rounding;
scale is the largest coordinate magnitude in the case. u is compared
within 1e-9 + GRAZE / |f'(u)|: a nearly tangential approach (small slope)
makes u ill-conditioned, and the bound says by how much.

Also: symmetry of sweep_aabb_aabb, translation invariance, no tunnelling
at speeds up to 1e8 per step. A fixed-seed generator of our own (Park and
Miller's minimal standard) gives the same cases on every Lua.
]]
-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, io, ipairs, math, pairs = assert, error, io, ipairs, math, pairs
local rawget, table, tostring, type = rawget, table, tostring, type
local collide = require "collide"
local vec3 = collide.vec3

local sqrt, abs, max, min = math.sqrt, math.abs, math.max, math.min
local unpack = table.unpack or unpack
local FACE, EDGE, VERTEX = "face", "edge", "vertex"

-- per query (x 4.5 for the tunnelling check); the full count runs under
-- COLLIDE_SPEC_SIZE=full (make spec-full, in make ci-extra)
local CASES = dofile("spec/support/size.lua").cases(300, 1200)

-- ---- deterministic random numbers ------------------------------------------

local seed = 20261122
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function uniform(a, b) return a + (b - a) * rnd() end
local function rvec(s) return { uniform(-s, s), uniform(-s, s), uniform(-s, s) } end
local function runit()
  while true do
    local v = rvec(1)
    local l = sqrt(v[1] ^ 2 + v[2] ^ 2 + v[3] ^ 2)
    if l > 0.1 and l <= 1 then return { v[1] / l, v[2] / l, v[3] / l } end
  end
end

-- ---- small vector helpers (plain tables {x, y, z}) ---------------------------

local function add(a, b) return { a[1] + b[1], a[2] + b[2], a[3] + b[3] } end
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function scale(a, s) return { a[1] * s, a[2] * s, a[3] * s } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function len(a) return sqrt(dot(a, a)) end
local function V(a) return vec3(a[1], a[2], a[3]) end
local function T(v) return { v.x, v.y, v.z } end
local function maxabs(...)
  local m = 0
  for _, p in ipairs({ ... }) do
    m = max(m, abs(p[1]), abs(p[2]), abs(p[3]))
  end
  return m
end
local function flat2d(p) return { p[1], p[2], 0 } end

-- ---- closest points (the oracle's own) ------------------------------------------

-- Ericson, Real-Time Collision Detection 5.1.5, by Voronoi regions;
-- returns the point, the feature and, for an edge, which ("ab", "ac", "bc").
local function closest_triangle(p, a, b, c)
  local ab, ac, ap = sub(b, a), sub(c, a), sub(p, a)
  local d1, d2 = dot(ab, ap), dot(ac, ap)
  if d1 <= 0 and d2 <= 0 then return a, VERTEX, "a" end
  local bp = sub(p, b)
  local d3, d4 = dot(ab, bp), dot(ac, bp)
  if d3 >= 0 and d4 <= d3 then return b, VERTEX, "b" end
  local vc = d1 * d4 - d3 * d2
  if vc <= 0 and d1 >= 0 and d3 <= 0 then
    return add(a, scale(ab, d1 / (d1 - d3))), EDGE, "ab"
  end
  local cp = sub(p, c)
  local d5, d6 = dot(ab, cp), dot(ac, cp)
  if d6 >= 0 and d5 <= d6 then return c, VERTEX, "c" end
  local vb = d5 * d2 - d1 * d6
  if vb <= 0 and d2 >= 0 and d6 <= 0 then
    return add(a, scale(ac, d2 / (d2 - d6))), EDGE, "ac"
  end
  local va = d3 * d6 - d5 * d4
  if va <= 0 and d4 - d3 >= 0 and d5 - d6 >= 0 then
    local w = (d4 - d3) / ((d4 - d3) + (d5 - d6))
    return add(b, scale(sub(c, b), w)), EDGE, "bc"
  end
  local den = 1 / (va + vb + vc)
  return add(a, add(scale(ab, vb * den), scale(ac, vc * den))), FACE
end

-- (Run by LuaJIT's interpreter: compiled into the oracle's search loops,
-- its side traces abort with "NYI: register coalescing too complex", over
-- 3,500 times in sweep_sphere_triangle's 300 cases, which then took 15
-- times as long as with the JIT off. Only the checker's speed: the
-- queries it judges are called and compiled as before.)
if rawget(_G, "jit") then jit.off(closest_triangle) end

-- A convex polygon as the fan v1 v_i v_(i+1): the nearest of the fan's
-- triangles; an edge of a triangle that is a diagonal of the polygon is
-- inside it (face).
local function closest_polygon(p, vs)
  local n = #vs
  local best, bp, bf = math.huge, nil, nil
  for i = 2, n - 1 do
    local q, f, which = closest_triangle(p, vs[1], vs[i], vs[i + 1])
    if f == EDGE and ((which == "ab" and i ~= 2) or (which == "ac" and i + 1 ~= n)) then
      f = FACE
    end
    local dd = dot(sub(p, q), sub(p, q))
    if dd < best then best, bp, bf = dd, q, f end
  end
  return bp, bf
end

local function closest_segment(p, a, b)
  local ab = sub(b, a)
  local ll = dot(ab, ab)
  if ll == 0 then return a, VERTEX end
  local s = dot(sub(p, a), ab) / ll
  if s <= 0 then return a, VERTEX end
  if s >= 1 then return b, VERTEX end
  return add(a, scale(ab, s)), EDGE
end

-- Clamp into the box; the feature is the dimension of the set of box
-- points sharing the clamped coordinates: the free axes with extent.
local function closest_box(p, c, e)
  local q, free = {}, 0
  for i = 1, 3 do
    local lo, hi = c[i] - e[i], c[i] + e[i]
    if p[i] < lo then q[i] = lo
    elseif p[i] > hi then q[i] = hi
    else
      q[i] = p[i]
      if e[i] > 0 then free = free + 1 end
    end
  end
  return q, free == 3 and FACE or (free == 2 and FACE or (free == 1 and EDGE or VERTEX))
end

-- From inside a box: the nearest point of its surface, by trying the six
-- faces; clear when the runner-up is 1e-6 farther.
local function box_surface(x, c, e)
  local best, second, bp = math.huge, math.huge, nil
  for i = 1, 3 do
    if e[i] > 0 or (x[i] ~= c[i]) then      -- a flat box's own plane: 2D
      for _, sgn in ipairs({ -1, 1 }) do
        local q = { x[1], x[2], x[3] }
        q[i] = c[i] + sgn * e[i]
        local dd = abs(q[i] - x[i])
        if dd < best then best, second, bp = dd, best, q
        elseif dd < second then second = dd end
      end
    end
  end
  return bp, second - best > 1e-6
end

-- The 2D rule (issue 10): with the motion in the plane of a flat shape, the
-- shape is a solid region of that plane, and a centre inside it is pushed
-- out across its nearest edge: the nearest point of its boundary, by trying
-- every edge; clear when the runner-up is 1e-6 farther.
local function boundary_surface(x, vs)
  local best, second, bp = math.huge, math.huge, nil
  for i = 1, #vs do
    local q = closest_segment(x, vs[i], vs[i % #vs + 1])
    local dd = len(sub(q, x))
    if dd < best then best, second, bp = dd, best, q
    elseif dd < second then second = dd end
  end
  return bp, second - best > 1e-6
end

-- ---- the oracle --------------------------------------------------------------------

local GOLD = (sqrt(5) - 1) / 2

-- First t in [0, 1] with f(t) <= 0 for a convex f, and the minimum of f.
-- Returns hit, u, fmin.
local function first_root(f, graze)
  local f0 = f(0)
  if f0 <= 0 then return true, 0, f0 end
  local a, b = 0, 1
  local x1, x2 = b - GOLD * (b - a), a + GOLD * (b - a)
  local f1, f2 = f(x1), f(x2)
  local fend = f(1)
  for _ = 1, 62 do            -- 0.618^62: the minimum to 1e-13 in t
    if f1 <= -graze or f2 <= -graze then break end
    if f1 < f2 then
      b, x2, f2 = x2, x1, f1
      x1 = b - GOLD * (b - a)
      f1 = f(x1)
    else
      a, x1, f1 = x1, x2, f2
      x2 = a + GOLD * (b - a)
      f2 = f(x2)
    end
  end
  local tm, fm = x1, f1
  if f2 < f1 then tm, fm = x2, f2 end
  if fend < fm then tm, fm = 1, fend end
  if fm > 0 then return false, nil, fm end
  local lo, hi = 0, tm          -- f(lo) > 0 >= f(hi)
  for _ = 1, 60 do
    local mid = (lo + hi) / 2
    if mid <= lo or mid >= hi then break end
    if f(mid) <= 0 then hi = mid else lo = mid end
  end
  return true, hi, fm
end

-- ---- bookkeeping --------------------------------------------------------------------

local report = {}
local function stats(name)
  report[name] = report[name] or { cases = 0, hits = 0, grazing = 0, du = 0, dp = 0, dn = 0,
                                   features = 0 }
  return report[name]
end

local function fail(name, msg, case)
  error(("%s: %s (case: %s)"):format(name, msg, case), 2)
end

local function describe_case(t)
  local parts = {}
  for _, v in ipairs(t) do
    if type(v) == "table" and type(v[1]) == "number" then
      parts[#parts + 1] = ("{%.17g, %.17g, %.17g}"):format(v[1], v[2], v[3])
    elseif type(v) == "table" then
      parts[#parts + 1] = "{" .. describe_case(v) .. "}"
    else
      parts[#parts + 1] = tostring(v)
    end
  end
  return table.concat(parts, ", ")
end

-- ---- sphere sweeps: one checker for every shape ---------------------------------

-- closest(p) -> point, feature; call(r, c0, c1) -> the C results;
-- flat: the unit plane normal of a flat shape (or nil).
-- surface(x), for a solid shape: the nearest surface point to an x inside
-- it, and whether that is clear (no other face nearly as near).
local function check_sweep(name, r, c0, c1, closest, call, sc, inputs, surface)
  local st = stats(name)
  st.cases = st.cases + 1
  local d = sub(c1, c0)
  local graze = 1e-10 * (1 + sc)
  local function pos(t)
    if t == 0 then return c0 end
    return { c0[1] + d[1] * t, c0[2] + d[2] * t, c0[3] + d[3] * t }
  end
  local function f(t)
    local x = pos(t)
    return len(sub(x, (closest(x)))) - r
  end
  local ohit, ou, fmin = first_root(f, graze)
  local hit, u, point, normal, feature = call(r, c0, c1)
  local case = describe_case(inputs)
  if abs(fmin) <= graze then
    st.grazing = st.grazing + 1
    return
  end
  if hit ~= ohit then
    fail(name, ("hit %s, oracle %s (min distance - r = %g)"):format(tostring(hit),
      tostring(ohit), fmin), case)
  end
  if not hit then return end
  st.hits = st.hits + 1
  -- u: the distance at the reported u is r, and u is the first such time
  local t1, t2 = max(0, ou - 1e-7), min(1, ou + 1e-7)
  local slope = abs(f(t2) - f(t1)) / (t2 - t1)
  local tol_u = 1e-9 + graze / max(slope, 1e-300)
  local du = abs(u - ou)
  if du > tol_u then
    fail(name, ("u = %.17g, oracle %.17g (tolerance %g)"):format(u, ou, tol_u), case)
  end
  st.du = max(st.du, du)
  local fu = f(u)
  if (u > 0 and abs(fu) > 100 * graze) or (u == 0 and fu > 100 * graze) then
    fail(name, ("distance - r at the reported u is %g"):format(fu), case)
  end
  -- point: the oracle's nearest point to the centre at the reported u
  local x = pos(u)
  local op, ofeat = closest(x)
  local inward = false
  -- (inside: the oracle's nearest point is x itself, up to its rounding --
  -- a polygon's fan of triangles projects x onto the plane)
  if surface and len(sub(x, op)) <= 1e-12 * (1 + sc) then
    local clear
    op, clear = surface(x)
    if not clear then return end
    inward = true
  end
  local dp = len(sub(T(point), op))
  if dp > 1e-9 * (1 + sc) then
    fail(name, ("point off by %g"):format(dp), case)
  end
  st.dp = max(st.dp, dp)
  -- normal: unit; toward the centre where the centre is off the shape
  local n = T(normal)
  if abs(len(n) - 1) > 1e-12 then fail(name, "normal not unit", case) end
  local away = inward and sub(op, x) or sub(x, op)
  local dist = len(away)
  if dist > 1e-3 then
    local dn = len(sub(n, scale(away, 1 / dist)))
    if dn > 1e-9 * (1 + sc) / dist then
      fail(name, ("normal off by %g"):format(dn), case)
    end
    st.dn = max(st.dn, dn)
  end
  -- feature, where a nudge does not change the oracle's answer
  local h = 1e-7 * (1 + sc)
  local steady = true
  for i = 1, 3 do
    for _, s in ipairs({ -h, h }) do
      local y = { x[1], x[2], x[3] }
      y[i] = y[i] + s
      local _, f2 = closest(y)
      if f2 ~= ofeat then steady = false end
    end
  end
  if steady and dist > 1e-3 and not inward then
    st.features = st.features + 1
    if feature ~= ofeat then
      fail(name, ("feature %s, oracle %s"):format(feature, ofeat), case)
    end
  end
end

-- Random placement of a sphere's motion near a shape around `centre`;
-- target: a point on or near the shape to aim at.
local function motion(centre, spread, two_d, target)
  local c0, c1
  local kind = rnd()
  if kind < 0.6 and target then    -- aimed at the shape: short, through, past
    c0 = add(centre, rvec(spread * 2))
    c1 = add(c0, scale(sub(add(target, rvec(0.5)), c0), uniform(0.5, 1.5)))
  elseif kind < 0.6 then
    c0 = add(centre, rvec(spread * 2))
    c1 = add(centre, rvec(spread))
  elseif kind < 0.9 then           -- anywhere
    c0 = add(centre, rvec(spread * 2))
    c1 = add(centre, rvec(spread * 2))
  elseif kind < 0.95 then          -- not moving
    c0 = add(centre, rvec(spread * 1.5))
    c1 = c0
  else                             -- a short move
    c0 = add(centre, rvec(spread * 1.5))
    c1 = add(c0, rvec(0.01))
  end
  if two_d then c0, c1 = flat2d(c0), flat2d(c1) end
  return c0, c1
end

-- Per case: plain, 2D (z = 0) or far from the origin.
local function placement(i)
  local k = i % 10
  if k == 0 then return "far", scale(runit(), 10 ^ uniform(5, 7)) end
  if k <= 2 then return "2d", { 0, 0, 0 } end
  return "plain", { 0, 0, 0 }
end

-- Random points of shapes, to aim at.
local function in_triangle(a, b, c)
  local w1, w2 = rnd(), rnd()
  if w1 + w2 > 1 then w1, w2 = 1 - w1, 1 - w2 end
  return add(a, add(scale(sub(b, a), w1), scale(sub(c, a), w2)))
end
local function in_polygon(vs)
  local k = 2 + math.floor(rnd() * (#vs - 2))
  return in_triangle(vs[1], vs[k], vs[k + 1])
end
local function in_box(c, e)
  return { c[1] + e[1] * uniform(-1.2, 1.2), c[2] + e[2] * uniform(-1.2, 1.2),
           c[3] + e[3] * uniform(-1.2, 1.2) }
end

local function random_triangle(o, two_d)
  while true do
    local a, b, c = add(o, rvec(4)), add(o, rvec(4)), add(o, rvec(4))
    if two_d then a, b, c = flat2d(a), flat2d(b), flat2d(c) end
    local ar = len(cross(sub(b, a), sub(c, a)))
    if ar > 0.5 then return a, b, c end
  end
end

-- A convex polygon: 3 to 8 points on an ellipse in a random plane.
local function random_polygon(o, two_d)
  local u, v
  if two_d then
    u, v = { 1, 0, 0 }, { 0, 1, 0 }
  else
    u = runit()
    v = cross(u, runit())
    v = scale(v, 1 / len(v))
  end
  local n = 3 + math.floor(rnd() * 6)
  local ra, rb = uniform(1, 4), uniform(1, 4)
  local angles = {}
  for i = 1, n do angles[i] = (i - 1 + uniform(0.1, 0.9)) * 2 * math.pi / n end
  local vs = {}
  local centre = two_d and flat2d(add(o, rvec(2))) or add(o, rvec(2))
  for i = 1, n do
    vs[i] = add(centre, add(scale(u, ra * math.cos(angles[i])), scale(v, rb * math.sin(angles[i]))))
  end
  if rnd() < 0.5 then        -- either winding
    local rev = {}
    for i = 1, n do rev[i] = vs[n + 1 - i] end
    vs = rev
  end
  return vs
end

describe("property: sweeps against an independent oracle", function()
  it("sweep_sphere_triangle", function()
    local name = "sweep_sphere_triangle"
    for i = 1, CASES do
      local where, o = placement(i)
      local two_d = where == "2d"
      local a, b, c = random_triangle(o, two_d)
      local c0, c1 = motion(o, 6, two_d, in_triangle(a, b, c))
      local r = uniform(0.05, 2)
      local A, B, C = V(a), V(b), V(c)
      local moves = c0[1] ~= c1[1] or c0[2] ~= c1[2] or c0[3] ~= c1[3]
      check_sweep(name, r, c0, c1,
        function(p) return closest_triangle(p, a, b, c) end,
        function(rr, p0, p1) return collide.sweep_sphere_triangle(rr, V(p0), V(p1), A, B, C) end,
        maxabs(a, b, c, c0, c1), { r, c0, c1, a, b, c },
        two_d and moves and function(x) return boundary_surface(x, { a, b, c }) end or nil)
    end
  end)

  it("sweep_sphere_polygon", function()
    local name = "sweep_sphere_polygon"
    for i = 1, CASES do
      local where, o = placement(i)
      local two_d = where == "2d"
      local vs = random_polygon(o, two_d)
      local vv = {}
      for k = 1, #vs do vv[k] = V(vs[k]) end
      local poly = collide.polygon(vv)
      local c0, c1 = motion(o, 6, two_d, in_polygon(vs))
      local r = uniform(0.05, 2)
      local moves = c0[1] ~= c1[1] or c0[2] ~= c1[2] or c0[3] ~= c1[3]
      check_sweep(name, r, c0, c1,
        function(p) return closest_polygon(p, vs) end,
        function(rr, p0, p1) return collide.sweep_sphere_polygon(rr, V(p0), V(p1), poly) end,
        maxabs(c0, c1, unpack(vs)), { r, c0, c1, vs },
        two_d and moves and function(x) return boundary_surface(x, vs) end or nil)
    end
  end)

  it("sweep_sphere_segment", function()
    local name = "sweep_sphere_segment"
    for i = 1, CASES do
      local where, o = placement(i)
      local two_d = where == "2d"
      local a, b = add(o, rvec(4)), add(o, rvec(4))
      if two_d then a, b = flat2d(a), flat2d(b) end
      local c0, c1 = motion(o, 6, two_d, add(a, scale(sub(b, a), uniform(-0.2, 1.2))))
      local r = uniform(0.05, 2)
      local A, B = V(a), V(b)
      check_sweep(name, r, c0, c1,
        function(p) return closest_segment(p, a, b) end,
        function(rr, p0, p1) return collide.sweep_sphere_segment(rr, V(p0), V(p1), A, B) end,
        maxabs(a, b, c0, c1), { r, c0, c1, a, b })
    end
  end)

  it("sweep_sphere_aabb", function()
    local name = "sweep_sphere_aabb"
    for i = 1, CASES do
      local where, o = placement(i)
      local two_d = where == "2d"
      local c = add(o, rvec(3))
      local e = { uniform(0.1, 3), uniform(0.1, 3), uniform(0.1, 3) }
      if two_d then c = flat2d(c); if i % 2 == 0 then e[3] = 0 end end
      local c0, c1 = motion(o, 6, two_d, in_box(c, e))
      local r = uniform(0.05, 2)
      local Cv, E = V(c), V(e)
      check_sweep(name, r, c0, c1,
        function(p) return closest_box(p, c, e) end,
        function(rr, p0, p1) return collide.sweep_sphere_aabb(rr, V(p0), V(p1), Cv, E) end,
        maxabs(c, e, c0, c1), { r, c0, c1, c, e },
        function(x) return box_surface(x, c, e) end)
    end
  end)
end)

-- ---- ray casts ------------------------------------------------------------------------

-- Against a flat shape: bisect the signed distance to the plane for the
-- crossing, then ask the closest-point routine whether it is on the shape.
local function check_ray_flat(name, p0, p1, nrm, origin, closest, boundary_dist, call, sc, inputs)
  local st = stats(name)
  st.cases = st.cases + 1
  local graze = 1e-10 * (1 + sc)
  local d = sub(p1, p0)
  local function s(t)
    return dot(nrm, sub({ p0[1] + d[1] * t, p0[2] + d[2] * t, p0[3] + d[3] * t }, origin))
  end
  local s0, s1 = s(0), s(1)
  local hit, u, point, normal, feature = call(p0, p1)
  local case = describe_case(inputs)
  if abs(s0) <= graze or abs(s1) <= graze then st.grazing = st.grazing + 1; return end
  -- the crossing is on the shape when the closest point is the crossing
  -- itself; within 1e-6 (1 + scale) of the boundary either way: grazing
  local ohit, ou = false, nil
  if (s0 > 0) ~= (s1 > 0) then
    local lo, hi = 0, 1
    for _ = 1, 64 do
      local mid = (lo + hi) / 2
      if (s(mid) > 0) == (s0 > 0) then lo = mid else hi = mid end
    end
    ou = (lo + hi) / 2
    local q = { p0[1] + d[1] * ou, p0[2] + d[2] * ou, p0[3] + d[3] * ou }
    local off = len(sub(q, (closest(q))))
    local near = 1e-6 * (1 + sc)
    if off > near then
      ohit = false
    elseif off <= graze and boundary_dist(q) > near then
      ohit = true
    else
      st.grazing = st.grazing + 1
      return
    end
  end
  if hit ~= ohit then
    fail(name, ("hit %s, oracle %s"):format(tostring(hit), tostring(ohit)), case)
  end
  if not hit then return end
  st.hits = st.hits + 1
  local slope = abs(s1 - s0)
  local du = abs(u - ou)
  if du > 1e-9 + graze / slope then fail(name, ("u = %.17g, oracle %.17g"):format(u, ou), case) end
  st.du = max(st.du, du)
  local q = { p0[1] + d[1] * u, p0[2] + d[2] * u, p0[3] + d[3] * u }
  local dp = len(sub(T(point), q))
  if dp > 1e-9 * (1 + sc) then fail(name, ("point off by %g"):format(dp), case) end
  st.dp = max(st.dp, dp)
  local want = s0 > 0 and nrm or scale(nrm, -1)      -- facing the start
  local dn = len(sub(T(normal), want))
  if dn > 1e-9 then fail(name, ("normal off by %g"):format(dn), case) end
  st.dn = max(st.dn, dn)
  if feature ~= FACE then fail(name, "feature " .. feature .. " inside the face", case) end
  st.features = st.features + 1
end

-- Distance from an in-plane point to a polygon's boundary.
local function boundary_distance(q, vs)
  local best = math.huge
  for i = 1, #vs do
    local p = closest_segment(q, vs[i], vs[i % #vs + 1])
    best = min(best, len(sub(q, p)))
  end
  return best
end

local function unit_normal(a, b, c)
  local n = cross(sub(b, a), sub(c, a))
  return scale(n, 1 / len(n))
end

describe("property: ray casts against an independent oracle", function()
  it("raycast_triangle", function()
    local name = "raycast_triangle"
    for i = 1, CASES do
      local _, o = placement(i)
      local a, b, c = random_triangle(o, false)
      local p0, p1 = motion(o, 6, false, in_triangle(a, b, c))
      local A, B, C = V(a), V(b), V(c)
      check_ray_flat(name, p0, p1, unit_normal(a, b, c), a,
        function(q) return closest_triangle(q, a, b, c) end,
        function(q) return boundary_distance(q, { a, b, c }) end,
        function(q0, q1) return collide.raycast_triangle(V(q0), V(q1), A, B, C) end,
        maxabs(a, b, c, p0, p1), { p0, p1, a, b, c })
    end
  end)

  it("raycast_polygon", function()
    local name = "raycast_polygon"
    for i = 1, CASES do
      local _, o = placement(i)
      local vs = random_polygon(o, false)
      local vv = {}
      for k = 1, #vs do vv[k] = V(vs[k]) end
      local poly = collide.polygon(vv)
      local p0, p1 = motion(o, 6, false, in_polygon(vs))
      check_ray_flat(name, p0, p1, T(poly.plane.normal), vs[1],
        function(q) return closest_polygon(q, vs) end,
        function(q) return boundary_distance(q, vs) end,
        function(q0, q1) return collide.raycast_polygon(V(q0), V(q1), poly) end,
        maxabs(p0, p1, vs[1]) + 8, { p0, p1, vs })
    end
  end)

  it("raycast_sphere (the ray is a point sweeping against the centre)", function()
    local name = "raycast_sphere"
    for i = 1, CASES do
      local where, o = placement(i)
      local two_d = where == "2d"
      local c = add(o, rvec(3))
      if two_d then c = flat2d(c) end
      local r = uniform(0, 3)
      local p0, p1 = motion(o, 6, two_d, add(c, rvec(r)))
      local Cv = V(c)
      local sc = maxabs(c, p0, p1)
      local st = stats(name)
      st.cases = st.cases + 1
      local graze = 1e-10 * (1 + sc)
      local d = sub(p1, p0)
      local ohit, ou, fmin = first_root(function(t)
        return len(sub({ p0[1] + d[1] * t, p0[2] + d[2] * t, p0[3] + d[3] * t }, c)) - r
      end, graze)
      local hit, u, point, normal, feature = collide.raycast_sphere(V(p0), V(p1), Cv, r)
      local case = describe_case({ p0, p1, c, r })
      if abs(fmin) > graze then
        if hit ~= ohit then fail(name, "hit " .. tostring(hit), case) end
        if hit then
          st.hits = st.hits + 1
          local du = abs(u - ou)
          local slope = len(d)
          if du > 1e-9 + graze / slope then
            fail(name, ("u = %.17g, oracle %.17g"):format(u, ou), case)
          end
          st.du = max(st.du, du)
          -- on the sphere, the outward normal there; where the segment is
          -- unless it starts inside
          local pt, n = T(point), T(normal)
          local dp = abs(len(sub(pt, c)) - r)
          if u > 0 then dp = max(dp, len(sub(pt, add(p0, scale(d, u))))) end
          if dp > 1e-9 * (1 + sc) then fail(name, ("point off by %g"):format(dp), case) end
          st.dp = max(st.dp, dp)
          if abs(len(n) - 1) > 1e-12 then fail(name, "normal not unit", case) end
          if r > 1e-3 then
            local dn = len(sub(n, scale(sub(pt, c), 1 / r)))
            if dn > 1e-9 * (1 + sc) / r then fail(name, ("normal off by %g"):format(dn), case) end
            st.dn = max(st.dn, dn)
          end
          assert.are.equal(FACE, feature)
        end
      else
        st.grazing = st.grazing + 1
      end
    end
  end)

  it("raycast_aabb (a sweep of radius 0 against the solid box)", function()
    local name = "raycast_aabb"
    for i = 1, CASES do
      local where, o = placement(i)
      local two_d = where == "2d"
      local c = add(o, rvec(3))
      local e = { uniform(0.1, 3), uniform(0.1, 3), uniform(0.1, 3) }
      if two_d then c = flat2d(c) end
      local p0, p1 = motion(o, 6, two_d, in_box(c, e))
      local Cv, E = V(c), V(e)
      local sc = maxabs(c, e, p0, p1)
      local st = stats(name)
      st.cases = st.cases + 1
      local graze = 1e-10 * (1 + sc)
      local d = sub(p1, p0)
      -- the signed distance to the solid box: outside, the distance to the
      -- clamped point; inside, max_i (|x_i - c_i| - e_i) (negative)
      local function f(t)
        local x = { p0[1] + d[1] * t, p0[2] + d[2] * t, p0[3] + d[3] * t }
        local out = len(sub(x, (closest_box(x, c, e))))
        if out > 0 then return out end
        return max(abs(x[1] - c[1]) - e[1], abs(x[2] - c[2]) - e[2], abs(x[3] - c[3]) - e[3])
      end
      local ohit, ou, fmin = first_root(f, graze)
      local hit, u, point, normal = collide.raycast_aabb(V(p0), V(p1), Cv, E)
      local case = describe_case({ p0, p1, c, e })
      if abs(fmin) <= graze then
        st.grazing = st.grazing + 1
      else
        if hit ~= ohit then fail(name, "hit " .. tostring(hit), case) end
        if hit then
          st.hits = st.hits + 1
          local du = abs(u - ou)
          if du > 1e-9 + graze / len(d) then
            fail(name, ("u = %.17g, oracle %.17g"):format(u, ou), case)
          end
          st.du = max(st.du, du)
          local pt, n = T(point), T(normal)
          -- the point is on the surface, on a face whose outward normal is n
          local k
          for ax = 1, 3 do if n[ax] ~= 0 then k = ax end end
          assert.is_truthy(k)
          assert.are.equal(1, abs(n[k]))
          local dp = abs(pt[k] - (c[k] + n[k] * e[k]))
          if u > 0 then
            dp = max(dp, len(sub(pt, add(p0, scale(d, u)))))
            if n[k] * d[k] >= 0 then fail(name, "normal does not face the start", case) end
          end
          if dp > 1e-9 * (1 + sc) then fail(name, ("point off by %g"):format(dp), case) end
          st.dp = max(st.dp, dp)
        end
      end
    end
  end)
end)

-- ---- box against box --------------------------------------------------------------------

describe("property: sweep_aabb_aabb", function()
  it("agrees with the oracle and is symmetric", function()
    local name = "sweep_aabb_aabb"
    for i = 1, CASES do
      local where, o = placement(i)
      local two_d = where == "2d"
      local ea = { uniform(0.1, 2), uniform(0.1, 2), uniform(0.1, 2) }
      local eb = { uniform(0.1, 2), uniform(0.1, 2), uniform(0.1, 2) }
      if two_d and i % 2 == 0 then ea[3], eb[3] = 0, 0 end
      local a0, a1 = motion(o, 6, two_d)
      local b0, b1 = motion(o, 3, two_d, a1)
      if i % 7 == 0 then b1 = b0 end
      local sc = maxabs(a0, a1, b0, b1)
      local st = stats(name)
      st.cases = st.cases + 1
      local graze = 1e-10 * (1 + sc)
      local p0, v = sub(a0, b0), sub(sub(a1, a0), sub(b1, b0))
      local E = add(ea, eb)
      local function g(t)
        local m = -math.huge
        for k = 1, 3 do m = max(m, abs(p0[k] + v[k] * t) - E[k]) end
        return m
      end
      local ohit, ou0, gmin = first_root(g, graze)
      local args = { V(ea), V(a0), V(a1), V(eb), V(b0), V(b1) }
      local hit, u0, u1, n = collide.sweep_aabb_aabb(unpack(args))
      local case = describe_case({ ea, a0, a1, eb, b0, b1 })
      -- swapping A and B: the same times, the opposite normal
      local shit, su0, su1, sn = collide.sweep_aabb_aabb(args[4], args[5], args[6],
        args[1], args[2], args[3])
      assert.are.equal(hit, shit)
      if hit then
        assert.are.equal(u0, su0)
        assert.are.equal(u1, su1)
        -- (unless the normal's axis is one the boxes are centred on and do
        -- not move along: then both orders take +axis by convention)
        local nn = T(n)
        local k = nn[1] ~= 0 and 1 or (nn[2] ~= 0 and 2 or 3)
        if p0[k] ~= 0 or v[k] ~= 0 then assert.are.equal(-n, sn) end
      end
      if abs(gmin) <= graze then
        st.grazing = st.grazing + 1
      else
        if hit ~= ohit then fail(name, "hit " .. tostring(hit), case) end
        if hit then
          st.hits = st.hits + 1
          -- last contact: bisect g back from the end
          local ou1 = 1
          if g(1) > 0 then
            local lo, hi = ou0, 1
            for _ = 1, 64 do
              local mid = (lo + hi) / 2
              if g(mid) <= 0 then lo = mid else hi = mid end
            end
            ou1 = lo
          end
          local speed = max(len(v), 1e-300)
          local du = max(abs(u0 - ou0), abs(u1 - ou1))
          if du > 1e-9 + graze / speed then
            fail(name, ("u0, u1 = %.17g, %.17g; oracle %.17g, %.17g"):format(u0, u1, ou0, ou1),
              case)
          end
          st.du = max(st.du, du)
          -- the normal is an axis; at u0 > 0 it is the axis that closed last
          local nn = T(n)
          assert.are.equal(1, abs(nn[1]) + abs(nn[2]) + abs(nn[3]))
          if u0 > 0 then
            local k = nn[1] ~= 0 and 1 or (nn[2] ~= 0 and 2 or 3)
            local gap = abs(p0[k] + v[k] * u0) - E[k]
            if abs(gap) > 1e-9 * (1 + sc) then fail(name, "normal on an axis still apart", case) end
            if nn[k] * v[k] >= 0 then fail(name, "normal not against the motion", case) end
          end
        end
      end
    end
  end)
end)

-- ---- translation invariance and tunnelling ----------------------------------------

describe("property: translation invariance", function()
  -- Moving everything by the same vector (up to 1e4 away) moves the answers
  -- with it. A hit may only flip to a miss within the grazing band, which
  -- grows with the coordinates (see the top of the file).
  it("for triangles, segments and boxes", function()
    local worst, count = 0, 0
    for i = 1, CASES do
      local kind = i % 3
      local a, b, c = random_triangle({ 0, 0, 0 }, false)
      local e = { uniform(0.1, 3), uniform(0.1, 3), uniform(0.1, 3) }
      local c0, c1 = motion({ 0, 0, 0 }, 6, false, in_triangle(a, b, c))
      local r = uniform(0.05, 2)
      local shift = scale(runit(), 10 ^ uniform(0, 4))
      local function run(sh)
        local h, u, p, n
        if kind == 0 then
          h, u, p, n = collide.sweep_sphere_triangle(r, V(add(c0, sh)), V(add(c1, sh)),
            V(add(a, sh)), V(add(b, sh)), V(add(c, sh)))
        elseif kind == 1 then
          h, u, p, n = collide.sweep_sphere_segment(r, V(add(c0, sh)), V(add(c1, sh)),
            V(add(a, sh)), V(add(b, sh)))
        else
          h, u, p, n = collide.sweep_sphere_aabb(r, V(add(c0, sh)), V(add(c1, sh)),
            V(add(a, sh)), V(e))
        end
        return h, u, p and sub(T(p), sh), n and T(n)
      end
      local function closest(x)
        if kind == 0 then return closest_triangle(x, a, b, c) end
        if kind == 1 then return closest_segment(x, a, b) end
        return closest_box(x, a, e)
      end
      local h1, u1, p1, n1 = run({ 0, 0, 0 })
      local h2, u2, p2, n2 = run(shift)
      local sc = maxabs(a, b, c, c0, c1) + len(shift)
      local graze = 1e-10 * (1 + sc)
      local case = describe_case({ kind, r, c0, c1, a, b, c, e, shift })
      local d = sub(c1, c0)
      local function f(t)
        local x = add(c0, scale(d, t))
        return len(sub(x, (closest(x)))) - r
      end
      if h1 ~= h2 then
        local _, _, fmin = first_root(f, graze)
        assert.is_true(abs(fmin) <= graze, "hit flipped outside the grazing band: " .. case)
      elseif h1 then
        local t1, t2 = max(0, u1 - 1e-7), min(1, u1 + 1e-7)
        local slope = abs(f(t2) - f(t1)) / (t2 - t1)
        assert.is_true(abs(u1 - u2) <= 1e-9 + 10 * graze / max(slope, 1e-300), case)
        assert.is_true(len(sub(p1, p2)) <= 10 * graze, case)
        if u1 > 0 then assert.is_true(len(sub(n1, n2)) <= 10 * graze / r, case) end
        worst = max(worst, abs(u1 - u2))
      end
      count = count + 1
    end
    stats("translation").du = worst
    stats("translation").cases = count
  end)
end)

describe("property: no tunnelling", function()
  -- A path through a point of the shape always passes at distance 0 <= r:
  -- it must hit, whatever the speed (up to 1e8 per step). Rays (r = 0)
  -- only against solids.
  local function through(q, r, call)
    local dir = runit()
    local L = 10 ^ uniform(3, 8)
    local c0, c1 = sub(q, scale(dir, L)), add(q, scale(dir, L))
    local hit, u = call(r, V(c0), V(c1))
    assert.is_true(hit, describe_case({ r, c0, c1, q }))
    assert.is_true(u <= 0.5 + 1e-9)
    return 1
  end

  it("for every shape", function()
    local n = 0
    for _ = 1, CASES do
      local r = uniform(0, 1) < 0.2 and 0 or uniform(0.001, 1)
      local a, b, c = random_triangle({ 0, 0, 0 }, false)
      local w1, w2 = rnd(), rnd()
      if w1 + w2 > 1 then w1, w2 = 1 - w1, 1 - w2 end
      local q = add(a, add(scale(sub(b, a), w1), scale(sub(c, a), w2)))
      if r > 0 then
        n = n + through(q, r, function(rr, p0, p1)
          return collide.sweep_sphere_triangle(rr, p0, p1, V(a), V(b), V(c))
        end)
      end
      if r > 0 then   -- (a ray meets a segment or a face only on a set of measure 0)
        n = n + through(q, r, function(rr, p0, p1)
          return collide.sweep_sphere_segment(rr, p0, p1, V(q), V(add(q, rvec(1))))
        end)
      end
      local ctr, e = rvec(3), { uniform(0, 2), uniform(0, 2), uniform(0, 2) }
      local inside = add(ctr, { e[1] * uniform(-1, 1), e[2] * uniform(-1, 1),
                                e[3] * uniform(-1, 1) })
      n = n + through(inside, r, function(rr, p0, p1)
        return collide.sweep_sphere_aabb(rr, p0, p1, V(ctr), V(e))
      end)
      n = n + through(inside, r, function(_, p0, p1)
        return collide.raycast_aabb(p0, p1, V(ctr), V(e))
      end)
      n = n + through(inside, r, function(_, p0, p1)
        return collide.raycast_sphere(p0, p1, V(ctr), len(e) + 1e-3)
      end)
    end
    stats("tunnelling").cases = n
  end)
end)

describe("property summary", function()
  it("prints the counts and the worst disagreements", function()
    local names = {}
    for k in pairs(report) do names[#names + 1] = k end
    table.sort(names)
    local total = 0
    for _, k in ipairs(names) do
      local s = report[k]
      total = total + s.cases
      io.stderr:write(("  %-22s %5d cases %5d hits %4d grazing  worst |du| %.1e"
        .. "  |dp| %.1e  |dn| %.1e  features %d\n"):format(k, s.cases, s.hits, s.grazing,
        s.du, s.dp, s.dn, s.features))
    end
    io.stderr:write(("  property cases: %d\n"):format(total))
    assert.is_true(total > 0)
  end)
end)
