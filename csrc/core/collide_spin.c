/*
 * collide_spin.c -- a spinning convex shape of the world (w:set_spin) met
 * by a sweep or a mover: the world's side of collide_turning.c's
 * conservative advancement.
 *
 * During a step the shape is at its place plus t * its velocity, turned
 * by its rotation followed by the fraction t of its spin
 * (collide__spin_rotation). A mover (a sphere, a box, a capsule, a convex
 * shape) sweeping from c0 to c1 over the moments t0 .. 1 of the step is
 * held where it starts while the shape moves by the rest: its corners (a
 * box's eight, a capsule's two ends, a sphere's centre, a convex mover's
 * turned hull's corners) grown by its radius are the fixed point set
 * collide__spin_sweep advances the turning hull against,
 * and the moment u is the same in both views (the world's point is the
 * hull's, moved back by the mover's u d).
 *
 * Touching at u = 0 is the exact answer of the hull frozen at its
 * rotation of the moment t0 (collide__sweep_*_convex: the u = 0 normal is
 * the shortest push out, as against a shape that does not turn); the
 * advancement decides every later moment: never after the first contact,
 * at most 1e-9 of the relative motion's size before it.
 */
#include "collide_spin.h"
#include "collide_turning.h"

int collide__mover_points(const collide__mover *m, vec3 c, vec3 *y, double *r) {
  int i;
  if (m->kind == MOVER_CONVEX) {
    for (i = 0; i < m->hull->vertex_count; i++) {
      vec3 v = m->hull->vertices[i];
      y[i] = v3(c.x + v_dot(m->R[0], v), c.y + v_dot(m->R[1], v), c.z + v_dot(m->R[2], v));
    }
    *r = 0;
    return m->hull->vertex_count;
  }
  if (m->kind == MOVER_AABB) {
    for (i = 0; i < 8; i++)
      y[i] = v3(c.x + ((i & 4) ? m->e.x : -m->e.x), c.y + ((i & 2) ? m->e.y : -m->e.y),
                c.z + ((i & 1) ? m->e.z : -m->e.z));
    *r = 0;
    return 8;
  }
  *r = m->r;
  if (m->kind == MOVER_CAPSULE && (m->axis.x != 0 || m->axis.y != 0 || m->axis.z != 0)) {
    y[0] = v_sub(c, m->axis);
    y[1] = v_add(c, m->axis);
    return 2;
  }
  y[0] = c;
  return 1;
}

int collide__spin_test(const shape *s, const collide__mover *m, const vec3 *c0,
                       const vec3 *c1, double t0, collide_hit *h) {
  const collide__cvx *c = s->g.cvx.c;
  const collide_convex *A = cvx_hull(c);
  collide_rotation at;
  vec3 y[COLLIDE_MAX_CONVEX_POINTS], pos, d = v_sub(*c1, *c0), rc0, rc1;
  double r;
  int n, rc;
  if (m->kind != MOVER_SPHERE && m->kind != MOVER_AABB && m->kind != MOVER_CAPSULE &&
      m->kind != MOVER_CONVEX) {
    /* another kind of mover: the shape at its rotation of the start of
       the step, moving by its velocity (as collide_query.c sweeps a
       shape that does not turn) */
    vec3 a = t0 > 0 ? v_madd(*c0, s->vel, -t0) : *c0, b = v_sub(*c1, s->vel);
    rc = collide__mover_test(s, m, &a, &b, h);
    if (rc == 1) h->point = v_madd(h->point, s->vel, t0 + h->u * (1 - t0));
    return rc;
  }
  if (collide__spin_rotation(&c->rot, &c->spin, t0, &at) != 0) return 0;
  /* touching at u = 0: the hull frozen at the moment t0, the mover's
     motion relative to its velocity */
  pos = v_madd(s->g.cvx.pos, s->vel, t0);
  rc0 = *c0;
  rc1 = v_madd(*c1, s->vel, -(1 - t0));
  n = collide__mover_points(m, *c0, y, &r);
  rc = collide__spin_sweep(A, &c->rot, &c->spin, &s->g.cvx.pos, &s->vel, t0, y, n, r,
                           &d, h);
  if (rc == 2) {
    collide_hit h0;
    int e;
    switch (m->kind) {
    case MOVER_AABB:
      e = collide__sweep_aabb_convex(&m->e, &rc0, &rc1, A, &at, &pos, &h0);
      break;
    case MOVER_CAPSULE:
      e = collide__sweep_capsule_convex(m->r, &m->axis, &rc0, &rc1, A, &at, &pos, &h0);
      break;
    case MOVER_CONVEX:
      /* the mover's hull against the frozen one: the normal from the
         obstacle (the second shape) toward the mover, its feature and
         point on the obstacle, as every obstacle's answer */
      e = collide_sweep_convex_convex(m->hull, &m->rot, &rc0, &rc1, A, &at, &pos, &h0);
      break;
    default:
      e = collide__sweep_sphere_convex(m->r, &rc0, &rc1, A, &at, &pos, &h0);
      break;
    }
    if (e == 1 && h0.u == 0) *h = h0;
    rc = 1;
  }
  return rc;
}

vec3 collide__spin_motion_to(const shape *s, vec3 p, double t0, double t1) {
  const collide__cvx *c = s->g.cvx.c;
  collide_rotation a, b;
  vec3 Ra[3], Rb[3], o, local, moved;
  if (collide__spin_rotation(&c->rot, &c->spin, t0, &a) != 0 ||
      collide__spin_rotation(&c->rot, &c->spin, t1, &b) != 0 ||
      collide__rotation_matrix(&a, Ra) != 0 || collide__rotation_matrix(&b, Rb) != 0)
    return v_scale(s->vel, t1 - t0);
  /* p in the shape's frame at t0 (R^T (p - o)), then placed at t1 */
  o = v_madd(s->g.cvx.pos, s->vel, t0);
  local = cvx_unturn(Ra, v_sub(p, o));
  moved = v_add(cvx_turn(Rb, local), v_madd(s->g.cvx.pos, s->vel, t1));
  return v_sub(moved, p);
}

vec3 collide__spin_motion(const shape *s, vec3 p, double t0) {
  return collide__spin_motion_to(s, p, t0, 1);
}

vec3 collide__spin_velocity(const shape *s, vec3 p, double tau) {
  vec3 omega;
  if (collide__spin_angle(&s->g.cvx.c->spin, &omega) < 0) return s->vel;
  return v_add(s->vel, v_cross(omega, v_sub(p, v_madd(s->g.cvx.pos, s->vel, tau))));
}
