-- The capsule sweeps: a capsule is the points within r of the segment
-- c - axis .. c + axis; its centre moves from c0 to c1 without turning.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, math, rawequal, tostring = assert, math, rawequal, tostring
local collide = require "collide"
local vec3 = collide.vec3

local function near(expected, actual, tol)
  assert.is_true(math.abs(actual - expected) <= (tol or 1e-12),
    ("expected %.17g, got %.17g"):format(expected, actual))
end

local function vec_near(expected, actual, tol)
  assert.is_true(collide.is_vec3(actual), "expected a vec3")
  local d = (actual - expected):length()
  assert.is_true(d <= (tol or 1e-12),
    ("expected %s, got %s"):format(tostring(expected), tostring(actual)))
end

-- hit, u, point, normal, feature against the expected values
local function hit_is(u, point, normal, feature, ...)
  local hit, hu, hp, hn, hf = ...
  assert.is_true(hit)
  near(u, hu)
  vec_near(point, hp)
  vec_near(normal, hn)
  assert.are.equal(feature, hf)
end

local UP = vec3(0, 1, 0)

describe("collide.sweep_capsule_sphere", function()
  local sweep = collide.sweep_capsule_sphere
  local O = vec3(0, 0, 0)

  describe("when a standing capsule moves into a sphere side on", function()
    --    |
    --   (|)  ->  o      r = 1, axis (0, 1, 0), sphere of radius 1 at the
    --    |              origin: the core is 2 away at x = -2
    it("reports u, the sphere's point, the normal toward the capsule, 'face'", function()
      hit_is(0.3, vec3(-1, 0, 0), vec3(-1, 0, 0), "face",
             sweep(1, UP, vec3(-5, 0), vec3(5, 0), O, 1))
    end)
    it("from the other side, the other point", function()
      hit_is(0.3, vec3(1, 0, 0), vec3(1, 0, 0), "face",
             sweep(1, UP, vec3(5, 0), vec3(-5, 0), O, 1))
    end)
  end)

  describe("when it falls onto the sphere", function()
    it("meets it with its lower end", function()
      hit_is(0.2, vec3(0, 1, 0), vec3(0, 1, 0), "face",
             sweep(1, UP, vec3(0, 5), vec3(0, -5), O, 1))
    end)
  end)

  describe("when it passes by", function()
    it("misses when the end clears the sphere", function()
      assert.is_false(sweep(1, UP, vec3(-5, 3.5), vec3(5, 3.5), O, 1))
    end)
    it("grazes at the instant the end passes exactly r + rb above", function()
      hit_is(0.5, vec3(0, 1, 0), vec3(0, 1, 0), "face",
             sweep(1, UP, vec3(-5, 3), vec3(5, 3), O, 1))
    end)
  end)

  describe("when it starts touching or overlapping", function()
    it("touching: u = 0", function()
      hit_is(0, vec3(-1, 0, 0), vec3(-1, 0, 0), "face",
             sweep(1, UP, vec3(-2, 0), vec3(5, 0), O, 1))
    end)
    it("its core through the centre: pushed out against the motion", function()
      hit_is(0, vec3(0, 0, 0), vec3(-1, 0, 0), "face",
             sweep(1, UP, vec3(0, 0), vec3(5, 0), O, 1))
    end)
    it("without motion, overlapping", function()
      hit_is(0, vec3(-1, 0, 0), vec3(-1, 0, 0), "face",
             sweep(1, UP, vec3(-1.5, 0), vec3(-1.5, 0), O, 1))
    end)
  end)

  describe("with zero radii", function()
    it("is the point meeting the core", function()
      hit_is(0.5, vec3(0, 0, 0), vec3(-1, 0, 0), "face",
             sweep(0, UP, vec3(-5, 0), vec3(5, 0), O, 0))
    end)
  end)

  describe("with a zero axis", function()
    it("is a sphere: u is sweep_sphere_sphere's to the bit", function()
      local a0, a1, c = vec3(-3.25, 0.5, 0.125), vec3(2.75, -0.375, 0.0625), vec3(0.25, -0.5)
      local _, u = sweep(1.25, vec3(0, 0, 0), a0, a1, c, 0.75)
      local _, u0 = collide.sweep_sphere_sphere(1.25, a0, a1, 0.75, c, c)
      assert.are.equal(u0, u)
    end)
  end)

  describe("with huge coordinates", function()
    it("scales", function()
      local hit, u, point, normal = sweep(1e20, vec3(0, 1e20), vec3(-5e20, 0), vec3(5e20, 0), O,
        1e20)
      assert.is_true(hit)
      near(0.3, u)
      vec_near(vec3(-1, 0, 0), normal)
      near(-1e20, point.x, 1e8)
    end)
  end)

  describe("with out-vectors", function()
    it("writes the point and normal into them and returns them", function()
      local p, n = vec3(), vec3()
      local hit, _, point, normal = sweep(1, UP, vec3(-5, 0), vec3(5, 0), O, 1, p, n)
      assert.is_true(hit)
      assert.are.equal(p, point)
      assert.is_true(rawequal(p, point) and rawequal(n, normal))
      assert.are.equal(vec3(-1, 0, 0), n)
    end)
  end)

  describe("with bad arguments", function()
    it("names the argument", function()
      assert.has_error(function() sweep(-1, UP, vec3(0, 0), vec3(1, 0), O, 1) end,
        "bad argument #1 to 'sweep_capsule_sphere' (negative radius)")
      assert.has_error(function() sweep(1, nil, vec3(0, 0), vec3(1, 0), O, 1) end,
        "bad argument #2 to 'sweep_capsule_sphere' (vec3 expected, got nil)")
      assert.has_error(function() sweep(1, UP, vec3(0, 0), vec3(1, 0), O, 0 / 0) end,
        "bad argument #6 to 'sweep_capsule_sphere' (number is NaN)")
    end)
  end)
end)

