/*
 * collide_penetration.c -- how deep a shape held still is in the shapes of
 * a world, and the mover's push-out of the shapes it starts in.
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
#include "collide_world_internal.h"

/* h_Q(n) about the mover's centre: r, sum e_k |n_k|, |axis.n| + r. */
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
  h = mover_support(m, s->tn);
  scale = (max_abs3(c) > s->tscale ? max_abs3(c) : s->tscale) + h;
  return d > h + 1e-12 * (1 + scale);
}

/* The query's form of m (a capsule of zero axis answers as a sphere, as
   collide__query_init_mover makes it). */
static collide__mover as_queried(const collide__mover *m) {
  collide__mover q = *m;
  if (q.kind == MOVER_CAPSULE && q.axis.x == 0 && q.axis.y == 0 && q.axis.z == 0)
    q.kind = MOVER_SPHERE;
  return q;
}

int collide__penetration_slot(const collide_world *w, int slot,
                              const collide__mover *m, const vec3 *c,
                              collide_hit *h, collide_penetration *out) {
  const shape *s = &w->slots[slot];
  collide__mover q = as_queried(m);
  if (collide__mover_test(s, &q, c, c, h) != 1) return 0;
  collide__penetration_of(s, &q, c, h, out);
  return 1;
}

static int cmp_pen(const void *a, const void *b) {
  int x = ((const collide_penetration *)a)->id;
  int y = ((const collide_penetration *)b)->id;
  return (x > y) - (x < y);
}

int collide__penetrations(collide_world *w, const collide__mover *m,
                          const vec3 *c, int skip_id, int mask,
                          collide_world_filter filter,
                          void *ctx, collide_penetration *out, collide_hit *hits,
                          int cap) {
  query q;
  int e, i, j, n;
  collide__query_init_mover(&q, Q_OVERLAP, m, c, c);
  q.skip_id = skip_id;
  q.mask = mask;
  q.filter = filter;
  q.ctx = ctx;
  q.pens = out;
  q.pen_hits = hits;
  q.sensors = hits == NULL;   /* (the mover's push-out: sensors block nothing) */
  q.cap = cap < 0 ? 0 : cap;
  if ((e = collide__query_run(w, &q)) < 0) return e;
  n = q.nids <= q.cap ? q.nids : 0;   /* (cap of them: in no order) */
  if (!hits) {
    qsort(out, (size_t)n, sizeof *out, cmp_pen);
  } else {
    /* (the mover's few, with their contacts alongside) */
    for (i = 1; i < n; i++) {
      collide_penetration p = out[i];
      collide_hit h = hits[i];
      for (j = i; j > 0 && out[j - 1].id > p.id; j--) {
        out[j] = out[j - 1];
        hits[j] = hits[j - 1];
      }
      out[j] = p;
      hits[j] = h;
    }
  }
  return q.nids;
}

/* ---- the public queries ------------------------------------------------------ */

static int penetrations(collide_world *w, const collide__mover *m,
                        const vec3 *c, collide_world_filter filter, void *ctx,
                        collide_penetration *out, int cap) {
  int mask = -1;
  if (filter == collide_world_layer_filter) {
    mask = ctx ? *(const int *)ctx : -1;
    filter = NULL;
    ctx = NULL;
  }
  return collide__penetrations(w, m, c, 0, mask, filter, ctx, out, NULL, cap);
}

int collide_world_penetration_sphere(collide_world *w, const collide_vec3 *center,
                                     double r, collide_world_filter filter,
                                     void *ctx, collide_penetration *out, int cap) {
  collide__mover m;
  CHECK_VEC(center, 2);
  CHECK_RADIUS(r, 3);
  memset(&m, 0, sizeof m);
  m.kind = MOVER_SPHERE;
  m.r = r;
  return penetrations(w, &m, center, filter, ctx, out, cap);
}

