-- fuzz_load.lua -- a Lua-level fuzzer of collide.load (docs/saving.md).
--
--   lua tests/fuzz_load.lua [seed [count]]
--
-- with collide on the search paths (make fuzz-lua sets them, under ASan
-- and UBSan; on LuaJIT COLLIDE_BACKEND picks the backend). Each of `count`
-- sequences makes a random world (every kind of shape, removed ids,
-- layers, velocities, sensors, data of every supported type with shared
-- tables and cycles), saves it and checks:
--  * the string loads into the same world (ids, every field bit for bit,
--    the next id, data) and saves to a string that loads the same again;
--  * mutations of it (bytes changed, inserted, deleted, lines swapped or
--    repeated, tokens replaced by hostile ones, truncations) either load
--    into a world that saves and loads the same and answers queries, or
--    fail with "bad argument #1 to 'load' (not a saved world: ...)";
--  * and, under the sanitizers, that nothing crashes or touches freed
--    memory.
-- Prints the counts; exits 1 after printing the first findings.

local collide = require "collide"
local V = collide.vec3
local floor, fmt = math.floor, string.format

local seed = tonumber(arg and arg[1]) or 1
local count = tonumber(arg and arg[2]) or 500

local state = (seed % 2147483646) + 1
local function rand()
  state = (state * 16807) % 2147483647
  return state / 2147483647
end
local function irand(n) return floor(rand() * n) + 1 end
local function chance(p) return rand() < p end
local function coord() return (rand() - 0.5) * (chance(0.1) and 1e6 or 20) end
local function vec() return V(coord(), coord(), chance(0.5) and 0 or coord()) end

local stats = { sequences = 0, mutants = 0, loaded = 0, refused = 0 }
local findings = {}
local function finding(msg)
  if #findings < 10 then findings[#findings + 1] = msg end
end

-- ---- a random world ----------------------------------------------------------

