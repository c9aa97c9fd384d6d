/*
 * collide_prims.c -- the out-of-line part of the primitives layer
 * (collide_prims.h): argument checks and their messages, planes, the
 * vector helpers of the API, and the exact direction across a line that
 * the zero-radius sweeps share.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "collide_prims.h"

/* ---- argument checks and messages ------------------------------------- */

static const char *const reason_messages[COLLIDE_E_LAST] = {
  "no error",
  "number is NaN",
  "number is infinite",
  "vec3 has a NaN component",
  "vec3 has an infinite component",
  "number too large (limit 1e+50)",
  "vec3 component too large (limit 1e+50)",
  "negative radius",
  "negative extent",
  "zero-length normal",
  "points are collinear",
  "polygon needs at least 3 vertices",
  "polygon has repeated vertices",
  "polygon vertices are collinear",
  "polygon is not planar",
  "polygon is not convex",
  "invalid plane",
  "degenerate triangle",
  "negative restitution",
  "max_iterations must be at least 1",
  "max_slope must be in [0, pi]",
  "not enough memory",
  "world is locked during a query",
  /* world, continued */
  "layer bits must be an integer in [0, 2^31)",
  "mask must be an integer in [0, 2^31)",
  "index out of range",
  /* mover options */
  "negative step_height",
  "negative snap",
  /* move_shape */
  "shape cannot move: only sphere, aabb, capsule and convex shapes can",
  /* limits */
  "more than 33554432 pairs",
  "polygon has more than 65536 vertices",
  /* mover options, continued */
  "negative max_push",
  "'oneway' needs options.up",
  /* helpers */
  "normal is not unit length (normalize it)",
  /* tile maps and outlines */
  "outline crosses itself",
  "tile size must be positive",
  /* convex shapes */
  "convex needs at least 3 points",
  "convex has more than 256 points",
  "points are all on one line",
  "rotation is not a unit quaternion",
  /* w:set_spin */
  "shape cannot spin: only convex shapes can",
  "spin too large (limit 2^22 radians a step)",
};

double collide_max_coord(void) { return COLLIDE_MAX_COORD; }

/* Decoded in unsigned arithmetic: these take any int, and -INT_MIN
   overflows. */
int collide_error_arg(int code) {
  return code < 0 ? (int)((0u - (unsigned)code) / 256u) : 0;
}

int collide_error_reason(int code) {
  return code < 0 ? (int)((0u - (unsigned)code) % 256u) : 0;
}

const char *collide_reason_message(int reason) {
  if (reason <= 0 || reason >= COLLIDE_E_LAST) return "invalid argument";
  return reason_messages[reason];
}

const char *collide_error_message(int code) {
  return collide_reason_message(collide_error_reason(code));
}

const char *collide_feature_name(int feature) {
  switch (feature) {
    case COLLIDE_FEATURE_FACE: return "face";
    case COLLIDE_FEATURE_EDGE: return "edge";
    case COLLIDE_FEATURE_VERTEX: return "vertex";
    default: return "none";
  }
}

int collide_check_number(double x) {
  if (isnan(x)) return COLLIDE_E_NAN;
  if (isinf(x)) return COLLIDE_E_INF;
  if (fabs(x) > COLLIDE_MAX_COORD) return COLLIDE_E_RANGE;
  return 0;
}

int collide_check_vec3(const collide_vec3 *v) {
  /* Reported in the order NaN, infinity, range so that a vector holding
     several defects names the worst. */
  if (isnan(v->x) || isnan(v->y) || isnan(v->z)) return COLLIDE_E_VEC_NAN;
  if (isinf(v->x) || isinf(v->y) || isinf(v->z)) return COLLIDE_E_VEC_INF;
  if (fabs(v->x) > COLLIDE_MAX_COORD || fabs(v->y) > COLLIDE_MAX_COORD ||
      fabs(v->z) > COLLIDE_MAX_COORD)
    return COLLIDE_E_VEC_RANGE;
  return 0;
}

/* A plane handed to a query must be finite with a unit normal. The bindings
   only hand out normalized planes, so this guards raw C callers (and any
   plane a user managed to corrupt) at the cost of one dot product. */
