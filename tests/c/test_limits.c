/*
 * test_limits.c -- the limits of issue 27: a pair count past what an array
 * holds (F8), polygon validation in O(n log n) with its vertex limit (F9),
 * the memory of removed shapes coming back (F10).
 */
#include <stdlib.h>
#include <string.h>

#include "collide.h"
#include "collide_world_internal.h"
#include "test.h"

#define FAIL(arg, reason) (-((arg) * 256 + (reason)))

/* ---- F8: pairs ------------------------------------------------------------- */

/* n coincident unit spheres: every one of the n(n-1)/2 pairs touches. */
static int coincident_pairs(int n, int cap, int limit, collide_pair *out) {
  double *radii = (double *)malloc((size_t)n * sizeof *radii);
  collide_vec3 *s = (collide_vec3 *)calloc((size_t)n, sizeof *s);
  void *scratch = malloc(collide_sweep_pairs_scratch_size(n));
  int i, count = -1;
  if (radii && s && scratch) {
    for (i = 0; i < n; i++) radii[i] = 1;
    count = collide__sweep_pairs(n, radii, s, s, scratch, out, cap, limit);
  }
  free(radii);
  free(s);
  free(scratch);
  return count;
}

static int test_pair_limit(void) {
  enum { N = 100, PAIRS = N * (N - 1) / 2 };   /* 4950 */
  static collide_pair out[PAIRS];
  int k;
  /* at the limit: every pair, sorted */
  ENSURE(coincident_pairs(N, PAIRS, PAIRS, out) == PAIRS);
  for (k = 1; k < PAIRS; k++)
    ENSURE(out[k - 1].i < out[k].i ||
           (out[k - 1].i == out[k].i && out[k - 1].j < out[k].j));
  ENSURE(out[PAIRS - 1].i == N - 2 && out[PAIRS - 1].j == N - 1);
  /* one over: the error, whatever the array */
  ENSURE(coincident_pairs(N, PAIRS, PAIRS - 1, out) ==
         FAIL(2, COLLIDE_E_TOO_MANY_PAIRS));
  ENSURE(coincident_pairs(N, 0, PAIRS - 1, out) ==
         FAIL(2, COLLIDE_E_TOO_MANY_PAIRS));
  ENSURE(coincident_pairs(N, 10, 1, out) == FAIL(2, COLLIDE_E_TOO_MANY_PAIRS));
  ENSURE(strcmp(collide_error_message(FAIL(2, COLLIDE_E_TOO_MANY_PAIRS)),
                "more than 33554432 pairs") == 0);
  return 0;
}

/* The repro: 65,537 coincident spheres have 2,147,516,416 pairs,
   over INT_MAX: an int count overflowed and out[count] was written at a
   negative index. Now the error, after COLLIDE_MAX_PAIRS of them (about
   half a second); the array is never written past cap. */
static int test_pair_overflow(void) {
  enum { N = 65537 };
  static collide_pair out[16];
  double *radii = (double *)malloc(N * sizeof *radii);
  collide_vec3 *s = (collide_vec3 *)calloc(N, sizeof *s);
  void *scratch = malloc(collide_sweep_pairs_scratch_size(N));
  int i, count;
  ENSURE(radii && s && scratch);
  for (i = 0; i < N; i++) radii[i] = 1;
  count = collide_sweep_pairs(N, radii, s, s, scratch, out, 16);
  free(radii);
  free(s);
  free(scratch);
  ENSURE(count == FAIL(2, COLLIDE_E_TOO_MANY_PAIRS));
  return 0;
}

/* ---- F9: polygon validation in O(n log n), the same answers ------------------ */

/* The O(n^2) collide_polygon_init as it was before issue 27 (every pair
   for equal vertices and the diameter, every vertex against every edge's
   line), kept as the oracle the new one must agree with. */
