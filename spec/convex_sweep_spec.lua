-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, pcall, rawequal = assert, ipairs, math, pcall, rawequal
local tostring = tostring
local collide = require "collide"
local vec3 = collide.vec3

local H = dofile("spec/support/hits.lua")
local assert_vec_near = H.vec_near

local R2 = math.sqrt(2)
local BOX = collide.convex_box(vec3(1, 1, 1))
local ID = { w = 1, x = 0, y = 0, z = 0 }

describe("collide.sweep_convex_aabb", function()
  local sweep = collide.sweep_convex_aabb

  --[[ A unit box slides along x into a box at the origin:

         A ---->  [B]
       -5        -1 0 1        first contact when A's right side, x + 1,
                               reaches B's left side, x = -1: x = -2, u = 0.3
  ]]
  it("hits the face it slides into: u, the point, the normal toward A", function()
    local hit, u, p, n, f = sweep(BOX, 0, vec3(-5, 0, 0), vec3(5, 0, 0), vec3(0, 0, 0), vec3(1,
        1, 1))
    assert.is_true(hit)
    assert.near(0.3, u, 1e-15)
    assert.equal(vec3(-1, 0, 0), n)
    assert.equal(-1, p.x)
    assert.equal("face", f)
  end)

  it("gives the same answer for the angle 0 and the identity quaternion", function()
    local a = { sweep(BOX, 0, vec3(-5, 0.5, 0), vec3(5, 0.5, 0), vec3(0, 0, 0), vec3(1, 1, 1)) }
    local b = { sweep(BOX, ID, vec3(-5, 0.5, 0), vec3(5, 0.5, 0), vec3(0, 0, 0), vec3(1, 1, 1)) }
    assert.same(a, b)
  end)

  it("touches a corner first when turned 45 degrees about z", function()
    -- the turned box's corner reaches x = -1 when its centre is at -1 - sqrt 2
    local hit, u, p, n, f = sweep(BOX, math.pi / 4, vec3(-5, 0, 0), vec3(5, 0, 0),
                                  vec3(0, 0, 0), vec3(1, 1, 1))
    assert.is_true(hit)
    assert.near((4 - R2) / 10, u, 1e-15)
    assert_vec_near(vec3(-1, 0, 0), n, 1e-15)
    assert.near(-1, p.x, 1e-15)
    assert.equal("face", f)        -- B's face is touched (by A's vertical edge)
  end)

  it("misses when passing beside, and when the motion stops short", function()
    assert.is_false(sweep(BOX, 0, vec3(-5, 2.5, 0), vec3(5, 2.5, 0), vec3(0, 0, 0), vec3(1, 1, 1)))
    assert.is_false(sweep(BOX, 0, vec3(-5, 0, 0), vec3(-2.5, 0, 0), vec3(0, 0, 0), vec3(1, 1, 1)))
  end)

  it("counts touching as contact: sliding along a face at exactly touching height", function()
    local hit, u, _, n = sweep(BOX, 0, vec3(-5, 2, 0), vec3(5, 2, 0), vec3(0, 0, 0), vec3(1, 1, 1))
    assert.is_true(hit)
    assert.near(0.3, u, 1e-15)    -- the edges meet at x = -2
    assert.is_true(n.x < 0 or n.y > 0)
  end)

  describe("when A starts inside", function()
    it("reports u = 0 and the shortest way out", function()
      local hit, u, _, n = sweep(BOX, 0, vec3(0.5, 0, 0), vec3(5, 0, 0), vec3(0, 0, 0), vec3(1,
          1, 1))
      assert.is_true(hit)
      assert.equal(0, u)
      assert.equal(vec3(1, 0, 0), n)
    end)

    it("with no motion too", function()
      local hit, u, _, n = sweep(BOX, 0, vec3(0, -0.25, 0), vec3(0, -0.25, 0), vec3(0, 0, 0),
          vec3(1, 1, 1))
      assert.is_true(hit)
      assert.equal(0, u)
      assert.equal(vec3(0, -1, 0), n)
    end)
  end)

  it("writes into the out-vectors when given", function()
    local p, n = vec3(), vec3()
    local hit, _, p2, n2 = sweep(BOX, 0, vec3(-5, 0, 0), vec3(5, 0, 0), vec3(0, 0, 0), vec3(1,
        1, 1), p, n)
    assert.is_true(hit)
    assert.equal(p, p2)
    assert.equal(n, n2)
    assert.is_true(rawequal(p, p2) or p == p2)
    assert.equal(vec3(-1, 0, 0), n)
  end)
