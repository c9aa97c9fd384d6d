--- collide.persist: w:save() and collide.load(s), written once in Lua over
-- the world's methods, so that both backends (the C API and the FFI) share
-- them: lcollide_world.c's w_save and ffi_world.lua's methods.save call
-- save here, init.lua's collide.load calls load.
--
-- The string (docs/saving.md) is text, one shape a line, ascending ids:
--
--   collide.world 1 <next id> <shapes>
--   <id> <kind> <geometry> [L <layers>] [V <x> <y> <z>] [W <spin>] [S] [D <value>]
--   ...
--
-- (W: a convex shape's spin, w:set_spin, as given: "a <angle>" or
-- "q <w> <x> <y> <z>", as the rotation of its geometry.)
--   end
--
-- Every token is followed by one space or, at the end of a line, a line
-- feed. Numbers of the geometry are written with %.17g, which reads back
-- as the same double (17 significant digits identify a binary64; C99
-- 7.21.6.1 and IEEE 754-2008 5.12.2), and read with tonumber; -0 is kept.
-- A plane is restored with the world's _add_unit_plane (not normalized
-- again: normalizing a unit vector once more changes its last bit about
-- one time in three). Ids are restored with _next_id: each shape is added
-- after the next id is moved on to its own, and the next id of the saved
-- world is restored last, so removed ids stay unused.
--
-- Values (data): nil is not written; t, f; i<integer> (Lua 5.3+ integers);
-- n<%.17g>, n+inf, n-inf, nnan (floats); s<length>:<bytes>; T ... ] a
-- table of key value pairs, numbered in the order they open; R<k> the k-th
-- table again (a table met twice -- shared by shapes, or a cycle -- is one
-- table after load). Tables with a metatable and other types (functions,
-- userdata, threads, cdata) are an error at save naming the shape and the
-- path to the value; so is nesting deeper than MAX_DEPTH.
--
-- load never trusts the string: every count and length is checked against
-- what is left, every number against the range of its field, every shape
-- by the world's own add_* (the same checks as a script's call); any
-- failure is "bad argument #1 to 'load' (not a saved world: ...)". It only
-- calls world methods, so no string can crash the process (the fuzz
-- target tests/fuzz_load.lua mutates saved worlds to hold it to that).

local M = {}

local type, tostring, tonumber, next = type, tostring, tonumber, next
local getmetatable, error, pcall, rawget = getmetatable, error, pcall, rawget
local format, sub, find, byte = string.format, string.sub, string.find, string.byte
local concat, floor, huge = table.concat, math.floor, math.huge
local math_type = math.type   -- nil before Lua 5.3

local VERSION = 1
local MAX_DEPTH = 200
local NEG0 = -(1 / huge)   -- -0.0 on every VM (no constant folding to 0)

-- The geometry numbers of each kind after its name, as w:get returns them.
-- A convex shape: its corners (count, then x y z each: collide.convex of
-- them is the same hull), its position, then "a <angle>" or "q <w> <x> <y>
-- <z>", the rotation as it was given.
local KINDS = { triangle = true, polygon = true, aabb = true, sphere = true,
                segment = true, plane = true, capsule = true, convex = true }

---------------------------------------------------------------- writing

-- %.17g, with the non-finite values and -0 spelled so that load can tell.
local function num(x)
  if x ~= x then return "nan" end
  if x == huge then return "+inf" end
  if x == -huge then return "-inf" end
  if x == 0 and 1 / x < 0 then return "-0" end
  return format("%.17g", x)
end

local function vec(out, n, v)
  out[n + 1], out[n + 2], out[n + 3] = num(v.x), num(v.y), num(v.z)
  return n + 3
end

-- A save error: raised as a table so that save re-raises it at its
-- caller's level.
local function fail(msg) error({ msg }, 0) end

local function path_of(path)
  if #path == 0 then return "" end
  return " (at " .. concat(path) .. ")"
end

local function key_name(k)
  if type(k) == "string" and find(k, "^[%a_][%w_]*$") then return "." .. k end
  if type(k) == "string" then return format("[%q]", k) end
  return "[" .. tostring(k) .. "]"
