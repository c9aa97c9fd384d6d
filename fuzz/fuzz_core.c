/*
 * fuzz_core.c -- libFuzzer harnesses for every entry point of csrc/core/collide.h.
 *
 * One source, one binary per target: build with -DFUZZ_TARGET=fz_<name>
 * (see the Makefile's FUZZ_TARGETS). Each target decodes the raw input bytes
 * into arguments of every kind -- NaN, +-inf, -0, denormals, values at and
 * just past the 1e50 limit, tiny and huge magnitudes, small exact integers,
 * repeated and collinear points -- calls the entry point and checks, with
 * abort() on failure:
 *
 *   - the return value is 1, 0 or a rejection; a rejection names a valid
 *     argument (1..n of the Lua call) and a known reason; a rejection for a
 *     defect the harness can see itself (NaN, inf, |x| > 1e50, negative
 *     radius/extent) names the first such argument and exactly that defect;
 *     an input with such a defect is always rejected;
 *   - 0 leaves the out struct zeroed;
 *   - 1 gives u in [0, 1], finite outputs, a unit normal (| |n| - 1 | <=
 *     1e-9) and a valid feature;
 *   - sweep_sphere_sphere and test_sphere_sphere agree; swapping A and B
 *     gives the same interval (and, for boxes, the opposite normal);
 *   - for inputs of moderate magnitude, the answer agrees with an independent
 *     static distance oracle in this file (closest points, Ericson ch. 5):
 *     at the reported u the shapes touch, before it they do not, a miss
 *     never overlaps at sampled times, the point lies on the obstacle and
 *     the normal points from it toward the mover.
 *
 * Functions that another branch has not landed yet are weak references:
 * their targets then return at once (the build still links).
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide.h"

#pragma weak collide_polygon_init
#pragma weak collide_sweep_sphere_triangle
#pragma weak collide_sweep_sphere_polygon
#pragma weak collide_sweep_sphere_segment
#pragma weak collide_sweep_sphere_aabb
#pragma weak collide_sweep_aabb_aabb
#pragma weak collide_raycast_sphere
#pragma weak collide_raycast_triangle
#pragma weak collide_raycast_polygon
#pragma weak collide_raycast_aabb
#pragma weak collide_sweep_capsule_sphere
#pragma weak collide_sweep_capsule_plane
#pragma weak collide_sweep_capsule_triangle
#pragma weak collide_sweep_capsule_polygon
#pragma weak collide_sweep_capsule_segment
#pragma weak collide_sweep_capsule_aabb
#pragma weak collide_sweep_capsule_capsule

typedef collide_vec3 vec3;

/* The encoding of a rejection documented in collide.h. */
#define FAIL_CODE(arg, reason) (-((arg) * 256 + (reason)))

#if defined(FUZZ_TARGET) && defined(__clang__)
/* One target per binary: the other targets are compiled but unused. */
#pragma clang diagnostic ignored "-Wunused-function"
#endif

/* ---- failing ------------------------------------------------------------ */

/* The decoded numbers of the current input, printed when a check fails so
   that a crash file can be turned into a test case. */
static double trace[96];
static int ntrace, in_vector;
static int last_code;
static const collide_hit *last_hit;
static const collide_interval *last_iv;
static const vec3 *last_poly;
static int last_poly_n;

static void fail(const char *what, int line) {
  int i;
  fprintf(stderr, "fuzz_core: invariant violated at line %d: %s\n", line, what);
  fprintf(stderr, "return code %d\n", last_code);
  if (last_hit)
    fprintf(stderr, "hit: u %.17g point (%.17g, %.17g, %.17g) normal (%.17g, "
            "%.17g, %.17g) feature %d\n", last_hit->u, last_hit->point.x,
            last_hit->point.y, last_hit->point.z, last_hit->normal.x,
            last_hit->normal.y, last_hit->normal.z, last_hit->feature);
  if (last_iv)
    fprintf(stderr, "interval: u0 %.17g u1 %.17g normal (%.17g, %.17g, "
            "%.17g)\n", last_iv->u0, last_iv->u1, last_iv->normal.x,
            last_iv->normal.y, last_iv->normal.z);
  for (i = 0; last_poly && i < last_poly_n; i++)
    fprintf(stderr, "polygon vertex %d: (%.17g, %.17g, %.17g)\n", i + 1,
            last_poly[i].x, last_poly[i].y, last_poly[i].z);
  fprintf(stderr, "decoded numbers, in order:\n");
  for (i = 0; i < ntrace; i++)
    fprintf(stderr, "  [%d] %.17g (%a)\n", i, trace[i], trace[i]);
  abort();
}
#define ENSURE(c) do { if (!(c)) fail(#c, __LINE__); } while (0)

/* ---- decoding bytes into arguments -------------------------------------- */

typedef struct src {
  const uint8_t *p;
  size_t n;
  vec3 pool[8];           /* earlier vectors, for repeats and collinearity */
  int npool;
} src;

static unsigned byte(src *s) {
  if (s->n == 0) return 0;
  s->n--;
  return *s->p++;
}

static double raw_double(src *s) {
  uint64_t b = 0;
  double d;
  int i;
  for (i = 0; i < 8; i++) b = (b << 8) | byte(s);
  memcpy(&d, &b, sizeof d);
  return d;
}

/* Values chosen to sit on the edges of the checks and of double precision. */
static double special(unsigned k) {
  static const double t[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, 1e-9,
    1e50, -1e50, 1e-50, 1e25, 1e-300, 1e300, 1e15, 1e-16,
    DBL_MIN, -DBL_MIN, DBL_MAX, -DBL_MAX, DBL_EPSILON, 1.0 + DBL_EPSILON,
    1.0 - DBL_EPSILON / 2, 1e-150, 1e-160, 1e-320, 1e8, 1e-8,
  };
  unsigned n = (unsigned)(sizeof t / sizeof t[0]);
  if (k % 32 == 28) return NAN;
  if (k % 32 == 29) return INFINITY;
  if (k % 32 == 30) return -INFINITY;
  if (k % 32 == 31) return nextafter(1e50, INFINITY);   /* first rejected */
  return t[(k % 32) % n];
}

static double number_(src *s);
static double number(src *s) {
  double x = number_(s);
  if (!in_vector && ntrace < 96) trace[ntrace++] = x;
  return x;
}

static double number_(src *s) {
  unsigned k = byte(s);
  switch (k & 7) {
    case 0: return special(byte(s));
    case 1: return raw_double(s);
    case 2: {             /* mantissa of 16 bits times 2^[-200, 200] */
      int m = (int)(int16_t)(byte(s) << 8 | byte(s));
      int e = (int)byte(s) * 400 / 255 - 200;
      return ldexp((double)m, e);
    }
    case 3: {             /* a small value near a tangency: i/4 + j ulp */
      double x = (double)((int)(int8_t)byte(s)) / 4.0;
      int j = (int)(int8_t)byte(s) % 4;
      while (j > 0) { x = nextafter(x, INFINITY); j--; }
      while (j < 0) { x = nextafter(x, -INFINITY); j++; }
      return x;
    }
    default:              /* small exact values: -16 .. 15.75 in quarters */
      return (double)((int)(int8_t)byte(s)) / 8.0;
  }
}

static vec3 vec(double x, double y, double z) {
  vec3 v;
  v.x = x; v.y = y; v.z = z;
  return v;
}

static vec3 vector_(src *s);
static vec3 vector(src *s) {
  vec3 v;
  in_vector = 1;
  v = vector_(s);
  in_vector = 0;
  if (ntrace < 94) {
    trace[ntrace++] = v.x; trace[ntrace++] = v.y; trace[ntrace++] = v.z;
  }
  return v;
}

static vec3 vector_(src *s) {
  unsigned k = byte(s);
  vec3 v, a, b;
  double t;
  switch (k % 10) {
    case 0:               /* repeat an earlier vector exactly */
      v = s->npool ? s->pool[byte(s) % (unsigned)s->npool] : vec(0, 0, 0);
      break;
    case 1:               /* on the line through two earlier vectors */
      if (s->npool < 2) { v = vec(number(s), number(s), 0); break; }
      a = s->pool[byte(s) % (unsigned)s->npool];
      b = s->pool[byte(s) % (unsigned)s->npool];
      t = number(s);
      v = vec(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t,
              a.z + (b.z - a.z) * t);
      break;
    case 2:               /* an earlier vector nudged by a tiny amount */
      a = s->npool ? s->pool[byte(s) % (unsigned)s->npool] : vec(0, 0, 0);
      t = ldexp(1.0, -(int)(byte(s) % 64)) * (double)((int)(int8_t)byte(s));
      v = vec(a.x + t * 1e-9, a.y, a.z - t * 1e-12);
      break;
    case 3: case 4:       /* 2D: z = 0 */
      v = vec(number(s), number(s), 0);
      break;
    case 5:               /* along an axis */
      t = number(s);
      v = vec(0, 0, 0);
      if (k / 10 % 3 == 0) v.x = t; else if (k / 10 % 3 == 1) v.y = t;
      else v.z = t;
      break;
    default:
      v = vec(number(s), number(s), number(s));
  }
  if (s->npool < 8) s->pool[s->npool++] = v;
  else s->pool[byte(s) % 8] = v;
  return v;
}