end)

describe("collide.sweep_convex_plane", function()
  local floor = collide.plane(vec3(0, 1, 0), 0)

  it("lands a box on its lowest face", function()
    local hit, u, p, n, f = collide.sweep_convex_plane(BOX, 0, vec3(0, 5, 0), vec3(0, -5, 0), floor)
    assert.is_true(hit)
    assert.near(0.4, u, 1e-15)
    assert.equal(vec3(0, 0, 0), p)
    assert.equal(vec3(0, 1, 0), n)
    assert.equal("face", f)
  end)

  it("lands a box turned 45 degrees on its lowest edge", function()
    local hit, u, p = collide.sweep_convex_plane(BOX, math.pi / 4, vec3(0, 5, 0), vec3(0, -5,
        0), floor)
    assert.is_true(hit)
    assert.near((5 - R2) / 10, u, 1e-15)
    assert.near(0, p.x, 1e-15)
    assert.equal(0, p.y)
  end)

  it("is two-sided, and misses when it stays on one side", function()
    local hit, u, _, n = collide.sweep_convex_plane(BOX, 0, vec3(0, -5, 0), vec3(0, 5, 0), floor)
    assert.is_true(hit)
    assert.near(0.4, u, 1e-15)
    assert.equal(vec3(0, -1, 0), n)
    assert.is_false(collide.sweep_convex_plane(BOX, 0, vec3(0, 5, 0), vec3(3, 1.5, 0), floor))
  end)

  it("reports u = 0 across the plane, pushed out the shorter way", function()
    local hit, u, _, n = collide.sweep_convex_plane(BOX, 0, vec3(0, 0.25, 0), vec3(0, 0.25, 0),
        floor)
    assert.is_true(hit)
    assert.equal(0, u)
    assert.equal(vec3(0, 1, 0), n)
  end)
end)

--[[ 2D: a square of side 2 against a 4 x 4 square polygon, everything in
     z = 0. Coming from the right it meets the edge x = 4; starting inside,
     it is pushed out within the plane, never along z.

        y
        4 +-------+
          |       |   [A] <---- from x = 8
        0 +-------+
          0       4   x
]]
describe("collide.sweep_convex_polygon in 2D", function()
  local square = collide.polygon({ vec3(0, 0), vec3(4, 0), vec3(4, 4), vec3(0, 4) })
  local A = collide.convex({ { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } })

  it("meets the near edge", function()
    local hit, u, p, n, f = collide.sweep_convex_polygon(A, 0, vec3(8, 2), vec3(-8, 2), square)
    assert.is_true(hit)
    assert.equal(0.1875, u)
    assert.equal(vec3(4, 2, 0), p)
    assert.equal(vec3(1, 0, 0), n)
    assert.equal("edge", f)
  end)

  it("pushes a square that starts inside out across the nearest edge, in the plane", function()
    local hit, u, _, n = collide.sweep_convex_polygon(A, 0, vec3(3.5, 2), vec3(3.5, -2), square)
    assert.is_true(hit)
    assert.equal(0, u)
    assert.equal(vec3(1, 0, 0), n)
  end)

  it("meets the corner first when turned 45 degrees", function()
    local hit, u, p, n, f = collide.sweep_convex_polygon(A, math.pi / 4, vec3(8, 2), vec3(-8,
        2), square)
    assert.is_true(hit)
    assert.near((4 - R2) / 16, u, 1e-15)
    assert_vec_near(vec3(4, 2, 0), p, 1e-14)
    assert_vec_near(vec3(1, 0, 0), n, 1e-15)
    assert.equal("edge", f)
  end)
end)