int collide__check_plane(const collide_plane *p) {
  double l2;
  /* |d| = |n.p| for a point p of the plane: the constructors make planes
     through points with components up to 1e50, so |d| up to sqrt(3) 1e50;
     twice the coordinate limit admits every plane they return (and, like
     num_ok, the comparison is false for NaN and infinities). */
  if (!vec_ok(&p->normal) || !(fabs(p->d) <= 2 * COLLIDE_MAX_COORD))
    return COLLIDE_E_BAD_PLANE;
  l2 = v_len2(p->normal);
  if (fabs(l2 - 1.0) > 1e-9) return COLLIDE_E_BAD_PLANE;
  return 0;
}

/* ---- a correctly rounded fma in double arithmetic ----------------------- */
/* a b + c rounded once to nearest, with no fma instruction and no help from
   the C library: Boldo and Melquiond, "Emulation of FMA and correctly
   rounded sums: proved algorithms using rounding to odd", IEEE Trans.
   Computers 57(4), 2008, algorithm 5 (proved in Coq):
     uh + ul = a b exactly      Dekker's product, Veltkamp's split by 2^27+1
     th + tl = c + uh exactly   Knuth's TwoSum
     v = tl + ul rounded to odd (the neighbour with an odd last bit when
                                 inexact: TwoSum gives s and its error e;
                                 an even s moves one ulp toward e)
     result = th + v rounded to nearest.
   Exact where the steps are: no overflow (|a|, |b| < 2^995 keep the split
   finite; |a b|, |c| < 2^1000 keep the sums finite) and no underflow in
   Dekker's product (|a b| >= 2^-968: Boldo, "Pitfalls of a full floating-
   point proof", IJCAR 2006, needs ea + eb >= emin + p - 1 = -969). Outside
   that, a b + c rounded twice: products of coordinates within the core's
   limit (1e50) never overflow, and the exact predicates already require
   products above 2^-969 (collide_outline.c's orient2). The core is C99
   with SSE2 arithmetic on x86-64 (no excess precision) and GCC contracts
   nothing into fma instructions in ISO mode (-ffp-contract=off), which
   would break the exact steps; clang contracts by default, so it is told
   not to here. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif
static void two_sum(double x, double y, double *s, double *e) {
  double t = x + y, bb = t - x;
  *s = t;
  *e = (x - (t - bb)) + (y - bb);
}

double collide__fma_soft(double a, double b, double c) {
  double p = a * b, ah, al, bh, bl, t, ul, th, tl, v, e;
  uint64_t bits;
  if (!(fabs(a) < 0x1p995 && fabs(b) < 0x1p995 && fabs(p) < 0x1p1000 &&
        fabs(p) >= 0x1p-968 && fabs(c) < 0x1p1000))
    return p + c;                         /* see above (zeros: exact) */
  t = 134217729.0 * a; ah = t - (t - a); al = a - ah;
  t = 134217729.0 * b; bh = t - (t - b); bl = b - bh;
  ul = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
  two_sum(c, p, &th, &tl);
  two_sum(tl, ul, &v, &e);
  if (e != 0) {                           /* v is not exact: round to odd */
    memcpy(&bits, &v, sizeof bits);
    if ((bits & 1) == 0) {
      bits += ((e > 0) == (v > 0)) ? 1 : (uint64_t)-1;   /* one ulp toward e */
      memcpy(&v, &bits, sizeof v);
    }
  }
  return th + v;
}

/* ---- planes ------------------------------------------------------------- */

int collide_plane_make(const collide_vec3 *normal, double d, collide_plane *out) {
  double len;
  CHECK_VEC(normal, 1);
  CHECK_NUM(d, 2);
  len = v_len(*normal);
  /* A normal too short to normalize in double precision is as unusable as
     an exact zero: 1/len would overflow or lose all digits. */
  if (!(len > 1e-150)) return COLLIDE_FAIL(1, COLLIDE_E_ZERO_NORMAL);
  out->normal = v_scale(*normal, 1.0 / len);
  out->d = d / len;
  /* d scaled up by a tiny normal can leave the accepted range. */
  if (collide_check_number(out->d)) return COLLIDE_FAIL(2, COLLIDE_E_RANGE);
  return 1;
}