#define PLANAR_TOL 1e-9
#define REPEATED_TOL 1e-12
static int old_polygon_init(const collide_vec3 *vertices, int count,
                         collide_polygon *poly) {
  int i, j;
  double diam2 = 0, diam, len;
  vec3 newell = v3(0, 0, 0), avg = v3(0, 0, 0), far = v3(0, 0, 0), n, origin;
  if (vertices == NULL || count < 3) return COLLIDE_FAIL(1, COLLIDE_E_FEW_VERTICES);
  for (i = 0; i < count; i++) CHECK_VEC(&vertices[i], 1);
  for (i = 0; i < count; i++) {
    for (j = i + 1; j < count; j++) {
      vec3 e = v_sub(vertices[j], vertices[i]);
      double l2 = v_len2(e);
      if (l2 == 0) return COLLIDE_FAIL(1, COLLIDE_E_REPEATED);
      if (l2 > diam2) diam2 = l2;
    }
  }
  diam = sqrt(diam2);
  for (i = 0; i < count; i++) {
    vec3 a = v_sub(vertices[i], vertices[0]);
    vec3 b = v_sub(vertices[(i + 1) % count], vertices[0]);
    if (v_len(v_sub(b, a)) <= REPEATED_TOL * diam)
      return COLLIDE_FAIL(1, COLLIDE_E_REPEATED);
    newell = v_add(newell, v_cross(a, b));
    avg = v_add(avg, a);
    if (v_len2(a) > v_len2(far)) far = a;
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
  if (!j) return COLLIDE_FAIL(1, COLLIDE_E_POLY_COLLINEAR);
  /* not collinear, yet no net area: a bow tie, which is not convex */
  len = v_len(newell);
  if (!(len > DEGENERATE_AREA * diam2)) return COLLIDE_FAIL(1, COLLIDE_E_NOT_CONVEX);
  n = v_normalize(newell);
  origin = v_madd(vertices[0], avg, 1.0 / count);
  for (i = 0; i < count; i++) {
    if (fabs(v_dot(n, v_sub(vertices[i], origin))) > PLANAR_TOL * diam)
      return COLLIDE_FAIL(1, COLLIDE_E_NOT_PLANAR);
  }
  for (i = 0; i < count; i++) {
    vec3 e = v_sub(vertices[(i + 1) % count], vertices[i]);
    vec3 in = v_normalize(v_cross(n, e));
    for (j = 0; j < count; j++) {
      if (v_dot(in, v_sub(vertices[j], vertices[i])) < -PLANAR_TOL * diam)
        return COLLIDE_FAIL(1, COLLIDE_E_NOT_CONVEX);
    }
  }
  poly->plane.normal = n;
  poly->plane.d = -v_dot(n, origin);
  poly->count = count;
  poly->vertices = vertices;
  return 1;
}

static unsigned long long seed = 2027;
static double rnd(void) {
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(seed >> 11) / 9007199254740992.0;
}
static double rnd_in(double a, double b) { return a + (b - a) * rnd(); }
static vec3 rnd_unit(void) {
  vec3 d;
  do d = v3(rnd_in(-1, 1), rnd_in(-1, 1), rnd_in(-1, 1));
  while (v_len2(d) > 1 || v_len2(d) < 1e-4);
  return v_normalize(d);
}

/* A polygon of n vertices of one of many kinds, valid and not: regular
   and random convex ones, turned in 3D and placed far out, with a vertex
   pushed in or out of the plane or the outline by a size around each
   tolerance, a vertex repeated, neighbours merged, the order shuffled or
   reversed, points on a line, bow ties, random clouds. */
static int make_case(vec3 *v, int maxn) {
  int n = 3 + (int)(rnd() * (maxn - 3)), i, kind = (int)(rnd() * 12);
  static const double sizes[] = {1e-15, 1e-13, 1e-12, 3e-12, 1e-11, 1e-10,
                                 5e-10, 1e-9, 2e-9, 1e-8, 1e-6, 1e-3, 0.3};
  double scale = pow(10, rnd_in(-4, 6)), far = rnd() < 0.3 ? pow(10, rnd_in(0, 9)) : 0;
  vec3 ax = rnd_unit(), ay, az, at = v_scale(rnd_unit(), far);
  ay = v_normalize(v_cross(ax, rnd_unit()));
  az = v_cross(ax, ay);
  if (rnd() < 0.3) { ax = v3(1, 0, 0); ay = v3(0, 1, 0); az = v3(0, 0, 1); }
  for (i = 0; i < n; i++) {
    double a = 2 * acos(-1.0) * i / n, r = 1;
    if (kind == 1) a += rnd_in(0, 2 * acos(-1.0) / n);        /* irregular */
    if (kind == 2) r = rnd_in(0.5, 1);                        /* star-ish */
    if (kind == 3) { v[i] = v3(rnd_in(-1, 1), rnd_in(-1, 1), 0); continue; }
    if (kind == 4) { v[i] = v3(i, 2 * i, 0); continue; }     /* a line */
    v[i] = v3(r * cos(a), r * sin(a), 0);
  }
  if (kind == 5 && n >= 4) {   /* a bow tie */
    vec3 t = v[1]; v[1] = v[2]; v[2] = t;
  }
  if (kind == 6) {   /* one vertex pushed in, out or off the plane */
    int k = (int)(rnd() * n), axis = (int)(rnd() * 3);
    double d = sizes[(int)(rnd() * 13)] * 2 * (rnd() < 0.5 ? -1 : 1);
    vec3 dir = axis == 2 ? v3(0, 0, 1) : (axis == 1 ? v_normalize(v[k]) : rnd_unit());
    v[k] = v_madd(v[k], dir, d);
  }
  if (kind == 7) {   /* a vertex repeated, or neighbours merged */
    int k = (int)(rnd() * n), l = (int)(rnd() * n);
    if (rnd() < 0.5) v[l] = v[k];
    else v[(k + 1) % n] = v_madd(v[k], rnd_unit(), sizes[(int)(rnd() * 13)] * 2);
  }
  if (kind == 8) {   /* reversed */
    for (i = 0; i < n / 2; i++) { vec3 t = v[i]; v[i] = v[n - 1 - i]; v[n - 1 - i] = t; }
  }
  if (kind == 9) {   /* two swapped */
    int k = (int)(rnd() * n), l = (int)(rnd() * n);
    vec3 t = v[k]; v[k] = v[l]; v[l] = t;
  }
  if (kind == 10) {   /* every vertex off the plane a little */
    double d = sizes[(int)(rnd() * 13)];
    for (i = 0; i < n; i++) v[i].z += rnd_in(-d, d);
  }
  if (kind == 11) {   /* points on an edge, in and out by a little */
    double d = sizes[(int)(rnd() * 13)];
    for (i = 1; i < n; i += 2) {
      vec3 m = v_scale(v_add(v[i - 1], v[(i + 1) % n]), 0.5);
      v[i] = v_madd(m, v_normalize(m), rnd_in(-d, d));
    }
  }
  for (i = 0; i < n; i++) {
    vec3 p = v[i];
    v[i] = v_add(at, v_scale(v_add(v_add(v_scale(ax, p.x), v_scale(ay, p.y)),
                                   v_scale(az, p.z)), scale));
  }
  return n;
}

static int same_answer(const vec3 *v, int n) {
  collide_polygon a, b;
  int ra, rb;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  ra = old_polygon_init(v, n, &a);
  rb = collide_polygon_init(v, n, &b);
  if (ra != rb) {
    fprintf(stderr, "n %d: old %d new %d\n", n, ra, rb);
    return 0;
  }
  return ra != 1 || (a.plane.normal.x == b.plane.normal.x &&
                     a.plane.normal.y == b.plane.normal.y &&
                     a.plane.normal.z == b.plane.normal.z && a.plane.d == b.plane.d);
}

static int test_polygon_same_answers(void) {
  static vec3 v[2000];
  int round, valid = 0, kinds[32] = {0};
  for (round = 0; round < 100000; round++) {
    int n = make_case(v, round % 100 == 0 ? 2000 : (round % 2 ? 12 : 60));
    collide_polygon p;
    int rc = collide_polygon_init(v, n, &p);
    ENSURE(same_answer(v, n));
    if (rc == 1) valid++;
    else kinds[collide_error_reason(rc)]++;
  }
  /* the cases cover every answer */
  ENSURE(valid > 500);
  ENSURE(kinds[COLLIDE_E_REPEATED] > 500 && kinds[COLLIDE_E_POLY_COLLINEAR] > 500);
  ENSURE(kinds[COLLIDE_E_NOT_CONVEX] > 500 && kinds[COLLIDE_E_NOT_PLANAR] > 500);
  return 0;
}

/* The limit: 65,536 vertices are a polygon, 65,537 an error naming it
   (before the vertices are looked at). */
static int test_polygon_limit(void) {
  enum { N = COLLIDE_MAX_POLYGON_VERTICES + 1 };
  vec3 *v = (vec3 *)malloc(N * sizeof *v);
  collide_polygon p;
  int i;
  ENSURE(v);
  for (i = 0; i < N; i++) {
    double a = 2 * acos(-1.0) * i / (N - 1);
    v[i] = v3(1e3 * cos(a), 1e3 * sin(a), 0);
  }
  ENSURE(collide_polygon_init(v, N - 1, &p) == 1);
  ENSURE(collide_polygon_init(v, N, &p) == FAIL(1, COLLIDE_E_TOO_MANY_VERTICES));
  ENSURE(strcmp(collide_error_message(FAIL(1, COLLIDE_E_TOO_MANY_VERTICES)),
                "polygon has more than 65536 vertices") == 0);
  v[0].x = NAN;   /* the count is checked first */
  ENSURE(collide_polygon_init(v, N, &p) == FAIL(1, COLLIDE_E_TOO_MANY_VERTICES));
  free(v);
  return 0;
}

/* ---- F11: add_mesh names the triangle at fault ------------------------------ */

static int test_mesh_fault(void) {
  collide_world *w = collide_world_new();
  collide_vec3 v[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 0, 0}};
  int degenerate[9] = {0, 1, 2, 0, 1, 2, 0, 1, 3};     /* the third */
  int range[9] = {0, 1, 3, 0, 1, 3, 0, 4, 2};          /* both: range first */
  int good[6] = {0, 1, 2, 1, 3, 2}, first = 99;
  ENSURE(w);
  ENSURE(collide_world_add_mesh(w, v, 4, degenerate, 9, &first) ==
         FAIL(3, COLLIDE_E_DEGENERATE_TRIANGLE) && first == 2);
  ENSURE(collide_world_add_mesh(w, v, 4, range, 9, &first) ==
         FAIL(3, COLLIDE_E_BAD_INDEX) && first == 2);
  ENSURE(collide_world_add_mesh(w, v, 4, good, 5, &first) ==
         FAIL(3, COLLIDE_E_BAD_INDEX) && first == -1);
  ENSURE(collide_world_add_mesh(w, v, 4, good, 6, &first) == 2 && first == 1);
  ENSURE(collide_world_count(w) == 2);
  collide_world_free(w);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_pair_limit);
  RUN_TEST(test_pair_overflow);
  RUN_TEST(test_mesh_fault);
  RUN_TEST(test_polygon_limit);
  RUN_TEST(test_polygon_same_answers);
TEST_MAIN_END
