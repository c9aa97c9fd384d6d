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
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include "collide_internal.h"

#define LEAF_SIZE 4
#define STACK_SIZE 128   /* > depth of a median-split tree of INT_MAX shapes,
                            plus insertions (checked when inserting) */
#define MAX_INSERT_DEPTH 96

/* Where a shape lives. */
enum { IN_NONE = 0, IN_PENDING, IN_TREE, IN_PLANES };

typedef struct box { double lo[3], hi[3]; } box;

typedef struct shape {
  int id;        /* 0: free slot */
  int kind;      /* COLLIDE_SHAPE_* */
  int in;        /* IN_* */
  int where;     /* index in pending / prims / planes; next free slot */
  box bounds;
  union {
    struct { vec3 a, b, c; } tri;
    struct { vec3 a, b; } seg;
    struct { vec3 center, extents; } aabb;
    struct { vec3 center; double r; } sphere;
    collide_plane plane;
    collide_polygon poly;   /* vertices owned by the world */
  } g;
} shape;

/* A leaf has count > 0 shapes prims[first .. first+count); an inner node
   has count == 0 and two children. */
typedef struct node {
  box b;
  int left, right;
  int first, count;
} node;

struct collide_world {
  shape *slots;
  int nslots, cap_slots;
  int free_slot;          /* head of the free-slot chain, -1 when none */
  int *slot_of_id;        /* id -> slot, -1 once removed; [0] unused */
  int next_id, cap_ids;
  int count;
  int *pending;           /* slots not yet in the tree (no planes) */
  int npending, cap_pending;
  int *planes;
  int nplanes, cap_planes;
  node *nodes;            /* root is nodes[0] when nnodes > 0 */
  int nnodes, cap_nodes;
  int *prims;             /* slots, -1 for a removed shape */
  int nprims, cap_prims;
  box *pboxes;            /* the boxes of prims, in the same order: leaves
                             test them without touching the shapes */
  int cap_pboxes;
  int tree_live;          /* live shapes in the tree */
  int dead;               /* tombstones in prims */
  int inserted;           /* insertions since the last build */
  int busy;               /* queries running (a filter may query again) */
};

#define NOMEM COLLIDE_FAIL(0, COLLIDE_E_NOMEM)
#define LOCKED COLLIDE_FAIL(0, COLLIDE_E_LOCKED)

/* ---- small helpers ------------------------------------------------------- */

/* Grows *p (elements of size sz) to hold at least need; 0 or NOMEM.
   GROW passes the array through a void * (no int ** as void ** aliasing). */
#define GROW(e, arr, cap, need) do { void *p_ = (arr); \
    (e) = grow(&p_, &(cap), (need), sizeof *(arr)); (arr) = p_; } while (0)
