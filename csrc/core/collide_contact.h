/*
 * collide_contact.h -- one moving shape against one shape of the
 * world (collide_contact.c): the moving shape (collide__mover), its exact
 * test against a shape of any kind, and its penetration. Knows the slots
 * (collide_slots.h) and the kernels, not the hierarchy or the queries.
 */
#ifndef COLLIDE_CONTACT_H
#define COLLIDE_CONTACT_H

#include "collide_slots.h"

/* What moves. A point is a ray (mode Q_RAY). */
enum { MOVER_POINT = 0, MOVER_SPHERE, MOVER_AABB, MOVER_CAPSULE, MOVER_CONVEX };

typedef struct collide__mover {
  int kind;      /* MOVER_* */
  double r;      /* sphere, capsule */
  vec3 e;        /* box half-extents */
  vec3 axis;     /* capsule: the segment is c - axis .. c + axis */
  /* convex: the hull, its rotation as the kernels take it, and the rows
     of its matrix (collide__rotation_matrix: the kernels' own matrix) for
     the support function; e is then the half-size of the turned hull's
     box about its frame's origin (the broadphase's) */
  const collide_convex *hull;
  collide_rotation rot;
  vec3 R[3];
} collide__mover;

/* A convex mover of hull h turned by q: 0 with *m filled (its rows and the
   half-size of its box), or the reason the rotation is refused. */
static inline int collide__convex_mover(collide__mover *m, const collide_convex *h,
                                        const collide_rotation *q) {
  int e, i, k;
  memset(m, 0, sizeof *m);
  m->kind = MOVER_CONVEX;
  m->hull = h;
  m->rot = *q;
  if ((e = collide__rotation_matrix(q, m->R)) != 0) return e;
  for (i = 0; i < h->vertex_count; i++)
    for (k = 0; k < 3; k++) {
      double x = fabs(v_dot(m->R[k], h->vertices[i]));
      if (k == 0 && x > m->e.x) m->e.x = x;
      if (k == 1 && x > m->e.y) m->e.y = x;
      if (k == 2 && x > m->e.z) m->e.z = x;
    }
  return 0;
}

/* How far the convex mover m reaches from its frame's origin along d
   (any length): its support function, max over its corners of (R v).d,
   taken as v.(R^T d) as the kernels take it. */
static inline double collide__convex_support(const collide__mover *m, vec3 d) {
  const collide_convex *h = m->hull;
  vec3 l = cvx_unturn(m->R, d);
  double best = v_dot(h->vertices[0], l);
  int i;
  for (i = 1; i < h->vertex_count; i++) {
    double t = v_dot(h->vertices[i], l);
    if (t > best) best = t;
  }
  return best;
}

/* The capsule a-b of radius r as a query shape, centred at *c (the
   overlap and penetration queries take it by its ends). */
static inline collide__mover collide__capsule_query(const collide_vec3 *a,
                                                    const collide_vec3 *b,
                                                    double r, vec3 *c) {
  collide__mover m;
  memset(&m, 0, sizeof m);
  m.kind = MOVER_CAPSULE;
  m.r = r;
  m.axis = v_scale(v_sub(*b, *a), 0.5);
  *c = v_scale(v_add(*a, *b), 0.5);
  return m;
}

/* The exact test of the moving shape m (kind as q->m: a capsule of zero
   axis is a sphere) from c0 to c1 against the fixed shape s, as every
   query makes it: 1 with *h, or 0. */
COLLIDE_PRIVATE int collide__mover_test(const shape *s, const collide__mover *m,
                                        const vec3 *c0, const vec3 *c1,
                                        collide_hit *h);

/* The convex shape A turned by rot, its frame's origin moving from c0 to
   c1, against the fixed shape s (any kind, a convex one too): the
   collide_sweep_convex_* kernel of s's kind, 1 with *h, 0, or <0 (the
   kernel's). For sensors and for the convex movers (w:sweep_convex,
   w:move_convex, move_shape of a convex shape). */
COLLIDE_PRIVATE int collide__convex_test(const collide_convex *A,
                                         const collide_rotation *rot,
                                         const vec3 *c0, const vec3 *c1,
                                         const shape *s, collide_hit *h);

/* The penetration of the convex shape A (rot, at pos) in the shape s:
   collide__penetration_convex_* for s's kind (collide_convex_penetration.c).
   1 with *h and *depth, 0 apart, <0. */
COLLIDE_PRIVATE int collide__convex_penetration(const collide_convex *A,
                                                const collide_rotation *rot,
                                                const vec3 *pos, const shape *s,
                                                collide_hit *h, double *depth);

/* collide__penetration_of: the penetration of the mover m held at c in
 * shape s, from the contact h that collide__mover_test(s, m, c, c) gave
 * (its normal is the direction of the shortest separating translation;
 * the 2D rule may replace it, and *h with it): writes id, normal and
 * depth into *out. */
COLLIDE_PRIVATE void collide__penetration_of(const shape *s,
                                             const collide__mover *m,
                                             const vec3 *c, collide_hit *h,
                                             collide_penetration *out);

/* 1 when m held at c certainly does not touch shape s (a quick, exact
   test the overlap queries make before the exact one: a triangle whose
   plane is clearly beyond the mover's extent along its normal), else 0. */
COLLIDE_PRIVATE int collide__overlap_rejects(const shape *s,
                                             const collide__mover *m,
                                             const vec3 *c);

#endif
