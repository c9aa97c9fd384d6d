/*
 * collide_prims.h -- the primitives every kernel family of the core sits on:
 * vector arithmetic, the argument checks, exact predicates (a difference of
 * products and a cross product to within an ulp of themselves), time
 * intervals clipped by slabs, balls and cylinders (the pieces of a
 * Minkowski sum), the triangle and polygon checks, and the quick
 * rejection by a box. Nothing here calls up into a family: the families
 * (collide_sphere.c, collide_box.c, collide_capsule*.c, ...) include this
 * header and, where they reduce to one, the family below them
 * (collide_sphere.h). Not installed, not part of the API; the functions
 * declared COLLIDE_PRIVATE are in collide_prims.c.
 */
#ifndef COLLIDE_PRIMS_H
#define COLLIDE_PRIMS_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "collide.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef collide_vec3 vec3;

static inline vec3 v3(double x, double y, double z) {
  vec3 r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
static inline vec3 v_add(vec3 a, vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline vec3 v_sub(vec3 a, vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline vec3 v_scale(vec3 a, double s) { return v3(a.x * s, a.y * s, a.z * s); }
static inline vec3 v_neg(vec3 a) { return v3(-a.x, -a.y, -a.z); }
static inline double v_dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline vec3 v_cross(vec3 a, vec3 b) {
  return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline double v_len2(vec3 a) { return v_dot(a, a); }
static inline double v_len(vec3 a) { return sqrt(v_dot(a, a)); }
/* a + (b - a) * u */
static inline vec3 v_lerp(vec3 a, vec3 b, double u) {
  return v3(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u, a.z + (b.z - a.z) * u);
}
/* a + d * s */
static inline vec3 v_madd(vec3 a, vec3 d, double s) {
  return v3(a.x + d.x * s, a.y + d.y * s, a.z + d.z * s);
}
/* fmax and fmin as the comparisons they are (the library calls are not
   inlined without -ffast-math, and cost a tenth of a sweep): the same
   results, a NaN operand included; only the sign of a zero maximum may
   differ (none for magnitudes: fabs gives +0). */
static inline double dmax(double a, double b) { return (a > b || b != b) ? a : b; }
static inline double dmin(double a, double b) { return (a < b || b != b) ? a : b; }
/* Unit vector, or the zero vector for a zero input. Divided by its largest
   component first: for a tiny vector (components near 1e-160 and below)
   the squares would underflow into denormals or zero and the result would
   not be unit; after the division the largest component is +-1 and the
   squares are exact enough. */
static inline vec3 v_normalize(vec3 a) {
  double m = dmax(fabs(a.x), dmax(fabs(a.y), fabs(a.z)));
  if (!(m > 0)) return v3(0, 0, 0);
  a = v3(a.x / m, a.y / m, a.z / m);
  return v_scale(a, 1.0 / v_len(a));
}
static inline double clamp01(double x) { return x < 0 ? 0 : (x > 1 ? 1 : x); }

/* Encoding of a rejected argument, see collide.h. */
#define COLLIDE_FAIL(arg, reason) (-((arg) * 256 + (reason)))

/* Fast acceptance of the common case, inline: |x| <= COLLIDE_MAX_COORD is
   false for NaN and infinities too, so only a rejected value pays for the
   call that names the reason. (The checks were half of the instructions of
   a sphere sweep; see `make bench`.) */
static inline int num_ok(double x) { return fabs(x) <= COLLIDE_MAX_COORD; }
static inline int vec_ok(const vec3 *v) {
  return fabs(v->x) <= COLLIDE_MAX_COORD && fabs(v->y) <= COLLIDE_MAX_COORD &&
         fabs(v->z) <= COLLIDE_MAX_COORD;
}

/* ---- a scene in another unit (an exact power of two) -------------------- */
/* The k that brings S > 0 into [2^60, 2^61) by 2^k (negative for a
   scene above it). */
static inline int unit_exponent(double S) {
  int e;
  (void)frexp(S, &e);                    /* S = m 2^e, m in [1/2, 1) */
  return 61 - e;
}

/* x 2^k: exact but for a result below DBL_MIN, which is rounded once. A
   product by 2^k, when that is a normal double (its bits: the biased
   exponent k + 1023 alone), is the same correctly rounded x 2^k as
   ldexp's, without the library call; else (k above 1023: a scene of
   subnormal size) ldexp. */
static inline double scale2(double x, int k) {
  if (k >= DBL_MIN_EXP - 1 && k <= DBL_MAX_EXP - 1) {
    uint64_t b = (uint64_t)(k + DBL_MAX_EXP - 1) << (DBL_MANT_DIG - 1);
    double f;
    memcpy(&f, &b, sizeof f);
    return x * f;
  }
  return ldexp(x, k);
}

static inline vec3 v_ldexp(vec3 v, int k) {
  return v3(scale2(v.x, k), scale2(v.y, k), scale2(v.z, k));
}

/* ---- fused argument checks (issue 12: kernels near the limit) ---------- */
/* All the numbers an entry point takes, accepted in one pass: the sum of
   their magnitudes is at most COLLIDE_MAX_COORD only when every one is
   finite and within the limit (NaN and infinity propagate into the sum,
   and a rounded sum of non-negative terms is never below one of them).
   So the common case pays one addition per number and one branch; only
   when the sum is over the limit do the per-argument CHECK_* below run,
   in argument order, to name the first bad one (or find none: a sum of
   large but valid numbers). */
static inline double mag3(const vec3 *v) {
  return fabs(v->x) + fabs(v->y) + fabs(v->z);
}
/* The same sum over several vectors, accumulated two lanes at a time where
   SSE2 is there (every x86-64): x and y of a vector are adjacent doubles,
   one unaligned load. The order of the additions differs from mag3's, but
   the sum is used only against the limit, and every order has the
   properties above. */
#if defined(__SSE2__)
typedef __m128d mag_acc;
static inline mag_acc mag_start(double s) { return _mm_set_sd(fabs(s)); }
static inline mag_acc mag_add(mag_acc acc, const vec3 *v) {
  const __m128d abs_mask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL));
  __m128d xy = _mm_and_pd(_mm_loadu_pd(&v->x), abs_mask);
  __m128d z = _mm_and_pd(_mm_load_sd(&v->z), abs_mask);
  return _mm_add_pd(acc, _mm_add_pd(xy, z));
}
static inline mag_acc mag_num(mag_acc acc, double s) {
  return _mm_add_sd(acc, _mm_set_sd(fabs(s)));
}
static inline double mag_total(mag_acc acc) {
  return _mm_cvtsd_f64(_mm_add_sd(acc, _mm_unpackhi_pd(acc, acc)));
}
/* Two vectors at once: their x and y as two unaligned loads, their z
   paired into one register (fewer instructions than two mag_add). */
static inline mag_acc mag_add2(mag_acc acc, const vec3 *p, const vec3 *q) {
  const __m128d abs_mask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL));
  __m128d xy = _mm_add_pd(_mm_and_pd(_mm_loadu_pd(&p->x), abs_mask),
                          _mm_and_pd(_mm_loadu_pd(&q->x), abs_mask));
  __m128d zz = _mm_and_pd(_mm_loadh_pd(_mm_load_sd(&p->z), &q->z), abs_mask);
  return _mm_add_pd(acc, _mm_add_pd(xy, zz));
}
/* Two numbers at once, and whether either has its sign bit set (a
   negative radius, or -0, which then takes the careful path). */
