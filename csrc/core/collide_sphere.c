/*
 * collide_sphere.c -- the sphere family: a moving sphere against a moving
 * sphere, a plane, triangles, convex polygons, segments and boxes; a moving
 * box against a moving box; ray (segment) casts, the sphere of radius zero,
 * against spheres, planes, triangles, polygons and boxes. The moving box
 * (collide_box.c) and the capsule (collide_capsule*.c) reduce to the
 * kernels here (collide_sphere.h); the primitives are collide_prims.h.
 *
 * Sources for the sphere/sphere and sphere/plane sweeps: Gomez, "Simple
 * Intersection Tests for Games" (Gamasutra, 1999); Dopertchouk, "Simple
 * Bounding-Sphere Collision Detection" (2000): the early-out moving-sphere
 * test; Akenine-Moller, Haines, Hoffman, "Real-Time Rendering" 3rd ed. (RTR)
 * 16.18.1 and eq. 16.65 (numerically stable quadratic). The listings in
 * those texts report roots outside [0,1] as hits, use the wrong side of the
 * plane and divide by zero at zero relative speed; the code below does none
 * of that.
 *
 * Method for every sphere sweep (RTR 3rd ed. 16.18.3, after Schroeder): a
 * sphere of radius r whose centre moves along x(t) = c0 + d t, d = c1 - c0,
 * touches a convex shape S exactly when x(t) lies in the Minkowski sum
 * S (+) ball(r). That sum is the union of a few simple convex pieces:
 *
 *   flat polygon:  the polygon's prism of half-thickness r (the face slab),
 *                  one finite cylinder per edge, one ball per vertex;
 *   segment:       one finite cylinder (the edge) and two balls (its ends);
 *   box:           three boxes, each grown by r along one axis (the faces),
 *                  twelve finite cylinders (edges), eight balls (corners).
 *
 * The centre is inside a convex piece during one interval of time, which we
 * get by clipping [0, 1] against the piece's constraints (linear ones for
 * slabs and half-spaces: Cyrus-Beck clipping; one quadratic for a ball or
 * a cylinder). The first contact with the union is the earliest start of
 * those intervals. Contact is closed: every comparison keeps equality, so a
 * sphere that only grazes a shape at one instant touches it.
 *
 * The result (point, normal, feature) is not taken from the piece that won:
 * it is recomputed from the closest point of S to the centre at the contact
 * time, so ties between pieces (a sphere arriving exactly on an edge) give
 * one consistent answer, and u = 0 reports the feature nearest the centre.
 * Where that closest point is (numerically) the centre itself -- zero
 * radius, or a centre starting on the shape -- the normal comes from the
 * geometry instead of from normalizing a rounding error; see the *_contact
 * functions below.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "collide_sphere.h"

/* The tolerances of shape validation are in collide_polygon.c (polygons)
   and collide_prims.h (DEGENERATE_AREA). */

/* ---- small helpers -------------------------------------------------------- */

static inline double max2(double a, double b) { return a > b ? a : b; }

/* (as maxima of validated numbers: no NaN to care for, and the compiler
   turns them into max instructions, not branches on random data) */
static inline double v_maxabs_valid(vec3 v) {
  return max2(max2(fabs(v.x), fabs(v.y)), fabs(v.z));
}

/* A length below which a difference of points of magnitude about |a|, |b|
   is indistinguishable from rounding noise. */
static double noise_valid(vec3 a, vec3 b) {
  double s = v_maxabs_valid(a), t = v_maxabs_valid(b);
  return 64 * DBL_EPSILON * (s > t ? s : t);
}

/* The way out when the centre is exactly on the shape, where "from the
   touched point toward the centre" has no direction: back toward the side
   the mover comes from, -d, for sweeps starting there (the contract's "face
   normal on the side the sphere comes from", and the continuous limit of a
   centre just off the shape on that side), sweeps arriving there (zero
   radius) and ray casts (whose normal faces their start) alike. The result
   is zero with no motion: callers fall back. */
