/*
 * collide_basic.c -- argument checks and their messages, planes, and the
 * sphere/sphere and sphere/plane sweeps.
 *
 * Sources: Gomez, "Simple Intersection Tests for Games" (Gamasutra, 1999):
 * sphere-plane and sphere-sphere sweeps; Dopertchouk, "Simple Bounding-Sphere
 * Collision Detection" (2000): the early-out moving-sphere test; Akenine-
 * Moller, Haines, Hoffman, "Real-Time Rendering" 3rd ed. (RTR) 16.18.1 and
 * eq. 16.65 (numerically stable quadratic). The listings in those texts
 * report roots outside [0,1] as hits, use the wrong side of the plane and
 * divide by zero at zero relative speed; the code below does none of that.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include "collide_internal.h"

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
  "shape cannot move: only sphere, aabb and capsule shapes can",
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

/* ---- sphere / sphere ----------------------------------------------------- */

/*
 * Work in B's frame: the centre of A relative to B moves from s = a0 - b0
 * by v = (a1 - a0) - (b1 - b0) over the step. Contact while
 *     |s + v u|^2 <= R^2,  R = ra + rb,
 * i.e.  a u^2 + 2 b u + c <= 0  with  a = v.v, b = s.v, c = s.s - R^2
 * (Gomez 1999; the half-b form). The roots are found with the stable form of
 * RTR 3rd ed. eq. 16.65: q = -(b + sign(b) sqrt(b^2 - a c)), u = q/a and
 * u = c/q, which never subtracts two nearly equal numbers.
 *
 * The discriminant itself is formed as b^2 - a c = a R^2 - |s x v|^2
 * (Lagrange's identity |s|^2 |v|^2 - (s.v)^2 = |s x v|^2): b^2 and a c
 * are nearly equal whenever |s| is large next to R (far apart, fast), and
 * their difference then loses every digit, while the cross product keeps
 * them (s = (1e15, -5.75, -5.75), v = (-1e15, 5.75, 5.625), R = 5.75: the
 * difference form misses a contact at u = 1 - 1e-14).
 */
typedef struct ss_quad { vec3 s, v; double R, a, b, c, ss; } ss_quad;

COLLIDE_HOT ss_quad ss_setup(double ra, const vec3 *a0, const vec3 *a1,
                               double rb, const vec3 *b0, const vec3 *b1) {
  ss_quad k;
  k.s = v_sub(*a0, *b0);
  k.v = v_sub(v_sub(*a1, *a0), v_sub(*b1, *b0));
  k.R = ra + rb;
  k.a = v_dot(k.v, k.v);
  k.b = v_dot(k.s, k.v);
  k.ss = v_dot(k.s, k.s);
  k.c = k.ss - k.R * k.R;
  return k;
}

/* b^2 - a c in Lagrange's form (see above); formed only once the cheap
   tests have not decided. */
COLLIDE_HOT double ss_disc(const ss_quad *k) {
  return k->a * (k->R * k->R) - v_len2(v_cross(k->s, k->v));
}

/* The first contact when apart at the start (c > 0): 1 with the root in
   *r0 <= 1 and the stable q in *q, else 0. test_sphere_sphere and the sweep
   both decide here, so they give the same answer to the last bit. */
COLLIDE_HOT int ss_first(const ss_quad *k, double *r0, double *q) {
  double disc;
  /* Without relative motion (a = 0) they stay apart; moving apart or
     sideways (b >= 0) they never get closer. This is also Dopertchouk's
     early out. */
  if (k->a == 0 || k->b >= 0) return 0;
  disc = ss_disc(k);
  if (disc < 0) return 0;              /* the closest approach misses */
  *q = -(k->b - sqrt_nn(disc));           /* b < 0: q = -b + sqrt(disc) > 0 */
  *r0 = k->c / *q;                     /* first root, > 0 since c > 0 */
  if (!(*r0 <= 1)) return 0;           /* first contact after the step */
  /* Touching at the start to rounding: s.s is rounded to 1.5 eps |s|^2
     and R^2 to eps/2, so c, where they nearly cancel, is off by less
     than 2 eps |s|^2, and the discriminant by less than about 6 eps a
     |s|^2. A centre on the sphere moving along it (b rounding) has a
     true discriminant of about -a c, negative beyond that rounding once
     c > 6 eps |s|^2; below 16 eps |s|^2 c, b and disc may all be
     rounding and c / q a quotient of noises (a start touching to 1e-16,
     moving tangentially, gave u0 = 1 with the spheres 1.2 apart there):
     contact at 0. Decided after the root, so the answer (1 or 0) is the
     same, and test_sphere_sphere agrees; only u0 moves. */
  if (k->c <= 16 * DBL_EPSILON * k->ss) *r0 = 0;
  return 1;
}

