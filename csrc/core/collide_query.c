/*
 * collide_query.c -- every query over a whole world: the sweeps of the
 * four moving shapes (sphere, box, capsule, convex), ray casts, lists of
 * ray hits and overlaps, and the mover's sweeps. One path serves them all: a
 * `query` names the moving shape (collide__mover) and its motion, the
 * hierarchy is walked nearest-first with the shape's half-size added to
 * every box, and each candidate gets the exact single-shape function for
 * (moving shape, obstacle kind) against the obstacle's relative motion
 * (see the notes at the top of collide_world.c).
 */
#include <float.h>
#include "collide_query.h"
#include "collide_spin.h"
#include "collide_tree.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif


/* ---- the query ------------------------------------------------------------- */

int collide_world_layer_filter(void *ctx, int id) {
  (void)ctx;
  (void)id;
  return 1;
}

void collide__query_init_mover(query *q, int mode, const collide__mover *m,
                               const vec3 *c0, const vec3 *c1) {
  int k;
  double scale, margin, half[3] = {0, 0, 0}, hmax = 0;
  /* (field by field, not memset: this runs once a query) */
  q->t0 = 0;
  q->filter = NULL;
  q->ctx = NULL;
  q->contact_filter = NULL;
  q->contact_ctx = NULL;
  q->found = 0;
  q->best_id = 0;
  hit_clear(&q->best);
  q->ids = NULL;
  q->pens = NULL;
  q->pen_hits = NULL;
  q->ties = NULL;
  q->cap_ties = q->nties = 0;
  q->tie_u = 0;
  q->hits = NULL;
  q->cap = 0;
  q->nids = 0;
  q->mode = mode;
  q->m = *m;
  /* a capsule with a zero axis is a sphere and answers as one */
  if (m->kind == MOVER_CAPSULE && m->axis.x == 0 && m->axis.y == 0 && m->axis.z == 0)
    q->m.kind = MOVER_SPHERE;
  q->c0 = *c0;
  q->c1 = *c1;
  q->d = v_sub(*c1, *c0);
  q->approach = -1;
  q->mask = -1;
  q->skip_id = 0;
  q->exact = 1;
  q->sensors = mode == Q_OVERLAP;
  switch (q->m.kind) {
  case MOVER_SPHERE:
    half[0] = half[1] = half[2] = m->r;
    break;
  case MOVER_AABB:
  case MOVER_CONVEX:   /* (the turned hull's box about its frame's origin) */
    half[0] = m->e.x; half[1] = m->e.y; half[2] = m->e.z;
    break;
  case MOVER_CAPSULE:
    half[0] = fabs(m->axis.x) + m->r;
    half[1] = fabs(m->axis.y) + m->r;
    half[2] = fabs(m->axis.z) + m->r;
    break;
  default:
    break;
  }
  hmax = half[0] > half[1] ? half[0] : half[1];
  hmax = half[2] > hmax ? half[2] : hmax;
  /* The margin: far above the rounding of the exact tests (whose contact
     distances carry errors up to about 1e-16 * scale^2 / r near grazing
     roots) and of the slab test below, far below any geometry that
     matters. Too big only costs extra exact tests. */
  scale = max_abs3(c0);
  if (max_abs3(c1) > scale) scale = max_abs3(c1);
  q->ray_scale = scale;
  margin = 1e-7 * (1 + hmax + scale);
  for (k = 0; k < 3; k++) {
    double dk = vc(&q->d, k);
    q->grow[k] = half[k] + margin;
    q->o[k] = vc(c0, k);
    /* A component that small moves far less than the margin: it is taken
       as 1e-200, whose inverse keeps every product in query_box finite
       (|coordinate differences| <= 4e50), no division by zero and no
       0 * inf: the slab test then says "inside" exactly when the start
       is, up to the margin. */
    if (fabs(dk) <= 1e-200) dk = 1e-200;
    q->inv[k] = 1.0 / dk;
    q->neg[k] = dk < 0;
    /* lo - grow - o = lo - (o + grow), hi + grow - o = hi - (o - grow) */
    q->near_off[k] = q->o[k] + q->grow[k];
    q->far_off[k] = q->o[k] - q->grow[k];
    {   /* (indexed, not branched on: the sign varies from query to query) */
      double off[2];
      off[0] = q->near_off[k];
      off[1] = q->far_off[k];
      q->plane_off[0][k] = off[q->neg[k]];
      q->plane_off[1][k] = off[!q->neg[k]];
    }
  }
}

void collide__query_init(query *q, int mode, double r, const vec3 *c0,
                         const vec3 *c1) {
  collide__mover m;
  memset(&m, 0, sizeof m);
  m.kind = mode == Q_RAY || mode == Q_RAY_ALL ? MOVER_POINT : MOVER_SPHERE;
  m.r = r;
  collide__query_init_mover(q, mode, &m, c0, c1);
}

/* The public filter argument: a function, or the layer mask. */
static void query_filter(query *q, collide_world_filter filter, void *ctx) {
  if (filter == collide_world_layer_filter) {
    q->mask = ctx ? *(const int *)ctx : -1;
  } else {
    q->filter = filter;
    q->ctx = ctx;
  }
}

/* Does the segment c0 + u d, u in [0, 1], meet box b grown by q->grow?
   The slab test (Kay & Kajiya; Ericson 5.3.3), with the near and far
   planes of each slab chosen by the sign of d so that no swap is needed;
   *t is the entry u. */
static int query_box(const query *q, const box *b, double *t) {
  double t0 = 0, t1 = 1;
  int k;
  for (k = 0; k < 3; k++) {
    double lo = b->lo[k] - q->grow[k], hi = b->hi[k] + q->grow[k];
    double tn = ((q->neg[k] ? hi : lo) - q->o[k]) * q->inv[k];
    double tf = ((q->neg[k] ? lo : hi) - q->o[k]) * q->inv[k];
    if (tn > t0) t0 = tn;
    if (tf < t1) t1 = tf;
  }
  if (t0 > t1) return 0;
  *t = t0;
  return 1;
}

/* The single-shape ray cast. A segment has none in the contract: the ray
   meets it as a sphere of radius 0 would; its normal is then the direction
   from the segment toward p0 perpendicular to the segment (in a 2D world:
   the wall's normal facing the ray), or -ray when the two are collinear.
   A capsule is met where the ray's point comes within R of its segment (a
   sphere of radius R swept along the ray against the segment); the normal
   is the outward one there, and a ray starting inside hits at u = 0 with
   the point on the surface the way out, as collide_raycast_sphere.
   p_scale: the largest |coordinate| of p0 and p1. */
