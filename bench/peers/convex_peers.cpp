/*
 * convex_peers.cpp -- collide's convex sweeps against Bullet 3's convex
 * casts, the same shapes and motions in one process (make bench-peers).
 *
 * Movers: a box (collide.convex_box / btBoxShape) and an 8-corner hull
 * (collide.convex / btConvexHullShape), each turned by a drawn quaternion
 * and moving in a straight line. Obstacles: a triangle (btTriangleShape),
 * an axis-aligned box (btBoxShape) and the 8-corner hull turned
 * (btConvexHullShape). Bullet's margins are set to 0, so both libraries
 * sweep the same solids. Every number either library gets is a float (a
 * multiple of 1/16, or a quaternion's component rounded to float), so both
 * see exactly the same inputs (Debian's Bullet is single precision).
 *
 * Bullet's side is the narrow phase btCollisionWorld::convexSweepTest runs
 * for one convex pair: btContinuousConvexCollision (GJK-based conservative
 * advancement, with btGjkEpaPenetrationDepthSolver), and btGjkConvexCast;
 * collide's is collide_sweep_convex_triangle / _aabb / _convex. A hit is
 * what convexSweepTest reports: calcTimeOfImpact true, a fraction below 1
 * and a normal of length^2 above 1e-4.
 *
 * The same work: each side's call gives the moment, the normal and a
 * point of contact (Bullet's CastResult m_fraction, m_normal, m_hitPoint;
 * collide's collide_hit u, normal, point, and the feature), and each
 * side's shapes are made once per scene, outside the timing (Bullet's
 * obstacle triangle and box too, as a world holds them; the casters are
 * made per call, as convexSweepTest does, and the simplex solver reset).
 *
 * Timing: R rounds, each running every row's cases through collide and
 * through both Bullet casts, in alternating order; the median ns per
 * query. Agreement: hit or miss, and |u_collide - u_bullet| where both hit.
 * Every case where the answers differ (one hit, or |du| > 1e-5) is written
 * to the file given as argv[1], one line each, with the inputs in hex
 * floats; bench/peers/convex_referee.py settles each one with the exact
 * referee of tests/convex_oracle.py (rational linear programming on these
 * very inputs) and says who is right.
 */
#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btContinuousConvexCollision.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <BulletCollision/CollisionShapes/btTriangleShape.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "collide.h"

#ifndef PEERS_ROUNDS
#define PEERS_ROUNDS 7
#endif

