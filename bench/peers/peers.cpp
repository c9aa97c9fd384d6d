/*
 * peers.cpp -- collide's world against Bullet 3's btCollisionWorld, the same
 * scenes and the same queries in one process (make bench-peers).
 *
 * Scenes: a bumpy terrain grid plus free-standing walls, about 1k, 10k and
 * 100k triangles, from a fixed generator. Every coordinate handed to either
 * library is a float (Bullet here is Debian's single-precision build), so
 * both see exactly the same geometry and the same queries.
 *
 * Rows (each enabled when the collide function exists, see probe.c):
 *   ray      collide_world_raycast      vs rayTest + ClosestRayResultCallback
 *   sphere   collide_world_sweep_sphere vs convexSweepTest, btSphereShape
 *   box      collide_world_sweep_aabb   vs convexSweepTest, btBoxShape
 *   capsule  collide_world_sweep_capsule vs convexSweepTest, btCapsuleShape
 *   frame    1000 moving spheres re-placed + 1000 sphere sweeps, 10k scene:
 *            collide_world_update_sphere vs setWorldTransform + updateAabbs
 *
 * Timing: R rounds; in each round every row runs its whole query set
 * through collide and through Bullet, the order alternating between
 * rounds, so a busy machine slows both alike; the table gives the median
 * ns per query. Agreement: every query's answers compared (hit or miss;
 * when both hit, |u_collide - u_bullet| and the angle between the normals).
 */
#include <btBulletCollisionCommon.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "collide.h"

#ifndef PEERS_ROUNDS
#define PEERS_ROUNDS 7
#endif

namespace {

/* ---- deterministic numbers ------------------------------------------- */

struct Rng {
  unsigned long long s;
  explicit Rng(unsigned long long seed) : s(seed) {}
  double next() { /* Lehmer, as bench/world_bench.c */
    s = s * 16807 % 2147483647;
    return (double)s / 2147483647.0;
  }
  double range(double a, double b) { return a + (b - a) * next(); }
};

/* Everything is rounded to float once, here: both libraries get it. */
struct V3 { float x, y, z; };
V3 v(double x, double y, double z) { return V3{(float)x, (float)y, (float)z}; }
collide_vec3 cv(V3 a) { collide_vec3 r; r.x = a.x; r.y = a.y; r.z = a.z; return r; }
btVector3 bv(V3 a) { return btVector3(a.x, a.y, a.z); }

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch()).count();
}

/* ---- scenes ----------------------------------------------------------- */

struct Scene {
  std::string name;
  int g = 0;                    /* grid cells per side (cell size 1) */
  std::vector<double> height;   /* (g+1)^2 grid heights */
  std::vector<V3> tris;         /* 3 per triangle */
  int ntri() const { return (int)tris.size() / 3; }
  /* highest grid height around (x, z): starts are placed above it */
  double top(double x, double z, double reach) const {
    int i0 = std::max(0, (int)std::floor(x - reach)), i1 = std::min(g, (int)std::ceil(x + reach));
    int j0 = std::max(0, (int)std::floor(z - reach)), j1 = std::min(g, (int)std::ceil(z + reach));
    double h = -1e30;
    for (int i = i0; i <= i1; i++)
      for (int j = j0; j <= j1; j++) h = std::max(h, height[i * (g + 1) + j]);
    return h;
  }
};

/* About target triangles: 90 % terrain (2 per cell), the rest walls (2 per
   wall: a vertical rectangle standing on the terrain). */
Scene make_scene(int target) {
  Scene s;
  Rng rng(1000 + target);
  s.g = (int)std::floor(std::sqrt(0.9 * target / 2));
  int g = s.g, nwalls = (target - 2 * g * g) / 2;
  s.name = std::to_string(target / 1000) + "k";
  s.height.resize((size_t)(g + 1) * (g + 1));
  for (int i = 0; i <= g; i++)
    for (int j = 0; j <= g; j++)
      s.height[i * (g + 1) + j] =
          (double)(float)(0.8 * std::sin(0.37 * i) * std::cos(0.29 * j) +
                          0.3 * std::sin(1.3 * i + 0.7 * j) + 0.2 * rng.next());
  auto H = [&](int i, int j) { return s.height[i * (g + 1) + j]; };
  for (int i = 0; i < g; i++)
    for (int j = 0; j < g; j++) {
      V3 a = v(i, H(i, j), j), b = v(i + 1, H(i + 1, j), j);
      V3 c = v(i, H(i, j + 1), j + 1), d = v(i + 1, H(i + 1, j + 1), j + 1);
      s.tris.insert(s.tris.end(), {a, c, b, b, c, d});
    }
  for (int k = 0; k < nwalls; k++) {
    double x = rng.range(1, g - 1), z = rng.range(1, g - 1), ang = rng.range(0, 2 * M_PI);
    double len = rng.range(1.5, 5), h = rng.range(1.5, 3), y0 = s.top(x, z, 0) - 1;
    double x1 = x + len * std::cos(ang), z1 = z + len * std::sin(ang);
    V3 a = v(x, y0, z), b = v(x1, y0, z1), c = v(x, y0 + h, z), d = v(x1, y0 + h, z1);
    s.tris.insert(s.tris.end(), {a, b, c, b, d, c});
  }
  return s;
}

/* ---- the two worlds --------------------------------------------------- */

