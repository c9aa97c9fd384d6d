/*
 * collide_tree.c -- the world's bounding-volume hierarchies: a static one,
 * four children a node, over the shapes never changed (see "the static
 * hierarchy" below), and a dynamic tree, one shape per leaf, with a
 * top-down build for shapes added in bulk, insertion and removal in
 * O(log n) for the rest, and the re-placing of moved shapes.
 *
 * The design follows the dynamic AABB tree of Box2D (Catto, dynamic_tree.c;
 * after Presson's bullet/btDbvt and Ericson ch. 6) -- the ideas, not the
 * code:
 *   - Insertion descends from the root toward the sibling that costs least
 *     by the surface-area heuristic (the new parent's area plus the growth
 *     it causes in every ancestor), then walks back up refitting boxes and
 *     rotating wherever one child is two levels taller than the other (an
 *     AVL rotation), so the height stays O(log n) whatever the order of
 *     insertion.
 *   - A shape that moves is re-inserted only when its box leaves the box
 *     its leaf holds; a leaf re-inserted this way gets an enlarged ("fat")
 *     box: the shape's swept box plus an eighth of its size on every side,
 *     plus twice its velocity ahead, so a shape moving steadily, or jittering
 *     in place, is re-inserted once every few steps, not every step.
 *     Shapes that never move keep tight boxes.
 *   - Shapes added are first collected in w->pending and filed by the next
 *     query: many at once are built top-down (binned SAH splits, Wald
 *     2007, down to 4 shapes, median splits below SAH_DEPTH; O(n log n))
 *     into the static hierarchy; a few are inserted into the dynamic
 *     tree. Once insertions of new shapes outnumber half the world it is
 *     all built again, as incremental insertion gives a worse tree than
 *     the top-down build.
 *   - A tree change refits the ancestors only up to the first one that
 *     keeps its box, height and layers.
 * Exactness does not depend on any of this: every leaf box contains its
 * shape over the whole step, and queries give every shape whose box they
 * can touch the exact test.
 */
#include <float.h>
#include "collide_tree.h"


/* ---- nodes ---------------------------------------------------------------- */

int collide__tree_reserve(collide_world *w, int extra_shapes) {
  int e, need;
  long long n = (long long)w->count - w->nplanes + extra_shapes;
  if (n > INT_MAX / 2 - 2) return NOMEM;
  need = 2 * (int)n + 1;
  GROW(e, w->nodes, w->cap_nodes, need);
  if (e) return e;
  GROW(e, w->hot, w->cap_hot, need);
  return e;
}

static int alloc_node(collide_world *w) {
  int n;
  if (w->free_node >= 0) {
    n = w->free_node;
    w->free_node = w->nodes[n].parent;
  } else {
    n = w->nnodes++;   /* reserved by collide__tree_reserve */
  }
  w->nodes[n].height = -1;   /* (new: see fix_upward) */
  return n;
}

static void free_node(collide_world *w, int n) {
  w->nodes[n].parent = w->free_node;
  w->nodes[n].height = -1;
  w->nodes[n].slot = -1;
  w->free_node = n;
}

static int max_int(int a, int b) { return a > b ? a : b; }

/* x as a float no greater (down) or no less (up) than x; beyond the
   float range, the largest float or an infinity. Without a branch on the
   direction the rounding went (half of them would be mispredicted: these
   run for every box a tree change touches): x moved out by 2^-22 of
   itself, more than the rounding to the nearest float can bring back
   (at most 2^-24 of the result), and by 1.5e-45, more than it can
   bring back among the subnormals (2^-150). Up to ~3 units in the last
   place looser than the tightest float, which only costs a few boxes. */
static float float_down(double x) {
  double y = x - fabs(x) * (1.0 / 4194304) - 1.5e-45;
  if (x > FLT_MAX) return FLT_MAX;
  if (!(y >= -FLT_MAX)) return -INFINITY;
  return (float)y;
}
static float float_up(double x) {
  double y = x + fabs(x) * (1.0 / 4194304) + 1.5e-45;
  if (x < -FLT_MAX) return -FLT_MAX;
  if (!(y <= FLT_MAX)) return INFINITY;
  return (float)y;
}

