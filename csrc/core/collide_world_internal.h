/*
 * collide_world_internal.h -- what the world's files share (not installed,
 * not part of the API): the shape slots, the hierarchy's nodes, the world
 * struct, and the one query path every world query and the mover use.
 *
 *   collide_world.c   lifetime, shapes, ids, update/velocity/layers
 *                     (the design notes are there)
 *   collide_tree.c    the dynamic hierarchy: bulk build, insert, remove,
 *                     re-place
 *   collide_query.c   sweeps, rays and overlaps over the world, for every
 *                     moving shape (sphere, box, capsule, convex, point)
 *   collide_mover.c   collide-and-slide
 *   collide_pairs.c   pairs among many moving spheres
 *
 * The interface the mover uses is at the end: "for the mover".
 */
#ifndef COLLIDE_WORLD_INTERNAL_H
#define COLLIDE_WORLD_INTERNAL_H

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

/* ---- between the files ---------------------------------------------------- */

/* collide_world.c: the bytes the world holds (its arrays' capacities, the
   id table's pages, polygons' vertices), for the tests. */
COLLIDE_PRIVATE size_t collide__world_bytes(const collide_world *w);

/* collide_pairs.c: collide_sweep_pairs with its pair limit (at most
   INT_MAX - 1) as an argument, for the tests. */
COLLIDE_PRIVATE int collide__sweep_pairs(int n, const double *radii,
                                         const collide_vec3 *starts,
                                         const collide_vec3 *ends, void *scratch,
                                         collide_pair *out, int cap, int limit);

/* collide_tree.c. Room for the nodes of every shape is reserved by
   collide__tree_reserve before a shape gets a slot, so insertion cannot
   fail. */
COLLIDE_PRIVATE int collide__tree_reserve(collide_world *w, int extra_shapes);
/* Inserts slot s (tree box: its swept box, enlarged when fat != 0). */
COLLIDE_PRIVATE void collide__tree_insert(collide_world *w, int s, int fat);
COLLIDE_PRIVATE void collide__tree_remove(collide_world *w, int s);
/* After slot s in the tree changed place or velocity: re-inserts it with
   an enlarged box when its swept box left its leaf's box, else nothing.
   before: its tight box before the change (its step is predicted to go
   on), or NULL. */
COLLIDE_PRIVATE void collide__tree_moved(collide_world *w, int s, const box *before);
/* After slot s's layer bits changed: the unions above it (the dynamic
   tree's or the static hierarchy's). */
COLLIDE_PRIVATE void collide__tree_layers(collide_world *w, int s);
/* Before a query: files pending shapes (insert a few, or rebuild), and
   rebuilds a tree that decayed. Not while another query runs. */
COLLIDE_PRIVATE void collide__tree_refresh(collide_world *w);

/* ---- the query path (collide_query.c) --------------------------------------
 *
 * Every world query -- the sweeps of the three moving shapes, rays, ray
 * lists, overlaps, and the mover's rounds -- is one `query` run by
 * collide__query_run: the hierarchy walked nearest-first with the moving
 * shape's box, each candidate given the exact single-shape function for
 * (moving shape, obstacle kind), against the obstacle's relative motion.
 */

/* What moves. A point is a ray (mode Q_RAY). */
enum { MOVER_POINT = 0, MOVER_SPHERE, MOVER_AABB, MOVER_CAPSULE, MOVER_CONVEX };

typedef struct collide__mover {
  int kind;      /* MOVER_* */
  double r;      /* sphere, capsule */
  vec3 e;        /* box half-extents */
  vec3 axis;     /* capsule: the segment is c - axis .. c + axis */
  /* convex: the hull, its rotation as the kernels take it, and the rows
     of its matrix (collide__rotation_matrix: the kernels' own matrix) for
     the support function; e is then the half-size of the turned hull's
     box about its frame's origin (the broadphase's) */
  const collide_convex *hull;
  collide_rotation rot;
  vec3 R[3];
} collide__mover;

/* A convex mover of hull h turned by q: 0 with *m filled (its rows and the
   half-size of its box), or the reason the rotation is refused. */
static inline int collide__convex_mover(collide__mover *m, const collide_convex *h,
                                        const collide_rotation *q) {
  int e, i, k;
  memset(m, 0, sizeof *m);
  m->kind = MOVER_CONVEX;
  m->hull = h;
  m->rot = *q;
  if ((e = collide__rotation_matrix(q, m->R)) != 0) return e;
  for (i = 0; i < h->vertex_count; i++)
    for (k = 0; k < 3; k++) {
      double x = fabs(v_dot(m->R[k], h->vertices[i]));
      if (k == 0 && x > m->e.x) m->e.x = x;
      if (k == 1 && x > m->e.y) m->e.y = x;
      if (k == 2 && x > m->e.z) m->e.z = x;
    }
  return 0;
}

