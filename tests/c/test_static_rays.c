/*
 * test_static_rays.c -- rays against the triangles of the static hierarchy
 * (collide_query.c, static_ray_triangle: the world's copy of each triangle
 * in leaf order, tested by collide_raycast_triangle's filter with the
 * per-triangle set-up done at build). Every world answer -- raycast and
 * raycast_all, with and without a layer mask -- must have the bits of the
 * best collide_raycast_triangle answer over the triangles (ties: the lowest
 * id), on the cases where the filter cannot decide alone: rays along edges
 * and through vertices, in the plane, grazing, slivers near the degenerate
 * limit, coordinates near the limit (the fused sum over it), tiny ones.
 * A plain executable: exits non-zero on the first failed check.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "collide.h"
#include "test_hit.h"

static unsigned long long rng = 0x2545F4914F6CDD1DULL;
static double rnd(void) {
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return (double)((rng * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}
static double rin(double a, double b) { return a + (b - a) * rnd(); }
static collide_vec3 lerp(collide_vec3 a, collide_vec3 b, double t) {
  return V(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t);
}
static int same_hit(const collide_hit *a, const collide_hit *b) {
  return memcmp(&a->u, &b->u, sizeof a->u) == 0 && a->point.x == b->point.x &&
         a->point.y == b->point.y && a->point.z == b->point.z &&
         a->normal.x == b->normal.x && a->normal.y == b->normal.y &&
         a->normal.z == b->normal.z && a->feature == b->feature;
}

#define NT 48
static collide_vec3 tri[NT][3];
static int tid[NT], tlayer[NT];

/* A world of NT triangles at scale s around offset o: random ones,
   slivers, triangles sharing edges and vertices. */
static collide_world *make_world(double s, double o) {
  collide_world *w = collide_world_new();
  int i, k;
  for (i = 0; i < NT; i++) {
    collide_vec3 c = V(o + rin(-s, s), o + rin(-s, s), o + rin(-s, s));
    for (k = 0; k < 3; k++)
      tri[i][k] = V(c.x + rin(-s, s) / 2, c.y + rin(-s, s) / 2, c.z + rin(-s, s) / 2);
    if (i % 6 == 1) {          /* a sliver: c near the line a-b */
      double h = pow(10, -rin(6, 13));
      tri[i][2] = lerp(tri[i][0], tri[i][1], rin(0.1, 0.9));
      tri[i][2].z += h * s;
    } else if (i % 6 == 2) {   /* shares an edge with the one before */
      tri[i][0] = tri[i - 1][0];
      tri[i][1] = tri[i - 1][1];
    } else if (i % 6 == 3) {   /* shares a vertex */
      tri[i][0] = tri[i - 1][2];
    }
    tid[i] = collide_world_add_triangle(w, &tri[i][0], &tri[i][1], &tri[i][2]);
    tlayer[i] = 1 << (i % 3);
    if (tid[i] > 0) collide_world_set_layers(w, tid[i], tlayer[i]);
  }
  collide_world_build(w);
  return w;
}

/* A ray aimed at a feature of triangle i: an edge point, a vertex, a
   point inside, or lying in its plane. */
static void aim(int i, double s, collide_vec3 *p0, collide_vec3 *p1) {
  const collide_vec3 *t = tri[i];
  collide_vec3 target;
  int kind = (int)(rnd() * 5);
  if (kind == 0) target = t[(int)(rnd() * 3)];
  else if (kind == 1) target = lerp(t[0], t[1], rin(0, 1));
  else if (kind == 2) target = lerp(lerp(t[0], t[1], rnd()), t[2], rnd());
  else target = lerp(t[1], t[2], rin(-0.5, 1.5));
  *p0 = V(target.x + rin(-s, s), target.y + rin(-s, s), target.z + rin(-s, s));
  if (kind == 4) *p0 = lerp(t[0], target, rin(-2, 0));   /* in the plane */
  *p1 = lerp(*p0, target, rin(0.5, 3));
}

static int check_world(double s, double o, int queries) {
  collide_world *w = make_world(s, o);
  int q, i;
  for (q = 0; q < queries; q++) {
    collide_vec3 p0, p1;
    collide_hit best, h, wh;
    collide_world_hit all[NT];
    int found = 0, best_id = 0, wid, rc, n, mask = q % 4 == 0 ? -1 : q % 4;
    int nall = 0;
    if (rnd() < 0.8) {
      i = (int)(rnd() * NT);
      if (tid[i] <= 0) continue;
      aim(i, s, &p0, &p1);
    } else {
      p0 = V(o + rin(-2 * s, 2 * s), o + rin(-2 * s, 2 * s), o + rin(-2 * s, 2 * s));
      p1 = V(o + rin(-2 * s, 2 * s), o + rin(-2 * s, 2 * s), o + rin(-2 * s, 2 * s));
    }
    for (i = 0; i < NT; i++) {
      if (tid[i] <= 0 || (mask >= 0 && !(tlayer[i] & mask))) continue;
      rc = collide_raycast_triangle(&p0, &p1, &tri[i][0], &tri[i][1], &tri[i][2], &h);
      ENSURE(rc == 0 || rc == 1);
      if (rc == 1) {
        nall++;
        if (!found || h.u < best.u) { best = h; best_id = tid[i]; found = 1; }
      }
    }
    rc = mask >= 0 ? collide_world_raycast(w, &p0, &p1, collide_world_layer_filter, &mask, &wh, &wid)
                   : collide_world_raycast(w, &p0, &p1, NULL, NULL, &wh, &wid);
    ENSURE(rc == found);
    if (found) {
      ENSURE(wid == best_id);
      ENSURE(same_hit(&wh, &best));
    }
    n = mask >= 0 ? collide_world_raycast_all(w, &p0, &p1, collide_world_layer_filter, &mask, all, NT)
                  : collide_world_raycast_all(w, &p0, &p1, NULL, NULL, all, NT);
    ENSURE(n == nall);
    for (i = 0; i < n; i++) {
      int k = 0;
      while (k < NT && tid[k] != all[i].id) k++;
      ENSURE(k < NT);
      ENSURE(collide_raycast_triangle(&p0, &p1, &tri[k][0], &tri[k][1], &tri[k][2], &h) == 1);
      ENSURE(same_hit(&all[i].hit, &h));
    }
  }
  collide_world_free(w);
  return 0;
}

static int test_unit_scale(void) { return check_world(1, 0, 20000); }
static int test_far_from_origin(void) { return check_world(1, 1e7, 10000); }
static int test_tiny(void) { return check_world(1e-30, 0, 5000); }
static int test_near_the_limit(void) { return check_world(1e48, 0, 5000); }
static int test_huge_and_far(void) { return check_world(1e3, 3e49, 5000); }

TEST_MAIN_BEGIN
  RUN_TEST(test_unit_scale);
  RUN_TEST(test_far_from_origin);
  RUN_TEST(test_tiny);
  RUN_TEST(test_near_the_limit);
  RUN_TEST(test_huge_and_far);
TEST_MAIN_END
