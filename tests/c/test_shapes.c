/*
 * test_shapes.c -- C tests of collide_sphere.c: sphere sweeps against
 * triangles, polygons, segments and boxes, the box-box sweep, ray casts,
 * polygon validation. `make check-c` builds and runs it; by hand, from the
 * repository root:
 *   cc -std=c99 -Wall -Wextra -pedantic -O1 -g -fsanitize=address,undefined \
 *      -Icsrc -o test_shapes tests/c/test_shapes.c csrc/collide_*.c -lm
 *   ./test_shapes
 */
#include <float.h>
#include <stdint.h>
#include <string.h>

#include "collide.h"
#include "test_hit.h"

#define R2 0.70710678118654752440
#define R3 0.57735026918962576451

static collide_vec3 add(collide_vec3 a, collide_vec3 b) {
  return V(a.x + b.x, a.y + b.y, a.z + b.z);
}

static double unit_error(collide_vec3 n) {
  return sqrt(n.x * n.x + n.y * n.y + n.z * n.z) - 1;
}

static collide_hit scratch(void) {     /* garbage, to see a miss zero it */
  collide_hit h;
  h.u = 7; h.point = V(7, 7, 7); h.normal = V(7, 7, 7); h.feature = 7;
  return h;
}

/* ---- sweep_sphere_triangle ---------------------------------------------------- */

/*  y
 *  4 c
 *    |\
 *    | \
 *  0 a--b   x      the triangle in z = 0, normal +z (counter-clockwise)
 *    0  4
 */
static int test_sweep_sphere_triangle(void) {
  collide_vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0), c0, c1;
  collide_hit h = scratch();

  /* the face, from each side */
  c0 = V(1, 1, 5); c1 = V(1, 1, -5);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.4, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  ENSURE(collide_sweep_sphere_triangle(1, &c1, &c0, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.4, 1, 1, 0, 0, 0, -1, FACE, EXACT);
  /* the other winding gives the same answer */
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &c, &b, &h) == 1);
  ENSURE_HIT(h, 0.4, 1, 1, 0, 0, 0, 1, FACE, EXACT);

  /* an edge, moving in the plane (2D: a circle against a triangle) */
  c0 = V(2, -5, 0); c1 = V(2, 5, 0);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.4, 2, 0, 0, 0, -1, 0, EDGE, EXACT);
  /* the slanted edge b-c, from outside, along its normal */
  c0 = V(2 + 3 * R2, 2 + 3 * R2, 0); c1 = V(2 - 1 * R2, 2 - 1 * R2, 0);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 2, 2, 0, R2, R2, 0, EDGE, 1e-12);

  /* a vertex, along the diagonal toward a */
  c0 = V(-3, -3, 0); c1 = V(3, 3, 0);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5 - 1 / (6 * sqrt(2.0)), 0, 0, 0, -R2, -R2, 0, VERTEX, 1e-12);

  /* grazing b at one instant: x = 5 passes at exactly r from b */
  c0 = V(5, -5, 0); c1 = V(5, 5, 0);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 4, 0, 0, 1, 0, 0, VERTEX, EXACT);
  /* ... and a hair farther out: no contact */
  c0 = V(5.000001, -5, 0); c1 = V(5.000001, 5, 0);
  ENSURE_MISS(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h), h);

  /* parallel to the face, above it: miss */
  h = scratch();
  c0 = V(1, 1, 2); c1 = V(3, 1, 2);
  ENSURE_MISS(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h), h);
  /* parallel at exactly r: touching all along, so u = 0 */
  c0 = V(1, 1, 1); c1 = V(2, 1, 1);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  /* stopping short */
  c0 = V(1, 1, 5); c1 = V(1, 1, 1.5);
  ENSURE_MISS(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h), h);
  /* arriving exactly at contact at u = 1 */
  c1 = V(1, 1, 1);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 1, 1, 1, 0, 0, 0, 1, FACE, EXACT);

  /* starting touching and moving away */
  c0 = V(1, 1, -1); c1 = V(1, 1, -5);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, -1, FACE, EXACT);
  /* starting overlapping the face, the edge, a vertex */
  c0 = V(1, 1, 0.5); c1 = V(1, 1, 5);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  c0 = V(2, -0.5, 0.5);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c0, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 2, 0, 0, 0, -R2, R2, EDGE, EXACT);
  c0 = V(-0.5, -0.5, 0);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c0, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, -R2, -R2, 0, VERTEX, EXACT);
  /* centre in the face's plane: the normal is on the side it comes from
     (as sweep_sphere_plane's; moving up: from below); with no motion, the
     winding's normal */
  c0 = V(1, 1, 0); c1 = V(1, 1, 5);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, -1, FACE, EXACT);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &c, &b, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, -1, FACE, EXACT);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c0, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  ENSURE(collide_sweep_sphere_triangle(1, &c0, &c0, &a, &c, &b, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, -1, FACE, EXACT);

  /* zero-length motion away from it: miss */
  c0 = V(1, 1, 2);
  ENSURE_MISS(collide_sweep_sphere_triangle(1, &c0, &c0, &a, &b, &c, &h), h);

  /* zero radius: a ray through the face, past it, and in its plane */
  c0 = V(1, 1, 5); c1 = V(1, 1, -5);
  ENSURE(collide_sweep_sphere_triangle(0, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  c0 = V(3, 3, 5); c1 = V(3, 3, -5);
  ENSURE_MISS(collide_sweep_sphere_triangle(0, &c0, &c1, &a, &b, &c, &h), h);
  c0 = V(2, -5, 0); c1 = V(2, 5, 0);
  ENSURE(collide_sweep_sphere_triangle(0, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 2, 0, 0, 0, -1, 0, EDGE, EXACT);

  /* huge coordinates: everything shifted by 1e7 */
  {
    collide_vec3 o = V(1e7, -1e7, 1e7), A = add(a, o), B = add(b, o), C = add(c, o);
    c0 = add(V(1, 1, 5), o); c1 = add(V(1, 1, -5), o);
    ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &A, &B, &C, &h) == 1);
    ENSURE_HIT(h, 0.4, 1e7 + 1, -1e7 + 1, 1e7, 0, 0, 1, FACE, 1e-8);
    c0 = add(V(-3, -3, 0), o); c1 = add(V(3, 3, 0), o);
    ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &A, &B, &C, &h) == 1);
    ENSURE_HIT(h, 0.5 - 1 / (6 * sqrt(2.0)), 1e7, -1e7, 1e7, -R2, -R2, 0, VERTEX, 1e-8);
  }

  /* argument rejection: the Lua argument positions */
  {
    collide_vec3 bad = V(0, NAN, 0), inf = V(INFINITY, 0, 0), big = V(0, 0, 1e60);
    collide_vec3 mid = V(2, 0, 0);
    c0 = V(0, 0, 1); c1 = V(0, 0, -1);
    ENSURE_FAIL(collide_sweep_sphere_triangle(NAN, &c0, &c1, &a, &b, &c, &h), 1, COLLIDE_E_NAN);
    ENSURE_FAIL(collide_sweep_sphere_triangle(-1, &c0, &c1, &a, &b, &c, &h), 1, COLLIDE_E_NEG_RADIUS);
    ENSURE_FAIL(collide_sweep_sphere_triangle(INFINITY, &c0, &c1, &a, &b, &c, &h), 1, COLLIDE_E_INF);
    ENSURE_FAIL(collide_sweep_sphere_triangle(1, &bad, &c1, &a, &b, &c, &h), 2, COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_sweep_sphere_triangle(1, &c0, &inf, &a, &b, &c, &h), 3, COLLIDE_E_VEC_INF);
    ENSURE_FAIL(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &big, &c, &h), 5, COLLIDE_E_VEC_RANGE);
    ENSURE_FAIL(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &bad, &h), 6, COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &mid, &h), 4,
                COLLIDE_E_DEGENERATE_TRIANGLE);
    ENSURE_FAIL(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &a, &c, &h), 4,
                COLLIDE_E_DEGENERATE_TRIANGLE);
    /* a sliver of relative height 1e-13 is degenerate, 1e-9 is not */
    mid = V(2, 4e-13, 0);
    ENSURE_FAIL(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &mid, &h), 4,
                COLLIDE_E_DEGENERATE_TRIANGLE);
    mid = V(2, 4e-9, 0);
    ENSURE(collide_sweep_sphere_triangle(1, &c0, &c1, &a, &b, &mid, &h) >= 0);
  }
  return 0;
}

/* ---- raycast_triangle ------------------------------------------------------------ */

static int test_raycast_triangle(void) {
  collide_vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0), p0, p1;
  collide_hit h = scratch();
  p0 = V(1, 1, 5); p1 = V(1, 1, -5);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  /* two-sided: the normal faces the start */
  ENSURE(collide_raycast_triangle(&p1, &p0, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 1, 1, 0, 0, 0, -1, FACE, EXACT);
  ENSURE(collide_raycast_triangle(&p1, &p0, &a, &c, &b, &h) == 1);
  ENSURE_HIT(h, 0.5, 1, 1, 0, 0, 0, -1, FACE, EXACT);
  /* through a vertex exactly */
  p0 = V(4, 0, 3); p1 = V(4, 0, -1);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.75, 4, 0, 0, 0, 0, 1, VERTEX, EXACT);
  /* outside, short of it, parallel */
  h = scratch();
  p0 = V(3, 3, 5); p1 = V(3, 3, -5);
  ENSURE_MISS(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h), h);
  p0 = V(1, 1, 5); p1 = V(1, 1, 0.001);
  ENSURE_MISS(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h), h);
  p0 = V(-1, 1, 1); p1 = V(5, 1, 1);
  ENSURE_MISS(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h), h);
  /* starting on the face */
  p0 = V(1, 1, 0); p1 = V(1, 1, 3);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, -1, FACE, EXACT);
  /* zero length: on it hits, off it misses */
  ENSURE(collide_raycast_triangle(&p0, &p0, &a, &b, &c, &h) == 1);
  p0 = V(1, 1, 1e-9);
  ENSURE_MISS(collide_raycast_triangle(&p0, &p0, &a, &b, &c, &h), h);
  /* in the plane (2D), entering through the slanted edge */
  p0 = V(4, 4, 0); p1 = V(0, 0, 0);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 2, 2, 0, R2, R2, 0, EDGE, EXACT);
  /* huge coordinates */
  {
    collide_vec3 o = V(-1e7, 1e7, 3e7), A = add(a, o), B = add(b, o), C = add(c, o);
    p0 = add(V(1, 2, 5), o); p1 = add(V(1, 2, -5), o);
    ENSURE(collide_raycast_triangle(&p0, &p1, &A, &B, &C, &h) == 1);
    ENSURE_HIT(h, 0.5, 1 - 1e7, 2 + 1e7, 3e7, 0, 0, 1, FACE, 1e-8);
  }
  {
    collide_vec3 bad = V(0, 0, NAN);
    ENSURE_FAIL(collide_raycast_triangle(&bad, &p1, &a, &b, &c, &h), 1, COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_raycast_triangle(&p0, &bad, &a, &b, &c, &h), 2, COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_raycast_triangle(&p0, &p1, &a, &b, &bad, &h), 5, COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_raycast_triangle(&p0, &p1, &a, &b, &b, &h), 3,
                COLLIDE_E_DEGENERATE_TRIANGLE);
  }
  /* a degenerate triangle is an error whatever the ray (the fast path
     proves a triangle non-degenerate from the ray's determinant, and
     leaves the rest to the full test): collinear, or thinner than 1e-12
     of its longest edge, against rays that cross it steeply, run parallel
     to it, have no length, or miss it by far; a triangle just above the
     threshold is accepted by the same rays */
  {
    static const double heights[] = { 0, 1e-13, 5e-13 };
    collide_vec3 rays[5][2];
    int i, j;
    rays[0][0] = V(1, 0.5, 3); rays[0][1] = V(1, -0.5, -3);
    rays[1][0] = V(-1, 0, 1); rays[1][1] = V(5, 0, 1);
    rays[2][0] = V(1, 0, 0); rays[2][1] = V(1, 0, 0);
    rays[3][0] = V(1, 40, 3); rays[3][1] = V(2, 40, -3);
    rays[4][0] = V(0.5, 0, 0); rays[4][1] = V(2.5, 0, 0);
    for (i = 0; i < 3; i++) {
      collide_vec3 A = V(0, 0, 0), B = V(4, 0, 0), C = V(2, 0, 4 * heights[i]);
      for (j = 0; j < 5; j++)
        ENSURE_FAIL(collide_raycast_triangle(&rays[j][0], &rays[j][1], &A, &B, &C, &h),
                    3, COLLIDE_E_DEGENERATE_TRIANGLE);
    }
    {
      collide_vec3 A = V(0, 0, 0), B = V(4, 0, 0), C = V(2, 0, 4 * 2e-12);
      for (j = 0; j < 5; j++)
        ENSURE(collide_raycast_triangle(&rays[j][0], &rays[j][1], &A, &B, &C, &h) >= 0);
    }
  }
  return 0;
}

