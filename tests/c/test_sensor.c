/*
 * test_sensor.c -- sensors (collide_sensor.c) and the ids of a restored
 * world (collide_world_set_next_id, collide_world__add_unit_plane), in C:
 * the events of axis-aligned passes at their exact moments, the taking
 * of events with too small an array, sensors seen by overlaps only (a
 * triangle of the static hierarchy too), ids skipped never given, a
 * spinning beam sensor sweeping past a coin within a step, a plank
 * spinning 65,536 rad a step whose events come in order.
 * A plain executable: returns 1 on the first failed check.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "collide.h"
#include "test.h"

static collide_vec3 V(double x, double y, double z) {
  collide_vec3 v;
  v.x = x; v.y = y; v.z = z;
  return v;
}

/*        sensor: x in [9, 11]
 *   o ---------[=====]--------->   a sphere of radius 0.5 from x = 0 to
 *   x = 20 in one step: it touches for x in [8.5, 11.5], u in [0.425, 0.575] */
static int bullet_through_sensor(void) {
  collide_world *w = collide_world_new();
  collide_vec3 c = V(10, 0, 0), e = V(1, 1, 0), o = V(0, 0, 0), d = V(20, 0, 0);
  collide_sensor_event ev[4];
  int s = collide_world_add_aabb(w, &c, &e), b = collide_world_add_sphere(w, &o, 0.5);
  ENSURE(collide_world_set_sensor(w, s, 1) == 1);
  ENSURE(collide_world_sensor(w, s) == 1 && collide_world_sensor(w, b) == 0);
  ENSURE(collide_world_sensor(w, 99) == -1 && collide_world_set_sensor(w, 99, 1) == 0);
  ENSURE(collide_world_set_velocity(w, b, &d) == 1);
  ENSURE(collide_world_advance(w) == 0);
  ENSURE(collide_world_sensor_events(w, ev, 1) == 2);   /* no room: kept */
  ENSURE(collide_world_sensor_events(w, ev, 4) == 2);
  ENSURE(ev[0].sensor == s && ev[0].id == b && ev[0].begin == 1);
  ENSURE(ev[1].sensor == s && ev[1].id == b && ev[1].begin == 0);
  ENSURE_NEAR(ev[0].u, 0.425, 1e-15);
  ENSURE_NEAR(ev[1].u, 0.575, 1e-15);
  ENSURE(collide_world_sensor_events(w, ev, 4) == 0);   /* taken */
  collide_world_free(w);
  return 0;
}

/* A sensor blocks no sweep or ray, a triangle of the static hierarchy
   included; overlaps list it. */
static int sensors_block_nothing(void) {
  collide_world *w = collide_world_new();
  collide_vec3 a = V(-1, -1, 0), b = V(1, -1, 0), c = V(0, 1, 0);
  collide_vec3 p0 = V(0, 0, 5), p1 = V(0, 0, -5), o = V(0, 0, 0);
  collide_hit h;
  int id, t = collide_world_add_triangle(w, &a, &b, &c), ids[4];
  ENSURE(collide_world_build(w) == 0);
  ENSURE(collide_world_raycast(w, &p0, &p1, NULL, NULL, &h, &id) == 1);
  ENSURE(collide_world_set_sensor(w, t, 1) == 1);
  ENSURE(collide_world_raycast(w, &p0, &p1, NULL, NULL, &h, &id) == 0);
  ENSURE(collide_world_sweep_sphere(w, 0.5, &p0, &p1, NULL, NULL, &h, &id) == 0);
  ENSURE(collide_world_overlap_point(w, &o, NULL, NULL, ids, 4) == 1 && ids[0] == t);
  ENSURE(collide_world_build(w) == 0);   /* (rebuilt: still out of the static rays) */
  ENSURE(collide_world_raycast(w, &p0, &p1, NULL, NULL, &h, &id) == 0);
  ENSURE(collide_world_set_sensor(w, t, 0) == 1);
  ENSURE(collide_world_raycast(w, &p0, &p1, NULL, NULL, &h, &id) == 1 && id == t);
  collide_world_free(w);
  return 0;
}

/* Ids skipped by set_next_id are never given; the next continues. */
static int next_id(void) {
  collide_world *w = collide_world_new();
  collide_vec3 o = V(0, 0, 0), n = V(0.6, 0.8, 0);
  collide_world_shape g;
  int id;
  ENSURE(collide_world_next_id(w) == 1);
  ENSURE(collide_world_set_next_id(w, 5000) == 1);
  ENSURE(collide_world_set_next_id(w, 4999) < 0);   /* never back */
  ENSURE(collide_world_set_next_id(w, 0x7fffffff) < 0);
  id = collide_world_add_sphere(w, &o, 1);
  ENSURE(id == 5000);
  ENSURE(collide_world_next(w, 0) == 5000 && collide_world_next(w, 5000) == 0);
  ENSURE(collide_world_kind(w, 1) == COLLIDE_SHAPE_NONE);
  ENSURE(collide_world_set_next_id(w, 20000) == 1);
  ENSURE(collide_world__add_unit_plane(w, &n, 2.5) == 20000);
  ENSURE(collide_world_get(w, 20000, &g) == 1);
  ENSURE(g.plane.normal.x == 0.6 && g.plane.normal.y == 0.8 && g.plane.d == 2.5);
  n = V(0, 2, 0);
  ENSURE(collide_world__add_unit_plane(w, &n, 0) < 0);   /* not unit */
  ENSURE(collide_world_remove(w, 5000) == 1);
  ENSURE(collide_world_next(w, 0) == 20000);
  ENSURE(collide_world_count(w) == 1);
  collide_world_free(w);
  return 0;
}

