--- A platformer level made in Tiled (map.lua, its Lua export) and loaded
-- with collide.tiled: the tile layer's walls and floor merged into a few
-- boxes, one-way platforms (rectangles whose property oneway is true), a
-- concave cave rock (a polygon, cut into convex pieces), a ramp (a
-- polyline), a boulder (an ellipse), coins (circles whose property coin is
-- true) and a pit whose bottom kills (a rectangle whose property kill is
-- true). Coins and the kill zone are sensors: they block nothing, and the
-- world tells when the player begins touching them. The player is a box
-- of the world moved by one w:move_shape a step, so the whole game state
-- is the world, and w:save() / collide.load save and load the game. Units
-- are the map's pixels, y down as in Tiled and LÖVE. This file does not
-- need LÖVE (main.lua draws), so it runs anywhere.

local Game = {}
Game.__index = Game

local GRAVITY = 900         -- px/s^2
local RUN = 140             -- px/s
local JUMP = 380            -- px/s at take-off

local function options(V)
  return {
    up = V(0, -1), step_height = 4, snap = 3, stop_on_slope = true,
    -- one-way platforms: solid from above only (Tiled property oneway)
    filter = function(_, data)
      return data.properties and data.properties.oneway and "oneway" or true
    end,
  }
end

-- The game around a world that holds the level and the player (id
-- self.player, whose data keeps the score and the player's velocity).
local function around(collide, world, player)
  local V = collide.vec3
  local self = setmetatable({ collide = collide, V = V, world = world, player = player,
                              options = options(V), contacts = {}, events = {} }, Game)
  local me = world:data(player)
  local _, pos, extents = world:get(player)
  self.pos, self.extents = pos, extents
  self.vel, self.grounded = V(me.vx, me.vy), me.grounded
  self.spawn = V(me.spawn_x, me.spawn_y)
  return self
end

function Game.new(collide, map)
  local V = collide.vec3
  local world = collide.tiled(map)
  local sensors = {}
  for id, _, data in world:shapes() do
    local p = data.properties
    if p and (p.coin or p.kill) then sensors[#sensors + 1] = id end
  end
  for _, id in ipairs(sensors) do world:set_sensor(id, true) end
  local spawn = V(64, 320 - 11 - 0.01)
  local player = world:add_aabb(spawn, V(6, 11), {     -- the player: 12 x 22 px
    kind = "player", score = 0, coins = 0, deaths = 0, vx = 0, vy = 0, grounded = false,
    spawn_x = spawn.x, spawn_y = spawn.y })
  return around(collide, world, player)
end

--- The game as a string (the world's, with the player in it).
function Game:save()
  local me = self.world:data(self.player)
  me.vx, me.vy, me.grounded = self.vel.x, self.vel.y, self.grounded
  return self.world:save()
end

--- The game a string of Game:save() holds.
function Game.load(collide, s)
  local world = collide.load(s)
  for id, _, data in world:shapes() do
    if data.kind == "player" then return around(collide, world, id) end
  end
  error("no player in the saved game")
end

--- Puts the player at p, at rest.
function Game:place(p)
  self.world:update(self.player, p, self.extents)
  self.pos, self.vel = p, self.V(0, 0)
end

--- One step of dt seconds with the input {left =, right =, jump =, dash =}.
-- self.events is what the sensors said during it.
function Game:step(dt, input)
  local V = self.V
  local vx = ((input.right and 1 or 0) - (input.left and 1 or 0)) * RUN * (input.dash or 1)
  local vy = self.vel.y + GRAVITY * dt
  if input.jump and self.grounded then vy = -JUMP end
  if input.fall then vy = input.fall end
  local vel = V(vx, vy)
  self.options.velocity = vel
  self.from = self.pos
  local w = self.world
  self.pos, self.contacts, self.grounded, self.vel, self.ground =
    w:move_shape(self.player, self.pos + vel * dt, self.options)
  self.events = w:sensor_events()
  local me = w:data(self.player)
  for _, e in ipairs(self.events) do
    local p = e.event == "begin" and w:sensor(e.sensor) and w:data(e.sensor).properties
    if p and p.coin then                      -- picked up
      w:remove(e.sensor)
      me.coins, me.score = me.coins + 1, me.score + (p.value or 1)
    elseif p and p.kill then                  -- back to the start
      self:place(self.spawn)
      me.deaths = me.deaths + 1
      break
    end
  end
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
  draw.world(w, { mode = "line", velocities = false, filter = function(_, kind, data)
    return kind ~= "segment" and data.layer ~= "items" and data.kind ~= "player"
  end })
  lg.setColor(0.7, 0.15, 0.1)
  draw.world(w, { mode = "fill", velocities = false, filter = function(_, _, data)
    return data.properties and data.properties.kill
  end })
  lg.setColor(1, 0.85, 0.1)
  draw.world(w, { mode = "fill", velocities = false, filter = function(_, _, data)
    return data.properties and data.properties.coin
  end })
  lg.setColor(0.3, 0.8, 0.4)
  draw.world(w, { mode = "fill", velocities = false, filter = oneway })
  lg.setColor(0.3, 0.6, 1)
  draw.box(self.pos, self.extents, "fill")
  lg.setColor(1, 0.3, 0.3)
  for _, c in ipairs(self.contacts) do
    lg.line(c.point.x, c.point.y, c.point.x + c.normal.x * 10, c.point.y + c.normal.y * 10)
  end
end

return Game
