/*
 * collide_world_internal.h -- the whole world's private interface at once
 * (not installed, not part of the API), for the files at the top of it:
 * collide_world.c (lifetime, shapes, ids, update/velocity/layers, advance;
 * the design notes are there), collide_mover.c (collide-and-slide),
 * collide_pairs.c, and the C tests. It includes each layer's header, from
 * the bottom up (each file below the top includes only the headers of what
 * it sits on):
 *
 *   collide_slots.h        the slots, nodes and world struct
 *   collide_tree.h         the hierarchies (collide_tree.c)
 *   collide_contact.h      one moving shape against one shape
 *   collide_spin.h         against a spinning convex shape
 *   collide_query.h        a query over the world (collide_query.c)
 *   collide_penetration.h  penetrations and the push-out
 *   collide_sensor.h       the sensors' events
 */
#ifndef COLLIDE_WORLD_INTERNAL_H
#define COLLIDE_WORLD_INTERNAL_H

#include "collide_slots.h"
#include "collide_tree.h"
#include "collide_contact.h"
#include "collide_spin.h"
#include "collide_query.h"
#include "collide_penetration.h"
#include "collide_sensor.h"

/* ---- between the files ---------------------------------------------------- */

/* collide_world.c: the bytes the world holds (its arrays' capacities, the
   id table's pages, polygons' vertices), for the tests. */
COLLIDE_PRIVATE size_t collide__world_bytes(const collide_world *w);

/* collide_pairs.c: collide_sweep_pairs with its pair limit (at most
   INT_MAX - 1) as an argument, for the tests. */
COLLIDE_PRIVATE int collide__sweep_pairs(int n, const double *radii,
                                         const collide_vec3 *starts,
                                         const collide_vec3 *ends, void *scratch,
                                         collide_pair *out, int cap, int limit);

#endif