static inline mag_acc mag_nums2(double s, double t, int *signs) {
  const __m128d abs_mask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL));
  __m128d st = _mm_set_pd(t, s);
  *signs = _mm_movemask_pd(st);
  return _mm_and_pd(st, abs_mask);
}
#else
typedef double mag_acc;
static inline mag_acc mag_start(double s) { return fabs(s); }
static inline mag_acc mag_add(mag_acc acc, const vec3 *v) { return acc + mag3(v); }
static inline mag_acc mag_num(mag_acc acc, double s) { return acc + fabs(s); }
static inline double mag_total(mag_acc acc) { return acc; }
static inline mag_acc mag_add2(mag_acc acc, const vec3 *p, const vec3 *q) {
  return acc + mag3(p) + mag3(q);
}
static inline mag_acc mag_nums2(double s, double t, int *signs) {
  *signs = !(s >= 0) || !(t >= 0) || (s == 0 && 1 / s < 0) ||
           (t == 0 && 1 / t < 0);
  return fabs(s) + fabs(t);
}
#endif
/* A kernel's body inlined into its fast entry point, and the rare path
   (the per-argument checks) kept out of it. */
#if defined(__GNUC__)
#define COLLIDE_HOT static inline __attribute__((always_inline))
#define COLLIDE_COLD static __attribute__((noinline, cold))
#else
#define COLLIDE_HOT static inline
#define COLLIDE_COLD static
#endif

