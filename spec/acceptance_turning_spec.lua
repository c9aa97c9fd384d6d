-- spec/acceptance_turning_spec.lua -- the contract's "Shapes that turn",
-- called the way an acceptance test against an installed module calls it:
-- only the names and the semantics the contract (docs: README "Shapes that
-- turn") gives, in 2D and 3D, on every backend.
--
-- The judge is written here and shares nothing with the library: shapes are
-- kept as their points in their own frame, turned by rotation code written
-- here (an angle about z, or p' = p + 2w (q x p) + 2 q x (q x p) for a unit
-- quaternion q = (w, x, y, z)). A translation sweep of two polytopes is
-- judged by separating axes over the motion: on an axis n the mover's
-- projection [a0, a1] moves by u (d.n), the obstacle's is [b0, b1]; they
-- overlap for the u where a0 + u s <= b1 and a1 + u s >= b0, and the shapes
-- touch first at the largest entry over the axes (every axis that
-- separates is a certificate, so the axes here are a generous superset:
-- the normals of every triple of points of each shape, the cross products
-- of every pair of point differences of the two, the in-plane normals of
-- each shape's differences, and the differences themselves). A reported
-- normal n is judged by what it must be, not by which axis it is: at u the
-- mover lies on n's side of the obstacle, touching it (min over the mover
-- of x.n equals max over the obstacle of x.n). Round obstacles are judged
-- against a box hull by the exact distance of a point to a box (clamped in
-- the box's frame), which is convex along a straight motion, so its first
-- crossing of r is found by ternary search and bisection.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, pairs, pcall = assert, error, ipairs, math, pairs, pcall
local rawequal, select, setmetatable, table = rawequal, select, setmetatable, table
local tostring, type = tostring, type
local collide = require "collide"
local size = require "spec.support.size"
local V = collide.vec3

local abs, sqrt, max, min, sin, cos, pi = math.abs, math.sqrt, math.max,
                                          math.min, math.sin, math.cos, math.pi
local unpack = table.unpack or unpack
local function pack(...) return { n = select("#", ...), ... } end
local SQ2 = sqrt(2)
local _

local seed = 3232
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function rnd_in(a, b) return a + (b - a) * rnd() end

-- ---- vectors, rotations, written here ------------------------------------

local function add(a, b) return { a[1] + b[1], a[2] + b[2], a[3] + b[3] } end
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function scale(a, s) return { a[1] * s, a[2] * s, a[3] * s } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function len(a) return sqrt(dot(a, a)) end
local function lerp(a, b, t) return add(a, scale(sub(b, a), t)) end
local function tov(a) return V(a[1], a[2], a[3] or 0) end
local function fromv(p) return { p.x, p.y, p.z } end

local function quat(axis, angle)
  local n = len(axis)
  local s = sin(angle / 2) / n
  return { w = cos(angle / 2), x = axis[1] * s, y = axis[2] * s, z = axis[3] * s }
end

local function rotate(rot, p)
  if type(rot) == "number" then
    local c, s = cos(rot), sin(rot)
    return { c * p[1] - s * p[2], s * p[1] + c * p[2], p[3] }
  end
  local w, q = rot.w, { rot.x, rot.y, rot.z }
  local t = scale(cross(q, p), 2)
  return add(add(p, scale(t, w)), cross(q, t))
end
local function unrotate(rot, p)
  if type(rot) == "number" then return rotate(-rot, p) end
  return rotate({ w = rot.w, x = -rot.x, y = -rot.y, z = -rot.z }, p)
end

local function place(pts, rot, at)
  local out = {}
  for i, p in ipairs(pts) do out[i] = add(rotate(rot, p), at) end
  return out
end

local function box_points(e)
  local out = {}
  for _, sx in ipairs({ -1, 1 }) do
    for _, sy in ipairs({ -1, 1 }) do
      for _, sz in ipairs({ -1, 1 }) do out[#out + 1] = { sx * e[1], sy * e[2], sz * e[3] } end
    end
  end
  return out
end

local function vecs(pts)
  local out = {}
  for i, p in ipairs(pts) do out[i] = tov(p) end
  return out
end

-- ---- the separating-axis judge --------------------------------------------

local function range(P, n)
  local lo, hi = math.huge, -math.huge
  for _, p in ipairs(P) do
    local x = dot(p, n)
    lo, hi = min(lo, x), max(hi, x)
  end
  return lo, hi
end

local function push_axis(axes, seen, n)
  local l = len(n)
  if l < 1e-9 then return end
  n = scale(n, 1 / l)
  local k = 1
  if abs(n[k]) < 1e-9 then k = 2 end
  if abs(n[k]) < 1e-9 then k = 3 end
  if n[k] < 0 then n = scale(n, -1) end
  local f = math.floor
  local key = ("%d %d %d"):format(f(n[1] * 1e6 + 0.5), f(n[2] * 1e6 + 0.5), f(n[3] * 1e6 + 0.5))
  if not seen[key] then seen[key] = true; axes[#axes + 1] = n end
end

-- The features of the hull of the points P, found by brute force: its
-- face normals (the normals of point triples that support P), the
-- directions of the point pairs lying on a face (its edges, and some face
-- diagonals: more axes are only more certificates), and, for a flat P,
-- the in-plane normals of those pairs. A segment has its direction only.
local function features(P)
  local faces, fseen, edges, eseen = {}, {}, {}, {}
  local n = #P
  local on_face = {}
  for i = 1, n do
    for j = i + 1, n do
      for k = j + 1, n do
        local f = cross(sub(P[j], P[i]), sub(P[k], P[i]))
        local l = len(f)
        if l > 1e-9 then
          f = scale(f, 1 / l)
          local h = dot(P[i], f)
          local lo, hi = range(P, f)
          if hi <= h + 1e-9 or lo >= h - 1e-9 then
            push_axis(faces, fseen, f)
            for a = 1, n do
              if abs(dot(P[a], f) - h) <= 1e-9 then
                for b = a + 1, n do
                  if abs(dot(P[b], f) - h) <= 1e-9 then on_face[a * 1000 + b] = true end
                end
              end
            end
          end
        end
      end
    end
  end
  if #faces == 0 then  -- a segment (or a point)
    for i = 1, n do
      for j = i + 1, n do push_axis(edges, eseen, sub(P[j], P[i])) end
    end
    return faces, edges
  end
  for key in pairs(on_face) do
    push_axis(edges, eseen, sub(P[key % 1000], P[(key - key % 1000) / 1000]))
  end
  if #faces == 1 then  -- flat: the in-plane normals of its pairs
    local m = #edges
    for i = 1, m do push_axis(faces, fseen, cross(edges[i], faces[1])) end
  end
  return faces, edges
end

local function all_axes(PA, PB)
  local axes, seen = {}, {}
  local fa, ea = features(PA)
  local fb, eb = features(PB)
  for _, f in ipairs(fa) do push_axis(axes, seen, f) end
  for _, f in ipairs(fb) do push_axis(axes, seen, f) end
  for _, a in ipairs(ea) do
    for _, b in ipairs(eb) do push_axis(axes, seen, cross(a, b)) end
  end
  -- a flat shape's plane holds the other's edges' in-plane normals too
  if #fa > 0 and #ea > 0 and abs(dot(fa[1], ea[1])) < 1e-9 then
    for _, b in ipairs(eb) do push_axis(axes, seen, cross(b, fa[1])) end
  end
  if #fb > 0 and #eb > 0 and abs(dot(fb[1], eb[1])) < 1e-9 then
    for _, a in ipairs(ea) do push_axis(axes, seen, cross(a, fb[1])) end
  end
  return axes
end

-- First u in [0, 1] at which PA moved by d touches the fixed PB, or nil.
local function sat_sweep(PA, d, PB, axes)
  local first, last = 0, 1
  for _, n in ipairs(axes or all_axes(PA, PB)) do
    local a0, a1 = range(PA, n)
    local b0, b1 = range(PB, n)
    local s = dot(d, n)
    if s == 0 then
      if a0 > b1 or a1 < b0 then return nil end
    else
      local t0, t1 = (b0 - a1) / s, (b1 - a0) / s
      if t0 > t1 then t0, t1 = t1, t0 end
      first, last = max(first, t0), min(last, t1)
      if first > last then return nil end
    end
  end
  return first
end

-- Largest gap over the axes: > 0 separated, <= 0 overlapping by -gap. An
-- axis across which both shapes are flat (two shapes of one plane) only
-- says they lie in that plane, not how deep they overlap in it.
local function sat_gap(PA, PB, axes)
  local g = -math.huge
  for _, n in ipairs(axes or all_axes(PA, PB)) do
    local a0, a1 = range(PA, n)
    local b0, b1 = range(PB, n)
    if a1 - a0 > 1e-12 or b1 - b0 > 1e-12 or a0 ~= b0 then g = max(g, b0 - a1, a0 - b1) end
  end
  return g
end

local function translate(P, d)
  local out = {}
  for i, p in ipairs(P) do out[i] = add(p, d) end
  return out
end

-- ---- assertions --------------------------------------------------------------

local function near(a, b, tol, what)
  if not (abs(a - b) <= tol) then -- luacheck: ignore 581 (NaN fails too)
    error(("%s: %.17g, expected %.17g (tolerance %g)"):format(what or "value", a, b, tol), 2)
  end
end
local function near_v(v, t, tol, what)
  assert.truthy(collide.is_vec3(v), (what or "vector") .. " is a vec3")
  near(v.x, t[1], tol, (what or "vector") .. ".x")
  near(v.y, t[2], tol, (what or "vector") .. ".y")
  near(v.z, t[3], tol, (what or "vector") .. ".z")
end
local function is_unit(nv)
  near(len(fromv(nv)), 1, 1e-12, "|normal|")
end
local FEATURES = { face = true, edge = true, vertex = true }

-- A contact of PA (moved by d) with the polytope PB reported as u, point,
-- normal: u is the judge's, the mover is on the normal's side touching the
-- obstacle, the point lies in both.
local function judge_polytope(PA, d, PB, ok, u, point, normal, feature, tol)
  tol = tol or 1e-9
  local axes = all_axes(PA, PB)
  local want = sat_sweep(PA, d, PB, axes)
  if want == nil then
    assert.is_false(ok, "a miss")
    return
  end
  assert.is_true(ok, ("a hit at %.17g"):format(want))
  near(u, want, tol, "u")
  assert.truthy(FEATURES[feature], "feature " .. tostring(feature))
  is_unit(normal)
  local n = fromv(normal)
  local PAu = translate(PA, scale(d, u))
  local a0 = range(PAu, n)
  local _, b1 = range(PB, n)
  if u > 0 then
    near(a0 - b1, 0, tol * 10, "mover touches the obstacle along the normal")
    assert.truthy(dot(d, n) <= 1e-12, "the normal faces the motion")
  else
    -- overlapping at the start: the normal is the shortest separating
    -- translation, its length the least penetration over the axes
    near(b1 - a0, max(0, -sat_gap(PAu, PB, axes)), tol * 10, "depth along the normal")
  end
  local p = fromv(point)
  -- touching (u > 0), the point is where they touch: on the obstacle's
  -- supporting plane. Overlapping at the start, the contract asks only a
  -- point of the obstacle inside the mover (one on that plane need not
  -- exist: a mover past the obstacle's extreme corner only beside it).
  if u > 0 then near(dot(p, n), b1, tol * 10, "point on the obstacle's supporting plane") end
  assert.truthy(sat_gap(PAu, { p }) <= tol * 10, "point in the mover")
  assert.truthy(sat_gap(PB, { p }) <= tol * 10, "point in the obstacle")
end

-- The distance from p to the box of half-extents e turned by rot at c.
local function box_closest(e, rot, c, p)
  local q = unrotate(rot, sub(p, c))
  local k = { max(-e[1], min(e[1], q[1])), max(-e[2], min(e[2], q[2])),
             max(-e[3], min(e[3], q[3])) }
  local w = add(rotate(rot, k), c)
  return len(sub(p, w)), w
end

local function ternary_min(f, lo, hi, steps)
  for _ = 1, steps or 60 do
    local m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
    if f(m1) <= f(m2) then hi = m2 else lo = m1 end
  end
  return (lo + hi) / 2
end

-- First u at which the convex g(u) (a distance) comes down to r, or nil.
local function first_reach(g, r)
  if g(0) <= r then return 0 end
  local um = ternary_min(g, 0, 1)
  if g(um) > r then return nil end
  local lo, hi = 0, um
  for _ = 1, 60 do
    local m = (lo + hi) / 2
    if g(m) <= r then hi = m else lo = m end
  end
  return hi
end

-- An argument error raised at the caller's level (this file), naming the
-- argument and the function, the Lua way.
local function arg_error(n, name, f, ...)
  local ok, err = pcall(function(...)
    local r = pack(f(...))
    return r
  end, ...)
  assert.is_false(ok, ("expected an error for #%d to '%s'"):format(n, name))
  err = tostring(err)
  local want = ("bad argument #%d to '%s'"):format(n, name)
  assert.truthy(err:find(want, 1, true), ("'%s' in: %s"):format(want, err))
  assert.truthy(err:find("acceptance_turning_spec.lua:%d+: bad argument"),
                "raised at the caller's level: " .. err)
  return err
end

-- ---- shapes ------------------------------------------------------------------

local BOX = box_points({ 1, 1, 1 })
local SQUARE = { { -1, -1, 0 }, { 1, -1, 0 }, { 1, 1, 0 }, { -1, 1, 0 } }
local WEDGE = { { -1, 0, -1 }, { 1, 0, -1 }, { -1, 0, 1 }, { 1, 0, 1 }, { -1, 1.5, -1 },
               { -1, 1.5, 1 } }

describe("acceptance: shapes that turn", function()

  describe("collide.convex and collide.convex_box", function()
    it("builds hulls from arrays of vectors and tables, 2D and 3D", function()
      assert.truthy(collide.convex(vecs(BOX)))
      assert.truthy(collide.convex(SQUARE))
      assert.truthy(collide.convex({ { x = 0, y = 0 }, { x = 1, y = 0 }, { x = 0, y = 1 } }))
      assert.truthy(collide.convex(WEDGE))
      assert.truthy(collide.convex_box(V(1, 2, 3)))
      assert.truthy(collide.convex_box({ 1, 2 }))    -- a 2D rectangle, e.z = 0
      assert.truthy(collide.convex_box({ x = 1, y = 2, z = 0 }))
    end)

    it("accepts duplicate, coplanar and interior points, and exactly 256 points", function()
      local pts = {}
      for _, p in ipairs(BOX) do pts[#pts + 1] = p; pts[#pts + 1] = p end
      pts[#pts + 1] = { 0, 0, 0 }; pts[#pts + 1] = { 0, 1, 0 }; pts[#pts + 1] = { 1, 0, 1 }
      assert.truthy(collide.convex(pts))
      local ring = {}
      for i = 1, 256 do ring[i] = { cos(2 * pi * i / 256), sin(2 * pi * i / 256) } end
      assert.truthy(collide.convex(ring))
    end)

    it("refuses fewer than 3 points, a line, more than 256 points, bad numbers", function()
      arg_error(1, "convex", collide.convex)
      arg_error(1, "convex", collide.convex, 5)
      arg_error(1, "convex", collide.convex, {})
      arg_error(1, "convex", collide.convex, { { 0, 0 }, { 1, 0 } })
      arg_error(1, "convex", collide.convex, { { 0, 0 }, { 0, 0 }, { 0, 0 } })
      arg_error(1, "convex", collide.convex,
                { { 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 2 }, { -3, -3, -3 } })
      local many = {}
      for i = 1, 257 do many[i] = { cos(2 * pi * i / 257), sin(2 * pi * i / 257) } end
      arg_error(1, "convex", collide.convex, many)
      arg_error(1, "convex", collide.convex, { { 0, 0 }, { 1, 0 }, { 0, 0 / 0 } })
      arg_error(1, "convex", collide.convex, { { 0, 0 }, { 1, math.huge }, { 0, 1 } })
      arg_error(1, "convex", collide.convex, { { 0, 0 }, "x", { 0, 1 } })
      arg_error(1, "convex_box", collide.convex_box)
      arg_error(1, "convex_box", collide.convex_box, "x")
      arg_error(1, "convex_box", collide.convex_box, V(-1, 1, 1))
      arg_error(1, "convex_box", collide.convex_box, { 1, 0 / 0, 1 })
      arg_error(1, "convex_box", collide.convex_box, { 1, 0, 0 })   -- a line
    end)
  end)

  describe("sweeps under translation, hand-computed", function()
    local A3 = collide.convex_box(V(1, 1, 1))
    local D2 = collide.convex(SQUARE)     -- turned by pi/4: a diamond of reach sqrt 2

    it("sweep_convex_aabb: a crate falls flat on a floor", function()
      local r = pack(collide.sweep_convex_aabb(A3, 0, V(0, 5, 0), V(0, -5, 0), V(0, 0, 0),
                                               V(3, 1, 3)))
      assert.equal(5, r.n)
      assert.is_true(r[1])
      near(r[2], 0.3, 1e-12, "u")
      near_v(r[4], { 0, 1, 0 }, 1e-12, "normal")
      near(r[3].y, 1, 1e-12, "point.y")
      assert.truthy(abs(r[3].x) <= 1 + 1e-12 and abs(r[3].z) <= 1 + 1e-12)
      assert.equal("face", r[5])
    end)

    it("sweep_convex_aabb: a diamond hits a 2D rectangle's side, in the plane", function()
      local ok, u, p, n, f = collide.sweep_convex_aabb(D2, pi / 4, V(-5, 0), V(5, 0), V(0, 0),
                                                       V(1, 1, 0))
      assert.is_true(ok)
      near(u, (4 - SQ2) / 10, 1e-12, "u")
      near_v(p, { -1, 0, 0 }, 1e-12, "point")
      near_v(n, { -1, 0, 0 }, 1e-12, "normal")
      assert.equal("edge", f)
    end)

    it("sweep_convex_segment: a diamond lands on a 2D wall", function()
      local ok, u, p, n, f = collide.sweep_convex_segment(D2, pi / 4, V(0, 5), V(0, -5),
                                                          V(-3, 0), V(3, 0))
      assert.is_true(ok)
      near(u, (5 - SQ2) / 10, 1e-12, "u")
      near_v(p, { 0, 0, 0 }, 1e-12, "point")
      near_v(n, { 0, 1, 0 }, 1e-12, "normal")
      assert.equal("edge", f)
    end)

    it("sweep_convex_triangle: 2D, the triangle is a solid region of the plane", function()
      local ok, u, p, n, f = collide.sweep_convex_triangle(D2, pi / 4, V(0, 5), V(0, -5),
                                                           V(-3, -1), V(3, -1), V(0, -4))
      assert.is_true(ok)
      near(u, (5 - (SQ2 - 1)) / 10, 1e-12, "u")
      near_v(p, { 0, -1, 0 }, 1e-12, "point")
      near_v(n, { 0, 1, 0 }, 1e-12, "normal")
      assert.equal("edge", f)
      -- starting inside: pushed out across the nearest edge, in the plane
      ok, u, p, n = collide.sweep_convex_triangle(collide.convex_box({ 0.1, 0.1 }), 0, V(0, -1.3),
                                                  V(0, -1.3), V(-3, -1), V(3, -1), V(0, -4))
      assert.is_true(ok)
      assert.equal(0, u)
      near_v(n, { 0, 1, 0 }, 1e-12, "normal")
      near(p.z, 0, 0, "point.z")
    end)

    it("sweep_convex_triangle: 3D, a turned crate's corner on a sloped face", function()
      local rot = quat({ 1, 0, 1 }, 0.7)
      local P = place(BOX, rot, { 0, 0, 0 })
      local a, b, c = { -4, -3, -4 }, { 4, -2, -4 }, { 0, -2.5, 4 }
      local d = { 0.3, -6, 0.2 }
      local r = pack(collide.sweep_convex_triangle(A3, rot, V(0, 0, 0), tov(d), tov(a), tov(b),
                                                   tov(c)))
      assert.equal(5, r.n)
      judge_polytope(P, d, { a, b, c }, r[1], r[2], r[3], r[4], r[5])
      assert.equal("face", r[5])
    end)

    it("sweep_convex_sphere: a crate turned about y (quaternion) meets a ball", function()
      local rot = quat({ 0, 1, 0 }, pi / 4)
      local ok, u, p, n, f = collide.sweep_convex_sphere(A3, rot, V(-5, 0, 0), V(5, 0, 0),
                                                         V(0, 0, 0), 0.5)
      assert.is_true(ok)
      near(u, (4.5 - SQ2) / 10, 1e-12, "u")
      near_v(p, { -0.5, 0, 0 }, 1e-12, "point")
      near_v(n, { -1, 0, 0 }, 1e-12, "normal")
      assert.equal("face", f)
    end)

    it("sweep_convex_plane: a tall box falls on the ground; the plane is two-sided", function()
      local A = collide.convex_box(V(1, 2, 1))
      local ok, u, p, n, f = collide.sweep_convex_plane(A, 0, V(0, 10, 0), V(0, 0, 0),
                                                        collide.plane(V(0, 1, 0), 0))
      assert.is_true(ok)
      near(u, 0.8, 1e-12, "u")
      near(p.y, 0, 1e-12, "point.y")
      near_v(n, { 0, 1, 0 }, 1e-12, "normal")
      assert.equal("face", f)
      ok, u, _, n = collide.sweep_convex_plane(A, 0, V(0, -10, 0), V(0, 0, 0),
                                               collide.plane(V(0, 1, 0), 0))
      assert.is_true(ok)
      near(u, 0.8, 1e-12, "u from below")
      near_v(n, { 0, -1, 0 }, 1e-12, "normal from below")
    end)

    it("sweep_convex_polygon: a cube into a square window's pane", function()
      local poly = collide.polygon({ V(3, -1, -1), V(3, 1, -1), V(3, 1, 1), V(3, -1, 1) })
      local A = collide.convex_box(V(0.5, 0.5, 0.5))
      local ok, u, p, n, f = collide.sweep_convex_polygon(A, 0, V(0, 0, 0), V(6, 0, 0), poly)
      assert.is_true(ok)
      near(u, 2.5 / 6, 1e-12, "u")
      near(p.x, 3, 1e-12, "point.x")
      near_v(n, { -1, 0, 0 }, 1e-12, "normal")
      assert.equal("face", f)
    end)

    it("sweep_convex_capsule: a crate falls on a lying capsule", function()
      local ok, u, p, n, f = collide.sweep_convex_capsule(A3, 0, V(0, 5, 0), V(0, -5, 0),
                                                          V(-3, 0, 0), V(3, 0, 0), 0.5)
      assert.is_true(ok)
      near(u, 0.35, 1e-12, "u")
      near(p.y, 0.5, 1e-12, "point.y")
      near(p.z, 0, 1e-12, "point.z")
      near_v(n, { 0, 1, 0 }, 1e-12, "normal")
      assert.equal("face", f)
    end)

    it("sweep_convex_convex: a crate meets a crate turned 45 degrees (an edge; a vertex in 2D)",
       function()
      local ok, u, p, n, f = collide.sweep_convex_convex(A3, 0, V(-5, 0, 0), V(5, 0, 0),
                                                         A3, quat({ 0, 0, 1 }, pi / 4), V(0, 0, 0))
      assert.is_true(ok)
      near(u, (4 - SQ2) / 10, 1e-12, "u")
      near(p.x, -SQ2, 1e-12, "point.x")
      near(p.y, 0, 1e-12, "point.y")
      near_v(n, { -1, 0, 0 }, 1e-12, "normal")
      assert.equal("edge", f)
      local D = collide.convex(SQUARE)
      ok, u, p, n, f = collide.sweep_convex_convex(D, 0, V(-5, 0), V(5, 0), D, pi / 4, V(0, 0))
      assert.is_true(ok)
      near(u, (4 - SQ2) / 10, 1e-12, "u 2D")
      near_v(p, { -SQ2, 0, 0 }, 1e-12, "point 2D")
      near_v(n, { -1, 0, 0 }, 1e-12, "normal 2D")
      assert.equal("vertex", f)
    end)

    it("an angle and the quaternion about z of the same angle answer alike", function()
      for _, a in ipairs({ 0.3, 1.2, -2.5 }) do
        local r1 = pack(collide.sweep_convex_aabb(D2, a, V(-5, 0.3), V(5, 0.1), V(0, 0),
                                                  V(1, 1, 0)))
        local r2 = pack(collide.sweep_convex_aabb(D2, quat({ 0, 0, 1 }, a), V(-5, 0.3), V(5, 0.1),
                                                  V(0, 0), V(1, 1, 0)))
        assert.is_true(r1[1]); assert.is_true(r2[1])
        near(r1[2], r2[2], 1e-12, "u")
        near(r1[4]:dot(r2[4]), 1, 1e-12, "normal")
      end
    end)

    it("returns false alone on a miss", function()
      local function miss(...) local r = pack(...); assert.equal(1, r.n); assert.is_false(r[1]) end
      miss(collide.sweep_convex_aabb(A3, 0, V(0, 5, 0), V(0, 3, 0), V(0, 0, 0), V(1, 1, 1)))
      miss(collide.sweep_convex_sphere(A3, 0, V(-5, 3, 0), V(5, 3, 0), V(0, 0, 0), 1))
      miss(collide.sweep_convex_plane(A3, 0, V(0, 5, 0), V(0, 3, 0), collide.plane(V(0, 1, 0), 0)))
      miss(collide.sweep_convex_triangle(A3, 0, V(0, 5, 0), V(0, 3, 0), V(0, 0, 0), V(1, 0, 0),
                                         V(0, 0, 1)))
      miss(collide.sweep_convex_segment(A3, 0, V(0, 5, 0), V(0, 3, 0), V(0, 0, 0), V(1, 0, 0)))
      miss(collide.sweep_convex_capsule(A3, 0, V(0, 5, 0), V(0, 3, 0), V(0, 0, 0), V(1, 0, 0), 0.5))
      miss(collide.sweep_convex_polygon(A3, 0, V(0, 5, 0), V(0, 3, 0),
                                        collide.polygon({ V(0, 0, 0), V(1, 0, 0), V(0, 0, 1) })))
      miss(collide.sweep_convex_convex(A3, 0, V(0, 5, 0), V(0, 3, 0), A3, 0, V(0, 0, 0)))
      miss(collide.sweep_convex_turning(A3, 0, 0.5, V(0, 5, 0), V(0, 3, 0), A3, 0, V(0, 0, 0)))
    end)

    it("touching counts as contact; touching at the start is u = 0", function()
      local ok, u = collide.sweep_convex_aabb(A3, 0, V(0, 2, 0), V(0, 5, 0), V(0, 0, 0), V(1, 1, 1))
      assert.is_true(ok); assert.equal(0, u)
      ok, u = collide.sweep_convex_aabb(A3, 0, V(0, 5, 0), V(0, 2, 0), V(0, 0, 0), V(1, 1, 1))
      assert.is_true(ok); near(u, 1, 1e-15, "u at the end")
    end)

    it("overlapping at the start: u = 0, the shortest separating translation", function()
      local ok, u, p, n = collide.sweep_convex_aabb(A3, 0, V(0, 0.5, 0), V(0, 0.5, 0),
                                                    V(0, -1, 0), V(3, 1, 3))
      assert.is_true(ok)
      assert.equal(0, u)
      near_v(n, { 0, 1, 0 }, 1e-12, "normal")
      assert.truthy(collide.is_vec3(p))
      ok, u, _, n = collide.sweep_convex_sphere(A3, 0, V(0, 0, 0), V(1, 0, 0), V(0, 0.8, 0), 0.5)
      assert.is_true(ok)
      assert.equal(0, u)
      near_v(n, { 0, -1, 0 }, 1e-12, "normal")
    end)

    it("writes into out-vectors and returns them; checks them hit or miss", function()
      local po, no = V(), V()
      local ok, u, p, n = collide.sweep_convex_aabb(A3, 0, V(0, 5, 0), V(0, -5, 0), V(0, 0, 0),
                                                    V(3, 1, 3), po, no)
      assert.is_true(ok)
      near(u, 0.3, 1e-12, "u")
      assert.equal(po, p); assert.truthy(rawequal(po, p)); assert.truthy(rawequal(no, n))
      near_v(no, { 0, 1, 0 }, 1e-12, "normal")
      po, no = V(), V()
      ok, u, p, n = collide.sweep_convex_convex(A3, 0, V(-5, 0, 0), V(5, 0, 0), A3, 0,
                                                V(0, 0, 0), po, no)
      assert.is_true(ok); near(u, 0.3, 1e-12, "u")
      assert.truthy(rawequal(po, p)); assert.truthy(rawequal(no, n))
      ok, u, p, n = collide.sweep_convex_turning(A3, 0, 0.1, V(-5, 0, 0), V(5, 0, 0), A3, 0,
                                                 V(0, 0, 0), po, no)
      assert.is_true(ok); assert.truthy(u <= 0.3 and u > 0.25)
      assert.truthy(rawequal(po, p)); assert.truthy(rawequal(no, n))
      -- a miss still checks them
      arg_error(7, "sweep_convex_aabb", collide.sweep_convex_aabb, A3, 0, V(0, 5, 0), V(0, 3, 0),
                V(0, 0, 0), V(1, 1, 1), "x", no)
      arg_error(8, "sweep_convex_sphere", collide.sweep_convex_sphere, A3, 0, V(0, 5, 0),
                V(0, 3, 0),
                V(0, 0, 0), 1, po, {})
    end)
  end)

  describe("sweeps under translation, judged by separating axes", function()
    local function random_hull(flat)
      local pts = {}
      for _ = 1, 4 + math.floor(rnd() * 6) do
        pts[#pts + 1] = { rnd_in(-1, 1), rnd_in(-1, 1), flat and 0 or rnd_in(-1, 1) }
      end
      if flat then
        pts[#pts + 1] = { -1.2, -1, 0 }; pts[#pts + 1] = { 1, -1.1, 0 }; pts[#pts + 1] = { 0,
                                                                                          1.3, 0 }
      else
        pts[#pts + 1] = { -1.2, -1, -1 }; pts[#pts + 1] = { 1, -1.1, -1 }
        pts[#pts + 1] = { 0, 1.3, -1 }; pts[#pts + 1] = { 0, 0, 1.1 }
      end
      return pts
    end
    local function random_rot(flat)
      if flat then return rnd_in(-pi, pi) end
      return quat({ rnd_in(-1, 1), rnd_in(-1, 1), rnd_in(-1, 1) + 0.01 }, rnd_in(-pi, pi))
    end
    local function rp(flat, s) return { rnd_in(-s, s), rnd_in(-s, s),
                                       flat and 0 or rnd_in(-s, s) } end

    local N = size.cases(12, 150)
    for _, flat in ipairs({ true, false }) do
      local dim = flat and "2D" or "3D"
      it(dim .. ": against triangles, segments, boxes and hulls", function()
        local misses, hits = 0, 0
        for i = 1, N do
          local pts = random_hull(flat)
          local A = collide.convex(pts)
          local rot = random_rot(flat)
          local c0, c1 = rp(flat, 4), rp(flat, 4)
          local PA = place(pts, rot, c0)
          local d = sub(c1, c0)
          local kind = i % 4
          local r, PB
          if kind == 0 then
            local a, b, c = rp(flat, 2), rp(flat, 2), rp(flat, 2)
            PB = { a, b, c }
            r = pack(collide.sweep_convex_triangle(A, rot, tov(c0), tov(c1), tov(a), tov(b),
                                                   tov(c)))
          elseif kind == 1 then
            local a, b = rp(flat, 2), rp(flat, 2)
            PB = { a, b }
            r = pack(collide.sweep_convex_segment(A, rot, tov(c0), tov(c1), tov(a), tov(b)))
          elseif kind == 2 then
            local c, e = rp(flat, 1), { rnd_in(0.2, 1.5), rnd_in(0.2, 1.5),
                                       flat and 0 or rnd_in(0.2, 1.5) }
            PB = translate(box_points(e), c)
            r = pack(collide.sweep_convex_aabb(A, rot, tov(c0), tov(c1), tov(c), tov(e)))
          else
            local q = random_hull(flat)
            local rb, b = random_rot(flat), rp(flat, 1)
            PB = place(q, rb, b)
            r = pack(collide.sweep_convex_convex(A, rot, tov(c0), tov(c1), collide.convex(q), rb,
                                                 tov(b)))
          end
          judge_polytope(PA, d, PB, r[1], r[2], r[3], r[4], r[5], 1e-9)
          if r[1] then hits = hits + 1 else misses = misses + 1 end
          if flat and r[1] then
            -- the 2D rule: every point and normal in the plane
            assert.equal(0, r[3].z); assert.equal(0, r[4].z)
          end
        end
        assert.truthy(hits > 0 and misses > 0)
      end)
    end

    -- Overlapping at the start, the contract's point is "a point of the
    -- obstacle inside the mover". Two scenes the acceptance pass found where
    -- the point of the obstacle's support plane over the mover's deepest
    -- point (where they would touch once pushed out) was 0.3 and 0.6
    -- outside a hull of size 2.
    it("at u = 0 the point is a point of the obstacle inside the mover", function()
      local cases = {
        { -- 2D, a hull across a wall
          { { 0.83167805999436561, 2.3928613575185755, 0 },
           { -0.26939437281216333, 1.1790424825242429, 0 },
            { -0.088656518562167941, 2.9960817119284719, 0 }, { 0.5769300439041587,
                                                               1.6945300013890714, 0 },
            { 1.3474279965849381, 2.3992415790740584, 0 }, { -0.58383776103502294,
                                                            3.4576425302473828, 0 },
            { -0.74264775659896398, 0.86249718069391634, 0 } },
          { 1.610273503516928, -0.13322639099006839, 0 },
          { { 1.1520178556218825, 1.96409943698165, 0 }, { -1.3807626494116907,
                                                          1.5221513377140048, 0 } } },
        { -- 3D, a hull across a segment
          { { -0.83532705701679977, 1.1772947769287074, 0.12800233235143488 },
            { -0.64339221786370415, 1.2538957720569572, -1.1362258994990804 },
            { 0.11267711686616105, 1.9599375750802883, 0.23209870475750671 },
            { -0.88910266586370934, 1.9363350520331228, -0.33008349016638616 },
            { -1.8656700784319509, 0.13905416051974551, -0.76632933760244271 },
            { -0.015116160892252456, -0.29088600179818624, -1.8801523285235795 },
            { -0.63035591213403563, 2.2276340153606853, -1.6838439699088079 },
            { 0.34792852070239821, 1.0755359102023387, 0.26951967379925601 } },
          { -0.017162743963842875, -0.45423780030302652, -2.3747096929581417 },
          { { 0.0035917134972249798, 0.36592874786161289, -1.8355346898713776 },
            { -1.8315326682438759, 1.4304448251754254, 1.4861767233750673 } } },
      }
      for _, case in ipairs(cases) do
        local PA, d, PB = case[1], case[2], case[3]
        local ok, u, p = collide.sweep_convex_segment(collide.convex(PA), 0, V(0, 0, 0), tov(d),
                                                      tov(PB[1]), tov(PB[2]))
        assert.is_true(ok); assert.equal(0, u)
        assert.truthy(sat_gap(PB, { fromv(p) }) <= 1e-9, "in the obstacle")
        assert.truthy(sat_gap(PA, { fromv(p) }) <= 1e-9, "in the mover")
      end
    end)

    it("3D: box hulls against balls and capsules, by exact distance", function()
      for i = 1, size.cases(6, 150) do
        local e = { rnd_in(0.3, 1.5), rnd_in(0.3, 1.5), rnd_in(0.3, 1.5) }
        local rot = random_rot(false)
        local A = (i % 2 == 0) and collide.convex_box(tov(e)) or collide.convex(box_points(e))
        local c0, c1 = rp(false, 4), rp(false, 4)
        local r = rnd_in(0.1, 1)
        local ok, u, p, n, f
        local function at(t) return lerp(c0, c1, t) end
        if i % 3 == 0 then
          local a, b = rp(false, 1.5), rp(false, 1.5)
          local function seg_dist(t)
            local s = ternary_min(function(s) return (box_closest(e, rot, at(t),
                                                                  lerp(a, b, s))) end, 0, 1, 40)
            return (box_closest(e, rot, at(t), lerp(a, b, s))), s
          end
          ok, u, p, n, f = collide.sweep_convex_capsule(A, rot, tov(c0), tov(c1), tov(a), tov(b), r)
          local want = first_reach(seg_dist, r)
          if want == nil then assert.is_false(ok) else
            assert.is_true(ok, "a hit")
            near(u, want, 1e-7, "u")
            assert.truthy(FEATURES[f])
            is_unit(n)
            local dist, s = seg_dist(u)
            if u > 0 then
              near(dist, r, 1e-7, "distance at u")
              local core = lerp(a, b, s)
              near(len(sub(fromv(p), core)), r, 1e-6, "point on the capsule")
            end
          end
        else
          local s = rp(false, 1.5)
          ok, u, p, n, f = collide.sweep_convex_sphere(A, rot, tov(c0), tov(c1), tov(s), r)
          local want = first_reach(function(t) return (box_closest(e, rot, at(t), s)) end, r)
          if want == nil then assert.is_false(ok) else
            assert.is_true(ok, "a hit")
            near(u, want, 1e-9, "u")
            assert.equal("face", f)
            is_unit(n)
            if u > 0 then
              local dist, w = box_closest(e, rot, at(u), s)
              near(dist, r, 1e-9, "distance at u")
              near_v(n, scale(sub(w, s), 1 / dist), 1e-6, "normal toward the mover")
              near_v(p, add(s, scale(sub(w, s), r / dist)), 1e-6, "point on the ball")
            end
          end
        end
      end
    end)
  end)

  describe("sweep_convex_turning", function()
    -- The 2D judge: the exact distance of two convex polygons (0 when they
    -- overlap): the least distance of a vertex of one to an edge of the other.
    local function seg_point(a, b, p)
      local ab = sub(b, a)
      local t = max(0, min(1, dot(sub(p, a), ab) / dot(ab, ab)))
      return len(sub(p, add(a, scale(ab, t))))
    end
    -- P and Q are rings (their points in order round the polygon): the
    -- edge normals of both separate them when anything does
    local function gap2d(P, Q)
      local g = -math.huge
      for _, X in ipairs({ P, Q }) do
        for j = 1, #X do
          local e = sub(X[j % #X + 1], X[j])
          local n = { -e[2], e[1], 0 }
          local a0, a1 = range(P, n)
          local b0, b1 = range(Q, n)
          g = max(g, (b0 - a1) / len(n), (a0 - b1) / len(n))
        end
      end
      return g
    end
    local function dist2d(P, Q)
      if gap2d(P, Q) <= 0 then return 0 end
      local best = math.huge
      for _, pair in ipairs({ { P, Q }, { Q, P } }) do
        local X, Y = pair[1], pair[2]
        for _, p in ipairs(X) do
          for j = 1, #Y do best = min(best, seg_point(Y[j], Y[j % #Y + 1], p)) end
        end
      end
      return best
    end

    local BAR = { { -2, -0.05, 0 }, { 2, -0.05, 0 }, { 2, 0.05, 0 }, { -2, 0.05, 0 } }
    local PEG = { { -0.1, -0.1, 0 }, { 0.1, -0.1, 0 }, { 0.1, 0.1, 0 }, { -0.1, 0.1, 0 } }

    -- first contact of the bar turning th0 -> th1 (its shortest arc) and
    -- moving a0 -> a1 against Q, by dense sampling and bisection
    local function referee(th0, dth, a0, a1, Q)
      local function dist(u) return dist2d(place(BAR, th0 + dth * u, lerp(a0, a1, u)), Q) end
      if dist(0) == 0 then return 0, dist end
      local prev = 0
      -- coarse samples suffice: "never late" is judged against a real
      -- contact found here, "not early" by the distance at the answer
      for k = 1, 300 do
        local uu = k / 300
        if dist(uu) == 0 then
          local lo, hi = prev, uu
          for _ = 1, 60 do
            local m = (lo + hi) / 2
            if dist(m) == 0 then hi = m else lo = m end
          end
          return hi, dist
        end
        prev = uu
      end
      return nil, dist
    end

    local bar = collide.convex(BAR)
    local peg = collide.convex(PEG)

    it("a bar spinning in place hits a peg it would pass through", function()
      local ok, u, p, n, f = collide.sweep_convex_turning(bar, 0, 3, V(0, 0), V(0, 0), peg, 0,
                                                          V(0, 1.5))
      assert.is_true(ok)
      local want, dist = referee(0, 3, { 0, 0, 0 }, { 0, 0, 0 }, place(PEG, 0, { 0, 1.5, 0 }))
      assert.truthy(u <= want + 1e-12, ("never late: %.17g after %.17g"):format(u, want))
      assert.truthy(dist(u) <= 1e-9 * 6 + 1e-12, "at most 1e-9 of the motion early")
      assert.truthy(FEATURES[f])
      is_unit(n)
      assert.equal(0, p.z); assert.equal(0, n.z)
    end)

    it("turns by the shortest arc: 0 to 5 rad is 2pi - 5 rad clockwise", function()
      -- a peg at +90 degrees is on the long way round, one at -60 on the short
      local ok = collide.sweep_convex_turning(bar, 0, 5, V(0, 0), V(0, 0), peg, 0, V(0, 1.5))
      assert.is_false(ok)
      local Q = place(PEG, 0, { 1.5 * cos(-1), 1.5 * sin(-1), 0 })
      local u
      ok, u = collide.sweep_convex_turning(bar, 0, 5, V(0, 0), V(0, 0), peg, 0,
                                           tov(add(Q[1], { 0.1, 0.1, 0 })))
      assert.is_true(ok)
      local want, dist = referee(0, 5 - 2 * pi, { 0, 0, 0 }, { 0, 0, 0 }, Q)
      assert.truthy(u <= want + 1e-12)
      assert.truthy(dist(u) <= 1e-9 * 8 + 1e-12)
    end)

    it("turning and moving, judged at dense instants, 2D", function()
      for i = 1, size.cases(4, 30) do
        local th0, dth = rnd_in(-pi, pi), rnd_in(-3, 3)
        local a0, a1 = { rnd_in(-3, 3), rnd_in(-3, 3), 0 }, { rnd_in(-3, 3), rnd_in(-3, 3), 0 }
        local b, rb = { rnd_in(-1, 1), rnd_in(-1, 1), 0 }, rnd_in(-pi, pi)
        local Q = place(PEG, rb, b)
        local ok, u = collide.sweep_convex_turning(bar, th0, th0 + dth, tov(a0), tov(a1), peg,
                                                   rb, tov(b))
        local want, dist = referee(th0, dth, a0, a1, Q)
        local motion = len(sub(a1, a0)) + abs(dth) * 2.001
        if want == nil then
          -- the referee samples; a miss it reports must not be a contact
          -- the library finds between its samples that is real
          if ok then assert.truthy(dist(u) <= 1e-9 * motion + 1e-12, "case " .. i) end
        else
          assert.is_true(ok, "case " .. i)
          assert.truthy(u <= want + 1e-12,
                        ("case %d never late: %.17g after %.17g"):format(i, u, want))
          assert.truthy(dist(u) <= 1e-9 * motion + 1e-12, "case " .. i .. " early by at most 1e-9")
        end
      end
    end)

    it("3D: a crate turning about z (quaternions) while sliding into a wall", function()
      local A = collide.convex_box(V(1, 1, 1))
      local wall = collide.convex_box(V(1, 5, 5))
      local ok, u = collide.sweep_convex_turning(A, quat({ 0, 0, 1 }, 0), quat({ 0, 0, 1 }, pi / 4),
                                                 V(-5, 0, 0), V(5, 0, 0), wall, { w = 1, x = 0,
                                                                                 y = 0, z = 0 },
                                                 V(5, 0, 0))
      assert.is_true(ok)
      -- the crate reaches x = -5 + 10 u + (cos t + sin t), t = u pi/4; the
      -- wall's face is x = 4
      local function gap(t) return 4 - (-5 + 10 * t + cos(t * pi / 4) + sin(t * pi / 4)) end
      local lo, hi = 0, 1
      for _ = 1, 200 do
        local m = (lo + hi) / 2
        if gap(m) > 0 then lo = m else hi = m end
      end
      assert.truthy(u <= hi + 1e-12, "never late")
      assert.truthy(gap(u) <= 1e-9 * 12 + 1e-12, "early by at most 1e-9 of the motion")
      assert.truthy(gap(u) >= -1e-12, "not through")
    end)

    it("a zero turn answers as the translation sweep", function()
      local A = collide.convex(SQUARE)
      local ok1, u1 = collide.sweep_convex_turning(A, 0.4, 0.4, V(-5, 0.2), V(5, 0), A, 1, V(0, 0))
      local ok2, u2 = collide.sweep_convex_convex(A, 0.4, V(-5, 0.2), V(5, 0), A, 1, V(0, 0))
      assert.is_true(ok1); assert.is_true(ok2)
      assert.truthy(u1 <= u2 + 1e-12 and u1 >= u2 - 1e-8)
      -- q and -q are one rotation, 0 and 2 pi one angle: the shortest arc
      -- between them is no turn at all
      local q = quat({ 1, 2, 3 }, 0.7)
      local nq = { w = -q.w, x = -q.x, y = -q.y, z = -q.z }
      local B = collide.convex_box(V(1, 1, 1))
      local r1 = pack(collide.sweep_convex_turning(B, q, nq, V(-5, 0.2, 0), V(5, 0, 0), B, 0,
                                                   V(0, 0, 0)))
      local r2 = pack(collide.sweep_convex_convex(B, q, V(-5, 0.2, 0), V(5, 0, 0), B, 0,
                                                  V(0, 0, 0)))
      assert.is_true(r1[1]); near(r1[2], r2[2], 1e-9, "q to -q")
      r1 = pack(collide.sweep_convex_turning(A, 0, 2 * pi, V(-5, 0.2), V(5, 0), A, 1, V(0, 0)))
      r2 = pack(collide.sweep_convex_convex(A, 0, V(-5, 0.2), V(5, 0), A, 1, V(0, 0)))
      assert.is_true(r1[1]); near(r1[2], r2[2], 1e-9, "0 to 2 pi")
    end)
  end)

  describe("argument errors", function()
    local A = collide.convex_box(V(1, 1, 1))
    local c0, c1, o = V(0, 5, 0), V(0, -5, 0), V(0, 0, 0)
    local plane = collide.plane(V(0, 1, 0), 0)
    local poly = collide.polygon({ V(0, 0, 0), V(1, 0, 0), V(0, 0, 1) })
    local calls = {
      { "sweep_convex_sphere", { A, 0, c0, c1, o, 1 }, radius = 6 },
      { "sweep_convex_plane", { A, 0, c0, c1, plane } },
      { "sweep_convex_triangle", { A, 0, c0, c1, o, V(1, 0, 0), V(0, 0, 1) } },
      { "sweep_convex_polygon", { A, 0, c0, c1, poly } },
      { "sweep_convex_segment", { A, 0, c0, c1, o, V(1, 0, 0) } },
      { "sweep_convex_aabb", { A, 0, c0, c1, o, V(1, 1, 1) }, extent = 6 },
      { "sweep_convex_capsule", { A, 0, c0, c1, o, V(1, 0, 0), 0.5 }, radius = 7 },
      { "sweep_convex_convex", { A, 0, c0, c1, A, 0, o } },
      { "sweep_convex_turning", { A, 0, 1, c0, c1, A, 0, o } },
    }
    for _, call in ipairs(calls) do
      local name, args = call[1], call[2]
      it(name .. ": every argument is checked", function()
        local f = collide[name]
        assert.equal("function", type(f))
        assert.truthy(f(unpack(args, 1, #args)) ~= nil)
        for i = 1, #args do
          local bad = {}
          for k = 1, #args do bad[k] = args[k] end
          bad[i] = nil
          arg_error(i, name, f, unpack(bad, 1, #args))
          bad[i] = "x"
          arg_error(i, name, f, unpack(bad, 1, #args))
          if type(args[i]) == "number" then
            bad[i] = 0 / 0
            arg_error(i, name, f, unpack(bad, 1, #args))
            bad[i] = math.huge
            arg_error(i, name, f, unpack(bad, 1, #args))
          elseif collide.is_vec3(args[i]) then
            bad[i] = { 1, 0 / 0, 0 }
            arg_error(i, name, f, unpack(bad, 1, #args))
          end
        end
        local missing = {}
        for k = 1, #args do missing[k] = args[k] end
        missing[1] = nil
        local err = arg_error(1, name, f, unpack(missing, 1, #args))
        assert.truthy(err:find("acceptance_turning_spec", 1, true),
                      "raised at the caller's level: " .. err)
        missing[1] = A
        missing[3] = nil
        if name == "sweep_convex_turning" then missing[3] = 1; missing[4] = nil end
        local at = name == "sweep_convex_turning" and 4 or 3
        err = arg_error(at, name, f, unpack(missing, 1, #args))
        assert.truthy(err:find("vec3 expected, got nil", 1, true), err)
        if call.radius then
          local neg = {}
          for k = 1, #args do neg[k] = args[k] end
          neg[call.radius] = -1
          arg_error(call.radius, name, f, unpack(neg, 1, #args))
        end
        if call.extent then
          local neg = {}
          for k = 1, #args do neg[k] = args[k] end
          neg[call.extent] = V(1, -1, 1)
          arg_error(call.extent, name, f, unpack(neg, 1, #args))
        end
      end)
    end

    it("rotations: an angle or a quaternion with fields w, x, y, z; anything else is an error",
       function()
      local f = collide.sweep_convex_aabb
      local function call(rot) return f(A, rot, c0, c1, o, V(1, 1, 1)) end
      assert.is_true(call(0.5))
      assert.is_true(call({ w = 1, x = 0, y = 0, z = 0 }))
      assert.is_true(call(quat({ 1, 2, 3 }, 0.4)))
      -- a rotation object of a math library: its fields, and methods in its metatable
      local function qlen(q) return sqrt(q.w ^ 2 + q.x ^ 2 + q.y ^ 2 + q.z ^ 2) end
      local Quat = { __index = { len = qlen } }
      assert.is_true(call(setmetatable({ w = 1, x = 0, y = 0, z = 0 }, Quat)))
      arg_error(2, "sweep_convex_aabb", call, { w = 1, x = 0, y = 0 })
      arg_error(2, "sweep_convex_aabb", call, { w = 0, x = 0, y = 0, z = 0 })
      arg_error(2, "sweep_convex_aabb", call, { w = 0 / 0, x = 0, y = 0, z = 0 })
      arg_error(2, "sweep_convex_aabb", call, { w = math.huge, x = 0, y = 0, z = 0 })
      arg_error(2, "sweep_convex_aabb", call, { w = "1", x = 0, y = 0, z = 0 })
      arg_error(2, "sweep_convex_aabb", call, true)
      arg_error(2, "sweep_convex_aabb", call, -math.huge)
    end)

    it("a quaternion off unit by rounding is a rotation", function()
      local q = quat({ 0.3, -0.7, 0.2 }, 2.1)
      local qq = { w = q.w * (1 + 4e-16), x = q.x * (1 + 4e-16), y = q.y * (1 + 4e-16),
                  z = q.z * (1 + 4e-16) }
      local r1 = pack(collide.sweep_convex_aabb(A, q, c0, c1, o, V(1, 1, 1)))
      local r2 = pack(collide.sweep_convex_aabb(A, qq, c0, c1, o, V(1, 1, 1)))
      assert.is_true(r1[1]); assert.is_true(r2[1])
      near(r1[2], r2[2], 1e-12, "u")
    end)

    -- The contract says "a unit quaternion"; the library documents (convex.md)
    -- that one whose squared norm is off 1 by more than 1e-6 is an error and
    -- one within that is normalized: the contract's word, with room for a
    -- quaternion computed in single precision or composed many times.
    it("a quaternion that is not a unit quaternion is an error", function()
      local function call(rot) return collide.sweep_convex_aabb(A, rot, c0, c1, o, V(1, 1, 1)) end
      local err = arg_error(2, "sweep_convex_aabb", call, { w = 2, x = 0, y = 0, z = 0 })
      assert.truthy(err:find("unit quaternion", 1, true), err)
      arg_error(2, "sweep_convex_aabb", call, { w = 0.5, x = 0.5, y = 0.5, z = 0 })
      arg_error(3, "sweep_convex_turning", collide.sweep_convex_turning, A, 0,
                { w = 1.01, x = 0, y = 0, z = 0 }, c0, c1, A, 0, o)
      arg_error(7, "sweep_convex_turning", collide.sweep_convex_turning, A, 0, 0, c0, c1, A,
                { w = 0, x = 0, y = 0, z = 0.9 }, o)
      local ok, u = call({ w = 1 + 1e-8, x = 0, y = 0, z = 0 })
      assert.is_true(ok); near(u, 0.3, 1e-12, "u")
    end)
  end)

  describe("the world", function()
    local BOXE = { 1, 1, 1 }
    local crate = collide.convex_box(V(1, 1, 1))

    it("add_convex, get, update, data, shapes", function()
      local w = collide.world()
      local rot = quat({ 0, 1, 0 }, 0.5)
      local id = w:add_convex(crate, V(1, 2, 3), rot, "crate")
      assert.equal("number", type(id))
      assert.truthy(id >= 1)
      assert.equal("crate", w:data(id))
      local r = pack(w:get(id))
      assert.equal(4, r.n)
      assert.equal("convex", r[1])
      -- A (the library documents a copy of A: a convex shape of the same hull)
      assert.truthy(tostring(r[2]):find("convex"), "get gives A")
      near(select(2,
                  collide.sweep_convex_aabb(r[2], 0, V(0, 5, 0), V(0, -5, 0), V(0, 0, 0),
                                            V(3, 1, 3))),
           0.3, 0, "the same hull")
      near_v(r[3], { 1, 2, 3 }, 0, "position")
      for _, k in ipairs({ "w", "x", "y", "z" }) do near(r[4][k], rot[k], 1e-15, "rot." .. k) end
      assert.is_true(w:update(id, crate, V(0, 0, 0), 0.25))
      r = pack(w:get(id))
      assert.equal("convex", r[1]); near_v(r[3], { 0, 0, 0 }, 0, "position")
      assert.equal("number", type(r[4])); near(r[4], 0.25, 0, "angle")
      assert.equal("crate", w:data(id))
      assert.is_false(w:update(id + 100, crate, V(0, 0, 0), 0))
      local kinds = {}
      for sid, kind, data in w:shapes() do kinds[#kinds + 1] = { sid, kind, data } end
      assert.same({ { id, "convex", "crate" } }, kinds)
      assert.equal(1, w:count())
      assert.is_true(w:remove(id))
      assert.equal(0, w:count())
    end)

    it("every query sees a convex shape", function()
      local w = collide.world()
      -- a crate turned 45 degrees about z at the origin: reach sqrt 2 along x and y
      local id = w:add_convex(crate, V(0, 0, 0), pi / 4)
      local ok, u, p, n, f, hid = w:raycast(V(-5, 0, 0), V(5, 0, 0))
      assert.is_true(ok); assert.equal(id, hid)
      near(u, (5 - SQ2) / 10, 1e-12, "ray u"); near_v(p, { -SQ2, 0, 0 }, 1e-12, "ray point")
      assert.truthy(n.x < 0 and abs(n:length() - 1) < 1e-12)
      assert.truthy(FEATURES[f])
      local all = w:raycast_all(V(-5, 0, 0), V(5, 0, 0))
      assert.equal(1, #all); assert.equal(id, all[1].id)
      near(all[1].u, (5 - SQ2) / 10, 1e-12, "raycast_all u")
      assert.same({ id }, w:overlap_point(V(1.3, 0, 0)))
      assert.same({}, w:overlap_point(V(1, 1, 0)))       -- outside the turned crate
      assert.same({ id }, w:overlap_sphere(V(SQ2 + 0.49, 0, 0), 0.5))
      assert.same({}, w:overlap_sphere(V(SQ2 + 0.51, 0, 0), 0.5))
      assert.same({ id }, w:overlap_aabb(V(2, 0, 0), V(0.6, 0.1, 0.1)))
      assert.same({}, w:overlap_aabb(V(1.2, 1.2, 0), V(0.2, 0.2, 0.2)))
      assert.same({ id }, w:overlap_capsule(V(-3, 0, 0), V(-2, 0, 0), 0.6))
      local pen = w:penetration_sphere(V(SQ2 + 0.2, 0, 0), 0.5)
      assert.equal(1, #pen); assert.equal(id, pen[1].id)
      near(pen[1].depth, 0.3, 1e-12, "depth"); near_v(pen[1].normal, { 1, 0, 0 }, 1e-12, "normal")
      pen = w:penetration_aabb(V(0, SQ2 + 0.4, 0), V(0.5, 0.5, 0.5))
      assert.equal(1, #pen); near(pen[1].depth, 0.1, 1e-12, "aabb depth")
      near_v(pen[1].normal, { 0, 1, 0 }, 1e-12, "aabb normal")
      pen = w:penetration_capsule(V(-3, 0, 2), V(-3, 0, -2), SQ2 + 3 - 2.8 + 0.5)
      assert.equal(1, #pen)
      ok, u, _, _, _, hid = w:sweep_sphere(0.5, V(0, 5, 0), V(0, -5, 0))
      assert.is_true(ok); assert.equal(id, hid); near(u, (4.5 - SQ2) / 10, 1e-12, "sweep_sphere u")
      ok, u, _, n, _, hid = w:sweep_aabb(V(0.5, 0.5, 0.5), V(0, 5, 0), V(0, -5, 0))
      assert.is_true(ok); assert.equal(id, hid)
      -- the box's bottom face meets the crate's top edge
      near(u, (4.5 - SQ2) / 10, 1e-12, "sweep_aabb u"); near_v(n, { 0, 1, 0 }, 1e-12,
                                                               "sweep_aabb normal")
      ok, u, _, _, _, hid = w:sweep_capsule(0.5, V(0, 0, 1), V(0, 5, 0), V(0, -5, 0))
      assert.is_true(ok); assert.equal(id, hid); near(u, (4.5 - SQ2) / 10, 1e-12, "sweep_capsule u")
      ok, u, _, _, f, hid = w:sweep_convex(crate, 0, V(0, 5, 0), V(0, -5, 0))
      assert.is_true(ok); assert.equal(id, hid); near(u, (4 - SQ2) / 10, 1e-12, "sweep_convex u")
      assert.equal("edge", f)
      local out = w:raycast_many({ -5, 0, 0, 5, 0, 0, -5, 3, 0, 5, 3, 0 })
      assert.equal(id, out[1]); near(out[2], (5 - SQ2) / 10, 1e-12, "raycast_many u")
      assert.equal(0, out[9])
      out = w:sweep_sphere_many(0.5, { 0, 5, 0, 0, -5, 0 })
      assert.equal(id, out[1]); near(out[2], (4.5 - SQ2) / 10, 1e-12, "sweep_sphere_many u")
      local pos = w:move_sphere(0.5, V(0, 5, 0), V(0, -5, 0), { response = "stop" })
      assert.truthy(pos.y >= SQ2 + 0.5 and pos.y <= SQ2 + 0.5 + 1e-3, "move_sphere stops on it")
    end)

    it("sweep_convex: filters, out-vectors, ties by the lowest id, moving shapes", function()
      local w = collide.world()
      local a = w:add_aabb(V(0, 0, 0), V(3, 1, 3), "floor")
      local b = w:add_aabb(V(0, 0, 0), V(3, 1, 3), "floor2")
      local po, no = V(), V()
      local r = pack(w:sweep_convex(crate, 0, V(0, 5, 0), V(0, -5, 0), nil, po, no))
      assert.equal(6, r.n)
      assert.is_true(r[1]); near(r[2], 0.3, 1e-12, "u")
      assert.truthy(rawequal(po, r[3])); assert.truthy(rawequal(no, r[4]))
      assert.equal("face", r[5]); assert.equal(a, r[6])
      r = pack(w:sweep_convex(crate, 0, V(0, 5, 0), V(0, -5, 0), function(id) return id ~= a end))
      assert.equal(b, r[6])
      w:set_layers(a, 2)
      r = pack(w:sweep_convex(crate, 0, V(0, 5, 0), V(0, -5, 0), 2))
      assert.equal(a, r[6])
      r = pack(w:sweep_convex(crate, 0, V(0, 5, 0), V(0, 3, 0)))
      assert.equal(1, r.n); assert.is_false(r[1])
      -- a floor rising by 1 during the step is met at y - 1 = 1 + u
      w:remove(b)
      w:set_layers(a, 1)
      w:set_velocity(a, V(0, 1, 0))
      r = pack(w:sweep_convex(crate, 0, V(0, 5, 0), V(0, -5, 0)))
      near(r[2], 3 / 11, 1e-12, "u against a rising floor")
      near(r[3].y, 1 + 3 / 11, 1e-12, "point at the floor's place at u")
    end)

    it("set_spin turns a shape during a step; advance turns it; sweeps see the spin", function()
      local w = collide.world()
      local bar = collide.convex({ { -2, -0.1 }, { 2, -0.1 }, { 2, 0.1 }, { -2, 0.1 } })
      local id = w:add_convex(bar, V(0, 0, 0), 0)
      w:set_spin(id, pi / 2)
      -- a ball resting at (0, 1.5) is met when 1.5 cos t - 0.1 = 0.1
      local ok, u = w:sweep_sphere(0.1, V(0, 1.5, 0), V(0, 1.5, 0))
      assert.is_true(ok)
      local want = math.acos(0.2 / 1.5) / (pi / 2)
      assert.truthy(u <= want + 1e-12, "never late")
      assert.truthy(u >= want - 1e-9 * 4, "early by at most 1e-9 of the motion")
      w:advance()
      local kind, A, pos, rot = w:get(id)
      assert.equal("convex", kind)
      near(select(2,
                  collide.sweep_convex_aabb(A, 0, V(0, 5, 0), V(0, -5, 0), V(0, 0, 0), V(3, 1, 3))),
           0.39, 1e-15, "get gives A (a copy of the same hull)")
      near(pos:length(), 0, 0, "the spin turns about the frame's origin")
      local angle = type(rot) == "number" and rot or 2 * (math.atan2 or math.atan)(rot.z, rot.w)
      near(angle, pi / 2, 1e-12, "turned by the spin")
      assert.same({ id }, w:overlap_point(V(0, 1.9, 0)))
      assert.same({}, w:overlap_point(V(1.9, 0, 0)))
      -- a quaternion spin about z turns the same
      local w2 = collide.world()
      local id2 = w2:add_convex(bar, V(0, 0, 0), { w = 1, x = 0, y = 0, z = 0 })
      w2:set_spin(id2, quat({ 0, 0, 1 }, pi / 2))
      w2:advance()
      assert.same({ id2 }, w2:overlap_point(V(0, 1.9, 0)))
      assert.same({}, w2:overlap_point(V(1.9, 0, 0)))
      -- the spin as given; a spin for an unknown id is false
      near(w:spin(id), pi / 2, 0, "w:spin")
      assert.is_nil(w:spin(id + 100))
      assert.is_false(w:set_spin(id + 100, 1))
      -- errors, counted without self
      arg_error(1, "set_spin", w.set_spin, w, "x", 1)
      arg_error(2, "set_spin", w.set_spin, w, id, "x")
      arg_error(2, "set_spin", w.set_spin, w, id, 0 / 0)
    end)

    it("a quaternion spin turns about the world axis it names (spin on the left)", function()
      -- a plank long along x, turned a quarter about z (long along y),
      -- spun a quarter about x during a step: long along z after it
      -- (turned about its own x instead it would stay long along y)
      local w = collide.world()
      local plank = collide.convex_box(V(2, 0.25, 0.25))
      local id = w:add_convex(plank, V(0, 0, 0), quat({ 0, 0, 1 }, pi / 2))
      assert.same({ id }, w:overlap_point(V(0, 1.8, 0)))
      w:set_spin(id, quat({ 1, 0, 0 }, pi / 2))
      w:advance()
      assert.same({ id }, w:overlap_point(V(0, 0, 1.8)))
      assert.same({}, w:overlap_point(V(0, 1.8, 0)))
      assert.same({}, w:overlap_point(V(1.8, 0, 0)))
      -- halfway through the step it is half turned: a ray along the
      -- diagonal of the y-z plane meets it at its end, 2 from the axis
      local w2 = collide.world()
      local id2 = w2:add_convex(plank, V(0, 0, 0), quat({ 0, 0, 1 }, pi / 2))
      w2:set_spin(id2, quat({ 1, 0, 0 }, pi / 2))
      local ok, u = w2:sweep_sphere(0.01, V(0, 1.9 * cos(pi / 4), 1.9 * sin(pi / 4)),
                                    V(0, 1.9 * cos(pi / 4), 1.9 * sin(pi / 4)))
      assert.is_true(ok)
      assert.truthy(u < 0.5 and u > 0.3, "met before it is half turned: " .. u)
    end)

    it("set_spin is for convex shapes", function()
      local w = collide.world()
      local a = w:add_aabb(V(0, 0, 0), V(1, 1, 1))
      arg_error(1, "set_spin", w.set_spin, w, a, 1)
      assert.is_nil(w:spin(a))
    end)

    it("move_convex: a diamond settles on a floor, grounded, velocity kept", function()
      local w = collide.world()
      local floor = w:add_aabb(V(0, -1, 0), V(10, 1, 0))
      local D = collide.convex(SQUARE)
      local pos, contacts, grounded, vel, ground = w:move_convex(D, pi / 4, V(0, 3), V(0.5, -3),
                                                                 { up = V(0, 1, 0) })
      -- a mover keeps its documented skin (1e-4 of its size) from surfaces
      assert.truthy(pos.y >= SQ2 and pos.y <= SQ2 + 1e-3, "resting on its corner: " .. pos.y)
      assert.is_true(grounded)
      assert.truthy(#contacts >= 1)
      assert.equal(floor, contacts[1].id)
      near_v(contacts[1].normal, { 0, 1, 0 }, 1e-12, "contact normal")
      assert.truthy(contacts[1].u >= 0 and contacts[1].u <= 1)
      assert.truthy(collide.is_vec3(vel)); near(vel.y, 0, 1e-12, "slide zeroes the fall")
      assert.equal("table", type(ground)); assert.equal(floor, ground.id)
      -- out-vectors for position and velocity
      local po, vo = V(), V()
      local p2, _, _, v2 = w:move_convex(D, pi / 4, V(0, 3), V(0.5, -3), { up = V(0, 1, 0) }, po,
                                         vo)
      assert.truthy(rawequal(po, p2)); assert.truthy(rawequal(vo, v2))
      -- options are counted the Lua way, without self: #5
      local err = arg_error(5, "move_convex", w.move_convex, w, D, 0, V(0, 3), V(0, -3),
                            { respons = "slide" })
      assert.truthy(err:find("unknown option 'respons'", 1, true), err)
      arg_error(1, "move_convex", w.move_convex, w, nil, 0, V(0, 3), V(0, -3))
      arg_error(2, "move_convex", w.move_convex, w, D, "x", V(0, 3), V(0, -3))
      arg_error(3, "move_convex", w.move_convex, w, D, 0, nil, V(0, -3))
      arg_error(4, "move_convex", w.move_convex, w, D, 0, V(0, 3), { 0, 0 / 0 })
    end)

    it("move_convex: never tunnels, never ends overlapping, 3D", function()
      local w = collide.world()
      for i = -2, 2 do w:add_aabb(V(i * 2, -1, 0), V(1, 1, 3)) end
      w:add_triangle(V(-10, 0, -10), V(10, 0, -10), V(0, 0, 10))
      local A = collide.convex(WEDGE)
      local rot = quat({ 0, 1, 0 }, 0.6)
      for k = 1, 6 do
        local from, to = V(-3 + k, 4, 0.3 * k), V(3 - k, -50, -0.2 * k)
        local pos = w:move_convex(A, rot, from, to)
        local P = place(WEDGE, rot, fromv(pos))
        local lowest = math.huge
        for _, p in ipairs(P) do lowest = min(lowest, p[2]) end
        assert.truthy(lowest >= -1e-9, "above the floor: " .. lowest)
      end
    end)

    it("move_convex: pushed out at the start (u = 0, depth), stuck when squeezed", function()
      local w = collide.world()
      local floor = w:add_aabb(V(0, -3, 0), V(10, 1, 10))     -- top at y = -2
      -- a crate turned 45 degrees, its corner 0.914 into the floor: pushed up
      local pos, contacts = w:move_convex(crate, pi / 4, V(0, -1.5, 0), V(0, -1.5, 0),
                                          { up = V(0, 1, 0) })
      assert.truthy(pos.y >= SQ2 - 2 and pos.y <= SQ2 - 2 + 1e-3, "pushed out: " .. pos.y)
      assert.equal(1, #contacts)
      assert.equal(floor, contacts[1].id); assert.equal(0, contacts[1].u)
      near(contacts[1].depth, SQ2 - 0.5, 1e-9, "depth")
      near_v(contacts[1].normal, { 0, 1, 0 }, 1e-12, "push normal")
      -- squeezed between the floor and a turned crate it cannot clear
      local above = w:add_convex(crate, V(0, 0, 0), pi / 4)
      pos, contacts = w:move_convex(crate, 0, V(0, -1.5, 0), V(0, -1.5, 0), { up = V(0, 1, 0) })
      near_v(pos, { 0, -1.5, 0 }, 0, "stays where it is")
      local stuck = false
      for _, c in ipairs(contacts) do
        assert.truthy(c.id == floor or c.id == above)
        stuck = stuck or c.stuck == true
      end
      assert.is_true(stuck)
      -- options that need up are an error without it, counted the Lua way
      local err = arg_error(5, "move_convex", w.move_convex, w, crate, 0, V(0, 5, 0), V(0, 4, 0),
                            { snap = 1 })
      assert.truthy(err:find("up", 1, true), err)
    end)

    it("move_convex: climbs a step and walks down it grounded on every frame, 2D", function()
      local w = collide.world()
      w:add_aabb(V(0, -1), V(20, 1, 0))              -- the floor, top at y = 0
      w:add_aabb(V(6, 0.15), V(2, 0.15, 0))          -- a step 0.3 high, x in [4, 8]
      for _, rot in ipairs({ 0, pi / 4 }) do
        local A = collide.convex_box(V(0.5, 0.5, 0))
        local reach = rot == 0 and 0.5 or 0.5 * SQ2
        local pos, top = V(0, reach + 1e-4), false
        for frame = 1, 120 do
          local p, _, grounded = w:move_convex(A, rot, pos, pos + V(0.1, -0.05),
                                               { up = V(0, 1), step_height = 0.4, snap = 0.4 })
          assert.is_true(grounded, ("grounded on frame %d at %s"):format(frame, tostring(p)))
          if p.x > 5.5 and p.x < 6.5 then
            top = true
            assert.truthy(p.y >= 0.3 + reach and p.y <= 0.3 + reach + 1e-3, "on the step")
          end
          pos = p
        end
        assert.is_true(top)
        near(pos.x, 12, 1e-9, "walked on")
        assert.truthy(pos.y >= reach and pos.y <= reach + 1e-3, "back on the floor")
      end
    end)

    it("a one-way platform lets a convex mover up through it and holds it from above", function()
      local w = collide.world()
      w:add_aabb(V(0, 0), V(3, 0.1, 0))
      local A = collide.convex_box(V(0.5, 0.5, 0))
      local oneway = function() return "oneway" end
      local pos = w:move_convex(A, 0, V(0, -2), V(0, 2), { up = V(0, 1), filter = oneway })
      near_v(pos, { 0, 2, 0 }, 0, "through from below")
      pos = w:move_convex(A, 0, V(0, 2), V(0, -2), { up = V(0, 1), filter = oneway })
      assert.truthy(pos.y >= 0.6 and pos.y <= 0.6 + 1e-3, "held on top: " .. pos.y)
    end)

    it("the batched sweeps see convex shapes", function()
      local w = collide.world()
      local id = w:add_convex(crate, V(0, 0, 0), pi / 4)
      local out = w:sweep_aabb_many(V(0.5, 0.5, 0.5), { 0, 5, 0, 0, -5, 0 })
      assert.equal(id, out[1]); near(out[2], (4.5 - SQ2) / 10, 1e-12, "sweep_aabb_many u")
      out = w:sweep_capsule_many(0.5, V(0, 0, 1), { 0, 5, 0, 0, -5, 0 })
      assert.equal(id, out[1]); near(out[2], (4.5 - SQ2) / 10, 1e-12, "sweep_capsule_many u")
    end)

    it("move_shape moves a convex shape; queries see it there", function()
      local w = collide.world()
      w:add_aabb(V(0, -1, 0), V(10, 1, 0))
      local id = w:add_convex(collide.convex(SQUARE), V(0, 3), 0, "player")
      local r = pack(w:move_shape(id, V(2, -3), { up = V(0, 1, 0) }))
      assert.truthy(r[1].y >= 1 and r[1].y <= 1 + 1e-3, "standing on the floor")
      near(r[1].x, 2, 1e-9, "slid along")
      assert.is_true(r[3])
      local kind, _, pos, rot = w:get(id)
      assert.equal("convex", kind); near_v(pos, { r[1].x, r[1].y, 0 }, 0, "updated in the world")
      near(rot, 0, 0, "rotation kept")
      assert.same({ id }, w:overlap_point(V(2, 1.5)))
      arg_error(3, "move_shape", w.move_shape, w, id, V(0, 0), { respons = "x" })
      -- out-vectors for position and velocity
      local po, vo = V(), V()
      r = pack(w:move_shape(id, V(3, r[1].y), nil, po, vo))
      assert.truthy(rawequal(po, r[1])); assert.truthy(rawequal(vo, r[4]))
      near(po.x, 3, 1e-9, "moved on")
    end)

    it("world methods check their arguments, counted without self", function()
      local w = collide.world()
      arg_error(1, "add_convex", w.add_convex, w, nil, V(0, 0, 0), 0)
      arg_error(1, "add_convex", w.add_convex, w, { 1, 2 }, V(0, 0, 0), 0)
      arg_error(2, "add_convex", w.add_convex, w, crate, nil, 0)
      arg_error(2, "add_convex", w.add_convex, w, crate, { 0, 0 / 0, 0 }, 0)
      arg_error(3, "add_convex", w.add_convex, w, crate, V(0, 0, 0), nil)
      arg_error(3, "add_convex", w.add_convex, w, crate, V(0, 0, 0), { w = 0, x = 0, y = 0, z = 0 })
      local id = w:add_convex(crate, V(0, 0, 0), 0)
      arg_error(2, "update", w.update, w, id, "x", V(0, 0, 0), 0)
      arg_error(4, "update", w.update, w, id, crate, V(0, 0, 0), "x")
      arg_error(1, "sweep_convex", w.sweep_convex, w, nil, 0, V(0, 0, 0), V(1, 0, 0))
      arg_error(2, "sweep_convex", w.sweep_convex, w, crate, "x", V(0, 0, 0), V(1, 0, 0))
      arg_error(4, "sweep_convex", w.sweep_convex, w, crate, 0, V(0, 0, 0), nil)
      arg_error(6, "sweep_convex", w.sweep_convex, w, crate, 0, V(0, 0, 0), V(1, 0, 0), nil, "x")
      assert.truthy(BOXE)
    end)

    -- "Scripts cannot break a world": a rotation object whose __index runs
    -- another query (here a sweep and a ray on the same world) answers as
    -- a plain quaternion does. On the FFI backend w:sweep_convex read the
    -- fields after taking its scratch generation, so the query they ran
    -- made it start again, forever (the reads are counted here: an error
    -- after 400 instead of a hang).
    it("a rotation whose __index runs queries answers as a plain one", function()
      local w = collide.world()
      local id = w:add_convex(crate, V(0, 0, 0), 0.3)
      w:add_aabb(V(0, -3, 0), V(5, 1, 5))
      local reads = 0
      local q = quat({ 0, 0, 1 }, 0.5)
      local hostile = setmetatable({}, { __index = function(_, k)
        reads = reads + 1
        if reads > 400 then error("the rotation was read " .. reads .. " times") end
        w:sweep_convex(crate, 0, V(0, 5, 0), V(0, -5, 0))
        w:raycast(V(0, 5, 0), V(0, -5, 0))
        return q[k]
      end })
      local function same(name, f)
        reads = 0
        local a = pack(f(q))
        local b = pack(f(hostile))
        assert.equal(a.n, b.n, name)
        for i = 1, a.n do
          if type(a[i]) == "number" then near(b[i], a[i], 0, name .. " result " .. i) end
        end
      end
      same("w:sweep_convex",
           function(r) return w:sweep_convex(crate, r, V(3, 5, 0), V(0, -5, 0)) end)
      same("sweep_convex_aabb", function(r)
        return collide.sweep_convex_aabb(crate, r, V(3, 5, 0), V(0, -5, 0), V(0, 0, 0), V(1, 1, 1))
      end)
      same("w:move_convex", function(r)
        local p = w:move_convex(crate, r, V(3, 5, 0), V(0, -5, 0))
        return p.x, p.y, p.z
      end)
      reads = 0
      local id2 = w:add_convex(crate, V(9, 0, 0), hostile)
      assert.is_true(w:update(id2, crate, V(9, 1, 0), hostile))
      assert.is_true(w:set_spin(id, hostile))
      assert.truthy(reads <= 40)
    end)

    it("save and load keep convex shapes and their spins", function()
      local w = collide.world()
      local id = w:add_convex(crate, V(1, 0, 0), quat({ 0, 0, 1 }, 0.3), { tag = "c" })
      w:set_spin(id, 0.2)
      local w2 = collide.load(w:save())
      near(w2:spin(id), 0.2, 0, "the spin kept")
      local kind, A, pos, rot = w2:get(id)
      assert.equal("convex", kind)
      near_v(pos, { 1, 0, 0 }, 0, "position")
      assert.same({ tag = "c" }, w2:data(id))
      assert.truthy(A)
      local r1 = pack(w:sweep_sphere(0.1, V(1, 3, 0), V(1, 3, 0)))
      local r2 = pack(w2:sweep_sphere(0.1, V(1, 3, 0), V(1, 3, 0)))
      assert.equal(r1[1], r2[1])
      local a1 = pack(w:raycast(V(-5, 0.2, 0), V(5, 0.2, 0)))
      local a2 = pack(w2:raycast(V(-5, 0.2, 0), V(5, 0.2, 0)))
      assert.equal(a1[2], a2[2])
      assert.truthy(rot)
    end)

    it("a convex sensor reports begin and end", function()
      local w = collide.world()
      local s = w:add_convex(crate, V(0, 0, 0), pi / 4)
      w:set_sensor(s, true)
      local bullet = w:add_sphere(V(-5, 0, 0), 0.1)
      w:set_velocity(bullet, V(10, 0, 0))
      w:advance()
      local ev = w:sensor_events()
      assert.equal(2, #ev)
      assert.equal("begin", ev[1].event); assert.equal("end", ev[2].event)
      assert.equal(s, ev[1].sensor); assert.equal(bullet, ev[1].id)
      near(ev[1].u, (5 - 0.1 - SQ2) / 10, 1e-9, "begin u")
      near(ev[2].u, (5 + 0.1 + SQ2) / 10, 1e-9, "end u")
      assert.is_false(w:raycast(V(-5, 0.05, 0), V(3, 0.05, 0)))
    end)
  end)

  describe("prototyping", function()
    it("collide.help knows every name of the section", function()
      for _, name in ipairs({ "convex", "convex_box", "sweep_convex_sphere",
                              "sweep_convex_plane", "sweep_convex_triangle",
                              "sweep_convex_polygon", "sweep_convex_segment",
                              "sweep_convex_aabb", "sweep_convex_capsule", "sweep_convex_convex",
                              "sweep_convex_turning", "add_convex", "set_spin", "sweep_convex",
                              "move_convex", "move_shape", "advance", "update", "get" }) do
        local h = collide.help(name)
        assert.equal("string", type(h))
        assert.truthy(h:find(name, 1, true), name .. ": " .. h)
      end
      local bare = collide.help()
      for _, name in ipairs({ "convex", "sweep_convex_turning", "add_convex", "set_spin",
                             "move_convex" }) do
        assert.truthy(bare:find(name, 1, true), name .. " in collide.help()")
      end
    end)
  end)
end)
