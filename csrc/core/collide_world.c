/*
 * collide_world.c -- a world of shapes with fast swept queries: shapes are
 * added, removed, re-placed and given velocities; queries sweep spheres,
 * boxes and capsules, cast rays and list overlaps (collide_query.c), a
 * collide-and-slide mover moves through it (collide_mover.c).
 *
 * Broadphase: two bounding-volume hierarchies of axis-aligned boxes
 *   (collide_tree.c): a static one, four children a node, for the shapes
 *   that never changed since they were added (a level's meshes and walls:
 *   most of a world), built top-down and read four boxes at a time; and a
 *   dynamic tree, one shape per leaf, for shapes that were updated, moved
 *   or given a velocity (a shape leaves the static hierarchy in O(1) the
 *   first time it changes), as Bullet's btDbvtBroadphase keeps a static
 *   and a dynamic set.
 *   Why a BVH rather than a uniform grid: a grid needs a cell size, and no
 *   one cell size suits a world that mixes a few huge floor polygons with
 *   thousands of small triangles, or a level 10 units wide with one 10^5
 *   wide; a long sweep crosses many empty cells, and its cost grows with its
 *   length. A BVH adapts to the geometry, costs O(n) memory whatever the
 *   extent, and a swept query walks it nearest-first and stops descending
 *   once the boxes left start later than the best contact so far, so a
 *   query costs about O(log n) (Ericson, "Real-Time Collision Detection",
 *   ch. 6; Wald et al., "Ray tracing deformable scenes using dynamic BVHs").
 *   Shapes added are built top-down in bulk by the next query; shapes
 *   updated or given a velocity are re-placed in O(log n) (enlarged leaf
 *   boxes, re-insertion only when a shape leaves its box: see
 *   collide_tree.c). The nodes of both keep the union of their shapes'
 *   layer bits, so a masked query skips subtrees of other layers. Planes are infinite: they are kept in their own list,
 *   tested always.
 *
 * Moving shapes: a shape with velocity v is, during a step, at its place
 *   plus u * v. Its leaf box holds its whole swept box, so the broadphase
 *   stays conservative, and the exact test sweeps the relative motion (the
 *   mover against the shape held at its place, the mover's end moved by
 *   -v), which gives the same u and normal as the two moving together;
 *   the point is then moved by u * v.
 *
 * Exactness: every contact reported is the answer of the single-shape
 *   function (collide_sweep_sphere_triangle, ...) for the shape named; the
 *   broadphase only skips shapes whose box, grown by the moving shape's
 *   half-size and a margin far above rounding, the query cannot touch, or
 *   that start later than a contact already found. Ties go to the lowest id.
 *
 * Memory: the world owns every allocation; a failed allocation returns
 *   COLLIDE_E_NOMEM and leaves the world as it was. Queries, removals,
 *   and updates of anything but a polygon or a convex shape given a hull
 *   of another size never allocate; advance() only
 *   to check a moving polygon of more than POLY_STACK (32) vertices (and
 *   collide_polygon_init's scratch for more than 64).
 */
#include "collide_world_internal.h"
#include "collide_turning.h"

/* ---- the world ----------------------------------------------------------- */

collide_world *collide_world_new(void) {
  collide_world *w = (collide_world *)calloc(1, sizeof *w);
  if (!w) return NULL;
  w->free_slot = -1;
  w->next_id = 1;
  w->root = -1;
  w->free_node = -1;
  return w;
}

void collide_world_free(collide_world *w) {
  int i;
  if (!w) return;
  for (i = 0; i < w->nslots; i++)
    if (w->slots[i].id && w->slots[i].kind == COLLIDE_SHAPE_POLYGON)
      free((void *)w->slots[i].g.poly.vertices);
    else if (w->slots[i].id && w->slots[i].kind == COLLIDE_SHAPE_CONVEX)
      free(w->slots[i].g.cvx.c);
  for (i = 0; i < w->npages; i++) free(w->id_pages[i]);
  free(w->id_pages);
  free(w->page_live);
  free(w->slots);
  free(w->pending);
  free(w->planes);
  free(w->moving);
  free(w->nodes);
  free(w->hot);
  free(w->wide);
  free(w->wide_up);
  free(w->stri_mem);
  free(w->sensors);
  free(w->events);
  free(w->sensor_boxes);
  free(w->sensor_nodes);
  free(w->sensor_order);
  free(w->sensor_cell);
  free(w->sensor_entry);
  free(w->sensor_big);
  free(w->sensor_work);
  free(w);
}

int collide_world_count(const collide_world *w) { return w->count; }

int collide_world_locked(const collide_world *w) { return w->busy > 0; }

/* The slot of a live id, or -1. */
static int slot_of(const collide_world *w, int id) {
  return collide__slot_of(w, id);
}

size_t collide__world_bytes(const collide_world *w) {
  size_t b = sizeof *w;
  int i;
  b += (size_t)w->cap_slots * sizeof *w->slots;
  b += (size_t)w->npages * (sizeof *w->id_pages + sizeof *w->page_live);
  for (i = 0; i < w->npages; i++)
    if (w->id_pages[i]) b += ID_PAGE * sizeof(int);
  b += (size_t)(w->cap_pending + w->cap_planes + w->cap_moving + w->cap_wide_up) * sizeof(int);
  b += (size_t)w->cap_nodes * sizeof *w->nodes + (size_t)w->cap_hot * sizeof *w->hot;
  b += (size_t)w->cap_wide * sizeof *w->wide;
  if (w->stri_mem) b += (size_t)w->cap_stri * sizeof *w->stri + 64;
  for (i = 0; i < w->nslots; i++)
    if (w->slots[i].id && w->slots[i].kind == COLLIDE_SHAPE_POLYGON)
      b += (size_t)w->slots[i].g.poly.count * sizeof(collide_vec3);
    else if (w->slots[i].id && w->slots[i].kind == COLLIDE_SHAPE_CONVEX)
      b += CVX_HEAD + (size_t)w->slots[i].g.cvx.c->bytes;
  return b;
}

