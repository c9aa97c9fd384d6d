--- collide.ffi: the LuaJIT backend. The same C core as `collide.core`,
-- called through the FFI instead of the Lua C API.
--
-- Why: on LuaJIT a classic lua_CFunction call costs about 90 ns and ends the
-- JIT trace; the same core function called through the FFI costs about
-- 15 ns and stays inside the trace (see STYLE.md). The API, the results and
-- the error messages are those of the C-API binding (csrc/lcollide*.c):
--
--  * argument checks happen in the same order, with the same messages:
--    "bad argument #N to 'name' (msg)", "calling 'name' on bad self (msg)",
--    "X expected, got T" with T the type's name (vec3, plane, ...) or the Lua
--    type; a missing argument reads as nil;
--  * value checks (NaN, infinity, range, negative radius, ...) are the
--    core's: it returns a negative code that collide_error_arg and
--    collide_error_message decode, exactly as the C API does;
--  * an error carries the position of the Lua code that called into the
--    module, as luaL_error's luaL_where(L, 1) gives it for the C API
--    ("x.lua:12: bad argument ..."), and none when the caller is not Lua
--    code (pcall(collide.vec3, "a")).
--
-- Hot path: every query is straight-line code generated from a table
-- (QUERIES below) with fixed arity, no closures, no varargs, no pcall;
-- table vectors are converted into scratch vectors, results go through a
-- scratch collide_hit / collide_interval, both allocated once per Lua state;
-- with out-vectors given nothing is allocated.
--
-- Known difference: writing a non-number into v.x raises LuaJIT's own
-- conversion error ("cannot convert 'string' to 'double'"), as a vec3 here
-- is a plain struct whose fields LuaJIT writes directly.
--
-- Returns nil when the shared object cannot be located on package.cpath
-- (e.g. LÖVE loading collide.core through its own searcher); init.lua then
-- falls back to the C-API backend.

local ffi = require "ffi"

-- One instance per Lua state: ffi.cdef and ffi.metatype can run only once
-- per state, but busted (and users) may drop package.loaded and require
-- the module again. The registry outlives package.loaded.
local REGISTRY_KEY = "collide.ffi"
local registry = debug.getregistry()
if registry[REGISTRY_KEY] ~= nil then
  return registry[REGISTRY_KEY]
end

local path = package.searchpath("collide.core", package.cpath)
if path == nil then
  return nil
end
-- The C-API module of the same shared object: the version string, and the
-- reference for which functions exist.
local capi = require "collide.core"

local type, error, format = type, error, string.format
local istype, new = ffi.istype, ffi.new

ffi.cdef(require "collide.cdef")
-- Read-only wrappers: a plane or polygon handed out to Lua cannot be
-- modified (queries rely on the unit normal and on the validation made at
-- construction); their fields are reached through __index. The layouts are
-- the core's collide_plane and collide_polygon, spelled with a const on
-- every number: LuaJIT does not carry a const struct member's qualifier
-- into the members of a struct nested in it, so `const collide_plane pl`
-- let pl.pl.normal.y be written from plain Lua.
ffi.cdef [[
typedef struct collide_ffi_plane { const double nx_, ny_, nz_, d_; } collide_ffi_plane;
typedef struct collide_ffi_cpolygon {
  const collide_ffi_plane plane;
  const int count;
  const collide_vec3 *const vertices;
} collide_ffi_cpolygon;
typedef struct collide_ffi_polygon {
  const collide_ffi_cpolygon poly;
  const collide_vec3 v[?];
} collide_ffi_polygon;
typedef struct collide_ffi_polygon_h collide_ffi_polygon_h;
typedef struct collide_ffi_convex_h collide_ffi_convex_h;
]]
-- The spelled-out layouts must stay the core's, field for field: the
-- wrappers are handed to the core as its own types.
for _, pair in ipairs {
  { "collide_ffi_plane", "collide_plane",
    { { "nx_", "normal" }, { "d_", "d" } } },
  { "collide_ffi_cpolygon", "collide_polygon",
    { { "plane", "plane" }, { "count", "count" }, { "vertices", "vertices" } } },
} do
  local ours, core = pair[1], pair[2]
  assert(ffi.sizeof(ours) == ffi.sizeof(core) and
         ffi.alignof(ours) == ffi.alignof(core), ours .. " is not " .. core)
  for _, f in ipairs(pair[3]) do
    assert(ffi.offsetof(ours, f[1]) == ffi.offsetof(core, f[2]),
           ours .. "." .. f[1] .. " is not " .. core .. "." .. f[2])
  end
end
assert(ffi.offsetof("collide_ffi_plane", "ny_") - ffi.offsetof("collide_ffi_plane", "nx_") ==
       ffi.offsetof("collide_vec3", "y") and
       ffi.offsetof("collide_ffi_plane", "nz_") - ffi.offsetof("collide_ffi_plane", "nx_") ==
       ffi.offsetof("collide_vec3", "z"), "collide_ffi_plane's normal is not a collide_vec3")

local C = ffi.load(path)

local M = {}