struct BulletWorld {
  btDefaultCollisionConfiguration cfg;
  btCollisionDispatcher disp{&cfg};
  btDbvtBroadphase broad;
  btCollisionWorld world{&disp, &broad, &cfg};
  btTriangleMesh mesh{true, false};
  btBvhTriangleMeshShape *shape = nullptr;
  btCollisionObject obj;
  std::vector<btCollisionObject *> movers;
  btSphereShape mover_shape{0.5};
  explicit BulletWorld(const Scene &s) {
    for (int k = 0; k < s.ntri(); k++)
      mesh.addTriangle(bv(s.tris[3 * k]), bv(s.tris[3 * k + 1]), bv(s.tris[3 * k + 2]));
    shape = new btBvhTriangleMeshShape(&mesh, true, true);
    obj.setCollisionShape(shape);
    world.addCollisionObject(&obj);
    world.updateAabbs();
  }
  ~BulletWorld() {
    for (auto *o : movers) { world.removeCollisionObject(o); delete o; }
    world.removeCollisionObject(&obj);
    delete shape;
  }
};

struct CollideWorld {
  collide_world *w;
  std::vector<int> movers;
  explicit CollideWorld(const Scene &s) : w(collide_world_new()) {
    for (int k = 0; k < s.ntri(); k++) {
      collide_vec3 a = cv(s.tris[3 * k]), b = cv(s.tris[3 * k + 1]), c = cv(s.tris[3 * k + 2]);
      if (collide_world_add_triangle(w, &a, &b, &c) <= 0) { std::fprintf(stderr, "add failed\n"); std::exit(1); }
    }
    collide_world_build(w);
  }
  ~CollideWorld() { collide_world_free(w); }
};

/* ---- queries and answers ---------------------------------------------- */

enum Kind { RAY, SPHERE, BOX, CAPSULE };
const char *kind_name[] = {"ray", "sphere sweep", "box sweep", "capsule sweep"};
const double SPHERE_R = 0.5;
const V3 BOX_E = {0.4f, 0.9f, 0.4f};
const double CAPSULE_R = 0.4, CAPSULE_H = 0.5;  /* axis (0, h, 0): 1.8 tall */

struct Query { V3 p0, p1; };
struct Answer { int hit; double u; double n[3]; };

double bounding_radius(Kind k) {
  switch (k) {
  case SPHERE: return SPHERE_R;
  case BOX: return std::sqrt(BOX_E.x * BOX_E.x + BOX_E.y * BOX_E.y + BOX_E.z * BOX_E.z);
  case CAPSULE: return CAPSULE_R + CAPSULE_H;
  default: return 0;
  }
}

/* A direction: half mostly downward (falling, walking downhill), half
   mostly level (walking into walls). */
void direction(Rng &rng, double &dx, double &dy, double &dz) {
  double a = rng.range(0, 2 * M_PI), h = rng.next() < 0.5 ? rng.range(0.2, 1) : rng.range(0.05, 0.4);
  dy = rng.next() < 0.5 ? -rng.range(0.3, 3) : rng.range(-0.25, 0.1);
  dx = h * std::cos(a);
  dz = h * std::sin(a);
  double l = std::sqrt(dx * dx + dy * dy + dz * dz);
  dx /= l; dy /= l; dz /= l;
}

/* Rays of mixed lengths (a third each 0.5-2, 2-10, 10-60), from 0.2-3
   above the terrain. Sweeps: a game step (60 % 0.02-0.3, 30 % 0.3-1.5,
   10 % 1.5-4), half starting 0.01-0.3 above the terrain around (on the
   ground), half 0.3-3 (in the air), always at a place where the shape
   touches nothing (a mover starts free; Bullet's casts ignore starting
   overlap anyway). */
std::vector<Query> make_queries(const Scene &s, CollideWorld &cw, Kind k, int n) {
  Rng rng(77 + 13 * k + s.g);
  std::vector<Query> q;
  double br = bounding_radius(k);
  while ((int)q.size() < n) {
    double x = rng.range(1, s.g - 1), z = rng.range(1, s.g - 1), dx, dy, dz, len;
    double y = s.top(x, z, br + 1) + br + (k == RAY ? rng.range(0.2, 3) : rng.next() < 0.5 ? rng.range(0.01, 0.3) : rng.range(0.3, 3));
    direction(rng, dx, dy, dz);
    double pick = rng.next();
    if (k == RAY) len = pick < 1 / 3.0 ? rng.range(0.5, 2) : pick < 2 / 3.0 ? rng.range(2, 10) : rng.range(10, 60);
    else len = pick < 0.6 ? rng.range(0.02, 0.3) : pick < 0.9 ? rng.range(0.3, 1.5) : rng.range(1.5, 4);
    Query qq{v(x, y, z), v(x + dx * len, y + dy * len, z + dz * len)};
    if (k != RAY) {   /* a sweep that does not move: touching at the start */
      collide_vec3 c = cv(qq.p0);
      collide_hit h;
      int id;
      if (collide_world_sweep_sphere(cw.w, br + 0.02, &c, &c, nullptr, nullptr, &h, &id) != 0) continue;
    }
    q.push_back(qq);
  }
  return q;
}

/* ---- one query through each library ----------------------------------- */

struct Shapes {
  btSphereShape sphere{(btScalar)SPHERE_R};
  btBoxShape box{btVector3(BOX_E.x, BOX_E.y, BOX_E.z)};
  btCapsuleShape capsule{(btScalar)CAPSULE_R, (btScalar)(2 * CAPSULE_H)};
};

