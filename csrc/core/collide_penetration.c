/*
 * collide_penetration.c -- how deep a shape held still is in the shapes of
 * a world, and the mover's push-out of the shapes it starts in.
 *
 * Each shape's depth is collide__penetration_of's (collide_contact.c: the
 * u = 0 normal of the exact test and one support sum along it; the
 * derivation is there); this file runs them over the world's query and
 * combines them into the push-out.
 */
#include "collide_penetration.h"
#include "collide_query.h"

/* The query's form of m (a capsule of zero axis answers as a sphere, as
   collide__query_init_mover makes it). */
static collide__mover as_queried(const collide__mover *m) {
  collide__mover q = *m;
  if (q.kind == MOVER_CAPSULE && q.axis.x == 0 && q.axis.y == 0 && q.axis.z == 0)
    q.kind = MOVER_SPHERE;
  return q;
}

int collide__penetration_slot(const collide_world *w, int slot,
                              const collide__mover *m, const vec3 *c,
                              collide_hit *h, collide_penetration *out) {
  const shape *s = &w->slots[slot];
  collide__mover q = as_queried(m);
  if (collide__mover_test(s, &q, c, c, h) != 1) return 0;
  collide__penetration_of(s, &q, c, h, out);
  return 1;
}

static int cmp_pen(const void *a, const void *b) {
  int x = ((const collide_penetration *)a)->id;
  int y = ((const collide_penetration *)b)->id;
  return (x > y) - (x < y);
}

int collide__penetrations(collide_world *w, const collide__mover *m,
                          const vec3 *c, int skip_id, int mask,
                          collide_world_filter filter,
                          void *ctx, collide_penetration *out, collide_hit *hits,
                          int cap) {
  query q;
  int e, i, j, n;
  collide__query_init_mover(&q, Q_OVERLAP, m, c, c);
  q.skip_id = skip_id;
  q.mask = mask;
  q.filter = filter;
  q.ctx = ctx;
  q.pens = out;
  q.pen_hits = hits;
  q.sensors = hits == NULL;   /* (the mover's push-out: sensors block nothing) */
  q.cap = cap < 0 ? 0 : cap;
  if ((e = collide__query_run(w, &q)) < 0) return e;
  n = q.nids <= q.cap ? q.nids : 0;   /* (cap of them: in no order) */
  if (!hits) {
    qsort(out, (size_t)n, sizeof *out, cmp_pen);
  } else {
    /* (the mover's few, with their contacts alongside) */
    for (i = 1; i < n; i++) {
      collide_penetration p = out[i];
      collide_hit h = hits[i];
      for (j = i; j > 0 && out[j - 1].id > p.id; j--) {
        out[j] = out[j - 1];
        hits[j] = hits[j - 1];
      }
      out[j] = p;
      hits[j] = h;
    }
  }
  return q.nids;
}

/* ---- the public queries ------------------------------------------------------ */

static int penetrations(collide_world *w, const collide__mover *m,
                        const vec3 *c, collide_world_filter filter, void *ctx,
                        collide_penetration *out, int cap) {
  int mask = -1;
  if (filter == collide_world_layer_filter) {
    mask = ctx ? *(const int *)ctx : -1;
    filter = NULL;
    ctx = NULL;
  }
  return collide__penetrations(w, m, c, 0, mask, filter, ctx, out, NULL, cap);
}

int collide_world_penetration_sphere(collide_world *w, const collide_vec3 *center,
                                     double r, collide_world_filter filter,
                                     void *ctx, collide_penetration *out, int cap) {
  collide__mover m;
  CHECK_VEC(center, 2);
  CHECK_RADIUS(r, 3);
  memset(&m, 0, sizeof m);
  m.kind = MOVER_SPHERE;
  m.r = r;
  return penetrations(w, &m, center, filter, ctx, out, cap);
}

