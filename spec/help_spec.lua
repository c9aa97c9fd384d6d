-- collide.help (issue 31): every public name has help, and the help is the
-- LuaLS annotations' own text (lua/collide/help_data.lua is generated from
-- types/*.lua by tools/gen-help.lua, checked here to be up to date), whose
-- parameters are checked against the binding's signature list.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, io, ipairs, pairs, pcall, select = assert, io, ipairs, pairs, pcall, select
local table, tostring, type = table, tostring, type
local collide = require "collide"
local core = require "collide.core"   -- the C-API objects and _api, also on LuaJIT
local draw = require "collide.debug"
local DATA = require "collide.help_data"

local function sorted(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  table.sort(out)
  return out
end

-- Every public name, enumerated from the objects themselves.
local function public_names()
  local names = {}
  for k, v in pairs(collide) do
    if type(v) == "function" then names["collide." .. k] = true end
  end
  for k, v in pairs(draw) do
    if type(v) == "function" then names["debug." .. k] = true end
  end
  -- methods: called on real objects, through __index (a table or function)
  local V = collide.vec3
  local objects = {
    vec3 = V(1, 2, 3),
    plane = collide.plane(V(0, 1, 0), 0),
    polygon = collide.polygon({ V(0, 0), V(1, 0), V(0, 1) }),
    convex = collide.convex_box({ 1, 1, 1 }),
    world = collide.world(),
  }
  -- candidate method names: everything annotated, every name in the
  -- signature list, and every key of the C-API method tables Lua can read
  local candidates = {}
  for _, e in pairs(DATA) do candidates[e.name] = true end
  for _, row in ipairs(core._api) do candidates[row[1]] = true end
  for _, row in ipairs(core._api.world) do candidates[row[1]] = true end
  for group, obj in pairs(objects) do
    local mt = debug.getmetatable(obj)
    local idx = mt.__index
    if type(idx) == "table" then
      for k in pairs(idx) do candidates[k] = true end
    elseif type(idx) == "function" then
      for i = 1, 10 do
        local n, v = debug.getupvalue(idx, i)
        if n == nil then break end
        if type(v) == "table" then
          for k in pairs(v) do if type(k) == "string" then candidates[k] = true end end
        end
      end
    end
    for k in pairs(candidates) do
      local ok, m = pcall(function() return obj[k] end)
      if ok and type(m) == "function" and k:sub(1, 2) ~= "__" then
        names[group .. "." .. k] = true
      end
    end
  end
  return names
end

describe("collide.help", function()
  it("covers every public name: module functions, methods, debug functions", function()
    local names = public_names()
    assert.is_true(names["collide.sweep_sphere_plane"])
    assert.is_true(names["world.move_aabb"])
    assert.is_true(names["vec3.dot"])
    assert.is_true(names["plane.distance"])
    assert.is_true(names["polygon.vertices"])
    assert.is_true(names["convex.face_vertices"])
    assert.is_true(names["debug.world"])
    local missing = {}
    for _, name in ipairs(sorted(names)) do
      if DATA[name] == nil then missing[#missing + 1] = name end
      local group, bare = name:match("^(%w+)%.(.+)$")
      local prefix = ({ collide = "collide.", world = "w:", vec3 = "v:", plane = "plane:",
                        polygon = "polygon:", convex = "convex:", debug = "debug." })[group]
      local ok, text = pcall(collide.help, prefix .. bare)
      assert.is_true(ok, name .. ": " .. tostring(text))
      assert.are.equal(prefix .. bare .. "(", text:sub(1, #prefix + #bare + 1))
    end
    assert.are.same({}, missing)
    -- and nothing that is not there
    local extra = {}
    for key in pairs(DATA) do
      if not names[key] then extra[#extra + 1] = key end
    end
    table.sort(extra)
    assert.are.same({}, extra)
  end)

  it("bare, lists every name but the internal ones", function()
    local text = collide.help()
    for key, e in pairs(DATA) do
      if e.name:sub(1, 1) == "_" then
        -- w:_next_id, w:_add_unit_plane: collide.load's, not a user's
        assert.is_falsy(text:find("%f[%w_]" .. e.name .. "%f[^%w_]"), key)
      else
        assert.is_truthy(text:find("%f[%w_]" .. e.name .. "%f[^%w_]"), key)
      end
    end
    assert.is_truthy(text:find(" add_aabb ", 1, true))
  end)

  it("has a meaning for every name", function()
    for key, e in pairs(DATA) do
      assert.is_true(#e.doc > 0, key .. " has no description in types/")
    end
  end)

  it("gives the signature, the meaning and the returns", function()
    local text = collide.help("move_aabb")
    assert.are.equal("w:move_aabb(e, from, to [, options [, position [, velocity]]])",
                     text:match("^[^\n]+"))
    assert.is_truthy(text:find("As `w:move_sphere`, for a box", 1, true))
    assert.is_truthy(text:find("returns collide.vec3 position, collide.contact[] contacts", 1,
                               true))
    assert.are.equal(text, collide.help("w:move_aabb"))
    assert.are.equal(collide.help("sweep_sphere_triangle"),
                     collide.help("collide.sweep_sphere_triangle"))
    assert.is_truthy(collide.help("sweep_sphere_triangle"):find(
      "collide.sweep_sphere_triangle(r, c0, c1, a, b, c [, point [, normal]])", 1, true))
    -- a name in two places: the module's first, the other named
    assert.is_truthy(collide.help("world"):find("see also debug.world(w [, options])", 1,
                                                true))
    assert.are.equal("debug.world(w [, options])", collide.help("debug.world"):match("^[^\n]+"))
  end)

  it("refuses an unknown name, with the names near it", function()
    local ok, err = pcall(collide.help, "sweep_sphere_plan")
    assert.is_false(ok)
    assert.is_truthy(err:find("bad argument #1 to 'help' (no function or method "
      .. "'sweep_sphere_plan'; did you mean collide.sweep_sphere_plane", 1, true), err)
    -- a typo: a letter dropped, two swapped, one changed, an underscore lost
    for typo, right in pairs({ move_abb = "w:move_aabb", raycats = "w:raycast",
                               overlap_spheer = "w:overlap_sphere", addaabb = "w:add_aabb",
                               ["w:movesphere"] = "w:move_sphere" }) do
      ok, err = pcall(collide.help, typo)
      assert.is_false(ok)
      assert.is_truthy(err:find("bad argument #1 to 'help' (no function or method '" .. typo
        .. "'; did you mean ", 1, true), err)
      assert.is_truthy(err:find(right .. "[,?]"), err)
    end
    -- nothing near
    ok, err = pcall(collide.help, "xyzzy")
    assert.is_false(ok)
    assert.is_truthy(err:find("(no function or method 'xyzzy'; collide.help() lists them)", 1,
                              true), err)
    ok, err = pcall(collide.help, 42)
    assert.is_false(ok)
    assert.is_truthy(err:find("bad argument #1 to 'help' (string expected, got number)", 1, true))
  end)

  it("is the annotations' text: help_data.lua is up to date with types/", function()
    -- the generator run here, in this Lua, its output caught
    local chunks, write, saved_arg = {}, io.write, _G.arg
    _G.arg = { [0] = "tools/gen-help.lua", "types/collide.lua", "types/collide_debug.lua" }
    io.write = function(...)   -- luacheck: ignore 122
      for i = 1, select("#", ...) do chunks[#chunks + 1] = select(i, ...) end
    end
    local ok, err = pcall(dofile, "tools/gen-help.lua")
    io.write, _G.arg = write, saved_arg   -- luacheck: ignore 122
    assert(ok, err)
    local fresh = table.concat(chunks)
    local f = assert(io.open("lua/collide/help_data.lua"))
    local stored = f:read("*a")
    f:close()
    assert.is_true(#fresh > 1000)
    assert.are.equal(fresh, stored, "lua/collide/help_data.lua is out of date: run make help")
  end)

  it("matches the signature list: the parameters of every generated entry point", function()
    -- kinds: one parameter each (S is self, not one); out-vectors after
    local NOUT = { HIT = 2, INTERVAL = 0, INTERVAL_NORMAL = 1, TEST = 0, VEC = 1,
                   NUMBER = 0, PLANE = 0 }
    local GROUP = { collide = "collide", vec3 = "vec3", plane = "plane" }
    for _, row in ipairs(core._api) do
      local name, kinds, result, place = row[1], row[3], row[4], row[5]
      local e = assert(DATA[GROUP[place] .. "." .. name], name .. " not annotated")
      local n = #kinds:gsub("S", "") + NOUT[result]
      if place == "plane" then n = n - 1 end   -- (its self is a P)
      assert.are.equal(n, #e.params, place .. "." .. name .. " " .. e.signature)
      for i = #e.params - NOUT[result] + 1, #e.params do
        assert.are.equal("optional collide.vec3", e.params[i][2], e.signature)
      end
    end
    -- the world's: arguments, then (filter) or (data) or (filter, point, normal),
    -- or for a batch (its last kind A: segments) (filter, out), or for the
    -- broadphase's candidates (out)
    local MORE = { ADDED = 1, IDS = 1, PEN = 1, WHIT = 3, MANY = 2, CAND = 1 }
    for _, row in ipairs(core._api.world) do
      local name, kinds, result = row[1], row[3], row[4]
      local e = assert(DATA["world." .. name], name .. " not annotated")
      assert.are.equal(#kinds + MORE[result], #e.params, e.signature)
    end
    -- hand-written methods with out-vectors the issue found wrong
    assert.are.equal("w:velocity(id [, out])", DATA["world.velocity"].signature)
    assert.are.equal("boolean found false for an unknown id", DATA["world.set_velocity"].returns[1])
    assert.are.equal("boolean found false for an unknown id", DATA["world.set_layers"].returns[1])
  end)

  it("is what tostring of a world shows by kind", function()
    local V = collide.vec3
    local w = collide.world()
    assert.are.equal("world(0 shapes)", tostring(w))
    w:add_aabb(V(0, 0), V(1, 1))
    w:add_sphere(V(5, 0), 1)
    w:add_aabb(V(9, 0), V(1, 1))
    w:add_segment(V(0, 0), V(1, 1))
    assert.are.equal("world(4 shapes: 2 aabb, 1 sphere, 1 segment)", tostring(w))
  end)
end)
