-- fuzz_world.lua -- a Lua-level fuzzer of the world API with re-entrant
-- callbacks (issue 27, "Scripts cannot break a world").
--
--   lua tests/fuzz_world.lua [seed [count]]
--
-- with collide on the search paths (make fuzz-lua sets them; on LuaJIT
-- COLLIDE_BACKEND picks the backend). Runs `count` sequences; each is one
-- query on a random world of static, moving and spinning shapes (overlaps,
-- sweeps, rays, raycast_all, movers, the convex sweep and mover, get,
-- sweep_pairs; vectors as vec3 or as tables, rotations as angles or
-- quaternion tables) whose callbacks are hostile: filters, an options
-- table's and a rotation's __index and an out table's __newindex that run
-- other queries (recorded), try to change the world (adding, removing,
-- updating, spinning, moving shapes by the controller, sensors),
-- raise, yield, recurse and make garbage whose finalizers (__gc) query and
-- try changes too. It checks:
--  * every query's answer, the outer one's and each nested one's, equals
--    the same query run alone afterwards on the unchanged world (with the
--    same filter decisions, without the hostility);
--  * a change tried while the world runs a method is refused with the
--    contract's message ("world is locked during a query");
--  * an error raised by a filter comes out of the query unchanged; a yield
--    from a filter is an error ("attempt to yield across ..."), never a
--    yield out of the query; filter nesting deeper than 100 is the error
--    "filter nesting too deep", and 100 levels work;
--  * and, run under ASan + UBSan, that nothing crashes or touches freed
--    memory.
-- Prints the counts; exits 1 after printing the first findings.

-- On LuaJIT this file's own code is kept out of the JIT (collide's is
-- not): LuaJIT 2.1.0-beta3 as Debian and Ubuntu ship it can spin for ever
-- in a finalizer that runs compiled code. In a __gc call it neither steps
-- the collector nor records side traces on a trace exit, so a trace that
-- exits at its own start re-enters itself (seen on both backends: the
-- process spins in lj_trace_exit -> lj_snap_restore of trace 8, exit 1, a
-- trace of ser's `for k in next, x` loop; LuaJIT fixed it upstream in
-- 119fd1fa, "Ensure forward progress on trace exit to BC_ITERN"). The
-- finalizers here run queries, and ser, gen_query and the rest run in
-- them; collide's own code, run in them too, stays compiled as in a game.
if jit then jit.off(true, true) end

local collide = require "collide"
local V = collide.vec3
local unpack = table.unpack or unpack
local floor, fmt = math.floor, string.format

local seed = tonumber(arg and arg[1]) or 1
local count = tonumber(arg and arg[2]) or 2000
local initial_seed = seed

-- A fixed generator (the same sequences on every VM for one seed, but for
-- the collector's timing, which differs between VMs).
local state = (seed % 2147483646) + 1
local function rand()
  state = (state * 16807) % 2147483647
  return state / 2147483647
end
local function irand(n) return floor(rand() * n) + 1 end
local function chance(p) return rand() < p end
local function coord(s) return (rand() - 0.5) * (s or 20) end

local stats = { sequences = 0, queries = 0, nested = 0, compared = 0,
                locked = 0, raised = 0, yields = 0, gc_runs = 0,
                chains = 0, deep = 0, dirty = 0, changes = 0 }
local findings = {}
local function finding(msg)
  if #findings < 20 then findings[#findings + 1] = msg end
  stats.findings = (stats.findings or 0) + 1
end

-- ---- answers as strings ---------------------------------------------------

local function ser(x)
  local t = type(x)
  if t == "number" then
    if x ~= x then return "nan" end
    return fmt("%.17g", x)
  end
  if collide.is_vec3(x) then
    return "v(" .. ser(x.x) .. "," .. ser(x.y) .. "," .. ser(x.z) .. ")"
  end
  if t == "table" then
    local keys = {}
    for k in next, x do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
      if type(a) == type(b) then return a < b end
      return type(a) < type(b)
    end)
    local parts = {}
    for i, k in ipairs(keys) do parts[i] = tostring(k) .. "=" .. ser(rawget(x, k)) end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  if t == "userdata" or t == "cdata" then
    local ok, vs = pcall(function() return x:vertices() end)   -- a polygon
    if ok then return "polygon" .. ser(vs) end
  end
  return tostring(x)
