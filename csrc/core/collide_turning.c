/*
 * collide_turning.c -- collide_sweep_convex_turning: a convex shape that
 * turns while it moves, against a fixed convex shape, by conservative
 * advancement (Mirtich, "Impulse-based dynamic simulation of rigid body
 * systems", PhD thesis, Berkeley 1996, ch. 2; Zhang, Redon, Lee, Kim,
 * "Continuous collision detection for articulated models using Taylor
 * models and temporal culling", SIGGRAPH 2007, for the per-point bound).
 *
 * The motion. A's frame's origin moves c(u) = a0 + u (a1 - a0) and its
 * turn is R(u) = Rot(k, u theta) R0 for u in [0, 1]: the shortest arc from
 * R0 to R1 at a constant rate, about one fixed world axis k (Shoemake,
 * SIGGRAPH 1985: slerp(q0, q1, u) = (q1 q0^-1)^u q0, a turn about the
 * axis of q1 q0^-1 by u times its angle). Two angles turn about +z by the
 * difference taken into [-pi, pi] (beyond pi the other way round); a
 * quaternion pair whose dot product is negative has q1 negated first, so
 * theta <= pi. A point of A, x(u) = c(u) + R(u) v, has the velocity
 *   x'(u) = (a1 - a0) + theta k x (R(u) v),
 * so |x'(u)| <= |a1 - a0| + theta |v| <= L = |a1 - a0| + theta r_A, where
 * r_A is A's radius about its frame's origin (A.radius).
 *
 * The bound. B is fixed. dist(A(u), B) = min |x - y| over x in A(u), y in
 * B; every x moves at most L |u' - u| between u and u', so
 *   dist(A(u'), B) >= dist(A(u), B) - L |u' - u|             (1)
 * (the distance is L-Lipschitz in u). For one unit direction n and one
 * corner v_i, f_i(u) = n . x_i(u) has f_i' = n . (a1 - a0) +
 * theta n . (k x p_i) with p_i = R(u) v_i, and f_i'' = theta^2 n . (k x
 * (k x p_i)), so |f_i''| <= theta^2 rho_i, rho_i = |k x p_i| (the
 * corner's distance from the axis, unchanged by the turn). Taylor:
 *   f_i(u + h) >= f_i(u) + f_i'(u) h - theta^2 rho_i h^2 / 2.      (2)
 *
 * The certified distance. For any unit n, the separation along n,
 *   g(u) = min_i n . x_i(u) - max_j n . y_j
 * (x_i A's corners, y_j B's), is at most the distance: for the closest
 * points x, y, n . (x - y) <= |x - y|, and min/max over the corners are
 * those over the hulls (a linear function is extreme at a corner). So g
 * is a lower bound of the distance whatever n is. n is the better of two
 * directions: the one GJK converges to (Gilbert, Johnson, Keerthi, IEEE
 * J. Robotics and Automation 4(2), 1988; the stopping rule of van den
 * Bergen, "A fast and robust GJK implementation", JGT 4(2), 1999), and
 * the normal of the feature its last simplex spans (see gjk(): near
 * contact GJK's own direction loses eps |x| / gap); with them g is the
 * distance to rounding. g is computed in floating point from rounded
 * corners: they are off their exact place on the path by less than
 * 16 eps (|c(u)| + r_A) (a rotation built from sin and cos, a product and
 * a sum), each dot product with the unit n by 4 eps of the point's
 * length, and n's length is 1 to 4 eps; round_k (64 eps of the scene's
 * size) bounds their sum and is subtracted. So g(u) - round_k is at most
 * the distance of the exact shapes on the exact path. (The world's
 * spinning shapes, collide_spin.c, give as B a mover's corners grown by
 * its radius rB: g less rB, the same proof.)
 *
 * The step. From a moment u at which g = g(u) - round_k > 0, A cannot
 * reach B before u + h for either of two h:
 *   - h = g / L, by (1);
 *   - the least over the corners of the first root of the quadratic of
 *     (2) against max_j n . y_j: while every corner stays above B's top
 *     along n, n separates them. This follows a corner that comes
 *     straight at B with its actual speed (Newton-like steps near a
 *     contact) and one that passes by with its curvature (for a step of
 *     at most H, a tighter curvature: see the loop).
 * The step taken is the larger (each is proven; the rates and curvatures
 * are padded by 1e-12 of themselves for their rounding). Repeated until
 * g <= tol: the contact, at a u never later than the first contact (every
 * moment before it is proven apart) and at which the shapes are at most
 * tol + 2 round_k apart. tol is 1e-9 L (the motion's size), never less
 * than 4 round_k (a motion smaller than the coordinates' rounding).
 * Past u = 1: no contact.
 *
 * How many steps. While g > tol each step is at least g / L > 1e-9: at
 * most 1e9 steps, proven; a bound near it can be met (A passing along B
 * just above tol for the whole step, if the curvature bound is loose). In
 * practice 4 steps on average, a slow approach a few hundred
 * (tests/turning_referee.c and bench/peers/box2d_toi.cpp print the
 * worst; docs/convex.md has them); GJK starts each step from the last
 * one's simplex. The loop stops after
 * COLLIDE_TURNING_MAX_STEPS, and a contact is then reported at the last
 * moment proven apart: still never late, earlier than the tolerance.
 *
 * Degenerate inputs: no turn (theta = 0: equal rotations, two angles that
 * differ by a multiple of 2 pi computed as 0) is collide_sweep_convex_convex
 * itself; overlapping or touching at u = 0 (the first step finds them
 * within tol: then the exact test decides) is collide_sweep_convex_convex
 * at u = 0 (its shortest translation normal, ties against the motion, the
 * 2D rule); no motion at all is one of these; a NaN, infinite or too
 * large angle or quaternion component, or a quaternion off unit by more
 * than 1e-6, is an error on that argument.
 *
 * point, normal, feature at a contact: the normal is n (from B toward A;
 * there the normal of GJK's last feature, a face's or an edge pair's own
 * normal, whenever it proves the gap to the tolerance), the point GJK's
 * closest point on B, the feature B's support set along n (its corners
 * within 1e-9 of the scene's size of the extreme: one a vertex, two an
 * edge, more a face), as collide_convex.c's sweeps classify it.
 */
#include "collide_prims.h"
#include "collide_turning.h"

/* ---- rotations -------------------------------------------------------------- */

typedef struct quat { double w, x, y, z; } quat;
typedef struct rot3 { vec3 r[3]; } rot3;

static vec3 rot_apply(const rot3 *R, vec3 v) {
  return v3(v_dot(R->r[0], v), v_dot(R->r[1], v), v_dot(R->r[2], v));
}

static void rot_angle(double t, rot3 *R) {
  double c, s;
  collide__angle_cos_sin(t, &c, &s);
  R->r[0] = v3(c, -s, 0);
  R->r[1] = v3(s, c, 0);
  R->r[2] = v3(0, 0, 1);
}

/* The matrix of a unit quaternion (Shoemake 1985), the same expression as
   collide_convex.c's, so that B and A at u = 0 are placed bit for bit as
   collide_sweep_convex_convex places them. */
static void rot_quat(quat q, rot3 *R) {
  double w = q.w, x = q.x, y = q.y, z = q.z;
  R->r[0] = v3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y));
  R->r[1] = v3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x));
  R->r[2] = v3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y));
}

/* 0, or the reason the rotation is refused; a quaternion is normalized as
   collide_convex.c normalizes it, an angle is turned into its quaternion
   about z, (cos(a / 2), 0, 0, sin(a / 2)). a / 2 is exact (a halved
   double, and an angle is far above the subnormals or zero), and its
   cosine and sine are collide__angle_cos_sin's: the C library's within
   2^30 (bit for bit as before), beyond it those of a / 2 less its whole
   turns (collide_prims.c's Payne-Hanek reduction), which is a reduced
   mod 4 pi: the quaternion's own period (its sign is part of it). The C
   library's cos(a / 2) of a huge a was mingw-w64's, off by a radian. */
static int rot_read(const collide_rotation *r, quat *q) {
  if (r->is_angle) {
    double c, s;
    if (!num_ok(r->angle)) return collide_check_number(r->angle);
    collide__angle_cos_sin(0.5 * r->angle, &c, &s);
    q->w = c;
    q->x = q->y = 0;
    q->z = s;
    return 0;
  } else {
    double n2, k;
    if (!num_ok(r->w)) return collide_check_number(r->w);
    if (!num_ok(r->x)) return collide_check_number(r->x);
    if (!num_ok(r->y)) return collide_check_number(r->y);
    if (!num_ok(r->z)) return collide_check_number(r->z);
    q->w = r->w;
    q->x = r->x;
    q->y = r->y;
    q->z = r->z;
    n2 = q->w * q->w + q->x * q->x + q->y * q->y + q->z * q->z;
    if (!(fabs(n2 - 1) <= 1e-6)) return COLLIDE_E_NOT_UNIT_ROTATION;
    if (n2 != 1) {
      k = 1 / sqrt(n2);
      q->w *= k; q->x *= k; q->y *= k; q->z *= k;
    }
    return 0;
  }
}

static quat q_mul(quat a, quat b) {
  quat r;
  r.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
  r.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
  r.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
  r.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
  return r;
}

/* The turn during the step. planar: R(u) = Rz(t0 + u dt), exactly the
   angle's matrix at u = 0, a flat shape stays in z = 0 exactly. Else
   R(u) = matrix of (cos(u theta / 2), k sin(u theta / 2)) q0. omega =
   theta k (dt z when planar) is the angular velocity per unit of u. */
