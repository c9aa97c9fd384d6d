--- The scripted run behind `make love-smoke`: thousands of fast bullets
-- from a fixed seed, and an independent check that none of them passed
-- through anything the game did not report.
--
-- The check does not call collide. For every bullet and every frame it
-- takes the motion the game tested and, for every shape, samples the
-- distance from the bullet's centre to the shape densely over the part of
-- the frame before the bullet stopped (every half pixel of relative motion),
-- then refines the smallest sample. A bullet "tunneled" when at some moment
-- before the game's reported time of impact (or in the whole frame, when
-- nothing was reported) its centre came closer to some shape than its
-- radius minus TOL: it was inside that shape and the game let it through.
--
-- The refinement is exact in principle: the distance from a point moving
-- linearly to a fixed convex set is a convex function of time (a convex
-- function -- the distance to a convex set -- composed with an affine map),
-- and the moving shapes here only translate, linearly over a frame, so in
-- the shape's frame the same holds. The minimum over [0, T] therefore lies
-- within one sample step of the best sample, and a ternary search there
-- finds it; grazes shallower than the sample spacing are not missed.
--
-- Every contact the game reports in swept mode is checked too: at the
-- reported u the bullet's centre must be at distance r from the shape, the
-- point must be on the shape at distance r from the centre, and the normal
-- must be the unit vector from the point toward the centre.
--
-- As a control, the run ends with some frames in overlap mode, where the
-- checker must find tunnelling (else the check could not fail).

local Smoke = {}
Smoke.__index = Smoke

local sqrt, abs, min, max, huge, ceil =
  math.sqrt, math.abs, math.min, math.max, math.huge, math.ceil

local TOL = 1e-6      -- pixels of penetration we call "inside"
local REPORT_TOL = 1e-6
local STEP = 0.5      -- sample spacing along the relative motion, pixels

---------------------------------------------------------------- distances
-- Plain 2D distances from a point to each kind of shape; written here
-- without collide so the check is independent of the code it checks.

local function segment_distance(px, py, ax, ay, bx, by)
  local dx, dy = bx - ax, by - ay
  local l2 = dx * dx + dy * dy
  local t = 0
  if l2 > 0 then
    t = ((px - ax) * dx + (py - ay) * dy) / l2
    if t < 0 then t = 0 elseif t > 1 then t = 1 end
  end
  local qx, qy = ax + dx * t - px, ay + dy * t - py
  return sqrt(qx * qx + qy * qy)
end

-- Convex polygon of either winding, as a flat {x1, y1, x2, y2, ...}:
-- zero inside (the point is on one side of every edge), else the distance
-- to the nearest edge.
local function polygon_distance(px, py, pts)
  local n = #pts
  local pos, neg = false, false
  local best = huge
  for i = 1, n, 2 do
    local j = i + 2
    if j > n then j = 1 end
    local ax, ay, bx, by = pts[i], pts[i + 1], pts[j], pts[j + 1]
    local c = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    if c > 0 then pos = true elseif c < 0 then neg = true end
    best = min(best, segment_distance(px, py, ax, ay, bx, by))
  end
  if not (pos and neg) then
    return 0
  end
  return best
end

local function box_distance(px, py, cx, cy, ex, ey)
  local dx = max(abs(px - cx) - ex, 0)
  local dy = max(abs(py - cy) - ey, 0)
  return sqrt(dx * dx + dy * dy)
end

-- Distance from (px, py) to shape s at time t of the frame (moving shapes
-- translate linearly from (x0, y0) to (x1, y1)).
local function distance(s, px, py, t)
  local k = s.kind
  if k == "segment" then
    return segment_distance(px, py, s.ax, s.ay, s.bx, s.by)
  elseif k == "polygon" then
    return polygon_distance(px, py, s.pts)
  end
  local cx, cy = s.x0 + (s.x1 - s.x0) * t, s.y0 + (s.y1 - s.y0) * t
  if k == "box" then
    return box_distance(px, py, cx, cy, s.ex, s.ey)
  end
  local dx, dy = px - cx, py - cy
  return max(sqrt(dx * dx + dy * dy) - s.r, 0)
