/*
 * test_turning.c -- collide_sweep_convex_turning's degenerate inputs and a
 * closed-form case, and the world's spin (collide_world_set_spin,
 * advance, a sweep against a spinning shape) from C: no turn is
 * collide_sweep_convex_convex bit for bit, a start inside is its u = 0
 * answer, bad rotations name their argument, a plank turning into a post
 * stops before the exact first contact (an asin) by at most the
 * tolerance. Under ASan and valgrind in make ci-extra.
 */
#include <math.h>
#include <string.h>

#include "collide.h"
#include "collide_prims.h"
#include "collide_turning.h"
#include "test.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static collide_vec3 V(double x, double y, double z) {
  collide_vec3 v;
  v.x = x; v.y = y; v.z = z;
  return v;
}

static collide_rotation angle(double a) {
  collide_rotation r;
  memset(&r, 0, sizeof r);
  r.is_angle = 1;
  r.angle = a;
  return r;
}

static collide_rotation quat(double w, double x, double y, double z) {
  collide_rotation r;
  memset(&r, 0, sizeof r);
  r.w = w; r.x = x; r.y = y; r.z = z;
  return r;
}

static double block_a[512], block_b[512];

static const collide_convex *box(double *block, double x, double y, double z) {
  collide_vec3 e = V(x, y, z);
  int need = collide_convex_box_init(&e, block, (int)(512 * sizeof(double)));
  return need > 0 && need <= (int)(512 * sizeof(double)) ? (const collide_convex *)block : 0;
}

static int no_turn_is_the_translation_sweep(void) {
  const collide_convex *A = box(block_a, 1, 0.5, 0.25), *B = box(block_b, 2, 1, 1);
  collide_rotation r = quat(cos(0.3), 0, sin(0.3), 0), rb = angle(0.7);
  collide_vec3 a0 = V(-6, 0.3, 0.1), a1 = V(6, -0.2, 0), b = V(0, 0, 0);
  collide_hit h1, h2;
  int c1, c2;
  ENSURE(A && B);
  c1 = collide_sweep_convex_turning(A, &r, &r, &a0, &a1, B, &rb, &b, &h1);
  c2 = collide_sweep_convex_convex(A, &r, &a0, &a1, B, &rb, &b, &h2);
  ENSURE(c1 == 1 && c2 == 1);
  ENSURE(memcmp(&h1, &h2, sizeof h1) == 0);
  return 0;
}

static int start_inside_is_u0(void) {
  const collide_convex *A = box(block_a, 1, 1, 0), *B = box(block_b, 1, 1, 0);
  collide_rotation r0 = angle(0), r1 = angle(1), rb = angle(0);
  collide_vec3 a0 = V(0.5, 0, 0), a1 = V(3, 0, 0), b = V(0, 0, 0);
  collide_hit h;
  ENSURE(collide_sweep_convex_turning(A, &r0, &r1, &a0, &a1, B, &rb, &b, &h) == 1);
  ENSURE(h.u == 0);
  ENSURE(h.normal.x == 1 && h.normal.y == 0 && h.normal.z == 0);
  return 0;
}

static int bad_rotations_name_their_argument(void) {
  const collide_convex *A = box(block_a, 1, 1, 1);
  collide_rotation ok = angle(0), nan_r = angle(NAN), inf_r = quat(INFINITY, 0, 0, 0);
  collide_rotation off = quat(1, 0.1, 0, 0);
  collide_vec3 o = V(0, 0, 0), far = V(5, 0, 0);
  collide_hit h;
  int c = collide_sweep_convex_turning(A, &nan_r, &ok, &o, &far, A, &ok, &far, &h);
  ENSURE(collide_error_arg(c) == 2 && collide_error_reason(c) == COLLIDE_E_NAN);
  c = collide_sweep_convex_turning(A, &ok, &off, &o, &far, A, &ok, &far, &h);
  ENSURE(collide_error_arg(c) == 3 && collide_error_reason(c) == COLLIDE_E_NOT_UNIT_ROTATION);
  c = collide_sweep_convex_turning(A, &ok, &ok, &o, &far, A, &inf_r, &far, &h);
  ENSURE(collide_error_arg(c) == 7 && collide_error_reason(c) == COLLIDE_E_INF);
  c = collide_sweep_convex_turning(A, &ok, &ok, &o, &far, NULL, &ok, &far, &h);
  ENSURE(collide_error_arg(c) == 6);
  return 0;
}