typedef struct path {
  int planar;
  double t0, dt;
  quat q0;
  vec3 k, omega;
  double theta;
} path;

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static void path_make(const collide_rotation *r0, const collide_rotation *r1,
                      quat q0, quat q1, path *p) {
  p->planar = r0->is_angle && r1->is_angle;
  p->q0 = q0;
  if (p->planar) {
    double t0 = r0->angle, dt = r1->angle - r0->angle;
    /* An angle beyond 2^30 is taken less its whole turns
       (collide__angle_reduce, collide_prims.c: Payne and Hanek's
       reduction, to rounding; rot_angle's matrix of it is the one
       collide__angle_cos_sin makes of the angle itself, so R(0) is still
       collide_sweep_convex_convex's bit for bit), and the turn is the
       difference of the two reduced angles. Before, r1 - r0 was rounded
       to the huge one's spacing (1e34 at 9e49), its remainder by the
       double 2 pi was off by n 2.4e-16 for its n = 1e49 whole turns,
       and t0 + u dt at t0 = 9e49 rounded the turn away (the shape never
       turned). Both within 2^30: as before, bit for bit. */
    if (!(fabs(t0) <= 0x1p30 && fabs(r1->angle) <= 0x1p30)) {
      dt = collide__angle_reduce(r1->angle) - collide__angle_reduce(t0);
      if (fabs(t0) > 0x1p30) t0 = collide__angle_reduce(t0);
    }
    /* the shortest arc: a difference beyond pi turns the other way round
       (remainder() is C99's IEEE remainder, in [-pi, pi]); exactly +-pi
       (as the double M_PI) keeps its sign */
    if (fabs(dt) > M_PI) dt = remainder(dt, 2 * M_PI);
    p->t0 = t0;
    p->dt = dt;
    p->theta = fabs(dt);
    p->k = v3(0, 0, dt < 0 ? -1 : 1);
    p->omega = v3(0, 0, dt);
  } else {
    quat c0 = {q0.w, -q0.x, -q0.y, -q0.z}, rel;
    p->t0 = p->dt = 0;
    double s;
    if (q0.w * q1.w + q0.x * q1.x + q0.y * q1.y + q0.z * q1.z < 0) {
      q1.w = -q1.w; q1.x = -q1.x; q1.y = -q1.y; q1.z = -q1.z;
    }
    rel = q_mul(q1, c0);           /* q1 q0^-1: the turn from q0 to q1 */
    s = sqrt(rel.x * rel.x + rel.y * rel.y + rel.z * rel.z);
    if (s == 0) {
      p->theta = 0;
      p->k = v3(0, 0, 1);
    } else {
      /* atan2 keeps a small angle's digits (acos of w would not) */
      p->theta = 2 * atan2(s, fabs(rel.w));
      p->k = v_scale(v3(rel.x, rel.y, rel.z), (rel.w < 0 ? -1 : 1) / s);
    }
    p->omega = v_scale(p->k, p->theta);
  }
}

static void path_rot(const path *p, double u, rot3 *R) {
  if (p->planar) {
    rot_angle(p->t0 + u * p->dt, R);
  } else if (u == 0) {
    rot_quat(p->q0, R);
  } else {
    double h = 0.5 * u * p->theta, s = sin(h);
    quat t;
    t.w = cos(h);
    t.x = p->k.x * s;
    t.y = p->k.y * s;
    t.z = p->k.z * s;
    rot_quat(q_mul(t, p->q0), R);
  }
}

/* ---- GJK: the closest points of two point sets' hulls --------------------------- */

/* The point of the hull of w[0 .. n) (n <= 4) nearest the origin, by
   trying every sub-simplex: the projection of the origin on its affine
   hull (the Gram system), kept when its barycentric coordinates are all
   >= 0; the nearest kept one is the answer (every kept point is in the
   hull, and the nearest point of the hull is the projection on the face
   it lies inside). lam gets the barycentric coordinates; returns the
   point. Singular sub-simplices (a degenerate triangle or tetrahedron,
   as a 2D scene gives) are skipped: their faces cover them. */
static vec3 simplex_closest(const vec3 *w, int n, double *lam) {
  int mask, best_mask = 1, i;
  double best = HUGE_VAL, best_l[4] = {1, 0, 0, 0};
  vec3 best_p = w[0];
  for (mask = 1; mask < (1 << n); mask++) {
    int idx[4] = {0, 0, 0, 0}, m = 0;
    double l[4] = {0, 0, 0, 0}, mu[3] = {0, 0, 0}, d2;
    vec3 p, e[3], w0;
    for (i = 0; i < n; i++)
      if (mask & (1 << i)) idx[m++] = i;
    w0 = w[idx[0]];
    for (i = 1; i < m; i++) e[i - 1] = v_sub(w[idx[i]], w0);
    if (m == 2) {
      double g = v_dot(e[0], e[0]);
      if (!(g > 0)) continue;
      mu[0] = -v_dot(e[0], w0) / g;
    } else if (m == 3) {
      double g00 = v_dot(e[0], e[0]), g01 = v_dot(e[0], e[1]),
             g11 = v_dot(e[1], e[1]), r0 = -v_dot(e[0], w0),
             r1 = -v_dot(e[1], w0), det = g00 * g11 - g01 * g01;
      if (!(det > 1e-13 * g00 * g11)) continue;
      mu[0] = (r0 * g11 - r1 * g01) / det;
      mu[1] = (g00 * r1 - g01 * r0) / det;
    } else if (m == 4) {
      vec3 c12 = v_cross(e[1], e[2]), c20 = v_cross(e[2], e[0]),
           c01 = v_cross(e[0], e[1]);
      double det = v_dot(e[0], c12);
      double sz = v_len(e[0]) * v_len(e[1]) * v_len(e[2]);
      if (!(fabs(det) > 1e-13 * sz)) continue;
      /* solve E mu = -w0 (E's columns e0, e1, e2) by Cramer's rule */
      mu[0] = -v_dot(w0, c12) / det;
      mu[1] = -v_dot(w0, c20) / det;
      mu[2] = -v_dot(w0, c01) / det;
    }
    l[0] = 1;
    for (i = 1; i < m; i++) {
      l[i] = mu[i - 1];
      l[0] -= mu[i - 1];
    }
    for (i = 0; i < m; i++)
      if (l[i] < 0) break;
    if (i < m) continue;
    p = v_scale(w0, l[0]);
    for (i = 1; i < m; i++) p = v_madd(p, w[idx[i]], l[i]);
    d2 = v_len2(p);
    if (d2 < best) {
      best = d2;
      best_p = p;
      best_mask = mask;
      for (i = 0; i < 4; i++) best_l[i] = 0;
      for (i = 0; i < m; i++) best_l[idx[i]] = l[i];
    }
  }
  (void)best_mask;
  for (i = 0; i < n; i++) lam[i] = best_l[i];
  return best_p;
}

/* v = the point of the hull of {x_i - y_j} nearest the origin (to 1e-12
   of its length: van den Bergen's rule |v|^2 - v.w <= 1e-12 |v|^2), the
   closest point on B's hull into pb, and the normal of the difference's
   feature the simplex ends on into *feat (zero when there is none).

   Why the second direction: near contact v is a difference of points of
   the scene's size that nearly cancel, so its direction is off by about
   eps |x| / |v| (1e-7 at a gap of 1e-9 of the size), and the separation
   along it, which projects whole faces, loses that much times the size.
   The feature's normal is formed from the simplex's edges (differences
   of corners, exact to eps of their length) by cross products: a
   triangle's normal, a segment's e x (w0 x e), which stays orthogonal to
   the edge to eps; the separation along it is the gap to rounding. */
typedef struct simplex { int n, ia[4], jb[4]; } simplex;

static vec3 gjk(const vec3 *xa, int na, const vec3 *yb, int nb, vec3 *pa,
                vec3 *pb, vec3 *feat, simplex *warm) {
  vec3 w[4], v;
  int ia[4], jb[4], n = 1, it, i;
  double lam[4] = {1, 0, 0, 0}, v2;
  ia[0] = 0;
  jb[0] = 0;
  w[0] = v_sub(xa[0], yb[0]);
  v = w[0];
  if (warm->n > 0) {
    /* from the last step's simplex: the same features, moved a little */
    int m = 0;
    n = warm->n;
    for (i = 0; i < n; i++) {
      ia[i] = warm->ia[i];
      jb[i] = warm->jb[i];
      w[i] = v_sub(xa[ia[i]], yb[jb[i]]);
    }
    v = simplex_closest(w, n, lam);
    for (i = 0; i < n; i++) {
      if (lam[i] > 0) {
        w[m] = w[i];
        ia[m] = ia[i];
        jb[m] = jb[i];
        lam[m] = lam[i];
        m++;
      }
    }
    n = m;
  }
  for (it = 0; it < 64; it++) {
    int bi = 0, bj = 0, dup = 0;
    double lo, hi, vw;
    vec3 nw, nv;
    double nlam[4];
    v2 = v_len2(v);
    if (v2 == 0) break;
    lo = v_dot(v, xa[0]);
    for (i = 1; i < na; i++) {
      double t = v_dot(v, xa[i]);
      if (t < lo) { lo = t; bi = i; }
    }
    hi = v_dot(v, yb[0]);
    for (i = 1; i < nb; i++) {
      double t = v_dot(v, yb[i]);
      if (t > hi) { hi = t; bj = i; }
    }
    nw = v_sub(xa[bi], yb[bj]);
    vw = v_dot(v, nw);
    if (v2 - vw <= 1e-12 * v2) break;
    for (i = 0; i < n; i++)
      if (ia[i] == bi && jb[i] == bj) dup = 1;
    if (dup || n == 4) break;
    w[n] = nw;
    ia[n] = bi;
    jb[n] = bj;
    n++;
    nv = simplex_closest(w, n, nlam);
    if (!(v_len2(nv) < v2)) {   /* no progress (rounding): keep v */
      n--;
      break;
    }
    v = nv;
    /* keep the vertices that carry the closest point */
    {
      int m = 0;
      for (i = 0; i < n; i++) {
        if (nlam[i] > 0) {
          w[m] = w[i];
          ia[m] = ia[i];
          jb[m] = jb[i];
          lam[m] = nlam[i];
          m++;
        }
      }
      n = m;
    }
  }
  {
    vec3 p = v3(0, 0, 0), q = v3(0, 0, 0);
    double s = 0;
    for (i = 0; i < n; i++) {
      p = v_madd(p, yb[jb[i]], lam[i]);
      q = v_madd(q, xa[ia[i]], lam[i]);
      s += lam[i];
    }
    *pb = s > 0 ? v_scale(p, 1 / s) : yb[jb[0]];
    *pa = s > 0 ? v_scale(q, 1 / s) : xa[ia[0]];
  }
  warm->n = n;
  for (i = 0; i < n; i++) {
    warm->ia[i] = ia[i];
    warm->jb[i] = jb[i];
  }
  *feat = v3(0, 0, 0);
  if (n == 1) {
    *feat = w[0];
  } else if (n == 2) {
    vec3 e = v_sub(w[1], w[0]);
    *feat = v_cross(e, v_cross(w[0], e));
  } else if (n == 3) {
    vec3 t = v_cross(v_sub(w[1], w[0]), v_sub(w[2], w[0]));
    *feat = v_dot(t, w[0]) < 0 ? v_neg(t) : t;
  }
  return v;
}

