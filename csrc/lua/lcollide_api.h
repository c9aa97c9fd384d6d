/*
 * lcollide_api.h -- the one declaration of every generated entry point.
 *
 * Each line names a Lua function or method, the core function it calls, the
 * kind of its result and the kinds of its arguments, in Lua order:
 *
 *   X(lua_name, core_function, RESULT, (KIND, KIND, ...))
 *
 * From this list alone both bindings are made:
 *   - the C API (csrc/lua/lcollide_api.c) expands it into one lua_CFunction
 *     per line: argument reading and type checks, the core call, result
 *     pushing with out-vectors, and the error messages;
 *   - the LuaJIT FFI backend (lua/collide/ffi.lua) reads the same list at
 *     load time from collide.core (the table `_api`, built from these
 *     lines by lcollide_api.c) and generates its wrappers from it.
 * So a new query is declared here once, implemented once in the core, and
 * specced once; no wrapper is written by hand for it.
 *
 * Argument kinds (at most 8 arguments):
 *   N  a number (double)              V  a vector: vec3, {x, y [, z]} or
 *   P  a plane object                    {x =, y = [, z =]}
 *   G  a polygon object                S  a vec3 object only (a method's self)
 * Results, with the core's out parameter and the optional out-vectors that
 * follow the arguments:
 *   HIT              collide_hit       false | true, u, point, normal, feature
 *                                      (2 out-vectors)
 *   INTERVAL         collide_interval  false | true, u0, u1
 *   INTERVAL_NORMAL  collide_interval  false | true, u0, u1, normal (1)
 *   TEST             (none)            true | false
 *   VEC              collide_vec3      a vec3 (1 out-vector)
 *   NUMBER           double            a number
 *   PLANE            collide_plane     a new plane object
 *
 * The core function is int core_function(<arguments in Lua order>, <out>):
 * 1 (or, for VEC/NUMBER/PLANE, any value >= 0) with out filled, 0 for no
 * contact, or a negative COLLIDE_FAIL(position, reason) whose position is
 * the argument's 1-based position in this list (a method's self is 1).
 * Messages name the Lua function and count a method's arguments the Lua way
 * (self is not counted): "bad argument #1 to 'distance' (...)".
 *
 * Hand-written wrappers remain only where an entry point truly differs:
 * the vec3 metamethods and accessors, polygon construction (an array), and
 * the world (Lua callbacks and Lua values kept with shapes).
 */
#ifndef LCOLLIDE_API_H
#define LCOLLIDE_API_H

/* collide.<name>(...) */
#define LC_API_FUNCTIONS(X) \
  X(plane, collide_plane_make, PLANE, (V, N)) \
  X(plane_from_point_normal, collide_plane_from_point_normal, PLANE, (V, V)) \
  X(plane_from_points, collide_plane_from_points, PLANE, (V, V, V)) \
  X(sweep_sphere_sphere, collide_sweep_sphere_sphere, INTERVAL, (N, V, V, N, V, V)) \
  X(test_sphere_sphere, collide_test_sphere_sphere, TEST, (N, V, V, N, V, V)) \
  X(sweep_sphere_plane, collide_sweep_sphere_plane, HIT, (N, V, V, P)) \
  X(sweep_sphere_triangle, collide_sweep_sphere_triangle, HIT, (N, V, V, V, V, V)) \
  X(sweep_sphere_polygon, collide_sweep_sphere_polygon, HIT, (N, V, V, G)) \
  X(sweep_sphere_segment, collide_sweep_sphere_segment, HIT, (N, V, V, V, V)) \
  X(sweep_sphere_aabb, collide_sweep_sphere_aabb, HIT, (N, V, V, V, V)) \
  X(sweep_aabb_aabb, collide_sweep_aabb_aabb, INTERVAL_NORMAL, (V, V, V, V, V, V)) \
  X(raycast_sphere, collide_raycast_sphere, HIT, (V, V, V, N)) \
  X(raycast_plane, collide_raycast_plane, HIT, (V, V, P)) \
  X(raycast_triangle, collide_raycast_triangle, HIT, (V, V, V, V, V)) \
  X(raycast_polygon, collide_raycast_polygon, HIT, (V, V, G)) \
  X(raycast_aabb, collide_raycast_aabb, HIT, (V, V, V, V)) \
  X(sweep_capsule_sphere, collide_sweep_capsule_sphere, HIT, (N, V, V, V, V, N)) \
  X(sweep_capsule_plane, collide_sweep_capsule_plane, HIT, (N, V, V, V, P)) \
  X(sweep_capsule_triangle, collide_sweep_capsule_triangle, HIT, (N, V, V, V, V, V, V)) \
  X(sweep_capsule_polygon, collide_sweep_capsule_polygon, HIT, (N, V, V, V, G)) \
  X(sweep_capsule_segment, collide_sweep_capsule_segment, HIT, (N, V, V, V, V, V)) \
  X(sweep_capsule_aabb, collide_sweep_capsule_aabb, HIT, (N, V, V, V, V, V)) \
  X(sweep_capsule_capsule, collide_sweep_capsule_capsule, INTERVAL_NORMAL, (N, V, V, V, N, V, V, V)) \
  X(lerp, collide_vec3_lerp, VEC, (V, V, N)) \
  X(reflect, collide_vec3_reflect, VEC, (V, V)) \
  X(slide, collide_vec3_slide, VEC, (V, V))

/* v:<name>(...): self is the first argument. */
#define LC_API_VEC3_METHODS(X) \
  X(dot, collide_vec3_dot, NUMBER, (S, V)) \
  X(cross, collide_vec3_cross, VEC, (S, V)) \
  X(length, collide_vec3_length, NUMBER, (S)) \
  X(length_squared, collide_vec3_length_squared, NUMBER, (S)) \
  X(normalize, collide_vec3_normalize, VEC, (S))

/* plane:<name>(...) */
#define LC_API_PLANE_METHODS(X) \
  X(distance, collide_plane_distance, NUMBER, (P, V))

#endif
