---@meta collide.debug
-- LuaLS annotations for `require "collide.debug"`: LÖVE drawing helpers in
-- the x-y plane, with the current colour (z is ignored).

---@alias collide.draw_mode "line"|"fill"

---@class collide.debug
---@field graphics? table what to draw with (LÖVE's circle/line/polygon/rectangle/getColor/setColor); nil: love.graphics
local draw = {}

---A circle (a sphere's outline in 2D).
---@param center collide.vec3like
---@param r number
---@param mode? collide.draw_mode default "line"
function draw.circle(center, r, mode) end

---A segment from a to b.
---@param a collide.vec3like
---@param b collide.vec3like
function draw.segment(a, b) end

---A convex polygon.
---@param polygon collide.polygon|collide.vec3like[]
---@param mode? collide.draw_mode default "line"
function draw.polygon(polygon, mode) end

---An axis-aligned box by centre and half-extents.
---@param center collide.vec3like
---@param extents collide.vec3like
---@param mode? collide.draw_mode default "line"
function draw.box(center, extents, mode) end

---A capsule (the points within r of the segment center - axis to
---center + axis): its end circles and its sides, or filled.
---@param center collide.vec3like
---@param axis collide.vec3like
---@param r number
---@param mode? collide.draw_mode default "line"
function draw.capsule(center, axis, r, mode) end

---An arrow from `from` along `dir` (scaled to `length` pixels when given).
---@param from collide.vec3like
---@param dir collide.vec3like
---@param length? number
function draw.arrow(from, dir, length) end

---A swept sphere: start and end circles and the capsule's sides faded,
---and the ghost at u when given.
---@param r number
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param u? number
function draw.sweep(r, c0, c1, u) end

---A swept box (half-extents e): start and end boxes and the hull's sides
---faded, and the ghost at u when given.
---@param e collide.vec3like half-extents
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param u? number
function draw.sweep_box(e, c0, c1, u) end

---A contact: a dot at the point and the normal as an arrow.
---@param point collide.vec3like
---@param normal collide.vec3like
---@param length? number pixels (24)
function draw.contact(point, normal, length) end

---Every shape of a collide.world in the x-y plane (capsules, planes and the
---velocities of moving shapes included).
---@param w collide.world
---@param options? {mode?: collide.draw_mode, extent?: number, velocities?: boolean, filter?: fun(id: integer, kind: collide.kind, data: any): boolean}
function draw.world(w, options) end

return draw
