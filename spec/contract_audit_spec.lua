-- contract_audit_spec.lua -- statements of the API contract
-- (/work/shared/collide-api.md) that no other spec pins, checked as an
-- acceptance test written from the contract alone would check them, on
-- every Lua and backend the suite runs on. Where another spec already
-- checks a statement precisely (hostile_spec: argument errors of the
-- single-shape queries; backend_spec: both backends alike), it is not
-- repeated here.
local collide = require "collide"
local V = collide.vec3
local unpack = table.unpack or unpack -- luacheck: ignore 143

local function pack(...) return { n = select("#", ...), ... } end

-- ---- movers: ground that the mover exactly touches ------------------------
-- Contact is closed (touching counts), so a mover resting exactly on a
-- floor (a sphere of radius r at height r, as a game spawns it) is on the
-- ground: grounded, with that floor as `ground`, and grounded at the start
-- for snap. The ground probe once started at the mover itself and took a
-- floor it merely touched (met at u = 0) for a shape the mover is in.

describe("a mover resting exactly on the ground", function()
  local up = V(0, 1, 0)
  local MOVERS = {
    { "sphere", function(w, a, b, o) return w:move_sphere(0.5, a, b, o) end },
    { "box", function(w, a, b, o) return w:move_aabb(V(0.5, 0.5, 0.5), a, b, o) end },
    { "capsule", function(w, a, b, o) return w:move_capsule(0.5, V(0, 0, 0), a, b, o) end },
  }
  for _, m in ipairs(MOVERS) do
    local name, move = m[1], m[2]

    it(name .. ": is grounded on it, moving or not, and names it as ground", function()
      for _, floor in ipairs({
        function(w) return w:add_aabb(V(0, -1), V(100, 1, 100)) end,
        function(w) return w:add_plane(collide.plane(up, 0)) end,
        function(w) return w:add_triangle(V(-50, 0, -50), V(50, 0, -50), V(0, 0, 50)) end,
      }) do
        local w = collide.world()
        local id = floor(w)
        for _, to in ipairs({ V(0, 0.5), V(3, 0.5), V(3, 0.25) }) do
          local pos, _, grounded, _, ground = move(w, V(0, 0.5), to, { up = up })
          assert.is_true(grounded)
          assert.are.equal(0.5, pos.y)
          assert.is_table(ground)
          assert.are.equal(id, ground.id)
          assert.are.equal(V(0, 1, 0), ground.normal)
        end
      end
    end)

    it(name .. ": snaps down when it walks off a ledge it stood exactly on", function()
      local w = collide.world()
      local floor = w:add_aabb(V(0, -1), V(100, 1, 100))
      w:add_aabb(V(0, 0.15), V(1, 0.15, 100))   -- a ledge 0.3 high, x in [-1, 1]
      local pos, _, grounded, _, ground = move(w, V(0.9, 0.8), V(1.9, 0.8),
        { up = up, snap = 0.5 })
      assert.is_true(grounded)
      assert.are.equal(floor, ground.id)
      assert.is_true(pos.y < 0.51 and pos.y >= 0.5)
    end)
  end
end)
