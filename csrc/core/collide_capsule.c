/*
 * collide_capsule.c -- a moving capsule against a sphere, a plane, a
 * triangle, a convex polygon, a segment, a box, and against another moving
 * capsule.
 *
 * A capsule is the set of points within r of its core, the segment
 * c - A .. c + A (A = axis). Nothing rotates, so during the step the core
 * is S + c(t) with S = [-A, A] and c(t) = c0 + d t, d = c1 - c0, and the
 * capsule touches a convex obstacle X exactly when
 *
 *     dist(S + c(t), X) <= r   <=>   c(t) in (X (+) (-S)) (+) ball(r)
 *                              <=>   c(t) in (X (+) S) (+) ball(r)
 *
 * (the Minkowski sum; S = -S). So every capsule sweep is a sphere sweep of
 * the centre c(t) against the obstacle grown by the core -- the same
 * reduction that turns a sphere sweep into a ray cast (RTR 3rd ed.
 * 16.18.3; Ericson 5.5.7 for the capsule-against-box case; van den Bergen,
 * "Collision Detection in Interactive 3D Environments", 2.3 for Minkowski
 * sums of convex sets). The grown obstacles are again shapes the exact
 * sphere kernels of collide_sphere.c already solve in closed form:
 *
 *   sphere (+) S     = a segment:        sweep_segment of radius r + rb
 *   plane (+) S      = a slab:           the plane, radius r + |n.A|
 *   segment (+) S    = a parallelogram:  sweep_flat on 4 vertices
 *                      (a segment when the two are parallel to
 *                      rounding: thin_sum)
 *   box (+) S        = a box when A lies along an axis: sweep_aabb with the
 *                      extents grown by |A|
 *   capsule (+) (-S) = a parallelogram, both moving: sweep_flat of the
 *                      relative centre, radius ra + rb
 *
 * A triangle, a polygon or a box with a slanted axis grows into a prism
 * whose boundary is covered by the obstacle itself at both ends of the
 * core (X + A and X - A: the end spheres, swept by the sphere kernels with
 * the centre shifted by -+A) and one parallelogram edge (+) S per edge of
 * X (the core against that edge, also where the core crosses the obstacle's
 * vertex). A sphere that starts outside a convex body first touches it on
 * its boundary, so the first contact is the earliest first contact of those
 * pieces (each exact), once a start inside the prism -- the core piercing
 * the obstacle -- has been tested on its own. No iteration anywhere.
 *
 * Results. u and, for u > 0, the normal come from the piece that met the
 * centre first (the normal of a grown piece at a point of the whole grown
 * body's boundary is the body's, since translation does not turn normals).
 * The point and the feature are recomputed on the obstacle from the closest
 * points of the core at u and the obstacle (Ericson 5.1.9 for two segments),
 * so they name the obstacle's own feature. With r = 0 (a moving segment)
 * the pair touches at distance zero and its difference has no direction:
 * an end that met the obstacle first gives that end's ray answer, and a
 * contact of the core's inside takes zero_normal's rule (the face of the
 * grown body entered, as the rays choose). At u = 0 (overlapping at the
 * start) the normal is the direction of the shortest translation that
 * separates: from the obstacle's closest point toward the core's when they
 * are apart, otherwise (the core pierces or lies in the obstacle) the face
 * of the grown body nearest the centre: the distance from an inside point
 * to a convex polytope's boundary is the least over its face normals w of
 * h(w) - w.c, h the support function, and h of a Minkowski sum is the sum
 * of the supports (h_S(w) = |w.A|). Ties go to the direction facing against
 * the motion. In a 2D game (motion, axis and a flat obstacle in one plane)
 * only the in-plane directions count, so the capsule is pushed out across
 * the nearest edge.
 *
 * A zero axis is a sphere: each function then calls the sphere query, so
 * the answer is the same to the last bit.
 *
 * The family's files, by obstacle: this one holds the sphere, the plane,
 * the segment and the other capsule (and the fast kernels they share);
 * collide_capsule_flat.c the triangle and the polygon;
 * collide_capsule_box.c the box. The pieces they share are in
 * collide_capsule.h.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include <string.h>
#include "collide_capsule.h"

/* ==== fast kernels of the sphere, segment and capsule sweeps ============== */

/* The first time in [0, tmax] the point w + v t is within R of the
   origin (a ball), with w outside it (C = |w|^2 - R^2 > 0), or 2: the
   first root of |v|^2 t^2 + 2 (w.v) t + C. Its discriminant
   (w.v)^2 - |v|^2 C is formed as |v|^2 R^2 - |w x v|^2 (Lagrange's
   identity |w|^2 |v|^2 - (w.v)^2 = |w x v|^2), which does not cancel two
   large squares when the centre is far (the trouble Haines et al. cure
   in "Precision improvements for ray/sphere intersection", Ray Tracing
   Gems ch. 7), and the root is C / q, q = sqrt(disc) - w.v > 0 for an
   approaching centre (no subtraction of nearly equal numbers; RTR 3rd ed.
   eq. 16.65). */
static double ball_first(vec3 w, vec3 v, double C, double R, double tmax) {
  double B = v_dot(w, v), disc, t;
  if (B >= 0) return 2;                 /* not approaching */
  disc = v_len2(v) * (R * R) - v_len2(v_cross(w, v));
  if (disc < 0) return 2;               /* passes farther than R */
  t = C / (sqrt(disc) - B);
  if (!(t <= tmax)) return 2;
  /* on the ball at the start to rounding: C within 16 eps |w|^2, where
     B and disc may be rounding too and C / q a quotient of noises
     (capsule_sphere_kernel's end ball gives the bounds); touching at 0 */
  return C <= 16 * DBL_EPSILON * (C + R * R) ? 0 : t;
}

/* The first time in [0, tmax] the point p0 + v t is within R of the
   segment a-b (a ray against a capsule; RTR 3rd ed. 16.7 and Ericson 5.3.7
   for the pieces), or 2 when it never is. The capsule is the infinite
   cylinder of the line ab, cut to the slab between the planes through a
   and b perpendicular to it, and a ball at each end. Each ball lies in the
   infinite cylinder, so no contact comes before the line's entry into that
   cylinder, t1, and when the line is beyond the slab at t1 (say behind a),
   only the ball at a can be met first: the end disc of the cut cylinder
   lies in that ball. So: one quadratic, then at most one more.

   The cylinder, with w = p0 - a and f = b - a: the distance to the line is
   |f x (w + v t)| / |f|, so the inside is |W + Z t|^2 <= R^2 |f|^2 with
   W = f x w, Z = f x v -- the cross products keep the magnitudes of the
   inputs -- solved as ball_first's (discriminant |Z|^2 R^2 |f|^2 -
   |W x Z|^2). Its terms are of the sixth degree in the coordinates: f is
   scaled to a largest component of 1 when they could leave the range of
   doubles (`scale`, a bound of the magnitudes of p0, v, a, b and R, beyond
   1e40, or |f| below 1e-40 or 1e-40 of the scale), so they are of degree
   four. *out = the point's offset at t from its nearest point of
   the segment (along the outward normal). */
static inline double ray_capsule(vec3 p0, vec3 v, vec3 a, vec3 b, double R,
                                 double tmax, double scale, vec3 *out) {
  vec3 f = v_sub(b, a), w = v_sub(p0, a), W, Z, x;
  double ff = v_len2(f), A, B, C, Rf, t, y, disc;
  if (!(scale < 1e40 && ff > 1e-80 && ff > scale * scale * 1e-80)) {
    double mf = v_maxabs(f);
    if (!(mf > 0)) {                     /* a point: its ball */
      C = v_len2(w) - R * R;
      if (C <= 0) { *out = w; return 0; }
      t = ball_first(w, v, C, R, tmax);
      if (t <= 1) *out = v_madd(w, v, t);
      return t;
    }
    f = v3(f.x / mf, f.y / mf, f.z / mf);   /* (1 / mf may overflow) */
    ff = v_len2(f);
  }
  W = v_cross(f, w);
  Z = v_cross(f, v);
  B = v_dot(W, Z);
  Rf = R * R * ff;
  C = v_len2(W) - Rf;
  if (C <= 0) {
    t = 0;                               /* in the infinite cylinder at 0 */
  } else {
    if (B >= 0) return 2;                /* never nearer the line */
    A = v_len2(Z);
    disc = A * Rf - v_len2(v_cross(W, Z));
    if (disc < 0) return 2;              /* the line passes farther than R */
    t = C / (sqrt(disc) - B);
    if (!(t <= tmax)) return 2;
    /* on the cylinder at the start to rounding (W = f x w as
       capsule_sphere_kernel's M = A x s: C within twice its bound 8 eps
       |W| |f| |w|), where B and disc may be rounding too and C / q a
       quotient of noises: in the infinite cylinder at 0, as when C's
       rounding makes it <= 0. (Two roots of terms of degree four, not
       C^2 against one of degree eight: the lengths here reach 1e-60
       and below in mixed scales, where both squares would underflow to
       0 and pass.) */
    if (C <= 16 * DBL_EPSILON * (sqrt(v_len2(W)) * sqrt(ff * v_len2(w))))
      t = 0;
  }
  x = t == 0 ? w : v_madd(w, v, t);
  y = v_dot(x, f);
  if (y < 0 || y > v_dot(v_sub(b, a), f)) {
    /* beyond an end at the cylinder's entry: that end's ball */
    w = v_sub(p0, y < 0 ? a : b);
    C = v_len2(w) - R * R;
    if (C <= 0) { *out = w; return 0; }
    t = ball_first(w, v, C, R, tmax);
    if (t <= 1) *out = v_madd(w, v, t);
    return t;
  }
  *out = v_madd(x, f, -y / ff);
  return t;
}