/* The id table's directory grown to need pages, the new ones absent
   (NULL: no live id). 0 or NOMEM. */
static int grow_directory(collide_world *w, int need) {
  int **pages, *live, p;
  if (need <= w->npages) return 0;
  pages = (int **)realloc(w->id_pages, (size_t)need * sizeof *pages);
  if (!pages) return NOMEM;
  w->id_pages = pages;
  live = (int *)realloc(w->page_live, (size_t)need * sizeof *live);
  if (!live) return NOMEM;
  w->page_live = live;
  for (p = w->npages; p < need; p++) {
    pages[p] = NULL;
    live[p] = 0;
  }
  w->npages = need;
  return 0;
}

/* Room in the id table for the ids up to last: the directory, and a page
   (all -1) for each id of them whose page is absent. 0 or NOMEM; pages
   taken before a failure stay, empty, for the next call. */
static int reserve_ids(collide_world *w, int last) {
  int need = (last >> ID_PAGE_BITS) + 1, p, k;
  if (grow_directory(w, need) < 0) return NOMEM;
  for (p = w->next_id >> ID_PAGE_BITS; p < need; p++) {
    if (w->id_pages[p]) continue;
    if (!(w->id_pages[p] = (int *)malloc(ID_PAGE * sizeof(int)))) return NOMEM;
    for (k = 0; k < ID_PAGE; k++) w->id_pages[p][k] = -1;
  }
  return 0;
}

int collide_world_next_id(const collide_world *w) { return w->next_id; }

/* Skipping ids: the directory is made to reach the last id skipped (its
   new entries NULL, "every id of the page given and removed", which
   slot_of and collide_world_next read as no live id); a page that holds
   no live id and now lies wholly below next_id is returned, as remove
   returns it. The next add reserves the pages from next_id on. O(1) but
   for the directory's growth. */
int collide_world_set_next_id(collide_world *w, int next_id) {
  int need, p;
  if (w->busy) return LOCKED;
  if (next_id < w->next_id || next_id > INT_MAX - 1)
    return COLLIDE_FAIL(2, COLLIDE_E_BAD_INDEX);
  if (next_id == w->next_id) return 1;
  need = ((next_id - 1) >> ID_PAGE_BITS) + 1;
  if (grow_directory(w, need) < 0) return NOMEM;
  /* (the pages wholly below the old next id were returned by remove when
     they emptied: only the old next id's own page may be left empty) */
  p = w->next_id >> ID_PAGE_BITS;
  if ((p + 1) * (size_t)ID_PAGE <= (size_t)next_id && w->id_pages[p] &&
      w->page_live[p] == 0) {
    free(w->id_pages[p]);
    w->id_pages[p] = NULL;
  }
  w->next_id = next_id;
  return 1;
}

int collide_world_kind(const collide_world *w, int id) {
  int s = slot_of(w, id);
  return s < 0 ? COLLIDE_SHAPE_NONE : w->slots[s].kind;
}

int collide_world_next(const collide_world *w, int id) {
  if (id < 0) id = 0;
  for (id++; id < w->next_id; id++) {
    if (!w->id_pages[id >> ID_PAGE_BITS]) {   /* a page of removed ids */
      id |= ID_PAGE - 1;
      continue;
    }
    if (w->id_pages[id >> ID_PAGE_BITS][id & (ID_PAGE - 1)] >= 0) return id;
  }
  return 0;
}

/* Reserves room for n new shapes of one kind (ids, slots, the lists and
   the tree's nodes), so that nothing can fail once the first is made.
   0, NOMEM or LOCKED. */
static int reserve(collide_world *w, int kind, int n) {
  int e;
  if (w->busy) return LOCKED;
  if (w->next_id > INT_MAX - 1 - n) return NOMEM;
  if ((e = reserve_ids(w, w->next_id + n - 1)) != 0) return e;
  if (kind == COLLIDE_SHAPE_PLANE) {
    GROW(e, w->planes, w->cap_planes, w->nplanes + n);
    if (e) return e;
  } else {
    GROW(e, w->pending, w->cap_pending, w->npending + n);
    if (e) return e;
    if ((e = collide__tree_reserve(w, n)) != 0) return e;
  }
  if (w->nslots > INT_MAX - n) return NOMEM;
  GROW(e, w->slots, w->cap_slots, w->nslots + n);
  return e;
}

/* A reserved slot for a new shape (its geometry still to fill). */
static int take_slot(collide_world *w, int kind) {
  int s;
  if (w->free_slot >= 0) {
    s = w->free_slot;
    w->free_slot = w->slots[s].where;
  } else {
    s = w->nslots++;
  }
  memset(&w->slots[s], 0, sizeof(shape));
  w->slots[s].kind = kind;
  w->slots[s].layers = 1;
  w->slots[s].moving = -1;
  w->slots[s].sensor = -1;
  return s;
}

/* The box of a shape at its place, padded by 1e-7 of its largest
   coordinate: the single-shape functions' rounding grows with the shape's
   own coordinates as well as the query's (a segment 1e22 long places its
   closest point to within about 1e6), and the broadphase must not skip a
   shape they would report. */
static void pad_bounds(box *b) {
  int k;
  double m = 0;
  for (k = 0; k < 3; k++) {
    if (fabs(b->lo[k]) > m) m = fabs(b->lo[k]);
    if (fabs(b->hi[k]) > m) m = fabs(b->hi[k]);
  }
  m *= 1e-7;
  for (k = 0; k < 3; k++) {
    b->lo[k] -= m;
    b->hi[k] += m;
  }
}

