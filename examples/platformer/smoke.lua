--- The platformer's scripted check (love examples/platformer --smoke): a
-- sequence of scenes, each starting the player somewhere and pressing keys
-- for a number of frames, with what a player expects checked every frame.
-- Every frame of every scene also checks that the player overlaps nothing
-- solid (a one-way platform may be jumped through) and never ends beyond a
-- wall it ran at: that would be a tunnel; and that no NPC overlaps anything
-- solid either (the level, the player, another NPC). The shapes that turn
-- (the rotated course and the turning platform) are judged by a test of
-- this file's own, not the world's: separating axes between the player's
-- box and each polygon, its corners turned here from the level's numbers.
-- Prints a report, saves a screenshot of the ride on the turning platform,
-- and quits with 0 only when every check held.

local Smoke = {}
Smoke.__index = Smoke

function Smoke.new(Game, collide, out)
  local self = setmetatable({ Game = Game, collide = collide, V = collide.vec3, out = out,
                              scene = 0, frame = 0, failures = {}, frames = 0,
                              inside = 0, tunneled = 0, log = {},
                              closest = math.huge }, Smoke)
  self.scenes = self:make_scenes()
  return self
end

function Smoke:fail(what)
  if #self.failures < 20 then
    self.failures[#self.failures + 1] = ("%s, frame %d: %s"):format(
      self.scenes[self.scene].name, self.frame, what)
  end
end

function Smoke:check(ok, what)
  if not ok then self:fail(what) end
  return ok
end

-- ---- an independent judge of the shapes that turn ---------------------------
-- The corners of each turned polygon of the level, in the world, from the
-- level's own numbers (Game.COURSE, Game.TURNER and Game.turner_angle at the
-- game's time): x, y pairs, counter-clockwise.
local function turned(corners, angle, ox, oy)
  local c, s = math.cos(angle), math.sin(angle)
  local out = {}
  for k, p in ipairs(corners) do
    out[k] = { ox + c * p[1] - s * p[2], oy + s * p[1] + c * p[2] }
  end
  return out
end
Smoke.turned = turned

function Smoke:turned_shapes(g)
  local list = {}
  for _, piece in ipairs(self.Game.COURSE) do
    list[#list + 1] = { name = piece.name, id = g.ids[piece.name],
      corners = turned(piece.corners, piece.angle, piece.at[1], piece.at[2]) }
  end
  local T = self.Game.TURNER
  local ex, ey = T.extents[1], T.extents[2]
  list[#list + 1] = { name = "turner", id = g.ids.turner,
    corners = turned({ { -ex, -ey }, { ex, -ey }, { ex, ey }, { -ex, ey } },
                     self.Game.turner_angle(g.time), T.pivot[1], T.pivot[2]) }
  return list
end