/* A plank (2 x 0.1) turning a quarter turn about its centre meets the
   corner (1.25, 1.25) of a post at the angle pi/4 - asin(0.1 / r). */
static int plank_meets_the_post_at_the_asin(void) {
  const collide_convex *P = box(block_a, 2, 0.1, 0), *Q = box(block_b, 0.25, 0.25, 0);
  collide_rotation r0 = angle(0), r1 = angle(M_PI / 2), rb = angle(0);
  collide_vec3 o = V(0, 0, 0), post = V(1, 1.5, 0);
  collide_hit h;
  double r = sqrt(2 * 1.25 * 1.25), turned = M_PI / 4 - asin(0.1 / r), at;
  ENSURE(collide_sweep_convex_turning(P, &r0, &r1, &o, &o, Q, &rb, &post, &h) == 1);
  at = h.u * M_PI / 2;
  ENSURE(at <= turned);
  ENSURE((turned - at) * r <= 1e-9 * (M_PI / 2) * P->radius);
  ENSURE(h.feature == COLLIDE_FEATURE_VERTEX);
  ENSURE_NEAR(h.point.x, 1.25, 1e-15);
  ENSURE_NEAR(h.point.y, 1.25, 1e-15);
  return 0;
}

static int world_spin(void) {
  collide_world *w = collide_world_new();
  const collide_convex *P = box(block_a, 2, 0.1, 0);
  collide_rotation r0 = angle(0), spin = angle(M_PI / 2), got;
  collide_vec3 o = V(0, 0, 0), c = V(1, 1.5, 0);
  collide_world_shape g;
  collide_hit h;
  int id, ball, hid = 0;
  ENSURE(w && P);
  id = collide_world_add_convex(w, P, &o, &r0);
  ball = collide_world_add_sphere(w, &c, 0.1);
  ENSURE(id > 0 && ball > 0);
  ENSURE(collide_world_set_spin(w, ball, &spin) ==
         -(2 * 256 + COLLIDE_E_NOT_SPINNABLE));
  ENSURE(collide_world_remove(w, ball) == 1);
  ENSURE(collide_world_set_spin(w, id, &spin) == 1);
  ENSURE(collide_world_spin(w, id, &got) == 1 && got.is_angle && got.angle == M_PI / 2);
  /* a ball at rest beside the plank is met during the step */
  ENSURE(collide_world_sweep_sphere(w, 0.25, &c, &c, NULL, NULL, &h, &hid) == 1);
  ENSURE(hid == id && h.u > 0.5 && h.u < 0.51);
  ENSURE(collide_world_advance(w) == 0);
  ENSURE(collide_world_get(w, id, &g) == 1 && g.rot.is_angle && g.rot.angle == M_PI / 2);
  collide_world_free(w);
  return 0;
}

/* A spin beyond 2^22 rad a step is refused (argument 3, the spin); an
   angle advance would take past 2^23 comes back within [-pi, pi], the
   same rotation (libm's cosine and sine of the sum), and a huge angle
   advances without an error. */
