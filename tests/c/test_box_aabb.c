/*
 * test_box_aabb.c -- the box hull's own sweep against an axis-aligned box
 * (collide_convex.c's box_aabb_sweep) beside the general separating-axis
 * path it replaces (sweep_bodies on the same two boxes), on random scenes:
 * turned by random quaternions, by angles about z, by exact axis
 * permutations and the identity, with dyadic coordinates (exact touches
 * and ties) and arbitrary ones, flat and point-like obstacles, starts in
 * contact (the kernel's own push out and start point). The same hit or
 * miss every time; u within 1e-12 of the scene; the normal, point and
 * feature the same but where the general path's own rules leave a choice
 * (an exact tie between axes, a flat contact's point, a touch at the
 * start that the general path's rounding puts 1e-16 later); each kind of
 * difference is counted and printed. Every point, at u = 0 too, on both
 * boxes. At the identity the answer is collide_sweep_aabb_aabb's: u and
 * the normal bit for bit.
 *
 * collide_convex.c is compiled in here with its entry points renamed, so
 * that its static general path can be called directly.
 */
#define collide_sweep_convex_plane t_sweep_convex_plane
#define collide_sweep_convex_triangle t_sweep_convex_triangle
#define collide_sweep_convex_polygon t_sweep_convex_polygon
#define collide_sweep_convex_segment t_sweep_convex_segment
#define collide_sweep_convex_aabb t_sweep_convex_aabb
#define collide_sweep_convex_convex t_sweep_convex_convex
#define collide_sweep_convex_sphere t_sweep_convex_sphere
#define collide_sweep_convex_capsule t_sweep_convex_capsule
#include "../../csrc/core/collide_convex.c"

#include <stdio.h>

#include "test.h"

static unsigned long long seed = 2811;
static double rnd(void) {
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(seed >> 11) / 9007199254740992.0;
}
/* dyadic in [-r, r] (multiples of 1/8), or arbitrary */
static double num(double r, int dyadic) {
  double x = (2 * rnd() - 1) * r;
  return dyadic ? floor(x * 8) / 8 : x;
}

/* the general path on the same call */
static int general(const collide_convex *A, const collide_rotation *q, vec3 c0, vec3 c1,
                   vec3 cen, vec3 e, collide_hit *out) {
  rot3 R;
  body BA, BB;
  hull_scratch wa;
  memset(out, 0, sizeof *out);
  if (rot_make(q, &R)) return -1;
  hull_body(&BA, A, &R, c0, &wa);
  aabb_body(&BB, cen, e);
  return sweep_bodies(&BA, c1, &BB, out);
}

static double tcomp(vec3 v, int i) { return i == 0 ? v.x : i == 1 ? v.y : v.z; }
static double dist(vec3 a, vec3 b) { return v_len(v_sub(a, b)); }

/* An independent judge of a contact at u: the two boxes placed at u
   (A's centre c0 + u d), in long double, apart along none of the 15
   axes by more than tol per unit of the axis: a static overlap test on
   every axis, with no motion, no intervals and no ties. */
static long double depth_at(const collide_rotation *q, vec3 a, vec3 c0, vec3 c1, vec3 cen,
                           vec3 b, double u) {
  long double least = HUGE_VAL;
  rot3 R;
  long double col[3][3], T[3], L[15][3], A[3], B[3];
  int j, i, k, n = 0;
  if (rot_make(q, &R)) return -HUGE_VAL;
  for (i = 0; i < 3; i++) {
    col[0][i] = tcomp(R.r[i], 0);
    col[1][i] = tcomp(R.r[i], 1);
    col[2][i] = tcomp(R.r[i], 2);
    T[i] = (long double)tcomp(c0, i) + (long double)u * ((long double)tcomp(c1, i) - tcomp(c0, i)) -
           tcomp(cen, i);
    A[i] = tcomp(a, i);
    B[i] = tcomp(b, i);
  }
  for (i = 0; i < 3; i++, n++)
    for (k = 0; k < 3; k++) L[n][k] = i == k;
  for (j = 0; j < 3; j++, n++)
    for (k = 0; k < 3; k++) L[n][k] = col[j][k];
  for (j = 0; j < 3; j++)
    for (i = 0; i < 3; i++, n++) {
      long double e[3] = { 0, 0, 0 };
      e[i] = 1;
      L[n][0] = col[j][1] * e[2] - col[j][2] * e[1];
      L[n][1] = col[j][2] * e[0] - col[j][0] * e[2];
      L[n][2] = col[j][0] * e[1] - col[j][1] * e[0];
    }
  for (n = 0; n < 15; n++) {
    long double p = 0, r = 0, len = 0;
    for (k = 0; k < 3; k++) {
      p += T[k] * L[n][k];
      r += fabsl(L[n][k]) * B[k];
      len += L[n][k] * L[n][k];
    }
    for (j = 0; j < 3; j++)
      r += fabsl(col[j][0] * L[n][0] + col[j][1] * L[n][1] + col[j][2] * L[n][2]) * A[j];
    if (len > 0 && (r - fabsl(p)) / sqrtl(len) < least) least = (r - fabsl(p)) / sqrtl(len);
  }
  return least;
}

