/*
 * tests/turning_referee.c -- a dense-sampling referee for
 * collide_sweep_convex_turning (not shipped; `make check-turning-referee`).
 *
 * It shares no code with the kernel: it builds no hull (it keeps the raw
 * points: the extremes of a projection over the points are those over
 * their hull), places the shapes with its own rotation formulas (2D: the
 * angle t0 + t dt with dt the difference reduced into [-pi, pi]; 3D: the
 * textbook slerp (sin((1 - t) W) q0 + sin(t W) q1) / sin W with W from
 * 2 atan2(|q1 - q0|, |q1 + q0|), and q v q* expanded as v + 2 w (r x v) +
 * 2 r x (r x v)), and decides overlap at an instant by the separating-axis
 * test over a superset of the axes (every pair of points as an edge,
 * every triple as a face, their cross products, and a flat set's normal
 * crossed with every edge; in 2D the in-plane normals of every pair).
 *
 * An instant is "apart" when some axis separates the projections by more
 * than a band of 1e-12 of the scene's size, "overlapping" when every axis
 * overlaps them by more than the band, else "touching within rounding"
 * (the kernel's and this file's corners differ by a few units of rounding,
 * about 1e-15 of the scene's size; the band is a thousand times that and
 * a thousand times below the kernel's tolerance for a motion of the
 * scene's size). The motion is sampled at N + 1 instants (default 10^5);
 * the first instant not apart is refined by bisection (60 halvings) to
 * u_touch, the first overlapping one to u_over.
 *
 * The kernel's answer is judged:
 *   - a hit at u: never late: not overlapping at u (touching within
 *     rounding at most), and not past an overlap: u <= u_over;
 *     never more than the tolerance early: u_touch - u <= 1e-9, or else
 *     (a graze: A approaching slowly) A at u pushed along -normal by
 *     1e-9 L + 2 band is not apart (L the motion's size, |a1 - a0| +
 *     |turn| r_A) (the gap left is within the
 *     tolerance); a hit where the referee samples no contact must pass
 *     the same push;
 *   - a miss: no sampled instant overlapping (touching within rounding
 *     is a graze either answer may take).
 * Printed: the counts, the worst lateness and earliness (in u, the
 * fraction of the motion), the grazes, the kernel's steps (mean, worst);
 * exit status 1 on any failure.
 *
 *   build/tests/turning_referee [--cases N] [--samples S] [--seed K]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide.h"
#include "collide_turning.h"

#define MAXP 12
#define PI 3.14159265358979323846

typedef struct P3 { double x, y, z; } P3;

static P3 p3(double x, double y, double z) { P3 p; p.x = x; p.y = y; p.z = z; return p; }
static P3 add(P3 a, P3 b) { return p3(a.x + b.x, a.y + b.y, a.z + b.z); }
static P3 sub(P3 a, P3 b) { return p3(a.x - b.x, a.y - b.y, a.z - b.z); }
static P3 mul(P3 a, double s) { return p3(a.x * s, a.y * s, a.z * s); }
static double dot(P3 a, P3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static P3 cross(P3 a, P3 b) {
  return p3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static double len(P3 a) { return sqrt(dot(a, a)); }

/* ---- random numbers (xorshift64*) ------------------------------------------ */

static unsigned long long rng_state;
static double rnd(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}
static double rnd_in(double a, double b) { return a + (b - a) * rnd(); }

/* ---- a case ------------------------------------------------------------------ */

typedef struct shape { int n, flat; P3 v[MAXP]; } shape;

typedef struct kase {
  int planar, kind;
  shape A, B;
  double t0, t1, tB;              /* 2D angles */
  double q0[4], q1[4], qB[4];     /* 3D quaternions (w, x, y, z) */
  int rot0_angle;                 /* 3D: rot0 given as an angle about z */
  P3 a0, a1, b;
  double scale, L, rA;
} kase;

static void rand_quat(double *q) {
  double n;
  do {
    q[0] = rnd_in(-1, 1); q[1] = rnd_in(-1, 1); q[2] = rnd_in(-1, 1); q[3] = rnd_in(-1, 1);
    n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  } while (n < 0.1 || n > 1);
  q[0] /= n; q[1] /= n; q[2] /= n; q[3] /= n;
}

