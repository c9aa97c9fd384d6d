-- collide.bump: bump.lua 3.1's API over a collide world. Written from
-- bump.lua's README (what a game may rely on), with the exact answers of
-- docs/bump.md where bump's tolerance would round them.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, pcall, table = assert, error, ipairs, math, pcall, table
local type = type
local bump = require "collide.bump"

local function item(name) return { name = name } end

-- the collision's fields as a plain table, for comparing
local function fields(col)
  return {
    other = col.other.name, type = col.type, overlaps = col.overlaps, ti = col.ti,
    move = { col.move.x, col.move.y }, normal = { col.normal.x, col.normal.y },
    touch = { col.touch.x, col.touch.y },
  }
end

describe("collide.bump", function()
  describe("the module", function()
    it("has bump's fields", function()
      assert.equal("string", type(bump._VERSION))
      assert.truthy(bump._VERSION:match("^bump v3%.1"))
      for _, name in ipairs({ "touch", "cross", "slide", "bounce" }) do
        assert.equal("function", type(bump.responses[name]))
      end
      assert.equal("function", type(bump.newWorld))
    end)

    it("makes worlds with a cell size of 64 by default", function()
      assert.equal(64, bump.newWorld().cellSize)
      assert.equal(32, bump.newWorld(32).cellSize)
    end)

    it("refuses a cell size that is not a positive number", function()
      assert.error_matches(function() bump.newWorld(0) end,
                           "cellSize must be a positive integer, but was 0%(number%)")
      assert.error_matches(function() bump.newWorld(-1) end, "cellSize must be a positive")
      assert.error_matches(function() bump.newWorld("big") end, "cellSize must be a positive")
      assert.error_matches(function() bump.newWorld(0 / 0) end, "cellSize must be a positive")
      assert.error_matches(function() bump.newWorld(math.huge) end, "cellSize must be a finite")
    end)
  end)

  describe("world:add", function()
    it("adds an item and returns it", function()
      local world, a = bump.newWorld(), item("a")
      assert.equal(a, world:add(a, 1, 2, 3, 4))
      assert.same({ 1, 2, 3, 4 }, { world:getRect(a) })
      assert.is_true(world:hasItem(a))
      assert.equal(1, world:countItems())
    end)

    it("takes any value but nil and NaN as an item", function()
      local world = bump.newWorld()
      world:add("a string", 0, 0, 1, 1)
      world:add(42, 0, 0, 1, 1)
      world:add(true, 0, 0, 1, 1)
      assert.equal(3, world:countItems())
      assert.error_matches(function() world:add(nil, 0, 0, 1, 1) end,
                           "bad argument #1 to 'add' %(item expected, got nil%)")
      assert.error_matches(function() world:add(0 / 0, 0, 0, 1, 1) end, "bad argument #1 to 'add'")
    end)

    it("refuses an item added twice", function()
      local world, a = bump.newWorld(), item("a")
      world:add(a, 0, 0, 1, 1)
      assert.error_matches(function() world:add(a, 0, 0, 1, 1) end,
                           "Item table: .* added to the world twice%.")
    end)

    it("refuses a rectangle that is not one, with bump's messages", function()
      local world = bump.newWorld()
      assert.error_matches(function() world:add(item(), nil, 0, 1, 1) end,
                           "x must be a number, but was nil%(a nil%)")
      assert.error_matches(function() world:add(item(), 0, "0", 1, 1) end,
                           "y must be a number, but was 0%(a string%)")
      assert.error_matches(function() world:add(item(), 0, 0, 0, 1) end,
                           "w must be a positive integer, but was 0%(number%)")
      assert.error_matches(function() world:add(item(), 0, 0, 1, -2) end,
                           "h must be a positive integer, but was %-2%(number%)")
      assert.error_matches(function() world:add(item(), 0 / 0, 0, 1, 1) end,
                           "x must be a finite number")
      assert.error_matches(function() world:add(item(), 0, 0, math.huge, 1) end,
                           "w must be a finite number")
      assert.error_matches(function() world:add(item(), 1e308, 0, 1e308, 1) end,
                           "x %+ w and y %+ h must be finite")
      assert.equal(0, world:countItems())
    end)

    it("points the error at the game's line", function()
      local world = bump.newWorld()
      local ok, err = pcall(function() world:add(item(), 0, 0, -1, 1) end)
      assert.is_false(ok)
      assert.truthy(err:match("bump_spec%.lua:%d+:"))
    end)
  end)

  describe("world:remove", function()
    it("removes the item: it no longer collides nor is found", function()
      local world, a, b = bump.newWorld(), item("a"), item("b")
      world:add(a, 0, 0, 10, 10)
      world:add(b, 20, 0, 10, 10)
      world:remove(b)
      assert.is_false(world:hasItem(b))
      assert.equal(1, world:countItems())
      local x, y, _, len = world:move(a, 40, 0)
      assert.same({ 40, 0, 0 }, { x, y, len })
      assert.same({}, (world:queryRect(15, 0, 20, 20)))
    end)

    it("lets an item be added again", function()
      local world, a = bump.newWorld(), item("a")
      world:add(a, 0, 0, 10, 10)
      world:remove(a)
      world:add(a, 5, 5, 1, 1)
      assert.same({ 5, 5, 1, 1 }, { world:getRect(a) })
    end)

    it("refuses an unknown item with bump's message", function()
      local world = bump.newWorld()
      assert.error_matches(function() world:remove(item()) end,
                           "must be added to the world before getting its rect%. Use world:add")
    end)
  end)

  describe("world:update", function()
    it("moves (teleports) an item, ignoring collisions", function()
      local world, a, b = bump.newWorld(), item("a"), item("b")
      world:add(a, 0, 0, 10, 10)
      world:add(b, 100, 0, 10, 10)
      world:update(a, 102, 3)
      assert.same({ 102, 3, 10, 10 }, { world:getRect(a) })
      world:update(a, 1, 2, 30, 40)
      assert.same({ 1, 2, 30, 40 }, { world:getRect(a) })
      assert.same({ a }, (world:queryPoint(15, 20)))
    end)

    it("refuses unknown items and bad rectangles", function()
      local world, a = bump.newWorld(), item("a")
      assert.error_matches(function() world:update(a, 0, 0) end, "must be added to the world")
      world:add(a, 0, 0, 1, 1)
      assert.error_matches(function() world:update(a, nil, 0) end, "x must be a number")
      assert.error_matches(function() world:update(a, 0, 0, 0) end, "w must be a positive")
    end)
  end)

  describe("world:move", function()
    -- bump's README example:
    --   B (0,-100, 32x32) falls to y = 64 onto A (0,0, 64x256)
    it("slides by default and returns the collisions", function()
      local world, A, B = bump.newWorld(50), item("A"), item("B")
      world:add(A, 0, 0, 64, 256)
      world:add(B, 0, -100, 32, 32)
      local x, y, cols, len = world:move(B, 0, 64)
      assert.same({ 0, -32, 1 }, { x, y, len })
      assert.same({ 0, -32, 32, 32 }, { world:getRect(B) })
      local col = cols[1]
      assert.equal(B, col.item)
      assert.equal(A, col.other)
      assert.same({ other = "A", type = "slide", overlaps = false, ti = 68 / 164,
                    move = { 0, 164 }, normal = { 0, -1 }, touch = { 0, -32 } }, fields(col))
      assert.same({ x = 0, y = -100, w = 32, h = 32 }, col.itemRect)
      assert.same({ x = 0, y = 0, w = 64, h = 256 }, col.otherRect)
      assert.same({ x = 0, y = -32 }, col.slide)
    end)

    --   +----+ goal          a slide keeps the motion along the face:
    --   |    |  ^            the item ends against the wall, at the
    --   +----+ /             goal's height
    --   ######/
    --   #wall# item
    it("slides along a face to the goal's other coordinate", function()
      local world, wall, p = bump.newWorld(), item("wall"), item("p")
      world:add(wall, 0, 0, 10, 100)
      world:add(p, 20, 50, 10, 10)
      local x, y, cols, len = world:move(p, -10, 30)
      assert.same({ 10, 30, 1 }, { x, y, len })
      assert.same({ 1, 0 }, { cols[1].normal.x, cols[1].normal.y })
      assert.same({ x = 10, y = 30 }, cols[1].slide)
    end)

    it("meets each item once, and slides along two walls into a corner", function()
      local world, floor_, wall, p = bump.newWorld(), item("floor"), item("wall"), item("p")
      world:add(floor_, 0, 100, 200, 10)
      world:add(wall, 100, 0, 10, 100)
      world:add(p, 50, 50, 10, 10)
      local x, y, cols, len = world:move(p, 150, 150)
      -- wall and floor are met at the same ti; the nearer (by centres, as
      -- bump breaks ties) first, then the floor from the corner
      assert.same({ 90, 90, 2 }, { x, y, len })
      assert.equal(wall, cols[1].other)
      assert.equal(floor_, cols[2].other)
      assert.equal(0, cols[2].ti)
    end)

    it("stops bullets: a fast item never passes through a thin wall", function()
      local world, wall, bullet = bump.newWorld(), item("wall"), item("bullet")
      world:add(wall, 500, -1000, 1, 2000)
      world:add(bullet, 0, 0, 2, 2)
      local x, y, cols, len = world:move(bullet, 100000, 3)
      assert.equal(1, len)
      assert.same({ 498, 3 }, { x, y })   -- then slid along it to the goal's y
      assert.equal(wall, cols[1].other)
      assert.equal(498, cols[1].touch.x)
      assert.near(3 * 498 / 100000, cols[1].touch.y, 1e-15)
    end)

    it("'touch' stops the item where it touches", function()
      local world, wall, p = bump.newWorld(), item("wall"), item("p")
      world:add(wall, 100, 0, 10, 10)
      world:add(p, 0, 0, 10, 10)
      local x, y, cols, len = world:move(p, 200, 20, function() return "touch" end)
      assert.same({ 90, 9, 1 }, { x, y, len })
      assert.equal("touch", cols[1].type)
      assert.is_nil(cols[1].slide)
    end)

    it("'cross' goes through and lists every item crossed, in order", function()
      local world, p = bump.newWorld(), item("p")
      local coins = {}
      for i = 1, 3 do
        coins[i] = item("coin" .. i)
        world:add(coins[i], i * 30, 0, 5, 5)
      end
      world:add(p, 0, 0, 5, 5)
      local x, y, cols, len = world:move(p, 200, 0, function() return "cross" end)
      assert.same({ 200, 0, 3 }, { x, y, len })
      for i = 1, 3 do assert.equal(coins[i], cols[i].other) end
      assert.is_true(cols[1].ti < cols[2].ti and cols[2].ti < cols[3].ti)
    end)

    --   o ->   |         a bounce mirrors the rest of the motion
    --          |<-       across the face
    it("'bounce' mirrors the rest of the motion", function()
      local world, wall, ball = bump.newWorld(), item("wall"), item("ball")
      world:add(wall, 100, -50, 10, 100)
      world:add(ball, 0, 0, 10, 10)
      local x, y, cols, len = world:move(ball, 120, 12, function() return "bounce" end)
      assert.equal(1, len)
      assert.equal(90, cols[1].touch.x)
      assert.same({ x = 60, y = 12 }, cols[1].bounce)
      assert.same({ 60, 12 }, { x, y })
    end)

    it("ignores the items the filter returns false or nil for", function()
      local world, cloud, p = bump.newWorld(), item("cloud"), item("p")
      world:add(cloud, 20, 0, 10, 10)
      world:add(p, 0, 0, 10, 10)
      local seen = {}
      local x, _, _, len = world:move(p, 50, 0, function(it, other)
        seen[#seen + 1] = { it, other }
        return other ~= cloud and "slide" or nil
      end)
      assert.same({ 50, 0 }, { x, len })
      assert.same({ { p, cloud } }, seen)
    end)

    it("raises on an unknown collision type", function()
      local world, a, p = bump.newWorld(), item("a"), item("p")
      world:add(a, 20, 0, 10, 10)
      world:add(p, 0, 0, 10, 10)
      assert.error_matches(function() world:move(p, 50, 0, function() return "squish" end) end,
                           "Unknown collision type: squish %(string%)")
      assert.error_matches(function() world:move(p, 50, 0, function() return true end) end,
                           "Unknown collision type: true %(boolean%)")
    end)

    it("does not collide with what it only touches or slides along", function()
      --  +--+--+            p touches a on its right: moving up along a,
      --  |p |a |            or away from it, is no collision
      --  +--+--+
      local world, a, p = bump.newWorld(), item("a"), item("p")
      world:add(a, 10, 0, 10, 10)
      world:add(p, 0, 0, 10, 10)
      local x, y, _, len = world:check(p, 0, -50)
      assert.same({ 0, -50, 0 }, { x, y, len })
      x, y, _, len = world:check(p, -30, 0)
      assert.same({ -30, 0, 0 }, { x, y, len })
      -- moving into it is one, at ti = 0
      local cols
      x, y, cols, len = world:check(p, 30, 0)
      assert.same({ 0, 0 }, { x, y })
      assert.equal(1, len)
      assert.equal(0, cols[1].ti)
      assert.is_false(cols[1].overlaps)
    end)

    it("does not collide with a rectangle it passes exactly at a corner", function()
      --   p  (0,20) moves by (20,-20): its corner (10,30) -> (30,10)
      --        passes b's corner (20,20) and only touches it there
      --            +--+
      --            |b |  (20,20) 10x10
      local world, b, p = bump.newWorld(), item("b"), item("p")
      world:add(b, 20, 20, 10, 10)
      world:add(p, 0, 20, 10, 10)
      local x, y, _, len = world:check(p, 20, 0)
      assert.same({ 20, 0, 0 }, { x, y, len })
      -- one unit lower, it cuts the corner
      world:update(p, 0, 21)
      _, _, _, len = world:check(p, 20, 1)
      assert.equal(1, len)
    end)

    it("takes an item that starts inside another back along its motion", function()
      local world, a, p = bump.newWorld(), item("a"), item("p")
      world:add(a, 0, 0, 100, 100)
      world:add(p, 90, 40, 20, 20)
      -- p overlaps a's right side and moves right: bump puts it where it
      -- would have started touching a along its line of motion (the left
      -- of a), whatever the nearer way out
      local x, y, cols, len = world:move(p, 100, 40, function() return "touch" end)
      assert.equal(1, len)
      assert.is_true(cols[1].overlaps)
      assert.equal(-10 * 20, cols[1].ti)   -- minus bump's area of intersection
      assert.same({ -1, 0 }, { cols[1].normal.x, cols[1].normal.y })
      assert.same({ -20, 40 }, { x, y })
    end)

    it("pushes a still, overlapping item out along the shorter way", function()
      local world, a, p = bump.newWorld(), item("a"), item("p")
      world:add(a, 0, 0, 100, 100)
      world:add(p, 50, 95, 10, 10)
      local _, _, cols, len = world:check(p, 50, 95, function() return "touch" end)
      assert.equal(1, len)
      assert.same({ 0, 1 }, { cols[1].normal.x, cols[1].normal.y })
      assert.same({ x = 50, y = 100 }, cols[1].touch)
    end)

    it("refuses unknown items and bad goals", function()
      local world, p = bump.newWorld(), item("p")
      assert.error_matches(function() world:move(p, 0, 0) end, "must be added to the world")
      world:add(p, 0, 0, 1, 1)
      assert.error_matches(function() world:move(p, "1", 0) end,
                           "bad argument #2 to 'move' %(number expected, got string%)")
      assert.error_matches(function() world:move(p, 0, 0 / 0) end,
                           "bad argument #3 to 'move' %(finite number expected")
      assert.error_matches(function() world:move(p, 1, 1, "slide") end,
                           "bad argument #4 to 'move' %(function expected, got string%)")
    end)
  end)

  describe("world:check", function()
    it("answers as move without moving", function()
      local world, A, B = bump.newWorld(), item("A"), item("B")
      world:add(A, 0, 0, 64, 256)
      world:add(B, 0, -100, 32, 32)
      local x, y, _, len = world:check(B, 0, 64)
      assert.same({ 0, -32, 1 }, { x, y, len })
      assert.same({ 0, -100, 32, 32 }, { world:getRect(B) })
    end)

    it("without a goal lists what the item overlaps where it is", function()
      local world, a, p = bump.newWorld(), item("a"), item("p")
      world:add(a, 0, 0, 10, 10)
      world:add(p, 5, 5, 10, 10)
      local _, _, cols, len = world:check(p)
      assert.equal(1, len)
      assert.equal(a, cols[1].other)
      assert.is_true(cols[1].overlaps)
    end)
  end)

  describe("world:project", function()
    it("lists every collision on the straight path, by ti", function()
      local world = bump.newWorld()
      local far, near = item("far"), item("near")
      world:add(far, 100, 0, 10, 10)
      world:add(near, 50, 0, 10, 10)
      local cols, len = world:project(nil, 0, 0, 10, 10, 200, 0)
      assert.equal(2, len)
      assert.same({ "near", "far" }, { cols[1].other.name, cols[2].other.name })
      assert.same({ 0.2, 0.45 }, { cols[1].ti, cols[2].ti })
      assert.is_nil(cols[1].item)
    end)

    it("skips the item itself and uses the filter's types", function()
      local world, a, p = bump.newWorld(), item("a"), item("p")
      world:add(a, 50, 0, 10, 10)
      world:add(p, 0, 0, 10, 10)
      local cols, len = world:project(p, 0, 0, 10, 10, 100, 0, function() return "cross" end)
      assert.equal(1, len)
      assert.equal("cross", cols[1].type)
      assert.equal(p, cols[1].item)
    end)
  end)

  describe("custom responses", function()
    it("are called as bump calls them and may use project", function()
      local world, wall, p = bump.newWorld(), item("wall"), item("p")
      world:add(wall, 100, 0, 10, 10)
      world:add(p, 0, 0, 10, 10)
      local got
      world:addResponse("stick", function(w, col, x, y, ww, h, goalX, goalY, filter)
        got = { w = w, x = x, y = y, ww = ww, h = h, goalX = goalX, goalY = goalY,
                filter = type(filter) }
        local cols, len = w:project(col.item, col.touch.x, col.touch.y, ww, h,
                                    col.touch.x, col.touch.y, filter)
        return col.touch.x, col.touch.y, cols, len
      end)
      local x, y, cols, len = world:move(p, 200, 0, function() return "stick" end)
      assert.same({ 90, 0, 1 }, { x, y, len })
      assert.equal("stick", cols[1].type)
      assert.same({ w = world, x = 0, y = 0, ww = 10, h = 10, goalX = 200, goalY = 0,
                    filter = "function" }, got)
    end)

    it("can wrap the built-in ones", function()
      local world, wall, p = bump.newWorld(), item("wall"), item("p")
      world:add(wall, 100, 0, 10, 10)
      world:add(p, 0, 0, 10, 10)
      local calls = 0
      world:addResponse("slide2", function(...)
        calls = calls + 1
        return bump.responses.slide(...)
      end)
      local x, y = world:move(p, 200, 0, function() return "slide2" end)
      assert.same({ 90, 0, 1 }, { x, y, calls })
    end)

    it("refuses a response that is not a function", function()
      assert.error_matches(function() bump.newWorld():addResponse("x", 1) end,
                           "bad argument #2 to 'addResponse'")
    end)
  end)

  describe("queries", function()
    --   0    10   20   30
    --   +----+----+             a: 0,0 10x10   b: 10,0 10x10
    --   | a  | b  |             c: 0,20 30x10 (a cloud)
    --   +----+----+
    --   +--------------+
    --   |      c       |
    local world, a, b, c
    before_each(function()
      world = bump.newWorld()
      a, b, c = item("a"), item("b"), item("c")
      c.cloud = true
      world:add(a, 0, 0, 10, 10)
      world:add(b, 10, 0, 10, 10)
      world:add(c, 0, 20, 30, 10)
    end)
    local function names(items, len)
      local t = {}
      for i = 1, len do t[i] = items[i].name end
      table.sort(t)
      return t
    end

    it("queryPoint finds the items the point is strictly inside", function()
      assert.same({ "a" }, names(world:queryPoint(5, 5)))
      assert.same({}, names(world:queryPoint(10, 5)))   -- on the edge of a and b
      assert.same({}, names(world:queryPoint(15, 15)))
      assert.same({}, names(world:queryPoint(25, 25, function(it) return not it.cloud end)))
      assert.error_matches(function() world:queryPoint(nil, 1) end,
                           "bad argument #1 to 'queryPoint' %(number expected, got nil%)")
    end)

    it("queryRect finds the items whose inside it meets", function()
      assert.same({ "a", "b" }, names(world:queryRect(5, 5, 10, 10)))
      assert.same({ "a", "b", "c" }, names(world:queryRect(0, 0, 30, 30)))
      assert.same({}, names(world:queryRect(0, 10, 30, 10)))   -- only touches edges
      assert.same({ "a", "b" }, names(world:queryRect(0, 0, 30, 30,
                                                      function(it) return not it.cloud end)))
      assert.error_matches(function() world:queryRect(0, 0, 0, 1) end, "w must be a positive")
    end)

    it("querySegment finds the items a segment crosses, nearest first", function()
      local items, len = world:querySegment(-5, 5, 25, 5)
      assert.same({ a, b }, items)
      assert.equal(2, len)
      items = world:querySegment(25, 5, -5, 5)
      assert.same({ b, a }, items)
      assert.same({}, (world:querySegment(-5, 25, 35, 25, function(it) return not it.cloud end)))
      assert.error_matches(function() world:querySegment(0, 0, 1) end,
                           "bad argument #4 to 'querySegment' %(number expected, got nil%)")
    end)

    it("querySegment leaves out a segment that stays inside one item", function()
      assert.same({}, (world:querySegment(2, 2, 8, 8)))
      assert.same({ a }, (world:querySegment(2, 2, 12, -8)))
    end)

    it("querySegmentWithCoords gives where the segment enters and leaves", function()
      local info, len = world:querySegmentWithCoords(-10, 5, 30, 5)
      assert.equal(2, len)
      assert.same({ item = a, ti1 = 0.25, ti2 = 0.5, x1 = 0, y1 = 5, x2 = 10, y2 = 5 }, info[1])
      assert.same({ item = b, ti1 = 0.5, ti2 = 0.75, x1 = 10, y1 = 5, x2 = 20, y2 = 5 }, info[2])
    end)
  end)

  describe("getters", function()
    it("hasItem, getItems, countItems, getRect", function()
      local world, a, b = bump.newWorld(), item("a"), item("b")
      assert.is_false(world:hasItem(a))
      assert.is_false(world:hasItem(nil))
      world:add(a, 1, 2, 3, 4)
      world:add(b, 5, 6, 7, 8)
      local items, len = world:getItems()
      assert.equal(2, len)
      local set = {}
      for i = 1, len do set[items[i]] = true end
      assert.same({ [a] = true, [b] = true }, set)
      assert.equal(2, world:countItems())
      assert.same({ 5, 6, 7, 8 }, { world:getRect(b) })
      assert.error_matches(function() world:getRect(item()) end,
                           "must be added to the world before getting its rect")
    end)

    it("toCell, toWorld and countCells use the cell size", function()
      local world = bump.newWorld(64)
      assert.same({ 1, 1 }, { world:toCell(0, 0) })
      assert.same({ 2, 1 }, { world:toCell(64, 63.9) })
      assert.same({ 0, -1 }, { world:toCell(-1, -65) })
      assert.same({ 0, 64 }, { world:toWorld(1, 2) })
      world:add(item(), 0, 0, 10, 10)
      world:add(item(), 60, 0, 10, 10)
      assert.equal(2, world:countCells())
      assert.error_matches(function() world:toCell("a", 1) end, "bad argument #1 to 'toCell'")
    end)
  end)

  describe("a filter that changes the world", function()
    it("may remove, add and update items during a move or a query", function()
      local world, p = bump.newWorld(), item("p")
      local a, b, c = item("a"), item("b"), item("c")
      world:add(a, 20, 0, 10, 10)
      world:add(b, 40, 0, 10, 10)
      world:add(c, 60, 0, 10, 10)
      world:add(p, 0, 0, 10, 10)
      local x, _, cols, len = world:move(p, 100, 0, function(_, other)
        if world:hasItem(c) then world:remove(c) end
        if other == b then world:update(b, 40, 500) end
        return "cross"
      end)
      assert.equal(100, x)
      assert.equal(1, len)   -- a; b was moved away and c removed before p got there
      assert.equal(a, cols[1].other)
      world:add(c, 60, 0, 10, 10)
      local items = world:queryRect(0, 0, 100, 10, function()
        if world:hasItem(c) then world:remove(c) end
        return true
      end)
      assert.same({ a }, items)
      world:add(c, 60, 0, 10, 10)
      world:add(item("d"), 80, 0, 10, 10)
      items = world:querySegment(-5, 5, 95, 5, function(it)
        if world:hasItem(c) then world:remove(c) end
        return it ~= p
      end)
      assert.equal(2, #items)
    end)

    -- p moves right onto the wall w; on its first call the filter teleports
    -- p far away. As in bump.lua, the move goes on from where p was when
    -- it began, and p ends where the move ends:
    --
    --   p ->   [w]        p touches w at x = 10, then slides to y = 4
    it("may teleport the moving item: the move goes on from where it began", function()
      local world, p, w = bump.newWorld(), item("p"), item("w")
      world:add(w, 20, -50, 10, 100)
      world:add(p, 0, 0, 10, 10)
      local calls = 0
      local x, y, cols, len = world:move(p, 30, 4, function()
        calls = calls + 1
        if calls == 1 then world:update(p, 500, 500) end
        return "slide"
      end)
      assert.equal(10, x)
      assert.equal(4, y)
      assert.equal(1, len)
      assert.equal(w, cols[1].other)
      assert.same({ x = 0, y = 0, w = 10, h = 10 }, cols[1].itemRect)
      assert.same({ x = 10, y = 4 }, cols[1].slide)
      assert.same({ 10, 4, 10, 10 }, { world:getRect(p) })
      -- the same through bump.lua's loop by hand: check from where p was
      world:update(p, 0, 0)
      local ax, ay = world:check(p, 30, 4)
      assert.same({ 10, 4 }, { ax, ay })
    end)
  end)

  describe("moves inside moves", function()
    -- A filter that moves other items (a game's "push the crate" written
    -- in the filter), and moves after it: each move meets each item once
    -- and only its own.
    it("keep their own lists of the items met", function()
      local world = bump.newWorld()
      local p, q = item("p"), item("q")
      local a, b, c, d = item("a"), item("b"), item("c"), item("d")
      world:add(a, 20, 0, 10, 10)
      world:add(b, 40, 0, 10, 10)
      world:add(c, 20, 100, 10, 10)
      world:add(d, 40, 100, 10, 10)
      world:add(p, 0, 0, 10, 10)
      world:add(q, 0, 100, 10, 10)
      local inner = {}
      local _, _, cols, len = world:move(p, 100, 0, function(_, other)
        if other == a then
          local _, _, qcols, qlen = world:move(q, 100, 100, function() return "cross" end)
          inner[#inner + 1] = qlen
          assert.same({ c, d }, { qcols[1].other, qcols[2].other })
        end
        return "cross"
      end)
      assert.equal(2, len)
      assert.same({ a, b }, { cols[1].other, cols[2].other })
      assert.same({ 2 }, inner)
      -- and afterwards, a move meets everything again
      world:update(p, 0, 0)
      world:update(q, 0, 100)
      for _ = 1, 3 do
        local _, _, _, n = world:move(p, 100, 0, function() return "cross" end)
        assert.equal(2, n)
        world:update(p, 0, 0)
      end
      -- a slide into a corner: the wall met first is not met again
      world:add(item("wall"), 60, -50, 10, 100)
      world:add(item("floor"), -50, 20, 200, 10)
      local x, y
      x, y, _, len = world:move(p, 100, 100, function(_, o)
        if o.name == "wall" or o.name == "floor" then return "slide" end
      end)
      assert.equal(2, len)
      assert.same({ 50, 10 }, { x, y })
    end)
  end)

  describe("items moved a little at a time", function()
    -- An item moved by small steps (move and update, changing direction,
    -- growing and shrinking) is where it is for every query and every
    -- other move at every step, judged by plain rectangle tests on
    -- getRect (the library keeps its broadphase boxes ahead of the
    -- items; nothing it answers may show that).
    it("is found by every query and met by every move at every step", function()
      local world = bump.newWorld(16)
      local p, probe = item("p"), item("probe")
      world:add(p, 100, 100, 12, 14)
      world:add(probe, -500, -500, 4, 4)
      local steps = {
        { 0.5, 0 }, { 0.5, 0 }, { 0.5, 0 }, { 3, 0 }, { 0, 0.25 }, { -0.75, 0 },
        { -0.75, -0.5 }, { 0, -2 }, { 1e-9, 0 }, { 7, 7 }, { -7, 0 }, { 0, -7 },
      }
      local sizes = { { 12, 14 }, { 12, 14 }, { 13, 14 }, { 2, 2 }, { 30, 1 }, { 12, 14 } }
      for i = 1, 240 do
        local d = steps[i % #steps + 1]
        local x, y = world:getRect(p)
        local w, h
        if i % 40 == 0 then
          local sz = sizes[(i / 40) % #sizes + 1]
          world:update(p, x + d[1], y + d[2], sz[1], sz[2])
        elseif i % 3 == 0 then
          world:update(p, x + d[1], y + d[2])
        else
          world:move(p, x + d[1], y + d[2])
        end
        x, y, w, h = world:getRect(p)
        -- a point just inside each corner, the rectangle itself, a segment
        -- across it
        local e = 1e-6
        for _, c in ipairs({ { x + e, y + e }, { x + w - e, y + e }, { x + e, y + h - e },
                             { x + w - e, y + h - e } }) do
          local items = world:queryPoint(c[1], c[2])
          assert.same({ p }, items)
        end
        assert.same({ p }, (world:queryRect(x + w - e, y + h - e, 1, 1)))
        assert.same({ p }, (world:queryRect(x - 1, y - 1, 1 + e, 1 + e)))
        assert.same({}, (world:queryRect(x + w, y, 1, h)))
        assert.same({}, (world:queryRect(x - 1, y, 1, h)))
        assert.same({ p }, (world:querySegment(x - 10, y + h / 2, x + w + 10, y + h / 2)))
        assert.same({}, (world:querySegment(x - 10, y + h, x + w + 10, y + h)))
        -- the probe, sent at it from the left, stops flush against it
        world:update(probe, x - 40, y + h / 2 - 2)
        local ax, _, cols, len = world:move(probe, x + w + 40, y + h / 2 - 2)
        assert.equal(1, len)
        assert.equal(p, cols[1].other)
        assert.equal(-1, cols[1].normal.x)
        assert.truthy(ax + 4 <= x and ax + 4 > x - 1e-9)
        world:update(probe, -500, -500)
      end
    end)

    -- Moved by world:move alone (no update to start afresh), far in each
    -- direction and back, at ordinary, tiny and huge coordinates, and an
    -- item near collide.bump's coordinate limit, 1.25e49 (past 2^160,
    -- where moves update the tree at once): at every step exactly where
    -- getRect says, for
    -- queries and for the other items' moves.
    it("is found where it is as it drifts far by moves alone", function()
      local cases = {
        { 100, 100, 12, 14, 0.75 },
        { 1e15, -1e15, 12, 14, 0.5 },
        { -3, 7, 1e-3, 2e-3, 1e-4 },
        { -2e48, -2e48, 4e48, 4e48, 1e47 },
      }
      for _, case in ipairs(cases) do
        local world = bump.newWorld(64)
        local p, other = item("p"), item("other")
        world:add(p, case[1], case[2], case[3], case[4])
        local step = case[5]
        local dirs = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 }, { 1, 1 }, { -1, -1 } }
        for i = 1, 180 do
          local d = dirs[math.floor((i - 1) / 30) + 1]
          local x, y = world:getRect(p)
          local ax, ay, _, len = world:move(p, x + d[1] * step, y + d[2] * step)
          assert.equal(0, len)
          local w, h
          x, y, w, h = world:getRect(p)
          assert.same({ ax, ay }, { x, y })
          -- beside each edge, nothing; over each edge, the item (left
          -- of it: the largest lx with lx + w <= x, as rounding goes)
          local function before(v, size)
            local b = v - size
            while b + size > v do b = b - (math.abs(b) * 2 ^ -52 + 2 ^ -1074) end
            return b
          end
          assert.same({}, (world:queryRect(x + w, y, w, h)))
          assert.same({}, (world:queryRect(before(x, w), y, w, h)))
          assert.same({}, (world:queryRect(x, y + h, w, h)))
          assert.same({}, (world:queryRect(x, before(y, h), w, h)))
          assert.same({ p }, (world:queryRect(x + w / 2, y + h / 2, w, h)))
          assert.same({ p }, (world:queryRect(x - w / 2, y - h / 2, w, h)))
          -- another item, flush against its right edge, moved across it,
          -- stops there; moved along it, does not collide
          if w < 1e40 then
            world:add(other, x + w, y, w, h)
            local _, _, cols, n = world:move(other, x - w, y)
            assert.equal(1, n)
            assert.equal(p, cols[1].other)
            local ox, oy = world:getRect(other)
            assert.same({ x + w, y }, { ox, oy })
            _, _, _, n = world:move(other, x + w, y + h)
            assert.equal(0, n)
            world:remove(other)
          end
        end
      end
    end)
  end)

  describe("any call right after a move", function()
    -- A move's new place must be seen by whatever comes next: another
    -- move, a check or project, each query, an add, an update (also one
    -- to where the item already is), a remove, and a move made inside
    -- a filter. Judged against a world built afresh from getRect's
    -- rectangles after every call.
    it("sees the moved item where it is", function()
      local state = 99
      local function rnd()
        state = (state * 16807) % 2147483647
        return state / 2147483647
      end
      local world = bump.newWorld(32)
      local items = {}
      for i = 1, 12 do
        items[i] = item("i" .. i)
        world:add(items[i], rnd() * 200, rnd() * 200, 5 + rnd() * 20, 5 + rnd() * 20)
      end
      local function fresh()
        local f = bump.newWorld(32)
        for _, it in ipairs(items) do
          if world:hasItem(it) then f:add(it, world:getRect(it)) end
        end
        return f
      end
      local function names(list)
        local out = {}
        for i = 1, #list do out[i] = list[i].name end
        table.sort(out)
        return out
      end
      -- (each kind of query is, in turn, the first call after the move)
      local queries = {
        function(q, x, y, w, h) return q:queryRect(x, y, w, h) end,
        function(q, x, y) return q:queryPoint(x, y) end,
        function(q, x, y, w, h) return q:querySegment(x, y, x + w, y + h) end,
        function(q, x, y, w, h)
          local info = q:querySegmentWithCoords(x + w, y, x, y + h)
          local list = {}
          for i = 1, #info do list[i] = info[i].item end
          return list
        end,
      }
      local turn = 0
      local function same_answers()
        local f = fresh()
        turn = turn + 1
        for k = 0, #queries - 1 do
          local query = queries[(turn + k) % #queries + 1]
          local x, y, w, h = rnd() * 220 - 10, rnd() * 220 - 10, 1 + rnd() * 60, 1 + rnd() * 60
          assert.same(names(query(f, x, y, w, h)), names(query(world, x, y, w, h)))
        end
      end
      for step = 1, 300 do
        local it = items[math.floor(rnd() * #items) + 1]
        if not world:hasItem(it) then
          world:add(it, rnd() * 200, rnd() * 200, 5 + rnd() * 20, 5 + rnd() * 20)
        end
        local x, y = world:getRect(it)
        local gx, gy = x + rnd() * 40 - 20, y + rnd() * 40 - 20
        local other = items[math.floor(rnd() * #items) + 1]
        local k = step % 7
        if k == 0 then
          -- a filter that moves another item, on the moving item's way
          world:move(it, gx, gy, function(_, o)
            if o ~= other and world:hasItem(other) and other ~= it then
              local ox, oy = world:getRect(other)
              world:move(other, ox + 1, oy, function() return "cross" end)
            end
            return "slide"
          end)
        else
          world:move(it, gx, gy, function() return "cross" end)
        end
        -- the next call
        if not world:hasItem(other) then
          world:add(other, rnd() * 200, rnd() * 200, 5 + rnd() * 20, 5 + rnd() * 20)
        end
        if k == 1 then
          local ox, oy = world:getRect(other)
          world:move(other, ox + rnd() * 10 - 5, oy + rnd() * 10 - 5)
        elseif k == 2 then
          local nx, ny = world:getRect(it)
          world:update(it, nx, ny)   -- where it already is
        elseif k == 3 then
          world:remove(it)
        elseif k == 4 then
          local nx, ny = world:getRect(it)
          world:update(it, nx + 3, ny - 2, 8, 9)
        elseif k == 5 then
          local ox, oy = world:getRect(other)
          world:check(other, ox + 30, oy)
          world:project(other, ox, oy, 10, 10, ox - 30, oy)
        end
        same_answers()
      end
    end)
  end)

  describe("what a game relies on", function()
    -- Random walkers on a tile map, moved with "slide": whatever the
    -- speeds, none ever ends inside a tile or another walker, judged by a
    -- plain pairwise test of the rectangles (not the library's).
    it("never leaves a moved item overlapping a solid", function()
      local state = 7
      local function rnd()
        state = (state * 16807) % 2147483647
        return state / 2147483647
      end
      local world = bump.newWorld(32)
      local solids = {}
      for i = 1, 60 do
        local s = item("tile" .. i)
        local x, y = math.floor(rnd() * 30) * 16, math.floor(rnd() * 20) * 16
        if #world:queryRect(x, y, 16, 16) == 0 then
          world:add(s, x, y, 16, 16)
          solids[#solids + 1] = s
        end
      end
      local walkers = {}
      for i = 1, 12 do
        local w = item("walker" .. i)
        local x, y
        repeat
          x, y = rnd() * 460, rnd() * 300
        until #world:queryRect(x, y, 11.3, 13.7) == 0
        world:add(w, x, y, 11.3, 13.7)
        walkers[i] = w
      end
      local function overlapping(p, q)
        local x1, y1, w1, h1 = world:getRect(p)
        local x2, y2, w2, h2 = world:getRect(q)
        return x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1
      end
      for _ = 1, 300 do
        for _, w in ipairs(walkers) do
          local x, y = world:getRect(w)
          world:move(w, x + (rnd() - 0.5) * 90, y + (rnd() - 0.5) * 90)
          for _, s in ipairs(solids) do
            if overlapping(w, s) then
              error(("%s ends inside %s"):format(w.name, s.name))
            end
          end
          for _, o in ipairs(walkers) do
            if o ~= w and overlapping(w, o) then
              error(("%s ends inside %s"):format(w.name, o.name))
            end
          end
        end
      end
    end)
  end)
end)