/* ---- polygons ------------------------------------------------------------------------ */

static int test_polygon_init(void) {
  collide_polygon poly;
  collide_vec3 sq[4], v[6];
  sq[0] = V(0, 0, 3); sq[1] = V(2, 0, 3); sq[2] = V(2, 2, 3); sq[3] = V(0, 2, 3);
  ENSURE(collide_polygon_init(sq, 4, &poly) == 1);
  ENSURE_VEC(poly.plane.normal, 0, 0, 1, EXACT);
  ENSURE_NEAR(poly.plane.d, -3, EXACT);
  ENSURE(poly.count == 4 && poly.vertices == sq);
  /* clockwise: the normal follows the winding */
  v[0] = sq[3]; v[1] = sq[2]; v[2] = sq[1]; v[3] = sq[0];
  ENSURE(collide_polygon_init(v, 4, &poly) == 1);
  ENSURE_VEC(poly.plane.normal, 0, 0, -1, EXACT);
  ENSURE_NEAR(poly.plane.d, 3, EXACT);
  /* a vertex in the middle of an edge is accepted */
  v[0] = V(0, 0, 0); v[1] = V(1, 0, 0); v[2] = V(2, 0, 0); v[3] = V(2, 2, 0);
  ENSURE(collide_polygon_init(v, 4, &poly) == 1);

  ENSURE_FAIL(collide_polygon_init(sq, 2, &poly), 1, COLLIDE_E_FEW_VERTICES);
  ENSURE_FAIL(collide_polygon_init(NULL, 0, &poly), 1, COLLIDE_E_FEW_VERTICES);
  v[0] = sq[0]; v[1] = sq[1]; v[2] = sq[1]; v[3] = sq[2];
  ENSURE_FAIL(collide_polygon_init(v, 4, &poly), 1, COLLIDE_E_REPEATED);
  v[0] = sq[0]; v[1] = sq[1]; v[2] = sq[2]; v[3] = sq[0];
  ENSURE_FAIL(collide_polygon_init(v, 4, &poly), 1, COLLIDE_E_REPEATED);
  v[0] = V(0, 0, 0); v[1] = V(1, 1, 1); v[2] = V(3, 3, 3);
  ENSURE_FAIL(collide_polygon_init(v, 3, &poly), 1, COLLIDE_E_POLY_COLLINEAR);
  v[0] = sq[0]; v[1] = sq[1]; v[2] = sq[2]; v[3] = V(0, 2, 3.001);
  ENSURE_FAIL(collide_polygon_init(v, 4, &poly), 1, COLLIDE_E_NOT_PLANAR);
  /* within the planarity tolerance (1e-9 of the diameter): accepted */
  v[3] = V(0, 2, 3 + 1e-12);
  ENSURE(collide_polygon_init(v, 4, &poly) == 1);
  /* an arrow head: not convex */
  v[0] = V(0, 0, 0); v[1] = V(4, 2, 0); v[2] = V(0, 4, 0); v[3] = V(1, 2, 0);
  ENSURE_FAIL(collide_polygon_init(v, 4, &poly), 1, COLLIDE_E_NOT_CONVEX);
  /* a pentagram: every turn the same way, yet not convex */
  {
    int i;
    for (i = 0; i < 5; i++) {
      double t = 2 * 3.14159265358979323846 * (2 * i) / 5;
      v[i] = V(cos(t), sin(t), 0);
    }
    ENSURE_FAIL(collide_polygon_init(v, 5, &poly), 1, COLLIDE_E_NOT_CONVEX);
  }
  /* a bow tie */
  v[0] = V(0, 0, 0); v[1] = V(2, 2, 0); v[2] = V(2, 0, 0); v[3] = V(0, 2, 0);
  ENSURE_FAIL(collide_polygon_init(v, 4, &poly), 1, COLLIDE_E_NOT_CONVEX);
  v[0] = V(0, NAN, 0);
  ENSURE_FAIL(collide_polygon_init(v, 4, &poly), 1, COLLIDE_E_VEC_NAN);
  return 0;
}

/* A centre moving straight down onto a vertex, its projection inside the
   triangle by 7e-22 from edge ab and about 1.5e-16 from edge ca (c is
   tilted 1e-16 out of y = 0): on the boundaries of the face's, the edges'
   and the vertex's regions to rounding. The sphere (r = 4) first touches
   where the centre is 4 above a, the triangle lying in y = 0 to 1e-16:
   u = (21.5 - 4) / 21.5 = 17.5 / 21.5. The regions' computed planes left a
   gap there, and the sphere went through the triangle (u = 0.99997). The
   same coordinates rotated (x, y, z) -> (z, x, y), and as polygons: the
   triangle, a quad with the same corner, and the quad mirrored x -> -x. */
static collide_vec3 gap_rot(collide_vec3 p, int k) {
  if (k == 1) return V(p.z, p.x, p.y);
  if (k == 2) return V(-p.x, p.y, p.z);
  return p;
}
static int test_sweep_region_gap(void) {
  const double u = 17.5 / 21.5;
  int k;
  for (k = 0; k < 3; k++) {
    collide_vec3 c0 = gap_rot(V(0, 21.5, 0x1p-52), k), c1 = gap_rot(V(0, 0, 0), k);
    collide_vec3 a = gap_rot(V(7.03e-22, 0, -7.03e-25), k);
    collide_vec3 b = gap_rot(V(0, 0, 15.25), k);
    collide_vec3 c = gap_rot(V(-10.125, 1e-16, -10.625), k);
    collide_vec3 d = gap_rot(V(-12, 0, 3), k), up = gap_rot(V(0, 1, 0), k);
    collide_vec3 quad[4], tri[3];
    collide_polygon poly;
    collide_hit h = scratch();
    if (k < 2) {
      ENSURE(collide_sweep_sphere_triangle(4, &c0, &c1, &a, &b, &c, &h) == 1);
      ENSURE_NEAR(h.u, u, 4e-16);
      ENSURE_SMALL(h.point.x - a.x, 1e-15);  /* at the vertex, to rounding */
      ENSURE_SMALL(h.point.y - a.y, 1e-15);
      ENSURE_SMALL(h.point.z - a.z, 1e-15);
      ENSURE_NEAR(h.normal.x * up.x + h.normal.y * up.y + h.normal.z * up.z, 1, 1e-15);
      tri[0] = a; tri[1] = b; tri[2] = c;
      ENSURE(collide_polygon_init(tri, 3, &poly) == 1);
      h = scratch();
      ENSURE(collide_sweep_sphere_polygon(4, &c0, &c1, &poly, &h) == 1);
      ENSURE_NEAR(h.u, u, 4e-16);
    }
    /* the quad a b d c (a d c b when mirrored, to keep it convex in order) */
    quad[0] = a; quad[1] = k == 2 ? c : b; quad[2] = d; quad[3] = k == 2 ? b : c;
    ENSURE(collide_polygon_init(quad, 4, &poly) == 1);
    h = scratch();
    ENSURE(collide_sweep_sphere_polygon(4, &c0, &c1, &poly, &h) == 1);
    ENSURE_NEAR(h.u, u, 4e-16);
    ENSURE_SMALL(h.point.x - a.x, 1e-15);
    ENSURE_SMALL(h.point.y - a.y, 1e-15);
    ENSURE_SMALL(h.point.z - a.z, 1e-15);
    ENSURE_NEAR(h.normal.x * up.x + h.normal.y * up.y + h.normal.z * up.z, 1, 1e-15);
  }
  return 0;
}

/*  y                       the square in z = 3, normal +z
 *  2 +-------+
 *    |       |
 *  0 +-------+  x
 *    0       2
 */