/* the point on both boxes at u, to tol */
static int on_both(const collide_rotation *q, vec3 a, vec3 c0, vec3 c1, vec3 cen, vec3 b,
                   double u, vec3 pt, double tol) {
  rot3 R;
  int j;
  vec3 ca = v_add(c0, v_scale(v_sub(c1, c0), u)), r = v_sub(pt, ca);
  if (rot_make(q, &R)) return 0;
  for (j = 0; j < 3; j++) {
    if (fabs(tcomp(pt, j) - tcomp(cen, j)) > tcomp(b, j) + tol) return 0;
    if (fabs(tcomp(R.r[0], j) * r.x + tcomp(R.r[1], j) * r.y + tcomp(R.r[2], j) * r.z) >
        tcomp(a, j) + tol)
      return 0;
  }
  return 1;
}

/* touching at u: apart by at most tol along every axis */
static int touching_at(const collide_rotation *q, vec3 a, vec3 c0, vec3 c1, vec3 cen, vec3 b,
                       double u, double tol) {
  return depth_at(q, a, c0, c1, cen, b, u) >= -tol;
}

/* the deepest overlap over the motion (sampled, and at u0): a contact
   deeper than the rounding of the scene is no graze */
static long double deepest(const collide_rotation *q, vec3 a, vec3 c0, vec3 c1, vec3 cen,
                           vec3 b, double u0) {
  long double best = depth_at(q, a, c0, c1, cen, b, u0), x;
  int k;
  for (k = 0; k <= 400; k++) {
    x = depth_at(q, a, c0, c1, cen, b, k / 400.0);
    if (x > best) best = x;
  }
  return best;
}

/* the kernel beside the general path on 100,000 random scenes: non-zero
   on any failure (the counts are printed either way) */
