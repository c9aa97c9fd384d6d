/*
 * collide_box.c -- a moving axis-aligned box against a fixed sphere, plane,
 * triangle, convex polygon and segment (issue 10).
 *
 * The box is centre c(t) = c0 + d t, d = c1 - c0, t in [0, 1], half-extents
 * e (any of them may be zero: a 2D rectangle has e.z = 0); it never
 * rotates.
 *
 * Against a sphere, the relative motion is a sphere sweeping the fixed box
 * (collide_sweep_sphere_aabb in the box's frame), mapped back.
 *
 * Against polytopes: the separating-axis test over the motion interval
 * (RTR 3rd ed. 16.18.4; Ericson, RTCD 5.5.8 for two boxes). Two convex
 * polytopes are disjoint iff their projections onto some axis L of a finite
 * candidate set are disjoint. Because the box does not rotate, the set does
 * not depend on t:
 *   plane:             its normal n;
 *   triangle, polygon: the box axes x, y, z, the face normal n, and a x g_i
 *                      for every box axis a and obstacle edge g_i;
 *   segment:           the box axes and a x g (g the segment).
 * (These are the rays of the common refinement of the two normal fans --
 * face normals of either shape and cross products of edge pairs -- which
 * stays complete for flat boxes and flat obstacles as long as all three box
 * axes are kept even when an extent is zero: z x g_i are then the in-plane
 * edge normals of a 2D polygon.)
 *
 * On an axis L the box covers c(t).L +- R, R = sum_i e_i |L_i|, and the
 * obstacle [omin, omax] (its vertices' projections). They overlap while
 *   (c0.L - R - omax) + t (d.L) <= 0   and   (omin - c0.L - R) - t (d.L) <= 0,
 * two linear constraints on t: an interval (Cyrus-Beck clipping, as the
 * sphere kernels). The shapes touch exactly during the intersection of the
 * intervals of all axes with [0, 1]; the first contact is the latest entry,
 * and the axis that entered last is the contact normal (from the obstacle
 * toward the box: +L when the box came down on omax, -L when it came up on
 * omin). No iteration: one pass over the axes, closed form. Projections are
 * taken relative to the obstacle's first vertex, so far-away scenes keep
 * their precision. Contact is closed: every comparison keeps equality.
 *
 * A zero cross product (a box axis parallel to an edge) carries no
 * information and is skipped; cross products with a unit axis are exact.
 * An axis computed with rounding is still an axis: the test stays a
 * necessary condition, so rounding moves u by rounding, never more.
 *
 * Point and feature follow from the axis: the contact set at u is the box's
 * support feature toward -N (a vertex, an edge or a face, by the zero
 * components of N) met with the obstacle's support feature toward N (its
 * vertices farthest along N: one is a vertex, two an edge, all the face):
 * an obstacle vertex is the point itself; on an obstacle edge the point
 * solves the box feature's equations along the edge (least squares, exact
 * when they meet); on a face it is a point of the box feature inside the
 * polygon.
 *
 * Overlapping at u = 0: the normal is the direction of the shortest
 * separating translation, the smallest depth over the same candidate axes
 * (they include every facet normal of the Minkowski difference); ties
 * (a flat obstacle through the box's centre) go to the direction facing
 * against the motion. The point is the contact point of the box translated
 * out by that depth when it lies inside the box, else a point of the
 * obstacle found inside the box directly.
 *
 * 2D (the contract's rule): when the obstacle is flat in a coordinate
 * plane (z = k for a 2D game) and the box's centre starts in that plane
 * and moves along it, the obstacle is a solid region of the plane: only
 * axes in the plane may be the normal, so a box starting inside is pushed
 * out across the nearest edge and every point and normal lies in the
 * plane. (After u = 0 this holds by itself: the plane's own axis never
 * "enters".) A motion of zero length has no plane: the face rule stays,
 * as for the sphere (the winding's normal, pinned by test_shapes.c).
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "collide_sphere.h"

/* ---- small helpers -------------------------------------------------------- */

static double b_get(vec3 v, int i) { return i == 0 ? v.x : (i == 1 ? v.y : v.z); }

static vec3 b_with(vec3 v, int i, double s) {
  if (i == 0) v.x = s; else if (i == 1) v.y = s; else v.z = s;
  return v;
}

static double b_maxabs(vec3 v) {
  double m = fabs(v.x);
  if (fabs(v.y) > m) m = fabs(v.y);
  if (fabs(v.z) > m) m = fabs(v.z);
  return m;
}

/* fmax for numbers that are not NaN, without the library call */
static inline double b_max(double a, double b) { return a > b ? a : b; }

/* fmin(fmax(x, -e), e) for numbers that are not NaN (up to the sign of
   a zero, which the callers add to a coordinate) */
static inline double b_clamp(double x, double e) {
  return x < -e ? -e : (x > e ? e : x);
}

static double b_sign(double x, double fallback) {
  return x > 0 ? 1 : (x < 0 ? -1 : fallback);
}

/* v_normalize for a finite vector, the same operations (divided by the
   largest magnitude, then by the length) with the largest magnitude found
   by comparisons: fmax is a library call (NaN handling), and nothing
   here is NaN. */
static vec3 b_unit(vec3 a) {
  double m = b_maxabs(a);
  if (!(m > 0)) return v3(0, 0, 0);
  a = v3(a.x / m, a.y / m, a.z / m);
  return v_scale(a, 1.0 / v_len(a));
}

/* Are the extents valid and every number of the call within the limit?
   S is the sum of the magnitudes of all of them (mag_* of
   collide_prims.h: at most COLLIDE_MAX_COORD only when each one is
   finite and within it). Only when this fails do the entry points check
   argument by argument, in order, for the message. */
static inline int b_args_ok(double S, const vec3 *e) {
  return S <= COLLIDE_MAX_COORD && e->x >= 0 && e->y >= 0 && e->z >= 0;
}

/* Keeps the times in [lo, hi] where a + b t <= 0 (Cyrus-Beck). */
static void b_clip(double *lo, double *hi, double a, double b) {
  if (b > 0) {
    double t = -a / b;
    if (t < *hi) *hi = t;
  } else if (b < 0) {
    double t = -a / b;
    if (t > *lo) *lo = t;
  } else if (a > 0) {
    *lo = 2; *hi = 1;          /* parallel to the constraint and outside */
  }
}

/* ---- the obstacle ----------------------------------------------------------- */

/* A convex polytope: count vertices (2: a segment; 3 or more: a flat convex
   polygon with unit normal n following the winding). */
typedef struct poly {
  const vec3 *v;
  int count;
  int flat;            /* has the face normal n */
  vec3 n;
  double face_off;     /* n.(a point of its plane - v[0]): the polygon's
                          projection onto n (its vertices may stray from
                          the plane by the 1e-9 polygon_init allows; the
                          face is the plane, as in the sphere kernels) */
  int n_pending;       /* n is the triangle's unnormalized normal: the
                          first pass makes it unit once the box axes are
                          passed (a miss there never needs it) */
  int plane2d;         /* 2D mode: the coordinate axis (0..2) of the plane, or -1 */
  int project;         /* a polygon: its vertices are taken onto its plane */
  vec3 ref;            /* vtx(o, 0): the origin of every projection */
  const vec3 *rel;     /* vtx(o, i) - ref for every i, or NULL (computed on
                          the fly): the projections' operands, once */
  vec3 rmin, rmax;     /* with rel: their bounds, the box axes' projections */
} poly;

/* Vertex i of the obstacle; a polygon's moved onto its plane (by at most
   the 1e-9 of its size that collide_polygon_init allows), so that every
   axis sees the same flat polygon. */
static inline vec3 vtx(const poly *o, int i) {
  vec3 v = o->v[i];
  if (o->project) v = v_madd(v, o->n, -(v_dot(o->n, v_sub(v, o->v[0])) - o->face_off));
  return v;
}

/* The motion and the scale of the inputs. */
typedef struct boxmove {
  vec3 e, c0, d;
  vec3 w;              /* c0 - ref */
  double scale;        /* largest coordinate magnitude involved */
} boxmove;

