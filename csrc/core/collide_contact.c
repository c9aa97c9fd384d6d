/*
 * collide_contact.c -- the exact test of one moving shape against one
 * shape of the world, and how deep it is in the shape when it overlaps:
 * the layer under the world's queries (collide_query.c), its spinning
 * shapes (collide_spin.c), its sensors (collide_sensor.c) and its
 * penetrations (collide_penetration.c). Each test is the single-shape
 * function for (moving shape, obstacle kind), the one a user calls for
 * that pair; nothing here knows the hierarchy or the world.
 *
 * The depth of an overlap:
 *
 * The direction of the shortest translation that separates a moving shape
 * from an obstacle it overlaps is what every sweep already reports at
 * u = 0 (the contract's "normal at u = 0"; the 2D rule included): the
 * overlap test of a query is a sweep of no motion, and its normal is that
 * direction. Its length, the depth, is added here from support functions
 * (no second copy of any kernel):
 *
 *   For convex sets Q (the query shape) and S (the obstacle) and a unit
 *   direction n, Q moved by t n is clear of S (touching) exactly when
 *   their projections on n no longer overlap, min over Q of x.n + t =
 *   max over S of x.n, i.e. t = h_S(n) + h_Q(-n), with h_X(n) = max over
 *   X of x.n the support function. The penetration depth is the minimum
 *   of that over n, and it is reached at the direction of the shortest
 *   separating translation (the minimum translation distance is the
 *   distance from the origin to the boundary of the Minkowski difference
 *   S - Q, whose support function is h_S(n) + h_Q(-n): Ericson, Real-Time
 *   Collision Detection, 9.4.1 and 9.5; van den Bergen, Collision
 *   Detection in Interactive 3D Environments, 4.3.4). So given that
 *   direction, the depth is one support sum: exact to rounding, and
 *   stationary in n, so the rounding of n moves it by a second-order
 *   amount where the boundary is smooth and by |error of n| * size at a
 *   vertex of it.
 *
 * Every mover (sphere, box, capsule) is centrally symmetric, so
 * h_Q(-n) = h_Q(n) about its centre c; supports are taken relative to c,
 * which keeps huge coordinates from cancelling. A flat obstacle (triangle,
 * polygon, segment, flat box) is its own convex set; under the 2D rule its
 * normal lies in its plane and the same sum measures the push across its
 * nearest edge. A plane is two-sided and thin: n is +-its normal.
 */
#include <float.h>
#include "collide_contact.h"


/* ---- the exact tests: (moving shape, obstacle kind) ------------------------ */

/* A sphere against a fixed sphere is a sphere of radius r + R against its
   centre point, the point touched being on the fixed sphere's surface
   along the normal. */
static int sphere_sphere(double r, const vec3 *c0, const vec3 *c1,
                         const vec3 *center, double R, collide_hit *h) {
  collide_interval iv;
  int rc = collide_sweep_sphere_sphere(r, c0, c1, R, center, center, &iv);
  if (rc == 1) {
    vec3 c = v_lerp(*c0, *c1, iv.u0), n = v_normalize(v_sub(c, *center));
    /* (v_normalize: unit even for tiny differences, whose squares
       underflow) centres coincide: any direction is as short; take
       -motion, or up */
    if (v_len2(n) == 0) {
      n = v_normalize(v_sub(*c0, *c1));
      if (v_len2(n) == 0) n = v3(0, 0, 1);
    }
    h->u = iv.u0;
    h->normal = n;
    h->point = v_madd(*center, n, R);
    h->feature = COLLIDE_FEATURE_FACE;
    return 1;
  }
  hit_clear(h);
  return rc;
}

/* A sphere against a capsule (a, b, R) is a sphere of radius r + R against
   the segment a-b (Ericson 5.5.7: the capsule is the segment's
   Minkowski sum with a ball); the point touched is the segment's point
   moved by R along the normal, on the capsule's surface. */
static int sphere_capsule(double r, const vec3 *c0, const vec3 *c1,
                          const vec3 *a, const vec3 *b, double R,
                          collide_hit *h) {
  int rc = collide_sweep_sphere_segment(r + R, c0, c1, a, b, h);
  if (rc == 1) {
    h->point = v_madd(h->point, h->normal, R);
    h->feature = COLLIDE_FEATURE_FACE;
  }
  return rc;
}