/* The first time in [0, tmax] the point p0 + v t is within R of the
   parallelogram P = a + s e + k A, s in [0, 1], k in [-1, 1] (a segment
   a .. a + e grown by a core -A .. A), or 2 when it never is; -1 when
   this kernel declines the case (a sliver or a vanishing R: the callers
   then take the general path of sweep_grown_segment, which handles those
   with care).

   P (+) ball(R) is the prism P (+) [-R, R] n (n the unit normal of P)
   and the four capsules of P's edges. Its first contact with the line
   is the earliest of the pieces' (each is in the body, and the body's
   boundary is covered by them). The prism is clipped first (Cyrus-Beck:
   |h| <= R, 0 <= s <= 1, |k| <= 1, each linear in t, with
   s = x.(A x N) / |N|^2, k = x.(N x e) / |N|^2, h = x.n, N = e x A).
   When it is entered through a face h = +-R, that point is on the body's
   boundary and the line goes inside right after, so it is the first
   contact (a line meets a convex body's boundary on entry only once).
   Otherwise the contact is on an edge capsule, and only the edges whose
   outside (s < 0, s > 1, k < -1, k > 1) the line visits before it enters
   the prism can hold it (the contact point's nearest point of P is on that
   edge; the tests are linear, so the ends of the time range decide),
   with a margin for rounding -- testing an edge more never changes the
   answer. The sine of e and A is kept above 1e-3, so s and k carry no more
   than a few hundred roundings of the scale (the near-parallel slivers
   go to the general path, which keeps its own guarantees). *out: the
   offset of the point from P at the contact (length R; a face's: R n);
   at t = 0, from P's nearest point (inside the prism, along n). */
typedef struct pgram {
  vec3 a, n, sg, kp, c[4];   /* c: the corners, in order around */
  double R, scale, rs, rk;   /* rs, rk: R in units of s and k */
} pgram;

/* Sets up P and R for pgram_ray: 0 when the kernel declines them. le, la:
   |e| and |A| (the callers' bounding tests have them). */
COLLIDE_HOT int pgram_make(pgram *g, vec3 a, vec3 e, vec3 A, double R,
                      double scale, double le, double la) {
  vec3 N = v_cross(e, A);
  double nn = v_len2(N), ee = v_len2(e), aa = v_len2(A), il;
  /* (cross_exact's test, with the squares at hand: the plain product
     when the sine is 1/2 or more) */
  if (!(4 * nn >= ee * aa)) {
    N = cross_exact(e, A);
    nn = v_len2(N);
  }
  /* (a sine of e and A above 1e-3; products in range) */
  if (!(ee * aa > 1e-280) || !(ee * aa < 1e280) || !(nn >= 1e-6 * (ee * aa)) ||
      !(nn > 0) || !(R > 0))
    return 0;
  il = 1 / sqrt_nn(nn);
  g->a = a;
  g->n = v_scale(N, il);
  g->sg = v_scale(v_cross(A, N), il * il);
  g->kp = v_scale(v_cross(N, e), il * il);
  g->c[0] = v_sub(a, A);
  g->c[1] = v_sub(v_add(a, e), A);
  g->c[2] = v_add(v_add(a, e), A);
  g->c[3] = v_add(a, A);
  g->R = R;
  g->scale = scale;
  /* the distance between the lines s = 0 and s = 1 is |N| / |A|, between
     k = -1 and k = 1 is 2 |N| / |e| */
  g->rs = R * la * il;
  g->rk = R * le * il;
  return 1;
}

/* The offset of p0 from its nearest point on the parallelogram's four
   edges (the first edge wins ties). */
static vec3 pgram_edge_offset(const pgram *g, vec3 p0) {
  double dd = -1;
  vec3 best = v3(0, 0, 0);
  int i;
  for (i = 0; i < 4; i++) {
    vec3 ci = g->c[i], f = v_sub(g->c[(i + 1) & 3], ci), x = v_sub(p0, ci);
    double ff = v_len2(f), s = v_dot(x, f), di;
    if (s > 0) x = s >= ff ? v_sub(p0, g->c[(i + 1) & 3]) : v_madd(x, f, -s / ff);
    di = v_len2(x);
    if (dd < 0 || di < dd) { dd = di; best = x; }
  }
  return best;
}

static double pgram_ray(const pgram *g, vec3 p0, vec3 v, double tmax,
                        vec3 *out) {
  vec3 w = v_sub(p0, g->a), n = g->n;
  double R = g->R, lo = 0, hi = tmax, tbeg = 0, tend = tmax;
  double h0, hd, s0, sd, k0, kd, sB, kB, sT, kT, pad, best = 2;
  int side = 0, i;
  h0 = v_dot(n, w);
  hd = v_dot(n, v);
  /* the line's whole range on one side of the slab: no contact */
  if ((h0 > R && h0 + hd * tmax > R) || (h0 < -R && h0 + hd * tmax < -R))
    return 2;
  s0 = v_dot(g->sg, w); sd = v_dot(g->sg, v);
  k0 = v_dot(g->kp, w); kd = v_dot(g->kp, v);
  cb_clip(&lo, &hi, h0 - R, hd, 1, &side);
  cb_clip(&lo, &hi, -h0 - R, -hd, 2, &side);
  cb_clip(&lo, &hi, -s0, -sd, 3, &side);
  cb_clip(&lo, &hi, s0 - 1, sd, 4, &side);
  cb_clip(&lo, &hi, -k0 - 1, -kd, 5, &side);
  cb_clip(&lo, &hi, k0 - 1, kd, 6, &side);
  if (!isfinite(s0 + sd + k0 + kd + h0 + hd)) return -1;
  pad = 1e-9 * (1 + fabs(s0) + fabs(sd) + fabs(k0) + fabs(kd));
  if (!(lo <= hi)) {
    /* The quick rejection: the body lies in the prism with its sides
       moved out by R (s in [-rs, 1 + rs], |k| <= 1 + rk; rs, rk: R in
       those units), padded for rounding. The contact, if any, is in the
       time range the line spends in there, which also narrows the edges
       to test below. */
    double elo = 0, ehi = tmax, xs = g->rs + pad, xk = g->rk + pad;
    int dummy = 0;
    cb_clip(&elo, &ehi, h0 - R, hd, 1, &dummy);
    cb_clip(&elo, &ehi, -h0 - R, -hd, 2, &dummy);
    cb_clip(&elo, &ehi, -s0 - xs, -sd, 3, &dummy);
    cb_clip(&elo, &ehi, s0 - 1 - xs, sd, 4, &dummy);
    cb_clip(&elo, &ehi, -k0 - 1 - xk, -kd, 5, &dummy);
    cb_clip(&elo, &ehi, k0 - 1 - xk, kd, 6, &dummy);
    if (!(elo <= ehi)) return 2;
    tbeg = elo;
    tend = ehi;
  }
  if (lo <= hi) {
    if (side == 0) {                    /* in the prism at t = 0 */
      *out = v_scale(n, h0);            /* (over the inside: the face's) */
      return 0;
    }
    if (side <= 2) {                    /* through a face */
      *out = v_scale(n, side == 1 ? R : -R);
      return lo;
    }
    tend = lo;                          /* through a side: an edge's first */
  }
  sB = s0 + sd * tbeg;
  kB = k0 + kd * tbeg;
  sT = s0 + sd * tend;
  kT = k0 + kd * tend;
  for (i = 0; i < 4; i++) {
    vec3 dir;
    double t;
    /* edge i runs from c[i] to c[i + 1]: k = -1, s = 1, k = 1, s = 0 */
    if (i == 0 ? !(dmin(kB, kT) < -1 + pad) :
        i == 1 ? !(dmax(sB, sT) > 1 - pad) :
        i == 2 ? !(dmax(kB, kT) > 1 - pad) : !(dmin(sB, sT) < pad))
      continue;
    t = ray_capsule(p0, v, g->c[i], g->c[(i + 1) & 3], R,
                    best < 2 ? best : tmax, g->scale, &dir);
    if (t < best) {
      best = t;
      *out = dir;
    }
  }
  /* entered the prism through a side with no edge met before: rounding
     at a seam; the general path decides */
  if (lo <= hi && best > tmax) return -1;
  if (best == 0) {
    /* in an edge's capsule at the start, outside the prism: the offset
       from P's nearest point, which is on the nearest edge */
    *out = pgram_edge_offset(g, p0);
  }
  return best;
}

/* The one-ray form of pgram_make and pgram_ray. */
static double ray_rounded_parallelogram(vec3 p0, vec3 v, vec3 a, vec3 e,
                                        vec3 A, double R, double tmax,
                                        double scale, double le, double la,
                                        vec3 *out) {
  pgram g;
  if (!pgram_make(&g, a, e, A, R, scale, le, la)) return -1;
  return pgram_ray(&g, p0, v, tmax, out);
}
/* ---- both ends at once: the capsule pair's interval -------------------- */