static int huge_spins_and_angles(void) {
  collide_world *w = collide_world_new();
  const collide_convex *P = box(block_a, 2, 0.1, 0);
  collide_rotation r0 = angle(0x1p23 - 0.25), spin = angle(0x1p22 + 1), got;
  collide_vec3 o = V(0, 0, 0);
  collide_world_shape g;
  int id, far;
  double a;
  ENSURE(w && P);
  id = collide_world_add_convex(w, P, &o, &r0);
  ENSURE(id > 0);
  ENSURE(collide_world_set_spin(w, id, &spin) == -(3 * 256 + COLLIDE_E_SPIN_RANGE));
  spin = angle(-0x1p22 - 1);
  ENSURE(collide_world_set_spin(w, id, &spin) == -(3 * 256 + COLLIDE_E_SPIN_RANGE));
  ENSURE(collide_world_spin(w, id, &got) == 1 && got.is_angle && got.angle == 0);
  spin = angle(0.5);
  ENSURE(collide_world_set_spin(w, id, &spin) == 1);
  ENSURE(collide_world_advance(w) == 0);
  ENSURE(collide_world_get(w, id, &g) == 1 && g.rot.is_angle);
  a = 0x1p23 + 0.25;
  ENSURE(fabs(g.rot.angle) <= M_PI);
  ENSURE_NEAR(cos(g.rot.angle), cos(a), 1e-12);
  ENSURE_NEAR(sin(g.rot.angle), sin(a), 1e-12);
  r0 = angle(9e49);
  far = collide_world_add_convex(w, P, &o, &r0);
  ENSURE(far > 0 && collide_world_set_spin(w, far, &spin) == 1);
  ENSURE(collide_world_advance(w) == 0 && collide_world_advance(w) == 0);
  ENSURE(collide_world_get(w, far, &g) == 1 && fabs(g.rot.angle) <= M_PI + 1);
  /* 9e49 less its whole turns is 3.1107598845362934 (exact to rounding,
     with 1,200 bits of pi: not the C library's cos(9e49), which mingw-w64
     gets wrong by more than a radian) */
  ENSURE_NEAR(cos(g.rot.angle), cos(3.1107598845362934 + 1), 1e-12);
  ENSURE_NEAR(sin(g.rot.angle), sin(3.1107598845362934 + 1), 1e-12);
  ENSURE(collide__angle_reduce(9e49) == 3.1107598845362934);
  ENSURE(collide__angle_reduce(-1e50) == 0.50122491589348839);
  ENSURE(collide__angle_reduce(1073741824.5) == -0.16533970291632533);
  collide_world_free(w);
  return 0;
}

/* An angle's quaternion is (cos(a / 2), 0, 0, sin(a / 2)): within 2^30 of
   the half angle the C library's, bit for bit as it always was (what
   collide__spin_rotation gives at t = 0 under a spin of no turn: that
   quaternion over its length, computed here the same way), on angles
   spread over every size up to 2^30 and at 2^30 itself. */
static int angle_quaternion_within_2_30(void) {
  collide_rotation none = quat(1, 0, 0, 0), r, got;
  unsigned long x = 12345;
  int i;
  for (i = 0; i < 20000; i++) {
    double a, c, s, n;
    x = x * 6364136223846793005ul + 1442695040888963407ul;
    a = ldexp((double)(x >> 11) * 0x1p-53, (int)((x >> 3) % 62) - 31);
    if (i % 7 == 0) a = 0x1p31 - (double)(i % 5);   /* a / 2 at 2^30 and below */
    if (i & 1) a = -a;
    r = angle(a);
    ENSURE(collide__spin_rotation(&r, &none, 0, &got) == 0 && !got.is_angle);
    c = cos(0.5 * a);
    s = sin(0.5 * a);
    n = sqrt(c * c + 0.0 * 0.0 + 0.0 * 0.0 + s * s);
    ENSURE(got.w == c / n && got.x == 0 && got.y == 0 && got.z == s / n);
  }
  return 0;
}

/* Beyond 2^30 of the half angle, the quaternion of the angle reduced
   mod 4 pi (its period: q and -q are one rotation, but a path from it
   starts from its sign). The references are the cosine and sine of a / 2
   less its whole turns, computed with 2,000 bits of pi (mpmath), not
   with any C library's cos of a huge argument (mingw-w64's cos(4.5e49)
   is off by more than a radian). */
