-- hostile_turning_spec.lua -- what was added for shapes that turn (convex
-- shapes, rotations, spins, the convex movers, sensors that turn) and for
-- collide.bump, called the way a hostile mod calls them: extreme numbers
-- in every argument, callbacks and metamethods that change the world, run
-- other queries, raise, yield or collect garbage in the middle of a call.
-- Each outcome is an argument error that names the argument (or the
-- contract's documented error) or the answer the same call gives alone;
-- answers are judged by a scene written here (a scale by a power of two
-- is exact, so a tiny scene must answer as the same scene at size 1).
local collide = require "collide"
local size = require "spec.support.size"
local V = collide.vec3

local unpack = table.unpack or unpack -- luacheck: ignore 143

local function pack(...) return { n = select("#", ...), ... } end

-- ---- tiny hulls ------------------------------------------------------------

describe("a convex shape of tiny coordinates", function()
  -- A wedge pointing along +x, its tip the corner farthest from the frame's
  -- origin (s), scaled by s = 2^k: every number of its scene is the scene
  -- at size 1 times 2^k, exactly, so every u must be the same and every
  -- point the same times 2^k. (The radius was the square root of the
  -- largest squared corner length, which underflows: 0 for a hull of
  -- 1e-200, and 6e-6 short for 1e-160; the sphere sweeps and the overlaps
  -- ruled the hull out by that radius, and a spinning hull's box in the
  -- world was the ball of it.)
  local function wedge(s)
    return collide.convex { V(s, 0, 0), V(-s / 4, s / 4, 0), V(-s / 4, -s / 4, 0),
                            V(-s / 4, 0, s / 4) }
  end

  local function scene(s, spin)
    local w = collide.world()
    local id = w:add_convex(wedge(s), V(0, 0, 0), 0)
    if spin then w:set_spin(id, 0.001) end
    local out = {}
    for _, x0 in ipairs({ 0, 0.5, 0.9, 1 - 2 ^ -20 }) do
      local a, b = V(x0 * s, -s, 0.01 * s), V(x0 * s, s, 0.01 * s)
      out[#out + 1] = pack(w:raycast(a, b))
      out[#out + 1] = pack(w:sweep_sphere(0, a, b))
      out[#out + 1] = pack(w:sweep_sphere(s / 100, a, b))
      out[#out + 1] = pack(w:sweep_aabb(V(s / 100, s / 100, s / 100), a, b))
      out[#out + 1] = pack(#w:overlap_point(V(x0 * s, 0, 0.01 * s)))
    end
    return out
  end

  it("has the radius of the same hull at size 1, scaled", function()
    for _, k in ipairs({ -200, -500, -660, -700, -1000, 100 }) do
      local s = 2 ^ k
      assert.are.equal(s, wedge(s).radius)
    end
  end)

  it("answers every query as the same scene at size 1", function()
    for _, spin in ipairs({ false, true }) do
      local ref = scene(1, spin)
      for _, k in ipairs({ -500, -560, -700, -1000 }) do
        local s = 2 ^ k
        local got = scene(s, spin)
        for i, r in ipairs(ref) do
          local g = got[i]
          assert(g.n == r.n and g[1] == r[1],
                 ("2^%d, spin %s, query %d: %s, at size 1 %s"):format(
                   k, tostring(spin), i, tostring(g[1]), tostring(r[1])))
          if r[1] == true then   -- (to rounding: the box sweep is not rescaled)
            assert(math.abs(g[2] - r[2]) <= 1e-12, "u")
            assert((g[4] - r[4]):length() <= 1e-12, "normal")
            assert((g[3] / s - r[3]):length() <= 1e-12, "point")
          end
        end
      end
    end
  end)
end)

describe("a world given as a rotation", function()
  -- (the FFI backend's world is a table, read as a quaternion with no
  -- field w; the C API's, a userdata, is no rotation: now both are)
  it("is a type error on every backend", function()
    local w = collide.world()
    local box = collide.convex_box(V(1, 1, 1))
    local function msg(n, name)
      return ("bad argument #%d to '%s' (rotation (angle or quaternion) expected, got world)")
             :format(n, name)
    end
    local function fails(m, f, ...)
      local ok, err = pcall(f, ...)
      assert.is_false(ok)
      assert.are.equal(m, err)
    end
    fails(msg(2, "sweep_convex_sphere"), collide.sweep_convex_sphere, box, w, V(-5, 0, 0),
          V(5, 0, 0), V(0, 0, 0), 1)
    fails(msg(3, "sweep_convex_turning"), collide.sweep_convex_turning, box, 0, w, V(-5, 0, 0),
          V(5, 0, 0), box, 0, V(0, 0, 0))
    fails(msg(3, "add_convex"), w.add_convex, w, box, V(0, 0, 0), w)
    fails(msg(2, "sweep_convex"), w.sweep_convex, w, box, w, V(-5, 0, 0), V(5, 0, 0))
    fails(msg(2, "move_convex"), w.move_convex, w, box, w, V(-5, 0, 0), V(5, 0, 0))
    local id = w:add_convex(box, V(0, 0, 0), 0)
    fails(msg(2, "set_spin"), w.set_spin, w, id, w)
    fails(msg(4, "update"), w.update, w, id, box, V(0, 0, 0), w)
  end)
end)

-- ---- finalizers ------------------------------------------------------------

-- Runs f from a finalizer, again and again while armed[1] (each run arms
-- the next): so a collection in the middle of any call runs it.
local function finalizer_chain(f, armed)
  local function arm()
    local mt = { __gc = function()
      if not armed[1] then return end
      f()
      arm()
    end }
    if newproxy then   -- luacheck: ignore 113
      local p = newproxy(true)   -- luacheck: ignore 113
      getmetatable(p).__gc = mt.__gc
    else
      setmetatable({}, mt)
    end
  end
  arm()
end

describe("convex shapes made while a finalizer makes others", function()
  -- On the FFI backend collide.convex read its points into an array of the
  -- module and collide.convex_box a table's extents into a scratch vector,
  -- then allocated the hull's block, which can run a finalizer: one that
  -- made a convex shape too left its points there, and the first shape
  -- was built from them (a wrong hull, or none: 0 vertices). w:get read a
  -- convex shape's rotation from the world's scratch record after copying
  -- the hull, so another shape's rotation when a finalizer had called get.
  it("builds each from its own arguments, and w:get gives each its own rotation", function()
    local w = collide.world()
    local id1 = w:add_convex(collide.convex_box(V(1, 2, 3)), V(1, 2, 3), 0.25)
    local id2 = w:add_convex(collide.convex_box(V(4, 4, 4)), V(7, 8, 9),
                             { w = 0, x = 1, y = 0, z = 0 })
    local cube = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 },
                   { 0, 0, 1 }, { 1, 0, 1 }, { 0, 1, 1 }, { 1, 1, 1 } }
    -- a tetrahedron with four points inside: 4 corners, where the cube's
    -- first 8 points have 8 (so more bytes than the block made for 4)
    local tetra = { { 0, 0, 0 }, { 4, 0, 0 }, { 0, 4, 0 }, { 0, 0, 4 },
                    { 0.1, 0.1, 0.1 }, { 0.2, 0.1, 0.1 }, { 0.1, 0.2, 0.1 }, { 0.1, 0.1, 0.2 } }
    local armed, runs = { true }, 0
    finalizer_chain(function()
      runs = runs + 1
      collide.convex(cube)
      collide.convex_box({ 7, 7, 7 })
      w:get(id2)
    end, armed)
    local pause = collectgarbage("setpause", 0)
    local stepmul = collectgarbage("setstepmul", 100000)
    -- (at least 50 calls, and on until finalizers have run 5 times, 20
    -- at the full size: each call runs whole collector cycles)
    local wrong, calls = {}, 0
    local want_runs, max_calls = size.cases(5, 20), size.cases(200, 2000)
    while calls < 50 or (runs < want_runs and calls < max_calls) do
      calls = calls + 1
      local A = collide.convex(tetra)
      local vs = A:vertices()
      if not (#vs == 4 and vs[2].x == 4 and vs[3].y == 4 and vs[4].z == 4) then
        wrong[#wrong + 1] = "convex: " .. tostring(A)
      end
      local B = collide.convex_box({ 1, 2, 3 })
      local c = B:vertices()[1]
      if not (math.abs(c.x) == 1 and math.abs(c.y) == 2 and math.abs(c.z) == 3) then
        wrong[#wrong + 1] = "convex_box: a corner at " .. tostring(c)
      end
      local _, H, pos, rot = w:get(id1)
      if not (rot == 0.25 and pos == V(1, 2, 3) and #H == 8 and H.radius == math.sqrt(14)) then
        wrong[#wrong + 1] = "get: rotation " .. tostring(rot)
      end
    end
    armed[1] = false
    collectgarbage("setpause", pause)
    collectgarbage("setstepmul", stepmul)
    collectgarbage()
    assert.are.same({}, { unpack(wrong, 1, math.min(#wrong, 3)) })
  end)
end)

-- LuaJIT's lua_close runs the finalizers in rounds and unloads the C
-- libraries in the first: a world made by a finalizer then was finalized
-- in the next round by the C API's __gc in an unloaded object (a
-- segmentation fault at exit). The object now stays loaded. Run in a child
-- process of the same VM (and backend: COLLIDE_BACKEND is inherited).
describe("a finalizer that makes worlds when the Lua state closes", function()
  local vm = rawget(_G, "arg") and arg[-1]
  local run = vm and io.popen and it or pending
  run("crashes nothing", function()
    local script = [[
      package.path = %q
      package.cpath = %q
      local c = require "collide"
      local box = c.convex_box(c.vec3(1, 1, 1))
      local function fin()
        local w = c.world()
        local id = w:add_convex(box, c.vec3(0, 0, 0), 0.5)
        w:set_spin(id, 0.25)
        w:advance()
        _G.again = w
      end
      for i = 1, 20 do
        if newproxy then
          local u = newproxy(true)
          getmetatable(u).__gc = fin
          _G["keep" .. i] = u
        else
          _G["keep" .. i] = setmetatable({}, { __gc = fin })
        end
      end
      io.write("end\n") io.flush()
    ]]
    -- (Lua 5.4 calls no finalizer of an object made while the state
    -- closes, by design, so those worlds' memory is never freed: under
    -- make check-asan the child's leak check is off)
    local f = io.popen(("ASAN_OPTIONS=\"$ASAN_OPTIONS:detect_leaks=0\" %s -e %q 2>&1; " ..
                        "echo rc=$?"):format(vm, script:format(package.path, package.cpath)))
    local out = f:read("*a")
    f:close()
    assert.are.equal("end\nrc=0\n", out)
  end)
end)

-- ---- collide.bump -----------------------------------------------------------

describe("collide.bump with coordinates past collide's limit", function()
  -- (they were collide's errors: "bad argument #1 to 'add_aabb' (vec3
  -- component too large (limit 1e+50))", at a line of bump.lua)
  local bump = require "collide.bump"
  local RANGE = "%-1%.25e%+49 %.%. 1%.25e%+49"
  local function fails(pattern, f, ...)
    local ok, err = pcall(f, ...)
    assert.is_false(ok)
    assert.matches("^" .. pattern .. "$", err)
  end

  it("names the rectangle's number and the argument, at the game's line", function()
    local world = bump.newWorld()
    local a = {}
    world:add(a, 0, 0, 1, 1)
    local here = "spec/hostile_turning_spec.lua:%d+: "
    fails(here .. "x must be a number within " .. RANGE .. ", but was 1e%+60%(a number%)",
          function() world:add({}, 1e60, 0, 1, 1) end)
    fails(here .. "x %+ w must be a number within " .. RANGE ..
          ", but was 2e%+49%(a number%)", function() world:add({}, 1e49, 0, 1e49, 1) end)
    fails(here .. "y must be a number within " .. RANGE .. ", but was %-1e%+50%(a number%)",
          function() world:update(a, 0, -1e50) end)
    fails(here .. "x must be a number within " .. RANGE .. ", but was 1e%+60%(a number%)",
          function() world:queryRect(1e60, 0, 1, 1) end)
    fails(here .. "bad argument #2 to 'move' %(number within " .. RANGE ..
          " expected, got 1e%+60%)", function() world:move(a, 1e60, 0) end)
    fails(here .. "bad argument #3 to 'check' %(number within " .. RANGE ..
          " expected, got %-1e%+60%)", function() world:check(a, 0, -1e60) end)
    fails(here .. "bad argument #6 to 'project' %(number within " .. RANGE ..
          " expected, got 1e%+60%)", function() world:project(a, 0, 0, 1, 1, 1e60, 0) end)
    fails(here .. "bad argument #1 to 'queryPoint' %(number within " .. RANGE ..
          " expected, got 1e%+60%)", function() world:queryPoint(1e60, 0) end)
    fails(here .. "bad argument #4 to 'querySegment' %(number within " .. RANGE ..
          " expected, got 1e%+300%)", function() world:querySegment(0, 0, 1, 1e300) end)
    -- (the grid's arithmetic takes any finite number)
    assert.are.equal(1e60 / 64 + 1, (world:toCell(1e60, 0)))
    -- the world is unchanged
    assert.are.same({ 0, 0, 1, 1 }, { world:getRect(a) })
    assert.are.equal(1, world:countItems())
  end)

  it("moves and bounces within the limit without an error", function()
    -- an item at one end of the range bouncing to the other and back: every
    -- box swept stays within collide's limit
    local L = collide.max_coord / 8
    local world = bump.newWorld()
    local a, wall = {}, {}
    world:add(wall, L - 1e48, -L, 1e48, 2 * L)
    world:add(a, -L, 0, 1e48, 1e48)
    local x, y, cols, len = world:move(a, L - 1e48, 0, function() return "bounce" end)
    assert.are.equal(1, len)
    assert.are.equal(wall, cols[1].other)
    assert(x >= -L and x <= L and y == 0, tostring(x))
  end)
end)

describe("collide.bump with a response that returns garbage", function()
  -- (a cols[1] that was no collision was "attempt to index a number value
  -- (local 'col')" inside the move; a NaN goal the error of World:move's
  -- update)
  local bump = require "collide.bump"
  it("names the response and what is wrong, and leaves the item where it was", function()
    local world = bump.newWorld()
    local a, b = {}, {}
    world:add(b, 10, 0, 5, 5)
    world:add(a, 0, 0, 5, 5)
    local cases = {
      { { 0 / 0, 0 }, "goalX, goalY within %-1%.25e%+49 %.%. 1%.25e%+49 %(got %-?nan, 0%)" },
      { { 1e60, 0 }, "goalX, goalY within %-1%.25e%+49 %.%. 1%.25e%+49 %(got 1e%+60, 0%)" },
      { { 5, 0, {}, "3" }, "goalX, goalY, cols, len %(len is a string%)" },
      { { 5, 0, { 5 }, 1 }, "goalX, goalY, cols, len %(cols%[1%] is no collision: number%)" },
      { { 5, 0, nil, 2 }, "goalX, goalY, cols, len %(cols%[1%] is no collision: nil%)" },
      { { 5, 0, { {} }, 1 }, "goalX, goalY, cols, len %(cols%[1%] is no collision: no other%)" },
    }
    for i, c in ipairs(cases) do
      local ret = c[1]
      world:addResponse("r" .. i, function() return ret[1], ret[2], ret[3], ret[4] end)
      for _, method in ipairs({ "move", "check" }) do
        local ok, err = pcall(world[method], world, a, 20, 0, function() return "r" .. i end)
        assert.is_false(ok)
        assert.matches("response 'r" .. i .. "' must return " .. c[2] .. "$", err)
        assert.are.same({ 0, 0, 5, 5 }, { world:getRect(a) })
      end
    end
    -- and a response that returns no collision ends the move at its goal
    world:addResponse("stop", function() return 5, 0, {}, 0 end)
    local x, y = world:move(a, 20, 0, function() return "stop" end)
    assert.are.same({ 5, 0, 5, 0, 5, 5 }, { x, y, world:getRect(a) })
  end)
end)