/* Kinds of candidate axis, in the order that wins a tie of entry times. */
enum { AX_FACE = 0, AX_BOX = 1, AX_CROSS = 2 };

/* The running state of one pass over the axes. */
typedef struct axstate {
  double lo, hi;        /* contact interval so far */
  vec3 best;            /* axis of the latest entry, oriented obstacle->box */
  int best_kind;        /* AX_*, or -1 */
  /* shortest separation (start overlap) */
  int mtd;              /* this pass computes depths */
  double depth;
  vec3 mtd_dir;         /* unit */
  int mtd_kind;
  int mtd_against;      /* mtd_dir faces against the motion */
} axstate;

/* The obstacle's projection onto L, relative to ref. */
static void project(const poly *o, vec3 L, int kind, double *omin, double *omax) {
  int i;
  double lo = 0, hi = 0;
  if (kind == AX_FACE) {         /* the face: flat, through ref */
    *omin = *omax = 0;
    return;
  }
  if (kind == AX_BOX && o->rel) {  /* a unit axis: the bounds */
    *omin = L.x != 0 ? o->rmin.x : (L.y != 0 ? o->rmin.y : o->rmin.z);
    *omax = L.x != 0 ? o->rmax.x : (L.y != 0 ? o->rmax.y : o->rmax.z);
    return;
  }
  if (o->rel) {
    for (i = 1; i < o->count; i++) {
      double p = v_dot(o->rel[i], L);
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
  } else {
    for (i = 1; i < o->count; i++) {
      double p = v_dot(v_sub(vtx(o, i), o->ref), L);
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
  }
  *omin = lo;
  *omax = hi;
}

/* One axis of the sweep, given its numbers: R, the box's reach along L;
   s0, sd, the centre's projection (relative to ref) and the motion's;
   [omin, omax], the obstacle's projection. (1) a1 + sd t <= 0: the box's
   low side down to omax; entered when sd < 0, moving toward -L, so the
   normal is +L. (2) a2 - sd t <= 0: its high side up to omin; entered when
   sd > 0, normal -L. The interval [lo, hi] is narrowed to both; returns
   whether it is still open. Used by axis() and by the specialized first
   pass below. */
static inline int sat_clip(axstate *s, double R, double s0, double sd,
                           double omin, double omax, vec3 L, int kind) {
  double a1 = s0 - R - omax, a2 = omin - s0 - R, prev = s->lo, t, t_out;
  int side;
  if (sd == 0) {   /* no motion along L: overlapping throughout, or never */
    if (a1 > 0 || a2 > 0) { s->lo = 2; s->hi = 1; return 0; }
    return 1;
  }
  {
    double inv = 1 / sd;   /* one division for both constraints */
    if (sd < 0) { t = -a1 * inv; t_out = a2 * inv; side = 1; }
    else { t = a2 * inv; t_out = -a1 * inv; side = -1; }
  }
  if (t_out < s->hi) s->hi = t_out;
  /* the latest entry; an exact tie goes to the face, then the box axes,
     then the edge pairs */
  if (t > prev) {
    s->lo = t;
    s->best = side > 0 ? L : v_neg(L);
    s->best_kind = kind;
  } else if (t == prev && prev > 0 && kind < s->best_kind) {
    s->best = side > 0 ? L : v_neg(L);
    s->best_kind = kind;
  }
  return s->lo <= s->hi;
}

/* One candidate axis L (any length; zero is skipped). */
static void axis(const boxmove *m, const poly *o, axstate *s, vec3 L, int kind) {
  double R, s0, sd, omin, omax;
  if (L.x == 0 && L.y == 0 && L.z == 0) return;
  {
    /* An axis whose components are tiny (a cross product with an edge of
       subnormal extent along an axis) would be projected in subnormal
       arithmetic, with few bits left: a real contact was rejected. Its
       direction is all that matters: scaled to a largest component of 1
       (by division: 1 / mx could overflow). Huge ones likewise. */
    double mx = b_maxabs(L);
    if (!(mx >= 1e-100 && mx <= 1e100)) L = v3(L.x / mx, L.y / mx, L.z / mx);
  }
  R = m->e.x * fabs(L.x) + m->e.y * fabs(L.y) + m->e.z * fabs(L.z);
  s0 = v_dot(m->w, L);
  sd = v_dot(m->d, L);
  project(o, L, kind, &omin, &omax);
  if (!s->mtd) {
    sat_clip(s, R, s0, sd, omin, omax, L, kind);
    return;
  }
  /* depths of the two ways out, per unit length of L */
  {
    /* |L| scaled by its largest component: no underflow of L.L */
    /* L scaled by its largest component first (as v_normalize): with
       subnormal components, L / |L| would not be unit */
    double mx = b_maxabs(L);
    vec3 Ls = v3(L.x / mx, L.y / mx, L.z / mx);
    double ls = v_len(Ls), len = mx * ls;
    double up = (omax - (s0 - R)) / len;     /* translate the box along +L */
    double down = ((s0 + R) - omin) / len;   /* along -L */
    int k;
    if (o->plane2d >= 0 && b_get(L, o->plane2d) != 0) return;  /* 2D: in-plane only */
    /* The unit direction is needed only by a candidate that can win: a
       depth not above the best so far (most axes are deeper, and skip the
       three divisions). The way down is the way up negated: -(x / l) is
       (-x) / l and -(a.b) is (-a).b to the bit, so one division each. */
    vec3 dir = v3(0, 0, 0);
    double dd = 0;
    int have = 0;
    for (k = 0; k < 2; k++) {
      double dep = k == 0 ? up : down;
      int against;
      vec3 kdir;
      if (!(s->mtd_kind < 0 || dep <= s->depth)) continue;
      if (!have) {
        dir = v3(Ls.x / ls, Ls.y / ls, Ls.z / ls);
        dd = v_dot(dir, m->d);
        have = 1;
      }
      kdir = k == 0 ? dir : v_neg(dir);
      against = k == 0 ? dd < 0 : -dd < 0;
      if (s->mtd_kind < 0 || dep < s->depth ||
          (dep == s->depth && ((against && !s->mtd_against) ||
                               (against == s->mtd_against && kind < s->mtd_kind)))) {
        s->depth = dep;
        s->mtd_dir = kdir;
        s->mtd_kind = kind;
        s->mtd_against = against;
      }
    }
  }
}

/* Every candidate axis, cheapest rejections first (the box axes are the
   bounding-box test). Stops once the interval is empty. */
static void all_axes(const boxmove *m, const poly *o, axstate *s) {
  int i, a;
  static const vec3 ax[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (a = 0; a < 3 && s->lo <= s->hi; a++) axis(m, o, s, ax[a], AX_BOX);
  if (o->flat && s->lo <= s->hi) axis(m, o, s, o->n, AX_FACE);
  for (i = 0; i < (o->count == 2 ? 1 : o->count) && s->lo <= s->hi; i++) {
    int j = i + 1 < o->count ? i + 1 : 0;
    vec3 g = o->rel ? v_sub(o->rel[j], o->rel[i]) : v_sub(vtx(o, j), vtx(o, i));
    /* a x g for the unit axes: exact */
    axis(m, o, s, v3(0, -g.z, g.y), AX_CROSS);
    axis(m, o, s, v3(g.z, 0, -g.x), AX_CROSS);
    axis(m, o, s, v3(-g.y, g.x, 0), AX_CROSS);
  }
}

/* ---- the first pass, specialized (issue 12) ------------------------------ */


/* The cross axis L = a x g of unit box axis a and edge g, in the first
   pass: L has an exact zero in component a, so axis()'s sums lose their
   zero terms -- e_a |0| and w_a 0 add nothing but the sign of a zero,
   which no comparison below tells apart, and a +0 start of the
   projections' bounds absorbs a -0 -- and the two products left are
   axis()'s own, in its order: the same numbers, a third of the work.
   Axes axis() would rescale (components outside [1e-100, 1e100]) go to
   axis() itself. One function per box axis (J, K: the other two
   components, P, Q: L's there), so that no component is picked at run
   time. */
#define SAT_CROSS(NAME, J, K, LX, LY, LZ, P, Q)                               \
  static int NAME(const boxmove *m, const poly *o, axstate *s, vec3 g) {    \
    const vec3 *rel = o->rel;                                               \
    vec3 L = v3(LX, LY, LZ);                                                \
    double p = (P), q = (Q), mx, lo = 0, hi = 0;                            \
    int i;                                                                  \
    if (p == 0 && q == 0) return 1;       /* a parallel to g: no axis */    \
    mx = fabs(p) > fabs(q) ? fabs(p) : fabs(q);                             \
    if (!(mx >= 1e-100 && mx <= 1e100)) {                                   \
      axis(m, o, s, L, AX_CROSS);                                           \
      return s->lo <= s->hi;                                                \
    }                                                                       \
    for (i = 1; i < o->count; i++) {                                        \
      double x = rel[i].J * p + rel[i].K * q;                               \
      if (x < lo) lo = x;                                                   \
      if (x > hi) hi = x;                                                   \
    }                                                                       \
    return sat_clip(s, m->e.J * fabs(p) + m->e.K * fabs(q),                 \
                    m->w.J * p + m->w.K * q, m->d.J * p + m->d.K * q, lo,   \
                    hi, L, AX_CROSS);                                       \
  }
SAT_CROSS(sat_cross_x, y, z, 0, -g.z, g.y, L.y, L.z)
SAT_CROSS(sat_cross_y, x, z, g.z, 0, -g.x, L.x, L.z)
SAT_CROSS(sat_cross_z, x, y, -g.y, g.x, 0, L.x, L.y)
#undef SAT_CROSS

/* all_axes' first pass (no depths) where the relative vertices are at
   hand (o->rel): the same axes in the same order, the same numbers (so
   the same ties), with the box axes' and the cross axes' zero components
   left out. For a unit box axis, R = e_a, s0 = w_a, sd = d_a and the
   projection is [rmin_a, rmax_a] exactly, as axis() computes them. */
static void sat_pass(const boxmove *m, poly *o, axstate *s) {
  int i, n = o->count;
  if (!sat_clip(s, m->e.x, m->w.x, m->d.x, o->rmin.x, o->rmax.x, v3(1, 0, 0), AX_BOX) ||
      !sat_clip(s, m->e.y, m->w.y, m->d.y, o->rmin.y, o->rmax.y, v3(0, 1, 0), AX_BOX) ||
      !sat_clip(s, m->e.z, m->w.z, m->d.z, o->rmin.z, o->rmax.z, v3(0, 0, 1), AX_BOX))
    return;
  if (o->flat) {
    vec3 L;
    double R;
    if (o->n_pending) {        /* a triangle's unit normal, needed from here on */
      o->n = b_unit(o->n);
      o->n_pending = 0;
    }
    L = o->n;
    R = m->e.x * fabs(L.x) + m->e.y * fabs(L.y) + m->e.z * fabs(L.z);
    /* a unit normal: axis() would not rescale it; the face is flat through
       ref, its projection [0, 0] */
    if ((L.x != 0 || L.y != 0 || L.z != 0) &&
        !sat_clip(s, R, v_dot(m->w, L), v_dot(m->d, L), 0, 0, L, AX_FACE))
      return;
  }
  for (i = 0; i < (n == 2 ? 1 : n); i++) {
    vec3 g = v_sub(o->rel[i + 1 < n ? i + 1 : 0], o->rel[i]);
    if (!sat_cross_x(m, o, s, g) || !sat_cross_y(m, o, s, g) ||
        !sat_cross_z(m, o, s, g))
      return;
  }
}

/* A normal without negative zeros (-0 + 0 is +0): it prints as a user
   expects, vec3(-1, 0, 0). */
static vec3 no_neg_zero(vec3 n) { return v3(n.x + 0.0, n.y + 0.0, n.z + 0.0); }

/* ---- the contact point --------------------------------------------------------- */

/* Is p inside the box c +- e, up to tol? */
static int in_box(vec3 p, vec3 c, vec3 e, double tol) {
  return fabs(p.x - c.x) <= e.x + tol && fabs(p.y - c.y) <= e.y + tol &&
         fabs(p.z - c.z) <= e.z + tol;
}

/* Is p (in the polygon's plane) inside the flat polygon, up to tol
   (a length)? The inner side of edge i is n x g_i. */
static int in_poly(const poly *o, vec3 p, double tol) {
  int i;
  for (i = 0; i < o->count; i++) {
    vec3 g = v_sub(vtx(o, (i + 1) % o->count), vtx(o, i));
    double s = v_dot(v_cross(o->n, g), v_sub(p, vtx(o, i)));
    /* s < -tol |g|, without the square root */
    if (s < 0 && s * s > tol * tol * v_len2(g)) return 0;
  }
  return 1;
}

/* Clips the segment a + g s, s in [*slo, *shi], to the slabs of the box
   c +- (e + grow) on the axes where use[i]; returns 0 when nothing is
   left. (A contact found at u touches only up to rounding: the callers
   grow the box by a rounding tolerance.) */
static int clip_slabs(vec3 a, vec3 g, vec3 c, vec3 e, double grow,
                      const int use[3], double *slo, double *shi) {
  int i;
  for (i = 0; i < 3; i++) {
    double ai, gi, ci, ei;
    if (!use[i]) continue;
    ai = b_get(a, i); gi = b_get(g, i); ci = b_get(c, i); ei = b_get(e, i) + grow;
    if (gi == 0) {
      if (fabs(ai - ci) > ei) return 0;
    } else {
      double t1 = (ci - ei - ai) / gi, t2 = (ci + ei - ai) / gi;
      if (t1 > t2) { double t = t1; t1 = t2; t2 = t; }
      if (t1 > *slo) *slo = t1;
      if (t2 < *shi) *shi = t2;
    }
  }
  return *slo <= *shi;
}

/* The box's support feature toward -N spans axis i when the box has
   extent there (more than rounding) and N has (to rounding: |N_i| e_i within tol) no part
   along it; on the other axes it is fixed at c_i - e_i sign(N_i). */
static void support_span(vec3 N, vec3 e, double tol, int span[3]) {
  int i;
  for (i = 0; i < 3; i++) {
    double ei = b_get(e, i);
    span[i] = ei > tol && fabs(b_get(N, i)) * ei <= tol;
  }
}

/* The point of the segment [a, a + g] in the box's support feature toward
   -N at centre c: x_i = f_i on its fixed axes, |x_i - c_i| <= e_i on the
   spanning ones. The equations are solved by least squares along the
   edge (exact when the two meet; one of them is the support plane, which
   the edge lies in), then clamped to the spanning slabs. When the
   equations do not fix a point (the edge lies along the feature, to
   rounding), the middle of the part inside the slabs. *at_end: -1 or 1
   when the point is an end of the segment (a vertex was touched). */
static vec3 edge_point(vec3 a, vec3 g, vec3 c, vec3 e, vec3 N, double tol,
                       int *at_end) {
  int i, span[3];
  double num = 0, den = 0, slo = 0, shi = 1, s, big = 1024 * tol;
  support_span(N, e, tol, span);
  for (i = 0; i < 3; i++) {
    double ni = b_get(N, i), ei = b_get(e, i), fi, gi;
    if (span[i]) continue;
    fi = b_get(c, i) - ei * b_sign(ni, 0);
    gi = b_get(g, i);
    num += (fi - b_get(a, i)) * gi;
    den += gi * gi;
  }
  if (!clip_slabs(a, g, c, e, tol, span, &slo, &shi)) {
    /* apart by rounding: the edge's point nearest the feature's centre */
    vec3 f = c;
    for (i = 0; i < 3; i++)
      if (!span[i]) f = b_with(f, i, b_get(c, i) - b_get(e, i) * b_sign(b_get(N, i), 0));
    den = v_len2(g);
    num = v_dot(v_sub(f, a), g);
    slo = 0;
    shi = 1;
  }
  if (slo < 0) slo = 0;
  if (shi > 1) shi = 1;
  if (den > big * big) {
    s = num / den;
    if (s < slo) s = slo;
    if (s > shi) s = shi;
  } else {
    s = 0.5 * (slo + shi);
  }
  /* within the slabs' rounding allowance of an end: that end */
  {
    double gl = v_len(g);
    *at_end = s * gl <= 2 * tol ? -1 : ((1 - s) * gl <= 2 * tol ? 1 : 0);
  }
  return v_madd(a, g, s);
}

/* The point of the polygon nearest p (p in its plane, up to rounding):
   p itself when inside, else the nearest point of its boundary. */
static vec3 poly_nearest(const poly *o, vec3 p) {
  int i;
  double best = -1;
  vec3 q;
  if (o->flat) {
    p = v_madd(p, o->n, -v_dot(o->n, v_sub(p, o->ref)));
    if (in_poly(o, p, 0)) return p;
  }
  q = p;
  for (i = 0; i < (o->count == 2 ? 1 : o->count); i++) {
    vec3 a = vtx(o, i), g = v_sub(vtx(o, (i + 1) % o->count), a), r;
    double gg = v_len2(g), s = gg > 0 ? v_dot(v_sub(p, a), g) / gg : 0, dd;
    s = clamp01(s);
    r = v_madd(a, g, s);
    dd = v_len2(v_sub(p, r));
    if (best < 0 || dd < best) { best = dd; q = r; }
  }
  return q;
}

/* Is p within tol of the flat polygon (by the distance to it, not to its
   edges' lines: at the acute tip of a sliver those let points far along
   the tip through)? */
static int near_poly(const poly *o, vec3 p, double tol) {
  vec3 q = poly_nearest(o, p);
  return b_maxabs(v_sub(p, q)) <= tol;
}

/* A point of the flat polygon o in the box feature F (the support of the
   box centred c toward -N, lying in o's plane): F's centre if inside o;
   else o's vertex average if inside F; else the middle of the part of the
   first edge of o that crosses F (an edge of F, the middle of its part
   inside o); else (rounding) o's point nearest F's centre. */
static vec3 face_point(const poly *o, vec3 c, vec3 e, vec3 N, double tol) {
  int i, span[3], nspan = 0;
  vec3 f = c, avg = v3(0, 0, 0);
  support_span(N, e, tol, span);
  for (i = 0; i < 3; i++) {
    nspan += span[i];
    if (!span[i]) f = b_with(f, i, b_get(c, i) - b_get(e, i) * b_sign(b_get(N, i), 0));
  }
  /* onto the plane (F lies in it up to rounding) */
  f = v_madd(f, o->n, -v_dot(o->n, v_sub(f, o->ref)));
  if (near_poly(o, f, tol)) return f;
  if (nspan == 0) return poly_nearest(o, f);
  for (i = 0; i < o->count; i++) avg = v_add(avg, v_sub(vtx(o, i), o->ref));
  avg = v_madd(o->ref, avg, 1.0 / o->count);
  if (nspan == 2) {
    double slo = 0, shi = 0;     /* the point avg: a segment of no length */
    if (clip_slabs(avg, v3(0, 0, 0), c, e, tol, span, &slo, &shi)) return avg;
  }
  if (nspan == 2) {
    for (i = 0; i < o->count; i++) {
      vec3 a = vtx(o, i), g = v_sub(vtx(o, (i + 1) % o->count), a);
      double slo = 0, shi = 1;
      if (clip_slabs(a, g, c, e, tol, span, &slo, &shi))
        return v_madd(a, g, 0.5 * (slo + shi));
    }
  } else {
    /* F is a segment along its spanning axis k: Cyrus-Beck against the
       polygon's edges */
    int k = span[0] ? 0 : (span[1] ? 1 : 2);
    vec3 a = b_with(f, k, b_get(f, k) - b_get(e, k));
    vec3 g = b_with(v3(0, 0, 0), k, 2 * b_get(e, k));
    double slo = 0, shi = 1;
    for (i = 0; i < o->count && slo <= shi; i++) {
      vec3 eg = v_sub(vtx(o, (i + 1) % o->count), vtx(o, i));
      vec3 in = v_cross(o->n, eg);
      /* inside edge i, grown by tol */
      b_clip(&slo, &shi, -v_dot(in, v_sub(a, vtx(o, i))) - tol * v_len(in),
             -v_dot(in, g));
    }
    if (slo <= shi) {
      vec3 q = v_madd(a, g, 0.5 * (slo + shi));
      q = v_madd(q, o->n, -v_dot(o->n, v_sub(q, o->ref)));   /* onto the plane */
      if (near_poly(o, q, tol)) return q;
    }
  }
  return poly_nearest(o, f);
}

/* The feature of the flat polygon named by a face contact at p (the box's
   support F toward -N met with the polygon): the face when p is inside it
   by more than tol, or when F is a face of the box overlapping the polygon
   with area (no in-plane axis -- the box face's two axes, the polygon's
   edge normals n x g_i -- has them merely touching); otherwise the contact
   is on the polygon's boundary: the vertex p is at, or the edge. */
static int face_feature(const poly *o, vec3 p, vec3 c, vec3 e, vec3 N, double tol) {
  int i, j, span[3], nspan = 0, touching = 0;
  int n = o->count;
  for (i = 0; i < n; i++) {
    vec3 g = v_sub(vtx(o, (i + 1) % n), vtx(o, i));
    double t = v_dot(v_cross(o->n, g), v_sub(p, vtx(o, i)));
    if (!(t > 0 && t * t > tol * tol * v_len2(g))) break;   /* t > tol |g| */
  }
  if (i == n) return COLLIDE_FEATURE_FACE;
  support_span(N, e, tol, span);
  for (i = 0; i < 3; i++) nspan += span[i];
  if (nspan == 2) {
    for (i = -2; i < n && !touching; i++) {
      vec3 L;
      double R = 0, cl, lo = 0, hi = 0, len;
      if (i < 0) {
        int k = i == -2 ? (span[0] ? 0 : 1) : (span[2] ? 2 : 1);
        L = b_with(v3(0, 0, 0), k, 1);
      } else {
        L = v_cross(o->n, v_sub(vtx(o, (i + 1) % n), vtx(o, i)));
      }
      len = v_len(L);
      if (!(len > 0)) continue;
      for (j = 0; j < 3; j++)
        if (span[j]) R += b_get(e, j) * fabs(b_get(L, j));
      cl = v_dot(v_sub(c, o->ref), L);
      for (j = 0; j < n; j++) {
        double q = v_dot(v_sub(vtx(o, j), o->ref), L);
        if (j == 0 || q < lo) lo = q;
        if (j == 0 || q > hi) hi = q;
      }
      if (fmin(cl + R, hi) - fmax(cl - R, lo) <= tol * len) touching = 1;
    }
    if (!touching) return COLLIDE_FEATURE_FACE;
  }
  for (i = 0; i < n; i++)
    if (b_maxabs(v_sub(p, vtx(o, i))) <= 1024 * tol) return COLLIDE_FEATURE_VERTEX;
  return COLLIDE_FEATURE_EDGE;
}

/* The obstacle's support feature toward N (unit): its vertices within tol
   of the farthest. Returns COLLIDE_FEATURE_*, and for an edge its end
   points (the run of tied vertices, in order). */
static int support(const poly *o, vec3 N, double tol, int *i0, int *i1) {
  int i, n = o->count, ties = 0, top = 0;
  double best = 0;
  for (i = 0; i < n; i++) {
    double p = v_dot(v_sub(vtx(o, i), o->ref), N);
    if (i == 0 || p > best) { best = p; top = i; }
  }
  for (i = 0; i < n; i++)
    if (v_dot(v_sub(vtx(o, i), o->ref), N) >= best - tol) ties++;
  *i0 = *i1 = top;
  if (ties == 1) return COLLIDE_FEATURE_VERTEX;
  if (ties == n && o->flat) return COLLIDE_FEATURE_FACE;
  /* the run of tied vertices around top, for a convex polygon consecutive */
  while (*i0 != (top + 1) % n &&
         v_dot(v_sub(vtx(o, (*i0 + n - 1) % n), o->ref), N) >= best - tol)
    *i0 = (*i0 + n - 1) % n;
  while (*i1 != (*i0 + n - 1) % n &&
         v_dot(v_sub(vtx(o, (*i1 + 1) % n), o->ref), N) >= best - tol)
    *i1 = (*i1 + 1) % n;
  if (*i0 == *i1) return COLLIDE_FEATURE_VERTEX;
  return COLLIDE_FEATURE_EDGE;
}

/* Point and feature of the contact of the box centred c (touching) along
   N, obstacle -> box, found on an axis of kind `kind`. */
static int contact(const poly *o, vec3 c, vec3 e, vec3 N, int kind, double tol,
                   vec3 *p) {
  int f, i0, i1;
  if (kind == AX_FACE) {
    *p = face_point(o, c, e, N, tol);
    return face_feature(o, *p, c, e, N, tol);
  }
  f = support(o, N, tol, &i0, &i1);
  if (f == COLLIDE_FEATURE_VERTEX) {
    *p = vtx(o, i0);
  } else if (f == COLLIDE_FEATURE_EDGE && v_len2(v_sub(vtx(o, i1), vtx(o, i0))) == 0) {
    *p = vtx(o, i0);               /* a segment of no length: a point */
    f = COLLIDE_FEATURE_VERTEX;
  } else if (f == COLLIDE_FEATURE_EDGE) {
    int end;
    *p = edge_point(vtx(o, i0), v_sub(vtx(o, i1), vtx(o, i0)), c, e, N, tol, &end);
    if (end) {                  /* met at an end: that vertex */
      *p = vtx(o, end < 0 ? i0 : i1);
      f = COLLIDE_FEATURE_VERTEX;
    }
  } else {
    *p = face_point(o, c, e, N, tol);
    f = face_feature(o, *p, c, e, N, tol);
  }
  return f;
}

/* The average of the points where the edges of the box c +- e meet the
   plane n.x + pd = 0 (a point of their cross-section, convex), in *avg;
   0 when none does. */
/* One edge of crossings(): from the corner at plane distance ha to the
   one at hb, along axis k from X[k][0] to X[k][1], the other two
   coordinates in q; adds the crossing point to *sum. v_lerp(a, b, t) is
   a + (b - a) t, and b - a is zero but along k. */
static inline void cross_edge(double ha, double hb, vec3 q, int k,
                              const double Xk[2], vec3 *sum, int *np) {
  if ((ha <= 0 && hb >= 0) || (ha >= 0 && hb <= 0)) {
    double t = ha == hb ? 0.5 : ha / (ha - hb);
    *sum = v_add(*sum, b_with(q, k, Xk[0] + (Xk[1] - Xk[0]) * t));
    (*np)++;
  }
}

static int crossings(vec3 c, vec3 e, vec3 n, double pd, vec3 *avg) {
  /* The corners' plane distances once (8, not 24): corner (i, j, k),
     each index 0 for c - e, 1 for c + e on its axis, is at
     (nx X + ny Y) + nz Z + pd, v_dot's order whichever edge it ends. The
     edges in the order the sum was always taken: along x, y, z, each at
     the corners (-,-), (-,+), (+,-), (+,+) of the next two axes. */
  double X[3][2], P[3][2], h[8];
  int k, np = 0;
  vec3 sum = v3(0, 0, 0);
  for (k = 0; k < 3; k++) {
    X[k][0] = b_get(c, k) - b_get(e, k);
    X[k][1] = b_get(c, k) + b_get(e, k);
    P[k][0] = b_get(n, k) * X[k][0];
    P[k][1] = b_get(n, k) * X[k][1];
  }
  for (k = 0; k < 8; k++)
    h[k] = P[0][k >> 2] + P[1][(k >> 1) & 1] + P[2][k & 1] + pd;
#define H(i, j, k) h[(i) * 4 + (j) * 2 + (k)]
  /* along x: corners (y, z) */
  cross_edge(H(0, 0, 0), H(1, 0, 0), v3(0, X[1][0], X[2][0]), 0, X[0], &sum, &np);
  cross_edge(H(0, 0, 1), H(1, 0, 1), v3(0, X[1][0], X[2][1]), 0, X[0], &sum, &np);
  cross_edge(H(0, 1, 0), H(1, 1, 0), v3(0, X[1][1], X[2][0]), 0, X[0], &sum, &np);
  cross_edge(H(0, 1, 1), H(1, 1, 1), v3(0, X[1][1], X[2][1]), 0, X[0], &sum, &np);
  /* along y: corners (z, x) */
  cross_edge(H(0, 0, 0), H(0, 1, 0), v3(X[0][0], 0, X[2][0]), 1, X[1], &sum, &np);
  cross_edge(H(1, 0, 0), H(1, 1, 0), v3(X[0][1], 0, X[2][0]), 1, X[1], &sum, &np);
  cross_edge(H(0, 0, 1), H(0, 1, 1), v3(X[0][0], 0, X[2][1]), 1, X[1], &sum, &np);
  cross_edge(H(1, 0, 1), H(1, 1, 1), v3(X[0][1], 0, X[2][1]), 1, X[1], &sum, &np);
  /* along z: corners (x, y) */
  cross_edge(H(0, 0, 0), H(0, 0, 1), v3(X[0][0], X[1][0], 0), 2, X[2], &sum, &np);
  cross_edge(H(0, 1, 0), H(0, 1, 1), v3(X[0][0], X[1][1], 0), 2, X[2], &sum, &np);
  cross_edge(H(1, 0, 0), H(1, 0, 1), v3(X[0][1], X[1][0], 0), 2, X[2], &sum, &np);
  cross_edge(H(1, 1, 0), H(1, 1, 1), v3(X[0][1], X[1][1], 0), 2, X[2], &sum, &np);
#undef H
  if (np == 0) return 0;
  *avg = v_scale(sum, 1.0 / np);
  return 1;
}

/* A point of the obstacle inside the box c +- e, which overlaps it: a
   vertex inside (the nearest to c), else the middle of the part of an edge
   inside, else (a flat obstacle crossing the box with no edge inside it)
   the box's centre moved onto the plane when that is in both, else the
   average of the points where the box's edges cross the obstacle's plane,
   which lies in their cross-section. (Up to tol; the last resort, for
   rounding, is the obstacle's point nearest c.) */
static int inside_point_(const poly *o, vec3 c, vec3 e, double tol, vec3 *p) {
  static const int all[3] = { 1, 1, 1 };
  int i, found = -1;
  double best = 0;
  vec3 sum = v3(0, 0, 0);
  for (i = 0; i < o->count; i++) {
    if (in_box(vtx(o, i), c, e, tol)) {
      double dd = v_len2(v_sub(vtx(o, i), c));
      if (found < 0 || dd < best) { best = dd; found = i; }
    }
  }
  if (found >= 0) { *p = vtx(o, found); return 1; }
  for (i = 0; i < (o->count == 2 ? 1 : o->count); i++) {
    vec3 a = vtx(o, i), g = v_sub(vtx(o, (i + 1) % o->count), a);
    double slo = 0, shi = 1;
    if (clip_slabs(a, g, c, e, tol, all, &slo, &shi)) {
      *p = v_madd(a, g, 0.5 * (slo + shi));
      return 1;
    }
  }
  if (!o->flat) return 0;
  /* the box's centre moved onto the plane along n, when that stays in
     the box and lands in the polygon */
  sum = v_madd(c, o->n, -v_dot(o->n, v_sub(c, o->ref)));
  if (in_box(sum, c, e, tol) && near_poly(o, sum, tol)) { *p = sum; return 1; }
  if (crossings(c, e, o->n, -v_dot(o->n, o->ref), &sum)) {
    sum = v_madd(sum, o->n, -v_dot(o->n, v_sub(sum, o->ref)));
    if (near_poly(o, sum, tol)) { *p = sum; return 1; }
  }
  return 0;
}

/* inside_point_ at the rounding tolerance; where the shapes overlap only
   by rounding (a flat box lying in a polygon's plane, say), again with a
   tolerance 2^20 times larger; at last the obstacle's point nearest c. */
static vec3 inside_point(const poly *o, vec3 c, vec3 e, double tol) {
  vec3 p;
  if (inside_point_(o, c, e, tol, &p)) return p;
  if (inside_point_(o, c, e, tol * 1048576, &p)) return p;
  return poly_nearest(o, c);
}



/* Is p a point of the obstacle, up to tol (a flat one's plane and edges;
   a segment's line)? */
static int on_obstacle(const poly *o, vec3 p, double tol) {
  if (o->flat)
    return near_poly(o, p, tol);
  {
    vec3 g = v_sub(vtx(o, 1), o->ref), w = v_sub(p, o->ref);
    double gg = v_len2(g), s = gg > 0 ? clamp01(v_dot(w, g) / gg) : 0;
    return b_maxabs(v_sub(p, v_madd(o->ref, g, s))) <= tol;
  }
}

/* The sweep of the box against o. */
static int sweep_poly_(vec3 e, vec3 c0, vec3 c1, poly *o, collide_hit *out);
static int plane2d(const poly *o, vec3 c0, vec3 d, double tol);
static double scale_of(vec3 c0, vec3 c1, const vec3 *v, int count);

/* With the vertices relative to ref computed once (up to 16 of them, from
   src when given: the vertices' own addresses), and their bounds. o is the caller's and is filled in place: a copy of the
   struct just written field by field stalled on store forwarding. */
static int sweep_poly(vec3 e, vec3 c0, vec3 c1, poly *o,
                      const vec3 *const *src, collide_hit *out) {
  vec3 rel[16];
  int i;
  if (o->count <= 16) {
    vec3 lo = v3(0, 0, 0), hi = v3(0, 0, 0);
    rel[0] = lo;
    for (i = 1; i < o->count; i++) {
      /* src: the caller's arguments that o->v copies (the same numbers;
         the copy just written would stall on store forwarding) */
      vec3 r = v_sub(src ? *src[i] : vtx(o, i), o->ref);
      rel[i] = r;
      /* inline comparisons: fmin/fmax are library calls (NaN handling) */
      if (r.x < lo.x) lo.x = r.x;
      if (r.y < lo.y) lo.y = r.y;
      if (r.z < lo.z) lo.z = r.z;
      if (r.x > hi.x) hi.x = r.x;
      if (r.y > hi.y) hi.y = r.y;
      if (r.z > hi.z) hi.z = r.z;
    }
    o->rmin = lo;
    o->rmax = hi;
    o->rel = rel;
  }
  i = sweep_poly_(e, c0, c1, o, out);
  o->rel = NULL;               /* (rel is this frame's) */
  return i;
}

static int sweep_poly_(vec3 e, vec3 c0, vec3 c1, poly *o, collide_hit *out) {
  boxmove m;
  axstate s;
  vec3 c, N, p;
  double tol;
  int i, kind, f;
  m.e = e;
  m.c0 = c0;
  m.d = v_sub(c1, c0);
  m.w = v_sub(c0, o->ref);
  m.scale = 0;                 /* (found below, for a contact) */
  s.lo = 0; s.hi = 1;
  s.best = v3(0, 0, 0);
  s.best_kind = -1;
  s.mtd = 0;
  s.depth = 0;                 /* (the depths: the second pass's) */
  s.mtd_dir = v3(0, 0, 0);
  s.mtd_kind = -1;
  s.mtd_against = 0;
  if (o->rel) {
    sat_pass(&m, o, &s);
  } else {
    if (o->n_pending) { o->n = b_unit(o->n); o->n_pending = 0; }
    all_axes(&m, o, &s);
  }
  if (!(s.lo <= s.hi)) {
    hit_clear(out);
    return 0;
  }
  /* (a contact passed the face axis, which made n unit: this is a no-op) */
  if (o->n_pending) { o->n = b_unit(o->n); o->n_pending = 0; }
  /* a contact: the rounding tolerance of the inputs' magnitude */
  m.scale = b_maxabs(c0);
  if (b_maxabs(c1) > m.scale) m.scale = b_maxabs(c1);
  if (b_maxabs(e) > m.scale) m.scale = b_maxabs(e);
  for (i = 0; i < o->count; i++)
    if (b_maxabs(vtx(o, i)) > m.scale) m.scale = b_maxabs(vtx(o, i));
  tol = 64 * DBL_EPSILON * m.scale;
  if (s.best_kind >= 0 && s.lo > 0) {
    /* first contact inside the step along the last axis to enter */
    N = b_unit(s.best);
    kind = s.best_kind;
    c = v_madd(c0, m.d, s.lo);
    f = contact(o, c, e, N, kind, tol, &p);
    /* The features are told apart with a rounding tolerance; where that
       misjudges (obstacles flat to rounding, met nearly edge-on), the
       point is found in the box directly. */
    if (!in_box(p, c, e, 1024 * tol) || !on_obstacle(o, p, 1024 * tol))
      p = inside_point(o, c, e, 1024 * tol);
    out->u = s.lo;
  } else {
    /* overlapping at the start: the shortest way out (in 2D, in the plane) */
    axstate t;
    o->plane2d = plane2d(o, c0, m.d, scale_of(c0, c1, o->v, o->count));
    t.lo = 0; t.hi = 1;
    t.best_kind = -1;
    t.mtd = 1;
    t.depth = 0;
    t.mtd_dir = v3(0, 0, 0);
    t.mtd_kind = -1;
    t.mtd_against = 0;
    all_axes(&m, o, &t);
    if (t.mtd_kind < 0) {       /* no in-plane axis at all: cannot happen */
      t.mtd_dir = o->flat ? o->n : v3(1, 0, 0);
      t.mtd_kind = AX_FACE;
      t.depth = 0;
    }
    N = t.mtd_dir;
    kind = t.mtd_kind;
    if (kind == AX_FACE && !o->flat) kind = AX_CROSS;
    f = contact(o, v_madd(c0, N, t.depth), e, N, kind, tol, &p);
    if (!in_box(p, c0, e, tol) || !on_obstacle(o, p, 1024 * tol))
      p = inside_point(o, c0, e, tol);
    out->u = 0;
  }
  out->point = p;
  out->normal = no_neg_zero(N);
  out->feature = f;
  return 1;
}

/* 2D mode (see the top): a flat obstacle whose normal is a coordinate axis
   k, the box's centre starting in its plane and moving along it. For
   a segment: both ends and the centre share coordinate k (z first, the
   plane of a 2D game) and the motion has none along k. */
static int plane2d(const poly *o, vec3 c0, vec3 d, double tol) {
  int k;
  /* no motion, no plane of motion (as for the sphere: the face rule) */
  if (d.x == 0 && d.y == 0 && d.z == 0) return -1;
  if (o->flat) {
    int zeros = (o->n.x == 0) + (o->n.y == 0) + (o->n.z == 0);
    if (zeros != 2) return -1;
    k = o->n.x != 0 ? 0 : (o->n.y != 0 ? 1 : 2);
    if (fabs(b_get(c0, k) - b_get(o->ref, k)) <= tol && fabs(b_get(d, k)) <= tol)
      return k;
    return -1;
  }
  for (k = 2; k >= 0; k--) {
    double ck = b_get(c0, k);
    if (fabs(ck - b_get(o->ref, k)) <= tol && fabs(ck - b_get(vtx(o, 1), k)) <= tol &&
        fabs(b_get(d, k)) <= tol)
      return k;
  }
  return -1;
}

static double scale_of(vec3 c0, vec3 c1, const vec3 *v, int count) {
  double m = b_maxabs(c0);
  int i;
  if (b_maxabs(c1) > m) m = b_maxabs(c1);
  for (i = 0; i < count; i++)
    if (b_maxabs(v[i]) > m) m = b_maxabs(v[i]);
  return 64 * DBL_EPSILON * m;
}

/* ---- entry points -------------------------------------------------------------- */

/* Relative to the box, the sphere's centre moves from center - c0 to
   center - c1 against the box e at the origin: collide_sweep_sphere_aabb
   (the rounded box, RTR 3rd ed. 16.18.3), whose normal (box -> sphere) is
   reversed. The point is the box's point nearest the sphere's centre at u:
   on both shapes when they touch. Inputs near the 1e50 limit are scaled by
   1/4 first (exactly) so that the relative positions stay within it.

   Overlapping at the start, computed here: with the centre outside the
   box, the way out is from the centre toward that nearest point; inside
   it, the box must move by e_i + r -+ (center - c0)_i along -+axis i, and
   the least of the six wins (ties: against the motion, then x, y, z). An
   axis on which the box is flat and the centre and motion lie in its plane
   is the plane of a 2D game and is passed over (as collide_sphere.c's
   box_contact). The point is then the centre itself: a point of the
   sphere inside the box. */
int collide_sweep_aabb_sphere(const collide_vec3 *e, const collide_vec3 *c0,
                              const collide_vec3 *c1, const collide_vec3 *center,
                              double r, collide_hit *out) {
  vec3 d, s0, s1, ext, zero = v3(0, 0, 0), c, q, N;
  double rr = r, k = 1;
  double S = mag_total(mag_add(mag_add(mag_add(mag_add(mag_start(r), e), c0), c1), center));
  collide_hit h;
  int rc, i;
  if (!(b_args_ok(S, e) && r >= 0)) {
    CHECK_EXTENTS(e, 1);               /* one pass, else one by one */
    CHECK_VEC(c0, 2);
    CHECK_VEC(c1, 3);
    CHECK_VEC(center, 4);
    CHECK_RADIUS(r, 5);
  }
  d = v_sub(*c1, *c0);
  s0 = v_sub(*center, *c0);
  ext = *e;
  /* (each |s0_i|, |d_i| is at most the sum S, to rounding that only
     lowers it: a sum S below half the limit needs no scaling) */
  if (S > COLLIDE_MAX_COORD / 2 &&
      (b_maxabs(s0) > COLLIDE_MAX_COORD / 2 || b_maxabs(d) > COLLIDE_MAX_COORD / 2)) {
    k = 0.25;
    d = v_scale(d, k);
    s0 = v_scale(s0, k);
    ext = v_scale(ext, k);
    rr = r * k;
  }
  s1 = v_sub(s0, d);
  /* unchecked: the inputs are checked above, and s0, s1, ext are within
     the limit after the scaling (the checked entry accepts them too: the
     same answer) */
  rc = collide__sweep_aabb(rr, &s0, &s1, &zero, &ext, &h);
  if (rc <= 0) {
    hit_clear(out);
    return 0;
  }
  d = v_sub(*c1, *c0);
  c = h.u == 0 ? *c0 : v_madd(*c0, d, h.u);
  q = v_sub(*center, c);
  q = v3(b_clamp(q.x, e->x), b_clamp(q.y, e->y), b_clamp(q.z, e->z));
  q = v_add(c, q);
  N = v_neg(h.normal);
  if (h.u == 0) {
    vec3 rel = v_sub(*center, *c0), g = v_sub(q, *center);
    double tol = 64 * DBL_EPSILON * b_max(b_maxabs(*center), b_maxabs(*c0));
    if (b_maxabs(g) > tol) {
      N = b_unit(g);
    } else {
      double best = 0;
      int found = 0, against = 0;
      for (i = 0; i < 6; i++) {
        int ax = i / 2;
        double sg = i % 2 ? -1 : 1, ri = b_get(rel, ax), ei = b_get(*e, ax);
        double dep = ei + r + sg * ri;
        int ag = sg * b_get(d, ax) < 0;
        if (ei == 0 && ri == 0 && b_get(d, ax) == 0) continue;
        if (!found || dep < best || (dep == best && ag && !against)) {
          best = dep;
          N = b_with(v3(0, 0, 0), ax, sg);
          against = ag;
          found = 1;
        }
      }
    }
    q = *center;
    if (!in_box(q, *c0, *e, 0))
      q = v_add(*c0, v3(b_clamp(rel.x, e->x), b_clamp(rel.y, e->y), b_clamp(rel.z, e->z)));
  }
  out->u = h.u;
  out->point = q;
  out->normal = no_neg_zero(N);
  out->feature = COLLIDE_FEATURE_FACE;
  return 1;
}

/* The plane's only axis is n: |n.c(t) + pd| <= R = e.|n| (RTR 3rd ed.
   16.10.1 for the static box-plane test, here over t). The plane is
   two-sided. First contact at the entry; point: the middle of the box's
   support feature toward the plane, projected onto it. Overlapping at
   the start: the shorter way out along +-n (ties: against the motion;
   with no motion along n, the plane's own normal), point the box centre's
   projection when it is inside the box, else the average of the points
   where the box's edges cross the plane. */
int collide_sweep_aabb_plane(const collide_vec3 *e, const collide_vec3 *c0,
                             const collide_vec3 *c1, const collide_plane *plane,
                             collide_hit *out) {
  vec3 n, nu, d, c, f, N;
  double R, s0, sd, u, tol;
  /* one pass (d may reach twice the limit, see collide__check_plane; a
     normal of squared length within 1e-9 of 1 is finite and in range),
     else one by one */
  if (!(b_args_ok(mag_total(mag_num(mag_add(mag_add(mag_add(mag_start(0), e), c0), c1),
                                    0.5 * plane->d)), e) &&
        fabs(v_len2(plane->normal) - 1.0) <= 1e-9)) {
    CHECK_EXTENTS(e, 1);
    CHECK_VEC(c0, 2);
    CHECK_VEC(c1, 3);
    CHECK_PLANE(plane, 4);
  }
  n = plane->normal;
  d = v_sub(*c1, *c0);
  R = e->x * fabs(n.x) + e->y * fabs(n.y) + e->z * fabs(n.z);
  s0 = v_dot(n, *c0) + plane->d;
  sd = v_dot(n, d);
  /* apart at the start and not closing in: the common miss, first */
  if (s0 > R ? !(sd < 0) : (s0 < -R && !(sd > 0))) {
    hit_clear(out);
    return 0;
  }
  nu = n;     /* unit to rounding (validated), used as is, as sweep_sphere_plane does */
  if (fabs(s0) <= R) {
    tol = 64 * DBL_EPSILON * b_max(b_max(b_maxabs(*c0), b_maxabs(*c1)),
                                   b_max(b_maxabs(*e), fabs(plane->d)));
    /* overlapping at the start: the shorter way out, ties against the
       motion along n (with none, the plane's normal) */
    double up = R - s0, down = R + s0;
    N = v_scale(nu, up < down ? 1 : (down < up ? -1 : b_sign(-sd, 1)));
    f = v_madd(*c0, n, -s0);
    if (!in_box(f, *c0, *e, tol)) {
      /* else where the box's edges cross the plane; if rounding says
         none does, the corner nearest the plane */
      if (!crossings(*c0, *e, n, plane->d, &f))
        f = v3(c0->x - e->x * b_sign(s0 * n.x, 0), c0->y - e->y * b_sign(s0 * n.y, 0),
               c0->z - e->z * b_sign(s0 * n.z, 0));
      f = v_madd(f, n, -(v_dot(n, f) + plane->d));
    }
    out->u = 0;
    out->point = f;
    out->normal = no_neg_zero(N);
    out->feature = COLLIDE_FEATURE_FACE;
    return 1;
  }
  /* apart at the start: it must move toward the plane and reach it */
  if (s0 > 0 ? !(sd < 0) : !(sd > 0)) {
    hit_clear(out);
    return 0;
  }
  u = s0 > 0 ? (s0 - R) / -sd : (-s0 - R) / sd;
  if (!(u <= 1)) {
    hit_clear(out);
    return 0;
  }
  N = v_scale(nu, s0 > 0 ? 1 : -1);
  c = v_madd(*c0, d, u);
  f = v3(c.x - e->x * b_sign(N.x, 0), c.y - e->y * b_sign(N.y, 0),
         c.z - e->z * b_sign(N.z, 0));
  out->u = u;
  out->point = v_madd(f, n, -(v_dot(n, f) + plane->d));
  out->normal = no_neg_zero(N);
  out->feature = COLLIDE_FEATURE_FACE;
  return 1;
}

/* The normal of a triangle, unnormalized (b_unit of it is the unit
   normal, as collide_sphere.c's triangle_normal), or 0 when its height
   is below 1e-12 of its longest edge. */
static int tri_normal(vec3 a, vec3 b, vec3 c, vec3 *n) {
  vec3 ab = v_sub(b, a), ac = v_sub(c, a), bc = v_sub(c, b);
  vec3 cr = v_cross(ab, ac);
  double e2 = v_len2(ab), l2 = v_len2(cr), x;
  if (v_len2(ac) > e2) e2 = v_len2(ac);
  if (v_len2(bc) > e2) e2 = v_len2(bc);
  /* |cr| > x, decided from the squares when they are clearly apart (as
     collide_sphere.c's triangle_cross: a factor 1.0001 is far beyond the
     rounding of sqrt and of x^2, and x above 1e-150 keeps x^2 normal);
     the same answer as comparing sqrt(l2), without the root */
  x = 1e-12 * e2;
  if (!(x > 1e-150 && l2 > 1.0001 * (x * x))) {
    if (x > 1e-150 && l2 < 0.9999 * (x * x)) return 0;
    if (!(sqrt(l2) > x)) return 0;
  }
  *n = cr;                    /* made unit by b_unit when first needed */
  return 1;
}

int collide_sweep_aabb_triangle(const collide_vec3 *e, const collide_vec3 *c0,
                                const collide_vec3 *c1, const collide_vec3 *a,
                                const collide_vec3 *b, const collide_vec3 *c,
                                collide_hit *out) {
  vec3 v[3];
  poly o;
  mag_acc S = mag_add(mag_add(mag_add(mag_start(0), e), c0), c1);
  S = mag_add(mag_add(mag_add(S, a), b), c);
  if (!b_args_ok(mag_total(S), e)) {
    CHECK_EXTENTS(e, 1);               /* one pass, else one by one */
    CHECK_VEC(c0, 2);
    CHECK_VEC(c1, 3);
    CHECK_VEC(a, 4);
    CHECK_VEC(b, 5);
    CHECK_VEC(c, 6);
  }
  /* (from the arguments, not from v just written: reading a vec3 back
     from the copy stalled on store forwarding) */
  if (!tri_normal(*a, *b, *c, &o.n)) return COLLIDE_FAIL(4, COLLIDE_E_DEGENERATE_TRIANGLE);
  v[0] = *a; v[1] = *b; v[2] = *c;
  o.v = v;
  o.count = 3;
  o.flat = 1;
  o.n_pending = 1;
  o.face_off = 0;
  o.project = 0;
  o.ref = *a;
  o.rel = NULL;
  o.rmin = o.rmax = v3(0, 0, 0);   /* (bounds of rel, set with it) */
  o.plane2d = -1;             /* found when needed (overlapping at u = 0) */
  {
    const vec3 *src[3];
    src[0] = a; src[1] = b; src[2] = c;
    return sweep_poly(*e, *c0, *c1, &o, src, out);
  }
}

int collide_sweep_aabb_polygon(const collide_vec3 *e, const collide_vec3 *c0,
                               const collide_vec3 *c1,
                               const collide_polygon *polygon, collide_hit *out) {
  poly o;
  /* one pass (the plane's d may reach twice the limit, see
     collide__check_plane; a normal of squared length within 1e-9 of 1 is
     finite and in range), else one by one */
  if (!(polygon != NULL && polygon->vertices != NULL && polygon->count >= 3 &&
        b_args_ok(mag_total(mag_num(mag_add(mag_add(mag_add(mag_start(0), e), c0), c1),
                                    0.5 * polygon->plane.d)), e) &&
        fabs(v_len2(polygon->plane.normal) - 1.0) <= 1e-9)) {
    CHECK_EXTENTS(e, 1);
    CHECK_VEC(c0, 2);
    CHECK_VEC(c1, 3);
    if (polygon == NULL || polygon->vertices == NULL || polygon->count < 3)
      return COLLIDE_FAIL(4, COLLIDE_E_FEW_VERTICES);
    CHECK_PLANE(&polygon->plane, 4);
  }
  o.v = polygon->vertices;
  o.count = polygon->count;
  o.flat = 1;
  o.n_pending = 0;
  o.n = polygon->plane.normal;
  o.face_off = -(v_dot(o.n, o.v[0]) + polygon->plane.d);
  /* vertices exactly in the plane (the common case: a 2D polygon, or
     one built on its plane) need no projecting on every axis */
  {
    int i;
    o.project = o.face_off != 0;
    for (i = 1; i < o.count && !o.project; i++)
      o.project = v_dot(o.n, v_sub(o.v[i], o.v[0])) != 0;
  }
  o.ref = v_madd(o.v[0], o.n, o.face_off);
  o.rel = NULL;
  o.rmin = o.rmax = v3(0, 0, 0);   /* (bounds of rel, set with it) */
  o.plane2d = -1;
  return sweep_poly(*e, *c0, *c1, &o, NULL, out);
}

int collide_sweep_aabb_segment(const collide_vec3 *e, const collide_vec3 *c0,
                               const collide_vec3 *c1, const collide_vec3 *a,
                               const collide_vec3 *b, collide_hit *out) {
  vec3 v[2];
  poly o;
  mag_acc S = mag_add(mag_add(mag_add(mag_start(0), e), c0), c1);
  S = mag_add(mag_add(S, a), b);
  if (!b_args_ok(mag_total(S), e)) {
    CHECK_EXTENTS(e, 1);               /* one pass, else one by one */
    CHECK_VEC(c0, 2);
    CHECK_VEC(c1, 3);
    CHECK_VEC(a, 4);
    CHECK_VEC(b, 5);
  }
  {
    /* The quick miss (issue 12's, as sweep_sphere_segment's): with m and
       h the segment's midpoint and half-vector, a contact needs
       |c0 + d t - m - s h|_i <= e_i for some t in [0, 1], s in [-1, 1],
       so |c0 - m + d t|_i <= e_i + |h_i|: the point c0 - m moving by d
       meets the box of half-size e + |h| about the origin. meets_box's
       separating axes with its pad, 1e-9 of the sum of magnitudes (every
       number here is rounded by a few epsilon of it), prove a miss by
       more than the rounding the separating-axis pass below can make, so
       it would answer no contact too. */
    vec3 m = v_scale(v_add(*a, *b), 0.5), h = v_scale(v_sub(*b, *a), 0.5);
    vec3 d = v_sub(*c1, *c0), hd = v_scale(d, 0.5);
    double pad = reach_pad(0, mag_total(S));
    vec3 ext = v_add(v_add(*e, v3(fabs(h.x), fabs(h.y), fabs(h.z))), v3(pad, pad, pad));
    if (!meets_box_at(v_add(v_sub(*c0, m), hd), hd, ext)) {
      hit_clear(out);
      return 0;
    }
  }
  v[0] = *a; v[1] = *b;
  o.v = v;
  o.count = 2;
  o.flat = 0;
  o.n_pending = 0;
  o.n = v3(0, 0, 0);
  o.face_off = 0;
  o.project = 0;
  o.ref = *a;
  o.rel = NULL;
  o.rmin = o.rmax = v3(0, 0, 0);   /* (bounds of rel, set with it) */
  o.plane2d = -1;
  {
    const vec3 *src[2];
    src[0] = a; src[1] = b;
    return sweep_poly(*e, *c0, *c1, &o, src, out);
  }
}
