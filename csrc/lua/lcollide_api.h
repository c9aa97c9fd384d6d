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
 *   C  a convex object                 R  a rotation: an angle (number) or
 *                                         a quaternion {w =, x =, y =, z =}
 *   A  a flat array of numbers (the world's MANY methods only)
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
 * The world's plain methods (adding a shape, overlaps, sweeps and rays
 * with their optional filter) have a list of their own at the end,
 * LC_API_WORLD_METHODS, made into methods the same way by both bindings.
 * Hand-written wrappers remain only where an entry point truly differs:
 * the vec3 metamethods and accessors, polygon construction (an array), and
 * the rest of the world (meshes, update/get, ids, lists of hits, movers).
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
  /* ---- moving box (branch box) ---- */ \
  X(sweep_aabb_sphere, collide_sweep_aabb_sphere, HIT, (V, V, V, V, N)) \
  X(sweep_aabb_plane, collide_sweep_aabb_plane, HIT, (V, V, V, P)) \
  X(sweep_aabb_triangle, collide_sweep_aabb_triangle, HIT, (V, V, V, V, V, V)) \
  X(sweep_aabb_polygon, collide_sweep_aabb_polygon, HIT, (V, V, V, G)) \
  X(sweep_aabb_segment, collide_sweep_aabb_segment, HIT, (V, V, V, V, V)) \
  /* ---- end moving box ---- */ \
  X(sweep_capsule_sphere, collide_sweep_capsule_sphere, HIT, (N, V, V, V, V, N)) \
  X(sweep_capsule_plane, collide_sweep_capsule_plane, HIT, (N, V, V, V, P)) \
  X(sweep_capsule_triangle, collide_sweep_capsule_triangle, HIT, (N, V, V, V, V, V, V)) \
  X(sweep_capsule_polygon, collide_sweep_capsule_polygon, HIT, (N, V, V, V, G)) \
  X(sweep_capsule_segment, collide_sweep_capsule_segment, HIT, (N, V, V, V, V, V)) \
  X(sweep_capsule_aabb, collide_sweep_capsule_aabb, HIT, (N, V, V, V, V, V)) \
  X(sweep_capsule_capsule, collide_sweep_capsule_capsule, INTERVAL_NORMAL, (N, V, V, V, N, V, V, V)) \
  X(sweep_convex_sphere, collide_sweep_convex_sphere, HIT, (C, R, V, V, V, N)) \
  X(sweep_convex_plane, collide_sweep_convex_plane, HIT, (C, R, V, V, P)) \
  X(sweep_convex_triangle, collide_sweep_convex_triangle, HIT, (C, R, V, V, V, V, V)) \
  X(sweep_convex_polygon, collide_sweep_convex_polygon, HIT, (C, R, V, V, G)) \
  X(sweep_convex_segment, collide_sweep_convex_segment, HIT, (C, R, V, V, V, V)) \
  X(sweep_convex_aabb, collide_sweep_convex_aabb, HIT, (C, R, V, V, V, V)) \
  X(sweep_convex_capsule, collide_sweep_convex_capsule, HIT, (C, R, V, V, V, V, N)) \
  X(sweep_convex_convex, collide_sweep_convex_convex, HIT, (C, R, V, V, C, R, V)) \
  X(sweep_convex_turning, collide_sweep_convex_turning, HIT, (C, R, R, V, V, C, R, V)) \
  X(raycast_convex, collide_raycast_convex, HIT, (C, R, V, V, V)) \
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

