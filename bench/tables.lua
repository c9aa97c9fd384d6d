--- bench/tables.lua: the same queries in plain Lua over a table vector
-- class, the way most Lua game code is written (hump.vector, brinevector,
-- cpml and friends): vectors are tables with x, y, z and a metatable, every
-- operation returns a new table. Same algorithms as bench/scalar.lua (see
-- its sources); the bench checks every case against collide.
local sqrt = math.sqrt

local vec = {}
vec.__index = vec

local function new(x, y, z)
  return setmetatable({ x = x, y = y, z = z }, vec)
end
vec.new = new

function vec.__add(a, b) return new(a.x + b.x, a.y + b.y, a.z + b.z) end
function vec.__sub(a, b) return new(a.x - b.x, a.y - b.y, a.z - b.z) end
function vec.__mul(a, s) return new(a.x * s, a.y * s, a.z * s) end
function vec.__unm(a) return new(-a.x, -a.y, -a.z) end
function vec.dot(a, b) return a.x * b.x + a.y * b.y + a.z * b.z end
function vec.cross(a, b)
  return new(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
end
function vec.len(a) return sqrt(a:dot(a)) end

local M = { vec = vec }

-- Returns hit, u0, u1.
function M.sweep_sphere_sphere(ra, a0, a1, rb, b0, b1)
  local s = a0 - b0
  local v = (a1 - a0) - (b1 - b0)
  local R = ra + rb
  local a, b, c = v:dot(v), s:dot(v), s:dot(s) - R * R
  if c <= 0 then
    if a == 0 then return true, 0, 1 end
    local disc = b * b - a * c
    local q = b >= 0 and -(b + sqrt(disc)) or -(b - sqrt(disc))
    local r0, r1 = q ~= 0 and c / q or 0, q / a
    local t = r0 > r1 and r0 or r1
    return true, 0, t > 1 and 1 or t
  end
  if a == 0 or b >= 0 then return false end
  local disc = b * b - a * c
  if disc < 0 then return false end
  local q = -b + sqrt(disc)
  local u0, u1 = c / q, q / a
  if u0 > 1 then return false end
  return true, u0, u1 > 1 and 1 or u1
end

-- plane = { normal = vec (unit), d = number }. Returns hit, u, point, normal.
function M.sweep_sphere_plane(r, c0, c1, plane)
  local n = plane.normal
  local d0, d1 = n:dot(c0) + plane.d, n:dot(c1) + plane.d
  local side = d0 > 0 and 1 or (d0 < 0 and -1 or (d1 < 0 and -1 or 1))
  local u
  if math.abs(d0) <= r then
    u = 0
  else
    local s0, s1 = d0 * side, d1 * side
    if s1 > r then return false end
    u = (s0 - r) / (s0 - s1)
  end
  local c = c0 + (c1 - c0) * u
  return true, u, c - n * (n:dot(c) + plane.d), n * side
end

local function ball(c0, d, p, r)
  local m = c0 - p
  local c = m:dot(m) - r * r
  if c <= 0 then return 0 end
  local a, b = d:dot(d), m:dot(d)
  if a == 0 or b >= 0 then return nil end
  local disc = b * b - a * c
  if disc < 0 then return nil end
  local u = c / (-b + sqrt(disc))
  if u <= 1 then return u end
end

local function cylinder(c0, d, pa, pb, r)
  local e = pb - pa
  local ee = e:dot(e)
  local m = c0 - pa
  local tm, td = m:dot(e) / ee, d:dot(e) / ee
  local p, q = m - e * tm, d - e * td
  local c = p:dot(p) - r * r
  local u = 0
  if c > 0 then
    local a, b = q:dot(q), p:dot(q)
    if a == 0 or b >= 0 then return nil end
    local disc = b * b - a * c
    if disc < 0 then return nil end
    u = c / (-b + sqrt(disc))
    if u > 1 then return nil end
  end
  local t = tm + td * u
  if t < 0 or t > 1 then return nil end
  return u
end

local function capsule(c0, d, pa, pb, r)
  local u = cylinder(c0, d, pa, pb, r)
  local ua, ub = ball(c0, d, pa, r), ball(c0, d, pb, r)
  if ua and (not u or ua < u) then u = ua end
  if ub and (not u or ub < u) then u = ub end
  return u
end

local function segment_closest(p, pa, pb)
  local e = pb - pa
  local t = (p - pa):dot(e) / e:dot(e)
  if t < 0 then t = 0 elseif t > 1 then t = 1 end
  return pa + e * t
end

-- Is q on the inner side of the edge p -> u of a face with normal n?
local function inner(n, q, p, u)
  return n:cross(u - p):dot(q - p) >= 0
end

-- Returns hit, u, point, normal.
function M.sweep_sphere_triangle(r, c0, c1, a, b, c)
  local d = c1 - c0
  local n = (b - a):cross(c - a)
  n = n * (1 / n:len())
  local h0, hd = n:dot(c0 - a), n:dot(d)
  local side = h0 > 0 and 1 or (h0 < 0 and -1 or (hd > 0 and -1 or 1))
  local s0, sd, uf = h0 * side, hd * side, nil
  if s0 <= r then uf = 0 elseif sd < 0 and s0 - r <= -sd then
    uf = (s0 - r) / -sd
  end
  if uf then
    local q = c0 + d * uf - n * (h0 + hd * uf)
    if inner(n, q, a, b) and inner(n, q, b, c) and inner(n, q, c, a) then
      return true, uf, q, n * side
    end
  end
  local best
  local u = capsule(c0, d, a, b, r)
  if u then best = u end
  u = capsule(c0, d, b, c, r)
  if u and (not best or u < best) then best = u end
  u = capsule(c0, d, c, a, r)
  if u and (not best or u < best) then best = u end
  if not best then return false end
  local p = c0 + d * best
  local q = segment_closest(p, a, b)
  local t = segment_closest(p, b, c)
  if (p - t):len() < (p - q):len() then q = t end
  t = segment_closest(p, c, a)
  if (p - t):len() < (p - q):len() then q = t end
  local dist = (p - q):len()
  if dist > 0 then return true, best, q, (p - q) * (1 / dist) end
  return true, best, q, n * side
end

-- Clips [tmin, tmax] to the times p + d t lies in [lo, hi]; nil when empty.
local function slab(p, d, lo, hi, tmin, tmax)
  if d == 0 then
    if p < lo or p > hi then return nil end
    return tmin, tmax
  end
  local t1, t2 = (lo - p) / d, (hi - p) / d
  if t1 > t2 then t1, t2 = t2, t1 end
  if t1 > tmin then tmin = t1 end
  if t2 < tmax then tmax = t2 end
  if tmin > tmax then return nil end
  return tmin, tmax
end

local function sign_out(x, lo, hi)
  return x < lo and -1 or (x > hi and 1 or 0)
end

local function clamp(x, lo, hi)
  return x < lo and lo or (x > hi and hi or x)
end

-- Box by centre and half-extents. Returns hit, u, point, normal.
function M.sweep_sphere_aabb(r, c0, c1, center, e)
  local d = c1 - c0
  local lo, hi = center - e, center + e
  local tmin, tmax = slab(c0.x, d.x, lo.x - r, hi.x + r, 0, 1)
  if tmin then tmin, tmax = slab(c0.y, d.y, lo.y - r, hi.y + r, tmin, tmax) end
  if tmin then tmin = slab(c0.z, d.z, lo.z - r, hi.z + r, tmin, tmax) end
  if not tmin then return false end
  local p = c0 + d * tmin
  local s = new(sign_out(p.x, lo.x, hi.x), sign_out(p.y, lo.y, hi.y),
                sign_out(p.z, lo.z, hi.z))
  local u = tmin
  if s:dot(s) >= 2 then
    local v = new(center.x + e.x * s.x, center.y + e.y * s.y, center.z + e.z * s.z)
    u = nil
    if s.x ~= 0 and s.y ~= 0 then
      local w = capsule(c0, d, new(v.x, v.y, lo.z), new(v.x, v.y, hi.z), r)
      if w and (not u or w < u) then u = w end
    end
    if s.x ~= 0 and s.z ~= 0 then
      local w = capsule(c0, d, new(v.x, lo.y, v.z), new(v.x, hi.y, v.z), r)
      if w and (not u or w < u) then u = w end
    end
    if s.y ~= 0 and s.z ~= 0 then
      local w = capsule(c0, d, new(lo.x, v.y, v.z), new(hi.x, v.y, v.z), r)
      if w and (not u or w < u) then u = w end
    end
    if not u then return false end
  end
  p = c0 + d * u
  local q = new(clamp(p.x, lo.x, hi.x), clamp(p.y, lo.y, hi.y),
                clamp(p.z, lo.z, hi.z))
  local len = (p - q):len()
  if len > 0 then return true, u, q, (p - q) * (1 / len) end
  -- centre inside the box at the start: out along the least penetration
  local best, dir
  for _, f in ipairs({ { hi.x - p.x, new(1, 0, 0) }, { p.x - lo.x, new(-1, 0, 0) },
                       { hi.y - p.y, new(0, 1, 0) }, { p.y - lo.y, new(0, -1, 0) },
                       { hi.z - p.z, new(0, 0, 1) }, { p.z - lo.z, new(0, 0, -1) } }) do
    if not best or f[1] < best then best, dir = f[1], f[2] end
  end
  return true, u, p + dir * best, dir
end

-- Two-sided; the normal faces p0. Returns hit, u, point, normal.
function M.raycast_triangle(p0, p1, a, b, c)
  local d = p1 - p0
  local e1, e2 = b - a, c - a
  local pv = d:cross(e2)
  local det = e1:dot(pv)
  if det == 0 then return false end
  local inv = 1 / det
  local tv = p0 - a
  local u = tv:dot(pv) * inv
  if u < 0 or u > 1 then return false end
  local qv = tv:cross(e1)
  local v = d:dot(qv) * inv
  if v < 0 or u + v > 1 then return false end
  local t = e2:dot(qv) * inv
  if t < 0 or t > 1 then return false end
  local n = e1:cross(e2)
  n = n * (1 / n:len())
  if n:dot(d) > 0 then n = -n end
  return true, t, p0 + d * t, n
end

return M