describe("collide.sweep_capsule_plane", function()
  local sweep = collide.sweep_capsule_plane
  local floor = collide.plane(vec3(0, 1, 0), 0)

  describe("when a standing capsule falls onto the floor", function()
    it("touches with its lower end; the point is under it", function()
      hit_is(0.3, vec3(0, 0, 0), vec3(0, 1, 0), "face",
             sweep(1, UP, vec3(0, 5), vec3(0, -5), floor))
    end)
    it("from below (two-sided), the normal faces down", function()
      hit_is(0.3, vec3(0, 0, 0), vec3(0, -1, 0), "face",
             sweep(1, UP, vec3(0, -5), vec3(0, 5), floor))
    end)
  end)

  describe("when it is slanted", function()
    --   \        axis (1, 1): the lower end (-1, -1) from the centre leads
    --    \
    it("the leading end's foot is the point", function()
      hit_is(0.3, vec3(-1, 0, 0), vec3(0, 1, 0), "face",
             sweep(1, vec3(1, 1), vec3(0, 5), vec3(0, -5), floor))
    end)
  end)

  describe("when it lies flat", function()
    it("only its radius counts", function()
      hit_is(0.4, vec3(0, 0, 0), vec3(0, 1, 0), "face",
             sweep(1, vec3(1, 0), vec3(0, 5), vec3(0, -5), floor))
    end)
  end)

  describe("when moving parallel", function()
    it("misses above r + |axis.n|, touches from the start at it", function()
      assert.is_false(sweep(1, UP, vec3(-5, 3), vec3(5, 3), floor))
      hit_is(0, vec3(-5, 0, 0), vec3(0, 1, 0), "face",
             sweep(1, UP, vec3(-5, 2), vec3(5, 2), floor))
    end)
  end)

  describe("when it starts across the plane", function()
    it("the point is where the core crosses it", function()
      hit_is(0, vec3(2, 0, 0), vec3(0, 1, 0), "face",
             sweep(1, UP, vec3(2, 0.5), vec3(2, 5), floor))
    end)
    it("centred on it, the normal faces against the motion", function()
      local _, _, _, normal = sweep(1, UP, vec3(0, 0), vec3(0, 1), floor)
      assert.are.equal(vec3(0, -1, 0), normal)
      _, _, _, normal = sweep(1, UP, vec3(0, 0), vec3(0, -1), floor)
      assert.are.equal(vec3(0, 1, 0), normal)
    end)
  end)

  describe("with a zero radius, a zero axis, no motion", function()
    it("the core's end, the sphere query, a static test", function()
      hit_is(0.4, vec3(0, 0, 0), vec3(0, 1, 0), "face",
             sweep(0, UP, vec3(0, 5), vec3(0, -5), floor))
      assert.are.same({ collide.sweep_sphere_plane(0.5, vec3(1, 2, 3), vec3(-1, -2, 0), floor) },
                      { sweep(0.5, vec3(0, 0, 0), vec3(1, 2, 3), vec3(-1, -2, 0), floor) })
      hit_is(0, vec3(0, 0, 0), vec3(0, 1, 0), "face",
             sweep(1, UP, vec3(0, 1.5), vec3(0, 1.5), floor))
    end)
  end)

  describe("with bad arguments", function()
    it("names the argument", function()
      assert.has_error(function() sweep(1, UP, vec3(0, 0), vec3(0, 1), nil) end,
        "bad argument #5 to 'sweep_capsule_plane' (plane expected, got nil)")
      assert.has_error(function() sweep(1, UP, vec3(0, 0), { 1e51, 0 }, floor) end,
        "bad argument #4 to 'sweep_capsule_plane' (vec3 component too large (limit 1e+50))")
    end)
  end)
end)

