/*
 * collide_convex_obstacle.c -- a convex shape (collide_hull.c) as the fixed
 * obstacle: the ray cast collide_raycast_convex, and the sweeps of the
 * world's moving shapes (sphere, box, capsule) against it, which the
 * world's queries and movers make for a convex shape of the world.
 *
 * The ray: Cyrus and Beck's clipping of a segment by the planes of a
 * convex polyhedron ("Generalized two- and three-dimensional clipping",
 * Computers & Graphics 3(1), 1978; Ericson, Real-Time Collision Detection,
 * 5.3.8). The hull is the intersection of the half-spaces n_f.x + d_f <= 0
 * of its faces; the segment p0 + t d meets half-space f during the t with
 * s_f + t e_f <= 0 (s_f = n_f.p0 + d_f, e_f = n_f.d): an interval bounded
 * below (e_f < 0: entering at -s_f / e_f), above (e_f > 0: leaving there),
 * or all or nothing (e_f = 0: s_f <= 0 or not). The segment is in the
 * hull during the intersection of these intervals with [0, 1]; its first
 * moment is the contact, the face that bounded it below the normal. The
 * segment is taken into the hull's frame (R^T (p - pos): a rotation
 * preserves distances, and the faces are then the hull's own planes,
 * unrounded). A flat hull (a convex polygon) is the thin prism of its
 * plane: its two faces n and -n and the side planes through its edges,
 * e x n outward (e an edge of face 0's ring, counter-clockwise seen along
 * n), so a ray in its plane (a 2D game's) is clipped by the sides. A
 * segment starting inside or on the hull: u = 0, the way out through the
 * nearest face (the largest s_f; on a tie, the one the segment moves
 * toward), the point there, as collide_raycast_aabb answers a start
 * inside a box; for a flat hull with p0 in its plane, through the
 * nearest side (pushed out within the plane: the 2D rule).
 *
 * The sweeps: the shape moving by d against the fixed hull meets it
 * exactly when the hull moving by -d meets the shape held at its start,
 * at the same u (the relative motion is the same); that is what
 * collide_sweep_convex_sphere, _aabb and _capsule (collide_convex.c)
 * answer, exactly. Their point is where the two touch at u, in the world
 * where the hull moved: moved by u d into the world where the shape
 * moves (both moved by u d), and put on the hull's support plane across
 * the normal (the point of the obstacle, now the hull); their normal,
 * from the shape toward the hull, is reversed; the feature is the hull's
 * support set in that direction (its corners within 1e-9 of its radius of
 * the extreme, collide_convex.c's rule): one corner a vertex, two an edge,
 * more a face. At u = 0 (overlapping at the start) the point is the
 * kernel's, in both, and the normal the exact direction of the shortest
 * separating translation from collide_convex_penetration.c (the round
 * kernels' own at u = 0 is not always that one).
 * Far out, near the coordinate limit, the hull moved back by the whole
 * motion may leave the limit the kernels check (the shape's own motion
 * does not): the sweep is then made in the hull's frame, in halves (see
 * in_halves), so that a mover far out is stopped as by a box there.
 *
 * Uses the primitives layer and the convex family's public kernels.
 */
#include "collide_convex_internal.h"

/* ---- the hull's support ------------------------------------------------------- */

/* The hull A turned by R at pos along the world direction n: the largest
   n.x over it (*hi, world coordinates), and how many corners are within
   1e-9 of its radius of that extreme. */
static int hull_support(const collide_convex *A, const vec3 R[3], const vec3 *pos,
                        vec3 n, double *hi) {
  vec3 L = cvx_unturn(R, n);
  double mx = v_dot(A->vertices[0], L), tol = 1e-9 * A->radius;
  int i, cnt = 0;
  for (i = 1; i < A->vertex_count; i++) mx = dmax(mx, v_dot(A->vertices[i], L));
  for (i = 0; i < A->vertex_count; i++)
    if (v_dot(A->vertices[i], L) >= mx - tol) cnt++;
  *hi = mx + v_dot(*pos, n);
  return cnt;
}

static int feature_of_count(int cnt) {
  return cnt <= 1 ? COLLIDE_FEATURE_VERTEX
                  : cnt == 2 ? COLLIDE_FEATURE_EDGE : COLLIDE_FEATURE_FACE;
}

/* ---- a moving shape against a fixed hull ----------------------------------------- */