/* Closest points of the segments p1-q1 and p2-q2 (Ericson 5.1.9: minimize
   |(p1 + s d1) - (p2 + t d2)|^2 over the unit square; the unconstrained
   s from the 2x2 normal equations, clamped, then t from s, clamped, then
   s again from the clamped t). */
static void closest_segments(vec3 p1, vec3 q1, vec3 p2, vec3 q2, vec3 *c1,
                             vec3 *c2) {
  vec3 d1 = v_sub(q1, p1), d2 = v_sub(q2, p2), r = v_sub(p1, p2);
  double a = v_len2(d1), e = v_len2(d2), f = v_dot(d2, r), s = 0, t = 0;
  if (a <= 0 && e <= 0) {
    s = t = 0;
  } else if (a <= 0) {
    t = clamp01(f / e);
  } else {
    double c = v_dot(d1, r);
    if (e <= 0) {
      s = clamp01(-c / a);
    } else {
      double bb = v_dot(d1, d2), den = a * e - bb * bb;
      s = den > 0 ? clamp01((bb * f - c * e) / den) : 0;
      t = (bb * s + f) / e;
      if (t < 0) { t = 0; s = clamp01(-c / a); }
      else if (t > 1) { t = 1; s = clamp01((bb - c) / a); }
    }
  }
  *c1 = v_madd(p1, d1, s);
  *c2 = v_madd(p2, d2, t);
}

/* A capsule (r, axis) against a fixed capsule (a, b, R): the two-capsule
   sweep with B at rest gives u and the normal; the point is on B's
   surface toward A's segment at that moment (inside both when they
   overlap at u = 0). */
static int capsule_capsule(double r, const vec3 *axis, const vec3 *c0,
                           const vec3 *c1, const vec3 *a, const vec3 *b,
                           double R, collide_hit *h) {
  collide_interval iv = {0, 0, {0, 0, 0}};
  vec3 cb = v_scale(v_add(*a, *b), 0.5), ab = v_scale(v_sub(*b, *a), 0.5);
  int rc = collide_sweep_capsule_capsule(r, axis, c0, c1, R, &ab, &cb, &cb, &iv);
  if (rc == 1) {
    vec3 c = v_lerp(*c0, *c1, iv.u0), pa, pb;
    double l;
    closest_segments(v_sub(c, *axis), v_add(c, *axis), *a, *b, &pa, &pb);
    l = v_len(v_sub(pa, pb));
    h->u = iv.u0;
    h->normal = iv.normal;
    h->point = v_madd(pb, iv.normal, iv.u0 > 0 || l > R ? R : l);
    h->feature = COLLIDE_FEATURE_FACE;
    return 1;
  }
  hit_clear(h);
  return rc;
}

/* A box (e) against a fixed box: the box-box sweep gives u and the axis;
   the point is the middle of the two boxes' common part at u (a face, an
   edge or a corner of the obstacle when they touch), moved onto the
   obstacle's face along the normal when u > 0. The feature counts the
   axes across the normal on which the common part is a single value. */
static int box_box(const vec3 *e, const vec3 *c0, const vec3 *c1,
                   const vec3 *center, const vec3 *extents, collide_hit *h) {
  collide_interval iv;
  int rc = collide_sweep_aabb_aabb(e, c0, c1, extents, center, center, &iv), k;
  if (rc == 1) {
    vec3 c = v_lerp(*c0, *c1, iv.u0);
    double p[3];
    int thin = 0;
    for (k = 0; k < 3; k++) {
      double blo = vc(center, k) - vc(extents, k), bhi = vc(center, k) + vc(extents, k);
      double lo = fmax(vc(&c, k) - vc(e, k), blo), hi = fmin(vc(&c, k) + vc(e, k), bhi);
      double nk = vc(&iv.normal, k);
      p[k] = fmin(fmax(0.5 * lo + 0.5 * hi, blo), bhi);
      if (iv.u0 > 0 && nk != 0) p[k] = nk > 0 ? bhi : blo;
      else if (nk == 0 && hi <= lo && !(vc(e, k) == 0 && vc(extents, k) == 0)) thin++;
    }
    h->u = iv.u0;
    h->normal = iv.normal;
    h->point = v3(p[0], p[1], p[2]);
    h->feature = iv.u0 > 0 && thin > 0 ? (thin == 1 ? COLLIDE_FEATURE_EDGE : COLLIDE_FEATURE_VERTEX)
                                       : COLLIDE_FEATURE_FACE;
    return 1;
  }
  hit_clear(h);
  return rc;
}