/* ---- what the harness can check by itself ------------------------------- */

enum { K_NUM, K_RADIUS, K_VEC, K_EXTENTS, K_SHAPE };

static int num_defect(double x) {
  if (isnan(x)) return COLLIDE_E_NAN;
  if (isinf(x)) return COLLIDE_E_INF;
  if (fabs(x) > 1e50) return COLLIDE_E_RANGE;
  return 0;
}

static int vec_defect(const vec3 *v) {
  if (isnan(v->x) || isnan(v->y) || isnan(v->z)) return COLLIDE_E_VEC_NAN;
  if (isinf(v->x) || isinf(v->y) || isinf(v->z)) return COLLIDE_E_VEC_INF;
  if (fabs(v->x) > 1e50 || fabs(v->y) > 1e50 || fabs(v->z) > 1e50)
    return COLLIDE_E_VEC_RANGE;
  return 0;
}

/* One argument as the harness sees it. */
typedef struct arg {
  int kind;
  double num;
  vec3 v;
} arg;

static int defect(const arg *a) {
  int e;
  switch (a->kind) {
    case K_NUM: return num_defect(a->num);
    case K_RADIUS:
      e = num_defect(a->num);
      return e ? e : (a->num < 0 ? COLLIDE_E_NEG_RADIUS : 0);
    case K_VEC: return vec_defect(&a->v);
    case K_EXTENTS:
      e = vec_defect(&a->v);
      if (e) return e;
      return (a->v.x < 0 || a->v.y < 0 || a->v.z < 0) ? COLLIDE_E_NEG_EXTENT
                                                      : 0;
    default: return 0;
  }
}

static int is_basic_reason(int r) {
  return r >= COLLIDE_E_NAN && r <= COLLIDE_E_NEG_EXTENT;
}

/* An argument that may also be rejected for a reason the harness does not
   predict (a zero normal, collinear points, a bad plane). */
typedef struct extra { int arg, reason; } extra;

/* Checks a return code against the arguments. ex lists (ending with
   {0, 0}) the other (argument, reason) pairs allowed when no argument has
   a visible defect. Returns 1 when the caller should go on to check a
   result (code is 0 or 1). */
static int check_code(int code, const arg *args, int nargs, const extra *ex) {
  int first = 0, i;
  last_code = code;
  for (i = 0; i < nargs; i++)
    if (defect(&args[i])) { first = i + 1; break; }
  ENSURE(code <= 1);
  if (code >= 0) {
    ENSURE(first == 0);   /* a visible defect is always rejected */
    return 1;
  }
  {
    int a = collide_error_arg(code), r = collide_error_reason(code);
    const char *msg = collide_error_message(code);
    ENSURE(code == -(a * 256 + r));
    ENSURE(a >= 1 && a <= nargs);
    ENSURE(r >= 1 && r < COLLIDE_E_LAST);
    ENSURE(msg != NULL && strcmp(msg, "invalid argument") != 0);
    if (first != 0) {
      /* The first argument in Lua order with a defect is the one named,
         with exactly that defect. */
      ENSURE(a == first);
      ENSURE(r == defect(&args[a - 1]));
    } else {
      int ok = 0;
      for (; ex->arg; ex++) ok |= (ex->arg == a && ex->reason == r);
      ENSURE(ok);
    }
  }
  return 0;
}

static int finite3(const vec3 *v) {
  return isfinite(v->x) && isfinite(v->y) && isfinite(v->z);
}
static double dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static vec3 sub(vec3 a, vec3 b) { return vec(a.x - b.x, a.y - b.y, a.z - b.z); }
static vec3 add(vec3 a, vec3 b) { return vec(a.x + b.x, a.y + b.y, a.z + b.z); }
static vec3 scale(vec3 a, double s) { return vec(a.x * s, a.y * s, a.z * s); }
static vec3 cross(vec3 a, vec3 b) {
  return vec(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
             a.x * b.y - a.y * b.x);
}
static double len(vec3 a) { return sqrt(dot(a, a)); }
static vec3 lerp(vec3 a, vec3 b, double u) {
  return vec(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u,
             a.z + (b.z - a.z) * u);
}
static int is_zero3(const vec3 *v) {
  return v->x == 0 && v->y == 0 && v->z == 0;
}

static void check_hit(int code, const collide_hit *h) {
  last_code = code;
  last_hit = h;
  if (code == 0) {
    ENSURE(h->u == 0 && is_zero3(&h->point) && is_zero3(&h->normal) &&
           h->feature == COLLIDE_FEATURE_NONE);
    return;
  }
  ENSURE(code == 1);
  ENSURE(h->u >= 0 && h->u <= 1);
  ENSURE(finite3(&h->point) && finite3(&h->normal));
  ENSURE(fabs(len(h->normal) - 1) <= 1e-9);
  ENSURE(h->feature == COLLIDE_FEATURE_FACE ||
         h->feature == COLLIDE_FEATURE_EDGE ||
         h->feature == COLLIDE_FEATURE_VERTEX);
}

static void check_interval(int code, const collide_interval *iv) {
  last_code = code;
  last_iv = iv;
  if (code == 0) {
    ENSURE(iv->u0 == 0 && iv->u1 == 0 && is_zero3(&iv->normal));
    return;
  }
  ENSURE(code == 1);
  ENSURE(iv->u0 >= 0 && iv->u0 <= iv->u1 && iv->u1 <= 1);
  ENSURE(finite3(&iv->normal));
}

/* ---- static distance oracle (closest points, Ericson ch. 5) ------------- */

/* Largest magnitude among the inputs; the geometric checks run only when
   it is moderate, where double precision leaves a clear margin. */
static double max_mag_(const arg *args, int n);

/* Smallest non-zero magnitude among the inputs. */
static double min_mag(const arg *args, int n) {
  double m = INFINITY, t[4];
  int i, j;
  for (i = 0; i < n; i++) {
    t[0] = args[i].num; t[1] = args[i].v.x; t[2] = args[i].v.y;
    t[3] = args[i].v.z;
    for (j = args[i].kind == K_NUM || args[i].kind == K_RADIUS ? 0 : 1;
         j < (args[i].kind == K_NUM || args[i].kind == K_RADIUS ? 1 : 4); j++)
      if (t[j] != 0 && fabs(t[j]) < m) m = fabs(t[j]);
  }
  return m;
}

/* The oracle's verdict needs inputs of moderate magnitude: no coordinate
   above 1e4 (rounding stays far below the tolerance) and none so small
   that squares underflow (below 1e-30 a motion's |v|^2 leaves the normal
   range; see the report on sweep_sphere_sphere). Returns +inf otherwise,
   which fails every "<= MODERATE". */
static double max_mag(const arg *args, int n) {
  if (min_mag(args, n) < 1e-30) return INFINITY;
  return max_mag_(args, n);
}

static double max_mag_(const arg *args, int n) {
  double m = 0;
  int i;
  for (i = 0; i < n; i++) {
    double t = args[i].kind == K_NUM || args[i].kind == K_RADIUS
                   ? fabs(args[i].num)
                   : fmax(fabs(args[i].v.x),
                          fmax(fabs(args[i].v.y), fabs(args[i].v.z)));
    if (args[i].kind == K_SHAPE) t = fmax(t, fabs(args[i].num));
    if (t > m) m = t;
  }
  return m;
}
#define MODERATE 1e4

typedef enum { O_POINT, O_SEGMENT, O_TRIANGLE, O_AABB, O_PLANE, O_POLYGON } okind;

typedef struct obstacle {
  okind kind;
  vec3 a, b, c;                  /* point / segment / triangle; aabb: c, e */
  collide_plane plane;
  const collide_polygon *poly;
} obstacle;

/* Closest point on segment ab to p (Ericson 5.1.2). */
static vec3 closest_segment(vec3 p, vec3 a, vec3 b) {
  vec3 ab = sub(b, a);
  double l2 = dot(ab, ab), t;
  if (l2 == 0) return a;
  t = dot(sub(p, a), ab) / l2;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  return lerp(a, b, t);
}

/* Closest point on triangle abc to p: inside the face region, the
   projection; otherwise the nearest of the three edges (Ericson 5.1.5 gives
   the same answer by Voronoi regions). Needs a non-degenerate triangle. */