static int huge_angle_quaternion(void) {
  static const double ref[][3] = {
    {9e49, -0.0154157738783949, -0.9998811698975685},
    {-1e50, 0.9687607154774026, 0.24799733092860277},
    {1e50, 0.9687607154774026, -0.24799733092860277},
    {0x1p31 + 1, 0.9863625014361829, -0.16458741069886315},
    {-(0x1p40 + 3), 0.9904822733475184, -0.13764035085806758},
    {3e31, -0.8630313572534762, 0.505150350289122},
    {1.2345678901234566e17, 0.09240328304707343, -0.9957216645640098},
    {7e20, 0.7732408719623701, 0.6341124142664876},
    {0x1p166, 0.7427838440910328, -0.6695312994605617}};
  collide_rotation none = quat(1, 0, 0, 0), r, got;
  size_t i;
  for (i = 0; i < sizeof ref / sizeof ref[0]; i++) {
    r = angle(ref[i][0]);
    ENSURE(collide__spin_rotation(&r, &none, 0, &got) == 0 && !got.is_angle);
    ENSURE_NEAR(got.w, ref[i][1], 1e-15);
    ENSURE_NEAR(got.z, ref[i][2], 1e-15);
    ENSURE(got.x == 0 && got.y == 0);
  }
  return 0;
}

/* The plank of plank_meets_the_post_at_the_asin, the whole scene turned by
   the angle 9e49 (3.1107598845362934 less whole turns), turning a
   quarter turn from 9e49: to an angle, to a quaternion, and back from
   the angle to 9e49. It meets the post at the same moment. Before, the turn from 9e49 was rounded away
   (9e49 + u dt is 9e49) and the plank never met the post; the
   quaternion of 9e49 was the C library's cos(4.5e49). */
static int huge_angle_turns(void) {
  const collide_convex *P = box(block_a, 2, 0.1, 0), *Q = box(block_b, 0.25, 0.25, 0);
  double R = 3.1107598845362934, c = cos(R), s = sin(R), r = sqrt(2 * 1.25 * 1.25);
  double turned = M_PI / 4 - asin(0.1 / r), at;
  collide_rotation huge = angle(9e49), to = angle(R + M_PI / 2), rb = angle(R);
  collide_rotation q1 = quat(cos(0.5 * (R + M_PI / 2)), 0, 0, sin(0.5 * (R + M_PI / 2)));
  collide_vec3 o = V(0, 0, 0), post = V(c - 1.5 * s, s + 1.5 * c, 0);
  /* the way back, from R + pi/2 to 9e49, meets the post mirrored across
     the plank's diagonal turn, (1.5, 1) turned by R, at the same moment */
  collide_vec3 back = V(1.5 * c - s, 1.5 * s + c, 0);
  collide_hit h;
  int k;
  ENSURE(P && Q);
  for (k = 0; k < 3; k++) {
    const collide_rotation *from = k == 2 ? &to : &huge;
    const collide_rotation *dest = k == 0 ? &to : k == 1 ? &q1 : &huge;
    ENSURE(collide_sweep_convex_turning(P, from, dest, &o, &o, Q, &rb, k == 2 ? &back : &post,
                                        &h) == 1);
    at = h.u * M_PI / 2;
    ENSURE(at <= turned + 1e-12);
    ENSURE((turned - at) * r <= 1e-9 * (M_PI / 2) * P->radius + 1e-12);
  }
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(no_turn_is_the_translation_sweep);
  RUN_TEST(start_inside_is_u0);
  RUN_TEST(bad_rotations_name_their_argument);
  RUN_TEST(plank_meets_the_post_at_the_asin);
  RUN_TEST(world_spin);
  RUN_TEST(huge_spins_and_angles);
  RUN_TEST(angle_quaternion_within_2_30);
  RUN_TEST(huge_angle_quaternion);
  RUN_TEST(huge_angle_turns);
TEST_MAIN_END
