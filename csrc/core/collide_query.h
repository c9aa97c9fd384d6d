/*
 * collide_query.h -- the query path (collide_query.c): every
 * world query -- the sweeps of the moving shapes, rays, ray lists,
 * overlaps, and the mover's rounds -- is one `query` run by
 * collide__query_run: the hierarchy walked nearest-first with the moving
 * shape's box, each candidate given the exact single-shape function for
 * (moving shape, obstacle kind) (collide_contact.h), against the
 * obstacle's relative motion.
 */
#ifndef COLLIDE_QUERY_H
#define COLLIDE_QUERY_H

#include "collide_contact.h"

/* Q_SWEEP: first contact (q->best, q->best_id). Q_RAY: first contact of
   the segment. Q_RAY_ALL: every contact of the segment (q->hits).
   Q_OVERLAP: every shape touching the mover at c0 (q->ids). */
enum { Q_SWEEP, Q_RAY, Q_OVERLAP, Q_RAY_ALL };

/* The mover's filter: called with the hit a shape would give (relative to
   the query: u, point at the moment, normal toward the mover); returns 1
   to take it, 0 to skip the shape for this query, or <0 to abort. It runs
   after the mask and before q->filter; it may not change the world. */
typedef int (*collide__contact_filter)(void *ctx, int id, const collide_hit *h);

typedef struct query {
  int mode;
  collide__mover m;
  vec3 c0, c1, d;
  double o[3], inv[3];         /* c0, 1/d (see query_init) */
  int neg[3];                  /* d < 0 on that axis: the slab is entered at hi */
  double grow[3];              /* the mover's half-size plus the margin */
  double near_off[3], far_off[3];  /* o + grow (for lo), o - grow (for hi) */
  double ray_scale;            /* the largest |coordinate| of c0 and c1 */
  double plane_off[2][3];      /* [0 near, 1 far]: the offset of the plane
                                  a slab is entered (left) at: near_off
                                  for lo, far_off for hi */
  double approach;             /* < 0: off; else skip hits whose relative
                                  motion d' has d'.n >= -approach */
  int mask;                    /* < 0: every shape */
  int skip_id;                 /* a shape the query does not see (the
                                  shape moved by collide_world_move_shape),
                                  0 for none; checked before any exact
                                  test, so it costs a compare per shape */
  double t0;                   /* the moment in the step the query starts:
                                  a moving shape is at place + t0 * velocity
                                  at u = 0 (0; the mover's later rounds) */
  collide_world_filter filter; /* the public filter, may be NULL */
  void *ctx;
  collide__contact_filter contact_filter;  /* may be NULL */
  void *contact_ctx;
  int found, best_id;
  collide_hit best;
  int *ids;                    /* Q_OVERLAP / candidates output */
  collide_penetration *pens;   /* Q_OVERLAP: the penetrations instead of
                                  ids, when not NULL (collide_penetration.c) */
  collide_hit *pen_hits;       /* and their contacts, when not NULL */
  struct collide__tie *ties;   /* Q_SWEEP, when not NULL: the contacts
                                  other than the best within tie_u of it
                                  (at most cap_ties, the earliest) */
  int cap_ties, nties;
  double tie_u;                /* 0 unless ties are listed */
  collide_world_hit *hits;     /* Q_RAY_ALL output */
  int cap, nids;
  int exact;                   /* 0: candidates only */
  int sensors;                 /* sees sensors: 1 for the public overlap
                                  and penetration queries, 0 for every
                                  other (sensors block nothing) */
} query;

/* A contact met within q->tie_u of the best one (q->ties). */
typedef struct collide__tie { collide_hit h; int id; } collide__tie;

/* A sphere of radius r (a point for Q_RAY). */
COLLIDE_PRIVATE void collide__query_init(query *q, int mode, double r,
                                         const vec3 *c0, const vec3 *c1);
/* Any mover. */
COLLIDE_PRIVATE void collide__query_init_mover(query *q, int mode,
                                               const collide__mover *m,
                                               const vec3 *c0, const vec3 *c1);
/* Runs q over the world: 0, or a filter's abort value (<0). */
COLLIDE_PRIVATE int collide__query_run(collide_world *w, query *q);

/* ---- for the mover (collide_mover.c) ---------------------------------------
 *
 * collide__world_sweep: sweeps the mover m from c0 to c1 against every
 * shape of the world, each at its place plus u * its velocity (the relative
 * motion is swept exactly, so nothing tunnels through a fast platform).
 *   mask       < 0 for all shapes, else layer bits (applied first)
 *   approach   < 0 off; else a surface met with d'.n >= -approach, where
 *              d' = (c1 - c0) - velocity is the relative motion, is not a
 *              contact (moving along or away from it)
 *   cf, cctx   the mover's filter (may be NULL), see collide__contact_filter
 *   filter,ctx the public filter (may be NULL)
 * Returns 1 with *out (u, the obstacle's point at the moment u -- place +
 * u * velocity --, the normal toward the mover, the feature) and *id; 0;
 * or <0 (an abort value of a filter). Arguments are not checked: the
 * caller did. m->kind is MOVER_SPHERE, MOVER_AABB, MOVER_CAPSULE or
 * MOVER_CONVEX (collide__convex_mover).
 */
COLLIDE_PRIVATE int collide__world_sweep(collide_world *w,
                                         const collide__mover *m,
                                         const vec3 *c0, const vec3 *c1,
                                         int mask, double approach,
                                         collide__contact_filter cf, void *cctx,
                                         collide_world_filter filter, void *ctx,
                                         collide_hit *out, int *id);

#endif