/* ---- the sweep ---------------------------------------------------------------- */

/* The first h >= 0 at which a - b h - c h^2 reaches 0 (a > 0, c >= 0),
   HUGE_VAL for none; each branch free of cancellation. b = 0 with 4 a c
   underflowed to 0 (a spin of 1e-300: c its square) is sqrt(a / c), the
   root of a - c h^2, or none when c = 0 (the quotient divided by 0; found
   by fuzz target sensor_spin). */
static double first_root(double a, double b, double c) {
  if (b >= 0) {
    double s = b + sqrt(b * b + 4 * a * c);
    if (!(s > 0)) return c > 0 ? sqrt(a / c) : HUGE_VAL;
    return 2 * a / s;
  }
  if (c > 0) return (-b + sqrt(b * b + 4 * a * c)) / (2 * c);
  return HUGE_VAL;
}

/* min_i n . x_i - max_j n . y_j, and the max into *top */
static double separation(vec3 n, const vec3 *xa, int na, const vec3 *yb, int nb,
                         double *top) {
  double lo = HUGE_VAL, hi = -HUGE_VAL;
  int i;
  for (i = 0; i < na; i++) lo = dmin(lo, v_dot(n, xa[i]));
  for (i = 0; i < nb; i++) hi = dmax(hi, v_dot(n, yb[i]));
  *top = hi;
  return lo - hi;
}

static double maxabs(vec3 v) { return dmax(fabs(v.x), dmax(fabs(v.y), fabs(v.z))); }

/* Whether both point sets lie in one plane normal to the unit n (within
   eps): two flat shapes in one plane (2D) and n that plane's normal,
   along which they always touch. */
static int flat_across(vec3 n, const vec3 *xa, int na, const vec3 *yb, int nb,
                       double eps) {
  double lo = HUGE_VAL, hi = -HUGE_VAL;
  int i;
  for (i = 0; i < na; i++) {
    double t = v_dot(n, xa[i]);
    lo = dmin(lo, t);
    hi = dmax(hi, t);
  }
  for (i = 0; i < nb; i++) {
    double t = v_dot(n, yb[i]);
    lo = dmin(lo, t);
    hi = dmax(hi, t);
  }
  return hi - lo <= eps;
}

/* What the advancement found: the moment, the normal n (from B toward
   A), the closest points on A (pa) and on B's surface (pb), the
   features of A (its support set along -n) and B (along n). */
typedef struct contact_out {
  double u;
  vec3 n, pa, pb;
  int feat_a, feat_b;
} contact_out;

static int feature_of(int count) {
  return count <= 1 ? COLLIDE_FEATURE_VERTEX
       : count == 2 ? COLLIDE_FEATURE_EDGE : COLLIDE_FEATURE_FACE;
}

/* A second hull that turns too (the world's two spinning shapes, a
   sensor and another): B on path PB, its frame's origin moving b0 -> b1
   over the same u. */
typedef struct turning_b {
  const collide_convex *B;
  path P;
  vec3 b0, b1;
} turning_b;

/* The advancement: A (the hull) on path P, its frame's origin moving a0
   -> a1, against the fixed points yb[0 .. nb) grown by the radius rB (0
   for a hull, the radius of a sphere or a capsule), or, when TB is not
   NULL, against the hull TB->B turning and moving on its own path (yb
   unused; rB 0). 0 no contact, 1 a contact in *co, 2 a contact at u = 0
   (within the tolerance: the caller may ask an exact test), the step
   count into *steps.

   B turning: its corners y_j(u) = b(u) + RB(u) w_j move too. The bound
   (1) holds with L the sum of both shapes' speed bounds (each point of
   either moves at most its L times |u' - u|: the distance, a minimum
   over pairs, shrinks at most at their sum). In (2), B's top along n,
   max_j n . y_j(u + h), is at most its value now plus h max_j n . y_j'(u)
   plus theta_B^2 max_j rho_j h^2 / 2 (the same Taylor bound for each of
   B's corners, the maximum of the upper bounds bounding the maximum):
   each corner of A is then held above that moving top. */
static int advance_scaled(const collide_convex *A, int kA, const path *P,
                          vec3 a0, vec3 a1, const vec3 *yb, int nb, double rB,
                          const turning_b *TB, double fine, int cap, int *capped,
                          contact_out *co, int *steps) {
  vec3 xa[COLLIDE_MAX_CONVEX_POINTS], pa[COLLIDE_MAX_CONVEX_POINTS];
  vec3 ybuf[COLLIDE_MAX_CONVEX_POINTS], pbv[COLLIDE_MAX_CONVEX_POINTS], dB = v3(0, 0, 0);
  double ca[COLLIDE_MAX_CONVEX_POINTS], cb[COLLIDE_MAX_CONVEX_POINTS],
         cs[COLLIDE_MAX_CONVEX_POINTS], ct[COLLIDE_MAX_CONVEX_POINTS];
  vec3 d, n_prev = v3(0, 0, 1);
  double L, tol, u = 0, rA, scaleB = 0, hB = 0, round_k;
  int filled;
  int i, it, na = A->vertex_count;
  simplex warm;
  warm.n = 0;
  *steps = 0;
  if (TB) {
    /* every corner of B within its radius of its origin, on b0 b1 */
    nb = TB->B->vertex_count;
    yb = ybuf;
    rB = 0;
    dB = v_sub(TB->b1, TB->b0);
    scaleB = dmax(maxabs(TB->b0), maxabs(TB->b1)) + TB->B->radius;
  }
  for (i = 0; i < nb && !TB; i++) scaleB = dmax(scaleB, maxabs(yb[i]));
  scaleB += rB;
  if (kA == 0) {
    rA = A->radius;
  } else {   /* (A's corners scaled by 2^kA: its radius so, from them) */
    rA = 0;
    for (i = 0; i < na; i++) rA = dmax(rA, v_len(v_ldexp(A->vertices[i], kA)));
  }
  d = v_sub(a1, a0);
  L = (v_len(d) + P->theta * rA) * (1 + 1e-12);
  if (TB) L += (v_len(dB) + TB->P.theta * TB->B->radius) * (1 + 1e-12);
  /* the rounding of a gap (see the top): corners 16 eps (|c| + r_A) off,
     dot products 4 eps of the points' length, n unit to 4 eps: 64 eps of
     the scene's size covers them with room */
  round_k = 64 * 2.220446049250313e-16 *
            (rA + dmax(maxabs(a0), maxabs(a1)) * 1.7320508075688772 +
             scaleB * 1.7320508075688772);
  tol = dmax(fine * L, 4 * round_k);
  for (it = 0; it < cap; it++) {
    rot3 R;
    vec3 c = v_madd(a0, d, u), v, pbc, pac, n, feat;
    double g, vlen, h, hq = HUGE_VAL;
    int from_feat = 0;
    *steps = it + 1;
    path_rot(P, u, &R);
    for (i = 0; i < na; i++) {
      pa[i] = rot_apply(&R, kA == 0 ? A->vertices[i] : v_ldexp(A->vertices[i], kA));
      xa[i] = v_add(pa[i], c);
    }
    if (TB) {
      rot3 RB;
      vec3 cB = v_madd(TB->b0, dB, u);
      path_rot(&TB->P, u, &RB);
      for (i = 0; i < nb; i++) {
        pbv[i] = rot_apply(&RB, TB->B->vertices[i]);
        ybuf[i] = v_add(pbv[i], cB);
      }
    }
    v = gjk(xa, na, yb, nb, &pac, &pbc, &feat, &warm);
    vlen = v_len(v);
    n = vlen > 0 ? v_scale(v, 1 / vlen) : n_prev;
    g = vlen > 0 ? separation(n, xa, na, yb, nb, &hB) - rB - round_k : 0;
    if (vlen > 0 && v_len2(feat) > 0) {
      /* the feature's normal, when it proves more; at a contact, when it
         proves as much to the tolerance (it is the face's or the edge
         pair's own normal, GJK's is off by eps |x| / gap) */
      vec3 nf = v_normalize(feat);
      double hf, gf = separation(nf, xa, na, yb, nb, &hf) - rB - round_k;
      /* (not the normal of the plane of two flat shapes in it: GJK's
         simplex lies in that plane at a contact, its "face" normal is
         the plane's, and along it they always touch -- with angles near
         1e6, whose turned corners round more, it won over GJK's own
         direction and a 2D contact came out with the normal (0, 0, 1)) */
      if ((gf > g || (dmin(g, gf) <= tol && gf >= g - tol)) &&
          !(rB == 0 && flat_across(nf, xa, na, yb, nb, 4 * round_k))) {
        g = dmax(g, gf);
        n = nf;
        hB = hf;
        from_feat = 1;
      }
    }
    if (g <= tol) {
      /* the contact */
      double ftol = 1e-9 * (scaleB + maxabs(c) + rA + L), lo = HUGE_VAL;
      int cb_ = 0, ca_ = 0;
      if (vlen == 0 || (it > 0 && !from_feat && vlen <= round_k)) {
        /* overlapping by rounding, or GJK's direction as short as the
           rounding (its direction is noise): n is the last step's */
        if (vlen > 0) n = n_prev;
        hB = -HUGE_VAL;
        for (i = 0; i < nb; i++) hB = dmax(hB, v_dot(n, yb[i]));
      }
      for (i = 0; i < nb; i++)
        if (v_dot(n, yb[i]) >= hB - ftol) cb_++;
      for (i = 0; i < na; i++) lo = dmin(lo, v_dot(n, xa[i]));
      for (i = 0; i < na; i++)
        if (v_dot(n, xa[i]) <= lo + ftol) ca_++;
      co->u = u;
      co->n = v3(n.x + 0.0, n.y + 0.0, n.z + 0.0);
      co->pa = pac;
      co->pb = v_madd(pbc, n, rB);
      co->feat_a = feature_of(ca_);
      co->feat_b = rB > 0 ? COLLIDE_FEATURE_FACE : feature_of(cb_);
      return u == 0 ? 2 : 1;
    }
    n_prev = n;
    /* the per-corner step, (2): a_i - b_i h - c_i h^2 >= 0 with a_i the
       corner's height over B's top along n, b_i its speed toward B (its
       rounding padded), c_i a bound of its deceleration over the step
       (padded): theta^2 rho_i / 2 for any step; for a step of at most H,
       f_i''(u + t) = -theta^2 (cos(t theta) n.p_perp + sin(t theta)
       n.(k x p)) (p_perp: p_i across the axis) gives the smaller
       theta^2 (|n.p_perp| + min(1, theta H) |n.(k x p)|) / 2, which
       follows a corner sliding level along B. Any H gives a valid step
       min(H, least root); the best of a few H is taken. */
    filled = 0;
    {
      /* B's top along n rises at most at vB, with at most cB of
         acceleration (both 0 for fixed points) */
      double vB = 0, cB = 0;
      if (TB) {
        double rhoB = 0, th = TB->P.theta;
        vB = -HUGE_VAL;
        for (i = 0; i < nb; i++) {
          vec3 kq = v_cross(TB->P.k, pbv[i]);
          vB = dmax(vB, v_dot(n, dB) + th * v_dot(n, kq));
          rhoB = dmax(rhoB, v_len(kq));
        }
        vB += 1e-12 * (v_len(dB) + th * rhoB);
        cB = 0.5 * th * th * rhoB * (1 + 1e-12);
      }
      for (i = 0; i < na; i++) {
        vec3 kp = v_cross(P->k, pa[i]), pp = v_madd(pa[i], P->k, -v_dot(pa[i], P->k));
        double rho = v_len(kp);
        ca[i] = v_dot(n, xa[i]) - hB - rB - round_k;
        cb[i] = -(v_dot(n, d) + P->theta * v_dot(n, kp)) +
                1e-12 * (v_len(d) + P->theta * rho) + vB;
        cs[i] = fabs(v_dot(n, pp)) + 1e-12 * rho;
        ct[i] = fabs(v_dot(n, kp)) + 1e-12 * rho;
        filled = i + 1;
        if (!(ca[i] > 0)) { hq = 0; break; }
        hq = dmin(hq, first_root(ca[i], cb[i],
                                 0.5 * P->theta * P->theta * rho * (1 + 1e-12) + cB));
      }
      if (hq > 0 && hq < HUGE_VAL) {
        double H = hq;
        int k;
        for (k = 0; k < 8; k++) {
          double r = HUGE_VAL, w = dmin(1, P->theta * (H *= 2)) * (1 + 1e-12);
          for (i = 0; i < filled && r > hq; i++)   /* (filled == na here) */
            r = dmin(r, first_root(ca[i], cb[i], 0.5 * P->theta * P->theta *
                                                 (cs[i] + w * ct[i]) * (1 + 1e-12) + cB));
          hq = dmax(hq, dmin(H, r));
          if (r < H) break;
        }
      }
    }
    h = dmax(g / L, hq * (1 - 1e-12));
    if (!(u + h <= 1)) return 0;   /* apart until past the end */
    {
      double next = u + h;
      if (next - u > h) next = nextafter(next, 0);   /* (never rounded up) */
      u = next;
    }
  }
  /* (the step limit: the last moment proven apart) */
  if (capped) *capped = 1;
  {
    double best = -HUGE_VAL;
    co->u = u;
    co->n = v3(n_prev.x + 0.0, n_prev.y + 0.0, n_prev.z + 0.0);
    co->pb = yb[0];
    for (i = 0; i < nb; i++) {
      double t = v_dot(n_prev, yb[i]);
      if (t > best) { best = t; co->pb = yb[i]; }
    }
    co->pb = v_madd(co->pb, n_prev, rB);
    co->pa = co->pb;
    co->feat_a = co->feat_b = COLLIDE_FEATURE_VERTEX;
  }
  return 1;
}

