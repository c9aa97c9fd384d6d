-- The binding as a whole: one declaration per entry point, type names that
-- do not collide with other libraries', what objects say they are, and
-- keys that name nothing.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, getmetatable, ipairs, pcall, rawget = assert, getmetatable, ipairs, pcall, rawget
local tostring = tostring
local collide = require "collide"

describe("the binding", function()
  describe("the list of entry points (csrc/lua/lcollide_api.h)", function()
    local api = require("collide.core")._api

    it("is carried by the C module and every row is offered", function()
      assert.is_table(api)
      assert.is_true(#api >= 20)
      for _, row in ipairs(api) do
        local name, cfn, kinds, result, where = row[1], row[2], row[3], row[4], row[5]
        assert.is_string(cfn)
        assert.is_truthy(kinds:match("^[NVPGSCR]+$"), name)
        assert.is_truthy(("HIT INTERVAL INTERVAL_NORMAL TEST VEC NUMBER PLANE")
                         :find(result, 1, true), name)
        local target = where == "collide" and collide or
                       where == "vec3" and collide.vec3(1, 2, 3) or
                       collide.plane(collide.vec3(0, 0, 1), 0)
        assert.is_function(target[name], name)
      end
    end)

    -- (branch mover11: the world's methods of LC_API_WORLD_METHODS)
    it("declares the world's plain methods once, each offered", function()
      assert.is_table(api.world)
      assert.is_true(#api.world >= 14)
      local w = collide.world()
      for _, row in ipairs(api.world) do
        local name, cfn, kinds, result, where = row[1], row[2], row[3], row[4], row[5]
        assert.are.equal("collide_world_" .. name, cfn)
        assert.is_truthy(({ ADDED = 1, IDS = 1, PEN = 1, WHIT = 1, MANY = 1, CAND = 1 })[result],
                         name)
        -- (A, a flat array of numbers, is the last argument of the batch
        -- queries and of nothing else; C and R, a convex shape and its
        -- rotation, come together)
        if result == "MANY" then
          assert.is_truthy(kinds:match("^[NVP]*A$"), name)
        else
          assert.is_truthy(kinds:match("^[NVPCR]+$"), name)
          assert.are.equal(kinds:find("C") ~= nil, kinds:find("R") ~= nil, name)
        end
        assert.are.equal("world", where)
        assert.is_function(w[name], name)
      end
    end)

    it("is not part of the public module", function()
      assert.is_nil(rawget(collide, "_api"))
    end)
  end)

  describe("metatables", function()
    it("are registered under prefixed names and leave others alone", function()
      if collide.backend == "ffi" then return end   -- cdata: no registry entry
      local reg = debug.getregistry()
      assert.is_table(reg["collide.vec3"])
      assert.is_table(reg["collide.plane"])
      assert.is_table(reg["collide.polygon"])
      assert.is_table(reg["collide.world"])
      assert.are.equal("vec3", reg["collide.vec3"].__name)
      -- (protected: getmetatable gives a string, the debug library the table)
      assert.are.equal(debug.getmetatable(collide.vec3()), reg["collide.vec3"])
      assert.are.equal("collide.vec3", getmetatable(collide.vec3()))
    end)

    it("does not replace another library's 'vec3' metatable", function()
      local reg = debug.getregistry()
      local saved = reg.vec3
      local mine = { __name = "vec3", mine = true }
      reg.vec3 = mine
      package.loaded["collide.core"] = nil
      local ok, core = pcall(require, "collide.core")
      assert.is_true(ok, tostring(core))
      assert.are.equal(mine, reg.vec3)
      reg.vec3 = saved
      -- and the reloaded module still works
      assert.is_true((core.sweep_sphere_sphere(1, {0, 0}, {3, 0}, 1, {5, 0}, {5, 0})))
    end)
  end)

  describe("tostring", function()
    it("says what every object is", function()
      assert.are.equal("vec3(1, 2, 3)", tostring(collide.vec3(1, 2, 3)))
      assert.are.equal("plane(vec3(0, 0, 1), -2)",
                       tostring(collide.plane(collide.vec3(0, 0, 2), -4)))
      assert.are.equal("polygon(4 vertices)",
                       tostring(collide.polygon({{0, 0}, {1, 0}, {1, 1}, {0, 1}})))
      local w = collide.world()
      assert.are.equal("world(0 shapes)", tostring(w))
      w:add_sphere({0, 0, 0}, 1)
      w:add_aabb({5, 0, 0}, {1, 1, 1})
      assert.are.equal("world(2 shapes: 1 aabb, 1 sphere)", tostring(w))   -- (by kind)
    end)
  end)

  describe("keys that name nothing", function()
    it("are an error to read on planes and polygons, as on vec3", function()
      local pl = collide.plane(collide.vec3(0, 0, 1), 0)
      local poly = collide.polygon({{0, 0}, {1, 0}, {1, 1}})
      assert.has_error(function() return pl.Normal end,
                       "plane has no field 'Normal'")
      assert.has_error(function() return poly.vertex end,
                       "polygon has no field 'vertex'")
      assert.is_function(poly.vertices)
      assert.is_function(pl.distance)
    end)
  end)
end)