static int shape_ray(const shape *s, const vec3 *p0, const vec3 *p1,
                     double p_scale, collide_hit *h) {
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE: {
    /* collide_raycast_triangle's first test, made with the normal kept
       with the shape (collide__triangle_normal's): both ends
       clearly on one side of the plane is no contact. Most triangles a
       ray's box test lets through end here. */
    double h0 = v_dot(s->tn, v_sub(*p0, s->g.tri.a));
    double h1 = v_dot(s->tn, v_sub(*p1, s->g.tri.a)), tol;
    double scale = p_scale > s->tscale ? p_scale : s->tscale;
    tol = 64 * DBL_EPSILON * scale;
    if (scale > 1e-90 && ((h0 > tol && h1 > tol) || (h0 < -tol && h1 < -tol))) {
      hit_clear(h);
      return 0;
    }
    /* then the division-free test of a segment clearly beside the
       triangle (margins proven in collide_sphere.c): again the very answer
       collide_raycast_triangle would give */
    if (collide__ray_triangle_misses(p0, p1, &s->g.tri.a, &s->g.tri.b, &s->g.tri.c)) {
      hit_clear(h);
      return 0;
    }
    return collide_raycast_triangle(p0, p1, &s->g.tri.a, &s->g.tri.b, &s->g.tri.c, h);
  }
  case COLLIDE_SHAPE_POLYGON:
    return collide_raycast_polygon(p0, p1, &s->g.poly, h);
  case COLLIDE_SHAPE_AABB:
    return collide_raycast_aabb(p0, p1, &s->g.aabb.center, &s->g.aabb.extents, h);
  case COLLIDE_SHAPE_SPHERE:
    return collide_raycast_sphere(p0, p1, &s->g.sphere.center, s->g.sphere.r, h);
  case COLLIDE_SHAPE_SEGMENT: {
    int rc = collide_sweep_sphere_segment(0, p0, p1, &s->g.seg.a, &s->g.seg.b, h);
    if (rc == 1) {
      vec3 t = v_normalize(v_sub(s->g.seg.b, s->g.seg.a));
      vec3 back = v_sub(*p0, h->point);
      vec3 n = v_normalize(v_madd(back, t, -v_dot(back, t)));
      if (v_len2(n) == 0) n = v_normalize(v_sub(*p0, *p1));
      if (v_len2(n) == 0) n = v3(0, 0, 1);
      h->normal = n;
    }
    return rc;
  }
  case COLLIDE_SHAPE_CAPSULE: {
    int rc = collide_sweep_sphere_segment(s->g.cap.r, p0, p1, &s->g.cap.a,
                                          &s->g.cap.b, h);
    if (rc == 1) {
      h->point = h->u > 0 ? v_lerp(*p0, *p1, h->u)
                          : v_madd(h->point, h->normal, s->g.cap.r);
      h->feature = COLLIDE_FEATURE_FACE;
    }
    return rc;
  }
  case COLLIDE_SHAPE_PLANE:
    return collide_raycast_plane(p0, p1, &s->g.plane, h);
  case COLLIDE_SHAPE_CONVEX:
    return collide_raycast_convex(cvx_hull(s->g.cvx.c), &s->g.cvx.c->rot,
                                  &s->g.cvx.pos, p0, p1, h);
  default:
    return 0;
  }
}

/* Asks the public filter; 1 take, 0 skip, <0 abort. */
static int ask_filter(const query *q, int id) {
  return q->filter ? q->filter(q->ctx, id) : 1;
}


/* A ray's hit on shape id, listed (raycast_all) when the filter takes
   the shape. */
static int list_hit(query *q, int id, const collide_hit *h) {
  int f;
  if ((f = ask_filter(q, id)) <= 0) return f;
  if (q->nids < q->cap) {
    q->hits[q->nids].hit = *h;
    q->hits[q->nids].id = id;
  }
  q->nids++;
  return 0;
}

/* Lists the contact h with shape id among q->ties (the contacts within
   tie_u of the best), dropping those no longer within it of q->best.u;
   when the list is full, the latest contact is the one left out. */
static void add_tie(query *q, int id, const collide_hit *h) {
  int i, j = 0, worst = -1;
  for (i = 0; i < q->nties; i++)
    if (q->ties[i].h.u <= q->best.u + q->tie_u) q->ties[j++] = q->ties[i];
  q->nties = j;
  if (h->u > q->best.u + q->tie_u) return;
  if (q->nties == q->cap_ties) {
    for (i = 0; i < q->nties; i++)
      if (worst < 0 || q->ties[i].h.u > q->ties[worst].h.u) worst = i;
    if (worst < 0 || q->ties[worst].h.u <= h->u) return;
    q->ties[worst] = q->ties[--q->nties];
  }
  q->ties[q->nties].h = *h;
  q->ties[q->nties].id = id;
  q->nties++;
}

/* A contact with shape id, kept when it is the first so far (ties: the
   lowest id) and the contact filter and the filter take it; with
   q->ties, one within tie_u of the first is listed there. */
static int offer_hit(query *q, int id, const collide_hit *h) {
  int f, tie = 0;
  if (q->found && (h->u > q->best.u || (h->u == q->best.u && id > q->best_id))) {
    if (!q->ties || h->u > q->best.u + q->tie_u) return 0;
    tie = 1;
  }
  if (q->contact_filter && (f = q->contact_filter(q->contact_ctx, id, h)) <= 0)
    return f;
  if ((f = ask_filter(q, id)) <= 0) return f;
  if (tie) {
    add_tie(q, id, h);
    return 0;
  }
  if (q->ties && q->found) {
    collide_hit old = q->best;
    int old_id = q->best_id;
    q->best = *h;
    add_tie(q, old_id, &old);
  }
  q->found = 1;
  q->best = *h;
  q->best_id = id;
  return 0;
}

/* One axis of the separating-axis cull below: the moments u in [0, ub]
   at which the projections overlap are those with lo <= s0 + u ds <= hi;
   [*a, *b] (within [0, ub]) narrowed to them. 0 when nothing is left.
   (Most axes overlap at both ends or at neither: no division then.) */
static inline int overlap_while(double s0, double ds, double ub, double lo, double hi,
                                double *a, double *b) {
  double s1 = s0 + ub * ds, u0, u1;
  if ((s0 < lo && s1 < lo) || (s0 > hi && s1 > hi)) return 0;
  if (s0 >= lo && s0 <= hi && s1 >= lo && s1 <= hi) return 1;
  u0 = (lo - s0) / ds;   /* (ds != 0: the ends differ) */
  u1 = (hi - s0) / ds;
  if (u0 > u1) { double t = u0; u0 = u1; u1 = t; }
  if (u0 > *a) *a = u0;
  if (u1 < *b) *b = u1;
  return *a <= *b;
}

/*
 * Whether the convex mover m, its origin going from c0 to c1, is surely
 * apart from triangle s at every moment u in [0, ub]: then the sweep
 * kernel, exact to rounding, finds no contact there (with ub = 1: none at
 * all), and is not asked. A cull, no second kernel: any direction L is a
 * separating axis at the moments when the projections of the two convex
 * sets on L do not overlap, and under a translation each projection moves
 * linearly in u, so the moments of overlap on L are an interval; when the
 * intervals of a few axes have nothing in common within [0, ub], some
 * axis separates them at every moment (the method of separating axes over
 * a motion interval: Eberly, "Intersection of Convex Objects: The Method
 * of Separating Axes", Geometric Tools, 2001; Ericson, Real-Time
 * Collision Detection, 5.5.8). The axes: the triangle's unit normal tn,
 * with the hull's own support function (most of a terrain's triangles
 * that the broadphase lets through end there); then, in the hull's frame,
 * the box about its corners in place of the hull -- it
 * contains the hull, so apart from it is apart from the hull -- against
 * the triangle on the box's three axes and the nine cross products of
 * them with the triangle's edges: the complete set of axes of a box and a
 * triangle (Gottschalk, Lin and Manocha, "OBBTree", SIGGRAPH 1996;
 * Akenine-Moller, "Fast 3D triangle-box overlap testing", 2001), so for a
 * box hull (collide.convex_box) every candidate the kernel would call a
 * miss ends here. Each overlap is widened by a margin far above the
 * rounding of the projections (about 1e-16 of the magnitudes, times |L|)
 * and far below any gap that matters, so that only shapes apart by more
 * than it are culled: their first contact, if any, is later than ub by
 * at least the margin over the motion's length, far more than the
 * kernel's rounding of u.
 */
