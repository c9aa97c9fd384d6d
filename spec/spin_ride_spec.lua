--[[ Standing on, riding and being pushed by a shape that w:set_spin turns:
     a platformer's rocking plank and a turntable, for every mover (box,
     ball, capsule, convex), with and without carry, snap, stop_on_slope.

     The referee does not use the library: where the plank is comes from
     the angle the spec gave it (w:get is only read for the angle the spin
     has brought it to, and checked against the spec's own sum), and how
     deep a mover is in it from the mover's support along the plank's top
     normal, by hand: a box's corners, a ball's centre less r, a capsule's
     two end centres less r, a convex mover's corners. The mover stays over
     the plank's middle (checked), so its top face is the only one it can
     be in. ]]
-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, tostring = assert, ipairs, math, tostring
local collide = require "collide"
local vec3 = collide.vec3
local size = dofile("spec/support/size.lua")

local HW, HT = 2.2, 0.2                 -- the plank's half-length and half-thickness
local FRAMES = size.cases(2, 4)         -- rocking periods run
local G, DT = 30, 1 / 60

-- The movers, each as a world shape at pos, and its support along the
-- unit direction (nx, ny, nz) from its centre, by hand.
local PENTAGON = { { -0.4, -0.5 }, { 0.4, -0.5 }, { 0.5, 0.2 }, { 0, 0.7 }, { -0.5, 0.2 } }
local MOVERS = {
  box = {
    foot = 0.7,
    add = function(w, pos) return w:add_aabb(pos, vec3(0.4, 0.7, 0)) end,
    support = function(nx, ny) return math.abs(nx) * 0.4 + math.abs(ny) * 0.7 end,
  },
  ball = {
    foot = 0.5,
    add = function(w, pos) return w:add_sphere(pos, 0.5) end,
    support = function() return 0.5 end,
  },
  capsule = {
    foot = 0.7,
    add = function(w, pos) return w:add_capsule(pos - vec3(0, 0.4), pos + vec3(0, 0.4), 0.3) end,
    support = function(_, ny) return 0.3 + math.abs(ny) * 0.4 end,
  },
  convex = {
    foot = 0.5,
    add = function(w, pos)
      local pts = {}
      for i, p in ipairs(PENTAGON) do pts[i] = vec3(p[1], p[2]) end
      return w:add_convex(collide.convex(pts), pos, 0)
    end,
    support = function(nx, ny)
      local s = -math.huge
      for _, p in ipairs(PENTAGON) do s = math.max(s, -(nx * p[1] + ny * p[2])) end
      return s
    end,
  },
}
local KINDS = { "box", "ball", "capsule", "convex" }

--[[ The plank rocks by A sin(2 pi f / period) about its centre (the
     origin), turned each frame by w:set_spin to the next frame's angle;
     the mover starts 5 cm above it at x0 and falls onto it, fed back as
     the README says (velocity.y - g dt). Returns what the referee saw:
     the deepest the mover went into the plank (< 0: clear of it), the
     frames after landing it was not on the plank (ground.id), its place
     on the plank (the local x of its centre) each frame, and the end. ]]
