/*
 * collide_polygon.c -- validating a convex polygon (collide_polygon_init)
 * in O(n log n).
 *
 * The tests and their tolerances are the ones collide_polygon_init always
 * had (below); what changed (issue 27, F9) is how the two quadratic parts
 * are found. Until then every pair of vertices was compared (equal
 * vertices, the diameter) and every vertex tested against every edge's
 * line (convexity): 2.5 s for a 30,000-gon, 26 s for 100,000. Now:
 *
 * - equal vertices: the vertices sorted (lexicographically), then
 *   neighbours compared;
 * - the diameter: the largest distance is between two vertices of the
 *   convex hull that are antipodal (Shamos 1978; Preparata & Shamos,
 *   "Computational Geometry", 4.2.3), found by rotating calipers over the
 *   hull of the vertices projected on the polygon's plane (Andrew's
 *   monotone chain, O(n log n)); each candidate pair is measured in 3D
 *   exactly as before;
 * - convexity: the smallest v_dot(in, v_j - v_i) over all j, for the edge
 *   from v_i with inward normal in, is taken at a vertex of the hull, the
 *   one extreme in the direction -in; the edges' directions sorted by
 *   angle, one pointer goes once round the hull (O(n log n)), and the
 *   extreme vertex and its two hull neighbours are tested with the old
 *   expression.
 *
 * Same answers: in exact arithmetic the hull's extreme vertex gives the
 * minimum over all vertices and the antipodal pairs the diameter; with
 * rounding the two can differ from the old loops only where two
 * candidates tie to within a few units in the last place, which changes a
 * decision only for a polygon whose distance to a tolerance is itself
 * that small. The projection drops each vertex's distance from the plane:
 * for a polygon that is planar (to 1e-9 of its size, as it must be to
 * pass) that changes the diameter by under 1e-18 of itself; for a far from
 * planar one the diameter is the projected one, at most the true one,
 * which it rejects all the same (as not planar, or for a fault found
 * before that test). tests/c/test_limits.c compares the answers with the
 * old quadratic code's on random and adversarial polygons.
 *
 * Memory: O(n) scratch, on the stack up to POLY_STACK vertices, else
 * taken and freed here (COLLIDE_E_NOMEM when it cannot be had).
 */
#include <stdlib.h>

#include "collide_prims.h"

/* Relative tolerances of shape validation (see collide_polygon_init):
   a triangle or polygon is degenerate when twice its area is below
   DEGENERATE_AREA times the square of its size; a polygon is not planar
   when a vertex is farther than PLANAR_TOL times its diameter from its
   Newell plane, and not convex when a vertex is farther than that on the
   outer side of an edge's line. */
/* DEGENERATE_AREA (1e-12) is in collide_prims.h: the ray filter
   (collide_sphere.h) proves triangles above it. */
#define PLANAR_TOL 1e-9
#define REPEATED_TOL 1e-12

#define POLY_STACK 64

/* A vertex projected on the plane (x, y), with its index. */
typedef struct pt { double x, y; int i; } pt;
/* An edge's direction of search, by angle, with the edge's index. */
typedef struct dir { double angle; int i; } dir;

static int cmp_vec(const void *a, const void *b) {
  const vec3 *p = (const vec3 *)a, *q = (const vec3 *)b;
  if (p->x != q->x) return p->x < q->x ? -1 : 1;
  if (p->y != q->y) return p->y < q->y ? -1 : 1;
  if (p->z != q->z) return p->z < q->z ? -1 : 1;
  return 0;
}

static int cmp_pt(const void *a, const void *b) {
  const pt *p = (const pt *)a, *q = (const pt *)b;
  if (p->x != q->x) return p->x < q->x ? -1 : 1;
  if (p->y != q->y) return p->y < q->y ? -1 : 1;
  return (p->i > q->i) - (p->i < q->i);
}

static int cmp_dir(const void *a, const void *b) {
  const dir *p = (const dir *)a, *q = (const dir *)b;
  if (p->angle != q->angle) return p->angle < q->angle ? -1 : 1;
  return (p->i > q->i) - (p->i < q->i);
}

/* Twice the signed area of o, a, b (positive counter-clockwise). */
static double turn(const pt *o, const pt *a, const pt *b) {
  return (a->x - o->x) * (b->y - o->y) - (a->y - o->y) * (b->x - o->x);
}