/* ---- the world's methods without a hand-written wrapper (issue 9) ----
 * w:<name>(...): self is the world; the kinds are those of the arguments
 * after it (N, V, P, C, R; at most 8). lcollide_world.c makes the C-API methods
 * from these lines, and lua/collide/ffi_world.lua its FFI methods from the
 * same lines, read from collide.core._api.world ({lua_name, core_function,
 * kinds, RESULT} each). Results:
 *   ADDED  int core(w, <arguments>): the new id or <0; the method takes an
 *          optional data after the arguments and returns the id
 *   IDS    int core(w, <arguments>, filter, ctx, int *ids, int cap): how
 *          many shapes touch; the method takes an optional filter (function
 *          or mask) after the arguments and returns the array of ids
 *   WHIT   int core(w, <arguments>, filter, ctx, collide_hit *, int *id):
 *          the method takes an optional filter and two out-vectors after the
 *          arguments and returns false | true, u, point, normal, feature, id
 *   PEN    int core(w, <arguments>, filter, ctx, collide_penetration *out,
 *          int cap): as IDS, returning the array {id =, normal =, depth =}
 *   MANY   int core(w, <arguments>, filter, ctx, double *out, int *bad):
 *          many queries in one call; the last argument is the kind A, a
 *          flat array of numbers, 6 per query (segments), passed to the
 *          core as (const double *, int n); the method takes an optional
 *          filter and an optional out array after it and returns out, 8
 *          numbers per query (see collide_world_raycast_many)
 *   CAND   int core(w, <arguments>, int *ids, int cap): the broadphase's
 *          ids (no filter, no exact test); the method takes an optional
 *          out after the arguments and returns out, n (out[1..n] the ids,
 *          the entries after them cleared; see push_candidates); one
 *          whose name begins with update_ changes the world first (an
 *          error while it is locked, as every change)
 * Messages are those of the hand-written methods: self is not counted. */
#define LC_API_WORLD_METHODS(X) \
  X(add_triangle, collide_world_add_triangle, ADDED, (V, V, V)) \
  X(add_aabb, collide_world_add_aabb, ADDED, (V, V)) \
  X(add_sphere, collide_world_add_sphere, ADDED, (V, N)) \
  X(add_segment, collide_world_add_segment, ADDED, (V, V)) \
  X(add_plane, collide_world_add_plane, ADDED, (P)) \
  X(add_capsule, collide_world_add_capsule, ADDED, (V, V, N)) \
  X(add_convex, collide_world_add_convex, ADDED, (C, V, R)) \
  X(overlap_sphere, collide_world_overlap_sphere, IDS, (V, N)) \
  X(overlap_point, collide_world_overlap_point, IDS, (V)) \
  X(overlap_aabb, collide_world_overlap_aabb, IDS, (V, V)) \
  X(overlap_capsule, collide_world_overlap_capsule, IDS, (V, V, N)) \
  X(penetration_sphere, collide_world_penetration_sphere, PEN, (V, N)) \
  X(penetration_aabb, collide_world_penetration_aabb, PEN, (V, V)) \
  X(penetration_capsule, collide_world_penetration_capsule, PEN, (V, V, N)) \
  X(sweep_sphere, collide_world_sweep_sphere, WHIT, (N, V, V)) \
  X(sweep_aabb, collide_world_sweep_aabb, WHIT, (V, V, V)) \
  X(sweep_capsule, collide_world_sweep_capsule, WHIT, (N, V, V, V)) \
  X(sweep_convex, collide_world_sweep_convex, WHIT, (C, R, V, V)) \
  X(raycast, collide_world_raycast, WHIT, (V, V)) \
  X(raycast_many, collide_world_raycast_many, MANY, (A)) \
  X(sweep_sphere_many, collide_world_sweep_sphere_many, MANY, (N, A)) \
  X(sweep_aabb_many, collide_world_sweep_aabb_many, MANY, (V, A)) \
  X(sweep_capsule_many, collide_world_sweep_capsule_many, MANY, (N, V, A)) \
  X(candidates_aabb, collide_world_candidates_aabb, CAND, (V, V, V)) \
  X(update_candidates_aabb, collide_world_update_candidates_aabb, CAND, (N, V, V, V, V, V)) \
  /* internal: a plane kept as given (w:save, collide.load) */ \
  X(_add_unit_plane, collide_world__add_unit_plane, ADDED, (V, N))
