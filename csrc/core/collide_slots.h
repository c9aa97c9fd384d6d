/*
 * collide_slots.h -- what every file of the world stands on (not
 * installed, not part of the API): the shape slots, the hierarchy's
 * nodes, the world struct, the id table, growing arrays (collide__grow,
 * collide_slots.c) and the box helpers. It declares no function of the
 * files above it; each of them has a header of its own:
 *
 *   collide_tree.h         the dynamic and static hierarchies (collide_tree.c)
 *   collide_contact.h      a moving shape against one shape: the exact
 *                          test and its penetration (collide_contact.c)
 *   collide_spin.h         against a spinning convex shape (collide_spin.c)
 *   collide_query.h        a query over the whole world (collide_query.c)
 *   collide_penetration.h  penetrations and the push-out
 *                          (collide_penetration.c)
 *   collide_sensor.h       the sensors' events (collide_sensor.c)
 *   collide_world_internal.h  all of them, with what collide_world.c and
 *                          collide_pairs.c offer the mover and the tests
 */
#ifndef COLLIDE_SLOTS_H
#define COLLIDE_SLOTS_H

#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include "collide_sphere.h"
#include "collide_convex_internal.h"

#ifndef STACK_SIZE
#define STACK_SIZE 256   /* > height of the hierarchy: a median build of
                            INT_MAX shapes is 31 deep, and insertion keeps
                            the tree balanced (AVL rotations) to ~1.44 log2 n */
#endif

/* Where a shape lives: not yet filed, the dynamic tree, the planes, or
   the static hierarchy (shapes never changed since they were built). */
enum { IN_NONE = 0, IN_PENDING, IN_TREE, IN_PLANES, IN_STATIC };

typedef struct box { double lo[3], hi[3]; } box;

/* A convex shape of the world (COLLIDE_SHAPE_CONVEX): one allocation, owned
   by the world, holding the rotation as it was given (w:get gives it
   back; the kernels take it), its matrix (collide__rotation_matrix: the
   box, the ray and the depths turn the hull by it, as the kernels do),
   and then the copy of the hull's block (collide_convex_copy), bytes long,
   at CVX_HEAD. */
typedef struct collide__cvx {
  collide_rotation rot;
  vec3 R[3];
  int bytes;
  int spinning;            /* w:set_spin: turns by spin during a step */
  collide_rotation spin;   /* as given (angle 0 when none) */
} collide__cvx;
#define CVX_HEAD ((sizeof(collide__cvx) + 15) & ~(size_t)15)
static inline const collide_convex *cvx_hull(const collide__cvx *c) {
  return (const collide_convex *)(const void *)((const char *)c + CVX_HEAD);
}

/* 1 when slot *s is a convex shape that turns during a step (w:set_spin;
   collide_spin.c). */
#define SHAPE_SPINS(s) ((s)->kind == COLLIDE_SHAPE_CONVEX && (s)->g.cvx.c->spinning)

/* The fields a query's exact test reads come first, together (a ray's
   test of a triangle reads the first 120 bytes). */
typedef struct shape {
  int id;        /* 0: free slot */
  int kind;      /* COLLIDE_SHAPE_* */
  int layers;    /* layer bits, default 1 */
  int moving;    /* index in w->moving, -1 when the velocity is zero */
  vec3 tn;       /* triangle: its unit normal, as collide_sphere.c's
                    triangle_normal computes it (the ray's early out) */
  double tscale; /* triangle: the largest |coordinate| of its vertices */
  union {
    struct { vec3 a, b, c; } tri;
    struct { vec3 a, b; } seg;
    struct { vec3 a, b; double r; } cap;
    struct { vec3 center, extents; } aabb;
    struct { vec3 center; double r; } sphere;
    collide_plane plane;
    collide_polygon poly;   /* vertices owned by the world */
    struct { vec3 pos; collide__cvx *c; } cvx;   /* the frame's origin;
                                                    owned by the world */
  } g;
  vec3 vel;      /* moves by vel during a step */
  box bounds;    /* at its place (u = 0), padded (see shape_bounds) */
  int in;        /* IN_* */
  int where;     /* IN_PENDING: index in pending; IN_TREE: its leaf node;
                    IN_PLANES: index in planes; IN_STATIC: 4 * its wide
                    node + its lane; free slot: next free slot */
  int changed;   /* re-placed or given a velocity since it was added: a
                    build files it in the dynamic tree, not the static
                    hierarchy */
  int sensor;    /* index in w->sensors, -1 for a shape that is no sensor */
} shape;

