--- collide.bump: bump.lua 3.1's API on a collide world.
--
-- A game written for bump.lua changes one line,
--   local bump = require "collide.bump"
-- and keeps its calls: bump.newWorld, world:add/remove/update/move/check/
-- project, the queries, the getters, the four responses and custom ones,
-- and the collision tables with bump's fields. docs/bump.md is the
-- reference and lists every answer that differs from bump.lua's.
--
-- How it is built. Every item is an axis-aligned box of a collide world in
-- the z = 0 plane (collide's 2D convention: a flat box, e.z = 0); the
-- world's tree finds the candidates of every move and query in C
-- (w:candidates_aabb: the ids of the boxes along a box sweep or a segment,
-- into a table the facade reuses). What a candidate means is decided here, in a few lines
-- of arithmetic on the item's own numbers (x, y, w, h): bump's semantics
-- are not collide's controller's (a rectangle that only touches another, or
-- slides along it, is no collision in bump; an item that starts inside
-- another is put back along its own motion, not pushed out the shortest
-- way; an item is met at most once per move), so a move is bump's loop of
-- "first collision along a straight path, then its response" and each
-- collision is the exact answer of the Minkowski-difference test that bump
-- approximates with a tolerance (its DELTA = 1e-10). Decisions only compare
-- edges (x and x + w, as a game draws them): the sign of a difference of
-- two doubles is exact, so "touching", "overlapping" and "entering" are
-- decided without tolerance; times of impact are one rounded division.
--
-- The world's boxes are stored a hair larger than the items (MARGIN) and
-- queries are made a hair larger too, so that the tree's answer, computed
-- on a centre and half-extents that rounding may have moved by an ulp,
-- always contains every item the exact test accepts.
--
-- On LuaJIT's C API backend (COLLIDE_BACKEND=capi) a move's new box is
-- given to the tree with the next move's query, in one call
-- (w:update_candidates_aabb): most moves make one call into C, not two.
-- Whatever else reads or changes the tree first tells it (flush).

local collide = require "collide"

local vec3 = collide.vec3
local type, tostring, error, pairs = type, tostring, error, pairs
local floor, abs, huge, min, max = math.floor, math.abs, math.huge, math.min, math.max
local sort = table.sort

local TINY = 2 ^ -1000   -- a step that is never zero

local bump = {
  _VERSION     = "bump v3.1.7 (collide.bump, collide " .. tostring(collide._VERSION) .. ")",
  _URL         = "collide: docs/bump.md",
  _DESCRIPTION = "bump.lua's API over a collide world: exact answers, C broadphase",
}

------------------------------------------------------------ argument checks
-- bump.lua's own messages where bump checks (so a game's error handling and
-- its players' bug reports read the same), Lua's convention where bump
-- does not check at all. Level 3: the line of the game's call.

local function is_finite(v)
  return v == v and v ~= huge and v ~= -huge
end

-- Coordinates go to a collide world, whose limit is collide.max_coord
-- (1e50): refused beyond an eighth of it, an item's edges and a move's
-- goal, so that every box a move sweeps (from the item to its goal, then
-- a bounce back by at most as far) stays within the limit, and the error
-- names the game's argument (it was add_aabb's or candidates_aabb's).
local LIMIT = collide.max_coord / 8
local RANGE = ("%.14g .. %.14g"):format(-LIMIT, LIMIT)

-- (level: rect_error's checks raise at 5, the caller of the world method
-- that called check_rect: the game's line)
local function check_number(v, name)
  if type(v) ~= "number" then
    error(name .. " must be a number, but was " .. tostring(v) .. "(a " .. type(v) .. ")", 5)
  end
  if not is_finite(v) then
    error(name .. " must be a finite number, but was " .. tostring(v) .. "(a number)", 5)
  end
end

local function check_positive(v, name)
  if type(v) ~= "number" or not (v > 0) then -- luacheck: ignore 581 (NaN fails too)
    error(name .. " must be a positive integer, but was " .. tostring(v) ..
          "(" .. type(v) .. ")", 5)
  end
  if v == huge then
    error(name .. " must be a finite number, but was " .. tostring(v) .. "(a number)", 5)
  end
end

-- The error of a rectangle check_rect refused.
local function within(v, name)   -- (called by rect_error, as check_number)
  if v < -LIMIT or v > LIMIT then
    error(name .. " must be a number within " .. RANGE .. ", but was " .. tostring(v) ..
          "(a number)", 5)
  end
end

local function rect_error(x, y, w, h)
  check_number(x, "x")
  check_number(y, "y")
  check_positive(w, "w")
  check_positive(h, "h")
  if (x + w) - (x + w) == 0 and (y + h) - (y + h) == 0 then   -- (else: overflows)
    within(x, "x")
    within(y, "y")
    within(x + w, "x + w")
    within(y + h, "y + h")
  end
  -- (x + w > x also refuses an integer sum that wraps around on Lua 5.3+
  -- and a width lost to rounding beside a huge x.)
  error("x + w and y + h must be finite numbers beyond x and y, but were " ..
        tostring(x + w) .. ", " .. tostring(y + h), 4)
end

-- Every check of rect_error in one expression, which passes exactly when
-- rect_error would raise nothing (v - v == 0: v is finite; NaN and the
-- infinities give NaN), so that a good rectangle costs no call on Lua 5.x.
local function check_rect(x, y, w, h)
  if type(x) == "number" and type(y) == "number" and type(w) == "number"
     and type(h) == "number" and x - x == 0 and y - y == 0 and w > 0 and h > 0
     and w - w == 0 and h - h == 0 and x + w > x and y + h > y
     and (x + w) - (x + w) == 0 and (y + h) - (y + h) == 0
     and x >= -LIMIT and y >= -LIMIT and x + w <= LIMIT and y + h <= LIMIT then
    return
  end
  rect_error(x, y, w, h)
end

-- The grid's arithmetic (toCell, toWorld) takes any finite number. level:
-- the caller's caller (3, or 4 from arg_number).
local function arg_grid(v, i, name, level)
  if type(v) ~= "number" then
    error(("bad argument #%d to '%s' (number expected, got %s)"):format(i, name, type(v)),
          level or 3)
  end
  if not is_finite(v) then
    error(("bad argument #%d to '%s' (finite number expected, got %s)")
          :format(i, name, tostring(v)), level or 3)
  end
end

-- bad argument #i to 'name' (number expected, got nil), for the arguments
-- bump.lua uses without checking (its own error would be an arithmetic one
-- deep inside it). A number within the limit passes at once (NaN fails
-- both comparisons, the infinities one).
local function arg_number(v, i, name)
  if type(v) == "number" and v >= -LIMIT and v <= LIMIT then return end
  arg_grid(v, i, name, 4)
  error(("bad argument #%d to '%s' (number within %s expected, got %s)")
        :format(i, name, RANGE, tostring(v)), 3)
end

local function arg_filter(f, i, name)
  if f ~= nil and type(f) ~= "function" then
    error(("bad argument #%d to '%s' (function expected, got %s)"):format(i, name, type(f)), 3)
  end
end

local function unknown_item(item)   -- (called by get_rect, called by a method)
  error("Item " .. tostring(item) .. " must be added to the world before getting its rect. " ..
        "Use world:add(item, x,y,w,h) to add it first.", 4)
end

------------------------------------------------------------ the exact tests
-- A moving rectangle A = (x1, y1, w1, h1), displaced by (dx, dy) over the
-- step, against a fixed B = (x2, y2, w2, h2). A's interior meets B's
-- exactly when A's position lies inside the Minkowski difference of B and A
-- (Ericson, Real-Time Collision Detection, 5.5.8 "intersecting moving AABB
-- against AABB"): along x, x2 - w1 < x1 < x2 + w2, i.e. the left edge of A
-- is left of B's right edge and B's left edge is left of A's right edge.
-- Along the line x1 + t dx the slab x is entered at t = (x2 - (x1 + w1))/dx
-- (dx > 0; the face of B with normal -x) or t = ((x2 + w2) - x1)/dx
-- (dx < 0; normal +x) and left at the other; the time A's interior first
-- meets B's is the later entry of the two slabs, provided it comes before
-- the earlier exit (Liang-Barsky clipping, as bump's rect functions do).
-- Each time is one subtraction of two edges and one division; no tolerance.
--
-- Both return nil (no collision) or
--   overlaps, ti, nx, ny, tx, ty
-- with bump's meanings: overlaps when A's interior already meets B's at the
-- start; ti the time of the first meeting in [0, 1), or when overlapping
-- minus the "area of intersection" bump sorts by; (nx, ny) the face of B
-- met; (tx, ty) where A is when it touches B.

-- Flush below a face at e: the largest p with p + size <= e (p = e - size,
-- then down by an ulp while rounding puts p + size past e), so that a
-- touching item never overlaps what it touches by an ulp.
local function flush_below(e, size)
  local p = e - size
  local step = abs(p) * 2 ^ -53 + TINY
  while p + size > e do
    p = p - step
    step = step * 2
  end
  return p
end

local function touch_at(x1, y1, w1, h1, o, dx, dy, t, nx, ny)
  -- Touching already at the start: it stays where it is (not moved by an
  -- ulp, which could push it into something on its other side).
  if t == 0 and (dx ~= 0 or dy ~= 0) then return x1, y1 end
  -- (one of nx, ny is 0; along an axis it does not move, exactly where it
  -- was)
  if nx ~= 0 then
    return nx < 0 and flush_below(o.x, w1) or o.x + o.w, dy ~= 0 and y1 + dy * t or y1
  end
  return dx ~= 0 and x1 + dx * t or x1, ny < 0 and flush_below(o.y, h1) or o.y + o.h
end

-- The nearer of the two ways out along one axis (bump: the Minkowski
-- difference's corner nearest the origin; on a tie the positive one).
local function nearest(a, b)
  if abs(a) < abs(b) then return a end
  return b
end

-- Only ti, as detect gives it, or nil: the loop over candidates, written
-- with few live values so that LuaJIT compiles it (detect then describes
-- the chosen one). Overlapping: minus the product of the nearer ways out,
-- each at most the item's size (|nearest(a, b)| = min(|a|, |b|)).
local time_of
function time_of(x1, y1, r1x, r1y, w1, h1, o, dx, dy)
  local x2, y2 = o.x, o.y
  local r2x, r2y = x2 + o.w, y2 + o.h
  if x1 < r2x and x2 < r1x and y1 < r2y and y2 < r1y then
    return -(min(w1, r1x - x2, r2x - x1) * min(h1, r1y - y2, r2y - y1))
  end
  -- (x2 - r1x < r2x - x1 always, so over the same dx their quotients keep
  -- or swap their order exactly: the entry is the smaller)
  local t0, t1 = -huge, huge
  if dx ~= 0 then
    local a, b = (x2 - r1x) / dx, (r2x - x1) / dx
    t0, t1 = min(a, b), max(a, b)
  elseif not (x1 < r2x and x2 < r1x) then
    return nil
  end
  if dy ~= 0 then
    local a, b = (y2 - r1y) / dy, (r2y - y1) / dy
    t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
  elseif not (y1 < r2y and y2 < r1y) then
    return nil
  end
  if t0 >= 0 and t0 < 1 and t0 < t1 then return t0 end
  return nil
end

-- The same on Lua 5.x with comparisons instead of math.min and math.max
-- (C calls there: 6% fewer instructions a move, callgrind, Lua 5.4). The
-- sign of dx says which quotient is the entry (see above); a max or min
-- of two keeps the first on a tie, as math.max and math.min do. (LuaJIT
-- keeps the version above: compiled, min and max are branch-free, and
-- the sign branches cost it side traces, measured 30% more instructions
-- a move.)
if type(jit) ~= "table" then
  time_of = function(x1, y1, r1x, r1y, w1, h1, o, dx, dy)
    local x2, y2 = o.x, o.y
    local r2x, r2y = x2 + o.w, y2 + o.h
    if x1 < r2x and x2 < r1x and y1 < r2y and y2 < r1y then
      return -(min(w1, r1x - x2, r2x - x1) * min(h1, r1y - y2, r2y - y1))
    end
    local t0, t1 = -huge, huge
    if dx > 0 then
      t0, t1 = (x2 - r1x) / dx, (r2x - x1) / dx
    elseif dx < 0 then
      t0, t1 = (r2x - x1) / dx, (x2 - r1x) / dx
    elseif not (x1 < r2x and x2 < r1x) then
      return nil
    end
    if dy ~= 0 then
      local a, b
      if dy > 0 then a, b = (y2 - r1y) / dy, (r2y - y1) / dy
      else a, b = (r2y - y1) / dy, (y2 - r1y) / dy end
      if a > t0 then t0 = a end
      if b < t1 then t1 = b end
    elseif not (y1 < r2y and y2 < r1y) then
      return nil
    end
    if t0 >= 0 and t0 < 1 and t0 < t1 then return t0 end
    return nil
  end
end

local function detect(x1, y1, w1, h1, o, dx, dy)
  local x2, y2, w2, h2 = o.x, o.y, o.w, o.h
  local r1x, r1y, r2x, r2y = x1 + w1, y1 + h1, x2 + w2, y2 + h2
  local ti = time_of(x1, y1, r1x, r1y, w1, h1, o, dx, dy)
  if ti == nil then return nil end
  local overlaps = ti < 0
  if overlaps and dx == 0 and dy == 0 then
    -- Not moving: out along the shorter way (y on a tie).
    local px, py = nearest(x2 - r1x, r2x - x1), nearest(y2 - r1y, r2y - y1)
    if abs(px) < abs(py) then
      local nx = px < 0 and -1 or 1
      return true, ti, nx, 0, touch_at(x1, y1, w1, h1, o, 0, 0, 0, nx, 0)
    end
    local ny = py < 0 and -1 or 1
    return true, ti, 0, ny, touch_at(x1, y1, w1, h1, o, 0, 0, 0, 0, ny)
  end
  -- The face met: the axis entered last (x on a tie, as bump's side order
  -- gives), along the line of motion; when overlapping, that entry lies at
  -- a time <= 0, where the item would have started touching.
  local ex, ey = -huge, -huge
  if dx > 0 then ex = (x2 - r1x) / dx elseif dx < 0 then ex = (r2x - x1) / dx end
  if dy > 0 then ey = (y2 - r1y) / dy elseif dy < 0 then ey = (r2y - y1) / dy end
  local t, nx, ny = ex, dx > 0 and -1 or 1, 0
  if ey > ex then t, nx, ny = ey, 0, dy > 0 and -1 or 1 end
  return overlaps, ti, nx, ny, touch_at(x1, y1, w1, h1, o, dx, dy, t, nx, ny)
end

-- LuaJIT: detect runs once per collision met, after the loop over the
-- candidates; compiled into that loop's exit it needs more registers than
-- LuaJIT can shuffle ("register coalescing too complex"), and the failing
-- side traces cost more than running it in the interpreter.
if type(jit) == "table" then jit.off(detect) end

-- bump's tie-break between collisions at the same ti: the squared distance
-- between the centres of A and B.
local function square_distance(x1, y1, w1, h1, x2, y2, w2, h2)
  local dx = x1 - x2 + (w1 - w2) / 2
  local dy = y1 - y2 + (h1 - h2) / 2
  return dx * dx + dy * dy
end

-- A segment (x1, y1) + t (dx, dy) against the rectangle (l, t, r, b), t
-- clipped to [lo, hi]: entry and exit (Liang-Barsky; parallel to a side,
-- the segment must lie strictly between the two lines of that axis).
-- Along x the slab is entered at (l - x1) / dx and left at (r - x1) / dx
-- when dx > 0, the other way round when dx < 0: l < r gives
-- l - x1 <= r - x1 after rounding (rounding is monotonic), and so the
-- smaller quotient is the entry whatever the sign; min and max pick the
-- same two roundings a branch on the sign would (and compile to no branch
-- on LuaJIT, whose side traces for the four signs did not compile).
local function clip(l, t, r, b, x1, y1, dx, dy, lo, hi)
  if dx ~= 0 then
    local e, x = (l - x1) / dx, (r - x1) / dx
    lo, hi = max(lo, min(e, x)), min(hi, max(e, x))
  elseif not (l < x1 and x1 < r) then
    return nil
  end
  if dy ~= 0 then
    local e, x = (t - y1) / dy, (b - y1) / dy
    lo, hi = max(lo, min(e, x)), min(hi, max(e, x))
  elseif not (t < y1 and y1 < b) then
    return nil
  end
  if lo > hi then return nil end
  return lo, hi
end

------------------------------------------------------------ the world's boxes
-- MARGIN: relative size of the hair added to the boxes the tree sees.
-- Computing a centre and half-extent from (x, y, w, h) and back rounds each
-- edge by at most an ulp of the largest magnitude involved (2^-52
-- relative); 2^-30 of the magnitudes keeps the tree's boxes a superset with
-- room to spare, and costs only a few more candidates, which the exact
-- tests above then reject.
local MARGIN = 2 ^ -30
-- (a rectangle no segment meets: clip on it gives nil)
local NOWHERE = { x = 0 / 0, y = 0 / 0, w = 0, h = 0 }

-- set_box: the box (l, t) .. (r, b) written into the vectors c (centre)
-- and e (half-extents), grown by the hair.
--
-- The scratch vectors the facade hands the world: on the FFI backend
-- vec3s (C structs its methods read directly); on the C API plain tables
-- {x, y, z}, which the world's methods accept as vectors too, whose fields
-- are set without a metamethod call (a vec3 there is a userdata: each
-- field set is a call into C, which Lua 5.x pays for and LuaJIT cannot
-- compile), and which the C side reads by index, faster than by name.
local FFI = collide.backend == "ffi"

local function scratch()
  if FFI then return vec3() end
  return { 0, 0, 0 }
end

-- (the moved box kept for the next query: see flush; on LuaJIT's C API
-- backend, where each call into C from a compiled move also ends a trace:
-- callgrind, instructions a move on bench/bump_bench.lua's scene, 17,900-
-- 18,500 -> 17,550. On Lua 5.4 it saved nothing, 38,459 -> 38,828: a
-- call into C costs less there, and the bookkeeping as much as it saves.
-- On the FFI backend a call from compiled code costs a few nanoseconds.)
local DEFER = not FFI and type(jit) == "table"
-- (a box whose edges pass this is given to the tree at once, so that the
-- world's refusal of coordinates beyond 1e50 is raised by the move that
-- made it)
local DEFER_LIMIT = 2 ^ 160

local set_box, set_segment
if FFI then
  -- (z is 0 in every scratch vec3 from its making, and only these two
  -- write them: not stored again; in LuaJIT's interpreter, where a move's
  -- check runs, a field store into a cdata costs about 25 ns)
  set_box = function(c, e, l, t, r, b)
    local cx, cy, ex, ey = (l + r) * 0.5, (t + b) * 0.5, (r - l) * 0.5, (b - t) * 0.5
    local m = MARGIN * (abs(cx) + abs(cy) + ex + ey) + TINY
    c.x, c.y = cx, cy
    e.x, e.y = ex + m, ey + m
  end
  -- (c0, c1: the ends; e: no size)
  set_segment = function(c0, c1, e, x1, y1, x2, y2)
    c0.x, c0.y = x1, y1
    c1.x, c1.y = x2, y2
    e.x, e.y = 0, 0
  end
else
  -- (|cx| and |cy| compared, not math.abs: a C call on Lua 5.x; the sign
  -- of a zero does not change the sum, ex + ey >= 0)
  set_box = function(c, e, l, t, r, b)
    local cx, cy, ex, ey = (l + r) * 0.5, (t + b) * 0.5, (r - l) * 0.5, (b - t) * 0.5
    local m = MARGIN * ((cx < 0 and -cx or cx) + (cy < 0 and -cy or cy) + ex + ey) + TINY
    c[1], c[2], c[3] = cx, cy, 0
    e[1], e[2], e[3] = ex + m, ey + m, 0
  end
  set_segment = function(c0, c1, e, x1, y1, x2, y2)
    c0[1], c0[2], c0[3] = x1, y1, 0
    c1[1], c1[2], c1[3] = x2, y2, 0
    e[1], e[2], e[3] = 0, 0, 0
  end
end

------------------------------------------------------------ responses
-- response(world, col, x, y, w, h, goalX, goalY, filter) ->
--   goalX, goalY, cols, len
-- (x, y, w, h) is the item's rectangle at the start of the move; each
-- response projects again from where it leaves the item. World:check runs
-- the four built-in ones inline (same results, without building the
-- collision list of every leg), and any other through this signature.

local responses = {}

function responses.touch(_, col)
  return col.touch.x, col.touch.y, {}, 0
end

function responses.cross(world, col, x, y, w, h, goalX, goalY, filter)
  local cols, len = world:project(col.item, x, y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

-- The goal with the coordinate along the normal held at the touch: the rest
-- of the motion slides along the face.
local function slide_goal(col, x, y, goalX, goalY)
  goalX, goalY = goalX or x, goalY or y
  local move, tch = col.move, col.touch
  if move.x ~= 0 or move.y ~= 0 then
    if col.normal.x ~= 0 then goalX = tch.x else goalY = tch.y end
  end
  return goalX, goalY
end

function responses.slide(world, col, x, y, w, h, goalX, goalY, filter)
  goalX, goalY = slide_goal(col, x, y, goalX, goalY)
  col.slide = { x = goalX, y = goalY }
  local cols, len = world:project(col.item, col.touch.x, col.touch.y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

-- The rest of the motion (goal - touch) mirrored across the face.
local function bounce_goal(col, x, y, goalX, goalY)
  goalX, goalY = goalX or x, goalY or y
  local move, tch = col.move, col.touch
  local tx, ty = tch.x, tch.y
  if move.x == 0 and move.y == 0 then return tx, ty end
  local bx, by = goalX - tx, goalY - ty
  if col.normal.x == 0 then by = -by else bx = -bx end
  return tx + bx, ty + by
end

function responses.bounce(world, col, x, y, w, h, goalX, goalY, filter)
  local bx, by = bounce_goal(col, x, y, goalX, goalY)
  col.bounce = { x = bx, y = by }
  local cols, len = world:project(col.item, col.touch.x, col.touch.y, w, h, bx, by, filter)
  return bx, by, cols, len
end

bump.responses = responses

local TOUCH, CROSS, SLIDE, BOUNCE =
  responses.touch, responses.cross, responses.slide, responses.bounce

local function default_filter() return "slide" end

-- An empty set, never written.
local NONE = {}

------------------------------------------------------------ the world

local World = {}
local World_mt = { __index = World }

-- Buffers for the ids of the tree's answers (w:candidates_aabb fills one
-- in place): each query takes one from the world's pool and gives it back
-- when it is done, so that a query a filter runs meanwhile has its own,
-- and a game that queries every frame allocates none. (A query ended by
-- an error leaves its buffer to the collector.)
local function take(self)
  local n = self._nfree
  if n == 0 then return {} end
  self._nfree = n - 1
  return self._free[n]
end

local function give(self, buf)
  local n = self._nfree + 1
  self._free[n], self._nfree = buf, n
end

-- The box of the item moved last, kept for the next query (C API backend:
-- see World:move), given to the tree now: before anything else reads or
-- changes it.
local function flush(self)
  local id = self._pid
  if id then
    self._pid = false
    self._w:update(id, self._uc, self._ue)
  end
end

-- The ids of the world's boxes meeting the box (l, t) .. (r, b): into buf,
-- and their count.
local function ids_in(self, buf, l, t, r, b)
  if self._pid then flush(self) end
  local c, e = self._c, self._e
  set_box(c, e, l, t, r, b)
  return self._w:candidates_aabb(e, c, c, buf)
end

-- The ids of the world's boxes meeting the box swept by (x, y, w, h) on its
-- way to (gx, gy) (the box around both ends: see leg): into buf, and their
-- count.
local function candidates(self, buf, x, y, w, h, gx, gy)
  local l, t = x, y
  if gx < l then l = gx end
  if gy < t then t = gy end
  local r, b = x + w, y + h
  if gx + w > r then r = gx + w end
  if gy + h > b then b = gy + h end
  return ids_in(self, buf, l, t, r, b)
end

local function new_col(item, other, kind, overlaps, ti, dx, dy, nx, ny, tx, ty,
                       x, y, w, h, ox, oy, ow, oh)
  return {
    item = item, other = other, type = kind,
    overlaps = overlaps, ti = ti,
    move = { x = dx, y = dy }, normal = { x = nx, y = ny }, touch = { x = tx, y = ty },
    itemRect = { x = x, y = y, w = w, h = h },
    otherRect = { x = ox, y = oy, w = ow, h = oh },
  }
end

-- The first collision (by ti, then distance, then the order items were
-- added) of the rectangle (x, y, w, h) moving to (gx, gy), over the items
-- that are not `item`, not in `visited` and that `filter(item, other)`
-- gives a response for; nil when there is none. The same as
-- World:project(...)[1] with a filter that skips `visited`.
--
-- ids[1 .. n]: the candidates, from `candidates` for a box that holds this
-- path.
local function first(self, ids, n, item, visited, x, y, w, h, gx, gy, filter)
  local dx, dy = gx - x, gy - y
  local r, b = x + w, y + h
  local items, rects = self._item, self._rect
  local best, bkind, bti, bdist, bo
  for k = 1, n do
    local id = ids[k]
    local other = items[id]
    -- (other is nil when a filter has removed it since the query)
    if other ~= nil and other ~= item and not visited[other] then
      local o = rects[id]
      local ti = time_of(x, y, r, b, w, h, o, dx, dy)
      if ti and (best == nil or ti <= bti) then
        local dist = square_distance(x, y, w, h, o.x, o.y, o.w, o.h)
        if best == nil or ti < bti or dist < bdist then
          local kind = filter(item, other)
          if kind then best, bkind, bti, bdist, bo = other, kind, ti, dist, o end
        end
      end
    end
  end
  if best == nil then return nil end
  local ov, ti, nx, ny, tx, ty = detect(x, y, w, h, bo, dx, dy)
  if ov == nil then return nil end   -- a filter has moved it out of the way
  return new_col(item, best, bkind, ov, ti, dx, dy, nx, ny, tx, ty,
                 x, y, w, h, bo.x, bo.y, bo.w, bo.h)
end

-- The candidates of a leg from (sx, sy) to (gx, gy): ids0[1 .. n0], those
-- of the move's first leg from (x, y) to (gx0, gy0), when the leg stays in
-- the box that one swept; else the tree's answer for the leg, into buf.
local function leg(self, ids0, n0, buf, x, y, gx0, gy0, w, h, sx, sy, gx, gy)
  local l0, t0 = x < gx0 and x or gx0, y < gy0 and y or gy0
  local r0, b0 = (x > gx0 and x or gx0) + w, (y > gy0 and y or gy0) + h
  if sx >= l0 and sy >= t0 and sx + w <= r0 and sy + h <= b0
     and gx >= l0 and gy >= t0 and gx + w <= r0 and gy + h <= b0 then
    return ids0, n0
  end
  return candidates(self, buf, sx, sy, w, h, gx, gy)
end

local function get_rect(self, item)
  local r = self.rects[item]
  if r == nil then unknown_item(item) end
  return r
end

function World:addResponse(name, response)
  if type(response) ~= "function" then
    error(("bad argument #2 to 'addResponse' (function expected, got %s)")
          :format(type(response)), 2)
  end
  self.responses[name] = response
end

local function response_of(self, kind)
  local response = self.responses[kind]
  if response == nil then
    error(("Unknown collision type: %s (%s)"):format(tostring(kind), type(kind)), 4)
  end
  return response
end

-- Every collision of the rectangle on the straight path to the goal, sorted
-- by ti, then distance, then the order items were added.
function World:project(item, x, y, w, h, goalX, goalY, filter)
  check_rect(x, y, w, h)
  goalX, goalY = goalX or x, goalY or y
  arg_number(goalX, 6, "project")
  arg_number(goalY, 7, "project")
  arg_filter(filter, 8, "project")
  filter = filter or default_filter
  local dx, dy = goalX - x, goalY - y
  local ids, n = candidates(self, take(self), x, y, w, h, goalX, goalY)
  local items, rects = self._item, self._rect
  local cols, len, key = {}, 0, {}
  for k = 1, n do
    local id = ids[k]
    local other = items[id]
    if other ~= nil and other ~= item then   -- (nil: removed by a filter)
      local o = rects[id]
      local ox, oy, ow, oh = o.x, o.y, o.w, o.h
      local ov, ti, nx, ny, tx, ty = detect(x, y, w, h, o, dx, dy)
      if ov ~= nil then
        local kind = filter(item, other)
        if kind then
          len = len + 1
          local col = new_col(item, other, kind, ov, ti, dx, dy, nx, ny, tx, ty,
                              x, y, w, h, ox, oy, ow, oh)
          cols[len] = col
          key[col] = { ti, square_distance(x, y, w, h, ox, oy, ow, oh), id }
        end
      end
    end
  end
  give(self, ids)
  if len > 1 then
    sort(cols, function(a, b)
      local ka, kb = key[a], key[b]
      if ka[1] ~= kb[1] then return ka[1] < kb[1] end
      if ka[2] ~= kb[2] then return ka[2] < kb[2] end
      return ka[3] < kb[3]
    end)
  end
  return cols, len
end

-- A response of the game's own, called as bump.lua calls it: with a filter
-- that skips the items this move has met.
local function custom(self, response, col, vfilter, x, y, w, h, goalX, goalY)
  local pcols, plen
  goalX, goalY, pcols, plen = response(self, col, x, y, w, h, goalX, goalY, vfilter)
  if type(goalX) ~= "number" or type(goalY) ~= "number" then
    error(("response '%s' must return goalX, goalY, cols, len (got %s, %s)")
          :format(tostring(col.type), type(goalX), type(goalY)), 4)
  end
  -- (what the loop reads next is checked here, so that a response's
  -- mistake is named: a NaN goal, a len that is no number, a cols[1] that
  -- is no collision were errors deep inside the move, "attempt to index a
  -- number value (local 'col')", or at World:move's update)
  if not (goalX >= -LIMIT and goalX <= LIMIT and goalY >= -LIMIT and goalY <= LIMIT) then
    error(("response '%s' must return goalX, goalY within %s (got %s, %s)")
          :format(tostring(col.type), RANGE, tostring(goalX), tostring(goalY)), 4)
  end
  plen = plen or (type(pcols) == "table" and #pcols) or 0
  if type(plen) ~= "number" then
    error(("response '%s' must return goalX, goalY, cols, len (len is a %s)")
          :format(tostring(col.type), type(plen)), 4)
  end
  if plen <= 0 or plen ~= plen then return goalX, goalY, nil end
  local nxt = type(pcols) == "table" and pcols[1] or nil
  if type(nxt) ~= "table" or nxt.other == nil then
    error(("response '%s' must return goalX, goalY, cols, len (cols[1] is no collision: %s)")
          :format(tostring(col.type), type(nxt) == "table" and "no other" or type(nxt)), 4)
  end
  return goalX, goalY, nxt
end

-- The filter a custom response is given: filter, but false for the items
-- in visited. (Made here, not in check: a closure there would make check
-- close its upvalues on every return, which LuaJIT 2.1 does not compile.)
local function visited_filter(visited, filter)
  return function(itm, other)
    if visited[other] then return false end
    return filter(itm, other)
  end
end

-- The first leg of a move, the whole of most moves: the tree's
-- candidates for the box the path sweeps from (x, y) to the goal (into a
-- buffer of the world's pool, which the caller gives back) and the first
-- collision on the way, or nil. A slide from a touch on the way keeps its
-- leg inside that box (its goal keeps one coordinate of the goal and takes
-- the other from the touch), and so does a cross: the responses reuse the
-- candidates (see leg).
-- (a box that meets only the item's own, as most moves' do, has nothing
-- to collide with: first is not called)
local function first_leg(self, item, x, y, w, h, goalX, goalY, filter)
  -- (take, inline: a call costs on Lua 5.x)
  local ids0, n0 = self._nfree
  if ids0 == 0 then ids0 = {} else self._nfree = ids0 - 1; ids0 = self._free[ids0] end
  local l, t, rr, b = x, y, x + w, y + h
  if goalX < l then l = goalX end
  if goalY < t then t = goalY end
  if goalX + w > rr then rr = goalX + w end
  if goalY + h > b then b = goalY + h end
  local c, e = self._c, self._e
  set_box(c, e, l, t, rr, b)
  local pid = self._pid
  if pid then
    -- (the box of the item moved last, and this path's candidates)
    self._pid = false
    ids0, n0 = self._w:update_candidates_aabb(pid, self._uc, self._ue, e, c, c, ids0)
  else
    ids0, n0 = self._w:candidates_aabb(e, c, c, ids0)
  end
  if n0 > 1 or (n0 == 1 and self._item[ids0[1]] ~= item) then
    return ids0, n0, first(self, ids0, n0, item, NONE, x, y, w, h, goalX, goalY, filter)
  end
  return ids0, n0, nil
end

-- The rest of a move of the rectangle (x, y, w, h) that has met col on
-- its first leg: bump.lua's loop of a response, then the first collision
-- of the next leg. ids0[1 .. n0]: first_leg's candidates (given back
-- here). (The rectangle as it was when the move began: a filter may have
-- re-placed the item since.)
local function resolve(self, item, x, y, w, h, goalX, goalY, filter, ids0, n0, col)
  -- (the items met so far, made here: a move that meets nothing makes
  -- none)
  local visited = NONE
  local cols, len = {}, 0
  local limit = self._count + 1
  local vfilter
  -- A leg that leaves the first leg's box (a bounce, a touch behind the
  -- start when the item began inside another) asks the tree again, into
  -- a second buffer (buf).
  local buf
  local gx0, gy0 = goalX, goalY
  while col ~= nil do
    len = len + 1
    cols[len] = col
    if visited == NONE then
      -- (the world's spare table when no other move holds it: a move
      -- inside a filter takes a new one)
      visited = self._seen
      if visited then self._seen = false else visited = {} end
      visited[item] = true
    end
    visited[col.other] = true
    if len > limit then
      error(("response '%s' keeps returning collisions with visited items " ..
             "(pass the filter it is given to world:project)"):format(tostring(col.type)), 3)
    end
    local response = response_of(self, col.type)
    if response == SLIDE or response == BOUNCE then
      if response == SLIDE then
        goalX, goalY = slide_goal(col, x, y, goalX, goalY)
        col.slide = { x = goalX, y = goalY }
      else
        goalX, goalY = bounce_goal(col, x, y, goalX, goalY)
        col.bounce = { x = goalX, y = goalY }
      end
      local tch = col.touch
      local tx, ty = tch.x, tch.y
      buf = buf or take(self)
      local ids, n = leg(self, ids0, n0, buf, x, y, gx0, gy0, w, h, tx, ty, goalX, goalY)
      col = first(self, ids, n, item, visited, tx, ty, w, h, goalX, goalY, filter)
    elseif response == TOUCH then
      goalX, goalY = col.touch.x, col.touch.y
      col = nil
    elseif response == CROSS then
      buf = buf or take(self)
      local ids, n = leg(self, ids0, n0, buf, x, y, gx0, gy0, w, h, x, y, goalX, goalY)
      col = first(self, ids, n, item, visited, x, y, w, h, goalX, goalY, filter)
    else
      vfilter = vfilter or visited_filter(visited, filter)
      goalX, goalY, col = custom(self, response, col, vfilter, x, y, w, h, goalX, goalY)
    end
  end
  do   -- (give, inline)
    local nf, free = self._nfree + 1, self._free
    free[nf] = ids0
    if buf then nf = nf + 1; free[nf] = buf end
    self._nfree = nf
  end
  -- The visited table back to the world, emptied (a table kept and
  -- emptied costs less than a new one, which grows twice as the move
  -- meets its first items); not when a custom response has been given a
  -- filter that reads it, which the response may keep.
  if visited ~= NONE and vfilter == nil then
    visited[item] = nil
    for i = 1, len do visited[cols[i].other] = nil end
    self._seen = visited
  end
  return goalX, goalY, cols, len
end

-- LuaJIT: a move that meets nothing (most moves: the box its path
-- sweeps meets only its own) is compiled with the game's loop, World:move,
-- check, first_leg, the tree's query and the update; the rest runs in the
-- interpreter. The responses' loop (resolve): compiled, its traces abort
-- (visited_filter's closure makes it close upvalues on return, which
-- LuaJIT 2.1 does not compile; made elsewhere, the whole move becomes one
-- trace whose side exits need more registers than LuaJIT can allocate).
-- The loop over
-- the candidates (first): entered from the compiled move, its exits gave
-- "register coalescing too complex" hundreds of times a run (a side trace
-- through time_of), and a move took 5.2-8.3 us against 3.4-5.2 us
-- interpreted (bench/bump_bench.lua, FFI backend, 2026-11-29); before,
-- with the whole of check in the interpreter, 3.9-8.0 us.
if type(jit) == "table" then jit.off(resolve); jit.off(first) end

-- World:check without its argument checks (World:move has made them):
-- the item's rectangle r, a goal of numbers, a filter function.
local function check(self, item, r, goalX, goalY, filter)
  local x, y, w, h = r.x, r.y, r.w, r.h
  local ids0, n0, col = first_leg(self, item, x, y, w, h, goalX, goalY, filter)
  if col == nil then
    give(self, ids0)
    return goalX, goalY, {}, 0
  end
  return resolve(self, item, x, y, w, h, goalX, goalY, filter, ids0, n0, col)
end

function World:check(item, goalX, goalY, filter)
  local r = get_rect(self, item)
  goalX, goalY = goalX or r.x, goalY or r.y
  arg_number(goalX, 2, "check")
  arg_number(goalY, 3, "check")
  arg_filter(filter, 4, "check")
  return check(self, item, r, goalX, goalY, filter or default_filter)
end

function World:move(item, goalX, goalY, filter)
  local r = self.rects[item]
  if r == nil then r = get_rect(self, item) end   -- (its error)
  goalX, goalY = goalX or r.x, goalY or r.y
  -- (arg_number's checks, inline for the common case: a finite number)
  if type(goalX) ~= "number" or not (goalX >= -LIMIT and goalX <= LIMIT) then
    arg_number(goalX, 2, "move")
  end
  if type(goalY) ~= "number" or not (goalY >= -LIMIT and goalY <= LIMIT) then
    arg_number(goalY, 3, "move")
  end
  if filter ~= nil then arg_filter(filter, 4, "move") end
  filter = filter or default_filter
  -- (check, not inline: on LuaJIT a move that calls it compiles better,
  -- measured 15-16 thousand instructions a move against 17-21 thousand)
  local ax, ay, cols, len = check(self, item, r, goalX, goalY, filter)
  -- World:update(item, ax, ay), inline when its checks hold: the item is
  -- still there with the rectangle r (a filter or a response may have
  -- removed or re-placed it), and ax, ay, ax + w and ay + h are finite
  -- with ax + w > ax and ay + h > ay (a custom response may return any
  -- goal); else World:update does it, or says what is wrong.
  local w, h = r.w, r.h
  if self.rects[item] == r and type(ax) == "number" and type(ay) == "number" then
    local rr, rb = ax + w, ay + h
    if ax - ax == 0 and ay - ay == 0 and rr - rr == 0 and rb - rb == 0
       and rr > ax and rb > ay then
      if ax ~= r.x or ay ~= r.y then
        if DEFER and ax > -DEFER_LIMIT and ay > -DEFER_LIMIT and rr < DEFER_LIMIT
           and rb < DEFER_LIMIT then
          -- kept for the next query (one kept before, by a move inside
          -- this one's filter, goes first)
          if self._pid then flush(self) end
          set_box(self._uc, self._ue, ax, ay, rr, rb)
          self._pid = self._id[item]
        else
          local c, e = self._c, self._e
          set_box(c, e, ax, ay, rr, rb)
          self._w:update(self._id[item], c, e)
        end
        r.x, r.y = ax, ay
      end
      return ax, ay, cols, len
    end
  end
  self:update(item, ax, ay)
  return ax, ay, cols, len
end

function World:add(item, x, y, w, h)
  if item == nil or item ~= item then
    error(("bad argument #1 to 'add' (item expected, got %s)"):format(tostring(item)), 2)
  end
  if self.rects[item] ~= nil then
    error("Item " .. tostring(item) .. " added to the world twice.", 2)
  end
  check_rect(x, y, w, h)
  if self._pid then flush(self) end
  local c, e = self._c, self._e
  set_box(c, e, x, y, x + w, y + h)
  local id = self._w:add_aabb(c, e)
  local r = { x = x, y = y, w = w, h = h }
  self.rects[item] = r
  self._id[item], self._item[id], self._rect[id] = id, item, r
  self._count = self._count + 1
  return item
end

function World:remove(item)
  get_rect(self, item)
  if self._pid then flush(self) end
  local id = self._id[item]
  self._w:remove(id)
  self.rects[item], self._id[item], self._item[id], self._rect[id] = nil, nil, nil, nil
  self._count = self._count - 1
end

function World:update(item, x, y, w, h)
  local r = get_rect(self, item)
  w, h = w or r.w, h or r.h
  check_rect(x, y, w, h)
  if x ~= r.x or y ~= r.y or w ~= r.w or h ~= r.h then
    if self._pid then flush(self) end
    local c, e = self._c, self._e
    set_box(c, e, x, y, x + w, y + h)
    self._w:update(self._id[item], c, e)
    r.x, r.y, r.w, r.h = x, y, w, h
  end
end

------------------------------------------------------------ queries

-- The two list queries decide each candidate inline (a call per candidate
-- costs more than the test on Lua 5.x) and call the game's filter only on
-- the items they keep, in the order items were added (ids ascending).

-- Interiors meet (bump: rect_isIntersecting; strict, so rectangles that
-- only share an edge do not).
function World:queryRect(x, y, w, h, filter)
  check_rect(x, y, w, h)
  if filter ~= nil then arg_filter(filter, 5, "queryRect") end
  local ql, qt, qr, qb = x, y, x + w, y + h
  local ids, n = ids_in(self, take(self), ql, qt, qr, qb)
  local items, rects = self._item, self._rect
  local out, len = {}, 0
  for k = 1, n do
    local id = ids[k]
    local r = rects[id]   -- (nil: removed by a filter meanwhile)
    if r ~= nil then
      local l, t = r.x, r.y
      if l < qr and ql < l + r.w and t < qb and qt < t + r.h then
        local item = items[id]
        if filter == nil or filter(item) then
          len = len + 1
          out[len] = item
        end
      end
    end
  end
  give(self, ids)
  return out, len
end

-- Strictly inside (a point on an edge is outside; bump: more than DELTA
-- inside).
function World:queryPoint(x, y, filter)
  arg_number(x, 1, "queryPoint")
  arg_number(y, 2, "queryPoint")
  arg_filter(filter, 3, "queryPoint")
  local ids, n = ids_in(self, take(self), x, y, x, y)
  local items, rects = self._item, self._rect
  local out, len = {}, 0
  for k = 1, n do
    local id = ids[k]
    local r = rects[id]
    if r ~= nil then
      local l, t = r.x, r.y
      if l < x and x < l + r.w and t < y and y < t + r.h then
        local item = items[id]
        if filter == nil or filter(item) then
          len = len + 1
          out[len] = item
        end
      end
    end
  end
  give(self, ids)
  return out, len
end

-- The items a segment meets, as bump counts them: its part inside the
-- rectangle (closed) begins or ends strictly between its ends (so a segment
-- wholly inside one rectangle, or only touching it at an end, does not
-- count), in the order of where the infinite line enters them. Returns a
-- flat array (item, ti1, ti2, weight per hit) and the count.
local function segment_hits(self, x1, y1, x2, y2, filter)
  -- The tree lists every box along the segment (a box of no size swept
  -- from one end to the other; the boxes are grown by the hair, and the
  -- core grows the query by a margin of its own, so this is a superset).
  -- The list is taken before any filter of the game's runs (which may
  -- query again, into a buffer of its own).
  if self._pid then flush(self) end
  local c0, c1, e = self._c, self._c1, self._e
  set_segment(c0, c1, e, x1, y1, x2, y2)
  local seen, n = self._w:candidates_aabb(e, c0, c1, take(self))
  local items, rects = self._item, self._rect
  local dx, dy = x2 - x1, y2 - y1
  -- buf: per hit, its item, ti1, ti2 and the weight it is sorted by (where
  -- the infinite line enters it; bump sorts so), stride 4; ids come
  -- ascending, so an insertion sort that keeps equal weights in place
  -- breaks ties by the order items were added
  local buf, len = {}, 0
  for k = 1, n do
    local id = seen[k]
    local r = rects[id] or NOWHERE   -- (removed by a filter meanwhile)
    local l, t, rr, b = r.x, r.y, r.x + r.w, r.y + r.h
    local ti1, ti2 = clip(l, t, rr, b, x1, y1, dx, dy, 0, 1)
    if ti1 and ((0 < ti1 and ti1 < 1) or (0 < ti2 and ti2 < 1)) then
      local item = items[id]
      if filter == nil or filter(item) then
        local w0 = clip(l, t, rr, b, x1, y1, dx, dy, -huge, huge)
        -- insert at its place (a handful; no closure, which LuaJIT would
        -- not compile)
        local j = len
        while j >= 1 and buf[4 * j] > w0 do
          local s, d = 4 * j - 3, 4 * j + 1
          buf[d], buf[d + 1], buf[d + 2], buf[d + 3] = buf[s], buf[s + 1], buf[s + 2], buf[s + 3]
          j = j - 1
        end
        local d = 4 * j + 1
        buf[d], buf[d + 1], buf[d + 2], buf[d + 3] = item, ti1, ti2, w0
        len = len + 1
      end
    end
  end
  give(self, seen)
  return buf, len
end

-- Are a segment query's arguments good (four finite numbers, a filter or
-- nil)? In one expression: the common case costs no call per argument.
local function segment_ok(x1, y1, x2, y2, filter)
  return type(x1) == "number" and type(y1) == "number" and type(x2) == "number"
         and type(y2) == "number" and x1 >= -LIMIT and x1 <= LIMIT and y1 >= -LIMIT
         and y1 <= LIMIT and x2 >= -LIMIT and x2 <= LIMIT and y2 >= -LIMIT and y2 <= LIMIT
         and (filter == nil or type(filter) == "function")
end

function World:querySegment(x1, y1, x2, y2, filter)
  if not segment_ok(x1, y1, x2, y2, filter) then
    -- (called from here, so that their errors name the game's line)
    arg_number(x1, 1, "querySegment")
    arg_number(y1, 2, "querySegment")
    arg_number(x2, 3, "querySegment")
    arg_number(y2, 4, "querySegment")
    arg_filter(filter, 5, "querySegment")
  end
  local buf, len = segment_hits(self, x1, y1, x2, y2, filter)
  local items = {}
  for i = 1, len do items[i] = buf[4 * i - 3] end
  return items, len
end

function World:querySegmentWithCoords(x1, y1, x2, y2, filter)
  if not segment_ok(x1, y1, x2, y2, filter) then
    arg_number(x1, 1, "querySegmentWithCoords")
    arg_number(y1, 2, "querySegmentWithCoords")
    arg_number(x2, 3, "querySegmentWithCoords")
    arg_number(y2, 4, "querySegmentWithCoords")
    arg_filter(filter, 5, "querySegmentWithCoords")
  end
  local buf, len = segment_hits(self, x1, y1, x2, y2, filter)
  local dx, dy = x2 - x1, y2 - y1
  local info = {}
  for i = 1, len do
    local ti1, ti2 = buf[4 * i - 2], buf[4 * i - 1]
    info[i] = {
      item = buf[4 * i - 3], ti1 = ti1, ti2 = ti2,
      x1 = x1 + dx * ti1, y1 = y1 + dy * ti1,
      x2 = x1 + dx * ti2, y2 = y1 + dy * ti2,
    }
  end
  return info, len
end

------------------------------------------------------------ getters

function World:hasItem(item)
  return item ~= nil and self.rects[item] ~= nil
end

function World:getItems()
  local items, len = {}, 0
  for item in pairs(self.rects) do
    len = len + 1
    items[len] = item
  end
  return items, len
end

function World:countItems()
  return self._count
end

function World:getRect(item)
  local r = get_rect(self, item)
  return r.x, r.y, r.w, r.h
end

-- The grid of bump.lua's world, kept for the coordinates a game may draw
-- with; the broadphase is collide's tree, not cells.
function World:toWorld(cx, cy)
  arg_grid(cx, 1, "toWorld")
  arg_grid(cy, 2, "toWorld")
  local cs = self.cellSize
  return (cx - 1) * cs, (cy - 1) * cs
end

function World:toCell(x, y)
  arg_grid(x, 1, "toCell")
  arg_grid(y, 2, "toCell")
  local cs = self.cellSize
  return floor(x / cs) + 1, floor(y / cs) + 1
end

-- The number of grid cells the items cover (bump.lua counts the cells it
-- has made, some of which may be empty again).
function World:countCells()
  local cs, seen, n = self.cellSize, {}, 0
  for _, r in pairs(self.rects) do
    local cl, ct = floor(r.x / cs) + 1, floor(r.y / cs) + 1
    local cr, cb = math.ceil((r.x + r.w) / cs), math.ceil((r.y + r.h) / cs)
    for cy = ct, cb do
      local row = seen[cy]
      if row == nil then row = {}; seen[cy] = row end
      for cx = cl, cr do
        if not row[cx] then row[cx] = true; n = n + 1 end
      end
    end
  end
  return n
end

------------------------------------------------------------ the module

function bump.newWorld(cellSize)
  cellSize = cellSize or 64
  if type(cellSize) ~= "number" or not (cellSize > 0) then -- luacheck: ignore 581
    error("cellSize must be a positive integer, but was " .. tostring(cellSize) ..
          "(" .. type(cellSize) .. ")", 2)
  end
  if cellSize == huge then
    error("cellSize must be a finite number, but was " .. tostring(cellSize) .. "(a number)", 2)
  end
  local world = setmetatable({
    cellSize = cellSize,
    rects = {},        -- item -> {x =, y =, w =, h =}, as bump.lua's
    responses = {},
    _w = collide.world(),
    _c = scratch(), _c1 = scratch(), _e = scratch(),   -- boxes for the tree
    _pid = false, _uc = scratch(), _ue = scratch(),   -- the kept box (flush)
    _free = {}, _nfree = 0,   -- id buffers (take, give)
    _id = {},          -- item -> the id of its box
    _item = {},        -- id -> item
    _rect = {},        -- id -> the item's rect
    _count = 0,
    _seen = false,     -- a spare visited table (check)
  }, World_mt)
  world:addResponse("touch", TOUCH)
  world:addResponse("cross", CROSS)
  world:addResponse("slide", SLIDE)
  world:addResponse("bounce", BOUNCE)
  return world
end

return bump
