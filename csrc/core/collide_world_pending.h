/* collide_world_pending.h -- TEMPORARY: the box sweeps another branch is
   landing in collide.h (the capsule sweeps are in). Until they are merged, the world
   refers to them weakly (an absent one is a null address) and a call to an
   absent one answers "no contact"; the world's queries of a box or a
   capsule then find nothing against the kinds whose sweep is missing.
   This file goes once they are merged (and the includes of it). */
#ifndef COLLIDE_WORLD_PENDING_H
#define COLLIDE_WORLD_PENDING_H
#include "collide.h"
int collide_sweep_aabb_sphere(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *center, double r, collide_hit *out);
int collide_sweep_aabb_plane(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_plane *plane, collide_hit *out);
int collide_sweep_aabb_triangle(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, const collide_vec3 *c, collide_hit *out);
int collide_sweep_aabb_polygon(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_polygon *polygon, collide_hit *out);
int collide_sweep_aabb_segment(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, collide_hit *out);
#pragma weak collide_sweep_aabb_sphere
#pragma weak collide_sweep_aabb_plane
#pragma weak collide_sweep_aabb_triangle
#pragma weak collide_sweep_aabb_polygon
#pragma weak collide_sweep_aabb_segment
#define collide_sweep_aabb_sphere(...) (collide_sweep_aabb_sphere ? (collide_sweep_aabb_sphere)(__VA_ARGS__) : 0)
#define collide_sweep_aabb_plane(...) (collide_sweep_aabb_plane ? (collide_sweep_aabb_plane)(__VA_ARGS__) : 0)
#define collide_sweep_aabb_triangle(...) (collide_sweep_aabb_triangle ? (collide_sweep_aabb_triangle)(__VA_ARGS__) : 0)
#define collide_sweep_aabb_polygon(...) (collide_sweep_aabb_polygon ? (collide_sweep_aabb_polygon)(__VA_ARGS__) : 0)
#define collide_sweep_aabb_segment(...) (collide_sweep_aabb_segment ? (collide_sweep_aabb_segment)(__VA_ARGS__) : 0)
#endif