/* A box against a capsule, by reversing the capsule-box sweep: the capsule
   moves by minus the box's motion against the box held at c0; u is the
   same, the normal is reversed, and the point (the box's point touching
   the capsule, in the box's frame) moves with the box: + u * (c1 - c0). */
static int box_capsule(const vec3 *e, const vec3 *c0, const vec3 *c1,
                       const vec3 *a, const vec3 *b, double R, collide_hit *h) {
  vec3 cc = v_scale(v_add(*a, *b), 0.5), axis = v_scale(v_sub(*b, *a), 0.5);
  vec3 d = v_sub(*c1, *c0), cend = v_sub(cc, d);
  int rc = collide_sweep_capsule_aabb(R, &axis, &cc, &cend, c0, e, h);
  if (rc == 1) {
    h->normal = v_neg(h->normal);
    h->point = v_madd(h->point, d, h->u);
    h->feature = COLLIDE_FEATURE_FACE;
  }
  return rc;
}

/* Whether the convex mover m, its origin going from c0 to c1, stays
   clearly on one side of triangle s's plane for the whole motion: then
   the triangle's normal is a separating axis throughout and the sweep
   kernel, which tries that axis among its own, answers no contact; the
   test only spares it the other axes (most triangles a terrain's
   broadphase lets through end here). Along the unit normal tn kept with
   the shape, the hull spans [-h(-tn), h(tn)] about its origin (its support
   function), whose height over the plane moves linearly from s0 to s1:
   apart when min(s0, s1) - h(-tn) or -(max(s0, s1) + h(tn)) exceeds a
   margin far above the rounding of either computation (about 1e-16 of
   the magnitudes) and far below any gap that matters. */
static int convex_clear_of_triangle(const shape *s, const collide__mover *m,
                                    const vec3 *c0, const vec3 *c1) {
  double s0 = v_dot(s->tn, v_sub(*c0, s->g.tri.a));
  double s1 = v_dot(s->tn, v_sub(*c1, s->g.tri.a)), scale, margin;
  scale = max_abs3(c0);
  if (max_abs3(c1) > scale) scale = max_abs3(c1);
  if (s->tscale > scale) scale = s->tscale;
  margin = 1e-9 * (1 + scale + m->hull->radius);
  if (s0 > s1) { double t = s0; s0 = s1; s1 = t; }
  if (s0 - margin > collide__convex_support(m, v_neg(s->tn))) return 1;
  return -s1 - margin > collide__convex_support(m, s->tn);
}

