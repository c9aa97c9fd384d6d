-- spec/report_spec.lua -- collide.debug.report and collide.debug.replay
-- (issue 31, docs/prototyping.md): a world and one call written to a file
-- come back as the same call on the same world, with results equal to the
-- original call's bit for bit; what cannot be written (a filter function,
-- data that w:save refuses) is an argument error naming the argument; a
-- damaged file is an error at replay, never a crash.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, getmetatable, io, ipairs, math, os = assert, getmetatable, io, ipairs, math, os
local pairs, pcall, select, setmetatable, string = pairs, pcall, select, setmetatable, string
local table, tostring, type = table, tostring, type
local collide = require "collide"
local V = collide.vec3
local debug_ = collide.debug
local NEG0 = -(1 / math.huge)   -- -0; Lua 5.1 folds the literal -0.0 to 0

-- The checker: results compared by value, numbers by their %.17g text
-- (so -0 differs from 0 and NaN equals NaN), vectors by components,
-- tables key by key, planes and polygons by their numbers.
local function exact(x)
  if x ~= x then return "nan" end
  if x == 0 and 1 / x < 0 then return "-0" end
  return string.format("%.17g", x)
end
local function same(a, b, path)
  path = path or "result"
  if type(a) == "number" and type(b) == "number" then
    assert(exact(a) == exact(b), path .. ": " .. exact(a) .. " ~= " .. exact(b))
  elseif collide.is_vec3(a) and collide.is_vec3(b) then
    same(a.x, b.x, path .. ".x"); same(a.y, b.y, path .. ".y"); same(a.z, b.z, path .. ".z")
  elseif type(a) == "table" and type(b) == "table" and getmetatable(a) == nil then
    for k, v in pairs(a) do same(v, b[k], path .. "." .. tostring(k)) end
    for k in pairs(b) do
      assert(a[k] ~= nil, path .. "." .. tostring(k) .. " only in the replay")
    end
  else
    assert(type(a) == type(b), path .. ": " .. type(a) .. " ~= " .. type(b))
    if type(a) ~= "boolean" and type(a) ~= "string" and type(a) ~= "nil" then
      assert(tostring(a):match("^(%a+)") == tostring(b):match("^(%a+)"), path)
      if tostring(a):match("^plane") then
        same(a.normal, b.normal, path .. ".normal"); same(a.d, b.d, path .. ".d")
      else
        local va, vb = a:vertices(), b:vertices()
        same(va, vb, path .. ":vertices()")
      end
    elseif type(a) == "string" then
      -- an error message: the same but for where it was raised
      local function bare(m) return (m:gsub("^[^\n]-:%d+: ", "")) end
      assert(bare(a) == bare(b), path .. ": " .. a .. " ~= " .. b)
    else
      assert(a == b, path .. ": " .. tostring(a) .. " ~= " .. tostring(b))
    end
  end
end

local function pack(...) return { n = select("#", ...), ... } end
local function same_all(a, b)
  assert.are.equal(a.n, b.n)
  for i = 1, a.n do same(a[i], b[i], "result #" .. i) end
end

-- A level an afternoon's platformer has: a floor, a wall, a slope (a
-- polygon), a ledge, a coin sensor, a moving platform, a plane below all.
local function level()
  local w = collide.world()
  w:add_aabb(V(0, -1, 0), V(20, 1, 1), { name = "floor", friction = 0.5 })
  w:add_aabb(V(12, 3, 0), V(1, 3, 1), "wall")
  w:add_polygon(collide.polygon({ V(2, 0, -1), V(6, 2, -1), V(6, 2, 1), V(2, 0, 1) }))
  local ledge = w:add_aabb(V(-6, 2.5, 0), V(2, 0.25, 1), "ledge")
  w:set_layers(ledge, 2)
  local coin = w:add_sphere(V(4, 4, 0), 0.5, { coin = true, value = 10 })
  w:set_sensor(coin, true)
  local platform = w:add_aabb(V(-2, 5, 0), V(1.5, 0.25, 1), "platform")
  w:set_velocity(platform, V(0.5, 0, 0))
  w:add_capsule(V(8, 1, 0), V(8, 3, 0), 0.5, "pillar")
  w:add_plane(collide.plane(V(0.1, 1, 0), 40), "abyss")
  return w
end

