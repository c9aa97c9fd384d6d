-- spec/turning_game_spec.lua -- shapes that turn, as a game programmer uses
-- them in an afternoon and as a hostile mod abuses them: a 2D level with a
-- spinning windmill, a rocking see-saw, a turned obstacle course and coins
-- (sensors) run through by a box, a turned box and a ball under gravity; a
-- 3D level with a turntable, a tilted spinning hull and a capsule; a save
-- and load in the middle of a run; bad input.
--
-- The checker is written here and shares nothing with the library: shapes
-- are kept as their corners (known by construction), turned by rotation
-- code written here (angles add, quaternions multiply as written below),
-- overlap of two convex polygons by the separating-axis test over both
-- edge normal sets, a circle against a polygon by its distance to the
-- edges, a capsule against a turned box by the distance of its segment to
-- the box (a convex function of the segment's parameter, minimised by
-- golden section). Every frame is judged: the mover is never inside a
-- solid (beyond 1e-9) at the end of the frame, and its centre never
-- crosses a solid at any of many instants of the step (the spinning shapes
-- turned to that instant), so nothing tunnels.
--
-- Sizes (spec/support/size.lua: make test runs the quick one, make
-- spec-full the full one on every VM): the level's frames (420, full
-- 1,500: the quick run meets every turning shape and coin, the full one
-- runs the level through more of the windmill's and see-saw's turns), the
-- blade's frames (55, full 400: over half a turn, then several turns),
-- the frames of the save-and-load runs and of the 3D level, and the
-- random cases of sweep_convex_turning and of the turning box (the quick
-- ones the first of the full ones); each full size is 3 to 10 times the
-- quick one.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, pairs, pcall = assert, error, ipairs, math, pairs, pcall
local select, setmetatable, table, tostring, type = select, setmetatable, table, tostring, type
local collide = require "collide"
local size = require "spec.support.size"
local V = collide.vec3

local abs, sqrt, max, min, sin, cos, pi = math.abs, math.sqrt, math.max,
                                          math.min, math.sin, math.cos, math.pi
-- the angle of (x, y): Lua 5.1 and LuaJIT's math.atan takes one argument
-- (the second is ignored), math.atan2 is theirs
local atan2 = math.atan2 or math.atan

-- ---- the checker's geometry -------------------------------------------

-- 2D polygons: arrays of {x, y}, counter-clockwise.
local function turned_poly(points, angle, cx, cy)
  local c, s = cos(angle), sin(angle)
  local out = {}
  for i, p in ipairs(points) do
    out[i] = { cx + c * p[1] - s * p[2], cy + s * p[1] + c * p[2] }
  end
  return out
end

local function box_points(hx, hy)
  return { { -hx, -hy }, { hx, -hy }, { hx, hy }, { -hx, hy } }
end

-- Depth of overlap of two convex polygons: the least overlap of their
-- projections over every edge normal of both (negative: apart by that
-- much along the best axis found).
local function project(poly, nx, ny)
  local lo, hi = math.huge, -math.huge
  for _, p in ipairs(poly) do
    local d = p[1] * nx + p[2] * ny
    if d < lo then lo = d end
    if d > hi then hi = d end
  end
  return lo, hi
end

local function sat_depth(P, Q)
  local depth = math.huge
  for _, poly in ipairs({ P, Q }) do
    local n = #poly
    for i = 1, n do
      local a, b = poly[i], poly[i % n + 1]
      local ex, ey = b[1] - a[1], b[2] - a[2]
      local l = sqrt(ex * ex + ey * ey)
      if l > 0 then
        local nx, ny = ey / l, -ex / l
        local plo, phi = project(P, nx, ny)
        local qlo, qhi = project(Q, nx, ny)
        depth = min(depth, min(phi - qlo, qhi - plo))
      end
    end
  end
  return depth
end

local function seg_dist(px, py, a, b)
  local ex, ey = b[1] - a[1], b[2] - a[2]
  local t = ((px - a[1]) * ex + (py - a[2]) * ey) / (ex * ex + ey * ey)
  t = max(0, min(1, t))
  local dx, dy = px - (a[1] + t * ex), py - (a[2] + t * ey)
  return sqrt(dx * dx + dy * dy)
end

-- Signed distance of a point to a convex polygon: negative inside (minus
-- the distance to the nearest edge line).
local function point_poly(px, py, poly)
  local n, inside, least_in, least = #poly, true, math.huge, math.huge
  for i = 1, n do
    local a, b = poly[i], poly[i % n + 1]
    local ex, ey = b[1] - a[1], b[2] - a[2]
    local l = sqrt(ex * ex + ey * ey)
    local h = ((px - a[1]) * ey - (py - a[2]) * ex) / l   -- > 0 outside
    if h > 0 then inside = false end
    least_in = min(least_in, -h)
    least = min(least, seg_dist(px, py, a, b))
  end
  if inside then return -least_in end
  return least
end

local function circle_depth(cx, cy, r, poly)
  return r - point_poly(cx, cy, poly)
end

-- 3D: a box of half-extents e turned by the unit quaternion q at c; the
-- distance of a point to it, and of a segment (by golden section: the
-- distance of a point moving along a segment to a convex set is convex).
local function qmul(a, b)
  return {
    w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
    x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  }
end
local function qaxis(ax, ay, az, angle)
  local l = sqrt(ax * ax + ay * ay + az * az)
  local s = sin(angle / 2)
  return { w = cos(angle / 2), x = ax / l * s, y = ay / l * s, z = az / l * s }
end
local function qrotate(q, p)   -- q p q*
  local r = qmul(qmul(q, { w = 0, x = p[1], y = p[2], z = p[3] }),
                 { w = q.w, x = -q.x, y = -q.y, z = -q.z })
  return { r.x, r.y, r.z }
end
local function qslerp(a, b, t)   -- the shortest arc
  local d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z
  if d < 0 then b, d = { w = -b.w, x = -b.x, y = -b.y, z = -b.z }, -d end
  local th = math.acos(min(1, d))
  if th < 1e-12 then return a end
  local sa, sb = sin((1 - t) * th) / sin(th), sin(t * th) / sin(th)
  return { w = sa * a.w + sb * b.w, x = sa * a.x + sb * b.x,
           y = sa * a.y + sb * b.y, z = sa * a.z + sb * b.z }
end

local function segment_box(a, b, c, q, e)
  -- the segment in the box's frame (turned back by q), then the distance
  -- of its point at t to the box [-e, e], convex in t
  local qi = { w = q.w, x = -q.x, y = -q.y, z = -q.z }
  local la = qrotate(qi, { a[1] - c[1], a[2] - c[2], a[3] - c[3] })
  local lb = qrotate(qi, { b[1] - c[1], b[2] - c[2], b[3] - c[3] })
  local e1, e2, e3 = e[1], e[2], e[3]
  local function f(t)
    local x = abs(la[1] + (lb[1] - la[1]) * t) - e1
    local y = abs(la[2] + (lb[2] - la[2]) * t) - e2
    local z = abs(la[3] + (lb[3] - la[3]) * t) - e3
    local out = (x > 0 and x * x or 0) + (y > 0 and y * y or 0) + (z > 0 and z * z or 0)
    if out > 0 then return sqrt(out) end
    return max(x, y, z)
  end
  local lo, hi, g = 0, 1, (sqrt(5) - 1) / 2
  for _ = 1, 60 do
    local m1, m2 = hi - g * (hi - lo), lo + g * (hi - lo)
    if f(m1) < f(m2) then hi = m2 else lo = m1 end
  end
  return min(f(0), f(1), f((lo + hi) / 2))
end

-- ---- the 2D level --------------------------------------------------------

local DT, GRAVITY, RUN, JUMP = 1 / 60, 30, 6, 11
local SPIN = 0.06              -- the windmill's turn per frame, radians

