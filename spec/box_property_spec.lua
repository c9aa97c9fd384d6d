--[[ Property checks of the moving-box sweeps against an independent oracle.

The oracle shares no formula with collide_box.c (which takes separating
axes over the motion interval). It measures the static distance
    D(c) = distance between the box centred c (half-extents e) and the
           obstacle
by numeric minimization over features: for two convex sets the distance
is reached between a point of an edge of one and the other set (or a
vertex of one and a face of the other, which an edge's end point covers),
so D is the least of
  - for each edge of the obstacle: min over s of |p(s) - clamp(p(s), box)|,
  - for each edge of the box: min over s of |q(s) - closest(q(s), obstacle)|,
each a convex function of s minimized by golden-section search (closest
points on a triangle by barycentric regions written here; a polygon is a
fan of triangles; a plane is its signed distance at the box's corners; a
sphere is the distance from its centre to the box minus r).

Along the motion c(t) = c0 + d t, D(c(t)) is convex in t (the distance
between convex sets moving linearly): golden-section search finds its
minimum, and bisection between 0 and that minimum the first t with D = 0:
the first contact. Compared per case: hit or miss (except grazing cases,
whose deepest approach is within GRAZE of touching), u, the point (on the
obstacle and in the box at u), the normal (at u > 0, the box moved by h
along it is clear: D >= h * cos, reported as the worst 1 - D / h), and
for 2D cases that point and normal lie in z = 0. The summary prints the
worst disagreement per query.
]]
-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, io, ipairs, math, pairs, rawget = assert, io, ipairs, math, pairs, rawget
local table, tostring = table, tostring
local collide = require "collide"
local vec3 = collide.vec3

local sqrt, abs, max, min, floor = math.sqrt, math.abs, math.max, math.min, math.floor

-- per query: the oracle is slow (about 60k closest-point evaluations per
-- case), so the interpreted VMs run fewer; the full counts (60 on LuaJIT,
-- 8 on the others) run under COLLIDE_SPEC_SIZE=full (make spec-full, in
-- make ci-extra). 3 still has a 2D case (every third); LuaJIT's quick 12
-- has four (20 took a minute of each LuaJIT spec run, the polygon's most).
local size = dofile("spec/support/size.lua")
local CASES = rawget(_G, "jit") and size.cases(12, 60) or size.cases(3, 8)

-- ---- deterministic random numbers (Park and Miller) --------------------------

local seed = 20261123
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function uniform(a, b) return a + (b - a) * rnd() end

-- ---- plain-table vectors ----------------------------------------------------

local function add(a, b) return { a[1] + b[1], a[2] + b[2], a[3] + b[3] } end
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function mul(a, s) return { a[1] * s, a[2] * s, a[3] * s } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function len(a) return sqrt(dot(a, a)) end
local function lerp(a, b, t) return add(a, mul(sub(b, a), t)) end
local function V(t) return vec3(t[1], t[2], t[3]) end
local function T(v) return { v.x, v.y, v.z } end

-- ---- golden-section minimum of a convex function on [a, b] ----------------------

local PHI = (sqrt(5) - 1) / 2
local function golden(f, a, b, iters)
  local x1, x2 = b - PHI * (b - a), a + PHI * (b - a)
  local f1, f2 = f(x1), f(x2)
  for _ = 1, iters or 60 do
    if f1 <= f2 then
      b, x2, f2 = x2, x1, f1
      x1 = b - PHI * (b - a)
      f1 = f(x1)
    else
      a, x1, f1 = x1, x2, f2
      x2 = a + PHI * (b - a)
      f2 = f(x2)
    end
  end
  local fa, fb = f(a), f(b)
  local best, bx = f1, x1
  if f2 < best then best, bx = f2, x2 end
  if fa < best then best, bx = fa, a end
  if fb < best then best, bx = fb, b end
  return best, bx
end

-- ---- closest points ------------------------------------------------------------

local function clamp_box(p, c, e)
  return { max(c[1] - e[1], min(c[1] + e[1], p[1])),
           max(c[2] - e[2], min(c[2] + e[2], p[2])),
           max(c[3] - e[3], min(c[3] + e[3], p[3])) }
end
local function dist_box(p, c, e) return len(sub(p, clamp_box(p, c, e))) end

local function closest_seg(p, a, b)
  local ab = sub(b, a)
  local l2 = dot(ab, ab)
  if l2 == 0 then return a end
  local t = max(0, min(1, dot(sub(p, a), ab) / l2))
  return lerp(a, b, t)
end

-- Barycentric regions: the projection when inside, else the nearest edge.
local function closest_tri(p, a, b, c)
  local n = cross(sub(b, a), sub(c, a))
  local nn = dot(n, n)
  local q = sub(p, mul(n, dot(sub(p, a), n) / nn))
  local u = dot(cross(sub(c, b), sub(q, b)), n)
  local v = dot(cross(sub(a, c), sub(q, c)), n)
  local w = dot(cross(sub(b, a), sub(q, a)), n)
  if u >= 0 and v >= 0 and w >= 0 then return q end
  local best, bd
  for _, s in ipairs({ { a, b }, { b, c }, { c, a } }) do
    local r = closest_seg(p, s[1], s[2])
    local d = len(sub(p, r))
    if not bd or d < bd then best, bd = r, d end
  end
  return best
end

-- ---- obstacles -------------------------------------------------------------------

-- o.kind: "sphere" (ctr, r), "plane" (n, d), "tri" (v[1..3]), "poly" (v[],
-- fan), "seg" (v[1..2]).
local function closest_obst(o, p)
  if o.kind == "seg" then return closest_seg(p, o.v[1], o.v[2]) end
  if o.kind == "tri" then return closest_tri(p, o.v[1], o.v[2], o.v[3]) end
  if o.kind == "poly" then
    local best, bd
    for i = 2, #o.v - 1 do
      local r = closest_tri(p, o.v[1], o.v[i], o.v[i + 1])
      local d = len(sub(p, r))
      if not bd or d < bd then best, bd = r, d end
    end
    return best
  end
  if o.kind == "plane" then return sub(p, mul(o.n, dot(o.n, p) + o.d)) end
  -- sphere
  local g = sub(p, o.ctr)
  local l = len(g)
  if l <= o.r then return p end
  return add(o.ctr, mul(g, o.r / l))
end

local function edges_of(o)
  local v, E = o.v, {}
  if o.kind == "seg" then return { { v[1], v[2] } } end
  for i = 1, #v do E[#E + 1] = { v[i], v[i % #v + 1] } end
  return E
end

local function box_edges(c, e)
  local E = {}
  for k = 1, 3 do
    local i1, i2 = k % 3 + 1, (k + 1) % 3 + 1
    for sx = -1, 1, 2 do
      for sy = -1, 1, 2 do
        local a = { c[1], c[2], c[3] }
        a[i1] = c[i1] + sx * e[i1]
        a[i2] = c[i2] + sy * e[i2]
        local b = { a[1], a[2], a[3] }
        a[k] = c[k] - e[k]
        b[k] = c[k] + e[k]
        E[#E + 1] = { a, b }
      end
    end
  end
  return E
end

local INNER = 46           -- golden-section steps: s to 3e-10, D to ~1e-10

-- The distance between the box (c, e) and the obstacle. The golden-section
-- searches are the cost, so an edge is searched only if it can lower the
-- least distance found so far (or, given stop, only while that is above
-- stop): both distances are 1-Lipschitz in the point, so along an edge of
-- half-length h with midpoint m none is below dist(m) - h; an edge whose
-- bound exceeds the best by more than rounding (SLACK: coordinates are at
-- most ~20, so a computed distance is off by well under 1e-13) cannot
-- give a smaller minimum, and the least of the others is the same number.
-- The edges are taken by that bound, nearest first. With stop, D answers
-- only "is the distance <= stop" exactly: it returns a value <= stop as
-- soon as it finds one, and skips edges whose bound is above stop.
local SLACK = 1e-12
local function D(o, c, e, stop)
  if o.kind == "sphere" then return max(0, dist_box(o.ctr, c, e) - o.r) end
  if o.kind == "plane" then
    local lo, hi = math.huge, -math.huge
    for sx = -1, 1, 2 do
      for sy = -1, 1, 2 do
        for sz = -1, 1, 2 do
          local h = dot(o.n, { c[1] + sx * e[1], c[2] + sy * e[2], c[3] + sz * e[3] }) + o.d
          lo, hi = min(lo, h), max(hi, h)
        end
      end
    end
    if lo <= 0 and hi >= 0 then return 0 end
    return min(abs(lo), abs(hi))
  end
  -- every edge with its lower bound: the obstacle's (distance to the box)
  -- and the box's (distance to the obstacle)
  local cand = {}
  for _, s in ipairs(o.edges) do
    local a, b = s[1], s[2]
    cand[#cand + 1] = { a, b, false, dist_box(lerp(a, b, 0.5), c, e) - len(sub(b, a)) / 2 }
  end
  for _, s in ipairs(box_edges(c, e)) do
    local a, b = s[1], s[2]
    local m = lerp(a, b, 0.5)
    cand[#cand + 1] = { a, b, true, len(sub(m, closest_obst(o, m))) - len(sub(b, a)) / 2 }
  end
  table.sort(cand, function(x, y) return x[4] < y[4] end)
  local best = math.huge
  for _, s in ipairs(cand) do
    local bound = s[4] - SLACK
    if bound > best or (stop and bound > stop) then break end   -- (sorted)
    local a, b = s[1], s[2]
    local d
    if s[3] then
      d = golden(function(t)
        local q = lerp(a, b, t)
        return len(sub(q, closest_obst(o, q)))
      end, 0, 1, INNER)
    else
      d = golden(function(t) return dist_box(lerp(a, b, t), c, e) end, 0, 1, INNER)
    end
    if d < best then best = d end
    if best == 0 or (stop and best <= stop) then return best end
  end
  return best
end

-- First contact along c0 -> c1: nil (miss) or u, and the deepest approach.
local function oracle(o, e, c0, c1, tol)
  local d = sub(c1, c0)
  local f = function(t) return D(o, add(c0, mul(d, t)), e) end
  -- touching(t): f(t) <= tol, the same answer sooner (D's stop)
  local touching = function(t) return D(o, add(c0, mul(d, t)), e, tol) <= tol end
  if touching(0) then return 0, 0, 1 end
  local fmin, tmin = golden(f, 0, 1, 44)
  if fmin > tol then return nil, fmin, 0 end
  local lo, hi = 0, tmin
  for _ = 1, 44 do
    local m = (lo + hi) / 2
    if touching(m) then hi = m else lo = m end
  end
  -- and the last moment of contact, for how long they touch
  local lo2, hi2 = tmin, 1
  if touching(1) then lo2 = 1 end
  for _ = 1, 30 do
    if lo2 >= hi2 then break end
    local m = (lo2 + hi2) / 2
    if touching(m) then lo2 = m else hi2 = m end
  end
  return hi, fmin, lo2 - hi
end

-- ---- case generation -----------------------------------------------------------

local function coord(s) return uniform(-s, s) end
local function ext()
  local e = { uniform(0, 2), uniform(0, 2), uniform(0, 2) }
  local k = floor(rnd() * 6)
  if k == 0 then e[3] = 0 elseif k == 1 then e[2], e[3] = 0, 0 end
  return e
end

local function make_obstacle(kind, flat2d)
  local function pt(s)
    local p = { coord(s), coord(s), coord(s) }
    if flat2d then p[3] = 0 end
    return p
  end
  if kind == "sphere" then
    return { kind = kind, ctr = pt(3), r = uniform(0, 2) }
  elseif kind == "plane" then
    local n
    repeat n = { coord(1), coord(1), coord(1) } until len(n) > 0.2
    n = mul(n, 1 / len(n))
    return { kind = kind, n = n, d = coord(2) }
  elseif kind == "seg" then
    return { kind = kind, v = { pt(4), pt(4) } }
  elseif kind == "tri" then
    local v
    repeat v = { pt(4), pt(4), pt(4) }
    until len(cross(sub(v[2], v[1]), sub(v[3], v[1]))) > 1
    return { kind = kind, v = v }
  else
    -- a regular-ish convex polygon in a random plane (z = 0 in 2D)
    local k = 3 + floor(rnd() * 4)
    local ctr = pt(2)
    local u, w
    if flat2d then
      u, w = { 1, 0, 0 }, { 0, 1, 0 }
    else
      repeat u = { coord(1), coord(1), coord(1) } until len(u) > 0.2
      u = mul(u, 1 / len(u))
      repeat w = cross(u, { coord(1), coord(1), coord(1) }) until len(w) > 0.2
      w = mul(w, 1 / len(w))
    end
    local R, a0, v = uniform(1, 3), uniform(0, 6), {}
    for i = 1, k do
      local a = a0 + (i - 1) * 2 * math.pi / k
      v[i] = add(ctr, add(mul(u, R * math.cos(a)), mul(w, R * math.sin(a))))
    end
    return { kind = kind, v = v }
  end
end

local function call(o, e, c0, c1, poly)
  if o.kind == "sphere" then
    return collide.sweep_aabb_sphere(V(e), V(c0), V(c1), V(o.ctr), o.r)
  elseif o.kind == "plane" then
    return collide.sweep_aabb_plane(V(e), V(c0), V(c1), collide.plane(V(o.n), o.d))
  elseif o.kind == "seg" then
    return collide.sweep_aabb_segment(V(e), V(c0), V(c1), V(o.v[1]), V(o.v[2]))
  elseif o.kind == "tri" then
    return collide.sweep_aabb_triangle(V(e), V(c0), V(c1), V(o.v[1]), V(o.v[2]), V(o.v[3]))
  end
  return collide.sweep_aabb_polygon(V(e), V(c0), V(c1), poly)
end

local report = {}

local function describe_case(o, e, c0, c1)
  local parts = { o.kind, "e", table.concat(e, ","), "c0", table.concat(c0, ","),
                  "c1", table.concat(c1, ",") }
  for _, v in ipairs(o.v or {}) do parts[#parts + 1] = "v " .. table.concat(v, ",") end
  if o.ctr then parts[#parts + 1] = ("ctr %s r %.17g"):format(table.concat(o.ctr, ","), o.r) end
  if o.n then parts[#parts + 1] = ("n %s d %.17g"):format(table.concat(o.n, ","), o.d) end
  return table.concat(parts, " ")
end

local function run(name, kind)
  local s = { cases = 0, hits = 0, starts = 0, grazing = 0, du = 0, dp = 0, dn = 0 }
  report[name] = s
  for i = 1, CASES do
    local flat2d = kind ~= "sphere" and kind ~= "plane" and i % 3 == 0
    local o = make_obstacle(kind, flat2d)
    if o.v then o.edges = edges_of(o) end
    local poly = kind == "poly" and collide.polygon((function()
      local t = {}
      for j, v in ipairs(o.v) do t[j] = V(v) end
      return t
    end)()) or nil
    local e = ext()
    -- aim near the obstacle, so that most cases hit
    local target = o.ctr or (o.v and o.v[1 + floor(rnd() * #o.v)]) or mul(o.n, -o.d)
    target = add(target, { coord(1.5), coord(1.5), coord(1.5) })
    local c0 = { coord(8), coord(8), coord(8) }
    if flat2d then c0[3], target[3] = 0, 0 end
    local c1 = add(target, mul(sub(target, c0), uniform(-0.3, 1)))
    if flat2d then c1[3] = 0 end
    local GRAZE, tol = 1e-7, 1e-9
    local hit, u, point, normal = call(o, e, c0, c1, poly)
    local ou, fmin, lasting = oracle(o, e, c0, c1, tol)
    local case = describe_case(o, e, c0, c1)
    s.cases = s.cases + 1
    -- grazing: a near miss, or a contact of an instant (either answer is
    -- right within the oracle's own precision)
    local grazing = (ou == nil and fmin <= GRAZE) or (ou ~= nil and ou > 0 and lasting <= GRAZE)
    if grazing then
      s.grazing = s.grazing + 1
    else
      assert.are.equal(ou ~= nil, hit, case)
    end
    if hit then
      s.hits = s.hits + 1
      if u == 0 then s.starts = s.starts + 1 end
      local c = add(c0, mul(sub(c1, c0), u))
      local p, n = T(point), T(normal)
      -- touching at u, nothing before
      assert.is_true(D(o, c, e, 1e-6) <= 1e-6, case)
      if ou and not grazing then
        local du = abs(u - ou)
        s.du = max(s.du, du)
        assert.is_true(du <= 1e-6, case .. (" u %.17g oracle %.17g"):format(u, ou))
      end
      -- the point: on the obstacle, in the box
      local dp = max(len(sub(p, closest_obst(o, p))), dist_box(p, c, e))
      if o.kind == "sphere" then
        -- a point of the ball (the solid sphere)
        dp = max(max(0, len(sub(p, o.ctr)) - o.r), dist_box(p, c, e))
      end
      s.dp = max(s.dp, dp)
      assert.is_true(dp <= 1e-6, case .. " point " .. tostring(point))
      -- the normal: a way out at u > 0
      if u > 0 then
        local h = 1e-3
        local dn = 1 - D(o, add(c, mul(n, h)), e) / h
        s.dn = max(s.dn, dn)
        assert.is_true(dn < 1, case .. " normal " .. tostring(normal))
      end
      if flat2d then
        assert.are.equal(0, normal.z, case)
        assert.are.equal(0, point.z, case)
      end
    end
  end
end

describe("property: box sweeps against an independent oracle", function()
  it("sweep_aabb_sphere", function() run("sweep_aabb_sphere", "sphere") end)
  it("sweep_aabb_plane", function() run("sweep_aabb_plane", "plane") end)
  it("sweep_aabb_segment", function() run("sweep_aabb_segment", "seg") end)
  it("sweep_aabb_triangle", function() run("sweep_aabb_triangle", "tri") end)
  it("sweep_aabb_polygon", function() run("sweep_aabb_polygon", "poly") end)

  it("summary: the worst disagreement per query", function()
    local names = {}
    for k in pairs(report) do names[#names + 1] = k end
    table.sort(names)
    for _, k in ipairs(names) do
      local s = report[k]
      io.stderr:write(("  %-20s %4d cases %4d hits %3d at u=0 %3d grazing  worst |du| %.1e"
        .. "  point off %.1e  normal 1-D/h %.2f\n"):format(k, s.cases, s.hits, s.starts,
        s.grazing, s.du, s.dp, s.dn))
    end
    assert.is_true(#names == 5)
  end)
end)
