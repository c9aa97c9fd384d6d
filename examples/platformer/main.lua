--- collide's platformer example (LÖVE 11.4): a rectangle player moved by
-- w:move_aabb through walls, a ledge, slopes, one-way platforms, a
-- moving platform, a course of turned convex shapes and a turning
-- platform, at any speed.
--
--     love examples/platformer              play: arrows or A/D to run, space
--                                           or W to jump, shift to run x5, F or X
--                                           to shoot, R reset
--     love examples/platformer --smoke [--out=FILE]
--                                           the scripted check (make platformer-smoke)
--
-- collide is found through COLLIDE_ROOT (default: two levels up), as in
-- examples/love.

local SMOKE, OUT = false, nil
for _, a in ipairs(arg or {}) do
  SMOKE = SMOKE or a == "--smoke"
  OUT = a:match("^%-%-out=(.+)$") or OUT
end
if SMOKE then
  love.errorhandler = function(msg)
    io.stderr:write("platformer-smoke: error: " .. tostring(msg) .. "\n"
      .. debug.traceback("", 2) .. "\n")
    io.stderr:flush()
    return function() return 2 end
  end
end

local root = os.getenv("COLLIDE_ROOT")
if not root or root == "" then root = love.filesystem.getSource() .. "/../.." end
root = root:gsub("/+$", "")
package.path = root .. "/lua/?.lua;" .. root .. "/lua/?/init.lua;" .. package.path
package.cpath = root .. "/build/5.1/?.so;" .. package.cpath

local collide = require "collide"
local draw = require "collide.debug"
local Game = require "game"
local Smoke = require "smoke"

local DT = 1 / 60
local game, smoke
local shoot = false         -- F or X pressed since the last step

function love.load()
  love.graphics.setNewFont(13)
  game = Game.new(collide)
  if SMOKE then smoke = Smoke.new(Game, collide, OUT or "platformer.png") end
end

function love.update(dt)
  if smoke then
    game = smoke:update(DT) or game
    return
  end
  local k = love.keyboard.isDown
  game:step(math.min(dt, 1 / 30), {
    left = k("left", "a"), right = k("right", "d"), jump = k("space", "up", "w"),
    dash = k("lshift", "rshift") and 5 or 1, shoot = shoot,
  })
  shoot = false
end

function love.keypressed(key)
  if key == "r" then game = Game.new(collide) end
  if key == "f" or key == "x" then shoot = true end
  if key == "escape" then love.event.quit() end
end

function love.draw()
  love.graphics.clear(0.08, 0.09, 0.12)
  game:draw(draw)
  love.graphics.setColor(1, 1, 1)
  local p, v = game.pos, game.vel
  love.graphics.print(string.format(
    "collide %s (%s)   pos %.2f %.2f   vel %.2f %.2f   %s%s", collide._VERSION,
    collide.backend, p.x, p.y, v.x, v.y, game.grounded and "grounded" or "in the air",
    game.ground and (" on " .. tostring(game.world:data(game.ground.id))) or ""), 10, 10)
  if smoke then smoke:draw() end
end
