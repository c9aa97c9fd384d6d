--- bench/cases.lua: the benchmark's cases, the same on every VM and in the
-- C loop (bench/raw.c draws them with the same generator, in the same
-- order). Every number is a multiple of 1/8, so both languages get exactly
-- the same doubles.
local M = {}

M.COUNT = 64   -- cases per function, cycled through by the timing loops

-- Park-Miller "minimal standard" generator: seed * 16807 stays below 2^53,
-- exact in a double.
local function generator(seed)
  return function()
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  end
end

local function draws(rnd)
  local d = {}
  function d.radius() return 0.25 + math.floor(rnd() * 10) / 8 end
  function d.far() return math.floor(rnd() * 65) / 8 - 4 end     -- [-4, 4]
  function d.near() return math.floor(rnd() * 33) / 8 - 2 end    -- [-2, 2]
  function d.extent() return 0.25 + math.floor(rnd() * 12) / 8 end
  -- (draws in sequence, never inside one expression: the C side must
  -- draw in the same order)
  function d.vec(f)
    local x = f()
    local y = f()
    local z = f()
    return { x, y, z }
  end
  -- Three corners that make a proper triangle (exact arithmetic here).
  function d.triangle()
    while true do
      local a = d.vec(d.near)
      local b = d.vec(d.near)
      local c = d.vec(d.near)
      local e1 = { b[1] - a[1], b[2] - a[2], b[3] - a[3] }
      local e2 = { c[1] - a[1], c[2] - a[2], c[3] - a[3] }
      local x = e1[2] * e2[3] - e1[3] * e2[2]
      local y = e1[3] * e2[1] - e1[1] * e2[3]
      local z = e1[1] * e2[2] - e1[2] * e2[1]
      if x * x + y * y + z * z >= 0.25 then return a, b, c end
    end
  end
  return d
end

-- Each function's cases: an array of argument lists in the order of the
-- collide call, vectors as {x, y, z}; a plane as {normal, d} (not yet
-- normalized); a polygon as {polygon = {vertex, ...}}.
local MAKE = {
  sweep_sphere_sphere = function(d)
    local ra = d.radius()
    local a0 = d.vec(d.far)
    local a1 = d.vec(d.far)
    local rb = d.radius()
    local b0 = d.vec(d.near)
    local b1 = d.vec(d.near)
    return { ra, a0, a1, rb, b0, b1 }
  end,
  sweep_sphere_plane = function(d)
    local r = d.radius()
    local c0 = d.vec(d.far)
    local c1 = d.vec(d.far)
    local n = d.vec(d.near)
    local dist = d.near()
    if n[1] == 0 and n[2] == 0 and n[3] == 0 then n[2] = 1 end
    return { r, c0, c1, { n, dist } }
  end,
  sweep_sphere_triangle = function(d)
    local r = d.radius()
    local c0 = d.vec(d.far)
    local c1 = d.vec(d.far)
    local a, b, c = d.triangle()
    return { r, c0, c1, a, b, c }
  end,
  sweep_sphere_aabb = function(d)
    local r = d.radius()
    local c0 = d.vec(d.far)
    local c1 = d.vec(d.far)
    local center = d.vec(d.near)
    local extents = d.vec(d.extent)
    return { r, c0, c1, center, extents }
  end,
  raycast_triangle = function(d)
    local p0 = d.vec(d.far)
    local p1 = d.vec(d.far)
    local a, b, c = d.triangle()
    return { p0, p1, a, b, c }
  end,
  sweep_sphere_segment = function(d)
    local r = d.radius()
    local c0 = d.vec(d.far)
    local c1 = d.vec(d.far)
    local a = d.vec(d.near)
    local b = d.vec(d.near)
    return { r, c0, c1, a, b }
  end,
  raycast_aabb = function(d)
    local p0 = d.vec(d.far)
    local p1 = d.vec(d.far)
    local center = d.vec(d.near)
    local extents = d.vec(d.extent)
    return { p0, p1, center, extents }
  end,
  -- ---- moving box (branch box) ----
  sweep_aabb_sphere = function(d)
    local e = d.vec(d.extent)
    local c0 = d.vec(d.far)
    local c1 = d.vec(d.far)
    local center = d.vec(d.near)
    local r = d.radius()
    return { e, c0, c1, center, r }
  end,
  sweep_aabb_plane = function(d)
    local e = d.vec(d.extent)
    local c0 = d.vec(d.far)
    local c1 = d.vec(d.far)
    local n = d.vec(d.near)
    local dist = d.near()
    if n[1] == 0 and n[2] == 0 and n[3] == 0 then n[2] = 1 end
    return { e, c0, c1, { n, dist } }
  end,
  sweep_aabb_triangle = function(d)
    local e = d.vec(d.extent)
    local c0 = d.vec(d.far)
    local c1 = d.vec(d.far)
    local a, b, c = d.triangle()
    return { e, c0, c1, a, b, c }
  end,
  -- a diamond (convex, 4 vertices) in a plane x, y or z = const
  sweep_aabb_polygon = function(d)
    local e = d.vec(d.extent)
    local c0 = d.vec(d.far)
    local c1 = d.vec(d.far)
    local ctr = d.vec(d.near)
    local ra = d.extent()
    local rb = d.extent()
    local k = math.floor(d.near() * 8) % 3 + 1        -- the plane's axis
    local i, j = k % 3 + 1, (k + 1) % 3 + 1
    local v = {}
    for q = 1, 4 do
      local p = { ctr[1], ctr[2], ctr[3] }
      if q == 1 then p[i] = p[i] + ra elseif q == 2 then p[j] = p[j] + rb
      elseif q == 3 then p[i] = p[i] - ra else p[j] = p[j] - rb end
      v[q] = p
    end
    return { e, c0, c1, { polygon = v } }
  end,
  sweep_aabb_segment = function(d)
    local e = d.vec(d.extent)
    local c0 = d.vec(d.far)
    local c1 = d.vec(d.far)
    local a = d.vec(d.near)
    local b = d.vec(d.near)
    return { e, c0, c1, a, b }
  end,
  -- ---- end moving box ----
  -- (further queries: new blocks above this line)
}