int collide_plane_from_point_normal(const collide_vec3 *p, const collide_vec3 *n,
                                    collide_plane *out) {
  double len;
  CHECK_VEC(p, 1);
  CHECK_VEC(n, 2);
  len = v_len(*n);
  if (!(len > 1e-150)) return COLLIDE_FAIL(2, COLLIDE_E_ZERO_NORMAL);
  out->normal = v_scale(*n, 1.0 / len);
  out->d = -v_dot(out->normal, *p);   /* n.p + d = 0 at p */
  return 1;
}

int collide_plane_from_points(const collide_vec3 *a, const collide_vec3 *b,
                              const collide_vec3 *c, collide_plane *out) {
  vec3 e1, e2, n;
  double len, scale, m1, m2;
  CHECK_VEC(a, 1);
  CHECK_VEC(b, 2);
  CHECK_VEC(c, 3);
  e1 = v_sub(*b, *a);
  e2 = v_sub(*c, *a);
  /* Each edge divided by its largest component first: the normal's
     direction does not depend on the edges' lengths, and for a tiny
     triangle (edges near 1e-160) the squares below would underflow into
     denormals and give a normal that is not unit. A zero edge: repeated
     points, collinear. */
  m1 = fmax(fabs(e1.x), fmax(fabs(e1.y), fabs(e1.z)));
  m2 = fmax(fabs(e2.x), fmax(fabs(e2.y), fabs(e2.z)));
  if (!(m1 > 0) || !(m2 > 0)) return COLLIDE_FAIL(3, COLLIDE_E_COLLINEAR);
  e1 = v3(e1.x / m1, e1.y / m1, e1.z / m1);
  e2 = v3(e2.x / m2, e2.y / m2, e2.z / m2);
  n = v_cross(e1, e2);
  len = v_len(n);
  /* Collinear within rounding: |e1 x e2| = |e1||e2| sin(angle), so compare
     against the product of the edge lengths (a relative test, independent of
     scale). */
  scale = v_len(e1) * v_len(e2);
  if (!(len > 1e-12 * scale) || !(len > 0))
    return COLLIDE_FAIL(3, COLLIDE_E_COLLINEAR);
  out->normal = v_scale(n, 1.0 / len);
  out->d = -v_dot(out->normal, *a);
  return 1;
}

int collide_plane_distance(const collide_plane *plane, const collide_vec3 *p,
                           double *out) {
  CHECK_VEC(p, 2);
  *out = v_dot(plane->normal, *p) + plane->d;
  return 1;
}

/* ---- vectors -------------------------------------------------------------
 * The vec3 methods and helpers of both bindings, so that they compute the
 * same bits on every backend. No value checks: any double is accepted, as
 * in plain arithmetic; each returns 1. */

int collide_vec3_dot(const collide_vec3 *a, const collide_vec3 *b, double *out) {
  *out = v_dot(*a, *b);
  return 1;
}

int collide_vec3_cross(const collide_vec3 *a, const collide_vec3 *b,
                       collide_vec3 *out) {
  *out = v_cross(*a, *b);
  return 1;
}

int collide_vec3_length(const collide_vec3 *a, double *out) {
  *out = v_len(*a);
  return 1;
}

int collide_vec3_length_squared(const collide_vec3 *a, double *out) {
  *out = v_len2(*a);
  return 1;
}

/* Unit for every nonzero finite vector: where the squares would underflow or
   overflow (vec3(1e-170, 1e-170, 0)), the core's own v_normalize, which
   scales by the largest component first. */
int collide_vec3_normalize(const collide_vec3 *a, collide_vec3 *out) {
  double len = v_len(*a);
  if (len > 1e-150 && len < 1e150) {
    /* divided, not multiplied by 1/len: (3, 0, 4) gives exactly the
       correctly rounded (0.6, 0, 0.8) */
    *out = v3(a->x / len, a->y / len, a->z / len);
  } else {
    *out = v_normalize(*a);   /* zero, or squares that under/overflow */
  }
  return 1;
}

int collide_vec3_lerp(const collide_vec3 *a, const collide_vec3 *b, double u,
                      collide_vec3 *out) {
  *out = v_lerp(*a, *b, u);
  return 1;
}

/* v - k (v.n) n: k = 2 reflects (a bounce), k = 1 removes the part along n
   (a slide). n is used as given: pass a unit normal. */
static vec3 project(vec3 v, vec3 n, double k) {
  return v_madd(v, n, -k * v_dot(v, n));
}

