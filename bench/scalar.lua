--- bench/scalar.lua: the queries in plain Lua with scalar arguments, the way
-- a careful user writes them without a vector type: every vector is three
-- numbers, results are multiple return values, nothing is allocated.
-- Correct (the bench checks every case against collide) but without
-- collide's argument validation.
--
-- Sources: sphere/sphere and sphere/plane as in Gomez, "Simple Intersection
-- Tests for Games" (1999) with the stable quadratic of RTR 3rd ed. eq. 16.65;
-- sphere/triangle as face + edge cylinders + vertex balls (Ericson,
-- "Real-Time Collision Detection" 5.5.6 idea, written out here); sphere/box
-- as segment against the box grown by r, then capsules in the edge and
-- corner regions (Ericson 5.5.7); the ray/triangle test of Moller and
-- Trumbore (1997).
local sqrt = math.sqrt

local M = {}

-- Returns hit, u0, u1.
function M.sweep_sphere_sphere(ra, ax0, ay0, az0, ax1, ay1, az1,
                               rb, bx0, by0, bz0, bx1, by1, bz1)
  local sx, sy, sz = ax0 - bx0, ay0 - by0, az0 - bz0
  local vx = (ax1 - ax0) - (bx1 - bx0)
  local vy = (ay1 - ay0) - (by1 - by0)
  local vz = (az1 - az0) - (bz1 - bz0)
  local R = ra + rb
  local a = vx * vx + vy * vy + vz * vz
  local b = sx * vx + sy * vy + sz * vz
  local c = sx * sx + sy * sy + sz * sz - R * R
  if c <= 0 then  -- touching at the start
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

-- Plane n.p + d = 0 with a unit normal. Returns hit, u, point, normal.
function M.sweep_sphere_plane(r, x0, y0, z0, x1, y1, z1, nx, ny, nz, d)
  local d0 = nx * x0 + ny * y0 + nz * z0 + d
  local d1 = nx * x1 + ny * y1 + nz * z1 + d
  local side = d0 > 0 and 1 or (d0 < 0 and -1 or (d1 < 0 and -1 or 1))
  local u
  if (d0 >= 0 and d0 or -d0) <= r then
    u = 0
  else
    local s0, s1 = d0 * side, d1 * side
    if s1 > r then return false end
    u = (s0 - r) / (s0 - s1)
  end
  local cx, cy, cz = x0 + (x1 - x0) * u, y0 + (y1 - y0) * u, z0 + (z1 - z0) * u
  local dc = nx * cx + ny * cy + nz * cz + d
  return true, u, cx - nx * dc, cy - ny * dc, cz - nz * dc,
         nx * side, ny * side, nz * side
end

-- The helpers below return 2 for "no contact in [0, 1]" rather than nil,
-- and always the same number of results: LuaJIT compiles such code into
-- far fewer traces (mixed nil/number results abort side traces with
-- "NYI: register coalescing too complex").

-- First u in [0, 1] at which c0 + d u is within r of p, or 2.
local function ball(cx, cy, cz, dx, dy, dz, px, py, pz, r)
  local mx, my, mz = cx - px, cy - py, cz - pz
  local c = mx * mx + my * my + mz * mz - r * r
  if c <= 0 then return 0 end
  local a = dx * dx + dy * dy + dz * dz
  local b = mx * dx + my * dy + mz * dz
  if a == 0 or b >= 0 then return 2 end
  local disc = b * b - a * c
  if disc < 0 then return 2 end
  return c / (-b + sqrt(disc))   -- > 1 when it comes after the step
end

