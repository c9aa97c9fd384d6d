-- spec/acceptance_bump_spec.lua -- collide.bump called as a game written
-- for bump.lua 3.1 calls it: only the API and the behaviour bump's README
-- documents (newWorld; add, remove, update, move, check, project,
-- queryPoint, queryRect, querySegment, querySegmentWithCoords, hasItem,
-- getItems, countItems, getRect, toWorld, toCell, addResponse; the
-- responses and the collision tables; the errors for unknown items and bad
-- rectangles), with answers computed by hand. y grows downward, as in bump.
--
-- BUMP_MODULE names another module to run the same spec against (bump.lua
-- itself, fetched outside the repository, to check the spec):
--   BUMP_MODULE=bump lua5.4 /usr/bin/busted --lpath='/tmp/?.lua;...' ...

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, ipairs, math, os, pcall = assert, error, ipairs, math, os, pcall
local tostring, type = tostring, type
local bump = require(os.getenv("BUMP_MODULE") or "collide.bump")

local function near(a, b, what)
  if not (math.abs(a - b) <= 1e-9) then -- luacheck: ignore 581 (NaN fails too)
    error(("%s: %.17g, expected %.17g"):format(what or "value", a, b), 2)
  end
end
local function near_xy(t, x, y, what)
  assert.equal("table", type(t), what)
  near(t.x, x, (what or "") .. ".x")
  near(t.y, y, (what or "") .. ".y")
end
local function rect(t, x, y, w, h, what)
  assert.equal("table", type(t), what)
  near(t.x, x, what .. ".x"); near(t.y, y, what .. ".y")
  near(t.w, w, what .. ".w"); near(t.h, h, what .. ".h")