/* hot[n] from inner node n's children. */
static void sync_hot(collide_world *w, int n) {
  hot_node *h = &w->hot[n];
  int c[2], i, k;
  c[0] = w->nodes[n].left;
  c[1] = w->nodes[n].right;
  for (i = 0; i < 2; i++) {
    const node *ch = &w->nodes[c[i]];
    for (k = 0; k < 3; k++) {
      h->b[i][0][k] = float_down(ch->b.lo[k]);
      h->b[i][1][k] = float_up(ch->b.hi[k]);
    }
    h->child[i] = ch->left < 0 ? ~ch->slot : c[i];
    h->layers[i] = ch->layers;
  }
}

/* Inner node n's box and height from its children (and its hot entry). */
static void refit(collide_world *w, int n) {
  node *nd = &w->nodes[n];
  const node *l = &w->nodes[nd->left], *r = &w->nodes[nd->right];
  nd->b = l->b;
  box_union(&nd->b, &r->b);
  nd->height = 1 + max_int(l->height, r->height);
  nd->layers = l->layers | r->layers;
  sync_hot(w, n);
}

/* Replaces child `old` of parent p (or the root when p < 0) by `now`. */
static void relink(collide_world *w, int p, int old, int now) {
  if (p < 0) w->root = now;
  else if (w->nodes[p].left == old) w->nodes[p].left = now;
  else w->nodes[p].right = now;
  w->nodes[now].parent = p;
}

/* If one child of a is two or more levels taller than the other, lifts the
   taller child T into a's place: a takes T's shorter grandchild, T keeps
   its taller one and gets a. Returns the node now at a's place. */
static int balance(collide_world *w, int a) {
  node *na = &w->nodes[a];
  int tall, other, tl, tr, keep, give, p;
  if (na->left < 0) return a;   /* (heights of a's children are current,
                                  a's own may not be yet) */
  if (w->nodes[na->right].height - w->nodes[na->left].height > 1) {
    tall = na->right;
    other = na->left;
  } else if (w->nodes[na->left].height - w->nodes[na->right].height > 1) {
    tall = na->left;
    other = na->right;
  } else {
    return a;
  }
  tl = w->nodes[tall].left;
  tr = w->nodes[tall].right;
  if (w->nodes[tl].height > w->nodes[tr].height) { keep = tl; give = tr; }
  else { keep = tr; give = tl; }
  p = na->parent;
  relink(w, p, a, tall);
  /* a: its shorter child and the grandchild given up */
  w->nodes[a].left = other;
  w->nodes[a].right = give;
  w->nodes[other].parent = a;
  w->nodes[give].parent = a;
  refit(w, a);
  /* tall: a and the grandchild kept */
  w->nodes[tall].left = a;
  w->nodes[tall].right = keep;
  w->nodes[a].parent = tall;
  w->nodes[keep].parent = tall;
  refit(w, tall);
  return tall;
}

static int box_same(const box *a, const box *b) {
  int k;
  for (k = 0; k < 3; k++)
    if (a->lo[k] != b->lo[k] || a->hi[k] != b->hi[k]) return 0;
  return 1;
}

/* Walks from n to the root, balancing and refitting; stops at the first
   node that keeps its place, box, height and layers (the nodes above it
   and its parent's hot entry then are as they were). A node just made
   by alloc_node has height -1, so it never stops the walk. */
static void fix_upward(collide_world *w, int n) {
  while (n >= 0) {
    node *nd = &w->nodes[n];
    box b = nd->b;
    int height = nd->height, layers = nd->layers, m = balance(w, n);
    refit(w, m);
    nd = &w->nodes[m];
    if (m == n && nd->height == height && nd->layers == layers && box_same(&nd->b, &b))
      return;
    n = nd->parent;
  }
}

