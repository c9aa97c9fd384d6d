--- A 2D platformer on collide: a rectangle player moved with w:move_aabb.
--
-- The whole controller is the `Game:step` function below: read the input
-- into a velocity, add gravity, and hand both to one w:move_aabb call. The
-- world does the rest: sliding along walls and slopes, standing still on a
-- slope (stop_on_slope), not climbing steep ones (steep_as_wall), stepping
-- up small ledges (step_height), staying on the ground going down
-- (snap), riding the moving platform (carry), jumping up through one-way
-- platforms (the filter), and never passing through anything at any speed.
-- The course up in the air is convex shapes turned (w:add_convex), the
-- same to the mover as any other shape, and a plank that turns during
-- each step (w:set_spin, the turning platform) carries the player
-- standing on it.
--
-- The player and the NPCs (npc.lua) are shapes of the world, each moved by
-- w:move_shape: they meet each other, and bullets (rays) hit them.
--
-- World units are metres, y up; the level is drawn 40 pixels per metre.
-- This file does not need LÖVE (main.lua draws it), so it runs anywhere.

local NPC = require "npc"

local Game = {}
Game.__index = Game

local GRAVITY = 30          -- m/s^2
local RUN = 8               -- m/s
local JUMP = 13             -- m/s at take-off

function Game.new(collide)
  local V = collide.vec3
  local self = setmetatable({ collide = collide, V = V }, Game)
  local w = collide.world()
  self.world = w
  self.up = V(0, 1)
  self.extents = V(0.4, 0.7)              -- the player: 0.8 x 1.4 m
  -- the level: ground, walls, a thin wall, a step, slopes, platforms
  self.ids = {}
  local function solid(name, id) self.ids[name] = id return id end
  solid("ground", w:add_aabb(V(25, -1), V(25, 1), "ground"))
  solid("left", w:add_aabb(V(-0.5, 10), V(0.5, 10), "wall"))
  solid("right", w:add_aabb(V(50.5, 10), V(0.5, 10), "wall"))
  solid("thin", w:add_aabb(V(12, 2.5), V(0.05, 2.5), "wall"))    -- 10 cm thick
  -- stairs of 30 cm steps, 50 cm treads, up and down: the 30 cm ledge
  -- (14 to 16) with a second step on it (14.5 to 15.5, 60 cm)
  solid("step", w:add_aabb(V(15, 0.15), V(1, 0.15), "step"))
  solid("step2", w:add_aabb(V(15, 0.45), V(0.5, 0.15), "step"))
  -- a 20 degree ramp up to a plateau (its foot exactly on the ground, as a
  -- tile editor places it; its top a crest onto the plateau), and a 60
  -- degree one down from it
  local t20 = math.tan(math.rad(20))
  solid("ramp", w:add_polygon({ V(18, 0), V(24, 0), V(24, 6 * t20) }, "ramp"))
  solid("plateau", w:add_aabb(V(26, 6 * t20 / 2), V(2, 6 * t20 / 2), "plateau"))
  solid("steep", w:add_polygon({ V(28, 0), V(28 + 6 * t20 / math.tan(math.rad(60)), 0),
                                 V(28, 6 * t20) }, "steep"))
  -- one-way platforms: solid from above only
  solid("oneway1", w:add_aabb(V(4, 2.5), V(1.5, 0.1), "oneway"))
  solid("oneway2", w:add_aabb(V(7, 4.5), V(1.5, 0.1), "oneway"))
  -- a moving platform, going back and forth between x = 34 and 44, up and down
  self.platform_extents = V(1.5, 0.2)
  solid("platform", w:add_aabb(self:platform_at(0), self.platform_extents, "platform"))
  -- the rotated obstacle course up in the air, from the upper one-way
  -- platform rightwards: convex shapes turned (Game.COURSE), then the
  -- turning platform, a plank rocking about its middle
  for _, piece in ipairs(Game.COURSE) do
    local shape, at = collide.convex(piece.corners), V(piece.at[1], piece.at[2])
    solid(piece.name, w:add_convex(shape, at, piece.angle, "course"))
  end
  local T = Game.TURNER
  self.turner_shape = collide.convex_box(V(T.extents[1], T.extents[2], 0))
  self.turner_pivot = V(T.pivot[1], T.pivot[2])
  solid("turner", w:add_convex(self.turner_shape, self.turner_pivot, Game.turner_angle(0),
                               "turner"))
  self.time = 0
  self.pos = V(2, 0.7 + 1e-3)
  self.vel = V(0, 0)
  self.grounded, self.ground, self.contacts = false, nil, {}
  -- the player's options: made once, the velocity updated per step
  local up = self.up
  self.options = {
    up = up, velocity = self.vel,
    step_height = 0.35, snap = 0.4,
    stop_on_slope = true, steep_as_wall = true,
    -- one-way platforms are one word: solid only from above
    filter = function(_, data)
      return data == "oneway" and "oneway" or true
    end,
  }
  self:add_actors()
  return self