/* The box of a shape at its place (padded). */
static void shape_bounds(shape *s) {
  vec3 p[3];
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    p[0] = s->g.tri.a; p[1] = s->g.tri.b; p[2] = s->g.tri.c;
    box_of_points(&s->bounds, p, 3);
    /* the unit normal collide_sweep_sphere_triangle computes, bit for
       bit, which the world's sphere sweeps pass on
       (collide__sweep_sphere_triangle_n); it succeeds, as triangle_ok
       made the same call before the triangle was taken (add, update) or
       moved (advance_error) */
    (void)collide__triangle_normal(p, &s->tn);
    s->tscale = max_abs3(&p[0]);
    if (max_abs3(&p[1]) > s->tscale) s->tscale = max_abs3(&p[1]);
    if (max_abs3(&p[2]) > s->tscale) s->tscale = max_abs3(&p[2]);
    break;
  case COLLIDE_SHAPE_POLYGON:
    box_of_points(&s->bounds, s->g.poly.vertices, s->g.poly.count);
    break;
  case COLLIDE_SHAPE_AABB:
    box_around(&s->bounds, s->g.aabb.center, s->g.aabb.extents);
    break;
  case COLLIDE_SHAPE_SPHERE: {
    double r = s->g.sphere.r;
    box_around(&s->bounds, s->g.sphere.center, v3(r, r, r));
    break;
  }
  case COLLIDE_SHAPE_SEGMENT:
    p[0] = s->g.seg.a; p[1] = s->g.seg.b;
    box_of_points(&s->bounds, p, 2);
    break;
  case COLLIDE_SHAPE_CAPSULE: {
    int k;
    double r = s->g.cap.r;
    p[0] = s->g.cap.a; p[1] = s->g.cap.b;
    box_of_points(&s->bounds, p, 2);
    for (k = 0; k < 3; k++) {
      s->bounds.lo[k] -= r;
      s->bounds.hi[k] += r;
    }
    break;
  }
  case COLLIDE_SHAPE_CONVEX: {
    /* the hull's corners turned by the kernels' matrix and placed, each
       by the kernels' operations (R v, then + pos): the corners are the
       hull's extreme points, so their box is the turned hull's */
    const collide__cvx *c = s->g.cvx.c;
    const collide_convex *h = cvx_hull(c);
    int i, k;
    if (c->spinning) {
      /* turning during the step: the ball its corners stay in (with
         bounds + velocity, the box of the whole step; the radius rounded
         up by 1e-12 of itself, the corners by their turn's rounding) */
      double r = h->radius * (1 + 1e-12);
      box_around(&s->bounds, s->g.cvx.pos, v3(r, r, r));
      break;
    }
    for (i = 0; i < h->vertex_count; i++) {
      vec3 p1 = v_add(cvx_turn(c->R, h->vertices[i]), s->g.cvx.pos);
      if (i == 0) {
        box_of_points(&s->bounds, &p1, 1);
        continue;
      }
      for (k = 0; k < 3; k++) {
        double x = vc(&p1, k);
        if (x < s->bounds.lo[k]) s->bounds.lo[k] = x;
        if (x > s->bounds.hi[k]) s->bounds.hi[k] = x;
      }
    }
    break;
  }
  default:   /* planes have none: they are tested by every query */
    return;
  }
  pad_bounds(&s->bounds);
}

/* Gives slot s (geometry filled) its id and files it. */
static int commit_slot(collide_world *w, int s) {
  shape *sh = &w->slots[s];
  int id = w->next_id++;
  sh->id = id;
  w->id_pages[id >> ID_PAGE_BITS][id & (ID_PAGE - 1)] = s;
  w->page_live[id >> ID_PAGE_BITS]++;
  w->count++;
  shape_bounds(sh);
  if (sh->kind == COLLIDE_SHAPE_PLANE) {
    sh->in = IN_PLANES;
    sh->where = w->nplanes;
    w->planes[w->nplanes++] = s;
  } else {
    sh->in = IN_PENDING;
    sh->where = w->npending;
    w->pending[w->npending++] = s;
  }
  return id;
}

/* Degenerate triangles are refused by the single-shape functions' own
   rule (collide_shapes.c, triangle_cross through collide__triangle_normal):
   |(b-a) x (c-a)| must exceed 1e-12 times the longest edge squared. The
   same call then gives the normal kept with the shape (shape_bounds). */
static int triangle_ok(const vec3 *a, const vec3 *b, const vec3 *c) {
  vec3 p[3], n;
  p[0] = *a; p[1] = *b; p[2] = *c;
  return collide__triangle_normal(p, &n);
}

/* Checks the geometry g of a shape of kind `kind` whose first argument is
   Lua argument `arg` (2 for add_*, 3 for update), as the single-shape
   functions check theirs. Polygons are checked by polygon_copy. */
static int check_geometry(int kind, const collide_world_shape *g, int arg) {
  switch (kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    CHECK_VEC(&g->a, arg);
    CHECK_VEC(&g->b, arg + 1);
    CHECK_VEC(&g->c, arg + 2);
    if (!triangle_ok(&g->a, &g->b, &g->c))
      return COLLIDE_FAIL(arg, COLLIDE_E_DEGENERATE_TRIANGLE);
    return 0;
  case COLLIDE_SHAPE_AABB:
    CHECK_VEC(&g->a, arg);
    CHECK_EXTENTS(&g->b, arg + 1);
    return 0;
  case COLLIDE_SHAPE_SPHERE:
    CHECK_VEC(&g->a, arg);
    CHECK_RADIUS(g->r, arg + 1);
    return 0;
  case COLLIDE_SHAPE_SEGMENT:
    /* the checks of collide_sweep_sphere_segment: any two points */
    CHECK_VEC(&g->a, arg);
    CHECK_VEC(&g->b, arg + 1);
    return 0;
  case COLLIDE_SHAPE_CAPSULE:
    CHECK_VEC(&g->a, arg);
    CHECK_VEC(&g->b, arg + 1);
    CHECK_RADIUS(g->r, arg + 2);
    return 0;
  case COLLIDE_SHAPE_PLANE:
    CHECK_PLANE(&g->plane, arg);
    return 0;
  default:
    return 0;
  }
}