/* The moving shape of q from c0 to c1 against the fixed shape s. */
int collide__mover_test(const shape *s, const collide__mover *m, const vec3 *c0,
                      const vec3 *c1, collide_hit *h) {
  /* a convex mover: the collide_sweep_convex_* kernel of the obstacle's
     kind, the very function a user calls for that pair (so a world's
     answer is the standalone one for the shape named); its arguments were
     checked when the query was made */
  if (m->kind == MOVER_CONVEX) {
    if (s->kind == COLLIDE_SHAPE_TRIANGLE && convex_clear_of_triangle(s, m, c0, c1)) {
      hit_clear(h);
      return 0;
    }
    return collide__convex_test(m->hull, &m->rot, c0, c1, s, h);
  }
  if (m->kind == MOVER_AABB) {
    const vec3 *e = &m->e;
    switch (s->kind) {
    case COLLIDE_SHAPE_TRIANGLE:
      return collide_sweep_aabb_triangle(e, c0, c1, &s->g.tri.a, &s->g.tri.b,
                                         &s->g.tri.c, h);
    case COLLIDE_SHAPE_POLYGON:
      return collide_sweep_aabb_polygon(e, c0, c1, &s->g.poly, h);
    case COLLIDE_SHAPE_AABB:
      return box_box(e, c0, c1, &s->g.aabb.center, &s->g.aabb.extents, h);
    case COLLIDE_SHAPE_SPHERE:
      return collide_sweep_aabb_sphere(e, c0, c1, &s->g.sphere.center,
                                       s->g.sphere.r, h);
    case COLLIDE_SHAPE_SEGMENT:
      return collide_sweep_aabb_segment(e, c0, c1, &s->g.seg.a, &s->g.seg.b, h);
    case COLLIDE_SHAPE_CAPSULE:
      return box_capsule(e, c0, c1, &s->g.cap.a, &s->g.cap.b, s->g.cap.r, h);
    case COLLIDE_SHAPE_PLANE:
      return collide_sweep_aabb_plane(e, c0, c1, &s->g.plane, h);
    case COLLIDE_SHAPE_CONVEX:
      return collide__sweep_aabb_convex(e, c0, c1, cvx_hull(s->g.cvx.c),
                                        &s->g.cvx.c->rot, &s->g.cvx.pos, h);
    default:
      return 0;
    }
  }
  if (m->kind == MOVER_CAPSULE) {
    double r = m->r;
    const vec3 *ax = &m->axis;
    switch (s->kind) {
    case COLLIDE_SHAPE_TRIANGLE:
      return collide_sweep_capsule_triangle(r, ax, c0, c1, &s->g.tri.a,
                                            &s->g.tri.b, &s->g.tri.c, h);
    case COLLIDE_SHAPE_POLYGON:
      return collide_sweep_capsule_polygon(r, ax, c0, c1, &s->g.poly, h);
    case COLLIDE_SHAPE_AABB:
      return collide_sweep_capsule_aabb(r, ax, c0, c1, &s->g.aabb.center,
                                        &s->g.aabb.extents, h);
    case COLLIDE_SHAPE_SPHERE:
      return collide_sweep_capsule_sphere(r, ax, c0, c1, &s->g.sphere.center,
                                          s->g.sphere.r, h);
    case COLLIDE_SHAPE_SEGMENT:
      return collide_sweep_capsule_segment(r, ax, c0, c1, &s->g.seg.a,
                                           &s->g.seg.b, h);
    case COLLIDE_SHAPE_CAPSULE:
      return capsule_capsule(r, ax, c0, c1, &s->g.cap.a, &s->g.cap.b,
                             s->g.cap.r, h);
    case COLLIDE_SHAPE_PLANE:
      return collide_sweep_capsule_plane(r, ax, c0, c1, &s->g.plane, h);
    case COLLIDE_SHAPE_CONVEX:
      return collide__sweep_capsule_convex(r, ax, c0, c1, cvx_hull(s->g.cvx.c),
                                           &s->g.cvx.c->rot, &s->g.cvx.pos, h);
    default:
      return 0;
    }
  }
  switch (s->kind) {   /* a sphere */
  case COLLIDE_SHAPE_TRIANGLE:   /* with its normal kept (shape_bounds) */
    return collide__sweep_sphere_triangle_n(m->r, c0, c1, &s->g.tri.a,
                                            &s->g.tri.b, &s->g.tri.c, &s->tn, h);
  case COLLIDE_SHAPE_POLYGON:
    return collide_sweep_sphere_polygon(m->r, c0, c1, &s->g.poly, h);
  case COLLIDE_SHAPE_AABB:
    return collide_sweep_sphere_aabb(m->r, c0, c1, &s->g.aabb.center,
                                     &s->g.aabb.extents, h);
  case COLLIDE_SHAPE_SPHERE:
    return sphere_sphere(m->r, c0, c1, &s->g.sphere.center, s->g.sphere.r, h);
  case COLLIDE_SHAPE_SEGMENT:
    return collide_sweep_sphere_segment(m->r, c0, c1, &s->g.seg.a, &s->g.seg.b, h);
  case COLLIDE_SHAPE_CAPSULE:
    return sphere_capsule(m->r, c0, c1, &s->g.cap.a, &s->g.cap.b, s->g.cap.r, h);
  case COLLIDE_SHAPE_PLANE:
    return collide_sweep_sphere_plane(m->r, c0, c1, &s->g.plane, h);
  case COLLIDE_SHAPE_CONVEX:
    return collide__sweep_sphere_convex(m->r, c0, c1, cvx_hull(s->g.cvx.c),
                                        &s->g.cvx.c->rot, &s->g.cvx.pos, h);
  default:
    return 0;
  }
}

/* The convex shape A turned by rot, its origin moving from c0 to c1,
   against the fixed shape s of any kind: the collide_sweep_convex_*
   kernel of s's kind (a segment: the segment kernel; a capsule: the
   capsule kernel with its ends). */