--  y
--  4 c
--    |\
--    | \
--  0 a--b   x      the triangle in z = 0, normal +z
--    0  4
describe("collide.sweep_capsule_triangle", function()
  local sweep = collide.sweep_capsule_triangle
  local a, b, c = vec3(0, 0, 0), vec3(4, 0, 0), vec3(0, 4, 0)
  local ZUP = vec3(0, 0, 1)

  describe("when a capsule standing along z falls onto the face", function()
    it("touches with its lower end", function()
      hit_is(0.3, vec3(1, 1, 0), vec3(0, 0, 1), "face",
             sweep(1, ZUP, vec3(1, 1, 5), vec3(1, 1, -5), a, b, c))
    end)
    it("from below, the normal faces down", function()
      hit_is(0.3, vec3(1, 1, 0), vec3(0, 0, -1), "face",
             sweep(1, ZUP, vec3(1, 1, -5), vec3(1, 1, 5), a, b, c))
    end)
  end)

  describe("when its side meets an edge or a vertex", function()
    it("the edge a-b", function()
      hit_is(0.4, vec3(2, 0, 0), vec3(0, -1, 0), "edge",
             sweep(1, ZUP, vec3(2, -5), vec3(2, 5), a, b, c))
    end)
    it("the vertex b", function()
      hit_is(0.5, vec3(4, 0, 0), vec3(1, 0, 0), "vertex",
             sweep(1, ZUP, vec3(10, 0), vec3(0, 0), a, b, c))
    end)
  end)

  describe("when it lies parallel to the face", function()
    it("misses above r", function()
      assert.is_false(sweep(1, vec3(1, 0), vec3(-5, 1, 1.5), vec3(5, 1, 1.5), a, b, c))
    end)
    it("at height r, first grazes the edge a-c with its leading end", function()
      hit_is(0.4, vec3(0, 1, 0), vec3(0, 0, 1), "edge",
             sweep(1, vec3(1, 0), vec3(-5, 1, 1), vec3(5, 1, 1), a, b, c))
    end)
    it("lying over the face, touches the face", function()
      local hit, u, point, normal, feature = sweep(1, vec3(1, 0), vec3(1, 1, 5), vec3(1, 1, -5),
        a, b, c)
      assert.is_true(hit)
      near(0.4, u)
      near(0, point.z)
      assert.are.equal(vec3(0, 0, 1), normal)
      assert.are.equal("face", feature)
    end)
  end)

  describe("when its core pierces the face at the start", function()
    it("is pushed out through the nearer end", function()
      hit_is(0, vec3(1, 1, 0), vec3(0, 0, 1), "face",
             sweep(0.5, ZUP, vec3(1, 1, 0.25), vec3(1, 1, -5), a, b, c))
    end)
  end)

  describe("in 2D (everything in z = 0)", function()
    it("meets the edge within the plane, at a point of the contact", function()
      local hit, u, point, normal, feature = sweep(0.5, vec3(0.5, 0), vec3(2, -5), vec3(2, 5), a,
        b, c)
      assert.is_true(hit)
      near(0.45, u)
      assert.is_true(point.x >= 1.5 and point.x <= 2.5 and point.y == 0 and point.z == 0)
      assert.are.equal(vec3(0, -1, 0), normal)
      assert.are.equal("edge", feature)
    end)
    it("starting across an edge, is pushed out across it, in the plane", function()
      local hit, u, point, normal, feature = sweep(0.5, vec3(1, 0), vec3(0.5, 2), vec3(3, 2), a,
        b, c)
      assert.is_true(hit)
      assert.are.equal(0, u)
      assert.are.equal(0, point.z)
      vec_near(vec3(-1, 0, 0), normal)
      assert.are.equal("edge", feature)
    end)
  end)

  describe("with a zero axis", function()
    it("answers as sweep_sphere_triangle", function()
      assert.are.same({ collide.sweep_sphere_triangle(0.5, vec3(1, 2, 3), vec3(-1, 0.5, -2), a,
        b, c) },
                      { sweep(0.5, vec3(0, 0, 0), vec3(1, 2, 3), vec3(-1, 0.5, -2), a, b, c) })
    end)
  end)

  describe("with a degenerate triangle", function()
    it("names its first vertex", function()
      assert.has_error(function() sweep(1, ZUP, vec3(0, 0), vec3(1, 0), a, a, c) end,
        "bad argument #5 to 'sweep_capsule_triangle' (degenerate triangle)")
    end)
  end)
end)