/* reflect and slide take a unit normal (issue 31: reflect(V(1, -1),
   V(0, 2)) gave vec3(1, 7, 0) without a word). The tolerance on n.n is
   loose on purpose: a normal computed in single precision (a float
   mesh, a physics engine) is off by some 1e-7; a wrong one is off by far
   more. A NaN fails no comparison and passes, as the helpers are plain
   IEEE arithmetic (NaN in, NaN out); an infinite component fails. */
static int check_unit(const collide_vec3 *n) {
  double nn = n->x * n->x + n->y * n->y + n->z * n->z;
  if (fabs(nn - 1.0) > 1e-6) return COLLIDE_FAIL(2, COLLIDE_E_NOT_UNIT);
  return 0;
}

int collide_vec3_reflect(const collide_vec3 *v, const collide_vec3 *n,
                         collide_vec3 *out) {
  int code = check_unit(n);
  if (code < 0) return code;
  *out = project(*v, *n, 2.0);
  return 1;
}

int collide_vec3_slide(const collide_vec3 *v, const collide_vec3 *n,
                       collide_vec3 *out) {
  int code = check_unit(n);
  if (code < 0) return code;
  *out = project(*v, *n, 1.0);
  return 1;
}

/* ---- triangles ------------------------------------------------------------ */

int collide__triangle_normal(const vec3 v[3], vec3 *n) {
  return triangle_normal(v, n);
}

/* ---- the way across a line ------------------------------------------------ */

/* The reverse of the motion d's part across the line of direction L (both
   nonzero), unit: the normal with which a zero-radius sweep meets a line
   (a segment's inside, a line of a grown body), the rays' rule. The plain
   -(d - L (d.L) / |L|^2) cancels when d is nearly along L: it keeps an
   absolute error of about epsilon |d|, so its direction is off by epsilon
   |d| / |d_perp| and n.d = -|d_perp| + that |d| -- along the motion once
   |d_perp| is below sqrt(epsilon) |d| (a segment met after a motion 1e-8
   off its line got n.d = +1.8e-7 |d|). The triple product (d x L) x L =
   L (d.L) - d |L|^2 = -|L|^2 d_perp (Lagrange) gives it instead, with the
   compensated d x L (cross_exact: each component within a few ulps of
   itself at any angle, so the direction of d x L is right to a few
   epsilon) and then a plain cross product of two perpendicular vectors
   (no cancellation): -d_perp to a few epsilon of its direction, so n.d =
   -|d_perp| up to a few epsilon |d|. d and L are scaled by their largest
   components first (no underflow or overflow in the products). When the
   part across is rounding alone -- d along L to a few ulps, below 64
   epsilon of |d| -- the answer is -d. */
vec3 collide__away_across(vec3 d, vec3 L) {
  double md = v_maxabs(d), ml = v_maxabs(L);
  vec3 d1, L1, p;
  if (!(md > 0) || !(ml > 0)) return v_normalize(v_neg(d));
  /* (divided, not multiplied by 1 / md: that overflows for a subnormal md) */
  d1 = v3(d.x / md, d.y / md, d.z / md);
  L1 = v3(L.x / ml, L.y / ml, L.z / ml);
  p = v_cross(cross_exact(d1, L1), L1);            /* -|L1|^2 d1_perp */
  if (!(v_maxabs(p) > 64 * DBL_EPSILON * v_len2(L1))) return v_normalize(v_neg(d));
  return v_normalize(v3(p.x + 0.0, p.y + 0.0, p.z + 0.0));   /* (no -0) */
}

