-- A playground script: build worlds and run queries with `collide`; the
-- playground draws every shape and every query. frame(t), if defined, runs
-- every frame (t in seconds; F5 pauses, F6 steps). Save to reload.
local V = collide.vec3

w = collide.world()
w:add_aabb(V(0, -0.5), V(8, 0.5), "floor")
w:add_segment(V(-8, 0), V(-4, 3), "ramp")
w:add_polygon(collide.polygon({ V(2, 0), V(5, 0), V(5, 2) }), "wedge")
w:add_sphere(V(-1, 3), 0.75, "ball")
w:add_capsule(V(6, 2), V(6, 5), 0.4, "post")

-- a sphere dropped onto the floor: where does it land?
w:sweep_sphere(0.5, V(-2, 6), V(-2, -2))
-- a ray through the ball
w:raycast(V(-6, 5), V(4, 1))
-- one query against one shape, no world
collide.sweep_aabb_segment(V(0.5, 0.5), V(-7, 6), V(-5, 1), V(-8, 0), V(-4, 3))

function frame(t)
  -- a box walking right along the floor and over the wedge
  local x = -3 + (t % 4) * 2
  w:move_aabb(V(0.4, 0.6), V(x, 0.61), V(x + 1.5, 0.61),
              { up = V(0, 1), step_height = 0.3, snap = 0.3 })
  -- a circle swept toward the post at an angle that turns
  local a = t * 0.8
  w:sweep_sphere(0.3, V(2, 5), V(2 + 6 * math.cos(a), 5 + 2 * math.sin(a)))
end
