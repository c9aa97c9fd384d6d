-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, pcall, tostring = assert, ipairs, math, pcall, tostring
local collide = require "collide"
local vec3 = collide.vec3

-- The hull's corners as a set of "x,y,z" strings, whatever their order.
local function corner_set(A)
  local set, n = {}, 0
  for _, v in ipairs(A:vertices()) do
    set[("%.17g,%.17g,%.17g"):format(v.x, v.y, v.z)] = true
    n = n + 1
  end
  return set, n
end

local function tov(p)
  if collide.is_vec3(p) then return p end
  return vec3(p[1] or p.x, p[2] or p.y, p[3] or p.z or 0)
end

local function key(x, y, z) return ("%.17g,%.17g,%.17g"):format(x, y, z or 0) end

-- A checker that shares nothing with the builder: every given point on or
-- beneath every face (to rounding), every face's corners on it, Euler's
-- V - E + F = 2 for a solid, and every edge on exactly two faces.
local function assert_hull(A, points)
  local faces, vs = A:faces(), A:vertices()
  local scale, pts = 1, {}
  for k, p in ipairs(points) do
    local v = tov(p)
    pts[k] = v
    scale = math.max(scale, math.abs(v.x), math.abs(v.y), math.abs(v.z))
  end
  for f, pl in ipairs(faces) do
    assert.near(1, pl.normal:length(), 1e-12)
    -- (every point on the inner side of every face: a plain test per
    -- point, luassert's call only for a failure, since 256 points have
    -- about 500 faces)
    for k, v in ipairs(pts) do
      local d = pl:distance(v)
      if not (d <= 1e-9 * scale) then   -- luacheck: ignore 581 (a NaN fails too)
        assert.is_true(false, ("point %d outside face %d by %g"):format(k, f, d))
      end
    end
    for _, i in ipairs(A:face_vertices(f)) do
      assert.near(0, pl:distance(vs[i]), 1e-9 * scale)
    end
  end
  local on = {}
  for f = 1, #faces do
    local ring = A:face_vertices(f)
    for k = 1, #ring do
      local a, b = ring[k], ring[k % #ring + 1]
      local e = math.min(a, b) .. "-" .. math.max(a, b)
      on[e] = (on[e] or 0) + 1
    end
  end
  local edges = A:edges()
  for _, e in ipairs(edges) do
    assert.equal(2, on[math.min(e[1], e[2]) .. "-" .. math.max(e[1], e[2])])
  end
  if not A.flat then assert.equal(2, #vs - #edges + #faces) end
end

describe("collide.convex", function()
  describe("a tetrahedron with a point inside", function()
    local pts = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 0.1, 0.1, 0.1 } }
    local A = collide.convex(pts)

    it("keeps the four corners, in the order given", function()
      local vs = A:vertices()
      assert.equal(4, #vs)
      assert.equal(4, #A)
      assert.equal(vec3(0, 0, 0), vs[1])
      assert.equal(vec3(0, 0, 1), vs[4])
    end)

    it("has four faces with outward unit normals and six edges", function()
      assert.equal(4, #A:faces())
      assert.equal(6, #A:edges())
      assert_hull(A, pts)
      assert.is_false(A.flat)
      assert.equal(1, A.radius)
    end)

    it("winds each face counter-clockwise seen from outside", function()
      local vs = A:vertices()
      for f, pl in ipairs(A:faces()) do
        local r = A:face_vertices(f)
        local n = (vs[r[2]] - vs[r[1]]):cross(vs[r[3]] - vs[r[1]])
        assert.is_true(n:dot(pl.normal) > 0)
      end
    end)
  end)

  --[[ A cube's surface sampled on a grid: points on its faces and inside
       its edges, repeated, in a shuffled order, make the same cube.

        +---+---+      every x marks points of the input; only the
        x   x   x      8 corners are corners of the hull
        +---x---+
  ]]
  it("drops points on faces and inside edges, and repeated points", function()
    local pts = {}
    for x = 0, 4 do
      for y = 0, 4 do
        for z = 0, 4 do
          if x % 4 == 0 or y % 4 == 0 or z % 4 == 0 then
            pts[#pts + 1] = { x, y, z }
          end
        end
      end
    end
    local seed = 7
    for i = #pts, 2, -1 do
      seed = (seed * 16807) % 2147483647
      local j = seed % i + 1
      pts[i], pts[j] = pts[j], pts[i]
    end
    pts[#pts + 1] = pts[1]
    assert.is_true(#pts <= 256)
    local A = collide.convex(pts)
    local set, n = corner_set(A)
    assert.equal(8, n)
    for _, c in ipairs { { 0, 0, 0 }, { 4, 0, 0 }, { 0, 4, 0 }, { 4, 4, 4 } } do
      assert.is_true(set[key(c[1], c[2], c[3])])
    end
    assert.equal(6, #A:faces())
    assert.equal(12, #A:edges())
    assert_hull(A, pts)
  end)

  it("keeps a corner a hair off a face that rounding would flatten", function()
    local t = 2 ^ -50
    local pts = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 },
                  { 0, 0, 1 }, { 1, 0, 1 }, { 1, 1, 1 }, { 0, 1, 1 },
                  { 0.5, 0.5, 1 + t } }
    local A = collide.convex(pts)
    assert.equal(9, #A)
    assert.equal(9, #A:faces())      -- 5 sides and 4 roof triangles
    pts[9] = { 0.5, 0.5, 1 - t }
    assert.equal(8, #collide.convex(pts))
  end)

  describe("when every z is 0", function()
    local pts = { vec3(0, 0), { 4, 0 }, { x = 4, y = 4 }, { 0, 4 }, { 2, 2 }, { 2, 0 } }
    local A = collide.convex(pts)

    it("is a flat convex polygon: its corners, two faces, +z first", function()
      assert.is_true(A.flat)
      assert.equal(4, #A)
      local faces = A:faces()
      assert.equal(2, #faces)
      assert.equal(vec3(0, 0, 1), faces[1].normal)
      assert.equal(vec3(0, 0, -1), faces[2].normal)
      assert.equal(0, faces[1].d)
      assert.equal(4, #A:edges())
      assert_hull(A, pts)
    end)

    it("winds the first face counter-clockwise seen from +z", function()
      local vs, r = A:vertices(), A:face_vertices(1)
      for k = 1, #r do
        local a, b, c = vs[r[k]], vs[r[k % #r + 1]], vs[r[(k + 1) % #r + 1]]
        assert.is_true((b - a):cross(c - b).z > 0)
      end
    end)
  end)

  it("makes a flat hull of points in a tilted plane", function()
    local A = collide.convex { { 3, 0, 0 }, { 0, 3, 0 }, { 0, 0, 3 }, { 1, 1, 1 }, { 1.5, 1.5, 0 } }
    assert.is_true(A.flat)
    assert.equal(3, #A)
    assert.near(math.sqrt(1 / 3), A:faces()[1].normal.x, 1e-15)
  end)

  it("accepts 256 points", function()
    local pts = {}
    for i = 1, 256 do
      local a, b = i * 2.399963, math.acos(1 - 2 * (i - 0.5) / 256)
      pts[i] = { math.cos(a) * math.sin(b), math.sin(a) * math.sin(b), math.cos(b) }
    end
    local A = collide.convex(pts)
    assert.equal(256, #A)
    assert_hull(A, pts)
  end)

  describe("given bad points", function()
    local function err(f, ...)
      local ok, msg = pcall(f, ...)
      assert.is_false(ok)
      return (tostring(msg):gsub("^[^:]*:%d+: ", ""))
    end

    it("names what is wrong", function()
      local c = collide.convex
      assert.equal("bad argument #1 to 'convex' (table expected, got nil)", err(c))
      assert.equal("bad argument #1 to 'convex' (table expected, got number)", err(c, 3))
      assert.equal("bad argument #1 to 'convex' (convex needs at least 3 points)",
                   err(c, { { 0, 0 }, { 1, 0 } }))
      assert.equal("bad argument #1 to 'convex' (points are all on one line)",
                   err(c, { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 3, 3, 0 } }))
      assert.equal("bad argument #1 to 'convex' (points are all on one line)",
                   err(c, { { 1, 1 }, { 1, 1 }, { 1, 1 } }))
      assert.equal("bad argument #1 to 'convex' (vec3 expected at index 3, got string)",
                   err(c, { { 0, 0 }, { 1, 0 }, "x" }))
      assert.equal("bad argument #1 to 'convex' (vec3 has a NaN component)",
                   err(c, { { 0, 0 }, { 1, 0 }, { 0, 0 / 0 } }))
      assert.equal("bad argument #1 to 'convex' (vec3 has an infinite component)",
                   err(c, { { 0, 0 }, { 1, 0 }, { 0, 1 / 0 } }))
      local many = {}
      for i = 1, 257 do many[i] = { i, i * i } end
      assert.equal("bad argument #1 to 'convex' (convex has more than 256 points)",
                   err(c, many))
    end)

    it("refuses to be changed", function()
      local A = collide.convex_box { 1, 1, 1 }
      assert.matches("read%-only", err(function() A.flat = true end))
      assert.matches("convex has no field 'nope'", err(function() return A.nope end))
      assert.equal("calling 'vertices' on bad self (convex expected, got number)",
                   err(A.vertices, 3))
      assert.equal("bad argument #1 to 'face_vertices' (face index out of range)",
                   err(A.face_vertices, A, 7))
      assert.equal("bad argument #1 to 'face_vertices' (number expected, got nil)",
                   err(A.face_vertices, A))
    end)
  end)
end)

describe("collide.convex_box", function()
  it("is the box of half-extents e about the origin", function()
    local A = collide.convex_box(vec3(1, 2, 3))
    assert.equal(8, #A)
    assert.equal(6, #A:faces())
    assert.equal(12, #A:edges())
    assert.equal(math.sqrt(14), A.radius)
    local set = corner_set(A)
    for i = 0, 7 do
      local x = (i % 2 == 0) and -1 or 1
      local y = (i % 4 < 2) and -2 or 2
      local z = (i < 4) and -3 or 3
      assert.is_true(set[key(x, y, z)])
    end
    for _, pl in ipairs(A:faces()) do
      local n = pl.normal
      assert.equal(1, math.abs(n.x) + math.abs(n.y) + math.abs(n.z))
      assert.equal(-math.abs(n.x * 1 + n.y * 2 + n.z * 3), pl.d)
    end
    assert.equal("convex(8 vertices, 6 faces)", tostring(A))
  end)

  it("is a flat rectangle for a zero extent, an error for two", function()
    local A = collide.convex_box { 2, 1, 0 }
    assert.is_true(A.flat)
    assert.equal(4, #A)
    assert.equal("convex(4 vertices, 2 faces, flat)", tostring(A))
    local ok, msg = pcall(collide.convex_box, { 2, 0, 0 })
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'convex_box' %(points are all on one line%)", msg)
    ok, msg = pcall(collide.convex_box, { 2, -1, 0 })
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'convex_box' %(negative extent%)", msg)
    ok, msg = pcall(collide.convex_box, { 2, 0 / 0, 0 })
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'convex_box' %(vec3 has a NaN component%)", msg)
  end)

  -- (fuzz/corpus/convex*: Newell's sum underflowed, or its centroid
  -- rounded a sliver's height away, and the face normal was zero)
  it("has unit face normals for tiny extents and for slivers", function()
    local t = 2 ^ -1022
    local A = collide.convex_box { t, t, 0 }
    assert.is_true(A.flat)
    for _, pl in ipairs(A:faces()) do assert.near(1, pl.normal:length(), 1e-12) end
    -- a coordinate below 2^-300 of the largest counts as 0 in the hull's
    -- decisions (docs/convex.md): 1e-308 beside 15.875 is the origin again
    local ok, msg = pcall(collide.convex, { { 9.625, 15.875, 9.625 }, { 0, 0, t }, { 0, 0, 0 } })
    assert.is_false(ok)
    assert.matches("points are all on one line", msg)
    local pts = { { 9.625, 15.875, 9.625 }, { 0, 0, 2 ^ -290 }, { 0, 0, 0 } }
    local B = collide.convex(pts)
    assert.equal(3, #B)
    assert_hull(B, pts)
    -- two corners on a line through the origin, the third 4e-35 from it:
    -- a sliver in the plane y = 0, whose normal is -y or +y exactly
    -- (-0x1.cfdb417c18a1bp-35, 0x1.dafd309fd7afdp-45 and -0x1.a9bp-115,
    -- written so that Lua 5.1 reads them)
    local x, z = -0x1cfdb417c18a1b * 2 ^ -87, 0x1dafd309fd7afd * 2 ^ -97
    local C = collide.convex { { x, 0, z }, { 2 * x, 0, 2 * z }, { -0x1a9b * 2 ^ -127, 0, 0 } }
    assert.is_true(C.flat)
    for _, pl in ipairs(C:faces()) do
      assert.equal(0, pl.normal.x)
      assert.equal(1, math.abs(pl.normal.y))
      assert.equal(0, pl.normal.z)
    end
    -- a side 4e-9 long beside one 18 long: Newell's normal, its tiny side
    -- rounded away about the centroid, tilted off the far corner by 1e-8
    local D = { { 0, 0, 0 }, { -0x112e0be826d695 * 2 ^ -80, 0, 0x119799812dea11 * 2 ^ -90 },
                { 12.625, 12.625, 3 } }
    assert_hull(collide.convex(D), D)
    -- and it sweeps like any other shape
    local hit, u, _, normal = collide.sweep_convex_plane(A, 0, vec3(0, 1, 0), vec3(0, -1, 0),
                                                         collide.plane(vec3(0, 1, 0), 0))
    assert.is_true(hit)
    assert.equal(0.5, u)
    assert.equal(vec3(0, 1, 0), normal)
    hit, u, _, normal = collide.sweep_convex_triangle(B, { w = 1, x = 0, y = 0, z = 0 },
      vec3(-40, 0, 0), vec3(40, 0, 0), vec3(0, -1, -1), vec3(0, 1, -1), vec3(0, 0, 30))
    assert.is_true(hit)
    assert.is_true(u > 0 and u < 1)
    assert.near(1, normal:length(), 1e-12)
  end)
end)