end

-- The distance to s at time t of a bullet moving from (x0, y0) to (x1, y1).
local function distance_at(s, x0, y0, x1, y1, t)
  return distance(s, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, t)
end

-- Smallest distance to s over the times [0, T] of the motion, and when:
-- dense samples, then a ternary search around the best one (see the top).
local function min_distance(s, x0, y0, x1, y1, T, rel_len)
  local n = max(1, ceil(T * rel_len / STEP))
  local bt, bd = 0, huge
  for i = 0, n do
    local t = T * i / n
    local d = distance_at(s, x0, y0, x1, y1, t)
    if d < bd then
      bt, bd = t, d
    end
  end
  local lo, hi = max(0, bt - T / n), min(T, bt + T / n)
  for _ = 1, 60 do
    local m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
    if distance_at(s, x0, y0, x1, y1, m1) <= distance_at(s, x0, y0, x1, y1, m2) then
      hi = m2
    else
      lo = m1
    end
  end
  local t = 0.5 * (lo + hi)
  local d = distance_at(s, x0, y0, x1, y1, t)
  if d < bd then
    bt, bd = t, d
  end
  return bd, bt
end

---------------------------------------------------------------- the checker

--- A checker for scene; counts go into its fields.
function Smoke.checker(scene)
  return setmetatable({
    scene = scene,
    motions = 0,     -- bullet motions checked
    near = 0,        -- (motion, shape) pairs that needed the dense check
    samples = 0,
    hits = 0,        -- contacts the game reported
    tunneled = 0,    -- motions that passed through something unreported
    bad = 0,         -- reported contacts that are wrong
    bad_kinds = {},  -- how many of each kind of wrong
    failures = {},   -- the first few problems, as text
  }, Smoke)
end