/* Writes checked geometry into slot sh (not polygons). */
static void set_geometry(shape *sh, const collide_world_shape *g) {
  switch (sh->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    sh->g.tri.a = g->a; sh->g.tri.b = g->b; sh->g.tri.c = g->c;
    break;
  case COLLIDE_SHAPE_AABB:
    sh->g.aabb.center = g->a; sh->g.aabb.extents = g->b;
    break;
  case COLLIDE_SHAPE_SPHERE:
    sh->g.sphere.center = g->a; sh->g.sphere.r = g->r;
    break;
  case COLLIDE_SHAPE_SEGMENT:
    sh->g.seg.a = g->a; sh->g.seg.b = g->b;
    break;
  case COLLIDE_SHAPE_CAPSULE:
    sh->g.cap.a = g->a; sh->g.cap.b = g->b; sh->g.cap.r = g->r;
    break;
  case COLLIDE_SHAPE_PLANE:
    sh->g.plane = g->plane;
    break;
  default:
    break;
  }
}

/* A checked copy of a caller's polygon (its vertices in one new block),
   re-validated on the copy: a caller's struct is not trusted. 0 or <0
   (Lua argument arg). */
static int polygon_copy(const collide_polygon *polygon, int arg,
                        collide_polygon *out) {
  collide_vec3 *copy;
  int e, n = polygon->count;
  if (n < 3 || !polygon->vertices) return COLLIDE_FAIL(arg, COLLIDE_E_FEW_VERTICES);
  if ((size_t)n > (size_t)-1 / sizeof *copy) return NOMEM;
  copy = (collide_vec3 *)malloc((size_t)n * sizeof *copy);
  if (!copy) return NOMEM;
  memcpy(copy, polygon->vertices, (size_t)n * sizeof *copy);
  if ((e = collide_polygon_init(copy, n, out)) < 0) {
    free(copy);
    return reargue(e, arg);
  }
  out->vertices = copy;   /* owned by the caller now (said so for static
                             analysis: init set it) */
  return 0;
}

/* The add_* functions but add_polygon and add_mesh. */
static int add_shape(collide_world *w, int kind, const collide_world_shape *g) {
  int s, e;
  if ((e = check_geometry(kind, g, 2)) < 0) return e;
  if ((e = reserve(w, kind, 1)) < 0) return e;
  s = take_slot(w, kind);
  set_geometry(&w->slots[s], g);
  return commit_slot(w, s);
}

int collide_world_add_triangle(collide_world *w, const collide_vec3 *a,
                               const collide_vec3 *b, const collide_vec3 *c) {
  collide_world_shape g;
  g.a = *a; g.b = *b; g.c = *c;
  return add_shape(w, COLLIDE_SHAPE_TRIANGLE, &g);
}

int collide_world_add_polygon(collide_world *w, const collide_polygon *polygon) {
  collide_polygon poly;
  int s, e;
  if ((e = polygon_copy(polygon, 2, &poly)) < 0) return e;
  if ((e = reserve(w, COLLIDE_SHAPE_POLYGON, 1)) < 0) {
    free((void *)poly.vertices);
    return e;
  }
  s = take_slot(w, COLLIDE_SHAPE_POLYGON);
  w->slots[s].g.poly = poly;
  return commit_slot(w, s);
}

int collide_world_add_aabb(collide_world *w, const collide_vec3 *center,
                           const collide_vec3 *extents) {
  collide_world_shape g;
  g.a = *center; g.b = *extents;
  return add_shape(w, COLLIDE_SHAPE_AABB, &g);
}

int collide_world_add_sphere(collide_world *w, const collide_vec3 *center,
                             double r) {
  collide_world_shape g;
  g.a = *center; g.r = r;
  return add_shape(w, COLLIDE_SHAPE_SPHERE, &g);
}

int collide_world_add_segment(collide_world *w, const collide_vec3 *a,
                              const collide_vec3 *b) {
  collide_world_shape g;
  g.a = *a; g.b = *b;
  return add_shape(w, COLLIDE_SHAPE_SEGMENT, &g);
}

int collide_world_add_plane(collide_world *w, const collide_plane *plane) {
  collide_world_shape g;
  g.plane = *plane;
  return add_shape(w, COLLIDE_SHAPE_PLANE, &g);
}

int collide_world__add_unit_plane(collide_world *w, const collide_vec3 *normal,
                                 double d) {
  collide_world_shape g;
  g.plane.normal = *normal;
  g.plane.d = d;
  return add_shape(w, COLLIDE_SHAPE_PLANE, &g);
}

int collide_world_add_capsule(collide_world *w, const collide_vec3 *a,
                              const collide_vec3 *b, double r) {
  collide_world_shape g;
  g.a = *a; g.b = *b; g.r = r;
  return add_shape(w, COLLIDE_SHAPE_CAPSULE, &g);
}

/* A checked copy of a caller's convex shape (A, position, rot; A at Lua
   argument arg): into *reuse when its hull takes as many bytes (no
   allocation: a shape updated with the same hull each frame), else into
   a new block (*out). 0 or <0. */
