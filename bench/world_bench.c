/*
 * world_bench.c -- the world against brute-force C loops over the same
 * single-shape functions, and collide_sweep_pairs against all pairs.
 *
 *   cc -O2 -Icsrc -o build/world_bench bench/world_bench.c csrc/collide_*.c -lm
 *   ./build/world_bench
 *
 * The same terrains and queries as bench/world_bench.lua. POSIX clock.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "collide.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static unsigned long long seed = 4242;
static double rnd(void) {
  seed = seed * 16807 % 2147483647;
  return (double)seed / 2147483647.0;
}

static collide_vec3 V(double x, double y, double z) {
  collide_vec3 v;
  v.x = x; v.y = y; v.z = z;
  return v;
}

static void terrain_bench(int ntri) {
  int g = (int)(sqrt(ntri / 2.0) + 0.5), i, j, k, n = 0, nq = 20000, nloop;
  collide_vec3 *v = malloc(sizeof *v * (size_t)((g + 1) * (g + 1)));
  collide_vec3 (*tri)[3] = malloc(sizeof *tri * (size_t)(2 * g * g));
  collide_vec3 (*q)[2] = malloc(sizeof *q * (size_t)nq);
  collide_world *w;
  collide_hit h;
  double t0, t1, t2, sweep, ray, loop_sweep, loop_ray;
  int id, hits = 0;
  for (i = 0; i <= g; i++)
    for (j = 0; j <= g; j++) v[i * (g + 1) + j] = V(i, rnd() * 0.5, j);
  for (i = 0; i < g; i++)
    for (j = 0; j < g; j++) {
      collide_vec3 a = v[i * (g + 1) + j], b = v[(i + 1) * (g + 1) + j];
      collide_vec3 c = v[i * (g + 1) + j + 1], d = v[(i + 1) * (g + 1) + j + 1];
      tri[n][0] = a; tri[n][1] = b; tri[n][2] = c; n++;
      tri[n][0] = b; tri[n][1] = d; tri[n][2] = c; n++;
    }
  for (k = 0; k < nq; k++) {
    q[k][0] = V(rnd() * g, 3 + rnd() * 2, rnd() * g);
    q[k][1] = V(q[k][0].x + rnd() * 6 - 3, q[k][0].y - 8, q[k][0].z + rnd() * 6 - 3);
  }
  t0 = now();
  w = collide_world_new();
  for (k = 0; k < n; k++) collide_world_add_triangle(w, &tri[k][0], &tri[k][1], &tri[k][2]);
  t1 = now();
  collide_world_build(w);
  t2 = now();
  printf("%9d  add %7.2f ms  build %7.2f ms", n, (t1 - t0) * 1e3, (t2 - t1) * 1e3);
  t0 = now();
  for (k = 0; k < nq; k++)
    hits += collide_world_sweep_sphere(w, 0.5, &q[k][0], &q[k][1], NULL, NULL, &h, &id);
  sweep = (now() - t0) / nq;
  t0 = now();
  for (k = 0; k < nq; k++)
    hits += collide_world_raycast(w, &q[k][0], &q[k][1], NULL, NULL, &h, &id);
  ray = (now() - t0) / nq;
  nloop = 2000000 / n < 3 ? 3 : 2000000 / n;
  t0 = now();
  for (k = 0; k < nloop; k++) {
    double best = 2;
    for (i = 0; i < n; i++)
      if (collide_sweep_sphere_triangle(0.5, &q[k][0], &q[k][1], &tri[i][0], &tri[i][1],
                                        &tri[i][2], &h) == 1 && h.u < best)
        best = h.u;
  }
  loop_sweep = (now() - t0) / nloop;
  t0 = now();
  for (k = 0; k < nloop; k++) {
    double best = 2;
    for (i = 0; i < n; i++)
      if (collide_raycast_triangle(&q[k][0], &q[k][1], &tri[i][0], &tri[i][1], &tri[i][2],
                                   &h) == 1 && h.u < best)
        best = h.u;
  }
  loop_ray = (now() - t0) / nloop;
  printf("  sweep %6.2f us (C loop %8.1f us, %5.0fx)  ray %6.2f us (C loop %8.1f us, %5.0fx)\n",
         sweep * 1e6, loop_sweep * 1e6, loop_sweep / sweep, ray * 1e6, loop_ray * 1e6,
         loop_ray / ray);
  (void)hits;
  collide_world_free(w);
  free(v);
  free(tri);
  free(q);
}

static void pairs_bench(int n) {
  double *radii = malloc(sizeof *radii * (size_t)n), side = sqrt(n) * 4, t0, fast, slow;
  collide_vec3 *s0 = malloc(sizeof *s0 * (size_t)n), *s1 = malloc(sizeof *s1 * (size_t)n);
  void *scratch = malloc(collide_sweep_pairs_scratch_size(n));
  int cap = 16 * n, count = 0, brute = 0, i, j, k, reps = 20;
  collide_pair *out = malloc(sizeof *out * (size_t)cap);
  for (i = 0; i < n; i++) {
    radii[i] = 0.5;
    s0[i] = V(rnd() * side, rnd() * side, 0);
    s1[i] = V(s0[i].x + rnd() * 4 - 2, s0[i].y + rnd() * 4 - 2, 0);
  }
  t0 = now();
  for (k = 0; k < reps; k++) count = collide_sweep_pairs(n, radii, s0, s1, scratch, out, cap);
  fast = (now() - t0) / reps;
  t0 = now();
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++)
      brute += collide_test_sphere_sphere(radii[i], &s0[i], &s1[i], radii[j], &s0[j], &s1[j]);
  slow = now() - t0;
  printf("%7d spheres  sweep_pairs %7.3f ms  pairs %6d  brute-force C loop %8.2f ms (%d)  %5.0fx\n",
         n, fast * 1e3, count, slow * 1e3, brute, slow / fast);
  free(radii); free(s0); free(s1); free(scratch); free(out);
}

int main(void) {
  printf("world of triangles (terrain), sphere r = 0.5 and rays dropped onto it\n");
  terrain_bench(1000);
  terrain_bench(10000);
  terrain_bench(100000);
  printf("\nmany moving spheres\n");
  pairs_bench(1000);
  pairs_bench(5000);
  return 0;
}