static vec3 way_out(vec3 d) {
  return v_neg(d);
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


/* ---- flat convex polygons (triangles and polygons) -------------------------- */


/* The point of the polygon v[0..count-1] (convex, unit normal n following
   its winding) nearest to c, and which feature it lies on. The projection
   of c is inside when it is on the inner side of every edge, the inner
   direction of edge i being n x (v[i+1] - v[i]); otherwise the nearest
   point is on the boundary (Ericson 5.1.5 for the triangle, generalized).
   which: the edge's first vertex, or the vertex. boundary: skip the face,
   give the nearest point of the boundary. */
static vec3 flat_closest(vec3 c, const vec3 *v, int count, vec3 n, vec3 origin,
                         int boundary, int *feature, int *which) {
  int i, inside = !boundary, f = COLLIDE_FEATURE_EDGE, k = 0;
  double best = -1;
  vec3 p = c;
  for (i = 0; i < count && inside; i++) {
    vec3 e = v_sub(v[i + 1 < count ? i + 1 : 0], v[i]);
    /* strictly inside: a point on an edge (a zero-radius hit) names the edge */
    if (!(v_dot(v_cross(n, e), v_sub(c, v[i])) > 0)) inside = 0;
  }
  if (inside) {
    *feature = COLLIDE_FEATURE_FACE;
    *which = 0;
    return v_madd(c, n, -v_dot(n, v_sub(c, origin)));
  }
  for (i = 0; i < count; i++) {
    int j = i + 1 < count ? i + 1 : 0, fi = COLLIDE_FEATURE_EDGE, ki = i;
    vec3 e = v_sub(v[j], v[i]), q;
    double ee = v_len2(e), s = v_dot(v_sub(c, v[i]), e), dd;
    if (s <= 0 || ee == 0) {
      q = v[i]; fi = COLLIDE_FEATURE_VERTEX;
    } else if (s >= ee) {
      q = v[j]; fi = COLLIDE_FEATURE_VERTEX; ki = j;
    } else {
      q = v_madd(v[i], e, s / ee);
    }
    dd = v_len2(v_sub(c, q));
    if (best < 0 || dd < best) { best = dd; p = q; f = fi; k = ki; }
  }
  *feature = f;
  *which = k;
  return p;
}

/* How flat_contact reads "the motion lies in the polygon's plane" (the
   2D case of the contract), which decides whether the boundary's in-plane
   normals are used:
   FLAT_AUTO  from the noise of c0 and of the motion, as sphere sweeps
              (r > 0) and the capsule code read it;
   FLAT_2D    yes: ray_flat found the segment within rounding of the plane
              (both ends; see flat_in_plane);
   FLAT_3D    no: ray_flat found an end clearly off the plane, so the
              segment meets the plane at one point (or touches it at an
              end), and a contact after the start is a 3D one: the face
              normal on p0's side, even on an edge or a vertex. (Read the
              2D way, a segment leaving the face across an edge while
              crossing the plane got that edge's outward normal, facing
              away from p0.) */
enum { FLAT_3D = 0, FLAT_2D = 1, FLAT_AUTO = 2 };

/* Fills out for a contact at time u, centre c, of a sphere that started at
   c0 against the polygon; out_dir is way_out()'s direction. Normal: the
   unit vector from the touched point toward c when they are apart.
   Otherwise (zero radius, or the centre starts on the shape), and always
   for the face, it is the face normal on the side the sphere comes from:
   the side of c0; if c0 is in the plane, the side of out_dir; with no
   motion either, the winding's normal. A centre in the plane at zero distance from an edge or a vertex
   gets the in-plane outward normal there. mode: FLAT_*, above. */
static void flat_contact(vec3 c, vec3 c0, vec3 out_dir, double u, const vec3 *v,
                         int count, vec3 n, vec3 origin, int mode,
                         collide_hit *out) {
  int feature, k;
  double h0 = v_dot(n, v_sub(c0, origin));
  int near0 = fabs(h0) <= noise_valid(c0, origin);
  /* the motion along the plane, not through it: a ray starting a hair
     above the face and crossing it steeply meets the face, not the
     boundary */
  int along = mode == FLAT_AUTO ? near0 && fabs(v_dot(n, out_dir)) <= noise_valid(c0, c)
                                : mode == FLAT_2D;
  /* A centre that moves within the polygon's plane (a 2D game) and arrives
     after the start can only have met the boundary first: the face is not
     a candidate, although rounding may put the arrival point a hair inside
     an edge (which would otherwise read as the face, normal out of the
     plane). */
  int boundary_only = u > 0 && along &&
                      (mode != FLAT_AUTO || fabs(v_dot(n, v_sub(c, origin))) <= noise_valid(c, origin));
  /* c0 in the plane, so that a centre on the boundary gets the in-plane
     normal there: FLAT_AUTO's noise test; never for FLAT_3D after the
     start (see above) */
  int on_plane = mode == FLAT_2D || (near0 && (mode == FLAT_AUTO || u == 0));
  vec3 p = flat_closest(c, v, count, n, origin, boundary_only, &feature, &k);
  vec3 diff = v_sub(c, p);
  double dist = v_len(diff);
  /* 2D (issue 10, the contract's rule): a centre that starts inside the
     polygon, in its plane, and moves along the plane is
     inside a solid region of that plane: it is pushed out across the
     nearest edge, in the plane -- the boundary's nearest point, the normal
     from the centre toward it -- not along the face normal, which a 2D
     mover's slide would ignore (move_sphere passed straight through).
     With no motion at all there is no plane of motion: the face rule
     (the winding's normal) stays. */
  int solid2d = u == 0 && feature == COLLIDE_FEATURE_FACE && along &&
                v_len2(out_dir) > 0;
  if (solid2d) {
    p = flat_closest(c, v, count, n, origin, 1, &feature, &k);
    diff = v_sub(p, c);             /* outward: from the centre to the edge */
    dist = v_len(diff);
  }
  double side = fabs(h0) > noise_valid(c0, origin) ? sign_or(h0, 1)
                                             : sign_or(v_dot(n, out_dir), 1);
  vec3 normal;
  /* c = c0 + d u carries the rounding of c0's magnitude and p that of the
     vertices': a diff below it has no direction (a ray ending 1e-150
     beside a vertex, or crossing an edge of a polygon whose vertices are
     near 10, got a normal along the edge, facing away from p0) */
  /* (max2, not fmax: noise is never NaN nor -0, and fmax is a call) */
  double tiny = max2(noise_valid(c, p), noise_valid(c0, p));
  {
    int i;
    for (i = 0; i < count; i++) tiny = max2(tiny, noise_valid(v[i], v[i]));
  }
  /* FLAT_3D (r = 0, an end clearly off the plane): the pieces hold only
     points at zero computed distance, so x(u) off the polygon by more
     than rounding comes from the face prism's clip at a sharp vertex,
     whose edges' lines (at an angle theta) hold it only to rounding /
     theta (a fuzz finding: a polygon 1e-9 long and 1e-18 wide, a segment
     from 14 away ending 1.3e-10 past its tip): that direction is no
     contact normal (it faced away from p0); the face normal on p0's side
     is. */
  if (feature != COLLIDE_FEATURE_FACE && dist > tiny && mode != FLAT_3D) {
    normal = v_normalize(diff);
  } else if (feature == COLLIDE_FEATURE_FACE || !on_plane || dist > tiny) {
    normal = v_scale(n, side);
  } else if (feature == COLLIDE_FEATURE_EDGE) {
    /* in the plane, on the edge k -> k+1: outward = -(n x edge) */
    normal = v_normalize(v_cross(v_sub(v[k + 1 < count ? k + 1 : 0], v[k]), n));
  } else {
    /* in the plane, on vertex k: out_dir within the plane, or away from the
       polygon's vertex average when there is no motion */
    vec3 w = v_madd(out_dir, n, -v_dot(n, out_dir));
    if (v_len2(w) > 0) {
      normal = v_normalize(w);
    } else {
      vec3 avg = v3(0, 0, 0);
      int i;
      for (i = 0; i < count; i++) avg = v_add(avg, v_sub(v[i], v[k]));
      normal = v_normalize(v_neg(v_madd(avg, n, -v_dot(n, avg))));
      if (v_len2(normal) == 0) normal = v_scale(n, side);
    }
  }
  out->u = u;
  out->point = p;
  out->normal = normal;
  out->feature = feature;
}

/* 1 when the centre's path c0 + d t, t in [0, 1], certainly stays
   farther than r from the polygon's boundary (its edges and vertices),
   rounding included, so that no edge cylinder and no vertex ball of
   sweep_flat_scaled can report a time; 0 when in doubt. The quick
   rejection of the boundary pieces (issue 12): most paths that come near
   a triangle's plane and box but miss it pass an edge's line at a
   distance, and the region planes and quadratics of three edges and
   three vertices cost far more than this.

   Separating axes: for any vector a, the path projects onto a within
   [min(s0, s1), max(s0, s1)], s0 = a.(c0 - v_i), s1 = s0 + a.d, and the
   boundary within [lo, hi], the extremes of a.(v_j - v_i) over the
   vertices (an edge is the hull of its ends). If the two are apart by
   a gap g, every point of the path is at least g / |a| from every point
   of the boundary (|a.(x - y)| <= |a| |x - y|). The axes tried are
   a = d x e_i, one per edge: the direction of the shortest segment
   between the path's line and the edge's line (Ericson 5.1.9; the pairs
   of edge directions of a segment against a polygon, 5.2.1), so that a
   path passing an edge at a distance is told apart by one of them.

   Rounding. The argument holds for a as computed, taken as an exact
   vector: only the projections and the test are rounded. Each
   projection is a dot product of a with a difference of two points of
   magnitude <= sqrt(3) scale, off by at most ~4 eps |a| |x - v_i| <=
   14 eps scale |a| (Higham 3.1 and Cauchy-Schwarz); s1 adds a.d (d of
   length <= 2 sqrt(3) scale, d = c1 - c0 as the pieces have it) and
   one addition: under 32 eps scale |a|. So the computed gap is within
   46 eps scale |a| of the exact one. It is compared as g > 0 and
   g^2 > R^2 |a|^2 (no square root), each side rounded by a few eps, with
   R = r + 1e-9 (r + scale): a pass means an exact gap above
   (r + 1e-9 (r + scale) - 60 eps scale) |a|, so the path stays farther
   than r + 5e-10 (r + scale) from the boundary. The pieces the caller
   skips report only times at which the centre is within r of their
   feature to a rounding of a few eps of the scale: the balls are
   clip_ball's (the perpendicular part w_p keeps its error proportional
   to the scale, see there), the cylinders clip_ball's within their
   padded end planes, M_i / |e_i| <= 64 sqrt(3) eps scale past the
   edge's ends (see sweep_flat_scaled). 5e-10 is some 2e6 eps: a pass
   never skips a time the pieces would have reported, and the answer is
   the same to the bit. The margin is meets_box's pad.
   Range: coordinates are at most COLLIDE_MAX_COORD = 1e50, so |a|^2 <=
   1e203 and g^2 <= 1e305 stay finite; below |a|^2 = 1e-200 the axis is
   not tried (there underflow in the products of three coordinates could
   exceed the bounds above), nor is one that is zero (d parallel to the
   edge, or no motion). */
static int boundary_apart(double r, vec3 c0, vec3 d, const vec3 *v, int count,
                          double scale) {
  double R = reach_pad(r, scale), R2 = R * R;
  int i, j;
  if (count > 8) return 0;     /* count^2 dot products: for small polygons */
  for (i = 0; i < count; i++) {
    vec3 a = v_cross(d, v_sub(v[i + 1 < count ? i + 1 : 0], v[i]));
    double a2 = v_dot(a, a), s0 = v_dot(a, v_sub(c0, v[i]));
    double s1 = s0 + v_dot(a, d), lo = 0, hi = 0, g;
    if (!(a2 > 1e-200)) continue;
    for (j = 0; j < count; j++) {
      double pj;
      if (j == i) continue;                     /* a.0 = 0 */
      pj = v_dot(a, v_sub(v[j], v[i]));
      lo = pj < lo ? pj : lo;
      hi = pj > hi ? pj : hi;
    }
    g = s0 < s1 ? s0 - hi : s1 - hi;            /* the path above */
    if (!(g > 0)) g = lo - (s0 > s1 ? s0 : s1);  /* or below */
    if (g > 0 && g * g > R2 * a2) return 1;
  }
  return 0;
}

/* How far the polygon's own points reach outside its edges' lines, for
   the padded regions of sweep_flat_scaled: 0 when every vertex turns the
   polygon's way (n.(e_{i-1} x e_i) >= 0 as computed), else tau, the
   largest distance of a vertex outside an edge's line (the convexity
   check at construction lets tau reach 1e-9 of the diameter: a vertex a
   hair inside its neighbours' chord, a reflex vertex).

   Why the regions need it. The prism is the intersection of the edges'
   half-planes H_j; at a reflex vertex that leaves out a sliver of the
   polygon P itself (inside the edge after the vertex, outside the line of
   the edge before it, past its end), and the edges' and vertices' regions
   do not cover it either: a sphere coming down onto that sliver was
   found only once it had sunk in by 5 of its radius 7.25 (a quadrilateral
   with a vertex 9.4e-10 inside the chord of its neighbours, fuzz finding
   sphere_polygon-late-contact). The cover, for a point x of P outside H:
   x is outside some line j, and P lies within tau beyond line j (the
   distance beyond a line is convex, so largest at a vertex, and P is in
   the vertices' hull), so x + s m_j / |m_j| leaves P for some s <= tau:
   x is within tau of P's boundary. The nearest boundary point is then
   inside an edge k (x is between k's end planes and inside its line by
   at most tau) or at a reflex vertex (x is in that vertex's region: past
   the end of the edge before it, before the start of the one after,
   which for a reflex vertex is a thin wedge into the polygon); a convex
   vertex is never nearest for a point inside. So each edge's outside band
   widened by tau |m_k| covers x, up to the rounding the band's M already
   covers.

   What it costs in exactness. Widening an edge's outside band never makes
   an early time (the cylinder within the end planes is part of the swept
   shape, wherever the centre is), so convex polygons keep every bit
   (tau = 0), and for a reflex one a centre over the sliver is met by the
   edge's cylinder, at distance r from the edge's line where the face would
   meet it at r from the plane: later by at most the time to move
   r - sqrt(r^2 - tau^2) <= tau closer, and not at all when r < tau. Within
   the polygon's own distance from convex, which is all the construction
   promises of its shape.

   Rounding: each distance m.(v_k - v_i) / |m| is within a few eps of the
   scale; the caller doubles tau, which covers it for tau above 1e-12 of
   the scale, and below that the band's M (64 eps scale) already does.
   O(count^2), only for polygons with a reflex vertex as computed. */
static double reflex_reach(const vec3 *v, int count, vec3 n) {
  vec3 ep = v_sub(v[0], v[count - 1]);
  double tau = 0;
  int i, j, reflex = 0;
  for (i = 0; i < count && !reflex; i++) {
    vec3 en = v_sub(v[i + 1 < count ? i + 1 : 0], v[i]);
    reflex = v_dot(n, v_cross(ep, en)) < 0;
    ep = en;
  }
  if (!reflex) return 0;
  for (i = 0; i < count; i++) {
    vec3 m = v_cross(n, v_sub(v[i + 1 < count ? i + 1 : 0], v[i]));
    double l = v_len(m);
    if (!(l > 0)) continue;
    for (j = 0; j < count; j++) {
      double o = -v_dot(m, v_sub(v[j], v[i])) / l;   /* outside: m points in */
      if (o > tau) tau = o;
    }
  }
  return tau;
}

enum { PRISM_KEPT = 8 };

/* 1 when, up to time t1 (the face prism's first time), the centre's path
   c0 + d t certainly stays farther than r from the polygon's boundary,
   rounding included, so that no edge cylinder or vertex ball can report
   a time before t1 and the face's time stands; 0 when in doubt. The
   common hit -- a sphere landing on a face away from its edges -- then
   skips the boundary pieces (issue 12). h0, hd: the centre's plane
   distance n.(c0 - origin) and its rate n.d; p[i], q[i], m2[i]: the face
   prism's numbers m_i.(c0 - v_i), m_i.d and |m_i|^2, m_i = n x e_i, as
   sweep_flat_scaled keeps them for polygons of up to PRISM_KEPT
   vertices (larger ones are not tried).

   With R = r + 1e-9 (r + scale), boundary_apart's margin:
   - Up to t0, the time the centre comes within R of the plane (0 if it
     starts there), it is at least R from the plane, and the boundary lies
     in the plane to rounding.
   - From t0 to t1 it is inside every edge's line by more than R: with m_i
     = n x e_i (the prism's vector, taken as exact), every point y of edge
     i is y = v_i + l e_i, 0 <= l <= 1, so m_i.(x - y) = m_i.(x - v_i) -
     l m_i.e_i, where m_i.e_i is rounding (m_i is perpendicular to e_i but
     for a few eps |e_i|^2), and |x - y| >= m_i.(x - y) / |m_i|. m_i.(x -
     v_i) is linear in t: p + q t with the prism's p and q, so its values
     at t0 and t1 bound it between. Compared as g > 0 and g^2 > R^2 |m_i|^2.
   Every quantity is rounded by a few tens of eps of the scale (times
   |m_i| where it is a distance along m_i): t0 = (|h0| - R) / |hd| puts
   the centre within 3 eps (|h0| + R) of the plane distance R, h0 itself
   and the vertices' plane distances carry some 10 eps of the scale, and
   p, q and p + q t as in boundary_apart. So a pass keeps the centre, for
   every t in [0, t1], farther than r + 5e-10 (r + scale) from every edge
   and vertex, where the pieces report only times within rounding of r
   (see boundary_apart): none reports a time before t1. Axes with |m_i|^2
   below 1e-200 are not trusted (underflow), as there. kept: how many of
   p, q, m2 the caller filled (all count of them when the prism's loop ran
   to its end, which span_ok at the call implies; said here so that no
   path reads an unset one, which clang-tidy's analyzer could not see). */
static int edges_clear(double r, const double *p, const double *q,
                       const double *m2, int count, int kept, double h0,
                       double hd, double t1, double scale) {
  double R = reach_pad(r, scale), R2 = R * R, t0 = 0;
  int i;
  if (count > PRISM_KEPT || kept < count) return 0;
  if (h0 > R) {
    if (!(hd < 0)) return 0;
    t0 = (h0 - R) / -hd;
  } else if (h0 < -R) {
    if (!(hd > 0)) return 0;
    t0 = (-h0 - R) / hd;
  }
  if (!(t0 <= t1)) t0 = t1;
  for (i = 0; i < count; i++) {
    double g0 = p[i] + q[i] * t0, g1 = p[i] + q[i] * t1, g = g0 < g1 ? g0 : g1;
    if (!(m2[i] > 1e-200 && g > 0 && g * g > R2 * m2[i])) return 0;
  }
  return 1;
}

/* Sphere sweep against a convex polygon: face prism, edge cylinders,
   vertex balls (see the top of the file). origin is a point of the plane.
   scale: a bound of the magnitudes of r, c0, c1, the vertices and origin
   (the caller's sum of magnitudes), or 0 to have it found here. mode:
   flat_contact's (FLAT_AUTO but for ray_flat's calls). */
static int sweep_flat_scaled(double r, vec3 c0, vec3 c1, const vec3 *v,
                             int count, vec3 n, vec3 origin, double scale,
                             int mode, collide_hit *out) {
  vec3 d = v_sub(c1, c0), lo = v[0], hi = v[0];
  double best = 2, t, h0 = v_dot(n, v_sub(c0, origin)), hd = v_dot(n, d);
  double m;
  int i;
  time_span s = { 0, 1 }, unit = { 0, 1 };
  double pk[PRISM_KEPT], qk[PRISM_KEPT], mk[PRISM_KEPT];  /* for edges_clear */
  int kept = 0;
  for (i = 1; i < count; i++) {
    lo = v_min(lo, v[i]);
    hi = v_max(hi, v[i]);
  }
  /* The cheapest rejection: every piece lies within r of the plane, up to
     rounding of a few epsilon of the largest coordinate (the vertices' own
     computed plane distances, and clip_ball's; see ray_flat below), so a
     centre that stays beyond r + 64 epsilon of it on one side throughout
     the step touches nothing, and no piece would say otherwise. */
  {
    double h1 = v_dot(n, v_sub(c1, origin));
    if (!(scale > 0))
      scale = max2(max2(max2(r, v_maxabs_valid(c0)), max2(v_maxabs_valid(c1), v_maxabs_valid(lo))),
                   max2(v_maxabs_valid(hi), v_maxabs_valid(origin)));
    m = r + 64 * DBL_EPSILON * scale;
    if ((h0 > m && h1 > m) || (h0 < -m && h1 < -m)) {
      hit_clear(out);
      return 0;
    }
  }
  if (!meets_box(c0, d, lo, hi, r, scale)) {
    hit_clear(out);
    return 0;
  }
  /* the prism: -r <= n.(x - origin) <= r, and inside every edge */
  clip_linear(&s, h0 - r, hd);
  clip_linear(&s, -h0 - r, -hd);
  for (i = 0; i < count && span_ok(&s); i++) {
    vec3 mi = v_cross(n, v_sub(v[i + 1 < count ? i + 1 : 0], v[i]));
    double p = v_dot(mi, v_sub(c0, v[i])), q = v_dot(mi, d);
    clip_linear(&s, -p, -q);
    if (i < PRISM_KEPT) { pk[i] = p; qk[i] = q; mk[i] = v_dot(mi, mi); kept = i + 1; }
  }
  if (span_ok(&s)) best = s.lo;
  if (best > 0 && fabs(h0) <= m) {
    /* Overlapping at the start: u = 0, whatever the pieces say. Their
       regions meet on planes computed in different ways, so a centre on a
       region boundary (at a vertex, say) can fall by rounding in no region
       at t = 0 and be found only once it drifts into one: a sphere resting
       on a vertex was reported at u = 1e-16 (or later when slow). (A
       centre farther than m from the plane is farther than r from the
       polygon, rounding included: no need to look.) */
    /* With r = 0 (a ray, a zero-radius sweep) the distance is never
       exactly 0 for a ray starting on a vertex: the vertex is off the
       computed plane by its rounding, and the ray was met at u = 1e-17
       on the side rounding gave it. Within the rounding of c0's and p's
       own coordinates (8 epsilon; not 64 epsilon of the polygon's, which
       would take a ray starting 1e-14 above a face with coordinates near
       10 and crossing it at u = 1/101 for one starting on it:
       test_raycast_in_plane) it touches at the start. */
    int f, k;
    vec3 p = flat_closest(c0, v, count, n, origin, 0, &f, &k);
    double dp = v_len2(v_sub(c0, p)), np = 0;
    if (r == 0) np = 8 * DBL_EPSILON * max2(v_maxabs_valid(c0), v_maxabs_valid(p));
    if (dp <= r * r || dp <= np * np) best = 0;
  }
  /* The edges' cylinders and the vertices' balls, each clipped to its
     region first: edge i's is outside its line (the prism's plane,
     reversed) and between the planes through its ends perpendicular to it;
     vertex i's is past the end of the edge before it and before the start
     of the edge after it. A piece that cannot start before the best so far
     is not solved.

     Padded regions. Exactly, the prism and these regions cover all space.
     Computed, they do not: around a vertex four planes that should meet in
     one line (the prism's side of the edge before it, that edge's end
     plane, the next edge's start plane, the prism's side of the next edge)
     are each off by their own rounding, and a centre moving along that
     line -- straight down onto a vertex of a triangle lying in y = 0, its
     projection inside by 1e-16 -- could be in none of them until the end
     of the step: it went through the triangle (u = 0.99997, not 0.814).
     So every edge and vertex region is widened by a margin above its
     constraints' rounding, and no longer meets its neighbours on one plane
     but overlaps them on a band.
     - The rounding. Each constraint is a dot product g.(x - v_i) with g the
       edge e_i = v_{i+1} - v_i or n x e_i (|g| = |e_i|, e_i rounded
       relatively by eps) and x - v_i of length <= 2 sqrt(3) scale; the
       computed p = g.(c0 - v_i), q = g.d and time -p/q put the crossing
       off by a few eps |e_i| scale in g.x's units. The margin is
       M_i = 64 eps scale |e_i|_1 >= 64 eps scale |e_i|: above it.
     - No gap. A point in an exact edge or vertex region is in the padded
       computed one (each constraint is off by less than M_i). A point x in
       the exact prism that the computed prism leaves out is computed
       outside some edge i's line, so it is in edge i's padded out_side (the
       prism's number, with M_i to spare), and exactly within a rounding
       distance h of that line. If it is also within edge i's padded end
       planes it is in edge i's region. Otherwise it is exactly past
       v_{i+1} along e_i (or before v_i: the same, mirrored); in the plane, with e_i = (1, 0), the inner normal
       (0, 1) and e_{i+1} = (cos a, sin a), 0 < a < pi the turn at v_{i+1},
       y = x - v_{i+1} has y1 > 0, 0 <= y2 <= h and (inside edge i+1)
       -y1 sin a + y2 cos a >= 0, which forces cos a >= 0: then
       y.e_{i+1} >= 0 (past edge i+1's start plane) and the distance to
       edge i+1's line, -y1 sin a + y2 cos a, is at most y2 <= h. So x is
       in edge i+1's padded region, or past its end and the same step goes
       on; it cannot go round the polygon, for each step makes |x - v_k|
       strictly smaller (|x - v_k|^2 = |x - v_{k+1}|^2 + |e_k|^2
       + 2 (x - v_{k+1}).e_k).
     - No early time. A ball is a part of the swept shape wherever it is
       clipped. An edge's cylinder within its padded end planes stays
       within sqrt(r^2 + (M_i / |e_i|)^2) of the segment: rounding. The
       prism is NOT padded: its sides widened by M would reach M / sin(A/2)
       past a vertex of angle A, far beyond rounding at the tip of a
       needle, and the proof above does not need it.
     Each end plane bounds an edge's region and a vertex's: plane_band
     gives both sides, each padded, from the edge's one reciprocal.

     Skipped, when the face prism is missed, if boundary_apart proves the
     path farther than r (and rounding) from every edge and vertex: then
     none of these pieces reports a time (see there), so the answer (no
     contact: best is still 2 here) is the one the loop would give, and
     the proof above is untouched (the pieces skipped are empty). Not tried when the prism is met: a path
     that crosses the polygon projects into it on every axis, so the test
     would only cost time there. */
  if (best > 0 && !(span_ok(&s) ? edges_clear(r, pk, qk, mk, count, kept, h0, hd, best, scale)
                                 : boundary_apart(r, c0, d, v, count, scale))) {
    double K = 64 * DBL_EPSILON * scale;
    /* the outside bands' margin, widened for a reflex vertex by twice
       reflex_reach's tau (K itself for a convex polygon or a triangle) */
    double Ko = count > 3 ? K + 2 * reflex_reach(v, count, n) : K;
    time_span end_above, below;   /* the side of the previous edge's end plane */
    vec3 e = v_sub(v[0], v[count - 1]);
    double de = v_dot(d, e);
    plane_band(v_dot(v_sub(c0, v[0]), e), de, de != 0 ? 1 / de : 0,
               K * (fabs(e.x) + fabs(e.y) + fabs(e.z)), &below, &end_above);
    for (i = 0; i < count && best > 0; i++) {
      vec3 next = v[i + 1 < count ? i + 1 : 0], w = v_sub(c0, v[i]);
      vec3 en = v_sub(next, v[i]), mi = v_cross(n, en);
      double dd = v_dot(d, en), idd = dd != 0 ? 1 / dd : 0;
      double l1 = fabs(en.x) + fabs(en.y) + fabs(en.z), M = K * l1;
      time_span start_below, start_above, end_below, next_end_above, out_side, in_side, sp;
      plane_band(v_dot(w, en), dd, idd, M, &start_below, &start_above);
      plane_band(v_dot(v_sub(c0, next), en), dd, idd, M, &end_below, &next_end_above);
      sp = span_and(span_and(unit, end_above), start_below);        /* vertex i */
      if (span_ok(&sp) && sp.lo < best) {
        t = first_in_ball(sp, c0, d, v[i], r);
        if (t < best) best = t;
      }
      plane_sides(v_dot(mi, w), v_dot(mi, d), Ko * l1, &out_side, &in_side);
      sp = span_and(span_and(span_and(unit, out_side), start_above), end_below);
      if (span_ok(&sp) && sp.lo < best) {                           /* edge i */
        t = first_in_cylinder(sp, c0, d, v[i], next, r);
        if (t < best) best = t;
      }
      end_above = next_end_above;
    }
  }
  if (r == 0 && mode == FLAT_3D && best > 0 && best <= 1 && h0 * hd > 0) {
    /* A ray leaving the plane on its start's side (one end clearly off
       it, ray_flat's FLAT_3D): exactly, it touches the polygon only where
       it starts, if it starts on it, so a later contact is the pieces'
       rounding (a ray 1e-19 above a face near a vertex at 1e-16, moving
       away from it by 1, was met at u = 1e-50 with the face normal on its
       start's side: along the motion). It touches at the start when c0
       is within the rounding of the pieces (m: 64 epsilon of the
       coordinates) of the polygon, else not at all. */
    int f, k;
    vec3 p = flat_closest(c0, v, count, n, origin, 0, &f, &k);
    best = v_len(v_sub(c0, p)) <= m ? 0 : 2;
  }
  if (best > 1) {
    hit_clear(out);
    return 0;
  }
  flat_contact(best == 0 ? c0 : v_madd(c0, d, best), c0,
               way_out(d), best, v, count, n, origin, mode, out);
  return 1;
}

static int ray_flat(vec3 p0, vec3 p1, const vec3 *v, int count, vec3 n,
                    vec3 origin, collide_hit *out);

static int sweep_flat(double r, vec3 c0, vec3 c1, const vec3 *v, int count,
                      vec3 n, vec3 origin, collide_hit *out) {
  return sweep_flat_scaled(r, c0, c1, v, count, n, origin, 0, FLAT_AUTO, out);
}

/* A sphere against a valid triangle abc, n its unit normal, S the sum of
   magnitudes of the arguments (the fused check's). */
COLLIDE_HOT int sphere_triangle_pieces(double r, const vec3 *c0,
                                       const vec3 *c1, const vec3 *a,
                                       const vec3 *b, const vec3 *c, vec3 n,
                                       double S, collide_hit *out) {
  vec3 v[3];
  v[0] = *a; v[1] = *b; v[2] = *c;
  /* zero radius: a ray, and the very call raycast_triangle's careful path
     makes (see ray_flat), so the two agree to the bit */
  if (r == 0) return ray_flat(*c0, *c1, v, 3, n, *a, out);
  return sweep_flat_scaled(r, *c0, *c1, v, 3, n, *a, S, FLAT_AUTO, out);
}

int collide_sweep_sphere_triangle(double r, const collide_vec3 *c0,
                                  const collide_vec3 *c1, const collide_vec3 *a,
                                  const collide_vec3 *b, const collide_vec3 *c,
                                  collide_hit *out) {
  vec3 n;
  double l2, S = mag_total(mag_add(mag_add2(mag_add2(mag_start(r), c0, c1),
                                             a, b), c));
  if (!(S <= COLLIDE_MAX_COORD && r >= 0)) {
    CHECK_RADIUS(r, 1);                /* one pass, else one by one */
    CHECK_VEC(c0, 2);
    CHECK_VEC(c1, 3);
    CHECK_VEC(a, 4);
    CHECK_VEC(b, 5);
    CHECK_VEC(c, 6);
  }
  if (!triangle_cross(*a, *b, *c, &n, &l2))
    return COLLIDE_FAIL(4, COLLIDE_E_DEGENERATE_TRIANGLE);
  n = unit_len2(n, l2);
  return sphere_triangle_pieces(r, c0, c1, a, b, c, n, S, out);
}

/* The same for the world's triangles (collide_query.c), valid since they
   were added, n their unit normal as collide__triangle_normal made it
   then (triangle_cross and unit_len2 on the same points: the same bits as
   above). S is formed as above, and arguments whose sum is not clearly
   fine (a moving triangle's relative motion can leave the input limit)
   take collide_sweep_sphere_triangle itself, checks and all; so the
   answer is collide_sweep_sphere_triangle's to the bit, without its
   triangle_cross, square root and division on every candidate of every
   sweep. */
int collide__sweep_sphere_triangle_n(double r, const vec3 *c0, const vec3 *c1,
                                     const vec3 *a, const vec3 *b,
                                     const vec3 *c, const vec3 *n,
                                     collide_hit *out) {
  double S = mag_total(mag_add(mag_add2(mag_add2(mag_start(r), c0, c1),
                                        a, b), c));
  if (!(S <= COLLIDE_MAX_COORD && r >= 0))
    return collide_sweep_sphere_triangle(r, c0, c1, a, b, c, out);
  return sphere_triangle_pieces(r, c0, c1, a, b, c, *n, S, out);
}

/* The 2D case of a ray (a segment, or a sweep of radius 0): the segment
   lies in the polygon's plane to rounding (ray_flat's test: both ends
   within plane_noise of it). The contract makes the polygon a solid region of
   that plane, so the answer is the first time the segment is in that
   region, and what it touches there -- a question of the plane alone.
   The plane distances h, which are rounding noise here, decide nothing:
   answered from them (the zero-thickness face prism, zero-radius edge
   cylinders), a segment 1e-20 off the plane missed where one in it hit,
   or met the "face" where its h changed sign by rounding, in the middle
   of the polygon (u from that crossing, the point from the boundary
   rule: off the segment), or, running along an edge, met the next edge
   at the far vertex, with that edge's normal facing away from p0.

   The region is the intersection of the half-planes inside the edges'
   lines, m_i.(x - v_i) >= 0, m_i = n x e_i (the face prism's own
   constraints and numbers, without its two plane constraints), so the
   times in it are one Cyrus-Beck clip of [0, 1] (Cyrus and Beck 1978;
   the line's parameter clipped against each edge in turn).
   - Empty: no contact.
   - Starting at 0: p0 is in the region (up to rounding); flat_contact's
     start rules, read in 2D (FLAT_2D): strictly inside, pushed out across
     the nearest edge; on the boundary, the in-plane normal there.
   - Starting at u > 0: the segment enters across the line of the edge j
     whose clip raised the start last, so p0 is outside that line (its
     g_j(0) < 0 and g_j grows: -m_j.(p0 - x(u)) = u m_j.d > 0, rounding
     aside) and x(u) is on it. The touched point is the boundary's point
     nearest x(u) (flat_closest): edge j's, or a neighbour's where j met
     it at a vertex (two nearly collinear edges cross the segment at
     nearly the same time, and rounding picks either: a fuzz finding).
     On an edge k, its outward in-plane normal -m_k / |m_k| when that
     faces p0; otherwise x(u) is at the vertex of k and j to rounding,
     and j's normal, which faces p0 as above. At a vertex, the in-plane
     part of -d, as flat_contact's vertex rule (it faces p0:
     -d.(p0 - x(u)) = u |d|^2), or j's normal when -d has none, and the
     time is the segment's closest approach to the vertex: at a sharp
     vertex (edges at an angle theta) the crossing of j's line is known
     only to rounding / theta along the segment (5e-8 of the coordinates
     for a sliver 4e-9 wide at 1e40), the closest approach to rounding.
     All lie in the plane; the point is on the segment and on the polygon
     to rounding. */
/* The rounding of a computed plane distance h(p) = n.(p - origin): n's
   direction is known to a few epsilon, so its error grows with
   |p - origin|, and the difference carries the rounding of p and origin
   (64 epsilon of their sum, as noise_valid() is of their maximum). */
static double plane_noise(vec3 p, vec3 origin) {
  return 64 * DBL_EPSILON *
         (v_maxabs_valid(p) + v_maxabs_valid(origin) + v_maxabs_valid(v_sub(p, origin)));
}

static int flat_in_plane(vec3 p0, vec3 p1, const vec3 *v, int count, vec3 n,
                         vec3 origin, collide_hit *out) {
  vec3 d = v_sub(p1, p0), e, c, normal, w;
  time_span s = { 0, 1 };
  int i, j = -1, feature, k;
  for (i = 0; i < count && span_ok(&s); i++) {
    vec3 mi = v_cross(n, v_sub(v[i + 1 < count ? i + 1 : 0], v[i]));
    double lo = s.lo;
    clip_linear(&s, -v_dot(mi, v_sub(p0, v[i])), -v_dot(mi, d));
    if (s.lo > lo) j = i;             /* the start raised by edge i */
  }
  if (!span_ok(&s)) {
    hit_clear(out);
    return 0;
  }
  if (j >= 0 && s.lo > 0) {
    /* starting on the boundary: a ray from a vertex is outside the
       computed line of the edge ending there by that line's rounding, and
       was met at u = 1e-17 on the edge with its outward normal, which need
       not face against the motion. Within the rounding of p0's and the
       boundary point's own coordinates (8 epsilon, as sweep_flat's start)
       it starts touching. */
    c = flat_closest(p0, v, count, n, origin, 1, &feature, &k);
    if (v_len(v_sub(p0, c)) <= 8 * DBL_EPSILON * max2(v_maxabs_valid(p0), v_maxabs_valid(c))) j = -1;
  }
  if (j < 0) {                        /* s.lo = 0: starting in the region */
    flat_contact(p0, p0, way_out(d), 0, v, count, n, origin, FLAT_2D, out);
    return 1;
  }
  /* the boundary's point nearest x(u): edge j's, unless rounding put
     x(u) nearer a neighbour (a vertex between nearly collinear edges,
     whose lines cross the segment at nearly the same time) */
  c = flat_closest(v_madd(p0, d, s.lo), v, count, n, origin, 1, &feature, &k);
  e = v_sub(v[j + 1 < count ? j + 1 : 0], v[j]);
  normal = v_normalize(v_cross(e, n));          /* -(n x e_j): outward */
  if (feature == COLLIDE_FEATURE_EDGE) {
    /* edge k's outward normal, when it faces p0: else x(u) is at a vertex
       of k and j to rounding, and edge j's faces p0 (see above) */
    vec3 nk = v_normalize(v_cross(v_sub(v[k + 1 < count ? k + 1 : 0], v[k]), n));
    if (v_dot(nk, v_sub(p0, c)) >= 0) normal = nk;
  } else {
    double dd = v_len2(d), t;
    if (dd > 0) {       /* the closest approach to the vertex, in [0, 1] */
      t = v_dot(v_sub(c, p0), d) / dd;
      s.lo = t < 0 ? 0 : (t > 1 ? 1 : t);
    }
    w = v_madd(d, n, -v_dot(n, d));
    if (v_len2(w) > 0) normal = v_normalize(v_neg(w));
  }
  out->u = s.lo;
  out->point = c;
  out->normal = normal;
  out->feature = feature;
  return 1;
}

/* Ray (segment) cast against a convex polygon; also the sweeps of radius
   0 (collide_sweep_sphere_triangle and _polygon call it for r = 0). Let
   tol be 64 epsilon of the largest coordinate involved, far above the
   rounding of the plane distances h(x) = n.(x - origin) of the inputs and
   of the vertices. By the two ends' distances:
   - Both beyond tol on one side: the segment never comes within tol of
     the plane, which the polygon lies in to rounding: no contact.
   - Each within the rounding of its own distance, plane_noise: the
     segment lies in the plane to rounding -- the 2D case, flat_in_plane
     above. Not tol: far vertices do not blur the plane near origin, and
     a segment from 1e20 above to 1e20 below a triangle 1e40 across,
     near its corner origin, crosses it (it read as in the plane, u = 0).
   - Otherwise an end is clearly off the plane and the segment meets the
     plane at one point, or touches it at its other end: sweep_flat with
     r = 0, whose edge cylinders and vertex balls contain a point only at
     an exactly zero computed distance from an edge (rounding aside, the
     segment must meet the boundary), with its contact read in 3D
     (FLAT_3D: after the start, the face normal on p0's side). The two
     common cases are answered directly (RTR 3rd ed. 16.8, the
     Moller-Trumbore idea: where the segment crosses the plane, and
     whether that point is inside), with sweep_flat's own answers, for
     these reasons.
   Ends beyond tol on opposite sides: the segment crosses the plane once,
   at t = h0 / (h0 - h1), at P, and is within tol of the plane only for
   |s - t| <= tol / |hd| (hd = n.d), moving |d| tol / |hd| in that time.
   When P is farther than a margin of that size (times 256, for the
   rounding of t and P themselves) from every edge's line, the segment
   cannot meet the boundary: the answer is the face prism's alone,
   computed by the very same clipping as in sweep_flat, and the contact
   the same flat_contact call. Inside every edge: the face at t; outside
   an edge (so the whole polygon is on the far side of that line): no
   contact.
   Distances to edge lines are compared as g_i = m_i.(P - v_i), m_i =
   n x e_i with |m_i| = |e_i|, against bounds from the largest components
   (|x| <= sqrt(3) maxabs(x)), so no square roots. Coordinates below 1e-90
   (where the products of three could underflow) take the general path. */
static int ray_flat(vec3 p0, vec3 p1, const vec3 *v, int count, vec3 n,
                    vec3 origin, collide_hit *out) {
  vec3 d = v_sub(p1, p0);
  double h0 = v_dot(n, v_sub(p0, origin)), h1 = v_dot(n, v_sub(p1, origin));
  double scale = v_maxabs_valid(p0), t, tol, hd, md;
  int i, inside = 1;
  time_span s = { 0, 1 };
  if ((t = v_maxabs_valid(p1)) > scale) scale = t;
  if ((t = v_maxabs_valid(origin)) > scale) scale = t;
  for (i = 0; i < count; i++)
    if ((t = v_maxabs_valid(v[i])) > scale) scale = t;
  tol = 64 * DBL_EPSILON * scale;
  if ((h0 > tol && h1 > tol) || (h0 < -tol && h1 < -tol)) {
    hit_clear(out);     /* both ends clearly on one side */
    return 0;
  }
  if (!(fabs(h0) > plane_noise(p0, origin)) && !(fabs(h1) > plane_noise(p1, origin)))
    return flat_in_plane(p0, p1, v, count, n, origin, out);   /* 2D */
  if (!(scale > 1e-90) || !(fabs(h0) > tol && fabs(h1) > tol))
    return sweep_flat_scaled(0, p0, p1, v, count, n, origin, 0, FLAT_3D, out);
  /* sweep_flat's face prism for r = 0, the same operations (h0 - 0 is h0;
     clipping an empty time_span leaves it empty, so all edges may be clipped) */
  hd = v_dot(n, d);
  clip_linear(&s, h0, hd);
  clip_linear(&s, -h0, -hd);
  t = -h0 / hd;          /* the crossing, between the clear ends */
  if (!(t > 0 && t < 1))
    return sweep_flat_scaled(0, p0, p1, v, count, n, origin, 0, FLAT_3D, out);
  md = 256 * 3 * tol * v_maxabs_valid(d);
  hd = fabs(hd);
  for (i = 0; i < count; i++) {
    vec3 m = v_cross(n, v_sub(v[i + 1 < count ? i + 1 : 0], v[i]));
    double a = v_dot(m, v_sub(p0, v[i])), b = v_dot(m, d);
    double g = a + b * t, need = md * v_maxabs_valid(m);   /* m.(P - v_i) */
    clip_linear(&s, -a, -b);
    if (g * hd < -need) inside = -1;             /* clearly outside its line */
    else if (inside > 0 && !(g * hd > need)) inside = 0;   /* near its line */
  }
  if (inside < 0 && !span_ok(&s)) {
    hit_clear(out);
    return 0;
  }
  if (inside > 0 && span_ok(&s) && s.lo > 0) {
    flat_contact(v_madd(p0, d, s.lo), p0, way_out(d), s.lo, v, count, n,
                 origin, FLAT_3D, out);
    return 1;
  }
  return sweep_flat_scaled(0, p0, p1, v, count, n, origin, 0, FLAT_3D, out);
}

/* The filtered predicate of a ray cast against a triangle (issue 12):
   Moller and Trumbore's numbers (RTR 3rd ed. 16.8) evaluated directly,
   each compared against a proven bound instead of trusting its sign, so
   that the clear cases -- a segment that misses by far, or one that
   crosses the face well inside it -- are answered without ray_flat's
   careful work, and only a segment within the bound of a decision
   boundary (near an edge, a vertex, the plane, or nearly parallel to it)
   goes to ray_flat (raycast_triangle_careful). The clear face hit is
   answered with the very bits ray_flat gives it.

   Notation: e1 = b - a, e2 = c - a, e3 = c - b, s = p0 - a, d = p1 - p0,
   cr = e1 x e2 (triangle_cross's), P = d x e2, Q = s x e1, det = e1.P,
   nu = s.P, nv = d.Q, w = det - nu - nv; MT's barycentrics of the line's
   crossing are u = nu / det, v = nv / det, 1 - u - v = w / det. e11,
   e22, dd, l2 are the squared lengths of e1, e2, d, cr.

   Why a number outside [min(0, det), max(0, det)] separates the whole
   line from the triangle. The plane through a spanned by d and e2 has
   normal P; along the segment's line (s + t d).P = s.P = nu does not
   change (d.P = 0), and over the triangle a + beta e1 + gamma e2 (beta,
   gamma >= 0, beta + gamma <= 1) the same offset is beta det, between 0
   and det. So nu beyond that interval by q puts the line at least
   q / |P| >= q / (|d| |e2|) away from the triangle. The plane through a
   spanned by d and e1 (normal d x e1): the line's offset is s.(d x e1) =
   -nv, the triangle's gamma e2.(d x e1) = -gamma det; negated, nv against
   [0, det] again, distance >= q / (|d| |e1|). The plane through b
   spanned by d and e3 (normal d x e3 = P - d x e1): the line's offset is
   (s - e1).(d x e3) = nu + nv - det = -w, the triangle's det (beta +
   gamma - 1); negated, w against [0, det], distance >= q / (|d| |e3|),
   |e3|^2 <= (|e1| + |e2|)^2 <= 2 (e11 + e22). Both ends of the segment
   on one side of the plane: h0 = s.cr at p0 and h1 = h0 - det at p1
   (d.cr = -det), distances h / |cr| >= h / (|e1| |e2|).

   The margins are compared squared (no square roots), with k = 4e-9 S, S
   the sum of all magnitudes of the arguments (the fused check's), so at
   least every coordinate, and |d|^2 <= 12 S^2 standing in for dd before a
   hit is in sight (a larger margin, as rigorous): q^2 > k^2 12 S^2 e22
   for nu, and so on. A line at least k away from the triangle is some
   10^7 times beyond the rounding ray_flat and sweep_flat allow (a few
   hundred epsilon of the largest coordinate; collide__ray_triangle_misses
   relies on the same), so they report a miss too. Rounding of the tests
   themselves: each number above is a triple product of rounded
   differences (h1 and w: sums of two or three), computed with an error
   below 50 epsilon times the product of its factors' lengths, |s|, |d|
   <= 2 sqrt(3) S; each margin carries the same factors (|d| |e2| for nu
   and det, |e1| |e2| for h, ...) times 4e-9 S, some 10^5 times more. So a
   number beyond the interval by the margin in floating point is beyond
   it in exact arithmetic by most of the margin, whatever the rounding of
   det (the interval's end) -- the sign of det need not be certain for a
   miss. No overflow within the input limit (squared lengths up to
   1.2e101, products of three up to 1.7e303); every margin is required to
   be a normal number above 1e-280, far above any underflow of the
   products (else the careful path decides).

   The clear hit: both ends beyond k on opposite sides of the plane, the
   segment at least 1e-2 steep to the plane (det^2 > 1.01e-4 dd e11 e22:
   |det| = |d.cr| = |d| |cr| sin(angle) and |cr| <= |e1| |e2|, 1.01 over
   the rounding of l2 = |cr|^2; this also makes the sign of det certain,
   |det| > 1e-12 |e1| |d| |e2|), and u, v, 1 - u - v positive by
   K = 1e-6 S in the sense above. ray_flat then decides every one of its
   own tests the same way (its edge tests need g hd > 49152 eps scale |d|
   |e_i|, here g >= K |e_i| and hd >= 1e-2 |d|), and answers with the face
   prism's crossing t = -h0 / hd (over the unit normal) and flat_contact's
   face: the point projected onto the plane, the normal toward p0.
   collide__raycast_triangle_face does the same operations in the same order.

   The degenerate triangle, an error whatever the ray, without forming
   cr (the filter's job before any answer). triangle_cross's criterion is
   sqrt(l2) > x in floating point, l2 = fl(|fl(e1 x e2)|^2) and
   x = fl(DEGENERATE_AREA M), M the largest computed squared edge, with
   e1 = fl(b - a) and e2 = fl(c - a) the very numbers used here. Exactly,
   det = e1.(d x e2) = -d.(e1 x e2), so |e1 x e2| >= |det| / |d|. Let
   E = e11 + e22 (>= 2 |e1| |e2|), and u the unit roundoff. Then:
   |det| computed is within 10 u |e1| |d| |e2| <= 5 u |d| E of the exact
   one; |d| <= |p0|_1 + |p1|_1 <= S (1 + 20 u) (S sums every magnitude);
   fl(e1 x e2) is within 4 u |e1| |e2| <= 2 u E of e1 x e2, and sqrt(l2)
   within 3 u of its length; |c - b| <= |e1| + |e2| (1 + 2 u), so
   M <= 2 E (1 + 8 u). Hence |det| > 2.02e-12 E S (computed, within 30 u)
   gives sqrt(l2) >= (2.02e-12 E (1 - 30 u) - 5 u E - 2 u E)(1 - 3 u)
   > 2.01e-12 E > x (1 + 1e-3): triangle_cross returns 1 (also through its
   squares, which it uses only when l2 and x^2 are 1.0001 apart). Its
   squares must not underflow: every edge here at least 1e-30 long
   (e11, e22 > 1e-60, required first) keeps |e1 x e2| >= 2e-12 E above
   1e-72. The same bound keeps every margin above a normal number
   (m e_ii >= 192e-18 S^4 1e-60 with S >= |e_i| > 1e-30: above 1e-197).
   When det cannot decide (a segment nearly parallel to the plane, or a
   short one), triangle_cross's own test is made with cr, as it was
   before the filter, and the careful path decides the rest.

   The boxes clearly apart, tested before any of these numbers
   (mt_boxes_miss; 46 of the bench's 64 cases, 29 percent of the
   differential's). When on some axis, say x, g = fl(min(a, b, c)_x -
   max(p0, p1)_x) exceeds K = fl(4e-9 S) (or min(p0, p1)_x - max(a, b, c)_x
   does): min and max are exact, the difference is rounded once (by at
   most u = 2^-53 of itself; a subtraction has no underflow error), so
   exactly every point of the triangle (a convex combination of a, b, c)
   lies beyond every point of the segment in x by g / (1 + u) >
   4e-9 S (1 - 2u): the segment is farther than k from the triangle, the
   line's margin above now for the segment itself, and S is at least the
   largest coordinate (within 15 u), ray_flat's scale. So the careful path
   reports the miss (the rounding ray_flat and sweep_flat allow is a few
   hundred epsilon of the scale, 10^7 times less; collide__ray_triangle_misses
   takes a segment 1e-12 of the scale away for a miss on the same
   grounds): hit_clear and 0. Taken only when the careful path would be
   reached at all:
   - S within the input limit, S the fused check's sum of the 15
     magnitudes, the very one the filter made before (the same additions
     in the same order): a NaN makes it NaN, an infinity infinite, a
     coordinate over the limit puts it over (a rounded sum of magnitudes
     is at least each one), so a bad argument is left to the one-by-one
     checks and their error.
   - The triangle proven not degenerate (triangle_cross's test passed),
     by Lagrange's identity |e1 x e2|^2 = e11 e22 - (e1.e2)^2 on the
     rounded edges e1 = fl(b - a), e2 = fl(c - a) (triangle_cross's own):
     with E = e11 + e22 > 1e-60 and L = e11 e22 - (e1.e2)^2 computed above
     1e-14 E^2. Each of e11, e22, e1.e2 is within 3u |e_i| |e_j| of its
     exact value (a fused multiply-add only removes roundings), so L is
     within 16 u e11 e22 <= 4 u E^2 of |e1 x e2|^2, which is then above
     (1e-14 - 5e-16) E^2; triangle_cross's fl(e1 x e2) is within 3 sqrt(3)
     u |e1| |e2| <= 3 u E of e1 x e2, its l2 (three roundings more) above
     9e-15 E^2, while its bound x = fl(1e-12 M), M the longest squared
     edge <= 2 E (1 + 8 u), gives 1.0001 x^2 < 4.1e-24 E^2: its square
     test passes (or, x below 1e-150, its square root). No underflow spoils
     this: L > 1e-14 E^2 > 1e-134 keeps e11 e22 normal, and a product that
     underflows errs by 2^-1074 at most; some edge is above 7e-31, so S
     too and K is a normal number. Slivers (|e1 x e2| below 1e-7 E) are
     left to the filter.
   Otherwise nothing is decided: the filter below gets S and decides as
   before, so every answer is the same bits as without the test. A
   differential against the previous core (3e7 cases of mixed scales,
   grazing and touching segments, degenerate triangles and bad arguments;
   the SSE2 and the scalar build) found no difference, and hundreds when
   K or the 1e-14 were set to 0 (bench/README.md).

   The numbers come from mt_get, two at a time where SSE2 allows: h0 as
   e2.Q (= s.(e1 x e2), the same triple product, its rounding bounded the
   same way). */
#define MT_BOX_K 4e-9   /* K = MT_BOX_K S: the boxes' margin, k */

/* The careful path (and the degenerate-triangle rejection): ray_flat, a
   ray being a sweep of radius 0, the face normal facing p0's side. Out of
   line, so that the filter below keeps no frame for it. */
COLLIDE_COLD_FN int collide__raycast_triangle_careful(const collide_vec3 *p0,
                                                     const collide_vec3 *p1,
                                                     const collide_vec3 *a,
                                                     const collide_vec3 *b,
                                                     const collide_vec3 *c,
                                                     collide_hit *out) {
  vec3 v[3], cr;
  double l2;
  if (!triangle_cross(*a, *b, *c, &cr, &l2))
    return COLLIDE_FAIL(3, COLLIDE_E_DEGENERATE_TRIANGLE);
  v[0] = *a; v[1] = *b; v[2] = *c;
  return ray_flat(*p0, *p1, v, 3, unit_len2(cr, l2), v[0], out);
}

/* The clear face hit (see above): ray_flat's answer for it, computed by
   the same operations in the same order -- the face prism's crossing
   t = -h0 / hd over the unit normal, flat_contact's face: the point on
   the segment projected onto the plane, the normal toward p0. Out of
   line: the filter's registers stay free for the common misses. */
COLLIDE_NOINLINE_FN int collide__raycast_triangle_face(const collide_vec3 *p0,
                                                       const collide_vec3 *p1,
                                                       const collide_vec3 *a,
                                                       const collide_vec3 *e1,
                                                       const collide_vec3 *e2,
                                                       const collide_vec3 *b,
                                                       const collide_vec3 *c,
                                                       collide_hit *out) {
  /* e1 = fl(b - a) and e2 = fl(c - a), from the caller (NULL: not kept) */
  vec3 cr = e1 ? v_cross(*e1, *e2) : v_cross(v_sub(*b, *a), v_sub(*c, *a)), n, d, x;
  double h0, hd, t;
  n = unit_len2(cr, v_len2(cr));
  d = v_sub(*p1, *p0);
  h0 = v_dot(n, v_sub(*p0, *a));
  hd = v_dot(n, d);
  t = -h0 / hd;
  if (!(t > 0 && t < 1)) return collide__raycast_triangle_careful(p0, p1, a, b, c, out);
  x = v_madd(*p0, d, t);
  out->u = t;
  out->point = v_madd(x, n, -v_dot(n, v_sub(x, *a)));
  out->normal = v_scale(n, h0 > 0 ? 1 : -1);
  out->feature = COLLIDE_FEATURE_FACE;
  return 1;
}

/* The arguments one by one (the fused check failed: a bad one, or valid
   numbers whose magnitudes sum over the limit), then the careful path. */
COLLIDE_COLD_FN int collide__raycast_triangle_slow(const collide_vec3 *p0,
                                                  const collide_vec3 *p1,
                                                  const collide_vec3 *a,
                                                  const collide_vec3 *b,
                                                  const collide_vec3 *c,
                                                  collide_hit *out) {
  CHECK_VEC(p0, 1);
  CHECK_VEC(p1, 2);
  CHECK_VEC(a, 3);
  CHECK_VEC(b, 4);
  CHECK_VEC(c, 5);
  return collide__raycast_triangle_careful(p0, p1, a, b, c, out);
}

/* The numbers of the filter above, for the fast path: S (the fused
   check's sum of all magnitudes, made by mt_boxes_miss below and handed
   on), e11 = |e1|^2, e22 = |e2|^2, det = e1.P,
   nu = s.P, nv = d.Q and h0 = e2.Q (= s.(e1 x e2)), with P = d x e2 and
   Q = s x e1. Where SSE2 is there (every x86-64) two of them at a time:
   the axes of (d, s) and (e2, e1) as pairs, so that one packed cross
   product gives (P, Q), and with its lanes swapped one packed dot product
   (nv, nu) = (d.Q, s.P), another (h0, det) = (e2.Q, e1.P); each lane does
   the scalar formulas' very operations in their order. outside: the two commonest misses
   (nu or nv outside [min(0, det), max(0, det)] by the margin, as below)
   decided together. */

#if defined(__SSE2__)
static inline __m128d ld_pair(const double *lo, const double *hi) {
  return _mm_loadh_pd(_mm_load_sd(lo), hi);
}
static inline __m128d dot_pair(__m128d ax, __m128d ay, __m128d az,
                               __m128d bx, __m128d by, __m128d bz) {
  return _mm_add_pd(_mm_add_pd(_mm_mul_pd(ax, bx), _mm_mul_pd(ay, by)),
                    _mm_mul_pd(az, bz));
}
/* One axis: (d, s) = (p1 - p0, p0 - a) and (e2, e1) = (c - a, b - a)
   from its coordinates. S comes from mt_boxes_miss (the fused check's
   sum, made there for the boxes' margin), so the chain from the loads to
   the commonest miss's branch is the cross and dot products and the
   margin, S^4 (12 k'^2 e) (the bench's time per call follows the longest
   chain of the call more than its count of instructions: bench/README.md,
   issue 12). The margin's rounding changes with its grouping, which no
   decision can tell: see "Every decision is proven ... with margins" in
   collide_sphere.h. */
static inline void mt_axis(const double *p0, const double *p1,
                           const double *a, const double *b, const double *c,
                           __m128d *D, __m128d *E) {
  __m128d P = ld_pair(p1, p0), C = ld_pair(c, b), A1 = _mm_load_sd(a);
  __m128d A = _mm_unpacklo_pd(A1, A1);
  *D = _mm_sub_pd(P, _mm_shuffle_pd(P, A, 1));
  *E = _mm_sub_pd(C, A);
}
COLLIDE_HOT void mt_get(const vec3 *p0, const vec3 *p1, const vec3 *a,
                        const vec3 *b, const vec3 *c, double S, mt_numbers *k) {
  __m128d acc = _mm_set1_pd(S), Dx, Dy, Dz, Ex, Ey, Ez, X, Y, Z, ee, vu, hd;
  mt_axis(&p0->x, &p1->x, &a->x, &b->x, &c->x, &Dx, &Ex);
  mt_axis(&p0->y, &p1->y, &a->y, &b->y, &c->y, &Dy, &Ey);
  mt_axis(&p0->z, &p1->z, &a->z, &b->z, &c->z, &Dz, &Ez);
  k->S = S;
  /* (P, Q) = (d x e2, s x e1) */
  X = _mm_sub_pd(_mm_mul_pd(Dy, Ez), _mm_mul_pd(Dz, Ey));
  Y = _mm_sub_pd(_mm_mul_pd(Dz, Ex), _mm_mul_pd(Dx, Ez));
  Z = _mm_sub_pd(_mm_mul_pd(Dx, Ey), _mm_mul_pd(Dy, Ex));
  ee = dot_pair(Ex, Ey, Ez, Ex, Ey, Ez);                 /* (e22, e11) */
  k->e22 = _mm_cvtsd_f64(ee);
  k->e11 = _mm_cvtsd_f64(_mm_unpackhi_pd(ee, ee));
  /* (Q, P) by axis, then (nv, nu) = (d.Q, s.P), (h0, det) = (e2.Q, e1.P) */
  X = _mm_shuffle_pd(X, X, 1);
  Y = _mm_shuffle_pd(Y, Y, 1);
  Z = _mm_shuffle_pd(Z, Z, 1);
  vu = dot_pair(Dx, Dy, Dz, X, Y, Z);
  hd = dot_pair(Ex, Ey, Ez, X, Y, Z);
  k->nv = _mm_cvtsd_f64(vu);
  k->nu = _mm_cvtsd_f64(_mm_unpackhi_pd(vu, vu));
  k->h0 = _mm_cvtsd_f64(hd);
  k->det = _mm_cvtsd_f64(_mm_unpackhi_pd(hd, hd));
  {   /* the two commonest misses at once, (nv, nu) against (e11, e22) */
    const __m128d zero = _mm_setzero_pd();
    __m128d dd = _mm_unpackhi_pd(hd, hd);
    __m128d lo = _mm_min_pd(dd, zero), hi = _mm_max_pd(dd, zero), q;
    __m128d SS = _mm_mul_pd(acc, acc);
    q = _mm_max_pd(_mm_max_pd(_mm_sub_pd(lo, vu), _mm_sub_pd(vu, hi)), zero);
    k->outside = _mm_movemask_pd(_mm_cmpgt_pd(
        _mm_mul_pd(q, q), _mm_mul_pd(_mm_mul_pd(SS, SS),
                                     _mm_mul_pd(_mm_set1_pd(16e-18 * 12),
                                                _mm_shuffle_pd(ee, ee, 1)))));
  }
}
/* One half of the boxes' test: the points' (x, y) pairs, or their z in
   the lower lane (0 in the upper: a gap 0 - 0, never above K > 0); the
   larger of min(a, b, c) - max(p0, p1) and min(p0, p1) - max(a, b, c). */
static inline __m128d mt_gap(__m128d p, __m128d q, __m128d u, __m128d v, __m128d w) {
  return _mm_max_pd(_mm_sub_pd(_mm_min_pd(_mm_min_pd(u, v), w), _mm_max_pd(p, q)),
                    _mm_sub_pd(_mm_min_pd(p, q), _mm_max_pd(_mm_max_pd(u, v), w)));
}
/* The triangle proven not degenerate for the boxes' miss (see above),
   by Lagrange's identity: L = e11 e22 - (e1.e2)^2 above 1e-14 E^2,
   E = e11 + e22 above 1e-60, from the points as (x, y) pairs and z. */
static inline int mt_not_degenerate(const vec3 *a, const vec3 *b, const vec3 *c) {
  __m128d A = _mm_loadu_pd(&a->x), Az = _mm_load_sd(&a->z);
  __m128d e1 = _mm_sub_pd(_mm_loadu_pd(&b->x), A), e1z = _mm_sub_sd(_mm_load_sd(&b->z), Az);
  __m128d e2 = _mm_sub_pd(_mm_loadu_pd(&c->x), A), e2z = _mm_sub_sd(_mm_load_sd(&c->z), Az);
  __m128d s1 = _mm_mul_pd(e1, e1), s2 = _mm_mul_pd(e2, e2), s3 = _mm_mul_pd(e1, e2);
  __m128d zz = _mm_unpacklo_pd(e1z, e2z), ee, e12, E, L;
  /* (e11, e22), each (x^2 + y^2) + z^2; e1.e2 the same way */
  ee = _mm_add_pd(_mm_add_pd(_mm_unpacklo_pd(s1, s2), _mm_unpackhi_pd(s1, s2)),
                  _mm_mul_pd(zz, zz));
  e12 = _mm_add_sd(_mm_add_sd(s3, _mm_unpackhi_pd(s3, s3)), _mm_mul_sd(e1z, e2z));
  E = _mm_unpackhi_pd(ee, ee);            /* e22 */
  L = _mm_sub_sd(_mm_mul_sd(ee, E), _mm_mul_sd(e12, e12));
  E = _mm_add_sd(ee, E);
  return _mm_comigt_sd(E, _mm_set_sd(1e-60)) &
         _mm_comigt_sd(L, _mm_mul_sd(_mm_set_sd(1e-14), _mm_mul_sd(E, E)));
}
/* The magnitudes of one axis of p0, p1, b and c, as (|p1| + |c|, |p0| + |b|). */
static inline __m128d mt_axis_mag(const double *p0, const double *p1, const double *b,
                                  const double *c) {
  const __m128d abs_mask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL));
  return _mm_add_pd(_mm_and_pd(ld_pair(p1, p0), abs_mask), _mm_and_pd(ld_pair(c, b), abs_mask));
}
/* 1 for the boxes' miss (see "The boxes clearly apart" above), and S: the
   sum of the 15 magnitudes as the filter made it before (by axis as pairs,
   a's as (x, y) and z, the sums as a tree, then the two lanes); then on
   some axis a gap above K = MT_BOX_K S, from the points loaded again as
   (x, y) pairs and z (not shared with the sum: with shared loads GCC kept
   copies for SSE2's two-operand forms and spilled five of them, 7 more
   instructions a call), S within the input limit, and the triangle proven
   not degenerate. */