/* A node of the hierarchy. A leaf holds one shape (slot >= 0, left = -1);
   an inner node has two children and slot = -1. Its box contains the
   boxes below it; a leaf's box contains its shape's swept box (bounds and
   bounds + vel), enlarged for shapes that were re-placed (see
   collide_tree.c). parent is -1 at the root; on the free list it links
   the free nodes. */
typedef struct node {
  box b;
  int parent, left, right;
  int slot;
  int height;    /* 0 for a leaf */
  int layers;    /* the layer bits of every shape below (a mask that
                    meets none of them skips the subtree) */
} node;

/* What a query reads of an inner node, one cache line: its two children's
   boxes in floats rounded outward (so still containing the shapes), and
   the children: a node index >= 0, or ~slot for a leaf (the query then
   never loads the leaf's node). Kept in step with the nodes by
   collide_tree.c (sync_hot); a leaf's entry is unused. */
typedef struct hot_node {
  float b[2][2][3];        /* [child][0 lo, 1 hi][axis] */
  int child[2];
  int layers[2];           /* the children's node layers */
} hot_node;

/* A node of the static hierarchy (collide_tree.c): up to four children,
   their boxes in floats rounded outward, by axis and lane (so one SSE2
   load takes a plane of all four), and the children: a wide node index
   > 0 or ~slot for a shape; 0 (the root, nobody's child) marks a lane
   that is empty or held a shape that has since left (changed or
   removed). An empty lane's box is inverted (lo +inf, hi -inf), which no
   query meets. layers[i]: the layer bits of every shape below lane i (0
   for an empty lane; a superset once a shape left), so a masked query
   skips a lane whose shapes share no bit with its mask, as the dynamic
   tree's node layers do. */
typedef struct wide_node {
  float b[2][3][4];        /* [0 lo, 1 hi][axis][lane] */
  int child[4];
  int layers[4];
} wide_node;

/* A triangle of the static hierarchy as a ray's test reads it (see
   collide_query.c, static_shape): kept in the hierarchy's leaf order,
   128 bytes aligned to 64 (two cache lines), next to the triangles of
   the same node, instead of the 208-byte slot. Everything is computed
   from the slot's vertices by the operations collide_raycast_triangle
   uses (its decision would not change with other roundings of S: see
   mt_decide in collide_sphere.h). A lane holding one
   has child ~(STATIC_TRI + its index); other lanes holding a shape keep
   ~slot (slots stay below 2^30: collide__grow). */
#define STATIC_TRI (1 << 30)
typedef struct static_tri {
  vec3 a, e1, e2;    /* a, b - a, c - a */
  double e11, e22;   /* |e1|^2, |e2|^2 */
  double mab[2], mc[2];  /* the magnitude sums of a, b and of c, as
                            collide_raycast_triangle's fused check adds
                            them (see tri_mag in collide_tree.c) */
  int id, slot;
} static_tri;

/* The sensors' pass of advance (collide_sensor.c): a fixed sensor, its
   box and slot; a node of the hierarchy of them built for a step, its box
   holding those below it, and either two children (count 0: nodes first
   and first + 1) or count sensors (sensor_work[first .. first + count)). */
typedef struct sensor_box {
  box b;
  int slot;
  int cell;      /* the grid's cell of its lower corner; -1: a big one */
} sensor_box;
typedef struct sensor_node {
  box b;
  int first, count;
} sensor_node;