end
local function item(name) return { name = name } end
local function fails(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert.is_false(ok, "expected an error matching " .. pattern)
  assert.truthy(tostring(err):find(pattern, 1, true), tostring(err))
end

-- a player left of a wall, as in bump's README
local function scene()
  local world = bump.newWorld(50)
  local player, wall = item("player"), item("wall")
  world:add(player, 0, 0, 10, 10)
  world:add(wall, 20, 0, 10, 10)
  return world, player, wall
end

describe("acceptance: collide.bump as bump.lua 3.1's README documents it", function()
  it("the module: _VERSION, responses, newWorld", function()
    assert.equal("string", type(bump._VERSION))
    assert.truthy(bump._VERSION:find("bump", 1, true))
    for _, name in ipairs({ "touch", "cross", "slide", "bounce" }) do
      assert.equal("function", type(bump.responses[name]), name)
    end
    assert.truthy(bump.newWorld())
    assert.truthy(bump.newWorld(32))
  end)

  it("add, hasItem, countItems, getItems, getRect, remove", function()
    local world = bump.newWorld()
    local a, b = item("a"), item("b")
    assert.equal(a, world:add(a, 1, 2, 3, 4))
    world:add(b, -10, -20, 5, 5)
    assert.is_true(world:hasItem(a))
    assert.is_false(world:hasItem(item("c")))
    assert.equal(2, world:countItems())
    local items, len = world:getItems()
    assert.equal(2, len); assert.equal(2, #items)
    local seen = {}
    for _, it in ipairs(items) do seen[it] = true end
    assert.truthy(seen[a] and seen[b])
    local x, y, w, h = world:getRect(a)
    assert.same({ 1, 2, 3, 4 }, { x, y, w, h })
    world:remove(a)
    assert.is_false(world:hasItem(a))
    assert.equal(1, world:countItems())
    -- any Lua value but nil is an item: strings, numbers too
    world:add("tile", 0, 0, 1, 1)
    assert.is_true(world:hasItem("tile"))
  end)

  it("errors for items added twice, unknown items and bad rectangles", function()
    local world = bump.newWorld()
    local a = item("a")
    world:add(a, 0, 0, 1, 1)
    fails("added to the world twice", world.add, world, a, 0, 0, 1, 1)
    local ghost = item("ghost")
    fails("must be added to the world before", world.remove, world, ghost)
    fails("must be added to the world before", world.getRect, world, ghost)
    fails("must be added to the world before", world.update, world, ghost, 1, 1)
    fails("must be added to the world before", world.move, world, ghost, 1, 1)
    fails("must be added to the world before", world.check, world, ghost, 1, 1)
    fails("w must be a positive", world.add, world, item("z"), 0, 0, 0, 1)
    fails("h must be a positive", world.add, world, item("z"), 0, 0, 1, -1)
    fails("x must be a number", world.add, world, item("z"), "0", 0, 1, 1)
    fails("y must be a number", world.add, world, item("z"), 0, nil, 1, 1)
  end)

  it("update re-places an item, keeping its size unless given", function()
    local world, player = scene()
    world:update(player, 100, 100)
    assert.same({ 100, 100, 10, 10 }, { world:getRect(player) })
    world:update(player, 5, 6, 7, 8)
    assert.same({ 5, 6, 7, 8 }, { world:getRect(player) })
  end)

  it("toCell and toWorld: cells of cellSize, 1-based, the cell's top-left corner", function()
    local world = bump.newWorld(64)
    assert.same({ 1, 1 }, { world:toCell(0, 0) })
    assert.same({ 2, 2 }, { world:toCell(64, 127) })
    assert.same({ 0, 0 }, { world:toCell(-1, -1) })
    assert.same({ 0, 0 }, { world:toWorld(1, 1) })
    assert.same({ 128, 64 }, { world:toWorld(3, 2) })
  end)

  it("move with the default response slides, with every field of the collision", function()
    local world, player, wall = scene()
    local ax, ay, cols, len = world:move(player, 30, 5)
    near(ax, 10, "actualX"); near(ay, 5, "actualY")
    assert.equal(1, len); assert.equal(1, #cols)
    local col = cols[1]
    assert.equal(player, col.item); assert.equal(wall, col.other)
    assert.equal("slide", col.type)
    assert.is_false(col.overlaps)
    near(col.ti, 1 / 3, "ti")
    near_xy(col.move, 30, 5, "move")
    near_xy(col.normal, -1, 0, "normal")
    near_xy(col.touch, 10, 5 / 3, "touch")
    near_xy(col.slide, 10, 5, "slide")
    rect(col.itemRect, 0, 0, 10, 10, "itemRect")
    rect(col.otherRect, 20, 0, 10, 10, "otherRect")
    assert.same({ 10, 5, 10, 10 }, { world:getRect(player) })
  end)

  it("the filter chooses each response: touch, cross, bounce, nil", function()
    local world, player = scene()
    local ax, ay, cols, len = world:move(player, 30, 5, function() return "touch" end)
    near(ax, 10, "touch x"); near(ay, 5 / 3, "touch y")
    assert.equal(1, len); assert.equal("touch", cols[1].type)

    world, player = scene()
    ax, ay, cols, len = world:move(player, 30, 5, function() return "cross" end)
    near(ax, 30, "cross x"); near(ay, 5, "cross y")
    assert.equal(1, len); assert.equal("cross", cols[1].type)

    world, player = scene()
    ax, ay, cols, len = world:move(player, 15, 0, function() return "bounce" end)
    -- touches at x = 10, the 5 left over are sent back: x = 5
    near(ax, 5, "bounce x"); near(ay, 0, "bounce y")
    assert.equal(1, len); assert.equal("bounce", cols[1].type)
    near_xy(cols[1].bounce, 5, 0, "bounce")

    world, player = scene()
    ax, ay, cols, len = world:move(player, 30, 5, function() return nil end)
    near(ax, 30, "ignored x"); near(ay, 5, "ignored y")
    assert.equal(0, len); assert.equal(0, #cols)

    -- the filter is called with the item and the other
    world, player = scene()
    local seen = {}
    world:move(player, 30, 5, function(a, b) seen[#seen + 1] = { a, b }; return "slide" end)
    assert.truthy(#seen >= 1)
    assert.equal(player, seen[1][1]); assert.equal("wall", seen[1][2].name)
  end)

  it("check answers as move without moving; project takes any rectangle", function()
    local world, player, wall = scene()
    local ax, ay, cols, len = world:check(player, 30, 5)
    near(ax, 10, "check x"); near(ay, 5, "check y")
    assert.equal(1, len); assert.equal(wall, cols[1].other)
    assert.same({ 0, 0, 10, 10 }, { world:getRect(player) })
    local pcols, plen = world:project(player, 0, 0, 10, 10, 30, 5)
    assert.equal(1, plen); assert.equal(wall, pcols[1].other)
    near(pcols[1].ti, 1 / 3, "project ti")
    near_xy(pcols[1].touch, 10, 5 / 3, "project touch")
    assert.same({ 0, 0, 10, 10 }, { world:getRect(player) })
  end)

  it("lands on a floor of two tiles, grounded on it (normal up: y is down)", function()
    local world = bump.newWorld(16)
    local player = item("player")
    world:add(player, 0, 0, 10, 10)
    local t1, t2 = item("t1"), item("t2")
    world:add(t1, 0, 20, 10, 10)
    world:add(t2, 10, 20, 10, 10)
    local ax, ay, cols, len = world:move(player, 5, 30)
    near(ax, 5, "x"); near(ay, 10, "y on the floor")
    assert.truthy(len >= 1)
    assert.truthy(cols[1].other == t1 or cols[1].other == t2)
    near_xy(cols[1].normal, 0, -1, "normal")
    near(cols[1].ti, 1 / 3, "ti")
  end)

  it("an item overlapping another at the start: overlaps is true", function()
    local world = bump.newWorld()
    local a, b = item("a"), item("b")
    world:add(a, 0, 0, 10, 10)
    world:add(b, 5, 2, 10, 10)
    local _, _, cols, len = world:check(a, 0, 0)
    assert.equal(1, len)
    assert.is_true(cols[1].overlaps)
    assert.equal(b, cols[1].other)
  end)

  it("addResponse adds a custom response; an unknown one is an error", function()
    local world, player = scene()
    world:addResponse("stop", function(_, col) return col.touch.x, col.touch.y, {}, 0 end)
    local ax, ay, cols, len = world:move(player, 30, 5, function() return "stop" end)
    near(ax, 10, "stop x"); near(ay, 5 / 3, "stop y")
    assert.equal(1, len); assert.equal("stop", cols[1].type)
    fails("Unknown collision type", world.move, world, player, 60, 5, function() return "glue" end)
  end)

  it("queryPoint and queryRect: items containing or overlapping, filtered", function()
    local world = bump.newWorld(8)
    local a, b, c = item("a"), item("b"), item("c")
    world:add(a, 0, 0, 10, 10)
    world:add(b, 5, 5, 10, 10)
    world:add(c, 100, 100, 1, 1)
    local items, len = world:queryPoint(7, 7)
    assert.equal(2, len)
    local set = {}
    for _, it in ipairs(items) do set[it] = true end
    assert.truthy(set[a] and set[b])
    items, len = world:queryPoint(2, 2)
    assert.equal(1, len); assert.equal(a, items[1])
    items, len = world:queryPoint(7, 7, function(it) return it == b end)
    assert.equal(1, len); assert.equal(b, items[1])
    items, len = world:queryRect(90, 90, 20, 20)
    assert.equal(1, len); assert.equal(c, items[1])
    items, len = world:queryRect(-5, -5, 8, 8)
    assert.equal(1, len); assert.equal(a, items[1])
    local _
    _, len = world:queryRect(50, 50, 5, 5)
    assert.equal(0, len)
  end)

  it("querySegment and querySegmentWithCoords: in order along the segment", function()
    local world = bump.newWorld(16)
    local near_box, far_box, off = item("near"), item("far"), item("off")
    world:add(far_box, 60, 0, 10, 10)
    world:add(near_box, 20, 0, 10, 10)
    world:add(off, 40, 50, 10, 10)
    local items, len = world:querySegment(0, 5, 100, 5)
    assert.equal(2, len)
    assert.equal(near_box, items[1]); assert.equal(far_box, items[2])
    items, len = world:querySegment(0, 5, 100, 5, function(it) return it ~= near_box end)
    assert.equal(1, len); assert.equal(far_box, items[1])
    local info, ilen = world:querySegmentWithCoords(0, 5, 100, 5)
    assert.equal(2, ilen)
    assert.equal(near_box, info[1].item)
    near(info[1].ti1, 0.2, "ti1"); near(info[1].ti2, 0.3, "ti2")
    near(info[1].x1, 20, "x1"); near(info[1].y1, 5, "y1")
    near(info[1].x2, 30, "x2"); near(info[1].y2, 5, "y2")
    assert.equal(far_box, info[2].item)
    near(info[2].ti1, 0.6, "far ti1"); near(info[2].x1, 60, "far x1")
  end)

  it("a fast item never passes through a thin wall (bump's tunnelling-free move)", function()
    local world = bump.newWorld(64)
    local bullet, wall = item("bullet"), item("wall")
    world:add(bullet, 0, 0, 2, 2)
    world:add(wall, 500, -100, 1, 300)
    local ax, _, cols, len = world:move(bullet, 5000, 3)
    near(ax, 498, "stopped at the wall")
    assert.equal(1, len); assert.equal(wall, cols[1].other)
  end)
end)
