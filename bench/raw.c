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
  collide_polygon poly;   /* over v[4..6), made in place */
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

/* ---- capsule sweeps: seeds as M.SEEDS in cases.lua ---- */
enum { CSPH = 101, CPL, CTRI, CPOLY, CSEG, CAABB, CCAP,
       /* raw-only rows: the sphere query on the capsule's cases (its axis
          dropped), the reference of the 2x target; the box with a
          standing axis (the grown-box path) */
       REF = 1000, CAABB_UP = 2000 };
static collide_vec3 d_axis(int64_t *s) {
  collide_vec3 v;
  v.x = d_near(s) / 2;
  v.y = d_near(s) / 2;
  v.z = d_near(s) / 2;
  return v;
}
/* ---- end of capsule sweeps ---- */

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
      /* ---- capsule sweeps: r, axis v0, c0 v1, c1 v2, the obstacle ---- */
      case CSPH:
        c->r = d_radius(&seed);
        c->v[0] = d_axis(&seed);
        c->v[1] = d_vec(&seed, d_far);
        c->v[2] = d_vec(&seed, d_far);
        c->v[3] = d_vec(&seed, d_near);
        c->v[4].x = d_radius(&seed);     /* rb */
        break;
      case CPL: {
        collide_vec3 n;
        double dist;
        c->r = d_radius(&seed);
        c->v[0] = d_axis(&seed);
        c->v[1] = d_vec(&seed, d_far);
        c->v[2] = d_vec(&seed, d_far);
        n = d_vec(&seed, d_near);
        dist = d_near(&seed);
        if (n.x == 0 && n.y == 0 && n.z == 0) n.y = 1;
        if (collide_plane_make(&n, dist, &c->plane) < 0) abort();
        break;
      }
      case CTRI: case CPOLY:
        c->r = d_radius(&seed);
        c->v[0] = d_axis(&seed);
        c->v[1] = d_vec(&seed, d_far);
        c->v[2] = d_vec(&seed, d_far);
        d_triangle(&seed, &c->v[3], &c->v[4], &c->v[5]);
        if (which == CPOLY && collide_polygon_init(&c->v[3], 3, &c->poly) != 1)
          abort();
        break;
      case CSEG: case CAABB:
        c->r = d_radius(&seed);
        c->v[0] = d_axis(&seed);
        c->v[1] = d_vec(&seed, d_far);
        c->v[2] = d_vec(&seed, d_far);
        c->v[3] = d_vec(&seed, d_near);
        c->v[4] = d_vec(&seed, which == CSEG ? d_near : d_extent);
        break;
      case CCAP:                         /* ra, Aa, a0, a1, rb, Ab, b0, b1 */
        c->r = d_radius(&seed);
        c->v[0] = d_axis(&seed);
        c->v[1] = d_vec(&seed, d_far);
        c->v[2] = d_vec(&seed, d_far);
        c->plane.d = d_radius(&seed);    /* rb */
        c->v[3] = d_axis(&seed);
        c->v[4] = d_vec(&seed, d_near);
        c->v[5] = d_vec(&seed, d_near);
        break;
      /* ---- end of capsule sweeps ---- */
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
/* ---- capsule sweeps ---- */
#ifdef HAVE_collide_sweep_capsule_capsule
    case CSPH:
      code = collide_sweep_capsule_sphere(c->r, &c->v[0], &c->v[1], &c->v[2],
                                          &c->v[3], c->v[4].x, &h);
      break;
    case CPL:
      code = collide_sweep_capsule_plane(c->r, &c->v[0], &c->v[1], &c->v[2],
                                         &c->plane, &h);
      break;
    case CTRI:
      code = collide_sweep_capsule_triangle(c->r, &c->v[0], &c->v[1], &c->v[2],
                                            &c->v[3], &c->v[4], &c->v[5], &h);
      break;
    case CPOLY:
      code = collide_sweep_capsule_polygon(c->r, &c->v[0], &c->v[1], &c->v[2],
                                           &c->poly, &h);
      break;
    case CSEG:
      code = collide_sweep_capsule_segment(c->r, &c->v[0], &c->v[1], &c->v[2],
                                           &c->v[3], &c->v[4], &h);
      break;
    case CAABB:
      code = collide_sweep_capsule_aabb(c->r, &c->v[0], &c->v[1], &c->v[2],
                                        &c->v[3], &c->v[4], &h);
      break;
    case CAABB_UP + CAABB: {
      collide_vec3 up;
      up.x = 0; up.y = fabs(c->v[0].y) + 0.25; up.z = 0;
      code = collide_sweep_capsule_aabb(c->r, &up, &c->v[1], &c->v[2],
                                        &c->v[3], &c->v[4], &h);
      break;
    }
    case CCAP:
      code = collide_sweep_capsule_capsule(c->r, &c->v[0], &c->v[1], &c->v[2],
                                           c->plane.d, &c->v[3], &c->v[4],
                                           &c->v[5], &iv);
      if (code < 0) abort();
      return code > 0 ? iv.u0 + iv.u1 : -1;
    /* the references: the sphere query on the same cases, axis dropped */
    case REF + CSPH:
      code = collide_sweep_sphere_sphere(c->r, &c->v[1], &c->v[2], c->v[4].x,
                                         &c->v[3], &c->v[3], &iv);
      if (code < 0) abort();
      return code > 0 ? iv.u0 : -1;
    case REF + CPL:
      code = collide_sweep_sphere_plane(c->r, &c->v[1], &c->v[2], &c->plane, &h);
      break;
    case REF + CTRI:
      code = collide_sweep_sphere_triangle(c->r, &c->v[1], &c->v[2], &c->v[3],
                                           &c->v[4], &c->v[5], &h);
      break;
    case REF + CPOLY:
      code = collide_sweep_sphere_polygon(c->r, &c->v[1], &c->v[2], &c->poly, &h);
      break;
    case REF + CSEG:
      code = collide_sweep_sphere_segment(c->r, &c->v[1], &c->v[2], &c->v[3],
                                          &c->v[4], &h);
      break;
    case REF + CAABB:
      code = collide_sweep_sphere_aabb(c->r, &c->v[1], &c->v[2], &c->v[3],
                                       &c->v[4], &h);
      break;
    case REF + CCAP:
      code = collide_sweep_sphere_sphere(c->r, &c->v[1], &c->v[2], c->plane.d,
                                         &c->v[4], &c->v[5], &iv);
      if (code < 0) abort();
      return code > 0 ? iv.u0 + iv.u1 : -1;
#endif
/* ---- end of capsule sweeps ---- */
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
  make_cases(which % 1000, cs);
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
  /* ---- capsule sweeps, each followed by its sphere reference ---- */
#ifdef HAVE_collide_sweep_capsule_capsule
  {
    static const struct { int which; const char *name; } caps[] = {
      { CSPH, "sweep_capsule_sphere" }, { CPL, "sweep_capsule_plane" },
      { CTRI, "sweep_capsule_triangle" }, { CPOLY, "sweep_capsule_polygon" },
      { CSEG, "sweep_capsule_segment" }, { CAABB, "sweep_capsule_aabb" },
      { CCAP, "sweep_capsule_capsule" } };
    char ref[64];
    size_t i;
    for (i = 0; i < sizeof caps / sizeof caps[0]; i++) {
      bench(caps[i].which, caps[i].name, n);
      snprintf(ref, sizeof ref, "sphere_ref_of_%s", caps[i].name);
      bench(REF + caps[i].which, ref, n);
    }
    bench(CAABB_UP + CAABB, "sweep_capsule_aabb_standing", n);
  }
#endif
  /* ---- end of capsule sweeps ---- */
  return 0;
}