static int convex_apart_from_triangle(const shape *s, const collide__mover *m,
                                      const vec3 *c0, const vec3 *c1, double ub) {
  const vec3 *tri = &s->g.tri.a;   /* (a, b, c in a row) */
  const collide_convex *h = m->hull;
  double a = 0, b = ub, s0, s1, scale, g, lo, hi;
  vec3 p[3], d, e, l, fc, flo, fhi;
  int i, j;
  scale = max_abs3(c0);
  if (max_abs3(c1) > scale) scale = max_abs3(c1);
  if (s->tscale > scale) scale = s->tscale;
  g = 1e-9 * (1 + scale + h->radius);
  /* the normal: the hull spans [s + lo, s + hi] about the height s =
     s0 + u (s1 - s0) of its origin over the plane (lo, hi: its support
     function, collide__convex_support, both ways in one pass) */
  s0 = v_dot(s->tn, v_sub(*c0, s->g.tri.a));
  s1 = v_dot(s->tn, v_sub(*c1, s->g.tri.a));
  l = cvx_unturn(m->R, s->tn);
  lo = hi = v_dot(h->vertices[0], l);
  for (i = 1; i < h->vertex_count; i++) {
    double x = v_dot(h->vertices[i], l);
    lo = x < lo ? x : lo;
    hi = x > hi ? x : hi;
  }
  if (!overlap_while(s0, s1 - s0, ub, -hi - g, -lo + g, &a, &b)) return 1;
  /* the hull's box in its own frame: centre fc, half-size e */
  flo = fhi = h->vertices[0];
  for (i = 1; i < h->vertex_count; i++) {
    vec3 v = h->vertices[i];
    flo = v3(v.x < flo.x ? v.x : flo.x, v.y < flo.y ? v.y : flo.y, v.z < flo.z ? v.z : flo.z);
    fhi = v3(v.x > fhi.x ? v.x : fhi.x, v.y > fhi.y ? v.y : fhi.y, v.z > fhi.z ? v.z : fhi.z);
  }
  fc = v_scale(v_add(flo, fhi), 0.5);
  e = v_scale(v_sub(fhi, flo), 0.5);
  /* in the hull's frame, about its box's centre at u = 0: the box at
     u d, the triangle at p */
  d = cvx_unturn(m->R, v_sub(*c1, *c0));
  for (i = 0; i < 3; i++) p[i] = v_sub(cvx_unturn(m->R, v_sub(tri[i], *c0)), fc);
  for (i = 0; i < 3; i++) {
    double r = vc(&e, i);
    lo = hi = vc(&p[0], i);
    for (j = 1; j < 3; j++) {
      double x = vc(&p[j], i);
      lo = x < lo ? x : lo;
      hi = x > hi ? x : hi;
    }
    if (!overlap_while(0, vc(&d, i), ub, lo - r - g, hi + r + g, &a, &b)) return 1;
  }
  for (j = 0; j < 3; j++) {
    /* L = axis i x t, t the edge from p[j] to p[j + 1] (which project
       alike on it): L.x = (t x x)_i for every point or motion x (the
       triple product), three axes from one cross product each; the box's
       reach along L and |L|_1 from |t| */
    vec3 t = v_sub(p[(j + 1) % 3], p[j]);
    vec3 x0 = v_cross(t, p[j]), x1 = v_cross(t, p[(j + 2) % 3]), sd = v_cross(t, d);
    vec3 at = v3(fabs(t.x), fabs(t.y), fabs(t.z));
    for (i = 0; i < 3; i++) {
      double r = i == 0 ? at.z * e.y + at.y * e.z
               : i == 1 ? at.z * e.x + at.x * e.z : at.y * e.x + at.x * e.y;
      double gl = g * (i == 0 ? at.z + at.y : i == 1 ? at.z + at.x : at.y + at.x);
      double y0 = vc(&x0, i), y1 = vc(&x1, i);
      lo = y0 < y1 ? y0 : y1;
      hi = y0 < y1 ? y1 : y0;
      if (!overlap_while(0, vc(&sd, i), ub, lo - r - gl, hi + r + gl, &a, &b)) return 1;
    }
  }
  return 0;
}

/* The moving shape m from c0 to c1 against the fixed shape s, with the
   contacts later than ub (<= 1) of no interest: a convex mover's
   candidate apart from it until then is not given to the kernel (1 with
   *h, or 0; a contact after ub may still be answered). */
static int mover_test_until(const shape *s, const collide__mover *m, const vec3 *c0,
                            const vec3 *c1, double ub, collide_hit *h) {
  if (m->kind == MOVER_CONVEX && s->kind == COLLIDE_SHAPE_TRIANGLE) {
    if (convex_apart_from_triangle(s, m, c0, c1, ub)) {
      hit_clear(h);
      return 0;
    }
    /* (the kernel, as collide__mover_test calls it past the same cull) */
    return collide__convex_test(m->hull, &m->rot, c0, c1, s, h);
  }
  return collide__mover_test(s, m, c0, c1, h);
}

/* Tests one shape; 0, or a filter's abort value. */
static int query_shape(collide_world *w, query *q, int slot) {
  const shape *s = &w->slots[slot];
  collide_hit h;
  double ub;
  int rc, f;
  if (q->mask >= 0 && !(s->layers & q->mask)) return 0;
  if (s->id == q->skip_id) return 0;
  if (s->sensor >= 0 && !q->sensors) return 0;
  if (!q->exact) {
    /* the broadphase's answer: a shape whose own box over the step
       (padded: shape_bounds) the query's box, grown by its margin, does
       not meet is left out, so the list does not depend on how fat the
       tree's boxes are; planes have no box and are listed always */
    box b;
    double t;
    if (s->kind != COLLIDE_SHAPE_PLANE) {
      shape_swept_box(s, &b);
      if (!query_box(q, &b, &t)) return 0;
    }
    if (q->nids < q->cap) q->ids[q->nids] = s->id;
    q->nids++;
    return 0;
  }
  switch (q->mode) {
  case Q_OVERLAP:
    if (collide__overlap_rejects(s, &q->m, &q->c0) ||
        mover_test_until(s, &q->m, &q->c0, &q->c0, 1, &h) != 1)
      return 0;
    if ((f = ask_filter(q, s->id)) <= 0) return f;
    if (q->pens) {
      if (q->nids < q->cap) {
        collide__penetration_of(s, &q->m, &q->c0, &h, &q->pens[q->nids]);
        if (q->pen_hits) q->pen_hits[q->nids] = h;
      }
    } else if (q->nids < q->cap) q->ids[q->nids] = s->id;
    q->nids++;
    return 0;
  case Q_RAY_ALL:
    if (shape_ray(s, &q->c0, &q->c1, q->ray_scale, &h) != 1) return 0;
    return list_hit(q, s->id, &h);
  case Q_RAY:
    rc = shape_ray(s, &q->c0, &q->c1, q->ray_scale, &h);
    break;
  default:
    /* a contact later than this one is dropped by offer_hit: the best so
       far (and, with ties, tie_u more) */
    ub = q->found ? fmin(q->best.u + (q->ties ? q->tie_u : 0), 1) : 1;
    if (SHAPE_SPINS(s)) {
      /* a convex shape turning during the step: conservative advancement
         of the relative motion (collide_spin.c) */
      rc = collide__spin_test(s, &q->m, &q->c0, &q->c1, q->t0, &h);
    } else if (s->moving < 0) {
      rc = mover_test_until(s, &q->m, &q->c0, &q->c1, ub, &h);
    } else {
      /* the relative motion: the shape held at its place, the mover's end
         moved back by the shape's velocity (and its start by where the
         shape is at t0, when the query starts later in the step: the
         mover's later rounds, branch mover) */
      vec3 c0 = q->t0 > 0 ? v_madd(q->c0, s->vel, -q->t0) : q->c0;
      vec3 c1 = v_sub(q->c1, s->vel);
      rc = mover_test_until(s, &q->m, &c0, &c1, ub, &h);
      if (rc == 1) h.point = v_madd(h.point, s->vel, q->t0 + h.u * (1 - q->t0));
    }
    break;
  }
  if (rc != 1) return 0;
  /* the mover: a surface met while moving along it or away from it does
     not block (convex shapes: that was the closest approach) */
  if (q->approach >= 0) {
    vec3 d = SHAPE_SPINS(s)
           ? v_madd(q->d, collide__spin_velocity(s, h.point, q->t0 + h.u * (1 - q->t0)),
                    -(1 - q->t0))
           : s->moving < 0 ? q->d : v_madd(q->d, s->vel, -(1 - q->t0));
    if (v_dot(d, h.normal) >= -q->approach) return 0;
  }
  return offer_hit(q, s->id, &h);
}

