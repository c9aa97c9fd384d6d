---@meta collide.bump
-- LuaLS annotations for `require "collide.bump"`: bump.lua 3.1's API on a
-- collide world (docs/bump.md).

---A response's name (or one added with `world:addResponse`); false or nil:
---the other item is not there for this move.
---@alias collide.bump_type "touch"|"cross"|"slide"|"bounce"|string|false|nil

---@alias collide.bump_filter fun(item: any, other: any): collide.bump_type
---@alias collide.bump_query_filter fun(item: any): any

---@class collide.bump_point
---@field x number
---@field y number

---@class collide.bump_rect
---@field x number
---@field y number
---@field w number
---@field h number

---A collision, as bump.lua describes it.
---@class collide.bump_collision
---@field item any the item moved (nil from `project` without one)
---@field other any the item met
---@field type collide.bump_type the filter's answer
---@field overlaps boolean the item was already inside `other` at the start
---@field ti number when, along this leg, in [0, 1); overlapping: minus the area of intersection
---@field move collide.bump_point this leg's motion
---@field normal collide.bump_point the face of `other` met: -1, 0 or 1 on each axis
---@field touch collide.bump_point where the item touches `other`
---@field itemRect collide.bump_rect the item at the start of this leg
---@field otherRect collide.bump_rect
---@field slide? collide.bump_point where a "slide" aimed
---@field bounce? collide.bump_point where a "bounce" aimed

---What `querySegmentWithCoords` gives for each item.
---@class collide.bump_segment_info
---@field item any
---@field ti1 number where the segment enters it, in [0, 1]
---@field ti2 number where it leaves it
---@field x1 number
---@field y1 number
---@field x2 number
---@field y2 number

---A response, called as response(world, col, x, y, w, h, goalX, goalY,
---filter); returns goalX, goalY, cols, len (usually from world:project).
---@alias collide.bump_response fun(world: collide.bump_world, col: collide.bump_collision, ...): number, number, collide.bump_collision[], integer

---@class collide.bump
---@field _VERSION string "bump v3.1.7 (collide.bump, collide ...)"
---@field _URL string
---@field _DESCRIPTION string
---@field responses table<string, collide.bump_response> touch, cross, slide, bounce
local bump = {}

---A new world; `cellSize` (default 64) is kept for toCell, toWorld and
---countCells.
---@param cellSize? number
---@return collide.bump_world
function bump.newWorld(cellSize) end

---@class collide.bump_world
---@field cellSize number
---@field rects table<any, collide.bump_rect> item -> its rectangle
---@field responses table<string, collide.bump_response>
local World = {}

---Adds an item (any value but nil and NaN); returns it.
---@param item any
---@param x number
---@param y number
---@param w number
---@param h number
---@return any item
function World:add(item, x, y, w, h) end

---Removes an item.
---@param item any
function World:remove(item) end

---Moves (teleports) an item, ignoring collisions; w, h default to its own.
---@param item any
---@param x number
---@param y number
---@param w? number
---@param h? number
function World:update(item, x, y, w, h) end

---Moves the item toward the goal, resolving collisions by the filter's
---responses (default "slide"); returns where it ended and the collisions.
---@param item any
---@param goalX number
---@param goalY number
---@param filter? collide.bump_filter
---@return number actualX
---@return number actualY
---@return collide.bump_collision[] cols
---@return integer len
function World:move(item, goalX, goalY, filter) end

---As `move`, without moving the item.
---@param item any
---@param goalX? number
---@param goalY? number
---@param filter? collide.bump_filter
---@return number actualX
---@return number actualY
---@return collide.bump_collision[] cols
---@return integer len
function World:check(item, goalX, goalY, filter) end

---Every collision of a rectangle on the straight path to the goal, by ti.
---@param item any skipped (may be nil)
---@param x number
---@param y number
---@param w number
---@param h number
---@param goalX? number
---@param goalY? number
---@param filter? collide.bump_filter
---@return collide.bump_collision[] cols
---@return integer len
function World:project(item, x, y, w, h, goalX, goalY, filter) end

---The items the point is strictly inside.
---@param x number
---@param y number
---@param filter? collide.bump_query_filter
---@return any[] items
---@return integer len
function World:queryPoint(x, y, filter) end

---The items whose inside the rectangle meets.
---@param x number
---@param y number
---@param w number
---@param h number
---@param filter? collide.bump_query_filter
---@return any[] items
---@return integer len
function World:queryRect(x, y, w, h, filter) end

---The items the segment crosses, in the order it enters them.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param filter? collide.bump_query_filter
---@return any[] items
---@return integer len
function World:querySegment(x1, y1, x2, y2, filter) end

---As querySegment, with where the segment enters and leaves each item.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param filter? collide.bump_query_filter
---@return collide.bump_segment_info[] info
---@return integer len
function World:querySegmentWithCoords(x1, y1, x2, y2, filter) end

---@param item any
---@return boolean
function World:hasItem(item) end

---@return any[] items
---@return integer len
function World:getItems() end

---@return integer
function World:countItems() end

---@param item any
---@return number x
---@return number y
---@return number w
---@return number h
function World:getRect(item) end

---The corner of a grid cell.
---@param cx number
---@param cy number
---@return number x
---@return number y
function World:toWorld(cx, cy) end

---The grid cell of a point.
---@param x number
---@param y number
---@return integer cx
---@return integer cy
function World:toCell(x, y) end

---The number of grid cells the items cover.
---@return integer
function World:countCells() end

---Registers a response under a name a filter may return.
---@param name string
---@param response collide.bump_response
function World:addResponse(name, response) end
