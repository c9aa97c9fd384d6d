/*
 * probe.c -- does csrc/core/collide.h offer a world function peers.cpp can
 * time? `make bench-peers` compiles this file once per -DPROBE_<name>
 * (syntax only, warnings as errors); each that compiles turns on
 * -DHAVE_<name> for peers.cpp, so rows appear as their functions land
 * with the signatures below.
 */
#include "collide.h"

int probe(collide_world *w, const collide_vec3 *v, collide_hit *h, int *id);
int probe(collide_world *w, const collide_vec3 *v, collide_hit *h, int *id) {
  int rc = 0;
  (void)w; (void)v; (void)h; (void)id;
#if defined(PROBE_world_sweep_aabb)
  rc = collide_world_sweep_aabb(w, v, v, v, (collide_world_filter)0, (void *)0, h, id);
#elif defined(PROBE_world_sweep_capsule)
  rc = collide_world_sweep_capsule(w, 1.0, v, v, v, (collide_world_filter)0, (void *)0, h, id);
#elif defined(PROBE_world_update_sphere)
  rc = collide_world_update_sphere(w, 1, v, 1.0);
#else
#error "no PROBE_ name given"
#endif
  return rc;
}
