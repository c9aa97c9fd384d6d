/*
 * collide_slots.c -- the out-of-line part of collide_slots.h: growing the
 * world's arrays.
 */
#include "collide_slots.h"

int collide__grow(void **p, int *cap, int need, size_t sz) {
  int n;
  void *q;
  if (need <= *cap) return 0;
  if (need > INT_MAX / 2) return NOMEM;
  n = *cap < 16 ? 16 : *cap;
  while (n < need) n *= 2;
  if ((size_t)n > (size_t)-1 / sz) return NOMEM;
  q = realloc(*p, (size_t)n * sz);
  if (!q) return NOMEM;
  *p = q;
  *cap = n;
  return 0;
}