--  y
--  2 +------+
--    |      |      the square polygon [-2, 2]^2 in z = 0
-- -2 +------+
--   -2      2  x
describe("collide.sweep_capsule_polygon", function()
  local sweep = collide.sweep_capsule_polygon
  local square = collide.polygon({ { -2, -2 }, { 2, -2 }, { 2, 2 }, { -2, 2 } })
  local DIAG = vec3(1, 1)

  describe("when a standing capsule falls onto it", function()
    it("touches the face", function()
      hit_is(0.4, vec3(0, 0, 0), vec3(0, 0, 1), "face",
             sweep(1, vec3(0, 0, 1), vec3(0, 0, 6), vec3(0, 0, -4), square))
    end)
  end)

  describe("in 2D", function()
    --   / -> |      a diagonal capsule sliding into the side x = -2: its
    --  /     |      upper end (1, 1) from the centre leads
    it("meets a side with its leading end", function()
      hit_is(0.65, vec3(-2, 1, 0), vec3(-1, 0, 0), "edge",
             sweep(0.5, DIAG, vec3(-10, 0), vec3(0, 0), square))
    end)
    it("starting inside, is pushed out across the nearest side", function()
      local hit, u, _, normal, feature = sweep(0.25, DIAG, vec3(1.5, 0), vec3(1.5, -1), square)
      assert.is_true(hit)
      assert.are.equal(0, u)
      vec_near(vec3(1, 0, 0), normal)
      assert.are.equal("edge", feature)
    end)
  end)

  describe("when it lies in the polygon's plane but moves across it", function()
    it("is pushed out along the normal, against the motion", function()
      local hit, u, _, normal, feature = sweep(0.25, DIAG, vec3(0, 0), vec3(0, 0, -1), square)
      assert.is_true(hit)
      assert.are.equal(0, u)
      assert.are.equal(vec3(0, 0, 1), normal)
      assert.are.equal("face", feature)
    end)
  end)

  describe("when moving parallel above it", function()
    it("misses", function()
      assert.is_false(sweep(1, DIAG, vec3(-10, 0, 2), vec3(10, 0, 2), square))
    end)
  end)

  describe("with bad arguments", function()
    it("names the polygon", function()
      assert.has_error(function() sweep(1, DIAG, vec3(0, 0), vec3(1, 0), {}) end,
        "bad argument #5 to 'sweep_capsule_polygon' (polygon expected, got table)")
    end)
  end)
end)

