/*
 * collide_turning.h -- private to the core and its benches: the turning
 * sweep with its count of steps (collide_turning.c).
 */
#ifndef COLLIDE_TURNING_H
#define COLLIDE_TURNING_H

#include "collide.h"

/* The most conservative-advancement steps collide_sweep_convex_turning
   takes (collide_turning.c says what happens past it). */
#define COLLIDE_TURNING_MAX_STEPS 10000

#ifdef __cplusplus
extern "C" {
#endif

/* collide_sweep_convex_turning, and the number of steps taken into *steps
   (NULL: not wanted); 0 when the answer needed none (no turn, or contact
   at u = 0). */
int collide__sweep_convex_turning_steps(const collide_convex *A,
                                        const collide_rotation *rot0,
                                        const collide_rotation *rot1,
                                        const collide_vec3 *a0,
                                        const collide_vec3 *a1,
                                        const collide_convex *B,
                                        const collide_rotation *rotB,
                                        const collide_vec3 *b, collide_hit *out,
                                        int *steps);

/* For the world's spinning shapes (collide_spin.c). The rotation rot
   followed by the fraction t of the turn spin (two angles: rot + t spin;
   else quaternions, spin by its shortest arc, turning about a world
   axis), into *out (a quaternion unless both are angles). 0, or the
   reason either is refused (COLLIDE_E_*). */
int collide__spin_rotation(const collide_rotation *rot, const collide_rotation *spin,
                           double t, collide_rotation *out);
/* The rotation after a whole step, as collide__spin_rotation at t = 1,
   an angle past 2^23 rad brought back into [-pi, pi] by whole turns
   (exact to rounding): what advance stores, so that an angle never grows
   past the coordinate limit however long a shape spins, nor loses the
   turn's digits. 0, or the reason. */
int collide__spin_advance(const collide_rotation *rot, const collide_rotation *spin,
                          collide_rotation *out);
/* The largest spin angle w:set_spin takes (radians a step; a quaternion's
   shortest arc is at most pi): 2^22. Beyond, the spacing of doubles at
   the turn (2^-30 rad below 2^23; with the rotation's own angle added,
   at most 2^23 as advance keeps it, a sum rounded to 2^-30 rad) would
   pass 1e-9 rad, so the turn of a moment
   of the step would not be known to the tolerance of the turning sweeps
   (1e-9 of a motion's size: a point rho from the axis misplaced by more
   than 1e-9 rho). 2^22 rad is 667,000 turns a step. */
#define COLLIDE_MAX_SPIN 0x1p22
/* The angle of the turn spin (radians, >= 0), or -1 when it is refused;
   its angular velocity per step (world axis times signed angle) into
   *omega when not NULL. */
double collide__spin_angle(const collide_rotation *spin, collide_vec3 *omega);
/* The hull A at rot, its frame's origin at pos, moving by vel and turning
   by spin during a step, against a mover: the points y[0 .. ny) (at the
   moment t0 of the step) grown by radius r, moving by d over the moments
   t0 .. 1. The first u of that motion at which they touch: 1 with *out
   (the point on A at u, the normal from A toward the mover, A's
   feature), 2 the same at u = 0 (within the tolerance: the caller's exact
   test decides), 0 none. */
int collide__spin_sweep(const collide_convex *A, const collide_rotation *rot,
                        const collide_rotation *spin, const collide_vec3 *pos,
                        const collide_vec3 *vel, double t0, const collide_vec3 *y,
                        int ny, double r, const collide_vec3 *d, collide_hit *out);

/* collide__spin_sweep over the moments ta .. tb of the step (tb < ta:
   backwards in time, the turn undone; the points y at the moment ta,
   moving by d over it): u runs from 0 at ta to 1 at tb. */
int collide__spin_sweep_span(const collide_convex *A, const collide_rotation *rot,
                             const collide_rotation *spin, const collide_vec3 *pos,
                             const collide_vec3 *vel, double ta, double tb,
                             const collide_vec3 *y, int ny, double r,
                             const collide_vec3 *d, collide_hit *out);

/* Two hulls that both turn and move over the moments ta .. tb of a step
   (tb < ta: backwards), each at pos + t vel turned by rot and the
   fraction t of spin: the first u (0 at ta, 1 at tb) at which they
   touch, as collide__spin_sweep (*out's point on B, normal from B toward
   A, B's feature). */
int collide__spin_sweep_both(const collide_convex *A, const collide_rotation *rotA,
                             const collide_rotation *spinA, const collide_vec3 *posA,
                             const collide_vec3 *velA, const collide_convex *B,
                             const collide_rotation *rotB, const collide_rotation *spinB,
                             const collide_vec3 *posB, const collide_vec3 *velB,
                             double ta, double tb, collide_hit *out);

/* collide__spin_sweep_span and collide__spin_sweep_both with the
   tolerance fine times the motion's size (theirs is 1e-9; never below
   the rounding's floor) and at most cap steps (theirs
   COLLIDE_TURNING_MAX_STEPS; at the cap *capped, when not NULL, is set
   and the answer is the last moment proven apart): the sensors' walk
   looks for the next contact from a moment the pair is apart by less
   than 1e-9 of it. */
int collide__spin_sweep_fine(const collide_convex *A, const collide_rotation *rot,
                             const collide_rotation *spin, const collide_vec3 *pos,
                             const collide_vec3 *vel, double ta, double tb,
                             const collide_vec3 *y, int ny, double r,
                             const collide_vec3 *d, double fine, int cap, int *capped,
                             collide_hit *out);
int collide__spin_sweep_both_fine(const collide_convex *A, const collide_rotation *rotA,
                                  const collide_rotation *spinA, const collide_vec3 *posA,
                                  const collide_vec3 *velA, const collide_convex *B,
                                  const collide_rotation *rotB,
                                  const collide_rotation *spinB, const collide_vec3 *posB,
                                  const collide_vec3 *velB, double ta, double tb,
                                  double fine, int cap, int *capped, collide_hit *out);

/* Whether the hull A turned by rot at pos and the points y[0 .. ny) grown
   by r touch, when a closest-point search (GJK) settles it beyond its
   rounding: 1 touching, 0 apart, -1 too close to say (the caller asks
   the exact kernels). */
int collide__spin_touch_hint(const collide_convex *A, const collide_rotation *rot,
                             const collide_vec3 *pos, const collide_vec3 *y, int ny,
                             double r);

/* How long (a time h in [0, hmax], in the units of the velocities and
   turns) the hull A, turned by rot at pos, moving by vel and turning by
   omega (about pos) per unit of time, is proven to go on touching the
   hull B (not NULL: turned by rotB at posB, moving by velB, turning by
   omegaB) or the points y[0 .. ny) grown by r held still: 0 when not
   proven touching now. L bounds how fast any point of either moves
   relative to the other. planar: every point in z = 0 and every motion
   in that plane. */
double collide__spin_hold(const collide_convex *A, const collide_rotation *rot,
                          const collide_vec3 *pos, const collide_vec3 *vel,
                          const collide_vec3 *omega, const collide_convex *B,
                          const collide_rotation *rotB, const collide_vec3 *posB,
                          const collide_vec3 *velB, const collide_vec3 *omegaB,
                          const collide_vec3 *y, int ny, double r, int planar, double L,
                          double hmax);

#ifdef __cplusplus
}
#endif

#endif