/* 1 when two vertices are equal: sorted copies, neighbours compared. */
static int has_equal(const vec3 *v, int n, vec3 *copy) {
  int i;
  memcpy(copy, v, (size_t)n * sizeof *copy);
  qsort(copy, (size_t)n, sizeof *copy, cmp_vec);
  for (i = 1; i < n; i++)
    if (copy[i].x == copy[i - 1].x && copy[i].y == copy[i - 1].y &&
        copy[i].z == copy[i - 1].z)
      return 1;
  return 0;
}

/* Two unit vectors u1, u2 spanning the plane perpendicular to the unit n. */
static void plane_basis(vec3 n, vec3 *u1, vec3 *u2) {
  vec3 axis = v3(0, 0, 0);
  double ax = fabs(n.x), ay = fabs(n.y), az = fabs(n.z);
  if (ax <= ay && ax <= az) axis.x = 1;
  else if (ay <= az) axis.y = 1;
  else axis.z = 1;
  *u1 = v_normalize(v_cross(n, axis));
  *u2 = v_cross(n, *u1);
}

/* The convex hull (counter-clockwise, collinear points left out) of the
   n vertices projected on the plane of unit normal n, as indices into p
   (sorted by x, y here) in h[0 .. return). Andrew's monotone chain
   (A. M. Andrew 1979; de Berg et al., "Computational Geometry", 1.1). */
static int hull_of(const vec3 *v, int count, vec3 n, pt *p, int *h) {
  vec3 u1, u2;
  int i, m = 0, lower;
  plane_basis(n, &u1, &u2);
  for (i = 0; i < count; i++) {
    vec3 d = v_sub(v[i], v[0]);
    p[i].x = v_dot(d, u1);
    p[i].y = v_dot(d, u2);
    p[i].i = i;
  }
  qsort(p, (size_t)count, sizeof *p, cmp_pt);
  for (i = 0; i < count; i++) {
    while (m >= 2 && turn(&p[h[m - 2]], &p[h[m - 1]], &p[i]) <= 0) m--;
    h[m++] = i;
  }
  lower = m + 1;
  for (i = count - 2; i >= 0; i--) {
    while (m >= lower && turn(&p[h[m - 2]], &p[h[m - 1]], &p[i]) <= 0) m--;
    h[m++] = i;
  }
  return m > 1 ? m - 1 : m;   /* the last is the first again */
}

/* The largest v_len2(v_j - v_i) over antipodal pairs of the hull h[0..m)
   (rotating calipers; Preparata & Shamos 4.2.3), each pair and its
   pointer's neighbours measured in 3D as the old all-pairs loop did. */
static double hull_diameter2(const vec3 *v, const pt *p, const int *h, int m) {
  double best = 0;
  int i, j = 1, steps = 0;
  if (m < 4) {   /* a point, a segment or a triangle: every pair */
    for (i = 0; i < m; i++)
      for (j = i + 1; j < m; j++) {
        double l2 = v_len2(v_sub(v[p[h[j]].i], v[p[h[i]].i]));
        if (l2 > best) best = l2;
      }
    return best;
  }
  for (i = 0; i < m; i++) {
    const pt *a = &p[h[i]], *b = &p[h[(i + 1) % m]];
    int k;
    /* j: the hull vertex farthest from the line of edge (i, i + 1);
       it only goes forward, once round in all (bounded against
       rounding) */
    while (steps < 3 * m &&
           turn(a, b, &p[h[(j + 1) % m]]) > turn(a, b, &p[h[j]])) {
      j = (j + 1) % m;
      steps++;
    }
    for (k = -1; k <= 1; k++) {
      int c = p[h[(j + k + m) % m]].i;
      double l2 = v_len2(v_sub(v[c], v[a->i]));
      if (l2 > best) best = l2;
      l2 = v_len2(v_sub(v[c], v[b->i]));
      if (l2 > best) best = l2;
    }
  }
  return best;
}

/* 1 when some vertex is farther than tol outside the line of some edge:
   for each edge i, the old test v_dot(in, v_j - v_i) < -tol at the hull
   vertex extreme in the direction -in (and its two hull neighbours). */
