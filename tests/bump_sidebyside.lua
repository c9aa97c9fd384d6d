-- Side by side: bump.lua and collide.bump play the same random worlds.
--
--   BUMP_LUA=/tmp/bump.lua lua5.4 tests/bump_sidebyside.lua [seeds [first]]
--
-- bump.lua is not part of this project: fetch it yourself (kikito/bump.lua,
-- the file bump.lua) and point BUMP_LUA at it; `make bump-sidebyside` runs
-- this on Lua 5.4 and LuaJIT. Each seed builds one world in both (the same
-- item tables in each), then runs moves, checks, projects, updates, removes,
-- adds and queries through both and compares every result: positions,
-- every field of every collision, the query lists. A difference is printed
-- with the seed and the call, classified as
--   rounding   numbers equal to 1e-9 of the scene's scale: bump puts a
--              touching item at x + dx*ti, collide.bump flush with the face
--              (docs/bump.md, "Differences")
--   tie        bump.lua chose among collisions of equal ti and distance, or
--              segment hits of equal entry, in the order of its hash tables
--              (collide.bump: the order items were added), or ordered two
--              collisions whose ti are equal but for rounding by that
--              rounding (collide.bump computes them equal and goes on to
--              the distance)
--   delta      bump.lua with its DELTA (1e-10) set to 0, run beside them,
--              gives collide.bump's answer: bump's tolerance made the
--              difference (docs/bump.md lists how)
--   flush      a collision between rectangles whose edges are flush in
--              floating point (x1 + w1 == x2): bump decides it on
--              x2 - x1 - w1, rounded once more, which can put them an ulp
--              apart or an ulp into each other
--   cascade    the collisions before agreed only to rounding (legs start an
--              ulp apart) and then one side met something the other did not
--   corner     a segment that meets a rectangle in one corner point only:
--              bump.lua's cell walk can miss the cell of that corner
--   DIFFERENT  anything else
-- After a difference the bump.lua world is set to collide.bump's positions
-- so the run goes on comparing. The last line counts each class; the exit
-- code is 1 when any DIFFERENT was found.

local path = os.getenv("BUMP_LUA")
if path == nil or path == "" then
  print("BUMP_LUA is not set: skipped (fetch kikito/bump.lua's bump.lua and set BUMP_LUA to it)")
  os.exit(0)
end
local ref = assert(loadfile(path))()
-- The same bump.lua with its tolerance set to zero, read from the same file
-- at run time: a difference that goes away with it is bump's DELTA's.
local function load_exact()
  local f = assert(io.open(path, "rb"))
  local src = f:read("*a")
  f:close()
  local n
  src, n = src:gsub("local DELTA = 1e%-10", "local DELTA = 0")
  assert(n == 1, "BUMP_LUA: no 'local DELTA = 1e-10' line to zero")
  return assert((loadstring or load)(src, "=bump.lua (DELTA = 0)"))()
end
local ref0 = load_exact()
local mine = require "collide.bump"

local SEEDS = tonumber(arg and arg[1]) or 300
local FIRST = tonumber(arg and arg[2]) or 1
local VERBOSE = os.getenv("BUMP_SIDE_VERBOSE")

-- A generator that gives the same numbers on every Lua (Park-Miller, exact
-- in doubles).
local state = 1
local function seed(s) state = (s * 7919) % 2147483646 + 1 end
local function rnd()
  state = (state * 16807) % 2147483647
  return state / 2147483647