namespace {

struct Rng {
  unsigned long long s;
  explicit Rng(unsigned long long seed) : s(seed) {}
  double next() {
    s = s * 16807 % 2147483647;
    return (double)s / 2147483647.0;
  }
  /* a multiple of 1/16 in [a, b] */
  double dy(double a, double b) { return std::floor((a + (b - a) * next()) * 16) / 16; }
};

/* process CPU time: a busy machine's other processes do not count */
double now() {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

collide_vec3 cv(double x, double y, double z) {
  collide_vec3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
btVector3 bv(const collide_vec3 &a) {
  return btVector3((btScalar)a.x, (btScalar)a.y, (btScalar)a.z);
}

/* the 8-corner hull of bench/convex_bench.c */
const double HULL8[8][3] = {{1, 0, -0.5},     {0.5, 0.75, 0.5}, {-0.25, 1, -0.5},
                            {-1, 0.25, 0.5},  {-0.75, -0.5, -0.5}, {0, -1, 0.5},
                            {0.75, -0.5, -0.5}, {0.25, 0.25, 1}};

/* A quaternion with float components (unit to float rounding): both
   libraries get these very numbers. */
collide_rotation draw_rotation(Rng &r) {
  double w = r.next() - 0.5, x = r.next() - 0.5, y = r.next() - 0.5, z = r.next() - 0.5;
  double n = std::sqrt(w * w + x * x + y * y + z * z);
  collide_rotation q;
  q.is_angle = 0;
  q.angle = 0;
  q.w = (float)(w / n);
  q.x = (float)(x / n);
  q.y = (float)(y / n);
  q.z = (float)(z / n);
  return q;
}
btQuaternion bq(const collide_rotation &q) {
  return btQuaternion((btScalar)q.x, (btScalar)q.y, (btScalar)q.z, (btScalar)q.w);
}

enum Mover { M_BOX, M_HULL8 };
enum Obst { O_TRIANGLE, O_AABB, O_HULL8 };
const char *MOVER_NAME[] = {"box", "hull8"};
const char *OBST_NAME[] = {"triangle", "aabb", "hull8"};

struct Case {
  collide_vec3 e;            /* the box mover's half-extents */
  collide_rotation q, qb;    /* the mover's turn, the hull obstacle's */
  collide_vec3 c0, c1;       /* the mover's frame origin, start and end */
  collide_vec3 a, b, c;      /* triangle */
  collide_vec3 center, be;   /* aabb: centre, half-extents; hull: its origin */
  std::vector<char> box;     /* collide.convex_box(e) */
  btBoxShape *bbox = nullptr;
  /* Bullet's obstacles, made once like collide's (a world holds them):
     the triangle, the aabb's box */
  btTriangleShape *btri = nullptr;
  btBoxShape *bobox = nullptr;
};

struct Answer {
  int hit;
  double u;
};

struct Row {
  Mover m;
  Obst o;
  std::vector<double> tc, tb1, tb2;   /* ns per query per round */
  int both = 0, neither = 0, c_only = 0, b_only = 0, differ = 0;
  std::vector<double> du;
  int gjk_differ = 0;
};

struct Bench {
  std::vector<Case> cs;
  std::vector<char> hull8_block;
  const collide_convex *hull8 = nullptr;
  btConvexHullShape *bhull8 = nullptr, *bhull8_obst = nullptr;
  btVoronoiSimplexSolver simplex;
  btGjkEpaPenetrationDepthSolver epa;

  void make(int n) {
    Rng r(777);
    collide_vec3 p[8];
    for (int i = 0; i < 8; i++) p[i] = cv(HULL8[i][0], HULL8[i][1], HULL8[i][2]);
    int size = collide_convex_init(p, 8, nullptr, 0);
    hull8_block.resize((size_t)size + 16);
    if (collide_convex_init(p, 8, hull8_block.data(), size) != size) std::abort();
    hull8 = reinterpret_cast<const collide_convex *>(hull8_block.data());
    bhull8 = new btConvexHullShape();
    bhull8_obst = new btConvexHullShape();
    for (int i = 0; i < 8; i++) {
      bhull8->addPoint(bv(p[i]), false);
      bhull8_obst->addPoint(bv(p[i]), false);
    }
    bhull8->recalcLocalAabb();
    bhull8_obst->recalcLocalAabb();
    bhull8->setMargin(0);
    bhull8_obst->setMargin(0);
    cs.resize((size_t)n);
    for (Case &c : cs) {
      c.e = cv(r.dy(0.25, 1.5), r.dy(0.25, 1.5), r.dy(0.25, 1.5));
      c.q = draw_rotation(r);
      c.qb = draw_rotation(r);
      c.c0 = cv(r.dy(-4, 4), r.dy(-4, 4), r.dy(-4, 4));
      c.c1 = cv(r.dy(-4, 4), r.dy(-4, 4), r.dy(-4, 4));
      for (;;) {
        c.a = cv(r.dy(-2, 2), r.dy(-2, 2), r.dy(-2, 2));
        c.b = cv(r.dy(-2, 2), r.dy(-2, 2), r.dy(-2, 2));
        c.c = cv(r.dy(-2, 2), r.dy(-2, 2), r.dy(-2, 2));
        double ux = c.b.x - c.a.x, uy = c.b.y - c.a.y, uz = c.b.z - c.a.z;
        double vx = c.c.x - c.a.x, vy = c.c.y - c.a.y, vz = c.c.z - c.a.z;
        double X = uy * vz - uz * vy, Y = uz * vx - ux * vz, Z = ux * vy - uy * vx;
        if (X * X + Y * Y + Z * Z >= 0.25) break;
      }
      c.center = cv(r.dy(-2, 2), r.dy(-2, 2), r.dy(-2, 2));
      c.be = cv(r.dy(0.25, 1.5), r.dy(0.25, 1.5), r.dy(0.25, 1.5));
      size = collide_convex_box_init(&c.e, nullptr, 0);
      c.box.resize((size_t)size + 16);
      if (collide_convex_box_init(&c.e, c.box.data(), size) != size) std::abort();
      c.bbox = new btBoxShape(bv(c.e));
      c.bbox->setMargin(0);
      c.btri = new btTriangleShape(bv(c.a), bv(c.b), bv(c.c));
      c.btri->setMargin(0);
      c.bobox = new btBoxShape(bv(c.be));
      c.bobox->setMargin(0);
    }
  }

  /* collide */
  Answer ours(Mover m, Obst o, const Case &c) const {
    collide_hit h;
    const collide_convex *A =
        m == M_BOX ? reinterpret_cast<const collide_convex *>(c.box.data()) : hull8;
    int rc;
    if (o == O_TRIANGLE)
      rc = collide_sweep_convex_triangle(A, &c.q, &c.c0, &c.c1, &c.a, &c.b, &c.c, &h);
    else if (o == O_AABB)
      rc = collide_sweep_convex_aabb(A, &c.q, &c.c0, &c.c1, &c.center, &c.be, &h);
    else
      rc = collide_sweep_convex_convex(A, &c.q, &c.c0, &c.c1, hull8, &c.qb, &c.center, &h);
    if (rc < 0) std::abort();
    return Answer{rc, rc ? h.u : 0};
  }

  /* Bullet: caster 1 btContinuousConvexCollision, 2 btGjkConvexCast */
  Answer theirs(Mover m, Obst o, const Case &c, int caster) {
    btConvexShape *A = m == M_BOX ? static_cast<btConvexShape *>(c.bbox) : bhull8;
    btConvexShape *B;
    btTransform tb;
    tb.setIdentity();
    if (o == O_TRIANGLE) {
      B = c.btri;
    } else if (o == O_AABB) {
      B = c.bobox;
      tb.setOrigin(bv(c.center));
    } else {
      B = bhull8_obst;
      tb = btTransform(bq(c.qb), bv(c.center));
    }
    btTransform t0(bq(c.q), bv(c.c0)), t1(bq(c.q), bv(c.c1));
    btConvexCast::CastResult res;
    res.m_fraction = btScalar(1.);
    res.m_allowedPenetration = 0;
    bool ok;
    simplex.reset();
    if (caster == 1) {
      btContinuousConvexCollision cast(A, B, &simplex, &epa);
      ok = cast.calcTimeOfImpact(t0, t1, tb, tb, res);
    } else {
      btGjkConvexCast cast(A, B, &simplex);
      ok = cast.calcTimeOfImpact(t0, t1, tb, tb, res);
    }
    if (ok && res.m_normal.length2() > btScalar(0.0001) && res.m_fraction < btScalar(1.))
      return Answer{1, (double)res.m_fraction};
    return Answer{0, 0};
  }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}
double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[(size_t)std::min((double)v.size() - 1, std::floor(q * (double)(v.size() - 1)))];
}

void dump(FILE *f, const Row &r, const Case &c, int idx, const Answer &a, const Answer &b,
          const char *caster) {
  auto V = [&](const collide_vec3 &v) { std::fprintf(f, " %a %a %a", v.x, v.y, v.z); };
  std::fprintf(f, "case %s %s %s %d", caster, MOVER_NAME[r.m], OBST_NAME[r.o], idx);
  std::fprintf(f, " collide %d %a bullet %d %a", a.hit, a.u, b.hit, b.u);
  std::fprintf(f, " e");
  V(c.e);
  std::fprintf(f, " q %a %a %a %a qb %a %a %a %a", c.q.w, c.q.x, c.q.y, c.q.z, c.qb.w, c.qb.x,
               c.qb.y, c.qb.z);
  std::fprintf(f, " c0");
  V(c.c0);
  std::fprintf(f, " c1");
  V(c.c1);
  std::fprintf(f, " tri");
  V(c.a);
  V(c.b);
  V(c.c);
  std::fprintf(f, " center");
  V(c.center);
  std::fprintf(f, " be");
  V(c.be);
  std::fprintf(f, "\n");
}

}  // namespace

int main(int argc, char **argv) {
  const int N = 400, REPS = 5, rounds = PEERS_ROUNDS;
  const char *out_path = argc > 1 ? argv[1] : "build/bench/convex_peers.cases";
  FILE *out = std::fopen(out_path, "w");
  if (!out) {
    std::perror(out_path);
    return 1;
  }
  Bench bench;
  bench.make(N);
  std::vector<Row> rows;
  for (int m = 0; m < 2; m++)
    for (int o = 0; o < 3; o++) {
      Row r;
      r.m = (Mover)m;
      r.o = (Obst)o;
      rows.push_back(r);
    }
  volatile double sink = 0;
  for (int round = 0; round < rounds; round++) {
    for (Row &r : rows) {
      for (int pass = 0; pass < 3; pass++) {
        int which = (pass + round) % 3;   /* alternate the order */
        double t0 = now();
        for (int rep = 0; rep < REPS; rep++)
          for (const Case &c : bench.cs) {
            Answer a = which == 0 ? bench.ours(r.m, r.o, c) : bench.theirs(r.m, r.o, c, which);
            sink = sink + a.u;
          }
        double ns = (now() - t0) * 1e9 / (N * REPS);
        (which == 0 ? r.tc : which == 1 ? r.tb1 : r.tb2).push_back(ns);
      }
    }
  }
  for (Row &r : rows)
    for (int i = 0; i < N; i++) {
      const Case &c = bench.cs[(size_t)i];
      Answer a = bench.ours(r.m, r.o, c);
      for (int caster = 1; caster <= 2; caster++) {
        Answer b = bench.theirs(r.m, r.o, c, caster);
        bool differ = a.hit != b.hit || (a.hit && std::fabs(a.u - b.u) > 1e-5);
        if (caster == 1) {
          if (a.hit && b.hit) {
            r.both++;
            r.du.push_back(std::fabs(a.u - b.u));
          } else if (!a.hit && !b.hit) {
            r.neither++;
          } else if (a.hit) {
            r.c_only++;
          } else {
            r.b_only++;
          }
          if (differ) r.differ++;
        } else if (differ) {
          r.gjk_differ++;
        }
        if (differ) dump(out, r, c, i, a, b, caster == 1 ? "ccd" : "gjk");
      }
    }
  std::fclose(out);
  std::printf("collide convex sweeps vs Bullet %d.%02d convex casts (float, margins 0), %d cases "
              "per row, median of %d interleaved rounds\n\n",
              BT_BULLET_VERSION / 100, BT_BULLET_VERSION % 100, N, rounds);
  std::printf("%-6s %-9s %10s %10s %7s %10s %7s | %5s %5s %6s %6s | %9s %9s | %6s %6s\n", "mover",
              "obstacle", "collide ns", "CCD ns", "ratio", "GJK ns", "ratio", "both", "none",
              "c-only", "b-only", "max|du|", "med|du|", "differ", "GJK");
  for (const Row &r : rows) {
    double c = median(r.tc), b1 = median(r.tb1), b2 = median(r.tb2);
    std::printf("%-6s %-9s %10.1f %10.1f %6.2fx %10.1f %6.2fx | %5d %5d %6d %6d | %9.2e %9.2e | "
                "%6d %6d\n",
                MOVER_NAME[r.m], OBST_NAME[r.o], c, b1, c / b1, b2, c / b2, r.both, r.neither,
                r.c_only, r.b_only, quantile(r.du, 1), quantile(r.du, 0.5), r.differ,
                r.gjk_differ);
  }
  std::printf(
      "\nratio = collide / Bullet time (below 1: collide faster). CCD: btContinuousConvexCollision\n"
      "(what convexSweepTest runs for a convex pair), GJK: btGjkConvexCast. both/none/c-only/b-only:\n"
      "hit agreement with CCD; |du|: difference of the first moment of contact where both hit.\n"
      "differ: one hit and not the other, or |du| > 1e-5; each is written to %s and\n"
      "settled by the exact referee (bench/peers/convex_referee.py).\n",
      out_path);
  (void)sink;
  return 0;
}
