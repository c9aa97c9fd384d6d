-- The closed forms the FFI backend computes in Lua (issue 12; collide/ffi.lua,
-- "closed forms computed in Lua"): bit for bit the C core's answers, on
-- random cases over many magnitudes, on the borderline ones (a start
-- touching the plane, an end exactly at the radius, a start on the plane,
-- no motion), and on bad arguments (the same messages).

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, pcall, rawequal = assert, ipairs, math, pcall, rawequal
local select, string, table, tostring, type = select, string, table, tostring, type
local has_ffi = type(jit) == "table" and (pcall(require, "ffi"))
if not has_ffi then return end

local load_with = dofile("spec/support/backends.lua").load_with

local FFI, CAPI = load_with("ffi"), load_with("capi")
local inf, nan = math.huge, 0 / 0

-- Every result as exact text: %a for numbers (sign of zero included), the
-- out-vectors by value and identity.
local function show(c, r, outs)
  local t = {}
  for i = 1, table.maxn(r) do
    local v = r[i]
    if type(v) == "number" then t[i] = string.format("%a", v)
    elseif c.is_vec3(v) then
      local tag = ""
      for k, o in ipairs(outs) do if rawequal(o, v) then tag = "out" .. k .. ":" end end
      t[i] = tag .. string.format("(%a, %a, %a)", v.x, v.y, v.z)
    else t[i] = tostring(v) end
  end
  for k, o in ipairs(outs) do
    if c.is_vec3(o) then t[#t + 1] = string.format("out%d=(%a, %a, %a)", k, o.x, o.y, o.z) end
  end
  return table.concat(t, " | ")
end

-- One call on backend c; numbers and {x, y, z} tables as given, a plane as
-- {normal, d} (made by c.plane), out-vectors "OUT" (fresh vec3s), "NIL".
local function run(c, name, args)
  local a, outs = {}, {}
  for i = 1, args.n do
    local x = args[i]
    if x == "OUT" then x = c.vec3(7, 8, 9); outs[#outs + 1] = x
    elseif x == "NIL" then x = nil
    elseif type(x) == "table" and x.plane then x = c.plane(c.vec3(unpack(x.plane)), x.d)
    elseif type(x) == "table" and x.vec then
      -- (by field writes: collide.vec3 refuses an infinite component, issue 31,
      -- and these cases test the query's own check of one)
      local v = c.vec3()
      v.x, v.y, v.z = x.vec[1], x.vec[2], x.vec[3]
      x = v
    end
    a[i] = x
  end
  return show(c, { pcall(c[name], unpack(a, 1, args.n)) }, outs)
end

local function pack(...) return { n = select("#", ...), ... } end
local function V(x, y, z) return { vec = { x, y, z } } end
local function PL(nx, ny, nz, d) return { plane = { nx, ny, nz }, d = d } end

local seed = 12345
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
-- A coordinate of magnitude about 10^e, sometimes an exact small multiple
-- of 1/8 (where ties and exact zeros happen).
local function coord(e)
  if rnd() < 0.2 then return math.floor((rnd() - 0.5) * 64) / 8 end
  return (rnd() - 0.5) * 10 ^ e
end

local function differences(name, cases)
  local diffs, same = {}, 0
  for _, args in ipairs(cases) do
    local a, b = run(CAPI, name, args), run(FFI, name, args)
    if a ~= b then
      if #diffs < 10 then
        local parts = {}
        for i = 1, args.n do
          local x = args[i]
          if type(x) == "table" then
            local v = x.vec or x.plane
            x = (x.plane and "plane" or "vec3") .. string.format("(%a, %a, %a%s)",
              v[1], v[2], v[3], x.plane and string.format(", %a", x.d) or "")
          end
          parts[i] = type(x) == "number" and string.format("%a", x) or tostring(x)
        end
        diffs[#diffs + 1] = name .. "(" .. table.concat(parts, ", ") .. ")\n  capi: " ..
                            a .. "\n  ffi:  " .. b
      end
    else
      same = same + 1
    end
  end
  return diffs, same
end

describe("sweep_sphere_plane computed in Lua on the FFI backend", function()
  it("is the closed form in Lua where it can be (x64, JIT on)", function()
    local src = debug.getinfo(FFI.sweep_sphere_plane, "S").source
    if require("ffi").arch == "x64" and jit.status() then
      assert.truthy(src:find("ffi%.lua$"))
    end
  end)

  it("answers as the core, bit for bit, on random cases of every magnitude", function()
    local cases = {}
    for i = 1, 20000 do
      local e = math.floor(rnd() * 199) - 150     -- 1e-150 .. 1e48
      local n = PL(coord(0), coord(0) + 0.3, coord(0), coord(e))
      local r = ({ 0, -0.0, rnd() * 10 ^ e, rnd() * 10 ^ (e - 3), 10 ^ e })[i % 5 + 1]
      local c0, c1 = V(coord(e), coord(e), coord(e)), V(coord(e), coord(e), coord(e))
      if i % 3 == 0 then
        cases[#cases + 1] = pack(r, c0, c1, n, "OUT", "OUT")
      elseif i % 3 == 1 then
        cases[#cases + 1] = pack(r, c0, c1, n)
      else
        cases[#cases + 1] = pack(r, c0, c0, n, "OUT", "OUT")   -- no motion
      end
    end
    local diffs, same = differences("sweep_sphere_plane", cases)
    assert.are.same({}, diffs)
    assert.are.equal(#cases, same)
  end)

  it("answers as the core on the borderline cases", function()
    local cases = {}
    local function add(...) cases[#cases + 1] = pack(...) end
    for _, s in ipairs({ 1, 1e-9, 1e-150, 3e30, 1e48, 0.125 }) do
      for _, nz in ipairs({ 1, -1 }) do
        local pl = PL(0, 0, nz, 0)
        local r = 2 * s
        for _, z0 in ipairs({ 0, -0.0, r, -r, 3 * s, -3 * s, r * (1 + 2 ^ -52), s }) do
          for _, z1 in ipairs({ 0, r, -r, 3 * s, -3 * s, z0, r * (1 - 2 ^ -53), -5 * s }) do
            add(r, V(s, -s, z0), V(-s, s, z1), pl, "OUT", "OUT")
            add(0, V(s, -s, z0), V(-s, s, z1), pl, "OUT", "OUT")
          end
        end
      end
      -- slanted planes through points, ends at exactly the radius
      local pl = PL(1, 2, 2, -3 * s)      -- normal (1, 2, 2) / 3
      add(s, V(0, 0, 0), V(3 * s, 6 * s, 6 * s), pl, "OUT", "OUT")
      add(s, V(6 * s, 0, 0), V(s, 0, 0), pl, "OUT", "OUT")
      add(s, V(s, s, s), V(s, s, s), pl, "OUT", "OUT")
    end
    -- the limits: coordinates at and over 1e50, the plane offset up to 2e50
    add(1, V(1e50, 0, 0), V(-1e50, 0, 0), PL(1, 0, 0, 0), "OUT", "OUT")
    add(1, V(1e50, 0, 0), V(-1.0000000001e50, 0, 0), PL(1, 0, 0, 0), "OUT", "OUT")
    add(1e50, V(1, 0, 0), V(-1, 0, 0), PL(1, 0, 0, 0), "OUT", "OUT")
    add(1, V(1, 0, 0), V(-1, 0, 0), PL(1, 0, 0, 1e50), "OUT", "OUT")
    add(1, V(1, 0, 0), V(-1, 0, 0), PL(1, 0, 0, -1e50), "OUT", "OUT")
    assert.are.same({}, (differences("sweep_sphere_plane", cases)))
  end)

  it("gives the core's errors and handles every argument form alike", function()
    local cases = {}
    local function add(...) cases[#cases + 1] = pack(...) end
    local pl, a, b = PL(0, 0, 1, 0), V(0, 0, 3), V(0, 0, -3)
    for _, r in ipairs({ -1, -0.0, nan, inf, -inf, 1e51, "1", true }) do
      add(r, a, b, pl, "OUT", "OUT")
    end
    for _, bad in ipairs({ V(nan, 0, 0), V(0, inf, 0), V(0, 0, -1e51), { 1, 2 },
                           { x = 1, y = 2, z = 3 }, "v", 3, "NIL" }) do
      add(1, bad, b, pl, "OUT", "OUT")
      add(1, a, bad, pl, "OUT", "OUT")
    end
    for _, bad in ipairs({ a, "p", 2, "NIL", { 0, 0, 1 } }) do
      add(1, a, b, bad, "OUT", "OUT")
    end
    -- out-vectors: missing, nil, of the wrong type, on hits and misses
    for _, far in ipairs({ b, V(0, 0, 2) }) do
      add(1, a, far, pl)
      add(1, a, far, pl, "OUT")
      add(1, a, far, pl, "NIL", "OUT")
      add(1, a, far, pl, "OUT", "NIL")
      add(1, a, far, pl, "OUT", 3)
      add(1, a, far, pl, {}, "OUT")
      add(1, a, far, pl, "OUT", "OUT", "extra")
    end
    -- an out-vector that is also an argument: every input read first
    for _, c in ipairs({ FFI, CAPI }) do
      local c0, c1 = c.vec3(0.5, -0.25, 3), c.vec3(0.25, 0.5, -3)
      local p = c.plane(c.vec3(0, 0.6, 0.8), 0.5)
      local r = { c.sweep_sphere_plane(0.25, c0, c1, p, c0, c1) }
      local s = { c.sweep_sphere_plane(0.25, c.vec3(0.5, -0.25, 3), c.vec3(0.25, 0.5, -3), p) }
      assert.are.equal(string.format("%a %a %a %a", s[2], s[3].x, s[3].y, s[3].z),
                       string.format("%a %a %a %a", r[2], r[3].x, r[3].y, r[3].z))
      assert.are.equal(string.format("%a %a %a", s[4].x, s[4].y, s[4].z),
                       string.format("%a %a %a", c1.x, c1.y, c1.z))
    end
    assert.are.same({}, (differences("sweep_sphere_plane", cases)))
  end)
end)
