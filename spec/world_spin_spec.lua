-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, pcall, select = assert, ipairs, math, pcall, select
local tostring = tostring
local collide = require "collide"
local vec3 = collide.vec3
local size = dofile("spec/support/size.lua")

local function quat(a, x, y, z)
  local s = math.sin(a / 2)
  return { w = math.cos(a / 2), x = x * s, y = y * s, z = z * s }
end

local PLANK = collide.convex_box(vec3(2, 0.1, 0))

describe("w:set_spin", function()
  describe("the spin of a shape", function()
    it("is 0 until given, then as given; a zero turn stops it", function()
      local w = collide.world()
      local id = w:add_convex(PLANK, vec3(0, 0), 0)
      assert.equal(0, w:spin(id))
      assert.is_true(w:set_spin(id, 0.5))
      assert.equal(0.5, w:spin(id))
      assert.is_true(w:set_spin(id, quat(0.2, 0, 1, 0)))
      assert.near(math.sin(0.1), w:spin(id).y, 1e-15)
      assert.is_true(w:set_spin(id, 0))
      w:advance()
      assert.equal(0, select(4, w:get(id)))
    end)

    it("answers false for an unknown id, nil for its spin", function()
      local w = collide.world()
      assert.is_false(w:set_spin(7, 1))
      assert.is_nil(w:spin(7))
      assert.is_nil(w:spin(w:add_sphere(vec3(0, 0), 1)))
    end)

    it("turns the shape in advance, by the angle as given", function()
      local w = collide.world()
      local id = w:add_convex(PLANK, vec3(0, 0), 0.25)
      w:set_spin(id, 4)   -- more than half a turn a step: as given
      w:advance()
      w:advance()
      assert.near(8.25, select(4, w:get(id)), 1e-15)
    end)

    it("turns a quaternion about the world axis of the spin", function()
      local w = collide.world()
      local cube = collide.convex_box(vec3(1, 1, 1))
      local id = w:add_convex(cube, vec3(5, 0, 0), quat(0.3, 1, 0, 0))
      w:set_spin(id, quat(0.2, 0, 0, 1))
      w:set_velocity(id, vec3(1, 0, 0))
      for _ = 1, 5 do w:advance() end
      local _, _, pos, rot = w:get(id)
      assert.equal(vec3(10, 0, 0), pos)
      -- (turned by 1 rad about z after 0.3 about x: q = qz(1) qx(0.3))
      local a, b = quat(1, 0, 0, 1), quat(0.3, 1, 0, 0)
      local expect = { w = a.w * b.w - a.z * b.z, x = a.w * b.x, y = a.z * b.x, z = a.z * b.w }
      for _, k in ipairs { "w", "x", "y", "z" } do assert.near(expect[k], rot[k], 1e-14) end
    end)

    it("keeps the spin through w:update, and spins with no velocity", function()
      local w = collide.world()
      local id = w:add_convex(PLANK, vec3(0, 0), 0)
      w:set_spin(id, 0.1)
      w:set_velocity(id, vec3(1, 0))
      w:set_velocity(id, vec3(0, 0))
      w:update(id, collide.convex_box(vec3(3, 0.1, 0)), vec3(1, 1), 0.5)
      assert.equal(0.1, w:spin(id))
      w:advance()
      local _, _, pos, rot = w:get(id)
      assert.equal(vec3(1, 1, 0), pos)
      assert.near(0.6, rot, 1e-15)
    end)
  end)

  describe("bad arguments", function()
    local function message(f, ...)
      local ok, err = pcall(f, ...)
      assert.is_false(ok)
      return (tostring(err):gsub("^.-:%d+: ", ""))
    end

    it("names the id of a shape that is not convex, and a bad rotation", function()
      local w = collide.world()
      local id = w:add_convex(PLANK, vec3(0, 0), 0)
      local ball = w:add_sphere(vec3(5, 5), 1)
      assert.equal("bad argument #1 to 'set_spin' (shape cannot spin: only convex shapes can)",
                   message(w.set_spin, w, ball, 1))
      assert.equal("bad argument #2 to 'set_spin' (number is NaN)",
                   message(w.set_spin, w, id, 0 / 0))
      assert.equal("bad argument #2 to 'set_spin' (number is infinite)",
                   message(w.set_spin, w, id, -math.huge))
      assert.equal("bad argument #2 to 'set_spin' (rotation is not a unit quaternion)",
                   message(w.set_spin, w, id, { w = 1, x = 1, y = 0, z = 0 }))
      assert.equal("bad argument #2 to 'set_spin' " ..
                   "(rotation (angle or quaternion) expected, got nil)",
                   message(w.set_spin, w, id))
      -- checked for an unknown id too
      assert.equal("bad argument #2 to 'set_spin' (number is NaN)",
                   message(w.set_spin, w, 99, 0 / 0))
    end)
  end)

  --[[ A plank turning a quarter turn about its centre during a step, a
       ball of radius 0.25 at rest beside it:

              (ball)       the top face reaches the ball's centre's
            /              distance 0.1 + 0.25 from the plank's axis when
        ==========         it has turned atan2(1.5, 1) - asin(0.35 / r)
  ]]
  describe("sweeps against a spinning shape", function()
    local r = math.sqrt(1 + 1.5 ^ 2)
    local turned = math.atan2 and math.atan2(1.5, 1) or math.atan(1.5, 1)
    turned = turned - math.asin(0.35 / r)

    it("meet a ball the plank turns into, never after the first contact", function()
      local w = collide.world()
      local id = w:add_convex(PLANK, vec3(0, 0), 0)
      w:set_spin(id, math.pi / 2)
      local hit, u, p, n, f, hid = w:sweep_sphere(0.25, vec3(1, 1.5), vec3(1, 1.5))
      assert.is_true(hit)
      assert.equal(id, hid)
      assert.equal("edge", f)
      assert.is_true(u * math.pi / 2 <= turned)
      assert.is_true((turned - u * math.pi / 2) * r <= 1e-9 * (math.pi / 2) * PLANK.radius)
      assert.near(-math.sin(turned), n.x, 1e-9)
      assert.near(math.cos(turned), n.y, 1e-9)
      -- on the ball, but for the gap left (the tolerance)
      assert.near(0.25, (vec3(1, 1.5) - p):length(), 1e-9 * (math.pi / 2) * PLANK.radius)
    end)

    it("meet a box and a capsule the same way, and miss what the plank turns away from", function()
      local w = collide.world()
      local id = w:add_convex(PLANK, vec3(0, 0), 0)
      w:set_spin(id, math.pi / 2)
      local hit, u = w:sweep_aabb(vec3(0.25, 0.25, 0), vec3(1, 1.5), vec3(1, 1.5))
      assert.is_true(hit)
      assert.is_true(u > 0 and u < 1)
      hit = w:sweep_capsule(0.2, vec3(0, 0.3), vec3(1, 1.5), vec3(1, 1.5))
      assert.is_true(hit)
      w:set_spin(id, -math.pi / 2)
      assert.is_false(w:sweep_sphere(0.25, vec3(1, 1.5), vec3(1, 1.5)))
    end)

    it("see the shape turned where the step has brought it: a moving sweep", function()
      -- the plank turns a quarter turn while a ball drops past its end:
      -- at rest it would hit the plank (along x), turned it passes
      local w = collide.world()
      local id = w:add_convex(PLANK, vec3(0, 0), 0)
      assert.is_true((w:sweep_sphere(0.2, vec3(1.5, 3), vec3(1.5, -3))))
      w:set_spin(id, math.pi / 2)
      local hit, u = w:sweep_sphere(0.2, vec3(1.5, 3), vec3(1.5, -3))
      -- turned, the plank stands up along y: met by the ball's side
      -- sweep only if it comes within reach; it does not at x = 1.5
      -- once turned, but it does early on: either way never inside
      if hit then assert.is_true(u < 0.5) end
    end)

    it("are never inside the shape: random spins against a dense static check", function()
      math.randomseed(11)
      local n, hits = size.cases(60, 600), 0
      for i = 1, n do
        local w = collide.world()
        local A = collide.convex_box(vec3(0.5 + math.random() * 2, 0.05 + math.random() * 0.5, 0))
        local spin = (math.random() - 0.5) * 3
        local rot = math.random() * 6
        local pos = vec3(math.random() - 0.5, math.random() - 0.5)
        local id = w:add_convex(A, pos, rot)
        w:set_spin(id, spin)
        local vel = vec3(math.random() - 0.5, math.random() - 0.5)
        w:set_velocity(id, vel)
        local rb = 0.1 + math.random() * 0.5
        local c0 = vec3((math.random() - 0.5) * 8, (math.random() - 0.5) * 8)
        -- (through the shape's neighbourhood: about half of them meet it)
        local c1 = c0 * -math.random() + vec3((math.random() - 0.5) * 8,
                                              (math.random() - 0.5) * 8)
        local hit, u = w:sweep_sphere(rb, c0, c1)
        if hit then hits = hits + 1 end
        -- the static test at an instant t: the ball at c(t) against the
        -- plank turned by rot + t spin at pos + t vel
        local function touching(t)
          return (collide.sweep_convex_sphere(A, rot + t * spin, pos + vel * t, pos + vel * t,
                                              c0 + (c1 - c0) * t, rb))
        end
        local last = hit and u or 1
        for k = 0, 400 do
          local t = last * k / 400
          -- (a plain test per instant, luassert's call only for a failure)
          if (k < 400 or not hit) and t < last and touching(t) then
            assert.is_falsy(true, "inside before u: case " .. i)
          end
        end
        if not hit then
          for k = 0, 400 do
            if touching(k / 400) then assert.is_falsy(true, "missed: case " .. i) end
          end
        end
      end
      assert.is_true(hits > n / 5 and hits < n)   -- (hits and misses both drawn)
    end)
  end)

  describe("in 3D, boxes against a shape spun by a quaternion", function()
    -- q(t) = (the spin's turn by t of its angle) q0, about the spin's axis
    local function qmul(a, b)
      return { w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
               x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
               y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
               z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w }
    end

    it("are never inside it, and meet it when a dense check says they must", function()
      math.randomseed(5)
      local n, hits = size.cases(30, 300), 0
      for i = 1, n do
        local w = collide.world()
        local A = collide.convex_box(vec3(0.5 + math.random() * 2, 0.2 + math.random(),
                                          0.1 + math.random() * 0.5))
        local ax = vec3(math.random() - 0.5, math.random() - 0.5, math.random() - 0.5):normalize()
        local ang = math.random() * 2
        local q0 = quat(math.random() * 6, 0.6, 0, 0.8)
        local pos = vec3(math.random() - 0.5, math.random() - 0.5, math.random() - 0.5)
        local id = w:add_convex(A, pos, q0)
        w:set_spin(id, quat(ang, ax.x, ax.y, ax.z))
        local e = vec3(0.1 + math.random() * 0.4, 0.1 + math.random() * 0.4,
                       0.1 + math.random() * 0.4)
        local c0 = vec3((math.random() - 0.5) * 6, (math.random() - 0.5) * 6,
                        (math.random() - 0.5) * 6)
        -- (through the shape's neighbourhood: about half of them meet it)
        local c1 = c0 * -math.random() + vec3((math.random() - 0.5) * 8,
                                              (math.random() - 0.5) * 8,
                                              (math.random() - 0.5) * 8)
        local hit, u = w:sweep_aabb(e, c0, c1)
        if hit then hits = hits + 1 end
        local function touching(t)
          local rot = qmul(quat(t * ang, ax.x, ax.y, ax.z), q0)
          local c = c0 + (c1 - c0) * t
          return (collide.sweep_convex_aabb(A, rot, pos, pos, c, e))
        end
        if hit and u > 0 then
          for k = 0, 199 do
            if touching(u * k / 200) then assert.is_falsy(true, "inside before u: case " .. i) end
          end
        elseif not hit then
          for k = 0, 400 do
            if touching(k / 400) then assert.is_falsy(true, "missed: case " .. i) end
          end
        end
      end
      assert.is_true(hits > n / 5 and hits < n)   -- (hits and misses both drawn)
    end)

    it("start inside: u = 0, the shortest way out", function()
      local w = collide.world()
      local id = w:add_convex(collide.convex_box(vec3(2, 2, 2)), vec3(0, 0, 0), 0)
      w:set_spin(id, quat(0.5, 0, 0, 1))
      local hit, u, _, n, _, hid = w:sweep_sphere(0.5, vec3(1.8, 0, 0), vec3(-3, 0, 0))
      assert.is_true(hit)
      assert.equal(id, hid)
      assert.equal(0, u)
      assert.equal(vec3(1, 0, 0), n)
    end)
  end)

  --[[ A platformer's turning platform: a box rides a plank spinning
       slowly about its centre. ]]
  describe("a mover on a spinning shape", function()
    it("is carried round on its circle", function()
      local w = collide.world()
      local disc = collide.convex_box(vec3(3, 0.2, 3))
      local id = w:add_convex(disc, vec3(0, 0, 0), { w = 1, x = 0, y = 0, z = 0 })
      w:set_spin(id, quat(0.1, 0, 1, 0))
      local pos = vec3(2, 0.7, 0)
      local opts = { up = vec3(0, 1, 0), carry = true }
      for _ = 1, 20 do
        pos = w:move_aabb(vec3(0.5, 0.5, 0.5), pos, pos, opts)
        w:advance()
      end
      assert.near(2, math.sqrt(pos.x ^ 2 + pos.z ^ 2), 1e-9)
      assert.near(0.7, pos.y, 1e-9)
      assert.near(math.cos(2), pos.x / 2, 1e-9)
      assert.near(-math.sin(2), pos.z / 2, 1e-9)
    end)

    it("is pushed by a bar that turns into it, never left inside", function()
      local w = collide.world()
      w:add_aabb(vec3(0, -1, 0), vec3(10, 0.5, 10))                 -- the floor
      local bar = collide.convex_box(vec3(3, 0.4, 0.2))
      local id = w:add_convex(bar, vec3(0, 0.1, 0), { w = 1, x = 0, y = 0, z = 0 })
      w:set_spin(id, quat(0.15, 0, 1, 0))
      local e = vec3(0.3, 0.3, 0.3)
      local pos = vec3(2, -0.2, -1.2)
      local start = pos
      for frame = 1, 60 do
        pos = w:move_aabb(e, pos, pos, { up = vec3(0, 1, 0) })
        w:advance()
        for _, p in ipairs(w:penetration_aabb(pos, e)) do
          assert.is_true(p.depth < 1e-6, "inside the bar at frame " .. frame)
        end
      end
      assert.is_true((pos - start):length() > 1)   -- it was pushed away
    end)
  end)

  --[[ A convex mover (w:sweep_convex, w:move_convex) sees the turn as a
       box does: a box hull at rotation 0 gets the box's very answers. ]]
  describe("a convex mover against a spinning shape", function()
    it("meets it where its turn brings it, as the equal box does", function()
      local hits = 0
      for k = 1, size.cases(200, 1000) do
        local w = collide.world()
        local id = w:add_convex(PLANK, vec3(0, 0), 0)
        w:set_spin(id, (k % 7 - 3) * 0.4 + 0.05)
        local c0 = vec3(0.6 + (k % 5) * 0.2, 0.8 + (k % 3) * 0.3)
        local c1 = vec3(c0.x + (k % 4 - 2) * 0.1, c0.y - (k % 5) * 0.1)
        local e = vec3(0.2, 0.15, 0)
        local h1, u1, p1, n1 = w:sweep_aabb(e, c0, c1)
        local h2, u2, p2, n2, _, id2 = w:sweep_convex(collide.convex_box(e), 0, c0, c1)
        assert.equal(h1, h2, "case " .. k)
        if h1 then
          hits = hits + 1
          assert.equal(id, id2)
          assert.near(u1, u2, 1e-12)
          assert.is_true((p1 - p2):length() < 1e-9 and (n1 - n2):length() < 1e-9)
        end
      end
      assert.is_true(hits > 0)
    end)

    it("is carried round on its circle", function()
      local w = collide.world()
      local id = w:add_convex(collide.convex_box(vec3(3, 0.2, 3)), vec3(0, 0, 0),
                              { w = 1, x = 0, y = 0, z = 0 })
      w:set_spin(id, quat(0.1, 0, 1, 0))
      local crate, pos = collide.convex_box(vec3(0.5, 0.5, 0.5)), vec3(2, 0.7, 0)
      for _ = 1, 20 do
        pos = w:move_convex(crate, 0, pos, pos, { up = vec3(0, 1, 0), carry = true })
        w:advance()
      end
      assert.near(math.cos(2), pos.x / 2, 1e-9)
      assert.near(-math.sin(2), pos.z / 2, 1e-9)
      assert.near(0.7, pos.y, 1e-9)
    end)
  end)

  describe("save and load", function()
    it("keep the spins, as given", function()
      local w = collide.world()
      local a = w:add_convex(PLANK, vec3(0, 0), 0)
      local b = w:add_convex(collide.convex_box(vec3(1, 1, 1)), vec3(5, 0, 0), quat(0.3, 1, 0, 0))
      w:set_spin(a, 0.25)
      w:set_spin(b, quat(0.2, 0, 1, 0))
      local s = w:save()
      local w2 = collide.load(s)
      assert.equal(0.25, w2:spin(a))
      assert.same(w:spin(b), w2:spin(b))
      assert.equal(s, w2:save())
      w2:advance()
      assert.near(0.25, select(4, w2:get(a)), 1e-15)
    end)
  end)
end)
