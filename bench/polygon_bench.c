/*
 * polygon_bench.c -- the cost of validating a large polygon
 * (collide_polygon_init), of adding it to a world and of moving it there
 * with advance (which validates the moved vertices), for regular n-gons.
 *
 *   make build/bench/polygon && ./build/bench/polygon
 *
 * Issue 27 (F9): with the O(n^2) validation a 30,000-gon took 2.5 s to
 * make and 52 s to add and advance. POSIX clock.
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

static int run(int n) {
  collide_vec3 *v = (collide_vec3 *)malloc((size_t)n * sizeof *v);
  collide_polygon poly;
  collide_world *w = collide_world_new();
  collide_vec3 vel = {1, 0, 0};
  double t0, t1, t2, t3;
  int i, id, rc;
  if (!v || !w) return 1;
  for (i = 0; i < n; i++) {
    double a = 2 * acos(-1.0) * i / n;
    v[i].x = 100 * cos(a);
    v[i].y = 100 * sin(a);
    v[i].z = 0;
  }
  t0 = now();
  rc = collide_polygon_init(v, n, &poly);
  t1 = now();
  id = collide_world_add_polygon(w, &poly);
  t2 = now();
  collide_world_set_velocity(w, id, &vel);
  collide_world_advance(w);
  t3 = now();
  printf("%6d vertices  init %9.2f ms (%d)  add_polygon %9.2f ms (id %d)  advance %9.2f ms\n",
         n, (t1 - t0) * 1e3, rc, (t2 - t1) * 1e3, id, (t3 - t2) * 1e3);
  collide_world_free(w);
  free(v);
  return 0;
}

int main(int argc, char **argv) {
  static const int sizes[] = {1000, 10000, 30000, 65536};
  int i;
  if (argc > 1) return run(atoi(argv[1]));
  for (i = 0; i < (int)(sizeof sizes / sizeof sizes[0]); i++)
    if (run(sizes[i])) return 1;
  return 0;
}