/* ---- the static triangles (static_tri) ------------------------------------------
 *
 * A ray against a triangle of the static hierarchy is collide_raycast_triangle's
 * own decision (mt_decide, collide_sphere.h) on Moller and Trumbore's
 * numbers, computed from what the build made once per triangle (a, b - a,
 * c - a, their squared lengths, the magnitude sums) and once per ray
 * (p1 - p0, the magnitudes of p0 and p1) by mt_from_edges. Its clear misses
 * read only the 128-byte record, and so does a clear face hit; the careful
 * path reads the slot's points, as collide_raycast_triangle would. So the
 * answer is collide_raycast_triangle's, bit for bit (tests/c/
 * test_static_rays.c), and shape_ray's two quick misses (the same facts
 * with other margins) and the filter's per-triangle set-up are not redone
 * per ray. */

typedef struct tri_ray {
  vec3 d;                 /* p1 - p0 */
  mag_acc acc01;          /* mag_add2(mag_start(0), p0, p1) */
} tri_ray;

static void tri_ray_init(tri_ray *tr, const query *q) {
  tr->d = v_sub(q->c1, q->c0);
  tr->acc01 = mag_add2(mag_start(0), &q->c0, &q->c1);
}

/* The shape of a static lane's child c < 0: a static triangle met by a
   ray answered from its static_tri (as query_shape would answer for its
   slot: the lane's layers are the shape's, so the mask was applied), the
   rest by query_shape. */
static int static_shape(collide_world *w, query *q, const tri_ray *tr, int c) {
  const static_tri *t;
  collide_hit h;
  int x = ~c, rc;
  if (x < STATIC_TRI) return query_shape(w, q, x);
  t = &w->stri[x - STATIC_TRI];
  if (!q->exact || (q->mode != Q_RAY && q->mode != Q_RAY_ALL))
    return query_shape(w, q, t->slot);
  {
    const shape *s = &w->slots[t->slot];
    mt_numbers k;
    rc = mt_from_edges(tr->d, v_sub(q->c0, t->a), t->e1, t->e2, tri_S(tr->acc01, t), t->e11,
                       t->e22, &k)
         ? mt_decide(&k, &q->c0, &q->c1, &t->a, &s->g.tri.b, &s->g.tri.c, &t->e1, &t->e2, &h)
         : 0;
  }
  if (rc != 1) return 0;
  /* (a ray: no approach) */
  return q->mode == Q_RAY_ALL ? list_hit(q, t->id, &h) : offer_hit(q, t->id, &h);
}

/* The slab test of query_box on child i of a hot node (float boxes,
   computed in double): per axis the moments of crossing lo - grow and
   hi + grow, with the offsets o + grow and o - grow made once per query
   (the margin covers the different rounding); the smaller is the entry
   whatever the sign of the motion. Unrolled and branch-free: this is most
   of a ray cast's work. */
static int query_hot(const query *q, const hot_node *h, int i, double *t) {
  const float (*b)[3] = h->b[i];
  double l0 = ((double)b[0][0] - q->near_off[0]) * q->inv[0];
  double h0 = ((double)b[1][0] - q->far_off[0]) * q->inv[0];
  double l1 = ((double)b[0][1] - q->near_off[1]) * q->inv[1];
  double h1 = ((double)b[1][1] - q->far_off[1]) * q->inv[1];
  double l2 = ((double)b[0][2] - q->near_off[2]) * q->inv[2];
  double h2 = ((double)b[1][2] - q->far_off[2]) * q->inv[2];
  double n0 = l0 < h0 ? l0 : h0, f0 = l0 < h0 ? h0 : l0;
  double n1 = l1 < h1 ? l1 : h1, f1 = l1 < h1 ? h1 : l1;
  double n2 = l2 < h2 ? l2 : h2, f2 = l2 < h2 ? h2 : l2;
  double t0 = n0 > n1 ? n0 : n1, t1 = f0 < f1 ? f0 : f1;
  t0 = n2 > t0 ? n2 : t0;
  t1 = f2 < t1 ? f2 : t1;
  t0 = t0 > 0 ? t0 : 0;
  t1 = t1 < 1 ? t1 : 1;
  *t = t0;
  return t0 <= t1;
}

/* Every shape below node n (>= 0) or leaf ~slot whose box the query meets,
   in no particular order: for a stack that would overflow, which the tree
   keeps from happening (collide__tree_refresh rebuilds a tree grown too
   tall), but which must not skip anything if a rebuild could not allocate.
   query_shape keeps the best answer whatever the order. */
static int query_subtree(collide_world *w, query *q, int n) {
  const hot_node *h;
  double t[2];
  int i, e = 0;
  if (n < 0) return query_shape(w, q, ~n);
  h = &w->hot[n];
  for (i = 0; i < 2 && !e; i++)
    if ((q->mask < 0 || (h->layers[i] & q->mask)) && query_hot(q, h, i, &t[i]))
      e = query_subtree(w, q, h->child[i]);
  return e;
}

/* The slab test of query_hot on the four lanes of a wide node at once:
   for each axis the plane the motion enters the slab at (lo when it moves
   up the axis, hi when down: q->neg) and the one it leaves at, each less
   its offset from q->plane_off, times 1/d -- the same operations as
   query_hot's, in the same precision, so the same margin covers them --,
   and the entry clipped below by 0, the exit above by tmax (1, or the
   best contact so far: a box entered later holds nothing better). Bit i
   of the result: lane i is met; t[i] its entry, +inf for a lane not met.
   An empty lane has an inverted box (lo +inf, hi -inf: entered at +inf
   whichever way the motion goes), so it is never met. With SSE2 (every x86-64)
   two lanes a register; elsewhere the same per lane. */
#if defined(__GNUC__)
#define HOT_INLINE inline __attribute__((always_inline))
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define HOT_INLINE inline
#define PREFETCH(p) ((void)(p))
#endif
/* What query_wide reads of the query, made once a walk: where in a node
   each axis' entry and exit planes are (as floats from nd->b), and the
   offsets and 1/d, in registers' form. */
typedef struct wide_ray {
  int pn[3], pf[3];
#if defined(__SSE2__)
  __m128d on[3], of[3], inv[3];
#endif
} wide_ray;

static void wide_ray_init(wide_ray *r, const query *q) {
  int k;
  for (k = 0; k < 3; k++) {
    r->pn[k] = 12 * q->neg[k] + 4 * k;
    r->pf[k] = 12 * !q->neg[k] + 4 * k;
#if defined(__SSE2__)
    r->on[k] = _mm_set1_pd(q->plane_off[0][k]);
    r->of[k] = _mm_set1_pd(q->plane_off[1][k]);
    r->inv[k] = _mm_set1_pd(q->inv[k]);
#endif
  }
}

