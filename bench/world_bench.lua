-- bench/world_bench.lua -- the world's broadphase against a Lua loop over the
-- single-shape functions, and collide.sweep_pairs against a Lua loop over
-- collide.test_sphere_sphere.
--
--   make && lua5.4 bench/world_bench.lua      (or luajit with the 5.1 build)
--
-- Worlds are height-field terrains of 1k, 10k and 100k triangles; queries
-- are spheres (r = 0.5) and rays dropped onto them from random places.
local collide = require "collide"
local V = collide.vec3
local clock = os.clock

local seed = 4242
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end

-- Seconds per call of f(i), i = 1..n (n adapted so that a run takes a while).
local function per_call(f, n)
  local t0 = clock()
  for i = 1, n do f(i) end
  return (clock() - t0) / n
end

local function fmt(s)
  if s >= 1e-3 then return ("%8.2f ms"):format(s * 1e3) end
  return ("%8.2f us"):format(s * 1e6)
end

local function terrain(ntri)
  local g = math.floor(math.sqrt(ntri / 2) + 0.5)
  local h = {}
  for i = 0, g do
    h[i] = {}
    for j = 0, g do h[i][j] = rnd() * 0.5 end
  end
  local tris = {}
  for i = 0, g - 1 do
    for j = 0, g - 1 do
      local a, b = V(i, h[i][j], j), V(i + 1, h[i + 1][j], j)
      local c, d = V(i, h[i][j + 1], j + 1), V(i + 1, h[i + 1][j + 1], j + 1)
      tris[#tris + 1] = {a, b, c}
      tris[#tris + 1] = {b, d, c}
    end
  end
  return tris, g
end

local function queries(g, n)
  local q = {}
  for i = 1, n do
    local c0 = V(rnd() * g, 3 + rnd() * 2, rnd() * g)
    q[i] = {c0, c0 + V(rnd() * 6 - 3, -8, rnd() * 6 - 3)}
  end
  return q
end

-- A terrain added as one mesh (bench/terrain.lua, beside this file).
local here = (arg and arg[0] or ""):match("^(.*[/\\])") or ""
local terrain_of = dofile(here .. "terrain.lua")
local function terrain_mesh(ntri) return terrain_of(collide, ntri, rnd) end

local vm = jit and jit.version or _VERSION
-- ---- many queries in one call (w:raycast_many, w:sweep_*_many) --------------
-- Per query, over the same 4096 drops onto a 10k-triangle terrain made from
-- seed 777 as bench/world_bench.c many_bench makes its own: the loop of
-- single calls (vec3 arguments made beforehand, out-vectors: what a game
-- that keeps its vectors writes), the batch call with an out table, and on
-- the FFI backend the batch on double arrays; the least of 7 interleaved
-- rounds. Set against the C world query of the same scene: each round
-- also runs `./build/bench/world many` (the single calls in a C loop,
-- least of its own 5 rounds; it writes build/bench/world_many.txt), when
-- that binary is there (make bench-world builds it), and checks that its
-- batches saw the same hits and the same sum of u as these (else a
-- PROBLEM line). KB: allocated per 1e5 queries by the batch with out, the
-- collector stopped. A second table: the same, with the motions set from
-- numbers and every answer read, by the single calls and by the batch.
local function many_bench()
  local NQ, ROUNDS = 4096, 7
  local saved = seed
  seed = 777
  local w, g = terrain_mesh(10000)
  local seg, a, b = {}, {}, {}
  for k = 1, NQ do
    local x, y, z = rnd() * g, 3 + rnd() * 2, rnd() * g
    local x1, z1 = x + rnd() * 6 - 3, z + rnd() * 6 - 3
    local s = 6 * (k - 1)
    seg[s + 1], seg[s + 2], seg[s + 3], seg[s + 4], seg[s + 5], seg[s + 6] =
      x, y, z, x1, y - 8, z1
    a[k], b[k] = V(x, y, z), V(x1, y - 8, z1)
  end
  seed = saved
  local e, axis, P, N, out = V(0.5, 0.5, 0.5), V(0, 0.25, 0), V(), V(), {}
  local ffi_seg, ffi_out
  if collide.backend == "ffi" then
    local ffi = require "ffi"
    ffi_seg, ffi_out = ffi.new("double[?]", 6 * NQ), ffi.new("double[?]", 8 * NQ)
    for i = 1, 6 * NQ do ffi_seg[i - 1] = seg[i] end
  end
  local kinds = {
    { "raycast", function() for k = 1, NQ do w:raycast(a[k], b[k], nil, P, N) end end,
      function(s, o) w:raycast_many(s, nil, o) end },
    { "sweep_sphere",
      function() for k = 1, NQ do w:sweep_sphere(0.5, a[k], b[k], nil, P, N) end end,
      function(s, o) w:sweep_sphere_many(0.5, s, nil, o) end },
    { "sweep_aabb",
      function() for k = 1, NQ do w:sweep_aabb(e, a[k], b[k], nil, P, N) end end,
      function(s, o) w:sweep_aabb_many(e, s, nil, o) end },
    { "sweep_capsule",
      function() for k = 1, NQ do w:sweep_capsule(0.25, axis, a[k], b[k], nil, P, N) end end,
      function(s, o) w:sweep_capsule_many(0.25, axis, s, nil, o) end },
  }
  -- The same queries as a game's frame writes them, for the second table:
  -- the motions come as numbers (here from seg), and every answer is read.
  -- One loop of single calls that sets two vectors a query and reads u,
  -- id, point and normal back (on Lua 5.4 each component a C __index
  -- call), against the batch and a loop that reads its out.
  local A, B, sink = V(), V(), 0
  local function single_frame(one)
    local acc = 0
    for k = 1, NQ do
      local s = 6 * (k - 1)
      A:set(seg[s + 1], seg[s + 2], seg[s + 3])
      B:set(seg[s + 4], seg[s + 5], seg[s + 6])
      local hit, u, _, _, _, id = one(A, B)
      if hit then acc = acc + u + id + P.x + P.y + P.z + N.x + N.y + N.z end
    end
    sink = sink + acc
  end
  local function batch_frame(many)
    many(seg, out)
    local acc = 0
    for k = 1, NQ do
      local o = 8 * (k - 1)
      local id = out[o + 1]
      if id ~= 0 then
        acc = acc + out[o + 2] + id + out[o + 3] + out[o + 4] + out[o + 5] +
              out[o + 6] + out[o + 7] + out[o + 8]
      end
    end
    sink = sink + acc
  end
  kinds[1][4] = function(p, q) return w:raycast(p, q, nil, P, N) end
  kinds[2][4] = function(p, q) return w:sweep_sphere(0.5, p, q, nil, P, N) end
  kinds[3][4] = function(p, q) return w:sweep_aabb(e, p, q, nil, P, N) end
  kinds[4][4] = function(p, q) return w:sweep_capsule(0.25, axis, p, q, nil, P, N) end
  local raw, raw_check, RAW_BIN = {}, {}, "./build/bench/world"
  local has_raw = io.open(RAW_BIN, "r")
  if has_raw then has_raw:close() end
  local function raw_round()
    if not has_raw or not os.execute(RAW_BIN .. " many > /dev/null") then return end
    local f = io.open("build/bench/world_many.txt", "r")
    if not f then return end
    for line in f:lines() do
      local name, single, hits, sum = line:match("^(%S+) (%S+) %S+ (%S+) (%S+)$")
      if name then
        raw[name] = math.min(raw[name] or math.huge, tonumber(single))
        raw_check[name] = { tonumber(hits), tonumber(sum) }
      end
    end
    f:close()
  end
  local function time(fn)
    local t0 = clock()
    fn()
    return (clock() - t0) / NQ * 1e9
  end
  print()
  print(("many queries in one call (%s, backend %s), %d-triangle terrain, %d drops, ns a query")
    :format(vm, collide.backend, w:count(), NQ))
  print("  query          single  batch (/single)" ..
        (ffi_seg and "  arrays (/single)" or "") ..
        "   C query (batch/C)  KB/1e5: batch")
  local best = {}
  for _, K in ipairs(kinds) do
    best[K] = { math.huge, math.huge, math.huge, math.huge, math.huge }
    K[3](seg, out)
    if ffi_seg then K[3](ffi_seg, ffi_out) end
  end
  for _ = 1, ROUNDS do
    raw_round()
    for _, K in ipairs(kinds) do
      local many, m = K[3], best[K]
      m[1] = math.min(m[1], time(K[2]))
      m[2] = math.min(m[2], time(function() many(seg, out) end))
      if ffi_seg then m[3] = math.min(m[3], time(function() many(ffi_seg, ffi_out) end)) end
      m[4] = math.min(m[4], time(function() single_frame(K[4]) end))
      m[5] = math.min(m[5], time(function() batch_frame(many) end))
    end
  end
  for _, K in ipairs(kinds) do
    local many = K[3]
    local function calls(n) for _ = 1, n do many(seg, out) end end
    -- (LuaJIT: the traces compiled before counting. While they form, an
    -- exit from a loop's trace may box a value it had kept in a register,
    -- about 40 bytes a call for the first 50 or so calls, none after)
    calls(75)
    collectgarbage("collect")
    collectgarbage("stop")
    local kb0 = collectgarbage("count")
    calls(25)
    local kb = (collectgarbage("count") - kb0) / (25 * NQ) * 1e5
    collectgarbage("restart")
    local m = best[K]
    local line = ("  %-14s %6.0f %6.0f (%4.2fx)"):format(K[1], m[1], m[2], m[2] / m[1])
    if ffi_seg then line = line .. ("  %6.0f (%4.2fx)"):format(m[3], m[3] / m[1]) end
    local r = raw[K[1]]
    if r then line = line .. ("   %7.0f (%4.2fx)"):format(r, m[2] / r)
    else line = line .. "         - (  -  )" end
    print(line .. ("  %11.2f"):format(kb))
    -- the C loop's queries are these: the same hits, the same sum of u
    local c = raw_check[K[1]]
    if c then
      many(seg, out)
      local nh, su = 0, 0
      for k = 0, NQ - 1 do
        if out[8 * k + 1] ~= 0 then nh, su = nh + 1, su + out[8 * k + 2] end
      end
      if nh ~= c[1] or ("%.17g"):format(su) ~= ("%.17g"):format(c[2]) then
        print(("  PROBLEM: %s: %d hits, sum of u %.17g here; the C loop: %d, %.17g")
          :format(K[1], nh, su, c[1], c[2]))
      end
    end
  end
  print("  as a game's frame (motions set from numbers, every answer read), ns a query:")
  print("  query          single  batch (/single)")
  for _, K in ipairs(kinds) do
    local m = best[K]
    print(("  %-14s %6.0f %6.0f (%4.2fx)"):format(K[1], m[4], m[5], m[5] / m[4]))
  end
  assert(sink == sink)
end

-- ---- tile maps: w:add_tiles against one box per tile ---------------------------
-- The two 200 x 200 maps of `./build/bench/world tiles` (bench/world_bench.c
-- tiles_bench, the same generator from the same seed, so the same cells and
-- moves): "terrain" (ground of random height, 40 rooms cut in it, 40
-- platforms above) and "noise" (each cell solid with probability 1/2). Each
-- map built twice, with w:add_tiles and with one w:add_aabb per solid cell;
-- one controller w:move_aabb per call (a box of half a tile at 10,000 random
-- free cells, moving 0.3 across and 0.2 down, up = -y, snap 0.1, out-
-- vectors), the two worlds timed in turn, 7 rounds, the fastest of each
-- kept. The positions of the first round are compared (PROBLEM if not equal).
local function tiles_bench()
  local s = 4242
  local function r01()
    s = (s * 16807) % 2147483647
    return s / 2147483647
  end
  local side, n = 200, 10000
  local half = math.floor(side / 2)
  local E, ctl = V(0.25, 0.25, 0), { up = V(0, -1, 0), snap = 0.1 }
  local P, Q = V(), V()
  print()
  print(("200 x 200 tile maps, half solid, one controller move_aabb per call (%s, %s):")
        :format(vm, collide.backend))
  print("  map       cells  add_tiles shapes  one box a tile  merged ns  one-box ns  merged/one")
  for noise = 0, 1 do
    local cells = {}
    for r = 0, side - 1 do cells[r] = {} end
    for c = 0, side - 1 do
      local top = half + math.floor(r01() * 20) - 10
      for r = 0, side - 1 do
        if noise == 1 then cells[r][c] = r01() < 0.5 and 1 or 0
        else cells[r][c] = r >= top and 1 or 0 end
      end
    end
    if noise == 0 then
      for _ = 1, 40 do
        local r0 = half + 15 + math.floor(r01() * (half - 25))
        local c0 = math.floor(r01() * (side - 12))
        local pr = 10 + math.floor(r01() * (half - 20))
        local pc = math.floor(r01() * (side - 12))
        for r = r0, r0 + 4 do
          for c = c0, c0 + 11 do cells[r][c] = 0 end
        end
        for c = pc, pc + 7 do cells[pr][c] = 1 end
      end
    end
    local grid, solid = {}, 0
    for r = 0, side - 1 do
      local row = {}
      for c = 0, side - 1 do
        row[c + 1] = cells[r][c]
        solid = solid + cells[r][c]
      end
      grid[r + 1] = row
    end
    local from, to = {}, {}
    while #from < n do
      local r = 1 + math.floor(r01() * (side - 2))
      local c = 1 + math.floor(r01() * (side - 2))
      if cells[r][c] == 0 and cells[r][c + 1] == 0 then
        from[#from + 1], to[#to + 1] = V(c + 0.5, r + 0.5, 0), V(c + 0.8, r + 0.7, 0)
      end
    end
    local merged, one = collide.world(), collide.world()
    merged:add_tiles(grid, 1)
    for r = 0, side - 1 do
      for c = 0, side - 1 do
        if cells[r][c] ~= 0 then one:add_aabb(V(c + 0.5, r + 0.5, 0), V(0.5, 0.5, 0)) end
      end
    end
    merged:build()
    one:build()
    local worlds, best, seen = { merged, one }, { math.huge, math.huge }, { {}, {} }
    for round = 1, 7 do
      for k = 1, 2 do
        local w = worlds[k]
        local t0 = clock()
        for i = 1, n do w:move_aabb(E, from[i], to[i], ctl, P, Q) end
        local t = (clock() - t0) / n
        if t < best[k] then best[k] = t end
        if round == 1 then
          for i = 1, n, 97 do
            local p = w:move_aabb(E, from[i], to[i], ctl)
            seen[k][#seen[k] + 1] = ("%.17g %.17g"):format(p.x, p.y)
          end
        end
      end
    end
    if table.concat(seen[1], " ") ~= table.concat(seen[2], " ") then
      print("  PROBLEM: the merged map and the one of one box a tile moved differently")
    end
    print(("  %-8s %6d %17d %15d %10.0f %11.0f %11.2f"):format(noise == 1 and "noise" or "terrain",
      solid, merged:count(), one:count(), best[1] * 1e9, best[2] * 1e9, best[1] / best[2]))
  end
end
-- ---- (end of the tile maps) ------------------------------------------------------

-- `lua bench/world_bench.lua many`: this part alone.
if arg and arg[1] == "many" then
  many_bench()
  return
end
-- `lua bench/world_bench.lua tiles`: this part alone.
if arg and arg[1] == "tiles" then
  tiles_bench()
  return
end

print(("collide world bench (%s, backend %s)"):format(vm, collide.backend))
print()
print("triangles   build       sweep/query  lua loop     speed-up" ..
      "   ray/query    lua loop     speed-up")
for _, ntri in ipairs({1000, 10000, 100000}) do
  local tris, g = terrain(ntri)
  local t0 = clock()
  local w = collide.world()
  for k = 1, #tris do
    local t = tris[k]
    w:add_triangle(t[1], t[2], t[3])
  end
  w:build()
  local build = clock() - t0

  local q = queries(g, 4096)
  local nq = #q
  local sweep = per_call(function(i)
    local s = q[(i - 1) % nq + 1]
    w:sweep_sphere(0.5, s[1], s[2])
  end, 100000)
  local ray = per_call(function(i)
    local s = q[(i - 1) % nq + 1]
    w:raycast(s[1], s[2])
  end, 100000)

  -- the Lua loop over every triangle, keeping the first contact
  local sweep_tri, ray_tri = collide.sweep_sphere_triangle, collide.raycast_triangle
  local nloop = math.max(3, math.floor(2e6 / #tris))
  local loop_sweep = per_call(function(i)
    local s, best = q[(i - 1) % nq + 1], 2
    for k = 1, #tris do
      local t = tris[k]
      local hit, u = sweep_tri(0.5, s[1], s[2], t[1], t[2], t[3])
      if hit and u < best then best = u end
    end
  end, nloop)
  local loop_ray = per_call(function(i)
    local s, best = q[(i - 1) % nq + 1], 2
    for k = 1, #tris do
      local t = tris[k]
      local hit, u = ray_tri(s[1], s[2], t[1], t[2], t[3])
      if hit and u < best then best = u end
    end
  end, nloop)
  print(("%9d %s %s %s %8.0fx %s %s %8.0fx"):format(#tris, fmt(build), fmt(sweep),
    fmt(loop_sweep), loop_sweep / sweep, fmt(ray), fmt(loop_ray), loop_ray / ray))
end

-- ---- world, continued: the three movers, a game frame, raycast_all -----------


print()
print("world sweeps of each moving shape (half-size 0.5) dropped onto a terrain")
print("triangles    sphere       aabb (ratio)         capsule (ratio)      ray")
for _, ntri in ipairs({1000, 10000, 100000}) do
  local w, g = terrain_mesh(ntri)
  local q = queries(g, 4096)
  local nq = #q
  local e, axis, P, N = V(0.5, 0.5, 0.5), V(0, 0.25, 0), V(), V()
  local ts = per_call(function(i)
    local s = q[(i - 1) % nq + 1]
    w:sweep_sphere(0.5, s[1], s[2], nil, P, N)
  end, 50000)
  local tb = per_call(function(i)
    local s = q[(i - 1) % nq + 1]
    w:sweep_aabb(e, s[1], s[2], nil, P, N)
  end, 50000)
  local tc = per_call(function(i)
    local s = q[(i - 1) % nq + 1]
    w:sweep_capsule(0.25, axis, s[1], s[2], nil, P, N)
  end, 50000)
  local tr = per_call(function(i)
    local s = q[(i - 1) % nq + 1]
    w:raycast(s[1], s[2], nil, P, N)
  end, 100000)
  print(("%9d %s %s (%4.2fx) %s (%4.2fx) %s"):format(w:count(), fmt(ts), fmt(tb), tb / ts,
    fmt(tc), tc / ts, fmt(tr)))
end

-- A game's frame (as bench/world_bench.c frame_bench): 1000 shapes glide
-- over a 10k-triangle terrain; each sweeps its step against the terrain
-- (mask 1) and is re-placed with w:update.
do
  local w, g = terrain_mesh(10000)
  local n, frames = 1000, 30
  local pos, vel, ids, e = {}, {}, {}, V(0.3, 0.3, 0.3)
  for i = 1, n do
    pos[i] = V(1 + rnd() * (g - 2), 0.9 + rnd() * 0.5, 1 + rnd() * (g - 2))
    vel[i] = V(rnd() * 0.2 - 0.1, rnd() * 0.02 - 0.01, rnd() * 0.2 - 0.1)
    ids[i] = i % 2 == 0 and w:add_aabb(pos[i], e) or w:add_sphere(pos[i], 0.3)
    w:set_layers(ids[i], 2)
  end
  w:build()
  local P, N, to = V(), V(), V()
  local t0 = clock()
  for _ = 1, frames do
    for i = 1, n do
      local p, v = pos[i], vel[i]
      to:set(p.x + v.x, p.y + v.y, p.z + v.z)
      if i % 2 == 0 then w:sweep_aabb(e, p, to, 1, P, N)
      else w:sweep_sphere(0.3, p, to, 1, P, N) end
      p:set(to.x, to.y, to.z)
      if i % 2 == 0 then w:update(ids[i], p, e) else w:update(ids[i], p, 0.3) end
    end
  end
  local frame = (clock() - t0) / frames
  for i = 1, n do w:set_velocity(ids[i], vel[i]) end
  t0 = clock()
  for _ = 1, frames do w:advance() end
  local adv = (clock() - t0) / frames
  print()
  print(("1000 shapes sweeping their step and re-placed (w:update) in a 10k-triangle world:" ..
         " %s a frame; advance() instead of the updates: %s"):format(fmt(frame), fmt(adv)))
end

do
  local w, g = terrain_mesh(10000)
  local total = 0
  local t = per_call(function()
    local x = rnd() * g
    total = total + #w:raycast_all(V(x, 0.25, 0), V(x, 0.25, g))
  end, 2000)
  print(("raycast_all across a 10k-triangle terrain: %s a ray (%.1f hits)"):format(
    fmt(t), total / 2000))
end

many_bench()

print()
print("spheres   sweep_pairs   pairs   lua loop over test_sphere_sphere   speed-up")
for _, n in ipairs({1000, 5000}) do
  -- spheres of radius 0.5 moving up to 2 units in a box that keeps a few
  -- contacts per sphere
  local side = math.sqrt(n) * 4
  local starts, ends = {}, {}
  for i = 1, n do
    starts[i] = V(rnd() * side, rnd() * side, 0)
    ends[i] = starts[i] + V(rnd() * 4 - 2, rnd() * 4 - 2, 0)
  end
  local out, count = {}, 0
  local reps = n <= 1000 and 50 or 10
  local fast = per_call(function()
    local _
    _, count = collide.sweep_pairs(0.5, starts, ends, out)
  end, reps)
  local test = collide.test_sphere_sphere
  local slow = per_call(function()
    local c = 0
    for i = 1, n do
      local si, ei = starts[i], ends[i]
      for j = i + 1, n do
        if test(0.5, si, ei, 0.5, starts[j], ends[j]) then c = c + 1 end
      end
    end
    assert(c == count)
  end, 1)
  print(("%7d %s %8d %s %38.0fx"):format(n, fmt(fast), count, fmt(slow), slow / fast))
end

-- ---- the movers, one call each (branch mover) --------------------------------
-- As bench/world_bench.c move_bench: a step of 0.1 sideways and 0.05 down
-- from resting on a 10k-triangle terrain, plain and with the controller's
-- options (up, step_height, snap); out-vectors for position and velocity.
do
  local w, g = terrain_mesh(10000)
  local n = 4096
  local BOX_HULL = collide.convex_box(V(0.5, 0.5, 0.5))
  local movers = {
    { "move_sphere", function(a, b, o, P, Q) return w:move_sphere(0.5, a, b, o, P, Q) end },
    { "move_aabb", function(a, b, o, P, Q)
      return w:move_aabb(V(0.5, 0.5, 0.5), a, b, o, P, Q) end },
    { "move_capsule", function(a, b, o, P, Q)
      return w:move_capsule(0.25, V(0, 0.25, 0), a, b, o, P, Q) end },
    -- (the box of move_aabb as a convex hull, at rotation 0: the same path)
    { "move_convex", function(a, b, o, P, Q)
      return w:move_convex(BOX_HULL, 0, a, b, o, P, Q) end },
  }
  local ctl = { up = V(0, 1, 0), step_height = 0.3, snap = 0.3 }
  print()
  print(("one move per call, %d-triangle terrain (%s):"):format(w:count(), collide.backend))
  local P, Q = V(), V()
  for _, m in ipairs(movers) do
    local starts, ends = {}, {}
    for i = 1, n do
      local x, z = 1 + rnd() * (g - 2), 1 + rnd() * (g - 2)
      local p = m[2](V(x, 1.5, z), V(x, -1, z))
      starts[i], ends[i] = p, p + V(0.1, -0.05, 0.05)
    end
    local plain = per_call(function(i)
      local k = (i - 1) % n + 1
      m[2](starts[k], ends[k], nil, P, Q)
    end, 20000)
    local full = per_call(function(i)
      local k = (i - 1) % n + 1
      m[2](starts[k], ends[k], ctl, P, Q)
    end, 20000)
    print(("  %-13s %s   with up, step_height, snap %s"):format(m[1], fmt(plain), fmt(full)))
  end
end
-- ---- (end of the movers) ------------------------------------------------------

-- ---- movers that are world shapes: w:move_shape (issue 26) -------------------
-- 200 NPCs of one kind resting on the 10k-triangle terrain; each call moves
-- one of them a step of (+-0.1, -0.05, +-0.05) with the controller's
-- options (the signs flip every pass over them, so they walk to and fro),
-- as bench/world_bench.c move_shape_bench does:
--   alone        the NPC is no shape: its place kept in Lua, a move without
--                a filter, in a world of the same terrain and nothing else
--   beside       the same, in the world of the NPC shapes, each mover 1.25
--                beside an NPC (the world's other shapes as near as they
--                are to an NPC's own move)
--   move_shape   the NPC is a world shape: w:move_shape(id, to, options)
--   old pattern  the same shape as a mirror: move_* from its place with a
--                Lua filter ignoring it, then w:update (what a game wrote
--                before move_shape)
-- Timed in three interleaved runs, the best of each kept (a shared machine
-- disturbs a run, seldom all three), after a pass that moved every NPC once
-- (they are then in the world's dynamic tree, as in a game). Out-vectors
-- for position and velocity.
do
  local NPC = 200
  local AX, E = V(0, 0.25, 0), V(0.5, 0.5, 0.5)
  local kinds = {
    { name = "sphere", add = function(w, c) return w:add_sphere(c, 0.5) end,
      move = function(w, a, b, o, P, Q) return w:move_sphere(0.5, a, b, o, P, Q) end,
      update = function(w, id, p) w:update(id, p, 0.5) end },
    { name = "aabb", add = function(w, c) return w:add_aabb(c, E) end,
      move = function(w, a, b, o, P, Q) return w:move_aabb(E, a, b, o, P, Q) end,
      update = function(w, id, p) w:update(id, p, E) end },
    { name = "capsule", add = function(w, c) return w:add_capsule(c - AX, c + AX, 0.25) end,
      move = function(w, a, b, o, P, Q) return w:move_capsule(0.25, AX, a, b, o, P, Q) end,
      update = function(w, id, p) w:update(id, p - AX, p + AX, 0.25) end },
  }
  local saved = seed
  print()
  print(("%d NPCs on a 10k-triangle terrain, one controller move per call (%s):"):format(
    NPC, collide.backend))
  print("  kind        alone      beside    move_shape (/beside)   " ..
        "old pattern: filter + update (/beside)")
  for _, K in ipairs(kinds) do
    seed = saved
    local wp, g = terrain_mesh(10000)     -- the same terrain twice
    seed = saved
    local ws = terrain_mesh(10000)
    local ctl = { up = V(0, 1, 0), step_height = 0.3, snap = 0.3 }
    local alone, beside, shaped, ids, olds = {}, {}, {}, {}, {}
    for k = 1, NPC do
      local x, z = 1 + rnd() * (g - 2), 1 + rnd() * (g - 2)
      local p = K.move(wp, V(x, 1.5, z), V(x, -1, z))
      alone[k], shaped[k] = V(p.x, p.y, p.z), V(p.x, p.y, p.z)
      local id = K.add(ws, p)
      ids[k] = id
      olds[k] = { up = ctl.up, step_height = 0.3, snap = 0.3,
                  filter = function(other) return other ~= id end }
    end
    ws:build()
    for k = 1, NPC do
      local c = shaped[k]
      beside[k] = K.move(ws, V(c.x, 1.5, c.z + 1.25), V(c.x, -1, c.z + 1.25))
    end
    local P, Q, T = V(), V(), V()
    local function target(i, c)
      local s = math.floor((i - 1) / NPC) % 2 == 0 and 1 or -1
      T.x, T.y, T.z = c.x + 0.1 * s, c.y - 0.05, c.z + 0.05 * s
    end
    local function plain(w, list)
      return function(i)
        local c = list[(i - 1) % NPC + 1]
        target(i, c)
        K.move(w, c, T, ctl, P, Q)
        c.x, c.y, c.z = P.x, P.y, P.z
      end
    end
    local function move_shape(i)
      local k = (i - 1) % NPC + 1
      local c = shaped[k]
      target(i, c)
      ws:move_shape(ids[k], T, ctl, P, Q)
      c.x, c.y, c.z = P.x, P.y, P.z
    end
    local runs = {
      { n = 20000, f = plain(wp, alone) },
      { n = 20000, f = plain(ws, beside) },
      { n = 20000, f = move_shape },
      { n = 4000, f = function(i)
          local k = (i - 1) % NPC + 1
          local c = shaped[k]
          target(i, c)
          K.move(ws, c, T, olds[k], P, Q)
          K.update(ws, ids[k], P)
          c.x, c.y, c.z = P.x, P.y, P.z
        end },
    }
    per_call(move_shape, 2 * NPC)
    local best = { math.huge, math.huge, math.huge, math.huge }
    for _ = 1, 3 do
      for r, run in ipairs(runs) do
        -- (whole pairs of passes: every NPC walks as far back as forth)
        local t = per_call(run.f, run.n)
        if t < best[r] then best[r] = t end
      end
    end
    print(("  %-8s %s %s %s (%4.2fx)      %s (%4.2fx)"):format(K.name, fmt(best[1]),
      fmt(best[2]), fmt(best[3]), best[3] / best[2], fmt(best[4]), best[4] / best[2]))
  end
end
-- ---- (end of move_shape) -------------------------------------------------------

tiles_bench()