end

local function pack(...) return { n = select("#", ...), ... } end
local function rest(r) return unpack(r, 2, r.n) end

local function answer(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = ser((select(i, ...))) end
  return table.concat(parts, "|")
end

-- ---- the world ------------------------------------------------------------

local w, ids            -- the world and the ids added to it
local function vec_arg(x, y, z)
  local k = irand(3)
  if k == 1 then return V(x, y, z) end
  if k == 2 then return { x, y, z } end
  return { x = x, y = y, z = z }
end
local function rvec(s) return vec_arg(coord(s), coord(s), coord(s)) end

-- The convex shapes the world and the convex queries use: a turned box
-- (flat sometimes), a wedge; rotations as an angle or a quaternion about a
-- tilted axis.
local HULLS = collide.convex and {
  collide.convex_box(V(0.6, 0.4, 0.5)), collide.convex_box(V(0.5, 0.3, 0)),
  collide.convex({ { 0, 0, 0 }, { 2, 0, 0 }, { 2, 1, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 0, 1, 1 } }),
}
local function rrot()
  if chance(0.5) then return rand() * 7 end
  local h = rand() * 3
  return { w = math.cos(h), x = math.sin(h) * 0.6, y = 0, z = math.sin(h) * 0.8 }
end

-- A change with valid arguments (so that only the lock can refuse it).
local MOVABLE = { sphere = true, aabb = true, capsule = true, convex = true }
local function change()
  local k = irand(collide.convex and 12 or 9)
  local id = #ids > 0 and ids[irand(#ids)] or 1
  if k == 1 then
    ids[#ids + 1] = w:add_sphere(rvec(), 0.2 + rand() * 2, { tag = "s" })
  elseif k == 2 then
    ids[#ids + 1] = w:add_aabb(rvec(), V(0.2 + rand(), 0.2 + rand(), 0.2 + rand()))
  elseif k == 3 then
    local x, y, z = coord(), coord(), coord()
    local s = 0.5 + rand() * 3
    ids[#ids + 1] = w:add_triangle(V(x, y, z), V(x + s, y, z), V(x, y + s, z))
  elseif k == 4 then
    local x, y, z = coord(), coord(), coord()
    ids[#ids + 1] = w:add_polygon({ { x, y, z }, { x + 1, y, z }, { x + 1, y + 1, z },
                                    { x, y + 1, z } }, w)
  elseif k == 5 then
    w:remove(id)
  elseif k == 6 then
    w:set_layers(id, irand(7))
  elseif k == 7 then
    w:set_velocity(id, V(coord(2), coord(2), coord(2)))
  elseif k == 8 then
    w:advance()
    w:sensor_events()
  elseif k == 10 then
    ids[#ids + 1] = w:add_convex(HULLS[irand(#HULLS)], rvec(), rrot(), { tag = "c" })
  elseif k == 11 then
    -- a spin (a shape that cannot spin is the argument error, not a change),
    -- or a sensor: a convex one too, spinning or not (a spinning sensor,
    -- two spinning shapes of which one is a sensor: the sensors' walk
    -- through time, collide_sensor.c)
    if w:get(id) == "convex" and chance(0.7) then w:set_spin(id, chance(0.2) and 0 or rrot())
    else w:set_sensor(id, chance(0.5)) end
  elseif k == 12 then
    -- a world shape moved by the controller, which also records sensor events
    if MOVABLE[w:get(id) or ""] then
      w:move_shape(id, rvec(), chance(0.5) and { up = V(0, 0, 1), snap = 0.2 } or nil)
    end
    w:sensor_events()
  else
    local kind, A = w:get(id)
    if kind == "sphere" then w:update(id, rvec(), 0.1 + rand())
    elseif kind == "convex" then w:update(id, A, rvec(), rrot())
    else w:build() end
  end
end

local function new_world()
  w, ids = collide.world(), {}
  for _ = 1, 10 + irand(40) do
    local k = irand(6)
    if k == 1 then
      ids[#ids + 1] = w:add_segment(rvec(), rvec())
    elseif k == 2 then
      ids[#ids + 1] = w:add_capsule(rvec(), rvec(), 0.1 + rand())
    elseif k == 3 and collide.convex then
      -- a turned box, or a wedge turned by a quaternion
      if chance(0.5) then
        ids[#ids + 1] = w:add_convex(collide.convex_box(V(0.2 + rand(), 0.2 + rand(),
                                                          chance(0.3) and 0 or rand())),
                                     rvec(), rand() * 7)
      else
        local h = rand() * 3
        local q = { w = math.cos(h), x = math.sin(h) * 0.6, y = 0, z = math.sin(h) * 0.8 }
        ids[#ids + 1] = w:add_convex(collide.convex({ { 0, 0, 0 }, { 2, 0, 0 }, { 2, 1, 0 },
                                                      { 0, 1, 0 }, { 0, 0, 1 }, { 0, 1, 1 } }),
                                     rvec(), q)
      end
    else
      change()
    end
  end
  if chance(0.2) then ids[#ids + 1] = w:add_plane(collide.plane(V(0, 0, 1), 12)) end
  for _ = 1, #ids > 0 and irand(5) or 0 do
    local id = ids[irand(#ids)]
    if w:get(id) then w:set_velocity(id, V(coord(3), coord(3), coord(3))) end
  end
  -- spinning convex shapes: an angle, or a quaternion about a tilted axis
  for _ = 1, #ids > 0 and w.set_spin and irand(4) or 0 do
    local id = ids[irand(#ids)]
    if w:get(id) == "convex" then
      local h = rand() * 1.5
      w:set_spin(id, chance(0.5) and (rand() - 0.5) * 6 or
                     { w = math.cos(h), x = math.sin(h) * 0.8, y = math.sin(h) * 0.6, z = 0 })
    end
  end
end

-- ---- queries --------------------------------------------------------------

-- A filter's decision, a function of the id only (so that the query can be
-- run again alone). For a move: true, false or a response.
local RESPONSES = { true, false, "slide", "touch", "cross", "bounce", true }
local function decide(spec, id)
  if spec.move then return RESPONSES[(id + spec.r) % #RESPONSES + 1] end
  return id % spec.m ~= spec.r
end

-- A random query: {name, args..., n = number of args, fspec = the filter's
-- spec or nil, fpos = its argument position}.
local function gen_query()
  local k = irand(HULLS and 17 or 15)
  local q
  local fspec = { m = 2 + irand(4), r = irand(3) - 1 }
  if k == 1 then q = { "overlap_sphere", rvec(), rand() * 6, n = 3, fpos = 3 }
  elseif k == 2 then q = { "overlap_point", rvec(), n = 2, fpos = 2 }
  elseif k == 3 then
    q = { "overlap_aabb", rvec(), vec_arg(rand() * 4, rand() * 4, rand() * 4), n = 3, fpos = 3 }
  elseif k == 4 then q = { "overlap_capsule", rvec(), rvec(), rand() * 3, n = 4, fpos = 4 }
  elseif k == 5 then q = { "sweep_sphere", rand() * 2, rvec(), rvec(), n = 4, fpos = 4 }
  elseif k == 6 then
    q = { "sweep_aabb", V(rand(), rand(), rand()), rvec(), rvec(), n = 4, fpos = 4 }
  elseif k == 7 then q = { "sweep_capsule", rand(), rvec(2), rvec(), rvec(), n = 5, fpos = 5 }
  elseif k == 8 or k == 9 then q = { "raycast", rvec(30), rvec(30), n = 3, fpos = 3 }
  elseif k == 10 or k == 11 then q = { "raycast_all", rvec(30), rvec(30), n = 3, fpos = 3 }
  elseif k <= 13 then
    local m = irand(3)
    local opts = { response = ({ "slide", "bounce", "stop" })[irand(3)] }
    if chance(0.5) then opts.up = V(0, 0, 1) end
    if chance(0.3) then opts.max_iterations = irand(8) end
    if m == 1 then q = { "move_sphere", 0.2 + rand(), rvec(), rvec(), opts, n = 5 }
    elseif m == 2 then q = { "move_aabb", V(0.3, 0.4, 0.5), rvec(), rvec(), opts, n = 5 }
    else q = { "move_capsule", 0.3, V(0, 0, 0.5), rvec(), rvec(), opts, n = 6 } end
    q.opos = q.n
    fspec.move, fspec.r = true, irand(7)
    if chance(0.3) then q.meta_options = true end
  elseif k == 14 then
    q = { "get", #ids > 0 and ids[irand(#ids)] or 1, n = 2 }
    fspec = nil
  elseif k == 16 then
    -- a convex shape swept through the world; its rotation read through an
    -- __index that may be hostile (meta_rot)
    q = { "sweep_convex", HULLS[irand(#HULLS)], rrot(), rvec(), rvec(), n = 5, fpos = 5,
          rpos = 3 }
  elseif k == 17 then
    local opts = { response = ({ "slide", "bounce", "stop" })[irand(3)] }
    if chance(0.5) then opts.up = V(0, 0, 1); opts.step_height = chance(0.5) and 0.3 or nil end
    q = { "move_convex", HULLS[irand(#HULLS)], rrot(), rvec(), rvec(), opts, n = 6, rpos = 3 }
    q.opos = q.n
    fspec.move, fspec.r = true, irand(7)
    if chance(0.3) then q.meta_options = true end
  else
    local n = irand(12)
    local radii, starts, ends = {}, {}, {}
    for i = 1, n do
      radii[i] = rand()
      starts[i] = rvec(6)
      ends[i] = rvec(6)
    end
    q = { "sweep_pairs", radii, starts, ends, n = 4, pairs = true }
    fspec = nil
  end
  if q.fpos then
    q.fpos = q.n + 1       -- (the filter's place in q, after the arguments)
    q.n = q.fpos
    local f = irand(4)
    if f == 1 then q.fpos = nil          -- no filter
    elseif f == 2 then q[q.fpos] = irand(7); q.fpos = nil   -- a mask
    else q.fspec = fspec end
  elseif q.opos then
    if chance(0.7) then q.fspec = fspec end
  end
  if (q[1]:match("^sweep_[sac]") or q[1] == "raycast" or q[1]:match("^move"))
     and chance(0.3) then
    q.outs = true                       -- out-vectors
  end
  if q.rpos and type(q[q.rpos]) == "table" and chance(0.4) then q.meta_rot = true end
  return q
end

-- Runs q: hostile(ctx) is called from its callbacks (nil: run it alone).
-- Returns pcall's results.
local function run_query(q, hostile)
  local args = { unpack(q, 2, q.n) }
  local n = q.n - 1
  if q.fspec then
    local spec = q.fspec
    local f
    if hostile then
      f = function(id) hostile("filter"); return decide(spec, id) end
    else
      f = function(id) return decide(spec, id) end
    end
    if q.fpos then args[q.fpos - 1] = f
    else
      local o = {}
      for key, val in pairs(args[q.opos - 1]) do o[key] = val end
      o.filter = f
      args[q.opos - 1] = o
    end
  end
  if q.opos and q.meta_options and hostile then
    local plain = args[q.opos - 1]
    args[q.opos - 1] = setmetatable({}, { __index = function(_, key)
      hostile("options")
      return plain[key]
    end })
  end
  if q.meta_rot and hostile then
    -- (read before the world is locked: a change from here may go
    -- through, which makes the sequence dirty, as from a finalizer)
    local plain = args[q.rpos - 1]
    args[q.rpos - 1] = setmetatable({}, { __index = function(_, key)
      hostile("rotation")
      return plain[key]
    end })
  end
  if q.outs then
    args[n + 1], args[n + 2] = V(), V()
    n = n + 2
  end
  local name = q[1]
  if q.pairs then
    local out = {}
    if hostile then
      out = setmetatable({}, { __newindex = function(t, key, val)
        hostile("free")
        rawset(t, key, val)
      end })
    end
    args[4] = out
    return pcall(collide.sweep_pairs, unpack(args, 1, 4))
  end
  return pcall(w[name], w, unpack(args, 1, n))
end

-- ---- hostility ------------------------------------------------------------

-- FUZZ_TRACE=1: what runs, on stderr (to find where a run stops).
local trace = os.getenv("FUZZ_TRACE")
local function say(...)
  if not trace then return end
  local t = { ... }
  for i = 1, select("#", ...) do t[i] = tostring(t[i]) end
  io.stderr:write(table.concat(t, " "), "\n")
  io.stderr:flush()
end
local level = 0          -- queries running now (with hostility)
local expect = {}        -- level -> "token" or "yield": how that query ends
local tokens = {}        -- level -> the error value raised there
local log = {}           -- {query, answer} of every query that answered
local dirty = false      -- a change went through: no comparisons this time
local budget = 0         -- nested queries left in this sequence
local in_co = false      -- the sequence runs in a coroutine
local gc_depth = 0       -- finalizers running now
local quiet = false      -- finalizers do nothing (while comparing)
local hostile

local function try_change(ctx)
  say("  change", ctx)
  local ok, err = pcall(change)
  say("  change done", ok, err)
  if ctx == "filter" or ctx == "options" then
    -- the world runs a method: the change must be refused
    if ok then
      finding("a change went through inside a " .. ctx)
      dirty = true
    elseif not tostring(err):find("world is locked during a query", 1, true) then
      finding("a change inside a " .. ctx .. " failed with: " .. tostring(err))
    else
      stats.locked = stats.locked + 1
    end
  else
    -- from a finalizer or an out table: the world may or may not be running
    -- a method
    if ok then
      dirty = true
      stats.changes = stats.changes + 1
    elseif not tostring(err):find("world is locked during a query", 1, true) then
      finding("a change from a " .. ctx .. " failed with: " .. tostring(err))
    else
      stats.locked = stats.locked + 1
    end
  end
end

local function nested_query(ctx)
  budget = budget - 1
  stats.nested = stats.nested + 1
  local q = gen_query()
  say("  nested", q[1])
  level = level + 1
  expect[level], tokens[level] = nil, nil
  local r = pack(run_query(q, hostile))
  local how = expect[level]
  local err = r[2]
  if how == "token" then
    if r[1] or err ~= tokens[level] then
      finding(q[1] .. ": the filter's error did not come out: " .. answer(unpack(r, 1, r.n)))
    end
  elseif how == "yield" then
    if r[1] or not tostring(err):find("attempt to yield", 1, true) then
      finding(q[1] .. ": a yield from a filter was not an error: " .. answer(unpack(r, 1, r.n)))
    end
  elseif not r[1] then
    finding(q[1] .. " failed: " .. tostring(err))
  else
    log[#log + 1] = { q, answer(rest(r)), fmt("nested at level %d from a %s (in %s%s)",
                      level, ctx, tostring(log.outer), in_co and ", in a coroutine" or "") }
  end
  expect[level], tokens[level] = nil, nil
  level = level - 1
end

-- Garbage whose finalizer queries and tries changes (on every backend: on
-- FFI a finalizer may run between a query filling the Lua state's scratch
-- and reading it, at an allocation or a trace exit, and its own query must
-- not change the interrupted one's answer).
local function finalizer()
  say("  finalizer", quiet, gc_depth)
  if quiet then return end
  gc_depth = gc_depth + 1
  stats.gc_runs = stats.gc_runs + 1
  local ok, err = pcall(function()
    if budget > 0 and chance(0.6) then nested_query("finalizer") end
    if chance(0.2) then try_change("finalizer") end
  end)
  if not ok then finding("a finalizer failed: " .. tostring(err)) end
  gc_depth = gc_depth - 1
end

local ffi_ok, ffi = pcall(require, "ffi")
local function garbage()
  local k = irand(3)
  if k == 1 and newproxy then
    local u = newproxy(true)
    getmetatable(u).__gc = finalizer
  elseif k == 2 and ffi_ok then
    ffi.gc(ffi.new("int[1]"), finalizer)
  else
    setmetatable({}, { __gc = finalizer })   -- (Lua 5.2 and later)
  end
end

function hostile(ctx)
  local r = rand()
  say("  hostile", ctx, level, gc_depth, r)
  if r < 0.30 then
    if budget > 0 and level < 8 then nested_query(ctx) end
  elseif r < 0.40 then
    if ctx ~= "free" then try_change(ctx) end
  elseif r < 0.45 then
    if ctx == "filter" and gc_depth == 0 then
      stats.raised = stats.raised + 1
      local token = "fuzz error " .. irand(1e6)
      expect[level], tokens[level] = "token", token
      error(token, 0)
    end
  elseif r < 0.50 then
    if ctx == "filter" and in_co and gc_depth == 0 then
      stats.yields = stats.yields + 1
      expect[level] = "yield"
      coroutine.yield("escaped")
    end
  elseif r < 0.65 then
    if gc_depth == 0 then
      for _ = 1, irand(4) do garbage() end
      if chance(0.3) then collectgarbage("step") end
    end
  elseif r < 0.67 then
    if gc_depth == 0 then collectgarbage() end
  end
end

-- ---- a chain of filters, depth levels deep ---------------------------------

local chain_id
local function chain(depth)
  stats.chains = stats.chains + 1
  -- (a sphere on the ray, so that the filters are called)
  if w:get(chain_id or 0) ~= "sphere" then
    chain_id = w:add_sphere(V(0, 0, 0), 3)
    ids[#ids + 1] = chain_id
  end
  local p0, p1 = V(-30, coord(2), coord(2)), V(30, coord(2), coord(2))
  local reached = 0
  -- (each level goes one deeper from its first call only: from every call
  -- the chain would grow as the number of calls to the depth)
  local function at(d)
    local first = true
    return function(id)
      reached = math.max(reached, d)
      if first and d < depth then
        first = false
        w:raycast(p0, p1, at(d + 1))
      end
      return id % 2 == 0
    end
  end
  quiet = true
  local ok, err = pcall(w.raycast, w, p0, p1, at(1))
  quiet = false
  -- (a chain whose first filter is never called goes no deeper)
  if reached == 0 then return end
  local ray_first = w:raycast(p0, p1)   -- does the ray meet anything?
  if depth <= 100 then
    if not ok then finding("a chain of " .. depth .. " filters failed: " .. tostring(err)) end
  else
    stats.deep = stats.deep + 1
    if ok or not tostring(err):find("filter nesting too deep", 1, true) then
      finding("a chain of " .. depth .. " filters: " .. tostring(ok) .. " " ..
              tostring(err) .. " (ray hits: " .. tostring(ray_first) .. ")")
    end
  end
end

-- ---- the sequences ---------------------------------------------------------

-- The world as Lua source that builds it again with the same ids (a
-- finding's scene, to replay it alone).
local function dump_world()
  local out, last = { "local c = require 'collide' local V = c.vec3 local w = c.world()" }, 0
  local function vs(v) return fmt("V(%.17g,%.17g,%.17g)", v.x, v.y, v.z) end
  for id, kind in w:shapes() do
    for _ = last + 1, id - 1 do out[#out + 1] = "w:remove(w:add_sphere(V(0,0,0),1))" end
    local _, a, b, cc = w:get(id)
    local line
    if kind == "sphere" then line = fmt("w:add_sphere(%s,%.17g)", vs(a), b)
    elseif kind == "aabb" or kind == "segment" then
      line = fmt("w:add_%s(%s,%s)", kind, vs(a), vs(b))
    elseif kind == "capsule" then line = fmt("w:add_capsule(%s,%s,%.17g)", vs(a), vs(b), cc)
    elseif kind == "triangle" then line = fmt("w:add_triangle(%s,%s,%s)", vs(a), vs(b), vs(cc))
    elseif kind == "plane" then line = fmt("w:add_plane(c.plane(%s,%.17g))", vs(a.normal), a.d)
    elseif kind == "convex" then
      local t = {}
      for i, v in ipairs(a:vertices()) do t[i] = vs(v) end
      local rot = type(cc) == "number" and fmt("%.17g", cc) or
                  fmt("{w=%.17g,x=%.17g,y=%.17g,z=%.17g}", cc.w, cc.x, cc.y, cc.z)
      line = "w:add_convex(c.convex({" .. table.concat(t, ",") .. "})," .. vs(b) .. "," ..
             rot .. ")"
    else
      local t = {}
      for i, v in ipairs(a:vertices()) do t[i] = vs(v) end
      line = "w:add_polygon({" .. table.concat(t, ",") .. "})"
    end
    out[#out + 1] = line
    out[#out + 1] = fmt("w:set_layers(%d,%d)", id, w:layers(id))
    local v = w:velocity(id)
    if v and (v.x ~= 0 or v.y ~= 0 or v.z ~= 0) then
      out[#out + 1] = fmt("w:set_velocity(%d,%s)", id, vs(v))
    end
    local sp = kind == "convex" and w.spin and w:spin(id)
    if type(sp) == "table" then
      out[#out + 1] = fmt("w:set_spin(%d,{w=%.17g,x=%.17g,y=%.17g,z=%.17g})", id, sp.w, sp.x,
                          sp.y, sp.z)
    elseif sp and sp ~= 0 then
      out[#out + 1] = fmt("w:set_spin(%d,%.17g)", id, sp)
    end
    last = id
  end
  return table.concat(out, "\n")
end

local function compare()
  quiet = true
  for i = 1, #log do
    local q, got = log[i][1], log[i][2]
    local alone = answer(select(2, run_query(q, nil)))
    stats.compared = stats.compared + 1
    if alone ~= got then
      finding(q[1] .. " answered differently alone:\n  in the sequence: " .. got ..
              "\n  alone:           " .. alone .. "\n  the query: " .. ser(q) ..
              "\n  run " .. (log[i][3] or "outermost") .. "; sequence " .. stats.sequences ..
              (#findings == 0 and "\n  the world:\n" .. dump_world() or ""))
    end
  end
  quiet = false
end

local function sequence()
  stats.sequences = stats.sequences + 1
  log, dirty, budget = {}, false, 1 + irand(12)
  local q = gen_query()
  log.outer = q[1]
  say(stats.sequences, q[1])
  level = 1
  expect = {}
  tokens = {}
  local r
  in_co = chance(0.3)
  q.in_co = in_co
  if in_co then
    local co = coroutine.create(function() return run_query(q, hostile) end)
    local res = pack(coroutine.resume(co))
    if coroutine.status(co) == "suspended" then
      finding(q[1] .. ": a yield from a callback came out of the query")
      r = nil     -- (the coroutine is left, never resumed)
    elseif not res[1] then
      finding(q[1] .. ": the coroutine failed: " .. tostring(res[2]))
    else
      r = pack(rest(res))
    end
  else
    r = pack(run_query(q, hostile))
  end
  in_co = false
  if r then
    local how = expect[1]
    if how == "token" then
      if r[1] or r[2] ~= tokens[1] then
        finding(q[1] .. ": the filter's error did not come out: " .. answer(unpack(r, 1, r.n)))
      end
    elseif how == "yield" then
      if r[1] or not tostring(r[2]):find("attempt to yield", 1, true) then
        finding(q[1] .. ": a yield from a filter was not an error: " .. answer(unpack(r, 1, r.n)))
      end
    elseif not r[1] then
      finding(q[1] .. " failed: " .. tostring(r[2]))
    else
      log[#log + 1] = { q, answer(rest(r)), "outermost" .. (q.in_co and ", in a coroutine" or "") }
    end
  end
  level = 0
  stats.queries = stats.queries + 1
  if dirty then stats.dirty = stats.dirty + 1 else compare() end
end

local t0 = os.clock()
new_world()
for i = 1, count do
  if i % 50 == 0 then new_world() end
  if i % 7 == 0 then
    quiet = true
    for _ = 1, irand(3) do change() end
    quiet = false
  end
  if i % 97 == 0 then chain(95 + irand(10)) end
  sequence()
end
collectgarbage()
quiet = true

local names = {}
for k in pairs(stats) do names[#names + 1] = k end
table.sort(names)
local line = {}
for _, k in ipairs(names) do line[#line + 1] = k .. "=" .. stats[k] end
print(fmt("fuzz_world seed=%d count=%d backend=%s %s: %s (%.1f s)", initial_seed, count,
          collide.backend, jit and jit.version or _VERSION, table.concat(line, " "),
          os.clock() - t0))
if #findings > 0 then
  for _, f in ipairs(findings) do print("FINDING: " .. f) end
  os.exit(1)
end