static HOT_INLINE int query_wide(const query *q, const wide_ray *r,
                                 const wide_node *nd, double tmax, double t[4]) {
  const float *b = &nd->b[0][0][0];
#if defined(__SSE2__)
  __m128d n01 = _mm_setzero_pd(), n23 = n01;
  __m128d f01 = _mm_set1_pd(tmax), f23 = f01;
  (void)q;
  /* (the three axes written out: a loop of three is not unrolled at -O2) */
#define WIDE_AXIS(k) do { \
    __m128 pn = _mm_loadu_ps(b + r->pn[k]), pf = _mm_loadu_ps(b + r->pf[k]); \
    n01 = _mm_max_pd(n01, _mm_mul_pd(_mm_sub_pd(_mm_cvtps_pd(pn), r->on[k]), r->inv[k])); \
    n23 = _mm_max_pd(n23, _mm_mul_pd(_mm_sub_pd(_mm_cvtps_pd(_mm_movehl_ps(pn, pn)), \
                                                r->on[k]), r->inv[k])); \
    f01 = _mm_min_pd(f01, _mm_mul_pd(_mm_sub_pd(_mm_cvtps_pd(pf), r->of[k]), r->inv[k])); \
    f23 = _mm_min_pd(f23, _mm_mul_pd(_mm_sub_pd(_mm_cvtps_pd(_mm_movehl_ps(pf, pf)), \
                                                r->of[k]), r->inv[k])); \
  } while (0)
  WIDE_AXIS(0);
  WIDE_AXIS(1);
  WIDE_AXIS(2);
#undef WIDE_AXIS
  {
    const __m128d inf = _mm_set1_pd(HUGE_VAL);
    __m128d h01 = _mm_cmple_pd(n01, f01), h23 = _mm_cmple_pd(n23, f23);
    _mm_storeu_pd(t, _mm_or_pd(_mm_and_pd(h01, n01), _mm_andnot_pd(h01, inf)));
    _mm_storeu_pd(t + 2, _mm_or_pd(_mm_and_pd(h23, n23), _mm_andnot_pd(h23, inf)));
    return _mm_movemask_pd(h01) | _mm_movemask_pd(h23) << 2;
  }
#else
  int i, k, mask = 0;
  for (i = 0; i < 4; i++) {
    double t0 = 0, t1 = tmax;
    for (k = 0; k < 3; k++) {
      double tn = ((double)b[r->pn[k] + i] - q->plane_off[0][k]) * q->inv[k];
      double tf = ((double)b[r->pf[k] + i] - q->plane_off[1][k]) * q->inv[k];
      t0 = tn > t0 ? tn : t0;
      t1 = tf < t1 ? tf : t1;
    }
    t[i] = t0 <= t1 ? t0 : HUGE_VAL;
    mask |= (t0 <= t1) << i;
  }
  return mask;
#endif
}

/* The lanes of wide node nd holding a shape of the query's mask (>= 0):
   bit i set when lane i may; t[i] of a lane that may not becomes +inf,
   as if its box were not met (so it is neither nearest nor pushed). */
static HOT_INLINE int wide_layers(const query *q, const wide_node *nd, double t[4]) {
  int i, lanes = 0;
  for (i = 0; i < 4; i++) {
    if (nd->layers[i] & q->mask) lanes |= 1 << i;
    else t[i] = HUGE_VAL;
  }
  return lanes;
}

/* Every shape below wide node n or shape ~n whose box the query meets, in
   no particular order (the stack's safety net, as query_subtree). */
static int query_wide_subtree(collide_world *w, query *q, const wide_ray *r,
                              const tri_ray *tr, int n) {
  const wide_node *nd;
  double t[4];
  int i, mask, e = 0;
  if (n < 0) return static_shape(w, q, tr, n);
  nd = &w->wide[n];
  mask = query_wide(q, r, nd, 1, t);
  if (q->mask >= 0) mask &= wide_layers(q, nd, t);
  for (i = 0; i < 4 && !e; i++)
    if (mask >> i & 1) e = query_wide_subtree(w, q, r, tr, nd->child[i]);
  return e;
}

/* Walks the static hierarchy nearest boxes first: of the lanes a node's
   test meets, the nearest is taken next, the others are pushed farthest
   first. */
static int query_static(collide_world *w, query *q) {
  int stack[STACK_SIZE], sp = 0, e = 0, n = 0;
  double tstack[STACK_SIZE];
  wide_ray r;
  tri_ray tr;
  wide_ray_init(&r, q);
  tri_ray_init(&tr, q);
  for (;;) {
    if (n < 0) {
      if ((e = static_shape(w, q, &tr, n)) != 0) return e;
    } else {
      /* Which lanes a ray meets is hard to predict, so no branch here
         depends on it but "none": the nearest lane met is found by
         comparisons made into numbers, and every lane is written to the
         stack with sp advanced past the others met. */
      const wide_node *nd = &w->wide[n];
      double t[4], ta, tb;
      int mask, i, a, b, near, rest;
      /* every child's lines asked for before the test of this node's
         boxes: the nearest is read next and the others maybe later, and
         in a large world each is a cache miss (siblings are adjacent, so
         most of these cost one miss together, and an empty lane's 0 is
         the root, always cached) */
      for (i = 0; i < 4; i++) {
        int c = nd->child[i];
        const char *p = c >= 0 ? (const char *)&w->wide[c]
                        : ~c >= STATIC_TRI ? (const char *)&w->stri[~c - STATIC_TRI]
                                           : (const char *)&w->slots[~c];
        PREFETCH(p);
        PREFETCH(p + 64);
      }
      mask = query_wide(q, &r, nd, q->found ? fmin(q->best.u + q->tie_u, 1) : 1, t);
      /* (a mask that meets no layer below a lane skips it) */
      if (q->mask >= 0) mask &= wide_layers(q, nd, t);
      if (mask == 0) goto pop;
      a = t[1] < t[0];
      b = 2 + (t[3] < t[2]);
      ta = t[a];
      tb = t[b];
      near = a ^ ((a ^ b) & -(tb < ta));
      rest = mask & ~(1 << near);
      /* (the hierarchy is at most ~37 wide levels deep, three entries a
         level: the net below is never needed, kept against a miscount) */
      if (rest == 0) {
        /* one lane met: nothing to push */
      } else if (sp + 4 <= STACK_SIZE) {
        stack[sp] = nd->child[0];
        tstack[sp] = t[0];
        sp += rest & 1;
        stack[sp] = nd->child[1];
        tstack[sp] = t[1];
        sp += rest >> 1 & 1;
        stack[sp] = nd->child[2];
        tstack[sp] = t[2];
        sp += rest >> 2 & 1;
        stack[sp] = nd->child[3];
        tstack[sp] = t[3];
        sp += rest >> 3;
      } else {
        for (i = 0; i < 4; i++)
          if ((rest >> i & 1) && (e = query_wide_subtree(w, q, &r, &tr, nd->child[i])) != 0)
            return e;
      }
      n = nd->child[near];
      continue;
    }
  pop:
    /* the next box from the stack; one entered after the best contact
       holds no better one (equal entry: it may hold a lower id) */
    do {
      if (sp == 0) return 0;
      sp--;
    } while (q->found && tstack[sp] > q->best.u + q->tie_u);
    n = stack[sp];
  }
}

/* Walks planes, pending shapes and the tree, nearest boxes first. The
   stack holds inner nodes (>= 0) and leaves as ~slot, each with the u at
   which the query enters its box. */