local files = {}
local function tmp()
  local name = os.tmpname()
  files[#files + 1] = name
  return name
end

-- report_to a temporary file, then replay: both result lists.
local function round_trip(w, method, ...)
  local before = pack(pcall(w[method], collide.load(w:save()), ...))
  local path = tmp()
  assert.are.equal(path, debug_.report_to(path, w, method, ...))
  local after = pack(pcall(debug_.replay, path))
  same_all(before, after)
  return before, path
end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end
local function write(path, s)
  local f = assert(io.open(path, "wb"))
  f:write(s)
  f:close()
end

describe("collide.debug.report and collide.debug.replay", function()
  teardown(function()
    for _, f in ipairs(files) do os.remove(f) end
  end)

  it("is collide.debug, the table require \"collide.debug\" gives", function()
    assert.are.equal(require "collide.debug", collide.debug)
  end)

  describe("replay gives the original call's results, bit for bit", function()
    it("for move_aabb with options (up, snap, step height, a mask filter, velocity)", function()
      local r = round_trip(level(), "move_aabb", V(0.4, 0.9, 0.4), V(-1, 0.9 + 1e-9, 0),
        V(9, 0.5, 0), { up = V(0, 1, 0), snap = 0.3, step_height = 0.5, max_slope = 0.8,
                        filter = 1, velocity = V(10, NEG0, 0), max_iterations = 6 })
      assert.is_true(r[1])
      assert.is_true(collide.is_vec3(r[2]))
      assert.is_true(#r[3] > 0)   -- it met the slope and the pillar
    end)

    it("for sweep_sphere, hit and miss, with and without a mask", function()
      local w = level()
      local r = round_trip(w, "sweep_sphere", 0.5, V(-10, 3, 0), V(15, 3, 0))
      assert.is_true(r[2])   -- a hit
      round_trip(w, "sweep_sphere", 0.5, V(-10, 3, 0), V(15, 3, 0), 2)
      round_trip(w, "sweep_sphere", 0.25, V(0, 30, 0), V(1, 31, 0))
      -- a nil hole before the out-vectors
      round_trip(w, "sweep_sphere", 0.5, V(-10, 3, 0), V(15, 3, 0), nil, V(), V())
    end)

    it("for raycast_all (an array of tables of vectors)", function()
      local r = round_trip(level(), "raycast_all", V(-20, 3, 0), V(20, 0.5, 0))
      assert.is_true(#r[2] >= 2)
    end)

    it("for overlap_aabb, the sensor listed", function()
      local r = round_trip(level(), "overlap_aabb", V(4, 2, 0), V(3, 3, 2))
      assert.is_true(#r[2] >= 2)
    end)

    it("for a method that changes the world (the reported world is left as it was)", function()
      local w = level()
      local saved = w:save()
      round_trip(w, "add_polygon",
                 collide.polygon({ V(0, 0), V(1, 0), V(1, 1), V(0, 1) }), { "a b\nc", 1.5 })
      round_trip(w, "add_plane", collide.plane(V(1, 3, 0), -2))
      round_trip(w, "move_shape", 1, V(0, -0.5, 0))
      round_trip(w, "advance")
      assert.are.equal(saved, w:save())
    end)

    it("for a call that raises: the same error again", function()
      local w = level()
      local r = round_trip(w, "sweep_sphere", 0 / 0, V(0, 0, 0), V(1, 0, 0))
      assert.is_false(r[1])
      assert.matches("bad argument #1 to 'sweep_sphere'", r[2], 1, true)
      r = round_trip(w, "move_aabb", V(1, 1, 1), V(0, 0 / 0, 0), V(1, 1, 0))
      assert.is_false(r[1])
    end)
  end)

  it("writes numbers exactly: inf, -inf, nan, -0, 0.1, integers", function()
    local w = level()
    local path = tmp()
    debug_.report_to(path, w, "sweep_sphere", 0.1, V(0 / 0, 0, 0),
                     V(NEG0, 0, 1e-300), { 1 / 0, -1 / 0, 2 ^ 53, true, false, "x" })
    local s = read(path)
    local tokens = { "+inf", "-inf", "nan", "-0", "0.10000000000000001",
                     string.format("%.17g", 1e-300) }
    for _, tok in ipairs(tokens) do
      assert.is_truthy(s:find(" " .. tok .. " ", 1, true) or s:find(" n" .. tok .. " ", 1, true),
                       tok)
    end
    assert.is_truthy(s:find("\ncall s12:sweep_sphere 4 ", 1, true))
    assert.is_truthy(s:find("collide s" .. #collide._VERSION .. ":" .. collide._VERSION, 1, true))
    assert.is_truthy(s:find("backend s" .. #collide.backend .. ":" .. collide.backend, 1, true))
    assert.is_truthy(s:find("\nworld s%d+:collide%.world 1 "))
  end)

  it("writes collide.debug.report_file when no path is given, and returns it", function()
    local old = debug_.report_file
    debug_.report_file = tmp()
    local path = debug_.report(level(), "overlap_point", V(0, -1, 0))
    debug_.report_file = old
    assert.are.equal(files[#files], path)
    same(level():overlap_point(V(0, -1, 0)), debug_.replay(path))
  end)

  it("prints the report and both results when asked", function()
    local path = tmp()
    debug_.report_to(path, level(), "raycast", V(-20, 3, 0), V(20, 3, 0))
    local lines = {}
    local print_ = _G.print
    _G.print = function(s) lines[#lines + 1] = s end
    local ok, hit = pcall(debug_.replay, path, true)
    _G.print = print_
    assert.is_true(ok and hit)
    local text = table.concat(lines, "\n")
    assert.matches("call: w:raycast(...) with 2 arguments", text, 1, true)
    assert.matches("results when reported: 6", text, 1, true)
    assert.matches("results now: 6, the same as when reported", text, 1, true)
  end)

  describe("refuses, naming the argument", function()
    local w = level()
    local function err(f, ...)
      local ok, msg = pcall(f, ...)
      assert.is_false(ok)
      return msg
    end
    it("a missing world or method", function()
      assert.matches("bad argument #1 to 'report' (world expected, got nil)",
                     err(debug_.report, nil, "raycast"), 1, true)
      assert.matches("bad argument #1 to 'report' (world expected, got vec3)",
                     err(debug_.report, V(), "raycast"), 1, true)
      assert.matches("bad argument #2 to 'report' (method name expected, got number)",
                     err(debug_.report, w, 3), 1, true)
      assert.matches("bad argument #2 to 'report' (no world method 'raycats')",
                     err(debug_.report, w, "raycats"), 1, true)
      assert.matches("bad argument #1 to 'report_to' (string expected, got nil)",
                     err(debug_.report_to, nil, w, "raycast"), 1, true)
      assert.matches("bad argument #2 to 'report_to' (world expected, got table)",
                     err(debug_.report_to, tmp(), {}, "raycast"), 1, true)
    end)
    it("a filter function: give it as a mask", function()
      local msg = err(debug_.report, w, "raycast", V(0, 0, 0), V(1, 0, 0),
                      function() return true end)
      assert.matches("bad argument #5 to 'report' (argument #3 of raycast: a function cannot "
                     .. "be written; give a filter as a layer mask in a report)", msg, 1, true)
      msg = err(debug_.report_to, tmp(), w, "move_sphere", 1, V(), V(1, 0, 0), { filter = print })
      assert.matches("bad argument #7 to 'report_to' (argument #4 of move_sphere: a function "
                     .. "cannot be written (at .filter)", msg, 1, true)
      msg = err(debug_.report, w, "overlap_point", setmetatable({}, {}))
      assert.matches("argument #1 of overlap_point: a table with a metatable cannot be written",
                     msg, 1, true)
    end)
    it("a world whose data cannot be saved", function()
      local w2 = collide.world()
      w2:add_sphere(V(), 1, { on_hit = print })
      assert.matches("bad argument #1 to 'report' (save: data of shape 1 (at .on_hit) is a "
                     .. "function",
                     err(debug_.report, w2, "count"), 1, true)
    end)
    it("at the caller's line", function()
      local _, msg = pcall(function() debug_.report(w, 1) end)
      assert.matches("report_spec.lua:%d+: bad argument #2 to 'report'", msg)
      _, msg = pcall(function() debug_.report_to(tmp(), w, "raycast", print) end)
      assert.matches("report_spec.lua:%d+: bad argument #4 to 'report_to'", msg)
      _, msg = pcall(function() debug_.replay(1) end)
      assert.matches("report_spec.lua:%d+: bad argument #1 to 'replay'", msg)
    end)
  end)

  describe("replay of a file that is not a report", function()
    it("is an argument error", function()
      assert.has_error(function() debug_.replay(nil) end,
                       "bad argument #1 to 'replay' (string expected, got nil)")
      local ok, msg = pcall(debug_.replay, "/nonexistent/report.txt")
      assert.is_false(ok)
      assert.matches("bad argument #1 to 'replay' (cannot open", msg, 1, true)
      local path = tmp()
      write(path, "return os.exit(3)\n")
      ok, msg = pcall(debug_.replay, path)
      assert.is_false(ok)
      assert.matches("not a collide report", msg, 1, true)
    end)

    it("truncated anywhere, or with a byte changed: an error or a call, never a crash", function()
      local path = tmp()
      debug_.report_to(path, level(), "move_aabb", V(0.4, 0.9, 0.4), V(-1, 1, 0), V(9, 0.5, 0),
                       { up = V(0, 1, 0), filter = 1 })
      local good = read(path)
      local damaged = tmp()
      for cut = 0, #good - 1 do
        write(damaged, good:sub(1, cut))
        local ok, msg = pcall(debug_.replay, damaged)
        assert.is_false(ok, "cut at " .. cut)
        assert.matches("bad argument #1 to 'replay' (not a collide report", msg, 1, true)
      end
      local seed = 7
      for i = 1, 400 do
        seed = (seed * 16807) % 2147483647
        local at = 1 + seed % #good
        local b = string.char((good:byte(at) + 1 + i % 200) % 256)
        write(damaged, good:sub(1, at - 1) .. b .. good:sub(at + 1))
        local ok, msg = pcall(debug_.replay, damaged)
        assert.is_true(ok or type(msg) == "string")
      end
    end)
  end)
end)
