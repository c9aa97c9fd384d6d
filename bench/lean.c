/*
 * lean.c -- lean reference kernels for the benchmark: each of the core's
 * measured queries written as the bare closed form, as a careful C
 * programmer writes it for one game, with the same outputs as the core
 * (u, point, unit normal, feature) but none of its argument checks, none
 * of its care for rounding at borderline inputs (a centre exactly on an
 * edge, coordinates near 1e50, flat motion in a 2D game) and no handling
 * of degenerate shapes. They say how fast the math itself is on this
 * machine; `make bench` prints raw-C / lean, and bench/raw.c checks every
 * kernel against the core on the bench's cases before timing it.
 *
 * Sources: sphere/sphere and sphere/plane: Gomez, "Simple Intersection
 * Tests for Games" (1999), with the stable quadratic of RTR 3rd ed. eq.
 * 16.65. Sphere/triangle and sphere/segment: the Minkowski sum of the
 * shape and the ball (RTR 3rd ed. 16.18.3): the face slab, one cylinder
 * per edge, one ball per vertex; the contact from the closest point of the
 * triangle (Ericson, "Real-Time Collision Detection" 5.1.5). Sphere/box:
 * Ericson 5.5.7 (the centre's segment against the box grown by r, then
 * the capsules of the edges in an edge or corner region). Ray/triangle:
 * Moller and Trumbore (1997). Ray/box: slabs (Kay-Kajiya; Ericson 5.3.3).
 */
#include <math.h>

#include "lean.h"

typedef collide_vec3 V;

