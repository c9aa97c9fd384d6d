--- The tile example's scripted check: scenes that start the player
-- somewhere and press keys for some frames, with what a player expects
-- checked each frame. Every frame of every scene also checks, with tests
-- that share nothing with collide (the map's own tile grid, a
-- crossing-number test on the cave's points, the boulder's distance, the
-- ramp's segment clipped to the box), that the player is inside nothing
-- solid, and that it never ends beyond a wall it ran at; and every sensor
-- event: a coin gives one begin (u in [0, 1]) in the frame the player's
-- box first reaches its circle (the map's circle, the box's path), and is
-- gone and counted then; the pit's kill zone puts the player back at the
-- start. One scene saves the game mid-run, plays on, loads it and plays
-- the same frames again: every frame must be the same to the bit.
--
--     luajit examples/tiles/smoke.lua       (from the repository root)
--     love examples/tiles --smoke [--out=FILE]   the same, with a screenshot

local Smoke = {}
Smoke.__index = Smoke

local EPS = 1e-6   -- touching is not inside

function Smoke.new(Game, collide, map)
  local self = setmetatable({ Game = Game, collide = collide, V = collide.vec3, map = map,
                              scene = 0, frame = 0, failures = {}, frames = 0,
                              inside = 0, tunneled = 0, log = {}, coin_events = 0,
                              kills = 0, replayed = 0 }, Smoke)
  self.scenes = self:make_scenes()
  self:read_map()
  return self
end

-- The solids as the map gives them, independently of collide.
function Smoke:read_map()
  local m = self.map
  for _, layer in ipairs(m.layers) do
    if layer.name == "ground" then self.grid = layer end
    if layer.name == "rocks" then
      for _, o in ipairs(layer.objects) do
        if o.shape == "polygon" then
          self.cave = {}
          for i, p in ipairs(o.polygon) do self.cave[i] = { o.x + p.x, o.y + p.y } end
        elseif o.shape == "polyline" then
          local a, b = o.polyline[1], o.polyline[2]
          self.ramp = { o.x + a.x, o.y + a.y, o.x + b.x, o.y + b.y }
        elseif o.shape == "ellipse" then
          self.boulder = { o.x + o.width / 2, o.y + o.height / 2, o.width / 2 }
        end
      end
    end
    if layer.name == "items" then   -- coins by their object id
      self.coins = {}
      for _, o in ipairs(layer.objects) do
        if o.properties.coin then
          self.coins[o.id] = { o.x + o.width / 2, o.y + o.height / 2, o.width / 2,
                               value = o.properties.value }
        end
      end
    end
  end
end

-- The distance from the circle c to the box (centre x, y, half extents e).
local function box_circle(x, y, e, c)
  local nx = math.max(x - e.x, math.min(c[1], x + e.x))
  local ny = math.max(y - e.y, math.min(c[2], y + e.y))
  return math.sqrt((nx - c[1]) ^ 2 + (ny - c[2]) ^ 2)
end

local function in_poly(p, x, y)
  local c = false
  for i = 1, #p do
    local a, b = p[i], p[i % #p + 1]
    if (a[2] > y) ~= (b[2] > y) and x < a[1] + (y - a[2]) * (b[1] - a[1]) / (b[2] - a[2]) then
      c = not c
    end
  end
  return c
end

-- What the box (centre pos, half extents e, shrunk by EPS) is inside.
function Smoke:solids_in(pos, e)
  local x0, x1 = pos.x - e.x + EPS, pos.x + e.x - EPS
  local y0, y1 = pos.y - e.y + EPS, pos.y + e.y - EPS
  local found = {}
  local g, tw, th = self.grid, self.map.tilewidth, self.map.tileheight
  for r = math.max(1, math.floor(y0 / th) + 1), math.min(g.height, math.floor(y1 / th) + 1) do
    for c = math.max(1, math.floor(x0 / tw) + 1), math.min(g.width, math.floor(x1 / tw) + 1) do
      if g.data[(r - 1) * g.width + c] ~= 0 then
        found[#found + 1] = ("tile (%d, %d)"):format(r, c)
      end
    end
  end
  -- the cave: sample points of the box inside it, or a point of it in the box
  local hit = false
  for i = 0, 6 do
    for j = 0, 6 do
      if in_poly(self.cave, x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * j / 6) then hit = true end
    end
  end
  for _, p in ipairs(self.cave) do
    if p[1] > x0 and p[1] < x1 and p[2] > y0 and p[2] < y1 then hit = true end
  end
  if hit then found[#found + 1] = "the cave" end
  -- the boulder: the box's point nearest its centre within its radius
  local b = self.boulder
  local nx, ny = math.max(x0, math.min(b[1], x1)), math.max(y0, math.min(b[2], y1))
  if (nx - b[1]) ^ 2 + (ny - b[2]) ^ 2 < b[3] ^ 2 then found[#found + 1] = "the boulder" end
  -- the ramp: the segment clipped to the box (Liang-Barsky) is not empty
  local s = self.ramp
  local t0, t1, dx, dy = 0, 1, s[3] - s[1], s[4] - s[2]
  local sides = { { -dx, s[1] - x0 }, { dx, x1 - s[1] }, { -dy, s[2] - y0 }, { dy, y1 - s[2] } }
  for _, pq in ipairs(sides) do
    local p, q = pq[1], pq[2]
    if p == 0 then
      if q < 0 then t0 = 2 end
    else
      local t = q / p
      if p < 0 then t0 = math.max(t0, t) else t1 = math.min(t1, t) end
    end
  end
  if t0 < t1 then found[#found + 1] = "the ramp" end
  return found
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

function Smoke:make_scenes()
  local V = self.V
  local S = {}
  local function scene(t) S[#S + 1] = t end
  local rest

  scene { name = "standing still on the tile floor", frames = 60, at = V(64, 309),
    input = {},
    each = function(s, g, f)
      if f > 5 then
        s:check(g.grounded, "not grounded")
        if f == 6 then rest = g.pos end
        s:check(g.pos == rest, ("jitter: %s then %s"):format(tostring(rest), tostring(g.pos)))
      end
    end }

  scene { name = "jumping up through a one-way platform and landing on it", frames = 90,
    at = V(80, 309), input = function(f) return { jump = f == 3 } end,
    done = function(s, g)
      local d = g.ground and g.world:data(g.ground.id)
      s:check(d and d.object == "low", "not standing on the one-way platform 'low'")
      s:check(math.abs(g.pos.y - (256 - 11)) < 0.01, "not on its top: y = " .. g.pos.y)
    end }

  for _, dash in ipairs({ 1, 5, 20, 60 }) do
    scene { name = ("running along the floor's tiles at %g px a frame into the pillar"):format(
              140 * dash / 60),
      frames = 150, at = V(24, 309), input = { right = true, dash = dash },
      each = function(s, g, f)
        if g.pos.x > 320 - 6 + 1e-6 then
          s.tunneled = s.tunneled + 1
          s:fail("beyond the pillar: x = " .. g.pos.x)
        end
        if f == 150 then
          s:check(s.picked[10] and s.picked[11] and s.picked[12], "not every floor coin picked")
        end
        if f > 1 then
          s:check(g.grounded, "not grounded")
          local want = math.min(g.from.x + 140 * dash / 60, 320 - 6)
          s:check(g.pos.x >= want - 0.01,
            ("snagged: x = %.4f, expected %.4f"):format(g.pos.x, want))
        end
      end }
  end

  scene { name = "walking up the ramp onto the block, through its coin", frames = 150,
    at = V(376, 309), input = { right = true },
    each = function(s, g, f) if f > 1 then s:check(g.grounded, "not grounded") end end,
    done = function(s, g)
      s:check(g.pos.x > 540 and math.abs(g.pos.y - (256 - 11)) < 0.01,
        "not on the block: " .. tostring(g.pos))
      s:check(s.picked[13], "the ramp's coin not picked")
    end }

  scene { name = "walking into the pit: the kill zone puts the player back", frames = 60,
    at = V(376, 309), input = { left = true },
    each = function(s, g)
      if #g.events > 0 and g.world:data(g.player).deaths == 1 and not s.dead then
        s.dead = true
        s:check(g.pos == g.spawn, "not back at the start: " .. tostring(g.pos))
        s:check(g.from.x > 336 and g.from.x < 368 and g.from.y > 300,
          "killed outside the pit: " .. tostring(g.from))
      end
    end,
    done = function(s, g)
      s:check(g.world:data(g.player).deaths == 1,
        "deaths: " .. g.world:data(g.player).deaths .. ", expected 1")
      s:check(g.grounded and g.pos.x < 64, "not walking on at the start: " .. tostring(g.pos))
    end }

  scene { name = "saving mid-run, playing on, loading, playing the same frames again",
    frames = 150, at = V(24, 309), roundtrip = { save = 40, frames = 60 },
    input = function(f) return { right = true, jump = f == 90 } end,
    done = function(s)
      s:check(s.picked[10] and s.picked[11] and s.picked[12], "not every floor coin picked")
      s:check(s.replayed == 60, "frames replayed after the load: " .. s.replayed)
    end }

  scene { name = "falling fast down the right wall's tiles", frames = 60, at = V(618, 40),
    input = { right = true, fall = 1200 },
    each = function(s, g)
      if g.pos.x > 624 - 6 + 1e-6 then
        s.tunneled = s.tunneled + 1
        s:fail("in the right wall: x = " .. g.pos.x)
      end
    end,
    done = function(s, g)
      s:check(math.abs(g.pos.y - (256 - 11)) < 0.01, "not down on the block: " .. tostring(g.pos))
    end }

  scene { name = "flying up and right under the cave's concave roof", frames = 90, shot = 40,
    at = V(420, 150), input = { right = true, fall = -200 },
    done = function(s, g)
      -- up in the roof's concave corner, under the rock
      s:check(g.pos.x > 500 and g.pos.y > 88 and g.pos.y < 150,
        "not under the cave's roof: " .. tostring(g.pos))
    end }
  return S
end

-- One frame of the current scene; false when every scene is done.
function Smoke:update(dt)
  local sc = self.scenes[self.scene]
  if not sc or self.frame >= sc.frames then
    if sc and sc.done then sc.done(self, self.game) end
    self.scene = self.scene + 1
    sc = self.scenes[self.scene]
    if not sc then return false end
    self.frame = 0
    self.log[#self.log + 1] = sc.name
    self.game = self.Game.new(self.collide, self.map)
    self.game:place(sc.at)
    self.picked, self.dead, self.loaded, self.record = {}, nil, nil, nil
    self.coin_of = {}   -- sensor id -> the map's coin object id
    for id, _, data in self.game.world:shapes() do
      if data.layer == "items" and self.coins[data.id] then self.coin_of[id] = data.id end
    end
  end
  self.frame = self.frame + 1
  self.frames = self.frames + 1
  local g = self.game
  local input = type(sc.input) == "function" and sc.input(self.frame) or sc.input
  g:step(dt, input)
  local inside = self:solids_in(g.pos, g.extents)
  if #inside > 0 then
    self.inside = self.inside + 1
    self:fail("inside " .. table.concat(inside, ", ") .. " at " .. tostring(g.pos))
  end
  self:check_coins(g)
  if sc.each then sc.each(self, g, self.frame) end
  if sc.roundtrip then self:roundtrip(sc.roundtrip) end
  return true
end

-- The sensor events of this frame against the map's coins.
function Smoke:check_coins(g)
  local me = g.world:data(g.player)
  local killed = false
  local begun = {}
  for _, e in ipairs(g.events) do
    self:check(type(e.u) == "number" and e.u >= 0 and e.u <= 1, "event u not in [0, 1]: "
      .. tostring(e.u))
    self:check(e.id == g.player, "an event of shape " .. tostring(e.id) .. ", not the player")
    local coin = self.coin_of[e.sensor]
    if not coin then
      killed = killed or e.event == "begin"
    elseif e.event == "begin" then
      self.coin_events = self.coin_events + 1
      self:check(not self.picked[coin], ("coin %d: a second begin"):format(coin))
      self:check(g.world:get(e.sensor) == nil, ("coin %d: still in the world"):format(coin))
      self.picked[coin], begun[coin] = self.frame, true
    else
      self:check(begun[coin], ("coin %d: an end without its begin in the frame"):format(coin))
    end
  end
  if killed then self.kills = self.kills + 1 return end   -- the player was moved back
  -- Where the box went this frame (the straight line from g.from to g.pos,
  -- sampled finer than a coin), by the map's circles.
  local score, count, e = 0, 0, g.extents
  for id, c in pairs(self.coins) do
    local through = math.huge
    for i = 0, 32 do
      local x = g.from.x + (g.pos.x - g.from.x) * i / 32
      local y = g.from.y + (g.pos.y - g.from.y) * i / 32
      through = math.min(through, box_circle(x, y, e, c))
    end
    -- the box around both places holds the path the mover took
    local hx, hy = (g.from.x + g.pos.x) / 2, (g.from.y + g.pos.y) / 2
    local he = { x = e.x + math.abs(g.pos.x - g.from.x) / 2 + 0.01,
                 y = e.y + math.abs(g.pos.y - g.from.y) / 2 + 0.01 }
    local near = box_circle(hx, hy, he, c)
    if begun[id] then
      self:check(near <= c[3], ("coin %d picked, but the player's box was %.3f px away")
        :format(id, near - c[3]))
    elseif not self.picked[id] then
      self:check(through >= c[3] - 0.01, ("coin %d: went through it without a begin"):format(id))
    end
    if self.picked[id] then score, count = score + c.value, count + 1 end
  end
  self:check(me.score == score and me.coins == count, ("score %d, %d coins: expected %d, %d")
    :format(me.score, me.coins, score, count))
end

-- What must be the same after a load: the player, the score, which shapes
-- are in the world (ids, kinds, sensors), and this frame's events.
local function state(g)
  local w, me = g.world, g.world:data(g.player)
  local t = { ("%.17g %.17g %.17g %.17g %s %d %d %d"):format(g.pos.x, g.pos.y, g.vel.x, g.vel.y,
    tostring(g.grounded), me.score, me.coins, me.deaths) }
  for id, kind in w:shapes() do t[#t + 1] = id .. kind .. (w:sensor(id) and "s" or "") end
  for _, e in ipairs(g.events) do
    t[#t + 1] = ("%s %d %d %.17g"):format(e.event, e.sensor, e.id, e.u)
  end
  return table.concat(t, " ")
end

-- Save at frame rt.save, play rt.frames on, load, play them again.
function Smoke:roundtrip(rt)
  local g, f = self.game, self.frame
  if f == rt.save and not self.loaded then
    self.saved, self.saved_picked, self.record = g:save(), {}, { [f] = state(g) }
    for k, v in pairs(self.picked) do self.saved_picked[k] = v end
  elseif self.record and f > rt.save and f <= rt.save + rt.frames then
    if not self.loaded then
      self.record[f] = state(g)
    else
      local now = state(g)
      self.replayed = self.replayed + 1
      self:check(now == self.record[f], "not as before the load:\n    " .. self.record[f]
        .. "\n    " .. now)
    end
  end
  if f == rt.save + rt.frames and not self.loaded then
    self.game = self.Game.load(self.collide, self.saved)
    self.loaded, self.frame, self.picked = true, rt.save, self.saved_picked
    self.game.events = {}
    local now = state(self.game)
    self:check(now == self.record[rt.save]:gsub(" begin.*", ""):gsub(" end.*", ""),
      "the loaded game is not the saved one:\n    " .. self.record[rt.save] .. "\n    " .. now)
  end
end

function Smoke:report(print)
  for i, name in ipairs(self.log) do print(("  scene %d: %s"):format(i, name)) end
  print(("frames: %d, frames inside a solid: %d, tunneled: %d"):format(
    self.frames, self.inside, self.tunneled))
  print(("coin begin events: %d, kills: %d, frames replayed after a load: %d"):format(
    self.coin_events, self.kills, self.replayed))
  for _, f in ipairs(self.failures) do print("  " .. f) end
  local ok = #self.failures == 0 and self.tunneled == 0 and self.inside == 0
  print(ok and "OK" or "FAILED")
  return ok
end

-- Run from the command line (not from LÖVE): every scene, then exit.
if not love and arg and arg[0] and arg[0]:match("smoke%.lua$") then
  local dir = arg[0]:gsub("smoke%.lua$", "")
  package.path = dir .. "?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
  local abi = jit and "5.1" or _VERSION:match("%d+%.%d+")
  package.cpath = "build/" .. abi .. "/?.so;" .. package.cpath
  local collide = require "collide"
  local s = Smoke.new(require "game", collide, dofile(dir .. "map.lua"))
  while s:update(1 / 60) do end
  print(("tiles-smoke: %s, collide %s, backend %s"):format(
    jit and jit.version or _VERSION, collide._VERSION, collide.backend))
  os.exit(s:report(print) and 0 or 1)
end

return Smoke
