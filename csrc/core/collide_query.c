/*
 * collide_query.c -- sweeps, ray casts and overlaps over a whole world:
 * the hierarchy walked nearest-first, each candidate given the exact
 * single-shape test (see the notes at the top of collide_world.c).
 */
#include "collide_world_internal.h"

/* ---- queries ------------------------------------------------------------- */


void collide__query_init(query *q, int mode, double r, const vec3 *c0,
                       const vec3 *c1) {
  int k;
  double m;
  memset(q, 0, sizeof *q);
  q->mode = mode;
  q->r = r;
  q->c0 = *c0;
  q->c1 = *c1;
  q->d = v_sub(*c1, *c0);
  q->approach = -1;
  q->exact = 1;
  /* The margin: far above the rounding of the exact tests (whose contact
     distances carry errors up to about 1e-16 * scale^2 / r near grazing
     roots) and of the slab test below, far below any geometry that
     matters. Too big only costs extra exact tests. */
  m = max_abs3(c0);
  if (max_abs3(c1) > m) m = max_abs3(c1);
  q->grow = r + 1e-7 * (1 + r + m);
  for (k = 0; k < 3; k++) {
    double dk = vc(&q->d, k);
    q->o[k] = vc(c0, k);
    /* A component that small moves far less than the margin: it is taken
       as 1e-200, whose inverse keeps every product in query_box finite
       (|coordinate differences| <= 4e50), no division by zero and no
       0 * inf: the slab test then says "inside" exactly when the start
       is, up to the margin. */
    if (fabs(dk) <= 1e-200) dk = 1e-200;
    q->inv[k] = 1.0 / dk;
    q->neg[k] = dk < 0;
  }
}

/* The numbers the slab test below needs, gathered once per query: the
   start shifted by the margin toward each side of a box (a box's lower
   planes move down by grow, its upper planes up), and 1/d. */
typedef struct slabs { double olo[3], ohi[3], inv[3]; } slabs;

static void slabs_init(slabs *sl, const query *q) {
  int k;
  for (k = 0; k < 3; k++) {
    sl->olo[k] = q->o[k] + q->grow;
    sl->ohi[k] = q->o[k] - q->grow;
    sl->inv[k] = q->inv[k];
  }
}

/* Does the segment c0 + u d, u in [0, 1], meet box b grown by q->grow?
   The slab test (Kay & Kajiya; Ericson 5.3.3), the near and far planes of
   each slab chosen by the sign of d (the same for every box of a query, so
   the branches are predicted; a branch-free min/max version ran slower).
   lo - (o + grow) differs from (lo - grow) - o by a rounding of the
   coordinates, far below the margin. *t is the entry u. */
static inline int query_box(const slabs *sl, const box *b, double *t) {
  double t0 = 0, t1 = 1;
  int k;
  for (k = 0; k < 3; k++) {
    double i = sl->inv[k];
    double tn = i >= 0 ? (b->lo[k] - sl->olo[k]) * i : (b->hi[k] - sl->ohi[k]) * i;
    double tf = i >= 0 ? (b->hi[k] - sl->ohi[k]) * i : (b->lo[k] - sl->olo[k]) * i;
    if (tn > t0) t0 = tn;
    if (tf < t1) t1 = tf;
  }
  if (t0 > t1) return 0;
  *t = t0;
  return 1;
}