static inline int mt_boxes_miss(const vec3 *p0, const vec3 *p1, const vec3 *a,
                                const vec3 *b, const vec3 *c, double *S) {
  const __m128d abs_mask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL));
  __m128d acc, aa, g;
  acc = _mm_add_pd(mt_axis_mag(&p0->x, &p1->x, &b->x, &c->x),
                   mt_axis_mag(&p0->y, &p1->y, &b->y, &c->y));
  aa = _mm_add_pd(_mm_and_pd(_mm_loadu_pd(&a->x), abs_mask),
                  _mm_and_pd(_mm_load_sd(&a->z), abs_mask));
  acc = _mm_add_pd(acc, _mm_add_pd(mt_axis_mag(&p0->z, &p1->z, &b->z, &c->z), aa));
  acc = _mm_add_pd(acc, _mm_shuffle_pd(acc, acc, 1));   /* S in both lanes */
  g = _mm_max_pd(mt_gap(_mm_load_sd(&p0->z), _mm_load_sd(&p1->z), _mm_load_sd(&a->z),
                        _mm_load_sd(&b->z), _mm_load_sd(&c->z)),
                 mt_gap(_mm_loadu_pd(&p0->x), _mm_loadu_pd(&p1->x), _mm_loadu_pd(&a->x),
                        _mm_loadu_pd(&b->x), _mm_loadu_pd(&c->x)));
  *S = _mm_cvtsd_f64(acc);
  return _mm_movemask_pd(_mm_cmpgt_pd(g, _mm_mul_pd(acc, _mm_set1_pd(MT_BOX_K)))) &&
         *S <= COLLIDE_MAX_COORD && mt_not_degenerate(a, b, c);
}
#else
COLLIDE_HOT void mt_get(const vec3 *p0, const vec3 *p1, const vec3 *a,
                        const vec3 *b, const vec3 *c, double S, mt_numbers *k) {
  vec3 e1 = v_sub(*b, *a), e2 = v_sub(*c, *a);
  if (!mt_from_edges(v_sub(*p1, *p0), v_sub(*p0, *a), e1, e2, S, v_len2(e1),
                     v_len2(e2), k))
    k->outside = 1;   /* (the numbers not needed then left unset) */
}
/* One axis of the boxes' separation (mt_half's gap, by scalars). */
static inline int mt_axis_apart(double p, double q, double u, double v, double w,
                                double K) {
  return mt_min(mt_min(u, v), w) - mt_max(p, q) > K ||
         mt_min(p, q) - mt_max(mt_max(u, v), w) > K;
}
static inline int mt_boxes_miss(const vec3 *p0, const vec3 *p1, const vec3 *a,
                                const vec3 *b, const vec3 *c, double *S) {
  double K;
  vec3 e1, e2;
  double e11, e22, e12, E;
  *S = mag3(p0) + mag3(p1) + mag3(a) + mag3(b) + mag3(c);
  K = MT_BOX_K * *S;
  if (!(mt_axis_apart(p0->x, p1->x, a->x, b->x, c->x, K) ||
        mt_axis_apart(p0->y, p1->y, a->y, b->y, c->y, K) ||
        mt_axis_apart(p0->z, p1->z, a->z, b->z, c->z, K)) ||
      !(*S <= COLLIDE_MAX_COORD))
    return 0;
  e1 = v_sub(*b, *a);
  e2 = v_sub(*c, *a);
  e11 = v_len2(e1);
  e22 = v_len2(e2);
  e12 = v_dot(e1, e2);
  E = e11 + e22;
  return E > 1e-60 && e11 * e22 - e12 * e12 > 1e-14 * (E * E);
}
#endif

