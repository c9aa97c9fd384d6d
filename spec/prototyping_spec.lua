-- What a user typing at a REPL meets (issue 31): mistakes reported where
-- they are made, on every call and on every backend. (The options that need
-- `up` are in controller_spec.lua, "refuses the options that need up".)

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, pcall = assert, error, ipairs, math, pcall
local collide = require "collide"
local V = collide.vec3

local function fails(msg, f, ...)
  local ok, err = pcall(f, ...)
  assert.is_false(ok, "no error")
  assert.are.equal(msg, err)
end

describe("out-vectors", function()
  --   a sphere above the floor, moving 1 down: far from it, a miss
  --       o  y = 5
  --       o  y = 4
  --   ---------- y = 0
  local floor = collide.plane(V(0, 1, 0), 0)

  it("are checked on a miss as on a hit", function()
    fails("bad argument #5 to 'sweep_sphere_plane' (vec3 (out-vector) expected, got string)",
      collide.sweep_sphere_plane, 1, V(0, 5), V(0, 4), floor, "x")
    fails("bad argument #6 to 'sweep_sphere_plane' (vec3 (out-vector) expected, got table)",
      collide.sweep_sphere_plane, 1, V(0, 5), V(0, 4), floor, V(), {})
    -- the same call that hits
    fails("bad argument #5 to 'sweep_sphere_plane' (vec3 (out-vector) expected, got string)",
      collide.sweep_sphere_plane, 1, V(0, 5), V(0, -4), floor, "x")
    fails("bad argument #7 to 'sweep_sphere_triangle' (vec3 (out-vector) expected, got number)",
      collide.sweep_sphere_triangle, 1, V(0, 5), V(0, 4), V(0, 0), V(1, 0), V(0, 0, 1), 7)
    fails("bad argument #5 to 'raycast_aabb' (vec3 (out-vector) expected, got boolean)",
      collide.raycast_aabb, V(5, 5), V(6, 6), V(0, 0), V(1, 1), true)
    -- sweep_aabb_aabb's one out-vector (its normal)
    fails("bad argument #7 to 'sweep_aabb_aabb' (vec3 (out-vector) expected, got string)",
      collide.sweep_aabb_aabb, V(1, 1), V(9, 9), V(9, 8), V(1, 1), V(0, 0), V(0, 0), "n")
  end)

  it("are checked on a miss by the world's sweeps and rays", function()
    local w = collide.world()
    w:add_aabb(V(0, 0), V(10, 1))
    fails("bad argument #5 to 'sweep_sphere' (vec3 (out-vector) expected, got string)",
      w.sweep_sphere, w, 1, V(0, 30), V(1, 30), nil, "x")
    fails("bad argument #5 to 'sweep_sphere' (vec3 (out-vector) expected, got string)",
      w.sweep_sphere, w, 1, V(0, 30), V(1, 30), 1, "x")
    fails("bad argument #6 to 'sweep_sphere' (vec3 (out-vector) expected, got table)",
      w.sweep_sphere, w, 1, V(0, 30), V(1, 30), function() return true end, V(), {})
    fails("bad argument #4 to 'raycast' (vec3 (out-vector) expected, got string)",
      w.raycast, w, V(0, 30), V(1, 30), nil, "x")
    fails("bad argument #5 to 'sweep_aabb' (vec3 (out-vector) expected, got string)",
      w.sweep_aabb, w, V(1, 1), V(0, 30), V(1, 30), nil, "x")
    -- the filter's type is read before them, as the arguments' order says
    fails("bad argument #4 to 'sweep_sphere' (function or mask expected, got string)",
      w.sweep_sphere, w, 1, V(0, 30), V(1, 30), "f", "x")
    -- an unknown id has no velocity, but its out-vector is still checked
    fails("bad argument #2 to 'velocity' (vec3 (out-vector) expected, got string)",
      w.velocity, w, 99, "x")
    assert.is_nil(w:velocity(99, V()))
  end)

  it("given right, a miss returns false and leaves them as they were", function()
    local p, n = V(7, 7, 7), V(8, 8, 8)
    assert.is_false(collide.sweep_sphere_plane(1, V(0, 5), V(0, 4), floor, p, n))
    assert.are.equal(V(7, 7, 7), p)
    assert.are.equal(V(8, 8, 8), n)
  end)
end)