-- Builds the level in w and returns its solids as the checker sees them:
-- each {id =, points =, x =, y =, angle =, spin =}.
local function build_level(w)
  local solids = {}
  local function solid(points, x, y, angle, spin, shape)
    local id = w:add_convex(shape or collide.convex(points), V(x, y), angle)
    if spin then w:set_spin(id, spin) end
    solids[#solids + 1] = { id = id, points = points, x = x, y = y,
                            angle = angle, spin = spin or 0 }
    return solids[#solids]
  end
  local floor = w:add_aabb(V(30, -1), V(40, 1, 0))
  solids[#solids + 1] = { id = floor, points = box_points(40, 1), x = 30, y = -1,
                          angle = 0, spin = 0 }
  local wall = w:add_aabb(V(-1, 5), V(1, 6, 0))
  solids[#solids + 1] = { id = wall, points = box_points(1, 6), x = -1, y = 5,
                          angle = 0, spin = 0 }
  -- the windmill: a blade 6 long turning about its middle, 4.2 up
  local mill = solid(box_points(3, 0.2), 8, 4.2, 0.4, SPIN,
                     collide.convex_box(V(3, 0.2, 0)))
  -- the see-saw: a plank on a pivot, rocked by set_spin back and forth
  -- between -0.15 and 0.15, high enough that nothing is crushed under it
  local seesaw = solid(box_points(2.5, 0.15), 16, 1.8, -0.15, 0.01,
                       collide.convex_box(V(2.5, 0.15, 0)))
  -- the course: turned convex polygons
  solid({ { -1, 0 }, { 1, 0 }, { 0, 0.8 } }, 22, 0.05, 0.1)                 -- a bump
  solid({ { 0, -0.6 }, { 0.9, -0.2 }, { 0.6, 0.7 }, { -0.6, 0.7 }, { -0.9, -0.2 } },
        26, 0.35, -0.3)                                                    -- a rock
  local hex = {}
  for i = 0, 5 do hex[#hex + 1] = { 0.8 * cos(i * pi / 3), 0.5 * sin(i * pi / 3) } end
  solid(hex, 30, 3.2, 0.7, -0.02)                                          -- a slow wheel
  solid(box_points(1.5, 0.2), 34, 1.6, -0.25)                              -- a ramp in the air
  local e2 = w:add_aabb(V(70, 5), V(1, 6, 0))
  solids[#solids + 1] = { id = e2, points = box_points(1, 6), x = 70, y = 5,
                          angle = 0, spin = 0 }
  -- coins: sensors, some on the windmill's circle
  local coins = {}
  local function coin(x, y)
    local id = w:add_aabb(V(x, y), V(0.2, 0.2, 0), "coin")
    w:set_sensor(id, true)
    coins[#coins + 1] = { id = id, points = box_points(0.2, 0.2), x = x, y = y,
                          angle = 0, spin = 0 }
  end
  coin(4, 0.6); coin(8 + 2.4, 4.2); coin(8, 4.2 - 2.4); coin(8 - 1.7, 4.2 + 1.7)
  coin(12, 0.6); coin(19, 2.2); coin(26, 2); coin(30, 1); coin(36, 0.5)
  return solids, coins, mill, seesaw
end

local function solid_poly(s) return turned_poly(s.points, s.angle, s.x, s.y) end
local function solid_poly_at(s, t)
  return turned_poly(s.points, s.angle + t * s.spin, s.x, s.y)
end

-- The players: each is a kind of mover with its own checker shape.
local BOX_E = V(0.4, 0.5, 0)
local TURNED = collide.convex_box(V(0.4, 0.4, 0))
local TURN = 0.35
local BALL_R = 0.45

-- A capsule upright in the plane: its segment's distance to a polygon
-- (0 when it crosses an edge or an end is inside).
local CAP_R, CAP_AX = 0.3, 0.35
local function segments_cross(a, b, c, d)
  local function orient(p, q, r)
    return (q[1] - p[1]) * (r[2] - p[2]) - (q[2] - p[2]) * (r[1] - p[1])
  end
  local d1, d2 = orient(a, b, c), orient(a, b, d)
  local d3, d4 = orient(c, d, a), orient(c, d, b)
  return ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and
         ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0))
end
local function capsule_depth(x, y, poly)
  local a, b = { x, y - CAP_AX }, { x, y + CAP_AX }
  local da, db = point_poly(a[1], a[2], poly), point_poly(b[1], b[2], poly)
  if da < 0 or db < 0 then return CAP_R - min(da, db) end
  local dist = min(da, db)
  local n = #poly
  for i = 1, n do
    local p, q = poly[i], poly[i % n + 1]
    if segments_cross(a, b, p, q) then return CAP_R end
    dist = min(dist, seg_dist(p[1], p[2], a, b))
  end
  return CAP_R - dist
end

local function player_depth(kind, x, y, poly)
  if kind == "ball" then return circle_depth(x, y, BALL_R, poly) end
  if kind == "capsule" then return capsule_depth(x, y, poly) end
  local P
  if kind == "turned" then P = turned_poly(box_points(0.4, 0.4), TURN, x, y)
  else P = turned_poly(box_points(BOX_E.x, BOX_E.y), 0, x, y) end
  return sat_depth(P, poly)
end

-- The see-saw rocks: its spin changes sign every 30 frames.
local function rock(w, seesaw, frame)
  if frame % 30 == 0 then
    seesaw.spin = -seesaw.spin
    w:set_spin(seesaw.id, seesaw.spin)
  end
end

local function advance_checker(solids)
  for _, s in ipairs(solids) do s.angle = s.angle + s.spin end
end

-- Runs one player through the level for `frames` frames, judging each.
-- Returns the failures (strings), the frames run and what the run saw.
local function run_level(kind, frames, opts)
  opts = opts or {}
  local w = collide.world()
  local solids, coins, mill, seesaw = build_level(w)
  local start = V(2, kind == "ball" and BALL_R or (kind == "turned" and 0.4 *
                  (cos(TURN) + sin(TURN)) or BOX_E.y) + 0.01)
  local pid
  if kind == "shape" then pid = w:add_aabb(start, BOX_E) end
  local pos, vel, grounded = start, V(0, 0), false
  local options = { up = V(0, 1), step_height = 0.3, snap = 0.3, carry = true }
  local failures, seen = {}, { grounded = 0, jumps = 0, max_x = 0, events = 0,
                               mill_pushes = 0 }
  local inside = {}          -- coin id -> touching, as the events tell
  local out_pos, out_vel = V(0, 0), V(0, 0)
  local function fail(frame, msg)
    if #failures < 20 then failures[#failures + 1] = kind .. " frame " .. frame .. ": " .. msg end
  end
  for frame = 1, frames do
    rock(w, seesaw, frame)
    -- the input: run right, back left for a while, jump now and then
    local dir = (frame % 240 < 190) and 1 or -1
    local vy = vel.y - GRAVITY * DT
    if grounded and frame % 45 == 0 then vy = JUMP; seen.jumps = seen.jumps + 1 end
    options.velocity = V(dir * RUN, vy)
    local to = pos + options.velocity * DT
    local from = pos
    local newpos, contacts, newvel
    if kind == "box" then
      newpos, contacts, grounded, newvel = w:move_aabb(BOX_E, pos, to, options, out_pos, out_vel)
    elseif kind == "turned" then
      newpos, contacts, grounded, newvel =
        w:move_convex(TURNED, TURN, pos, to, options, out_pos, out_vel)
    elseif kind == "ball" then
      newpos, contacts, grounded, newvel = w:move_sphere(BALL_R, pos, to, options, out_pos, out_vel)
    else
      newpos, contacts, grounded, newvel = w:move_shape(pid, to, options, out_pos, out_vel)
    end
    for _, c in ipairs(contacts) do
      if c.id == mill.id then seen.mill_pushes = seen.mill_pushes + 1 end
    end
    pos, vel = V(newpos.x, newpos.y, newpos.z), V(newvel.x, newvel.y, newvel.z)
    if grounded then seen.grounded = seen.grounded + 1 end
    w:advance()
    advance_checker(solids)
    if opts.each_frame then opts.each_frame(w, frame) end
    seen.max_x = max(seen.max_x, pos.x)
    if pos.z ~= 0 then fail(frame, "left the plane: z = " .. pos.z) end
    -- the end of the frame: never inside a solid
    for _, s in ipairs(solids) do
      local d = player_depth(kind, pos.x, pos.y, solid_poly(s))
      if d > 1e-9 then
        fail(frame, ("inside solid %d by %.3g at (%.6g, %.6g)"):format(s.id, d, pos.x, pos.y))
      end
    end
    -- during the step: the centre never crosses a solid (spinning ones
    -- turned to each instant)
    local N = 24
    for i = 1, N do
      local t = i / N
      local cx, cy = from.x + (pos.x - from.x) * t, from.y + (pos.y - from.y) * t
      for _, s in ipairs(solids) do
        local at = turned_poly(s.points, s.angle - s.spin + t * s.spin, s.x, s.y)
        if point_poly(cx, cy, at) < -1e-9 then
          fail(frame, ("centre inside solid %d at t = %g"):format(s.id, t))
        end
      end
    end
    -- the world agrees with the checker about where the spinning shapes are
    for _, s in ipairs(solids) do
      if s.spin ~= 0 then
        local kindname, _, p, rot = w:get(s.id)
        if kindname ~= "convex" or abs(rot - s.angle) > 1e-9 or p.x ~= s.x or p.y ~= s.y then
          fail(frame, ("solid %d at rotation %s, the checker says %s")
            :format(s.id, tostring(rot), s.angle))
        end
      end
    end
    -- coins: the events say what touches, the checker agrees at the end
    if kind == "shape" then
      for _, e in ipairs(w:sensor_events()) do
        if e.id == pid then
          inside[e.sensor] = e.event == "begin"
          seen.events = seen.events + 1
        end
      end
      local P = turned_poly(box_points(BOX_E.x, BOX_E.y), 0, pos.x, pos.y)
      for _, c in ipairs(coins) do
        local d = sat_depth(P, solid_poly(c))
        if d > 1e-7 and not inside[c.id] then
          fail(frame, ("touches coin %d by %.3g, no begin event"):format(c.id, d))
        elseif d < -1e-7 and inside[c.id] then
          fail(frame, ("apart from coin %d by %.3g, no end event"):format(c.id, -d))
        end
      end
    else
      w:sensor_events()
    end
  end
  return failures, seen, w, pos
