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

/* ---- F11: add_mesh names the triangle at fault ------------------------------ */

static int test_mesh_fault(void) {
  collide_world *w = collide_world_new();
  collide_vec3 v[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 0, 0}};
  int degenerate[9] = {0, 1, 2, 0, 1, 2, 0, 1, 3};     /* the third */
  int range[9] = {0, 1, 3, 0, 1, 3, 0, 4, 2};          /* both: range first */
  int good[6] = {0, 1, 2, 1, 3, 2}, first = 99;
  ENSURE(w);
  ENSURE(collide_world_add_mesh(w, v, 4, degenerate, 9, &first) ==
         FAIL(3, COLLIDE_E_DEGENERATE_TRIANGLE) && first == 2);
  ENSURE(collide_world_add_mesh(w, v, 4, range, 9, &first) ==
         FAIL(3, COLLIDE_E_BAD_INDEX) && first == 2);
  ENSURE(collide_world_add_mesh(w, v, 4, good, 5, &first) ==
         FAIL(3, COLLIDE_E_BAD_INDEX) && first == -1);
  ENSURE(collide_world_add_mesh(w, v, 4, good, 6, &first) == 2 && first == 1);
  ENSURE(collide_world_count(w) == 2);
  collide_world_free(w);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_pair_limit);
  RUN_TEST(test_pair_overflow);
  RUN_TEST(test_mesh_fault);
TEST_MAIN_END
