-- hostile_turning_spec.lua -- what was added for shapes that turn (convex
-- shapes, rotations, spins, the convex movers, sensors that turn) and for
-- collide.bump, called the way a hostile mod calls them: extreme numbers
-- in every argument, callbacks and metamethods that change the world, run
-- other queries, raise, yield or collect garbage in the middle of a call.
-- Each outcome is an argument error that names the argument (or the
-- contract's documented error) or the answer the same call gives alone;
-- answers are judged by a scene written here (a scale by a power of two
-- is exact, so a tiny scene must answer as the same scene at size 1).
local collide = require "collide"
local V = collide.vec3

local unpack = table.unpack or unpack -- luacheck: ignore 143

local function pack(...) return { n = select("#", ...), ... } end

-- ---- tiny hulls ------------------------------------------------------------

describe("a convex shape of tiny coordinates", function()
  -- A wedge pointing along +x, its tip the corner farthest from the frame's
  -- origin (s), scaled by s = 2^k: every number of its scene is the scene
  -- at size 1 times 2^k, exactly, so every u must be the same and every
  -- point the same times 2^k. (The radius was the square root of the
  -- largest squared corner length, which underflows: 0 for a hull of
  -- 1e-200, and 6e-6 short for 1e-160; the sphere sweeps and the overlaps
  -- ruled the hull out by that radius, and a spinning hull's box in the
  -- world was the ball of it.)
  local function wedge(s)
    return collide.convex { V(s, 0, 0), V(-s / 4, s / 4, 0), V(-s / 4, -s / 4, 0),
                            V(-s / 4, 0, s / 4) }
  end

  local function scene(s, spin)
    local w = collide.world()
    local id = w:add_convex(wedge(s), V(0, 0, 0), 0)
    if spin then w:set_spin(id, 0.001) end
    local out = {}
    for _, x0 in ipairs({ 0, 0.5, 0.9, 1 - 2 ^ -20 }) do
      local a, b = V(x0 * s, -s, 0.01 * s), V(x0 * s, s, 0.01 * s)
      out[#out + 1] = pack(w:raycast(a, b))
      out[#out + 1] = pack(w:sweep_sphere(0, a, b))
      out[#out + 1] = pack(w:sweep_sphere(s / 100, a, b))
      out[#out + 1] = pack(w:sweep_aabb(V(s / 100, s / 100, s / 100), a, b))
      out[#out + 1] = pack(#w:overlap_point(V(x0 * s, 0, 0.01 * s)))
    end
    return out
  end

  it("has the radius of the same hull at size 1, scaled", function()
    for _, k in ipairs({ -200, -500, -660, -700, -1000, 100 }) do
      local s = 2 ^ k
      assert.are.equal(s, wedge(s).radius)
    end
  end)

  it("answers every query as the same scene at size 1", function()
    for _, spin in ipairs({ false, true }) do
      local ref = scene(1, spin)
      for _, k in ipairs({ -500, -560, -700, -1000 }) do
        local s = 2 ^ k
        local got = scene(s, spin)
        for i, r in ipairs(ref) do
          local g = got[i]
          assert(g.n == r.n and g[1] == r[1],
                 ("2^%d, spin %s, query %d: %s, at size 1 %s"):format(k, tostring(spin), i,
                                                                     tostring(g[1]), tostring(r[1])))
          if r[1] == true then   -- (to rounding: the box sweep is not rescaled)
            assert(math.abs(g[2] - r[2]) <= 1e-12, "u")
            assert((g[4] - r[4]):length() <= 1e-12, "normal")
            assert((g[3] / s - r[3]):length() <= 1e-12, "point")
          end
        end
      end
    end
  end)
end)
