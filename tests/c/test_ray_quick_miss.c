/*
 * test_ray_quick_miss.c -- the world's quick miss for rays
 * (collide__ray_triangle_misses) never says "miss" where
 * collide_raycast_triangle finds contact, on segments drawn to be hard:
 * through vertices and along edges, grazing the face, ending on or near
 * the plane, nearly parallel to it, at small and huge scales, near the
 * origin and far from it (where its margins are coarse). And it does
 * say "miss" for most plain misses, or it would buy nothing.
 */
#include "collide_sphere.h"
#include "test.h"

static unsigned long long seed = 12345;
static double rnd(void) {   /* [0, 1) */
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(seed >> 11) / 9007199254740992.0;
}
static double rs(void) { return 2 * rnd() - 1; }
static vec3 rv(double s) { return v3(s * rs(), s * rs(), s * rs()); }

/* A point of the triangle (or of its edges, or a vertex), or just off it. */
static vec3 near_triangle(const vec3 t[3], double s) {
  double a = rnd(), b = rnd() * (1 - a), w[3];
  int pick = (int)(rnd() * 4), k;
  vec3 p;
  w[0] = a; w[1] = b; w[2] = 1 - a - b;
  if (pick == 1) { w[0] = 0; w[1] = rnd(); w[2] = 1 - w[1]; }   /* an edge */
  if (pick == 2) { w[0] = 1; w[1] = 0; w[2] = 0; }              /* a vertex */
  p = v3(0, 0, 0);
  for (k = 0; k < 3; k++) p = v_madd(p, t[k], w[k]);
  if (rnd() < 0.5) p = v_add(p, rv(s * pow(10, -16 * rnd())));   /* nudged */
  return p;
}

static int check_scale(double s, int far, int *quick, int *plain_misses) {
  int i;
  for (i = 0; i < 200000; i++) {
    vec3 t[3], p0, p1, n, through;
    collide_hit h;
    int rc, kind = (int)(rnd() * 5);
    t[0] = rv(s); t[1] = rv(s); t[2] = rv(s);
    n = v_cross(v_sub(t[1], t[0]), v_sub(t[2], t[0]));
    if (!(v_len(n) > 1e-6 * s * s)) continue;   /* keep it well away from degenerate */
    n = v_normalize(n);
    through = near_triangle(t, s);
    switch (kind) {
    case 0:   /* anywhere */
      p0 = rv(2 * s); p1 = rv(2 * s);
      break;
    case 1:   /* through a point of (or near) the triangle */
      p0 = v_madd(through, rv(1), s * rnd());
      p1 = v_madd(through, v_sub(through, p0), rnd() * 3);
      break;
    case 2:   /* nearly in the plane, grazing */
      p0 = v_madd(through, v_normalize(v_cross(n, rv(1))), s);
      p0 = v_madd(p0, n, s * rs() * pow(10, -12 * rnd()));
      p1 = v_madd(through, v_sub(through, p0), rnd() * 2);
      break;
    case 3:   /* an end on or near the triangle */
      p0 = rv(2 * s);
      p1 = through;
      break;
    default:  /* steep, ending just short of the plane or just beyond */
      p0 = v_madd(through, n, s * rs());
      p1 = v_madd(through, n, s * rs() * pow(10, -14 * rnd()));
      break;
    }
    if (far) {   /* the same configuration far from the origin */
      vec3 o = v3(3e4 * s, -2e4 * s, 1e4 * s);
      int k;
      for (k = 0; k < 3; k++) t[k] = v_add(t[k], o);
      p0 = v_add(p0, o);
      p1 = v_add(p1, o);
    }
    rc = collide_raycast_triangle(&p0, &p1, &t[0], &t[1], &t[2], &h);
    ENSURE(rc == 0 || rc == 1);
    if (collide__ray_triangle_misses(&p0, &p1, &t[0], &t[1], &t[2])) {
      if (rc != 0) {
        fprintf(stderr, "quick miss but contact: p0 (%.17g %.17g %.17g) p1 (%.17g %.17g %.17g)\n"
                "  a (%.17g %.17g %.17g) b (%.17g %.17g %.17g) c (%.17g %.17g %.17g)\n",
                p0.x, p0.y, p0.z, p1.x, p1.y, p1.z, t[0].x, t[0].y, t[0].z,
                t[1].x, t[1].y, t[1].z, t[2].x, t[2].y, t[2].z);
        return 1;
      }
      if (kind == 0) (*quick)++;
    }
    if (kind == 0 && rc == 0) (*plain_misses)++;
  }
  return 0;
}

static int test_never_hides_contact(void) {
  static const double scales[] = { 1, 1e-6, 1e6, 1e-80, 1e45 };
  int k;
  for (k = 0; k < 5; k++) {
    int quick = 0, plain = 0;
    ENSURE(check_scale(scales[k], 0, &quick, &plain) == 0);
    /* most plain misses are caught (the underflow guard lets the tiniest
       scale through to the full test) */
    if (scales[k] >= 1e-6) ENSURE(quick > plain * 9 / 10);
    quick = plain = 0;
    ENSURE(check_scale(scales[k], 1, &quick, &plain) == 0);
  }
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_never_hides_contact);
TEST_MAIN_END