/* The filter and its decision (see above), out of line so that the boxes'
   miss before it keeps no registers for it. */
static COLLIDE_NOINLINE_FN int raycast_triangle_filtered(const collide_vec3 *p0,
                                                         const collide_vec3 *p1,
                                                         const collide_vec3 *pa,
                                                         const collide_vec3 *pb,
                                                         const collide_vec3 *pc,
                                                         double S, collide_hit *out) {
  mt_numbers k;
  mt_get(p0, p1, pa, pb, pc, S, &k);
  return mt_decide(&k, p0, p1, pa, pb, pc, NULL, NULL, out);
}

int collide_raycast_triangle(const collide_vec3 *p0, const collide_vec3 *p1,
                             const collide_vec3 *pa, const collide_vec3 *pb,
                             const collide_vec3 *pc, collide_hit *out) {
  double S;
  if (mt_boxes_miss(p0, p1, pa, pb, pc, &S)) {   /* the boxes clearly apart */
    hit_clear(out);
    return 0;
  }
  return raycast_triangle_filtered(p0, p1, pa, pb, pc, S, out);
}

/* ---- the world's quick miss for rays ---------------------------------------- */

static double max3(double a, double b, double c) {
  double m = a > b ? a : b;
  return m > c ? m : c;
}

/* 1 when the segment p0-p1 certainly misses the triangle abc: then
   collide_raycast_triangle returns 0 (a zeroed hit) for it, so a world may
   answer that without calling it. 0 when in doubt. For valid arguments
   only (finite, the triangle not degenerate: the world checked both when
   they were added and when the query began).

   Why the answer is the same: collide_raycast_triangle reports contact
   only where the segment comes within rounding of the triangle -- a few
   hundred epsilon of the largest coordinate (ray_flat's tolerances, and
   sweep_flat's exact pieces of radius 0). This test says "miss" only when
   the segment stays farther than about 1e-12 of that scale from the
   triangle, in exact arithmetic, with every rounding error of its own
   bounded and far below its margins:
   - both ends on one side of the plane, each by more than 1e-9 * scale;
   - or the segment crosses the plane at an angle whose sine is at least
     1e-3 (so the crossing point is well conditioned), and the crossing
     point lies outside an edge's line by more than 1e-9 * scale; the
     segment then stays at least 1e-12 * scale away from the triangle.
   The plane is n = (b - a) x (c - a), never normalized: with E the product
   of the largest components of b - a and c - a, |n| <= 3E and n's
   rounding is below 8 epsilon E per component; the margins below are
   those distances times 3E (or 3E times an edge's largest component),
   bounds on the lengths the signed quantities carry. (Ericson 5.3.6 does
   the same crossing with scalar triple products; here each step has a
   margin instead of an exact sign.) Cost: a tenth of the full test. */