end

-- ---- the player and the NPCs: shapes of the world ---------------------------

-- Layers: the level (1, the default), the player, the NPCs; bullets hit
-- the level and the NPCs, not the player who shoots.
Game.LAYER = { level = 1, player = 2, npc = 4 }
Game.NPC_EXTENTS = NPC.extents
local BULLET_MASK = Game.LAYER.level + Game.LAYER.npc

-- The player's box joins the world, and two NPCs: one patrolling the
-- ground by the right wall, one the upper one-way platform.
function Game:add_actors()
  local V, w = self.V, self.world
  self.player = w:add_aabb(self.pos, self.extents, "player")
  w:set_layers(self.player, Game.LAYER.player)
  self.facing = 1
  self.npcs = {
    NPC.new(self, V(48, 0.5 + 1e-3), 46.9, 49.2),
    NPC.new(self, V(7, 4.6 + 0.5 + 1e-3), 5.9, 8.1),
  }
end

--- Puts the player at p (its shape too), at rest.
function Game:place(p)
  self.pos = p
  self.world:update(self.player, p, self.extents)
end

--- The player's move: its world shape moved by the controller.
function Game:move_player(to)
  return self.world:move_shape(self.player, to, self.options)
end

--- Every NPC's step, after the player's (they meet it where it is now).
function Game:step_npcs(dt)
  for _, npc in ipairs(self.npcs) do npc:step(dt) end
end

--- A bullet: a ray from the player's centre 30 m the way it faces. Keeps
-- {from =, to =, id =, point =} of the last one; an NPC hit flashes.
function Game:shoot()
  local V, w = self.V, self.world
  local from = self.pos
  local to = from + V(30 * self.facing, 0)
  local hit, _, point, _, _, id = w:raycast(from, to, BULLET_MASK)
  self.shot = { from = from, to = hit and point or to, id = hit and id or nil,
                point = hit and point or nil, time = self.time }
  for _, npc in ipairs(self.npcs) do
    if hit and npc.id == id then npc.hit_at = self.time end
  end
  return self.shot
end

-- Where the moving platform is at time t, and its motion over dt.
function Game:platform_at(t)
  return self.V(39 + 5 * math.sin(t * 0.8), 2 + 1.5 * math.sin(t * 1.6))
end

-- ---- shapes that turn: the rotated course and the turning platform ----------

-- The course: each piece a convex polygon, its corners (counter-clockwise,
-- in its own frame) turned by `angle` radians about z, its frame's origin
-- at `at`. Flat shapes (z = 0), as the player's box is: a 2D level.
local function plank(ex, ey)
  return { { -ex, -ey }, { ex, -ey }, { ex, ey }, { -ex, ey } }
end
local function regular(n, r)
  local corners = {}
  for k = 1, n do
    local a = 2 * math.pi * (k - 1) / n
    corners[k] = { r * math.cos(a), r * math.sin(a) }
  end
  return corners
end
Game.COURSE = {
  { name = "plank up", corners = plank(1.4, 0.15), at = { 14.2, 6.3 }, angle = math.rad(15) },
  { name = "diamond", corners = plank(0.55, 0.55), at = { 17.6, 6.6 }, angle = math.pi / 4 },
  { name = "plank down", corners = plank(1.5, 0.15), at = { 20.8, 7.6 }, angle = math.rad(-20) },
  { name = "hexagon", corners = regular(6, 0.9), at = { 23.6, 6.6 }, angle = 0.2 },
}
-- the turning platform: a 4.4 m plank about its middle at `pivot`,
-- rocking 30 degrees each way, once every 5.2 seconds
Game.TURNER = { extents = { 2.2, 0.2 }, pivot = { 28.4, 8.0 },
                amplitude = math.rad(30), rate = 1.2 }