int collide_world_penetration_aabb(collide_world *w, const collide_vec3 *center,
                                   const collide_vec3 *extents,
                                   collide_world_filter filter, void *ctx,
                                   collide_penetration *out, int cap) {
  collide__mover m;
  CHECK_VEC(center, 2);
  CHECK_EXTENTS(extents, 3);
  memset(&m, 0, sizeof m);
  m.kind = MOVER_AABB;
  m.e = *extents;
  return penetrations(w, &m, center, filter, ctx, out, cap);
}

int collide_world_penetration_capsule(collide_world *w, const collide_vec3 *a,
                                      const collide_vec3 *b, double r,
                                      collide_world_filter filter, void *ctx,
                                      collide_penetration *out, int cap) {
  collide__mover m;
  vec3 c;
  CHECK_VEC(a, 2);
  CHECK_VEC(b, 3);
  CHECK_RADIUS(r, 4);
  m = collide__capsule_query(a, b, r, &c);
  return penetrations(w, &m, &c, filter, ctx, out, cap);
}

/* ---- push-out ------------------------------------------------------------------
 *
 * A constraint "D moves the mover out of shape i": n_i.D >= b_i, where n_i
 * is the push's direction and b_i = depth_i + skin + n_i.(p_i - c) for a
 * penetration found with the mover at p_i. Met, it leaves the mover's
 * projection on n_i at least skin clear of the shape's, and so (separating
 * axis) the mover clear of that convex shape.
 *
 * separate: the shortest D meeting every constraint, or none. The
 * shortest point of an intersection of half-spaces n_i.D >= b_i is a
 * non-negative combination of at most three of the n_i (in 3D; KKT with
 * Caratheodory), and it meets those with equality; so it is the shortest,
 * among the solutions of every set of one, two or three constraints held
 * as equalities, of those that meet all the others: found by trying them
 * all (a few constraints: at most MAX_PUSH).
 */
#define MAX_PUSH 24    /* constraints of one push-out */
#define PUSH_PASSES 6  /* overlap queries of one push-out */

typedef struct push_set {
  vec3 n[MAX_PUSH];
  double b[MAX_PUSH];
  int id[MAX_PUSH];
  int count;
  double slack;   /* how far a constraint may be missed by rounding */
} push_set;

static int meets_all(const push_set *p, vec3 d) {
  int i;
  for (i = 0; i < p->count; i++)
    if (v_dot(p->n[i], d) < p->b[i] - p->slack) return 0;
  return 1;
}

static void consider(const push_set *p, vec3 d, int *found, vec3 *best) {
  if ((!*found || v_len2(d) < v_len2(*best)) && meets_all(p, d)) {
    *found = 1;
    *best = d;
  }
}

static int separate(const push_set *p, vec3 *out) {
  int i, j, k, found = 0;
  vec3 best = v3(0, 0, 0);
  consider(p, v3(0, 0, 0), &found, &best);
  for (i = 0; i < p->count; i++) {
    consider(p, v_scale(p->n[i], p->b[i]), &found, &best);
    for (j = i + 1; j < p->count; j++) {
      /* D = a n_i + b n_j with n_i.D = b_i, n_j.D = b_j: the 2x2 Gram
         system [1 g; g 1] (a, b) = (b_i, b_j), g = n_i.n_j */
      double g = v_dot(p->n[i], p->n[j]), det = 1 - g * g;
      if (det > 1e-12) {
        double a = (p->b[i] - g * p->b[j]) / det, b = (p->b[j] - g * p->b[i]) / det;
        consider(p, v_add(v_scale(p->n[i], a), v_scale(p->n[j], b)), &found, &best);
      }
      for (k = j + 1; k < p->count; k++) {
        /* three equalities: Cramer's rule, D = (b_i (n_j x n_k) + b_j
           (n_k x n_i) + b_k (n_i x n_j)) / n_i.(n_j x n_k) */
        vec3 jk = v_cross(p->n[j], p->n[k]);
        double t = v_dot(p->n[i], jk);
        if (fabs(t) > 1e-9) {
          vec3 d = v_scale(jk, p->b[i]);
          d = v_madd(d, v_cross(p->n[k], p->n[i]), p->b[j]);
          d = v_madd(d, v_cross(p->n[i], p->n[j]), p->b[k]);
          consider(p, v_scale(d, 1 / t), &found, &best);
        }
      }
    }
  }
  *out = best;
  return found;
}

