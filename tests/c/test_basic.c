/* C tests of collide_prims.c and collide_sphere.c: argument checks, planes, sphere sweeps. */
#include "collide.h"
#include "test_hit.h"

static int test_error_codes(void) {
  collide_vec3 p = V(0, 0, 0), nan3 = V(0, NAN, 0);
  collide_interval iv;
  int code = collide_sweep_sphere_sphere(1, &p, &nan3, 1, &p, &p, &iv);
  ENSURE(code < 0);
  ENSURE(collide_error_arg(code) == 3);
  ENSURE(collide_error_reason(code) == COLLIDE_E_VEC_NAN);
  code = collide_sweep_sphere_sphere(1, &p, &p, -2, &p, &p, &iv);
  ENSURE(collide_error_arg(code) == 4);
  ENSURE(collide_error_reason(code) == COLLIDE_E_NEG_RADIUS);
  code = collide_sweep_sphere_sphere(1e51, &p, &p, 1, &p, &p, &iv);
  ENSURE(collide_error_reason(code) == COLLIDE_E_RANGE);
  ENSURE(collide_error_arg(0) == 0 && collide_error_arg(1) == 0);
  /* every reason has a message */
  for (code = 1; code < COLLIDE_E_LAST; code++)
    ENSURE(collide_error_message(-(256 + code))[0] != '\0');
  return 0;
}

static int test_sphere_sphere(void) {
  collide_vec3 a0 = V(0, 0, 0), a1 = V(10, 0, 0), b = V(5, 0, 0);
  collide_interval iv;
  ENSURE(collide_sweep_sphere_sphere(1, &a0, &a1, 1, &b, &b, &iv) == 1);
  ENSURE_NEAR(iv.u0, 0.3, 1e-15);
  ENSURE_NEAR(iv.u1, 0.7, 1e-15);
  /* zero relative velocity, apart: no division by zero, no contact */
  ENSURE(collide_sweep_sphere_sphere(1, &a0, &a0, 1, &b, &b, &iv) == 0);
  ENSURE(iv.u0 == 0 && iv.u1 == 0);
  ENSURE(collide_test_sphere_sphere(1, &a0, &a0, 1, &b, &b) == 0);
  ENSURE(collide_test_sphere_sphere(1, &a0, &a1, 1, &b, &b) == 1);
  return 0;
}

/* Touching at the start to rounding (|b0 - a0| = ra + 5e-17) and moving
   along the sphere: c, b and the discriminant were all rounding, and the
   root c / q a quotient of noises, u0 = 1, where the centres are 1.28
   apart, twice ra (found by an exact oracle on branch capfast, the same
   defect as capsule_sphere_kernel's). A contact, if any, is at a time
   when they touch to rounding; the test decides as the sweep. */
static int test_sphere_sphere_tangent_start(void) {
  double ra = 0x1.4ap-1;
  collide_vec3 a = V(0, 0, 0);
  collide_vec3 b0 = V(-0x1.410c068295c5cp-2, 0x1.c0256e543e479p-2, -0x1.6ae57bad13595p-2);
  collide_vec3 b1 = V(0x1.06280798fd154p-4, -0x1.584799f6990f8p-5, -0x1.47ddf59d4284bp+0);
  collide_interval iv;
  int k = collide_sweep_sphere_sphere(ra, &a, &a, 0, &b0, &b1, &iv);
  ENSURE(k == collide_test_sphere_sphere(ra, &a, &a, 0, &b0, &b1));
  if (k == 1) {
    long double x = b0.x + ((long double)b1.x - b0.x) * iv.u0;
    long double y = b0.y + ((long double)b1.y - b0.y) * iv.u0;
    long double z = b0.z + ((long double)b1.z - b0.z) * iv.u0;
    ENSURE(fabsl(sqrtl(x * x + y * y + z * z) - ra) <= 1e-15L);
    ENSURE(iv.u0 <= iv.u1 && iv.u1 <= 1e-9);
  }
  return 0;
}

/* A scene and the same scene in another unit 2^k (exact: a power of two)
   must get the same answer. Below a scene size of about 1e-77 the
   discriminant's terms of degree four (a R^2, |s x v|^2) underflowed to
   0, so spheres five radii apart, crossing each other's path, read as
   touching at u0 = 0.605 (2^-280). Each scene here, with every k from
   -300 to 160, against its bits at k = 0: the sweep's interval and the
   test's answer. */
