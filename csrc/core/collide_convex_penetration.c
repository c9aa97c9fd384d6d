/*
 * collide_convex_penetration.c -- how deep a convex shape (collide_hull.c,
 * turned and placed) and another shape overlap: the direction and length
 * of the shortest translation that separates them. One place for every
 * pair with a convex shape in it: the world's penetration queries and the
 * movers' push-out for a convex obstacle (a sphere, box or capsule in a
 * convex shape of the world) and for a convex mover (a convex shape in
 * any shape of the world) call these.
 *
 * The depth along a unit direction n. Moving A by t n clears the obstacle
 * X (they touch) exactly when their projections on n no longer overlap:
 * min over A of x.n + t = max over X of x.n, so t = D(n) = h_X(n) +
 * h_A(-n), h the support function (h_S(n) = max over S of x.n). The
 * penetration depth is the least D(n) over unit n, reached at the
 * direction of the shortest separating translation (the distance from the
 * origin to the boundary of the Minkowski difference X - A, whose support
 * function is D: Ericson, Real-Time Collision Detection, 9.4.1 and 9.5;
 * van den Bergen, Collision Detection in Interactive 3D Environments,
 * 4.3.4). And D(n) >= that least value for every n. So the least D over a
 * set of directions that holds the minimizing one is the exact depth, and
 * its direction the exact normal. The sets:
 *
 *   A polytope obstacle (box, triangle, polygon, segment, plane, another
 *   hull): the normal the sweep kernel (collide_convex.c) gives at u = 0
 *   with no motion, which is the separating-axis test's axis of least
 *   overlap over the face normals of both and the cross products of an
 *   edge of each: the Minkowski difference of two polytopes is a polytope
 *   whose facets have those normals, so its nearest facet is on one of
 *   them. (The kernel's 2D rule holds: two flat shapes in one plane are
 *   parted within it.)
 *
 *   A sphere (centre q, radius r): the depth is r plus the point q's
 *   signed distance into A. q outside A: along the direction from A's
 *   nearest point, which lies on a face f, where the sphere-polygon sweep
 *   of no motion against face f gives it (its u = 0 normal, the shortest
 *   translation of the sphere out of that face); q inside A: the nearest
 *   face's plane, among A's face normals.
 *
 *   A capsule (core segment s, radius r): the depth is r plus the
 *   segment's. s outside A: the direction of the closest points of s and
 *   A, which is that of s and the face of A holding A's closest point (the
 *   capsule-polygon sweep of no motion against each face); s meeting A: a
 *   separating axis of a segment and a polytope, a face normal of A or the
 *   cross product of an edge of A and s.
 *
 *   A flat hull (a convex polygon) with the round shape's core in its
 *   plane: the 2D rule, a solid region of the plane pushed out within it;
 *   its face normals +-n are left out and its side normals, n x e, and the
 *   in-plane directions of the faces' sweeps taken instead.
 *
 * Each D(n) is a support sum measured from A's origin pos (so that huge
 * coordinates do not cancel): h_X(n) - n.pos - min over A's corners of
 * v.(R^T n). The point and the feature are the sweep kernel's at u = 0.
 */
#include "collide_convex_internal.h"

/* An obstacle, by kind, for the support function. */
enum { X_SPHERE, X_CAPSULE, X_AABB, X_POINTS, X_PLANE, X_HULL };
typedef struct obstacle {
  int kind;
  vec3 a, b;                    /* sphere a; capsule a-b; box centre a,
                                   half-extents b */
  double r;
  const vec3 *v;                /* X_POINTS: nv points */
  int nv;
  const collide_plane *plane;
  const collide_convex *B;      /* X_HULL: B turned by RB at a */
  vec3 RB[3];
} obstacle;

