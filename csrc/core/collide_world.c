/*
 * collide_world.c -- a world of fixed shapes with fast swept queries, a
 * collide-and-slide mover, and the pairs among many moving spheres.
 *
 * Broadphase: a bounding-volume hierarchy of axis-aligned boxes.
 *   Why a BVH rather than a uniform grid: a grid needs a cell size, and no
 *   one cell size suits a world that mixes a few huge floor polygons with
 *   thousands of small triangles, or a level 10 units wide with one 10^5
 *   wide; a long sweep crosses many empty cells, and its cost grows with its
 *   length. A BVH adapts to the geometry, costs O(n) memory whatever the
 *   extent, and a swept query walks it nearest-first and stops descending
 *   once the boxes left start later than the best contact so far, so a
 *   query costs about O(log n) (Ericson, "Real-Time Collision Detection",
 *   ch. 6; Wald et al., "Ray tracing deformable scenes using dynamic BVHs").
 *   Build: top-down, object-median split on the axis of largest centroid
 *   spread (Ericson 6.2.1), O(n log n), leaves of up to LEAF_SIZE shapes.
 *   Shapes are first collected in a "pending" list; the hierarchy is built
 *   by the first query (or collide_world_build), so adding n shapes costs
 *   one build, not n insertions. Later additions are inserted into the tree
 *   by descending to the child whose box grows least (Ericson 6.2.3,
 *   "insertion"); removals leave a tombstone. When insertions or tombstones
 *   exceed half the tree it is rebuilt at the next query.
 *   Planes are infinite: they are kept in their own list, tested always.
 *
 * Exactness: every contact reported is the answer of the single-shape
 *   function (collide_sweep_sphere_triangle, ...) for the shape named; the
 *   broadphase only skips shapes whose box, grown by the radius and a
 *   margin far above rounding, the query cannot touch, or that start later
 *   than a contact already found. Ties go to the lowest id.
 *
 * Memory: the world owns every allocation; a failed allocation returns
 *   COLLIDE_E_NOMEM and leaves the world as it was. Queries never fail for
 *   memory: if a rebuild cannot allocate they test the old tree and the
 *   pending list as they are.
 */
#include "collide_world_internal.h"

/* ---- small helpers ------------------------------------------------------- */

int collide__grow(void **p, int *cap, int need, size_t sz) {
  int n;
  void *q;
  if (need <= *cap) return 0;
  if (need > INT_MAX / 2) return NOMEM;
  n = *cap < 16 ? 16 : *cap;
  while (n < need) n *= 2;
  if ((size_t)n > (size_t)-1 / sz) return NOMEM;
  q = realloc(*p, (size_t)n * sz);
  if (!q) return NOMEM;
  *p = q;
  *cap = n;
  return 0;
}

/* ---- the world ----------------------------------------------------------- */

collide_world *collide_world_new(void) {
  collide_world *w = (collide_world *)calloc(1, sizeof *w);
  if (!w) return NULL;
  w->free_slot = -1;
  w->next_id = 1;
  return w;
}

void collide_world_free(collide_world *w) {
  int i;
  if (!w) return;
  for (i = 0; i < w->nslots; i++)
    if (w->slots[i].id && w->slots[i].kind == COLLIDE_SHAPE_POLYGON)
      free((void *)w->slots[i].g.poly.vertices);
  free(w->slots);
  free(w->slot_of_id);
  free(w->pending);
  free(w->planes);
  free(w->nodes);
  free(w->prims);
  free(w->pboxes);
  free(w);
}

int collide_world_count(const collide_world *w) { return w->count; }

int collide_world_locked(const collide_world *w) { return w->busy > 0; }

int collide_world_kind(const collide_world *w, int id) {
  int s;
  if (id <= 0 || id >= w->next_id) return COLLIDE_SHAPE_NONE;
  s = w->slot_of_id[id];
  return s < 0 ? COLLIDE_SHAPE_NONE : w->slots[s].kind;
}

/* Reserves a slot and an id for a new shape (its geometry still to fill);
   returns the slot or NOMEM / LOCKED. Everything that can fail is
   reserved here, before the caller copies anything. */
