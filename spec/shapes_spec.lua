-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, rawequal, table = assert, ipairs, math, rawequal, table
local tostring = tostring
local collide = require "collide"
local vec3 = collide.vec3

local R2 = math.sqrt(0.5)
local R3 = math.sqrt(1 / 3)

local H = dofile("spec/support/hits.lua")
local assert_vec_near, assert_hit, assert_miss = H.vec_near, H.hit, H.miss

--[[ The triangle of most cases: z = 0, counter-clockwise seen from +z.

    y
    4 c
      |\
      | \
    0 a--b   x
      0  4
]]
local A, B, C = vec3(0, 0), vec3(4, 0), vec3(0, 4)

describe("collide.sweep_sphere_triangle", function()
  local sweep = collide.sweep_sphere_triangle

  describe("hitting the face", function()
    it("from above: u, the point under the centre, the normal toward the sphere", function()
      assert_hit(0.4, vec3(1, 1, 0), vec3(0, 0, 1), "face", nil,
        sweep(1, vec3(1, 1, 5), vec3(1, 1, -5), A, B, C))
    end)

    it("from below: the triangle is two-sided", function()
      assert_hit(0.4, vec3(1, 1, 0), vec3(0, 0, -1), "face", nil,
        sweep(1, vec3(1, 1, -5), vec3(1, 1, 5), A, B, C))
    end)

    it("gives the same answer for either winding", function()
      assert_hit(0.4, vec3(1, 1, 0), vec3(0, 0, 1), "face", nil,
        sweep(1, vec3(1, 1, 5), vec3(1, 1, -5), A, C, B))
    end)
  end)

  describe("in 2D (everything in z = 0), a circle against the triangle", function()
    --        o (2, -5) moving up: touches a-b when its centre is at y = -1
    it("touches an edge", function()
      assert_hit(0.4, vec3(2, 0), vec3(0, -1), "edge", nil,
        sweep(1, {2, -5}, {2, 5}, {0, 0}, {4, 0}, {0, 4}))
    end)

    it("touches a vertex when coming at a corner", function()
      assert_hit(0.5 - 1 / (6 * math.sqrt(2)), A, vec3(-R2, -R2), "vertex", nil,
        sweep(1, vec3(-3, -3), vec3(3, 3), A, B, C))
    end)

    --  a----b   o   a circle at x = 5 passing b = (4, 0) at exactly r = 1
    --           |
    it("grazes a vertex at one instant (contact is closed)", function()
      assert_hit(0.5, B, vec3(1, 0), "vertex", nil,
        sweep(1, vec3(5, -5), vec3(5, 5), A, B, C))
      assert_miss(sweep(1, vec3(5 + 1e-6, -5), vec3(5 + 1e-6, 5), A, B, C))
    end)
  end)

  describe("no contact", function()
    it("moving parallel to the face above it", function()
      assert_miss(sweep(1, vec3(1, 1, 2), vec3(3, 1, 2), A, B, C))
    end)

    it("stopping short", function()
      assert_miss(sweep(1, vec3(1, 1, 5), vec3(1, 1, 1.5), A, B, C))
    end)

    it("passing beside it", function()
      assert_miss(sweep(1, vec3(4, 4, 5), vec3(4, 4, -5), A, B, C))
    end)
  end)

  describe("at the start of the step", function()
    it("reports u = 0 when touching", function()
      assert_hit(0, vec3(1, 1, 0), vec3(0, 0, 1), "face", nil,
        sweep(1, vec3(1, 1, 1), vec3(2, 1, 1), A, B, C))
    end)

    it("reports u = 0, the nearest point and feature when overlapping", function()
      assert_hit(0, vec3(1, 1, 0), vec3(0, 0, 1), "face", nil,
        sweep(1, vec3(1, 1, 0.5), vec3(1, 1, 5), A, B, C))
      assert_hit(0, vec3(2, 0, 0), vec3(0, -R2, R2), "edge", nil,
        sweep(1, vec3(2, -0.5, 0.5), vec3(2, -0.5, 0.5), A, B, C))
      assert_hit(0, A, vec3(-R2, -R2, 0), "vertex", nil,
        sweep(1, vec3(-0.5, -0.5), vec3(-0.5, -0.5), A, B, C))
    end)

    it("gives a unit face normal when the centre is in the plane", function()
      -- the side it comes from (moving down: from above); resting: the
      -- winding's normal
      assert_hit(0, vec3(1, 1), vec3(0, 0, 1), "face", nil,
        sweep(1, vec3(1, 1), vec3(1, 1, -3), A, B, C))
      assert_hit(0, vec3(1, 1), vec3(0, 0, -1), "face", nil,
        sweep(1, vec3(1, 1), vec3(1, 1, 3), A, B, C))
      assert_hit(0, vec3(1, 1), vec3(0, 0, 1), "face", nil,
        sweep(1, vec3(1, 1), vec3(1, 1), A, B, C))
      assert_hit(0, vec3(1, 1), vec3(0, 0, -1), "face", nil,
        sweep(1, vec3(1, 1), vec3(1, 1), A, C, B))
    end)
  end)

  describe("touching exactly at the end of the step", function()
    it("counts", function()
      assert_hit(1, vec3(1, 1), vec3(0, 0, 1), "face", nil,
        sweep(1, vec3(1, 1, 5), vec3(1, 1, 1), A, B, C))
    end)
  end)

  describe("zero-length motion", function()
    it("is a static overlap test", function()
      assert_miss(sweep(1, vec3(1, 1, 2), vec3(1, 1, 2), A, B, C))
      assert.is_true((sweep(1, vec3(1, 1, 0.99), vec3(1, 1, 0.99), A, B, C)))
    end)
  end)

  describe("zero radius", function()
    it("is a point moving through the face", function()
      assert_hit(0.5, vec3(1, 1), vec3(0, 0, 1), "face", nil,
        sweep(0, vec3(1, 1, 5), vec3(1, 1, -5), A, B, C))
    end)

    it("names the edge a point crosses in the plane", function()
      assert_hit(0.5, vec3(2, 0), vec3(0, -1), "edge", nil,
        sweep(0, vec3(2, -5), vec3(2, 5), A, B, C))
    end)
  end)

  describe("far from the origin", function()
    it("keeps its precision around 1e7", function()
      local o = vec3(1e7, -1e7, 1e7)
      assert_hit(0.4, vec3(1, 1) + o, vec3(0, 0, 1), "face", 1e-8,
        sweep(1, vec3(1, 1, 5) + o, vec3(1, 1, -5) + o, A + o, B + o, C + o))
    end)
  end)

  describe("a tiny sphere at a huge speed", function()
    it("does not tunnel", function()
      local hit, u = sweep(1e-3, vec3(1, 1, 1e9), vec3(1, 1, -1e9), A, B, C)
      assert.is_true(hit)
      assert.is_near(0.5, u, 1e-12)
    end)
  end)

  describe("out-vectors", function()
    it("receive the point and the normal", function()
      local op, on = vec3(), vec3()
      local hit, _, point, normal = sweep(1, vec3(1, 1, 5), vec3(1, 1, -5), A, B, C, op, on)
      assert.is_true(hit)
      assert.is_true(rawequal(op, point))
      assert.is_true(rawequal(on, normal))
      assert.are.equal(vec3(0, 0, 1), on)
    end)
  end)

  describe("bad input", function()
    it("names the argument and the reason", function()
      assert.has_error(function() sweep(1, vec3(0, 0, 1), vec3(0, 0, -1), A, B) end,
        "bad argument #6 to 'sweep_sphere_triangle' (vec3 expected, got nil)")
      assert.has_error(function() sweep(-1, vec3(0, 0, 1), vec3(0, 0, -1), A, B, C) end,
        "bad argument #1 to 'sweep_sphere_triangle' (negative radius)")
      assert.has_error(function() sweep(1, vec3(0, 0, 1), vec3(0, 0, -1), A, B, vec3(8, 0)) end,
        "bad argument #4 to 'sweep_sphere_triangle' (degenerate triangle)")
      assert.has_error(function() sweep(1, vec3(0, 0, 1), vec3(0, 0, -1), A, A, C) end,
        "bad argument #4 to 'sweep_sphere_triangle' (degenerate triangle)")
      assert.has_error(function() sweep(1, vec3(0, 0, 1), vec3(0, 0, -1), A, { 0, 1 / 0 }, C) end,
        "bad argument #5 to 'sweep_sphere_triangle' (vec3 has an infinite component)")
      assert.has_error(function() sweep(1, vec3(0, 0, 1), vec3(0, 0, -1), A, B, C, {}) end,
        "bad argument #7 to 'sweep_sphere_triangle' (vec3 (out-vector) expected, got table)")
    end)

    it("rejects a sliver whose height is 1e-13 of its length", function()
      assert.has_error(function() sweep(1, vec3(0, 0, 1), vec3(0, 0, -1), A, B, vec3(2, 4e-13)) end,
        "bad argument #4 to 'sweep_sphere_triangle' (degenerate triangle)")
      assert.is_true((sweep(1, vec3(1, 0, 1), vec3(1, 0, -1), A, B, vec3(2, 4e-9))))
    end)
  end)
end)