describe("two flat shapes in parallel planes", function()
  -- a flat square (z = 0 in its frame) moving up through a square polygon
  -- at z = 1: they meet at the single instant the planes do, u = 0.5
  it("meet when the planes meet, at any turn", function()
    local sq = collide.convex({ { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } })
    local floor = collide.polygon({ vec3(-3, -3, 1), vec3(3, -3, 1), vec3(3, 3, 1),
                                    vec3(-3, 3, 1) })
    for _, turn in ipairs { 0, 0.5, 1, 2.5 } do
      local hit, u, _, n, f = collide.sweep_convex_polygon(sq, turn, vec3(-1, 0.5, 0),
          vec3(1.25, -0.5, 2), floor)
      assert.is_true(hit)
      assert.near(0.5, u, 1e-15)
      assert_vec_near(vec3(0, 0, -1), n, 1e-15)
      assert.equal("face", f)
    end
  end)
end)

describe("collide.sweep_convex_triangle and _segment", function()
  local a, b, c = vec3(-3, -3, 0), vec3(3, -3, 0), vec3(0, 3, 0)

  it("lands on the triangle's face from either side", function()
    local hit, u, p, n, f = collide.sweep_convex_triangle(BOX, 0, vec3(0, 0, 5), vec3(0, 0, -5),
        a, b, c)
    assert.is_true(hit)
    assert.near(0.4, u, 1e-15)
    assert.equal(vec3(0, 0, 1), n)
    assert.equal(0, p.z)
    assert.equal("face", f)
    hit, u, p, n = collide.sweep_convex_triangle(BOX, 0, vec3(0, 0, -5), vec3(0, 0, 5), a, b, c)
    assert.equal(0, p.z)
    assert.is_true(hit)
    assert.near(0.4, u, 1e-15)
    assert.equal(vec3(0, 0, -1), n)
  end)

  it("hits a segment with a face: the segment's touched part is an edge", function()
    local hit, u, p, n, f = collide.sweep_convex_segment(BOX, 0, vec3(-5, 0, 0), vec3(5, 0, 0),
                                                        vec3(0, -3, 0), vec3(0, 3, 0))
    assert.is_true(hit)
    assert.near(0.4, u, 1e-15)
    assert.equal(vec3(-1, 0, 0), n)
    assert.equal(vec3(0, 0, 0), p)
    assert.equal("edge", f)
  end)

  it("hits a segment's end as a vertex", function()
    local hit, _, p, _, f = collide.sweep_convex_segment(BOX, 0, vec3(-5, 0, 0), vec3(5, 0, 0),
                                                        vec3(0, 0, 0), vec3(3, 0, 0))
    assert.is_true(hit)
    assert.equal(vec3(0, 0, 0), p)
    assert.equal("vertex", f)
  end)
end)

describe("collide.sweep_convex_sphere and _capsule", function()
  it("meets a ball as sweep_aabb_sphere does for the unturned box", function()
    local hit, u, p, n, f = collide.sweep_convex_sphere(BOX, 0, vec3(-5, 2, 0), vec3(5, 2, 0),
        vec3(0, 0, 0), 1)
    assert.is_true(hit)
    assert.near(0.4, u, 1e-15)
    assert_vec_near(vec3(0, 1, 0), p, 1e-15)
    assert_vec_near(vec3(0, 1, 0), n, 1e-15)
    assert.equal("face", f)
    local _, u2 = collide.sweep_aabb_sphere(vec3(1, 1, 1), vec3(-5, 2, 0), vec3(5, 2, 0),
        vec3(0, 0, 0), 1)
    assert.equal(u2, u)
  end)

  it("meets a standing capsule with the turned box's edge", function()
    local hit, u, _, n = collide.sweep_convex_capsule(BOX, math.pi / 4, vec3(-5, 0, 0), vec3(5,
        0, 0),
                                                     vec3(0, -3, 0), vec3(0, 3, 0), 0.5)
    assert.is_true(hit)
    assert.near((4.5 - R2) / 10, u, 1e-15)
    assert_vec_near(vec3(-1, 0, 0), n, 1e-15)
  end)

  it("reports u = 0 with the ball's centre inside", function()
    local hit, u, _, n = collide.sweep_convex_sphere(BOX, 0, vec3(0, 0.75, 0), vec3(0, 5, 0),
        vec3(0, 0, 0), 0.1)
    assert.is_true(hit)
    assert.equal(0, u)
    assert.equal(vec3(0, 1, 0), n)
  end)

  it("pushes a 2D square off a circle within the plane, moving or not", function()
    local sq = collide.convex({ { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } })
    for _, c1 in ipairs { vec3(0.5, 0), vec3(3, 0) } do
      local hit, u, _, n = collide.sweep_convex_sphere(sq, 0, vec3(0.5, 0), c1, vec3(0, 0), 0.25)
      assert.is_true(hit)
      assert.equal(0, u)
      assert.equal(vec3(1, 0, 0), n)
      hit, u, _, n = collide.sweep_convex_capsule(sq, 0, vec3(0.5, 0), c1, vec3(0, -0.2),
          vec3(0, 0.2), 0.25)
      assert.is_true(hit)
      assert.equal(0, u)
      assert.equal(vec3(1, 0, 0), n)
    end
  end)

  it("pushes out with a unit normal when a side rounds to nothing (fuzz)", function()
    -- a rectangle 2e-50 by 12.25 turned: its short sides, turned, are the
    -- difference of two numbers near 6 and round to zero
    local sliver = collide.convex_box(vec3(1e-50, 6.125, 0))
    local p = vec3(1e-50, 6.125, 0)
    local hit, u, _, normal = collide.sweep_convex_capsule(sliver, 8.75, p, p, p, p, 0)
    assert.is_true(hit)
    assert.equal(0, u)
    assert.near(1, normal:length(), 1e-12)
  end)

  it("misses a ball beside the path", function()
    assert.is_false(collide.sweep_convex_sphere(BOX, 0.4, vec3(-5, 3, 0), vec3(5, 3, 0), vec3(0,
        0, 0), 1))
  end)
end)