inline int collide_query(CollideWorld &cw, Kind k, const Query &q, Answer &a) {
  collide_vec3 p0 = cv(q.p0), p1 = cv(q.p1);
  collide_hit h;
  int id, rc = 0;
  switch (k) {
  case RAY: rc = collide_world_raycast(cw.w, &p0, &p1, nullptr, nullptr, &h, &id); break;
  case SPHERE:
    rc = collide_world_sweep_sphere(cw.w, SPHERE_R, &p0, &p1, nullptr, nullptr, &h, &id);
    break;
  case BOX: {
#ifdef HAVE_world_sweep_aabb
    collide_vec3 e = cv(BOX_E);
    rc = collide_world_sweep_aabb(cw.w, &e, &p0, &p1, nullptr, nullptr, &h, &id);
#endif
    break;
  }
  case CAPSULE: {
#ifdef HAVE_world_sweep_capsule
    collide_vec3 axis = {0, CAPSULE_H, 0};
    rc = collide_world_sweep_capsule(cw.w, CAPSULE_R, &axis, &p0, &p1, nullptr, nullptr, &h, &id);
#endif
    break;
  }
  }
  if (rc < 0) { std::fprintf(stderr, "collide query failed: %d\n", rc); std::exit(1); }
  a.hit = rc == 1;
  a.u = rc == 1 ? h.u : 0;
  a.n[0] = h.normal.x; a.n[1] = h.normal.y; a.n[2] = h.normal.z;
  return rc;
}

inline int bullet_query(BulletWorld &bw, Shapes &sh, Kind k, const Query &q, Answer &a) {
  btVector3 p0 = bv(q.p0), p1 = bv(q.p1);
  if (k == RAY) {
    btCollisionWorld::ClosestRayResultCallback cb(p0, p1);
    bw.world.rayTest(p0, p1, cb);
    a.hit = cb.hasHit();
    a.u = a.hit ? cb.m_closestHitFraction : 0;
    a.n[0] = cb.m_hitNormalWorld.x(); a.n[1] = cb.m_hitNormalWorld.y(); a.n[2] = cb.m_hitNormalWorld.z();
    return a.hit;
  }
  btConvexShape *shape = k == SPHERE ? (btConvexShape *)&sh.sphere
                       : k == BOX ? (btConvexShape *)&sh.box : (btConvexShape *)&sh.capsule;
  btTransform t0(btQuaternion::getIdentity(), p0), t1(btQuaternion::getIdentity(), p1);
  btCollisionWorld::ClosestConvexResultCallback cb(p0, p1);
  bw.world.convexSweepTest(shape, t0, t1, cb, 0);
  a.hit = cb.hasHit();
  a.u = a.hit ? cb.m_closestHitFraction : 0;
  a.n[0] = cb.m_hitNormalWorld.x(); a.n[1] = cb.m_hitNormalWorld.y(); a.n[2] = cb.m_hitNormalWorld.z();
  return a.hit;
}

/* ---- agreement --------------------------------------------------------- */

struct Agreement {
  int both = 0, neither = 0, collide_only = 0, bullet_only = 0;
  std::vector<double> du, angle;   /* over the queries both hit */
};

/* See judge_rays. */
struct Verdict { int differ = 0, with_collide = 0, with_bullet = 0; };

