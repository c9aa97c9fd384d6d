-- Every call that reads a table as a vector, a rotation or a list of
-- points, answering as alone while the same calls with other tables run
-- in the middle of it (a finalizer's, or a hook's): on every backend. (A
-- file of its own: spec/untrusted_ffi_spec.lua's finalizer that raises
-- in filtered queries counts on collector cycles that a larger file's
-- heap made rarer.)

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read)
local assert, collectgarbage, debug, error = assert, collectgarbage, debug, error
local pcall, select = pcall, select
local table, tostring, type = table, tostring, type
local collide = require "collide"
local size = dofile("spec/support/size.lua")
local V = collide.vec3

local unpack = table.unpack or unpack -- luacheck: ignore 143
local function pack(...) return { n = select("#", ...), ... } end

local function show(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
  return table.concat(parts, " | ")
end

-- (garbage whose finalizer runs f; f with the JIT off)
local collector = require "spec.support.collector"
local finalized, interpreted = collector.finalized, collector.interpreted

-- Every call that reads a table as a vector, a rotation or a list of
-- points, made by the main code with one set of tables while finalizers
-- make the same calls with others. The FFI backend reads such tables into
-- scratch shared by the Lua state (ffi.lua, GEN) and runs a call again
-- when a finalizer's call came in between: a call that wrote a scratch
-- without counting, or read one after a point where a finalizer can run
-- without looking, answered with the finalizer's numbers (collide.convex_box
-- made a box of a finalizer's extents; test_sphere_sphere's hit went
-- unchecked). A finalizer runs at any allocation, and on LuaJIT at any exit
-- of compiled code; here a count hook also takes a collector step every
-- few instructions, so that finalizers run between any two (on LuaJIT the
-- hook keeps the code interpreted: the second pass, without it, runs the
-- same loop compiled, under a collector that never pauses).
describe("calls that read tables, while finalizers make the same calls with others", function()
  local nan = 0 / 0
  -- Each case: a function of the variant k (1: the main code's tables, 2:
  -- a finalizer's) returning a few numbers, booleans or strings.
  local function cases()
    local box = collide.convex_box(V(1, 1, 1))
    local pl = collide.plane(V(0, 1, 0), -2)
    local w = collide.world()
    for i = 1, 10 do w:add_sphere(V(i, 0, 0), 0.5) end
    local poly_id = w:add_polygon({ { 0, 5, 0 }, { 4, 5, 0 }, { 4, 5, 4 } })
    local tri_id = w:add_polygon({ { 0, 6, 0 }, { 9, 6, 0 }, { 0, 6, 9 }, { -1, 6, 2 } })
    local hull_id = w:add_convex(collide.convex_box(V(1, 2, 3)), V(20, 0, 0), 0.5)
    local hull2_id = w:add_convex(box, V(30, 0, 0), { w = 1, x = 0, y = 0, z = 0 })
    -- (the worlds changed by the calls: one per variant, as a finalizer's
    -- change to a world that is running a method is an error)
    local cw = { collide.world(), collide.world() }
    local T = {
      -- per variant: a, b, far, origin, point lists
      { a = { 1, 2, 3 }, b = { x = 10, y = 20, z = 30 }, far = { 100, 0, 0 },
        o = { 0, 0, 0 }, up = { 0, 1, 0 }, e = { 1, 2, 3 }, q = { w = 1, x = 0, y = 0, z = 0 },
        tri = { { 0, 0, 0 }, { 4, 0, 0 }, { 0, 4, 0 } },
        quad = { { 0, 0, 0 }, { 2, 0, 0 }, { 2, 2, 0 }, { 0, 2, 0 } },
        tetra = { { 0, 0, 0 }, { 4, 0, 0 }, { 0, 4, 0 }, { 0, 0, 4 },
                  { 0.1, 0.1, 0.1 }, { 0.2, 0.1, 0.1 } },
        neg = -nan, pos = nan },
      { a = { 7, 7, 7 }, b = { x = -7, y = -7, z = -7 }, far = { 0, 0, 0 },
        o = { 0.25, 0, 0 }, up = { 1, 0, 0 }, e = { 7, 7, 7 },
        q = { w = 0, x = 0, y = 0, z = 1 },
        tri = { { 9, 9, 9 }, { 1, 9, 9 }, { 9, 1, 9 } },
        quad = { { 0, 0, 0 }, { 5, 0, 0 }, { 5, 5, 0 }, { 2, 7, 0 }, { 0, 5, 0 } },
        tetra = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 1, 1 },
                  { 1, 1, 0 }, { 0, 1, 1 }, { 1, 0, 1 } },
        neg = nan, pos = -nan },
    }
    local list = {
      function(k) local s = V(1, 2, 3) + T[k].b return s.x, s.y, s.z end,
      function(k) local s = T[k].a - V(1, 2, 3) return s.x, s.y, s.z end,
      function(k) return V(1, 0, 0):dot(T[k].a) end,
      function(k) local r = V(0, 0, 1):cross(T[k].a) return r.x, r.y, r.z end,
      function(k) local r = collide.lerp(T[k].a, T[k].b, 0.5) return r.x, r.y, r.z end,
      function(k) local r = collide.reflect(T[k].a, T[k].up) return r.x, r.y, r.z end,
      function(k) local r = collide.slide(T[k].a, T[k].up) return r.x, r.y, r.z end,
      function(k) local p = collide.plane(T[k].up, 2) return p.normal.y, p.d end,
      function(k)
        local p = collide.plane_from_point_normal(T[k].a, T[k].up)
        return p.normal.x, p.normal.y, p.d
      end,
      function(k)
        local p = collide.plane_from_points(T[k].tri[1], T[k].tri[2], T[k].tri[3])
        return p.normal.z, p.d
      end,
      function(k) return pl:distance(T[k].a) end,
      function(k)
        local hit, u, p, n = collide.raycast_sphere({ -5, 0, 0 }, { 5, 0, 0 }, T[k].o, 1)
        return hit, u, p and p.x, n and n.x
      end,
      function(k)
        return collide.sweep_sphere_sphere(0.5, { -5, 0, 0 }, { 5, 0, 0 }, 0.5, T[k].o, T[k].o)
      end,
      -- a miss (far from the origin) whose finalizer's call is a hit
      function(k) return collide.test_sphere_sphere(1, T[k].far, T[k].far, 1, T[k].o, T[k].o) end,
      function(k)
        local hit, u0, u1, n = collide.sweep_aabb_aabb(T[k].e, { -20, 0, 0 }, { 20, 0, 0 },
                                                       { 1, 1, 1 }, T[k].o, T[k].o)
        return hit, u0, u1, n and n.x
      end,
      function(k)
        local hit, u, p = collide.sweep_convex_sphere(box, T[k].q, { -20, 0, 0 }, { 20, 0, 0 },
                                                      T[k].o, 1)
        return hit, u, p and p.x
      end,
      function(k) local B = collide.convex_box(T[k].e) return B.radius, #B end,
      function(k) local A = collide.convex(T[k].tetra) return #A, A.radius end,
      function(k) local p = collide.polygon(T[k].quad) return #p, p.plane.d end,
      function(k) return tostring(V(T[k].neg, T[k].pos, 1)) end,
      function(k)
        local hit, u, _, _, _, id = w:sweep_sphere(0.5, { -5, 0.25, 0 }, T[k].b)
        return hit, u, id
      end,
      function(k)
        local hit, u, _, n, _, id = w:raycast(T[k].o, T[k].a)
        return hit, u, n and n.x, id
      end,
      function(k)
        local hit, u, _, _, _, id = w:sweep_convex(box, T[k].q, { -5, 0, 0 }, T[k].b)
        return hit, u, id
      end,
      function(k) return #w:overlap_aabb(T[k].a, { 2, 1, 1 }) end,
      function(k)
        local l = w:penetration_sphere(T[k].a, 1.5)
        return #l, l[1] and l[1].depth
      end,
      function(k) return select(2, w:candidates_aabb(T[k].e, T[k].o, T[k].a)) end,
      function(k) return #w:raycast_all(T[k].o, T[k].b) end,
      function(k)
        local out = w:raycast_many({ -5, 0, 0, 30, 0, 0, T[k].a[1], 9, 0, 5, -9, 0 })
        return out[1], out[2], out[9], out[10]
      end,
      function(k)
        local out = w:sweep_aabb_many(T[k].e, { -5, 0, 0, 30, 0, 0 })
        return out[1], out[2]
      end,
      function(k)
        local p, cs = w:move_sphere(0.5, { -5, 0, 0 }, T[k].b, { up = T[k].up })
        return p.x, p.y, #cs
      end,
      function(k)
        local kind, p = w:get(k == 1 and poly_id or tri_id)
        local vs = p:vertices()
        return kind, #p, vs[2].x, vs[3].z
      end,
      function(k)
        local kind, H, at, rot = w:get(k == 1 and hull_id or hull2_id)
        return kind, H.radius, at.x, type(rot) == "number" and rot or rot.w
      end,
      function(k)
        local out, n = collide.sweep_pairs(1, { T[k].o, T[k].a }, { T[k].o, T[k].b })
        return n, out[3]
      end,
      -- changes: each made and undone, so the next answers the same
      function(k)
        local c = cw[k]
        local id = c:add_sphere(T[k].a, 1)
        local _, at = c:get(id)
        c:set_velocity(id, T[k].b)
        local v = c:velocity(id)
        c:update(id, T[k].e, 2)
        local _, at2, r = c:get(id)
        c:remove(id)
        return at.x + at.y * 1000, v.z, at2.y + r * 1000
      end,
      function(k)
        local c = cw[k]
        local id = c:add_polygon(T[k].quad)
        local _, p = c:get(id)
        c:update(id, T[k].tri)
        local _, p2 = c:get(id)
        c:remove(id)
        return #p, #p2, p2.plane.d
      end,
      function(k)
        local c = cw[k]
        local id = c:add_convex(box, T[k].a, T[k].q)
        c:set_spin(id, T[k].q)
        local s = c:spin(id)
        local _, _, at = c:get(id)
        c:update(id, box, T[k].b, T[k].q)
        local _, _, at2 = c:get(id)
        c:remove(id)
        return s.w + s.z * 10, at.x, at2.z
      end,
      function(k)
        local c = cw[k]
        local first, last = c:add_mesh(T[k].tetra, { 1, 2, 3, 1, 2, 4 })
        local _, a, b = c:get(last)
        for id = first, last do c:remove(id) end
        return last - first, a.x + b.x * 10
      end,
    }
    return list
  end

  -- The cases' answers (variant 1) in a loop, each checked against its
  -- answer alone, while the other variant's calls run in between, one at
  -- a time, the cases in turn: from a chain of finalizers (each arms the
  -- next) under a collector that never pauses, and when hooked, from a
  -- count hook too, once in each call, n instructions into it in the n-th
  -- pass (a finalizer runs where that hook runs: between two instructions;
  -- one run by the collector waits for the end of a cycle, so the hook
  -- reaches every point of a call's first `calls` instructions where the
  -- collector would take thousands of cycles; once a call: a call
  -- interrupted again on each of its attempts would run again for ever).
  local function pass(list, hooked, calls)
    local ref = {}
    for i = 1, #list do ref[i] = pack(list[i](1)) end
    local got, j, armed, busy, wrong = 0, 0, true, false, {}
    -- (not nested: a finalizer run by the hook's call would change the
    -- world that call is reading, an error)
    local function other()
      if busy then return end
      busy = true
      got = got + 1
      j = j % #list + 1
      list[j](2)
      busy = false
    end
    -- (the hook that was set, put back after each call: the GC stress
    -- helper of `make check-gc` sets one on Lua 5.x)
    local hook, mask, count = debug.gethook()
    local function restore()
      if hook then debug.sethook(hook, mask, count) else debug.sethook() end
    end
    local function once()
      restore()
      other()
    end
    local function chain()
      if not armed then return end
      other()
      finalized(chain)
    end
    -- (a pause of 100: each cycle begins as the last ends. Not 0: Lua
    -- 5.3 then counts the whole heap as debt, and every allocation runs a
    -- whole cycle over what the suite holds, tens of MB. A full cycle now,
    -- which ends by setting the next one's start by the new pause: else it
    -- begins where the last, run with the old pause, set it, at twice the
    -- heap, past the end of this pass, and no finalizer ran)
    local pause = collectgarbage("setpause", 100)
    local stepmul = collectgarbage("setstepmul", 10000)
    collectgarbage()
    local ok, err = pcall(function()
      finalized(chain)
      for n = 1, calls do
        for i = 1, #list do
          if hooked then debug.sethook(once, "", n) end
          local a, b, c, d = list[i](1)
          if hooked then restore() end
          local r = ref[i]
          if a ~= r[1] or b ~= r[2] or c ~= r[3] or d ~= r[4] then
            if #wrong < 5 then
              wrong[#wrong + 1] = ("case %d, call %d: %s, alone %s"):format(
                i, n, show(a, b, c, d), show(unpack(r, 1, r.n)))
            end
          end
        end
      end
    end)
    restore()
    armed = false
    collectgarbage("setpause", pause)
    collectgarbage("setstepmul", stepmul)
    collectgarbage()
    if not ok then error(err, 0) end
    return got, wrong
  end

  it("answers each as alone, with calls run between any two instructions", function()
    -- (interpreted on LuaJIT: compiled code does not count instructions
    -- for the hook, and which parts of a call ran compiled varied)
    local got, wrong
    interpreted(function() got, wrong = pass(cases(), true, size.cases(300, 2000)) end)
    assert.is_true(got > 0)
    assert.are.same({}, wrong)
  end)

  it("answers each as alone, compiled, under a collector that never pauses", function()
    local got, wrong = pass(cases(), false, size.cases(400, 4000))
    assert.is_true(got > 0)
    assert.are.same({}, wrong)
  end)
end)