int collide_world_penetration_aabb(collide_world *w, const collide_vec3 *center,
                                   const collide_vec3 *extents,
                                   collide_world_filter filter, void *ctx,
                                   collide_penetration *out, int cap) {
  collide__mover m;
  CHECK_VEC(center, 2);
  CHECK_EXTENTS(extents, 3);
  memset(&m, 0, sizeof m);
  m.kind = MOVER_AABB;
  m.e = *extents;
  return penetrations(w, &m, center, filter, ctx, out, cap);
}

int collide_world_penetration_capsule(collide_world *w, const collide_vec3 *a,
                                      const collide_vec3 *b, double r,
                                      collide_world_filter filter, void *ctx,
                                      collide_penetration *out, int cap) {
  collide__mover m;
  vec3 c;
  CHECK_VEC(a, 2);
  CHECK_VEC(b, 3);
  CHECK_RADIUS(r, 4);
  m = collide__capsule_query(a, b, r, &c);
  return penetrations(w, &m, &c, filter, ctx, out, cap);
}

/* ---- push-out ------------------------------------------------------------------
 *
 * A constraint "D moves the mover out of shape i": n_i.D >= b_i, where n_i
 * is the push's direction and b_i = depth_i + skin + n_i.(p_i - c) for a
 * penetration found with the mover at p_i. Met, it leaves the mover's
 * projection on n_i at least skin clear of the shape's, and so (separating
 * axis) the mover clear of that convex shape.
 *
 * separate: the shortest D meeting every constraint, or none. The
 * shortest point of an intersection of half-spaces n_i.D >= b_i is a
 * non-negative combination of at most three of the n_i (in 3D; KKT with
 * Caratheodory), and it meets those with equality; so it is the shortest,
 * among the solutions of every set of one, two or three constraints held
 * as equalities, of those that meet all the others: found by trying them
 * all (a few constraints: at most MAX_PUSH).
 */
#define MAX_PUSH 24    /* constraints of one push-out */
#define PUSH_PASSES 6  /* overlap queries of one push-out */

typedef struct push_set {
  vec3 n[MAX_PUSH];
  double b[MAX_PUSH];
  int id[MAX_PUSH];
  int count;
  double slack;   /* how far a constraint may be missed by rounding */
} push_set;

static int meets_all(const push_set *p, vec3 d) {
  int i;
  for (i = 0; i < p->count; i++)
    if (v_dot(p->n[i], d) < p->b[i] - p->slack) return 0;
  return 1;
}

static void consider(const push_set *p, vec3 d, int *found, vec3 *best) {
  if ((!*found || v_len2(d) < v_len2(*best)) && meets_all(p, d)) {
    *found = 1;
    *best = d;
  }
}

static int separate(const push_set *p, vec3 *out) {
  int i, j, k, found = 0;
  vec3 best = v3(0, 0, 0);
  consider(p, v3(0, 0, 0), &found, &best);
  for (i = 0; i < p->count; i++) {
    consider(p, v_scale(p->n[i], p->b[i]), &found, &best);
    for (j = i + 1; j < p->count; j++) {
      /* D = a n_i + b n_j with n_i.D = b_i, n_j.D = b_j: the 2x2 Gram
         system [1 g; g 1] (a, b) = (b_i, b_j), g = n_i.n_j */
      double g = v_dot(p->n[i], p->n[j]), det = 1 - g * g;
      if (det > 1e-12) {
        double a = (p->b[i] - g * p->b[j]) / det, b = (p->b[j] - g * p->b[i]) / det;
        consider(p, v_add(v_scale(p->n[i], a), v_scale(p->n[j], b)), &found, &best);
      }
      for (k = j + 1; k < p->count; k++) {
        /* three equalities: Cramer's rule, D = (b_i (n_j x n_k) + b_j
           (n_k x n_i) + b_k (n_i x n_j)) / n_i.(n_j x n_k) */
        vec3 jk = v_cross(p->n[j], p->n[k]);
        double t = v_dot(p->n[i], jk);
        if (fabs(t) > 1e-9) {
          vec3 d = v_scale(jk, p->b[i]);
          d = v_madd(d, v_cross(p->n[k], p->n[i]), p->b[j]);
          d = v_madd(d, v_cross(p->n[i], p->n[j]), p->b[k]);
          consider(p, v_scale(d, 1 / t), &found, &best);
        }
      }
    }
  }
  *out = best;
  return found;
}

