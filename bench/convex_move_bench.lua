-- bench/convex_move_bench.lua -- w:move_convex against w:move_aabb on the
-- same terrain with the same moves: a box hull (collide.convex_box) at
-- rotation 0 against the box of move_aabb with the same half-extents,
-- which it follows frame by frame (spec/convex_move_spec.lua).
--
--   make && LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.4/?.so;;' \
--     lua5.4 bench/convex_move_bench.lua [rounds [calls]]
--   (or luajit with the 5.1 build; COLLIDE_BACKEND=capi for the C API)
--
-- The scene of bench/world_bench.lua's movers: a height field of 9,800
-- triangles (70 x 70 cells, heights in [0, 0.5)), one mesh; 4096 movers
-- resting on it, each moved a step of (0.1, -0.05, 0.05) from its place,
-- plain and with the controller's options (up, step_height, snap);
-- out-vectors for position and velocity. The two movers are timed in
-- turn in each round (so a busy machine slows both alike) and the best
-- round of each is kept: ns per call and the ratio convex / aabb.
local collide = require "collide"
local V = collide.vec3
local clock = os.clock

local rounds = tonumber(arg and arg[1]) or 7
local calls = tonumber(arg and arg[2]) or 20000

local seed = 4242
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end

-- (bench/terrain.lua, beside this file)
local here = (arg and arg[0] or ""):match("^(.*[/\\])") or ""
local w, g = dofile(here .. "terrain.lua")(collide, 10000, rnd)

local E = V(0.5, 0.5, 0.5)
local BOX_HULL = collide.convex_box(E)
local n = 4096
local starts, ends = {}, {}
for i = 1, n do
  local x, z = 1 + rnd() * (g - 2), 1 + rnd() * (g - 2)
  local p = w:move_aabb(E, V(x, 1.5, z), V(x, -1, z))
  starts[i], ends[i] = p, p + V(0.1, -0.05, 0.05)
end

local P, Q = V(), V()
local function aabb(o)
  return function(k) w:move_aabb(E, starts[k], ends[k], o, P, Q) end
end
local function convex(o)
  return function(k) w:move_convex(BOX_HULL, 0, starts[k], ends[k], o, P, Q) end
end
local function time(f)
  local t0 = clock()
  for i = 1, calls do f((i - 1) % n + 1) end
  return (clock() - t0) / calls
end

-- (the same answers, checked once: the box hull follows the box)
for k = 1, n, 97 do
  local a = w:move_aabb(E, starts[k], ends[k])
  local c = w:move_convex(BOX_HULL, 0, starts[k], ends[k])
  assert((a - c):length() <= 1e-9, "move_convex left move_aabb at mover " .. k)
end

local ctl = { up = V(0, 1, 0), step_height = 0.3, snap = 0.3 }
print(("move_convex (box hull, rotation 0) / move_aabb, %d-triangle terrain, " ..
       "%s, best of %d interleaved rounds of %d calls:"):format(
  w:count(), (jit and jit.version or _VERSION) .. " " .. collide.backend, rounds, calls))
print("  options                      move_aabb   move_convex   ratio")
for _, row in ipairs({ { "none", nil }, { "up, step_height, snap", ctl } }) do
  local fa, fc = aabb(row[2]), convex(row[2])
  fa(1); fc(1)
  local ba, bc = math.huge, math.huge
  for _ = 1, rounds do
    ba = math.min(ba, time(fa))
    bc = math.min(bc, time(fc))
  end
  print(("  %-24s %10.0f ns %10.0f ns %7.2f"):format(row[1], ba * 1e9, bc * 1e9, bc / ba))
end
