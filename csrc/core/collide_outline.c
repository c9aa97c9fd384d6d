/*
 * collide_outline.c -- 2D level geometry made into world shapes (issue 29):
 * tile grids merged into few boxes, and simple (concave) outlines cut into
 * convex polygons.
 *
 * Tiles. A platformer's map has thousands of solid cells; one box per cell
 * makes the tree and every query pay for each. The cells are merged
 * greedily: the first unused solid cell in row-major order starts a run
 * along its row, as long as the row stays solid; the run then grows down
 * over every following row that is solid (and unused) under all of it.
 * The result is a set of disjoint rectangles covering exactly the solid
 * cells (a floor row becomes one box, a wall one column). Every boundary
 * is computed as origin + k * size from the same integer k whichever box
 * it belongs to, so boxes that meet share their boundary to the last bit
 * whenever the box's centre +- half extent reproduces it (always for
 * integer and binary-fraction sizes and origins; else within an ulp).
 *
 * Outlines. A region given by its boundary, a simple polygon that may be
 * concave, is triangulated by ear clipping (Meisters 1975, "Polygons have
 * ears"; O'Rourke, "Computational Geometry in C", 1.6) and the triangles
 * merged back into convex pieces by Hertel-Mehlhorn (1983: remove each
 * diagonal whose two sides stay convex at both its ends; at most four
 * times the fewest convex pieces). Every decision is the sign of an
 * orientation determinant computed exactly (orient2 below), so a nearly
 * collinear outline is cut into valid pieces, never into a sliver that
 * rounding made concave. Straight vertices (exactly collinear with their
 * neighbours) are dropped first, so every diagonal ends at a true corner
 * of the outline: no seam meets a flat stretch of the boundary, where a
 * sliding mover could catch on it.
 *
 * The outline is 3D points on a plane (a 2D game's at z = 0): the tests
 * work on its projection along the axis its Newell normal is largest on
 * (Ericson, "Real-Time Collision Detection", 5.3.4 on choosing the
 * projection plane), which is one to one for a planar polygon; each
 * piece is then validated as a polygon in 3D (planarity with the usual
 * tolerance, collide_polygon_init).
 */
#include <stdlib.h>

#include "collide_prims.h"

/* ---- tiles ------------------------------------------------------------------ */

/* The grid lines of one axis snapped to multiples of g, twice the ulp of
   the largest line m: then any two lines lo < hi make a box whose centre
   (lo + hi) / 2 and half extent (hi - lo) / 2 are exact (sums and
   differences of multiples of g up to 2m are multiples of ulp(2m) = g),
   so centre - half and centre + half give lo and hi back exactly. The
   world keeps a box as centre and half extents; without the snap the
   rounded midpoint and half width can be an ulp off at either end
   (there is no exact pair when lo + hi is an odd number of ulps), which
   leaves a step of an ulp between two boxes sharing a boundary: a ledge
   a mover sliding along stops at (found by the snag test at 0.1 tiles).
   Moves each line by at most one ulp of m. */
static double snap_unit(double m) {
  int e;
  if (m == 0) return 0;
  (void)frexp(m, &e);   /* m = f 2^e, f in [0.5, 1): ulp(m) = 2^(e - 53) */
  return ldexp(1.0, e - 52);
}

static double snap(double x, double g) {
  return g == 0 ? x : floor(x / g + 0.5) * g;
}