/* How far the convex mover m reaches from its frame's origin along d
   (any length): its support function, max over its corners of (R v).d,
   taken as v.(R^T d) as the kernels take it. */
static inline double collide__convex_support(const collide__mover *m, vec3 d) {
  const collide_convex *h = m->hull;
  vec3 l = cvx_unturn(m->R, d);
  double best = v_dot(h->vertices[0], l);
  int i;
  for (i = 1; i < h->vertex_count; i++) {
    double t = v_dot(h->vertices[i], l);
    if (t > best) best = t;
  }
  return best;
}

/* The capsule a-b of radius r as a query shape, centred at *c (the
   overlap and penetration queries take it by its ends). */
static inline collide__mover collide__capsule_query(const collide_vec3 *a,
                                                    const collide_vec3 *b,
                                                    double r, vec3 *c) {
  collide__mover m;
  memset(&m, 0, sizeof m);
  m.kind = MOVER_CAPSULE;
  m.r = r;
  m.axis = v_scale(v_sub(*b, *a), 0.5);
  *c = v_scale(v_add(*a, *b), 0.5);
  return m;
}

/* Q_SWEEP: first contact (q->best, q->best_id). Q_RAY: first contact of
   the segment. Q_RAY_ALL: every contact of the segment (q->hits).
   Q_OVERLAP: every shape touching the mover at c0 (q->ids). */
enum { Q_SWEEP, Q_RAY, Q_OVERLAP, Q_RAY_ALL };

/* The mover's filter: called with the hit a shape would give (relative to
   the query: u, point at the moment, normal toward the mover); returns 1
   to take it, 0 to skip the shape for this query, or <0 to abort. It runs
   after the mask and before q->filter; it may not change the world. */
typedef int (*collide__contact_filter)(void *ctx, int id, const collide_hit *h);

typedef struct query {
  int mode;
  collide__mover m;
  vec3 c0, c1, d;
  double o[3], inv[3];         /* c0, 1/d (see query_init) */
  int neg[3];                  /* d < 0 on that axis: the slab is entered at hi */
  double grow[3];              /* the mover's half-size plus the margin */
  double near_off[3], far_off[3];  /* o + grow (for lo), o - grow (for hi) */
  double ray_scale;            /* the largest |coordinate| of c0 and c1 */
  double plane_off[2][3];      /* [0 near, 1 far]: the offset of the plane
                                  a slab is entered (left) at: near_off
                                  for lo, far_off for hi */
  double approach;             /* < 0: off; else skip hits whose relative
                                  motion d' has d'.n >= -approach */
  int mask;                    /* < 0: every shape */
  int skip_id;                 /* a shape the query does not see (the
                                  shape moved by collide_world_move_shape),
                                  0 for none; checked before any exact
                                  test, so it costs a compare per shape */
  double t0;                   /* the moment in the step the query starts:
                                  a moving shape is at place + t0 * velocity
                                  at u = 0 (0; the mover's later rounds) */
  collide_world_filter filter; /* the public filter, may be NULL */
  void *ctx;
  collide__contact_filter contact_filter;  /* may be NULL */
  void *contact_ctx;
  int found, best_id;
  collide_hit best;
  int *ids;                    /* Q_OVERLAP / candidates output */
  collide_penetration *pens;   /* Q_OVERLAP: the penetrations instead of
                                  ids, when not NULL (collide_penetration.c) */
  collide_hit *pen_hits;       /* and their contacts, when not NULL */
  struct collide__tie *ties;   /* Q_SWEEP, when not NULL: the contacts
                                  other than the best within tie_u of it
                                  (at most cap_ties, the earliest) */
  int cap_ties, nties;
  double tie_u;                /* 0 unless ties are listed */
  collide_world_hit *hits;     /* Q_RAY_ALL output */
  int cap, nids;
  int exact;                   /* 0: candidates only */
  int sensors;                 /* sees sensors: 1 for the public overlap
                                  and penetration queries, 0 for every
                                  other (sensors block nothing) */
} query;

/* A contact met within q->tie_u of the best one (q->ties). */
typedef struct collide__tie { collide_hit h; int id; } collide__tie;

/* A sphere of radius r (a point for Q_RAY). */
COLLIDE_PRIVATE void collide__query_init(query *q, int mode, double r,
                                         const vec3 *c0, const vec3 *c1);