/* The advancement of a scene scaled by a power of two, 2^k, to a size
   near 1 when it is smaller than 2^-100: every quantity of it is a length
   (or a length per unit of u) and every test compares lengths with
   lengths, so the scaled scene takes the very steps of the exact one --
   but squares and cross products of its lengths no longer underflow.
   Unscaled, a hull 1e-200 across had GJK's |v|^2 round to 0 (reported
   touching at u = 0 with the normal (0, 0, 1), across the plane of two
   flat shapes), and one 1e-150 across a face normal normalized from an
   underflowed cross product (0.92 long). Scaling by 2^k is exact (no
   rounding: the exponents shift), and so is scaling the points back.
   Scenes of ordinary size (2^-100 and up) run unscaled, bit for bit as
   before. */
static int advance_run(const collide_convex *A, const path *P, vec3 a0, vec3 a1,
                       const vec3 *yb, int nb, double rB, const turning_b *TB,
                       double fine, int cap, int *capped, contact_out *co,
                       int *steps) {
  vec3 ys[COLLIDE_MAX_CONVEX_POINTS];
  double size = dmax(dmax(A->radius, rB), dmax(maxabs(a0), maxabs(a1)));
  int i, rc, k;
  for (i = 0; i < nb; i++) size = dmax(size, maxabs(yb[i]));
  for (i = 0; i < A->vertex_count; i++) size = dmax(size, maxabs(A->vertices[i]));
  /* (two turning hulls, TB: a sensor's pairs, run unscaled) */
  if (TB || !(size > 0 && size < 0x1p-100) || nb > COLLIDE_MAX_CONVEX_POINTS)
    return advance_scaled(A, 0, P, a0, a1, yb, nb, rB, TB, fine, cap, capped, co, steps);
  /* (ldexp: 2^k itself overflows for a subnormal size, k up to 1074) */
  k = -ilogb(size);
  for (i = 0; i < nb; i++) ys[i] = v_ldexp(yb[i], k);
  rc = advance_scaled(A, k, P, v_ldexp(a0, k), v_ldexp(a1, k), ys, nb, ldexp(rB, k),
                      NULL, fine, cap, capped, co, steps);
  if (rc != 0) {
    co->pa = v_ldexp(co->pa, -k);
    co->pb = v_ldexp(co->pb, -k);
  }
  return rc;
}

int collide__sweep_convex_turning_steps(const collide_convex *A,
                                        const collide_rotation *rot0,
                                        const collide_rotation *rot1,
                                        const collide_vec3 *a0,
                                        const collide_vec3 *a1,
                                        const collide_convex *B,
                                        const collide_rotation *rotB,
                                        const collide_vec3 *b, collide_hit *out,
                                        int *steps) {
  vec3 yb[COLLIDE_MAX_CONVEX_POINTS];
  quat q0, q1, qb;
  rot3 RB;
  path P;
  contact_out co;
  int e, i, rc, nsteps = 0;
  memset(out, 0, sizeof *out);
  if (steps) *steps = 0;
  if (A == NULL || A->vertex_count < 3) return COLLIDE_FAIL(1, COLLIDE_E_FEW_POINTS);
  if ((e = rot_read(rot0, &q0)) != 0) return COLLIDE_FAIL(2, e);
  if ((e = rot_read(rot1, &q1)) != 0) return COLLIDE_FAIL(3, e);
  CHECK_VEC(a0, 4);
  CHECK_VEC(a1, 5);
  if (B == NULL || B->vertex_count < 3) return COLLIDE_FAIL(6, COLLIDE_E_FEW_POINTS);
  if ((e = rot_read(rotB, &qb)) != 0) return COLLIDE_FAIL(7, e);
  CHECK_VEC(b, 8);
  path_make(rot0, rot1, q0, q1, &P);
  /* no turn: the exact sweep under translation, the same answer */
  if (P.theta == 0)
    return collide_sweep_convex_convex(A, rot0, a0, a1, B, rotB, b, out);
  /* B in the world, as collide_convex.c places it */
  if (rotB->is_angle) rot_angle(rotB->angle, &RB);
  else rot_quat(qb, &RB);
  for (i = 0; i < B->vertex_count; i++)
    yb[i] = v_add(rot_apply(&RB, B->vertices[i]), *b);
  rc = advance_run(A, &P, *a0, *a1, yb, B->vertex_count, 0, NULL, 1e-9,
                   COLLIDE_TURNING_MAX_STEPS, NULL, &co, &nsteps);
  if (steps) *steps = nsteps;
  if (rc == 0) return 0;
  if (rc == 2) {
    /* touching or overlapping at the start: the exact test's u = 0
       answer (apart but within the tolerance: the advancement's) */
    int code = collide_sweep_convex_convex(A, rot0, a0, a1, B, rotB, b, out);
    if (code < 0) return code;
    if (code > 0 && out->u == 0) return 1;
    memset(out, 0, sizeof *out);
  }
  out->u = co.u;
  out->normal = co.n;
  out->point = co.pb;
  out->feature = co.feat_b;
  return 1;
}

/* ---- the world's spinning shapes ------------------------------------------------ */

/* The turn spin as an axis k (world) and an angle theta >= 0 (its
   shortest arc), from a quaternion spin. */
static void spin_axis(quat s, vec3 *k, double *theta) {
  double n;
  if (s.w < 0) { s.w = -s.w; s.x = -s.x; s.y = -s.y; s.z = -s.z; }
  n = sqrt(s.x * s.x + s.y * s.y + s.z * s.z);
  if (n == 0) {
    *k = v3(0, 0, 1);
    *theta = 0;
    return;
  }
  *k = v3(s.x / n, s.y / n, s.z / n);
  *theta = 2 * atan2(n, s.w);
}

