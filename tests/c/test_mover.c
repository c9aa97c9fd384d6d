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

/* ---- collide_world_move_shape ---------------------------------------------- */

/* A move filter that ignores one id (ctx), the pattern move_shape replaces. */
static int ignore_id(void *ctx, int id, const collide_vec3 *n) {
  (void)n;
  return id == *(const int *)ctx ? COLLIDE_RESPONSE_IGNORE : COLLIDE_RESPONSE_DEFAULT;
}

/* A level: a floor, a step, a ramp, a wall, another NPC; then the NPC of
   the kind asked for, standing at x = -3. Returns its id. */
static int npc_level(collide_world *w, int kind) {
  collide_vec3 c = V(0, -0.5, 0), e = V(20, 0.5, 20), a, b, t;
  (void)collide_world_add_aabb(w, &c, &e);
  c = V(1, 0.1, 0); e = V(0.5, 0.1, 3);
  (void)collide_world_add_aabb(w, &c, &e);
  a = V(3, 0, -3); b = V(6, 1, -3); t = V(6, 1, 3);
  (void)collide_world_add_triangle(w, &a, &b, &t);
  c = V(8, 1, 0); e = V(0.5, 1, 5);
  (void)collide_world_add_aabb(w, &c, &e);
  c = V(2.5, 0.4 + 1e-5, 1);
  (void)collide_world_add_sphere(w, &c, 0.4);
  switch (kind) {
  case COLLIDE_SHAPE_SPHERE:
    c = V(-3, 0.4 + 1e-5, 0.5);
    return collide_world_add_sphere(w, &c, 0.4);
  case COLLIDE_SHAPE_AABB:
    c = V(-3, 0.5 + 1e-5, 0.5); e = V(0.3, 0.5, 0.3);
    return collide_world_add_aabb(w, &c, &e);
  default:
    a = V(-3, 0.3 + 1e-5, 0.5); b = V(-3, 1.3 + 1e-5, 0.5);
    return collide_world_add_capsule(w, &a, &b, 0.3);
  }
}