int collide__query_run(collide_world *w, query *q) {
  int i, e = 0;
  collide__tree_refresh(w);
  w->busy++;
  for (i = 0; i < w->nplanes && !e; i++) e = query_shape(w, q, w->planes[i]);
  for (i = 0; i < w->npending && !e; i++) e = query_shape(w, q, w->pending[i]);
  if (w->nwide > 0 && !e) e = query_static(w, q);
  if (w->root >= 0 && !e) {
    int stack[STACK_SIZE];
    double tstack[STACK_SIZE];
    int sp = 0;
    double t;
    const node *root = &w->nodes[w->root];
    /* (a mask that meets no layer below a node skips it; a mask < 0 is
       every shape, those of no layer too) */
    int all = q->mask < 0;
    if ((all || (root->layers & q->mask)) && query_box(q, &root->b, &t)) {
      stack[sp] = root->left < 0 ? ~root->slot : w->root;
      tstack[sp++] = t;
    }
    while (sp > 0 && !e) {
      const hot_node *h;
      int n, a, b, ha, hb;
      double ta, tb;
      sp--;
      /* a box entered after the best contact holds no better one (equal
         entry: it may hold a lower id) */
      if (q->found && tstack[sp] > q->best.u + q->tie_u) continue;
      n = stack[sp];
      if (n < 0) {
        e = query_shape(w, q, ~n);
        continue;
      }
      h = &w->hot[n];
      ha = (all || (h->layers[0] & q->mask)) && query_hot(q, h, 0, &ta);
      hb = (all || (h->layers[1] & q->mask)) && query_hot(q, h, 1, &tb);
      a = h->child[0];
      b = h->child[1];
      if (ha && hb && tb < ta) {  /* visit the nearer first: push it last */
        int x = a; double y = ta;
        a = b; ta = tb; b = x; tb = y;
        x = ha; ha = hb; hb = x;
      }
      /* (the stack holds at most the height + 1 entries, and the tree is
         kept below STACK_SIZE - 8 high: query_subtree is a safety net) */
      if (hb) {
        if (sp < STACK_SIZE) { stack[sp] = b; tstack[sp++] = tb; }
        else if ((e = query_subtree(w, q, b)) != 0) break;
      }
      if (ha) {
        if (sp < STACK_SIZE) { stack[sp] = a; tstack[sp++] = ta; }
        else if ((e = query_subtree(w, q, a)) != 0) break;
      }
    }
  }
  w->busy--;
  return e;
}

/* ---- the public queries ------------------------------------------------------ */

static int first_hit(collide_world *w, query *q, collide_world_filter filter,
                     void *ctx, collide_hit *out, int *id) {
  int e;
  query_filter(q, filter, ctx);
  if ((e = collide__query_run(w, q)) < 0) return e;
  if (!q->found) return 0;
  *out = q->best;
  *id = q->best_id;
  return 1;
}

