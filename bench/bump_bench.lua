-- collide.bump against bump.lua: the same scene, the same calls, one run.
--
--   BUMP_LUA=/tmp/bump.lua lua5.4 bench/bump_bench.lua
--
-- (`make bench-bump` runs it on Lua 5.4 and on LuaJIT with each backend;
-- bump.lua is not part of this project: fetch kikito/bump.lua's bump.lua
-- and point BUMP_LUA at it.)
-- The scene is a platformer's: a 120 x 80 tile map of 16 px tiles (a border,
-- a floor, platforms and blocks; 1,295 tiles) and 200 walkers of
-- 12 x 14 px. One round moves every walker once (gravity, a walking speed
-- that turns at walls: world:move with a filter returning "slide"), queries
-- 200 screen-sized rectangles (queryRect 96 x 96) and casts 200 segments of
-- up to 300 px (querySegment). Each library plays the same rounds in its
-- own world; the table gives the median over 7 interleaved repeats of the
-- nanoseconds per call, and collide.bump's time as a fraction of bump's.

local path = os.getenv("BUMP_LUA")
if path == nil or path == "" then
  print("bench-bump: BUMP_LUA is not set: skipped (fetch kikito/bump.lua's bump.lua "
        .. "and set BUMP_LUA to it)")
  return
end
local ref = assert(loadfile(path))()
local mine = require "collide.bump"
local collide = require "collide"

local clock = os.clock
local W, H, T = 120, 80, 16
local WALKERS, QUERIES, ROUNDS, REPEATS, WARMUP = 200, 200, 20, 7, 40

-- the same numbers on every Lua
local state = 12345
local function rnd()
  state = (state * 16807) % 2147483647
  return state / 2147483647
end