describe("collide.sweep_convex_convex", function()
  it("is the same contact seen from either shape", function()
    local W = collide.convex({ { 0, 0, 0 }, { 2, 0, 0 }, { 2, 1, 0 }, { 0, 1, 0 }, { 0, 0, 1 },
        { 0, 1, 1 } })
    local seed = 3
    local function rnd()
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647 * 8 - 4
    end
    for _ = 1, 200 do
      local a0, a1 = vec3(rnd(), rnd(), rnd()), vec3(rnd(), rnd(), rnd())
      local b = vec3(rnd() / 4, rnd() / 4, rnd() / 4)
      local ra, rb = rnd(), rnd()
      local h1, u1 = collide.sweep_convex_convex(W, ra, a0, a1, BOX, rb, b)
      -- B moving by -(a1 - a0) against A standing at a0
      local h2, u2 = collide.sweep_convex_convex(BOX, rb, b, b - (a1 - a0), W, ra, a0)
      assert.equal(h1, h2)
      if h1 then assert.near(u1, u2, 1e-12) end
    end
  end)
end)

-- The moving box of collide.sweep_aabb_* is the convex box unturned: the
-- same first contact on the same obstacles, from another kernel.
describe("a convex box unturned against sweep_aabb_*", function()
  it("finds the same u on random scenes", function()
    local seed = 11
    local function rnd(s)
      seed = (seed * 16807) % 2147483647
      return (seed / 2147483647 * 2 - 1) * s
    end
    local agree, hits = 0, 0
    for i = 1, 400 do
      local e = vec3(math.abs(rnd(1.5)) + 0.1, math.abs(rnd(1.5)) + 0.1, math.abs(rnd(1.5)) + 0.1)
      local A = collide.convex_box(e)
      local c0, c1 = vec3(rnd(6), rnd(6), rnd(6)), vec3(rnd(2), rnd(2), rnd(2))
      local p, q, r = vec3(rnd(3), rnd(3), rnd(3)), vec3(rnd(3), rnd(3), rnd(3)), vec3(rnd(3),
          rnd(3), rnd(3))
      local k = i % 3
      local h1, u1, h2, u2
      if k == 0 then
        h1, u1 = collide.sweep_convex_triangle(A, 0, c0, c1, p, q, r)
        h2, u2 = collide.sweep_aabb_triangle(e, c0, c1, p, q, r)
      elseif k == 1 then
        h1, u1 = collide.sweep_convex_segment(A, 0, c0, c1, p, q)
        h2, u2 = collide.sweep_aabb_segment(e, c0, c1, p, q)
      else
        local pl = collide.plane(p, rnd(2))
        h1, u1 = collide.sweep_convex_plane(A, 0, c0, c1, pl)
        h2, u2 = collide.sweep_aabb_plane(e, c0, c1, pl)
      end
      assert.equal(h2, h1)
      if h1 then
        hits = hits + 1
        assert.near(u2, u1, 1e-12)
      end
      agree = agree + 1
    end
    assert.equal(400, agree)
    assert.is_true(hits > 100)
  end)
end)