/* q1 = q0 turned by angle a about a random axis (left multiplication) */
static void turn_quat(const double *q0, double a, double *q1) {
  P3 k;
  double s, w, x, y, z, n;
  do { k = p3(rnd_in(-1, 1), rnd_in(-1, 1), rnd_in(-1, 1)); } while (len(k) < 0.1 || len(k) > 1);
  k = mul(k, 1 / len(k));
  s = sin(a / 2);
  w = cos(a / 2); x = k.x * s; y = k.y * s; z = k.z * s;
  q1[0] = w * q0[0] - x * q0[1] - y * q0[2] - z * q0[3];
  q1[1] = w * q0[1] + x * q0[0] + y * q0[3] - z * q0[2];
  q1[2] = w * q0[2] - x * q0[3] + y * q0[0] + z * q0[1];
  q1[3] = w * q0[3] + x * q0[2] - y * q0[1] + z * q0[0];
  n = sqrt(q1[0] * q1[0] + q1[1] * q1[1] + q1[2] * q1[2] + q1[3] * q1[3]);
  q1[0] /= n; q1[1] /= n; q1[2] /= n; q1[3] /= n;
}

static void make_box(shape *s, P3 e) {
  int i;
  if (e.z == 0) {
    s->n = 4;
    s->flat = 1;
    for (i = 0; i < 4; i++)
      s->v[i] = p3((i == 1 || i == 2) ? e.x : -e.x, (i >= 2) ? e.y : -e.y, 0);
    return;
  }
  s->n = 8;
  s->flat = 0;
  for (i = 0; i < 8; i++)
    s->v[i] = p3((i & 4) ? e.x : -e.x, (i & 2) ? e.y : -e.y, (i & 1) ? e.z : -e.z);
}

/* n points: 2D (z = 0) on a jittered circle, or 3D in a ball */
static void make_cloud(shape *s, int n, double r, int planar) {
  int i;
  s->n = n;
  s->flat = planar;
  for (i = 0; i < n; i++) {
    if (planar) {
      double a = 2 * PI * (i + rnd_in(0, 0.8)) / n, rr = r * rnd_in(0.6, 1);
      s->v[i] = p3(rr * cos(a), rr * sin(a), 0);
    } else {
      P3 p;
      do { p = p3(rnd_in(-1, 1), rnd_in(-1, 1), rnd_in(-1, 1)); } while (len(p) > 1 || len(p) < 0.3);
      s->v[i] = mul(p, r);
    }
  }
}

static double radius(const shape *s) {
  double r = 0;
  int i;
  for (i = 0; i < s->n; i++) r = fmax(r, len(s->v[i]));
  return r;
}

/* ---- placement (this file's own formulas) ----------------------------------- */

static P3 rot2(P3 v, double a) {
  double c = cos(a), s = sin(a);
  return p3(c * v.x - s * v.y, s * v.x + c * v.y, v.z);
}

static P3 rotq(P3 v, const double *q) {
  P3 r = p3(q[1], q[2], q[3]), t = cross(r, v);
  return add(add(v, mul(t, 2 * q[0])), mul(cross(r, t), 2));
}

static double angle_delta(double t0, double t1) {
  double d = t1 - t0;
  if (fabs(d) > PI) d -= 2 * PI * floor((d + PI) / (2 * PI));
  return d;
}

static void angle_quat(double t, double *q) {
  q[0] = cos(t / 2); q[1] = 0; q[2] = 0; q[3] = sin(t / 2);
}

static void slerp(const double *q0, const double *q1in, double t, double *q) {
  double q1[4], dp = 0, dm = 0, W, s;
  int i;
  for (i = 0; i < 4; i++) q1[i] = q1in[i];
  if (q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3] < 0)
    for (i = 0; i < 4; i++) q1[i] = -q1[i];
  for (i = 0; i < 4; i++) {
    dm += (q1[i] - q0[i]) * (q1[i] - q0[i]);
    dp += (q1[i] + q0[i]) * (q1[i] + q0[i]);
  }
  W = 2 * atan2(sqrt(dm), sqrt(dp));   /* the angle between q0 and q1 */
  s = sin(W);
  if (s < 1e-300) {
    for (i = 0; i < 4; i++) q[i] = q0[i];
    return;
  }
  for (i = 0; i < 4; i++) q[i] = (sin((1 - t) * W) * q0[i] + sin(t * W) * q1[i]) / s;
}