double collide__spin_angle(const collide_rotation *spin, collide_vec3 *omega) {
  quat q;
  vec3 k;
  double theta;
  if (rot_read(spin, &q) != 0) return -1;
  if (spin->is_angle) {
    if (omega) *omega = v3(0, 0, spin->angle);
    return fabs(spin->angle);
  }
  spin_axis(q, &k, &theta);
  if (omega) *omega = v_scale(k, theta);
  return theta;
}

/* An angle as the world keeps it: as it is within 2^23 rad (where
   doubles are 2^-30 rad apart or closer: below the turning sweeps'
   tolerance, 1e-9 rad, see COLLIDE_MAX_SPIN), so an ordinary shape's
   angle is the plain sum of its turns, bit for bit as before; beyond,
   less the whole turns that bring it into [-pi, pi], to rounding (so
   advance never takes it past the coordinate limit, and a turn added to
   it is not rounded away: at 9e49 a turn of 1 rad was).
   2 pi = TWO_PI_HI + TWO_PI_LO: the double nearest 2 pi and the rest
   (2.449e-16, itself to 6e-33; from 2 pi's decimal digits). Up to 2^30:
   r = remainder(x, TWO_PI_HI) is exactly x - n TWO_PI_HI for the integer
   n nearest x / TWO_PI_HI (IEEE 754's remainder is exact; C99 7.12.10.2),
   n is recovered exactly by rounding (x - r) / TWO_PI_HI (its error is
   far below 1/2 for |n| <= 2^28), and x - 2 pi n = r - n TWO_PI_LO, whose
   product is exact to 2^-52 of 6.6e-8 and whose difference is rounded
   once. Beyond 2^30 (an angle given so, up to the coordinate limit):
   collide__angle_reduce (collide_prims.c), the exact reduction of a large
   argument in integers (Payne and Hanek), within about an ulp, on every
   C library (mingw-w64's sin and cos of 9e49 are off by a radian). */
#define TWO_PI_HI COLLIDE_TWO_PI_HI
#define TWO_PI_LO COLLIDE_TWO_PI_LO
#define ANGLE_KEPT 0x1p23
static double angle_reduced(double x) {
  double r, n;
  if (!(fabs(x) > ANGLE_KEPT)) return x;
  if (!(fabs(x) <= 0x1p30)) return collide__angle_reduce(x);
  r = remainder(x, TWO_PI_HI);
  n = nearbyint((x - r) / TWO_PI_HI);
  return r - n * TWO_PI_LO;
}

/* The path of a spinning shape from the moment ta of the step to the
   moment tb (tb < ta: backwards, the turn undone): its rotation at ta,
   turning by (tb - ta) spin. tb = 1 is the rest of the step. */
static int spin_path_span(const collide_rotation *rot, const collide_rotation *spin,
                          double ta, double tb, path *P) {
  quat qr, qs;
  int e;
  if ((e = rot_read(rot, &qr)) != 0) return e;
  if ((e = rot_read(spin, &qs)) != 0) return e;
  memset(P, 0, sizeof *P);
  if (rot->is_angle && spin->is_angle) {
    P->planar = 1;
    /* (a huge angle within a turn first: added to 9e49 the turn would
       be rounded away) */
    P->t0 = angle_reduced(rot->angle) + ta * spin->angle;
    P->dt = (tb - ta) * spin->angle;
    P->theta = fabs(P->dt);
    P->k = v3(0, 0, P->dt < 0 ? -1 : 1);
    P->omega = v3(0, 0, P->dt);
  } else {
    double theta, h;
    vec3 k;
    quat t;
    if (spin->is_angle) {
      /* an angle turns by itself about z, whatever its size (4 rad a
         step is 4 rad, not the short way round), on a shape whose
         rotation is a quaternion as on one whose rotation is an angle
         (collide__spin_angle's velocity; before, the path took the
         quaternion's shortest arc, -2.28 rad for 4, and a ball was met
         at u 0.67 instead of 0.29) */
      k = v3(0, 0, spin->angle < 0 ? -1 : 1);
      theta = fabs(spin->angle);
    } else {
      spin_axis(qs, &k, &theta);
    }
    h = 0.5 * ta * theta;
    t.w = cos(h);
    t.x = k.x * sin(h);
    t.y = k.y * sin(h);
    t.z = k.z * sin(h);
    P->q0 = ta == 0 ? qr : q_mul(t, qr);
    /* backwards: the turn by -theta about k is the turn by theta about -k */
    P->k = tb < ta ? v_neg(k) : k;
    P->theta = (tb < ta ? ta - tb : tb - ta) * theta;
    P->omega = v_scale(P->k, P->theta);
  }
  return 0;
}

/* The path of a spinning shape from the moment t0 of the step to its end. */
static int spin_path(const collide_rotation *rot, const collide_rotation *spin,
                     double t0, path *P) {
  return spin_path_span(rot, spin, t0, 1, P);
}

int collide__spin_rotation(const collide_rotation *rot, const collide_rotation *spin,
                           double t, collide_rotation *out) {
  path P;
  int e = spin_path(rot, spin, t, &P);
  if (e) return e;
  memset(out, 0, sizeof *out);
  if (P.planar) {
    out->is_angle = 1;
    out->angle = P.t0;
  } else {
    double n = sqrt(P.q0.w * P.q0.w + P.q0.x * P.q0.x + P.q0.y * P.q0.y + P.q0.z * P.q0.z);
    out->w = P.q0.w / n;
    out->x = P.q0.x / n;
    out->y = P.q0.y / n;
    out->z = P.q0.z / n;
  }
  return 0;
}

int collide__spin_advance(const collide_rotation *rot, const collide_rotation *spin,
                          collide_rotation *out) {
  int e = collide__spin_rotation(rot, spin, 1, out);
  if (e == 0 && out->is_angle) out->angle = angle_reduced(out->angle);
  return e;
}

int collide__spin_sweep_span(const collide_convex *A, const collide_rotation *rot,
                             const collide_rotation *spin, const collide_vec3 *pos,
                             const collide_vec3 *vel, double ta, double tb,
                             const collide_vec3 *y, int ny, double r,
                             const collide_vec3 *d, collide_hit *out) {
  return collide__spin_sweep_fine(A, rot, spin, pos, vel, ta, tb, y, ny, r, d, 1e-9,
                                  COLLIDE_TURNING_MAX_STEPS, NULL, out);
}

int collide__spin_sweep_fine(const collide_convex *A, const collide_rotation *rot,
                             const collide_rotation *spin, const collide_vec3 *pos,
                             const collide_vec3 *vel, double ta, double tb,
                             const collide_vec3 *y, int ny, double r,
                             const collide_vec3 *d, double fine, int cap, int *capped,
                             collide_hit *out) {
  path P;
  contact_out co;
  vec3 a0, a1;
  int rc, steps;
  memset(out, 0, sizeof *out);
  if (spin_path_span(rot, spin, ta, tb, &P) != 0) return 0;
  /* the mover held where it starts: A's origin from its place at ta to
     its place at tb less the mover's motion */
  a0 = v_madd(*pos, *vel, ta);
  a1 = v_sub(v_madd(*pos, *vel, tb), *d);
  rc = advance_run(A, &P, a0, a1, y, ny, r, NULL, fine, cap, capped, &co, &steps);
  if (rc == 0) return 0;
  out->u = co.u;
  out->normal = v3(0.0 - co.n.x, 0.0 - co.n.y, 0.0 - co.n.z);
  out->point = v_madd(co.pa, *d, co.u);
  out->feature = co.feat_a;
  return rc;
}

int collide__spin_sweep(const collide_convex *A, const collide_rotation *rot,
                        const collide_rotation *spin, const collide_vec3 *pos,
                        const collide_vec3 *vel, double t0, const collide_vec3 *y,
                        int ny, double r, const collide_vec3 *d, collide_hit *out) {
  return collide__spin_sweep_span(A, rot, spin, pos, vel, t0, 1, y, ny, r, d, out);
}

/* 1 when GJK's last simplex (warm) of the differences xa[i] - y[j] holds
   the origin strictly inside, beyond what moving each difference by up
   to delta (their rounding) could change: the hulls then overlap for
   certain. A tetrahedron: for each face a b c the origin lies on the
   side of the opposite corner, by a signed volume w_a . (w_b x w_c)
   larger than the most a move of delta in every point could change it,
   sqrt 3 delta times the sum of the three cross products' lengths, plus
   its own rounding (8 eps of |w_a| |w_b| |w_c|). A triangle when every point lies in z = 0
   exactly (a 2D scene: then so do the differences): the same in the
   plane with the three 2D cross products. Else 0 (the caller asks the
   exact kernels). */
static int overlap_certain(const vec3 *xa, int na, const vec3 *yb, int nb,
                           const simplex *sx, double delta) {
  vec3 w[4];
  int i, k, sign = 0;
  for (i = 0; i < sx->n; i++) w[i] = v_sub(xa[sx->ia[i]], yb[sx->jb[i]]);
  if (sx->n == 4) {
    for (k = 0; k < 4; k++) {
      vec3 a = w[(k + 1) % 4], b = w[(k + 2) % 4], c = w[(k + 3) % 4];
      /* the origin's side of the face a b c, -vol = ((b - a) x (c - a)).(0
         - a), against w[k]'s, sk: inside when they agree (and the origin
         is no farther from the face than w[k] is) */
      double vol = v_dot(a, v_cross(b, c)), err;
      double sk = v_dot(v_cross(v_sub(b, a), v_sub(c, a)), v_sub(w[k], a));
      err = 1.7320508075688772 * delta *
                (v_len(v_cross(b, c)) + v_len(v_cross(c, a)) + v_len(v_cross(a, b))) *
                (1 + 1e-12) +
            8 * 2.220446049250313e-16 * v_len(a) * v_len(b) * v_len(c);
      if (!(fabs(vol) > err) || !(-vol * sk > 0) || !(fabs(sk) >= fabs(vol))) return 0;
    }
    return 1;
  }
  if (sx->n == 3) {
    for (i = 0; i < na; i++)
      if (xa[i].z != 0) return 0;
    for (i = 0; i < nb; i++)
      if (yb[i].z != 0) return 0;
    for (k = 0; k < 3; k++) {
      vec3 a = w[k], b = w[(k + 1) % 3];
      double c2 = a.x * b.y - a.y * b.x;
      double err = 1.4142135623730951 * delta * (v_len(a) + v_len(b)) * (1 + 1e-12) +
                   4 * 2.220446049250313e-16 * v_len(a) * v_len(b);
      if (!(fabs(c2) > err)) return 0;
      if (sign == 0) sign = c2 > 0 ? 1 : -1;
      else if ((c2 > 0 ? 1 : -1) != sign) return 0;
    }
    return 1;
  }
  return 0;
}

