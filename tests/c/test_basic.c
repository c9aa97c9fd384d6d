/* C tests of collide_basic.c: argument checks, planes, sphere sweeps. */
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
  RUN_TEST(test_planes);
  RUN_TEST(test_sphere_plane);
TEST_MAIN_END