describe("the convex sweeps given bad arguments", function()
  local function err(f, ...)
    local ok, msg = pcall(f, ...)
    assert.is_false(ok)
    return (tostring(msg):gsub("^[^:]*:%d+: ", ""))
  end
  local O, E = vec3(0, 0, 0), vec3(1, 1, 1)

  it("names the argument", function()
    local s = collide.sweep_convex_aabb
    assert.equal("bad argument #1 to 'sweep_convex_aabb' (convex expected, got table)",
                 err(s, {}, 0, O, O, O, E))
    assert.equal("bad argument #2 to 'sweep_convex_aabb' " ..
                 "(rotation (angle or quaternion) expected, got nil)",
                 err(s, BOX, nil, O, O, O, E))
    assert.equal("bad argument #2 to 'sweep_convex_aabb' " ..
                 "(quaternion expected, got table with non-number y)",
                 err(s, BOX, { w = 1, x = 0 }, O, O, O, E))
    assert.equal("bad argument #2 to 'sweep_convex_aabb' (rotation is not a unit quaternion)",
                 err(s, BOX, { w = 1, x = 1, y = 0, z = 0 }, O, O, O, E))
    -- collide's own objects are no quaternions: named, not "vec3 has no
    -- field 'w'" from their __index (a hostile call found it)
    assert.equal("bad argument #2 to 'sweep_convex_aabb' " ..
                 "(rotation (angle or quaternion) expected, got vec3)",
                 err(s, BOX, O, O, O, O, E))
    assert.equal("bad argument #2 to 'sweep_convex_aabb' " ..
                 "(rotation (angle or quaternion) expected, got plane)",
                 err(s, BOX, collide.plane(O + collide.vec3(0, 1, 0), 0), O, O, O, E))
    assert.equal("bad argument #6 to 'sweep_convex_convex' " ..
                 "(rotation (angle or quaternion) expected, got convex)",
                 err(collide.sweep_convex_convex, BOX, 0, O, O, BOX, BOX, O))
    assert.equal("bad argument #2 to 'sweep_convex_aabb' (number is NaN)",
                 err(s, BOX, 0 / 0, O, O, O, E))
    assert.equal("bad argument #3 to 'sweep_convex_aabb' (vec3 expected, got nil)",
                 err(s, BOX, 0, nil, O, O, E))
    assert.equal("bad argument #4 to 'sweep_convex_aabb' (vec3 has a NaN component)",
                 err(s, BOX, 0, O, vec3(0 / 0, 0, 0), O, E))
    assert.equal("bad argument #6 to 'sweep_convex_aabb' (negative extent)",
                 err(s, BOX, 0, O, O, O, vec3(1, -1, 1)))
    assert.equal("bad argument #5 to 'sweep_convex_triangle' (degenerate triangle)",
                 err(collide.sweep_convex_triangle, BOX, 0, O, O, O, E, E * 2))
    assert.equal("bad argument #5 to 'sweep_convex_polygon' (polygon expected, got table)",
                 err(collide.sweep_convex_polygon, BOX, 0, O, O, {}))
    assert.equal("bad argument #5 to 'sweep_convex_convex' (convex expected, got nil)",
                 err(collide.sweep_convex_convex, BOX, 0, O, O, nil, 0, O))
    assert.equal("bad argument #6 to 'sweep_convex_convex' (rotation is not a unit quaternion)",
                 err(collide.sweep_convex_convex, BOX, 0, O, O, BOX, { w = 0, x = 0, y = 0,
                     z = 0 }, O))
    assert.equal("bad argument #7 to 'sweep_convex_aabb' (vec3 (out-vector) expected, got number)",
                 err(s, BOX, 0, O, O, O, E, 1))
  end)

  it("accepts a quaternion unit to 1e-6", function()
    assert.is_true((collide.sweep_convex_aabb(BOX, { w = 1 + 4e-7, x = 0, y = 0, z = 0 },
                                              vec3(-5, 0, 0), vec3(5, 0, 0), O, E)))
  end)
end)
