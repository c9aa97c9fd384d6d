/*
 * box2d_toi.cpp -- collide_sweep_convex_turning against Box2D 2.4's
 * b2TimeOfImpact (Debian's libbox2d-dev) on the same 2D scenes: time per
 * query, iterations, and misses of each, judged by the dense-sampling
 * referee of tests/turning_referee.c (compiled in as a library). Part of
 * `make bench-peers` (skipped when Box2D is absent).
 *
 * Scenes (a fixed generator): boxes and convex polygons of up to 8
 * corners (Box2D's limit), 0.1 to 2 m across, turning by up to 3 rad
 * (less than half a turn, so Box2D's linear angle and collide's shortest
 * arc are the same motion) while moving 0 to 10 m, against a fixed box
 * or polygon placed near the path (about half the scenes touch); kinds:
 * boxes, polygons, fast spins, pure rotations, thin planks; each starts
 * apart (a scene that does not is drawn again). Every input
 * is a float (Box2D computes in float), given to both as it is.
 *
 * Box2D's proxies are the bare polygons (radius 0, no skin); its TOI
 * still aims at a separation of b2_linearSlop (5 mm) +- a quarter of it,
 * by design: its u is early by that gap. Reported per library:
 *   ns/query    median over rounds of the time of all scenes, per scene
 *               (the process's CPU time, as convex_peers.cpp: the other
 *               processes of a busy machine do not count)
 *   iterations  collide: conservative-advancement steps; Box2D: its root
 *               iterations (b2_toiIters) per call; mean and worst
 *   late        a hit at a u where the referee finds A inside B
 *   missed      no hit (or Box2D's e_failed) where the referee finds an
 *               overlap
 *   false hits  a hit where the referee finds no contact and A passes
 *               farther than the library's own tolerance (collide: 1e-9
 *               of the motion; Box2D: its target separation + tolerance)
 *   early       the referee's first contact minus u: median and worst,
 *               over the hits that both the referee and the library have
 */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <vector>

#include <box2d/box2d.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_time_of_impact.h>

#include "collide.h"
#include "collide_turning.h"

/* Box2D's counters (b2_time_of_impact.cpp; exported, not declared) */
extern int32 b2_toiCalls, b2_toiIters, b2_toiMaxIters;

extern "C" {
int turning_referee_2d(const double *A, int na, const double *B, int nb, double t0,
                       double t1, double tB, const double *a0, const double *a1,
                       const double *b, int samples, double *u_touch,
                       double *u_over, double *min_sep);
int turning_referee_2d_state(const double *A, int na, const double *B, int nb,
                             double t0, double t1, double tB, const double *a0,
                             const double *a1, const double *b, double t,
                             const double *push);
}