/* h_X(n) - n.c */
static double obstacle_support(const obstacle *x, vec3 c, vec3 n) {
  int i;
  double m;
  switch (x->kind) {
  case X_SPHERE:
    return v_dot(v_sub(x->a, c), n) + x->r;
  case X_CAPSULE:
    return dmax(v_dot(v_sub(x->a, c), n), v_dot(v_sub(x->b, c), n)) + x->r;
  case X_AABB:
    return v_dot(v_sub(x->a, c), n) + x->b.x * fabs(n.x) + x->b.y * fabs(n.y) +
           x->b.z * fabs(n.z);
  case X_POINTS:
    m = v_dot(v_sub(x->v[0], c), n);
    for (i = 1; i < x->nv; i++) m = dmax(m, v_dot(v_sub(x->v[i], c), n));
    return m;
  case X_PLANE: {
    /* the plane N.x + d = 0 is every point at -(N.c + d) from c along N */
    double off = -(v_dot(x->plane->normal, c) + x->plane->d);
    return v_dot(n, x->plane->normal) >= 0 ? off : -off;
  }
  default: {   /* X_HULL */
    vec3 L = cvx_unturn(x->RB, n);
    m = v_dot(x->B->vertices[0], L);
    for (i = 1; i < x->B->vertex_count; i++) m = dmax(m, v_dot(x->B->vertices[i], L));
    return m + v_dot(v_sub(x->a, c), n);
  }
  }
}

/* D(n) for A turned by R at pos (see the top of the file). */
static double depth_along(const collide_convex *A, const vec3 R[3], vec3 pos,
                          const obstacle *x, vec3 n) {
  vec3 L = cvx_unturn(R, n);
  double mn = v_dot(A->vertices[0], L);
  int i;
  for (i = 1; i < A->vertex_count; i++) mn = dmin(mn, v_dot(A->vertices[i], L));
  return obstacle_support(x, pos, n) - mn;
}

/* The search of the least D(n) over the candidates offered. */
typedef struct search {
  const collide_convex *A;
  vec3 R[3];         /* A's rotation matrix */
  vec3 pos;
  obstacle x;
  int plane2d;       /* the 2D rule: only directions across N */
  vec3 N;            /* (a flat hull's world normal) */
  int found;
  vec3 best;
  double depth;
} search;

static void offer(search *s, vec3 n) {
  double d;
  n = v_normalize(n);
  if (v_len2(n) == 0) return;
  if (s->plane2d && fabs(v_dot(n, s->N)) > 1e-9) return;
  d = depth_along(s->A, s->R, s->pos, &s->x, n);
  if (!s->found || d < s->depth) {
    s->found = 1;
    s->best = n;
    s->depth = d;
  }
}

/* Face f of A turned by R at pos, as a polygon on buf (collide_convex.c's
   world_face: the same operations). */
static collide_polygon face_polygon(const collide_convex *A, const vec3 R[3],
                                    vec3 pos, int f, vec3 *buf) {
  collide_polygon poly;
  int k, a = A->face_first[f], n = A->face_first[f + 1] - a;
  for (k = 0; k < n; k++) buf[k] = v_add(cvx_turn(R, A->vertices[A->ring[a + k]]), pos);
  poly.plane.normal = cvx_turn(R, A->faces[f].normal);
  poly.plane.d = A->faces[f].d - v_dot(poly.plane.normal, pos);
  poly.count = n;
  poly.vertices = buf;
  return poly;
}

/* The candidates of a round obstacle (sphere: axis NULL; capsule of core
   q -+ axis), whose zero-motion kernel answer *h is already offered. */