/* The sibling for a new leaf of box b: descend while the cost of pairing
   with the node itself exceeds that of going down into a child (the
   surface-area heuristic with the ancestors' growth carried down). */
static int best_sibling(const collide_world *w, const box *b) {
  int n = w->root;
  while (w->nodes[n].left >= 0) {
    const node *nd = &w->nodes[n];
    box u = nd->b;
    double area, combined, cost, inherit, cost_child[2];
    int k, child[2];
    box_union(&u, b);
    area = box_area(&nd->b);
    combined = box_area(&u);
    cost = 2 * combined;
    inherit = 2 * (combined - area);
    child[0] = nd->left;
    child[1] = nd->right;
    for (k = 0; k < 2; k++) {
      const node *c = &w->nodes[child[k]];
      box cu = c->b;
      box_union(&cu, b);
      cost_child[k] = box_area(&cu) + inherit;
      if (c->left >= 0) cost_child[k] -= box_area(&c->b);
    }
    if (cost < cost_child[0] && cost < cost_child[1]) break;
    n = cost_child[0] <= cost_child[1] ? child[0] : child[1];
  }
  return n;
}

static void insert_leaf(collide_world *w, int leaf) {
  int sib, p, old;
  if (w->root < 0) {
    w->root = leaf;
    w->nodes[leaf].parent = -1;
    return;
  }
  sib = best_sibling(w, &w->nodes[leaf].b);
  old = w->nodes[sib].parent;
  p = alloc_node(w);
  w->nodes[p].slot = -1;
  w->nodes[p].left = sib;
  w->nodes[p].right = leaf;
  relink(w, old, sib, p);
  w->nodes[sib].parent = p;
  w->nodes[leaf].parent = p;
  fix_upward(w, p);
}

static void remove_leaf(collide_world *w, int leaf) {
  int p = w->nodes[leaf].parent, g, sib;
  if (p < 0) {
    w->root = -1;
    return;
  }
  g = w->nodes[p].parent;
  sib = w->nodes[p].left == leaf ? w->nodes[p].right : w->nodes[p].left;
  relink(w, g, p, sib);
  free_node(w, p);
  if (g >= 0) fix_upward(w, g);
}

/* The swept box, enlarged (see the notes at the top): by an eighth of the
   shape's size on every side, and ahead by twice its velocity and twice
   the step it just made (before: its box before the change, or NULL). */
static void fat_box(const shape *s, const box *before, box *b) {
  int k;
  double size = 0, m;
  shape_swept_box(s, b);
  for (k = 0; k < 3; k++)
    if (s->bounds.hi[k] - s->bounds.lo[k] > size) size = s->bounds.hi[k] - s->bounds.lo[k];
  m = 0.125 * size;
  for (k = 0; k < 3; k++) {
    double d = s->moving >= 0 ? 2 * vc(&s->vel, k) : 0;
    double step = before ? 2 * (s->bounds.lo[k] - before->lo[k]) : 0;
    b->lo[k] -= m;
    b->hi[k] += m;
    if (d < 0) b->lo[k] += d;
    else b->hi[k] += d;
    /* (a step as large as the coordinate limit would not be finite) */
    if (step < 0 && step > -1e300) b->lo[k] += step;
    else if (step > 0 && step < 1e300) b->hi[k] += step;
  }
}

static void insert_shape(collide_world *w, int s, int fat, const box *before) {
  int leaf = alloc_node(w);
  node *nd = &w->nodes[leaf];
  if (fat) fat_box(&w->slots[s], before, &nd->b);
  else shape_swept_box(&w->slots[s], &nd->b);
  nd->left = nd->right = -1;
  nd->slot = s;
  nd->height = 0;
  nd->layers = w->slots[s].layers;
  insert_leaf(w, leaf);
  w->slots[s].in = IN_TREE;
  w->slots[s].where = leaf;
  w->tree_live++;
}

void collide__tree_insert(collide_world *w, int s, int fat) {
  insert_shape(w, s, fat, NULL);
}