static int convex_copy(const collide_convex *A, const collide_vec3 *position,
                       const collide_rotation *rot, int arg, collide__cvx *reuse,
                       collide__cvx **out) {
  vec3 R[3];
  int e, need;
  collide__cvx *c;
  *out = NULL;
  if (A == NULL || A->vertex_count < 3)
    return COLLIDE_FAIL(arg, COLLIDE_E_FEW_POINTS);
  CHECK_VEC(position, arg + 1);
  if ((e = collide__rotation_matrix(rot, R)) != 0) return COLLIDE_FAIL(arg + 2, e);
  need = collide_convex_copy(A, NULL, 0);
  if (reuse != NULL && reuse->bytes == need) {
    c = reuse;
  } else {
    if ((size_t)need > (size_t)-1 - CVX_HEAD) return NOMEM;
    c = (collide__cvx *)malloc(CVX_HEAD + (size_t)need);
    if (!c) return NOMEM;
    /* (no spin; an update's new block takes the old one's: update_shape) */
    memset(&c->spin, 0, sizeof c->spin);
    c->spin.is_angle = 1;
    c->spinning = 0;
    if (reuse != NULL) {
      c->spin = reuse->spin;
      c->spinning = reuse->spinning;
    }
  }
  c->rot = *rot;
  memcpy(c->R, R, sizeof R);
  c->bytes = need;
  (void)collide_convex_copy(A, (char *)c + CVX_HEAD, need);
  *out = c;
  return 0;
}

int collide_world_add_convex(collide_world *w, const collide_convex *A,
                             const collide_vec3 *position,
                             const collide_rotation *rot) {
  collide__cvx *c = NULL;
  int s, e;
  if ((e = convex_copy(A, position, rot, 2, NULL, &c)) < 0) return e;
  if ((e = reserve(w, COLLIDE_SHAPE_CONVEX, 1)) < 0) {
    free(c);
    return e;
  }
  s = take_slot(w, COLLIDE_SHAPE_CONVEX);
  w->slots[s].g.cvx.pos = *position;
  w->slots[s].g.cvx.c = c;
  return commit_slot(w, s);
}

int collide_world_add_mesh(collide_world *w, const collide_vec3 *vertices,
                           int nvertices, const int *indices, int nindices,
                           int *first_id) {
  int i, n, e;
  *first_id = -1;
  if (nvertices < 0) return COLLIDE_FAIL(2, COLLIDE_E_BAD_INDEX);
  for (i = 0; i < nvertices; i++) CHECK_VEC(&vertices[i], 2);
  if (nindices < 0 || nindices % 3 != 0) return COLLIDE_FAIL(3, COLLIDE_E_BAD_INDEX);
  for (i = 0; i < nindices; i++)
    if (indices[i] < 0 || indices[i] >= nvertices) {
      *first_id = i / 3;   /* the triangle at fault, for the message */
      return COLLIDE_FAIL(3, COLLIDE_E_BAD_INDEX);
    }
  n = nindices / 3;
  for (i = 0; i < n; i++)
    if (!triangle_ok(&vertices[indices[(size_t)3 * i]], &vertices[indices[(size_t)3 * i + 1]],
                     &vertices[indices[(size_t)3 * i + 2]])) {
      *first_id = i;
      return COLLIDE_FAIL(3, COLLIDE_E_DEGENERATE_TRIANGLE);
    }
  /* (-1 for the errors of no triangle: locked, out of memory) */
  if (w->busy) return LOCKED;
  *first_id = w->next_id;
  if (n == 0) return 0;
  if ((e = reserve(w, COLLIDE_SHAPE_TRIANGLE, n)) < 0) {
    *first_id = -1;
    return e;
  }
  for (i = 0; i < n; i++) {
    int s = take_slot(w, COLLIDE_SHAPE_TRIANGLE);
    w->slots[s].g.tri.a = vertices[indices[(size_t)3 * i]];
    w->slots[s].g.tri.b = vertices[indices[(size_t)3 * i + 1]];
    w->slots[s].g.tri.c = vertices[indices[(size_t)3 * i + 2]];
    (void)commit_slot(w, s);   /* ids consecutive from *first_id */
  }
  return n;
}

/* Takes slot s off the list of moving shapes. */
static void unlist_moving(collide_world *w, int s) {
  int i = w->slots[s].moving;
  if (i < 0) return;
  w->moving[i] = w->moving[--w->nmoving];
  w->slots[w->moving[i]].moving = i;
  w->slots[s].moving = -1;
}

int collide_world_remove(collide_world *w, int id) {
  int s, i;
  shape *sh;
  if (w->busy) return LOCKED;
  if ((s = slot_of(w, id)) < 0) return 0;
  sh = &w->slots[s];
  i = sh->where;
  if (sh->in == IN_TREE || sh->in == IN_STATIC) {
    collide__tree_remove(w, s);
  } else if (sh->in == IN_PENDING) {
    w->pending[i] = w->pending[--w->npending];
    w->slots[w->pending[i]].where = i;
  } else {
    w->planes[i] = w->planes[--w->nplanes];
    w->slots[w->planes[i]].where = i;
  }
  unlist_moving(w, s);
  collide__sensor_unlist(w, s);
  if (sh->kind == COLLIDE_SHAPE_POLYGON) free((void *)sh->g.poly.vertices);
  else if (sh->kind == COLLIDE_SHAPE_CONVEX) free(sh->g.cvx.c);
  {   /* the id's page goes once all its ids were given and removed */
    int p = id >> ID_PAGE_BITS;
    w->id_pages[p][id & (ID_PAGE - 1)] = -1;
    if (--w->page_live[p] == 0 && (p + 1) * (size_t)ID_PAGE <= (size_t)w->next_id) {
      free(w->id_pages[p]);
      w->id_pages[p] = NULL;
    }
  }
  w->count--;
  sh->id = 0;
  sh->kind = COLLIDE_SHAPE_NONE;
  sh->in = IN_NONE;
  sh->where = w->free_slot;
  w->free_slot = s;
  return 1;
}