local V = ffi.typeof("collide_vec3")
local P = ffi.typeof("collide_ffi_plane")
-- A polygon's vertices live in the same cdata, right after the core's
-- struct (cdata never move, so poly.vertices may point into it).
local GBODY = ffi.typeof("collide_ffi_polygon")
-- What Lua gets is not that cdata, whose fields (poly.vertices, the array
-- v) Lua could index out of bounds, but a pointer to it typed as a pointer
-- to an incomplete struct: it has no fields, cannot be indexed (p[i]: "size
-- of C type is unknown") nor added to, and every key goes to its metatable
-- (issue 27, F6). The body is kept alive by POLY_BODY, weak-keyed by the
-- handle (the body refers to nothing, so no cycle), and read only here.
-- The handle is passed to the core as it is: it points at the core's
-- collide_polygon.
local G = ffi.typeof("collide_ffi_polygon_h *")
local POLY_BODY = setmetatable({}, { __mode = "k" })
-- A convex shape likewise: a block of doubles that collide_convex_init
-- fills (the core's collide_convex, then its arrays, pointing into it),
-- handed out as a pointer to an incomplete struct, X, with no fields; the
-- block is kept alive by CONVEX_BODY and read here through a
-- const collide_convex *.
local X = ffi.typeof("collide_ffi_convex_h *")
local CONVEX_BODY = setmetatable({}, { __mode = "k" })
local CONVEX_CT = ffi.typeof("const collide_convex *")
-- The same block as a const collide_convex *, made once with the handle:
-- the world's methods pass it to the core as it is (a cast per call would
-- be a new pointer object each call wherever the compiler does not run,
-- 24 bytes a call in LuaJIT's interpreter).
local CONVEX_HULL = setmetatable({}, { __mode = "k" })

-- ---- errors -----------------------------------------------------------------

-- This backend's own chunks: this file, collide/ffi_world.lua, and the
-- generated queries (chunk names starting with GENERATED).
local SOURCES = { [debug.getinfo(1, "S").source] = true }
local GENERATED = "=collide.ffi("

-- The level of the code that called into this module, for error(msg,
-- level): the position it prints is what the C API's luaL_error prints
-- (luaL_where(L, 1), the caller of the C function), none when that caller
-- is not Lua code. A C frame between two of this backend's (the pcall and
-- the FFI callback of collide/ffi_world.lua's GUARD) is passed over too.
-- Every call on the way to raise is a tail call (`return argerror(...)`),
-- and raise's own call of error is one too, so a traceback starts at the
-- entry point the user called, as the C API's does, not at 4 or 5 frames
-- of this file (issue 31).
local function ours(info)
  local src = info.source
  return SOURCES[src] or src:sub(1, #GENERATED) == GENERATED
end

-- Raises msg as the C API's luaL_error would.
local function raise(msg)
  local level = 2   -- (1 is raise)
  while true do
    local info = debug.getinfo(level, "S")
    if info == nil then return error(msg, 0) end
    local skip = ours(info)
    if not skip and info.what == "C" then
      local above = debug.getinfo(level + 1, "S")
      skip = above ~= nil and ours(above)
    end
    -- raise's frame is replaced by error's (a tail call): one level less
    if not skip then return error(msg, level - 1) end
    level = level + 1
  end
end

-- A function's identity in messages, as the C API's lc_fn: name, and
-- method = 1 when self is argument 1 and so not counted.
local function fn(name, method)
  return { name = name, method = method or 0 }
end

-- lc_typename: the metatable's __name, else the Lua type; this backend's
-- own cdata types by their names.
local EXTRA_TYPES = {}   -- {ctype, name} of types defined elsewhere (world)
local function typename(x)
  if istype(V, x) then return "vec3" end
  if istype(P, x) then return "plane" end
  if istype(G, x) then return "polygon" end
  if istype(X, x) then return "convex" end
  for i = 1, #EXTRA_TYPES do
    if istype(EXTRA_TYPES[i][1], x) then return EXTRA_TYPES[i][2] end
  end
  if type(x) ~= "cdata" then   -- (a world of this backend: its __name)
    local mt = debug.getmetatable(x)
    if type(mt) == "table" then
      local name = mt.__name
      if type(name) == "string" then return name end
    end
  end
  return type(x)
end

local function argerror(f, idx, msg)
  local arg = idx - f.method
  if arg == 0 then
    return raise(format("calling '%s' on bad self (%s)", f.name, msg))
  end
  return raise(format("bad argument #%d to '%s' (%s)", arg, f.name, msg))
end

local function typeerror(f, idx, what, x)
  return argerror(f, idx, what .. " expected, got " .. typename(x))
end

-- The error of a negative core return value; the core numbers arguments
-- from first_idx.
local function coreerror(f, code, first_idx)
  local arg = C.collide_error_arg(code)
  return argerror(f, first_idx + arg - 1, ffi.string(C.collide_error_message(code)))
end

-- ---- argument access --------------------------------------------------------

-- One component of a table vector (lcollide.c table_component): a number,
-- or nil when def is given.
local function component(t, i, key, has_array, def, f, idx)
  local c
  if has_array then c = rawget(t, i) else c = rawget(t, key) end
  if type(c) == "number" then return c end
  if type(c) == "nil" and def ~= nil then return def end
  return argerror(f, idx, "vec3 expected, got table with non-number " .. key)
end

-- A vector argument that is not a vec3: a table {x, y [, z]} or
-- {x =, y = [, z =]} copied into the scratch vector s, else an error.
local function tovec(f, idx, x, s)
  if type(x) == "table" then
    local has_array = type(rawget(x, 1)) ~= "nil"
    s.x = component(x, 1, "x", has_array, nil, f, idx)
    s.y = component(x, 2, "y", has_array, nil, f, idx)
    s.z = component(x, 3, "z", has_array, 0, f, idx)
    return s
  end
  return typeerror(f, idx, "vec3", x)
end

-- The same table's components as three numbers, touching no scratch: for
-- calls that allocate before the core reads the vector (a finalizer may
-- run there, and at any exit of compiled code, and fill the scratch).
local function tovalues(f, idx, x)
  if type(x) == "table" then
    local has_array = type(rawget(x, 1)) ~= "nil"
    return component(x, 1, "x", has_array, nil, f, idx),
           component(x, 2, "y", has_array, nil, f, idx),
           component(x, 3, "z", has_array, 0, f, idx)
  end
  return typeerror(f, idx, "vec3", x)
end

-- Scratch vectors, one per argument position, and the scratch results:
-- allocated once per Lua state. Safe because the core never calls back into
-- Lua between filling them and reading them.
local S = {}
for i = 1, 9 do S[i] = V() end
local S1, S2 = S[1], S[2]
local HIT = new("collide_hit")
local INTERVAL = new("collide_interval")

-- The scratch generation: every call that fills a scratch (a vector above,
-- a result struct, ffi_world.lua's hit and shape) first counts it up by
-- one, and reads its scratch into locals before it checks that the count
-- is still its own. A finalizer (__gc) runs at any allocation, and on
-- LuaJIT at any exit of compiled code while the collector finishes a
-- cycle; a query it runs between the fill and the read overwrites the
-- scratch and counts up, and the interrupted call then runs again from
-- its arguments (a query is pure: same world, same arguments, same
-- answer). Nothing is allocated for it, so the hot paths stay free of
-- allocations. (A double: counted up by one, it stays exact for 2^53
-- calls.)
local GEN = new("double[1]")

local FEATURE = {}
for i = 0, 3 do FEATURE[i] = ffi.string(C.collide_feature_name(i)) end

-- An out-vector argument or a new vec3 holding (x, y, z).
local function outvec(f, idx, o, x, y, z)
  if type(o) == "nil" then return V(x, y, z) end
  if not istype(V, o) then return typeerror(f, idx, "vec3 (out-vector)", o) end
  o.x = x; o.y = y; o.z = z
  return o
end

-- ---- vec3 -------------------------------------------------------------------

local methods = {}
local vec3_mt = {}

-- x, y and z are struct fields, read and written by LuaJIT directly; any
-- other key lands here. A function, because LuaJIT raises "no member" for
-- a key missing from an __index table, where the C API gives nil.
function vec3_mt.__index(_, k)
  local m = methods[k]
  if m == nil then   -- v.X, a typo, is an error rather than nil
    return raise("vec3 has no field '" .. (type(k) == "string" and k or type(k)) ..
          "' (x, y, z or a method expected)")
  end
  return m
end

local F_VEC3 = fn("vec3")
local HUGE = math.huge

-- An infinite component is an error where the vector is made (issue 31;
-- lcollide_vec3.c check_components): a NaN is not, as there.
local function check_components(f, first, x, y, z)
  if x == HUGE or x == -HUGE then return argerror(f, first, "number is infinite") end
  if y == HUGE or y == -HUGE then return argerror(f, first + 1, "number is infinite") end
  if z == HUGE or z == -HUGE then return argerror(f, first + 2, "number is infinite") end
end

function M.vec3(...)
  local x, y, z = ...
  if x == nil and select("#", ...) == 0 then return V() end
  if type(x) ~= "number" then return typeerror(F_VEC3, 1, "number", x) end
  if type(y) ~= "number" then return typeerror(F_VEC3, 2, "number", y) end
  if type(z) == "nil" then z = 0 elseif type(z) ~= "number" then
    return typeerror(F_VEC3, 3, "number", z)
  end
  check_components(F_VEC3, 1, x, y, z)
  return V(x, y, z)
end

function M.is_vec3(x)
  return istype(V, x)
end

-- Formats a number as the C binding does: C's "%.14g" ("1", "0.5", "1e+20",
-- "-nan"). string.format agrees except for the sign of a NaN.
-- (the NaN's bytes in a union of the call's own: in a union of the
-- module's, read after the interpreter allocated the reference to its
-- bytes, a finalizer run there had left the NaN of its own tostring)
local NANBITS = ffi.typeof("union { double d; uint8_t b[8]; }")
local NAN_SIGN_BYTE = ffi.abi("le") and 7 or 0
local function number(x)
  if x ~= x then
    return NANBITS(x).b[NAN_SIGN_BYTE] >= 128 and "-nan" or "nan"
  end
  return format("%.14g", x)
end

function vec3_mt.__tostring(v)
  return "vec3(" .. number(v.x) .. ", " .. number(v.y) .. ", " ..
         number(v.z) .. ")"
end

function vec3_mt.__newindex(_, k)
  local name = type(k) == "string" and k or type(k)
  return raise("cannot set field '" .. name .. "' of vec3 (x, y or z expected)")
end

local F_ADD, F_SUB, F_UNM = fn("__add"), fn("__sub"), fn("__unm")
local F_MUL, F_DIV = fn("__mul"), fn("__div")

function vec3_mt.__add(a, b)
  if istype(V, a) and istype(V, b) then return V(a.x + b.x, a.y + b.y, a.z + b.z) end
  -- (a table: through the scratch, see GEN)
  local g = GEN[0] + 1
  GEN[0] = g
  local x, y = a, b
  if not istype(V, x) then x = tovec(F_ADD, 1, x, S1) end
  if not istype(V, y) then y = tovec(F_ADD, 2, y, S2) end
  local rx, ry, rz = x.x + y.x, x.y + y.y, x.z + y.z
  if GEN[0] ~= g then return vec3_mt.__add(a, b) end   -- (see GEN)
  return V(rx, ry, rz)
end

function vec3_mt.__sub(a, b)
  if istype(V, a) and istype(V, b) then return V(a.x - b.x, a.y - b.y, a.z - b.z) end
  -- (a table: through the scratch, see GEN)
  local g = GEN[0] + 1
  GEN[0] = g
  local x, y = a, b
  if not istype(V, x) then x = tovec(F_SUB, 1, x, S1) end
  if not istype(V, y) then y = tovec(F_SUB, 2, y, S2) end
  local rx, ry, rz = x.x - y.x, x.y - y.y, x.z - y.z
  if GEN[0] ~= g then return vec3_mt.__sub(a, b) end   -- (see GEN)
  return V(rx, ry, rz)
end

function vec3_mt.__unm(a)
  if not istype(V, a) then return typeerror(F_UNM, 1, "vec3", a) end
  return V(-a.x, -a.y, -a.z)
end

-- v * s and s * v; the vector may be on either side.
function vec3_mt.__mul(a, b)
  local v, s, si = a, b, 2
  if not istype(V, a) then v, s, si = b, a, 1 end
  if istype(V, s) then
    return raise("cannot multiply two vec3 (use dot or cross)")
  end
  if type(s) ~= "number" then return typeerror(F_MUL, si, "number", s) end
  return V(v.x * s, v.y * s, v.z * s)
end

function vec3_mt.__div(v, s)
  if not istype(V, v) then
    return raise("cannot divide by a vec3 (only vec3 / number)")
  end
  if type(s) ~= "number" then return typeerror(F_DIV, 2, "number", s) end
  return V(v.x / s, v.y / s, v.z / s)
end

-- LuaJIT calls __eq of a cdata against any value, even nil; the C API's
-- __eq only ever sees two userdata.
function vec3_mt.__eq(a, b)
  return istype(V, a) and istype(V, b) and a.x == b.x and a.y == b.y and
         a.z == b.z
end

-- dot, cross, length, length_squared and normalize are the core's,
-- generated from collide.core._api below.
local F_UNPACK, F_CLONE, F_SET = fn("unpack", 1), fn("clone", 1), fn("set", 1)

function methods.unpack(a)
  if not istype(V, a) then return typeerror(F_UNPACK, 1, "vec3", a) end
  return a.x, a.y, a.z
end

function methods.clone(a)
  if not istype(V, a) then return typeerror(F_CLONE, 1, "vec3", a) end
  return V(a.x, a.y, a.z)
end

function methods.set(a, x, y, z)
  if not istype(V, a) then return typeerror(F_SET, 1, "vec3", a) end
  if type(x) ~= "number" then return typeerror(F_SET, 2, "number", x) end
  if type(y) ~= "number" then return typeerror(F_SET, 3, "number", y) end
  if type(z) == "nil" then z = 0 elseif type(z) ~= "number" then
    return typeerror(F_SET, 4, "number", z)
  end
  check_components(F_SET, 2, x, y, z)
  a.x = x; a.y = y; a.z = z
  return a
end

ffi.metatype(V, vec3_mt)

-- ---- plane ------------------------------------------------------------------

-- t.k for a key that names nothing is an error, as for vec3 (lcollide_shapes.c
-- no_field).
local function no_field(what, k)
  return raise(what .. " has no field '" .. (type(k) == "string" and k or type(k)) .. "'")
end

local plane_methods = {}
local plane_mt = {}
-- The constructors and distance are generated from collide.core._api below.

-- normal is a new vec3 on each read, as in the C API: changing it does not
-- change the plane.
function plane_mt.__index(pl, k)
  if k == "normal" then return V(pl.nx_, pl.ny_, pl.nz_) end
  if k == "d" then return pl.d_ end
  local m = plane_methods[k]
  if m == nil then no_field("plane", k) end
  return m
end

function plane_mt.__newindex()
  return raise("planes are read-only (make a new one with collide.plane)")
end

function plane_mt.__tostring(pl)
  return "plane(vec3(" .. number(pl.nx_) .. ", " .. number(pl.ny_) .. ", " ..
         number(pl.nz_) .. "), " .. number(pl.d_) .. ")"
end

ffi.metatype(P, plane_mt)

-- ---- polygon ----------------------------------------------------------------

local polygon_methods = {}
local polygon_mt = {}
local F_POLYGON, F_VERTICES = fn("polygon"), fn("vertices", 1)
-- p.plane is one object per polygon, as in the C API (which keeps it in
-- the userdata's user value); cdata cannot hold a Lua value, so a weak
-- table does.
local polygon_planes = setmetatable({}, { __mode = "k" })

-- Vertex i of the array t into out, as lcollide_shapes.c read_vertex: a
-- vec3, {x, y [, z]} or {x =, y = [, z =]}; false when it is none of these.
local function read_vertex(t, i, out)
  local v = rawget(t, i)
  if istype(V, v) then
    out.x, out.y, out.z = v.x, v.y, v.z
    return true
  end
  if type(v) ~= "table" then return false end
  local x, y, z
  if type(rawget(v, 1)) ~= "nil" then
    x, y, z = rawget(v, 1), rawget(v, 2), rawget(v, 3)
  else
    x, y, z = rawget(v, "x"), rawget(v, "y"), rawget(v, "z")
  end
  if type(x) ~= "number" or type(y) ~= "number" then return false end
  if type(z) == "nil" then z = 0 elseif type(z) ~= "number" then return false end
  out.x, out.y, out.z = x, y, z
  return true
end

-- Element i of the array argument t (argument idx of f) into out, or the
-- error lcollide.c lc_checkvec_at gives.
local function checkvec_at(f, idx, t, i, out)
  if not read_vertex(t, i, out) then
    return argerror(f, idx, format("vec3 expected at index %d, got %s", i,
                            typename(rawget(t, i))))
  end
end

local function polygon(t)
  if type(t) ~= "table" then return typeerror(F_POLYGON, 1, "table", t) end
  local n = #t
  if n > 65536 then   -- COLLIDE_MAX_POLYGON_VERTICES, before reading them
    return argerror(F_POLYGON, 1,
                    ffi.string(C.collide_reason_message(C.COLLIDE_E_TOO_MANY_VERTICES)))
  end
  local body = GBODY(n)
  local verts = ffi.cast("collide_vec3 *", body.v)
  for i = 1, n do checkvec_at(F_POLYGON, 1, t, i, verts[i - 1]) end
  local code = C.collide_polygon_init(verts, C.collide_polygon_open_count(verts, n),
                                      ffi.cast("collide_polygon *", body))
  if code < 0 then return coreerror(F_POLYGON, code, 1) end
  local p = ffi.cast(G, body)
  POLY_BODY[p] = body
  return p
end

-- The body of a polygon handle (one of ours: POLY_BODY has them all).
local function body_of(f, p)
  local body = istype(G, p) and POLY_BODY[p]
  if not body then return typeerror(f, 1, "polygon", p) end
  return body
end

function polygon_methods.vertices(p)
  local poly = body_of(F_VERTICES, p).poly
  local list, vs = {}, poly.vertices
  for i = 1, poly.count do
    local v = vs[i - 1]
    list[i] = V(v.x, v.y, v.z)
  end
  return list
end

local F_PINDEX, F_PTOSTRING, F_PLEN = fn("__index"), fn("__tostring"), fn("__len")

function polygon_mt.__index(p, k)
  if k == "plane" then
    local pl = polygon_planes[p]
    if pl == nil then
      pl = P(body_of(F_PINDEX, p).poly.plane)
      polygon_planes[p] = pl
    end
    return pl
  end
  local m = polygon_methods[k]
  if m == nil then no_field("polygon", k) end
  return m
end

function polygon_mt.__newindex()
  return raise("polygons are read-only (make a new one with collide.polygon)")
end

function polygon_mt.__tostring(p)
  return format("polygon(%d vertices)", body_of(F_PTOSTRING, p).poly.count)
end

function polygon_mt.__len(p)
  return body_of(F_PLEN, p).poly.count
end

ffi.metatype("collide_ffi_polygon_h", polygon_mt)
-- Offered when the C-API module offers it (the shapes part of the core).
if capi.polygon ~= nil then M.polygon = polygon end

-- ---- convex -----------------------------------------------------------------
-- As csrc/lua/lcollide_convex.c: the same checks in the same order, the
-- hull built by the core into a block of the size it asks for.

local convex_methods = {}
local convex_mt = {}
local F_CONVEX, F_CONVEX_BOX = fn("convex"), fn("convex_box")
local MAXCP = 256            -- COLLIDE_MAX_CONVEX_POINTS

-- A handle on a new block of need bytes filled by init(block, need).
local function new_hull(need, init)
  local body = new("double[?]", need / 8)   -- (need is a multiple of 8)
  init(body, need)
  local h = ffi.cast(X, body)
  CONVEX_BODY[h] = body
  CONVEX_HULL[h] = ffi.cast(CONVEX_CT, body)
  return h
end

local function convex(t)
  if type(t) ~= "table" then return typeerror(F_CONVEX, 1, "table", t) end
  local n = #t
  if n > MAXCP then n = MAXCP + 1 end
  if n < 3 or n > MAXCP then   -- before reading them
    return coreerror(F_CONVEX, C.collide_convex_init(nil, n, nil, 0), 1)
  end
  -- (the call's own points, not a scratch array of the module: the
  -- allocation of the hull's block may run a finalizer that makes a
  -- convex shape, whose points then made this one)
  local pts = new("collide_vec3[?]", n)
  for i = 1, n do checkvec_at(F_CONVEX, 1, t, i, pts[i - 1]) end
  local need = C.collide_convex_init(pts, n, nil, 0)
  if need < 0 then return coreerror(F_CONVEX, need, 1) end
  return new_hull(need, function(body, size)
    C.collide_convex_init(pts, n, body, size)
  end)
end

local function convex_box(e)
  -- (a table's extents read into numbers, then the call's own vector:
  -- never through the scratch S1, which a finalizer run by an allocation
  -- or by an exit of compiled code while the table is read may fill, and
  -- which a query's retry (see GEN) would not see filled, as this call
  -- does not count the generation up)
  if not istype(V, e) then e = V(tovalues(F_CONVEX_BOX, 1, e)) end
  local need = C.collide_convex_box_init(e, nil, 0)
  if need < 0 then return coreerror(F_CONVEX_BOX, need, 1) end
  return new_hull(need, function(body, size)
    C.collide_convex_box_init(e, body, size)
  end)
end

-- The core's hull of a handle (one of ours: CONVEX_BODY has them all).
local function hull_of(f, h, idx)
  local body = istype(X, h) and CONVEX_BODY[h]
  if not body then return typeerror(f, idx or 1, "convex", h) end
  return ffi.cast(CONVEX_CT, body)
end

local F_CVERTICES, F_CFACES = fn("vertices", 1), fn("faces", 1)
local F_CFACE_VERTICES, F_CEDGES = fn("face_vertices", 1), fn("edges", 1)

function convex_methods.vertices(h)
  local hull = hull_of(F_CVERTICES, h)
  local list, vs = {}, hull.vertices
  for i = 1, hull.vertex_count do
    local v = vs[i - 1]
    list[i] = V(v.x, v.y, v.z)
  end
  return list
end

function convex_methods.faces(h)
  local hull = hull_of(F_CFACES, h)
  local list, fs = {}, hull.faces
  for i = 1, hull.face_count do
    local pl = fs[i - 1]
    list[i] = P(pl.normal.x, pl.normal.y, pl.normal.z, pl.d)
  end
  return list
end

function convex_methods.face_vertices(h, i)
  local hull = hull_of(F_CFACE_VERTICES, h)
  if type(i) ~= "number" then return typeerror(F_CFACE_VERTICES, 2, "number", i) end
  if not (i >= 1 and i <= hull.face_count) or i ~= math.floor(i) then
    return argerror(F_CFACE_VERTICES, 2, "face index out of range")
  end
  local list, a, b = {}, hull.face_first[i - 1], hull.face_first[i]
  for k = a, b - 1 do list[k - a + 1] = hull.ring[k] + 1 end
  return list
end

function convex_methods.edges(h)
  local hull = hull_of(F_CEDGES, h)
  local list, es = {}, hull.edges
  for i = 1, hull.edge_count do
    list[i] = { es[2 * i - 2] + 1, es[2 * i - 1] + 1 }
  end
  return list
end

local F_CINDEX, F_CTOSTRING, F_CLEN = fn("__index"), fn("__tostring"), fn("__len")

function convex_mt.__index(h, k)
  if k == "flat" then return hull_of(F_CINDEX, h).flat ~= 0 end
  if k == "radius" then return hull_of(F_CINDEX, h).radius end
  local m = convex_methods[k]
  if m == nil then no_field("convex", k) end
  return m
end

function convex_mt.__newindex()
  return raise("convex shapes are read-only (make a new one with collide.convex)")
end

function convex_mt.__tostring(h)
  local hull = hull_of(F_CTOSTRING, h)
  return format("convex(%d vertices, %d faces%s)", hull.vertex_count,
                hull.face_count, hull.flat ~= 0 and ", flat" or "")
end

function convex_mt.__len(h)
  return hull_of(F_CLEN, h).vertex_count
end

ffi.metatype("collide_ffi_convex_h", convex_mt)
if capi.convex ~= nil then
  M.convex = convex
  M.convex_box = convex_box
end

-- ---- every entry point of csrc/lua/lcollide_api.h, generated ---------------

-- The C-API module carries the list it was generated from, one row per
-- entry point: {lua_name, core_function, kinds, RESULT, where} (see
-- csrc/lua/lcollide_api.h for the kinds and results). Each becomes
-- straight-line code with fixed arity, no closures, no varargs, no pcall:
-- the core function is called through a declaration of its own (symbol
-- redirection, __asm__) whose plane and polygon parameters are this
-- backend's wrappers, which begin with the core's struct, so the wrapper is
-- passed as it is, with no field reference, which the interpreter would
-- allocate (LuaJIT with the JIT off, e.g. on iOS).
local ARG_CHECK = {
  N = 'if type(a%d) ~= "number" then return typeerror(F, %d, "number", a%d) end',
  V = 'if not istype(V, a%d) then a%d = tovec(F, %d, a%d, S[%d]) end',
  S = 'if not istype(V, a%d) then return typeerror(F, %d, "vec3", a%d) end',
  P = 'if not istype(P, a%d) then return typeerror(F, %d, "plane", a%d) end',
  G = 'if not istype(G, a%d) then return typeerror(F, %d, "polygon", a%d) end',
  C = 'if not (istype(CX, a%d) and CONVEX_BODY[a%d]) then ' ..
      'return typeerror(F, %d, "convex", a%d) end',
  R = 'a%d = torot(F, %d, a%d, ROTS[%d], qw%d, qx%d, qy%d, qz%d)',
}
local ARG_CTYPE = { N = "double", V = "const collide_vec3 *",
                    S = "const collide_vec3 *",
                    P = "const collide_ffi_plane *",
                    G = "const collide_ffi_polygon_h *",
                    C = "const collide_ffi_convex_h *",
                    R = "const collide_rotation *" }

-- A rotation argument into the scratch rotation s (lcollide_convex.c
-- lc_checkrotation): an angle, or an object with number fields w, x, y,
-- z (read through its __index, as lua_getfield does).
--
-- The fields are read by rotfields at the very start of the call, before
-- its scratch generation begins (see GEN), and only checked and written
-- by torot: an __index may run Lua, and a query it runs would otherwise
-- count the generation up on every attempt, so that the call ran again
-- forever. Each field is read once.
local ROTS = {}
for i = 1, 8 do ROTS[i] = new("collide_rotation") end
local QNAMES = { "w", "x", "y", "z" }
local function isrotobject(r)
  local t = type(r)
  -- the module's own vector, plane, polygon and convex objects raise on
  -- an unknown field: never a rotation (a type error in torot)
  return (t == "table" or t == "userdata" or t == "cdata") and
         not (istype(V, r) or istype(P, r) or istype(G, r) or istype(X, r))
end
-- Whether x is a world of this backend (a table: collide/ffi_world.lua sets
-- the test), which is no rotation either: a type error, as the C API's
-- userdata world gets.
local is_world = function() return false end
local function rotfields(r)
  if type(r) ~= "number" and isrotobject(r) then return r.w, r.x, r.y, r.z end
end
local function torot(f, idx, r, s, w, x, y, z)
  if type(r) == "number" then
    s.is_angle = 1; s.angle = r
    s.w = 0; s.x = 0; s.y = 0; s.z = 0
    return s
  end
  if not isrotobject(r) then
    return typeerror(f, idx, "rotation (angle or quaternion)", r)
  end
  -- (the fields in order, without a table per call)
  local bad = type(w) ~= "number" and 1 or type(x) ~= "number" and 2 or
              type(y) ~= "number" and 3 or type(z) ~= "number" and 4
  if bad then
    if is_world(r) then return typeerror(f, idx, "rotation (angle or quaternion)", r) end
    return argerror(f, idx, "quaternion expected, got " .. typename(r) ..
                            " with non-number " .. QNAMES[bad])
  end
  s.is_angle = 0; s.angle = 0
  s.w = w; s.x = x; s.y = y; s.z = z
  return s
end

-- Scratch results, read through double pointers, again so that the
-- interpreter allocates no field references. Offsets in doubles:
local function at(ct, field) return ffi.offsetof(ct, field) / 8 end
local DBL = new("double[1]")
local PLANE_SCRATCH = new("collide_ffi_plane")
local HITD, INTERVALD = ffi.cast("double *", HIT), ffi.cast("double *", INTERVAL)
-- The wrappers reach HIT and INTERVAL through pointers only (the core's out
-- parameter, the doubles, the feature), and call the core through its
-- function cdata rather than the library namespace: LuaJIT's recorder turns
-- such immutable upvalues (pointers, functions) into constants, where a
-- struct or the namespace is loaded and type-checked again at each entry
-- of each trace -- and a side trace (a hit among misses, or the other way
-- round) re-enters its root trace from the top. The structs themselves, and
-- the library the function cdata point into, are anchored in the registry,
-- as pointers do not keep them alive.
local HITP = ffi.cast("collide_hit *", HIT)
local INTERVALP = ffi.cast("collide_interval *", INTERVAL)
local HITF = ffi.cast("int *", ffi.cast("char *", HIT) +
                               ffi.offsetof("collide_hit", "feature"))
registry[REGISTRY_KEY .. ".scratch"] = { HIT, INTERVAL, DBL, PLANE_SCRATCH, S, C, GEN }
local H_U, H_POINT, H_NORMAL = at("collide_hit", "u"), at("collide_hit", "point"),
                               at("collide_hit", "normal")
local I_U0, I_U1, I_NORMAL = at("collide_interval", "u0"),
                             at("collide_interval", "u1"),
                             at("collide_interval", "normal")

-- The results are read out of the scratch structs into locals first, before
-- anything allocates: an allocation may run the collector, and with it a
-- finalizer that calls a query and overwrites the scratch (the interpreter
-- runs finalizers there; compiled code defers them).
-- Out-vector at Lua argument k (parameter o<j>) from the locals x, y, z:
-- filled when given, else a new vec3 of its own (nothing returned aliases
-- a scratch struct, which the next call overwrites). istype comes first: a
-- vec3 compared with nil would go through its __eq metamethod.
local function gen_out(j, k, x, y, z)
  return format([=[
    local r%d = o%d
    if istype(V, r%d) then r%d.x = %s; r%d.y = %s; r%d.z = %s
    elseif type(r%d) == "nil" then r%d = V(%s, %s, %s)
    else return typeerror(F, %d, "vec3 (out-vector)", r%d)
    end]=],
    j, j, j, j, x, j, y, j, z, j, j, x, y, z, k, j)
end

-- "local n1, n2, ... = src[i1], src[i2], ..." for the names and offsets.
local function gen_read(names, src, first)
  local reads = {}
  for i = 1, #names do reads[i] = format("%s[%d]", src, first + i - 1) end
  return "    local " .. table.concat(names, ", ") .. " = " ..
         table.concat(reads, ", ")
end

-- Per result kind: the core's out parameter (C type and scratch), the number
-- of out-vectors, and the code returning the results when code > 0.
local RESULT = {
  HIT = function(nargs)
    return "collide_hit *", "HITP", 2,
      format("    local u, f = HITD[%d], HITF[0]\n", H_U) ..
      gen_read({ "px", "py", "pz" }, "HITD", H_POINT) .. "\n" ..
      gen_read({ "nx", "ny", "nz" }, "HITD", H_NORMAL) .. "\n" ..
      "    RETRY\n" ..
      gen_out(1, nargs + 1, "px", "py", "pz") .. "\n" ..
      gen_out(2, nargs + 2, "nx", "ny", "nz") .. "\n" ..
      "    return true, u, r1, r2, FEATURE[f]"
  end,
  INTERVAL = function()
    return "collide_interval *", "INTERVALP", 0,
      format("    local u0, u1 = INTERVALD[%d], INTERVALD[%d]\n", I_U0, I_U1) ..
      "    RETRY\n    return true, u0, u1"
  end,
  INTERVAL_NORMAL = function(nargs)
    return "collide_interval *", "INTERVALP", 1,
      format("    local u0, u1 = INTERVALD[%d], INTERVALD[%d]\n", I_U0, I_U1) ..
      gen_read({ "nx", "ny", "nz" }, "INTERVALD", I_NORMAL) .. "\n" ..
      "    RETRY\n" ..
      gen_out(1, nargs + 1, "nx", "ny", "nz") .. "\n" ..
      "    return true, u0, u1, r1"
  end,
  -- (no result to read, but the arguments were: a finalizer's query
  -- between their conversion and the core's call left its own vectors in
  -- the scratch, and the core answered for those)
  TEST = function()
    return nil, nil, 0, "    RETRY\n    return true"
  end,
  VEC = function(nargs)
    return "collide_vec3 *", "VP", 1,
      gen_read({ "x", "y", "z" }, "VD", 0) .. "\n    RETRY\n" ..
      gen_out(1, nargs + 1, "x", "y", "z") .. "\n    return r1"
  end,
  NUMBER = function()
    return "double *", "DBL", 0, "    local x = DBL[0]\n    RETRY\n    return x"
  end,
  PLANE = function()
    return "collide_ffi_plane *", "PLANE_SCRATCH", 0,
      "    local nx, ny, nz, d = PLANE_SCRATCH.nx_, PLANE_SCRATCH.ny_, " ..
      "PLANE_SCRATCH.nz_, PLANE_SCRATCH.d_\n    RETRY\n    return P(nx, ny, nz, d)"
  end,
}
-- VEC results land in the scratch vector S[9] (no argument uses it: at most
-- 8 arguments), written through a pointer and read as doubles.
local VP, VD = ffi.cast("collide_vec3 *", S[9]), ffi.cast("double *", S[9])

local function gen(row)
  local name, cfn, kinds, result, place = row[1], row[2], row[3], row[4], row[5]
  local nargs = #kinds
  local rtype, scratch, nout, on_hit = RESULT[result](nargs)
  local params, checks, pass, ctypes, reads = {}, {}, {}, {}, {}
  for i = 1, nargs do
    local k = kinds:sub(i, i)
    params[i] = "a" .. i
    -- (the converted arguments are x1, x2, ...: a1, a2, ... are kept for
    -- the call again, see GEN)
    checks[i] = "  " .. format(ARG_CHECK[k], i, i, i, i, i, i, i, i):gsub("a(%d)", "x%1")
    if k == "R" then
      reads[#reads + 1] = format("  local qw%d, qx%d, qy%d, qz%d = rotfields(a%d)",
                                 i, i, i, i, i)
    end
    pass[i] = "x" .. i
    ctypes[i] = ARG_CTYPE[k]
  end
  for j = 1, nout do
    params[#params + 1] = "o" .. j
    -- checked on every call, hit or miss (issue 31); a VEC result is always
    -- written, and checked then
    if result ~= "VEC" then
      checks[#checks + 1] = format('  if type(o%d) ~= "nil" and not istype(V, o%d) then ' ..
        'return typeerror(F, %d, "vec3 (out-vector)", o%d) end', j, j, nargs + j, j)
    end
  end
  if scratch then
    pass[#pass + 1] = scratch
    ctypes[#ctypes + 1] = rtype
  end
  local alias = "collide_ffi_" .. place .. "_" .. name
  ffi.cdef(format('int %s(%s) __asm__("%s");', alias,
                  table.concat(ctypes, ", "), cfn))
  -- (a finalizer's query between the conversions and the reads: the call
  -- runs again from its own arguments, see GEN)
  local all = table.concat(params, ", ")
  -- (the function calls itself as `again`: the results' own locals, such
  -- as a hit's feature `f`, must not shadow it)
  local retry = "if GEN[0] ~= g then return again(" .. all .. ") end"
  local xs = nargs > 0 and "  local " .. all:gsub("a(%d)", "x%1"):gsub(", o%d", "") ..
                           " = " .. all:gsub(", o%d", "") or ""
  local src = table.concat({
    "local CF, V, S, HITP, HITD, HITF, INTERVALP, INTERVALD, FEATURE, F,",
    "      istype, typeerror, tovec, coreerror, P, G, DBL, PLANE_SCRATCH, VD,",
    "      type, VP, CX, CONVEX_BODY, torot, ROTS, GEN, rotfields = ...",
    "local again",
    "again = function(" .. all .. ")",
    table.concat(reads, "\n"),
    "  local g = GEN[0] + 1",
    "  GEN[0] = g",
    xs,
    table.concat(checks, "\n"),
    "  local code = CF(" .. table.concat(pass, ", ") .. ")",
    "  if code > 0 then",
    (on_hit:gsub("RETRY", retry)),
    "  end",
    "  " .. retry,
    "  if code == 0 then return false end",
    "  return coreerror(F, code, 1)",
    "end",
    "return again",
  }, "\n")
  local chunk = assert(loadstring(src, GENERATED .. name .. ")"))
  return chunk(C[alias], V, S, HITP, HITD, HITF, INTERVALP, INTERVALD,
               FEATURE, fn(name, place == "collide" and 0 or 1), istype,
               typeerror, tovec, coreerror, P, G, DBL, PLANE_SCRATCH, VD, type,
               VP, X, CONVEX_BODY, torot, ROTS, GEN, rotfields)
end

local TABLES = { collide = M, vec3 = methods, plane = plane_methods }
for _, row in ipairs(capi._api) do
  local t = TABLES[row[5]]
  t[row[1]] = gen(row)
end

-- ---- closed forms computed in Lua (issue 12) -------------------------------
-- sweep_sphere_plane is small enough that the FFI call is most of its cost
-- under the JIT, so this backend computes it in Lua: the core's very
-- operations in their order (collide_basic.c sweep_sphere_plane), so the
-- same bits, with every other case -- an argument that is not a vec3 or a
-- plane, a value out of range or not finite, a negative radius, a start
-- exactly on the plane -- handed to the generated wrapper, that is, to
-- the core, which answers and words its errors as ever. Written with one
-- data-dependent branch (hit or miss) and that one early, on numbers ready
-- soon, so that the JIT compiles a loop of such calls into one root trace
-- and one side trace, and a mispredicted hit or miss costs little. With d0,
-- d1 the core's distances of the two centres (same operations), d0 ~= 0,
-- side = sign(d0) and s0 = |d0| = d0 side, s1 = d1 side:
--   * the core's "|d0| <= r: u = 0; else a miss when s1 > r" is "a miss
--     when min(d0, d1) > r (d0 > 0) or max(d0, d1) < -r (d0 < 0)", tested
--     as max(min(d0, d1) - r, -r - max(d0, d1)) > 0 (x - y > 0 exactly
--     when x > y: gradual underflow);
--   * u = max(s0 - r, 0) / max(|d0 - d1|, 2^-1074). For s0 <= r that is
--     +0, the core's u = 0. Otherwise s1 <= r < s0, so the core's
--     s0 - s1 >= s0 - r > 0 (rounding is monotonic), and since
--     multiplying by side = +-1 is exact, s0 - s1 = side (d0 - d1) =
--     |d0 - d1| to the bit: both maxima are their first operand, and u is
--     the core's (s0 - r) / (s0 - s1), in (0, 1], which its clamp keeps;
--   * side = clamp((d0 2^1023) 2^52, -1, 1): |d0| >= 2^-1074 makes the
--     product at least 2 in magnitude (or infinite), so exactly +-1;
--   * the centre at u, its foot on the plane and the normal n side: the
--     core's v_lerp, v_dot + d and v_madd, operation for operation.
-- The check: every magnitude summed as the core's fast check does (0.5 d
-- for the plane's offset), within the input limit, r >= 0 and the normal's
-- length as collide__check_plane requires; when it holds, the core's own
-- checks pass too and it computes the same kernel.
-- Same bits needs the C core built without contraction into fused
-- multiply-adds and with SSE2 doubles (x86-64; GCC's -std=c99 implies
-- -ffp-contract=off), and LuaJIT's JIT on (the interpreter would allocate
-- a reference for each plane field): so only on x64 with the JIT on at
-- load time, and only after the probe below finds the two agreeing. (A
-- program that turns the JIT off later still gets the same answers, with
-- two small allocations per call in the interpreter.)
do
  local generic = M.sweep_sphere_plane
  local abs, min, max = math.abs, math.min, math.max
  local MAXC = C.collide_max_coord()
  local FACE = FEATURE[1]     -- COLLIDE_FEATURE_FACE
  local function sweep_sphere_plane(r, c0, c1, pl, o1, o2)
    if type(r) == "number" and istype(V, c0) and istype(V, c1) and istype(P, pl) then
      -- (the fields are read again after the branch rather than kept in
      -- locals: fewer live values at the side exit, which LuaJIT can then
      -- compile; the loads are the same IR values)
      local d0 = pl.nx_ * c0.x + pl.ny_ * c0.y + pl.nz_ * c0.z + pl.d_
      local d1 = pl.nx_ * c1.x + pl.ny_ * c1.y + pl.nz_ * c1.z + pl.d_
      if abs(r) + abs(0.5 * pl.d_) + abs(c0.x) + abs(c0.y) + abs(c0.z) + abs(c1.x) +
         abs(c1.y) + abs(c1.z) <= MAXC and r >= 0 and
         abs(pl.nx_ * pl.nx_ + pl.ny_ * pl.ny_ + pl.nz_ * pl.nz_ - 1) <= 1e-9 and
         d0 ~= 0 then
        if max(min(d0, d1) - r, -r - max(d0, d1)) > 0 then
          -- (a miss checks the out-vectors too: the generic wrapper raises)
          if (istype(V, o1) or type(o1) == "nil") and
             (istype(V, o2) or type(o2) == "nil") then
            return false
          end
          return generic(r, c0, c1, pl, o1, o2)
        end
        local u = max(abs(d0) - r, 0) / max(abs(d0 - d1), 0x1p-1074)
        local side = min(max(d0 * 0x1p1023 * 0x1p52, -1), 1)
        local nx, ny, nz, d = pl.nx_, pl.ny_, pl.nz_, pl.d_
        local x0, y0, z0 = c0.x, c0.y, c0.z
        local cx, cy, cz = x0 + (c1.x - x0) * u, y0 + (c1.y - y0) * u,
                           z0 + (c1.z - z0) * u
        local m = -(nx * cx + ny * cy + nz * cz + d)
        if istype(V, o1) and istype(V, o2) then
          o1.x = cx + nx * m; o1.y = cy + ny * m; o1.z = cz + nz * m
          o2.x = nx * side; o2.y = ny * side; o2.z = nz * side
          return true, u, o1, o2, FACE
        end
      end
    end
    return generic(r, c0, c1, pl, o1, o2)
  end

  -- The probe: a few hundred calls answered both ways, bit for bit
  -- (contraction or x87 doubles in the core would show here).
  local function agree()
    local seed = 1
    local function rnd()       -- a fixed generator: the same probe each load
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    end
    local a1, a2, b1, b2 = V(), V(), V(), V()
    for i = 1, 400 do
      local s = 10 ^ (math.floor(rnd() * 12) - 6)
      local pl = M.plane(V(rnd() - 0.5, rnd() - 0.5, rnd() - 0.5), (rnd() - 0.5) * s)
      local c0 = V((rnd() - 0.5) * s, (rnd() - 0.5) * s, (rnd() - 0.5) * s)
      local c1 = V((rnd() - 0.5) * s, (rnd() - 0.5) * s, (rnd() - 0.5) * s)
      local r = i % 7 == 0 and 0 or rnd() * s * 0.3
      local h1, u1 = sweep_sphere_plane(r, c0, c1, pl, a1, a2)
      local h2, u2 = generic(r, c0, c1, pl, b1, b2)
      if h1 ~= h2 then return false end
      if h1 and not (u1 == u2 and a1 == b1 and a2 == b2) then return false end
    end
    return true
  end
  if type(jit) == "table" and jit.status() and ffi.arch == "x64" then
    local ok, same = pcall(agree)
    if ok and same then M.sweep_sphere_plane = sweep_sphere_plane end
  end
end
-- ---- end of closed forms computed in Lua ----

-- ---- world ------------------------------------------------------------------

-- In collide/ffi_world.lua, given what it needs from this file.
if capi.world ~= nil then
  local chunk = require "collide.ffi_world"
  SOURCES[debug.getinfo(chunk, "S").source] = true
  chunk({ ffi = ffi, C = C, capi = capi, M = M, V = V, P = P, G = G, S = S,
          istype = istype, fn = fn, raise = raise,
          argerror = argerror, typeerror = typeerror, coreerror = coreerror,
          tovec = tovec, outvec = outvec, typename = typename,
          checkvec_at = checkvec_at,
          torot = torot, rotfields = rotfields,
          FEATURE = FEATURE, GEN = GEN,
          CX = X, CONVEX_BODY = CONVEX_BODY, CONVEX_HULL = CONVEX_HULL,
          new_hull = new_hull,
          register_type = function(ct, name)
            EXTRA_TYPES[#EXTRA_TYPES + 1] = { ct, name }
          end,
          set_is_world = function(f) is_world = f end })
end

-- ---- module -----------------------------------------------------------------

M._VERSION = capi._VERSION
M.max_coord = C.collide_max_coord()

registry[REGISTRY_KEY] = M
return M