/* Takes slot s out of the static hierarchy: its lane is emptied (the
   boxes above it stay as they were, still containing everything left). */
static void empty_lane(wide_node *nd, int i) {
  int k;
  nd->child[i] = 0;
  nd->layers[i] = 0;
  for (k = 0; k < 3; k++) {
    nd->b[0][k][i] = INFINITY;
    nd->b[1][k][i] = -INFINITY;
  }
}

static void static_remove(collide_world *w, int s) {
  int where = w->slots[s].where;
  empty_lane(&w->wide[where >> 2], where & 3);
  w->static_live--;
  w->static_dead++;
}

void collide__tree_remove(collide_world *w, int s) {
  int leaf = w->slots[s].where;
  if (w->slots[s].in == IN_STATIC) {
    static_remove(w, s);
    return;
  }
  remove_leaf(w, leaf);
  free_node(w, leaf);
  w->tree_live--;
}

void collide__tree_moved(collide_world *w, int s, const box *before) {
  int leaf = w->slots[s].where;
  box b;
  if (w->slots[s].in == IN_STATIC) {
    /* a shape that changes once is likely to change again: from now on
       in the dynamic tree, with an enlarged box (nodes for every shape
       are reserved: nothing to allocate) */
    static_remove(w, s);
    insert_shape(w, s, 1, before);
    w->moved_in++;
    return;
  }
  shape_swept_box(&w->slots[s], &b);
  if (box_contains(&w->nodes[leaf].b, &b)) return;
  remove_leaf(w, leaf);
  fat_box(&w->slots[s], before, &w->nodes[leaf].b);
  insert_leaf(w, leaf);
}

/* The static hierarchy: lane layers are exact at the build; a shape's new
   bits set its lane and the unions above it, up to the first that keeps
   its bits (a shape that left may leave a superset: harmless). */
static void static_layers(collide_world *w, int s) {
  int where = w->slots[s].where, n = where >> 2;
  w->wide[n].layers[where & 3] = w->slots[s].layers;
  while (n > 0) {
    const wide_node *nd = &w->wide[n];
    int up = w->wide_up[n];
    int u = nd->layers[0] | nd->layers[1] | nd->layers[2] | nd->layers[3];
    if (w->wide[up >> 2].layers[up & 3] == u) return;
    w->wide[up >> 2].layers[up & 3] = u;
    n = up >> 2;
  }
}

void collide__tree_layers(collide_world *w, int s) {
  int n = w->slots[s].where, p;
  if (w->slots[s].in == IN_STATIC) {
    static_layers(w, s);
    return;
  }
  w->nodes[n].layers = w->slots[s].layers;
  while ((p = w->nodes[n].parent) >= 0) {
    int u = w->nodes[w->nodes[p].left].layers | w->nodes[w->nodes[p].right].layers;
    sync_hot(w, p);
    if (u == w->nodes[p].layers) return;
    w->nodes[p].layers = u;
    n = p;
  }
}

/* ---- building the hierarchy top-down --------------------------------------- */

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

#define BINS 16
#define SAH_DEPTH 40   /* below this depth, median splits only: the height
                          stays under SAH_DEPTH + log2 n (see STACK_SIZE) */
#define SAH_MIN 4     /* fewer items: a median split (the binning costs as
                          much per level as at the top, for less gain) */

/* The binned surface-area split (Wald, "On fast construction of SAH-based
   bounding volume hierarchies", 2007): the items' centroids put in BINS
   bins along the axis, the split between bins that minimizes
   area(left) * count(left) + area(right) * count(right). Reorders it and
   returns the size of the left part, or 0 when no split separates them. */
