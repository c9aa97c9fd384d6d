/*
 * collide_capsule_box.c -- a moving capsule against an axis-aligned box: the box grown
 * by the core (a box when the axis lies along an axis of the box, else a
 * zonotope), solved by the fast path (Cyrus-Beck on the zonotope) or piece
 * by piece. The method of every capsule sweep is in collide_capsule.c.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "collide_capsule.h"

static double core_box_closest(vec3 cm, vec3 A, vec3 e, vec3 *q, vec3 *m,
                               int *feature);
static int box_feature(vec3 e, const int bound[3]);
static int box_start(vec3 rel, vec3 A, vec3 d, vec3 e, vec3 ctr, double dd,
                     vec3 q, vec3 m, int feature, collide_hit *out);

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
static COLLIDE_NOINLINE_FN int zn_holds(int kind, int index, vec3 y, vec3 A, vec3 e, double r,
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

/* The capsule's path against the box's zonotope Z = X (+) S, in the box's
   frame, as the pieces of the fast path below share it: the centre
   rel + d u, the core's half-axis A, the box's half-extents e, the radius
   r, the pad of the planes, and the interval [t, hi] of the path inside
   the twelve planes. */
typedef struct zpath {
  vec3 rel, d, A, e;
  double r, pad, t, hi;
} zpath;

/* The overlap at the start, decided before the planes: 1 with *answer set
   (box_start's) when the core is within r of the box at u = 0, else 0. */
static int zono_start(vec3 rel, vec3 A, vec3 d, vec3 e, vec3 ctr, double r,
                      double pad, int *answer, collide_hit *out) {
  if (fabs(rel.x) <= e.x + fabs(A.x) + r + pad && fabs(rel.y) <= e.y + fabs(A.y) + r + pad &&
      fabs(rel.z) <= e.z + fabs(A.z) + r + pad) {
    /* The centre within the zonotope's box grown by r (and the pad) at the
       start, as it is when the capsule overlaps the box (Z (+) ball(r) lies
       in that box): the core's distance to the box decides the overlap
       first, before the planes. */
    znear zn;
    vec3 iA = zn_inverse(A);
    zono_near(rel, A, iA, e, &zn);
    if (zn.dd <= r * r) {
      int bound[3], i;
      for (i = 0; i < 3; i++) bound[i] = fabs(v_get(zn.q, i)) == v_get(e, i);
      *answer = box_start(rel, A, d, e, ctr, zn.dd, zn.q, zn.m,
                          box_feature(e, bound), out);
      return 1;
    }
  }
  return 0;
}

/* The twelve planes of Z grown by r, as Cyrus-Beck planes of the path
   (pl[0..5] the faces +-x_i, pl[6..11] the sides +-N_i, N_i = x_i x A),
   their normals' lengths in norm. */
static void zono_planes(vec3 rel, vec3 d, vec3 A, vec3 e, double r,
                        double pad, cb_plane pl[12], vec3 N[3],
                        double norm[12]) {
  int i;
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
}

/* The walk: the rim feature of Z nearest the entry point x first (the
   grown body's nearest piece there); its piece's first contact y is the
   body's first contact when y lies in the feature's Voronoi region
   (zn_holds): y is then on the body's boundary, and the motion enters the
   piece, a convex part of the convex body, at y -- a line meets a convex
   body's boundary where it enters and where it leaves, so that is where it
   enters the body. Otherwise the feature nearest y next, three steps at
   most; 1 with *best when one holds, else 0, and rim_enumerate answers
   what the walk leaves (a miss, or a contact on a feature it did not
   reach). */
static int rim_walk(const zpath *z, vec3 x, rim *best) {
  vec3 rel = z->rel, d = z->d, A = z->A, e = z->e, iA;
  double r = z->r, t = z->t, hi = z->hi;
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
    /* (the pieces as rim_enumerate names them: kind 0 the box edge along
       x_k through the corner s shifted by sigma A, 1 the ball at the
       corner V + sigma A, 2 the side edge V (+) S) */
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
      *best = piece;
      return 1;
    }
  }
  return 0;
}