static vec3 closest_triangle(vec3 p, vec3 a, vec3 b, vec3 c) {
  vec3 n = cross(sub(b, a), sub(c, a));
  double nn = dot(n, n);
  vec3 q = sub(p, scale(n, dot(sub(p, a), n) / nn));
  /* q inside when it is on the inner side of every edge. */
  if (dot(cross(sub(b, a), sub(q, a)), n) >= 0 &&
      dot(cross(sub(c, b), sub(q, b)), n) >= 0 &&
      dot(cross(sub(a, c), sub(q, c)), n) >= 0)
    return q;
  {
    vec3 e1 = closest_segment(p, a, b), e2 = closest_segment(p, b, c);
    vec3 e3 = closest_segment(p, c, a), best = e1;
    if (len(sub(p, e2)) < len(sub(p, best))) best = e2;
    if (len(sub(p, e3)) < len(sub(p, best))) best = e3;
    return best;
  }
}

static vec3 closest_polygon(vec3 p, const collide_polygon *poly) {
  vec3 n = poly->plane.normal;
  vec3 q = sub(p, scale(n, dot(n, p) + poly->plane.d));
  int i, inside = 1, k = poly->count;
  vec3 best = poly->vertices[0];
  double bd = INFINITY;
  for (i = 0; i < k; i++) {
    vec3 a = poly->vertices[i], b = poly->vertices[(i + 1) % k];
    if (dot(cross(sub(b, a), sub(q, a)), n) < 0) inside = 0;
  }
  if (inside) return q;
  for (i = 0; i < k; i++) {
    vec3 e = closest_segment(p, poly->vertices[i], poly->vertices[(i + 1) % k]);
    double d = len(sub(p, e));
    if (d < bd) { bd = d; best = e; }
  }
  return best;
}

static vec3 closest(const obstacle *o, vec3 p) {
  switch (o->kind) {
    case O_POINT: return o->a;
    case O_SEGMENT: return closest_segment(p, o->a, o->b);
    case O_TRIANGLE: return closest_triangle(p, o->a, o->b, o->c);
    case O_AABB:
      return vec(fmin(fmax(p.x, o->a.x - o->b.x), o->a.x + o->b.x),
                 fmin(fmax(p.y, o->a.y - o->b.y), o->a.y + o->b.y),
                 fmin(fmax(p.z, o->a.z - o->b.z), o->a.z + o->b.z));
    case O_PLANE:
      return sub(p, scale(o->plane.normal, dot(o->plane.normal, p) + o->plane.d));
    default: return closest_polygon(p, o->poly);
  }
}

static double dist(const obstacle *o, vec3 p) { return len(sub(p, closest(o, p))); }

/* A sphere of radius r swept from c0 to c1 against o: the answer h (code 0
   or 1) agrees with the oracle within tol. */
static void oracle_sweep(const obstacle *o, double r, vec3 c0, vec3 c1,
                         int code, const collide_hit *h, double tol) {
  int k;
  if (code == 0) {
    for (k = 0; k <= 16; k++)
      ENSURE(dist(o, lerp(c0, c1, k / 16.0)) >= r - tol);
    return;
  }
  {
    vec3 c = lerp(c0, c1, h->u);
    double dc = dist(o, c), dp = len(sub(c, h->point));
    ENSURE(dc <= r + tol);                    /* touching at u */
    ENSURE(dist(o, h->point) <= tol);         /* point on the obstacle */
    /* and nearest the centre -- unless the centre is inside a solid,
       where the nearest point of the surface is an equally fair reading of
       "the obstacle's point nearest the centre". */
    if (dc > tol) ENSURE(fabs(dp - dc) <= tol);
    if (h->u > 0) {
      ENSURE(dc >= r - tol);                  /* not deeper than touching */
      for (k = 0; k < 8; k++)                 /* no earlier contact */
        ENSURE(dist(o, lerp(c0, c1, h->u * k / 8.0)) >= r - tol);
    }
    /* With the centre clearly outside, the normal points from the point
       to it. (Inside a solid it is the way out instead: not checked.) */
    if (dc > 1e3 * tol && dp > 1e3 * tol)
      ENSURE(len(sub(h->normal, scale(sub(c, h->point), 1 / dp))) <= 1e-6);
  }
}

/* ---- targets ------------------------------------------------------------ */

static const extra no_extra[] = {{0, 0}};

