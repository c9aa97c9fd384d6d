--- A platformer level made in Tiled (map.lua, its Lua export) and loaded
-- with collide.tiled: the tile layer's walls and floor merged into a few
-- boxes, one-way platforms (rectangles whose property oneway is true), a
-- concave cave rock (a polygon, cut into convex pieces), a ramp (a
-- polyline) and a boulder (an ellipse). A rectangle player is moved by one
-- w:move_aabb a step. Units are the map's pixels, y down as in Tiled and
-- LÖVE. This file does not need LÖVE (main.lua draws), so it runs anywhere.

local Game = {}
Game.__index = Game

local GRAVITY = 900         -- px/s^2
local RUN = 140             -- px/s
local JUMP = 380            -- px/s at take-off

function Game.new(collide, map)
  local V = collide.vec3
  local self = setmetatable({ collide = collide, V = V, map = map }, Game)
  self.world = collide.tiled(map)
  self.extents = V(6, 11)                -- the player: 12 x 22 px
  self.pos = V(64, 320 - 11 - 0.01)
  self.vel = V(0, 0)
  self.grounded, self.ground, self.contacts = false, nil, {}
  self.options = {
    up = V(0, -1), velocity = self.vel, step_height = 4, snap = 3,
    stop_on_slope = true,
    -- one-way platforms: solid from above only (Tiled property oneway)
    filter = function(_, data)
      return data.properties and data.properties.oneway and "oneway" or true
    end,
  }
  return self
end

--- Puts the player at p, at rest.
function Game:place(p)
  self.pos, self.vel = p, self.V(0, 0)
end

--- One step of dt seconds with the input {left =, right =, jump =, dash =}.
function Game:step(dt, input)
  local V = self.V
  local vx = ((input.right and 1 or 0) - (input.left and 1 or 0)) * RUN * (input.dash or 1)
  local vy = self.vel.y + GRAVITY * dt
  if input.jump and self.grounded then vy = -JUMP end
  if input.fall then vy = input.fall end
  local vel = V(vx, vy)
  self.options.velocity = vel
  self.from = self.pos
  self.pos, self.contacts, self.grounded, self.vel, self.ground =
    self.world:move_aabb(self.extents, self.pos, self.pos + vel * dt, self.options)
end

--- Draws the level and the player (needs LÖVE).
function Game:draw(draw)
  local lg = love.graphics
  local w = self.world
  local function oneway(_, _, data) return data.properties and data.properties.oneway end
  lg.setLineWidth(1)
  lg.setColor(0.45, 0.5, 0.6)
  draw.world(w, { mode = "fill", velocities = false, filter = function(id, kind, data)
    return not oneway(id, kind, data) and data.layer == "ground"
  end })
  lg.setColor(0.55, 0.45, 0.35)
  draw.world(w, { mode = "fill", velocities = false, filter = function(_, _, data)
    return data.layer == "rocks"
  end })
  lg.setColor(0.2, 0.2, 0.25)   -- the seams between the pieces
  draw.world(w, { mode = "line", velocities = false, filter = function(_, kind)
    return kind ~= "segment"
  end })
  lg.setColor(0.3, 0.8, 0.4)
  draw.world(w, { mode = "fill", velocities = false, filter = oneway })
  lg.setColor(1, 0.8, 0.2)
  draw.box(self.pos, self.extents, "fill")
  lg.setColor(1, 0.3, 0.3)
  for _, c in ipairs(self.contacts) do
    lg.line(c.point.x, c.point.y, c.point.x + c.normal.x * 10, c.point.y + c.normal.y * 10)
  end
end

return Game