int collide__spin_touch_hint(const collide_convex *A, const collide_rotation *rot,
                             const collide_vec3 *pos, const collide_vec3 *y, int ny,
                             double r) {
  vec3 xa[COLLIDE_MAX_CONVEX_POINTS], v, pa, pb, feat;
  quat q;
  rot3 R;
  simplex warm;
  double scaleB = 0, round_k, vlen, top;
  int i;
  if (rot_read(rot, &q) != 0) return -1;
  if (rot->is_angle) rot_angle(rot->angle, &R);
  else rot_quat(q, &R);
  for (i = 0; i < A->vertex_count; i++) xa[i] = v_add(rot_apply(&R, A->vertices[i]), *pos);
  for (i = 0; i < ny; i++) scaleB = dmax(scaleB, maxabs(y[i]));
  /* the rounding of a gap, as the advancement's (see the top) */
  round_k = 64 * 2.220446049250313e-16 *
            (A->radius + maxabs(*pos) * 1.7320508075688772 +
             (scaleB + r) * 1.7320508075688772);
  warm.n = 0;
  v = gjk(xa, A->vertex_count, y, ny, &pa, &pb, &feat, &warm);
  vlen = v_len(v);
  /* v is a point of the hulls' difference: the distance is at most |v| */
  if (vlen + round_k < r) return 1;
  /* and at least the separation along v's direction */
  if (vlen > 0 &&
      separation(v_scale(v, 1 / vlen), xa, A->vertex_count, y, ny, &top) - round_k > r)
    return 0;
  /* (GJK's v at an overlap is a rounding-sized vector: the simplex it
     ends on decides) */
  if (overlap_certain(xa, A->vertex_count, y, ny, &warm, 2 * round_k)) return 1;
  return -1;
}

int collide__spin_sweep_both(const collide_convex *A, const collide_rotation *rotA,
                             const collide_rotation *spinA, const collide_vec3 *posA,
                             const collide_vec3 *velA, const collide_convex *B,
                             const collide_rotation *rotB, const collide_rotation *spinB,
                             const collide_vec3 *posB, const collide_vec3 *velB,
                             double ta, double tb, collide_hit *out) {
  return collide__spin_sweep_both_fine(A, rotA, spinA, posA, velA, B, rotB, spinB, posB,
                                       velB, ta, tb, 1e-9, COLLIDE_TURNING_MAX_STEPS, NULL,
                                       out);
}

int collide__spin_sweep_both_fine(const collide_convex *A, const collide_rotation *rotA,
                                  const collide_rotation *spinA, const collide_vec3 *posA,
                                  const collide_vec3 *velA, const collide_convex *B,
                                  const collide_rotation *rotB,
                                  const collide_rotation *spinB, const collide_vec3 *posB,
                                  const collide_vec3 *velB, double ta, double tb,
                                  double fine, int cap, int *capped, collide_hit *out) {
  path P;
  turning_b TB;
  contact_out co;
  vec3 a0, a1;
  int rc, steps;
  memset(out, 0, sizeof *out);
  if (spin_path_span(rotA, spinA, ta, tb, &P) != 0 ||
      spin_path_span(rotB, spinB, ta, tb, &TB.P) != 0)
    return 0;
  TB.B = B;
  TB.b0 = v_madd(*posB, *velB, ta);
  TB.b1 = v_madd(*posB, *velB, tb);
  a0 = v_madd(*posA, *velA, ta);
  a1 = v_madd(*posA, *velA, tb);
  rc = advance_run(A, &P, a0, a1, NULL, 0, 0, &TB, fine, cap, capped, &co, &steps);
  if (rc == 0) return 0;
  out->u = co.u;
  out->normal = co.n;
  out->point = co.pb;
  out->feature = co.feat_b;
  return rc;
}

int collide_sweep_convex_turning(const collide_convex *A,
                                 const collide_rotation *rot0,
                                 const collide_rotation *rot1,
                                 const collide_vec3 *a0, const collide_vec3 *a1,
                                 const collide_convex *B,
                                 const collide_rotation *rotB,
                                 const collide_vec3 *b, collide_hit *out) {
  return collide__sweep_convex_turning_steps(A, rot0, rot1, a0, a1, B, rotB, b,
                                             out, NULL);
}

/* ---- how long two shapes that touch go on touching ----------------------------- */

/*
 * The sensors' walk through a contact (collide_sensor.c, turn_spans)
 * needs, at a moment t at which the two shapes touch, a time h over
 * which they are proven to go on touching. Three proofs, the best taken
 * (each gives a time over which they touch; the longest of them does).
 *
 * Notation: D = A - B grown by the ball of radius r is closed and
 * convex, and A touches B exactly when the origin lies in D; C =
 * hull(x_i - y_j) is D's core (x_i A's corners, y_j B's or the points
 * grown by r). A point x_i moves at x_i' = v + w x (x_i - c) (its
 * shape's velocity v and turn w, c its frame's origin), at most
 * s_i = |v| + |w| |x_i - c| over the whole step (the turn keeps
 * |x_i - c|), with |x_i''| <= |w|^2 |x_i - c| = a_i (the centripetal
 * part; v and w are constant). A difference point x_i - y_j moves at
 * most s = s_i + s_j, with at most c = a_i + a_j of acceleration.
 *
 * 1. The depth. If every unit n has h_D(n) >= p (the support function;
 *    the ball of radius p about the origin lies in D), a motion moving
 *    each point of A by at most dA and of B by at most dB keeps them
 *    touching while dA + dB <= p: A's point extreme along n moves by at
 *    most dA, so h_A'(n) >= h_A(n) - dA, likewise h_B'(-n), and h_D'(n)
 *    >= p - dA - dB >= 0 for every n. With the speed bound L (every
 *    point of the pair moves at most L per unit of t, relative to the
 *    other shape) they touch over [t, t + p / L]. p: with the origin in
 *    C, a closed surface of triangles (2D: a closed loop of edges) over
 *    difference points, every face seen from the origin on its inner
 *    side (the tetrahedron (0, a, b, c) of each face positively
 *    oriented), bounds the union of those tetrahedra, all in C (C is
 *    convex and holds the origin); the radial projection of the surface
 *    onto the unit sphere has a degree (closed: every edge i -> j of a
 *    face is matched by an edge j -> i of another) to which every face
 *    counts +1, so every ray from the origin meets the surface, and a
 *    point x with |x| below every face's plane distance lies inside the
 *    tetrahedron of the face its ray meets. So the least plane distance,
 *    plus r, is at most the depth. The surface is EPA's expanding
 *    polytope (van den Bergen, "Proximity queries and penetration depth
 *    computation on 3D game objects", GDC 2001), started from GJK's
 *    final simplex (the origin inside it), each round adding the
 *    support point along the normal of the face nearest the origin and
 *    replacing the faces it sees; whatever its rounding does, the
 *    surface is checked as above at the end, else the simplex's own
 *    faces are. With the origin outside C (r > 0, a ball's or capsule's
 *    radius), GJK's v is a point of C: the depth is at least r - |v|.
 * 2. The polytope moving. Each corner of that surface is a pair (i, j):
 *    the surface over the points x_i(t) - y_j(t) as they move is the
 *    same closed surface, and while every face stays positively
 *    oriented, det(a(t), b(t), c(t)) > 0 (2D: a(t) x b(t) > 0), the
 *    argument of 1 puts the origin inside it: they touch. g(t) = det is
 *    trilinear in the corners, so g' = det(a', b, c) + det(a, b', c) +
 *    det(a, b, c') at t, and over [t, t + H] |g''| <= M = sum c_a B_b B_c
 *    + 2 sum s_a s_b B_c (over the corners; B = |a(t)| + s H bounds |a|
 *    there; |det(u, v, w)| <= |u| |v| |w|); so g(t + h) >= g + g' h -
 *    M h^2 / 2, positive up to its first root. This follows a corner
 *    pressing on at its actual speed, where 1 takes the worst speed: a
 *    coin brushed by a blade's corner, the depth growing at a hundredth
 *    of L, took steps of 1e-9 of the step with 1 alone.
 * 3. A ball's reach. With the origin outside C and r > 0, the fixed
 *    combination w(t) = sum l_k (x_ik(t) - y_jk(t)) of GJK's closest
 *    point is a point of C(t), so they touch while |w(t)| < r: phi =
 *    r^2 - |w|^2 has phi' = -2 w.w' and |phi''| = 2 |w'|^2 + 2 |w.w''|
 *    <= 2 (S^2 + (|w| + S H) C) over [t, t + H] (S, C: the l-weighted
 *    sums of s and c); the first root as in 2.
 *
 * Rounding: a plane distance det(a, b, c) / |(b - a) x (c - a)| is taken
 * with its determinant lowered by 8 eps |a| |b| |c| (a triple product's
 * rounding) and the area raised by 4 eps |b - a| |c - a|; a 2D edge's
 * cross(a, b) / |b - a| with 4 eps |a| |b| and 2 eps |b - a|; g and phi
 * are lowered by the same and by what the corners' own error, round_k
 * (as the advancement's), can do to them (2 round_k times the products
 * of the other corners' lengths), their derivatives padded by 1e-12 of
 * their bounds, and round_k taken off every depth.
 */
#define HOLD_ROUNDS 16     /* EPA's expansions */
#define HOLD_VERTS (4 + HOLD_ROUNDS)
#define HOLD_FACES (4 + 2 * HOLD_ROUNDS)
#define EPS_D 2.220446049250313e-16

/* a closed surface over difference points: corner k is x_ia[k] - y_jb[k];
   faces of dim corners (2: the edges of a loop in z = 0, 3: triangles),
   each with the origin on its inner side */