static int test_sphere_sphere_any_unit(void) {
  static const double sc[][14] = {
    /* ra, a0, a1, rb, b0, b1 */
    { 1, -10, 5, 0, 10, 5, 0, 1, 0, 0, 0, 0, 0, 0 },          /* a miss, 5 apart */
    { 1, -10, 1.5, 0, 10, 1.5, 0, 1, 0, 0, 0, 0, 0, 0 },      /* a hit */
    { 0.5, -3, 1, 0.25, 3, 1, 0.25, 1, 0.5, 0, 0, -0.5, 0, 0 },     /* both moving */
    { 0.75, 0, 0, 0, 4, 0.125, 0, 0.25, 1, 0, 0, 1, 0, 0 },   /* starts inside */
    { 1, -10, 2, 0, 10, 2, 0, 1, 0, 0, 0, 0, 0, 0 },          /* a graze */
    { 0.5, 2, -3, 1, -2, 3, -1, 0, 0, 0, 0, 0.5, 0.5, 0.5 },   /* a point b */
    { 0.375, 2, -3, 1, -2, 3, -1, 0, 0, 0, 0, 0.5, 0.5, 0.5 }, /* its miss */
  };
  size_t i;
  int k;
  for (i = 0; i < sizeof sc / sizeof sc[0]; i++) {
    const double *s = sc[i];
    collide_vec3 a0 = V(s[1], s[2], s[3]), a1 = V(s[4], s[5], s[6]);
    collide_vec3 b0 = V(s[8], s[9], s[10]), b1 = V(s[11], s[12], s[13]);
    collide_interval iv0, iv;
    int hit0 = collide_sweep_sphere_sphere(s[0], &a0, &a1, s[7], &b0, &b1, &iv0);
    ENSURE(hit0 == (i != 0 && i != 6));
    ENSURE(collide_test_sphere_sphere(s[0], &a0, &a1, s[7], &b0, &b1) == hit0);
    for (k = -300; k <= 160; k++) {
      collide_vec3 A0 = V(ldexp(s[1], k), ldexp(s[2], k), ldexp(s[3], k));
      collide_vec3 A1 = V(ldexp(s[4], k), ldexp(s[5], k), ldexp(s[6], k));
      collide_vec3 B0 = V(ldexp(s[8], k), ldexp(s[9], k), ldexp(s[10], k));
      collide_vec3 B1 = V(ldexp(s[11], k), ldexp(s[12], k), ldexp(s[13], k));
      double ra = ldexp(s[0], k), rb = ldexp(s[7], k);
      int hit = collide_sweep_sphere_sphere(ra, &A0, &A1, rb, &B0, &B1, &iv);
      ENSURE(hit == hit0);
      ENSURE(iv.u0 == iv0.u0 && iv.u1 == iv0.u1);
      ENSURE(collide_test_sphere_sphere(ra, &A0, &A1, rb, &B0, &B1) == hit0);
    }
  }
  return 0;
}

static int test_planes(void) {
  collide_plane pl;
  collide_vec3 n = V(0, 0, 0), p = V(1, 2, 3), a = V(0, 0, 0), b = V(1, 1, 1);
  double d;
  int code = collide_plane_make(&n, 1, &pl);
  ENSURE(collide_error_arg(code) == 1);
  ENSURE(collide_error_reason(code) == COLLIDE_E_ZERO_NORMAL);
  n = V(0, 0, 4);
  ENSURE(collide_plane_make(&n, 8, &pl) == 1);
  ENSURE(pl.normal.z == 1 && pl.d == 2);
  ENSURE(collide_plane_distance(&pl, &p, &d) == 1 && d == 5);
  code = collide_plane_from_points(&a, &b, &b, &pl);
  ENSURE(collide_error_reason(code) == COLLIDE_E_COLLINEAR);
  return 0;
}

static int test_sphere_plane(void) {
  collide_plane pl;
  collide_vec3 n = V(0, 1, 0), c0 = V(0, 5, 0), c1 = V(0, -5, 0);
  collide_hit h;
  ENSURE(collide_plane_make(&n, 0, &pl) == 1);
  ENSURE(collide_sweep_sphere_plane(1, &c0, &c1, &pl, &h) == 1);
  ENSURE_NEAR(h.u, 0.4, 1e-15);
  ENSURE(h.normal.y == 1 && h.point.y == 0 && h.feature == COLLIDE_FEATURE_FACE);
  /* from behind: the normal faces the sphere */
  ENSURE(collide_sweep_sphere_plane(1, &c1, &c0, &pl, &h) == 1);
  ENSURE(h.normal.y == -1);
  /* no contact zeroes the output */
  c1 = V(0, 3, 0);
  ENSURE(collide_sweep_sphere_plane(1, &c0, &c1, &pl, &h) == 0);
  ENSURE(h.u == 0 && h.feature == COLLIDE_FEATURE_NONE);
  /* a corrupted plane is rejected, not trusted */
  pl.normal = V(0, 2, 0);
  ENSURE(collide_error_reason(collide_sweep_sphere_plane(1, &c0, &c1, &pl, &h))
         == COLLIDE_E_BAD_PLANE);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_error_codes);
  RUN_TEST(test_sphere_sphere);
  RUN_TEST(test_sphere_sphere_tangent_start);
  RUN_TEST(test_sphere_sphere_any_unit);
  RUN_TEST(test_planes);
  RUN_TEST(test_sphere_plane);
TEST_MAIN_END
