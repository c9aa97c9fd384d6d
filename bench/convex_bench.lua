-- bench/convex_bench.lua -- the convex sweeps on this VM beside the moving
-- box's, on the same obstacles, and beside the same calls from a C loop
-- (bench/convex_bench.c, whose results file is arg[1]). `make bench` runs
-- it on Lua 5.4 and LuaJIT (its FFI backend, and COLLIDE_BACKEND=capi).
--
-- Movers (the same 64 cases as the C loop: the same generator and draws):
--   aabb   the box of half-extents e, collide.sweep_aabb_* (the reference)
--   box0   collide.convex_box(e), unturned: the same shape, the same hits
--   box    collide.convex_box(e) turned by a drawn unit quaternion
--   hull8  an 8-corner hull turned likewise
-- Columns: ns per call on this VM and in C, hits in one pass, and the
-- ratio to the aabb row of the same obstacle (the issue's targets: a box
-- within 2x, the 8-corner hull against a triangle within 3x).
local collide = require "collide"
local V = collide.vec3
local clock, format = os.clock, string.format
local vm = type(jit) == "table" and (jit.version .. " " .. collide.backend) or _VERSION

local seed = 4242
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function far() return math.floor(rnd() * 65) / 8 - 4 end
local function near() return math.floor(rnd() * 33) / 8 - 2 end
local function extent() return 0.25 + math.floor(rnd() * 12) / 8 end
local function radius() return 0.25 + math.floor(rnd() * 10) / 8 end
local function vec(f)
  local x = f()
  local y = f()
  local z = f()
  return V(x, y, z)
end

local COUNT = 64
local cs = {}
for i = 1, COUNT do
  local c = {}
  c.e = vec(extent)
  c.c0 = vec(far)
  c.c1 = vec(far)
  while true do
    c.a = vec(near)
    c.b = vec(near)
    c.c = vec(near)
    local n = (c.b - c.a):cross(c.c - c.a)
    if n:dot(n) >= 0.25 then break end
  end
  c.center = vec(near)
  c.be = vec(extent)
  c.r = radius()
  local n = vec(near)
  if n.x == 0 and n.y == 0 and n.z == 0 then n = V(n.x, 1, n.z) end
  c.plane = collide.plane(n, near())
  local w = rnd() - 0.5
  local x = rnd() - 0.5
  local y = rnd() - 0.5
  local z = rnd() - 0.5
  local len = math.sqrt(w * w + x * x + y * y + z * z)
  c.q = { w = w / len, x = x / len, y = y / len, z = z / len }
  c.box = collide.convex_box(c.e)
  cs[i] = c
end
local hull8 = collide.convex {
  { 1, 0, -0.5 }, { 0.5, 0.75, 0.5 }, { -0.25, 1, -0.5 }, { -1, 0.25, 0.5 },
  { -0.75, -0.5, -0.5 }, { 0, -1, 0.5 }, { 0.75, -0.5, -0.5 }, { 0.25, 0.25, 1 } }
local ID = { w = 1, x = 0, y = 0, z = 0 }
local P, N = V(), V()   -- out-vectors, as a game loop passes them

local MOVERS = { "aabb", "box0", "box", "hull8" }
local OBST = { "triangle", "segment", "aabb", "plane", "sphere" }

local function caller(m, o)
  local sweep_aabb = collide["sweep_aabb_" .. o]
  local sweep_convex = collide["sweep_convex_" .. o]
  if m == "aabb" then
    if o == "triangle" then
      return function(c) return sweep_aabb(c.e, c.c0, c.c1, c.a, c.b, c.c, P, N) end
    end
    if o == "segment" then
      return function(c) return sweep_aabb(c.e, c.c0, c.c1, c.a, c.b, P, N) end
    end
    if o == "aabb" then
      return function(c) return sweep_aabb(c.e, c.c0, c.c1, c.be, c.center, c.center) end
    end
    if o == "plane" then
      return function(c) return sweep_aabb(c.e, c.c0, c.c1, c.plane, P, N) end
    end
    return function(c) return sweep_aabb(c.e, c.c0, c.c1, c.center, c.r, P, N) end
  end
  local shape = m == "hull8" and function() return hull8 end or function(c) return c.box end
  local rot = m == "box0" and function() return ID end or function(c) return c.q end
  if o == "triangle" then
    return function(c) return sweep_convex(shape(c), rot(c), c.c0, c.c1, c.a, c.b, c.c, P, N) end
  end
  if o == "segment" then
    return function(c) return sweep_convex(shape(c), rot(c), c.c0, c.c1, c.a, c.b, P, N) end
  end
  if o == "aabb" then
    return function(c) return sweep_convex(shape(c), rot(c), c.c0, c.c1, c.center, c.be, P, N) end
  end
  if o == "plane" then
    return function(c) return sweep_convex(shape(c), rot(c), c.c0, c.c1, c.plane, P, N) end
  end
  return function(c) return sweep_convex(shape(c), rot(c), c.c0, c.c1, c.center, c.r, P, N) end
end

local raw = {}
if arg[1] then
  local f = io.open(arg[1])
  if f then
    for line in f:lines() do
      local m, o, ns, hits = line:match("^convex (%S+) (%S+) (%S+) (%S+)")
      if m then raw[m .. " " .. o] = { ns = tonumber(ns), hits = tonumber(hits) } end
    end
    f:close()
  end
end

local function median(t)
  table.sort(t)
  return t[math.floor(#t / 2) + 1]
end

local SAMPLE = tonumber(os.getenv("CONVEX_BENCH_SAMPLE") or "") or 0.05
local function time(f)
  local n = 256
  while true do   -- calls per sample: enough for SAMPLE seconds
    local t0 = clock()
    for k = 1, n do f(cs[k % COUNT + 1]) end
    local dt = clock() - t0
    if dt >= SAMPLE then break end
    n = n * 2
  end
  local ts = {}
  for r = 1, 5 do
    local t0 = clock()
    for k = 1, n do f(cs[k % COUNT + 1]) end
    ts[r] = (clock() - t0) / n * 1e9
  end
  return median(ts)
end

print(format("convex sweeps, %s: ns per call (64 cases), and / the aabb row of the same " ..
             "obstacle", vm))
print(format("%-9s %-6s %9s %7s %9s %7s %5s %s", "obstacle", "mover", "VM ns", "/aabb", "C ns",
             "/aabb", "hits", ""))
local problems = 0
for _, o in ipairs(OBST) do
  local ref_vm, ref_c
  for _, m in ipairs(MOVERS) do
    local f = caller(m, o)
    local hits = 0
    for i = 1, COUNT do
      if f(cs[i]) then hits = hits + 1 end
    end
    local ns = time(f)
    local r = raw[m .. " " .. o]
    if m == "aabb" then ref_vm, ref_c = ns, r and r.ns end
    local note = ""
    if r and r.hits ~= hits then
      note = format("PROBLEM: C saw %d hits", r.hits)
      problems = problems + 1
    end
    print(format("%-9s %-6s %9.1f %6.2fx %9s %7s %5d %s", o, m, ns, ns / ref_vm,
                 r and format("%.1f", r.ns) or "-",
                 (r and ref_c) and format("%6.2fx", r.ns / ref_c) or "-", hits, note))
  end
end
if problems > 0 then
  print(problems .. " rows saw other hits than the C loop: not the same cases")
  os.exit(1)
end