/* ---- changing shapes --------------------------------------------------------- */

int collide_world_get(const collide_world *w, int id, collide_world_shape *out) {
  int s = slot_of(w, id);
  const shape *sh;
  memset(out, 0, sizeof *out);
  if (s < 0) return 0;
  sh = &w->slots[s];
  out->kind = sh->kind;
  switch (sh->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    out->a = sh->g.tri.a; out->b = sh->g.tri.b; out->c = sh->g.tri.c;
    break;
  case COLLIDE_SHAPE_POLYGON:
    out->polygon = sh->g.poly;
    break;
  case COLLIDE_SHAPE_AABB:
    out->a = sh->g.aabb.center; out->b = sh->g.aabb.extents;
    break;
  case COLLIDE_SHAPE_SPHERE:
    out->a = sh->g.sphere.center; out->r = sh->g.sphere.r;
    break;
  case COLLIDE_SHAPE_SEGMENT:
    out->a = sh->g.seg.a; out->b = sh->g.seg.b;
    break;
  case COLLIDE_SHAPE_CAPSULE:
    out->a = sh->g.cap.a; out->b = sh->g.cap.b; out->r = sh->g.cap.r;
    break;
  case COLLIDE_SHAPE_CONVEX:
    out->convex = cvx_hull(sh->g.cvx.c);
    out->a = sh->g.cvx.pos;
    out->rot = sh->g.cvx.c->rot;
    break;
  default:
    out->plane = sh->g.plane;
    break;
  }
  return 1;
}

/* After slot s changed place: its box, and its leaf. */
static void replaced(collide_world *w, int s) {
  box before = w->slots[s].bounds;
  shape_bounds(&w->slots[s]);
  w->slots[s].changed = 1;
  if (w->slots[s].in == IN_TREE || w->slots[s].in == IN_STATIC)
    collide__tree_moved(w, s, &before);
}

/* The update_* functions: 1, 0 when id is no live shape of that kind. */
static int update_shape(collide_world *w, int id, int kind,
                        const collide_world_shape *g) {
  int s, e;
  shape *sh;
  if (w->busy) return LOCKED;
  if ((s = slot_of(w, id)) < 0 || w->slots[s].kind != kind) return 0;
  sh = &w->slots[s];
  if (kind == COLLIDE_SHAPE_POLYGON) {
    collide_polygon poly;
    if ((e = polygon_copy(&g->polygon, 3, &poly)) < 0) return e;
    free((void *)sh->g.poly.vertices);
    sh->g.poly = poly;
  } else if (kind == COLLIDE_SHAPE_CONVEX) {
    collide__cvx *c = NULL;
    if ((e = convex_copy(g->convex, &g->a, &g->rot, 3, sh->g.cvx.c, &c)) < 0) return e;
    if (c != sh->g.cvx.c) free(sh->g.cvx.c);
    sh->g.cvx.c = c;
    sh->g.cvx.pos = g->a;
  } else {
    if ((e = check_geometry(kind, g, 3)) < 0) return e;
    set_geometry(sh, g);
  }
  replaced(w, s);
  return 1;
}

int collide_world_update_triangle(collide_world *w, int id, const collide_vec3 *a,
                                  const collide_vec3 *b, const collide_vec3 *c) {
  collide_world_shape g;
  g.a = *a; g.b = *b; g.c = *c;
  return update_shape(w, id, COLLIDE_SHAPE_TRIANGLE, &g);
}

int collide_world_update_polygon(collide_world *w, int id,
                                 const collide_polygon *polygon) {
  collide_world_shape g;
  g.polygon = *polygon;
  return update_shape(w, id, COLLIDE_SHAPE_POLYGON, &g);
}

int collide_world_update_aabb(collide_world *w, int id, const collide_vec3 *center,
                              const collide_vec3 *extents) {
  collide_world_shape g;
  g.a = *center; g.b = *extents;
  return update_shape(w, id, COLLIDE_SHAPE_AABB, &g);
}

int collide_world_update_sphere(collide_world *w, int id,
                                const collide_vec3 *center, double r) {
  collide_world_shape g;
  g.a = *center; g.r = r;
  return update_shape(w, id, COLLIDE_SHAPE_SPHERE, &g);
}

int collide_world_update_segment(collide_world *w, int id, const collide_vec3 *a,
                                 const collide_vec3 *b) {
  collide_world_shape g;
  g.a = *a; g.b = *b;
  return update_shape(w, id, COLLIDE_SHAPE_SEGMENT, &g);
}

int collide_world_update_plane(collide_world *w, int id, const collide_plane *plane) {
  collide_world_shape g;
  g.plane = *plane;
  return update_shape(w, id, COLLIDE_SHAPE_PLANE, &g);
}

int collide_world_update_capsule(collide_world *w, int id, const collide_vec3 *a,
                                 const collide_vec3 *b, double r) {
  collide_world_shape g;
  g.a = *a; g.b = *b; g.r = r;
  return update_shape(w, id, COLLIDE_SHAPE_CAPSULE, &g);
}

int collide_world_update_convex(collide_world *w, int id, const collide_convex *A,
                                const collide_vec3 *position,
                                const collide_rotation *rot) {
  collide_world_shape g;
  g.convex = A;
  g.a = *position;
  g.rot = *rot;
  return update_shape(w, id, COLLIDE_SHAPE_CONVEX, &g);
}

int collide_world_set_layers(collide_world *w, int id, int bits) {
  int s;
  if (bits < 0) return COLLIDE_FAIL(3, COLLIDE_E_BAD_LAYERS);
  /* a query walking the tree reads the node layers this rewrites */
  if (w->busy) return LOCKED;
  if ((s = slot_of(w, id)) < 0) return 0;
  w->slots[s].layers = bits;
  if (w->slots[s].in == IN_TREE || w->slots[s].in == IN_STATIC)
    collide__tree_layers(w, s);
  return 1;
}