/* Both roots t1 <= t2 of A t^2 + 2 B t + C, A > 0, given its discriminant
   disc = B^2 - A C >= 0: q / A and C / q with q = -(B + sign(B) sqrt(disc))
   (RTR 3rd ed. eq. 16.65: no subtraction of nearly equal numbers).
   The roots are the vertex -B / A -+ sqrt(disc) / A: q / A, from B and
   disc alone, is the one on the side away from 0; C / q (Vieta: the
   product of the roots is C / A) is the other only while C agrees with
   disc. The callers form disc in Lagrange's form (a triple product for
   |W x Z|^2, not B^2 - A C), which agrees with the computed B and C to
   their rounding, a few eps of cs A (cs: the size of C's terms, |W|^2;
   A = |Z|^2). So the roots are known to the spread that rounding allows,
   sqrt(eps cs A) / A about the vertex, and no better: C / q farther from
   the vertex than sqrt(disc) / A by more than 2^-24 sqrt(cs A) / A
   (four times that) is not a root of the computed quadratic to rounding
   -- B and C are rounding themselves: a point on the surface to
   rounding, moving along it to rounding, tangent, disc exactly 0 while
   B^2 - A C is not (the fuzz finding capsule_capsule-late-exit: C =
   -2^-30 and B = 8e-10 among terms of 3e6, disc = 0, put the exit at
   C / q = 1.13, the vertex at -1e-15, the spread 3e-8). It is then the
   vertex + sqrt(disc) / A on its side, its value from B and disc alone
   (cancelling, to eps |q| / A). */
static void roots2(double A, double B, double C, double cs, double disc,
                   double *t1, double *t2) {
  double r = sqrt_nn(disc), q = B < 0 ? r - B : -B - r, x, y, e;
  if (q == 0) { *t1 = *t2 = 0; return; }     /* B = disc = 0: C = 0 */
  x = C / q;
  y = q / A;
  e = fabs(x * A + B) - r;
  if (e > 0 && e * e > 0x1p-48 * (cs * A)) x = (B < 0 ? -B - r : r - B) / A;
  *t1 = x < y ? x : y;
  *t2 = x < y ? y : x;
}

/* The times (on the whole line) the point w + v t is within R of the
   origin: 0 when never. The discriminant in Lagrange's form, as
   ball_first's. */
COLLIDE_HOT int ball_span(vec3 w, vec3 v, double R, double *t1, double *t2) {
  double A = v_len2(v), C = v_len2(w) - R * R, disc;
  if (!(A > 0)) {
    if (C > 0) return 0;
    *t1 = -INFINITY; *t2 = INFINITY;
    return 1;
  }
  disc = A * (R * R) - v_len2(v_cross(w, v));
  if (disc < 0) return 0;
  roots2(A, v_dot(w, v), C, v_len2(w), disc, t1, t2);
  return 1;
}

/* A ball's span, solved once per line for the two edges that share the
   corner: state 0 not yet, 1 met (t1, t2), -1 never. */
typedef struct ball_memo {
  int state;
  double t1, t2;
} ball_memo;

COLLIDE_HOT int ball_span_memo(vec3 w, vec3 v, double R, ball_memo *m, double *t1,
                          double *t2) {
  if (m->state == 0) {
    m->t1 = m->t2 = 0;
    m->state = ball_span(w, v, R, &m->t1, &m->t2) ? 1 : -1;
  }
  *t1 = m->t1;
  *t2 = m->t2;
  return m->state > 0;
}

/* The times (on the whole line) the point p0 + v t is within R of the
   segment a-b: 0 when never. As ray_capsule, with both ends of each
   interval: the line is in the capsule from its entry into the infinite
   cylinder, or, when that is beyond an end, from its entry into that end's
   ball (the end disc lies in the ball), to the like exit. *oin: the
   offset from the segment at the entry. */
COLLIDE_HOT int capsule_span(vec3 p0, vec3 v, vec3 a, vec3 b, double R,
                        double scale, int need, ball_memo *ma, ball_memo *mb,
                        double *tin, double *tout, vec3 *oin) {
  vec3 f = v_sub(b, a), w = v_sub(p0, a), W, Z;
  double ff = v_len2(f), A, B, C, Rf, t1, t2, y0, yd, yb, y1, y2, u, x, wZ;
  yb = ff;                               /* (b - a).f */
  if (!(scale < 1e40 && ff > 1e-80 && ff > scale * scale * 1e-80)) {
    double mf = v_maxabs(f);
    if (!(mf > 0)) {                     /* a point: its ball */
      if (!ball_span(w, v, R, tin, tout)) return 0;
      *oin = isfinite(*tin) ? v_madd(w, v, *tin) : w;
      return 1;   /* (both ends, whatever `need`) */
    }
    f = v3(f.x / mf, f.y / mf, f.z / mf);   /* (1 / mf may overflow) */
    ff = v_len2(f);
    yb = v_dot(v_sub(b, a), f);
  }
  W = v_cross(f, w);
  Z = v_cross(f, v);
  A = v_len2(Z);
  B = v_dot(W, Z);
  Rf = R * R * ff;
  C = v_len2(W) - Rf;
  if (A > 0) {
    /* B^2 - A C = A Rf - |W x Z|^2 (Lagrange), and W x Z = (f x w) x
       (f x v) = det(f, w, v) f = -(w.Z) f: so ff (R^2 A - (w.Z)^2), the
       triple product in place of a third cross product */
    double disc;
    wZ = v_dot(w, Z);
    disc = ff * (R * R * A - wZ * wZ);
    if (disc < 0) return 0;
    roots2(A, B, C, v_len2(W), disc, &t1, &t2);
    y0 = v_dot(w, f);
    yd = v_dot(v, f);
    y1 = isfinite(t1) ? y0 + yd * t1 : (yd > 0 ? -INFINITY : (yd < 0 ? INFINITY : y0));
    y2 = isfinite(t2) ? y0 + yd * t2 : (yd > 0 ? INFINITY : (yd < 0 ? -INFINITY : y0));
  } else {
    if (C > 0) return 0;                 /* along the axis, outside it */
    t1 = -INFINITY; t2 = INFINITY;
    y0 = v_dot(w, f);
    yd = v_dot(v, f);
    y1 = yd > 0 ? -INFINITY : (yd < 0 ? INFINITY : y0);
    y2 = yd > 0 ? INFINITY : (yd < 0 ? -INFINITY : y0);
  }
  /* (only the ends the caller needs: need 1 the entry, 2 the exit; the
     same ball's both when both ends are beyond the same end) */
  *tin = -INFINITY;
  *tout = INFINITY;
  if (need & 1) {
    if (y1 < 0 || y1 > yb) {
      vec3 e = y1 < 0 ? w : v_sub(p0, b);
      if (!ball_span_memo(e, v, R, y1 < 0 ? ma : mb, &u, &x)) return 0;
      *tin = u;
      *oin = isfinite(u) ? v_madd(e, v, u) : e;
      if ((y1 < 0 && y2 < 0) || (y1 > yb && y2 > yb)) {
        *tout = x;
        return 1;
      }
    } else {
      vec3 p = isfinite(t1) ? v_madd(w, v, t1) : w;
      *tin = t1;
      *oin = v_madd(p, f, -v_dot(p, f) / ff);
    }
  }
  if (need & 2) {
    if (y2 < 0 || y2 > yb) {
      if (!ball_span_memo(y2 < 0 ? w : v_sub(p0, b), v, R, y2 < 0 ? ma : mb,
                          &u, &x))
        return 0;
      *tout = x;
    } else {
      *tout = t2;
    }
  }
  return *tin <= *tout;
}

/* The times on the whole line that lo <= x0 + xd t <= hi: [*enter,
   *exit], empty when enter > exit; ixd = 1 / xd (the two planes of a
   slab share it: 3 divisions for the 12 planes below). */
static inline void slab_times(double x0, double xd, double ixd, double lo,
                              double hi, double *enter, double *exit_) {
  if (xd != 0) {
    double ta = (lo - x0) * ixd, tb = (hi - x0) * ixd;
    *enter = ta < tb ? ta : tb;
    *exit_ = ta < tb ? tb : ta;
  } else if (x0 >= lo && x0 <= hi) {
    *enter = -INFINITY; *exit_ = INFINITY;
  } else {
    *enter = INFINITY; *exit_ = -INFINITY;
  }
}

/* The times on the whole line that p0 + v t is within R of P (the
   pgram), for the capsule pair's interval: 1 with the entry *tin and the
   exit *tout (possibly infinite) and *oin, the offset from P at
   max(entry, 0) (at 0, from P's nearest point); 0 when the line is not
   within R of P during [0, 1]; -1 when the kernel declines (rounding at a
   seam). A line meets a convex body in one interval, the union of its
   intervals with the pieces (each in the body, together covering it), so
   the entry is the least entry of the pieces and the exit the greatest
   exit; an entry or exit through a face of the prism is the body's own
   (pgram_ray's argument), and then the edges need not be solved for it. */