int collide_world_add_tiles(collide_world *w, const unsigned char *cells,
                            int rows, int cols, const collide_vec3 *size,
                            const collide_vec3 *origin, int *first_id) {
  unsigned char *used;
  double gx, gy, gz, z0, z1;
  int r, c, n = 0, e = 0;
  *first_id = -1;
  if (rows < 0 || cols < 0 || (rows > 0 && cols > 0 && !cells))
    return COLLIDE_FAIL(2, COLLIDE_E_BAD_INDEX);
  CHECK_VEC(size, 3);
  if (!(size->x > 0 && size->y > 0)) return COLLIDE_FAIL(3, COLLIDE_E_TILE_SIZE);
  if (size->z < 0) return COLLIDE_FAIL(3, COLLIDE_E_NEG_EXTENT);
  CHECK_VEC(origin, 4);
  /* the far corner must be within the coordinate limit too */
  if (!(fabs(origin->x + (double)cols * size->x) <= COLLIDE_MAX_COORD &&
        fabs(origin->y + (double)rows * size->y) <= COLLIDE_MAX_COORD &&
        fabs(origin->z + size->z) <= COLLIDE_MAX_COORD))
    return COLLIDE_FAIL(2, COLLIDE_E_VEC_RANGE);
  /* the id the first box gets (add_mesh of nothing says it, or that the
     world is locked); the boxes take the ids after it in order */
  if ((e = collide_world_add_mesh(w, NULL, 0, NULL, 0, first_id)) < 0) return e;
  if (rows == 0 || cols == 0) return 0;
  gx = snap_unit(fmax(fabs(origin->x), fabs(origin->x + (double)cols * size->x)));
  gy = snap_unit(fmax(fabs(origin->y), fabs(origin->y + (double)rows * size->y)));
  gz = snap_unit(fmax(fabs(origin->z), fabs(origin->z + size->z)));
  z0 = snap(origin->z, gz);
  z1 = snap(origin->z + size->z, gz);
  if ((size_t)rows > (size_t)-1 / (size_t)cols) return COLLIDE_FAIL(0, COLLIDE_E_NOMEM);
  used = (unsigned char *)calloc((size_t)rows * (size_t)cols, 1);
  if (!used) return COLLIDE_FAIL(0, COLLIDE_E_NOMEM);
  for (r = 0; r < rows && e >= 0; r++) {
    for (c = 0; c < cols; c++) {
      size_t at = (size_t)r * (size_t)cols + (size_t)c;
      int c1 = c + 1, r1 = r + 1, k, id;
      double x0, x1, y0, y1;
      if (!cells[at] || used[at]) continue;
      while (c1 < cols && cells[at + (size_t)(c1 - c)] && !used[at + (size_t)(c1 - c)]) c1++;
      for (; r1 < rows; r1++) {   /* grow down while the whole run is free */
        size_t row = (size_t)r1 * (size_t)cols;
        for (k = c; k < c1 && cells[row + (size_t)k] && !used[row + (size_t)k]; k++) {}
        if (k < c1) break;
      }
      for (k = r; k < r1; k++)
        memset(used + (size_t)k * (size_t)cols + (size_t)c, 1, (size_t)(c1 - c));
      x0 = snap(origin->x + (double)c * size->x, gx);
      x1 = snap(origin->x + (double)c1 * size->x, gx);
      y0 = snap(origin->y + (double)r * size->y, gy);
      y1 = snap(origin->y + (double)r1 * size->y, gy);
      {
        collide_vec3 centre = v3(0.5 * (x0 + x1), 0.5 * (y0 + y1), 0.5 * (z0 + z1));
        collide_vec3 half = v3(0.5 * (x1 - x0), 0.5 * (y1 - y0), 0.5 * (z1 - z0));
        id = collide_world_add_aabb(w, &centre, &half);
      }
      if (id < 0) {
        e = id;
        break;
      }
      n++;
    }
  }
  free(used);
  if (e < 0) {   /* (only out of memory or locked): take back what was added */
    int i;
    for (i = 0; i < n; i++) (void)collide_world_remove(w, *first_id + i);
    *first_id = -1;
    return COLLIDE_FAIL(0, collide_error_reason(e));
  }
  return n;
}

/* ---- exact orientation ------------------------------------------------------ */

/* a + b = x + y exactly, x the rounded sum (Knuth's Two-Sum; Shewchuk,
   "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
   Predicates", 1997, Theorem 7). */
static void two_sum(double a, double b, double *x, double *y) {
  double s = a + b, bv = s - a, av = s - bv;
  *x = s;
  *y = (a - av) + (b - bv);
}

