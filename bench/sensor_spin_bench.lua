-- bench/sensor_spin_bench.lua -- what a step of w:advance() costs for its
-- sensor events when the sensors spin (turning beams, the conservative
-- advancement per pair) against the same scene with sensors that do not
-- turn: the beams moving by a velocity instead (each pair swept exactly
-- under translation; back and forth, 2 a step, so they stay among their
-- coins), and still beams with coins moving back and forth.
--
--   LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.4/?.so;;' \
--     lua5.4 bench/sensor_spin_bench.lua
--
-- 100 beams (10 long, 0.1 thick, sensors) 25 apart, 8 coins about each
-- (radius 0.25, 1 to 5 from its pivot); 200 steps per world, the worlds'
-- steps alternating in rounds so a busy machine slows them alike; the
-- medians of the rounds' processor times per step.
local collide = require "collide"
local V = collide.vec3

local BEAMS, COINS, STEPS, ROUNDS = 100, 8, 200, 7

local function build(kind)
  math.randomseed(3)
  local w, moving = collide.world(), {}
  local side = math.ceil(math.sqrt(BEAMS))
  for i = 0, BEAMS - 1 do
    local cx, cy = (i % side) * 25, math.floor(i / side) * 25
    local beam = w:add_convex(collide.convex_box(V(5, 0.05, 0)), V(cx, cy), math.random() * 6)
    w:set_sensor(beam, true)
    if kind == "spinning" then
      w:set_spin(beam, math.pi / 8)           -- the tips move 2 a step
    elseif kind == "moving" then
      w:set_velocity(beam, V(0, 2))           -- 2 a step, as the spinning tips
      moving[#moving + 1] = beam
    end
    for _ = 1, COINS do
      local a, r = math.random() * 2 * math.pi, 1 + math.random() * 4
      local coin = w:add_sphere(V(cx + r * math.cos(a), cy + r * math.sin(a)), 0.25)
      if kind == "coins" then
        w:set_velocity(coin, V(0, 2))
        moving[#moving + 1] = coin
      end
    end
  end
  return w, moving
end

-- (the moving ones turn back every other step: their velocities negated,
-- outside the timing)
local function step_time(w, moving)
  local events, t = 0, 0
  for i = 1, STEPS do
    if i % 2 == 0 then
      for _, id in ipairs(moving) do w:set_velocity(id, -w:velocity(id)) end
    end
    local t0 = os.clock()
    w:advance()
    t = t + os.clock() - t0
    events = events + #w:sensor_events()
  end
  return t / STEPS, events / STEPS
end

local kinds = { "spinning", "moving", "coins" }
local worlds, movers, times, evs = {}, {}, {}, {}
for _, k in ipairs(kinds) do
  worlds[k], movers[k] = build(k)
  times[k] = {}
end
for _ = 1, ROUNDS do
  for _, k in ipairs(kinds) do
    local t, e = step_time(worlds[k], movers[k])
    table.insert(times[k], t)
    evs[k] = e
  end
end
local function median(t)
  table.sort(t)
  return t[math.ceil(#t / 2)]
end
local base = median(times.moving)
local vm = _VERSION .. (jit and (" " .. jit.version) or "")
print(("%s, %d beams (sensors), %d coins, %d steps x %d rounds, medians per step:")
      :format(vm, BEAMS, BEAMS * COINS, STEPS, ROUNDS))
for _, k in ipairs(kinds) do
  local m = median(times[k])
  print(("  %-9s %8.3f ms a step (%.2fx the moving beams), %.1f events a step")
        :format(k, m * 1e3, m / base, evs[k]))
end