int collide__ray_triangle_misses(const vec3 *p0, const vec3 *p1, const vec3 *a,
                                 const vec3 *b, const vec3 *c) {
  vec3 ab = v_sub(*b, *a), ac = v_sub(*c, *a), d = v_sub(*p1, *p0);
  vec3 n = v_cross(ab, ac), w0 = v_sub(*p0, *a);
  double scale = max3(v_maxabs_valid(*p0), v_maxabs_valid(*p1), v_maxabs_valid(*a));
  double E, h0, h1, hd, margin, t;
  vec3 v[3], p;
  int i;
  scale = max3(scale, v_maxabs_valid(*b), v_maxabs_valid(*c));
  if (!(scale > 1e-90)) return 0;   /* products could underflow */
  E = v_maxabs_valid(ab) * v_maxabs_valid(ac);
  h0 = v_dot(n, w0);
  h1 = v_dot(n, v_sub(*p1, *a));
  margin = 1e-9 * scale * 3 * E;
  if ((h0 > margin && h1 > margin) || (h0 < -margin && h1 < -margin)) return 1;
  /* crossing: well apart from the plane at both ends, on opposite sides,
     and steep enough (|n.d| >= 1e-3 * 3E * |d|, |d| <= 2 maxabs(d)) */
  if (!((h0 > margin && h1 < -margin) || (h0 < -margin && h1 > margin))) return 0;
  hd = h1 - h0;
  if (!(fabs(hd) >= 1e-3 * 3 * E * 2 * v_maxabs_valid(d))) return 0;
  t = -h0 / hd;
  p = v_madd(*p0, d, t);
  v[0] = *a; v[1] = *b; v[2] = *c;
  for (i = 0; i < 3; i++) {
    /* n.(e x (p - v_i)) = |n| |e| times p's signed distance from the
       edge's line, positive on the triangle's side */
    vec3 e = v_sub(v[i + 1 < 3 ? i + 1 : 0], v[i]);
    double g = v_dot(n, v_cross(e, v_sub(p, v[i])));
    if (g < -1e-9 * scale * 3 * E * 2 * v_maxabs_valid(e)) return 1;
  }
  return 0;
}

