--- The platformer's NPCs: boxes that patrol, each a shape of the world
-- moved by w:move_shape with the player's controller options.
--
-- Being world shapes, they are met where they are by the player's move
-- (the player is a world shape too, so an NPC walking at the player stops
-- at it as well), by bullets (rays) and by each other; w:move_shape moves
-- the NPC's own shape and ignores it, so no mirror shape and no filter for
-- "myself" is needed. This file does not need LÖVE (Game:draw draws them).

local NPC = {}
NPC.__index = NPC

local GRAVITY = 30          -- m/s^2, as the player's (game.lua)
local WALK = 2.5            -- m/s
NPC.extents = { 0.3, 0.5 }  -- 0.6 x 1.0 m

--- An NPC of `game` standing at `at`, patrolling between x = lo and hi.
function NPC.new(game, at, lo, hi)
  local V, w = game.V, game.world
  local self = setmetatable({ game = game, lo = lo, hi = hi, dir = -1, pos = at,
                              vel = V(0, 0), grounded = false, contacts = {},
                              hit_at = -math.huge }, NPC)
  self.id = w:add_aabb(at, V(NPC.extents[1], NPC.extents[2]), "npc")
  w:set_layers(self.id, game.LAYER.npc)
  -- the player's options (one-way platforms included), its own velocity
  local o = game.options
  self.options = { up = o.up, velocity = self.vel, step_height = o.step_height,
                   snap = o.snap, stop_on_slope = o.stop_on_slope,
                   steep_as_wall = o.steep_as_wall, filter = o.filter }
  return self
end

--- One step of dt seconds: walk toward the end of the patrol, turning
-- there or when something blocks the way (the player, another NPC, a wall).
function NPC:step(dt)
  local V, w = self.game.V, self.game.world
  if self.pos.x <= self.lo then self.dir = 1 elseif self.pos.x >= self.hi then self.dir = -1 end
  local vel = V(self.dir * WALK, self.vel.y - GRAVITY * dt)
  self.options.velocity = vel
  self.pos, self.contacts, self.grounded, self.vel =
    w:move_shape(self.id, self.pos + vel * dt, self.options)
  for _, c in ipairs(self.contacts) do
    if c.normal.x * self.dir < -0.7 then
      self.dir = -self.dir
      break
    end
  end
end

--- Draws it (needs LÖVE): red for half a second after a bullet hit it.
function NPC:draw(draw, time)
  local lg = love.graphics
  if time - self.hit_at < 0.5 then lg.setColor(1, 0.25, 0.2) else lg.setColor(0.75, 0.4, 0.95) end
  draw.box(self.pos, self.game.V(NPC.extents[1], NPC.extents[2]), "fill")
end

return NPC