static int pgram_span(const pgram *g, vec3 p0, vec3 v, double *tin,
                      double *tout, vec3 *oin) {
  vec3 w = v_sub(p0, g->a), n = g->n;
  double R = g->R, h0 = v_dot(n, w), hd = v_dot(n, v);
  double s0 = v_dot(g->sg, w), sd = v_dot(g->sg, v);
  double k0 = v_dot(g->kp, w), kd = v_dot(g->kp, v);
  double pad = 1e-9 * (1 + fabs(s0) + fabs(sd) + fabs(k0) + fabs(kd));
  double xs = g->rs + pad, xk = g->rk + pad;
  double lo, hi, xlo, xhi, bin = INFINITY, bout = -INFINITY;
  double hE, hX, sE, sX, kE, kX, ih, is, ik;
  ball_memo memo[4];
  int i, face_in, face_out;
  memo[0].state = memo[1].state = memo[2].state = memo[3].state = 0;
  if (!isfinite(s0 + sd + k0 + kd + h0 + hd)) return -1;
  ih = hd != 0 ? 1 / hd : 0;
  is = sd != 0 ? 1 / sd : 0;
  ik = kd != 0 ? 1 / kd : 0;
  /* the expanded prism (as pgram_ray's quick rejection), whole line */
  slab_times(h0, hd, ih, -R, R, &hE, &hX);
  slab_times(s0, sd, is, -xs, 1 + xs, &sE, &sX);
  slab_times(k0, kd, ik, -1 - xk, 1 + xk, &kE, &kX);
  xlo = dmax(hE, dmax(sE, kE));
  xhi = dmin(hX, dmin(sX, kX));
  if (!(xlo <= xhi) || xlo > 1 || xhi < 0) return 0;
  /* the prism itself; entered (left) through a face when the slab of h
     is the last entered (first left), ties to the face */
  slab_times(s0, sd, is, 0, 1, &sE, &sX);
  slab_times(k0, kd, ik, -1, 1, &kE, &kX);
  lo = dmax(hE, dmax(sE, kE));
  hi = dmin(hX, dmin(sX, kX));
  face_in = lo <= hi && hd != 0 && hE >= sE && hE >= kE;
  face_out = lo <= hi && hd != 0 && hX <= sX && hX <= kX;
  if (face_in) {
    bin = lo;
    *oin = v_scale(n, hd < 0 ? R : -R);
  }
  if (face_out) bout = hi;
  if (!face_in || !face_out) {
    /* the edges whose outside the line visits while in the expanded
       prism (s, k at its ends; a static coordinate is its start value),
       before the prism's entry when only that is wanted, after its exit
       when only that is */
    double wb = face_in ? hi : xlo, wt = face_out ? lo : xhi;
    double sB = sd == 0 ? s0 : s0 + sd * wb, sT = sd == 0 ? s0 : s0 + sd * wt;
    double kB = kd == 0 ? k0 : k0 + kd * wb, kT = kd == 0 ? k0 : k0 + kd * wt;
    for (i = 0; i < 4; i++) {
      double ti, to;
      vec3 oi = v3(0, 0, 0);
      if (i == 0 ? !(dmin(kB, kT) < -1 + pad) :
          i == 1 ? !(dmax(sB, sT) > 1 - pad) :
          i == 2 ? !(dmax(kB, kT) > 1 - pad) : !(dmin(sB, sT) < pad))
        continue;
      if (!capsule_span(p0, v, g->c[i], g->c[(i + 1) & 3], R, g->scale,
                        (face_in ? 0 : 1) | (face_out ? 0 : 2), &memo[i],
                        &memo[(i + 1) & 3], &ti, &to, &oi))
        continue;
      if (!face_in && ti < bin) { bin = ti; *oin = oi; }
      if (!face_out && to > bout) bout = to;
    }
    /* in the prism with no edge piece reaching its side: rounding at a
       seam; the general path decides */
    if (lo <= hi && ((!face_in && !(bin <= lo)) || (!face_out && !(bout >= hi))))
      return -1;
  }
  if (!(bin <= bout) || bin > 1 || bout < 0) return 0;
  if (!(bin > 0)) {
    /* overlapping at the start: the offset from P's nearest point */
    if (lo <= 0 && 0 <= hi) {
      *oin = v_scale(n, h0);
    } else {
      *oin = pgram_edge_offset(g, p0);
    }
  }
  *tin = bin;
  *tout = bout;
  return 1;
}
/* ==== end of the fast kernels ============================================ */

/* ---- sphere ---------------------------------------------------------------- */

/* Scenes measured in a larger unit. The capsule-sphere kernels form
   products of up to eight lengths (|A|^2 disc in capsule_sphere_kernel;
   |W|^2, |W x Z|^2 and |w x v|^2 in ray_capsule). A scene's lengths are
   of its magnitude S (the sum of the inputs' magnitudes) or, in mixed
   scales, far smaller, down to the 1e-150 below which the README lets
   squares underflow; where a product of them leaves the normal range
   (below DBL_MIN = 2.2e-308) the kernels' signs are of flushed terms,
   not of the geometry. The fuzz finding capsule_sphere-tiny-normal
   (S = 1e-16, a core of radius 0 crossing a point whose coordinates are
   near 1e-149) had the point's offset from the axis line W = f x w of
   2e-165, |W|^2 = 4e-330 read as 0 -- inside the infinite cylinder at
   t = 0 -- and the end ball's discriminant -|w x v|^2, of 1e-330, read
   as 0 too: tangent, touching at u = 0.23 while 2.3e-17 from it, the
   normal along the motion. At S = 8.25 a core 2e-16 long, a point
   1.8e-139 beside its middle (capsule_sphere-short-core): |W|^2 = 1.3e-309
   and W.Z the same, |W x Z|^2 = 3.5e-339 read as 0, so t = C / -B = 1,
   the normal along the motion.
   The fast path (the hot one) takes scenes of S from TINY_SCENE = 2^-4
   on, unscaled: there a product that leaves the normal range is one of
   lengths far below the rounding of the scene (eps S), and its answer is
   the scene's to that rounding (the argument is above
   capsule_sphere_kernel: with |A| >= 1e-15 S, underflow moves a decision
   by a length below 1e-120). The general path (cold) first measures every
   scene below 2^60 in the unit that brings S into [2^60, 2^61), by 2^k:
   each length, and so each product of small lengths, is as large as it
   can be while a term of degree eight stays below 2^488, far from
   overflow, and the scaled scene is still the fast path's (S <= 1e20).
   Multiplying a double by a power of two changes its exponent only:
   exact, with no overflow (every input is at most S before, 2^61 after),
   also for a subnormal input (its significand keeps its bits at the
   larger exponent). Never down: a tiny input could then fall below
   DBL_MIN and be rounded. u is a ratio of terms of the same degree and
   the normal a unit vector: both scale-free, the scaled scene's own; the
   point scales back by 2^-k, exactly unless it falls below DBL_MIN,
   where it is rounded once, as any result computed there is. So a
   scene and the same scene in another unit get the same answer, and a
   scene whose products all stay normal gets the answer it got unscaled:
   its operations scale exactly with it, and the few absolute thresholds
   on the way (unit_of's, len_safe's) are about such underflow too (3.4
   million inputs of a single scale, 2^-4 to 1e15, against the code
   before this scaling: the same bits). Terms with three lengths of
   1e-150 are below the normal range at any scale (the README's limit).
   Returns k, or 0 for a scene that needs none (S 0 too: nothing to
   scale). */
#define TINY_SCENE 0x1p-4

static int scene_exponent(double S) {
  int k;
  if (!(S > 0)) return 0;
  k = unit_exponent(S);
  return k > 0 ? k : 0;
}

/* The core against the sphere's centre: in the capsule's frame the centre
   moves from q0 = center by -d, and touches when it is within r + rb of the
   core at its start place, c0 - A .. c0 + A (a sphere swept against a
   segment; RTR 3rd ed. 16.18.3). The normal of that sweep points from the
   core toward the sphere's centre: negated, it is from the sphere toward
   the capsule. The point is the sphere's surface point on that line, or,
   when the core reaches nearer the centre than rb, the core's own point
   (inside both). */
