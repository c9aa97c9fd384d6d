/*
 * collide_internal.h -- private helpers shared by the core's .c files:
 * small inline vector math and the argument checks. Not installed, not
 * part of the API.
 */
#ifndef COLLIDE_INTERNAL_H
#define COLLIDE_INTERNAL_H

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
   rejections (meets_box below; collide_shapes.c's boundary_apart and
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
   exact pieces (collide_shapes.c's sphere kernels, collide_capsule.c's
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
   collide__fma_soft (collide_basic.c), since mingw-w64's fma is not
   (tests/c/test_fma.c finds it wrong; msvcrt's was not either). */
COLLIDE_PRIVATE double collide__fma_soft(double a, double b, double c);
#if defined(_WIN32)
#define COLLIDE_FMA_SOFT 1
#define collide_fma collide__fma_soft
#else
#define COLLIDE_FMA_SOFT 0
#define collide_fma fma
#endif

/* Validates a plane passed to a query (finite, unit normal). */
COLLIDE_PRIVATE int collide__check_plane(const collide_plane *p);
#define CHECK_PLANE(p, arg) do { int e_ = collide__check_plane(p); \
    if (e_) return COLLIDE_FAIL(arg, e_); } while (0)

/* collide_shapes.c, for the world's rays: 1 when the segment certainly
   misses the (valid, non-degenerate) triangle, so that
   collide_raycast_triangle would return 0; 0 when in doubt. */
COLLIDE_PRIVATE int collide__ray_triangle_misses(const vec3 *p0, const vec3 *p1,
                                                 const vec3 *a, const vec3 *b,
                                                 const vec3 *c);

/* Zeroes a hit (the "no contact" output). */
static inline void hit_clear(collide_hit *h) {
  h->u = 0; h->point = v3(0, 0, 0); h->normal = v3(0, 0, 0);
  h->feature = COLLIDE_FEATURE_NONE;
}

/* ---- the filtered ray-triangle predicate -----------------------------------
   collide_raycast_triangle's decision (collide_shapes.c, "The filtered
   predicate of a ray cast against a triangle": the derivation, its bounds
   and its sources), here once for the two callers that compute its numbers
   differently: collide_raycast_triangle from the five points (mt_get, SSE2
   pairs), and the world's static triangles from edges made at build
   (collide_query.c). Every decision is proven against the exact answer
   with margins some 10^5 times the numbers' rounding, so a sum S of the
   magnitudes added in another order decides the same; what is not clear
   goes to the careful path, and the clear face hit is computed from the
   points by collide__raycast_triangle_face: the answer is the same bits
   whoever computed the numbers. */
#define DEGENERATE_AREA 1e-12
typedef struct {
  double S;          /* the sum of every magnitude of p0, p1, a, b, c */
  double e11, e22;   /* |e1|^2, |e2|^2; e1 = b - a, e2 = c - a */
  double det, nu, nv, h0;   /* e1.P, s.P, d.Q, e2.Q; P = d x e2, Q = s x e1 */
  int outside;       /* nu or nv outside [min(0, det), max(0, det)] by the margin */
} mt_numbers;

#if defined(__GNUC__)
#define COLLIDE_COLD_FN __attribute__((noinline, cold))
#define COLLIDE_NOINLINE_FN __attribute__((noinline))
#else
#define COLLIDE_COLD_FN
#define COLLIDE_NOINLINE_FN
#endif
/* (collide_shapes.c) the arguments checked one by one, then the careful
   path; the careful path (ray_flat, and the degenerate-triangle error);
   the clear face hit */
int collide__raycast_triangle_slow(const collide_vec3 *p0, const collide_vec3 *p1,
                                   const collide_vec3 *a, const collide_vec3 *b,
                                   const collide_vec3 *c, collide_hit *out);
int collide__raycast_triangle_careful(const collide_vec3 *p0, const collide_vec3 *p1,
                                      const collide_vec3 *a, const collide_vec3 *b,
                                      const collide_vec3 *c, collide_hit *out);
int collide__raycast_triangle_face(const collide_vec3 *p0, const collide_vec3 *p1,
                                   const collide_vec3 *a, const collide_vec3 *e1,
                                   const collide_vec3 *e2, const collide_vec3 *b,
                                   const collide_vec3 *c, collide_hit *out);

static inline double mt_min(double a, double b) { return a < b ? a : b; }
static inline double mt_max(double a, double b) { return a > b ? a : b; }

/* The numbers from d = p1 - p0, s = p0 - a, the edges and their squared
   lengths, and S: the scalar formulas (mt_get's lanes do the same
   operations in the same order). Returns 0 when nu alone already shows
   the commonest clear miss (k->outside's first half, decided as
   mt_decide would decide it: S within the input limit, no edge below
   1e-30), the other numbers then left unset; else 1 with all of them. */
static inline int mt_from_edges(vec3 d, vec3 s, vec3 e1, vec3 e2, double S,
                                double e11, double e22, mt_numbers *k) {
  vec3 P = v_cross(d, e2), Q;
  double lo, hi, m, q, r;
  k->S = S;
  k->e11 = e11;
  k->e22 = e22;
  k->det = v_dot(e1, P);
  k->nu = v_dot(s, P);
  lo = mt_min(k->det, 0);
  hi = mt_max(k->det, 0);
  m = (16e-18 * 12) * (S * S) * (S * S);
  q = mt_max(mt_max(lo - k->nu, k->nu - hi), 0);
  if (q * q > m * e22 && S <= COLLIDE_MAX_COORD && mt_min(e11, e22) > 1e-60 &&
      fabs(k->det) > (2.02 * DEGENERATE_AREA) * (e11 + e22) * S)
    return 0;
  Q = v_cross(s, e1);
  k->nv = v_dot(d, Q);
  k->h0 = v_dot(e2, Q);
  r = mt_max(mt_max(lo - k->nv, k->nv - hi), 0);
  k->outside = (q * q > m * k->e22) || (r * r > m * k->e11);
  return 1;
}

/* The decision on the numbers: 0 (a clear miss, *out zeroed), the clear
   face hit, or the careful path (or the one-by-one checks when S is over
   the input limit), for the segment p0-p1 and the triangle pa, pb, pc;
   e1 = b - a and e2 = c - a when the caller keeps them (else NULL): a
   clear face hit then reads neither pb nor pc. */
static inline int mt_decide(const mt_numbers *kp, const collide_vec3 *p0,
                            const collide_vec3 *p1, const collide_vec3 *pa,
                            const collide_vec3 *pb, const collide_vec3 *pc,
                            const collide_vec3 *e1, const collide_vec3 *e2,
                            collide_hit *out) {
  const mt_numbers k = *kp;
  double e11, e22, m, q, lo, hi, det, nu, nv, w, h0, h1, S, SS;
  S = k.S;
  if (!(S <= COLLIDE_MAX_COORD))       /* one pass, else one by one */
    return collide__raycast_triangle_slow(p0, p1, pa, pb, pc, out);
  e11 = k.e11;
  e22 = k.e22;
  det = k.det;
  /* edges shorter than 1e-30: the margins below could underflow */
  if (!((e11 < e22 ? e11 : e22) > 1e-60))
    return collide__raycast_triangle_careful(p0, p1, pa, pb, pc, out);
  /* not degenerate: det clearly nonzero proves it (see above); else
     triangle_cross's test made here when clearly passed; else the
     careful path decides, with triangle_cross itself */
  if (!(fabs(det) > (2.02 * DEGENERATE_AREA) * (e11 + e22) * S)) {
    vec3 cr = v_cross(v_sub(*pb, *pa), v_sub(*pc, *pa));
    m = DEGENERATE_AREA * 2.01 * (e11 + e22);
    if (!((m > 1e-150) && (v_len2(cr) > 1.0001 * (m * m))))
      return collide__raycast_triangle_careful(p0, p1, pa, pb, pc, out);
  }
  /* Moller and Trumbore's order, the commonest miss first: the line
     clearly outside the edge a-c (nu outside [0, det] by the margin
     m e22, m = k^2 12 S^2) */
  if (k.outside) {       /* nu or nv: see mt_get */
    hit_clear(out);
    return 0;
  }
  /* clearly outside the edge b-c (w) */
  nu = k.nu;
  nv = k.nv;
  SS = S * S;
  m = (16e-18 * 12) * SS * SS;
  lo = mt_min(det, 0);
  hi = mt_max(det, 0);
  w = det - nu - nv;
  q = mt_max(mt_max(lo - w, w - hi), 0);
  if (q * q > m * 2 * (e11 + e22)) {
    hit_clear(out);
    return 0;
  }
  /* both ends clearly on one side of the plane: h0 = s.(e1 x e2), and
     d.(e1 x e2) = -det, so h1 = h0 - det at p1 (margin k^2 e11 e22) */
  h0 = k.h0;
  h1 = h0 - det;
  m = 16e-18 * SS * e11 * e22;
  if ((h0 * h0 > m) && (h1 * h1 > m)) {
    double dd, sg;
    if (h0 * h1 > 0) {
      hit_clear(out);
      return 0;
    }
    /* the clear face hit: both ends clearly on opposite sides, the
       segment steep (which makes the sign of det certain too), inside
       every edge by K = 1e-6 S */
    dd = v_len2(v_sub(*p1, *p0));
    m = (1e-6 * S) * (1e-6 * S) * dd;
    sg = det < 0 ? -1 : 1;
    if ((m * (e11 < e22 ? e11 : e22) > 1e-280) &&
        (det * det > 1.01e-4 * dd * e11 * e22) &&
        (sg * nu > 0) && (sg * nv > 0) && (sg * w > 0) &&
        (nu * nu > m * e22) && (nv * nv > m * e11) &&
        (w * w > m * 2 * (e11 + e22)))
      return collide__raycast_triangle_face(p0, p1, pa, e1, e2, pb, pc, out);
  }
  return collide__raycast_triangle_careful(p0, p1, pa, pb, pc, out);
}

/* ---- the sphere kernels of collide_shapes.c, unchecked, for the capsule
   sweeps of collide_capsule.c (which pass derived points that may exceed
   the input limit; see each function in collide_shapes.c) ---- */
COLLIDE_PRIVATE int collide__sweep_segment(double r, const collide_vec3 *c0,
                                           const collide_vec3 *c1,
                                           const collide_vec3 *a,
                                           const collide_vec3 *b,
                                           collide_hit *out);
COLLIDE_PRIVATE int collide__sweep_aabb(double r, const collide_vec3 *c0,
                                        const collide_vec3 *c1,
                                        const collide_vec3 *center,
                                        const collide_vec3 *extents,
                                        collide_hit *out);
/* sweep_flat: a sphere against the convex polygon v[0..count-1] with unit
   normal n (following the winding) through origin. */
COLLIDE_PRIVATE int collide__sweep_flat(double r, vec3 c0, vec3 c1,
                                        const vec3 *v, int count, vec3 n,
                                        vec3 origin, collide_hit *out);
/* ray_flat: the segment p0-p1 against that polygon -- the ray casts'
   (and the zero-radius sphere sweeps') rule, which collide__sweep_flat
   with r = 0 does not follow (the 2D rule in the plane, the face normal
   toward p0 for an end clearly off it). */
COLLIDE_PRIVATE int collide__ray_flat(vec3 p0, vec3 p1, const vec3 *v,
                                      int count, vec3 n, vec3 origin,
                                      collide_hit *out);
/* 1 and the unit normal of a non-degenerate triangle, else 0. */
COLLIDE_PRIVATE int collide__triangle_normal(const vec3 v[3], vec3 *n);
/* collide_sweep_sphere_triangle for a valid triangle whose normal n
   collide__triangle_normal gave: the same answer to the bit. */
COLLIDE_PRIVATE int collide__sweep_sphere_triangle_n(
    double r, const vec3 *c0, const vec3 *c1, const vec3 *a, const vec3 *b,
    const vec3 *c, const vec3 *n, collide_hit *out);
/* 0 or a rejection of a polygon handed to a query as Lua argument arg. */
COLLIDE_PRIVATE int collide__check_polygon(const collide_polygon *poly, int arg);
/* The point of the polygon's plane nearest its first vertex. */
COLLIDE_PRIVATE vec3 collide__polygon_origin(const collide_polygon *poly);
/* The first time in [0, 1] the centre c0 + d t is within r of the segment
   a-b while its projection falls between a and b (the segment's cylinder,
   without its end balls), or 2. */
COLLIDE_PRIVATE double collide__first_in_cylinder(double r, vec3 c0, vec3 d,
                                                  vec3 a, vec3 b);
/* (collide_capsule.c) The reverse of the motion d's part across the line
   of direction L, unit, exact to a few epsilon however nearly d lies
   along L (-d when it does to rounding); d and L nonzero. */
COLLIDE_PRIVATE vec3 collide__away_across(vec3 d, vec3 L);
/* The point of the polygon nearest c, and its COLLIDE_FEATURE_*. */
COLLIDE_PRIVATE vec3 collide__flat_closest(vec3 c, const vec3 *v, int count,
                                           vec3 n, vec3 origin, int *feature);

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

#endif
