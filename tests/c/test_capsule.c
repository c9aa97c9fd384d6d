/*
 * test_capsule.c -- C tests of collide_capsule.c: a moving capsule against
 * a sphere, a plane, a triangle, a polygon, a segment, a box and another
 * moving capsule. Axis-aligned configurations have exact answers; every
 * query also checks zero motion, start touching and inside, grazing, zero
 * radius, a zero axis (the sphere query, bit for bit), huge coordinates
 * and the 2D rule. `make check-c` builds and runs it.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "collide.h"
#include "test_hit.h"

/* bit-for-bit equality of two hits */
#define ENSURE_SAME(h1, h2) do { \
    ENSURE(memcmp(&(h1).u, &(h2).u, sizeof(double)) == 0); \
    ENSURE(memcmp(&(h1).point, &(h2).point, sizeof(collide_vec3)) == 0); \
    ENSURE(memcmp(&(h1).normal, &(h2).normal, sizeof(collide_vec3)) == 0); \
    ENSURE((h1).feature == (h2).feature); } while (0)

static collide_hit scratch(void) {     /* garbage, to see a miss zero it */
  collide_hit h;
  memset(&h, 0, sizeof h);
  h.u = 7; h.point = V(7, 7, 7); h.normal = V(7, 7, 7); h.feature = 7;
  return h;
}

/* A few sweeps with nothing special about them, for the zero-axis checks. */
static const double odd[][6] = {
  { -3.25, 0.5, 0.125, 2.75, -0.375, 0.0625 },
  { 1.1, 2.3, -0.7, -0.4, -1.9, 0.33 },
  { 0.2, -4.1, 0.0, 0.3, 3.9, 0.0 },
  { 5.0, 5.0, 5.0, -5.0, -5.0, -5.0 },
  { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 },
};
#define NODD ((int)(sizeof odd / sizeof odd[0]))

/* ---- sweep_capsule_sphere -------------------------------------------------- */

/*        |          a standing capsule (axis (0, 1, 0), r = 1) moving
 *       (|)  ->  o  along +x into a sphere of radius 1 at the origin:
 *        |          they touch when the core is 2 away, x = -2
 */
