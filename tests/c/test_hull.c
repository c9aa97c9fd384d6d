/*
 * test_hull.c -- the exact orientation predicates and collide_convex_init,
 * judged by checks that share nothing with the code: signs recomputed in
 * 128-bit integer arithmetic on integer (and dyadic-scaled integer)
 * coordinates; hulls checked face by face in the same integer arithmetic
 * (every input point on or beneath every face's plane, every ring corner
 * on its plane, every ring strictly convex, Euler's V - E + F = 2) and
 * against the counts of known solids, whatever the points' order,
 * repetitions and the points on their faces and edges.
 */
#include <stdlib.h>
#include <string.h>

#include "collide.h"
#include "test.h"

/* the primitives under test (collide_internal.h; linked from the core's
   objects, where they are hidden only from the shared object) */
int collide__orient2d(double ax, double ay, double bx, double by, double cx,
                      double cy);
int collide__orient3d(const collide_vec3 *a, const collide_vec3 *b,
                      const collide_vec3 *c, const collide_vec3 *d);

__extension__ typedef __int128 i128;

static unsigned long long seed = 28;
static unsigned long long rnd_u(void) {
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return seed >> 33;
}
/* an integer in [-r, r] */
static long long rnd_i(long long r) {
  return (long long)(rnd_u() % (unsigned long long)(2 * r + 1)) - r;
}

static collide_vec3 V(double x, double y, double z) {
  collide_vec3 v;
  v.x = x; v.y = y; v.z = z;
  return v;
}

static int sgn(i128 x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }

/* (b - a) x (c - a) . (d - a) on integer coordinates, exactly */
static int orient3_int(const long long *a, const long long *b,
                       const long long *c, const long long *d) {
  i128 bx = b[0] - a[0], by = b[1] - a[1], bz = b[2] - a[2];
  i128 cx = c[0] - a[0], cy = c[1] - a[1], cz = c[2] - a[2];
  i128 dx = d[0] - a[0], dy = d[1] - a[1], dz = d[2] - a[2];
  return sgn((by * cz - bz * cy) * dx + (bz * cx - bx * cz) * dy +
             (bx * cy - by * cx) * dz);
}

static int test_orient2d(void) {
  int i;
  for (i = 0; i < 200000; i++) {
    long long R = (i % 3 == 0) ? 4 : (1LL << 26);
    long long p[6];
    int j, want;
    double s = ldexp(1, (int)(rnd_u() % 200) - 100);
    for (j = 0; j < 6; j++) p[j] = rnd_i(R);
    if (i % 5 == 0) {   /* c on the line a b, or one unit off it */
      long long k = rnd_i(5);
      p[4] = p[0] + k * (p[2] - p[0]);
      p[5] = p[1] + k * (p[3] - p[1]) + (i % 10 == 0 ? 1 : 0);
    }
    want = sgn((i128)(p[2] - p[0]) * (p[5] - p[1]) - (i128)(p[3] - p[1]) * (p[4] - p[0]));
    ENSURE(collide__orient2d(p[0] * s, p[1] * s, p[2] * s, p[3] * s, p[4] * s,
                             p[5] * s) == want);
  }
  return 0;
}

static int test_orient3d(void) {
  int i;
  for (i = 0; i < 200000; i++) {
    long long R = (i % 3 == 0) ? 3 : (1LL << 20);
    long long p[4][3];
    collide_vec3 q[4];
    int j, k, want;
    double s = ldexp(1, (int)(rnd_u() % 200) - 100);
    for (j = 0; j < 4; j++)
      for (k = 0; k < 3; k++) p[j][k] = rnd_i(R);
    if (i % 4 == 0) {   /* d on the plane a b c (integer combination) or next to it */
      long long u = rnd_i(4), v = rnd_i(4);
      for (k = 0; k < 3; k++)
        p[3][k] = p[0][k] + u * (p[1][k] - p[0][k]) + v * (p[2][k] - p[0][k]);
      if (i % 8 == 0) p[3][(int)(rnd_u() % 3)] += 1;
    }
    want = orient3_int(p[0], p[1], p[2], p[3]);
    for (j = 0; j < 4; j++) q[j] = V(p[j][0] * s, p[j][1] * s, p[j][2] * s);
    ENSURE(collide__orient3d(&q[0], &q[1], &q[2], &q[3]) == want);
  }
  return 0;
}

/* ---- hulls ------------------------------------------------------------------ */