describe("collide.raycast_triangle", function()
  local cast = collide.raycast_triangle

  it("hits the face with the normal facing the start, from either side", function()
    assert_hit(0.5, vec3(1, 1), vec3(0, 0, 1), "face", nil,
      cast(vec3(1, 1, 5), vec3(1, 1, -5), A, B, C))
    assert_hit(0.5, vec3(1, 1), vec3(0, 0, -1), "face", nil,
      cast(vec3(1, 1, -5), vec3(1, 1, 5), A, B, C))
    assert_hit(0.5, vec3(1, 1), vec3(0, 0, -1), "face", nil,
      cast(vec3(1, 1, -5), vec3(1, 1, 5), A, C, B))
  end)

  it("names a vertex or an edge it passes exactly through", function()
    assert_hit(0.75, B, vec3(0, 0, 1), "vertex", nil, cast(vec3(4, 0, 3), vec3(4, 0, -1), A, B, C))
    assert_hit(0.5, vec3(2, 0), vec3(0, 0, 1), "edge", nil,
      cast(vec3(2, 0, 1), vec3(2, 0, -1), A, B, C))
  end)

  it("misses beside, short of, and parallel to the triangle", function()
    assert_miss(cast(vec3(3, 3, 5), vec3(3, 3, -5), A, B, C))
    assert_miss(cast(vec3(1, 1, 5), vec3(1, 1, 0.001), A, B, C))
    assert_miss(cast(vec3(-1, 1, 1), vec3(5, 1, 1), A, B, C))
  end)

  it("in the plane (2D), enters through an edge with its in-plane normal", function()
    assert_hit(0.5, vec3(2, 2), vec3(R2, R2), "edge", nil, cast(vec3(4, 4), vec3(0, 0), A, B, C))
  end)

  it("hits at u = 0 when starting on the face", function()
    assert_hit(0, vec3(1, 1), vec3(0, 0, -1), "face", nil, cast(vec3(1, 1), vec3(1, 1, 3), A, B, C))
  end)

  it("rejects a degenerate triangle at its first vertex", function()
    assert.has_error(function() cast(vec3(1, 1, 5), vec3(1, 1, -5), A, B, B) end,
      "bad argument #3 to 'raycast_triangle' (degenerate triangle)")
  end)
end)