int collide__convex_test(const collide_convex *A, const collide_rotation *rot,
                         const vec3 *c0, const vec3 *c1, const shape *s,
                         collide_hit *h) {
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    return collide_sweep_convex_triangle(A, rot, c0, c1, &s->g.tri.a, &s->g.tri.b,
                                         &s->g.tri.c, h);
  case COLLIDE_SHAPE_POLYGON:
    return collide_sweep_convex_polygon(A, rot, c0, c1, &s->g.poly, h);
  case COLLIDE_SHAPE_AABB:
    return collide_sweep_convex_aabb(A, rot, c0, c1, &s->g.aabb.center,
                                     &s->g.aabb.extents, h);
  case COLLIDE_SHAPE_SPHERE:
    return collide_sweep_convex_sphere(A, rot, c0, c1, &s->g.sphere.center,
                                       s->g.sphere.r, h);
  case COLLIDE_SHAPE_SEGMENT:
    return collide_sweep_convex_segment(A, rot, c0, c1, &s->g.seg.a, &s->g.seg.b, h);
  case COLLIDE_SHAPE_CAPSULE:
    return collide_sweep_convex_capsule(A, rot, c0, c1, &s->g.cap.a, &s->g.cap.b,
                                        s->g.cap.r, h);
  case COLLIDE_SHAPE_PLANE:
    return collide_sweep_convex_plane(A, rot, c0, c1, &s->g.plane, h);
  case COLLIDE_SHAPE_CONVEX:
    return collide_sweep_convex_convex(A, rot, c0, c1, cvx_hull(s->g.cvx.c),
                                       &s->g.cvx.c->rot, &s->g.cvx.pos, h);
  default:
    hit_clear(h);
    return 0;
  }
}


/* ---- penetrations ------------------------------------------------------------ */

/* h_Q(n) about the mover's centre: r, sum e_k |n_k|, |axis.n| + r (a
   convex mover is not centrally symmetric: collide__penetration_of takes
   its penetration from the convex family's kernels instead). */
static double mover_support(const collide__mover *m, vec3 n) {
  switch (m->kind) {
  case MOVER_AABB:
    return m->e.x * fabs(n.x) + m->e.y * fabs(n.y) + m->e.z * fabs(n.z);
  case MOVER_CAPSULE:
    return fabs(v_dot(m->axis, n)) + m->r;
  default:
    return m->r;
  }
}

static double max_of_points(const vec3 *p, int count, vec3 c, vec3 n) {
  double best = v_dot(v_sub(p[0], c), n);
  int i;
  for (i = 1; i < count; i++) {
    double x = v_dot(v_sub(p[i], c), n);
    if (x > best) best = x;
  }
  return best;
}

/* h_S(n) - c.n: the obstacle's support along n measured from c. */
static double shape_support(const shape *s, vec3 c, vec3 n) {
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    return fmax(fmax(v_dot(v_sub(s->g.tri.a, c), n), v_dot(v_sub(s->g.tri.b, c), n)),
                v_dot(v_sub(s->g.tri.c, c), n));
  case COLLIDE_SHAPE_POLYGON:
    return max_of_points(s->g.poly.vertices, s->g.poly.count, c, n);
  case COLLIDE_SHAPE_AABB: {
    const vec3 *e = &s->g.aabb.extents;
    return v_dot(v_sub(s->g.aabb.center, c), n) + e->x * fabs(n.x) +
           e->y * fabs(n.y) + e->z * fabs(n.z);
  }
  case COLLIDE_SHAPE_SPHERE:
    return v_dot(v_sub(s->g.sphere.center, c), n) + s->g.sphere.r;
  case COLLIDE_SHAPE_SEGMENT:
    return fmax(v_dot(v_sub(s->g.seg.a, c), n), v_dot(v_sub(s->g.seg.b, c), n));
  case COLLIDE_SHAPE_CAPSULE:
    return fmax(v_dot(v_sub(s->g.cap.a, c), n), v_dot(v_sub(s->g.cap.b, c), n)) +
           s->g.cap.r;
  case COLLIDE_SHAPE_PLANE: {
    /* the plane N.x + d = 0 is every point at -(N.c + d) from c along N:
       along n = +-N that times the sign */
    const collide_plane *p = &s->g.plane;
    double off = -(v_dot(p->normal, c) + p->d);
    return v_dot(n, p->normal) >= 0 ? off : -off;
  }
  default:
    return 0;
  }
}