namespace {

struct Rng {
  unsigned long long s;
  explicit Rng(unsigned long long seed) : s(seed) {}
  double next() {
    s = s * 16807 % 2147483647;
    return (double)s / 2147483647.0;
  }
  double range(double a, double b) { return a + (b - a) * next(); }
};

double f(double x) { return (double)(float)x; }

struct Poly { int n; double p[16]; };

struct Case {
  int kind;
  Poly A, B;
  double t0, t1, tB, a0[2], a1[2], b[2];
  /* built once */
  alignas(double) unsigned char hullA[4096], hullB[4096];
  b2Vec2 va[8], vb[8];
};

void make_box(Poly &P, double ex, double ey) {
  P.n = 4;
  double xs[4] = {-ex, ex, ex, -ex}, ys[4] = {-ey, -ey, ey, ey};
  for (int i = 0; i < 4; i++) { P.p[2 * i] = f(xs[i]); P.p[2 * i + 1] = f(ys[i]); }
}

/* a convex polygon: n corners on a jittered circle, counter-clockwise */
void make_poly(Poly &P, Rng &r, int n, double rad) {
  P.n = n;
  for (int i = 0; i < n; i++) {
    double a = 2 * M_PI * (i + r.range(0, 0.7)) / n;
    P.p[2 * i] = f(rad * std::cos(a));
    P.p[2 * i + 1] = f(rad * std::sin(a));
  }
}

double radius(const Poly &P) {
  double m = 0;
  for (int i = 0; i < P.n; i++) m = std::max(m, std::hypot(P.p[2 * i], P.p[2 * i + 1]));
  return m;
}

void gen(Case &c, Rng &r, int i) {
  c.kind = i % 5;
  double turn, speed;
  switch (c.kind) {
    case 0:   /* boxes */
      make_box(c.A, r.range(0.1, 1), r.range(0.1, 1));
      make_box(c.B, r.range(0.1, 1), r.range(0.1, 1));
      turn = r.range(-1.5, 1.5); speed = r.range(1, 10);
      break;
    case 1:   /* polygons */
      make_poly(c.A, r, 3 + (int)(r.next() * 6), r.range(0.2, 1));
      make_poly(c.B, r, 3 + (int)(r.next() * 6), r.range(0.2, 1));
      turn = r.range(-1.5, 1.5); speed = r.range(1, 10);
      break;
    case 2:   /* fast spins, short moves */
      make_poly(c.A, r, 3 + (int)(r.next() * 6), r.range(0.3, 1));
      make_box(c.B, r.range(0.1, 1), r.range(0.1, 1));
      turn = r.range(-3, 3); speed = r.range(0.1, 2);
      break;
    case 3:   /* pure rotation */
      make_box(c.A, r.range(0.5, 2), r.range(0.05, 0.3));
      make_poly(c.B, r, 3 + (int)(r.next() * 6), r.range(0.1, 0.5));
      turn = r.range(-3, 3); speed = 0;
      break;
    default:  /* thin planks */
      make_box(c.A, r.range(0.5, 2), r.range(0.005, 0.02));
      make_poly(c.B, r, 3 + (int)(r.next() * 6), r.range(0.2, 1));
      turn = r.range(-0.5, 0.5); speed = r.range(1, 10);
      break;
  }
  double rA = radius(c.A), rB = radius(c.B), dir = r.range(0, 2 * M_PI);
  double dx = std::cos(dir), dy = std::sin(dir);
  c.t0 = f(r.range(-3, 3));
  c.t1 = f(c.t0 + turn);
  c.tB = f(r.range(-3, 3));
  c.a0[0] = f(r.range(-1, 1));
  c.a0[1] = f(r.range(-1, 1));
  c.a1[0] = f(c.a0[0] + dx * speed);
  c.a1[1] = f(c.a0[1] + dy * speed);
  double along = speed > 0 ? r.range(0, 1.1) * speed : 0, beside = r.range(-1.2, 1.2) * (rA + rB);
  if (speed == 0) {
    double a = r.range(0, 2 * M_PI), d = r.range(0.3, 1.1) * (rA + rB);
    c.b[0] = f(c.a0[0] + d * std::cos(a));
    c.b[1] = f(c.a0[1] + d * std::sin(a));
  } else {
    c.b[0] = f(c.a0[0] + dx * along - dy * beside);
    c.b[1] = f(c.a0[1] + dy * along + dx * beside);
  }
  collide_vec3 pts[8];
  for (int k = 0; k < c.A.n; k++) {
    pts[k].x = c.A.p[2 * k]; pts[k].y = c.A.p[2 * k + 1]; pts[k].z = 0;
    c.va[k].Set((float)c.A.p[2 * k], (float)c.A.p[2 * k + 1]);
  }
  collide_convex_init(pts, c.A.n, c.hullA, (int)sizeof c.hullA);
  for (int k = 0; k < c.B.n; k++) {
    pts[k].x = c.B.p[2 * k]; pts[k].y = c.B.p[2 * k + 1]; pts[k].z = 0;
    c.vb[k].Set((float)c.B.p[2 * k], (float)c.B.p[2 * k + 1]);
  }
  collide_convex_init(pts, c.B.n, c.hullB, (int)sizeof c.hullB);
}

struct Answer { int hit; double u; double nx, ny; int iters; };

Answer run_collide(const Case &c) {
  collide_rotation r0, r1, rb;
  std::memset(&r0, 0, sizeof r0);
  std::memset(&r1, 0, sizeof r1);
  std::memset(&rb, 0, sizeof rb);
  r0.is_angle = r1.is_angle = rb.is_angle = 1;
  r0.angle = c.t0; r1.angle = c.t1; rb.angle = c.tB;
  collide_vec3 a0 = {c.a0[0], c.a0[1], 0}, a1 = {c.a1[0], c.a1[1], 0}, b = {c.b[0], c.b[1], 0};
  collide_hit h;
  int steps = 0;
  int code = collide__sweep_convex_turning_steps((const collide_convex *)c.hullA, &r0, &r1, &a0,
                                                 &a1, (const collide_convex *)c.hullB, &rb, &b,
                                                 &h, &steps);
  return Answer{code > 0, code > 0 ? h.u : 1, h.normal.x, h.normal.y, steps};
}

void toi_input(const Case &c, b2TOIInput &in) {
  in.proxyA.Set(c.va, c.A.n, 0.0f);
  in.proxyB.Set(c.vb, c.B.n, 0.0f);
  in.sweepA.localCenter.SetZero();
  in.sweepA.c0.Set((float)c.a0[0], (float)c.a0[1]);
  in.sweepA.c.Set((float)c.a1[0], (float)c.a1[1]);
  in.sweepA.a0 = (float)c.t0;
  in.sweepA.a = (float)c.t1;
  in.sweepA.alpha0 = 0;
  in.sweepB.localCenter.SetZero();
  in.sweepB.c0.Set((float)c.b[0], (float)c.b[1]);
  in.sweepB.c = in.sweepB.c0;
  in.sweepB.a0 = in.sweepB.a = (float)c.tB;
  in.sweepB.alpha0 = 0;
  in.tMax = 1.0f;
}

Answer run_box2d(const Case &c, int *state) {
  b2TOIInput in;
  toi_input(c, in);
  b2TOIOutput out;
  int before = b2_toiIters;
  b2TimeOfImpact(&out, &in);
  *state = out.state;
  int hit = out.state == b2TOIOutput::e_touching || out.state == b2TOIOutput::e_overlapped;
  double nx = 0, ny = 0;
  if (hit) {
    /* the normal at t, for the gap check: b2Distance's closest points */
    b2Transform xa, xb;
    in.sweepA.GetTransform(&xa, out.t);
    in.sweepB.GetTransform(&xb, out.t);
    b2DistanceInput di;
    di.proxyA = in.proxyA;
    di.proxyB = in.proxyB;
    di.transformA = xa;
    di.transformB = xb;
    di.useRadii = false;
    b2SimplexCache cache;
    cache.count = 0;
    b2DistanceOutput dout;
    b2Distance(&dout, &cache, &di);
    b2Vec2 d = dout.pointA - dout.pointB;   /* from B toward A */
    float l = d.Length();
    if (l > 0) { nx = d.x / l; ny = d.y / l; }
  }
  return Answer{hit, hit ? (double)out.t : 1, nx, ny, b2_toiIters - before};
}

/* process CPU time: a busy machine's other processes do not count */
double now() {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

struct Tally {
  const char *name;
  double ns = 0;
  long iters = 0;
  int max_iters = 0, hits = 0, late = 0, missed = 0, false_hits = 0, failed = 0;
  std::vector<double> early;
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char **argv) {
  int n = 2000, samples = 20000, rounds = 5;
  const char *out_path = argc > 1 ? argv[1] : nullptr;
  if (argc > 2) n = std::atoi(argv[2]);
  std::vector<Case> cases(n);
  Rng rng(20261128);
  for (int i = 0; i < n; i++) {
    /* scenes that start apart (the referee's state at u = 0) */
    double zero[2] = {0, 0};
    do {
      gen(cases[i], rng, i);
    } while (turning_referee_2d_state(cases[i].A.p, cases[i].A.n, cases[i].B.p, cases[i].B.n,
                                      cases[i].t0, cases[i].t1, cases[i].tB, cases[i].a0,
                                      cases[i].a1, cases[i].b, 0, zero) != 0);
  }

  /* time: every scene once per round, the libraries alternating */
  std::vector<double> tc, tb;
  volatile double sink = 0;
  for (int r = 0; r < rounds; r++) {
    for (int side = 0; side < 2; side++) {
      int which = (r + side) % 2;
      double t = now();
      for (int i = 0; i < n; i++) {
        if (which == 0) {
          sink += run_collide(cases[i]).u;
        } else {
          int st;
          sink += run_box2d(cases[i], &st).u;
        }
      }
      (which == 0 ? tc : tb).push_back((now() - t) / n * 1e9);
    }
  }
  (void)sink;

  Tally T[2];
  T[0].name = "collide sweep_convex_turning";
  T[1].name = "Box2D 2.4 b2TimeOfImpact";
  T[0].ns = median(tc);
  T[1].ns = median(tb);
  int contacts = 0;
  for (int i = 0; i < n; i++) {
    const Case &c = cases[i];
    double ut, uo, min_sep;
    turning_referee_2d(c.A.p, c.A.n, c.B.p, c.B.n, c.t0, c.t1, c.tB, c.a0, c.a1, c.b, samples,
                       &ut, &uo, &min_sep);
    if (ut >= 0) contacts++;
    double L = std::hypot(c.a1[0] - c.a0[0], c.a1[1] - c.a0[1]) +
               std::fabs(c.t1 - c.t0) * radius(c.A);
    for (int lib = 0; lib < 2; lib++) {
      int st = 0;
      Answer a = lib == 0 ? run_collide(c) : run_box2d(c, &st);
      Tally &t = T[lib];
      t.iters += a.iters;
      t.max_iters = std::max(t.max_iters, a.iters);
      if (lib == 1 && st == b2TOIOutput::e_failed) t.failed++;
      if (!a.hit) {
        if (uo >= 0) t.missed++;
        continue;
      }
      t.hits++;
      double zero[2] = {0, 0};
      if (turning_referee_2d_state(c.A.p, c.A.n, c.B.p, c.B.n, c.t0, c.t1, c.tB, c.a0, c.a1,
                                   c.b, a.u, zero) == 1 || (uo >= 0 && a.u > uo)) {
        t.late++;
        continue;
      }
      if (ut < 0) {
        /* no contact: fine only within the library's own tolerance */
        double tol = lib == 0 ? 1e-9 * L
                              : b2_linearSlop * 1.25 + 1e-6;
        if (min_sep > tol) t.false_hits++;
        continue;
      }
      t.early.push_back(ut - a.u);
    }
  }

  char buf[4096];
  int len = std::snprintf(buf, sizeof buf,
      "turning sweeps, 2D: %d scenes (%d touch, by the referee at %d instants + bisection)\n"
      "| library | ns/query | iterations mean / worst | late | missed | false hits | "
      "early: median / worst (u) |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n",
      n, contacts, samples);
  for (int lib = 0; lib < 2; lib++) {
    Tally &t = T[lib];
    double worst = t.early.empty() ? 0 : *std::max_element(t.early.begin(), t.early.end());
    len += std::snprintf(buf + len, sizeof buf - len,
                         "| %s | %.0f | %.1f / %d | %d | %d | %d | %.2g / %.2g |\n", t.name, t.ns,
                         (double)t.iters / n, t.max_iters, t.late, t.missed, t.false_hits,
                         median(t.early), worst);
  }
  len += std::snprintf(buf + len, sizeof buf - len,
                       "(collide / Box2D time: %.2fx; Box2D: %d of %d calls ended e_failed; "
                       "its u aims at a gap of b2_linearSlop = %g m, by design)\n",
                       T[0].ns / T[1].ns, T[1].failed, n, (double)b2_linearSlop);
  std::fputs(buf, stdout);
  if (out_path) {
    FILE *fp = std::fopen(out_path, "w");
    if (fp) { std::fputs(buf, fp); std::fclose(fp); }
  }
  return 0;
}
