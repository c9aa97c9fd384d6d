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
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include <string.h>
#include "collide_sphere.h"

/* ---- small helpers --------------------------------------------------------- */

/* A length below which a difference of points of magnitude about |a|, |b|
   is rounding noise (the measure collide_sphere.c uses). */
static double noise(vec3 a, vec3 b) {
  return 64 * DBL_EPSILON * dmax(v_maxabs(a), v_maxabs(b));
}

/* 1 when the parallelogram a-b (+) [-A, A] is a segment to rounding: its
   sides e = b - a and A parallel (the compensated cross product of the two,
   scaled by their largest components so that it neither underflows nor
   overflows, is zero: cross_exact's error is a few ulp of the result, so
   this is an exact test up to a sine of about epsilon^2), or either of its
   heights |A| sin, |e| sin within the rounding noise (64 epsilon, the
   measure collide_sphere.c uses) of the coordinates' magnitude -- of a, b,
   A, e and of the centre's path, `scale` -- where a +- A rounds onto a (say)
   and its corners no longer span a parallelogram. Every point of a
   parallelogram is within its height of a long side, so standing for it by
   the segment between its extreme corners moves the contact by at most
   that height: by rounding, not by a tolerance of the geometry. */
static int thin_sum(vec3 a, vec3 b, vec3 A, double scale) {
  vec3 e = v_sub(b, a), x;
  double me = v_maxabs(e), ma = v_maxabs(A), s, le, la, lx, lim;
  if (!(me > 0) || !(ma > 0)) return 1;
  s = dmax(dmax(dmax(v_maxabs(a), v_maxabs(b)), dmax(me, ma)), scale);
  e = v_scale(e, 1 / me);
  A = v_scale(A, 1 / ma);
  x = cross_exact(e, A);
  le = v_len(e);
  la = v_len(A);
  lx = v_len(x);                         /* |e x A| / (me ma) */
  lim = 64 * DBL_EPSILON * s;
  return !(lx > 0) ||
         !(lx * ma / le > lim) ||        /* |A| sin */
         !(lx * me / la > lim);          /* |e| sin */
}

/* The centre at time u: exactly c0 at u = 0, as the kernels compute it. */
static vec3 at(vec3 c0, vec3 d, double u) {
  return u == 0 ? c0 : v_madd(c0, d, u);
}

/* Closest points of the core cm -+ A and the segment p2-q2 (Ericson 5.1.9,
   ClosestPtSegmentSegment, with its degenerate cases): fills the points
   *x1 (the core's), *x2 and the parameter *t along p2-q2; returns the
   squared distance. Clamped parameters are exactly 0 or 1.
   The core is the segment p1 = cm - A .. q1 = cm + A with the direction
   d1 = 2 A, exactly (a power of two), not the rounding of q1 - p1: that
   difference carries the rounding of cm's coordinates, epsilon |cm|, which
   turns d1 by epsilon |cm| / |A|; near parallel the pair slides along the
   overlap by that over the sine of the angle, and the normal x1 - x2 turns
   with it.
   With d1 = 2 A the core is the exact segment cm + [-A, A] moved by the
   rounding of its end p1 (epsilon |cm|): a translation, which turns
   nothing, so the pair is the exact pair of a core within rounding of
   the true one (test_capsule_thin_normal: an axis whose z is 3/4 of an
   ulp of the centre's had c +- A a third steeper than A, and the normal
   6e-8 off where its rounding is 1.4e-12). */
