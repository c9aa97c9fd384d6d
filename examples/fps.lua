--- A first-person controller on collide, in plain Lua: a capsule walking a
-- level made of triangle meshes -- stairs, a 20 degree and a 50 degree
-- ramp, walls, a corridor with a corner -- and bullets as rays.
--
--     lua examples/fps.lua          (from the repository root, after `make`;
--                                    make fps-example runs it on Lua 5.4 and LuaJIT)
--
-- The controller is `Player:step`: the input becomes a velocity, gravity
-- is added, and one w:move_capsule call does the rest -- stepping up the
-- stairs (step_height), staying on the ground going down them (snap),
-- standing still on the ramp (stop_on_slope), not climbing the steep one
-- (steep_as_wall), sliding along walls and into the corner. NPCs are the
-- same capsules, as shapes of the world moved by w:move_shape: the player
-- and bullets meet them where they are. Then it plays what a player would
-- do and checks what a player expects; it exits with a failure if any
-- check does not hold.

package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
local collide = require "collide"
local V = collide.vec3

local UP = V(0, 1, 0)
local DT = 1 / 60
local GRAVITY, WALK, JUMP = 20, 5, 6

---------------------------------------------------------------- the level

-- Every solid is added as triangles (w:add_mesh), as a level loaded from
-- a model file would be.
local w = collide.world()

