-- collide.debug draws with love.graphics; here a recorder stands in for it,
-- so the spec runs on every Lua without LÖVE.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, ipairs, math, pairs, pcall, rawget = assert, ipairs, math, pairs, pcall, rawget
local tonumber, tostring = tonumber, tostring
local collide = require "collide"
local draw = require "collide.debug"
local vec3 = collide.vec3

local recorder = dofile("spec/support/recorder.lua")

describe("collide.debug", function()
  local g
  before_each(function()
    g = recorder({ 1, 0.5, 0.25, 0.8 }, true)
    draw.graphics = g
  end)
  after_each(function()
    draw.graphics = nil
  end)

  describe("when there is no LÖVE", function()
    it("loads, and says what is missing when asked to draw", function()
      draw.graphics = nil
      assert.is_nil(rawget(_G, "love"))
      assert.has_error(function() draw.circle(vec3(0, 0), 1) end,
        "collide.debug: love.graphics is not available "
        .. "(run inside LÖVE or set collide.debug.graphics)")
    end)
  end)

  describe("draws shapes", function()
    it("takes vec3, {x, y} and {x =, y =} alike", function()
      draw.circle(vec3(1, 2), 3)
      draw.circle({ 1, 2 }, 3, "fill")
      draw.circle({ x = 1, y = 2 }, 3)
      assert.are.same({ "circle(line,1,2,3)", "circle(fill,1,2,3)", "circle(line,1,2,3)" },
        g.calls)
    end)

    it("segments, boxes by centre and half-extents, polygons", function()
      draw.segment(vec3(0, 0), { 4, 5 })
      draw.box(vec3(10, 20), vec3(2, 3), "fill")
      draw.polygon({ vec3(0, 0), { 4, 0 }, { x = 0, y = 3 } })
      assert.are.same({ "line(0,0,4,5)", "rectangle(fill,8,17,4,6)",
        "polygon(line,{0,0,4,0,0,3})" }, g.calls)
    end)

    it("flattens a polygon object's vertices once", function()
      local n = 0
      local poly = { vertices = function()
        n = n + 1
        return { vec3(0, 0), vec3(2, 0), vec3(0, 2) }
      end }
      draw.polygon(poly)
      draw.polygon(poly, "fill")
      assert.are.equal(1, n)
      assert.are.same({ "polygon(line,{0,0,2,0,0,2})", "polygon(fill,{0,0,2,0,0,2})" }, g.calls)
    end)
  end)

  -- ---- capsules ----
  describe("draws a capsule", function()
    --   (  (-3,1) ======= (3,1)  )   centre (0, 1), axis (3, 0), r = 2
    it("as its two end circles and its two sides, r from the core", function()
      draw.capsule(vec3(0, 1), vec3(3, 0), 2)
      assert.are.same({ "circle(line,-3,1,2)", "circle(line,3,1,2)",
        "line(-3,3,3,3)", "line(-3,-1,3,-1)" }, g.calls)
    end)

    it("filled: the end discs and the band between them", function()
      draw.capsule({ 0, 0 }, { x = 0, y = 2 }, 1, "fill")
      assert.are.same({ "circle(fill,0,-2,1)", "circle(fill,0,2,1)",
        "polygon(fill,{-1,-2,-1,2,1,2,1,-2})" }, g.calls)
    end)

    it("with a zero axis, as one circle (a sphere)", function()
      draw.capsule(vec3(5, 5), vec3(0, 0), 1.5)
      assert.are.same({ "circle(line,5,5,1.5)" }, g.calls)
    end)
  end)
  -- ---- end of capsules ----

  describe("draws a sweep", function()
    --   start (0,0) ------ ghost (5,0) ------ end (10,0), radius 2
    it("fades start, end and capsule sides, then the ghost at u at full colour", function()
      draw.sweep(2, vec3(0, 0), vec3(10, 0), 0.5)
      assert.are.same({
        "setColor(1,0.5,0.25,0.2667)",
        "circle(line,0,0,2)", "circle(line,10,0,2)",
        "line(0,2,10,2)", "line(0,-2,10,-2)",
        "setColor(1,0.5,0.25,0.8)",
        "circle(line,5,0,2)",
      }, g.calls)
    end)

    it("without u draws no ghost, and zero motion no capsule", function()
      draw.sweep(1, { 3, 3 }, { 3, 3 })
      assert.are.same({ "setColor(1,0.5,0.25,0.2667)", "circle(line,3,3,1)",
        "circle(line,3,3,1)", "setColor(1,0.5,0.25,0.8)" }, g.calls)
    end)
  end)

  describe("draws a box sweep", function()
    --   a box of half-extents (1, 2) from (0, 0) to (10, 5), ghost at u = 0.5:
    --   the hull's sides join the corners (1, -2) and (-1, 2) of each end
    it("fades start, end and the hull's sides, then the ghost at u", function()
      draw.sweep_box(vec3(1, 2), vec3(0, 0), vec3(10, 5), 0.5)
      assert.are.same({
        "setColor(1,0.5,0.25,0.2667)",
        "rectangle(line,-1,-2,2,4)", "rectangle(line,9,3,2,4)",
        "line(-1,2,9,7)", "line(1,-2,11,3)",
        "setColor(1,0.5,0.25,0.8)",
        "rectangle(line,4,0.5,2,4)",
      }, g.calls)
    end)

    it("without u draws no ghost, and zero motion no sides", function()
      draw.sweep_box({ 1, 1 }, { 3, 3 }, { 3, 3 })
      assert.are.same({ "setColor(1,0.5,0.25,0.2667)", "rectangle(line,2,2,2,2)",
        "rectangle(line,2,2,2,2)", "setColor(1,0.5,0.25,0.8)" }, g.calls)
    end)
  end)

  describe("draws a convex shape", function()
    local square = collide.convex { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } }

    -- the 2x2 square about (10, 0), turned 45 degrees: its corners are
    -- sqrt(2) from the centre along the axes
    it("flat: its outline, turned and placed", function()
      draw.convex(square, vec3(10, 0), 0)
      draw.convex(square, { 10, 0 }, math.pi / 4, "fill")
      local r = math.sqrt(2)
      assert.are.equal("polygon(line,{9,-1,11,-1,11,1,9,1})", g.calls[1])
      local want = { 10 - r, 0, 10, -r, 10 + r, 0, 10, r }
      local got = {}
      for x in g.calls[2]:match("^polygon%(fill,{(.*)}%)$"):gmatch("[^,]+") do
        got[#got + 1] = tonumber(x)
      end
      assert.are.equal(#want, #got)
      for i = 1, #want do assert.is_true(math.abs(got[i] - want[i]) < 1e-2, g.calls[2]) end  -- %.4g
    end)

    it("turned by a quaternion about z as by the same angle", function()
      local t = 0.7
      draw.convex(square, vec3(0, 0), t)
      draw.convex(square, vec3(0, 0), { w = math.cos(t / 2), x = 0, y = 0, z = math.sin(t / 2) })
      assert.are.equal(g.calls[1], g.calls[2])
    end)

    -- a 2 x 4 x 6 box seen from +z: its 8 edges not along z are the
    -- rectangle's 4 sides, each twice (top and bottom); the 4 along z are
    -- points and are not drawn
    it("solid: its edges, and filled its silhouette", function()
      local box = collide.convex_box(vec3(1, 2, 3))
      draw.convex(box, vec3(0, 0), 0)
      local seen = {}
      for _, c in ipairs(g.calls) do seen[c] = (seen[c] or 0) + 1 end
      assert.are.equal(8, #g.calls)
      local sides = 0
      for c, n in pairs(seen) do
        assert.are.equal(2, n, c)
        local x0, y0, x1, y1 = c:match("^line%(([-%d.]+),([-%d.]+),([-%d.]+),([-%d.]+)%)$")
        x0, y0, x1, y1 = tonumber(x0), tonumber(y0), tonumber(x1), tonumber(y1)
        assert.is_true((x0 == x1 and math.abs(x0) == 1 and math.abs(y0 - y1) == 4)
                    or (y0 == y1 and math.abs(y0) == 2 and math.abs(x0 - x1) == 2), c)
        sides = sides + 1
      end
      assert.are.equal(4, sides)
      -- turned a quarter about x, its 6 deep side stands along y: the
      -- silhouette is 2 x 6, filled
      g.calls = {}
      local h = math.sqrt(0.5)
      draw.convex(box, vec3(5, 0), { w = h, x = h, y = 0, z = 0 }, "fill")
      assert.are.same({ "polygon(fill,{4,-3,6,-3,6,3,4,3})" }, g.calls)
    end)

    it("draws a convex sweep: start, end and swept area faded, then the ghost", function()
      draw.sweep_convex(square, 0, vec3(0, 0), vec3(10, 0), 0.5)
      assert.are.same({
        "setColor(1,0.5,0.25,0.2667)",
        "polygon(line,{-1,-1,1,-1,1,1,-1,1})", "polygon(line,{9,-1,11,-1,11,1,9,1})",
        "polygon(line,{-1,-1,11,-1,11,1,-1,1})",
        "setColor(1,0.5,0.25,0.8)",
        "polygon(line,{4,-1,6,-1,6,1,4,1})",
      }, g.calls)
      g.calls = {}
      draw.sweep_convex(square, 0, { 3, 3 }, { 3, 3 })
      assert.are.same({ "setColor(1,0.5,0.25,0.2667)", "polygon(line,{2,2,4,2,4,4,2,4})",
        "polygon(line,{2,2,4,2,4,4,2,4})", "setColor(1,0.5,0.25,0.8)" }, g.calls)
    end)

    it("says which argument is wrong", function()
      local function message(f, ...)
        local ok, err = pcall(f, ...)
        assert.is_false(ok)
        return (tostring(err):gsub("^.-:%d+: ", ""))
      end
      assert.are.equal("bad argument #1 to 'convex' (convex expected, got vec3)",
                       message(draw.convex, vec3(1, 2, 3), vec3(0, 0), 0))
      assert.are.equal("bad argument #1 to 'convex' (convex expected, got table)",
                       message(draw.convex, { { 0, 0 }, { 1, 0 }, { 0, 1 } }, vec3(0, 0), 0))
      assert.are.equal("bad argument #2 to 'convex' (vec3 expected, got nil)",
                       message(draw.convex, square, nil, 0))
      assert.are.equal("bad argument #3 to 'convex' (rotation (angle or quaternion) "
                       .. "expected, got string)", message(draw.convex, square, vec3(0, 0), "x"))
      assert.are.equal("bad argument #3 to 'convex' (angle is not finite)",
                       message(draw.convex, square, vec3(0, 0), 0 / 0))
      assert.are.equal("bad argument #3 to 'convex' (rotation is not a unit quaternion)",
                       message(draw.convex, square, vec3(0, 0), { w = 2, x = 0, y = 0, z = 0 }))
      assert.are.equal("bad argument #3 to 'convex' (quaternion expected, got table "
                       .. "with a non-number z)",
                       message(draw.convex, square, vec3(0, 0), { w = 1, x = 0, y = 0 }))
      assert.are.equal("bad argument #2 to 'sweep_convex' (rotation is not a unit quaternion)",
                       message(draw.sweep_convex, square, { w = 0, x = 0, y = 0, z = 0 },
                               vec3(0, 0), vec3(1, 0)))
      assert.are.equal("bad argument #5 to 'sweep_convex' (number expected, got string)",
                       message(draw.sweep_convex, square, 0, vec3(0, 0), vec3(1, 0), "u"))
      assert.are.same({}, g.calls)
    end)
  end)

  describe("draws a contact", function()
    it("a dot at the point and the normal as an arrow of the given length", function()
      draw.contact(vec3(1, 1), vec3(0, 1), 10)
      assert.are.equal("circle(fill,1,1,2.5)", g.calls[1])
      assert.are.equal("line(1,1,1,11)", g.calls[2])
      assert.are.equal(4, #g.calls)  -- and two strokes of the head
    end)

    it("draws no arrow for a zero normal", function()
      draw.arrow(vec3(1, 1), vec3(0, 0), 10)
      assert.are.same({}, g.calls)
    end)
  end)
end)