static inline V mk(double x, double y, double z) {
  V r;
  r.x = x; r.y = y; r.z = z;
  return r;
}
static inline V sub(V a, V b) { return mk(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline V madd(V a, V d, double s) {
  return mk(a.x + d.x * s, a.y + d.y * s, a.z + d.z * s);
}
static inline double dot(V a, V b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline V cross(V a, V b) {
  return mk(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline V scale(V a, double s) { return mk(a.x * s, a.y * s, a.z * s); }

static int miss(collide_hit *out) {
  out->u = 0;
  out->point = mk(0, 0, 0);
  out->normal = mk(0, 0, 0);
  out->feature = COLLIDE_FEATURE_NONE;
  return 0;
}

static int hit(collide_hit *out, double u, V p, V n, int feature) {
  out->u = u;
  out->point = p;
  out->normal = n;
  out->feature = feature;
  return 1;
}

/* ---- sphere / sphere --------------------------------------------------- */

int lean_sweep_sphere_sphere(double ra, const collide_vec3 *a0,
                             const collide_vec3 *a1, double rb,
                             const collide_vec3 *b0, const collide_vec3 *b1,
                             collide_interval *out) {
  V s = sub(*a0, *b0), v = sub(sub(*a1, *a0), sub(*b1, *b0));
  double R = ra + rb, a = dot(v, v), b = dot(s, v), c = dot(s, s) - R * R;
  double disc, q, r0, r1;
  out->normal = mk(0, 0, 0);
  if (c <= 0) {                         /* touching at the start */
    out->u0 = 0;
    if (a == 0) { out->u1 = 1; return 1; }
    disc = b * b - a * c;
    if (disc < 0) disc = 0;
    q = -(b + copysign(sqrt(disc), b));
    r0 = q != 0 ? c / q : 0;
    r1 = q / a;
    if (r0 > r1) r1 = r0;
    out->u1 = r1 > 1 ? 1 : r1;
    return 1;
  }
  if (a == 0 || b >= 0 || (disc = b * b - a * c) < 0) goto none;
  q = -b + sqrt(disc);
  r0 = c / q;
  if (r0 > 1) goto none;
  r1 = q / a;
  out->u0 = r0;
  out->u1 = r1 > 1 ? 1 : r1;
  return 1;
none:
  out->u0 = out->u1 = 0;
  return 0;
}

/* ---- sphere / plane ---------------------------------------------------- */

int lean_sweep_sphere_plane(double r, const collide_vec3 *c0,
                            const collide_vec3 *c1, const collide_plane *plane,
                            collide_hit *out) {
  V n = plane->normal;
  double d0 = dot(n, *c0) + plane->d, d1 = dot(n, *c1) + plane->d;
  double side = d0 > 0 ? 1 : (d0 < 0 ? -1 : (d1 > 0 ? -1 : 1)), u = 0;
  V c;
  if (fabs(d0) > r) {
    double s0 = d0 * side, s1 = d1 * side;
    if (s1 > r) return miss(out);
    u = (s0 - r) / (s0 - s1);
  }
  c = madd(*c0, sub(*c1, *c0), u);
  return hit(out, u, madd(c, n, -(dot(n, c) + plane->d)), scale(n, side),
             COLLIDE_FEATURE_FACE);
}

/* ---- the pieces of a Minkowski sum --------------------------------------- */

/* First u in [0, 1] at which c0 + d u is within r of p, or 2. */
static inline double ball(V c0, V d, V p, double r) {
  V m = sub(c0, p);
  double c = dot(m, m) - r * r, a, b, disc;
  if (c <= 0) return 0;
  a = dot(d, d);
  b = dot(m, d);
  if (a == 0 || b >= 0 || (disc = b * b - a * c) < 0) return 2;
  return c / (-b + sqrt(disc));
}

/* First u in [0, 1] at which c0 + d u is within r of the segment a-b with
   its projection between a and b (the side of the capsule), or 2. */
static inline double cylinder(V c0, V d, V a, V e, double ee, double r) {
  V m = sub(c0, a);
  double tm = dot(m, e) / ee, td = dot(d, e) / ee, u = 0, c, t;
  V pm = madd(m, e, -tm), pd = madd(d, e, -td);
  c = dot(pm, pm) - r * r;
  if (c > 0) {
    double A = dot(pd, pd), B = dot(pm, pd), disc;
    if (A == 0 || B >= 0 || (disc = B * B - A * c) < 0) return 2;
    u = c / (-B + sqrt(disc));
    if (u > 1) return 2;
  }
  t = tm + td * u;
  return t < 0 || t > 1 ? 2 : u;
}

static inline double min2(double a, double b) { return a < b ? a : b; }

/* The contact at centre c against the nearest point p: normal from p to c. */
static int contact(collide_hit *out, double u, V c, V p, int feature, V fallback) {
  V w = sub(c, p);
  double l = sqrt(dot(w, w));
  return hit(out, u, p, l > 0 ? scale(w, 1 / l) : fallback, feature);
}

/* ---- sphere / triangle ------------------------------------------------- */

/* The point of triangle abc nearest p and its feature (Ericson 5.1.5). */
static V closest_on_triangle(V p, V a, V b, V c, int *feature) {
  V ab = sub(b, a), ac = sub(c, a), ap = sub(p, a), bp, cp;
  double d1 = dot(ab, ap), d2 = dot(ac, ap), d3, d4, d5, d6, va, vb, vc, den;
  *feature = COLLIDE_FEATURE_VERTEX;
  if (d1 <= 0 && d2 <= 0) return a;
  bp = sub(p, b);
  d3 = dot(ab, bp);
  d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  cp = sub(p, c);
  d5 = dot(ab, cp);
  d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  *feature = COLLIDE_FEATURE_EDGE;
  vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return madd(a, ab, d1 / (d1 - d3));
  vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return madd(a, ac, d2 / (d2 - d6));
  va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
    return madd(b, sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)));
  *feature = COLLIDE_FEATURE_FACE;
  den = 1 / (va + vb + vc);
  return madd(madd(a, ab, vb * den), ac, vc * den);
}

int lean_sweep_sphere_triangle(double r, const collide_vec3 *c0,
                               const collide_vec3 *c1, const collide_vec3 *pa,
                               const collide_vec3 *pb, const collide_vec3 *pc,
                               collide_hit *out) {
  V a = *pa, b = *pb, c = *pc, d = sub(*c1, *c0);
  V ab = sub(b, a), bc = sub(c, b), ca = sub(a, c), n = cross(ab, sub(c, a)), q;
  double h0, hd, side, s0, sd, uf = -1, best;
  int feature;
  n = scale(n, 1 / sqrt(dot(n, n)));
  h0 = dot(n, sub(*c0, a));
  hd = dot(n, d);
  side = h0 > 0 ? 1 : (h0 < 0 ? -1 : (hd > 0 ? -1 : 1));
  s0 = h0 * side;
  sd = hd * side;
  /* the face: where the sphere first reaches the plane, if over the inside */
  if (s0 <= r) uf = 0;
  else if (sd < 0 && s0 - r <= -sd) uf = (s0 - r) / -sd;
  if (uf >= 0) {
    q = madd(madd(*c0, d, uf), n, -(h0 + hd * uf));
    if (dot(cross(n, ab), sub(q, a)) > 0 && dot(cross(n, bc), sub(q, b)) > 0 &&
        dot(cross(n, ca), sub(q, c)) > 0)
      return hit(out, uf, q, scale(n, side), COLLIDE_FEATURE_FACE);
  }
  /* the boundary: three edge cylinders and three vertex balls */
  best = cylinder(*c0, d, a, ab, dot(ab, ab), r);
  best = min2(best, cylinder(*c0, d, b, bc, dot(bc, bc), r));
  best = min2(best, cylinder(*c0, d, c, ca, dot(ca, ca), r));
  best = min2(best, ball(*c0, d, a, r));
  best = min2(best, ball(*c0, d, b, r));
  best = min2(best, ball(*c0, d, c, r));
  if (best > 1) return miss(out);
  {
    V x = madd(*c0, d, best);
    q = closest_on_triangle(x, a, b, c, &feature);
    return contact(out, best, x, q, feature, scale(n, side));
  }
}

/* ---- sphere / segment -------------------------------------------------- */

int lean_sweep_sphere_segment(double r, const collide_vec3 *c0,
                              const collide_vec3 *c1, const collide_vec3 *pa,
                              const collide_vec3 *pb, collide_hit *out) {
  V a = *pa, b = *pb, d = sub(*c1, *c0), e = sub(b, a), x, p;
  double ee = dot(e, e), best, s;
  int feature = COLLIDE_FEATURE_VERTEX;
  best = ee > 0 ? cylinder(*c0, d, a, e, ee, r) : 2;
  best = min2(best, ball(*c0, d, a, r));
  best = min2(best, ball(*c0, d, b, r));
  if (best > 1) return miss(out);
  x = madd(*c0, d, best);
  s = dot(sub(x, a), e);
  if (s <= 0 || ee == 0) p = a;
  else if (s >= ee) p = b;
  else { p = madd(a, e, s / ee); feature = COLLIDE_FEATURE_EDGE; }
  return contact(out, best, x, p, feature, mk(1, 0, 0));
}

/* ---- sphere / box ------------------------------------------------------- */

/* Clips [*lo, *hi] to the times p + d t lies in [mn, mx]. */
static inline void slab(double p, double d, double mn, double mx, double *lo,
                        double *hi) {
  if (d == 0) {
    if (p < mn || p > mx) *lo = 2;
  } else {
    double inv = 1 / d, t1 = (mn - p) * inv, t2 = (mx - p) * inv;
    if (t1 > t2) { double t = t1; t1 = t2; t2 = t; }
    if (t1 > *lo) *lo = t1;
    if (t2 < *hi) *hi = t2;
  }
}

static inline double capsule(V c0, V d, V a, V b, double r) {
  V e = sub(b, a);
  double u = cylinder(c0, d, a, e, dot(e, e), r);
  u = min2(u, ball(c0, d, a, r));
  return min2(u, ball(c0, d, b, r));
}

static inline int outside(double p, double e) { return p < -e ? -1 : (p > e); }

int lean_sweep_sphere_aabb(double r, const collide_vec3 *c0,
                           const collide_vec3 *c1, const collide_vec3 *center,
                           const collide_vec3 *extents, collide_hit *out) {
  V e = *extents, m = sub(*c0, *center), d = sub(*c1, *c0), x, q;
  double lo = 0, hi = 1, u;
  int sx, sy, sz, n;
  /* the centre's segment against the box grown by r (in box coordinates) */
  slab(m.x, d.x, -e.x - r, e.x + r, &lo, &hi);
  slab(m.y, d.y, -e.y - r, e.y + r, &lo, &hi);
  slab(m.z, d.z, -e.z - r, e.z + r, &lo, &hi);
  if (lo > hi) return miss(out);
  x = madd(m, d, lo);
  sx = outside(x.x, e.x);
  sy = outside(x.y, e.y);
  sz = outside(x.z, e.z);
  n = (sx != 0) + (sy != 0) + (sz != 0);
  u = lo;
  if (n >= 2) {          /* an edge or a corner region: the rounded part */
    V v = mk(sx * e.x, sy * e.y, sz * e.z);
    u = 2;
    if (sx && sy) u = min2(u, capsule(m, d, mk(v.x, v.y, -e.z), mk(v.x, v.y, e.z), r));
    if (sx && sz) u = min2(u, capsule(m, d, mk(v.x, -e.y, v.z), mk(v.x, e.y, v.z), r));
    if (sy && sz) u = min2(u, capsule(m, d, mk(-e.x, v.y, v.z), mk(e.x, v.y, v.z), r));
    if (u > 1) return miss(out);
  }
  x = madd(m, d, u);
  q = mk(x.x < -e.x ? -e.x : (x.x > e.x ? e.x : x.x),
         x.y < -e.y ? -e.y : (x.y > e.y ? e.y : x.y),
         x.z < -e.z ? -e.z : (x.z > e.z ? e.z : x.z));
  n = (q.x != x.x) + (q.y != x.y) + (q.z != x.z);
  if (n > 0) {
    V w = sub(x, q);
    return hit(out, u, madd(q, *center, 1), scale(w, 1 / sqrt(dot(w, w))), n);
  }
  {       /* the centre inside the box at the start: least penetration */
    double gx = e.x - fabs(x.x), gy = e.y - fabs(x.y), gz = e.z - fabs(x.z);
    double sgn;
    if (gx <= gy && gx <= gz) {
      sgn = x.x > 0 ? 1 : (x.x < 0 ? -1 : (d.x < 0 ? 1 : -1));
      q.x = sgn * e.x; n = 0;
    } else if (gy <= gz) {
      sgn = x.y > 0 ? 1 : (x.y < 0 ? -1 : (d.y < 0 ? 1 : -1));
      q.y = sgn * e.y; n = 1;
    } else {
      sgn = x.z > 0 ? 1 : (x.z < 0 ? -1 : (d.z < 0 ? 1 : -1));
      q.z = sgn * e.z; n = 2;
    }
    return hit(out, u, madd(q, *center, 1),
               mk(n == 0 ? sgn : 0, n == 1 ? sgn : 0, n == 2 ? sgn : 0),
               COLLIDE_FEATURE_FACE);
  }
}

/* ---- ray / triangle ----------------------------------------------------- */

/* Moller-Trumbore from the edges e1 = b - a, e2 = c - a. */
static inline int mt_lean(const collide_vec3 *p0, const collide_vec3 *p1, V a,
                          V e1, V e2, collide_hit *out) {
  V d = sub(*p1, *p0), p = cross(d, e2), s, q, n;
  double det = dot(e1, p), inv, bu, bv, t;
  if (det == 0) return miss(out);
  inv = 1 / det;
  s = sub(*p0, a);
  bu = dot(s, p) * inv;
  if (bu < 0 || bu > 1) return miss(out);
  q = cross(s, e1);
  bv = dot(d, q) * inv;
  if (bv < 0 || bu + bv > 1) return miss(out);
  t = dot(e2, q) * inv;
  if (t < 0 || t > 1) return miss(out);
  n = cross(e1, e2);
  n = scale(n, (dot(n, d) > 0 ? -1 : 1) / sqrt(dot(n, n)));
  return hit(out, t, madd(*p0, d, t), n,
             bu > 0 && bv > 0 && bu + bv < 1 ? COLLIDE_FEATURE_FACE
                                             : COLLIDE_FEATURE_EDGE);
}

int lean_raycast_triangle(const collide_vec3 *p0, const collide_vec3 *p1,
                          const collide_vec3 *pa, const collide_vec3 *pb,
                          const collide_vec3 *pc, collide_hit *out) {
  V a = *pa;
  return mt_lean(p0, p1, a, sub(*pb, a), sub(*pc, a), out);
}

/* ---- ray / triangle, with the core's input contract (a reference) ----------
   The kernel above after what the core must establish before it may give
   any answer, the clear misses included: every coordinate a finite number
   within COLLIDE_MAX_COORD, and the triangle not degenerate by the core's
   own criterion, |(b - a) x (c - a)| > DEGENERATE_AREA (1e-12) times the
   longest edge squared (csrc/core/collide_prims.h, triangle_cross); both
   failures return -1, an error, as the core's do. That is what a careful
   C programmer adds to Moller-Trumbore for the same inputs; it still has
   none of the core's care at borderline inputs. It is not a target: raw.c
   times it beside the core and the plain kernel for raycast_triangle only,
   to show how much of raw/lean those checks are (bench/README.md). */
static inline int coords_ok(const collide_vec3 *v) {
  return fabs(v->x) <= COLLIDE_MAX_COORD && fabs(v->y) <= COLLIDE_MAX_COORD &&
         fabs(v->z) <= COLLIDE_MAX_COORD;
}
int lean_checked_raycast_triangle(const collide_vec3 *p0, const collide_vec3 *p1,
                                  const collide_vec3 *pa, const collide_vec3 *pb,
                                  const collide_vec3 *pc, collide_hit *out) {
  V a = *pa, e1, e2, e3, n;
  double l1, l2, l3, m;
  if (!(coords_ok(p0) && coords_ok(p1) && coords_ok(pa) && coords_ok(pb) &&
        coords_ok(pc)))
    return -1;
  e1 = sub(*pb, a);
  e2 = sub(*pc, a);
  e3 = sub(*pc, *pb);
  n = cross(e1, e2);
  l1 = dot(e1, e1);
  l2 = dot(e2, e2);
  l3 = dot(e3, e3);
  m = l1 > l2 ? l1 : l2;
  m = m > l3 ? m : l3;
  if (!(dot(n, n) > (1e-12 * m) * (1e-12 * m))) return -1;
  return mt_lean(p0, p1, a, e1, e2, out);
}

/* ---- ray / box ----------------------------------------------------------- */

int lean_raycast_aabb(const collide_vec3 *p0, const collide_vec3 *p1,
                      const collide_vec3 *center, const collide_vec3 *extents,
                      collide_hit *out) {
  double m[3], d[3], e[3], q[3], n[3] = { 0, 0, 0 }, lo = 0, hi = 1;
  int i, axis = -1, bound = 0;
  m[0] = p0->x - center->x; m[1] = p0->y - center->y; m[2] = p0->z - center->z;
  d[0] = p1->x - p0->x; d[1] = p1->y - p0->y; d[2] = p1->z - p0->z;
  e[0] = extents->x; e[1] = extents->y; e[2] = extents->z;
  for (i = 0; i < 3; i++) {
    if (d[i] == 0) {
      if (m[i] < -e[i] || m[i] > e[i]) return miss(out);
    } else {
      double inv = 1 / d[i], t1 = (-e[i] - m[i]) * inv, t2 = (e[i] - m[i]) * inv;
      if (t1 > t2) { double t = t1; t1 = t2; t2 = t; }
      if (t1 > lo) { lo = t1; axis = i; }
      if (t2 < hi) hi = t2;
      if (lo > hi) return miss(out);
    }
  }
  if (axis < 0) {      /* starts inside: out through the nearest face */
    double g[3], sgn;
    for (i = 0; i < 3; i++) { g[i] = e[i] - fabs(m[i]); q[i] = m[i]; }
    axis = g[0] <= g[1] && g[0] <= g[2] ? 0 : (g[1] <= g[2] ? 1 : 2);
    sgn = m[axis] > 0 ? 1 : (m[axis] < 0 ? -1 : (d[axis] < 0 ? 1 : -1));
    q[axis] = sgn * e[axis];
    n[axis] = sgn;
    bound = 1;
  } else {
    for (i = 0; i < 3; i++) {
      double x = m[i] + d[i] * lo;
      if (i == axis) x = d[i] > 0 ? -e[i] : e[i];
      if (x <= -e[i]) { x = -e[i]; bound++; }
      else if (x >= e[i]) { x = e[i]; bound++; }
      q[i] = x;
    }
    n[axis] = d[axis] > 0 ? -1 : 1;
  }
  out->u = lo;
  out->point = mk(q[0] + center->x, q[1] + center->y, q[2] + center->z);
  out->normal = mk(n[0], n[1], n[2]);
  out->feature = bound;
  return 1;
}
