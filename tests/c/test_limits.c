/*
 * test_limits.c -- the limits of issue 27: a pair count past what an array
 * holds (F8), polygon validation in O(n log n) with its vertex limit (F9),
 * the memory of removed shapes coming back (F10).
 */
#include <stdlib.h>
#include <string.h>

#include "collide.h"
#include "collide_world_internal.h"
#include "test.h"

#define FAIL(arg, reason) (-((arg) * 256 + (reason)))

/* ---- F8: pairs ------------------------------------------------------------- */

/* n coincident unit spheres: every one of the n(n-1)/2 pairs touches. */
static int coincident_pairs(int n, int cap, int limit, collide_pair *out) {
  double *radii = (double *)malloc((size_t)n * sizeof *radii);
  collide_vec3 *s = (collide_vec3 *)calloc((size_t)n, sizeof *s);
  void *scratch = malloc(collide_sweep_pairs_scratch_size(n));
  int i, count = -1;
  if (radii && s && scratch) {
    for (i = 0; i < n; i++) radii[i] = 1;
    count = collide__sweep_pairs(n, radii, s, s, scratch, out, cap, limit);
  }
  free(radii);
  free(s);
  free(scratch);
  return count;
}

static int test_pair_limit(void) {
  enum { N = 100, PAIRS = N * (N - 1) / 2 };   /* 4950 */
  static collide_pair out[PAIRS];
  int k;
  /* at the limit: every pair, sorted */
  ENSURE(coincident_pairs(N, PAIRS, PAIRS, out) == PAIRS);
  for (k = 1; k < PAIRS; k++)
    ENSURE(out[k - 1].i < out[k].i ||
           (out[k - 1].i == out[k].i && out[k - 1].j < out[k].j));
  ENSURE(out[PAIRS - 1].i == N - 2 && out[PAIRS - 1].j == N - 1);
  /* one over: the error, whatever the array */
  ENSURE(coincident_pairs(N, PAIRS, PAIRS - 1, out) ==
         FAIL(2, COLLIDE_E_TOO_MANY_PAIRS));
  ENSURE(coincident_pairs(N, 0, PAIRS - 1, out) ==
         FAIL(2, COLLIDE_E_TOO_MANY_PAIRS));
  ENSURE(coincident_pairs(N, 10, 1, out) == FAIL(2, COLLIDE_E_TOO_MANY_PAIRS));
  ENSURE(strcmp(collide_error_message(FAIL(2, COLLIDE_E_TOO_MANY_PAIRS)),
                "more than 33554432 pairs") == 0);
  return 0;
}

/* The repro: 65,537 coincident spheres have 2,147,516,416 pairs,
   over INT_MAX: an int count overflowed and out[count] was written at a
   negative index. Now the error, after COLLIDE_MAX_PAIRS of them (about
   half a second); the array is never written past cap. */
static int test_pair_overflow(void) {
  enum { N = 65537 };
  static collide_pair out[16];
  double *radii = (double *)malloc(N * sizeof *radii);
  collide_vec3 *s = (collide_vec3 *)calloc(N, sizeof *s);
  void *scratch = malloc(collide_sweep_pairs_scratch_size(N));
  int i, count;
  ENSURE(radii && s && scratch);
  for (i = 0; i < N; i++) radii[i] = 1;
  count = collide_sweep_pairs(N, radii, s, s, scratch, out, 16);
  free(radii);
  free(s);
  free(scratch);
  ENSURE(count == FAIL(2, COLLIDE_E_TOO_MANY_PAIRS));
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_pair_limit);
  RUN_TEST(test_pair_overflow);
TEST_MAIN_END