/* The square root of a number known not to be negative (NaN aside):
   sqrtsd itself, the correctly rounded root, the same bits as sqrt().
   sqrt() from <math.h> keeps a call to the library on its path for a
   negative argument (errno), which makes a leaf kernel save registers
   and set up a frame around every call. */
static inline double sqrt_nn(double x) {
#if defined(__SSE2__)
  return _mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(x)));
#else
  return sqrt(x);
#endif
}
/* ---- end of fused argument checks ------------------------------------ */

/* Early-return checks used at the top of every entry point. */
#define CHECK_NUM(x, arg) do { if (!num_ok(x)) { \
    int e_ = collide_check_number(x); \
    if (e_) return COLLIDE_FAIL(arg, e_); } } while (0)
#define CHECK_VEC(v, arg) do { if (!vec_ok(v)) { \
    int e_ = collide_check_vec3(v); \
    if (e_) return COLLIDE_FAIL(arg, e_); } } while (0)
#define CHECK_RADIUS(r, arg) do { CHECK_NUM(r, arg); \
    if ((r) < 0) return COLLIDE_FAIL(arg, COLLIDE_E_NEG_RADIUS); } while (0)
#define CHECK_EXTENTS(e, arg) do { CHECK_VEC(e, arg); \
    if ((e)->x < 0 || (e)->y < 0 || (e)->z < 0) \
      return COLLIDE_FAIL(arg, COLLIDE_E_NEG_EXTENT); } while (0)

/* r padded by 1e-9 of the scale: the distance beyond which the quick
   rejections (meets_box below; collide_sphere.c's boundary_apart and
   edges_clear) call a shape certainly out of reach, rounding included. */
static inline double reach_pad(double r, double scale) {
  return r + 1e-9 * (r + scale);
}

/* The quick rejection: every piece of a Minkowski sum lies in the shape's
   bounding box grown by r, so a centre that never enters that box touches
   nothing, and the cylinders and balls need not be solved. The box is
   grown by 1e-9 of the scale more, so that rounding never rejects a
   contact.

   Tested without a division by the separating axes of a segment and a box
   (Ericson 5.3.3, TestSegmentAABB): the three box axes and the three
   cross products of the segment with them, on the segment's midpoint m
   and half-vector h relative to the box's centre. Every quantity is
   rounded by a few epsilon of the scale (times |h| for the cross axes),
   which the pad, 1e-9 of the scale, covers many times over: a contact is
   never rejected, and the only cost of rounding is a rare pass to the
   exact pieces (collide_sphere.c's sphere kernels, collide_capsule.c's
   slanted capsule-box). The scale is the caller's: any bound of the magnitudes of
   c0, c0 + d, lo and hi (the sum of magnitudes of the arguments, which the
   checks form anyway, serves). */
/* The tests on the segment's midpoint mid and half-vector h relative to
   the box's centre, e the box's half-size with the pad added. */
static inline int meets_box_at(vec3 mid, vec3 h, vec3 e) {
  vec3 ah = v3(fabs(h.x), fabs(h.y), fabs(h.z));
  if ((fabs(mid.x) > e.x + ah.x) || (fabs(mid.y) > e.y + ah.y) ||
      (fabs(mid.z) > e.z + ah.z))
    return 0;
  return !((fabs(mid.y * h.z - mid.z * h.y) > e.y * ah.z + e.z * ah.y) ||
           (fabs(mid.z * h.x - mid.x * h.z) > e.x * ah.z + e.z * ah.x) ||
           (fabs(mid.x * h.y - mid.y * h.x) > e.x * ah.y + e.y * ah.x));
}
static inline int meets_box(vec3 c0, vec3 d, vec3 lo, vec3 hi, double r,
                            double scale) {
  double pad = reach_pad(r, scale);
  vec3 h = v_scale(d, 0.5);
  return meets_box_at(v_sub(v_add(c0, h), v_scale(v_add(lo, hi), 0.5)), h,
                      v_add(v_scale(v_sub(hi, lo), 0.5), v3(pad, pad, pad)));
}