describe("collide.polygon", function()
  -- the square 0..2 x 0..2 in the plane z = 3
  local square = { vec3(0, 0, 3), vec3(2, 0, 3), vec3(2, 2, 3), vec3(0, 2, 3) }

  it("takes vectors as vec3 or tables, either winding", function()
    local p = collide.polygon({ {0, 0, 3}, {x = 2, y = 0, z = 3}, vec3(2, 2, 3), {0, 2, 3} })
    assert.are.equal(vec3(0, 0, 1), p.plane.normal)
    assert.are.equal(-3, p.plane.d)
    local q = collide.polygon({ square[4], square[3], square[2], square[1] })
    assert.are.equal(vec3(0, 0, -1), q.plane.normal)
    assert.are.equal(3, q.plane.d)
  end)

  it("gives its vertices back as fresh vec3s, and its size with #", function()
    local p = collide.polygon(square)
    local vs = p:vertices()
    assert.are.equal(4, #vs)
    assert.are.equal(4, #p)
    for i = 1, 4 do
      assert.are.equal(square[i], vs[i])
      assert.is_false(rawequal(square[i], vs[i]))
    end
    vs[1].x = 99
    assert.are.equal(vec3(0, 0, 3), p:vertices()[1])   -- a copy
    square[1].x = 0                                      -- unchanged input
  end)

  it("keeps the vertices it was given, not the caller's vectors", function()
    local v = { vec3(0, 0), vec3(1, 0), vec3(0, 1) }
    local p = collide.polygon(v)
    v[2].x = 50
    assert.are.equal(vec3(1, 0), p:vertices()[2])
  end)

  it("has one plane object, and is read-only", function()
    local p = collide.polygon(square)
    assert.is_true(rawequal(p.plane, p.plane))
    assert.are.equal("polygon(4 vertices)", tostring(p))
    assert.has_error(function() p.plane = collide.plane(vec3(0, 1, 0), 0) end,
      "polygons are read-only (make a new one with collide.polygon)")
  end)

  it("accepts a vertex in the middle of an edge", function()
    assert.has_no.errors(function()
      collide.polygon({ vec3(0, 0), vec3(1, 0), vec3(2, 0), vec3(2, 2) })
    end)
  end)

  describe("rejects", function()
    local function rejects(verts, reason)
      assert.has_error(function() collide.polygon(verts) end,
        "bad argument #1 to 'polygon' (" .. reason .. ")")
    end

    it("what is not an array of vectors", function()
      assert.has_error(function() collide.polygon() end,
        "bad argument #1 to 'polygon' (table expected, got nil)")
      rejects({ vec3(0, 0), vec3(1, 0), "x" }, "vec3 expected at index 3, got string")
      rejects({ vec3(0, 0), vec3(1, 0), { 1 } }, "vec3 expected at index 3, got table")
    end)

    it("fewer than 3 vertices", function()
      rejects({}, "polygon needs at least 3 vertices")
      rejects({ vec3(0, 0), vec3(1, 0) }, "polygon needs at least 3 vertices")
    end)

    it("repeated vertices", function()
      rejects({ vec3(0, 0), vec3(1, 0), vec3(1, 0), vec3(1, 1) }, "polygon has repeated vertices")
      -- (a last vertex equal to the first closes the ring: accepted, as
      -- the contract says since issue 29; one merely near it is not)
      rejects({ vec3(0, 0), vec3(1, 0), vec3(1, 1), vec3(1e-13, 0) },
              "polygon has repeated vertices")
      rejects({ vec3(0, 0), vec3(1, 0), vec3(0, 0), vec3(1, 1) }, "polygon has repeated vertices")
      local ring = collide.polygon({ vec3(0, 0), vec3(1, 0), vec3(1, 1), vec3(0, 0) })
      assert.are.equal(3, #ring:vertices())
    end)

    it("collinear vertices", function()
      rejects({ vec3(0, 0), vec3(1, 1, 1), vec3(3, 3, 3) }, "polygon vertices are collinear")
    end)

    --[[ A zigzag of vertices along a line, 1e-11 of its length wide (found
         by the fuzzer): thinner than the 1e-9 to which convexity is judged,
         so it cannot be told convex; accepted, it made sweeps miss it.
           1   3     5       ...
            \ / \   /
             2   4 '          (all within 1e-11 of one line)
    ]]
    it("vertices all within 1e-9 of the diameter of one line", function()
      local line = {}
      for i = 0, 7 do
        local t = i / 7
        line[#line + 1] = vec3(t * 2, -4.125, t * 12 + ((i % 2 == 0) and 0 or 1e-11))
      end
      rejects(line, "polygon vertices are collinear")
      -- just above the tolerance it is a (thin) polygon
      local thin = collide.polygon({ vec3(0, 0), vec3(10, 0), vec3(10, 1e-7), vec3(0, 1e-7) })
      assert.are.equal(4, #thin)
      assert.are.equal(vec3(0, 0, 1), thin.plane.normal)
    end)

    it("a vertex off the plane by more than 1e-9 of the diameter", function()
      rejects({ vec3(0, 0), vec3(2, 0), vec3(2, 2), vec3(0, 2, 0.001) }, "polygon is not planar")
      assert.has_no.errors(function()
        collide.polygon({ vec3(0, 0), vec3(2, 0), vec3(2, 2), vec3(0, 2, 1e-12) })
      end)
    end)

    --   an arrow head       a bow tie       a pentagram
    --   c                   d   b
    --   | \                 |\ /|
    --   d  b                | X |
    --   | /                 |/ \|
    --   a                   a   c
    it("a polygon that is not convex", function()
      rejects({ vec3(0, 0), vec3(4, 2), vec3(0, 4), vec3(1, 2) }, "polygon is not convex")
      rejects({ vec3(0, 0), vec3(2, 2), vec3(2, 0), vec3(0, 2) }, "polygon is not convex")
      local star = {}
      for i = 0, 4 do
        local t = 2 * math.pi * 2 * i / 5
        star[#star + 1] = vec3(math.cos(t), math.sin(t))
      end
      rejects(star, "polygon is not convex")
    end)

    it("NaN and infinite coordinates", function()
      rejects({ vec3(0, 0), vec3(0 / 0, 0), vec3(0, 1) }, "vec3 has a NaN component")
      rejects({ vec3(0, 0), vec3(1, 0), vec3(0, 1e60) }, "vec3 component too large (limit 1e+50)")
    end)
  end)
end)

describe("collide.sweep_sphere_polygon", function()
  local sweep = collide.sweep_sphere_polygon
  -- the square 0..2 x 0..2 in the plane z = 3
  local sq = collide.polygon({ vec3(0, 0, 3), vec3(2, 0, 3), vec3(2, 2, 3), vec3(0, 2, 3) })

  it("hits the face from either side", function()
    assert_hit(0.4, vec3(1, 1, 3), vec3(0, 0, 1), "face", nil,
      sweep(1, vec3(1, 1, 8), vec3(1, 1, -2), sq))
    assert_hit(0.4, vec3(1, 1, 3), vec3(0, 0, -1), "face", nil,
      sweep(1, vec3(1, 1, -2), vec3(1, 1, 8), sq))
  end)

  it("hits an edge and a vertex in its plane", function()
    assert_hit(0.4, vec3(0, 1, 3), vec3(-1, 0, 0), "edge", nil,
      sweep(1, vec3(-5, 1, 3), vec3(5, 1, 3), sq))
    assert_hit(2 / 3, vec3(2, 2, 3), vec3(R2, R2, 0), "vertex", 1e-12,
      sweep(1, vec3(2 + 3 * R2, 2 + 3 * R2, 3), vec3(2, 2, 3), sq))
  end)

  --      o        falling past the edge y = 0, its centre at y = -0.707:
  --      |        it lands on the edge's rim, normal tilted 45 degrees
  --   ---+====    (side view, y to the right)
  it("lands on an edge's rim from above", function()
    assert_hit((5 - R2) / 10, vec3(1, 0, 3), vec3(0, -R2, R2), "edge", 1e-12,
      sweep(1, vec3(1, -R2, 8), vec3(1, -R2, -2), sq))
  end)

  it("misses parallel above, overlaps at rest, and casts with zero radius", function()
    assert_miss(sweep(1, vec3(-1, -1, 4.5), vec3(3, 3, 4.5), sq))
    assert_hit(0, vec3(1.5, 1, 3), vec3(0, 0, 1), "face", nil,
      sweep(1, vec3(1.5, 1, 3.25), vec3(1.5, 1, 3.25), sq))
    assert_hit(0.5, vec3(1, 1, 3), vec3(0, 0, 1), "face", nil,
      sweep(0, vec3(1, 1, 8), vec3(1, 1, -2), sq))
  end)

  it("agrees with two triangles on a tilted hexagon far from the origin", function()
    local o, n = vec3(3e7, -2e7, 1e7), vec3(0, R2, R2)
    local ex, ey = vec3(1, 0, 0), vec3(0, R2, -R2)
    local verts = {}
    for i = 0, 5 do
      local t = 2 * math.pi * i / 6
      verts[#verts + 1] = o + ex * (2 * math.cos(t)) + ey * (2 * math.sin(t))
    end
    local hex = collide.polygon(verts)
    assert_vec_near(n, hex.plane.normal, 1e-9)
    assert_hit(0.4, o, n, "face", 1e-8, sweep(1, o + n * 5, o - n * 5, hex))
  end)

  it("names its arguments", function()
    assert.has_error(function()
      sweep(1, vec3(0, 0), vec3(1, 1), { vec3(0, 0), vec3(1, 0), vec3(0, 1) })
    end,
      "bad argument #4 to 'sweep_sphere_polygon' (polygon expected, got table)")
    assert.has_error(function() sweep(-1, vec3(0, 0), vec3(1, 1), sq) end,
      "bad argument #1 to 'sweep_sphere_polygon' (negative radius)")
    assert.has_error(function() sweep(1, vec3(1, 1, 8), vec3(1, 1, -2), sq, vec3(), 3) end,
      "bad argument #6 to 'sweep_sphere_polygon' (vec3 (out-vector) expected, got number)")
  end)
end)

describe("collide.raycast_polygon", function()
  local sq = collide.polygon({ vec3(0, 0, 3), vec3(2, 0, 3), vec3(2, 2, 3), vec3(0, 2, 3) })

  it("hits with the normal facing the start", function()
    assert_hit(0.5, vec3(1, 1, 3), vec3(0, 0, -1), "face", nil,
      collide.raycast_polygon(vec3(1, 1, -2), vec3(1, 1, 8), sq))
    assert_miss(collide.raycast_polygon(vec3(3, 1, 8), vec3(3, 1, -2), sq))
  end)

  --[[ 2D: a ray in the polygon's plane meets a slanted edge. Rounding puts
       the arrival point a hair inside the edge; it must still be the edge,
       with its in-plane normal (a 2D game cannot bounce off (0, 0, 1)).

              (565,150)
         .---'   |
   p0 -->*       |       (found by the LOVE demo's smoke run)
   (470,95)      |
          '---.  |
              (455,215)
  ]]
  local unpack_ = table.unpack or unpack  -- luacheck: ignore 143
  it("in 2D meets a slanted edge with the edge's in-plane normal", function()
    local tri = collide.polygon({ vec3(470, 95), vec3(565, 150), vec3(455, 215) })
    local p0 = vec3(449.32069819369497, 136.30956338376978)
    local p1 = vec3(648.64139638738993, 260.61912676753957)
    for _, result in ipairs({
      { collide.raycast_polygon(p0, p1, tri) },
      { collide.sweep_sphere_polygon(0, p0, p1, tri) },
    }) do
      local hit, u, point, normal, feature = unpack_(result)
      assert.is_true(hit)
      assert.is_near(0.0722128370659, u, 1e-9)
      assert.are.equal("edge", feature)
      assert.are.equal(0, normal.z)
      assert.is_near(1, normal:length(), 1e-12)
      assert.is_true(normal:dot(p1 - p0) < 0)           -- facing the start
      assert.is_near(0, (point - vec3(470, 95)):cross(vec3(455, 215) - vec3(470, 95)).z, 1e-6)
    end
  end)

  it("names its arguments", function()
    assert.has_error(function() collide.raycast_polygon(vec3(0, 0), vec3(1, 1)) end,
      "bad argument #3 to 'raycast_polygon' (polygon expected, got nil)")
  end)
end)

--[[ The wall a-b on the x axis, a circle of radius 1 (2D).

          o  (2, 5) moving down
          |
     a---------b
     0    2    4
]]
describe("collide.sweep_sphere_segment", function()
  local sweep = collide.sweep_sphere_segment
  local a, b = vec3(0, 0), vec3(4, 0)

  it("hits the wall from either side (2D, tables)", function()
    assert_hit(0.4, vec3(2, 0), vec3(0, 1), "edge", nil, sweep(1, {2, 5}, {2, -5}, {0, 0}, {4, 0}))
    assert_hit(0.4, vec3(2, 0), vec3(0, -1), "edge", nil, sweep(1, {2, -5}, {2, 5}, {0, 0}, {4, 0}))
  end)

  it("hits an end point head on and at a slant", function()
    assert_hit(0.4, a, vec3(-1, 0), "vertex", nil, sweep(1, vec3(-5, 0), vec3(5, 0), a, b))
    assert_hit(0.4, b, vec3(1, 0), "vertex", nil, sweep(1, vec3(9, 0), vec3(-1, 0), a, b))
    assert_hit((3 - R2) / 4, a, vec3(-R2, R2), "vertex", 1e-12,
      sweep(1, vec3(-3, 3), vec3(1, -1), a, b))
  end)

  it("is a capsule's core in 3D", function()
    assert_hit(0.4, vec3(1, 0), vec3(0, 0, 1), "edge", nil,
      sweep(1, vec3(1, 0, 5), vec3(1, 0, -5), a, b))
  end)

  it("slides along at exactly r (touching from the start), misses at 1.5 r", function()
    assert_hit(0, vec3(1, 0), vec3(0, 1), "edge", nil, sweep(1, vec3(1, 1), vec3(3, 1), a, b))
    assert_miss(sweep(1, vec3(-3, 1.5), vec3(7, 1.5), a, b))
  end)

  it("grazes an end point at one instant", function()
    assert_hit(0.5, a, vec3(-1, 0), "vertex", nil, sweep(1, vec3(-1, 5), vec3(-1, -5), a, b))
  end)

  it("starting on the segment: u = 0 and a unit normal in the plane", function()
    assert_hit(0, vec3(2, 0), vec3(0, 1), "edge", nil, sweep(1, vec3(2, 0), vec3(2, 0), a, b))
    assert_hit(0, vec3(2, 0), vec3(0, 1), "edge", nil, sweep(1, vec3(2, 0.5), vec3(2, 3), a, b))
  end)

  it("with zero radius is a point crossing the wall", function()
    assert_hit(0.5, vec3(2, 0), vec3(0, 1), "edge", nil, sweep(0, vec3(2, 5), vec3(2, -5), a, b))
    assert_miss(sweep(0, vec3(5, 5), vec3(5, -5), a, b))
  end)

  it("with zero length is a point", function()
    assert_hit(0.4, a, vec3(0, 1), "vertex", nil, sweep(1, vec3(0, 5), vec3(0, -5), a, a))
  end)

  it("keeps its precision far away and catches a fast small circle", function()
    local o = vec3(1e7, 1e7)
    assert_hit(0.4, vec3(2, 0) + o, vec3(0, 1), "edge", 1e-8,
      sweep(1, vec3(2, 5) + o, vec3(2, -5) + o, a + o, b + o))
    local hit, u = sweep(1e-3, vec3(5e-4, 1e9), vec3(5e-4, -1e9), vec3(0, 0), vec3(1e-3, 0))
    assert.is_true(hit)
    assert.is_near(0.5, u, 1e-12)
  end)

  it("names its arguments", function()
    assert.has_error(function() sweep(1, vec3(2, 5), vec3(2, -5), a) end,
      "bad argument #5 to 'sweep_sphere_segment' (vec3 expected, got nil)")
    assert.has_error(function() sweep(0 / 0, vec3(2, 5), vec3(2, -5), a, b) end,
      "bad argument #1 to 'sweep_sphere_segment' (number is NaN)")
  end)
end)

--[[ The box of most cases: centre 0, half-extents (1, 2, 3).

     y  2 +-----+
          |     |
         -2 +-----+
           -1     1  x
]]
describe("collide.sweep_sphere_aabb", function()
  local sweep = collide.sweep_sphere_aabb
  local ctr, ext = vec3(0, 0, 0), vec3(1, 2, 3)
  -- moving along (-1, -1, 0) from (5, 6, 0): 4 sqrt 2 to the edge, less r,
  -- of 10 sqrt 2; along (-1, -1, -1) from (5, 6, 7): likewise with sqrt 3
  local U_EDGE = (4 * math.sqrt(2) - 1) / (10 * math.sqrt(2))
  local U_CORNER = (4 * math.sqrt(3) - 1) / (10 * math.sqrt(3))

  it("hits each of the six faces", function()
    for axis = 1, 3 do
      for _, s in ipairs({ -1, 1 }) do
        local e = ({ 1, 2, 3 })[axis]
        local p, q, n = { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }
        p[axis], q[axis], n[axis] = s * (e + 6), s * (e - 4), s
        local point = { 0, 0, 0 }
        point[axis] = s * e
        assert_hit(0.5, vec3(point[1], point[2], point[3]), vec3(n[1], n[2], n[3]), "face", nil,
          sweep(1, p, q, ctr, ext))
      end
    end
  end)

  it("hits an edge and a corner, rounded", function()
    assert_hit(U_EDGE, vec3(1, 2, 0), vec3(R2, R2, 0), "edge", 1e-12,
      sweep(1, vec3(5, 6, 0), vec3(-5, -4, 0), ctr, ext))
    assert_hit(U_CORNER, vec3(1, 2, 3), vec3(R3, R3, R3), "vertex", 1e-12,
      sweep(1, vec3(5, 6, 7), vec3(-5, -4, -3), ctr, ext))
  end)

  --        .o.        passing the corner (1, 2) at 1.2 from it: inside
  --   +---+  \        the box grown by r, outside the rounded box -- a miss
  --   |   |   \
  it("misses a corner that only the unrounded grown box would catch", function()
    local off = vec3(1 + 1.2 * R2, 2 + 1.2 * R2)
    local along = vec3(5 * R2, -5 * R2)
    assert_miss(sweep(1, off - along, off + along, ctr, ext))
  end)

  -- A box below the corner (0, 0, 0); the centre passes (3, 4, 0) moving
  -- along (-4, 3, 5), perpendicular to (3, 4, 0): at distance exactly 5.
  it("grazes a corner at one instant (contact is closed)", function()
    local c, e = vec3(-10, -10, -10), vec3(10, 10, 10)
    assert_hit(0.5, vec3(0, 0, 0), vec3(0.6, 0.8, 0), "edge", nil,
      sweep(5, vec3(7, 1, -5), vec3(-1, 7, 5), c, e))
    assert_miss(sweep(5, vec3(7, 1 + 1e-6, -5), vec3(-1, 7 + 1e-6, 5), c, e))
  end)

  it("misses parallel to a face at 1.5 r, touches at exactly r", function()
    assert_miss(sweep(1, vec3(2.5, -10), vec3(2.5, 10), ctr, ext))
    assert_hit(0, vec3(1, -1), vec3(1, 0), "face", nil, sweep(1, vec3(2, -1), vec3(2, 1), ctr, ext))
  end)

  describe("starting inside", function()
    it("pushes out through the face of least penetration", function()
      assert_hit(0, vec3(1, 0.25, -2.5), vec3(1, 0, 0), "face", nil,
        sweep(1, vec3(0.5, 0.25, -2.5), vec3(9, 9, 9), ctr, ext))
      assert_hit(0, vec3(0.25, 1.5, -3), vec3(0, 0, -1), "face", nil,
        sweep(1, vec3(0.25, 1.5, -2.9), vec3(0.25, 1.5, -2.9), ctr, ext))
    end)

    it("at the very centre: the side it comes from, else +x", function()
      assert_hit(0, vec3(1, 0), vec3(1, 0), "face", nil, sweep(1, vec3(0, 0), vec3(0, 0), ctr, ext))
      assert_hit(0, vec3(1, 0), vec3(1, 0), "face", nil,
        sweep(1, vec3(0, 0), vec3(-1, 0), ctr, ext))
      assert_hit(0, vec3(-1, 0), vec3(-1, 0), "face", nil,
        sweep(1, vec3(0, 0), vec3(1, 0), ctr, ext))
    end)
  end)

  it("names the nearest edge when starting overlapping it", function()
    assert_hit(0, vec3(1, 2, 1), vec3(R2, R2, 0), "edge", nil,
      sweep(1, vec3(1.5, 2.5, 1), vec3(1.5, 2.5, 1), ctr, ext))
  end)

  it("with zero-length motion is a static test", function()
    assert_miss(sweep(1, vec3(2.5, 0), vec3(2.5, 0), ctr, ext))
  end)

  it("with zero radius is a ray cast", function()
    assert_hit(0.4, vec3(1, 0), vec3(1, 0), "face", nil,
      sweep(0, vec3(5, 0), vec3(-5, 0), ctr, ext))
  end)

  describe("a 2D rectangle (zero z extent)", function()
    -- {1, 1} as extents gives z = 0: a flat box, named like a polygon
    it("has edges for sides and vertices for corners", function()
      assert_hit(0.3, vec3(1, 0), vec3(1, 0), "edge", nil,
        sweep(1, {5, 0}, {-5, 0}, {0, 0}, {1, 1}))
      assert_hit(U_EDGE, vec3(1, 1), vec3(R2, R2), "vertex", 1e-12,
        sweep(1, {5, 5}, {-5, -5}, {0, 0}, {1, 1}))
    end)

    it("pushes a circle inside it out within the plane", function()
      assert_hit(0, vec3(0.25, 1), vec3(0, 1), "edge", nil,
        sweep(1, {0.25, 0.75}, {0.5, 0.75}, {0, 0}, {1, 1}))
    end)

    it("is a face seen from above", function()
      assert_hit(0.4, vec3(0.5, 0.5), vec3(0, 0, 1), "face", nil,
        sweep(1, vec3(0.5, 0.5, 5), vec3(0.5, 0.5, -5), vec3(0, 0), vec3(1, 1)))
    end)
  end)

  it("keeps its precision far away and catches a thin box at a huge speed", function()
    local o = vec3(1e7, 2e7, -3e7)
    assert_hit(U_CORNER, vec3(1, 2, 3) + o, vec3(R3, R3, R3), "vertex", 1e-8,
      sweep(1, vec3(5, 6, 7) + o, vec3(-5, -4, -3) + o, ctr + o, ext))
    local hit, u, _, n = sweep(1e-3, vec3(-1e9, 0), vec3(1e9, 0), ctr, vec3(1e-3, 5, 5))
    assert.is_true(hit)
    assert.is_near(0.5, u, 1e-12)
    assert.are.equal(vec3(-1, 0, 0), n)
  end)

  it("names its arguments", function()
    assert.has_error(function() sweep(1, vec3(5, 0), vec3(-5, 0), ctr, vec3(1, -1, 1)) end,
      "bad argument #5 to 'sweep_sphere_aabb' (negative extent)")
    assert.has_error(function() sweep(1, vec3(5, 0), vec3(-5, 0), { 0, 1 / 0 }, ext) end,
      "bad argument #4 to 'sweep_sphere_aabb' (vec3 has an infinite component)")
    assert.has_error(function() sweep(1, vec3(5, 0), vec3(-5, 0), ctr, 2) end,
      "bad argument #5 to 'sweep_sphere_aabb' (vec3 expected, got number)")
  end)
end)

describe("collide.raycast_aabb", function()
  local cast = collide.raycast_aabb
  local ctr, ext = vec3(0, 0, 0), vec3(1, 2, 3)

  it("hits the face it enters, normal facing the start", function()
    assert_hit(0.3, vec3(0.5, 2, 1), vec3(0, 1, 0), "face", nil,
      cast(vec3(0.5, 5, 1), vec3(0.5, -5, 1), ctr, ext))
    assert_hit(0.3, vec3(0.5, -2, 1), vec3(0, -1, 0), "face", nil,
      cast(vec3(0.5, -5, 1), vec3(0.5, 5, 1), ctr, ext))
  end)

  it("names an edge or a corner it passes exactly through", function()
    local hit, u, point, _, feature = cast(vec3(3, 4, 5), vec3(-1, 0, 1), ctr, ext)
    assert.is_true(hit)
    assert.are.equal(0.5, u)
    assert.are.equal(vec3(1, 2, 3), point)
    assert.are.equal("vertex", feature)
    assert_hit(0.3, vec3(1, 2, 0), vec3(0, 1, 0), "edge", nil,
      cast(vec3(1, 5, 0), vec3(1, -5, 0), ctr, ext))
  end)

  it("misses beside, short, and parallel outside", function()
    assert_miss(cast(vec3(1.5, 5), vec3(1.5, -5), ctr, ext))
    assert_miss(cast(vec3(0, 5), vec3(0, 2.5), ctr, ext))
    assert_miss(cast(vec3(5, 5), vec3(-5, 5), ctr, ext))
  end)

  it("starting inside hits at u = 0: nearest face, outward", function()
    assert_hit(0, vec3(1, 0), vec3(1, 0), "face", nil, cast(vec3(0.75, 0), vec3(0.5, 9), ctr, ext))
    assert_hit(0, vec3(1, 0), vec3(1, 0), "face", nil, cast(vec3(0.75, 0), vec3(0.75, 0), ctr, ext))
  end)

  it("a zero-length segment outside misses", function()
    assert_miss(cast(vec3(0, 2.5), vec3(0, 2.5), ctr, ext))
  end)

  it("names its arguments", function()
    assert.has_error(function() cast(vec3(0, 5), vec3(0, -5), ctr, vec3(0, 0, -1)) end,
      "bad argument #4 to 'raycast_aabb' (negative extent)")
    assert.has_error(function() cast(vec3(0, 5), nil, ctr, ext) end,
      "bad argument #2 to 'raycast_aabb' (vec3 expected, got nil)")
  end)
end)

describe("collide.sweep_aabb_aabb", function()
  local sweep = collide.sweep_aabb_aabb
  local one, O = vec3(1, 1, 1), vec3(0, 0, 0)

  --   [A] -->      [B]       A flies through B: touching from x = 2 to x = -2
  it("gives the first and last contact and the axis from B toward A", function()
    local hit, u0, u1, n = sweep(one, vec3(5, 0), vec3(-5, 0), one, O, O)
    assert.is_true(hit)
    assert.is_near(0.3, u0, 1e-12)
    assert.is_near(0.7, u1, 1e-12)
    assert.are.equal(vec3(1, 0, 0), n)
  end)

  it("is symmetric: swapping A and B gives the same times, the opposite normal", function()
    local _, u0, u1, n = sweep(one, O, O, one, vec3(5, 0), vec3(-5, 0))
    assert.is_near(0.3, u0, 1e-12)
    assert.is_near(0.7, u1, 1e-12)
    assert.are.equal(vec3(-1, 0, 0), n)
  end)

  it("works with both boxes moving", function()
    local hit, u0, u1, n = sweep(one, vec3(0, 5), O, one, vec3(0, -5), O)
    assert.is_true(hit)
    assert.is_near(0.8, u0, 1e-12)
    assert.are.equal(1, u1)
    assert.are.equal(vec3(0, 1, 0), n)
  end)

  it("reports no contact for boxes apart on an axis they do not move along", function()
    assert.is_false(sweep(one, vec3(-5, 3), vec3(5, 3), one, vec3(-5, 0), vec3(5, 0)))
    assert.is_false(sweep(one, vec3(-5, 2.5), vec3(5, 2.5), one, O, O))
  end)

  it("counts touching faces (closed), for the whole step", function()
    local hit, u0, u1, n = sweep(one, vec3(-5, 2), vec3(5, 2), one, vec3(-5, 0), vec3(5, 0))
    assert.is_true(hit)
    assert.are.equal(0, u0)
    assert.are.equal(1, u1)
    assert.are.equal(vec3(0, 1, 0), n)
  end)

  it("at u0 = 0 gives the axis of least penetration", function()
    local p = vec3(0.5, -0.25, -1.75)
    local _, u0, _, n = sweep(one, p, p, one, O, O)
    assert.are.equal(0, u0)
    assert.are.equal(vec3(0, 0, -1), n)
  end)

  it("writes the normal into an out-vector", function()
    local on = vec3()
    local _, _, _, n = sweep(one, vec3(5, 0), vec3(-5, 0), one, O, O, on)
    assert.is_true(rawequal(on, n))
    assert.are.equal(vec3(1, 0, 0), on)
  end)

  it("catches a thin box at a huge speed", function()
    local hit, u0 = sweep(vec3(1e-3, 1, 1), vec3(-1e9, 0), vec3(1e9, 0), vec3(1e-3, 1, 1), O, O)
    assert.is_true(hit)
    assert.is_near(0.5, u0, 1e-12)
  end)

  it("names its arguments", function()
    assert.has_error(function() sweep(vec3(-1, 1, 1), O, O, one, O, O) end,
      "bad argument #1 to 'sweep_aabb_aabb' (negative extent)")
    assert.has_error(function() sweep(one, O, O, one, O, vec3(0 / 0, 0)) end,
      "bad argument #6 to 'sweep_aabb_aabb' (vec3 has a NaN component)")
    assert.has_error(function() sweep(one, O, O, 1, O, O) end,
      "bad argument #4 to 'sweep_aabb_aabb' (vec3 expected, got number)")
  end)
end)

describe("collide.raycast_sphere", function()
  local cast = collide.raycast_sphere
  local O = vec3(0, 0, 0)

  it("hits where the segment enters, normal outward", function()
    assert_hit(0.3, vec3(2, 0), vec3(1, 0), "face", nil, cast(vec3(5, 0), vec3(-5, 0), O, 2))
    assert_hit(0.3, vec3(-2, 0), vec3(-1, 0), "face", nil, cast(vec3(-5, 0), vec3(5, 0), O, 2))
  end)

  it("touches at a tangent (closed), and misses just past it", function()
    assert_hit(0.5, vec3(2, 0), vec3(1, 0), "face", nil, cast(vec3(2, -5), vec3(2, 5), O, 2))
    assert_miss(cast(vec3(2 + 1e-6, -5), vec3(2 + 1e-6, 5), O, 2))
  end)

  it("misses when short or pointing away", function()
    assert_miss(cast(vec3(5, 0), vec3(2.5, 0), O, 2))
    assert_miss(cast(vec3(5, 0), vec3(9, 0), O, 2))
  end)

  it("starting inside hits at u = 0: the nearest surface point, outward", function()
    assert_hit(0, vec3(0, 0, 2), vec3(0, 0, 1), "face", nil,
      cast(vec3(0, 0, 1), vec3(0, 7, 1), O, 2))
    assert_hit(0, vec3(0, -2, 0), vec3(0, -1, 0), "face", nil, cast(O, vec3(0, 3, 0), O, 2))
  end)

  it("with zero radius is hit only dead on", function()
    assert_hit(0.75, O, vec3(1, 0), "face", nil, cast(vec3(3, 0), vec3(-1, 0), O, 0))
    assert_miss(cast(vec3(3, 1e-9), vec3(-1, 1e-9), O, 0))
  end)

  it("keeps its precision far away", function()
    local o = vec3(1e7, 1e7, -1e7)
    assert_hit(0.3, vec3(2, 0) + o, vec3(1, 0), "face", 1e-8,
      cast(vec3(5, 0) + o, vec3(-5, 0) + o, o, 2))
    local hit, u = cast(vec3(-1e7, 0), vec3(1e7, 0), O, 1e-6)
    assert.is_true(hit)
    assert.is_near(0.5 - 1e-6 / 2e7, u, 1e-15)
  end)

  it("names its arguments", function()
    assert.has_error(function() cast(vec3(5, 0), vec3(-5, 0), O, -1) end,
      "bad argument #4 to 'raycast_sphere' (negative radius)")
    assert.has_error(function() cast(vec3(5, 0), vec3(-5, 0), O) end,
      "bad argument #4 to 'raycast_sphere' (number expected, got nil)")
    assert.has_error(function() cast(vec3(5, 0), vec3(-5, 0), O, 1e51) end,
      "bad argument #4 to 'raycast_sphere' (number too large (limit 1e+50))")
  end)
end)