/* Returns 1 with [u0, u1] = the contact interval clipped to [0, 1]. */
COLLIDE_HOT int sphere_sphere_interval(const ss_quad *kp, double *u0,
                                         double *u1) {
  double q, r0, r1, t;

  if (kp->c <= 0) {
    double disc;
    /* Touching or overlapping at the start (closed contact): u0 = 0. */
    *u0 = 0;
    if (kp->a == 0) { *u1 = 1; return 1; }   /* no relative motion: stays so */
    /* The later root is where they separate; c <= 0 makes it >= 0 and the
       discriminant >= 0 (rounding aside: clamp it). */
    disc = ss_disc(kp);
    if (disc < 0) disc = 0;
    q = -(kp->b + (kp->b >= 0 ? sqrt_nn(disc) : -sqrt_nn(disc)));
    r0 = q != 0 ? kp->c / q : 0;
    r1 = q / kp->a;
    t = r0 > r1 ? r0 : r1;
    *u1 = t > 1 ? 1 : t;
    return 1;
  }
  if (!ss_first(kp, &r0, &q)) return 0;
  r1 = q / kp->a;                      /* second root */
  if (r1 < r0) r1 = r0;                /* equal roots (grazing) may round apart */
  *u0 = r0;
  *u1 = r1 > 1 ? 1 : r1;
  return 1;
}

/* The arguments shared by the sweep and the test, in the Lua order: all at
   once when they are fine (see mag3), one by one to name a bad one. */
static int check_two_spheres_slow(double ra, const collide_vec3 *a0,
                                  const collide_vec3 *a1, double rb,
                                  const collide_vec3 *b0,
                                  const collide_vec3 *b1) {
  CHECK_RADIUS(ra, 1);
  CHECK_VEC(a0, 2);
  CHECK_VEC(a1, 3);
  CHECK_RADIUS(rb, 4);
  CHECK_VEC(b0, 5);
  CHECK_VEC(b1, 6);
  return 0;
}

/* (see two_spheres_unit below) */
#define SS_TINY_SCENE 0x1p-200

/* 1 when every argument is accepted, in one pass (see mag_add), and the
   scene is not tiny (two_spheres_unit). */
static inline int two_spheres_ok(double ra, const collide_vec3 *a0,
                                 const collide_vec3 *a1, double rb,
                                 const collide_vec3 *b0,
                                 const collide_vec3 *b1) {
  int signs;
  double m = mag_total(mag_add2(mag_add2(mag_nums2(ra, rb, &signs), a0, a1),
                                b0, b1));
  return m <= COLLIDE_MAX_COORD && m >= SS_TINY_SCENE && signs == 0;
}

COLLIDE_HOT int sweep_ss(double ra, const collide_vec3 *a0,
                           const collide_vec3 *a1, double rb,
                           const collide_vec3 *b0, const collide_vec3 *b1,
                           collide_interval *out) {
  double u0 = 0, u1 = 0;
  int hit;
  ss_quad k = ss_setup(ra, a0, a1, rb, b0, b1);
  hit = sphere_sphere_interval(&k, &u0, &u1);
  out->u0 = hit ? u0 : 0;
  out->u1 = hit ? u1 : 0;
  out->normal = v3(0, 0, 0);
  return hit;
}

COLLIDE_HOT int test_ss(double ra, const collide_vec3 *a0,
                          const collide_vec3 *a1, double rb,
                          const collide_vec3 *b0, const collide_vec3 *b1) {
  double r0, q;
  /* The sweep's decision without its outputs (the second root, the
     interval). Deciding from f(1) = a + 2b + c <= 0 instead would skip the
     square root but can disagree with the sweep in the last bit at a
     grazing or end-of-step contact, and the contract promises the same
     answer. */
  ss_quad k = ss_setup(ra, a0, a1, rb, b0, b1);
  if (k.c <= 0) return 1;
  return ss_first(&k, &r0, &q);
}

