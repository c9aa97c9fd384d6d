-- spec/convex_user_spec.lua -- convex shapes as a game programmer uses them
-- in an afternoon, and as a hostile mod abuses them: a 3D room of turned
-- crates and wedges crossed by rays, sweeps and movers; a 2D top-down level
-- of turned polygons with a box player; the standalone convex sweeps and
-- ray on random cases; bad input.
--
-- The referee is written here and shares nothing with the core: shapes are
-- kept as their corners and face loops (known by construction: a box, a
-- wedge), turned by rotation code written here; the signed distance of a
-- sphere or capsule to a shape is measured against its faces (the nearest
-- point of a point outside a convex solid is on its boundary, so the least
-- distance to a face polygon is exact; inside, minus the least depth
-- below a face plane), a box's by separating axes; a sweep is judged by
-- dense sampling of that distance along the motion (never overlapping
-- before the reported u, touching at it, never passing through when it
-- reports a miss).

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, collectgarbage, error, ipairs, math = assert, collectgarbage, error, ipairs, math
local pairs, pcall, setmetatable, string = pairs, pcall, setmetatable, string
local tostring, type = tostring, type
local collide = require "collide"
local size = require "spec.support.size"
local V = collide.vec3

local abs, sqrt, max, min, sin, cos, pi = math.abs, math.sqrt, math.max,
                                          math.min, math.sin, math.cos, math.pi

local seed = 28028
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function rnd_in(a, b) return a + (b - a) * rnd() end

-- ---- vectors and rotations, written here --------------------------------

local function v(x, y, z) return { x, y, z or 0 } end
local function add(a, b) return { a[1] + b[1], a[2] + b[2], a[3] + b[3] } end
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function scale(a, s) return { a[1] * s, a[2] * s, a[3] * s } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function len(a) return sqrt(dot(a, a)) end
local function lerp(a, b, t) return add(a, scale(sub(b, a), t)) end
local function tov(a) return V(a[1], a[2], a[3]) end
local function fromv(p) return { p.x, p.y, p.z } end

-- A rotation as the library takes it (a number or a quaternion table), and
-- the same rotation applied to a point here: by angle about z, or by the
-- unit quaternion q: p' = p + 2w (q x p) + 2 q x (q x p).
local function rotate(rot, p)
  if type(rot) == "number" then
    local c, s = cos(rot), sin(rot)
    return { c * p[1] - s * p[2], s * p[1] + c * p[2], p[3] }
  end
  local n = sqrt(rot.w ^ 2 + rot.x ^ 2 + rot.y ^ 2 + rot.z ^ 2)
  local w, q = rot.w / n, { rot.x / n, rot.y / n, rot.z / n }
  local t = scale(cross(q, p), 2)
  return add(add(p, scale(t, w)), cross(q, t))
end
local function random_quat()
  local w, x, y, z = rnd_in(-1, 1), rnd_in(-1, 1), rnd_in(-1, 1), rnd_in(-1, 1)
  local n = sqrt(w * w + x * x + y * y + z * z)
  return { w = w / n, x = x / n, y = y / n, z = z / n }
end
local function random_rot(i)
  if i % 2 == 0 then return rnd_in(-pi, pi) end
  return random_quat()
end

-- ---- shapes of the referee: corners and face loops ----------------------

