--- How the playground draws: a view (world units, y up, fitted to what
-- there is) that collide.debug draws through, and the drawing of each
-- kind of record. Every primitive and every mark (a contact, a mover's
-- end) is also logged in screen coordinates, for the smoke to check.

local Scene = {}

-- ---- the view -----------------------------------------------------------

local View = {}
View.__index = View

function View.new(lg, width, height)
  return setmetatable({ lg = lg, w = width, h = height, s = 40, ox = width / 2,
                        oy = height / 2, log = {}, marks = {} }, View)
end

function View:to_screen(x, y) return self.ox + x * self.s, self.oy - y * self.s end

-- Fits the box (x0, y0)-(x1, y1) in the view with a margin.
function View:fit(x0, y0, x1, y1)
  local w, h = math.max(x1 - x0, 1e-3), math.max(y1 - y0, 1e-3)
  self.s = math.min((self.w - 80) / w, (self.h - 200) / h, 200)
  self.ox = self.w / 2 - (x0 + x1) / 2 * self.s
  self.oy = (self.h - 140) / 2 + 40 + (y0 + y1) / 2 * self.s
end

-- collide.debug's graphics: LÖVE's calls with world coordinates mapped
function View:points(...)
  local t = select("#", ...) == 1 and ... or { ... }
  local out = {}
  for i = 1, #t, 2 do out[i], out[i + 1] = self:to_screen(t[i], t[i + 1]) end
  return out