static void round_candidates(search *s, vec3 q, const vec3 *axis, double r) {
  vec3 buf[COLLIDE_MAX_CONVEX_POINTS];
  const collide_convex *A = s->A;
  int f, nf = A->flat ? 1 : A->face_count;
  if (A->flat) {
    /* the 2D rule: the core in the hull's plane (exactly, as the
       kernel's rule) */
    collide_polygon poly = face_polygon(A, s->R, s->pos, 0, buf);
    vec3 ends[2];
    int k, ne = axis ? 2 : 1, e, m = poly.count;
    ends[0] = axis ? v_sub(q, *axis) : q;
    ends[1] = axis ? v_add(q, *axis) : q;
    s->plane2d = 1;
    s->N = poly.plane.normal;
    for (k = 0; k < ne; k++)
      if (v_dot(poly.plane.normal, ends[k]) + poly.plane.d != 0) s->plane2d = 0;
    if (s->plane2d) {
      for (e = 0; e < m; e++) {
        vec3 side = v_cross(v_sub(poly.vertices[(e + 1) % m], poly.vertices[e]),
                            poly.plane.normal);
        offer(s, side);
        offer(s, v_neg(side));
      }
    }
  }
  for (f = 0; f < nf; f++) {
    collide_polygon poly = face_polygon(A, s->R, s->pos, f, buf);
    collide_hit h;
    int rc = axis ? collide_sweep_capsule_polygon(r, axis, &q, &q, &poly, &h)
                  : collide_sweep_sphere_polygon(r, &q, &q, &poly, &h);
    /* A leaves the round shape opposite to the round shape leaving A */
    if (rc == 1) offer(s, v_neg(h.normal));
    if (!A->flat) {
      offer(s, poly.plane.normal);
      offer(s, v_neg(poly.plane.normal));
    }
  }
  if (A->flat && !s->plane2d) {
    offer(s, s->N);
    offer(s, v_neg(s->N));
  }
  if (axis) {
    /* the segment meeting A: the cross products of its direction with
       A's edges, both ways */
    int k;
    for (k = 0; k < A->edge_count; k++) {
      vec3 e = cvx_turn(s->R, v_sub(A->vertices[A->edges[2 * (size_t)k + 1]],
                                    A->vertices[A->edges[2 * (size_t)k]]));
      vec3 c = v_cross(e, *axis);
      offer(s, c);
      offer(s, v_neg(c));
    }
  }
}

/* The common end: the kernel's answer rc, *h (with no motion) and the
   search, into *h and *depth. */
static int finish(int rc, search *s, collide_hit *h, double *depth) {
  *depth = 0;
  if (rc != 1) {
    hit_clear(h);
    return rc;
  }
  if (s->found) {
    h->normal = v3(s->best.x + 0.0, s->best.y + 0.0, s->best.z + 0.0);
    *depth = s->depth > 0 ? s->depth : 0;
  }
  h->u = 0;
  return 1;
}

/* Every entry point's beginning: *depth 0, the search empty with the
   obstacle of kind (its fields are the caller's to fill), A and rot
   checked (arguments 1 and 2), R its matrix. 0, or the argument error. */
static int start(search *s, int kind, const collide_convex *A,
                 const collide_rotation *rot, const vec3 *pos, double *depth) {
  int e;
  *depth = 0;
  memset(s, 0, sizeof *s);
  s->x.kind = kind;
  if (A == NULL || A->vertex_count < 3) return COLLIDE_FAIL(1, COLLIDE_E_FEW_POINTS);
  s->A = A;
  if ((e = collide__rotation_matrix(rot, s->R)) != 0) return COLLIDE_FAIL(2, e);
  s->pos = *pos;
  return 0;
}

/* A polytope obstacle: the kernel's normal, measured. */
static int polytope(int rc, search *s, collide_hit *h, double *depth) {
  if (rc == 1) offer(s, h->normal);
  return finish(rc, s, h, depth);
}

int collide__penetration_convex_sphere(const collide_convex *A,
                                       const collide_rotation *rot,
                                       const vec3 *pos, const vec3 *center,
                                       double r, collide_hit *h, double *depth) {
  search s;
  int rc;
  if ((rc = start(&s, X_SPHERE, A, rot, pos, depth)) < 0) return rc;
  s.x.a = *center;
  s.x.r = r;
  rc = collide_sweep_convex_sphere(A, rot, pos, pos, center, r, h);
  if (rc == 1) {
    round_candidates(&s, *center, NULL, r);
    if (!s.plane2d || fabs(v_dot(h->normal, s.N)) <= 1e-9) offer(&s, h->normal);
  }
  return finish(rc, &s, h, depth);
}

int collide__penetration_convex_capsule(const collide_convex *A,
                                        const collide_rotation *rot,
                                        const vec3 *pos, const vec3 *a,
                                        const vec3 *b, double r, collide_hit *h,
                                        double *depth) {
  vec3 q, axis;
  search s;
  int rc;
  if ((rc = start(&s, X_CAPSULE, A, rot, pos, depth)) < 0) return rc;
  s.x.a = *a;
  s.x.b = *b;
  s.x.r = r;
  rc = collide_sweep_convex_capsule(A, rot, pos, pos, a, b, r, h);
  if (rc == 1) {
    q = v_scale(v_add(*a, *b), 0.5);
    axis = v_scale(v_sub(*b, *a), 0.5);
    round_candidates(&s, q, &axis, r);
    if (!s.plane2d || fabs(v_dot(h->normal, s.N)) <= 1e-9) offer(&s, h->normal);
  }
  return finish(rc, &s, h, depth);
}