COLLIDE_COLD int capsule_sphere_general(double r, const collide_vec3 *axis,
                                        const collide_vec3 *c0,
                                        const collide_vec3 *c1,
                                        const collide_vec3 *center, double rb,
                                        collide_hit *out) {
  vec3 d, normal, c;
  double u, dist;
  int k;
  double S = mag_total(mag_add(mag_add(mag_add(mag_add(mag_num(mag_start(r), rb),
                                                       axis), c0), c1), center));
  if (!((S <= COLLIDE_MAX_COORD) && (r >= 0) && (rb >= 0))) {
    CHECK_RADIUS(r, 1);                /* one pass, else one by one */
    CHECK_VEC(axis, 2);
    CHECK_VEC(c0, 3);
    CHECK_VEC(c1, 4);
    CHECK_VEC(center, 5);
    CHECK_RADIUS(rb, 6);
  }
  d = v_sub(*c1, *c0);
  if (!v_zero(*axis) && (k = scene_exponent(S)) != 0) {
    /* the scene in the unit 2^-k (scene_exponent): a tiny one (below
       TINY_SCENE) the whole query's, the fast path first, as for any
       scene of ordinary size; else this path's, which the fast path has
       declined already. A zero axis is the sphere query's, to the bit,
       at any scale, so it is not scaled. */
    vec3 A = v_ldexp(*axis, k), p0 = v_ldexp(*c0, k), p1 = v_ldexp(*c1, k),
         ctr = v_ldexp(*center, k);
    int hit = (S < TINY_SCENE ? collide_sweep_capsule_sphere
                              : capsule_sphere_general)(scale2(r, k), &A, &p0, &p1,
                                                        &ctr, scale2(rb, k), out);
    if (hit == 1) out->point = v_ldexp(out->point, -k);
    return hit;
  }
  if (v_zero(*axis)) {
    /* a sphere: sweep_sphere_sphere decides and gives u */
    collide_interval iv;
    vec3 diff;
    if (collide_sweep_sphere_sphere(r, c0, c1, rb, center, center, &iv) != 1) {
      hit_clear(out);
      return 0;
    }
    u = iv.u0;
    c = at(*c0, d, u);
    diff = v_sub(c, *center);
    dist = v_len(diff);
    /* (two points, r + rb = 0, meet at distance 0 exactly: c - center is
       the rounding of c = c0 + d u alone, which is of c0's size and can
       exceed the noise of c and the centre in mixed scales -- a point
       3120 away arriving at one near 1e-19 got a normal along the motion.
       A point met is a segment's end: -d, as sweep_segment's rule) */
    if (r + rb > 0 && dist > noise(c, *center)) normal = v_normalize(diff);
    else normal = v_len2(d) > 0 ? v_normalize(v_neg(d)) : v3(1, 0, 0);
  } else {
    vec3 off = v3(0, 0, 0);
    /* The quick rejections. The sphere's centre moves by -d relative to
       the capsule's centre, from s = center - c0. It misses when the line
       of its motion passes farther than r + rb from the line of the core
       (their distance is |s.N| / |N|, N = axis x d, a lower bound of the
       segments'; no division, and no square root to wait for), or when it
       never comes within Rb = r + rb + |axis| of the capsule's centre (the
       capsule's bounding sphere; sweep_sphere_sphere's decision without
       its root: no approach, a closest approach beyond Rb -- Lagrange's
       discriminant < 0 -- or still outside at the end of a step that ends
       before the closest approach). Both radii are padded by 1e-9 of the
       scale, so rounding never rejects a contact. */
    /* (the scene was scaled above: S >= 2^60 here) */
    {
      vec3 s = v_sub(*center, *c0), N = v_cross(*axis, d);
      double sN = v_dot(s, N), Rp = r + rb + 1e-9 * S, Rb, a, b, cc;
      /* N's components carry an error of a few epsilon |axis| |d| (eN),
         s.N of eN |s|: the test is made only when the lines are not
         parallel to within that (|N| above 1e6 eN), and with |s.N|
         lowered by its error (a contact is never rejected) */
      double eN = 8 * DBL_EPSILON * mag3(axis) * mag3(&d), nn = v_len2(N);
      double x = fabs(sN) - eN * mag3(&s);
      if (nn > 1e12 * eN * eN && x > 0 && x * x > Rp * Rp * nn * (1 + 1e-5)) {
        hit_clear(out);
        return 0;
      }
      Rb = Rp + sqrt(v_len2(*axis));
      a = v_len2(d);
      b = -v_dot(s, d);
      cc = v_len2(s) - Rb * Rb;
      if (cc > 0 && (b >= 0 || a * (Rb * Rb) < v_len2(v_cross(s, d)) ||
                     (-b > a && a + 2 * b + cc > 0))) {
        hit_clear(out);
        return 0;
      }
    }
    /* the fast kernel, relative to the capsule's centre at the start: it
       decides a miss, and a contact whose centre is off the core (at u = 0
       too: the offset is then the centre's from its nearest core point,
       as the segment sweep's) */
    u = ray_capsule(v_sub(*center, *c0), v_neg(d), v_neg(*axis), *axis,
                    r + rb, 1, 4 * S, &off);
    if (u > 1) {
      hit_clear(out);
      return 0;
    }
    dist = len_safe(off);
    if (dist > 64 * DBL_EPSILON * S) {
      normal = v_flip(unit_of(off, dist));
    } else {
      /* at the start (overlapping), or no distance: the segment sweep's
         rules for the normal */
      collide_hit h;
      vec3 q1 = v_sub(*center, d), a = v_sub(*c0, *axis), b = v_add(*c0, *axis);
      if (collide__sweep_segment(r + rb, center, &q1, &a, &b, &h) != 1) {
        hit_clear(out);
        return 0;
      }
      u = h.u;
      normal = v_flip(h.normal);
      dist = v_len(v_sub(at(*center, v_neg(d), u), h.point));
    }
  }
  out->u = u;
  out->point = v_madd(*center, normal, dist < rb ? dist : rb);
  out->normal = normal;
  out->feature = COLLIDE_FEATURE_FACE;
  return 1;
}

/* ---- capsule-sphere: the fast path (issue 10's 2x target) ---- */

/* The sphere's centre against the capsule, in the capsule's frame: the
   point p(t) = s + v t, s = center - c0, v = c0 - c1, against the core
   -A .. A grown by R = r + rb (a ray against a capsule: Ericson RTCD
   5.3.7, the infinite cylinder first and an end cap only when the entry
   into it lies beyond an end, as ray_capsule above).

   The cylinder. The distance of p to the axis line is |A x p| / |A|, so p
   is inside while |M + N t|^2 <= R^2 |A|^2, M = A x s, N = A x v:

       |N|^2 t^2 + 2 (M.N) t + C = 0,   C = |M|^2 - R^2 |A|^2.

   Its discriminant (M.N)^2 - |N|^2 C is, by Lagrange's identity
   |M|^2 |N|^2 - (M.N)^2 = |M x N|^2, |N|^2 R^2 |A|^2 - |M x N|^2; and
   M x N = (A x s) x (A x v) = D A with D = s.(A x v) = s.N, the triple
   product (the identity (a x b) x (a x c) = det(a, b, c) a). So the
   discriminant is |A|^2 (R^2 |N|^2 - D^2): no third cross
   product, no cancellation of two large squares (as ball_first), and its
   sign, R^2 |N|^2 - D^2 < 0, is "the line of the motion passes farther
   than R from the axis line" -- the clear miss of half the bench's cases,
   decided with two cross products and no division. The first root is
   C / q, q = sqrt(|A|^2 disc) - M.N (RTR 3rd ed. eq. 16.65: no
   subtraction of nearly equal numbers). The rules are ray_capsule's: C <= 0
   is inside the infinite cylinder at t = 0; C > 0 and M.N >= 0 never comes
   nearer; then disc < 0 passes farther; a root beyond 1 is after the step.

   The caps. At the entry, y = p.A beyond +-|A|^2 is beyond an end, and
   then only that end's ball can be met first (the end disc lies in it):
   the point against the ball of radius R at +-A, w = s -+ A, with
   ball_first's discriminant |v|^2 R^2 - |w x v|^2.

   Returns 1 with *u and *off, the centre's offset from its nearest core
   point at u (at u = 0 too: overlapping at the start); 0 for no contact.

   Range. The caller keeps it to scenes whose magnitude S (the sum of the
   inputs' magnitudes) is in [2^-4, 1e20], with |A| >= 1e-15 S, and does
   not scale them. No term overflows: each is of degree eight at most in
   lengths of at most S (|A|^2 disc <= 1e160). Terms can underflow: in
   mixed scales s, v and R (and their parts s', v' across the axis) may
   be far below S, and |A| may be 1e-15 S, so |A x s|^2 and R^2 |A|^2
   reach 1e-323 for a sphere of 1e-149 beside a core of 1e-13
   (test_capsule_tangent_start). The answer is still the scene's to its
   rounding -- contact decided within a few eps S, the rounding of its
   coordinates, and shapes clearly apart or overlapping answered as they
   are -- because a product below DBL_MIN is off by at most DBL_MIN (by
   2^-1074 with gradual underflow; by DBL_MIN where the host flushes
   subnormals to zero), and every term decided from is lengths times a
   power of |A|:
       C = |A|^2 (d0^2 - R^2)       (d0 the start's distance to the axis)
       B = |A|^2 (s'.v'),     aa disc = |A|^4 |v'|^2 (R^2 - dl^2),
       disc = |A|^2 |v'|^2 (R^2 - dl^2)   (dl that of the motion's line),
       y = |A| (x's coordinate along A).
   |A|^2 >= 1e-30 S^2 >= 3.9e-33, so a few DBL_MIN (four: 8.9e-308) is,
   divided by |A|^2, below 2.3e-275 in squared lengths: the signs of C
   and B, and the times when |s' + v' t| = R, are those of the geometry
   to 2.3e-275, a length of 4.8e-138, where eps S >= 1.4e-17. Divided by
   |A|^2 |v'|^2, disc decides dl against R to 2.3e-275 / |v'|^2: a length
   below eps S while |v'| >= 1e-120; with |v'| below that the centre
   crosses less than 1e-120 toward the axis in the whole step, so a
   contact gained or lost is within 1e-120 of touching. At the root
   t = C / q the error e in q = sqrt(aa disc) - B (the root of an error
   of DBL_MIN is 1.5e-154; over |A|^2, 4e-122) leaves f(t) = |s' + v' t|^2
   - R^2 at t e (2 sqrt(disc') + e) / q', within 4e-122 of 0 (disc' and
   q' of the computed terms over |A|^2 and |A|^4; when disc' is of e's
   size, the line is tangent to within 1e-120 as above). The end's ball
   has no |A| in its terms (Cb, Bb: squared lengths to DBL_MIN, 1.5e-154
   as a length; its discriminant is disc's with v for v'), nor has the
   caller's |off|^2, which underflows only below 1.5e-154 < 64 eps S, a
   case it gives the general path anyway. What underflows is then a
   question below the rounding of the scene, which no answer at that
   magnitude resolves: the sphere of 1e-149 above, 0.97 R from the axis,
   reads as missing the core here (C = +4.9e-324 where it is -7e-325),
   and the general path, scaled, reads such spheres touching within its
   own 64 eps S; both are its answers to rounding (8.6e-16 there). A
   scene below 2^-4 is scaled first (TINY_SCENE), so that its own
   rounding, not the underflow, is the limit; everything else the caller
   declines takes the general path. */