/* Where the path is relative to each end box X + sigma A (gi = 0: sigma =
   -1, gi = 1: sigma = 1), per axis i. sp[gi][i][0..2]: the times below, in,
   above the end box on axis i. An end edge or corner of the zonotope is an
   edge or corner of its end box, and the zonotope's normal cone there lies
   in the end box's (Z holds X + sigma A), so a contact whose nearest point
   of Z is on that edge or corner lies in the end box's Voronoi region of
   it: each piece is solved only where the path passes through that region
   during [t, best) (the pieces are the points within r of subsets of Z,
   so any extra time a padded region lets through is still a contact,
   never a false one). m[gi][i]: bit j set when span j meets [t, hi], a
   first sieve (the pieces are then checked against [t, best) too). */
typedef struct end_regions {
  vspan sp[2][3][3];
  int m[2][3];
} end_regions;

static void rim_regions(const zpath *z, end_regions *g) {
  vec3 rel = z->rel, d = z->d, A = z->A, e = z->e;
  double pad = z->pad;
  int gi, i;
  /* (the masks from the path's ends over [t, hi], each coordinate
     moving monotonically: a state is visited when it holds the lower end,
     the upper one, or lies between -- with the spans' pads) */
  vec3 y0 = v_madd(rel, d, z->t), y1 = v_madd(rel, d, z->hi);
  for (gi = 0; gi < 2; gi++)
    for (i = 0; i < 3; i++) {
      double sa = gi ? v_get(A, i) : -v_get(A, i), ei = v_get(e, i);
      double a = v_get(y0, i) - sa, b = v_get(y1, i) - sa;
      double lo = fmin2(a, b), up = fmax2(a, b);
      /* (coarser than the spans by the rounding of y0, y1: 2 pads) */
      g->m[gi][i] = (lo <= -ei + 2 * pad) | ((up >= -ei - 2 * pad && lo <= ei + 2 * pad) << 1) |
                    ((up >= ei - 2 * pad) << 2);
      axis_spans(v_get(rel, i) - sa, v_get(d, i), ei, pad, &g->sp[gi][i][0],
                 &g->sp[gi][i][1], &g->sp[gi][i][2]);
    }
}

/* The box edges shifted by sigma A: one copy where the two box faces
   beside the edge shift alike (sigma_1 = sigma_2: between those faces),
   two where they differ (each between its box face and the side along the
   edge, whose normal has the signs of the two faces: the edge is on the
   box's silhouette seen along A). back[f]: plane f turned away from the
   motion. */
static void rim_box_edges(const zpath *z, const vec3 N[3], const int back[12],
                          const end_regions *g, rim *best) {
  vec3 rel = z->rel, d = z->d, A = z->A, e = z->e;
  double r = z->r, t = z->t, hi = z->hi;
  int k, s;
  for (k = 0; k < 3; k++) {
    int j1 = (k + 1) % 3, j2 = (k + 2) % 3;
    for (s = 0; s < 8; s++) {
      /* the edge along x_k through the corner s (with its k bit clear) */
      int n1 = (s >> j1) & 1, n2 = (s >> j2) & 1, b1, b2, lat, cp1, cp2;
      int o1 = n1 ? 1 : 4, o2 = n2 ? 1 : 4;
      double a1, a2, g1, g2;
      vec3 p0, p1;
      if ((s >> k) & 1) continue;
      if (!((g->m[0][k] & 2) && (g->m[0][j1] & o1) && (g->m[0][j2] & o2)) &&
          !((g->m[1][k] & 2) && (g->m[1][j1] & o1) && (g->m[1][j2] & o2)))
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
      if (cp1 && !spans_meet(g->sp[g1 > 0][k][1], g->sp[g1 > 0][j1][n1 ? 0 : 2],
                             g->sp[g1 > 0][j2][n2 ? 0 : 2], t, fmin2(hi, best->t)))
        cp1 = 0;
      if (cp2 && !spans_meet(g->sp[g2 > 0][k][1], g->sp[g2 > 0][j1][n1 ? 0 : 2],
                             g->sp[g2 > 0][j2][n2 ? 0 : 2], t, fmin2(hi, best->t)))
        cp2 = 0;
      if (!cp1 && !cp2) continue;
      p1 = box_corner(e, s);
      p0 = box_corner(e, s | (1 << k));
      if (cp1)
        rim_cyl(best, t, hi, rel, d, v_madd(p0, A, g1), v_madd(p1, A, g1),
                r, 0, (k * 8 + s) * 2 + (g1 > 0));
      if (cp2)
        rim_cyl(best, t, hi, rel, d, v_madd(p0, A, g2), v_madd(p1, A, g2),
                r, 0, (k * 8 + s) * 2 + (g2 > 0));
    }
  }
}