double angle_deg(const double *a, const double *b) {
  double la = std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
  double lb = std::sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
  if (!(la > 0 && lb > 0)) return 180;
  double c = (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (la * lb);
  return std::acos(std::max(-1.0, std::min(1.0, c))) * 180 / M_PI;
}

Agreement compare(const std::vector<Answer> &c, const std::vector<Answer> &b) {
  Agreement g;
  for (size_t i = 0; i < c.size(); i++) {
    if (c[i].hit && b[i].hit) {
      g.both++;
      g.du.push_back(std::fabs(c[i].u - b[i].u));
      g.angle.push_back(angle_deg(c[i].n, b[i].n));
    } else if (c[i].hit) g.collide_only++;
    else if (b[i].hit) g.bullet_only++;
    else g.neither++;
  }
  std::sort(g.du.begin(), g.du.end());
  std::sort(g.angle.begin(), g.angle.end());
  return g;
}

double quantile(const std::vector<double> &x, double p) {
  if (x.empty()) return 0;
  return x[std::min(x.size() - 1, (size_t)(p * (double)(x.size() - 1) + 0.5))];
}

double median(std::vector<double> x) {
  std::sort(x.begin(), x.end());
  return x.empty() ? 0 : x[x.size() / 2];
}

/* ---- a row: one scene, one kind --------------------------------------- */

struct Row {
  std::string scene, what;
  int ntri = 0, nq = 0;
  std::vector<double> tc, tb;          /* ns per query, one per round */
  std::vector<Answer> ac, ab;
  Agreement agree;
  bool judged = false;                 /* rays: the referee's verdict */
  Verdict verdict;
  bool timed_only = false;             /* the frame row: no answers */
};

struct Case {
  Scene *scene;
  CollideWorld *cw;
  BulletWorld *bw;
  Kind kind;
  std::vector<Query> q;
  Row row;
};

double time_collide(Case &c, bool keep) {
  Answer a;
  double t0 = now();
  for (size_t i = 0; i < c.q.size(); i++) {
    collide_query(*c.cw, c.kind, c.q[i], a);
    if (keep) c.row.ac[i] = a;
  }
  return (now() - t0) * 1e9 / (double)c.q.size();
}

double time_bullet(Case &c, Shapes &sh, bool keep) {
  Answer a;
  double t0 = now();
  for (size_t i = 0; i < c.q.size(); i++) {
    bullet_query(*c.bw, sh, c.kind, c.q[i], a);
    if (keep) c.row.ab[i] = a;
  }
  return (now() - t0) * 1e9 / (double)c.q.size();
}

/* An independent answer for a ray: Moller-Trumbore (Ericson 5.3.6 style)
   in long double over every triangle, contact closed (barycentrics >= 0),
   no tolerance; the normal of the triangle hit, facing p0. */
struct Referee { int hit; double u; double n[3]; int tri; };

Referee referee_ray(const Scene &sc, const Query &q) {
  typedef long double L;
  Referee r{0, 0, {0, 0, 0}, -1};
  L best = 2, o[3] = {q.p0.x, q.p0.y, q.p0.z};
  L d[3] = {(L)q.p1.x - q.p0.x, (L)q.p1.y - q.p0.y, (L)q.p1.z - q.p0.z};
  for (int k = 0; k < sc.ntri(); k++) {
    const V3 *t = &sc.tris[3 * k];
    L e1[3] = {(L)t[1].x - t[0].x, (L)t[1].y - t[0].y, (L)t[1].z - t[0].z};
    L e2[3] = {(L)t[2].x - t[0].x, (L)t[2].y - t[0].y, (L)t[2].z - t[0].z};
    L p[3] = {d[1] * e2[2] - d[2] * e2[1], d[2] * e2[0] - d[0] * e2[2], d[0] * e2[1] - d[1] * e2[0]};
    L det = e1[0] * p[0] + e1[1] * p[1] + e1[2] * p[2];
    if (det == 0) continue;
    L s0[3] = {o[0] - t[0].x, o[1] - t[0].y, o[2] - t[0].z};
    L uu = (s0[0] * p[0] + s0[1] * p[1] + s0[2] * p[2]) / det;
    L qv[3] = {s0[1] * e1[2] - s0[2] * e1[1], s0[2] * e1[0] - s0[0] * e1[2], s0[0] * e1[1] - s0[1] * e1[0]};
    L vv = (d[0] * qv[0] + d[1] * qv[1] + d[2] * qv[2]) / det;
    L tt = (e2[0] * qv[0] + e2[1] * qv[1] + e2[2] * qv[2]) / det;
    if (uu >= 0 && vv >= 0 && uu + vv <= 1 && tt >= 0 && tt <= 1 && tt < best) {
      L n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
      L l = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
      L side = n[0] * d[0] + n[1] * d[1] + n[2] * d[2] > 0 ? -1 : 1;
      best = tt;
      r = Referee{1, (double)tt, {(double)(side * n[0] / l), (double)(side * n[1] / l), (double)(side * n[2] / l)}, k};
    }
  }
  return r;
}

/* Rays whose answers differ (one hit, or |du| > 1e-5, or normals more
   than 1 degree apart): how many, and whom the referee agrees with
   (the same hit or miss, u within 1e-9 for collide's double answer or
   1e-5 for Bullet's float one, normal within 0.01 / 0.5 degree). A ray
   through an edge shared by two triangles may side with both or neither:
   either triangle's normal is right there. */

Verdict judge_rays(const Scene &sc, const std::vector<Query> &q, const std::vector<Answer> &ac,
                   const std::vector<Answer> &ab) {
  Verdict v;
  for (size_t i = 0; i < q.size(); i++) {
    const Answer &a = ac[i], &b = ab[i];
    bool differ = a.hit != b.hit || (a.hit && (std::fabs(a.u - b.u) > 1e-5 || angle_deg(a.n, b.n) > 1));
    if (!differ) continue;
    v.differ++;
    Referee r = referee_ray(sc, q[i]);
    if (r.hit == a.hit && (!r.hit || (std::fabs(r.u - a.u) <= 1e-9 && angle_deg(r.n, a.n) <= 0.01)))
      v.with_collide++;
    if (r.hit == b.hit && (!r.hit || (std::fabs(r.u - b.u) <= 1e-5 && angle_deg(r.n, b.n) <= 0.5)))
      v.with_bullet++;
  }
  return v;
}

/* ---- a referee for sweeps --------------------------------------------
   Independent of both libraries: a static overlap test of the moving
   shape at a time u against one triangle, sampled at 4096 times over the
   motion, then bisected (60 halvings) between the last free sample and
   the first touching one. Sphere: the triangle's closest point (Ericson
   5.1.5). Capsule: the distance between its core segment and the
   triangle (the segment crossing it, or the nearest of its ends to the
   triangle and of the triangle's edges to the segment, Ericson 5.1.9).
   Box: the separating-axis test with the 13 axes (the box's 3, the
   triangle's normal, the 9 edge cross products; Akenine-Moller's
   box/triangle test). A graze shorter than 1/4096 of the motion can be
   missed; it judges hit or miss and u, not the normal. */
typedef double D3[3];
static void d3sub(const double *a, const double *b, double *r) { r[0] = a[0] - b[0]; r[1] = a[1] - b[1]; r[2] = a[2] - b[2]; }
static double d3dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static void d3cross(const double *a, const double *b, double *r) {
  r[0] = a[1] * b[2] - a[2] * b[1]; r[1] = a[2] * b[0] - a[0] * b[2]; r[2] = a[0] * b[1] - a[1] * b[0];
}

/* The point of triangle abc closest to p (Ericson 5.1.5). */
static void closest_on_triangle(const double *p, const double *a, const double *b, const double *c, double *out) {
  D3 ab, ac, ap, bp, cp;
  d3sub(b, a, ab); d3sub(c, a, ac); d3sub(p, a, ap);
  double d1 = d3dot(ab, ap), d2 = d3dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) { for (int k = 0; k < 3; k++) out[k] = a[k]; return; }
  d3sub(p, b, bp);
  double d3 = d3dot(ab, bp), d4 = d3dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) { for (int k = 0; k < 3; k++) out[k] = b[k]; return; }
  double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) { double v = d1 / (d1 - d3); for (int k = 0; k < 3; k++) out[k] = a[k] + v * ab[k]; return; }
  d3sub(p, c, cp);
  double d5 = d3dot(ab, cp), d6 = d3dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) { for (int k = 0; k < 3; k++) out[k] = c[k]; return; }
  double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) { double w = d2 / (d2 - d6); for (int k = 0; k < 3; k++) out[k] = a[k] + w * ac[k]; return; }
  double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
    double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    for (int k = 0; k < 3; k++) out[k] = b[k] + w * (c[k] - b[k]);
    return;
  }
  double den = 1 / (va + vb + vc), v = vb * den, w = vc * den;
  for (int k = 0; k < 3; k++) out[k] = a[k] + ab[k] * v + ac[k] * w;
}