int collide_sweep_sphere_polygon(double r, const collide_vec3 *c0,
                                 const collide_vec3 *c1,
                                 const collide_polygon *polygon,
                                 collide_hit *out) {
  int e;
  CHECK_RADIUS(r, 1);
  CHECK_VEC(c0, 2);
  CHECK_VEC(c1, 3);
  if ((e = check_polygon(polygon, 4)) != 0) return e;
  if (r == 0)     /* a ray: raycast_polygon's call, the same bits */
    return ray_flat(*c0, *c1, polygon->vertices, polygon->count,
                    polygon->plane.normal, polygon_origin(polygon), out);
  return sweep_flat(r, *c0, *c1, polygon->vertices, polygon->count,
                    polygon->plane.normal, polygon_origin(polygon), out);
}

int collide_raycast_polygon(const collide_vec3 *p0, const collide_vec3 *p1,
                            const collide_polygon *polygon, collide_hit *out) {
  int e;
  CHECK_VEC(p0, 1);
  CHECK_VEC(p1, 2);
  if ((e = check_polygon(polygon, 3)) != 0) return e;
  return ray_flat(*p0, *p1, polygon->vertices, polygon->count,
                  polygon->plane.normal, polygon_origin(polygon), out);
}

/* collide_polygon_init: collide_polygon.c. */

/* ---- segments ---------------------------------------------------------------- */

static int sweep_segment(double r, const collide_vec3 *c0,
                         const collide_vec3 *c1, const collide_vec3 *a,
                         const collide_vec3 *b, collide_hit *out, int checked);
static COLLIDE_NOINLINE_FN int segment_pieces(double r, const collide_vec3 *c0,
                                              const collide_vec3 *c1,
                                              const collide_vec3 *a,
                                              const collide_vec3 *b,
                                              collide_hit *out);

/* The arguments one by one, then the sweep unchecked (a tail call only,
   so that the front keeps no frame). */
static COLLIDE_COLD_FN int sweep_segment_slow(double r, const collide_vec3 *c0,
                                              const collide_vec3 *c1,
                                              const collide_vec3 *a,
                                              const collide_vec3 *b,
                                              collide_hit *out) {
  CHECK_RADIUS(r, 1);
  CHECK_VEC(c0, 2);
  CHECK_VEC(c1, 3);
  CHECK_VEC(a, 4);
  CHECK_VEC(b, 5);
  return sweep_segment(r, c0, c1, a, b, out, 0);
}

/* The front: the arguments and the quick rejection without a frame (the
   commonest answer, a clear miss), the pieces out of line (as
   sweep_aabb's, issue 12); a tail call with the arguments as they came,
   the pieces forming again the few numbers they share with the front. */
static int sweep_segment(double r, const collide_vec3 *c0,
                                 const collide_vec3 *c1, const collide_vec3 *a,
                                 const collide_vec3 *b, collide_hit *out, int checked) {
  double S = mag_total(mag_add2(mag_add2(mag_start(r), c0, c1), a, b));
  if (checked && !((S <= COLLIDE_MAX_COORD) && (r >= 0)))
    return sweep_segment_slow(r, c0, c1, a, b, out);   /* one by one */
  if (!meets_box(*c0, v_sub(*c1, *c0), v_min(*a, *b), v_max(*a, *b), r, S)) {
    hit_clear(out);
    return 0;
  }
  return segment_pieces(r, c0, c1, a, b, out);
}

/* The pieces, for a centre path that meets the segment's grown box. */
static COLLIDE_NOINLINE_FN int segment_pieces(double r, const collide_vec3 *c0,
                                              const collide_vec3 *c1,
                                              const collide_vec3 *a,
                                              const collide_vec3 *b,
                                              collide_hit *out) {
  vec3 c, p, diff, normal, ax;
  vec3 d = v_sub(*c1, *c0), e = v_sub(*b, *a);   /* a capsule: the edge's */
  double best, t, s, dist, ee = v_len2(e);       /* cylinder, a ball at each end */
  int feature, at_a = 0;
  /* The cylinder's unit axis, here at the top: it depends on a and b
     alone, so its square root and divisions run while the region planes
     are decided, instead of starting a chain of some 40 cycles after the
     last of those branches (the hits' time is the length of that chain;
     bench/README.md, issue 12). The same operations as
     first_in_cylinder's, so the same bits, and the same test of a point
     segment (ee == 0; not ee > 0, which a NaN fails). */
  ax = ee != 0 ? unit_len2(e, ee) : e;
  {
    time_span all = { 0, 1 }, end_a = { 0, 1 }, end_b = { 0, 1 };
    vec3 ab = v_sub(*b, *a), wa = v_sub(*c0, *a), wb = v_sub(*c0, *b);
    double ab2 = v_len2(ab), s0 = ab2 > 0 ? v_dot(wa, ab) / ab2 : 0;
    /* Overlapping at the start: u = 0, whatever the pieces say. The
       cylinder's region ends at |b - a| along its unit axis while b's ball
       starts where (c - b).(b - a) >= 0: computed differently, so a centre
       at b can fall by rounding in neither at t = 0 and be found only when
       it drifts into one (r = 12, c0 = (0, 0, 23.25) on b, a slow motion:
       u = 0.0017 instead of 0). */
    s0 = s0 < 0 ? 0 : (s0 > 1 ? 1 : s0);
    if (v_len2(v_sub(*c0, v_madd(*a, ab, s0))) <= r * r) {
      best = 0;
    } else {
      /* the planes through a and b perpendicular to the segment bound the
         cylinder's region and the balls': crossed once each (plane_sides,
         clip_between's and clip_linear's own numbers) */
      time_span behind_a, past_a, before_b, beyond_b;
      double dab = v_dot(d, ab);
      plane_sides(v_dot(wa, ab), dab, 0, &behind_a, &past_a);
      plane_sides(v_dot(wb, ab), dab, 0, &before_b, &beyond_b);
      all = span_and(span_and(all, past_a), before_b);
      end_a = span_and(end_a, behind_a);
      end_b = span_and(end_b, beyond_b);
      best = span_ok(&all) && ee != 0 ? first_in_cylinder_ax(all, *c0, d, *a, ax, r) : 2;
      if (span_ok(&end_a) && end_a.lo < best) {
        t = first_in_ball(end_a, *c0, d, *a, r);
        if (t < best) best = t;
      }
      if (span_ok(&end_b) && end_b.lo < best) {
        t = first_in_ball(end_b, *c0, d, *b, r);
        if (t < best) best = t;
      }
    }
  }
  if (best > 1) {
    hit_clear(out);
    return 0;
  }
  c = best == 0 ? *c0 : v_madd(*c0, d, best);
  /* nearest point of the segment (a == b is a point: a vertex) */
  s = v_dot(v_sub(c, *a), e);
  if (s <= 0 || ee == 0) {
    p = *a; feature = COLLIDE_FEATURE_VERTEX; at_a = 1;
  } else if (s >= ee) {
    p = *b; feature = COLLIDE_FEATURE_VERTEX;
  } else {
    p = v_madd(*a, e, s / ee); feature = COLLIDE_FEATURE_EDGE;
  }
  diff = v_sub(c, p);
  dist = v_len(diff);
  /* With r = 0 (a ray against the segment) every contact is at distance 0
     exactly, so c - p is rounding alone, whose direction means nothing:
     it may exceed noise_valid() where the motion is long next to c (c0 = 1e8,
     the contact near 1) and then faced along the motion. The rules for a
     centre on the segment decide instead, as for a distance within
     noise. */
  if (r > 0 && dist > noise_valid(c, p)) {
    normal = unit_len(diff, dist);
  } else if (feature == COLLIDE_FEATURE_EDGE) {
    /* centre on the segment: way_out across it, else any perpendicular.
       A ray arriving there (r = 0, u > 0) takes the across part without
       the cancellation of this one (collide__away_across: with the motion
       nearly along the segment, o's rounding turned w until it faced along
       the motion) */
    vec3 o = way_out(d), w = v_madd(o, e, -v_dot(o, e) / ee);
    normal = v_len2(w) > 0 ? (r == 0 && best > 0 ? collide__away_across(d, e) : v_normalize(w))
                           : any_perpendicular(e);
  } else if (v_len2(d) > 0) {
    normal = v_normalize(way_out(d));  /* on an end */
  } else if (ee > 0) {
    /* static, on an end: outward along the segment */
    normal = v_normalize(at_a ? v_neg(e) : e);
  } else {
    normal = v3(1, 0, 0);                        /* a point on a point */
  }
  out->u = best;
  out->point = p;
  out->normal = normal;
  out->feature = feature;
  return 1;
}