-- The 12 triangles of a box between lo and hi.
local function box(lo, hi, data)
  local x0, y0, z0, x1, y1, z1 = lo.x, lo.y, lo.z, hi.x, hi.y, hi.z
  local v = { V(x0, y0, z0), V(x1, y0, z0), V(x1, y1, z0), V(x0, y1, z0),
              V(x0, y0, z1), V(x1, y0, z1), V(x1, y1, z1), V(x0, y1, z1) }
  local quads = { { 1, 2, 3, 4 }, { 5, 8, 7, 6 }, { 1, 5, 6, 2 }, { 4, 3, 7, 8 },
                  { 1, 4, 8, 5 }, { 2, 6, 7, 3 } }
  local ix = {}
  for _, q in ipairs(quads) do
    for _, k in ipairs({ q[1], q[2], q[3], q[1], q[3], q[4] }) do ix[#ix + 1] = k end
  end
  return w:add_mesh(v, ix, data)
end

-- A ramp rising along +x from (x0, 0) at `deg` degrees to height h,
-- `width` wide around z: its slope and its two sides.
local function ramp(x0, z, deg, h, width, data)
  local x1 = x0 + h / math.tan(math.rad(deg))
  local z0, z1 = z - width / 2, z + width / 2
  local v = { V(x0, 0, z0), V(x1, h, z0), V(x1, h, z1), V(x0, 0, z1),
              V(x1, 0, z0), V(x1, 0, z1) }
  w:add_mesh(v, { 1, 2, 3, 1, 3, 4, 1, 5, 2, 4, 3, 6 }, data)
  return x1
end

box(V(-30, -1, -30), V(40, 0, 40), "floor")
-- lane z = 0: six stairs of 25 cm up to a landing at 1.5 m
local STEP_H, STEP_D = 0.25, 0.4
for i = 1, 6 do
  box(V(5 + (i - 1) * STEP_D, 0, -1.5), V(5 + i * STEP_D, i * STEP_H, 1.5), "stairs")
end
box(V(5 + 6 * STEP_D, 0, -1.5), V(14, 1.5, 1.5), "landing")
-- lane z = 6: a 20 degree ramp up to 1.5 m; lane z = -6: a 50 degree one
local top20 = ramp(5, 6, 20, 1.5, 3, "ramp20")
box(V(top20, 0, 4.5), V(top20 + 4, 1.5, 7.5), "ramp20 top")
ramp(5, -6, 50, 1.5, 3, "ramp50")
-- a wall at x = -10, and an L-shaped corridor: along +x between z = 13
-- and 15, then turning to +z between x = 8 and 10, closed at z = 22
box(V(-11, 0, -20), V(-10, 3, 20), "wall")
box(V(-5, 0, 12), V(11, 3, 13), "corridor")     -- south wall
box(V(-5, 0, 15), V(8, 3, 16), "corridor")      -- north wall, to the turn
box(V(7, 0, 16), V(8, 3, 22), "corridor")       -- west wall of the turn
box(V(10, 0, 12), V(11, 3, 23), "corridor")     -- east wall
box(V(7, 0, 22), V(11, 3, 23), "corridor")      -- the end
-- a lift (2 x 2 m, 20 cm high) at x = -7, z = -3, and a sliding wall
-- at x = -9, z = -9; both still but in their scene
local LIFT = { box(V(-8, 0, -4), V(-6, 0.2, -2), "lift") }
local DOOR = { box(V(-9.4, 0, -11), V(-9, 3, -7), "door") }

---------------------------------------------------------------- the player

local R, AXIS = 0.3, V(0, 0.6, 0)     -- 1.8 m tall, 0.6 m wide
local STAND = R + AXIS.y              -- centre height above the ground

local Player = {}
Player.__index = Player

function Player.new(at)
  local self = setmetatable({ pos = at, vel = V(0, 0, 0), grounded = false }, Player)
  self.options = { up = UP, max_slope = math.rad(45), step_height = 0.3, snap = 0.3,
                   stop_on_slope = true, steep_as_wall = true, velocity = self.vel }
  return self
end

--- One frame: wish is the horizontal direction the player walks (or nil),
-- speed its multiple of the walking speed.
function Player:step(wish, jump, speed)
  local v = wish and wish:normalize() * WALK * (speed or 1) or V(0, 0, 0)
  local vy = self.vel.y - GRAVITY * DT
  if jump and self.grounded then vy = JUMP end
  local vel = V(v.x, vy, v.z)
  self.options.velocity = vel
  self.pos, self.contacts, self.grounded, self.vel, self.ground =
    self:move(self.pos + vel * DT)
end

--- The move itself: the player's capsule from where it is toward `to`.
function Player:move(to)
  return w:move_capsule(R, AXIS, self.pos, to, self.options)
end

--- A bullet from the eye along dir, 100 m: what it hits first.
function Player:shoot(dir)
  local eye = self.pos + AXIS
  local hit, u, point, normal, _, id = w:raycast(eye, eye + dir:normalize() * 100)
  if hit then return id, u * 100, point, normal end
end

---------------------------------------------------------------- the NPCs

-- An NPC walks as the player does (NPC:step is Player:step), but its
-- capsule is a shape of the world (data "npc"), moved by w:move_shape: the
-- player's moves, the bullets and the other NPCs meet it where it is, and
-- its own move ignores it.
local NPC = setmetatable({}, { __index = Player })
NPC.__index = NPC

function NPC.new(at)
  local self = setmetatable(Player.new(at), NPC)
  self.id = w:add_capsule(at - AXIS, at + AXIS, R, "npc")
  return self
end

function NPC:move(to)
  return w:move_shape(self.id, to, self.options)
end

function NPC:remove()
  w:remove(self.id)
end

---------------------------------------------------------------- the checks

local failures, checks = {}, 0
local function check(ok, what)
  checks = checks + 1
  if not ok then failures[#failures + 1] = what end
  return ok
end

-- Every frame of every walk: the capsule is inside nothing (shrunk by a
-- rounding margin).
local inside = 0
local TRACE = os.getenv("FPS_TRACE")   -- a scene's name: print its frames
local function walk(p, frames, wish, opts)
  opts = opts or {}
  for f = 1, frames do
    local before = p.pos
    p:step(type(wish) == "function" and wish(f) or wish, opts.jump and opts.jump(f), opts.speed)
    if opts.advance then w:advance() end   -- shapes that move: to the frame's end
    local ids = w:overlap_capsule(p.pos - AXIS, p.pos + AXIS, R * (1 - 1e-6))
    if #ids > 0 then
      inside = inside + 1
      check(false, ("%s: frame %d inside %s"):format(opts.name, f, w:data(ids[1])))
    end
    if TRACE and opts.name and opts.name:find(TRACE, 1, true) then
      print(f, p.pos, p.vel, p.grounded, p.ground and w:data(p.ground.id), #p.contacts)
    end
    if opts.each then opts.each(f, p, before) end
  end
  return p
end

local function scene(name, fn)
  local n = #failures
  fn(name)
  print(("%-58s %s"):format(name, #failures == n and "ok" or "FAILED"))
end

scene("walks up the stairs, grounded every frame", function(name)
  -- 130 frames at 5 m/s: 10.8 m, from x = 2 onto the landing (which ends
  -- at x = 14); the stairs cost no more time than the flat
  local p = Player.new(V(2, STAND + 0.01, 0))
  walk(p, 130, V(1, 0, 0), { name = name, each = function(f, q, before)
    if f > 5 then
      check(q.grounded, name .. ": not grounded at frame " .. f)
      check(q.pos.y >= before.y - 1e-9, name .. ": went down at frame " .. f)
    end
  end })
  check(p.pos.x > 8 and math.abs(p.pos.y - (1.5 + STAND)) < 1e-3,
    name .. ": not on the landing: " .. tostring(p.pos))
end)

scene("walks down the stairs, grounded every frame (snap)", function(name)
  local p = Player.new(V(9, 1.5 + STAND + 0.01, 0))
  walk(p, 150, V(-1, 0, 0), { name = name, each = function(f, q)
    if f > 5 then check(q.grounded, name .. ": in the air at frame " .. f) end
  end })
  check(p.pos.x < 4 and math.abs(p.pos.y - STAND) < 1e-3,
    name .. ": not at the bottom: " .. tostring(p.pos))
end)

scene("walks up the 20 degree ramp, grounded every frame", function(name)
  local p = Player.new(V(2, STAND + 0.01, 6))
  walk(p, 100, V(1, 0, 0), { name = name, each = function(f, q)
    if f > 5 then check(q.grounded, name .. ": not grounded at frame " .. f) end
  end })
  check(p.pos.x > top20 and math.abs(p.pos.y - (1.5 + STAND)) < 1e-3,
    name .. ": not on top: " .. tostring(p.pos))
end)

scene("stands still on the 20 degree ramp (no jitter, no sliding)", function(name)
  local p = Player.new(V(2, STAND + 0.01, 6))
  walk(p, 60, V(1, 0, 0), { name = name })         -- halfway up
  local rest
  walk(p, 120, nil, { name = name, each = function(f, q)
    if f == 10 then rest = q.pos end
    if f > 10 then
      check(q.grounded, name .. ": not grounded at frame " .. f)
      check(q.pos == rest, name .. ": moved at frame " .. f .. ": " .. tostring(q.pos))
    end
  end })
  check(rest.y > STAND + 0.3, name .. ": not on the ramp: " .. tostring(rest))
end)

scene("does not climb the 50 degree ramp", function(name)
  local p = Player.new(V(2, STAND + 0.001, -6))
  walk(p, 10, nil, { name = name })
  local y0 = p.pos.y
  walk(p, 120, V(1, 0, 0.2), { name = name, each = function(f, q)
    check(q.pos.y <= y0 + 1e-6, name .. ": climbed to " .. q.pos.y .. " at frame " .. f)
    check(not q.grounded or q.ground.normal.y > 0.99, name .. ": grounded on the ramp")
  end })
  check(p.pos.x > 4, name .. ": never reached the ramp: " .. tostring(p.pos))
end)

scene("runs into a wall at 100 m/s and stops at it", function(name)
  local p = Player.new(V(0, STAND + 0.01, 0))
  walk(p, 30, V(-1, 0, 0), { name = name, speed = 20, each = function(f, q)
    check(q.pos.x >= -10 + R, name .. ": through the wall at frame " .. f)
  end })
  check(p.pos.x - (-10 + R) < 1e-3, name .. ": not at the wall: " .. tostring(p.pos))
end)

scene("slides along the corridor into its corner and rests there", function(name)
  local p = Player.new(V(-3, STAND + 0.01, 14))
  local rest
  walk(p, 240, V(1, 0, -0.6), { name = name, each = function(f, q)
    if f == 200 then rest = q.pos end
    if f > 200 then check(q.pos == rest, name .. ": jitters at frame " .. f) end
  end })
  check(math.abs(p.pos.x - (10 - R)) < 1e-3 and math.abs(p.pos.z - (13 + R)) < 1e-3,
    name .. ": not in the corner: " .. tostring(p.pos))
  -- then round the corner: along the east wall up the turn, to its end
  walk(p, 240, V(0.3, 0, 1), { name = name })
  check(math.abs(p.pos.x - (10 - R)) < 1e-3 and math.abs(p.pos.z - (22 - R)) < 1e-3,
    name .. ": did not round the corner: " .. tostring(p.pos))
end)

scene("bullets as rays hit the first wall, at the right distance", function(name)
  local p = Player.new(V(0, STAND + 0.01, 0))
  walk(p, 10, nil, { name = name })
  local id, dist, point, normal = p:shoot(V(-1, 0, 0))
  check(id and w:data(id) == "wall", name .. ": missed the wall")
  check(dist and math.abs(dist - 10) < 1e-9, name .. ": wall at " .. tostring(dist))
  check(normal == V(1, 0, 0), name .. ": normal " .. tostring(normal))
  check(point and point.x == -10, name .. ": point " .. tostring(point))
  -- into the corridor's south wall through its length: every wall it meets, in order
  local eye = p.pos + AXIS
  local hits = w:raycast_all(eye, eye + V(0, 0, 100))
  check(#hits >= 2 and w:data(hits[1].id) == "corridor" and
        math.abs(hits[1].u * 100 - 12) < 1e-9, name .. ": raycast_all order")
  for i = 2, #hits do check(hits[i].u >= hits[i - 1].u, name .. ": raycast_all not sorted") end
end)

-- NPCs in the open space west of the stairs: one runs at the wall, two
-- walk into each other, and the player walks into one and shoots it.
-- Every frame no NPC is inside anything (its own shape left out) and the
-- player inside nothing (the NPCs included).
scene("NPCs (world shapes) block each other, the player, bullets", function(name)
  local runner = NPC.new(V(-7, STAND + 0.01, 3))
  local a, b = NPC.new(V(-6, STAND + 0.01, 6)), NPC.new(V(-2, STAND + 0.01, 6))
  local npcs = { runner, a, b }
  local p = Player.new(V(-9, STAND + 0.01, 6))
  local met = false
  local function not_itself(npc) return function(id) return id ~= npc.id end end
  for f = 1, 150 do
    runner:step(V(-1, 0, 0), 20)                         -- 100 m/s at the wall
    a:step(f <= 120 and V(1, 0, 0) or nil)
    b:step(f <= 120 and V(-1, 0, 0) or nil)
    p:step(f > 30 and f <= 120 and V(1, 0, 0) or nil)   -- then after a
    for i, npc in ipairs(npcs) do
      local ids = w:overlap_capsule(npc.pos - AXIS, npc.pos + AXIS, R * (1 - 1e-6),
                                    not_itself(npc))
      if #ids > 0 then
        inside = inside + 1
        check(false, ("%s: frame %d NPC %d inside %s"):format(name, f, i, w:data(ids[1])))
      end
    end
    local ids = w:overlap_capsule(p.pos - AXIS, p.pos + AXIS, R * (1 - 1e-6))
    if #ids > 0 then
      inside = inside + 1
      check(false, ("%s: frame %d the player inside %s"):format(name, f, w:data(ids[1])))
    end
    check(runner.pos.x >= -10 + R, name .. ": the runner through the wall at frame " .. f)
    check(b.pos.x - a.pos.x >= 2 * R - 1e-9, name .. ": the NPCs in each other at frame " .. f)
    check(a.pos.x - p.pos.x >= 2 * R - 1e-9, name .. ": the player in an NPC at frame " .. f)
    for _, c in ipairs(p.contacts) do met = met or c.id == a.id end
  end
  check(math.abs(runner.pos.x - (-10 + R)) < 1e-3,
        name .. ": the runner not at the wall: " .. tostring(runner.pos))
  check(b.pos.x - a.pos.x - 2 * R < 1e-3,
        name .. ": the NPCs did not meet: " .. tostring(a.pos) .. " " .. tostring(b.pos))
  check(met and a.pos.x - p.pos.x - 2 * R < 1e-3,
        name .. ": the player did not reach the NPC: " .. tostring(p.pos))
  for _, npc in ipairs(npcs) do
    check(npc.grounded, name .. ": an NPC in the air at " .. tostring(npc.pos))
    local _, sa, sb = w:get(npc.id)
    check(((sa + sb) * 0.5 - npc.pos):length() < 1e-9, name .. ": an NPC's shape is elsewhere")
  end
  -- a bullet from the player's eye hits the NPC in front, at its surface;
  -- the list of every hit has both NPCs first
  local id, dist = p:shoot(V(1, 0, 0))
  check(id == a.id, name .. ": the bullet missed the NPC")
  check(dist and math.abs(dist - (a.pos.x - R - p.pos.x)) < 1e-9,
        name .. ": the NPC at " .. tostring(dist))
  local eye = p.pos + AXIS
  local hits = w:raycast_all(eye, eye + V(100, 0, 0))
  check(#hits >= 2 and hits[1].id == a.id and hits[2].id == b.id,
        name .. ": raycast_all does not list the two NPCs first")
  for _, npc in ipairs(npcs) do npc:remove() end
end)

-- Shapes that move: each frame the game gives a mesh its motion for the
-- frame (every triangle the same), moves the player, then advances the
-- world; the player rides the lift (carry) and is pushed by the wall.
local function set_motion(mesh, d)
  for id = mesh[1], mesh[2] do w:set_velocity(id, d) end
end
local function moving_walk(p, frames, mesh, d, name, each)
  set_motion(mesh, d)
  walk(p, frames, nil, { name = name, advance = true, each = each })
  set_motion(mesh, V(0, 0, 0))
end

scene("rides a lift up and down; a sliding wall pushes it", function(name)
  local p = Player.new(V(-7, 0.2 + STAND + 0.01, -3))
  walk(p, 30, nil, { name = name })                       -- settles on the lift
  local function on_lift(lift_top)
    return function(f, q, before)
      check(q.grounded and w:data(q.ground.id) == "lift",
            name .. ": off the lift at frame " .. f)
      check(q.pos.x == before.x and q.pos.z == before.z, name .. ": slid at frame " .. f)
      check(math.abs(q.pos.y - (lift_top(f) + STAND)) < 1e-3,
            name .. ": not on the lift's top at frame " .. f .. ": " .. tostring(q.pos))
    end
  end
  -- up 2 m in 60 frames, then down again
  moving_walk(p, 60, LIFT, V(0, 2 / 60, 0), name,
              on_lift(function(f) return 0.2 + f * 2 / 60 end))
  moving_walk(p, 60, LIFT, V(0, -2 / 60, 0), name,
              on_lift(function(f) return 2.2 - f * 2 / 60 end))
  -- standing by the wall, which slides at it by 5 cm a frame: pushed 2 m
  p = Player.new(V(-8.5, STAND + 0.01, -9))
  walk(p, 30, nil, { name = name })
  moving_walk(p, 40, DOOR, V(0.05, 0, 0), name)
  check(math.abs(p.pos.x - (-9 + 40 * 0.05 + R)) < 1e-3,
        name .. ": not at the wall: " .. tostring(p.pos))
  set_motion(DOOR, V(-40 * 0.05, 0, 0))                    -- back to its place
  w:advance()
  set_motion(DOOR, V(0, 0, 0))
end)

scene("jumps and lands without sinking in, everywhere at 3x speed", function(name)
  local p = Player.new(V(0, STAND + 0.01, 0))
  walk(p, 900, function(f)
    local a = f * 0.013
    return V(math.cos(a), 0, math.sin(2 * a))
  end, { name = name, speed = 3, jump = function(f) return f % 50 == 0 end })
end)

print(("frames inside geometry: %d; %d checks, %d failed"):format(inside, checks, #failures))
for i = 1, math.min(#failures, 20) do print("  " .. failures[i]) end
print(#failures == 0 and "OK" or "FAILED")
if #failures > 0 then os.exit(1) end