/* The plane of a flat obstacle (a triangle, a polygon, a box with a zero
   extent, a segment level in z) that holds c to rounding: 1 with its unit
   normal *n, else 0. */
static int flat_through(const shape *s, const vec3 *c, vec3 *n) {
  vec3 o;
  double tol;
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    *n = s->tn;
    o = s->g.tri.a;
    break;
  case COLLIDE_SHAPE_POLYGON:
    *n = s->g.poly.plane.normal;
    o = s->g.poly.vertices[0];
    break;
  case COLLIDE_SHAPE_AABB: {
    const vec3 *e = &s->g.aabb.extents;
    o = s->g.aabb.center;
    if (e->z == 0) *n = v3(0, 0, 1);
    else if (e->y == 0) *n = v3(0, 1, 0);
    else if (e->x == 0) *n = v3(1, 0, 0);
    else return 0;
    break;
  }
  case COLLIDE_SHAPE_SEGMENT:
    /* (a wall of a 2D game: in the plane z = k of the centre; a segment
       has no plane of its own) */
    o = s->g.seg.a;
    *n = v3(0, 0, 1);
    if (s->g.seg.b.z != o.z) return 0;
    break;
  default:
    return 0;
  }
  if (v_len2(*n) == 0) return 0;
  tol = 64 * DBL_EPSILON * (1 + max_abs3(c) + max_abs3(&o));
  return fabs(v_dot(*n, v_sub(*c, o))) <= tol;
}

int collide__convex_penetration(const collide_convex *A, const collide_rotation *rot,
                                const vec3 *pos, const shape *s, collide_hit *h,
                                double *depth) {
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    return collide__penetration_convex_triangle(A, rot, pos, &s->g.tri.a, &s->g.tri.b,
                                                &s->g.tri.c, h, depth);
  case COLLIDE_SHAPE_POLYGON:
    return collide__penetration_convex_polygon(A, rot, pos, &s->g.poly, h, depth);
  case COLLIDE_SHAPE_AABB:
    return collide__penetration_convex_aabb(A, rot, pos, &s->g.aabb.center,
                                            &s->g.aabb.extents, h, depth);
  case COLLIDE_SHAPE_SPHERE:
    return collide__penetration_convex_sphere(A, rot, pos, &s->g.sphere.center,
                                              s->g.sphere.r, h, depth);
  case COLLIDE_SHAPE_SEGMENT:
    return collide__penetration_convex_segment(A, rot, pos, &s->g.seg.a, &s->g.seg.b,
                                               h, depth);
  case COLLIDE_SHAPE_CAPSULE:
    return collide__penetration_convex_capsule(A, rot, pos, &s->g.cap.a, &s->g.cap.b,
                                               s->g.cap.r, h, depth);
  case COLLIDE_SHAPE_PLANE:
    return collide__penetration_convex_plane(A, rot, pos, &s->g.plane, h, depth);
  case COLLIDE_SHAPE_CONVEX:
    return collide__penetration_convex_convex(A, rot, pos, cvx_hull(s->g.cvx.c),
                                              &s->g.cvx.c->rot, &s->g.cvx.pos, h, depth);
  default:
    *depth = 0;
    hit_clear(h);
    return 0;
  }
}

/* A mover m at c in the convex shape s: the convex family's penetration
   of the hull and the mover's shape (collide_convex_penetration.c), whose
   normal, the way the hull leaves the mover, reversed is the way the
   mover leaves the hull. 1, or 0 when that finds them apart (rounding at
   a touch that the zero-motion sweep called contact). */
static int convex_obstacle(const shape *s, const collide__mover *m, const vec3 *c,
                           vec3 *n, double *depth) {
  const collide_convex *A = cvx_hull(s->g.cvx.c);
  const collide_rotation *rot = &s->g.cvx.c->rot;
  const vec3 *pos = &s->g.cvx.pos;
  collide_hit h;
  int rc;
  if (m->kind == MOVER_AABB) {
    rc = collide__penetration_convex_aabb(A, rot, pos, c, &m->e, &h, depth);
  } else if (m->kind == MOVER_CAPSULE) {
    vec3 a = v_sub(*c, m->axis), b = v_add(*c, m->axis);
    rc = collide__penetration_convex_capsule(A, rot, pos, &a, &b, m->r, &h, depth);
  } else {
    rc = collide__penetration_convex_sphere(A, rot, pos, c, m->r, &h, depth);
  }
  if (rc != 1) return 0;
  *n = v3(0.0 - h.normal.x, 0.0 - h.normal.y, 0.0 - h.normal.z);
  return 1;
}

