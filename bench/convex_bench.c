/*
 * convex_bench.c -- the convex sweeps in a plain C loop beside the moving
 * box's, on the same obstacles (bench/convex_bench.lua does the same on
 * each VM; `make bench` runs both).
 *
 * Movers, over 64 cases drawn as bench/cases.lua draws them (the same
 * Park-Miller generator, multiples of 1/8):
 *   aabb     the box of half-extents e (collide_sweep_aabb_*), the reference
 *   box0     collide.convex_box(e) unturned: the same shape, so the same hits
 *   box      collide.convex_box(e) turned by a drawn quaternion
 *   hull8    an 8-corner hull (a skewed octagonal prism) turned likewise
 * Obstacles: triangle, segment, aabb (static: sweep_aabb_aabb with b0 =
 * b1), plane, sphere.
 *
 * Prints one line per row:
 *   convex <mover> <obstacle> <median ns per call> <hits in one pass>
 * Times are process CPU time, the median of 7 rounds.
 *
 * `convex N MOVER OBSTACLE` runs that one row alone, N calls in one round
 * (for callgrind: instructions per call are the total over N).
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collide.h"

#define COUNT 64
#define ROUNDS 7
#define CALLS 100000

static double rnd(int64_t *seed) {
  *seed = (*seed * 16807) % 2147483647;
  return (double)*seed / 2147483647.0;
}
static double d_far(int64_t *s) { return floor(rnd(s) * 65) / 8 - 4; }
static double d_near(int64_t *s) { return floor(rnd(s) * 33) / 8 - 2; }
static double d_extent(int64_t *s) { return 0.25 + floor(rnd(s) * 12) / 8; }
static double d_radius(int64_t *s) { return 0.25 + floor(rnd(s) * 10) / 8; }
static collide_vec3 d_vec(int64_t *s, double (*f)(int64_t *)) {
  collide_vec3 v;
  v.x = f(s);
  v.y = f(s);
  v.z = f(s);
  return v;
}

typedef struct bcase {
  collide_vec3 e, c0, c1, a, b, c, center, be;
  collide_plane plane;
  double r;
  collide_rotation q;
  void *box;   /* convex_box(e) */
} bcase;

static bcase cs[COUNT];
static double hull8_block[2048];
static const collide_convex *hull8;

/* the draws of bench/convex_bench.lua's cases(), in the same order */
static void make_cases(void) {
  int64_t seed = 4242;
  int i;
  for (i = 0; i < COUNT; i++) {
    bcase *c = &cs[i];
    double w, x, y, z, n;
    collide_vec3 nrm;
    int size;
    c->e = d_vec(&seed, d_extent);
    c->c0 = d_vec(&seed, d_far);
    c->c1 = d_vec(&seed, d_far);
    for (;;) {   /* a proper triangle */
      double ux, uy, uz, vx, vy, vz, X, Y, Z;
      c->a = d_vec(&seed, d_near);
      c->b = d_vec(&seed, d_near);
      c->c = d_vec(&seed, d_near);
      ux = c->b.x - c->a.x; uy = c->b.y - c->a.y; uz = c->b.z - c->a.z;
      vx = c->c.x - c->a.x; vy = c->c.y - c->a.y; vz = c->c.z - c->a.z;
      X = uy * vz - uz * vy; Y = uz * vx - ux * vz; Z = ux * vy - uy * vx;
      if (X * X + Y * Y + Z * Z >= 0.25) break;
    }
    c->center = d_vec(&seed, d_near);
    c->be = d_vec(&seed, d_extent);
    c->r = d_radius(&seed);
    nrm = d_vec(&seed, d_near);
    if (nrm.x == 0 && nrm.y == 0 && nrm.z == 0) nrm.y = 1;
    if (collide_plane_make(&nrm, d_near(&seed), &c->plane) < 0) abort();
    w = rnd(&seed) - 0.5;
    x = rnd(&seed) - 0.5;
    y = rnd(&seed) - 0.5;
    z = rnd(&seed) - 0.5;
    n = sqrt(w * w + x * x + y * y + z * z);
    c->q.is_angle = 0;
    c->q.angle = 0;
    c->q.w = w / n;
    c->q.x = x / n;
    c->q.y = y / n;
    c->q.z = z / n;
    size = collide_convex_box_init(&c->e, NULL, 0);
    c->box = malloc((size_t)size);
    if (c->box == NULL || collide_convex_box_init(&c->e, c->box, size) < 0) abort();
  }
  {
    /* the 8-corner hull of bench/convex_bench.lua */
    static const double P[8][3] = {
      { 1, 0, -0.5 }, { 0.5, 0.75, 0.5 }, { -0.25, 1, -0.5 }, { -1, 0.25, 0.5 },
      { -0.75, -0.5, -0.5 }, { 0, -1, 0.5 }, { 0.75, -0.5, -0.5 }, { 0.25, 0.25, 1 } };
    collide_vec3 p[8];
    for (i = 0; i < 8; i++) {
      p[i].x = P[i][0];
      p[i].y = P[i][1];
      p[i].z = P[i][2];
    }
    if (collide_convex_init(p, 8, hull8_block, (int)sizeof hull8_block) < 0) abort();
    hull8 = (const collide_convex *)(void *)hull8_block;
  }
}