typedef struct hold_poly {
  int nv, nf, dim;
  vec3 w[HOLD_VERTS];
  int ia[HOLD_VERTS], jb[HOLD_VERTS];
  int f[HOLD_FACES][3];
} hold_poly;

/* the support of C along n: the difference point furthest along n */
static vec3 diff_support(vec3 n, const vec3 *xa, int na, const vec3 *yb, int nb, int *bi,
                         int *bj) {
  double hi = -HUGE_VAL, lo = HUGE_VAL;
  int i;
  *bi = *bj = 0;
  for (i = 0; i < na; i++) {
    double t = v_dot(n, xa[i]);
    if (t > hi) { hi = t; *bi = i; }
  }
  for (i = 0; i < nb; i++) {
    double t = v_dot(n, yb[i]);
    if (t < lo) { lo = t; *bj = i; }
  }
  return v_sub(xa[*bi], yb[*bj]);
}

/* the plane distance of face (a, b, c) from the origin, proven (<= the
   exact one; 0 when the face is not proven to have the origin inside) */
static double face_lower(vec3 a, vec3 b, vec3 c) {
  vec3 t = v_cross(v_sub(b, a), v_sub(c, a));
  double det = v_dot(a, v_cross(b, c));
  double err = 8 * EPS_D * v_len(a) * v_len(b) * v_len(c);
  double area = v_len(t) + 4 * EPS_D * v_len(v_sub(b, a)) * v_len(v_sub(c, a));
  if (!(det > err) || !(area > 0)) return 0;
  return (det - err) / area;
}

/* the same for the edge a -> b of a loop in z = 0 (the origin on its left) */
static double edge_lower(vec3 a, vec3 b) {
  double c = a.x * b.y - a.y * b.x, err = 4 * EPS_D * v_len(a) * v_len(b);
  double len = v_len(v_sub(b, a)) * (1 + 2 * EPS_D);
  if (!(c > err) || !(len > 0)) return 0;
  return (c - err) / len;
}

/* the least proven plane distance of Q's faces (0: Q not proven) */
static double poly_lower(const hold_poly *Q) {
  double lower = HUGE_VAL;
  int k;
  for (k = 0; k < Q->nf; k++) {
    const int *f = Q->f[k];
    double d = Q->dim == 2 ? edge_lower(Q->w[f[0]], Q->w[f[1]])
                           : face_lower(Q->w[f[0]], Q->w[f[1]], Q->w[f[2]]);
    if (!(d > 0)) return 0;
    lower = dmin(lower, d);
  }
  return Q->nf > 0 ? lower : 0;
}

/* every edge of Q's triangles matched by its reverse (a closed surface) */
static int poly_closed(const hold_poly *Q) {
  int k, e, g, e2;
  for (k = 0; k < Q->nf; k++)
    for (e = 0; e < 3; e++) {
      int a = Q->f[k][e], b = Q->f[k][(e + 1) % 3], fwd = 0, back = 0;
      for (g = 0; g < Q->nf; g++)
        for (e2 = 0; e2 < 3; e2++) {
          int c = Q->f[g][e2], d = Q->f[g][(e2 + 1) % 3];
          if (c == a && d == b) fwd++;
          if (c == b && d == a) back++;
        }
      if (fwd != back) return 0;
    }
  return 1;
}

static vec3 face_normal(const hold_poly *Q, int k, double *d) {
  vec3 a = Q->w[Q->f[k][0]], b = Q->w[Q->f[k][1]], n;
  if (Q->dim == 2) n = v3(b.y - a.y, a.x - b.x, 0);
  else n = v_cross(v_sub(b, a), v_sub(Q->w[Q->f[k][2]], a));
  if (!(v_len2(n) > 0)) { *d = HUGE_VAL; return n; }
  n = v_normalize(n);
  *d = v_dot(n, a);
  return n;
}

/* EPA from GJK's simplex sx (the origin inside it): the surface into *Q,
   its proven least plane distance returned (0: none proven) */
static double hold_surface(const vec3 *xa, int na, const vec3 *yb, int nb,
                           const simplex *sx, int planar, hold_poly *Q) {
  hold_poly W;
  double lower, d;
  int k, round_;
  static const int tet[4][3] = {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}};
  W.dim = planar ? 2 : 3;
  W.nv = sx->n;
  for (k = 0; k < sx->n; k++) {
    W.ia[k] = sx->ia[k];
    W.jb[k] = sx->jb[k];
    W.w[k] = v_sub(xa[W.ia[k]], yb[W.jb[k]]);
  }
  if (sx->n == (planar ? 2 : 3)) {
    /* GJK ended on an edge (2D) or a triangle (3D) through the origin,
       to rounding (a shallow overlap: the simplex that would hold it is
       too thin for GJK's solve): the support points on both sides of it
       close a quadrilateral (a bipyramid) around it, if they do */
    vec3 n, p0, p1;
    int i0, j0, i1, j1;
    if (planar) n = v3(W.w[1].y - W.w[0].y, W.w[0].x - W.w[1].x, 0);
    else n = v_cross(v_sub(W.w[1], W.w[0]), v_sub(W.w[2], W.w[0]));
    if (!(v_len2(n) > 0)) return 0;
    n = v_normalize(n);
    p0 = diff_support(n, xa, na, yb, nb, &i0, &j0);
    p1 = diff_support(v_neg(n), xa, na, yb, nb, &i1, &j1);
    if (planar) {
      /* w0, p0, w1, p1: counterclockwise about the origin (n is the
         right-hand normal of w0 -> w1: p0 lies on its right, p1 on its
         left) */
      W.w[3] = p1; W.ia[3] = i1; W.jb[3] = j1;
      W.w[2] = W.w[1]; W.ia[2] = W.ia[1]; W.jb[2] = W.jb[1];
      W.w[1] = p0; W.ia[1] = i0; W.jb[1] = j0;
      W.nv = W.nf = 4;
      for (k = 0; k < 4; k++) {
        W.f[k][0] = k;
        W.f[k][1] = (k + 1) % 4;
        W.f[k][2] = 0;
      }
    } else {
      static const int bip[6][3] = {{0, 1, 3}, {1, 2, 3}, {2, 0, 3},
                                    {1, 0, 4}, {2, 1, 4}, {0, 2, 4}};
      /* apex 3 on n's side (a b c counterclockwise seen from it), 4 on
         the other */
      W.w[3] = p0; W.ia[3] = i0; W.jb[3] = j0;
      W.w[4] = p1; W.ia[4] = i1; W.jb[4] = j1;
      W.nv = 5;
      W.nf = 6;
      for (k = 0; k < 6; k++) {
        W.f[k][0] = bip[k][0]; W.f[k][1] = bip[k][1]; W.f[k][2] = bip[k][2];
      }
    }
  } else if (sx->n != (planar ? 3 : 4)) {
    return 0;
  } else if (planar) {
    vec3 a = W.w[0], b = W.w[1], c = W.w[2];
    if ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) < 0) {
      /* counterclockwise */
      vec3 t = W.w[1];
      int i = W.ia[1], j = W.jb[1];
      W.w[1] = W.w[2]; W.ia[1] = W.ia[2]; W.jb[1] = W.jb[2];
      W.w[2] = t; W.ia[2] = i; W.jb[2] = j;
    }
    W.nf = 3;
    for (k = 0; k < 3; k++) {
      W.f[k][0] = k;
      W.f[k][1] = (k + 1) % 3;
      W.f[k][2] = 0;
    }
  } else {
    W.nf = 4;
    for (k = 0; k < 4; k++) {
      int a = tet[k][0], b = tet[k][1], c = tet[k][2];
      vec3 t = v_cross(v_sub(W.w[b], W.w[a]), v_sub(W.w[c], W.w[a]));
      if (v_dot(t, W.w[a]) < 0) { int s = b; b = c; c = s; }
      W.f[k][0] = a; W.f[k][1] = b; W.f[k][2] = c;
    }
  }
  lower = poly_lower(&W);
  if (!(lower > 0)) return 0;
  *Q = W;
  for (round_ = 0; round_ < HOLD_ROUNDS && W.nv < HOLD_VERTS; round_++) {
    int near = -1, bi, bj, nh = 0, hz[3 * HOLD_FACES][2], seen[HOLD_FACES];
    double dn = HUGE_VAL;
    vec3 n, p;
    for (k = 0; k < W.nf; k++) {
      (void)face_normal(&W, k, &d);
      if (d < dn) { dn = d; near = k; }
    }
    if (near < 0 || !(dn < HUGE_VAL)) break;
    n = face_normal(&W, near, &d);
    p = diff_support(n, xa, na, yb, nb, &bi, &bj);
    if (v_dot(n, p) - dn <= 1e-3 * dn) break;   /* (near enough) */
    if (planar) {
      /* into the edge: both new edges must have the origin on their left */
      int a = W.f[near][0], b = W.f[near][1];
      if (!(edge_lower(W.w[a], p) > 0) || !(edge_lower(p, W.w[b]) > 0)) break;
      for (k = W.nv; k > a + 1; k--) {
        W.w[k] = W.w[k - 1]; W.ia[k] = W.ia[k - 1]; W.jb[k] = W.jb[k - 1];
      }
      W.w[a + 1] = p; W.ia[a + 1] = bi; W.jb[a + 1] = bj;
      W.nv++;
      W.nf = W.nv;
      for (k = 0; k < W.nv; k++) {
        W.f[k][0] = k;
        W.f[k][1] = (k + 1) % W.nv;
        W.f[k][2] = 0;
      }
      continue;
    }
    /* the faces p sees, and the edges between them and the others */
    for (k = 0; k < W.nf; k++) {
      vec3 nk = face_normal(&W, k, &d);
      seen[k] = v_dot(nk, v_sub(p, W.w[W.f[k][0]])) > 0 || k == near;
    }
    for (k = 0; k < W.nf; k++) {
      int e, g, e2;
      if (!seen[k]) continue;
      for (e = 0; e < 3; e++) {
        int a = W.f[k][e], b = W.f[k][(e + 1) % 3], shared = 0;
        for (g = 0; g < W.nf && !shared; g++) {
          if (seen[g]) continue;
          for (e2 = 0; e2 < 3; e2++)
            if (W.f[g][e2] == b && W.f[g][(e2 + 1) % 3] == a) shared = 1;
        }
        if (shared) { hz[nh][0] = a; hz[nh][1] = b; nh++; }
      }
    }
    {
      int m = 0;
      for (k = 0; k < W.nf; k++)
        if (!seen[k]) {
          W.f[m][0] = W.f[k][0]; W.f[m][1] = W.f[k][1]; W.f[m][2] = W.f[k][2];
          m++;
        }
      W.nf = m;
    }
    if (W.nf + nh > HOLD_FACES) break;
    W.w[W.nv] = p; W.ia[W.nv] = bi; W.jb[W.nv] = bj;
    for (k = 0; k < nh; k++) {
      W.f[W.nf][0] = hz[k][0]; W.f[W.nf][1] = hz[k][1]; W.f[W.nf][2] = W.nv;
      W.nf++;
    }
    W.nv++;
  }
  /* the surface checked (closed, every face proven), else the simplex */
  d = poly_lower(&W);
  if (d > 0 && (planar || poly_closed(&W))) {
    *Q = W;
    return dmax(d, lower);
  }
  return lower;
}