static int test_sweep_sphere_polygon(void) {
  collide_polygon poly, bad;
  collide_vec3 sq[4], c0, c1;
  collide_hit h = scratch();
  sq[0] = V(0, 0, 3); sq[1] = V(2, 0, 3); sq[2] = V(2, 2, 3); sq[3] = V(0, 2, 3);
  ENSURE(collide_polygon_init(sq, 4, &poly) == 1);
  c0 = V(1, 1, 8); c1 = V(1, 1, -2);
  ENSURE(collide_sweep_sphere_polygon(1, &c0, &c1, &poly, &h) == 1);
  ENSURE_HIT(h, 0.4, 1, 1, 3, 0, 0, 1, FACE, EXACT);
  ENSURE(collide_sweep_sphere_polygon(1, &c1, &c0, &poly, &h) == 1);
  ENSURE_HIT(h, 0.4, 1, 1, 3, 0, 0, -1, FACE, EXACT);
  /* an edge, in the plane */
  c0 = V(-5, 1, 3); c1 = V(5, 1, 3);
  ENSURE(collide_sweep_sphere_polygon(1, &c0, &c1, &poly, &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 1, 3, -1, 0, 0, EDGE, EXACT);
  /* a vertex, diagonally from outside the corner (2, 2) */
  c0 = V(2 + 3 * R2, 2 + 3 * R2, 3); c1 = V(2, 2, 3);
  ENSURE(collide_sweep_sphere_polygon(1, &c0, &c1, &poly, &h) == 1);
  ENSURE_HIT(h, 2.0 / 3.0, 2, 2, 3, R2, R2, 0, VERTEX, 1e-12);
  /* the edge, from above and outside: contact on the edge's rim */
  c0 = V(1, -R2, 8); c1 = V(1, -R2, -2);
  ENSURE(collide_sweep_sphere_polygon(1, &c0, &c1, &poly, &h) == 1);
  ENSURE_HIT(h, (5 - R2) / 10, 1, 0, 3, 0, -R2, R2, EDGE, 1e-12);
  /* parallel miss, start inside, zero-length motion, zero radius */
  h = scratch();
  c0 = V(-1, -1, 4.5); c1 = V(3, 3, 4.5);
  ENSURE_MISS(collide_sweep_sphere_polygon(1, &c0, &c1, &poly, &h), h);
  c0 = V(1.5, 1, 3.25);
  ENSURE(collide_sweep_sphere_polygon(1, &c0, &c0, &poly, &h) == 1);
  ENSURE_HIT(h, 0, 1.5, 1, 3, 0, 0, 1, FACE, EXACT);
  c0 = V(1, 1, 8); c1 = V(1, 1, -2);
  ENSURE(collide_sweep_sphere_polygon(0, &c0, &c1, &poly, &h) == 1);
  ENSURE_HIT(h, 0.5, 1, 1, 3, 0, 0, 1, FACE, EXACT);
  ENSURE(collide_raycast_polygon(&c1, &c0, &poly, &h) == 1);
  ENSURE_HIT(h, 0.5, 1, 1, 3, 0, 0, -1, FACE, EXACT);
  c0 = V(3, 1, 8); c1 = V(3, 1, -2);
  ENSURE_MISS(collide_raycast_polygon(&c0, &c1, &poly, &h), h);
  /* a hexagon far from the origin, in a tilted plane */
  {
    collide_vec3 hex[6], o = V(3e7, -2e7, 1e7), n = V(0, R2, R2);
    collide_vec3 ex = V(1, 0, 0), ey = V(0, R2, -R2);
    int i;
    for (i = 0; i < 6; i++) {
      double t = 2 * 3.14159265358979323846 * i / 6, x = 2 * cos(t), y = 2 * sin(t);
      hex[i] = V(o.x + x * ex.x + y * ey.x, o.y + x * ex.y + y * ey.y,
                 o.z + x * ex.z + y * ey.z);
    }
    ENSURE(collide_polygon_init(hex, 6, &poly) == 1);
    ENSURE_VEC(poly.plane.normal, n.x, n.y, n.z, 1e-9);
    c0 = V(o.x + 5 * n.x, o.y + 5 * n.y, o.z + 5 * n.z);
    c1 = V(o.x - 5 * n.x, o.y - 5 * n.y, o.z - 5 * n.z);
    ENSURE(collide_sweep_sphere_polygon(1, &c0, &c1, &poly, &h) == 1);
    ENSURE_HIT(h, 0.4, o.x, o.y, o.z, n.x, n.y, n.z, FACE, 1e-8);
  }
  /* rejected: arguments, and a polygon not from collide_polygon_init */
  c0 = V(0, 0, 0);
  ENSURE_FAIL(collide_sweep_sphere_polygon(-2, &c0, &c0, &poly, &h), 1, COLLIDE_E_NEG_RADIUS);
  memset(&bad, 0, sizeof bad);
  ENSURE_FAIL(collide_sweep_sphere_polygon(1, &c0, &c0, &bad, &h), 4, COLLIDE_E_FEW_VERTICES);
  ENSURE_FAIL(collide_sweep_sphere_polygon(1, &c0, &c0, NULL, &h), 4, COLLIDE_E_FEW_VERTICES);
  ENSURE_FAIL(collide_raycast_polygon(&c0, &c0, &bad, &h), 3, COLLIDE_E_FEW_VERTICES);
  bad.vertices = sq; bad.count = 4;
  ENSURE_FAIL(collide_sweep_sphere_polygon(1, &c0, &c0, &bad, &h), 4, COLLIDE_E_BAD_PLANE);
  return 0;
}

/* ---- sweep_sphere_segment ------------------------------------------------------------- */

/*   the wall a-b on the x axis (2D, z = 0), radius-1 circle
 *
 *        o  (2, 5) moving down
 *        |
 *   a---------b
 *   0   2    4
 */
static int test_sweep_sphere_segment(void) {
  collide_vec3 a = V(0, 0, 0), b = V(4, 0, 0), c0, c1;
  collide_hit h = scratch();
  c0 = V(2, 5, 0); c1 = V(2, -5, 0);
  ENSURE(collide_sweep_sphere_segment(1, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.4, 2, 0, 0, 0, 1, 0, EDGE, EXACT);
  ENSURE(collide_sweep_sphere_segment(1, &c1, &c0, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.4, 2, 0, 0, 0, -1, 0, EDGE, EXACT);
  /* along the axis into an end, both ends */
  c0 = V(-5, 0, 0); c1 = V(5, 0, 0);
  ENSURE(collide_sweep_sphere_segment(1, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 0, 0, -1, 0, 0, VERTEX, EXACT);
  c0 = V(9, 0, 0); c1 = V(-1, 0, 0);
  ENSURE(collide_sweep_sphere_segment(1, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.4, 4, 0, 0, 1, 0, 0, VERTEX, EXACT);
  /* slanted into an end: motion in a plane containing the axis */
  c0 = V(-3, 3, 0); c1 = V(1, -1, 0);
  ENSURE(collide_sweep_sphere_segment(1, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, (3 - R2) / 4, 0, 0, 0, -R2, R2, 0, VERTEX, 1e-12);
  /* 3D: from above */
  c0 = V(1, 0, 5); c1 = V(1, 0, -5);
  ENSURE(collide_sweep_sphere_segment(1, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.4, 1, 0, 0, 0, 0, 1, EDGE, EXACT);
  /* sliding along at exactly r, and at 1.5 r */
  c0 = V(1, 1, 0); c1 = V(3, 1, 0);
  ENSURE(collide_sweep_sphere_segment(1, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0, 1, 0, 0, 0, 1, 0, EDGE, EXACT);
  h = scratch();
  c0 = V(-3, 1.5, 0); c1 = V(7, 1.5, 0);
  ENSURE_MISS(collide_sweep_sphere_segment(1, &c0, &c1, &a, &b, &h), h);
  /* grazing an end at one instant */
  c0 = V(-1, 5, 0); c1 = V(-1, -5, 0);
  ENSURE(collide_sweep_sphere_segment(1, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.5, 0, 0, 0, -1, 0, 0, VERTEX, EXACT);
  /* starting inside: on the segment, static (any perpendicular, in 2D) */
  c0 = V(2, 0, 0);
  ENSURE(collide_sweep_sphere_segment(1, &c0, &c0, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0, 2, 0, 0, 0, 1, 0, EDGE, EXACT);
  ENSURE_SMALL(unit_error(h.normal), 1e-15);
  c0 = V(2, 0.5, 0); c1 = V(2, 3, 0);
  ENSURE(collide_sweep_sphere_segment(1, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0, 2, 0, 0, 0, 1, 0, EDGE, EXACT);
  /* zero radius: crossing the wall */
  c0 = V(2, 5, 0); c1 = V(2, -5, 0);
  ENSURE(collide_sweep_sphere_segment(0, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.5, 2, 0, 0, 0, 1, 0, EDGE, EXACT);
  c0 = V(5, 5, 0); c1 = V(5, -5, 0);
  ENSURE_MISS(collide_sweep_sphere_segment(0, &c0, &c1, &a, &b, &h), h);
  /* a segment of zero length is a point */
  c0 = V(0, 5, 0); c1 = V(0, -5, 0);
  ENSURE(collide_sweep_sphere_segment(1, &c0, &c1, &a, &a, &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 0, 0, 0, 1, 0, VERTEX, EXACT);
  /* huge coordinates, and a tiny wall crossed at huge speed */
  {
    collide_vec3 o = V(1e7, 1e7, 0), A = add(a, o), B = add(b, o);
    c0 = add(V(2, 5, 0), o); c1 = add(V(2, -5, 0), o);
    ENSURE(collide_sweep_sphere_segment(1, &c0, &c1, &A, &B, &h) == 1);
    ENSURE_HIT(h, 0.4, 1e7 + 2, 1e7, 0, 0, 1, 0, EDGE, 1e-8);
    A = V(0, 0, 0); B = V(1e-3, 0, 0);
    c0 = V(5e-4, 1e9, 0); c1 = V(5e-4, -1e9, 0);
    ENSURE(collide_sweep_sphere_segment(1e-3, &c0, &c1, &A, &B, &h) == 1);
    ENSURE_NEAR(h.u, 0.5, 1e-12);
  }
  {
    collide_vec3 bad = V(NAN, 0, 0);
    ENSURE_FAIL(collide_sweep_sphere_segment(-0.5, &c0, &c1, &a, &b, &h), 1, COLLIDE_E_NEG_RADIUS);
    ENSURE_FAIL(collide_sweep_sphere_segment(1, &c0, &c1, &a, &bad, &h), 5, COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_sweep_sphere_segment(1, &c0, &c1, &bad, &b, &h), 4, COLLIDE_E_VEC_NAN);
  }
  return 0;
}

/* ---- sweep_sphere_aabb / raycast_aabb ------------------------------------------------ */

/*   the box: centre 0, half-extents (1, 2, 3)
 *
 *   y  2 +-----+
 *        |     |
 *     -2 +-----+
 *       -1     1  x
 */
static int test_sweep_sphere_aabb(void) {
  collide_vec3 ctr = V(0, 0, 0), ext = V(1, 2, 3), c0, c1;
  collide_hit h = scratch();
  int axis, s;
  /* each face: start 5 beyond the face plus r = 1, move 10 inward */
  for (axis = 0; axis < 3; axis++) {
    for (s = -1; s <= 1; s += 2) {
      double e = axis == 0 ? 1 : (axis == 1 ? 2 : 3), p[3] = { 0, 0, 0 }, q[3] = { 0, 0, 0 };
      double n[3] = { 0, 0, 0 }, pt[3] = { 0, 0, 0 };
      p[axis] = s * (e + 6); q[axis] = s * (e - 4); n[axis] = s; pt[axis] = s * e;
      c0 = V(p[0], p[1], p[2]); c1 = V(q[0], q[1], q[2]);
      ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &ext, &h) == 1);
      ENSURE_HIT(h, 0.5, pt[0], pt[1], pt[2], n[0], n[1], n[2], FACE, EXACT);
    }
  }
  /* the edge (1, 2, z), diagonally in z = 0 */
  c0 = V(5, 6, 0); c1 = V(-5, -4, 0);
  ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, (4 * sqrt(2.0) - 1) / (10 * sqrt(2.0)), 1, 2, 0, R2, R2, 0, EDGE, 1e-12);
  /* the corner (1, 2, 3) */
  c0 = V(5, 6, 7); c1 = V(-5, -4, -3);
  ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, (4 * sqrt(3.0) - 1) / (10 * sqrt(3.0)), 1, 2, 3, R3, R3, R3, VERTEX, 1e-12);
  /* the corner (-1, -2, -3), from below */
  c0 = V(-5, -6, -7); c1 = V(5, 4, 3);
  ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, (4 * sqrt(3.0) - 1) / (10 * sqrt(3.0)), -1, -2, -3, -R3, -R3, -R3, VERTEX, 1e-12);
  /* a miss that the grown box (without rounding) would call a hit:
     passing the corner region (1, 2) at distance 1.2 */
  h = scratch();
  c0 = V(1 + 1.2 * R2 - 5 * R2, 2 + 1.2 * R2 + 5 * R2, 0);
  c1 = V(1 + 1.2 * R2 + 5 * R2, 2 + 1.2 * R2 - 5 * R2, 0);
  ENSURE_MISS(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &ext, &h), h);
  /* grazing the corner (0, 0, 0) of a box below it at one instant, r = 5:
     the centre passes (3, 4, 0) moving along (-4, 3, 5), perpendicular to
     (3, 4, 0); at that instant the nearest point is the corner, on the
     z edge's end (the centre is level with the top face, z = 0) */
  {
    collide_vec3 C = V(-10, -10, -10), E = V(10, 10, 10);
    c0 = V(7, 1, -5); c1 = V(-1, 7, 5);
    ENSURE(collide_sweep_sphere_aabb(5, &c0, &c1, &C, &E, &h) == 1);
    ENSURE_HIT(h, 0.5, 0, 0, 0, 0.6, 0.8, 0, EDGE, EXACT);
    c0 = V(7, 1.000001, -5); c1 = V(-1, 7.000001, 5);
    ENSURE_MISS(collide_sweep_sphere_aabb(5, &c0, &c1, &C, &E, &h), h);
    /* sliding along the top face's edge line at exactly r */
    c0 = V(-30, 3, 4); c1 = V(30, 3, 4);
    ENSURE(collide_sweep_sphere_aabb(5, &c0, &c1, &C, &E, &h) == 1);
    ENSURE_HIT(h, 1.0 / 6, -20, 0, 0, 0, 0.6, 0.8, EDGE, EXACT);
  }
  /* parallel to a face: miss at 1.5, touching at exactly 1 */
  c0 = V(2.5, -10, 0); c1 = V(2.5, 10, 0);
  ENSURE_MISS(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &ext, &h), h);
  c0 = V(2, -1, 0); c1 = V(2, 1, 0);
  ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0, 1, -1, 0, 1, 0, 0, FACE, EXACT);
  /* starting inside: least penetration; at the centre, +x */
  c0 = V(0.5, 0.25, -2.5); c1 = V(9, 9, 9);
  ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0, 1, 0.25, -2.5, 1, 0, 0, FACE, EXACT);
  c0 = V(0.25, 1.5, -2.9);
  ENSURE(collide_sweep_sphere_aabb(1, &c0, &c0, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0, 0.25, 1.5, -3, 0, 0, -1, FACE, EXACT);
  c0 = V(0, 0, 0);
  ENSURE(collide_sweep_sphere_aabb(1, &c0, &c0, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0, 1, 0, 0, 1, 0, 0, FACE, EXACT);
  c1 = V(-1, 0, 0);    /* centred, moving -x: out on the side it comes from */
  ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0, 1, 0, 0, 1, 0, 0, FACE, EXACT);
  /* a ray starting at the centre: the same */
  ENSURE(collide_raycast_aabb(&c0, &c1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0, 1, 0, 0, 1, 0, 0, FACE, EXACT);
  /* starting overlapping an edge from outside: the edge is nearest */
  c0 = V(1.5, 2.5, 1);
  ENSURE(collide_sweep_sphere_aabb(1, &c0, &c0, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0, 1, 2, 1, R2, R2, 0, EDGE, EXACT);
  /* zero-length motion away from the box */
  c0 = V(2.5, 0, 0);
  ENSURE_MISS(collide_sweep_sphere_aabb(1, &c0, &c0, &ctr, &ext, &h), h);
  /* zero radius: a ray */
  c0 = V(5, 0, 0); c1 = V(-5, 0, 0);
  ENSURE(collide_sweep_sphere_aabb(0, &c0, &c1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0.4, 1, 0, 0, 1, 0, 0, FACE, EXACT);
  /* a box with no extent is a point; a 2D rectangle (zero z extent) */
  {
    collide_vec3 zero = V(0, 0, 0), rect = V(1, 1, 0);
    c0 = V(5, 0, 0); c1 = V(-5, 0, 0);
    ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &zero, &h) == 1);
    ENSURE_HIT(h, 0.4, 0, 0, 0, 1, 0, 0, VERTEX, EXACT);
    /* a rectangle's side is an edge, its corner a vertex (as a polygon's) */
    ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &rect, &h) == 1);
    ENSURE_HIT(h, 0.3, 1, 0, 0, 1, 0, 0, EDGE, EXACT);
    c0 = V(5, 5, 0); c1 = V(-5, -5, 0);
    ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &rect, &h) == 1);
    ENSURE_HIT(h, (4 * sqrt(2.0) - 1) / (10 * sqrt(2.0)), 1, 1, 0, R2, R2, 0, VERTEX, 1e-12);
    /* from above it is a face */
    c0 = V(0.5, 0.5, 5); c1 = V(0.5, 0.5, -5);
    ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &rect, &h) == 1);
    ENSURE_HIT(h, 0.4, 0.5, 0.5, 0, 0, 0, 1, FACE, EXACT);
    /* 2D: a circle inside the rectangle is pushed out in the plane */
    c0 = V(0.25, 0.75, 0); c1 = V(0.5, 0.75, 0);
    ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &rect, &h) == 1);
    ENSURE_HIT(h, 0, 0.25, 1, 0, 0, 1, 0, EDGE, EXACT);
    c1 = V(0.25, 0.75, 1);    /* moving off the plane: a 3D flat box, out
                                 on the side it comes from */
    ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &rect, &h) == 1);
    ENSURE_HIT(h, 0, 0.25, 0.75, 0, 0, 0, -1, FACE, EXACT);
  }
  /* huge coordinates, and a thin box crossed at huge speed */
  {
    collide_vec3 o = V(1e7, 2e7, -3e7), C = add(ctr, o), thin = V(1e-3, 5, 5);
    c0 = add(V(5, 6, 7), o); c1 = add(V(-5, -4, -3), o);
    ENSURE(collide_sweep_sphere_aabb(1, &c0, &c1, &C, &ext, &h) == 1);
    ENSURE_HIT(h, (4 * sqrt(3.0) - 1) / (10 * sqrt(3.0)), 1e7 + 1, 2e7 + 2, -3e7 + 3,
               R3, R3, R3, VERTEX, 1e-8);
    c0 = V(-1e9, 0, 0); c1 = V(1e9, 0, 0);
    ENSURE(collide_sweep_sphere_aabb(1e-3, &c0, &c1, &ctr, &thin, &h) == 1);
    ENSURE_NEAR(h.u, 0.5, 1e-12);
    ENSURE_VEC(h.normal, -1, 0, 0, 0);
  }
  {
    collide_vec3 neg = V(1, -1, 1), bad = V(0, INFINITY, 0);
    ENSURE_FAIL(collide_sweep_sphere_aabb(-1, &c0, &c1, &ctr, &ext, &h), 1, COLLIDE_E_NEG_RADIUS);
    ENSURE_FAIL(collide_sweep_sphere_aabb(1, &c0, &c1, &bad, &ext, &h), 4, COLLIDE_E_VEC_INF);
    ENSURE_FAIL(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &neg, &h), 5, COLLIDE_E_NEG_EXTENT);
    ENSURE_FAIL(collide_sweep_sphere_aabb(1, &c0, &c1, &ctr, &bad, &h), 5, COLLIDE_E_VEC_INF);
  }
  return 0;
}