static int test_capsule_sphere(void) {
  collide_vec3 up = V(0, 1, 0), zero = V(0, 0, 0), o = V(0, 0, 0), c0, c1;
  collide_hit h = scratch(), g;
  collide_interval iv;
  int i;

  /* the side, each way */
  c0 = V(-5, 0, 0); c1 = V(5, 0, 0);
  ENSURE(collide_sweep_capsule_sphere(1, &up, &c0, &c1, &o, 1, &h) == 1);
  ENSURE_HIT(h, 0.3, -1, 0, 0, -1, 0, 0, FACE, EXACT);
  ENSURE(collide_sweep_capsule_sphere(1, &up, &c1, &c0, &o, 1, &h) == 1);
  ENSURE_HIT(h, 0.3, 1, 0, 0, 1, 0, 0, FACE, EXACT);
  /* off centre along the axis: still the side of the core */
  o = V(0, 0.5, 0);
  ENSURE(collide_sweep_capsule_sphere(1, &up, &c0, &c1, &o, 1, &h) == 1);
  ENSURE_HIT(h, 0.3, -1, 0.5, 0, -1, 0, 0, FACE, EXACT);
  o = V(0, 0, 0);
  /* an end: falling onto the sphere, the lower end meets its top */
  c0 = V(0, 5, 0); c1 = V(0, -5, 0);
  ENSURE(collide_sweep_capsule_sphere(1, &up, &c0, &c1, &o, 1, &h) == 1);
  ENSURE_HIT(h, 0.2, 0, 1, 0, 0, 1, 0, FACE, EXACT);
  /* parallel miss: the core passes 2.5 above the centre */
  c0 = V(-5, 3.5, 0); c1 = V(5, 3.5, 0);
  h = scratch();
  ENSURE_MISS(collide_sweep_capsule_sphere(1, &up, &c0, &c1, &o, 1, &h), h);
  /* grazing: the lower end passes exactly 2 above the centre */
  c0 = V(-5, 3, 0); c1 = V(5, 3, 0);
  ENSURE(collide_sweep_capsule_sphere(1, &up, &c0, &c1, &o, 1, &h) == 1);
  ENSURE_HIT(h, 0.5, 0, 1, 0, 0, 1, 0, FACE, EXACT);
  /* start touching, start inside, no motion */
  c0 = V(-2, 0, 0); c1 = V(5, 0, 0);
  ENSURE(collide_sweep_capsule_sphere(1, &up, &c0, &c1, &o, 1, &h) == 1);
  ENSURE_HIT(h, 0, -1, 0, 0, -1, 0, 0, FACE, EXACT);
  c0 = V(-1.5, 0, 0);
  ENSURE(collide_sweep_capsule_sphere(1, &up, &c0, &c0, &o, 1, &h) == 1);
  ENSURE_HIT(h, 0, -1, 0, 0, -1, 0, 0, FACE, EXACT);
  /* the core through the centre: pushed out against the motion, the
     point is the core's (inside both) */
  c0 = V(0, 0, 0); c1 = V(5, 0, 0);
  ENSURE(collide_sweep_capsule_sphere(1, &up, &c0, &c1, &o, 1, &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, -1, 0, 0, FACE, EXACT);
  /* zero radii: a point meets the core */
  c0 = V(-5, 0, 0); c1 = V(5, 0, 0);
  ENSURE(collide_sweep_capsule_sphere(0, &up, &c0, &c1, &o, 0, &h) == 1);
  ENSURE_HIT(h, 0.5, 0, 0, 0, -1, 0, 0, FACE, EXACT);
  /* huge coordinates: the same picture scaled by 1e20 */
  {
    collide_vec3 big = V(0, 1e20, 0), b0 = V(-5e20, 0, 0), b1 = V(5e20, 0, 0);
    ENSURE(collide_sweep_capsule_sphere(1e20, &big, &b0, &b1, &o, 1e20, &h) == 1);
    ENSURE_NEAR(h.u, 0.3, 1e-12);
    ENSURE_VEC(h.normal, -1, 0, 0, 1e-12);
    ENSURE_NEAR(h.point.x, -1e20, 1e8);
  }
  /* a zero axis is the sphere: u is sweep_sphere_sphere's to the bit */
  for (i = 0; i < NODD; i++) {
    collide_vec3 a0 = V(odd[i][0], odd[i][1], odd[i][2]);
    collide_vec3 a1 = V(odd[i][3], odd[i][4], odd[i][5]), ctr = V(0.25, -0.5, 0.125);
    int rc = collide_sweep_capsule_sphere(1.25, &zero, &a0, &a1, &ctr, 0.75, &g);
    int rs = collide_sweep_sphere_sphere(1.25, &a0, &a1, 0.75, &ctr, &ctr, &iv);
    ENSURE(rc == rs);
    if (rc) ENSURE(memcmp(&g.u, &iv.u0, sizeof g.u) == 0);
  }
  /* bad arguments name their Lua position */
  {
    collide_vec3 nan = V(NAN, 0, 0);
    ENSURE_FAIL(collide_sweep_capsule_sphere(-1, &up, &c0, &c1, &o, 1, &h), 1,
                COLLIDE_E_NEG_RADIUS);
    ENSURE_FAIL(collide_sweep_capsule_sphere(1, &nan, &c0, &c1, &o, 1, &h), 2,
                COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_sweep_capsule_sphere(1, &up, &c0, &c1, &nan, 1, &h), 5,
                COLLIDE_E_VEC_NAN);
    ENSURE_FAIL(collide_sweep_capsule_sphere(1, &up, &c0, &c1, &o, -1, &h), 6,
                COLLIDE_E_NEG_RADIUS);
  }
  return 0;
}

/* ---- sweep_capsule_plane --------------------------------------------------- */

static int test_capsule_plane(void) {
  collide_plane floor_;
  collide_vec3 up = V(0, 1, 0), flat = V(1, 0, 0), slant = V(1, 1, 0);
  collide_vec3 zero = V(0, 0, 0), c0, c1, n = V(0, 1, 0);
  collide_hit h = scratch(), g;
  int i;
  ENSURE(collide_plane_make(&n, 0, &floor_) == 1);   /* y = 0 */

  /* falling: the lower end (1 below the centre) touches at y = 2 */
  c0 = V(0, 5, 0); c1 = V(0, -5, 0);
  ENSURE(collide_sweep_capsule_plane(1, &up, &c0, &c1, &floor_, &h) == 1);
  ENSURE_HIT(h, 0.3, 0, 0, 0, 0, 1, 0, FACE, EXACT);
  /* from below (two-sided) */
  ENSURE(collide_sweep_capsule_plane(1, &up, &c1, &c0, &floor_, &h) == 1);
  ENSURE_HIT(h, 0.3, 0, 0, 0, 0, -1, 0, FACE, EXACT);
  /* lying flat: only r counts */
  ENSURE(collide_sweep_capsule_plane(1, &flat, &c0, &c1, &floor_, &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 0, 0, 0, 1, 0, FACE, EXACT);
  /* slanted: the lower end (-1, -1) leads; its foot is the point */
  ENSURE(collide_sweep_capsule_plane(1, &slant, &c0, &c1, &floor_, &h) == 1);
  ENSURE_HIT(h, 0.3, -1, 0, 0, 0, 1, 0, FACE, EXACT);
  /* parallel miss and grazing */
  c0 = V(-5, 3, 0); c1 = V(5, 3, 0);
  h = scratch();
  ENSURE_MISS(collide_sweep_capsule_plane(1, &up, &c0, &c1, &floor_, &h), h);
  c0 = V(-5, 2, 0); c1 = V(5, 2, 0);
  ENSURE(collide_sweep_capsule_plane(1, &up, &c0, &c1, &floor_, &h) == 1);
  ENSURE_HIT(h, 0, -5, 0, 0, 0, 1, 0, FACE, EXACT);
  /* straddling at the start: the point is where the core crosses */
  c0 = V(2, 0.5, 0); c1 = V(2, 5, 0);
  ENSURE(collide_sweep_capsule_plane(1, &up, &c0, &c1, &floor_, &h) == 1);
  ENSURE_HIT(h, 0, 2, 0, 0, 0, 1, 0, FACE, EXACT);
  /* centred on the plane: the normal faces against the motion */
  c0 = V(0, 0, 0); c1 = V(0, 1, 0);
  ENSURE(collide_sweep_capsule_plane(1, &up, &c0, &c1, &floor_, &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, 0, -1, 0, FACE, EXACT);
  ENSURE(collide_sweep_capsule_plane(1, &up, &c1, &c0, &floor_, &h) == 1);
  ENSURE(h.u == 0 && h.normal.y == 1);
  /* no motion, above */
  c0 = V(0, 1.5, 0);
  ENSURE(collide_sweep_capsule_plane(1, &up, &c0, &c0, &floor_, &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, 0, 1, 0, FACE, EXACT);
  /* zero radius */
  c0 = V(0, 5, 0); c1 = V(0, -5, 0);
  ENSURE(collide_sweep_capsule_plane(0, &up, &c0, &c1, &floor_, &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 0, 0, 0, 1, 0, FACE, EXACT);
  /* huge */
  {
    collide_vec3 big = V(0, 1e40, 0), b0 = V(0, 5e40, 0), b1 = V(0, -5e40, 0);
    ENSURE(collide_sweep_capsule_plane(1e40, &big, &b0, &b1, &floor_, &h) == 1);
    ENSURE_NEAR(h.u, 0.3, 1e-12);
    ENSURE_VEC(h.normal, 0, 1, 0, 0);
  }
  /* zero axis: the sphere query, bit for bit */
  for (i = 0; i < NODD; i++) {
    collide_vec3 a0 = V(odd[i][0], odd[i][1], odd[i][2]);
    collide_vec3 a1 = V(odd[i][3], odd[i][4], odd[i][5]);
    collide_hit s;
    int rc = collide_sweep_capsule_plane(0.5, &zero, &a0, &a1, &floor_, &g);
    ENSURE(rc == collide_sweep_sphere_plane(0.5, &a0, &a1, &floor_, &s));
    ENSURE_SAME(g, s);
  }
  {
    collide_plane bad = floor_;
    bad.normal = V(0, 2, 0);
    ENSURE_FAIL(collide_sweep_capsule_plane(1, &up, &c0, &c1, &bad, &h), 5,
                COLLIDE_E_BAD_PLANE);
  }
  return 0;
}

/* ---- sweep_capsule_triangle and _polygon ---------------------------------- */

/*  y
 *  4 c
 *    |\
 *    | \
 *  0 a--b   x      the triangle in z = 0, normal +z
 *    0  4
 */
static int test_capsule_triangle(void) {
  collide_vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0);
  collide_vec3 zup = V(0, 0, 1), xax = V(1, 0, 0), zero = V(0, 0, 0), c0, c1;
  collide_hit h = scratch(), g, s;
  int i;

  /* the face from above and below, standing */
  c0 = V(1, 1, 5); c1 = V(1, 1, -5);
  ENSURE(collide_sweep_capsule_triangle(1, &zup, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.3, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  ENSURE(collide_sweep_capsule_triangle(1, &zup, &c1, &c0, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.3, 1, 1, 0, 0, 0, -1, FACE, EXACT);
  /* lying over the face: any point of the contact, named the face */
  ENSURE(collide_sweep_capsule_triangle(1, &xax, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE(h.feature == FACE);
  ENSURE_NEAR(h.u, 0.4, EXACT);
  ENSURE_VEC(h.normal, 0, 0, 1, EXACT);
  ENSURE_NEAR(h.point.z, 0, EXACT);
  /* the vertex b, met by the side of a standing core moving along -x */
  c0 = V(10, 0, 0); c1 = V(0, 0, 0);
  ENSURE(collide_sweep_capsule_triangle(1, &zup, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.5, 4, 0, 0, 1, 0, 0, VERTEX, EXACT);
  /* the edge a-b, met by the side of a standing core moving along +y */
  c0 = V(2, -5, 0); c1 = V(2, 5, 0);
  ENSURE(collide_sweep_capsule_triangle(1, &zup, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.4, 2, 0, 0, 0, -1, 0, EDGE, EXACT);
  /* the core crossing the edge a-c from outside, in 3D: it hits the edge
     where the lines cross */
  {
    collide_vec3 ax = V(0, 0, 2), p0 = V(-5, 1, 0), p1 = V(5, 1, 0);
    ENSURE(collide_sweep_capsule_triangle(0.5, &ax, &p0, &p1, &a, &b, &c, &h) == 1);
    ENSURE_HIT(h, 0.45, 0, 1, 0, -1, 0, 0, EDGE, EXACT);
  }
  /* parallel miss: lying above at height 1.5 > r */
  c0 = V(-5, 1, 1.5); c1 = V(5, 1, 1.5);
  h = scratch();
  ENSURE_MISS(collide_sweep_capsule_triangle(1, &xax, &c0, &c1, &a, &b, &c, &h), h);
  /* grazing the face at height exactly r */
  c0 = V(-5, 1, 1); c1 = V(5, 1, 1);
  ENSURE(collide_sweep_capsule_triangle(1, &xax, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_NEAR(h.u, 0.4, EXACT);       /* the leading end reaches x = 0 */
  ENSURE_VEC(h.normal, 0, 0, 1, EXACT);
  /* piercing at the start: out through the nearer end face */
  c0 = V(1, 1, 0.25); c1 = V(1, 1, -5);
  ENSURE(collide_sweep_capsule_triangle(0.5, &zup, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  /* touching at the start; no motion */
  c0 = V(1, 1, 2);
  ENSURE(collide_sweep_capsule_triangle(1, &zup, &c0, &c0, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  /* zero radius: the core's end meets the face */
  c0 = V(1, 1, 5); c1 = V(1, 1, -5);
  ENSURE(collide_sweep_capsule_triangle(0, &zup, &c0, &c1, &a, &b, &c, &h) == 1);
  ENSURE_HIT(h, 0.4, 1, 1, 0, 0, 0, 1, FACE, EXACT);
  /* 2D: a lying capsule moving in the plane into the edge a-b */
  c0 = V(2, -5, 0); c1 = V(2, 5, 0);
  {
    collide_vec3 half = V(0.5, 0, 0);
    ENSURE(collide_sweep_capsule_triangle(0.5, &half, &c0, &c1, &a, &b, &c, &h) == 1);
    /* the core lies along the edge: any point of the contact, x in 1.5..2.5 */
    ENSURE_HIT(h, 0.45, h.point.x, 0, 0, 0, -1, 0, EDGE, EXACT);
    ENSURE(h.point.x >= 1.5 && h.point.x <= 2.5);
    /* 2D, starting across the edge a-c: pushed out across it, in the plane */
    c0 = V(0.5, 2, 0); c1 = V(3, 2, 0);
    ENSURE(collide_sweep_capsule_triangle(0.5, &xax, &c0, &c1, &a, &b, &c, &h) == 1);
    ENSURE(h.u == 0);
    ENSURE_VEC(h.normal, -1, 0, 0, EXACT);
    ENSURE(h.feature == EDGE);
    ENSURE_NEAR(h.point.z, 0, 0);
  }
  /* huge */
  {
    collide_vec3 A = V(0, 0, 1e30), B = V(4e30, 0, 0), C = V(0, 4e30, 0);
    collide_vec3 p0 = V(1e30, 1e30, 5e30), p1 = V(1e30, 1e30, -5e30);
    ENSURE(collide_sweep_capsule_triangle(1e30, &A, &p0, &p1, &a, &B, &C, &h) == 1);
    ENSURE_NEAR(h.u, 0.3, 1e-12);
    ENSURE_VEC(h.normal, 0, 0, 1, 1e-12);
  }
  /* zero axis: the sphere query, bit for bit */
  for (i = 0; i < NODD; i++) {
    collide_vec3 a0 = V(odd[i][0], odd[i][1], odd[i][2]);
    collide_vec3 a1 = V(odd[i][3], odd[i][4], odd[i][5]);
    int rc = collide_sweep_capsule_triangle(0.5, &zero, &a0, &a1, &a, &b, &c, &g);
    ENSURE(rc == collide_sweep_sphere_triangle(0.5, &a0, &a1, &a, &b, &c, &s));
    ENSURE_SAME(g, s);
  }
  ENSURE_FAIL(collide_sweep_capsule_triangle(1, &zup, &c0, &c1, &a, &a, &c, &h),
              5, COLLIDE_E_DEGENERATE_TRIANGLE);
  return 0;
}

/* test_shapes.c's test_sweep_region_gap for a capsule whose axis is a
   point (at the vertex a): the same sphere, so the same u = 17.5 / 21.5;
   it went through the triangle (u = 0.99993) when the face's, edges' and
   vertex's regions left a gap of rounding along the path. Also rotated
   (x, y, z) -> (z, x, y). */
static int test_capsule_region_gap(void) {
  int k;
  for (k = 0; k < 2; k++) {
    collide_vec3 c0 = V(0, 21.5, 0x1p-52), c1 = V(0, 0, 0);
    collide_vec3 a = V(7.03e-22, 0, -7.03e-25), b = V(0, 0, 15.25);
    collide_vec3 c = V(-10.125, 1e-16, -10.625), up = V(0, 1, 0);
    collide_hit h;
    if (k == 1) {
      c0 = V(c0.z, c0.x, c0.y); c1 = V(c1.z, c1.x, c1.y);
      a = V(a.z, a.x, a.y); b = V(b.z, b.x, b.y); c = V(c.z, c.x, c.y);
      up = V(0, 0, 1);
    }
    ENSURE(collide_sweep_capsule_triangle(4, &a, &c0, &c1, &a, &b, &c, &h) == 1);
    ENSURE_NEAR(h.u, 17.5 / 21.5, 4e-16);
    ENSURE_SMALL(h.point.x - a.x, 1e-15);
    ENSURE_SMALL(h.point.y - a.y, 1e-15);
    ENSURE_SMALL(h.point.z - a.z, 1e-15);
    ENSURE_NEAR(h.normal.x * up.x + h.normal.y * up.y + h.normal.z * up.z, 1, 1e-15);
  }
  return 0;
}

/*  y
 *  2 +------+
 *    |      |      the square polygon [-2, 2]^2 in z = 0
 * -2 +------+
 *   -2      2  x
 */
static int test_capsule_polygon(void) {
  collide_vec3 v[4], zup = V(0, 0, 1), diag = V(1, 1, 0), zero = V(0, 0, 0);
  collide_vec3 c0, c1;
  collide_polygon poly;
  collide_hit h = scratch(), g, s;
  int i;
  v[0] = V(-2, -2, 0); v[1] = V(2, -2, 0); v[2] = V(2, 2, 0); v[3] = V(-2, 2, 0);
  ENSURE(collide_polygon_init(v, 4, &poly) == 1);

  c0 = V(0, 0, 6); c1 = V(0, 0, -4);
  ENSURE(collide_sweep_capsule_polygon(1, &zup, &c0, &c1, &poly, &h) == 1);
  ENSURE_HIT(h, 0.4, 0, 0, 0, 0, 0, 1, FACE, EXACT);
  /* a slanted core, its corner (3, 3) over the polygon's corner (2, 2),
     moving down: the vertex */
  {
    collide_vec3 p0 = V(2, 2, 5), p1 = V(2, 2, -5), ax = V(1, 1, 0);
    ENSURE(collide_sweep_capsule_polygon(1, &ax, &p0, &p1, &poly, &h) == 1);
    ENSURE_NEAR(h.u, 0.4, EXACT);
    ENSURE_VEC(h.normal, 0, 0, 1, EXACT);
    ENSURE(h.feature == FACE || h.feature == EDGE || h.feature == VERTEX);
  }
  /* 2D: a diagonal capsule sliding in the plane into the side x = -2 */
  c0 = V(-10, 0, 0); c1 = V(0, 0, 0);
  ENSURE(collide_sweep_capsule_polygon(0.5, &diag, &c0, &c1, &poly, &h) == 1);
  ENSURE_HIT(h, 0.65, -2, 1, 0, -1, 0, 0, EDGE, EXACT);
  /* 2D, starting inside: across the nearest side */
  c0 = V(1.5, 0, 0); c1 = V(1.5, -1, 0);
  ENSURE(collide_sweep_capsule_polygon(0.25, &diag, &c0, &c1, &poly, &h) == 1);
  ENSURE(h.u == 0 && h.feature == EDGE);
  ENSURE_VEC(h.normal, 1, 0, 0, EXACT);
  /* 3D, lying in the plane of the polygon, moving down through it: out
     along the normal, against the motion */
  c0 = V(0, 0, 0); c1 = V(0, 0, -1);
  ENSURE(collide_sweep_capsule_polygon(0.25, &diag, &c0, &c1, &poly, &h) == 1);
  ENSURE(h.u == 0 && h.feature == FACE);
  ENSURE_VEC(h.normal, 0, 0, 1, EXACT);
  /* parallel miss */
  c0 = V(-10, 0, 2); c1 = V(10, 0, 2);
  h = scratch();
  ENSURE_MISS(collide_sweep_capsule_polygon(1, &diag, &c0, &c1, &poly, &h), h);
  for (i = 0; i < NODD; i++) {
    collide_vec3 a0 = V(odd[i][0], odd[i][1], odd[i][2]);
    collide_vec3 a1 = V(odd[i][3], odd[i][4], odd[i][5]);
    int rc = collide_sweep_capsule_polygon(0.5, &zero, &a0, &a1, &poly, &g);
    ENSURE(rc == collide_sweep_sphere_polygon(0.5, &a0, &a1, &poly, &s));
    ENSURE_SAME(g, s);
  }
  ENSURE_FAIL(collide_sweep_capsule_polygon(1, &zup, &c0, &c1, NULL, &h), 5,
              COLLIDE_E_FEW_VERTICES);
  return 0;
}

/* ---- sweep_capsule_segment ------------------------------------------------- */

static int test_capsule_segment(void) {
  collide_vec3 a = V(0, 0, -1), b = V(0, 0, 1), up = V(0, 1, 0), zero = V(0, 0, 0);
  collide_vec3 c0, c1;
  collide_hit h = scratch(), g, s;
  int i;

  /* a standing core crossing past the segment along z: the lines cross */
  c0 = V(-5, 0, 0); c1 = V(5, 0, 0);
  ENSURE(collide_sweep_capsule_segment(0.5, &up, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.45, 0, 0, 0, -1, 0, 0, EDGE, EXACT);
  ENSURE(collide_sweep_capsule_segment(0.5, &up, &c1, &c0, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.45, 0, 0, 0, 1, 0, 0, EDGE, EXACT);
  /* past the end b: the vertex */
  c0 = V(-5, 0, 1.3); c1 = V(5, 0, 1.3);
  ENSURE(collide_sweep_capsule_segment(0.5, &up, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.46, 0, 0, 1, -0.8, 0, 0.6, VERTEX, EXACT);
  /* parallel miss */
  c0 = V(-5, 0, 1.6); c1 = V(5, 0, 1.6);
  h = scratch();
  ENSURE_MISS(collide_sweep_capsule_segment(0.5, &up, &c0, &c1, &a, &b, &h), h);
  /* 2D: a wall along y, a lying capsule hitting it end first */
  {
    collide_vec3 w0 = V(0, -1, 0), w1 = V(0, 1, 0), lie = V(1, 0, 0);
    c0 = V(-5, 0, 0); c1 = V(5, 0, 0);
    ENSURE(collide_sweep_capsule_segment(0.5, &lie, &c0, &c1, &w0, &w1, &h) == 1);
    ENSURE_HIT(h, 0.35, 0, 0, 0, -1, 0, 0, EDGE, EXACT);
    /* a standing capsule beside the wall, parallel: an inside point */
    ENSURE(collide_sweep_capsule_segment(0.5, &up, &c0, &c1, &w0, &w1, &h) == 1);
    ENSURE_HIT(h, 0.45, 0, 0, 0, -1, 0, 0, EDGE, EXACT);
    /* starting across the wall: pushed out across the nearest side, in
       the plane */
    c0 = V(-0.2, 0, 0); c1 = V(5, 0, 0);
    ENSURE(collide_sweep_capsule_segment(0.5, &lie, &c0, &c1, &w0, &w1, &h) == 1);
    ENSURE_HIT(h, 0, 0, 0, 0, -1, 0, 0, EDGE, EXACT);
    /* the same in 3D (moving along z): out of the plane, against the motion */
    c1 = V(-0.2, 0, 5);
    ENSURE(collide_sweep_capsule_segment(0.5, &lie, &c0, &c1, &w0, &w1, &h) == 1);
    ENSURE_HIT(h, 0, 0, 0, 0, 0, 0, -1, EDGE, EXACT);
  }
  /* zero-length segment: a point */
  c0 = V(-5, 0, 0); c1 = V(5, 0, 0);
  {
    collide_vec3 pt = V(0, 0.5, 0);
    ENSURE(collide_sweep_capsule_segment(0.5, &up, &c0, &c1, &pt, &pt, &h) == 1);
    ENSURE_HIT(h, 0.45, 0, 0.5, 0, -1, 0, 0, VERTEX, EXACT);
  }
  /* start touching, no motion, zero radius */
  c0 = V(-0.5, 0, 0);
  ENSURE(collide_sweep_capsule_segment(0.5, &up, &c0, &c0, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0, 0, 0, 0, -1, 0, 0, EDGE, EXACT);
  c0 = V(-5, 0, 0);
  ENSURE(collide_sweep_capsule_segment(0, &up, &c0, &c1, &a, &b, &h) == 1);
  ENSURE_HIT(h, 0.5, 0, 0, 0, -1, 0, 0, EDGE, EXACT);
  /* huge */
  {
    collide_vec3 A = V(0, 1e45, 0), p0 = V(-5e45, 0, 0), p1 = V(5e45, 0, 0);
    collide_vec3 s0 = V(0, 0, -1e45), s1 = V(0, 0, 1e45);
    ENSURE(collide_sweep_capsule_segment(5e44, &A, &p0, &p1, &s0, &s1, &h) == 1);
    ENSURE_NEAR(h.u, 0.45, 1e-12);
    ENSURE_VEC(h.normal, -1, 0, 0, 1e-12);
  }
  for (i = 0; i < NODD; i++) {
    collide_vec3 a0 = V(odd[i][0], odd[i][1], odd[i][2]);
    collide_vec3 a1 = V(odd[i][3], odd[i][4], odd[i][5]);
    int rc = collide_sweep_capsule_segment(0.5, &zero, &a0, &a1, &a, &b, &g);
    ENSURE(rc == collide_sweep_sphere_segment(0.5, &a0, &a1, &a, &b, &s));
    ENSURE_SAME(g, s);
  }
  return 0;
}

/* ---- sweep_capsule_aabb ------------------------------------------------------ */

static int test_capsule_aabb(void) {
  collide_vec3 ctr = V(0, 0, 0), e = V(1, 1, 1), up = V(0, 1, 0), zero = V(0, 0, 0);
  collide_vec3 c0, c1;
  collide_hit h = scratch(), g, s;
  int i;

  /* standing: the box grown by the axis */
  c0 = V(-5, 0, 0); c1 = V(5, 0, 0);
  ENSURE(collide_sweep_capsule_aabb(0.5, &up, &c0, &c1, &ctr, &e, &h) == 1);
  ENSURE_HIT(h, 0.35, -1, 0, 0, -1, 0, 0, FACE, EXACT);
  c0 = V(0, 5, 0); c1 = V(0, -5, 0);
  ENSURE(collide_sweep_capsule_aabb(0.5, &up, &c0, &c1, &ctr, &e, &h) == 1);
  ENSURE_HIT(h, 0.25, 0, 1, 0, 0, 1, 0, FACE, EXACT);
  /* standing, past a vertical edge: the edge */
  c0 = V(-5, 0, 1.3); c1 = V(5, 0, 1.3);
  ENSURE(collide_sweep_capsule_aabb(0.5, &up, &c0, &c1, &ctr, &e, &h) == 1);
  ENSURE_HIT(h, 0.36, -1, 0, 1, -0.8, 0, 0.6, EDGE, EXACT);
  /* standing, the lower end onto a top corner */
  c0 = V(1.24, 5, 1.32); c1 = V(1.24, -5, 1.32);
  ENSURE(collide_sweep_capsule_aabb(0.5, &up, &c0, &c1, &ctr, &e, &h) == 1);
  ENSURE_HIT(h, 0.27, 1, 1, 1, 0.48, 0.6, 0.64, VERTEX, EXACT);
  /* standing with its core through the box: out the nearest face */
  c0 = V(0.75, 0, 0); c1 = V(0.75, 0, 3);
  ENSURE(collide_sweep_capsule_aabb(0.5, &up, &c0, &c1, &ctr, &e, &h) == 1);
  ENSURE(h.u == 0 && h.feature == FACE);
  ENSURE_VEC(h.normal, 1, 0, 0, 0);
  ENSURE_VEC(h.point, 0.75, 0, 0, 0);
  /* slanted, onto the top face */
  {
    collide_vec3 sl = V(0.5, 0.5, 0), p0 = V(0, 0, 5), p1 = V(0, 0, -5);
    ENSURE(collide_sweep_capsule_aabb(0.5, &sl, &p0, &p1, &ctr, &e, &h) == 1);
    ENSURE_NEAR(h.u, 0.35, EXACT);
    ENSURE_VEC(h.normal, 0, 0, 1, EXACT);
    ENSURE(h.feature == FACE);
    ENSURE_NEAR(h.point.z, 1, EXACT);
    /* slanted in y-z, into the side x = -1 */
    sl = V(0, 0.5, 0.5);
    p0 = V(-5, 0, 0); p1 = V(5, 0, 0);
    ENSURE(collide_sweep_capsule_aabb(0.5, &sl, &p0, &p1, &ctr, &e, &h) == 1);
    ENSURE_NEAR(h.u, 0.35, EXACT);
    ENSURE_VEC(h.normal, -1, 0, 0, EXACT);
    ENSURE(h.feature == FACE);
    /* slanted across the edge x = z = 1 (along y), moving diagonally onto
       it: the cores' closest points are inside both, distance
       sqrt(2) (c - 1) = r at c = 1 + r / sqrt(2) */
    sl = V(0.5, 0, -0.5);
    p0 = V(5, 0, 5); p1 = V(0, 0, 0);
    ENSURE(collide_sweep_capsule_aabb(0.25, &sl, &p0, &p1, &ctr, &e, &h) == 1);
    ENSURE_HIT(h, (4 - 0.25 / sqrt(2)) / 5, 1, 0, 1, sqrt(0.5), 0, sqrt(0.5),
               EDGE, EXACT);
  }
  /* (branch capbox) an axis with a zero component: the face x = +e.x is
     the box's face swept by the core, and its edge with the face z = -e.z
     (along y, shifted by +A) is met first by the lower end c - A:
     (2 - 5.125 u)^2 + (0.125 - 3.5 u)^2 = r^2, 2465 u^2 - 1368 u + 157 = 0.
     The fast path once dropped that edge and answered a corner at 0.1643. */
  {
    collide_vec3 A = V(0, 0.125, -0.625), p0 = V(2.375, 0.375, 0.25);
    collide_vec3 p1 = V(-2.75, 3.5, -3.25), bc = V(0.25, 1.875, 1.375);
    collide_vec3 be = V(0.125, 1.25, 0.625);
    double u = (1368 - sqrt(323404)) / 4930;
    ENSURE(collide_sweep_capsule_aabb(1.25, &A, &p0, &p1, &bc, &be, &h) == 1);
    ENSURE_HIT(h, u, 0.375, 0.25 + 3.125 * u, 0.75, (2 - 5.125 * u) / 1.25, 0,
               (0.125 - 3.5 * u) / 1.25, EDGE, EXACT);
  }
  /* (branch capbox2) the Voronoi walk once took a cylinder's first time
     where the path entered its edge's end slab while already within r of
     the line -- a point inside the body -- and answered u = 1. The contact
     is the core's end c - A on the box corner V = (7.75, 0, 2) (to
     rounding): |c0 + u d - A - V|^2 = r^2, the smaller root. Found by the
     fuzzer; its numbers, rounded just below 1 and 27.25 (0x1.f..fp-1). */
  {
    double one = 0x1.fffffffffffffp-1, r = 12.5, qa, qb, qc, u;
    collide_vec3 A = V(3.875, 1, one), p0 = V(0x1.b3fffffffffffp+4, one, 14.75);
    collide_vec3 p1 = V(14.75, 1, 0), bc = V(3.875, 1, one), be = V(3.875, 1, one);
    collide_vec3 w0 = V(p0.x - A.x - 7.75, p0.y - A.y, p0.z - A.z - (one + one));
    collide_vec3 d = V(p1.x - p0.x, p1.y - p0.y, p1.z - p0.z);
    qa = d.x * d.x + d.y * d.y + d.z * d.z;
    qb = 2 * (w0.x * d.x + w0.y * d.y + w0.z * d.z);
    qc = w0.x * w0.x + w0.y * w0.y + w0.z * w0.z - r * r;
    u = (-qb - sqrt(qb * qb - 4 * qa * qc)) / (2 * qa);
    ENSURE(collide_sweep_capsule_aabb(r, &A, &p0, &p1, &bc, &be, &h) == 1);
    ENSURE_NEAR(h.u, u, EXACT);
    ENSURE_NEAR(h.u, 0.3795073198027593, 1e-12);
    ENSURE_VEC(h.point, 7.75, 0, one + one, EXACT);
    ENSURE_VEC(h.normal, (p0.x + u * d.x - A.x - 7.75) / r, 0,
               (p0.z + u * d.z - A.z - (one + one)) / r, 1e-9);
    ENSURE(h.feature == VERTEX);
  }
  /* 2D: a rectangle (flat in z), a diagonal capsule in its plane */
  {
    collide_vec3 rect = V(1, 1, 0), sl = V(0.5, 0.5, 0);
    c0 = V(-5, 0, 0); c1 = V(5, 0, 0);
    ENSURE(collide_sweep_capsule_aabb(0.5, &sl, &c0, &c1, &ctr, &rect, &h) == 1);
    ENSURE_HIT(h, 0.3, -1, 0.5, 0, -1, 0, 0, EDGE, EXACT);
    /* starting inside: across the nearest side, in the plane */
    c0 = V(0.8, 0, 0); c1 = V(3, 0, 0);
    ENSURE(collide_sweep_capsule_aabb(0.5, &sl, &c0, &c1, &ctr, &rect, &h) == 1);
    ENSURE(h.u == 0 && h.feature == EDGE);
    ENSURE_VEC(h.normal, 1, 0, 0, 0);
    ENSURE(h.point.z == 0);
  }
  /* parallel miss, grazing */
  c0 = V(-5, 0, 1.6); c1 = V(5, 0, 1.6);
  h = scratch();
  ENSURE_MISS(collide_sweep_capsule_aabb(0.5, &up, &c0, &c1, &ctr, &e, &h), h);
  c0 = V(-5, 0, 1.5); c1 = V(5, 0, 1.5);
  ENSURE(collide_sweep_capsule_aabb(0.5, &up, &c0, &c1, &ctr, &e, &h) == 1);
  ENSURE_NEAR(h.u, 0.4, EXACT);
  ENSURE_VEC(h.normal, 0, 0, 1, EXACT);
  /* no motion, zero radius */
  c0 = V(-1.5, 0, 0);
  ENSURE(collide_sweep_capsule_aabb(0.5, &up, &c0, &c0, &ctr, &e, &h) == 1);
  ENSURE_HIT(h, 0, -1, 0, 0, -1, 0, 0, FACE, EXACT);
  c0 = V(-5, 0, 0); c1 = V(5, 0, 0);
  ENSURE(collide_sweep_capsule_aabb(0, &up, &c0, &c1, &ctr, &e, &h) == 1);
  ENSURE_HIT(h, 0.4, -1, 0, 0, -1, 0, 0, FACE, EXACT);
  /* huge */
  {
    collide_vec3 A = V(0, 1e45, 0), p0 = V(-5e45, 0, 0), p1 = V(5e45, 0, 0);
    collide_vec3 E = V(1e45, 1e45, 1e45);
    ENSURE(collide_sweep_capsule_aabb(5e44, &A, &p0, &p1, &ctr, &E, &h) == 1);
    ENSURE_NEAR(h.u, 0.35, 1e-12);
    ENSURE_VEC(h.normal, -1, 0, 0, 0);
  }
  for (i = 0; i < NODD; i++) {
    collide_vec3 a0 = V(odd[i][0], odd[i][1], odd[i][2]);
    collide_vec3 a1 = V(odd[i][3], odd[i][4], odd[i][5]);
    int rc = collide_sweep_capsule_aabb(0.5, &zero, &a0, &a1, &ctr, &e, &g);
    ENSURE(rc == collide_sweep_sphere_aabb(0.5, &a0, &a1, &ctr, &e, &s));
    ENSURE_SAME(g, s);
  }
  {
    collide_vec3 neg = V(1, -1, 1);
    ENSURE_FAIL(collide_sweep_capsule_aabb(1, &up, &c0, &c1, &ctr, &neg, &h), 6,
                COLLIDE_E_NEG_EXTENT);
  }
  return 0;
}

/* ---- sweep_capsule_capsule --------------------------------------------------- */

static int test_capsule_capsule(void) {
  collide_vec3 up = V(0, 1, 0), zax = V(0, 0, 1), zero = V(0, 0, 0);
  collide_vec3 a0 = V(-5, 0, 0), a1 = V(5, 0, 0), b0 = V(0, 0, 0), b1 = V(0, 0, 0);
  collide_interval iv, sw, ss;
  int i;

  /* crossed cores: contact while |x| <= 1 */
  ENSURE(collide_sweep_capsule_capsule(0.5, &up, &a0, &a1, 0.5, &zax, &b0, &b1, &iv) == 1);
  ENSURE_NEAR(iv.u0, 0.4, EXACT);
  ENSURE_NEAR(iv.u1, 0.6, EXACT);
  ENSURE_VEC(iv.normal, -1, 0, 0, EXACT);
  /* swapped: the same interval to the bit, the normal negated */
  ENSURE(collide_sweep_capsule_capsule(0.5, &zax, &b0, &b1, 0.5, &up, &a0, &a1, &sw) == 1);
  ENSURE(sw.u0 == iv.u0 && sw.u1 == iv.u1);
  ENSURE(sw.normal.x == -iv.normal.x && sw.normal.y == -iv.normal.y &&
         sw.normal.z == -iv.normal.z);
  /* both moving: the same relative motion */
  {
    collide_vec3 m0 = V(-2.5, 0, 0), m1 = V(2.5, 0, 0), n0 = V(2.5, 0, 0), n1 = V(-2.5, 0, 0);
    ENSURE(collide_sweep_capsule_capsule(0.5, &up, &m0, &m1, 0.5, &zax, &n0, &n1, &iv) == 1);
    ENSURE_NEAR(iv.u0, 0.4, EXACT);
    ENSURE_NEAR(iv.u1, 0.6, EXACT);
    ENSURE_VEC(iv.normal, -1, 0, 0, EXACT);
  }
  /* parallel cores, side by side */
  ENSURE(collide_sweep_capsule_capsule(0.5, &up, &a0, &a1, 0.5, &up, &b0, &b1, &iv) == 1);
  ENSURE_NEAR(iv.u0, 0.4, EXACT);
  ENSURE_NEAR(iv.u1, 0.6, EXACT);
  ENSURE_VEC(iv.normal, -1, 0, 0, EXACT);
  /* end to end, collinear: A's top end meets B's bottom end */
  {
    collide_vec3 p0 = V(0, -9, 0), p1 = V(0, 1, 0), q = V(0, 3, 0);
    ENSURE(collide_sweep_capsule_capsule(0.5, &up, &p0, &p1, 0.5, &up, &q, &q, &iv) == 1);
    ENSURE_NEAR(iv.u0, 0.9, EXACT);
    ENSURE_NEAR(iv.u1, 1, EXACT);
    ENSURE_VEC(iv.normal, 0, -1, 0, EXACT);
  }
  /* miss: passing 3 away in z, beyond B's end (z = 1) by 2 > 1 */
  {
    collide_vec3 p0 = V(-5, 0, 3), p1 = V(5, 0, 3);
    ENSURE(collide_sweep_capsule_capsule(0.5, &up, &p0, &p1, 0.5, &zax, &b0, &b1, &iv) == 0);
    ENSURE(iv.u0 == 0 && iv.u1 == 0 && iv.normal.x == 0);
  }
  /* overlapping at the start, moving apart */
  {
    collide_vec3 p0 = V(0.5, 0, 0), p1 = V(5.5, 0, 0);
    ENSURE(collide_sweep_capsule_capsule(0.5, &up, &p0, &p1, 0.5, &zax, &b0, &b1, &iv) == 1);
    ENSURE(iv.u0 == 0);
    ENSURE_NEAR(iv.u1, 0.1, EXACT);
    ENSURE_VEC(iv.normal, 1, 0, 0, EXACT);
    /* no motion: stays in contact */
    ENSURE(collide_sweep_capsule_capsule(0.5, &up, &p0, &p0, 0.5, &zax, &b0, &b1, &iv) == 1);
    ENSURE(iv.u0 == 0 && iv.u1 == 1);
  }
  /* crossed cores, both in the z = 0 plane, moving in it (2D): pushed out
     within the plane, against the motion */
  {
    collide_vec3 xax = V(1, 0, 0), p0 = V(0, 0.25, 0), p1 = V(0, 3, 0);
    ENSURE(collide_sweep_capsule_capsule(0.25, &xax, &p0, &p1, 0.25, &up, &b0, &b1, &iv) == 1);
    ENSURE(iv.u0 == 0);
    ENSURE(iv.normal.z == 0);
    ENSURE_NEAR(fabs(iv.normal.x) + fabs(iv.normal.y), 1, EXACT);
  }
  /* zero radii */
  ENSURE(collide_sweep_capsule_capsule(0, &up, &a0, &a1, 0, &zax, &b0, &b1, &iv) == 1);
  ENSURE_NEAR(iv.u0, 0.5, EXACT);
  ENSURE_NEAR(iv.u1, 0.5, EXACT);
  /* huge */
  {
    collide_vec3 A = V(0, 1e45, 0), B = V(0, 0, 1e45), p0 = V(-5e45, 0, 0), p1 = V(5e45, 0, 0);
    ENSURE(collide_sweep_capsule_capsule(5e44, &A, &p0, &p1, 5e44, &B, &b0, &b1, &iv) == 1);
    ENSURE_NEAR(iv.u0, 0.4, 1e-12);
    ENSURE_NEAR(iv.u1, 0.6, 1e-12);
  }
  /* zero axes: sweep_sphere_sphere's interval, bit for bit */
  for (i = 0; i < NODD; i++) {
    collide_vec3 p0 = V(odd[i][0], odd[i][1], odd[i][2]);
    collide_vec3 p1 = V(odd[i][3], odd[i][4], odd[i][5]), q0 = V(0.5, 0.25, 0), q1 = V(-0.5, 0, 1);
    int rc = collide_sweep_capsule_capsule(0.5, &zero, &p0, &p1, 0.75, &zero, &q0, &q1, &iv);
    ENSURE(rc == collide_sweep_sphere_sphere(0.5, &p0, &p1, 0.75, &q0, &q1, &ss));
    ENSURE(iv.u0 == ss.u0 && iv.u1 == ss.u1);
    if (rc) ENSURE_NEAR(sqrt(iv.normal.x * iv.normal.x + iv.normal.y * iv.normal.y +
                             iv.normal.z * iv.normal.z), 1, EXACT);
  }
  ENSURE_FAIL(collide_sweep_capsule_capsule(0.5, &up, &a0, &a1, -1, &zax, &b0, &b1, &iv),
              5, COLLIDE_E_NEG_RADIUS);
  {
    collide_vec3 inf = V(INFINITY, 0, 0);
    ENSURE_FAIL(collide_sweep_capsule_capsule(0.5, &up, &a0, &a1, 1, &zax, &b0, &inf, &iv),
                8, COLLIDE_E_VEC_INF);
  }
  return 0;
}

/* Near parallel (issue 10 follow-up): an axis within 1e-9 (in sine) of an
   edge, where the grown parallelogram is a sliver of width about 1e-9. The
   answers follow from the geometry by hand and are computed in long double
   here; before, such slivers were taken as segments, off by about their
   width (or missed outright when the radius is below it). */
static int test_capsule_near_parallel(void) {
  const double dl = 1e-9, rs = 1e-12;
  collide_hit h;
  collide_interval iv;
  int rc;
  /* in the plane: a segment 0..2 on x, the core (x +- 1, y +- dl) coming
     down y at x = 1; the sliver's top at x = 1 is y = dl */
  {
    collide_vec3 A = V(1, dl, 0), c0 = V(1, 3, 0), c1 = V(1, -3, 0);
    collide_vec3 a = V(0, 0, 0), b = V(2, 0, 0);
    long double ref = (3.0L - 0.5L - (long double)dl) / 6.0L;
    rc = collide_sweep_capsule_segment(0.5, &A, &c0, &c1, &a, &b, &h);
    ENSURE(rc == 1);
    ENSURE_NEAR(h.u, (double)ref, 1e-15);
    {
      collide_vec3 B = V(1, 0, 0), b0 = V(1, 0, 0);
      rc = collide_sweep_capsule_capsule(0.25, &A, &c0, &c1, 0.25, &B, &b0, &b0, &iv);
      ENSURE(rc == 1);
      ENSURE_NEAR(iv.u0, (double)ref, 1e-15);
    }
  }
  /* out of the plane, a radius far below the sliver's width: the centre
     comes down z over the inside of the sliver (y = dl/2 at x = 1) and
     meets its face at z = r */
  {
    collide_vec3 A = V(1, dl, 0), c0 = V(1, dl / 2, 1), c1 = V(1, dl / 2, -1);
    collide_vec3 a = V(0, 0, 0), b = V(2, 0, 0), c = V(1, 0, -1);
    long double ref = (1.0L - (long double)rs) / 2.0L;
    rc = collide_sweep_capsule_segment(rs, &A, &c0, &c1, &a, &b, &h);
    ENSURE(rc == 1);
    ENSURE_NEAR(h.u, (double)ref, 1e-15);
    ENSURE_NEAR(h.normal.z, 1, 1e-12);
    {
      collide_vec3 B = V(1, 0, 0), b0 = V(1, 0, 0);
      rc = collide_sweep_capsule_capsule(rs / 2, &A, &c0, &c1, rs / 2, &B, &b0, &b0, &iv);
      ENSURE(rc == 1);
      ENSURE_NEAR(iv.u0, (double)ref, 1e-15);
    }
    /* a triangle hanging below the segment (the plane y = 0): the core's
       inside crosses y = 0 at x = 1/2, over the top edge */
    rc = collide_sweep_capsule_triangle(rs, &A, &c0, &c1, &a, &b, &c, &h);
    ENSURE(rc == 1);
    ENSURE_NEAR(h.u, (double)ref, 1e-15);
    ENSURE_NEAR(h.normal.z, 1, 1e-12);
  }
  /* the point of contact of nearly parallel core and segment (fuzzer,
     capsule_segment): the core (x +- 1, y +- dl) sits 3 dl above the
     segment 0..2 on x and comes down z, so it is nearest the segment at
     its x = 0 end, 2 dl off in y: contact at z = sqrt(r^2 - 4 dl^2),
     u = (1 - z) / 2, at the segment's vertex a, the normal (0, 2 dl, z) / r.
     Closest points formed as a e - (d1.d2)^2 lost all of its 16 dl^2
     against 16 and gave the middle of the overlap, (1, 0, 0). */
  {
    collide_vec3 A = V(1, dl, 0), c0 = V(1, 3 * dl, 1), c1 = V(1, 3 * dl, -1);
    collide_vec3 a = V(0, 0, 0), b = V(2, 0, 0);
    long double z = sqrtl(0.25L - 4.0L * (long double)dl * (long double)dl);
    rc = collide_sweep_capsule_segment(0.5, &A, &c0, &c1, &a, &b, &h);
    ENSURE(rc == 1);
    ENSURE_NEAR(h.u, (double)((1.0L - z) / 2.0L), 1e-15);
    ENSURE(h.point.x == 0 && h.point.y == 0 && h.point.z == 0);
    ENSURE(h.feature == VERTEX);
    /* The normal is (x - a) / |x - a|, x = c - A = (0, 2 dl, z) the
       core's end: each component of x - a is one rounding of itself (of
       3 dl - dl, of z), so each component of the normal is within a few
       epsilon of itself: y = 2 dl / r = 4 dl to 8 epsilon relative, z to
       8 epsilon. (It was 8 dl: sweep_flat picked the parallelogram's
       corner b - A, 2 dl across the sliver from a + A, its squared
       distance 16 dl^2 + z^2 against 4 dl^2 + z^2, equal in doubles.) */
    ENSURE(h.normal.x == 0);
    ENSURE_NEAR(h.normal.y, (double)(4.0L * dl), 8 * DBL_EPSILON * 4 * dl);
    ENSURE_NEAR(h.normal.z, (double)(z / 0.5L), 8 * DBL_EPSILON);
  }
  /* The same contact at sines of 1e-5, 1e-9 and 1e-13 (the last a sliver
     a few hundred roundings wide), through every query that reaches it:
     the segment, the capsule pair (B's core on the segment, the radii
     summing to r), a triangle hanging below the segment (its top edge;
     the core's two ends over its two vertices, 2 dl and 4 dl off, meet
     them at times equal in doubles, and the nearer vertex must win), and
     a box whose top edge is the segment. Mirrored (A = (-1, dl, 0)) the
     nearer end is c - A = (2, 2 dl, z), over b. The box is solved in its
     own frame, c - (1, -1, -1), whose y rounds at epsilon of 1: its
     normal's y is within a few epsilon absolute (not relative). */
  {
    const double sines[3] = { 1e-5, 1e-9, 1e-13 };
    int i, m;
    for (i = 0; i < 3; i++)
      for (m = 0; m < 2; m++) {
        const double s = sines[i], r = 0.5;
        collide_vec3 A = V(m ? -1 : 1, s, 0), c0 = V(1, 3 * s, 1), c1 = V(1, 3 * s, -1);
        collide_vec3 a = V(0, 0, 0), b = V(2, 0, 0), c = V(1, 0, -1);
        collide_vec3 B = V(1, 0, 0), b0 = V(1, 0, 0), bc = V(1, -1, -1), be = V(1, 1, 1);
        long double y = 2.0L * s, z = sqrtl(0.25L - y * y);
        double u = (double)((1.0L - z) / 2.0L), ny = (double)(y / r), nz = (double)(z / r);
        double px = m ? 2 : 0;
        rc = collide_sweep_capsule_segment(r, &A, &c0, &c1, &a, &b, &h);
        ENSURE(rc == 1);
        ENSURE_NEAR(h.u, u, 1e-15);
        ENSURE(h.point.x == px && h.point.y == 0 && h.point.z == 0);
        ENSURE(h.normal.x == 0);
        ENSURE_NEAR(h.normal.y, ny, 8 * DBL_EPSILON * ny);
        ENSURE_NEAR(h.normal.z, nz, 8 * DBL_EPSILON);
        rc = collide_sweep_capsule_capsule(0.25, &A, &c0, &c1, 0.25, &B, &b0, &b0, &iv);
        ENSURE(rc == 1);
        ENSURE_NEAR(iv.u0, u, 1e-15);
        ENSURE(iv.normal.x == 0);
        ENSURE_NEAR(iv.normal.y, ny, 8 * DBL_EPSILON * ny);
        ENSURE_NEAR(iv.normal.z, nz, 8 * DBL_EPSILON);
        rc = collide_sweep_capsule_triangle(r, &A, &c0, &c1, &a, &b, &c, &h);
        ENSURE(rc == 1);
        ENSURE_NEAR(h.u, u, 1e-15);
        ENSURE(h.point.x == px && h.point.y == 0 && h.point.z == 0);
        ENSURE(h.feature == VERTEX);
        ENSURE(h.normal.x == 0);
        ENSURE_NEAR(h.normal.y, ny, 8 * DBL_EPSILON * ny);
        ENSURE_NEAR(h.normal.z, nz, 8 * DBL_EPSILON);
        rc = collide_sweep_capsule_aabb(r, &A, &c0, &c1, &bc, &be, &h);
        ENSURE(rc == 1);
        ENSURE_NEAR(h.u, u, 1e-15);
        ENSURE_VEC(h.point, px, 0, 0, 4 * DBL_EPSILON);
        ENSURE(h.feature == VERTEX);
        ENSURE_VEC(h.normal, 0, ny, nz, 4 * DBL_EPSILON);
      }
  }
  /* The core (x +- 1, y -+ s) at y0 = 7 s / 8 crosses the segment's line
     (in plan) at x = 1 + y0 / s = 15 / 8, inside both, and comes down z:
     it touches there at z = r, u = (1 - r) / 2, normal (0, 0, 1), the
     point (15/8, 0, 0) on the edge. Its end (2, -s/8, z) is s/8 beside the
     vertex b and touches b at z = sqrt(r^2 - s^2/64): later, but by a time
     far below an ulp of u, and the triangle's end piece at b came first
     (point b, normal y -s/(8r), feature vertex). */
  {
    const double sines[3] = { 1e-5, 1e-9, 1e-13 };
    int i;
    for (i = 0; i < 3; i++) {
      const double s = sines[i], r = 0.5;
      collide_vec3 A = V(1, -s, 0), c0 = V(1, 0.875 * s, 1), c1 = V(1, 0.875 * s, -1);
      collide_vec3 a = V(0, 0, 0), b = V(2, 0, 0), c = V(1, 0, -1);
      collide_vec3 B = V(1, 0, 0), b0 = V(1, 0, 0);
      rc = collide_sweep_capsule_segment(r, &A, &c0, &c1, &a, &b, &h);
      ENSURE(rc == 1);
      ENSURE_HIT(h, 0.25, 1.875, 0, 0, 0, 0, 1, EDGE, 4 * DBL_EPSILON);
      rc = collide_sweep_capsule_capsule(0.25, &A, &c0, &c1, 0.25, &B, &b0, &b0, &iv);
      ENSURE(rc == 1);
      ENSURE_NEAR(iv.u0, 0.25, 4 * DBL_EPSILON);
      ENSURE_VEC(iv.normal, 0, 0, 1, 4 * DBL_EPSILON);
      rc = collide_sweep_capsule_triangle(r, &A, &c0, &c1, &a, &b, &c, &h);
      ENSURE(rc == 1);
      ENSURE_HIT(h, 0.25, 1.875, 0, 0, 0, 0, 1, EDGE, 4 * DBL_EPSILON);
    }
  }
  /* a sine of 1e-13 (a sliver a few hundred roundings wide) */
  {
    const double dt = 1e-13;
    collide_vec3 A = V(1, dt, 0), c0 = V(1, dt / 2, 1), c1 = V(1, dt / 2, -1);
    collide_vec3 a = V(0, 0, 0), b = V(2, 0, 0);
    long double ref = (1.0L - 1e-16L) / 2.0L;
    rc = collide_sweep_capsule_segment(1e-16, &A, &c0, &c1, &a, &b, &h);
    ENSURE(rc == 1);
    ENSURE_NEAR(h.u, (double)ref, 1e-15);
  }
  return 0;
}

/* Near the thin threshold (a sine of the axis and the segment within a
   few times 64 epsilon of the coordinates over their lengths), where the
   normal must still be the closest pair's to rounding. */
static int test_capsule_thin_normal(void) {
  collide_hit h;
  collide_interval iv;
  int rc;
  /* A sum thinner than rounding. The core (x +- 1 at height z) comes down
     z onto the segment a = (-1/2, 0, 0) .. b = (1/2, 0, d), d = 2^-40:
     the sine is d, and |A| d = 9.1e-13 is below 64 epsilon of the
     coordinates (200: 2.8e-12), so the parallelogram is a segment to
     rounding (thin_sum). The segment's high end b is nearest: the core's
     inside meets it when z = r + d, u = (100 - d) / 200, at the vertex b,
     normal (0, 0, 1). The sweep stands for the sliver by the segment
     between its extreme corners, (-3/2, 0, 0) .. (3/2, 0, d), whose normal
     is turned by its slope d / 3 = 3e-13: 700 times the normal's rounding,
     epsilon 200 / r = 4.4e-16 (a normal is turned by a line's turning,
     not by the height it moves the contact). The normal from the closest
     pair of core and segment at u is exact here. */
  {
    const double d = 1.0 / 1099511627776.0, r = 100;    /* 2^-40 */
    collide_vec3 A = V(1, 0, 0), c0 = V(0, 0, 200), c1 = V(0, 0, 0);
    collide_vec3 a = V(-0.5, 0, 0), b = V(0.5, 0, d);
    collide_vec3 B = V(0.5, 0, d / 2), b0 = V(0, 0, d / 2);
    const double tol = 8 * DBL_EPSILON * 200 / r;
    rc = collide_sweep_capsule_segment(r, &A, &c0, &c1, &a, &b, &h);
    ENSURE(rc == 1);
    ENSURE_NEAR(h.u, (100 - d) / 200, 1e-14);
    ENSURE(h.point.x == 0.5 && h.point.y == 0 && h.point.z == d);
    ENSURE(h.feature == VERTEX);
    ENSURE_VEC(h.normal, 0, 0, 1, tol);
    rc = collide_sweep_capsule_capsule(r / 2, &A, &c0, &c1, r / 2, &B, &b0, &b0, &iv);
    ENSURE(rc == 1);
    ENSURE_NEAR(iv.u0, (100 - d) / 200, 1e-14);
    ENSURE_VEC(iv.normal, 0, 0, 1, tol);
  }
  /* The core's direction is 2 A, not the rounding of (c + A) - (c - A).
     At Z = 6144 (an ulp of 2^-40) the axis A = 4 (1, 0, k), k = 3 2^-44
     (its z three quarters of an ulp), has c +- A rounded to
     c +- (4, 0, 2^-40): a slope 4/3 of k. The segment a = (-4, -4 s, Z)
     .. b = (4, 4 s, Z), s = 2^-20, is at a sine of about s to the axis, far
     from thin (64 epsilon Z = 8.7e-11 against 4 s = 3.8e-6), and skew to
     the core. With the centre h above the segment's line, the feet of the
     lines' common perpendicular satisfy (Ericson 5.1.9's two equations for
     the directions (1, 0, k) and (1, s, 0), offset (0, 0, h))
         h k + l (1 + k^2) - m = 0,   l - m (1 + s^2) = 0,
     so m = -h k / (s^2 + k^2 + s^2 k^2), about -3/16 h: inside both (the
     core reaches 4 along x, the segment 4). The core coming down z touches
     when the lines are r = 1 apart, along
         N = (1, 0, k) x (1, s, 0) = (-k s, k, s),
     at h = |N| / s = 1 + 1.6e-14: u = (3 - |N| / s) / 4, the normal N / |N|
     (its y k / s = 1.8e-7), the point near (-3/16, 0, Z) on the edge. The
     rounded direction gave the common perpendicular of a core of slope
     4/3 k: y 2.4e-7, 6e-8 off, where the normal's rounding is
     epsilon Z / r = 1.4e-12. */
  {
    const double Z = 6144, s = 1.0 / 1048576, k = 3.0 / 17592186044416.0;
    collide_vec3 A = V(4, 0, 4 * k), c0 = V(0, 0, Z + 3), c1 = V(0, 0, Z - 1);
    collide_vec3 a = V(-4, -4 * s, Z), b = V(4, 4 * s, Z);
    collide_vec3 B = V(4, 4 * s, 0), b0 = V(0, 0, Z);
    long double nx = -(long double)k * s, ny = k, nz = s;
    long double l = sqrtl(nx * nx + ny * ny + nz * nz);
    double u = (double)((3 - l / s) / 4), tol = 16 * DBL_EPSILON * Z;
    rc = collide_sweep_capsule_segment(1, &A, &c0, &c1, &a, &b, &h);
    ENSURE(rc == 1);
    ENSURE_NEAR(h.u, u, 1e-12);
    ENSURE(h.feature == EDGE);
    ENSURE_VEC(h.normal, (double)(nx / l), (double)(ny / l), (double)(nz / l), tol);
    ENSURE_VEC(h.point, -0.1875, 0, Z, 1e-6);
    rc = collide_sweep_capsule_capsule(0.5, &A, &c0, &c1, 0.5, &B, &b0, &b0, &iv);
    ENSURE(rc == 1);
    ENSURE_NEAR(iv.u0, u, 1e-12);
    ENSURE_VEC(iv.normal, (double)(nx / l), (double)(ny / l), (double)(nz / l), tol);
  }
  return 0;
}

/* Overlapping at the start near a tie (the start's closest points): the
   core (x +- 1, y -+ dl) at y = 3 dl, z = z0 = 0.4 below r = 0.5 above
   the edge a = (0, 0, 0) .. b = (2, 0, 0) of a triangle hanging below it
   (the plane y = 0), dl = 1e-10: its end c + A = (2, 2 dl, z0) is 2 dl
   beside b, its end c - A = (0, 4 dl, z0) 4 dl beside a (mirrored,
   A = (-1, -dl, 0): c + A = (0, 2 dl, z0) beside a). The core is nearest
   the triangle at its nearer end, over that vertex: u = 0, the point b
   (a), the normal (0, 2 dl, z0) / sqrt(z0^2 + 4 dl^2). The squared
   distances z0^2 + 4 dl^2 and z0^2 + 16 dl^2 are equal in doubles, and
   the tie kept c - A's pair: the point a, the normal's y 4 dl / z0, twice
   the true one. The same through a polygon (a square below the edge) and
   a box thinner than 1e-6 of the coordinates (the general path, whose
   top edge along x is a-b). */
static int test_capsule_start_near_tie(void) {
  const double dl = 1e-10, z0 = 0.4, r = 0.5;
  const collide_vec3 sq[4] = { { 0, 0, 0 }, { 0, 0, -1 }, { 2, 0, -1 }, { 2, 0, 0 } };
  collide_polygon poly;
  int m;
  ENSURE(collide_polygon_init(sq, 4, &poly) == 1);
  for (m = 0; m < 2; m++) {
    collide_vec3 A = V(m ? -1 : 1, -dl, 0), c0 = V(1, 3 * dl, z0), c1 = V(1, 3 * dl, -1);
    collide_vec3 a = V(0, 0, 0), b = V(2, 0, 0), c = V(1, 0, -1);
    collide_vec3 bc = V(1, -1.0 / 1073741824, -1), be = V(1, 1.0 / 1073741824, 1);
    long double l = sqrtl((long double)z0 * z0 + 4.0L * dl * dl);
    double ny = (double)(2 * dl / l), nz = (double)(z0 / l), px = m ? 0 : 2;
    collide_hit h;
    int k;
    for (k = 0; k < 3; k++) {
      int rc = k == 0 ? collide_sweep_capsule_triangle(r, &A, &c0, &c1, &a, &b, &c, &h)
             : k == 1 ? collide_sweep_capsule_polygon(r, &A, &c0, &c1, &poly, &h)
             : collide_sweep_capsule_aabb(r, &A, &c0, &c1, &bc, &be, &h);
      ENSURE(rc == 1);
      ENSURE(h.u == 0);
      ENSURE(h.normal.x == 0);
      ENSURE_NEAR(h.normal.y, ny, 8 * DBL_EPSILON * ny);
      ENSURE_NEAR(h.normal.z, nz, 8 * DBL_EPSILON);
      ENSURE(h.point.x == px && h.point.y == 0 && h.point.z == 0);
      ENSURE(h.feature == VERTEX);
    }
  }
  return 0;
}

/* A capsule of radius 0 is a moving segment: its end pieces against a
   triangle or a polygon are ray casts of its ends, and take the rays' rule
   (collide_raycast_triangle's and _polygon's, bit for bit). The core
   x = const, y in [1/2, 3/2] lying 1e-20 above the plane z = 0 of the
   triangle (0, 0), (4, 0), (0, 4) and moving along -x from x = 6 to 1:
   within rounding of the plane, a 2D game, where the triangle is a solid
   region of the plane; the end (x, 1/2) meets the hypotenuse x + y = 4
   first, at x = 7/2: u = 0.5, the in-plane normal (1, 1, 0) / sqrt 2. The
   sphere reading of a zero radius took the plane distance 1e-20 for a
   real one: the end never entered the zero-thickness face prism, and the
   capsule missed. A zero axis is the ray itself (the sphere query, whose
   r = 0 is the ray's call). */
static int test_capsule_zero_radius_ray(void) {
  const collide_vec3 tv[3] = { { 0, 0, 0 }, { 4, 0, 0 }, { 0, 4, 0 } };
  collide_vec3 A = V(0, 0.5, 0), c0 = V(6, 1, 1e-20), c1 = V(1, 1, 1e-20), zero = V(0, 0, 0);
  collide_vec3 p0 = V(6, 0.5, 1e-20), p1 = V(1, 0.5, 1e-20);
  collide_polygon poly;
  collide_hit h, g;
  int i;
  ENSURE(collide_polygon_init(tv, 3, &poly) == 1);
  ENSURE(collide_raycast_triangle(&p0, &p1, &tv[0], &tv[1], &tv[2], &g) == 1);
  ENSURE_HIT(g, 0.5, 3.5, 0.5, 0, sqrt(0.5), sqrt(0.5), 0, EDGE, 4 * DBL_EPSILON);
  ENSURE(collide_sweep_capsule_triangle(0, &A, &c0, &c1, &tv[0], &tv[1], &tv[2], &h) == 1);
  ENSURE_SAME(h, g);
  ENSURE(collide_raycast_polygon(&p0, &p1, &poly, &g) == 1);
  ENSURE_HIT(g, 0.5, 3.5, 0.5, 0, sqrt(0.5), sqrt(0.5), 0, EDGE, 4 * DBL_EPSILON);
  ENSURE(collide_sweep_capsule_polygon(0, &A, &c0, &c1, &poly, &h) == 1);
  ENSURE_SAME(h, g);
  /* zero axis: the ray's answer, bit for bit, for the odd sweeps and this
     in-plane one */
  for (i = 0; i <= NODD; i++) {
    collide_vec3 q0 = i < NODD ? V(odd[i][0], odd[i][1], odd[i][2]) : p0;
    collide_vec3 q1 = i < NODD ? V(odd[i][3], odd[i][4], odd[i][5]) : p1;
    int rt = collide_raycast_triangle(&q0, &q1, &tv[0], &tv[1], &tv[2], &g);
    ENSURE(collide_sweep_capsule_triangle(0, &zero, &q0, &q1, &tv[0], &tv[1], &tv[2], &h) == rt);
    ENSURE_SAME(h, g);
    rt = collide_raycast_polygon(&q0, &q1, &poly, &g);
    ENSURE(collide_sweep_capsule_polygon(0, &zero, &q0, &q1, &poly, &h) == rt);
    ENSURE_SAME(h, g);
  }
  return 0;
}

/* A capsule of radius 0 whose inside meets an edge: at distance zero the
   closest pair's difference is rounding alone, so the normal is the rule of
   collide_capsule.h's zero_normal, not that difference.

        z                  the core A = a (1, 0, -1), its centre moving
        |   +-------+      along +z from P - (0, 0, D) to P + (0, 0, D),
        |   |  box  |      P = (C - E, C, C - E) on the bottom-left edge
     ---+---o-------+--    (along y) of the box C +- E: its points are
           /^              P + s a (1, 0, -1), inside x >= C - E only for
          / |              s >= 0 and z >= C - E only for s <= 0, so it
                           touches the box first at u = 1/2, at P alone,
   the core's middle on the edge's inside. The normal is that of the plane
   spanned by y and (1, 0, -1), against the motion: (-1, 0, -1) / sqrt 2.
   The same picture for the edge as a segment, as a triangle's and a
   square's edge, and as the core of a capsule of radius 0 at rest. In the
   mixed scales (a box 1e-3 or 1e-6 across met after a motion of 1e3,
   around the origin or 1e6) the pair's difference, rounding of the
   motion's magnitude, gave (+1, 0, +1) / sqrt 2 -- along the motion, into
   the box -- or a direction of the rounding. */
static int test_capsule_zero_radius_edge(void) {
  static const double cases[][4] = {    /* E, C, a, D */
    { 1, 0, 1, 1 },
    { 1e-3, 0, 1, 1e3 },
    { 1e-6, 0, 1e-3, 1e3 },
    { 1e-6, 1e6 + 0.1, 1, 1e3 },
    { 1e-6, 0, 1e-6, 1 },
  };
  const double s = sqrt(0.5);
  int i;
  for (i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
    double E = cases[i][0], C = cases[i][1], a = cases[i][2], D = cases[i][3];
    double tol = 64 * DBL_EPSILON * (fabs(C) + D);
    collide_vec3 A = V(a, 0, -a), P = V(C - E, C, C - E), ctr = V(C, C, C), ext = V(E, E, E);
    collide_vec3 c0 = V(P.x, P.y, P.z - D), c1 = V(P.x, P.y, P.z + D);
    collide_vec3 sa = V(C - E, C - E, C - E), sb = V(C - E, C + E, C - E);
    collide_vec3 t2 = V(C + E, C, C - E), sq[4], bax = V(0, E, 0);
    collide_polygon poly;
    collide_interval iv;
    collide_hit h;
    int k;
    sq[0] = sa; sq[1] = V(C + E, C - E, C - E); sq[2] = V(C + E, C + E, C - E); sq[3] = sb;
    ENSURE(collide_polygon_init(sq, 4, &poly) == 1);
    for (k = 0; k < 4; k++) {
      int rc = k == 0 ? collide_sweep_capsule_aabb(0, &A, &c0, &c1, &ctr, &ext, &h)
             : k == 1 ? collide_sweep_capsule_segment(0, &A, &c0, &c1, &sa, &sb, &h)
             : k == 2 ? collide_sweep_capsule_triangle(0, &A, &c0, &c1, &sa, &sb, &t2, &h)
             : collide_sweep_capsule_polygon(0, &A, &c0, &c1, &poly, &h);
      ENSURE(rc == 1);
      ENSURE_NEAR(h.u, 0.5, 1e-12);
      ENSURE_VEC(h.point, P.x, P.y, P.z, tol);
      ENSURE_VEC(h.normal, -s, 0, -s, 4 * DBL_EPSILON);
      /* (the triangle's and the square's feature is left to the closest
         points of core and polygon, which read the edge or the face within
         rounding) */
      if (k < 2) ENSURE(h.feature == EDGE);
    }
    ENSURE(collide_sweep_capsule_capsule(0, &A, &c0, &c1, 0, &bax, &P, &P, &iv) == 1);
    ENSURE_NEAR(iv.u0, 0.5, 1e-12);
    ENSURE_NEAR(iv.u1, 0.5, 1e-12);
    ENSURE_VEC(iv.normal, -s, 0, -s, 4 * DBL_EPSILON);
    /* A with a zero axis is a point (no plane of two directions; the
       fuzzer found the division by its zero length): the reverse of the
       motion across B's core, (0, 0, -1); swapped, the opposite */
    {
      collide_vec3 zero = V(0, 0, 0);
      ENSURE(collide_sweep_capsule_capsule(0, &zero, &c0, &c1, 0, &bax, &P, &P, &iv) == 1);
      ENSURE_NEAR(iv.u0, 0.5, 1e-12);
      ENSURE_VEC(iv.normal, 0, 0, -1, 0);
      ENSURE(collide_sweep_capsule_capsule(0, &bax, &P, &P, 0, &zero, &c0, &c1, &iv) == 1);
      ENSURE_VEC(iv.normal, 0, 0, 1, 0);
    }
  }
  /* The core's inside at a box corner: A = a (1, -1, 1) through v = (-1,
     -1, -1) E (its points v + s a (1, -1, 1) are outside for s != 0: y <
     -E for s > 0, x < -E for s < 0), moving along +z: u = 1/2 at v. The
     faces e_i (+) S of v's edges, +-(e_i x A): x (1, -1, 1) = (0, -1, -1)
     has the box behind it on the outward side; y's, (1, 0, -1), has the
     corner (1, -1, -1) E in front on the side against the motion; z's,
     (1, 1, 0), is level with the motion. So (0, -1, -1) / sqrt 2. */
  {
    static const double sc[][3] = { { 1, 1, 2 }, { 1e-3, 1, 1e3 }, { 1e-6, 1, 1e3 },
                                    { 1e-3, 1e-3, 1e3 } };
    for (i = 0; i < 4; i++) {
      double E = sc[i][0], a = sc[i][1], D = sc[i][2];
      collide_vec3 A = V(a, -a, a), o = V(0, 0, 0), ext = V(E, E, E);
      collide_vec3 c0 = V(-E, -E, -E - D), c1 = V(-E, -E, -E + D);
      collide_hit h;
      ENSURE(collide_sweep_capsule_aabb(0, &A, &c0, &c1, &o, &ext, &h) == 1);
      ENSURE_NEAR(h.u, 0.5, 1e-12);
      ENSURE_HIT(h, 0.5, -E, -E, -E, 0, -s, -s, VERTEX, 4 * DBL_EPSILON);
    }
  }
  /* An end that touches first gives its ray's answer, whole: the core
     (E, E / 4, 0) lying level, its end c + A onto the bottom face's inside
     while its inside crosses the bottom edge x = C at the same time (the
     README's rule, for boxes as for polygons) */
  {
    double E = 1e-3, C = 0.1, D = 1e3;
    collide_vec3 ctr = V(C + E, C, C), ext = V(E, E, E), A = V(E, E / 4, 0);
    collide_vec3 c0 = V(C, C, C - E - D), c1 = V(C, C, C - E + D);
    collide_vec3 p0 = V(C + E, C + E / 4, C - E - D), p1 = V(C + E, C + E / 4, C - E + D);
    collide_hit h, g;
    ENSURE(collide_raycast_aabb(&p0, &p1, &ctr, &ext, &g) == 1);
    ENSURE(g.normal.x == 0 && g.normal.y == 0 && g.normal.z == -1 && g.feature == FACE);
    ENSURE(collide_sweep_capsule_aabb(0, &A, &c0, &c1, &ctr, &ext, &h) == 1);
    ENSURE_SAME(h, g);
  }
  return 0;
}

/* A property over many random zero-radius hits after the start, in mixed
   scales (obstacles, axes and motions from 1e-6 to 1e6 across, at the
   origin or off it): the normal is unit and faces the motion, n.d <= 0
   (to rounding). The closest pair's difference, rounding alone, faced
   along the motion in about one such hit in twenty. */
static double zr_rnd(unsigned long long *s) {
  *s ^= *s >> 12; *s ^= *s << 25; *s ^= *s >> 27;
  return (double)((*s * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static double zr_scale(unsigned long long *s) {
  static const double S[] = { 1e-6, 1e-3, 1, 1e3, 1e6 };
  return S[(int)(zr_rnd(s) * 5)];
}

static collide_vec3 zr_vec(unsigned long long *s, double m) {
  return V(m * (2 * zr_rnd(s) - 1), m * (2 * zr_rnd(s) - 1), m * (2 * zr_rnd(s) - 1));
}

static int test_capsule_zero_radius_normals(void) {
  unsigned long long seed = 0x2545f4914f6cdd1dULL;
  int i, hits = 0;
  for (i = 0; i < 15000; i++) {
    int q = i % 5, rc, k;
    double sE = zr_scale(&seed), sC = zr_scale(&seed), sA = zr_scale(&seed), sD = zr_scale(&seed);
    collide_vec3 ctr = zr_vec(&seed, sC), A = zr_vec(&seed, sA), d = zr_vec(&seed, sD), p, c0, c1;
    collide_vec3 e = V(sE * zr_rnd(&seed), sE * zr_rnd(&seed), sE * zr_rnd(&seed)), n;
    collide_vec3 a = V(ctr.x - e.x, ctr.y - e.y, ctr.z - e.z), b = V(ctr.x + e.x, ctr.y + e.y, ctr.z + e.z);
    collide_vec3 t2 = V(ctr.x - e.x, ctr.y + e.y, ctr.z + 0.3 * e.z);
    collide_hit h;
    collide_interval iv;
    double u, nd;
    /* the core through a point of a box edge (or near it), the motion
       ending just past it */
    p = V(zr_rnd(&seed) < 0.5 ? -e.x : e.x, zr_rnd(&seed) < 0.5 ? -e.y : e.y,
          zr_rnd(&seed) < 0.5 ? -e.z : e.z);
    k = (int)(zr_rnd(&seed) * 3);
    if (k == 0) p.x *= 2 * zr_rnd(&seed) - 1;
    else if (k == 1) p.y *= 2 * zr_rnd(&seed) - 1;
    else p.z *= 2 * zr_rnd(&seed) - 1;
    u = 2 * zr_rnd(&seed) - 1;
    p = V(ctr.x + p.x - u * A.x, ctr.y + p.y - u * A.y, ctr.z + p.z - u * A.z);
    c0 = V(p.x - d.x, p.y - d.y, p.z - d.z);
    u = 1e-3 * zr_rnd(&seed);
    c1 = V(p.x + u * d.x, p.y + u * d.y, p.z + u * d.z);
    d = V(c1.x - c0.x, c1.y - c0.y, c1.z - c0.z);
    if (q == 0) {
      rc = collide_sweep_capsule_aabb(0, &A, &c0, &c1, &ctr, &e, &h);
    } else if (q == 1) {
      rc = collide_sweep_capsule_segment(0, &A, &c0, &c1, &a, &b, &h);
    } else if (q == 2) {
      rc = collide_sweep_capsule_triangle(0, &A, &c0, &c1, &a, &b, &t2, &h);
    } else if (q == 3) {
      collide_vec3 sq[4];
      collide_polygon poly;
      sq[0] = a; sq[1] = V(b.x, a.y, a.z); sq[2] = V(b.x, b.y, a.z); sq[3] = V(a.x, b.y, a.z);
      if (collide_polygon_init(sq, 4, &poly) != 1) continue;
      rc = collide_sweep_capsule_polygon(0, &A, &c0, &c1, &poly, &h);
    } else {
      collide_vec3 bax = V(e.x, e.y, -e.z);
      rc = collide_sweep_capsule_capsule(0, &A, &c0, &c1, 0, &bax, &ctr, &ctr, &iv);
      h.u = iv.u0;
      h.normal = iv.normal;
    }
    if (rc != 1 || h.u == 0) continue;
    hits++;
    n = h.normal;
    ENSURE_NEAR(sqrt(n.x * n.x + n.y * n.y + n.z * n.z), 1, 1e-12);
    nd = (n.x * d.x + n.y * d.y + n.z * d.z) / sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    ENSURE(nd <= 1e-9);
  }
  ENSURE(hits > 5000);
  return 0;
}

/* Zero-radius contacts with a point, or with the motion nearly along the
   line met: the degenerate cases a fuzzing probe of n.d <= 0 found. The
   normal faces against the motion (the contract), and is the rule's:
   at a point met by the core's inside the reverse of the motion across
   the core's line (zero_normal, collide__away_across), else -d. */
static double zr_dot(collide_vec3 a, collide_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static int test_capsule_zero_radius_degenerate(void) {
  collide_hit h;
  collide_vec3 z0 = V(0, 0, 0);
  {
    /* a box of zero extents (a point) met by the core's inside, in 2D:
       the normal was (-0.79, -0.61, 0), 0.99 along the motion */
    collide_vec3 A = V(11.625, -15.125, 0), c0 = V(11.625, 11.625, 0);
    collide_vec3 c1 = V(-0.125, -0.125, 0), ctr = V(0, -0.125, 0), d;
    collide_vec3 An;
    double la = sqrt(zr_dot(A, A));
    d = V(c1.x - c0.x, c1.y - c0.y, 0);
    ENSURE(collide_sweep_capsule_aabb(0, &A, &c0, &c1, &ctr, &z0, &h) == 1);
    ENSURE(h.u > 0.99 && h.u < 1);
    ENSURE(h.point.x == 0 && h.point.y == -0.125 && h.point.z == 0);
    ENSURE(h.feature == COLLIDE_FEATURE_VERTEX);
    An = V(A.x / la, A.y / la, 0);
    ENSURE(zr_dot(h.normal, d) < -0.9 * sqrt(zr_dot(d, d)));
    ENSURE_SMALL(zr_dot(h.normal, An), 1e-15);    /* across the core's line */
    ENSURE(h.normal.z == 0 && !signbit(h.normal.z));
    /* the same point as a segment of zero length: the same rule */
    {
      collide_hit g;
      ENSURE(collide_sweep_capsule_segment(0, &A, &c0, &c1, &ctr, &ctr, &g) == 1);
      ENSURE_NEAR(g.u, h.u, 1e-12);
      ENSURE_SMALL(g.normal.x - h.normal.x, 1e-12);
      ENSURE_SMALL(g.normal.y - h.normal.y, 1e-12);
    }
  }
  {
    /* a point segment met after a motion 1e-8 off the core's own axis:
       the perpendicular's cancellation gave n.d = +3.6e-6 */
    collide_vec3 A = V(-13.625, 14.625, 0), c0 = V(1e-8, 0, 0), c1 = V(-13.625, 14.625, 0);
    collide_vec3 d = V(c1.x - c0.x, c1.y - c0.y, 0);
    ENSURE(collide_sweep_capsule_segment(0, &A, &c0, &c1, &c1, &c1, &h) == 1);
    ENSURE(h.u > 0);
    ENSURE(zr_dot(h.normal, d) < 0);
    ENSURE_SMALL(zr_dot(h.normal, A) / sqrt(zr_dot(A, A)), 1e-15);
  }
  {
    /* a triangle's vertex met by the core moving nearly along its axis
       (2D): the normal was (1, 0, 0), 1e-8 along the motion */
    collide_vec3 A = V(1e-8, -4.25, 0), c0 = V(1e-16, 0.125, 0), c1 = V(1e-8, -4.25, 0);
    collide_vec3 ta = V(-0.125, -0.125, 0), tb = V(0, -5.0590734100172125e-05, 0);
    collide_vec3 d = V(c1.x - c0.x, c1.y - c0.y, 0);
    ENSURE(collide_sweep_capsule_triangle(0, &A, &c0, &c1, &ta, &tb, &c1, &h) == 1);
    ENSURE(h.u > 0);
    ENSURE(zr_dot(h.normal, d) < 0);
    ENSURE(h.normal.z == 0);
    ENSURE_SMALL(zr_dot(h.normal, A) / sqrt(zr_dot(A, A)), 1e-15);
  }
  {
    /* the core's inside meeting a point box while moving (nearly) along
       its axis, in 3D (a fuzz finding): the normal was the reverse of
       the rule's, n.d = +4.5e-4 */
    collide_vec3 A = V(0x1.000603060d96p-927, 0x1.030ffffd49f26p+17, -4.875);
    collide_vec3 c0 = V(0, -12.125, 0), ctr = V(0, -0.125, 0);
    collide_vec3 c1 = V(0x0.00000000007e8p-1022, 0x0.00000000007e8p-1022, 0x1p-1022);
    collide_vec3 d = V(c1.x - c0.x, c1.y - c0.y, c1.z - c0.z);
    ENSURE(collide_sweep_capsule_aabb(0, &A, &c0, &c1, &ctr, &z0, &h) == 1);
    ENSURE(h.u > 0.98 && h.u < 1);
    ENSURE(zr_dot(h.normal, d) < 0);
    ENSURE_SMALL(zr_dot(h.normal, A) / sqrt(zr_dot(A, A)), 1e-15);
  }
  {
    /* two points (zero axis, both radii 0), the mover from 3120 away
       arriving at one near 1e-19: c - center was c0's rounding, faced
       along the motion; a point met gives -d */
    collide_vec3 c0 = V(2.25, 3120, 2.5), c1 = V(0, 0, 0);
    collide_vec3 ctr = V(0x1.e68a0d349be9p-62, 0, -0x1.f237594c664eep-72);
    ENSURE(collide_sweep_capsule_sphere(0, &z0, &c0, &c1, &ctr, 0, &h) == 1);
    ENSURE(h.u > 0);
    ENSURE(zr_dot(h.normal, c0) > 0.999999 * sqrt(zr_dot(c0, c0)));   /* -d, d = -c0 */
  }
  {
    /* two points (both axes zero, both radii 0), B passing through A at
       the origin from 7e-18 away (a fuzz finding): the normal was
       (0, 0, -1), from p's rounding, along A's motion relative to B */
    collide_vec3 b0 = V(0x1.12e0be826d695p-57, 0, -0x1.19799812dea11p-67);
    collide_vec3 b1 = V(-0x1.12e0be826d695p-62, 0, 0x1.19799812dea11p-72);
    collide_vec3 v = V(b0.x - b1.x, 0, b0.z - b1.z);   /* A's relative motion */
    collide_interval iv;
    ENSURE(collide_sweep_capsule_capsule(0, &z0, &z0, &z0, 0, &z0, &b0, &b1, &iv) == 1);
    ENSURE(iv.u0 > 0);
    ENSURE(zr_dot(iv.normal, v) < -0.999999 * sqrt(zr_dot(v, v)));
  }
  return 0;
}

/* Roots made of rounding (fuzz/known, fixed). capsule_sphere-false-contact:
   a core of radius 0 whose axis A points at a point (radius 0, and
   1e-300) at A, its centre starting at 5 A (to rounding: the centre's
   offset s = -4 A, M = A x s = 2^-111 (0, 1, 0), rounding alone) and
   moving to (0, 12, 0); it never comes nearer than 3 |A|, but the
   kernel's root C / q was 1, with the normal along the motion.
   capsule_capsule-late-exit: B's face plane grazed from the start
   (distance ra + rb exactly, moving along the plane), the cores apart
   right after; the exit was u1 = 1 (C / q of two noises), not ~1e-8. */
static int test_capsule_rounding_roots(void) {
  {
    collide_vec3 A = V(0x1.ad7f29abcaf49p-26, 0, -0x1.b7cdfd9d7bdbbp-36);
    collide_vec3 c0 = V(0x1.0c6f7a0b5ed8ep-23, 0, -0x1.12e0be826d695p-33);
    collide_vec3 c1 = V(0, 12, 0);
    collide_hit h;
    ENSURE_MISS(collide_sweep_capsule_sphere(0, &A, &c0, &c1, &A, 0, &h), h);
    ENSURE_MISS(collide_sweep_capsule_sphere(1e-300, &A, &c0, &c1, &A, 0, &h), h);
    ENSURE_MISS(collide_sweep_capsule_sphere(0, &A, &c0, &c1, &A, 1e-300, &h), h);
    /* (the same point as a segment of zero length) */
    ENSURE_MISS(collide_sweep_capsule_segment(0, &A, &c0, &c1, &A, &A, &h), h);
  }
  {
    double X = 0x1.8c00000000003p+4;   /* 24.75 + 3 ulps */
    collide_vec3 Aa = V(12.375, 0, 0), a0 = V(X, X, X), a1 = V(-6, 12.375, X);
    collide_vec3 Ab = V(X, 24.75, 0), b0 = V(12.375, 0, 0);
    collide_interval iv;
    ENSURE(collide_sweep_capsule_capsule(0, &Aa, &a0, &a1, X, &Ab, &b0, &b0, &iv) == 1);
    ENSURE(iv.u0 == 0);
    ENSURE(iv.u1 >= 0 && iv.u1 < 1e-6);
    ENSURE(collide_sweep_capsule_capsule(X, &Ab, &b0, &b0, 0, &Aa, &a0, &a1, &iv) == 1);
    ENSURE(iv.u0 == 0);
    ENSURE(iv.u1 >= 0 && iv.u1 < 1e-6);
  }
  return 0;
}

static double mag(collide_vec3 v) { return fabs(v.x) + fabs(v.y) + fabs(v.z); }

/* The sphere's centre against the capsule's core at time u, in long
   double (64 bits, and an exponent range in which no square here leaves
   the normal range): the distance, and the unit offset from the core's
   nearest point toward the centre. */
static long double core_offset_at(collide_vec3 A, collide_vec3 c0,
                                  collide_vec3 c1, collide_vec3 p, double u,
                                  long double dir[3]) {
  long double a[3], q[3], aa = 0, y = 0, l, d2 = 0, d;
  const double *pa = &A.x, *p0 = &c0.x, *p1 = &c1.x, *pp = &p.x;
  int i;
  for (i = 0; i < 3; i++) {
    long double b0 = p0[i], b1 = p1[i];
    a[i] = pa[i];
    q[i] = pp[i] - (b0 + (b1 - b0) * (long double)u);
    aa += a[i] * a[i];
    y += q[i] * a[i];
  }
  l = y / aa;
  l = l < -1 ? -1 : (l > 1 ? 1 : l);
  for (i = 0; i < 3; i++) {
    q[i] -= l * a[i];
    d2 += q[i] * q[i];
  }
  d = sqrtl(d2);
  for (i = 0; i < 3; i++) dir[i] = d > 0 ? q[i] / d : 0;
  return d;
}

/* A start on the capsule's surface to rounding, moving along it
   (collide_capsule.c, capsule_sphere_kernel; found by an exact oracle,
   quad precision, on this branch). The kernel's C (the start's squared
   distance to the axis less R^2, times |A|^2), its rate of approach B
   and its discriminant were all rounding, and the root C / q a quotient
   of noises: contact reported where the shapes were clearly apart.
   1. A cylinder of radius 1.7: C = 1.5 2^-52, B = -1.27 2^-51 and disc
      exactly 0 gave u = 0.59, where the centre is 1e-3 outside.
   2. An end's ball, the same way: u = 1, the centre 1.3e-2 outside.
   3. Mixed scales (the magnitudes summing to 0.28, a core 2.4e-15
      long, R = 1.4e-15, the motion 0.2): u = 2.5e-14, the centre 6.5e-15
      from the core, 77 ulps of the scene outside.
   The general path (capsule_sphere_general, through ray_capsule and
   ball_first) did the same with the same cases: a fuzz finding of this
   branch, case 2 with rb = -0 (u = 1).
   Each starts touching to rounding (within 16 ulps of the scene's
   magnitude): a contact, if any, is at a time when the centre is within
   rounding of R from the core, and the normal points from the centre
   toward the core.
   4. A mixed-scale scene whose products leave the normal range in the
      fast path, which does not scale (S = 3.9, from the motion; a core
      6.7e-14 long at the origin, R = 5.2e-149, the centre 5.0e-149
      from the axis): |A x s|^2 = 1.15e-323 and R^2 |A|^2 = 1.22e-323
      are 3 and 2 units of the least subnormal, so C reads +4.9e-324
      where it is -7e-325, and B > 0 makes it a miss. The overlap,
      1.5e-150, is 1e-135 of the rounding of the scene (8.6e-16): a miss
      and a touch at the start are both its answers to rounding, and no
      other answer is. */
static int test_capsule_tangent_start(void) {
  static const struct {
    double r, rb;
    collide_vec3 A, c0, c1, p;
  } cs[] = {
    { 0x1.b47b14b1d1d1p+0, 0,
      { -0x1.3e539cd6ca05ep-2, -0x1.e3ea6c727bf01p-4, 0x1.9002753ed189fp-2 },
      { -0x1.348e443c57001p-7, 0x1.de9c1928e7da3p-5, -0x1.4daca27298b28p-5 },
      { -0x1.a3d3ef1701dbep-2, 0x1.5ffe83b5861dp-8, 0x1.e4ca4a60478a1p-2 },
      { 0x1.5ec2099d90e9bp+0, -0x1.5c55c2f0fd421p-5, 0x1.ea3a28cf68808p-1 } },
    { 0x1.282100b9cb4e6p-3, 0,
      { 0x1.2eac47c42b843p-4, 0x1.8521be1b020f2p-5, -0x1.0ed2877e719a1p-3 },
      { -0x1.78958aa8bdf1ap-4, -0x1.4df21653cb068p-4, -0x1.1e243f2fc2541p-7 },
      { 0x1.3222ad103d3a1p-3, -0x1.85d5de5c2a387p-2, -0x1.514f85c11dfc2p-2 },
      { -0x1.80363000546fap-3, -0x1.ee4e16a0582ap-3, 0x1.b1ff20cd7474ep-3 } },
    { 0x1.95b454be182e9p-50, 0,
      { -0x1.2b7c0855be9f1p-51, -0x1.d8070ccbb3d6dp-56, -0x1.5651cf7cb9919p-49 },
      { -0x1.40d39c88ca407p-354, 0x1.198ba2316204ep-349, 0x1.1338e70554d7dp-350 },
      { 0x1.12b0b3454f854p-4, 0x1.91614969b74d8p-3, -0x1.12e8ceca0fa7cp-6 },
      { 0x1.790525946b29p-50, -0x1.0d7c52644a04p-51, -0x1.0bdd60dc1b955p-52 } },
    { 0x1.1930308c6bf52p-493, 0x1.da3585e9b999cp-496,
      { -0x1.f7854f898ecb1p-45, -0x1.0a234ad59958ep-45, 0x1.9e9002160be5dp-46 },
      { 0, 0, 0 },
      { 0x1.ba4ba73563d5dp+0, -0x1.77085da9ad863p-1, -0x1.6d08ddb16737ep+0 },
      { -0x1.879918282ccd3p-497, 0x1.cc46220669d63p-494, 0x1.d80f4179bbb82p-494 } }
  };
  int i, swap;
  for (i = 0; i < (int)(sizeof cs / sizeof cs[0]); i++) {
    for (swap = 0; swap < 3; swap++) {
      /* (r and rb trade places: the sweep sees their sum; rb = -0, a
         radius with its sign bit set, takes the general path, whose
         ray_capsule and ball_first had the same quotient of noises) */
      double r = swap == 1 ? cs[i].rb : (swap == 2 ? cs[i].r + cs[i].rb : cs[i].r);
      double rb = swap == 1 ? cs[i].r : (swap == 2 ? -0.0 : cs[i].rb);
      double S = fabs(r) + fabs(rb) + mag(cs[i].A) + mag(cs[i].c0) +
                 mag(cs[i].c1) + mag(cs[i].p);
      long double dir[3], d0, d;
      collide_hit h = scratch();
      int k = collide_sweep_capsule_sphere(r, &cs[i].A, &cs[i].c0, &cs[i].c1,
                                           &cs[i].p, rb, &h);
      d0 = core_offset_at(cs[i].A, cs[i].c0, cs[i].c1, cs[i].p, 0, dir);
      /* the premise: touching at the start to rounding */
      ENSURE(fabsl(d0 - ((long double)r + rb)) <= 16 * DBL_EPSILON * S);
      if (k == 0) {
        ENSURE_MISS(k, h);
        continue;
      }
      ENSURE(k == 1 && h.u >= 0 && h.u <= 1);
      d = core_offset_at(cs[i].A, cs[i].c0, cs[i].c1, cs[i].p, h.u, dir);
      ENSURE(fabsl(d - ((long double)r + rb)) <= 16 * DBL_EPSILON * S);
      if (d > 64 * DBL_EPSILON * S)     /* a direction of its own */
        ENSURE(fabsl(h.normal.x + dir[0]) + fabsl(h.normal.y + dir[1]) +
               fabsl(h.normal.z + dir[2]) <= 1e-9);
    }
  }
  return 0;
}

/* A scene scaled by 2^j: every length of a capsule-sphere sweep. */
/* v 2^j */
static collide_vec3 scaled(collide_vec3 v, int j) {
  return V(ldexp(v.x, j), ldexp(v.y, j), ldexp(v.z, j));
}

static int tiny_query(int j, double r, collide_vec3 A, collide_vec3 c0,
                      collide_vec3 c1, collide_vec3 p, double rb,
                      collide_hit *h) {
  collide_vec3 As = scaled(A, j), c0s = scaled(c0, j), c1s = scaled(c1, j),
               ps = scaled(p, j);
  *h = scratch();
  return collide_sweep_capsule_sphere(ldexp(r, j), &As, &c0s, &c1s, &ps,
                                      ldexp(rb, j), h);
}

/* A tiny scene (fuzz/known's capsule_sphere-tiny-normal, fixed): a core of
   radius 0, its inputs' magnitudes summing to 2e-16 and its coordinates
   near 1e-149, crossing a point of radius 0. The squares of the products
   the kernel forms (of 1e-16 and 1e-149, 1e-330) underflowed: the end
   ball's discriminant read 0, a contact at u = 0.23 with the normal
   (0, -1, 0), along the motion. The lines of the core and of the point's
   relative path are 6.7e-314 apart (in exact rationals): a miss. A scene
   below 2^-4 is computed as the same scene in the unit that brings its
   magnitude into [2^60, 2^61) (collide_capsule.c, scene_exponent):
   scaled by any 2^j that keeps it below 2^-4, the answer is the same to
   the bit (the point scaled back), and here it is also that of the scene
   at an ordinary size, times 2^53 (S = 1.8, not scaled). A clear contact
   (radii 1, coordinates near 5) scaled down to subnormal coordinates
   likewise. And a scene of ordinary size, 8.25, with a core 2e-16 long
   and a point of radius 0 1.8e-139 beside its middle (a fuzz finding of
   this fix's own run, on main too: capsule_sphere-short-core): the
   core moves away along x, so it never comes nearer than 1.8e-139, a
   miss; the offset's square, 1.3e-309, and |W x Z|^2, 3.5e-339, left the
   normal range in the general path, which then found t = C / -B = 1,
   the normal (1, 0, 0) along the motion. */
static int test_capsule_tiny_scene(void) {
  static const int js[] = { 0, -1, -100, -400 };
  collide_hit h, h0;
  int i, k;
  {
    collide_vec3 A = V(0, 0x1.cd2b297d889bcp-54, 0x1.12121212121p-493);
    collide_vec3 c0 = V(0, 0x1.cd2b297d889bcp-54, 0x1.1212121212121p-493);
    collide_vec3 c1 = V(0x1.1652020212121p-493, 0x1.5202121212121p-489, 0);
    collide_vec3 p = V(0x1.0440000806f2p-495, 0, 0);
    for (i = 0; i < 4; i++) {
      k = tiny_query(js[i], 0, A, c0, c1, p, 0, &h);
      ENSURE_MISS(k, h);
    }
    ENSURE_MISS(tiny_query(53, 0, A, c0, c1, p, 0, &h), h);
  }
  {
    collide_vec3 A = V(0, 1, 0), c0 = V(-5, 0, 0.25), c1 = V(5, 0.5, 0);
    collide_vec3 p = V(0.5, 2.5, 1.5);
    static const int down[] = { -8, -100, -1000, -1060 };
    k = tiny_query(0, 1, A, c0, c1, p, 1, &h0);
    ENSURE(k == 1 && h0.u > 0.3 && h0.u < 0.5);
    for (i = 0; i < 4; i++) {
      ENSURE(tiny_query(down[i], 1, A, c0, c1, p, 1, &h) == 1);
      ENSURE(memcmp(&h.u, &h0.u, sizeof h.u) == 0);
      ENSURE(memcmp(&h.normal, &h0.normal, sizeof h.normal) == 0);
      ENSURE(h.feature == h0.feature);
      ENSURE(h.point.x == ldexp(h0.point.x, down[i]) &&
             h.point.y == ldexp(h0.point.y, down[i]) &&
             h.point.z == ldexp(h0.point.z, down[i]));
    }
  }
  {
    collide_vec3 A = V(0, 0x1.cd2b297d889bcp-54, 0), p = A;
    collide_vec3 c0 = V(0, 0x1.cd2b297d889bcp-54, 0x1.121212121000bp-461);
    collide_vec3 c1 = V(0x1.0800000000001p+3, 0x1.1000bp-493, 0);
    for (i = 0; i < 4; i++) {
      k = tiny_query(js[i], 0, A, c0, c1, p, 0, &h);
      ENSURE_MISS(k, h);
    }
  }
  return 0;
}

/* Scenes of extreme size in sweep_capsule_segment and
   sweep_capsule_capsule. Their kernels' terms of degree eight left the
   normal range for scenes of magnitude S (the inputs' magnitudes summed)
   between about 1e-30 and 1e-40, and above 1e31. Checked against a
   quad-precision oracle of the contact times: the segment scene below,
   S = 9.5, first touches at u = 0.28509891382322444, which the core
   gives to the bit; scaled by 2^-134 it gave u = 0.28386, a contact 1.3e-3
   of the scene from touching. Capsule pair A (S = 0.062) overlaps at the
   start until u1 = 6.5e-4 (by 9e11 eps S at its deepest): a miss at
   2^-127. Pair B (S = 0.92) stays 3e11 eps S apart: a hit at u0 = 0.046
   at 2^-131. A scene outside [2^-4, 2^64] is now computed in the unit
   that brings S into [2^60, 2^61) (collide_capsule.c, HUGE_SCENE): each
   scene, scaled by 2^k for every k from -300 to 150, gives the bits of
   the scene itself, the point scaled with it. */
static int test_capsule_extreme_scale(void) {
  int k;
  {
    collide_vec3 A = V(0.25, -0.125, 0), c0 = V(0.375, 0.875, 0.375);
    collide_vec3 c1 = V(0.5, -1.375, -1.625), a = V(-0.5, 1, 1), b = V(0.25, -0.25, -0.75);
    collide_hit h0 = scratch(), h;
    ENSURE(collide_sweep_capsule_segment(0.25, &A, &c0, &c1, &a, &b, &h0) == 1);
    ENSURE(h0.u == 0.28509891382322444);
    for (k = -300; k <= 150; k++) {
      collide_vec3 As = scaled(A, k), c0s = scaled(c0, k), c1s = scaled(c1, k);
      collide_vec3 as = scaled(a, k), bs = scaled(b, k);
      h = scratch();
      ENSURE(collide_sweep_capsule_segment(ldexp(0.25, k), &As, &c0s, &c1s, &as, &bs, &h) == 1);
      ENSURE(memcmp(&h.u, &h0.u, sizeof h.u) == 0);
      ENSURE(memcmp(&h.normal, &h0.normal, sizeof h.normal) == 0);
      ENSURE(h.feature == h0.feature);
      ENSURE(h.point.x == ldexp(h0.point.x, k) && h.point.y == ldexp(h0.point.y, k) &&
             h.point.z == ldexp(h0.point.z, k));
    }
  }
  {
    /* A: ra, axisa, a0, a1, rb, axisb, b0 = b1 */
    const double ra = 0x1.fa55aa66e4288p-18, rb = 0x1.7d4a38027a0d2p-16;
    collide_vec3 Aa = V(-0x1.1ec2b0757afbp-6, 0x1.956a3eac64b0cp-12, -0x1.3a00817bfdec6p-15);
    collide_vec3 a0 = V(0x1.c27827aee4347p-8, 0x1.a91655f0e7c62p-18, 0x1.5a4d18a883891p-16);
    collide_vec3 a1 = V(-0x1.fb8a1c08148fcp-10, 0x1.2f327c1ccff5bp-6, -0x1.52dc3975ccd97p-7);
    collide_vec3 Ab = V(0x1.b422b3da7972ap-8, -0x1.a91652528f647p-18, 0x1.5aca3f601aef3p-16);
    collide_vec3 b0 = V(0x1.0ea724277d66ep-53, -0x1.78e6d5496daaep-49, -0x1.f43805aba415ep-26);
    collide_interval iv0, iv;
    ENSURE(collide_sweep_capsule_capsule(ra, &Aa, &a0, &a1, rb, &Ab, &b0, &b0, &iv0) == 1);
    ENSURE(iv0.u0 == 0);
    ENSURE_NEAR(iv0.u1, 0.00065069724958082768, 1e-17);
    for (k = -300; k <= 150; k++) {
      collide_vec3 Aas = scaled(Aa, k), a0s = scaled(a0, k), a1s = scaled(a1, k);
      collide_vec3 Abs = scaled(Ab, k), b0s = scaled(b0, k);
      ENSURE(collide_sweep_capsule_capsule(ldexp(ra, k), &Aas, &a0s, &a1s, ldexp(rb, k),
                                           &Abs, &b0s, &b0s, &iv) == 1);
      ENSURE(memcmp(&iv, &iv0, sizeof iv) == 0);
    }
  }
  {
    /* B */
    const double ra = 0x1.7ee20912d479p-13, rb = 0x1.ddea13ca2ad8cp-12;
    collide_vec3 Aa = V(0x1.b3eff7fdb1a88p-45, -0x1.ee57e853ba63p-52, 0x1.11973c97d929ep-27);
    collide_vec3 a0 = V(0x1.161cdf4518499p-6, -0x1.ed8b9fe66c45dp-32, -0x1.e5a0dec465b3ep-3);
    collide_vec3 a1 = V(-0x1.404086c118363p-7, -0x1.cca01ce607c0dp-7, 0x1.5329a0dd3073bp-2);
    collide_vec3 Ab = V(-0x1.317a19be30eb7p-6, 0x1.ed8ba892a19a4p-32, 0x1.70a76da4d7198p-3);
    collide_vec3 b0 = V(-0x1.b9d4a42faf1acp-47, -0x1.99407adbd6234p-53, -0x1.cd50148606f4ep-5);
    collide_vec3 b1 = V(-0x1.b7dee8cebe6e8p-47, -0x1.1fa11f1cd9321p-43, -0x1.cd50148606f4ep-5);
    collide_interval iv;
    for (k = -300; k <= 150; k++) {
      collide_vec3 Aas = scaled(Aa, k), a0s = scaled(a0, k), a1s = scaled(a1, k);
      collide_vec3 Abs = scaled(Ab, k), b0s = scaled(b0, k), b1s = scaled(b1, k);
      ENSURE(collide_sweep_capsule_capsule(ldexp(ra, k), &Aas, &a0s, &a1s, ldexp(rb, k),
                                           &Abs, &b0s, &b1s, &iv) == 0);
    }
  }
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_capsule_sphere);
  RUN_TEST(test_capsule_plane);
  RUN_TEST(test_capsule_triangle);
  RUN_TEST(test_capsule_region_gap);
  RUN_TEST(test_capsule_polygon);
  RUN_TEST(test_capsule_segment);
  RUN_TEST(test_capsule_aabb);
  RUN_TEST(test_capsule_capsule);
  RUN_TEST(test_capsule_near_parallel);
  RUN_TEST(test_capsule_thin_normal);
  RUN_TEST(test_capsule_start_near_tie);
  RUN_TEST(test_capsule_zero_radius_ray);
  RUN_TEST(test_capsule_zero_radius_edge);
  RUN_TEST(test_capsule_zero_radius_normals);
  RUN_TEST(test_capsule_zero_radius_degenerate);
  RUN_TEST(test_capsule_rounding_roots);
  RUN_TEST(test_capsule_tiny_scene);
  RUN_TEST(test_capsule_extreme_scale);
  RUN_TEST(test_capsule_tangent_start);
TEST_MAIN_END