/* The answer rc, h of a kernel that moved the hull (A, rot, R at pos) by
   -d against the shape held still, turned into the shape's moving by d
   against the hull held still (see the top of the file). */
static int reversed(int rc, collide_hit *h, vec3 d, const collide_convex *A,
                    const vec3 R[3], const vec3 *pos) {
  vec3 n, p;
  double hi;
  int cnt;
  if (rc != 1) {
    hit_clear(h);
    return rc;
  }
  n = v3(0.0 - h->normal.x, 0.0 - h->normal.y, 0.0 - h->normal.z);
  p = v_madd(h->point, d, h->u);
  cnt = hull_support(A, R, pos, n, &hi);
  /* (at u = 0 they overlap: the kernel's point is in both, the support
     plane may be beyond the shape) */
  h->point = h->u > 0 ? v_madd(p, n, hi - v_dot(n, p)) : p;
  h->normal = n;
  h->feature = feature_of_count(cnt);
  return 1;
}

/* The checks of the obstacle's arguments (Lua positions arg .. arg + 2:
   A, rot, pos) and the matrix: 0 or <0. */
static int check_obstacle(const collide_convex *A, const collide_rotation *rot,
                          const vec3 *pos, int arg, vec3 R[3]) {
  int e;
  if (A == NULL || A->vertex_count < 3) return COLLIDE_FAIL(arg, COLLIDE_E_FEW_POINTS);
  if ((e = collide__rotation_matrix(rot, R)) != 0) return COLLIDE_FAIL(arg + 1, e);
  CHECK_VEC(pos, arg + 2);
  return 0;
}

/* At u = 0 (overlapping at the start) the normal is the direction of the
   shortest translation that separates them, and the round kernels' is
   not always that one (a flat hull's: an edge's normal across the plane,
   for a circle over a corner from outside): the penetration's, which is
   exact (collide_convex_penetration.c), the other way round. */
static void start_normal(int rc, collide_hit *out, int pen, const collide_hit *h) {
  if (rc == 1 && out->u == 0 && pen == 1)
    out->normal = v3(0.0 - h->normal.x, 0.0 - h->normal.y, 0.0 - h->normal.z);
}

/* The kernel for the moving shape (kind: 0 sphere of radius r, 1 box of
   half-extents *v, 2 capsule of radius r about c0 -+ *v) held at c0 and
   the hull moving from pos to pos - d. */
enum { M_SPHERE, M_BOX, M_CAPSULE };
static int kernel_rev(int kind, double r, const vec3 *v, const collide_convex *A,
                      const collide_rotation *rot, const vec3 *pos, vec3 c0, vec3 d,
                      collide_hit *out) {
  vec3 end = v_sub(*pos, d);
  if (kind == M_SPHERE) return collide_sweep_convex_sphere(A, rot, pos, &end, &c0, r, out);
  if (kind == M_BOX) return collide_sweep_convex_aabb(A, rot, pos, &end, &c0, v, out);
  {
    vec3 a = v_sub(c0, *v), b = v_add(c0, *v);
    return collide_sweep_convex_capsule(A, rot, pos, &end, &a, &b, r, out);
  }
}

/* Far out (coordinates near the limit, 1e50) the hull moved back by the
   whole motion may leave the limit the kernels check, where the shape
   itself would not: then the sweep is made again in the hull's frame
   (its origin at 0, the shape from q0 to q1), in halves, each half a
   sweep of its own (the first half's contact first; u of the whole is
   (k + u') / 2 of half k), skipping a half that cannot come within reach
   (the segment's distance from the origin beyond the hull's radius plus
   the shape's; with a margin of 1e-6 of that). At most depth halvings. */
