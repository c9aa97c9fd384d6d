-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, pcall, tostring = assert, ipairs, math, pcall, tostring
local collide = require "collide"
local vec3 = collide.vec3
local size = dofile("spec/support/size.lua")

local sweep = collide.sweep_convex_turning
local ID = { w = 1, x = 0, y = 0, z = 0 }
local PLANK = collide.convex_box(vec3(2, 0.1, 0))
local POST = collide.convex_box(vec3(0.25, 0.25, 0))
local CUBE = collide.convex_box(vec3(1, 1, 1))

-- A quaternion turning by angle a about the unit axis (x, y, z).
local function quat(a, x, y, z)
  local s = math.sin(a / 2)
  return { w = math.cos(a / 2), x = x * s, y = y * s, z = z * s }
end

-- Whether A (turned by rot, at c) touches or overlaps B (turned by rotB,
-- at b): the exact translation sweep with no motion.
local function touching(A, rot, c, B, rotB, b)
  return (collide.sweep_convex_convex(A, rot, c, c, B, rotB, b))
end

describe("collide.sweep_convex_turning", function()
  --[[ A plank turning a quarter turn about its centre; a post beside it:

            [post]          the plank's top face meets the post's corner
         ___/               (1.25, 1.25), at r = 1.25 sqrt 2 from the centre,
        /                   when it has turned pi/4 - asin(0.1 / r)
     ==========
  ]]
  describe("when A only turns", function()
    local r = 1.25 * math.sqrt(2)
    local turned = math.pi / 4 - math.asin(0.1 / r)

    it("stops at the first contact, never after it", function()
      local hit, u, p, n, f = sweep(PLANK, 0, math.pi / 2, vec3(0, 0), vec3(0, 0), POST, 0,
                                    vec3(1, 1.5))
      assert.is_true(hit)
      assert.is_true(u * math.pi / 2 <= turned)
      assert.is_true((turned - u * math.pi / 2) * r <= 1e-9 * (math.pi / 2) * PLANK.radius)
      assert.near(1.25, p.x, 1e-15)
      assert.near(1.25, p.y, 1e-15)
      assert.equal("vertex", f)
      assert.near(math.sin(turned), n.x, 1e-9)
      assert.near(-math.cos(turned), n.y, 1e-9)
      assert.equal(0, n.z)
      -- apart at u, overlapping a little later
      assert.is_false(touching(PLANK, u * math.pi / 2, vec3(0, 0), POST, 0, vec3(1, 1.5)))
      assert.is_truthy(touching(PLANK, u * math.pi / 2 + 1e-6, vec3(0, 0), POST, 0, vec3(1, 1.5)))
    end)

    it("turns the other way (clockwise) into a post below", function()
      local hit, u, p = sweep(PLANK, 0, -math.pi / 2, vec3(0, 0), vec3(0, 0), POST, 0,
                              vec3(1, -1.5))
      assert.is_true(hit)
      assert.is_true(-u * math.pi / 2 >= -turned)
      assert.near(-1.25, p.y, 1e-15)
    end)

    it("takes the short way round: 0 to 3 pi / 2 is a quarter turn clockwise", function()
      assert.is_false(sweep(PLANK, 0, 3 * math.pi / 2, vec3(0, 0), vec3(0, 0), POST, 0,
                            vec3(1, 1.5)))
      local a = { sweep(PLANK, 0, 3 * math.pi / 2, vec3(0, 0), vec3(0, 0), POST, 0, vec3(1, -1.5)) }
      local b = { sweep(PLANK, 0, -math.pi / 2, vec3(0, 0), vec3(0, 0), POST, 0, vec3(1, -1.5)) }
      assert.is_true(a[1])
      assert.near(b[2], a[2], 1e-12)
    end)

    it("turns counter-clockwise for a difference of exactly pi", function()
      -- counter-clockwise the right half meets the post after `turned`;
      -- clockwise the left half would, after pi - turned
      local _, u = sweep(PLANK, 0, math.pi, vec3(0, 0), vec3(0, 0), POST, 0, vec3(1, 1.5))
      assert.near(turned / math.pi, u, 1e-9)
      _, u = sweep(PLANK, math.pi, 0, vec3(0, 0), vec3(0, 0), POST, 0, vec3(1, 1.5))
      assert.is_true(u > 0.5)
    end)

    it("misses a post out of the plank's reach", function()
      assert.is_false(sweep(PLANK, 0, math.pi / 2, vec3(0, 0), vec3(0, 0), POST, 0, vec3(2, 2)))
    end)
  end)

  describe("when A does not turn", function()
    it("gives exactly sweep_convex_convex's answer", function()
      local cases = {
        { PLANK, 0.3, vec3(-5, 2), vec3(5, 2), POST, 0, vec3(0, 2) },
        { CUBE, ID, vec3(-5, 0.5, 0.2), vec3(5, 0, 0), CUBE, quat(0.7, 0, 0.6, 0.8),
          vec3(0, 0, 0) },
        { CUBE, quat(1, 1, 0, 0), vec3(0, 5, 0), vec3(0, -5, 0), PLANK, 0, vec3(0, 0, 0) },
        { POST, 1, vec3(0, 0), vec3(0, 0), POST, 0, vec3(5, 0) },
      }
      for _, c in ipairs(cases) do
        local A, rot, a0, a1, B, rotB, b = c[1], c[2], c[3], c[4], c[5], c[6], c[7]
        assert.same({ collide.sweep_convex_convex(A, rot, a0, a1, B, rotB, b) },
                    { sweep(A, rot, rot, a0, a1, B, rotB, b) })
      end
    end)
  end)

  describe("when A starts touching or inside B", function()
    it("reports u = 0 and the shortest way out, as sweep_convex_convex", function()
      local hit, u, _, n = sweep(POST, 0, 1, vec3(0.4, 0), vec3(3, 0), POST, 0, vec3(0, 0))
      assert.is_true(hit)
      assert.equal(0, u)
      assert.equal(vec3(1, 0, 0), n)
      -- touching exactly at the start
      hit, u = sweep(POST, 0, 1, vec3(0.5, 0), vec3(3, 0), POST, 0, vec3(0, 0))
      assert.is_true(hit)
      assert.equal(0, u)
    end)

    it("pushes two flat shapes apart within their plane", function()
      local _, _, _, n = sweep(PLANK, 0, 0.5, vec3(0, 0.2), vec3(0, 0.2), PLANK, 0, vec3(0, 0))
      assert.equal(0, n.z)
    end)
  end)

  describe("in 3D", function()
    it("turns a cube by a quaternion while it slides into another", function()
      local q1 = quat(math.pi / 4, 0, 0, 1)
      local hit, u, _, n = sweep(CUBE, ID, q1, vec3(-5, 0, 0), vec3(5, 0, 0), CUBE, ID,
                                 vec3(0, 0, 0))
      assert.is_true(hit)
      assert.is_true(u > 0.2 and u < 0.3)
      assert.is_true(n.x < -0.5)
      -- apart at u; the turned cube at u + 1e-6 overlaps
      local function at(t)
        return quat(t * math.pi / 4, 0, 0, 1), vec3(-5 + 10 * t, 0, 0)
      end
      local q, c = at(u)
      assert.is_false(touching(CUBE, q, c, CUBE, ID, vec3(0, 0, 0)))
      q, c = at(u + 1e-6)
      assert.is_truthy(touching(CUBE, q, c, CUBE, ID, vec3(0, 0, 0)))
    end)

    it("takes the short arc between quaternions more than half a turn apart", function()
      -- q and -q are the same turn: no turn at all
      local q = quat(2, 0.6, 0, 0.8)
      local mq = { w = -q.w, x = -q.x, y = -q.y, z = -q.z }
      local a = { sweep(CUBE, q, mq, vec3(-5, 0, 0), vec3(5, 0, 0), CUBE, ID, vec3(0, 0, 0)) }
      local b = { collide.sweep_convex_convex(CUBE, q, vec3(-5, 0, 0), vec3(5, 0, 0), CUBE, ID,
                                              vec3(0, 0, 0)) }
      assert.is_true(a[1])
      assert.near(b[2], a[2], 1e-12)
    end)

    it("mixes an angle and a quaternion (the angle about z)", function()
      local a = { sweep(CUBE, 0.3, quat(1.2, 0, 0, 1), vec3(-5, 0, 0), vec3(5, 0, 0), CUBE, ID,
                        vec3(0, 0, 0)) }
      local b = { sweep(CUBE, 0.3, 1.2, vec3(-5, 0, 0), vec3(5, 0, 0), CUBE, ID, vec3(0, 0, 0)) }
      assert.is_true(a[1] and b[1])
      assert.near(b[2], a[2], 1e-9)
    end)
  end)

  describe("out-vectors", function()
    it("fills point and normal when given", function()
      local p, n = vec3(), vec3()
      local hit, _, rp, rn = sweep(PLANK, 0, math.pi / 2, vec3(0, 0), vec3(0, 0), POST, 0,
                                   vec3(1, 1.5), p, n)
      assert.is_true(hit)
      assert.equal(p, rp)
      assert.equal(n, rn)
      assert.near(1.25, p.x, 1e-15)
    end)
  end)

  describe("bad arguments", function()
    local function message(...)
      local ok, err = pcall(sweep, ...)
      assert.is_false(ok)
      return (tostring(err):gsub("^.-:%d+: ", ""))
    end
    local o = vec3(0, 0)

    it("names the rotation that is NaN, infinite or not unit", function()
      assert.equal("bad argument #2 to 'sweep_convex_turning' (number is NaN)",
                   message(POST, 0 / 0, 0, o, o, POST, 0, o))
      assert.equal("bad argument #3 to 'sweep_convex_turning' (number is infinite)",
                   message(POST, 0, math.huge, o, o, POST, 0, o))
      assert.equal("bad argument #3 to 'sweep_convex_turning' (rotation is not a unit quaternion)",
                   message(POST, 0, { w = 2, x = 0, y = 0, z = 0 }, o, o, POST, 0, o))
      assert.equal("bad argument #7 to 'sweep_convex_turning' (number is NaN)",
                   message(POST, 0, 1, o, o, POST, { w = 0 / 0, x = 0, y = 0, z = 0 }, o))
      assert.equal("bad argument #2 to 'sweep_convex_turning' " ..
                   "(quaternion expected, got table with non-number w)",
                   message(POST, {}, 1, o, o, POST, 0, o))
    end)

    it("names the shapes and the vectors", function()
      assert.equal("bad argument #1 to 'sweep_convex_turning' (convex expected, got nil)",
                   message(nil, 0, 1, o, o, POST, 0, o))
      assert.equal("bad argument #6 to 'sweep_convex_turning' (convex expected, got number)",
                   message(POST, 0, 1, o, o, 6, 0, o))
      assert.equal("bad argument #4 to 'sweep_convex_turning' (vec3 has a NaN component)",
                   message(POST, 0, 1, { 0 / 0, 0 }, o, POST, 0, o))
      assert.equal("bad argument #5 to 'sweep_convex_turning' (vec3 has an infinite component)",
                   message(POST, 0, 1, o, { math.huge, 0 }, POST, 0, o))
      assert.matches("^bad argument #8 to 'sweep_convex_turning'",
                     message(POST, 0, 1, o, o, POST, 0, "x"))
    end)
  end)

  --[[ Random scenes against a brute force that shares nothing with the
       kernel but the static overlap test (the exact translation sweep
       with no motion): its own slerp, the motion stepped at 2000
       instants (4000 at the full size) and the first touching one
       refined by bisection. ]]
  describe("against dense stepping", function()
    local function slerp(q0, q1, t)
      local d = q0.w * q1.w + q0.x * q1.x + q0.y * q1.y + q0.z * q1.z
      if d < 0 then
        q1 = { w = -q1.w, x = -q1.x, y = -q1.y, z = -q1.z }
        d = -d
      end
      local W = math.acos(math.min(1, d))
      if W < 1e-9 then return q0 end
      local s0, s1 = math.sin((1 - t) * W) / math.sin(W), math.sin(t * W) / math.sin(W)
      return { w = s0 * q0.w + s1 * q1.w, x = s0 * q0.x + s1 * q1.x,
               y = s0 * q0.y + s1 * q1.y, z = s0 * q0.z + s1 * q1.z }
    end

    local function rnd(a, b) return a + (b - a) * math.random() end

    it("is never late and never more than the tolerance early", function()
      math.randomseed(7)
      local n, steps = size.cases(40, 400), size.cases(2000, 4000)
      for i = 1, n do
        local planar = i % 2 == 0
        local A, B, r0, r1, rB, a0, a1, b, at
        if planar then
          A = collide.convex { { -rnd(0.3, 2), -rnd(0.05, 1) }, { rnd(0.3, 2), -rnd(0.05, 1) },
                               { rnd(0.3, 2), rnd(0.05, 1) }, { -rnd(0.3, 2), rnd(0.05, 1) } }
          B = collide.convex_box(vec3(rnd(0.2, 1), rnd(0.2, 1), 0))
          r0, r1, rB = rnd(-3, 3), nil, rnd(-3, 3)
          r1 = r0 + rnd(-1.5, 1.5)
          a0 = vec3(rnd(-1, 1), rnd(-1, 1))
          a1 = a0 + vec3(rnd(-3, 3), rnd(-3, 3))
          b = a0 + vec3(rnd(-3, 3), rnd(-3, 3))
          at = function(t) return r0 + t * (r1 - r0), a0 + (a1 - a0) * t end
        else
          A = collide.convex_box(vec3(rnd(0.3, 1.5), rnd(0.3, 1.5), rnd(0.05, 1.5)))
          B = collide.convex_box(vec3(rnd(0.3, 1.5), rnd(0.3, 1.5), rnd(0.3, 1.5)))
          r0 = quat(rnd(0, 3), 0.6, 0, 0.8)
          r1 = quat(rnd(0, 3), 0, 0.6, 0.8)
          rB = quat(rnd(0, 3), 0.8, 0.6, 0)
          a0 = vec3(rnd(-1, 1), rnd(-1, 1), rnd(-1, 1))
          a1 = a0 + vec3(rnd(-3, 3), rnd(-3, 3), rnd(-3, 3))
          b = a0 + vec3(rnd(-3, 3), rnd(-3, 3), rnd(-3, 3))
          at = function(t) return slerp(r0, r1, t), a0 + (a1 - a0) * t end
        end
        local function touches(t)
          local rot, c = at(t)
          return touching(A, rot, c, B, rB, b)
        end
        local hit, u, _, normal = sweep(A, r0, r1, a0, a1, B, rB, b)
        -- the first touching instant, stepped then bisected
        local first
        for k = 0, steps do
          if touches(k / steps) then first = k; break end
        end
        local t_star
        if first then
          if first == 0 then
            t_star = 0
          else
            local lo, hi = (first - 1) / steps, first / steps
            for _ = 1, 50 do
              local mid = (lo + hi) / 2
              if touches(mid) then hi = mid else lo = mid end
            end
            t_star = hi
          end
        end
        if hit then
          local turn = planar and math.abs(r1 - r0) or 2 * math.acos(math.min(1, math.abs(
            r0.w * r1.w + r0.x * r1.x + r0.y * r1.y + r0.z * r1.z)))
          local L = (a1 - a0):length() + turn * A.radius
          if t_star then
            assert.is_true(u <= t_star + 1e-12, "late: case " .. i)
          end
          if not t_star or t_star - u > 1e-9 then
            -- approaching slowly, or a graze: the gap left is within the
            -- tolerance, along the normal
            local rot, c = at(u)
            assert.is_truthy(touching(A, rot, c - normal * (1e-9 * L * 1.01 + 1e-12), B, rB, b),
                             "early: case " .. i)
          end
        else
          assert.is_nil(t_star, "missed: case " .. i)
        end
      end
    end)
  end)
end)