static double dist2_point_triangle(const double *p, const double *a, const double *b, const double *c) {
  D3 q, d;
  closest_on_triangle(p, a, b, c, q);
  d3sub(p, q, d);
  return d3dot(d, d);
}

/* Squared distance between segments p1-q1 and p2-q2 (Ericson 5.1.9). */
static double dist2_segments(const double *p1, const double *q1, const double *p2, const double *q2) {
  D3 d1, d2, r;
  d3sub(q1, p1, d1); d3sub(q2, p2, d2); d3sub(p1, p2, r);
  double a = d3dot(d1, d1), e = d3dot(d2, d2), f = d3dot(d2, r), s = 0, t = 0;
  auto cl = [](double x) { return x < 0 ? 0 : x > 1 ? 1 : x; };
  if (a <= 0 && e <= 0) { s = t = 0; }
  else if (a <= 0) { t = cl(f / e); }
  else {
    double c = d3dot(d1, r);
    if (e <= 0) { s = cl(-c / a); }
    else {
      double bb = d3dot(d1, d2), den = a * e - bb * bb;
      s = den > 0 ? cl((bb * f - c * e) / den) : 0;
      t = (bb * s + f) / e;
      if (t < 0) { t = 0; s = cl(-c / a); }
      else if (t > 1) { t = 1; s = cl((bb - c) / a); }
    }
  }
  D3 x;
  for (int k = 0; k < 3; k++) x[k] = (p1[k] + d1[k] * s) - (p2[k] + d2[k] * t);
  return d3dot(x, x);
}

static bool segment_crosses_triangle(const double *p, const double *q, const double *a, const double *b, const double *c) {
  D3 ab, ac, n, pa, qa;
  d3sub(b, a, ab); d3sub(c, a, ac); d3cross(ab, ac, n);
  d3sub(p, a, pa); d3sub(q, a, qa);
  double hp = d3dot(n, pa), hq = d3dot(n, qa);
  if ((hp > 0 && hq > 0) || (hp < 0 && hq < 0) || hp == hq) return false;
  double t = hp / (hp - hq);
  D3 x;
  for (int k = 0; k < 3; k++) x[k] = p[k] + (q[k] - p[k]) * t;
  const double *v[3] = {a, b, c};
  for (int i = 0; i < 3; i++) {
    D3 e, xv, m;
    d3sub(v[(i + 1) % 3], v[i], e); d3sub(x, v[i], xv); d3cross(e, xv, m);
    if (d3dot(m, n) < 0) return false;
  }
  return true;
}

/* Does the box (centre c, half-extents e) touch triangle abc? */
static bool box_touches_triangle(const double *c, const double *e, const double *a, const double *b, const double *cc) {
  D3 v[3], f[3], n;
  d3sub(a, c, v[0]); d3sub(b, c, v[1]); d3sub(cc, c, v[2]);
  d3sub(v[1], v[0], f[0]); d3sub(v[2], v[1], f[1]); d3sub(v[0], v[2], f[2]);
  auto separated = [&](const double *ax) {
    double p0 = d3dot(v[0], ax), p1 = d3dot(v[1], ax), p2 = d3dot(v[2], ax);
    double r = e[0] * std::fabs(ax[0]) + e[1] * std::fabs(ax[1]) + e[2] * std::fabs(ax[2]);
    return std::min(p0, std::min(p1, p2)) > r || std::max(p0, std::max(p1, p2)) < -r;
  };
  for (int k = 0; k < 3; k++) {
    D3 ax = {0, 0, 0};
    ax[k] = 1;
    if (separated(ax)) return false;
    for (int j = 0; j < 3; j++) {
      D3 m;
      d3cross(ax, f[j], m);
      if (!(m[0] == 0 && m[1] == 0 && m[2] == 0) && separated(m)) return false;
    }
  }
  d3cross(f[0], f[1], n);
  return !separated(n);
}

static bool touches(Kind k, const double *c, const double *a, const double *b, const double *cc) {
  switch (k) {
  case SPHERE: return dist2_point_triangle(c, a, b, cc) <= SPHERE_R * SPHERE_R;
  case BOX: { D3 e = {BOX_E.x, BOX_E.y, BOX_E.z}; return box_touches_triangle(c, e, a, b, cc); }
  case CAPSULE: {
    D3 p = {c[0], c[1] - CAPSULE_H, c[2]}, q = {c[0], c[1] + CAPSULE_H, c[2]};
    if (segment_crosses_triangle(p, q, a, b, cc)) return true;
    double r2 = CAPSULE_R * CAPSULE_R;
    if (dist2_point_triangle(p, a, b, cc) <= r2 || dist2_point_triangle(q, a, b, cc) <= r2) return true;
    return dist2_segments(p, q, a, b) <= r2 || dist2_segments(p, q, b, cc) <= r2 || dist2_segments(p, q, cc, a) <= r2;
  }
  default: return false;
  }
}

