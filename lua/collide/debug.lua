--- collide.debug: draw collide's shapes and query results with LÖVE.
--
--     local draw = require "collide.debug"
--     draw.segment(a, b)
--     local hit, u, point, normal = collide.sweep_sphere_segment(r, c0, c1, a, b)
--     if hit then
--       draw.sweep(r, c0, c1, u)       -- start, end, swept capsule, ghost at u
--       draw.contact(point, normal)    -- point and normal arrow
--     end
--
-- Everything is drawn in the x-y plane (z is ignored) with the current
-- colour and line width; parts that are context (the start and end of a
-- sweep) are drawn at a third of the current alpha. The colour is left as
-- it was found.
--
-- Loading this module needs neither LÖVE nor the C core: love.graphics is
-- looked up when a function is called, so plain Lua can require it (for
-- tests, or to set `draw.graphics` to any object with LÖVE's
-- circle/line/polygon/rectangle/getColor/setColor).
--
-- Vectors may be vec3, {x, y} or {x = , y = }.

local draw = {}

--- The graphics object to draw with; nil means the global love.graphics.
draw.graphics = nil

local function graphics()
  local g = draw.graphics
  if g then
    return g
  end
  local love = rawget(_G, "love")
  g = love and love.graphics
  if not g then
    error("collide.debug: love.graphics is not available "
      .. "(run inside LÖVE or set collide.debug.graphics)", 3)
  end
  return g
end

-- x, y of a vec3, {x, y} or {x = , y = }.
local function xy(v)
  local x = v.x
  if x ~= nil then
    return x, v.y
  end
  return v[1], v[2]
end

-- Runs f with the current colour's alpha scaled by k, then restores it.
local function faded(g, k, f, ...)
  local r, gr, b, a = g.getColor()
  g.setColor(r, gr, b, a * k)
  f(...)
  g.setColor(r, gr, b, a)
end

--- A circle (a sphere's outline in 2D). mode is "line" (default) or "fill".
function draw.circle(center, r, mode)
  local x, y = xy(center)
  graphics().circle(mode or "line", x, y, r)
end

--- A segment from a to b.
function draw.segment(a, b)
  local ax, ay = xy(a)
  local bx, by = xy(b)
  graphics().line(ax, ay, bx, by)
end

-- Flat coordinate lists of collide polygons, made once per polygon: a
-- polygon's vertices() allocates, and a game draws the same walls each frame.
local flat_cache = setmetatable({}, { __mode = "k" })

local function flatten(vertices)
  local flat = {}
  for i = 1, #vertices do
    flat[2 * i - 1], flat[2 * i] = xy(vertices[i])
  end
  return flat
end

--- A convex polygon: a collide.polygon or an array of vectors.
-- mode is "line" (default) or "fill".
function draw.polygon(polygon, mode)
  local flat
  if type(polygon) == "table" and polygon.vertices == nil then
    flat = flatten(polygon)
  else
    flat = flat_cache[polygon]
    if not flat then
      flat = flatten(polygon:vertices())
      flat_cache[polygon] = flat
    end
  end
  graphics().polygon(mode or "line", flat)
end

--- An axis-aligned box by centre and half-extents.
-- mode is "line" (default) or "fill".
function draw.box(center, extents, mode)
  local x, y = xy(center)
  local ex, ey = xy(extents)
  graphics().rectangle(mode or "line", x - ex, y - ey, 2 * ex, 2 * ey)
end

-- ---- capsules (collide.sweep_capsule_*) ----
--- A capsule: the points within r of the segment center - axis ..
-- center + axis, seen in the x-y plane: a circle at each end and the two
-- sides, r away from the core. mode is "line" (default) or "fill" (the
-- end discs and the band between them). A zero axis draws one circle.
function draw.capsule(center, axis, r, mode)
  local g = graphics()
  local x, y = xy(center)
  local ax, ay = xy(axis)
  mode = mode or "line"
  local l = math.sqrt(ax * ax + ay * ay)
  if l == 0 then
    g.circle(mode, x, y, r)
    return
  end
  g.circle(mode, x - ax, y - ay, r)
  g.circle(mode, x + ax, y + ay, r)
  local nx, ny = -ay / l * r, ax / l * r
  if mode == "fill" then
    g.polygon("fill", { x - ax + nx, y - ay + ny, x + ax + nx, y + ay + ny,
                        x + ax - nx, y + ay - ny, x - ax - nx, y - ay - ny })
  else
    g.line(x - ax + nx, y - ay + ny, x + ax + nx, y + ay + ny)
    g.line(x - ax - nx, y - ay - ny, x + ax - nx, y + ay - ny)
  end
end
-- ---- end of capsules ----

--- An arrow from `from` along `dir` (scaled to `length` when given).
function draw.arrow(from, dir, length)
  local g = graphics()
  local x, y = xy(from)
  local dx, dy = xy(dir)
  local l = math.sqrt(dx * dx + dy * dy)
  if l == 0 then
    return
  end
  local s = (length or l) / l
  dx, dy = dx * s, dy * s
  local tx, ty = x + dx, y + dy
  g.line(x, y, tx, ty)
  -- The head: two strokes back from the tip at +-30 degrees, a quarter of
  -- the arrow long (at most 8 pixels).
  local h = math.min(8, 0.25 * (length or l)) / (length or l)
  local bx, by = -dx * h, -dy * h
  local c, sn = 0.8660254037844386, 0.5
  g.line(tx, ty, tx + bx * c - by * sn, ty + bx * sn + by * c)
  g.line(tx, ty, tx + bx * c + by * sn, ty - bx * sn + by * c)
end

--- A sphere of radius r swept from c0 to c1: the start and end circles and
-- the capsule's sides faded, and, when u is given, the ghost (the sphere at
-- the time of impact, lerp(c0, c1, u)) at full strength.
function draw.sweep(r, c0, c1, u)
  local g = graphics()
  local x0, y0 = xy(c0)
  local x1, y1 = xy(c1)
  faded(g, 1 / 3, function()
    g.circle("line", x0, y0, r)
    g.circle("line", x1, y1, r)
    local dx, dy = x1 - x0, y1 - y0
    local l = math.sqrt(dx * dx + dy * dy)
    if l > 0 then
      -- The capsule's two sides, offset by r along the motion's normal.
      local nx, ny = -dy / l * r, dx / l * r
      g.line(x0 + nx, y0 + ny, x1 + nx, y1 + ny)
      g.line(x0 - nx, y0 - ny, x1 - nx, y1 - ny)
    end
  end)
  if u then
    g.circle("line", x0 + (x1 - x0) * u, y0 + (y1 - y0) * u, r)
  end
end

--- A contact: a dot at the point and the normal as an arrow of `length`
-- pixels (default 24).
function draw.contact(point, normal, length)
  local g = graphics()
  local x, y = xy(point)
  g.circle("fill", x, y, 2.5)
  draw.arrow(point, normal, length or 24)
end

return draw