static int outside_an_edge(const vec3 *v, int count, vec3 n, const pt *p,
                           const int *h, int m, double tol, dir *d) {
  vec3 u1, u2;
  int q, k = 0, e;
  plane_basis(n, &u1, &u2);
  for (e = 0; e < count; e++) {
    vec3 in = v_normalize(v_cross(n, v_sub(v[(e + 1) % count], v[e])));
    d[e].angle = atan2(-v_dot(in, u2), -v_dot(in, u1));
    d[e].i = e;
  }
  qsort(d, (size_t)count, sizeof *d, cmp_dir);
  for (q = 0; q < count; q++) {
    int i = d[q].i, c, steps = 0;
    vec3 edge = v_sub(v[(i + 1) % count], v[i]);
    vec3 in = v_normalize(v_cross(n, edge));
    double sx = -v_dot(in, u1), sy = -v_dot(in, u2);   /* search direction */
    if (q == 0) {   /* the first: by a scan */
      double best = -HUGE_VAL;
      for (c = 0; c < m; c++) {
        double s = sx * p[h[c]].x + sy * p[h[c]].y;
        if (s > best) { best = s; k = c; }
      }
    }
    /* the angles increase: the extreme vertex moves forward round the
       counter-clockwise hull */
    while (m > 1 && steps < m) {
      const pt *a = &p[h[k]], *b = &p[h[(k + 1) % m]];
      if (!(sx * (b->x - a->x) + sy * (b->y - a->y) > 0)) break;
      k = (k + 1) % m;
      steps++;
    }
    for (c = -1; c <= 1; c++) {
      int j = p[h[(k + c + m) % m]].i;
      if (v_dot(in, v_sub(v[j], v[i])) < -tol) return 1;
    }
  }
  return 0;
}

/* Validation, in this order (the first failure is reported, Lua argument 1):
   fewer than 3 vertices; more than COLLIDE_MAX_POLYGON_VERTICES (65,536);
   a bad coordinate; two equal vertices, or two consecutive ones closer
   than REPEATED_TOL * diameter; all collinear (each vertex within
   PLANAR_TOL * diameter of the line from v_0 to the vertex farthest from
   it); no net area (a bow tie: not convex); a vertex farther than
   PLANAR_TOL * diameter from the Newell plane through the vertex average;
   a vertex farther than PLANAR_TOL * diameter outside some edge's line
   (this also rejects self-intersecting stars, whose turns are all convex).
   Newell's method (Ericson 12.4.1 / Graphics Gems III): the normal
   sum (v_i - v_0) x (v_(i+1) - v_0) is twice the area vector, following the
   winding; measuring from v_0 keeps far-from-origin polygons precise. The
   diameter is the largest vertex-to-vertex distance. Returns 1 when valid
   (like the plane constructors). Cost: O(count log count), see the top of
   this file -- paid once; the queries are O(count). */