int collide_sweep_sphere_segment(double r, const collide_vec3 *c0,
                                 const collide_vec3 *c1, const collide_vec3 *a,
                                 const collide_vec3 *b, collide_hit *out) {
  return sweep_segment(r, c0, c1, a, b, out, 1);
}

/* The same, unchecked (collide_capsule.c calls it with derived points,
   which may exceed the input limit). */
int collide__sweep_segment(double r, const collide_vec3 *c0,
                           const collide_vec3 *c1, const collide_vec3 *a,
                           const collide_vec3 *b, collide_hit *out) {
  return sweep_segment(r, c0, c1, a, b, out, 0);
}

/* ---- boxes --------------------------------------------------------------------- */

/* The feature of a box point that is on the boundary (or clamped onto it)
   on `bound` of the three axes: its dimension is the number of the other
   axes along which the box has extent -- 2 face, 1 edge, 0 vertex. So a
   flat box (a 2D rectangle, zero z extent) has edges for sides and
   vertices for corners, like a polygon. */
static int box_feature(vec3 e, const int bound[3]) {
  int i, dims = 0;
  for (i = 0; i < 3; i++)
    if (!bound[i] && v_get(e, i) > 0) dims++;
  return dims == 2 ? COLLIDE_FEATURE_FACE
       : (dims == 1 ? COLLIDE_FEATURE_EDGE : COLLIDE_FEATURE_VERTEX);
}

/* One axis of box_contact: c's coordinate clamped onto the box ctr +- e
   (*p, only where outside), c - p on that axis (*dn: 0 inside), and 1
   when c lies outside on it. Written per axis, with no index into the
   vectors, so that the compiler keeps every number in a register (the
   loop over v_get and v_with it replaces cost a sweep's hit some hundred
   instructions; issue 12). */
static inline int box_axis(double c, double ctr, double e, double *p,
                           double *dn) {
  double r = c - ctr;
  if (r > e) { *p = ctr + e; *dn = r - e; return 1; }
  if (r < -e) { *p = ctr - e; *dn = r + e; return 1; }
  *p = c;
  *dn = 0;
  return 0;
}

/* c inside the box (or on its surface) on every axis: the face of least
   penetration, as box_contact says. Out of line: only sweeps that start
   inside come here. */
static COLLIDE_NOINLINE_FN void box_contact_inside(vec3 c, vec3 out_dir, vec3 ctr,
                                                   vec3 e, double u,
                                                   collide_hit *out) {
  int i, best = -1, bound[3] = { 0, 0, 0 };
  double pen = 0, ri, sgn;
  vec3 p = c, rel = v_sub(c, ctr);
  for (i = 0; i < 3; i++) {
    double pi = v_get(e, i) - fabs(v_get(rel, i));
    if (v_get(e, i) == 0 && v_get(rel, i) == 0 && v_get(out_dir, i) == 0) continue;
    if (best < 0 || pi < pen) { pen = pi; best = i; }
  }
  if (best < 0) best = 0;     /* a point box, c on it, no motion */
  ri = v_get(rel, best);
  sgn = sign_or(ri, sign_or(v_get(out_dir, best), 1));
  p = v_with(p, best, v_get(ctr, best) + sgn * v_get(e, best));
  bound[best] = 1;
  out->u = u;
  out->point = p;
  out->normal = v_axis(best, sgn);
  out->feature = box_feature(e, bound);
}

/* Fills out for a centre c against the box ctr +- e (out_dir: way_out()).
   Outside: the clamped point, normal from it toward c. Inside (or on the
   surface): the face of least penetration e_i - |c_i| (ties: x, then y,
   then z), its outward normal (if c is centred on that axis: the side of
   way_out's out_dir; with no motion: +axis), the projection of c onto it. An axis on
   which the box is flat, c lies in that plane and does not move across it
   is the plane of a 2D game: it is passed over, so a circle inside a
   rectangle is pushed out within the plane, not along z. */
static void box_contact(vec3 c, vec3 out_dir, vec3 ctr, vec3 e, double u,
                        collide_hit *out) {
  int bound[3];
  vec3 p, dn, normal;
  double dist;
  bound[0] = box_axis(c.x, ctr.x, e.x, &p.x, &dn.x);
  bound[1] = box_axis(c.y, ctr.y, e.y, &p.y, &dn.y);
  bound[2] = box_axis(c.z, ctr.z, e.z, &p.z, &dn.z);
  if (!(bound[0] | bound[1] | bound[2])) {
    box_contact_inside(c, out_dir, ctr, e, u, out);
    return;
  }
  /* dn = c - p in box coordinates: exact zeros on the inside axes */
  dist = v_len(dn);
  if (dist > noise_valid(c, p)) {
    normal = unit_len(dn, dist);
  } else {
    normal = v3(sign_or(dn.x, 0), sign_or(dn.y, 0), sign_or(dn.z, 0));
    normal = v_normalize(normal);
  }
  out->u = u;
  out->point = p;
  out->normal = normal;
  out->feature = box_feature(e, bound);
}

/* One axis of the slab test below: clips [*lo, *hi] to the times at which
   p0 + d t lies in the slab -e <= x <= e of that axis (relative to the
   box's centre: r = p0 - ctr on it), and keeps in *axis the axis whose
   entry time is *lo. 0 when the segment certainly misses the box: it runs
   parallel to the slab outside it, or the interval is empty already.

   The entry and exit times are (-e - r) / d and (e - r) / d, whichever is
   smaller first. Where SSE2 is there, both are one packed division (each
   lane is the scalar division of the same rounded numerator, so the same
   bits, with the divider used once instead of twice), and the order is
   taken by min and max rather than a branch on the sign of d, which the
   data decides and a predictor cannot (issue 12: ray/box's raw time).
   Neither of them is NaN (checked finite arguments, d != 0), so min and
   max give what the comparison gave. */
COLLIDE_HOT int ray_slab(double r, double d, double e, int i, double *lo,
                         double *hi, int *axis) {
  if (d == 0) return !(r > e || r < -e);   /* parallel: inside the slab or never */
#if defined(__SSE2__)
  {
    __m128d t = _mm_div_pd(_mm_sub_pd(_mm_set_pd(e, -e), _mm_set1_pd(r)),
                           _mm_set1_pd(d));      /* (ta, tb) */
    __m128d w = _mm_shuffle_pd(t, t, 1);         /* (tb, ta) */
    __m128d t1 = _mm_min_sd(w, t), t2 = _mm_max_sd(t, w), L = _mm_set_sd(*lo);
    /* t1 = tb < ta ? tb : ta, t2 = ta > tb ? ta : tb (MINSD, MAXSD: the
       first operand when the comparison holds, else the second) */
    *axis = _mm_comigt_sd(t1, L) ? i : *axis;
    *lo = _mm_cvtsd_f64(_mm_max_sd(t1, L));               /* t1 > lo ? t1 : lo */
    *hi = _mm_cvtsd_f64(_mm_min_sd(t2, _mm_set_sd(*hi)));  /* t2 < hi ? t2 : hi */
  }
#else
  {
    double ta = (-e - r) / d, tb = (e - r) / d;
    double t1 = tb < ta ? tb : ta, t2 = tb < ta ? ta : tb;
    if (t1 > *lo) { *lo = t1; *axis = i; }
    if (t2 < *hi) *hi = t2;
  }
#endif
  return !(*lo > *hi);   /* empty already: a miss (a start inside keeps lo = 0 <= hi) */
}

/* Segment p0 + d t, t in [0, 1], against the box ctr +- e by slabs
   (Kay-Kajiya; Ericson 5.3.3). Starting inside or on the box: u = 0 with
   box_contact's answer (nearest surface point, outward normal). Otherwise
   the normal is the entry slab's, the point is snapped onto the entry
   face, and the feature follows from the axes on whose boundary it lies.
   The slab test is inlined into its two callers, its arguments read in
   place (a call copied the four vectors to the stack, a fifth of the
   ray's time); what follows a pass, out of line (ray_aabb_contact, a tail
   call: the commonest answer, a miss, then runs without the frame the
   contact's arrays and calls need). */
static COLLIDE_NOINLINE_FN int ray_aabb_contact(const vec3 *pp0,
                                                const vec3 *pp1,
                                                const vec3 *pctr,
                                                const vec3 *pe, double lo,
                                                int axis, collide_hit *out);
COLLIDE_HOT int ray_aabb(const vec3 *pp0, const vec3 *pp1, const vec3 *pctr,
                         const vec3 *pe, collide_hit *out) {
  vec3 p0 = *pp0, ctr = *pctr, e = *pe;
  vec3 d = v_sub(*pp1, p0), rel = v_sub(p0, ctr);
  double lo = 0, hi = 1;
  int axis = -1;
  if (!ray_slab(rel.x, d.x, e.x, 0, &lo, &hi, &axis) ||
      !ray_slab(rel.y, d.y, e.y, 1, &lo, &hi, &axis) ||
      !ray_slab(rel.z, d.z, e.z, 2, &lo, &hi, &axis)) {
    hit_clear(out);
    return 0;
  }
  return ray_aabb_contact(pp0, pp1, pctr, pe, lo, axis, out);
}

/* The contact of a segment that passed the slab test: lo its entry time,
   axis the entry slab's (-1: none entered). d and rel formed again, by
   the same operations. */
static COLLIDE_NOINLINE_FN int ray_aabb_contact(const vec3 *pp0,
                                                const vec3 *pp1,
                                                const vec3 *pctr,
                                                const vec3 *pe, double lo,
                                                int axis, collide_hit *out) {
  vec3 p0 = *pp0, ctr = *pctr, e = *pe;
  vec3 d = v_sub(*pp1, p0), rel = v_sub(p0, ctr), p;
  int i, bound[3];
  if (!(rel.x > e.x || rel.x < -e.x || rel.y > e.y || rel.y < -e.y ||
        rel.z > e.z || rel.z < -e.z)) {      /* starts inside or on the box */
    box_contact(p0, way_out(d), ctr, e, 0, out);
    return 1;
  }
  if (axis < 0) {      /* (outside, yet never entering a slab: no contact) */
    hit_clear(out);
    return 0;
  }
  p = v_madd(p0, d, lo);
  for (i = 0; i < 3; i++) {
    double lo_i = v_get(ctr, i) - v_get(e, i), hi_i = v_get(ctr, i) + v_get(e, i);
    double x = v_get(p, i);
    if (i == axis) x = v_get(d, i) > 0 ? lo_i : hi_i;
    if (x < lo_i) x = lo_i;
    if (x > hi_i) x = hi_i;
    bound[i] = x == lo_i || x == hi_i;
    p = v_with(p, i, x);
  }
  out->u = lo;
  out->point = p;
  out->normal = v_axis(axis, v_get(d, axis) > 0 ? -1 : 1);
  out->feature = box_feature(e, bound);
  return 1;
}

/* The arguments one by one, then the ray (a tail call only, so that the
   entry point keeps no frame). */
static COLLIDE_COLD_FN int raycast_aabb_slow(const collide_vec3 *p0,
                                             const collide_vec3 *p1,
                                             const collide_vec3 *center,
                                             const collide_vec3 *extents,
                                             collide_hit *out) {
  CHECK_VEC(p0, 1);
  CHECK_VEC(p1, 2);
  CHECK_VEC(center, 3);
  CHECK_EXTENTS(extents, 4);
  return ray_aabb(p0, p1, center, extents, out);
}

int collide_raycast_aabb(const collide_vec3 *p0, const collide_vec3 *p1,
                         const collide_vec3 *center,
                         const collide_vec3 *extents, collide_hit *out) {
  if (!(mag_total(mag_add(mag_add(mag_add(mag_add(mag_start(0), p0), p1),
                                  center), extents)) <= COLLIDE_MAX_COORD &&
        extents->x >= 0 && extents->y >= 0 && extents->z >= 0))
    return raycast_aabb_slow(p0, p1, center, extents, out);  /* one by one */
  return ray_aabb(p0, p1, center, extents, out);
}

/* One edge piece of the rounded box (see sweep_aabb): the cylinder of an
   edge along some axis, in the plane of the other two, over the times s
   already clipped to the edge's region; the smaller of best and its
   first time. clip_ball's body on v3(w1, w2, 0) and v3(z1, z2, 0): the
   same operations in the same order (the zeros folded by the compiler
   only where IEEE arithmetic allows), so the same bits, without passing
   two vectors through memory to a call. One copy for all twelve edges. */
static double aabb_edge(time_span s, double w1, double w2, double z1, double z2,
                        double r, double best) {
  clip_ball_body(&s, v3(w1, w2, 0), v3(z1, z2, 0), r);
  return span_ok(&s) && s.lo < best ? s.lo : best;
}

/* The four edges along one axis (its slab's span `along`), at the
   corners (+-e1, +-e2) of the other two axes, whose outside spans are
   lo1/hi1 and lo2/hi2; p, v: the centre's start and motion on those
   axes. */
COLLIDE_HOT double aabb_edges(time_span along, const time_span *lo1, const time_span *hi1,
                              const time_span *lo2, const time_span *hi2, double p1,
                              double p2, double v1, double v2, double e1,
                              double e2, double r, double best) {
  int sx, sy;
  if (!(span_ok(&along) && along.lo < best)) return best;   /* none can */
  for (sx = -1; sx <= 1; sx += 2) {
    time_span s1 = span_and(along, sx > 0 ? *hi1 : *lo1);
    if (!(s1.lo <= s1.hi && s1.lo < best)) continue;
    for (sy = -1; sy <= 1; sy += 2) {
      time_span s = span_and(s1, sy > 0 ? *hi2 : *lo2);
      if (!(span_ok(&s) && s.lo < best)) continue;
      /* first_in_cylinder for an edge along the axis, whose unit axis is
         exact: the cross products with it are the two other components
         (up to signs, the same in both, and exact zeros, which change no
         sum), so clip_ball gets the same numbers without them */
      best = aabb_edge(s, p1 - sx * e1, p2 - sy * e2, v1, v2, r, best);
    }
  }
  return best;
}

/* The face piece of axis k: the box grown by r along it, over the times
   s in the other two slabs. */