static int new_slot(collide_world *w, int kind) {
  int s, e;
  if (w->busy) return LOCKED;
  if (w->next_id == INT_MAX) return NOMEM;
  GROW(e, w->slot_of_id, w->cap_ids, w->next_id + 1);
  if (e) return e;
  if (kind == COLLIDE_SHAPE_PLANE) {
    GROW(e, w->planes, w->cap_planes, w->nplanes + 1);
    if (e) return e;
  } else {
    /* room to go either to the pending list or into the tree */
    GROW(e, w->pending, w->cap_pending, w->npending + 1);
    if (e) return e;
    if (w->nnodes > 0) {
      GROW(e, w->nodes, w->cap_nodes, w->nnodes + 2);
      if (e) return e;
      GROW(e, w->prims, w->cap_prims, w->nprims + 1);
      if (e) return e;
      GROW(e, w->pboxes, w->cap_pboxes, w->nprims + 1);
      if (e) return e;
    }
  }
  if (w->free_slot >= 0) {
    s = w->free_slot;
    w->free_slot = w->slots[s].where;
  } else {
    GROW(e, w->slots, w->cap_slots, w->nslots + 1);
    if (e) return e;
    s = w->nslots++;
  }
  memset(&w->slots[s], 0, sizeof(shape));
  w->slots[s].kind = kind;
  return s;
}
/* Gives slot s (geometry and bounds filled) its id and files it. */
static int commit_slot(collide_world *w, int s) {
  shape *sh = &w->slots[s];
  int id = w->next_id++;
  sh->id = id;
  w->slot_of_id[id] = s;
  w->count++;
  if (sh->kind == COLLIDE_SHAPE_PLANE) {
    sh->in = IN_PLANES;
    sh->where = w->nplanes;
    w->planes[w->nplanes++] = s;
  } else if (w->nnodes == 0 || collide__tree_insert(w, s) != 0) {
    sh->in = IN_PENDING;
    sh->where = w->npending;
    w->pending[w->npending++] = s;
  }
  return id;
}

/* Returns a reserved slot unused. */
static void drop_slot(collide_world *w, int s) {
  w->slots[s].id = 0;
  w->slots[s].kind = COLLIDE_SHAPE_NONE;
  w->slots[s].in = IN_NONE;
  w->slots[s].where = w->free_slot;
  w->free_slot = s;
}

/* Degenerate triangles are refused by the rule of the single-shape
   functions (collide_shapes.c, triangle_normal), computed in the same
   order so that both agree on every input: |(b-a) x (c-a)| must exceed
   1e-12 times the longest edge squared. Cheaper than calling a sweep to
   validate (test_world checks that the two agree). */
static int triangle_ok(const vec3 *a, const vec3 *b, const vec3 *c) {
  vec3 ab = v_sub(*b, *a), ac = v_sub(*c, *a), bc = v_sub(*c, *b);
  double e2 = v_len2(ab), l = v_len(v_cross(ab, ac));
  if (v_len2(ac) > e2) e2 = v_len2(ac);
  if (v_len2(bc) > e2) e2 = v_len2(bc);
  return l > 1e-12 * e2;
}

int collide_world_add_triangle(collide_world *w, const collide_vec3 *a,
                               const collide_vec3 *b, const collide_vec3 *c) {
  vec3 p[3];
  int s;
  CHECK_VEC(a, 2);
  CHECK_VEC(b, 3);
  CHECK_VEC(c, 4);
  if (!triangle_ok(a, b, c)) return COLLIDE_FAIL(2, COLLIDE_E_DEGENERATE_TRIANGLE);
  if ((s = new_slot(w, COLLIDE_SHAPE_TRIANGLE)) < 0) return s;
  w->slots[s].g.tri.a = p[0] = *a;
  w->slots[s].g.tri.b = p[1] = *b;
  w->slots[s].g.tri.c = p[2] = *c;
  box_of_points(&w->slots[s].bounds, p, 3);
  return commit_slot(w, s);
}

