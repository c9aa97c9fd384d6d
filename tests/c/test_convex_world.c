/*
 * test_convex_world.c -- the penetration of a convex shape and every other
 * kind (collide_convex_penetration.c), and convex shapes in a world,
 * through the core's C API. The penetration is checked by what defines
 * it, with support functions written here: moved by its depth (and a hair)
 * along its normal the convex shape is clear of the obstacle, moved a hair
 * less it is not, and along no other direction of a thousand random ones
 * does a shorter translation part them.
 */
#include <stdlib.h>
#include <string.h>
#include "collide.h"
#include "collide_convex_internal.h"
#include "test.h"

static collide_vec3 V(double x, double y, double z) {
  collide_vec3 v;
  v.x = x; v.y = y; v.z = z;
  return v;
}

static unsigned long long rng = 88172645463325252ULL;
static double rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng >> 11) / 9007199254740992.0;
}
static double rin(double a, double b) { return a + (b - a) * rnd(); }

static double dot(collide_vec3 a, collide_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

/* ---- support functions, written here ------------------------------------------ */

/* The rotation's matrix (rows), from the quaternion by the textbook
   formula, for the test's own support functions. */
static void matrix(const collide_rotation *q, double M[3][3]) {
  double w = q->w, x = q->x, y = q->y, z = q->z;
  if (q->is_angle) {
    double c = cos(q->angle), s = sin(q->angle);
    double R[3][3] = {{c, -s, 0}, {s, c, 0}, {0, 0, 1}};
    memcpy(M, R, sizeof R);
    return;
  }
  M[0][0] = 1 - 2 * (y * y + z * z); M[0][1] = 2 * (x * y - w * z); M[0][2] = 2 * (x * z + w * y);
  M[1][0] = 2 * (x * y + w * z); M[1][1] = 1 - 2 * (x * x + z * z); M[1][2] = 2 * (y * z - w * x);
  M[2][0] = 2 * (x * z - w * y); M[2][1] = 2 * (y * z + w * x); M[2][2] = 1 - 2 * (x * x + y * y);
}

/* max over the hull turned by M at pos of x.n (sign -1: minus the min) */
static double hull_max(const collide_convex *A, double M[3][3], collide_vec3 pos,
                       collide_vec3 n) {
  double best = -HUGE_VAL;
  int i;
  for (i = 0; i < A->vertex_count; i++) {
    collide_vec3 v = A->vertices[i], p;
    p.x = M[0][0] * v.x + M[0][1] * v.y + M[0][2] * v.z + pos.x;
    p.y = M[1][0] * v.x + M[1][1] * v.y + M[1][2] * v.z + pos.y;
    p.z = M[2][0] * v.x + M[2][1] * v.y + M[2][2] * v.z + pos.z;
    if (dot(p, n) > best) best = dot(p, n);
  }
  return best;
}

enum { OB_SPHERE, OB_CAPSULE, OB_AABB, OB_HULL, OB_TRIANGLE, OB_KINDS };
typedef struct ob {
  int kind;
  collide_vec3 a, b, c;
  double r;
  const collide_convex *B;
  collide_rotation rotB;
  double MB[3][3];
} ob;

static double ob_max(const ob *o, collide_vec3 n) {
  switch (o->kind) {
  case OB_SPHERE: return dot(o->a, n) + o->r;
  case OB_CAPSULE: return fmax(dot(o->a, n), dot(o->b, n)) + o->r;
  case OB_AABB:
    return dot(o->a, n) + o->b.x * fabs(n.x) + o->b.y * fabs(n.y) + o->b.z * fabs(n.z);
  case OB_TRIANGLE: return fmax(fmax(dot(o->a, n), dot(o->b, n)), dot(o->c, n));
  default: return hull_max(o->B, (double (*)[3])o->MB, o->a, n);
  }
}

/* The translation of A along unit n that parts it from o. */
static double part_along(const collide_convex *A, double M[3][3], collide_vec3 pos,
                         const ob *o, collide_vec3 n) {
  collide_vec3 m = V(-n.x, -n.y, -n.z);
  return ob_max(o, n) + hull_max(A, M, pos, m);
}

static int penetration(const collide_convex *A, const collide_rotation *rot,
                       collide_vec3 pos, const ob *o, collide_hit *h, double *depth) {
  switch (o->kind) {
  case OB_SPHERE:
    return collide__penetration_convex_sphere(A, rot, &pos, &o->a, o->r, h, depth);
  case OB_CAPSULE:
    return collide__penetration_convex_capsule(A, rot, &pos, &o->a, &o->b, o->r, h, depth);
  case OB_AABB:
    return collide__penetration_convex_aabb(A, rot, &pos, &o->a, &o->b, h, depth);
  case OB_TRIANGLE:
    return collide__penetration_convex_triangle(A, rot, &pos, &o->a, &o->b, &o->c, h, depth);
  default:
    return collide__penetration_convex_convex(A, rot, &pos, o->B, &o->rotB, &o->a, h, depth);
  }
}

static collide_rotation random_rotation(void) {
  collide_rotation q;
  memset(&q, 0, sizeof q);
  if (rnd() < 0.3) {
    q.is_angle = 1;
    q.angle = rin(-4, 4);
  } else {
    double w = rin(-1, 1), x = rin(-1, 1), y = rin(-1, 1), z = rin(-1, 1);
    double l = sqrt(w * w + x * x + y * y + z * z);
    q.w = w / l; q.x = x / l; q.y = y / l; q.z = z / l;
  }
  return q;
}

static int random_hull(void *block, int cap, int flat) {
  collide_vec3 p[16];
  int i, n = 4 + (int)(rnd() * 12);
  for (i = 0; i < n; i++) p[i] = V(rin(-1.5, 1.5), rin(-1.5, 1.5), flat ? 0 : rin(-1.5, 1.5));
  return collide_convex_init(p, n, block, cap);
}

/* Random pairs: the depth parts them, a hair less does not, and no random
   direction parts them by less. */
static int test_penetration_is_the_shortest(void) {
  static double blockA[4096], blockB[4096];
  int trial, touching = 0, deep = 0;
  double worst_gap = 0;
  for (trial = 0; trial < 3000; trial++) {
    int flat = trial % 5 == 0;
    const collide_convex *A = (const collide_convex *)blockA, *B = (const collide_convex *)blockB;
    collide_rotation rot = random_rotation();
    collide_vec3 pos = V(rin(-1, 1), rin(-1, 1), flat ? 0 : rin(-1, 1));
    double M[3][3], depth, eps;
    collide_hit h;
    ob o;
    int rc, k;
    if (flat) {
      rot.is_angle = 1;
      rot.angle = rin(-4, 4);
    }
    ENSURE(random_hull(blockA, sizeof blockA, flat) > 0);
    matrix(&rot, M);
    memset(&o, 0, sizeof o);
    o.kind = trial % OB_KINDS;
    o.a = V(rin(-2, 2), rin(-2, 2), flat ? 0 : rin(-2, 2));
    o.b = V(rin(-2, 2), rin(-2, 2), flat ? 0 : rin(-2, 2));
    o.c = V(rin(-2, 2), rin(-2, 2), rin(-2, 2));
    o.r = rin(0.1, 1);
    if (o.kind == OB_AABB) o.b = V(rin(0.1, 1), rin(0.1, 1), flat ? 0 : rin(0.1, 1));
    if (o.kind == OB_HULL) {
      ENSURE(random_hull(blockB, sizeof blockB, flat) > 0);
      o.B = B;
      o.rotB = random_rotation();
      if (flat) {
        o.rotB.is_angle = 1;
        o.rotB.angle = rin(-4, 4);
      }
      matrix(&o.rotB, o.MB);
    }
    rc = penetration(A, &rot, pos, &o, &h, &depth);
    ENSURE(rc == 0 || rc == 1);
    if (rc == 0) continue;
    touching++;
    ENSURE_NEAR(dot(h.normal, h.normal), 1, 1e-12);
    ENSURE(depth >= 0);
    if (flat && (o.kind == OB_SPHERE || o.kind == OB_CAPSULE)) ENSURE(h.normal.z == 0);
    eps = 1e-9;
    /* the depth along the normal is the test's own support sum */
    ENSURE_SMALL(part_along(A, M, pos, &o, h.normal) - depth, 1e-12);
    /* moved by the depth and a hair, apart; a hair less, not (deep ones) */
    {
      collide_vec3 out = V(pos.x + h.normal.x * (depth + eps), pos.y + h.normal.y * (depth + eps),
                           pos.z + h.normal.z * (depth + eps));
      collide_hit h2;
      double d2;
      ENSURE(penetration(A, &rot, out, &o, &h2, &d2) == 0);
      if (depth > 1e-6) {
        deep++;
        out = V(pos.x + h.normal.x * (depth - eps), pos.y + h.normal.y * (depth - eps),
                pos.z + h.normal.z * (depth - eps));
        ENSURE(penetration(A, &rot, out, &o, &h2, &d2) == 1);
        ENSURE_SMALL(d2 - eps, 1e-12);
      }
    }
    /* no direction parts them by less (in 2D: none in the plane, where
       the 2D rule keeps the round shapes' push) */
    for (k = 0; k < 1000; k++) {
      collide_vec3 n = V(rin(-1, 1), rin(-1, 1), rin(-1, 1));
      double l, gap;
      if (flat && (o.kind == OB_SPHERE || o.kind == OB_CAPSULE)) n.z = 0;
      l = sqrt(dot(n, n));
      if (l < 1e-3) continue;
      n = V(n.x / l, n.y / l, n.z / l);
      gap = depth - part_along(A, M, pos, &o, n);
      if (gap > worst_gap) worst_gap = gap;
      ENSURE(gap <= 1e-12);
    }
  }
  ENSURE(touching > 500 && deep > 300);
  printf("    %d touching pairs (%d deep); no random direction shorter (by at most %.3g)\n",
         touching, deep, worst_gap);
  return 0;
}

/* A world of convex boxes at rotation 0 and one of aabb shapes answer
   the same. */
static int test_convex_box_as_aabb(void) {
  static double blocks[40][256];
  collide_world *wa = collide_world_new(), *wc = collide_world_new();
  collide_rotation rot;
  int i, k;
  double worst = 0;
  memset(&rot, 0, sizeof rot);
  rot.is_angle = 1;
  for (i = 0; i < 40; i++) {
    collide_vec3 c = V(rin(-20, 20), rin(-20, 20), rin(-20, 20));
    collide_vec3 e = V(rin(0.3, 3), rin(0.3, 3), rin(0.3, 3));
    ENSURE(collide_convex_box_init(&e, blocks[i], sizeof blocks[i]) > 0);
    ENSURE(collide_world_add_aabb(wa, &c, &e) == i + 1);
    ENSURE(collide_world_add_convex(wc, (const collide_convex *)blocks[i], &c, &rot) == i + 1);
  }
  for (k = 0; k < 20000; k++) {
    collide_vec3 p0 = V(rin(-25, 25), rin(-25, 25), rin(-25, 25));
    collide_vec3 p1 = V(rin(-25, 25), rin(-25, 25), rin(-25, 25));
    collide_vec3 e = V(0.5, 0.7, 0.3), ax = V(0, 0.4, 0.3);
    collide_hit ha, hc;
    int ida, idc, ra, rc, q;
    for (q = 0; q < 4; q++) {
      if (q == 0) {
        ra = collide_world_raycast(wa, &p0, &p1, NULL, NULL, &ha, &ida);
        rc = collide_world_raycast(wc, &p0, &p1, NULL, NULL, &hc, &idc);
      } else if (q == 1) {
        ra = collide_world_sweep_sphere(wa, 0.6, &p0, &p1, NULL, NULL, &ha, &ida);
        rc = collide_world_sweep_sphere(wc, 0.6, &p0, &p1, NULL, NULL, &hc, &idc);
      } else if (q == 2) {
        ra = collide_world_sweep_aabb(wa, &e, &p0, &p1, NULL, NULL, &ha, &ida);
        rc = collide_world_sweep_aabb(wc, &e, &p0, &p1, NULL, NULL, &hc, &idc);
      } else {
        ra = collide_world_sweep_capsule(wa, 0.3, &ax, &p0, &p1, NULL, NULL, &ha, &ida);
        rc = collide_world_sweep_capsule(wc, 0.3, &ax, &p0, &p1, NULL, NULL, &hc, &idc);
      }
      ENSURE(ra == rc);
      if (ra != 1) continue;
      ENSURE(ida == idc);
      ENSURE_SMALL(ha.u - hc.u, 1e-12);
      ENSURE_SMALL(ha.normal.x - hc.normal.x, 1e-9);
      ENSURE_SMALL(ha.normal.y - hc.normal.y, 1e-9);
      ENSURE_SMALL(ha.normal.z - hc.normal.z, 1e-9);
      if (fabs(ha.u - hc.u) > worst) worst = fabs(ha.u - hc.u);
    }
  }
  printf("    80000 queries, worst |du| %.3g\n", worst);
  collide_world_free(wa);
  collide_world_free(wc);
  return 0;
}

/* The world keeps its own copy; update in place; get; remove; errors. */
static int test_storage(void) {
  static double block[256], other[256];
  collide_world *w = collide_world_new();
  collide_vec3 e = V(1, 2, 3), pos = V(1, 2, 3), tri[3];
  collide_rotation rot, bad;
  collide_world_shape g;
  int id;
  memset(&rot, 0, sizeof rot);
  rot.is_angle = 1;
  rot.angle = 0.5;
  ENSURE(collide_convex_box_init(&e, block, sizeof block) > 0);
  id = collide_world_add_convex(w, (const collide_convex *)block, &pos, &rot);
  ENSURE(id == 1);
  memset(block, 0, sizeof block);   /* the caller's copy may go */
  ENSURE(collide_world_get(w, id, &g) == 1);
  ENSURE(g.kind == COLLIDE_SHAPE_CONVEX && g.convex->vertex_count == 8);
  ENSURE(g.a.x == 1 && g.rot.is_angle == 1 && g.rot.angle == 0.5);
  ENSURE(collide_convex_copy(g.convex, NULL, 0) > 0);
  bad = rot;
  bad.is_angle = 0;
  bad.w = 2;
  ENSURE(collide_world_add_convex(w, g.convex, &pos, &bad) ==
         -(4 * 256 + COLLIDE_E_NOT_UNIT_ROTATION));
  ENSURE(collide_world_update_convex(w, id, g.convex, &pos, &bad) ==
         -(5 * 256 + COLLIDE_E_NOT_UNIT_ROTATION));
  tri[0] = V(0, 0, 0); tri[1] = V(1, 0, 0); tri[2] = V(0, 1, 0);
  ENSURE(collide_convex_init(tri, 3, other, sizeof other) > 0);
  ENSURE(collide_world_update_convex(w, id, (const collide_convex *)other, &pos, &rot) == 1);
  ENSURE(collide_world_get(w, id, &g) == 1 && g.convex->flat && g.convex->vertex_count == 3);
  ENSURE(collide_world_update_convex(w, 99, (const collide_convex *)other, &pos, &rot) == 0);
  ENSURE(collide_world_remove(w, id) == 1);
  ENSURE(collide_world_get(w, id, &g) == 0);
  collide_world_free(w);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_storage);
  RUN_TEST(test_penetration_is_the_shortest);
  RUN_TEST(test_convex_box_as_aabb);
TEST_MAIN_END
