rockspec_format = "3.0"
package = "collide"
version = "scm-1"
source = {
  url = "git+file:///dev/null",  -- built from a checkout: luarocks make
}
description = {
  summary = "Swept (continuous) collision detection for Lua, with a C core",
  detailed = [[
collide answers the question fast games get wrong: did these two things
touch at any moment during this step, when first, where, and which way is
out? Swept sphere, box, segment, triangle and polygon tests, ray casts, a
world with a broadphase and a collide-and-slide mover. Lua 5.1-5.4 and
LuaJIT (through the FFI on LuaJIT).
]],
  license = "MIT",
  labels = { "collision", "physics", "gamedev", "love" },
}
dependencies = {
  "lua >= 5.1, < 5.5",
}
build = {
  type = "builtin",
  modules = {
    ["collide.core"] = {
      sources = {
        "csrc/core/collide_box.c",
        "csrc/core/collide_capsule.c",
        "csrc/core/collide_capsule_box.c",
        "csrc/core/collide_capsule_flat.c",
        "csrc/core/collide_contact.c",
        "csrc/core/collide_convex.c",
        "csrc/core/collide_hull.c",
        "csrc/core/collide_convex_obstacle.c",
        "csrc/core/collide_convex_penetration.c",
        "csrc/core/collide_mover.c",
        "csrc/core/collide_outline.c",
        "csrc/core/collide_pairs.c",
        "csrc/core/collide_penetration.c",
        "csrc/core/collide_polygon.c",
        "csrc/core/collide_predicates.c",
        "csrc/core/collide_prims.c",
        "csrc/core/collide_query.c",
        "csrc/core/collide_sensor.c",
        "csrc/core/collide_slots.c",
        "csrc/core/collide_spin.c",
        "csrc/core/collide_sphere.c",
        "csrc/core/collide_tree.c",
        "csrc/core/collide_turning.c",
        "csrc/core/collide_world.c",
        "csrc/lua/lcollide.c",
        "csrc/lua/lcollide_api.c",
        "csrc/lua/lcollide_aux.c",
        "csrc/lua/lcollide_convex.c",
        "csrc/lua/lcollide_shapes.c",
        "csrc/lua/lcollide_vec3.c",
        "csrc/lua/lcollide_world.c",
      },
      incdirs = { "csrc/core", "csrc/lua" },
      libraries = { "m" },
    },
    -- Lua modules are also copied from lua/ as they are (see below); this
    -- one is listed so that the rock names the bump.lua facade it carries.
    ["collide.bump"] = "lua/collide/bump.lua",
  },
  -- The builtin backend copies lua/ as it is: lua/collide/init.lua becomes
  -- collide/init.lua in the installed tree. The LuaLS annotations (types/,
  -- see the README) go into the rock's directory of the tree.
  copy_directories = { "types" },
}
-- `luarocks make` builds collide.core in place (./collide/core.so, for the
-- Lua luarocks runs on; nothing else in the source tree reads it) and
-- installs it; `luarocks test` then runs the specs against that object.
test = {
  type = "busted",
  flags = { "--lpath=lua/?.lua;lua/?/init.lua", "--cpath=./?.so" },
}