int collide_world_layers(const collide_world *w, int id) {
  int s = slot_of(w, id);
  return s < 0 ? -1 : w->slots[s].layers;
}

int collide_world_set_velocity(collide_world *w, int id, const collide_vec3 *d) {
  int s, e;
  shape *sh;
  CHECK_VEC(d, 3);
  if (w->busy) return LOCKED;
  if ((s = slot_of(w, id)) < 0) return 0;
  sh = &w->slots[s];
  if (d->x == 0 && d->y == 0 && d->z == 0) {
    if (!SHAPE_SPINS(sh)) unlist_moving(w, s);
  } else if (sh->moving < 0) {
    GROW(e, w->moving, w->cap_moving, w->nmoving + 1);
    if (e) return e;
    sh->moving = w->nmoving;
    w->moving[w->nmoving++] = s;
  }
  sh->vel = *d;
  if (sh->moving >= 0) sh->changed = 1;
  if (sh->in == IN_TREE || (sh->in == IN_STATIC && sh->moving >= 0))
    collide__tree_moved(w, s, NULL);
  return 1;
}

int collide_world_velocity(const collide_world *w, int id, collide_vec3 *d) {
  int s = slot_of(w, id);
  *d = v3(0, 0, 0);
  if (s < 0) return 0;
  *d = w->slots[s].vel;
  return 1;
}

int collide_world_set_spin(collide_world *w, int id,
                           const collide_rotation *rot_delta) {
  int s, e, spins;
  shape *sh;
  collide__cvx *c;
  vec3 R[3];
  if ((e = collide__rotation_matrix(rot_delta, R)) != 0) return COLLIDE_FAIL(3, e);
  /* a turn a step too large to be known to the sweeps' tolerance
     (COLLIDE_MAX_SPIN, collide_turning.h) */
  if (rot_delta->is_angle && !(fabs(rot_delta->angle) <= COLLIDE_MAX_SPIN))
    return COLLIDE_FAIL(3, COLLIDE_E_SPIN_RANGE);
  if (w->busy) return LOCKED;
  if ((s = slot_of(w, id)) < 0) return 0;
  sh = &w->slots[s];
  if (sh->kind != COLLIDE_SHAPE_CONVEX) return COLLIDE_FAIL(2, COLLIDE_E_NOT_SPINNABLE);
  c = sh->g.cvx.c;
  /* no turn: an angle 0, or a quaternion of angle 0 (+-1, 0, 0, 0) */
  spins = collide__spin_angle(rot_delta, NULL) > 0;
  if (spins && sh->moving < 0) {
    GROW(e, w->moving, w->cap_moving, w->nmoving + 1);
    if (e) return e;
    sh->moving = w->nmoving;
    w->moving[w->nmoving++] = s;
  }
  c->spin = *rot_delta;
  c->spinning = spins;
  if (!spins && sh->vel.x == 0 && sh->vel.y == 0 && sh->vel.z == 0) unlist_moving(w, s);
  if (sh->moving >= 0) sh->changed = 1;
  replaced(w, s);
  return 1;
}

int collide_world_spin(const collide_world *w, int id, collide_rotation *rot_delta) {
  int s = slot_of(w, id);
  memset(rot_delta, 0, sizeof *rot_delta);
  rot_delta->is_angle = 1;
  if (s < 0 || w->slots[s].kind != COLLIDE_SHAPE_CONVEX) return 0;
  *rot_delta = w->slots[s].g.cvx.c->spin;
  return 1;
}

/* 0 when slot s can move by its velocity, else the error code advance
   returns (Lua argument 0: advance's own call): COLLIDE_E_VEC_RANGE when a
   moved point would leave the coordinate limit, COLLIDE_E_DEGENERATE_TRIANGLE
   when a triangle would no longer pass triangle_ok. A translation keeps a
   triangle's shape in exact arithmetic, but its moved vertices are rounded
   to the new place's spacing: far enough out (a triangle 2 long moved to
   1e20, where doubles are 16384 apart) they merge, and a degenerate
   triangle in the world would break what every query assumes of it (the
   normal shape_bounds keeps, the single-shape functions' own rule; a fuzz
   finding: overlaps and sweeps answering for a triangle that
   collide_sweep_sphere_triangle refuses). So advance refuses it, before
   anything moves, as it refuses a point over the limit. A polygon the
   same: its moved vertices must pass collide_polygon_init (which translate
   calls on them) as far as its degenerate cases go -- two vertices merged
   (REPEATED) or all of them on a line (POLY_COLLINEAR), which would leave
   the world a polygon struct no caller can make, whose zero-length edges
   make every point of its plane "inside" (the fuzz finding
   world-collapsed-polygon: a small triangle moved by 1e50 to three copies
   of one point). Refused for those with that reason; a polygon that fails
   only the planarity or convexity test, at the edge of its tolerance, is
   still moved (translate keeps its plane then). The moved vertices are
   checked in a copy: on the stack up to POLY_STACK vertices, else in
   memory taken for the check and freed after it (advance's only
   allocation; COLLIDE_E_NOMEM, nothing moved, if it fails). */
