/*
 * collide_sphere.h -- what the sphere family (collide_sphere.c) offers the
 * families above it: the unchecked sphere kernels that the moving box and
 * the capsule reduce to (a box or a capsule sweep is a sphere sweep against
 * the obstacle grown by the mover: collide_box.c, collide_capsule*.c), and
 * the filtered ray-triangle predicate the world's rays share
 * (collide_query.c). Not installed, not part of the API.
 */
#ifndef COLLIDE_SPHERE_H
#define COLLIDE_SPHERE_H

#include "collide_prims.h"

/* collide_sphere.c, for the world's rays: 1 when the segment certainly
   misses the (valid, non-degenerate) triangle, so that
   collide_raycast_triangle would return 0; 0 when in doubt. */
COLLIDE_PRIVATE int collide__ray_triangle_misses(const vec3 *p0, const vec3 *p1,
                                                 const vec3 *a, const vec3 *b,
                                                 const vec3 *c);

/* ---- the filtered ray-triangle predicate -----------------------------------
   collide_raycast_triangle's decision (collide_sphere.c, "The filtered
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
typedef struct {
  double S;          /* the sum of every magnitude of p0, p1, a, b, c */
  double e11, e22;   /* |e1|^2, |e2|^2; e1 = b - a, e2 = c - a */
  double det, nu, nv, h0;   /* e1.P, s.P, d.Q, e2.Q; P = d x e2, Q = s x e1 */
  int outside;       /* nu or nv outside [min(0, det), max(0, det)] by the margin */
} mt_numbers;

/* (collide_sphere.c) the arguments checked one by one, then the careful
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

/* ---- the sphere kernels of collide_sphere.c, unchecked, for the capsule
   sweeps of collide_capsule.c (which pass derived points that may exceed
   the input limit; see each function in collide_sphere.c) ---- */
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
/* collide_sweep_sphere_triangle for a valid triangle whose normal n
   collide__triangle_normal gave: the same answer to the bit. */
COLLIDE_PRIVATE int collide__sweep_sphere_triangle_n(
    double r, const vec3 *c0, const vec3 *c1, const vec3 *a, const vec3 *b,
    const vec3 *c, const vec3 *n, collide_hit *out);
/* 0 or a rejection of a polygon handed to a query as Lua argument arg. */
/* The point of the polygon nearest c, and its COLLIDE_FEATURE_*. */
COLLIDE_PRIVATE vec3 collide__flat_closest(vec3 c, const vec3 *v, int count,
                                           vec3 n, vec3 origin, int *feature);


#endif