static int sah_split(item *it, int n, int axis, double lo, double hi) {
  box bb[BINS], acc = {{0, 0, 0}, {0, 0, 0}};
  int cnt[BINS], i, j, best = -1, left_n;
  double k = BINS / (hi - lo), right_area[BINS], best_cost = 0;
  int right_n[BINS];
  for (i = 0; i < BINS; i++) cnt[i] = 0;
  for (i = 0; i < n; i++) {
    int b = (int)((it[i].c[axis] - lo) * k);
    if (b >= BINS) b = BINS - 1;
    if (b < 0) b = 0;
    if (cnt[b]++ == 0) bb[b] = it[i].b;
    else box_union(&bb[b], &it[i].b);
  }
  /* right_area[i], right_n[i]: the bins after i */
  for (i = BINS - 1, j = 0; i > 0; i--) {
    if (cnt[i]) {
      if (j == 0) acc = bb[i];
      else box_union(&acc, &bb[i]);
      j += cnt[i];
    }
    right_n[i - 1] = j;
    right_area[i - 1] = j ? box_area(&acc) : 0;
  }
  for (i = 0, j = 0; i < BINS - 1; i++) {
    if (cnt[i]) {
      if (j == 0) acc = bb[i];
      else box_union(&acc, &bb[i]);
      j += cnt[i];
    }
    if (j > 0 && right_n[i] > 0) {
      double cost = box_area(&acc) * j + right_area[i] * right_n[i];
      if (best < 0 || cost < best_cost) { best = i; best_cost = cost; }
    }
  }
  if (best < 0) return 0;
  /* the items of bins 0..best first */
  for (i = 0, j = n - 1, left_n = 0; i <= j;) {
    int b = (int)((it[i].c[axis] - lo) * k);
    if (b >= BINS) b = BINS - 1;
    if (b < 0) b = 0;
    if (b <= best) { i++; left_n++; }
    else {
      item t = it[i];
      it[i] = it[j];
      it[j--] = t;
    }
  }
  return left_n > 0 && left_n < n ? left_n : 0;
}

/* Splits it[0, n) (n >= 2) in two and returns the size of the first
   part: binned SAH splits on the axis of largest centroid spread down to
   SAH_DEPTH and SAH_MIN items, median splits (Ericson 6.2.1) below them
   or when the bins do not separate the items. */
static int split_items(item *it, int n, int depth) {
  double lo[3], hi[3], spread = -1;
  int i, k, axis = 0, half = 0;
  for (k = 0; k < 3; k++) lo[k] = hi[k] = it[0].c[k];
  for (i = 1; i < n; i++)
    for (k = 0; k < 3; k++) {
      if (it[i].c[k] < lo[k]) lo[k] = it[i].c[k];
      if (it[i].c[k] > hi[k]) hi[k] = it[i].c[k];
    }
  for (k = 0; k < 3; k++)
    if (hi[k] - lo[k] > spread) { spread = hi[k] - lo[k]; axis = k; }
  /* (a spread too large for its reciprocal, or too small: median) */
  if (n >= SAH_MIN && depth < SAH_DEPTH && spread > 0 && spread < 1e300 &&
      BINS / spread < 1e300)
    half = sah_split(it, n, axis, lo[axis], hi[axis]);
  if (half == 0) {
    half = n / 2;
    /* all centroids equal: any halving is as good */
    if (spread > 0) select_kth(it, n, half, axis);
  }
  return half;
}

/* Builds the subtree over it[0, n) and returns its root. */
static int build_node(collide_world *w, item *it, int n, int parent, int depth) {
  int ni = alloc_node(w), half;
  node *nd = &w->nodes[ni];
  nd->parent = parent;
  if (n == 1) {
    nd->b = it[0].b;
    nd->left = nd->right = -1;
    nd->slot = it[0].slot;
    nd->height = 0;
    nd->layers = w->slots[it[0].slot].layers;
    w->slots[it[0].slot].in = IN_TREE;
    w->slots[it[0].slot].where = ni;
    return ni;
  }
  half = split_items(it, n, depth);
  w->nodes[ni].slot = -1;
  /* (nodes may not move: room was reserved, alloc_node never grows) */
  w->nodes[ni].left = build_node(w, it, half, ni, depth + 1);
  w->nodes[ni].right = build_node(w, it + half, n - half, ni, depth + 1);
  refit(w, ni);
  return ni;
}

