/*
 * collide_sensor.h -- the sensors' events (collide_sensor.c): what
 * the world (advance, removal) and the mover (move_shape) call.
 */
#ifndef COLLIDE_SENSOR_H
#define COLLIDE_SENSOR_H

#include "collide_slots.h"

/* The path of a shape moved by move_shape: its centre at moments t[0] = 0
 * <= t[1] <= ... <= t[n-1] = 1 of the step, moving linearly between them
 * (a step up or a push is a segment of no duration). */
#define PATH_MAX_POINTS 64
typedef struct collide__path {
  vec3 p[PATH_MAX_POINTS];
  double t[PATH_MAX_POINTS];
  int n;
} collide__path;

/* Adds a point (t, p); a full path keeps its last point moving (the
   last segments then merge into one). */
static inline void collide__path_add(collide__path *path, double t, vec3 p) {
  if (!path) return;
  if (path->n == PATH_MAX_POINTS) path->n--;
  path->t[path->n] = t;
  path->p[path->n] = p;
  path->n++;
}

/* Records the events of a step of advance: the shapes at their places,
   before they move. 0 or NOMEM (nothing recorded then). */
COLLIDE_PRIVATE int collide__sensor_advance(collide_world *w);
/* Records the events of move_shape: shape slot s moved along path (its
   centre; its place before the move is its geometry in the slot). */
COLLIDE_PRIVATE int collide__sensor_path(collide_world *w, int s,
                                         const collide__path *path);
/* Takes slot s off the sensors' list (removal). */
COLLIDE_PRIVATE void collide__sensor_unlist(collide_world *w, int s);

#endif
