/*
 * collide_spin.h -- spinning convex shapes of the world
 * (collide_spin.c), met by a moving shape. On collide_contact.h.
 */
#ifndef COLLIDE_SPIN_H
#define COLLIDE_SPIN_H

#include "collide_contact.h"

/* collide__spin_test: the moving shape m from c0 to c1, over the moments
 * t0 .. 1 of the step, against the spinning convex shape s (SHAPE_SPINS),
 * which moves by its velocity and turns by its spin during the step: 1
 * with *h (the point on s at the moment u, the normal toward the mover,
 * s's feature), or 0. collide__spin_motion: where the point p of s (at
 * the moment t0) is carried by the moment 1, less p: its velocity and
 * its turn; collide__spin_motion_to: the same by the moment t1. */
COLLIDE_PRIVATE int collide__spin_test(const shape *s, const collide__mover *m,
                                       const vec3 *c0, const vec3 *c1, double t0,
                                       collide_hit *h);
COLLIDE_PRIVATE vec3 collide__spin_motion(const shape *s, vec3 p, double t0);
COLLIDE_PRIVATE vec3 collide__spin_motion_to(const shape *s, vec3 p, double t0, double t1);
/* The mover's points about its centre c (at most
   COLLIDE_MAX_CONVEX_POINTS) into y, how many, and its radius into *r: a
   convex mover's are its hull's corners turned by its rotation (the rows
   R of collide__convex_mover, the matrix its kernels use) and placed at
   c, a box's its 8 corners (r 0); a capsule's the ends of its segment, a
   sphere's (or a capsule's of no axis) its centre. The mover is their
   convex hull grown by r: what collide__spin_sweep advances against, and
   what the mover's push by a turning face (collide_mover.c) keeps in
   front of the face. */
COLLIDE_PRIVATE int collide__mover_points(const collide__mover *m, vec3 c, vec3 *y,
                                          double *r);
/* The velocity (per step) of the point p of s at the moment tau: its
   velocity plus its turn's, omega x (p - its origin at tau). */
COLLIDE_PRIVATE vec3 collide__spin_velocity(const shape *s, vec3 p, double tau);

#endif
