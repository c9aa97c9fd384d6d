/*
 * lean.h -- the benchmark's lean reference kernels (bench/lean.c): the
 * core's queries as bare closed forms, with the core's signatures and
 * outputs but no argument checks. Benchmark code only; not part of collide.
 */
#ifndef COLLIDE_BENCH_LEAN_H
#define COLLIDE_BENCH_LEAN_H

#include "collide.h"

int lean_sweep_sphere_sphere(double ra, const collide_vec3 *a0,
                             const collide_vec3 *a1, double rb,
                             const collide_vec3 *b0, const collide_vec3 *b1,
                             collide_interval *out);
int lean_sweep_sphere_plane(double r, const collide_vec3 *c0,
                            const collide_vec3 *c1, const collide_plane *plane,
                            collide_hit *out);
int lean_sweep_sphere_triangle(double r, const collide_vec3 *c0,
                               const collide_vec3 *c1, const collide_vec3 *a,
                               const collide_vec3 *b, const collide_vec3 *c,
                               collide_hit *out);
int lean_sweep_sphere_segment(double r, const collide_vec3 *c0,
                              const collide_vec3 *c1, const collide_vec3 *a,
                              const collide_vec3 *b, collide_hit *out);
int lean_sweep_sphere_aabb(double r, const collide_vec3 *c0,
                           const collide_vec3 *c1, const collide_vec3 *center,
                           const collide_vec3 *extents, collide_hit *out);
int lean_raycast_triangle(const collide_vec3 *p0, const collide_vec3 *p1,
                          const collide_vec3 *a, const collide_vec3 *b,
                          const collide_vec3 *c, collide_hit *out);
/* raycast_triangle with the core's input checks: a reference, not a
   target (bench/lean.c) */
int lean_checked_raycast_triangle(const collide_vec3 *p0, const collide_vec3 *p1,
                                  const collide_vec3 *a, const collide_vec3 *b,
                                  const collide_vec3 *c, collide_hit *out);
int lean_raycast_aabb(const collide_vec3 *p0, const collide_vec3 *p1,
                      const collide_vec3 *center, const collide_vec3 *extents,
                      collide_hit *out);

#endif
