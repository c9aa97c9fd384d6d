--- A small platformer written against bump.lua's README API only
-- (newWorld, add, remove, update, move with a filter, the four responses,
-- the collision fields, queryRect, querySegment, getRect): nothing in this
-- file knows collide. main.lua hands it the module: collide.bump, or
-- bump.lua itself (BUMP_MODULE=bump) to play the same game on it.
--
-- Tiles are walls ("slide"), coins are picked up on the way ("cross"),
-- springs throw the player back ("bounce"), the exit stops it ("touch"),
-- clouds are not there for anyone (nil). Walkers pace and turn at walls;
-- the player shoots bolts, which stop at the first thing they meet
-- ("touch") and are removed.

local Game = {}
Game.__index = Game

local TILE = 32
local GRAVITY, JUMP, RUN = 1400, 620, 220

-- # wall   c coin   s spring   e exit   ~ cloud   w walker   p player
local MAP = {
  "#########################",
  "#.......................#",
  "#...c.c.c..........c..e.#",
  "#..#######.....~~~~######",
  "#.................c.....#",
  "#......w.....#####......#",
  "#....#####..........c...#",
  "#..................~~~..#",
  "#.p.....s.....w.....c.#.#",
  "#########################",
}

function Game.new(bump)
  local self = setmetatable({ bump = bump, world = bump.newWorld(TILE * 2),
                              walkers = {}, coins = 0, bolts = {}, time = 0,
                              events = {} }, Game)
  for row, line in ipairs(MAP) do
    for col = 1, #line do
      local ch = line:sub(col, col)
      local x, y = (col - 1) * TILE, (row - 1) * TILE
      if ch == "#" then
        self.world:add({ kind = "wall" }, x, y, TILE, TILE)
      elseif ch == "c" then
        self.world:add({ kind = "coin" }, x + 10, y + 10, 12, 12)
      elseif ch == "s" then
        self.world:add({ kind = "spring" }, x, y + 24, TILE, 8)
      elseif ch == "e" then
        self.world:add({ kind = "exit" }, x + 4, y, 24, TILE)
      elseif ch == "~" then
        self.world:add({ kind = "cloud" }, x, y + 8, TILE, 16)
      elseif ch == "w" then
        local w = { kind = "walker", x = x + 4, y = y + 8, w = 24, h = 24, vx = 80, vy = 0 }
        self.world:add(w, w.x, w.y, w.w, w.h)
        self.walkers[#self.walkers + 1] = w
      elseif ch == "p" then
        self.player = { kind = "player", x = x + 6, y = y + 4, w = 20, h = 28, vx = 0, vy = 0,
                        facing = 1 }
        self.world:add(self.player, self.player.x, self.player.y, 20, 28)
      end
    end
  end
  return self
end

-- bump's README idiom: the filter says how the player meets each kind
local function player_filter(_, other)
  if other.kind == "wall" or other.kind == "walker" then return "slide"
  elseif other.kind == "coin" then return "cross"
  elseif other.kind == "spring" then return "bounce"
  elseif other.kind == "exit" then return "touch"
  end
  -- else nil: clouds and bolts are not there
end

local function walker_filter(_, other)
  if other.kind == "wall" or other.kind == "walker" or other.kind == "player" then
    return "slide"
  end
end

local function bolt_filter(_, other)
  if other.kind == "wall" or other.kind == "walker" then return "touch" end
end

function Game:move_player(dt, input)
  local p = self.player
  p.vx = ((input.right and 1 or 0) - (input.left and 1 or 0)) * RUN * (input.dash or 1)
  if p.vx ~= 0 then p.facing = p.vx > 0 and 1 or -1 end
  if input.jump and p.grounded then p.vy = -JUMP end
  p.vy = p.vy + GRAVITY * dt
  local goalX, goalY = p.x + p.vx * dt, p.y + p.vy * dt
  local actualX, actualY, cols, len = self.world:move(p, goalX, goalY, player_filter)
  p.x, p.y = actualX, actualY
  p.grounded = false
  for i = 1, len do
    local col = cols[i]
    local other = col.other
    if other.kind == "coin" then
      self.world:remove(other)
      self.coins = self.coins + 1
      self.events[#self.events + 1] = "coin"
    elseif other.kind == "spring" then
      p.vy = -JUMP * 1.3
      self.events[#self.events + 1] = "spring"
    elseif other.kind == "exit" then
      self.won = true
    elseif col.normal.y < 0 then
      p.grounded = true
      p.vy = 0
    elseif col.normal.y > 0 and p.vy < 0 then
      p.vy = 0   -- head against a ceiling
    end
  end
end

function Game:move_walkers(dt)
  for _, w in ipairs(self.walkers) do
    w.vy = w.vy + GRAVITY * dt
    local ax, ay, cols, len = self.world:move(w, w.x + w.vx * dt, w.y + w.vy * dt, walker_filter)
    w.x, w.y = ax, ay
    for i = 1, len do
      local n = cols[i].normal
      if n.y ~= 0 then w.vy = 0 end
      if n.x ~= 0 then w.vx = -w.vx end
    end
    -- turn at a ledge: nothing under the front foot
    local front = w.vx > 0 and w.x + w.w or w.x - 2
    local below = self.world:queryRect(front, w.y + w.h + 1, 2, 4, function(o)
      return o.kind == "wall"
    end)
    if #below == 0 and w.vy == 0 then w.vx = -w.vx end
  end
end

function Game:shoot()
  local p = self.player
  local b = { kind = "bolt", x = p.x + (p.facing > 0 and p.w or -8), y = p.y + 10,
              w = 8, h = 4, vx = 1800 * p.facing }
  -- a bolt fired from inside a wall is not fired
  local blocked = self.world:queryRect(b.x, b.y, b.w, b.h, function(o)
    return o.kind == "wall" or o.kind == "walker"
  end)
  if #blocked > 0 then return end
  self.world:add(b, b.x, b.y, b.w, b.h)
  self.bolts[#self.bolts + 1] = b
end

function Game:move_bolts(dt)
  for i = #self.bolts, 1, -1 do
    local b = self.bolts[i]
    local ax, ay, cols, len = self.world:move(b, b.x + b.vx * dt, b.y, bolt_filter)
    b.x, b.y = ax, ay
    if len > 0 or b.x < 0 or b.x > 2000 then
      if len > 0 and cols[1].other.kind == "walker" then
        self.events[#self.events + 1] = "hit"
      end
      self.world:remove(b)
      table.remove(self.bolts, i)
    end
  end
end

function Game:step(dt, input)
  self.time = self.time + dt
  self:move_walkers(dt)
  self:move_player(dt, input)
  if input.shoot then self:shoot() end
  self:move_bolts(dt)
  -- line of sight from the player to each walker (querySegment)
  local p = self.player
  self.seen = 0
  for _, w in ipairs(self.walkers) do
    local items = self.world:querySegment(p.x + p.w / 2, p.y + 8, w.x + w.w / 2, w.y + 8,
                                          function(o) return o.kind == "wall" end)
    if #items == 0 then self.seen = self.seen + 1 end
  end
end

local COLORS = {
  wall = { 0.35, 0.38, 0.45 }, coin = { 1, 0.85, 0.2 }, spring = { 0.3, 0.9, 0.4 },
  exit = { 0.4, 0.6, 1 }, cloud = { 0.8, 0.8, 0.9, 0.35 }, walker = { 0.9, 0.35, 0.3 },
  player = { 1, 1, 1 }, bolt = { 1, 0.5, 0.9 },
}

function Game:draw()
  local items, len = self.world:getItems()
  for i = 1, len do
    local it = items[i]
    local x, y, w, h = self.world:getRect(it)
    love.graphics.setColor(COLORS[it.kind] or { 1, 0, 1 })
    love.graphics.rectangle(it.kind == "wall" and "fill" or "line", x, y, w, h)
  end
end

Game.MAP, Game.TILE = MAP, TILE
return Game