/* First touching time over the scene, or -1. */
static double referee_sweep(const Scene &sc, Kind k, const Query &q) {
  double br = bounding_radius(k) + 1e-6, lo[3], hi[3];
  double p0[3] = {q.p0.x, q.p0.y, q.p0.z}, p1[3] = {q.p1.x, q.p1.y, q.p1.z};
  for (int j = 0; j < 3; j++) { lo[j] = std::min(p0[j], p1[j]) - br; hi[j] = std::max(p0[j], p1[j]) + br; }
  std::vector<int> near;
  for (int t = 0; t < sc.ntri(); t++) {
    const V3 *v = &sc.tris[3 * t];
    bool out = false;
    for (int j = 0; j < 3 && !out; j++) {
      double a = j == 0 ? v[0].x : j == 1 ? v[0].y : v[0].z, b = j == 0 ? v[1].x : j == 1 ? v[1].y : v[1].z;
      double c = j == 0 ? v[2].x : j == 1 ? v[2].y : v[2].z;
      out = std::max(a, std::max(b, c)) < lo[j] || std::min(a, std::min(b, c)) > hi[j];
    }
    if (!out) near.push_back(t);
  }
  auto any = [&](double u) {
    double c[3] = {p0[0] + (p1[0] - p0[0]) * u, p0[1] + (p1[1] - p0[1]) * u, p0[2] + (p1[2] - p0[2]) * u};
    for (int t : near) {
      const V3 *v = &sc.tris[3 * t];
      double a[3] = {v[0].x, v[0].y, v[0].z}, b[3] = {v[1].x, v[1].y, v[1].z}, cc[3] = {v[2].x, v[2].y, v[2].z};
      if (touches(k, c, a, b, cc)) return true;
    }
    return false;
  };
  const int N = 4096;
  if (any(0)) return 0;
  for (int i = 1; i <= N; i++) {
    double u = (double)i / N;
    if (any(u)) {
      double a = (double)(i - 1) / N, b = u;
      for (int it = 0; it < 60; it++) {
        double m = 0.5 * (a + b);
        if (any(m)) b = m; else a = m;
      }
      return b;
    }
  }
  return -1;
}

/* Sweeps whose answers differ (one hits, or |du| > 1e-3): whom the
   referee agrees with (the same hit or miss and u within 1e-6 of
   collide's, or within 1e-3 of Bullet's conservative one). */
Verdict judge_sweeps(const Scene &sc, Kind k, const std::vector<Query> &q, const std::vector<Answer> &ac,
                     const std::vector<Answer> &ab) {
  Verdict v;
  for (size_t i = 0; i < q.size(); i++) {
    const Answer &a = ac[i], &b = ab[i];
    if (!(a.hit != b.hit || (a.hit && std::fabs(a.u - b.u) > 1e-3))) continue;
    v.differ++;
    double u = referee_sweep(sc, k, q[i]);
    int hit = u >= 0;
    if (hit == a.hit && (!hit || std::fabs(u - a.u) <= 1e-6)) v.with_collide++;
    if (hit == b.hit && (!hit || std::fabs(u - b.u) <= 1e-3)) v.with_bullet++;
    if (std::getenv("PEERS_WORST"))
      std::printf("%s #%zu: referee %s u %.9g; collide %d u %.9g; bullet %d u %.9g\n", kind_name[k], i,
                  hit ? "hit" : "miss", u, a.hit, a.u, b.hit, b.u);
  }
  return v;
}

/* PEERS_WORST=1: the queries that disagree most, to look at. */
void show_worst(const Case &c) {
  std::vector<std::pair<double, size_t>> bad;
  for (size_t i = 0; i < c.q.size(); i++) {
    const Answer &a = c.row.ac[i], &b = c.row.ab[i];
    double score = a.hit != b.hit ? 1e9 : a.hit ? std::fabs(a.u - b.u) + angle_deg(a.n, b.n) / 90 : 0;
    if (score > 1e-3) bad.push_back({score, i});
  }
  std::sort(bad.rbegin(), bad.rend());
  for (size_t k = 0; k < bad.size() && k < 6; k++) {
    size_t i = bad[k].second;
    const Answer &a = c.row.ac[i], &b = c.row.ab[i];
    const Query &q = c.q[i];
    std::printf("%s %s #%zu p0 (%.9g, %.9g, %.9g) p1 (%.9g, %.9g, %.9g)\n"
                "   collide %d u %.9g n (%.4f %.4f %.4f)  bullet %d u %.9g n (%.4f %.4f %.4f)\n",
                c.row.scene.c_str(), c.row.what.c_str(), i, q.p0.x, q.p0.y, q.p0.z, q.p1.x,
                q.p1.y, q.p1.z, a.hit, a.u, a.n[0], a.n[1], a.n[2], b.hit, b.u, b.n[0], b.n[1], b.n[2]);
    /* the single-shape function over every triangle, as a referee */
    double best = 2;
    int bestk = -1;
    collide_vec3 p0 = cv(q.p0), p1 = cv(q.p1);
    for (int k = 0; k < c.scene->ntri(); k++) {
      collide_vec3 ta = cv(c.scene->tris[3 * k]), tb = cv(c.scene->tris[3 * k + 1]), tc = cv(c.scene->tris[3 * k + 2]);
      collide_hit h;
      int rc = c.kind == RAY ? collide_raycast_triangle(&p0, &p1, &ta, &tb, &tc, &h)
                             : c.kind == SPHERE ? collide_sweep_sphere_triangle(SPHERE_R, &p0, &p1, &ta, &tb, &tc, &h) : 0;
      if (rc == 1 && h.u < best) { best = h.u; bestk = k; }
    }
    if (c.kind == RAY) {
      Referee r = referee_ray(*c.scene, q);
      std::printf("   referee (long double): %s u %.9g (triangle %d)\n", r.hit ? "hit" : "miss", r.u, r.tri);
    }
    std::printf("   brute force over all triangles: %s u %.9g (triangle %d)\n", bestk < 0 ? "miss" : "hit", bestk < 0 ? 0 : best, bestk);
  }
}

/* ---- the frame: many moving shapes ------------------------------------ */

#ifdef HAVE_world_update_sphere
struct Frame {
  Scene *scene;
  CollideWorld *cw;
  BulletWorld *bw;
  std::vector<V3> base;               /* the movers' paths: base + wobble */
  std::vector<Query> q;
  int frame = 0;
  Row row;
};