local function rock(kind, o)
  local m = MOVERS[kind]
  local w = collide.world()
  local plank = w:add_convex(collide.convex_box(vec3(HW, HT, 0)), vec3(0, 0), 0)
  local pos = vec3(o.x0 or 1, HT + m.foot + 0.05)
  local id = m.add(w, pos)
  local vel = vec3(0, 0)
  local opts = { up = vec3(0, 1), snap = o.snap or 0.4, stop_on_slope = o.stop ~= false,
                 carry = o.carry ~= false }
  local period, amp = o.period, math.rad(o.degrees)
  local r = { deepest = -math.huge, airborne = 0, place = {}, landed = nil }
  for f = 1, o.frames or FRAMES * period do
    local angle = amp * math.sin(2 * math.pi * f / period)
    local _, _, _, now = w:get(plank)
    w:set_spin(plank, angle - now)
    local walk = o.walk and (math.floor(f / 40) % 2 == 0 and 1 or -1) or 0
    vel = vec3(walk, vel.y - G * DT)
    opts.velocity = vel
    local ground
    pos, _, _, vel, ground = w:move_shape(id, pos + vel * DT, opts)
    w:advance()
    local _, _, _, a = w:get(plank)
    assert.near(angle, a, 1e-12)
    local c, s = math.cos(a), math.sin(a)
    local nx, ny = -s, c                         -- the top face's normal
    local depth = HT - (nx * pos.x + ny * pos.y - m.support(nx, ny))
    if depth > r.deepest then r.deepest, r.worst_frame = depth, f end
    local on = ground ~= nil and ground.id == plank
    if on and not r.landed then r.landed = f end
    if r.landed and not on then r.airborne = r.airborne + 1 end
    r.place[f] = c * pos.x + s * pos.y
    -- (its bottom's centre, along the plank)
    assert.is_true(math.abs(c * pos.x + s * (pos.y - m.foot)) < HW - 0.45,
                   "off the plank's middle at frame " .. f)
  end
  r.pos = pos
  return r
end

-- The most the mover's place on the plank moved in a period, over the
-- periods after the first (the same angle, the same way: the geometry
-- takes it to the same place). Carried exactly (its touching point kept
-- where it is in the plank's frame) it moves only by what the skin does:
-- each frame gravity brings it down the skin to the face, which pushes
-- it there, a skin from the point carried. That is 1e-15 a period with
-- no gravity, 1.3e-9 a period for the default skin (7e-5 for these
-- movers), linear in the skin (1.8e-8 for a skin of 1e-3): DRIFT allows
-- 1e-8, so a rider on a see-saw keeps its place to 0.3 micrometres in a
-- minute. (It was 0.15 to 0.53 mm a period.)
local DRIFT = 1e-8
local function drift(r, period)
  local d = 0
  for f = period + 1, #r.place do
    if f - period > (r.landed or 0) + 10 then
      d = math.max(d, math.abs(r.place[f] - r.place[f - period]))
    end
  end
  return d
end

-- Whether the mover never went into the plank, and the message if it did.
local function clear(r)
  return r.deepest <= 1e-9, ("%.3g deep at frame %d"):format(r.deepest, r.worst_frame or 0)
end

local SCENES = {
  { name = "rocking +-30 deg in 2 s", period = 120, degrees = 30 },
  { name = "rocking +-40 deg in 1 s", period = 60, degrees = 40 },
}

describe("a mover on a plank turned by w:set_spin", function()
  for _, sc in ipairs(SCENES) do
    for _, kind in ipairs(KINDS) do
      describe(kind .. ", " .. sc.name, function()
        it("with carry: stands on it every frame, never in it, keeps its place", function()
          local r = rock(kind, { period = sc.period, degrees = sc.degrees })
          assert.is_true(r.landed ~= nil and r.landed <= 5,
                         "landed at frame " .. tostring(r.landed))
          assert.is_true(clear(r))
          assert.equal(0, r.airborne)
          local d = drift(r, sc.period)
          assert.is_true(d < DRIFT, ("drifts %.3g a period"):format(d))
        end)

        it("without carry, stop_on_slope: on it, never in it, never slides", function()
          local r = rock(kind, { period = sc.period, degrees = sc.degrees, carry = false })
          assert.is_true(clear(r))
          assert.equal(0, r.airborne)
          -- it is lifted and let down where it stands: its x never changes
          assert.near(1, r.pos.x, 1e-6)
        end)

        it("without stop_on_slope or snap: never in it, on it as it rocks", function()
          local r = rock(kind, { period = sc.period, degrees = sc.degrees, stop = false,
                                 snap = 0, x0 = 0.3 })
          assert.is_true(clear(r))
          assert.equal(0, r.airborne)
        end)

        it("walking to and fro on it: never in it, on it every frame", function()
          local r = rock(kind, { period = sc.period, degrees = sc.degrees, walk = true,
                                 x0 = 0 })
          assert.is_true(clear(r))
          assert.equal(0, r.airborne)
        end)
      end)
    end
  end
end)

--[[ A minute on a see-saw: 30 periods of the plank rocking +-30 degrees
     in 2 s, a box and a ball standing on it with carry (at the quick
     size 10 periods, 20 s, and the box only); its place on it at the end
     is where it was after the first period (the landing) to DRIFT a
     period. ]]
describe("a minute on a see-saw turned by w:set_spin", function()
  local periods = size.cases(10, 30)
  for _, kind in ipairs(size.full and { "box", "ball" } or { "box" }) do
    it(kind .. " does not creep along it", function()
      local r = rock(kind, { period = 120, degrees = 30, frames = periods * 120 })
      assert.equal(0, r.airborne)
      assert.is_true(clear(r))
      local moved = math.abs(r.place[periods * 120] - r.place[120])
      assert.is_true(moved < periods * DRIFT,
                     ("crept %.3g in %d s"):format(moved, 2 * periods))
    end)
  end
end)

--[[ A turntable: a level top turning about up (3D, a quaternion about y).
     A mover standing on it with carry goes round its circle with it, at
     the top's height; without carry it stays where it is. ]]
local function quat_y(a) return { w = math.cos(a / 2), x = 0, y = math.sin(a / 2), z = 0 } end

local MOVERS3 = {
  box = { foot = 0.5, add = function(w, p) return w:add_aabb(p, vec3(0.5, 0.5, 0.3)) end },
  ball = { foot = 0.4, add = function(w, p) return w:add_sphere(p, 0.4) end },
  capsule = { foot = 0.7, add = function(w, p)
    return w:add_capsule(p - vec3(0, 0.4, 0), p + vec3(0, 0.4, 0), 0.3) end },
  convex = { foot = 0.5, add = function(w, p)
    return w:add_convex(collide.convex_box(vec3(0.4, 0.5, 0.3)), p, quat_y(0.3)) end },
}

describe("a mover on a turntable turned by w:set_spin", function()
  for _, kind in ipairs(KINDS) do
    for _, carry in ipairs { true, false } do
      it(kind .. (carry and " with carry goes round with it" or " without carry stays"), function()
        local w = collide.world()
        local top = w:add_convex(collide.convex_box(vec3(3, 0.2, 3)), vec3(0, 0, 0), quat_y(0))
        local turn = 0.05
        w:set_spin(top, quat_y(turn))
        local m = MOVERS3[kind]
        local start = vec3(1.5, 0.2 + m.foot + 1e-5, 0.5)   -- (a skin: on it)
        local id = m.add(w, start)
        local pos, vel = start, vec3(0, 0, 0)
        local n = size.cases(60, 240)
        for f = 1, n do
          vel = vec3(0, vel.y - G * DT, 0)
          local ground
          pos, _, _, vel, ground = w:move_shape(id, pos + vel * DT,
            { up = vec3(0, 1, 0), snap = 0.2, carry = carry, velocity = vel })
          w:advance()
          assert.is_true(ground ~= nil and ground.id == top, "not on it at frame " .. f)
          -- by hand: the mover's bottom is at or above the top (y = 0.2)
          assert.is_true(pos.y - m.foot >= 0.2 - 1e-9, "in it at frame " .. f)
          assert.is_true(pos.y - m.foot <= 0.2 + 1e-3, "above it at frame " .. f)
        end
        -- where the turn takes the start: about y by n turn,
        -- (x, z) -> (x cos + z sin, -x sin + z cos)
        local a = carry and n * turn or 0
        local ex = start.x * math.cos(a) + start.z * math.sin(a)
        local ez = -start.x * math.sin(a) + start.z * math.cos(a)
        assert.near(ex, pos.x, 1e-6)
        assert.near(ez, pos.z, 1e-6)
      end)
    end
  end
end)

--[[ A 3D plank rocking about z (a quaternion), with a 3D box. ]]
describe("a box on a 3D plank rocked about z by a quaternion", function()
  it("stands on it every frame, never in it, and keeps its place", function()
    local w = collide.world()
    local plank = w:add_convex(collide.convex_box(vec3(HW, HT, 1)), vec3(0, 0, 0),
                               { w = 1, x = 0, y = 0, z = 0 })
    local e = vec3(0.4, 0.7, 0.4)
    local pos = vec3(1, HT + e.y + 0.05, 0.2)
    local id = w:add_aabb(pos, e)
    local vel, period, amp, cur = vec3(0, 0, 0), 120, math.rad(30), 0
    local opts = { up = vec3(0, 1, 0), snap = 0.4, stop_on_slope = true }
    local landed, place = nil, {}
    for f = 1, FRAMES * period do
      local angle = amp * math.sin(2 * math.pi * f / period)
      local d = angle - cur
      cur = angle
      w:set_spin(plank, { w = math.cos(d / 2), x = 0, y = 0, z = math.sin(d / 2) })
      vel = vec3(0, vel.y - G * DT, 0)
      opts.velocity = vel
      local _, ground
      pos, _, _, vel, ground = w:move_shape(id, pos + vel * DT, opts)
      w:advance()
      local c, s = math.cos(angle), math.sin(angle)
      local depth = HT - (-s * pos.x + c * pos.y - (math.abs(s) * e.x + math.abs(c) * e.y))
      assert.is_true(depth <= 1e-9, ("%.3g deep at frame %d"):format(depth, f))
      local on = ground ~= nil and ground.id == plank
      if on and not landed then landed = f end
      assert.is_true(not landed or on, "not on it at frame " .. f)
      assert.equal(0.2, pos.z)
      place[f] = c * pos.x + s * pos.y
      if f > period + 10 then
        assert.is_true(math.abs(place[f] - place[f - period]) < DRIFT, "drifted at frame " .. f)
      end
    end
  end)
end)
