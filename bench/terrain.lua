-- bench/terrain.lua -- the height-field terrain of the world benchmarks
-- (bench/world_bench.lua, bench/convex_move_bench.lua), added as one mesh:
-- about ntri triangles over a square of g x g unit cells, heights drawn
-- from rnd() * 0.5. Returns the built world and g.
--
--   local terrain_mesh = dofile(dir .. "terrain.lua")
--   local w, g = terrain_mesh(collide, 10000, rnd)
return function(collide, ntri, rnd)
  local V = collide.vec3
  local g = math.floor(math.sqrt(ntri / 2) + 0.5)
  local verts, idx = {}, {}
  for i = 0, g do
    for j = 0, g do verts[i * (g + 1) + j + 1] = V(i, rnd() * 0.5, j) end
  end
  for i = 0, g - 1 do
    for j = 0, g - 1 do
      local a, b = i * (g + 1) + j + 1, (i + 1) * (g + 1) + j + 1
      local n = #idx
      idx[n + 1], idx[n + 2], idx[n + 3] = a, b, a + 1
      idx[n + 4], idx[n + 5], idx[n + 6] = b, b + 1, a + 1
    end
  end
  local w = collide.world()
  w:add_mesh(verts, idx)
  w:build()
  return w, g
end