V3 mover_at(const Frame &f, int i, int frame) {
  double t = 0.05 * frame + i;
  return v(f.base[i].x + 0.5 * std::sin(t), f.base[i].y + 0.3 * std::sin(1.7 * t), f.base[i].z + 0.5 * std::cos(t));
}

void frame_setup(Frame &f, int nmovers) {
  Rng rng(31337);
  for (int i = 0; i < nmovers; i++) {
    double x = rng.range(1, f.scene->g - 1), z = rng.range(1, f.scene->g - 1);
    f.base.push_back(v(x, f.scene->top(x, z, 1) + 1.5, z));
  }
  for (int i = 0; i < nmovers; i++) {
    collide_vec3 c = cv(mover_at(f, i, 0));
    int id = collide_world_add_sphere(f.cw->w, &c, SPHERE_R);
    f.cw->movers.push_back(id);
    auto *o = new btCollisionObject();
    o->setCollisionShape(&f.bw->mover_shape);
    o->setWorldTransform(btTransform(btQuaternion::getIdentity(), bv(mover_at(f, i, 0))));
    f.bw->world.addCollisionObject(o);
    f.bw->movers.push_back(o);
  }
  collide_world_build(f.cw->w);
  f.bw->world.updateAabbs();
}

double frame_collide(Frame &f, int frames) {
  collide_hit h;
  int id;
  double t0 = now();
  for (int k = 0; k < frames; k++, f.frame++) {
    for (size_t i = 0; i < f.cw->movers.size(); i++) {
      collide_vec3 c = cv(mover_at(f, (int)i, f.frame));
      collide_world_update_sphere(f.cw->w, f.cw->movers[i], &c, SPHERE_R);
    }
    for (auto &qq : f.q) {
      collide_vec3 p0 = cv(qq.p0), p1 = cv(qq.p1);
      collide_world_sweep_sphere(f.cw->w, SPHERE_R, &p0, &p1, nullptr, nullptr, &h, &id);
    }
  }
  return (now() - t0) * 1e9 / frames;
}

double frame_bullet(Frame &f, Shapes &sh, int frames) {
  Answer a;
  double t0 = now();
  for (int k = 0; k < frames; k++, f.frame++) {
    for (size_t i = 0; i < f.bw->movers.size(); i++)
      f.bw->movers[i]->setWorldTransform(
          btTransform(btQuaternion::getIdentity(), bv(mover_at(f, (int)i, f.frame))));
    f.bw->world.updateAabbs();
    for (auto &qq : f.q) bullet_query(*f.bw, sh, SPHERE, qq, a);
  }
  return (now() - t0) * 1e9 / frames;
}
#endif

/* ---- output ------------------------------------------------------------ */

void print_table(FILE *out, const std::vector<Row> &rows, int rounds) {
  std::fprintf(out,
      "collide world vs Bullet %d.%02d btCollisionWorld (float), median of %d interleaved rounds\n\n",
      BT_BULLET_VERSION / 100, BT_BULLET_VERSION % 100, rounds);
  std::fprintf(out, "%-14s %6s %7s %10s %10s %7s | %6s %6s %6s %6s | %9s %9s %9s %7s %7s\n",
               "query", "tris", "queries", "collide ns", "Bullet ns", "ratio",
               "both", "none", "c-only", "b-only", "max|du|", "p99|du|", "med|du|",
               "max ang", "p99 ang");
  for (const Row &r : rows) {
    double c = median(r.tc), b = median(r.tb);
    if (r.timed_only) {
      std::fprintf(out, "%-14s %6d %7d %7.0f us %7.0f us %6.2fx | per frame: 1000 spheres re-placed, then %d sphere sweeps\n",
                   r.what.c_str(), r.ntri, r.nq, c / 1e3, b / 1e3, c / b, r.nq);
      continue;
    }
    const Agreement &g = r.agree;
    std::fprintf(out, "%-14s %6d %7d %10.1f %10.1f %6.2fx | %6d %6d %6d %6d | %9.2e %9.2e %9.2e %7.3f %7.3f\n",
                 r.what.c_str(), r.ntri, r.nq, c, b, c / b, g.both, g.neither,
                 g.collide_only, g.bullet_only, quantile(g.du, 1), quantile(g.du, 0.99),
                 quantile(g.du, 0.5), quantile(g.angle, 1), quantile(g.angle, 0.99));
  }
  for (const Row &r : rows)
    if (r.judged)
      std::fprintf(out, "%-13s %-4s answered differently: %4d; the referee agrees with collide on %4d, with Bullet on %4d\n",
                   r.what.c_str(), r.scene.c_str(), r.verdict.differ, r.verdict.with_collide, r.verdict.with_bullet);
  std::fprintf(out,
      "\nratio = collide / Bullet time (below 1: collide faster). both/none: queries both hit / both\n"
      "missed; c-only, b-only: only one library reported contact. |du|: difference of the first\n"
      "moment of contact (fraction of the motion) where both hit; ang: angle in degrees between\n"
      "the two normals. Bullet computes in float and its convex casts stop by conservative\n"
      "advancement, so its u and normals differ from collide's exact ones by that much.\n"
      "answered differently: one hit, or |du| > 1e-5 (rays) / 1e-3 (sweeps), or (rays) normals\n"
      "more than 1 degree apart; the referee, independent of both (rays: Moller-Trumbore in long\n"
      "double; sweeps: a static overlap test sampled 4096 times and bisected), then decides.\n");
}

}  // namespace