COLLIDE_HOT int capsule_sphere_kernel(vec3 A, vec3 s, vec3 v, double R,
                                      double *u, vec3 *off) {
  vec3 N = v_cross(A, v), M = v_cross(A, s), x;
  double RR = R * R, aa = v_len2(A), MM = v_len2(M), C = MM - RR * aa, D,
         disc, t, y;
  if (C > 0) {
    double B = v_dot(M, N);
    D = v_dot(s, N);
    disc = RR * v_len2(N) - D * D;
    /* never nearer the axis line, or passing farther than R from it */
    if (B >= 0 || disc < 0) return 0;
    t = C / (sqrt_nn(aa * disc) - B);
    if (!(t <= 1)) return 0;
    /* A start on the cylinder to rounding. M = A x s is a difference of
       two products in each component, rounded to within 1.5 eps
       (|A_j s_k| + |A_k s_j|), so |M - A x s| <= 2.2 eps |A| |s|; |M|^2
       is then off by at most 4.4 eps |M| |A| |s| + 1.5 eps |M|^2, R^2
       |A|^2 by 1.5 eps of itself, and C, where the two nearly cancel
       (|M| <= |A| |s|), by less than 8 eps |M| |A| |s|. Below twice that
       (C^2 <= 256 eps^2 |M|^2 |A|^2 |s|^2: no square root) C is
       rounding, and so may be B = M.N, the rate of approach of a centre
       moving along the surface; disc comes from D = s.N, computed apart
       (the identity M x N = D A holds for the exact M only), so it need
       not be the discriminant of this C and B, and C / q is a quotient
       of noises. The fuzz finding capsule_sphere-false-contact (M =
       2^-111 (0, 1, 0) on the axis line, N's y the same noise, D = 0,
       R = 0) gave t = C / -B = 1 exactly, 12 from the axis; a centre on
       a cylinder of radius 1.7 moving along it (C = 1.5 2^-52, B = -1.27
       2^-51, disc exactly 0) gave t = 0.59, 1e-3 outside
       (test_capsule_tangent_start). The centre is then in the infinite
       cylinder at t = 0 to rounding: that branch's answer, the same as
       when C's rounding makes it <= 0 (the end's ball, whose terms are
       its own and tested the same way below; or, within the slab, the
       offset from the axis at the start). Above the bound, a centre
       leaving along the surface has disc < 0 (its true value, about
       -|N|^2 C / |A|^2 when B is rounding, exceeds its rounding, of the
       order of eps R |s| |N|^2 / |A|^2 where the motion crosses the
       axis), or, nearly along the axis, a root where the centre is
       within rounding of R (an exact oracle in quad precision over 2.2
       million such starts, single and mixed scales: every contact within
       19 eps S of touching, where 1500 in 200000 were not before).
       Tested here, after the root, so an answer the root already
       rejected is unchanged and the common path pays only when it
       reports a contact. (A centre on the axis line to rounding, |M|
       of its rounding, has C below the bound too. C^2 underflows only
       for C below 1.5e-154; a contact the fast path keeps has an offset
       above 64 eps S, so |M|^2 >= 3e-64 and the right side is normal:
       C is then 1e-90 of |M|^2, on the surface to rounding.) */
    if (C * C <= 256 * (DBL_EPSILON * DBL_EPSILON) * MM * (aa * v_len2(s))) {
      t = 0;
      x = s;
    } else {
      x = v_madd(s, v, t);
    }
  } else {
    t = 0;                               /* in the infinite cylinder at 0 */
    x = s;
  }
  y = v_dot(x, A);
  if (y < -aa || y > aa) {
    /* beyond an end at the cylinder's entry: that end's ball */
    vec3 w = y < 0 ? v_add(s, A) : v_sub(s, A);
    double ww = v_len2(w), Cb = ww - RR, Bb;
    if (Cb <= 0) {
      *u = 0;
      *off = w;
      return 1;
    }
    Bb = v_dot(w, v);
    if (Bb >= 0) return 0;
    disc = v_len2(v) * RR - v_len2(v_cross(w, v));
    if (disc < 0) return 0;
    t = Cb / (sqrt_nn(disc) - Bb);
    if (!(t <= 1)) return 0;
    /* A start on the ball to rounding, as on the cylinder above: w = s
       -+ A is rounded to eps/2 of itself, |w|^2 to 2 eps of itself, R^2
       to eps/2, so Cb, where the two nearly cancel, is off by less than 4
       eps |w|^2, and its discriminant |v|^2 R^2 - |w x v|^2 by less than
       8 eps |v|^2 |w|^2, which is below its true value (-|v|^2 Cb when
       Bb is rounding) once Cb > 8 eps |w|^2. Below 16 eps |w|^2 the
       centre touches the ball at t = 0 to rounding. */
    if (Cb <= 16 * DBL_EPSILON * ww) {
      *u = 0;
      *off = w;
      return 1;
    }
    *u = t;
    *off = v_madd(w, v, t);
    return 1;
  }
  *u = t;
  *off = v_madd(x, A, -y / aa);
  return 1;
}

/* The arguments accepted in one pass (mag_add2; a negative or -0 radius,
   and anything over the limit, goes to the general path, which checks
   them one by one); then the kernel above for the common case, and the
   general path (the segment sweep's rules) for the rest: a zero or tiny
   axis (a sphere), extreme coordinates (a scene below TINY_SCENE is
   scaled there, and comes back), and a centre on the core at the start
   (no direction to push). The general path is reached by a tail
   call only, so this stays a leaf function. */
int collide_sweep_capsule_sphere(double r, const collide_vec3 *axis,
                                 const collide_vec3 *c0, const collide_vec3 *c1,
                                 const collide_vec3 *center, double rb,
                                 collide_hit *out) {
  int signs;
  double S = mag_total(mag_add2(mag_add2(mag_nums2(r, rb, &signs), axis, c0),
                                c1, center));
  if (S <= 1e20 && S >= TINY_SCENE && signs == 0 &&
      v_len2(*axis) >= 1e-30 * (S * S)) {
    vec3 off, normal;
    double u, dist;
    int k = capsule_sphere_kernel(*axis, v_sub(*center, *c0),
                                  v_sub(*c0, *c1), r + rb, &u, &off);
    if (k == 0) {
      hit_clear(out);
      return 0;
    }
    dist = sqrt_nn(v_len2(off));
    if (dist > 64 * DBL_EPSILON * S) {
      normal = v_flip(unit_of(off, dist));
      out->u = u;
      out->point = v_madd(*center, normal, dist < rb ? dist : rb);
      out->normal = normal;
      out->feature = COLLIDE_FEATURE_FACE;
      return 1;
    }
  }
  return capsule_sphere_general(r, axis, c0, c1, center, rb, out);
}
/* ---- end of capsule-sphere's fast path ---- */

/* ---- plane ----------------------------------------------------------------- */

/* The core's points lie within |n.A| of the centre's plane distance, so the
   capsule touches the two-sided plane while |n.c(t) + d| <= r + |n.A|: a
   sphere of that radius (RTR 3rd ed. 16.18.1), on the side the centre
   comes from (the sphere query's rule, which is also the contract's tie
   rule: a centre on the plane faces against the motion). The point is the
   foot of the end nearest the plane, or where the core crosses the plane. */