static int test_raycast_aabb(void) {
  collide_vec3 ctr = V(0, 0, 0), ext = V(1, 2, 3), p0, p1;
  collide_hit h = scratch();
  p0 = V(0.5, 5, 1); p1 = V(0.5, -5, 1);
  ENSURE(collide_raycast_aabb(&p0, &p1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0.3, 0.5, 2, 1, 0, 1, 0, FACE, EXACT);
  ENSURE(collide_raycast_aabb(&p1, &p0, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0.3, 0.5, -2, 1, 0, -1, 0, FACE, EXACT);
  /* through a corner exactly, along an edge's plane exactly */
  p0 = V(3, 4, 5); p1 = V(-1, 0, 1);
  ENSURE(collide_raycast_aabb(&p0, &p1, &ctr, &ext, &h) == 1);
  ENSURE(h.u == 0.5 && h.feature == VERTEX);
  ENSURE_VEC(h.point, 1, 2, 3, 0);
  ENSURE_SMALL(unit_error(h.normal), 0);
  p0 = V(1, 5, 0); p1 = V(1, -5, 0);
  ENSURE(collide_raycast_aabb(&p0, &p1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0.3, 1, 2, 0, 0, 1, 0, EDGE, EXACT);
  /* misses: beside, short, parallel outside */
  h = scratch();
  p0 = V(1.5, 5, 0); p1 = V(1.5, -5, 0);
  ENSURE_MISS(collide_raycast_aabb(&p0, &p1, &ctr, &ext, &h), h);
  p0 = V(0, 5, 0); p1 = V(0, 2.5, 0);
  ENSURE_MISS(collide_raycast_aabb(&p0, &p1, &ctr, &ext, &h), h);
  p0 = V(5, 5, 0); p1 = V(-5, 5, 0);
  ENSURE_MISS(collide_raycast_aabb(&p0, &p1, &ctr, &ext, &h), h);
  /* starting inside hits at u = 0: nearest face, outward */
  p0 = V(0.75, 0, 0); p1 = V(0.5, 9, 0);
  ENSURE(collide_raycast_aabb(&p0, &p1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0, 1, 0, 0, 1, 0, 0, FACE, EXACT);
  ENSURE(collide_raycast_aabb(&p0, &p0, &ctr, &ext, &h) == 1);
  /* starting on the surface, leaving */
  p0 = V(0, 2, 0); p1 = V(0, 5, 0);
  ENSURE(collide_raycast_aabb(&p0, &p1, &ctr, &ext, &h) == 1);
  ENSURE_HIT(h, 0, 0, 2, 0, 0, 1, 0, FACE, EXACT);
  /* zero length outside */
  p0 = V(0, 2.5, 0);
  ENSURE_MISS(collide_raycast_aabb(&p0, &p0, &ctr, &ext, &h), h);
  /* huge coordinates */
  {
    collide_vec3 o = V(-1e7, 1e7, 1e7), C = add(ctr, o);
    p0 = add(V(0.5, 5, 1), o); p1 = add(V(0.5, -5, 1), o);
    ENSURE(collide_raycast_aabb(&p0, &p1, &C, &ext, &h) == 1);
    ENSURE_HIT(h, 0.3, 0.5 - 1e7, 2 + 1e7, 1 + 1e7, 0, 1, 0, FACE, 1e-8);
  }
  {
    collide_vec3 neg = V(0, 0, -1e-300), bad = V(0, NAN, 0);
    ENSURE_FAIL(collide_raycast_aabb(&bad, &p1, &ctr, &ext, &h), 1, COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_raycast_aabb(&p0, &p1, &ctr, &neg, &h), 4, COLLIDE_E_NEG_EXTENT);
    ENSURE_FAIL(collide_raycast_aabb(&p0, &p1, &bad, &ext, &h), 3, COLLIDE_E_VEC_NAN);
  }
  return 0;
}

/* ---- sweep_aabb_aabb ----------------------------------------------------------------- */

static int test_sweep_aabb_aabb(void) {
  collide_vec3 one = V(1, 1, 1), a0, a1, b0, b1;
  collide_interval iv;
  /* A flies through a resting B along x */
  a0 = V(5, 0, 0); a1 = V(-5, 0, 0); b0 = b1 = V(0, 0, 0);
  ENSURE(collide_sweep_aabb_aabb(&one, &a0, &a1, &one, &b0, &b1, &iv) == 1);
  ENSURE_NEAR(iv.u0, 0.3, EXACT);
  ENSURE_NEAR(iv.u1, 0.7, EXACT);
  ENSURE_VEC(iv.normal, 1, 0, 0, 0);
  /* swapped: same times, opposite normal */
  ENSURE(collide_sweep_aabb_aabb(&one, &b0, &b1, &one, &a0, &a1, &iv) == 1);
  ENSURE_NEAR(iv.u0, 0.3, EXACT);
  ENSURE_NEAR(iv.u1, 0.7, EXACT);
  ENSURE_VEC(iv.normal, -1, 0, 0, 0);
  /* both moving, meeting in the middle and staying overlapped */
  a0 = V(0, 5, 0); a1 = V(0, 0, 0); b0 = V(0, -5, 0); b1 = V(0, 0, 0);
  ENSURE(collide_sweep_aabb_aabb(&one, &a0, &a1, &one, &b0, &b1, &iv) == 1);
  ENSURE_NEAR(iv.u0, 0.8, EXACT);
  ENSURE(iv.u1 == 1);
  ENSURE_VEC(iv.normal, 0, 1, 0, 0);
  /* diagonal: the axis whose interval opens last */
  a0 = V(10, 6, 0); a1 = V(0, 0, 0); b0 = b1 = V(0, 0, 0);
  ENSURE(collide_sweep_aabb_aabb(&one, &a0, &a1, &one, &b0, &b1, &iv) == 1);
  ENSURE_NEAR(iv.u0, 0.8, EXACT);
  ENSURE_VEC(iv.normal, 1, 0, 0, 0);
  /* moving in parallel, apart on y: no contact */
  a0 = V(-5, 3, 0); a1 = V(5, 3, 0); b0 = V(-5, 0, 0); b1 = V(5, 0, 0);
  ENSURE(collide_sweep_aabb_aabb(&one, &a0, &a1, &one, &b0, &b1, &iv) == 0);
  ENSURE(iv.u0 == 0 && iv.u1 == 0 && iv.normal.x == 0);
  /* ... touching on y (closed): contact for the whole step */
  a0 = V(-5, 2, 0); a1 = V(5, 2, 0);
  ENSURE(collide_sweep_aabb_aabb(&one, &a0, &a1, &one, &b0, &b1, &iv) == 1);
  ENSURE(iv.u0 == 0 && iv.u1 == 1);
  ENSURE_VEC(iv.normal, 0, 1, 0, 0);
  /* passing beside B */
  a0 = V(-5, 2.5, 0); a1 = V(5, 2.5, 0); b0 = b1 = V(0, 0, 0);
  ENSURE(collide_sweep_aabb_aabb(&one, &a0, &a1, &one, &b0, &b1, &iv) == 0);
  /* starting overlapped: least penetration (z here) */
  a0 = a1 = V(0.5, -0.25, -1.75); b0 = b1 = V(0, 0, 0);
  ENSURE(collide_sweep_aabb_aabb(&one, &a0, &a1, &one, &b0, &b1, &iv) == 1);
  ENSURE(iv.u0 == 0 && iv.u1 == 1);
  ENSURE_VEC(iv.normal, 0, 0, -1, 0);
  ENSURE(collide_sweep_aabb_aabb(&one, &b0, &b1, &one, &a0, &a1, &iv) == 1);
  ENSURE_VEC(iv.normal, 0, 0, 1, 0);
  /* concentric, A moving -y: out on the side A comes from */
  a0 = V(0, 0, 0); a1 = V(0, -1, 0);
  {
    collide_vec3 wide = V(3, 1, 3);
    ENSURE(collide_sweep_aabb_aabb(&wide, &a0, &a1, &wide, &b0, &b1, &iv) == 1);
    ENSURE(iv.u0 == 0);
    ENSURE_VEC(iv.normal, 0, 1, 0, 0);
    ENSURE(collide_sweep_aabb_aabb(&wide, &b0, &b1, &wide, &a0, &a1, &iv) == 1);
    ENSURE_VEC(iv.normal, 0, -1, 0, 0);
  }
  /* 2D: rectangles (zero z extent) overlapping in z = 0 are pushed apart
     within the plane, not along z */
  {
    collide_vec3 rect = V(1, 1, 0), p = V(0.5, 0.25, 0);
    ENSURE(collide_sweep_aabb_aabb(&rect, &p, &p, &rect, &b0, &b1, &iv) == 1);
    ENSURE(iv.u0 == 0 && iv.u1 == 1);
    ENSURE_VEC(iv.normal, 1, 0, 0, 0);
  }
  /* leaving: contact from 0 until separation */
  a0 = V(1, 0, 0); a1 = V(5, 0, 0);
  ENSURE(collide_sweep_aabb_aabb(&one, &a0, &a1, &one, &b0, &b1, &iv) == 1);
  ENSURE(iv.u0 == 0);
  ENSURE_NEAR(iv.u1, 0.25, EXACT);
  /* zero extents: two points that meet */
  {
    collide_vec3 z = V(0, 0, 0);
    a0 = V(-1, 0, 0); a1 = V(1, 0, 0);
    ENSURE(collide_sweep_aabb_aabb(&z, &a0, &a1, &z, &b0, &b1, &iv) == 1);
    ENSURE(iv.u0 == 0.5 && iv.u1 == 0.5);
  }
  /* far from the origin, and a thin box at huge speed */
  {
    collide_vec3 o = V(1e7, -1e7, 1e7), thin = V(1e-3, 1, 1);
    a0 = add(V(5, 0, 0), o); a1 = add(V(-5, 0, 0), o); b0 = b1 = o;
    ENSURE(collide_sweep_aabb_aabb(&one, &a0, &a1, &one, &b0, &b1, &iv) == 1);
    ENSURE_NEAR(iv.u0, 0.3, 1e-9);
    ENSURE_NEAR(iv.u1, 0.7, 1e-9);
    a0 = V(-1e9, 0, 0); a1 = V(1e9, 0, 0); b0 = b1 = V(0, 0, 0);
    ENSURE(collide_sweep_aabb_aabb(&thin, &a0, &a1, &thin, &b0, &b1, &iv) == 1);
    ENSURE_NEAR(iv.u0, 0.5, 1e-12);
    ENSURE_VEC(iv.normal, -1, 0, 0, 0);
  }
  {
    collide_vec3 neg = V(-1, 1, 1), bad = V(NAN, 0, 0);
    ENSURE_FAIL(collide_sweep_aabb_aabb(&neg, &a0, &a1, &one, &b0, &b1, &iv), 1, COLLIDE_E_NEG_EXTENT);
    ENSURE_FAIL(collide_sweep_aabb_aabb(&one, &a0, &a1, &neg, &b0, &b1, &iv), 4, COLLIDE_E_NEG_EXTENT);
    ENSURE_FAIL(collide_sweep_aabb_aabb(&one, &a0, &bad, &one, &b0, &b1, &iv), 3, COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_sweep_aabb_aabb(&one, &a0, &a1, &one, &b0, &bad, &iv), 6, COLLIDE_E_VEC_NAN);
  }
  return 0;
}

/* ---- raycast_sphere ------------------------------------------------------------------ */

static int test_raycast_sphere(void) {
  collide_vec3 ctr = V(0, 0, 0), p0, p1;
  collide_hit h = scratch();
  p0 = V(5, 0, 0); p1 = V(-5, 0, 0);
  ENSURE(collide_raycast_sphere(&p0, &p1, &ctr, 2, &h) == 1);
  ENSURE_HIT(h, 0.3, 2, 0, 0, 1, 0, 0, FACE, EXACT);
  ENSURE(collide_raycast_sphere(&p1, &p0, &ctr, 2, &h) == 1);
  ENSURE_HIT(h, 0.3, -2, 0, 0, -1, 0, 0, FACE, EXACT);
  /* tangent (closed contact), and just past it */
  p0 = V(2, -5, 0); p1 = V(2, 5, 0);
  ENSURE(collide_raycast_sphere(&p0, &p1, &ctr, 2, &h) == 1);
  ENSURE_HIT(h, 0.5, 2, 0, 0, 1, 0, 0, FACE, EXACT);
  h = scratch();
  p0 = V(2.000001, -5, 0); p1 = V(2.000001, 5, 0);
  ENSURE_MISS(collide_raycast_sphere(&p0, &p1, &ctr, 2, &h), h);
  /* short, and pointing away */
  p0 = V(5, 0, 0); p1 = V(2.5, 0, 0);
  ENSURE_MISS(collide_raycast_sphere(&p0, &p1, &ctr, 2, &h), h);
  p1 = V(9, 0, 0);
  ENSURE_MISS(collide_raycast_sphere(&p0, &p1, &ctr, 2, &h), h);
  /* starting inside: u = 0, the nearest surface point, outward */
  p0 = V(0, 0, 1); p1 = V(0, 7, 1);
  ENSURE(collide_raycast_sphere(&p0, &p1, &ctr, 2, &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 2, 0, 0, 1, FACE, EXACT);
  /* at the centre: against the motion; zero length at the centre: +x */
  p0 = V(0, 0, 0); p1 = V(0, 3, 0);
  ENSURE(collide_raycast_sphere(&p0, &p1, &ctr, 2, &h) == 1);
  ENSURE_HIT(h, 0, 0, -2, 0, 0, -1, 0, FACE, EXACT);
  ENSURE(collide_raycast_sphere(&p0, &p0, &ctr, 2, &h) == 1);
  ENSURE_HIT(h, 0, 2, 0, 0, 1, 0, 0, FACE, EXACT);
  /* zero length outside; zero radius hit dead on */
  p0 = V(3, 0, 0);
  ENSURE_MISS(collide_raycast_sphere(&p0, &p0, &ctr, 2, &h), h);
  p1 = V(-1, 0, 0);
  ENSURE(collide_raycast_sphere(&p0, &p1, &ctr, 0, &h) == 1);
  ENSURE_HIT(h, 0.75, 0, 0, 0, 1, 0, 0, FACE, EXACT);
  /* far from the origin, and a tiny sphere from far away */
  {
    collide_vec3 o = V(1e7, 1e7, -1e7), C = add(ctr, o);
    p0 = add(V(5, 0, 0), o); p1 = add(V(-5, 0, 0), o);
    ENSURE(collide_raycast_sphere(&p0, &p1, &C, 2, &h) == 1);
    ENSURE_HIT(h, 0.3, 1e7 + 2, 1e7, -1e7, 1, 0, 0, FACE, 1e-8);
    p0 = V(-1e7, 0, 0); p1 = V(1e7, 0, 0);
    ENSURE(collide_raycast_sphere(&p0, &p1, &ctr, 1e-6, &h) == 1);
    ENSURE_NEAR(h.u, 0.5 - 1e-6 / 2e7, 1e-15);
  }
  /* grazed (the fuzz finding raycast_sphere-graze-tilt): a ball of radius
     r = c = 0x1.6968p-45 (4.0e-14) at (c, c, 0), the ray down the y axis
     from 1 - 2^-53, tangent at (0, c, 0) at u = (p0 - c) / p0 exactly.
     u is that, correctly rounded (0x1.ffffffffffe97p-1, 0.41 of its ulp
     away); the segment's point there is 4.5e-17 past the tangent point,
     and the outward normal at it leans 1.1e-3 along the motion: the
     exact normal of the reported point, within the 64 epsilon / r (here
     3.5e-3) that rounding allows (fuzz_core.c, ball_tilt). */
  {
    double c = 0x1.6968p-45;
    collide_vec3 C = V(c, c, 0);
    p0 = V(0, 0x1.fffffffffffffp-1, 0); p1 = V(0, 0, 0);
    ENSURE(collide_raycast_sphere(&p0, &p1, &C, c, &h) == 1);
    ENSURE(h.u == 0x1.ffffffffffe97p-1);
    ENSURE(h.point.x == 0 && h.point.z == 0);
    ENSURE_NEAR(h.point.y, c, 1e-16);
    ENSURE_NEAR(h.normal.x, -1, 1e-5);
    ENSURE(fabs(h.normal.y) <= 64 * DBL_EPSILON / c);
    ENSURE(h.normal.z == 0);
  }
  {
    collide_vec3 bad = V(0, 0, NAN);
    ENSURE_FAIL(collide_raycast_sphere(&bad, &p1, &ctr, 1, &h), 1, COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_raycast_sphere(&p0, &p1, &bad, 1, &h), 3, COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_raycast_sphere(&p0, &p1, &ctr, -1, &h), 4, COLLIDE_E_NEG_RADIUS);
    ENSURE_FAIL(collide_raycast_sphere(&p0, &p1, &ctr, NAN, &h), 4, COLLIDE_E_NAN);
    ENSURE_FAIL(collide_raycast_sphere(&p0, &p1, &ctr, 1e51, &h), 4, COLLIDE_E_RANGE);
  }
  return 0;
}

/* ---- cross-checks: the same geometry through different queries -------------------- */

/* A little deterministic generator (xorshift64*), no global state. */
static double rnd(unsigned long long *s) {
  *s ^= *s >> 12; *s ^= *s << 25; *s ^= *s >> 27;
  return (double)((*s * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static int test_cross_checks(void) {
  unsigned long long seed = 0x9e3779b97f4a7c15ULL;
  int i;
  for (i = 0; i < 2000; i++) {
    collide_vec3 a = V(8 * rnd(&seed) - 4, 8 * rnd(&seed) - 4, 8 * rnd(&seed) - 4);
    collide_vec3 b = V(8 * rnd(&seed) - 4, 8 * rnd(&seed) - 4, 8 * rnd(&seed) - 4);
    collide_vec3 c = V(8 * rnd(&seed) - 4, 8 * rnd(&seed) - 4, 8 * rnd(&seed) - 4);
    collide_vec3 c0 = V(16 * rnd(&seed) - 8, 16 * rnd(&seed) - 8, 16 * rnd(&seed) - 8);
    collide_vec3 c1 = V(16 * rnd(&seed) - 8, 16 * rnd(&seed) - 8, 16 * rnd(&seed) - 8);
    collide_vec3 tri[3];
    collide_polygon poly;
    collide_hit h1, h2;
    double r = 2 * rnd(&seed);
    int k1, k2;
    tri[0] = a; tri[1] = b; tri[2] = c;
    if (collide_polygon_init(tri, 3, &poly) != 1) continue;
    /* a triangle and the same triangle as a polygon agree */
    k1 = collide_sweep_sphere_triangle(r, &c0, &c1, &a, &b, &c, &h1);
    k2 = collide_sweep_sphere_polygon(r, &c0, &c1, &poly, &h2);
    ENSURE(k1 == k2);
    if (k1 == 1 && k2 == 1) {
      ENSURE_SMALL(h1.u - h2.u, 1e-9);
      ENSURE_SMALL(unit_error(h1.normal), 1e-12);
    }
    /* a sphere (r) against a point = a segment of zero length = a ray
       against a sphere of radius r around that point */
    k1 = collide_sweep_sphere_segment(r, &c0, &c1, &a, &a, &h1);
    k2 = collide_raycast_sphere(&c0, &c1, &a, r, &h2);
    ENSURE(k1 == k2);
    if (k1 == 1 && k2 == 1) ENSURE_SMALL(h1.u - h2.u, 1e-12);
    /* a zero-extent box is a point too */
    {
      collide_vec3 z = V(0, 0, 0);
      k2 = collide_sweep_sphere_aabb(r, &c0, &c1, &a, &z, &h2);
      ENSURE(k1 == k2);
      if (k1 == 1 && k2 == 1) ENSURE_SMALL(h1.u - h2.u, 1e-12);
    }
    /* zero radius sweep = ray cast, for the box */
    {
      collide_vec3 e = V(fabs(b.x), fabs(b.y), fabs(b.z));
      k1 = collide_sweep_sphere_aabb(0, &c0, &c1, &a, &e, &h1);
      k2 = collide_raycast_aabb(&c0, &c1, &a, &e, &h2);
      ENSURE(k1 == k2 && h1.u == h2.u);
      /* sphere vs box = box vs box for a "box" sphere? no: but a sweep
         of radius r hits no later than the ray and no earlier than the
         box grown by r */
      k1 = collide_sweep_sphere_aabb(r, &c0, &c1, &a, &e, &h1);
      if (k2 == 1) ENSURE(k1 == 1 && h1.u <= h2.u);
      if (k1 == 1) {
        collide_vec3 g = V(e.x + r, e.y + r, e.z + r);
        k2 = collide_raycast_aabb(&c0, &c1, &a, &g, &h2);
        ENSURE(k2 == 1 && h2.u <= h1.u);
        ENSURE_SMALL(unit_error(h1.normal), 1e-12);
      }
    }
  }
  return 0;
}

/* Any accepted input, at any scale from 1e-30 to the 1e50 limit: a result
   is a miss with a zeroed output or a hit with u in [0, 1], finite point
   and unit normal -- never NaN, never an overflow. */
static int hit_sane(int rc, const collide_hit *h) {
  if (rc == 0)
    return h->u == 0 && h->feature == COLLIDE_FEATURE_NONE && h->normal.x == 0 &&
           h->normal.y == 0 && h->normal.z == 0;
  return rc == 1 && h->u >= 0 && h->u <= 1 && isfinite(h->point.x) &&
         isfinite(h->point.y) && isfinite(h->point.z) &&
         fabs(unit_error(h->normal)) <= 1e-12 && h->feature >= FACE && h->feature <= VERTEX;
}

static collide_vec3 rvec(unsigned long long *s, double scale) {
  return V(scale * (2 * rnd(s) - 1), scale * (2 * rnd(s) - 1), scale * (2 * rnd(s) - 1));
}

/* Zero-radius sweeps starting on a polygon, or nearly along a segment
   (fuzz findings of the property n.d <= 0): a ray starting on a vertex is
   off the computed plane by its rounding, and was met at u = 1e-17 on the
   side rounding gave it; one starting 1e-50 above a triangle's vertex
   region and moving away was met at u = 1e-50 with the normal along the
   motion. Both start touching: u = 0. A ray along a segment's line to
   1e-3 (its start 2e-20 before the segment's end) meets its inside with
   the reverse of the motion across it, perpendicular to the segment and
   against the motion (the projection's cancellation gave n.d > 0). */
static int test_zero_radius_starts_and_lines(void) {
  collide_hit h;
  collide_vec3 z0 = V(0, 0, 0);
  {
    collide_vec3 v[4], p0, p1;
    collide_polygon poly;
    v[0] = V(-0x1.cedcba7f86c82p-4, -0x1.0888f6d29a1dfp+0, -0x1.44c2abe2adae1p-1);
    v[1] = V(-0x1.37b81f632df17p-5, -0x1.11debee4afe1ap-2, -0x1.aa24c443f2faep-2);
    v[2] = V(0x1.167b01fbc2b92p-5, -0x1.41f9c4a4f9e2dp+0, -0x1.a6da910b005dap-3);
    v[3] = V(-0x1.60819e2ce63dep-5, -0x1.fab7d3f71144cp+0, -0x1.b8fb6b55b87a5p-2);
    p0 = v[1];
    p1 = V(-0x1.37b81f632df17p-5, -0x1.d11debee4afe2p+2, -0x1.aa24c443f2faep-2);
    ENSURE(collide_polygon_init(v, 4, &poly) == 1);
    ENSURE(collide_sweep_sphere_polygon(0, &p0, &p1, &poly, &h) == 1);
    ENSURE(h.u == 0);
    ENSURE(collide_sweep_capsule_polygon(0, &z0, &p0, &p1, &poly, &h) == 1);
    ENSURE(h.u == 0);
    ENSURE(collide_raycast_polygon(&p0, &p1, &poly, &h) == 1);
    ENSURE(h.u == 0);
  }
  {
    collide_vec3 c0 = V(0, 0, 0x1.dee7a4ad4b81fp-167), c1 = V(0, 0, -1);
    collide_vec3 a = V(0x1.cd2b297d889bcp-54, 0, 0);
    collide_vec3 b = V(0x1.1fc34777bf36ep-24, 0, -0x1.26ab4b33c110ap-34);
    collide_vec3 c = V(-10.125, -10.125, 0);
    ENSURE(collide_sweep_sphere_triangle(0, &c0, &c1, &a, &b, &c, &h) == 1);
    ENSURE(h.u == 0);
    ENSURE(collide_sweep_capsule_triangle(0, &z0, &c0, &c1, &a, &b, &c, &h) == 1);
    ENSURE(h.u == 0);
  }
  {
    collide_vec3 c0 = V(4.76e-51, 1.5, 1.5), c1 = V(2.93e-12, 1.5, 1.4999999999999971);
    collide_vec3 a = V(2.18e-20, 1.5, 1.5), d, e;
    d = V(c1.x - c0.x, c1.y - c0.y, c1.z - c0.z);
    e = V(c1.x - a.x, c1.y - a.y, c1.z - a.z);
    ENSURE(collide_sweep_sphere_segment(0, &c0, &c1, &a, &c1, &h) == 1);
    ENSURE(h.u > 0 && h.feature == COLLIDE_FEATURE_EDGE);
    ENSURE(h.normal.x * d.x + h.normal.y * d.y + h.normal.z * d.z <= 0);
    ENSURE_SMALL((h.normal.x * e.x + h.normal.y * e.y + h.normal.z * e.z) /
                 sqrt(e.x * e.x + e.y * e.y + e.z * e.z), 1e-15);
  }
  return 0;
}

/* A zero-radius sphere (a ray) crossing a segment touches it at distance
   0, so the centre's offset from the point is rounding alone; where the
   motion is long next to the scene (from 1e8 to a segment of size 1e-3)
   that offset exceeded the noise bound and gave the normal, which then
   faced along the motion in about a quarter of such hits. The normal must
   face the start: unit, against the motion, and across the segment at an
   edge (perpendicular to it). */
static double zs_rnd(unsigned long long *s) {
  *s ^= *s >> 12; *s ^= *s << 25; *s ^= *s >> 27;
  return (double)((*s * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}
/* A polygon with a reflex vertex inside the convexity tolerance (a vertex
   a hair inside the chord of its neighbours): the sliver of the polygon
   the edges' half-planes leave out near that vertex is still met. First
   the fuzz finding (sphere_polygon-late-contact: found at u = 0.837, 5 of
   its radius deep, where it touches at 0.3696), then spheres dropped
   straight down near such a vertex of a square, against the same square
   without it: the contact moves by at most the vertex's offset. */
static int test_reflex_polygon_contact(void) {
  collide_vec3 q[4] = {V(0x1.01b2b29a4692cp-30, 0, -0x1.07e1fe91b0b7p-40), V(0, -0.125, 0),
                       V(0x1.5800000000001p+3, -0.125, 0), V(0, 0.5, 0)};
  collide_vec3 c0 = V(0, -0.125, 0x1.7000000000003p+3), c1 = q[0];
  collide_polygon poly, hull;
  collide_hit h, g;
  unsigned long long seed = 0x2545f4914f6cdd1dULL;
  int i, n = 0;
  ENSURE(collide_polygon_init(q, 4, &poly) == 1);
  ENSURE(collide_sweep_sphere_polygon(7.25, &c0, &c1, &poly, &h) == 1);
  ENSURE_NEAR(h.u, (0x1.7000000000003p+3 - 7.25) / 0x1.7000000000003p+3, 1e-12);
  for (i = 0; i < 4000; i++) {
    double L = pow(10, (int)(zs_rnd(&seed) * 7) - 3), dlt = L * 1e-10 * (1 + 2 * zs_rnd(&seed));
    double ym = L * (0.3 + 0.4 * zs_rnd(&seed)), r = L * pow(10, -3 * zs_rnd(&seed));
    double x = i % 2 ? dlt * (3 * zs_rnd(&seed) - 1) : L * (0.2 * zs_rnd(&seed) - 0.05);
    double y = L * (1.2 * zs_rnd(&seed) - 0.1), z0 = r + L * (0.01 + zs_rnd(&seed));
    collide_vec3 sq[5], hv[4], a = V(x, y, z0), b = V(x, y, -z0);
    sq[0] = V(0, 0, 0); sq[1] = V(L, 0, 0); sq[2] = V(L, L, 0); sq[3] = V(0, L, 0);
    sq[4] = V(dlt, ym, 0);   /* between (0, L) and (0, 0): reflex */
    memcpy(hv, sq, sizeof hv);
    ENSURE(collide_polygon_init(sq, 5, &poly) == 1);
    ENSURE(collide_polygon_init(hv, 4, &hull) == 1);
    {
      int rp = collide_sweep_sphere_polygon(r, &a, &b, &poly, &h);
      int rh = collide_sweep_sphere_polygon(r, &a, &b, &hull, &g);
      /* the pentagon lies in the square, within dlt of all of it: what
         meets the pentagon meets the square no later, and the centre is
         never found deeper in the square than that offset, nor passes
         deeper than it unmet (the path goes straight through z = 0) */
      double px = x < 0 ? 0 : (x > L ? L : x), py = y < 0 ? 0 : (y > L ? L : y);
      double side = sqrt((x - px) * (x - px) + (y - py) * (y - py));
      ENSURE(rh == 1 || rp == 0);
      if (!rp) ENSURE(side >= r - 2 * dlt - 1e-12 * L);
      if (rp && rh) {
        /* at the pentagon's time the centre is r from it, so no closer
           than r - dlt to the square */
        double cz = z0 - 2 * z0 * h.u;
        ENSURE(sqrt(side * side + cz * cz) >= r - 2 * dlt - 1e-12 * L);
        ENSURE(h.u >= g.u - 1e-12);
        n++;
      }
    }
  }
  ENSURE(n > 1000);
  return 0;
}

static int test_zero_radius_segment_normals(void) {
  unsigned long long seed = 0x9e3779b97f4a7c15ULL;
  int i, hits = 0;
  for (i = 0; i < 40000; i++) {
    double sc = pow(10, (int)(zs_rnd(&seed) * 13) - 6);
    double far = pow(10, (int)(zs_rnd(&seed) * 13) - 4), t = zs_rnd(&seed), dl, nd, ne, el;
    collide_vec3 a = V(sc * (zs_rnd(&seed) - .5), sc * (zs_rnd(&seed) - .5), sc * (zs_rnd(&seed) - .5));
    collide_vec3 b = V(sc * (zs_rnd(&seed) - .5), sc * (zs_rnd(&seed) - .5), sc * (zs_rnd(&seed) - .5));
    collide_vec3 dir = V(zs_rnd(&seed) - .5, zs_rnd(&seed) - .5, zs_rnd(&seed) - .5), q, c0, c1, d, n;
    collide_hit h;
    if (i % 4 == 0) { a.z = 0; b.z = 0; dir.z = 0; }   /* 2D */
    q = V(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t);
    c0 = V(q.x - dir.x * far, q.y - dir.y * far, q.z - dir.z * far);
    c1 = V(q.x + dir.x * far, q.y + dir.y * far, q.z + dir.z * far);
    if (collide_sweep_sphere_segment(0, &c0, &c1, &a, &b, &h) != 1) continue;
    hits++;
    n = h.normal;
    d = V(c1.x - c0.x, c1.y - c0.y, c1.z - c0.z);
    dl = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    ENSURE_NEAR(sqrt(n.x * n.x + n.y * n.y + n.z * n.z), 1, 1e-12);
    nd = (n.x * d.x + n.y * d.y + n.z * d.z) / dl;
    ENSURE(nd <= 1e-9);
    if (h.feature == COLLIDE_FEATURE_EDGE) {
      el = sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y) + (b.z - a.z) * (b.z - a.z));
      ne = (n.x * (b.x - a.x) + n.y * (b.y - a.y) + n.z * (b.z - a.z)) / el;
      ENSURE_SMALL(ne, 1e-9);
    }
  }
  ENSURE(hits > 10000);
  return 0;
}

static int test_any_scale(void) {
  unsigned long long seed = 0x2545f4914f6cdd1dULL;
  int i;
  for (i = 0; i < 4000; i++) {
    double sc = pow(10, -30 + 79 * rnd(&seed));       /* 1e-30 .. 1e49 */
    collide_vec3 a = rvec(&seed, sc), b = rvec(&seed, sc), c = rvec(&seed, sc);
    collide_vec3 c0 = rvec(&seed, sc), c1 = rvec(&seed, sc), o = rvec(&seed, sc);
    collide_vec3 e = V(fabs(a.x), fabs(b.y), fabs(c.z)), tri[3], ea, p, q;
    collide_polygon poly;
    collide_interval iv;
    collide_hit h;
    double r = sc * rnd(&seed);
    int rc;
    if (i % 5 == 0) c1 = c0;                           /* no motion */
    if (i % 7 == 0) { a.z = b.z = c.z = c0.z = c1.z = 0; }   /* 2D */
    if (i % 11 == 0) r = 0;
    tri[0] = a; tri[1] = b; tri[2] = c;
    rc = collide_sweep_sphere_triangle(r, &c0, &c1, &a, &b, &c, &h);
    if (rc >= 0) ENSURE(hit_sane(rc, &h));
    else ENSURE(collide_error_reason(rc) == COLLIDE_E_DEGENERATE_TRIANGLE);
    rc = collide_raycast_triangle(&c0, &c1, &a, &b, &c, &h);
    if (rc >= 0) ENSURE(hit_sane(rc, &h));
    if (collide_polygon_init(tri, 3, &poly) == 1) {
      ENSURE(hit_sane(collide_sweep_sphere_polygon(r, &c0, &c1, &poly, &h), &h));
      ENSURE(hit_sane(collide_raycast_polygon(&c0, &c1, &poly, &h), &h));
    }
    ENSURE(hit_sane(collide_sweep_sphere_segment(r, &c0, &c1, &a, &b, &h), &h));
    ENSURE(hit_sane(collide_sweep_sphere_segment(r, &c0, &c1, &a, &a, &h), &h));
    ENSURE(hit_sane(collide_sweep_sphere_aabb(r, &c0, &c1, &o, &e, &h), &h));
    ENSURE(hit_sane(collide_raycast_aabb(&c0, &c1, &o, &e, &h), &h));
    ENSURE(hit_sane(collide_raycast_sphere(&c0, &c1, &o, r, &h), &h));
    /* aimed through the middle of the box: always a hit */
    p = V(2 * o.x - c0.x, 2 * o.y - c0.y, 2 * o.z - c0.z);
    if (isfinite(p.x) && fabs(p.x) <= 1e50 && fabs(p.y) <= 1e50 && fabs(p.z) <= 1e50) {
      ENSURE(collide_sweep_sphere_aabb(r, &c0, &p, &o, &e, &h) == 1 && hit_sane(1, &h));
      ENSURE(collide_raycast_aabb(&c0, &p, &o, &e, &h) == 1 && hit_sane(1, &h));
    }
    ea = V(fabs(c.x), fabs(c.y), fabs(a.z));
    q = rvec(&seed, sc);
    rc = collide_sweep_aabb_aabb(&ea, &c0, &c1, &e, &o, &q, &iv);
    ENSURE(rc == 0 || rc == 1);
    if (rc == 1) {
      ENSURE(iv.u0 >= 0 && iv.u0 <= iv.u1 && iv.u1 <= 1);
      ENSURE(fabs(iv.normal.x) + fabs(iv.normal.y) + fabs(iv.normal.z) == 1);
    }
  }
  /* at the limit itself */
  {
    collide_vec3 big0 = V(-1e50, -1e50, 1e50), big1 = V(1e50, 1e50, -1e50);
    collide_vec3 a = V(-1e50, 0, 0), b = V(1e50, 0, 0), c = V(0, 1e50, 0), z = V(0, 0, 0);
    collide_vec3 E = V(1e50, 1e50, 1e50);
    collide_hit h;
    ENSURE(collide_sweep_sphere_triangle(1e50, &big0, &big1, &a, &b, &c, &h) == 1);
    ENSURE(hit_sane(1, &h));
    ENSURE(collide_sweep_sphere_aabb(1e50, &big0, &big1, &z, &E, &h) == 1);
    ENSURE(hit_sane(1, &h));
    ENSURE(collide_sweep_sphere_segment(1e50, &big0, &big1, &a, &b, &h) == 1);
    ENSURE(hit_sane(1, &h));
    ENSURE(collide_raycast_sphere(&big0, &big1, &z, 1e50, &h) == 1);
    ENSURE(hit_sane(1, &h));
  }
  return 0;
}

/* ---- the ray casts' fast path (ray_flat in collide_sphere.c) ------------------ */

/* The fast path answers the clear cases itself and must give exactly what
   the general path gives, which is also what a sweep of radius 0 runs: the
   two are compared field by field. */
static int same_hit(int rc1, const collide_hit *a, int rc2, const collide_hit *b) {
  return rc1 == rc2 && a->u == b->u && a->point.x == b->point.x &&
         a->point.y == b->point.y && a->point.z == b->point.z &&
         a->normal.x == b->normal.x && a->normal.y == b->normal.y &&
         a->normal.z == b->normal.z && a->feature == b->feature;
}

static int ray_matches_sweep(collide_vec3 p0, collide_vec3 p1, collide_vec3 a,
                             collide_vec3 b, collide_vec3 c) {
  collide_hit h1 = scratch(), h2 = scratch();
  int rc1 = collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h1);
  int rc2 = collide_sweep_sphere_triangle(0, &p0, &p1, &a, &b, &c, &h2);
  if (!same_hit(rc1, &h1, rc2, &h2)) {
    fprintf(stderr, "raycast_triangle (%.17g %.17g %.17g)->(%.17g %.17g %.17g): "
            "%d u %.17g f %d vs sweep r=0: %d u %.17g f %d\n", p0.x, p0.y, p0.z,
            p1.x, p1.y, p1.z, rc1, h1.u, h1.feature, rc2, h2.u, h2.feature);
    return 0;
  }
  return 1;
}

static int test_raycast_fast_path(void) {
  collide_vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0), p0, p1;
  collide_hit h = scratch();
  /*   c
       |\        the segments go down through z = 0 near the edge a-b
       | \       (y = 0): just inside, exactly on it, just outside
       a--b */
  p0 = V(1, 1e-6, 1); p1 = V(1, 1e-6, -1);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 1, 1e-6, 0, 0, 0, 1, FACE, EXACT);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  p0 = V(1, 0, 1); p1 = V(1, 0, -1);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 1, 0, 0, 0, 0, 1, EDGE, EXACT);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  p0 = V(1, -1e-6, 1); p1 = V(1, -1e-6, -1);
  ENSURE_MISS(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h), h);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  /* within rounding of the edge, either side: the general path decides */
  p0 = V(1, 1e-15, 1); p1 = V(1, 1e-15, -1);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  p0 = V(1, -1e-15, 1); p1 = V(1, -1e-15, -1);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  /* the slanted edge b-c (x + y = 4), from above and below */
  p0 = V(2, 2 - 1e-6, -3); p1 = V(2, 2 - 1e-6, 1);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.75, 2, 2 - 1e-6, 0, 0, 0, -1, FACE, EXACT);
  p0 = V(2, 2 + 1e-6, -3); p1 = V(2, 2 + 1e-6, 1);
  ENSURE_MISS(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h), h);
  p0 = V(2, 2, -3); p1 = V(2, 2, 1);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.75, 2, 2, 0, 0, 0, -1, EDGE, EXACT);
  /* steep and shallow crossings: a shallow one needs a wider margin */
  p0 = V(-3, 1, 1e-3); p1 = V(5, 1, -1e-3);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  p0 = V(-3, 1, 1e-13); p1 = V(5, 1, -1e-13);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  /* parallel to the plane, above it: clearly, and just beyond rounding
     (tol = 64 eps 4 = 5.7e-14) a miss. Within rounding (1e-15) the
     segment lies in the plane: the 2D case (test_raycast_in_plane). */
  p0 = V(1, 1, 1); p1 = V(2, 1, 1);
  ENSURE_MISS(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h), h);
  p0 = V(1, 1, 1e-12); p1 = V(2, 1, 1e-12);
  ENSURE_MISS(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h), h);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  /* starting on the plane (inside, on an edge, outside), ending on it */
  p0 = V(1, 1, 0); p1 = V(1, 1, -2);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  p0 = V(1, 0, 0); p1 = V(1, 0, 2);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 0, 0, 0, -1, 0, EDGE, EXACT);   /* in-plane, outward */
  p0 = V(5, 5, 0); p1 = V(1, 1, 2);
  ENSURE_MISS(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h), h);
  p0 = V(1, 1, 2); p1 = V(1, 1, 0);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 1, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  /* the polygon cast takes the same path */
  {
    collide_vec3 sq[4];
    collide_polygon poly;
    collide_hit h2 = scratch();
    sq[0] = V(0, 0, 0); sq[1] = V(4, 0, 0); sq[2] = V(4, 4, 0); sq[3] = V(0, 4, 0);
    ENSURE(collide_polygon_init(sq, 4, &poly) == 1);
    p0 = V(1, 3, 2); p1 = V(1, 3, -2);
    ENSURE(collide_raycast_polygon(&p0, &p1, &poly, &h) == 1);
    ENSURE_HIT(h, 0.5, 1, 3, 0, 0, 0, 1, FACE, EXACT);
    ENSURE(same_hit(1, &h, collide_sweep_sphere_polygon(0, &p0, &p1, &poly, &h2), &h2));
    p0 = V(4, 3, 2); p1 = V(4, 3, -2);
    ENSURE(collide_raycast_polygon(&p0, &p1, &poly, &h) == 1);
    ENSURE_HIT(h, 0.5, 4, 3, 0, 0, 0, 1, EDGE, EXACT);
    p0 = V(5, 3, 2); p1 = V(5, 3, -2);
    ENSURE_MISS(collide_raycast_polygon(&p0, &p1, &poly, &h), h);
  }
  return 0;
}

