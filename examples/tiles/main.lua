--- collide's tile-map example (LÖVE 11.4): a level made in Tiled
-- (map.lua, its Lua export) loaded with collide.tiled, a rectangle player
-- moved through it by w:move_shape, coins and a deadly pit as sensors,
-- and the game saved and loaded with w:save() / collide.load.
--
--     love examples/tiles               play: arrows or A/D to run, space or W
--                                       to jump, shift to run x5, R reset,
--                                       F5 save, F9 load (tiles.sav in LÖVE's
--                                       save directory)
--     love examples/tiles --smoke [--out=FILE]
--                                       the scripted check (smoke.lua) with a
--                                       screenshot; `luajit examples/tiles/smoke.lua`
--                                       runs the same check without LÖVE
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
    io.stderr:write("tiles-smoke: error: " .. tostring(msg) .. "\n"
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
local map, game, smoke

function love.load()
  love.graphics.setNewFont(12)
  map = love.filesystem.load("map.lua")()
  game = Game.new(collide, map)
  if SMOKE then smoke = Smoke.new(Game, collide, map) end
end

function love.update(dt)
  if smoke then
    local sc = smoke.scenes[smoke.scene]
    if sc and sc.shot == smoke.frame and not smoke.shooting then
      smoke.shooting = true
      love.graphics.captureScreenshot(function(image)
        local f = io.open(OUT or "tiles.png", "wb")
        if f then
          f:write(image:encode("png"):getString())
          f:close()
          smoke.shot = true
        end
      end)
    end
    if not smoke:update(DT) then
      local major, minor, revision = love.getVersion()
      print(("tiles-smoke: LÖVE %d.%d.%d, %s, collide %s, backend %s"):format(
        major, minor, revision, jit and jit.version or _VERSION, collide._VERSION, collide.backend))
      local ok = smoke:report(print) and smoke.shot
      print(smoke.shot and ("screenshot: " .. (OUT or "tiles.png")) or "no screenshot")
      io.stdout:flush()
      love.event.quit(ok and 0 or 1)
    end
    game = smoke.game or game
    return
  end
  local k = love.keyboard.isDown
  game:step(math.min(dt, 1 / 30), {
    left = k("left", "a"), right = k("right", "d"), jump = k("space", "up", "w"),
    dash = k("lshift", "rshift") and 5 or 1,
  })
end

local SAVE = "tiles.sav"

function love.keypressed(key)
  if key == "r" then game = Game.new(collide, map) end
  if key == "f5" then love.filesystem.write(SAVE, game:save()) end
  if key == "f9" and love.filesystem.getInfo(SAVE) then
    game = Game.load(collide, (love.filesystem.read(SAVE)))
  end
  if key == "escape" then love.event.quit() end
end

function love.draw()
  love.graphics.clear(0.08, 0.09, 0.12)
  game:draw(draw)
  love.graphics.setColor(1, 1, 1)
  local p = game.pos
  local on = game.ground and game.world:data(game.ground.id)
  love.graphics.print(string.format("collide %s (%s)  %d shapes in the world  pos %.1f %.1f  %s%s",
    collide._VERSION, collide.backend, game.world:count(), p.x, p.y,
    game.grounded and "grounded" or "in the air",
    on and (" on " .. on.layer .. (on.object and ("/" .. on.object) or "")) or ""), 20, 20)
  local me = game.world:data(game.player)
  love.graphics.print(string.format("score %d  coins %d  deaths %d   F5 save, F9 load",
    me.score, me.coins, me.deaths), 20, 36)
  if smoke and smoke.scenes[smoke.scene] then
    love.graphics.print("smoke: " .. smoke.scenes[smoke.scene].name, 20, 52)
  end
end