static collide_convex *build(const collide_vec3 *pts, int n, int *code) {
  int need = collide_convex_init(pts, n, NULL, 0);
  double *block;
  *code = need;
  if (need < 0) return NULL;
  block = (double *)malloc((size_t)need);
  *code = collide_convex_init(pts, n, block, need);
  return (collide_convex *)block;
}

/* Checks a hull of integer-valued points in integer arithmetic. */
static int check_hull(const collide_convex *h, const collide_vec3 *pts, int n) {
  int f, i, j;
  long long (*v)[3] = malloc(sizeof(long long[3]) * (size_t)h->vertex_count);
  long long (*q)[3] = malloc(sizeof(long long[3]) * (size_t)n);
  for (i = 0; i < h->vertex_count; i++) {
    v[i][0] = (long long)h->vertices[i].x;
    v[i][1] = (long long)h->vertices[i].y;
    v[i][2] = (long long)h->vertices[i].z;
  }
  for (i = 0; i < n; i++) {
    q[i][0] = (long long)pts[i].x;
    q[i][1] = (long long)pts[i].y;
    q[i][2] = (long long)pts[i].z;
  }
  if (!h->flat) ENSURE(h->vertex_count - h->edge_count + h->face_count == 2);
  else ENSURE(h->face_count == 2 && h->edge_count == h->vertex_count);
  for (f = 0; f < h->face_count; f++) {
    int a = h->face_first[f], m = h->face_first[f + 1] - a;
    const int *r = &h->ring[a];
    ENSURE(m >= 3);
    for (i = 0; i < m; i++) {
      const long long *A = v[r[i]], *B = v[r[(i + 1) % m]], *C = v[r[(i + 2) % m]];
      /* strictly convex: every corner turns the same way about the plane */
      for (j = 0; j < m; j++)
        ENSURE(orient3_int(v[r[0]], v[r[1]], v[r[2]], v[r[j]]) == 0);
      if (!h->flat) {
        /* every point on or beneath the face */
        for (j = 0; j < n; j++) ENSURE(orient3_int(A, B, C, q[j]) <= 0);
      }
      /* consecutive corners turn left about the face's normal */
      {
        i128 e1[3], e2[3], cr[3];
        double dn;
        for (j = 0; j < 3; j++) { e1[j] = B[j] - A[j]; e2[j] = C[j] - B[j]; }
        cr[0] = e1[1] * e2[2] - e1[2] * e2[1];
        cr[1] = e1[2] * e2[0] - e1[0] * e2[2];
        cr[2] = e1[0] * e2[1] - e1[1] * e2[0];
        dn = (double)cr[0] * h->faces[f].normal.x + (double)cr[1] * h->faces[f].normal.y +
             (double)cr[2] * h->faces[f].normal.z;
        ENSURE(dn > 0);
      }
    }
    /* the plane: unit normal, corners on it to rounding */
    ENSURE_NEAR(h->faces[f].normal.x * h->faces[f].normal.x +
                h->faces[f].normal.y * h->faces[f].normal.y +
                h->faces[f].normal.z * h->faces[f].normal.z, 1, 1e-12);
    for (i = 0; i < m; i++) {
      collide_vec3 p = h->vertices[r[i]];
      double d = h->faces[f].normal.x * p.x + h->faces[f].normal.y * p.y +
                 h->faces[f].normal.z * p.z + h->faces[f].d;
      ENSURE_SMALL(d, 1e-9 * (1 + h->radius));
    }
  }
  /* every edge's corners are distinct and the edges distinct */
  for (i = 0; i < h->edge_count; i++) {
    ENSURE(h->edges[2 * i] != h->edges[2 * i + 1]);
    for (j = 0; j < i; j++)
      ENSURE(!(h->edges[2 * i] == h->edges[2 * j] &&
               h->edges[2 * i + 1] == h->edges[2 * j + 1]));
  }
  free(v);
  free(q);
  return 0;
}

static int counts(const collide_vec3 *pts, int n, int nv, int nf, int ne) {
  int code;
  collide_convex *h = build(pts, n, &code);
  ENSURE(h != NULL && code > 0);
  if (check_hull(h, pts, n)) return 1;
  if (!(h->vertex_count == nv && h->face_count == nf && h->edge_count == ne)) {
    fprintf(stderr, "hull of %d points: %d %d %d, expected %d %d %d\n", n,
            h->vertex_count, h->face_count, h->edge_count, nv, nf, ne);
    free(h);
    return 1;
  }
  free(h);
  return 0;
}

