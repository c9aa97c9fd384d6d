-- tests/convex_kernel.lua CASES OUT: the answers of collide's convex sweeps
-- for the cases of tests/convex_oracle.py (a Lua file returning an array of
-- cases), one line per case: "miss", or "hit u nx ny nz px py pz feature"
-- (numbers as %.17g, which reads back to the same double). Run with the
-- repository's lua/ and build/ on the paths (the oracle does so).
local collide = require "collide"
local V = collide.vec3

local cases = dofile(arg[1])
local out = assert(io.open(arg[2], "w"))

local function vec(t) return V(t[1], t[2], t[3]) end
local function rot(r)
  if type(r) == "number" then return r end
  return { w = r[1], x = r[2], y = r[3], z = r[4] }
end

for _, c in ipairs(cases) do
  local A = collide.convex(c.A)
  local r, c0, c1 = rot(c.rot), vec(c.c0), vec(c.c1)
  local hit, u, p, n, f
  if c.kind == "plane" then
    hit, u, p, n, f = collide.sweep_convex_plane(A, r, c0, c1,
      collide.plane(vec(c.normal), c.d))
  elseif c.kind == "triangle" then
    hit, u, p, n, f = collide.sweep_convex_triangle(A, r, c0, c1,
      vec(c.B[1]), vec(c.B[2]), vec(c.B[3]))
  elseif c.kind == "polygon" then
    local vs = {}
    for i, q in ipairs(c.B) do vs[i] = vec(q) end
    hit, u, p, n, f = collide.sweep_convex_polygon(A, r, c0, c1, collide.polygon(vs))
  elseif c.kind == "segment" then
    hit, u, p, n, f = collide.sweep_convex_segment(A, r, c0, c1, vec(c.B[1]), vec(c.B[2]))
  elseif c.kind == "sphere" then
    hit, u, p, n, f = collide.sweep_convex_sphere(A, r, c0, c1, vec(c.center), c.r)
  elseif c.kind == "capsule" then
    hit, u, p, n, f = collide.sweep_convex_capsule(A, r, c0, c1, vec(c.B[1]), vec(c.B[2]), c.r)
  elseif c.kind == "aabb" then
    hit, u, p, n, f = collide.sweep_convex_aabb(A, r, c0, c1, vec(c.center), vec(c.e))
  else
    hit, u, p, n, f = collide.sweep_convex_convex(A, r, c0, c1, collide.convex(c.B),
      rot(c.rotB), vec(c.b))
  end
  if hit then
    out:write(("hit %.17g %.17g %.17g %.17g %.17g %.17g %.17g %s\n"):format(
      u, n.x, n.y, n.z, p.x, p.y, p.z, f))
  else
    out:write("miss\n")
  end
end
out:close()
