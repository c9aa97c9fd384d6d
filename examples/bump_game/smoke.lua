--- The scripted check of the bump.lua-API game (love examples/bump_game
-- --smoke): scenes of scripted and random input, the player sometimes
-- running ten or a hundred times too fast, and every frame judged by a
-- checker that does not use the library: the walls' rectangles are read
-- from the game's map, and a plain interior test says whether the player,
-- a walker or a bolt ends inside a wall (or the player inside a walker, a
-- walker inside another). It also checks that each record (x, y, w, h) is
-- what world:getRect says, that the bolt hits a walker, that coins and the
-- spring are met. Prints a report, saves a screenshot and quits with 0 only
-- when every check held.

local Smoke = {}
Smoke.__index = Smoke

function Smoke.new(Game, bump, out)
  local self = setmetatable({ Game = Game, bump = bump, out = out, scene = 0, frame = 0,
                              failures = {}, frames = 0, inside = 0, log = {},
                              events = {} }, Smoke)
  -- the walls, from the map: the checker's own list
  self.walls = {}
  for row, line in ipairs(Game.MAP) do
    for col = 1, #line do
      if line:sub(col, col) == "#" then
        self.walls[#self.walls + 1] = { (col - 1) * Game.TILE, (row - 1) * Game.TILE,
                                        Game.TILE, Game.TILE }
      end
    end
  end
  self.scenes = Smoke.make_scenes()
  return self
end

function Smoke:fail(what)
  if #self.failures < 20 then
    self.failures[#self.failures + 1] = ("%s, frame %d: %s"):format(
      self.scenes[self.scene].name, self.frame, what)
  end
end

-- interiors meet
local function inside(x, y, w, h, r)
  return x < r[1] + r[3] and r[1] < x + w and y < r[2] + r[4] and r[2] < y + h
end

function Smoke.make_scenes()
  local state = 2024
  local function rnd()
    state = (state * 16807) % 2147483647
    return state / 2147483647
  end
  local S = {}
  S[#S + 1] = { name = "standing on the floor, shooting right at the walker", frames = 150,
                input = function(f) return { shoot = f % 20 == 1 } end,
                done = function(s)
                  if not s.events.hit then s:fail("no bolt hit a walker") end
                end }
  S[#S + 1] = { name = "running right over the spring into the wall", frames = 120,
                input = { right = true },
                done = function(s)
                  if not s.events.spring then s:fail("never bounced on the spring") end
                end }
  S[#S + 1] = { name = "running at the walls 10 and 100 times too fast", frames = 240,
                input = function(f)
                  local dir = math.floor(f / 30) % 2 == 0
                  return { right = dir, left = not dir, jump = f % 45 == 0,
                           dash = f % 60 < 30 and 10 or 100 }
                end }
  S[#S + 1] = { name = "a long random play", frames = 3000,
                input = function()
                  local r = rnd()
                  return { right = r < 0.45, left = r > 0.6, jump = rnd() < 0.08,
                           shoot = rnd() < 0.05, dash = rnd() < 0.05 and 12 or 1 }
                end,
                done = function(s)
                  if not s.events.coin then s:fail("never picked up a coin") end
                end }
  return S
end

function Smoke:check_world(g)
  local world = g.world
  local movers = { g.player }
  for _, w in ipairs(g.walkers) do movers[#movers + 1] = w end
  for _, b in ipairs(g.bolts) do movers[#movers + 1] = b end
  for _, m in ipairs(movers) do
    local x, y, w, h = world:getRect(m)
    if x ~= m.x or y ~= m.y or w ~= m.w or h ~= m.h then
      self:fail(("%s's record %g,%g differs from getRect %g,%g"):format(m.kind, m.x, m.y, x, y))
    end
    for _, r in ipairs(self.walls) do
      if inside(x, y, w, h, r) then
        self.inside = self.inside + 1
        self:fail(("%s inside the wall at %d,%d: %.17g, %.17g"):format(m.kind, r[1], r[2], x, y))
      end
    end
  end
  -- player and walkers, walkers among themselves: solid to each other
  local solid = { g.player }
  for _, w in ipairs(g.walkers) do solid[#solid + 1] = w end
  for i = 1, #solid do
    for j = i + 1, #solid do
      local a, b = solid[i], solid[j]
      if inside(a.x, a.y, a.w, a.h, { b.x, b.y, b.w, b.h }) then
        self.inside = self.inside + 1
        self:fail(("%s inside %s"):format(a.kind, b.kind))
      end
    end
  end
  local W, H = #self.Game.MAP[1] * self.Game.TILE, #self.Game.MAP * self.Game.TILE
  local p = g.player
  if p.x < 0 or p.y < 0 or p.x > W or p.y > H then self:fail("the player left the map") end
end

function Smoke:update(dt)
  if self.done then return self.game end
  if self.scene == 0 or self.frame >= self.scenes[self.scene].frames then
    local sc = self.scenes[self.scene]
    if sc and sc.done then sc.done(self, self.game) end
    self.scene, self.frame, self.events = self.scene + 1, 0, {}
    sc = self.scenes[self.scene]
    if not sc then return self:finish() end
    self.game = self.Game.new(self.bump)
    self.log[#self.log + 1] = sc.name
  end
  local sc, g = self.scenes[self.scene], self.game
  self.frame = self.frame + 1
  self.frames = self.frames + 1
  local input = type(sc.input) == "function" and sc.input(self.frame) or sc.input
  g.events = {}
  g:step(dt, input)
  for _, e in ipairs(g.events) do self.events[e] = true end
  self:check_world(g)
  if self.scene == 4 and self.frame == 600 then
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
  local major, minor, revision = love.getVersion()
  print(("bump-game-smoke: LÖVE %d.%d.%d, %s, %s"):format(major, minor, revision,
        jit and jit.version or _VERSION, self.bump._VERSION))
  for i, name in ipairs(self.log) do print(("  scene %d: %s"):format(i, name)) end
  print(("frames: %d, frames with something inside a solid: %d"):format(self.frames,
                                                                        self.inside))
  for _, f in ipairs(self.failures) do print("  " .. f) end
  if not self.shot then self.failures[#self.failures + 1] = "no screenshot" end
  if self.shot then print("screenshot: " .. self.out) end
  if #self.failures > 0 or self.inside > 0 then
    print("FAILED")
    io.stdout:flush()
    love.event.quit(1)
  else
    print("OK")
    io.stdout:flush()
    love.event.quit(0)
  end
  return self.game
end

function Smoke:draw()
  local sc = self.scenes[self.scene]
  love.graphics.setColor(1, 1, 1)
  if sc then love.graphics.print("smoke: " .. sc.name, 10, 24) end
end

return Smoke