/* Shared between the core's files, hidden from the shared object. */
#if defined(__GNUC__) && !defined(_WIN32)
#define COLLIDE_PRIVATE __attribute__((visibility("hidden")))
#else
#define COLLIDE_PRIVATE
#endif

/* fma(a, b, c): a b + c rounded once, which the exact predicates need
   (collide_capsule.c's difference of products, collide_outline.c's exact
   products). The C library's where it is correctly rounded; on Windows
   collide__fma_soft (collide_prims.c), since mingw-w64's fma is not
   (tests/c/test_fma.c finds it wrong; msvcrt's was not either). */
COLLIDE_PRIVATE double collide__fma_soft(double a, double b, double c);
#if defined(_WIN32)
#define COLLIDE_FMA_SOFT 1
#define collide_fma collide__fma_soft
#else
#define COLLIDE_FMA_SOFT 0
#define collide_fma fma
#endif

/* x less the whole turns nearest it: x - 2 pi n in [-pi, pi], to
   rounding, for finite |x| up to 2^244, computed without the C library's
   sin, cos or remainder (collide_prims.c: the bits of 1/(2 pi) times x's
   integer mantissa; Payne and Hanek's reduction). */
COLLIDE_PRIVATE double collide__angle_reduce(double x);

/* 2 pi = COLLIDE_TWO_PI_HI + COLLIDE_TWO_PI_LO: the double nearest 2 pi
   and the rest (2.449e-16, itself to 6e-33; from 2 pi's digits) */
#define COLLIDE_TWO_PI_HI 0x1.921fb54442d18p+2
#define COLLIDE_TWO_PI_LO 0x1.1a62633145c07p-52

/* *c = cos(a), *s = sin(a) of a rotation's angle: beyond 2^30 of a
   collide__angle_reduce first (the same below, bit for bit), so that a
   huge angle is the same rotation on every C library. */
COLLIDE_PRIVATE void collide__angle_cos_sin(double a, double *c, double *s);

/* Validates a plane passed to a query (finite, unit normal). */
COLLIDE_PRIVATE int collide__check_plane(const collide_plane *p);
#define CHECK_PLANE(p, arg) do { int e_ = collide__check_plane(p); \
    if (e_) return COLLIDE_FAIL(arg, e_); } while (0)

/* Zeroes a hit (the "no contact" output). */
static inline void hit_clear(collide_hit *h) {
  h->u = 0; h->point = v3(0, 0, 0); h->normal = v3(0, 0, 0);
  h->feature = COLLIDE_FEATURE_NONE;
}

/* A triangle whose height is below 1e-12 of its longest edge is degenerate
   (triangle_cross below; the polygons' tolerances are in collide_polygon.c). */
#define DEGENERATE_AREA 1e-12

/* Kept out of line (the rare paths), or kept a call. */
#if defined(__GNUC__)
#define COLLIDE_COLD_FN __attribute__((noinline, cold))
#define COLLIDE_NOINLINE_FN __attribute__((noinline))
#else
#define COLLIDE_COLD_FN
#define COLLIDE_NOINLINE_FN
#endif

/* A static function of a header that several files include, with the
   compiler's inlining choice of a plain static one (the inline keyword
   makes it inline more, which grew the capsule's fast paths and slowed
   them), and no warning in a file that leaves it unused. */
#if defined(__GNUC__)
#define COLLIDE_SHARED static __attribute__((unused))
#else
#define COLLIDE_SHARED static
#endif

/* ---- small vector helpers ------------------------------------------------ */

COLLIDE_SHARED double v_get(vec3 v, int i) { return i == 0 ? v.x : (i == 1 ? v.y : v.z); }

COLLIDE_SHARED vec3 v_with(vec3 v, int i, double s) {
  if (i == 0) v.x = s; else if (i == 1) v.y = s; else v.z = s;
  return v;
}

COLLIDE_SHARED vec3 v_axis(int i, double s) { return v_with(v3(0, 0, 0), i, s); }

COLLIDE_SHARED double v_maxabs(vec3 v) {
  return dmax(fabs(v.x), dmax(fabs(v.y), fabs(v.z)));
}