describe("collide.sweep_capsule_segment", function()
  local sweep = collide.sweep_capsule_segment
  local a, b = vec3(0, 0, -1), vec3(0, 0, 1)

  describe("when a standing core passes the segment (along z) crosswise", function()
    it("meets it where the lines cross", function()
      hit_is(0.45, vec3(0, 0, 0), vec3(-1, 0, 0), "edge",
             sweep(0.5, UP, vec3(-5, 0), vec3(5, 0), a, b))
    end)
    it("past its end, meets the vertex", function()
      hit_is(0.46, vec3(0, 0, 1), vec3(-0.8, 0, 0.6), "vertex",
             sweep(0.5, UP, vec3(-5, 0, 1.3), vec3(5, 0, 1.3), a, b))
    end)
    it("misses beyond r of the end", function()
      assert.is_false(sweep(0.5, UP, vec3(-5, 0, 1.6), vec3(5, 0, 1.6), a, b))
    end)
  end)

  describe("in 2D, against a wall along y", function()
    local w0, w1 = vec3(0, -1), vec3(0, 1)
    it("a lying capsule meets it end first", function()
      hit_is(0.35, vec3(0, 0, 0), vec3(-1, 0, 0), "edge",
             sweep(0.5, vec3(1, 0), vec3(-5, 0), vec3(5, 0), w0, w1))
    end)
    it("a standing one (parallel to it) meets it side by side", function()
      hit_is(0.45, vec3(0, 0, 0), vec3(-1, 0, 0), "edge",
             sweep(0.5, UP, vec3(-5, 0), vec3(5, 0), w0, w1))
    end)
    it("starting across it, is pushed out across the nearest side", function()
      hit_is(0, vec3(0, 0, 0), vec3(-1, 0, 0), "edge",
             sweep(0.5, vec3(1, 0), vec3(-0.2, 0), vec3(5, 0), w0, w1))
    end)
    it("the same moving out of the plane: along z, against the motion", function()
      hit_is(0, vec3(0, 0, 0), vec3(0, 0, -1), "edge",
             sweep(0.5, vec3(1, 0), vec3(-0.2, 0), vec3(-0.2, 0, 5), w0, w1))
    end)
  end)

  describe("with a zero radius, a point segment, no motion", function()
    it("answers each", function()
      hit_is(0.5, vec3(0, 0, 0), vec3(-1, 0, 0), "edge",
             sweep(0, UP, vec3(-5, 0), vec3(5, 0), a, b))
      hit_is(0.45, vec3(0, 0.5, 0), vec3(-1, 0, 0), "vertex",
             sweep(0.5, UP, vec3(-5, 0), vec3(5, 0), vec3(0, 0.5), vec3(0, 0.5)))
      hit_is(0, vec3(0, 0, 0), vec3(-1, 0, 0), "edge",
             sweep(0.5, UP, vec3(-0.5, 0), vec3(-0.5, 0), a, b))
    end)
  end)

  describe("with a zero radius crossing the segment, in mixed scales", function()
    it("takes the normal of the plane of the two directions, against the motion", function()
      local E, D = 1e-3, 1e3
      hit_is(0.5, vec3(-E, 0, -E), vec3(-math.sqrt(0.5), 0, -math.sqrt(0.5)), "edge",
             sweep(0, vec3(1, 0, -1), vec3(-E, 0, -E - D), vec3(-E, 0, -E + D), vec3(-E, -E, -E),
                   vec3(-E, E, -E)))
    end)
  end)

  describe("with a zero axis", function()
    it("answers as sweep_sphere_segment", function()
      assert.are.same({ collide.sweep_sphere_segment(0.5, vec3(-3, 0.5, 0.25), vec3(3, 0, 0), a,
        b) },
                      { sweep(0.5, vec3(0, 0, 0), vec3(-3, 0.5, 0.25), vec3(3, 0, 0), a, b) })
    end)
  end)
end)

