-- Which binding `require "collide"` picks, and, on LuaJIT, that the FFI
-- backend and the C-API backend answer every call alike: the same results
-- to the last bit, the same out-vectors, the same error messages.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, getmetatable, ipairs, math = assert, error, getmetatable, ipairs, math
local os, pairs, pcall, rawequal, select = os, pairs, pcall, rawequal, select
local setmetatable, string, table, tostring, type = setmetatable, string, table, tostring, type
local collide = require "collide"

local has_ffi = type(jit) == "table" and (pcall(require, "ffi"))

local load_with = dofile("spec/support/backends.lua").load_with

local function keys(t)
  local r = {}
  for k in pairs(t) do r[#r + 1] = k end
  table.sort(r)
  return r
end

describe("collide.backend", function()
  it("is 'ffi' on LuaJIT unless COLLIDE_BACKEND=capi, else 'capi'", function()
    local env = os.getenv("COLLIDE_BACKEND")
    local expected = (has_ffi and env ~= "capi") and "ffi" or "capi"
    assert.are.equal(expected, collide.backend)
  end)

  it("follows COLLIDE_BACKEND=capi on every VM", function()
    local c = load_with("capi")
    assert.are.equal("capi", c.backend)
    -- the C-API backend is collide.core itself
    assert.are.equal(require("collide.core").sweep_sphere_sphere,
                     c.sweep_sphere_sphere)
  end)

  it("picks the FFI on LuaJIT when COLLIDE_BACKEND is unset", function()
    assert.are.equal(has_ffi and "ffi" or "capi", load_with(nil).backend)
    assert.are.equal(has_ffi and "ffi" or "capi", load_with("").backend)
  end)

  it("follows COLLIDE_BACKEND=ffi, or says why it cannot", function()
    if has_ffi then
      assert.are.equal("ffi", load_with("ffi").backend)
    else
      assert.has_error(function() load_with("ffi") end,
        "COLLIDE_BACKEND=ffi, but the FFI backend is not available here")
    end
  end)

  it("picks the C API on LuaJIT when the JIT is off, unless told otherwise", function()
    if not has_ffi then
      assert.are.equal("capi", load_with(nil).backend)
      return
    end
    local status = jit.status
    jit.status = function() return false end  -- luacheck: ignore 122
    local ok1, c1 = pcall(load_with, nil)
    local ok2, c2 = pcall(load_with, "ffi")
    jit.status = status  -- luacheck: ignore 122
    assert.is_true(ok1 and ok2)
    assert.are.equal("capi", c1.backend)
    assert.are.equal("ffi", c2.backend)
  end)

  it("rejects any other COLLIDE_BACKEND", function()
    assert.has_error(function() load_with("fast") end,
      "COLLIDE_BACKEND must be 'capi' or 'ffi', not 'fast'")
  end)

  it("offers the same functions whichever backend serves", function()
    local capi = load_with("capi")
    local chosen = load_with(nil)
    assert.are.same(keys(capi), keys(chosen))
    assert.are.equal(capi._VERSION, chosen._VERSION)
    assert.are.equal(capi.max_coord, chosen.max_coord)
  end)
end)

if not has_ffi then
  describe("the FFI backend", function()
    it("is not offered without LuaJIT's FFI", function()
      assert.is_nil(package.loaded["collide.ffi"])
      assert.are.equal("capi", collide.backend)
    end)
  end)
  return
end

-- ---- LuaJIT: the two backends side by side ---------------------------------

local FILTER_LOG = {}
local FFI, CAPI = load_with("ffi"), load_with("capi")

-- Arguments that must be made by each backend (vectors, planes) are
-- builders: the same description is turned into each backend's objects.
local Builder = {}
local function builder(f, label)
  return setmetatable({ f = f, label = label }, Builder)
end
local function V(x, y, z)
  return builder(function(c) return c.vec3(x, y, z) end,
                 string.format("V(%.17g,%.17g,%s)", x, y, tostring(z)))
end
local function PL(n, d)
  return builder(function(c) return c.plane(n, d) end,
                 string.format("PL({%.17g,%.17g,%.17g},%.17g)", n[1], n[2], n[3], d))
end
-- A regular polygon of k corners: centre, radius, start angle, and the
-- plane it lies in (z = h, or tilted when tilt ~= 0).
local function POLY(k, cx, cy, h, radius, angle, tilt)
  return builder(function(c)
    local vs = {}
    for i = 1, k do
      local a = angle + 2 * math.pi * (i - 1) / k
      local x, y = cx + radius * math.cos(a), cy + radius * math.sin(a)
      vs[i] = c.vec3(x, y, h + tilt * x)
    end
    return c.polygon(vs)
  end, string.format("POLY(%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g)", k, cx, cy, h,
                     radius, angle, tilt))
end
local OUT = builder(function(c) return c.vec3(7, 7, 7) end, "OUT")

-- A filter made per backend that logs the ids it is asked about.
local FILTER = builder(function(c)
  local calls = {}
  FILTER_LOG[c] = calls
  return function(id, data)
    calls[#calls + 1] = id
    return data ~= "floor"
  end
end, "FILTER")

local function build(c, x)
  if getmetatable(x) == Builder then return x.f(c) end
  return x
end
-- An array whose elements are built per backend.
local function ARR(list)
  return builder(function(c)
    local t = {}
    for i = 1, table.maxn(list) do t[i] = build(c, list[i]) end
    return t
  end, "ARR(" .. #list .. ")")
end
-- A table whose fields are built per backend.
local function TBL(t)
  return builder(function(c)
    local r = {}
    for k, x in pairs(t) do r[k] = build(c, x) end
    return r
  end, "TBL")
end
-- A world holding one shape of each kind, with data.
local WORLD = builder(function(c)
  local w = c.world()
  w:add_triangle(c.vec3(0, 0, 0), c.vec3(4, 0, 0), c.vec3(0, 4, 0), "tri")
  w:add_aabb(c.vec3(6, 1, 0), c.vec3(1, 1, 1), { "box" })
  w:add_sphere(c.vec3(-4, 2, 1), 1.5)
  w:add_segment(c.vec3(2, -3, 0), c.vec3(2, 6, 0), 42)
  w:add_plane(c.plane(c.vec3(0, 0.2, 1), 3), "floor")
  w:add_polygon(c.polygon({ c.vec3(-2, -2, 2), c.vec3(2, -2, 2), c.vec3(2, 2, 2),
                            c.vec3(-2, 2, 2) }))
  w:add_polygon({ { 8, 8, 0 }, { 9, 8, 0 }, { 9, 9, 0 } })
  return w
end, "WORLD")

local function describe_value(v)
  if getmetatable(v) == Builder then return v.label end
  if type(v) == "table" then
    local parts = {}
    for k, x in pairs(v) do parts[#parts + 1] = tostring(k) .. "=" .. tostring(x) end
    table.sort(parts)
    return "{" .. table.concat(parts, ",") .. "}"
  end
  if type(v) == "number" then return string.format("%.17g", v) end
  return tostring(v)
end

local function describe_case(case)
  local parts = {}
  for i = 1, case.n do parts[i] = describe_value(case[i]) end
  return case.f .. "(" .. table.concat(parts, ", ") .. ")"
end

-- A result as text that is equal for equal answers of the two backends:
-- numbers to 17 digits, vectors by value plus which out-vector they are.
local show
function show(c, v, outs, depth)
  if c.is_vec3(v) then
    local tag = ""
    for i, o in ipairs(outs) do
      if rawequal(o, v) then tag = "out" .. i .. ":" end
    end
    return tag .. string.format("vec3(%.17g, %.17g, %.17g)", v.x, v.y, v.z)
  end
  if type(v) == "number" then return string.format("%.17g", v) end
  if type(v) == "table" then   -- contents, one level of nesting shown
    local parts = {}
    for k, x in pairs(v) do
      local shown = type(x) == "table" and "{...}" or show(c, x, outs)
      if type(x) == "table" and depth == nil then shown = show(c, x, outs, 1) end
      parts[#parts + 1] = tostring(k) .. "=" .. shown
    end
    table.sort(parts)
    return "{" .. table.concat(parts, ", ") .. "}"
  end
  if type(v) == "userdata" or type(v) == "cdata" then
    local mt_name = tostring(v):match("^(%a+)%(")
    if mt_name == "polygon" then
      local parts = { tostring(v), show(c, v.plane, {}) }
      for _, q in ipairs(v:vertices()) do parts[#parts + 1] = show(c, q, {}) end
      return table.concat(parts, " ")
    end
  end
  if (type(v) == "userdata" or type(v) == "cdata") and v.d ~= nil then
    local n = v.normal
    return string.format("plane(%.17g, %.17g, %.17g, %.17g)", n.x, n.y, n.z, v.d)
  end
  return tostring(v)
end

-- Operators and methods, called the way a user writes them. One line each:
-- an error message carries the position of the calling line.
local OPS = {
  ["+"] = function(a, b) return a + b end,
  ["-"] = function(a, b) return a - b end,
  ["*"] = function(a, b) return a * b end,
  ["/"] = function(a, b) return a / b end,
  ["=="] = function(a, b) return a == b end,
  ["neg"] = function(a) return -a end,
  ["tostring"] = function(a) return tostring(a) end,
  ["index"] = function(a, k) return a[k] end,
  ["newindex"] = function(a, k, v) a[k] = v end,
}

-- Runs one case on backend c: { f = name, n = count, args... }. f is a
-- module function, "vec3:m" / "plane:m" (the method m, called with the
-- arguments as given, self included), or "op:x" (OPS[x]).
local function run(c, case)
  local args, outs = {}, {}
  for i = 1, case.n do
    local a = case[i]
    if getmetatable(a) == Builder then
      local ok, v = pcall(build, c, a)
      a = ok and v or "BUILD FAILED: " .. tostring(v)
      if case[i] == OUT then outs[#outs + 1] = a end
    end
    args[i] = a
  end
  local f
  local kind, name = case.f:match("^(%w+):(.+)$")
  if kind == "vec3" then f = c.vec3(0, 0, 0)[name]
  elseif kind == "plane" then f = c.plane({0, 1, 0}, 0)[name]
  elseif kind == "polygon" then f = c.polygon({ {0, 0}, {1, 0}, {0, 1} })[name]
  elseif kind == "world" then f = c.world()[name]
  elseif kind == "op" then f = OPS[name]
  else f = c[case.f] end
  local r = { pcall(f, unpack(args, 1, case.n)) }
  local text = {}
  for i = 1, table.maxn(r) do text[i] = show(c, r[i], outs) end
  for i, o in ipairs(outs) do
    text[#text + 1] = "after: out" .. i .. "=" .. show(c, o, {})
  end
  if FILTER_LOG[c] then   -- which ids a filter was asked about, in order
    text[#text + 1] = "filter calls: " .. table.concat(FILTER_LOG[c], ",")
    FILTER_LOG[c] = nil
  end
  return table.concat(text, " | ")
end

-- ---- the cases ---------------------------------------------------------------

-- Argument kinds of each function (as in collide.h): n number (a radius:
-- >= 0 when valid), u any number, v vector, e extents (>= 0 when valid),
-- P plane, G polygon. outs: number of optional out-vectors.
local FUNCS = {
  sweep_sphere_sphere = { "nvvnvv", 0 },
  test_sphere_sphere = { "nvvnvv", 0 },
  sweep_sphere_plane = { "nvvP", 2 },
  raycast_plane = { "vvP", 2 },
  sweep_sphere_triangle = { "nvvvvv", 2 },
  sweep_sphere_segment = { "nvvvv", 2 },
  sweep_sphere_polygon = { "nvvG", 2 },
  raycast_polygon = { "vvG", 2 },
  sweep_sphere_aabb = { "nvvve", 2 },
  sweep_aabb_aabb = { "evvevv", 1 },
  raycast_sphere = { "vvvn", 2 },
  raycast_triangle = { "vvvvv", 2 },
  raycast_aabb = { "vvve", 2 },
  lerp = { "vvu", 1 },
  reflect = { "vv", 1 },
  slide = { "vv", 1 },
  plane = { "vu", 0 },
  plane_from_point_normal = { "vv", 0 },
  plane_from_points = { "vvv", 0 },
  vec3 = { "uuu", 0 },
  -- ---- moving box (branch box) ----
  sweep_aabb_sphere = { "evvvn", 2 },
  sweep_aabb_plane = { "evvP", 2 },
  sweep_aabb_triangle = { "evvvvv", 2 },
  sweep_aabb_polygon = { "evvG", 2 },
  sweep_aabb_segment = { "evvvv", 2 },
  -- ---- end moving box ----
}

-- ---- capsule sweeps ----
FUNCS.sweep_capsule_sphere = { "nvvvvn", 2 }
FUNCS.sweep_capsule_plane = { "nvvvP", 2 }
FUNCS.sweep_capsule_triangle = { "nvvvvvv", 2 }
FUNCS.sweep_capsule_polygon = { "nvvvG", 2 }
FUNCS.sweep_capsule_segment = { "nvvvvv", 2 }
FUNCS.sweep_capsule_aabb = { "nvvvve", 2 }
FUNCS.sweep_capsule_capsule = { "nvvvnvvv", 1 }
-- ---- end of capsule sweeps ----

-- Deterministic pseudo-random numbers (same cases on every run and VM).
local seed = 12345
local function rnd()
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
end
local function coord() return math.floor(rnd() * 81 - 40) / 8 end  -- exact
local function rvec()
  local x, y, z = coord(), coord(), coord()
  local pick = rnd()
  if pick < 0.15 then return { x, y, z } end
  if pick < 0.25 then return { x = x, y = y } end
  if pick < 0.4 then return V(x, y) end
  return V(x, y, z)
end

local function valid(kind)
  if kind == "n" then return math.floor(rnd() * 24) / 8 end
  if kind == "u" then return coord() / 4 end
  if kind == "v" then return rvec() end
  if kind == "e" then
    return V(math.floor(rnd() * 16) / 8, math.floor(rnd() * 16) / 8,
             math.floor(rnd() * 16) / 8)
  end
  if kind == "P" then
    return PL({ coord(), coord() + 0.5, coord() }, coord())
  end
  if kind == "G" then
    return POLY(3 + math.floor(rnd() * 4), coord() / 2, coord() / 2, coord() / 2,
                0.5 + rnd() * 2, rnd() * 6, math.floor(rnd() * 3) / 2 - 0.5)
  end
  error("no kind " .. kind)
end

local nan, inf = 0 / 0, 1 / 0
-- Bad values for an argument of each kind, in the order a careless caller
-- produces them.
local BAD = {
  n = { nil, "1", -1, nan, inf, -inf, 1e51, V(1, 2), {} },
  u = { nil, "1", nan, inf, 1e51, true },
  v = { nil, 1, "v", {}, { 1 }, { 1, "2" }, { 1, 2, "3" }, { x = 1 },
        { x = 1, y = 2, z = false }, V(nan, 0, 0), V(0, inf, 0),
        V(0, 0, 1e51), V(nan, inf, 1e51), true, PL({ 0, 1, 0 }, 0) },
  e = { nil, V(-1, 1, 1), V(1, 1, -0.5), V(nan, 1, 1), {}, 2 },
  P = { nil, V(0, 1, 0), { normal = { 0, 1, 0 }, d = 0 }, 1 },
  G = { nil, V(0, 1, 0), PL({ 0, 1, 0 }, 0), { { 0, 0 }, { 1, 0 }, { 0, 1 } } },
}
local BAD_OUT = { 1, {}, false, "out", PL({ 0, 1, 0 }, 0) }

local function case_of(name, args, n)
  local case = { f = name, n = n }
  for i = 1, n do case[i] = args[i] end
  return case
end

local function cases_for(name, spec)
  local kinds, nout = spec[1], spec[2]
  local nargs = #kinds
  local cases = {}
  local function valid_args()
    local a = {}
    for i = 1, nargs do a[i] = valid(kinds:sub(i, i)) end
    return a
  end
  -- Valid calls, without and with out-vectors (the right answers).
  for _ = 1, 300 do
    local a = valid_args()
    local n = nargs
    if nout > 0 and rnd() < 0.5 then
      for j = 1, nout do a[nargs + j] = OUT end
      n = nargs + nout
    end
    cases[#cases + 1] = case_of(name, a, n)
  end
  -- One bad argument at a time, at every position.
  for i = 1, nargs do
    local bads = BAD[kinds:sub(i, i)]
    for k = 1, table.maxn(bads) do  -- the lists start with nil
      local a = valid_args()
      a[i] = bads[k]
      cases[#cases + 1] = case_of(name, a, nargs)
      cases[#cases + 1] = case_of(name, a, i)  -- the rest missing
    end
  end
  -- Bad out-vectors, each alone and with a good one before it.
  for j = 1, nout do
    for _, bad in ipairs(BAD_OUT) do
      for _ = 1, 4 do
        local a = valid_args()
        for k = 1, j - 1 do a[nargs + k] = OUT end
        a[nargs + j] = bad
        cases[#cases + 1] = case_of(name, a, nargs + j)
      end
    end
  end
  return cases
end

local function differences(cases)
  local diffs = {}
  for _, case in ipairs(cases) do
    local a, b = run(CAPI, case), run(FFI, case)
    if a ~= b and #diffs < 10 then
      diffs[#diffs + 1] = describe_case(case) .. "\n  capi: " .. a ..
                          "\n  ffi:  " .. b
    end
  end
  return diffs
end

describe("the FFI and C-API backends", function()
  it("are both loaded here, distinct", function()
    assert.are.equal("ffi", FFI.backend)
    assert.are.equal("capi", CAPI.backend)
    assert.are_not.equal(FFI.vec3, CAPI.vec3)
  end)

  for name, spec in pairs(FUNCS) do
    if CAPI[name] ~= nil then
      it("answer " .. name .. " alike, good and bad arguments", function()
        local cases = cases_for(name, spec)
        assert.is_true(#cases > 300)
        assert.are.same({}, differences(cases))
      end)
    end
  end

  it("answer the vec3 methods and operators alike", function()
    local cases = {}
    local function add(f, ...)
      cases[#cases + 1] = { f = f, n = select("#", ...), ... }
    end
    for _ = 1, 100 do
      local a, b = V(coord(), coord(), coord()), V(coord(), coord(), coord())
      local s = coord()
      add("vec3:dot", a, b); add("vec3:dot", a, { 1, 2, 3 })
      add("vec3:cross", a, b); add("vec3:cross", a, b, OUT)
      add("vec3:length", a); add("vec3:length_squared", a)
      add("vec3:normalize", a); add("vec3:normalize", a, OUT)
      add("vec3:unpack", a); add("vec3:clone", a)
      add("vec3:set", a, s, s); add("vec3:set", a, s, s, s)
      add("op:+", a, b); add("op:-", a, b); add("op:*", a, s)
      add("op:*", s, a); add("op:/", a, s); add("op:neg", a)
      add("op:==", a, b); add("op:==", a, a); add("op:tostring", a)
      add("op:+", a, { s, s }); add("op:-", { x = s, y = s }, a)
    end
    add("vec3:normalize", V(0, 0, 0)); add("op:tostring", V(nan, -inf, 1e300))
    add("op:tostring", V(0.1, 1 / 3, -0.0)); add("op:tostring", V(-nan, nan, 1e-300))
    -- errors
    add("vec3:dot", 1, V(1, 2)); add("vec3:dot", V(1, 2)); add("vec3:dot", V(1, 2), "x")
    add("vec3:cross", V(1, 2), V(1, 2), 3); add("vec3:normalize", V(1, 2), {})
    add("vec3:length", nil); add("vec3:unpack", {}); add("vec3:clone", "v")
    add("vec3:set", V(1, 2), 1); add("vec3:set", V(1, 2), 1, 2, "3")
    add("vec3:set", PL({ 0, 1, 0 }, 1), 1, 2)
    add("op:*", V(1, 2), V(1, 2)); add("op:*", V(1, 2), "2"); add("op:*", {}, V(1, 2))
    add("op:/", 2, V(1, 2)); add("op:/", V(1, 2), V(1, 2)); add("op:/", V(1, 2), nil)
    add("op:+", V(1, 2), 1); add("op:+", 1, V(1, 2)); add("op:-", V(1, 2), { 1 })
    add("op:+", V(1, 2), { x = 1, y = 2, z = "3" }); add("op:==", V(1, 2), { 1, 2 })
    add("op:newindex", V(1, 2), "w", 1); add("op:newindex", V(1, 2), 1, 1)
    add("op:newindex", V(1, 2), true, 1); add("op:index", V(1, 2), "w")
    add("op:index", V(1, 2), "y"); add("op:index", V(1, 2), 1)
    assert.are.same({}, differences(cases))
  end)

  it("answer the plane fields and methods alike", function()
    local cases = {}
    local function add(f, ...)
      cases[#cases + 1] = { f = f, n = select("#", ...), ... }
    end
    for _ = 1, 100 do
      local p = PL({ coord(), coord() + 0.5, coord() }, coord())
      add("plane:distance", p, V(coord(), coord(), coord()))
      add("plane:distance", p, { coord(), coord() })
      add("op:index", p, "normal"); add("op:index", p, "d")
      add("op:tostring", p)
    end
    add("plane:distance", V(1, 2), V(1, 2)); add("plane:distance", PL({ 0, 1, 0 }, 1))
    add("plane:distance", PL({ 0, 1, 0 }, 1), V(nan, 0, 0))
    add("plane:distance", PL({ 0, 1, 0 }, 1), V(1e51, 0, 0))
    add("op:index", PL({ 0, 1, 0 }, 1), "foo")
    add("op:newindex", PL({ 0, 1, 0 }, 1), "d", 2)
    add("op:newindex", PL({ 0, 1, 0 }, 1), "normal", V(1, 0, 0))
    add("op:newindex", PL({ 0, 1, 0 }, 1), "x", 2)
    add("plane", { 0, 0, 0 }, 1); add("plane", { 1e-200, 0, 0 }, 1)
    add("plane", { 1e-100, 0, 0 }, 1e-49); add("plane_from_points", { 0, 0 }, { 1, 1 }, { 2, 2 })
    add("plane_from_point_normal", { 0, 0 }, { 0, 0, 0 })
    add("is_vec3", PL({ 0, 1, 0 }, 1)); add("is_vec3", V(1, 2)); add("is_vec3", { 1, 2, 3 })
    add("vec3"); add("vec3", nil); add("vec3", nil, nil); add("vec3", 1, 2, nil)
    assert.are.same({}, differences(cases))
  end)

  if CAPI.polygon ~= nil then
    it("answer collide.polygon and its methods alike", function()
      local cases = {}
      local function add(f, ...)
        cases[#cases + 1] = { f = f, n = select("#", ...), ... }
      end
      for _ = 1, 60 do
        local p = valid("G")
        add("polygon:vertices", p); add("op:index", p, "plane"); add("op:tostring", p)
        add("op:index", p, "foo"); add("op:newindex", p, "plane", 1)
      end
      local sq = { V(0, 0), V(2, 0), V(2, 2), V(0, 2) }
      add("polygon", sq); add("polygon", { { 0, 0, 3 }, { x = 2, y = 0, z = 3 }, V(2, 2, 3) })
      add("polygon", { V(0, 0), V(1, 0), V(2, 0), V(2, 2) })
      add("polygon"); add("polygon", "x"); add("polygon", {}); add("polygon", { V(0, 0), V(1, 0) })
      add("polygon", { V(0, 0), V(1, 0), "x" }); add("polygon", { V(0, 0), V(1, 0), { 1 } })
      add("polygon", { V(0, 0), V(1, 0), { x = 1, y = 2, z = "3" } })
      add("polygon", { V(0, 0), V(1, 0), PL({ 0, 1, 0 }, 1) })
      add("polygon", { V(0, 0), V(1, 0), V(1, 0), V(1, 1) })
      add("polygon", { V(0, 0), V(1, 1, 1), V(3, 3, 3) })
      add("polygon", { V(0, 0), V(2, 0), V(2, 2), V(0, 2, 0.001) })
      add("polygon", { V(0, 0), V(4, 2), V(0, 4), V(1, 2) })
      add("polygon", { V(0, 0), V(2, 2), V(2, 0), V(0, 2) })
      add("polygon", { V(nan, 0), V(1, 0), V(0, 1) })
      add("polygon", { V(1e51, 0), V(1, 0), V(0, 1) })
      add("polygon:vertices", V(1, 2)); add("polygon:vertices", nil)
      assert.are.same({}, differences(cases))
    end)
  end

  if CAPI.world ~= nil then
    it("answer the world's methods alike", function()
      local cases = {}
      local function add(f, ...)
        cases[#cases + 1] = { f = f, n = select("#", ...), ... }
      end
      for _ = 1, 150 do
        local c0, c1 = V(coord() * 2, coord() * 2, coord()), V(coord() * 2, coord() * 2, coord())
        local r = valid("n")
        add("world:sweep_sphere", WORLD, r, c0, c1)
        add("world:sweep_sphere", WORLD, r, c0, c1, nil, OUT, OUT)
        add("world:sweep_sphere", WORLD, r, c0, c1, FILTER)
        add("world:raycast", WORLD, c0, c1)
        add("world:raycast", WORLD, c0, c1, FILTER, OUT, OUT)
        add("world:overlap_sphere", WORLD, c0, r * 2)
        add("world:move_sphere", WORLD, r, c0, c1)
        add("world:move_sphere", WORLD, r, c0, c1, { response = "bounce", restitution = 0.5,
                                                    up = V(0, 0, 1) }, OUT)
        add("world:move_sphere", WORLD, r, c0, c1, TBL({ max_iterations = 2,
                                                         up = { 0, 0, 1 }, filter = FILTER }))
        -- the movers and the controller's options (branch mover)
        local ctl = TBL({ up = V(0, 0, 1), velocity = { c0.label:len() % 3, 1, -2 },
                          step_height = r, snap = r, stop_on_slope = true,
                          steep_as_wall = true })
        add("world:move_sphere", WORLD, r, c0, c1, ctl, OUT, OUT)
        add("world:move_aabb", WORLD, V(r, r * 0.5, r * 2), c0, c1, ctl)
        add("world:move_capsule", WORLD, r, V(0, 0, r), c0, c1, ctl)
        add("world:move_sphere", WORLD, r, c0, c1, { filter = function(id, _, n)
          return ({ "slide", "touch", "cross", "bounce", true, false })[id % 6 + 1] and
            (n.z > 0 and "slide" or ({ "touch", "cross", "bounce", true, false })[id % 5 + 1])
        end })
        -- (end of the movers)
      end
      add("world:count", WORLD); add("world:data", WORLD, 1); add("world:data", WORLD, 2)
      add("world:data", WORLD, 99); add("world:data", WORLD, "x"); add("world:remove", WORLD, 3)
      add("world:remove", WORLD, 1.5); add("world:build", nil)
      add("world:add_sphere", WORLD, V(0, 0), -1); add("world:add_sphere", WORLD, nil, 1)
      add("world:add_triangle", WORLD, V(0, 0), V(1, 0), V(2, 0))
      add("world:add_aabb", WORLD, V(0, 0), V(1, -1, 1)); add("world:add_plane", WORLD, V(0, 1))
      add("world:add_segment", WORLD, V(nan, 0), V(1, 0)); add("world:add_polygon", WORLD, {})
      add("world:add_polygon", WORLD, { V(0, 0), V(1, 0) }); add("world:add_polygon", WORLD, 5)
      add("world:add_polygon", WORLD, ARR({ V(0, 0), V(1, 0), V(1, 1), V(0, 1) }), "quad")
      add("world:add_polygon", WORLD, ARR({ V(0, 0), V(1, 0), V(1, 1), V(0, 1) }))
      add("world:add_polygon", WORLD, ARR({ V(0, 0), V(1, 0), V(1, 1), { 0 } }))
      add("world:add_polygon", WORLD, ARR({ V(0, 0), V(1, 0), V(1, 1), "v" }), nil)
      add("world:add_polygon", WORLD, ARR({ V(0, 0), V(1, 0), V(2, 0) }))
      -- (a table of builders: elements that are not vectors)
      add("world:add_polygon", WORLD, { V(0, 0), V(1, 0), V(1, 1), V(0, 1) }, "quad")
      add("world:add_polygon", WORLD, POLY(5, 0, 0, 1, 2, 0.3, 0), "pent")
      add("world:add_plane", WORLD, PL({ 0, 3, 4 }, 2))
      add("world:sweep_sphere", WORLD, 1, V(0, 0)); add("world:raycast", WORLD, V(0, 0), V(1, 0), 5)
      add("world:sweep_sphere", WORLD, 1, V(0, 0, 5), V(0, 0, -5), nil, 3)
      add("world:raycast", WORLD, V(0, 0, 5), V(0, 0, -5), nil, OUT, {})
      add("world:sweep_sphere", WORLD, 1, V(0, 0, 5), V(0, 0, -5), function() error("no!") end)
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), 5)
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { response = "fly" })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { max_iterations = 0 })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { up = "up" })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { restitution = -1 })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), nil, 7)
      -- the movers' errors (branch mover)
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { respons = "slide" })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { [1] = true })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { snap = "far", up = V(0, 1) })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { snap = -1, up = V(0, 1) })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { step_height = -1, up = V(0, 1) })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { snap = 1 })   -- (needs up)
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { carry = 1 })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), { velocity = "fast" })
      add("world:move_sphere", WORLD, 1, V(0, 0), V(1, 0), TBL({ velocity = V(0 / 0, 0) }))
      add("world:move_aabb", WORLD, V(1, -1), V(0, 0), V(1, 0))
      add("world:move_aabb", WORLD, 1, V(0, 0), V(1, 0))
      add("world:move_capsule", WORLD, 1, nil, V(0, 0), V(1, 0))
      add("world:move_capsule", WORLD, 1, V(0, 1), V(0, 0), V(1, 0), { bogus = 1 })
      add("world:move_capsule", WORLD, -1, V(0, 1), V(0, 0), V(1, 0))
      add("world:move_sphere", WORLD, 1, V(0, 0, 5), V(0, 0, -5),
          { filter = function() return "jump" end })
      -- (end of the movers' errors)
      add("world:sweep_sphere", V(1, 2), 1, V(0, 0), V(1, 0)); add("world:count", {})
      if CAPI.sweep_pairs ~= nil then
        for _ = 1, 20 do
          local s0, s1 = {}, {}
          for i = 1, 12 do
            s0[i] = V(coord(), coord(), coord())
            s1[i] = i % 3 == 0 and { coord(), coord() } or V(coord(), coord(), coord())
          end
          add("sweep_pairs", 0.5, ARR(s0), ARR(s1))
          add("sweep_pairs", ARR({ 1, 2, 0.5, 1, 1, 1, 1, 1, 1, 1, 1, 0.25 }), ARR(s0), ARR(s1), {})
        end
        add("sweep_pairs", -1, ARR({ V(0, 0) }), ARR({ V(0, 0) }))
        add("sweep_pairs", 1, ARR({ V(0, 0) }), ARR({}))
        add("sweep_pairs", 1, ARR({ V(0, 0), 5 }), ARR({ V(0, 0), V(1, 1) }))
        add("sweep_pairs", 1, nil, ARR({}))
      end
      assert.is_true(#cases > 1000)
      assert.are.same({}, differences(cases))
    end)
  end

  -- ---- world, continued: changing and moving shapes, layers, more queries ----
  if CAPI.world ~= nil then
    -- A world of every kind, capsules and a mesh included, some moving, some
    -- on other layers.
    local DWORLD = builder(function(c)
      local w = c.world()
      w:add_triangle(c.vec3(0, 0, 0), c.vec3(4, 0, 0), c.vec3(0, 4, 0), "tri")
      w:add_aabb(c.vec3(6, 1, 0), c.vec3(1, 1, 1), { "box" })
      w:add_sphere(c.vec3(-4, 2, 1), 1.5)
      w:add_segment(c.vec3(2, -3, 0), c.vec3(2, 6, 0), 42)
      w:add_plane(c.plane(c.vec3(0, 0.2, 1), 3), "floor")
      w:add_capsule(c.vec3(-3, -3, 0), c.vec3(-1, -4, 1), 0.75, "pill")
      w:add_polygon(c.polygon({ c.vec3(-2, -2, 2), c.vec3(2, -2, 2), c.vec3(2, 2, 2) }))
      w:add_mesh({ c.vec3(-5, 3, -1), c.vec3(-3, 3, -1), c.vec3(-5, 5, -1),
                   c.vec3(-3, 5, 0) }, { 1, 2, 3, 2, 4, 3 }, "mesh")
      w:set_velocity(2, c.vec3(-2, 0, 0.5))
      w:set_velocity(6, c.vec3(1, 2, 0))
      w:set_velocity(5, c.vec3(0, 0, 1))
      w:set_layers(3, 2)
      w:set_layers(6, 3)
      w:set_layers(8, 0)
      return w
    end, "DWORLD")

    it("answer the world's new methods alike", function()
      local cases = {}
      local function add(f, ...)
        cases[#cases + 1] = { f = f, n = select("#", ...), ... }
      end
      for _ = 1, 120 do
        local c0, c1 = V(coord() * 2, coord() * 2, coord()), V(coord() * 2, coord() * 2, coord())
        local r, e, axis = valid("n"), valid("e"), V(coord() / 4, coord() / 4, coord() / 4)
        local mask = math.floor(rnd() * 4)
        add("world:sweep_sphere", DWORLD, r, c0, c1, mask)
        add("world:sweep_aabb", DWORLD, e, c0, c1)
        add("world:sweep_aabb", DWORLD, e, c0, c1, mask, OUT, OUT)
        add("world:sweep_aabb", DWORLD, e, c0, c1, FILTER)
        add("world:sweep_capsule", DWORLD, r, axis, c0, c1)
        add("world:sweep_capsule", DWORLD, r, axis, c0, c1, mask, OUT, OUT)
        add("world:sweep_capsule", DWORLD, r, axis, c0, c1, FILTER)
        add("world:raycast", DWORLD, c0, c1, mask)
        add("world:raycast_all", DWORLD, c0, c1)
        add("world:raycast_all", DWORLD, c0, c1, FILTER)
        add("world:raycast_all", DWORLD, c0, c1, mask)
        add("world:overlap_point", DWORLD, c0)
        add("world:overlap_sphere", DWORLD, c0, r * 2, FILTER)
        add("world:overlap_aabb", DWORLD, c0, e, mask)
        add("world:overlap_capsule", DWORLD, c0, c1, r)
        -- moves among the moving shapes, every response, carry on and off
        -- (branch mover11)
        local function pick(id)
          return ({ "slide", "touch", "bounce", "cross", true, false })[id % 6 + 1]
        end
        add("world:move_sphere", DWORLD, r, c0, c1, { filter = pick })
        add("world:move_aabb", DWORLD, e, c0, c1, TBL({ up = V(0, 1, 0), carry = false,
                                                         filter = pick, snap = r,
                                                         step_height = r }))
        add("world:move_capsule", DWORLD, r, axis, c0, c0, TBL({ up = V(0, 1, 0), filter = pick }))
        -- (end of the moves among moving shapes)
      end
      for id = 0, 11 do
        add("world:get", DWORLD, id); add("world:velocity", DWORLD, id)
        add("world:velocity", DWORLD, id, OUT); add("world:layers", DWORLD, id)
        add("world:set_layers", DWORLD, id, 5); add("world:set_velocity", DWORLD, id, V(1, 0))
      end
      add("world:update", DWORLD, 1, V(0, 0), V(1, 0), V(0, 1))
      add("world:update", DWORLD, 1, V(0, 0), V(1, 0), V(2, 0))
      add("world:update", DWORLD, 2, V(0, 0), V(1, -1, 1))
      add("world:update", DWORLD, 3, V(0, 0), -1)
      add("world:update", DWORLD, 4, V(0, 0), nil); add("world:update", DWORLD, 5, V(0, 1))
      add("world:update", DWORLD, 5, PL({ 0, 1, 0 }, 2))
      add("world:update", DWORLD, 6, V(0, 0), V(1, 0), -1)
      add("world:update", DWORLD, 7, { V(0, 0), V(1, 0) })
      add("world:update", DWORLD, 7, POLY(5, 0, 0, 1, 2, 0.3, 0))
      add("world:update", DWORLD, 99, 1)
      add("world:update", DWORLD, "x"); add("world:advance", DWORLD); add("world:advance", nil)
      add("world:add_capsule", DWORLD, V(0, 0), V(1, 1), 0.5, "c")
      add("world:add_capsule", DWORLD, V(0, 0), V(1, 1), -0.5)
      add("world:add_mesh", DWORLD, ARR({ V(0, 0), V(1, 0), V(0, 1) }), { 1, 2, 3 }, "m")
      add("world:add_mesh", DWORLD, ARR({ V(0, 0), V(1, 0), V(0, 1) }), { 1, 2, 4 })
      add("world:add_mesh", DWORLD, ARR({ V(0, 0), V(1, 0), V(0, 1) }), { 1, 2 })
      add("world:add_mesh", DWORLD, ARR({ V(0, 0), V(1, 0), V(0, 1) }), { 1, 2, 1.5 })
      add("world:add_mesh", DWORLD, ARR({ V(0, 0), V(1, 0), V(2, 0) }), { 1, 2, 3 })
      add("world:add_mesh", DWORLD, ARR({ V(0, 0), 5 }), { 1, 2, 1 })
      add("world:add_mesh", DWORLD, ARR({}), {}); add("world:add_mesh", DWORLD, 5, {})
      add("world:set_layers", DWORLD, 1, -1); add("world:set_layers", DWORLD, 1, 2 ^ 31)
      add("world:set_layers", DWORLD, 1, 0.5); add("world:set_layers", DWORLD, 1, "1")
      add("world:set_velocity", DWORLD, 1, V(nan, 0))
      add("world:set_velocity", DWORLD, 99, V(nan, 0))
      add("world:sweep_aabb", DWORLD, V(1, -1, 1), V(0, 0), V(1, 0))
      add("world:sweep_capsule", DWORLD, -1, V(0, 1), V(0, 0), V(1, 0))
      add("world:sweep_capsule", DWORLD, 1, V(0, 1), V(0, 0), V(1, 0), "f")
      add("world:raycast_all", DWORLD, V(0, 0), V(1, 0), 1.5)
      add("world:raycast_all", DWORLD, V(0, 0, 5), V(0, 0, -5),
          function() error("no!") end)
      add("world:overlap_aabb", DWORLD, V(0, 0), V(-1, 1, 1))
      add("world:overlap_capsule", DWORLD, V(0, 0), V(1, 1), nil)
      add("world:overlap_point", DWORLD, V(0, 0), true)
      assert.is_true(#cases > 1500)
      assert.are.same({}, differences(cases))
    end)
  end
  -- ---- end of world, continued ----

  it("report a bad argument at the caller's position, or none from pcall", function()
    local function where_ffi() return FFI.sweep_sphere_sphere(1) end
    local function where_capi() return CAPI.sweep_sphere_sphere(1) end
    -- a tail call leaves no Lua caller, as pcall does
    assert.are.equal(select(2, pcall(where_capi)), select(2, pcall(where_ffi)))
    local ok1, e1 = pcall(function() local r = CAPI.lerp(1) return r end)
    local ok2, e2 = pcall(function() local r = FFI.lerp(1) return r end)
    assert.is_false(ok1 or ok2)
    -- same text after the position; the position is this file's lines
    assert.are.equal(e1:gsub("^.-:%d+: ", ""), e2:gsub("^.-:%d+: ", ""))
    assert.truthy(e2:find("^[^:]*backend_spec.lua:%d+: bad argument #1 to 'lerp'"))
    if CAPI.world ~= nil then   -- the world, delegated to the C API
      local w1, w2 = CAPI.world(), FFI.world()
      ok1, e1 = pcall(function() local r = w1:add_sphere(CAPI.vec3(0, 0), -1) return r end)
      ok2, e2 = pcall(function() local r = w2:add_sphere(FFI.vec3(0, 0), -1) return r end)
      assert.is_false(ok1 or ok2)
      assert.are.equal(e1:gsub("^.-:%d+: ", ""), e2:gsub("^.-:%d+: ", ""))
      assert.truthy(e2:find("^[^:]*backend_spec.lua:%d+: bad argument #2 to 'add_sphere'"))
      w2:add_sphere(FFI.vec3(0, 0), 1)
      local function refuse() error("mine", 0) end
      ok2, e2 = pcall(function()
        local r = w2:sweep_sphere(1, FFI.vec3(0, 5), FFI.vec3(0, -5), refuse)
        return r
      end)
      assert.is_false(ok2)
      assert.are.equal("mine", e2)   -- a filter's error is left as it is
    end
  end)
end)
