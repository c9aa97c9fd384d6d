/*
 * test_world_dynamic.c -- a world that changes: shapes added (one by one
 * and as meshes), removed, re-placed, given velocities and layers, moved by
 * advance(); after every change, every query of every moving shape
 * (sphere, box, capsule, ray, ray list, overlaps) is checked against the
 * test's own record of the world and the single-shape functions, with the
 * relative motion of moving shapes computed here.
 * A plain executable: exits 1 on the first failed check.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "collide.h"
#include "test_hit.h"

#define REQUIRE(c) do { if (!(c)) { \
    fprintf(stderr, "%s:%d: REQUIRE(%s) failed (seed round %d, query %d)\n", \
            __FILE__, __LINE__, #c, cur_round, cur_query); \
    exit(1); } } while (0)

static int cur_round, cur_query;

static collide_vec3 add(collide_vec3 a, collide_vec3 b) { return V(a.x + b.x, a.y + b.y, a.z + b.z); }
static collide_vec3 sub(collide_vec3 a, collide_vec3 b) { return V(a.x - b.x, a.y - b.y, a.z - b.z); }
static collide_vec3 half(collide_vec3 a) { return V(a.x * 0.5, a.y * 0.5, a.z * 0.5); }
static int same_vec(collide_vec3 a, collide_vec3 b) {
  return a.x == b.x && a.y == b.y && a.z == b.z;
}

static unsigned long long rng = 0x9E3779B97F4A7C15ULL;
static double rnd(void) {
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return (double)((rng * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}
static double rnd_in(double a, double b) { return a + (b - a) * rnd(); }
static collide_vec3 rnd_vec(double s) { return V(rnd_in(-s, s), rnd_in(-s, s), rnd_in(-s, s)); }

/* ---- the test's record ------------------------------------------------------ */

typedef struct rec {
  int id, kind, live, layers;
  collide_vec3 p[4];     /* triangle a b c; polygon's 4 vertices; aabb c e;
                            sphere c; segment/capsule a b */
  double r;
  collide_plane plane;
  collide_polygon poly;
  collide_vec3 vel;
} rec;

#define MAXREC 3000
static rec recs[MAXREC];
static int nrec;

enum { M_SPHERE, M_AABB, M_CAPSULE, M_RAY };

typedef struct mover {
  int kind;
  double r;
  collide_vec3 e, axis;
} mover;

/* How much of the world's answer the oracle computes independently. */
enum { ONLY_U = 0, U_NORMAL = 1, FULL = 2 };

/* The single-shape answer for one recorded shape, the mover going from c0
   to c1 against it held still. *level says what it fixed. */