/* Segments lying in a triangle's or polygon's plane to rounding (both
   ends within 64 epsilon of the largest coordinate of it): the 2D case,
   the polygon a solid region of the plane (the contract), answered from
   the edges' lines alone, whatever sign rounding gives the distances to
   the plane; the ray and the radius-0 sweep alike, to the bit. */
static int test_raycast_in_plane(void) {
  collide_vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0), p0, p1;
  collide_hit h = scratch(), h2 = scratch();
  /*   c
       |\         p0 (-1, 1) -> p1 (3, 1), 1e-15 above the plane at p0
    p0-|-*-p1     and 1e-15 below at p1 (tol = 64 eps 4 = 5.7e-14): it
       a--b       enters across c-a (x = 0) at u = 1/4, at (0, 1), normal
                  -x. (It used to take u = 1/2 from the sign change of
                  its plane distance in mid-face, with the boundary's
                  point nearest (1, 1), (1, 0): 1 away from the segment.) */
  p0 = V(-1, 1, 1e-15); p1 = V(3, 1, -1e-15);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.25, 0, 1, 0, -1, 0, 0, EDGE, EXACT);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  /* the same segment exactly in the plane: the same answer */
  p0 = V(-1, 1, 0); p1 = V(3, 1, 0);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.25, 0, 1, 0, -1, 0, 0, EDGE, EXACT);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  /* parallel, 1e-15 above, starting over the inside at (1, 1): in the
     plane, so it starts inside the solid region: u = 0, pushed out across
     the nearest edge (a-b and c-a tie at 1; the first, a-b): point
     (1, 0), normal -y (up to the 1e-15 of height). It used to miss (the
     face prism of radius 0 held only a distance of exactly 0). */
  p0 = V(1, 1, 1e-15); p1 = V(2, 1, 1e-15);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 0, 0, 0, -1, 0, EDGE, EXACT);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  /* Running along an edge (fuzz target raycast_triangle, the triangle
     tilted so that both ends are about 5e-20 above its plane, i.e. within
     rounding of running along a-b): p0 is 5.4e-18 from a, so the segment
     touches at a, u = 0 to rounding, with a unit normal in the plane
     (which of a's edges or a itself is named is rounding's choice) facing
     p0. It used to hit at u = 1 near b, with the normal of the edge b-c,
     facing away from p0. */
  {
    collide_vec3 ta = V(-0x1.8f6e94d586fd1p-58, -0.875, -0.125),
                 tb = V(-0x1.12e0be826d695p-58, 11.5, 0x1.19799812dea11p-68),
                 tc = V(6, 4.875, 0);
    /* the plane's normal, (b - a) x (c - a) with a and b at x = 0 */
    collide_vec3 pn = V(12.375 * 0.125 - 0.125 * 5.75, 0.125 * 6, -12.375 * 6);
    double l = sqrt(pn.x * pn.x + pn.y * pn.y + pn.z * pn.z);
    p0 = V(0, -0.875, -0.125); p1 = V(0, 11.5, 0);
    ENSURE(collide_raycast_triangle(&p0, &p1, &ta, &tb, &tc, &h) == 1);
    ENSURE_NEAR(h.u, 0, EXACT);
    ENSURE_VEC(h.point, 0, -0.875, -0.125, EXACT);
    ENSURE_NEAR(h.normal.x * h.normal.x + h.normal.y * h.normal.y +
                h.normal.z * h.normal.z, 1, EXACT);
    ENSURE_NEAR((h.normal.x * pn.x + h.normal.y * pn.y + h.normal.z * pn.z) / l, 0, EXACT);
    ENSURE(h.normal.x * (p0.x - h.point.x) + h.normal.y * (p0.y - h.point.y) +
           h.normal.z * (p0.z - h.point.z) >= -EXACT);
    ENSURE(h.feature == COLLIDE_FEATURE_EDGE || h.feature == COLLIDE_FEATURE_VERTEX);
    ENSURE(ray_matches_sweep(p0, p1, ta, tb, tc));
  }
  /* Not in the plane: p0 1e-14 above it (within 64 eps of p0's own size),
     p1 1e-12 below (beyond tol = 64 eps 10): the segment crosses the plane
     once, at u = 1e-14 / 1.01e-12 = 1/101, where y = 0.1 - 10.1 / 101 = 0
     up to rounding, on the edge a-b. A 3D crossing: the face normal on
     p0's side, +z. (It used to get the in-plane normal of a-b, -y, which
     faces away from p0 by 0.1.) */
  p0 = V(1, 0.09999999999999999, 1e-14); p1 = V(1, -10, -1e-12);
  ENSURE(collide_raycast_triangle(&p0, &p1, &a, &b, &c, &h) == 1);
  ENSURE_NEAR(h.u, 1.0 / 101, EXACT);
  ENSURE_VEC(h.point, 1, 0, 0, EXACT);
  ENSURE_VEC(h.normal, 0, 0, 1, EXACT);
  ENSURE(ray_matches_sweep(p0, p1, a, b, c));
  /* "In the plane" is to the rounding of each end's own plane distance,
     not to that of far vertices: a triangle 1e40 across with its corner
     at the origin, crossed perpendicularly at (1, 1) from 1e20 above to
     1e20 below, is a face hit at u = 1/2, normal +z (it read as in the
     plane, 64 eps 1e40 = 1.4e27 > 1e20: u = 0, pushed out across a-b).
     The same near the corner of a triangle 1e6 across, by segments 1e-3
     and 1e-9 long (the second within 64 eps 1e6 = 1.4e-8 of the plane). */
  {
    collide_vec3 big_b = V(1e40, 0, 0), big_c = V(0, 1e40, 0);
    collide_vec3 mid_b = V(1e6, 0, 0), mid_c = V(0, 1e6, 0);
    p0 = V(1, 1, 1e20); p1 = V(1, 1, -1e20);
    ENSURE(collide_raycast_triangle(&p0, &p1, &a, &big_b, &big_c, &h) == 1);
    ENSURE_HIT(h, 0.5, 1, 1, 0, 0, 0, 1, FACE, EXACT);
    ENSURE(ray_matches_sweep(p0, p1, a, big_b, big_c));
    p0 = V(1, 1, 5e-4); p1 = V(1, 1, -5e-4);
    ENSURE(collide_raycast_triangle(&p0, &p1, &a, &mid_b, &mid_c, &h) == 1);
    ENSURE_HIT(h, 0.5, 1, 1, 0, 0, 0, 1, FACE, EXACT);
    ENSURE(ray_matches_sweep(p0, p1, a, mid_b, mid_c));
    p0 = V(1, 1, 5e-10); p1 = V(1, 1, -5e-10);
    ENSURE(collide_raycast_triangle(&p0, &p1, &a, &mid_b, &mid_c, &h) == 1);
    ENSURE_HIT(h, 0.5, 1, 1, 0, 0, 0, 1, FACE, EXACT);
    ENSURE(ray_matches_sweep(p0, p1, a, mid_b, mid_c));
  }
  /* a polygon: the square 0..4, the same crossing segment in its plane,
     entering across x = 0; the sweep of radius 0 gives the same bits */
  {
    collide_vec3 sq[4];
    collide_polygon poly;
    sq[0] = V(0, 0, 0); sq[1] = V(4, 0, 0); sq[2] = V(4, 4, 0); sq[3] = V(0, 4, 0);
    ENSURE(collide_polygon_init(sq, 4, &poly) == 1);
    p0 = V(-1, 1, 1e-15); p1 = V(3, 1, -1e-15);
    ENSURE(collide_raycast_polygon(&p0, &p1, &poly, &h) == 1);
    ENSURE_HIT(h, 0.25, 0, 1, 0, -1, 0, 0, EDGE, EXACT);
    ENSURE(same_hit(1, &h, collide_sweep_sphere_polygon(0, &p0, &p1, &poly, &h2), &h2));
    p0 = V(1, 1, 1e-15); p1 = V(2, 1, 1e-15);
    ENSURE(collide_raycast_polygon(&p0, &p1, &poly, &h) == 1);
    ENSURE_HIT(h, 0, 1, 0, 0, 0, -1, 0, EDGE, EXACT);
    ENSURE(same_hit(1, &h, collide_sweep_sphere_polygon(0, &p0, &p1, &poly, &h2), &h2));
  }
  return 0;
}

