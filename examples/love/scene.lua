--- The demo's world: walls, moving targets and bullets, and one step of the
-- simulation in either of two modes:
--
--   "swept"    each bullet's motion over the frame is swept against every
--              shape; the bullet stops at the earliest time of impact.
--   "overlap"  the naive test: only the bullet's position at the end of the
--              frame is tested for overlap, so a bullet that moves farther
--              than a wall is thick in one frame passes through it.
--
-- No LÖVE in this file: it is plain Lua over collide, so the smoke test and
-- plain luajit can drive it too. Everything lives in the z = 0 plane; 2D
-- points are passed to collide as vec3(x, y).

local Scene = {}
Scene.__index = Scene

Scene.WIDTH, Scene.HEIGHT = 960, 600

-- How long (seconds) a hit marker stays on screen.
local MARKER_LIFE = 0.9

local function hexagon(cx, cy, radius, phase)
  local pts = {}
  for i = 0, 5 do
    local a = phase + i * math.pi / 3
    pts[#pts + 1] = { cx + radius * math.cos(a), cy + radius * math.sin(a) }
  end
  return pts
end

--- A new scene. collide is the loaded module.
function Scene.new(collide)
  local missing = {}
  for _, name in ipairs({ "vec3", "polygon", "sweep_sphere_segment", "sweep_sphere_polygon",
    "sweep_sphere_aabb", "sweep_sphere_sphere" }) do
    if collide[name] == nil then
      missing[#missing + 1] = "collide." .. name
    end
  end
  if #missing > 0 then
    error("this collide (" .. tostring(collide._VERSION) .. ") lacks "
      .. table.concat(missing, ", "), 2)
  end
  local self = setmetatable({}, Scene)
  self.collide = collide
  self.vec3 = collide.vec3
  local v = collide.vec3

  -- Scratch vectors: the sweeps write into these, so a frame allocates
  -- nothing per bullet.
  self.c0, self.c1, self.rel = v(), v(), v()
  self.out_point, self.out_normal = v(), v()

  local shapes = {}
  self.shapes = shapes
  local function segment(ax, ay, bx, by)
    shapes[#shapes + 1] = { kind = "segment", ax = ax, ay = ay, bx = bx, by = by,
      va = v(ax, ay), vb = v(bx, by) }
  end
  local function polygon(pts)
    local verts, flat = {}, {}
    for i, p in ipairs(pts) do
      verts[i] = v(p[1], p[2])
      flat[2 * i - 1], flat[2 * i] = p[1], p[2]
    end
    shapes[#shapes + 1] = { kind = "polygon", poly = collide.polygon(verts), pts = flat }
  end
  -- path(t) gives the centre at time t for a moving box; nil for a fixed one.
  local function box(cx, cy, ex, ey, path)
    shapes[#shapes + 1] = { kind = "box", cx = cx, cy = cy, ex = ex, ey = ey,
      center = v(cx, cy), extents = v(ex, ey), path = path }
  end
  local function target(r, path)
    shapes[#shapes + 1] = { kind = "target", r = r, path = path,
      v0 = v(), v1 = v(), flash = 0, hits = 0 }
  end

  -- A fence of thin walls (zero thickness: the worst case for an overlap
  -- test) with two gaps, a box patrolling behind them, and the targets
  -- moving behind the fence.
  segment(770, 50, 770, 170)
  segment(770, 230, 770, 370)
  segment(770, 430, 770, 560)
  box(735, 300, 10, 36, function(t) return 735, 300 + 170 * math.sin(0.9 * t) end)
  target(20, function(t)
    return 860 + 30 * math.sin(0.9 * t), 140 + 80 * math.sin(1.3 * t)
  end)
  target(24, function(t)
    return 885 + 30 * math.sin(1.3 * t + 1), 300 + 150 * math.sin(0.7 * t)
  end)
  target(16, function(t)
    return 850 + 40 * math.sin(1.1 * t + 2), 470 + 60 * math.sin(1.7 * t)
  end)
  -- Cover in the middle: convex polygons, a box and more thin walls.
  polygon({ { 470, 95 }, { 565, 150 }, { 455, 215 } })
  polygon(hexagon(575, 440, 46, 0.3))
  box(430, 300, 14, 42)
  segment(330, 420, 420, 545)
  segment(615, 255, 665, 345)
  segment(300, 60, 380, 140)

  -- With a collide that has worlds, the fixed shapes also go into one, and
  -- use_world says which way the game queries them: one w:sweep_sphere
  -- for all of them, or a sweep per shape. Moving shapes are swept one by
  -- one either way.
  if collide.world then
    local w = collide.world()
    for _, s in ipairs(shapes) do
      if s.kind == "segment" then
        s.id = w:add_segment(s.va, s.vb, s)
      elseif s.kind == "polygon" then
        s.id = w:add_polygon(s.poly, s)
      elseif s.kind == "box" and not s.path then
        s.id = w:add_aabb(s.center, s.extents, s)
      end
    end
    self.world, self.use_world = w, true
  end

  self.mode = "swept"
  self.max_markers = 200    -- hit markers kept for drawing (the latest ones)
  self.find_tunnels = true  -- in overlap mode, also sweep to show tunnels
  self:reset()
  self:begin_frame(0)
  return self
end

--- Removes bullets and markers and zeroes the counters (keeps the mode).
function Scene:reset()
  self.time = 0
  self.bullets, self.nbullets = {}, 0
  self.markers, self.marker_next = {}, 1
  -- tunneled: bullets that went through something in overlap mode
  self.fired, self.hits, self.tunneled = 0, 0, 0
  self.sweeps = 0         -- collide calls by the game logic this frame
  self.oracle_sweeps = 0  -- sweeps made only to show tunnels (overlap mode)
  for _, s in ipairs(self.shapes) do
    if s.kind == "target" then
      s.hits, s.flash = 0, 0
    end
  end
end

--- Fires a bullet of radius r from (x, y) at angle (radians) and speed
-- (pixels per second).
function Scene:fire(x, y, angle, speed, r)
  local n = self.nbullets + 1
  self.nbullets = n
  self.bullets[n] = { x = x, y = y, vx = speed * math.cos(angle), vy = speed * math.sin(angle),
    r = r, lx = x, ly = y, id = self.fired + 1 }
  self.fired = self.fired + 1
end

--- Puts the moving shapes at their positions at the start (x0, y0) and end
-- (x1, y1) of the frame [time, time + dt], and every shape's bounds over the
-- frame (for the cheap rejection in front of each sweep).
function Scene:begin_frame(dt)
  local t0, t1 = self.time, self.time + dt
  for _, s in ipairs(self.shapes) do
    local k = s.kind
    if k == "segment" then
      s.minx, s.maxx = math.min(s.ax, s.bx), math.max(s.ax, s.bx)
      s.miny, s.maxy = math.min(s.ay, s.by), math.max(s.ay, s.by)
    elseif k == "polygon" then
      local p = s.pts
      s.minx, s.maxx, s.miny, s.maxy = p[1], p[1], p[2], p[2]
      for i = 3, #p, 2 do
        s.minx, s.maxx = math.min(s.minx, p[i]), math.max(s.maxx, p[i])
        s.miny, s.maxy = math.min(s.miny, p[i + 1]), math.max(s.maxy, p[i + 1])
      end
    else
      if s.path then
        s.x0, s.y0 = s.path(t0)
        s.x1, s.y1 = s.path(t1)
      else
        s.x0, s.y0, s.x1, s.y1 = s.cx, s.cy, s.cx, s.cy
      end
      local ex, ey
      if k == "box" then ex, ey = s.ex, s.ey else ex, ey = s.r, s.r end
      s.minx, s.maxx = math.min(s.x0, s.x1) - ex, math.max(s.x0, s.x1) + ex
      s.miny, s.maxy = math.min(s.y0, s.y1) - ey, math.max(s.y0, s.y1) + ey
    end
  end
  self.t0, self.t1 = t0, t1
end

-- The first contact of a bullet of radius r moving from (x0, y0) to
-- (x1, y1) over the frame with any shape. When at_end is true, this is the
-- naive test instead: zero-length "sweeps" at (x1, y1) against the shapes
-- where they are at the end of the frame, i.e. an overlap test.
-- Returns nil, or shape, u, px, py, nx, ny, feature, calls, pz, nz (the
-- z of the point and normal come last: in this plane they should be 0).
function Scene:first_contact(r, x0, y0, x1, y1, at_end)
  local collide = self.collide
  local c0, c1, rel = self.c0, self.c1, self.rel
  local op, on = self.out_point, self.out_normal
  if at_end then
    x0, y0 = x1, y1
  end
  c0:set(x0, y0, 0)
  c1:set(x1, y1, 0)
  local minx, maxx = math.min(x0, x1) - r, math.max(x0, x1) + r
  local miny, maxy = math.min(y0, y1) - r, math.max(y0, y1) + r
  local best, bu, bpx, bpy, bnx, bny, bf = nil, math.huge, 0, 0, 0, 0, nil
  local bpz, bnz = 0, 0
  local calls = 0
  local world = self.use_world and self.world
  if world then
    -- One call searches every fixed shape (the world's broadphase does
    -- the rejection the loop below does by bounds).
    calls = 1
    local hit, u, p, n, f, id = world:sweep_sphere(r, c0, c1, nil, op, on)
    if hit then
      best, bu, bf = world:data(id), u, f
      bpx, bpy, bnx, bny, bpz, bnz = p.x, p.y, n.x, n.y, p.z, n.z
    end
  end
  for _, s in ipairs(self.shapes) do
    if not (world and s.id)
        and s.maxx >= minx and s.minx <= maxx and s.maxy >= miny and s.miny <= maxy then
      calls = calls + 1
      local k = s.kind
      local hit, u, p, n, f
      local dx, dy = 0, 0  -- how far the shape moved by the time of contact
      if k == "segment" then
        hit, u, p, n, f = collide.sweep_sphere_segment(r, c0, c1, s.va, s.vb, op, on)
      elseif k == "polygon" then
        hit, u, p, n, f = collide.sweep_sphere_polygon(r, c0, c1, s.poly, op, on)
      elseif k == "box" then
        if at_end then
          s.center:set(s.x1, s.y1, 0)
          hit, u, p, n, f = collide.sweep_sphere_aabb(r, c0, c1, s.center, s.extents, op, on)
        else
          -- A box that translates: sweep in the box's frame, where the
          -- bullet moves by its motion minus the box's (both linear in u),
          -- then carry the contact point along with the box.
          local mx, my = s.x1 - s.x0, s.y1 - s.y0
          s.center:set(s.x0, s.y0, 0)
          rel:set(x1 - mx, y1 - my, 0)
          hit, u, p, n, f = collide.sweep_sphere_aabb(r, c0, rel, s.center, s.extents, op, on)
          if hit then
            dx, dy = mx * u, my * u
          end
        end
      else
        if at_end then
          s.v0:set(s.x1, s.y1, 0)
        else
          s.v0:set(s.x0, s.y0, 0)
        end
        s.v1:set(s.x1, s.y1, 0)
        hit, u = collide.sweep_sphere_sphere(r, c0, c1, s.r, s.v0, s.v1)
        if hit and u < bu then
          -- Two spheres touch along the line of their centres: the normal
          -- points from the target's centre toward the bullet's, and the
          -- point is on the target's surface.
          local bx, by = x0 + (x1 - x0) * u, y0 + (y1 - y0) * u
          local tx, ty
          if at_end then
            tx, ty = s.x1, s.y1
          else
            tx, ty = s.x0 + (s.x1 - s.x0) * u, s.y0 + (s.y1 - s.y0) * u
          end
          local nx, ny = bx - tx, by - ty
          local l = math.sqrt(nx * nx + ny * ny)
          if l > 0 then
            nx, ny = nx / l, ny / l
          else  -- centres coincide: push back along the bullet's motion
            nx, ny = -1, 0
          end
          best, bu, bf = s, u, "face"
          bpx, bpy, bnx, bny = tx + nx * s.r, ty + ny * s.r, nx, ny
          bpz, bnz = 0, 0
        end
        hit = false
      end
      if hit and u < bu then
        best, bu, bf = s, u, f
        bpx, bpy, bnx, bny = p.x + dx, p.y + dy, n.x, n.y
        bpz, bnz = p.z, n.z
      end
    end
  end
  return best, bu, bpx, bpy, bnx, bny, bf, calls, bpz, bnz
end

-- Keeps a hit for drawing: the bullet's motion, the time of impact u, the
-- contact point and normal. kind is "hit", "overlap" or "tunnel".
function Scene:add_marker(kind, b, x0, y0, x1, y1, u, px, py, nx, ny)
  local m = self.markers[self.marker_next]
  if not m then
    m = {}
    self.markers[self.marker_next] = m
  end
  self.marker_next = self.marker_next % self.max_markers + 1
  m.kind, m.r, m.x0, m.y0, m.x1, m.y1, m.u = kind, b.r, x0, y0, x1, y1, u
  m.px, m.py, m.nx, m.ny, m.age = px, py, nx, ny, 0
end

--- Advances the scene by dt seconds. on_motion, when given, is called for
-- every bullet with (bullet, x0, y0, x1, y1, shape, u, px, py, nx, ny, pz,
-- nz):
-- the motion tested this frame and what the game found (shape nil when
-- nothing), before the bullet is moved or removed.
function Scene:step(dt, on_motion)
  self:begin_frame(dt)
  self.sweeps, self.oracle_sweeps = 0, 0
  local swept = self.mode == "swept"
  local W, H = Scene.WIDTH, Scene.HEIGHT
  local bullets = self.bullets
  local i = 1
  while i <= self.nbullets do
    local b = bullets[i]
    local x0, y0 = b.x, b.y
    local x1, y1 = x0 + b.vx * dt, y0 + b.vy * dt
    local s, u, px, py, nx, ny, _, calls, pz, nz =
      self:first_contact(b.r, x0, y0, x1, y1, not swept)
    self.sweeps = self.sweeps + calls
    if s and not swept then
      u = 1  -- the naive test only knows the bullet is inside at the end
    end
    if on_motion then
      on_motion(b, x0, y0, x1, y1, s, u, px, py, nx, ny, pz, nz)
    end
    if s then
      self.hits = self.hits + 1
      self:add_marker(swept and "hit" or "overlap", b, x0, y0, x1, y1, u, px, py, nx, ny)
      if s.kind == "target" then
        s.hits, s.flash = s.hits + 1, 0.15
      end
    elseif not swept and self.find_tunnels then
      -- Show what the overlap test missed: the sweep knows where this
      -- bullet passed through something during the frame.
      local ts, tu, tpx, tpy, tnx, tny, _, tcalls = self:first_contact(b.r, x0, y0, x1, y1, false)
      self.oracle_sweeps = self.oracle_sweeps + tcalls
      if ts then
        if not b.tunneled then  -- count bullets, not frames
          b.tunneled = true
          self.tunneled = self.tunneled + 1
        end
        self:add_marker("tunnel", b, x0, y0, x1, y1, tu, tpx, tpy, tnx, tny)
      end
    end
    if s or x1 < -60 or x1 > W + 60 or y1 < -60 or y1 > H + 60 then
      -- Remove by moving the last bullet into this slot.
      bullets[i] = bullets[self.nbullets]
      bullets[self.nbullets] = nil
      self.nbullets = self.nbullets - 1
    else
      b.lx, b.ly, b.x, b.y = x0, y0, x1, y1
      i = i + 1
    end
  end
  for _, m in ipairs(self.markers) do
    m.age = m.age + dt
  end
  for _, sh in ipairs(self.shapes) do
    if sh.flash then
      sh.flash = math.max(0, sh.flash - dt)
    end
  end
  self.time = self.t1
end

Scene.MARKER_LIFE = MARKER_LIFE

return Scene