int collide_world_sweep_sphere(collide_world *w, double r,
                               const collide_vec3 *c0, const collide_vec3 *c1,
                               collide_world_filter filter, void *ctx,
                               collide_hit *out, int *id) {
  query q;
  hit_clear(out);
  *id = 0;
  CHECK_RADIUS(r, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  collide__query_init(&q, Q_SWEEP, r, c0, c1);
  return first_hit(w, &q, filter, ctx, out, id);
}

int collide_world_sweep_aabb(collide_world *w, const collide_vec3 *e,
                             const collide_vec3 *c0, const collide_vec3 *c1,
                             collide_world_filter filter, void *ctx,
                             collide_hit *out, int *id) {
  query q;
  collide__mover m;
  hit_clear(out);
  *id = 0;
  CHECK_EXTENTS(e, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  memset(&m, 0, sizeof m);
  m.kind = MOVER_AABB;
  m.e = *e;
  collide__query_init_mover(&q, Q_SWEEP, &m, c0, c1);
  return first_hit(w, &q, filter, ctx, out, id);
}

int collide_world_sweep_capsule(collide_world *w, double r,
                                const collide_vec3 *axis,
                                const collide_vec3 *c0, const collide_vec3 *c1,
                                collide_world_filter filter, void *ctx,
                                collide_hit *out, int *id) {
  query q;
  collide__mover m;
  hit_clear(out);
  *id = 0;
  CHECK_RADIUS(r, 2);
  CHECK_VEC(axis, 3);
  CHECK_VEC(c0, 4);
  CHECK_VEC(c1, 5);
  memset(&m, 0, sizeof m);
  m.kind = MOVER_CAPSULE;
  m.r = r;
  m.axis = *axis;
  collide__query_init_mover(&q, Q_SWEEP, &m, c0, c1);
  return first_hit(w, &q, filter, ctx, out, id);
}

int collide_world_sweep_convex(collide_world *w, const collide_convex *A,
                               const collide_rotation *rot,
                               const collide_vec3 *c0, const collide_vec3 *c1,
                               collide_world_filter filter, void *ctx,
                               collide_hit *out, int *id) {
  query q;
  collide__mover m;
  int e;
  hit_clear(out);
  *id = 0;
  /* (the kernels' checks, in their order: the hull, the rotation, c0, c1) */
  if (A == NULL || A->vertex_count < 3) return COLLIDE_FAIL(2, COLLIDE_E_FEW_POINTS);
  if ((e = collide__convex_mover(&m, A, rot)) != 0) return COLLIDE_FAIL(3, e);
  CHECK_VEC(c0, 4);
  CHECK_VEC(c1, 5);
  collide__query_init_mover(&q, Q_SWEEP, &m, c0, c1);
  return first_hit(w, &q, filter, ctx, out, id);
}

int collide_world_raycast(collide_world *w, const collide_vec3 *p0,
                          const collide_vec3 *p1, collide_world_filter filter,
                          void *ctx, collide_hit *out, int *id) {
  query q;
  hit_clear(out);
  *id = 0;
  CHECK_VEC(p0, 2);
  CHECK_VEC(p1, 3);
  collide__query_init(&q, Q_RAY, 0, p0, p1);
  return first_hit(w, &q, filter, ctx, out, id);
}

/* ---- many queries in one call ------------------------------------------------
   The loop a game would write over the single calls, without a binding's
   call and argument conversion per query: each query is initialized and
   run exactly as its single call does it (collide__query_init_mover,
   query_filter, collide__query_run), so its answer is the single call's,
   to the bit. The moving shape (m) is checked once by the caller. */

/* The first bad number of segments (NaN, infinite, too large), as
   COLLIDE_FAIL(arg, reason) with *bad its index; 0 when all are good.
   Six numbers at a time by the sum of their magnitudes (the fused check of
   collide_prims.h: the sum is within COLLIDE_MAX_COORD only when each
   is), one by one only where that sum is over. */
static int many_check(const double *s, int n, int arg, int *bad) {
  int k, j;
  if (n < 0) return COLLIDE_FAIL(arg, COLLIDE_E_BAD_INDEX);
  for (k = 0; k < n; k++) {
    const double *q = s + 6 * (size_t)k;
    double sum = fabs(q[0]) + fabs(q[1]) + fabs(q[2]) +
                 fabs(q[3]) + fabs(q[4]) + fabs(q[5]);
    if (sum <= COLLIDE_MAX_COORD) continue;
    for (j = 0; j < 6; j++) {
      int e = collide_check_number(q[j]);
      if (e) {
        *bad = 6 * k + j;
        return COLLIDE_FAIL(arg, e);
      }
    }
  }
  return 0;
}

/* One query of a batch: its answer into o; 1 if it met a shape, 0 if
   not, < 0 an error (a filter's). */
static int many_one(collide_world *w, int mode, const collide__mover *m,
                    const double *q, collide_world_filter filter, void *ctx,
                    double *o) {
  vec3 c0 = v3(q[0], q[1], q[2]), c1 = v3(q[3], q[4], q[5]);
  query qy;
  int e;
  collide__query_init_mover(&qy, mode, m, &c0, &c1);
  query_filter(&qy, filter, ctx);
  if ((e = collide__query_run(w, &qy)) < 0) return e;
  if (qy.found) {
    o[0] = qy.best_id;
    o[1] = qy.best.u;
    o[2] = qy.best.point.x;
    o[3] = qy.best.point.y;
    o[4] = qy.best.point.z;
    o[5] = qy.best.normal.x;
    o[6] = qy.best.normal.y;
    o[7] = qy.best.normal.z;
    return 1;
  }
  /* a miss: the whole motion is free */
  o[0] = 0;
  o[1] = 1;
  o[2] = o[3] = o[4] = o[5] = o[6] = o[7] = 0;
  return 0;
}

/* The order in which a batch of sweeps runs: nearby motions one after
   another, so that each finds the nodes and triangles of the one before
   in the cache. A sweep visits many nodes (a sphere of r = 0.5 dropped 8
   units onto a 10k-triangle terrain: about 19,000 instructions, against
   2,400 for the ray), and in the order a game hands them over (movers by
   entity, random places) each starts from memory; run along a Z-order
   curve over the batch's motions the same sweeps took 25% less time
   (bench/world_bench.c many_bench's scene). Rays gained nothing
   measurable there and keep their order.
   Each query is still answered alone (collide__query_run), so the order
   changes no answer; only the filter callback could see it, and a batch
   with one keeps its order (many_run). The key: the Z-order index of the
   motion's midpoint, 10 bits an axis over the cube around the batch's
   midpoints; sorted by three passes of a radix sort (10 bits each) of
   key << 32 | index, in the block *mem (to be freed). NULL (the given
   order) when the memory is not there. */
enum { MANY_SORT_MIN = 64 };

static uint64_t many_spread(unsigned x) {   /* 10 bits to every third bit */
  uint64_t v = x & 0x3ff;
  v = (v | v << 16) & 0x30000ffu;
  v = (v | v << 8) & 0x300f00fu;
  v = (v | v << 4) & 0x30c30c3u;
  v = (v | v << 2) & 0x9249249u;
  return v;
}

static const uint64_t *many_order(const double *s, int n, void **mem) {
  double lo[3], hi[3], scale[3];
  uint64_t *a, *b;
  int k, j, pass;
  *mem = a = (uint64_t *)malloc(2 * (size_t)n * sizeof *a);
  if (!a) return NULL;
  b = a + n;
  for (j = 0; j < 3; j++) lo[j] = hi[j] = 0.5 * s[j] + 0.5 * s[j + 3];
  for (k = 1; k < n; k++)
    for (j = 0; j < 3; j++) {
      double c = 0.5 * s[6 * (size_t)k + j] + 0.5 * s[6 * (size_t)k + j + 3];
      if (c < lo[j]) lo[j] = c;
      if (c > hi[j]) hi[j] = c;
    }
  /* One scale for the three axes, from the widest: an axis along which
     the midpoints barely vary (the heights of drops onto a terrain) then
     takes few of the key's levels, instead of spreading nearby motions
     over the curve. (The numbers are checked: finite, |x| <= 1e50, so no
     overflow.) */
  {
    double span = 0;
    for (j = 0; j < 3; j++) if (hi[j] - lo[j] > span) span = hi[j] - lo[j];
    for (j = 0; j < 3; j++) scale[j] = span > 0 ? 1023.0 / span : 0;
  }
  for (k = 0; k < n; k++) {
    const double *q = s + 6 * (size_t)k;
    uint64_t key = 0;
    for (j = 0; j < 3; j++) {
      double c = ((0.5 * q[j] + 0.5 * q[j + 3]) - lo[j]) * scale[j];
      unsigned u = c <= 0 ? 0u : c >= 1023 ? 1023u : (unsigned)c;
      key |= many_spread(u) << j;
    }
    a[k] = key << 32 | (uint64_t)k;
  }
  for (pass = 0; pass < 3; pass++) {
    int count[1025];
    int shift = 32 + 10 * pass;
    uint64_t *t;
    memset(count, 0, sizeof count);
    for (k = 0; k < n; k++) count[((a[k] >> shift) & 0x3ff) + 1]++;
    for (j = 0; j < 1024; j++) count[j + 1] += count[j];
    for (k = 0; k < n; k++) b[count[(a[k] >> shift) & 0x3ff]++] = a[k];
    t = a; a = b; b = t;
  }
  return a;
}

static int many_run(collide_world *w, int mode, const collide__mover *m,
                    const double *s, int n, collide_world_filter filter,
                    void *ctx, double *out) {
  int i, hits = 0;
  const uint64_t *order = NULL;
  void *mem = NULL;
  if (mode == Q_SWEEP && n >= MANY_SORT_MIN &&
      (filter == NULL || filter == collide_world_layer_filter))
    order = many_order(s, n, &mem);
  for (i = 0; i < n; i++) {
    int k = order ? (int)(order[i] & 0xffffffffu) : i;
    int e = many_one(w, mode, m, s + 6 * (size_t)k, filter, ctx, out + 8 * (size_t)k);
    if (e < 0) {
      free(mem);
      return e;
    }
    hits += e;
  }
  free(mem);
  return hits;
}

int collide_world_raycast_many(collide_world *w, const double *segments, int n,
                               collide_world_filter filter, void *ctx,
                               double *out, int *bad) {
  collide__mover m;
  int e;
  *bad = -1;
  if ((e = many_check(segments, n, 2, bad)) != 0) return e;
  memset(&m, 0, sizeof m);
  m.kind = MOVER_POINT;   /* as collide__query_init for Q_RAY */
  return many_run(w, Q_RAY, &m, segments, n, filter, ctx, out);
}

int collide_world_sweep_sphere_many(collide_world *w, double r,
                                    const double *segments, int n,
                                    collide_world_filter filter, void *ctx,
                                    double *out, int *bad) {
  collide__mover m;
  int e;
  *bad = -1;
  CHECK_RADIUS(r, 2);
  if ((e = many_check(segments, n, 3, bad)) != 0) return e;
  memset(&m, 0, sizeof m);
  m.kind = MOVER_SPHERE;  /* as collide__query_init for Q_SWEEP */
  m.r = r;
  return many_run(w, Q_SWEEP, &m, segments, n, filter, ctx, out);
}

int collide_world_sweep_aabb_many(collide_world *w, const collide_vec3 *e,
                                  const double *segments, int n,
                                  collide_world_filter filter, void *ctx,
                                  double *out, int *bad) {
  collide__mover m;
  int rc;
  *bad = -1;
  CHECK_EXTENTS(e, 2);
  if ((rc = many_check(segments, n, 3, bad)) != 0) return rc;
  memset(&m, 0, sizeof m);
  m.kind = MOVER_AABB;
  m.e = *e;
  return many_run(w, Q_SWEEP, &m, segments, n, filter, ctx, out);
}

int collide_world_sweep_capsule_many(collide_world *w, double r,
                                     const collide_vec3 *axis,
                                     const double *segments, int n,
                                     collide_world_filter filter, void *ctx,
                                     double *out, int *bad) {
  collide__mover m;
  int e;
  *bad = -1;
  CHECK_RADIUS(r, 2);
  CHECK_VEC(axis, 3);
  if ((e = many_check(segments, n, 4, bad)) != 0) return e;
  memset(&m, 0, sizeof m);
  m.kind = MOVER_CAPSULE;
  m.r = r;
  m.axis = *axis;
  return many_run(w, Q_SWEEP, &m, segments, n, filter, ctx, out);
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* ids[0 .. n) ascending: an insertion sort for the few dozen ids a
   broadphase query usually gives (glibc's qsort is a merge sort through a
   buffer and a comparison call per step: a tenth of a small candidates
   query's time), qsort beyond. */
static void sort_ids(int *ids, int n) {
  int i, j, v;
  if (n > 48) {
    qsort(ids, (size_t)n, sizeof *ids, cmp_int);
    return;
  }
  for (i = 1; i < n; i++) {
    v = ids[i];
    for (j = i; j > 0 && ids[j - 1] > v; j--) ids[j] = ids[j - 1];
    ids[j] = v;
  }
}

static int cmp_hit(const void *a, const void *b) {
  const collide_world_hit *x = (const collide_world_hit *)a;
  const collide_world_hit *y = (const collide_world_hit *)b;
  if (x->hit.u != y->hit.u) return x->hit.u < y->hit.u ? -1 : 1;
  return (x->id > y->id) - (x->id < y->id);
}

int collide_world_raycast_all(collide_world *w, const collide_vec3 *p0,
                              const collide_vec3 *p1,
                              collide_world_filter filter, void *ctx,
                              collide_world_hit *hits, int cap) {
  query q;
  int e;
  CHECK_VEC(p0, 2);
  CHECK_VEC(p1, 3);
  collide__query_init(&q, Q_RAY_ALL, 0, p0, p1);
  query_filter(&q, filter, ctx);
  q.hits = hits;
  q.cap = cap < 0 ? 0 : cap;
  if ((e = collide__query_run(w, &q)) < 0) return e;
  if (q.nids <= q.cap) qsort(hits, (size_t)q.nids, sizeof *hits, cmp_hit);
  return q.nids;
}

/* The overlaps: the moving shape m held at center (a sweep of no motion,
   whose contact at u = 0 is exactly "touching or overlapping"). */
static int overlap(collide_world *w, const collide__mover *m,
                   const vec3 *center, collide_world_filter filter, void *ctx,
                   int *ids, int cap) {
  query q;
  int e;
  collide__query_init_mover(&q, Q_OVERLAP, m, center, center);
  query_filter(&q, filter, ctx);
  q.ids = ids;
  q.cap = cap < 0 ? 0 : cap;
  if ((e = collide__query_run(w, &q)) < 0) return e;
  if (q.nids <= q.cap) sort_ids(ids, q.nids);
  return q.nids;
}

int collide_world_overlap_sphere(collide_world *w, const collide_vec3 *center,
                                 double r, collide_world_filter filter,
                                 void *ctx, int *ids, int cap) {
  collide__mover m;
  CHECK_VEC(center, 2);
  CHECK_RADIUS(r, 3);
  memset(&m, 0, sizeof m);
  m.kind = MOVER_SPHERE;
  m.r = r;
  return overlap(w, &m, center, filter, ctx, ids, cap);
}

int collide_world_overlap_point(collide_world *w, const collide_vec3 *p,
                                collide_world_filter filter, void *ctx,
                                int *ids, int cap) {
  collide__mover m;
  CHECK_VEC(p, 2);
  memset(&m, 0, sizeof m);
  m.kind = MOVER_SPHERE;   /* of radius 0 */
  return overlap(w, &m, p, filter, ctx, ids, cap);
}

int collide_world_overlap_aabb(collide_world *w, const collide_vec3 *center,
                               const collide_vec3 *extents,
                               collide_world_filter filter, void *ctx,
                               int *ids, int cap) {
  collide__mover m;
  CHECK_VEC(center, 2);
  CHECK_EXTENTS(extents, 3);
  memset(&m, 0, sizeof m);
  m.kind = MOVER_AABB;
  m.e = *extents;
  return overlap(w, &m, center, filter, ctx, ids, cap);
}

int collide_world_overlap_capsule(collide_world *w, const collide_vec3 *a,
                                  const collide_vec3 *b, double r,
                                  collide_world_filter filter, void *ctx,
                                  int *ids, int cap) {
  collide__mover m;
  vec3 c;
  CHECK_VEC(a, 2);
  CHECK_VEC(b, 3);
  CHECK_RADIUS(r, 4);
  m = collide__capsule_query(a, b, r, &c);
  return overlap(w, &m, &c, filter, ctx, ids, cap);
}

/* ---- for the mover -------------------------------------------------------- */

int collide__world_sweep(collide_world *w, const collide__mover *m,
                         const vec3 *c0, const vec3 *c1, int mask,
                         double approach, collide__contact_filter cf,
                         void *cctx, collide_world_filter filter, void *ctx,
                         collide_hit *out, int *id) {
  query q;
  hit_clear(out);
  *id = 0;
  collide__query_init_mover(&q, Q_SWEEP, m, c0, c1);
  q.mask = mask;
  q.approach = approach;
  q.contact_filter = cf;
  q.contact_ctx = cctx;
  return first_hit(w, &q, filter, ctx, out, id);
}

/* ---- for bindings that cannot call back ------------------------------------ */

int collide_world_candidates(collide_world *w, double r,
                             const collide_vec3 *c0, const collide_vec3 *c1,
                             int *ids, int cap) {
  query q;
  CHECK_RADIUS(r, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  collide__query_init(&q, Q_SWEEP, r, c0, c1);
  q.exact = 0;
  q.ids = ids;
  q.cap = cap < 0 ? 0 : cap;
  (void)collide__query_run(w, &q);
  if (q.nids <= q.cap) sort_ids(ids, q.nids);
  return q.nids;
}

int collide_world_candidates_aabb(collide_world *w, const collide_vec3 *e,
                                  const collide_vec3 *c0,
                                  const collide_vec3 *c1, int *ids, int cap) {
  query q;
  collide__mover m;
  CHECK_EXTENTS(e, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  memset(&m, 0, sizeof m);
  m.kind = MOVER_AABB;
  m.e = *e;
  collide__query_init_mover(&q, Q_SWEEP, &m, c0, c1);
  q.exact = 0;
  q.ids = ids;
  q.cap = cap < 0 ? 0 : cap;
  (void)collide__query_run(w, &q);
  if (q.nids <= q.cap) sort_ids(ids, q.nids);
  return q.nids;
}

/* collide_world_update_aabb(w, id, c, e), then
   collide_world_candidates_aabb(w, qe, c0, c1, ...): one call where a
   caller that keeps the exact shapes itself (collide.bump) would make two,
   the box of the item it moved last and the candidates of the next path.
   Every argument is checked before the world changes; the update is
   idempotent, so a caller that calls again with a larger ids (n > cap)
   gets the same answer. */
int collide_world_update_candidates_aabb(collide_world *w, double id,
                                         const collide_vec3 *c,
                                         const collide_vec3 *e,
                                         const collide_vec3 *qe,
                                         const collide_vec3 *c0,
                                         const collide_vec3 *c1, int *ids,
                                         int cap) {
  int code;
  /* (an id is a positive int: 1 <= id <= INT_MAX, and whole; NaN fails) */
  if (!(id >= 1 && id <= 2147483647.0 && id == (double)(int)id))
    return COLLIDE_FAIL(2, COLLIDE_E_BAD_INDEX);
  CHECK_VEC(c, 3);
  CHECK_EXTENTS(e, 4);
  CHECK_EXTENTS(qe, 5);
  CHECK_VEC(c0, 6);
  CHECK_VEC(c1, 7);
  code = collide_world_update_aabb(w, (int)id, c, e);
  if (code < 0) return code;   /* (locked; the vectors passed the checks) */
  if (code == 0) return COLLIDE_FAIL(2, COLLIDE_E_BAD_INDEX);   /* no aabb */
  return collide_world_candidates_aabb(w, qe, c0, c1, ids, cap);
}

static int among(collide_world *w, query *q, const int *ids, int n,
                 collide_hit *out, int *id) {
  int i;
  for (i = 0; i < n; i++) {
    int s = collide__slot_of(w, ids[i]);
    if (s >= 0) (void)query_shape(w, q, s);
  }
  if (!q->found) return 0;
  *out = q->best;
  *id = q->best_id;
  return 1;
}

int collide_world_sweep_sphere_among(collide_world *w, double r,
                                     const collide_vec3 *c0,
                                     const collide_vec3 *c1, const int *ids,
                                     int n, collide_hit *out, int *id) {
  query q;
  hit_clear(out);
  *id = 0;
  CHECK_RADIUS(r, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  collide__query_init(&q, Q_SWEEP, r, c0, c1);
  return among(w, &q, ids, n, out, id);
}

int collide_world_raycast_among(collide_world *w, const collide_vec3 *p0,
                                const collide_vec3 *p1, const int *ids, int n,
                                collide_hit *out, int *id) {
  query q;
  hit_clear(out);
  *id = 0;
  CHECK_VEC(p0, 2);
  CHECK_VEC(p1, 3);
  collide__query_init(&q, Q_RAY, 0, p0, p1);
  return among(w, &q, ids, n, out, id);
}
