-- The LuaLS annotations in types/ (shipped with the rock) cover every public
-- name: the names are enumerated from the real module at run time, so a new
-- entry point without an annotation fails here. No LuaLS checker can be
-- installed from this project's package archives, so the annotations are
-- also checked for the mistakes one would catch: each function's @param
-- names are its parameters in order, and every collide.* type used is
-- declared.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, getmetatable, io, ipairs, pairs = assert, getmetatable, io, ipairs, pairs
local table, type = table, type
local collide = require "collide"
local core = require "collide.core"  -- the C-API objects, also on LuaJIT

local FILES = { "types/collide.lua", "types/collide_debug.lua", "types/collide_bump.lua" }

-- What the files declare: classes (with fields, methods, operators) and
-- aliases; functions with their parameters and the @param names above them.
local function parse(paths)
  local classes, aliases, functions, used = {}, {}, {}, {}
  for _, path in ipairs(paths) do
    local f = assert(io.open(path))
    local class, var_of, block = nil, {}, {}
    local n = 0
    for line in f:lines() do
      n = n + 1
      local where = path .. ":" .. n
      if line:match("^%-%-%-") then
        block[#block + 1] = line
        for t in line:gmatch("collide%.[%w_]+") do
          if line:match("^%-%-%-@") then used[t] = used[t] or where end
        end
        local c = line:match("^%-%-%-@class ([%w_.]+)")
        if c then
          class = c
          classes[c] = classes[c] or { fields = {}, methods = {}, operators = {} }
        end
        local a = line:match("^%-%-%-@alias ([%w_.]+)")
        if a then aliases[a] = true end
        local field = line:match("^%-%-%-@field ([%w_]+)")
        if field and class then classes[class].fields[field] = true end
        local op = line:match("^%-%-%-@operator (%a+)")
        if op and class then classes[class].operators[op] = true end
      else
        local var = line:match("^local ([%w_]+) = {}")
        if var and class then var_of[var] = class end
        local owner, sep, name, args = line:match("^function ([%w_]+)([.:])([%w_]+)%((.-)%)")
        if owner then
          local c = assert(var_of[owner], where .. ": function of an undeclared table")
          classes[c].methods[name] = sep
          local params, names = {}, {}
          for a in args:gmatch("[^,%s]+") do params[#params + 1] = a end
          for _, l in ipairs(block) do
            local p = l:match("^%-%-%-@param ([%w_.]+)")
            if p then names[#names + 1] = p end
          end
          functions[#functions + 1] = { where = where, name = c .. sep .. name,
                                        params = params, annotated = names }
        end
        block = {}
        if not line:match("^%s*$") and not line:match("^%-%-") and not var then
          class = nil
        end
      end
    end
    f:close()
  end
  return { classes = classes, aliases = aliases, functions = functions, used = used }
end

-- The method tables of a userdata type of the C-API binding: its __index
-- table, or the tables an __index function keeps as upvalues that are not
-- metatables (no "__" keys).
local function methods_of(obj)
  local mt = debug.getmetatable(obj)   -- (protected from getmetatable)
  assert(type(mt) == "table", "no metatable")
  local idx, found = mt.__index, {}
  local function take(t)
    for k in pairs(t) do
      if type(k) == "string" and k:sub(1, 2) == "__" then return end
    end
    for k, v in pairs(t) do
      if type(k) == "string" and type(v) == "function" then found[k] = true end
    end
  end
  if type(idx) == "table" then
    take(idx)
  elseif type(idx) == "function" then
    local i = 1
    while true do
      local name, v = debug.getupvalue(idx, i)
      if name == nil then break end
      if type(v) == "table" then take(v) end
      i = i + 1
    end
  end
  return found, mt
end

local OPERATORS = { __add = "add", __sub = "sub", __mul = "mul", __div = "div",
  __mod = "mod", __pow = "pow", __unm = "unm", __concat = "concat", __len = "len",
  __call = "call", __idiv = "idiv", __band = "band", __bor = "bor", __bxor = "bxor",
  __shl = "shl", __shr = "shr", __bnot = "bnot" }

local function sorted_missing(names, annotated)
  local missing = {}
  for k in pairs(names) do
    if not annotated[k] then missing[#missing + 1] = k end
  end
  table.sort(missing)
  return missing
end

describe("LuaLS annotations (types/)", function()
  local api = parse(FILES)
  local v = core.vec3
  local objects = {
    ["collide.vec3"] = { v(1, 2, 3), "dot" },
    ["collide.plane"] = { core.plane(v(0, 1, 0), 0), "distance" },
    ["collide.polygon"] = { core.polygon({ v(0, 0), v(1, 0), v(0, 1) }), "vertices" },
    ["collide.convex"] = { core.convex_box({ 1, 1, 1 }), "edges" },
    ["collide.world"] = { core.world(), "sweep_sphere" },
  }

  it("annotate every name of the collide table", function()
    local c = api.classes.collide
    local names = {}
    for k in pairs(collide) do names[k] = true end
    local annotated = {}
    for k in pairs(c.fields) do annotated[k] = true end
    for k, sep in pairs(c.methods) do
      assert.are.equal(".", sep, "collide." .. k .. " is declared as a method")
      annotated[k] = true
    end
    assert.are.same({}, sorted_missing(names, annotated))
  end)

  -- Lua 5.1's debug.getupvalue does not read a C function's upvalues, where
  -- the binding keeps its method tables; the other VMs run this part.
  local function hidden(obj)
    local idx = debug.getmetatable(obj).__index
    return type(idx) == "function" and _VERSION == "Lua 5.1" and type(jit) ~= "table"
  end

  for class, probe in pairs(objects) do
    if hidden(probe[1]) then
      pending("the methods of " .. class .. ": Lua 5.1 cannot read C upvalues; "
              .. "checked on Lua 5.2-5.4 and LuaJIT")
    else
      it("annotate every method of " .. class, function()
        local methods, mt = methods_of(probe[1])
        -- An empty list would prove nothing: the binding's layout changed.
        assert.is_true(methods[probe[2]], "cannot enumerate the methods of " .. class)
        local c = assert(api.classes[class], class .. " is not declared")
        for k, sep in pairs(c.methods) do
          assert.are.equal(":", sep, class .. "." .. k .. " is declared with '.'")
        end
        assert.are.same({}, sorted_missing(methods, c.methods))
        local ops = {}
        for k in pairs(mt) do
          if OPERATORS[k] then ops[OPERATORS[k]] = true end
        end
        assert.are.same({}, sorted_missing(ops, c.operators))
      end)
    end
  end

  it("annotate every function of collide.debug", function()
    local draw = require "collide.debug"
    local names = {}
    for k in pairs(draw) do names[k] = true end
    local c = api.classes["collide.debug"]
    local annotated = {}
    for k in pairs(c.fields) do annotated[k] = true end
    for k in pairs(c.methods) do annotated[k] = true end
    assert.are.same({}, sorted_missing(names, annotated))
  end)

  it("annotate every function of collide.bump and every method of its worlds", function()
    local bump = require "collide.bump"
    local names, methods = {}, {}
    for k, f in pairs(bump) do
      if type(f) == "function" then names[k] = true end
    end
    for k, f in pairs(getmetatable(bump.newWorld()).__index) do
      if type(f) == "function" then methods[k] = true end
    end
    local c, w = api.classes["collide.bump"], api.classes["collide.bump_world"]
    local annotated, wannotated = {}, {}
    for k in pairs(c.methods) do annotated[k] = true end
    for k in pairs(w.methods) do wannotated[k] = true end
    assert.are.same({}, sorted_missing(names, annotated))
    assert.are.same({}, sorted_missing(methods, wannotated))
  end)

  it("annotate the contract's sections still to come", function()
    -- "Moving boxes and capsules" and "World, continued" of the contract,
    -- annotated ahead of their code.
    local c, w = api.classes.collide.methods, api.classes["collide.world"].methods
    for _, name in ipairs({ "sweep_capsule_sphere", "sweep_capsule_plane",
        "sweep_capsule_triangle", "sweep_capsule_polygon", "sweep_capsule_segment",
        "sweep_capsule_aabb", "sweep_capsule_capsule", "sweep_aabb_sphere",
        "sweep_aabb_plane", "sweep_aabb_triangle", "sweep_aabb_polygon",
        "sweep_aabb_segment" }) do
      assert.is_truthy(c[name], name)
    end
    for _, name in ipairs({ "add_capsule", "add_mesh", "update", "get", "shapes",
        "set_layers", "layers", "set_velocity", "velocity", "advance", "sweep_aabb",
        "sweep_capsule", "raycast_all", "overlap_point", "overlap_aabb",
        "overlap_capsule", "move_aabb", "move_capsule" }) do
      assert.is_truthy(w[name], "w:" .. name)
    end
    local options = api.classes["collide.move_options"].fields
    for _, name in ipairs({ "max_iterations", "response", "restitution", "up",
        "max_slope", "filter", "skin", "velocity", "step_height", "snap",
        "stop_on_slope", "steep_as_wall", "carry" }) do
      assert.is_true(options[name], "options." .. name)
    end
  end)

  it("name each function's parameters in its @param lines, in order", function()
    assert.is_true(#api.functions > 80)
    for _, f in ipairs(api.functions) do
      assert.are.same(f.params, f.annotated, f.where .. " " .. f.name)
    end
  end)

  it("declare every collide.* type they use", function()
    local undeclared = {}
    for t, where in pairs(api.used) do
      if not api.classes[t] and not api.aliases[t] then
        undeclared[#undeclared + 1] = t .. " (" .. where .. ")"
      end
    end
    table.sort(undeclared)
    assert.are.same({}, undeclared)
  end)

  it("are valid Lua", function()
    for _, path in ipairs(FILES) do
      assert.is_function(loadfile(path))
    end
  end)
end)