/* A's points in the world at t */
static void place_A(const kase *k, double t, P3 *out) {
  int i;
  P3 c = add(k->a0, mul(sub(k->a1, k->a0), t));
  if (k->planar) {
    double a = k->t0 + t * angle_delta(k->t0, k->t1);
    for (i = 0; i < k->A.n; i++) out[i] = add(rot2(k->A.v[i], a), c);
  } else {
    double q0[4], q[4];
    if (k->rot0_angle) angle_quat(k->t0, q0);
    else memcpy(q0, k->q0, sizeof q0);
    slerp(q0, k->q1, t, q);
    for (i = 0; i < k->A.n; i++) out[i] = add(rotq(k->A.v[i], q), c);
  }
}

static void place_B(const kase *k, P3 *out) {
  int i;
  for (i = 0; i < k->B.n; i++)
    out[i] = add(k->planar ? rot2(k->B.v[i], k->tB) : rotq(k->B.v[i], k->qB), k->b);
}

/* ---- the separating-axis test at an instant ------------------------------------ */

enum { APART = 0, OVERLAP = 1, TOUCH = 2 };

typedef struct sat { double best; P3 axis; } sat;

/* separation of the two sets along L (> 0 apart), per unit of L */
static double sep_along(P3 L, const P3 *x, int nx, const P3 *y, int ny) {
  double l = len(L), xlo, xhi, ylo, yhi;
  int i;
  if (!(l > 1e-200)) return -HUGE_VAL;
  xlo = xhi = dot(L, x[0]);
  for (i = 1; i < nx; i++) { double t = dot(L, x[i]); xlo = fmin(xlo, t); xhi = fmax(xhi, t); }
  ylo = yhi = dot(L, y[0]);
  for (i = 1; i < ny; i++) { double t = dot(L, y[i]); ylo = fmin(ylo, t); yhi = fmax(yhi, t); }
  return fmax(xlo - yhi, ylo - xhi) / l;
}

static void try_axis(sat *s, P3 L, const P3 *x, int nx, const P3 *y, int ny) {
  double d = sep_along(L, x, nx, y, ny);
  if (d > s->best) { s->best = d; s->axis = L; }
}

/* the SAT separation (the largest over the axes) */
static double separation(const P3 *x, int nx, int flatx, const P3 *y, int ny,
                         int flaty, int planar, P3 *hint) {
  sat s;
  int i, j, k, l, m;
  P3 ex[MAXP * MAXP], ey[MAXP * MAXP];
  int nex = 0, ney = 0;
  s.best = -HUGE_VAL;
  s.axis = p3(1, 0, 0);
  if (hint) try_axis(&s, *hint, x, nx, y, ny);
  for (i = 0; i < nx; i++)
    for (j = i + 1; j < nx; j++) ex[nex++] = sub(x[j], x[i]);
  for (i = 0; i < ny; i++)
    for (j = i + 1; j < ny; j++) ey[ney++] = sub(y[j], y[i]);
  if (planar) {
    for (i = 0; i < nex; i++) try_axis(&s, p3(-ex[i].y, ex[i].x, 0), x, nx, y, ny);
    for (i = 0; i < ney; i++) try_axis(&s, p3(-ey[i].y, ey[i].x, 0), x, nx, y, ny);
  } else {
    P3 nfx = p3(0, 0, 0), nfy = p3(0, 0, 0);
    /* faces: every triple */
    for (i = 0; i < nx; i++)
      for (j = i + 1; j < nx; j++)
        for (k = j + 1; k < nx; k++) {
          P3 n = cross(sub(x[j], x[i]), sub(x[k], x[i]));
          try_axis(&s, n, x, nx, y, ny);
          if (len(n) > len(nfx)) nfx = n;
        }
    for (i = 0; i < ny; i++)
      for (j = i + 1; j < ny; j++)
        for (k = j + 1; k < ny; k++) {
          P3 n = cross(sub(y[j], y[i]), sub(y[k], y[i]));
          try_axis(&s, n, x, nx, y, ny);
          if (len(n) > len(nfy)) nfy = n;
        }
    for (l = 0; l < nex; l++)
      for (m = 0; m < ney; m++) try_axis(&s, cross(ex[l], ey[m]), x, nx, y, ny);
    if (flatx) {
      for (l = 0; l < nex; l++) try_axis(&s, cross(nfx, ex[l]), x, nx, y, ny);
      for (m = 0; m < ney; m++) try_axis(&s, cross(nfx, ey[m]), x, nx, y, ny);
    }
    if (flaty) {
      for (l = 0; l < nex; l++) try_axis(&s, cross(nfy, ex[l]), x, nx, y, ny);
      for (m = 0; m < ney; m++) try_axis(&s, cross(nfy, ey[m]), x, nx, y, ny);
      if (flatx) try_axis(&s, cross(nfx, nfy), x, nx, y, ny);
    }
  }
  if (hint) *hint = s.axis;
  return s.best;
}