/* ---- the static hierarchy ----------------------------------------------------
 *
 * Shapes that never changed since they were added (a level's meshes, its
 * walls: most of a world) are built into a second, read-only hierarchy
 * beside the dynamic tree, as Bullet's btDbvtBroadphase keeps a static and
 * a dynamic set: four children a node, their boxes in floats by axis and
 * lane, so a query tests all four with a few SSE2 operations and walks
 * half the levels of a binary tree, over nodes half the size per child.
 * A wide node is two levels of the binary build (each part split again
 * once), so it has the same boxes as the SAH tree, fewer of them. A
 * shape that changes (update, advance, a velocity) leaves it in O(1) --
 * its lane is emptied -- and goes into the dynamic tree; the hierarchy is
 * built again, with the rest of the world, once half its lanes are empty
 * (collide__tree_refresh), so that cost is amortized over as many
 * changes. Its triangles are also copied, with what a ray's test needs
 * of them, into an array in leaf order (static_tri: a node's triangles
 * adjacent, two cache lines each), and each lane keeps its shapes' layer
 * union, so a mask skips lanes as in the dynamic tree.
 */

/* The box of it[0, n). */
static void items_box(const item *it, int n, box *b) {
  int i;
  *b = it[0].b;
  for (i = 1; i < n; i++) box_union(b, &it[i].b);
}

/* The child entry of a static lane holding slot s: a triangle that
   collide_raycast_triangle's filter takes (not near degenerate: its first
   test, the same operations) gets a static_tri, anything else ~s. */
static int static_child(collide_world *w, int s) {
  const shape *sh = &w->slots[s];
  static_tri *t;
  double m;
  vec3 cr;
  if (sh->kind != COLLIDE_SHAPE_TRIANGLE) return ~s;
  t = &w->stri[w->nstri];
  t->a = sh->g.tri.a;
  t->e1 = v_sub(sh->g.tri.b, t->a);
  t->e2 = v_sub(sh->g.tri.c, t->a);
  t->e11 = v_len2(t->e1);
  t->e22 = v_len2(t->e2);
  cr = v_cross(t->e1, t->e2);
  m = 1e-12 * 2.01 * (t->e11 + t->e22);   /* DEGENERATE_AREA, collide_sphere.c */
  if (!((m > 1e-150) && (v_len2(cr) > 1.0001 * (m * m)))) return ~s;
  tri_mag(t, &sh->g.tri.a, &sh->g.tri.b, &sh->g.tri.c);
  t->id = sh->id;
  t->slot = s;
  return ~(STATIC_TRI + w->nstri++);
}

/* The slot of a static lane's child c < 0. */
static int static_slot(const collide_world *w, int c) {
  int x = ~c;
  return x < STATIC_TRI ? x : w->stri[x - STATIC_TRI].slot;
}

/* Room for n static triangles, aligned to 64 bytes (the contents need
   not survive: every build writes them again). 0 or NOMEM. */
static int stri_reserve(collide_world *w, int n) {
  void *mem;
  if (n <= w->cap_stri) return 0;
  if ((size_t)n > ((size_t)-1 - 64) / sizeof(static_tri)) return NOMEM;
  mem = malloc((size_t)n * sizeof(static_tri) + 64);
  if (!mem) return NOMEM;
  free(w->stri_mem);
  w->stri_mem = mem;
  w->stri = (static_tri *)(void *)((char *)mem + (64 - ((size_t)mem & 63)) % 64);
  w->cap_stri = n;
  return 0;
}

/* Fills wide node ni from it[0, n) (n >= 1): the items split in two and
   each part again (parts of one item are lanes of shapes), 2 to 4 parts;
   a part of several items becomes a child node. depth: of the binary
   splits above, as build_node counts. The depth is at most half the
   binary build's (SAH_DEPTH + log2 n), so a query's stack of at most
   three entries per level stays far below STACK_SIZE. */
