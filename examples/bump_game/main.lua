--- A game written for bump.lua, running on collide.bump (LÖVE 11.4).
--
--     love examples/bump_game              play: arrows or A/D, space or W to
--                                          jump, F or X to shoot, R to restart
--     love examples/bump_game --smoke [--out=FILE]
--                                          the scripted check (make bump-game-smoke)
--
-- game.lua uses nothing but bump.lua's README API. The one line that picks
-- the library is below: BUMP_MODULE=bump plays the same game on bump.lua
-- (with bump.lua on package.path). collide is found through COLLIDE_ROOT
-- (default: two levels up), as in the other examples.

local SMOKE, OUT = false, nil
for _, a in ipairs(arg or {}) do
  SMOKE = SMOKE or a == "--smoke"
  OUT = a:match("^%-%-out=(.+)$") or OUT
end
if SMOKE then
  love.errorhandler = function(msg)
    io.stderr:write("bump-game-smoke: error: " .. tostring(msg) .. "\n"
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

local bump = require(os.getenv("BUMP_MODULE") or "collide.bump")
local Game = require "game"

local DT = 1 / 60
local game, smoke
local shoot = false

function love.load()
  love.graphics.setNewFont(13)
  game = Game.new(bump)
  if SMOKE then smoke = require("smoke").new(Game, bump, OUT or "bump_game.png") end
end

function love.update(dt)
  if smoke then
    game = smoke:update(DT) or game
    return
  end
  local k = love.keyboard.isDown
  game:step(math.min(dt, 1 / 30), { left = k("left", "a"), right = k("right", "d"),
                                     jump = k("space", "up", "w"), shoot = shoot })
  shoot = false
end

function love.keypressed(key)
  if key == "r" then game = Game.new(bump) end
  if key == "f" or key == "x" then shoot = true end
  if key == "escape" then love.event.quit() end
end

function love.draw()
  love.graphics.clear(0.08, 0.09, 0.12)
  game:draw()
  love.graphics.setColor(1, 1, 1)
  love.graphics.print(("%s   coins %d   walkers in sight %d%s"):format(
    bump._VERSION, game.coins, game.seen or 0, game.won and "   EXIT!" or ""), 10, 8)
  if smoke then smoke:draw() end
end