/* A beam sensor from its pivot out to x = 10, 0.1 thick, a quarter turn
   a step, and a coin of radius 0.25 at (3, 3) (45 degrees): clear of
   each other at both ends of the step, touching while the beam's side is
   within 0.3 of the coin's centre, the beam's angle within
   asin(0.3 / sqrt 18) of 45 degrees. The begin never after that moment,
   at most 1e-9 of the motion (the tip's 10 pi / 2) over the coin's
   closing speed (sqrt 18 pi / 2) before it; the end as far the other
   way. */
static int spinning_beam(void) {
  collide_world *w = collide_world_new();
  double block[512];
  collide_vec3 pts[4], o = V(0, 0, 0), coin = V(3, 3, 0);
  collide_rotation rot, spin;
  collide_sensor_event ev[4];
  double half = asin(0.3 / sqrt(18.0)), pi = 3.14159265358979323846;
  double u0 = (pi / 4 - half) / (pi / 2), u1 = (pi / 4 + half) / (pi / 2);
  double du = 2e-9 * 10 / sqrt(18.0);
  int beam, c;
  pts[0] = V(0, -0.05, 0); pts[1] = V(10, -0.05, 0);
  pts[2] = V(10, 0.05, 0); pts[3] = V(0, 0.05, 0);
  memset(&rot, 0, sizeof rot);
  rot.is_angle = 1;
  spin = rot;
  spin.angle = pi / 2;
  ENSURE(collide_convex_init(pts, 4, block, sizeof block) > 0);
  beam = collide_world_add_convex(w, (const collide_convex *)(void *)block, &o, &rot);
  c = collide_world_add_sphere(w, &coin, 0.25);
  ENSURE(collide_world_set_sensor(w, beam, 1) == 1);
  ENSURE(collide_world_set_spin(w, beam, &spin) == 1);
  ENSURE(collide_world_advance(w) == 0);
  ENSURE(collide_world_sensor_events(w, ev, 4) == 2);
  ENSURE(ev[0].sensor == beam && ev[0].id == c && ev[0].begin == 1);
  ENSURE(ev[1].sensor == beam && ev[1].id == c && ev[1].begin == 0);
  ENSURE(ev[0].u <= u0 + 1e-15 && ev[0].u >= u0 - du);
  ENSURE(ev[1].u >= u1 - 1e-15 && ev[1].u <= u1 + du);
  /* the next step: the beam from 90 to 180 degrees, clear of the coin */
  ENSURE(collide_world_advance(w) == 0);
  ENSURE(collide_world_sensor_events(w, ev, 4) == 0);
  collide_world_free(w);
  return 0;
}

/* A plank 2.5 x 5.5 spinning 65,536 rad a step (10,430 turns) as a sensor,
   moving, and a point (a sphere of radius 0) passing: every interval's
   begin comes no later than its end. Each search for a contact stops
   within the tolerance of one, and the forward search for the next
   begin after a time apart could stop past where the backward one found
   the last contact: the last interval then began after it ended
   (sample_spans, which now stops a begin at the last contact, as the
   walk does). The events of the pair, in their order, alternate from
   the state at u = 0 (touching when the first is an end), ties at one u
   in either order. */
static int spinning_plank_events_in_order(void) {
  collide_world *w = collide_world_new();
  static double block[512];
  collide_vec3 e = V(1.25, 2.75, 0), p = V(1.25, -2.25, 0), v = V(-5.5, 6, 0);
  collide_vec3 a = V(1.25, -3.25, 0), vb = V(-4.25, -7, 0);
  collide_rotation rot, spin;
  collide_sensor_event ev[256];
  int plank, pt, n, i, open;
  memset(&rot, 0, sizeof rot);
  rot.is_angle = 1;
  rot.angle = 3.125;
  spin = rot;
  spin.angle = 65536;
  ENSURE(collide_convex_box_init(&e, block, sizeof block) > 0);
  plank = collide_world_add_convex(w, (const collide_convex *)(void *)block, &p, &rot);
  pt = collide_world_add_sphere(w, &a, 0);
  ENSURE(plank > 0 && pt > 0);
  ENSURE(collide_world_set_spin(w, plank, &spin) == 1);
  ENSURE(collide_world_set_velocity(w, plank, &v) == 1);
  ENSURE(collide_world_set_velocity(w, pt, &vb) == 1);
  ENSURE(collide_world_set_sensor(w, plank, 1) == 1);
  ENSURE(collide_world_advance(w) == 0);
  n = collide_world_sensor_events(w, ev, 256);
  ENSURE(n > 2 && n <= 256);
  open = ev[0].begin == 0;
  for (i = 0; i < n;) {
    int j = i, nb = 0, ne = 0;
    while (j < n && ev[j].u == ev[i].u) {
      ENSURE(ev[j].sensor == plank && ev[j].id == pt);
      if (ev[j].begin) nb++; else ne++;
      j++;
    }
    if (open) {
      ENSURE(ne == nb || ne == nb + 1);
      open = ne == nb;
    } else {
      ENSURE(nb == ne || nb == ne + 1);
      open = nb == ne + 1;
    }
    i = j;
  }
  collide_world_free(w);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(bullet_through_sensor);
  RUN_TEST(sensors_block_nothing);
  RUN_TEST(next_id);
  RUN_TEST(spinning_beam);
  RUN_TEST(spinning_plank_events_in_order);
TEST_MAIN_END
