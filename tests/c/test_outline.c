/*
 * test_outline.c -- collide_world_add_tiles and collide_world_add_outline
 * (issue 29), judged by checks that share nothing with the code: cell
 * centres classified by the grid, areas by the shoelace formula, random
 * points by a crossing-number point-in-polygon test; and hostile inputs
 * (self-crossing, repeated, collinear, nearly collinear, huge) that must
 * come back as errors with nothing added, never a crash (run under ASan
 * and UBSan by make check-asan's C build as any other test).
 */
#include <stdlib.h>
#include <string.h>

#include "collide.h"
#include "test.h"

static unsigned long long seed = 2929;
static double rnd(void) {
  seed = seed * 16807 % 2147483647;
  return (double)seed / 2147483647.0;
}

static collide_vec3 V(double x, double y) {
  collide_vec3 v;
  v.x = x; v.y = y; v.z = 0;
  return v;
}

static double area2(const collide_vec3 *p, int n) {
  double s = 0;
  int i;
  for (i = 0; i < n; i++) s += p[i].x * p[(i + 1) % n].y - p[(i + 1) % n].x * p[i].y;
  return s;
}

static int inside(const collide_vec3 *p, int n, double x, double y) {
  int i, c = 0;
  for (i = 0; i < n; i++) {
    const collide_vec3 *a = &p[i], *b = &p[(i + 1) % n];
    if ((a->y > y) != (b->y > y) && x < a->x + (y - a->y) * (b->x - a->x) / (b->y - a->y))
      c = !c;
  }
  return c;
}

static int test_tiles_cover(void) {
  enum { R = 23, C = 31 };
  unsigned char cells[R * C];
  int trial, r, c, first, n, ids[4];
  collide_vec3 size = V(0.1, 0.3), origin = V(-7, 3);
  for (trial = 0; trial < 20; trial++) {
    collide_world *w = collide_world_new();
    int solid = 0;
    for (r = 0; r < R * C; r++) solid += cells[r] = rnd() < trial / 20.0;
    n = collide_world_add_tiles(w, cells, R, C, &size, &origin, &first);
    ENSURE(n >= 0 && n <= solid && collide_world_count(w) == n);
    ENSURE(n == 0 || first == 1);
    for (r = 0; r < R; r++)
      for (c = 0; c < C; c++) {
        collide_vec3 p = V(origin.x + (c + 0.5) * size.x, origin.y + (r + 0.5) * size.y);
        int k = collide_world_overlap_point(w, &p, NULL, NULL, ids, 4);
        ENSURE(k == (cells[r * C + c] ? 1 : 0));
      }
    collide_world_free(w);
  }
  return 0;
}

static int test_tiles_errors(void) {
  unsigned char cells[4] = {1, 1, 0, 1};
  collide_vec3 size = V(1, 1), bad = V(0, 1), neg = V(1, 1), origin = V(0, 0);
  collide_world *w = collide_world_new();
  int first;
  neg.z = -1;
  ENSURE(collide_error_reason(collide_world_add_tiles(w, cells, 2, 2, &bad, &origin, &first)) ==
         COLLIDE_E_TILE_SIZE);
  ENSURE(collide_error_arg(collide_world_add_tiles(w, cells, 2, 2, &bad, &origin, &first)) == 3);
  ENSURE(collide_error_reason(collide_world_add_tiles(w, cells, 2, 2, &neg, &origin, &first)) ==
         COLLIDE_E_NEG_EXTENT);
  origin.x = 9e49;   /* the far corner, 9e49 + 2 * 1e49, beyond the limit */
  size.x = 1e49;
  ENSURE(collide_error_reason(collide_world_add_tiles(w, cells, 2, 2, &size, &origin, &first)) ==
         COLLIDE_E_VEC_RANGE);
  origin.x = 0;
  size.x = 1;
  ENSURE(collide_world_add_tiles(w, cells, -1, 2, &size, &origin, &first) < 0);
  ENSURE(collide_world_add_tiles(w, cells, 0, 0, &size, &origin, &first) == 0 && first == 1);
  ENSURE(collide_world_count(w) == 0);
  ENSURE(collide_world_add_tiles(w, cells, 2, 2, &size, &origin, &first) == 2);
  collide_world_free(w);
  return 0;
}

/* Random star polygons and combs: pieces convex, their areas summing to
   the outline's, and random points inside the outline iff in a piece. */