-- First u in [0, 1] at which c0 + d u is within r of the segment a-b with
-- its projection between a and b (the side of the capsule), or 2.
local function cylinder(cx, cy, cz, dx, dy, dz, ax, ay, az, bx, by, bz, r)
  local ex, ey, ez = bx - ax, by - ay, bz - az
  local ee = ex * ex + ey * ey + ez * ez
  local mx, my, mz = cx - ax, cy - ay, cz - az
  local tm = (mx * ex + my * ey + mz * ez) / ee
  local td = (dx * ex + dy * ey + dz * ez) / ee
  local px, py, pz = mx - ex * tm, my - ey * tm, mz - ez * tm
  local qx, qy, qz = dx - ex * td, dy - ey * td, dz - ez * td
  local c = px * px + py * py + pz * pz - r * r
  local u = 0
  if c > 0 then
    local a = qx * qx + qy * qy + qz * qz
    local b = px * qx + py * qy + pz * qz
    if a == 0 or b >= 0 then return 2 end
    local disc = b * b - a * c
    if disc < 0 then return 2 end
    u = c / (-b + sqrt(disc))
    if u > 1 then return 2 end
  end
  local t = tm + td * u
  if t < 0 or t > 1 then return 2 end
  return u
end

-- First contact with the capsule a-b of radius r, or 2.
local function capsule(cx, cy, cz, dx, dy, dz, ax, ay, az, bx, by, bz, r)
  local u = cylinder(cx, cy, cz, dx, dy, dz, ax, ay, az, bx, by, bz, r)
  local ua = ball(cx, cy, cz, dx, dy, dz, ax, ay, az, r)
  local ub = ball(cx, cy, cz, dx, dy, dz, bx, by, bz, r)
  if ua < u then u = ua end
  if ub < u then u = ub end
  return u
end

-- Closest point of the segment a-b to p.
local function segment_closest(px, py, pz, ax, ay, az, bx, by, bz)
  local ex, ey, ez = bx - ax, by - ay, bz - az
  local t = ((px - ax) * ex + (py - ay) * ey + (pz - az) * ez) /
            (ex * ex + ey * ey + ez * ez)
  if t < 0 then t = 0 elseif t > 1 then t = 1 end
  return ax + ex * t, ay + ey * t, az + ez * t
end

-- Is q on the inner side of the edge p -> u, (n x (u - p)) . (q - p) >= 0?
local function inner(nx, ny, nz, qx, qy, qz, px, py, pz, ux, uy, uz)
  local ex, ey, ez = ux - px, uy - py, uz - pz
  return (ny * ez - nz * ey) * (qx - px) + (nz * ex - nx * ez) * (qy - py) +
         (nx * ey - ny * ex) * (qz - pz) >= 0
end