static double seg_seg(vec3 cm, vec3 A, vec3 p2, vec3 q2, vec3 *x1, vec3 *x2,
                      double *t_out) {
  vec3 p1 = v_sub(cm, A), q1 = v_add(cm, A);
  vec3 d1 = v_scale(A, 2), d2 = v_sub(q2, p2), r = v_sub(p1, p2);
  double a = v_dot(d1, d1), e = v_dot(d2, d2), f = v_dot(d2, r), s, t;
  if (a == 0 && e == 0) {
    s = t = 0;
  } else if (a == 0) {
    s = 0;
    t = clamp01(f / e);
  } else {
    double c = v_dot(d1, r);
    if (e == 0) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      double b = v_dot(d1, d2), denom = a * e - b * b, num = b * f - c * e;
      /* a e - b^2 cancels when the segments are nearly parallel: at an
         angle theta it is a e sin^2, and below sin^2 ~ epsilon nothing of
         it is left (a capsule 9792 long beside a segment at 3e-9 rad got
         the middle of the overlap, 2448 from the real contact at the
         segment's end). Lagrange's identity gives it as |d1 x d2|^2 and
         Binet-Cauchy the numerator as -(d1 x d2).(r x d2); with the
         compensated cross products (cross_exact) both keep their digits
         at any angle. Below a sine of 1/2 only, where the plain forms
         lose more than a bit or two: above it the plain forms are as
         good, and give the answers they always gave. */
      if (4 * denom < a * e) {
        vec3 n = cross_exact(d1, d2);
        denom = v_len2(n);
        num = -v_dot(n, cross_exact(r, d2));
        /* parallel to rounding: a sine below 64 epsilon (the directions
           of d1 and d2 themselves carry a few epsilon), where the
           distance changes along the overlap by less than the rounding
           of the coordinates */
        if (denom <= (64 * DBL_EPSILON) * (64 * DBL_EPSILON) * (a * e)) denom = 0;
      }
      /* not parallel: the closest point of the lines, clamped. Parallel
         (denom 0 up to rounding): every pair over the overlap of the two
         is closest; take the middle of the overlap, so that segments side
         by side meet at an inside point (an edge, not a vertex). */
      if (denom > 0) {
        s = clamp01(num / denom);
      } else {
        double sa = -c / a, sb = (b - c) / a;
        double lo = dmax(0, dmin(sa, sb)), hi = dmin(1, dmax(sa, sb));
        s = lo <= hi ? lo + (hi - lo) / 2 : 0;
      }
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  *x1 = s == 0 ? p1 : (s == 1 ? q1 : v_madd(p1, d1, s));
  *x2 = t == 0 ? p2 : (t == 1 ? q2 : v_madd(p2, d2, t));
  *t_out = t;
  return v_len2(v_sub(*x1, *x2));
}

/* |xi - qi|^2 - |xj - qj|^2 for two pairs of a core point x and an
   obstacle point q, given dx = xi - xj: formed as the identity
   ((xi - qi) - (xj - qj)).((xi - qi) + (xj - qj)) with the first factor
   dx - (qi - qj), so that what the two pairs share -- a height r of the
   core above the obstacle, say -- cancels exactly instead of after
   squaring. Pairs r^2 plus 4 dl^2 and r^2 plus 16 dl^2 apart (a core
   nearly parallel to an edge, dl = 1e-9) are equal as squared distances
   in doubles; here the difference keeps the digits of its inputs'
   differences. */
static double dist2_diff(vec3 dx, vec3 xi, vec3 qi, vec3 xj, vec3 qj) {
  return v_dot(v_sub(dx, v_sub(qi, qj)), v_add(v_sub(xi, qi), v_sub(xj, qj)));
}

/* The normal of a contact of the core m0-m1 (its axis A: m1 - m0 = 2 A to
   rounding) with the segment a-b, x and q their closest points (seg_seg's,
   t the parameter of q): 0 when they are within `tiny` (no direction).
   The capsule touches the obstacle where its centre c touches the body
   grown by the core, whose nearest point to c is c - (x - q) (Minkowski:
   dist(c, X (+) S) = dist(S + c, X), at the same pair), so the normal is
   (x - q) / |x - q|, from the obstacle's point toward the core's. seg_seg
   does not compare distances to find the pair (its parameter is
   -(d1 x d2).(r x d2) / |d1 x d2|^2, both compensated), so the pair is
   right at any angle, and x - q carries only the rounding of their
   coordinates (one subtraction). When both points are inside their
   segments they are the feet of the lines' common perpendicular, along
   n = e x A (cross_exact: a few ulps of the product at any angle), and
   +-n is taken where its rounding is the smaller -- when R is far below
   the coordinates x - q loses its digits, while n loses them only to the
   rounding of e = b - a over the sliver's height -- and x - q is along n
   up to its rounding: segments parallel to rounding (seg_seg takes the
   middle of their overlap) give an interior pair with x - q anywhere
   across them, its own direction then the answer. */
static int pair_normal(vec3 m0, vec3 m1, vec3 A, vec3 a, vec3 b, vec3 x,
                       vec3 q, double t, double tiny, vec3 *normal) {
  vec3 diff = v_sub(x, q), e = v_sub(b, a);
  double hn, dist = v_len(diff);
  if (!(dist > tiny)) return 0;
  if (t > 0 && t < 1 && !v_same(x, m0) && !v_same(x, m1) && !v_zero(e) && !v_zero(A)) {
    vec3 e1 = v_scale(e, 1 / v_maxabs(e)), A1 = v_scale(A, 1 / v_maxabs(A));
    vec3 N = cross_exact(e1, A1), n = v_normalize(N);
    /* |e| sin, the sliver's height over A's line: e = b - a carries an
       error of epsilon max(|a|, |b|), which turns n by that over |e| sin;
       x - q is turned by epsilon max(|x|, |q|) / |x - q| */
    double hs = v_len(N) * v_maxabs(e) / v_len(A1);
    hn = v_dot(diff, n);
    if (!v_zero(n) && v_len(v_madd(diff, n, -hn)) <= tiny &&
        dmax(v_maxabs(a), v_maxabs(b)) * dist <= dmax(v_maxabs(x), v_maxabs(q)) * hs) {
      *normal = hn > 0 ? n : v_flip(n);
      return 1;
    }
  }
  *normal = v_normalize(diff);
  return 1;
}

/* The normal of a contact at distance zero: a capsule of radius 0 (a
   moving segment) touching the obstacle, or two cores (radii summing to 0).
   At r = 0 the centre c lies on the boundary of the grown body G = X (+) S
   and the closest points x (the core's) and q (the obstacle's) coincide:
   x - q is rounding alone -- of the coordinates of the whole scene, which
   in mixed scales (a box 1e-3 across met after a motion of 1e3) is far
   above the noise of x and q themselves -- and has no direction (a core
   moving along +z onto a box's bottom edge got (1, 0, 1) / sqrt 2, along
   the motion, into the box: test_capsule_zero_radius_edge).
   Every outward normal of G at c (a plane through c with G behind it)
   separates core and obstacle there (Minkowski: w.(c - g) >= 0 for g in G
   is w.(x' - p) >= 0 for every core point x' and obstacle point p, both
   touching at q = x). Among them the rays' choice: a flat face's normal on
   the side the ray comes from (ray_flat), the face the ray enters
   (raycast_aabb):
   - the core's inside against the inside of an edge e: G's face there is
     the parallelogram e (+) S, whose normal is +-(e x A) / |e x A| (the
     plane spanned by the two directions); the centre crosses it inward at
     u, so the sign is the one against the motion, w.d < 0;
   - the core's inside at a vertex v: G's edge v (+) S, where the faces
     e_i (+) S of v's edges e_i meet whose planes have the obstacle behind
     them (the silhouette seen along A); the path enters them at once, so
     -- the tie rule of the start's push_try -- the one most against the
     motion, least w.d;
   - a segment (or the other capsule's core) has no inside: G is the flat
     parallelogram and +-(e x A) is its normal at every point, its rim too
     (ray_flat's rule in 3D: the face normal on the start's side).
   So the candidates are +-(e_i x A) (cross_exact: a few ulps at any
   angle) for the edges ea[i]-eb[i], i < k, at q (the one edge whose inside
   holds q, or a vertex's edges), kept when w.d < 0 and no vertex vx[j] of
   the obstacle is in front of the plane (beyond the rounding of the
   coordinates -- its own, and those of the centre, its motion and the
   axis, whose rounding moves q -- and a polygon's flatness tolerance,
   1e-9 of its size); the least w.d is the normal. Left without one -- the
   core parallel to the edges (e x A = 0), the motion in their plane
   (w.d = 0: a 2D game, where G's boundary met is an in-plane line), a
   contact at the core's end -- G's feature at c is a line: v (+) S along
   A (the core's inside at q), or e -+ A along e (an end of the core on an
   edge's inside); the rays meet a line with the reverse of the motion
   perpendicular to it (collide_sphere.c's sweep_segment at r = 0: way_out
   across the segment), within the plane in 2D; at a corner of G (an end
   at a vertex), -d. Every answer faces the motion: w.d < 0 by the test,
   and -d_perp.d = -|d_perp|^2 < 0 (-d where d_perp rounds away).
   c: the centre at u; t: q's parameter on the edge ea[bi]-eb[bi] (seg_seg's
   pair of the core c -+ A and that edge, x the core's point). */
static vec3 zero_normal(vec3 c, vec3 A, vec3 d, vec3 x, vec3 q, double t,
                        const vec3 *ea, const vec3 *eb, int k, int bi,
                        const vec3 *vx, int nv) {
  /* (a zero axis -- a capsule pair of which one is a sphere -- is a point:
     no plane of two directions, x is its end, the line met is the edge) */
  double ma = v_maxabs(A);
  vec3 best = v3(0, 0, 0), A1 = ma > 0 ? v_scale(A, 1 / ma) : A, L;
  /* the rounding of q: of the pair at c, which moved by d (noise) */
  double bd = 0, tq = dmax(noise(c, d), noise(q, A));
  int i, j, s;
  for (i = 0; i < k; i++) {
    vec3 e = v_sub(eb[i], ea[i]), w;
    if (v_zero(e)) continue;
    w = v_normalize(cross_exact(v_scale(e, 1 / v_maxabs(e)), A1));
    if (v_zero(w)) continue;
    for (s = 0; s < 2; s++, w = v_flip(w)) {
      double wd = v_dot(w, d);
      if (!(wd < 0) || (bd < 0 && !(wd < bd))) continue;
      for (j = 0; j < nv; j++) {
        vec3 g = v_sub(vx[j], q);
        if (v_dot(w, g) > 4e-9 * v_maxabs(g) + dmax(noise(vx[j], vx[j]), tq)) break;
      }
      if (j == nv) { best = w; bd = wd; }
    }
  }
  if (bd < 0) return best;
  /* the line of G through c: along A when x is inside the core (seg_seg
     gives its ends exactly), else along the edge when q is inside it */
  if (!v_same(x, v_sub(c, A)) && !v_same(x, v_add(c, A))) L = A1;
  else if (t > 0 && t < 1) L = v_sub(eb[bi], ea[bi]);
  else L = v3(0, 0, 0);
  return v_zero(L) ? v_normalize(v_neg(d)) : collide__away_across(d, L);
}

/* The earliest contact among pieces so far: u (2 for none), and the
   obstacle's point, the normal and the feature there. */
typedef struct first {
  double u;
  vec3 point, normal;
  int feature;
} first;

/* Keeps a sphere kernel's hit when it is earlier (a tie keeps the first). */
static void keep_first(int hit, const collide_hit *h, first *f) {
  if (hit == 1 && h->u < f->u) {
    f->u = h->u;
    f->point = h->point;
    f->normal = h->normal;
    f->feature = h->feature;
  }
}

/* A contact the pieces put at the point f->point of the obstacle's
   boundary, at centre c, the point lying on the edges ea[i]-eb[i] (i < k:
   a vertex's edges, from it, or the one edge whose inside holds it). The
   end pieces (the core's end over that point) and the pieces of the edges
   can touch at times equal in doubles while an edge's inside is truly
   nearer -- the core crossing above the edge 4e-11 beside its end's foot,
   the end piece first by rounding: the normal 1.75e-10 off -- and their
   squared distances, r^2 plus terms of the order of those offsets squared,
   are equal too. seg_seg of the core and each edge decides without
   comparing distances, and its pair is at most as far as the point (which
   is on that edge), so it is the contact to the rounding of u; among a
   vertex's edges the nearest pair by dist2_diff (the first on a tie). The
   normal: pair_normal's; with r = 0 (a contact at distance zero, the pair's
   difference rounding alone) zero_normal's, vx[0..nv-1] the obstacle's
   vertices and d the centre's motion. */
static void edge_contact(double r, vec3 c, vec3 A, vec3 d, const vec3 *ea,
                         const vec3 *eb, int k, const vec3 *vx, int nv,
                         first *f) {
  vec3 m0 = v_sub(c, A), m1 = v_add(c, A), x, q, bx = m0, bq = m0, nrm;
  double t, bt = 0;
  int i, bi = -1;
  for (i = 0; i < k; i++) {
    (void)seg_seg(c, A, ea[i], eb[i], &x, &q, &t);
    if (bi < 0 || dist2_diff(v_sub(x, bx), x, q, bx, bq) < 0) {
      bx = x; bq = q; bt = t; bi = i;
    }
  }
  if (bi >= 0 && pair_normal(m0, m1, A, ea[bi], eb[bi], bx, bq, bt,
                             dmax(noise(bx, bq), noise(c, A)), &nrm)) {
    f->normal = nrm;
    f->point = bq;
    f->feature = bt > 0 && bt < 1 ? COLLIDE_FEATURE_EDGE : COLLIDE_FEATURE_VERTEX;
  }
  if (bi >= 0 && r == 0)
    f->normal = zero_normal(c, A, d, bx, bq, bt, ea, eb, k, bi, vx, nv);
}

/* The earlier of the two end pieces, the obstacle met by the core's end
   c + A (hit p) and by c - A (hit m), into f. Their times can be equal to
   rounding while one end is truly nearer: the core nearly parallel to an
   edge above it, its ends over the edge's two vertices, 2 dl and 4 dl off
   in y at a height z = R: the times differ by about 12 dl^2 / (4 R) (below
   an ulp of u for dl = 1e-9) and the squared distances, R^2 plus 4 dl^2
   and 16 dl^2, by as little, lost in R^2 -- the tie kept the farther
   vertex, its point the wrong end of the edge and its normal off by
   4 dl / R. So within a few ulps of each other the nearer end at the
   earlier time is decided by dist2_diff, the ends' difference being
   exactly 2 A. */
static void keep_end_pair(int hp, const collide_hit *p, int hm,
                          const collide_hit *m, vec3 c0, vec3 d, vec3 A,
                          first *f) {
  keep_first(hp, p, f);
  keep_first(hm, m, f);
  if (hp == 1 && hm == 1 &&
      fabs(p->u - m->u) <= 8 * DBL_EPSILON * dmax(p->u, m->u)) {
    vec3 c = at(c0, d, f->u);
    double s = dist2_diff(v_scale(A, 2), v_add(c, A), p->point, v_sub(c, A), m->point);
    if (s != 0) {   /* (a tie stays keep_first's: the earlier, else p) */
      const collide_hit *k = s < 0 ? p : m;
      f->point = k->point;
      f->normal = k->normal;
      f->feature = k->feature;
    }
  }
}

/* Chooses the direction of the shortest separating translation among
   candidates: depth is the translation needed along w; ties face against
   the motion d (smaller w.d). */
typedef struct push {
  double depth, along;
  vec3 w;
  int feature, any;
} push;

static void push_try(push *p, vec3 w, double depth, double along, int feature) {
  if (!p->any || depth < p->depth || (depth == p->depth && along < p->along)) {
    p->any = 1;
    p->depth = depth;
    p->along = along;
    p->w = w;
    p->feature = feature;
  }
}

/* ==== fast kernels of the sphere, segment and capsule sweeps ============== */

/* |a|, also where |a|^2 would underflow (coordinates near 1e-160). */
static double len_safe(vec3 a) {
  double l2 = v_len2(a), m;
  if (l2 > 1e-280) return sqrt(l2);
  m = v_maxabs(a);   /* (divided: 1 / m overflows for a subnormal m) */
  return m > 0 ? m * v_len(v3(a.x / m, a.y / m, a.z / m)) : 0;
}

/* a / |a| given l = |a| > 0: divided (an axis-aligned a gives exactly
   +-1), or through v_normalize when the squares underflowed. */
static vec3 unit_of(vec3 a, double l) {
  return l > 1e-140 ? v3(a.x / l, a.y / l, a.z / l) : v_normalize(a);
}

/* Keeps the times in [*lo, *hi] where p + q t <= 0 (Cyrus-Beck); *which
   becomes `me` when this constraint is the one entered last. */
static void cb_clip(double *lo, double *hi, double p, double q, int me,
                    int *which) {
  if (q > 0) {
    double t = -p / q;
    if (t < *hi) *hi = t;
  } else if (q < 0) {
    double t = -p / q;
    if (t > *lo) { *lo = t; *which = me; }
  } else if (p > 0) {
    *lo = 1; *hi = 0;
  }
}

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

/* ---- flat pieces: the grown shape as polygons ------------------------------ */

/* Point v[0..count-1] of a convex polygon of unit normal n: the candidates
   of push for a centre c inside the polygon grown by S (count = 4 and A = 0
   for a parallelogram that already includes S). In 3D its faces are the
   two ends (+-n) and one parallelogram per edge (normal along e_i x A); in
   the plane of a 2D game, the in-plane edge normals n x e_i and n x A
   (where the ends of the core sweep past a vertex). Both signs of every
   direction are tried: a direction that is not a face normal only gives a
   larger depth. Depth along w: h(w) + |w.A| - w.c. A tie keeps the
   candidate tried first: in 3D the ends (+-n) come first, so a core lying
   in the face's plane is pushed out through the face; in 2D the edges do,
   so an edge parallel to the axis, which n x A then repeats, is the
   feature named ("edge", the side of the core lying along it), not a
   vertex. */
static push flat_push(vec3 c, vec3 A, vec3 d, const vec3 *v, int count, vec3 n,
                      int plane2d) {
  push p;
  int i, j, k, s;
  p.any = 0;
  p.depth = p.along = 0;
  p.w = n;
  p.feature = COLLIDE_FEATURE_FACE;
  for (k = 0; k <= count; k++) {
    vec3 w;
    int feature;
    i = plane2d ? (k == count ? -1 : k) : k - 1;   /* -1: n, or n x A */
    if (i < 0) {
      if (!plane2d) { w = n; feature = COLLIDE_FEATURE_FACE; }
      else { w = v_cross(n, A); feature = COLLIDE_FEATURE_VERTEX; }
    } else {
      vec3 e = v_sub(v[(i + 1) % count], v[i]);
      w = plane2d ? v_cross(n, e) : cross_exact(e, A);
      feature = COLLIDE_FEATURE_EDGE;
    }
    if (v_zero(w)) continue;
    w = v_normalize(w);
    if (plane2d) w = v_normalize(v_madd(w, n, -v_dot(w, n)));   /* in-plane */
    for (s = 0; s < 2; s++, w = v_neg(w)) {
      double h = v_dot(w, v_sub(v[0], c));
      for (j = 1; j < count; j++) {
        double t = v_dot(w, v_sub(v[j], c));
        if (t > h) h = t;
      }
      push_try(&p, w, h + fabs(v_dot(w, A)), v_dot(w, d), feature);
    }
  }
  return p;
}

/* The closest points of the core m0 = c - A .. m1 = c + A and the polygon
   (seg_seg's core, direction 2 A): returns the squared
   distance, the polygon's point *q, the core's point *m and the feature of
   *q. A core crossing the plane inside the polygon pierces it (distance 0);
   otherwise the closest pair has an end of the core or an edge of the
   polygon in it (a segment's distance to a plane region is linear along
   it, so an interior minimum means parallel, where an end or an edge gives
   the same distance). */
static double core_flat_closest(vec3 c, vec3 A, const vec3 *v, int count,
                                vec3 n, vec3 origin, vec3 *q, vec3 *m,
                                int *feature) {
  vec3 m0 = v_sub(c, A), m1 = v_add(c, A);
  double h0 = v_dot(n, v_sub(m0, origin)), h1 = v_dot(n, v_sub(m1, origin));
  double s, t;
  int i, f;
  vec3 x, y;
  if (h0 != h1 && !(h0 > 0 && h1 > 0) && !(h0 < 0 && h1 < 0)) {
    vec3 cross_pt = v_lerp(m0, m1, h0 / (h0 - h1));
    int inside = 1;
    for (i = 0; i < count && inside; i++) {
      vec3 e = v_sub(v[(i + 1) % count], v[i]);
      if (v_dot(v_cross(n, e), v_sub(cross_pt, v[i])) < 0) inside = 0;
    }
    if (inside) {
      *q = collide__flat_closest(cross_pt, v, count, n, origin, feature);
      *m = cross_pt;
      return 0;
    }
  }
  /* The candidates are compared by dist2_diff, not by their squared
     distances: a core nearly parallel to an edge, its ends 2 dl and 4 dl
     beside the edge's two vertices at a height z, has squared distances
     z^2 + 4 dl^2 and z^2 + 16 dl^2, equal in doubles for dl = 1e-10 and
     z = 0.4, and the tie kept the farther vertex: the point the wrong end
     of the edge and the normal 4 dl / z off (test_capsule_start_near_tie).
     dist2_diff keeps the digits of the pairs' difference; the ends'
     difference is exactly 2 A, as in keep_end_pair. */
  *q = collide__flat_closest(m0, v, count, n, origin, feature);
  *m = m0;
  x = collide__flat_closest(m1, v, count, n, origin, &f);
  s = dist2_diff(v_scale(A, 2), m1, x, m0, *q);
  /* on a tie (the core parallel to the face) the face wins: the ends are
     tried first, and an edge must be strictly nearer */
  if (s < 0 || (s == 0 && f == COLLIDE_FEATURE_FACE)) {
    *q = x; *m = m1; *feature = f;
  }
  /* the core on one side of the plane and its end nearer the plane over
     the face: every point of the core is at least that far from the
     plane, so no edge is strictly nearer (and a tie keeps the face) */
  if (*feature == COLLIDE_FEATURE_FACE && !(h0 > 0 && h1 < 0) &&
      !(h0 < 0 && h1 > 0) &&
      fabs(v_dot(n, v_sub(*m, origin))) <= fmin(fabs(h0), fabs(h1)))
    return v_len2(v_sub(*m, *q));
  for (i = 0; i < count; i++) {
    (void)seg_seg(c, A, v[i], v[(i + 1) % count], &y, &x, &t);
    f = (t == 0 || t == 1) ? COLLIDE_FEATURE_VERTEX : COLLIDE_FEATURE_EDGE;
    s = dist2_diff(v_sub(y, *m), y, x, *m, *q);
    /* a core lying along an edge: the middle of their overlap */
    if (s < 0 || (s == 0 && f == COLLIDE_FEATURE_EDGE &&
                  *feature != COLLIDE_FEATURE_FACE)) {
      *q = x; *m = y; *feature = f;
    }
  }
  return v_len2(v_sub(*m, *q));
}

/* Is the centre's motion a 2D game's in the plane (n, origin), with the
   axis in it too? */
static int in_plane(vec3 c0, vec3 d, vec3 A, vec3 n, vec3 origin) {
  return fabs(v_dot(n, v_sub(c0, origin))) <= noise(c0, origin) &&
         fabs(v_dot(n, d)) <= noise(c0, v_add(c0, d)) &&
         fabs(v_dot(n, A)) <= noise(A, A);
}

/* The quick rejection by slabs (meets_box of collide_prims.h without
   divisions): the centre never enters the box lo..hi grown by r (and by
   1e-9 of the scale, so rounding never rejects a contact). */
static int enters_box(vec3 c0, vec3 d, vec3 lo, vec3 hi, double r);

/* The time the centre enters the box lo..hi grown by r and padded as
   enters_box's, or 2 when it never does in [0, 1]: a lower bound of the
   first contact of any piece inside that box (the padding covers the
   rounding of these divisions). */
static double box_entry(vec3 c0, vec3 d, vec3 lo, vec3 hi, double r) {
  double t0 = 0, t1 = 1, m = dmax(dmax(v_maxabs(c0), v_maxabs(v_add(c0, d))),
                                  dmax(v_maxabs(lo), v_maxabs(hi)));
  double pad = r + 1e-9 * (r + m);
  int i;
  for (i = 0; i < 3; i++) {
    double c = v_get(c0, i), di = v_get(d, i);
    double a = v_get(lo, i) - pad, b = v_get(hi, i) + pad;
    if (di == 0) {
      if (c < a || c > b) return 2;
    } else {
      double ta = (a - c) / di, tb = (b - c) / di;
      if (ta > tb) { double t = ta; ta = tb; tb = t; }
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
      if (t0 > t1) return 2;
    }
  }
  return t0;
}

/* Whether the centre enters the box grown by r during [0, 1]: box_entry's
   answer, which is 2 exactly when it does not. */
static int enters_box(vec3 c0, vec3 d, vec3 lo, vec3 hi, double r) {
  return box_entry(c0, d, lo, hi, r) <= 1;
}

/* 1 when c is farther than s from the box lo..hi on some axis, with a
   margin for rounding (then it is farther than s from anything inside). */
static int far_from_box(vec3 c, vec3 lo, vec3 hi, double s) {
  double pad = s + 1e-9 * (s + dmax(v_maxabs(c), dmax(v_maxabs(lo), v_maxabs(hi))));
  return c.x < lo.x - pad || c.x > hi.x + pad || c.y < lo.y - pad ||
         c.y > hi.y + pad || c.z < lo.z - pad || c.z > hi.z + pad;
}

/* The core against the edge a-b: the centre against the parallelogram
   a-b (+) S rounded by r. Of its pieces, the long sides (the ends of the
   core against the edge) and the corners are the end pieces' already, so
   only two are new: the face slab, where the core's inside passes within
   r of the edge's inside, and the lateral cylinder of a-A .. a+A, where
   the core's inside meets the vertex a (with_b: b's too; a polygon's next
   edge has b for its a). Writing x - a = s e + k A + h n with N = e x A,
   n = N / |N|: s = (x - a).(A x N) / |N|^2, k = (x - a).(N x e) / |N|^2,
   h = (x - a).n, all linear in t; the slab is 0 <= s <= 1, |k| <= 1,
   |h| <= r (six Cyrus-Beck clips). N comes from cross_exact, so n is
   accurate whatever the angle; s and k are then ill-conditioned along
   the long sides of a sliver, but an error ds in s moves the slab's side
   s = 1 across the plane by only ds |e| sin (the sliver's height), which
   is rounding (likewise for k), so the slab is exact to rounding however
   thin. For an edge parallel to the axis to rounding (thin_sum) the slab
   is within its height of the rest and only the cylinders are left. The piece
   that meets the centre first gives u and the normal: the slab's is the
   outward normal of the side entered last (+-n, or, with r = 0, possibly
   a side of the parallelogram: in 2D the only way in), a cylinder's the
   centre's offset from its axis. */
static void edge_piece(double r, vec3 c0, vec3 d, vec3 A, vec3 a, vec3 b,
                       int with_b, first *f) {
  double t;
  int k;
  /* every point of both pieces lies within r of the box of a, b grown by
     |A|: when the centre cannot enter that before the best so far, neither
     piece can be earlier (and a tie keeps the earlier piece anyway) */
  {
    vec3 ga = v3(fabs(A.x), fabs(A.y), fabs(A.z));
    vec3 lo = v3(dmin(a.x, b.x), dmin(a.y, b.y), dmin(a.z, b.z));
    vec3 hi = v3(dmax(a.x, b.x), dmax(a.y, b.y), dmax(a.z, b.z));
    if (box_entry(c0, d, v_sub(lo, ga), v_add(hi, ga), r) >= f->u) return;
  }
  if (!thin_sum(a, b, A, dmax(v_maxabs(c0), v_maxabs(v_add(c0, d))))) {
    /* with e and A scaled by their largest components (me, ma), so that
       |N|^2 neither underflows nor overflows: s = (x - a).(A' x N') /
       (me |N'|^2), k = (x - a).(N' x e') / (ma |N'|^2) */
    /* (1 / me / nn: me nn could underflow to 0; nn > 0 by thin_sum) */
    vec3 e = v_sub(b, a), w = v_sub(c0, a);
    double me = v_maxabs(e), ma = v_maxabs(A);
    vec3 e1 = v_scale(e, 1 / me), A1 = v_scale(A, 1 / ma), N = cross_exact(e1, A1);
    double nn = v_len2(N);
    vec3 sg = v_scale(v_cross(A1, N), 1 / me / nn);
    vec3 kp = v_scale(v_cross(N, e1), 1 / ma / nn);
    vec3 n = v_normalize(N);
    double lo = 0, hi = 1, h0 = v_dot(n, w), hd = v_dot(n, d);
    double s0 = v_dot(sg, w), sd = v_dot(sg, d), k0 = v_dot(kp, w), kd = v_dot(kp, d);
    int side = 0;
    cb_clip(&lo, &hi, h0 - r, hd, 1, &side);
    cb_clip(&lo, &hi, -h0 - r, -hd, 2, &side);
    cb_clip(&lo, &hi, -s0, -sd, 3, &side);
    cb_clip(&lo, &hi, s0 - 1, sd, 4, &side);
    cb_clip(&lo, &hi, -k0 - 1, -kd, 5, &side);
    cb_clip(&lo, &hi, k0 - 1, kd, 6, &side);
    if (lo <= hi && lo < f->u && isfinite(s0 + sd + k0 + kd + h0 + hd)) {
      /* the point and the normal from the closest points of the core at lo
         and the edge (seg_seg), not from s and k: those are ill-conditioned
         along a sliver's long sides (harmless for the slab's extent, see
         above, but a point a + s e would be off along the edge by up to
         epsilon |A| / sin) */
      vec3 c = at(c0, d, lo), x1, x2, diff;
      double ta;
      (void)seg_seg(c, A, a, b, &x1, &x2, &ta);
      diff = v_sub(x1, x2);
      f->u = lo;
      /* entered through the face |h| = r: its normal (a difference of
         points r apart would lose digits to their rounding when r is far
         below the coordinates). Through a side at the rim: from the edge
         toward the core -- its rounded neighbour, a lateral cylinder say,
         touches at the same time, and this is its normal too; with the
         centre on the parallelogram (r = 0), the side's own normal */
      if (side == 1 || side == 2) {
        f->normal = side == 1 ? n : v_neg(n);
      } else if (v_len(diff) > dmax(noise(x1, x2), noise(c0, A))) {
        f->normal = v_normalize(diff);
      } else switch (side) {
        case 3: f->normal = v_normalize(v_neg(sg)); break;
        case 4: f->normal = v_normalize(sg); break;
        case 5: f->normal = v_normalize(v_neg(kp)); break;
        case 6: f->normal = v_normalize(kp); break;
        default:   /* inside at t = 0: the caller's start test decides */
          f->normal = v_scale(n, sign_or(h0, sign_or(-hd, 1)));
      }
      f->point = x2;
      f->feature = (ta == 0 || ta == 1) ? COLLIDE_FEATURE_VERTEX : COLLIDE_FEATURE_EDGE;
    }
  }
  for (k = 0; k < (with_b ? 2 : 1); k++) {
    vec3 v = k ? b : a, p = v_sub(v, A), q = v_add(v, A);
    if (k && v_zero(v_sub(b, a))) break;
    t = first_in_cylinder_between(r, c0, d, p, q);
    if (t < f->u) {
      vec3 x = v_sub(at(c0, d, t), v);
      vec3 A1 = v_scale(A, 1 / v_maxabs(A));   /* (no underflow of |A|^2) */
      vec3 perp = v_madd(x, A1, -v_dot(x, A1) / v_len2(A1));
      f->u = t;
      f->normal = v_zero(perp) ? v_normalize(v_neg(d)) : v_normalize(perp);
      f->point = v;
      f->feature = COLLIDE_FEATURE_VERTEX;
    }
  }
}

/* The answer of a capsule overlapping the polygon at the start: the
   closest points q (the polygon's, with its feature) and m (the core's),
   dd their squared distance; the normal from q toward m when they are
   apart, else the shortest way out (flat_push). */
static int flat_start(vec3 c0, vec3 A, vec3 d, const vec3 *v, int count,
                      vec3 n, vec3 origin, double dd, vec3 q, vec3 m,
                      int feature, collide_hit *out) {
  vec3 normal;
  double dist = sqrt(dd);
  if (dist > dmax(noise(m, q), noise(c0, A))) {
    normal = v_normalize(v_sub(m, q));
  } else {
    push p = flat_push(c0, A, d, v, count, n, in_plane(c0, d, A, n, origin));
    normal = p.w;
    feature = p.feature;
  }
  out->u = 0;
  out->point = q;
  out->normal = normal;
  out->feature = feature;
  return 1;
}

/* ---- the fast path for polytopes: Cyrus-Beck on the grown prism ----------- */

/* The grown obstacle X (+) S of a convex polygon or a box is a convex
   polytope P' (a prism: the polygon at both ends of the core, X + A and
   X - A, and one parallelogram e_i (+) S per edge; for a box, a zonotope:
   the box faces shifted by +-A and the parallelograms x_k (+) S of the
   box's edges), and the capsule touches X when its centre is in
   R = P' (+) ball(r). As Ericson 5.5.7 does for a sphere against a box:
   every face of P' with outward unit normal w and support h(w) (the
   largest w.x over P') bounds R by the plane w.x <= h(w) + r, so clipping
   the centre's path c0 + d t, t in [0, 1], against those planes
   (Cyrus-Beck, Ericson 5.3.8) gives an interval [t_in, t_out] that holds
   every contact:
   - an empty interval is a miss (with the planes pushed out by a pad far
     above rounding, so that rounding never rejects a contact);
   - at t_in the centre enters the last plane, of face F; when it lies over
     F there (its foot x - r w inside F) it is on R's boundary, and no point
     of R is met earlier (R lies inside all the planes): t_in is the first
     contact, w its normal. The support h(w) of a Minkowski sum is the sum
     of the supports, so h(w) = h_X(w) + |w.A| (van den Bergen 2.3).
   Anything else -- the entry beyond F's rim (an edge cylinder or a vertex
   ball of P' may be met later, or nothing), a centre inside every plane at
   t = 0 (the start-overlap rules), an axis within a hair of the polygon's
   plane or of an edge (a prism too thin to tell its faces apart), a flat
   box, a tiny radius, extreme magnitudes -- is left to the general path
   below (return -1), which is exact in all of them. */

#define FAST_MAXV 16

/* max and largest |component| for the scales and boxes of the fast path,
   whose inputs are finite (checked): plain comparisons, which compile to
   one instruction each (dmax's NaN rule costs a branch) */
static double fmax2(double a, double b) { return a > b ? a : b; }
static double fmin2(double a, double b) { return a < b ? a : b; }
static double vmax_abs(vec3 v) {
  return fmax2(fabs(v.x), fmax2(fabs(v.y), fabs(v.z)));
}
/* A unit vector along a finite vector: a / |a|, one square root and one
   division, where |a|^2 can neither overflow nor underflow (the largest
   component between 1e-100 and 1e100); elsewhere v_normalize's way, the
   components divided by the largest first (with the plain maximum: the
   library fmax is a call). Both are correct to a few ulps. */
static vec3 unit_finite(vec3 a) {
  double m = vmax_abs(a);
  if (m > 1e-100 && m < 1e100) return v_scale(a, 1 / sqrt(v_len2(a)));
  if (!(m > 0)) return v3(0, 0, 0);
  a = v3(a.x / m, a.y / m, a.z / m);
  return v_scale(a, 1.0 / v_len(a));
}

static double core_box_closest(vec3 cm, vec3 A, vec3 e, vec3 *q, vec3 *m,
                               int *feature);
static int box_feature(vec3 e, const int bound[3]);
static int box_start(vec3 rel, vec3 A, vec3 d, vec3 e, vec3 ctr, double dd,
                     vec3 q, vec3 m, int feature, collide_hit *out);   /* polygons with more vertices take the general path */

typedef struct cb_plane {
  double p, q, pad;    /* inside where p + q t <= 0; pad: the push-out */
} cb_plane;

/* Cyrus-Beck on fractions: the interval [ln / ld, hn / hd] (ld, hd > 0)
   of [0, 1] inside the planes so far, and the plane entered last (-1: none
   after t = 0). A new entry time p / -q is compared with the current one
   by cross products instead of divided (a dozen divisions were a fifth of
   a call): each product is rounded by a relative epsilon, so this is
   cb_clip's clipping to rounding, with one division at the end. The
   magnitudes are below 1e60 (the callers' guard) and p, q products of at
   most two of them, so the cross products stay far from overflow. */
typedef struct cb_span {
  double ln, ld, hn, hd;
  int which;
} cb_span;

static void cb_start(cb_span *s) {
  s->ln = 0;
  s->ld = s->hn = s->hd = 1;
  s->which = -1;
}

/* Clips by planes [from, to), padded (pushed out by their pads) or not:
   1 when the interval is left empty. */
static int cb_add(cb_span *s, const cb_plane *pl, int from, int to, int padded) {
  int i;
  for (i = from; i < to; i++) {
    double p = padded ? pl[i].p - pl[i].pad : pl[i].p, q = pl[i].q;
    if (q < 0) {
      if (p * s->ld > s->ln * -q) { s->ln = p; s->ld = -q; s->which = i; }
    } else if (q > 0) {
      if (-p * s->hd < s->hn * q) { s->hn = -p; s->hd = q; }
    } else if (p > 0) {
      return 1;
    }
    if (s->ln * s->hd > s->hn * s->ld) return 1;
  }
  return 0;
}

/* cb_add's clipping of [0, 1] by the planes pl[0..n-1] as they are
   (unpadded), without a branch on the data: each plane's time -p / q
   divided (by 1 where q = 0, a time then unused), the entry the largest
   time of a plane with q < 0 (*which that plane, the first of equal ones;
   -1 and 0 when none is after t = 0), the exit the least of one with
   q > 0. The entry and exit are the very quotients cb_add's cross-
   multiplied comparisons end with (ln / ld and hn / hd of the same plane;
   a plane two comparisons would order differently is within rounding of
   the other). 1 when the interval is empty (or a plane with q = 0 has the
   whole motion outside). Twelve independent divisions pipeline; the
   branches on each plane's side mispredicted about half the time. */
static int cb_times(const cb_plane *pl, int n, double *t, double *hi,
                    int *which) {
  double tin = 0, tout = 1;
  int i, w = -1, out = 0;
  for (i = 0; i < n; i++) {
    double p = pl[i].p, q = pl[i].q, ti = p / (q == 0 ? 1 : -q);
    int enter = q < 0 && ti > tin;
    w = enter ? i : w;
    tin = enter ? ti : tin;
    tout = q > 0 && ti < tout ? ti : tout;
    out |= q == 0 && p > 0;
  }
  *t = tin;
  *hi = tout;
  *which = w;
  return out || tin > tout;
}

/* The first time in [lo, hi] that |w + z t|^2 <= rr, or 2: collide_sphere.c's
   clip_ball (the discriminant as A (r^2 - |w_perp|^2), no cancellation of
   large squares, Ray Tracing Gems ch. 7; the roots q / A and C / q). */
static double ball_time_rr(double lo, double hi, vec3 w, vec3 z, double rr) {
  double A = v_dot(z, z), B = v_dot(w, z), C = v_dot(w, w) - rr, h, q, t1, t2;
  if (A == 0 || (C > 0 && B >= 0)) return C <= 0 ? lo : 2;
  /* the line passes farther than r (|w x z| / |z|, with a margin far
     above rounding) */
  if (C > 0 && v_len2(v_cross(w, z)) > (1 + 1e-9) * rr * A) return 2;
  {
    vec3 wp = v_madd(w, z, -B / A);
    h = rr - v_dot(wp, wp);
  }
  if (h < 0) {
    if (C > 0) return 2;
    h = 0;
  }
  q = -(B + copysign(sqrt(A) * sqrt(h), B));
  if (q == 0) {
    t1 = t2 = 0;
  } else {
    t1 = q / A;
    t2 = C / q;
    if (t1 > t2) { double tt = t1; t1 = t2; t2 = tt; }
  }
  if (C <= 0) {
    if (t1 > 0) t1 = 0;
    if (t2 < 0) t2 = 0;
  }
  if (t1 > lo) lo = t1;
  if (t2 < hi) hi = t2;
  return lo <= hi ? lo : 2;
}

static double ball_time(double lo, double hi, vec3 w, vec3 z, double r) {
  return ball_time_rr(lo, hi, w, z, r * r);
}

/* The first time in [lo, hi] the centre is within r of the segment a-b
   with its projection between a and b (the cylinder; the balls at the
   ends are pieces of their own), or 2. */
static double cyl_time(double lo, double hi, vec3 c0, vec3 d, vec3 a, vec3 b,
                       double r) {
  vec3 e = v_sub(b, a), m = v_sub(c0, a), ax, de = v_cross(d, e);
  double ee = v_len2(e), p, q, g = v_dot(m, de);
  int dummy = 0;
  /* the lines of the motion and of the edge farther apart than r (by a
     factor 1 + 1e-9 more than rounding): no contact, no division */
  if (!(ee > 0) || g * g > (1 + 1e-9) * r * r * v_len2(de)) return 2;
  p = v_dot(m, e);
  q = v_dot(d, e);
  cb_clip(&lo, &hi, -p, -q, 0, &dummy);
  cb_clip(&lo, &hi, p - ee, q, 0, &dummy);
  if (lo > hi) return 2;
  ax = v_scale(e, 1 / sqrt(ee));
  return ball_time(lo, hi, v_cross(ax, m), v_cross(ax, d), r);
}

/* The earliest rounded edge or vertex of a grown polytope: its time, and
   what it was (kind, index) for the caller to name the feature. */
typedef struct rim {
  double t;
  int kind, index;
} rim;

static void rim_cyl(rim *b, double lo, double hi, vec3 c0, vec3 d, vec3 p,
                    vec3 q, double r, int kind, int index) {
  double t = cyl_time(lo, hi < b->t ? hi : b->t, c0, d, p, q, r);
  if (t < b->t) { b->t = t; b->kind = kind; b->index = index; }
}

static void rim_ball(rim *b, double lo, double hi, vec3 c0, vec3 d, vec3 p,
                     double r, int kind, int index) {
  double t = ball_time(lo, hi < b->t ? hi : b->t, v_sub(c0, p), d, r);
  if (t < b->t) { b->t = t; b->kind = kind; b->index = index; }
}

/* The polygon v[0..count-1] (unit normal n, origin in its plane), as a
   prism: planes 0, 1 the ends +-n (support +-n.origin + |n.A|), 2 + i the
   side of edge i, N_i = sign(n.A) e_i x A (outward: N_i.(e_i x n) =
   |e_i|^2 |n.A| > 0) with support N_i.v_i (the polygon and S lie behind
   it). The +n end is the polygon shifted by top = sign(n.A) A, the -n end
   by -top. */
static int capsule_flat_fast(double r, vec3 A, vec3 c0, vec3 c1, const vec3 *v,
                             int count, vec3 n, vec3 origin, collide_hit *out) {
  cb_plane pl[2 + FAST_MAXV];
  vec3 d = v_sub(c1, c0), N[FAST_MAXV], x, top;
  double na = v_dot(n, A), ana = fabs(na), ma = vmax_abs(A), sgn, h0, t, pad;
  double scale = fmax2(fmax2(vmax_abs(c0), vmax_abs(c1)), fmax2(vmax_abs(origin), ma));
  double hi, tol, norm[2 + FAST_MAXV];
  int i, f, which, np = 2 + count;
  cb_span ps;
  rim best;
  if (count > FAST_MAXV || !(ma >= 1e-70) || !(ana > 1e-9 * ma)) return -1;
  for (i = 0; i < count; i++) scale = fmax2(scale, vmax_abs(v[i]));
  /* (a core or a radius below 1e-6 of the coordinates: v +- A and the
     balls' and cylinders' numbers round toward each other; thin_sum's
     territory) */
  if (!(scale <= 1e60) || !(r > 1e-6 * scale) || !(ma > 1e-6 * scale)) return -1;
  /* (the polygon's own tolerances, 1e-9 of its diameter off its plane and
     off convex, and the rounding of the normals: far below this pad) */
  pad = 1e-8 * (scale + r);
  sgn = na > 0 ? 1 : -1;
  top = v_scale(A, sgn);
  h0 = v_dot(n, v_sub(c0, origin));
  pl[0].p = h0 - ana - r;  pl[0].q = v_dot(n, d);   pl[0].pad = pad;
  pl[1].p = -h0 - ana - r; pl[1].q = -pl[0].q;      pl[1].pad = pad;
  norm[0] = norm[1] = 1;
  /* the cheap rejections first (most misses): both ends of the motion
     beyond one end plane, or the motion's box apart from the polygon's
     grown by |A| + r + pad on some axis */
  {
    double h1 = h0 + pl[0].q, lim = ana + r + pad;
    vec3 bl = v[0], bh = v[0], g;
    if ((h0 > lim && h1 > lim) || (h0 < -lim && h1 < -lim)) {
      hit_clear(out);
      return 0;
    }
    for (i = 1; i < count; i++) {
      bl = v3(fmin2(bl.x, v[i].x), fmin2(bl.y, v[i].y), fmin2(bl.z, v[i].z));
      bh = v3(fmax2(bh.x, v[i].x), fmax2(bh.y, v[i].y), fmax2(bh.z, v[i].z));
    }
    g = v3(fabs(A.x) + r + pad, fabs(A.y) + r + pad, fabs(A.z) + r + pad);
    if (fmin2(c0.x, c1.x) > bh.x + g.x || fmax2(c0.x, c1.x) < bl.x - g.x ||
        fmin2(c0.y, c1.y) > bh.y + g.y || fmax2(c0.y, c1.y) < bl.y - g.y ||
        fmin2(c0.z, c1.z) > bh.z + g.z || fmax2(c0.z, c1.z) < bl.z - g.z) {
      hit_clear(out);
      return 0;
    }
  }
  for (i = 0; i < count; i++) {
    vec3 e = v_sub(v[i + 1 < count ? i + 1 : 0], v[i]);
    double nl2, nl;
    if (!(vmax_abs(e) >= 1e-70)) return -1;
    /* a polygon (or triangle) thinner than 1e-6 of the coordinates --
       some vertex that near the line of the edge two before it, which
       every thin convex polygon has -- has sliver faces, as the box
       above: the general path */
    {
      double g = v_dot(v_cross(n, e), v_sub(v[(i + 2) % count], v[i]));
      if (!(g > 0 && g * g > 1e-12 * scale * scale * v_len2(e))) return -1;
    }
    N[i] = v_cross(e, top);
    nl2 = v_len2(N[i]);
    /* an edge within 1e-3 rad of the axis: a sliver of a face (its
       normal's rounding would need a larger pad); the general path */
    if (!(nl2 > 1e-6 * v_len2(e) * v_len2(A))) return -1;
    norm[2 + i] = nl = sqrt(nl2);
    pl[2 + i].p = v_dot(N[i], v_sub(c0, v[i])) - r * nl;
    pl[2 + i].q = v_dot(N[i], d);
    pl[2 + i].pad = pad * nl;
  }
  /* The planes as they are (cb_times, as the box's fast path); when they
     miss, padded: a miss there is a miss, else a graze within the pad,
     undecided. */
  if (cb_times(pl, np, &t, &hi, &which)) {
    cb_start(&ps);
    if (!cb_add(&ps, pl, 0, np, 1)) return -1;
    hit_clear(out);
    return 0;
  }
  if (which < 0) {
    /* inside every plane at the start: overlapping (the general path's
       answer), or else in a gap of the planes beside a rounded edge, and
       the first contact is a rounded edge's or vertex's, below */
    vec3 q, m;
    int feature;
    double dd = core_flat_closest(c0, A, v, count, n,
                                  origin, &q, &m, &feature);
    if (dd <= r * r)
      return flat_start(c0, A, d, v, count, n, origin, dd, q, m, feature, out);
  }
  x = at(c0, d, t);
  /* the faces whose planes the centre is on at t (the last one entered,
     and any other within rounding of its plane, a tie; at t = 0, a centre
     that starts on a plane by rounding and moves in, found by the fuzzer) */
  tol = 64 * DBL_EPSILON * (scale + r);
  for (f = 0; f < np; f++) {
    if (f != which && pl[f].p + pl[f].q * t < -tol * norm[f]) continue;
    if (f < 2) {
      /* an end, the polygon + s A: the core's end x - s A over the
         polygon (strictly, as collide_sphere.c's flat_closest) */
      double side = f == 0 ? 1 : -1;
      vec3 y = v_madd(x, top, -side);
      for (i = 0; i < count; i++) {
        vec3 e = v_sub(v[i + 1 < count ? i + 1 : 0], v[i]);
        if (!(v_dot(v_cross(n, e), v_sub(y, v[i])) > 0)) break;
      }
      if (i < count) continue;
      out->u = t;
      out->point = v_madd(y, n, -v_dot(n, v_sub(y, origin)));
      out->normal = v_scale(n, side);
      out->feature = COLLIDE_FEATURE_FACE;
      return 1;
    } else {
      /* the side of edge k, a + s e + k A (s in [0, 1], k in [-1, 1]): s,
         k of the foot by the dual basis of e, A in their plane (as
         edge_piece; well-conditioned here, the angle being above 1e-3).
         The point: the closest points of the core and the edge. */
      int k = f - 2;
      vec3 a = v[k], b = v[k + 1 < count ? k + 1 : 0], e = v_sub(b, a);
      vec3 M = N[k], w = v_sub(x, a), xa, xq;
      double mm = v_len2(M), s = v_dot(w, v_cross(top, M)) / mm;
      double kk = v_dot(w, v_cross(M, e)) / mm, ta;
      if (!(s > 0 && s < 1 && kk > -1 && kk < 1)) continue;
      (void)seg_seg(x, A, a, b, &xa, &xq, &ta);
      if (ta == 0 || ta == 1) return -1;
      out->u = t;
      out->point = xq;
      out->normal = v_scale(M, 1 / norm[f]);
      out->feature = COLLIDE_FEATURE_EDGE;
      return 1;
    }
  }
  /* Beyond the rim: the first contact, if any, is on a rounded edge or
     vertex of the prism (a face's flat part is met only as its plane is
     entered, at t or before). At a first contact the motion goes into
     the body, so the outward normal there has w.d <= 0, and every normal
     of a rounded edge (vertex) lies in the cone of its faces' normals:
     one whose faces all have w.d > 0 cannot be first, and is skipped.
     Kinds: 0 the +n end's edge i, 1 the -n end's, 2 the side edge at v_i
     (v_i (+) S), 3 the +n end's vertex i, 4 the -n end's. */
  /* Each piece is first screened by the distance of its line (or point)
     from the line of the motion, from products shared by the pieces of a
     vertex and an edge (no division): farther than r (by 1e-9 more than
     rounding), it is never touched. */
  best.t = 2;
  best.kind = best.index = 0;
  {
    vec3 tD = v_cross(top, d), dA = v_cross(d, A);
    double rr = (1 + 1e-9) * r * r, lim_d = rr * v_len2(d), lim_a = rr * v_len2(dA);
    int b0 = pl[0].q > 0, b1 = pl[1].q > 0;
    for (i = 0; i < count; i++) {
      int i1 = i + 1 < count ? i + 1 : 0, ip = i > 0 ? i - 1 : count - 1;
      int bs = pl[2 + i].q > 0, bp = pl[2 + ip].q > 0;
      vec3 w = v_sub(c0, v[i]), de = v_cross(d, v_sub(v[i1], v[i])), wD = v_cross(w, d);
      double g0 = v_dot(w, de), gt = v_dot(top, de), lim_e = rr * v_len2(de);
      if (!(b0 && bs) && (g0 - gt) * (g0 - gt) <= lim_e)
        rim_cyl(&best, t, hi, c0, d, v_add(v[i], top), v_add(v[i1], top), r, 0, i);
      if (!(b1 && bs) && (g0 + gt) * (g0 + gt) <= lim_e)
        rim_cyl(&best, t, hi, c0, d, v_sub(v[i], top), v_sub(v[i1], top), r, 1, i);
      if (!(b0 && bp && bs) && v_len2(v_sub(wD, tD)) <= lim_d)
        rim_ball(&best, t, hi, c0, d, v_add(v[i], top), r, 3, i);
      if (!(b1 && bp && bs) && v_len2(v_add(wD, tD)) <= lim_d)
        rim_ball(&best, t, hi, c0, d, v_sub(v[i], top), r, 4, i);
    }
    /* the side edges last: on a tie with an end's piece (a vertex met by
       the core's end) the end's answer stands, as in the general path */
    for (i = 0; i < count; i++) {
      int ip = i > 0 ? i - 1 : count - 1;
      double g = v_dot(v_sub(c0, v[i]), dA);
      if (!(pl[2 + ip].q > 0 && pl[2 + i].q > 0) && g * g <= lim_a)
        rim_cyl(&best, t, hi, c0, d, v_sub(v[i], A), v_add(v[i], A), r, 2, i);
    }
  }
  if (best.t > 1) {
    hit_clear(out);
    return 0;
  }
  if (best.t == 0) return -1;   /* touching at the start, by rounding */
  {
    int k = best.index, k1 = k + 1 < count ? k + 1 : 0;
    vec3 c = at(c0, d, best.t), nrm;
    if (best.kind <= 1) {
      /* the end's edge: the core's end y over the edge k of the polygon */
      vec3 sh = best.kind == 0 ? top : v_neg(top), y = v_sub(c, sh);
      vec3 e = v_sub(v[k1], v[k]);
      double sp = v_dot(v_sub(y, v[k]), e) / v_len2(e);
      vec3 p = sp <= 0 ? v[k] : (sp >= 1 ? v[k1] : v_madd(v[k], e, sp));
      out->point = p;
      out->feature = (sp <= 0 || sp >= 1) ? COLLIDE_FEATURE_VERTEX : COLLIDE_FEATURE_EDGE;
      nrm = v_sub(y, p);
    } else if (best.kind == 2) {
      /* the core's inside at the vertex k: from the axis of v_k (+) S, as
         rounded in the cylinder's test (v_k +- A may round onto v_k in
         some components) */
      vec3 xk = v_sub(c, v[k]), A1 = v_sub(v_add(v[k], A), v_sub(v[k], A));
      A1 = v_scale(A1, 1 / vmax_abs(A1));
      nrm = v_madd(xk, A1, -v_dot(xk, A1) / v_len2(A1));
      out->point = v[k];
      out->feature = COLLIDE_FEATURE_VERTEX;
    } else {
      nrm = v_sub(c, v_add(v[k], best.kind == 3 ? top : v_neg(top)));
      out->point = v[k];
      out->feature = COLLIDE_FEATURE_VERTEX;
    }
    if (!(v_len2(nrm) > 0)) return -1;
    out->u = best.t;
    out->normal = v_normalize(nrm);
    return 1;
  }
}

/* The box rel +- e (in its frame; no flat axis) and an axis A with at most
   one zero component (two: the grown box, above): the zonotope box (+) S. Planes: 2 i + (s < 0) the faces
   s x_i, the box's face shifted by sigma A, sigma = sign(s A_i) (support
   e_i + |A_i|); 6 + 2 k + (s < 0) the sides along x_k: N = s x_k x A,
   whose components are A's, swapped and negated -- exact -- with support
   sum_j e_j |N_j| (N.A = 0), the box edge along x_k at the corner
   sign(N_j) e_j swept by S. */
static int box_face_hit(int f, double r, vec3 x, vec3 A, vec3 e, const vec3 *N,
                        collide_hit *out) {
  if (f < 6) {
    /* the face s x_k: the core's end x - sigma A over the box's face. With
       A_k = 0 the face is the box's face swept by S (a hexagon): over it
       where x - l A is over the box's face for some l in [-1, 1] (the
       interval of such l, from each axis j; l = -1, the end x + A, first,
       then +1, as the general path's end pieces, else the middle) */
    int k = f / 2, j;
    double s = f % 2 ? -1 : 1, ak = v_get(A, k), sigma = s * ak > 0 ? 1 : -1;
    vec3 y;
    if (ak == 0) {
      double l0 = -1, l1 = 1;
      for (j = 0; j < 3; j++) {
        double xj = v_get(x, j), aj = v_get(A, j), ej = v_get(e, j), p, q;
        if (j == k) continue;
        if (aj == 0) {
          if (!(fabs(xj) < ej)) return 0;
          continue;
        }
        p = (xj - ej) / aj;
        q = (xj + ej) / aj;
        if (p > q) { double tt = p; p = q; q = tt; }
        /* (open: strictly over) */
        if (p >= l0) l0 = nextafter(p, 2);
        if (q <= l1) l1 = nextafter(q, -2);
      }
      if (!(l0 <= l1)) return 0;
      sigma = l0 == -1 ? -1 : (l1 == 1 ? 1 : l0 + (l1 - l0) / 2);
      /* (an end within rounding of the face's rim -- x_j - l A_j rounding
         onto e_j at l = -+1 -- while the interval reaches well inside: the
         middle of the interval, strictly over. Left to the rim, nothing
         there would cover the face's inside; found by the fuzzer) */
      y = v_madd(x, A, -sigma);
      for (j = 0; j < 3; j++)
        if (j != k && !(fabs(v_get(y, j)) < v_get(e, j))) break;
      if (j < 3 && sigma != l0 + (l1 - l0) / 2) sigma = l0 + (l1 - l0) / 2;
    }
    y = v_madd(x, A, -sigma);
    for (j = 0; j < 3; j++)
      if (j != k && !(fabs(v_get(y, j)) < v_get(e, j))) return 0;
    out->point = v_with(y, k, s * v_get(e, k));
    out->normal = v_with(v3(0, 0, 0), k, s);
    out->feature = COLLIDE_FEATURE_FACE;
    return 1;
  } else {
    /* the side along x_k: the foot f = corner + mu x_k + lambda A, lambda
       from the larger of the two A_j (at least a third of |A|'s largest
       component, so well-conditioned) */
    int k = (f - 6) / 2, j1 = (k + 1) % 3, j2 = (k + 2) % 3, j;
    double s = f % 2 ? -1 : 1, lam, mu;
    vec3 M = v_scale(N[k], s), w, ft, q;
    /* (an axis with A_j1 or A_j2 zero: this plane is a box face's, which
       the face above answers) */
    if (v_get(M, j1) == 0 || v_get(M, j2) == 0) return 0;
    w = unit_finite(M);
    ft = v_madd(x, w, -r);
    j = fabs(v_get(A, j1)) >= fabs(v_get(A, j2)) ? j1 : j2;
    lam = (v_get(ft, j) - (v_get(M, j) > 0 ? v_get(e, j) : -v_get(e, j))) / v_get(A, j);
    mu = v_get(ft, k) - lam * v_get(A, k);
    if (!(lam > -1 && lam < 1 && fabs(mu) < v_get(e, k))) return 0;
    q = v_with(v3(0, 0, 0), k, mu);
    q = v_with(q, j1, v_get(M, j1) > 0 ? v_get(e, j1) : -v_get(e, j1));
    q = v_with(q, j2, v_get(M, j2) > 0 ? v_get(e, j2) : -v_get(e, j2));
    out->point = q;
    out->normal = w;
    out->feature = COLLIDE_FEATURE_EDGE;
    return 1;
  }
}

/* The box corner of signs (bit i of s set: -e_i). */
static vec3 box_corner(vec3 e, int s) {
  return v3(s & 1 ? -e.x : e.x, s & 2 ? -e.y : e.y, s & 4 ? -e.z : e.z);
}

/* The point of the core y + s A, -1 <= s <= 1, nearest the box [-e, e]
   (box frame), and the box's point nearest it: the distance from y to the
   zonotope Z = box (+) S and its nearest feature, in closed form.
   g(s) = |y + s A - clamp(y + s A)|^2 = sum_i (|y_i + s A_i| - e_i)_+^2 is
   convex (a sum of squared distances to convex sets along a line), and
   g'(s) / 2 = sum_i A_i^2 [(s - hi_i)_+ - (lo_i - s)_+], where
   [lo_i, hi_i] are the s with y_i + s A_i within the slab of axis i: a
   nondecreasing piecewise linear function with at most six breakpoints
   (the core crossing a face plane). Its sign at the breakpoints brackets
   the minimizer between two neighbouring ones; there the axes beyond their
   slabs are fixed, beyond the face sigma_i e_i, and g'(s) = 0 is linear:
   s = sum A_i (sigma_i e_i - y_i) / sum A_i^2 over those axes (Ericson
   5.1.9's closest points of a segment and a box, solved on the segment's
   parameter as one convex function of one variable instead of against the
   box's twelve edges). The breakpoints only classify: at a tie both
   neighbouring pieces give the same root, so their rounding moves nothing
   but the piece that computes it. The minimizer clamped to [-1, 1] when
   g' keeps one sign there; where g' vanishes on an interval (the core
   meets the box) one point of it, with dd = 0. */
typedef struct znear {
  double s, dd;     /* the core's parameter, the squared distance */
  vec3 m, q;        /* the core's point y + s A, the box's point */
  int side[3];      /* per axis: +1 q_i clamped to e_i, -1 to -e_i, 0 not */
} znear;

static double zn_slope(const double *lo, const double *hi, const double *w,
                       double s) {
  return w[0] * (fmax2(s - hi[0], 0) - fmax2(lo[0] - s, 0)) +
         w[1] * (fmax2(s - hi[1], 0) - fmax2(lo[1] - s, 0)) +
         w[2] * (fmax2(s - hi[2], 0) - fmax2(lo[2] - s, 0));
}

/* The reciprocals of A's components for zono_near, 0 for an axis without
   slope: g's term is constant there, also where a^2 underflows -- a
   component below about 1e-162, under 1e-92 of A's largest (at least
   1e-70 by the fast path's guard): it moves the core by far less than the
   rounding of the coordinates. */
static vec3 zn_inverse(vec3 A) {
  return v3(A.x * A.x == 0 ? 0 : 1 / A.x, A.y * A.y == 0 ? 0 : 1 / A.y,
            A.z * A.z == 0 ? 0 : 1 / A.z);
}

static void zono_near(vec3 y, vec3 A, vec3 iA, vec3 e, znear *z) {
  double lo[3], hi[3], w[3], b[6], s, sl = HUGE_VAL, sr = -HUGE_VAL;
  int i, n = 0;
  for (i = 0; i < 3; i++) {
    double a = v_get(A, i), yi = v_get(y, i), ei = v_get(e, i), ia = v_get(iA, i);
    double t1, t2;
    if (ia == 0) {
      lo[i] = -HUGE_VAL; hi[i] = HUGE_VAL; w[i] = 0;
      continue;
    }
    t1 = (-ei - yi) * ia;
    t2 = (ei - yi) * ia;
    lo[i] = fmin2(t1, t2);
    hi[i] = fmax2(t1, t2);
    w[i] = a * a;
    sl = fmin2(sl, hi[i]);
    sr = fmax2(sr, lo[i]);
  }
  /* The bracket. Below the least hi_i no axis is beyond its slab on the
     high side, so g' <= 0 there; above the largest lo_i, g' >= 0. When
     that largest lo is at most the least hi, g' vanishes between them
     (the core's line meets the box): s is the first such point in
     [-1, 1], or the end nearer it. Otherwise the root lies in [sl, sr] =
     [least hi, largest lo], and only the breakpoints and ends -1, 1
     strictly inside can narrow it, by g''s sign there (branch-free: sl
     the largest point where g' <= 0, sr the smallest where g' >= 0; sl >=
     sr then, a root at a breakpoint: s = sr). The root is then clamped
     to [-1, 1]. */
  if (!(sl < sr)) {
    s = sr < -1 ? -1 : (sr > 1 ? 1 : sr);
    sl = sr = s;
  } else {
    for (i = 0; i < 3; i++) {
      if (lo[i] > sl && lo[i] < sr) b[n++] = lo[i];
      if (hi[i] > sl && hi[i] < sr) b[n++] = hi[i];
    }
    if (-1 > sl && -1 < sr) b[n++] = -1;
    if (1 > sl && 1 < sr) b[n++] = 1;
    for (i = 0; i < n; i++) {
      double f = zn_slope(lo, hi, w, b[i]);
      sl = f <= 0 ? fmax2(sl, b[i]) : sl;
      sr = f >= 0 ? fmin2(sr, b[i]) : sr;
    }
  }
  if (sl >= sr) {
    s = sr;
  } else {
    double num = 0, den = 0, mid = sl + (sr - sl) / 2;
    for (i = 0; i < 3; i++) {
      double a = v_get(A, i), yi = v_get(y, i), ei = v_get(e, i);
      if (w[i] == 0 || (mid >= lo[i] && mid <= hi[i])) continue;
      num += a * ((yi + mid * a > 0 ? ei : -ei) - yi);
      den += w[i];
    }
    /* (no axis beyond its slab at mid: sl and sr adjacent doubles, mid
       rounded onto a breakpoint; mid is then the root to rounding) */
    s = den > 0 ? num / den : mid;
    s = s < sl ? sl : (s > sr ? sr : s);   /* (its rounding, kept in) */
  }
  s = s < -1 ? -1 : (s > 1 ? 1 : s);
  z->s = s;
  z->m = v_madd(y, A, s);
  z->dd = 0;
  z->q = z->m;
  for (i = 0; i < 3; i++) {
    double mi = v_get(z->m, i), ei = v_get(e, i), qi, g;
    z->side[i] = mi > ei ? 1 : (mi < -ei ? -1 : 0);
    qi = z->side[i] > 0 ? ei : (z->side[i] < 0 ? -ei : mi);
    z->q = v_with(z->q, i, qi);
    g = mi - qi;
    z->dd += g * g;
  }
}

/* The rim piece of Z holding the feature zono_near found (the kinds and
   indices of capsule_box_fast's rim): 1, or 0 when it is a face or the
   inside (no rim piece). Z's point nearest y is q - s A: the piece is
   shifted by sigma = -s. */
static int zn_piece(const znear *z, int *kind, int *index) {
  int i, n = 0, k = 0, c = 0, end = z->s == -1 || z->s == 1;
  for (i = 0; i < 3; i++) {
    if (z->side[i]) n++;
    else k = i;
    if (z->side[i] < 0) c |= 1 << i;
  }
  if (n == 3) {
    *kind = end ? 1 : 2;
    *index = end ? c * 2 + (z->s < 0) : c;
    return 1;
  }
  if (n == 2 && end) {
    *kind = 0;
    *index = (k * 8 + c) * 2 + (z->s < 0);
    return 1;
  }
  return 0;
}

/* 1 when y (box frame) lies in the Voronoi region of Z's rim feature
   (kind, index): its nearest point of Z is on that feature, so a point of
   the feature's piece (the points within r of it) there is on the grown
   body's boundary. With the core's end m = y - sigma A nearest the box
   at p: m - p in the box's normal cone at p (Ericson 5.5.7's regions),
   and sigma A.(m - p) >= 0, the end the best point of the core (g'(s) at
   s = -sigma points out of [-1, 1]); for the side edge V (+) S the core's
   best point m = y + s A, A.(m - V) = 0, inside the core.
   And y must be on the piece's round surface, at distance r from the
   feature (to 1e-12): a cylinder's first time may be where the path
   enters the slab of its edge's ends while already within r of the line
   -- a point of the flat end inside the body, not on its boundary (found
   by the fuzzer: a contact at u = 1 reported for one at 0.3795) --
   unless that time is the window's start lo itself (at_lo): the centre
   there is on the planes' boundary and already in the body, so lo is the
   first contact. */
static int zn_holds(int kind, int index, vec3 y, vec3 A, vec3 e, double r,
                    int at_lo) {
  int i;
  if (kind == 2) {
    vec3 V = box_corner(e, index), yv = v_sub(y, V), w;
    double s = -v_dot(A, yv) / v_len2(A);
    if (!(s >= -1 && s <= 1)) return 0;
    w = v_madd(yv, A, s);
    for (i = 0; i < 3; i++)
      if (((index >> i) & 1 ? -v_get(w, i) : v_get(w, i)) < 0) return 0;
    return at_lo || v_len2(w) >= r * r * (1 - 1e-12);
  } else {
    double sigma = index % 2 ? 1 : -1;
    int k = kind == 0 ? index / 16 : -1, c = kind == 0 ? (index / 2) % 8 : index / 2;
    vec3 m = v_madd(y, A, -sigma), w = v3(0, 0, 0);
    for (i = 0; i < 3; i++) {
      double mi = v_get(m, i), ei = v_get(e, i), wi;
      if (i == k) {
        if (!(fabs(mi) <= ei)) return 0;
        wi = 0;
      } else {
        wi = (c >> i) & 1 ? -ei - mi : mi - ei;    /* outward */
        if (!(wi >= 0)) return 0;
        if ((c >> i) & 1) wi = -wi;
      }
      w = v_with(w, i, wi);
    }
    return sigma * v_dot(A, w) >= 0 && (at_lo || v_len2(w) >= r * r * (1 - 1e-12));
  }
}

/* The box of the centre's path over the window [t0, t1] grown by g: a rim
   piece of the box path (the points within r of a segment or a point) can
   hold a contact in that window only where its own box, the segment's
   grown by r, meets this one (with g = r + a pad far above the rounding of
   the pieces' tests, a piece skipped here has no contact they would find).
   Six comparisons instead of a piece's square roots and divisions: most
   of the zonotope's 24 edges and 14 vertices are far from the chord. */
typedef struct chord_box {
  vec3 lo, hi;
} chord_box;

static void chord_set(chord_box *c, vec3 rel, vec3 d, double t0, double t1,
                      double g) {
  vec3 a = v_madd(rel, d, t0), b = v_madd(rel, d, t1);
  c->lo = v3(fmin2(a.x, b.x) - g, fmin2(a.y, b.y) - g, fmin2(a.z, b.z) - g);
  c->hi = v3(fmax2(a.x, b.x) + g, fmax2(a.y, b.y) + g, fmax2(a.z, b.z) + g);
}

/* 1 when the box of the segment p-q meets the chord's box */
static int chord_meets(const chord_box *c, vec3 p, vec3 q) {
  return fmax2(p.x, q.x) >= c->lo.x && fmin2(p.x, q.x) <= c->hi.x &&
         fmax2(p.y, q.y) >= c->lo.y && fmin2(p.y, q.y) <= c->hi.y &&
         fmax2(p.z, q.z) >= c->lo.z && fmin2(p.z, q.z) <= c->hi.z;
}

/* rim_cyl behind the chord's box, which shrinks with the
   best time so far (the window's end) */
static void box_rim_cyl(rim *b, chord_box *c, double lo, double hi, vec3 c0,
                        vec3 d, vec3 p, vec3 q, double r, double g, int kind,
                        int index) {
  double t0 = b->t;
  if (!chord_meets(c, p, q)) return;
  rim_cyl(b, lo, hi, c0, d, p, q, r, kind, index);
  if (b->t < t0) chord_set(c, c0, d, lo, b->t, g);
}

/* Where the centre's path y(t) = P + D t (one axis, in the frame of an end
   box, the box shifted by sigma A) is beyond the box's face -e (*below),
   within its slab (*in) and beyond +e (*above): intervals of t, each
   widened by pad (a length) on its open side so that rounding never
   narrows one. The box's Voronoi regions (Ericson 5.5.7's classification
   of a point against a box, as collide_sphere.c's sweep_aabb clips its
   pieces with them) are products of these: an edge along x_k, the slab of
   k and beyond the faces of the two others; a corner, beyond three. */
typedef struct vspan {
  double lo, hi;
} vspan;

static void axis_spans(double P, double D, double e, double pad, vspan *below,
                       vspan *in, vspan *above) {
  if (D == 0) {
    below->lo = in->lo = above->lo = -HUGE_VAL;
    below->hi = in->hi = above->hi = HUGE_VAL;
    if (!(P <= -e + pad)) below->lo = HUGE_VAL;
    if (!(P >= -e - pad && P <= e + pad)) in->lo = HUGE_VAL;
    if (!(P >= e - pad)) above->lo = HUGE_VAL;
  } else {
    /* (by a reciprocal, whose rounding the pad covers many times over;
       divided where D is so small that 1 / D would overflow and 0 * inf
       give a NaN) */
    double ta, tb, tc, td;
    if (fabs(D) > 1e-280) {
      double iv = 1 / D;
      ta = (e - pad - P) * iv; tb = (-e + pad - P) * iv;
      tc = (e + pad - P) * iv; td = (-e - pad - P) * iv;
    } else {
      ta = (e - pad - P) / D; tb = (-e + pad - P) / D;
      tc = (e + pad - P) / D; td = (-e - pad - P) / D;
    }
    if (D > 0) {
      above->lo = ta; above->hi = HUGE_VAL;
      below->lo = -HUGE_VAL; below->hi = tb;
      in->lo = td; in->hi = tc;
    } else {
      above->lo = -HUGE_VAL; above->hi = ta;
      below->lo = tb; below->hi = HUGE_VAL;
      in->lo = tc; in->hi = td;
    }
  }
}

/* 1 when the three spans and [lo, hi] share a time */
static int spans_meet(vspan a, vspan b, vspan c, double lo, double hi) {
  lo = fmax2(lo, fmax2(a.lo, fmax2(b.lo, c.lo)));
  hi = fmin2(hi, fmin2(a.hi, fmin2(b.hi, c.hi)));
  return lo <= hi;
}

/* For the walk: the first time in [lo, hi] the centre is within r of the
   line of a-b, when its projection is between a and b then -- the round
   surface entered, or lo when inside it there -- else 2 (a first time on
   a flat end the walk would reject anyway; the enumeration then answers).
   cyl_time without the unit axis and the ends' clipping: w = e x m and
   z = e x d are |e| times ball_time's, so |w + z t|^2 = r^2 |e|^2 has the
   same roots, without a square root or a division before the solve. */
static double walk_cyl(double lo, double hi, vec3 c0, vec3 d, vec3 a, vec3 b,
                       double r) {
  vec3 e = v_sub(b, a), m = v_sub(c0, a);
  double ee = v_len2(e), t, s;
  if (!(ee > 0)) return 2;
  t = ball_time_rr(lo, hi, v_cross(e, m), v_cross(e, d), r * r * ee);
  if (t > hi) return 2;
  s = v_dot(m, e) + t * v_dot(d, e);
  return s >= 0 && s <= ee ? t : 2;
}

static int capsule_box_fast(double r, vec3 A, vec3 c0, vec3 c1, vec3 ctr,
                            vec3 e, collide_hit *out) {
  cb_plane pl[12];
  vec3 rel = v_sub(c0, ctr), d = v_sub(c1, c0), x, N[3], iA;
  double scale = fmax2(fmax2(vmax_abs(c0), vmax_abs(c1)),
                      fmax2(vmax_abs(ctr), fmax2(vmax_abs(e), vmax_abs(A))));
  double pad, t, ma = vmax_abs(A), hi, tol, norm[12];
  int i, f, which, back[12];
  rim best;
  chord_box cb;
  double g_pad;
  /* (a box thinner than 1e-6 of the coordinates: its faces are slivers
     whose over-the-face tests round either way; the general path, found
     by the fuzzer) */
  if (!(fmin2(e.x, fmin2(e.y, e.z)) > 1e-6 * scale) || !(ma >= 1e-70) ||
      !(scale <= 1e60) || !(r > 1e-6 * scale) || !(ma > 1e-6 * scale))
    return -1;
  pad = 1e-8 * (scale + r);
  if (fabs(rel.x) <= e.x + fabs(A.x) + r + pad && fabs(rel.y) <= e.y + fabs(A.y) + r + pad &&
      fabs(rel.z) <= e.z + fabs(A.z) + r + pad) {
    /* The centre within the zonotope's box grown by r (and the pad) at the
       start, as it is when the capsule overlaps the box (Z (+) ball(r) lies
       in that box): the core's distance to the box decides the overlap
       first, before the planes. */
    znear zn;
    iA = zn_inverse(A);
    zono_near(rel, A, iA, e, &zn);
    if (zn.dd <= r * r) {
      int bound[3];
      for (i = 0; i < 3; i++) bound[i] = fabs(v_get(zn.q, i)) == v_get(e, i);
      return box_start(rel, A, d, e, ctr, zn.dd, zn.q, zn.m, box_feature(e, bound),
                       out);
    }
  }
  for (i = 0; i < 3; i++) {
    double ri = v_get(rel, i), di = v_get(d, i);
    double lim = v_get(e, i) + fabs(v_get(A, i)) + r;
    cb_plane *f2 = pl + i + i;           /* the faces +x_i, -x_i */
    f2[0].p = ri - lim;  f2[0].q = di;  f2[0].pad = pad;
    f2[1].p = -ri - lim; f2[1].q = -di; f2[1].pad = pad;
    norm[i + i] = norm[i + i + 1] = 1;
  }
  N[0] = v3(0, -A.z, A.y);
  N[1] = v3(A.z, 0, -A.x);
  N[2] = v3(-A.y, A.x, 0);
  for (i = 0; i < 3; i++) {
    double nl = v_len(N[i]), p = v_dot(N[i], rel), q = v_dot(N[i], d);
    double lim = e.x * fabs(N[i].x) + e.y * fabs(N[i].y) + e.z * fabs(N[i].z) + r * nl;
    cb_plane *s2 = pl + 6 + i + i;       /* the sides +-N_i */
    s2[0].p = p - lim;  s2[0].q = q;
    s2[1].p = -p - lim; s2[1].q = -q;
    s2[0].pad = s2[1].pad = pad * nl;
    norm[6 + i + i] = norm[7 + i + i] = nl;
  }
  /* The twelve planes as they are (the slab test above ended most misses);
     when they miss, padded: a miss there is a miss, else a graze within
     the pad, undecided. */
  if (cb_times(pl, 12, &t, &hi, &which)) {
    cb_span ps;
    cb_start(&ps);
    if (!cb_add(&ps, pl, 0, 12, 1)) return -1;
    hit_clear(out);
    return 0;
  }
  x = v_madd(rel, d, t);
  tol = 64 * DBL_EPSILON * (scale + r);
  /* (as for the polygon: the plane entered last, ties within rounding) */
  for (f = 0; f < 12; f++) {
    if (f != which && pl[f].p + pl[f].q * t < -tol * norm[f]) continue;
    if (box_face_hit(f, r, x, A, e, N, out)) {
      out->u = t;
      out->point = v_add(out->point, ctr);
      return 1;
    }
  }
  /* Beyond the rim (as for the polygon): the rounded edges and vertices
     of the zonotope that have a face with w.d <= 0. Its edges are the box
     edges shifted by sigma A -- one copy where the two box faces beside
     the edge shift alike (sigma_1 = sigma_2: between those faces), two
     where they differ (each between its box face and the side along the
     edge, whose normal has the signs of the two faces: the edge is on the
     box's silhouette seen along A) -- and the box corners V swept by S
     (V (+) S, between sides, whose normals lie in V's octant); its
     vertices are the corners shifted by +-A (a ball wholly inside the
     zonotope is a harmless extra piece). Kinds: 0 the edge (index: k, the
     corner, sigma), 1 the ball V + sigma A, 2 the side edge V (+) S. */
  best.t = 2;
  best.kind = best.index = 0;
  {
    /* The walk: the rim feature of Z nearest the entry point x first (the
       grown body's nearest piece there); its piece's first contact y is
       the body's first contact when y lies in the feature's Voronoi region
       (zn_holds): y is then on the body's boundary, and the motion enters
       the piece, a convex part of the convex body, at y -- a line meets a
       convex body's boundary where it enters and where it leaves, so that
       is where it enters the body. Otherwise the feature nearest y next,
       three steps at most; the enumeration below answers what they leave
       (a miss, or a contact on a feature the walk did not reach). */
    vec3 y = x;
    int step, kind, index;
    iA = zn_inverse(A);
    for (step = 0; step < 3; step++) {
      znear zn;
      rim piece;
      piece.kind = piece.index = 0;
      zono_near(y, A, iA, e, &zn);
      if (!zn_piece(&zn, &kind, &index)) break;
      piece.kind = kind;
      piece.index = index;
      /* (the pieces as the enumeration below names them: kind 0 the box
         edge along x_k through the corner s shifted by sigma A, 1 the
         ball at the corner V + sigma A, 2 the side edge V (+) S) */
      if (kind == 1) {
        vec3 V = box_corner(e, index / 2);
        piece.t = ball_time(t, hi, v_sub(rel, index % 2 ? v_add(V, A) : v_sub(V, A)), d, r);
      } else if (kind == 0) {
        int k = index / 16, s = (index / 2) % 8;
        double g = index % 2 ? 1 : -1;
        piece.t = walk_cyl(t, hi, rel, d, v_madd(box_corner(e, s | (1 << k)), A, g),
                           v_madd(box_corner(e, s), A, g), r);
      } else {
        vec3 V = box_corner(e, index);
        piece.t = walk_cyl(t, hi, rel, d, v_sub(V, A), v_add(V, A), r);
      }
      if (piece.t > 1) break;
      y = v_madd(rel, d, piece.t);
      if (zn_holds(kind, index, y, A, e, r, piece.t == t)) {
        best = piece;
        goto found;
      }
    }
  }
  for (i = 0; i < 12; i++) back[i] = pl[i].q > 0;
  {
    /* the side edges screened first by the distance of their lines from
       the motion's line, as for the polygon */
    vec3 dA = v_cross(d, A);
    double rr = (1 + 1e-9) * r * r, lim_a = rr * v_len2(dA);
    double rdA = v_dot(rel, dA);
    int k, s, gi;
    /* sp[gi][i][0..2]: below, in, above the end box sigma = gi ? 1 : -1
       on axis i. An end edge or corner of the zonotope is an edge or
       corner of its end box X + sigma A, and the zonotope's normal cone
       there lies in the end box's (Z holds X + sigma A), so a contact
       whose nearest point of Z is on that edge or corner lies in the end
       box's Voronoi region of it: each piece is solved only where the
       path passes through that region during [t, best) (the pieces are
       the points within r of subsets of Z, so any extra time a padded
       region lets through is still a contact, never a false one) */
    vspan sp[2][3][3];
    /* m[gi][i]: bit j set when span j meets [t, hi], a first sieve (the
       pieces are then checked against [t, best) too) */
    int m[2][3];
    /* (the masks from the path's ends over [t, hi], each coordinate
       moving monotonically: a state is visited when it holds the lower end,
       the upper one, or lies between -- with the spans' pads) */
    vec3 y0 = v_madd(rel, d, t), y1 = v_madd(rel, d, hi);
    for (gi = 0; gi < 2; gi++)
      for (i = 0; i < 3; i++) {
        double sa = gi ? v_get(A, i) : -v_get(A, i), ei = v_get(e, i);
        double a = v_get(y0, i) - sa, b = v_get(y1, i) - sa;
        double lo = fmin2(a, b), up = fmax2(a, b);
        /* (coarser than the spans by the rounding of y0, y1: 2 pads) */
        m[gi][i] = (lo <= -ei + 2 * pad) | ((up >= -ei - 2 * pad && lo <= ei + 2 * pad) << 1) |
                   ((up >= ei - 2 * pad) << 2);
        axis_spans(v_get(rel, i) - sa, v_get(d, i), ei, pad, &sp[gi][i][0],
                   &sp[gi][i][1], &sp[gi][i][2]);
      }
    for (k = 0; k < 3; k++) {
      int j1 = (k + 1) % 3, j2 = (k + 2) % 3;
      for (s = 0; s < 8; s++) {
        /* the edge along x_k through the corner s (with its k bit clear) */
        int n1 = (s >> j1) & 1, n2 = (s >> j2) & 1, b1, b2, lat, cp1, cp2;
        int o1 = n1 ? 1 : 4, o2 = n2 ? 1 : 4;
        double a1, a2, g1, g2;
        vec3 p0, p1;
        if ((s >> k) & 1) continue;
        if (!((m[0][k] & 2) && (m[0][j1] & o1) && (m[0][j2] & o2)) &&
            !((m[1][k] & 2) && (m[1][j1] & o1) && (m[1][j2] & o2)))
          continue;
        a1 = v_get(A, j1);
        a2 = v_get(A, j2);
        g1 = (n1 ? -a1 : a1) > 0 ? 1 : -1;      /* sigma of face 1 */
        g2 = (n2 ? -a2 : a2) > 0 ? 1 : -1;
        /* (a face with A_j = 0 is the box's face swept by S, a hexagon that
           shifts with either neighbour: the edge is the one copy at the
           other face's sigma, between the two faces. Taking the sigma = -1
           convention here culled that copy by an unrelated side and gave a
           later contact) */
        if (a1 == 0) g1 = g2;
        if (a2 == 0) g2 = g1;
        b1 = back[2 * j1 + n1];
        b2 = back[2 * j2 + n2];
        /* the side between the two faces: N_k's sign with face 1's j1 */
        lat = back[6 + 2 * k + (((v_get(N[k], j1) > 0) == !n1) ? 0 : 1)];
        /* the copies at sigma = g1 and g2 that are edges of Z and have a
           face not turned away from the motion */
        cp1 = g1 == g2 ? !(b1 && b2) : !(b1 && lat);
        cp2 = g1 != g2 && !(b2 && lat);
        if (cp1 && !spans_meet(sp[g1 > 0][k][1], sp[g1 > 0][j1][n1 ? 0 : 2],
                              sp[g1 > 0][j2][n2 ? 0 : 2], t, fmin2(hi, best.t)))
          cp1 = 0;
        if (cp2 && !spans_meet(sp[g2 > 0][k][1], sp[g2 > 0][j1][n1 ? 0 : 2],
                              sp[g2 > 0][j2][n2 ? 0 : 2], t, fmin2(hi, best.t)))
          cp2 = 0;
        if (!cp1 && !cp2) continue;
        p1 = box_corner(e, s);
        p0 = box_corner(e, s | (1 << k));
        if (cp1)
          rim_cyl(&best, t, hi, rel, d, v_madd(p0, A, g1), v_madd(p1, A, g1),
                  r, 0, (k * 8 + s) * 2 + (g1 > 0));
        if (cp2)
          rim_cyl(&best, t, hi, rel, d, v_madd(p0, A, g2), v_madd(p1, A, g2),
                  r, 0, (k * 8 + s) * 2 + (g2 > 0));
      }
    }
    for (s = 0; s < 8; s++) {
      int bx = back[0 + (s & 1)], by = back[2 + ((s >> 1) & 1)], bz = back[4 + ((s >> 2) & 1)];
      /* the corner's signs against A's: all alike or all opposite, the
         corner is extreme along A, and only one of V +- A is a vertex */
      int sx = (s & 1) ? -1 : 1, sy = (s & 2) ? -1 : 1, sz = (s & 4) ? -1 : 1;
      int al = (sx * A.x > 0) + (sy * A.y > 0) + (sz * A.z > 0);
      int ix = s & 1 ? 0 : 2, iy = s & 2 ? 0 : 2, iz = s & 4 ? 0 : 2;
      vec3 V;
      if (!((m[0][0] >> ix) & (m[0][1] >> iy) & (m[0][2] >> iz) & 1) &&
          !((m[1][0] >> ix) & (m[1][1] >> iy) & (m[1][2] >> iz) & 1))
        continue;
      if (bx && by && bz) continue;
      V = box_corner(e, s);
      if (al != 0 && spans_meet(sp[1][0][ix], sp[1][1][iy], sp[1][2][iz], t,
                                fmin2(hi, best.t)))
        rim_ball(&best, t, hi, rel, d, v_add(V, A), r, 1, s * 2 + 1);
      if (al != 3 && spans_meet(sp[0][0][ix], sp[0][1][iy], sp[0][2][iz], t,
                                fmin2(hi, best.t)))
        rim_ball(&best, t, hi, rel, d, v_sub(V, A), r, 1, s * 2);
    }
    /* The side edges V (+) S. A contact whose nearest point of Z is
       p = V + s A on one (|s| <= 1) has q - p in Z's normal cone at p, which
       lies in that of X + s A there (Z holds it): V's octant, so
       sgn_i (q_i - V_i - s A_i) >= 0 and sgn_i q_i >= e_i - |A_i| on every
       axis -- a sieve from the path's ends over [t, best) (2 pads for their
       rounding), before the chord's box and the line's distance */
    vec3 ya = v_madd(rel, d, t), yb = v_madd(rel, d, fmin2(hi, best.t));
    vec3 ylo = v3(fmin2(ya.x, yb.x), fmin2(ya.y, yb.y), fmin2(ya.z, yb.z));
    vec3 yup = v3(fmax2(ya.x, yb.x), fmax2(ya.y, yb.y), fmax2(ya.z, yb.z));
    vec3 lb = v3(e.x - fabs(A.x) - 2 * pad, e.y - fabs(A.y) - 2 * pad,
                 e.z - fabs(A.z) - 2 * pad);
    g_pad = r + pad;
    chord_set(&cb, rel, d, t, fmin2(hi, best.t), g_pad);
    for (s = 0; s < 8; s++) {
      int bx = back[0 + (s & 1)], by = back[2 + ((s >> 1) & 1)], bz = back[4 + ((s >> 2) & 1)];
      int sx = (s & 1) ? -1 : 1, sy = (s & 2) ? -1 : 1, sz = (s & 4) ? -1 : 1;
      int al = (sx * A.x > 0) + (sy * A.y > 0) + (sz * A.z > 0);
      vec3 V;
      double g;
      if ((bx && by && bz) || al == 0 || al == 3) continue;
      if (!(sx > 0 ? yup.x >= lb.x : ylo.x <= -lb.x) ||
          !(sy > 0 ? yup.y >= lb.y : ylo.y <= -lb.y) ||
          !(sz > 0 ? yup.z >= lb.z : ylo.z <= -lb.z))
        continue;
      V = box_corner(e, s);
      g = rdA - v_dot(V, dA);
      if (g * g > lim_a) continue;
      box_rim_cyl(&best, &cb, t, hi, rel, d, v_sub(V, A), v_add(V, A), r, g_pad, 2, s);
    }
  }
  if (best.t > 1) {
    hit_clear(out);
    return 0;
  }
found:
  if (best.t == 0) return -1;   /* touching at the start, by rounding */
  {
    vec3 c = v_madd(rel, d, best.t), nrm, p;
    if (best.kind == 0) {
      /* the core's end y = c - sigma A against the box edge */
      int k = best.index / 16, s = (best.index / 2) % 8;
      double sigma = best.index % 2 ? 1 : -1, ek = v_get(e, k), yk;
      vec3 y = v_madd(c, A, -sigma);
      p = box_corner(e, s);
      yk = v_get(y, k);
      p = v_with(p, k, yk < -ek ? -ek : (yk > ek ? ek : yk));
      out->feature = fabs(v_get(p, k)) == ek ? COLLIDE_FEATURE_VERTEX
                                             : COLLIDE_FEATURE_EDGE;
      nrm = v_sub(y, p);
    } else if (best.kind == 1) {
      double sigma = best.index % 2 ? 1 : -1;
      p = box_corner(e, best.index / 2);
      nrm = v_sub(v_madd(c, A, -sigma), p);
      out->feature = COLLIDE_FEATURE_VERTEX;
    } else {
      /* from the axis of V (+) S, as rounded in the cylinder's test:
         |A1|^2 times the part of xk normal to A1, without a division (the
         fast path's guards keep it between 1e-216 and 1e182) */
      vec3 xk, A1;
      p = box_corner(e, best.index);
      xk = v_sub(c, p);
      A1 = v_sub(v_add(p, A), v_sub(p, A));
      nrm = v_sub(v_scale(xk, v_len2(A1)), v_scale(A1, v_dot(xk, A1)));
      out->feature = COLLIDE_FEATURE_VERTEX;
    }
    if (!(v_len2(nrm) > 0)) return -1;
    out->u = best.t;
    out->point = v_add(p, ctr);
    out->normal = unit_finite(nrm);
    return 1;
  }
}

/* ---- end of the fast path for polytopes ------------------------------------- */

/* An end piece of a capsule against a polygon: the core's end p0 -> p1,
   a sphere of radius r. With r = 0 it is a ray, and takes the rays' rule
   (collide_sphere.c's ray_flat, as collide_sweep_sphere_triangle and
   _polygon do for r = 0): a segment within rounding of the plane is
   answered in 2D (the polygon a solid region of the plane), an end clearly
   off it gets the face normal toward p0. sweep_flat's sphere reading of a
   zero radius instead read the plane distance's rounding: an end 1e-20
   above the plane, moving in it, never entered the zero-thickness face
   prism and missed the triangle its ray hits (test_capsule_zero_radius_ray). */
static int flat_end(double r, vec3 p0, vec3 p1, const vec3 *v, int count,
                    vec3 n, vec3 origin, collide_hit *h) {
  return r == 0 ? collide__ray_flat(p0, p1, v, count, n, origin, h)
                : collide__sweep_flat(r, p0, p1, v, count, n, origin, h);
}

/* A capsule against the convex polygon v[0..count-1] (unit normal n
   following the winding, origin a point of its plane): see the top of the
   file. */
static int sweep_capsule_flat(double r, vec3 A, vec3 c0, vec3 c1, const vec3 *v,
                              int count, vec3 n, vec3 origin, collide_hit *out) {
  vec3 d = v_sub(c1, c0), q = c0, m = c0, lo = v[0], hi = v[0];
  double dd, scale;
  int i, feature = COLLIDE_FEATURE_FACE;
  collide_hit h;
  if ((i = capsule_flat_fast(r, A, c0, c1, v, count, n, origin, out)) >= 0)
    return i;
  /* quick rejections: the grown shape lies within |n.A| of the plane and
     in the polygon's box grown by |A| */
  {
    double h0 = v_dot(n, v_sub(c0, origin)), h1 = v_dot(n, v_sub(c1, origin));
    double lim;
    scale = dmax(dmax(v_maxabs(c0), v_maxabs(c1)), dmax(v_maxabs(origin), v_maxabs(A)));
    vec3 ga = v3(fabs(A.x), fabs(A.y), fabs(A.z));
    for (i = 0; i < count; i++) {
      lo = v3(dmin(lo.x, v[i].x), dmin(lo.y, v[i].y), dmin(lo.z, v[i].z));
      hi = v3(dmax(hi.x, v[i].x), dmax(hi.y, v[i].y), dmax(hi.z, v[i].z));
      scale = dmax(scale, v_maxabs(v[i]));
    }
    lim = r + fabs(v_dot(n, A)) + 64 * DBL_EPSILON * (scale + r);
    if ((h0 > lim && h1 > lim) || (h0 < -lim && h1 < -lim) ||
        !enters_box(c0, d, v_sub(lo, ga), v_add(hi, ga), r)) {
      hit_clear(out);
      return 0;
    }
  }
  /* overlapping at the start? Not when the centre is beyond r + |A| of the
     polygon's box (a cheap bound: the core is within |A| of the centre) */
  dd = 2 * r * r + 1;
  if (!far_from_box(c0, lo, hi, r + v_len(A)))
    dd = core_flat_closest(c0, A, v, count, n, origin,
                           &q, &m, &feature);
  if (dd > r * r) {
    first f;
    memset(&f, 0, sizeof f);   /* every field defined on every path */
    collide_hit hm;
    int hp;
    double u_end;
    f.u = 2;
    hp = flat_end(r, v_add(c0, A), v_add(c1, A), v, count, n, origin, &h);
    keep_end_pair(hp, &h, flat_end(r, v_sub(c0, A), v_sub(c1, A), v, count, n,
                                   origin, &hm),
                  &hm, c0, d, A, &f);
    u_end = f.u;
    for (i = 0; i < count && f.u > 0; i++)
      edge_piece(r, c0, d, A, v[i], v[(i + 1) % count], 0, &f);
    if (f.u > 1) {
      hit_clear(out);
      return 0;
    }
    if (f.u > 0) {
      /* (with r = 0 an end piece that came first is the ray's answer and
         stands whole, point and normal: the README's rule; the pair of
         core and edge at distance zero has no direction to offer it) */
      if (r == 0 && f.u == u_end) {
      } else if (f.feature == COLLIDE_FEATURE_VERTEX) {
        /* a vertex: its two edges */
        for (i = 0; i < count && !v_same(v[i], f.point); i++) {}
        if (i < count) {
          vec3 ea[2], eb[2];
          ea[0] = ea[1] = v[i];
          eb[0] = v[(i + count - 1) % count];
          eb[1] = v[(i + 1) % count];
          edge_contact(r, at(c0, d, f.u), A, d, ea, eb, 2, v, count, &f);
        }
      } else if (f.feature == COLLIDE_FEATURE_EDGE) {
        /* an edge's inside: the edge nearest the point (it is on one to
           rounding; the segment's distance, not its line's: a polygon may
           have collinear edges) */
        double bd = -1;
        int k = 0;
        for (i = 0; i < count; i++) {
          vec3 e = v_sub(v[(i + 1) % count], v[i]), w = v_sub(f.point, v[i]);
          double ee = v_len2(e), di;
          if (!(ee > 0)) continue;
          di = v_len2(v_madd(w, e, -clamp01(v_dot(w, e) / ee)));
          if (bd < 0 || di < bd) { bd = di; k = i; }
        }
        edge_contact(r, at(c0, d, f.u), A, d, &v[k], &v[(k + 1) % count], 1,
                     v, count, &f);
      }
      out->u = f.u;
      out->point = f.point;
      out->normal = f.normal;
      out->feature = f.feature;
      if (r <= 1e-6 * scale && !(r == 0 && f.u == u_end)) {
        /* a vanishing radius makes the end pieces near-ray casts made
           through collide__sweep_flat, whose sphere rules can put the
           point off the ray near a polygon's plane: the closest points of
           the core instead. (With r = 0 the end pieces are ray_flat's,
           whose point is on the ray: an end piece's answer stands, as the
           ray's; edge_piece's, when earlier, is remade here.) */
        vec3 c = at(c0, d, f.u);
        (void)core_flat_closest(c, A, v, count, n, origin,
                                &out->point, &m, &out->feature);
      }
      return 1;
    }
    /* a piece found u = 0 by rounding on its boundary: overlapping */
    dd = core_flat_closest(c0, A, v, count, n, origin,
                           &q, &m, &feature);
  }
  return flat_start(c0, A, d, v, count, n, origin, dd, q, m, feature, out);
}

int collide_sweep_capsule_triangle(double r, const collide_vec3 *axis,
                                   const collide_vec3 *c0,
                                   const collide_vec3 *c1,
                                   const collide_vec3 *a, const collide_vec3 *b,
                                   const collide_vec3 *c, collide_hit *out) {
  vec3 v[3], n;
  CHECK_RADIUS(r, 1);
  CHECK_VEC(axis, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  CHECK_VEC(a, 5);
  CHECK_VEC(b, 6);
  CHECK_VEC(c, 7);
  v[0] = *a; v[1] = *b; v[2] = *c;
  if (!triangle_normal(v, &n))
    return COLLIDE_FAIL(5, COLLIDE_E_DEGENERATE_TRIANGLE);
  if (v_zero(*axis)) return collide_sweep_sphere_triangle(r, c0, c1, a, b, c, out);
  return sweep_capsule_flat(r, *axis, *c0, *c1, v, 3, n, v[0], out);
}

int collide_sweep_capsule_polygon(double r, const collide_vec3 *axis,
                                  const collide_vec3 *c0, const collide_vec3 *c1,
                                  const collide_polygon *polygon,
                                  collide_hit *out) {
  int e;
  CHECK_RADIUS(r, 1);
  CHECK_VEC(axis, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  if ((e = check_polygon(polygon, 5)) != 0) return e;
  if (v_zero(*axis)) return collide_sweep_sphere_polygon(r, c0, c1, polygon, out);
  return sweep_capsule_flat(r, *axis, *c0, *c1, polygon->vertices,
                            polygon->count, polygon->plane.normal,
                            polygon_origin(polygon), out);
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

/* ---- box ------------------------------------------------------------------- */

/* The feature of a box point lying on the boundary on the axes bound[i]:
   the dimension of the face it is on, counting only axes with extent (as
   collide_sphere.c's box_feature: a flat box's sides are edges). */
static int box_feature(vec3 e, const int bound[3]) {
  int i, dims = 0;
  for (i = 0; i < 3; i++)
    if (!bound[i] && v_get(e, i) > 0) dims++;
  return dims == 2 ? COLLIDE_FEATURE_FACE
       : (dims == 1 ? COLLIDE_FEATURE_EDGE : COLLIDE_FEATURE_VERTEX);
}

/* The closest points of the core m0 = cm - A .. m1 = cm + A and the box
   rel +- e (box frame; seg_seg's core, direction 2 A):
   returns the squared distance, the box's point *q (with its feature), the
   core's *m. A core meeting the box (slab clipping, Ericson 5.3.3) gives a
   point of the core inside it; otherwise an end of the core or one of the
   twelve edges is in the closest pair (as for polygons). */
static double core_box_closest(vec3 cm, vec3 A, vec3 e, vec3 *q, vec3 *m,
                               int *feature) {
  vec3 m0 = v_sub(cm, A), m1 = v_add(cm, A), d = v_sub(m1, m0), x, y;
  double lo = 0, hi = 1, t;
  int i, k, s1, s2, bound[3];
  for (i = 0; i < 3 && lo <= hi; i++) {
    double p = v_get(m0, i), di = v_get(d, i), ei = v_get(e, i);
    if (di == 0) {
      if (p < -ei || p > ei) lo = 2;
    } else {
      double ta = (-ei - p) / di, tb = (ei - p) / di;
      if (ta > tb) { double tt = ta; ta = tb; tb = tt; }
      if (ta > lo) lo = ta;
      if (tb < hi) hi = tb;
    }
  }
  if (lo <= hi) {
    x = at(m0, d, lo);
    for (i = 0; i < 3; i++) {   /* clamp the rounding of x into the box */
      double xi = v_get(x, i), ei = v_get(e, i);
      x = v_with(x, i, xi < -ei ? -ei : (xi > ei ? ei : xi));
      bound[i] = fabs(v_get(x, i)) == ei;
    }
    *q = *m = x;
    *feature = box_feature(e, bound);
    return 0;
  }
  /* The candidates compared by dist2_diff, as core_flat_closest's (the
     ends' difference exactly 2 A): their squared distances can be equal
     in doubles while one is truly nearer. */
  for (k = 0; k < 2; k++) {
    vec3 p = k ? m1 : m0, c;
    c = v3(fmin(fmax(p.x, -e.x), e.x), fmin(fmax(p.y, -e.y), e.y),
           fmin(fmax(p.z, -e.z), e.z));
    if (k == 0 || dist2_diff(v_scale(A, 2), p, c, *m, *q) < 0) {
      *q = c; *m = p;
      for (i = 0; i < 3; i++) bound[i] = fabs(v_get(c, i)) == v_get(e, i);
      *feature = box_feature(e, bound);
    }
  }
  for (k = 0; k < 3; k++) {
    int i1 = (k + 1) % 3, i2 = (k + 2) % 3;
    for (s1 = -1; s1 <= 1; s1 += 2)
      for (s2 = -1; s2 <= 1; s2 += 2) {
        vec3 a = v3(0, 0, 0), b;
        /* An inside point of the core is nearest an edge along x_k only
           along a direction normal to both, N = +-x_k x d, that lies in
           the edge's normal cone, the quadrant (s1 x_i1, s2 x_i2): then
           (s1 d_i1)(s2 d_i2) <= 0 (the box's silhouette seen along the
           core), and the core reaches past both faces, s1 x_i1 >= e_i1
           and s2 x_i2 >= e_i2. Elsewhere the pair has an end of the core,
           which the clamped ends above already hold. */
        if ((s1 * v_get(d, i1)) * (s2 * v_get(d, i2)) > 0 ||
            dmax(s1 * v_get(m0, i1), s1 * v_get(m1, i1)) < v_get(e, i1) ||
            dmax(s2 * v_get(m0, i2), s2 * v_get(m1, i2)) < v_get(e, i2))
          continue;
        a = v_with(a, i1, s1 * v_get(e, i1));
        a = v_with(a, i2, s2 * v_get(e, i2));
        b = v_with(a, k, v_get(e, k));
        a = v_with(a, k, -v_get(e, k));
        (void)seg_seg(cm, A, a, b, &y, &x, &t);
        if (dist2_diff(v_sub(y, *m), y, x, *m, *q) < 0) {
          *q = x; *m = y;
          for (i = 0; i < 3; i++) bound[i] = fabs(v_get(x, i)) == v_get(e, i);
          *feature = box_feature(e, bound);
        }
      }
  }
  return v_len2(v_sub(*m, *q));
}

/* push for a centre c (box frame) inside the box e grown by S: the box's
   face normals and, per edge direction x_k, x_k x A; in the plane of a 2D
   game (a flat axis j: e_j = 0, c, d and A in its plane) only the
   directions without a j part. Depth along w: sum e_i |w_i| + |w.A| - w.c. */
static push box_push(vec3 c, vec3 A, vec3 d, vec3 e, int flat) {
  /* (the candidates' depths and motions in arrays, the best one picked by
     push_try's rule and only then built: indexing a vec3 by a variable
     goes through memory, and GCC's copies of a vector written piecewise
     stall on store forwarding) */
  const double ca[3] = { c.x, c.y, c.z }, aa[3] = { A.x, A.y, A.z };
  const double da[3] = { d.x, d.y, d.z }, ea[3] = { e.x, e.y, e.z };
  double depth[12], along[12];
  int ok[12], k, best = -1, bound[3];
  vec3 side[3];
  push p;
  /* x_k x A, whose components are A's, swapped and negated (exact), made
     unit (A's components, finite: unit_finite) */
  side[0] = v3(0, -A.z, A.y);
  side[1] = v3(A.z, 0, -A.x);
  side[2] = v3(-A.y, A.x, 0);
  /* (each direction w and its opposite, 2 j and 2 j + 1: h, |w.A| and the
     bound axes are the same, w.c and w.d change sign exactly; a face
     normal's dot products are its components, exactly) */
  for (k = 0; k < 3; k++) {
    double base = ea[k] + fabs(aa[k]);
    int j = k + k;
    ok[j] = ok[j + 1] = flat != k;
    depth[j] = base - ca[k];     along[j] = da[k];
    depth[j + 1] = base + ca[k]; along[j + 1] = -da[k];
  }
  for (k = 0; k < 3; k++) {
    vec3 w = side[k];
    double base, wc, wd;
    int j = 6 + 2 * k;
    ok[j] = ok[j + 1] = 0;
    if (v_zero(w)) continue;
    w = side[k] = unit_finite(w);
    if ((flat == 0 && w.x != 0) || (flat == 1 && w.y != 0) || (flat == 2 && w.z != 0))
      continue;
    base = ea[0] * fabs(w.x) + ea[1] * fabs(w.y) + ea[2] * fabs(w.z) + fabs(v_dot(w, A));
    wc = v_dot(w, c);
    wd = v_dot(w, d);
    ok[j] = ok[j + 1] = 1;
    depth[j] = base - wc;     along[j] = wd;
    depth[j + 1] = base + wc; along[j + 1] = -wd;
  }
  /* push_try's order and rule: the least depth, ties to the smaller w.d,
     then to the first */
  for (k = 0; k < 12; k++)
    if (ok[k] && (best < 0 || depth[k] < depth[best] ||
                  (depth[k] == depth[best] && along[k] < along[best])))
      best = k;
  p.any = best >= 0;
  if (best < 0) {
    p.depth = p.along = 0;
    p.w = v3(1, 0, 0);
    p.feature = COLLIDE_FEATURE_FACE;
    return p;
  }
  k = best / 2;
  bound[0] = bound[1] = bound[2] = 0;
  if (best < 6) {
    static const vec3 axes[3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
    p.w = axes[k];
    bound[k] = 1;
  } else {
    p.w = side[k - 3];
    bound[(k - 2) % 3] = 1;
    bound[(k - 1) % 3] = 1;
  }
  if (best % 2) p.w = v_neg(p.w);
  p.depth = depth[best];
  p.along = along[best];
  p.feature = box_feature(e, bound);
  return p;
}

/* The flat axis of a 2D game against a flat box, or -1. */
static int box_plane2d(vec3 rel, vec3 d, vec3 A, vec3 e) {
  int j;
  for (j = 0; j < 3; j++)
    if (v_get(e, j) == 0 && v_get(rel, j) == 0 && v_get(d, j) == 0 &&
        v_get(A, j) == 0)
      return j;
  return -1;
}

/* An axis along a box axis k (the other two components zero): the grown box
   is the box with e_k + |A_k|, one sphere sweep. Its contact point p maps
   back to the box by clamping the k coordinate (the core covers
   c_k +- |A_k|, so the clamped point is a point of the contact); it is a
   single point on k only when p lies on the grown box's k face. */
static int sweep_capsule_box_aligned(double r, vec3 A, int k, vec3 c0, vec3 c1,
                                     vec3 ctr, vec3 e, collide_hit *out) {
  vec3 g = v_with(e, k, v_get(e, k) + fabs(v_get(A, k))), p, c;
  collide_hit h;
  int i, bound[3];
  if (collide__sweep_aabb(r, &c0, &c1, &ctr, &g, &h) != 1) {
    hit_clear(out);
    return 0;
  }
  p = v_sub(h.point, ctr);
  c = v_sub(at(c0, v_sub(c1, c0), h.u), ctr);
  for (i = 0; i < 3; i++) {
    double pi = v_get(p, i), ei = v_get(e, i);
    bound[i] = fabs(pi) >= v_get(g, i);
    if (i == k) p = v_with(p, i, pi < -ei ? -ei : (pi > ei ? ei : pi));
  }
  if (h.u == 0 && fabs(c.x) <= g.x && fabs(c.y) <= g.y && fabs(c.z) <= g.z) {
    /* the core meets the box: its point there, inside both */
    double ck = v_get(c, k), ek = v_get(e, k);
    p = v_with(c, k, ck < -ek ? -ek : (ck > ek ? ek : ck));
  }
  out->u = h.u;
  out->point = v_add(p, ctr);
  out->normal = h.normal;
  out->feature = box_feature(e, bound);
  return 1;
}

/* The answer of a capsule overlapping the box at the start (box frame,
   centre ctr): the closest points q (the box's, with its feature) and m
   (the core's), dd their squared distance; the normal from q toward m when
   they are apart, else the shortest way out (box_push). */
static int box_start(vec3 rel, vec3 A, vec3 d, vec3 e, vec3 ctr, double dd,
                     vec3 q, vec3 m, int feature, collide_hit *out) {
  vec3 normal;
  double dist = sqrt(dd);
  if (dist > dmax(noise(m, q), noise(rel, A))) {
    normal = unit_finite(v_sub(m, q));
  } else {
    push p = box_push(rel, A, d, e, box_plane2d(rel, d, A, e));
    normal = p.w;
    feature = p.feature;
  }
  out->u = 0;
  out->point = v_add(q, ctr);
  out->normal = normal;
  out->feature = feature;
  return 1;
}

int collide_sweep_capsule_aabb(double r, const collide_vec3 *axis,
                               const collide_vec3 *c0, const collide_vec3 *c1,
                               const collide_vec3 *center,
                               const collide_vec3 *extents, collide_hit *out) {
  vec3 A, e, rel, d, q, m, ga;
  double dd, u_end;
  int feature = COLLIDE_FEATURE_FACE, k, sa, sb, zeros;
  collide_hit h;
  /* (the arguments' magnitudes summed in one pass, collide_prims.h; one
     by one, to name the bad one, only past the limit) */
  double S = mag_total(mag_add2(mag_add2(mag_add(mag_start(r), axis), c0, c1),
                                center, extents));
  if (!((S <= COLLIDE_MAX_COORD) && (r >= 0) && (extents->x >= 0) &&
        (extents->y >= 0) && (extents->z >= 0))) {
    CHECK_RADIUS(r, 1);
    CHECK_VEC(axis, 2);
    CHECK_VEC(c0, 3);
    CHECK_VEC(c1, 4);
    CHECK_VEC(center, 5);
    CHECK_EXTENTS(extents, 6);
  }
  if (v_zero(*axis)) return collide_sweep_sphere_aabb(r, c0, c1, center, extents, out);
  A = *axis;
  e = *extents;
  /* the quick rejection (most misses): the centre never enters the box of
     the core's reach, e + |A|, grown by r */
  ga = v3(fabs(A.x), fabs(A.y), fabs(A.z));
  if (!meets_box(v_sub(*c0, *center), v_sub(*c1, *c0), v_neg(v_add(e, ga)),
                 v_add(e, ga), r, S)) {
    hit_clear(out);
    return 0;
  }
  zeros = (A.x == 0) + (A.y == 0) + (A.z == 0);
  if (zeros == 2) {
    k = A.x != 0 ? 0 : (A.y != 0 ? 1 : 2);
    return sweep_capsule_box_aligned(r, A, k, *c0, *c1, *center, e, out);
  }
  if ((k = capsule_box_fast(r, A, *c0, *c1, *center, e, out)) >= 0) return k;
  /* in the box's frame */
  rel = v_sub(*c0, *center);
  d = v_sub(*c1, *c0);
  q = m = rel;
  dd = 2 * r * r + 1;
  if (!far_from_box(rel, v_neg(e), e, r + v_len(A)))
    dd = core_box_closest(rel, A, e, &q, &m, &feature);
  if (dd > r * r) {
    vec3 zero = v3(0, 0, 0), r1 = v_add(rel, d), s0, s1;
    first f;
    memset(&f, 0, sizeof f);   /* every field defined on every path */
    f.u = 2;
    collide_hit hm;
    int hp;
    s0 = v_add(rel, A); s1 = v_add(r1, A);
    hp = collide__sweep_aabb(r, &s0, &s1, &zero, &e, &h);
    s0 = v_sub(rel, A); s1 = v_sub(r1, A);
    keep_end_pair(hp, &h, collide__sweep_aabb(r, &s0, &s1, &zero, &e, &hm), &hm,
                  rel, d, A, &f);
    u_end = f.u;
    /* the edges along x_k between the faces sa x_i1 and sb x_i2: only where
       a direction normal to A lies between the two faces' normals can the
       core's inside touch the edge's inside, (sa A_i1)(sb A_i2) <= 0 (the
       silhouette of the box seen along A); a vertex whose normal cone holds
       such a direction is on such an edge, so its lateral piece is kept */
    for (k = 0; k < 3 && f.u > 0; k++) {
      int i1 = (k + 1) % 3, i2 = (k + 2) % 3;
      for (sa = -1; sa <= 1; sa += 2)
        for (sb = -1; sb <= 1; sb += 2) {
          vec3 a = v3(0, 0, 0), b;
          if ((sa * v_get(A, i1)) * (sb * v_get(A, i2)) > 0) continue;
          a = v_with(a, i1, sa * v_get(e, i1));
          a = v_with(a, i2, sb * v_get(e, i2));
          b = v_with(a, k, v_get(e, k));
          a = v_with(a, k, -v_get(e, k));
          edge_piece(r, rel, d, A, a, b, 1, &f);
        }
    }
    if (f.u > 1) {
      hit_clear(out);
      return 0;
    }
    if (f.u > 0) {
      /* (with r = 0 an end piece that came first is the ray's answer,
         ray_aabb's, and stands whole, as against a polygon) */
      if (!(r == 0 && f.u == u_end)) {
        /* on the box's edges: at a corner (every coordinate at its bound)
           the edges to the corners one coordinate flipped (along axes with
           extent); on an edge's inside (two at their bounds) that edge */
        vec3 ea[3], eb[3], p = f.point, corners[8];
        int j = 0, free = -1, nb = 0;
        for (k = 0; k < 3; k++) {
          if (fabs(v_get(p, k)) == v_get(e, k)) nb++;
          else free = k;
        }
        if (nb == 3) {
          for (k = 0; k < 3; k++)
            if (v_get(e, k) > 0) {
              ea[j] = p;
              eb[j++] = v_with(p, k, -v_get(p, k));
            }
        } else if (nb == 2) {
          ea[0] = v_with(p, free, -v_get(e, free));
          eb[0] = v_with(p, free, v_get(e, free));
          j = 1;
        }
        /* a box of zero extents is a point, with no edge to name: at
           r = 0 the point as an edge of zero length, so that zero_normal
           gives a point's answer (the reverse of the motion across the
           core's line when its inside meets the point, else -d), not the
           lateral piece's direction from rounding -- the rule of a
           segment of zero length (sweep_grown_segment); with r > 0 the
           pieces' normal stands */
        if (j == 0 && r == 0) {
          ea[0] = eb[0] = p;
          j = 1;
        }
        for (k = 0; k < 8 && r == 0; k++) corners[k] = box_corner(e, k);
        if (j > 0)
          edge_contact(r, at(rel, d, f.u), A, d, ea, eb, j, corners, r == 0 ? 8 : 0, &f);
      }
      out->u = f.u;
      out->point = v_add(f.point, *center);
      out->normal = f.normal;
      out->feature = f.feature;
      return 1;
    }
    dd = core_box_closest(rel, A, e, &q, &m, &feature);
  }
  return box_start(rel, A, d, e, *center, dd, q, m, feature, out);
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
