-- A console tour of collide's swept tests: `make demo`.
local collide = require "collide"
local vec3 = collide.vec3

local function f(x) return ("%.4g"):format(x) end
local function v(p) return ("(%s, %s)"):format(f(p.x), f(p.y)) end

print(("collide %s on %s, backend %s"):format(collide._VERSION,
  jit and jit.version or _VERSION, collide.backend))

---------------------------------------------------------------------------
print("\n(a) A fast bullet and a small target: overlap test vs sweep")
---------------------------------------------------------------------------
-- A bullet of radius 0.05 flies at 600 units/s; the game runs at 60 frames/s,
-- so it moves 10 units a frame. A target of radius 0.5 stands at x = 25.
local dt, speed, r_bullet = 1 / 60, 600, 0.05
local target, r_target = vec3(25, 0), 0.5
local pos = vec3(0, 0)
local overlap_hits, sweep_hits = 0, 0
for frame = 1, 5 do
  local nxt = pos + vec3(speed * dt, 0)
  -- the per-frame overlap test only looks at where the bullet ends up
  local overlapping = (nxt - target):length() <= r_bullet + r_target
  -- the sweep looks at the whole motion of the frame
  local hit, u0 = collide.sweep_sphere_sphere(r_bullet, pos, nxt, r_target, target, target)
  print(("  frame %d: bullet %s -> %s   overlap test: %-5s   sweep: %s"):format(
    frame, v(pos), v(nxt), tostring(overlapping),
    hit and ("hit at u = " .. f(u0) .. ", x = " .. f(collide.lerp(pos, nxt, u0).x)) or "miss"))
  if overlapping then overlap_hits = overlap_hits + 1 end
  if hit then sweep_hits = sweep_hits + 1 end
  pos = nxt
end
print(("  the overlap test saw %d hit(s); the sweep saw %d: the bullet tunnelled "
  .. "through the target between two frames unless swept."):format(overlap_hits, sweep_hits))

---------------------------------------------------------------------------
print("\n(b) A ball hits the floor and bounces for the rest of the step (RTR 16.18.1)")
---------------------------------------------------------------------------
local floor = collide.plane(vec3(0, 1, 0), 0)   -- y = 0, normal up
local r = 0.5
local c0, c1 = vec3(0, 3), vec3(4, -3)           -- one step: down and right
local hit, u, point, normal, feature = collide.sweep_sphere_plane(r, c0, c1, floor)
print(("  ball r = %s from %s to %s"):format(f(r), v(c0), v(c1)))
if hit then
  local at = collide.lerp(c0, c1, u)
  local rest = (c1 - c0) * (1 - u)               -- the motion left in the step
  local bounced = collide.reflect(rest, normal)  -- v - 2 (v.n) n
  local final = at + bounced
  print(("  touches the %s at u = %s: centre %s, point %s, normal %s"):format(
    feature, f(u), v(at), v(point), v(normal)))
  print(("  remaining motion %s reflects to %s; the ball ends the step at %s"):format(
    v(rest), v(bounced), v(final)))
  print(("  (a naive step would have left it at %s, %s below the floor)"):format(
    v(c1), f(r - c1.y)))
end

---------------------------------------------------------------------------
print("\n(c) Two moving spheres: first and last contact")
---------------------------------------------------------------------------
local a0, a1, ra = vec3(-10, 0), vec3(10, 0), 1
local b0, b1, rb = vec3(0, -6), vec3(0, 6), 1.5
local touch, first, last = collide.sweep_sphere_sphere(ra, a0, a1, rb, b0, b1)
print(("  A r = %s %s -> %s,  B r = %s %s -> %s"):format(
  f(ra), v(a0), v(a1), f(rb), v(b0), v(b1)))
if touch then
  local pa, pb = collide.lerp(a0, a1, first), collide.lerp(b0, b1, first)
  print(("  first contact u0 = %s: A at %s, B at %s, distance %s = ra + rb"):format(
    f(first), v(pa), v(pb), f((pa - pb):length())))
  pa, pb = collide.lerp(a0, a1, last), collide.lerp(b0, b1, last)
  print(("  last contact  u1 = %s: A at %s, B at %s, distance %s"):format(
    f(last), v(pa), v(pb), f((pa - pb):length())))
else
  print("  no contact")
end