describe("collide.sweep_capsule_aabb", function()
  local sweep = collide.sweep_capsule_aabb
  local O, E = vec3(0, 0, 0), vec3(1, 1, 1)

  describe("when a standing capsule meets the unit box", function()
    it("a side face", function()
      hit_is(0.35, vec3(-1, 0, 0), vec3(-1, 0, 0), "face",
             sweep(0.5, UP, vec3(-5, 0), vec3(5, 0), O, E))
    end)
    it("the top, with its lower end", function()
      hit_is(0.25, vec3(0, 1, 0), vec3(0, 1, 0), "face",
             sweep(0.5, UP, vec3(0, 5), vec3(0, -5), O, E))
    end)
    it("a vertical edge, with its side", function()
      hit_is(0.36, vec3(-1, 0, 1), vec3(-0.8, 0, 0.6), "edge",
             sweep(0.5, UP, vec3(-5, 0, 1.3), vec3(5, 0, 1.3), O, E))
    end)
    it("a top corner, with its lower end", function()
      hit_is(0.27, vec3(1, 1, 1), vec3(0.48, 0.6, 0.64), "vertex",
             sweep(0.5, UP, vec3(1.24, 5, 1.32), vec3(1.24, -5, 1.32), O, E))
    end)
  end)

  describe("when a slanted capsule meets it", function()
    it("lying over the top face", function()
      local hit, u, point, normal, feature = sweep(0.5, vec3(0.5, 0.5), vec3(0, 0, 5), vec3(0, 0,
        -5), O, E)
      assert.is_true(hit)
      near(0.35, u)
      near(1, point.z)
      assert.are.equal(vec3(0, 0, 1), normal)
      assert.are.equal("face", feature)
    end)
    it("across an edge, its core's inside on the edge's inside", function()
      hit_is((4 - 0.25 / math.sqrt(2)) / 5, vec3(1, 0, 1),
             vec3(math.sqrt(0.5), 0, math.sqrt(0.5)), "edge",
             sweep(0.25, vec3(0.5, 0, -0.5), vec3(5, 0, 5), vec3(0, 0, 0), O, E))
    end)
  end)

  describe("with a zero radius (a moving segment) crossing an edge", function()
    --        z
    --        |   +---+      the core (1, 0, -1) at 45 degrees, moving up
    --     ---+---o---+--    1e3 onto the bottom-left edge (along y) of a
    --           /^          box 1e-3 across: it touches at o alone, its
    --          / |          middle on the edge's inside
    it("takes the normal of the plane of the two directions, against the motion", function()
      local W, D = 1e-3, 1e3
      hit_is(0.5, vec3(-W, 0, -W), vec3(-math.sqrt(0.5), 0, -math.sqrt(0.5)), "edge",
             sweep(0, vec3(1, 0, -1), vec3(-W, 0, -W - D), vec3(-W, 0, -W + D), O, vec3(W, W, W)))
    end)
  end)

  describe("when its core is in the box at the start", function()
    it("is pushed out of the nearest face; the point is the core's", function()
      hit_is(0, vec3(0.75, 0, 0), vec3(1, 0, 0), "face",
             sweep(0.5, UP, vec3(0.75, 0), vec3(0.75, 0, 3), O, E))
    end)
  end)

  describe("in 2D, against a rectangle (zero z extent)", function()
    local R = vec3(1, 1, 0)
    it("meets a side (an edge of the rectangle)", function()
      hit_is(0.3, vec3(-1, 0.5, 0), vec3(-1, 0, 0), "edge",
             sweep(0.5, vec3(0.5, 0.5), vec3(-5, 0), vec3(5, 0), O, R))
    end)
    it("starting inside, is pushed out across the nearest side", function()
      local hit, u, point, normal, feature = sweep(0.5, vec3(0.5, 0.5), vec3(0.8, 0), vec3(3, 0),
        O, R)
      assert.is_true(hit)
      assert.are.equal(0, u)
      assert.are.equal(0, point.z)
      assert.are.equal(vec3(1, 0, 0), normal)
      assert.are.equal("edge", feature)
    end)
  end)

  describe("when passing by, or not moving", function()
    it("misses beyond r, touches without motion", function()
      assert.is_false(sweep(0.5, UP, vec3(-5, 0, 1.6), vec3(5, 0, 1.6), O, E))
      hit_is(0, vec3(-1, 0, 0), vec3(-1, 0, 0), "face",
             sweep(0.5, UP, vec3(-1.5, 0), vec3(-1.5, 0), O, E))
    end)
  end)

  describe("with a zero axis", function()
    it("answers as sweep_sphere_aabb", function()
      assert.are.same({ collide.sweep_sphere_aabb(0.5, vec3(-3, 0.5, 0.25), vec3(3, 0, 0), O, E) },
                      { sweep(0.5, vec3(0, 0, 0), vec3(-3, 0.5, 0.25), vec3(3, 0, 0), O, E) })
    end)
  end)

  describe("with bad arguments", function()
    it("names the extents", function()
      assert.has_error(function() sweep(1, UP, vec3(0, 0), vec3(1, 0), O, vec3(1, -1, 1)) end,
        "bad argument #6 to 'sweep_capsule_aabb' (negative extent)")
    end)
  end)
end)