/* A tiny scene in another unit. The decisions rest on terms of degree
   four in the lengths (a R^2 and |s x v|^2, the discriminant; a and c
   are of degree two): for a scene whose sum of magnitudes S is below
   about 2^-255 they lose bits to underflow, and below about 2^-269 they
   are 0, so that disc = 0 - 0 passes for any pair -- spheres five radii
   apart crossing each other's path at 2^-280 read as touching at
   u0 = 0.605. A scene with S below SS_TINY_SCENE = 2^-200 is therefore
   measured in the unit 2^-k that brings S into [2^60, 2^61)
   (unit_exponent): every input times 2^k, exactly (scale2, also for a
   subnormal input), and u0 and u1 are quotients of terms of the same
   degree, so the answer is the scene's own in exact arithmetic's sense
   and in rounding's: the kernel's products all scale by exact powers of
   two as long as none of them is subnormal, which for the lengths of
   the scene's own size (within 2^-5 of S) holds from S = 2^-200 (terms
   of degree four above 2^-820) up to the input limit (those terms then
   below 2^700). So a scene gets the same bits in every unit 2^j, tiny
   or not
   (tests/c/test_basic.c, test_sphere_sphere_any_unit: k from -300 to
   160); a part far below S is, as in any scene, within its rounding.
   The interval has no normal (zero). S = 0 (every input 0) stays. */
static void two_spheres_unit(double *ra, collide_vec3 *a0, collide_vec3 *a1,
                            double *rb, collide_vec3 *b0, collide_vec3 *b1) {
  double S = fabs(*ra) + fabs(*rb) + mag3(a0) + mag3(a1) + mag3(b0) + mag3(b1);
  int k;
  if (!(S > 0 && S < SS_TINY_SCENE)) return;
  k = unit_exponent(S);
  *ra = scale2(*ra, k);
  *rb = scale2(*rb, k);
  *a0 = v_ldexp(*a0, k);
  *a1 = v_ldexp(*a1, k);
  *b0 = v_ldexp(*b0, k);
  *b1 = v_ldexp(*b1, k);
}

/* The arguments one by one, to name a bad one (or find none: valid numbers
   whose sum of magnitudes is over the limit, or a tiny scene, measured in
   another unit, above). Apart from the fast entry points, which reach it
   by a tail call only, so that they stay leaf functions without a
   frame. */
COLLIDE_COLD int sweep_ss_slow(double ra, const collide_vec3 *a0,
                         const collide_vec3 *a1, double rb,
                         const collide_vec3 *b0, const collide_vec3 *b1,
                         collide_interval *out) {
  collide_vec3 p0 = *a0, p1 = *a1, q0 = *b0, q1 = *b1;
  int e = check_two_spheres_slow(ra, a0, a1, rb, b0, b1);
  if (e) return e;
  two_spheres_unit(&ra, &p0, &p1, &rb, &q0, &q1);
  return sweep_ss(ra, &p0, &p1, rb, &q0, &q1, out);
}

COLLIDE_COLD int test_ss_slow(double ra, const collide_vec3 *a0,
                        const collide_vec3 *a1, double rb,
                        const collide_vec3 *b0, const collide_vec3 *b1) {
  collide_vec3 p0 = *a0, p1 = *a1, q0 = *b0, q1 = *b1;
  int e = check_two_spheres_slow(ra, a0, a1, rb, b0, b1);
  if (e) return e;
  two_spheres_unit(&ra, &p0, &p1, &rb, &q0, &q1);
  return test_ss(ra, &p0, &p1, rb, &q0, &q1);
}

int collide_sweep_sphere_sphere(double ra, const collide_vec3 *a0,
                                const collide_vec3 *a1, double rb,
                                const collide_vec3 *b0, const collide_vec3 *b1,
                                collide_interval *out) {
  if (!two_spheres_ok(ra, a0, a1, rb, b0, b1))
    return sweep_ss_slow(ra, a0, a1, rb, b0, b1, out);
  return sweep_ss(ra, a0, a1, rb, b0, b1, out);
}

int collide_test_sphere_sphere(double ra, const collide_vec3 *a0,
                               const collide_vec3 *a1, double rb,
                               const collide_vec3 *b0, const collide_vec3 *b1) {
  if (!two_spheres_ok(ra, a0, a1, rb, b0, b1))
    return test_ss_slow(ra, a0, a1, rb, b0, b1);
  return test_ss(ra, a0, a1, rb, b0, b1);
}

/* ---- sphere / plane ------------------------------------------------------ */

/*
 * Signed distances of the centre to the plane at the start and end of the
 * step, d0 = n.c0 + d and d1 = n.c1 + d; along the step the distance is
 * linear, d(u) = d0 + (d1 - d0) u. The sphere (two-sided plane) touches when
 * |d(u)| <= r. Gomez's listing takes the side from the sign of the normal
 * only; here the side is the one the centre starts on (RTR 3rd ed. 16.18.1
 * with the sign chosen per side), so a plane approached from behind works.
 */
