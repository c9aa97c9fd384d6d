-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, io, math, rawequal, tostring = assert, io, math, rawequal, tostring
local collide = require "collide"
local vec3 = collide.vec3

describe("collide.vec3", function()
  describe("construction", function()
    it("takes x, y and an optional z that defaults to 0", function()
      local v = vec3(1, 2, 3)
      assert.are.equal(1, v.x)
      assert.are.equal(2, v.y)
      assert.are.equal(3, v.z)
      local w = vec3(4, 5)
      assert.are.equal(0, w.z)
    end)

    it("makes the zero vector without arguments", function()
      local v = vec3()
      assert.are.same({0, 0, 0}, {v:unpack()})
    end)

    it("is recognised by is_vec3, and nothing else is", function()
      assert.is_true(collide.is_vec3(vec3(1, 2)))
      assert.is_false(collide.is_vec3({1, 2, 3}))
      assert.is_false(collide.is_vec3(nil))
      assert.is_false(collide.is_vec3(io.stdout))
      assert.is_false(collide.is_vec3(collide.plane(vec3(0, 1, 0), 0)))
    end)

    it("rejects a missing or non-number component", function()
      assert.has_error(function() vec3(1) end,
        "bad argument #2 to 'vec3' (number expected, got nil)")
      assert.has_error(function() vec3("1", 2) end,
        "bad argument #1 to 'vec3' (number expected, got string)")
      assert.has_error(function() vec3(1, 2, {}) end,
        "bad argument #3 to 'vec3' (number expected, got table)")
    end)
  end)

  describe("fields", function()
    it("can be written", function()
      local v = vec3(1, 2, 3)
      v.x, v.y, v.z = 7, 8, 9
      assert.are.same({7, 8, 9}, {v:unpack()})
    end)

    it("refuses any other key", function()
      local v = vec3(1, 2, 3)
      assert.has_error(function() v.w = 1 end,
        "cannot set field 'w' of vec3 (x, y or z expected)")
      -- On the FFI backend a vec3 is a plain C struct: LuaJIT itself
      -- converts what is stored into x, y, z and words the error.
      local msg = collide.backend == "ffi" and
        "cannot convert 'string' to 'double'" or
        "cannot set vec3.x (number expected, got string)"
      assert.has_error(function() v.x = "a" end, msg)
      assert.are.same({1, 2, 3}, {v:unpack()})
    end)

    -- Issue 9: v.X (a typo for v.x) used to read nil silently.
    it("refuses to read a key that names nothing", function()
      assert.has_error(function() return vec3(1, 2).w end,
        "vec3 has no field 'w' (x, y, z or a method expected)")
      assert.has_error(function() return vec3(1, 2).X end,
        "vec3 has no field 'X' (x, y, z or a method expected)")
      assert.is_function(vec3(1, 2).dot)
    end)
  end)

  describe("arithmetic", function()
    local a, b = vec3(1, 2, 3), vec3(4, 5, 6)

    it("adds, subtracts and negates into new vectors", function()
      assert.are.equal(vec3(5, 7, 9), a + b)
      assert.are.equal(vec3(-3, -3, -3), a - b)
      assert.are.equal(vec3(-1, -2, -3), -a)
      assert.are.equal(vec3(1, 2, 3), a)   -- operands unchanged
    end)

    it("scales with the number on either side", function()
      assert.are.equal(vec3(2, 4, 6), a * 2)
      assert.are.equal(vec3(2, 4, 6), 2 * a)
      assert.are.equal(vec3(0.5, 1, 1.5), a / 2)
    end)

    it("accepts a table as the other operand of + and -", function()
      assert.are.equal(vec3(2, 3, 4), a + {1, 1, 1})
      assert.are.equal(vec3(0, 1, 2), {1, 1, 1} - vec3(1, 0, -1))
    end)

    it("refuses vec3 * vec3 and number / vec3", function()
      assert.has_error(function() return a * b end,
        "cannot multiply two vec3 (use dot or cross)")
      assert.has_error(function() return 1 / a end,
        "cannot divide by a vec3 (only vec3 / number)")
    end)

    it("compares exactly", function()
      assert.is_true(vec3(1, 2, 3) == vec3(1, 2, 3))
      assert.is_false(vec3(1, 2, 3) == vec3(1, 2, 3 + 1e-15))
    end)
  end)

  describe("methods", function()
    it("dot, cross, length, length_squared", function()
      local a, b = vec3(1, 0, 0), vec3(0, 1, 0)
      assert.are.equal(0, a:dot(b))
      assert.are.equal(32, vec3(1, 2, 3):dot({4, 5, 6}))
      assert.are.equal(vec3(0, 0, 1), a:cross(b))
      assert.are.equal(5, vec3(3, 4):length())
      assert.are.equal(25, vec3(3, 4):length_squared())
    end)

    it("normalize gives a unit vector and keeps zero zero", function()
      local n = vec3(3, 0, 4):normalize()
      assert.are.equal(vec3(0.6, 0, 0.8), n)
      assert.are.equal(vec3(0, 0, 0), vec3():normalize())
    end)

    -- Issue 9: both backends turned this into zero (the squares underflow),
    -- although the core normalizes such vectors.
    it("normalize gives a unit vector for tiny and huge vectors too", function()
      local t = vec3(1e-170, 1e-170, 0):normalize()
      assert.is_true(math.abs(t:length() - 1) < 1e-15)
      assert.are.equal(t.x, t.y)
      local h = vec3(1e200, 0, 1e200):normalize()
      assert.is_true(math.abs(h:length() - 1) < 1e-15)
      assert.are.equal(vec3(0, 1, 0), vec3(0, 1e-300, 0):normalize())
    end)

    it("clone copies and set writes in place", function()
      local v = vec3(1, 2, 3)
      local c = v:clone()
      assert.are_not.equal(rawequal(c, v), true)
      local r = v:set(4, 5, 6)
      assert.is_true(rawequal(r, v))
      assert.are.equal(vec3(4, 5, 6), v)
      assert.are.equal(vec3(1, 2, 3), c)
    end)

    it("names the bad self and the bad argument", function()
      local v = vec3(1, 2, 3)
      assert.has_error(function() v.dot({}, v) end,
        "calling 'dot' on bad self (vec3 expected, got table)")
      assert.has_error(function() v:dot(nil) end,
        "bad argument #1 to 'dot' (vec3 expected, got nil)")
      assert.has_error(function() v:set(1) end,
        "bad argument #2 to 'set' (number expected, got nil)")
    end)
  end)

  describe("tostring", function()
    it("prints the same on every Lua version", function()
      assert.are.equal("vec3(1, 2, 3)", tostring(vec3(1, 2, 3)))
      assert.are.equal("vec3(0.5, -2.25, 1e+20)", tostring(vec3(0.5, -2.25, 1e20)))
    end)
  end)

  describe("tables in place of vectors", function()
    it("accepts {x, y [, z]} and {x =, y = [, z =]}", function()
      local v = vec3(1, 2, 3)
      assert.are.equal(14, v:dot({1, 2, 3}))
      assert.are.equal(5, v:dot({1, 2}))
      assert.are.equal(14, v:dot({x = 1, y = 2, z = 3}))
      assert.are.equal(5, v:dot({x = 1, y = 2}))
    end)

    it("names the malformed field", function()
      local v = vec3(1, 2, 3)
      assert.has_error(function() v:dot({1}) end,
        "bad argument #1 to 'dot' (vec3 expected, got table with non-number y)")
      assert.has_error(function() v:dot({x = "1", y = 2}) end,
        "bad argument #1 to 'dot' (vec3 expected, got table with non-number x)")
      assert.has_error(function() v:dot({1, 2, "3"}) end,
        "bad argument #1 to 'dot' (vec3 expected, got table with non-number z)")
    end)
  end)
end)