-- Returns hit, u, point, normal.
function M.sweep_sphere_triangle(r, x0, y0, z0, x1, y1, z1,
                                 ax, ay, az, bx, by, bz, cx, cy, cz)
  local dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
  local e1x, e1y, e1z = bx - ax, by - ay, bz - az
  local e2x, e2y, e2z = cx - ax, cy - ay, cz - az
  local nx, ny, nz = e1y * e2z - e1z * e2y, e1z * e2x - e1x * e2z,
                     e1x * e2y - e1y * e2x
  local len = sqrt(nx * nx + ny * ny + nz * nz)
  nx, ny, nz = nx / len, ny / len, nz / len
  local h0 = nx * (x0 - ax) + ny * (y0 - ay) + nz * (z0 - az)
  local hd = nx * dx + ny * dy + nz * dz
  local side = h0 > 0 and 1 or (h0 < 0 and -1 or (hd > 0 and -1 or 1))
  -- The face: the first moment the sphere reaches the plane, if the centre
  -- is then over the triangle's inside.
  local s0, sd, uf = h0 * side, hd * side, nil
  if s0 <= r then uf = 0 elseif sd < 0 and s0 - r <= -sd then
    uf = (s0 - r) / -sd
  end
  if uf then
    local h = h0 + hd * uf
    local qx = x0 + dx * uf - nx * h
    local qy = y0 + dy * uf - ny * h
    local qz = z0 + dz * uf - nz * h
    if inner(nx, ny, nz, qx, qy, qz, ax, ay, az, bx, by, bz) and
       inner(nx, ny, nz, qx, qy, qz, bx, by, bz, cx, cy, cz) and
       inner(nx, ny, nz, qx, qy, qz, cx, cy, cz, ax, ay, az) then
      return true, uf, qx, qy, qz, nx * side, ny * side, nz * side
    end
  end
  -- Otherwise the boundary: the earliest edge or vertex.
  local best = capsule(x0, y0, z0, dx, dy, dz, ax, ay, az, bx, by, bz, r)
  local u = capsule(x0, y0, z0, dx, dy, dz, bx, by, bz, cx, cy, cz, r)
  if u < best then best = u end
  u = capsule(x0, y0, z0, dx, dy, dz, cx, cy, cz, ax, ay, az, r)
  if u < best then best = u end
  if best > 1 then return false end
  local px, py, pz = x0 + dx * best, y0 + dy * best, z0 + dz * best
  local qx, qy, qz = segment_closest(px, py, pz, ax, ay, az, bx, by, bz)
  local dist = (px - qx) * (px - qx) + (py - qy) * (py - qy) +
               (pz - qz) * (pz - qz)
  local tx, ty, tz = segment_closest(px, py, pz, bx, by, bz, cx, cy, cz)
  local t = (px - tx) * (px - tx) + (py - ty) * (py - ty) + (pz - tz) * (pz - tz)
  if t < dist then qx, qy, qz, dist = tx, ty, tz, t end
  tx, ty, tz = segment_closest(px, py, pz, cx, cy, cz, ax, ay, az)
  t = (px - tx) * (px - tx) + (py - ty) * (py - ty) + (pz - tz) * (pz - tz)
  if t < dist then qx, qy, qz, dist = tx, ty, tz, t end
  dist = sqrt(dist)
  if dist > 0 then
    return true, best, qx, qy, qz, (px - qx) / dist, (py - qy) / dist,
           (pz - qz) / dist
  end
  return true, best, qx, qy, qz, nx * side, ny * side, nz * side
end

-- Clips [tmin, tmax] to the times p + d t lies in [lo, hi]; empty when
-- tmin > tmax comes back.
local function slab(p, d, lo, hi, tmin, tmax)
  if d == 0 then
    if p < lo or p > hi then return 1, 0 end
    return tmin, tmax
  end
  local t1, t2 = (lo - p) / d, (hi - p) / d
  if t1 > t2 then t1, t2 = t2, t1 end
  if t1 > tmin then tmin = t1 end
  if t2 < tmax then tmax = t2 end
  return tmin, tmax
end