function Smoke:fail(kind, text)
  if #self.failures < 12 then
    self.failures[#self.failures + 1] = kind .. ": " .. text
  end
end

--- The scene's on_motion hook: checks one bullet's motion over a frame.
-- swept tells whether the game ran sweeps (then reports are checked too).
function Smoke:check(swept, b, x0, y0, x1, y1, hit, u, px, py, nx, ny, pz, nz)
  self.motions = self.motions + 1
  local r = b.r
  local T = hit and u or 1
  local mx, my = x1 - x0, y1 - y0
  local tunneled = false
  for _, s in ipairs(self.scene.shapes) do
    -- The motion relative to the shape; the distance changes by at most
    -- its length, so a shape farther than that (plus r) at mid-frame is
    -- out of reach for the whole frame.
    local rx, ry = mx, my
    if s.x0 then
      rx, ry = mx - (s.x1 - s.x0), my - (s.y1 - s.y0)
    end
    local rel_len = sqrt(rx * rx + ry * ry)
    -- In overlap mode the shape found at the end of the frame is found
    -- late by design (that is the naive test); going through any other
    -- shape is the tunnelling we look for.
    if (swept or s ~= hit)
        and distance_at(s, x0, y0, x1, y1, 0.5) - 0.5 * rel_len <= r + 1 then
      self.near = self.near + 1
      self.samples = self.samples + ceil(T * rel_len / STEP) + 1
      local d, t = min_distance(s, x0, y0, x1, y1, T, rel_len)
      if d < r - TOL and not tunneled then
        tunneled = true
        self:fail("tunnel", string.format(
          "bullet %d r=%.3g from (%.17g, %.17g) to (%.17g, %.17g): inside a %s by %.3g px"
          .. " at u=%.17g, reported %s", b.id, r, x0, y0, x1, y1, s.kind, r - d, t,
          hit and string.format("%s at u=%.17g", hit.kind, u) or "nothing"))
      end
    end
  end
  if tunneled then
    self.tunneled = self.tunneled + 1
  end
  if hit then
    self.hits = self.hits + 1
    if swept then
      self:check_report(b, x0, y0, x1, y1, hit, u, px, py, nx, ny, pz, nz)
    end
  end
end

function Smoke:check_report(b, x0, y0, x1, y1, s, u, px, py, nx, ny, pz, nz)
  local r = b.r
  local gx, gy = x0 + (x1 - x0) * u, y0 + (y1 - y0) * u  -- the ghost
  local d = distance(s, gx, gy, u)
  local problem, detail = nil, ""
  if u < 0 or u > 1 then
    problem = "u outside [0, 1]"
  elseif u > 0 and abs(d - r) > REPORT_TOL then
    problem, detail = "centre not at distance r", string.format(" (%.12g)", d)
  elseif u == 0 and d > r + REPORT_TOL then
    problem, detail = "u = 0 but not touching", string.format(" (%.12g away)", d)
  elseif abs(nx * nx + ny * ny + nz * nz - 1) > 1e-9 then
    problem = "normal not unit"
  elseif abs(pz) > REPORT_TOL or abs(nz) > 1e-9 then
    -- Everything moves in the z = 0 plane, so a contact there has its
    -- point and normal in that plane too; a 2D game could not use a
    -- normal of (0, 0, +-1) to reflect or slide.
    problem, detail = "point or normal leaves the z = 0 plane",
      string.format(" (z = %.3g, %.3g)", pz, nz)
  elseif distance(s, px, py, u) > REPORT_TOL then
    problem = "point not on the shape"
  elseif r > 0 and u > 0 then
    local qx, qy = gx - px, gy - py
    local q = sqrt(qx * qx + qy * qy)
    if abs(q - r) > REPORT_TOL then
      problem, detail = "point not at distance r from the centre", string.format(" (%.12g)", q)
    elseif (qx * nx + qy * ny) / q < 1 - 1e-6 then
      problem = "normal not from the point toward the centre"
    end
  end
  if problem then
    self.bad = self.bad + 1
    local key = string.format("%s%s: %s", r == 0 and "zero-radius bullet vs " or "", s.kind,
      problem)
    self.bad_kinds[key] = (self.bad_kinds[key] or 0) + 1
    self:fail("bad report", string.format(
      "bullet %d r=%.3g from (%.17g, %.17g) to (%.17g, %.17g) vs %s: u=%.17g point=(%.17g, %.17g)"
      .. " normal=(%.17g, %.17g, %.17g): %s%s", b.id, r, x0, y0, x1, y1, s.kind, u, px, py,
      nx, ny, nz, problem, detail))
  end
end

---------------------------------------------------------------- the script

-- Park-Miller "minimal standard" generator (Park & Miller, CACM 1988):
-- exact in doubles on every Lua, so the run is the same everywhere.
local function rng(seed)
  local state = seed % 2147483646 + 1
  return function()
    state = (state * 16807) % 2147483647
    return state / 2147483647
  end
end

--- The script: spawns bullets before each frame. Emitters sit where no
-- shape can reach them; the player's gun sweeps up and down the left side.
-- point_share of the bullets (default 0.05) have radius 0: rays.
function Smoke.script(scene, seed, point_share)
  point_share = point_share or 0.05
  local random = rng(seed)
  local W, H = scene.WIDTH, scene.HEIGHT
  local emitters = {
    { x = 250, y = 12, n = 10 }, { x = 600, y = 588, n = 10 },
    { x = 700, y = 10, n = 8 }, { x = 945, y = 590, n = 8 },
  }
  local function fire(x, y)
    -- Aim at a random point of the scene's right part.
    local tx, ty = 330 + random() * (W - 340), 20 + random() * (H - 40)
    local r = random() < point_share and 0 or 0.5 + 4.5 * random()
    local speed = 3000 + 15000 * random()
    scene:fire(x, y, math.atan2(ty - y, tx - x), speed, r)
  end
  return function(frame)
    local px, py = 120, 300 + 220 * math.sin(frame * 0.03)
    scene.player_x, scene.player_y = px, py
    for _ = 1, 24 do
      fire(px, py)
    end
    for _, e in ipairs(emitters) do
      for _ = 1, e.n do
        fire(e.x, e.y)
      end
    end
    return px, py
  end
end

return Smoke