/* Adds b to the expansion e[0 .. n) (nonoverlapping, increasing
   magnitude), giving n + 1 components: Shewchuk's Grow-Expansion
   (Theorem 10), which keeps the sum exact and the expansion
   nonoverlapping, so its sign is that of its last nonzero component. */
static int grow(double *e, int n, double b) {
  int i;
  for (i = 0; i < n; i++) two_sum(b, e[i], &b, &e[i]);
  e[n] = b;
  return n + 1;
}

/* The sign (-1, 0, 1) of (b - a) x (c - a), exactly: positive when a, b,
   c turn counter-clockwise. The determinant expands into six products of
   coordinates, bx cy - bx ay - ax cy - by cx + by ax + ay cx; each product
   is p + q exactly with p = x*y rounded and q = fma(x, y, -p) (the error
   of a product is a double: Ogita, Rump, Oishi, "Accurate sum and dot
   product", 2005, TwoProductFMA), and the twelve terms are summed exactly
   by grow. Exact for coordinates up to the world's limit (1e50: products
   below 1e100) whose nonzero products are above 2^-969 (about 1e-291;
   below that a product's error is not representable). */
static int orient2(double ax, double ay, double bx, double by, double cx, double cy) {
  double t[6][2], e[12];
  int i, n = 0;
  t[0][0] = bx; t[0][1] = cy;
  t[1][0] = -bx; t[1][1] = ay;
  t[2][0] = -ax; t[2][1] = cy;
  t[3][0] = -by; t[3][1] = cx;
  t[4][0] = by; t[4][1] = ax;
  t[5][0] = ay; t[5][1] = cx;
  for (i = 0; i < 6; i++) {
    double p = t[i][0] * t[i][1], q = collide_fma(t[i][0], t[i][1], -p);
    n = grow(e, n, p);
    n = grow(e, n, q);
  }
  for (i = n - 1; i >= 0; i--)
    if (e[i] != 0) return e[i] > 0 ? 1 : -1;
  return 0;
}

/* ---- outlines ---------------------------------------------------------------- */

/* The outline projected: point i is (x[i], y[i]). */
typedef struct flat { const double *x, *y; } flat;

static int orient_at(const flat *f, int a, int b, int c) {
  return orient2(f->x[a], f->y[a], f->x[b], f->y[b], f->x[c], f->y[c]);
}

/* 1 when point p, collinear with segment ab, lies on it (closed). */
static int on_segment(const flat *f, int a, int b, int p) {
  double lox = f->x[a] < f->x[b] ? f->x[a] : f->x[b];
  double hix = f->x[a] < f->x[b] ? f->x[b] : f->x[a];
  double loy = f->y[a] < f->y[b] ? f->y[a] : f->y[b];
  double hiy = f->y[a] < f->y[b] ? f->y[b] : f->y[a];
  return f->x[p] >= lox && f->x[p] <= hix && f->y[p] >= loy && f->y[p] <= hiy;
}

/* Whether edges i (points i, i+1) and j (j, j+1) of an outline of n
   points meet where they should not: anywhere for edges apart, beyond
   their shared point for neighbours (folding back on each other). *t,
   when they meet, is roughly where along edge i. */
