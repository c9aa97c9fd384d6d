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

#endif