-- How far the box at (cx, cy) of half-extents (ex, ey) is from the convex
-- polygon `corners` (counter-clockwise): the largest gap between their
-- projections over the separating axes of two convex polygons, x, y and
-- each edge's normal (positive: apart by that much at least; negative: they
-- overlap, by at least that much along every axis).
local function box_polygon_gap(cx, cy, ex, ey, corners)
  local gap = -math.huge
  local function axis(nx, ny)
    local l = math.sqrt(nx * nx + ny * ny)
    nx, ny = nx / l, ny / l
    local lo, hi = math.huge, -math.huge
    for _, p in ipairs(corners) do
      local d = p[1] * nx + p[2] * ny
      lo, hi = math.min(lo, d), math.max(hi, d)
    end
    local c, r = cx * nx + cy * ny, ex * math.abs(nx) + ey * math.abs(ny)
    gap = math.max(gap, lo - (c + r), (c - r) - hi)
  end
  axis(1, 0)
  axis(0, 1)
  for k = 1, #corners do
    local a, b = corners[k], corners[k % #corners + 1]
    axis(b[2] - a[2], a[1] - b[1])
  end
  return gap
end
Smoke.box_polygon_gap = box_polygon_gap

-- The names of the turned shapes the box is inside (deeper than 1e-6 m:
-- the mover keeps a skin of 1e-4 of the box's size from every surface),
-- and the smallest gap to any of them.
function Smoke:inside_turned(g, p, e)
  local list, closest = {}, math.huge
  for _, t in ipairs(self:turned_shapes(g)) do
    local gap = box_polygon_gap(p.x, p.y, e.x, e.y, t.corners)
    closest = math.min(closest, gap)
    if gap < -1e-6 then list[#list + 1] = ("%s (%.3g m deep)"):format(t.name, -gap) end
  end
  return list, closest
end

function Smoke:make_scenes()
  local V = self.V
  local NPC_E = self.Game.NPC_EXTENTS
  local S = {}
  local function scene(t) S[#S + 1] = t end
  local rest

  scene { name = "standing still on the ground", frames = 120, at = V(2, 0.75),
    input = {},
    each = function(s, g, f)
      if f > 10 then
        s:check(g.grounded, "not grounded")
        if f == 11 then rest = g.pos end
        s:check(g.pos == rest, ("jitter: %s then %s"):format(tostring(rest), tostring(g.pos)))
      end
    end }

  scene { name = "jumping up through a one-way platform and landing on it",
    frames = 90, at = V(4, 0.7001), input = function(f) return { jump = f == 3 } end,
    done = function(s, g)
      s:check(g.ground and g.world:data(g.ground.id) == "oneway",
        "not standing on the one-way platform")
      s:check(math.abs(g.pos.y - (2.6 + 0.7)) < 1e-3, "not on its top: y = " .. g.pos.y)
    end }

  scene { name = "running at the thin wall at 320 m/s (5 m a frame)", frames = 30,
    at = V(6, 0.75), input = { right = true, dash = 40 },
    each = function(s, g)
      if g.pos.x > 12 - 0.05 - 0.4 then
        s.tunneled = s.tunneled + 1
        s:fail("beyond the thin wall: x = " .. g.pos.x)
      end
    end }

  scene { name = "running back at it from the other side", frames = 30,
    at = V(13.5, 0.75), input = { left = true, dash = 40 },
    each = function(s, g)
      if g.pos.x < 12 + 0.05 + 0.4 then
        s.tunneled = s.tunneled + 1
        s:fail("beyond the thin wall: x = " .. g.pos.x)
      end
    end }

  -- the height of the ground under the player's box at x (the level's
  -- own profile, from its numbers: the stairs, the ramp, the plateau)
  local t20 = math.tan(math.rad(20))
  local function ground_at(x)
    local y = 0
    if x >= 14 and x <= 16 then y = 0.3 end
    if x >= 14.5 and x <= 15.5 then y = 0.6 end
    if x > 18 and x < 24 then y = (x - 18) * t20 end
    if x >= 24 and x <= 28 then y = 6 * t20 end
    return y
  end
  local function highest(x, e)
    local y = 0
    for k = -8, 8 do y = math.max(y, ground_at(x + k / 8 * e)) end
    return y
  end
  -- grounded, with the bottom on the ground under it (to a skin's
  -- rounding), every frame from the second
  local function on_ground(s, g, f)
    if f > 1 then
      s:check(g.grounded, "not grounded at " .. tostring(g.pos))
      local gap = g.pos.y - g.extents.y - highest(g.pos.x, g.extents.x)
      s:check(gap > -1e-6 and gap < 1e-3, "off the ground by " .. gap .. " at " .. tostring(g.pos))
    end
  end

  scene { name = "up the stairs (30 cm steps, 50 cm treads) and down them", frames = 60,
    at = V(13, 0.7001), input = { right = true }, each = on_ground,
    done = function(s, g) s:check(g.pos.x > 16.5, "stuck at the stairs: x = " .. g.pos.x) end }

  scene { name = "back up the stairs and down them, walking left", frames = 60,
    at = V(17, 0.7001), input = { left = true }, each = on_ground,
    done = function(s, g) s:check(g.pos.x < 13.5, "stuck at the stairs: x = " .. g.pos.x) end }

  scene { name = "walking up the 20 degree ramp (its foot on the ground) onto the plateau",
    frames = 60, at = V(17, 0.7001), input = { right = true }, each = on_ground,
    done = function(s, g)
      s:check(g.pos.x > 24.5, "did not reach the plateau: x = " .. g.pos.x)
    end }

  scene { name = "over the crest and down the 20 degree ramp", frames = 75,
    at = V(27, 6 * t20 + 0.7001), input = { left = true }, each = on_ground,
    done = function(s, g)
      s:check(g.pos.x < 17.5, "did not reach the ground: x = " .. g.pos.x)
    end }

  -- walking up the ramp, then down it, stopping on it each time: grounded
  -- every frame, and still from the third frame of each stop on
  scene { name = "stopping on the ramp walking up it, then walking down it", frames = 160,
    at = V(17, 0.7001),
    input = function(f) return { right = f <= 40, left = f > 80 and f <= 100 } end,
    each = function(s, g, f)
      on_ground(s, g, f)
      if f == 43 or f == 103 then rest = g.pos end
      if (f > 43 and f <= 80) or f > 103 then
        s:check(g.pos == rest,
          "moved when stopped: " .. tostring(rest) .. " then " .. tostring(g.pos))
      end
      if f == 80 then
        s:check(g.pos.x > 19 and g.pos.x < 23, "not on the ramp: " .. tostring(g.pos))
      end
    end }

  scene { name = "standing on the ramp without sliding down", frames = 60,
    at = V(21, 0.75 + 3 * math.tan(math.rad(20)) + 0.2), input = {},
    each = function(s, g, f)
      if f == 20 then rest = g.pos end
      if f > 20 then
        s:check(g.grounded, "not grounded")
        s:check(g.pos == rest, "slid: " .. tostring(rest) .. " then " .. tostring(g.pos))
      end
    end }

  scene { name = "walking into the 60 degree slope: never climbs it", frames = 60,
    at = V(31, 0.7005), input = { left = true },
    each = function(s, g)
      s:check(g.pos.y <= 0.7 + 1e-3, "climbed the steep slope: y = " .. g.pos.y)
    end }

  -- dropped on the 60 degree slope, too steep to stand on: it slides down
  -- as gravity would (g sin 60 = 26 m/s^2 along it: the 1.3 m to its foot
  -- in about 19 frames; it crept down at 1.5 m/s once, some 50 frames)
  scene { name = "sliding down the 60 degree slope as gravity would", frames = 40,
    at = V(28.6 + 0.4 + 1e-3, 6 * t20 - 0.6 * math.tan(math.rad(60)) + 0.7 + 0.05),
    input = {},
    each = function(s, g, f)
      if not s.down and g.grounded and g.pos.y < 0.7 + 1e-3 then s.down = f end
    end,
    done = function(s)
      s:check(s.down and s.down <= 26, "not at the foot of the slope by frame 26: "
        .. tostring(s.down))
    end }

  scene { name = "riding the moving platform", frames = 360,
    at = function(g) return g:platform_at(g.time) + V(0.3, 0.2 + 0.7 + 0.05) end,
    input = {},
    each = function(s, g, f)
      local pid = g.ids.platform
      local place = select(2, g.world:get(pid))
      if f > 30 then
        s:check(g.grounded and g.ground and g.ground.id == pid, "not standing on the platform")
        local off = g.pos - place
        if f == 31 then s.offset = off end
        s:check((off - s.offset):length() < 1e-3,
          "slipped on the platform: offset " .. tostring(off) .. " was " .. tostring(s.offset))
      end
    end }

  -- ---- the shapes that turn ----
  local Game = self.Game
  local T = Game.TURNER
  local tx, ty = T.pivot[1], T.pivot[2]
  local tex, tey = T.extents[1], T.extents[2]
  local turner_corners = { { -tex, -tey }, { tex, -tey }, { tex, tey }, { -tex, tey } }

  -- the turning platform: dropped on it while it is level, 1 m right of
  -- its pivot, then 1.7 m left of it (near its end), the player rides it
  -- for 420 frames (a rock each way and back, 30 degrees each way)
  -- pressing no key: standing on it every frame, touching it (a skin
  -- away), never slipping along it. Without slip the box's touching corner
  -- stays where it is on the plank; the box does not turn, so its bottom's
  -- middle moves along the plank by 0.4 (1 - cos a) each way as the plank
  -- turns by a: 0.8 (1 - cos 30 deg) = 0.107 m in all, 1 cm more allowed
  -- for the carry's chord of each step's arc.
  self.rides = {}
  for _, spot in ipairs({ 1, -1.7 }) do
    local ride = { spot = spot, frames = 0 }
    self.rides[#self.rides + 1] = ride
    scene { name = ("riding the turning platform, %g m from its pivot"):format(spot),
      frames = 420, shot = spot == 1 and 250 or nil, time = 0,
      at = function(g)
        local p = turned({ { spot, tey } }, Game.turner_angle(g.time), tx, ty)[1]
        return V(p[1], p[2] + 0.7 + 0.05)
      end,
      input = {},
      each = function(s, g, f)
        local id = g.ids.turner
        local a = Game.turner_angle(g.time)
        local _, _, _, rot = g.world:get(id)
        local wa = type(rot) == "number" and rot or 2 * (math.atan2 or math.atan)(rot.z, rot.w)
        s:check(math.abs(wa - a) < 1e-9, ("the world turned it to %.17g, the game to %.17g")
          :format(wa, a))
        if f <= 20 then return end
        local gap = box_polygon_gap(g.pos.x, g.pos.y, g.extents.x, g.extents.y,
                                    turned(turner_corners, a, tx, ty))
        s:check(g.grounded and g.ground and g.ground.id == id,
                "not standing on the turning platform")
        s:check(gap < 0.01, "not on the turning platform: " .. gap .. " m above it")
        local dx, dy = g.pos.x - tx, g.pos.y - g.extents.y - ty
        local along = math.cos(a) * dx + math.sin(a) * dy
        local r = ride
        if r.frames == 0 then
          r.amin, r.amax, r.lo, r.hi, r.gmin, r.gmax = a, a, along, along, gap, gap
          r.allowed = 0.8 * (1 - math.cos(T.amplitude)) + 0.01
        end
        r.frames = r.frames + 1
        r.amin, r.amax = math.min(r.amin, a), math.max(r.amax, a)
        r.lo, r.hi = math.min(r.lo, along), math.max(r.hi, along)
        r.gmin, r.gmax = math.min(r.gmin, gap), math.max(r.gmax, gap)
        r.slip = r.hi - r.lo
        s:check(r.slip <= r.allowed, ("slipped along the turning platform: %.4g m")
          :format(r.slip))
      end,
      done = function(s)
        s:check(ride.frames > 0 and ride.amax - ride.amin > 2 * T.amplitude * 0.99,
                "the ride did not see the platform turn both ways")
      end }
  end

  -- dropped onto each turned piece of the course, 1 m above its highest
  -- corner over its frame's origin: lands on it and stands still
  for _, piece in ipairs(Game.COURSE) do
    local corners = turned(piece.corners, piece.angle, piece.at[1], piece.at[2])
    local top = -math.huge
    for _, c in ipairs(corners) do top = math.max(top, c[2]) end
    scene { name = "landing on the course's " .. piece.name, frames = 60,
      at = V(piece.at[1], top + 0.7 + 1), input = {},
      each = function(s, g, f)
        if f == 40 then rest = g.pos end
        if f >= 40 then
          s:check(g.grounded and g.ground and g.ground.id == g.ids[piece.name],
                  "not standing on the " .. piece.name)
          s:check(g.pos == rest, "moved on the " .. piece.name .. ": " .. tostring(rest)
                  .. " then " .. tostring(g.pos))
        end
      end }
  end

  -- dropped from 20 m above the 15 degree plank at 300 m/s (5 m a frame),
  -- onto its 30 cm: stops on it, never below it
  local up = Game.COURSE[1]
  scene { name = "dropped at 300 m/s onto the tilted plank", frames = 30,
    at = V(up.at[1], up.at[2] + 20), vel = V(0, -300), input = {},
    each = function(s, g)
      if g.pos.y < up.at[2] then
        s.tunneled = s.tunneled + 1
        s:fail("below the tilted plank: y = " .. g.pos.y)
      end
    end,
    done = function(s, g)
      s:check(g.grounded and g.ground and g.ground.id == g.ids[up.name],
              "not on the tilted plank")
    end }

  -- a player's run from the upper one-way platform to the turning
  -- platform: running right, jumping at each edge (nothing under the
  -- box's front) or when blocked (the NPC there), letting go of the key
  -- once over the turning platform's right half, then riding it
  scene { name = "running the course from the one-way platform onto the turning platform",
    frames = 420, at = V(6, 4.6 + 0.7 + 1e-3),
    input = function(f, g)
      local w, tid = g.world, g.ids.turner
      local on_turner = g.ground and g.ground.id == tid
      local front = g.pos + V(0.7, -0.6)
      local ground_ahead = w:raycast(front, front - V(0, 1.5), Game.LAYER.level)
      local blocked = false
      for _, c in ipairs(g.contacts) do blocked = blocked or c.normal.x < -0.5 end
      return { right = g.pos.x < T.pivot[1] + 0.6,
               jump = f > 1 and g.grounded and not on_turner and (blocked or not ground_ahead) }
    end,
    each = function(s, g, f)
      s.visited = s.visited or {}
      if g.ground then s.visited[g.world:data(g.ground.id)] = true end
      if g.ground and g.ground.id == g.ids.turner then
        s.riding = s.riding or f
      elseif s.riding then
        s:fail("fell off the turning platform")
      end
    end,
    done = function(s)
      s:check(s.visited.course, "never stood on the course")
      s:check(s.riding and s.riding < 300, "not on the turning platform by frame 300: "
              .. tostring(s.riding))
    end }

  scene { name = "running and jumping over the course and the turning platform at 2x speed",
    frames = 600, at = V(up.at[1], up.at[2] + 1.5),
    input = function(f)
      local dir = math.floor(f / 100) % 2 == 0
      return { right = dir, left = not dir, jump = f % 29 == 0, dash = 2 }
    end }

  -- the NPC by the right wall (npc.lua) comes walking at the player, who
  -- walks at it: it blocks the player (and the player it), neither ever in
  -- the other; then the player shoots it
  local function npc_blocks(s, g, f)
    local npc = g.npcs[1]
    local gap = (npc.pos.x - NPC_E[1]) - (g.pos.x + g.extents.x)
    s:check(gap >= -1e-9, "the player is in the NPC: gap " .. gap)
    for _, c in ipairs(g.contacts) do
      if c.id == npc.id then s.met = s.met or f end
    end
  end
  scene { name = "an NPC blocks the player; a bullet hits it", frames = 120,
    at = V(46, 0.7001),
    input = function(f) return { right = f <= 100, shoot = f == 110 } end,
    each = npc_blocks,
    done = function(s, g)
      local npc = g.npcs[1]
      s:check(s.met, "never touched the NPC")
      s:check(g.shot and g.shot.id == npc.id, "the bullet missed the NPC")
      s:check(g.shot and g.shot.point and
              math.abs(g.shot.point.x - (npc.pos.x - NPC_E[1])) < 1e-9,
              "the bullet did not hit the NPC's face: " .. tostring(g.shot and g.shot.point))
      s:check(npc.grounded, "the NPC is not on the ground")
    end }

  -- on the upper one-way platform, at its left end, facing its NPC: the
  -- NPC walks at the player and is blocked (the generic checks: neither in
  -- the other); the bullet hits it
  scene { name = "a bullet along the one-way platform hits its NPC", frames = 60,
    at = V(5.5, 4.6 + 0.7 + 1e-3),
    input = function(f) return { shoot = f == 1 } end,
    done = function(s, g)
      local npc = g.npcs[2]
      s:check(g.grounded and g.ground and g.world:data(g.ground.id) == "oneway",
              "not on the one-way platform")
      s:check(g.shot and g.shot.id == npc.id, "the bullet missed the NPC on the platform")
      s:check(npc.grounded and npc.pos.y > 4.6, "the NPC fell off its platform")
    end }

  scene { name = "running and jumping everywhere at 5x speed", frames = 600, at = V(2, 0.75),
    input = function(f)
      local dir = math.floor(f / 120) % 2 == 0
      return { right = dir, left = not dir, jump = f % 37 == 0, dash = 5 }
    end }
  return S
end

-- The ids of the solid shapes the box at p of half-extents e overlaps
-- (shrunk by a rounding margin), itself (self_id) left out: one-way
-- platforms are not solid from below.
function Smoke.overlapping(_, g, p, e, self_id)
  local list = {}
  for _, id in ipairs(g.world:overlap_aabb(p, e * (1 - 1e-6))) do
    if id ~= self_id and g.world:data(id) ~= "oneway" then list[#list + 1] = id end
  end
  return list
end

-- One frame; returns the game to draw.
function Smoke:update(dt)
  if self.done then return self.game end
  if self.scene == 0 or self.frame >= self.scenes[self.scene].frames then
    local sc = self.scenes[self.scene]
    if sc and sc.done then sc.done(self, self.game) end
    self.scene, self.frame = self.scene + 1, 0
    sc = self.scenes[self.scene]
    if not sc then return self:finish() end
    self.game = self.Game.new(self.collide)
    self.game:set_time(sc.time or self.scene * 3.7)
    self.game:place(type(sc.at) == "function" and sc.at(self.game) or sc.at)
    if sc.vel then self.game.vel = sc.vel end
    self.log[#self.log + 1] = sc.name
  end
  local sc, g = self.scenes[self.scene], self.game
  self.frame = self.frame + 1
  self.frames = self.frames + 1
  local input = type(sc.input) == "function" and sc.input(self.frame, g) or sc.input
  g:step(dt, input)
  local inside = self:overlapping(g, g.pos, g.extents, g.player)
  if #inside > 0 then
    self.inside = self.inside + 1
    self:fail("inside " .. table.concat(inside, ", ") .. " at " .. tostring(g.pos))
  end
  local turned_in, closest = self:inside_turned(g, g.pos, g.extents)
  if closest < self.closest then
    self.closest, self.closest_at = closest, ("%s, frame %d"):format(sc.name, self.frame)
  end
  if #turned_in > 0 then
    self.inside = self.inside + 1
    self:fail("inside " .. table.concat(turned_in, ", ") .. " at " .. tostring(g.pos))
  end
  for i, npc in ipairs(g.npcs) do
    local e = self.V(self.Game.NPC_EXTENTS[1], self.Game.NPC_EXTENTS[2])
    local ids = self:overlapping(g, npc.pos, e, npc.id)
    if #ids > 0 then
      self.inside = self.inside + 1
      self:fail(("NPC %d inside %s at %s"):format(i, table.concat(ids, ", "), tostring(npc.pos)))
    end
  end
  if sc.each then sc.each(self, g, self.frame) end
  if sc.shot == self.frame then
    love.graphics.captureScreenshot(function(image)
      local f = io.open(self.out, "wb")
      if f then
        f:write(image:encode("png"):getString())
        f:close()
        self.shot = true
      end
    end)
  end
  return g
end

function Smoke:finish()
  self.done = true
  local p = print
  local major, minor, revision = love.getVersion()
  p(("platformer-smoke: LÖVE %d.%d.%d, %s, collide %s, backend %s"):format(
    major, minor, revision, jit and jit.version or _VERSION, self.collide._VERSION,
    self.collide.backend))
  for i, name in ipairs(self.log) do p(("  scene %d: %s"):format(i, name)) end
  p(("frames: %d, frames inside a solid shape: %d, tunneled: %d"):format(
    self.frames, self.inside, self.tunneled))
  p(("closest the player came to a turned shape (this file's test): %.3g m (%s)"):format(
    self.closest, self.closest_at or "-"))
  for _, r in ipairs(self.rides) do
    if r.frames > 0 then
      p(("turning platform, %g m from its pivot: ridden %d frames, turned %.3f to %.3f rad; "
         .. "slip along it %.3g m (%.3g m allowed), gap to it %.3g to %.3g m"):format(r.spot,
         r.frames, r.amin, r.amax, r.slip, r.allowed, r.gmin, r.gmax))
    end
  end
  for _, f in ipairs(self.failures) do p("  " .. f) end
  if not self.shot then self.failures[#self.failures + 1] = "no screenshot" end
  if self.shot then p("screenshot: " .. self.out) end
  if #self.failures > 0 or self.tunneled > 0 or self.inside > 0 then
    p("FAILED")
    io.stdout:flush()
    love.event.quit(1)
  else
    p("OK")
    io.stdout:flush()
    love.event.quit(0)
  end
  return self.game
end

function Smoke:draw()
  local sc = self.scenes[self.scene]
  love.graphics.setColor(1, 1, 1)
  if sc then love.graphics.print("smoke: " .. sc.name, 10, 30) end
end

return Smoke