/* The single-shape sweep. */
static int shape_sweep(const shape *s, double r, const vec3 *c0, const vec3 *c1,
                       collide_hit *h) {
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    return collide_sweep_sphere_triangle(r, c0, c1, &s->g.tri.a, &s->g.tri.b,
                                         &s->g.tri.c, h);
  case COLLIDE_SHAPE_POLYGON:
    return collide_sweep_sphere_polygon(r, c0, c1, &s->g.poly, h);
  case COLLIDE_SHAPE_AABB:
    return collide_sweep_sphere_aabb(r, c0, c1, &s->g.aabb.center,
                                     &s->g.aabb.extents, h);
  case COLLIDE_SHAPE_SPHERE: {
    /* a sphere against a fixed sphere is a sphere of radius r + R against
       its centre point, the point touched being on the fixed sphere's
       surface along the normal */
    collide_interval iv;
    int rc = collide_sweep_sphere_sphere(r, c0, c1, s->g.sphere.r,
                                         &s->g.sphere.center,
                                         &s->g.sphere.center, &iv);
    if (rc == 1) {
      vec3 c = v_lerp(*c0, *c1, iv.u0), n = v_sub(c, s->g.sphere.center);
      double l = v_len(n);
      /* centres coincide: any direction is as short; take -motion, or up */
      if (l > 0) n = v_scale(n, 1 / l);
      else {
        n = v_normalize(v_sub(*c0, *c1));
        if (v_len2(n) == 0) n = v3(0, 0, 1);
      }
      h->u = iv.u0;
      h->normal = n;
      h->point = v_madd(s->g.sphere.center, n, s->g.sphere.r);
      h->feature = COLLIDE_FEATURE_FACE;
    } else {
      hit_clear(h);
    }
    return rc;
  }
  case COLLIDE_SHAPE_SEGMENT:
    return collide_sweep_sphere_segment(r, c0, c1, &s->g.seg.a, &s->g.seg.b, h);
  case COLLIDE_SHAPE_PLANE:
    return collide_sweep_sphere_plane(r, c0, c1, &s->g.plane, h);
  default:
    return 0;
  }
}

/* The single-shape ray cast. A segment has none in the contract: the ray
   meets it as a sphere of radius 0 would; its normal is then the direction
   from the segment toward p0 perpendicular to the segment (in a 2D world:
   the wall's normal facing the ray), or -ray when the two are collinear. */
static int shape_ray(const shape *s, const vec3 *p0, const vec3 *p1,
                     collide_hit *h) {
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    /* most triangles whose box the ray meets are missed: a tenth of the
       cost, and the very answer collide_raycast_triangle would give */
    if (collide__ray_triangle_misses(p0, p1, &s->g.tri.a, &s->g.tri.b, &s->g.tri.c)) {
      hit_clear(h);
      return 0;
    }
    return collide_raycast_triangle(p0, p1, &s->g.tri.a, &s->g.tri.b, &s->g.tri.c, h);
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
  case COLLIDE_SHAPE_PLANE:
    return collide_raycast_plane(p0, p1, &s->g.plane, h);
  default:
    return 0;
  }
}

/* Tests one shape; 0, or a filter's abort value. */
static int query_shape(collide_world *w, query *q, int slot) {
  const shape *s = &w->slots[slot];
  collide_hit h;
  int rc;
  if (!q->exact || q->mode == Q_OVERLAP) {
    if (q->exact) {
      vec3 c = q->c0;
      if (shape_sweep(s, q->r, &c, &c, &h) != 1) return 0;
    }
    if (q->nids < q->cap) q->ids[q->nids] = s->id;
    q->nids++;
    return 0;
  }
  rc = q->mode == Q_RAY ? shape_ray(s, &q->c0, &q->c1, &h)
                        : shape_sweep(s, q->r, &q->c0, &q->c1, &h);
  if (rc != 1) return 0;
  /* the mover: a surface met while moving along it or away from it does
     not block (convex shapes: that was the closest approach) */
  if (q->approach >= 0 && v_dot(q->d, h.normal) >= -q->approach) return 0;
  if (q->found && (h.u > q->best.u || (h.u == q->best.u && s->id > q->best_id)))
    return 0;
  if (q->filter) {
    int f = q->filter(q->ctx, s->id);
    if (f < 0) return f;
    if (f == 0) return 0;
  }
  q->found = 1;
  q->best = h;
  q->best_id = s->id;
  return 0;
}