-- A box of half-extents (a, b, c): its corners and its six faces.
local function box_model(a, b, c)
  return {
    points = { v(-a, -b, -c), v(a, -b, -c), v(a, b, -c), v(-a, b, -c),
               v(-a, -b, c), v(a, -b, c), v(a, b, c), v(-a, b, c) },
    faces = { { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { 1, 2, 6, 5 }, { 2, 3, 7, 6 },
              { 3, 4, 8, 7 }, { 4, 1, 5, 8 } },
  }
end
-- A wedge: a box (length l, depth d, height h) cut along a diagonal, its
-- corners given in the order collide.convex keeps them.
local function wedge_model(l, d, h)
  return {
    points = { v(0, 0, 0), v(l, 0, 0), v(l, d, 0), v(0, d, 0), v(0, 0, h), v(0, d, h) },
    faces = { { 1, 2, 3, 4 }, { 1, 4, 6, 5 }, { 2, 3, 6, 5 }, { 1, 2, 5 }, { 4, 3, 6 } },
  }
end
-- A flat convex polygon in z = 0 (corners counter-clockwise): one face.
local function polygon_model(pts)
  local loop = {}
  for i = 1, #pts do loop[i] = i end
  return { points = pts, faces = { loop }, flat = true }
end

-- The model placed: corners turned by rot and moved to pos, face planes
-- (normals out, from the centroid) and edges.
local function place(model, pos, rot)
  local P, c = {}, { 0, 0, 0 }
  for i, p in ipairs(model.points) do
    P[i] = add(rotate(rot, p), pos)
    c = add(c, P[i])
  end
  c = scale(c, 1 / #P)
  local rad = 0
  for _, p in ipairs(P) do rad = max(rad, len(sub(p, c))) end
  local faces, edges = {}, {}
  for _, loop in ipairs(model.faces) do
    local n = { 0, 0, 0 }
    for k = 1, #loop do   -- Newell's normal
      local a, b = P[loop[k]], P[loop[k % #loop + 1]]
      n = add(n, cross(a, b))
      edges[#edges + 1] = { a, b }
    end
    n = scale(n, 1 / len(n))
    local pts = {}
    for k = 1, #loop do pts[k] = P[loop[k]] end
    if dot(n, sub(pts[1], c)) < 0 then n = scale(n, -1) end
    faces[#faces + 1] = { n = n, pts = pts }
  end
  return { P = P, faces = faces, edges = edges, flat = model.flat, c = c, rad = rad }
end

-- ---- distances -----------------------------------------------------------

local function point_segment(p, a, b)
  local ab = sub(b, a)
  local t = dot(sub(p, a), ab) / dot(ab, ab)
  t = max(0, min(1, t))
  return len(sub(p, add(a, scale(ab, t))))
end
-- Distance from p to a convex polygon in 3D (its corners, normal n).
local function point_face(p, f)
  local n, pts = f.n, f.pts
  local inside, sign = true, nil
  for k = 1, #pts do
    local a, b = pts[k], pts[k % #pts + 1]
    local s = dot(cross(sub(b, a), sub(p, a)), n)
    if sign == nil and s ~= 0 then sign = s > 0 end
    if s ~= 0 and (s > 0) ~= sign then inside = false break end
  end
  if inside then return abs(dot(sub(p, pts[1]), n)) end
  local d = math.huge
  for k = 1, #pts do d = min(d, point_segment(p, pts[k], pts[k % #pts + 1])) end
  return d
end
-- Signed distance from p to the placed shape (negative inside: minus the
-- least depth below a face plane; a flat shape has no inside).
local function point_dist(S, p)
  local depth = math.huge
  for _, f in ipairs(S.faces) do
    depth = min(depth, dot(f.n, sub(f.pts[1], p)))
  end
  if not S.flat and depth > 0 then return -depth end
  local d = math.huge
  for _, f in ipairs(S.faces) do d = min(d, point_face(p, f)) end
  return d
end
-- Signed distance from the segment a-b to the shape: the distance of a
-- point moving on a line to a convex set is convex in its parameter
-- (ternary search), and so is minus the depth inside. The search keeps
-- the minimum within its last bracket, (2/3)^50 < 1.6e-9 wide, so the
-- answer is above the least distance by at most |b - a| * 1e-9
-- (SEGMENT_ERR: the judge's err).
local SEGMENT_ERR = 1e-9
local function segment_dist(S, a, b)
  local function f(t) return point_dist(S, lerp(a, b, t)) end
  local lo, hi = 0, 1
  for _ = 1, 50 do
    local m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
    if f(m1) < f(m2) then hi = m2 else lo = m1 end
  end
  return min(f(0), f(1), f((lo + hi) / 2))
end
-- Separating axes of an axis-aligned box (centre c, half-extents e) and
-- the shape: the largest gap over the axes (negative: they overlap, by
-- that much at least along each axis). Axes: x, y, z, the shape's face
-- normals, the cross products of x, y, z with its edges.
local function box_sep(S, c, e)
  local axes = { v(1, 0, 0), v(0, 1, 0), v(0, 0, 1) }
  for _, f in ipairs(S.faces) do axes[#axes + 1] = f.n end
  for _, ed in ipairs(S.edges) do
    local d = sub(ed[2], ed[1])
    for k = 1, 3 do
      local ax = cross(axes[k], d)
      local l = len(ax)
      if l > 1e-9 * len(d) then axes[#axes + 1] = scale(ax, 1 / l) end
    end
  end
  -- a rectangle and a polygon in z = 0 (2D) are apart only within the
  -- plane: an axis out of it would always see them touching
  local planar = S.flat and e[3] == 0 and c[3] == 0 and S.P[1][3] == 0
  local best = -math.huge
  for _, n in ipairs(axes) do
    if not (planar and n[3] ~= 0) then
      local lo, hi = math.huge, -math.huge
      for _, p in ipairs(S.P) do
        local s = dot(n, p)
        lo, hi = min(lo, s), max(hi, s)
      end
      local r = e[1] * abs(n[1]) + e[2] * abs(n[2]) + e[3] * abs(n[3])
      local m = dot(n, c)
      best = max(best, lo - (m + r), (m - r) - hi)
    end
  end
  return best
end

-- ---- the library's view of a model --------------------------------------

local function hull(model)
  local pts = {}
  for i, p in ipairs(model.points) do pts[i] = tov(p) end
  return collide.convex(pts)
end

-- ---- the sweep referee ---------------------------------------------------

-- sep(u): a signed separation along the motion. Judges a reported sweep
-- (hit, u) with tolerance tol (in sep's units): never overlapping deeper
-- than tol before u (not late, no tunnelling), touching at u (not early),
-- and on a miss never overlapping deeper than tol anywhere.
--
-- lip and err (optional) give the same verdict with fewer samples: lip
-- bounds how fast the separation can fall along the motion (every
-- separation here is a distance, a separating-axis gap or a bounding-ball
-- bound, each 1-Lipschitz in a translation, so lip = the length of the
-- motion), err how far above it sep's numeric search may stay (0 for the
-- closed forms; segment_dist's). After a sample where sep(t) = s, every
-- later t' has sep(t') >= min(0.5, s - err - lip (t' - t)) (the 0.5: a
-- shape counted by its bounding-ball bound, which switches to its
-- distance below 0.5), so the samples up to t + (s - err) / lip cannot be
-- below -tol, and are not taken: the first failing sample, hence the
-- verdict and its message, is the one every sample finds.
local SAMPLES = 200
local function judge(sep, hit, u, tol, lip, err)
  local stop = hit and u or 1
  local skip_to = -1
  for k = 0, SAMPLES do
    local t = stop * k / SAMPLES
    if t < stop - 1e-9 and t > skip_to then
      local s = sep(t)
      if s < -tol then
        return false, ("overlap %g at u = %.17g before the answer (%s, %s)")
                 :format(sep(t), t, tostring(hit), tostring(u))
      end
      if lip and s - (err or 0) >= 0 then
        skip_to = lip > 0 and t + (s - (err or 0)) / lip or math.huge
      end
    end
  end
  if hit then
    local s = sep(u)
    if s > tol then
      return false, ("apart by %g at the reported u = %.17g"):format(s, u)
    end
    if s < -tol and u > 0 then
      return false, ("inside by %g at the reported u = %.17g"):format(-s, u)
    end
  end
  return true
end

-- ---- 3D room ---------------------------------------------------------------

local function room(nbox, nwedge)
  local w = collide.world()
  local shapes = {}
  local function put(model, pos, rot)
    local id = w:add_convex(hull(model), tov(pos), rot)
    shapes[id] = place(model, pos, rot)
    return id
  end
  for i = 1, nbox do
    local m = box_model(rnd_in(0.3, 1.5), rnd_in(0.3, 1.5), rnd_in(0.3, 1.5))
    put(m, v(rnd_in(-8, 8), rnd_in(0, 4), rnd_in(-8, 8)), random_rot(i))
  end
  for i = 1, nwedge do
    local m = wedge_model(rnd_in(1, 3), rnd_in(0.5, 2), rnd_in(0.3, 1.5))
    put(m, v(rnd_in(-8, 8), rnd_in(0, 4), rnd_in(-8, 8)), random_rot(i + 1))
  end
  -- a thin turned plank: the one to tunnel through
  put(box_model(3, 2, 0.02), v(0, 2, 0), { w = cos(0.3), x = sin(0.3), y = 0, z = 0 })
  return w, shapes
end

-- The least separation from every shape; a shape whose bounding ball is
-- far (more than 0.5) is counted by that lower bound of its distance.
local function sphere_sep(shapes, c, r)
  local s = math.huge
  for _, S in pairs(shapes) do
    local lb = len(sub(c, S.c)) - S.rad - r
    s = min(s, lb > 0.5 and lb or point_dist(S, c) - r)
  end
  return s
end
local function capsule_sep(shapes, c, axis, r)
  local s = math.huge
  local a, b = sub(c, axis), add(c, axis)
  for _, S in pairs(shapes) do
    local lb = point_segment(S.c, a, b) - S.rad - r
    s = min(s, lb > 0.5 and lb or segment_dist(S, a, b) - r)
  end
  return s
end
local function box_sep_all(shapes, c, e)
  local s = math.huge
  for _, S in pairs(shapes) do
    local lb = len(sub(c, S.c)) - S.rad - len(e)
    s = min(s, lb > 0.5 and lb or box_sep(S, c, e))
  end
  return s
end

describe("a 3D room of turned crates and wedges", function()
  -- (sizes: one room (6 turned crates, 4 wedges, the thin plank) and 10
  -- queries of each kind at the quick size, make test: rays, the three
  -- sweeps and the three movers meet every kind of shape; 4 rooms and 100
  -- queries at the full size, make spec-full: other crowdings and turns,
  -- 40 times the quick size's work; 12 rooms of 300 were 360 times)
  local rooms = size.cases(1, 4)
  local queries = size.cases(10, 100)

  it("rays stop on the first face they reach, never inside", function()
    for _ = 1, rooms do
      local w, shapes = room(6, 4)
      for _ = 1, queries do
        local p0 = v(rnd_in(-10, 10), rnd_in(-1, 6), rnd_in(-10, 10))
        local p1 = v(rnd_in(-10, 10), rnd_in(-1, 6), rnd_in(-10, 10))
        local hit, u, point, normal, _, id = w:raycast(tov(p0), tov(p1))
        local function sep(t) return sphere_sep(shapes, lerp(p0, p1, t), 0) end
        if sep(0) > 1e-9 then
          local ok, why = judge(sep, hit, u, 1e-9 * 20, len(sub(p1, p0)), 0)
          assert(ok, why)
          if hit then
            local q = fromv(point)
            assert(abs(point_dist(shapes[id], q)) < 1e-9 * 20)
            assert(dot(fromv(normal), sub(p1, p0)) <= 1e-12)
          end
        end
      end
    end
  end)

  it("sphere, box and capsule sweeps are never late, never early, never tunnel", function()
    for _ = 1, rooms do
      local w, shapes = room(6, 4)
      for i = 1, queries do
        local c0 = v(rnd_in(-10, 10), rnd_in(-1, 6), rnd_in(-10, 10))
        local c1 = i % 3 == 0 and add(c0, v(rnd_in(-1, 1), rnd_in(-1, 1), rnd_in(-1, 1)))
                   or v(rnd_in(-10, 10), rnd_in(-1, 6), rnd_in(-10, 10))
        local tol = 2e-8
        local kind = i % 3
        local hit, u, point, normal, id, sep
        local err = 0
        if kind == 0 then
          local r = rnd_in(0.1, 0.6)
          hit, u, point, normal, _, id = w:sweep_sphere(r, tov(c0), tov(c1))
          sep = function(t) return sphere_sep(shapes, lerp(c0, c1, t), r) end
        elseif kind == 1 then
          local e = v(rnd_in(0.1, 0.6), rnd_in(0.1, 0.6), rnd_in(0.1, 0.6))
          hit, u, point, normal, _, id = w:sweep_aabb(tov(e), tov(c0), tov(c1))
          sep = function(t) return box_sep_all(shapes, lerp(c0, c1, t), e) end
        else
          local r, axis = rnd_in(0.1, 0.4), v(0, rnd_in(0.1, 0.6), 0)
          hit, u, point, normal, _, id = w:sweep_capsule(r, tov(axis), tov(c0), tov(c1))
          sep = function(t) return capsule_sep(shapes, lerp(c0, c1, t), axis, r) end
          err = 2 * len(axis) * SEGMENT_ERR
        end
        if sep(0) > tol then
          local ok, why = judge(sep, hit, u, tol, len(sub(c1, c0)), err)
          assert(ok, ("kind %d: %s"):format(kind, tostring(why)))
          if hit then
            assert(shapes[id] ~= nil)
            -- the normal points from the shape toward the mover
            local at = lerp(c0, c1, u)
            assert(dot(fromv(normal), sub(at, fromv(point))) > -1e-9,
                   "normal away from the mover")
            assert(dot(fromv(normal), sub(c1, c0)) <= 1e-12)
          end
        end
      end
    end
  end)

  it("movers with up, step_height and snap never end inside a shape", function()
    local up = V(0, 1, 0)
    local touched = 0
    for _ = 1, rooms do
      local w, shapes = room(6, 4)
      w:add_aabb(V(0, -1, 0), V(12, 1, 12))   -- the floor
      local floor = place(box_model(12, 1, 12), v(0, -1, 0), 0)
      local all = { floor }
      for _, S in pairs(shapes) do all[#all + 1] = S end
      for kind = 0, 2 do
        for _, fps in ipairs { 30, 60, 144 } do
          local r, e, axis = 0.35, v(0.3, 0.45, 0.3), v(0, 0.4, 0)
          local pos = v(rnd_in(-6, 6), 7, rnd_in(-6, 6))
          local opts = { up = up, step_height = 0.3, snap = 0.3 }
          local speed = ({ 3, 12, 60 })[kind + 1]
          local dir = v(rnd_in(-1, 1), 0, rnd_in(-1, 1))
          dir = scale(dir, 1 / len(dir))
          for _ = 1, size.cases(40, 200) do
            local vel = add(scale(dir, speed), v(0, -9.8, 0))
            local to = add(pos, scale(vel, 1 / fps))
            local p, sep
            if kind == 0 then
              p = w:move_sphere(r, tov(pos), tov(to), opts)
              sep = sphere_sep(all, fromv(p), r)
            elseif kind == 1 then
              p = w:move_aabb(tov(e), tov(pos), tov(to), opts)
              sep = box_sep_all(all, fromv(p), e)
            else
              p = w:move_capsule(r, tov(axis), tov(pos), tov(to), opts)
              sep = capsule_sep(all, fromv(p), axis, r)
            end
            assert(sep > -1e-9, ("mover %d ends inside a shape by %g at %s (fps %d)")
                   :format(kind, -sep, tostring(p), fps))
            if sep < 1e-3 then touched = touched + 1 end
            pos = fromv(p)
            if abs(pos[1]) > 11 or abs(pos[3]) > 11 then
              dir = scale(dir, -1)
            elseif rnd() < 0.05 then
              dir = v(rnd_in(-1, 1), 0, rnd_in(-1, 1))
              dir = scale(dir, 1 / len(dir))
            end
          end
        end
      end
    end
    assert(touched > 50, "the movers hardly ever met a shape")
  end)

  it("a fast mover never passes through the thin turned plank", function()
    local plank = box_model(3, 2, 0.02)
    local rot = { w = cos(0.3), x = sin(0.3), y = 0, z = 0 }
    local S = place(plank, v(0, 2, 0), rot)
    local w = collide.world()
    w:add_convex(hull(plank), V(0, 2, 0), rot)
    local nz = rotate(rot, v(0, 0, 1))
    for i = 1, size.cases(100, 1000) do
      local speed = 10 ^ rnd_in(-1, 3)
      local from = add(v(0, 2, 0), add(scale(nz, 1), v(rnd_in(-1, 1), rnd_in(-1, 1), 0)))
      local to = add(from, scale(nz, -speed))
      local p
      if i % 3 == 0 then p = w:move_sphere(0.2, tov(from), tov(to))
      elseif i % 3 == 1 then p = w:move_aabb(V(0.2, 0.2, 0.2), tov(from), tov(to))
      else p = w:move_capsule(0.2, V(0, 0.2, 0), tov(from), tov(to)) end
      local side = dot(sub(fromv(p), v(0, 2, 0)), nz)
      assert(side > 0, ("through the plank at speed %g (kind %d)"):format(speed, i % 3))
      assert(point_dist(S, fromv(p)) > 0.2 - 1e-9 or i % 3 ~= 0)
    end
  end)
end)

-- ---- 2D top-down -----------------------------------------------------------

describe("a 2D top-down level of turned polygons", function()
  it("a box or circle player slides along them and never ends inside one", function()
    local touched = 0
    for level = 1, size.cases(2, 16) do
      local w = collide.world()
      local shapes = {}
      for i = 1, 12 do
        local n, pts, rad = 3 + i % 5, {}, rnd_in(0.5, 2)
        for k = 1, n do
          local a = 2 * pi * (k - 1) / n
          pts[k] = v(rad * cos(a), rad * sin(a), 0)
        end
        local m = polygon_model(pts)
        local pos, rot = v(rnd_in(-10, 10), rnd_in(-10, 10), 0), rnd_in(-pi, pi)
        w:add_convex(hull(m), tov(pos), rot)
        shapes[#shapes + 1] = place(m, pos, rot)
      end
      local e = v(0.4, 0.6, 0)
      local pos = v(0, 0, 0)
      while box_sep_all(shapes, pos, e) <= 0 or sphere_sep(shapes, pos, 0.5) <= 0 do
        pos = v(rnd_in(-12, 12), rnd_in(-12, 12), 0)
      end
      -- the player walks toward one polygon after another (into it, then
      -- along it), a few seconds each, at walking and dashing speeds
      for leg = 1, size.cases(12, 60) do
        local goal = shapes[leg % #shapes + 1].c
        local speed = ({ 2, 9, 40 })[leg % 3 + 1]
        for _ = 1, 120 do
          local d = sub(goal, pos)
          local l = len(d)
          if l < 1e-9 then break end
          local step = scale(d, min(l, speed / 60) / l)
          local to = add(pos, add(step, v(step[2] * 0.5, -step[1] * 0.5, 0)))
          local p, sep
          if level % 2 == 1 then
            p = w:move_aabb(tov(e), tov(pos), tov(to))
            sep = box_sep_all(shapes, fromv(p), e)
          else   -- a round player: a circle
            p = w:move_sphere(0.5, tov(pos), tov(to))
            sep = sphere_sep(shapes, fromv(p), 0.5)
          end
          assert(p.z == 0, "left the plane")
          assert(sep > -1e-9, ("player inside a polygon by %g at %s"):format(-sep, tostring(p)))
          if sep < 1e-3 then touched = touched + 1 end
          pos = fromv(p)
        end
      end
    end
    assert(touched > 100, "the player hardly ever met a polygon")
  end)
end)

-- ---- the standalone sweeps and ray -----------------------------------------

-- A random model: a box, a wedge, a flat polygon, a thin sliver, scaled.
local function random_model(i)
  local s = ({ 1, 1e-3, 1e3, 1 })[i % 4 + 1]
  local k = i % 5
  local m
  if k == 0 then m = box_model(rnd_in(0.2, 2) * s, rnd_in(0.2, 2) * s, rnd_in(0.2, 2) * s)
  elseif k == 1 then m = wedge_model(rnd_in(0.5, 3) * s, rnd_in(0.5, 2) * s, rnd_in(0.3, 2) * s)
  elseif k == 2 then m = box_model(rnd_in(0.5, 2) * s, 1e-4 * s, rnd_in(0.5, 2) * s)  -- sliver
  else
    local n, pts = 3 + i % 6, {}
    for j = 1, n do
      local a = 2 * pi * (j - 1) / n
      pts[j] = v(s * cos(a), s * sin(a), 0)
    end
    m = polygon_model(pts)
  end
  return m, s
end

describe("the standalone convex sweeps against the referee", function()
  -- (sizes: 8 cases at the quick size, make test: each of the four
  -- queries twice (i % 4 picks the query and its scale, 1, 1e-3, 1e3)
  -- and every kind of model (i % 5: box, wedge, sliver, polygons); 600 at
  -- the full size, make spec-full: every query on every kind of model
  -- (i % 20 meets each pair) 30 times over; it had 3,000, estimated at
  -- half an hour of Lua 5.1's time before the judge skipped its samples)
  local cases = size.cases(8, 600)

  it("sweep_convex_sphere, _aabb and _capsule, and raycast_convex", function()
    for i = 1, cases do
      local m, s = random_model(i)
      local A = hull(m)
      local rot = m.flat and rnd_in(-pi, pi) or random_rot(i)
      local R = 4 * s
      local c0 = v(rnd_in(-R, R), rnd_in(-R, R), m.flat and 0 or rnd_in(-R, R))
      local c1 = v(rnd_in(-R, R), rnd_in(-R, R), m.flat and 0 or rnd_in(-R, R))
      local center = v(rnd_in(-s, s), rnd_in(-s, s), m.flat and 0 or rnd_in(-s, s))
      local tol = 1e-9 * (R + len(sub(c1, c0)))
      local function at(t) return place(m, lerp(c0, c1, t), rot) end
      local kind = i % 4
      local hit, u, sep
      local err = 0
      if kind == 0 then
        local r = rnd_in(0.1, 1) * s
        hit, u = collide.sweep_convex_sphere(A, rot, tov(c0), tov(c1), tov(center), r)
        sep = function(t) return point_dist(at(t), center) - r end
      elseif kind == 1 then
        local e = v(rnd_in(0.1, 1) * s, rnd_in(0.1, 1) * s, m.flat and 0 or rnd_in(0.1, 1) * s)
        hit, u = collide.sweep_convex_aabb(A, rot, tov(c0), tov(c1), tov(center), tov(e))
        sep = function(t) return box_sep(at(t), center, e) end
        if m.flat then tol = tol * 10 end
      elseif kind == 2 then
        local r = rnd_in(0.1, 1) * s
        local b = add(center, v(rnd_in(-s, s), rnd_in(-s, s), m.flat and 0 or rnd_in(-s, s)))
        hit, u = collide.sweep_convex_capsule(A, rot, tov(c0), tov(c1), tov(center), tov(b), r)
        sep = function(t) return segment_dist(at(t), center, b) - r end
        err = len(sub(b, center)) * SEGMENT_ERR
      else
        local S = place(m, center, rot)
        hit, u = collide.raycast_convex(A, rot, tov(center), tov(c0), tov(c1))
        sep = function(t) return point_dist(S, lerp(c0, c1, t)) end
        if m.flat then sep = nil end   -- a ray in a flat shape's plane: see its spec
      end
      if sep and sep(0) > tol then
        local ok, why = judge(sep, hit, u, tol, len(sub(c1, c0)), err)
        assert(ok, ("case %d kind %d scale %g: %s"):format(i, kind, s, tostring(why)))
      end
    end
  end)

  it("at u = 0 the normal is the shortest separating translation (3D)", function()
    for i = 1, size.cases(80, 2000) do
      local a, b, c = rnd_in(0.5, 2), rnd_in(0.5, 2), rnd_in(0.5, 2)
      local A = collide.convex_box(V(a, b, c))
      local rot = random_rot(i)
      local p = v(rnd_in(-3, 3), rnd_in(-3, 3), rnd_in(-3, 3))
      local r = rnd_in(0.2, 1.5)
      local S = place(box_model(a, b, c), v(0, 0, 0), rot)
      local d = point_dist(S, p)
      if d < r - 1e-6 and d > 1e-6 then
        -- outside, overlapping: the shortest translation moves the box
        -- away from the ball's centre along the line to its nearest point
        local hit, u, _, n = collide.sweep_convex_sphere(A, rot, V(0, 0, 0), V(1, 0, 0), tov(p), r)
        assert(hit and u == 0)
        -- moving A by (r - d) along n separates it exactly
        local q = sub(p, scale(fromv(n), r - d))
        assert(abs(point_dist(S, q) - r) < 1e-9, "normal is not the shortest translation")
      end
    end
  end)
end)

-- ---- hostile input -----------------------------------------------------------

local function errmsg(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "no error")
  return tostring(err)
end

describe("a hostile mod", function()
  local box = collide.convex_box(V(1, 1, 1))

  it("bad points are argument errors naming points", function()
    local nan, inf = 0 / 0, math.huge
    for _, bad in ipairs {
      { { 0, 0 }, { 1, 0 }, { nan, 1 } },
      { { 0, 0 }, { 1, 0 }, { inf, 1 } },
      { { 0, 0 }, { 1, 0 }, { 1e300, 1 } },
      { { 0, 0 }, { 1, 0 } },
      { { 1, 1 }, { 1, 1 }, { 1, 1 }, { 1, 1 } },
      { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 3, 3 } },
      { { 0, 0 }, { 1, 0 }, "x" },
      {},
    } do
      assert.matches("bad argument #1 to 'convex'", errmsg(collide.convex, bad))
    end
    assert.matches("bad argument #1 to 'convex'", errmsg(collide.convex, nil))
    assert.matches("bad argument #1 to 'convex'", errmsg(collide.convex, 42))
  end)

  it("256 points are a hull, 257 an error; duplicates and coplanar points are fine", function()
    local pts = {}
    for i = 1, 256 do
      local a = 2 * pi * i / 256
      pts[i] = { cos(a), sin(a), 0 }
    end
    local A = collide.convex(pts)
    assert(A.flat and #A == 256)
    pts[257] = { 0, 0, 1 }
    assert.matches("more than 256 points", errmsg(collide.convex, pts))
    local dup = {}
    local corners = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }
    for i = 1, 200 do dup[i] = corners[i % 4 + 1] end
    assert(#collide.convex(dup) == 4)
    local plane = {}
    for i = 1, 50 do plane[i] = { rnd_in(-1, 1), rnd_in(-1, 1), 0.5 * rnd_in(-1, 1) * 0 + 3 } end
    assert(collide.convex(plane).flat)
  end)

  it("a hull of tiny coordinates still has faces, and is hit", function()
    -- Newell's normal of a face whose corners are about 1e-170 underflowed
    -- to zero: every sweep, overlap and mover went through such a shape
    for _, s in ipairs { 1e-150, 1e-170, 1e-200, 1e-300 } do
      local tiny = collide.convex_box(V(s, s, s))
      for _, plane in ipairs(tiny:faces()) do
        local n = plane.normal
        assert(abs(n.x * n.x + n.y * n.y + n.z * n.z - 1) < 1e-15)
      end
      assert(collide.sweep_convex_sphere(tiny, 0, V(0, 5, 0), V(0, -5, 0), V(0, 0, 0), 1))
      assert(collide.sweep_convex_capsule(tiny, 0, V(0, 5, 0), V(0, -5, 0), V(0, 0, 0),
                                          V(1, 0, 0), 1))
      local tet = collide.convex { { 0, 0, 0 }, { s, 0, 0 }, { 0, s, 0 }, { 0, 0, s } }
      assert(collide.sweep_convex_sphere(tet, 0, V(0, 5, 0), V(0, -5, 0), V(0, 0, 0), 1))
      local w = collide.world()
      w:add_convex(tiny, V(0, 0, 0), 0)
      assert(w:sweep_sphere(1, V(0, 5, 0), V(0, -5, 0)))
      assert(#w:overlap_sphere(V(0, 0.5, 0), 1) == 1)
      assert(w:move_sphere(1, V(0, 5, 0), V(0, -5, 0)).y > 0)
    end
  end)

  it("bad rotations are argument errors, non-unit quaternions refused", function()
    local c0, c1, p = V(-5, 0, 0), V(5, 0, 0), V(0, 0, 0)
    for _, rot in ipairs {
      0 / 0, math.huge, -math.huge,
      { w = 2, x = 0, y = 0, z = 0 },
      { w = 0, x = 0, y = 0, z = 0 },
      { w = 0 / 0, x = 0, y = 0, z = 0 },
      { w = 1, x = 0, y = 0 },
      { w = "1", x = 0, y = 0, z = 0 },
      "fast", true, print,
      -- the module's own objects, which raise on an unknown field
      V(0, 0, 1), collide.plane(V(0, 1, 0), 0), collide.polygon { V(0, 0), V(1, 0), V(0, 1) },
      box,
    } do
      local m = errmsg(collide.sweep_convex_sphere, box, rot, c0, c1, p, 1)
      assert.matches("bad argument #2 to 'sweep_convex_sphere'", m)
      local w = collide.world()
      m = errmsg(w.add_convex, w, box, p, rot)
      assert.matches("bad argument #3 to 'add_convex'", m)
      m = errmsg(collide.raycast_convex, box, rot, p, c0, c1)
      assert.matches("bad argument #2 to 'raycast_convex'", m)
    end
    -- a large angle is a turn like any other; beyond max_coord an error
    assert(collide.sweep_convex_sphere(box, 1e6, c0, c1, p, 1))
    assert.matches("bad argument #2 to 'sweep_convex_sphere'",
                   errmsg(collide.sweep_convex_sphere, box, 1e300, c0, c1, p, 1))
  end)

  it("a rotation whose __index changes the world is read once, safely", function()
    local w = collide.world()
    local ids = {}
    for i = 1, 20 do ids[i] = w:add_convex(box, V(i * 3, 0, 0), 0) end
    local evil = setmetatable({}, { __index = function(_, k)
      for i = 1, 20 do w:remove(ids[i]) end
      for i = 1, 50 do w:add_aabb(V(i, 0, 0), V(1, 1, 1)) end
      collectgarbage()
      return ({ w = 1, x = 0, y = 0, z = 0 })[k]
    end })
    local ok = pcall(w.add_convex, w, box, V(0, 0, 0), evil)
    assert(type(ok) == "boolean")
    ok = pcall(w.update, w, 1, box, V(0, 0, 0), evil)
    assert(type(ok) == "boolean")
    ok = pcall(w.move_convex or w.sweep_convex, w, box, evil, V(0, 0, 0), V(1, 0, 0))
    assert(type(ok) == "boolean")
    w:raycast(V(-10, 0, 0), V(100, 0, 0))
  end)

  it("a rotation whose __index runs queries itself answers, never hangs", function()
    -- on the FFI backend a query run from a rotation's __index made the
    -- call start again forever (its scratch generation counted up on
    -- every attempt); each field is read once, on both backends
    local calls = 0
    local nested = setmetatable({}, { __index = function(_, k)
      calls = calls + 1
      collide.sweep_convex_convex(box, { w = 0, x = 1, y = 0, z = 0 }, V(0, 5, 0), V(0, -5, 0),
                                  box, { w = 0, x = 0, y = 1, z = 0 }, V(0, 0, 0))
      return ({ w = cos(0.4), x = 0, y = 0, z = sin(0.4) })[k]
    end })
    local plain = { w = cos(0.4), x = 0, y = 0, z = sin(0.4) }
    local c0, c1, o = V(-5, 0, 0), V(5, 0, 0), V(0, 0, 0)
    local a = { collide.sweep_convex_convex(box, 0.8, c0, c1, box, nested, o) }
    local b = { collide.sweep_convex_convex(box, 0.8, c0, c1, box, plain, o) }
    assert(a[1] and a[2] == b[2] and a[4] == b[4] and calls == 4)
    calls = 0
    a = { collide.sweep_convex_sphere(box, nested, V(0, 5, 0), V(0, -5, 0), V(0, 0, 0), 1) }
    b = { collide.sweep_convex_sphere(box, plain, V(0, 5, 0), V(0, -5, 0), V(0, 0, 0), 1) }
    assert(a[1] and a[2] == b[2] and calls == 4)
    -- a field that changes once read
    local n = 0
    local fickle = setmetatable({}, { __index = function(_, k)
      n = n + 1
      if n > 4 then return "changed" end
      return ({ w = 1, x = 0, y = 0, z = 0 })[k]
    end })
    assert(collide.sweep_convex_sphere(box, fickle, V(0, 5, 0), V(0, -5, 0), V(0, 0, 0), 1))
  end)

  it("a world's convex sweep with a rotation whose __index runs queries answers once", function()
    -- on the FFI backend w:sweep_convex took its scratch generation before
    -- reading the rotation's fields, so a query run from __index made it
    -- start again for ever; each field is read once, on both backends
    local w = collide.world()
    w:add_triangle(V(-5, 0, -5), V(5, 0, -5), V(0, 0, 5))
    local calls = 0
    local nested = setmetatable({}, { __index = function(_, k)
      calls = calls + 1
      if calls > 100 then error("the rotation read again and again") end
      w:raycast(V(0, 5, 0), V(0, -5, 0))
      w:sweep_convex(box, 0.3, V(0, 5, 0), V(0, -5, 0))
      return ({ w = cos(0.4), x = 0, y = 0, z = sin(0.4) })[k]
    end })
    local plain = { w = cos(0.4), x = 0, y = 0, z = sin(0.4) }
    local a = { w:sweep_convex(box, nested, V(0, 2, 0), V(0, -2, 0)) }
    local b = { w:sweep_convex(box, plain, V(0, 2, 0), V(0, -2, 0)) }
    assert.are.equal(4, calls)
    assert(a[1] and a[2] == b[2] and a[4] == b[4] and a[6] == b[6])
    -- an angle after a quaternion at the same place: no quaternion left
    -- over from the call before (0.8 about z, as plain is)
    local c = { w:sweep_convex(box, 0.8, V(0, 2, 0), V(0, -2, 0)) }
    assert(c[1] and math.abs(c[2] - b[2]) < 1e-12)
    -- and the changes: add_convex, set_spin
    calls = 0
    local id = w:add_convex(box, V(20, 0, 0), nested)
    assert.are.equal(4, calls)
    assert.is_true(w:set_spin(id, nested))
    assert.are.equal(8, calls)
    local _, _, _, r = w:get(id)
    assert.are.equal(plain.w, r.w)
    assert.are.equal(plain.z, r.z)
  end)

  it("a world's convex sweeps and moves make nothing per call once warm", function()
    local w = collide.world()
    w:add_triangle(V(-50, 0, -50), V(50, 0, -50), V(0, 0, 50))
    local q = { w = cos(0.2), x = 0, y = sin(0.2), z = 0 }
    local p, n = V(), V()
    local tetra = collide.convex({ { 1, 0, 0 }, { -1, 0.5, 0 }, { 0, -1, 0.5 }, { 0, 0.5, -1 } })
    local from, to = {}, {}
    for i = 1, 17 do
      from[i], to[i] = V((i - 1) * 0.25, 3, 0), V((i - 1) * 0.25, -3, 0)
    end
    local e = V(0.5, 0.5, 0.5)
    local function count(frame)
      for i = 1, 1000 do frame(i) end   -- buffers made, traces compiled
      collectgarbage("collect")
      collectgarbage("stop")
      local before = collectgarbage("count")
      for i = 1, 10000 do frame(i) end
      local kb = collectgarbage("count") - before
      collectgarbage("restart")
      return kb
    end
    local kb = count(function(i)
      local k = i % 17 + 1
      w:sweep_convex(tetra, q, from[k], to[k], nil, p, n)
      w:sweep_convex(box, 0.5, from[k], to[k], nil, p, n)
    end)
    -- 20000 calls: anything made per call (a table, a cdata: 16 bytes or
    -- more) would be 312 KB or more (the FFI backend's w:sweep_convex
    -- made a rotation and a table each call: 6 MB). LuaJIT's count also
    -- holds what its compiler keeps for side traces, some tens of KB
    -- whatever the number of calls.
    assert.is_true(kb < 156, kb .. " KB")
    -- a move makes its contact list; its rotation adds nothing to that
    local moves = count(function(i)
      local k = i % 17 + 1
      w:move_aabb(e, from[k], to[k], nil, p, n)
    end)
    local convex_moves = count(function(i)
      local k = i % 17 + 1
      w:move_convex(box, q, from[k], to[k], nil, p, n)
    end)
    assert.is_true(convex_moves < moves + 156, convex_moves .. " KB, " .. moves .. " KB")
  end)

  it("a filter that updates or removes a convex shape mid-query", function()
    local w = collide.world()
    for i = 1, 10 do w:add_convex(box, V(i * 3, 0, 0), i * 0.1) end
    local function filter(id)
      w:update(id, collide.convex_box(V(2, 2, 2)), V(id * 3, 5, 0), { w = 1, x = 0, y = 0, z = 0 })
      if id % 2 == 0 then w:remove(id) end
      return true
    end
    pcall(w.raycast, w, V(0, 0, 0), V(40, 0, 0), filter)
    pcall(w.sweep_sphere, w, 0.5, V(0, 0, 0), V(40, 0, 0), filter)
    pcall(w.move_aabb, w, V(0.5, 0.5, 0.5), V(0, 0, 0), V(40, 0, 0), { filter = filter })
    pcall(w.overlap_sphere, w, V(9, 0, 0), 40, filter)
    assert(type(w:count()) == "number")
  end)

  it("convex objects where others are expected, and others where a convex is", function()
    local w = collide.world()
    assert.matches("bad argument #1 to 'add_convex'",
                   errmsg(w.add_convex, w, V(1, 1, 1), V(0, 0, 0), 0))
    assert.matches("bad argument #1 to 'add_convex'", errmsg(w.add_convex, w, {}, V(0, 0, 0), 0))
    assert.matches("bad argument #2 to 'add_convex'", errmsg(w.add_convex, w, box, box, 0))
    assert.matches("bad argument", errmsg(w.add_polygon, w, box))
    assert.matches("bad argument",
                   errmsg(collide.sweep_convex_polygon, box, 0, V(0, 0, 0), V(1, 0, 0), box))
    local tri = collide.polygon { V(0, 0), V(1, 0), V(0, 1) }
    assert.matches("bad argument #1 to 'sweep_convex_sphere'",
                   errmsg(collide.sweep_convex_sphere, tri, 0, V(0, 0, 0), V(1, 0, 0),
                          V(0, 0, 0), 1))
    assert.matches("bad argument", errmsg(w.move_sphere, w, box, V(0, 0, 0), V(1, 0, 0)))
  end)

  it("save and load keep convex shapes, their rotations and their answers", function()
    local w = collide.world()
    local wedge = hull(wedge_model(2, 1, 1))
    w:add_convex(wedge, V(1, 2, 3), { w = cos(0.2), x = 0, y = sin(0.2), z = 0 }, "ramp")
    w:add_convex(box, V(-4, 0, 0), 0.7, { tag = "crate" })
    w:add_convex(collide.convex { { 0, 0 }, { 2, 0 }, { 1, 1 } }, V(5, 5, 0), -1)
    local w2 = collide.load(w:save())
    for id = 1, 3 do
      local k1, A1, p1, r1 = w:get(id)
      local k2, A2, p2, r2 = w2:get(id)
      assert(k1 == "convex" and k2 == "convex" and p1 == p2 and #A1 == #A2)
      if type(r1) == "number" then assert(r1 == r2)
      else assert(r1.w == r2.w and r1.x == r2.x and r1.y == r2.y and r1.z == r2.z) end
    end
    for _ = 1, 200 do
      local p0 = V(rnd_in(-8, 8), rnd_in(-8, 8), rnd_in(-8, 8))
      local p1 = V(rnd_in(-8, 8), rnd_in(-8, 8), rnd_in(-8, 8))
      local a = { w:sweep_sphere(0.3, p0, p1) }
      local b = { w2:sweep_sphere(0.3, p0, p1) }
      assert(a[1] == b[1] and a[2] == b[2] and a[6] == b[6])
    end
    -- a corrupted save is an error, never a crash
    local s = w:save()
    for k = 1, #s, math.max(1, math.floor(#s / 200)) do
      pcall(collide.load, s:sub(1, k))
      pcall(collide.load, s:sub(1, k - 1) .. string.char((s:byte(k) + 1) % 256) .. s:sub(k + 1))
    end
  end)
end)


-- A circle, or a capsule whose core lies in a flat hull's plane, that
-- overlaps the hull from outside near a corner is pushed out along the
-- corner's direction, the shortest push (by r less the distance), not
-- across a side (longer). The world's queries already answered so; the
-- standalone kernels gave a side's normal.
describe("a flat hull's corner at u = 0", function()
  local sq = collide.convex({ { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } })
  local diag = V(-1, -1, 0) / math.sqrt(2)
  it("pushes a circle out along the corner's direction", function()
    local O, D = V(0, 0, 0), V(0.1, 0, 0)
    local hit, u, _, n = collide.sweep_convex_sphere(sq, 0, O, D, V(1.3, 1.3, 0), 0.5)
    assert.is_true(hit)
    assert.equal(0, u)
    assert.is_true((n - diag):length() < 1e-15)
    -- beside a side, that side's normal as before
    hit, u, _, n = collide.sweep_convex_sphere(sq, 0, O, D, V(1.3, 0.3, 0), 0.5)
    assert.is_true(hit and u == 0 and n == V(-1, 0, 0))
  end)
  it("pushes a capsule's core out along the corner's direction", function()
    local O, D = V(0, 0, 0), V(0.1, 0, 0)
    local a, b = V(1.3, 1.3, 0), V(2.3, 1.3, 0)
    for _, ends in ipairs({ { a, b }, { b, a } }) do
      local hit, u, _, n = collide.sweep_convex_capsule(sq, 0, O, D, ends[1], ends[2], 0.5)
      assert.is_true(hit)
      assert.equal(0, u)
      assert.is_true((n - diag):length() < 1e-15)
    end
    local hit, u, _, n = collide.sweep_convex_capsule(sq, 0, O, D, V(1.3, -3, 0), V(1.3, 3, 0), 0.5)
    assert.is_true(hit and u == 0 and n == V(-1, 0, 0))
  end)
end)
