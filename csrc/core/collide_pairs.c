/*
 * collide_pairs.c -- every pair among many moving spheres whose sweeps
 * touch (collide_sweep_pairs).
 */
#include "collide_world_internal.h"

/* ---- pairs among many moving spheres ------------------------------------- */

/* Sort and sweep (Baraff's thesis, 1992; Ericson 7.5.1) over the boxes that
   bound each sphere's whole motion: sorted by their low x, each box is
   compared only with the boxes that start before it ends on x, then on y
   and z, and the survivors get the exact collide_sweep_sphere_sphere. The
   boxes are grown by a margin far above rounding so that no pair the exact
   test accepts is lost. O(n log n + pairs + x-overlaps). */
typedef struct pair_item { box b; int k; } pair_item;

static int cmp_item_lox(const void *a, const void *b) {
  const pair_item *x = (const pair_item *)a, *y = (const pair_item *)b;
  if (x->b.lo[0] < y->b.lo[0]) return -1;
  if (x->b.lo[0] > y->b.lo[0]) return 1;
  return (x->k > y->k) - (x->k < y->k);
}

static int cmp_pair(const void *a, const void *b) {
  const collide_pair *x = (const collide_pair *)a, *y = (const collide_pair *)b;
  if (x->i != y->i) return (x->i > y->i) - (x->i < y->i);
  return (x->j > y->j) - (x->j < y->j);
}

size_t collide_sweep_pairs_scratch_size(int n) {
  return n > 0 ? (size_t)n * sizeof(pair_item) : 0;
}

int collide_sweep_pairs(int n, const double *radii, const collide_vec3 *starts,
                        const collide_vec3 *ends, void *scratch,
                        collide_pair *out, int cap) {
  return collide__sweep_pairs(n, radii, starts, ends, scratch, out, cap,
                              COLLIDE_MAX_PAIRS);
}

/* collide_sweep_pairs with its limit as an argument (a test passes a small
   one: 2^25 pairs take a minute to find). The count is a size_t that stops
   at limit + 1 <= INT_MAX: n spheres have up to n(n-1)/2 pairs, over
   INT_MAX from n = 65,537 (all of them touching), where an int count
   overflowed and out[count] was written below the array (issue 27, F8). */
int collide__sweep_pairs(int n, const double *radii, const collide_vec3 *starts,
                         const collide_vec3 *ends, void *scratch,
                         collide_pair *out, int cap, int limit) {
  pair_item *it = (pair_item *)scratch;
  int a, b, k;
  size_t count = 0;
  if (cap < 0) cap = 0;
  for (k = 0; k < n; k++) {
    vec3 p[2];
    double m, g;
    int i;
    CHECK_RADIUS(radii[k], 1);
    CHECK_VEC(&starts[k], 2);
    CHECK_VEC(&ends[k], 3);
    p[0] = starts[k];
    p[1] = ends[k];
    box_of_points(&it[k].b, p, 2);
    m = max_abs3(&starts[k]);
    if (max_abs3(&ends[k]) > m) m = max_abs3(&ends[k]);
    g = radii[k] + 1e-7 * (1 + radii[k] + m);
    for (i = 0; i < 3; i++) {
      it[k].b.lo[i] -= g;
      it[k].b.hi[i] += g;
    }
    it[k].k = k;
  }
  if (n > 1) qsort(it, (size_t)n, sizeof *it, cmp_item_lox);
  for (a = 0; a < n; a++) {
    for (b = a + 1; b < n && it[b].b.lo[0] <= it[a].b.hi[0]; b++) {
      collide_interval iv;
      int i = it[a].k, j = it[b].k;
      if (it[b].b.lo[1] > it[a].b.hi[1] || it[a].b.lo[1] > it[b].b.hi[1] ||
          it[b].b.lo[2] > it[a].b.hi[2] || it[a].b.lo[2] > it[b].b.hi[2])
        continue;
      if (i > j) { int x = i; i = j; j = x; }
      if (collide_sweep_sphere_sphere(radii[i], &starts[i], &ends[i], radii[j],
                                      &starts[j], &ends[j], &iv) != 1)
        continue;
      if (count >= (size_t)limit) return COLLIDE_FAIL(2, COLLIDE_E_TOO_MANY_PAIRS);
      if (count < (size_t)cap) {
        out[count].i = i;
        out[count].j = j;
        out[count].u0 = iv.u0;
      }
      count++;
    }
  }
  if (count <= (size_t)cap && count > 1) qsort(out, count, sizeof *out, cmp_pair);
  return (int)count;
}