static int oracle(const rec *s, const mover *m, const collide_vec3 *c0,
                  const collide_vec3 *c1, collide_hit *h, int *level) {
  int rc = 0;
  collide_interval iv = {0, 0, {0, 0, 0}};
  *level = FULL;
  memset(h, 0, sizeof *h);
  if (m->kind == M_RAY) {
    switch (s->kind) {
    case COLLIDE_SHAPE_TRIANGLE: rc = collide_raycast_triangle(c0, c1, &s->p[0], &s->p[1], &s->p[2], h); break;
    case COLLIDE_SHAPE_POLYGON: rc = collide_raycast_polygon(c0, c1, &s->poly, h); break;
    case COLLIDE_SHAPE_AABB: rc = collide_raycast_aabb(c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_SPHERE: rc = collide_raycast_sphere(c0, c1, &s->p[0], s->r, h); break;
    case COLLIDE_SHAPE_SEGMENT:
      rc = collide_sweep_sphere_segment(0, c0, c1, &s->p[0], &s->p[1], h);
      *level = ONLY_U;
      break;
    case COLLIDE_SHAPE_CAPSULE:
      rc = collide_sweep_sphere_segment(s->r, c0, c1, &s->p[0], &s->p[1], h);
      *level = U_NORMAL;
      break;
    case COLLIDE_SHAPE_PLANE: rc = collide_raycast_plane(c0, c1, &s->plane, h); break;
    }
  } else if (m->kind == M_SPHERE || (m->kind == M_CAPSULE && m->axis.x == 0 &&
                                     m->axis.y == 0 && m->axis.z == 0)) {
    double r = m->r;
    switch (s->kind) {
    case COLLIDE_SHAPE_TRIANGLE: rc = collide_sweep_sphere_triangle(r, c0, c1, &s->p[0], &s->p[1], &s->p[2], h); break;
    case COLLIDE_SHAPE_POLYGON: rc = collide_sweep_sphere_polygon(r, c0, c1, &s->poly, h); break;
    case COLLIDE_SHAPE_AABB: rc = collide_sweep_sphere_aabb(r, c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_SPHERE:
      rc = collide_sweep_sphere_sphere(r, c0, c1, s->r, &s->p[0], &s->p[0], &iv);
      h->u = iv.u0;
      *level = ONLY_U;
      break;
    case COLLIDE_SHAPE_SEGMENT: rc = collide_sweep_sphere_segment(r, c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_CAPSULE:
      rc = collide_sweep_sphere_segment(r + s->r, c0, c1, &s->p[0], &s->p[1], h);
      *level = U_NORMAL;
      break;
    case COLLIDE_SHAPE_PLANE: rc = collide_sweep_sphere_plane(r, c0, c1, &s->plane, h); break;
    }
  } else if (m->kind == M_AABB) {
    const collide_vec3 *e = &m->e;
    switch (s->kind) {
    case COLLIDE_SHAPE_TRIANGLE: rc = collide_sweep_aabb_triangle(e, c0, c1, &s->p[0], &s->p[1], &s->p[2], h); break;
    case COLLIDE_SHAPE_POLYGON: rc = collide_sweep_aabb_polygon(e, c0, c1, &s->poly, h); break;
    case COLLIDE_SHAPE_AABB:
      rc = collide_sweep_aabb_aabb(e, c0, c1, &s->p[1], &s->p[0], &s->p[0], &iv);
      h->u = iv.u0;
      h->normal = iv.normal;
      *level = U_NORMAL;
      break;
    case COLLIDE_SHAPE_SPHERE: rc = collide_sweep_aabb_sphere(e, c0, c1, &s->p[0], s->r, h); break;
    case COLLIDE_SHAPE_SEGMENT: rc = collide_sweep_aabb_segment(e, c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_CAPSULE: {
      /* the capsule moving by minus the box's motion against the box */
      collide_vec3 cc = half(add(s->p[0], s->p[1])), ax = half(sub(s->p[1], s->p[0]));
      collide_vec3 cend = sub(cc, sub(*c1, *c0));
      rc = collide_sweep_capsule_aabb(s->r, &ax, &cc, &cend, c0, e, h);
      h->normal = V(-h->normal.x, -h->normal.y, -h->normal.z);
      *level = U_NORMAL;
      break;
    }
    case COLLIDE_SHAPE_PLANE: rc = collide_sweep_aabb_plane(e, c0, c1, &s->plane, h); break;
    }
  } else {
    double r = m->r;
    const collide_vec3 *ax = &m->axis;
    switch (s->kind) {
    case COLLIDE_SHAPE_TRIANGLE: rc = collide_sweep_capsule_triangle(r, ax, c0, c1, &s->p[0], &s->p[1], &s->p[2], h); break;
    case COLLIDE_SHAPE_POLYGON: rc = collide_sweep_capsule_polygon(r, ax, c0, c1, &s->poly, h); break;
    case COLLIDE_SHAPE_AABB: rc = collide_sweep_capsule_aabb(r, ax, c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_SPHERE: rc = collide_sweep_capsule_sphere(r, ax, c0, c1, &s->p[0], s->r, h); break;
    case COLLIDE_SHAPE_SEGMENT: rc = collide_sweep_capsule_segment(r, ax, c0, c1, &s->p[0], &s->p[1], h); break;
    case COLLIDE_SHAPE_CAPSULE: {
      collide_vec3 cb = half(add(s->p[0], s->p[1])), ab = half(sub(s->p[1], s->p[0]));
      rc = collide_sweep_capsule_capsule(r, ax, c0, c1, s->r, &ab, &cb, &cb, &iv);
      h->u = iv.u0;
      h->normal = iv.normal;
      *level = U_NORMAL;
      break;
    }
    case COLLIDE_SHAPE_PLANE: rc = collide_sweep_capsule_plane(r, ax, c0, c1, &s->plane, h); break;
    }
  }
  REQUIRE(rc >= 0);
  return rc;
}

/* The oracle with the shape's own motion: mover against the shape held at
   its place, the mover's end moved back by the velocity; the point moved
   forward to the moment of contact. Rays and overlaps: no motion. */
static int oracle_moving(const rec *s, const mover *m, const collide_vec3 *c0,
                         const collide_vec3 *c1, int relative, collide_hit *h,
                         int *level) {
  collide_vec3 end = relative ? sub(*c1, s->vel) : *c1;
  int rc = oracle(s, m, c0, &end, h, level);
  if (rc == 1 && relative)
    h->point = V(h->point.x + s->vel.x * h->u, h->point.y + s->vel.y * h->u,
                 h->point.z + s->vel.z * h->u);
  return rc;
}

static int passes(const rec *s, int mask) {
  return s->live && (mask < 0 || (s->layers & mask) != 0);
}

/* ---- building random shapes ------------------------------------------------- */

static void random_geometry(rec *s, double scale, double size) {
  collide_vec3 c = rnd_vec(scale);
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    s->p[0] = c;
    s->p[1] = add(c, rnd_vec(size));
    s->p[2] = add(c, rnd_vec(size));
    break;
  case COLLIDE_SHAPE_POLYGON: {
    /* a tilted square around c */
    collide_vec3 u = rnd_vec(1), v = rnd_vec(1), n;
    double a = rnd_in(0.1, size), lu, lv;
    n = V(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x);
    v = V(n.y * u.z - n.z * u.y, n.z * u.x - n.x * u.z, n.x * u.y - n.y * u.x);
    lu = sqrt(u.x * u.x + u.y * u.y + u.z * u.z);
    lv = sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    u = V(u.x * a / lu, u.y * a / lu, u.z * a / lu);
    v = V(v.x * a / lv, v.y * a / lv, v.z * a / lv);
    s->p[0] = add(c, u);
    s->p[1] = add(c, v);
    s->p[2] = sub(c, u);
    s->p[3] = sub(c, v);
    break;
  }
  case COLLIDE_SHAPE_AABB:
    s->p[0] = c;
    s->p[1] = V(rnd_in(0, size), rnd_in(0, size), rnd() < 0.2 ? 0 : rnd_in(0, size));
    break;
  case COLLIDE_SHAPE_SPHERE:
    s->p[0] = c;
    s->r = rnd_in(0, size);
    break;
  case COLLIDE_SHAPE_SEGMENT:
  case COLLIDE_SHAPE_CAPSULE:
    s->p[0] = c;
    s->p[1] = add(c, rnd_vec(size));
    s->r = rnd_in(0, size * 0.5);
    break;
  case COLLIDE_SHAPE_PLANE: {
    collide_vec3 n = rnd_vec(1);
    if (collide_plane_from_point_normal(&c, &n, &s->plane) != 1) s->plane.d = NAN;
    break;
  }
  }
}

/* Adds or updates record s in w; 0 when the random geometry was refused
   (degenerate: fine). */
static int place(collide_world *w, rec *s, int update) {
  int rc = -1;
  if (s->kind == COLLIDE_SHAPE_POLYGON &&
      collide_polygon_init(s->p, 4, &s->poly) < 0) return 0;
  if (s->kind == COLLIDE_SHAPE_PLANE && s->plane.d != s->plane.d) return 0;
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    rc = update ? collide_world_update_triangle(w, s->id, &s->p[0], &s->p[1], &s->p[2])
                : collide_world_add_triangle(w, &s->p[0], &s->p[1], &s->p[2]);
    break;
  case COLLIDE_SHAPE_POLYGON:
    rc = update ? collide_world_update_polygon(w, s->id, &s->poly)
                : collide_world_add_polygon(w, &s->poly);
    break;
  case COLLIDE_SHAPE_AABB:
    rc = update ? collide_world_update_aabb(w, s->id, &s->p[0], &s->p[1])
                : collide_world_add_aabb(w, &s->p[0], &s->p[1]);
    break;
  case COLLIDE_SHAPE_SPHERE:
    rc = update ? collide_world_update_sphere(w, s->id, &s->p[0], s->r)
                : collide_world_add_sphere(w, &s->p[0], s->r);
    break;
  case COLLIDE_SHAPE_SEGMENT:
    rc = update ? collide_world_update_segment(w, s->id, &s->p[0], &s->p[1])
                : collide_world_add_segment(w, &s->p[0], &s->p[1]);
    break;
  case COLLIDE_SHAPE_CAPSULE:
    rc = update ? collide_world_update_capsule(w, s->id, &s->p[0], &s->p[1], s->r)
                : collide_world_add_capsule(w, &s->p[0], &s->p[1], s->r);
    break;
  case COLLIDE_SHAPE_PLANE:
    rc = update ? collide_world_update_plane(w, s->id, &s->plane)
                : collide_world_add_plane(w, &s->plane);
    break;
  }
  if (rc < 0) return 0;
  REQUIRE(update ? rc == 1 : rc > 0);
  if (!update) s->id = rc;
  return 1;
}

static void add_random(collide_world *w, double scale, double size) {
  rec *s;
  if (nrec >= MAXREC) return;
  s = &recs[nrec];
  memset(s, 0, sizeof *s);
  s->kind = 1 + (int)(rnd() * 6.999);
  if (s->kind == COLLIDE_SHAPE_PLANE && rnd() < 0.8) s->kind = COLLIDE_SHAPE_CAPSULE;
  s->layers = 1;
  random_geometry(s, scale, size);
  if (!place(w, s, 0)) return;
  s->live = 1;
  nrec++;
}

/* A random mesh: a small height field, one add_mesh call. */
static void add_mesh(collide_world *w, double scale, double size) {
  collide_vec3 v[16], base = rnd_vec(scale);
  int ix[54], n = 0, i, j, first, k;
  if (nrec + 18 > MAXREC) return;
  for (i = 0; i < 4; i++)
    for (j = 0; j < 4; j++)
      v[i * 4 + j] = add(base, V(i * size * 0.3, rnd_in(0, size * 0.2), j * size * 0.3));
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) {
      ix[n++] = i * 4 + j; ix[n++] = (i + 1) * 4 + j; ix[n++] = i * 4 + j + 1;
      ix[n++] = (i + 1) * 4 + j; ix[n++] = (i + 1) * 4 + j + 1; ix[n++] = i * 4 + j + 1;
    }
  k = collide_world_add_mesh(w, v, 16, ix, n, &first);
  if (k < 0) return;   /* a degenerate random triangle: all refused */
  REQUIRE(k == 18);
  for (i = 0; i < k; i++) {
    rec *s = &recs[nrec++];
    memset(s, 0, sizeof *s);
    s->kind = COLLIDE_SHAPE_TRIANGLE;
    s->id = first + i;
    s->live = 1;
    s->layers = 1;
    s->p[0] = v[ix[3 * i]];
    s->p[1] = v[ix[3 * i + 1]];
    s->p[2] = v[ix[3 * i + 2]];
    REQUIRE(collide_world_kind(w, s->id) == COLLIDE_SHAPE_TRIANGLE);
  }
}

/* advance(), in the record: every shape moves by its velocity. */
static void advance_recs(void) {
  int i, k;
  for (i = 0; i < nrec; i++) {
    rec *s = &recs[i];
    collide_vec3 v = s->vel;
    if (!s->live) continue;
    if (s->kind == COLLIDE_SHAPE_PLANE) {
      s->plane.d -= s->plane.normal.x * v.x + s->plane.normal.y * v.y + s->plane.normal.z * v.z;
    } else if (s->kind == COLLIDE_SHAPE_POLYGON) {
      collide_polygon moved;
      for (k = 0; k < 4; k++) s->p[k] = add(s->p[k], v);
      if (collide_polygon_init(s->p, 4, &moved) == 1) s->poly = moved;
      else s->poly.plane.d -= s->poly.plane.normal.x * v.x + s->poly.plane.normal.y * v.y +
                              s->poly.plane.normal.z * v.z;
    } else if (s->kind == COLLIDE_SHAPE_AABB || s->kind == COLLIDE_SHAPE_SPHERE) {
      s->p[0] = add(s->p[0], v);
    } else {
      for (k = 0; k < (s->kind == COLLIDE_SHAPE_TRIANGLE ? 3 : 2); k++) s->p[k] = add(s->p[k], v);
    }
  }
}

/* ---- checking queries --------------------------------------------------------- */

static int sweep_world(collide_world *w, const mover *m, const collide_vec3 *c0,
                       const collide_vec3 *c1, int *mask, collide_hit *h, int *id) {
  collide_world_filter f = *mask >= 0 ? collide_world_layer_filter : NULL;
  switch (m->kind) {
  case M_SPHERE: return collide_world_sweep_sphere(w, m->r, c0, c1, f, mask, h, id);
  case M_AABB: return collide_world_sweep_aabb(w, &m->e, c0, c1, f, mask, h, id);
  case M_CAPSULE: return collide_world_sweep_capsule(w, m->r, &m->axis, c0, c1, f, mask, h, id);
  default: return collide_world_raycast(w, c0, c1, f, mask, h, id);
  }
}

static void check_first(collide_world *w, const mover *m, const collide_vec3 *c0,
                        const collide_vec3 *c1, int mask) {
  collide_hit h, best = {0};
  int id, rc, i, found = 0, best_id = 0, best_level = 0, level;
  rc = sweep_world(w, m, c0, c1, &mask, &h, &id);
  REQUIRE(rc == 0 || rc == 1);
  for (i = 0; i < nrec; i++) {
    collide_hit o;
    if (!passes(&recs[i], mask)) continue;
    if (oracle_moving(&recs[i], m, c0, c1, m->kind != M_RAY, &o, &level) == 1 &&
        (!found || o.u < best.u)) {
      found = 1;
      best = o;
      best_id = recs[i].id;
      best_level = level;
    }
  }
  if (rc != found)
    fprintf(stderr, "mover %d mask %d: world %d (id %d u %.17g) oracle %d (id %d u %.17g)\n",
            m->kind, mask, rc, id, h.u, found, best_id, found ? best.u : -1.0);
  REQUIRE(rc == found);
  if (!found) return;
  if (id != best_id)
    fprintf(stderr, "mover %d mask %d: world id %d u %.17g, oracle id %d u %.17g\n",
            m->kind, mask, id, h.u, best_id, best.u);
  REQUIRE(id == best_id);
  REQUIRE(h.u == best.u);
  if (best_level >= U_NORMAL) REQUIRE(same_vec(h.normal, best.normal));
  if (best_level == FULL) {
    REQUIRE(same_vec(h.point, best.point));
    REQUIRE(h.feature == best.feature);
  }
}

static int cmp_hits(const void *a, const void *b) {
  const collide_world_hit *x = (const collide_world_hit *)a, *y = (const collide_world_hit *)b;
  if (x->hit.u != y->hit.u) return x->hit.u < y->hit.u ? -1 : 1;
  return (x->id > y->id) - (x->id < y->id);
}

static collide_world_hit all1[MAXREC], all2[MAXREC];
static int ids1[MAXREC];

static void check_lists(collide_world *w, const collide_vec3 *c0, const collide_vec3 *c1,
                        int mask, double r) {
  mover ray, m;
  int n, k = 0, i, level;
  collide_world_filter f = mask >= 0 ? collide_world_layer_filter : NULL;
  collide_vec3 a = *c0, b = *c1, c;
  memset(&ray, 0, sizeof ray);
  ray.kind = M_RAY;
  n = collide_world_raycast_all(w, c0, c1, f, &mask, all1, MAXREC);
  REQUIRE(n >= 0 && n <= MAXREC);
  for (i = 0; i < nrec; i++) {
    collide_hit o;
    if (passes(&recs[i], mask) && oracle(&recs[i], &ray, c0, c1, &o, &level) == 1) {
      all2[k].hit = o;
      all2[k++].id = recs[i].id;
    }
  }
  REQUIRE(n == k);
  qsort(all2, (size_t)k, sizeof *all2, cmp_hits);
  for (i = 0; i < n; i++) REQUIRE(all1[i].id == all2[i].id && all1[i].hit.u == all2[i].hit.u);
  /* the overlaps: sphere, point, box, capsule (a to b) */
  for (m.kind = 0; m.kind < 4; m.kind++) {
    collide_vec3 at = *c0;
    m.r = m.kind == 3 ? 0 : r;
    m.e = V(r, r * 0.5, r * 2);
    switch (m.kind) {
    case 0: n = collide_world_overlap_sphere(w, c0, r, f, &mask, ids1, MAXREC); break;
    case 1: n = collide_world_overlap_point(w, c0, f, &mask, ids1, MAXREC); break;
    case 2: n = collide_world_overlap_aabb(w, c0, &m.e, f, &mask, ids1, MAXREC); break;
    default:
      b = V(a.x + r, a.y - r, a.z);
      n = collide_world_overlap_capsule(w, &a, &b, r, f, &mask, ids1, MAXREC);
      c = half(add(a, b));
      at = c;
      break;
    }
    REQUIRE(n >= 0 && n <= MAXREC);
    {
      mover om;
      memset(&om, 0, sizeof om);
      om.kind = m.kind == 2 ? M_AABB : (m.kind == 3 ? M_CAPSULE : M_SPHERE);
      om.r = m.kind == 1 ? 0 : r;
      om.e = m.e;
      if (m.kind == 3) om.axis = half(sub(b, a));
      k = 0;
      for (i = 0; i < nrec; i++) {
        collide_hit o;
        if (!passes(&recs[i], mask) || oracle(&recs[i], &om, &at, &at, &o, &level) != 1)
          continue;
        REQUIRE(k < n && ids1[k] == recs[i].id);
        k++;
      }
      REQUIRE(k == n);
    }
  }
}

static void check_queries(collide_world *w, double scale, int nq) {
  int q;
  for (q = 0; q < nq; q++) {
    collide_vec3 c0 = rnd_vec(scale * 1.1), c1;
    double r = rnd() < 0.1 ? 0 : rnd_in(0, scale * 0.08);
    int mask = rnd() < 0.6 ? -1 : (int)(rnd() * 8), k;
    mover m;
    cur_query = q;
    c1 = rnd() < 0.5 ? rnd_vec(scale * 1.1) : add(c0, rnd_vec(scale * 0.1));
    if (rnd() < 0.05) c1 = c0;
    for (k = 0; k < 4; k++) {
      memset(&m, 0, sizeof m);
      m.kind = k;
      m.r = r;
      m.e = V(rnd_in(0, scale * 0.05), rnd_in(0, scale * 0.05), rnd() < 0.2 ? 0 : rnd_in(0, scale * 0.05));
      m.axis = rnd() < 0.1 ? V(0, 0, 0) : rnd_vec(scale * 0.05);
      check_first(w, &m, &c0, &c1, mask);
    }
    if (q % 4 == 0) check_lists(w, &c0, &c1, mask, r);
  }
}

static int live_index(void) {
  int tries;
  for (tries = 0; tries < 20 && nrec > 0; tries++) {
    int i = (int)(rnd() * nrec);
    if (recs[i].live) return i;
  }
  return -1;
}

/* A round: a world built in bulk, then changed step by step. */
static int test_changing_worlds(void) {
  int round;
  for (round = 0; round < 16; round++) {
    collide_world *w = collide_world_new();
    double scale = round % 4 == 0 ? 10 : (round % 4 == 1 ? 100 : (round % 4 == 2 ? 1 : 1e4));
    int n = 10 + (int)(rnd() * (round < 8 ? 150 : 900)), i, step;
    cur_round = round;
    ENSURE(w != NULL);
    nrec = 0;
    for (i = 0; i < n; i++) {
      if (rnd() < 0.05) add_mesh(w, scale, scale * 0.2);
      else add_random(w, scale, scale * 0.1);
    }
    check_queries(w, scale, 40);
    for (step = 0; step < 60; step++) {
      double op = rnd();
      int j = live_index();
      if (op < 0.15) {
        add_random(w, scale, scale * 0.1);
      } else if (op < 0.2) {
        add_mesh(w, scale, scale * 0.2);
      } else if (op < 0.3 && j >= 0) {
        ENSURE(collide_world_remove(w, recs[j].id) == 1);
        ENSURE(collide_world_remove(w, recs[j].id) == 0);
        recs[j].live = 0;
      } else if (op < 0.55 && j >= 0) {
        /* a small step (stays in its enlarged box) or a jump */
        rec s = recs[j];
        if (rnd() < 0.5 && s.kind != COLLIDE_SHAPE_PLANE && s.kind != COLLIDE_SHAPE_POLYGON) {
          collide_vec3 d = rnd_vec(scale * 0.005);
          int k;
          for (k = 0; k < 3; k++) s.p[k] = add(s.p[k], d);
          if (s.kind == COLLIDE_SHAPE_AABB || s.kind == COLLIDE_SHAPE_SPHERE) s.p[1] = recs[j].p[1];
        } else {
          random_geometry(&s, scale, scale * 0.1);
        }
        if (place(w, &s, 1)) {
          recs[j] = s;
          recs[j].poly.vertices = recs[j].p;   /* (s was a copy) */
        }
      } else if (op < 0.75 && j >= 0) {
        collide_vec3 v = rnd() < 0.2 ? V(0, 0, 0) : rnd_vec(rnd() < 0.5 ? scale * 0.01 : scale * 0.5);
        ENSURE(collide_world_set_velocity(w, recs[j].id, &v) == 1);
        recs[j].vel = v;
        {
          collide_vec3 back;
          ENSURE(collide_world_velocity(w, recs[j].id, &back) == 1 && same_vec(back, v));
        }
      } else if (op < 0.85 && j >= 0) {
        int bits = (int)(rnd() * 8);
        ENSURE(collide_world_set_layers(w, recs[j].id, bits) == 1);
        ENSURE(collide_world_layers(w, recs[j].id) == bits);
        recs[j].layers = bits;
      } else {
        ENSURE(collide_world_advance(w) == 0);
        advance_recs();
      }
      if (step % 3 == 0) check_queries(w, scale, 8);
    }
    /* get() gives back what the record holds */
    for (i = 0; i < nrec; i++) {
      collide_world_shape g;
      if (!recs[i].live) {
        ENSURE(collide_world_get(w, recs[i].id, &g) == 0);
        continue;
      }
      ENSURE(collide_world_get(w, recs[i].id, &g) == 1 && g.kind == recs[i].kind);
      if (g.kind == COLLIDE_SHAPE_TRIANGLE) ENSURE(same_vec(g.a, recs[i].p[0]) && same_vec(g.c, recs[i].p[2]));
      if (g.kind == COLLIDE_SHAPE_CAPSULE) ENSURE(same_vec(g.b, recs[i].p[1]) && g.r == recs[i].r);
      if (g.kind == COLLIDE_SHAPE_POLYGON) ENSURE(g.polygon.count == 4 && same_vec(g.polygon.vertices[3], recs[i].p[3]));
    }
    collide_world_free(w);
  }
  return 0;
}

/* A fast platform: a sphere falling 10 units in a step onto a platform
   rising 10 units in the same step meets it halfway in time, never
   passes through, and the point is the platform's at that moment. */
/* Most of a built world leaving the static hierarchy: shapes built in
   bulk, then most of them updated, removed or given other layers (the
   hierarchy empties lanes, then is built again over what is left), with
   shapes added between, against the oracle all along. */
static int test_static_churn(void) {
  int round;
  for (round = 0; round < 3; round++) {
    collide_world *w = collide_world_new();
    double scale = round == 2 ? 1e4 : 10;
    int n = 700, i, step;
    cur_round = 100 + round;
    ENSURE(w != NULL);
    nrec = 0;
    for (i = 0; i < n; i++) {
      if (rnd() < 0.05) add_mesh(w, scale, scale * 0.2);
      else add_random(w, scale, scale * 0.05);
    }
    ENSURE(collide_world_build(w) == 0);
    check_queries(w, scale, 20);
    for (step = 0; step < 1700; step++) {
      double op = rnd();
      int j = live_index();
      if (j < 0) break;
      if (step >= 1400 && op < 0.2) {
        add_random(w, scale, scale * 0.05);   /* (adds only later: they
                                                 may build it all again) */
      } else if (op < 0.5) {
        rec s = recs[j];
        random_geometry(&s, scale, scale * 0.05);
        if (place(w, &s, 1)) {
          recs[j] = s;
          recs[j].poly.vertices = recs[j].p;   /* (s was a copy) */
        }
      } else if (op < 0.75) {
        ENSURE(collide_world_remove(w, recs[j].id) == 1);
        recs[j].live = 0;
      } else {
        int bits = (int)(rnd() * 8);
        ENSURE(collide_world_set_layers(w, recs[j].id, bits) == 1);
        recs[j].layers = bits;
      }
      if (step % 100 == 0) check_queries(w, scale, 6);
    }
    check_queries(w, scale, 20);
    collide_world_free(w);
  }
  return 0;
}

static int test_fast_platform(void) {
  collide_world *w = collide_world_new();
  collide_vec3 c = V(0, 0, 0), e = V(5, 0.1, 5), v = V(0, 10, 0), c0 = V(0, 10, 0), c1 = V(0, 0, 0);
  collide_vec3 axis = V(0, 1, 0), eb = V(0.5, 0.5, 0.5);
  collide_hit h;
  int id = collide_world_add_aabb(w, &c, &e), hid;
  ENSURE(id == 1);
  ENSURE(collide_world_set_velocity(w, id, &v) == 1);
  /* still: sphere r = 1 from y = 10 to 0 meets the top (y = 0.1) at
     u = 0.89; with the platform rising 10: relative motion 20, gap 8.9 */
  ENSURE(collide_world_sweep_sphere(w, 1, &c0, &c1, NULL, NULL, &h, &hid) == 1);
  ENSURE_NEAR(h.u, 8.9 / 20, 1e-15);
  ENSURE_NEAR(h.point.y, 0.1 + 10 * h.u, 1e-13);
  ENSURE(h.normal.y == 1);
  ENSURE(collide_world_sweep_aabb(w, &eb, &c0, &c1, NULL, NULL, &h, &hid) == 1);
  ENSURE_NEAR(h.u, 9.4 / 20, 1e-15);
  ENSURE(collide_world_raycast(w, &c0, &c1, NULL, NULL, &h, &hid) == 1);
  ENSURE_NEAR(h.u, 0.99, 1e-15);   /* rays see the platform where it is */
  (void)axis;
  ENSURE(collide_world_advance(w) == 0);
  {
    collide_world_shape g;
    ENSURE(collide_world_get(w, id, &g) == 1 && g.a.y == 10);
  }
  collide_world_free(w);
  return 0;
}

/* Ids, kinds, errors and the lock of the new calls. */
static int test_api(void) {
  collide_world *w = collide_world_new();
  collide_vec3 a = V(0, 0, 0), b = V(1, 0, 0), nan = V(NAN, 0, 0), d;
  collide_vec3 vs[4];
  int ix[6] = {0, 1, 2, 1, 3, 2}, bad[3] = {0, 1, 4}, first, id, n;
  vs[0] = V(0, 0, 0); vs[1] = V(1, 0, 0); vs[2] = V(0, 1, 0); vs[3] = V(1, 1, 0);
  ENSURE(collide_world_add_capsule(w, &a, &b, -1) == -(4 * 256 + COLLIDE_E_NEG_RADIUS));
  ENSURE(collide_world_add_capsule(w, &a, &nan, 1) == -(3 * 256 + COLLIDE_E_VEC_NAN));
  id = collide_world_add_capsule(w, &a, &b, 0.5);
  ENSURE(id == 1);
  ENSURE(collide_world_add_mesh(w, vs, 4, bad, 3, &first) == -(3 * 256 + COLLIDE_E_BAD_INDEX));
  ENSURE(collide_world_add_mesh(w, vs, 4, ix, 5, &first) == -(3 * 256 + COLLIDE_E_BAD_INDEX));
  ENSURE(collide_world_add_mesh(w, vs, 4, ix, 0, &first) == 0 && first == 2);
  n = collide_world_add_mesh(w, vs, 4, ix, 6, &first);
  ENSURE(n == 2 && first == 2 && collide_world_count(w) == 3);
  ENSURE(collide_world_next(w, 0) == 1 && collide_world_next(w, 1) == 2 &&
         collide_world_next(w, 3) == 0);
  ENSURE(collide_world_update_sphere(w, 1, &a, 1) == 0);         /* not a sphere */
  ENSURE(collide_world_update_capsule(w, 99, &a, &b, 1) == 0);    /* no such id */
  ENSURE(collide_world_update_capsule(w, 1, &a, &b, -1) == -(5 * 256 + COLLIDE_E_NEG_RADIUS));
  ENSURE(collide_world_update_triangle(w, 2, &a, &b, &b) == -(3 * 256 + COLLIDE_E_DEGENERATE_TRIANGLE));
  ENSURE(collide_world_set_layers(w, 1, -1) == -(3 * 256 + COLLIDE_E_BAD_LAYERS));
  ENSURE(collide_world_set_layers(w, 99, 1) == 0);
  ENSURE(collide_world_layers(w, 99) == -1 && collide_world_layers(w, 1) == 1);
  ENSURE(collide_world_set_velocity(w, 1, &nan) == -(3 * 256 + COLLIDE_E_VEC_NAN));
  ENSURE(collide_world_velocity(w, 99, &d) == 0 && d.x == 0);
  {
    collide_vec3 big = V(6e49, 0, 0), far = V(5e49, 0, 0);
    ENSURE(collide_world_update_capsule(w, 1, &far, &far, 1) == 1);
    ENSURE(collide_world_set_velocity(w, 1, &big) == 1);
    ENSURE(collide_world_advance(w) == -(0 * 256 + COLLIDE_E_VEC_RANGE));
    ENSURE(collide_world_get(w, 1, &(collide_world_shape){0}) == 1);
  }
  ENSURE(collide_world_remove(w, 1) == 1 && collide_world_velocity(w, 1, &d) == 0);
  {
    /* a triangle 2 long moved 1e20 away: its vertices round together
       there (doubles 16384 apart), so advance refuses, moving nothing */
    collide_vec3 o = V(0, 0, 0), x = V(2, 0, 0), y = V(0, 2, 0), far = V(1e20, 0, 0);
    collide_world_shape g;
    int t = collide_world_add_triangle(w, &o, &x, &y);
    ENSURE(t > 0 && collide_world_set_velocity(w, t, &far) == 1);
    ENSURE(collide_world_advance(w) == -(0 * 256 + COLLIDE_E_DEGENERATE_TRIANGLE));
    ENSURE(collide_world_get(w, t, &g) == 1 && g.a.x == 0 && g.b.x == 2 && g.c.y == 2);
    ENSURE(collide_world_remove(w, t) == 1);
  }
  {
    /* a polygon 1/8 across moved by (1e50, 1e50): three copies of one
       point there (fuzz/corpus/world/advance-collapsed-polygon), refused */
    collide_vec3 tri[3] = { V(0, 0, 0), V(0, -0.125, 0), V(-0.125, 0, 0) };
    collide_vec3 far = V(1e50, 1e50, 0);
    collide_polygon poly;
    collide_world_shape g;
    int p;
    ENSURE(collide_polygon_init(tri, 3, &poly) == 1);
    p = collide_world_add_polygon(w, &poly);
    ENSURE(p > 0 && collide_world_set_velocity(w, p, &far) == 1);
    ENSURE(collide_world_advance(w) == -(0 * 256 + COLLIDE_E_REPEATED));
    ENSURE(collide_world_get(w, p, &g) == 1 && g.polygon.vertices[1].y == -0.125);
    ENSURE(collide_world_remove(w, p) == 1);
  }
  ENSURE(collide_world_advance(w) == 0);
  collide_world_free(w);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_api);
  RUN_TEST(test_fast_platform);
  RUN_TEST(test_changing_worlds);
  RUN_TEST(test_static_churn);
TEST_MAIN_END