static int edges_meet(const flat *f, int n, int i, int j, double *t) {
  int a = i, b = (i + 1) % n, c = j, d = (j + 1) % n;
  int d1, d2, d3, d4;
  if (b == c || d == a) {   /* neighbours: they meet at the shared point */
    int s = b == c ? b : a, p = b == c ? a : b, q = b == c ? d : c;
    /* they overlap beyond it only when collinear and one's far end lies
       on the other */
    if (orient_at(f, p, s, q) != 0) return 0;
    if (on_segment(f, s, q, p)) { *t = p == a ? 0 : 1; return 1; }
    if (on_segment(f, s, p, q)) { *t = s == a ? 0 : 1; return 1; }
    return 0;
  }
  d1 = orient_at(f, c, d, a);
  d2 = orient_at(f, c, d, b);
  d3 = orient_at(f, a, b, c);
  d4 = orient_at(f, a, b, d);
  if (d1 * d2 < 0 && d3 * d4 < 0) {   /* a proper crossing */
    /* (rounded: only to say where) */
    double ex = f->x[b] - f->x[a], ey = f->y[b] - f->y[a];
    double gx = f->x[d] - f->x[c], gy = f->y[d] - f->y[c];
    double den = ex * gy - ey * gx;
    *t = den != 0 ? ((f->x[c] - f->x[a]) * gy - (f->y[c] - f->y[a]) * gx) / den : 0.5;
    return 1;
  }
  if (d1 == 0 && on_segment(f, c, d, a)) { *t = 0; return 1; }
  if (d2 == 0 && on_segment(f, c, d, b)) { *t = 1; return 1; }
  if (d3 == 0 && on_segment(f, a, b, c) && f->x[b] != f->x[a]) {
    *t = (f->x[c] - f->x[a]) / (f->x[b] - f->x[a]); return 1;
  }
  if (d3 == 0 && on_segment(f, a, b, c)) {
    *t = (f->y[c] - f->y[a]) / (f->y[b] - f->y[a]); return 1;
  }
  if (d4 == 0 && on_segment(f, a, b, d) && f->x[b] != f->x[a]) {
    *t = (f->x[d] - f->x[a]) / (f->x[b] - f->x[a]); return 1;
  }
  if (d4 == 0 && on_segment(f, a, b, d)) {
    *t = (f->y[d] - f->y[a]) / (f->y[b] - f->y[a]); return 1;
  }
  return 0;
}

/* An edge's extent in x, for the sweep below. */
typedef struct span { double lo, hi; int i; } span;

static int cmp_span(const void *a, const void *b) {
  const span *p = (const span *)a, *q = (const span *)b;
  if (p->lo != q->lo) return p->lo < q->lo ? -1 : 1;
  return (p->i > q->i) - (p->i < q->i);
}

/* 1 when the outline is not simple, with the first pair of edges found
   meeting in where[] (lower first) and *t along where[0]. Edges sorted by
   their lowest x, each tested against those starting before it ends
   (sweep and prune; quadratic only for outlines whose edges all overlap
   in x). sp: n spans of scratch. */
static int not_simple(const flat *f, int n, span *sp, int *where, double *t) {
  int i, j;
  for (i = 0; i < n; i++) {
    double a = f->x[i], b = f->x[(i + 1) % n];
    sp[i].lo = a < b ? a : b;
    sp[i].hi = a < b ? b : a;
    sp[i].i = i;
  }
  qsort(sp, (size_t)n, sizeof *sp, cmp_span);
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n && sp[j].lo <= sp[i].hi; j++) {
      int p = sp[i].i < sp[j].i ? sp[i].i : sp[j].i;
      int q = sp[i].i < sp[j].i ? sp[j].i : sp[i].i;
      if (edges_meet(f, n, p, q, t)) {
        where[0] = p;
        where[1] = q;
        return 1;
      }
    }
  return 0;
}

/* A corner of a convex piece: its point, the next corner in the piece
   (counter-clockwise), the previous, the triangle it was made in (the
   piece is that triangle's root in the union of merged triangles) and
   the diagonal running from it to the next corner (-1 on the outline). */
typedef struct corner { int point, next, prev, piece, diag; } corner;

/* A diagonal between the corner a (point u, next point v) of one piece
   and the corner b (point v, next point u) of another. */
typedef struct diagonal { int a, b; } diagonal;

