/*
 * test_penetration.c -- collide_world_penetration_*, and the mover's
 * push-out of the shapes it starts in, "oneway" and every contact, through
 * the core's C API (the Lua specs are spec/controller_contacts_spec.lua).
 */
#include <string.h>
#include "collide.h"
#include "test_hit.h"

#define FAIL(arg, reason) (-((arg) * 256 + (reason)))

static collide_penetration pens[32];
static collide_contact cts[64];
static collide_move_result res;

/* Boxes in a box: every axis, exact; touching lists a depth of 0. */
static int test_box_closed_forms(void) {
  collide_world *w = collide_world_new();
  collide_vec3 c = V(0, 0, 0), e = V(1, 2, 3), q = V(0.5, 0.25, -2.5), qe = V(1, 1, 1);
  int n;
  ENSURE(collide_world_add_aabb(w, &c, &e) == 1);
  n = collide_world_penetration_aabb(w, &q, &qe, NULL, NULL, pens, 32);
  ENSURE(n == 1 && pens[0].id == 1);
  ENSURE(pens[0].depth == 1.5);
  q = V(2, 0, 0);
  n = collide_world_penetration_aabb(w, &q, &qe, NULL, NULL, pens, 32);
  ENSURE(n == 1 && pens[0].depth == 0);
  ENSURE(pens[0].normal.x == 1 && pens[0].normal.y == 0 && pens[0].normal.z == 0);
  /* a sphere whose centre is 0.25 below the top: out by 0.25 + r */
  q = V(0.1, 1.75, 0.2);
  n = collide_world_penetration_sphere(w, &q, 0.5, NULL, NULL, pens, 32);
  ENSURE(n == 1 && pens[0].normal.y == 1);
  ENSURE_NEAR(pens[0].depth, 0.75, 1e-15);
  /* a capsule lying across it, its axis along x: out along y or z */
  {
    collide_vec3 a = V(-3, 1.5, 0), b = V(3, 1.5, 0);
    n = collide_world_penetration_capsule(w, &a, &b, 0.25, NULL, NULL, pens, 32);
    ENSURE(n == 1 && pens[0].normal.y == 1);
    ENSURE_NEAR(pens[0].depth, 0.75, 1e-15);
  }
  collide_world_free(w);
  return 0;
}

/* Ascending ids, counted past cap, the mask applied; argument errors. */
static int test_list_and_errors(void) {
  collide_world *w = collide_world_new();
  collide_vec3 c, e = V(1, 1, 0), q = V(0, 0.5, 0), qe = V(20, 1, 0);
  int i, n, mask = 2;
  for (i = 0; i < 10; i++) {
    c = V(-9 + 2 * i, 0, 0);
    ENSURE(collide_world_add_aabb(w, &c, &e) == i + 1);
  }
  n = collide_world_penetration_aabb(w, &q, &qe, NULL, NULL, pens, 4);
  ENSURE(n == 10);
  n = collide_world_penetration_aabb(w, &q, &qe, NULL, NULL, pens, 32);
  ENSURE(n == 10);
  for (i = 0; i < 10; i++) {
    ENSURE(pens[i].id == i + 1);
    ENSURE(pens[i].depth == 1.5 && pens[i].normal.y == 1);
  }
  ENSURE(collide_world_set_layers(w, 3, 2) == 1);
  n = collide_world_penetration_aabb(w, &q, &qe, collide_world_layer_filter, &mask, pens, 32);
  ENSURE(n == 1 && pens[0].id == 3);
  ENSURE(collide_world_penetration_sphere(w, &q, -1, NULL, NULL, pens, 32) ==
         FAIL(3, COLLIDE_E_NEG_RADIUS));
  qe = V(1, -1, 0);
  ENSURE(collide_world_penetration_aabb(w, &q, &qe, NULL, NULL, pens, 32) ==
         FAIL(3, COLLIDE_E_NEG_EXTENT));
  q = V(NAN, 0, 0);
  ENSURE(collide_world_penetration_capsule(w, &q, &c, 1, NULL, NULL, pens, 32) ==
         FAIL(2, COLLIDE_E_VEC_NAN));
  collide_world_free(w);
  return 0;
}

/* 2D: a flat triangle is a solid region of its plane: a circle or a flat
   box inside it is pushed across the nearest edge, in the plane. */
static int test_flat_2d(void) {
  collide_world *w = collide_world_new();
  collide_vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0), q = V(1, 0.5, 0);
  collide_vec3 qe = V(0.25, 0.25, 0);
  ENSURE(collide_world_add_triangle(w, &a, &b, &c) == 1);
  ENSURE(collide_world_penetration_sphere(w, &q, 0.25, NULL, NULL, pens, 32) == 1);
  ENSURE(pens[0].normal.z == 0 && pens[0].normal.y == -1);
  ENSURE_NEAR(pens[0].depth, 0.75, 1e-15);
  ENSURE(collide_world_penetration_aabb(w, &q, &qe, NULL, NULL, pens, 32) == 1);
  ENSURE(pens[0].normal.z == 0 && pens[0].normal.y == -1);
  ENSURE_NEAR(pens[0].depth, 0.75, 1e-15);
  collide_world_free(w);
  return 0;
}