static void build_wide(collide_world *w, int ni, item *it, int n, int depth) {
  int first[4], size[4], parts = 0, i, k;
  wide_node *nd = &w->wide[ni];
  if (n <= 4) {
    for (i = 0; i < n; i++) { first[i] = i; size[i] = 1; }
    parts = n;
  } else {
    int half = split_items(it, n, depth), q;
    int at[2], len[2];
    at[0] = 0; len[0] = half;
    at[1] = half; len[1] = n - half;
    for (i = 0; i < 2; i++) {
      if (len[i] >= 2) {
        q = split_items(it + at[i], len[i], depth + 1);
        first[parts] = at[i]; size[parts++] = q;
        first[parts] = at[i] + q; size[parts++] = len[i] - q;
      } else {
        first[parts] = at[i]; size[parts++] = len[i];
      }
    }
  }
  memset(nd, 0, sizeof *nd);
  for (i = parts; i < 4; i++) empty_lane(nd, i);
  for (i = 0; i < parts; i++) {
    const item *p = it + first[i];
    box b;
    int j, layers = 0;
    if (size[i] == 1) {
      b = p->b;
      nd->child[i] = static_child(w, p->slot);
      w->slots[p->slot].in = IN_STATIC;
      w->slots[p->slot].where = 4 * ni + i;
    } else {
      items_box(p, size[i], &b);
      nd->child[i] = w->nwide++;   /* (room for n nodes was allocated) */
      w->wide_up[nd->child[i]] = 4 * ni + i;
    }
    for (j = 0; j < size[i]; j++) layers |= w->slots[p[j].slot].layers;
    nd->layers[i] = layers;
    for (k = 0; k < 3; k++) {
      nd->b[0][k][i] = float_down(b.lo[k]);
      nd->b[1][k][i] = float_up(b.hi[k]);
    }
  }
  for (i = 0; i < parts; i++)
    if (size[i] > 1)
      build_wide(w, nd->child[i], it + first[i], size[i], depth + 2);
}

int collide_world_build(collide_world *w) {
  int n = w->tree_live + w->static_live + w->npending, i, m = 0, nstat, e;
  item *it;
  if (w->busy) return LOCKED;
  if (n == 0) return 0;
  /* a wide node has at least two children, so n - 1 are enough (one for
     a single shape) */
  GROW(e, w->wide, w->cap_wide, n);
  if (e) return e;
  GROW(e, w->wide_up, w->cap_wide_up, n);
  if (e) return e;
  if ((e = stri_reserve(w, n)) != 0) return e;
  it = (item *)malloc((size_t)n * sizeof *it);
  if (!it) return NOMEM;
  /* the shapes never changed first, those changed after them */
  for (i = 0; i < w->nslots; i++)
    if (w->slots[i].id && (w->slots[i].in == IN_TREE || w->slots[i].in == IN_STATIC) &&
        !w->slots[i].changed)
      it[m++].slot = i;
  for (i = 0; i < w->npending; i++) it[m++].slot = w->pending[i];
  nstat = m;
  for (i = 0; i < w->nslots; i++)
    if (w->slots[i].id && (w->slots[i].in == IN_TREE || w->slots[i].in == IN_STATIC) &&
        w->slots[i].changed)
      it[m++].slot = i;
  for (i = 0; i < m; i++) {
    int k;
    shape_swept_box(&w->slots[it[i].slot], &it[i].b);
    for (k = 0; k < 3; k++) it[i].c[k] = 0.5 * it[i].b.lo[k] + 0.5 * it[i].b.hi[k];
  }
  w->nnodes = 0;
  w->free_node = -1;
  w->root = m > nstat ? build_node(w, it + nstat, m - nstat, -1, 0) : -1;
  w->nwide = 0;
  w->nstri = 0;
  if (nstat > 0) {
    w->nwide = 1;
    build_wide(w, 0, it, nstat, 0);
  }
  free(it);
  w->tree_live = m - nstat;
  w->static_live = nstat;
  w->static_dead = 0;
  w->npending = 0;
  w->inserted = 0;
  w->moved_in = 0;
  return 0;
}