static void fz_sphere_sphere(src *s) {
  arg a[6];
  collide_interval iv, sw;
  int code, t, code2, t2;
  a[0].kind = K_RADIUS; a[0].num = number(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  a[3].kind = K_RADIUS; a[3].num = number(s);
  a[4].kind = K_VEC; a[4].v = vector(s);
  a[5].kind = K_VEC; a[5].v = vector(s);
  code = collide_sweep_sphere_sphere(a[0].num, &a[1].v, &a[2].v, a[3].num,
                                     &a[4].v, &a[5].v, &iv);
  t = collide_test_sphere_sphere(a[0].num, &a[1].v, &a[2].v, a[3].num,
                                 &a[4].v, &a[5].v);
  ENSURE(t == code);                          /* same answer, same error */
  if (!check_code(code, a, 6, no_extra)) return;
  check_interval(code, &iv);
  ENSURE(is_zero3(&iv.normal));
  /* B against A: the same interval, exactly (the formulas are symmetric). */
  code2 = collide_sweep_sphere_sphere(a[3].num, &a[4].v, &a[5].v, a[0].num,
                                      &a[1].v, &a[2].v, &sw);
  t2 = collide_test_sphere_sphere(a[3].num, &a[4].v, &a[5].v, a[0].num,
                                  &a[1].v, &a[2].v);
  ENSURE(code2 == code && t2 == code);
  ENSURE(sw.u0 == iv.u0 && sw.u1 == iv.u1);
  if (max_mag(a, 6) <= MODERATE) {
    /* Relative to B, A's centre moves from s0 to s1 and touches the
       point B when the distance is R. */
    obstacle o = {0};
    double R = a[0].num + a[3].num, tol = 1e-7 * (1 + max_mag(a, 6));
    vec3 s0 = sub(a[1].v, a[4].v), s1 = sub(a[2].v, a[5].v);
    int k;
    o.kind = O_POINT;
    o.a = vec(0, 0, 0);
    if (code == 0) {
      for (k = 0; k <= 16; k++) ENSURE(dist(&o, lerp(s0, s1, k / 16.0)) >= R - tol);
    } else {
      ENSURE(dist(&o, lerp(s0, s1, iv.u0)) <= R + tol);
      ENSURE(dist(&o, lerp(s0, s1, iv.u1)) <= R + tol);
      if (iv.u0 > 0) ENSURE(dist(&o, lerp(s0, s1, iv.u0)) >= R - tol);
      if (iv.u1 < 1) ENSURE(dist(&o, lerp(s0, s1, iv.u1)) >= R - tol);
      for (k = 0; k < 8; k++)
        ENSURE(dist(&o, lerp(s0, s1, iv.u0 * k / 8.0)) >= R - tol ||
               iv.u0 == 0);
    }
  }
}

/* A plane as a query receives it: from a constructor (which must then be
   accepted by every query) or raw bytes (which a query must validate). */
static int plane_arg(src *s, collide_plane *pl, int *from_ctor) {
  unsigned k = byte(s);
  vec3 p = vector(s), q = vector(s), r;
  int code = -1;
  *from_ctor = 1;
  switch (k % 4) {
    case 0: code = collide_plane_make(&p, number(s), pl); break;
    case 1: code = collide_plane_from_point_normal(&p, &q, pl); break;
    case 2: r = vector(s); code = collide_plane_from_points(&p, &q, &r, pl); break;
    default: break;
  }
  if (code == 1) return 1;
  *from_ctor = 0;
  pl->normal = p;
  pl->d = number(s);
  return 1;
}

static void check_plane_out(int code, const collide_plane *pl) {
  if (code != 1) return;
  ENSURE(finite3(&pl->normal) && isfinite(pl->d));
  ENSURE(fabs(len(pl->normal) - 1) <= 1e-9);
}

/* Clearly not a plane a query may accept. */
static int bad_plane(const collide_plane *pl) {
  return !finite3(&pl->normal) || !isfinite(pl->d) || fabs(pl->d) > 2e50 ||
         fabs(len(pl->normal) - 1) > 1e-6;
}

static void fz_plane(src *s) {
  static const extra make_ex[] = {{1, COLLIDE_E_ZERO_NORMAL},
                                  {2, COLLIDE_E_RANGE}, {0, 0}};
  static const extra pn_ex[] = {{2, COLLIDE_E_ZERO_NORMAL}, {0, 0}};
  static const extra pts_ex[] = {{3, COLLIDE_E_COLLINEAR}, {0, 0}};
  collide_plane pl;
  arg a[3];
  int code;
  double d;
  unsigned k = byte(s);
  switch (k % 3) {
    case 0:
      a[0].kind = K_VEC; a[0].v = vector(s);
      a[1].kind = K_NUM; a[1].num = number(s);
      code = collide_plane_make(&a[0].v, a[1].num, &pl);
      check_code(code, a, 2, make_ex);
      break;
    case 1:
      a[0].kind = K_VEC; a[0].v = vector(s);
      a[1].kind = K_VEC; a[1].v = vector(s);
      code = collide_plane_from_point_normal(&a[0].v, &a[1].v, &pl);
      check_code(code, a, 2, pn_ex);
      break;
    default:
      a[0].kind = K_VEC; a[0].v = vector(s);
      a[1].kind = K_VEC; a[1].v = vector(s);
      a[2].kind = K_VEC; a[2].v = vector(s);
      code = collide_plane_from_points(&a[0].v, &a[1].v, &a[2].v, &pl);
      check_code(code, a, 3, pts_ex);
      break;
  }
  ENSURE(code == 1 || code < 0);
  check_plane_out(code, &pl);
  if (code == 1) {
    vec3 p = vector(s);
    int c2 = collide_plane_distance(&pl, &p, &d);
    if (vec_defect(&p)) {
      ENSURE(c2 == FAIL_CODE(2, vec_defect(&p)));
    } else {
      ENSURE(c2 == 1 && isfinite(d));
    }
    {
      /* Every plane a constructor accepts is accepted by the queries. */
      collide_hit h;
      vec3 c0 = vec(0, 0, 0), c1 = vec(1, 0, 0);
      int c3 = collide_sweep_sphere_plane(1, &c0, &c1, &pl, &h);
      int c4 = collide_raycast_plane(&c0, &c1, &pl, &h);
      ENSURE(c3 >= 0 && c4 >= 0);
    }
  }
}

static void fz_sphere_plane(src *s) {
  static const extra ex[] = {{4, COLLIDE_E_BAD_PLANE}, {0, 0}};
  arg a[4];
  collide_plane pl;
  collide_hit h;
  int ctor, code;
  a[0].kind = K_RADIUS; a[0].num = number(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  plane_arg(s, &pl, &ctor);
  a[3].kind = K_SHAPE; a[3].v = pl.normal; a[3].num = pl.d;
  code = collide_sweep_sphere_plane(a[0].num, &a[1].v, &a[2].v, &pl, &h);
  if (!check_code(code, a, 4, ex)) {
    if (collide_error_arg(code) == 4) ENSURE(!ctor);
    return;
  }
  ENSURE(!bad_plane(&pl));
  check_hit(code, &h);
  if (code == 1) ENSURE(h.feature == COLLIDE_FEATURE_FACE);
  if (max_mag(a, 4) <= MODERATE) {
    obstacle o = {0};
    o.kind = O_PLANE;
    o.plane = pl;
    oracle_sweep(&o, a[0].num, a[1].v, a[2].v, code, &h,
                 1e-7 * (1 + max_mag(a, 4)));
  }
}

/* A ray lying in a flat obstacle's plane (to within 1e3 tol): the 2D
   case. FUZZ_SKIP_COPLANAR_RAYS skips the checks of the hit point and
   normal for those -- an open issue (see the reliability report): touching
   at a vertex the in-plane normal can face away from p0, and a ray within
   rounding of the plane but not in it gets u from the 3D crossing and the
   point from the 2D boundary rule, off the segment. */
static int coplanar_ray(const obstacle *o, vec3 p0, vec3 p1, double tol) {
#ifdef FUZZ_SKIP_COPLANAR_RAYS
  collide_plane pl;
  if (o->kind == O_TRIANGLE) {
    vec3 n = cross(sub(o->b, o->a), sub(o->c, o->a));
    pl.normal = scale(n, 1 / len(n));
    pl.d = -dot(pl.normal, o->a);
  } else if (o->kind == O_POLYGON) {
    pl = o->poly->plane;
  } else {
    return 0;
  }
  return fabs(dot(pl.normal, p0) + pl.d) <= 1e3 * tol &&
         fabs(dot(pl.normal, p1) + pl.d) <= 1e3 * tol;
#else
  (void)o; (void)p0; (void)p1; (void)tol;
  return 0;
#endif
}

/* A segment p0 -> p1 against the obstacle o: flat (crossing) or solid. */
static void oracle_ray(const obstacle *o, int solid, double r, vec3 p0,
                       vec3 p1, int code, const collide_hit *h, double tol) {
  int k;
  /* Solid obstacles (a sphere of radius r around a point, a box): the
     distance to the solid; flat ones: to the surface. */
#define DS(p) (dist(o, (p)) - r)
  if (code == 0) {
    if (solid)
      for (k = 0; k <= 16; k++) ENSURE(DS(lerp(p0, p1, k / 16.0)) >= -tol);
    return;
  }
  {
    vec3 x = lerp(p0, p1, h->u);
    if ((h->u > 0 || !solid) && !coplanar_ray(o, p0, p1, tol)) {
      ENSURE(len(sub(h->point, x)) <= tol);   /* on the segment */
      ENSURE(fabs(DS(h->point)) <= tol);      /* and on the surface */
    }
    if (h->u > 0 && solid)
      for (k = 0; k < 8; k++) ENSURE(DS(lerp(p0, p1, h->u * k / 8.0)) >= -tol);
    if (h->u > 0 && len(sub(p0, h->point)) > 1e3 * tol && !coplanar_ray(o, p0, p1, tol))
      ENSURE(dot(h->normal, sub(p0, h->point)) >= -tol);  /* faces p0 */
  }
#undef DS
}

/* A flat obstacle crossed clearly: both ends well apart on each side of the
   plane and the crossing point well inside, must be a hit. */
static void oracle_crossing(const obstacle *o, collide_plane pl, vec3 p0,
                            vec3 p1, int code, double tol) {
  double d0 = dot(pl.normal, p0) + pl.d, d1 = dot(pl.normal, p1) + pl.d;
  vec3 x;
  if (!((d0 > 1e3 * tol && d1 < -1e3 * tol) || (d0 < -1e3 * tol && d1 > 1e3 * tol)))
    return;
  x = lerp(p0, p1, d0 / (d0 - d1));
  if (dist(o, x) > tol) return;               /* crosses outside the shape */
  /* Inside by a margin: every edge farther than 1e3 tol. */
  if (o->kind == O_TRIANGLE) {
    if (len(sub(x, closest_segment(x, o->a, o->b))) <= 1e3 * tol ||
        len(sub(x, closest_segment(x, o->b, o->c))) <= 1e3 * tol ||
        len(sub(x, closest_segment(x, o->c, o->a))) <= 1e3 * tol)
      return;
  } else if (o->kind == O_POLYGON) {
    int i, n = o->poly->count;
    for (i = 0; i < n; i++)
      if (len(sub(x, closest_segment(x, o->poly->vertices[i],
                                     o->poly->vertices[(i + 1) % n]))) <= 1e3 * tol)
        return;
  }
  ENSURE(code == 1);
}

static void fz_raycast_plane(src *s) {
  static const extra ex[] = {{3, COLLIDE_E_BAD_PLANE}, {0, 0}};
  arg a[3];
  collide_plane pl;
  collide_hit h;
  int ctor, code;
  a[0].kind = K_VEC; a[0].v = vector(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  plane_arg(s, &pl, &ctor);
  a[2].kind = K_SHAPE; a[2].v = pl.normal; a[2].num = pl.d;
  code = collide_raycast_plane(&a[0].v, &a[1].v, &pl, &h);
  if (!check_code(code, a, 3, ex)) {
    if (collide_error_arg(code) == 3) ENSURE(!ctor);
    return;
  }
  ENSURE(!bad_plane(&pl));
  check_hit(code, &h);
  if (code == 1) ENSURE(h.feature == COLLIDE_FEATURE_FACE);
  if (max_mag(a, 3) <= MODERATE) {
    obstacle o = {0};
    double tol = 1e-7 * (1 + max_mag(a, 3));
    o.kind = O_PLANE;
    o.plane = pl;
    oracle_ray(&o, 0, 0, a[0].v, a[1].v, code, &h, tol);
    oracle_crossing(&o, pl, a[0].v, a[1].v, code, tol);
  }
}

/* Polygon vertices: mostly a convex planar polygon (points in angular order
   on an ellipse, an affine image of a circle, hence convex), sometimes
   spoiled on purpose (repeated, collinear, off the plane, reordered), or
   raw vectors. */
#define MAXV 12
static int polygon_vertices(src *s, vec3 *v) {
  unsigned k = byte(s);
  int n = (int)(byte(s) % (MAXV + 1)), i;
  if (k % 4 == 0) {
    for (i = 0; i < n; i++) v[i] = vector(s);
  } else {
    vec3 c = vector(s), u = vector(s), w = vector(s);
    double th = 0, step = 2 * 3.14159265358979323846 / (n ? n : 1);
    for (i = 0; i < n; i++) {
      double t = th + step * (byte(s) % 200) / 256.0;
      v[i] = add(c, add(scale(u, cos(t)), scale(w, sin(t))));
      th += step;
    }
    if (n > 0 && k % 8 == 1) v[byte(s) % (unsigned)n] = v[byte(s) % (unsigned)n];
    if (n > 2 && k % 8 == 3) {       /* a vertex on its neighbours' edge */
      int j = (int)(byte(s) % (unsigned)n);
      v[j] = lerp(v[(j + n - 1) % n], v[(j + 1) % n], number(s));
    }
    if (n > 0 && k % 8 == 5) {       /* off the plane */
      int j = (int)(byte(s) % (unsigned)n);
      v[j] = add(v[j], scale(cross(u, w), number(s)));
    }
    if (n > 1 && k % 8 == 7) {       /* two vertices swapped */
      int j = (int)(byte(s) % (unsigned)n), l = (int)(byte(s) % (unsigned)n);
      vec3 t = v[j]; v[j] = v[l]; v[l] = t;
    }
  }
  return n;
}

static const int polygon_reasons[] = {
  COLLIDE_E_FEW_VERTICES, COLLIDE_E_REPEATED, COLLIDE_E_POLY_COLLINEAR,
  COLLIDE_E_NOT_PLANAR, COLLIDE_E_NOT_CONVEX, 0
};

/* Runs polygon_init and checks it; returns 1 with a valid polygon. */
static int make_polygon(src *s, collide_polygon *poly, vec3 *v, int *count) {
  int n = polygon_vertices(s, v), code, i;
  int which = (int)(byte(s) % 16);
  int given = which == 0 ? -(int)(byte(s) % 3) : n;  /* also counts < 0 */
  arg a;
  int worst = 0;
  code = collide_polygon_init(v, given, poly);
  *count = given;
  last_poly = v;
  last_poly_n = given > 0 ? given : 0;
  ENSURE(code == 1 || code < 0);
  if (code < 0) {
    int r = collide_error_reason(code), ok = 0;
    const int *p;
    ENSURE(collide_error_arg(code) == 1);
    for (p = polygon_reasons; *p; p++) ok |= (*p == r);
    ok |= is_basic_reason(r) && r >= COLLIDE_E_VEC_NAN &&
          r <= COLLIDE_E_VEC_RANGE;
    ENSURE(ok);
    if (given < 3) ENSURE(r == COLLIDE_E_FEW_VERTICES);
    /* A vertex with a visible defect is reported as such. */
    for (i = 0; i < given; i++) {
      int e = vec_defect(&v[i]);
      if (e && (!worst || e < worst)) worst = e;
    }
    if (given >= 3 && worst) ENSURE(is_basic_reason(r));
    if (is_basic_reason(r)) {
      ENSURE(worst != 0);
    }
    return 0;
  }
  /* Accepted: enough finite vertices, a unit normal, every vertex in the
     plane (relative to the polygon's size), and convex. */
  ENSURE(given >= 3);
  ENSURE(poly->count == given && poly->vertices == v);
  ENSURE(finite3(&poly->plane.normal) && isfinite(poly->plane.d));
  ENSURE(fabs(len(poly->plane.normal) - 1) <= 1e-9);
  {
    double size = 0;
    for (i = 0; i < given; i++) {
      a.kind = K_VEC;
      a.v = v[i];
      ENSURE(defect(&a) == 0);
      size = fmax(size, len(sub(v[i], v[0])));
    }
    for (i = 0; i < given; i++) {
      double d = dot(poly->plane.normal, v[i]) + poly->plane.d;
      double m = fmax(fabs(v[i].x), fmax(fabs(v[i].y), fabs(v[i].z)));
      ENSURE(fabs(d) <= 1e-6 * size + 1e-12 * m);
    }
    /* Convex with the winding of the normal: every turn agrees with it. */
    for (i = 0; i < given; i++) {
      vec3 p0 = v[i], p1 = v[(i + 1) % given], p2 = v[(i + 2) % given];
      /* t = |p1 - p0| times the signed distance of p2 from the line p0 p1
         (inside positive); allow a dent of 1e-6 of the polygon's size. */
      double t = dot(cross(sub(p1, p0), sub(p2, p1)), poly->plane.normal);
      ENSURE(t >= -1e-6 * size * len(sub(p1, p0)));
    }
  }
  return 1;
}

static void fz_polygon_init(src *s) {
  collide_polygon poly;
  vec3 v[MAXV];
  int n;
  if (!collide_polygon_init) return;
  if (make_polygon(s, &poly, v, &n)) {
    /* A valid polygon's plane is a valid plane for the plane queries. */
    collide_hit h;
    vec3 c0 = vec(0, 0, 0), c1 = vec(1, 0, 0);
    ENSURE(collide_sweep_sphere_plane(1, &c0, &c1, &poly.plane, &h) >= 0);
  }
}

static void fz_sphere_polygon(src *s) {
  collide_polygon poly;
  vec3 v[MAXV];
  arg a[4];
  collide_hit h;
  int n, code;
  if (!collide_polygon_init || !collide_sweep_sphere_polygon) return;
  if (!make_polygon(s, &poly, v, &n)) return;
  a[0].kind = K_RADIUS; a[0].num = number(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  a[3].kind = K_SHAPE; a[3].v = vec(0, 0, 0); a[3].num = 0;
  code = collide_sweep_sphere_polygon(a[0].num, &a[1].v, &a[2].v, &poly, &h);
  if (!check_code(code, a, 4, no_extra)) return;
  check_hit(code, &h);
  {
    double m = max_mag(a, 3);
    int i;
    for (i = 0; i < n; i++)
      m = fmax(m, fmax(fabs(v[i].x), fmax(fabs(v[i].y), fabs(v[i].z))));
    if (m <= MODERATE) {
      obstacle o = {0};
      o.kind = O_POLYGON;
      o.poly = &poly;
      oracle_sweep(&o, a[0].num, a[1].v, a[2].v, code, &h, 1e-7 * (1 + m));
    }
  }
}

static void fz_raycast_polygon(src *s) {
  collide_polygon poly;
  vec3 v[MAXV];
  arg a[3];
  collide_hit h;
  int n, code;
  if (!collide_polygon_init || !collide_raycast_polygon) return;
  if (!make_polygon(s, &poly, v, &n)) return;
  a[0].kind = K_VEC; a[0].v = vector(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_SHAPE; a[2].v = vec(0, 0, 0); a[2].num = 0;
  code = collide_raycast_polygon(&a[0].v, &a[1].v, &poly, &h);
  if (!check_code(code, a, 3, no_extra)) return;
  check_hit(code, &h);
  if (code == 1) ENSURE(h.feature == COLLIDE_FEATURE_FACE ||
                        h.feature == COLLIDE_FEATURE_EDGE ||
                        h.feature == COLLIDE_FEATURE_VERTEX);
  {
    double m = max_mag(a, 2), tol;
    int i;
    for (i = 0; i < n; i++)
      m = fmax(m, fmax(fabs(v[i].x), fmax(fabs(v[i].y), fabs(v[i].z))));
    tol = 1e-7 * (1 + m);
    if (m <= MODERATE) {
      obstacle o = {0};
      o.kind = O_POLYGON;
      o.poly = &poly;
      oracle_ray(&o, 0, 0, a[0].v, a[1].v, code, &h, tol);
      oracle_crossing(&o, poly.plane, a[0].v, a[1].v, code, tol);
    }
  }
}

/* Non-degenerate enough for the oracle: the triangle's area is not tiny
   next to its longest edge. */
static int fat_triangle(vec3 a, vec3 b, vec3 c) {
  double l = fmax(len(sub(b, a)), fmax(len(sub(c, b)), len(sub(a, c))));
  return len(cross(sub(b, a), sub(c, a))) > 1e-3 * l * l && l > 0;
}

static void fz_sphere_triangle(src *s) {
  /* Any vertex may be named for a degenerate triangle. */
  static const extra tri[] = {{4, COLLIDE_E_DEGENERATE_TRIANGLE},
                              {5, COLLIDE_E_DEGENERATE_TRIANGLE},
                              {6, COLLIDE_E_DEGENERATE_TRIANGLE}, {0, 0}};
  arg a[6];
  collide_hit h;
  int code, i;
  if (!collide_sweep_sphere_triangle) return;
  a[0].kind = K_RADIUS; a[0].num = number(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  for (i = 3; i < 6; i++) { a[i].kind = K_VEC; a[i].v = vector(s); }
  code = collide_sweep_sphere_triangle(a[0].num, &a[1].v, &a[2].v, &a[3].v,
                                       &a[4].v, &a[5].v, &h);
  if (!check_code(code, a, 6, tri)) {
    if (collide_error_reason(code) == COLLIDE_E_DEGENERATE_TRIANGLE)
      ENSURE(!fat_triangle(a[3].v, a[4].v, a[5].v));
    return;
  }
  check_hit(code, &h);
  if (max_mag(a, 6) <= MODERATE && fat_triangle(a[3].v, a[4].v, a[5].v)) {
    obstacle o = {0};
    o.kind = O_TRIANGLE;
    o.a = a[3].v; o.b = a[4].v; o.c = a[5].v;
    oracle_sweep(&o, a[0].num, a[1].v, a[2].v, code, &h,
                 1e-7 * (1 + max_mag(a, 6)));
  }
}

static void fz_raycast_triangle(src *s) {
  static const extra tri[] = {{3, COLLIDE_E_DEGENERATE_TRIANGLE},
                              {4, COLLIDE_E_DEGENERATE_TRIANGLE},
                              {5, COLLIDE_E_DEGENERATE_TRIANGLE}, {0, 0}};
  arg a[5];
  collide_hit h;
  int code, i;
  if (!collide_raycast_triangle) return;
  for (i = 0; i < 5; i++) { a[i].kind = K_VEC; a[i].v = vector(s); }
  code = collide_raycast_triangle(&a[0].v, &a[1].v, &a[2].v, &a[3].v,
                                  &a[4].v, &h);
  if (!check_code(code, a, 5, tri)) {
    if (collide_error_reason(code) == COLLIDE_E_DEGENERATE_TRIANGLE)
      ENSURE(!fat_triangle(a[2].v, a[3].v, a[4].v));
    return;
  }
  check_hit(code, &h);
  if (max_mag(a, 5) <= MODERATE && fat_triangle(a[2].v, a[3].v, a[4].v)) {
    obstacle o = {0};
    collide_plane pl;
    double tol = 1e-7 * (1 + max_mag(a, 5));
    vec3 n = cross(sub(a[3].v, a[2].v), sub(a[4].v, a[2].v));
    o.kind = O_TRIANGLE;
    o.a = a[2].v; o.b = a[3].v; o.c = a[4].v;
    pl.normal = scale(n, 1 / len(n));
    pl.d = -dot(pl.normal, a[2].v);
    oracle_ray(&o, 0, 0, a[0].v, a[1].v, code, &h, tol);
    oracle_crossing(&o, pl, a[0].v, a[1].v, code, tol);
  }
}

static void fz_sphere_segment(src *s) {
  arg a[5];
  collide_hit h;
  int code, i;
  if (!collide_sweep_sphere_segment) return;
  a[0].kind = K_RADIUS; a[0].num = number(s);
  for (i = 1; i < 5; i++) { a[i].kind = K_VEC; a[i].v = vector(s); }
  code = collide_sweep_sphere_segment(a[0].num, &a[1].v, &a[2].v, &a[3].v,
                                      &a[4].v, &h);
  if (!check_code(code, a, 5, no_extra)) return;
  check_hit(code, &h);
  if (code == 1) ENSURE(h.feature != COLLIDE_FEATURE_FACE);
  if (max_mag(a, 5) <= MODERATE) {
    obstacle o = {0};
    o.kind = O_SEGMENT;
    o.a = a[3].v; o.b = a[4].v;
    oracle_sweep(&o, a[0].num, a[1].v, a[2].v, code, &h,
                 1e-7 * (1 + max_mag(a, 5)));
  }
}

static void fz_sphere_aabb(src *s) {
  arg a[5];
  collide_hit h;
  int code;
  if (!collide_sweep_sphere_aabb) return;
  a[0].kind = K_RADIUS; a[0].num = number(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  a[3].kind = K_VEC; a[3].v = vector(s);
  a[4].kind = K_EXTENTS; a[4].v = vector(s);
  code = collide_sweep_sphere_aabb(a[0].num, &a[1].v, &a[2].v, &a[3].v,
                                   &a[4].v, &h);
  if (!check_code(code, a, 5, no_extra)) return;
  check_hit(code, &h);
  if (max_mag(a, 5) <= MODERATE) {
    obstacle o = {0};
    o.kind = O_AABB;
    o.a = a[3].v; o.b = a[4].v;
    oracle_sweep(&o, a[0].num, a[1].v, a[2].v, code, &h,
                 1e-7 * (1 + max_mag(a, 5)));
  }
}

static void fz_raycast_aabb(src *s) {
  arg a[4];
  collide_hit h;
  int code;
  if (!collide_raycast_aabb) return;
  a[0].kind = K_VEC; a[0].v = vector(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  a[3].kind = K_EXTENTS; a[3].v = vector(s);
  code = collide_raycast_aabb(&a[0].v, &a[1].v, &a[2].v, &a[3].v, &h);
  if (!check_code(code, a, 4, no_extra)) return;
  check_hit(code, &h);
  if (max_mag(a, 4) <= MODERATE) {
    obstacle o = {0};
    o.kind = O_AABB;
    o.a = a[2].v; o.b = a[3].v;
    oracle_ray(&o, 1, 0, a[0].v, a[1].v, code, &h, 1e-7 * (1 + max_mag(a, 4)));
  }
}

static void fz_raycast_sphere(src *s) {
  arg a[4];
  collide_hit h;
  int code;
  if (!collide_raycast_sphere) return;
  a[0].kind = K_VEC; a[0].v = vector(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  a[3].kind = K_RADIUS; a[3].num = number(s);
  code = collide_raycast_sphere(&a[0].v, &a[1].v, &a[2].v, a[3].num, &h);
  if (!check_code(code, a, 4, no_extra)) return;
  check_hit(code, &h);
  if (max_mag(a, 4) <= MODERATE) {
    obstacle o = {0};
    o.kind = O_POINT;
    o.a = a[2].v;
    oracle_ray(&o, 1, a[3].num, a[0].v, a[1].v, code, &h,
               1e-7 * (1 + max_mag(a, 4)));
  }
}

static void fz_aabb_aabb(src *s) {
  arg a[6];
  collide_interval iv, sw;
  int code, code2, i;
  if (!collide_sweep_aabb_aabb) return;
  a[0].kind = K_EXTENTS; a[0].v = vector(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  a[3].kind = K_EXTENTS; a[3].v = vector(s);
  a[4].kind = K_VEC; a[4].v = vector(s);
  a[5].kind = K_VEC; a[5].v = vector(s);
  code = collide_sweep_aabb_aabb(&a[0].v, &a[1].v, &a[2].v, &a[3].v, &a[4].v,
                                 &a[5].v, &iv);
  if (!check_code(code, a, 6, no_extra)) return;
  check_interval(code, &iv);
  if (code == 1) {
    /* The normal is a unit axis. */
    int axes = (iv.normal.x != 0) + (iv.normal.y != 0) + (iv.normal.z != 0);
    ENSURE(axes == 1 && fabs(len(iv.normal) - 1) == 0);
  }
  code2 = collide_sweep_aabb_aabb(&a[3].v, &a[4].v, &a[5].v, &a[0].v, &a[1].v,
                                  &a[2].v, &sw);
  ENSURE(code2 == code);
  ENSURE(sw.u0 == iv.u0 && sw.u1 == iv.u1);
  if (code == 1) {
    /* Opposite normals -- except when nothing tells A from B on the
       chosen axis (centred on it and not moving along it), where no rule
       can give f(A, B) = -f(B, A). */
    vec3 s0 = sub(a[1].v, a[4].v), dv = sub(sub(a[2].v, a[1].v), sub(a[5].v, a[4].v));
    double sn = dot(s0, iv.normal), vn = dot(dv, iv.normal);
    if (sn != 0 || vn != 0)
      ENSURE(sw.normal.x == -iv.normal.x && sw.normal.y == -iv.normal.y &&
             sw.normal.z == -iv.normal.z);
  }
  if (max_mag(a, 6) <= MODERATE) {
    /* Relative to B, A's centre moves from s0 to s1 against the box of
       half-extents ea + eb around the origin. */
    double tol = 1e-7 * (1 + max_mag(a, 6));
    vec3 s0 = sub(a[1].v, a[4].v), s1 = sub(a[2].v, a[5].v);
    vec3 e = add(a[0].v, a[3].v);
    obstacle o = {0};
    int k;
    o.kind = O_AABB;
    o.a = vec(0, 0, 0);
    o.b = e;
    if (code == 0) {
      for (k = 0; k <= 16; k++) ENSURE(dist(&o, lerp(s0, s1, k / 16.0)) > -tol);
      for (k = 0; k <= 16; k++) {
        vec3 p = lerp(s0, s1, k / 16.0);
        ENSURE(fabs(p.x) >= e.x - tol || fabs(p.y) >= e.y - tol ||
               fabs(p.z) >= e.z - tol);
      }
    } else {
      vec3 p = lerp(s0, s1, iv.u0);
      ENSURE(dist(&o, p) <= tol);              /* touching at u0 */
      if (iv.u0 > 0) {
        /* Not overlapping before u0, and the normal is the axis on which
           the gap closed, pointing from B toward A. */
        for (k = 0; k < 8; k++) {
          vec3 q = lerp(s0, s1, iv.u0 * k / 8.0);
          ENSURE(fabs(q.x) >= e.x - tol || fabs(q.y) >= e.y - tol ||
                 fabs(q.z) >= e.z - tol);
        }
        for (i = 0; i < 3; i++) {
          double n = i == 0 ? iv.normal.x : (i == 1 ? iv.normal.y : iv.normal.z);
          double pc = i == 0 ? p.x : (i == 1 ? p.y : p.z);
          double ec = i == 0 ? e.x : (i == 1 ? e.y : e.z);
          if (n != 0) ENSURE(fabs(fabs(pc) - ec) <= tol && n * pc >= -tol);
        }
      }
    }
  }
}

/* ---- capsule sweeps (collide_capsule.c) -------------------------------- */

/* The capsule's oracle: its distance to an obstacle is the least distance of
   a point of its core c + s A, s in [-1, 1], to it. The distance from a
   point to a convex set is convex along a segment, so a ternary search over
   s finds the least (no closest-segment formula shared with the core). */
static double core_dist(const obstacle *o, vec3 c, vec3 A, vec3 *best_pt) {
  double lo = -1, hi = 1;
  int k;
  for (k = 0; k < 200 && hi - lo > 1e-15; k++) {
    double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
    if (dist(o, add(c, scale(A, m1))) <= dist(o, add(c, scale(A, m2)))) hi = m2;
    else lo = m1;
  }
  {
    double s = (lo + hi) / 2, d = dist(o, add(c, scale(A, s)));
    double de = dist(o, add(c, scale(A, -1))), df = dist(o, add(c, A));
    if (de < d) { d = de; s = -1; }
    if (df < d) { d = df; s = 1; }
    if (best_pt) *best_pt = add(c, scale(A, s));
    return d;
  }
}

/* A capsule (r, A) swept from c0 to c1 against o (grown by rb: a sphere's
   radius) agrees with the oracle within tol; plane2d: the 2D rule holds. */
static void oracle_capsule(const obstacle *o, double rb, double r, vec3 A,
                           vec3 c0, vec3 c1, int code, const collide_hit *h,
                           double tol, int plane2d) {
  int k;
  double R = r + rb;
  if (code == 0) {
    for (k = 0; k <= 16; k++)
      ENSURE(core_dist(o, lerp(c0, c1, k / 16.0), A, NULL) >= R - tol);
    return;
  }
  {
    vec3 c = lerp(c0, c1, h->u), m;
    double dc = core_dist(o, c, A, NULL);
    ENSURE(dc <= R + tol);                          /* touching at u */
    ENSURE(dist(o, h->point) <= rb + tol);          /* point on the obstacle */
    ENSURE(fabs(dist(o, h->point) - rb) <= tol || rb == 0 || h->u == 0);
    /* the point is within r of the core: in the mover, or touched by it
       (a zero axis is the sphere query, whose point inside a solid is the
       surface point nearest the centre) */
    if (!is_zero3(&A)) {
      obstacle pt = {0};
      pt.kind = O_POINT;
      pt.a = h->point;
      ENSURE(core_dist(&pt, c, A, &m) <= r + tol);
    }
    if (h->u > 0) {
      ENSURE(dc >= R - tol);
      for (k = 0; k < 8; k++)
        ENSURE(core_dist(o, lerp(c0, c1, h->u * k / 8.0), A, NULL) >= R - tol);
      /* the normal points from the point toward the core */
      if (r > 1e3 * tol) {
        obstacle pt = {0};
        double dp;
        pt.kind = O_POINT;
        pt.a = h->point;
        dp = core_dist(&pt, c, A, &m);
        if (dp > 1e3 * tol)
          ENSURE(len(sub(h->normal, scale(sub(m, h->point), 1 / dp))) <= 1e-5);
      }
    }
    if (plane2d) ENSURE(h->point.z == 0 && fabs(h->normal.z) <= 1e-9);
  }
}

/* The common arguments r, axis, c0, c1 of the capsule sweeps. */
static void capsule_args(src *s, arg *a) {
  a[0].kind = K_RADIUS; a[0].num = number(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  a[3].kind = K_VEC; a[3].v = vector(s);
}

/* z = 0 for every vector given */
static int flat_z(const arg *a, int n) {
  int i;
  for (i = 0; i < n; i++)
    if ((a[i].kind == K_VEC || a[i].kind == K_EXTENTS) && a[i].v.z != 0) return 0;
  return 1;
}

static void fz_capsule_sphere(src *s) {
  arg a[6];
  collide_hit h;
  int code;
  if (!collide_sweep_capsule_sphere) return;
  capsule_args(s, a);
  a[4].kind = K_VEC; a[4].v = vector(s);
  a[5].kind = K_RADIUS; a[5].num = number(s);
  code = collide_sweep_capsule_sphere(a[0].num, &a[1].v, &a[2].v, &a[3].v,
                                      &a[4].v, a[5].num, &h);
  if (!check_code(code, a, 6, no_extra)) return;
  check_hit(code, &h);
  if (code == 1) ENSURE(h.feature == COLLIDE_FEATURE_FACE);
  if (max_mag(a, 6) <= MODERATE) {
    obstacle o = {0};
    o.kind = O_POINT;
    o.a = a[4].v;
    oracle_capsule(&o, a[5].num, a[0].num, a[1].v, a[2].v, a[3].v, code, &h,
                   1e-7 * (1 + max_mag(a, 6)), 0);
  }
}

static void fz_capsule_plane(src *s) {
  static const extra pl_ex[] = {{5, COLLIDE_E_BAD_PLANE}, {0, 0}};
  arg a[5];
  collide_hit h;
  collide_plane pl;
  int code, ctor;
  if (!collide_sweep_capsule_plane) return;
  capsule_args(s, a);
  plane_arg(s, &pl, &ctor);
  a[4].kind = K_SHAPE; a[4].v = pl.normal; a[4].num = pl.d;
  code = collide_sweep_capsule_plane(a[0].num, &a[1].v, &a[2].v, &a[3].v, &pl, &h);
  if (!check_code(code, a, 5, pl_ex)) {
    if (collide_error_reason(code) == COLLIDE_E_BAD_PLANE) ENSURE(!ctor);
    return;
  }
  if (bad_plane(&pl)) ENSURE(0);
  check_hit(code, &h);
  if (max_mag(a, 5) <= MODERATE) {
    obstacle o = {0};
    o.kind = O_PLANE;
    o.plane = pl;
    oracle_capsule(&o, 0, a[0].num, a[1].v, a[2].v, a[3].v, code, &h,
                   1e-7 * (1 + max_mag(a, 5)), 0);
  }
}

static void fz_capsule_triangle(src *s) {
  static const extra tri[] = {{5, COLLIDE_E_DEGENERATE_TRIANGLE},
                              {6, COLLIDE_E_DEGENERATE_TRIANGLE},
                              {7, COLLIDE_E_DEGENERATE_TRIANGLE}, {0, 0}};
  arg a[7];
  collide_hit h;
  int code, i;
  if (!collide_sweep_capsule_triangle) return;
  capsule_args(s, a);
  for (i = 4; i < 7; i++) { a[i].kind = K_VEC; a[i].v = vector(s); }
  code = collide_sweep_capsule_triangle(a[0].num, &a[1].v, &a[2].v, &a[3].v,
                                        &a[4].v, &a[5].v, &a[6].v, &h);
  if (!check_code(code, a, 7, tri)) {
    if (collide_error_reason(code) == COLLIDE_E_DEGENERATE_TRIANGLE)
      ENSURE(!fat_triangle(a[4].v, a[5].v, a[6].v));
    return;
  }
  check_hit(code, &h);
  if (max_mag(a, 7) <= MODERATE && fat_triangle(a[4].v, a[5].v, a[6].v)) {
    obstacle o = {0};
    o.kind = O_TRIANGLE;
    o.a = a[4].v; o.b = a[5].v; o.c = a[6].v;
    oracle_capsule(&o, 0, a[0].num, a[1].v, a[2].v, a[3].v, code, &h,
                   1e-7 * (1 + max_mag(a, 7)), !is_zero3(&a[1].v) && flat_z(a, 7));
  }
}

static void fz_capsule_polygon(src *s) {
  collide_polygon poly;
  vec3 v[MAXV];
  arg a[5];
  collide_hit h;
  int n, code;
  if (!collide_polygon_init || !collide_sweep_capsule_polygon) return;
  if (!make_polygon(s, &poly, v, &n)) return;
  capsule_args(s, a);
  a[4].kind = K_SHAPE; a[4].v = vec(0, 0, 0); a[4].num = 0;
  code = collide_sweep_capsule_polygon(a[0].num, &a[1].v, &a[2].v, &a[3].v,
                                       &poly, &h);
  if (!check_code(code, a, 5, no_extra)) return;
  check_hit(code, &h);
  {
    double m = max_mag(a, 4);
    int i, flat = !is_zero3(&a[1].v) && flat_z(a, 4);
    for (i = 0; i < n; i++) {
      m = fmax(m, fmax(fabs(v[i].x), fmax(fabs(v[i].y), fabs(v[i].z))));
      flat &= v[i].z == 0;
    }
    if (m <= MODERATE) {
      obstacle o = {0};
      o.kind = O_POLYGON;
      o.poly = &poly;
      oracle_capsule(&o, 0, a[0].num, a[1].v, a[2].v, a[3].v, code, &h,
                     1e-7 * (1 + m), flat);
    }
  }
}

static void fz_capsule_segment(src *s) {
  arg a[6];
  collide_hit h;
  int code;
  if (!collide_sweep_capsule_segment) return;
  capsule_args(s, a);
  a[4].kind = K_VEC; a[4].v = vector(s);
  a[5].kind = K_VEC; a[5].v = vector(s);
  code = collide_sweep_capsule_segment(a[0].num, &a[1].v, &a[2].v, &a[3].v,
                                       &a[4].v, &a[5].v, &h);
  if (!check_code(code, a, 6, no_extra)) return;
  check_hit(code, &h);
  if (code == 1) ENSURE(h.feature != COLLIDE_FEATURE_FACE);
  if (max_mag(a, 6) <= MODERATE) {
    obstacle o = {0};
    o.kind = O_SEGMENT;
    o.a = a[4].v; o.b = a[5].v;
    oracle_capsule(&o, 0, a[0].num, a[1].v, a[2].v, a[3].v, code, &h,
                   1e-7 * (1 + max_mag(a, 6)), !is_zero3(&a[1].v) && flat_z(a, 6));
  }
}

static void fz_capsule_aabb(src *s) {
  arg a[6];
  collide_hit h;
  int code;
  if (!collide_sweep_capsule_aabb) return;
  capsule_args(s, a);
  a[4].kind = K_VEC; a[4].v = vector(s);
  a[5].kind = K_EXTENTS; a[5].v = vector(s);
  code = collide_sweep_capsule_aabb(a[0].num, &a[1].v, &a[2].v, &a[3].v,
                                    &a[4].v, &a[5].v, &h);
  if (!check_code(code, a, 6, no_extra)) return;
  check_hit(code, &h);
  if (max_mag(a, 6) <= MODERATE) {
    obstacle o = {0};
    o.kind = O_AABB;
    o.a = a[4].v; o.b = a[5].v;
    oracle_capsule(&o, 0, a[0].num, a[1].v, a[2].v, a[3].v, code, &h,
                   1e-7 * (1 + max_mag(a, 6)),
                   !is_zero3(&a[1].v) && flat_z(a, 5) && a[5].v.z == 0);
  }
}

/* The distance of two cores c + s A and d + t B: the least over s of the
   distance of c + s A to the segment d - B .. d + B (convex in s). */
static double cores_dist(vec3 c, vec3 A, vec3 d, vec3 B) {
  obstacle o = {0};
  o.kind = O_SEGMENT;
  o.a = sub(d, B);
  o.b = add(d, B);
  return core_dist(&o, c, A, NULL);
}

static void fz_capsule_capsule(src *s) {
  arg a[8];
  collide_interval iv, sw;
  int code, code2, k;
  if (!collide_sweep_capsule_capsule) return;
  capsule_args(s, a);
  a[4].kind = K_RADIUS; a[4].num = number(s);
  a[5].kind = K_VEC; a[5].v = vector(s);
  a[6].kind = K_VEC; a[6].v = vector(s);
  a[7].kind = K_VEC; a[7].v = vector(s);
  code = collide_sweep_capsule_capsule(a[0].num, &a[1].v, &a[2].v, &a[3].v,
                                       a[4].num, &a[5].v, &a[6].v, &a[7].v, &iv);
  if (!check_code(code, a, 8, no_extra)) return;
  check_interval(code, &iv);
  if (code == 1) ENSURE(fabs(len(iv.normal) - 1) <= 1e-9);
  /* swapping A and B: the same interval, the opposite normal, to the bit */
  code2 = collide_sweep_capsule_capsule(a[4].num, &a[5].v, &a[6].v, &a[7].v,
                                        a[0].num, &a[1].v, &a[2].v, &a[3].v, &sw);
  ENSURE(code2 == code && sw.u0 == iv.u0 && sw.u1 == iv.u1);
  /* (two identical capsules have no "from B toward A" to swap) */
  if (!(!memcmp(&a[0].num, &a[4].num, sizeof(double)) && !memcmp(&a[1].v, &a[5].v, sizeof(vec3)) &&
        !memcmp(&a[2].v, &a[6].v, sizeof(vec3)) &&
        !memcmp(&a[3].v, &a[7].v, sizeof(vec3))))
    ENSURE(sw.normal.x == -iv.normal.x && sw.normal.y == -iv.normal.y &&
           sw.normal.z == -iv.normal.z);
  if (max_mag(a, 8) <= MODERATE) {
    double tol = 1e-7 * (1 + max_mag(a, 8)), R = a[0].num + a[4].num;
    vec3 A = a[1].v, B = a[5].v;
#define CC_AT(u) cores_dist(lerp(a[2].v, a[3].v, u), A, lerp(a[6].v, a[7].v, u), B)
    if (code == 0) {
      for (k = 0; k <= 16; k++) ENSURE(CC_AT(k / 16.0) >= R - tol);
      return;
    }
    ENSURE(CC_AT(iv.u0) <= R + tol);
    ENSURE(CC_AT(iv.u1) <= R + tol);
    for (k = 1; k < 8; k++)
      ENSURE(CC_AT(iv.u0 + (iv.u1 - iv.u0) * k / 8.0) <= R + tol);
    if (iv.u0 > 0)
      for (k = 0; k < 8; k++) ENSURE(CC_AT(iv.u0 * k / 8.0) >= R - tol);
    if (iv.u1 < 1)
      for (k = 1; k <= 8; k++)
        ENSURE(CC_AT(iv.u1 + (1 - iv.u1) * k / 8.0) >= R - tol);
#undef CC_AT
  }
}
/* ---- end of capsule sweeps --------------------------------------------- */

/* Error decoding and the small helpers, on arbitrary codes. */
static void fz_misc(src *s) {
  int code = (int)(int32_t)((uint32_t)byte(s) << 24 | (uint32_t)byte(s) << 16 |
                            (uint32_t)byte(s) << 8 | byte(s));
  const char *m = collide_error_message(code);
  const char *f = collide_feature_name((int)(int8_t)byte(s));
  double x = number(s);
  vec3 v = vector(s);
  ENSURE(m != NULL && strlen(m) > 0);
  ENSURE(f != NULL);
  if (code >= 0) ENSURE(collide_error_arg(code) == 0 &&
                        collide_error_reason(code) == 0);
  else if (code > INT32_MIN) ENSURE(collide_error_arg(code) >= 0 &&
                                    collide_error_reason(code) >= 0);
  ENSURE(collide_check_number(x) == num_defect(x));
  ENSURE(collide_check_vec3(&v) == vec_defect(&v));
  ENSURE(collide_max_coord() == 1e50);
}

typedef void (*target_fn)(src *);

#ifndef FUZZ_TARGET
/* All targets in one binary: the first byte picks one. */
static void fz_all(src *s) {
  static const target_fn t[] = {
    fz_sphere_sphere, fz_plane, fz_sphere_plane, fz_raycast_plane,
    fz_polygon_init, fz_sphere_polygon, fz_raycast_polygon,
    fz_sphere_triangle, fz_raycast_triangle, fz_sphere_segment,
    fz_sphere_aabb, fz_raycast_aabb, fz_raycast_sphere, fz_aabb_aabb, fz_misc,
    fz_capsule_sphere, fz_capsule_plane, fz_capsule_triangle,
    fz_capsule_polygon, fz_capsule_segment, fz_capsule_aabb, fz_capsule_capsule
  };
  t[byte(s) % (sizeof t / sizeof t[0])](s);
}
#define FUZZ_TARGET fz_all
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  src s;
  s.p = data;
  s.n = size;
  s.npool = 0;
  ntrace = 0;
  last_code = 0;
  last_hit = NULL;
  last_iv = NULL;
  last_poly = NULL;
  last_poly_n = 0;
  FUZZ_TARGET(&s);
  return 0;
}