static collide_mover box(double ex, double ey) {
  collide_mover m;
  memset(&m, 0, sizeof m);
  m.kind = COLLIDE_MOVER_AABB;
  m.extents = V(ex, ey, 0);
  return m;
}

/* The box 1 px into a tile: pushed out, a contact of depth 1 at
   u = 0, then it moves and lands, grounded. */
static int test_push_out(void) {
  collide_world *w = collide_world_new();
  collide_vec3 c = V(0, 0, 0), e = V(8, 8, 0), from = V(0, -21, 0), to = V(5, -18, 0);
  collide_mover m = box(6, 14);
  collide_move_options o;
  collide_move_options_init(&o);
  o.use_up = 1;
  o.up = V(0, -1, 0);
  ENSURE(collide_world_add_aabb(w, &c, &e) == 1);
  ENSURE(collide_world_move(w, &m, &from, &to, &o, NULL, NULL, cts, 64, &res) == 0);
  ENSURE(res.grounded == 1);
  ENSURE(res.position.y < -22 && res.position.y > -22.01);
  ENSURE(res.ncontacts >= 1 && cts[0].id == 1 && cts[0].u == 0 && cts[0].depth == 1);
  ENSURE(!cts[0].stuck);
  /* squeezed: stays, stuck */
  {
    collide_vec3 c2 = V(0, -22, 0), e2 = V(50, 8, 0), p = V(0, -7, 0), p2 = V(3, -6, 0);
    collide_mover tall = box(6, 10);
    c = V(0, 8, 0);
    e = V(50, 8, 0);
    collide_world_free(w);
    w = collide_world_new();
    ENSURE(collide_world_add_aabb(w, &c, &e) == 1);
    ENSURE(collide_world_add_aabb(w, &c2, &e2) == 2);
    ENSURE(collide_world_move(w, &tall, &p, &p2, &o, NULL, NULL, cts, 64, &res) == 0);
    ENSURE(res.position.x == 0 && res.position.y == -7);
    ENSURE(res.ncontacts == 2 && cts[0].stuck && cts[1].stuck);
  }
  /* a NaN max_push is the options' error (< 0 is the default) */
  o.max_push = NAN;
  ENSURE(collide_world_move(w, &m, &from, &to, &o, NULL, NULL, cts, 64, &res) ==
         FAIL(5, COLLIDE_E_NAN));
  collide_world_free(w);
  return 0;
}

static int oneway_filter(void *ctx, int id, const collide_vec3 *n) {
  (void)ctx;
  (void)id;
  (void)n;
  return COLLIDE_RESPONSE_ONEWAY;
}

/* "oneway": from above it holds, from below it does not; without up it
   is the options' error. */
static int test_oneway(void) {
  collide_world *w = collide_world_new();
  collide_vec3 c = V(0, 50, 0), e = V(30, 4, 0), a = V(0, 20, 0), b = V(0, 40, 0);
  collide_vec3 lo = V(0, 75, 0), hi = V(0, 25, 0);
  collide_mover m = box(6, 14);
  collide_move_options o;
  collide_move_options_init(&o);
  ENSURE(collide_world_add_aabb(w, &c, &e) == 1);
  ENSURE(collide_world_move(w, &m, &a, &b, &o, oneway_filter, NULL, cts, 64, &res) ==
         FAIL(5, COLLIDE_E_ONEWAY_UP));
  o.use_up = 1;
  o.up = V(0, -1, 0);
  ENSURE(collide_world_move(w, &m, &a, &b, &o, oneway_filter, NULL, cts, 64, &res) == 0);
  ENSURE(res.grounded == 1 && res.position.y < 32 && res.position.y > 31.99);
  ENSURE(collide_world_move(w, &m, &lo, &hi, &o, oneway_filter, NULL, cts, 64, &res) == 0);
  ENSURE(res.position.y == 25);
  collide_world_free(w);
  return 0;
}

/* A landing across three tiles lists the three, by id, at one u. */
static int test_every_contact(void) {
  collide_world *w = collide_world_new();
  collide_vec3 c1 = V(16, 8, 0), c2 = V(32, 8, 0), c3 = V(0, 8, 0), e = V(8, 8, 0);
  collide_vec3 a = V(16, -20, 0), b = V(16, -5, 0);
  collide_mover m = box(14, 14);
  collide_move_options o;
  collide_move_options_init(&o);
  o.use_up = 1;
  o.up = V(0, -1, 0);
  ENSURE(collide_world_add_aabb(w, &c1, &e) == 1);
  ENSURE(collide_world_add_aabb(w, &c2, &e) == 2);
  ENSURE(collide_world_add_aabb(w, &c3, &e) == 3);
  ENSURE(collide_world_move(w, &m, &a, &b, &o, NULL, NULL, cts, 64, &res) == 0);
  ENSURE(res.ncontacts == 3);
  ENSURE(cts[0].id == 1 && cts[1].id == 2 && cts[2].id == 3);
  ENSURE(cts[0].u == cts[1].u && cts[1].u == cts[2].u);
  collide_world_free(w);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_box_closed_forms);
  RUN_TEST(test_list_and_errors);
  RUN_TEST(test_flat_2d);
  RUN_TEST(test_push_out);
  RUN_TEST(test_oneway);
  RUN_TEST(test_every_contact);
TEST_MAIN_END