/* A small deterministic generator for the comparison below (64-bit state:
   an unsigned long is 32 bits on Windows). */
static double lcg(uint64_t *s) {
  *s = *s * 6364136223846793005u + 1442695040888963407u;
  return (double)(*s >> 11) / 9007199254740992.0;
}

/* Many segments aimed at vertices, edges, the face and just beside them,
   ending on, short of and beyond the plane, steep and grazing, on
   triangles with exact (multiples of 1/8) and inexact corners: the ray
   cast and the radius-0 sweep agree exactly every time. */
static int test_raycast_fast_path_agrees(void) {
  uint64_t seed = 12345;
  int k, j, hits = 0;
  for (k = 0; k < 20000; k++) {
    collide_vec3 v[3], q, e1, e2, n, dir, p0, p1;
    double w1, w2, s0, s1, grain = (k % 3 == 0) ? 0 : 8;
    for (j = 0; j < 3; j++) {
      double x = lcg(&seed) * 4 - 2, y = lcg(&seed) * 4 - 2, z = lcg(&seed) * 4 - 2;
      if (grain > 0) { x = floor(x * grain) / grain; y = floor(y * grain) / grain;
                       z = floor(z * grain) / grain; }
      v[j] = V(x, y, z);
    }
    e1 = V(v[1].x - v[0].x, v[1].y - v[0].y, v[1].z - v[0].z);
    e2 = V(v[2].x - v[0].x, v[2].y - v[0].y, v[2].z - v[0].z);
    n = V(e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x);
    if (n.x * n.x + n.y * n.y + n.z * n.z < 1e-6) continue;
    /* the aim: a vertex, an edge point, inside, outside, or beside an edge */
    switch (k % 5) {
      case 0: w1 = 0; w2 = 0; break;
      case 1: w1 = lcg(&seed); w2 = 0; break;
      case 2: w1 = lcg(&seed) * 0.5; w2 = lcg(&seed) * 0.5; break;
      case 3: w1 = lcg(&seed) * 2 - 0.5; w2 = lcg(&seed) * 2 - 0.5; break;
      default: w1 = lcg(&seed); w2 = (lcg(&seed) - 0.5) * 1e-12; break;
    }
    q = V(v[0].x + e1.x * w1 + e2.x * w2, v[0].y + e1.y * w1 + e2.y * w2,
          v[0].z + e1.z * w1 + e2.z * w2);
    /* the direction: random, or nearly within the plane */
    dir = V(lcg(&seed) - 0.5, lcg(&seed) - 0.5, lcg(&seed) - 0.5);
    if (k % 7 == 0) {
      double t = (dir.x * n.x + dir.y * n.y + dir.z * n.z) /
                 (n.x * n.x + n.y * n.y + n.z * n.z) * (1 - 1e-9 * (k % 2));
      dir = V(dir.x - n.x * t, dir.y - n.y * t, dir.z - n.z * t);
    }
    /* start and end: on the aim, before it, after it */
    s0 = (k % 11 == 0) ? 0 : -lcg(&seed) * 3;
    s1 = (k % 13 == 0) ? 0 : (k % 4 == 0 ? -lcg(&seed) * 3 * 0.5 * (lcg(&seed) < 0.5 ? 1 : 0)
                                          : lcg(&seed) * 3);
    p0 = V(q.x + dir.x * s0, q.y + dir.y * s0, q.z + dir.z * s0);
    p1 = V(q.x + dir.x * s1, q.y + dir.y * s1, q.z + dir.z * s1);
    if (!ray_matches_sweep(p0, p1, v[0], v[1], v[2])) return 1;
    if (!ray_matches_sweep(p1, p0, v[0], v[1], v[2])) return 1;
    {
      collide_hit h = scratch();
      hits += collide_raycast_triangle(&p0, &p1, &v[0], &v[1], &v[2], &h);
    }
  }
  ENSURE(hits > 1000);
  return 0;
}

