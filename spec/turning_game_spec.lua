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
local collide = require "collide"
local size = require "spec.support.size"
local V = collide.vec3

local abs, sqrt, max, min, sin, cos, pi = math.abs, math.sqrt, math.max,
                                          math.min, math.sin, math.cos, math.pi

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

local function point_box(p, c, q, e)
  local lp = qrotate({ w = q.w, x = -q.x, y = -q.y, z = -q.z },
                     { p[1] - c[1], p[2] - c[2], p[3] - c[3] })
  local out, inside = 0, -math.huge
  for i = 1, 3 do
    local d = abs(lp[i]) - e[i]
    if d > 0 then out = out + d * d end
    inside = max(inside, d)
  end
  if out > 0 then return sqrt(out) end
  return inside
end

local function segment_box(a, b, c, q, e)
  local function f(t)
    return point_box({ a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t,
                       a[3] + (b[3] - a[3]) * t }, c, q, e)
  end
  local lo, hi, g = 0, 1, (sqrt(5) - 1) / 2
  for _ = 1, 80 do
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

local function player_depth(kind, x, y, poly)
  if kind == "ball" then return circle_depth(x, y, BALL_R, poly) end
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
      newpos, contacts, grounded, newvel = w:move_convex(TURNED, TURN, pos, to, options, out_pos, out_vel)
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
        if point_poly(cx, cy, turned_poly(s.points, s.angle - s.spin + t * s.spin, s.x, s.y)) < -1e-9 then
          fail(frame, ("centre inside solid %d at t = %g"):format(s.id, t))
        end
      end
    end
    -- the world agrees with the checker about where the spinning shapes are
    for _, s in ipairs(solids) do
      if s.spin ~= 0 then
        local kindname, _, p, rot = w:get(s.id)
        if kindname ~= "convex" or abs(rot - s.angle) > 1e-9 or p.x ~= s.x or p.y ~= s.y then
          fail(frame, ("solid %d at rotation %s, the checker says %s"):format(s.id, tostring(rot), s.angle))
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
      -- it did play the level: ran, landed, jumped, met the windmill
      assert.is_true(seen.grounded > FRAMES / 4)
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
  for _, spin in ipairs({ 0.3, 0.5, 0.7, 1.0, -2.5, 3.1 }) do
    for _, kind in ipairs({ "box", "turned", "ball" }) do
      it(("spinning %g a frame, against a %s"):format(spin, kind), function()
        local w = collide.world()
        local blade = { points = box_points(3, 0.1), x = 0, y = 0, angle = 0.2, spin = spin }
        blade.id = w:add_convex(collide.convex_box(V(3, 0.1, 0)), V(0, 0), 0.2)
        w:set_spin(blade.id, spin)
        local failures, pushed = {}, 0
        for start = 1, 5 do
          local pos = V(0.6 * start - 0.2, 0.9 + 0.13 * start)
          for frame = 1, 12 do
            local from = pos
            local contacts
            if kind == "box" then
              pos, contacts = w:move_aabb(BOX_E, pos, pos)
            elseif kind == "turned" then
              pos, contacts = w:move_convex(TURNED, TURN, pos, pos)
            else
              pos, contacts = w:move_sphere(BALL_R, pos, pos)
            end
            if #contacts > 0 then pushed = pushed + 1 end
            w:advance()
            blade.angle = blade.angle + spin
            local d = player_depth(kind, pos.x, pos.y, solid_poly(blade))
            if d > 1e-9 and #failures < 10 then
              failures[#failures + 1] = ("start %d frame %d: inside by %.3g"):format(start, frame, d)
            end
            for i = 1, 200 do
              local t = i / 200
              local cx, cy = from.x + (pos.x - from.x) * t, from.y + (pos.y - from.y) * t
              if point_poly(cx, cy, solid_poly_at(blade, t - 1)) < -1e-9 and #failures < 10 then
                failures[#failures + 1] = ("start %d frame %d: the blade crossed the centre at t = %g"):format(start, frame, t)
                break
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