int main(int argc, char **argv) {
  int rounds = PEERS_ROUNDS;
  const char *outpath = argc > 1 ? argv[1] : nullptr;
  const int sizes[] = {1000, 10000, 100000};
  const int nq[] = {20000, 4000, 4000, 4000};   /* rays, then each sweep */
  std::vector<Kind> kinds = {RAY, SPHERE};
#ifdef HAVE_world_sweep_aabb
  kinds.push_back(BOX);
#endif
#ifdef HAVE_world_sweep_capsule
  kinds.push_back(CAPSULE);
#endif
  if (const char *e = std::getenv("PEERS_ROUNDS")) rounds = std::max(1, std::atoi(e));
  if (const char *e = std::getenv("PEERS_ONLY"))   /* e.g. PEERS_ONLY=ray: one kind */
    kinds.erase(std::remove_if(kinds.begin(), kinds.end(),
                               [e](Kind k) { return std::strncmp(kind_name[k], e, std::strlen(e)) != 0; }),
                kinds.end());

  std::vector<Scene *> scenes;
  std::vector<CollideWorld *> cws;
  std::vector<BulletWorld *> bws;
  std::vector<Case> cases;
  int nscenes = 3;
  if (const char *e = std::getenv("PEERS_SCENES")) nscenes = std::max(1, std::min(3, std::atoi(e)));
  for (int size : std::vector<int>(sizes, sizes + nscenes)) {
    Scene *s = new Scene(make_scene(size));
    double t0 = now();
    CollideWorld *cw = new CollideWorld(*s);
    double t1 = now();
    BulletWorld *bw = new BulletWorld(*s);
    double t2 = now();
    std::printf("scene %-4s %6d triangles (grid %dx%d + walls): built by collide in %.1f ms, by Bullet in %.1f ms\n",
                s->name.c_str(), s->ntri(), s->g, s->g, (t1 - t0) * 1e3, (t2 - t1) * 1e3);
    scenes.push_back(s);
    cws.push_back(cw);
    bws.push_back(bw);
    for (Kind k : kinds) {
      Case c{s, cw, bw, k, make_queries(*s, *cw, k, nq[k]), Row()};
      c.row.scene = s->name;
      c.row.what = kind_name[k];
      c.row.ntri = s->ntri();
      c.row.nq = (int)c.q.size();
      c.row.ac.resize(c.q.size());
      c.row.ab.resize(c.q.size());
      cases.push_back(std::move(c));
    }
  }
#ifdef HAVE_world_update_sphere
  /* the frame: its own 10k scene, with 1000 movers in both worlds */
  Scene *fs = new Scene(make_scene(10000));
  Frame fr{fs, new CollideWorld(*fs), new BulletWorld(*fs), {}, {}, 0, Row()};
  fr.q = make_queries(*fs, *fr.cw, SPHERE, 1000);
  frame_setup(fr, 1000);
  fr.row.what = "frame 1k+1k";
  fr.row.ntri = fs->ntri();
  fr.row.nq = 1000;
  fr.row.timed_only = true;
#endif

  Shapes sh;
  std::fflush(stdout);
  /* PEERS_LIB=collide or bullet: time one library only (for perf stat) */
  const char *lib = std::getenv("PEERS_LIB");
  bool run_c = !lib || std::strcmp(lib, "bullet") != 0, run_b = !lib || std::strcmp(lib, "collide") != 0;
  for (int r = 0; r < rounds; r++) {
    bool keep = r == 0;   /* answers from the first round */
    for (Case &c : cases) {
      if (r % 2 == 0) {
        c.row.tc.push_back(run_c ? time_collide(c, keep) : 1);
        c.row.tb.push_back(run_b ? time_bullet(c, sh, keep) : 1);
      } else {
        c.row.tb.push_back(run_b ? time_bullet(c, sh, keep) : 1);
        c.row.tc.push_back(run_c ? time_collide(c, keep) : 1);
      }
    }
#ifdef HAVE_world_update_sphere
    if (r % 2 == 0) {
      fr.row.tc.push_back(frame_collide(fr, 5));
      fr.row.tb.push_back(frame_bullet(fr, sh, 5));
    } else {
      fr.row.tb.push_back(frame_bullet(fr, sh, 5));
      fr.row.tc.push_back(frame_collide(fr, 5));
    }
#endif
    std::fprintf(stderr, "round %d/%d\r", r + 1, rounds);
  }
  std::fprintf(stderr, "\n");

  std::vector<Row> rows;
  for (Kind k : kinds)
    for (Case &c : cases)
      if (c.kind == k) {
        c.row.agree = compare(c.row.ac, c.row.ab);
        c.row.judged = true;
        c.row.verdict = k == RAY ? judge_rays(*c.scene, c.q, c.row.ac, c.row.ab)
                                 : judge_sweeps(*c.scene, k, c.q, c.row.ac, c.row.ab);
        rows.push_back(c.row);
        if (std::getenv("PEERS_WORST")) show_worst(c);
      }
#ifdef HAVE_world_update_sphere
  rows.push_back(fr.row);
#endif
  std::printf("\n");
  print_table(stdout, rows, rounds);
#ifndef HAVE_world_sweep_aabb
  std::printf("(no box sweep row: collide_world_sweep_aabb is not in csrc/core/collide.h yet)\n");
#endif
#ifndef HAVE_world_sweep_capsule
  std::printf("(no capsule sweep row: collide_world_sweep_capsule is not in csrc/core/collide.h yet)\n");
#endif
#ifndef HAVE_world_update_sphere
  std::printf("(no frame row: collide_world_update_sphere is not in csrc/core/collide.h yet)\n");
#endif
  if (outpath) {
    FILE *f = std::fopen(outpath, "w");
    if (!f) { std::perror(outpath); return 1; }
    print_table(f, rows, rounds);
    std::fclose(f);
  }
  for (auto *b : bws) delete b;
  for (auto *c : cws) delete c;
  for (auto *s : scenes) delete s;
  return 0;
}