int collide_world_add_polygon(collide_world *w, const collide_polygon *polygon) {
  collide_polygon poly;
  collide_vec3 *copy;
  int s, e, n = polygon->count;
  if (n < 3 || !polygon->vertices) return COLLIDE_FAIL(2, COLLIDE_E_FEW_VERTICES);
  if ((size_t)n > (size_t)-1 / sizeof *copy) return NOMEM;
  copy = (collide_vec3 *)malloc((size_t)n * sizeof *copy);
  if (!copy) return NOMEM;
  memcpy(copy, polygon->vertices, (size_t)n * sizeof *copy);
  /* re-validated on the copy: a caller's struct is not trusted */
  if ((e = collide_polygon_init(copy, n, &poly)) < 0) {
    free(copy);
    return reargue(e, 2);
  }
  if ((s = new_slot(w, COLLIDE_SHAPE_POLYGON)) < 0) {
    free(copy);
    return s;
  }
  w->slots[s].g.poly = poly;
  w->slots[s].g.poly.vertices = copy;   /* the slot owns the copy (said so
                                           for static analysis: init set it) */
  box_of_points(&w->slots[s].bounds, copy, n);
  return commit_slot(w, s);
}

int collide_world_add_aabb(collide_world *w, const collide_vec3 *center,
                           const collide_vec3 *extents) {
  int s;
  /* the checks of collide_sweep_sphere_aabb */
  CHECK_VEC(center, 2);
  CHECK_EXTENTS(extents, 3);
  if ((s = new_slot(w, COLLIDE_SHAPE_AABB)) < 0) return s;
  w->slots[s].g.aabb.center = *center;
  w->slots[s].g.aabb.extents = *extents;
  box_around(&w->slots[s].bounds, *center, *extents);
  return commit_slot(w, s);
}

int collide_world_add_sphere(collide_world *w, const collide_vec3 *center,
                             double r) {
  int s;
  CHECK_VEC(center, 2);
  CHECK_RADIUS(r, 3);
  if ((s = new_slot(w, COLLIDE_SHAPE_SPHERE)) < 0) return s;
  w->slots[s].g.sphere.center = *center;
  w->slots[s].g.sphere.r = r;
  box_around(&w->slots[s].bounds, *center, v3(r, r, r));
  return commit_slot(w, s);
}

int collide_world_add_segment(collide_world *w, const collide_vec3 *a,
                              const collide_vec3 *b) {
  vec3 p[2];
  int s;
  /* the checks of collide_sweep_sphere_segment: any two points */
  CHECK_VEC(a, 2);
  CHECK_VEC(b, 3);
  if ((s = new_slot(w, COLLIDE_SHAPE_SEGMENT)) < 0) return s;
  w->slots[s].g.seg.a = p[0] = *a;
  w->slots[s].g.seg.b = p[1] = *b;
  box_of_points(&w->slots[s].bounds, p, 2);
  return commit_slot(w, s);
}

int collide_world_add_plane(collide_world *w, const collide_plane *plane) {
  int s;
  CHECK_PLANE(plane, 2);
  if ((s = new_slot(w, COLLIDE_SHAPE_PLANE)) < 0) return s;
  w->slots[s].g.plane = *plane;
  return commit_slot(w, s);
}

int collide_world_remove(collide_world *w, int id) {
  int s, i;
  shape *sh;
  if (w->busy) return LOCKED;
  if (id <= 0 || id >= w->next_id || w->slot_of_id[id] < 0) return 0;
  s = w->slot_of_id[id];
  sh = &w->slots[s];
  i = sh->where;
  if (sh->in == IN_TREE) {
    w->prims[i] = -1;    /* tombstone; the boxes stay conservative */
    w->tree_live--;
    w->dead++;
  } else if (sh->in == IN_PENDING) {
    w->pending[i] = w->pending[--w->npending];
    w->slots[w->pending[i]].where = i;
  } else {
    w->planes[i] = w->planes[--w->nplanes];
    w->slots[w->planes[i]].where = i;
  }
  if (sh->kind == COLLIDE_SHAPE_POLYGON) free((void *)sh->g.poly.vertices);
  w->slot_of_id[id] = -1;
  w->count--;
  drop_slot(w, s);
  return 1;
}