#define POLY_STACK 32
static int polygon_move_error(const collide_polygon *poly, vec3 v) {
  collide_vec3 stack[POLY_STACK], *p = stack;
  collide_polygon moved;
  int i, e = 0, rc;
  if (poly->count < 3) return 0;   /* (never: the world's polygons passed) */
  if (poly->count > POLY_STACK) {
    p = (collide_vec3 *)malloc((size_t)poly->count * sizeof *p);
    if (!p) return COLLIDE_FAIL(0, COLLIDE_E_NOMEM);
  }
  for (i = 0; i < poly->count && !e; i++) {
    p[i] = v_add(poly->vertices[i], v);   /* translate's sums, the same bits */
    if (!vec_ok(&p[i])) e = COLLIDE_FAIL(0, COLLIDE_E_VEC_RANGE);
  }
  if (!e && (rc = collide_polygon_init(p, poly->count, &moved)) != 1 &&
      (collide_error_reason(rc) == COLLIDE_E_REPEATED ||
       collide_error_reason(rc) == COLLIDE_E_POLY_COLLINEAR))
    e = COLLIDE_FAIL(0, collide_error_reason(rc));
  if (p != stack) free(p);
  return e;
}

static int advance_error(const shape *s) {
  vec3 v = s->vel, p[3];
  int n = 0, i;
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    p[0] = s->g.tri.a; p[1] = s->g.tri.b; p[2] = s->g.tri.c; n = 3;
    break;
  case COLLIDE_SHAPE_AABB: p[0] = s->g.aabb.center; n = 1; break;
  case COLLIDE_SHAPE_SPHERE: p[0] = s->g.sphere.center; n = 1; break;
  case COLLIDE_SHAPE_SEGMENT: p[0] = s->g.seg.a; p[1] = s->g.seg.b; n = 2; break;
  case COLLIDE_SHAPE_CAPSULE: p[0] = s->g.cap.a; p[1] = s->g.cap.b; n = 2; break;
  case COLLIDE_SHAPE_CONVEX: {
    /* a spinning one's angle after the turn: within the limit, as any
       number the world takes (always, once brought into [-pi, pi]) */
    const collide__cvx *c = s->g.cvx.c;
    collide_rotation next;
    if (c->spinning && (collide__spin_advance(&c->rot, &c->spin, &next) != 0 ||
                        (next.is_angle && !num_ok(next.angle))))
      return COLLIDE_FAIL(0, COLLIDE_E_RANGE);
    p[0] = s->g.cvx.pos;
    n = 1;
    break;
  }
  case COLLIDE_SHAPE_POLYGON:
    return polygon_move_error(&s->g.poly, v);
  default: {   /* the plane n.p + d = 0 moves to d - n.v */
    double d = s->g.plane.d - v_dot(s->g.plane.normal, v);
    return fabs(d) <= 2 * COLLIDE_MAX_COORD ? 0 : COLLIDE_FAIL(0, COLLIDE_E_VEC_RANGE);
  }
  }
  for (i = 0; i < n; i++) {
    p[i] = v_add(p[i], v);   /* translate's sums, the same bits */
    if (!vec_ok(&p[i])) return COLLIDE_FAIL(0, COLLIDE_E_VEC_RANGE);
  }
  if (s->kind == COLLIDE_SHAPE_TRIANGLE && !triangle_ok(&p[0], &p[1], &p[2]))
    return COLLIDE_FAIL(0, COLLIDE_E_DEGENERATE_TRIANGLE);
  return 0;
}

static void translate(shape *s) {
  vec3 v = s->vel;
  int i;
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    s->g.tri.a = v_add(s->g.tri.a, v);
    s->g.tri.b = v_add(s->g.tri.b, v);
    s->g.tri.c = v_add(s->g.tri.c, v);
    break;
  case COLLIDE_SHAPE_AABB: s->g.aabb.center = v_add(s->g.aabb.center, v); break;
  case COLLIDE_SHAPE_SPHERE: s->g.sphere.center = v_add(s->g.sphere.center, v); break;
  case COLLIDE_SHAPE_SEGMENT:
    s->g.seg.a = v_add(s->g.seg.a, v);
    s->g.seg.b = v_add(s->g.seg.b, v);
    break;
  case COLLIDE_SHAPE_CAPSULE:
    s->g.cap.a = v_add(s->g.cap.a, v);
    s->g.cap.b = v_add(s->g.cap.b, v);
    break;
  case COLLIDE_SHAPE_CONVEX: {
    /* and a spinning one turns by its spin (checked by advance_error) */
    collide__cvx *c = s->g.cvx.c;
    collide_rotation next;
    s->g.cvx.pos = v_add(s->g.cvx.pos, v);
    if (c->spinning && collide__spin_advance(&c->rot, &c->spin, &next) == 0 &&
        collide__rotation_matrix(&next, c->R) == 0)
      c->rot = next;
    break;
  }
  case COLLIDE_SHAPE_POLYGON: {
    /* the plane made again from the moved vertices, as a polygon made
       there would have it (the same answers as collide.polygon of
       w:get's vertices); moved along with them if they no longer pass
       (rounding at the edge of the checks) */
    collide_vec3 *p = (collide_vec3 *)s->g.poly.vertices;
    collide_polygon moved;
    for (i = 0; i < s->g.poly.count; i++) p[i] = v_add(p[i], v);
    if (collide_polygon_init(p, s->g.poly.count, &moved) == 1) s->g.poly = moved;
    else s->g.poly.plane.d -= v_dot(s->g.poly.plane.normal, v);
    break;
  }
  default:
    s->g.plane.d -= v_dot(s->g.plane.normal, v);
    break;
  }
}

int collide_world_advance(collide_world *w) {
  int i, e;
  if (w->busy) return LOCKED;
  for (i = 0; i < w->nmoving; i++) {
    e = advance_error(&w->slots[w->moving[i]]);
    if (e) return e;
  }
  /* the sensors' events of the step, from where the shapes are now */
  if (w->nsensors > 0 && w->nmoving > 0 && (e = collide__sensor_advance(w)) < 0)
    return e;
  for (i = 0; i < w->nmoving; i++) {
    int s = w->moving[i];
    translate(&w->slots[s]);
    replaced(w, s);
  }
  return 0;
}