-- (a new query goes at the end: a function's seed is its position)
M.FUNCTIONS = { "sweep_sphere_sphere", "sweep_sphere_plane",
                "sweep_sphere_triangle", "sweep_sphere_aabb",
                "raycast_triangle", "sweep_sphere_segment", "raycast_aabb",
                -- moving box (branch box)
                "sweep_aabb_sphere", "sweep_aabb_plane", "sweep_aabb_triangle",
                "sweep_aabb_polygon", "sweep_aabb_segment",
                -- (further queries: new lines above this one)
}

-- Fixed seeds of queries added later (so that rows added by parallel work
-- do not shift each other's cases); the others use their position.
M.SEEDS = {}

-- ---- capsule sweeps ----
-- The obstacles as in the sphere rows above; the capsule's axis is drawn
-- from [-1, 1]^3 (any direction: the general path of each query).
local function axis(d)
  local x = d.near() / 2
  local y = d.near() / 2
  local z = d.near() / 2
  return { x, y, z }
end
MAKE.sweep_capsule_sphere = function(d)
  local r = d.radius()
  local A = axis(d)
  local c0 = d.vec(d.far)
  local c1 = d.vec(d.far)
  local center = d.vec(d.near)
  local rb = d.radius()
  return { r, A, c0, c1, center, rb }
end
MAKE.sweep_capsule_plane = function(d)
  local r = d.radius()
  local A = axis(d)
  local c0 = d.vec(d.far)
  local c1 = d.vec(d.far)
  local n = d.vec(d.near)
  local dist = d.near()
  if n[1] == 0 and n[2] == 0 and n[3] == 0 then n[2] = 1 end
  return { r, A, c0, c1, { n, dist } }
end
MAKE.sweep_capsule_triangle = function(d)
  local r = d.radius()
  local A = axis(d)
  local c0 = d.vec(d.far)
  local c1 = d.vec(d.far)
  local a, b, c = d.triangle()
  return { r, A, c0, c1, a, b, c }
end
MAKE.sweep_capsule_polygon = function(d)   -- the triangle as a polygon
  local r = d.radius()
  local A = axis(d)
  local c0 = d.vec(d.far)
  local c1 = d.vec(d.far)
  local a, b, c = d.triangle()
  return { r, A, c0, c1, { polygon = { a, b, c } } }
end
MAKE.sweep_capsule_segment = function(d)
  local r = d.radius()
  local A = axis(d)
  local c0 = d.vec(d.far)
  local c1 = d.vec(d.far)
  local a = d.vec(d.near)
  local b = d.vec(d.near)
  return { r, A, c0, c1, a, b }
end
MAKE.sweep_capsule_aabb = function(d)
  local r = d.radius()
  local A = axis(d)
  local c0 = d.vec(d.far)
  local c1 = d.vec(d.far)
  local center = d.vec(d.near)
  local extents = d.vec(d.extent)
  return { r, A, c0, c1, center, extents }
end
MAKE.sweep_capsule_capsule = function(d)
  local ra = d.radius()
  local Aa = axis(d)
  local a0 = d.vec(d.far)
  local a1 = d.vec(d.far)
  local rb = d.radius()
  local Ab = axis(d)
  local b0 = d.vec(d.near)
  local b1 = d.vec(d.near)
  return { ra, Aa, a0, a1, rb, Ab, b0, b1 }
end
for i, name in ipairs({ "sweep_capsule_sphere", "sweep_capsule_plane",
                        "sweep_capsule_triangle", "sweep_capsule_polygon",
                        "sweep_capsule_segment", "sweep_capsule_aabb",
                        "sweep_capsule_capsule" }) do
  M.FUNCTIONS[#M.FUNCTIONS + 1] = name
  M.SEEDS[name] = 100 + i
end
-- ---- end of capsule sweeps ----

-- Seeds: one generator per function, seeded with its position (1-based)
-- in FUNCTIONS.
function M.cases(name)
  local seed = M.SEEDS[name]
  for i, n in ipairs(M.FUNCTIONS) do if n == name and not seed then seed = i end end
  local d = draws(generator(seed))
  local list = {}
  for i = 1, M.COUNT do list[i] = MAKE[name](d) end
  return list
end

return M
