-- spec/controller_course_spec.lua -- the controller course: every mover
-- shape (sphere, box, capsule) walked through a matrix of levels (ramps of
-- 10-44 degrees and of 46-70, with their foot exactly on the floor or sunk
-- below it, crests, stairs of random rise below and above step_height and
-- of run from half to four times the mover's width, rows of tiles and
-- walls) at speeds from 0.1 to 50 mover widths a frame, at 30, 60 and 144
-- Hz, fed back as the README says (vel = (input, vel.y - g dt)), and judged
-- frame by frame by a checker with its own geometry (below: nothing of the
-- core's), against the promises of the contract's "Controller, continued":
--   never inside a shape beyond rounding;
--   grounded on every frame of walking on walkable ground (no jump);
--   never higher than step_height up a step or a surface steeper than
--   max_slope;
--   always up what it may climb (and a staircase in no more frames than
--   the ramp of the same rise and run).
-- The main levels run in 3D (y up) and again in 2D with y down and
-- up = (0, -1) (as a screen-space game has it); the checker keeps its own
-- 3D, y-up copy of each level (a 2D shape extruded along z), and the walk
-- maps the mover's place into it. Moving platforms (moved by the game
-- every frame through w:set_velocity and w:advance, or placed anew with
-- w:update) are ridden by a mover standing or walking on them.
-- COLLIDE_COURSE=big runs a larger matrix (more seeds, angles, speeds).
-- Under `make test` (spec/support/size.lua's quick size) each case walks at
-- one of the frame rates, taken in turn, and the random stairs draw half
-- the seeds; COLLIDE_SPEC_SIZE=full (`make spec-full`, in `make ci-extra`)
-- and COLLIDE_COURSE=big walk every case at every rate.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, os, tostring = assert, error, ipairs, math, os, tostring
local type = type
local collide = require "collide"
local V = collide.vec3

local BIG = os.getenv("COLLIDE_COURSE") == "big"
local FULL = BIG or dofile("spec/support/size.lua").full
local G = 20
local STEP, SNAP = 0.35, 0.5

---------------------------------------------------------------- the checker
-- Solids are kept as plain numbers: boxes {lo = {x, y, z}, hi = {...}} and
-- triangles {a, b, c} (each {x, y, z}).

local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function lerp(a, b, t)
  return { a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, a[3] + (b[3] - a[3]) * t }
end

-- Distance from point p to box (lo, hi): clamp per axis.
local function dist_point_box(p, b)
  local s = 0
  for k = 1, 3 do
    local d = 0
    if p[k] < b.lo[k] then d = b.lo[k] - p[k] elseif p[k] > b.hi[k] then d = p[k] - b.hi[k] end
    s = s + d * d
  end
  return math.sqrt(s)
end

-- Distance from point p to segment ab.
local function dist_point_seg(p, a, b)
  local ab = sub(b, a)
  local t = dot(sub(p, a), ab) / math.max(dot(ab, ab), 1e-300)
  t = math.max(0, math.min(1, t))
  local q = lerp(a, b, t)
  local d = sub(p, q)
  return math.sqrt(dot(d, d))
end

-- Distance from point p to triangle abc: inside the prism over the face,
-- the distance to its plane; else the nearest of the three edges.
local function dist_point_tri(p, t)
  local a, b, c = t[1], t[2], t[3]
  local n = cross(sub(b, a), sub(c, a))
  local nn = math.sqrt(dot(n, n))
  local ok = true
  for _, e in ipairs({ { a, b }, { b, c }, { c, a } }) do
    if dot(cross(sub(e[2], e[1]), sub(p, e[1])), n) < 0 then ok = false end
  end
  if ok then return math.abs(dot(sub(p, a), n)) / nn end
  return math.min(dist_point_seg(p, a, b), dist_point_seg(p, b, c), dist_point_seg(p, c, a))
end

-- The least over t in [0, 1] of f, a convex function (the distance from a
-- point moving along a segment to a convex set is convex): ternary search.
local function min_convex(f)
  local lo, hi = 0, 1
  for _ = 1, 60 do
    local m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
    if f(m1) <= f(m2) then hi = m2 else lo = m1 end
  end
  return math.min(f(lo), f(0), f(1))
end

-- How deep a box mover (centre c, half-extents e) is in a solid: the least
-- overlap over separating axes (SAT; for a triangle: the box's 3 axes, the
-- triangle's normal, the 9 edge cross products). <= 0: apart.
local function box_depth(c, e, s)
  if s.lo then
    local d = math.huge
    for k = 1, 3 do
      d = math.min(d, math.min(c[k] + e[k] - s.lo[k], s.hi[k] - (c[k] - e[k])))
    end
    return d
  end
  local axes = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }
  local pts = s
  local edges = { sub(pts[2], pts[1]), sub(pts[3], pts[2]), sub(pts[1], pts[3]) }
  local list = { axes[1], axes[2], axes[3], cross(edges[1], edges[2]) }
  for i = 1, 3 do for j = 1, 3 do list[#list + 1] = cross(axes[i], edges[j]) end end
  local d = math.huge
  for _, ax in ipairs(list) do
    local len = math.sqrt(dot(ax, ax))
    if len > 1e-12 then
      local u = { ax[1] / len, ax[2] / len, ax[3] / len }
      local r = e[1] * math.abs(u[1]) + e[2] * math.abs(u[2]) + e[3] * math.abs(u[3])
      local pc = dot(c, u)
      local tmin, tmax = math.huge, -math.huge
      for _, p in ipairs(pts) do
        local v = dot(p, u)
        tmin, tmax = math.min(tmin, v), math.max(tmax, v)
      end
      d = math.min(d, math.min(pc + r - tmin, tmax - (pc - r)))
    end
  end
  return d
end

-- How deep mover M at centre c is in solid s (> 0: inside).
local function depth(M, c, s)
  if M.kind == "box" then return box_depth(c, M.e, s) end
  local dist = s.lo and dist_point_box or dist_point_tri
  local dc = dist(c, s)
  if M.kind == "sphere" then return M.r - dc end
  -- Every point of the capsule's segment is within |axis| of its centre, so
  -- (triangle inequality) a solid farther than r + |axis| from the centre
  -- is clear of the capsule by at least that much: the search below is
  -- only needed near it.
  local reach = M.r + math.sqrt(dot(M.axis, M.axis))
  if dc > reach then return reach - dc end
  local a, b = sub(c, M.axis), { c[1] + M.axis[1], c[2] + M.axis[2], c[3] + M.axis[3] }
  return M.r - min_convex(function(t) return dist(lerp(a, b, t), s) end)
end

---------------------------------------------------------------- the movers

local function mover(kind, w, dim)
  -- w: the mover's width (twice its half-width across up); dim 2: a 2D
  -- mover (a box of no depth), which the checker takes extruded along z
  local h = w / 2
  local hz = dim == 2 and 0 or h
  if kind == "sphere" then
    return { kind = kind, r = h, width = w, below = h,
             move = function(wd, a, b, o) return wd:move_sphere(h, a, b, o) end }
  elseif kind == "box" then
    local e = V(h, 0.5, hz)
    return { kind = kind, e = { h, 0.5, h }, width = w, below = 0.5,
             move = function(wd, a, b, o) return wd:move_aabb(e, a, b, o) end }
  end
  return { kind = kind, r = h, axis = { 0, 0.4, 0 }, width = w, below = h + 0.4,
           move = function(wd, a, b, o) return wd:move_capsule(h, V(0, 0.4, 0), a, b, o) end }
end

---------------------------------------------------------------- the levels
-- Each level: a world, its solids for the checker, the ground height
-- profile top(x) of what the mover walks on, whether all of it is walkable
-- (climb), and where the walk ends (goal: the x to reach).

local Z = 5

-- dim 2: the level in 2D with y down (the world's y is minus the
-- checker's, up = (0, -1)): a box is a 2D box, a ramp (a quad rising from
-- its foot a to its top b) the solid triangle under it; the checker keeps
-- the 3D, y-up level, whose every solid is the 2D one extruded along z.
local function level(dim)
  local L = { w = collide.world(), solids = {}, dim = dim or 3 }
  L.sy = L.dim == 2 and -1 or 1       -- the world's y for the checker's
  function L.box(lo, hi)
    if L.dim == 2 then
      L.w:add_aabb(V((lo[1] + hi[1]) / 2, -(lo[2] + hi[2]) / 2),
                   V((hi[1] - lo[1]) / 2, (hi[2] - lo[2]) / 2))
    else
      L.w:add_aabb(V((lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2, (lo[3] + hi[3]) / 2),
                   V((hi[1] - lo[1]) / 2, (hi[2] - lo[2]) / 2, (hi[3] - lo[3]) / 2))
    end
    L.solids[#L.solids + 1] = { lo = lo, hi = hi }
    return #L.solids
  end
  function L.tri(a, b, c)
    L.w:add_triangle(V(a[1], a[2], a[3]), V(b[1], b[2], b[3]), V(c[1], c[2], c[3]))
    L.solids[#L.solids + 1] = { a, b, c }
  end
  -- a quad of two triangles (a, b: its edge at z = -Z, from one end of
  -- the slope to the other)
  function L.quad(a, b, c, d)
    if L.dim == 2 then
      local lo, hi = a, b
      if a[2] > b[2] then lo, hi = b, a end
      L.w:add_polygon({ V(lo[1], -lo[2]), V(hi[1], -hi[2]), V(hi[1], -lo[2]) })
      L.solids[#L.solids + 1] = { a, b, c }
      L.solids[#L.solids + 1] = { a, c, d }
    else
      L.tri(a, b, c); L.tri(a, c, d)
    end
  end
  L.box({ -20, -1, -Z }, { 60, 0, Z })          -- the floor, top at y = 0
  return L
end

-- A ramp from x = 0 rising at deg to height H, then a flat top to x = 40;
-- its foot exactly on the floor (aligned) or 0.05 below it.
local function ramp_level(deg, H, aligned, dim)
  local L = level(dim)
  local X = H / math.tan(math.rad(deg))
  local y0 = aligned and 0 or -0.05
  local x0 = aligned and 0 or -0.05 / math.tan(math.rad(deg))
  L.quad({ x0, y0, -Z }, { X, H, -Z }, { X, H, Z }, { x0, y0, Z })
  L.box({ X, 0, -Z }, { 40, H, Z })
  L.top = function(x) return x <= 0 and 0 or x >= X and H or x * H / X end
  L.rise, L.run = H, X
  return L
end

-- A crest: up a ramp of deg to H, a flat of length flat, down a ramp of deg.
local function crest_level(deg, H, flat, dim)
  local L = level(dim)
  local X = H / math.tan(math.rad(deg))
  L.quad({ 0, 0, -Z }, { X, H, -Z }, { X, H, Z }, { 0, 0, Z })
  L.box({ X, 0, -Z }, { X + flat, H, Z })
  L.quad({ X + flat, H, -Z }, { 2 * X + flat, 0, -Z }, { 2 * X + flat, 0, Z }, { X + flat, H, Z })
  L.top = function(x)
    if x <= 0 or x >= 2 * X + flat then return 0 end
    if x < X then return x * H / X end
    if x <= X + flat then return H end
    return (2 * X + flat - x) * H / X
  end
  L.goal = 2 * X + flat + 2
  return L
end

-- n stairs of the given rise and run from x = 0, then a landing to x = 40.
local function stairs_level(n, rise, run, dim)
  local L = level(dim)
  for i = 1, n do L.box({ (i - 1) * run, 0, -Z }, { 40, i * rise, Z }) end
  L.top = function(x)
    if x < 0 then return 0 end
    return math.min(n, math.floor(x / run) + 1) * rise
  end
  L.rise, L.run = n * rise, n * run
  return L
end

-- A row of tiles (boxes side by side, tops flush) then a wall at x = 8.
local function tiles_level(size, dim)
  local L = level(dim)
  local x = -2
  while x < 8 do L.box({ x, -0.5, -Z }, { x + size, 0.2, Z }); x = x + size end
  L.box({ 8, 0, -Z }, { 9, 3, Z })
  L.top = function(xx) return xx < 8 and 0.2 or 3 end
  L.wall = 8
  return L
end

---------------------------------------------------------------- the walk

-- Walks mover M at speed (widths a frame) for frames frames at hz, from
-- x0 on the ground (speed: widths a frame, or a function of the frame
-- giving the input in units a second), fed back as the README says; calls
-- each(f, q, grounded, velocity, previous position)
-- and fails on any frame where the mover is inside a solid.
-- (In 2D, y down: the world's positions and velocities have -y; each,
-- the checker and the result see the checker's y up. before(f, dt), when
-- given, runs before each frame's move (the game moving its platforms),
-- after(f) after it (w:advance).)
local function inside(L, M, f, q)
  local c = { q.x, q.y, q.z }
  for i, s in ipairs(L.solids) do
    local d = depth(M, c, s)
    if d > 1e-6 * (1 + M.width) then
      error(("frame %d: %s inside solid %d by %g at %s (%dD)")
        :format(f, M.kind, i, d, tostring(q), L.dim), 0)
    end
  end
end

local function walk(L, M, hz, speed, frames, x0, each, stop_on_slope, before, after)
  local dt = 1 / hz
  local sy = L.sy or 1
  local opts = { up = V(0, sy, 0), step_height = STEP, snap = SNAP,
                 stop_on_slope = stop_on_slope, steep_as_wall = true }
  local ground0 = L.top(x0)
  local p = V(x0, ground0 + M.below + 1e-3, 0)    -- (the checker's y up)
  local vel = V(0, 0, 0)
  for f = 1, frames do
    local input = type(speed) == "function" and speed(f) or speed * M.width * hz
    if before then before(f, dt) end
    local cv = V(input, vel.y - G * dt, 0)
    opts.velocity = V(cv.x, sy * cv.y, 0)
    local pw = V(p.x, sy * p.y, 0)
    local qw, _, grounded, vw = M.move(L.w, pw, pw + opts.velocity * dt, opts)
    if after then after(f) end
    if grounded == false then grounded = nil end
    local q, v = V(qw.x, sy * qw.y, qw.z), V(vw.x, sy * vw.y, vw.z)
    inside(L, M, f, q)
    if each then each(f, q, grounded, v, p) end
    p, vel = q, v
  end
  return p
end

local KINDS = { "sphere", "box", "capsule" }
local HZ = { 30, 60, 144 }

-- The frame rates a case walks at: all of them at full size; at the quick
-- size one, the next of them each time (so the course still walks at every
-- rate, each case at one).
local turn = 0
local function rates(all)
  all = all or HZ
  if FULL then return all end
  turn = turn + 1
  return { all[1 + turn % #all] }
end

describe("the controller course", function()
  describe("walkable ramps (aligned and sunk feet) and crests", function()
    local degs = BIG and { 10, 15, 20, 25, 30, 35, 40, 44 } or { 15, 44 }
    for _, kind in ipairs(KINDS) do
      for _, deg in ipairs(degs) do
        for _, aligned in ipairs({ true, false }) do
          it(("%s up a %d degree ramp, %s foot, grounded every frame, onto the top")
             :format(kind, deg, aligned and "aligned" or "sunk"), function()
            for _, hz in ipairs(rates()) do
              for _, speed in ipairs(BIG and { 0.1, 0.5 } or { 0.4 }) do
                local M = mover(kind, 0.6)
                local L = ramp_level(deg, 1.5, aligned)
                local dist = 1 + L.run + 1
                local frames = math.ceil(dist / (speed * M.width)) + 10
                local p = walk(L, M, hz, speed, frames, -1, function(f, q, grounded)
                  assert(grounded, ("%s %d Hz speed %g: in the air at frame %d, %s")
                    :format(kind, hz, speed, f, tostring(q)))
                end)
                assert.is_true(p.x > L.run, ("%s %d Hz speed %g: stopped at %s")
                  :format(kind, hz, speed, tostring(p)))
                assert.is_true(math.abs(p.y - (1.5 + M.below)) < 2e-3)
              end
            end
          end)
        end
        it(("%s over a %d degree crest and down, grounded every frame, "
            .. "with and without stop_on_slope"):format(kind, deg), function()
          for _, hz in ipairs(rates()) do
            for _, sos in ipairs({ false, true }) do
              local speed = 0.3
              local M = mover(kind, 0.6)
              local L = crest_level(deg, 1, 0.5)
              local frames = math.ceil((L.goal + 1) / (speed * M.width)) + 10
              local p = walk(L, M, hz, speed, frames, -1, function(f, q, grounded)
                assert(grounded, ("%s %d Hz speed %g: in the air at frame %d, %s")
                  :format(kind, hz, speed, f, tostring(q)))
              end, sos)
              assert.is_true(p.x > L.goal - 1)
            end
          end
        end)
      end
    end
  end)

  describe("steep ramps", function()
    local degs = BIG and { 46, 50, 55, 60, 65, 70 } or { 46, 70 }
    for _, kind in ipairs(KINDS) do
      for _, deg in ipairs(degs) do
        it(("%s never climbs a %d degree ramp higher than step_height")
           :format(kind, deg), function()
          for _, hz in ipairs(rates()) do
            for _, speed in ipairs(BIG and { 0.1, 1, 5 } or { 0.2, 5 }) do
              local M = mover(kind, 0.6)
              local L = ramp_level(deg, 3, true)
              local p = walk(L, M, hz, speed, 60, -1, function(f, q)
                assert(q.y - M.below <= STEP + 1e-3, ("%s %d Hz: at %s, frame %d")
                  :format(kind, hz, tostring(q), f))
              end)
              assert.is_true(p.x < L.run)
            end
          end
        end)
      end
    end
  end)

  describe("stairs", function()
    local seeds = BIG and 40 or FULL and 6 or 3
    for _, kind in ipairs(KINDS) do
      it(kind .. " climbs stairs no higher than step_height, grounded every frame, "
         .. "no slower than the ramp; is stopped by higher ones", function()
        local rnd = 12345
        local function random()
          rnd = (rnd * 1103515245 + 12345) % 2147483648
          return rnd / 2147483648
        end
        for _ = 1, seeds do
          local M = mover(kind, 0.6)
          local climb = random() < 0.7
          local rise = climb and 0.05 + random() * (STEP - 0.06) or STEP + 0.02 + random() * 0.3
          local run = M.width * (0.5 + random() * 3.5)
          local hz = HZ[1 + math.floor(random() * 3)]
          local speed = 0.1 + random() * 0.4
          local n = 5
          local L = stairs_level(n, rise, run)
          local frames = math.ceil((1 + L.run + 1) / (speed * M.width)) + 5
          local up_frames
          local p = walk(L, M, hz, speed, frames, -1, function(f, q, grounded)
            if climb then
              assert(grounded, ("%s rise %g run %g %d Hz: in the air at frame %d, %s")
                :format(kind, rise, run, hz, f, tostring(q)))
              if not up_frames and q.x > L.run then up_frames = f end
            else
              assert(q.y - M.below <= STEP + 1e-3)
            end
          end)
          if climb then
            assert.is_true(p.x > L.run, ("%s rise %g run %g: stopped at %s")
              :format(kind, rise, run, tostring(p)))
            -- the ramp of the same rise and run, the same walk
            local R = ramp_level(math.deg(math.atan(L.rise / L.run)), L.rise, true)
            local ramp_frames
            walk(R, M, hz, speed, frames, -1, function(f, q)
              if not ramp_frames and q.x > L.run then ramp_frames = f end
            end)
            assert.is_true(up_frames <= (ramp_frames or math.huge),
              ("%s rise %g run %g: %s frames up the stairs, %s up the ramp")
                :format(kind, rise, run, tostring(up_frames), tostring(ramp_frames)))
          else
            assert.is_true(p.x < 0, ("%s rise %g run %g: climbed to %s")
              :format(kind, rise, run, tostring(p)))
          end
        end
      end)
    end
  end)

  describe("tiles and walls at any speed", function()
    for _, kind in ipairs(KINDS) do
      it(kind .. " walks a row of tiles grounded and stops at the wall, "
         .. "up to 50 widths a frame", function()
        for _, hz in ipairs(rates()) do
          for _, size in ipairs({ 0.3, 1 }) do
            for _, speed in ipairs(BIG and { 0.1, 1, 10, 50 } or { 0.2, 50 }) do
              local M = mover(kind, 0.6)
              local L = tiles_level(size)
              local frames = math.min(200, math.ceil(12 / (speed * M.width)) + 5)
              local p = walk(L, M, hz, speed, frames, -1.5, function(f, q, grounded)
                assert(grounded, ("%s %d Hz speed %g: in the air at frame %d")
                  :format(kind, hz, speed, f))
                assert(q.x + M.width / 2 <= L.wall + 1e-9, "through the wall")
              end)
              assert.is_true(p.x + M.width / 2 > L.wall - 1e-2)
            end
          end
        end
      end)
    end
  end)

  describe("uneven stairs and ramps taken fast (the fuzz target's findings)", function()
    -- Levels of the fuzz target controller (fuzz/fuzz_core.c): from x0 on,
    -- each feature a step up ({"step", x, h}: a box from x on, top h) or a
    -- ramp ({"ramp", x, deg, h}: from the ground before it at x, its foot
    -- exactly on it, rising at deg to h, then a box at h); all of them
    -- walkable, every step at most step_height.
    local function features_level(fs)
      local L = level()
      local prof, top = {}, 0
      L.box({ 60, -1, -Z }, { 1000, 0, Z })   -- (the floor on, for 50 widths a frame)
      for _, f in ipairs(fs) do
        if f[1] == "step" then
          L.box({ f[2], 0, -Z }, { 1000, f[3], Z })
          prof[#prof + 1] = { f[2], f[2], top, f[3] }
          top = f[3]
        else
          local x, h = f[2], f[4]
          local X = x + (h - top) / math.tan(math.rad(f[3]))
          L.quad({ x, top, -Z }, { X, h, -Z }, { X, h, Z }, { x, top, Z })
          L.box({ X, 0, -Z }, { 1000, h, Z })
          prof[#prof + 1] = { x, X, top, h }
          top = h
        end
      end
      -- the ground height at x (on a riser: the top of the step)
      L.top = function(xx)
        local y = 0
        for _, q in ipairs(prof) do
          if xx >= q[2] then y = q[4]
          elseif xx > q[1] then y = q[3] + (q[4] - q[3]) * (xx - q[1]) / (q[2] - q[1]) end
        end
        return y
      end
      return L
    end
    local levels = {
      -- controller-step-ramp-launch: a sphere 0.8 wide at 4.9 widths a
      -- frame, 60 Hz, rose 0.73 over 0.38 on the nose of the second step
      -- (its step ran on onto the third's nose and was refused)
      { { "step", -3.25, 0.32 }, { "step", -1.5, 0.64 }, { "step", 0.45, 0.75 },
        { "ramp", 3.4, 14, 1.75 }, { "step", 10.0608, 2.05 }, { "step", 12.7108, 2.1 } },
      -- ramp-nose-roll: a sphere 0.6 wide at 49 widths a frame rolled up
      -- the tangent of a step's nose to 8.8 above it
      { { "step", -3.25, 0.32 }, { "ramp", -3, 5, 0.5 }, { "step", 0.807409, 0.82 },
        { "step", 2.20741, 1.14 }, { "step", 3.95741, 1.34 }, { "ramp", 4.15741, 36, 2.46 } },
      -- wall-on-ramp: a sphere 0.5 wide walking up a 5 degree ramp at 49
      -- widths a frame into a riser kept the climb of following the ramp
      -- and flew up the riser
      { { "step", -2.05, 0.27 }, { "ramp", -1.8, 5, 0.29 }, { "step", -1.3714, 0.56 },
        { "step", -1.1714, 0.83 }, { "ramp", 3.7786, 39, 0.85 }, { "ramp", 8.7033, 6, 1.59 } },
    }
    local widths = { 0.8, 0.6, 0.5 }   -- the widths of the findings
    for _, kind in ipairs(KINDS) do
      it(kind .. " stays grounded and never above the ground under it, "
         .. "0.5 to 50 widths a frame", function()
        for li, fs in ipairs(levels) do
          for _, hz in ipairs(rates()) do
            for _, width in ipairs(BIG and { 0.2, 0.5, 0.6, 0.8, 1 } or { widths[li] }) do
              local speeds = BIG and { 0.5, 1, 2, 4.9, 10, 20, 35, 50 } or { 0.5, 4.9, 50 }
              for _, speed in ipairs(speeds) do
                local M = mover(kind, width)
                local L = features_level(fs)
                walk(L, M, hz, speed, math.min(20, math.ceil(30 / (speed * width)) + 5), -10,
                  function(f, q, grounded)
                    -- (from frame 2: it starts 1e-3 above the ground, and
                    -- at 144 Hz the first frame's fall is less)
                    assert(grounded or f == 1, ("level %d, %s %g wide, %d Hz, %g widths a frame: "
                      .. "in the air at frame %d, %s"):format(li, kind, width, hz, speed, f,
                      tostring(q)))
                    local high = 0
                    for k = -4, 4 do high = math.max(high, L.top(q.x + k / 8 * width)) end
                    assert(q.y - M.below <= high + 1e-3, ("level %d, %s %g wide, %d Hz, "
                      .. "%g widths a frame: at frame %d %s, %g above the ground")
                      :format(li, kind, width, hz, speed, f, tostring(q), q.y - M.below - high))
                  end)
              end
            end
          end
        end
      end)
    end
  end)

  describe("stopping", function()
    for _, kind in ipairs(KINDS) do
      it(kind .. " stops on a 20 degree ramp and stays grounded, not launched", function()
        for _, sos in ipairs({ false, true }) do
          local M = mover(kind, 0.6)
          local L = ramp_level(20, 3, true)
          local hz = 60
          local p = walk(L, M, hz, function(f) return f <= 60 and 5 or 0 end, 120, -1,
            function(f, _, grounded)
              assert(grounded, ("%s: in the air at frame %d"):format(kind, f))
            end, sos)
          assert.is_true(p.y < 3 and p.y > 1)
        end
      end)
    end
  end)

  describe("landing on a step's nose (the fuzz target's known-jump-nose-perch)", function()
    it("a sphere that lands from a jump on a step's nose walks off it grounded", function()
      -- a 44 degree ramp from the floor to 0.78, a step to 1.07 beside its
      -- top; a sphere 1 wide coming down from a jump meets the step's nose
      -- (contact normal 69 degrees from up) with its bottom above the ramp
      local L = level()
      local X = -4.8 + 0.78 / math.tan(math.rad(44))
      L.quad({ -4.8, 0, -Z }, { X, 0.78, -Z }, { X, 0.78, Z }, { -4.8, 0, Z })
      L.box({ X, 0, -Z }, { 40, 0.78, Z })
      L.box({ -3.7922863552433554, 0, -Z }, { 40, 1.07, Z })
      local M = mover("sphere", 1)
      local opts = { up = V(0, 1, 0), step_height = 0.35, snap = 0.4, steep_as_wall = true,
                     velocity = V(2953.125, 10 / 3, 0) }
      local p, _, grounded, vel = M.move(L.w, V(-50.36815362931651, 1.2000500435556596, 0),
        V(-1.1494036293165095, 1.2500500435556596, 0), opts)
      assert.is_true(grounded)
      inside(L, M, 1, p)
      for f = 2, 40 do
        opts.velocity = V(-2, vel.y - G / 60, 0)
        local q, _, g, v = M.move(L.w, p, p + opts.velocity / 60, opts)
        inside(L, M, f, q)
        assert(g, ("in the air at frame %d, %s"):format(f, tostring(q)))
        p, vel = q, v
      end
      assert.is_true(p.x < -4.8)
    end)
  end)

  describe("stairs down", function()
    for _, dim in ipairs({ 3, 2 }) do
      for _, kind in ipairs(KINDS) do
        it(("%s walks down stairs of rise up to step_height grounded every frame "
            .. "(snap at least the rise), %dD"):format(kind, dim), function()
          local rnd = 777
          local function random()
            rnd = (rnd * 1103515245 + 12345) % 2147483648
            return rnd / 2147483648
          end
          -- random ones, then stairs steeper than max_slope (run half the
          -- mover's width, rise just under step_height) taken at up to 5
          -- widths a frame: several treads a frame, each within snap, and
          -- more than the distance moved times tan(max_slope) in all
          local cases = {}
          for _ = 1, BIG and 40 or FULL and 6 or 3 do
            cases[#cases + 1] = { 0.05 + random() * (STEP - 0.06), 0.6 * (0.5 + random() * 3.5),
                                  HZ[1 + math.floor(random() * 3)], 0.1 + random() * 2 }
          end
          for _, speed in ipairs({ 0.5, 1, 3, 5 }) do
            cases[#cases + 1] = { STEP - 0.01, 0.3, 60, speed }
            cases[#cases + 1] = { 0.25, 0.3, 30, speed }
          end
          for ci = 1, 2 * #cases do
            local case = cases[math.ceil(ci / 2)]
            local M = mover(kind, 0.6, dim)
            local rise, run, hz, speed = case[1], case[2], case[3], case[4]
            local L = stairs_level(5, rise, run, dim)
            if ci % 2 == 0 then   -- (each case again in a world where shapes move)
              -- a shape that moves, far off (its velocity set, never
              -- advanced): the world is one where shapes move
              local id = L.box({ 50, 5, -1 }, { 52, 6, 1 })
              L.w:set_velocity(id + 0, V(0, 0.5, 0))
            end
            local frames = math.ceil((L.run + 3) / (speed * M.width)) + 5
            -- (it starts 1e-3 above the landing and stands for a frame:
            -- where shapes move, a mover that was not on the ground at the
            -- start of a move is not snapped down at its end)
            local input = -speed * M.width * hz
            local p = walk(L, M, hz, function(f) return f > 1 and input or 0 end, frames + 1,
                           L.run + 1, function(f, q, grounded)
              assert(grounded, ("%s rise %g run %g %d Hz %g widths a frame: in the air "
                .. "at frame %d, %s (%dD)"):format(kind, rise, run, hz, speed, f, tostring(q), dim))
              local high = 0
              for k = -4, 4 do high = math.max(high, L.top(q.x + k / 8 * M.width)) end
              assert(q.y - M.below <= high + 1e-3, ("%s: %g above the ground at frame %d")
                :format(kind, q.y - M.below - high, f))
            end)
            assert.is_true(p.x < -1, ("%s rise %g run %g: stopped at %s")
              :format(kind, rise, run, tostring(p)))
          end
        end)
      end
    end
  end)

  describe("2D, y down, up = (0, -1)", function()
    for _, kind in ipairs(KINDS) do
      it(kind .. " up 15 and 44 degree ramps (aligned and sunk feet) grounded, "
         .. "over a crest, stopped on a slope", function()
        for _, hz in ipairs(rates()) do
          for _, deg in ipairs({ 15, 44 }) do
            for _, aligned in ipairs({ true, false }) do
              local M = mover(kind, 0.6, 2)
              local L = ramp_level(deg, 1.5, aligned, 2)
              local frames = math.ceil((2 + L.run) / (0.4 * M.width)) + 10
              local p = walk(L, M, hz, 0.4, frames, -1, function(f, q, grounded)
                assert(grounded, ("%s %d deg %d Hz: in the air at frame %d, %s")
                  :format(kind, deg, hz, f, tostring(q)))
              end)
              assert.is_true(p.x > L.run and math.abs(p.y - (1.5 + M.below)) < 2e-3,
                ("%s %d deg %d Hz: ended at %s"):format(kind, deg, hz, tostring(p)))
            end
            for _, sos in ipairs({ false, true }) do
              local M = mover(kind, 0.6, 2)
              local L = crest_level(deg, 1, 0.5, 2)
              local p = walk(L, M, hz, 0.3, math.ceil((L.goal + 1) / (0.3 * M.width)) + 10, -1,
                function(f, q, grounded)
                  assert(grounded, ("%s %d deg crest %d Hz: in the air at frame %d, %s")
                    :format(kind, deg, hz, f, tostring(q)))
                end, sos)
              assert.is_true(p.x > L.goal - 1)
            end
          end
          for _, sos in ipairs({ false, true }) do
            local M = mover(kind, 0.6, 2)
            local L = ramp_level(20, 3, true, 2)
            local p = walk(L, M, hz, function(f) return f <= hz and 5 or 0 end, 2 * hz, -1,
              function(f, _, grounded)
                assert(grounded, ("%s stopping, %d Hz: in the air at frame %d"):format(kind, hz, f))
              end, sos)
            assert.is_true(p.y < 3 and p.y > 1)
          end
        end
      end)

      it(kind .. " never up a 60 degree ramp higher than step_height; stairs up, "
         .. "no slower than the ramp; tiles and a wall at 50 widths a frame", function()
        for _, hz in ipairs(rates()) do
          local M = mover(kind, 0.6, 2)
          local L = ramp_level(60, 3, true, 2)
          local p = walk(L, M, hz, 2, 60, -1, function(f, q)
            assert(q.y - M.below <= STEP + 1e-3, ("%s %d Hz: at %s, frame %d")
              :format(kind, hz, tostring(q), f))
          end)
          assert.is_true(p.x < L.run)
          for _, st in ipairs({ { 0.3, 0.4 }, { 0.2, 0.35 }, { 0.1, 0.2 } }) do
            local S = stairs_level(5, st[1], st[2], 2)
            local up
            walk(S, M, hz, 0.3, math.ceil((S.run + 3) / 0.18) + 5, -1, function(f, q, grounded)
              assert(grounded, ("%s stairs %g x %g %d Hz: in the air at frame %d, %s")
                :format(kind, st[1], st[2], hz, f, tostring(q)))
              if not up and q.x > S.run then up = f end
            end)
            local R = ramp_level(math.deg(math.atan(S.rise / S.run)), S.rise, true, 2)
            local ramp_up
            walk(R, M, hz, 0.3, math.ceil((S.run + 3) / 0.18) + 5, -1, function(f, q)
              if not ramp_up and q.x > S.run then ramp_up = f end
            end)
            assert.is_true(up ~= nil and up <= (ramp_up or math.huge),
              ("%s stairs %g x %g %d Hz: %s frames, the ramp %s")
                :format(kind, st[1], st[2], hz, tostring(up), tostring(ramp_up)))
          end
          for _, speed in ipairs({ 0.2, 50 }) do
            local T = tiles_level(0.3, 2)
            p = walk(T, M, hz, speed, math.min(200, math.ceil(12 / (speed * M.width)) + 5), -1.5,
              function(f, q, grounded)
                assert(grounded, ("%s tiles %d Hz speed %g: in the air at frame %d")
                  :format(kind, hz, speed, f))
                assert(q.x + M.width / 2 <= T.wall + 1e-9, "through the wall")
              end)
            assert.is_true(p.x + M.width / 2 > T.wall - 1e-2)
          end
        end
      end)
    end
  end)

  describe("moving platforms", function()
    -- A platform (a box 3 wide, 0.4 thick) that the game moves every
    -- frame along path(t) (the checker's place of its centre), with
    -- w:set_velocity before the move and w:advance after it ("velocity":
    -- the platform carries the mover), or placed anew with w:update
    -- before the move ("update": nothing carries the mover; a platform
    -- rising into it pushes it out, one sinking away lets it snap down).
    -- The mover starts on it, stands or walks to and fro on it; checked
    -- against the floor and the platform where it is after the frame.
    local PE = { 1.5, 0.2, 1.5 }
    local paths = {
      sideways = function(t) return { 1.0 * math.sin(2 * t), 2, 0 } end,
      lift = function(t) return { 0, 2 + 1.0 * math.sin(2 * t), 0 } end,
      diagonal = function(t) return { 0.8 * math.sin(1.5 * t), 2 + 0.8 * math.sin(1.5 * t), 0 } end,
      circle = function(t) return { 0.8 * math.cos(2 * t), 2 + 0.8 * math.sin(2 * t), 0 } end,
    }
    -- (w:update tells the controller nothing of how the platform moved: a
    -- platform placed lower than the mover's feet is, at the start of the
    -- move, ground more than a skin away, as under a mover at the top of
    -- a jump, and the mover falls to it -- in the air on that frame. Only
    -- set_velocity makes a sinking platform one to ride; placed with
    -- update, the platforms here go sideways and rise.)
    paths.rising = function(t) return { 0, 2 + 0.8 * t, 0 } end
    paths.up_and_across = function(t) return { 0.8 * math.sin(2 * t), 2 + 0.6 * t, 0 } end
    local names = { velocity = { "sideways", "lift", "diagonal", "circle" },
                    update = { "sideways", "rising", "up_and_across" } }
    local function ride(kind, dim, how, pname, walking, hz)
      local M = mover(kind, 0.6, dim)
      local L = level(dim)
      local path = paths[pname]
      local c0 = path(0)
      local slot = L.box({ c0[1] - PE[1], c0[2] - PE[2], -PE[3] },
                         { c0[1] + PE[1], c0[2] + PE[2], PE[3] })
      local id = slot + 0      -- (the floor is shape 1, the platform 2)
      local sy = L.sy
      local function place(c)
        L.solids[slot] = { lo = { c[1] - PE[1], c[2] - PE[2], -PE[3] },
                           hi = { c[1] + PE[1], c[2] + PE[2], PE[3] } }
      end
      local function wpos(c) return V(c[1], sy * c[2], dim == 2 and 0 or c[3]) end
      local we = dim == 2 and V(PE[1], PE[2]) or V(PE[1], PE[2], PE[3])
      local t, next_c = 0, c0
      L.top = function(x) return math.abs(x - c0[1]) <= PE[1] and c0[2] + PE[2] or 0 end
      local frames = 4 * hz
      local offset
      walk(L, M, hz, function(f)
          return walking and 1.5 * math.cos(3 * f / hz) or 0
        end, frames, 0,
        function(f, q, grounded)
          assert(grounded, ("%s %dD %s %s%s %d Hz: in the air at frame %d, %s")
            :format(kind, dim, how, pname, walking and " walking" or "", hz, f, tostring(q)))
          local bottom = q.y - M.below
          local top = next_c[2] + PE[2]
          assert(bottom >= top - 1e-6 and bottom <= top + 1e-2,
            ("%s %dD %s %s %d Hz frame %d: bottom %g, the platform's top %g")
              :format(kind, dim, how, pname, hz, f, bottom, top))
          if how == "velocity" and not walking then
            local off = q.x - next_c[1]
            offset = offset or off
            assert(math.abs(off - offset) < 1e-3, ("%s %dD %s: slipped %g at frame %d")
              :format(kind, dim, pname, off - offset, f))
          end
        end, false,
        function(f, dt)
          local c = path(f * dt)
          next_c = c
          if how == "velocity" then
            local cur = path(t)
            L.w:set_velocity(id, V(c[1] - cur[1], sy * (c[2] - cur[2]), 0))
          else
            L.w:update(id, wpos(c), we)
            place(c)
          end
          t = f * dt
        end,
        function()
          if how == "velocity" then
            L.w:advance()
            place(next_c)
          end
        end)
    end
    for _, dim in ipairs({ 3, 2 }) do
      for _, how in ipairs({ "velocity", "update" }) do
        for _, kind in ipairs(KINDS) do
          it(("%s rides a platform moved by %s (%dD): grounded on it every frame, "
              .. "never inside"):format(kind, how == "velocity" and "set_velocity + advance"
              or "update", dim), function()
            for _, hz in ipairs(BIG and HZ or rates({ 30, 144 })) do
              for _, pname in ipairs(names[how]) do
                for _, walking in ipairs({ false, true }) do
                  ride(kind, dim, how, pname, walking, hz)
                end
              end
            end
          end)
        end
      end
    end
  end)
end)

return { walk = walk, mover = mover, ramp_level = ramp_level, stairs_level = stairs_level }