static int root(int *parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

/* Removes diagonal d when the two pieces it separates make a convex one
   (strictly: both of its ends stay corners), Hertel-Mehlhorn's step. */
static void merge_across(const flat *f, corner *k, diagonal *dg, int d, int *parent) {
  int a = dg[d].a, b = dg[d].b;
  int av = k[a].next, bu = k[b].next;   /* the corners at v in a's piece, at u in b's */
  int s = k[bu].next, r = k[b].prev;    /* b's piece goes on past u to s, comes to v from r */
  if (orient_at(f, k[k[a].prev].point, k[a].point, k[s].point) <= 0) return;
  if (orient_at(f, k[r].point, k[av].point, k[k[av].next].point) <= 0) return;
  /* splice: ... -> prev(a) -> a (u) -> s ... r -> av (v) -> ... */
  k[a].next = s;
  k[s].prev = a;
  k[r].next = av;
  k[av].prev = r;
  /* the edge from u now runs to s: it is corner bu's, a diagonal or not */
  k[a].diag = k[bu].diag;
  if (k[a].diag >= 0) {
    if (dg[k[a].diag].a == bu) dg[k[a].diag].a = a;
    else dg[k[a].diag].b = a;
  }
  parent[root(parent, k[b].piece)] = root(parent, k[a].piece);
}

/* Cuts the simple outline (m points by index in ring[], straight points
   dropped, counter-clockwise in f) into convex pieces: corners in k (3
   per triangle), diagonals in dg; returns how many triangles. Ear
   clipping by walking the ring: a convex point is an ear when no reflex
   point lies in (or on) its triangle; clipping an ear only ever makes
   its neighbours convex, so the walk finds the next ear within one turn
   of the ring (a simple polygon of more than 3 points has two ears). */
static int triangulate(const flat *f, int m, const int *ring, int *nx, int *pv,
                       signed char *reflex, int *owner, corner *k, diagonal *dg,
                       int *ndiag) {
  int i, cur = 0, left = m, tri = 0, misses = 0;
  for (i = 0; i < m; i++) {
    nx[i] = (i + 1) % m;
    pv[i] = (i + m - 1) % m;
    owner[i] = -1;
  }
  for (i = 0; i < m; i++)
    reflex[i] = (signed char)(orient_at(f, ring[pv[i]], ring[i], ring[nx[i]]) < 0);
  *ndiag = 0;
  while (left >= 3) {
    int p = pv[cur], q = nx[cur], ear = 0, c, t;
    if (left == 3) ear = 1;
    else if (!reflex[cur] && orient_at(f, ring[p], ring[cur], ring[q]) > 0) {
      ear = 1;
      for (c = nx[q]; c != p && ear; c = nx[c]) {
        if (!reflex[c]) continue;
        if (orient_at(f, ring[p], ring[cur], ring[c]) >= 0 &&
            orient_at(f, ring[cur], ring[q], ring[c]) >= 0 &&
            orient_at(f, ring[q], ring[p], ring[c]) >= 0)
          ear = 0;
      }
    }
    if (!ear) {
      cur = q;
      if (++misses > 2 * left) return -1;   /* (not for a simple outline) */
      continue;
    }
    misses = 0;
    t = 3 * tri;
    k[t].point = ring[p]; k[t + 1].point = ring[cur]; k[t + 2].point = ring[q];
    for (c = 0; c < 3; c++) {
      k[t + c].next = t + (c + 1) % 3;
      k[t + c].prev = t + (c + 2) % 3;
      k[t + c].piece = tri;
      k[t + c].diag = -1;
    }
    /* edges p -> cur and cur -> q: diagonals when an earlier ear made them */
    if (owner[p] >= 0) {
      dg[*ndiag].a = t; dg[*ndiag].b = owner[p];
      k[t].diag = k[owner[p]].diag = (*ndiag)++;
    }
    if (owner[cur] >= 0) {
      dg[*ndiag].a = t + 1; dg[*ndiag].b = owner[cur];
      k[t + 1].diag = k[owner[cur]].diag = (*ndiag)++;
    }
    owner[p] = t + 2;   /* the ring's new edge p -> q is this triangle's q -> p */
    tri++;
    if (left == 3) break;
    nx[p] = q;
    pv[q] = p;
    left--;
    if (reflex[p] && orient_at(f, ring[pv[p]], ring[p], ring[q]) > 0) reflex[p] = 0;
    if (reflex[q] && orient_at(f, ring[p], ring[q], ring[nx[q]]) > 0) reflex[q] = 0;
    cur = p;
  }
  return tri;
}

/* Newell's normal's largest axis: 0 (x), 1 (y) or 2 (z), the axis to
   project along. */
static int projection_axis(const collide_vec3 *v, int n) {
  vec3 nn = v3(0, 0, 0);
  double ax, ay, az;
  int i;
  for (i = 0; i < n; i++) {
    vec3 a = v_sub(v[i], v[0]), b = v_sub(v[(i + 1) % n], v[0]);
    nn = v_add(nn, v_cross(a, b));
  }
  ax = fabs(nn.x); ay = fabs(nn.y); az = fabs(nn.z);
  if (az >= ax && az >= ay) return 2;
  return ax >= ay ? 0 : 1;
}

int collide_world_add_outline(collide_world *w, const collide_vec3 *points,
                              int count, int *first_id, int *where,
                              collide_vec3 *at) {
  double *xy = NULL, t = 0;
  int *ring, *nx, *pv, *owner, *parent, *done;
  signed char *reflex;
  corner *k;
  diagonal *dg;
  span *sp;
  collide_vec3 *piece;
  void *mem;
  size_t bytes;
  int i, n = count, m, axis, lo, tri, ndiag, npieces = 0, e = 0, added = 0;
  flat f;
  *first_id = -1;
  where[0] = where[1] = -1;
  if (!points || n < 3) return COLLIDE_FAIL(2, COLLIDE_E_FEW_VERTICES);
  if (n > COLLIDE_MAX_POLYGON_VERTICES + 1) return COLLIDE_FAIL(2, COLLIDE_E_TOO_MANY_VERTICES);
  for (i = 0; i < n; i++) CHECK_VEC(&points[i], 2);
  /* a closing point equal to the first is the first */
  if (points[n - 1].x == points[0].x && points[n - 1].y == points[0].y &&
      points[n - 1].z == points[0].z && --n < 3)
    return COLLIDE_FAIL(2, COLLIDE_E_FEW_VERTICES);
  if (n > COLLIDE_MAX_POLYGON_VERTICES) return COLLIDE_FAIL(2, COLLIDE_E_TOO_MANY_VERTICES);
  if ((e = collide_world_add_mesh(w, NULL, 0, NULL, 0, first_id)) < 0) return e;
  /* one block of scratch: coordinates, rings, corners, diagonals */
  bytes = (size_t)n * (2 * sizeof(double) + 7 * sizeof(int) + 1 + sizeof(span) +
                       sizeof(collide_vec3) + 3 * sizeof(corner) + sizeof(diagonal)) + 64;
  mem = malloc(bytes);
  if (!mem) return COLLIDE_FAIL(0, COLLIDE_E_NOMEM);
  /* (the members with doubles first, so each part stays aligned) */
  xy = (double *)mem;
  sp = (span *)(void *)(xy + 2 * (size_t)n);
  piece = (collide_vec3 *)(void *)(sp + n);
  k = (corner *)(void *)(piece + n);
  dg = (diagonal *)(void *)(k + 3 * (size_t)n);
  ring = (int *)(void *)(dg + n);
  nx = ring + n; pv = nx + n; owner = pv + n; parent = owner + n; done = parent + n;
  reflex = (signed char *)(done + n);
  axis = projection_axis(points, n);
  {
    double big = 0;
    int e2;
    for (i = 0; i < n; i++) {   /* (x, y, z) dropping axis, kept right-handed */
      const collide_vec3 *p = &points[i];
      xy[i] = axis == 0 ? p->y : axis == 1 ? p->z : p->x;
      xy[n + i] = axis == 0 ? p->z : axis == 1 ? p->x : p->y;
      big = fmax(big, fmax(fabs(xy[i]), fabs(xy[n + i])));
    }
    /* scaled by a power of two to a largest coordinate near 1: exact
       (short of coordinates 2^1000 below the largest, which would become
       subnormal), and it changes no orientation's sign, while it keeps
       the products of orient2 clear of underflow for tiny outlines */
    if (big > 0) {
      (void)frexp(big, &e2);
      for (i = 0; i < 2 * n; i++) xy[i] = ldexp(xy[i], -e2);
    }
  }
  f.x = xy;
  f.y = xy + n;
  if (not_simple(&f, n, sp, where, &t)) {
    int b = (where[0] + 1) % n;
    *at = v_lerp(points[where[0]], points[b], t < 0 ? 0 : t > 1 ? 1 : t);
    e = COLLIDE_FAIL(2, COLLIDE_E_SELF_CROSSING);
    goto done;
  }
  /* counter-clockwise (in the projection) from here on: the turn at the
     lowest (then leftmost) point, a corner of the hull, is the winding */
  for (i = 1, lo = 0; i < n; i++)
    if (f.y[i] < f.y[lo] || (f.y[i] == f.y[lo] && f.x[i] < f.x[lo])) lo = i;
  {
    int ccw = orient_at(&f, (lo + n - 1) % n, lo, (lo + 1) % n) > 0;
    /* straight points dropped (a simple outline has no fold-backs, so a
       zero turn is a straight one) */
    for (i = 0, m = 0; i < n; i++) {
      int j = ccw ? i : n - 1 - i;
      int a = ccw ? (j + n - 1) % n : (j + 1) % n, b = ccw ? (j + 1) % n : (j + n - 1) % n;
      if (orient_at(&f, a, j, b) != 0) ring[m++] = j;
    }
    /* fewer than 3 corners: a simple outline always has 3, but points so
       far apart in magnitude that their products underflow (2^-969)
       can make every turn look straight */
    if (m < 3) {
      e = COLLIDE_FAIL(2, COLLIDE_E_POLY_COLLINEAR);
      goto done;
    }
    tri = triangulate(&f, m, ring, nx, pv, reflex, owner, k, dg, &ndiag);
    if (tri < 0) {   /* (as above: only past exactness, said, not hidden) */
      e = COLLIDE_FAIL(2, COLLIDE_E_SELF_CROSSING);
      goto done;
    }
    for (i = 0; i < tri; i++) parent[i] = i;
    for (i = 0; i < ndiag; i++) merge_across(&f, k, dg, i, parent);
    /* each piece (a root) once, from a corner still in it: corner c is
       in its piece's ring when its neighbours point back at it */
    for (i = 0; i < tri; i++) done[i] = 0;
    for (i = 0; i < 3 * tri && e >= 0; i++) {
      int r = root(parent, k[i].piece), c = i, j = 0;
      collide_polygon poly;
      if (done[r] || k[k[i].next].prev != i || k[k[i].prev].next != i) continue;
      done[r] = 1;
      do {
        piece[j++] = points[k[c].point];
        c = ccw ? k[c].next : k[c].prev;   /* the outline's own winding */
      } while (c != i && j < n);
      if ((e = collide_polygon_init(piece, j, &poly)) < 0) {
        e = COLLIDE_FAIL(2, collide_error_reason(e));
        break;
      }
      npieces++;
    }
    /* all pieces are valid: add them (a second walk, same order) */
    for (i = 0; i < tri; i++) done[i] = 0;
    for (i = 0; i < 3 * tri && e >= 0; i++) {
      int r = root(parent, k[i].piece), c = i, j = 0, id;
      collide_polygon poly;
      if (done[r] || k[k[i].next].prev != i || k[k[i].prev].next != i) continue;
      done[r] = 1;
      do {
        piece[j++] = points[k[c].point];
        c = ccw ? k[c].next : k[c].prev;
      } while (c != i && j < n);
      (void)collide_polygon_init(piece, j, &poly);
      if ((id = collide_world_add_polygon(w, &poly)) < 0) {
        e = COLLIDE_FAIL(0, collide_error_reason(id));
        for (j = 0; j < added; j++) (void)collide_world_remove(w, *first_id + j);
        break;
      }
      added++;
    }
  }
done:
  free(mem);
  if (e < 0) {
    if (collide_error_reason(e) != COLLIDE_E_SELF_CROSSING) where[0] = where[1] = -1;
    *first_id = -1;
    return e;
  }
  (void)npieces;
  return added;
}