describe("collide.vec3", function()
  it("refuses an infinite component where the vector is made", function()
    fails("bad argument #1 to 'vec3' (number is infinite)", V, 1e400, 0)
    fails("bad argument #2 to 'vec3' (number is infinite)", V, 0, -math.huge)
    fails("bad argument #3 to 'vec3' (number is infinite)", V, 0, 0, math.huge)
    local v = V(1, 2, 3)
    fails("bad argument #2 to 'set' (number is infinite)", v.set, v, 0, math.huge)
    assert.are.equal(V(1, 2, 3), v)   -- (nothing written)
  end)

  it("still makes a NaN component (checked by the queries that see it)", function()
    local v = V(0 / 0, 0)
    assert.are_not.equal(v.x, v.x)
    fails("bad argument #2 to 'sweep_sphere_plane' (vec3 has a NaN component)",
      collide.sweep_sphere_plane, 1, v, V(0, 0), collide.plane(V(0, 1), 0))
  end)

  it("still makes huge and tiny ones (the query limit is the queries')", function()
    assert.are.equal(1e300, V(1e300, 0).x)
    assert.are.equal(5e-324, V(0, 5e-324).y)
  end)
end)

describe("an argument error's traceback", function()
  -- The frames above the user's line: the C API has one, the C function
  -- called; the FFI backend had 4 or 5 of ffi.lua (raise, argerror,
  -- typeerror, tovec) before it. Now at most the entry point itself.
  local THIS = debug.getinfo(1, "S").short_src
  local function frames_above_user(f)
    local _, tb = xpcall(f, debug.traceback)
    local lines, n = {}, 0
    for line in tb:gmatch("[^\n]+") do lines[#lines + 1] = line end
    assert.is_truthy(lines[2]:find("stack traceback", 1, true), tb)
    for i = 3, #lines do
      if lines[i]:find(THIS, 1, true) then return n, tb end
      n = n + 1
    end
    error("the user's line is not in the traceback:\n" .. tb)
  end

  it("starts at the entry point the user called", function()
    local plane = collide.plane(V(0, 1), 0)
    local w = collide.world()
    local cases = {
      function() local r = collide.sweep_sphere_plane(1, V(0, 5), "a", plane) return r end,
      function() local r = collide.sweep_sphere_triangle(-1, V(0, 5), V(0, 4), V(0, 0),
                                                          V(1, 0), V(0, 0, 1)) return r end,
      function() local r = V(1, "a") return r end,
      function() local r = V(1, 2) * V(1, 2) return r end,
      function() local r = w:sweep_sphere(1, V(0, 0), "b") return r end,
      function() local r = w:move_sphere(1, V(0, 0), V(1, 1), { respons = 1 }) return r end,
      function() local r = w:add_sphere(V(0, 0), -1) return r end,
    }
    for i, f in ipairs(cases) do
      local n, tb = frames_above_user(f)
      assert.is_true(n <= 2, "case " .. i .. ":\n" .. tb)
      assert.is_nil(tb:find("in function 'raise'", 1, true), tb)
      assert.is_nil(tb:find("in function 'argerror'", 1, true), tb)
      assert.is_nil(tb:find("in function 'typeerror'", 1, true), tb)
    end
  end)

  it("and its message names the user's line", function()
    local line = debug.getinfo(1, "l").currentline + 1
    local ok, err = pcall(function() local r = V(1, "a") return r end)
    assert.is_false(ok)
    assert.are.equal(THIS .. ":" .. line ..
                     ": bad argument #2 to 'vec3' (number expected, got string)", err)
  end)
end)
