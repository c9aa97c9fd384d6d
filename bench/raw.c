/*
 * raw.c -- the benchmark's C reference: the core's queries called in a
 * plain C loop over the very cases the Lua side uses (bench/cases.lua,
 * replicated draw for draw below), as a C program would call them.
 *
 * Prints one line per query the core defines:
 *   raw <name> <median ns per call> <hits in one pass> <sum of u in one pass>
 * The Lua side checks hits and the sum against collide to be sure both ran
 * the same cases. Times are process CPU time, like os.clock.
 *
 * Which queries exist is passed in by the Makefile as -DHAVE_collide_<name>
 * (shape queries arrive in separate sources).
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "collide.h"

#define COUNT 64
#define ROUNDS 7

typedef struct bcase {
  double r;
  collide_vec3 v[6];
  collide_plane plane;
} bcase;

/* ---- the cases: bench/cases.lua, draw for draw ---------------------------- */

static double rnd(int64_t *seed) {
  *seed = (*seed * 16807) % 2147483647;
  return (double)*seed / 2147483647.0;
}
static double d_radius(int64_t *s) { return 0.25 + floor(rnd(s) * 10) / 8; }
static double d_far(int64_t *s) { return floor(rnd(s) * 65) / 8 - 4; }
static double d_near(int64_t *s) { return floor(rnd(s) * 33) / 8 - 2; }
static double d_extent(int64_t *s) { return 0.25 + floor(rnd(s) * 12) / 8; }
static collide_vec3 d_vec(int64_t *s, double (*f)(int64_t *)) {
  collide_vec3 v;
  v.x = f(s);
  v.y = f(s);
  v.z = f(s);
  return v;
}
static void d_triangle(int64_t *s, collide_vec3 *a, collide_vec3 *b,
                       collide_vec3 *c) {
  for (;;) {
    double e1[3], e2[3], x, y, z;
    *a = d_vec(s, d_near);
    *b = d_vec(s, d_near);
    *c = d_vec(s, d_near);
    e1[0] = b->x - a->x; e1[1] = b->y - a->y; e1[2] = b->z - a->z;
    e2[0] = c->x - a->x; e2[1] = c->y - a->y; e2[2] = c->z - a->z;
    x = e1[1] * e2[2] - e1[2] * e2[1];
    y = e1[2] * e2[0] - e1[0] * e2[2];
    z = e1[0] * e2[1] - e1[1] * e2[0];
    if (x * x + y * y + z * z >= 0.25) return;
  }
}

enum { SS = 1, SP, STRI, SAABB, RTRI };   /* seeds: order in cases.lua */

static void make_cases(int which, bcase *cs) {
  int64_t seed = which;
  int i;
  for (i = 0; i < COUNT; i++) {
    bcase *c = &cs[i];
    switch (which) {
      case SS:
        c->r = d_radius(&seed);
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        c->v[5].x = d_radius(&seed);    /* rb, kept in v[5].x */
        c->v[2] = d_vec(&seed, d_near);
        c->v[3] = d_vec(&seed, d_near);
        break;
      case SP: {
        collide_vec3 n;
        double dist;
        c->r = d_radius(&seed);
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        n = d_vec(&seed, d_near);
        dist = d_near(&seed);
        if (n.x == 0 && n.y == 0 && n.z == 0) n.y = 1;
        if (collide_plane_make(&n, dist, &c->plane) < 0) abort();
        break;
      }
      case STRI:
        c->r = d_radius(&seed);
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        d_triangle(&seed, &c->v[2], &c->v[3], &c->v[4]);
        break;
      case SAABB:
        c->r = d_radius(&seed);
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        c->v[2] = d_vec(&seed, d_near);
        c->v[3] = d_vec(&seed, d_extent);
        break;
      case RTRI:
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        d_triangle(&seed, &c->v[2], &c->v[3], &c->v[4]);
        break;
      default:
        abort();
    }
  }
}

/* ---- timing ------------------------------------------------------------------ */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : (x > y);
}

static volatile double sink;

/* One call of query `which` on case c; returns the hit's u or -1. */
static double call(int which, const bcase *c) {
  collide_hit h;
  collide_interval iv;
  int code = -1;
  switch (which) {
    case SS:
      code = collide_sweep_sphere_sphere(c->r, &c->v[0], &c->v[1], c->v[5].x,
                                         &c->v[2], &c->v[3], &iv);
      return code > 0 ? iv.u0 + iv.u1 : -1;
    case SP:
      code = collide_sweep_sphere_plane(c->r, &c->v[0], &c->v[1], &c->plane, &h);
      break;
#ifdef HAVE_collide_sweep_sphere_triangle
    case STRI:
      code = collide_sweep_sphere_triangle(c->r, &c->v[0], &c->v[1], &c->v[2],
                                           &c->v[3], &c->v[4], &h);
      break;
#endif
#ifdef HAVE_collide_sweep_sphere_aabb
    case SAABB:
      code = collide_sweep_sphere_aabb(c->r, &c->v[0], &c->v[1], &c->v[2],
                                       &c->v[3], &h);
      break;
#endif
#ifdef HAVE_collide_raycast_triangle
    case RTRI:
      code = collide_raycast_triangle(&c->v[0], &c->v[1], &c->v[2], &c->v[3],
                                      &c->v[4], &h);
      break;
#endif
    default:
      abort();
  }
  if (code < 0) abort();
  return code > 0 ? h.u : -1;
}

static void bench(int which, const char *name, long n) {
  bcase cs[COUNT];
  double times[ROUNDS], sum = 0;
  int hits = 0, i, r;
  make_cases(which, cs);
  for (i = 0; i < COUNT; i++) {
    double u = call(which, &cs[i]);
    if (u >= 0) { hits++; sum += u; }
  }
  for (r = 0; r < ROUNDS; r++) {
    double t0 = now(), acc = 0;
    long k;
    for (k = 0; k < n; k++) acc += call(which, &cs[k & (COUNT - 1)]);
    times[r] = (now() - t0) / (double)n * 1e9;
    sink = acc;
  }
  qsort(times, ROUNDS, sizeof times[0], cmp_double);
  printf("raw %s %.3f %d %.17g\n", name, times[ROUNDS / 2], hits, sum);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  bench(SS, "sweep_sphere_sphere", n);
  bench(SP, "sweep_sphere_plane", n);
#ifdef HAVE_collide_sweep_sphere_triangle
  bench(STRI, "sweep_sphere_triangle", n);
#endif
#ifdef HAVE_collide_sweep_sphere_aabb
  bench(SAABB, "sweep_sphere_aabb", n);
#endif
#ifdef HAVE_collide_raycast_triangle
  bench(RTRI, "raycast_triangle", n);
#endif
  return 0;
}