/* The static hierarchy built again over the shapes still in it (the rest
   of the world as it is): 0 or NOMEM, which leaves it as it was. */
static int rebuild_static(collide_world *w) {
  int n = w->static_live, i, j, m = 0;
  item *it;
  if (n == 0) {
    w->nwide = 0;
    w->static_dead = 0;
    return 0;
  }
  it = (item *)malloc((size_t)n * sizeof *it);
  if (!it) return NOMEM;
  for (i = 0; i < w->nwide; i++)
    for (j = 0; j < 4; j++)
      if (w->wide[i].child[j] < 0) {
        int k;
        it[m].slot = static_slot(w, w->wide[i].child[j]);
        shape_swept_box(&w->slots[it[m].slot], &it[m].b);
        for (k = 0; k < 3; k++) it[m].c[k] = 0.5 * it[m].b.lo[k] + 0.5 * it[m].b.hi[k];
        m++;
      }
  w->nwide = 1;
  w->nstri = 0;   /* (read above, written again below) */
  build_wide(w, 0, it, m, 0);
  free(it);
  w->static_dead = 0;
  return 0;
}

/* The dynamic tree built again top-down (SAH) over its shapes, each with
   its enlarged box (fat_box), as collide__tree_moved would insert it: 0 or
   NOMEM, which leaves it as it was. Shapes that leave the static hierarchy
   arrive one insertion at a time; when a level's movers all start moving
   at once (a thousand in the first frame), insertion alone leaves a tree
   of worse boxes than the build gives, and a query pays for it every
   frame after. Built again once the insertions since the last build pass
   half the tree (collide__tree_refresh), so the cost, O(m log m) for m
   shapes, is amortized over as many insertions. */
static int rebuild_dynamic(collide_world *w) {
  int n = w->tree_live, i, m = 0;
  item *it;
  if (n == 0) return 0;
  it = (item *)malloc((size_t)n * sizeof *it);
  if (!it) return NOMEM;
  for (i = 0; i < w->nslots && m < n; i++)
    if (w->slots[i].id && w->slots[i].in == IN_TREE) {
      int k;
      it[m].slot = i;
      fat_box(&w->slots[i], NULL, &it[m].b);
      for (k = 0; k < 3; k++) it[m].c[k] = 0.5 * it[m].b.lo[k] + 0.5 * it[m].b.hi[k];
      m++;
    }
  if (m == 0) {   /* (tree_live counts them: not reached) */
    free(it);
    return 0;
  }
  w->nnodes = 0;
  w->free_node = -1;
  w->root = build_node(w, it, m, -1, 0);
  free(it);
  w->moved_in = 0;
  return 0;
}

void collide__tree_refresh(collide_world *w) {
  int live = w->tree_live + w->static_live;
  if (w->busy) return;
  /* a tree grown too tall for a query's stack (insertions rebalance it,
     without a hard bound): built again, SAH_DEPTH + log2 n high */
  if (w->root >= 0 && w->nodes[w->root].height > STACK_SIZE - 8) {
    if (collide_world_build(w) == 0) return;
  }
  /* a static hierarchy half empty: built again over the shapes left */
  if (w->static_dead > 64 + w->static_live) (void)rebuild_static(w);
  if (w->npending > 0) {
    if (live == 0 || w->npending > 8 + live / 2 ||
        w->inserted + w->npending > 16 + live / 2) {
      if (collide_world_build(w) == 0) return;
    }
    /* a few, or the build could not allocate: insert them one by one */
    while (w->npending > 0) {
      int s = w->pending[--w->npending];
      collide__tree_insert(w, s, 0);
      w->inserted++;
    }
  }
  /* many shapes moved into the tree one by one: built again */
  if (w->moved_in > 64 + w->tree_live / 2) (void)rebuild_dynamic(w);
}
