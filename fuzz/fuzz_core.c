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
/* ---- moving box (branch box) ---- */
#pragma weak collide_sweep_aabb_sphere
#pragma weak collide_sweep_aabb_plane
#pragma weak collide_sweep_aabb_triangle
#pragma weak collide_sweep_aabb_polygon
#pragma weak collide_sweep_aabb_segment
/* ---- end moving box ---- */
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
      unsigned hi = byte(s), lo = byte(s);   /* in this order: C leaves
                                              the operands of | unsequenced */
      int m = (int)(int16_t)(hi << 8 | lo);
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

/* ---- the zero-radius normal faces against the motion --------------------- */

/* A sweep of total radius 0 (a ray, a sphere or a capsule of radius 0
   against an obstacle of radius 0) touches at distance zero, where the
   closest points' difference has no direction; the core then chooses the
   normal by rules (the face on the start's side, the face of the grown
   body entered, the reverse of the motion perpendicular to the line met,
   the reverse of the motion at a point), each of which faces against the
   motion d: the contract's n.d <= 0 for a contact after the start. A
   normal along the motion is a silent wrong answer (a slide would push
   the body into the obstacle).
   The tolerance: each rule decides its sign on the computed normal and
   the computed d = c1 - c0 (a plane's side from distances n.(p - o) of
   points of magnitude up to m, with the flat rays' in-plane band of 64
   epsilon of the coordinates; w.d < 0 for a face of the grown body; -d's
   part across a line, whose square is -n.d), so n.d <= 0 holds up to the
   rounding of those products of coordinates: a few epsilon times m, m the
   largest input magnitude. Relative to the motion that is
   n.d / |d| <= 256 epsilon m / |d|: the direction of d itself is known
   only to epsilon m / |d| (its ends' rounding), so a motion far below
   the coordinates (1e-12 at 1.5) is that ill-conditioned and no rule can
   do better; a motion of the coordinates' size leaves a few hundred ulps.
   Not a tolerance on the angle: a normal 1e-3 or 0.99 along a motion of
   the scene's size fails it.
   m is the largest magnitude of the nargs arguments a and of extra_mag
   (a polygon's vertices). When their least nonzero magnitude is below
   1e-150, squared distances underflow, and two points closer than
   about 1e-154 may read as touching (README, limits of double
   precision): such a false contact's normal is no rule's (a core 2e-160 long passing 1e-160 from a point,
   |W x Z|^2 = 2.4e-349 read as 0, met it at u = 1 with n = d / |d|), so
   those inputs are not checked here. */
static void faces_against(int code, double u, vec3 n, vec3 d, const arg *a, int nargs,
                          double extra_mag) {
  double m = fmax(max_mag_(a, nargs), extra_mag);
  if (code == 1 && u > 0 && min_mag(a, nargs) >= 1e-150)
    ENSURE(dot(n, d) <= 256 * DBL_EPSILON * m);
}

/* The largest magnitude of a polygon's n vertices. */
static double vertices_mag(const vec3 *v, int n) {
  double m = 0;
  int i;
  for (i = 0; i < n; i++) m = fmax(m, fmax(fabs(v[i].x), fmax(fabs(v[i].y), fabs(v[i].z))));
  return m;
}

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
  if (a[0].num == 0) faces_against(code, h.u, h.normal, sub(a[2].v, a[1].v), a, 4, 0);
  if (code == 1) ENSURE(h.feature == COLLIDE_FEATURE_FACE);
  if (max_mag(a, 4) <= MODERATE) {
    obstacle o = {0};
    o.kind = O_PLANE;
    o.plane = pl;
    oracle_sweep(&o, a[0].num, a[1].v, a[2].v, code, &h,
                 1e-7 * (1 + max_mag(a, 4)));
  }
}

/* The distance from p to the boundary of a flat obstacle (its edges). */
static double boundary_dist(const obstacle *o, vec3 p) {
  double best;
  int i, n;
  if (o->kind == O_TRIANGLE) {
    best = len(sub(p, closest_segment(p, o->a, o->b)));
    best = fmin(best, len(sub(p, closest_segment(p, o->b, o->c))));
    return fmin(best, len(sub(p, closest_segment(p, o->c, o->a))));
  }
  n = o->poly->count;
  best = INFINITY;
  for (i = 0; i < n; i++)
    best = fmin(best, len(sub(p, closest_segment(p, o->poly->vertices[i],
                                                 o->poly->vertices[(i + 1) % n]))));
  return best;
}

/* A segment starting inside a triangle or polygon, in its plane (the 2D
   case, to within 1e3 tol), is pushed out across the nearest edge (the
   contract's 2D rule): the point is the boundary's point nearest p0, on
   the boundary, not p0. */
static int pushed_out_2d(const obstacle *o, vec3 p0, vec3 p1,
                         const collide_hit *h, double tol) {
  collide_plane pl;
  if (h->u != 0) return 0;
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
         fabs(dot(pl.normal, p1) + pl.d) <= 1e3 * tol &&
         dist(o, p0) <= tol && boundary_dist(o, h->point) <= tol &&
         fabs(len(sub(h->point, p0)) - boundary_dist(o, p0)) <= tol;
}

/* How far a ray's normal on a ball (a point o grown by r > 0) may face
   along the motion, times |p0 - point|, from rounding alone. Where the
   segment enters the ball, point - centre has no part along d = p1 - p0
   (it is before the foot of the perpendicular from the centre to the
   line; a grazing segment enters at the foot). The reported point is the
   segment's point at the rounded u: past the exact entry by up to half an
   ulp of u times |d|, plus the rounding of p0 + d u and of the roots
   (from products of coordinates of magnitude m): so (point - centre).d/|d|
   >= -K epsilon m, K well below the core's 64 (its measure of the
   coordinates' noise, "noise" in collide_sphere.c). The normal is (point -
   centre) / |point - centre| (the outward normal at the point), so
   n.(p0 - point) >= -64 epsilon m |p0 - point| / |point - centre|: a
   ball of radius 4e-14 grazed by a ray from y = 1 to 0 has its normal
   tilted 1.1e-3 along the motion, the exact normal at the correctly
   rounded u (the finding raycast_sphere-graze-tilt). 0 for the other
   obstacles (their normals come from the shape, not from the point). */