/* Walks planes, pending shapes and the tree, nearest boxes first. */
int collide__query_run(collide_world *w, query *q) {
  int i, e = 0;
  collide__tree_refresh(w);
  w->busy++;
  for (i = 0; i < w->nplanes && !e; i++) e = query_shape(w, q, w->planes[i]);
  for (i = 0; i < w->npending && !e; i++) e = query_shape(w, q, w->pending[i]);
  if (w->nnodes > 0 && !e) {
    int stack[STACK_SIZE];
    double tstack[STACK_SIZE];
    int sp = 0;
    double t;
    /* no box entered after the best contact holds a better one (equal
       entry: it may hold a lower id); 2 until something is found */
    double limit = q->found ? q->best.u : 2;
    slabs sl;
    slabs_init(&sl, q);
    if (query_box(&sl, &w->nodes[0].b, &t)) {
      stack[sp] = 0;
      tstack[sp++] = t;
    }
    while (sp > 0 && !e) {
      const node *nd;
      sp--;
      if (tstack[sp] > limit) continue;
      nd = &w->nodes[stack[sp]];
      if (nd->count > 0) {
        int j;
        for (j = 0; j < nd->count && !e; j++) {
          int s = w->prims[nd->first + j];
          double ts;
          /* the shape's own box first: a slab test costs a tenth of an
             exact sweep */
          if (s < 0 || !query_box(&sl, &w->pboxes[nd->first + j], &ts) || ts > limit)
            continue;
          e = query_shape(w, q, s);
          if (q->found) limit = q->best.u;
        }
      } else {
        double ta = 0, tb = 0;
        int ha = query_box(&sl, &w->nodes[nd->left].b, &ta) && ta <= limit;
        int hb = query_box(&sl, &w->nodes[nd->right].b, &tb) && tb <= limit;
        int a = nd->left, b = nd->right;
        if (ha && hb && tb < ta) {  /* visit the nearer first: push it last */
          int x = a; double y = ta;
          a = b; ta = tb; b = x; tb = y;
        }
        if (hb && sp < STACK_SIZE) { stack[sp] = b; tstack[sp++] = tb; }
        if (ha && sp < STACK_SIZE) { stack[sp] = a; tstack[sp++] = ta; }
      }
    }
  }
  w->busy--;
  return e;
}

int collide_world_sweep_sphere(collide_world *w, double r,
                               const collide_vec3 *c0, const collide_vec3 *c1,
                               collide_world_filter filter, void *ctx,
                               collide_hit *out, int *id) {
  query q;
  int e;
  hit_clear(out);
  *id = 0;
  CHECK_RADIUS(r, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  collide__query_init(&q, Q_SWEEP, r, c0, c1);
  q.filter = filter;
  q.ctx = ctx;
  if ((e = collide__query_run(w, &q)) < 0) return e;
  if (!q.found) return 0;
  *out = q.best;
  *id = q.best_id;
  return 1;
}

int collide_world_raycast(collide_world *w, const collide_vec3 *p0,
                          const collide_vec3 *p1, collide_world_filter filter,
                          void *ctx, collide_hit *out, int *id) {
  query q;
  int e;
  hit_clear(out);
  *id = 0;
  CHECK_VEC(p0, 2);
  CHECK_VEC(p1, 3);
  collide__query_init(&q, Q_RAY, 0, p0, p1);
  q.filter = filter;
  q.ctx = ctx;
  if ((e = collide__query_run(w, &q)) < 0) return e;
  if (!q.found) return 0;
  *out = q.best;
  *id = q.best_id;
  return 1;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int collide_world_overlap_sphere(collide_world *w, const collide_vec3 *center,
                                 double r, int *ids, int cap) {
  query q;
  CHECK_VEC(center, 2);
  CHECK_RADIUS(r, 3);
  collide__query_init(&q, Q_OVERLAP, r, center, center);
  q.ids = ids;
  q.cap = cap < 0 ? 0 : cap;
  (void)collide__query_run(w, &q);
  if (q.nids <= q.cap) qsort(ids, (size_t)q.nids, sizeof *ids, cmp_int);
  return q.nids;
}

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
  if (q.nids <= q.cap) qsort(ids, (size_t)q.nids, sizeof *ids, cmp_int);
  return q.nids;
}

static int among(collide_world *w, query *q, const int *ids, int n,
                 collide_hit *out, int *id) {
  int i;
  for (i = 0; i < n; i++) {
    int k = ids[i];
    if (k > 0 && k < w->next_id && w->slot_of_id[k] >= 0)
      (void)query_shape(w, q, w->slot_of_id[k]);
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

