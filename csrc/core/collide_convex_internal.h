/*
 * collide_convex_internal.h -- what the convex family shares with the rest
 * of the core (not installed, not part of the API): the rotation matrix
 * the kernels turn a hull by, and the penetration of a convex shape and
 * another shape (collide_convex_penetration.c), which the world's queries
 * and the movers' push-out use, for a convex obstacle as for a convex
 * mover.
 */
#ifndef COLLIDE_CONVEX_INTERNAL_H
#define COLLIDE_CONVEX_INTERNAL_H

#include "collide_prims.h"

/* collide_hull.c: the rows of the matrix of q (world = R v), computed as
   collide_convex.c's kernels compute it: 0, or the COLLIDE_E_* reason q is
   refused (a NaN, infinite or too large number; a quaternion not unit to
   1e-6). */
COLLIDE_PRIVATE int collide__rotation_matrix(const collide_rotation *q, vec3 R[3]);

/* R v and R^T v by the rows of R (the kernels' rot_apply, rot_apply_t). */
static inline vec3 cvx_turn(const vec3 R[3], vec3 v) {
  return v3(v_dot(R[0], v), v_dot(R[1], v), v_dot(R[2], v));
}
static inline vec3 cvx_unturn(const vec3 R[3], vec3 L) {
  return v_add(v_add(v_scale(R[0], L.x), v_scale(R[1], L.y)), v_scale(R[2], L.z));
}

/* ---- a convex shape as the fixed obstacle (collide_convex_obstacle.c) ----
 * The world's moving shapes -- a sphere of radius r, a box of half-extents
 * e, a capsule of radius r about c -+ axis -- whose centre goes from c0 to
 * c1, against the hull A turned by rot, its origin at pos, held still: 1
 * with *out as every sweep's (u, the hull's point, the normal from the
 * hull toward the shape, the hull's feature), 0, or <0 (the collide_world_*
 * positions of the mover's arguments first, then A, rot, pos). The
 * answer of collide_sweep_convex_sphere / _aabb / _capsule with the
 * motion reversed. */
COLLIDE_PRIVATE int collide__sweep_sphere_convex(double r, const vec3 *c0,
                                                 const vec3 *c1,
                                                 const collide_convex *A,
                                                 const collide_rotation *rot,
                                                 const vec3 *pos, collide_hit *out);
COLLIDE_PRIVATE int collide__sweep_aabb_convex(const vec3 *e, const vec3 *c0,
                                               const vec3 *c1,
                                               const collide_convex *A,
                                               const collide_rotation *rot,
                                               const vec3 *pos, collide_hit *out);
COLLIDE_PRIVATE int collide__sweep_capsule_convex(double r, const vec3 *axis,
                                                  const vec3 *c0, const vec3 *c1,
                                                  const collide_convex *A,
                                                  const collide_rotation *rot,
                                                  const vec3 *pos, collide_hit *out);

/* ---- penetration (collide_convex_penetration.c) ---------------------------
 * The convex shape A, turned by rot, its origin at pos, and an obstacle,
 * both held still: 1 when they touch (contact closed) with *h (u = 0, the
 * sweep kernel's point and feature, and as normal the direction of the
 * shortest translation of A that separates them: from the obstacle toward
 * A; the 2D rule holds) and *depth (that translation's length, 0 when they
 * only touch); 0 when apart; <0 a rejected argument (the positions of the
 * collide_sweep_convex_* kernels: 1 A, 2 rot, 3 pos, then the obstacle's
 * from 5). Exact to rounding: see the file. */
COLLIDE_PRIVATE int collide__penetration_convex_sphere(
    const collide_convex *A, const collide_rotation *rot, const vec3 *pos,
    const vec3 *center, double r, collide_hit *h, double *depth);
COLLIDE_PRIVATE int collide__penetration_convex_capsule(
    const collide_convex *A, const collide_rotation *rot, const vec3 *pos,
    const vec3 *a, const vec3 *b, double r, collide_hit *h, double *depth);
COLLIDE_PRIVATE int collide__penetration_convex_aabb(
    const collide_convex *A, const collide_rotation *rot, const vec3 *pos,
    const vec3 *center, const vec3 *e, collide_hit *h, double *depth);
COLLIDE_PRIVATE int collide__penetration_convex_triangle(
    const collide_convex *A, const collide_rotation *rot, const vec3 *pos,
    const vec3 *a, const vec3 *b, const vec3 *c, collide_hit *h, double *depth);
COLLIDE_PRIVATE int collide__penetration_convex_polygon(
    const collide_convex *A, const collide_rotation *rot, const vec3 *pos,
    const collide_polygon *poly, collide_hit *h, double *depth);
COLLIDE_PRIVATE int collide__penetration_convex_segment(
    const collide_convex *A, const collide_rotation *rot, const vec3 *pos,
    const vec3 *a, const vec3 *b, collide_hit *h, double *depth);
COLLIDE_PRIVATE int collide__penetration_convex_plane(
    const collide_convex *A, const collide_rotation *rot, const vec3 *pos,
    const collide_plane *plane, collide_hit *h, double *depth);
COLLIDE_PRIVATE int collide__penetration_convex_convex(
    const collide_convex *A, const collide_rotation *rotA, const vec3 *posA,
    const collide_convex *B, const collide_rotation *rotB, const vec3 *posB,
    collide_hit *h, double *depth);

#endif