/* collide__angle_reduce: x - 2 pi n for the integer n nearest x / (2 pi),
   the way Payne and Hanek reduce a large argument (Payne and Hanek,
   "Radian reduction for trigonometric functions", SIGNUM Newsletter 18(1),
   1983), in integers, so that no C library's sin, cos or fmod is trusted
   (mingw-w64's sin and cos of 9e49 are off by more than a radian: found by
   test_turning under wine).
   INV_2PI is floor(2^384 / (2 pi)) in 32-bit limbs, most significant
   first: the hexadecimal digits of 1/(2 pi) = 0.28be60db 9391054a ...
   (2/pi's well-known expansion 0.a2f9836e 4e441529 ... shifted two
   bits), computed with Machin's formula in integers to 1,200 bits.
   |x| = m 2^k with m the 53-bit integer mantissa. x / (2 pi) = m 2^k F
   with F = 1/(2 pi); with Fi = INV_2PI, m Fi 2^(k - 384) differs from it
   by less than m 2^(k - 384) <= 2^(53 + 191 - 384) = 2^-140 for k <= 191,
   so the turn's fraction is bits [256 - k, 384 - k) of the integer m Fi,
   to 2^-128 (the bits above are whole turns). Centred (a fraction of
   1/2 or more is one less turn), it is t in [-1/2, 1/2], split exactly
   into its top 53 bits d1 and the rest d2 (below 2^-53, rounded once,
   to 2^-117); x - 2 pi n = 2 pi t = d1 (H + L) + d2 H with 2 pi = H + L
   (TWO_PI_HI, TWO_PI_LO: 2 pi's double and the rest), summed with d1 H's
   rounding error kept exactly (an fma), so the result is within about an
   ulp. Beyond 2^244 (no coordinate reaches it; angles are capped by
   collide.max_coord long before) the C library's atan2(sin, cos). */
#define RED_HI COLLIDE_TWO_PI_HI
#define RED_LO COLLIDE_TWO_PI_LO
static const uint32_t INV_2PI[12] = {
  0x28be60dbu, 0x9391054au, 0x7f09d5f4u, 0x7d4d3770u, 0x36d8a566u, 0x4f10e410u,
  0x7f9458eau, 0xf7aef158u, 0x6dc91b8eu, 0x909374b8u, 0x01924bbau, 0x82746487u };

/* 64 bits of the little-endian limbs q from bit pos up */
static uint64_t red_bits(const uint32_t *q, int pos) {
  int w = pos / 32, s = pos % 32;
  uint64_t lo = (uint64_t)q[w] | ((uint64_t)q[w + 1] << 32);
  if (s == 0) return lo;
  return (lo >> s) | ((uint64_t)q[w + 2] << (64 - s));
}

double collide__angle_reduce(double x) {
  uint32_t q[15];
  uint64_t m, hi, lo, carry;
  double d1, d2, p, e;
  int ex, k, i, j, neg;
  if (!(fabs(x) > 0x1.921fb54442d18p+1)) return x;   /* (within pi: x; and NaN) */
  (void)frexp(fabs(x), &ex);
  k = ex - 53;
  if (k > 191 || !(fabs(x) < HUGE_VAL)) return atan2(sin(x), cos(x));
  m = (uint64_t)ldexp(fabs(x), -k);   /* exact: m < 2^53 */
  /* q = m INV_2PI, 32-bit limbs, least significant first (a product of
     two limbs plus a limb plus a carry fits in 64 bits) */
  memset(q, 0, sizeof q);
  for (j = 0; j < 2; j++) {
    uint64_t mj = (m >> (32 * j)) & 0xffffffffu;
    carry = 0;
    for (i = 0; i < 12; i++) {
      uint64_t t = mj * INV_2PI[11 - i] + q[i + j] + carry;
      q[i + j] = (uint32_t)t;
      carry = t >> 32;
    }
    for (i = 12 + j; carry != 0 && i < 15; i++) {
      uint64_t t = (uint64_t)q[i] + carry;
      q[i] = (uint32_t)t;
      carry = t >> 32;
    }
  }
  /* bits [256 - k, 384 - k): 256 - k is from 65 (k = 191) to 307 (|x| >
     pi: k >= -51), so every limb read is one of q's 15 */
  lo = red_bits(q, 256 - k);
  hi = red_bits(q, 320 - k);
  neg = (int)(hi >> 63);
  if (neg) {   /* t - 1: the 128-bit two's complement, then its sign */
    lo = ~lo + 1;
    hi = ~hi + (lo == 0);
  }
  d1 = (double)(hi >> 11) * 0x1p-53;
  d2 = (double)(hi & 0x7ffu) * 0x1p-64 + (double)lo * 0x1p-128;
  p = d1 * RED_HI;
  e = collide_fma(d1, RED_HI, -p);
  p = p + (e + (d1 * RED_LO + d2 * RED_HI));
  if (neg) p = -p;
  return x < 0 ? -p : p;
}

void collide__angle_cos_sin(double a, double *c, double *s) {
  if (fabs(a) > 0x1p30) a = collide__angle_reduce(a);
  *c = cos(a);
  *s = sin(a);
}