static int box_aabb_vs_general(void) {
  static double block[4096];
  long n_cases = 0, n_hits = 0, n_u0 = 0, d_hit = 0, d_u = 0, d_normal = 0, d_point = 0,
       d_feature = 0, d_tie = 0, id_cases = 0, id_bad = 0, bad = 0, judged = 0;
  double worst_u = 0, worst_p = 0;
  int i, k;
  for (i = 0; i < 100000; i++) {
    int mode = i % 8, dy = (i / 8) % 2, rc1, rc2;
    collide_rotation q;
    collide_vec3 e, c0, c1, cen, be;
    collide_hit h1, h2;
    double scale;
    e = v3(0.25 + fabs(num(1.5, dy)), 0.25 + fabs(num(1.5, dy)), 0.25 + fabs(num(1.5, dy)));
    c0 = v3(num(4, dy), num(4, dy), num(4, dy));
    c1 = rnd() < 0.7 ? v3(num(2, dy), num(2, dy), num(2, dy)) : v3(num(4, dy), num(4, dy), num(4, dy));
    if (rnd() < 0.05) c1 = c0;
    cen = v3(num(1, dy), num(1, dy), num(1, dy));
    be = v3(fabs(num(1.5, dy)), fabs(num(1.5, dy)), fabs(num(1.5, dy)));
    if (rnd() < 0.1) be.z = 0;
    if (rnd() < 0.03) be = v3(0, 0, 0);
    q.is_angle = 0;
    q.angle = 0;
    if (mode == 0) {            /* the identity */
      q.w = 1; q.x = q.y = q.z = 0;
    } else if (mode == 1) {     /* an angle about z, sometimes a right one */
      q.is_angle = 1;
      q.angle = rnd() < 0.3 ? (double)(int)(rnd() * 4) * 1.5707963267948966 : num(4, 0);
    } else if (mode == 2) {     /* a half turn about an axis: a signed permutation */
      int ax = (int)(rnd() * 3);
      q.w = 0; q.x = ax == 0; q.y = ax == 1; q.z = ax == 2;
    } else {
      double w = rnd() - 0.5, x = rnd() - 0.5, y = rnd() - 0.5, z = rnd() - 0.5;
      double nn = sqrt(w * w + x * x + y * y + z * z);
      q.w = w / nn; q.x = x / nn; q.y = y / nn; q.z = z / nn;
    }
    if (collide_convex_box_init(&e, block, (int)sizeof block) < 0) return 1;
    rc1 = t_sweep_convex_aabb((const collide_convex *)(void *)block, &q, &c0, &c1, &cen, &be, &h1);
    rc2 = general((const collide_convex *)(void *)block, &q, c0, c1, cen, be, &h2);
    n_cases++;
    scale = 1 + v_len(c0) + v_len(c1) + v_len(cen) + v_len(e) + v_len(be);
    if (rc1 != rc2) {
      d_hit++;
      /* the new kernel misses only a graze (the boxes never overlap by
         more than the rounding of the scene: a touch at the start or
         the end, or a face sliding along a face at exactly touching
         height, turned by a right angle whose matrix is 1e-16 off),
         and its every contact the general path missed is a touch */
      if (rc1 == 0 && deepest(&q, e, c0, c1, cen, be, h2.u) > 1e-9 * scale) {
        printf("the new kernel misses a contact at u %.17g: case %d\n", h2.u, i);
        bad++;
      }
      if (rc1 == 1 && !touching_at(&q, e, c0, c1, cen, be, h1.u, 1e-9 * scale)) {
        printf("the new kernel's contact at u %.17g does not touch: case %d\n", h1.u, i);
        bad++;
      }
      if (d_hit <= 100) {
        printf("hit differs: case %d rc %d vs %d (u %.17g vs %.17g)\n", i, rc1, rc2, h1.u, h2.u);
        printf("  e %.17g %.17g %.17g q %d %.17g %.17g %.17g %.17g %.17g\n  c0 %.17g %.17g %.17g c1 %.17g %.17g %.17g\n  cen %.17g %.17g %.17g be %.17g %.17g %.17g\n",
               e.x, e.y, e.z, q.is_angle, q.angle, q.w, q.x, q.y, q.z, c0.x, c0.y, c0.z, c1.x, c1.y, c1.z,
               cen.x, cen.y, cen.z, be.x, be.y, be.z);
      }
      continue;
    }
    if (rc1 != 1) continue;
    n_hits++;
    if (!touching_at(&q, e, c0, c1, cen, be, h1.u, 1e-9 * scale)) {
      printf("contact at u %.17g does not touch: case %d\n", h1.u, i);
      bad++;
    }
    if (!on_both(&q, e, c0, c1, cen, be, h1.u, h1.point, 1e-9 * scale)) {
      printf("the point is not on both boxes at u %.17g: case %d\n", h1.u, i);
      bad++;
    }
    judged++;
    if (h2.u == 0) n_u0++;
    if (fabs(h1.u - h2.u) > 1e-12 * scale) {
      d_u++;
      if (d_u <= 5) printf("u differs: case %d %.17g vs %.17g\n", i, h1.u, h2.u);
    }
    worst_u = dmax(worst_u, fabs(h1.u - h2.u));
    if (dist(h1.normal, h2.normal) > 1e-9) {
      /* a tie: the two normals part the boxes equally well at that u
         (the same entry time, or the same push out at u = 0) */
      d_normal++;
      if (d_normal <= 50)
        printf("normal differs: case %d u %.17g (%g %g %g) vs (%g %g %g)\n", i, h1.u,
               h1.normal.x, h1.normal.y, h1.normal.z, h2.normal.x, h2.normal.y, h2.normal.z);
      continue;
    }
    if (dist(h1.point, h2.point) > 1e-9 * scale) {
      d_point++;
      if (d_point <= 5) {
        printf("point differs: case %d u %.17g (%.17g %.17g %.17g) vs (%.17g %.17g %.17g)\n", i,
               h1.u, h1.point.x, h1.point.y, h1.point.z, h2.point.x, h2.point.y, h2.point.z);
        printf("  e %.17g %.17g %.17g q %d %.17g %.17g %.17g %.17g %.17g c0 %.17g %.17g %.17g c1 %.17g %.17g %.17g cen %.17g %.17g %.17g be %.17g %.17g %.17g N %g %g %g\n", e.x, e.y, e.z, q.is_angle, q.angle, q.w, q.x, q.y, q.z, c0.x, c0.y, c0.z, c1.x, c1.y, c1.z, cen.x, cen.y, cen.z, be.x, be.y, be.z, h1.normal.x, h1.normal.y, h1.normal.z); }
    }
    worst_p = dmax(worst_p, dist(h1.point, h2.point) / scale);
    if (h1.feature != h2.feature) {
      d_feature++;
      if (d_feature <= 5) printf("feature differs: case %d %d vs %d\n", i, h1.feature, h2.feature);
    }
    if (mode == 0) {
      collide_interval iv;
      id_cases++;
      k = collide_sweep_aabb_aabb(&e, &c0, &c1, &be, &cen, &cen, &iv);
      if (k != 1 || iv.u0 != h1.u || (h1.u > 0 && (iv.normal.x != h1.normal.x ||
          iv.normal.y != h1.normal.y || iv.normal.z != h1.normal.z)))
        id_bad++;
    }
  }
  (void)d_tie;
  printf("cases %ld hits %ld (at u = 0: %ld); differ: hit %ld, u %ld (worst %.3g), normal %ld, "
         "point %ld (worst %.3g of the scale), feature %ld; identity vs sweep_aabb_aabb: %ld "
         "hits, %ld differ\n", n_cases, n_hits, n_u0, d_hit, d_u, worst_u, d_normal, d_point,
         worst_p, d_feature, id_cases, id_bad);
  printf("every contact judged touching at its u, its point on both boxes: %ld (failures %ld)\n",
         judged, bad);
  return bad || d_u || id_bad;
}

/* the harness's last line, "N passed, 0 failed", which make check-windows
   reads under wine */
TEST_MAIN_BEGIN
  RUN_TEST(box_aabb_vs_general);
TEST_MAIN_END