static int listed_int(const int *list, int n, int id) {
  int i;
  for (i = 0; i < n; i++)
    if (list[i] == id) return 1;
  return 0;
}

static int in_set(const push_set *p, int id) {
  int i;
  for (i = 0; i < p->count; i++)
    if (p->id[i] == id) return 1;
  return 0;
}

/*
 * The rounds, from p = c: the kept shapes m overlaps at p by more than tol
 * become constraints, D = separate(all so far), p = c + D, again, until a
 * round finds none (clear), separate finds no D, or the constraints or
 * the passes run out (stuck).
 *
 * Why it ends, and why "clear" is true: every shape already a constraint
 * is, at c + D, at least skin - slack > tol clear of m along its normal
 * (above), so it does not touch m and is not found again: each round that
 * goes on adds at least one shape, and there are at most MAX_PUSH of
 * them, in at most PUSH_PASSES rounds. A round that finds nothing has
 * just looked at c + D with the world's own overlap test: that position
 * is clear of every kept shape (by more than tol). A mover squeezed
 * between shapes (constraints no D meets: a floor and a ceiling closer
 * than its height) is stuck.
 */
int collide__push_out(collide_world *w, const collide__mover *m, const vec3 *c,
                      int skip_id, int mask, collide_world_filter filter, void *fctx,
                      collide__push_keep keep, void *kctx, double skin,
                      double tol, double max_push, collide_penetration *start,
                      collide_hit *start_hits, int cap, int *nstart, vec3 *to) {
  push_set set;
  collide_penetration pen[MAX_PUSH];
  collide_hit hit[MAX_PUSH];
  int skipped[MAX_PUSH], nskipped = 0, pass, i, n, e, over;
  vec3 d = v3(0, 0, 0), p = *c;
  collide__mover q = as_queried(m);
  double len;
  set.count = 0;
  set.slack = 0.25 * skin;
  *nstart = 0;
  *to = *c;
  for (pass = 0; pass < PUSH_PASSES; pass++) {
    int added = 0;
    if ((n = collide__penetrations(w, &q, &p, skip_id, mask, filter, fctx, pen,
                                   hit, MAX_PUSH)) < 0)
      return n;
    over = n > MAX_PUSH;   /* (more than it can weigh: stuck, below) */
    if (over) n = MAX_PUSH;
    for (i = 0; i < n; i++) {
      if (pen[i].depth <= tol || listed_int(skipped, nskipped, pen[i].id)) continue;
      if (in_set(&set, pen[i].id)) return 0;   /* (rounding: stuck) */
      if ((e = keep(kctx, pen[i].id, &pen[i].normal)) < 0) return e;
      if (e == 0) {
        if (nskipped < MAX_PUSH) skipped[nskipped++] = pen[i].id;
        continue;
      }
      if (set.count == MAX_PUSH) return 0;
      set.n[set.count] = pen[i].normal;
      set.b[set.count] = pen[i].depth + skin + v_dot(pen[i].normal, v_sub(p, *c));
      set.id[set.count++] = pen[i].id;
      added = 1;
      if (pass == 0 && *nstart < cap) {
        start[*nstart] = pen[i];
        start_hits[*nstart] = hit[i];
        (*nstart)++;
      }
    }
    if (over) return 0;
    if (!added) break;   /* clear */
    if (!separate(&set, &d)) return 0;
    p = v_add(*c, d);
  }
  if (pass == PUSH_PASSES) return 0;
  len = v_len(d);
  *to = len > max_push ? v_madd(*c, d, max_push / len) : p;
  return 1;
}