end

describe("a 2D level with turning shapes", function()
  local FRAMES = size.cases(420, 1500)

  for _, kind in ipairs({ "box", "turned", "ball", "shape" }) do
    it("a " .. kind .. " player runs and jumps through it, never inside, never through", function()
      local failures, seen = run_level(kind, FRAMES)
      assert.are.same({}, failures)
      -- it did play the level: ran, landed, jumped (it hops: a jump every
      -- 45 frames, when grounded, keeps it in the air most of the time)
      assert.is_true(seen.grounded > FRAMES / 8)
      assert.is_true(seen.jumps > 3)
      assert.is_true(seen.max_x > 20)
      if kind == "shape" then assert.is_true(seen.events > 0) end
    end)
  end
end)

describe("a fast blade", function()
  -- A blade turning a radian or more a frame past movers held still in
  -- the air (no gravity): each is met where the turn brings the blade and
  -- pushed, never left inside, never passed through.
  -- Beyond a radian a step a straight push over the rest of the step
  -- cannot keep ahead of a face with more than 60 degrees left to turn:
  -- the mover is pushed in pieces of the turn, round after round.
  -- The mover's diameter (for the bound of how far it is sent, below).
  local DIAMETER = { box = 2 * BOX_E:length(), turned = 2 * sqrt(0.32), ball = 2 * BALL_R,
                     capsule = 2 * (CAP_R + CAP_AX) }
  for _, spin in ipairs({ 0.3, -0.5, 0.7, 1.0, 1.5, -2.5, 3.1, 6, -7, 9 }) do
    for _, kind in ipairs({ "box", "turned", "ball", "capsule" }) do
      local case = it
      case(("spinning %g a frame, against a %s"):format(spin, kind), function()
        local w = collide.world()
        local blade = { points = box_points(3, 0.1), x = 0, y = 0, angle = 0.2, spin = spin }
        blade.id = w:add_convex(collide.convex_box(V(3, 0.1, 0)), V(0, 0), 0.2)
        w:set_spin(blade.id, spin)
        local failures, pushed = {}, 0
        for start = 1, 5 do
          local pos = V(0.6 * start - 0.2, 0.9 + 0.13 * start)
          -- (a start the blade is on -- at 6 to 9 a step it is anywhere
          -- when the next start begins -- waits for it to pass: a mover
          -- placed inside is pushed out by at most its half-size a move,
          -- not the blade's business here)
          for _ = 1, 8 do
            if player_depth(kind, pos.x, pos.y, solid_poly(blade)) <= 0 then break end
            w:advance()
            blade.angle = blade.angle + spin
          end
          for frame = 1, 12 do
            local from = pos
            local contacts
            if kind == "box" then
              pos, contacts = w:move_aabb(BOX_E, pos, pos)
            elseif kind == "turned" then
              pos, contacts = w:move_convex(TURNED, TURN, pos, pos)
            elseif kind == "capsule" then
              pos, contacts = w:move_capsule(CAP_R, V(0, CAP_AX, 0), pos, pos)
            else
              pos, contacts = w:move_sphere(BALL_R, pos, pos)
            end
            if #contacts > 0 then pushed = pushed + 1 end
            w:advance()
            blade.angle = blade.angle + spin
            local d = player_depth(kind, pos.x, pos.y, solid_poly(blade))
            if d > 1e-9 and #failures < 10 then
              failures[#failures + 1] =
                ("start %d frame %d: inside by %.3g"):format(start, frame, d)
            end
            -- through it? The blade is a line through the pivot, the same
            -- every half turn. The mover's angle about the pivot ahead of
            -- the blade's (in the direction of the turn, in [0, pi)), plus
            -- how far the mover itself went round the pivot, less the
            -- turn: below 0, the blade went past it. (While the mover is
            -- within the blade's reach.)
            local sgn = spin > 0 and 1 or -1
            local psi0 = (sgn * (atan2(from.y, from.x) - (blade.angle - spin))) % pi
            local went = atan2(from.x * pos.y - from.y * pos.x, from.x * pos.x + from.y * pos.y)
            local r0, r1 = sqrt(from.x ^ 2 + from.y ^ 2), sqrt(pos.x ^ 2 + pos.y ^ 2)
            if r0 < 2.9 and r1 < 2.9 and psi0 + sgn * went - abs(spin) < -0.01 and
               #failures < 10 then
              failures[#failures + 1] = ("start %d frame %d: the blade passed through it " ..
                                         "(%.3g ahead, went %.3g round, turn %g)")
                :format(start, frame, psi0, went, spin)
            end
            -- nor flung: no farther than the blade's tip is pushed ahead
            -- of it in a step (its face's reach, 3.1 tan(turn), at most a
            -- turn of 60 degrees at once), plus 1.
            -- Beyond 3.1 a step that is not the bound: the push is made in
            -- straight pieces of a turn t = 0.5, each putting the mover's
            -- nearest points in front of the face's line turned by t, and
            -- goes on at that rate. A point x, a along the face from the
            -- pivot and h in front of it, needs n_e.d / n_e.n =
            -- a tan t + h (sec t - 1) along the normal (d its motion
            -- carried by the turn, n_e the turned normal); a is at most
            -- the blade's radius plus the mover's diameter D (a box's far
            -- corner, beyond the tip: pushed as if the face reached it)
            -- and h at most D. So the mover goes at most
            -- ((3.0017 + D) tan t + D (sec t - 1)) / t per radian of the
            -- spin (a ball at 3 from the pivot: tan(0.5) / 0.5 = 1.09
            -- times the tip's speed; a box's corner 4 out, 1.5 times),
            -- where the bound above allows the tip's speed: at 6 to 9
            -- radians a step movers went up to 27% past it.
            local reach = 3.1 * max(abs(spin), math.tan(min(abs(spin), pi / 3))) + 1
            if abs(spin) > 3.1 then
              local t, D = 0.5, DIAMETER[kind]
              reach = abs(spin) * ((sqrt(9.01) + D) * math.tan(t) + D * (1 / cos(t) - 1)) / t
            end
            if r1 > r0 + reach and #failures < 10 then
              failures[#failures + 1] =
                ("start %d frame %d: flung from %.3g to %.3g from the pivot")
                  :format(start, frame, r0, r1)
            end
            -- for a slow blade, the path is near the straight line
            -- from..pos: its centre never crosses the blade on it
            if abs(spin) <= 0.5 then
              for i = 1, 200 do
                local t = i / 200
                local cx, cy = from.x + (pos.x - from.x) * t, from.y + (pos.y - from.y) * t
                if point_poly(cx, cy, solid_poly_at(blade, t - 1)) < -1e-9 and #failures < 10 then
                  failures[#failures + 1] =
                    ("start %d frame %d: the blade crossed the centre at t = %g")
                      :format(start, frame, t)
                  break
                end
              end
            end
          end
        end
        assert.are.same({}, failures)
        assert.is_true(pushed > 0)
      end)
    end
  end
end)

describe("coins on the windmill's path", function()
  -- Sensors see a spinning shape turning (before they did not: a windmill
  -- with no velocity gave no events at all). The checker finds the
  -- moments the blade (sampled at 200 instants of each step) begins and
  -- ends touching each coin; the events must say the same, u within the
  -- sampling.
  it("events of a spinning blade and coins, when the checker says they touch", function()
    local w = collide.world()
    local blade = { points = box_points(3, 0.2), x = 8, y = 4.2, angle = 0.4, spin = SPIN }
    blade.id = w:add_convex(collide.convex_box(V(3, 0.2, 0)), V(8, 4.2), 0.4)
    w:set_spin(blade.id, SPIN)
    local coins = {}
    for _, c in ipairs({ { 10.4, 4.2 }, { 8, 1.8 }, { 6.3, 5.9 }, { 9, 4.2 } }) do
      local id = w:add_aabb(V(c[1], c[2]), V(0.2, 0.2, 0))
      w:set_sensor(id, true)
      coins[#coins + 1] = { id = id, poly = turned_poly(box_points(0.2, 0.2), 0, c[1], c[2]) }
    end
    local N, problems = 200, {}
    -- (the quick size: 55 frames, over half a turn at SPIN, in which one
    -- of the blade's two arms passes every coin)
    for frame = 1, size.cases(55, 400) do
      local expected, was = {}, {}
      local start = solid_poly_at(blade, 0)
      for k, c in ipairs(coins) do was[k] = sat_depth(start, c.poly) >= 0 end
      for i = 1, N do
        local t = i / N
        local poly = solid_poly_at(blade, t)
        for k, c in ipairs(coins) do
          local now = sat_depth(poly, c.poly) >= 0
          if now ~= was[k] then
            expected[#expected + 1] = { sensor = c.id, event = now and "begin" or "end", u = t }
            was[k] = now
          end
        end
      end
      w:advance()
      local got = w:sensor_events()
      blade.angle = blade.angle + SPIN
      table.sort(expected, function(a, b) return a.u < b.u end)
      if #got ~= #expected then
        problems[#problems + 1] =
          ("frame %d: %d events, the checker %d"):format(frame, #got, #expected)
      else
        for i, e in ipairs(expected) do
          local g = got[i]
          if g.sensor ~= e.sensor or g.event ~= e.event or abs(g.u - e.u) > 2 / N then
            problems[#problems + 1] = ("frame %d: %s %d at %g, the checker %s %d at %g")
              :format(frame, g.event, g.sensor, g.u, e.event, e.sensor, e.u)
          end
        end
      end
    end
    assert.are.same({}, problems)
  end)
end)

describe("a blade turning nearly half a turn a step", function()
  it("never flings a mover it meets twice at nearly one normal", function()
    -- met twice in a row with normals 6e-6 apart, the two moving surfaces'
    -- crease was solved as two planes (its size grows as 1 / (1 - g^2)):
    -- the ball went 360,000 away, the box a million
    for _, kind in ipairs({ "ball", "box", "capsule", "turned" }) do
      local w = collide.world()
      local id = w:add_convex(collide.convex_box(V(3, 0.1, 0)), V(0, 0), 0.2)
      w:set_spin(id, 3.1)
      local pos = V(0.4, 1.03)
      local p
      if kind == "ball" then p = w:move_sphere(0.45, pos, pos)
      elseif kind == "box" then p = w:move_aabb(V(0.4, 0.5, 0), pos, pos)
      elseif kind == "capsule" then p = w:move_capsule(0.3, V(0, 0.35, 0), pos, pos)
      else p = w:move_convex(TURNED, TURN, pos, pos) end
      assert.is_true((p - pos):length() < 10, kind .. " went to " .. tostring(p))
    end
  end)
end)

describe("save and load in the middle of a run", function()
  it("the loaded world replays the rest of the run identically", function()
    local saved
    local FR = size.cases(150, 400)
    local function run(until_frame, load_at)
      local w = collide.world()
      local _, _, _, seesaw = build_level(w)
      local pid = w:add_aabb(V(2, 0.51), BOX_E)
      local pos, vel, grounded = V(2, 0.51), V(0, 0), false
      local options = { up = V(0, 1), step_height = 0.3, snap = 0.3, carry = true }
      local trace = {}
      for frame = 1, until_frame do
        if frame == load_at then
          saved = w:save()
          w = collide.load(saved)
        end
        rock(w, seesaw, frame)
        local vy = vel.y - GRAVITY * DT
        if grounded and frame % 45 == 0 then vy = JUMP end
        options.velocity = V(RUN, vy)
        pos, _, grounded, vel = w:move_shape(pid, pos + options.velocity * DT, options)
        w:advance()
        local ev = w:sensor_events()
        trace[frame] = ("%.17g %.17g %.17g %.17g %d"):format(pos.x, pos.y, vel.x, vel.y, #ev)
        local _, _, _, rot = w:get(3)
        trace[frame] = trace[frame] .. (" %.17g"):format(rot)
      end
      return trace
    end
    local straight = run(FR)
    local reloaded = run(FR, math.floor(FR / 2))
    assert.are.same(straight, reloaded)
    -- the spins came back as given
    local w = collide.load(saved)
    assert.are.equal(SPIN, w:spin(3))
  end)
end)

describe("save and load in the middle of a 3D run", function()
  it("a turntable and a tilted spinning hull with quaternion spins replay identically", function()
    local saved
    local function run(frames, load_at)
      local w = collide.world()
      w:add_aabb(V(0, -1, 0), V(30, 1, 30))
      local tt = w:add_convex(collide.convex_box(V(4, 0.25, 4)), V(0, 0.25, 0),
                              { w = 1, x = 0, y = 0, z = 0 })
      w:set_spin(tt, qaxis(0, 1, 0, 0.03))
      local slab = w:add_convex(collide.convex_box(V(1.5, 0.3, 1.5)), V(6, 0.9, 0),
                                qaxis(1, 0, 0, 0.3), { name = "slab", hp = 3 })
      w:set_spin(slab, qaxis(0.3, 1, 0.2, 0.05))
      local pos, vel, grounded = V(-2, 0.5 + 0.9 + 0.01, 1), V(0, 0, 0), false
      local options = { up = V(0, 1, 0), step_height = 0.6, snap = 0.3, carry = true }
      local trace = {}
      for frame = 1, frames do
        if frame == load_at then
          saved = w:save()
          w = collide.load(saved)
        end
        local vy = vel.y - GRAVITY * DT
        if grounded and frame % 50 == 0 then vy = 8 end
        options.velocity = V(3, vy, 0.5)
        local _
        pos, _, grounded, vel = w:move_capsule(0.4, V(0, 0.5, 0), pos,
                                               pos + options.velocity * DT, options)
        w:advance()
        local _, _, _, q = w:get(slab)
        trace[frame] = ("%.17g %.17g %.17g %.17g %.17g %.17g %.17g"):format(pos.x, pos.y, pos.z,
                                                                      vel.y, q.w, q.x, q.y)
      end
      return trace
    end
    local FR = size.cases(120, 400)
    assert.are.same(run(FR), run(FR, math.floor(FR / 2)))
    local w = collide.load(saved)
    assert.are.equal(sin(0.015), w:spin(2).y)
    assert.are.same({ name = "slab", hp = 3 }, w:data(3))
  end)
end)

describe("a 3D level with turning shapes", function()
  -- A turntable turning about y, a tilted slab spinning about a tilted
  -- axis (built from its corners with collide.convex), a capsule
  -- character walking over the turntable (carried), jumping, into the slab.
  local function quat_close(a, b)
    local s = (a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z) < 0 and -1 or 1
    return abs(a.w - s * b.w) < 1e-9 and abs(a.x - s * b.x) < 1e-9 and
           abs(a.y - s * b.y) < 1e-9 and abs(a.z - s * b.z) < 1e-9
  end

  for _, variant in ipairs({ "walk", "stand" }) do
    it("a capsule " .. variant .. "s there, never inside, never through", function()
      local w = collide.world()
      local floor = w:add_aabb(V(0, -1, 0), V(30, 1, 30))
      local boxes = {}
      local function obb(id, c, e, q, spin)
        boxes[#boxes + 1] = { id = id, c = c, e = e, q = q, spin = spin }
      end
      obb(floor, { 0, -1, 0 }, { 30, 1, 30 }, { w = 1, x = 0, y = 0, z = 0 }, nil)
      local id0 = { w = 1, x = 0, y = 0, z = 0 }
      local table_spin = qaxis(0, 1, 0, 0.03)
      local tt = w:add_convex(collide.convex_box(V(4, 0.25, 4)), V(0, 0.25, 0), id0)
      w:set_spin(tt, table_spin)
      obb(tt, { 0, 0.25, 0 }, { 4, 0.25, 4 }, id0, table_spin)
      local corners = {}
      for i = 0, 7 do
        corners[#corners + 1] = { (i % 2 == 0) and -1.5 or 1.5,
                                  (math.floor(i / 2) % 2 == 0) and -0.3 or 0.3,
                                  (math.floor(i / 4) == 0) and -1.5 or 1.5 }
      end
      local tilt = qaxis(1, 0, 0, 0.3)
      local slab_spin = qaxis(0.3, 1, 0.2, 0.05)
      local slab = w:add_convex(collide.convex(corners), V(9, 0.9, 0), tilt)
      w:set_spin(slab, slab_spin)
      obb(slab, { 9, 0.9, 0 }, { 1.5, 0.3, 1.5 }, tilt, slab_spin)

      local R, AX = 0.4, 0.5
      local pos = variant == "walk" and V(-7, R + AX + 0.01, 0) or V(2, 0.5 + R + AX + 0.01, 0)
      local vel = V(0, 0, 0)
      local options = { up = V(0, 1, 0), step_height = 0.6, snap = 0.3, carry = true }
      local failures, grounded, grounded_n, met = {}, false, 0, {}
      local function fail(frame, msg)
        if #failures < 20 then failures[#failures + 1] = "frame " .. frame .. ": " .. msg end
      end
      local FR = size.cases(260, 900)
      for frame = 1, FR do
        local vy = vel.y - GRAVITY * DT
        if grounded and frame % 70 == 0 then vy = 8 end
        local vx = variant == "walk" and 4 or 0
        if variant == "walk" and frame % 400 > 280 then vx = -4 end
        options.velocity = V(vx, vy, 0)
        local from = pos
        local contacts
        pos, contacts, grounded, vel =
          w:move_capsule(R, V(0, AX, 0), pos, pos + options.velocity * DT, options)
        if grounded then grounded_n = grounded_n + 1 end
        for _, c in ipairs(contacts) do met[c.id] = (met[c.id] or 0) + 1 end
        w:advance()
        for _, b in ipairs(boxes) do
          b.q_prev = b.q
          if b.spin then b.q = qmul(b.spin, b.q) end
        end
        for _, b in ipairs(boxes) do
          local d = segment_box({ pos.x, pos.y - AX, pos.z }, { pos.x, pos.y + AX, pos.z },
                                b.c, b.q, b.e)
          if d < R - 1e-9 then
            fail(frame, ("inside %d by %.3g at (%.5g, %.5g, %.5g)")
              :format(b.id, R - d, pos.x, pos.y, pos.z))
          end
          for i = 1, 8 do
            local t = i / 8
            local q = b.spin and qslerp(b.q_prev, b.q, t) or b.q
            local c = { from.x + (pos.x - from.x) * t, from.y + (pos.y - from.y) * t,
                        from.z + (pos.z - from.z) * t }
            local core = segment_box({ c[1], c[2] - AX, c[3] }, { c[1], c[2] + AX, c[3] },
                                     b.c, q, b.e)
            if core < -1e-9 then
              fail(frame, ("the core crossed %d at t = %g"):format(b.id, t))
              break
            end
          end
          if b.spin then
            local _, _, _, rot = w:get(b.id)
            if not quat_close(rot, b.q) then
              fail(frame, "shape " .. b.id .. " turned elsewhere")
            end
          end
        end
      end
      assert.are.same({}, failures)
      assert.is_true(grounded_n > FR / 3)
      if variant == "walk" then assert.is_true((met[tt] or 0) > 0 and (met[slab] or 0) > 0) end
      if variant == "stand" then
        -- carried round the turntable: its distance from the axis kept
        assert.is_true(abs(sqrt(pos.x ^ 2 + pos.z ^ 2) - 2) < 0.05)
      end
    end)
  end
end)

describe("collide.sweep_convex_turning in 2D, judged by sampling", function()
  -- Two turned boxes, one turning from r0 to r1 the short way round while
  -- it moves; the checker turns it by its own arithmetic and samples the
  -- step: a hit is never inside B beyond rounding, never after a sampled
  -- overlap, its normal a unit vector in the plane; a miss has no sampled
  -- overlap. Turns of every kind: any, exactly half a turn, past whole
  -- turns, at angles near 1e6, tiny, ordinary.
  local seed = 28032
  local function rnd()
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  end
  local function rr(a, b) return a + (b - a) * rnd() end
  local function shortest(a0, a1)
    local d = (a1 - a0) % (2 * pi)
    if d > pi then d = d - 2 * pi end
    if d == pi and a1 <= a0 then d = -pi end
    return d
  end

  it("never late, never missed, a unit normal in the plane", function()
    local problems, hits = {}, 0
    -- (the quick size, make test: 120 cases, 20 of each of the 6 kinds of
    -- turn, since case % 6 picks the kind, each judged at N = 200 instants;
    -- the full size, make spec-full: 1,200 cases, 200 of each kind, the
    -- first 120 the quick ones, at 1,000 instants, which sees a contact
    -- five times shorter; it had 4,000 at 2,000 instants, 330 times
    -- the quick size's work, 3.5 minutes of Lua 5.1's time for this test)
    local N = size.cases(200, 1000)
    for case = 1, size.cases(120, 1200) do
      local hx, hy, bx, by = rr(0.05, 2), rr(0.05, 1), rr(0.1, 1), rr(0.1, 1)
      local A, B = collide.convex_box(V(hx, hy, 0)), collide.convex_box(V(bx, by, 0))
      local kind, r0 = case % 6, rr(-pi, pi)
      local r1
      if kind == 0 then r1 = r0 + rr(-3.1, 3.1)
      elseif kind == 1 then r1 = r0 + pi * (rnd() < 0.5 and 1 or -1)
      elseif kind == 2 then r1 = r0 + 2 * pi * math.floor(rr(-3, 3)) + rr(-0.5, 0.5)
      elseif kind == 3 then r0 = r0 + 1e6; r1 = r0 + rr(-2, 2)
      elseif kind == 4 then r1 = r0 + rr(-1e-9, 1e-9)
      else r1 = r0 + rr(-1, 1) end
      local rb = rr(-pi, pi)
      local a0 = V(rr(-4, 4), rr(-4, 4))
      local a1 = case % 5 == 0 and a0 or a0 + V(rr(-3, 3), rr(-3, 3))
      local b = V(rr(-2, 2), rr(-2, 2))
      local Bp = turned_poly(box_points(bx, by), rb, b.x, b.y)
      local dtheta = shortest(r0, r1)
      local function Aat(u)
        return turned_poly(box_points(hx, hy), r0 + u * dtheta,
                           a0.x + (a1.x - a0.x) * u, a0.y + (a1.y - a0.y) * u)
      end
      if sat_depth(Aat(0), Bp) < -1e-9 then
        local hit, u, _, normal = collide.sweep_convex_turning(A, r0, r1, a0, a1, B, rb, b)
        local first
        for i = 1, N do
          if sat_depth(Aat(i / N), Bp) >= 0 then first = i / N; break end
        end
        local function bad(msg)
          if #problems < 10 then
            problems[#problems + 1] = ("case %d (kind %d): %s"):format(case, kind, msg)
          end
        end
        if hit then
          hits = hits + 1
          local d = sat_depth(Aat(u), Bp)
          if d > 1e-9 then bad(("inside by %g at u = %.17g"):format(d, u)) end
          if first and u > first then
            bad(("u = %.17g after a sampled overlap at %g"):format(u, first))
          end
          if abs(normal:length() - 1) > 1e-9 or normal.z ~= 0 then
            bad("normal " .. tostring(normal))
          end
        elseif first then
          bad(("missed the overlap sampled at %g"):format(first))
        end
      end
    end
    assert.are.same({}, problems)
    assert.is_true(hits > 10)
  end)

  it("at angles near 1e6 a 2D contact's normal lies in the plane", function()
    -- GJK's simplex lies in the plane at the contact; its plane's normal
    -- (0, 0, 1) came out as the contact's normal
    local A = collide.convex_box(V(1.252838173603098, 0.26980746661769572, 0))
    local B = collide.convex_box(V(0.7670339992116364, 0.54042474997249657, 0))
    local hit, u, _, normal = collide.sweep_convex_turning(A,
      1000001.1782563336, 1000000.1304505591,
      V(-2.1187010435940237, -1.0084396847563051), V(0.24696268199335902, -3.2982037376138402),
      B, 2.4007230331884859, V(-0.042957584393656711, -1.9881209041867969))
    assert.is_true(hit and abs(u - 0.2516816298178) < 1e-9)
    assert.are.equal(0, normal.z)
    assert.is_true(abs(normal:length() - 1) < 1e-12)
  end)
end)

describe("boxes and turned hulls moving past a box spinning in 3D", function()
  -- The overlap of two turned boxes by separating axes (3 face normals of
  -- each, 9 edge cross products), written here; the spinning box turned by
  -- the checker's own quaternion product.
  local function obb(c, q, e)
    return { c = c, e = e, ax = { qrotate(q, { 1, 0, 0 }), qrotate(q, { 0, 1, 0 }),
                                  qrotate(q, { 0, 0, 1 }) } }
  end
  local function d3(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
  local function obb_depth(A, B)
    local axes = {}
    for i = 1, 3 do axes[#axes + 1] = A.ax[i]; axes[#axes + 1] = B.ax[i] end
    for i = 1, 3 do
      for j = 1, 3 do
        local a, b = A.ax[i], B.ax[j]
        local c = { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3],
                    a[1] * b[2] - a[2] * b[1] }
        local l = sqrt(d3(c, c))
        if l > 1e-9 then axes[#axes + 1] = { c[1] / l, c[2] / l, c[3] / l } end
      end
    end
    local best, d = math.huge, { B.c[1] - A.c[1], B.c[2] - A.c[2], B.c[3] - A.c[3] }
    for _, L in ipairs(axes) do
      local r = 0
      for i = 1, 3 do r = r + A.e[i] * abs(d3(A.ax[i], L)) + B.e[i] * abs(d3(B.ax[i], L)) end
      best = min(best, r - abs(d3(d, L)))
    end
    return best
  end
  local seed = 3028
  local function rr(a, b)
    seed = (seed * 16807) % 2147483647
    return a + (b - a) * seed / 2147483647
  end
  local function rquat() return qaxis(rr(-1, 1), rr(-1, 1), rr(-1, 1), rr(-pi, pi)) end

  it("never inside it after the step, however it turns (up to a radian a step)", function()
    local problems, met = {}, 0
    for case = 1, size.cases(200, 2000) do
      local w = collide.world()
      local eb, qb = { rr(0.5, 3), rr(0.1, 0.5), rr(0.5, 2) }, rquat()
      local spin = qaxis(rr(-1, 1), rr(-1, 1), rr(-1, 1), rr(-1, 1))
      local id = w:add_convex(collide.convex_box(V(eb[1], eb[2], eb[3])), V(0, 0, 0), qb)
      w:set_spin(id, spin)
      local kind = case % 2 == 0 and "aabb" or "convex"
      local em = { rr(0.1, 0.6), rr(0.1, 0.6), rr(0.1, 0.6) }
      local qm = kind == "aabb" and { w = 1, x = 0, y = 0, z = 0 } or rquat()
      local p
      for _ = 1, 2000 do   -- a start near it, apart
        p = { rr(-4, 4), rr(-4, 4), rr(-4, 4) }
        local d = obb_depth(obb(p, qm, em), obb({ 0, 0, 0 }, qb, eb))
        if d < -0.01 and d > -0.4 then break end
      end
      local from, to = V(p[1], p[2], p[3]), V(p[1] + rr(-1, 1), p[2] + rr(-1, 1), p[3] + rr(-1, 1))
      local pos, contacts
      if kind == "aabb" then
        pos, contacts = w:move_aabb(V(em[1], em[2], em[3]), from, to)
      else
        pos, contacts = w:move_convex(collide.convex_box(V(em[1], em[2], em[3])), qm, from, to)
      end
      if #contacts > 0 then met = met + 1 end
      w:advance()
      local d = obb_depth(obb({ pos.x, pos.y, pos.z }, qm, em),
                          obb({ 0, 0, 0 }, qmul(spin, qb), eb))
      if d > 1e-9 and #problems < 10 then
        problems[#problems + 1] = ("case %d (%s): inside by %g"):format(case, kind, d)
      end
    end
    assert.are.same({}, problems)
    assert.is_true(met > 20)
  end)
end)

describe("a hostile mod", function()
  local box = collide.convex_box(V(1, 0.1, 0))

  local function message(f, ...)
    local ok, err = pcall(f, ...)
    assert.is_false(ok)
    return (tostring(err):gsub("^.-:%d+: ", ""))
  end

  local function spinning_world()
    local w = collide.world()
    w:add_aabb(V(0, -1), V(20, 1, 0))
    local mill = w:add_convex(box, V(0, 1.5), 0)
    w:set_spin(mill, 0.5)
    return w, mill
  end

  it("bad angles and quaternions are argument errors naming them", function()
    local w, mill = spinning_world()
    local function spin(r) return message(w.set_spin, w, mill, r) end
    assert.are.equal("bad argument #2 to 'set_spin' (number is NaN)", spin(0 / 0))
    assert.are.equal("bad argument #2 to 'set_spin' (number is infinite)", spin(math.huge))
    assert.are.equal("bad argument #2 to 'set_spin' (number is infinite)", spin(-math.huge))
    assert.matches("bad argument #2 to 'set_spin' %(number too large", spin(1e300))
    local not_unit = "bad argument #2 to 'set_spin' (rotation is not a unit quaternion)"
    assert.are.equal(not_unit, spin({ w = 0, x = 0, y = 0, z = 0 }))
    assert.are.equal(not_unit, spin({ w = 2, x = 0, y = 0, z = 0 }))
    assert.are.equal(not_unit, spin({ w = 5e-324, x = 0, y = 0, z = 0 }))
    assert.are.equal(not_unit, spin({ w = 1e-200, x = 1e-200, y = 0, z = 0 }))
    assert.are.equal("bad argument #2 to 'set_spin' (number is NaN)",
                     spin({ w = 0 / 0, x = 0, y = 0, z = 0 }))
    assert.matches("bad argument #2 to 'set_spin' %(quaternion expected",
                   spin({ w = 1, x = 0, y = 0 }))
    assert.matches("bad argument #2 to 'set_spin' " ..
                   "%(rotation %(angle or quaternion%) expected, got string%)",
                   spin("1"))
    assert.matches("bad argument #2 to 'set_spin' %(rotation", spin(nil))
    assert.matches("bad argument #2 to 'set_spin' %(rotation", spin(box))
    assert.are.equal("bad argument #3 to 'add_convex' (number is NaN)",
                     message(w.add_convex, w, box, V(0, 0), 0 / 0))
    assert.are.equal("bad argument #4 to 'update' (number is infinite)",
                     message(w.update, w, mill, box, V(0, 0), -math.huge))
    assert.are.equal("bad argument #2 to 'move_convex' (rotation is not a unit quaternion)",
                     message(w.move_convex, w, box, { w = 0, x = 0, y = 0, z = 0 },
                             V(0, 3), V(1, 3)))
    assert.are.equal("bad argument #3 to 'sweep_convex_turning' (number is NaN)",
                     message(collide.sweep_convex_turning, box, 0, 0 / 0, V(0, 0), V(1, 0),
                             box, 0, V(5, 0)))
    -- a denormal part of a unit quaternion is a unit quaternion
    assert.is_true(w:set_spin(mill, { w = 1, x = 5e-324, y = 0, z = 0 }))
    w:advance()
    -- the world is still whole: the spin was set, a bad one changed nothing
    assert.are.equal(1, w:spin(mill).w)
  end)

  it("set_spin on shapes that cannot spin, and on ids that are not there", function()
    local w, mill = spinning_world()
    local ball = w:add_sphere(V(9, 9), 1)
    local cannot = "bad argument #1 to 'set_spin' (shape cannot spin: only convex shapes can)"
    assert.are.equal(cannot, message(w.set_spin, w, ball, 1))
    assert.are.equal(cannot, message(w.set_spin, w, 1, 0))    -- the floor, an aabb
    local poly = w:add_polygon(collide.polygon { V(0, 0), V(1, 0), V(0, 1) })
    assert.are.equal(cannot, message(w.set_spin, w, poly, 1))
    for _, id in ipairs({ 999, 0, -1, 1.5, 0 / 0, 2 ^ 63 }) do
      assert.is_false(w:set_spin(id, 1))
    end
    assert.matches("bad argument #1 to 'set_spin' %(number expected",
                   message(w.set_spin, w, "1", 1))
    assert.is_nil(w:spin(ball))
    assert.is_nil(w:spin(999))
    w:remove(mill)
    assert.is_false(w:set_spin(mill, 1))
    assert.is_nil(w:spin(mill))
  end)

  it("hulls of 256 points, more, and degenerate ones", function()
    local function circle(n, z)
      local t = {}
      for i = 1, n do t[i] = { cos(2 * pi * i / n), sin(2 * pi * i / n), z and (i % 2) or nil } end
      return t
    end
    local wheel = collide.convex(circle(256))
    assert.are.equal(256, #wheel)
    assert.are.equal("bad argument #1 to 'convex' (convex has more than 256 points)",
                     message(collide.convex, circle(257)))
    local line = "bad argument #1 to 'convex' (points are all on one line)"
    local same = { { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 } }
    assert.are.equal(line, message(collide.convex, same))
    local diagonal = { { 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 2 }, { 3, 3, 3 } }
    assert.are.equal(line, message(collide.convex, diagonal))
    -- coplanar points in 3D: a flat hull in their plane
    local slant = collide.convex { { 0, 0, 1 }, { 1, 0, 2 }, { 0, 1, 3 }, { 1, 1, 4 } }
    assert.is_true(slant.flat)
    -- the 256-point wheel spinning in a world: a ball at rest beside it is
    -- never inside (the wheel is round: it never pushes)
    local w = collide.world()
    local id = w:add_convex(wheel, V(0, 0), 0)
    w:set_spin(id, 0.7)
    local p = V(1.5, 0)
    for _ = 1, 5 do
      p = w:move_sphere(0.4, p, p)
      w:advance()
      assert.is_true(#w:overlap_sphere(p, 0.4 - 1e-9) == 0)
    end
    -- a 3D hull of 256 points spinning about a tilted axis, a box at rest
    local drum = collide.convex(circle(256, true))
    local w3 = collide.world()
    local id3 = w3:add_convex(drum, V(0, 0, 0), qaxis(1, 1, 0, 0.3))
    w3:set_spin(id3, qaxis(0.2, 0.3, 1, 0.4))
    local q = V(0, 0, 3)
    for _ = 1, 5 do
      q = w3:move_aabb(V(0.3, 0.3, 0.3), q, q)
      w3:advance()
      assert.is_true(#w3:overlap_aabb(q, V(0.3, 0.3, 0.3) * (1 - 1e-9)) == 0)
    end
  end)

  it("a turning sweep of a tiny scene answers as the same scene at size 1", function()
    -- the same scene scaled by s: the same u, a unit normal in the plane
    local function scene(s)
      local A = collide.convex_box(V(s, s, 0))
      return { collide.sweep_convex_turning(A, 0, 3, V(0, 0), V(10 * s, 0), A, 1, V(5 * s, 0)) }
    end
    local ref = scene(1)
    assert.is_true(ref[1] and ref[2] > 0.2)
    for _, s in ipairs({ 2 ^ -60, 1e-100, 1e-150, 1e-160, 1e-200, 1e-300, 2 ^ -1022 }) do
      local r = scene(s)
      assert.is_true(r[1])
      assert.is_true(abs(r[2] - ref[2]) < 1e-12,
                     ("u %.17g at scale %g, %.17g at 1"):format(r[2], s, ref[2]))
      assert.are.equal(0, r[4].z)
      assert.is_true(abs(r[4]:length() - 1) < 1e-12)
      assert.is_true(abs(r[4].x - ref[4].x) < 1e-9)
    end
    -- a world at that size: a blade 1e-200 long spinning past a ball
    local s = 1e-200
    local w = collide.world()
    local blade = w:add_convex(collide.convex_box(V(3 * s, 0.1 * s, 0)), V(0, 0), 0.2)
    w:set_spin(blade, 1)
    local hit, u = w:sweep_sphere(0.45 * s, V(0.4 * s, 1.03 * s), V(0.4 * s, 1.03 * s))
    local w1 = collide.world()
    local b1 = w1:add_convex(collide.convex_box(V(3, 0.1, 0)), V(0, 0), 0.2)
    w1:set_spin(b1, 1)
    local hit1, u1 = w1:sweep_sphere(0.45, V(0.4, 1.03), V(0.4, 1.03))
    assert.is_true(hit and hit1)
    assert.is_true(abs(u - u1) < 1e-9)
  end)

  -- The same 2D scene scaled by s, down to tiny sizes: the same answer.
  local function tiny_scene(s)
    local A = collide.convex_box(V(s, s, 0))
    local c0, c1 = V(0, 0), V(10 * s, 2 * s)
    return {
      convex = { collide.sweep_convex_convex(A, 0.3, c0, c1, A, 1, V(5 * s, 0)) },
      aabb = { collide.sweep_convex_aabb(A, 0.3, c0, c1, V(5 * s, 0), V(s, s, 0)) },
      segment = { collide.sweep_convex_segment(A, 0.3, c0, c1, V(5 * s, -s), V(5 * s, s)) },
      sphere = { collide.sweep_convex_sphere(A, 0.3, c0, c1, V(5 * s, 0), s) },
      capsule = { collide.sweep_convex_capsule(A, 0.3, c0, c1, V(5 * s, -s), V(5 * s, s), s) },
      ray = { collide.raycast_convex(A, 0.3, V(5 * s, 0), V(0, 0), V(10 * s, 2 * s)) },
    }
  end
  local function tiny_failures(kinds)
    local ref, out = tiny_scene(1), {}
    for e = -150, -170, -0.5 do
      local got = tiny_scene(10 ^ e)
      for _, k in ipairs(kinds) do
        local r, g = ref[k], got[k]
        if not (g[1] == r[1] and abs(g[2] - r[2]) < 1e-9 and (g[4] - r[4]):length() < 1e-6) then
          out[#out + 1] = ("%s at 1e%g: u %s, %.17g at size 1"):format(k, e, tostring(g[2]), r[2])
        end
      end
    end
    return out
  end

  it("convex sweeps of a tiny 2D scene answer as at size 1", function()
    assert.are.same({}, tiny_failures({ "convex", "aabb", "segment" }))
  end)

  -- The round obstacles and the ray on a 2D scene below about 1e-157:
  -- before, their kernels' products underflowed (u off by 1e-5 at 1e-160,
  -- u = 0 with a wrong normal below 1e-162, the ray's normal with a z
  -- part); a tiny scene is now measured in a larger unit, 2^k.
  it("convex sweeps against a circle or capsule, and the ray, on a tiny 2D scene", function()
    assert.are.same({}, tiny_failures({ "sphere", "capsule", "ray" }))
  end)

  it("round obstacles, rays and world sweeps of tiny 2D and 3D hulls answer as at size 1",
     function()
    -- a box, a 3D hull and a 2D hull, turned; obstacles met on the way
    -- and overlapping at the start; the same queries in a world
    local q = { w = cos(0.2), x = sin(0.2) * 0.6, y = 0, z = sin(0.2) * 0.8 }
    local function scene(s)
      local hulls = {
        box3 = collide.convex_box(V(s, s, s)),
        hull3 = collide.convex({ V(s, 0, 0), V(-s, 0.2 * s, 0), V(0, s, 0), V(0, -s, 0.1 * s),
                                 V(0, 0, s), V(0.1 * s, 0, -s) }),
        hull2 = collide.convex({ V(s, 0), V(-s, 0.2 * s), V(0, s), V(0.3 * s, -s) }),
      }
      local out, c0 = {}, V(0, 0, 0)
      for name, A in pairs(hulls) do
        local rot = name == "hull2" and 0.3 or q
        local c1 = name == "hull2" and V(10 * s, 2 * s) or V(10 * s, 2 * s, s)
        out[name .. " sphere"] = { collide.sweep_convex_sphere(A, rot, c0, c1, V(5 * s, 0), s) }
        out[name .. " sphere at start"] =
          { collide.sweep_convex_sphere(A, rot, c0, c1, V(1.2 * s, 0.3 * s), s) }
        out[name .. " capsule"] =
          { collide.sweep_convex_capsule(A, rot, c0, c1, V(5 * s, -s), V(5 * s, s), s) }
        out[name .. " capsule at start"] =
          { collide.sweep_convex_capsule(A, rot, c0, c1, V(1.5 * s, -s), V(1.5 * s, s), s) }
        out[name .. " ray"] =
          { collide.raycast_convex(A, rot, V(5 * s, 0), V(0, 0.1 * s), V(10 * s, 0.5 * s)) }
        out[name .. " ray at start"] =
          { collide.raycast_convex(A, rot, V(0.1 * s, 0), V(0, 0.1 * s), c1) }
        local w = collide.world()
        w:add_convex(A, V(5 * s, 0.5 * s), rot)
        out[name .. " w:sweep_sphere"] = { w:sweep_sphere(0.5 * s, c0, c1) }
        out[name .. " w:sweep_aabb"] = { w:sweep_aabb(V(0.5 * s, 0.4 * s, 0.3 * s), c0, c1) }
        out[name .. " w:sweep_capsule"] = { w:sweep_capsule(0.5 * s, V(0, 0.3 * s, 0), c0, c1) }
      end
      return out
    end
    local ref, bad = scene(1), {}
    for _, r in pairs(ref) do assert.is_true(r[1]) end
    for e = -100, -300, -12.5 do
      local got = scene(10 ^ e)
      for k, r in pairs(ref) do
        local g = got[k]
        if not (g[1] and abs(g[2] - r[2]) < 1e-9 and (g[4] - r[4]):length() < 1e-6) then
          bad[#bad + 1] = ("%s at 1e%g: u %s, %.17g at size 1"):format(k, e, tostring(g[2]), r[2])
        end
      end
    end
    table.sort(bad)
    assert.are.same({}, bad)
  end)

  it("huge coordinates and huge spins near the limit: answers, never a crash", function()
    local L = collide.max_coord
    local w = collide.world()
    local big = collide.convex_box(V(1e48, 1e48, 0))
    local id = w:add_convex(big, V(5e49, 0), 0.3)
    w:set_spin(id, 0.5)
    local hit, u = w:sweep_sphere(1, V(5e49 - 3e48, 0), V(5e49, 0))
    assert.is_true(hit and u > 0 and u < 1)
    local p = w:move_convex(big, 0.1, V(5e49 - 3e48, 0), V(5e49, 0))
    assert.is_true(p.x < 5e49)
    w:advance()
    assert.is_true(w:add_convex(big, V(L, 0), 0.3) > 0)
    -- a rotation near the limit advanced: never an error (before, the
    -- sum passed the limit and advance raised "number too large"); an
    -- angle past 2^23 is taken within [-pi, pi] before its turn is added
    -- (so two turns of 1 leave it within pi + 2), the same rotation (the
    -- checker's: libm's cosine and sine of the angle plus the turn); one
    -- within it is the sum as before
    for _, start in ipairs({ 9e49, -L, L, 1e20, 2 ^ 23 + 0.5, 12345.678, -2 ^ 23 }) do
      local w2 = collide.world()
      local id2 = w2:add_convex(box, V(0, 0), start)
      assert.is_true(w2:set_spin(id2, 1))
      w2:advance()
      w2:advance()
      local rot = select(4, w2:get(id2))
      if abs(start) > 2 ^ 23 then
        assert.is_true(abs(rot) <= pi + 2 + 1e-15, tostring(rot))
      else
        assert.are.equal(start + 1 + 1, rot)
      end
      local c = cos(start) * cos(2) - sin(start) * sin(2)
      local s = sin(start) * cos(2) + cos(start) * sin(2)
      assert.is_true(abs(cos(rot) - c) < 1e-12 and abs(sin(rot) - s) < 1e-12,
                     ("start %g: %.17g"):format(start, rot))
    end
    -- a spin whose turn a step is too large to be known to 1e-9 rad
    -- (beyond 2^22 rad, the spacing of doubles passes 2^-30 rad) is an
    -- error naming the argument; up to it, taken as given
    local w2 = collide.world()
    local id2 = w2:add_convex(box, V(0, 0), 0)
    local too_large = "bad argument #2 to 'set_spin' (spin too large (limit 2^22 radians a step))"
    for _, spin in ipairs({ 9.9e49, 1e17, -1e49, 2 ^ 22 + 1, -(2 ^ 22) - 1, 4194304.000000001 }) do
      assert.are.equal(too_large, message(w2.set_spin, w2, id2, spin))
    end
    assert.are.equal(0, w2:spin(id2))
    for _, spin in ipairs({ 2 ^ 22, -(2 ^ 22), 2 * pi, 1e-300, 5e-324 }) do
      local w3 = collide.world()
      local id3 = w3:add_convex(box, V(0, 0), 0)
      assert.is_true(w3:set_spin(id3, spin))
      local q = w3:move_sphere(0.2, V(0.5, 0.5), V(0.5, 0.5))
      assert.is_true(q.x == q.x)
      w3:advance()
      local w4 = collide.load(w3:save())
      assert.are.equal(spin, w4:spin(id3))
    end
  end)

  it("a spinning shape turned for a long time: its angle within 2^23, exact to rounding", function()
    -- 3.3 rad a step for 2000 steps: the angle is the sum, as the
    -- checker adds it; the largest spin, 2^22 rad a step, for 200: the
    -- angle never past 2^23 + 2^22 (whole turns taken off beyond 2^23),
    -- the checker's k 2^22 (exact; libm reduces it exactly) to the
    -- rounding of each step's sum (2^-30 rad near 2^23)
    local w = collide.world()
    local id = w:add_convex(box, V(0, 0), 0)
    w:set_spin(id, 3.3)
    local sum = 0
    for _ = 1, 2000 do
      w:advance()
      sum = sum + 3.3
      assert.are.equal(sum, select(4, w:get(id)))
    end
    w:set_spin(id, 2 ^ 22)
    for k = 1, 200 do
      w:advance()
      local rot = select(4, w:get(id))
      local a = sum + k * 2 ^ 22
      assert.is_true(abs(rot) <= 2 ^ 23 + 2 ^ 22)
      assert.is_true(abs(cos(rot) - cos(a)) < k * 2e-9 and abs(sin(rot) - sin(a)) < k * 2e-9,
                     ("step %d: %.17g"):format(k, rot))
    end
  end)

  it("an angle spin turns a shape whose rotation is a quaternion by that angle, not the short way",
     function()
    -- a plank turning 4 rad a step (and -4, 2.5, 6) about z past a ball
    -- at rest: the first u at which the plank, turned u * spin from its
    -- rotation, reaches the ball, found by the checker (the ball's
    -- distance to the turned plank at 4000 instants, then bisection);
    -- the same whether the plank's rotation is the angle 0 or the
    -- quaternion 1 (before, the quaternion's turned the short way,
    -- -2.28 rad for 4, and met the ball at u 0.67 instead of 0.29)
    local plank = box_points(2, 0.1)
    local function depth(u, spin, cx, cy)
      return circle_depth(cx, cy, 0.25, turned_poly(plank, u * spin, 0, 0))
    end
    for _, spin in ipairs({ 4, -4, 2.5, 6 }) do
      for _, c in ipairs({ { 0.3, 1.5 }, { -1, 0.8 }, { 1.7, 0.6 } }) do
        local lo, hi
        for i = 1, 4000 do
          if depth(i / 4000, spin, c[1], c[2]) >= 0 then
            lo, hi = (i - 1) / 4000, i / 4000
            break
          end
        end
        assert.is_truthy(lo)
        for _ = 1, 60 do
          local mid = (lo + hi) / 2
          if depth(mid, spin, c[1], c[2]) >= 0 then hi = mid else lo = mid end
        end
        for _, rot in ipairs({ 0, { w = 1, x = 0, y = 0, z = 0 } }) do
          local w = collide.world()
          local id = w:add_convex(collide.convex_box(V(2, 0.1, 0)), V(0, 0), rot)
          w:set_spin(id, spin)
          local hit, u = w:sweep_sphere(0.25, V(c[1], c[2]), V(c[1], c[2]))
          assert.is_true(hit and u <= hi + 1e-12 and u > hi - 1e-6,
                         ("spin %g at (%g, %g), rotation %s: u %s, the checker %.12g")
                           :format(spin, c[1], c[2], type(rot), tostring(u), hi))
        end
      end
    end
  end)

  it("changing the world from a filter during a move is an error; the world stays whole", function()
    local w, mill = spinning_world()
    local locked = "world is locked during a query"
    assert.matches("remove: " .. locked, message(w.move_sphere, w, 0.3, V(0.5, 1.9), V(0.5, 1.9),
      { filter = function() w:remove(mill) return true end }))
    assert.matches("set_spin: " .. locked, message(w.move_sphere, w, 0.3, V(0.5, 1.9), V(0.5, 1.9),
      { filter = function() w:set_spin(mill, 1) return true end }))
    assert.matches("update: " .. locked, message(w.move_convex, w, box, 0, V(0.5, 1.9), V(0.5, 1.9),
      { filter = function() w:update(mill, box, V(0, 0), 0) return true end }))
    local me = w:add_convex(box, V(0.5, 2.0), 0)
    assert.matches("remove: " .. locked, message(w.move_shape, w, me, V(0.5, 1.6),
      { filter = function() w:remove(me) return true end }))
    assert.matches("remove: " .. locked, message(w.sweep_convex, w, box, 0.1, V(3, 1.5), V(-3, 1.5),
      function() w:remove(mill) return true end))
    assert.matches("advance: " .. locked, message(w.move_shape, w, me, V(0.5, 1.6),
      { filter = function() w:advance() return true end }))
    -- and after each: unlocked, the shapes where they were
    assert.are.equal(3, w:count())
    assert.is_true(w:set_spin(mill, 0.25))
    w:advance()
    local kind, _, _, rot = w:get(mill)
    assert.are.equal("convex", kind)
    assert.is_true(abs(rot - 0.25) < 1e-15)
  end)

  it("rotation tables that error, change the world, or yield", function()
    local w, mill = spinning_world()
    local boom = setmetatable({}, { __index = function(_, k) error("boom " .. k) end })
    assert.matches("boom w", message(w.set_spin, w, mill, boom))
    assert.matches("boom w", message(w.add_convex, w, box, V(0, 0), boom))
    assert.matches("boom w", message(w.move_convex, w, box, boom, V(3, 3), V(4, 3)))
    assert.are.equal(0.5, w:spin(mill))
    -- a rotation whose fields remove the shape being spun: false, as for
    -- an unknown id
    local function removing(id)
      return setmetatable({}, { __index = function(_, k)
        w:remove(id)
        return k == "w" and 1 or 0
      end })
    end
    assert.is_false(w:set_spin(mill, removing(mill)))
    assert.is_nil(w:spin(mill))
    -- fields that grow the world (its arrays move) while it is read
    local w2, mill2 = spinning_world()
    local growing = setmetatable({}, { __index = function(_, k)
      for i = 1, 100 do w2:add_sphere(V(i, 50), 0.1) end
      return k == "w" and 1 or 0
    end })
    assert.is_true(w2:set_spin(mill2, growing))
    assert.are.equal(1, w2:spin(mill2).w)
    local removed_grown = setmetatable({}, { __index = function(_, k)
      w2:remove(mill2)
      for i = 1, 100 do w2:add_sphere(V(i, 60), 0.1) end
      return k == "w" and 1 or 0
    end })
    assert.is_false(w2:update(mill2, box, V(0, 2), removed_grown))
    local id = w2:add_convex(box, V(0, 2), growing)
    assert.are.equal("convex", (w2:get(id)))
    -- a move whose rotation removes the spinning shape and adds another
    local w3, mill3 = spinning_world()
    local swap = setmetatable({}, { __index = function(_, k)
      if w3:get(mill3) then
        w3:remove(mill3)
        w3:set_spin(w3:add_convex(box, V(0, 0), 0), 1)
      end
      return k == "w" and 1 or 0
    end })
    local p = w3:move_convex(box, swap, V(1, 1.5), V(1, 1.5))
    assert.is_true(p.x == p.x)
    -- a yield from a filter or a rotation's field inside a coroutine: an
    -- error, or (a rotation read by Lua code on the FFI backend) a plain
    -- yield, resumed later; never a crash, the world usable after
    local co = coroutine.wrap(function()
      return pcall(w3.move_sphere, w3, 0.3, V(5, 1.9), V(5, -5),
                   { filter = function() coroutine.yield(1) return true end })
    end)
    local ok, err = co()
    assert.is_false(ok)
    assert.matches("yield", tostring(err))
    local yielding = coroutine.create(function()
      local rot = setmetatable({}, { __index = function(_, k)
        coroutine.yield("y")
        return k == "w" and 1 or 0
      end })
      return w3:move_convex(box, rot, V(3, 1.5), V(3, 1.5))
    end)
    for _ = 1, 8 do
      if coroutine.status(yielding) == "dead" then break end
      coroutine.resume(yielding)
      w3:add_sphere(V(40, 40), 0.1)
    end
    w3:advance()
    assert.is_true(w3:count() > 0)
  end)
end)
