-- limits_spec.lua -- what a script passes past the module's limits gets an
-- error that names the limit, never undefined behaviour or an hour of work
-- (issue 27: F8 pairs, F9 polygon size and cost, F10 the memory of removed
-- shapes, F11 add_mesh naming the bad triangle). Passes on every backend:
-- the C API on Lua 5.1-5.4 and LuaJIT, and LuaJIT's FFI.
local collide = require "collide"
local V = collide.vec3

local function bad(name, n, msg)
  return ("bad argument #%d to '%s' (%s)"):format(n, name, msg)
end

local function fails(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, ("expected the error %q, got a result"):format(msg))
  assert.are.equal(msg, err)
end

describe("collide.sweep_pairs", function()
  describe("when more pairs touch than an array can hold", function()
    -- 65,537 coincident spheres: 2,147,516,416 pairs, over 2^31 (an int
    -- count overflowed and the core wrote below its array). The limit is
    -- 2^25 pairs (3 numbers each in the result: LuaJIT's largest array
    -- part is 2^27 + 1 slots); the error comes as soon as the count
    -- passes it.
    it("raises an error naming the limit", function()
      local s = {}
      for i = 1, 65537 do s[i] = V(0, 0, 0) end
      fails(bad("sweep_pairs", 2, "more than 33554432 pairs"),
        collide.sweep_pairs, 1, s, s)
    end)

    it("leaves a given out table as it was", function()
      local s = {}
      for i = 1, 65537 do s[i] = V(0, 0, 0) end
      local out = { 7, 8, 9 }
      assert.is_false(pcall(collide.sweep_pairs, 1, s, s, out))
      assert.are.same({ 7, 8, 9 }, out)
    end)
  end)

  describe("when many pairs touch, under the limit", function()
    it("returns every one of them", function()
      local s = {}
      for i = 1, 300 do s[i] = V(0, 0, 0) end
      local out, count = collide.sweep_pairs(1, s, s)
      assert.are.equal(300 * 299 / 2, count)
      assert.are.equal(3 * count, #out)
      assert.are.same({ 299, 300, 0 }, { out[#out - 2], out[#out - 1], out[#out] })
    end)
  end)
end)