typedef struct judge {
  const kase *k;
  P3 yb[MAXP];
  double band;
  P3 hint;
} judge;

static int state_at(judge *J, double t, P3 shift) {
  P3 xa[MAXP];
  int i;
  double s;
  place_A(J->k, t, xa);
  for (i = 0; i < J->k->A.n; i++) xa[i] = add(xa[i], shift);
  /* the hint first: most instants are apart along the last axis found */
  s = sep_along(J->hint, xa, J->k->A.n, J->yb, J->k->B.n);
  if (s > J->band) return APART;
  s = separation(xa, J->k->A.n, J->k->A.flat, J->yb, J->k->B.n, J->k->B.flat,
                 J->k->planar, &J->hint);
  if (s > J->band) return APART;
  if (s < -J->band) return OVERLAP;
  return TOUCH;
}

/* the first instant in (lo, hi] whose state is not apart (want: the
   first not APART) or is OVERLAP (want_overlap) */
static double bisect(judge *J, double lo, double hi, int want_overlap) {
  int i;
  for (i = 0; i < 60; i++) {
    double mid = 0.5 * (lo + hi);
    int s = state_at(J, mid, p3(0, 0, 0));
    int hit = want_overlap ? s == OVERLAP : s != APART;
    if (hit) hi = mid;
    else lo = mid;
  }
  return hi;
}

#ifndef TURNING_REFEREE_LIB
/* ---- cases ------------------------------------------------------------------ */

