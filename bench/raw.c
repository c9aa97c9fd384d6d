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
 * For the queries that have a lean reference kernel (bench/lean.c), also
 *   lean <name> <median ns per call>
 * timed in the same rounds, interleaved with the core, after checking the
 * kernel against the core on every case (hit, u, point, normal, feature);
 * a disagreement is printed as
 *   problem <name> <text>
 * and run.lua reports it.
 *
 * Which queries exist is passed in by the Makefile as -DHAVE_collide_<name>
 * (shape queries arrive in separate sources).
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collide.h"
#include "lean.h"

#define COUNT 64
#define ROUNDS 7

typedef struct bcase {
  double r;
  collide_vec3 v[6];
  collide_plane plane;
  collide_vec3 pv[4];        /* moving box: a polygon's vertices */
  collide_polygon poly;   /* over v[4..6), made in place (moving box: over pv) */
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

/* seeds: the order of FUNCTIONS in cases.lua */
enum { SS = 1, SP, STRI, SAABB, RTRI, SSEG, RAABB,
       BSPH, BPL, BTRI, BPOLY, BSEG };   /* moving box (branch box) */
enum { TWIN = 500 };   /* TWIN + BSPH..BSEG: the sphere twin of a box row */
enum { SSREF = 700 };  /* SSREF + BSPH: box-sphere's cases as sphere-sphere */

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
        /* its sphere twin (raw-only): a sphere of radius ra + rb against
           B's core, in B's frame -- A's centre from a0 to
           a1 - (b1 - b0), the segment b0 -+ Ab (no draws: the cases stay
           bench/cases.lua's) */
        c->pv[0].x = c->v[2].x - (c->v[5].x - c->v[4].x);
        c->pv[0].y = c->v[2].y - (c->v[5].y - c->v[4].y);
        c->pv[0].z = c->v[2].z - (c->v[5].z - c->v[4].z);
        c->pv[1].x = c->v[4].x - c->v[3].x;
        c->pv[1].y = c->v[4].y - c->v[3].y;
        c->pv[1].z = c->v[4].z - c->v[3].z;
        c->pv[2].x = c->v[4].x + c->v[3].x;
        c->pv[2].y = c->v[4].y + c->v[3].y;
        c->pv[2].z = c->v[4].z + c->v[3].z;
        break;
      /* ---- end of capsule sweeps ---- */
      case SSEG:
        c->r = d_radius(&seed);
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        c->v[2] = d_vec(&seed, d_near);
        c->v[3] = d_vec(&seed, d_near);
        break;
      case RAABB:
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        c->v[2] = d_vec(&seed, d_near);
        c->v[3] = d_vec(&seed, d_extent);
        break;
      /* ---- moving box (branch box) ---- */
      case BSPH:
        c->v[3] = d_vec(&seed, d_extent);   /* e */
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        c->v[2] = d_vec(&seed, d_near);     /* centre */
        c->r = d_radius(&seed);
        break;
      case BPL: {
        collide_vec3 n;
        double dist;
        c->v[3] = d_vec(&seed, d_extent);
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        n = d_vec(&seed, d_near);
        dist = d_near(&seed);
        if (n.x == 0 && n.y == 0 && n.z == 0) n.y = 1;
        if (collide_plane_make(&n, dist, &c->plane) < 0) abort();
        break;
      }
      case BTRI:
        c->v[3] = d_vec(&seed, d_extent);
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        d_triangle(&seed, &c->v[2], &c->v[4], &c->v[5]);
        break;
      case BPOLY: {
        collide_vec3 ctr;
        double ra, rb, *p;
        int k, q;
        c->v[3] = d_vec(&seed, d_extent);
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        ctr = d_vec(&seed, d_near);
        ra = d_extent(&seed);
        rb = d_extent(&seed);
        k = ((int)floor(d_near(&seed) * 8) % 3 + 3) % 3;   /* 0-based axis */
        for (q = 0; q < 4; q++) {
          int ai = (k + 1) % 3, aj = (k + 2) % 3;
          c->pv[q] = ctr;
          p = &c->pv[q].x;
          if (q == 0) p[ai] += ra; else if (q == 1) p[aj] += rb;
          else if (q == 2) p[ai] -= ra; else p[aj] -= rb;
        }
        if (collide_polygon_init(c->pv, 4, &c->poly) < 0) abort();
        break;
      }
      case BSEG:
        c->v[3] = d_vec(&seed, d_extent);
        c->v[0] = d_vec(&seed, d_far);
        c->v[1] = d_vec(&seed, d_far);
        c->v[2] = d_vec(&seed, d_near);
        c->v[4] = d_vec(&seed, d_near);
        break;
      /* ---- end moving box ---- */
      /* (cases of further queries: new blocks above this line) */
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

/* One call of query `which` on case c, the core's (lean = 0) or the lean
   kernel's (lean = 1, for the queries lean.c has: see has_lean); the
   result in *h or *iv. Returns the core's code. */
static int call_full(int which, int lean, const bcase *c, collide_hit *h,
                     collide_interval *iv) {
  switch (which) {
    case SS:
      return (lean ? lean_sweep_sphere_sphere : collide_sweep_sphere_sphere)(
          c->r, &c->v[0], &c->v[1], c->v[5].x, &c->v[2], &c->v[3], iv);
    case SP:
      return (lean ? lean_sweep_sphere_plane : collide_sweep_sphere_plane)(
          c->r, &c->v[0], &c->v[1], &c->plane, h);
#ifdef HAVE_collide_sweep_sphere_triangle
    case STRI:
      return (lean ? lean_sweep_sphere_triangle : collide_sweep_sphere_triangle)(
          c->r, &c->v[0], &c->v[1], &c->v[2], &c->v[3], &c->v[4], h);
#endif
#ifdef HAVE_collide_sweep_sphere_aabb
    case SAABB:
      return (lean ? lean_sweep_sphere_aabb : collide_sweep_sphere_aabb)(
          c->r, &c->v[0], &c->v[1], &c->v[2], &c->v[3], h);
#endif
#ifdef HAVE_collide_raycast_triangle
    case RTRI:
      return (lean == 2 ? lean_checked_raycast_triangle
              : lean ? lean_raycast_triangle : collide_raycast_triangle)(
          &c->v[0], &c->v[1], &c->v[2], &c->v[3], &c->v[4], h);
#endif
/* ---- capsule sweeps ---- */
#ifdef HAVE_collide_sweep_capsule_capsule
    case CSPH:
      return collide_sweep_capsule_sphere(c->r, &c->v[0], &c->v[1], &c->v[2],
                                          &c->v[3], c->v[4].x, h);
    case CPL:
      return collide_sweep_capsule_plane(c->r, &c->v[0], &c->v[1], &c->v[2],
                                         &c->plane, h);
    case CTRI:
      return collide_sweep_capsule_triangle(c->r, &c->v[0], &c->v[1], &c->v[2],
                                            &c->v[3], &c->v[4], &c->v[5], h);
    case CPOLY:
      return collide_sweep_capsule_polygon(c->r, &c->v[0], &c->v[1], &c->v[2],
                                           &c->poly, h);
    case CSEG:
      return collide_sweep_capsule_segment(c->r, &c->v[0], &c->v[1], &c->v[2],
                                           &c->v[3], &c->v[4], h);
    case CAABB:
      return collide_sweep_capsule_aabb(c->r, &c->v[0], &c->v[1], &c->v[2],
                                        &c->v[3], &c->v[4], h);
    case CAABB_UP + CAABB: {
      collide_vec3 up;
      up.x = 0; up.y = fabs(c->v[0].y) + 0.25; up.z = 0;
      return collide_sweep_capsule_aabb(c->r, &up, &c->v[1], &c->v[2],
                                        &c->v[3], &c->v[4], h);
    }
    case CCAP:
      return collide_sweep_capsule_capsule(c->r, &c->v[0], &c->v[1], &c->v[2],
                                           c->plane.d, &c->v[3], &c->v[4],
                                           &c->v[5], iv);
    /* the references: the sphere query on the same cases, axis dropped */
    case REF + CSPH:
      return collide_sweep_sphere_sphere(c->r, &c->v[1], &c->v[2], c->v[4].x,
                                         &c->v[3], &c->v[3], iv);
    case REF + CPL:
      return collide_sweep_sphere_plane(c->r, &c->v[1], &c->v[2], &c->plane, h);
    case REF + CTRI:
      return collide_sweep_sphere_triangle(c->r, &c->v[1], &c->v[2], &c->v[3],
                                           &c->v[4], &c->v[5], h);
    case REF + CPOLY:
      return collide_sweep_sphere_polygon(c->r, &c->v[1], &c->v[2], &c->poly, h);
    case REF + CSEG:
      return collide_sweep_sphere_segment(c->r, &c->v[1], &c->v[2], &c->v[3],
                                          &c->v[4], h);
    case REF + CAABB:
      return collide_sweep_sphere_aabb(c->r, &c->v[1], &c->v[2], &c->v[3],
                                       &c->v[4], h);
    case REF + CCAP:   /* a sphere against a capsule: the radii summed */
      return collide_sweep_sphere_segment(c->r + c->plane.d, &c->v[1], &c->pv[0],
                                          &c->pv[1], &c->pv[2], h);
#endif
/* ---- end of capsule sweeps ---- */
#ifdef HAVE_collide_sweep_sphere_segment
    case SSEG:
      return (lean ? lean_sweep_sphere_segment : collide_sweep_sphere_segment)(
          c->r, &c->v[0], &c->v[1], &c->v[2], &c->v[3], h);
#endif
#ifdef HAVE_collide_raycast_aabb
    case RAABB:
      return (lean ? lean_raycast_aabb : collide_raycast_aabb)(
          &c->v[0], &c->v[1], &c->v[2], &c->v[3], h);
#endif
    /* ---- moving box (branch box); which + TWIN: the sphere of radius
       e.x on the same case against the same obstacle ---- */
#ifdef HAVE_collide_sweep_aabb_triangle
    case BSPH:
      return collide_sweep_aabb_sphere(&c->v[3], &c->v[0], &c->v[1], &c->v[2], c->r, h);
    case BPL:
      return collide_sweep_aabb_plane(&c->v[3], &c->v[0], &c->v[1], &c->plane, h);
    case BTRI:
      return collide_sweep_aabb_triangle(&c->v[3], &c->v[0], &c->v[1], &c->v[2],
                                         &c->v[4], &c->v[5], h);
    case BPOLY:
      return collide_sweep_aabb_polygon(&c->v[3], &c->v[0], &c->v[1], &c->poly, h);
    case BSEG:
      return collide_sweep_aabb_segment(&c->v[3], &c->v[0], &c->v[1], &c->v[2],
                                        &c->v[4], h);
    case TWIN + BSPH: {
      /* the same relative motion: the sphere (centre v[2], radius r)
         moving by -(c1 - c0) against the box e at c0 -- the very
         problem, a point against the rounded box (bench/README.md) */
      collide_vec3 s1;
      s1.x = c->v[2].x - (c->v[1].x - c->v[0].x);
      s1.y = c->v[2].y - (c->v[1].y - c->v[0].y);
      s1.z = c->v[2].z - (c->v[1].z - c->v[0].z);
      return collide_sweep_sphere_aabb(c->r, &c->v[2], &s1, &c->v[0], &c->v[3], h);
    }
    case SSREF + BSPH: {   /* the sphere of radius e.x instead of the box */
      int code = collide_sweep_sphere_sphere(c->v[3].x, &c->v[0], &c->v[1], c->r,
                                             &c->v[2], &c->v[2], iv);
      h->u = iv->u0;
      return code;
    }
    case TWIN + BPL:
      return collide_sweep_sphere_plane(c->v[3].x, &c->v[0], &c->v[1], &c->plane, h);
    case TWIN + BTRI:
      return collide_sweep_sphere_triangle(c->v[3].x, &c->v[0], &c->v[1], &c->v[2],
                                           &c->v[4], &c->v[5], h);
    case TWIN + BPOLY:
      return collide_sweep_sphere_polygon(c->v[3].x, &c->v[0], &c->v[1], &c->poly, h);
    case TWIN + BSEG:
      return collide_sweep_sphere_segment(c->v[3].x, &c->v[0], &c->v[1], &c->v[2],
                                          &c->v[4], h);
#endif
    /* ---- end moving box ---- */
    /* (calls of further queries: new blocks above this line) */
    default:
      abort();
  }
}

/* Does lean.c have a kernel for query `which`? */
static int has_lean(int which) {
  return which == SS || which == SP || which == STRI || which == SAABB ||
         which == RTRI || which == SSEG || which == RAABB;
}
/* How many implementations a row times: the core, its lean kernel if it
   has one, and for raycast_triangle the lean kernel with the core's input
   checks (lean = 2; a reference, printed as "leanck", bench/README.md). */
static int implementations(int which) {
  return which == RTRI ? 3 : has_lean(which) ? 2 : 1;
}

/* One timed call: the hit's u (u0 + u1 for an interval), or -1. The
   function pointer is resolved by the switch, as a C program calling one
   query names it. */
static double call(int which, int lean, const bcase *c) {
  collide_hit h;
  collide_interval iv;
  int code = call_full(which, lean, c, &h, &iv);
  if (code < 0) abort();
  if (code == 0) return -1;
  /* (the capsule rows' intervals: u0 + u1; the sphere reference of
     capsule-sphere: u0) */
  if (which == CCAP) return iv.u0 + iv.u1;
  if (which == REF + CSPH) return iv.u0;
  return which == SS ? iv.u0 + iv.u1 : h.u;
}

static int near(double a, double b, double tol) {
  return fabs(a - b) <= tol * (1 + fabs(a));
}
static int near3(collide_vec3 a, collide_vec3 b, double tol) {
  return near(a.x, b.x, tol) && near(a.y, b.y, tol) && near(a.z, b.z, tol);
}

/* The lean kernel against the core on every case, with run.lua's
   tolerances; prints a problem line per disagreement. */
static void check_lean(int which, const char *name, const bcase *cs, int impl) {
  int i;
  for (i = 0; i < COUNT; i++) {
    collide_hit h, g;
    collide_interval iv, jv;
    int a = call_full(which, 0, &cs[i], &h, &iv);
    int b = call_full(which, impl, &cs[i], &g, &jv);
    const char *what = NULL;
    if (a != b) what = "hit";
    else if (a <= 0) continue;
    else if (which == SS)
      what = !near(iv.u0, jv.u0, 1e-9) ? "u0" : (!near(iv.u1, jv.u1, 1e-9) ? "u1" : NULL);
    else if (!near(h.u, g.u, 1e-9)) what = "u";
    else if (!near3(h.point, g.point, 1e-7)) what = "point";
    else if (h.u > 0 && !near3(h.normal, g.normal, 1e-6)) what = "normal";
    else if (h.feature != g.feature) what = "feature";
    if (what)
      printf("problem %s case %d: %s kernel's %s differs from the core's "
             "(u %.17g vs %.17g)\n", name, i + 1, impl == 2 ? "checked lean" : "lean", what,
             which == SS ? jv.u0 : g.u, which == SS ? iv.u0 : h.u);
  }
}

static const char *only;   /* argv[2]: time this query alone (profiling) */

static void bench(int which, const char *name, long n) {
  bcase cs[COUNT];
  double times[3][ROUNDS], sum = 0;
  int hits = 0, i, r, impl, nimpl = implementations(which);
  if (only && strcmp(only, name) != 0) return;
  /* % 1000: the capsule rows' variants; TWIN + BSPH..BSEG: the box rows'
     sphere twins; SSREF + BSPH: box-sphere's sphere-sphere reference */
  make_cases(which % 1000 >= SSREF ? which % 1000 - SSREF
             : (which % 1000 >= TWIN ? which % 1000 - TWIN : which % 1000), cs);
  for (i = 0; i < COUNT; i++) {
    double u = call(which, 0, &cs[i]);
    if (u >= 0) { hits++; sum += u; }
  }
  for (impl = 1; impl < nimpl; impl++) check_lean(which, name, cs, impl);
  for (r = 0; r < ROUNDS; r++) {
    for (impl = 0; impl < nimpl; impl++) {
      double t0 = now(), acc = 0;
      long k;
      for (k = 0; k < n; k++) acc += call(which, impl, &cs[k & (COUNT - 1)]);
      times[impl][r] = (now() - t0) / (double)n * 1e9;
      sink = acc;
    }
  }
  for (impl = 0; impl < nimpl; impl++)
    qsort(times[impl], ROUNDS, sizeof times[impl][0], cmp_double);
  /* the sphere twins of the box rows are "twin" lines (bench/run.lua) */
  printf("%s %s %.3f %d %.17g\n",
         which % 1000 >= TWIN && which % 1000 < SSREF ? "twin" : "raw", name,
         times[0][ROUNDS / 2], hits, sum);
  if (nimpl > 1) printf("lean %s %.3f\n", name, times[1][ROUNDS / 2]);
  if (nimpl > 2) printf("leanck %s %.3f\n", name, times[2][ROUNDS / 2]);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  only = argc > 2 ? argv[2] : NULL;
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
#ifdef HAVE_collide_sweep_sphere_segment
  bench(SSEG, "sweep_sphere_segment", n);
#endif
#ifdef HAVE_collide_raycast_aabb
  bench(RAABB, "raycast_aabb", n);
#endif
  /* ---- moving box (branch box): each row, then its sphere twin ---- */
#ifdef HAVE_collide_sweep_aabb_triangle
  bench(BSPH, "sweep_aabb_sphere", n);
  bench(TWIN + BSPH, "sweep_aabb_sphere", n);
  bench(SSREF + BSPH, "sphere_sphere_ref_of_sweep_aabb_sphere", n);
  bench(BPL, "sweep_aabb_plane", n);
  bench(TWIN + BPL, "sweep_aabb_plane", n);
  bench(BTRI, "sweep_aabb_triangle", n);
  bench(TWIN + BTRI, "sweep_aabb_triangle", n);
  bench(BPOLY, "sweep_aabb_polygon", n);
  bench(TWIN + BPOLY, "sweep_aabb_polygon", n);
  bench(BSEG, "sweep_aabb_segment", n);
  bench(TWIN + BSEG, "sweep_aabb_segment", n);
#endif
  /* ---- end moving box ---- */
  /* (further queries: new blocks above this line) */
  return 0;
}
