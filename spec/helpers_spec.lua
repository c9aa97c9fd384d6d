-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, math, pairs, rawequal, tostring = assert, math, pairs, rawequal, tostring
local type = type
local collide = require "collide"
local vec3 = collide.vec3

describe("collide.lerp", function()
  it("is a + (b - a) * u, also outside [0, 1]", function()
    assert.are.equal(vec3(2, 4, 6), collide.lerp(vec3(0, 0, 0), vec3(4, 8, 12), 0.5))
    assert.are.equal(vec3(1, 1, 1), collide.lerp({1, 1, 1}, {5, 5, 5}, 0))
    assert.are.equal(vec3(9, 9, 9), collide.lerp({1, 1, 1}, {5, 5, 5}, 2))
  end)

  it("writes into an out-vector", function()
    local out = vec3()
    local r = collide.lerp(vec3(0, 0), vec3(10, 0), 0.25, out)
    assert.is_true(rawequal(out, r))
    assert.are.equal(vec3(2.5, 0, 0), out)
  end)

  it("names a bad argument", function()
    assert.has_error(function() collide.lerp(vec3(), vec3()) end,
      "bad argument #3 to 'lerp' (number expected, got nil)")
    assert.has_error(function() collide.lerp(vec3(), 1, 0.5) end,
      "bad argument #2 to 'lerp' (vec3 expected, got number)")
  end)
end)

describe("collide.reflect", function()
  it("bounces: v - 2 (v.n) n", function()
    --   \    /
    --    \  /      v = (1, -1) off the floor n = (0, 1) -> (1, 1)
    --  ---\/---
    assert.are.equal(vec3(1, 1, 0), collide.reflect(vec3(1, -1), vec3(0, 1)))
    assert.are.equal(vec3(-3, 0, 0), collide.reflect(vec3(3, 0), {1, 0}))
  end)

  it("writes into an out-vector", function()
    local out = vec3()
    assert.is_true(rawequal(out, collide.reflect(vec3(1, -1), vec3(0, 1), out)))
    assert.are.equal(vec3(1, 1, 0), out)
  end)
end)

describe("collide.slide", function()
  it("removes the part along the normal: v - (v.n) n", function()
    assert.are.equal(vec3(1, 0, 0), collide.slide(vec3(1, -1), vec3(0, 1)))
    assert.are.equal(vec3(0, 0, 5), collide.slide(vec3(2, 0, 5), vec3(1, 0, 0)))
  end)

  it("names a bad argument", function()
    assert.has_error(function() collide.slide(vec3(1, 0)) end,
      "bad argument #2 to 'slide' (vec3 expected, got nil)")
    assert.has_error(function() collide.slide(vec3(1, 0), vec3(0, 1), 3) end,
      "bad argument #3 to 'slide' (vec3 (out-vector) expected, got number)")
  end)
end)

-- Issue 31: reflect(V(1, -1), V(0, 2)) gave vec3(1, 7, 0) without a word.
describe("collide.reflect and collide.slide with a normal that is not unit", function()
  it("are an error naming the normal", function()
    assert.has_error(function() collide.reflect(vec3(1, -1), vec3(0, 2)) end,
      "bad argument #2 to 'reflect' (normal is not unit length (normalize it))")
    assert.has_error(function() collide.slide(vec3(1, -1), { 1, 1 }) end,
      "bad argument #2 to 'slide' (normal is not unit length (normalize it))")
    assert.has_error(function() collide.slide(vec3(1, -1), vec3(0, 0)) end,
      "bad argument #2 to 'slide' (normal is not unit length (normalize it))")
    local out = vec3(7, 7, 7)
    assert.has_error(function() collide.reflect(vec3(1, -1), vec3(0, 0.5), out) end)
    assert.are.equal(vec3(7, 7, 7), out)   -- (nothing written)
  end)

  it("take a normalized one, and one from single precision", function()
    local n = vec3(1, 1):normalize()
    local r = collide.reflect(vec3(1, 0), n)
    assert.is_true(math.abs(r.x) < 1e-15 and math.abs(r.y + 1) < 1e-15)
    -- 0.70710677 is sqrt(1/2) rounded to a float: n.n = 1 - 6e-8
    local f = 0.70710677
    assert.has_no.errors(function() collide.slide(vec3(1, 0), vec3(f, f)) end)
    -- and a hand-typed 0.7071 is off by 2e-5: refused
    assert.has_error(function() collide.slide(vec3(1, 0), vec3(0.7071, 0.7071)) end,
      "bad argument #2 to 'slide' (normal is not unit length (normalize it))")
  end)

  it("still pass a NaN through (NaN in, NaN out)", function()
    local r = collide.reflect(vec3(1, 0), vec3(0 / 0, 0))
    assert.are_not.equal(r.x, r.x)
  end)
end)

describe("the module", function()
  it("has a version string and names its backend", function()
    assert.are.equal("string", type(collide._VERSION))
    assert.is_truthy(collide._VERSION:match("^%d+%.%d+%.%d+"))
    assert.is_truthy(collide.backend == "capi" or collide.backend == "ffi")
  end)

  it("sets no globals when loaded", function()
    local before = {}
    for k in pairs(_G) do before[k] = true end
    package.loaded["collide"] = nil
    package.loaded["collide.core"] = nil
    local again = require "collide"
    assert.is_table(again)
    for k in pairs(_G) do
      assert.is_true(before[k] ~= nil, "new global " .. tostring(k))
    end
  end)
end)