static int in_halves(int kind, double r, const vec3 *v, const collide_convex *A,
                     const collide_rotation *rot, const vec3 R[3], vec3 q0, vec3 q1,
                     int depth, collide_hit *out) {
  vec3 zero = v3(0, 0, 0), d = v_sub(q1, q0), m;
  double reach = A->radius + r + (kind == M_CAPSULE ? v_len(*v) : kind == M_BOX ? v_len(*v) : 0);
  double dd = v_len2(d), t = dd > 0 ? clamp01(-v_dot(q0, d) / dd) : 0;
  int rc;
  hit_clear(out);
  if (v_len(v_madd(q0, d, t)) > reach * (1 + 1e-6)) return 0;
  rc = kernel_rev(kind, r, v, A, rot, &zero, q0, d, out);
  if (rc >= 0) return reversed(rc, out, d, A, R, &zero);
  if (depth == 0) return rc;
  m = v_lerp(q0, q1, 0.5);
  rc = in_halves(kind, r, v, A, rot, R, q0, m, depth - 1, out);
  if (rc == 1) {
    out->u *= 0.5;
    return 1;
  }
  if (rc < 0) return rc;
  rc = in_halves(kind, r, v, A, rot, R, m, q1, depth - 1, out);
  if (rc == 1) out->u = 0.5 + 0.5 * out->u;
  return rc;
}

/* The shape (kind, r, v) moving from c0 to c1 against the hull (A, rot, R)
   at pos: the kernel with the motion reversed; at u = 0 the exact normal;
   in the hull's frame by halves when the reversed motion leaves the
   limit. */
static int obstacle_sweep(int kind, double r, const vec3 *v, const vec3 *c0,
                          const vec3 *c1, const collide_convex *A,
                          const collide_rotation *rot, const vec3 R[3],
                          const vec3 *pos, collide_hit *out) {
  vec3 d = v_sub(*c1, *c0);
  collide_hit h;
  double depth;
  int rc = kernel_rev(kind, r, v, A, rot, pos, *c0, d, out), pen;
  if (rc >= 0) {
    rc = reversed(rc, out, d, A, R, pos);
  } else {
    rc = in_halves(kind, r, v, A, rot, R, v_sub(*c0, *pos), v_sub(*c1, *pos), 12, out);
    if (rc == 1) out->point = v_add(out->point, *pos);
  }
  if (rc == 1 && out->u == 0 && kind != M_BOX) {
    if (kind == M_SPHERE) {
      pen = collide__penetration_convex_sphere(A, rot, pos, c0, r, &h, &depth);
    } else {
      vec3 a = v_sub(*c0, *v), b = v_add(*c0, *v);
      pen = collide__penetration_convex_capsule(A, rot, pos, &a, &b, r, &h, &depth);
    }
    start_normal(rc, out, pen, &h);
  }
  return rc;
}

int collide__sweep_sphere_convex(double r, const vec3 *c0, const vec3 *c1,
                                 const collide_convex *A,
                                 const collide_rotation *rot, const vec3 *pos,
                                 collide_hit *out) {
  vec3 R[3];
  int e;
  hit_clear(out);
  if ((e = check_obstacle(A, rot, pos, 4, R)) < 0) return e;
  return obstacle_sweep(M_SPHERE, r, NULL, c0, c1, A, rot, R, pos, out);
}

int collide__sweep_aabb_convex(const vec3 *ext, const vec3 *c0, const vec3 *c1,
                               const collide_convex *A,
                               const collide_rotation *rot, const vec3 *pos,
                               collide_hit *out) {
  vec3 R[3];
  int e;
  hit_clear(out);
  if ((e = check_obstacle(A, rot, pos, 4, R)) < 0) return e;
  return obstacle_sweep(M_BOX, 0, ext, c0, c1, A, rot, R, pos, out);
}

int collide__sweep_capsule_convex(double r, const vec3 *axis, const vec3 *c0,
                                  const vec3 *c1, const collide_convex *A,
                                  const collide_rotation *rot, const vec3 *pos,
                                  collide_hit *out) {
  vec3 R[3];
  int e;
  hit_clear(out);
  if ((e = check_obstacle(A, rot, pos, 5, R)) < 0) return e;
  return obstacle_sweep(M_CAPSULE, r, axis, c0, c1, A, rot, R, pos, out);
}

/* ---- the ray ------------------------------------------------------------------- */

/* Plane k of the hull's clipping set, in its frame: the faces (a flat
   hull: its two faces, then the side through edge k - 2 of face 0's
   ring). Side normals are not unit: a side's is as long as the side,
   brought to a length near 1 by a power of two (exact: the same
   direction, and the same distances once divided by its length) when it
   is shorter than 2^-400, where its squared length and its products with
   the ray's tiny coordinates would underflow (a 2D hull 1e-165 across:
   its sides' lengths read as 0, the ray's normal had a z part). */
