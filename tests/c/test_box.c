/*
 * test_box.c -- C tests of collide_box.c: a moving axis-aligned box against
 * a sphere, a plane, a triangle, a convex polygon and a segment; and the
 * 2D rule for the sphere (a circle starting inside a 2D polygon). `make
 * check-c` builds and runs it.
 *
 * Exact answers where the geometry is axis-aligned; for each query: each
 * side, parallel miss, start touching, start inside, zero-length motion,
 * grazing edge and corner, zero extents, huge coordinates, 2D.
 */
#include <string.h>

#include "collide.h"
#include "test_hit.h"

#define S5 2.2360679774997896964   /* sqrt(5) */
#define R2 0.70710678118654752440

static collide_hit scratch(void) {     /* garbage, to see a miss zero it */
  collide_hit h;
  h.u = 7; h.point = V(7, 7, 7); h.normal = V(7, 7, 7); h.feature = 7;
  return h;
}

/* ---- sweep_aabb_triangle -------------------------------------------------------- */

/*  y
 *  4      c
 *        / \
 *       /   \        the triangle in z = 0, normal +z;
 *      /     \       the box: half-extents (1, 1, 1)
 * -4  a-------b
 *    -4   0   4  x
 */
static collide_vec3 TA, TB, TC;

static int tri(collide_vec3 e, collide_vec3 c0, collide_vec3 c1, collide_hit *h) {
  *h = scratch();
  return collide_sweep_aabb_triangle(&e, &c0, &c1, &TA, &TB, &TC, h);
}

static int test_triangle_sides(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 1);
  /* from above and from below: the face, point under the box's centre */
  ENSURE(tri(e, V(0, 0, 5), V(0, 0, -5), &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 0, 0, 0, 0, 1, FACE, EXACT);
  ENSURE(tri(e, V(0, 0, -5), V(0, 0, 5), &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 0, 0, 0, 0, -1, FACE, EXACT);
  /* from -y onto the edge a-b: the middle of the part under the box */
  ENSURE(tri(e, V(0, -10, 0), V(0, 10, 0), &h) == 1);
  ENSURE_HIT(h, 0.25, 0, -4, 0, 0, -1, 0, EDGE, EXACT);
  /* from -x onto the slanted edge c-a: the box's edge (x = c+1, y = -1)
     meets it at (-2.5, -1); the normal is the edge's (z x (a - c)) */
  ENSURE(tri(e, V(-10, 0, 0), V(10, 0, 0), &h) == 1);
  ENSURE_HIT(h, 0.325, -2.5, -1, 0, -2 / S5, 1 / S5, 0, EDGE, EXACT);
  return 0;
}

static int test_triangle_misses(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 1);
  /* parallel, one above the face: bottom at z = 1 */
  ENSURE_MISS(tri(e, V(-10, 0, 2.0000001), V(10, 0, 2.0000001), &h), h);
  /* stops short */
  ENSURE_MISS(tri(e, V(0, 0, 5), V(0, 0, 1.5), &h), h);
  /* beside it */
  ENSURE_MISS(tri(e, V(10, 10, 5), V(10, 10, -5), &h), h);
  /* zero-length motion, apart */
  ENSURE_MISS(tri(e, V(0, 0, 3), V(0, 0, 3), &h), h);
  return 0;
}