COLLIDE_SHARED int v_zero(vec3 v) { return v.x == 0 && v.y == 0 && v.z == 0; }

COLLIDE_SHARED int v_same(vec3 a, vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

/* -v, with no -0 components (so that (-1, 0, 0) prints as such) */
COLLIDE_SHARED vec3 v_flip(vec3 v) { return v3(-v.x + 0.0, -v.y + 0.0, -v.z + 0.0); }

/* Componentwise minimum and maximum of validated (finite) vectors: inline
   comparisons, where fmin/fmax are library calls that handle NaN. */
COLLIDE_SHARED vec3 v_min(vec3 a, vec3 b) {
  return v3(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z);
}
COLLIDE_SHARED vec3 v_max(vec3 a, vec3 b) {
  return v3(a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y, a.z > b.z ? a.z : b.z);
}

COLLIDE_SHARED double sign_or(double x, double fallback) {
  return x > 0 ? 1 : (x < 0 ? -1 : fallback);
}

/* A unit vector perpendicular to a nonzero e, in the z = 0 plane when e
   has an x or y part (so 2D callers get 2D answers). */
COLLIDE_SHARED vec3 any_perpendicular(vec3 e) {
  if (e.x != 0 || e.y != 0) return v_normalize(v3(-e.y, e.x, 0));
  return v3(1, 0, 0);
}

/* a / |a| from a and |a|^2 (already at hand): unit to rounding unless the
   squares underflowed (v_normalize divides by the largest component
   first). Divided, not multiplied by 1 / |a|, so that an axis-aligned a
   gives exactly +-1 (x / |x|), as v_normalize does. */
static inline vec3 unit_len(vec3 a, double l) {
  return l > 1e-140 ? v3(a.x / l, a.y / l, a.z / l) : v_normalize(a);
}
static inline vec3 unit_len2(vec3 a, double len2) {
  return unit_len(a, sqrt(len2));
}

/* ---- exact predicates ------------------------------------------------------ */

/* a b - c d to within about one rounding of the result, however much the two
   products cancel (Kahan's difference of products with a fused multiply-
   add: w = c d rounded, c d - w is exactly fma(-c, d, w), and a b - w is
   rounded once by the second fma; Higham, "Accuracy and Stability of
   Numerical Algorithms", 2nd ed., problem 2.26; Jeannerod, Louvet and
   Muller, Math. Comp. 82 (2013) for the bound 2 ulp). */
COLLIDE_SHARED double diff_prod(double a, double b, double c, double d) {
  double w = c * d;
  return collide_fma(a, b, -w) + collide_fma(-c, d, w);
}

/* u x v with every component to within about an ulp of itself. The plain
   cross product of two nearly parallel vectors carries an absolute error of
   about epsilon |u| |v| in each component, so the direction of u x v (a
   parallelogram's normal) is off by about epsilon / sin of their angle;
   this one is off by a few epsilon whatever the angle, so u.(u x v) and
   v.(u x v) are rounding-small relative to |u| |v| sin too, and decisions
   on a sliver of a parallelogram need no tolerance on the angle. */
COLLIDE_SHARED COLLIDE_NOINLINE_FN vec3 cross_exact(vec3 u, vec3 v) {
  /* the plain one when it is at least half of |u| |v| (a sine of 1/2 or
     more: its direction error is then below a few epsilon already), which
     spares the fused multiply-adds in most cases; compared by squares */
  vec3 c = v_cross(u, v);
  if (4 * v_len2(c) >= v_len2(u) * v_len2(v)) return c;
  return v3(diff_prod(u.y, v.z, u.z, v.y), diff_prod(u.z, v.x, u.x, v.z),
            diff_prod(u.x, v.y, u.y, v.x));
}

/* (collide_prims.c) The reverse of the motion d's part across the line
   of direction L, unit, exact to a few epsilon however nearly d lies
   along L (-d when it does to rounding); d and L nonzero. */
COLLIDE_PRIVATE vec3 collide__away_across(vec3 d, vec3 L);

/* ---- time intervals -------------------------------------------------------- */

/* The set of times in [0, 1] during which the centre is inside a convex
   piece; empty when lo > hi. */
typedef struct { double lo, hi; } time_span;

COLLIDE_SHARED int span_ok(const time_span *s) { return s->lo <= s->hi; }

COLLIDE_SHARED void span_kill(time_span *s) { s->lo = 1; s->hi = 0; }

/* Keeps the times where a + b t <= 0 (one linear constraint, Cyrus-Beck). */
COLLIDE_SHARED void clip_linear(time_span *s, double a, double b) {
  if (b > 0) {
    double t = -a / b;
    if (t < s->hi) s->hi = t;
  } else if (b < 0) {
    double t = -a / b;
    if (t > s->lo) s->lo = t;
  } else if (a > 0) {
    span_kill(s);   /* parallel to the constraint and outside it */
  }
}

/* The times at which x(t) = p + v t is at or below X (*below) and at or
   above X (*above), on the whole line of time: each is clip_linear's
   interval for its constraint, with its very number -(p - X) / v (which
   is also -(X - p) / (-v) to the bit), so the pieces of the rounded box
   that share the plane x = X are clipped by one division, and meet
   without a gap as before. With v = 0, all time or none, as clip_linear
   decides (p - X > 0, resp. X - p > 0, is outside). */
static inline void plane_sides(double p, double v, double X, time_span *below,
                               time_span *above) {
  if (v != 0) {
    double t = -(p - X) / v;
    below->lo = v > 0 ? -INFINITY : t;
    below->hi = v > 0 ? t : INFINITY;
    above->lo = v > 0 ? t : -INFINITY;
    above->hi = v > 0 ? INFINITY : t;
  } else {
    below->lo = p - X > 0 ? INFINITY : -INFINITY;
    below->hi = -below->lo;
    above->lo = X - p > 0 ? INFINITY : -INFINITY;
    above->hi = -above->lo;
  }
}

/* The times at which x(t) = p + v t is at or below M (*below) and at or
   above -M (*above): plane_sides' two sides of the plane x = 0, each
   moved outward by M >= 0, so that they overlap on the band |x| <= M
   (the padded Voronoi regions of sweep_flat_scaled). iv = 1 / v, which
   the caller shares between the two planes of an edge: the times
   -(p - M) iv and -(p + M) iv are within two roundings of plane_sides'
   -(p - M) / v, which the band's margin covers (see sweep_flat_scaled):
   one division gives the four times of an edge's two planes. A v so small
   that 1 / v overflows takes plane_sides' divisions (v = 0: any iv). */
static inline void plane_band(double p, double v, double iv, double M,
                              time_span *below, time_span *above) {
  if (v != 0 && fabs(iv) <= DBL_MAX) {
    double tb = -(p - M) * iv, ta = -(p + M) * iv;
    below->lo = v > 0 ? -INFINITY : tb;
    below->hi = v > 0 ? tb : INFINITY;
    above->lo = v > 0 ? ta : -INFINITY;
    above->hi = v > 0 ? INFINITY : ta;
  } else {
    time_span unused;
    plane_sides(p, v, M, below, &unused);
    plane_sides(p, v, -M, &unused, above);
  }
}

/* a's bounds are kept on ties, as clip_linear keeps the span's: [0, 1]
   stays +0 against a time of -0. */
static inline time_span span_and(time_span a, time_span b) {
  time_span s;
  s.lo = b.lo > a.lo ? b.lo : a.lo;
  s.hi = b.hi < a.hi ? b.hi : a.hi;
  return s;
}

/* Keeps the times where |w + z t| <= r.
   Expanding gives A t^2 + 2 B t + C <= 0 with A = z.z, B = w.z,
   C = w.w - r^2. The discriminant B^2 - A C is formed as A (r^2 - |w_p|^2),
   w_p = w - (B / A) z being w's part perpendicular to z: no cancellation of
   two large squares when the centre is far away (Haines et al., "Precision
   improvements for ray/sphere intersection", Ray Tracing Gems ch. 7). The
   roots are q / A and C / q with q = -(B + sign(B) sqrt(disc)), which never
   subtracts nearly equal numbers (RTR 3rd ed. eq. 16.65 style). */
COLLIDE_HOT void clip_ball_body(time_span *s, vec3 w, vec3 z, double r) {
  double A = v_dot(z, z), B = v_dot(w, z), C = v_dot(w, w) - r * r;
  double h, q, t1, t2;
  if (A == 0) {               /* no motion across the piece: static test */
    clip_linear(s, C, 2 * B);
    return;
  }
  if (C > 0 && B >= 0) {      /* outside and not approaching: both roots */
    span_kill(s);             /* are <= 0 (below, q < 0), s is in [0, 1] */
    return;
  }
  {
    vec3 wp = v_madd(w, z, -B / A);
    h = r * r - v_dot(wp, wp);
  }
  if (h < 0) {
    if (C > 0) { span_kill(s); return; }
    h = 0;                    /* inside at t = 0: rounding only */
  }
  q = -(B + copysign(sqrt(A) * sqrt(h), B));
  if (q == 0) {
    t1 = t2 = 0;              /* B = 0 and a double root: C = 0 too */
  } else {
    t1 = q / A;
    t2 = C / q;
    if (t1 > t2) { double t = t1; t1 = t2; t2 = t; }
  }
  if (C <= 0) {               /* inside at t = 0, whatever the rounding */
    if (t1 > 0) t1 = 0;
    if (t2 < 0) t2 = 0;
  }
  if (t1 > s->lo) s->lo = t1;
  if (t2 < s->hi) s->hi = t2;
}
COLLIDE_SHARED void clip_ball(time_span *s, vec3 w, vec3 z, double r) {
  clip_ball_body(s, w, z, r);
}

/* First time in s (a part of [0, 1]) the centre c0 + d t is within r of p,
   or 2.

   Each piece of a Minkowski sum only matters in the Voronoi region of its
   feature (the points whose nearest point of the shape is on it): a point
   of an edge's cylinder outside the edge's region is nearer to another
   feature, hence inside that feature's piece. So the callers first clip s
   to the feature's region -- a few linear constraints on the same planes
   that bound the neighbouring pieces (for the face pieces, with the very
   same numbers, so no time falls between a face and an edge) -- and most
   pieces are dismissed before any quadratic is solved. */
COLLIDE_SHARED double first_in_ball(time_span s, vec3 c0, vec3 d, vec3 p, double r) {
  if (!span_ok(&s)) return 2;
  clip_ball(&s, v_sub(c0, p), d, r);
  return span_ok(&s) ? s.lo : 2;
}

/* First time in s the centre is within r of the line through a and b, or
   2. The caller has already clipped s to the times the centre's projection
   falls between a and b (plane_sides, or the box's own slabs), with the
   very numbers it uses for the regions of the balls at a and b (or, in
   sweep_flat_scaled, on bands that overlap them; see there): computed
   any other way (here, from the unit axis and |b - a|) the cylinder's
   region and a ball's would leave a gap of rounding between them, and a
   centre moving on that boundary -- a ball rolling on the floor z = 0
   into the foot of a post standing on it -- would meet neither piece.
   The distance to the line is |ax x (x - a)| with ax the unit axis; the
   cross products keep the magnitudes of the inputs (no fourth powers).
   When the motion lies in a plane through the axis (a circle sliding into
   a wall in 2D) the perpendicular distance still changes linearly and the
   same quadratic holds. */
/* (the part after the unit axis ax, for a caller that has it already) */
COLLIDE_SHARED double first_in_cylinder_ax(time_span s, vec3 c0, vec3 d, vec3 a, vec3 ax, double r) {
  vec3 m = v_sub(c0, a);
  clip_ball(&s, v_cross(ax, m), v_cross(ax, d), r);
  return span_ok(&s) ? s.lo : 2;
}
COLLIDE_SHARED COLLIDE_NOINLINE_FN double first_in_cylinder(time_span s, vec3 c0, vec3 d, vec3 a, vec3 b, double r) {
  vec3 e;
  if (!span_ok(&s)) return 2;   /* outside the edge's region throughout */
  e = v_sub(b, a);
  if (v_len2(e) == 0) return 2; /* a point: the balls cover it */
  return first_in_cylinder_ax(s, c0, d, a, unit_len2(e, v_len2(e)), r);
}


/* ---- triangles and polygons ---------------------------------------------- */

/* 1 when the triangle abc is not degenerate, else 0: degenerate is
   |(b-a) x (c-a)| <= DEGENERATE_AREA * (longest edge)^2, i.e. its height
   below 1e-12 of its longest edge (collinear or repeated points, relative
   to its size). The unnormalized normal cr = (b-a) x (c-a) goes to *cr
   and its squared length to *l2; the unit normal is then
   unit_len2(cr, l2). The comparison l > x, l = sqrt(l2), is
   decided from the squares when they are clearly apart (a factor 1.0001
   is far beyond the rounding of sqrt and of x^2, and x above 1e-150 keeps
   x^2 a normal number), so the common case needs no square root; the
   answer is that of l > x on every input. */
static inline int triangle_cross(vec3 a, vec3 b, vec3 c, vec3 *cr, double *l2) {
  vec3 ab = v_sub(b, a), ac = v_sub(c, a), bc = v_sub(c, b);
  double e2 = v_len2(ab), x;
  *cr = v_cross(ab, ac);
  *l2 = v_len2(*cr);
  if (v_len2(ac) > e2) e2 = v_len2(ac);
  if (v_len2(bc) > e2) e2 = v_len2(bc);
  x = DEGENERATE_AREA * e2;
  if (x > 1e-150) {
    if (*l2 > 1.0001 * (x * x)) return 1;
    if (*l2 < 0.9999 * (x * x)) return 0;
  }
  return sqrt(*l2) > x;
}

/* 1 and the unit normal of a non-degenerate triangle, else 0
   (collide__triangle_normal: the same, out of line, for the world). */
COLLIDE_PRIVATE int collide__triangle_normal(const vec3 v[3], vec3 *n);
static inline int triangle_normal(const vec3 v[3], vec3 *n) {
  vec3 cr;
  double l2;
  if (!triangle_cross(v[0], v[1], v[2], &cr, &l2)) return 0;
  *n = unit_len2(cr, l2);
  return 1;
}

/* A polygon handed to a query: it should come from collide_polygon_init;
   only what could crash is checked again (C callers through the FFI). */
COLLIDE_SHARED int check_polygon(const collide_polygon *poly, int arg) {
  if (poly == NULL || poly->vertices == NULL || poly->count < 3)
    return COLLIDE_FAIL(arg, COLLIDE_E_FEW_VERTICES);
  CHECK_PLANE(&poly->plane, arg);
  return 0;
}

/* The point of the polygon's plane nearest its first vertex. */
COLLIDE_SHARED vec3 polygon_origin(const collide_polygon *poly) {
  const collide_plane *pl = &poly->plane;
  return v_madd(poly->vertices[0], pl->normal,
                -(v_dot(pl->normal, poly->vertices[0]) + pl->d));
}

/* The first time in [0, 1] the centre c0 + d t is within r of the segment
   a-b while its projection falls between a and b (the segment's cylinder,
   without its end balls), or 2. */
static inline double first_in_cylinder_between(double r, vec3 c0, vec3 d,
                                               vec3 a, vec3 b) {
  /* the region between the planes through a and b, as the segment sweep
     bounds its cylinder */
  time_span all = { 0, 1 }, behind_a, past_a, before_b, beyond_b;
  vec3 ab = v_sub(b, a);
  double dab = v_dot(d, ab);
  plane_sides(v_dot(v_sub(c0, a), ab), dab, 0, &behind_a, &past_a);
  plane_sides(v_dot(v_sub(c0, b), ab), dab, 0, &before_b, &beyond_b);
  all = span_and(span_and(all, past_a), before_b);
  return first_in_cylinder(all, c0, d, a, b, r);
}

/* ---- exact orientation predicates (collide_predicates.c) ---------------- */
/* The sign (-1, 0, 1) of (b - a) x (c - a), exactly: 1 when a, b, c turn
   counter-clockwise. */
COLLIDE_PRIVATE int collide__orient2d(double ax, double ay, double bx,
                                      double by, double cx, double cy);
/* The sign (-1, 0, 1) of (b - a) x (c - a) . (d - a), exactly: 1 when d
   lies on the side of the plane a, b, c that the normal (b - a) x (c - a)
   points to. */
COLLIDE_PRIVATE int collide__orient3d(const vec3 *a, const vec3 *b,
                                      const vec3 *c, const vec3 *d);
/* The value of (b - a) x (c - a) (2D), from its exact expansion: within
   an ulp or two of the exact value however much the products cancel (a
   sliver's normal), as long as no product underflows. */
COLLIDE_PRIVATE double collide__cross2d(double ax, double ay, double bx,
                                        double by, double cx, double cy);


#endif