end
local function irnd(a, b) return a + math.floor(rnd() * (b - a + 1)) end
local function pick(t) return t[irnd(1, #t)] end

local counts = { same = 0, rounding = 0, tie = 0, delta = 0, corner = 0, flush = 0,
                 cascade = 0, DIFFERENT = 0 }
local shown = 0
local scale = 1

local function num_eq(a, b)
  if a == b then return "same" end
  if type(a) == "number" and type(b) == "number" and math.abs(a - b) <= 1e-9 * scale then
    return "rounding"
  end
  return "DIFFERENT"
end

local worse = { same = 0, rounding = 1, tie = 2, corner = 2, delta = 2, flush = 2, cascade = 2,
                DIFFERENT = 3 }
local function merge(a, b) if worse[b] > worse[a] then return b end return a end

local function fmt(x)
  if type(x) == "number" then return ("%.17g"):format(x) end
  return tostring(x)
end

local function describe(v)
  if type(v) == "number" then return fmt(v) end
  if type(v) == "table" then
    if v.name then return v.name end
    local parts = {}
    for k, x in pairs(v) do
      if type(x) == "table" and x.name then x = x.name
      elseif type(x) == "table" then
        local s = {}
        for kk, xx in pairs(x) do s[#s + 1] = kk .. "=" .. fmt(xx) end
        table.sort(s)
        x = "{" .. table.concat(s, ",") .. "}"
      end
      parts[#parts + 1] = tostring(k) .. "=" .. fmt(x)
    end
    table.sort(parts)
    return "{" .. table.concat(parts, " ") .. "}"
  end
  return tostring(v)
end

local VEC_FIELDS = { "move", "normal", "touch", "slide", "bounce" }
local RECT_FIELDS = { "itemRect", "otherRect" }

local function cmp_col(a, b)
  local k = "same"
  if a.item ~= b.item or a.other ~= b.other or a.type ~= b.type
     or a.overlaps ~= b.overlaps then
    return "DIFFERENT"
  end
  -- ti: bump's overlapping ti is minus an area computed from its Minkowski
  -- difference; equal to rounding
  k = merge(k, num_eq(a.ti, b.ti))
  for _, f in ipairs(VEC_FIELDS) do
    local u, v = a[f], b[f]
    if (u == nil) ~= (v == nil) then return "DIFFERENT" end
    if u then k = merge(k, merge(num_eq(u.x, v.x), num_eq(u.y, v.y))) end
  end
  for _, f in ipairs(RECT_FIELDS) do
    local u, v = a[f], b[f]
    for _, c in ipairs({ "x", "y", "w", "h" }) do k = merge(k, num_eq(u[c], v[c])) end
  end
  return k
end

-- Two lists of collisions. A different first choice between collisions of
-- equal ti and distance is bump's hash order: "tie".
local function ti_eq(a, b)
  return math.abs(a - b) <= 1e-12 * math.max(1, math.abs(a), math.abs(b))
end

-- What a collision that only one side has (or has at this place in its
-- list) says about the difference: touching at the goal (ti = 1 but for
-- rounding: no collision exactly), or a collision at the very start whose
-- existence hangs on bump's DELTA: an overlap by less than 1e-9 of the
-- scale, or a touch at ti = 0 but for rounding.
local function odd_one(col)
  if ti_eq(col.ti, 1) then return "rounding" end
  if col.overlaps and math.abs(col.ti) <= 1e-9 * scale then return "delta" end
  if not col.overlaps and math.abs(col.ti) <= 1e-12 then return "delta" end
  return nil
end

-- A collision between rectangles whose edges are flush in floating point
-- (x1 + w1 == x2, or x2 + w2 == x1; the same in y): bump.lua decides it on
-- its Minkowski difference x2 - x1 - w1, one rounding more, which can make
-- flush edges overlap or part by an ulp.
local function flush(col)
  local r, o = col.itemRect, col.otherRect
  if r.x + r.w == o.x or o.x + o.w == r.x or r.y + r.h == o.y or o.y + o.h == r.y then
    return "flush"
  end
  return nil
end

-- Two lists of collisions, compared in order up to the first difference.
local function cmp_cols(ca, la, cb, lb)
  local k = "same"
  for i = 1, math.max(la, lb) do
    local a, b = ca[i], cb[i]
    local c = (a and b) and cmp_col(a, b) or "DIFFERENT"
    if c == "DIFFERENT" then
      -- equal times but for rounding: bump orders them by its rounding (or
      -- by its hash tables, when they are equal and so are the distances)
      if a and b and a.other ~= b.other and ti_eq(a.ti, b.ti) then return "tie" end
      local why = (a and odd_one(a)) or (b and odd_one(b))
                  or (a and flush(a)) or (b and flush(b))
      -- after collisions equal only to rounding, the legs start an ulp
      -- apart and what follows can differ: bump's rounding, cascading
      if why == nil and k == "rounding" then why = "cascade" end
      return why or "DIFFERENT"
    end
    k = merge(k, c)
  end
  return k
end

local function as_set(list, len)
  local s = {}
  for i = 1, len do s[list[i]] = (s[list[i]] or 0) + 1 end
  return s
end

local function cmp_sets(a, la, b, lb)
  if la ~= lb then return "DIFFERENT" end
  local sa, sb = as_set(a, la), as_set(b, lb)
  for k, n in pairs(sa) do if sb[k] ~= n then return "DIFFERENT" end end
  return "same"
end

local function report(kind, what, a, b)
  counts[kind] = counts[kind] + 1
  if kind == "same" then return end
  if kind == "DIFFERENT" or VERBOSE then
    shown = shown + 1
    if shown <= 40 then
      print(("%-9s %s\n   bump.lua:     %s\n   collide.bump: %s"):format(kind, what, a, b))
    end
  end
end

local function pack(...) return { n = select("#", ...), ... } end

local function cols_text(r)
  local parts = { describe(r[1]) .. "," .. describe(r[2]) .. " len=" .. tostring(r[4]) }
  for i = 1, (r[4] or 0) do parts[#parts + 1] = describe(r[3][i]) end
  return table.concat(parts, "\n      ")
end

-- The responses the filters pick, by the kind of the other item.
local FILTER_SETS = {
  { wall = "slide", coin = "cross", spring = "bounce", exit = "touch", mover = "slide" },
  { wall = "slide", coin = "slide", spring = "slide", exit = "slide", cloud = "slide",
    mover = "slide" },
  { wall = "touch", coin = "cross", spring = "touch", exit = "cross", mover = "cross" },
  { wall = "bounce", coin = "cross", spring = "bounce", exit = "bounce", mover = "bounce" },
  { wall = "stick", coin = "cross", spring = "slide", exit = "touch", mover = "stick" },
}

-- A custom response, the same function in both worlds: stop at the touch
-- and list what is still in the way there (a response that uses project).
local function stick(world, col, _, _, w, h, _, _, filter)
  local cols, len = world:project(col.item, col.touch.x, col.touch.y, w, h,
                                  col.touch.x, col.touch.y, filter)
  return col.touch.x, col.touch.y, cols, len
end

local function coord(grid)
  if grid then return irnd(-8, 24) * 8 end
  if rnd() < 0.5 then return irnd(-64, 192) * 0.25 end
  return (rnd() * 256 - 64)
end

local function size(grid)
  if grid then return pick({ 8, 16, 16, 32 }) end
  if rnd() < 0.5 then return irnd(1, 64) * 0.5 end
  return rnd() * 40 + 0.01
end

local function run_seed(s)
  seed(s)
  local grid = rnd() < 0.5
  local cell = pick({ 16, 32, 64, 100 })
  local A, B, Z = ref.newWorld(cell), mine.newWorld(cell), ref0.newWorld(cell)
  Z:addResponse("stick", stick)
  A:addResponse("stick", stick)
  B:addResponse("stick", stick)
  local fs = pick(FILTER_SETS)
  local function filter(_, other) return fs[other.kind] end
  local qfilter = function(item) return item.kind ~= "cloud" end
  scale = 256
  local items = {}
  local nitems = irnd(3, 40)
  for i = 1, nitems do
    local kind = pick({ "wall", "wall", "wall", "coin", "spring", "exit", "cloud", "mover" })
    local it = { name = kind .. i, kind = kind }
    local x, y, w, h = coord(grid), coord(grid), size(grid), size(grid)
    A:add(it, x, y, w, h)
    B:add(it, x, y, w, h)
    Z:add(it, x, y, w, h)
    items[#items + 1] = it
  end
  local ops = irnd(20, 80)
  for op = 1, ops do
    local it = pick(items)
    local r = rnd()
    local where = ("seed %d op %d"):format(s, op)
    if not A:hasItem(it) then
      local x, y, w, h = coord(grid), coord(grid), size(grid), size(grid)
      A:add(it, x, y, w, h)
      B:add(it, x, y, w, h)
      Z:add(it, x, y, w, h)
    elseif r < 0.55 then
      local x, y = B:getRect(it)
      local gx, gy
      local m = rnd()
      if m < 0.1 then gx, gy = x, y
      elseif m < 0.2 then gx, gy = x + irnd(-400, 400), y + irnd(-400, 400)
      elseif grid then gx, gy = x + irnd(-6, 6) * 4, y + irnd(-6, 6) * 4
      else gx, gy = x + rnd() * 80 - 40, y + rnd() * 80 - 40 end
      local f = rnd() < 0.2 and nil or filter
      local name = rnd() < 0.8 and "move" or "check"
      local ra = pack(A[name](A, it, gx, gy, f))
      local rb = pack(B[name](B, it, gx, gy, f))
      -- after a tie the positions follow from the other choice
      local k = cmp_cols(ra[3], ra[4], rb[3], rb[4])
      if k == "same" or k == "rounding" then
        k = merge(k, merge(num_eq(ra[1], rb[1]), num_eq(ra[2], rb[2])))
      end
      local rz = pack(Z[name](Z, it, gx, gy, f))
      if k == "DIFFERENT" then
        local kz = cmp_cols(rz[3], rz[4], rb[3], rb[4])
        if kz == "same" or kz == "rounding" then
          kz = merge(kz, merge(num_eq(rz[1], rb[1]), num_eq(rz[2], rb[2])))
        end
        if kz ~= "DIFFERENT" then k = "delta" end
      end
      if name == "move" then Z:update(it, B:getRect(it)) end
      report(k, ("%s: world:%s(%s, %s, %s)"):format(where, name, it.name, fmt(gx), fmt(gy)),
             cols_text(ra), cols_text(rb))
      if name == "move" and k ~= "same" then A:update(it, B:getRect(it)) end
    elseif r < 0.62 then
      local x, y, w, h = B:getRect(it)
      local gx, gy = x + rnd() * 100 - 50, y + rnd() * 100 - 50
      local ca, la = A:project(it, x, y, w, h, gx, gy, filter)
      local cb, lb = B:project(it, x, y, w, h, gx, gy, filter)
      local k = cmp_cols(ca, la, cb, lb)
      if k == "DIFFERENT" then
        local cz, lz = Z:project(it, x, y, w, h, gx, gy, filter)
        if cmp_cols(cz, lz, cb, lb) ~= "DIFFERENT" then k = "delta" end
      end
      report(k, ("%s: world:project(%s, ...)"):format(where, it.name),
             cols_text({ x, y, ca, la }), cols_text({ x, y, cb, lb }))
    elseif r < 0.7 then
      local x, y = coord(grid), coord(grid)
      A:update(it, x, y)
      B:update(it, x, y)
      Z:update(it, x, y)
    elseif r < 0.73 then
      A:remove(it)
      B:remove(it)
      Z:remove(it)
    elseif r < 0.8 then
      local x, y, w, h = coord(grid), coord(grid), size(grid) * 3, size(grid) * 3
      local ia, la = A:queryRect(x, y, w, h, qfilter)
      local ib, lb = B:queryRect(x, y, w, h, qfilter)
      report(cmp_sets(ia, la, ib, lb),
             ("%s: world:queryRect(%s, %s, %s, %s)"):format(where, x, y, w, h),
             describe(ia), describe(ib))
    elseif r < 0.87 then
      local x, y = coord(grid), coord(grid)
      local other = pick(items)
      if rnd() < 0.3 and B:hasItem(other) then x, y = B:getRect(other) end
      local ia, la = A:queryPoint(x, y)
      local ib, lb = B:queryPoint(x, y)
      report(cmp_sets(ia, la, ib, lb), ("%s: world:queryPoint(%s, %s)"):format(where, x, y),
             describe(ia), describe(ib))
    else
      local x1, y1, x2, y2 = coord(grid), coord(grid), coord(grid), coord(grid)
      if rnd() < 0.3 then y2 = y1 end
      local ia, la = A:querySegmentWithCoords(x1, y1, x2, y2)
      local ib, lb = B:querySegmentWithCoords(x1, y1, x2, y2)
      local k = la == lb and "same" or "DIFFERENT"
      if k == "same" then
        local sa, sb = {}, {}
        for i = 1, la do sa[i], sb[i] = ia[i].item, ib[i].item end
        k = cmp_sets(sa, la, sb, lb)
        local order_ok = true
        for i = 1, la do
          if ia[i].item ~= ib[i].item then order_ok = false end
        end
        if k == "same" and not order_ok then k = "tie" end
      else
        -- an extra hit of one point only (ti1 == ti2) is a corner bump's
        -- cell walk missed
        local inA = {}
        for i = 1, la do inA[ia[i].item] = true end
        local only_corners = lb > la
        for i = 1, lb do
          if not inA[ib[i].item] and ib[i].ti1 ~= ib[i].ti2 then only_corners = false end
        end
        if only_corners then k = "corner" end
        -- the coordinates, item by item
        local byitem = {}
        for i = 1, lb do byitem[ib[i].item] = ib[i] end
        for i = 1, la do
          local a, b = ia[i], byitem[ia[i].item]
          if b then
            for _, f in ipairs({ "ti1", "ti2", "x1", "y1", "x2", "y2" }) do
              k = merge(k, num_eq(a[f], b[f]))
            end
          end
        end
      end
      local function names(info, n)
        local t = {}
        for i = 1, n do
          t[i] = describe(info[i].item) .. "@" .. fmt(info[i].ti1) .. ".." .. fmt(info[i].ti2)
            .. " rect(" .. table.concat({ fmt((B:getRect(info[i].item))),
                 fmt(select(2, B:getRect(info[i].item))), fmt(select(3, B:getRect(info[i].item))),
                 fmt(select(4, B:getRect(info[i].item))) }, ",") .. ")"
        end
        return table.concat(t, " ")
      end
      report(k, ("%s: world:querySegmentWithCoords(%s, %s, %s, %s)"):format(where, x1, y1, x2, y2),
             names(ia, la), names(ib, lb))
    end
    -- the worlds agree on every rectangle
    for _, x in ipairs(items) do
      if A:hasItem(x) ~= B:hasItem(x) then
        report("DIFFERENT", where .. ": hasItem(" .. x.name .. ")",
               tostring(A:hasItem(x)), tostring(B:hasItem(x)))
      end
    end
    if A:countItems() ~= B:countItems() then
      report("DIFFERENT", where .. ": countItems", A:countItems(), B:countItems())
    end
  end
end

for s = FIRST, FIRST + SEEDS - 1 do run_seed(s) end

print(("bump side by side (%s, %s): %d seeds; same %d, rounding %d, tie %d, delta %d, "
       .. "flush %d, cascade %d, corner %d, DIFFERENT %d")
      :format(ref._VERSION, _VERSION .. (type(jit) == "table" and " / " .. jit.version or ""),
              SEEDS, counts.same, counts.rounding, counts.tie, counts.delta, counts.flush,
              counts.cascade, counts.corner, counts.DIFFERENT))
os.exit(counts.DIFFERENT == 0 and 0 or 1)