static void gen_case(kase *k, int i) {
  double s = (i % 5 == 4) ? pow(10, rnd_in(-2, 3)) : 1;   /* some at other scales */
  double speed, turn, rB, dist;
  P3 dir, side;
  memset(k, 0, sizeof *k);
  k->kind = i % 8;
  k->planar = k->kind < 4;
  switch (k->kind) {
    case 0:   /* 2D boxes, a moderate turn */
      make_box(&k->A, p3(rnd_in(0.2, 2), rnd_in(0.2, 2), 0));
      make_box(&k->B, p3(rnd_in(0.2, 3), rnd_in(0.2, 3), 0));
      turn = rnd_in(-PI / 2, PI / 2);
      speed = rnd_in(1, 10);
      break;
    case 1:   /* 2D polygons, a fast spin (beyond pi: the short way) */
      make_cloud(&k->A, 3 + (int)(rnd() * 6), rnd_in(0.5, 2), 1);
      make_cloud(&k->B, 3 + (int)(rnd() * 6), rnd_in(0.5, 2), 1);
      turn = rnd_in(-2 * PI, 2 * PI);
      speed = rnd_in(0.1, 3);
      break;
    case 2:   /* 2D pure rotation */
      make_cloud(&k->A, 3 + (int)(rnd() * 5), rnd_in(0.5, 3), 1);
      make_box(&k->B, p3(rnd_in(0.1, 1), rnd_in(0.1, 1), 0));
      turn = rnd_in(-PI, PI);
      speed = 0;
      break;
    case 3:   /* 2D thin plank, a small turn */
      make_box(&k->A, p3(rnd_in(1, 3), rnd_in(0.001, 0.02), 0));
      make_cloud(&k->B, 3 + (int)(rnd() * 6), rnd_in(0.5, 2), 1);
      turn = rnd_in(-1e-3, 1e-3);
      speed = rnd_in(1, 10);
      break;
    case 4:   /* 3D boxes */
      make_box(&k->A, p3(rnd_in(0.2, 2), rnd_in(0.2, 2), rnd_in(0.2, 2)));
      make_box(&k->B, p3(rnd_in(0.2, 3), rnd_in(0.2, 3), rnd_in(0.2, 3)));
      turn = rnd_in(0, PI / 2);
      speed = rnd_in(1, 10);
      break;
    case 5:   /* 3D clouds, a fast spin */
      make_cloud(&k->A, 4 + (int)(rnd() * 7), rnd_in(0.5, 2), 0);
      make_cloud(&k->B, 4 + (int)(rnd() * 7), rnd_in(0.5, 2), 0);
      turn = rnd_in(0, PI);
      speed = rnd_in(0.1, 3);
      break;
    case 6:   /* 3D pure rotation of a flat hull */
      make_cloud(&k->A, 3 + (int)(rnd() * 6), rnd_in(0.5, 3), 1);
      make_cloud(&k->B, 4 + (int)(rnd() * 5), rnd_in(0.3, 1), 0);
      turn = rnd_in(0, PI);
      speed = 0;
      break;
    default:  /* 3D flat hull against a thin box, a small turn */
      make_cloud(&k->A, 3 + (int)(rnd() * 6), rnd_in(0.5, 2), 1);
      make_box(&k->B, p3(rnd_in(0.5, 3), rnd_in(0.5, 3), rnd_in(0.001, 0.02)));
      turn = rnd_in(0, 0.01);
      speed = rnd_in(1, 10);
      break;
  }
  {
    int j;
    for (j = 0; j < k->A.n; j++) k->A.v[j] = mul(k->A.v[j], s);
    for (j = 0; j < k->B.n; j++) k->B.v[j] = mul(k->B.v[j], s);
  }
  k->rA = radius(&k->A);
  rB = radius(&k->B);
  if (k->planar) {
    double a = rnd_in(0, 2 * PI);
    dir = p3(cos(a), sin(a), 0);
    side = p3(-dir.y, dir.x, 0);
    k->t0 = rnd_in(-PI, PI);
    k->t1 = k->t0 + turn;
    k->tB = rnd_in(-PI, PI);
  } else {
    do { dir = p3(rnd_in(-1, 1), rnd_in(-1, 1), rnd_in(-1, 1)); } while (len(dir) < 0.1 || len(dir) > 1);
    dir = mul(dir, 1 / len(dir));
    side = cross(dir, p3(0.3, 0.5, 0.8));
    side = mul(side, 1 / len(side));
    rand_quat(k->q0);
    if (k->kind == 5 && i % 3 == 0) {   /* rot0 given as an angle */
      k->rot0_angle = 1;
      k->t0 = rnd_in(-PI, PI);
      angle_quat(k->t0, k->q0);
    }
    turn_quat(k->q0, turn, k->q1);
    rand_quat(k->qB);
  }
  k->a0 = mul(p3(rnd_in(-1, 1), rnd_in(-1, 1), k->planar ? 0 : rnd_in(-1, 1)), s);
  speed *= s;
  k->a1 = add(k->a0, mul(dir, speed));
  /* B near the path: ahead by a part of the motion, beside by a part of
     the radii (about half the cases touch) */
  dist = speed > 0 ? rnd_in(0, 1.1) * speed : 0;
  k->b = add(add(k->a0, mul(dir, dist)),
             mul(side, rnd_in(-1.2, 1.2) * (k->rA + rB)));
  if (speed == 0) {   /* pure rotation: B within the sweep's reach, outside A's start */
    double a = rnd_in(0, 2 * PI);
    P3 r = k->planar ? p3(cos(a), sin(a), 0) : mul(side, 1);
    k->b = add(k->a0, mul(r, rnd_in(0.3, 1.1) * (k->rA + rB)));
  }
  k->L = len(sub(k->a1, k->a0)) +
         fabs(k->planar ? angle_delta(k->t0, k->t1) : turn) * k->rA;
  k->scale = 0;
  {
    int j;
    P3 yb[MAXP];
    place_B(k, yb);
    for (j = 0; j < k->A.n; j++) k->scale = fmax(k->scale, len(k->A.v[j]));
    for (j = 0; j < k->B.n; j++) k->scale = fmax(k->scale, len(yb[j]));
    k->scale += fmax(len(k->a0), len(k->a1));
  }
}

