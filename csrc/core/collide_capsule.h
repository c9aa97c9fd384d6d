/*
 * collide_capsule.h -- the pieces the capsule family's files share
 * (collide_capsule.c: sphere, plane, segment and capsule obstacles;
 * collide_capsule_flat.c: triangles and polygons; collide_capsule_box.c:
 * boxes): closest points of the core and a segment, the contact rules of
 * the core's pieces, the flat pieces of a grown obstacle and the
 * Cyrus-Beck pieces of the polytope fast path. Inline, as they were when
 * the family was one file: the fast paths call them in their inner loops.
 * The family sits on the sphere kernels (collide_sphere.h) and the
 * primitives (collide_prims.h); see collide_capsule.c for the method.
 * Not installed, not part of the API.
 */
#ifndef COLLIDE_CAPSULE_H
#define COLLIDE_CAPSULE_H

#include "collide_sphere.h"

/* ---- small helpers --------------------------------------------------------- */

/* A length below which a difference of points of magnitude about |a|, |b|
   is rounding noise (the measure collide_sphere.c uses). */
COLLIDE_SHARED COLLIDE_NOINLINE_FN double noise(vec3 a, vec3 b) {
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
COLLIDE_SHARED COLLIDE_NOINLINE_FN int thin_sum(vec3 a, vec3 b, vec3 A, double scale) {
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
COLLIDE_SHARED vec3 at(vec3 c0, vec3 d, double u) {
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
COLLIDE_SHARED COLLIDE_NOINLINE_FN double seg_seg(vec3 cm, vec3 A, vec3 p2, vec3 q2, vec3 *x1, vec3 *x2,
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
COLLIDE_SHARED double dist2_diff(vec3 dx, vec3 xi, vec3 qi, vec3 xj, vec3 qj) {
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
COLLIDE_SHARED COLLIDE_NOINLINE_FN int pair_normal(vec3 m0, vec3 m1, vec3 A, vec3 a, vec3 b, vec3 x,
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
COLLIDE_SHARED COLLIDE_NOINLINE_FN vec3 zero_normal(vec3 c, vec3 A, vec3 d, vec3 x, vec3 q, double t,
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
COLLIDE_SHARED void keep_first(int hit, const collide_hit *h, first *f) {
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
COLLIDE_SHARED COLLIDE_NOINLINE_FN void edge_contact(double r, vec3 c, vec3 A, vec3 d, const vec3 *ea,
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
COLLIDE_SHARED COLLIDE_NOINLINE_FN void keep_end_pair(int hp, const collide_hit *p, int hm,
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

COLLIDE_SHARED void push_try(push *p, vec3 w, double depth, double along, int feature) {
  if (!p->any || depth < p->depth || (depth == p->depth && along < p->along)) {
    p->any = 1;
    p->depth = depth;
    p->along = along;
    p->w = w;
    p->feature = feature;
  }
}


/* |a|, also where |a|^2 would underflow (coordinates near 1e-160). */
COLLIDE_SHARED COLLIDE_NOINLINE_FN double len_safe(vec3 a) {
  double l2 = v_len2(a), m;
  if (l2 > 1e-280) return sqrt(l2);
  m = v_maxabs(a);   /* (divided: 1 / m overflows for a subnormal m) */
  return m > 0 ? m * v_len(v3(a.x / m, a.y / m, a.z / m)) : 0;
}

/* a / |a| given l = |a| > 0: divided (an axis-aligned a gives exactly
   +-1), or through v_normalize when the squares underflowed. */
COLLIDE_SHARED vec3 unit_of(vec3 a, double l) {
  return l > 1e-140 ? v3(a.x / l, a.y / l, a.z / l) : v_normalize(a);
}

/* Keeps the times in [*lo, *hi] where p + q t <= 0 (Cyrus-Beck); *which
   becomes `me` when this constraint is the one entered last. */
COLLIDE_SHARED void cb_clip(double *lo, double *hi, double p, double q, int me,
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
COLLIDE_SHARED COLLIDE_NOINLINE_FN push flat_push(vec3 c, vec3 A, vec3 d, const vec3 *v, int count, vec3 n,
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

/* Is the centre's motion a 2D game's in the plane (n, origin), with the
   axis in it too? */
COLLIDE_SHARED COLLIDE_NOINLINE_FN int in_plane(vec3 c0, vec3 d, vec3 A, vec3 n, vec3 origin) {
  return fabs(v_dot(n, v_sub(c0, origin))) <= noise(c0, origin) &&
         fabs(v_dot(n, d)) <= noise(c0, v_add(c0, d)) &&
         fabs(v_dot(n, A)) <= noise(A, A);
}

/* The quick rejection by slabs (meets_box of collide_prims.h without
   divisions): the centre never enters the box lo..hi grown by r (and by
   1e-9 of the scale, so rounding never rejects a contact). */
COLLIDE_SHARED int enters_box(vec3 c0, vec3 d, vec3 lo, vec3 hi, double r);

/* The time the centre enters the box lo..hi grown by r and padded as
   enters_box's, or 2 when it never does in [0, 1]: a lower bound of the
   first contact of any piece inside that box (the padding covers the
   rounding of these divisions). */
COLLIDE_SHARED COLLIDE_NOINLINE_FN double box_entry(vec3 c0, vec3 d, vec3 lo, vec3 hi, double r) {
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
COLLIDE_SHARED int enters_box(vec3 c0, vec3 d, vec3 lo, vec3 hi, double r) {
  return box_entry(c0, d, lo, hi, r) <= 1;
}

/* 1 when c is farther than s from the box lo..hi on some axis, with a
   margin for rounding (then it is farther than s from anything inside). */
COLLIDE_SHARED COLLIDE_NOINLINE_FN int far_from_box(vec3 c, vec3 lo, vec3 hi, double s) {
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
COLLIDE_SHARED COLLIDE_NOINLINE_FN void edge_piece(double r, vec3 c0, vec3 d, vec3 A, vec3 a, vec3 b,
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

#define FAST_MAXV 16   /* polygons with more vertices take the general path */

/* max and largest |component| for the scales and boxes of the fast path,
   whose inputs are finite (checked): plain comparisons, which compile to
   one instruction each (dmax's NaN rule costs a branch) */
COLLIDE_SHARED double fmax2(double a, double b) { return a > b ? a : b; }
COLLIDE_SHARED double fmin2(double a, double b) { return a < b ? a : b; }
COLLIDE_SHARED double vmax_abs(vec3 v) {
  return fmax2(fabs(v.x), fmax2(fabs(v.y), fabs(v.z)));
}




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

COLLIDE_SHARED void cb_start(cb_span *s) {
  s->ln = 0;
  s->ld = s->hn = s->hd = 1;
  s->which = -1;
}

/* Clips by planes [from, to), padded (pushed out by their pads) or not:
   1 when the interval is left empty. */
COLLIDE_SHARED int cb_add(cb_span *s, const cb_plane *pl, int from, int to, int padded) {
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
COLLIDE_SHARED int cb_times(const cb_plane *pl, int n, double *t, double *hi,
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
COLLIDE_SHARED COLLIDE_NOINLINE_FN double ball_time_rr(double lo, double hi, vec3 w, vec3 z, double rr) {
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

COLLIDE_SHARED double ball_time(double lo, double hi, vec3 w, vec3 z, double r) {
  return ball_time_rr(lo, hi, w, z, r * r);
}

/* The first time in [lo, hi] the centre is within r of the segment a-b
   with its projection between a and b (the cylinder; the balls at the
   ends are pieces of their own), or 2. */
COLLIDE_SHARED COLLIDE_NOINLINE_FN double cyl_time(double lo, double hi, vec3 c0, vec3 d, vec3 a, vec3 b,
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

COLLIDE_SHARED void rim_cyl(rim *b, double lo, double hi, vec3 c0, vec3 d, vec3 p,
                           vec3 q, double r, int kind, int index) {
  double t = cyl_time(lo, hi < b->t ? hi : b->t, c0, d, p, q, r);
  if (t < b->t) { b->t = t; b->kind = kind; b->index = index; }
}

COLLIDE_SHARED void rim_ball(rim *b, double lo, double hi, vec3 c0, vec3 d, vec3 p,
                            double r, int kind, int index) {
  double t = ball_time(lo, hi < b->t ? hi : b->t, v_sub(c0, p), d, r);
  if (t < b->t) { b->t = t; b->kind = kind; b->index = index; }
}

#endif