static int grow(void **p, int *cap, int need, size_t sz) {
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

static double vc(const vec3 *v, int k) { return k == 0 ? v->x : (k == 1 ? v->y : v->z); }

static void box_of_points(box *b, const vec3 *p, int n) {
  int i, k;
  for (k = 0; k < 3; k++) b->lo[k] = b->hi[k] = vc(&p[0], k);
  for (i = 1; i < n; i++)
    for (k = 0; k < 3; k++) {
      double x = vc(&p[i], k);
      if (x < b->lo[k]) b->lo[k] = x;
      if (x > b->hi[k]) b->hi[k] = x;
    }
}

/* The box center +- half (half >= 0). */
static void box_around(box *b, vec3 center, vec3 half) {
  vec3 p[2];
  p[0] = v_sub(center, half);
  p[1] = v_add(center, half);
  box_of_points(b, p, 2);
}

static void box_union(box *a, const box *b) {
  int k;
  for (k = 0; k < 3; k++) {
    if (b->lo[k] < a->lo[k]) a->lo[k] = b->lo[k];
    if (b->hi[k] > a->hi[k]) a->hi[k] = b->hi[k];
  }
}

/* Surface area, for the insertion heuristic; a flat box (2D worlds) still
   orders by its area. */
static double box_area(const box *b) {
  double x = b->hi[0] - b->lo[0], y = b->hi[1] - b->lo[1], z = b->hi[2] - b->lo[2];
  return x * y + y * z + z * x;
}

static double max_abs3(const vec3 *v) {
  double m = fabs(v->x);
  if (fabs(v->y) > m) m = fabs(v->y);
  if (fabs(v->z) > m) m = fabs(v->z);
  return m;
}

/* Re-encodes an error of a single-shape function as one of another Lua
   argument position. */
static int reargue(int code, int arg) {
  return COLLIDE_FAIL(arg, collide_error_reason(code));
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

/* Inserts slot s into the built tree: descend to the child whose box grows
   least (ties: the smaller box), then split the leaf reached into the old
   leaf and a new one-shape leaf. Room was reserved by new_slot. Returns 0,
   or -1 when the tree is too deep (the caller keeps s pending). */
static int tree_insert(collide_world *w, int s) {
  const box *b = &w->slots[s].bounds;
  int n = 0, depth = 0, leaf, old;
  /* find the leaf without changing anything */
  while (w->nodes[n].count == 0) {
    const node *l = &w->nodes[w->nodes[n].left], *r = &w->nodes[w->nodes[n].right];
    box bl = l->b, br = r->b;
    double gl, gr;
    box_union(&bl, b);
    box_union(&br, b);
    gl = box_area(&bl) - box_area(&l->b);
    gr = box_area(&br) - box_area(&r->b);
    if (gl < gr || (gl == gr && box_area(&l->b) <= box_area(&r->b))) n = w->nodes[n].left;
    else n = w->nodes[n].right;
    if (++depth >= MAX_INSERT_DEPTH) return -1;
  }
  /* grow the boxes on the path */
  leaf = n;
  n = 0;
  while (n != leaf) {
    const node *l = &w->nodes[w->nodes[n].left], *r = &w->nodes[w->nodes[n].right];
    box bl = l->b, br = r->b;
    double gl, gr;
    int next;
    box_union(&bl, b);
    box_union(&br, b);
    gl = box_area(&bl) - box_area(&l->b);
    gr = box_area(&br) - box_area(&r->b);
    next = (gl < gr || (gl == gr && box_area(&l->b) <= box_area(&r->b)))
               ? w->nodes[n].left : w->nodes[n].right;
    box_union(&w->nodes[n].b, b);
    n = next;
  }
  old = w->nnodes;
  w->nodes[old] = w->nodes[leaf];            /* the old leaf moves */
  w->nodes[old + 1].b = *b;                  /* the new leaf */
  w->nodes[old + 1].left = w->nodes[old + 1].right = -1;
  w->nodes[old + 1].first = w->nprims;
  w->nodes[old + 1].count = 1;
  w->nodes[leaf].left = old;                 /* the leaf becomes inner */
  w->nodes[leaf].right = old + 1;
  w->nodes[leaf].count = 0;
  w->nodes[leaf].first = -1;
  box_union(&w->nodes[leaf].b, b);
  w->nnodes += 2;
  w->prims[w->nprims] = s;
  w->pboxes[w->nprims] = *b;
  w->slots[s].in = IN_TREE;
  w->slots[s].where = w->nprims++;
  w->tree_live++;
  w->inserted++;
  return 0;
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
  } else if (w->nnodes == 0 || tree_insert(w, s) != 0) {
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
  if ((e = collide_polygon_init(&poly, copy, n)) < 0) {
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

/* ---- building the hierarchy ---------------------------------------------- */

/* A shape being sorted into the tree: its centroid, its box (a copy, so
   the build walks one array), its slot. */
typedef struct item { double c[3]; box b; int slot; } item;

/* Reorders it[0..n) so that it[k] has the k-th smallest c[axis], smaller
   or equal keys before it and greater or equal after (quickselect, Hoare
   partition with a median-of-three pivot: equal keys split evenly). */
static void select_kth(item *it, int n, int k, int axis) {
  int lo = 0, hi = n - 1;
  while (hi > lo) {
    int i = lo, j = hi, mid = lo + (hi - lo) / 2;
    double a = it[lo].c[axis], b = it[mid].c[axis], c = it[hi].c[axis];
    double pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
    while (i <= j) {
      while (it[i].c[axis] < pivot) i++;
      while (it[j].c[axis] > pivot) j--;
      if (i <= j) {
        item t = it[i];
        it[i] = it[j];
        it[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/* Builds node ni over it[first, first + n); recursion depth is
   ceil(log2(n / LEAF_SIZE)) + 1 thanks to the median split. Leaves take
   their box from their shapes, inner nodes from their two children. */
static void build_node(collide_world *w, item *it, int first, int n, int ni) {
  node *nd = &w->nodes[ni];
  int i, k, axis, half, left;
  double lo[3], hi[3], spread = -1;
  if (n <= LEAF_SIZE) {
    nd->b = it[first].b;
    for (i = 1; i < n; i++) box_union(&nd->b, &it[first + i].b);
    nd->left = nd->right = -1;
    nd->first = first;
    nd->count = n;
    return;
  }
  for (k = 0; k < 3; k++) lo[k] = hi[k] = it[first].c[k];
  for (i = 1; i < n; i++)
    for (k = 0; k < 3; k++) {
      if (it[first + i].c[k] < lo[k]) lo[k] = it[first + i].c[k];
      if (it[first + i].c[k] > hi[k]) hi[k] = it[first + i].c[k];
    }
  axis = 0;
  for (k = 0; k < 3; k++)
    if (hi[k] - lo[k] > spread) { spread = hi[k] - lo[k]; axis = k; }
  half = n / 2;
  /* all centroids equal: any halving is as good */
  if (spread > 0) select_kth(it + first, n, half, axis);
  left = w->nnodes;
  w->nnodes += 2;
  nd->first = -1;
  nd->count = 0;
  nd->left = left;
  nd->right = left + 1;
  build_node(w, it, first, half, left);
  build_node(w, it, first + half, n - half, left + 1);
  w->nodes[ni].b = w->nodes[left].b;
  box_union(&w->nodes[ni].b, &w->nodes[left + 1].b);
}

int collide_world_build(collide_world *w) {
  int n = w->tree_live + w->npending, i, m = 0, cap_nodes, cap_prims;
  item *it;
  node *nodes;
  int *prims;
  box *pboxes;
  if (w->busy) return LOCKED;
  if (n == 0) {
    w->nnodes = w->nprims = w->dead = w->inserted = w->tree_live = 0;
    return 0;
  }
  /* room for the tree and for insertions until the next rebuild */
  if (n > INT_MAX / 4) return NOMEM;
  cap_nodes = 2 * n + 16;
  cap_prims = n + 16;
  it = (item *)malloc((size_t)n * sizeof *it);
  nodes = (node *)malloc((size_t)cap_nodes * sizeof *nodes);
  prims = (int *)malloc((size_t)cap_prims * sizeof *prims);
  pboxes = (box *)malloc((size_t)cap_prims * sizeof *pboxes);
  if (!it || !nodes || !prims || !pboxes) {
    free(it);
    free(nodes);
    free(prims);
    free(pboxes);
    return NOMEM;
  }
  for (i = 0; i < w->nprims; i++)
    if (w->prims[i] >= 0) it[m++].slot = w->prims[i];
  for (i = 0; i < w->npending; i++) it[m++].slot = w->pending[i];
  for (i = 0; i < m; i++) {
    const box *b = &w->slots[it[i].slot].bounds;
    int k;
    it[i].b = *b;
    for (k = 0; k < 3; k++) it[i].c[k] = 0.5 * b->lo[k] + 0.5 * b->hi[k];
  }
  free(w->nodes);
  free(w->prims);
  free(w->pboxes);
  w->nodes = nodes;
  w->cap_nodes = cap_nodes;
  w->prims = prims;
  w->cap_prims = cap_prims;
  w->pboxes = pboxes;
  w->cap_pboxes = cap_prims;
  w->nnodes = 1;
  build_node(w, it, 0, m, 0);
  for (i = 0; i < m; i++) {
    prims[i] = it[i].slot;
    pboxes[i] = it[i].b;
    w->slots[it[i].slot].in = IN_TREE;
    w->slots[it[i].slot].where = i;
  }
  free(it);
  w->nprims = m;
  w->tree_live = m;
  w->npending = 0;
  w->dead = 0;
  w->inserted = 0;
  return 0;
}

/* Before a query: build when shapes wait, rebuild when the tree decayed.
   Not while another query runs (it is walking the arrays). A failure
   leaves everything as it was, which queries handle. */
static void refresh(collide_world *w) {
  int live = w->tree_live;
  if (w->busy) return;
  if ((w->npending > 0 && (w->nnodes == 0 || w->npending > 8)) ||
      w->inserted > 16 + live / 2 || w->dead > 16 + live / 2)
    (void)collide_world_build(w);
}

/* ---- queries ------------------------------------------------------------- */

enum { Q_SWEEP, Q_RAY, Q_OVERLAP };

typedef struct query {
  int mode;
  double r;
  vec3 c0, c1, d;
  double o[3], inv[3];         /* c0, 1/d (see query_init) */
  int neg[3];                  /* d < 0 on that axis: the slab is entered at hi */
  double grow;                 /* r plus the safety margin */
  double approach;             /* mover: skip hits with d.n >= -approach */
  collide_world_filter filter;
  void *ctx;
  int found, best_id;
  collide_hit best;
  int *ids;                    /* overlap / candidates output */
  int cap, nids;
  int exact;                   /* 0: candidates only */
} query;

static void query_init(query *q, int mode, double r, const vec3 *c0,
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

/* Does the segment c0 + u d, u in [0, 1], meet box b grown by q->grow?
   The slab test (Kay & Kajiya; Ericson 5.3.3), with the near and far
   planes of each slab chosen by the sign of d so that no swap is needed;
   *t is the entry u. */
static int query_box(const query *q, const box *b, double *t) {
  double g = q->grow, t0 = 0, t1 = 1;
  int k;
  for (k = 0; k < 3; k++) {
    double lo = b->lo[k] - g, hi = b->hi[k] + g;
    double tn = ((q->neg[k] ? hi : lo) - q->o[k]) * q->inv[k];
    double tf = ((q->neg[k] ? lo : hi) - q->o[k]) * q->inv[k];
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
static int query_run(collide_world *w, query *q) {
  int i, e = 0;
  refresh(w);
  w->busy++;
  for (i = 0; i < w->nplanes && !e; i++) e = query_shape(w, q, w->planes[i]);
  for (i = 0; i < w->npending && !e; i++) e = query_shape(w, q, w->pending[i]);
  if (w->nnodes > 0 && !e) {
    int stack[STACK_SIZE];
    double tstack[STACK_SIZE];
    int sp = 0;
    double t;
    if (query_box(q, &w->nodes[0].b, &t)) {
      stack[sp] = 0;
      tstack[sp++] = t;
    }
    while (sp > 0 && !e) {
      const node *nd;
      sp--;
      /* a box entered after the best contact holds no better one (equal
         entry: it may hold a lower id) */
      if (q->found && tstack[sp] > q->best.u) continue;
      nd = &w->nodes[stack[sp]];
      if (nd->count > 0) {
        int j;
        for (j = 0; j < nd->count && !e; j++) {
          int s = w->prims[nd->first + j];
          double ts;
          /* the shape's own box first: a slab test costs a tenth of an
             exact sweep */
          if (s < 0 || !query_box(q, &w->pboxes[nd->first + j], &ts) ||
              (q->found && ts > q->best.u))
            continue;
          e = query_shape(w, q, s);
        }
      } else {
        double ta, tb;
        int ha = query_box(q, &w->nodes[nd->left].b, &ta);
        int hb = query_box(q, &w->nodes[nd->right].b, &tb);
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
  query_init(&q, Q_SWEEP, r, c0, c1);
  q.filter = filter;
  q.ctx = ctx;
  if ((e = query_run(w, &q)) < 0) return e;
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
  query_init(&q, Q_RAY, 0, p0, p1);
  q.filter = filter;
  q.ctx = ctx;
  if ((e = query_run(w, &q)) < 0) return e;
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
  query_init(&q, Q_OVERLAP, r, center, center);
  q.ids = ids;
  q.cap = cap < 0 ? 0 : cap;
  (void)query_run(w, &q);
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
  query_init(&q, Q_SWEEP, r, c0, c1);
  q.exact = 0;
  q.ids = ids;
  q.cap = cap < 0 ? 0 : cap;
  (void)query_run(w, &q);
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
  query_init(&q, Q_SWEEP, r, c0, c1);
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
  query_init(&q, Q_RAY, 0, p0, p1);
  return among(w, &q, ids, n, out, id);
}

/* ---- the mover ----------------------------------------------------------- */

void collide_move_options_init(collide_move_options *o) {
  memset(o, 0, sizeof *o);
  o->max_iterations = 4;
  o->response = COLLIDE_RESPONSE_SLIDE;
  o->restitution = 1;
  o->use_up = 0;
  o->up = v3(0, 1, 0);
  o->max_slope = 0.78539816339744830962; /* pi / 4 */
  o->skin = 0;
}

#define MAX_PLANES 8

/*
 * Collide-and-slide (Fauerby, "Improved Collision detection and Response",
 * 2003; the crease rule as in Quake III's PM_SlideMove):
 *
 *   pos = from, rest = to - from
 *   repeat up to max_iterations:
 *     sweep pos -> pos + rest for the first surface the sphere approaches;
 *     none: pos += rest, done.
 *     contact at u with normal n: stop short of it by the skin, measured
 *       along n: u' = u - skin / (-rest.n), never below 0 -- every point of
 *       the sweep before u is free, so pos stays free of overlap;
 *     respond with what is left of the motion:
 *       stop:   done;
 *       bounce: rest = e * reflect(left, n);
 *       slide:  rest = left - (left.n) n; if that walks into a surface met
 *               earlier in this move (normal p: rest.p < 0), move along the
 *               crease line n x p instead; if that still walks into a third
 *               one, stop.
 *
 * The skin is what keeps a resting or sliding sphere from sticking: after
 * a contact the sphere is `skin` off the surface, so sliding parallel to it
 * meets nothing, while pushing into it again meets it at once, stops short
 * by the same skin -- that is, does not move -- and slides: no jitter.
 * A surface met with rest.n >= -approach (moving along or away from it, as
 * when starting in contact and leaving) is not a contact at all; approach
 * is a millionth of the skin, so ignoring such a surface lets the sphere
 * come closer to it than the skin by at most that much. Steps and leftover
 * motions shorter than a hundredth of the skin are rounding and are not
 * taken, so a sphere at rest stays bit-for-bit where it is.
 *
 * Time: each round spends what is left of the step; a contact's u is the
 * moment within the whole step, t += u_round * (1 - t), so the contacts come
 * out in order. grounded looks at every contact, reported or not. A
 * response other than bounce or stop slides.
 */
int collide_world_move_sphere(collide_world *w, double r,
                              const collide_vec3 *from, const collide_vec3 *to,
                              const collide_move_options *opt,
                              collide_world_filter filter, void *ctx,
                              collide_vec3 *position, collide_contact *contacts,
                              int cap, int *ncontacts, int *grounded) {
  vec3 pos, rest, up = v3(0, 0, 0), planes[MAX_PLANES];
  double skin, t = 0, cos_slope = 0;
  int iter, np = 0, nc = 0, ground = 0;
  *ncontacts = 0;
  *grounded = -1;
  CHECK_RADIUS(r, 2);
  CHECK_VEC(from, 3);
  CHECK_VEC(to, 4);
  *position = *from;
  if (opt->max_iterations < 1) return COLLIDE_FAIL(5, COLLIDE_E_BAD_ITERATIONS);
  CHECK_NUM(opt->restitution, 5);
  if (opt->restitution < 0) return COLLIDE_FAIL(5, COLLIDE_E_NEG_RESTITUTION);
  CHECK_NUM(opt->skin, 5);
  if (opt->use_up) {
    CHECK_VEC(&opt->up, 5);
    CHECK_NUM(opt->max_slope, 5);
    if (!(opt->max_slope >= 0 && opt->max_slope <= 3.14159265358979323846))
      return COLLIDE_FAIL(5, COLLIDE_E_BAD_SLOPE);
    up = v_normalize(opt->up);
    if (v_len2(up) == 0) return COLLIDE_FAIL(5, COLLIDE_E_ZERO_NORMAL);
    cos_slope = cos(opt->max_slope);
  }
  skin = opt->skin;
  if (skin <= 0) {
    /* invisible at any scale, yet millions of rounding units */
    double m = max_abs3(from);
    if (max_abs3(to) > m) m = max_abs3(to);
    skin = 1e-4 * r + 1e-9 * (1 + m);
  }
  pos = *from;
  rest = v_sub(*to, *from);
  for (iter = 0; iter < opt->max_iterations; iter++) {
    query q;
    vec3 target, left, n;
    double dn, u;
    int e, i;
    if (rest.x == 0 && rest.y == 0 && rest.z == 0) break;
    target = v_add(pos, rest);
    query_init(&q, Q_SWEEP, r, &pos, &target);
    q.filter = filter;
    q.ctx = ctx;
    q.approach = 1e-6 * skin;
    if ((e = query_run(w, &q)) < 0) return e;
    if (!q.found) {
      pos = target;
      break;
    }
    n = q.best.normal;
    dn = v_dot(rest, n);                          /* < -approach */
    t += q.best.u * (1 - t);
    if (nc < cap) {
      contacts[nc].id = q.best_id;
      contacts[nc].feature = q.best.feature;
      contacts[nc].u = t;
      contacts[nc].point = q.best.point;
      contacts[nc].normal = n;
    }
    nc++;
    if (opt->use_up && v_dot(n, up) >= cos_slope) ground = 1;
    u = q.best.u - skin / -dn;
    /* a step shorter than a hundredth of the skin is rounding: resting
       spheres stay exactly where they are */
    if (u * v_len(rest) > 0.01 * skin) pos = v_lerp(pos, target, u);
    left = v_sub(target, pos);
    if (opt->response == COLLIDE_RESPONSE_STOP) break;
    if (opt->response == COLLIDE_RESPONSE_BOUNCE) {
      rest = v_scale(v_madd(left, n, -2 * v_dot(left, n)), opt->restitution);
      continue;
    }
    /* slide */
    rest = v_madd(left, n, -v_dot(left, n));
    for (i = 0; i < np; i++) {
      if (v_dot(rest, planes[i]) < -q.approach) {
        vec3 dir = v_normalize(v_cross(n, planes[i]));
        int j;
        rest = v_scale(dir, v_dot(left, dir));
        for (j = 0; j < np; j++)
          if (j != i && v_dot(rest, planes[j]) < -q.approach) {
            rest = v3(0, 0, 0);
            break;
          }
        break;
      }
    }
    /* what is left is rounding: stop rather than creep */
    if (v_len(rest) <= 0.01 * skin) break;
    if (np == MAX_PLANES) {
      memmove(planes, planes + 1, (MAX_PLANES - 1) * sizeof *planes);
      np--;
    }
    planes[np++] = n;
  }
  *position = pos;
  *ncontacts = nc < cap ? nc : cap;
  if (opt->use_up) *grounded = ground;
  return 0;
}

/* ---- pairs among many moving spheres ------------------------------------- */

/* Sort and sweep (Baraff's thesis, 1992; Ericson 7.5.1) over the boxes that
   bound each sphere's whole motion: sorted by their low x, each box is
   compared only with the boxes that start before it ends on x, then on y
   and z, and the survivors get the exact collide_sweep_sphere_sphere. The
   boxes are grown by a margin far above rounding so that no pair the exact
   test accepts is lost. O(n log n + pairs + x-overlaps). */
typedef struct pair_item { box b; int k; } pair_item;

static int cmp_item_lox(const void *a, const void *b) {
  const pair_item *x = (const pair_item *)a, *y = (const pair_item *)b;
  if (x->b.lo[0] < y->b.lo[0]) return -1;
  if (x->b.lo[0] > y->b.lo[0]) return 1;
  return (x->k > y->k) - (x->k < y->k);
}

static int cmp_pair(const void *a, const void *b) {
  const collide_pair *x = (const collide_pair *)a, *y = (const collide_pair *)b;
  if (x->i != y->i) return (x->i > y->i) - (x->i < y->i);
  return (x->j > y->j) - (x->j < y->j);
}

unsigned long collide_sweep_pairs_scratch_size(int n) {
  return n > 0 ? (unsigned long)n * (unsigned long)sizeof(pair_item) : 0;
}

int collide_sweep_pairs(int n, const double *radii, const collide_vec3 *starts,
                        const collide_vec3 *ends, void *scratch,
                        collide_pair *out, int cap) {
  pair_item *it = (pair_item *)scratch;
  int a, b, k, count = 0;
  for (k = 0; k < n; k++) {
    vec3 p[2];
    double m, g;
    int i;
    CHECK_RADIUS(radii[k], 1);
    CHECK_VEC(&starts[k], 2);
    CHECK_VEC(&ends[k], 3);
    p[0] = starts[k];
    p[1] = ends[k];
    box_of_points(&it[k].b, p, 2);
    m = max_abs3(&starts[k]);
    if (max_abs3(&ends[k]) > m) m = max_abs3(&ends[k]);
    g = radii[k] + 1e-7 * (1 + radii[k] + m);
    for (i = 0; i < 3; i++) {
      it[k].b.lo[i] -= g;
      it[k].b.hi[i] += g;
    }
    it[k].k = k;
  }
  if (n > 1) qsort(it, (size_t)n, sizeof *it, cmp_item_lox);
  for (a = 0; a < n; a++) {
    for (b = a + 1; b < n && it[b].b.lo[0] <= it[a].b.hi[0]; b++) {
      collide_interval iv;
      int i = it[a].k, j = it[b].k;
      if (it[b].b.lo[1] > it[a].b.hi[1] || it[a].b.lo[1] > it[b].b.hi[1] ||
          it[b].b.lo[2] > it[a].b.hi[2] || it[a].b.lo[2] > it[b].b.hi[2])
        continue;
      if (i > j) { int x = i; i = j; j = x; }
      if (collide_sweep_sphere_sphere(radii[i], &starts[i], &ends[i], radii[j],
                                      &starts[j], &ends[j], &iv) != 1)
        continue;
      if (count < cap) {
        out[count].i = i;
        out[count].j = j;
        out[count].u0 = iv.u0;
      }
      count++;
    }
  }
  if (count <= cap && count > 1) qsort(out, (size_t)count, sizeof *out, cmp_pair);
  return count;
}