void collide__penetration_of(const shape *s, const collide__mover *m,
                             const vec3 *c, collide_hit *h,
                             collide_penetration *out) {
  vec3 fn;
  double d;
  if (m->kind == MOVER_CONVEX) {
    /* a convex mover: the convex family's penetration of its hull in s
       (collide_convex_penetration.c: the shortest separating translation,
       exact to rounding, the 2D rule included), for every kind of s */
    collide_hit h2;
    out->id = s->id;
    out->normal = h->normal;
    out->depth = 0;
    if (collide__convex_penetration(m->hull, &m->rot, c, s, &h2, &d) == 1) {
      *h = h2;
      out->normal = h2.normal;
      out->depth = d;
    }
    return;
  }
  if (s->kind == COLLIDE_SHAPE_CONVEX) {
    out->id = s->id;
    out->normal = h->normal;
    out->depth = 0;
    if (convex_obstacle(s, m, c, &fn, &d)) {
      h->normal = fn;
      out->normal = fn;
      out->depth = d;
    }
    return;
  }
  /* The 2D rule (the contract's "2D"): a flat obstacle whose plane holds
     the centre is a solid region of that plane, pushed out of across its
     nearest edge. The sweeps apply it to a motion along the plane (a
     motion of zero length has no plane: the face rule); so the direction
     is theirs for a short motion along the plane, at u = 0 (the contact
     at the start does not depend on the motion, but for ties: they face
     against it). */
  if (flat_through(s, c, &fn)) {
    vec3 a = fabs(fn.x) < 0.5 ? v3(1, 0, 0) : v3(0, 1, 0);
    vec3 t = v_normalize(v_madd(a, fn, -v_dot(a, fn)));
    vec3 c1 = v_madd(*c, t, 1e-6 * (1 + max_abs3(c)));
    collide_hit h2;
    if (collide__mover_test(s, m, c, &c1, &h2) == 1 && h2.u == 0) *h = h2;
  }
  /* The normal is from the obstacle toward the mover: the mover leaves
     along n, so the projections to part are S's along n and Q's along -n,
     h_S(n) + h_Q(-n) about c. */
  d = shape_support(s, *c, h->normal) + mover_support(m, h->normal);
  out->id = s->id;
  out->normal = h->normal;
  out->depth = d > 0 ? d : 0;
}

int collide__overlap_rejects(const shape *s, const collide__mover *m, const vec3 *c) {
  double d, h, scale;
  if (s->kind != COLLIDE_SHAPE_TRIANGLE) return 0;
  /* Separating axis: the triangle's unit normal tn. The mover's extent
     along it is h_Q(tn) about c, the triangle's is its plane: apart when
     |tn.(c - a)| > h_Q(tn). Both sides carry rounding of about 1e-16 of
     the magnitudes (tn is unit to rounding); the margin is ten thousand
     times that, and still far below a skin (1e-4 of the mover's size and
     1e-9 of the coordinates), so a mover resting on a triangle is told
     apart from it here, and a contact within rounding is left to the
     exact test. */
  d = fabs(v_dot(s->tn, v_sub(*c, s->g.tri.a)));
  if (m->kind == MOVER_CONVEX) {
    /* not symmetric: the triangle's plane is at signed distance
       tn.(a - c) from c along tn, the mover spans [-h_Q(-tn), h_Q(tn)] */
    double t = v_dot(s->tn, v_sub(s->g.tri.a, *c));
    double up = collide__convex_support(m, s->tn);
    double down = collide__convex_support(m, v_neg(s->tn));
    h = up > down ? up : down;
    scale = (max_abs3(c) > s->tscale ? max_abs3(c) : s->tscale) + h;
    return t > up + 1e-12 * (1 + scale) || -t > down + 1e-12 * (1 + scale);
  }
  h = mover_support(m, s->tn);
  scale = (max_abs3(c) > s->tscale ? max_abs3(c) : s->tscale) + h;
  return d > h + 1e-12 * (1 + scale);
}