-- Box by centre and half-extents. Returns hit, u, point, normal.
function M.sweep_sphere_aabb(r, x0, y0, z0, x1, y1, z1, cx, cy, cz, ex, ey, ez)
  local dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
  -- The segment against the box grown by r (slabs, Kay and Kajiya).
  local tmin, tmax = slab(x0, dx, cx - ex - r, cx + ex + r, 0, 1)
  tmin, tmax = slab(y0, dy, cy - ey - r, cy + ey + r, tmin, tmax)
  tmin, tmax = slab(z0, dz, cz - ez - r, cz + ez + r, tmin, tmax)
  if tmin > tmax then return false end
  -- Where the centre enters: outside the box on how many axes?
  local px, py, pz = x0 + dx * tmin, y0 + dy * tmin, z0 + dz * tmin
  local sx = px < cx - ex and -1 or (px > cx + ex and 1 or 0)
  local sy = py < cy - ey and -1 or (py > cy + ey and 1 or 0)
  local sz = pz < cz - ez and -1 or (pz > cz + ez and 1 or 0)
  local outside = sx * sx + sy * sy + sz * sz
  local u = tmin
  if outside >= 2 then
    -- An edge region (2) or a corner region (3): the rounded part there is
    -- the capsule of each box edge through the region.
    local vx, vy, vz = cx + ex * sx, cy + ey * sy, cz + ez * sz
    u = 2
    if sx ~= 0 and sy ~= 0 then   -- the edge along z
      local w = capsule(x0, y0, z0, dx, dy, dz, vx, vy, cz - ez, vx, vy,
                        cz + ez, r)
      if w < u then u = w end
    end
    if sx ~= 0 and sz ~= 0 then   -- along y
      local w = capsule(x0, y0, z0, dx, dy, dz, vx, cy - ey, vz, vx, cy + ey,
                        vz, r)
      if w < u then u = w end
    end
    if sy ~= 0 and sz ~= 0 then   -- along x
      local w = capsule(x0, y0, z0, dx, dy, dz, cx - ex, vy, vz, cx + ex, vy,
                        vz, r)
      if w < u then u = w end
    end
    if u > 1 then return false end
  end
  -- The contact: the box's point nearest the centre.
  px, py, pz = x0 + dx * u, y0 + dy * u, z0 + dz * u
  local qx = px < cx - ex and cx - ex or (px > cx + ex and cx + ex or px)
  local qy = py < cy - ey and cy - ey or (py > cy + ey and cy + ey or py)
  local qz = pz < cz - ez and cz - ez or (pz > cz + ez and cz + ez or pz)
  local nx, ny, nz = px - qx, py - qy, pz - qz
  local len = sqrt(nx * nx + ny * ny + nz * nz)
  if len > 0 then return true, u, qx, qy, qz, nx / len, ny / len, nz / len end
  -- centre inside the box at the start: out along the least penetration
  local gx, sgx = ex - (px - cx), 1
  if ex + (px - cx) < gx then gx, sgx = ex + (px - cx), -1 end
  local gy, sgy = ey - (py - cy), 1
  if ey + (py - cy) < gy then gy, sgy = ey + (py - cy), -1 end
  local gz, sgz = ez - (pz - cz), 1
  if ez + (pz - cz) < gz then gz, sgz = ez + (pz - cz), -1 end
  if gx <= gy and gx <= gz then return true, u, px + sgx * gx, py, pz, sgx, 0, 0 end
  if gy <= gz then return true, u, px, py + sgy * gy, pz, 0, sgy, 0 end
  return true, u, px, py, pz + sgz * gz, 0, 0, sgz
end

-- Two-sided; the normal faces p0. Returns hit, u, point, normal.
function M.raycast_triangle(x0, y0, z0, x1, y1, z1, ax, ay, az, bx, by, bz,
                            cx, cy, cz)
  local dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
  local e1x, e1y, e1z = bx - ax, by - ay, bz - az
  local e2x, e2y, e2z = cx - ax, cy - ay, cz - az
  local px, py, pz = dy * e2z - dz * e2y, dz * e2x - dx * e2z, dx * e2y - dy * e2x
  local det = e1x * px + e1y * py + e1z * pz
  if det == 0 then return false end   -- parallel to the plane
  local inv = 1 / det
  local tx, ty, tz = x0 - ax, y0 - ay, z0 - az
  local u = (tx * px + ty * py + tz * pz) * inv
  if u < 0 or u > 1 then return false end
  local qx, qy, qz = ty * e1z - tz * e1y, tz * e1x - tx * e1z, tx * e1y - ty * e1x
  local v = (dx * qx + dy * qy + dz * qz) * inv
  if v < 0 or u + v > 1 then return false end
  local t = (e2x * qx + e2y * qy + e2z * qz) * inv
  if t < 0 or t > 1 then return false end
  local nx, ny, nz = e1y * e2z - e1z * e2y, e1z * e2x - e1x * e2z,
                     e1x * e2y - e1y * e2x
  local len = sqrt(nx * nx + ny * ny + nz * nz)
  if nx * dx + ny * dy + nz * dz > 0 then len = -len end
  return true, t, x0 + dx * t, y0 + dy * t, z0 + dz * t, nx / len, ny / len,
         nz / len
end