/* shuffles pts in place */
static void shuffle(collide_vec3 *pts, int n) {
  int i;
  for (i = n - 1; i > 0; i--) {
    int j = (int)(rnd_u() % (unsigned long long)(i + 1));
    collide_vec3 t = pts[i];
    pts[i] = pts[j];
    pts[j] = t;
  }
}

static int test_known_solids(void) {
  collide_vec3 p[256];
  int i, n, x, y, z, round;
  for (round = 0; round < 20; round++) {
    /* a cube's surface grid, 5 per side: corners, edges and faces full */
    n = 0;
    for (x = 0; x < 5; x++)
      for (y = 0; y < 5; y++)
        for (z = 0; z < 5; z++)
          if (x % 4 == 0 || y % 4 == 0 || z % 4 == 0)
            if (n < 256) p[n++] = V(x, y, z);
    shuffle(p, n);
    if (counts(p, n, 8, 6, 12)) return 1;
    /* an octahedron with its edge midpoints and repeated corners */
    n = 0;
    p[n++] = V(2, 0, 0); p[n++] = V(-2, 0, 0); p[n++] = V(0, 2, 0);
    p[n++] = V(0, -2, 0); p[n++] = V(0, 0, 2); p[n++] = V(0, 0, -2);
    p[n++] = V(1, 1, 0); p[n++] = V(1, 0, 1); p[n++] = V(0, -1, -1);
    p[n++] = V(2, 0, 0); p[n++] = V(0, 0, 0); p[n++] = V(0, 0, -2);
    shuffle(p, n);
    if (counts(p, n, 6, 8, 12)) return 1;
    /* a square pyramid: its base's four corners coplanar, a point in the
       base and one on a slanted edge */
    n = 0;
    p[n++] = V(0, 0, 0); p[n++] = V(4, 0, 0); p[n++] = V(4, 4, 0);
    p[n++] = V(0, 4, 0); p[n++] = V(2, 2, 4); p[n++] = V(1, 1, 0);
    p[n++] = V(1, 1, 2);
    shuffle(p, n);
    if (counts(p, n, 5, 5, 8)) return 1;
    /* flat: a square with points on its sides and inside, z = 0 */
    n = 0;
    for (x = 0; x <= 4; x++)
      for (y = 0; y <= 4; y++) p[n++] = V(x, y, 0);
    shuffle(p, n);
    if (counts(p, n, 4, 2, 4)) return 1;
    /* flat in a tilted plane: x + y + z = 3 */
    n = 0;
    for (x = 0; x <= 3; x++)
      for (y = 0; x + y <= 3; y++) p[n++] = V(x, y, 3 - x - y);
    shuffle(p, n);
    if (counts(p, n, 3, 2, 3)) return 1;
  }
  /* the flat hull in z = 0 has the normal +z first, whatever the winding */
  {
    collide_vec3 t[3];
    int code;
    collide_convex *h;
    t[0] = V(0, 0, 0); t[1] = V(0, 1, 0); t[2] = V(1, 0, 0);
    h = build(t, 3, &code);
    ENSURE(h != NULL && h->flat);
    ENSURE(h->faces[0].normal.x == 0 && h->faces[0].normal.y == 0 &&
           h->faces[0].normal.z == 1 && h->faces[0].d == 0);
    ENSURE(h->faces[1].normal.z == -1);
    free(h);
  }
  /* a box */
  {
    collide_vec3 e = V(1, 2, 3);
    int need = collide_convex_box_init(&e, NULL, 0);
    double *block = malloc((size_t)need);
    collide_convex *h = (collide_convex *)block;
    ENSURE(collide_convex_box_init(&e, block, need) == need);
    ENSURE(h->vertex_count == 8 && h->face_count == 6 && h->edge_count == 12);
    ENSURE(h->radius == sqrt(14.0));
    for (i = 0; i < 6; i++) {
      collide_plane pl = h->faces[i];
      double ext = pl.normal.x != 0 ? 1 : pl.normal.y != 0 ? 2 : 3;
      ENSURE(fabs(pl.normal.x) + fabs(pl.normal.y) + fabs(pl.normal.z) == 1);
      ENSURE(pl.d == -ext);
    }
    free(block);
  }
  return 0;
}

