/* collide_world_pending.h -- TEMPORARY: the prototypes of the capsule and
   box sweeps other branches are landing in collide.h (see
   collide_world_pending.c). Goes once they are merged. */
#ifndef COLLIDE_WORLD_PENDING_H
#define COLLIDE_WORLD_PENDING_H
#include "collide.h"
int collide_sweep_capsule_sphere(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *center, double rb, collide_hit *out);
int collide_sweep_capsule_plane(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_plane *plane, collide_hit *out);
int collide_sweep_capsule_triangle(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, const collide_vec3 *c, collide_hit *out);
int collide_sweep_capsule_polygon(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_polygon *polygon, collide_hit *out);
int collide_sweep_capsule_segment(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, collide_hit *out);
int collide_sweep_capsule_aabb(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *center, const collide_vec3 *extents, collide_hit *out);
int collide_sweep_capsule_capsule(double ra, const collide_vec3 *axisa, const collide_vec3 *a0, const collide_vec3 *a1, double rb, const collide_vec3 *axisb, const collide_vec3 *b0, const collide_vec3 *b1, collide_interval *out);
int collide_sweep_aabb_sphere(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *center, double r, collide_hit *out);
int collide_sweep_aabb_plane(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_plane *plane, collide_hit *out);
int collide_sweep_aabb_triangle(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, const collide_vec3 *c, collide_hit *out);
int collide_sweep_aabb_polygon(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_polygon *polygon, collide_hit *out);
int collide_sweep_aabb_segment(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, collide_hit *out);
#endif