static int ray_plane_count(const collide_convex *A) {
  return A->flat ? 2 + (A->face_first[1] - A->face_first[0]) : A->face_count;
}
static void ray_plane(const collide_convex *A, int k, vec3 *n, double *d) {
  if (!A->flat || k < 2) {
    *n = A->faces[k].normal;
    *d = A->faces[k].d;
  } else {
    int a = A->face_first[0], m = A->face_first[1] - a, i = k - 2;
    vec3 v0 = A->vertices[A->ring[a + i]], v1 = A->vertices[A->ring[a + (i + 1) % m]];
    double big;
    *n = v_cross(v_sub(v1, v0), A->faces[0].normal);
    big = v_maxabs(*n);
    if (big > 0 && big < 0x1p-400) *n = v_ldexp(*n, -ilogb(big));
    *d = 0.0 - v_dot(*n, v0);
  }
}

int collide_raycast_convex(const collide_convex *A, const collide_rotation *rot,
                           const collide_vec3 *position, const collide_vec3 *p0,
                           const collide_vec3 *p1, collide_hit *out) {
  vec3 R[3], q0, dq, nb;
  double lo = 0, hi = 1, best_s = -HUGE_VAL, best_e = -HUGE_VAL, tol;
  int e, k, np, enter = -1, inside = 1, best = -1, in_plane, cnt = 0;
  hit_clear(out);
  if ((e = check_obstacle(A, rot, position, 1, R)) < 0) return e;
  CHECK_VEC(p0, 4);
  CHECK_VEC(p1, 5);
  q0 = cvx_unturn(R, v_sub(*p0, *position));
  dq = cvx_unturn(R, v_sub(*p1, *p0));
  np = ray_plane_count(A);
  /* a flat hull with p0 exactly in its plane: the 2D rule below */
  in_plane = A->flat && v_dot(A->faces[0].normal, q0) + A->faces[0].d == 0;
  for (k = 0; k < np; k++) {
    vec3 n;
    double d, s, t, len;
    ray_plane(A, k, &n, &d);
    len = v_len(n);
    s = (v_dot(n, q0) + d) / len;   /* signed distances, comparable */
    t = v_dot(n, dq) / len;
    if (s > 0) inside = 0;
    if (!(in_plane && k < 2) &&
        (s > best_s || (s == best_s && t > best_e))) {
      best_s = s;
      best_e = t;
      best = k;
    }
    if (t == 0) {
      if (s > 0) return 0;   /* parallel, outside: never in */
      continue;
    }
    if (t < 0) {
      double u = -s / t;
      if (u > lo) {
        lo = u;
        enter = k;
      }
    } else {
      double u = -s / t;
      if (u < hi) hi = u;
    }
    if (lo > hi) return 0;
  }
  if (inside) {
    /* starts inside or on the hull: out through the nearest face */
    vec3 n;
    double d;
    ray_plane(A, best, &n, &d);
    nb = v_normalize(cvx_turn(R, n));
    out->u = 0;
    out->point = v_madd(*p0, nb, -best_s);
    out->normal = nb;
  } else {
    vec3 n;
    double d;
    if (enter < 0) return 0;   /* (outside, yet entering no plane) */
    ray_plane(A, enter, &n, &d);
    nb = v_normalize(cvx_turn(R, n));
    out->u = lo;
    out->point = v_madd(*p0, v_sub(*p1, *p0), lo);
    out->normal = nb;
  }
  /* the feature: how many planes (a flat hull: side planes) hold the
     point, to 1e-9 of the hull's radius */
  {
    vec3 q = cvx_unturn(R, v_sub(out->point, *position));
    tol = 1e-9 * A->radius;
    for (k = A->flat ? 2 : 0; k < np; k++) {
      vec3 n;
      double d;
      ray_plane(A, k, &n, &d);
      if (fabs(v_dot(n, q) + d) <= tol * v_len(n)) cnt++;
    }
    if (A->flat) out->feature = cnt == 0 ? COLLIDE_FEATURE_FACE
                                : cnt == 1 ? COLLIDE_FEATURE_EDGE : COLLIDE_FEATURE_VERTEX;
    else out->feature = cnt <= 1 ? COLLIDE_FEATURE_FACE
                        : cnt == 2 ? COLLIDE_FEATURE_EDGE : COLLIDE_FEATURE_VERTEX;
  }
  out->normal = v3(out->normal.x + 0.0, out->normal.y + 0.0, out->normal.z + 0.0);
  return 1;
}