COLLIDE_HOT int sweep_sphere_plane(double r, const collide_vec3 *c0,
                                   const collide_vec3 *c1,
                                   const collide_plane *plane,
                                   collide_hit *out) {
  vec3 n = plane->normal;
  double d0, d1, u, side;
  d0 = v_dot(n, *c0) + plane->d;
  d1 = v_dot(n, *c1) + plane->d;
  /* The side the sphere comes from. A centre exactly on the plane comes
     from the side opposite its motion (the limit of a centre just off the
     plane on that side); with no motion across the plane, the front. */
  side = d0 > 0 ? 1 : (d0 < 0 ? -1 : (d1 > 0 ? -1 : 1));
  if (fabs(d0) <= r) {
    u = 0;                              /* touching or overlapping at start */
  } else {
    double s0 = d0 * side, s1 = d1 * side; /* distances on the sphere's side */
    /* s0 > r here. Contact needs s to reach r within the step; this also
       covers zero and receding motion (s1 >= s0) without dividing. */
    if (s1 > r) { hit_clear(out); return 0; }
    u = (s0 - r) / (s0 - s1);           /* s0 - s1 >= s0 - r > 0 */
    u = clamp01(u);
  }
  {
    vec3 c = v_lerp(*c0, *c1, u);
    double dc = v_dot(n, c) + plane->d;
    out->u = u;
    out->normal = v_scale(n, side);
    out->point = v_madd(c, n, -dc);      /* foot of the centre on the plane */
    out->feature = COLLIDE_FEATURE_FACE;
  }
  return 1;
}

/* The arguments one by one, then the kernel (reached by a tail call only,
   so that the fast entry point stays a leaf function). */
COLLIDE_COLD int sweep_sphere_plane_slow(double r, const collide_vec3 *c0,
                                         const collide_vec3 *c1,
                                         const collide_plane *plane,
                                         collide_hit *out) {
  CHECK_RADIUS(r, 1);
  CHECK_VEC(c0, 2);
  CHECK_VEC(c1, 3);
  CHECK_PLANE(plane, 4);
  return sweep_sphere_plane(r, c0, c1, plane, out);
}

int collide_sweep_sphere_plane(double r, const collide_vec3 *c0,
                               const collide_vec3 *c1,
                               const collide_plane *plane, collide_hit *out) {
  /* every argument at once (mag3; |d| may reach twice the coordinate
     limit, see collide__check_plane; a normal whose squared length is
     within 1e-9 of 1 is finite and in range, NaN and infinity failing
     that test too; r's sign bit clear: a negative radius, or -0, takes
     the careful path), else one by one */
  int signs;
  if (!((mag_total(mag_add2(mag_nums2(r, 0.5 * plane->d, &signs), c0, c1)) <=
         COLLIDE_MAX_COORD) &&
        ((signs & 1) == 0) && (fabs(v_len2(plane->normal) - 1.0) <= 1e-9)))
    return sweep_sphere_plane_slow(r, c0, c1, plane, out);
  return sweep_sphere_plane(r, c0, c1, plane, out);
}

/* Segment p0 -> p1 against the two-sided plane; the normal faces p0. A
   segment lying in the plane hits at u = 0. */
int collide_raycast_plane(const collide_vec3 *p0, const collide_vec3 *p1,
                          const collide_plane *plane, collide_hit *out) {
  vec3 n = plane->normal;
  double d0, d1, u;
  if (!((mag_total(mag_add(mag_add(mag_start(0.5 * plane->d), p0), p1)) <=
         COLLIDE_MAX_COORD) &&
        (fabs(v_len2(n) - 1.0) <= 1e-9))) {
    CHECK_VEC(p0, 1);
    CHECK_VEC(p1, 2);
    CHECK_PLANE(plane, 3);
  }
  d0 = v_dot(n, *p0) + plane->d;
  d1 = v_dot(n, *p1) + plane->d;
  if ((d0 > 0 && d1 > 0) || (d0 < 0 && d1 < 0)) { hit_clear(out); return 0; }
  /* Signs differ or one end is on the plane, so d0 - d1 = 0 only when both
     are 0 (the segment lies in the plane). */
  u = d0 == 0 ? 0 : clamp01(d0 / (d0 - d1));
  out->u = u;
  out->point = v_lerp(*p0, *p1, u);
  out->point = v_madd(out->point, n, -(v_dot(n, out->point) + plane->d));
  out->normal = d0 > 0 ? n : (d0 < 0 ? v_neg(n) : (d1 < 0 ? n : v_neg(n)));
  if (d0 == 0 && d1 == 0) out->normal = n;
  out->feature = COLLIDE_FEATURE_FACE;
  return 1;
}
