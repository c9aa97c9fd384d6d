--- collide.debug: draw collide's shapes and query results with LÖVE.
--
--     local draw = require "collide.debug"
--     draw.segment(a, b)
--     local hit, u, point, normal = collide.sweep_sphere_segment(r, c0, c1, a, b)
--     if hit then
--       draw.sweep(r, c0, c1, u)       -- start, end, swept capsule, ghost at u
--       draw.contact(point, normal)    -- point and normal arrow
--     end
--     -- a moving box: draw.box(center, e), draw.sweep_box(e, c0, c1, u)
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

--- A box of half-extents e swept from centre c0 to c1 (collide.sweep_aabb_*):
-- the start and end boxes and the two sides of the swept hull faded, and,
-- when u is given, the ghost (the box at lerp(c0, c1, u)) at full strength.
function draw.sweep_box(e, c0, c1, u)
  local g = graphics()
  local x0, y0 = xy(c0)
  local x1, y1 = xy(c1)
  local ex, ey = xy(e)
  faded(g, 1 / 3, function()
    g.rectangle("line", x0 - ex, y0 - ey, 2 * ex, 2 * ey)
    g.rectangle("line", x1 - ex, y1 - ey, 2 * ex, 2 * ey)
    local dx, dy = x1 - x0, y1 - y0
    if dx ~= 0 or dy ~= 0 then
      -- The hull's sides run from the corners farthest to either side of
      -- the motion: offset (sx ex, sy ey) maximizing (-dy, dx).(sx ex, sy ey).
      local sx, sy = dy > 0 and -1 or 1, dx < 0 and -1 or 1
      g.line(x0 + sx * ex, y0 + sy * ey, x1 + sx * ex, y1 + sy * ey)
      g.line(x0 - sx * ex, y0 - sy * ey, x1 - sx * ex, y1 - sy * ey)
    end
  end)
  if u then
    g.rectangle("line", x0 + (x1 - x0) * u - ex, y0 + (y1 - y0) * u - ey, 2 * ex, 2 * ey)
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

-- ---- convex shapes (collide.convex) ----------------------------------------
-- A convex shape is drawn turned by its rotation (an angle about z, or a
-- unit quaternion {w, x, y, z}, as the core reads it: csrc/core/
-- collide_convex.c rot_make), its frame's origin at a position, then seen
-- in the x-y plane as every other shape: z is dropped. A flat hull (a
-- convex polygon) is its outline; a solid hull is its edges, or, filled,
-- its silhouette (the 2D convex hull of its corners seen from +z).

-- Per convex shape, made once (vertices() and edges() allocate): its
-- corners in its own frame, flat {x1, y1, z1, x2, ...}, whether it is
-- flat, and, once drawn by its edges, its edges as flat index pairs.
local hull_cache = setmetatable({}, { __mode = "k" })

local function convex_hull_of(name, idx, A)
  local h = hull_cache[A]
  if h then return h end
  local t = type(A)
  local ok, s = pcall(tostring, A)
  if (t ~= "userdata" and t ~= "cdata") or not ok or type(s) ~= "string"
     or not s:find("^convex%(") then
    local what = t
    if ok and type(s) == "string" and (t == "userdata" or t == "cdata") then
      what = s:match("^(%a[%w]*)%(") or t
    end
    error(string.format("bad argument #%d to '%s' (convex expected, got %s)",
                        idx, name, what), 3)
  end
  local corners = {}
  for i, v in ipairs(A:vertices()) do
    corners[3 * i - 2], corners[3 * i - 1], corners[3 * i] = v.x, v.y, v.z
  end
  -- (not A itself: a value naming its weak key keeps it alive on Lua 5.1)
  h = { corners = corners, n = #corners / 3, flat = A.flat }
  hull_cache[A] = h
  return h
end

-- The edges of A (whose hull_cache entry is h) as flat index pairs, read
-- when first drawn by its edges.
local function edges_of(h, A)
  local edges = h.edges
  if not edges then
    edges = {}
    for i, e in ipairs(A:edges()) do
      edges[2 * i - 1], edges[2 * i] = e[1], e[2]
    end
    h.edges = edges
  end
  return edges
end

local QNAMES = { "w", "x", "y", "z" }

-- The rows of rot's matrix, as collide_convex.c's rot_make makes them.
local function rotation_rows(name, idx, rot)
  if type(rot) == "number" then
    if rot ~= rot or rot == math.huge or rot == -math.huge then
      error(string.format("bad argument #%d to '%s' (angle is not finite)", idx, name), 3)
    end
    local c, s = math.cos(rot), math.sin(rot)
    return c, -s, 0, s, c, 0, 0, 0, 1
  end
  local t = type(rot)
  if t ~= "table" and t ~= "userdata" and t ~= "cdata" then
    error(string.format("bad argument #%d to '%s' (rotation (angle or quaternion) "
                        .. "expected, got %s)", idx, name, t), 3)
  end
  local q = {}
  for i = 1, 4 do
    local ok, c = pcall(function() return rot[QNAMES[i]] end)
    if not ok or type(c) ~= "number" or c ~= c or c == math.huge or c == -math.huge then
      error(string.format("bad argument #%d to '%s' (quaternion expected, got %s "
                          .. "with a non-number %s)", idx, name, t, QNAMES[i]), 3)
    end
    q[i] = c
  end
  local w, x, y, z = q[1], q[2], q[3], q[4]
  local n2 = w * w + x * x + y * y + z * z
  if math.abs(n2 - 1) > 1e-6 then
    error(string.format("bad argument #%d to '%s' (rotation is not a unit quaternion)",
                        idx, name), 3)
  end
  if n2 ~= 1 then
    local k = 1 / math.sqrt(n2)
    w, x, y, z = w * k, x * k, y * k, z * k
  end
  return 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
         2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
         2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)