int collide_polygon_init(const collide_vec3 *vertices, int count,
                         collide_polygon *poly) {
  /* the scratch: sorted copies (vec3, later pt), the hull, the edges */
  union { vec3 v[POLY_STACK]; pt p[POLY_STACK]; } stack_sorted;
  int stack_hull[2 * POLY_STACK + 2];
  dir stack_dirs[POLY_STACK];
  vec3 *sorted = stack_sorted.v;
  pt *proj = stack_sorted.p;
  int *hull = stack_hull;
  dir *dirs = stack_dirs;
  void *mem = NULL;
  int i, j, m, rc = 1;
  double diam2, diam, len;
  vec3 newell = v3(0, 0, 0), avg = v3(0, 0, 0), far = v3(0, 0, 0), n, origin;
  if (vertices == NULL || count < 3) return COLLIDE_FAIL(1, COLLIDE_E_FEW_VERTICES);
  if (count > COLLIDE_MAX_POLYGON_VERTICES)
    return COLLIDE_FAIL(1, COLLIDE_E_TOO_MANY_VERTICES);
  for (i = 0; i < count; i++) CHECK_VEC(&vertices[i], 1);
  if (count > POLY_STACK) {
    size_t sorted_bytes = (size_t)count * (sizeof(vec3) > sizeof(pt) ? sizeof(vec3) : sizeof(pt));
    size_t dir_bytes = (size_t)count * sizeof(dir);
    mem = malloc(sorted_bytes + dir_bytes + (size_t)(2 * count + 2) * sizeof(int));
    if (!mem) return COLLIDE_FAIL(0, COLLIDE_E_NOMEM);
    sorted = (vec3 *)mem;
    proj = (pt *)mem;
    dirs = (dir *)(void *)((char *)mem + sorted_bytes);
    hull = (int *)(void *)((char *)mem + sorted_bytes + dir_bytes);
  }
  if (has_equal(vertices, count, sorted)) {
    rc = COLLIDE_FAIL(1, COLLIDE_E_REPEATED);
    goto done;
  }
  for (i = 0; i < count; i++) {
    vec3 a = v_sub(vertices[i], vertices[0]);
    vec3 b = v_sub(vertices[(i + 1) % count], vertices[0]);
    newell = v_add(newell, v_cross(a, b));
    avg = v_add(avg, a);
    if (v_len2(a) > v_len2(far)) far = a;
  }
  /* The diameter, over the hull of the vertices projected on the Newell
     plane; without a Newell normal (no net area: a line, a bow tie, which
     the tests below reject), on a plane through the line from v_0 to the
     farthest vertex. */
  if (newell.x != 0 || newell.y != 0 || newell.z != 0) n = v_normalize(newell);
  else {
    vec3 u1, u2;
    plane_basis(v_normalize(far), &u1, &u2);
    n = u1;
  }
  m = hull_of(vertices, count, n, proj, hull);
  diam2 = hull_diameter2(vertices, proj, hull, m);
  diam = sqrt(diam2);
  for (i = 0; i < count; i++) {
    vec3 a = v_sub(vertices[i], vertices[0]);
    vec3 b = v_sub(vertices[(i + 1) % count], vertices[0]);
    if (v_len(v_sub(b, a)) <= REPEATED_TOL * diam) {
      rc = COLLIDE_FAIL(1, COLLIDE_E_REPEATED);
      goto done;
    }
  }
  /* collinear: every vertex within PLANAR_TOL * diameter of the line from
     v_0 to the vertex farthest from it (|(v_i - v_0) x far| is that distance
     times |far|). The convexity test below works to the same tolerance, so
     a thinner polygon could not be told convex: a zigzag of vertices along
     a line would pass it, and the queries, which trust the edge order, would
     miss contacts with it (found by the fuzzer). */
  len = v_len(far);
  for (i = 1, j = 0; i < count && !j; i++)
    j = v_len(v_cross(v_sub(vertices[i], vertices[0]), far)) > PLANAR_TOL * diam * len;
  if (!j) {
    rc = COLLIDE_FAIL(1, COLLIDE_E_POLY_COLLINEAR);
    goto done;
  }
  /* not collinear, yet no net area: a bow tie, which is not convex */
  len = v_len(newell);
  if (!(len > DEGENERATE_AREA * diam2)) {
    rc = COLLIDE_FAIL(1, COLLIDE_E_NOT_CONVEX);
    goto done;
  }
  n = v_normalize(newell);   /* the plane the hull was made on */
  origin = v_madd(vertices[0], avg, 1.0 / count);
  for (i = 0; i < count; i++) {
    if (fabs(v_dot(n, v_sub(vertices[i], origin))) > PLANAR_TOL * diam) {
      rc = COLLIDE_FAIL(1, COLLIDE_E_NOT_PLANAR);
      goto done;
    }
  }
  if (outside_an_edge(vertices, count, n, proj, hull, m, PLANAR_TOL * diam, dirs)) {
    rc = COLLIDE_FAIL(1, COLLIDE_E_NOT_CONVEX);
    goto done;
  }
  poly->plane.normal = n;
  poly->plane.d = -v_dot(n, origin);
  poly->count = count;
  poly->vertices = vertices;
done:
  free(mem);
  return rc;
}

/* A closing vertex equal to the first (as editors and exporters write a
   closed ring, Tiled's polygons among them) is the first one again, not a
   repeated vertex (issue 29): the bindings take a polygon's vertices as
   the count this returns. Only an exact copy: a near one is still a
   repeated vertex. Not in collide_polygon_init itself, which also checks
   a moved polygon (collide_world.c), whose first and last vertices
   rounding together is a fault, not a ring. */
int collide_polygon_open_count(const collide_vec3 *vertices, int count) {
  if (vertices != NULL && count > 1 && vertices[count - 1].x == vertices[0].x &&
      vertices[count - 1].y == vertices[0].y && vertices[count - 1].z == vertices[0].z)
    return count - 1;
  return count;
}