-- Segment a-b (a capsule's core). Returns hit, u, point, normal.
function M.sweep_sphere_segment(r, x0, y0, z0, x1, y1, z1, ax, ay, az,
                                bx, by, bz)
  local dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
  local u = capsule(x0, y0, z0, dx, dy, dz, ax, ay, az, bx, by, bz, r)
  if u > 1 then return false end
  local px, py, pz = x0 + dx * u, y0 + dy * u, z0 + dz * u
  local qx, qy, qz = segment_closest(px, py, pz, ax, ay, az, bx, by, bz)
  local nx, ny, nz = px - qx, py - qy, pz - qz
  local len = sqrt(nx * nx + ny * ny + nz * nz)
  return true, u, qx, qy, qz, nx / len, ny / len, nz / len
end

-- One slab of the ray/box test: clips [lo, hi] to the times m + d t lies
-- in [-e, e]; the third result is 1 when this slab moved lo, else 0.
local function ray_slab(m, d, e, lo, hi)
  if d == 0 then
    if m < -e or m > e then return 2, hi, 0 end
    return lo, hi, 0
  end
  local t1, t2 = (-e - m) / d, (e - m) / d
  if t1 > t2 then t1, t2 = t2, t1 end
  local entered = 0
  if t1 > lo then lo, entered = t1, 1 end
  if t2 < hi then hi = t2 end
  return lo, hi, entered
end

-- Box by centre and half-extents. Returns hit, u, point, normal.
function M.raycast_aabb(x0, y0, z0, x1, y1, z1, cx, cy, cz, ex, ey, ez)
  local dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
  local mx, my, mz = x0 - cx, y0 - cy, z0 - cz
  local lo, hi, ix = ray_slab(mx, dx, ex, 0, 1)
  local iy, iz
  lo, hi, iy = ray_slab(my, dy, ey, lo, hi)
  if iy == 1 then ix = 0 end
  lo, hi, iz = ray_slab(mz, dz, ez, lo, hi)
  if iz == 1 then ix, iy = 0, 0 end
  if lo > hi then return false end
  if ix + iy + iz == 0 then
    -- starts inside: out through the face of least penetration
    local gx, gy, gz = ex - math.abs(mx), ey - math.abs(my), ez - math.abs(mz)
    if gx <= gy and gx <= gz then
      local s = mx > 0 and 1 or (mx < 0 and -1 or (dx < 0 and 1 or -1))
      return true, 0, cx + s * ex, y0, z0, s, 0, 0
    elseif gy <= gz then
      local s = my > 0 and 1 or (my < 0 and -1 or (dy < 0 and 1 or -1))
      return true, 0, x0, cy + s * ey, z0, 0, s, 0
    end
    local s = mz > 0 and 1 or (mz < 0 and -1 or (dz < 0 and 1 or -1))
    return true, 0, x0, y0, cz + s * ez, 0, 0, s
  end
  local px, py, pz = mx + dx * lo, my + dy * lo, mz + dz * lo
  local nx, ny, nz = 0, 0, 0
  if ix == 1 then
    nx = dx > 0 and -1 or 1
    px = nx * ex
  elseif iy == 1 then
    ny = dy > 0 and -1 or 1
    py = ny * ey
  else
    nz = dz > 0 and -1 or 1
    pz = nz * ez
  end
  if px < -ex then px = -ex elseif px > ex then px = ex end
  if py < -ey then py = -ey elseif py > ey then py = ey end
  if pz < -ez then pz = -ez elseif pz > ez then pz = ez end
  return true, lo, cx + px, cy + py, cz + pz, nx, ny, nz
end

-- (further queries: new blocks above this line)

-- ---- moving box (branch box) ------------------------------------------------

-- The box against a sphere: the sphere sweeping the box in relative motion
-- (M.sweep_sphere_aabb above), point moved along with the box, normal
-- reversed. Returns hit, u, point, normal.
function M.sweep_aabb_sphere(ex, ey, ez, x0, y0, z0, x1, y1, z1, cx, cy, cz, r)
  local dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
  local ok, u, px, py, pz, nx, ny, nz = M.sweep_sphere_aabb(r, cx, cy, cz,
    cx - dx, cy - dy, cz - dz, x0, y0, z0, ex, ey, ez)
  if not ok then return false end
  return true, u, px + dx * u, py + dy * u, pz + dz * u, -nx, -ny, -nz
end

-- The box against a two-sided plane n.p + d = 0: the box covers n.c +- R,
-- R = e.|n|. Returns hit, u, point, normal.
-- The running sum (sx, sy, sz) of np points, with the point where the box
-- edge from (ax, ay, az) to (bx, by, bz) crosses the plane n.p + d = 0
-- added when it does.
local function add_crossing(sx, sy, sz, np, nx, ny, nz, d, ax, ay, az, bx, by, bz)
  local ha = nx * ax + ny * ay + nz * az + d
  local hb = nx * bx + ny * by + nz * bz + d
  if (ha <= 0 and hb >= 0) or (ha >= 0 and hb <= 0) then
    local t = ha ~= hb and ha / (ha - hb) or 0.5
    return sx + ax + (bx - ax) * t, sy + ay + (by - ay) * t, sz + az + (bz - az) * t, np + 1
  end
  return sx, sy, sz, np
end

function M.sweep_aabb_plane(ex, ey, ez, x0, y0, z0, x1, y1, z1, nx, ny, nz, d)
  local dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
  local R = ex * math.abs(nx) + ey * math.abs(ny) + ez * math.abs(nz)
  local s0 = nx * x0 + ny * y0 + nz * z0 + d
  local sd = nx * dx + ny * dy + nz * dz
  local u, sg
  if s0 > R then
    if sd >= 0 then return false end
    u, sg = (s0 - R) / -sd, 1
  elseif s0 < -R then
    if sd <= 0 then return false end
    u, sg = (-s0 - R) / sd, -1
  else
    u, sg = 0, (R - s0 < R + s0) and 1 or ((R + s0 < R - s0) and -1 or (sd > 0 and -1 or 1))
  end
  if u > 1 then return false end
  local cx, cy, cz = x0 + dx * u, y0 + dy * u, z0 + dz * u
  local mx, my, mz = nx * sg, ny * sg, nz * sg
  local fx = cx - (mx > 0 and ex or (mx < 0 and -ex or 0))
  local fy = cy - (my > 0 and ey or (my < 0 and -ey or 0))
  local fz = cz - (mz > 0 and ez or (mz < 0 and -ez or 0))
  if u == 0 then
    -- overlapping at the start: a point of the plane inside the box (the
    -- contract), the centre's projection when that is inside, else the
    -- average of the points where the box's 12 edges cross the plane
    fx, fy, fz = x0 - nx * s0, y0 - ny * s0, z0 - nz * s0
    if math.abs(fx - x0) > ex or math.abs(fy - y0) > ey or math.abs(fz - z0) > ez then
      local lx, ly, lz, hx, hy, hz = x0 - ex, y0 - ey, z0 - ez, x0 + ex, y0 + ey, z0 + ez
      local sx, sy, sz, np = 0, 0, 0, 0
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, lx, ly, lz, hx, ly, lz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, lx, ly, hz, hx, ly, hz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, lx, hy, lz, hx, hy, lz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, lx, hy, hz, hx, hy, hz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, lx, ly, lz, lx, hy, lz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, hx, ly, lz, hx, hy, lz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, lx, ly, hz, lx, hy, hz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, hx, ly, hz, hx, hy, hz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, lx, ly, lz, lx, ly, hz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, lx, hy, lz, lx, hy, hz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, hx, ly, lz, hx, ly, hz)
      sx, sy, sz, np = add_crossing(sx, sy, sz, np, nx, ny, nz, d, hx, hy, lz, hx, hy, hz)
      fx, fy, fz = sx / np, sy / np, sz / np
    end
  end
  local h = nx * fx + ny * fy + nz * fz + d
  return true, u, fx - nx * h, fy - ny * h, fz - nz * h, mx, my, mz
end
-- (sweep_aabb_triangle, _polygon and _segment have no scalar port yet:
-- their rows show only collide, the floors and raw C.)
-- ---- end moving box ----

return M
