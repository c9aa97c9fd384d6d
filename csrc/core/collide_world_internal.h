/*
 * collide_world_internal.h -- what the world's files share (not installed,
 * not part of the API): the shape slots, the hierarchy's nodes, the world
 * struct and the query state.
 *
 *   collide_world.c   lifetime, shapes, ids (the design notes are there)
 *   collide_tree.c    building and updating the hierarchy
 *   collide_query.c   sweeps, rays and overlaps over the world
 *   collide_mover.c   collide-and-slide
 *   collide_pairs.c   pairs among many moving spheres
 */
#ifndef COLLIDE_WORLD_INTERNAL_H
#define COLLIDE_WORLD_INTERNAL_H

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

/* Grows *p (elements of size sz) to hold at least need; 0 or NOMEM.
   GROW passes the array through a void * (no int ** as void ** aliasing). */
#define GROW(e, arr, cap, need) do { void *p_ = (arr); \
    (e) = collide__grow(&p_, &(cap), (need), sizeof *(arr)); (arr) = p_; } while (0)
COLLIDE_PRIVATE int collide__grow(void **p, int *cap, int need, size_t sz);

static inline double vc(const vec3 *v, int k) { return k == 0 ? v->x : (k == 1 ? v->y : v->z); }

static inline void box_of_points(box *b, const vec3 *p, int n) {
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
static inline void box_around(box *b, vec3 center, vec3 half) {
  vec3 p[2];
  p[0] = v_sub(center, half);
  p[1] = v_add(center, half);
  box_of_points(b, p, 2);
}

static inline void box_union(box *a, const box *b) {
  int k;
  for (k = 0; k < 3; k++) {
    if (b->lo[k] < a->lo[k]) a->lo[k] = b->lo[k];
    if (b->hi[k] > a->hi[k]) a->hi[k] = b->hi[k];
  }
}

/* Surface area, for the insertion heuristic; a flat box (2D worlds) still
   orders by its area. */
static inline double box_area(const box *b) {
  double x = b->hi[0] - b->lo[0], y = b->hi[1] - b->lo[1], z = b->hi[2] - b->lo[2];
  return x * y + y * z + z * x;
}

static inline double max_abs3(const vec3 *v) {
  double m = fabs(v->x);
  if (fabs(v->y) > m) m = fabs(v->y);
  if (fabs(v->z) > m) m = fabs(v->z);
  return m;
}

/* Re-encodes an error of a single-shape function as one of another Lua
   argument position. */
static inline int reargue(int code, int arg) {
  return COLLIDE_FAIL(arg, collide_error_reason(code));
}

/* ---- between the files ---------------------------------------------------- */

/* collide_tree.c: inserts slot s into the built tree (0, or -1 when the
   tree is too deep: the caller keeps s pending); before a query, builds
   or rebuilds the tree when it is due. */
COLLIDE_PRIVATE int collide__tree_insert(collide_world *w, int s);
COLLIDE_PRIVATE void collide__tree_refresh(collide_world *w);

/* collide_query.c: the state of one query over the world. */
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

COLLIDE_PRIVATE void collide__query_init(query *q, int mode, double r,
                                         const vec3 *c0, const vec3 *c1);
/* Runs q over the world: 1 (q->best, q->best_id), 0, or <0. */
COLLIDE_PRIVATE int collide__query_run(collide_world *w, query *q);

#endif
