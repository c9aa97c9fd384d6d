-- collide.debug draws with love.graphics; here a recorder stands in for it,
-- so the spec runs on every Lua without LÖVE.
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