static double ball_tilt(const obstacle *o, double r, vec3 p0, vec3 p1, vec3 point) {
  vec3 ends[3];
  double dc;
  if (o->kind != O_POINT || !(r > 0)) return 0;
  ends[0] = p0; ends[1] = p1; ends[2] = o->a;
  dc = dist(o, point);
  if (!(dc > 0)) return INFINITY;
  return 64 * DBL_EPSILON * vertices_mag(ends, 3) * len(sub(p0, point)) / dc;
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
    if ((h->u > 0 || !solid) && !pushed_out_2d(o, p0, p1, h, tol)) {
      ENSURE(len(sub(h->point, x)) <= tol);   /* on the segment */
      ENSURE(fabs(DS(h->point)) <= tol);      /* and on the surface */
    }
    if (h->u > 0 && solid)
      for (k = 0; k < 8; k++) ENSURE(DS(lerp(p0, p1, h->u * k / 8.0)) >= -tol);
    if (h->u > 0 && len(sub(p0, h->point)) > 1e3 * tol)
      ENSURE(dot(h->normal, sub(p0, h->point)) >=
             -tol - ball_tilt(o, r, p0, p1, h->point));  /* faces p0 */
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
  faces_against(code, h.u, h.normal, sub(a[1].v, a[0].v), a, 3, 0);
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
  if (a[0].num == 0)
    faces_against(code, h.u, h.normal, sub(a[2].v, a[1].v), a, 3, vertices_mag(v, n));
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
  faces_against(code, h.u, h.normal, sub(a[1].v, a[0].v), a, 2, vertices_mag(v, n));
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
  if (a[0].num == 0) faces_against(code, h.u, h.normal, sub(a[2].v, a[1].v), a, 6, 0);
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
  faces_against(code, h.u, h.normal, sub(a[1].v, a[0].v), a, 5, 0);
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
  if (a[0].num == 0) faces_against(code, h.u, h.normal, sub(a[2].v, a[1].v), a, 5, 0);
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
  if (a[0].num == 0) faces_against(code, h.u, h.normal, sub(a[2].v, a[1].v), a, 5, 0);
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
  faces_against(code, h.u, h.normal, sub(a[1].v, a[0].v), a, 4, 0);
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
  if (a[3].num == 0) faces_against(code, h.u, h.normal, sub(a[1].v, a[0].v), a, 4, 0);
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

/* ---- capsule sweeps (collide_capsule*.c) ------------------------------- */

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
  if (a[0].num == 0 && a[5].num == 0)
    faces_against(code, h.u, h.normal, sub(a[3].v, a[2].v), a, 6, 0);
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
  if (a[0].num == 0) faces_against(code, h.u, h.normal, sub(a[3].v, a[2].v), a, 5, 0);
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
  if (a[0].num == 0) faces_against(code, h.u, h.normal, sub(a[3].v, a[2].v), a, 7, 0);
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
  if (a[0].num == 0)
    faces_against(code, h.u, h.normal, sub(a[3].v, a[2].v), a, 4, vertices_mag(v, n));
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
  if (a[0].num == 0) faces_against(code, h.u, h.normal, sub(a[3].v, a[2].v), a, 6, 0);
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
  if (a[0].num == 0) faces_against(code, h.u, h.normal, sub(a[3].v, a[2].v), a, 6, 0);
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
  /* (the normal from B toward A, against A's motion relative to B) */
  if (a[0].num == 0 && a[4].num == 0)
    faces_against(code, iv.u0, iv.normal, sub(sub(a[3].v, a[2].v), sub(a[7].v, a[6].v)),
                  a, 8, 0);
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

/* ==== moving box (branch box): sweep_aabb_{sphere,plane,triangle,polygon,
   segment} ================================================================
   The oracle shares nothing with collide_box.c's separating axes: a static
   overlap test by clipping -- the obstacle (a point, a segment or a convex
   polygon) is clipped against the six half-spaces of the box grown by
   `grow` (Sutherland-Hodgman); they meet when something is left. A plane
   meets the box when its corners are not all strictly on one side; a
   sphere when the box's point nearest its centre is within r. Checked, on
   top of check_hit: a miss never overlaps the box shrunk by tol at 17
   sampled times; a hit touches at u (grown by tol), does not overlap
   (shrunk) before u, the point is on the obstacle and in the box at u,
   the box moved a little along the normal after a contact at u > 0 is
   clear of the obstacle, and in a 2D scene (every input in z = 0, the
   obstacle flat there) point and normal have z = 0. */

#define BOXV (MAXV + 8)

static double gv(vec3 v, int i) { return i == 0 ? v.x : (i == 1 ? v.y : v.z); }

/* Does the convex polygon (n >= 3), segment (2) or point (1) v meet the
   box c +- (e + grow)? */
static int box_meets(vec3 c, vec3 e, double grow, const vec3 *v, int n) {
  vec3 buf[2][BOXV];
  int cur = 0, m = n, i, ax, sg;
  if (e.x + grow < 0 || e.y + grow < 0 || e.z + grow < 0) return 0;
  for (i = 0; i < n; i++) buf[0][i] = v[i];
  for (ax = 0; ax < 3; ax++)
    for (sg = -1; sg <= 1; sg += 2) {
      /* keep sg (p_ax - c_ax) <= e_ax + grow */
      double lim = gv(e, ax) + grow;
      int k = 0;
      for (i = 0; i < m; i++) {
        vec3 p = buf[cur][i], q = buf[cur][(i + 1) % m];
        double hp = sg * (gv(p, ax) - gv(c, ax)) - lim;
        double hq = sg * (gv(q, ax) - gv(c, ax)) - lim;
        if (hp <= 0 && k < BOXV) buf[1 - cur][k++] = p;
        if (m > 1 && ((hp < 0 && hq > 0) || (hp > 0 && hq < 0)) && k < BOXV) {
          vec3 r = lerp(p, q, hp / (hp - hq));
          /* pin the crossing onto the clipping plane */
          if (ax == 0) r.x = gv(c, 0) + sg * lim;
          else if (ax == 1) r.y = gv(c, 1) + sg * lim;
          else r.z = gv(c, 2) + sg * lim;
          buf[1 - cur][k++] = r;
        }
        if (m == 1) break;
      }
      cur = 1 - cur;
      m = k;
      if (m == 0) return 0;
    }
  return 1;
}

static int box_meets_plane(vec3 c, vec3 e, double grow, collide_plane pl) {
  double h = dot(pl.normal, c) + pl.d;
  double R = (e.x + grow) * fabs(pl.normal.x) + (e.y + grow) * fabs(pl.normal.y) +
             (e.z + grow) * fabs(pl.normal.z);
  if (e.x + grow < 0 || e.y + grow < 0 || e.z + grow < 0) return 0;
  return fabs(h) <= R;
}

static int box_meets_sphere(vec3 c, vec3 e, double grow, vec3 ctr, double r) {
  vec3 q;
  if (e.x + grow < 0 || e.y + grow < 0 || e.z + grow < 0) return 0;
  q = vec(fmin(fmax(ctr.x, c.x - e.x - grow), c.x + e.x + grow),
          fmin(fmax(ctr.y, c.y - e.y - grow), c.y + e.y + grow),
          fmin(fmax(ctr.z, c.z - e.z - grow), c.z + e.z + grow));
  return len(sub(q, ctr)) <= r + (grow > 0 ? grow : 0);
}

/* The obstacle of a box target: polytope vertices, or a plane, or a
   sphere. */
typedef struct bobst {
  int kind;            /* 0 polytope, 1 plane, 2 sphere */
  const vec3 *v;
  int n;
  collide_plane pl;
  vec3 ctr;
  double r;
} bobst;

static int bmeets(const bobst *o, vec3 c, vec3 e, double grow) {
  if (o->kind == 1) return box_meets_plane(c, e, grow, o->pl);
  if (o->kind == 2) return box_meets_sphere(c, e, grow, o->ctr, o->r);
  return box_meets(c, e, grow, o->v, o->n);
}

/* Distance from p to the obstacle's surface (for a sphere) or set. */
static double bdist(const bobst *o, vec3 p) {
  obstacle ob = {0};
  if (o->kind == 1) return fabs(dot(o->pl.normal, p) + o->pl.d);
  if (o->kind == 2) return fmax(0, len(sub(p, o->ctr)) - o->r);
  if (o->n == 2) return len(sub(p, closest_segment(p, o->v[0], o->v[1])));
  ob.kind = O_TRIANGLE;
  if (o->n == 3) {
    ob.a = o->v[0]; ob.b = o->v[1]; ob.c = o->v[2];
    return dist(&ob, p);
  }
  return -1;   /* polygons: the caller passes the polygon oracle */
}

/* ENSURE, printing the box's motion first (the decoded numbers do not
   show which vectors they became). */
#define BENSURE(c) do { if (!(c)) { \
    fprintf(stderr, "box e (%.17g, %.17g, %.17g) c0 (%.17g, %.17g, %.17g) " \
            "c1 (%.17g, %.17g, %.17g)\n", e.x, e.y, e.z, c0.x, c0.y, c0.z, \
            c1.x, c1.y, c1.z); \
    for (int i_ = 0; o->kind == 0 && i_ < o->n; i_++) \
      fprintf(stderr, "obstacle vertex (%.17g, %.17g, %.17g)\n", o->v[i_].x, \
              o->v[i_].y, o->v[i_].z); \
    fail(#c, __LINE__); } } while (0)

static void oracle_box(const bobst *o, const collide_polygon *poly, vec3 e,
                       vec3 c0, vec3 c1, int code, const collide_hit *h,
                       double tol) {
  int k;
  if (code == 0) {
    for (k = 0; k <= 16; k++) BENSURE(!bmeets(o, lerp(c0, c1, k / 16.0), e, -tol));
    return;
  }
  {
    vec3 c = lerp(c0, c1, h->u), p = h->point;
    double dp;
    if (poly) {
      obstacle ob = {0};
      ob.kind = O_POLYGON;
      ob.poly = poly;
      dp = dist(&ob, p);
    } else {
      dp = bdist(o, p);
    }
    BENSURE(bmeets(o, c, e, tol));                 /* touching at u */
    BENSURE(dp <= tol);                            /* point on the obstacle */
    BENSURE(fabs(p.x - c.x) <= e.x + tol && fabs(p.y - c.y) <= e.y + tol &&
           fabs(p.z - c.z) <= e.z + tol);        /* and in the box */
    if (h->u > 0) {
      for (k = 0; k < 8; k++)                     /* no earlier contact */
        BENSURE(!bmeets(o, lerp(c0, c1, h->u * k / 8.0), e, -tol));
      /* the normal is a way out: a little along it, the box is clear */
      BENSURE(!bmeets(o, add(c, scale(h->normal, 1e3 * tol)), e, -tol));
    }
  }
}

/* Every input in z = 0 and a motion: point and normal stay there (the 2D
   rule). */
static void check_2d(const arg *a, int n, const vec3 *v, int nv,
                     const collide_hit *h, int code) {
  int i;
  if (code != 1) return;
  /* a motion of zero length has no plane: the face rule */
  if (a[1].v.x == a[2].v.x && a[1].v.y == a[2].v.y && a[1].v.z == a[2].v.z) return;
  for (i = 1; i < n; i++)       /* a[0] is the extents: any e.z */
    if ((a[i].kind == K_VEC) && a[i].v.z != 0) return;
  for (i = 0; i < nv; i++)
    if (v[i].z != 0) return;
  ENSURE(h->normal.z == 0);
  ENSURE(h->point.z == 0);
}

static double mag_with(const arg *a, int n, const vec3 *v, int nv) {
  double m = max_mag(a, n);
  int i;
  for (i = 0; i < nv; i++)
    m = fmax(m, fmax(fabs(v[i].x), fmax(fabs(v[i].y), fabs(v[i].z))));
  return m;
}

static void fz_aabb_sphere(src *s) {
  arg a[5];
  collide_hit h;
  int code;
  if (!collide_sweep_aabb_sphere) return;
  a[0].kind = K_EXTENTS; a[0].v = vector(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  a[3].kind = K_VEC; a[3].v = vector(s);
  a[4].kind = K_RADIUS; a[4].num = number(s);
  code = collide_sweep_aabb_sphere(&a[0].v, &a[1].v, &a[2].v, &a[3].v, a[4].num, &h);
  if (!check_code(code, a, 5, no_extra)) return;
  check_hit(code, &h);
  if (code == 1) ENSURE(h.feature == COLLIDE_FEATURE_FACE);
  if (max_mag(a, 5) <= MODERATE) {
    bobst o = {0};
    o.kind = 2;
    o.ctr = a[3].v;
    o.r = a[4].num;
    oracle_box(&o, NULL, a[0].v, a[1].v, a[2].v, code, &h, 1e-7 * (1 + max_mag(a, 5)));
  }
}

static void fz_aabb_plane(src *s) {
  static const extra ex[] = {{4, COLLIDE_E_BAD_PLANE}, {0, 0}};
  arg a[4];
  collide_plane pl;
  collide_hit h;
  int ctor, code;
  if (!collide_sweep_aabb_plane) return;
  a[0].kind = K_EXTENTS; a[0].v = vector(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  plane_arg(s, &pl, &ctor);
  a[3].kind = K_SHAPE; a[3].v = pl.normal; a[3].num = pl.d;
  code = collide_sweep_aabb_plane(&a[0].v, &a[1].v, &a[2].v, &pl, &h);
  if (!check_code(code, a, 4, ex)) {
    if (collide_error_arg(code) == 4) ENSURE(!ctor);
    return;
  }
  ENSURE(!bad_plane(&pl));
  check_hit(code, &h);
  if (code == 1) {
    ENSURE(h.feature == COLLIDE_FEATURE_FACE);
    ENSURE((h.normal.x == pl.normal.x && h.normal.y == pl.normal.y &&
            h.normal.z == pl.normal.z) ||
           (h.normal.x == -pl.normal.x && h.normal.y == -pl.normal.y &&
            h.normal.z == -pl.normal.z));   /* +-n, as given */
  }
  if (max_mag(a, 4) <= MODERATE) {
    bobst o = {0};
    o.kind = 1;
    o.pl = pl;
    oracle_box(&o, NULL, a[0].v, a[1].v, a[2].v, code, &h, 1e-7 * (1 + max_mag(a, 4)));
  }
}

static void fz_aabb_triangle(src *s) {
  static const extra tri[] = {{4, COLLIDE_E_DEGENERATE_TRIANGLE}, {0, 0}};
  arg a[6];
  vec3 v[3];
  collide_hit h;
  int code, i;
  if (!collide_sweep_aabb_triangle) return;
  a[0].kind = K_EXTENTS; a[0].v = vector(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  for (i = 3; i < 6; i++) { a[i].kind = K_VEC; a[i].v = vector(s); v[i - 3] = a[i].v; }
  code = collide_sweep_aabb_triangle(&a[0].v, &a[1].v, &a[2].v, &a[3].v,
                                     &a[4].v, &a[5].v, &h);
  if (!check_code(code, a, 6, tri)) {
    if (collide_error_reason(code) == COLLIDE_E_DEGENERATE_TRIANGLE)
      ENSURE(!fat_triangle(a[3].v, a[4].v, a[5].v));
    return;
  }
  check_hit(code, &h);
  check_2d(a, 6, v, 0, &h, code);
  if (max_mag(a, 6) <= MODERATE && fat_triangle(a[3].v, a[4].v, a[5].v)) {
    bobst o = {0};
    o.v = v;
    o.n = 3;
    oracle_box(&o, NULL, a[0].v, a[1].v, a[2].v, code, &h, 1e-7 * (1 + max_mag(a, 6)));
  }
}

static void fz_aabb_polygon(src *s) {
  collide_polygon poly;
  vec3 v[MAXV];
  arg a[4];
  collide_hit h;
  int n, code;
  if (!collide_polygon_init || !collide_sweep_aabb_polygon) return;
  if (!make_polygon(s, &poly, v, &n)) return;
  a[0].kind = K_EXTENTS; a[0].v = vector(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  a[3].kind = K_SHAPE; a[3].v = vec(0, 0, 0); a[3].num = 0;
  code = collide_sweep_aabb_polygon(&a[0].v, &a[1].v, &a[2].v, &poly, &h);
  if (!check_code(code, a, 4, no_extra)) return;
  check_hit(code, &h);
  check_2d(a, 3, v, n, &h, code);
  {
    /* the oracle, for polygons fat enough that their plane is well
       determined (as fat_triangle for the triangle targets): a sliver of
       width 1e-9 fits planes tilted by degrees, and rounding moves the
       contact point along that tilt */
    double m = mag_with(a, 3, v, n), area2 = 0, diam = 0;
    int i, j;
    for (i = 1; i + 1 < n; i++) area2 += len(cross(sub(v[i], v[0]), sub(v[i + 1], v[0])));
    for (i = 0; i < n; i++)
      for (j = i + 1; j < n; j++) diam = fmax(diam, len(sub(v[j], v[i])));
    if (m <= MODERATE && area2 > 1e-3 * diam * diam) {
      bobst o = {0};
      o.v = v;
      o.n = n;
      oracle_box(&o, &poly, a[0].v, a[1].v, a[2].v, code, &h, 1e-7 * (1 + m));
    }
  }
}

static void fz_aabb_segment(src *s) {
  arg a[5];
  vec3 v[2];
  collide_hit h;
  int code;
  if (!collide_sweep_aabb_segment) return;
  a[0].kind = K_EXTENTS; a[0].v = vector(s);
  a[1].kind = K_VEC; a[1].v = vector(s);
  a[2].kind = K_VEC; a[2].v = vector(s);
  a[3].kind = K_VEC; a[3].v = vector(s);
  a[4].kind = K_VEC; a[4].v = vector(s);
  v[0] = a[3].v; v[1] = a[4].v;
  code = collide_sweep_aabb_segment(&a[0].v, &a[1].v, &a[2].v, &a[3].v, &a[4].v, &h);
  if (!check_code(code, a, 5, no_extra)) return;
  check_hit(code, &h);
  if (code == 1 && v[0].x == v[1].x && v[0].y == v[1].y && v[0].z == v[1].z)
    ENSURE(h.feature == COLLIDE_FEATURE_VERTEX);
  if (code == 1) ENSURE(h.feature != COLLIDE_FEATURE_FACE);
  check_2d(a, 5, v, 0, &h, code);
  if (max_mag(a, 5) <= MODERATE) {
    bobst o = {0};
    o.v = v;
    o.n = 2;
    oracle_box(&o, NULL, a[0].v, a[1].v, a[2].v, code, &h, 1e-7 * (1 + max_mag(a, 5)));
  }
}
/* ==== end moving box ===================================================== */

/* Error decoding and the small helpers, on arbitrary codes. */
static void fz_misc(src *s) {
  uint32_t b0 = byte(s), b1 = byte(s), b2 = byte(s), b3 = byte(s);   /* in order */
  int code = (int)(int32_t)(b0 << 24 | b1 << 16 | b2 << 8 | b3);
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

/* ---- the world (branch world): random changes, every answer against the
   single-shape functions ----------------------------------------------------
   fz_world decodes a program: add shapes of every kind (hostile arguments
   included), meshes, removals, updates, velocities, layers, advance(), and
   queries of every moving shape with and without a mask. After each query
   the world's answer must be exactly the best answer of the single-shape
   functions over the fuzzer's own record of the shapes, each swept with its
   relative motion (the mover's end moved back by the shape's velocity; the
   point moved forward by u times it); ray lists and overlaps must list
   exactly the shapes the single-shape functions touch. Kernels another
   branch has not landed are skipped (weak). */

#pragma weak collide_sweep_capsule_sphere
#pragma weak collide_sweep_capsule_plane
#pragma weak collide_sweep_capsule_triangle
#pragma weak collide_sweep_capsule_polygon
#pragma weak collide_sweep_capsule_segment
#pragma weak collide_sweep_capsule_aabb
#pragma weak collide_sweep_capsule_capsule
#pragma weak collide_sweep_aabb_sphere
#pragma weak collide_sweep_aabb_plane
#pragma weak collide_sweep_aabb_triangle
#pragma weak collide_sweep_aabb_polygon
#pragma weak collide_sweep_aabb_segment

#define WMAX 48

typedef struct wrec {
  int id, kind, live, layers;
  vec3 p[MAXV > 4 ? MAXV : 4];
  double r;
  collide_plane plane;
  collide_polygon poly;
  vec3 vel;
} wrec;

static wrec wrecs[WMAX];
static int nwrec;

static int world_movers_ready(void) {
  return collide_sweep_capsule_triangle != NULL && collide_sweep_aabb_triangle != NULL;
}

/* The single-shape answer: mover 0 sphere (r), 1 box (e), 2 capsule
   (r, ax), 3 ray; u only where the world composes the answer itself
   (*full = 0). */
static int world_single(const wrec *s, int m, double r, const vec3 *e,
                        const vec3 *ax, const vec3 *c0, const vec3 *c1,
                        collide_hit *h, int *full) {
  collide_interval iv;
  int rc = 0;
  *full = 1;
  memset(h, 0, sizeof *h);
  if (m == 2 && is_zero3(ax)) m = 0;
  if (m == 3) {
    switch (s->kind) {
    case COLLIDE_SHAPE_TRIANGLE: rc = collide_raycast_triangle(c0, c1, &s->p[0], &s->p[1], &s->p[2], h); break;
    case COLLIDE_SHAPE_POLYGON: rc = collide_raycast_polygon(c0, c1, &s->poly, h); break;
    case COLLIDE_SHAPE_AABB: rc = collide_raycast_aabb(c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_SPHERE: rc = collide_raycast_sphere(c0, c1, &s->p[0], s->r, h); break;
    case COLLIDE_SHAPE_SEGMENT: rc = collide_sweep_sphere_segment(0, c0, c1, &s->p[0], &s->p[1], h); *full = 0; break;
    case COLLIDE_SHAPE_CAPSULE: rc = collide_sweep_sphere_segment(s->r, c0, c1, &s->p[0], &s->p[1], h); *full = 0; break;
    default: rc = collide_raycast_plane(c0, c1, &s->plane, h); break;
    }
  } else if (m == 0) {
    switch (s->kind) {
    case COLLIDE_SHAPE_TRIANGLE: rc = collide_sweep_sphere_triangle(r, c0, c1, &s->p[0], &s->p[1], &s->p[2], h); break;
    case COLLIDE_SHAPE_POLYGON: rc = collide_sweep_sphere_polygon(r, c0, c1, &s->poly, h); break;
    case COLLIDE_SHAPE_AABB: rc = collide_sweep_sphere_aabb(r, c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_SPHERE:
      rc = collide_sweep_sphere_sphere(r, c0, c1, s->r, &s->p[0], &s->p[0], &iv);
      h->u = iv.u0; *full = 0; break;
    case COLLIDE_SHAPE_SEGMENT: rc = collide_sweep_sphere_segment(r, c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_CAPSULE:
      rc = collide_sweep_sphere_segment(r + s->r, c0, c1, &s->p[0], &s->p[1], h); *full = 0; break;
    default: rc = collide_sweep_sphere_plane(r, c0, c1, &s->plane, h); break;
    }
  } else if (m == 1) {
    switch (s->kind) {
    case COLLIDE_SHAPE_TRIANGLE: rc = collide_sweep_aabb_triangle(e, c0, c1, &s->p[0], &s->p[1], &s->p[2], h); break;
    case COLLIDE_SHAPE_POLYGON: rc = collide_sweep_aabb_polygon(e, c0, c1, &s->poly, h); break;
    case COLLIDE_SHAPE_AABB:
      rc = collide_sweep_aabb_aabb(e, c0, c1, &s->p[1], &s->p[0], &s->p[0], &iv);
      h->u = iv.u0; *full = 0; break;
    case COLLIDE_SHAPE_SPHERE: rc = collide_sweep_aabb_sphere(e, c0, c1, &s->p[0], s->r, h); break;
    case COLLIDE_SHAPE_SEGMENT: rc = collide_sweep_aabb_segment(e, c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_CAPSULE: {
      vec3 cc = scale(add(s->p[0], s->p[1]), 0.5), a2 = scale(sub(s->p[1], s->p[0]), 0.5);
      vec3 cend = sub(cc, sub(*c1, *c0));
      rc = collide_sweep_capsule_aabb(s->r, &a2, &cc, &cend, c0, e, h);
      *full = 0; break;
    }
    default: rc = collide_sweep_aabb_plane(e, c0, c1, &s->plane, h); break;
    }
  } else {
    switch (s->kind) {
    case COLLIDE_SHAPE_TRIANGLE: rc = collide_sweep_capsule_triangle(r, ax, c0, c1, &s->p[0], &s->p[1], &s->p[2], h); break;
    case COLLIDE_SHAPE_POLYGON: rc = collide_sweep_capsule_polygon(r, ax, c0, c1, &s->poly, h); break;
    case COLLIDE_SHAPE_AABB: rc = collide_sweep_capsule_aabb(r, ax, c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_SPHERE: rc = collide_sweep_capsule_sphere(r, ax, c0, c1, &s->p[0], s->r, h); break;
    case COLLIDE_SHAPE_SEGMENT: rc = collide_sweep_capsule_segment(r, ax, c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_CAPSULE: {
      vec3 cb = scale(add(s->p[0], s->p[1]), 0.5), ab = scale(sub(s->p[1], s->p[0]), 0.5);
      rc = collide_sweep_capsule_capsule(r, ax, c0, c1, s->r, &ab, &cb, &cb, &iv);
      h->u = iv.u0; *full = 0; break;
    }
    default: rc = collide_sweep_capsule_plane(r, ax, c0, c1, &s->plane, h); break;
    }
  }
  /* a relative motion past the coordinate limit is refused by the
     single-shape function: the world skips that shape the same way */
  return rc == 1;
}

static int world_passes(const wrec *s, int mask) {
  return s->live && (mask < 0 || (s->layers & mask) != 0);
}

/* Adds (update = 0) or re-places wrec s in w from decoded arguments;
   returns 1 when the world took them, checking a refusal's code. */
static int world_place(collide_world *w, src *s, wrec *r, int update) {
  int rc = 0, i;
  switch (r->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    for (i = 0; i < 3; i++) r->p[i] = vector(s);
    rc = update ? collide_world_update_triangle(w, r->id, &r->p[0], &r->p[1], &r->p[2])
                : collide_world_add_triangle(w, &r->p[0], &r->p[1], &r->p[2]);
    break;
  case COLLIDE_SHAPE_POLYGON: {
    int count = 0;
    if (make_polygon(s, &r->poly, r->p, &count) != 1) return 0;
    r->poly.vertices = r->p;
    rc = update ? collide_world_update_polygon(w, r->id, &r->poly)
                : collide_world_add_polygon(w, &r->poly);
    break;
  }
  case COLLIDE_SHAPE_AABB:
    r->p[0] = vector(s);
    r->p[1] = vector(s);
    rc = update ? collide_world_update_aabb(w, r->id, &r->p[0], &r->p[1])
                : collide_world_add_aabb(w, &r->p[0], &r->p[1]);
    break;
  case COLLIDE_SHAPE_SPHERE:
    r->p[0] = vector(s);
    r->r = number(s);
    rc = update ? collide_world_update_sphere(w, r->id, &r->p[0], r->r)
                : collide_world_add_sphere(w, &r->p[0], r->r);
    break;
  case COLLIDE_SHAPE_SEGMENT:
    r->p[0] = vector(s);
    r->p[1] = vector(s);
    rc = update ? collide_world_update_segment(w, r->id, &r->p[0], &r->p[1])
                : collide_world_add_segment(w, &r->p[0], &r->p[1]);
    break;
  case COLLIDE_SHAPE_CAPSULE:
    r->p[0] = vector(s);
    r->p[1] = vector(s);
    r->r = number(s);
    rc = update ? collide_world_update_capsule(w, r->id, &r->p[0], &r->p[1], r->r)
                : collide_world_add_capsule(w, &r->p[0], &r->p[1], r->r);
    break;
  default: {
    vec3 n = vector(s), p = vector(s);
    if (collide_plane_from_point_normal(&p, &n, &r->plane) != 1) return 0;
    rc = update ? collide_world_update_plane(w, r->id, &r->plane)
                : collide_world_add_plane(w, &r->plane);
    break;
  }
  }
  if (rc < 0) {
    /* a refusal names an argument of the call (2.. for add, 3.. for
       update) and a known reason */
    ENSURE(collide_error_arg(rc) >= (update ? 3 : 2) && collide_error_arg(rc) <= 6);
    ENSURE(collide_error_reason(rc) > 0 && collide_error_reason(rc) < COLLIDE_E_LAST);
    return 0;
  }
  ENSURE(update ? rc == 1 : rc > 0);
  if (!update) r->id = rc;
  return 1;
}

static void world_advance(void) {
  int i, k;
  for (i = 0; i < nwrec; i++) {
    wrec *r = &wrecs[i];
    vec3 v = r->vel;
    if (!r->live) continue;
    if (r->kind == COLLIDE_SHAPE_PLANE) {
      r->plane.d -= dot(r->plane.normal, v);
    } else if (r->kind == COLLIDE_SHAPE_POLYGON) {
      collide_polygon moved;
      for (k = 0; k < r->poly.count; k++) r->p[k] = add(r->p[k], v);
      if (collide_polygon_init(r->p, r->poly.count, &moved) == 1) r->poly = moved;
      else r->poly.plane.d -= dot(r->poly.plane.normal, v);
    } else if (r->kind == COLLIDE_SHAPE_AABB || r->kind == COLLIDE_SHAPE_SPHERE) {
      r->p[0] = add(r->p[0], v);
    } else {
      for (k = 0; k < (r->kind == COLLIDE_SHAPE_TRIANGLE ? 3 : 2); k++) r->p[k] = add(r->p[k], v);
    }
  }
}

/* Whether every live triangle and polygon, moved by its velocity, still
   passes the single-shape functions' check as far as degeneracy goes
   (collide_raycast_triangle refusing a degenerate triangle,
   collide_polygon_init a polygon with merged or collinear vertices):
   advance must refuse to move when one would not, and move when all do
   (collide_world.c, advance_error). */
static int world_shapes_move_ok(void) {
  int i, k;
  for (i = 0; i < nwrec; i++) {
    wrec *r = &wrecs[i];
    vec3 a, b, c;
    collide_hit h;
    int rc;
    if (r->live && r->kind == COLLIDE_SHAPE_POLYGON) {
      vec3 q[sizeof r->p / sizeof r->p[0]];
      collide_polygon moved;
      for (k = 0; k < r->poly.count; k++) q[k] = add(r->p[k], r->vel);
      rc = collide_polygon_init(q, r->poly.count, &moved);
      if (rc != 1 && (collide_error_reason(rc) == COLLIDE_E_REPEATED ||
                      collide_error_reason(rc) == COLLIDE_E_POLY_COLLINEAR))
        return 0;
      continue;
    }
    if (!r->live || r->kind != COLLIDE_SHAPE_TRIANGLE) continue;
    a = add(r->p[0], r->vel);
    b = add(r->p[1], r->vel);
    c = add(r->p[2], r->vel);
    rc = collide_raycast_triangle(&a, &a, &a, &b, &c, &h);
    if (rc < 0 && collide_error_reason(rc) == COLLIDE_E_DEGENERATE_TRIANGLE) return 0;
  }
  return 1;
}

/* collide_world_advance on w, checked against the record: it moves every
   shape (and the record follows) exactly when each moved one passes the
   single-shape checks (world_shapes_move_ok), and otherwise refuses with
   a point past the limit or the collapse it would make, moving nothing.
   Returns whether it moved. */
static int world_advance_checked(collide_world *w) {
  int ok = world_shapes_move_ok(), rc = collide_world_advance(w);
  if (rc == 0) {
    ENSURE(ok);
    world_advance();
    return 1;
  }
  ENSURE(rc == FAIL_CODE(0, COLLIDE_E_VEC_RANGE) ||
         ((rc == FAIL_CODE(0, COLLIDE_E_DEGENERATE_TRIANGLE) ||
           rc == FAIL_CODE(0, COLLIDE_E_REPEATED) ||
           rc == FAIL_CODE(0, COLLIDE_E_POLY_COLLINEAR)) && !ok));
  return 0;
}

/* Whether x is 0 or of moderate magnitude (1e-30 .. 1e4). */
static int world_mod(double x) {
  double a = fabs(x);
  return a == 0 || (a >= 1e-30 && a <= 1e4);
}
static int world_mod3(const vec3 *v) {
  return world_mod(v->x) && world_mod(v->y) && world_mod(v->z);
}

/* Whether every number of the query and of the shapes it considers is
   moderate: there the single-shape functions are accurate far within the
   broadphase's margin. */
static int world_moderate(int m, double r, const vec3 *e, const vec3 *ax,
                          const vec3 *c0, const vec3 *c1, int mask) {
  int i, k;
  if (!world_mod3(c0) || !world_mod3(c1)) return 0;
  if ((m == 0 || m == 2) && !world_mod(r)) return 0;
  if (m == 1 && !world_mod3(e)) return 0;
  if (m == 2 && !world_mod3(ax)) return 0;
  for (i = 0; i < nwrec; i++) {
    const wrec *q = &wrecs[i];
    if (!world_passes(q, mask)) continue;
    if (!world_mod(q->r) || !world_mod3(&q->vel)) return 0;
    if (q->kind == COLLIDE_SHAPE_PLANE) {
      if (!world_mod3(&q->plane.normal) || !world_mod(q->plane.d)) return 0;
      continue;
    }
    for (k = 0; k < (q->kind == COLLIDE_SHAPE_POLYGON ? q->poly.count : 3); k++)
      if (!world_mod3(&q->p[k])) return 0;
  }
  return 1;
}

/* The same query twice through the batch function of its kind
   (collide_world_*_many): rejected exactly when the single call is (the
   same numbers are checked), else each of the two answers is the single
   call's, to the bit, and a miss is id 0, u 1, a zero point and normal. */
static void world_query_many(collide_world *w, int m, double r, const vec3 *e,
                             const vec3 *ax, const vec3 *c0, const vec3 *c1,
                             collide_world_filter f, int *mask, int rc,
                             const collide_hit *h, int id) {
  double seg[12], out[16];
  int k, n, bad;
  for (k = 0; k < 2; k++) {
    seg[6 * k] = c0->x; seg[6 * k + 1] = c0->y; seg[6 * k + 2] = c0->z;
    seg[6 * k + 3] = c1->x; seg[6 * k + 4] = c1->y; seg[6 * k + 5] = c1->z;
  }
  switch (m) {
  case 0: n = collide_world_sweep_sphere_many(w, r, seg, 2, f, mask, out, &bad); break;
  case 1: n = collide_world_sweep_aabb_many(w, e, seg, 2, f, mask, out, &bad); break;
  case 2: n = collide_world_sweep_capsule_many(w, r, ax, seg, 2, f, mask, out, &bad); break;
  default: n = collide_world_raycast_many(w, seg, 2, f, mask, out, &bad); break;
  }
  if (rc < 0) {
    ENSURE(n < 0);
    return;
  }
  ENSURE(n == 2 * rc && bad == -1);
  for (k = 0; k < 2; k++) {
    const double *o = out + 8 * k;
    if (rc == 1) {
      ENSURE(o[0] == id && o[1] == h->u);
      ENSURE(o[2] == h->point.x && o[3] == h->point.y && o[4] == h->point.z);
      ENSURE(o[5] == h->normal.x && o[6] == h->normal.y && o[7] == h->normal.z);
    } else {
      ENSURE(o[0] == 0 && o[1] == 1 && o[2] == 0 && o[3] == 0 && o[4] == 0 &&
             o[5] == 0 && o[6] == 0 && o[7] == 0);
    }
  }
}

static void world_query(collide_world *w, src *s) {
  int m = (int)(byte(s) % 4), mask = byte(s) % 3 == 0 ? (int)(byte(s) % 8) : -1;
  vec3 c0 = vector(s), c1 = vector(s), e = vector(s), ax = vector(s);
  double r = number(s);
  collide_world_filter f = mask >= 0 ? collide_world_layer_filter : NULL;
  collide_hit h, best, o;
  int rc, id = 0, i, found = 0, best_id = 0, best_full = 0, full;
  if ((m == 1 || m == 2) && !world_movers_ready()) m = 0;
  switch (m) {
  case 0: rc = collide_world_sweep_sphere(w, r, &c0, &c1, f, &mask, &h, &id); break;
  case 1: rc = collide_world_sweep_aabb(w, &e, &c0, &c1, f, &mask, &h, &id); break;
  case 2: rc = collide_world_sweep_capsule(w, r, &ax, &c0, &c1, f, &mask, &h, &id); break;
  default: rc = collide_world_raycast(w, &c0, &c1, f, &mask, &h, &id); break;
  }
  world_query_many(w, m, r, &e, &ax, &c0, &c1, f, &mask, rc, &h, id);
  if (rc < 0) {   /* a bad argument of the query */
    ENSURE(collide_error_arg(rc) >= 2 && collide_error_arg(rc) <= 5);
    return;
  }
  check_hit(rc, &h);
  memset(&best, 0, sizeof best);
  for (i = 0; i < nwrec; i++) {
    const wrec *q = &wrecs[i];
    vec3 end = m == 3 ? c1 : sub(c1, q->vel);
    if (!world_passes(q, mask) || !world_single(q, m, r, &e, &ax, &c0, &end, &o, &full))
      continue;
    if (m != 3) o.point = vec(o.point.x + q->vel.x * o.u, o.point.y + q->vel.y * o.u,
                              o.point.z + q->vel.z * o.u);
    if (!found || o.u < best.u || (o.u == best.u && q->id < best_id)) {
      found = 1;
      best = o;
      best_id = q->id;
      best_full = full;
    }
  }
  /* Where the numbers are moderate, the world's answer is the best one
     exactly. Elsewhere the single-shape functions may misplace a contact
     by far more than the broadphase's margin (a capsule 1e24 away from
     boxes 1e-308 wide reported touching at u = 0), so the broadphase may
     rightly skip a shape they would report: there the world's answer
     must still be exactly the single-shape answer of the shape it names. */
  if (world_moderate(m, r, &e, &ax, &c0, &c1, mask)) {
    ENSURE(rc == found);
    if (!found) return;
    ENSURE(id == best_id && h.u == best.u);
  } else {
    if (rc == 0) return;
    for (i = 0; i < nwrec && wrecs[i].id != id; i++) {}
    ENSURE(i < nwrec && world_passes(&wrecs[i], mask));
    {
      const wrec *q = &wrecs[i];
      vec3 end = m == 3 ? c1 : sub(c1, q->vel);
      ENSURE(world_single(q, m, r, &e, &ax, &c0, &end, &best, &best_full));
      if (m != 3) best.point = vec(best.point.x + q->vel.x * best.u,
                                   best.point.y + q->vel.y * best.u,
                                   best.point.z + q->vel.z * best.u);
      ENSURE(h.u == best.u);
    }
  }
  if (best_full)
    ENSURE(h.point.x == best.point.x && h.point.y == best.point.y && h.point.z == best.point.z &&
           h.normal.x == best.normal.x && h.normal.y == best.normal.y &&
           h.normal.z == best.normal.z && h.feature == best.feature);
  /* the ray list and the overlaps (point, sphere) at c0 */
  if (m == 3) {
    collide_world_hit all[WMAX];
    int n = collide_world_raycast_all(w, &c0, &c1, f, &mask, all, WMAX), k = 0;
    ENSURE(n >= 0 && n <= WMAX);
    for (i = 0; i < nwrec; i++)
      if (world_passes(&wrecs[i], mask) &&
          world_single(&wrecs[i], 3, 0, &e, &ax, &c0, &c1, &o, &full)) k++;
    ENSURE(n == k);
    for (i = 1; i < n; i++)
      ENSURE(all[i - 1].hit.u < all[i].hit.u ||
             (all[i - 1].hit.u == all[i].hit.u && all[i - 1].id < all[i].id));
  }
}

static void world_overlaps(collide_world *w, src *s) {
  int ids[WMAX], n, i, k = 0, full, mask = -1;
  vec3 c = vector(s), zero = vec(0, 0, 0);
  double r = number(s);
  collide_hit o;
  n = collide_world_overlap_sphere(w, &c, r, NULL, NULL, ids, WMAX);
  if (n < 0) {
    ENSURE(collide_error_arg(n) == 2 || collide_error_arg(n) == 3);
    return;
  }
  ENSURE(n <= WMAX);
  for (i = 0; i < nwrec; i++) {
    if (!world_passes(&wrecs[i], mask) ||
        !world_single(&wrecs[i], 0, r, &zero, &zero, &c, &c, &o, &full))
      continue;
    if (!(k < n && ids[k] == wrecs[i].id))
      fprintf(stderr, "overlap: shape %d kind %d p0 (%.17g %.17g %.17g) p1 (%.17g %.17g %.17g) "
              "r %.17g vel (%g %g %g); centre (%.17g %.17g %.17g) r %.17g; world lists %d\n",
              wrecs[i].id, wrecs[i].kind, wrecs[i].p[0].x, wrecs[i].p[0].y, wrecs[i].p[0].z,
              wrecs[i].p[1].x, wrecs[i].p[1].y, wrecs[i].p[1].z, wrecs[i].r, wrecs[i].vel.x,
              wrecs[i].vel.y, wrecs[i].vel.z, c.x, c.y, c.z, r, n);
    ENSURE(k < n && ids[k] == wrecs[i].id);
    k++;
  }
  ENSURE(k == n);
}

static void fz_world(src *s) {
  collide_world *w = collide_world_new();
  int steps = 0;
  if (!w) return;
  nwrec = 0;
  while (s->n > 0 && steps++ < 64) {
    unsigned op = byte(s) % 10;
    wrec *r;
    int j = nwrec ? (int)(byte(s) % (unsigned)nwrec) : -1;
    if (op <= 2 && nwrec < WMAX) {                    /* add */
      r = &wrecs[nwrec];
      memset(r, 0, sizeof *r);
      r->kind = 1 + (int)(byte(s) % 7);
      r->layers = 1;
      if (world_place(w, s, r, 0)) {
        r->live = 1;
        nwrec++;
      }
    } else if (op == 3 && j >= 0 && wrecs[j].live) {   /* remove */
      ENSURE(collide_world_remove(w, wrecs[j].id) == 1);
      ENSURE(collide_world_remove(w, wrecs[j].id) == 0);
      wrecs[j].live = 0;
    } else if (op == 4 && j >= 0 && wrecs[j].live) {   /* update */
      wrec copy = wrecs[j];
      if (world_place(w, s, &copy, 1)) {
        wrecs[j] = copy;
        wrecs[j].poly.vertices = wrecs[j].p;
      }
    } else if (op == 5 && j >= 0 && wrecs[j].live) {   /* velocity */
      vec3 v = vector(s);
      int rc = collide_world_set_velocity(w, wrecs[j].id, &v);
      if (rc == 1) wrecs[j].vel = v;
      else ENSURE(collide_error_arg(rc) == 3);
    } else if (op == 6 && j >= 0 && wrecs[j].live) {   /* layers */
      int bits = (int)(byte(s) % 8);
      ENSURE(collide_world_set_layers(w, wrecs[j].id, bits) == 1);
      wrecs[j].layers = bits;
    } else if (op == 7) {                              /* advance */
      world_advance_checked(w);
    } else if (op == 8) {
      world_overlaps(w, s);
    } else {
      world_query(w, s);
    }
  }
  ENSURE(collide_world_count(w) >= 0);
  collide_world_free(w);
}

/* ==== the movers (branch mover): collide_world_move ========================
   A world of up to 12 fixed shapes from the input, then moves of a sphere,
   a box or a capsule with options from the input (the controller's
   included, and a filter answering from the input). Checked: the return is
   0 or an error naming one of the move's arguments; the position is
   finite; the contacts are at most cap, with unit normals and u in [0, 1]
   in order; and a mover that starts clear of every shape by a margin ends
   clear of every shape it was not told to pass through (shrunk by a
   rounding margin): it neither tunnels nor ends inside anything.
   fz_move_moving (target move_moving) gives shapes velocities from the
   input and advances the world after each move: the same checks, the end
   checked against the shapes at their new places; with several shapes a
   mover squeezed between a moving shape and another has nowhere to go (the
   README says so), so there the end is checked against the fixed shapes
   only. */

static unsigned char move_answers[64];

static int tiny1(double x) { return x != 0 && fabs(x) < 1e-100; }
static int tiny3(vec3 v) { return tiny1(v.x) || tiny1(v.y) || tiny1(v.z); }

static int move_filter(void *ctx, int id, const collide_vec3 *n) {
  (void)ctx;
  ENSURE(fabs(sqrt(n->x * n->x + n->y * n->y + n->z * n->z) - 1) <= 1e-9);
  /* slide, bounce, touch, default: never pass through (checked below) */
  switch (move_answers[id % 64] % 4) {
    case 0: return COLLIDE_RESPONSE_SLIDE;
    case 1: return COLLIDE_RESPONSE_BOUNCE;
    case 2: return COLLIDE_RESPONSE_STOP;
    default: return COLLIDE_RESPONSE_DEFAULT;
  }
}

/* Keeps the shapes without a velocity (move_overlaps' fixed_only). */
static int move_fixed(void *ctx, int id) {
  int i;
  (void)ctx;
  for (i = 0; i < nwrec; i++)
    if (wrecs[i].id == id)
      return wrecs[i].vel.x == 0 && wrecs[i].vel.y == 0 && wrecs[i].vel.z == 0;
  return 1;
}

/* How many shapes (only the fixed ones: fixed_only) overlap the mover at
   c, its size shrunk by `shrink`. */
static int move_overlaps(collide_world *w, const collide_mover *m, vec3 c,
                         double shrink, int fixed_only) {
  int ids[4];
  collide_world_filter f = fixed_only ? move_fixed : NULL;
  if (m->kind == COLLIDE_MOVER_SPHERE)
    return m->r - shrink < 0 ? 0
         : collide_world_overlap_sphere(w, &c, m->r - shrink, f, NULL, ids, 4);
  if (m->kind == COLLIDE_MOVER_AABB) {
    vec3 e = vec(m->extents.x - shrink, m->extents.y - shrink, m->extents.z - shrink);
    if (e.x < 0 || e.y < 0 || e.z < 0) return 0;
    return collide_world_overlap_aabb(w, &c, &e, f, NULL, ids, 4);
  } else {
    vec3 a = vec(c.x - m->axis.x, c.y - m->axis.y, c.z - m->axis.z);
    vec3 b = vec(c.x + m->axis.x, c.y + m->axis.y, c.z + m->axis.z);
    return m->r - shrink < 0 ? 0
         : collide_world_overlap_capsule(w, &a, &b, m->r - shrink, f, NULL, ids, 4);
  }
}

static void fz_move_run(src *s, int moving) {
  collide_world *w;
  int n = 0, moves = 0, i, nmoving = 0;
  if (!world_movers_ready()) return;
  w = collide_world_new();
  if (!w) return;
  nwrec = 0;
  while (s->n > 0 && n < 12) {
    wrec *r = &wrecs[nwrec];
    unsigned k = byte(s) % 8;
    if (k == 7) break;
    memset(r, 0, sizeof *r);
    r->kind = 1 + (int)(k % 7);   /* every kind of fixed shape */
    if (world_place(w, s, r, 0)) {
      r->live = 1;   /* (what world_advance and world_shapes_move_ok read) */
      if (moving && (byte(s) & 1)) {
        vec3 v = vector(s);
        int rc = collide_world_set_velocity(w, r->id, &v);
        if (rc == 1) {
          r->vel = v;
          nmoving += v.x != 0 || v.y != 0 || v.z != 0;
        } else {
          ENSURE(collide_error_arg(rc) == 3);
        }
      }
      nwrec++;
    }
    n++;
  }
  for (i = 0; i < 64; i++) move_answers[i] = (unsigned char)byte(s);
  while (s->n > 0 && moves++ < 8) {
    collide_mover m;
    collide_move_options o;
    collide_move_result res;
    collide_contact cts[8];
    vec3 from, to;
    double scale, margin;
    int rc, j, filtered, clear, squeezable;
    memset(&m, 0, sizeof m);
    m.kind = (int)(byte(s) % 3);
    m.r = number(s);
    m.extents = vector(s);
    m.axis = vector(s);
    from = vector(s);
    to = vector(s);
    collide_move_options_init(&o);
    o.max_iterations = 1 + (int)(byte(s) % 6);
    o.response = (int)(byte(s) % 3);
    o.restitution = (byte(s) % 3) * 0.5;
    if (byte(s) & 1) {
      o.use_up = 1;
      o.up = vector(s);
      o.max_slope = (byte(s) % 5) * 0.4;
      o.step_height = (byte(s) % 4) * 0.25;
      o.snap = (byte(s) % 4) * 0.25;
      o.stop_on_slope = byte(s) & 1;
      o.steep_as_wall = byte(s) & 1;
    }
    if (byte(s) & 1) {
      o.use_velocity = 1;
      o.velocity = vector(s);
    }
    filtered = byte(s) & 1;
    /* no tunnel, nothing entered: at a scale where rounding stays far
       below the skin */
    scale = 1 + fabs(from.x) + fabs(from.y) + fabs(from.z) + fabs(to.x) + fabs(to.y) +
            fabs(to.z) + fabs(m.r) + fabs(m.extents.x) + fabs(m.extents.y) +
            fabs(m.extents.z) + fabs(m.axis.x) + fabs(m.axis.y) + fabs(m.axis.z);
    for (j = 0; j < nwrec; j++) {
      int q;
      for (q = 0; q < 3; q++) {
        scale += fabs(wrecs[j].p[q].x) + fabs(wrecs[j].p[q].y) + fabs(wrecs[j].p[q].z);
        /* a subnormal shape is beyond what the overlap checks below see */
        if (tiny3(wrecs[j].p[q])) scale = 1e300;
      }
      scale += fabs(wrecs[j].r) + fabs(wrecs[j].vel.x) + fabs(wrecs[j].vel.y) +
               fabs(wrecs[j].vel.z);
      if (tiny3(wrecs[j].vel)) scale = 1e300;
    }
    if (tiny3(from) || tiny3(to) || tiny3(m.extents) || tiny3(m.axis)) scale = 1e300;
    margin = 1e-6 * scale;
    /* checked at the end: a mover clear of every shape (at its place) */
    clear = scale < 1e6 && (m.kind == COLLIDE_MOVER_AABB || m.r > 1e3 * margin) &&
            move_overlaps(w, &m, from, -margin, 0) == 0;
    rc = collide_world_move(w, &m, &from, &to, &o, filtered ? move_filter : NULL,
                            NULL, cts, 8, &res);
    if (rc < 0) {
      int arg = collide_error_arg(rc), a = m.kind == COLLIDE_MOVER_CAPSULE;
      ENSURE(arg >= 2 && arg <= 5 + a);
      continue;
    }
    ENSURE(rc == 0);
    ENSURE(isfinite(res.position.x) && isfinite(res.position.y) && isfinite(res.position.z));
    ENSURE(res.ncontacts >= 0 && res.ncontacts <= 8);
    for (j = 0; j < res.ncontacts; j++) {
      const collide_vec3 *nn = &cts[j].normal;
      ENSURE(fabs(sqrt(nn->x * nn->x + nn->y * nn->y + nn->z * nn->z) - 1) <= 1e-9);
      ENSURE(cts[j].u >= 0 && cts[j].u <= 1);
      if (j > 0) ENSURE(cts[j].u >= cts[j - 1].u);
    }
    ENSURE(o.use_up ? (res.grounded == 0 || res.grounded == 1) : res.grounded == -1);
    if (nmoving > 0) {
      /* the end of the step: every shape at its place plus its velocity
         (or, refused, nowhere: a triangle or polygon the move would
         collapse, as in fz_world -- the finding move-collapsed-triangle) */
      if (!world_advance_checked(w)) continue;
    }
    /* squeezed between shapes (see the comment above), a mover may end
       inside a moving one, never inside a fixed one */
    squeezable = nmoving > 0 && nwrec > 1;
    if (clear) {
      if (getenv("FZ_MOVE_DEBUG") && move_overlaps(w, &m, res.position, margin, squeezable) != 0) {
        int q;
        fprintf(stderr, "kind %d r %.17g e %.17g %.17g %.17g ax %.17g %.17g %.17g\n", m.kind,
                m.r, m.extents.x, m.extents.y, m.extents.z, m.axis.x, m.axis.y, m.axis.z);
        fprintf(stderr, "from %.17g %.17g %.17g to %.17g %.17g %.17g -> %.17g %.17g %.17g\n",
                from.x, from.y, from.z, to.x, to.y, to.z, res.position.x, res.position.y,
                res.position.z);
        fprintf(stderr, "iters %d resp %d rest %g up %d (%g %g %g) slope %g step %g snap %g"
                " sos %d saw %d vel %d filt %d\n", o.max_iterations, o.response,
                o.restitution, o.use_up, o.up.x, o.up.y, o.up.z, o.max_slope, o.step_height,
                o.snap, o.stop_on_slope, o.steep_as_wall, o.use_velocity, filtered);
        for (q = 0; q < nwrec; q++)
          fprintf(stderr, "shape %d kind %d p0 %g %g %g p1 %g %g %g p2 %g %g %g r %g\n",
                  wrecs[q].id, wrecs[q].kind, wrecs[q].p[0].x, wrecs[q].p[0].y,
                  wrecs[q].p[0].z, wrecs[q].p[1].x, wrecs[q].p[1].y, wrecs[q].p[1].z,
                  wrecs[q].p[2].x, wrecs[q].p[2].y, wrecs[q].p[2].z, wrecs[q].r);
        for (q = 0; q < res.ncontacts; q++)
          fprintf(stderr, "contact %d u %g n %g %g %g\n", cts[q].id, cts[q].u,
                  cts[q].normal.x, cts[q].normal.y, cts[q].normal.z);
      }
      ENSURE(move_overlaps(w, &m, res.position, margin, squeezable) == 0);
    }
  }
  collide_world_free(w);
}

static void fz_move(src *s) { fz_move_run(s, 0); }
static void fz_move_moving(src *s) { fz_move_run(s, 1); }

/* ==== the controller (issue 26) ============================================

   fz_controller (target controller): a level read from the input -- a
   floor, then up to six features one after the other along x, each a step
   up (a box from x to the far end, rise at most step_height) or a walkable
   ramp (two triangles rising at 5-44 degrees, their foot exactly on the
   ground before them, then a box at their top height to the far end) --
   so every surface the mover walks on is
   walkable and every drop walking back is at most snap; a mover (sphere,
   box or capsule, 0.2-1 wide) and up to 90 frames of input (speed from
   -CTL_SPEED to CTL_SPEED widths a frame, 50 as issue 26 asks; stops,
   jumps) fed back as the README says at
   30, 60 or 144 Hz. Checked on every frame: the mover is never inside a
   shape (by more than a rounding margin); a mover grounded on the frame
   before that does not jump stays grounded; out of a jump, its bottom is
   never above the highest ground. */

#ifndef CTL_SPEED
#define CTL_SPEED 50   /* the fastest input, in mover widths a frame */
#endif
/* where the level ends, either way: past what 90 frames at CTL_SPEED of a
   mover 1 wide cover (else it walks off the floor's end, and falls) */
#define CTL_FAR (100 + 90 * CTL_SPEED)

static void fz_controller(src *s) {
  collide_world *w;
  collide_mover m;
  collide_move_options o;
  collide_move_result res;
  collide_contact cts[8];
  vec3 pos, vel = vec(0, 0, 0), c, e;
  double width, below, top = 0, dt, hz[3] = {30, 60, 144}, jump_h = 0, x;
  int i, frames, grounded = 0, rc;
  if (!world_movers_ready()) return;
  w = collide_world_new();
  if (!w) return;
  collide_move_options_init(&o);
  o.use_up = 1;
  o.up = vec(0, 1, 0);
  o.step_height = 0.35;
  o.snap = 0.4;
  o.steep_as_wall = 1;
  o.stop_on_slope = byte(s) & 1;
  o.use_velocity = 1;
  c = vec(0, -1, 0);
  e = vec(CTL_FAR, 1, 5);
  if (collide_world_add_aabb(w, &c, &e) <= 0) goto done;
  for (i = 0, x = -5; i < 6 && s->n > 0; i++) {
    double h;
    x += 0.2 + (byte(s) % 100) * 0.05;
    if (byte(s) & 1) {   /* a step up from the ground before it */
      h = top + (1 + byte(s) % 35) * 0.01;
      c = vec((x + CTL_FAR) / 2, h / 2, 0);
      e = vec((CTL_FAR - x) / 2, h / 2, 5);
      if (collide_world_add_aabb(w, &c, &e) <= 0) goto done;
      if (getenv("FZ_CTL_DEBUG")) fprintf(stderr, "step at %.17g to %.17g\n", x, h);
    } else {             /* a ramp whose foot lies exactly on it */
      double deg = 5 + byte(s) % 40, run;
      vec3 a, b, cc, d;
      h = top + (1 + byte(s) % 100) * 0.02;
      run = (h - top) / tan(deg * 3.14159265358979323846 / 180);
      a = vec(x, top, -5); b = vec(x + run, h, -5); cc = vec(x + run, h, 5);
      d = vec(x, top, 5);
      if (collide_world_add_triangle(w, &a, &b, &cc) <= 0 ||
          collide_world_add_triangle(w, &a, &cc, &d) <= 0) goto done;
      if (getenv("FZ_CTL_DEBUG")) fprintf(stderr, "ramp at %g deg %g run %g to %g\n", x, deg, run, h);
      x += run;
      c = vec((x + CTL_FAR) / 2, h / 2, 0);
      e = vec((CTL_FAR - x) / 2, h / 2, 5);
      if (collide_world_add_aabb(w, &c, &e) <= 0) goto done;
    }
    top = h;
  }
  memset(&m, 0, sizeof m);
  m.kind = (int)(byte(s) % 3);
  width = 0.2 + (byte(s) % 9) * 0.1;
  m.r = width / 2;
  m.extents = vec(width / 2, 0.5, width / 2);
  m.axis = vec(0, 0.4, 0);
  below = m.kind == COLLIDE_MOVER_AABB ? 0.5
        : m.kind == COLLIDE_MOVER_CAPSULE ? m.r + 0.4 : m.r;
  dt = 1 / hz[byte(s) % 3];
  pos = vec(-10, below + 1e-3, 0);
  frames = 90;
  while (frames-- > 0 && s->n > 0) {
    unsigned k = byte(s);
    double speed = ((int)(k >> 1) - 64) / 64.0 * CTL_SPEED * width / dt;
    int jump = grounded && (k & 1) && (byte(s) % 8 == 0);
    vec3 to;
    if ((k >> 1) % 16 == 0) speed = 0;   /* stops */
    o.velocity = vec(speed, jump ? 6 : vel.y - 20 * dt, 0);
    to = vec(pos.x + o.velocity.x * dt, pos.y + o.velocity.y * dt, 0);
    if (jump) jump_h = 6 * 6 / 40.0 + 0.1;
    rc = collide_world_move(w, &m, &pos, &to, &o, NULL, NULL, cts, 8, &res);
    ENSURE(rc == 0);
    ENSURE(move_overlaps(w, &m, res.position, 1e-6 * (1 + fabs(res.position.x)), 0) == 0);
    /* (a jump is a velocity pointing up: on walkable ground the returned
       velocity has no part along up, so only a jump, or the rest of one,
       feeds back an upward one) */
    if (getenv("FZ_CTL_DEBUG"))
      fprintf(stderr, "kind %d w %g top %g jh %g: %.17g %.17g -> %.17g %.17g (to %.17g %.17g) g %d vel %g %g\n",
              m.kind, width, top, jump_h, pos.x, pos.y, res.position.x, res.position.y, to.x, to.y,
              res.grounded, res.velocity.x, res.velocity.y);
    if (grounded && o.velocity.y <= 0) ENSURE(res.grounded == 1);
    /* (out of a jump only: a jump that meets a ramp slides along its
       plane, past its top when fast) */
    if (jump_h == 0) ENSURE(res.position.y - below <= top + 1e-3);
    pos = res.position;
    vel = res.velocity;
    grounded = res.grounded == 1;
    if (grounded && o.velocity.y <= 0) jump_h = 0;
  }
done:
  collide_world_free(w);
}

/* ==== (end of the movers) ================================================== */

/* ==== tile maps and outlines (issue 29) ====================================
   fz_outline: random outlines (small exact coordinates most of the time:
   collinear points, touching edges, repeats) through
   collide_world_add_outline. Either an error with nothing added and a
   reason an outline can have, or pieces that are polygons of the
   outline's own points, whose areas add up to the outline's (its shoelace
   area; to 1e-9 of it, the pieces' areas being rounded sums too). */

static double fz_area2(const vec3 *p, int n) {
  double a = 0;
  int i;
  for (i = 0; i < n; i++) a += p[i].x * p[(i + 1) % n].y - p[(i + 1) % n].x * p[i].y;
  return a;
}

static void fz_outline(src *s) {
  vec3 p[64], at;
  int n = 3 + (int)(byte(s) % 60), i, k, first, where[2];
  double total = 0, m = 0, lo = INFINITY;
  collide_world *w = collide_world_new();
  if (!w) return;
  for (i = 0; i < n; i++) {
    p[i].x = number(s);
    p[i].y = number(s);
    p[i].z = 0;
    m = fmax(m, fmax(fabs(p[i].x), fabs(p[i].y)));
    if (p[i].x != 0) lo = fmin(lo, fabs(p[i].x));
    if (p[i].y != 0) lo = fmin(lo, fabs(p[i].y));
  }
  k = collide_world_add_outline(w, p, n, &first, where, &at);
  if (k < 0) {
    int r = collide_error_reason(k);
    ENSURE(collide_world_count(w) == 0);
    ENSURE(r == COLLIDE_E_SELF_CROSSING || r == COLLIDE_E_VEC_NAN || r == COLLIDE_E_VEC_INF ||
           r == COLLIDE_E_VEC_RANGE || r == COLLIDE_E_FEW_VERTICES ||
           r == COLLIDE_E_REPEATED || r == COLLIDE_E_POLY_COLLINEAR ||
           r == COLLIDE_E_NOT_CONVEX || r == COLLIDE_E_NOT_PLANAR);
    /* (where[] is -1 only when coordinates 2^1000 apart in magnitude made
       the exact tests underflow and the cut fail: said as a crossing) */
    if (r == COLLIDE_E_SELF_CROSSING && where[0] >= 0) ENSURE(where[0] < where[1] && where[1] < n);
    collide_world_free(w);
    return;
  }
  ENSURE(k >= 1 && collide_world_count(w) == k);
  for (i = 0; i < k; i++) {
    collide_world_shape g;
    int j, q;
    ENSURE(collide_world_get(w, first + i, &g) == 1 && g.kind == COLLIDE_SHAPE_POLYGON);
    for (j = 0; j < g.polygon.count; j++) {
      for (q = 0; q < n; q++)
        if (g.polygon.vertices[j].x == p[q].x && g.polygon.vertices[j].y == p[q].y) break;
      ENSURE(q < n);   /* a point of the outline */
    }
    total += fabs(fz_area2(g.polygon.vertices, g.polygon.count));
  }
  /* (the area check where every product is far from underflow: nonzero
     coordinates within 1e60 of each other, the largest below 1e100) */
  if (m < 1e100 && (lo == INFINITY || m < 1e60 * lo))
    ENSURE(fabs(total - fabs(fz_area2(p, n))) <= 1e-9 * (fabs(fz_area2(p, n)) + m * m * 1e-6));
  collide_world_free(w);
}

/* fz_tiles: a random grid, size and origin: an error with nothing added,
   or disjoint boxes covering exactly the solid cells (each cell's centre
   in exactly one box when that centre is well inside the float range). */
static void fz_tiles(src *s) {
  unsigned char cells[16 * 16];
  int rows = (int)(byte(s) % 17), cols = (int)(byte(s) % 17), r, c, k, first, ids[4];
  vec3 size, origin;
  collide_world *w = collide_world_new();
  if (!w) return;
  for (r = 0; r < rows * cols; r++) cells[r] = (unsigned char)(byte(s) % 2);
  size.x = number(s); size.y = number(s); size.z = byte(s) % 4 ? 0 : number(s);
  origin.x = number(s); origin.y = number(s); origin.z = 0;
  k = collide_world_add_tiles(w, cells, rows, cols, &size, &origin, &first);
  if (k < 0) {
    ENSURE(collide_world_count(w) == 0);
    collide_world_free(w);
    return;
  }
  ENSURE(collide_world_count(w) == k);
  if (size.x > 1e-100 && size.y > 1e-100 && fabs(origin.x) < 1e40 && fabs(origin.y) < 1e40 &&
      size.x < 1e40 && size.y < 1e40 &&
      size.x > 1e-6 * fabs(origin.x) && size.y > 1e-6 * fabs(origin.y))
    for (r = 0; r < rows; r++)
      for (c = 0; c < cols; c++) {
        vec3 q;
        q.x = origin.x + (c + 0.5) * size.x;
        q.y = origin.y + (r + 0.5) * size.y;
        q.z = origin.z;
        ENSURE(collide_world_overlap_point(w, &q, NULL, NULL, ids, 4) == cells[r * cols + c]);
      }
  collide_world_free(w);
}

/* ==== (end of tile maps and outlines) ====================================== */

/* ==== convex shapes (collide_hull.c, collide_convex.c) ====================== */

/* A rejection's argument and reason are valid (n: the call's Lua
   arguments); 1 when code is a result to check. */
static int convex_code(int code, int nargs) {
  int a, r;
  last_code = code;
  ENSURE(code <= 1);
  if (code >= 0) return 1;
  a = collide_error_arg(code);
  r = collide_error_reason(code);
  ENSURE(code == -(a * 256 + r));
  ENSURE(a >= 1 && a <= nargs);
  ENSURE(r >= 1 && r < COLLIDE_E_LAST);
  return 0;
}

/* A hull built into a malloc'd block (NULL when refused); the checks of
   its structure: every corner an input point, indices in range, unit face
   normals, Euler's V - E + F = 2 for a solid, every corner on or beneath
   every face (moderate magnitudes). */
static collide_convex *fz_hull(const vec3 *p, int n, int box, const vec3 *e) {
  int size = box ? collide_convex_box_init(e, NULL, 0) : collide_convex_init(p, n, NULL, 0);
  collide_convex *h;
  int i, j, k;
  double m = 0;
  if (size < 0) {
    (void)convex_code(size, 1);
    if (!box && (n < 3 || n > COLLIDE_MAX_CONVEX_POINTS))
      ENSURE(collide_error_arg(size) == 1);
    return NULL;
  }
  h = (collide_convex *)malloc((size_t)size);
  if (!h) return NULL;
  ENSURE((box ? collide_convex_box_init(e, h, size) : collide_convex_init(p, n, h, size)) == size);
  ENSURE(h->vertex_count >= 3 && h->face_count >= 2 && h->edge_count >= 3);
  ENSURE(box || h->vertex_count <= n);
  for (i = 0; i < h->vertex_count; i++) {
    const vec3 *v = &h->vertices[i];
    ENSURE(finite3(v));
    m = fmax(m, fmax(fabs(v->x), fmax(fabs(v->y), fabs(v->z))));
    if (!box) {
      for (j = 0; j < n; j++)
        if (p[j].x == v->x && p[j].y == v->y && p[j].z == v->z) break;
      ENSURE(j < n);
    }
  }
  ENSURE(h->face_first[0] == 0);
  for (i = 0; i < h->face_count; i++) {
    ENSURE(h->face_first[i + 1] - h->face_first[i] >= 3);
    for (k = h->face_first[i]; k < h->face_first[i + 1]; k++)
      ENSURE(h->ring[k] >= 0 && h->ring[k] < h->vertex_count);
    ENSURE(fabs(len(h->faces[i].normal) - 1) <= 1e-9);
  }
  for (i = 0; i < 2 * h->edge_count; i++)
    ENSURE(h->edges[i] >= 0 && h->edges[i] < h->vertex_count);
  if (!h->flat) ENSURE(h->vertex_count - h->edge_count + h->face_count == 2);
  else ENSURE(h->face_count == 2 && h->edge_count == h->vertex_count);
  if (m > 1e-100 && m < 1e100)
    for (i = 0; i < h->face_count; i++)
      for (j = 0; j < h->vertex_count; j++)
        ENSURE(dot(h->faces[i].normal, h->vertices[j]) + h->faces[i].d <= 1e-9 * m);
  ENSURE(h->radius >= 0 && h->radius <= 2 * m);
  return h;
}

/* fz_convex: collide_convex_init on hostile points (repeats, lines,
   planes, NaN, huge, tiny, up to 300 of them), collide_convex_box_init on
   any vector. */
static void fz_convex(src *s) {
  vec3 p[300];
  int n, i;
  collide_convex *h;
  unsigned k = byte(s);
  if (k % 8 == 0) {
    vec3 e = vector(s);
    h = fz_hull(NULL, 0, 1, &e);
    if (!h) return;
    ENSURE(e.x >= 0 && e.y >= 0 && e.z >= 0);
    free(h);
    return;
  }
  n = k % 8 == 1 ? (int)(byte(s) + byte(s)) % 301 : (int)(byte(s) % 16);
  for (i = 0; i < n; i++) {
    /* (after 24 from the input, copies and midpoints of earlier ones) */
    if (i >= 24 && s->n == 0) {
      vec3 a = p[(i * 7) % i], b = p[(i * 13) % i];
      p[i] = (i & 1) ? a : vec(0.5 * (a.x + b.x), 0.5 * (a.y + b.y), 0.5 * (a.z + b.z));
    } else {
      p[i] = vector(s);
    }
  }
  h = fz_hull(p, n, 0, NULL);
  free(h);
}

/* A rotation: an angle, or a quaternion (sometimes normalized, sometimes
   not: off 1 by more than 1e-6 must be refused). */
static collide_rotation fz_rotation(src *s) {
  collide_rotation q;
  unsigned k = byte(s);
  memset(&q, 0, sizeof q);
  if (k % 3 == 0) {
    q.is_angle = 1;
    q.angle = number(s);
  } else {
    q.w = number(s);
    q.x = number(s);
    q.y = number(s);
    q.z = number(s);
    if (k % 3 == 1) {
      double l = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
      if (l > 0 && l < HUGE_VAL) {
        q.w /= l; q.x /= l; q.y /= l; q.z /= l;
      }
    }
  }
  return q;
}

static int rotation_ok(const collide_rotation *q) {
  double n2;
  if (q->is_angle) return isfinite(q->angle) && fabs(q->angle) <= 1e50;
  if (!(isfinite(q->w) && isfinite(q->x) && isfinite(q->y) && isfinite(q->z))) return 0;
  n2 = q->w * q->w + q->x * q->x + q->y * q->y + q->z * q->z;
  return fabs(n2 - 1) <= 1e-6;
}

/* A hull for a sweep: a box or a few points; NULL when refused. */
static collide_convex *fz_some_hull(src *s) {
  vec3 p[12];
  int n, i;
  unsigned k = byte(s);
  if (k % 4 == 0) {
    vec3 e = vector(s);
    return fz_hull(NULL, 0, 1, &e);
  }
  n = 3 + (int)(k % 10);
  for (i = 0; i < n; i++) p[i] = vector(s);
  return fz_hull(p, n, 0, NULL);
}

/* fz_convex_sweep: every collide_sweep_convex_* on a hull (a box or a few
   hostile points), a hostile rotation and hostile motion and obstacle:
   refused with a valid argument and reason, or a valid hit or miss; a
   rotation that is not finite or not unit to 1e-6 is refused (argument
   2, or 6 for the obstacle's), a hull is never. */
static void fz_convex_sweep(src *s) {
  collide_convex *A = fz_some_hull(s), *B = NULL;
  collide_rotation q, qb;
  vec3 c0, c1, a, b, c, v[6];
  collide_hit h;
  collide_plane pl;
  collide_polygon poly;
  double r;
  int code = 0, kind, nargs = 0, rot_arg = 2, i;
  if (!A) return;
  q = fz_rotation(s);
  c0 = vector(s);
  c1 = vector(s);
  kind = (int)(byte(s) % 8);
  memset(&h, 0xff, sizeof h);   /* (a miss must zero it) */
  switch (kind) {
    case 0:
      a = vector(s);
      if (collide_plane_make(&a, number(s), &pl) != 1) break;
      code = collide_sweep_convex_plane(A, &q, &c0, &c1, &pl, &h);
      nargs = 5;
      break;
    case 1:
      a = vector(s);
      r = number(s);
      code = collide_sweep_convex_sphere(A, &q, &c0, &c1, &a, r, &h);
      nargs = 6;
      break;
    case 2:
      a = vector(s); b = vector(s); c = vector(s);
      code = collide_sweep_convex_triangle(A, &q, &c0, &c1, &a, &b, &c, &h);
      nargs = 7;
      break;
    case 3: {
      int n = 3 + (int)(byte(s) % 4);
      for (i = 0; i < n; i++) v[i] = vector(s);
      if (collide_polygon_init(v, n, &poly) != 1) break;
      code = collide_sweep_convex_polygon(A, &q, &c0, &c1, &poly, &h);
      nargs = 5;
      break;
    }
    case 4:
      a = vector(s); b = vector(s);
      code = collide_sweep_convex_segment(A, &q, &c0, &c1, &a, &b, &h);
      nargs = 6;
      break;
    case 5:
      a = vector(s); b = vector(s);
      code = collide_sweep_convex_aabb(A, &q, &c0, &c1, &a, &b, &h);
      nargs = 6;
      break;
    case 6:
      a = vector(s); b = vector(s);
      r = number(s);
      code = collide_sweep_convex_capsule(A, &q, &c0, &c1, &a, &b, r, &h);
      nargs = 7;
      break;
    default:
      B = fz_some_hull(s);
      if (!B) break;
      qb = fz_rotation(s);
      a = vector(s);
      code = collide_sweep_convex_convex(A, &q, &c0, &c1, B, &qb, &a, &h);
      nargs = 7;
      if (rotation_ok(&q) && !rotation_ok(&qb)) rot_arg = 6;
      break;
  }
  if (nargs > 0) {
    if (!rotation_ok(&q) || (kind == 7 && !rotation_ok(&qb))) {
      /* (B's turn, argument 6, is named unless an earlier one is bad) */
      ENSURE(code < 0 && (rot_arg == 2 ? collide_error_arg(code) == 2
                                       : collide_error_arg(code) <= 6));
    }
    if (convex_code(code, nargs)) {
      check_hit(code, &h);
    } else {
      /* (the hulls were accepted: never named) */
      ENSURE(collide_error_arg(code) != 1);
      if (kind == 7) ENSURE(collide_error_arg(code) != 5);
    }
  }
  free(A);
  free(B);
}

/* ==== (end of convex shapes) ================================================ */

/* ==== spinning sensor pairs (collide_sensor.c turn_spans, collide_turning.c
   collide__spin_hold) =======================================================
   A convex box A, turned by an angle or a quaternion and spinning by an
   angle or a quaternion (hostile ones too: huge, tiny, NaN, off unit,
   past 2^22 -- refused at set_spin with argument 3 exactly when they
   should be), moving by a velocity, and one other shape -- a sphere, a
   box, a capsule, another convex box (spinning or not), or a box resting
   on A's top face, pressed into it by a tiny depth -- one of the two a
   sensor; 2D scenes (every point, motion and turn in z = 0) and 3D ones.
   After an advance the events of the pair are checked by themselves
   (begins and ends alternate, u in [0, 1], at most one per interval of
   the 64 the walk keeps) and, for scenes of moderate size, against a
   brute-force check that shares nothing with the core: at 257 evenly
   spaced moments the two shapes are placed from the inputs (the turn at
   t composed here: Rz(t a) or Rodrigues' rotation about the spin's axis
   by t times its shortest arc) and tested with the separating axes of
   two oriented boxes (Gottschalk, Lin, Manocha, "OBBTree", SIGGRAPH
   1996: the 15 axes), a sphere's distance to a box, a capsule's (the
   distance to a box is convex along the segment: golden-section search).
   A moment found touching by more than a margin (1e-6 of the scene) must
   lie in a reported interval (a begin is never late, an end never early:
   collide_sensor.c), give or take 1e-9. The same scene with the other
   shape the sensor must give the same events. Bounded work: libFuzzer's
   -timeout (the walk's step limits are what keep it short). */

typedef struct sbox {
  vec3 c, u[3], e;   /* centre, axes (columns of the turn), half extents */
} sbox;

enum { SS_BOX, SS_STILL_BOX, SS_SPHERE, SS_AABB, SS_CAPSULE, SS_RESTING, SS_KINDS };

typedef struct sscene {
  int kind, flat, moderate;
  vec3 ea, pa, va;               /* A: half extents, frame origin, velocity */
  collide_rotation ra, sa;       /* A's rotation and spin */
  int a_spins;
  vec3 eb, pb, vb, qb;           /* the other: extents / centre or capsule a,
                                    velocity, capsule b */
  double rb;
  collide_rotation rotb, sb;
  int b_spins;
} sscene;

/* the matrix (rows) of a rotation as the module reads it (a quaternion
   normalized; an angle about z) */
static void ss_matrix(const collide_rotation *q, double m[3][3]) {
  if (q->is_angle) {
    double c = cos(q->angle), s = sin(q->angle);
    m[0][0] = c; m[0][1] = -s; m[0][2] = 0;
    m[1][0] = s; m[1][1] = c; m[1][2] = 0;
    m[2][0] = 0; m[2][1] = 0; m[2][2] = 1;
  } else {
    double l = sqrt(q->w * q->w + q->x * q->x + q->y * q->y + q->z * q->z);
    double w = q->w / l, x = q->x / l, y = q->y / l, z = q->z / l;
    m[0][0] = 1 - 2 * (y * y + z * z); m[0][1] = 2 * (x * y - w * z); m[0][2] = 2 * (x * z + w * y);
    m[1][0] = 2 * (x * y + w * z); m[1][1] = 1 - 2 * (x * x + z * z); m[1][2] = 2 * (y * z - w * x);
    m[2][0] = 2 * (x * z - w * y); m[2][1] = 2 * (y * z + w * x); m[2][2] = 1 - 2 * (x * x + y * y);
  }
}

/* the turn by the fraction t of spin: about z by t times an angle (as
   given, any size); a quaternion by t times its shortest arc about its
   axis (Rodrigues' formula) */
static void ss_turn(const collide_rotation *sp, double t, double m[3][3]) {
  double k[3] = {0, 0, 1}, th, c, s, C;
  int i, j;
  if (sp->is_angle) {
    th = t * sp->angle;
  } else {
    double w = sp->w, x = sp->x, y = sp->y, z = sp->z, n;
    if (w < 0) { w = -w; x = -x; y = -y; z = -z; }
    n = sqrt(x * x + y * y + z * z);
    th = n > 0 ? t * 2 * atan2(n, w) : 0;
    if (n > 0) { k[0] = x / n; k[1] = y / n; k[2] = z / n; }
  }
  c = cos(th); s = sin(th); C = 1 - c;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) m[i][j] = C * k[i] * k[j] + (i == j ? c : 0);
  m[0][1] -= s * k[2]; m[0][2] += s * k[1];
  m[1][0] += s * k[2]; m[1][2] -= s * k[0];
  m[2][0] -= s * k[1]; m[2][1] += s * k[0];
}

static sbox ss_box_at(vec3 e, vec3 p, vec3 v, const collide_rotation *rot,
                      const collide_rotation *spin, int spins, double t) {
  double m0[3][3], mt[3][3], m[3][3];
  sbox b;
  int i, j, k;
  ss_matrix(rot, m0);
  if (spins) {
    ss_turn(spin, t, mt);
    for (i = 0; i < 3; i++)
      for (j = 0; j < 3; j++) {
        m[i][j] = 0;
        for (k = 0; k < 3; k++) m[i][j] += mt[i][k] * m0[k][j];
      }
  } else {
    memcpy(m, m0, sizeof m);
  }
  for (j = 0; j < 3; j++) b.u[j] = vec(m[0][j], m[1][j], m[2][j]);
  b.c = add(p, scale(v, t));
  b.e = e;
  return b;
}

static double gc(vec3 v, int i) { return i == 0 ? v.x : (i == 1 ? v.y : v.z); }

/* the separation of two boxes along the unit axis L: > 0 apart by that */
static double ss_sep(const sbox *a, const sbox *b, vec3 L) {
  double ra = 0, rb = 0;
  int i;
  for (i = 0; i < 3; i++) {
    ra += gc(a->e, i) * fabs(dot(a->u[i], L));
    rb += gc(b->e, i) * fabs(dot(b->u[i], L));
  }
  return fabs(dot(sub(b->c, a->c), L)) - ra - rb;
}

/* 1 touching by more than m, 0 apart by more than m, -1 not decided: the
   15 axes (a pair of parallel edges gives none: the Minkowski sum of two
   parallel edges is no face of the difference; one too near parallel to
   give a well-defined axis decides nothing toward touching) */
static int ss_boxes(const sbox *a, const sbox *b, double m) {
  int i, j, sure = 1;
  double worst = -HUGE_VAL;
  /* two rectangles in z = 0: touching is overlapping in the plane, the
     axes in it (along z they are always 0 apart) */
  int plane = a->c.z == 0 && b->c.z == 0 && a->e.z == 0 && b->e.z == 0 &&
              a->u[2].x == 0 && a->u[2].y == 0 && b->u[2].x == 0 && b->u[2].y == 0;
  for (i = 0; i < 3; i++) {
    if (!(plane && a->u[i].z != 0)) worst = fmax(worst, ss_sep(a, b, a->u[i]));
    if (!(plane && b->u[i].z != 0)) worst = fmax(worst, ss_sep(a, b, b->u[i]));
    for (j = 0; j < 3; j++) {
      vec3 L = cross(a->u[i], b->u[j]);
      double l = len(L);
      if (l == 0 || (plane && L.z != 0)) continue;
      if (!(l > 1e-6)) { sure = 0; continue; }
      worst = fmax(worst, ss_sep(a, b, scale(L, 1 / l)));
    }
  }
  if (worst > m) return 0;
  return worst < -m && sure ? 1 : -1;
}

/* the distance from p to the box */
static double ss_point_box(const sbox *a, vec3 p) {
  vec3 q = sub(p, a->c);
  double d2 = 0;
  int i;
  for (i = 0; i < 3; i++) {
    double x = dot(q, a->u[i]), e = gc(a->e, i), o = fabs(x) - e;
    if (o > 0) d2 += o * o;
  }
  return sqrt(d2);
}

/* the least distance from the segment p q to the box: convex along the
   segment, golden-section search */
static double ss_segment_box(const sbox *a, vec3 p, vec3 q) {
  double lo = 0, hi = 1, g = 0.6180339887498949;
  int i;
  for (i = 0; i < 80; i++) {
    double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
    if (ss_point_box(a, lerp(p, q, m1)) <= ss_point_box(a, lerp(p, q, m2))) hi = m2;
    else lo = m1;
  }
  return ss_point_box(a, lerp(p, q, 0.5 * (lo + hi)));
}

static int ss_radius(double d, double r, double m) {
  if (d < r - m) return 1;
  if (d > r + m) return 0;
  return -1;
}

/* the brute force at the moment t */
static int ss_touch(const sscene *S, double t, double m) {
  sbox a = ss_box_at(S->ea, S->pa, S->va, &S->ra, &S->sa, S->a_spins, t), b;
  vec3 pb = add(S->pb, scale(S->vb, t));
  collide_rotation none;
  memset(&none, 0, sizeof none);
  none.is_angle = 1;
  switch (S->kind) {
    case SS_SPHERE:
      return ss_radius(ss_point_box(&a, pb), S->rb, m);
    case SS_CAPSULE:
      return ss_radius(ss_segment_box(&a, pb, add(S->qb, scale(S->vb, t))), S->rb, m);
    case SS_AABB: case SS_RESTING:
      b = ss_box_at(S->eb, S->pb, S->vb, &none, &none, 0, t);
      return ss_boxes(&a, &b, m);
    default:
      b = ss_box_at(S->eb, S->pb, S->vb, &S->rotb, &S->sb, S->b_spins, t);
      return ss_boxes(&a, &b, m);
  }
}

/* a number for a scene: mostly small multiples of 1/16 scaled, sometimes
   hostile */
static double ss_num(src *s, const sscene *S, double scl) {
  unsigned k = byte(s);
  double x;
  if (!S->moderate && k % 8 == 0) return number(s);
  x = (double)(int)(int8_t)byte(s) / 16.0 * scl;
  if (ntrace < 96) trace[ntrace++] = x;   /* (printed by fail) */
  return x;
}

static vec3 ss_vec(src *s, const sscene *S, double scl) {
  vec3 v;
  v.x = ss_num(s, S, scl);
  v.y = ss_num(s, S, scl);
  v.z = S->flat ? 0 : ss_num(s, S, scl);
  return v;
}

/* a spin: small, large, hostile angles; unit, off-unit and hostile
   quaternions (about z only in 2D) */
static collide_rotation ss_spin(src *s, const sscene *S) {
  static const double big[] = {0x1p22, -0x1p22, 0x1p22 + 1, 1e6, 1e-300, 4.0e-9, 1e3,
                               6.283185307179586, 3.141592653589793, 0x1p23, 9e49};
  collide_rotation q;
  unsigned k = byte(s);
  memset(&q, 0, sizeof q);
  switch (k % 6) {
    case 0: case 1:
      q.is_angle = 1;
      q.angle = (double)(int)(int8_t)byte(s) / 8.0;
      break;
    case 2:
      q.is_angle = 1;
      q.angle = big[byte(s) % (sizeof big / sizeof big[0])] * ((k & 8) ? -1 : 1);
      if (!S->moderate && (k & 16)) q.angle = number(s);
      break;
    default: {
      double l;
      q.w = (double)(int)(int8_t)byte(s) / 16.0;
      q.z = (double)(int)(int8_t)byte(s) / 16.0;
      if (!S->flat) {
        q.x = (double)(int)(int8_t)byte(s) / 16.0;
        q.y = (double)(int)(int8_t)byte(s) / 16.0;
      }
      l = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
      if (k % 6 != 5 && l > 0) { q.w /= l; q.x /= l; q.y /= l; q.z /= l; }
      if (!S->moderate && (k & 16)) q.w = number(s);
    }
  }
  return q;
}

static int spin_ok(const collide_rotation *q) {
  if (q->is_angle) return fabs(q->angle) <= 0x1p22;   /* (NaN: not) */
  return rotation_ok(q);
}

/* the pair's intervals from its events over one step (one pair only):
   into a[], b[]; the state at u = 0 is touching when the first event is
   an end, else apart, but with no events at all it is `start`. Checks
   that the events alternate. Returns how many, -1 undecided. */
static int ss_intervals(const collide_sensor_event *ev, int n, int start, double *a,
                        double *b) {
  int i = 0, k = 0, open;
  if (n == 0) {
    if (start < 0) return -1;
    if (start) { a[0] = 0; b[0] = 1; return 1; }
    return 0;
  }
  open = ev[0].begin == 0;
  if (open) a[0] = 0;
  while (i < n) {
    /* a group of events at one u: begins and ends alternate from the
       state before it (sorted begin first, whatever the state) */
    int j = i, nb = 0, ne = 0;
    double u = ev[i].u;
    while (j < n && ev[j].u == u) { if (ev[j].begin) nb++; else ne++; j++; }
    ENSURE(u >= 0 && u <= 1);
    if (open) {
      ENSURE(ne == nb || ne == nb + 1);
      if (ne == nb + 1) { b[k++] = u; open = 0; }
    } else {
      ENSURE(nb == ne || nb == ne + 1);
      if (nb == ne && nb > 0) { a[k] = b[k] = u; k++; }
      if (nb == ne + 1) { a[k] = u; open = 1; }
    }
    i = j;
  }
  if (open) b[k++] = 1;
  return k;
}

/* builds the world: A and the other, the sensor as chosen; returns the
   world (NULL when a shape was refused, checked) and the two ids */
static collide_world *ss_world(const sscene *S, const collide_convex *A,
                               const collide_convex *B, int sensor_a, int *ida, int *idb) {
  collide_world *w = collide_world_new();
  vec3 qb;
  int rc;
  if (!w) return NULL;
  *ida = collide_world_add_convex(w, A, &S->pa, &S->ra);
  if (*ida <= 0) {
    ENSURE(*ida < 0 && (!rotation_ok(&S->ra) || !finite3(&S->pa) ||
                        fabs(S->pa.x) > 1e50 || fabs(S->pa.y) > 1e50 || fabs(S->pa.z) > 1e50));
    collide_world_free(w);
    return NULL;
  }
  switch (S->kind) {
    case SS_SPHERE: *idb = collide_world_add_sphere(w, &S->pb, S->rb); break;
    case SS_CAPSULE:
      qb = S->qb;
      *idb = collide_world_add_capsule(w, &S->pb, &qb, S->rb);
      break;
    case SS_AABB: case SS_RESTING: *idb = collide_world_add_aabb(w, &S->pb, &S->eb); break;
    default: *idb = collide_world_add_convex(w, B, &S->pb, &S->rotb);
  }
  if (*idb <= 0) {
    collide_world_free(w);
    return NULL;
  }
  rc = collide_world_set_spin(w, *ida, &S->sa);
  ENSURE(rc == 1 ? spin_ok(&S->sa) : (!spin_ok(&S->sa) && collide_error_arg(rc) == 3));
  if (S->kind == SS_BOX) {
    rc = collide_world_set_spin(w, *idb, &S->sb);
    ENSURE(rc == 1 ? spin_ok(&S->sb) : (!spin_ok(&S->sb) && collide_error_arg(rc) == 3));
  }
  rc = collide_world_set_velocity(w, *ida, &S->va);
  ENSURE(rc == 1 || collide_error_arg(rc) == 3);
  rc = collide_world_set_velocity(w, *idb, &S->vb);
  ENSURE(rc == 1 || collide_error_arg(rc) == 3);
  ENSURE(collide_world_set_sensor(w, sensor_a ? *ida : *idb, 1) == 1);
  return w;
}

#define SS_EVENTS 256
#define SS_SAMPLES 256

static void fz_sensor_spin(src *s) {
  static double block_a[2048], block_b[2048];
  sscene S;
  const collide_convex *A, *B = NULL;
  collide_world *w;
  collide_sensor_event ev[SS_EVENTS], ev2[SS_EVENTS];
  double a[SS_EVENTS], b[SS_EVENTS], scl, m, size;
  unsigned mode = byte(s), k;
  int ida, idb, ida2, idb2, n, n2, rc, rc1, i, ni, start;
  memset(&S, 0, sizeof S);
  S.flat = mode & 1;
  S.kind = (int)((mode >> 1) % SS_KINDS);
  S.moderate = !(mode & 0x80);
  k = byte(s) % 3;
  scl = k == 0 ? 1 : (k == 1 ? 0x1p-12 : 0x1p12);
  S.ea = ss_vec(s, &S, scl);
  S.ea = vec(fabs(S.ea.x), fabs(S.ea.y), fabs(S.ea.z));
  S.pa = ss_vec(s, &S, scl);
  S.va = ss_vec(s, &S, scl);
  S.ra = ss_spin(s, &S);   /* (a rotation as hostile as a spin) */
  if (S.flat && !S.ra.is_angle) { S.ra.x = S.ra.y = 0; }
  if (byte(s) & 1) S.ra = fz_rotation(s);   /* (any rotation, refused or not) */
  S.sa = ss_spin(s, &S);
  S.a_spins = spin_ok(&S.sa);
  S.pb = ss_vec(s, &S, scl);
  S.vb = ss_vec(s, &S, scl);
  S.eb = ss_vec(s, &S, scl);
  S.eb = vec(fabs(S.eb.x), fabs(S.eb.y), fabs(S.eb.z));
  S.rb = fabs(ss_num(s, &S, scl));
  S.qb = ss_vec(s, &S, scl);
  memset(&S.rotb, 0, sizeof S.rotb);
  S.rotb.is_angle = 1;
  if (S.kind == SS_BOX || S.kind == SS_STILL_BOX) {
    S.rotb = ss_spin(s, &S);
    if (S.kind == SS_BOX) S.sb = ss_spin(s, &S);
    S.b_spins = S.kind == SS_BOX && spin_ok(&S.sb);
  }
  if (S.kind == SS_RESTING) {
    /* a box on A's top face, pressed into it by a tiny depth (A turned
       about z only, spinning about z: the face turns in its own plane) */
    static const double depth[] = {0, 1e-12, 1e-9, 1e-7, 1e-4, -1e-12, -1e-9};
    double dp = depth[byte(s) % 7];
    S.flat = 0;
    S.ra.is_angle = 1;
    if (!(fabs(S.ra.angle) <= 1e50)) S.ra.angle = 0;
    if (!S.sa.is_angle) { S.sa.x = S.sa.y = 0; S.a_spins = spin_ok(&S.sa); }
    if (S.ea.z == 0) S.ea.z = scl;
    S.pb = vec(S.pa.x + S.pb.x / 16, S.pa.y + S.pb.y / 16, S.pa.z + S.ea.z + S.eb.z - dp * scl);
    S.vb = S.va;
  } else if ((k = byte(s)) != 0 && S.moderate) {
    /* (near A: its place plus a fraction of the one read, so that the
       pair touches for some of the step more often; the last byte read,
       0 when the input ends before it) */
    S.pb = add(S.pa, scale(S.pb, 1.0 / (double)(1 + k % 8)));
    if (S.kind == SS_CAPSULE) S.qb = add(S.pa, scale(S.qb, 1.0 / (double)(1 + k % 8)));
  }
  if (!(S.ea.x >= 0 && S.ea.x <= 1e50 && S.ea.y >= 0 && S.ea.y <= 1e50 && S.ea.z >= 0 &&
        S.ea.z <= 1e50))
    return;
  if (collide_convex_box_init(&S.ea, block_a, (int)sizeof block_a) <= 0) return;
  A = (const collide_convex *)block_a;
  if (S.kind == SS_BOX || S.kind == SS_STILL_BOX) {
    if (collide_convex_box_init(&S.eb, block_b, (int)sizeof block_b) <= 0) return;
    B = (const collide_convex *)block_b;
  }
  if (S.kind == SS_CAPSULE && S.flat) S.qb.z = 0;
  w = ss_world(&S, A, B, !(mode & 0x40), &ida, &idb);
  if (!w) return;
  rc = rc1 = collide_world_advance(w);
  ENSURE(rc == 0 || (rc < 0 && collide_error_arg(rc) == 0));
  n = collide_world_sensor_events(w, ev, SS_EVENTS);
  ENSURE(n >= 0 && n <= 2 * 64 + 2);   /* (64 intervals at most: SPANS_MAX) */
  for (i = 0; i < n; i++) {
    ENSURE(ev[i].u >= 0 && ev[i].u <= 1);
    ENSURE((ev[i].sensor == ida && ev[i].id == idb) || (ev[i].sensor == idb && ev[i].id == ida));
    if (i > 0) ENSURE(ev[i - 1].u <= ev[i].u);
  }
  /* a second step, from where the first left them: no crash, valid */
  if (rc == 0) {
    int n3;
    collide_sensor_event ev3[SS_EVENTS];
    rc = collide_world_advance(w);
    ENSURE(rc <= 0);
    n3 = collide_world_sensor_events(w, ev3, SS_EVENTS);
    ENSURE(n3 >= 0 && n3 <= 2 * 64 + 2);
    for (i = 0; i < n3; i++) ENSURE(ev3[i].u >= 0 && ev3[i].u <= 1);
  }
  collide_world_free(w);
  /* the same scene with the other shape the sensor: the same events */
  w = ss_world(&S, A, B, (mode & 0x40) != 0, &ida2, &idb2);
  ENSURE(w != NULL && ida2 == ida && idb2 == idb);
  ENSURE(collide_world_advance(w) == rc1);
  n2 = collide_world_sensor_events(w, ev2, SS_EVENTS);
  collide_world_free(w);
  ENSURE(n2 == n || n2 > SS_EVENTS);
  for (i = 0; i < n && n2 == n; i++) ENSURE(ev2[i].u == ev[i].u && ev2[i].begin == ev[i].begin);
  if (!S.moderate || n > SS_EVENTS) return;
  /* the brute force: only for scenes whose every number the module took
     as given and of moderate size (every refused spin left A still) */
  if (!rotation_ok(&S.ra)) return;
  if ((S.kind == SS_BOX || S.kind == SS_STILL_BOX) && !rotation_ok(&S.rotb)) return;
  size = len(S.ea) + len(S.pa) + len(S.va) + len(S.pb) + len(S.vb) + len(S.eb) + S.rb +
         len(S.qb);
  m = 1e-6 * size;
  if (!(m > 0 && size < 1e10)) return;
  start = ss_touch(&S, 0, m);
  ni = ss_intervals(ev, n, start, a, b);
  if (ni < 0) return;
  for (i = 0; i <= SS_SAMPLES; i++) {
    double t = (double)i / SS_SAMPLES;
    int j, in = 0;
    if (ss_touch(&S, t, m) != 1) continue;
    for (j = 0; j < ni && !in; j++) in = a[j] - 1e-9 <= t && t <= b[j] + 1e-9;
    if (!in) {
      fprintf(stderr, "moment %.17g touching, in none of %d intervals:\n", t, ni);
      for (j = 0; j < ni; j++) fprintf(stderr, "  [%.17g, %.17g]\n", a[j], b[j]);
      fail("a moment found touching lies in a reported interval", __LINE__);
    }
  }
}

/* ==== (end of spinning sensor pairs) ======================================== */

typedef void (*target_fn)(src *);

#ifndef FUZZ_TARGET
/* All targets in one binary: the first byte picks one. */
static void fz_all(src *s) {
  static const target_fn t[] = {
    fz_world,   /* (branch world) */
    fz_move, fz_move_moving, fz_controller,   /* (branch mover) */
    fz_sphere_sphere, fz_plane, fz_sphere_plane, fz_raycast_plane,
    fz_polygon_init, fz_sphere_polygon, fz_raycast_polygon,
    fz_sphere_triangle, fz_raycast_triangle, fz_sphere_segment,
    fz_sphere_aabb, fz_raycast_aabb, fz_raycast_sphere, fz_aabb_aabb, fz_misc,
    fz_capsule_sphere, fz_capsule_plane, fz_capsule_triangle,
    fz_capsule_polygon, fz_capsule_segment, fz_capsule_aabb, fz_capsule_capsule,
    /* moving box (branch box) */
    fz_aabb_sphere, fz_aabb_plane, fz_aabb_triangle, fz_aabb_polygon,
    fz_aabb_segment,
    fz_outline, fz_tiles,   /* (issue 29) */
    fz_convex, fz_convex_sweep,   /* convex shapes */
    fz_sensor_spin   /* spinning sensor pairs */
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
