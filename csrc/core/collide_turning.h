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

#ifdef __cplusplus
}
#endif

#endif
