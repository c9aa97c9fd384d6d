/*
 * world_bench.c -- the world against brute-force C loops over the same
 * single-shape functions, and collide_sweep_pairs against all pairs.
 *
 *   make bench-world      (or build/bench/world after make build/bench/world;
 *                          build/bench/world tiles: the tile maps alone,
 *                          build/bench/world sensors: the sensors alone)
 *
 * The same terrains and queries as bench/world_bench.lua. POSIX clock.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include "collide.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Processor time, as Lua's os.clock (C's clock()): what many_bench
   measures, so that its rows can be set against bench/world_bench.lua's
   on a machine shared with other work (where wall time counts the others'
   turns too). */
static double cpu_now(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* The processor time of this thread, in nanoseconds' resolution: what
   sensor_bench measures (a frame is a fraction of a millisecond, too
   short for clock(); and on a machine shared with other work, wall time
   counts the others' turns in some frames and not others). */
static double thread_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static unsigned long long seed = 4242;
static double rnd(void) {
  seed = seed * 16807 % 2147483647;
  return (double)seed / 2147483647.0;
}

static collide_vec3 V(double x, double y, double z) {
  collide_vec3 v;
  v.x = x; v.y = y; v.z = z;
  return v;
}

static void terrain_bench(int ntri) {
  int g = (int)(sqrt(ntri / 2.0) + 0.5), i, j, k, n = 0, nq = 20000, nloop;
  collide_vec3 *v = malloc(sizeof *v * (size_t)((g + 1) * (g + 1)));
  collide_vec3 (*tri)[3] = malloc(sizeof *tri * (size_t)(2 * g * g));
  collide_vec3 (*q)[2] = malloc(sizeof *q * (size_t)nq);
  collide_world *w;
  collide_hit h;
  double t0, t1, t2, sweep, ray, loop_sweep, loop_ray;
  int id, hits = 0;
  for (i = 0; i <= g; i++)
    for (j = 0; j <= g; j++) v[i * (g + 1) + j] = V(i, rnd() * 0.5, j);
  for (i = 0; i < g; i++)
    for (j = 0; j < g; j++) {
      collide_vec3 a = v[i * (g + 1) + j], b = v[(i + 1) * (g + 1) + j];
      collide_vec3 c = v[i * (g + 1) + j + 1], d = v[(i + 1) * (g + 1) + j + 1];
      tri[n][0] = a; tri[n][1] = b; tri[n][2] = c; n++;
      tri[n][0] = b; tri[n][1] = d; tri[n][2] = c; n++;
    }
  for (k = 0; k < nq; k++) {
    q[k][0] = V(rnd() * g, 3 + rnd() * 2, rnd() * g);
    q[k][1] = V(q[k][0].x + rnd() * 6 - 3, q[k][0].y - 8, q[k][0].z + rnd() * 6 - 3);
  }
  t0 = now();
  w = collide_world_new();
  for (k = 0; k < n; k++) collide_world_add_triangle(w, &tri[k][0], &tri[k][1], &tri[k][2]);
  t1 = now();
  collide_world_build(w);
  t2 = now();
  printf("%9d  add %7.2f ms  build %7.2f ms", n, (t1 - t0) * 1e3, (t2 - t1) * 1e3);
  t0 = now();
  for (k = 0; k < nq; k++)
    hits += collide_world_sweep_sphere(w, 0.5, &q[k][0], &q[k][1], NULL, NULL, &h, &id);
  sweep = (now() - t0) / nq;
  t0 = now();
  for (k = 0; k < nq; k++)
    hits += collide_world_raycast(w, &q[k][0], &q[k][1], NULL, NULL, &h, &id);
  ray = (now() - t0) / nq;
  nloop = 2000000 / n < 3 ? 3 : 2000000 / n;
  t0 = now();
  for (k = 0; k < nloop; k++) {
    double best = 2;
    for (i = 0; i < n; i++)
      if (collide_sweep_sphere_triangle(0.5, &q[k][0], &q[k][1], &tri[i][0], &tri[i][1],
                                        &tri[i][2], &h) == 1 && h.u < best)
        best = h.u;
  }
  loop_sweep = (now() - t0) / nloop;
  t0 = now();
  for (k = 0; k < nloop; k++) {
    double best = 2;
    for (i = 0; i < n; i++)
      if (collide_raycast_triangle(&q[k][0], &q[k][1], &tri[i][0], &tri[i][1], &tri[i][2],
                                   &h) == 1 && h.u < best)
        best = h.u;
  }
  loop_ray = (now() - t0) / nloop;
  printf("  sweep %6.2f us (C loop %8.1f us, %5.0fx)  ray %6.2f us (C loop %8.1f us, %5.0fx)\n",
         sweep * 1e6, loop_sweep * 1e6, loop_sweep / sweep, ray * 1e6, loop_ray * 1e6,
         loop_ray / ray);
  (void)hits;
  collide_world_free(w);
  free(v);
  free(tri);
  free(q);
}

/* ---- world, continued: the three movers, a frame of moving shapes,
   raycast_all ------------------------------------------------------------ */

/* A height-field terrain of about ntri triangles, added as one mesh. */
static collide_world *terrain_world(int ntri, int *side) {
  int g = (int)(sqrt(ntri / 2.0) + 0.5), i, j, n = 0, first;
  collide_vec3 *v = malloc(sizeof *v * (size_t)((g + 1) * (g + 1)));
  int *ix = malloc(sizeof *ix * (size_t)(6 * g * g));
  collide_world *w = collide_world_new();
  for (i = 0; i <= g; i++)
    for (j = 0; j <= g; j++) v[i * (g + 1) + j] = V(i, rnd() * 0.5, j);
  for (i = 0; i < g; i++)
    for (j = 0; j < g; j++) {
      int a = i * (g + 1) + j, b = (i + 1) * (g + 1) + j, c = a + 1, d = b + 1;
      ix[n++] = a; ix[n++] = b; ix[n++] = c;
      ix[n++] = b; ix[n++] = d; ix[n++] = c;
    }
  collide_world_add_mesh(w, v, (g + 1) * (g + 1), ix, n, &first);
  collide_world_build(w);
  free(v);
  free(ix);
  *side = g;
  return w;
}

/* ns per world sweep of each mover over the same drops; the box and the
   capsule against the sphere of the same reach (half-size 0.5). */
static void movers_bench(int ntri) {
  int g, k, nq = 20000, id, hits[4] = {0, 0, 0, 0};
  collide_world *w = terrain_world(ntri, &g);
  collide_vec3 (*q)[2] = malloc(sizeof *q * (size_t)nq), e = V(0.5, 0.5, 0.5);
  collide_vec3 axis = V(0, 0.25, 0);
  collide_hit h;
  double t0, ts, tb, tc, tr;
  for (k = 0; k < nq; k++) {
    q[k][0] = V(rnd() * g, 3 + rnd() * 2, rnd() * g);
    q[k][1] = V(q[k][0].x + rnd() * 6 - 3, q[k][0].y - 8, q[k][0].z + rnd() * 6 - 3);
  }
  t0 = now();
  for (k = 0; k < nq; k++)
    hits[0] += collide_world_sweep_sphere(w, 0.5, &q[k][0], &q[k][1], NULL, NULL, &h, &id);
  ts = (now() - t0) / nq;
  t0 = now();
  for (k = 0; k < nq; k++)
    hits[1] += collide_world_sweep_aabb(w, &e, &q[k][0], &q[k][1], NULL, NULL, &h, &id);
  tb = (now() - t0) / nq;
  t0 = now();
  for (k = 0; k < nq; k++)
    hits[2] += collide_world_sweep_capsule(w, 0.25, &axis, &q[k][0], &q[k][1], NULL, NULL, &h, &id);
  tc = (now() - t0) / nq;
  t0 = now();
  for (k = 0; k < nq; k++)
    hits[3] += collide_world_raycast(w, &q[k][0], &q[k][1], NULL, NULL, &h, &id);
  tr = (now() - t0) / nq;
  printf("%9d  sphere %7.0f ns  aabb %7.0f ns (%4.2fx)  capsule %7.0f ns (%4.2fx)  ray %6.0f ns"
         "  (hits %d %d %d %d of %d)\n", collide_world_count(w), ts * 1e9, tb * 1e9, tb / ts,
         tc * 1e9, tc / ts, tr * 1e9, hits[0], hits[1], hits[2], hits[3], nq);
  collide_world_free(w);
  free(q);
}

/* Many queries in one call (collide_world_*_many) against the loop of
   single calls, in C: ns per query over the same 4096 drops onto a
   10k-triangle terrain, the least of 5 interleaved rounds. The scene and
   the queries are made from seed 777 as bench/world_bench.lua makes its
   own, so that the Lua rows of the same batch calls can be set against
   these; the numbers also go to build/bench/world_many.txt, which
   world_bench.lua reads, with each batch's hits and the sum of their u
   (in query order), which the Lua side compares with its own batch's: a
   check that both timed the same queries on the same scene. Processor
   time (cpu_now), as the Lua side's. MANY_HITS=1 also prints the hits and
   sums. */
static void many_bench(void) {
  enum { NQ = 4096, ROUNDS = 5 };
  static const char *const names[4] = {"raycast", "sweep_sphere", "sweep_aabb",
                                       "sweep_capsule"};
  int g, k, kind, round, id, bad;
  collide_world *w;
  double *seg = malloc(sizeof *seg * 6 * NQ), *out = malloc(sizeof *out * 8 * NQ);
  double best[4][2];
  collide_vec3 e = V(0.5, 0.5, 0.5), axis = V(0, 0.25, 0);
  collide_hit h;
  FILE *f;
  seed = 777;
  w = terrain_world(10000, &g);
  for (k = 0; k < NQ; k++) {
    double *s = seg + 6 * k;
    s[0] = rnd() * g;
    s[1] = 3 + rnd() * 2;
    s[2] = rnd() * g;
    s[3] = s[0] + rnd() * 6 - 3;
    s[4] = s[1] - 8;
    s[5] = s[2] + rnd() * 6 - 3;
  }
  for (kind = 0; kind < 4; kind++) best[kind][0] = best[kind][1] = 1e30;
  for (round = 0; round < ROUNDS; round++) {
    for (kind = 0; kind < 4; kind++) {
      double t0 = cpu_now(), t;
      for (k = 0; k < NQ; k++) {
        collide_vec3 a = V(seg[6 * k], seg[6 * k + 1], seg[6 * k + 2]);
        collide_vec3 b = V(seg[6 * k + 3], seg[6 * k + 4], seg[6 * k + 5]);
        switch (kind) {
        case 0: collide_world_raycast(w, &a, &b, NULL, NULL, &h, &id); break;
        case 1: collide_world_sweep_sphere(w, 0.5, &a, &b, NULL, NULL, &h, &id); break;
        case 2: collide_world_sweep_aabb(w, &e, &a, &b, NULL, NULL, &h, &id); break;
        default: collide_world_sweep_capsule(w, 0.25, &axis, &a, &b, NULL, NULL, &h, &id);
        }
      }
      t = (cpu_now() - t0) / NQ;
      if (t < best[kind][0]) best[kind][0] = t;
      t0 = cpu_now();
      switch (kind) {
      case 0: collide_world_raycast_many(w, seg, NQ, NULL, NULL, out, &bad); break;
      case 1: collide_world_sweep_sphere_many(w, 0.5, seg, NQ, NULL, NULL, out, &bad); break;
      case 2: collide_world_sweep_aabb_many(w, &e, seg, NQ, NULL, NULL, out, &bad); break;
      default: collide_world_sweep_capsule_many(w, 0.25, &axis, seg, NQ, NULL, NULL, out, &bad);
      }
      t = (cpu_now() - t0) / NQ;
      if (t < best[kind][1]) best[kind][1] = t;
    }
  }
  printf("many queries in one call, %d-triangle terrain, %d drops, raw C, ns a query\n",
         collide_world_count(w), NQ);
  f = fopen("build/bench/world_many.txt", "w");
  for (kind = 0; kind < 4; kind++) {
    int nh = 0;
    double su = 0;
    switch (kind) {
    case 0: collide_world_raycast_many(w, seg, NQ, NULL, NULL, out, &bad); break;
    case 1: collide_world_sweep_sphere_many(w, 0.5, seg, NQ, NULL, NULL, out, &bad); break;
    case 2: collide_world_sweep_aabb_many(w, &e, seg, NQ, NULL, NULL, out, &bad); break;
    default: collide_world_sweep_capsule_many(w, 0.25, &axis, seg, NQ, NULL, NULL, out, &bad);
    }
    for (k = 0; k < NQ; k++) if (out[8 * k] != 0) { nh++; su += out[8 * k + 1]; }
    printf("  %-14s single %7.0f  batch %7.0f (%4.2fx)\n", names[kind], best[kind][0] * 1e9,
           best[kind][1] * 1e9, best[kind][1] / best[kind][0]);
    if (f) fprintf(f, "%s %.3f %.3f %d %.17g\n", names[kind], best[kind][0] * 1e9,
                   best[kind][1] * 1e9, nh, su);
    if (getenv("MANY_HITS")) printf("hits %d %.17g\n", nh, su);
  }
  if (f) fclose(f);
  collide_world_free(w);
  free(seg);
  free(out);
}

/* A game's frame: nmove shapes (half spheres, half boxes, layer 2) glide
   over a 10k-triangle terrain (layer 1); each frame each one sweeps its
   step against the terrain (mask 1: not the other movers) and is re-placed
   where it ends (update_*). ms per frame, and the same frame when the
   movers have velocities and one advance() moves them all. */
static void frame_bench(int nmove, int frames) {
  int g, i, f, id, hits = 0, terrain = 1, movers = 2, *ids = malloc(sizeof *ids * (size_t)nmove);
  collide_world *w = terrain_world(10000, &g);
  collide_vec3 *pos = malloc(sizeof *pos * (size_t)nmove), *vel = malloc(sizeof *vel * (size_t)nmove);
  collide_vec3 e = V(0.3, 0.3, 0.3);
  collide_hit h;
  double t0, t_sweep = 0, t_update = 0, t_advance;
  for (i = 0; i < nmove; i++) {
    pos[i] = V(1 + rnd() * (g - 2), 0.9 + rnd() * 0.5, 1 + rnd() * (g - 2));
    vel[i] = V(rnd() * 0.2 - 0.1, rnd() * 0.02 - 0.01, rnd() * 0.2 - 0.1);
    ids[i] = i % 2 ? collide_world_add_aabb(w, &pos[i], &e) : collide_world_add_sphere(w, &pos[i], 0.3);
    collide_world_set_layers(w, ids[i], movers);
  }
  collide_world_build(w);
  for (f = 0; f < frames; f++) {
    t0 = now();
    for (i = 0; i < nmove; i++) {
      collide_vec3 to = V(pos[i].x + vel[i].x, pos[i].y + vel[i].y, pos[i].z + vel[i].z);
      if (i % 2) hits += collide_world_sweep_aabb(w, &e, &pos[i], &to, collide_world_layer_filter,
                                                  &terrain, &h, &id);
      else hits += collide_world_sweep_sphere(w, 0.3, &pos[i], &to, collide_world_layer_filter,
                                              &terrain, &h, &id);
      pos[i] = to;
    }
    t_sweep += now() - t0;
    t0 = now();
    for (i = 0; i < nmove; i++) {
      if (i % 2) collide_world_update_aabb(w, ids[i], &pos[i], &e);
      else collide_world_update_sphere(w, ids[i], &pos[i], 0.3);
    }
    t_update += now() - t0;
  }
  for (i = 0; i < nmove; i++) collide_world_set_velocity(w, ids[i], &vel[i]);
  t0 = now();
  for (f = 0; f < frames; f++) collide_world_advance(w);
  t_advance = (now() - t0) / frames;
  printf("%d shapes, each sweeping its step (mask: the terrain) and re-placed, in a %d-triangle "
         "world:\n  sweeps %.3f ms + updates %.3f ms = %.3f ms a frame (%d contacts); "
         "advance() for all instead of updates: %.3f ms\n",
         nmove, 2 * g * g, t_sweep / frames * 1e3, t_update / frames * 1e3,
         (t_update + t_sweep) / frames * 1e3, hits / frames, t_advance * 1e3);
  collide_world_free(w);
  free(ids); free(pos); free(vel);
}

/* Sensors (issue 29): the frame of frame_bench with velocities -- nmove
   shapes sweep their step against the terrain, then one advance() moves
   them all -- in a world with nsens boxes (coins, kill zones: 0.5 to 2.5
   wide) scattered over the ground, once as plain shapes of a layer the
   sweeps do not look at, once as sensors, whose events advance() records
   and the frame takes (collide_world_sensor_events). Also advance() alone. The same seeds: the
   same motion in both; the two worlds' frames alternate, so that a busy
   machine slows both alike, and the medians of the frames' processor
   times are compared (a frame slowed by another process does not
   count). */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double median(double *t, int n) {
  qsort(t, (size_t)n, sizeof *t, cmp_double);
  return t[n / 2];
}

static void sensor_bench(int nmove, int nsens, int frames) {
  int round, g = 0, i, f, id, terrain = 1, nev = 0;
  double *t_frame[2], *t_adv[2], mf[2], ma[2];
  collide_vec3 e = V(0.3, 0.3, 0.3);
  collide_hit h;
  collide_world *ws[2];
  int *ids[2];
  collide_vec3 *vel = malloc(sizeof *vel * (size_t)nmove);
  static collide_sensor_event ev[1 << 16];
  for (round = 0; round < 2; round++) {
    t_frame[round] = malloc(sizeof(double) * (size_t)frames);
    t_adv[round] = malloc(sizeof(double) * (size_t)frames);
    collide_world *w = ws[round] = terrain_world(10000, &g);
    ids[round] = malloc(sizeof *ids[round] * (size_t)nmove);
    seed = 777;
    for (i = 0; i < nmove; i++) {
      collide_vec3 p = V(1 + rnd() * (g - 2), 0.9 + rnd() * 0.5, 1 + rnd() * (g - 2));
      vel[i] = V(rnd() * 0.2 - 0.1, 0, rnd() * 0.2 - 0.1);
      ids[round][i] = i % 2 ? collide_world_add_aabb(w, &p, &e)
                            : collide_world_add_sphere(w, &p, 0.3);
      collide_world_set_layers(w, ids[round][i], 2);
      collide_world_set_velocity(w, ids[round][i], &vel[i]);
    }
    for (i = 0; i < nsens; i++) {
      collide_vec3 c = V(1 + rnd() * (g - 2), 1, 1 + rnd() * (g - 2));
      collide_vec3 x = V(0.25 + rnd(), 1, 0.25 + rnd());
      /* (the same boxes in both worlds: sensors in the second, plain
         shapes of a layer no sweep looks at in the first) */
      int s = collide_world_add_aabb(w, &c, &x);
      collide_world_set_layers(w, s, 4);
      if (round == 1) collide_world_set_sensor(w, s, 1);
    }
    collide_world_build(w);
  }
  for (f = 0; f < frames; f++) {
    for (round = 0; round < 2; round++) {
      collide_world *w = ws[round];
      double t0 = thread_now(), t1;
      for (i = 0; i < nmove; i++) {
        collide_world_shape sh;
        collide_vec3 to;
        collide_world_get(w, ids[round][i], &sh);
        to = V(sh.a.x + vel[i].x, sh.a.y, sh.a.z + vel[i].z);
        if (i % 2) collide_world_sweep_aabb(w, &e, &sh.a, &to, collide_world_layer_filter,
                                            &terrain, &h, &id);
        else collide_world_sweep_sphere(w, 0.3, &sh.a, &to, collide_world_layer_filter,
                                        &terrain, &h, &id);
      }
      t1 = thread_now();
      collide_world_advance(w);
      if (round == 1) nev += collide_world_sensor_events(w, ev, 1 << 16);
      t_adv[round][f] = thread_now() - t1;
      t_frame[round][f] = thread_now() - t0;
    }
  }
  for (round = 0; round < 2; round++) {
    mf[round] = median(t_frame[round], frames);
    ma[round] = median(t_adv[round], frames);
  }
  printf("%d moving shapes (sweeps of their step, then advance) in a %d-triangle world, "
         "%d sensors (medians):\n  frame %.3f ms without sensors, %.3f ms with (%.2fx); "
         "advance() alone %.3f ms, %.3f ms (%.2fx); %.1f events a frame\n",
         nmove, 2 * g * g, nsens, mf[0] * 1e3, mf[1] * 1e3, mf[1] / mf[0], ma[0] * 1e3,
         ma[1] * 1e3, ma[1] / ma[0], (double)nev / frames);
  for (round = 0; round < 2; round++) {
    collide_world_free(ws[round]);
    free(ids[round]);
    free(t_frame[round]);
    free(t_adv[round]);
  }
  free(vel);
}

/* raycast_all: rays along the terrain (many hits) and dropped onto it. */
static void ray_all_bench(int ntri) {
  int g, k, nq = 5000, total = 0;
  collide_world *w = terrain_world(ntri, &g);
  collide_world_hit *hits = malloc(sizeof *hits * 4096);
  double t0, t;
  t0 = now();
  for (k = 0; k < nq; k++) {
    collide_vec3 a = V(rnd() * g, 0.25, 0), b = V(a.x, 0.25, g);
    total += collide_world_raycast_all(w, &a, &b, NULL, NULL, hits, 4096);
  }
  t = (now() - t0) / nq;
  printf("%9d  raycast_all across the terrain %8.2f us (%.1f hits a ray)\n",
         collide_world_count(w), t * 1e6, (double)total / nq);
  collide_world_free(w);
  free(hits);
}

static void pairs_bench(int n) {
  double *radii = malloc(sizeof *radii * (size_t)n), side = sqrt(n) * 4, t0, fast, slow;
  collide_vec3 *s0 = malloc(sizeof *s0 * (size_t)n), *s1 = malloc(sizeof *s1 * (size_t)n);
  void *scratch = malloc(collide_sweep_pairs_scratch_size(n));
  int cap = 16 * n, count = 0, brute = 0, i, j, k, reps = 20;
  collide_pair *out = malloc(sizeof *out * (size_t)cap);
  for (i = 0; i < n; i++) {
    radii[i] = 0.5;
    s0[i] = V(rnd() * side, rnd() * side, 0);
    s1[i] = V(s0[i].x + rnd() * 4 - 2, s0[i].y + rnd() * 4 - 2, 0);
  }
  t0 = now();
  for (k = 0; k < reps; k++) count = collide_sweep_pairs(n, radii, s0, s1, scratch, out, cap);
  fast = (now() - t0) / reps;
  t0 = now();
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++)
      brute += collide_test_sphere_sphere(radii[i], &s0[i], &s1[i], radii[j], &s0[j], &s1[j]);
  slow = now() - t0;
  printf("%7d spheres  sweep_pairs %7.3f ms  pairs %6d  brute-force C loop %8.2f ms (%d)  %5.0fx\n",
         n, fast * 1e3, count, slow * 1e3, brute, slow / fast);
  free(radii); free(s0); free(s1); free(scratch); free(out);
}

/* ---- the movers: one collide_world_move per call (branch mover) ----------- */

/* ns per move of each shape walking over a terrain of about ntri triangles:
   a step of 0.1 sideways and 0.05 down from resting on it (one contact and
   a slide), plain and with the controller's options (up, step_height, snap:
   the probes for the ground at the start and the end). */
static void move_bench(int ntri) {
  int g, k, kind, ctl, n = 20000;
  collide_world *w = terrain_world(ntri, &g);
  collide_vec3 (*q)[2] = malloc(sizeof *q * (size_t)n);
  collide_contact cts[16];
  collide_move_result res;
  collide_move_options o;
  collide_mover m[3];
  static const char *const names[3] = {"sphere", "aabb", "capsule"};
  double t[3][2];
  for (kind = 0; kind < 3; kind++) {
    m[kind].kind = kind;
    m[kind].r = kind == 2 ? 0.25 : 0.5;
    m[kind].extents = V(0.5, 0.5, 0.5);
    m[kind].axis = V(0, kind == 2 ? 0.25 : 0, 0);
  }
  for (k = 0; k < n; k++) {
    q[k][0] = V(1 + rnd() * (g - 2), 1.5, 1 + rnd() * (g - 2));
    q[k][1] = V(q[k][0].x + 0.1, q[k][0].y - 0.05, q[k][0].z + 0.05);
  }
  for (kind = 0; kind < 3; kind++) {
    /* start each from resting on the terrain: dropped once from 1.5 */
    for (k = 0; k < n; k++) {
      collide_vec3 down = V(q[k][0].x, -1, q[k][0].z);
      q[k][0].y = 1.5;
      collide_move_options_init(&o);
      collide_world_move(w, &m[kind], &q[k][0], &down, &o, NULL, NULL, cts, 16, &res);
      q[k][0] = res.position;
      q[k][1] = V(res.position.x + 0.1, res.position.y - 0.05, res.position.z + 0.05);
    }
    for (ctl = 0; ctl < 2; ctl++) {
      double t0;
      collide_move_options_init(&o);
      if (ctl) {
        o.use_up = 1;
        o.step_height = 0.3;
        o.snap = 0.3;
      }
      t0 = now();
      for (k = 0; k < n; k++)
        collide_world_move(w, &m[kind], &q[k][0], &q[k][1], &o, NULL, NULL, cts, 16, &res);
      t[kind][ctl] = (now() - t0) / n;
    }
  }
  printf("%9d", collide_world_count(w));
  for (kind = 0; kind < 3; kind++)
    printf("  %s %6.0f ns (controller %6.0f ns)", names[kind], t[kind][0] * 1e9,
           t[kind][1] * 1e9);
  printf("\n");
  collide_world_free(w);
  free(q);
}

/* ---- (end of the movers) -------------------------------------------------- */

/* ---- movers that are world shapes: collide_world_move_shape (issue 26) ---- */

/* The old pattern's filter: every shape but the mirror (ctx). */
static int not_self(void *ctx, int id, const collide_vec3 *n) {
  (void)n;
  return id == *(const int *)ctx ? COLLIDE_RESPONSE_IGNORE : COLLIDE_RESPONSE_DEFAULT;
}

/* ns per controller move of one of `npc` NPCs of each kind resting on a
   terrain of about ntri triangles, a step of (+-0.1, -0.05, +-0.05) (the
   signs flip every pass over them: they walk to and fro), as
   bench/world_bench.lua times it:
     alone    no shape (its place kept by the caller), a move without a
              filter, in a world of the same terrain and nothing else;
     beside   the same, in the world of the NPC shapes, each mover 1.25
              beside an NPC (so the world's other shapes are as near as
              they are to the NPC's own move);
     shape    the world shape moved by collide_world_move_shape;
     old      the same shape as a mirror, moved with a filter ignoring it,
              then updated.
   The best of three interleaved runs of each, after a pass that has moved
   every NPC once (the hierarchy as it is in a game: the NPCs in the
   dynamic tree). */
static void move_shape_bench(int ntri, int npc) {
  static const char *const names[3] = {"sphere", "aabb", "capsule"};
  int kind, k, i, run, n = 40000, g;
  unsigned long long saved = seed;
  collide_vec3 *plain = malloc(sizeof *plain * (size_t)npc);
  collide_vec3 *beside = malloc(sizeof *beside * (size_t)npc);
  collide_vec3 *shaped = malloc(sizeof *shaped * (size_t)npc);
  int *ids = malloc(sizeof *ids * (size_t)npc);
  collide_contact cts[16];
  collide_move_result res;
  collide_move_options o;
  printf("%9s  %-11s %-11s %-20s %s\n", "kind", "alone", "beside",
         "move_shape (/beside)", "filter + update (/beside)");
  for (kind = 0; kind < 3; kind++) {
    collide_world *wp, *ws;
    collide_mover m;
    collide_vec3 ax = V(0, 0.25, 0), e = V(0.5, 0.5, 0.5);
    double best[4] = {1e30, 1e30, 1e30, 1e30};
    seed = saved;
    wp = terrain_world(ntri, &g);   /* the same terrain twice */
    seed = saved;
    ws = terrain_world(ntri, &g);
    m.kind = kind;
    m.r = kind == 2 ? 0.25 : 0.5;
    m.extents = e;
    m.axis = kind == 2 ? ax : V(0, 0, 0);
    collide_move_options_init(&o);
    for (k = 0; k < npc; k++) {
      collide_vec3 a = V(1 + rnd() * (g - 2), 1.5, 1 + rnd() * (g - 2)), b = a, lo, hi;
      b.y = -1;
      collide_world_move(wp, &m, &a, &b, &o, NULL, NULL, cts, 16, &res);
      plain[k] = shaped[k] = res.position;
      if (kind == 0) ids[k] = collide_world_add_sphere(ws, &res.position, 0.5);
      else if (kind == 1) ids[k] = collide_world_add_aabb(ws, &res.position, &e);
      else {
        lo = V(res.position.x, res.position.y - 0.25, res.position.z);
        hi = V(res.position.x, res.position.y + 0.25, res.position.z);
        ids[k] = collide_world_add_capsule(ws, &lo, &hi, 0.25);
      }
    }
    collide_world_build(ws);
    for (k = 0; k < npc; k++) {
      collide_vec3 a = V(shaped[k].x, 1.5, shaped[k].z + 1.25), b = a;
      b.y = -1;
      collide_world_move(ws, &m, &a, &b, &o, NULL, NULL, cts, 16, &res);
      beside[k] = res.position;
    }
    o.use_up = 1;
    o.step_height = 0.3;
    o.snap = 0.3;
    for (run = -1; run < 12; run++) {
      /* (run -1: the pass that moves every NPC once, not timed) */
      int how = run < 0 ? 2 : run % 4, nn = run < 0 ? 2 * npc : n;
      double t0 = now(), t;
      for (i = 0; i < nn; i++) {
        int kk = i % npc;
        double sg = (i / npc) % 2 == 0 ? 1 : -1;
        collide_vec3 *c = how == 0 ? &plain[kk] : how == 1 ? &beside[kk] : &shaped[kk];
        collide_vec3 to = V(c->x + 0.1 * sg, c->y - 0.05, c->z + 0.05 * sg);
        if (how == 0) {
          collide_world_move(wp, &m, c, &to, &o, NULL, NULL, cts, 16, &res);
        } else if (how == 1) {
          collide_world_move(ws, &m, c, &to, &o, NULL, NULL, cts, 16, &res);
        } else if (how == 2) {
          collide_world_move_shape(ws, ids[kk], &to, &o, NULL, NULL, cts, 16, &res);
        } else {
          collide_world_move(ws, &m, c, &to, &o, not_self, &ids[kk], cts, 16, &res);
          if (kind == 0) collide_world_update_sphere(ws, ids[kk], &res.position, 0.5);
          else if (kind == 1) collide_world_update_aabb(ws, ids[kk], &res.position, &e);
          else {
            collide_vec3 lo = V(res.position.x, res.position.y - 0.25, res.position.z);
            collide_vec3 hi = V(res.position.x, res.position.y + 0.25, res.position.z);
            collide_world_update_capsule(ws, ids[kk], &lo, &hi, 0.25);
          }
        }
        *c = res.position;
      }
      t = (now() - t0) / n;
      if (run >= 0 && t < best[how]) best[how] = t;
    }
    printf("%9s  %8.0f ns %8.0f ns %9.0f ns (%4.2fx) %15.0f ns (%4.2fx)\n", names[kind],
           best[0] * 1e9, best[1] * 1e9, best[2] * 1e9, best[2] / best[1],
           best[3] * 1e9, best[3] / best[1]);
    collide_world_free(wp);
    collide_world_free(ws);
  }
  free(plain);
  free(beside);
  free(shaped);
  free(ids);
}

/* ---- (end of move_shape) --------------------------------------------------- */

/* ---- tile maps: w:add_tiles against one box per tile (issue 29) ---------- */

/* A 200 x 200 map, half solid, two ways: "terrain", a ground of random
   height (a column's surface within 10 rows of the middle) with a cave
   of random rooms cut in it and platforms above (what a platformer's
   level looks like), and "noise", each cell solid with probability 1/2
   (the worst case for merging). Shapes, build time (adding them and the
   hierarchy), and one controller move_aabb per call (a box of half a
   tile's size at a random free cell, moving 0.3 tiles across and 0.2
   down), merged against one add_aabb per solid cell. A build is the
   fastest of 5, the moves the fastest of 7 rounds taken in turn. */
static void tiles_bench(int side, int noise) {
  unsigned char *cells = calloc((size_t)side * (size_t)side, 1);
  collide_vec3 (*q)[2];
  collide_vec3 size = V(1, 1, 0), origin = V(0, 0, 0);
  collide_contact cts[16];
  collide_move_result res;
  collide_move_options o;
  collide_mover m;
  collide_world *ws[2];
  double t[2][2];
  int r, c, k, way, round, nsolid = 0, nshapes[2], n = 10000, nq = 0, first;
  for (c = 0; c < side; c++) {
    int top = side / 2 + (int)(rnd() * 20) - 10;
    for (r = 0; r < side; r++)
      cells[r * side + c] = noise ? rnd() < 0.5 : r >= top;
  }
  if (!noise) {
    for (k = 0; k < 40; k++) {   /* rooms below ground, platforms above */
      int r0 = side / 2 + 15 + (int)(rnd() * (side / 2 - 25)), c0 = (int)(rnd() * (side - 12));
      int pr = 10 + (int)(rnd() * (side / 2 - 20)), pc = (int)(rnd() * (side - 12));
      for (r = r0; r < r0 + 5; r++)
        for (c = c0; c < c0 + 12; c++) cells[r * side + c] = 0;
      for (c = pc; c < pc + 8; c++) cells[pr * side + c] = 1;
    }
  }
  for (k = 0; k < side * side; k++) nsolid += cells[k];
  q = malloc(sizeof *q * (size_t)n);
  while (nq < n) {   /* free cells with a free cell beside them */
    r = 1 + (int)(rnd() * (side - 2));
    c = 1 + (int)(rnd() * (side - 2));
    if (cells[r * side + c] || cells[r * side + c + 1]) continue;
    q[nq][0] = V(c + 0.5, r + 0.5, 0);
    q[nq][1] = V(c + 0.8, r + 0.7, 0);
    nq++;
  }
  m.kind = COLLIDE_MOVER_AABB;
  m.r = 0;
  m.extents = V(0.25, 0.25, 0);
  m.axis = V(0, 0, 0);
  collide_move_options_init(&o);
  o.use_up = 1;
  o.up = V(0, -1, 0);
  o.snap = 0.1;
  for (way = 0; way < 2; way++) {
    double t0 = 0;
    ws[way] = NULL;
    t[way][0] = HUGE_VAL;
    for (round = 0; round < 5; round++) {   /* the fastest of 5 builds */
      if (ws[way]) collide_world_free(ws[way]);
      ws[way] = collide_world_new();
      t0 = now();
      if (way == 0) {
        collide_world_add_tiles(ws[way], cells, side, side, &size, &origin, &first);
      } else {
        for (r = 0; r < side; r++)
          for (c = 0; c < side; c++)
            if (cells[r * side + c]) {
              collide_vec3 ce = V(c + 0.5, r + 0.5, 0), e = V(0.5, 0.5, 0);
              collide_world_add_aabb(ws[way], &ce, &e);
            }
      }
      collide_world_build(ws[way]);
      if (now() - t0 < t[way][0]) t[way][0] = now() - t0;
    }
    nshapes[way] = collide_world_count(ws[way]);
    t[way][1] = HUGE_VAL;
  }
  /* the fastest of 7 rounds over all the moves, the two worlds in turn in
     each round (processor time of this thread): the machine is shared, and
     a round slowed by another process says nothing of the code, nor should
     a slow minute fall on one of the two worlds only */
  for (round = 0; round < 7; round++)
    for (way = 0; way < 2; way++) {
      double tr, t0 = thread_now();
      for (k = 0; k < n; k++)
        collide_world_move(ws[way], &m, &q[k][0], &q[k][1], &o, NULL, NULL, cts, 16, &res);
      tr = (thread_now() - t0) / n;
      if (tr < t[way][1]) t[way][1] = tr;
    }
  collide_world_free(ws[0]);
  collide_world_free(ws[1]);
  printf("%-8s %6d cells  add_tiles %5d shapes %7.2f ms  move_aabb %5.0f ns   "
         "one box a tile %5d shapes %7.2f ms  move_aabb %5.0f ns  merged/one %4.2f\n",
         noise ? "noise" : "terrain", nsolid, nshapes[0], t[0][0] * 1e3, t[0][1] * 1e9,
         nshapes[1], t[1][0] * 1e3, t[1][1] * 1e9, t[0][1] / t[1][1]);
  free(q);
  free(cells);
}

/* ./build/bench/world runs every part; ./build/bench/world many only the
   batch queries' (many_bench), ./build/bench/world tiles only the tile maps',
   ./build/bench/world sensors only the sensors' (five times). */
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "tiles") == 0) {
    printf("200 x 200 tile maps, half solid (controller box, up = -y)\n");
    tiles_bench(200, 0);
    tiles_bench(200, 1);
    return 0;
  }
  if (argc > 1 && strcmp(argv[1], "sensors") == 0) {
    int k;
    for (k = 0; k < 5; k++) sensor_bench(1000, 200, 100);
    return 0;
  }
  if (argc > 1 && strcmp(argv[1], "many") == 0) {
    many_bench();
    return 0;
  }
  printf("world of triangles (terrain), sphere r = 0.5 and rays dropped onto it\n");
  terrain_bench(1000);
  terrain_bench(10000);
  terrain_bench(100000);
  printf("\nworld sweeps of each moving shape (half-size 0.5) and rays over a terrain\n");
  movers_bench(1000);
  movers_bench(10000);
  movers_bench(100000);
  printf("\n");
  frame_bench(1000, 100);
  printf("\n");
  sensor_bench(1000, 200, 100);
  printf("\n");
  ray_all_bench(10000);
  printf("\none move of each shape over a terrain, per call (collide_world_move)\n");
  move_bench(10000);
  printf("\n200 NPCs on a terrain, one controller move per call\n");
  move_shape_bench(10000, 200);
  printf("\n");
  many_bench();
  printf("\n200 x 200 tile maps, half solid (controller box, up = -y)\n");
  tiles_bench(200, 0);
  tiles_bench(200, 1);
  printf("\nmany moving spheres\n");
  pairs_bench(1000);
  pairs_bench(5000);
  return 0;
}