static int test_random_hulls(void) {
  collide_vec3 p[256];
  int round;
  for (round = 0; round < 3000; round++) {
    int n = 3 + (int)(rnd_u() % 254), i, code;
    long long R = (round % 4 == 0) ? 2 : (round % 4 == 1 ? 5 : 1000000);
    collide_convex *h;
    for (i = 0; i < n; i++) {
      p[i] = V((double)rnd_i(R), (double)rnd_i(R), (double)rnd_i(R));
      if (round % 7 == 0) p[i].z = 0;                   /* flat */
      if (round % 11 == 0 && i > 3) p[i] = p[rnd_u() % (unsigned)i];  /* repeats */
    }
    h = build(p, n, &code);
    if (h == NULL) {
      /* only when every point is on one line */
      ENSURE(code == -(1 * 256 + COLLIDE_E_POINTS_ON_LINE));
      continue;
    }
    ENSURE(code > 0);
    if (check_hull(h, p, n)) {
      fprintf(stderr, "round %d, %d points\n", round, n);
      return 1;
    }
    free(h);
  }
  return 0;
}

static int test_errors(void) {
  collide_vec3 p[300];
  int i;
  for (i = 0; i < 300; i++) p[i] = V(i, i * i % 7, i % 3);
  ENSURE(collide_convex_init(p, 2, NULL, 0) == -(256 + COLLIDE_E_FEW_POINTS));
  ENSURE(collide_convex_init(p, 257, NULL, 0) == -(256 + COLLIDE_E_TOO_MANY_POINTS));
  ENSURE(collide_convex_init(p, 256, NULL, 0) > 0);
  for (i = 0; i < 5; i++) p[i] = V(i, 2 * i, -i);   /* a line */
  ENSURE(collide_convex_init(p, 5, NULL, 0) == -(256 + COLLIDE_E_POINTS_ON_LINE));
  for (i = 0; i < 5; i++) p[i] = V(1, 1, 1);        /* one point */
  ENSURE(collide_convex_init(p, 5, NULL, 0) == -(256 + COLLIDE_E_POINTS_ON_LINE));
  p[2].y = NAN;
  ENSURE(collide_convex_init(p, 5, NULL, 0) == -(256 + COLLIDE_E_VEC_NAN));
  p[2].y = INFINITY;
  ENSURE(collide_convex_init(p, 5, NULL, 0) == -(256 + COLLIDE_E_VEC_INF));
  p[2].y = 2e50;
  ENSURE(collide_convex_init(p, 5, NULL, 0) == -(256 + COLLIDE_E_VEC_RANGE));
  {
    collide_vec3 e = V(1, -1, 1);
    ENSURE(collide_convex_box_init(&e, NULL, 0) == -(256 + COLLIDE_E_NEG_EXTENT));
    e = V(1, 0, 0);
    ENSURE(collide_convex_box_init(&e, NULL, 0) == -(256 + COLLIDE_E_POINTS_ON_LINE));
    e = V(1, 1, 0);
    ENSURE(collide_convex_box_init(&e, NULL, 0) > 0);
  }
  /* a block too small is not written */
  {
    double block[4];
    memset(block, 0, sizeof block);
    for (i = 0; i < 4; i++) p[i] = V(i & 1, (i >> 1) & 1, i == 3);
    ENSURE(collide_convex_init(p, 4, block, (int)sizeof block) > (int)sizeof block);
    ENSURE(block[0] == 0 && block[3] == 0);
  }
  return 0;
}

/* Near-degenerate: points a tiny dyadic step off a face, which rounding
   would put on it (or on the wrong side). */
static int test_nearly_coplanar(void) {
  collide_vec3 p[9];
  int code, k;
  for (k = 30; k <= 52; k += 2) {
    double t = ldexp(1, -k);
    collide_convex *h;
    int n = 0;
    p[n++] = V(0, 0, 0); p[n++] = V(1, 0, 0); p[n++] = V(1, 1, 0);
    p[n++] = V(0, 1, 0); p[n++] = V(0, 0, 1); p[n++] = V(1, 0, 1);
    p[n++] = V(1, 1, 1); p[n++] = V(0, 1, 1);
    p[n++] = V(0.5, 0.5, 1 + t);   /* a very flat roof */
    h = build(p, n, &code);
    ENSURE(h != NULL);
    ENSURE(h->vertex_count == 9 && h->face_count == 9 && h->edge_count == 16);
    free(h);
    p[8] = V(0.5, 0.5, 1 - t);     /* just inside: the cube */
    h = build(p, n, &code);
    ENSURE(h != NULL && h->vertex_count == 8 && h->face_count == 6);
    free(h);
  }
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_orient2d);
  RUN_TEST(test_orient3d);
  RUN_TEST(test_known_solids);
  RUN_TEST(test_errors);
  RUN_TEST(test_nearly_coplanar);
  RUN_TEST(test_random_hulls);
TEST_MAIN_END