/* ---- (end of the world's methods) ---- */

/* ---- taking a list line apart ---------------------------------------------
 * A line's argument kinds come as a parenthesized list, (N, V, V, P). Its
 * length picks, by token pasting, the macro that turns it into the core
 * call's arguments (a[0].n, &a[1].v, ...) and into the string "NVVP". */

#define LC_UNPAREN(...) __VA_ARGS__
#define LC_CAT(a, b) LC_CAT_(a, b)
#define LC_CAT_(a, b) a##b
#define LC_NARG(...) LC_NARG_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define LC_NARG_(a1, a2, a3, a4, a5, a6, a7, a8, n, ...) n
/* m1 .. m8 applied to the kinds of a parenthesized list */
#define LC_APPLY(m, kinds) LC_APPLY_(m, LC_UNPAREN kinds)
#define LC_APPLY_(m, ...) LC_CAT(m, LC_NARG(__VA_ARGS__))(__VA_ARGS__)
#define LC_COUNT(kinds) LC_APPLY_(LC_COUNT_IS, LC_UNPAREN kinds)

#define LC_COUNT_IS1(...) 1
#define LC_COUNT_IS2(...) 2
#define LC_COUNT_IS3(...) 3
#define LC_COUNT_IS4(...) 4
#define LC_COUNT_IS5(...) 5
#define LC_COUNT_IS6(...) 6
#define LC_COUNT_IS7(...) 7
#define LC_COUNT_IS8(...) 8

#define LC_PASS_N(i) a[i].n
#define LC_PASS_V(i) &a[i].v
#define LC_PASS_S(i) &a[i].v
#define LC_PASS_P(i) a[i].p
#define LC_PASS_G(i) a[i].g
#define LC_PASS_C(i) a[i].x
#define LC_PASS_R(i) &a[i].r
#define LC_PASS_A(i) a[i].arr.p, a[i].arr.n
#define LC_PASS1(k1) LC_PASS_##k1(0)
#define LC_PASS2(k1, k2) LC_PASS1(k1), LC_PASS_##k2(1)
#define LC_PASS3(k1, k2, k3) LC_PASS2(k1, k2), LC_PASS_##k3(2)
#define LC_PASS4(k1, k2, k3, k4) LC_PASS3(k1, k2, k3), LC_PASS_##k4(3)
#define LC_PASS5(k1, k2, k3, k4, k5) LC_PASS4(k1, k2, k3, k4), LC_PASS_##k5(4)
#define LC_PASS6(k1, k2, k3, k4, k5, k6) \
  LC_PASS5(k1, k2, k3, k4, k5), LC_PASS_##k6(5)
#define LC_PASS7(k1, k2, k3, k4, k5, k6, k7) \
  LC_PASS6(k1, k2, k3, k4, k5, k6), LC_PASS_##k7(6)
#define LC_PASS8(k1, k2, k3, k4, k5, k6, k7, k8) \
  LC_PASS7(k1, k2, k3, k4, k5, k6, k7), LC_PASS_##k8(7)

#define LC_KINDS1(k1) #k1
#define LC_KINDS2(k1, k2) #k1 #k2
#define LC_KINDS3(k1, k2, k3) #k1 #k2 #k3
#define LC_KINDS4(k1, k2, k3, k4) #k1 #k2 #k3 #k4
#define LC_KINDS5(k1, k2, k3, k4, k5) #k1 #k2 #k3 #k4 #k5
#define LC_KINDS6(k1, k2, k3, k4, k5, k6) #k1 #k2 #k3 #k4 #k5 #k6
#define LC_KINDS7(k1, k2, k3, k4, k5, k6, k7) #k1 #k2 #k3 #k4 #k5 #k6 #k7
#define LC_KINDS8(k1, k2, k3, k4, k5, k6, k7, k8) \
  #k1 #k2 #k3 #k4 #k5 #k6 #k7 #k8

#endif
