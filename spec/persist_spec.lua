-- spec/persist_spec.lua -- w:save() and collide.load(s) (docs/saving.md):
-- every shape kind and field comes back bit for bit with its id, removed
-- ids stay removed and the next id continues, data of every supported
-- type comes back (shared tables shared, cycles kept), other data is an
-- error at save naming the shape and the path, and a truncated or
-- corrupted string is an error at load, never a crash.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, next, pairs, pcall = assert, ipairs, math, next, pairs, pcall
local select, setmetatable, string, table = select, setmetatable, string, table
local tostring, type = tostring, type
local collide = require "collide"
local V = collide.vec3

local seed = 20261128
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function rnd_in(a, b) return a + (b - a) * rnd() end

-- Every number of a shape as w:get gives it, as exact strings (-0 kept).
local function exact(x)
  if x == 0 and 1 / x < 0 then return "-0" end
  return string.format("%.17g", x)
end
local function fields(w, id)
  local out = {}
  local function put(x)
    if collide.is_vec3(x) then
      put(x.x); put(x.y); put(x.z)
    elseif type(x) == "number" then
      out[#out + 1] = exact(x)
    elseif type(x) == "string" then
      out[#out + 1] = x
    elseif tostring(x):match("^plane") then
      put(x.normal); put(x.d)
    else   -- polygon
      for _, v in ipairs(x:vertices()) do put(v) end
      put(x.plane.normal); put(x.plane.d)
    end
  end
  for _, x in ipairs({ w:get(id) }) do put(x) end
  put(w:layers(id))
  put(w:velocity(id))
  return table.concat(out, " ")
end

-- The whole of a world: ids, fields, and the next id (the id a new shape
-- gets, found by adding one to a copy made by load).
local function whole(w)
  local out = {}
  for id, kind in w:shapes() do out[#out + 1] = id .. " " .. kind .. " " .. fields(w, id) end
  return table.concat(out, "\n")
end

-- A scene with one shape of each kind, odd numbers, removed ids, layers,
-- velocities, data.
local function scene()
  local w = collide.world()
  local ids = {}
  ids.tri = w:add_triangle(V(0.1, 0.2, 0.3), V(1 / 3, 0, 0), V(0, 2 / 3, 1e-300), "tri")
  ids.gone = w:add_sphere(V(0, 0), 1, "gone")
  ids.poly = w:add_polygon(collide.polygon({ V(0, 0), V(1, 0), V(1.5, 0.7), V(0, 1) }),
                           { kind = "poly" })
  ids.box = w:add_aabb(V(-5, 1e10), V(0.5, 0.25, 0), 42)
  ids.ball = w:add_sphere(V(math.pi, -0.0, 7), 0.125, true)
  ids.seg = w:add_segment(V(-1, -1), V(1e-5, 3))
  ids.plane = w:add_plane(collide.plane(V(0.3, 0.4, 0.5), -1.7), false)
  ids.pill = w:add_capsule(V(2, 2), V(2, 4), 0.5, "pill")
  local first, last = w:add_mesh({ V(0, 0, 5), V(1, 0, 5), V(0, 1, 5), V(1, 1, 5) },
                                 { 1, 2, 3, 2, 4, 3 }, "mesh")
  ids.mesh1, ids.mesh2 = first, last
  w:remove(ids.gone)
  w:remove(w:add_aabb(V(0, 0), V(1, 1)))   -- the last id given is removed too
  w:set_layers(ids.box, 6)
  w:set_layers(ids.seg, 0)
  w:set_layers(ids.mesh2, 2147483647)
  w:set_velocity(ids.pill, V(0.1, -0.2, 0))
  w:set_velocity(ids.poly, V(1 / 7, 0, 0))
  w:set_velocity(ids.plane, V(0, 0, 0.01))
  return w, ids
end

describe("w:save and collide.load", function()
  describe("a world with every kind of shape", function()
    it("comes back with the same ids, geometry, layers and velocities, bit for bit", function()
      local w = scene()
      local copy = collide.load(w:save())
      assert.are.equal(w:count(), copy:count())
      assert.are.equal(whole(w), whole(copy))
    end)

    it("saves to the same string again, after load", function()
      local w = scene()
      local s = w:save()
      assert.are.equal(s, collide.load(s):save())
    end)

    it("keeps each shape's data", function()
      local w, ids = scene()
      local copy = collide.load(w:save())
      for id in w:shapes() do
        local a, b = w:data(id), copy:data(id)
        if type(a) == "table" then assert.are.same(a, b) else assert.are.equal(a, b) end
      end
      assert.are.equal("tri", copy:data(ids.tri))
      assert.is_nil(copy:data(ids.seg))
      assert.are.equal(false, copy:data(ids.plane))
    end)

    it("after steps of advance: moved polygons and planes come back as they are", function()
      local w = scene()
      for _ = 1, 7 do w:advance() end
      local copy = collide.load(w:save())
      assert.are.equal(whole(w), whole(copy))
      w:advance()
      copy:advance()
      assert.are.equal(whole(w), whole(copy))
    end)
  end)

  describe("ids", function()
    -- ids 1 2 3 4 5, then 2 and 4 removed, and 5, the last: the next
    -- shape of the loaded world is 6, and 2, 4, 5 stay unknown
    it("removed ids stay removed and the next id continues", function()
      local w = collide.world()
      for i = 1, 5 do w:add_sphere(V(i, 0), 0.5) end
      w:remove(2); w:remove(4); w:remove(5)
      local copy = collide.load(w:save())
      local ids = {}
      for id in copy:shapes() do ids[#ids + 1] = id end
      assert.are.same({ 1, 3 }, ids)
      for _, id in ipairs({ 2, 4, 5 }) do
        assert.is_nil(copy:get(id))
        assert.is_false(copy:remove(id))
      end
      assert.are.equal(6, copy:add_sphere(V(0, 0), 1))
      assert.are.equal(6, w:add_sphere(V(0, 0), 1))
    end)

    it("an empty world whose shapes were all removed keeps its next id", function()
      local w = collide.world()
      for _ = 1, 10000 do w:add_sphere(V(0, 0), 1) end   -- more than a page of ids
      for id = 1, 10000 do w:remove(id) end
      local copy = collide.load(w:save())
      assert.are.equal(0, copy:count())
      assert.are.equal(10001, copy:add_aabb(V(0, 0), V(1, 1)))
    end)

    it("ids far apart (pages of removed ids between them)", function()
      local w = collide.world()
      for _ = 1, 20000 do w:add_sphere(V(0, 0), 1) end
      for id = 2, 19999 do w:remove(id) end
      local copy = collide.load(w:save())
      local ids = {}
      for id in copy:shapes() do ids[#ids + 1] = id end
      assert.are.same({ 1, 20000 }, ids)
      assert.are.same({ 1, 20000 }, copy:overlap_point(V(0, 0)))
      assert.are.equal(20001, copy:add_sphere(V(0, 0), 1))
    end)

    it("a new world saves and loads as a new world", function()
      local copy = collide.load(collide.world():save())
      assert.are.equal(0, copy:count())
      assert.are.equal(1, copy:add_sphere(V(0, 0), 1))
    end)
  end)

  describe("the loaded world answers as the saved one", function()
    it("sweeps, rays, overlaps and moves agree on random queries", function()
      local w = scene()
      for _ = 1, 30 do
        w:add_sphere(V(rnd_in(-5, 5), rnd_in(-5, 5), rnd_in(-1, 6)), rnd_in(0.1, 1))
      end
      for _ = 1, 3 do w:advance() end
      local copy = collide.load(w:save())
      local function all(...) return { n = select("#", ...), ... } end
      local function same(a, b)
        assert.are.equal(a.n, b.n)
        for i = 1, a.n do
          if type(a[i]) == "table" then assert.are.same(a[i], b[i])
          else assert.are.equal(a[i], b[i]) end
        end
      end
      for _ = 1, 200 do
        local c0 = V(rnd_in(-8, 8), rnd_in(-8, 8), rnd_in(-2, 7))
        local c1 = V(rnd_in(-8, 8), rnd_in(-8, 8), rnd_in(-2, 7))
        local r = rnd_in(0, 1)
        same(all(w:sweep_sphere(r, c0, c1)), all(copy:sweep_sphere(r, c0, c1)))
        same(all(w:sweep_aabb(V(r, r, r), c0, c1, 6)), all(copy:sweep_aabb(V(r, r, r), c0, c1, 6)))
        same(all(w:raycast(c0, c1)), all(copy:raycast(c0, c1)))
        same(all(w:overlap_sphere(c0, 2 * r)), all(copy:overlap_sphere(c0, 2 * r)))
        local p1, k1 = w:move_sphere(r, c0, c1)
        local p2, k2 = copy:move_sphere(r, c0, c1)
        assert.are.equal(p1, p2)
        assert.are.equal(#k1, #k2)
      end
    end)
  end)

  describe("data", function()
    local function round(d)
      local w = collide.world()
      w:add_sphere(V(0, 0), 1, d)
      return collide.load(w:save()):data(1)
    end

    it("numbers: floats and integers keep their value and subtype", function()
      local values = { 0, 1, -1, 0.5, 1 / 3, 1e308, -1e-308, 4.9e-324, 2 ^ 53, 2 ^ 53 + 2,
                       -2 ^ 63, math.huge, -math.huge, 123456789012 }
      if math.type then
        values[#values + 1] = math.maxinteger
        values[#values + 1] = math.mininteger
        values[#values + 1] = 3.0
        values[#values + 1] = -0.0 * 1
      end
      for _, x in ipairs(values) do
        local y = round(x)
        assert.are.equal(x, y)
        if math.type then assert.are.equal(math.type(x), math.type(y)) end
      end
      local nz = round(-(1 / math.huge))
      assert.are.equal(-math.huge, 1 / nz)
      local nan = round(0 / 0)
      assert.is_true(nan ~= nan)
    end)

    it("strings of any bytes", function()
      local bytes = {}
      for i = 0, 255 do bytes[#bytes + 1] = string.char(i) end
      for _, s in ipairs({ "", " ", "\n", "a b\nc", "s3:x ]", table.concat(bytes),
                           string.rep("x", 100000), "end\n" }) do
        assert.are.equal(s, round(s))
      end
    end)

    it("booleans, nested tables, keys of every supported type", function()
      local d = { 1, 2, { 3, { 4 } }, x = true, [false] = "no", [2.5] = { y = "z" },
                  [{ "a table key" }] = 7 }
      local e = round(d)
      assert.are.same(d[3], e[3])
      assert.are.equal("no", e[false])
      assert.are.equal(true, e.x)
      assert.are.equal("z", e[2.5].y)
      local key = next({}) -- (none)
      for k, v in pairs(e) do if type(k) == "table" then key = k; assert.are.equal(7, v) end end
      assert.are.same({ "a table key" }, key)
    end)

    it("a table shared by shapes stays one table, and cycles are kept", function()
      local w = collide.world()
      local shared = { name = "floor" }
      local cyc = {}
      cyc.self = cyc
      cyc.list = { cyc, shared }
      local a = w:add_aabb(V(0, 0), V(1, 1), shared)
      local first, last = w:add_mesh({ V(0, 0), V(1, 0), V(0, 1), V(1, 1) },
                                     { 1, 2, 3, 2, 4, 3 }, shared)
      local c = w:add_sphere(V(0, 0), 1, cyc)
      local copy = collide.load(w:save())
      local s = copy:data(a)
      assert.are.equal("floor", s.name)
      assert.are.equal(s, copy:data(first))
      assert.are.equal(s, copy:data(last))
      local k = copy:data(c)
      assert.are.equal(k, k.self)
      assert.are.equal(k, k.list[1])
      assert.are.equal(s, k.list[2])
    end)

    describe("that cannot be saved is an error at save, naming the shape and where", function()
      local function err(d)
        local w = collide.world()
        w:add_sphere(V(0, 0), 1)
        w:add_sphere(V(0, 0), 1, d)
        local ok, msg = pcall(w.save, w)
        assert.is_false(ok)
        return msg
      end
      local tail = ": only numbers, strings, booleans and tables of them are saved"
      it("a function", function()
        assert.are.equal("save: data of shape 2 is a function" .. tail, err(print))
      end)
      it("a function deep inside", function()
        assert.are.equal("save: data of shape 2 (at .enemy.ai[3]) is a function" .. tail,
                         err({ enemy = { ai = { 1, 2, print } } }))
      end)
      it("a coroutine, a vec3, a world", function()
        assert.are.equal("save: data of shape 2 (at .c) is a thread" .. tail,
                         err({ c = coroutine.create(function() end) }))
        assert.are.equal("save: data of shape 2 (at [1]) is a vec3" .. tail, err({ V(1, 2) }))
        assert.are.equal("save: data of shape 2 is a world" .. tail, err(collide.world()))
      end)
      it("a table with a metatable (a class instance)", function()
        assert.are.equal("save: data of shape 2 is a table with a metatable" .. tail,
                         err(setmetatable({}, { __index = {} })))
      end)
      it("a function as a table key", function()
        assert.are.equal("save: data of shape 2 (at [function]) is a function" .. tail,
                         err({ [print] = 1 }):gsub("%[function: [^%]]*%]", "[function]"), nil)
      end)
      it("tables nested deeper than 200", function()
        local d = {}
        local t = d
        for _ = 1, 250 do t.next = {}; t = t.next end
        assert.matches("^save: data of shape 2 %(at [.next]+%) nests tables deeper than 200$",
                       err(d))
      end)
    end)
  end)

  describe("collide.load", function()
    it("takes a string", function()
      assert.has_error(function() collide.load() end,
        "bad argument #1 to 'load' (string expected, got nil)")
      assert.has_error(function() collide.load(12) end,
        "bad argument #1 to 'load' (string expected, got number)")
    end)

    it("refuses what is not a saved world, saying so", function()
      for _, s in ipairs({ "", "\n", "hello", "collide.world 2 1 0\nend\n",
                           "collide.world 1 1 0\n", "collide.world 1 1 0\nend\nx",
                           "collide.world 1 0 0\nend\n" }) do
        local ok, msg = pcall(collide.load, s)
        assert.is_false(ok)
        assert.matches("^bad argument #1 to 'load' %(not a saved world: .+%)$", msg)
      end
      assert.has_error(function() collide.load("collide.world 2 1 0\nend\n") end,
        "bad argument #1 to 'load' (not a saved world: version 2 (this collide reads version 1))")
    end)

    it("every truncation of a saved world is an error", function()
      local w = scene()
      w:add_sphere(V(0, 0), 1, { s = "x y", t = { 1, 2 } })
      local s = w:save()
      for n = 0, #s - 1 do
        local ok, msg = pcall(collide.load, s:sub(1, n))
        assert.is_false(ok, "a prefix of " .. n .. " bytes loaded")
        assert.matches("^bad argument #1 to 'load' %(not a saved world: ", msg)
      end
    end)

    it("a corrupted saved world is an error or a world, never a crash", function()
      local w = scene()
      w:add_sphere(V(0, 0), 1, { s = "x y", t = { 1, 2 } })
      local s = w:save()
      local pieces = { "0", "9", "-", " ", "\n", "e", "T", "]", "R1", "s9:", "1e400",
                       "nan", "65537", "2147483647", "x" }
      local errors, worlds = 0, 0
      for _ = 1, 400 do
        local at = math.floor(rnd() * #s) + 1
        local bad
        if rnd() < 0.5 then
          bad = s:sub(1, at - 1) .. pieces[math.floor(rnd() * #pieces) + 1] .. s:sub(at + 1)
        else
          bad = s:sub(1, at - 1) .. s:sub(at + 1 + math.floor(rnd() * 4))
        end
        local ok, res = pcall(collide.load, bad)
        if ok then
          worlds = worlds + 1
          assert.are.equal(whole(res), whole(collide.load(res:save())))
        else
          errors = errors + 1
          assert.matches("^bad argument #1 to 'load' %(not a saved world: ", res)
        end
      end
      assert.is_true(errors > 200)
    end)

    it("checks each shape as its add_* does", function()
      for _, s in ipairs({
        "collide.world 1 2 1\n1 triangle 0 0 0 1 1 1 2 2 2\nend\n",      -- degenerate
        "collide.world 1 2 1\n1 sphere 0 0 0 -1\nend\n",                  -- negative radius
        "collide.world 1 2 1\n1 aabb 0 0 0 1 -1 0\nend\n",                -- negative extent
        "collide.world 1 2 1\n1 plane 0 0 2 1\nend\n",                    -- not unit
        "collide.world 1 2 1\n1 polygon 4 0 0 0 1 0 0 0 1 0 1 1 0\nend\n", -- not convex
        "collide.world 1 2 1\n1 sphere 0 0 1e51 1\nend\n",                -- too large
        "collide.world 1 2 1\n1 sphere 0 0 0 1 L -1\nend\n",              -- layers
        "collide.world 1 2 1\n1 sphere 0 0 0 1 V 0 nan 0\nend\n",
        "collide.world 1 2 1\n1 sphere 0 0 0 1 D s5:ab\nend\n",
        "collide.world 1 3 2\n2 sphere 0 0 0 1\n1 sphere 0 0 0 1\nend\n",  -- ids not ascending
        "collide.world 1 2 1\n2 sphere 0 0 0 1\nend\n",                   -- id not below next
        "collide.world 1 2 1\n1 sphere 0 0 0 1 D R1\nend\n",              -- no such table
        "collide.world 1 2 1\n1 sphere 0 0 0 1 D T i1 ]\nend\n",          -- key without value
      }) do
        local ok, msg = pcall(collide.load, s)
        assert.is_false(ok, s)
        assert.matches("^bad argument #1 to 'load' %(not a saved world: ", msg)
      end
    end)
  end)
end)