describe("collide.sweep_capsule_capsule", function()
  local sweep = collide.sweep_capsule_capsule
  local ZAX, O = vec3(0, 0, 1), vec3(0, 0, 0)

  describe("when A (standing) crosses B (along z) at rest", function()
    it("gives the contact interval and the normal from B toward A", function()
      local hit, u0, u1, normal = sweep(0.5, UP, vec3(-5, 0), vec3(5, 0), 0.5, ZAX, O, O)
      assert.is_true(hit)
      near(0.4, u0)
      near(0.6, u1)
      assert.are.equal(vec3(-1, 0, 0), normal)
    end)
    it("swapped, gives the same interval and the opposite normal", function()
      local _, u0, u1, n = sweep(0.5, UP, vec3(-5, 0), vec3(5, 0), 0.5, ZAX, O, O)
      local hit, v0, v1, m = sweep(0.5, ZAX, O, O, 0.5, UP, vec3(-5, 0), vec3(5, 0))
      assert.is_true(hit)
      assert.are.equal(u0, v0)
      assert.are.equal(u1, v1)
      assert.are.equal(-n, m)
    end)
  end)

  describe("when both move", function()
    it("only the relative motion counts", function()
      local hit, u0, u1 = sweep(0.5, UP, vec3(-2.5, 0), vec3(2.5, 0), 0.5, ZAX, vec3(2.5, 0),
        vec3(-2.5, 0))
      assert.is_true(hit)
      near(0.4, u0)
      near(0.6, u1)
    end)
  end)

  describe("when the cores are parallel", function()
    it("side by side", function()
      local hit, u0, u1, normal = sweep(0.5, UP, vec3(-5, 0), vec3(5, 0), 0.5, UP, O, O)
      assert.is_true(hit)
      near(0.4, u0)
      near(0.6, u1)
      assert.are.equal(vec3(-1, 0, 0), normal)
    end)
    it("end to end", function()
      local hit, u0, u1, normal = sweep(0.5, UP, vec3(0, -9), vec3(0, 1), 0.5, UP, vec3(0, 3),
        vec3(0, 3))
      assert.is_true(hit)
      near(0.9, u0)
      near(1, u1)
      assert.are.equal(vec3(0, -1, 0), normal)
    end)
  end)

  describe("when they overlap at the start", function()
    it("u0 = 0, u1 when they part", function()
      local hit, u0, u1, normal = sweep(0.5, UP, vec3(0.5, 0), vec3(5.5, 0), 0.5, ZAX, O, O)
      assert.is_true(hit)
      assert.are.equal(0, u0)
      near(0.1, u1)
      assert.are.equal(vec3(1, 0, 0), normal)
    end)
    it("without relative motion, for the whole step", function()
      assert.are.same({ true, 0, 1, vec3(1, 0, 0) },
                      { sweep(0.5, UP, vec3(0.5, 0), vec3(0.5, 0), 0.5, ZAX, O, O) })
    end)
  end)

  describe("when they pass apart", function()
    it("returns false alone", function()
      assert.are.same({ false }, { sweep(0.5, UP, vec3(-5, 0, 3), vec3(5, 0, 3), 0.5, ZAX, O, O) })
    end)
  end)

  describe("with zero radii, crossing in mixed scales", function()
    it("takes the normal of the plane of the two cores, against the motion", function()
      local E = 1e-6
      local hit, u0, u1, normal = sweep(0, vec3(E, 0, -E), vec3(-E, 0, -E - 1), vec3(-E, 0, -E + 1),
                                        0, vec3(0, E, 0), vec3(-E, 0, -E), vec3(-E, 0, -E))
      assert.is_true(hit)
      near(0.5, u0)
      near(0.5, u1)
      vec_near(vec3(-math.sqrt(0.5), 0, -math.sqrt(0.5)), normal)
    end)
  end)

  describe("with zero axes", function()
    it("answers as sweep_sphere_sphere, with a normal", function()
      local a0, a1, b0, b1 = vec3(-3, 0.5, 0.25), vec3(3, 0, 0), vec3(0.5, 0.25), vec3(-0.5, 0, 1)
      local hit, u0, u1, normal = sweep(0.5, O, a0, a1, 0.75, O, b0, b1)
      local _, s0, s1 = collide.sweep_sphere_sphere(0.5, a0, a1, 0.75, b0, b1)
      assert.is_true(hit)
      assert.are.equal(s0, u0)
      assert.are.equal(s1, u1)
      near(1, normal:length())
    end)
  end)

  describe("with an out-vector", function()
    it("writes the normal into it", function()
      local n = vec3()
      local _, _, _, normal = sweep(0.5, UP, vec3(-5, 0), vec3(5, 0), 0.5, ZAX, O, O, n)
      assert.is_true(rawequal(n, normal))
      assert.are.equal(vec3(-1, 0, 0), n)
    end)
  end)

  describe("with bad arguments", function()
    it("counts all eight", function()
      assert.has_error(function() sweep(0.5, UP, O, O, -1, ZAX, O, O) end,
        "bad argument #5 to 'sweep_capsule_capsule' (negative radius)")
      assert.has_error(function() sweep(0.5, UP, O, O, 1, ZAX, O, "x") end,
        "bad argument #8 to 'sweep_capsule_capsule' (vec3 expected, got string)")
    end)
  end)
end)

