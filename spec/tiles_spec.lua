-- spec/tiles_spec.lua -- 2D levels (issue 29): w:add_tiles, w:add_outline,
-- a closing point on every polygon, collide.tiled. Each answer is judged
-- by a checker that shares nothing with the code: cell centres and random
-- points classified by the grid or by a crossing-number point-in-polygon
-- test, areas by the shoelace formula, movers by how far they got.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, pcall, select, table = assert, ipairs, math, pcall, select, table
local tostring = tostring
local collide = require "collide"
local V = collide.vec3

-- Park and Miller's minimal standard generator (exact in doubles).
local seed = 2929
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end

local function err_of(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok)
  return (tostring(e):gsub("^[^\n]-:%d+: ", ""))
end

-- Shoelace area (twice, signed) of points {x, y}.
local function area2(p)
  local s = 0
  for i = 1, #p do
    local a, b = p[i], p[i % #p + 1]
    s = s + (a[1] * b[2] - b[1] * a[2])
  end
  return s
end

-- Crossing-number point-in-polygon (points off the boundary only).
local function inside(p, x, y)
  local c = false
  for i = 1, #p do
    local a, b = p[i], p[i % #p + 1]
    if (a[2] > y) ~= (b[2] > y) and x < a[1] + (y - a[2]) * (b[1] - a[1]) / (b[2] - a[2]) then
      c = not c
    end
  end
  return c
end

local function random_grid(rows, cols, density)
  local g = {}
  for r = 1, rows do
    g[r] = {}
    for c = 1, cols do g[r][c] = rnd() < density and (1 + math.floor(rnd() * 3)) or 0 end
  end
  return g
end

describe("w:add_tiles", function()
  describe("when a grid is added", function()
    it("covers exactly the solid cells, with fewer boxes than cells", function()
      for trial = 1, 20 do
        local rows, cols = 1 + math.floor(rnd() * 30), 1 + math.floor(rnd() * 30)
        local g = random_grid(rows, cols, trial / 20)
        local w = collide.world()
        local sx, sy, ox, oy = 16, 8, -40, 24
        local first, last = w:add_tiles(g, V(sx, sy), V(ox, oy), "tiles")
        local cells = 0
        for r = 1, rows do
          for c = 1, cols do
            local x, y = ox + (c - 0.5) * sx, oy + (r - 0.5) * sy
            local hits = w:overlap_point(V(x, y))
            if g[r][c] ~= 0 then
              cells = cells + 1
              assert.are.equal(1, #hits)   -- covered once: the boxes are disjoint
            else
              assert.are.equal(0, #hits)
            end
          end
        end
        assert.are.equal(last - first + 1, w:count())
        assert.is_true(w:count() <= cells)
        for id = first, last do
          assert.are.equal("tiles", w:data(id))
          local kind, c, e = w:get(id)
          assert.are.equal("aabb", kind)
          -- every box's edges on the grid lines
          assert.are.equal(0, ((c.x - e.x) - ox) % sx)
          assert.are.equal(0, ((c.y - e.y) - oy) % sy)
          assert.are.equal(0, ((c.x + e.x) - ox) % sx)
          assert.are.equal(0, ((c.y + e.y) - oy) % sy)
        end
      end
    end)

    it("makes a floor row one box and a walled room four", function()
      local w = collide.world()
      --   #####
      --   #...#
      --   #####
      local a, b = w:add_tiles({ { 1, 1, 1, 1, 1 }, { 1, 0, 0, 0, 1 }, { 1, 1, 1, 1, 1 } }, 1)
      assert.are.equal(4, b - a + 1)
      local w2 = collide.world()
      a, b = w2:add_tiles({ { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 } }, 1)
      assert.are.equal(a, b)
      assert.are.same({ "aabb", V(5, 0.5), V(5, 0.5) }, { w2:get(a) })
    end)

    it("takes a number for square tiles, a table for origin, rows of any length", function()
      local w = collide.world()
      local a, b = w:add_tiles({ { 1 }, {}, { 0, 0, 7 } }, 2, { 10, 20 })
      assert.are.equal(2, b - a + 1)
      assert.are.same({ "aabb", V(11, 21), V(1, 1) }, { w:get(a) })
      assert.are.same({ "aabb", V(15, 25), V(1, 1) }, { w:get(b) })
    end)

    it("returns first_id, first_id - 1 for a grid with no solid cell", function()
      local w = collide.world()
      w:add_sphere(V(0, 0), 1)
      local a, b = w:add_tiles({ { 0, 0 }, { 0 } }, 1)
      assert.are.equal(2, a)
      assert.are.equal(1, b)
      assert.are.equal(1, w:count())
    end)

    it("gives z the extent size.z from origin.z", function()
      local w = collide.world()
      local a = w:add_tiles({ { 1 } }, V(2, 2, 4), V(0, 0, -2))
      assert.are.same({ "aabb", V(1, 1, 0), V(1, 1, 2) }, { w:get(a) })
    end)
  end)

  describe("when the arguments are bad", function()
    it("names the argument, the row and the column", function()
      local w = collide.world()
      assert.are.equal("bad argument #1 to 'add_tiles' (table expected, got nil)",
                       err_of(w.add_tiles, w, nil, 1))
      assert.are.equal("bad argument #1 to 'add_tiles' (table expected at row 2, got number)",
                       err_of(w.add_tiles, w, { {}, 5 }, 1))
      assert.are.equal("bad argument #1 to 'add_tiles' (number expected at row 1, column 2, "
                       .. "got string)",
                       err_of(w.add_tiles, w, { { 0, "x" } }, 1))
      assert.are.equal("bad argument #1 to 'add_tiles' (number is NaN at row 1, column 1)",
                       err_of(w.add_tiles, w, { { 0 / 0 } }, 1))
      assert.are.equal("bad argument #2 to 'add_tiles' (tile size must be positive)",
                       err_of(w.add_tiles, w, { { 1 } }, 0))
      assert.are.equal("bad argument #2 to 'add_tiles' (tile size must be positive)",
                       err_of(w.add_tiles, w, { { 1 } }, V(1, -1)))
      assert.are.equal("bad argument #2 to 'add_tiles' (vec3 expected, got nil)",
                       err_of(w.add_tiles, w, { { 1 } }))
      assert.are.equal("bad argument #3 to 'add_tiles' (vec3 expected, got string)",
                       err_of(w.add_tiles, w, { { 1 } }, 1, "here"))
      assert.are.equal(0, w:count())
    end)
  end)

  -- The snag test (issue 29). A level of 1-unit tiles, y down:
  --
  --   row 1  .........#...........   a wall at column 200, rows 1-150,
  --          .........##..........   1 to 4 tiles thick to the right
  --          .........#...........   (its left face flush at x = 199,
  --          .........###.........   made of several boxes)
  --   row 190 ####################   the ground, 1 to 8 rows deep, of
  --           ######  ####  ###### tiles of three kinds (1, 2, 3)
  --
  -- A box and a circle (half size 0.4) slide along the ground pressed
  -- down by gravity, and fall along the wall's face pressed into it, at
  -- 0.1 to 50 tiles a frame; every frame must end where it was asked to
  -- go along the surface (to rounding), grounded when on the ground. At
  -- tile sizes 1 and 16 and 0.1, at speeds that land exactly on the
  -- boxes' seams.
  describe("when movers slide along and fall along tiles", function()
    local W, H = 400, 200
    local grid = {}
    local s0 = seed
    seed = 77
    for r = 1, H do
      grid[r] = {}
      for c = 1, W do grid[r][c] = 0 end
    end
    for r = 190, H do
      for c = 1, W do
        if r <= 190 + math.floor(rnd() * 8) then grid[r][c] = 1 + c % 3 end
      end
    end
    for r = 1, 150 do
      for c = 200, 199 + 1 + math.floor(rnd() * 4) do grid[r][c] = 1 end
    end
    seed = s0
    local up = V(0, -1)

    for _, size in ipairs({ 1, 16, 0.1 }) do
      local w = collide.world()
      w:add_tiles(grid, size)
      for _, mover in ipairs({ "box", "circle" }) do
        it(("keeps a %s at full speed on tiles of size %g"):format(mover, size), function()
          local h = 0.4 * size
          local tol = 1e-9 * 400 * size
          local function move(from, to)
            if mover == "box" then return w:move_aabb(V(h, h), from, to, { up = up }) end
            return w:move_sphere(h, from, to, { up = up })
          end
          for _, s in ipairs({ 0.1, 0.25, 0.3, 1, 2.5, 7, 20, 50 }) do
            local p = V(2 * size, 189 * size - h)
            for _ = 1, math.min(100, math.floor(380 / s)) do
              local to = V(p.x + s * size, p.y + 0.05 * size)
              local q, _, grounded = move(p, to)
              assert.is_true(math.abs(q.x - to.x) <= tol, ("slid %s toward %s at %g"):format(
                tostring(q), tostring(to), s))
              assert.is_true(math.abs(q.y - (189 * size - h)) <= tol)
              assert.is_true(grounded)
              p = q
            end
            p = V(199 * size - h, 2 * size)
            for _ = 1, math.min(100, math.floor(140 / s)) do
              local to = V(p.x + 0.05 * size, p.y + s * size)
              local q = move(p, to)
              assert.is_true(math.abs(q.y - to.y) <= tol, ("fell to %s toward %s at %g"):format(
                tostring(q), tostring(to), s))
              assert.is_true(math.abs(q.x - (199 * size - h)) <= tol)
              p = q
            end
          end
        end)
      end
    end
  end)
end)

describe("w:add_outline", function()
  -- a cave: a room with a pillar from the ceiling and a bump in the floor
  --   (0,0) ______________ (20,0)
  --        |    |  |      |
  --        |    |__|      |
  --        |       _      |
  --        |______| |_____|
  --   (0,10)             (20,10)
  local cave = {
    { 0, 0 }, { 6, 0 }, { 6, 4 }, { 8, 4 }, { 8, 0 }, { 20, 0 }, { 20, 10 }, { 13, 10 },
    { 13, 8 }, { 12, 8 }, { 12, 10 }, { 0, 10 },
  }

  local function check_cover(w, first, last, pts)
    local total = 0
    for id = first, last do
      local kind, poly = w:get(id)
      assert.are.equal("polygon", kind)
      local vs = {}
      for i, v in ipairs(poly:vertices()) do vs[i] = { v.x, v.y } end
      local a = area2(vs)
      total = total + math.abs(a)
      -- convex: every turn the same way as the area
      for i = 1, #vs do
        local p, q, r = vs[i], vs[i % #vs + 1], vs[(i + 1) % #vs + 1]
        local t = (q[1] - p[1]) * (r[2] - p[2]) - (q[2] - p[2]) * (r[1] - p[1])
        assert.is_true(t * a > 0)
      end
    end
    assert.is_true(math.abs(total - math.abs(area2(pts))) <= 1e-9 * math.abs(area2(pts)))
    -- random points: inside the outline iff inside a piece
    local lo_x, hi_x, lo_y, hi_y = math.huge, -math.huge, math.huge, -math.huge
    for _, p in ipairs(pts) do
      lo_x, hi_x = math.min(lo_x, p[1]), math.max(hi_x, p[1])
      lo_y, hi_y = math.min(lo_y, p[2]), math.max(hi_y, p[2])
    end
    for _ = 1, 400 do
      local x = lo_x + (hi_x - lo_x) * (rnd() * 1.2 - 0.1)
      local y = lo_y + (hi_y - lo_y) * (rnd() * 1.2 - 0.1)
      local n = #w:overlap_point(V(x, y))
      if inside(pts, x, y) then assert.is_true(n >= 1) else assert.are.equal(0, n) end
    end
  end

  describe("when the outline is concave", function()
    it("adds convex pieces that cover it exactly", function()
      local w = collide.world()
      local first, last = w:add_outline(cave, "cave")
      assert.is_true(last - first + 1 >= 3)
      assert.is_true(last - first + 1 <= 10)   -- at most 4x the fewest (3)
      for id = first, last do assert.are.equal("cave", w:data(id)) end
      check_cover(w, first, last, cave)
    end)

    it("takes either winding, and a closing point equal to the first", function()
      local rev, closed = {}, {}
      for i = #cave, 1, -1 do rev[#rev + 1] = cave[i] end
      for i = 1, #cave do closed[i] = cave[i] end
      closed[#closed + 1] = { 0, 0 }
      for _, pts in ipairs({ rev, closed }) do
        local w = collide.world()
        local first, last = w:add_outline(pts)
        check_cover(w, first, last, cave)
      end
    end)

    it("cuts random star-shaped and comb outlines", function()
      for trial = 1, 30 do
        local pts, n = {}, 3 + math.floor(rnd() * 40)
        if trial % 2 == 0 then
          for i = 1, n do   -- a star around the origin
            local a = 2 * math.pi * (i - 1) / n
            local r = 1 + 9 * rnd()
            pts[i] = { r * math.cos(a), r * math.sin(a) }
          end
        else
          for i = 0, n do pts[#pts + 1] = { i, (i % 2 == 0) and 0 or 1 + rnd() * 5 } end
          pts[#pts + 1] = { n, -3 }
          pts[#pts + 1] = { 0, -3 }
        end
        local w = collide.world()
        local first, last = w:add_outline(pts)
        check_cover(w, first, last, pts)
      end
    end)

    it("drops points on a straight edge, so the floor is one edge", function()
      local w = collide.world()
      local first, last = w:add_outline({ { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 }, { 3, 3 },
                                          { 0, 3 } })
      assert.are.equal(first, last)
      assert.are.equal(4, #select(2, w:get(first)):vertices())
    end)

    it("works where the rounded orientation would not (nearly collinear points)", function()
      -- a floor of points 1e-17 off a line at x ~ 1e8: the sign of each
      -- turn is below the rounding of the usual formula
      local pts = { { 0, 0 } }
      for i = 1, 20 do pts[#pts + 1] = { 1e8 + i * 0.5, (i % 2) * 1e-9 } end
      pts[#pts + 1] = { 1e8 + 11, 5 }
      pts[#pts + 1] = { 0, 5 }
      local w = collide.world()
      local ok, first, last = pcall(w.add_outline, w, pts)
      if ok then
        for id = first, last do assert.are.equal("polygon", (w:get(id))) end
      else   -- a sliver piece collide.polygon would refuse, said as such
        assert.is_truthy(tostring(first):find("polygon", 1, true))
      end
    end)
  end)

  describe("when movers slide along the outline", function()
    it("never catch on a seam between pieces", function()
      -- rock shaped as a U, y down, with points along its floor (y = 10)
      -- and a notch under it, so that it is cut into several pieces:
      --   (0,0) _            _ (40,0)
      --        | |          | |
      --        | |__________| |     floor y = 10 from x = 2 to 38
      --        |______   _____|
      --               |_|           notch x 25..30, y 12..14
      local w = collide.world()
      w:add_outline({ { 0, 0 }, { 2, 0 }, { 2, 10 }, { 10, 10 }, { 20, 10 }, { 38, 10 }, { 38, 0 },
                      { 40, 0 }, { 40, 14 }, { 30, 14 }, { 30, 12 }, { 25, 12 }, { 25, 14 },
                      { 0, 14 } })
      assert.is_true(w:count() >= 3)
      local up = V(0, -1)
      for _, s in ipairs({ 0.1, 0.5, 1, 3, 10 }) do
        for _, mover in ipairs({ "box", "circle" }) do
          local h = 0.4
          local function move(from, to)
            if mover == "box" then return w:move_aabb(V(h, h), from, to, { up = up }) end
            return w:move_sphere(h, from, to, { up = up })
          end
          local p = V(2 + h, 10 - h)   -- along the floor
          while p.x + s <= 38 - h do
            local to = V(p.x + s, p.y + 0.05)
            local q, _, grounded = move(p, to)
            assert.is_true(math.abs(q.x - to.x) < 1e-9 and math.abs(q.y - (10 - h)) < 1e-9)
            assert.is_true(grounded)
            p = q
          end
          p = V(38 - h, h)              -- down the right wall
          while p.y + s <= 10 - h do
            local to = V(p.x + 0.05, p.y + s)
            local q = move(p, to)
            assert.is_true(math.abs(q.y - to.y) < 1e-9 and math.abs(q.x - (38 - h)) < 1e-9)
            p = q
          end
        end
      end
    end)
  end)

  describe("when the outline is not simple", function()
    it("says which edges meet and where", function()
      local w = collide.world()
      assert.are.equal("bad argument #1 to 'add_outline' (outline crosses itself: "
                       .. "edge 2-3 meets edge 4-1 at (5, 5))",
                       err_of(w.add_outline, w, { { 0, 0 }, { 10, 0 }, { 0, 10 }, { 10, 10 } }))
      -- a point repeated: two edges touch there
      assert.are.equal("bad argument #1 to 'add_outline' (outline crosses itself: "
                       .. "edge 1-2 meets edge 3-4 at (10, 0))",
                       err_of(w.add_outline, w, { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 10, 0 },
                                                  { 20, -5 } }))
      -- folding back along itself
      assert.is_truthy(err_of(w.add_outline, w, { { 0, 0 }, { 10, 0 }, { 5, 0 } })
                       :find("outline crosses itself", 1, true))
      assert.are.equal(0, w:count())
    end)

    it("names bad points and arguments", function()
      local w = collide.world()
      assert.are.equal("bad argument #1 to 'add_outline' (table expected, got string)",
                       err_of(w.add_outline, w, "cave"))
      assert.are.equal("bad argument #1 to 'add_outline' (polygon needs at least 3 vertices)",
                       err_of(w.add_outline, w, { { 0, 0 }, { 1, 0 }, { 0, 0 } }))
      assert.are.equal("bad argument #1 to 'add_outline' (vec3 expected at index 2, got boolean)",
                       err_of(w.add_outline, w, { { 0, 0 }, true, { 0, 1 } }))
      assert.are.equal("bad argument #1 to 'add_outline' (vec3 has a NaN component)",
                       err_of(w.add_outline, w, { { 0, 0 }, { 0 / 0, 0 }, { 0, 1 } }))
    end)
  end)
end)

describe("a closing point equal to the first", function()
  local tri = { V(0, 0), V(4, 0), V(0, 4), V(0, 0) }
  it("is accepted by collide.polygon, add_polygon and update", function()
    local p = collide.polygon(tri)
    assert.are.equal(3, #p:vertices())
    local w = collide.world()
    local id = w:add_polygon(tri)
    assert.are.equal(3, #select(2, w:get(id)):vertices())
    assert.is_true(w:update(id, { V(1, 1), V(5, 1), V(1, 5), V(1, 1) }))
    assert.are.equal(V(1, 1), select(2, w:get(id)):vertices()[1])
    assert.is_true((collide.sweep_sphere_polygon(0.5, V(1, 1, 5), V(1, 1, -5), p)))
  end)

  it("is still refused when only near the first, and leaves too few points an error", function()
    assert.are.equal("bad argument #1 to 'polygon' (polygon has repeated vertices)",
                     err_of(collide.polygon, { V(0, 0), V(4, 0), V(0, 4), V(1e-14, 0) }))
    assert.are.equal("bad argument #1 to 'polygon' (polygon needs at least 3 vertices)",
                     err_of(collide.polygon, { V(0, 0), V(4, 0), V(0, 0) }))
  end)
end)

describe("collide.tiled", function()
  local map = dofile("spec/maps/level1.lua")

  local function by_object(w)
    local t = {}
    for id, kind, data in w:shapes() do
      local key = data.object or data.layer
      t[key] = t[key] or {}
      table.insert(t[key], { id = id, kind = kind, data = data })
    end
    return t
  end

  it("adds collidable layers, collidable tiles and objects, with their names", function()
    local w = collide.tiled(map)
    local t = by_object(w)
    -- the ground layer: walls and a 2-row floor, merged (16 px tiles)
    assert.are.equal(3, #t.ground)
    for _, s in ipairs(t.ground) do assert.are.equal("aabb", s.kind) end
    assert.is_true(#w:overlap_point(V(8, 8)) >= 1)        -- wall, top left
    assert.are.equal(0, #w:overlap_point(V(40, 24)))      -- air
    assert.is_true(#w:overlap_point(V(64, 88)) >= 1)      -- floor
    -- decor: only gid 2 (tile 1, collidable); gid 3 no property, gid 4 false
    assert.are.equal(1, #t.decor)
    assert.are.same({ "aabb", V(48, 40), V(16, 8) }, { w:get(t.decor[1].id) })
    -- objects of the collidable group; the point is no shape
    assert.are.same({ "aabb", V(96, 36), V(16, 4) }, { w:get(t.ledge[1].id) })
    assert.are.equal("polygon", t.beam[1].kind)
    assert.is_true(#t.cave >= 3)
    assert.are.equal(2, #t.rail)
    assert.are.same({ "sphere", V(104, 56), 8 }, { w:get(t.boulder[1].id) })
    assert.are.equal("polygon", t.egg[1].kind)
    assert.is_nil(t.spawn)
    -- in the plain group, only the object marked collidable, moved by the
    -- group's offset (4, 2)
    assert.are.same({ "aabb", V(40, 46), V(4, 4) }, { w:get(t.crate[1].id) })
    assert.is_nil(t.painting)
    -- data
    local d = t.cave[1].data
    assert.are.equal("walls", d.layer)
    assert.are.equal("cave", d.object)
    assert.are.equal(3, d.id)
    assert.are.equal("rock", d.type)
    assert.are.equal("ground", t.ground[1].data.layer)
    assert.is_nil(t.ground[1].data.object)
  end)

  it("rotates objects clockwise about their corner (y down)", function()
    local w = collide.tiled(map)
    local t = by_object(w)
    -- beam: 16 x 4 at (16, 16) turned 90 degrees: x in [12, 16], y in [16, 32]
    local vs = select(2, w:get(t.beam[1].id)):vertices()
    local lx, hx, ly, hy = math.huge, -math.huge, math.huge, -math.huge
    for _, v in ipairs(vs) do
      lx, hx = math.min(lx, v.x), math.max(hx, v.x)
      ly, hy = math.min(ly, v.y), math.max(hy, v.y)
    end
    assert.are.same({ 12, 16, 16, 32 }, { lx, hx, ly, hy })
  end)

  it("covers the cave polygon exactly", function()
    local w = collide.tiled(map)
    local t = by_object(w)
    -- the cave: a 64 x 8 slab at (16, 64) with a 16 x 16 bump on top
    for _ = 1, 300 do
      local x, y = 10 + rnd() * 76, 44 + rnd() * 32
      local want = (x > 16 and x < 80 and y > 64 and y < 72)
                   or (x > 48 and x < 64 and y > 48 and y < 64)
      local n = 0
      for _, id in ipairs(w:overlap_point(V(x, y))) do
        if w:data(id).object == "cave" then n = n + 1 end
      end
      if want then assert.is_true(n >= 1) else assert.are.equal(0, n) end
    end
    assert.is_truthy(t.cave)
  end)

  it("adds to a given world, with another property name", function()
    local w = collide.world()
    w:add_sphere(V(0, 0), 1)
    assert.are.equal(w, collide.tiled(map, { world = w, property = "nothing" }))
    assert.are.equal(1, w:count())
  end)

  it("reads infinite maps' chunks", function()
    local w = collide.tiled({
      orientation = "orthogonal", tilewidth = 8, tileheight = 8, infinite = true,
      layers = { { type = "tilelayer", name = "c", properties = { collidable = true },
        chunks = { { x = -16, y = 0, width = 2, height = 1, data = { 1, 1 } },
                   { x = 0, y = 16, width = 1, height = 2, data = { 2147483649, 0 } } } } },
    })
    local t = by_object(w)
    assert.are.equal(2, #t.c)
    assert.are.same({ "aabb", V(-120, 4), V(8, 4) }, { w:get(t.c[1].id) })
    assert.are.same({ "aabb", V(4, 132), V(4, 4) }, { w:get(t.c[2].id) })   -- a flipped gid
  end)

  it("names the map's faults as errors of argument 1", function()
    assert.are.equal("bad argument #1 to 'tiled' (table expected, got no value)",
                     err_of(collide.tiled))
    assert.are.equal("bad argument #2 to 'tiled' (table expected, got string)",
                     err_of(collide.tiled, map, "x"))
    assert.are.equal("bad argument #1 to 'tiled' (only orthogonal maps are supported, "
                     .. "got 'isometric')",
                     err_of(collide.tiled, { orientation = "isometric", layers = {} }))
    assert.are.equal("bad argument #1 to 'tiled' (tilewidth must be a finite number, got nil)",
                     err_of(collide.tiled, { layers = {} }))
    assert.are.equal("bad argument #1 to 'tiled' (layer 'g': data has 3 cells, "
                     .. "width x height is 4)",
                     err_of(collide.tiled, { tilewidth = 1, tileheight = 1, layers = {
                       { type = "tilelayer", name = "g", width = 2, height = 2, data = { 1, 1, 1 },
                         properties = { collidable = true } } } }))
    assert.are.equal("bad argument #1 to 'tiled' (layer 'o', object 4: add_outline: "
                     .. "outline crosses "
                     .. "itself: edge 2-3 meets edge 4-1 at (5, 5))",
                     err_of(collide.tiled, { tilewidth = 1, tileheight = 1, layers = {
                       { type = "objectgroup", name = "o", properties = { collidable = true },
                         objects = { { id = 4, shape = "polygon", x = 0, y = 0, polygon = {
                           { x = 0, y = 0 }, { x = 10, y = 0 }, { x = 0, y = 10 },
                           { x = 10, y = 10 } } } } } } }))
    -- a layer's size is a count of cells
    for _, size in ipairs({ { -2, 2 }, { 1.5, 2 }, { 2, -1 } }) do
      assert.are.equal(("bad argument #1 to 'tiled' (layer 'g': width and height must be "
                        .. "whole numbers >= 0, got %s x %s)"):format(tostring(size[1]),
                                                                     tostring(size[2])),
                       err_of(collide.tiled, { tilewidth = 1, tileheight = 1, layers = {
                         { type = "tilelayer", name = "g", width = size[1], height = size[2],
                           data = { 1, 1, 1, 1 }, properties = { collidable = true } } } }))
    end
    -- a group layer that contains itself (a table a script built) is a
    -- fault of the map, not a stack overflow
    local group = { type = "group", name = "loop", layers = {} }
    group.layers[1] = group
    assert.are.equal("bad argument #1 to 'tiled' (layer 'loop': group contains itself)",
                     err_of(collide.tiled, { tilewidth = 1, tileheight = 1,
                                             layers = { group } }))
    -- a layer's list of objects or layers that is not a table is a fault,
    -- not a layer silently left out (an absent one is an empty layer)
    assert.are.equal("bad argument #1 to 'tiled' (layer 'o': objects is not a table)",
                     err_of(collide.tiled, { tilewidth = 1, tileheight = 1,
                       layers = { { type = "objectgroup", name = "o", objects = 5,
                                    properties = { collidable = true } } } }))
    assert.are.equal("bad argument #1 to 'tiled' (layer 'g': layers is not a table)",
                     err_of(collide.tiled, { tilewidth = 1, tileheight = 1,
                       layers = { { type = "group", name = "g", layers = "x" } } }))
    assert.are.equal(0, collide.tiled({ tilewidth = 1, tileheight = 1, layers = {
      { type = "objectgroup", name = "o", properties = { collidable = true } },
      { type = "group", name = "g" } } }):count())
    -- a rectangle or an ellipse of negative size is a fault; one of no
    -- width or height (Tiled's point drawn as a rectangle) is no shape
    for _, shape in ipairs({ "rectangle", "ellipse" }) do
      local article = shape == "ellipse" and "an " or "a "
      for _, size in ipairs({ { -2, 3 }, { 3, -2 } }) do
        assert.are.equal("bad argument #1 to 'tiled' (layer 'o', object 4: " .. article .. shape ..
                         "'s width and height must not be negative)",
                         err_of(collide.tiled, { tilewidth = 1, tileheight = 1,
                           layers = { { type = "objectgroup", name = "o",
                                        properties = { collidable = true },
                                        objects = { { id = 4, shape = shape, x = 1, y = 1,
                                                      width = size[1], height = size[2] } } } } }))
      end
      local flat = {
        { id = 4, shape = shape, x = 1, y = 1, width = 0, height = 3 },
        { id = 5, shape = shape, x = 1, y = 1, width = 3, height = 0 } }
      assert.are.equal(0, collide.tiled({ tilewidth = 1, tileheight = 1,
        layers = { { type = "objectgroup", name = "o", properties = { collidable = true },
                     objects = flat } } }):count())
    end
    -- the same group twice side by side is no loop
    local tiles = { type = "tilelayer", name = "t", width = 1, height = 1, data = { 1 },
                    properties = { collidable = true } }
    local twice = { type = "group", name = "twice", layers = { tiles } }
    assert.are.equal(2, collide.tiled({ tilewidth = 1, tileheight = 1,
                                        layers = { twice, twice } }):count())
  end)

  it("names a fault of the options as an error of argument 2", function()
    local small = { tilewidth = 1, tileheight = 1, layers = {} }
    assert.are.equal("bad argument #2 to 'tiled' (options.segments must be an integer in "
                     .. "[3, 1024])", err_of(collide.tiled, small, { segments = 2 }))
    assert.are.equal("bad argument #2 to 'tiled' (options.segments must be an integer in "
                     .. "[3, 1024])", err_of(collide.tiled, small, { segments = 0 / 0 }))
    assert.are.equal("bad argument #2 to 'tiled' (options.property must be a string)",
                     err_of(collide.tiled, small, { property = 5 }))
    assert.are.equal("bad argument #2 to 'tiled' (options.world must be a world)",
                     err_of(collide.tiled, small, { world = {} }))
  end)
end)