/* sweep_flat's same-side rejection: a centre that stays more than r from
   the plane on one side misses; at exactly r it touches. */
static int test_sweep_flat_same_side(void) {
  collide_vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0), c0, c1;
  collide_hit h = scratch();
  double r = 0.5;
  /* gliding over the face just above r, then at r */
  c0 = V(1, 1, r + 1e-9); c1 = V(2, 1, r + 1e-9);
  ENSURE_MISS(collide_sweep_sphere_triangle(r, &c0, &c1, &a, &b, &c, &h), h);
  c0 = V(1, 1, r); c1 = V(2, 1, r);
  ENSURE(collide_sweep_sphere_triangle(r, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  /* coming down, stopping just short of touching, then exactly touching */
  c0 = V(1, 1, 3); c1 = V(1, 1, r + 1e-12);
  ENSURE_MISS(collide_sweep_sphere_triangle(r, &c0, &c1, &a, &b, &c, &h), h);
  c0 = V(1, 1, -3); c1 = V(1, 1, -r - 1e-12);
  ENSURE_MISS(collide_sweep_sphere_triangle(r, &c0, &c1, &a, &b, &c, &h), h);
  c0 = V(1, 1, 3); c1 = V(1, 1, r);
  ENSURE(collide_sweep_sphere_triangle(r, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 1, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  /* beside the triangle, over the edge a-b and the vertex b, at r */
  c0 = V(2, -1, r); c1 = V(2, 1, r);
  ENSURE(collide_sweep_sphere_triangle(r, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 2, 0, 0, 0, 0, 1, EDGE, EXACT);
  c0 = V(4, -1, r); c1 = V(4, 1, r);
  ENSURE(collide_sweep_sphere_triangle(r, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_NEAR(h.u, 0.5, EXACT);
  ENSURE(h.feature == VERTEX);
  /* the same for a polygon */
  {
    collide_vec3 sq[4];
    collide_polygon poly;
    sq[0] = V(0, 0, 0); sq[1] = V(4, 0, 0); sq[2] = V(4, 4, 0); sq[3] = V(0, 4, 0);
    ENSURE(collide_polygon_init(sq, 4, &poly) == 1);
    c0 = V(1, 1, r + 1e-9); c1 = V(3, 3, r + 1e-9);
    ENSURE_MISS(collide_sweep_sphere_polygon(r, &c0, &c1, &poly, &h), h);
    c0 = V(1, 1, r); c1 = V(3, 3, r);
    ENSURE(collide_sweep_sphere_polygon(r, &c0, &c1, &poly, &h) == 1);
    ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  }
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_sweep_sphere_triangle);
  RUN_TEST(test_raycast_triangle);
  RUN_TEST(test_raycast_fast_path);
  RUN_TEST(test_raycast_fast_path_agrees);
  RUN_TEST(test_raycast_in_plane);
  RUN_TEST(test_sweep_flat_same_side);
  RUN_TEST(test_polygon_init);
  RUN_TEST(test_sweep_sphere_polygon);
  RUN_TEST(test_sweep_region_gap);
  RUN_TEST(test_sweep_sphere_segment);
  RUN_TEST(test_sweep_sphere_aabb);
  RUN_TEST(test_raycast_aabb);
  RUN_TEST(test_sweep_aabb_aabb);
  RUN_TEST(test_raycast_sphere);
  RUN_TEST(test_cross_checks);
  RUN_TEST(test_any_scale);
  RUN_TEST(test_zero_radius_segment_normals);
  RUN_TEST(test_zero_radius_starts_and_lines);
  RUN_TEST(test_reflex_polygon_contact);
TEST_MAIN_END