-- Zero-radius contacts in degenerate cases (fuzz findings of the property
-- n.d <= 0 after the start): a point met by a moving segment's inside gets
-- the reverse of the motion across the segment's line, whether the point
-- is a box of zero extents or a segment of zero length; a ray starting on
-- a polygon's vertex starts touching.
describe("a zero-radius contact", function()
  local A, c0, c1 = vec3(11.625, -15.125, 0), vec3(11.625, 11.625, 0), vec3(-0.125, -0.125, 0)
  local P = vec3(0, -0.125, 0)
  local across = vec3(15.125, 11.625, 0):normalize()
  it("with a box of zero extents faces against the motion, across the core", function()
    local hit, u, point, normal, feature =
      collide.sweep_capsule_aabb(0, A, c0, c1, P, vec3(0, 0, 0))
    assert.is_true(hit)
    assert.is_true(u > 0.99 and u < 1)
    vec_near(P, point, 0)
    assert.are.equal("vertex", feature)
    vec_near(across, normal, 1e-15)
    assert.is_true(normal:dot(c1 - c0) < 0)
  end)
  it("with a segment of zero length is the same", function()
    local hit, u, point, normal = collide.sweep_capsule_segment(0, A, c0, c1, P, P)
    local _, ub = collide.sweep_capsule_aabb(0, A, c0, c1, P, vec3(0, 0, 0))
    assert.is_true(hit)
    near(ub, u, 1e-12)
    vec_near(P, point, 0)
    vec_near(across, normal, 1e-15)
  end)
  it("of a ray starting on a polygon's vertex is at its start", function()
    local v = { vec3(-0.11300347185935958, -1.0333399070897185, -0.634297725125034),
                vec3(-0.03805166368823459, -0.26745126982493306, -0.416155878684317),
                vec3(0.03399420153990386, -1.257717409398434, -0.2064715701563234),
                vec3(-0.04303055661802778, -1.9793674925033597, -0.4306465884275162) }
    local poly = collide.polygon(v)
    local p1 = vec3(-0.03805166368823459, -7.267451269824933, -0.416155878684317)
    local hit, u = collide.raycast_polygon(v[2], p1, poly)
    assert.is_true(hit)
    assert.are.equal(0, u)
    hit, u = collide.sweep_capsule_polygon(0, vec3(0, 0, 0), v[2], p1, poly)
    assert.is_true(hit)
    assert.are.equal(0, u)
  end)
end)