static int test_outline_cover(void) {
  collide_vec3 p[200];
  int trial, i, n, first, where[2], ids[8];
  for (trial = 0; trial < 200; trial++) {
    collide_world *w = collide_world_new();
    collide_vec3 at;
    double total = 0, lo = 1e300, hi = -1e300;
    int k;
    if (trial % 2) {
      n = 3 + (int)(rnd() * 150);
      for (i = 0; i < n; i++) {
        double a = 6.283185307179586 * i / n, r = 1 + 9 * rnd();
        p[i] = V(r * cos(a), r * sin(a));
      }
    } else {
      int teeth = 1 + (int)(rnd() * 60);
      n = 0;
      for (i = 0; i <= teeth; i++) p[n++] = V(i, i % 2 ? 1 + 5 * rnd() : 0);
      p[n++] = V(teeth, -3);
      p[n++] = V(0, -3);
    }
    k = collide_world_add_outline(w, p, n, &first, where, &at);
    ENSURE(k >= 1 && first == 1 && collide_world_count(w) == k);
    for (i = 1; i <= k; i++) {
      collide_world_shape g;
      int j, m;
      double a;
      ENSURE(collide_world_get(w, i, &g) == 1 && g.kind == COLLIDE_SHAPE_POLYGON);
      m = g.polygon.count;
      a = area2(g.polygon.vertices, m);
      total += fabs(a);
      for (j = 0; j < m; j++) {   /* strictly convex, the same way round */
        const collide_vec3 *u = &g.polygon.vertices[j], *v = &g.polygon.vertices[(j + 1) % m],
                           *s = &g.polygon.vertices[(j + 2) % m];
        double t = (v->x - u->x) * (s->y - u->y) - (v->y - u->y) * (s->x - u->x);
        ENSURE(t * a > 0);
      }
    }
    ENSURE_SMALL(total - fabs(area2(p, n)), 1e-9 * fabs(area2(p, n)));
    for (i = 0; i < n; i++) {
      if (p[i].x < lo) lo = p[i].x;
      if (p[i].x > hi) hi = p[i].x;
    }
    for (i = 0; i < 300; i++) {
      double x = lo + (hi - lo) * rnd(), y = -11 + 22 * rnd();
      collide_vec3 q = V(x, y);
      int hits = collide_world_overlap_point(w, &q, NULL, NULL, ids, 8);
      ENSURE((hits > 0) == inside(p, n, x, y));
    }
    collide_world_free(w);
  }
  return 0;
}

static int test_outline_errors(void) {
  collide_world *w = collide_world_new();
  collide_vec3 at, p[8];
  int first, where[2], e;
  /* a bow tie: edges 1 (points 1-2) and 3 (points 3-0) cross at (5, 5) */
  p[0] = V(0, 0); p[1] = V(10, 0); p[2] = V(0, 10); p[3] = V(10, 10);
  e = collide_world_add_outline(w, p, 4, &first, where, &at);
  ENSURE(collide_error_reason(e) == COLLIDE_E_SELF_CROSSING && collide_error_arg(e) == 2);
  ENSURE(where[0] == 1 && where[1] == 3);
  ENSURE_NEAR(at.x, 5, 1e-12);
  ENSURE_NEAR(at.y, 5, 1e-12);
  /* all collinear, folding back */
  p[0] = V(0, 0); p[1] = V(10, 0); p[2] = V(5, 0);
  ENSURE(collide_error_reason(collide_world_add_outline(w, p, 3, &first, where, &at)) ==
         COLLIDE_E_SELF_CROSSING);
  /* a repeated point, and a closing one (accepted) */
  p[0] = V(0, 0); p[1] = V(10, 0); p[2] = V(10, 10); p[3] = V(10, 0); p[4] = V(20, -5);
  ENSURE(collide_error_reason(collide_world_add_outline(w, p, 5, &first, where, &at)) ==
         COLLIDE_E_SELF_CROSSING);
  p[3] = V(0, 0);
  ENSURE(collide_world_add_outline(w, p, 4, &first, where, &at) == 1);
  /* too few, NaN, too large */
  ENSURE(collide_error_reason(collide_world_add_outline(w, p, 2, &first, where, &at)) ==
         COLLIDE_E_FEW_VERTICES);
  ENSURE(collide_world_add_outline(w, NULL, 5, &first, where, &at) < 0);
  p[1].x = NAN;
  ENSURE(collide_error_reason(collide_world_add_outline(w, p, 3, &first, where, &at)) ==
         COLLIDE_E_VEC_NAN);
  p[1].x = 1e51;
  ENSURE(collide_error_reason(collide_world_add_outline(w, p, 3, &first, where, &at)) ==
         COLLIDE_E_VEC_RANGE);
  ENSURE(collide_world_count(w) == 1);
  collide_world_free(w);
  return 0;
}

/* Nearly collinear and huge outlines: the exact orientation decides, and
   whatever the pieces' validation says, it is an answer, not a crash. */
static int test_outline_hostile(void) {
  collide_vec3 p[64], at;
  int trial, i, n, first, where[2];
  for (trial = 0; trial < 300; trial++) {
    collide_world *w = collide_world_new();
    double scale = pow(10, -100 + 150 * rnd()), off = trial % 3 ? 0 : 1e8 * scale;
    int k;
    n = 3 + (int)(rnd() * 60);
    for (i = 0; i < n; i++)
      p[i] = V(off + scale * (rnd() < 0.5 ? i : rnd() * n), scale * (rnd() < 0.7 ? 0 : rnd() - 0.5));
    k = collide_world_add_outline(w, p, n, &first, where, &at);
    ENSURE(k != 0);
    if (k > 0) ENSURE(collide_world_count(w) == k);
    else ENSURE(collide_world_count(w) == 0);
    collide_world_free(w);
  }
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_tiles_cover);
  RUN_TEST(test_tiles_errors);
  RUN_TEST(test_outline_cover);
  RUN_TEST(test_outline_errors);
  RUN_TEST(test_outline_hostile);
TEST_MAIN_END