int collide_sweep_capsule_plane(double r, const collide_vec3 *axis,
                                const collide_vec3 *c0, const collide_vec3 *c1,
                                const collide_plane *plane, collide_hit *out) {
  vec3 n, c, e;
  double k, R, d0, d1, u, side, dc;
  CHECK_RADIUS(r, 1);
  CHECK_VEC(axis, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  CHECK_PLANE(plane, 5);
  if (v_zero(*axis)) return collide_sweep_sphere_plane(r, c0, c1, plane, out);
  n = plane->normal;
  k = v_dot(n, *axis);
  R = r + fabs(k);
  d0 = v_dot(n, *c0) + plane->d;
  d1 = v_dot(n, *c1) + plane->d;
  side = d0 > 0 ? 1 : (d0 < 0 ? -1 : (d1 > 0 ? -1 : 1));
  if (fabs(d0) <= R) {
    u = 0;
  } else {
    double s0 = d0 * side, s1 = d1 * side;
    if (s1 > R) { hit_clear(out); return 0; }
    u = clamp01((s0 - R) / (s0 - s1));
  }
  c = u == 0 ? *c0 : v_lerp(*c0, *c1, u);
  dc = v_dot(n, c) + plane->d;
  if (fabs(dc) <= fabs(k) && k != 0)
    e = v_madd(c, *axis, -dc / k);                 /* the core crosses */
  else
    e = v_madd(c, *axis, -sign_or(dc, side) * sign_or(k, 0));  /* nearer end */
  out->u = u;
  out->normal = v_scale(n, side);
  out->point = v_madd(e, n, -(v_dot(n, e) + plane->d));
  out->feature = COLLIDE_FEATURE_FACE;
  return 1;
}

/* ---- segment --------------------------------------------------------------- */

/* The sphere sweep of the centre against the grown segment: the
   parallelogram a-b (+) S, or the segment between the extreme corners when
   a-b and the axis are parallel. A start inside the parallelogram in the
   plane of a 2D game is pushed out across its nearest edge (flat_push).

   The normal, at u (at u = 0 too, when core and segment are apart: the
   shortest separating translation), is pair_normal's, from the closest
   points of the core and a-b. sweep_flat's own came from the nearest
   point of the body found by comparing squared distances of the centre to
   the four edges: on a sliver (a sine of e and A below 1e-3, where the
   fast kernel declines) those are R^2 plus in-plane terms of the order of
   the sliver's width squared, and below a width of about sqrt(epsilon) R
   they are lost in R^2: a core 2 dl above a vertex got the corner 2 dl
   across the sliver, the normal off by 4 dl / R. A distance at the
   rounding noise of the points has no direction: sweep_flat's rules stand
   (a zero radius; the core on the segment at the start). A parallelogram
   thinner than rounding (thin_sum) takes pair_normal's too: the segment
   between its extreme corners stands for it within a height h (at most
   64 epsilon of the coordinates), which moves the contact -- and u -- by
   rounding, but turns that segment's normal by its slope against the
   true sides, h / L for a side L long, and a normal's rounding is
   epsilon |x| / R: far below h / L for a radius R well above L (a core
   2 long at height 100 over a segment at a sine of 2^-40 got a normal
   3e-13 off, 700 times its rounding). The pair of core and segment at u
   does not see the thinness (seg_seg takes both directions as they are).
   *x, *q, *t: the closest pair at u and the parameter of q on a-b, for the
   caller's point and feature. */
static int sweep_grown_segment(double r, vec3 c0, vec3 c1, vec3 a, vec3 b,
                               vec3 A, collide_hit *h, vec3 *x, vec3 *q,
                               double *t) {
  vec3 e = v_sub(b, a), d = v_sub(c1, c0), c, m0, m1;
  int hit, thin = thin_sum(a, b, A, dmax(v_maxabs(c0), v_maxabs(c1)));
  if (!thin) {
    vec3 g[4], n;
    g[0] = v_sub(a, A); g[1] = v_sub(b, A); g[2] = v_add(b, A); g[3] = v_add(a, A);
    n = v_normalize(cross_exact(v_scale(e, 1 / v_maxabs(e)),
                                v_scale(A, 1 / v_maxabs(A))));
    hit = collide__sweep_flat(r, c0, c1, g, 4, n, g[0], h);
    if (hit == 1 && h->u == 0) {
      int f;
      vec3 p = collide__flat_closest(c0, g, 4, n, g[0], &f);
      if (f == COLLIDE_FEATURE_FACE && v_len(v_sub(c0, p)) <= noise(c0, g[0]) &&
          in_plane(c0, d, v3(0, 0, 0), n, g[0]))
        h->normal = flat_push(c0, v3(0, 0, 0), d, g, 4, n, 1).w;
    }
  } else {
    /* collinear: the extreme two of the four corners along the line */
    vec3 pts[4], dir = v_len2(e) >= v_len2(A) ? e : A, lo, hi;
    double slo, shi;
    int i;
    pts[0] = v_sub(a, A); pts[1] = v_sub(b, A); pts[2] = v_add(b, A);
    pts[3] = v_add(a, A);
    lo = hi = pts[0];
    slo = shi = v_dot(pts[0], dir);
    for (i = 1; i < 4; i++) {
      double s = v_dot(pts[i], dir);
      if (s < slo) { slo = s; lo = pts[i]; }
      if (s > shi) { shi = s; hi = pts[i]; }
    }
    hit = collide__sweep_segment(r, &c0, &c1, &lo, &hi, h);
  }
  if (hit != 1) return hit;
  c = at(c0, d, h->u);
  m0 = v_sub(c, A);
  m1 = v_add(c, A);
  (void)seg_seg(c, A, a, b, x, q, t);
  if (r == 0 && h->u > 0) {
    /* touching at distance zero after the start: zero_normal's (the
       segment has no inside, so +-(e x A) on the start's side anywhere on
       the parallelogram, as ray_flat; in a 2D game or along a sliver
       thinner than rounding, across the line met) */
    vec3 ends[2];
    ends[0] = a; ends[1] = b;
    h->normal = zero_normal(c, A, d, *x, *q, *t, &a, &b, 1, 0, ends, 2);
  } else {
    (void)pair_normal(m0, m1, A, a, b, *x, *q, *t,
                      dmax(noise(*x, *q), noise(c, A)), &h->normal);
  }
  return 1;
}

/* Scenes of extreme size, for the segment and capsule-pair sweeps. Their
   fast kernels decide from terms of degree eight in the lengths:
   ray_capsule's and capsule_span's |W x Z|^2 (W = f x w, Z = f x v) and
   |Z|^2 R^2 |f|^2, when |f| is above 1e-40 of the scale (below, f is
   made unit and they are of degree four). For a scene of S near 1 these
   are far inside the range of doubles; for all lengths near 1e-38 they
   are near DBL_MIN = 2.2e-308 and lose their bits to underflow, and for
   lengths near 1e38 they overflow. Measured against a quad-precision
   oracle of the first (and last) time of contact -- the distance at the
   reported u against r, and the depth of any contact before it -- on
   scenes of S about 10 scaled by 2^-k: for k up to 100 (and for k down
   to -100) the very same bits as unscaled (which are within rounding:
   a few eps S, 26 at worst, on slivers); for k from 101 to 134 (S from about 4e-30 to 6e-40)
   answers off by up to 1.2e13 eps S in capsule_segment and 6e13 eps S in
   capsule_capsule (a thousandth of the scene), hits and misses flipped;
   from -101 to -160 (S 1e31 to 1e49) by up to 5e14 eps S. (Beyond 2^-135
   the unit f kept the answers within rounding, but not the same bits.)

   So a scene whose S is outside [TINY_SCENE, HUGE_SCENE] = [2^-4, 2^64]
   is first measured in the unit that brings S into [2^60, 2^61)
   (unit_exponent), as capsule-sphere's general path does, and the whole
   query runs on that scene. Up: exact (scale2), also for subnormal
   inputs. Down (a scene above 2^64, k < 0): exact but for an input that
   falls below DBL_MIN, rounded once; that input is below 2^-1082 S, and
   its rounding, at most 2^-1075 of the unit, is far below the scene's
   own rounding eps S. u (and u1) is a ratio of terms of the same degree
   and the normal a unit vector: scale-free, the scaled scene's own; the
   point scales back by 2^-k, exactly unless it falls below DBL_MIN,
   where it is rounded once. So a scene and the same scene in any unit
   2^j get the same bits as long as both are outside the range or both
   are inside it and the kernels' products stay normal -- which, on the
   measurements above, holds from 2^-4 to 2^64 (the range is the
   capsule-sphere fast path's, TINY_SCENE, with HUGE_SCENE below the
   1e31 where overflow begins). A zero axis (the sphere query; both zero
   for the capsule pair) is that query's, at any scale, not scaled. The
   scaled scene is in the range: the recursion is one call deep. */
#define HUGE_SCENE 0x1p64

COLLIDE_COLD int capsule_segment_rescaled(double r, const collide_vec3 *axis,
                                          const collide_vec3 *c0,
                                          const collide_vec3 *c1,
                                          const collide_vec3 *a,
                                          const collide_vec3 *b, double S,
                                          collide_hit *out) {
  int k = unit_exponent(S), hit;
  vec3 A = v_ldexp(*axis, k), p0 = v_ldexp(*c0, k), p1 = v_ldexp(*c1, k),
       pa = v_ldexp(*a, k), pb = v_ldexp(*b, k);
  hit = collide_sweep_capsule_segment(scale2(r, k), &A, &p0, &p1, &pa, &pb, out);
  if (hit == 1) out->point = v_ldexp(out->point, -k);
  return hit;
}

int collide_sweep_capsule_segment(double r, const collide_vec3 *axis,
                                  const collide_vec3 *c0, const collide_vec3 *c1,
                                  const collide_vec3 *a, const collide_vec3 *b,
                                  collide_hit *out) {
  collide_hit h;
  vec3 c, x, q;
  double t, le, la;
  double S = mag_total(mag_add(mag_add(mag_add(mag_add(mag_add(mag_start(r), axis),
                                                       c0), c1), a), b));
  /* (one test for the common case: accepted in one pass, in the range) */
  if (!((S <= HUGE_SCENE) && (S >= TINY_SCENE) && (r >= 0))) {
    CHECK_RADIUS(r, 1);                /* one pass, else one by one */
    CHECK_VEC(axis, 2);
    CHECK_VEC(c0, 3);
    CHECK_VEC(c1, 4);
    CHECK_VEC(a, 5);
    CHECK_VEC(b, 6);
    if (!(S >= TINY_SCENE && S <= HUGE_SCENE) && !v_zero(*axis))
      return capsule_segment_rescaled(r, axis, c0, c1, a, b, S, out);
  }
  if (v_zero(*axis)) return collide_sweep_sphere_segment(r, c0, c1, a, b, out);
  {
    /* The quick rejection (as capsule_sphere's): the centre never comes
       within Rb = r + |b - a| / 2 + |axis| of the segment's midpoint m,
       which bounds the grown parallelogram; padded by 1e-9 of the
       scale. */
    vec3 m = v_scale(v_add(*a, *b), 0.5), s0 = v_sub(*c0, m), dd = v_sub(*c1, *c0);
    double qa, qb, qc, Rb;
    le = sqrt(v_len2(v_sub(*b, *a)));
    la = sqrt(v_len2(*axis));
    Rb = r + 0.5 * le + la;
    Rb += 1e-9 * (Rb + S);
    qa = v_len2(dd);
    qb = v_dot(s0, dd);
    qc = v_len2(s0) - Rb * Rb;
    if (qc > 0 && (qb >= 0 || qa * (Rb * Rb) < v_len2(v_cross(s0, dd)) ||
                   (-qb > qa && qa + 2 * qb + qc > 0))) {
      hit_clear(out);
      return 0;
    }
  }
  {
    /* the fast kernel: a miss, or a contact with the centre off the
       parallelogram (at u = 0, the face's normal when its nearest point
       is inside, else from the nearest point: sweep_flat's rules); else
       the general path below */
    vec3 off;
    double u = ray_rounded_parallelogram(*c0, v_sub(*c1, *c0), *a, v_sub(*b, *a),
                                         *axis, r, 1, 4 * S, le, la, &off), l;
    if (u > 1) {
      hit_clear(out);
      return 0;
    }
    if (u >= 0 && (l = len_safe(off)) > 64 * DBL_EPSILON * S) {
      c = at(*c0, v_sub(*c1, *c0), u);
      (void)seg_seg(c, *axis, *a, *b, &x, &q, &t);
      out->u = u;
      out->point = q;
      out->normal = unit_of(off, l);
      out->feature = (t == 0 || t == 1) ? COLLIDE_FEATURE_VERTEX : COLLIDE_FEATURE_EDGE;
      return 1;
    }
  }
  if (sweep_grown_segment(r, *c0, *c1, *a, *b, *axis, &h, &x, &q, &t) != 1) {
    hit_clear(out);
    return 0;
  }
  out->u = h.u;
  out->point = q;
  out->normal = h.normal;
  out->feature = (t == 0 || t == 1 || v_len2(v_sub(*b, *a)) == 0)
                     ? COLLIDE_FEATURE_VERTEX : COLLIDE_FEATURE_EDGE;
  return 1;
}

/* ---- capsule against capsule ------------------------------------------------- */

/* Lexicographic order of the two capsules' arguments, so that swapping A
   and B computes the very same sweep (with the normal negated): the answer
   is symmetric to the last bit. */
/* (pair by pair, first difference decides: no arrays to fill, and most
   calls decide on the radii) */
#define BEFORE_PAIR(x, y) do { \
    if ((x) != (y)) return (x) < (y); \
    if (signbit(x) != signbit(y)) return signbit(x) != 0;  /* -0, 0 */ \
  } while (0)
