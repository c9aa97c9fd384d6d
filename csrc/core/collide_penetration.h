/*
 * collide_penetration.h -- penetrations over the world and the mover's
 * push-out (collide_penetration.c). On collide_contact.h (each shape's
 * penetration); its file runs collide_query.h's query.
 */
#ifndef COLLIDE_PENETRATION_H
#define COLLIDE_PENETRATION_H

#include "collide_contact.h"

/* The penetration of m at c in the shape in slot (at its place): 1 with
   *out (and the contact *h), 0 when they do not touch. */
COLLIDE_PRIVATE int collide__penetration_slot(const collide_world *w, int slot,
                                              const collide__mover *m,
                                              const vec3 *c, collide_hit *h,
                                              collide_penetration *out);

/* Every shape but skip_id (mask: layer bits, < 0 all; filter/ctx may be
   NULL) that m held at c touches, with its penetration and its u = 0
   contact (hits, may be NULL): how many, or <0 (a filter's abort value);
   when that is at most cap, the list is sorted by id (else cap of them,
   in no order). */
COLLIDE_PRIVATE int collide__penetrations(collide_world *w,
                                          const collide__mover *m,
                                          const vec3 *c, int skip_id, int mask,
                                          collide_world_filter filter, void *ctx,
                                          collide_penetration *out,
                                          collide_hit *hits, int cap);

/* The push-out of a mover that starts overlapping (the mover's hook):
 * keep(ctx, id, normal) says for a shape m overlaps, with the normal of
 * the push out of it, whether to push out of it (1), not (0), or abort
 * (<0). skip_id: the mover's own world shape, or 0 (move_shape).
 * From c, rounds of: every shape kept that m overlaps by more than
 * tol is a constraint "the displacement D moves m out of it by skin along
 * its normal"; D is the shortest displacement meeting all constraints
 * found so far (separate). See collide_penetration.c for the proof that
 * it ends. Writes *to (c + D, or c + D scaled to max_push when D is
 * longer), and the shapes m overlapped at c into start (their
 * penetrations, ascending ids, at most cap; *nstart of them) with their
 * contacts in start_hits. Returns 1 clear (or pushed by max_push toward
 * clear), 0 stuck (no such D: *to = c), or <0. */
typedef int (*collide__push_keep)(void *ctx, int id, const vec3 *normal);
COLLIDE_PRIVATE int collide__push_out(collide_world *w, const collide__mover *m,
                                      const vec3 *c, int skip_id, int mask,
                                      collide_world_filter filter, void *fctx,
                                      collide__push_keep keep, void *kctx,
                                      double skin, double tol, double max_push,
                                      collide_penetration *start,
                                      collide_hit *start_hits, int cap,
                                      int *nstart, vec3 *to);

#endif