int collide__penetration_convex_aabb(const collide_convex *A,
                                     const collide_rotation *rot,
                                     const vec3 *pos, const vec3 *center,
                                     const vec3 *e, collide_hit *h,
                                     double *depth) {
  search s;
  int rc;
  if ((rc = start(&s, X_AABB, A, rot, pos, depth)) < 0) return rc;
  s.x.a = *center;
  s.x.b = *e;
  return polytope(collide_sweep_convex_aabb(A, rot, pos, pos, center, e, h), &s, h, depth);
}

/* The polytope obstacles given by their points (a triangle, a polygon, a
   segment): n of them at v, the kernel's answer rc. */
static int points(search *s, const vec3 *v, int n, int rc, collide_hit *h,
                  double *depth) {
  s->x.v = v;
  s->x.nv = n;
  return polytope(rc, s, h, depth);
}

int collide__penetration_convex_triangle(const collide_convex *A,
                                         const collide_rotation *rot,
                                         const vec3 *pos, const vec3 *a,
                                         const vec3 *b, const vec3 *c,
                                         collide_hit *h, double *depth) {
  const vec3 v[3] = {*a, *b, *c};
  search s;
  int rc;
  if ((rc = start(&s, X_POINTS, A, rot, pos, depth)) < 0) return rc;
  return points(&s, v, 3, collide_sweep_convex_triangle(A, rot, pos, pos, a, b, c, h), h,
                depth);
}

int collide__penetration_convex_polygon(const collide_convex *A,
                                        const collide_rotation *rot,
                                        const vec3 *pos,
                                        const collide_polygon *poly,
                                        collide_hit *h, double *depth) {
  search s;
  int rc;
  if ((rc = start(&s, X_POINTS, A, rot, pos, depth)) < 0) return rc;
  return points(&s, poly->vertices, poly->count,
                collide_sweep_convex_polygon(A, rot, pos, pos, poly, h), h, depth);
}

int collide__penetration_convex_segment(const collide_convex *A,
                                        const collide_rotation *rot,
                                        const vec3 *pos, const vec3 *a,
                                        const vec3 *b, collide_hit *h,
                                        double *depth) {
  const vec3 v[2] = {*a, *b};
  search s;
  int rc;
  if ((rc = start(&s, X_POINTS, A, rot, pos, depth)) < 0) return rc;
  return points(&s, v, 2, collide_sweep_convex_segment(A, rot, pos, pos, a, b, h), h,
                depth);
}

int collide__penetration_convex_plane(const collide_convex *A,
                                      const collide_rotation *rot,
                                      const vec3 *pos, const collide_plane *plane,
                                      collide_hit *h, double *depth) {
  search s;
  int rc;
  if ((rc = start(&s, X_PLANE, A, rot, pos, depth)) < 0) return rc;
  s.x.plane = plane;
  return polytope(collide_sweep_convex_plane(A, rot, pos, pos, plane, h), &s, h, depth);
}

int collide__penetration_convex_convex(const collide_convex *A,
                                       const collide_rotation *rotA,
                                       const vec3 *posA, const collide_convex *B,
                                       const collide_rotation *rotB,
                                       const vec3 *posB, collide_hit *h,
                                       double *depth) {
  search s;
  int rc;
  if ((rc = start(&s, X_HULL, A, rotA, posA, depth)) < 0) return rc;
  s.x.B = B;
  s.x.a = *posB;
  if (B == NULL || B->vertex_count < 3) return COLLIDE_FAIL(5, COLLIDE_E_FEW_POINTS);
  if ((rc = collide__rotation_matrix(rotB, s.x.RB)) != 0) return COLLIDE_FAIL(6, rc);
  return polytope(collide_sweep_convex_convex(A, rotA, posA, posA, B, rotB, posB, h),
                  &s, h, depth);
}
