---@meta collide.debug
-- LuaLS annotations for `require "collide.debug"`: LÖVE drawing helpers in
-- the x-y plane, with the current colour (z is ignored).

---@alias collide.draw_mode "line"|"fill"

---@class collide.debug
---@field graphics? table what to draw with (LÖVE's circle/line/polygon/rectangle/getColor/setColor); nil: love.graphics
---@field report_file string the file debug.report writes ("collide-report.txt")
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

---A convex shape turned by rot, its frame's origin at position, seen in
---the x-y plane: a flat hull as its outline, a solid one as its edges;
---"fill" fills the outline (a solid hull's silhouette).
---@param A collide.convex
---@param position collide.vec3like
---@param rot collide.rotation an angle about z or a unit quaternion
---@param mode? collide.draw_mode default "line"
function draw.convex(A, position, rot, mode) end

---A swept convex shape (turned by rot, its frame's origin from c0 to c1):
---start and end shapes and the swept area's outline faded, and the ghost
---at u when given.
---@param A collide.convex
---@param rot collide.rotation
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param u? number
function draw.sweep_convex(A, rot, c0, c1, u) end

---A contact: a dot at the point and the normal as an arrow.
---@param point collide.vec3like
---@param normal collide.vec3like
---@param length? number pixels (24)
function draw.contact(point, normal, length) end

---Every shape of a collide.world in the x-y plane (capsules, planes, convex
---shapes, the velocities of moving shapes and the turn of spinning ones
---included).
---@param w collide.world
---@param options? {mode?: collide.draw_mode, extent?: number, velocities?: boolean, filter?: fun(id: integer, kind: collide.kind, data: any): boolean}
function draw.world(w, options) end

---A bug report in one call: writes the world (w:save()) and the call
---w:method(...) to debug.report_file, with the call's results on a copy of
---the world and the collide version, backend and Lua; w is not changed.
---Arguments may be numbers (inf, NaN and -0 kept), strings, booleans, nil,
---vectors, planes, polygons and tables of them; a filter must be a layer
---mask (a function is an error naming the argument).
---@param w collide.world
---@param method string a world method's name, e.g. "move_aabb"
---@param ... any the call's arguments after w
---@return string path the file written
function draw.report(w, method, ...) end

---debug.report to the file `path`.
---@param path string the file to write
---@param w collide.world
---@param method string a world method's name
---@param ... any the call's arguments after w
---@return string path
function draw.report_to(path, w, method, ...) end

---Runs a report's call again: loads its world, calls the method with its
---arguments and returns the call's results (or raises its error). verbose
---prints the versions, the call, and the results when reported and now. A
---file that is not a report is an error; it is never run as Lua.
---@param file string a file written by debug.report
---@param verbose? boolean print the report and the results
---@return any ... the call's results
function draw.replay(file, verbose) end

return draw