local tiles = {}
do
  for cy = 1, H do
    for cx = 1, W do
      local solid = cx == 1 or cx == W or cy == 1 or cy == H or cy == H - 1
      if not solid and cy % 10 == 0 and (cx % 17) < 9 then solid = true end
      if not solid and rnd() < 0.04 then solid = true end
      if solid then tiles[#tiles + 1] = { (cx - 1) * T, (cy - 1) * T } end
    end
  end
end

local function walkers_start()
  state = 777
  local list = {}
  for i = 1, WALKERS do
    list[i] = { x = 32 + (i * 37) % ((W - 6) * T), y = 40 + (i * 53) % ((H - 8) * T),
                vx = (i % 2 == 0) and 60 or -60, vy = 0, name = "walker" .. i }
  end
  return list
end

local function filter(_, other)
  if other.walker then return "cross" end
  return "slide"
end

local function build(lib)
  local world = lib.newWorld(64)
  for i = 1, #tiles do
    world:add({ tile = i }, tiles[i][1], tiles[i][2], T, T)
  end
  local walkers = walkers_start()
  -- walkers start where they fit (a free spot up the column)
  for _, w in ipairs(walkers) do
    w.walker = true
    while #world:queryRect(w.x, w.y, 12, 14) > 0 do w.y = w.y - 16 end
    world:add(w, w.x, w.y, 12, 14)
  end
  return world, walkers
end

local DT = 1 / 60
local function move_all(world, walkers)
  local n = 0
  for _, w in ipairs(walkers) do
    w.vy = w.vy + 600 * DT
    local ax, ay, cols, len = world:move(w, w.x + w.vx * DT, w.y + w.vy * DT, filter)
    for i = 1, len do
      local nx, ny = cols[i].normal.x, cols[i].normal.y
      if ny ~= 0 and cols[i].type == "slide" then w.vy = 0 end
      if nx ~= 0 and cols[i].type == "slide" then w.vx = -w.vx end
    end
    w.x, w.y = ax, ay
    n = n + 1
  end
  return n
end

local rects, segs = {}, {}
do
  state = 4242
  for i = 1, QUERIES do
    rects[i] = { rnd() * (W * T - 96), rnd() * (H * T - 96) }
    local x, y, a, r = rnd() * W * T, rnd() * H * T, rnd() * 6.283, 50 + rnd() * 250
    segs[i] = { x, y, x + math.cos(a) * r, y + math.sin(a) * r }
  end
end

local function query_rects(world)
  local found = 0
  for i = 1, QUERIES do
    local _, len = world:queryRect(rects[i][1], rects[i][2], 96, 96)
    found = found + len
  end
  return found
end

local function query_segments(world)
  local found = 0
  for i = 1, QUERIES do
    local s = segs[i]
    local _, len = world:querySegment(s[1], s[2], s[3], s[4])
    found = found + len
  end
  return found
end

-- One process times one library (`bump_bench.lua one bump.lua|collide.bump`
-- prints its three numbers): on LuaJIT, bump.lua's code aborts and
-- blacklists enough traces that the JIT flushes all of them now and then,
-- which, in a shared process, would be charged to whichever library runs
-- at that moment. The driver (no arguments) runs the two in turn, REPEATS
-- times each, with the same interpreter, and takes the medians.
if arg[1] == "one" then
  local lib = arg[2] == "bump.lua" and ref or mine
  local world, walkers = build(lib)
  -- warm up: LuaJIT takes thousands of calls to settle (traces that abort
  -- are retried, then blacklisted); a game runs for minutes, so the steady
  -- state is what is timed
  for _ = 1, WARMUP do
    move_all(world, walkers)
    query_rects(world)
    query_segments(world)
  end
  -- (a full collection before each timed section, so that none pays for
  -- the garbage of the one before)
  collectgarbage("collect")
  local t0 = clock()
  local n = 0
  for _ = 1, ROUNDS do n = n + move_all(world, walkers) end
  local t_move = (clock() - t0) / n * 1e9
  collectgarbage("collect")
  t0 = clock()
  local found_r = 0
  for _ = 1, ROUNDS do found_r = found_r + query_rects(world) end
  local t_rect = (clock() - t0) / (ROUNDS * QUERIES) * 1e9
  collectgarbage("collect")
  t0 = clock()
  local found_s = 0
  for _ = 1, ROUNDS do found_s = found_s + query_segments(world) end
  local t_seg = (clock() - t0) / (ROUNDS * QUERIES) * 1e9
  print(t_move, t_rect, t_seg, found_r, found_s)
  return
end

-- the interpreter running this (arg[-1], after any options)
local interp
do
  local i = -1
  while arg[i - 1] ~= nil do i = i - 1 end
  local parts = {}
  for k = i, -1 do parts[#parts + 1] = ("%q"):format(arg[k]) end
  interp = table.concat(parts, " ")
end
local script = arg[0]

local t = { ["bump.lua"] = { {}, {}, {} }, ["collide.bump"] = { {}, {}, {} } }
local found = {}
for rep = 1, REPEATS do
  for _, name in ipairs({ "bump.lua", "collide.bump" }) do
    local p = assert(io.popen(interp .. " " .. script .. " one " .. name))
    local out = p:read("*a")
    p:close()
    local a, b, c, fr, fs = out:match("(%S+)%s+(%S+)%s+(%S+)%s+(%S+)%s+(%S+)")
    if a == nil then error("bench-bump: the " .. name .. " run said: " .. out) end
    t[name][1][rep], t[name][2][rep], t[name][3][rep] = tonumber(a), tonumber(b), tonumber(c)
    found[name] = fr .. " + " .. fs
  end
end

local function median(list)
  table.sort(list)
  return list[math.floor((#list + 1) / 2)]
end

local vm = type(jit) == "table" and (jit.version .. " (" .. collide.backend .. " backend)")
           or (_VERSION .. " (" .. collide.backend .. " backend)")
print(("bench-bump on %s: %d tiles, %d walkers; ns per call, median of %d runs")
      :format(vm, #tiles, WALKERS, REPEATS))
print(("%-14s %12s %14s %8s"):format("call", "bump.lua", "collide.bump", "ratio"))
for i, row in ipairs({ "move", "queryRect", "querySegment" }) do
  local a, b = median(t["bump.lua"][i]), median(t["collide.bump"][i])
  print(("%-14s %12.0f %14.0f %7.2fx"):format(row, a, b, b / a))
end
-- the walkers' paths may part over the rounds (bump.lua's rounding), so
-- the counts of items found may differ a little
print(("items found by the queries: bump.lua %s, collide.bump %s")
      :format(found["bump.lua"], found["collide.bump"]))