/* ---- the kernel's answer ------------------------------------------------------ */

static int run_kernel(const kase *k, collide_hit *h, int *steps) {
  static double blockA[4096], blockB[4096];
  collide_vec3 pts[MAXP], a0, a1, b;
  collide_rotation r0, r1, rb;
  int i, e;
  for (i = 0; i < k->A.n; i++) { pts[i].x = k->A.v[i].x; pts[i].y = k->A.v[i].y; pts[i].z = k->A.v[i].z; }
  e = collide_convex_init(pts, k->A.n, blockA, (int)sizeof blockA);
  if (e < 0 || e > (int)sizeof blockA) return -1000;
  for (i = 0; i < k->B.n; i++) { pts[i].x = k->B.v[i].x; pts[i].y = k->B.v[i].y; pts[i].z = k->B.v[i].z; }
  e = collide_convex_init(pts, k->B.n, blockB, (int)sizeof blockB);
  if (e < 0 || e > (int)sizeof blockB) return -1000;
  memset(&r0, 0, sizeof r0);
  memset(&r1, 0, sizeof r1);
  memset(&rb, 0, sizeof rb);
  if (k->planar) {
    r0.is_angle = r1.is_angle = rb.is_angle = 1;
    r0.angle = k->t0; r1.angle = k->t1; rb.angle = k->tB;
  } else {
    if (k->rot0_angle) { r0.is_angle = 1; r0.angle = k->t0; }
    else { r0.w = k->q0[0]; r0.x = k->q0[1]; r0.y = k->q0[2]; r0.z = k->q0[3]; }
    r1.w = k->q1[0]; r1.x = k->q1[1]; r1.y = k->q1[2]; r1.z = k->q1[3];
    rb.w = k->qB[0]; rb.x = k->qB[1]; rb.y = k->qB[2]; rb.z = k->qB[3];
  }
  a0.x = k->a0.x; a0.y = k->a0.y; a0.z = k->a0.z;
  a1.x = k->a1.x; a1.y = k->a1.y; a1.z = k->a1.z;
  b.x = k->b.x; b.y = k->b.y; b.z = k->b.z;
  return collide__sweep_convex_turning_steps((const collide_convex *)blockA, &r0, &r1,
                                             &a0, &a1, (const collide_convex *)blockB,
                                             &rb, &b, h, steps);
}

#endif

#ifdef TURNING_REFEREE_LIB
/* ---- as a library (bench/peers/box2d_toi.cpp judges a peer's answers) --------
 * 2D scenes given as arrays: A's n points (x, y), turning from angle t0 to
 * t1 (the short way) while its origin moves a0 -> a1; B's points turned by
 * tB at b. */

static void lib_case(kase *k, const double *A, int na, const double *B, int nb,
                     double t0, double t1, double tB, const double *a0,
                     const double *a1, const double *b) {
  int i;
  P3 yb[MAXP];
  memset(k, 0, sizeof *k);
  k->planar = 1;
  k->A.n = na;
  k->A.flat = 1;
  for (i = 0; i < na; i++) k->A.v[i] = p3(A[2 * i], A[2 * i + 1], 0);
  k->B.n = nb;
  k->B.flat = 1;
  for (i = 0; i < nb; i++) k->B.v[i] = p3(B[2 * i], B[2 * i + 1], 0);
  k->t0 = t0;
  k->t1 = t1;
  k->tB = tB;
  k->a0 = p3(a0[0], a0[1], 0);
  k->a1 = p3(a1[0], a1[1], 0);
  k->b = p3(b[0], b[1], 0);
  k->rA = radius(&k->A);
  k->L = len(sub(k->a1, k->a0)) + fabs(angle_delta(t0, t1)) * k->rA;
  place_B(k, yb);
  for (i = 0; i < na; i++) k->scale = fmax(k->scale, len(k->A.v[i]));
  for (i = 0; i < nb; i++) k->scale = fmax(k->scale, len(yb[i]));
  k->scale += fmax(len(k->a0), len(k->a1));
}