static int listed_int(const int *list, int n, int id) {
  int i;
  for (i = 0; i < n; i++)
    if (list[i] == id) return 1;
  return 0;
}

static int in_set(const push_set *p, int id) {
  int i;
  for (i = 0; i < p->count; i++)
    if (p->id[i] == id) return 1;
  return 0;
}

/*
 * The rounds, from p = c: the kept shapes m overlaps at p by more than tol
 * become constraints, D = separate(all so far), p = c + D, again, until a
 * round finds none (clear), separate finds no D, or the constraints or
 * the passes run out (stuck).
 *
 * Why it ends, and why "clear" is true: every shape already a constraint
 * is, at c + D, at least skin - slack > tol clear of m along its normal
 * (above), so it does not touch m and is not found again: each round that
 * goes on adds at least one shape, and there are at most MAX_PUSH of
 * them, in at most PUSH_PASSES rounds. A round that finds nothing has
 * just looked at c + D with the world's own overlap test: that position
 * is clear of every kept shape (by more than tol). A mover squeezed
 * between shapes (constraints no D meets: a floor and a ceiling closer
 * than its height) is stuck.
 */
int collide__push_out(collide_world *w, const collide__mover *m, const vec3 *c,
                      int skip_id, int mask, collide_world_filter filter, void *fctx,
                      collide__push_keep keep, void *kctx, double skin,
                      double tol, double max_push, collide_penetration *start,
                      collide_hit *start_hits, int cap, int *nstart, vec3 *to) {
  push_set set;
  collide_penetration pen[MAX_PUSH];
  collide_hit hit[MAX_PUSH];
  int skipped[MAX_PUSH], nskipped = 0, pass, i, n, e, over;
  vec3 d = v3(0, 0, 0), p = *c;
  collide__mover q = as_queried(m);
  double len;
  set.count = 0;
  set.slack = 0.25 * skin;
  *nstart = 0;
  *to = *c;
  for (pass = 0; pass < PUSH_PASSES; pass++) {
    int added = 0;
    if ((n = collide__penetrations(w, &q, &p, skip_id, mask, filter, fctx, pen,
                                   hit, MAX_PUSH)) < 0)
      return n;
    over = n > MAX_PUSH;   /* (more than it can weigh: stuck, below) */
    if (over) n = MAX_PUSH;
    for (i = 0; i < n; i++) {
      if (pen[i].depth <= tol || listed_int(skipped, nskipped, pen[i].id)) continue;
      if (in_set(&set, pen[i].id)) return 0;   /* (rounding: stuck) */
      if ((e = keep(kctx, pen[i].id, &pen[i].normal)) < 0) return e;
      if (e == 0) {
        if (nskipped < MAX_PUSH) skipped[nskipped++] = pen[i].id;
        continue;
      }
      if (set.count == MAX_PUSH) return 0;
      set.n[set.count] = pen[i].normal;
      set.b[set.count] = pen[i].depth + skin + v_dot(pen[i].normal, v_sub(p, *c));
      set.id[set.count++] = pen[i].id;
      added = 1;
      if (pass == 0 && *nstart < cap) {
        start[*nstart] = pen[i];
        start_hits[*nstart] = hit[i];
        (*nstart)++;
      }
    }
    if (over) return 0;
    if (!added) break;   /* clear */
    if (!separate(&set, &d)) return 0;
    p = v_add(*c, d);
  }
  if (pass == PUSH_PASSES) return 0;
  len = v_len(d);
  *to = len > max_push ? v_madd(*c, d, max_push / len) : p;
  return 1;
}