static int same_vec(collide_vec3 a, collide_vec3 b) {
  return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* Frame after frame, move_shape answers as collide_world_move of the same
   shape with a filter ignoring it, then the update, bit for bit; the shape
   is where the mover stopped. */
static int test_move_shape_same(void) {
  static const int kinds[3] = {COLLIDE_SHAPE_SPHERE, COLLIDE_SHAPE_AABB,
                               COLLIDE_SHAPE_CAPSULE};
  static collide_contact ctb[32];
  int k;
  for (k = 0; k < 3; k++) {
    collide_world *wa = collide_world_new(), *wb = collide_world_new();
    int ida = npc_level(wa, kinds[k]), idb = npc_level(wb, kinds[k]), i, j;
    collide_move_options o;
    collide_move_result rb;
    collide_vec3 vel = V(3, 0, 0);
    ENSURE(ida == idb);
    collide_move_options_init(&o);
    o.use_up = 1;
    o.use_velocity = 1;
    o.step_height = 0.25;
    o.snap = 0.3;
    for (i = 0; i < 180; i++) {
      collide_world_shape g;
      collide_mover m;
      collide_vec3 from, to;
      memset(&m, 0, sizeof m);
      ENSURE(collide_world_get(wb, idb, &g) == 1);
      if (g.kind == COLLIDE_SHAPE_CAPSULE) {
        m.kind = COLLIDE_MOVER_CAPSULE;
        m.r = g.r;
        from = V((g.a.x + g.b.x) * 0.5, (g.a.y + g.b.y) * 0.5, (g.a.z + g.b.z) * 0.5);
        m.axis = V((g.b.x - g.a.x) * 0.5, (g.b.y - g.a.y) * 0.5, (g.b.z - g.a.z) * 0.5);
      } else {
        m.kind = g.kind == COLLIDE_SHAPE_SPHERE ? COLLIDE_MOVER_SPHERE : COLLIDE_MOVER_AABB;
        m.r = g.r;
        m.extents = g.b;
        from = g.a;
      }
      o.velocity = V(3, vel.y - 20.0 / 60, i % 40 < 20 ? 0.5 : -0.5);
      if (i % 70 == 69) o.velocity.y = 5;
      to = V(from.x + o.velocity.x / 60, from.y + o.velocity.y / 60,
             from.z + o.velocity.z / 60);
      ENSURE(collide_world_move_shape(wa, ida, &to, &o, NULL, NULL, cts, 32, &res) == 1);
      ENSURE(collide_world_move(wb, &m, &from, &to, &o, ignore_id, &idb, ctb, 32, &rb) == 0);
      ENSURE(same_vec(res.position, rb.position));
      ENSURE(same_vec(res.velocity, rb.velocity));
      ENSURE(res.grounded == rb.grounded && res.ground_id == rb.ground_id);
      ENSURE(res.ncontacts == rb.ncontacts);
      for (j = 0; j < res.ncontacts; j++)
        ENSURE(cts[j].id == ctb[j].id && cts[j].u == ctb[j].u &&
               same_vec(cts[j].normal, ctb[j].normal));
      if (g.kind == COLLIDE_SHAPE_CAPSULE) {
        collide_vec3 d = V(rb.position.x - from.x, rb.position.y - from.y,
                           rb.position.z - from.z);
        collide_vec3 a = V(g.a.x + d.x, g.a.y + d.y, g.a.z + d.z);
        collide_vec3 b = V(g.b.x + d.x, g.b.y + d.y, g.b.z + d.z);
        ENSURE(collide_world_update_capsule(wb, idb, &a, &b, g.r) == 1);
      } else if (g.kind == COLLIDE_SHAPE_SPHERE) {
        ENSURE(collide_world_update_sphere(wb, idb, &rb.position, g.r) == 1);
      } else {
        ENSURE(collide_world_update_aabb(wb, idb, &rb.position, &g.b) == 1);
      }
      {
        collide_world_shape ga, gb;
        ENSURE(collide_world_get(wa, ida, &ga) == 1 && collide_world_get(wb, idb, &gb) == 1);
        ENSURE(same_vec(ga.a, gb.a) && same_vec(ga.b, gb.b) && ga.r == gb.r);
      }
      vel = res.velocity;
    }
    ENSURE(res.position.x > 3);   /* up the step and the ramp */
    collide_world_free(wa);
    collide_world_free(wb);
  }
  return 0;
}

/* A filter that tries to move the shape again, or remove it, from inside
   its own move: the world is locked. */
typedef struct relock { collide_world *w; int id, code; } relock;

static int try_change(void *ctx, int id, const collide_vec3 *n) {
  relock *r = (relock *)ctx;
  collide_vec3 to = V(0, 0, 0);
  collide_move_result rr;
  collide_move_options o;
  (void)id;
  (void)n;
  collide_move_options_init(&o);
  r->code = collide_world_move_shape(r->w, r->id, &to, &o, NULL, NULL, NULL, 0, &rr);
  if (r->code == 0) r->code = 1;
  if (collide_world_remove(r->w, r->id) != FAIL(0, COLLIDE_E_LOCKED)) r->code = 2;
  return COLLIDE_RESPONSE_DEFAULT;
}

/* Errors: no such shape (0, nothing done), a kind that cannot move
   (#2 in the core's numbering: the id), a bad `to` (3), an option (4, for
   every kind: the capsule's axis is not an argument of move_shape), and
   a locked world. */
static int test_move_shape_errors(void) {
  collide_world *w = collide_world_new();
  collide_vec3 a = V(0, 0, 0), b = V(1, 0, 0), c = V(0, 1, 0), e = V(4, 0.5, 4);
  collide_vec3 to = V(1, 1, 1), bad = V(NAN, 0, 0);
  collide_move_options o;
  relock r;
  int tri = collide_world_add_triangle(w, &a, &b, &c);
  int seg = collide_world_add_segment(w, &a, &b);
  int cap, sph;
  (void)collide_world_add_aabb(w, &a, &e);
  a = V(0, 3, 0); b = V(0, 4, 0);
  cap = collide_world_add_capsule(w, &a, &b, 0.5);
  a = V(5, 3, 0);
  sph = collide_world_add_sphere(w, &a, 0.5);
  collide_move_options_init(&o);
  ENSURE(collide_world_move_shape(w, 999, &to, &o, NULL, NULL, cts, 32, &res) == 0);
  ENSURE(collide_world_move_shape(w, 0, &to, &o, NULL, NULL, cts, 32, &res) == 0);
  ENSURE(collide_world_move_shape(w, -5, &to, &o, NULL, NULL, cts, 32, &res) == 0);
  ENSURE(collide_world_move_shape(w, tri, &to, &o, NULL, NULL, cts, 32, &res) ==
         FAIL(2, COLLIDE_E_NOT_MOVABLE));
  ENSURE(collide_world_move_shape(w, seg, &to, &o, NULL, NULL, cts, 32, &res) ==
         FAIL(2, COLLIDE_E_NOT_MOVABLE));
  ENSURE(collide_world_move_shape(w, cap, &bad, &o, NULL, NULL, cts, 32, &res) ==
         FAIL(3, COLLIDE_E_VEC_NAN));
  o.snap = -1;
  ENSURE(collide_world_move_shape(w, cap, &to, &o, NULL, NULL, cts, 32, &res) ==
         FAIL(4, COLLIDE_E_NEG_SNAP));
  ENSURE(collide_world_move_shape(w, sph, &to, &o, NULL, NULL, cts, 32, &res) ==
         FAIL(4, COLLIDE_E_NEG_SNAP));
  collide_move_options_init(&o);
  r.w = w;
  r.id = cap;
  r.code = 7;
  to = V(0, -5, 0);
  ENSURE(collide_world_move_shape(w, cap, &to, &o, try_change, &r, cts, 32, &res) == 1);
  ENSURE(r.code == FAIL(0, COLLIDE_E_LOCKED));
  ENSURE(res.ncontacts >= 1 && res.position.y > 0.5);
  ENSURE(collide_world_kind(w, cap) == COLLIDE_SHAPE_CAPSULE);
  ENSURE(!collide_world_locked(w));
  collide_world_free(w);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_rest);
  RUN_TEST(test_responses);
  RUN_TEST(test_carry);
  RUN_TEST(test_errors);
  RUN_TEST(test_move_shape_same);
  RUN_TEST(test_move_shape_errors);
TEST_MAIN_END