/* Any mover. */
COLLIDE_PRIVATE void collide__query_init_mover(query *q, int mode,
                                               const collide__mover *m,
                                               const vec3 *c0, const vec3 *c1);
/* Runs q over the world: 0, or a filter's abort value (<0). */
COLLIDE_PRIVATE int collide__query_run(collide_world *w, query *q);

/* The exact test of the moving shape m (kind as q->m: a capsule of zero
   axis is a sphere) from c0 to c1 against the fixed shape s, as every
   query makes it: 1 with *h, or 0. */
COLLIDE_PRIVATE int collide__mover_test(const shape *s, const collide__mover *m,
                                        const vec3 *c0, const vec3 *c1,
                                        collide_hit *h);

/* ---- spinning convex shapes (collide_spin.c) ----------------------------
 * collide__spin_test: the moving shape m from c0 to c1, over the moments
 * t0 .. 1 of the step, against the spinning convex shape s (SHAPE_SPINS),
 * which moves by its velocity and turns by its spin during the step: 1
 * with *h (the point on s at the moment u, the normal toward the mover,
 * s's feature), or 0. collide__spin_motion: where the point p of s (at
 * the moment t0) is carried by the moment 1, less p: its velocity and
 * its turn; collide__spin_motion_to: the same by the moment t1. */
COLLIDE_PRIVATE int collide__spin_test(const shape *s, const collide__mover *m,
                                       const vec3 *c0, const vec3 *c1, double t0,
                                       collide_hit *h);
COLLIDE_PRIVATE vec3 collide__spin_motion(const shape *s, vec3 p, double t0);
COLLIDE_PRIVATE vec3 collide__spin_motion_to(const shape *s, vec3 p, double t0, double t1);
/* The velocity (per step) of the point p of s at the moment tau: its
   velocity plus its turn's, omega x (p - its origin at tau). */
COLLIDE_PRIVATE vec3 collide__spin_velocity(const shape *s, vec3 p, double tau);

/* The convex shape A turned by rot, its frame's origin moving from c0 to
   c1, against the fixed shape s (any kind, a convex one too): the
   collide_sweep_convex_* kernel of s's kind, 1 with *h, 0, or <0 (the
   kernel's). For sensors and for the convex movers (w:sweep_convex,
   w:move_convex, move_shape of a convex shape). */
COLLIDE_PRIVATE int collide__convex_test(const collide_convex *A,
                                         const collide_rotation *rot,
                                         const vec3 *c0, const vec3 *c1,
                                         const shape *s, collide_hit *h);

/* The penetration of the convex shape A (rot, at pos) in the shape s:
   collide__penetration_convex_* for s's kind (collide_convex_penetration.c).
   1 with *h and *depth, 0 apart, <0. */
COLLIDE_PRIVATE int collide__convex_penetration(const collide_convex *A,
                                                const collide_rotation *rot,
                                                const vec3 *pos, const shape *s,
                                                collide_hit *h, double *depth);

/* ---- penetrations (collide_penetration.c) ----------------------------------
 *
 * collide__penetration_of: the penetration of the mover m held at c in
 * shape s, from the contact h that collide__mover_test(s, m, c, c) gave
 * (its normal is the direction of the shortest separating translation;
 * the 2D rule may replace it, and *h with it): writes id, normal and
 * depth into *out. */
COLLIDE_PRIVATE void collide__penetration_of(const shape *s,
                                             const collide__mover *m,
                                             const vec3 *c, collide_hit *h,
                                             collide_penetration *out);

/* 1 when m held at c certainly does not touch shape s (a quick, exact
   test the overlap queries make before the exact one: a triangle whose
   plane is clearly beyond the mover's extent along its normal), else 0. */
COLLIDE_PRIVATE int collide__overlap_rejects(const shape *s,
                                             const collide__mover *m,
                                             const vec3 *c);

/* The penetration of m at c in the shape in slot (at its place): 1 with
   *out (and the contact *h), 0 when they do not touch. */
COLLIDE_PRIVATE int collide__penetration_slot(const collide_world *w, int slot,
                                              const collide__mover *m,
                                              const vec3 *c, collide_hit *h,
                                              collide_penetration *out);

/* Every shape but skip_id (mask: layer bits, < 0 all; filter/ctx may be
   NULL) that m held at c touches, with its penetration and its u = 0
   contact (hits, may be NULL): how many, or <0 (a filter's abort value);
   when that is at most cap, the list is sorted by id (else cap of them,
   in no order). */
