/*
 * test_world.c -- the world's queries against brute force over every shape,
 * the mover's scenarios, and sweep_pairs against all pairs.
 * A plain executable: exits 1 on the first failed ENSURE.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "collide.h"
#include "test_hit.h"

#define FAIL(arg, reason) (-((arg) * 256 + (reason)))
#define PI 3.14159265358979323846

/* For helpers that return values: stop the whole run on a failure. */
#define REQUIRE(c) do { if (!(c)) { \
    fprintf(stderr, "%s:%d: REQUIRE(%s) failed\n", __FILE__, __LINE__, #c); \
    exit(1); } } while (0)

static int same_vec(collide_vec3 a, collide_vec3 b) {
  return a.x == b.x && a.y == b.y && a.z == b.z;
}

static int same_hit(const collide_hit *a, const collide_hit *b) {
  return a->u == b->u && same_vec(a->point, b->point) &&
         same_vec(a->normal, b->normal) && a->feature == b->feature;
}

/* ---- a deterministic random source (xorshift64*) -------------------------- */

static unsigned long long rng = 88172645463325252ULL;
static double rnd(void) {
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return (double)((rng * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}
static double rnd_in(double a, double b) { return a + (b - a) * rnd(); }
static collide_vec3 rnd_vec(double s) {
  return V(rnd_in(-s, s), rnd_in(-s, s), rnd_in(-s, s));
}

/* ---- the test's own record of the world, for brute force ---------------- */

typedef struct rec {
  int id, kind, live;
  collide_vec3 p[4];
  double r;
  collide_plane plane;
  collide_polygon poly;
} rec;

#define MAXREC 4000
static rec recs[MAXREC];
static int nrec;

/* The single-shape answer for one recorded shape. */
static int one_shape(const rec *s, double r, const collide_vec3 *c0,
                     const collide_vec3 *c1, int ray, collide_hit *h) {
  int rc = 0;
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    rc = ray ? collide_raycast_triangle(c0, c1, &s->p[0], &s->p[1], &s->p[2], h)
             : collide_sweep_sphere_triangle(r, c0, c1, &s->p[0], &s->p[1], &s->p[2], h);
    break;
  case COLLIDE_SHAPE_POLYGON:
    rc = ray ? collide_raycast_polygon(c0, c1, &s->poly, h)
             : collide_sweep_sphere_polygon(r, c0, c1, &s->poly, h);
    break;
  case COLLIDE_SHAPE_AABB:
    rc = ray ? collide_raycast_aabb(c0, c1, &s->p[0], &s->p[1], h)
             : collide_sweep_sphere_aabb(r, c0, c1, &s->p[0], &s->p[1], h);
    break;
  case COLLIDE_SHAPE_SPHERE:
    if (ray) rc = collide_raycast_sphere(c0, c1, &s->p[0], s->r, h);
    else {
      collide_interval iv;
      rc = collide_sweep_sphere_sphere(r, c0, c1, s->r, &s->p[0], &s->p[0], &iv);
      h->u = iv.u0;
    }
    break;
  case COLLIDE_SHAPE_SEGMENT:
    rc = collide_sweep_sphere_segment(ray ? 0 : r, c0, c1, &s->p[0], &s->p[1], h);
    break;
  case COLLIDE_SHAPE_PLANE:
    rc = ray ? collide_raycast_plane(c0, c1, &s->plane, h)
             : collide_sweep_sphere_plane(r, c0, c1, &s->plane, h);
    break;
  }
  REQUIRE(rc >= 0);
  return rc;
}

/* First contact over every live shape, ids ascending, so a strict < keeps
   the lowest id on ties. */
static int brute_sweep(double r, const collide_vec3 *c0, const collide_vec3 *c1,
                       int ray, int (*filter)(void *, int), collide_hit *best,
                       int *best_id) {
  int i, found = 0;
  for (i = 0; i < nrec; i++) {
    collide_hit h;
    if (!recs[i].live || (filter && !filter(NULL, recs[i].id))) continue;
    if (one_shape(&recs[i], r, c0, c1, ray, &h) == 1 && (!found || h.u < best->u)) {
      found = 1;
      *best = h;
      *best_id = recs[i].id;
    }
  }
  return found;
}

static int odd_filter(void *ctx, int id) {
  (void)ctx;
  return id % 3 != 0;
}

/* Takes only the ids of a list (ascending): ctx points to {n, ids...}. */
typedef struct id_list { int n; const int *ids; } id_list;
static int in_list(void *ctx, int id) {
  const id_list *l = (const id_list *)ctx;
  int lo = 0, hi = l->n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (l->ids[mid] == id) return 1;
    if (l->ids[mid] < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

static int add_random_shape(collide_world *w, double scale, double size) {
  rec *s = &recs[nrec];
  int kind = 1 + (int)(rnd() * 5.999), id = -1;
  collide_vec3 c = rnd_vec(scale);
  memset(s, 0, sizeof *s);
  if (rnd() < 0.01) kind = COLLIDE_SHAPE_PLANE;
  s->kind = kind;
  switch (kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    s->p[0] = c;
    s->p[1] = V(c.x + rnd_in(-size, size), c.y + rnd_in(-size, size), c.z + rnd_in(-size, size));
    s->p[2] = V(c.x + rnd_in(-size, size), c.y + rnd_in(-size, size), c.z + rnd_in(-size, size));
    id = collide_world_add_triangle(w, &s->p[0], &s->p[1], &s->p[2]);
    break;
  case COLLIDE_SHAPE_POLYGON: {
    /* a square, tilted: four points of a plane around c */
    collide_vec3 u = rnd_vec(1), v = rnd_vec(1), n;
    double a = rnd_in(0.1, size);
    n = V(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x);
    v = V(n.y * u.z - n.z * u.y, n.z * u.x - n.x * u.z, n.x * u.y - n.y * u.x);
    {
      double lu = sqrt(u.x * u.x + u.y * u.y + u.z * u.z);
      double lv = sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
      u = V(u.x * a / lu, u.y * a / lu, u.z * a / lu);
      v = V(v.x * a / lv, v.y * a / lv, v.z * a / lv);
    }
    s->p[0] = V(c.x + u.x, c.y + u.y, c.z + u.z);
    s->p[1] = V(c.x + v.x, c.y + v.y, c.z + v.z);
    s->p[2] = V(c.x - u.x, c.y - u.y, c.z - u.z);
    s->p[3] = V(c.x - v.x, c.y - v.y, c.z - v.z);
    if (collide_polygon_init(s->p, 4, &s->poly) < 0) return 0;
    id = collide_world_add_polygon(w, &s->poly);
    break;
  }
  case COLLIDE_SHAPE_AABB:
    s->p[0] = c;
    s->p[1] = V(rnd_in(0, size), rnd_in(0, size), rnd_in(0, size));
    id = collide_world_add_aabb(w, &s->p[0], &s->p[1]);
    break;
  case COLLIDE_SHAPE_SPHERE:
    s->p[0] = c;
    s->r = rnd_in(0, size);
    id = collide_world_add_sphere(w, &s->p[0], s->r);
    break;
  case COLLIDE_SHAPE_SEGMENT:
    s->p[0] = c;
    s->p[1] = V(c.x + rnd_in(-size, size), c.y + rnd_in(-size, size), c.z + rnd_in(-size, size));
    id = collide_world_add_segment(w, &s->p[0], &s->p[1]);
    break;
  case COLLIDE_SHAPE_PLANE: {
    collide_vec3 n = rnd_vec(1);
    if (collide_plane_from_point_normal(&c, &n, &s->plane) != 1) return 0;
    id = collide_world_add_plane(w, &s->plane);
    break;
  }
  }
  if (id < 0) return 0;   /* a degenerate random shape: rejected, fine */
  s->id = id;
  s->live = 1;
  nrec++;
  return id;
}

static void check_queries(collide_world *w, double scale, int nq) {
  int q;
  for (q = 0; q < nq; q++) {
    collide_vec3 c0 = rnd_vec(scale * 1.2), c1, center;
    double r = rnd() < 0.1 ? 0 : rnd_in(0, scale * 0.1);
    collide_hit h1, h2;
    int id1, id2, r1, r2, f, ids[MAXREC], n, i, k;
    c1 = rnd() < 0.5 ? rnd_vec(scale * 1.2)
                     : V(c0.x + rnd_in(-1, 1), c0.y + rnd_in(-1, 1), c0.z);
    if (rnd() < 0.05) c1 = c0;  /* zero-length motion */
    for (f = 0; f < 2; f++) {
      int (*filter)(void *, int) = f ? odd_filter : NULL;
      r1 = collide_world_sweep_sphere(w, r, &c0, &c1, filter, NULL, &h1, &id1);
      r2 = brute_sweep(r, &c0, &c1, 0, filter, &h2, &id2);
      REQUIRE(r1 == r2);
      if (r1 == 1) {
        REQUIRE(id1 == id2);
        REQUIRE(h1.u == h2.u);
        if (collide_world_kind(w, id1) != COLLIDE_SHAPE_SPHERE) REQUIRE(same_hit(&h1, &h2));
      }
      r1 = collide_world_raycast(w, &c0, &c1, filter, NULL, &h1, &id1);
      r2 = brute_sweep(0, &c0, &c1, 1, filter, &h2, &id2);
      REQUIRE(r1 == r2);
      if (r1 == 1) {
        REQUIRE(id1 == id2);
        REQUIRE(h1.u == h2.u);
        if (collide_world_kind(w, id1) != COLLIDE_SHAPE_SEGMENT) REQUIRE(same_hit(&h1, &h2));
      }
    }
    /* candidates then the exact query among them: the same answer */
    n = collide_world_candidates(w, r, &c0, &c1, ids, MAXREC);
    REQUIRE(n >= 0 && n <= MAXREC);
    for (i = 1; i < n; i++) REQUIRE(ids[i - 1] < ids[i]);
    r1 = collide_world_sweep_sphere_among(w, r, &c0, &c1, ids, n, &h1, &id1);
    r2 = collide_world_sweep_sphere(w, r, &c0, &c1, NULL, NULL, &h2, &id2);
    REQUIRE(r1 == r2 && id1 == id2 && same_hit(&h1, &h2));
    /* box candidates: ascending, and the exact box sweep restricted to
       them has the unrestricted sweep's answer (so its shape is listed);
       a box held still: every shape it overlaps is listed */
    {
      collide_vec3 e = V(r, rnd_in(0, scale * 0.1), rnd() < 0.5 ? 0 : r);
      id_list l;
      n = collide_world_candidates_aabb(w, &e, &c0, &c1, ids, MAXREC);
      REQUIRE(n >= 0 && n <= MAXREC);
      for (i = 1; i < n; i++) REQUIRE(ids[i - 1] < ids[i]);
      l.n = n;
      l.ids = ids;
      r1 = collide_world_sweep_aabb(w, &e, &c0, &c1, in_list, &l, &h1, &id1);
      r2 = collide_world_sweep_aabb(w, &e, &c0, &c1, NULL, NULL, &h2, &id2);
      REQUIRE(r1 == r2 && id1 == id2 && same_hit(&h1, &h2));
      n = collide_world_candidates_aabb(w, &e, &c0, &c0, ids, MAXREC);
      REQUIRE(n >= 0 && n <= MAXREC);
      {
        int ov[MAXREC], m = collide_world_overlap_aabb(w, &c0, &e, NULL, NULL, ov, MAXREC);
        REQUIRE(m >= 0 && m <= MAXREC);
        for (i = 0; i < m; i++) REQUIRE(in_list(&l, ov[i]));
      }
    }
    /* overlap: every live shape touched, ascending */
    center = c0;
    n = collide_world_overlap_sphere(w, &center, r, NULL, NULL, ids, MAXREC);
    REQUIRE(n >= 0 && n <= MAXREC);
    k = 0;
    for (i = 0; i < nrec; i++) {
      if (!recs[i].live || one_shape(&recs[i], r, &center, &center, 0, &h1) != 1)
        continue;
      REQUIRE(k < n && ids[k] == recs[i].id);
      k++;
    }
    REQUIRE(k == n);
  }
}

/* collide_world_update_candidates_aabb: on a twin world, the update then
   the candidates, the same ids and the same box; a bad argument (a dead
   id, a sphere's, a whole number's neighbour, NaN; a bad vector) is
   refused with its position before the world changes. */
static int test_update_candidates(void) {
  collide_world *a = collide_world_new(), *b = collide_world_new();
  collide_vec3 c, e, z = V(0, 0, 0), bad = V(NAN, 0, 0);
  int ids_a[MAXREC], ids_b[MAXREC], movers[20], ball, k, i;
  collide_world_shape g;
  ENSURE(a != NULL && b != NULL);
  for (i = 0; i < 40; i++) {
    c = V(i * 2 + 1, -1, 0);
    e = V(1, 1, 0);
    ENSURE(collide_world_add_aabb(a, &c, &e) == collide_world_add_aabb(b, &c, &e));
  }
  for (i = 0; i < 20; i++) {
    c = V(rnd_in(0, 80), rnd_in(0, 10), 0);
    e = V(rnd_in(0.2, 2), rnd_in(0.2, 2), 0);
    movers[i] = collide_world_add_aabb(a, &c, &e);
    ENSURE(movers[i] == collide_world_add_aabb(b, &c, &e));
  }
  for (k = 0; k < 300; k++) {
    int id = movers[(int)(rnd() * 20) % 20], na, nb;
    collide_vec3 qe = V(rnd_in(0, 2), rnd_in(0, 2), 0);
    collide_vec3 c0 = V(rnd_in(-5, 85), rnd_in(-3, 12), 0), c1 = c0;
    if (rnd() < 0.7) c1 = V(rnd_in(-5, 85), rnd_in(-3, 12), 0);
    c = V(rnd_in(-5, 85), rnd_in(-3, 12), 0);
    e = V(rnd_in(0.1, 3), rnd_in(0.1, 3), 0);
    na = collide_world_update_candidates_aabb(a, id, &c, &e, &qe, &c0, &c1, ids_a, MAXREC);
    ENSURE(collide_world_update_aabb(b, id, &c, &e) == 1);
    nb = collide_world_candidates_aabb(b, &qe, &c0, &c1, ids_b, MAXREC);
    ENSURE(na == nb && na >= 0 && na <= MAXREC);
    for (i = 0; i < na; i++) ENSURE(ids_a[i] == ids_b[i]);
    ENSURE(collide_world_get(a, id, &g) == 1 && g.a.x == c.x && g.b.y == e.y);
  }
  c = V(3, 0, 0);
  e = V(1, 1, 0);
  ball = collide_world_add_sphere(a, &c, 1);
  ENSURE(ball > 0);
  ENSURE(collide_world_update_candidates_aabb(a, ball, &c, &e, &z, &c, &c, ids_a, MAXREC) ==
         FAIL(2, COLLIDE_E_BAD_INDEX));
  ENSURE(collide_world_update_candidates_aabb(a, 9999, &c, &e, &z, &c, &c, ids_a, MAXREC) ==
         FAIL(2, COLLIDE_E_BAD_INDEX));
  ENSURE(collide_world_update_candidates_aabb(a, movers[0] + 0.5, &c, &e, &z, &c, &c, ids_a,
                                              MAXREC) == FAIL(2, COLLIDE_E_BAD_INDEX));
  ENSURE(collide_world_update_candidates_aabb(a, NAN, &c, &e, &z, &c, &c, ids_a, MAXREC) ==
         FAIL(2, COLLIDE_E_BAD_INDEX));
  ENSURE(collide_world_get(a, movers[0], &g) == 1);
  ENSURE(collide_world_update_candidates_aabb(a, movers[0], &c, &e, &z, &bad, &c, ids_a,
                                              MAXREC) == FAIL(6, COLLIDE_E_VEC_NAN));
  ENSURE(collide_world_update_candidates_aabb(a, movers[0], &bad, &e, &z, &c, &c, ids_a,
                                              MAXREC) == FAIL(3, COLLIDE_E_VEC_NAN));
  {
    collide_world_shape h;
    ENSURE(collide_world_get(a, movers[0], &h) == 1);
    ENSURE(h.a.x == g.a.x && h.a.y == g.a.y && h.b.x == g.b.x);   /* unchanged */
  }
  collide_world_free(a);
  collide_world_free(b);
  return 0;
}

/* Many queries in one call: each answer is the single call's, bit for bit
   (random shapes, random motions, each moving shape, with and without a
   filter); misses are id 0, u 1, zero point and normal; a bad number is
   found before anything is written, with its index. */
static int test_many(void) {
  enum { NQ = 300 };
  static double seg[6 * NQ], out[8 * NQ];
  collide_world *w = collide_world_new();
  collide_vec3 e = V(0.3, 0.2, 0.1), axis = V(0, 0.4, 0.1);
  int i, k, kind, f, bad, misses = 0;
  nrec = 0;
  ENSURE(w != NULL);
  for (i = 0; i < 200; i++) ENSURE(add_random_shape(w, 10, 2) > 0);
  for (k = 0; k < NQ; k++) {
    collide_vec3 a = rnd_vec(12), b = rnd() < 0.5 ? rnd_vec(12) : V(a.x + 1, a.y, a.z);
    if (k % 50 == 0) b = a;   /* zero-length motion */
    seg[6 * k] = a.x; seg[6 * k + 1] = a.y; seg[6 * k + 2] = a.z;
    seg[6 * k + 3] = b.x; seg[6 * k + 4] = b.y; seg[6 * k + 5] = b.z;
  }
  for (kind = 0; kind < 4; kind++) {
    for (f = 0; f < 2; f++) {
      int (*filter)(void *, int) = f ? odd_filter : NULL;
      int n, hits = 0;
      switch (kind) {
      case 0: n = collide_world_raycast_many(w, seg, NQ, filter, NULL, out, &bad); break;
      case 1: n = collide_world_sweep_sphere_many(w, 0.25, seg, NQ, filter, NULL, out, &bad); break;
      case 2: n = collide_world_sweep_aabb_many(w, &e, seg, NQ, filter, NULL, out, &bad); break;
      default:
        n = collide_world_sweep_capsule_many(w, 0.2, &axis, seg, NQ, filter, NULL, out, &bad);
      }
      ENSURE(n >= 0 && bad == -1);
      for (k = 0; k < NQ; k++) {
        collide_vec3 a = V(seg[6 * k], seg[6 * k + 1], seg[6 * k + 2]);
        collide_vec3 b = V(seg[6 * k + 3], seg[6 * k + 4], seg[6 * k + 5]);
        const double *o = out + 8 * k;
        collide_hit h;
        int id, r;
        switch (kind) {
        case 0: r = collide_world_raycast(w, &a, &b, filter, NULL, &h, &id); break;
        case 1: r = collide_world_sweep_sphere(w, 0.25, &a, &b, filter, NULL, &h, &id); break;
        case 2: r = collide_world_sweep_aabb(w, &e, &a, &b, filter, NULL, &h, &id); break;
        default: r = collide_world_sweep_capsule(w, 0.2, &axis, &a, &b, filter, NULL, &h, &id);
        }
        ENSURE(r == 0 || r == 1);
        if (r == 1) {
          hits++;
          ENSURE(o[0] == id && o[1] == h.u);
          ENSURE(o[2] == h.point.x && o[3] == h.point.y && o[4] == h.point.z);
          ENSURE(o[5] == h.normal.x && o[6] == h.normal.y && o[7] == h.normal.z);
        } else {
          misses++;
          ENSURE(o[0] == 0 && o[1] == 1 && o[2] == 0 && o[3] == 0 && o[4] == 0);
          ENSURE(o[5] == 0 && o[6] == 0 && o[7] == 0);
        }
      }
      ENSURE(n == hits && hits > 10);
    }
  }
  ENSURE(misses > 10);
  /* a bad number: its index, its reason, the argument, nothing written */
  for (i = 0; i < 8 * NQ; i++) out[i] = 7;
  seg[6 * 123 + 4] = NAN;
  k = collide_world_sweep_sphere_many(w, 0.25, seg, NQ, NULL, NULL, out, &bad);
  ENSURE(k < 0 && collide_error_arg(k) == 3 && bad == 6 * 123 + 4);
  seg[6 * 123 + 4] = 1e51;
  k = collide_world_sweep_capsule_many(w, 0.2, &axis, seg, NQ, NULL, NULL, out, &bad);
  ENSURE(k < 0 && collide_error_arg(k) == 4 && bad == 6 * 123 + 4);
  seg[6 * 123 + 4] = 0;
  k = collide_world_sweep_sphere_many(w, -1, seg, NQ, NULL, NULL, out, &bad);
  ENSURE(k < 0 && collide_error_arg(k) == 2 && bad == -1);
  k = collide_world_raycast_many(w, seg, -1, NULL, NULL, out, &bad);
  ENSURE(k < 0 && collide_error_arg(k) == 2);
  for (i = 0; i < 8 * NQ; i++) ENSURE(out[i] == 7);
  ENSURE(collide_world_raycast_many(w, seg, 0, NULL, NULL, out, &bad) == 0);
  collide_world_free(w);
  return 0;
}

/* Random worlds: built at once, grown by insertion, thinned by removal. */
static int test_random_worlds(void) {
  int round;
  for (round = 0; round < 12; round++) {
    collide_world *w = collide_world_new();
    double scale = round % 3 == 0 ? 10 : (round % 3 == 1 ? 100 : 1e4);
    int n = 20 + (int)(rnd() * (round < 6 ? 200 : 1500)), i, removed = 0;
    ENSURE(w != NULL);
    nrec = 0;
    for (i = 0; i < n; i++) add_random_shape(w, scale, scale * 0.1);
    ENSURE(collide_world_count(w) == nrec);
    check_queries(w, scale, 150);           /* first query built the tree */
    for (i = 0; i < n / 4; i++) add_random_shape(w, scale, scale * 0.2);
    check_queries(w, scale, 150);           /* insertions into the tree */
    for (i = 0; i < nrec; i++)
      if (rnd() < 0.4) {
        ENSURE(collide_world_remove(w, recs[i].id) == 1);
        ENSURE(collide_world_remove(w, recs[i].id) == 0);
        ENSURE(collide_world_kind(w, recs[i].id) == COLLIDE_SHAPE_NONE);
        recs[i].live = 0;
        removed++;
      }
    ENSURE(collide_world_count(w) == nrec - removed);
    check_queries(w, scale, 150);           /* tombstones */
    for (i = 0; i < 30; i++) add_random_shape(w, scale, scale * 0.1);
    ENSURE(collide_world_build(w) == 0);
    check_queries(w, scale, 100);           /* rebuilt */
    collide_world_free(w);
  }
  return 0;
}

/* Axis-aligned boxes on a grid and sweeps along the axes from places that
   touch faces exactly: the broadphase's slab test meets zero motion on
   two axes and starts on box planes; the answers must still be exact. */
static int test_grid_world(void) {
  collide_world *w = collide_world_new();
  int i, j, q;
  nrec = 0;
  for (i = 0; i < 20; i++)
    for (j = 0; j < 20; j++) {
      rec *s = &recs[nrec];
      if ((i * 7 + j * 3) % 5 == 0) continue;
      memset(s, 0, sizeof *s);
      s->kind = COLLIDE_SHAPE_AABB;
      s->p[0] = V(i, j, 0);
      s->p[1] = V(0.5, 0.5, 0.5);
      s->id = collide_world_add_aabb(w, &s->p[0], &s->p[1]);
      s->live = 1;
      nrec++;
    }
  int hits = 0, zero = 0;
  for (q = 0; q < 4000; q++) {
    collide_vec3 c0 = V((int)rnd_in(-2, 22) + 0.5 * (int)rnd_in(0, 2),
                        (int)rnd_in(-2, 22) + 0.5 * (int)rnd_in(0, 2),
                        0.5 * (int)rnd_in(-3, 3)), c1 = c0;
    double r = 0.5 * (int)rnd_in(0, 3), len = (int)rnd_in(-6, 6);
    collide_hit h1, h2;
    int id1, id2, r1, r2, axis = (int)rnd_in(0, 3);
    if (axis == 0) c1.x += len; else if (axis == 1) c1.y += len; else c1.z += len;
    r1 = collide_world_sweep_sphere(w, r, &c0, &c1, NULL, NULL, &h1, &id1);
    r2 = brute_sweep(r, &c0, &c1, 0, NULL, &h2, &id2);
    ENSURE(r1 == r2);
    if (r1 == 1) ENSURE(id1 == id2 && same_hit(&h1, &h2));
    hits += r1;
    zero += r1 == 1 && h1.u == 0;
    r1 = collide_world_raycast(w, &c0, &c1, NULL, NULL, &h1, &id1);
    r2 = brute_sweep(0, &c0, &c1, 1, NULL, &h2, &id2);
    ENSURE(r1 == r2);
    if (r1 == 1) ENSURE(id1 == id2 && same_hit(&h1, &h2));
  }
  ENSURE(hits > 1000 && zero > 100 && hits - zero > 100);
  collide_world_free(w);
  return 0;
}

static int test_ids_and_errors(void) {
  collide_world *w = collide_world_new();
  collide_vec3 a = V(0, 0, 0), b = V(1, 0, 0), c = V(0, 1, 0), bad = V(NAN, 0, 0);
  collide_vec3 e = V(1, 1, 1), ne = V(1, -1, 1);
  collide_hit h;
  int id1, id2, id3, id, code;
  id1 = collide_world_add_triangle(w, &a, &b, &c);
  id2 = collide_world_add_sphere(w, &a, 1);
  ENSURE(id1 == 1 && id2 == 2);
  ENSURE(collide_world_kind(w, id1) == COLLIDE_SHAPE_TRIANGLE);
  ENSURE(collide_world_remove(w, id1) == 1);
  id3 = collide_world_add_aabb(w, &a, &e);
  ENSURE(id3 == 3);                          /* never reused */
  ENSURE(collide_world_kind(w, id2) == COLLIDE_SHAPE_SPHERE);
  ENSURE(collide_world_count(w) == 2);
  ENSURE(collide_world_remove(w, 0) == 0 && collide_world_remove(w, 99) == 0);
  /* errors name the Lua argument, counting the world as #1 */
  code = collide_world_add_triangle(w, &a, &b, &b);
  ENSURE(code < 0 && collide_error_reason(code) == COLLIDE_E_DEGENERATE_TRIANGLE);
  code = collide_world_add_triangle(w, &a, &bad, &c);
  ENSURE(collide_error_arg(code) == 3 && collide_error_reason(code) == COLLIDE_E_VEC_NAN);
  code = collide_world_add_sphere(w, &a, -1);
  ENSURE(collide_error_arg(code) == 3 && collide_error_reason(code) == COLLIDE_E_NEG_RADIUS);
  code = collide_world_add_aabb(w, &a, &ne);
  ENSURE(collide_error_arg(code) == 3 && collide_error_reason(code) == COLLIDE_E_NEG_EXTENT);
  code = collide_world_add_segment(w, &bad, &a);
  ENSURE(collide_error_arg(code) == 2);
  code = collide_world_sweep_sphere(w, -1, &a, &b, NULL, NULL, &h, &id);
  ENSURE(collide_error_arg(code) == 2 && collide_error_reason(code) == COLLIDE_E_NEG_RADIUS);
  code = collide_world_raycast(w, &a, &bad, NULL, NULL, &h, &id);
  ENSURE(collide_error_arg(code) == 3);
  ENSURE(collide_world_count(w) == 2);
  /* the world refuses exactly the triangles the single-shape sweep does:
     near-degenerate ones at every scale */
  {
    int i, refused = 0;
    for (i = 0; i < 20000; i++) {
      double s = pow(10, rnd_in(-6, 6)), eps = pow(10, rnd_in(-16, -8));
      collide_vec3 p = V(rnd_in(-s, s), rnd_in(-s, s), 0), q = V(p.x + s, p.y + s * 0.5, 0);
      collide_vec3 m = V(p.x + (q.x - p.x) * 0.3, p.y + (q.y - p.y) * 0.3 + s * eps,
                         rnd() < 0.5 ? 0 : s * eps);
      int r1 = collide_world_add_triangle(w, &p, &q, &m) > 0;
      int r2 = collide_sweep_sphere_triangle(0, &a, &a, &p, &q, &m, &h) >= 0;
      ENSURE(r1 == r2);
      refused += !r1;
    }
    ENSURE(refused > 1000 && refused < 19000);
  }
  collide_world_free(w);
  return 0;
}

/* A filter that queries the same world, then tries to change it. */
static collide_world *reentrant_world;
static int reentrant_filter(void *ctx, int id) {
  collide_vec3 a = V(-10, 0, 0), b = V(10, 0, 0);
  collide_hit h;
  int id2;
  (void)ctx;
  REQUIRE(collide_world_raycast(reentrant_world, &a, &b, NULL, NULL, &h, &id2) == 1);
  REQUIRE(collide_world_add_sphere(reentrant_world, &a, 1) ==
         FAIL(0, COLLIDE_E_LOCKED));
  REQUIRE(collide_world_remove(reentrant_world, id) == FAIL(0, COLLIDE_E_LOCKED));
  return id == 1 ? -77 : 1;
}

static int test_filter_reentry_and_abort(void) {
  collide_world *w = collide_world_new();
  collide_vec3 a = V(0, 0, 0), p0 = V(-10, 0, 0), p1 = V(10, 0, 0);
  collide_hit h;
  int id;
  reentrant_world = w;
  ENSURE(collide_world_add_sphere(w, &a, 1) == 1);
  ENSURE(collide_world_raycast(w, &p0, &p1, reentrant_filter, NULL, &h, &id) == -77);
  ENSURE(collide_world_add_sphere(w, &a, 1) == 2);   /* unlocked again */
  collide_world_free(w);
  return 0;
}

/* ---- the mover ------------------------------------------------------------ */

static collide_contact cts[64];
static int nct, grounded;

static collide_vec3 move(collide_world *w, double r, collide_vec3 from,
                         collide_vec3 to, const collide_move_options *o) {
  collide_vec3 pos;
  collide_move_options d;
  if (!o) { collide_move_options_init(&d); o = &d; }
  REQUIRE(collide_world_move_sphere(w, r, &from, &to, o, NULL, NULL, &pos, cts,
                                   64, &nct, &grounded) == 0);
  return pos;
}

/* Nothing overlaps the sphere at p (beyond rounding). */
static void ensure_free(collide_world *w, double r, collide_vec3 p) {
  int ids[8];
  REQUIRE(collide_world_overlap_sphere(w, &p, r * (1 - 1e-9), NULL, NULL, ids, 8) == 0);
}

static int test_mover(void) {
  collide_world *w = collide_world_new();
  collide_move_options o;
  collide_vec3 p, a, b, c, n = V(0, 1, 0), o3 = V(0, 0, 0);
  collide_plane floor;
  double vy = 0, y_rest = 0;
  int i, id_floor, id_wall;

  /*   o        a sphere falls onto the floor y = 0 and rests
   *   |
   * ======     */
  ENSURE(collide_plane_from_point_normal(&o3, &n, &floor) == 1);
  id_floor = collide_world_add_plane(w, &floor);
  collide_move_options_init(&o);
  o.use_up = 1;
  p = V(0, 5, 0);
  for (i = 0; i < 1000; i++) {
    collide_vec3 q;
    vy -= 9.81 / 60;
    q = move(w, 1, p, V(p.x, p.y + vy / 60, 0), &o);
    ENSURE(q.y >= 1);
    if (grounded) vy = 0;
    if (i == 100) y_rest = q.y;
    if (i > 100) ENSURE(q.y == y_rest);       /* no jitter, no creep */
    p = q;
  }
  ENSURE(y_rest - 1 < 1e-3);
  ENSURE(nct == 1 && cts[0].id == id_floor && cts[0].normal.y == 1);

  /* starting on the floor and moving away or along it: never blocked */
  p = move(w, 1, V(0, 1, 0), V(0, 3, 0), NULL);
  ENSURE(p.y == 3 && nct == 0);
  p = move(w, 1, V(0, 1, 0), V(7, 1, 0), NULL);
  ENSURE(p.x == 7 && p.y == 1 && nct == 0);

  /*          |      sliding along the wall x = 10: the motion along it
   *    o  -> |      is kept in full
   * =========|      */
  a = V(10, -100, 0);
  b = V(10, 100, 0);
  id_wall = collide_world_add_segment(w, &a, &b);
  p = move(w, 1, V(0, 5, 0), V(20, 25, 0), NULL);
  ENSURE(p.x < 9 && p.x > 9 - 1e-3);
  ENSURE_SMALL(p.y - 25, 1e-9);
  ENSURE(nct == 1 && cts[0].id == id_wall && cts[0].normal.x == -1);
  ensure_free(w, 1, p);

  /* into the 90 degree crease of floor and wall: stops in the corner */
  p = move(w, 1, V(5, 5, 0), V(30, -20, 0), NULL);
  ENSURE(p.x < 9 && p.x > 9 - 1e-3 && p.y > 1 && p.y < 1 + 1e-3);
  ENSURE(nct == 2);
  ensure_free(w, 1, p);

  /* thin wall at very high speed: no tunnelling */
  p = move(w, 0.1, V(-1e5, 5, 0), V(1e5, 5, 0), NULL);
  ENSURE(p.x < 10 - 0.1 && p.x > 9.8);
  /* stop and bounce */
  o.response = COLLIDE_RESPONSE_STOP;
  p = move(w, 1, V(0, 5, 0), V(20, 5, 0), &o);
  ENSURE(p.x < 9 && p.x > 9 - 1e-3 && p.y == 5 && nct == 1);
  o.response = COLLIDE_RESPONSE_BOUNCE;
  p = move(w, 1, V(0, 5, 0), V(20, 5, 0), &o);
  ENSURE_SMALL(p.x - (9 - 11), 1e-3);
  o.restitution = 0.5;
  p = move(w, 1, V(0, 5, 0), V(20, 5, 0), &o);
  ENSURE_SMALL(p.x - (9 - 5.5), 1e-3);
  collide_world_free(w);

  /* the 45 degree crease, a V:   \ o /
   *                               \ /      */
  w = collide_world_new();
  a = V(-10, 10, 0);
  b = V(0, 0, 0);
  c = V(10, 10, 0);
  collide_world_add_segment(w, &a, &b);
  collide_world_add_segment(w, &b, &c);
  collide_move_options_init(&o);
  o.use_up = 1;
  p = V(3, 8, 0);
  for (i = 0; i < 1000; i++) {   /* falling at a steady 0.2 per step */
    collide_vec3 q = move(w, 1, p, V(p.x, p.y - 0.2, 0), &o);
    if (i == 300) y_rest = q.y;
    if (i > 300) ENSURE(q.y == y_rest && q.x == p.x);
    p = q;
  }
  ENSURE_SMALL(p.x, 1e-3);
  ENSURE_SMALL(p.y - sqrt(2), 1e-3);
  ensure_free(w, 1, p);
  collide_world_free(w);

  /* ramps: 30 degrees is ground, 60 degrees is not (max_slope 45) */
  for (i = 0; i < 2; i++) {
    double ang = i == 0 ? 30 : 60, s = sin(ang * PI / 180), co = cos(ang * PI / 180);
    collide_vec3 q;
    w = collide_world_new();
    a = V(0, 0, 0);
    b = V(100 * co, 100 * s, 0);
    collide_world_add_segment(w, &a, &b);
    /* pushed into the ramp: climbs it */
    q = move(w, 1, V(-5, 1, 0), V(15, 1, 0), &o);
    ENSURE(q.y > 1.5 && nct >= 1);
    ENSURE(grounded == (i == 0));
    ensure_free(w, 1, q);
    /* falling down onto it */
    q = move(w, 1, V(50 * co - s * 3, 50 * s + co * 3, 0),
             V(50 * co - s * 3, 50 * s + co * 3 - 10, 0), &o);
    ENSURE(nct >= 1 && grounded == (i == 0));
    ensure_free(w, 1, q);
    collide_world_free(w);
  }
  return 0;
}

/* ---- pairs ---------------------------------------------------------------- */

static int test_pairs(void) {
  enum { N = 400 };
  static double radii[N];
  static collide_vec3 s0[N], s1[N];
  static collide_pair out[N * N / 2];
  void *scratch = malloc(collide_sweep_pairs_scratch_size(N));
  int round;
  for (round = 0; round < 4; round++) {
    int i, j, k = 0, n;
    for (i = 0; i < N; i++) {
      radii[i] = round == 3 ? 0 : rnd_in(0, 2);
      s0[i] = rnd_vec(50);
      s1[i] = rnd() < 0.2 ? s0[i] : V(s0[i].x + rnd_in(-20, 20), s0[i].y + rnd_in(-20, 20),
                                      round == 2 ? s0[i].z : s0[i].z + rnd_in(-5, 5));
      if (round == 2) s0[i].z = s1[i].z = 0;
    }
    n = collide_sweep_pairs(N, radii, s0, s1, scratch, out, N * N / 2);
    for (i = 0; i < N; i++)
      for (j = i + 1; j < N; j++) {
        collide_interval iv;
        if (collide_sweep_sphere_sphere(radii[i], &s0[i], &s1[i], radii[j], &s0[j], &s1[j], &iv) == 1) {
          ENSURE(k < n && out[k].i == i && out[k].j == j && out[k].u0 == iv.u0);
          k++;
        }
      }
    ENSURE(k == n);
    ENSURE(round == 3 || n > 0);
    /* too small an array: the count still comes back */
    ENSURE(collide_sweep_pairs(N, radii, s0, s1, scratch, out, 1) == n);
  }
  radii[5] = -1;
  ENSURE(collide_sweep_pairs(N, radii, s0, s1, scratch, out, 10) ==
         FAIL(1, COLLIDE_E_NEG_RADIUS));
  free(scratch);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_ids_and_errors);
  RUN_TEST(test_filter_reentry_and_abort);
  RUN_TEST(test_random_worlds);
  RUN_TEST(test_grid_world);
  RUN_TEST(test_mover);
  RUN_TEST(test_pairs);
  RUN_TEST(test_many);
  RUN_TEST(test_update_candidates);
TEST_MAIN_END