--- The turning platform's angle at time t.
function Game.turner_angle(t)
  return Game.TURNER.amplitude * math.sin(Game.TURNER.rate * t)
end

--- Puts the moving and the turning platforms where they are at time t.
function Game:set_time(t)
  local w = self.world
  self.time = t
  w:update(self.ids.platform, self:platform_at(t), self.platform_extents)
  w:update(self.ids.turner, self.turner_shape, self.turner_pivot, Game.turner_angle(t))
end

--- One step of dt seconds with the input {left =, right =, jump =, dash =}.
-- The platform's motion over the step is given to the world as its
-- velocity before the player moves (so the player's sweep meets it where
-- it is during the step), and applied after.
function Game:step(dt, input)
  local V, w = self.V, self.world
  local pid = self.ids.platform
  local here = select(2, w:get(pid))
  w:set_velocity(pid, self:platform_at(self.time + dt) - here)
  -- the turning platform turns to its next angle during the step, as the
  -- moving platform moves: the player's sweeps meet it turning, and a
  -- player standing on it is carried (the spin from the angle the world
  -- holds, so that rounding never piles up)
  local tid = self.ids.turner
  local now = select(4, w:get(tid))
  w:set_spin(tid, Game.turner_angle(self.time + dt) - now)

  local vx = ((input.right and 1 or 0) - (input.left and 1 or 0)) * RUN * (input.dash or 1)
  local vy = self.vel.y - GRAVITY * dt
  if input.jump and self.grounded then vy = JUMP end
  local vel = V(vx, vy)
  self.options.velocity = vel
  self.from = self.pos
  self.pos, self.contacts, self.grounded, self.vel, self.ground =
    self:move_player(self.pos + vel * dt)
  if vx ~= 0 then self.facing = vx > 0 and 1 or -1 end
  self:step_npcs(dt)
  if input.shoot then self:shoot() end

  w:advance()
  self.time = self.time + dt
end

--- Draws the level and the player (needs LÖVE).
function Game:draw(draw)
  local lg = love.graphics
  local w = self.world
  lg.push()
  lg.translate(20, lg.getHeight() - 60)
  lg.scale(40 * (lg.getWidth() - 40) / 2040, -40 * (lg.getWidth() - 40) / 2040)
  lg.setLineWidth(0.05)
  lg.setColor(0.55, 0.6, 0.7)
  local other = { oneway = true, course = true, turner = true }
  draw.world(w, { mode = "fill", velocities = false, filter = function(_, _, data)
    return not other[data]
  end })
  lg.setColor(0.3, 0.8, 0.4)
  draw.world(w, { mode = "fill", filter = function(_, _, data) return data == "oneway" end })
  -- the rotated course, and the turning platform with its pivot
  lg.setColor(0.85, 0.55, 0.3)
  draw.world(w, { mode = "fill", filter = function(_, _, data) return data == "course" end })
  -- where the turning platform turns to, either way, faint; then itself
  lg.setColor(0.3, 0.75, 0.85, 0.25)
  draw.convex(self.turner_shape, self.turner_pivot, Game.TURNER.amplitude)
  draw.convex(self.turner_shape, self.turner_pivot, -Game.TURNER.amplitude)
  lg.setColor(0.3, 0.75, 0.85)
  draw.world(w, { mode = "fill", velocities = false,
                  filter = function(_, _, data) return data == "turner" end })
  lg.setColor(0.1, 0.2, 0.25)
  draw.circle(self.turner_pivot, 0.08, "fill")
  for _, npc in ipairs(self.npcs) do npc:draw(draw, self.time) end
  lg.setColor(1, 0.8, 0.2)
  draw.box(self.pos, self.extents, "fill")
  if self.shot and self.time - self.shot.time < 0.3 then
    lg.setColor(1, 1, 0.6)
    lg.line(self.shot.from.x, self.shot.from.y, self.shot.to.x, self.shot.to.y)
  end
  -- the contacts of the last step (red) and the ground (blue): normals
  local function normal(p, n, len)
    lg.line(p.x, p.y, p.x + n.x * len, p.y + n.y * len)
    lg.circle("fill", p.x, p.y, 0.08)
  end
  lg.setColor(1, 0.3, 0.3)
  for _, c in ipairs(self.contacts) do normal(c.point, c.normal, 0.6) end
  if self.ground then
    lg.setColor(0.3, 0.6, 1)
    normal(self.ground.point, self.ground.normal, 0.8)
  end
  lg.pop()
end

return Game