COLLIDE_PRIVATE int collide__penetrations(collide_world *w,
                                          const collide__mover *m,
                                          const vec3 *c, int skip_id, int mask,
                                          collide_world_filter filter, void *ctx,
                                          collide_penetration *out,
                                          collide_hit *hits, int cap);

/* The push-out of a mover that starts overlapping (the mover's hook):
 * keep(ctx, id, normal) says for a shape m overlaps, with the normal of
 * the push out of it, whether to push out of it (1), not (0), or abort
 * (<0). skip_id: the mover's own world shape, or 0 (move_shape).
 * From c, rounds of: every shape kept that m overlaps by more than
 * tol is a constraint "the displacement D moves m out of it by skin along
 * its normal"; D is the shortest displacement meeting all constraints
 * found so far (separate). See collide_penetration.c for the proof that
 * it ends. Writes *to (c + D, or c + D scaled to max_push when D is
 * longer), and the shapes m overlapped at c into start (their
 * penetrations, ascending ids, at most cap; *nstart of them) with their
 * contacts in start_hits. Returns 1 clear (or pushed by max_push toward
 * clear), 0 stuck (no such D: *to = c), or <0. */
typedef int (*collide__push_keep)(void *ctx, int id, const vec3 *normal);
COLLIDE_PRIVATE int collide__push_out(collide_world *w, const collide__mover *m,
                                      const vec3 *c, int skip_id, int mask,
                                      collide_world_filter filter, void *fctx,
                                      collide__push_keep keep, void *kctx,
                                      double skin, double tol, double max_push,
                                      collide_penetration *start,
                                      collide_hit *start_hits, int cap,
                                      int *nstart, vec3 *to);

/* ---- sensors (collide_sensor.c) --------------------------------------------
 *
 * The path of a shape moved by move_shape: its centre at moments t[0] = 0
 * <= t[1] <= ... <= t[n-1] = 1 of the step, moving linearly between them
 * (a step up or a push is a segment of no duration). */
#define PATH_MAX_POINTS 64
typedef struct collide__path {
  vec3 p[PATH_MAX_POINTS];
  double t[PATH_MAX_POINTS];
  int n;
} collide__path;

/* Adds a point (t, p); a full path keeps its last point moving (the
   last segments then merge into one). */
static inline void collide__path_add(collide__path *path, double t, vec3 p) {
  if (!path) return;
  if (path->n == PATH_MAX_POINTS) path->n--;
  path->t[path->n] = t;
  path->p[path->n] = p;
  path->n++;
}

/* Records the events of a step of advance: the shapes at their places,
   before they move. 0 or NOMEM (nothing recorded then). */
COLLIDE_PRIVATE int collide__sensor_advance(collide_world *w);
/* Records the events of move_shape: shape slot s moved along path (its
   centre; its place before the move is its geometry in the slot). */
COLLIDE_PRIVATE int collide__sensor_path(collide_world *w, int s,
                                         const collide__path *path);
/* Takes slot s off the sensors' list (removal). */
COLLIDE_PRIVATE void collide__sensor_unlist(collide_world *w, int s);

/* ---- for the mover (collide_mover.c) ---------------------------------------
 *
 * collide__world_sweep: sweeps the mover m from c0 to c1 against every
 * shape of the world, each at its place plus u * its velocity (the relative
 * motion is swept exactly, so nothing tunnels through a fast platform).
 *   mask       < 0 for all shapes, else layer bits (applied first)
 *   approach   < 0 off; else a surface met with d'.n >= -approach, where
 *              d' = (c1 - c0) - velocity is the relative motion, is not a
 *              contact (moving along or away from it)
 *   cf, cctx   the mover's filter (may be NULL), see collide__contact_filter
 *   filter,ctx the public filter (may be NULL)
 * Returns 1 with *out (u, the obstacle's point at the moment u -- place +
 * u * velocity --, the normal toward the mover, the feature) and *id; 0;
 * or <0 (an abort value of a filter). Arguments are not checked: the
 * caller did. m->kind is MOVER_SPHERE, MOVER_AABB, MOVER_CAPSULE or
 * MOVER_CONVEX (collide__convex_mover).
 */
COLLIDE_PRIVATE int collide__world_sweep(collide_world *w,
                                         const collide__mover *m,
                                         const vec3 *c0, const vec3 *c1,
                                         int mask, double approach,
                                         collide__contact_filter cf, void *cctx,
                                         collide_world_filter filter, void *ctx,
                                         collide_hit *out, int *id);

#endif