end
function View.graphics(view)
  local g = {}
  function g.circle(mode, x, y, r)
    local sx, sy = view:to_screen(x, y)
    view.log[#view.log + 1] = { "circle", sx, sy, r * view.s }
    view.lg.circle(mode, sx, sy, math.max(r * view.s, 0.5))
  end
  function g.line(...)
    local p = view:points(...)
    view.log[#view.log + 1] = { "line", p[1], p[2], p[#p - 1], p[#p] }
    view.lg.line(p)
  end
  function g.polygon(mode, ...)
    local p = view:points(...)
    view.log[#view.log + 1] = { "polygon", p[1], p[2], #p / 2 }
    view.lg.polygon(mode, p)
  end
  function g.rectangle(mode, x, y, w, h)
    g.polygon(mode, x, y, x + w, y, x + w, y + h, x, y + h)
  end
  g.getColor = function() return view.lg.getColor() end
  g.setColor = function(...) return view.lg.setColor(...) end
  return g
end

-- a named point in screen space (contacts, ends of moves): what the smoke reads
function View:mark(kind, x, y, label)
  local sx, sy = self:to_screen(x, y)
  self.marks[#self.marks + 1] = { kind = kind, x = sx, y = sy, label = label }
  return sx, sy
end

Scene.View = View

-- ---- the bounds of what there is ----------------------------------------

local function grow(b, collide, x)
  local vector = collide.is_vec3(x) or (type(x) == "table" and
    ((type(x[1]) == "number" and type(x[2]) == "number") or
     (type(x.x) == "number" and type(x.y) == "number")))
  if vector then
    local px, py = x.x or x[1], x.y or x[2]
    if px == px and py == py and math.abs(px) < 1e6 and math.abs(py) < 1e6 then
      b[1], b[2] = math.min(b[1], px), math.min(b[2], py)
      b[3], b[4] = math.max(b[3], px), math.max(b[4], py)
    end
  elseif type(x) == "table" then
    for _, v in pairs(x) do if type(v) ~= "function" then grow(b, collide, v) end end
  end
end

function Scene.bounds(collide, worlds, lists)
  local b = { math.huge, math.huge, -math.huge, -math.huge }
  for _, w in ipairs(worlds) do
    for id, kind in w:shapes() do
      if kind ~= "plane" then
        local _, a, c, d = w:get(id)
        if kind == "aabb" then
          grow(b, collide, a - c); grow(b, collide, a + c)
        elseif kind == "sphere" then
          grow(b, collide, a - collide.vec3(c, c)); grow(b, collide, a + collide.vec3(c, c))
        elseif kind == "polygon" then
          grow(b, collide, a:vertices())
        else
          grow(b, collide, { a, c, d })
        end
      end
    end
  end
  for _, list in ipairs(lists) do
    for _, r in ipairs(list) do
      grow(b, collide, r.args)
      if r.res then grow(b, collide, r.res) end
    end
  end
  if b[1] > b[3] then return -5, -5, 5, 5 end
  return b[1] - 1, b[2] - 1, b[3] + 1, b[4] + 1
end

-- ---- records --------------------------------------------------------------

-- The number of arguments of each mover and each obstacle.
local MOVER_ARGS = { sphere = 3, aabb = 3, capsule = 4 }

local function lerp(a, b, u)
  return { a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u }
end
local function V2(t) return { t.x or t[1], t.y or t[2] } end

local function obstacle(draw, kind, a, i)
  if kind == "plane" then
    local pl = a[i]
    local n, d = pl.normal, pl.d
    local l2 = n.x * n.x + n.y * n.y
    if l2 > 0 then
      local px, py = -d * n.x / l2, -d * n.y / l2
      local l = math.sqrt(l2)
      local tx, ty = n.y / l * 1e3, -n.x / l * 1e3
      draw.segment({ px + tx, py + ty }, { px - tx, py - ty })
    end
  elseif kind == "triangle" then draw.polygon({ a[i], a[i + 1], a[i + 2] })
  elseif kind == "polygon" then draw.polygon(a[i])
  elseif kind == "segment" then draw.segment(a[i], a[i + 1])
  elseif kind == "aabb" then draw.box(a[i], a[i + 1])
  elseif kind == "sphere" then
    -- (the raycast's sphere is center, r; the sweeps' too)
    draw.circle(a[i], a[i + 1])
  end
end

-- A mover swept from c0 to c1, its ghost at u (nil: no contact).
local function mover(draw, kind, a, u)
  if kind == "sphere" then draw.sweep(a[1], a[2], a[3], u)
  elseif kind == "aabb" then draw.sweep_box(a[1], a[2], a[3], u)
  else   -- capsule: r, axis, c0, c1
    local r, axis, c0, c1 = a[1], a[2], a[3], a[4]
    draw.capsule(c0, axis, r)
    draw.capsule(c1, axis, r)
    draw.segment(c0, c1)
    if u then draw.capsule(lerp(c0, c1, u), axis, r) end
  end
end

local function contact(draw, view, point, normal, label)
  local lg = view.lg
  local sx, sy = view:mark("contact", point.x, point.y, label)
  lg.circle("fill", sx, sy, 4)
  draw.arrow(point, normal, 36 / view.s)
  if label then lg.print(label, sx + 6, sy + 4) end
end

-- Draws one record; colours by outcome: a hit orange, a miss grey-blue, an
-- error red.
function Scene.draw_record(draw, view, r)
  local lg = view.lg
  local a, res, n = r.args, r.res, r.name
  if r.error then lg.setColor(1, 0.3, 0.3, 0.9)
  elseif res[1] == true or (type(res[1]) == "table" and #res[1] > 0) or
         (n:match("^move_") ~= nil) then lg.setColor(1, 0.65, 0.2, 0.95)
  else lg.setColor(0.55, 0.65, 0.85, 0.8) end
  if r.error then return end   -- (the console shows it)
  local hit = res[1] == true
  local m, o = n:match("^sweep_(%a+)_(%a+)$")
  if m and MOVER_ARGS[m] then
    if o == m then   -- both moving: draw both, each at u0
      local k = MOVER_ARGS[m]
      local b = {}
      for i = k + 1, #a do b[#b + 1] = a[i] end
      mover(draw, m, a, hit and res[2] or nil)
      mover(draw, m, b, hit and res[2] or nil)
      if hit and res[4] then
        local c = lerp(b[#b - 1], b[#b], res[2])
        contact(draw, view, { x = c[1], y = c[2] }, res[4], "u0 = " .. ("%.3g"):format(res[2]))
      end
    else
      obstacle(draw, o, a, MOVER_ARGS[m] + 1)
      mover(draw, m, a, hit and res[2] or nil)
      if hit then contact(draw, view, res[3], res[4], res[5]) end
    end
    return
  end
  o = n:match("^raycast_(%a+)$")
  if o then
    obstacle(draw, o, a, 3)
    draw.segment(a[1], a[2])
    if hit then contact(draw, view, res[3], res[4], res[5]) end
    return
  end
  if n == "test_sphere_sphere" then
    draw.sweep(a[1], a[2], a[3]); draw.sweep(a[4], a[5], a[6])
    return
  end
  -- the world's
  m = n:match("^sweep_(%a+)$")
  if m then
    mover(draw, m, a, hit and res[2] or nil)
    if hit then contact(draw, view, res[3], res[4], res[5] .. " #" .. res[6]) end
    return
  end
  if n == "raycast" then
    draw.segment(a[1], a[2])
    if hit then contact(draw, view, res[3], res[4], res[5] .. " #" .. res[6]) end
    return
  end
  if n == "raycast_all" then
    draw.segment(a[1], a[2])
    for _, h in ipairs(res[1]) do contact(draw, view, h.point, h.normal, "#" .. h.id) end
    return
  end
  m = n:match("^move_(%a+)$")
  if m then
    local k = MOVER_ARGS[m] or 2
    local to = a[k]
    local pos = res[1]
    local from = (m == "shape") and pos or a[k - 1]
    -- the path asked for (faded) and the one taken
    local shape = {}
    for i = 1, k - 2 do shape[i] = a[i] end
    lg.setColor(1, 0.65, 0.2, 0.35)
    draw.segment(from, to)
    lg.setColor(1, 0.65, 0.2, 0.95)
    if m ~= "shape" then
      shape[#shape + 1] = from
      shape[#shape + 1] = pos
      mover(draw, m, shape, 1)
    end
    draw.segment(from, pos)
    view:mark("move_end", pos.x, pos.y)
    for _, c in ipairs(res[2] or {}) do
      contact(draw, view, c.point, c.normal, "#" .. c.id .. (c.stuck and " stuck" or ""))
    end
    if res[3] then
      local sx, sy = view:to_screen(pos.x, pos.y)
      lg.print("grounded", sx + 8, sy - 18)
    end
    return
  end
  -- overlaps and penetrations: the query shape; the ids touched listed
  local q = n:match("^overlap_(%a+)$") or n:match("^penetration_(%a+)$")
  if q then
    if q == "sphere" then draw.circle(a[1], a[2])
    elseif q == "aabb" then draw.box(a[1], a[2])
    elseif q == "capsule" then
      draw.segment(a[1], a[2]); draw.circle(a[1], a[3]); draw.circle(a[2], a[3])
    elseif q == "point" then draw.circle(a[1], 3 / view.s, "fill") end
    local ids = {}
    for _, x in ipairs(res[1] or {}) do ids[#ids + 1] = type(x) == "table" and x.id or x end
    local p = V2(a[1])
    local sx, sy = view:to_screen(p[1], p[2])
    lg.print(n .. ": {" .. table.concat(ids, ", ") .. "}", sx + 8, sy + 8)
  end
end

return Scene