static inline int before(double ra, const vec3 *aa, const vec3 *a0,
                         const vec3 *a1, double rb, const vec3 *ab,
                         const vec3 *b0, const vec3 *b1) {
  BEFORE_PAIR(ra, rb);
  BEFORE_PAIR(aa->x, ab->x); BEFORE_PAIR(aa->y, ab->y); BEFORE_PAIR(aa->z, ab->z);
  BEFORE_PAIR(a0->x, b0->x); BEFORE_PAIR(a0->y, b0->y); BEFORE_PAIR(a0->z, b0->z);
  BEFORE_PAIR(a1->x, b1->x); BEFORE_PAIR(a1->y, b1->y); BEFORE_PAIR(a1->z, b1->z);
  return 1;
}
#undef BEFORE_PAIR

/* A scene outside [TINY_SCENE, HUGE_SCENE] in the unit 2^-k that brings
   it into [2^60, 2^61) (capsule_segment_rescaled's argument): u0, u1 and
   the normal are scale-free, the scaled scene's own (the normal from
   this call's B toward its A, whatever order the call itself takes). */
COLLIDE_COLD int capsule_capsule_rescaled(double ra, const collide_vec3 *axisa,
                                          const collide_vec3 *a0,
                                          const collide_vec3 *a1, double rb,
                                          const collide_vec3 *axisb,
                                          const collide_vec3 *b0,
                                          const collide_vec3 *b1, double S,
                                          collide_interval *out) {
  int k = unit_exponent(S);
  vec3 Aa = v_ldexp(*axisa, k), p0 = v_ldexp(*a0, k), p1 = v_ldexp(*a1, k),
       Ab = v_ldexp(*axisb, k), q0 = v_ldexp(*b0, k), q1 = v_ldexp(*b1, k);
  return collide_sweep_capsule_capsule(scale2(ra, k), &Aa, &p0, &p1, scale2(rb, k),
                                       &Ab, &q0, &q1, out);
}

/* In B's frame A's centre moves from p0 = a0 - b0 by v = (a1 - a0) - (b1 -
   b0), and the capsules touch while it is within ra + rb of the
   parallelogram Sb (+) (-Sa), the corners +-Aa +-Ab (a segment when the
   axes are parallel): a sphere sweep, whose normal points from B toward A.
   The contact times form an interval (a line meets a convex set in one);
   its end is the first contact of the reversed motion, from p1 back to
   p0: u1 = 1 - that time. */
int collide_sweep_capsule_capsule(double ra, const collide_vec3 *axisa,
                                  const collide_vec3 *a0, const collide_vec3 *a1,
                                  double rb, const collide_vec3 *axisb,
                                  const collide_vec3 *b0, const collide_vec3 *b1,
                                  collide_interval *out) {
  vec3 Aa, Ab, p0, p1, v, normal;
  double R, u0, u1, la = 0, lb = 0;
  int flip;
  collide_hit h;
  int signs;
  double S = mag_total(mag_add2(mag_add2(mag_add2(mag_nums2(ra, rb, &signs),
                                                  axisa, a0), a1, axisb), b0, b1));
  if (!((S <= COLLIDE_MAX_COORD) && signs == 0)) {
    CHECK_RADIUS(ra, 1);               /* one pass, else one by one */
    CHECK_VEC(axisa, 2);
    CHECK_VEC(a0, 3);
    CHECK_VEC(a1, 4);
    CHECK_RADIUS(rb, 5);
    CHECK_VEC(axisb, 6);
    CHECK_VEC(b0, 7);
    CHECK_VEC(b1, 8);
  }
  flip = !before(ra, axisa, a0, a1, rb, axisb, b0, b1);
  if (flip) {
    const collide_vec3 *t;
    double tr = ra; ra = rb; rb = tr;
    t = axisa; axisa = axisb; axisb = t;
    t = a0; a0 = b0; b0 = t;
    t = a1; a1 = b1; b1 = t;
  }
  Aa = *axisa;
  Ab = *axisb;
  p0 = v_sub(*a0, *b0);
  v = v_sub(v_sub(*a1, *a0), v_sub(*b1, *b0));
  p1 = v_add(p0, v);
  if (v_zero(Aa) && v_zero(Ab)) {
    /* two spheres: the sphere query's interval, the normal at u0 */
    vec3 p;
    if (collide_sweep_sphere_sphere(ra, a0, a1, rb, b0, b1, out) != 1) return 0;
    u0 = out->u0;
    u1 = out->u1;
    p = at(p0, v, u0);
    /* (two points, ra + rb = 0, meet at distance 0: p is rounding alone,
       of the motion's size, which the noise of the two centres at u0 --
       both near the meeting point -- need not cover: B through A at the
       origin from 7e-18 away got (0, 0, -1), along the motion. -v, as
       capsule_sphere's two points) */
    if (ra + rb > 0 &&
        v_len(p) > noise(at(*a0, v_sub(*a1, *a0), u0), at(*b0, v_sub(*b1, *b0), u0)))
      normal = v_normalize(p);
    else
      normal = v_len2(v) > 0 ? v_normalize(v_neg(v)) : v3(1, 0, 0);
  } else {
    R = ra + rb;
    if (!(S >= TINY_SCENE && S <= HUGE_SCENE)) {
      /* in another unit (capsule_capsule_rescaled), the arguments as
         ordered here: its normal is then the swapped pair's when flip,
         turned back as below. (Tested here rather than before the swap,
         with the argument checks: there GCC laid out the whole function
         15 to 25 instructions a call longer.) */
      int hit = capsule_capsule_rescaled(ra, axisa, a0, a1, rb, axisb, b0, b1, S, out);
      if (hit == 1 && flip) out->normal = v_flip(out->normal);
      return hit;
    }
    /* the quick rejection: the bounding spheres of radius r + |A| never
       meet (sweep_sphere_sphere's test; its radii are padded by 1e-9 of
       the scale, so rounding never rejects a contact) */
    {
      /* (the relative centre p0 + v t against the ball of radius
         Rb = ra + rb + |Aa| + |Ab| at the origin, as in capsule_sphere:
         no approach, a closest approach beyond Rb, or still outside at
         the end of a step that ends before it) */
      double Rb, a, b, c;
      la = sqrt_nn(v_len2(Aa));
      lb = sqrt_nn(v_len2(Ab));
      Rb = R + la + lb;
      Rb += 1e-9 * (Rb + S);
      a = v_len2(v);
      b = v_dot(p0, v);
      c = v_len2(p0) - Rb * Rb;
      if (c > 0 && (b >= 0 || a * (Rb * Rb) < v_len2(v_cross(p0, v)) ||
                    (-b > a && a + 2 * b + c > 0))) {
        out->u0 = out->u1 = 0;
        out->normal = v3(0, 0, 0);
        return 0;
      }
    }
    /* the fast kernel: the whole line's entry and exit in one pass
       (pgram_span), clipped to [0, 1]; at u0 = 0 the normal as in
       capsule_segment. The general path for a centre on the
       parallelogram at the start (the rules of overlap, 2D's), for
       slivers and vanishing radii */
    vec3 off = v3(0, 0, 0), mAb = v_neg(Ab);
    double l, t;
    pgram g;
    int fast = pgram_make(&g, mAb, v_scale(Ab, 2), Aa, R, 4 * S, 2 * lb, la);
    fast = fast ? pgram_span(&g, p0, v, &u0, &t, &off) : -1;
    if (fast == 0) {
      out->u0 = out->u1 = 0;
      out->normal = v3(0, 0, 0);
      return 0;
    }
    /* (|off| from its squares, inline: where they underflow, an offset
       below 1e-154, l comes out low -- below the threshold the general
       path decides, above it unit_of normalizes such an offset through
       v_normalize, not by l) */
    if (fast == 1 && (l = sqrt_nn(v_len2(off))) > 64 * DBL_EPSILON * S) {
      normal = unit_of(off, l);
      if (!(u0 > 0)) u0 = 0;
      u1 = t < 1 ? t : 1;
    } else {
      vec3 x, q;
      if (sweep_grown_segment(R, p0, p1, mAb, Ab, Aa, &h, &x, &q, &t) != 1) {
        out->u0 = out->u1 = 0;
        out->normal = v3(0, 0, 0);
        return 0;
      }
      u0 = h.u;
      normal = h.normal;
      u1 = sweep_grown_segment(R, p1, p0, mAb, Ab, Aa, &h, &x, &q, &t) == 1 ? 1 - h.u : u0;
    }
    if (u1 < u0) u1 = u0;
  }
  out->u0 = u0;
  out->u1 = u1;
  out->normal = flip ? v_flip(normal) : normal;
  return 1;
}

