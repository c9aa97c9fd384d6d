/*
 * collide_tree.c -- the world's bounding-volume hierarchy: the top-down
 * build, insertion into a built tree, and the rebuild policy (see the notes
 * at the top of collide_world.c).
 */
#include "collide_world_internal.h"


/* Inserts slot s into the built tree: descend to the child whose box grows
   least (ties: the smaller box), then split the leaf reached into the old
   leaf and a new one-shape leaf. Room was reserved by new_slot. Returns 0,
   or -1 when the tree is too deep (the caller keeps s pending). */
int collide__tree_insert(collide_world *w, int s) {
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
void collide__tree_refresh(collide_world *w) {
  int live = w->tree_live;
  if (w->busy) return;
  if ((w->npending > 0 && (w->nnodes == 0 || w->npending > 8)) ||
      w->inserted > 16 + live / 2 || w->dead > 16 + live / 2)
    (void)collide_world_build(w);
}