/* The zonotope's vertices: the box corners V shifted by +-A (a ball wholly
   inside the zonotope is a harmless extra piece). */
static void rim_corner_balls(const zpath *z, const int back[12],
                             const end_regions *g, rim *best) {
  vec3 rel = z->rel, d = z->d, A = z->A, e = z->e;
  double r = z->r, t = z->t, hi = z->hi;
  int s;
  for (s = 0; s < 8; s++) {
    int bx = back[0 + (s & 1)], by = back[2 + ((s >> 1) & 1)], bz = back[4 + ((s >> 2) & 1)];
    /* the corner's signs against A's: all alike or all opposite, the
       corner is extreme along A, and only one of V +- A is a vertex */
    int sx = (s & 1) ? -1 : 1, sy = (s & 2) ? -1 : 1, sz = (s & 4) ? -1 : 1;
    int al = (sx * A.x > 0) + (sy * A.y > 0) + (sz * A.z > 0);
    int ix = s & 1 ? 0 : 2, iy = s & 2 ? 0 : 2, iz = s & 4 ? 0 : 2;
    vec3 V;
    if (!((g->m[0][0] >> ix) & (g->m[0][1] >> iy) & (g->m[0][2] >> iz) & 1) &&
        !((g->m[1][0] >> ix) & (g->m[1][1] >> iy) & (g->m[1][2] >> iz) & 1))
      continue;
    if (bx && by && bz) continue;
    V = box_corner(e, s);
    if (al != 0 && spans_meet(g->sp[1][0][ix], g->sp[1][1][iy], g->sp[1][2][iz], t,
                              fmin2(hi, best->t)))
      rim_ball(best, t, hi, rel, d, v_add(V, A), r, 1, s * 2 + 1);
    if (al != 3 && spans_meet(g->sp[0][0][ix], g->sp[0][1][iy], g->sp[0][2][iz], t,
                              fmin2(hi, best->t)))
      rim_ball(best, t, hi, rel, d, v_sub(V, A), r, 1, s * 2);
  }
}

/* The side edges V (+) S (the box corners swept by the core, between
   sides, whose normals lie in V's octant), screened first by the distance
   of their lines from the motion's line, as for the polygon. A contact
   whose nearest point of Z is p = V + s A on one (|s| <= 1) has q - p in
   Z's normal cone at p, which lies in that of X + s A there (Z holds it):
   V's octant, so sgn_i (q_i - V_i - s A_i) >= 0 and
   sgn_i q_i >= e_i - |A_i| on every axis -- a sieve from the path's ends
   over [t, best) (2 pads for their rounding), before the chord's box and
   the line's distance. */
static void rim_side_edges(const zpath *z, const int back[12], rim *best) {
  vec3 rel = z->rel, d = z->d, A = z->A, e = z->e;
  double r = z->r, t = z->t, hi = z->hi, pad = z->pad;
  vec3 dA = v_cross(d, A);
  double rr = (1 + 1e-9) * r * r, lim_a = rr * v_len2(dA);
  double rdA = v_dot(rel, dA);
  vec3 ya = v_madd(rel, d, t), yb = v_madd(rel, d, fmin2(hi, best->t));
  vec3 ylo = v3(fmin2(ya.x, yb.x), fmin2(ya.y, yb.y), fmin2(ya.z, yb.z));
  vec3 yup = v3(fmax2(ya.x, yb.x), fmax2(ya.y, yb.y), fmax2(ya.z, yb.z));
  vec3 lb = v3(e.x - fabs(A.x) - 2 * pad, e.y - fabs(A.y) - 2 * pad,
               e.z - fabs(A.z) - 2 * pad);
  double g_pad = r + pad;
  chord_box cb;
  int s;
  chord_set(&cb, rel, d, t, fmin2(hi, best->t), g_pad);
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
    box_rim_cyl(best, &cb, t, hi, rel, d, v_sub(V, A), v_add(V, A), r, g_pad, 2, s);
  }
}