end

local function vector_xy(name, idx, v)
  local t = type(v)
  if t == "table" or t == "userdata" or t == "cdata" then
    local ok, x, y = pcall(xy, v)
    if ok and type(x) == "number" and type(y) == "number" then return x, y end
  end
  error(string.format("bad argument #%d to '%s' (vec3 expected, got %s)", idx, name, t), 3)
end

-- The corners of hull h turned by the rows a..c and moved by (px, py),
-- seen in x-y: a flat array {x1, y1, x2, y2, ...} (z is dropped).
local function placed(h, px, py, a1, a2, a3, b1, b2, b3)
  local c, out = h.corners, {}
  for i = 1, h.n do
    local x, y, z = c[3 * i - 2], c[3 * i - 1], c[3 * i]
    out[2 * i - 1] = px + a1 * x + a2 * y + a3 * z
    out[2 * i] = py + b1 * x + b2 * y + b3 * z
  end
  return out
end

-- The 2D convex hull of the points of a flat array (Andrew's monotone
-- chain, "Another efficient algorithm for convex hulls in two
-- dimensions", 1979), counter-clockwise, collinear points dropped, as a
-- flat array; fewer than 3 points when they are on one line.
local function hull2d(p)
  local n = #p / 2
  local idx = {}
  for i = 1, n do idx[i] = i end
  table.sort(idx, function(i, j)
    local xi, xj = p[2 * i - 1], p[2 * j - 1]
    if xi ~= xj then return xi < xj end
    return p[2 * i] < p[2 * j]
  end)
  local function cross(o, a, b)
    return (p[2 * a - 1] - p[2 * o - 1]) * (p[2 * b] - p[2 * o])
         - (p[2 * a] - p[2 * o]) * (p[2 * b - 1] - p[2 * o - 1])
  end
  local h = {}
  for pass = 1, 2 do
    local start = #h
    for k = 1, n do
      local i = idx[pass == 1 and k or n + 1 - k]
      while #h >= start + 2 and cross(h[#h - 1], h[#h], i) <= 0 do h[#h] = nil end
      h[#h + 1] = i
    end
    h[#h] = nil   -- each chain's last point is the other's first
  end
  local out = {}
  for k, i in ipairs(h) do out[2 * k - 1], out[2 * k] = p[2 * i - 1], p[2 * i] end
  return out
end

-- Draws a flat array of 2D hull corners: a polygon, or a line when the
-- hull is seen edge-on.
local function draw_hull2d(g, mode, q)
  if #q >= 6 then
    g.polygon(mode, q)
  elseif #q == 4 then
    g.line(q[1], q[2], q[3], q[4])
  end
end

-- Draws A (its hull_cache entry h) at (px, py) turned by the given rows.
local function draw_placed(g, A, h, mode, px, py, ...)
  local q = placed(h, px, py, ...)
  if h.flat or mode == "fill" then
    draw_hull2d(g, mode, hull2d(q))
  else
    local e = edges_of(h, A)
    for k = 1, #e, 2 do
      local i, j = e[k], e[k + 1]
      local ax, ay, bx, by = q[2 * i - 1], q[2 * i], q[2 * j - 1], q[2 * j]
      -- an edge along the line of sight is seen as a point: not drawn
      if ax ~= bx or ay ~= by then g.line(ax, ay, bx, by) end
    end
  end
  return q
end

--- A convex shape (collide.convex) turned by rot (an angle about z or a
-- unit quaternion) with its frame's origin at position, seen in the x-y
-- plane: a flat hull as its outline, a solid one as its edges; mode "fill"
-- fills the outline (a solid hull's silhouette).
function draw.convex(A, position, rot, mode)
  local h = convex_hull_of("convex", 1, A)
  local px, py = vector_xy("convex", 2, position)
  local a1, a2, a3, b1, b2, b3 = rotation_rows("convex", 3, rot)
  draw_placed(graphics(), A, h, mode or "line", px, py, a1, a2, a3, b1, b2, b3)
end

--- A convex shape A turned by rot, its frame's origin moving from c0 to c1
-- (collide.sweep_convex_*): the start and end shapes and the outline of
-- the swept area faded, and, when u is given, the ghost (the shape at
-- lerp(c0, c1, u)) at full strength.
function draw.sweep_convex(A, rot, c0, c1, u)
  local name = "sweep_convex"
  local h = convex_hull_of(name, 1, A)
  local a1, a2, a3, b1, b2, b3 = rotation_rows(name, 2, rot)
  local x0, y0 = vector_xy(name, 3, c0)
  local x1, y1 = vector_xy(name, 4, c1)
  if u ~= nil and type(u) ~= "number" then
    error(string.format("bad argument #5 to '%s' (number expected, got %s)", name,
                        type(u)), 2)
  end
  local g = graphics()
  faded(g, 1 / 3, function()
    local q0 = draw_placed(g, A, h, "line", x0, y0, a1, a2, a3, b1, b2, b3)
    local q1 = draw_placed(g, A, h, "line", x1, y1, a1, a2, a3, b1, b2, b3)
    if x0 ~= x1 or y0 ~= y1 then
      -- the swept area is the hull of both placements' corners
      local both = {}
      for i = 1, #q0 do both[i], both[#q0 + i] = q0[i], q1[i] end
      draw_hull2d(g, "line", hull2d(both))
    end
  end)
  if u then
    draw_placed(g, A, h, "line", x0 + (x1 - x0) * u, y0 + (y1 - y0) * u,
                a1, a2, a3, b1, b2, b3)
  end
end

-- ---- a whole world ----------------------------------------------------------

-- A capsule's outline in the x-y plane: the circles at both ends and the
-- two sides between them.
local function capsule_outline(g, a, b, r, mode)
  local ax, ay = xy(a)
  local bx, by = xy(b)
  g.circle(mode, ax, ay, r)
  g.circle(mode, bx, by, r)
  local dx, dy = bx - ax, by - ay
  local l = math.sqrt(dx * dx + dy * dy)
  if l > 0 then
    local nx, ny = -dy / l * r, dx / l * r
    if mode == "fill" then
      g.polygon("fill", { ax + nx, ay + ny, bx + nx, by + ny, bx - nx, by - ny, ax - nx, ay - ny })
    else
      g.line(ax + nx, ay + ny, bx + nx, by + ny)
      g.line(ax - nx, ay - ny, bx - nx, by - ny)
    end
  end
end

-- A spinning shape's turn over one step (w:spin: an angle about z, or a
-- unit quaternion, taken the short way round as the world turns it): the
-- path of a point at offset (rx, ry, rz) from its frame's origin o, as 16
-- strokes and an arrow's head at its end. A point on the axis of the turn,
-- or no turn, draws nothing.
local atan2 = math.atan2 or math.atan   -- (Lua 5.4: math.atan(y, x))
local function spin_path(g, spin, o, rx, ry, rz)
  local kx, ky, kz, angle
  if type(spin) == "number" then
    kx, ky, kz, angle = 0, 0, 1, spin
  elseif spin ~= nil then
    local qw, qx, qy, qz = spin.w, spin.x, spin.y, spin.z
    if qw < 0 then qw, qx, qy, qz = -qw, -qx, -qy, -qz end
    local l = math.sqrt(qx * qx + qy * qy + qz * qz)
    if l == 0 then return end
    kx, ky, kz, angle = qx / l, qy / l, qz / l, 2 * atan2(l, qw)
  end
  if not angle or angle == 0 then return end
  -- Rodrigues' formula: r turned by t about the unit axis k is
  -- r cos t + (k x r) sin t + k (k . r)(1 - cos t)
  local cx, cy = ky * rz - kz * ry, kz * rx - kx * rz
  local kr = kx * rx + ky * ry + kz * rz
  local line, n = {}, 16
  for i = 0, n do
    local t = angle * i / n
    local ct, st = math.cos(t), math.sin(t)
    line[2 * i + 1] = o.x + rx * ct + cx * st + kx * kr * (1 - ct)
    line[2 * i + 2] = o.y + ry * ct + cy * st + ky * kr * (1 - ct)
  end
  -- its length seen in x-y; nothing when it is seen end-on
  local len = 0
  for i = 1, n do
    local dx, dy = line[2 * i + 1] - line[2 * i - 1], line[2 * i + 2] - line[2 * i]
    len = len + math.sqrt(dx * dx + dy * dy)
  end
  if len == 0 then return end
  g.line(line)
  -- the head: two strokes back from the tip along the last stroke, at
  -- +-30 degrees, a quarter of the path long (at most 8 units), as
  -- draw.arrow's
  local ex, ey = line[2 * n + 1], line[2 * n + 2]
  local dx, dy = ex - line[2 * n - 1], ey - line[2 * n]
  local l = math.sqrt(dx * dx + dy * dy)
  if l == 0 then return end
  local hk = math.min(8, 0.25 * len) / l
  local bx, by = -dx * hk, -dy * hk
  local c, sn = 0.8660254037844386, 0.5
  g.line(ex, ey, ex + bx * c - by * sn, ey + bx * sn + by * c)
  g.line(ex, ey, ex + bx * c + by * sn, ey - bx * sn + by * c)
end

--- Every shape of a collide.world, in the x-y plane: triangles,
-- polygons and flat convex shapes as outlines, solid convex shapes as
-- their edges (filled: their silhouette), boxes as rectangles, spheres as circles, segments
-- as lines, capsules as their outline, a plane as its line across the
-- view (the plane's trace on z = 0, `extent` units each way from the point
-- nearest the origin; planes parallel to z = 0 are not drawn), and, for a
-- shape with a velocity, an arrow of that velocity from its first point;
-- for a spinning one (w:set_spin), the path of its first corner over a
-- step's turn.
-- options (all optional): mode "line" (default) or "fill"; extent (1e4);
-- velocities (true); filter(id, kind, data) returning false skips a shape.
function draw.world(w, options)
  local g = graphics()
  options = options or {}
  local mode, extent = options.mode or "line", options.extent or 1e4
  local filter = options.filter
  for id, kind, data in w:shapes() do
    if not filter or filter(id, kind, data) then
      local _, a, b, c = w:get(id)
      local at = a
      if kind == "triangle" then
        draw.polygon({ a, b, c }, mode)
      elseif kind == "polygon" then
        at = a:vertices()[1]
        draw.polygon(a, mode)
      elseif kind == "aabb" then
        draw.box(a, b, mode)
      elseif kind == "sphere" then
        draw.circle(a, b, mode)
      elseif kind == "segment" then
        draw.segment(a, b)
      elseif kind == "capsule" then
        capsule_outline(g, a, b, c, mode)
      elseif kind == "convex" then
        local h = convex_hull_of("world", 1, a)
        local a1, a2, a3, b1, b2, b3, c1, c2, c3 = rotation_rows("world", 1, c)
        local q = draw_placed(g, a, h, mode, b.x, b.y, a1, a2, a3, b1, b2, b3)
        at = { q[1], q[2] }
        if options.velocities ~= false then
          -- its first corner's offset from its frame's origin, turned
          local x, y, z = h.corners[1], h.corners[2], h.corners[3]
          spin_path(g, w:spin(id), b,
                    a1 * x + a2 * y + a3 * z, b1 * x + b2 * y + b3 * z, c1 * x + c2 * y + c3 * z)
        end
      elseif kind == "plane" then
        local n, d = a.normal, a.d
        local l2 = n.x * n.x + n.y * n.y
        at = nil
        if l2 > 0 then
          local px, py = -d * n.x / l2, -d * n.y / l2
          local l = math.sqrt(l2)
          local tx, ty = -n.y / l * extent, n.x / l * extent
          g.line(px - tx, py - ty, px + tx, py + ty)
          at = { px, py }
        end
      end
      if options.velocities ~= false and at then
        local v = w:velocity(id)
        if v.x ~= 0 or v.y ~= 0 then draw.arrow(at, v) end
      end
    end
  end
end


-- ---- bug reports: report and replay -----------------------------------------
-- collide.debug.report(w, method, ...) writes a world (w:save()) and one call
-- of one of its methods to a file; collide.debug.replay(file) loads the
-- world, makes the call again and returns its results (docs/prototyping.md).
-- This part needs the C core; it requires collide when called, so that the
-- drawing functions above still load without it.
--
-- The file is text (tokens separated by one space or line feed):
--
--   collide.report 1
--   collide <s> backend <s> lua <s>
--   call <s: method> <n> <value> ... (the n arguments after w)
--   results <n> <value> ...   or   error <s>   or   unrecorded <s: why>
--   world <s: w:save()'s string>
--   end
--
-- Values: _ nil; t, f; i<integer> (Lua 5.3+ integers); n<%.17g>, n+inf,
-- n-inf, nnan, n-0 (floats; %.17g reads back as the same double, C99
-- 7.21.6.1); s<length>:<bytes>; v <x> <y> <z> a vec3; p <nx> <ny> <nz> <d>
-- a plane (rebuilt with its unit normal as saved, not normalized again, as
-- collide.persist does); g <count> <x> <y> <z> ... a polygon; T <key>
-- <value> ... ] a table (without a metatable); R<k> the k-th table again.
-- Functions (filters) cannot be written: a filter is given as a layer mask
-- in a report. replay never runs the file as Lua and checks every token,
-- so a damaged file is an error, not a crash or a wrong call.

local REPORT_VERSION = 1
local REPORT_DEPTH = 100
local huge = math.huge
local math_type = math.type   -- nil before Lua 5.3
local rformat, rsub, rfind = string.format, string.sub, string.find
local unpack = table.unpack or unpack   -- luacheck: ignore 143

--- The file collide.debug.report writes.
draw.report_file = "collide-report.txt"

local function pack(...) return { n = select("#", ...), ... } end

local function collide_module() return require "collide" end

-- What kind of collide object x is ("vec3", "plane", "polygon", "world",
-- "convex"),
-- alike on both backends (userdata or cdata or, for an FFI world, a table),
-- by what tostring makes of it; nil for anything else.
local OBJECTS = { vec3 = true, plane = true, polygon = true, world = true, convex = true }
local function object_kind(collide, x)
  local t = type(x)
  if t ~= "userdata" and t ~= "cdata" and t ~= "table" then return nil end
  if collide.is_vec3(x) then return "vec3" end
  local mt = getmetatable(x)
  if t == "table" and mt == nil then return nil end
  local ok, s = pcall(tostring, x)
  local name = ok and type(s) == "string" and s:match("^(%a[%w]*)%(")
  if name and OBJECTS[name] then return name end
  return nil
end

local function rnum(x)
  if x ~= x then return "nan" end
  if x == huge then return "+inf" end
  if x == -huge then return "-inf" end
  if x == 0 and 1 / x < 0 then return "-0" end
  return rformat("%.17g", x)
end

local function where_of(path)
  return #path == 0 and "" or " (at " .. table.concat(path) .. ")"
end

local function key_text(k)
  if type(k) == "string" and rfind(k, "^[%a_][%w_]*$") then return "." .. k end
  if type(k) == "string" then return rformat("[%q]", k) end
  return "[" .. tostring(k) .. "]"
end

-- Appends value x's tokens to out; st.seen[t] = the table's number. A value
-- that cannot be written raises { message }.
local function put(collide, out, x, st, path, depth)
  local t = type(x)
  if x == nil then
    out[#out + 1] = "_"
  elseif t == "number" then
    if math_type and math_type(x) == "integer" then
      out[#out + 1] = rformat("i%d", x)
    else
      out[#out + 1] = "n" .. rnum(x)
    end
  elseif t == "boolean" then
    out[#out + 1] = x and "t" or "f"
  elseif t == "string" then
    out[#out + 1] = "s" .. #x .. ":" .. x
  else
    local kind = object_kind(collide, x)
    if kind == "vec3" then
      out[#out + 1] = "v"
      out[#out + 1] = rnum(x.x); out[#out + 1] = rnum(x.y); out[#out + 1] = rnum(x.z)
    elseif kind == "plane" then
      local n = x.normal
      out[#out + 1] = "p"
      out[#out + 1] = rnum(n.x); out[#out + 1] = rnum(n.y); out[#out + 1] = rnum(n.z)
      out[#out + 1] = rnum(x.d)
    elseif kind == "polygon" then
      local vs = x:vertices()
      out[#out + 1] = "g"
      out[#out + 1] = rformat("%d", #vs)
      for i = 1, #vs do
        local v = vs[i]
        out[#out + 1] = rnum(v.x); out[#out + 1] = rnum(v.y); out[#out + 1] = rnum(v.z)
      end
    elseif kind == "convex" then
      -- its corners (collide.convex of them is the same hull)
      local vs = x:vertices()
      out[#out + 1] = "x"
      out[#out + 1] = rformat("%d", #vs)
      for i = 1, #vs do
        local v = vs[i]
        out[#out + 1] = rnum(v.x); out[#out + 1] = rnum(v.y); out[#out + 1] = rnum(v.z)
      end
    elseif t == "table" and getmetatable(x) == nil then
      local k = st.seen[x]
      if k then
        out[#out + 1] = "R" .. k
        return
      end
      if depth >= REPORT_DEPTH then
        error({ "tables nested deeper than " .. REPORT_DEPTH .. where_of(path) }, 0)
      end
      st.tables = st.tables + 1
      st.seen[x] = st.tables
      out[#out + 1] = "T"
      for key, v in next, x do
        path[#path + 1] = key_text(key)
        put(collide, out, key, st, path, depth + 1)
        put(collide, out, v, st, path, depth + 1)
        path[#path] = nil
      end
      out[#out + 1] = "]"
    else
      local what = kind and ("a " .. kind) or
                   (t == "table" and "a table with a metatable" or "a " .. t)
      local hint = t == "function" and "; give a filter as a layer mask in a report" or ""
      error({ rformat("%s cannot be written%s%s", what, where_of(path), hint) }, 0)
    end
  end
end

-- The tokens of n values (args[1..n]) as a string; raises { message, i }
-- naming the value that cannot be written.
local function put_all(collide, values, n)
  local out, st = {}, { seen = {}, tables = 0 }
  for i = 1, n do
    local ok, err = pcall(put, collide, out, values[i], st, {}, 0)
    if not ok then
      if type(err) == "table" then error({ err[1], i }, 0) end
      error(err, 0)
    end
  end
  return table.concat(out, " ")
end

local function is_world(collide, w)
  return object_kind(collide, w) == "world" and type(w.save) == "function"
end

local function write_report(level, path, w, method, ...)
  local name = level == 2 and "report" or "report_to"
  local a = level == 2 and 0 or 1   -- argument numbers shift by the path
  local collide = collide_module()
  if not is_world(collide, w) then
    error(rformat("bad argument #%d to '%s' (world expected, got %s)", a + 1, name,
                  object_kind(collide, w) or type(w)), 3)
  end
  if type(method) ~= "string" then
    error(rformat("bad argument #%d to '%s' (method name expected, got %s)", a + 2,
                  name, type(method)), 3)
  end
  local ok_m, fn = pcall(function() return w[method] end)
  if not rfind(method, "^[%a_][%w_]*$") or not ok_m or type(fn) ~= "function" then
    error(rformat("bad argument #%d to '%s' (no world method '%s')", a + 2, name,
                  rsub(method, 1, 60)), 3)
  end
  local n = select("#", ...)
  local args = { ... }
  local ok, call = pcall(put_all, collide, args, n)
  if not ok then
    if type(call) == "table" then
      error(rformat("bad argument #%d to '%s' (argument #%d of %s: %s)", a + 2 + call[2],
                    name, call[2], method, call[1]), 3)
    end
    error(call, 0)
  end
  local save_ok, saved = pcall(w.save, w)
  if not save_ok then
    error(rformat("bad argument #%d to '%s' (%s)", a + 1, name, tostring(saved)), 3)
  end
  -- The call's results on a copy of the world (w is left as it is: a move
  -- or an advance would change it), recorded for whoever reads the report.
  local outcome
  local copy = collide.load(saved)
  local res = pack(pcall(copy[method], copy, ...))
  if not res[1] then
    local e = tostring(res[2])
    outcome = "error s" .. #e .. ":" .. e
  else
    local got = {}
    for i = 2, res.n do got[i - 1] = res[i] end
    local rok, rtext = pcall(put_all, collide, got, res.n - 1)
    if rok then
      outcome = rformat("results %d%s%s", res.n - 1, res.n > 1 and " " or "", rtext)
    else
      local why = type(rtext) == "table" and rtext[1] or tostring(rtext)
      outcome = "unrecorded s" .. #why .. ":" .. why
    end
  end
  local function s(x) return "s" .. #x .. ":" .. x end
  local lua = type(jit) == "table" and jit.version or _VERSION
  local text = table.concat({
    rformat("collide.report %d", REPORT_VERSION),
    rformat("collide %s backend %s lua %s", s(tostring(collide._VERSION)),
            s(tostring(collide.backend)), s(lua)),
    rformat("call %s %d%s%s", s(method), n, n > 0 and " " or "", call),
    outcome,
    "world " .. s(saved),
    "end",
    "" }, "\n")
  local f, err = io.open(path, "wb")
  if not f then
    error(rformat("bad argument #1 to '%s' (cannot write %s: %s)", name,
                  tostring(path), tostring(err)), 3)
  end
  local wok, werr = f:write(text)
  f:close()
  if not wok then
    error(rformat("%s: cannot write %s: %s", name, path, tostring(werr)), 3)
  end
  return path
end

--- collide.debug.report(w, method, ...): writes w (w:save()) and the call
-- w[method](w, ...) to draw.report_file; returns the file's path.
function draw.report(w, method, ...)
  -- not a tail call: write_report's errors are raised at level 3, the
  -- caller of this function
  local path = write_report(2, draw.report_file, w, method, ...)
  return path
end

--- collide.debug.report_to(path, w, method, ...): the same, to path.
function draw.report_to(path, w, method, ...)
  if type(path) ~= "string" then
    error(rformat("bad argument #1 to 'report_to' (string expected, got %s)", type(path)), 2)
  end
  local written = write_report(3, path, w, method, ...)
  return written
end

-- A damaged report: raised as a table, turned into the argument error.
local function damaged(msg) error({ msg }, 0) end

-- A reader of the report's tokens.
local function report_reader(s)
  local r = { pos = 1 }
  function r.token()
    local p = r.pos
    local e = rfind(s, "[ \n]", p)
    if e == nil then damaged(rformat("truncated at byte %d", p)) end
    if e == p then damaged(rformat("empty token at byte %d", p)) end
    r.pos = e + 1
    return rsub(s, p, e - 1)
  end
  -- s<length>:<bytes> whose first token tok was just read
  function r.string(tok)
    local start = r.pos - #tok - 1
    local colon = rfind(s, ":", start, true)
    local lentok = colon and rsub(s, start + 1, colon - 1)
    if rsub(tok, 1, 1) ~= "s" or not lentok or not rfind(lentok, "^%d+$") or #lentok > 12 then
      damaged(rformat("string expected at byte %d", start))
    end
    local last = colon + tonumber(lentok)
    if last + 1 > #s then damaged(rformat("truncated string at byte %d", start)) end
    local e = string.byte(s, last + 1)
    if e ~= 32 and e ~= 10 then damaged(rformat("bad string at byte %d", start)) end
    r.pos = last + 2
    return rsub(s, colon + 1, last)
  end
  function r.word(expected)
    local t = r.token()
    if t ~= expected then
      damaged(rformat("'%s' expected at byte %d, found '%s'", expected, r.pos - #t - 1,
                      rsub(t, 1, 40)))
    end
  end
  function r.count(what)
    local t = r.token()
    if not rfind(t, "^%d+$") or #t > 6 then
      damaged(rformat("bad %s '%s'", what, rsub(t, 1, 40)))
    end
    return tonumber(t)
  end
  return r
end

local function get_num(tok)
  if tok == "-0" then return -(1 / huge) end
  if tok == "+inf" then return huge end
  if tok == "-inf" then return -huge end
  if tok == "nan" then return 0 / 0 end
  local x = rfind(tok, "^[-+]?%d*%.?%d*[eE]?[-+]?%d*$") and rfind(tok, "%d") and tonumber(tok)
  if not x then damaged(rformat("bad number '%s'", rsub(tok, 1, 40))) end
  if math_type and math_type(x) == "integer" then x = x + 0.0 end
  return x
end

-- One value, its first token read.
local function get(collide, r, tok, tables, depth)
  local c = rsub(tok, 1, 1)
  if tok == "_" then return nil
  elseif tok == "t" then return true
  elseif tok == "f" then return false
  elseif c == "i" then
    local x = rsub(tok, 2)
    if not rfind(x, "^%-?%d+$") or #x > 20 then
      damaged(rformat("bad integer '%s'", rsub(x, 1, 40)))
    end
    local v = tonumber(x)
    if math_type and math_type(v) ~= "integer" then
      damaged(rformat("integer %s out of range", rsub(x, 1, 40)))
    end
    return v
  elseif c == "n" then return get_num(rsub(tok, 2))
  elseif c == "s" then return r.string(tok)
  elseif tok == "v" then
    local x, y, z = get_num(r.token()), get_num(r.token()), get_num(r.token())
    local ok, v = pcall(collide.vec3, x, y, z)
    if not ok then damaged("bad vec3: " .. tostring(v)) end
    return v
  elseif tok == "p" then
    local x, y, z = get_num(r.token()), get_num(r.token()), get_num(r.token())
    local d = get_num(r.token())
    -- the plane with this unit normal as it is (collide.plane would
    -- normalize it again, which can change its last bit): made by the
    -- world's _add_unit_plane, as collide.load makes a saved plane
    local w = collide.world()
    local ok, id = pcall(w._add_unit_plane, w, collide.vec3(x, y, z), d)
    if not ok then damaged("bad plane: " .. tostring(id)) end
    local _, plane = w:get(id)
    return plane
  elseif tok == "g" then
    local count = r.count("vertex count")
    local list = {}
    for i = 1, count do
      local x, y, z = get_num(r.token()), get_num(r.token()), get_num(r.token())
      list[i] = collide.vec3(x, y, z)
    end
    local ok, poly = pcall(collide.polygon, list)
    if not ok then damaged("bad polygon: " .. tostring(poly)) end
    return poly
  elseif tok == "x" then
    local count = r.count("corner count")
    local list = {}
    for i = 1, count do
      local x, y, z = get_num(r.token()), get_num(r.token()), get_num(r.token())
      list[i] = collide.vec3(x, y, z)
    end
    local ok, h = pcall(collide.convex, list)
    if not ok then damaged("bad convex: " .. tostring(h)) end
    return h
  elseif tok == "T" then
    if depth >= REPORT_DEPTH then damaged("tables nested too deep") end
    local t = {}
    tables[#tables + 1] = t
    while true do
      local ktok = r.token()
      if ktok == "]" then return t end
      local key = get(collide, r, ktok, tables, depth + 1)
      if key == nil or key ~= key then damaged("a table key is nil or NaN") end
      local vtok = r.token()
      if vtok == "]" then damaged("a table key without a value") end
      if rawget(t, key) ~= nil then damaged("a table key appears twice") end
      t[key] = get(collide, r, vtok, tables, depth + 1)
    end
  elseif c == "R" then
    local k = tonumber(rsub(tok, 2))
    if not rfind(tok, "^R%d+$") or not tables[k] then
      damaged(rformat("bad table reference '%s'", rsub(tok, 1, 40)))
    end
    return tables[k]
  end
  damaged(rformat("bad value '%s'", rsub(tok, 1, 40)))
end

local function get_values(collide, r, n, tables)
  local out = { n = n }
  for i = 1, n do out[i] = get(collide, r, r.token(), tables, 0) end
  return out
end

-- Reads a report's text: a table of its parts.
local function read_report(collide, s)
  local r = report_reader(s)
  local rep = {}
  r.word("collide.report")
  local version = r.token()
  if version ~= tostring(REPORT_VERSION) then
    damaged(rformat("version '%s' (this collide reads version %d)", rsub(version, 1, 40),
                    REPORT_VERSION))
  end
  r.word("collide"); rep.collide = r.string(r.token())
  r.word("backend"); rep.backend = r.string(r.token())
  r.word("lua"); rep.lua = r.string(r.token())
  r.word("call"); rep.method = r.string(r.token())
  if not rfind(rep.method, "^[%a_][%w_]*$") then damaged("bad method name") end
  rep.args = get_values(collide, r, r.count("argument count"), {})
  local what = r.token()
  if what == "results" then
    rep.results = get_values(collide, r, r.count("result count"), {})
  elseif what == "error" or what == "unrecorded" then
    rep[what] = r.string(r.token())
  else
    damaged(rformat("'results' expected, found '%s'", rsub(what, 1, 40)))
  end
  r.word("world")
  rep.world = r.string(r.token())
  r.word("end")
  if r.pos ~= #s + 1 then damaged("text after 'end'") end
  return rep
end

-- A value as a reader would write it: vectors, planes and polygons by
-- tostring, tables with their keys sorted, nested tables indented.
local equal_values   -- below

local function show(x, indent, seen)
  if type(x) == "string" then return rformat("%q", x) end
  if type(x) ~= "table" or getmetatable(x) ~= nil then return tostring(x) end
  if seen[x] then return "<the table above>" end
  seen[x] = true
  local keys = {}
  for k in pairs(x) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    if ta == "number" or ta == "string" then return a < b end
    return tostring(a) < tostring(b)
  end)
  if #keys == 0 then seen[x] = nil; return "{}" end
  local inner = indent .. "  "
  local out = { "{" }
  for _, k in ipairs(keys) do
    local ks = type(k) == "string" and rfind(k, "^[%a_][%w_]*$") and k
               or "[" .. show(k, inner, seen) .. "]"
    out[#out + 1] = inner .. ks .. " = " .. show(x[k], inner, seen) .. ","
  end
  out[#out + 1] = indent .. "}"
  seen[x] = nil
  return table.concat(out, "\n")
end

local function show_list(values, n)
  local out = {}
  for i = 1, n do out[i] = rformat("  %d: %s", i, show(values[i], "  ", {})) end
  return table.concat(out, "\n")
end

-- Whether a and b are the same value: numbers by their %.17g text (-0 is
-- not 0, NaN is NaN), vectors, planes and polygons by their numbers, tables
-- key by key (keys compared by identity; depth bounded as reading is).
local function equal(collide, a, b, depth)
  if a == nil or b == nil then return a == b end
  if type(a) == "number" and type(b) == "number" then return rnum(a) == rnum(b) end
  local ka, kb = object_kind(collide, a), object_kind(collide, b)
  if ka ~= kb then return false end
  if ka == "vec3" then
    return equal(collide, a.x, b.x) and equal(collide, a.y, b.y) and equal(collide, a.z, b.z)
  elseif ka == "plane" then
    return equal(collide, a.normal, b.normal) and equal(collide, a.d, b.d)
  elseif ka == "polygon" then
    local va, vb = a:vertices(), b:vertices()
    if #va ~= #vb then return false end
    for i = 1, #va do
      if not equal(collide, va[i], vb[i]) then return false end
    end
    return true
  elseif type(a) == "table" and type(b) == "table" and getmetatable(a) == nil
         and getmetatable(b) == nil and (depth or 0) < REPORT_DEPTH then
    for k, v in pairs(a) do
      if not equal(collide, v, b[k], (depth or 0) + 1) then return false end
    end
    for k in pairs(b) do
      if a[k] == nil then return false end
    end
    return true
  end
  return a == b
end

equal_values = function(collide, a, b, n)
  for i = 1, n do
    if not equal(collide, a[i], b[i]) then return false end
  end
  return true
end

--- collide.debug.replay(file [, verbose]): loads the report's world, makes
-- its call again and returns the call's results; verbose prints the report
-- (versions, call, results then and now).
function draw.replay(file, verbose)
  if type(file) ~= "string" then
    error(rformat("bad argument #1 to 'replay' (string expected, got %s)", type(file)), 2)
  end
  local collide = collide_module()
  local f, err = io.open(file, "rb")
  if not f then
    error(rformat("bad argument #1 to 'replay' (cannot open %s)", tostring(err)), 2)
  end
  local text = f:read("*a")
  f:close()
  local ok, rep = pcall(read_report, collide, text or "")
  if not ok then
    if type(rep) == "table" then
      error(rformat("bad argument #1 to 'replay' (not a collide report: %s: %s)", file, rep[1]), 2)
    end
    error(rep, 0)
  end
  local lok, w = pcall(collide.load, rep.world)
  if not lok then
    error(rformat("bad argument #1 to 'replay' (not a collide report: %s: its world: %s)",
                  file, tostring(w)), 2)
  end
  local ok_m, fn = pcall(function() return w[rep.method] end)
  if not ok_m or type(fn) ~= "function" then
    error(rformat("bad argument #1 to 'replay' (not a collide report: %s: no world method '%s')",
                  file, rep.method), 2)
  end
  local args = rep.args
  if verbose then
    print(rformat("collide report %s: collide %s, %s backend, %s; "
                  .. "replayed with collide %s, %s backend, %s",
                  file, rep.collide, rep.backend, rep.lua, tostring(collide._VERSION),
                  tostring(collide.backend), type(jit) == "table" and jit.version or _VERSION))
    print(rformat("world: %s", tostring(w)))
    print(rformat("call: w:%s(...) with %d argument%s", rep.method, args.n,
                  args.n == 1 and "" or "s"))
    if args.n > 0 then print(show_list(args, args.n)) end
    if rep.results then
      print(rformat("results when reported: %d", rep.results.n))
      if rep.results.n > 0 then print(show_list(rep.results, rep.results.n)) end
    elseif rep.error then
      print("error when reported: " .. rep.error)
    else
      print("results when reported: not recorded (" .. rep.unrecorded .. ")")
    end
    local res = pack(pcall(fn, w, unpack(args, 1, args.n)))
    if not res[1] then
      print("error now: " .. tostring(res[2]))
      error(res[2], 0)
    end
    local now = {}
    for i = 2, res.n do now[i - 1] = res[i] end
    local recorded = rep.results
    if recorded and recorded.n == res.n - 1
       and equal_values(collide, recorded, now, recorded.n) then
      print(rformat("results now: %d, the same as when reported", res.n - 1))
    else
      print(rformat("results now: %d", res.n - 1))
      if res.n > 1 then print(show_list(now, res.n - 1)) end
    end
    return unpack(now, 1, res.n - 1)
  end
  return fn(w, unpack(args, 1, args.n))
end

return draw