struct collide_world {
  shape *slots;
  int nslots, cap_slots;
  int free_slot;          /* head of the free-slot chain, -1 when none */
  int **id_pages;         /* id -> slot, by pages of ID_PAGE ids: page
                             id >> ID_PAGE_BITS holds slot or -1 (removed)
                             at id & (ID_PAGE - 1); NULL once every id of
                             the page was given and removed (its memory
                             comes back: ids are never reused, so a table
                             indexed by id alone would grow for ever) */
  int *page_live;         /* live ids in each page */
  int npages;             /* pages in the directory */
  int next_id;
  int count;
  int *pending;           /* slots not yet in the tree (no planes) */
  int npending, cap_pending;
  int *planes;
  int nplanes, cap_planes;
  int *moving;            /* slots with a nonzero velocity */
  int nmoving, cap_moving;
  node *nodes;
  int nnodes, cap_nodes;  /* nodes[0 .. nnodes) used or free */
  hot_node *hot;          /* hot[i] mirrors inner node i for queries */
  int cap_hot;
  int root;               /* -1 when the tree is empty */
  int free_node;          /* head of the free-node chain, -1 when none */
  int tree_live;          /* shapes in the tree */
  int inserted;           /* new shapes inserted since the last build */
  int moved_in;           /* shapes that left the static hierarchy for the
                             tree, one insertion each, since its build */
  wide_node *wide;        /* the static hierarchy, root wide[0] */
  int nwide, cap_wide;
  int *wide_up;           /* wide node n > 0: 4 * its parent + its lane
                             there (set_layers walks up with it) */
  int cap_wide_up;
  static_tri *stri;       /* the static triangles, in leaf order (aligned
                             to 64 inside stri_mem) */
  void *stri_mem;
  int nstri, cap_stri;
  int static_live;        /* shapes in it */
  int static_dead;        /* lanes of shapes that left it since its build */
  int busy;               /* queries running (a filter may query again) */
  int *sensors;           /* the slots of the sensors (collide_sensor.c) */
  int nsensors, cap_sensors;
  collide_sensor_event *events;   /* recorded, not yet taken */
  int nevents, cap_events;
  /* the sensors' pass of advance and move_shape (collide_sensor.c), kept
     from step to step, so that a step allocates nothing once they have
     grown: the fixed sensors' boxes, the hierarchy of them and its order
     of them (kept while they stay the same), a query's ids */
  sensor_box *sensor_boxes;
  sensor_node *sensor_nodes;
  int *sensor_order;
  int *sensor_cell;       /* where each cell's sensors start in */
  int *sensor_entry;      /* the lists of the cells' sensors, and */
  int *sensor_big;        /* the sensors of many cells */
  int *sensor_work;
  double sensor_origin[2], sensor_inv[2];   /* the grid's cells'
                                               coordinates */
  unsigned long long sensor_cover[64];   /* a bit a cell with sensors */
  int sensor_axis[2];     /* the grid (collide_sensor.c): its two axes */
  int sensor_built;       /* fixed sensors in the hierarchy: it holds
                             sensor_boxes[0 .. sensor_built) */
  int nsensor_big;
  /* (the capacities together, after the pointers: no padding between) */
  int cap_sensor_boxes, cap_sensor_nodes, cap_sensor_order, cap_sensor_cell;
  int cap_sensor_entry, cap_sensor_big, cap_sensor_work;
};

/* The id table's page: 4096 ids (16 KB). */
#define ID_PAGE_BITS 12
#define ID_PAGE (1 << ID_PAGE_BITS)

/* The slot of a live id, or -1: O(1), two loads. */
static inline int collide__slot_of(const collide_world *w, int id) {
  const int *page;
  if (id <= 0 || id >= w->next_id) return -1;
  page = w->id_pages[id >> ID_PAGE_BITS];
  return page ? page[id & (ID_PAGE - 1)] : -1;
}

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

static inline int box_contains(const box *outer, const box *inner) {
  int k;
  for (k = 0; k < 3; k++)
    if (inner->lo[k] < outer->lo[k] || inner->hi[k] > outer->hi[k]) return 0;
  return 1;
}

/* Surface area (half of it), the cost of the insertion heuristic; a flat
   box (2D worlds) still orders by its area. */
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

/* The box a shape occupies over a step: bounds and bounds + vel. */
static inline void shape_swept_box(const shape *s, box *b) {
  int k;
  *b = s->bounds;
  if (s->moving < 0) return;
  for (k = 0; k < 3; k++) {
    double d = vc(&s->vel, k);
    if (d < 0) b->lo[k] += d;
    else b->hi[k] += d;
  }
}

/* The magnitude sums of a static triangle (t->mab, t->mc), and the sum S
   of every magnitude of a segment p0-p1 and the triangle, from
   acc01 = mag_add2(mag_start(0), p0, p1) (mt_get adds them in another
   order; mt_decide's margins make that immaterial). */
static inline void tri_mag(static_tri *t, const vec3 *a, const vec3 *b, const vec3 *c) {
#if defined(__SSE2__)
  _mm_storeu_pd(t->mab, mag_add2(mag_start(0), a, b));
  _mm_storeu_pd(t->mc, mag_add(mag_start(0), c));
#else
  t->mab[0] = mag3(a);
  t->mab[1] = mag3(b);
  t->mc[0] = mag3(c);
  t->mc[1] = 0;
#endif
}
static inline double tri_S(mag_acc acc01, const static_tri *t) {
#if defined(__SSE2__)
  return mag_total(_mm_add_pd(_mm_add_pd(acc01, _mm_loadu_pd(t->mab)), _mm_loadu_pd(t->mc)));
#else
  return ((acc01 + t->mab[0]) + t->mab[1]) + t->mc[0];
#endif
}

#endif