int turning_referee_2d(const double *A, int na, const double *B, int nb, double t0,
                       double t1, double tB, const double *a0, const double *a1,
                       const double *b, int samples, double *u_touch,
                       double *u_over, double *min_sep);
int turning_referee_2d_state(const double *A, int na, const double *B, int nb,
                             double t0, double t1, double tB, const double *a0,
                             const double *a1, const double *b, double t,
                             const double *push);

/* The first touching and overlapping instants (-1: none) and the least
   separation over the samples. */
int turning_referee_2d(const double *A, int na, const double *B, int nb, double t0,
                       double t1, double tB, const double *a0, const double *a1,
                       const double *b, int samples, double *u_touch,
                       double *u_over, double *min_sep) {
  kase k;
  judge J;
  int j, first = -1, first_over = -1;
  lib_case(&k, A, na, B, nb, t0, t1, tB, a0, a1, b);
  J.k = &k;
  place_B(&k, J.yb);
  J.band = 1e-12 * k.scale;
  J.hint = p3(1, 0, 0);
  *min_sep = HUGE_VAL;
  for (j = 0; j <= samples; j++) {
    P3 xa[MAXP];
    double s;
    place_A(&k, (double)j / samples, xa);
    s = separation(xa, k.A.n, 1, J.yb, k.B.n, 1, 1, &J.hint);
    *min_sep = fmin(*min_sep, s);
    if (s <= J.band && first < 0) first = j;
    if (s < -J.band) { first_over = j; break; }
  }
  *u_touch = *u_over = -1;
  if (first >= 0)
    *u_touch = first == 0 ? 0 : bisect(&J, (double)(first - 1) / samples, (double)first / samples, 0);
  if (first_over >= 0)
    *u_over = first_over == 0 ? 0
            : bisect(&J, (double)(first_over - 1) / samples, (double)first_over / samples, 1);
  return first >= 0;
}

/* The state at t (0 apart, 1 overlapping, 2 touching within rounding),
   A pushed by push (x, y). */
int turning_referee_2d_state(const double *A, int na, const double *B, int nb,
                             double t0, double t1, double tB, const double *a0,
                             const double *a1, const double *b, double t,
                             const double *push) {
  kase k;
  judge J;
  lib_case(&k, A, na, B, nb, t0, t1, tB, a0, a1, b);
  J.k = &k;
  place_B(&k, J.yb);
  J.band = 1e-12 * k.scale;
  J.hint = p3(1, 0, 0);
  return state_at(&J, t, p3(push[0], push[1], 0));
}

#else
/* ---- main --------------------------------------------------------------------- */