static int test_triangle_start(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 1);
  /* touching at the start (bottom on the face), moving away: u = 0 */
  ENSURE(tri(e, V(0, 0, 1), V(0, 0, 3), &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, 0, 0, 1, FACE, EXACT);
  /* sliding in the face's plane (the parallel miss's limit): met at the
     slanted edge, as in 2D */
  ENSURE(tri(e, V(-10, 0, 1), V(10, 0, 1), &h) == 1);
  ENSURE_HIT(h, 0.325, -2.5, -1, 0, -2 / S5, 1 / S5, 0, EDGE, EXACT);
  /* inside, static: out the short way (up by 0.5), point in the box */
  ENSURE(tri(e, V(0, 0, 0.5), V(0, 0, 0.5), &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, 0, 0, 1, FACE, EXACT);
  /* centred on the face: a tie, broken against the motion */
  ENSURE(tri(e, V(0, 0, 0), V(0, 0, -1), &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, 0, 0, 1, FACE, EXACT);
  ENSURE(tri(e, V(0, 0, 0), V(0, 0, 1), &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, 0, 0, -1, FACE, EXACT);
  /* and with no motion: the winding's normal */
  ENSURE(tri(e, V(0.5, 0, 0), V(0.5, 0, 1e-300 * 0), &h) == 1);
  ENSURE(h.u == 0);
  return 0;
}

static int test_triangle_grazing(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 1);
  /* the box's bottom face slides along y = 4 .. 6 over the top vertex c:
     it touches c when its corner reaches x = 0 */
  ENSURE(tri(e, V(-10, 5, 0), V(10, 5, 0), &h) == 1);
  ENSURE_NEAR(h.u, 0.45, EXACT);
  ENSURE_VEC(h.point, 0, 4, 0, EXACT);
  ENSURE(h.feature == VERTEX);
  /* a hair higher: a miss */
  ENSURE_MISS(tri(e, V(-10, 5.000001, 0), V(10, 5.000001, 0), &h), h);
  /* a box corner down onto the edge a-b from beside it: the box's corner
     column x in [3, 5] meets b's corner region only at b itself */
  ENSURE(tri(e, V(5, -5, 5), V(5, -5, -5), &h) == 1);
  ENSURE_NEAR(h.u, 0.4, EXACT);
  ENSURE_VEC(h.point, 4, -4, 0, EXACT);
  ENSURE(h.feature == VERTEX);
  return 0;
}

static int test_triangle_zero_extents(void) {
  collide_hit h;
  /* a flat box (a 2D rectangle in a horizontal plane) falling flat onto
     the face */
  ENSURE(tri(V(1, 1, 0), V(0, 0, 5), V(0, 0, -5), &h) == 1);
  ENSURE_HIT(h, 0.5, 0, 0, 0, 0, 0, 1, FACE, EXACT);
  /* a point box is a ray */
  ENSURE(tri(V(0, 0, 0), V(1, 1, 5), V(1, 1, -5), &h) == 1);
  ENSURE_HIT(h, 0.5, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  /* a segment box (along x) swept along y into the edge a-b */
  ENSURE(tri(V(2, 0, 0), V(0, -10, 0), V(0, 0, 0), &h) == 1);
  ENSURE_HIT(h, 0.6, 0, -4, 0, 0, -1, 0, EDGE, EXACT);
  return 0;
}

static int test_triangle_huge(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 1), o = V(1e9, -1e9, 1e9);
  collide_vec3 a = V(o.x - 4, o.y - 4, o.z), b = V(o.x + 4, o.y - 4, o.z);
  collide_vec3 c = V(o.x, o.y + 4, o.z);
  collide_vec3 c0 = V(o.x, o.y, o.z + 5), c1 = V(o.x, o.y, o.z - 5);
  h = scratch();
  ENSURE(collide_sweep_aabb_triangle(&e, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_NEAR(h.u, 0.4, 1e-15);
  ENSURE(h.point.x == o.x && h.point.y == o.y && h.point.z == o.z);
  ENSURE(h.normal.x == 0 && h.normal.y == 0 && h.normal.z == 1);
  ENSURE(h.feature == FACE);
  /* huge extents too */
  e = V(1e40, 1e40, 1e40);
  c0 = V(0, 0, 3e40);
  c1 = V(0, 0, -3e40);
  ENSURE(tri(e, c0, c1, &h) == 1);
  ENSURE_NEAR(h.u, 1.0 / 3, 1e-15);
  ENSURE(h.normal.z == 1);
  return 0;
}

static int test_triangle_2d(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 0);       /* a 2D rectangle */
  /* in-plane hit: point and normal in the plane */
  ENSURE(tri(e, V(-10, 0, 0), V(10, 0, 0), &h) == 1);
  ENSURE_HIT(h, 0.325, -2.5, -1, 0, -2 / S5, 1 / S5, 0, EDGE, EXACT);
  ENSURE(h.normal.z == 0 && h.point.z == 0);
  /* starting inside: out across the nearest edge (b-c, by 3.13), not
     along z; the point is in the triangle and in the rectangle */
  ENSURE(tri(e, V(0.5, -1, 0), V(0.5, -0.5, 0), &h) == 1);
  ENSURE(h.u == 0);
  ENSURE_VEC(h.normal, 2 / S5, 1 / S5, 0, EXACT);
  ENSURE(h.normal.z == 0 && h.point.z == 0);
  ENSURE(h.point.x >= -0.5 && h.point.x <= 1.5 && h.point.y >= -2 && h.point.y <= 0);
  /* the same moving along the plane */
  ENSURE(tri(e, V(0.5, -1, 0), V(-3, -1, 0), &h) == 1);
  ENSURE(h.u == 0 && h.normal.z == 0);
  /* a 3D box centred in the plane and moving along it obeys the rule too */
  ENSURE(tri(V(1, 1, 1), V(0.5, -1, 0), V(0.5, 0, 0), &h) == 1);
  ENSURE_VEC(h.normal, 2 / S5, 1 / S5, 0, EXACT);
  /* near the bottom edge: out through it */
  ENSURE(tri(e, V(0, -3.5, 0), V(1, -3.5, 0), &h) == 1);
  ENSURE_HIT(h, 0, 0, -4, 0, 0, -1, 0, EDGE, EXACT);
  /* with no motion there is no plane of motion: the face rule */
  ENSURE(tri(e, V(0, -1, 0), V(0, -1, 0), &h) == 1);
  ENSURE(h.u == 0 && h.normal.z == 1 && h.feature == FACE);
  return 0;
}

static int test_triangle_errors(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 1), ne = V(1, -1, 1), z = V(0, 0, 0), nan = V(0, NAN, 0);
  collide_vec3 big = V(2e50, 0, 0);
  ENSURE_FAIL(collide_sweep_aabb_triangle(&ne, &z, &z, &TA, &TB, &TC, &h), 1,
              COLLIDE_E_NEG_EXTENT);
  ENSURE_FAIL(collide_sweep_aabb_triangle(&e, &nan, &z, &TA, &TB, &TC, &h), 2,
              COLLIDE_E_VEC_NAN);
  ENSURE_FAIL(collide_sweep_aabb_triangle(&e, &z, &big, &TA, &TB, &TC, &h), 3,
              COLLIDE_E_VEC_RANGE);
  ENSURE_FAIL(collide_sweep_aabb_triangle(&e, &z, &z, &TA, &nan, &TC, &h), 5,
              COLLIDE_E_VEC_NAN);
  ENSURE_FAIL(collide_sweep_aabb_triangle(&e, &z, &z, &TA, &TA, &TC, &h), 4,
              COLLIDE_E_DEGENERATE_TRIANGLE);
  return 0;
}

/* ---- sweep_aabb_polygon ------------------------------------------------------------ */

static collide_vec3 SQ[4];
static collide_polygon SQUARE;    /* (-2, -2) .. (2, 2) in z = 0 */

static int poly(collide_vec3 e, collide_vec3 c0, collide_vec3 c1, collide_hit *h) {
  *h = scratch();
  return collide_sweep_aabb_polygon(&e, &c0, &c1, &SQUARE, h);
}

static int test_polygon(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 1);
  ENSURE(poly(e, V(0, 0, 5), V(0, 0, -5), &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 0, 0, 0, 0, 1, FACE, EXACT);
  /* half off the edge x = 2: the middle of that edge's part under the box */
  ENSURE(poly(e, V(2.5, 0, 5), V(2.5, 0, -5), &h) == 1);
  ENSURE_HIT(h, 0.4, 2, 0, 0, 0, 0, 1, FACE, EXACT);
  /* a big box over the square: under its centre if that is in the square,
     else (the square wholly under the box) the square's centre */
  ENSURE(poly(V(5, 5, 1), V(1, 1, 5), V(1, 1, -5), &h) == 1);
  ENSURE_HIT(h, 0.4, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  ENSURE(poly(V(5, 5, 1), V(3, 3, 5), V(3, 3, -5), &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 0, 0, 0, 0, 1, FACE, EXACT);
  /* sideways into the edge x = -2 */
  ENSURE(poly(e, V(-10, 0, 0), V(10, 0, 0), &h) == 1);
  ENSURE_HIT(h, 0.35, -2, 0, 0, -1, 0, 0, EDGE, EXACT);
  /* diagonally into the corner (2, 2): the vertex */
  ENSURE(poly(V(1, 1, 0), V(5, 5, 0), V(1, 1, 0), &h) == 1);
  ENSURE_NEAR(h.u, 0.5, EXACT);
  ENSURE_VEC(h.point, 2, 2, 0, EXACT);
  ENSURE(h.feature == VERTEX);
  ENSURE(h.normal.z == 0);
  /* parallel miss, zero-length motion */
  ENSURE_MISS(poly(e, V(-10, 0, 1.5), V(10, 0, 1.5), &h), h);
  ENSURE_MISS(poly(e, V(0, 0, 1.5), V(0, 0, 1.5), &h), h);
  /* start inside a 2D polygon: out across the nearest edge (x = 2) */
  ENSURE(poly(V(1, 1, 0), V(1.5, 0, 0), V(1.5, -1, 0), &h) == 1);
  ENSURE(h.u == 0);
  ENSURE_VEC(h.normal, 1, 0, 0, 0);
  ENSURE(h.point.z == 0 && h.point.x >= 0.5 && h.point.x <= 2);
  /* errors */
  {
    collide_polygon bad;
    memset(&bad, 0, sizeof bad);
    ENSURE_FAIL(collide_sweep_aabb_polygon(&e, &e, &e, &bad, &h), 4,
                COLLIDE_E_FEW_VERTICES);
    ENSURE_FAIL(collide_sweep_aabb_polygon(&e, &e, &e, NULL, &h), 4,
                COLLIDE_E_FEW_VERTICES);
    bad = SQUARE;
    bad.plane.normal = V(0, 0, 2);
    ENSURE_FAIL(collide_sweep_aabb_polygon(&e, &e, &e, &bad, &h), 4,
                COLLIDE_E_BAD_PLANE);
  }
  return 0;
}

/* ---- sweep_aabb_segment ------------------------------------------------------------ */

static int seg(collide_vec3 e, collide_vec3 c0, collide_vec3 c1, collide_vec3 a,
               collide_vec3 b, collide_hit *h) {
  *h = scratch();
  return collide_sweep_aabb_segment(&e, &c0, &c1, &a, &b, h);
}

static int test_segment(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 1);
  /* a post along z, hit by the box's face from each side */
  ENSURE(seg(e, V(-10, 0, 0), V(10, 0, 0), V(0, 0, -5), V(0, 0, 5), &h) == 1);
  ENSURE_HIT(h, 0.45, 0, 0, 0, -1, 0, 0, EDGE, EXACT);
  ENSURE(seg(e, V(10, 0, 0), V(-10, 0, 0), V(0, 0, -5), V(0, 0, 5), &h) == 1);
  ENSURE_HIT(h, 0.45, 0, 0, 0, 1, 0, 0, EDGE, EXACT);
  ENSURE(seg(e, V(0, 10, 0), V(0, -10, 0), V(0, 0, -5), V(0, 0, 5), &h) == 1);
  ENSURE_HIT(h, 0.45, 0, 0, 0, 0, 1, 0, EDGE, EXACT);
  /* a post standing on z = 1: met at its end, a vertex */
  ENSURE(seg(e, V(-10, 0, 0), V(10, 0, 0), V(0, 0, 1), V(0, 0, 5), &h) == 1);
  ENSURE_HIT(h, 0.45, 0, 0, 1, -1, 0, 0, VERTEX, EXACT);
  /* a hair higher: a miss (parallel) */
  ENSURE_MISS(seg(e, V(-10, 0, 0), V(10, 0, 0), V(0, 0, 1.000001), V(0, 0, 5), &h), h);
  /* edge against edge: a box edge along z meets a wall along x .. y
     diagonal: the normal is the wall's */
  ENSURE(seg(V(1, 1, 0), V(-10, -10, 0), V(0, 0, 0), V(-5, 5, 0), V(5, -5, 0), &h) == 1);
  ENSURE_HIT(h, 0.9, 0, 0, 0, -R2, -R2, 0, EDGE, EXACT);
  /* a crossing segment (skew): box edge along y at x = c+1, z = 1
     against the segment from (0, 0, 2) to (0, 4, -2)... */
  ENSURE(seg(e, V(-10, 0, 0), V(10, 0, 0), V(0, -4, 0), V(0, 4, 0), &h) == 1);
  ENSURE_HIT(h, 0.45, 0, 0, 0, -1, 0, 0, EDGE, EXACT);
  /* start touching, start inside, zero-length motion */
  ENSURE(seg(e, V(-1, 0, 0), V(-5, 0, 0), V(0, 0, -5), V(0, 0, 5), &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, -1, 0, 0, EDGE, EXACT);
  ENSURE(seg(e, V(-0.5, 0, 0), V(-0.5, 0, 0), V(0, 0, -5), V(0, 0, 5), &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, -1, 0, 0, EDGE, EXACT);
  ENSURE_MISS(seg(e, V(-3, 0, 0), V(-3, 0, 0), V(0, 0, -5), V(0, 0, 5), &h), h);
  /* a point segment is a vertex */
  ENSURE(seg(e, V(-10, 0, 0), V(10, 0, 0), V(0, 0.5, 0.5), V(0, 0.5, 0.5), &h) == 1);
  ENSURE_HIT(h, 0.45, 0, 0.5, 0.5, -1, 0, 0, VERTEX, EXACT);
  /* 2D: a rectangle centred on a wall, moving along it: out across it */
  ENSURE(seg(V(1, 1, 0), V(0.5, 0, 0), V(1, 0, 0), V(-5, 5, 0), V(5, -5, 0), &h) == 1);
  ENSURE(h.u == 0 && h.point.z == 0);
  ENSURE_VEC(h.normal, R2, R2, 0, EXACT);
  /* huge coordinates */
  ENSURE(seg(e, V(1e9 - 10, 0, 0), V(1e9 + 10, 0, 0), V(1e9, 0, -5),
             V(1e9, 0, 5), &h) == 1);
  ENSURE_HIT(h, 0.45, 1e9, 0, 0, -1, 0, 0, EDGE, 0);
  {
    collide_vec3 ne = V(-1, 0, 0), z = V(0, 0, 0), inf = V(INFINITY, 0, 0);
    ENSURE_FAIL(collide_sweep_aabb_segment(&ne, &z, &z, &z, &z, &h), 1,
                COLLIDE_E_NEG_EXTENT);
    ENSURE_FAIL(collide_sweep_aabb_segment(&e, &z, &z, &z, &inf, &h), 5,
                COLLIDE_E_VEC_INF);
  }
  return 0;
}

/* ---- sweep_aabb_plane ---------------------------------------------------------------- */

static int test_plane(void) {
  collide_hit h;
  collide_plane pl, tilt;
  collide_vec3 nz = V(0, 0, 1), n11 = V(1, 1, 0), e = V(1, 2, 3);
  ENSURE(collide_plane_make(&nz, 0, &pl) == 1);
  ENSURE(collide_plane_make(&n11, 0, &tilt) == 1);
  h = scratch();
  {
    collide_vec3 c0 = V(0, 0, 10), c1 = V(0, 0, -10);
    ENSURE(collide_sweep_aabb_plane(&e, &c0, &c1, &pl, &h) == 1);
    ENSURE_HIT(h, 0.35, 0, 0, 0, 0, 0, 1, FACE, EXACT);
    /* from below (two-sided) */
    ENSURE(collide_sweep_aabb_plane(&e, &c1, &c0, &pl, &h) == 1);
    ENSURE_HIT(h, 0.35, 0, 0, 0, 0, 0, -1, FACE, EXACT);
  }
  {
    /* parallel miss; stops short; zero-length apart */
    collide_vec3 c0 = V(-5, 0, 3.5), c1 = V(5, 0, 3.5), c2 = V(0, 0, 4);
    ENSURE_MISS(collide_sweep_aabb_plane(&e, &c0, &c1, &pl, &h), h);
    ENSURE_MISS(collide_sweep_aabb_plane(&e, &c2, &c0, &pl, &h), h);
    ENSURE_MISS(collide_sweep_aabb_plane(&e, &c2, &c2, &pl, &h), h);
  }
  {
    /* start touching, inside, centred (tie: against the motion) */
    collide_vec3 t = V(0, 0, 3), up = V(0, 0, 5), in = V(1, 1, 1), z = V(0, 0, 0);
    ENSURE(collide_sweep_aabb_plane(&e, &t, &up, &pl, &h) == 1);
    ENSURE_HIT(h, 0, 0, 0, 0, 0, 0, 1, FACE, EXACT);
    ENSURE(collide_sweep_aabb_plane(&e, &in, &in, &pl, &h) == 1);
    ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, 1, FACE, EXACT);
    ENSURE(collide_sweep_aabb_plane(&e, &z, &up, &pl, &h) == 1);
    ENSURE_HIT(h, 0, 0, 0, 0, 0, 0, -1, FACE, EXACT);
    ENSURE(collide_sweep_aabb_plane(&e, &z, &z, &pl, &h) == 1);
    ENSURE_HIT(h, 0, 0, 0, 0, 0, 0, 1, FACE, EXACT);
  }
  {
    /* a tilted plane met by a corner column: the corner edge's middle */
    collide_vec3 c0 = V(-10, -10, 0), c1 = V(10, 10, 0), u = V(1, 1, 1);
    ENSURE(collide_sweep_aabb_plane(&u, &c0, &c1, &tilt, &h) == 1);
    ENSURE_HIT(h, 0.45, 0, 0, 0, -R2, -R2, 0, FACE, EXACT);
    /* zero extents: a point is a ray */
    u = V(0, 0, 0);
    ENSURE(collide_sweep_aabb_plane(&u, &c0, &c1, &tilt, &h) == 1);
    ENSURE_HIT(h, 0.5, 0, 0, 0, -R2, -R2, 0, FACE, EXACT);
  }
  {
    /* huge */
    collide_plane far;
    collide_vec3 c0 = V(0, 0, 1e30), c1 = V(0, 0, -1e30), big = V(1e29, 1e29, 1e29);
    ENSURE(collide_plane_make(&nz, 0, &far) == 1);
    ENSURE(collide_sweep_aabb_plane(&big, &c0, &c1, &far, &h) == 1);
    ENSURE_NEAR(h.u, 0.45, 1e-15);
    ENSURE(h.normal.z == 1);
  }
  {
    collide_plane bad = pl;
    collide_vec3 z = V(0, 0, 0);
    bad.normal = V(0, 0, 0);
    ENSURE_FAIL(collide_sweep_aabb_plane(&e, &z, &z, &bad, &h), 4, COLLIDE_E_BAD_PLANE);
  }
  return 0;
}

/* ---- sweep_aabb_sphere ------------------------------------------------------------ */

static int sph(collide_vec3 e, collide_vec3 c0, collide_vec3 c1, collide_vec3 c,
               double r, collide_hit *h) {
  *h = scratch();
  return collide_sweep_aabb_sphere(&e, &c0, &c1, &c, r, h);
}

static int test_sphere(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 1), o = V(0, 0, 0);
  /* each side: the sphere's point nearest the box, normal toward the box */
  ENSURE(sph(e, V(-10, 0, 0), V(10, 0, 0), o, 1, &h) == 1);
  ENSURE_HIT(h, 0.4, -1, 0, 0, -1, 0, 0, FACE, EXACT);
  ENSURE(sph(e, V(0, 10, 0), V(0, -10, 0), o, 1, &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 1, 0, 0, 1, 0, FACE, EXACT);
  ENSURE(sph(e, V(0, 0, -10), V(0, 0, 10), o, 1, &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 0, -1, 0, 0, -1, FACE, EXACT);
  /* grazing the box's edge: the edge (y, z) = (1, 1) passes at distance
     sqrt(2) from a sphere at (0, 2, 2): radius sqrt(2) touches once the
     edge reaches x = 0 */
  ENSURE(sph(e, V(-10, 0, 0), V(10, 0, 0), V(0, 2, 2), sqrt(2.0), &h) == 1);
  ENSURE_NEAR(h.u, 0.45, 1e-7);
  ENSURE_VEC(h.point, 0, 1, 1, 1e-7);
  ENSURE_VEC(h.normal, 0, -R2, -R2, 1e-7);
  ENSURE_MISS(sph(e, V(-10, 0, 0), V(10, 0, 0), V(0, 2, 2), 1.414, &h), h);
  /* parallel miss, zero-length motion apart */
  ENSURE_MISS(sph(e, V(-10, 2.5, 0), V(10, 2.5, 0), o, 1, &h), h);
  ENSURE_MISS(sph(e, V(-3, 0, 0), V(-3, 0, 0), o, 1, &h), h);
  /* start touching; start overlapping (centre outside the box) */
  ENSURE(sph(e, V(-2, 0, 0), V(-5, 0, 0), o, 1, &h) == 1);
  ENSURE_HIT(h, 0, -1, 0, 0, -1, 0, 0, FACE, EXACT);
  ENSURE(sph(e, V(-1.5, 0, 0), V(-1.5, 0, 0), o, 1, &h) == 1);
  ENSURE_HIT(h, 0, -0.5, 0, 0, -1, 0, 0, FACE, EXACT);
  /* the sphere's centre inside the box: out the short way (+y: the box
     centre is 0.5 below it... the box moves down), point the centre */
  ENSURE(sph(e, V(0, -0.5, 0), V(0, -0.5, 0), o, 0.25, &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, 0, -1, 0, FACE, EXACT);
  /* centred: a tie of all six, broken against the motion */
  ENSURE(sph(e, o, V(0, 0, 1), o, 0.5, &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, 0, 0, -1, FACE, EXACT);
  /* zero radius (a point), zero extents (a ray against a ball) */
  ENSURE(sph(e, V(-10, 0, 0), V(10, 0, 0), o, 0, &h) == 1);
  ENSURE_HIT(h, 0.45, 0, 0, 0, -1, 0, 0, FACE, EXACT);
  ENSURE(sph(V(0, 0, 0), V(-10, 0, 0), V(10, 0, 0), o, 1, &h) == 1);
  ENSURE_HIT(h, 0.45, -1, 0, 0, -1, 0, 0, FACE, EXACT);
  /* 2D: a rectangle over a circle's centre, pushed out in the plane */
  ENSURE(sph(V(2, 1, 0), V(0.5, 0, 0), V(0.5, 0, 0), o, 1, &h) == 1);
  ENSURE(h.u == 0 && h.normal.z == 0);
  ENSURE_VEC(h.normal, 0, 1, 0, 0);
  /* huge coordinates, and relative positions past the 1e50 limit */
  ENSURE(sph(e, V(1e15 - 10, 0, 0), V(1e15 + 10, 0, 0), V(1e15, 0, 0), 1, &h) == 1);
  ENSURE_HIT(h, 0.4, 1e15 - 1, 0, 0, -1, 0, 0, FACE, 0);
  ENSURE(sph(V(1, 1, 1), V(-0.9e50, 0, 0), V(0.9e50, 0, 0), V(0.9e50, 0, 0), 1, &h) == 1);
  ENSURE(h.normal.x == -1 && h.u > 0.99 && h.u <= 1);
  {
    collide_vec3 z = V(0, 0, 0);
    ENSURE_FAIL(collide_sweep_aabb_sphere(&e, &z, &z, &z, -1, &h), 5,
                COLLIDE_E_NEG_RADIUS);
    ENSURE_FAIL(collide_sweep_aabb_sphere(&e, &z, &z, &z, NAN, &h), 5, COLLIDE_E_NAN);
  }
  return 0;
}

/* ---- the 2D rule for the sphere (issue 10 item 2) ------------------------------------ */

static int test_sphere_2d_rule(void) {
  collide_hit h;
  /* a circle whose centre starts inside a 2D triangle and moves in its
     plane: out across the nearest edge (a-b, 1 below), in the plane --
     was (0, 0, 1) */
  collide_vec3 c0 = V(0, -3, 0), c1 = V(0, 3, 0), c2 = V(3, -3, 0);
  ENSURE(collide_sweep_sphere_triangle(0.5, &c0, &c1, &TA, &TB, &TC, &h) == 1);
  ENSURE_HIT(h, 0, 0, -4, 0, 0, -1, 0, EDGE, EXACT);
  ENSURE(collide_sweep_sphere_triangle(0.5, &c0, &c2, &TA, &TB, &TC, &h) == 1);
  ENSURE_HIT(h, 0, 0, -4, 0, 0, -1, 0, EDGE, EXACT);
  /* and in a polygon: nearest edge x = 2 */
  c0 = V(1.5, 0.5, 0);
  c1 = V(-1.5, 0.5, 0);
  ENSURE(collide_sweep_sphere_polygon(0.25, &c0, &c1, &SQUARE, &h) == 1);
  ENSURE_HIT(h, 0, 2, 0.5, 0, 1, 0, 0, EDGE, EXACT);
  /* with no motion, the face rule (the winding's normal) stays */
  ENSURE(collide_sweep_sphere_polygon(0.25, &c0, &c0, &SQUARE, &h) == 1);
  ENSURE_HIT(h, 0, 1.5, 0.5, 0, 0, 0, 1, FACE, EXACT);
  /* a 3D sphere crossing the plane keeps the face rule */
  c1 = V(1.5, 0.5, -1);
  ENSURE(collide_sweep_sphere_polygon(0.25, &c0, &c1, &SQUARE, &h) == 1);
  ENSURE_HIT(h, 0, 1.5, 0.5, 0, 0, 0, 1, FACE, EXACT);
  return 0;
}

/* ---- the one-pass argument checks (issue 12) ----------------------------------- */

/* Each entry point accepts all its numbers at once when the sum of their
   magnitudes is within the limit, and only then checks them one by one:
   arguments each within the limit but summing beyond it must still be
   accepted, and a bad one after them still named. */
static int test_checks_one_pass(void) {
  collide_hit h;
  collide_vec3 e = V(0.9e50, 1, 1), a = V(-0.9e50, 0, 0), b = V(0.9e50, 1, 0);
  collide_vec3 c = V(0, 0.9e50, 0), c0 = V(0, 0, 0.9e50), c1 = V(0, 0, -0.9e50);
  collide_vec3 nan = V(0, NAN, 0), inf = V(INFINITY, 0, 0), ne = V(1, 1, -1);
  collide_vec3 pv[3];
  collide_polygon poly;
  collide_plane pl;
  pl.normal = V(0, 0, 1); pl.d = 1.5e50;      /* |d| may reach twice the limit */
  ENSURE(collide_sweep_aabb_triangle(&e, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE(collide_sweep_aabb_segment(&e, &c0, &c1, &a, &b, &h) == 1);
  ENSURE(collide_sweep_aabb_sphere(&e, &c0, &c1, &a, 0.9e50, &h) == 1);
  ENSURE(collide_sweep_aabb_plane(&e, &c0, &c1, &pl, &h) == 0);   /* z = -1.5e50: never */
  ENSURE(collide_sweep_sphere_aabb(0.9e50, &c0, &c1, &a, &e, &h) == 1);
  pv[0] = a; pv[1] = b; pv[2] = c;
  ENSURE(collide_polygon_init(pv, 3, &poly) == 1);
  ENSURE(collide_sweep_aabb_polygon(&e, &c0, &c1, &poly, &h) == 1);
  /* the first bad argument is named, after large good ones */
  ENSURE_FAIL(collide_sweep_aabb_triangle(&e, &c0, &c1, &a, &b, &nan, &h), 6,
              COLLIDE_E_VEC_NAN);
  ENSURE_FAIL(collide_sweep_aabb_segment(&e, &c0, &c1, &a, &inf, &h), 5,
              COLLIDE_E_VEC_INF);
  ENSURE_FAIL(collide_sweep_aabb_sphere(&e, &c0, &c1, &a, -1, &h), 5,
              COLLIDE_E_NEG_RADIUS);
  ENSURE_FAIL(collide_sweep_aabb_plane(&ne, &c0, &c1, &pl, &h), 1, COLLIDE_E_NEG_EXTENT);
  ENSURE_FAIL(collide_sweep_sphere_aabb(1, &c0, &c1, &a, &ne, &h), 5,
              COLLIDE_E_NEG_EXTENT);
  pl.d = 2.5e50;
  ENSURE_FAIL(collide_sweep_aabb_plane(&e, &c0, &c1, &pl, &h), 4, COLLIDE_E_BAD_PLANE);
  poly.plane.normal = V(0, 0, 2);
  ENSURE_FAIL(collide_sweep_aabb_polygon(&e, &c0, &c1, &poly, &h), 4,
              COLLIDE_E_BAD_PLANE);
  poly.count = 2;
  ENSURE_FAIL(collide_sweep_aabb_polygon(&e, &c0, &c1, &poly, &h), 4,
              COLLIDE_E_FEW_VERTICES);
  ENSURE_FAIL(collide_sweep_aabb_polygon(&e, &nan, &c1, &poly, &h), 2,
              COLLIDE_E_VEC_NAN);
  return 0;
}

/* sweep_sphere_aabb's bevel rejection never rejects a contact: paths
   grazing a rounded edge and a rounded corner of the box (1, 1, 1) grown
   by r = 1, just inside and just outside. */
static int test_sphere_aabb_bevels(void) {
  collide_hit h;
  collide_vec3 e = V(1, 1, 1), ctr = V(0, 0, 0), c0, c1;
  double k;
  for (k = -1; k <= 1; k += 2) {
    /* along z past the edge x = y = 1 at distance (1 - k 1e-9) r */
    double a = R2 * (1 - k * 1e-9);
    c0 = V(1 + a, 1 + a, -5); c1 = V(1 + a, 1 + a, 5);
    h = scratch();
    if (k < 0) ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &e, &h) == 0);
    else {
      ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &e, &h) == 1);
      ENSURE_VEC(h.normal, R2, R2, 0, 1e-4);   /* (the corner ball, just before the edge) */
    }
    /* along (1, -1, 0) past the corner (1, 1, 1) at distance (1 - k 1e-9) r:
       the closest point is the corner plus that along (1, 1, 1) / sqrt 3 */
    a = (1 - k * 1e-9) / 1.7320508075688772935;
    c0 = V(1 + a - 5, 1 + a + 5, 1 + a); c1 = V(1 + a + 5, 1 + a - 5, 1 + a);
    h = scratch();
    if (k < 0) ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &e, &h) == 0);
    else {
      ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &e, &h) == 1);
      ENSURE_NEAR(h.u, 0.5, 1e-4);
      ENSURE(h.feature == VERTEX);
    }
  }
  return 0;
}

TEST_MAIN_BEGIN
  TA = V(-4, -4, 0); TB = V(4, -4, 0); TC = V(0, 4, 0);
  SQ[0] = V(-2, -2, 0); SQ[1] = V(2, -2, 0); SQ[2] = V(2, 2, 0); SQ[3] = V(-2, 2, 0);
  if (collide_polygon_init(SQ, 4, &SQUARE) != 1) return 1;
  RUN_TEST(test_triangle_sides);
  RUN_TEST(test_triangle_misses);
  RUN_TEST(test_triangle_start);
  RUN_TEST(test_triangle_grazing);
  RUN_TEST(test_triangle_zero_extents);
  RUN_TEST(test_triangle_huge);
  RUN_TEST(test_triangle_2d);
  RUN_TEST(test_triangle_errors);
  RUN_TEST(test_polygon);
  RUN_TEST(test_segment);
  RUN_TEST(test_plane);
  RUN_TEST(test_sphere);
  RUN_TEST(test_sphere_2d_rule);
  RUN_TEST(test_checks_one_pass);
  RUN_TEST(test_sphere_aabb_bevels);
TEST_MAIN_END
