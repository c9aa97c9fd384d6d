/*
 * test_mover.c -- collide_world_move: the one mover loop for spheres, boxes
 * and capsules, its per-shape responses, the controller's options, moving
 * shapes, and the argument positions of its errors.
 */
#include <string.h>
#include "collide.h"
#include "test_hit.h"

#define FAIL(arg, reason) (-((arg) * 256 + (reason)))

static collide_mover shape_of(int kind) {
  collide_mover m;
  memset(&m, 0, sizeof m);
  m.kind = kind;
  m.r = 0.5;
  m.extents = V(0.5, 0.5, 0.5);
  if (kind == COLLIDE_MOVER_CAPSULE) {
    m.r = 0.25;
    m.axis = V(0, 0.25, 0);
  }
  return m;
}

static collide_contact cts[32];
static collide_move_result res;

static int move(collide_world *w, const collide_mover *m, collide_vec3 a,
                collide_vec3 b, const collide_move_options *o,
                collide_move_filter f, void *ctx) {
  return collide_world_move(w, m, &a, &b, o, f, ctx, cts, 32, &res);
}

/* Each shape falls onto a floor and rests there, bit for bit, grounded,
   its velocity stopped by the floor; the ground is the floor. */
static int test_rest(void) {
  int kind;
  for (kind = 0; kind < 3; kind++) {
    collide_world *w = collide_world_new();
    collide_vec3 c = V(0, -1, 0), e = V(50, 1, 50), p = V(0, 3, 0), rest = p;
    collide_mover m = shape_of(kind);
    collide_move_options o;
    double vy = 0;
    int i, floor = collide_world_add_aabb(w, &c, &e);
    collide_move_options_init(&o);
    o.use_up = 1;
    o.use_velocity = 1;
    for (i = 0; i < 600; i++) {
      vy -= 9.81 / 60;
      o.velocity = V(0, vy, 0);
      ENSURE(move(w, &m, p, V(p.x, p.y + vy / 60, p.z), &o, NULL, NULL) == 0);
      p = res.position;
      vy = res.velocity.y;
      if (i == 200) rest = p;
      if (i > 200) {
        ENSURE(p.x == rest.x && p.y == rest.y && p.z == rest.z);
        ENSURE(res.grounded == 1 && res.ground_id == floor);
        ENSURE(res.ground_normal.y == 1);
        ENSURE(vy == 0);
      }
    }
    ENSURE_NEAR(p.y, 0.5, 1e-3);
    collide_world_free(w);
  }
  return 0;
}

/* Responses per shape: ignore passes through unreported, cross passes
   through reported, touch stops there. */
static int respond(void *ctx, int id, const collide_vec3 *n) {
  const int *answer = (const int *)ctx;
  (void)n;
  return answer[id];
}

static int test_responses(void) {
  collide_world *w = collide_world_new();
  collide_vec3 c1 = V(3, 0, 0), c2 = V(8, 0, 0), e = V(0.5, 2, 2);
  collide_mover m = shape_of(COLLIDE_MOVER_SPHERE);
  collide_move_options o;
  int a = collide_world_add_aabb(w, &c1, &e), b = collide_world_add_aabb(w, &c2, &e);
  int answer[3];
  collide_move_options_init(&o);
  answer[a] = COLLIDE_RESPONSE_IGNORE;
  answer[b] = COLLIDE_RESPONSE_IGNORE;
  ENSURE(move(w, &m, V(0, 0, 0), V(20, 0, 0), &o, respond, answer) == 0);
  ENSURE(res.position.x == 20 && res.ncontacts == 0);
  answer[a] = COLLIDE_RESPONSE_CROSS;
  answer[b] = COLLIDE_RESPONSE_STOP;
  ENSURE(move(w, &m, V(0, 0, 0), V(20, 0, 0), &o, respond, answer) == 0);
  ENSURE(res.ncontacts == 2 && cts[0].id == a && cts[1].id == b);
  ENSURE(cts[0].u < cts[1].u);
  ENSURE(res.position.x < 7 && res.position.x > 7 - 1e-3);
  /* an abort value passes through unchanged */
  answer[a] = -77;
  ENSURE(move(w, &m, V(0, 0, 0), V(20, 0, 0), &o, respond, answer) == -77);
  collide_world_free(w);
  return 0;
}

/* A box standing on a platform that moves sideways and down is carried
   with it (carry), and left behind without. */
static int test_carry(void) {
  collide_world *w = collide_world_new();
  collide_vec3 c = V(0, 0, 0), e = V(3, 0.2, 3), d = V(0.1, -0.05, 0);
  collide_mover m = shape_of(COLLIDE_MOVER_AABB);
  collide_move_options o;
  int i, plat = collide_world_add_aabb(w, &c, &e);
  collide_vec3 p = V(0, 0.7 + 1e-4, 0);
  collide_move_options_init(&o);
  o.use_up = 1;
  ENSURE(collide_world_set_velocity(w, plat, &d) == 1);
  for (i = 0; i < 20; i++) {
    ENSURE(move(w, &m, p, V(p.x, p.y - 0.01, p.z), &o, NULL, NULL) == 0);
    p = res.position;
    ENSURE(res.grounded == 1 && res.ground_id == plat);
    ENSURE(collide_world_advance(w) == 0);
  }
  ENSURE_NEAR(p.x, 20 * 0.1, 1e-9);
  ENSURE_NEAR(p.y, 0.7 - 20 * 0.05, 1e-3);
  o.carry = 0;
  ENSURE(move(w, &m, p, p, &o, NULL, NULL) == 0);
  ENSURE(res.position.x == p.x);
  collide_world_free(w);
  return 0;
}

/* Errors name the argument of the Lua call: the options are #5, or #6
   for the capsule (its axis comes first). */
static int test_errors(void) {
  collide_world *w = collide_world_new();
  collide_mover s = shape_of(COLLIDE_MOVER_SPHERE), c = shape_of(COLLIDE_MOVER_CAPSULE);
  collide_move_options o;
  collide_move_options_init(&o);
  o.snap = -1;
  ENSURE(move(w, &s, V(0, 0, 0), V(1, 0, 0), &o, NULL, NULL) ==
         FAIL(5, COLLIDE_E_NEG_SNAP));
  ENSURE(move(w, &c, V(0, 0, 0), V(1, 0, 0), &o, NULL, NULL) ==
         FAIL(6, COLLIDE_E_NEG_SNAP));
  collide_move_options_init(&o);
  o.step_height = -1;
  ENSURE(move(w, &s, V(0, 0, 0), V(1, 0, 0), &o, NULL, NULL) ==
         FAIL(5, COLLIDE_E_NEG_STEP));
  collide_move_options_init(&o);
  c.axis.y = NAN;
  ENSURE(move(w, &c, V(0, 0, 0), V(1, 0, 0), &o, NULL, NULL) ==
         FAIL(3, COLLIDE_E_VEC_NAN));
  ENSURE(move(w, &s, V(0, 0, 0), V(INFINITY, 0, 0), &o, NULL, NULL) ==
         FAIL(4, COLLIDE_E_VEC_INF));
  s.r = -1;
  ENSURE(move(w, &s, V(0, 0, 0), V(1, 0, 0), &o, NULL, NULL) ==
         FAIL(2, COLLIDE_E_NEG_RADIUS));
  collide_world_free(w);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_rest);
  RUN_TEST(test_responses);
  RUN_TEST(test_carry);
  RUN_TEST(test_errors);
TEST_MAIN_END