/* The time (<= H) over which every face of Q stays positively oriented,
   by 2 (the top), for a step of at most H. The corners' positions a,
   speeds at t (da), speed bounds s and accelerations c per corner. */
static double hold_faces(const hold_poly *Q, const vec3 *a, const vec3 *da,
                         const double *s, const double *c, double H, double round_k) {
  double best = H;
  int k, m;
  for (k = 0; k < Q->nf && best > 0; k++) {
    const int *f = Q->f[k];
    double g, g1, M, err, pad, len[3], B[3], root;
    if (Q->dim == 2) {
      vec3 p = a[f[0]], q = a[f[1]], dp = da[f[0]], dq = da[f[1]];
      for (m = 0; m < 2; m++) {
        len[m] = v_len(a[f[m]]);
        B[m] = len[m] + s[f[m]] * H;
      }
      g = p.x * q.y - p.y * q.x;
      g1 = (dp.x * q.y - dp.y * q.x) + (p.x * dq.y - p.y * dq.x);
      M = c[f[0]] * B[1] + 2 * s[f[0]] * s[f[1]] + B[0] * c[f[1]];
      err = 4 * EPS_D * len[0] * len[1] + 2 * round_k * (len[0] + len[1] + 2 * round_k);
      pad = 1e-12 * (s[f[0]] * len[1] + len[0] * s[f[1]]);
    } else {
      vec3 p = a[f[0]], q = a[f[1]], r = a[f[2]];
      for (m = 0; m < 3; m++) {
        len[m] = v_len(a[f[m]]);
        B[m] = len[m] + s[f[m]] * H;
      }
      g = v_dot(p, v_cross(q, r));
      g1 = v_dot(da[f[0]], v_cross(q, r)) + v_dot(p, v_cross(da[f[1]], r)) +
           v_dot(p, v_cross(q, da[f[2]]));
      M = c[f[0]] * B[1] * B[2] + B[0] * c[f[1]] * B[2] + B[0] * B[1] * c[f[2]] +
          2 * (s[f[0]] * s[f[1]] * B[2] + s[f[0]] * B[1] * s[f[2]] +
               B[0] * s[f[1]] * s[f[2]]);
      err = 8 * EPS_D * len[0] * len[1] * len[2] +
            2 * round_k * ((len[1] + 2 * round_k) * (len[2] + 2 * round_k) +
                           (len[0] + 2 * round_k) * (len[2] + 2 * round_k) +
                           (len[0] + 2 * round_k) * (len[1] + 2 * round_k));
      pad = 1e-12 * (s[f[0]] * len[1] * len[2] + len[0] * s[f[1]] * len[2] +
                     len[0] * len[1] * s[f[2]]);
    }
    if (!(g - err > 0)) return 0;
    root = first_root(g - err, -g1 + pad, 0.5 * M * (1 + 1e-12));
    best = dmin(best, root);
  }
  return best;
}

double collide__spin_hold(const collide_convex *A, const collide_rotation *rot,
                          const collide_vec3 *pos, const collide_vec3 *vel,
                          const collide_vec3 *omega, const collide_convex *B,
                          const collide_rotation *rotB, const collide_vec3 *posB,
                          const collide_vec3 *velB, const collide_vec3 *omegaB,
                          const collide_vec3 *y, int ny, double r, int planar, double L,
                          double hmax) {
  vec3 xa[COLLIDE_MAX_CONVEX_POINTS], ybuf[COLLIDE_MAX_CONVEX_POINTS];
  vec3 xv[COLLIDE_MAX_CONVEX_POINTS], yv[COLLIDE_MAX_CONVEX_POINTS], v, pa, pb, feat;
  const vec3 *yb = y;   /* (the points held still: any number, read in place) */
  /* (zeroed: every index GJK and the hold polytope give is a corner filled
     below, which clang's analyzer cannot follow) */
  double xs[COLLIDE_MAX_CONVEX_POINTS] = { 0 }, xc[COLLIDE_MAX_CONVEX_POINTS] = { 0 };
  double ys[COLLIDE_MAX_CONVEX_POINTS] = { 0 }, yc[COLLIDE_MAX_CONVEX_POINTS] = { 0 };
  double scaleB = 0, round_k, p, h = 0, wA = v_len(*omega), wB = 0, H;
  quat q;
  rot3 R;
  simplex sx;
  hold_poly Q;
  int i, k, na = A->vertex_count;
  if (!(L > 0) || !(hmax > 0) || rot_read(rot, &q) != 0) return 0;
  if (rot->is_angle) rot_angle(rot->angle, &R);
  else rot_quat(q, &R);
  for (i = 0; i < na; i++) {
    vec3 o = rot_apply(&R, A->vertices[i]);
    xa[i] = v_add(o, *pos);
    xv[i] = v_add(*vel, v_cross(*omega, o));
    xs[i] = (v_len(*vel) + wA * v_len(o)) * (1 + 1e-12);
    xc[i] = wA * wA * v_len(o) * (1 + 1e-12);
  }
  if (B != NULL) {
    /* (B's pose comes with B: the sensor passes all of it, or none) */
    if (rotB == NULL || posB == NULL || velB == NULL || omegaB == NULL ||
        rot_read(rotB, &q) != 0)
      return 0;
    if (rotB->is_angle) rot_angle(rotB->angle, &R);
    else rot_quat(q, &R);
    wB = v_len(*omegaB);
    ny = B->vertex_count;
    yb = ybuf;
    for (i = 0; i < ny; i++) {
      vec3 o = rot_apply(&R, B->vertices[i]);
      ybuf[i] = v_add(o, *posB);
      yv[i] = v_add(*velB, v_cross(*omegaB, o));
      ys[i] = (v_len(*velB) + wB * v_len(o)) * (1 + 1e-12);
      yc[i] = wB * wB * v_len(o) * (1 + 1e-12);
    }
    r = 0;
  }
  for (i = 0; i < ny; i++) scaleB = dmax(scaleB, maxabs(yb[i]));
  /* the rounding of the corners, as the advancement's */
  round_k = 64 * EPS_D * (A->radius + maxabs(*pos) * 1.7320508075688772 +
                          (scaleB + r) * 1.7320508075688772 + (B ? B->radius : 0));
  sx.n = 0;
  v = gjk(xa, na, yb, ny, &pa, &pb, &feat, &sx);
  if (v_len(v) > 0 && r > 0) {
    /* 1 and 3: the origin outside C, r reaching over it */
    vec3 wv[4] = { { 0, 0, 0 } }, w = v3(0, 0, 0), dw = v3(0, 0, 0);
    double lam[4], S = 0, Cc = 0, wl, phi, err;
    p = r - v_len(v) - round_k;
    if (!(p > 0)) return 0;
    h = p / L;
    for (k = 0; k < sx.n; k++) wv[k] = v_sub(xa[sx.ia[k]], yb[sx.jb[k]]);
    (void)simplex_closest(wv, sx.n, lam);
    for (k = 0; k < sx.n; k++) {
      w = v_madd(w, wv[k], lam[k]);
      dw = v_madd(dw, B ? v_sub(xv[sx.ia[k]], yv[sx.jb[k]]) : xv[sx.ia[k]], lam[k]);
      S += lam[k] * (xs[sx.ia[k]] + (B ? ys[sx.jb[k]] : 0));
      Cc += lam[k] * (xc[sx.ia[k]] + (B ? yc[sx.jb[k]] : 0));
    }
    wl = v_len(w) + 2 * round_k;
    phi = r * r - wl * wl;
    err = 4 * EPS_D * (r * r + wl * wl);
    if (phi - err > 0) {
      for (k = 0, H = hmax; k < 4; k++) {   /* H = hmax, hmax/16, ... */
        double rt = first_root(phi - err, 2 * v_dot(w, dw) + 1e-12 * 2 * wl * S,
                               (S * S + (wl + S * H) * Cc) * (1 + 1e-12));
        h = dmax(h, dmin(H, rt));
        H /= 16;
      }
    }
    if (h > 0) return h;
  }
  /* 1 and 2: the origin inside C (GJK's simplex holds it, or one through
     it to rounding is closed around it) */
  p = hold_surface(xa, na, yb, ny, &sx, planar, &Q);
  if (p > 0) {
    vec3 qa[HOLD_VERTS], qd[HOLD_VERTS];
    double qs[HOLD_VERTS], qc[HOLD_VERTS];
    for (k = 0; k < Q.nv; k++) {
      qa[k] = Q.w[k];
      qd[k] = B ? v_sub(xv[Q.ia[k]], yv[Q.jb[k]]) : xv[Q.ia[k]];
      qs[k] = xs[Q.ia[k]] + (B ? ys[Q.jb[k]] : 0);
      qc[k] = xc[Q.ia[k]] + (B ? yc[Q.jb[k]] : 0);
    }
    for (k = 0, H = hmax; k < 4; k++) {
      h = dmax(h, hold_faces(&Q, qa, qd, qs, qc, H, round_k));
      H /= 16;
    }
  }
  p = p + r - round_k;
  if (p > 0) h = dmax(h, p / L);
  return h;
}