int main(int argc, char **argv) {
  int cases = 2000, samples = 100000, i, fails = 0, hits = 0, ref_hits = 0;
  int grazes = 0, max_steps = 0, worst_late_case = -1, worst_early_case = -1;
  long long sum_steps = 0, stepped = 0;
  unsigned long long seed = 1;
  double worst_late = -HUGE_VAL, worst_early = 0, worst_graze = 0;
  for (i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--cases")) cases = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--samples")) samples = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[i + 1], NULL, 10);
  }
  rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
  for (i = 0; i < cases; i++) {
    kase k;
    judge J;
    collide_hit h;
    int code, steps = 0, s, first = -1, first_over = -1, j, ok = 1;
    double u_touch = -1, u_over = -1, tol;
    const char *why = "";
    gen_case(&k, i);
    code = run_kernel(&k, &h, &steps);
    if (code < 0) {
      printf("case %d: kernel error %d\n", i, code);
      fails++;
      continue;
    }
    if (steps > max_steps) max_steps = steps;
    if (steps > 0) { sum_steps += steps; stepped++; }
    J.k = &k;
    place_B(&k, J.yb);
    J.band = 1e-12 * k.scale;
    J.hint = p3(1, 0, 0);
    for (j = 0; j <= samples; j++) {
      s = state_at(&J, (double)j / samples, p3(0, 0, 0));
      if (s != APART && first < 0) first = j;
      if (s == OVERLAP) { first_over = j; break; }
    }
    if (first >= 0)
      u_touch = first == 0 ? 0 : bisect(&J, (double)(first - 1) / samples, (double)first / samples, 0);
    if (first_over >= 0)
      u_over = first_over == 0 ? 0
             : bisect(&J, (double)(first_over - 1) / samples, (double)first_over / samples, 1);
    tol = 1e-9 * k.L;
    if (u_over >= 0 || u_touch >= 0) ref_hits++;
    if (code > 0) {
      hits++;
      if (u_touch >= 0) {
        double late = h.u - u_touch;
        /* past the first touch within rounding is late only when the
           shapes overlap there beyond it (a slow approach stays within
           the band for band / speed) */
        if (late > 0 && state_at(&J, h.u, p3(0, 0, 0)) == OVERLAP) { ok = 0; why = "late"; }
        if (u_over >= 0 && h.u > u_over) { ok = 0; why = "past an overlap"; }
        if (late > worst_late) { worst_late = late; worst_late_case = i; }
      }
      if (ok && (u_touch < 0 || u_touch - h.u > 1e-9)) {
        /* a graze or a slow approach: the gap left is within the tolerance */
        P3 push = mul(p3(h.normal.x, h.normal.y, h.normal.z), -(tol + 2 * J.band));
        J.hint = p3(1, 0, 0);
        if (state_at(&J, h.u, push) == APART) {
          ok = 0;
          why = u_touch < 0 ? "hit where none" : "early";
        } else {
          grazes++;
          if (u_touch >= 0 && u_touch - h.u > worst_graze) worst_graze = u_touch - h.u;
        }
      } else if (ok && u_touch >= 0 && u_touch - h.u > worst_early) {
        worst_early = u_touch - h.u;
        worst_early_case = i;
      }
    } else if (u_over >= 0) {
      ok = 0;
      why = "missed";
    }
    if (!ok) {
      P3 xa[MAXP];
      double sep;
      J.hint = p3(1, 0, 0);
      place_A(&k, code > 0 ? h.u : 0, xa);
      sep = separation(xa, k.A.n, k.A.flat, J.yb, k.B.n, k.B.flat, k.planar, &J.hint);
      printf("  (separation at the kernel's u: %.3g, tol %.3g, normal %g %g %g, axis %g %g %g)\n",
             sep, tol, h.normal.x, h.normal.y, h.normal.z, J.hint.x / len(J.hint),
             J.hint.y / len(J.hint), J.hint.z / len(J.hint));
      fails++;
      printf("FAIL case %d (kind %d): %s: kernel %s u=%.17g, referee u_touch=%.17g u_over=%.17g, "
             "L=%g scale=%g steps=%d\n", i, k.kind, why, code > 0 ? "hit" : "miss",
             code > 0 ? h.u : -1.0, u_touch, u_over, k.L, k.scale, steps);
    }
  }
  printf("turning referee: %d cases (seed %llu, %d samples each), kernel hits %d, "
         "referee contacts %d, grazes within the tolerance %d\n",
         cases, seed, samples, hits, ref_hits, grazes);
  printf("  worst lateness (u - u_touch): %.3g (case %d)\n", worst_late, worst_late_case);
  printf("  worst earliness (u_touch - u) of a contact: %.3g of the motion (case %d)\n",
         worst_early, worst_early_case);
  printf("  worst earliness of a graze (a slow approach, its gap within the "
         "tolerance): %.3g of the motion\n", worst_graze);
  printf("  steps: mean %.1f, worst %d (limit %d)\n",
         stepped ? (double)sum_steps / stepped : 0.0, max_steps, COLLIDE_TURNING_MAX_STEPS);
  printf("%d passed, %d failed\n", cases - fails, fails);
  return fails ? 1 : 0;
}
#endif