enum { M_AABB, M_BOX0, M_BOX, M_HULL8 };
enum { O_TRI, O_SEG, O_AABB, O_PLANE, O_SPHERE };
static const char *MOVERS[] = { "aabb", "box0", "box", "hull8" };
static const char *OBST[] = { "triangle", "segment", "aabb", "plane", "sphere" };

static int call(int m, int o, const bcase *c) {
  collide_hit h;
  collide_interval iv;
  collide_rotation id = { 0, 0, 1, 0, 0, 0 };
  const collide_convex *A = m == M_HULL8 ? hull8 : (const collide_convex *)c->box;
  const collide_rotation *q = m == M_BOX0 ? &id : &c->q;
  if (m == M_AABB) {
    switch (o) {
      case O_TRI: return collide_sweep_aabb_triangle(&c->e, &c->c0, &c->c1, &c->a, &c->b, &c->c, &h);
      case O_SEG: return collide_sweep_aabb_segment(&c->e, &c->c0, &c->c1, &c->a, &c->b, &h);
      case O_AABB: return collide_sweep_aabb_aabb(&c->e, &c->c0, &c->c1, &c->be, &c->center,
                                                  &c->center, &iv);
      case O_PLANE: return collide_sweep_aabb_plane(&c->e, &c->c0, &c->c1, &c->plane, &h);
      default: return collide_sweep_aabb_sphere(&c->e, &c->c0, &c->c1, &c->center, c->r, &h);
    }
  }
  switch (o) {
    case O_TRI: return collide_sweep_convex_triangle(A, q, &c->c0, &c->c1, &c->a, &c->b, &c->c, &h);
    case O_SEG: return collide_sweep_convex_segment(A, q, &c->c0, &c->c1, &c->a, &c->b, &h);
    case O_AABB: return collide_sweep_convex_aabb(A, q, &c->c0, &c->c1, &c->center, &c->be, &h);
    case O_PLANE: return collide_sweep_convex_plane(A, q, &c->c0, &c->c1, &c->plane, &h);
    default: return collide_sweep_convex_sphere(A, q, &c->c0, &c->c1, &c->center, c->r, &h);
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  int m, o, i, k, r, calls = argc > 1 ? atoi(argv[1]) : CALLS;
  volatile int sink = 0;
  make_cases();
  if (argc > 3) {
    for (m = 0; m < 4 && strcmp(argv[2], MOVERS[m]) != 0; m++) {}
    for (o = 0; o < 5 && strcmp(argv[3], OBST[o]) != 0; o++) {}
    if (m == 4 || o == 5) {
      fprintf(stderr, "usage: convex [N [MOVER OBSTACLE]]\n");
      return 1;
    }
    for (k = 0; k < calls; k++) sink += call(m, o, &cs[k % COUNT]);
    printf("convex %s %s %d calls\n", MOVERS[m], OBST[o], calls);
    return 0;
  }
  for (o = 0; o < 5; o++) {
    for (m = 0; m < 4; m++) {
      double t[ROUNDS];
      int hits = 0;
      for (i = 0; i < COUNT; i++) hits += call(m, o, &cs[i]) > 0;
      for (r = 0; r < ROUNDS; r++) {
        double t0 = now();
        for (k = 0; k < calls; k++) sink += call(m, o, &cs[k % COUNT]);
        t[r] = (now() - t0) / calls * 1e9;
      }
      qsort(t, ROUNDS, sizeof t[0], cmp);
      printf("convex %s %s %.1f %d\n", MOVERS[m], OBST[o], t[ROUNDS / 2], hits);
    }
  }
  (void)sink;
  return 0;
}