end

-- What a value that cannot be saved is, in a message: the module's
-- objects by their name, alike on both backends (userdata or cdata or,
-- for an FFI world, a table: told apart by what tostring makes of them,
-- "vec3(1, 2, 3)", "world(3 shapes)"), else "a table with a metatable" or
-- the type.
local OBJECTS = { vec3 = true, plane = true, polygon = true, world = true }
local function describe(x)
  local ok, s = pcall(tostring, x)
  local name = ok and type(s) == "string" and s:match("^(%a[%w]*)%(")
  if name and OBJECTS[name] and type(x) ~= "table" or name == "world" then
    return "a " .. name
  end
  if type(x) == "table" then return "a table with a metatable" end
  return "a " .. type(x)
end

-- Writes value x into out (from index n + 1); tables: seen[t] = its number.
local function value(out, n, x, st, path, depth)
  local t = type(x)
  if t == "number" then
    if math_type and math_type(x) == "integer" then
      n = n + 1; out[n] = "i" .. format("%d", x)
    else
      n = n + 1; out[n] = "n" .. num(x)
    end
  elseif t == "string" then
    n = n + 1; out[n] = "s" .. #x .. ":" .. x
  elseif t == "boolean" then
    n = n + 1; out[n] = x and "t" or "f"
  elseif t == "table" then
    local k = st.seen[x]
    if k then
      n = n + 1; out[n] = "R" .. k
      return n
    end
    if getmetatable(x) ~= nil then
      fail(format("data of shape %d%s is %s: only numbers, strings, booleans "
                  .. "and tables of them are saved", st.id, path_of(path), describe(x)))
    end
    if depth >= MAX_DEPTH then
      fail(format("data of shape %d%s nests tables deeper than %d", st.id,
                  path_of(path), MAX_DEPTH))
    end
    st.tables = st.tables + 1
    st.seen[x] = st.tables
    n = n + 1; out[n] = "T"
    for key, v in next, x do
      path[#path + 1] = key_name(key)
      n = value(out, n, key, st, path, depth + 1)
      n = value(out, n, v, st, path, depth + 1)
      path[#path] = nil
    end
    n = n + 1; out[n] = "]"
  else
    fail(format("data of shape %d%s is %s: only numbers, strings, booleans "
                .. "and tables of them are saved", st.id, path_of(path), describe(x)))
  end
  return n
end

-- One shape's line (without its line feed) from out[n + 1] on.
local function shape_line(w, out, n, id, kind, data, st, sensors)
  n = n + 1; out[n] = format("%d", id)
  n = n + 1; out[n] = kind
  local _, a, b, c = w:get(id)
  if kind == "triangle" then
    n = vec(out, vec(out, vec(out, n, a), b), c)
  elseif kind == "polygon" then
    local vs = a:vertices()
    n = n + 1; out[n] = format("%d", #vs)
    for i = 1, #vs do n = vec(out, n, vs[i]) end
  elseif kind == "aabb" or kind == "segment" then
    n = vec(out, vec(out, n, a), b)
  elseif kind == "sphere" then
    n = vec(out, n, a)
    n = n + 1; out[n] = num(b)
  elseif kind == "capsule" then
    n = vec(out, vec(out, n, a), b)
    n = n + 1; out[n] = num(c)
  elseif kind == "convex" then
    local vs = a:vertices()
    n = n + 1; out[n] = format("%d", #vs)
    for i = 1, #vs do n = vec(out, n, vs[i]) end
    n = vec(out, n, b)
    if type(c) == "number" then
      n = n + 1; out[n] = "a"
      n = n + 1; out[n] = num(c)
    else
      n = n + 1; out[n] = "q"
      n = n + 1; out[n] = num(c.w)
      n = n + 1; out[n] = num(c.x)
      n = n + 1; out[n] = num(c.y)
      n = n + 1; out[n] = num(c.z)
    end
  else   -- plane
    n = vec(out, n, a.normal)
    n = n + 1; out[n] = num(a.d)
  end
  local layers = w:layers(id)
  if layers ~= 1 then
    n = n + 1; out[n] = "L"
    n = n + 1; out[n] = format("%d", layers)
  end
  local v = w:velocity(id)
  if v.x ~= 0 or v.y ~= 0 or v.z ~= 0 then
    n = n + 1; out[n] = "V"
    n = vec(out, n, v)
  end
  -- a convex shape's spin (w:set_spin), as given: "W a angle" or
  -- "W q w x y z"; none written for the angle 0 it has when never given
  local spin = kind == "convex" and w.spin and w:spin(id)
  if type(spin) == "number" and spin ~= 0 then
    n = n + 1; out[n] = "W"
    n = n + 1; out[n] = "a"
    n = n + 1; out[n] = num(spin)
  elseif type(spin) == "table" then
    n = n + 1; out[n] = "W"
    n = n + 1; out[n] = "q"
    n = n + 1; out[n] = num(spin.w)
    n = n + 1; out[n] = num(spin.x)
    n = n + 1; out[n] = num(spin.y)
    n = n + 1; out[n] = num(spin.z)
  end
  if sensors and w:sensor(id) then
    n = n + 1; out[n] = "S"
  end
  if data ~= nil then
    st.id = id
    n = n + 1; out[n] = "D"
    n = value(out, n, data, st, {}, 0)
  end
  return n
end

-- w:save() -> string
function M.save(w)
  local ok, s = pcall(function()
    local lines, nl = {}, 0
    local st = { seen = {}, tables = 0 }
    local sensors = w.sensor ~= nil
    for id, kind, data in w:shapes() do
      local out = {}
      local n = shape_line(w, out, 0, id, kind, data, st, sensors)
      nl = nl + 1
      lines[nl] = concat(out, " ", 1, n)
    end
    return format("collide.world %d %d %d\n", VERSION, w:_next_id(), nl)
           .. concat(lines, "\n") .. (nl > 0 and "\n" or "") .. "end\n"
  end)
  if ok then return s end
  if type(s) == "table" then error("save: " .. s[1], 3) end
  error(s, 0)
end

---------------------------------------------------------------- reading

-- A corrupt string: raised as a table, turned into the argument error.
local function corrupt(msg) error({ msg }, 0) end

-- The reader: the string and the position of the next token.
local function reader(s)
  local r = { s = s, pos = 1, len = #s }

  -- The next token (up to a space or a line feed, which it consumes) and
  -- the character that ended it.
  function r.token()
    local p = r.pos
    local e = find(s, "[ \n]", p)
    if e == nil then corrupt(format("truncated at byte %d", p)) end
    if e == p then corrupt(format("empty token at byte %d", p)) end
    r.pos = e + 1
    return sub(s, p, e - 1), byte(s, e)
  end

  -- A token that must end its line (lf = true) or not (lf = false).
  function r.expect_end(ender, lf, what)
    if (ender == 10) ~= lf then
      corrupt(format("%s at byte %d", lf and "line goes on after " .. what
                     or "line ends after " .. what, r.pos - 1))
    end
  end
  return r
end

-- A finite number (or, for data, any float) from a %.17g token.
local function parse_num(tok, any)
  if tok == "-0" then return NEG0 end
  if any then
    if tok == "+inf" then return huge end
    if tok == "-inf" then return -huge end
    if tok == "nan" then return 0 / 0 end
  end
  if not find(tok, "^[-+]?%d*%.?%d*[eE]?[-+]?%d*$") or not find(tok, "%d") then
    corrupt(format("bad number '%s'", sub(tok, 1, 40)))
  end
  local x = tonumber(tok)
  if x == nil or x ~= x or x == huge or x == -huge then
    corrupt(format("bad number '%s'", sub(tok, 1, 40)))
  end
  if math_type and math_type(x) == "integer" then x = x + 0.0 end
  return x
end

local function parse_int(tok, lo, hi, what)
  if not find(tok, "^%-?%d+$") or #tok > 20 then
    corrupt(format("bad %s '%s'", what, sub(tok, 1, 40)))
  end
  local x = tonumber(tok)
  if x == nil or x < lo or x > hi or x ~= floor(x) then
    corrupt(format("%s %s out of range", what, sub(tok, 1, 40)))
  end
  return x
end

-- Reads a value whose first token is tok (ended by ender); tables[k] the
-- k-th table opened. Returns the value and the ender of its last token.
local function read_value(r, tok, ender, tables, depth)
  local c = sub(tok, 1, 1)
  if c == "i" then
    local x = sub(tok, 2)
    if not find(x, "^%-?%d+$") or #x > 20 then
      corrupt(format("bad integer '%s'", sub(x, 1, 40)))
    end
    local v = tonumber(x)
    if v == nil or (math_type and math_type(v) ~= "integer") then
      corrupt(format("integer %s out of range", sub(x, 1, 40)))
    end
    return v, ender
  elseif c == "n" then
    return parse_num(sub(tok, 2), true), ender
  elseif tok == "t" then
    return true, ender
  elseif tok == "f" then
    return false, ender
  elseif c == "s" then
    -- s<length>:<bytes>: the token read so far ends inside the bytes when
    -- they hold a space or a line feed, so the string is cut from the
    -- token's start
    local start = r.pos - #tok - 1
    local colon = find(r.s, ":", start, true)
    local lentok = colon and sub(r.s, start + 1, colon - 1)
    if not lentok or not find(lentok, "^%d+$") or #lentok > 12 then
      corrupt(format("bad string length at byte %d", start))
    end
    local len = tonumber(lentok)
    local last = colon + len
    if last + 1 > r.len then corrupt(format("truncated string at byte %d", start)) end
    local e = byte(r.s, last + 1)
    if e ~= 32 and e ~= 10 then corrupt(format("bad string at byte %d", start)) end
    r.pos = last + 2
    return sub(r.s, colon + 1, last), e
  elseif tok == "T" then
    if depth >= MAX_DEPTH then corrupt("tables nested too deep") end
    if ender == 10 then corrupt(format("line ends in a table at byte %d", r.pos - 1)) end
    local t = {}
    tables[#tables + 1] = t
    while true do
      local ktok, kend = r.token()
      if ktok == "]" then return t, kend end
      local key
      key, kend = read_value(r, ktok, kend, tables, depth + 1)
      if kend == 10 then corrupt(format("line ends in a table at byte %d", r.pos - 1)) end
      if key ~= key then corrupt("a table key is NaN") end
      local vtok, vend = r.token()
      if vtok == "]" then corrupt(format("table key without a value at byte %d", r.pos - 2)) end
      local v
      v, vend = read_value(r, vtok, vend, tables, depth + 1)
      if vend == 10 then corrupt(format("line ends in a table at byte %d", r.pos - 1)) end
      if rawget(t, key) ~= nil then corrupt("a table key appears twice") end
      t[key] = v
    end
  elseif c == "R" then
    local k = tonumber(sub(tok, 2))
    if not find(tok, "^R%d+$") or not tables[k] then
      corrupt(format("bad table reference '%s'", sub(tok, 1, 40)))
    end
    return tables[k], ender
  end
  corrupt(format("bad value '%s'", sub(tok, 1, 40)))
end

-- n numbers of a line (only the last may end it): the numbers and the
-- ender of the last.
local function nums(r, n, what, id)
  local out, e = {}, nil
  for i = 1, n do
    if e == 10 then corrupt(format("shape %d: line ends in the %s", id, what)) end
    local tok
    tok, e = r.token()
    out[i] = parse_num(tok)
  end
  return out, e
end

-- Reads one shape line (its id read) and adds the shape with that id.
local function read_shape(collide, w, r, id, tables)
  local V = collide.vec3
  local kind, e = r.token()
  if not KINDS[kind] then corrupt(format("shape %d: unknown kind '%s'", id, sub(kind, 1, 40))) end
  if e == 10 then corrupt(format("shape %d: no geometry", id)) end
  local g, poly
  if kind == "triangle" then g, e = nums(r, 9, "geometry", id)
  elseif kind == "aabb" or kind == "segment" then g, e = nums(r, 6, "geometry", id)
  elseif kind == "sphere" or kind == "plane" then g, e = nums(r, 4, "geometry", id)
  elseif kind == "capsule" then g, e = nums(r, 7, "geometry", id)
  elseif kind == "convex" then
    local tok, pe = r.token()
    if pe == 10 then corrupt(format("shape %d: no corners", id)) end
    local count = parse_int(tok, 3, 256, "corner count")
    if count * 6 > r.len - r.pos + 1 then corrupt(format("shape %d: truncated", id)) end
    g, e = nums(r, 3 * count + 3, "corners", id)
    if e == 10 then corrupt(format("shape %d: no rotation", id)) end
    local list = {}
    for i = 1, count do list[i] = V(g[3 * i - 2], g[3 * i - 1], g[3 * i]) end
    local ok, h = pcall(collide.convex, list)
    if not ok then corrupt(format("shape %d: %s", id, tostring(h))) end
    local pos = V(g[3 * count + 1], g[3 * count + 2], g[3 * count + 3])
    local rk, rot
    rk, e = r.token()
    if rk == "a" and e ~= 10 then
      local q
      q, e = nums(r, 1, "rotation", id)
      rot = q[1]
    elseif rk == "q" and e ~= 10 then
      local q
      q, e = nums(r, 4, "rotation", id)
      rot = { w = q[1], x = q[2], y = q[3], z = q[4] }
    else
      corrupt(format("shape %d: bad rotation '%s'", id, sub(rk, 1, 40)))
    end
    poly = { h, pos, rot }
  else   -- polygon
    local tok, pe = r.token()
    if pe == 10 then corrupt(format("shape %d: no vertices", id)) end
    local count = parse_int(tok, 3, 65536, "vertex count")
    -- each vertex takes at least 6 bytes ("0 0 0 "): no count larger than
    -- the rest of the string allows is believed
    if count * 6 > r.len - r.pos + 1 then corrupt(format("shape %d: truncated", id)) end
    g, e = nums(r, 3 * count, "vertices", id)
    local list = {}
    for i = 1, count do list[i] = V(g[3 * i - 2], g[3 * i - 1], g[3 * i]) end
    local ok, p = pcall(collide.polygon, list)
    if not ok then corrupt(format("shape %d: %s", id, tostring(p))) end
    poly = p
  end
  -- the fields, each at most once, in this order
  local layers, vel, spin, sensor, data
  local order = 0
  while e ~= 10 do
    local t
    t, e = r.token()
    if t == "L" and order < 1 then
      order = 1
      if e == 10 then corrupt(format("shape %d: no layers", id)) end
      local lt
      lt, e = r.token()
      layers = parse_int(lt, 0, 2147483647, "layer bits")
    elseif t == "V" and order < 2 then
      order = 2
      if e == 10 then corrupt(format("shape %d: no velocity", id)) end
      local v
      v, e = nums(r, 3, "velocity", id)
      vel = V(v[1], v[2], v[3])
    elseif t == "W" and order < 3 and kind == "convex" then
      order = 3
      local rk
      if e == 10 then corrupt(format("shape %d: no spin", id)) end
      rk, e = r.token()
      if rk == "a" and e ~= 10 then
        local q
        q, e = nums(r, 1, "spin", id)
        spin = q[1]
      elseif rk == "q" and e ~= 10 then
        local q
        q, e = nums(r, 4, "spin", id)
        spin = { w = q[1], x = q[2], y = q[3], z = q[4] }
      else
        corrupt(format("shape %d: bad spin '%s'", id, sub(rk, 1, 40)))
      end
    elseif t == "S" and order < 4 then
      order = 4
      sensor = true
    elseif t == "D" and order < 5 then
      order = 5
      if e == 10 then corrupt(format("shape %d: no data", id)) end
      local dt, de = r.token()
      data, e = read_value(r, dt, de, tables, 0)
    else
      corrupt(format("shape %d: unexpected '%s'", id, sub(t, 1, 40)))
    end
  end
  -- the shape itself, by the world's own checks, with its own id
  w:_next_id(id)
  local ok, got
  if kind == "triangle" then
    ok, got = pcall(w.add_triangle, w, V(g[1], g[2], g[3]), V(g[4], g[5], g[6]),
                    V(g[7], g[8], g[9]), data)
  elseif kind == "polygon" then
    ok, got = pcall(w.add_polygon, w, poly, data)
  elseif kind == "aabb" then
    ok, got = pcall(w.add_aabb, w, V(g[1], g[2], g[3]), V(g[4], g[5], g[6]), data)
  elseif kind == "segment" then
    ok, got = pcall(w.add_segment, w, V(g[1], g[2], g[3]), V(g[4], g[5], g[6]), data)
  elseif kind == "sphere" then
    ok, got = pcall(w.add_sphere, w, V(g[1], g[2], g[3]), g[4], data)
  elseif kind == "capsule" then
    ok, got = pcall(w.add_capsule, w, V(g[1], g[2], g[3]), V(g[4], g[5], g[6]), g[7], data)
  elseif kind == "convex" then
    ok, got = pcall(w.add_convex, w, poly[1], poly[2], poly[3], data)
  else
    ok, got = pcall(w._add_unit_plane, w, V(g[1], g[2], g[3]), g[4], data)
  end
  if not ok then corrupt(format("shape %d: %s", id, tostring(got))) end
  if got ~= id then corrupt(format("shape %d: added as %s", id, tostring(got))) end
  if layers then w:set_layers(id, layers) end
  if vel then
    local okv, err = pcall(w.set_velocity, w, id, vel)
    if not okv then corrupt(format("shape %d: %s", id, tostring(err))) end
  end
  if spin then
    if not w.set_spin then corrupt(format("shape %d: spins are not supported here", id)) end
    local oks, err = pcall(w.set_spin, w, id, spin)
    if not oks then corrupt(format("shape %d: %s", id, tostring(err))) end
  end
  if sensor then
    if not w.set_sensor then corrupt(format("shape %d: sensors are not supported here", id)) end
    w:set_sensor(id, true)
  end
end

-- collide.load(s) -> world
function M.load(collide, s)
  if type(s) ~= "string" then
    error(format("bad argument #1 to 'load' (string expected, got %s)",
                 type(s)), 3)
  end
  local ok, w = pcall(function()
    local r = reader(s)
    local magic, e = r.token()
    if magic ~= "collide.world" or e ~= 32 then corrupt("no 'collide.world' header") end
    local vt
    vt, e = r.token()
    local version = parse_int(vt, 1, 2147483647, "version")
    if version ~= VERSION then
      corrupt(format("version %d (this collide reads version %d)", version, VERSION))
    end
    if e ~= 32 then corrupt("header too short") end
    local nt
    nt, e = r.token()
    local next_id = parse_int(nt, 1, 2147483646, "next id")
    if e ~= 32 then corrupt("header too short") end
    local ct
    ct, e = r.token()
    local count = parse_int(ct, 0, 2147483646, "shape count")
    if e ~= 10 then corrupt("header goes on") end
    local w = collide.world()
    local tables, last = {}, 0
    for _ = 1, count do
      local it, ie = r.token()
      if it == "end" then corrupt(format("%d shapes instead of %d", _ - 1, count)) end
      if ie == 10 then corrupt(format("shape line '%s' ends at once", sub(it, 1, 40))) end
      local id = parse_int(it, 1, 2147483646, "id")
      if id <= last then corrupt(format("id %d after id %d", id, last)) end
      if id >= next_id then corrupt(format("id %d not below the next id %d", id, next_id)) end
      read_shape(collide, w, r, id, tables)
      last = id
    end
    local et = r.token()
    if et ~= "end" or r.pos ~= r.len + 1 then corrupt("no 'end' after the shapes") end
    w:_next_id(next_id)
    return w
  end)
  if ok then return w end
  if type(w) == "table" then
    error("bad argument #1 to 'load' (not a saved world: " .. tostring(w[1]) .. ")", 3)
  end
  error(w, 0)
end

return M