local STRINGS = { "", " ", "\n", "end\n", "T ] R1 s3:", "a b c", "\0\1\255" }
local function data(depth, pool)
  local k = irand(8)
  if k == 1 then return coord() end
  if k == 2 then return irand(1000) - 500 end
  if k == 3 then return STRINGS[irand(#STRINGS)] .. tostring(irand(99)) end
  if k == 4 then return chance(0.5) end
  if k == 5 and #pool > 0 then return pool[irand(#pool)] end   -- shared
  if depth > 3 then return "leaf" end
  local t = {}
  pool[#pool + 1] = t
  for _ = 1, irand(4) do
    local key = data(depth + 1, pool)
    -- (no table keys: whole() could not order them the same way twice)
    if type(key) == "table" then key = "t" .. irand(9) end
    if key == key then t[key] = data(depth + 1, pool) end
  end
  if chance(0.2) then t.self = t end
  return t
end

local function random_world()
  local w = collide.world()
  local pool = {}
  for _ = 1, irand(12) do
    local d = chance(0.6) and data(0, pool) or nil
    local k = irand(9)
    local id
    if k == 1 then
      local a = vec()
      id = w:add_triangle(a, a + V(1 + rand(), 0, rand()), a + V(rand(), 1 + rand(), 0), d)
    elseif k == 2 then
      local c = vec()
      id = w:add_polygon(collide.polygon({ c, c + V(1, 0), c + V(1.5, 1), c + V(0, 1) }), d)
    elseif k == 3 then id = w:add_aabb(vec(), V(rand(), rand(), rand()), d)
    elseif k == 4 then id = w:add_sphere(vec(), rand() * 2, d)
    elseif k == 5 then id = w:add_segment(vec(), vec(), d)
    elseif k == 6 then id = w:add_plane(collide.plane(vec() + V(0, 0, 0.5), coord()), d)
    elseif k == 7 then id = w:add_capsule(vec(), vec(), rand(), d)
    elseif k == 8 and collide.convex then
      local h = rand() * 3
      local rot = chance(0.5) and rand() * 7 or
                  { w = math.cos(h), x = 0.6 * math.sin(h), y = 0, z = 0.8 * math.sin(h) }
      id = w:add_convex(collide.convex({ V(0, 0, 0), V(1 + rand(), 0, 0), V(0, 1, 0),
                                         V(0, 0, chance(0.3) and 0 or 1) }), vec(), rot, d)
    else
      local first = w:add_mesh({ V(0, 0), V(1, 0), V(0, 1), V(1, 1) }, { 1, 2, 3, 2, 4, 3 }, d)
      id = first
    end
    if chance(0.3) then w:set_layers(id, irand(2 ^ 20)) end
    if chance(0.3) then w:set_velocity(id, vec() * 0.1) end
    if chance(0.2) and w.set_sensor then w:set_sensor(id, true) end
    if chance(0.15) then w:remove(id) end
  end
  if chance(0.5) then w:advance() end
  return w
end

-- ---- the same world? ----------------------------------------------------------

local function exact(x)
  if type(x) ~= "number" then return tostring(x) end
  if x ~= x then return "nan" end
  if x == 0 and 1 / x < 0 then return "-0" end
  if math.type and math.type(x) == "integer" then return "i" .. fmt("%d", x) end
  return fmt("%.17g", x)
end

-- data as a string, tables by their order of first appearance
local function show(x, seen)
  if type(x) ~= "table" then return exact(x) end
  if seen[x] then return "@" .. seen[x] end
  seen.n = seen.n + 1
  seen[x] = seen.n
  local keys = {}
  for k in next, x do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    if ta == "table" then return false end
    if ta == "boolean" then return (a and 1 or 0) < (b and 1 or 0) end
    return a < b
  end)
  local parts = {}
  for i, k in ipairs(keys) do
    parts[i] = (type(k) == "table" and "<t>" or show(k, seen)) .. "=" .. show(x[k], seen)
  end
  return "{" .. table.concat(parts, ",") .. "}"
end

local function whole(w)
  local out = {}
  local seen = { n = 0 }
  local function put(x)
    if collide.is_vec3(x) then put(x.x); put(x.y); put(x.z)
    elseif type(x) == "number" or type(x) == "string" or type(x) == "boolean" then
      out[#out + 1] = exact(x)
    elseif tostring(x):match("^plane") then put(x.normal); put(x.d)
    elseif tostring(x):match("^convex") then
      for _, v in ipairs(x:vertices()) do put(v) end
      for _, f in ipairs(x:faces()) do put(f.normal); put(f.d) end
    elseif type(x) == "table" then put(x.w); put(x.x); put(x.y); put(x.z)   -- a rotation
    else
      for _, v in ipairs(x:vertices()) do put(v) end
      put(x.plane.normal); put(x.plane.d)
    end
  end
  for id in w:shapes() do
    out[#out + 1] = "\n" .. id
    for _, x in ipairs({ w:get(id) }) do put(x) end
    put(w:layers(id)); put(w:velocity(id))
    if w.sensor then put(w:sensor(id)) end
    out[#out + 1] = show(w:data(id), seen)
  end
  out[#out + 1] = "next " .. w:_next_id()
  return table.concat(out, " ")
end

-- ---- mutations -----------------------------------------------------------------

local TOKENS = { "0", "-0", "1e400", "nan", "+inf", "T", "]", "R1", "R999", "s1:",
  "s99999999:", "i9223372036854775808", "n1", "L", "V", "S", "D", "end", "\n",
  " ", "  ", "65536", "2147483647", "-1", "polygon", "plane", "x" }

local function mutate(s)
  local k = irand(7)
  local at = irand(#s)
  if k == 1 then   -- a byte changed
    return s:sub(1, at - 1) .. string.char(irand(256) - 1) .. s:sub(at + 1)
  elseif k == 2 then   -- a token inserted
    return s:sub(1, at - 1) .. TOKENS[irand(#TOKENS)] .. s:sub(at)
  elseif k == 3 then   -- bytes deleted
    return s:sub(1, at - 1) .. s:sub(at + irand(8))
  elseif k == 4 then   -- truncated
    return s:sub(1, at - 1)
  elseif k == 5 then   -- a token replaced
    local a, b = s:find("[^ \n]+", at)
    if not a then return s .. "x" end
    return s:sub(1, a - 1) .. TOKENS[irand(#TOKENS)] .. s:sub(b + 1)
  else   -- lines swapped or repeated
    local lines = {}
    for l in s:gmatch("[^\n]*\n") do lines[#lines + 1] = l end
    if #lines < 2 then return s .. s end
    local i, j = irand(#lines), irand(#lines)
    if k == 6 then lines[i], lines[j] = lines[j], lines[i]
    else table.insert(lines, i, lines[j]) end
    return table.concat(lines)
  end
end

local function queries(w)
  for _ = 1, 3 do
    local a, b = vec(), vec()
    w:sweep_sphere(rand(), a, b)
    w:raycast(a, b)
    w:overlap_aabb(a, V(1, 1, 1))
    w:move_aabb(V(0.5, 0.5, 0.5), a, b)
  end
  w:advance()
  if w.sensor_events then w:sensor_events() end
end

-- ---- run -------------------------------------------------------------------------

for n = 1, count do
  stats.sequences = stats.sequences + 1
  local w = random_world()
  local s = w:save()
  local ok, copy = pcall(collide.load, s)
  if not ok then
    finding(fmt("sequence %d: a saved world does not load: %s", n, tostring(copy)))
  elseif whole(copy) ~= whole(w) then
    finding(fmt("sequence %d: the loaded world differs:\n%s\n%s", n, whole(w), whole(copy)))
  elseif whole(collide.load(copy:save())) ~= whole(w) then
    finding(fmt("sequence %d: a second round trip differs", n))
  end
  for _ = 1, 20 do
    local bad = s
    for _ = 1, irand(3) do bad = mutate(bad) end
    stats.mutants = stats.mutants + 1
    local okm, res = pcall(collide.load, bad)
    if okm then
      stats.loaded = stats.loaded + 1
      local ok2, again = pcall(collide.load, res:save())
      if not ok2 or whole(again) ~= whole(res) then
        finding(fmt("sequence %d: a loaded mutant does not round trip: %s\n%q", n,
                    tostring(again), bad))
      end
      local okq, err = pcall(queries, res)
      if not okq and not tostring(err):find("advance") then
        finding(fmt("sequence %d: a query on a loaded mutant failed: %s", n, tostring(err)))
      end
    else
      stats.refused = stats.refused + 1
      if type(res) ~= "string" or
         not res:find("^bad argument #1 to 'load' %(not a saved world: ") then
        finding(fmt("sequence %d: load failed with another error: %s\n%q", n, tostring(res), bad))
      end
    end
  end
  if #findings >= 10 then break end
end

print(fmt("fuzz_load (%s, %s backend, seed %d): %d worlds, %d mutants: %d loaded, %d refused",
          _VERSION, collide.backend, seed, stats.sequences, stats.mutants, stats.loaded,
          stats.refused))
if #findings > 0 then
  for _, f in ipairs(findings) do print("FINDING: " .. f) end
  os.exit(1)
end