/* Beyond the rim (as for the polygon): the rounded edges and vertices of
   the zonotope that have a face with w.d <= 0, the earliest into *best.
   Its edges are the box edges shifted by sigma A (rim_box_edges) and the
   box corners V swept by S (rim_side_edges); its vertices are the corners
   shifted by +-A (rim_corner_balls). Kinds: 0 the edge (index: k, the
   corner, sigma), 1 the ball V + sigma A, 2 the side edge V (+) S. */
static void rim_enumerate(const zpath *z, const cb_plane pl[12],
                          const vec3 N[3], rim *best) {
  end_regions g;
  int i, back[12];
  for (i = 0; i < 12; i++) back[i] = pl[i].q > 0;
  rim_regions(z, &g);
  rim_box_edges(z, N, back, &g, best);
  rim_corner_balls(z, back, &g, best);
  rim_side_edges(z, back, best);
}

/* The answer from the rim piece met first: the point on the box, the
   feature, the normal from the core's nearest point. -1 when it is
   touching at the start by rounding, or the normal vanishes (the general
   path then). */
static int rim_answer(const zpath *z, vec3 ctr, rim best, collide_hit *out) {
  vec3 A = z->A, e = z->e;
  if (best.t == 0) return -1;   /* touching at the start, by rounding */
  {
    vec3 c = v_madd(z->rel, z->d, best.t), nrm, p;
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

/* The capsule (radius r, half-axis A, centre c0 -> c1) against the box
   ctr +- e by Cyrus-Beck on the zonotope: 1 or 0 with *out, or -1 for the
   general path (see "the fast path for polytopes" in collide_capsule.h).
   In order: the overlap at the start (zono_start); the twelve planes
   (zono_planes), whose miss is a miss; the face entered last when the
   entry point lies over it; else the rim, walked from the entry point
   (rim_walk) or enumerated (rim_enumerate), named by rim_answer. */
static int capsule_box_fast(double r, vec3 A, vec3 c0, vec3 c1, vec3 ctr,
                            vec3 e, collide_hit *out) {
  cb_plane pl[12];
  vec3 rel = v_sub(c0, ctr), d = v_sub(c1, c0), x, N[3];
  double scale = fmax2(fmax2(vmax_abs(c0), vmax_abs(c1)),
                      fmax2(vmax_abs(ctr), fmax2(vmax_abs(e), vmax_abs(A))));
  double pad, t, ma = vmax_abs(A), hi, tol, norm[12];
  int f, which, answer;
  zpath z;
  rim best;
  /* (a box thinner than 1e-6 of the coordinates: its faces are slivers
     whose over-the-face tests round either way; the general path, found
     by the fuzzer) */
  if (!(fmin2(e.x, fmin2(e.y, e.z)) > 1e-6 * scale) || !(ma >= 1e-70) ||
      !(scale <= 1e60) || !(r > 1e-6 * scale) || !(ma > 1e-6 * scale))
    return -1;
  pad = 1e-8 * (scale + r);
  if (zono_start(rel, A, d, e, ctr, r, pad, &answer, out)) return answer;
  zono_planes(rel, d, A, e, r, pad, pl, N, norm);
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
  z.rel = rel;
  z.d = d;
  z.A = A;
  z.e = e;
  z.r = r;
  z.pad = pad;
  z.t = t;
  z.hi = hi;
  best.t = 2;
  best.kind = best.index = 0;
  if (!rim_walk(&z, x, &best)) {
    rim_enumerate(&z, pl, N, &best);
    if (best.t > 1) {
      hit_clear(out);
      return 0;
    }
  }
  return rim_answer(&z, ctr, best, out);
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