COLLIDE_HOT double aabb_face(time_span s, double p, double v, double x,
                             double best) {
  time_span below, above;
  if (!(span_ok(&s) && s.lo < best)) return best;   /* (no need to divide) */
  plane_sides(p, v, x, &below, &above);
  s = span_and(s, below);
  plane_sides(p, v, -x, &below, &above);
  s = span_and(s, above);
  return span_ok(&s) && s.lo < best ? s.lo : best;
}

/* The rounded box: three boxes grown by r along one axis each (faces),
   twelve edge cylinders, eight corner balls (RTR 3rd ed. 16.18.3's pieces
   for a box; Ericson 5.5.7 reaches the same union by classifying the entry
   point of the grown box instead).

   Every linear constraint of these pieces is one side of one of twelve
   planes, x_i = +-e_i (the faces' slabs, the edges' and corners' regions)
   and x_i = +-(e_i + r) (the grown faces): the times of each are found
   once (plane_sides), and each piece's interval is the intersection of a
   few of them with [0, 1] -- the same numbers the clipping of each piece
   one by one gave, in 12 divisions instead of 90. A piece that cannot
   start before the best contact so far is not solved: the answer is the
   least first time over all pieces, whatever their order. The pieces are
   written out axis by axis (aabb_face, aabb_edges), so that the spans
   stay in registers. */
static COLLIDE_NOINLINE_FN int aabb_pieces(double r, const collide_vec3 *c0,
                                           const collide_vec3 *center,
                                           vec3 e, vec3 d, vec3 rel,
                                           collide_hit *out);

/* The front: the arguments, the ray, and the quick rejection, kept apart
   from the pieces (aabb_pieces, out of line) so that the commonest
   answer, a clear miss, runs without the pieces' frame and spills (issue
   12: the bench's 64 cases are 45 such misses). The rejection is
   meets_box's for the box centred at the origin, lo = -e and hi = e,
   whose half-size (e - (-e)) 0.5 = e and centre (-e + e) 0.5 = +0 are
   exact, so the same numbers without forming them: the same decisions. */
static int sweep_aabb(double r, const collide_vec3 *c0,
                      const collide_vec3 *c1, const collide_vec3 *center,
                      const collide_vec3 *extents, collide_hit *out,
                      int checked);

/* The rare paths, reached by tail calls only so that the front keeps no
   frame: the arguments one by one (then the sweep, unchecked), and the
   ray (r = 0). */
static COLLIDE_COLD_FN int sweep_aabb_slow(double r, const collide_vec3 *c0,
                                           const collide_vec3 *c1,
                                           const collide_vec3 *center,
                                           const collide_vec3 *extents,
                                           collide_hit *out) {
  CHECK_RADIUS(r, 1);
  CHECK_VEC(c0, 2);
  CHECK_VEC(c1, 3);
  CHECK_VEC(center, 4);
  CHECK_EXTENTS(extents, 5);
  return sweep_aabb(r, c0, c1, center, extents, out, 0);
}
static COLLIDE_NOINLINE_FN int sweep_aabb_ray(const collide_vec3 *c0,
                                              const collide_vec3 *c1,
                                              const collide_vec3 *center,
                                              const collide_vec3 *extents,
                                              collide_hit *out) {
  return ray_aabb(c0, c1, center, extents, out);
}

static int sweep_aabb(double r, const collide_vec3 *c0,
                              const collide_vec3 *c1,
                              const collide_vec3 *center,
                              const collide_vec3 *extents, collide_hit *out, int checked) {
  vec3 d, rel, e, h;
  double pad;
  double S = mag_total(mag_add(mag_add(mag_add(mag_add(mag_start(r), c0), c1),
                                       center), extents));
  if (checked && !((S <= COLLIDE_MAX_COORD) &&
        (r >= 0) && (extents->x >= 0) && (extents->y >= 0) && (extents->z >= 0)))
    return sweep_aabb_slow(r, c0, c1, center, extents, out);  /* one by one */
  if (r == 0) return sweep_aabb_ray(c0, c1, center, extents, out);  /* a ray */
  e = *extents;
  d = v_sub(*c1, *c0);
  rel = v_sub(*c0, *center);
  h = v_scale(d, 0.5);
  pad = reach_pad(r, S);
  if (!meets_box_at(v_add(rel, h), h, v_add(e, v3(pad, pad, pad)))) {
    hit_clear(out);
    return 0;
  }
  return aabb_pieces(r, c0, center, e, d, rel, out);
}

/* The pieces (see above sweep_aabb), for a centre path that meets the
   grown box. */
static COLLIDE_NOINLINE_FN int aabb_pieces(double r, const collide_vec3 *c0,
                                           const collide_vec3 *center,
                                           vec3 e, vec3 d, vec3 rel,
                                           collide_hit *out) {
  double best = 2, t;
  time_span inx, iny, inz, lox, loy, loz, hix, hiy, hiz, below, above,
       unit = { 0, 1 }, corner_lo[3], corner_hi[3];
  int sx, sy, sz;
  /* x_i = +e_i: below is the slab's upper side, above is outside */
  plane_sides(rel.x, d.x, e.x, &below, &hix);
  plane_sides(rel.x, d.x, -e.x, &lox, &above);
  inx = span_and(below, above);
  plane_sides(rel.y, d.y, e.y, &below, &hiy);
  plane_sides(rel.y, d.y, -e.y, &loy, &above);
  iny = span_and(below, above);
  plane_sides(rel.z, d.z, e.z, &below, &hiz);
  plane_sides(rel.z, d.z, -e.z, &loz, &above);
  inz = span_and(below, above);
  /* the faces: the box grown by r along axis k, inside the other slabs */
  best = aabb_face(span_and(span_and(unit, iny), inz), rel.x, d.x, e.x + r, best);
  if (best > 0)
    best = aabb_face(span_and(span_and(unit, inx), inz), rel.y, d.y, e.y + r, best);
  if (best > 0)
    best = aabb_face(span_and(span_and(unit, inx), iny), rel.z, d.z, e.z + r, best);
  /* edges along axis k, at the corners (+-e_i, +-e_j) of the other two
     (i, j = k + 1, k + 2 mod 3): the edge's region is outside the box on
     both of the other axes and inside the slab of axis k. An edge of no
     length is left to the corner balls. */
  if (best > 0 && e.x != 0)
    best = aabb_edges(span_and(unit, inx), &loy, &hiy, &loz, &hiz, rel.y,
                      rel.z, d.y, d.z, e.y, e.z, r, best);
  if (best > 0 && e.y != 0)
    best = aabb_edges(span_and(unit, iny), &loz, &hiz, &lox, &hix, rel.z,
                      rel.x, d.z, d.x, e.z, e.x, r, best);
  if (best > 0 && e.z != 0)
    best = aabb_edges(span_and(unit, inz), &lox, &hix, &loy, &hiy, rel.x,
                      rel.y, d.x, d.y, e.x, e.y, r, best);
  /* the corners: outside the box on all three axes */
  corner_lo[0] = lox; corner_lo[1] = loy; corner_lo[2] = loz;
  corner_hi[0] = hix; corner_hi[1] = hiy; corner_hi[2] = hiz;
  for (sx = -1; sx <= 1 && best > 0; sx += 2) {
    time_span s1 = span_and(unit, sx > 0 ? corner_hi[0] : corner_lo[0]);
    if (!(s1.lo <= s1.hi && s1.lo < best)) continue;
    for (sy = -1; sy <= 1; sy += 2) {
      time_span s2 = span_and(s1, sy > 0 ? corner_hi[1] : corner_lo[1]);
      if (!(s2.lo <= s2.hi && s2.lo < best)) continue;
      for (sz = -1; sz <= 1; sz += 2) {
        time_span s = span_and(s2, sz > 0 ? corner_hi[2] : corner_lo[2]);
        if (!(span_ok(&s) && s.lo < best)) continue;
        t = first_in_ball(s, rel, d, v3(sx * e.x, sy * e.y, sz * e.z), r);
        if (t < best) best = t;
      }
    }
  }
  if (best > 1) {
    hit_clear(out);
    return 0;
  }
  box_contact(best == 0 ? *c0 : v_madd(*c0, d, best), way_out(d),
              *center, e, best, out);
  return 1;
}

int collide_sweep_sphere_aabb(double r, const collide_vec3 *c0,
                              const collide_vec3 *c1,
                              const collide_vec3 *center,
                              const collide_vec3 *extents, collide_hit *out) {
  return sweep_aabb(r, c0, c1, center, extents, out, 1);
}

/* The same, unchecked (collide_capsule.c calls it with derived points,
   which may exceed the input limit). */
int collide__sweep_aabb(double r, const collide_vec3 *c0,
                        const collide_vec3 *c1, const collide_vec3 *center,
                        const collide_vec3 *extents, collide_hit *out) {
  return sweep_aabb(r, c0, c1, center, extents, out, 0);
}

/* Two moving boxes: in A's frame relative to B, the centre offset is
   p(t) = (a0 - b0) + v t, v = (a1 - a0) - (b1 - b0), and the boxes touch
   while |p_i(t)| <= ea_i + eb_i on every axis (separating axis theorem for
   boxes; Ericson 5.5.8 does the same with intervals). Each axis gives an
   interval of t (all t or none when v_i = 0); the contact interval is their
   intersection with [0, 1]. The normal is the axis whose interval opened
   last (ties: x, y, z), pointing from B toward A, i.e. against v_i; when the
   boxes overlap at the start it is the axis of least penetration, toward
   A's side (if the centres coincide on that axis: the side A comes from, as
   in way_out; with no relative motion either: +axis). An axis on which
   both boxes are flat, centred and not moving is the plane of a 2D game
   and is not chosen while another is available. */
int collide_sweep_aabb_aabb(const collide_vec3 *ea, const collide_vec3 *a0,
                            const collide_vec3 *a1, const collide_vec3 *eb,
                            const collide_vec3 *b0, const collide_vec3 *b1,
                            collide_interval *out) {
  vec3 p, v, ext;
  double lo = 0, hi = 1, pen = 0;
  int i, axis = -1, least = -1;
  CHECK_EXTENTS(ea, 1);
  CHECK_VEC(a0, 2);
  CHECK_VEC(a1, 3);
  CHECK_EXTENTS(eb, 4);
  CHECK_VEC(b0, 5);
  CHECK_VEC(b1, 6);
  p = v_sub(*a0, *b0);
  v = v_sub(v_sub(*a1, *a0), v_sub(*b1, *b0));
  ext = v_add(*ea, *eb);
  for (i = 0; i < 3; i++) {
    double pi = v_get(p, i), vi = v_get(v, i), ei = v_get(ext, i);
    if (vi == 0) {
      if (pi > ei || pi < -ei) lo = 2;       /* apart, and staying apart */
    } else {
      double ta = (-ei - pi) / vi, tb = (ei - pi) / vi;
      if (ta > tb) { double t = ta; ta = tb; tb = t; }
      if (ta > lo) { lo = ta; axis = i; }
      if (tb < hi) hi = tb;
    }
    /* the plane of a 2D game (flat boxes, centred, not moving across it)
       is passed over, as in box_contact */
    if (ei == 0 && pi == 0 && vi == 0) continue;
    if (least < 0 || ei - fabs(pi) < pen) { pen = ei - fabs(pi); least = i; }
  }
  if (least < 0) least = 0;
  if (!(lo <= hi)) {
    out->u0 = out->u1 = 0;
    out->normal = v3(0, 0, 0);
    return 0;
  }
  out->u0 = lo;
  out->u1 = hi;
  if (axis >= 0) {
    out->normal = v_axis(axis, v_get(v, axis) > 0 ? -1 : 1);
  } else {
    double pl = v_get(p, least);
    out->normal = v_axis(least, sign_or(pl, sign_or(-v_get(v, least), 1)));
  }
  return 1;
}

/* ---- ray against sphere ------------------------------------------------------- */

/* |p0 + d t - center| <= r: clip_ball again. A segment starting inside or
   on the sphere hits at u = 0; point is then the sphere's point nearest p0
   and normal the outward normal there (the way out), as for a sphere
   sweep that starts overlapping. Otherwise point is where the segment
   enters and normal the outward normal there. The sphere is all face. */
int collide_raycast_sphere(const collide_vec3 *p0, const collide_vec3 *p1,
                           const collide_vec3 *center, double r,
                           collide_hit *out) {
  vec3 d, m, c, n;
  time_span s = { 0, 1 };
  int starts_inside;
  CHECK_VEC(p0, 1);
  CHECK_VEC(p1, 2);
  CHECK_VEC(center, 3);
  CHECK_RADIUS(r, 4);
  d = v_sub(*p1, *p0);
  m = v_sub(*p0, *center);
  clip_ball(&s, m, d, r);
  if (!span_ok(&s)) {
    hit_clear(out);
    return 0;
  }
  starts_inside = v_len2(m) <= r * r;
  if (starts_inside) s.lo = 0;
  c = s.lo == 0 ? *p0 : v_madd(*p0, d, s.lo);
  n = v_sub(c, *center);
  /* c carries the rounding of p0 + d t, which scales with p0 and p1 */
  if (v_maxabs_valid(n) <= fmax(noise_valid(c, *center), noise_valid(*p0, *p1))) {
    /* at the centre itself (zero radius, or starting there), up to the
       rounding of c: a direction made of rounding noise could face away
       from p0, so face p0 instead */
    n = v_len2(d) > 0 ? v_normalize(v_neg(d)) : v3(1, 0, 0);
  } else {
    n = v_normalize(n);
  }
  out->u = s.lo;
  out->point = starts_inside ? v_madd(*center, n, r) : c;
  out->normal = n;
  out->feature = COLLIDE_FEATURE_FACE;
  return 1;
}

/* ---- for collide_capsule.c: the sphere kernels above, unchecked --------- */

int collide__sweep_flat(double r, vec3 c0, vec3 c1, const vec3 *v, int count,
                        vec3 n, vec3 origin, collide_hit *out) {
  return sweep_flat(r, c0, c1, v, count, n, origin, out);
}
int collide__ray_flat(vec3 p0, vec3 p1, const vec3 *v, int count, vec3 n,
                      vec3 origin, collide_hit *out) {
  return ray_flat(p0, p1, v, count, n, origin, out);
}
vec3 collide__flat_closest(vec3 c, const vec3 *v, int count, vec3 n,
                           vec3 origin, int *feature) {
  int which;
  return flat_closest(c, v, count, n, origin, 0, feature, &which);
}

