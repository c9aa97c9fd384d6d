/*
 * collide_sensor.c -- sensors: shapes that block nothing and record when
 * other shapes begin and end touching them during a step (advance, and
 * move_shape), at the exact moments.
 *
 * The moments. Over a step (or one segment of a move_shape path), a shape
 * X and a sensor S each move linearly in u, so their relative position is
 * linear: hold S at its place, and X's reference point goes from c0 to c1
 * (its own motion less S's). X touches S at u exactly when c0 + u (c1 -
 * c0) lies in the Minkowski difference S - X, a closed convex set (both
 * are convex; contact is closed); a line meets a convex set in one
 * interval, so the moments of contact are one interval [u0, u1] or none
 * (van den Bergen, "Collision Detection in Interactive 3D Environments",
 * 2004, 5.5 on the configuration space of a translating pair). u0 is the
 * first moment of contact of the sweep c0 -> c1: the single-shape
 * function's answer (collide__mover_test), exact to rounding as every
 * sweep of the module. u1 is the last: the same sweep backwards, c1 -> c0,
 * meets the interval first at 1 - u1 (the path c1 + v (c0 - c1) is the
 * path c0 + (1 - v)(c1 - c0)), so u1 = 1 - that first moment. A shape
 * touching S at u = 0 was touching it already: no begin; touching it at
 * u = 1 still is: no end. So a bullet that crosses a sensor within one
 * step, touching it only for [u0, u1] inside (0, 1), gives both events.
 *
 * Which shape sweeps: the module sweeps a sphere, a box or a capsule (a
 * segment is a capsule of radius 0) against any shape. When X is one of
 * those, X sweeps against S; else when S is, S sweeps against X with the
 * opposite motion (the same interval: the contact set of a pair does not
 * depend on which one moves). When neither is (triangles, polygons,
 * planes), two flat convex pieces first touch -- and last touch -- where
 * an edge of one meets the other (the set where they touch is convex; it
 * is a point or a segment whose ends lie on an edge of one of them, or a
 * region of their common plane bounded by such edges), so the interval is
 * the union of those of every edge of each against the other, each edge a
 * capsule of radius 0. Two planes are left out (no events between them).
 *
 * A spinning convex shape (w:set_spin) turns during the step, so the
 * relative motion is no longer a translation and the set of moments of
 * contact need not be one interval: its pairs take the conservative
 * advancement of collide_turning.c, the one every sweep against a
 * spinning shape runs, forward for the first moment and backward for the
 * last, with the times apart between them looked for (turn_spans
 * below).
 *
 * Sensors touch only shapes that are not sensors.
 */
#include "collide_sensor.h"
#include "collide_query.h"
#include "collide_tree.h"
#include "collide_turning.h"

/* ---- the list of sensors --------------------------------------------------- */

void collide__sensor_unlist(collide_world *w, int s) {
  int i = w->slots[s].sensor;
  if (i < 0) return;
  w->sensors[i] = w->sensors[--w->nsensors];
  w->slots[w->sensors[i]].sensor = i;
  w->slots[s].sensor = -1;
}

int collide_world_set_sensor(collide_world *w, int id, int on) {
  int s, e;
  shape *sh;
  if (w->busy) return LOCKED;
  if ((s = collide__slot_of(w, id)) < 0) return 0;
  sh = &w->slots[s];
  if (!on) {
    collide__sensor_unlist(w, s);
    return 1;
  }
  if (sh->sensor >= 0) return 1;
  GROW(e, w->sensors, w->cap_sensors, w->nsensors + 1);
  if (e) return e;
  sh->sensor = w->nsensors;
  w->sensors[w->nsensors++] = s;
  /* a triangle out of the static hierarchy, whose rays read its
     triangles without looking at the slot (collide_query.c,
     static_shape); every other shape there is tested by query_shape,
     which skips sensors */
  if (sh->kind == COLLIDE_SHAPE_TRIANGLE) {
    sh->changed = 1;
    if (sh->in == IN_STATIC) collide__tree_moved(w, s, NULL);
  }
  return 1;
}

int collide_world_sensor(const collide_world *w, int id) {
  int s = collide__slot_of(w, id);
  return s < 0 ? -1 : w->slots[s].sensor >= 0;
}

static int cmp_event(const void *a, const void *b) {
  const collide_sensor_event *x = (const collide_sensor_event *)a;
  const collide_sensor_event *y = (const collide_sensor_event *)b;
  if (x->u != y->u) return x->u < y->u ? -1 : 1;
  if (x->sensor != y->sensor) return x->sensor < y->sensor ? -1 : 1;
  if (x->id != y->id) return x->id < y->id ? -1 : 1;
  return y->begin - x->begin;   /* a begin before an end */
}

int collide_world_sensor_events(collide_world *w, collide_sensor_event *out,
                                int cap) {
  int n = w->nevents;
  if (n > cap) return n;
  if (n > 0) memcpy(out, w->events, (size_t)n * sizeof *out);
  w->nevents = 0;
  return n;
}

static int add_event(collide_world *w, int sensor, int id, double u, int begin) {
  int e;
  collide_sensor_event *ev;
  GROW(e, w->events, w->cap_events, w->nevents + 1);
  if (e) return e;
  ev = &w->events[w->nevents++];
  ev->sensor = sensor;
  ev->id = id;
  ev->u = u;
  ev->begin = begin;
  return 0;
}

/* ---- the interval of contact of a pair ----------------------------------------- */

/* Shape s as a moving shape of the queries, with its reference point *c:
   1, or 0 when it cannot sweep (a triangle, polygon or plane). */
static int as_mover(const shape *s, collide__mover *m, vec3 *c) {
  memset(m, 0, sizeof *m);
  switch (s->kind) {
  case COLLIDE_SHAPE_SPHERE:
    m->kind = MOVER_SPHERE;
    m->r = s->g.sphere.r;
    *c = s->g.sphere.center;
    return 1;
  case COLLIDE_SHAPE_AABB:
    m->kind = MOVER_AABB;
    m->e = s->g.aabb.extents;
    *c = s->g.aabb.center;
    return 1;
  case COLLIDE_SHAPE_CAPSULE:
  case COLLIDE_SHAPE_SEGMENT: {
    vec3 a = s->kind == COLLIDE_SHAPE_CAPSULE ? s->g.cap.a : s->g.seg.a;
    vec3 b = s->kind == COLLIDE_SHAPE_CAPSULE ? s->g.cap.b : s->g.seg.b;
    *m = collide__capsule_query(&a, &b, s->kind == COLLIDE_SHAPE_CAPSULE ? s->g.cap.r : 0, c);
    if (m->axis.x == 0 && m->axis.y == 0 && m->axis.z == 0) m->kind = MOVER_SPHERE;
    return 1;
  }
  default:
    return 0;
  }
}

/* The moments of contact of mover m whose reference point goes from c0 to
   c1 with the fixed shape fixed: 1 with [*u0, *u1], or 0 (see the top of
   the file: u1 from the sweep backwards). */
static int mover_interval(const shape *fixed, const collide__mover *m,
                          const vec3 *c0, const vec3 *c1, double *u0, double *u1) {
  collide_hit h;
  if (collide__mover_test(fixed, m, c0, c1, &h) != 1) return 0;
  *u0 = h.u;
  if (collide__mover_test(fixed, m, c1, c0, &h) != 1) {
    *u1 = *u0;   /* (rounding: the contact is one moment) */
    return 1;
  }
  *u1 = 1 - h.u;
  if (*u1 < *u0) *u1 = *u0;
  return 1;
}

/* The convex shape cv turned by rot (its own rotation, or a spinning
   one's at a moment), whose place moves by off0 at the start and by off1
   at the end, and the fixed shape y: the convex kernels forward and
   backward, as mover_interval. */
static int convex_interval(const shape *cv, const collide_rotation *rot, vec3 off0,
                           vec3 off1, const shape *y, double *u0, double *u1) {
  const collide_convex *A = cvx_hull(cv->g.cvx.c);
  vec3 c0 = v_add(cv->g.cvx.pos, off0), c1 = v_add(cv->g.cvx.pos, off1);
  collide_hit h;
  if (collide__convex_test(A, rot, &c0, &c1, y, &h) != 1) return 0;
  *u0 = h.u;
  if (collide__convex_test(A, rot, &c1, &c0, y, &h) != 1) {
    *u1 = *u0;
    return 1;
  }
  *u1 = 1 - h.u;
  if (*u1 < *u0) *u1 = *u0;
  return 1;
}

/* ---- spinning shapes ------------------------------------------------------------ */

/* The points whose convex hull is shape o at its place, grown by *r (a
   sphere's centre, a box's eight corners, a capsule's or a segment's
   ends, a triangle's or polygon's corners, a convex shape's turned
   corners): how many, into buf or (a polygon's own vertices, any number)
   *pts. 0 for a plane (see plane_points). The advancement
   (collide_turning.c) runs against that hull grown by r: the shape
   itself. */
static int shape_points(const shape *o, vec3 *buf, const vec3 **pts, double *r) {
  int i;
  *pts = buf;
  *r = 0;
  switch (o->kind) {
  case COLLIDE_SHAPE_SPHERE:
    buf[0] = o->g.sphere.center;
    *r = o->g.sphere.r;
    return 1;
  case COLLIDE_SHAPE_AABB: {
    vec3 c = o->g.aabb.center, e = o->g.aabb.extents;
    for (i = 0; i < 8; i++)
      buf[i] = v3(c.x + ((i & 4) ? e.x : -e.x), c.y + ((i & 2) ? e.y : -e.y),
                  c.z + ((i & 1) ? e.z : -e.z));
    return 8;
  }
  case COLLIDE_SHAPE_CAPSULE:
    buf[0] = o->g.cap.a;
    buf[1] = o->g.cap.b;
    *r = o->g.cap.r;
    return 2;
  case COLLIDE_SHAPE_SEGMENT:
    buf[0] = o->g.seg.a;
    buf[1] = o->g.seg.b;
    return 2;
  case COLLIDE_SHAPE_TRIANGLE:
    buf[0] = o->g.tri.a;
    buf[1] = o->g.tri.b;
    buf[2] = o->g.tri.c;
    return 3;
  case COLLIDE_SHAPE_POLYGON:
    *pts = o->g.poly.vertices;
    return o->g.poly.count;
  case COLLIDE_SHAPE_CONVEX: {
    /* (at its rotation: a shape that turns is the hull, never the points) */
    const collide__cvx *c = o->g.cvx.c;
    const collide_convex *h = cvx_hull(c);
    for (i = 0; i < h->vertex_count; i++)
      buf[i] = v_add(cvx_turn(c->R, h->vertices[i]), o->g.cvx.pos);
    return h->vertex_count;
  }
  default:
    return 0;
  }
}

/* A plane, for a hull whose frame's origin goes from a0 to a1 and which
   lies within its radius rA of it: a square of the plane around that
   reach, twice as wide as it (its corners into buf). The hull meets the
   plane only within its reach (the ball of radius rA about a point of
   the segment a0 a1, inside the ball of radius |a1 - a0| / 2 + rA about
   its middle), whose trace on the plane is a disc of that radius about
   the middle's projection, inside the square: the hull touches the plane
   exactly when it touches the square. */
static int plane_points(const collide_plane *pl, vec3 a0, vec3 a1, double rA, vec3 *buf) {
  vec3 n = pl->normal, m = v_scale(v_add(a0, a1), 0.5), c, t1, t2, ax;
  double reach = 0.5 * v_len(v_sub(a1, a0)) + rA, H = 2 * reach + 1e-9 * max_abs3(&m);
  c = v_madd(m, n, -(v_dot(n, m) + pl->d));
  ax = fabs(n.x) <= fabs(n.y) && fabs(n.x) <= fabs(n.z) ? v3(1, 0, 0)
     : fabs(n.y) <= fabs(n.z) ? v3(0, 1, 0) : v3(0, 0, 1);
  t1 = v_scale(v_normalize(v_cross(n, ax)), H);
  t2 = v_scale(v_normalize(v_cross(n, t1)), H);
  buf[0] = v_add(v_add(c, t1), t2);
  buf[1] = v_add(v_sub(c, t1), t2);
  buf[2] = v_sub(v_sub(c, t1), t2);
  buf[3] = v_sub(v_add(c, t1), t2);
  return 4;
}

/* The moments of contact of a pair of which one shape (or both) turns:
   up to SPANS_MAX intervals, in the stretch's own time (0 at its start,
   1 at its end), in order, and whether they touch at the stretch's start
   (s0) and end (s1). */
#define SPAN_SAMPLES 16
#define SPANS_MAX 64
/* The searches of a pair and stretch that may run to their step limit
   (COLLIDE_TURNING_MAX_STEPS) before the walk stops looking (turn_spans) */
#define CAPPED_MAX 8
typedef struct spans {
  int n, s0, s1;
  double a[SPANS_MAX], b[SPANS_MAX];
} spans;

/* A pair of which h spins, over the moments ta .. tb of the step (h at
   its place plus t times its velocity, turned by its rotation and then
   the fraction t of its spin). Either o does not turn (both = 0): its
   place moves by e0 at ta and e1 at tb (linearly between) and its points
   are y[0 .. n) grown by r (shape_points, plane_points), held at its
   place while h moves by the rest; or o spins too (both = 1: a step of
   advance, ta = 0, tb = 1). */
typedef struct turn_pair {
  const shape *h, *o;
  int both;
  vec3 e0, e1;
  double ta, tb;
  const vec3 *y;
  int n;
  double r;
  vec3 buf[COLLIDE_MAX_CONVEX_POINTS];
  int *capped;   /* the searches that ran to COLLIDE_TURNING_MAX_STEPS */
} turn_pair;

/* o's offset at the moment t of the stretch */
static vec3 tp_offset(const turn_pair *P, double t) {
  if (t == P->ta) return P->e0;
  if (t == P->tb) return P->e1;
  return v_add(P->e0, v_scale(v_sub(P->e1, P->e0), (t - P->ta) / (P->tb - P->ta)));
}

/* The first moment of contact from the moment `from` toward the moment
   `to` (backwards when to < from), into *t: 0 none, 1, 2 within the
   tolerance at `from` (*t = from). The conservative advancement of
   collide_turning.c, never after the first contact, at most the
   tolerance before it. */
static int tp_first_fine(const turn_pair *P, double from, double to, double fine, int cap,
                         int *capped, double *t) {
  const collide__cvx *c = P->h->g.cvx.c;
  collide_hit hit;
  int rc, stopped = 0;
  if (P->both) {
    const collide__cvx *co = P->o->g.cvx.c;
    rc = collide__spin_sweep_both_fine(cvx_hull(c), &c->rot, &c->spin, &P->h->g.cvx.pos,
                                       &P->h->vel, cvx_hull(co), &co->rot, &co->spin,
                                       &P->o->g.cvx.pos, &P->o->vel, from, to, fine, cap,
                                       &stopped, &hit);
  } else {
    vec3 ef = tp_offset(P, from), d = v_sub(tp_offset(P, to), ef);
    vec3 pos = v_sub(P->h->g.cvx.pos, ef);
    rc = collide__spin_sweep_fine(cvx_hull(c), &c->rot, &c->spin, &pos, &P->h->vel, from,
                                  to, P->y, P->n, P->r, &d, fine, cap, &stopped, &hit);
  }
  if (stopped) {
    if (capped) *capped = 1;
    if (cap >= COLLIDE_TURNING_MAX_STEPS) ++*P->capped;
  }
  if (rc == 0) return 0;
  *t = rc == 2 ? from : from + hit.u * (to - from);
  return rc;
}
static int tp_first(const turn_pair *P, double from, double to, double *t) {
  return tp_first_fine(P, from, to, 1e-9, COLLIDE_TURNING_MAX_STEPS, NULL, t);
}

/* 1 when the two touch at the moment t, exactly: the convex kernels with
   the turning shapes frozen at t (no motion, as the overlap queries ask). */
static int tp_touch(const turn_pair *P, double t) {
  const collide__cvx *c = P->h->g.cvx.c;
  collide_rotation at;
  collide_hit h0;
  vec3 p;
  if (collide__spin_rotation(&c->rot, &c->spin, t, &at) != 0) return 0;
  if (P->both) {
    const collide__cvx *co = P->o->g.cvx.c;
    collide_rotation bt;
    vec3 q = v_madd(P->o->g.cvx.pos, P->o->vel, t);
    p = v_madd(P->h->g.cvx.pos, P->h->vel, t);
    return collide__spin_rotation(&co->rot, &co->spin, t, &bt) == 0 &&
           collide_sweep_convex_convex(cvx_hull(c), &at, &p, &p, cvx_hull(co), &bt, &q,
                                       &h0) == 1;
  }
  p = v_madd(v_sub(P->h->g.cvx.pos, tp_offset(P, t)), P->h->vel, t);
  {
    /* (most moments are settled by a closest-point search beyond its
       rounding; only a near touch needs the exact kernels) */
    int hint = collide__spin_touch_hint(cvx_hull(c), &at, &p, P->y, P->n, P->r);
    if (hint >= 0) return hint;
  }
  return collide__convex_test(cvx_hull(c), &at, &p, &p, P->o, &h0) == 1;
}

/* How long from the moment t the two are proven to go on touching (0:
   not proven touching at t), at most hmax: collide__spin_hold with the
   shapes at t, their motions, the speed bound L. */
static double tp_hold(const turn_pair *P, double t, int planar, double L, double hmax) {
  const collide__cvx *c = P->h->g.cvx.c;
  collide_rotation at;
  vec3 p, wa, v;
  if (collide__spin_rotation(&c->rot, &c->spin, t, &at) != 0 ||
      collide__spin_angle(&c->spin, &wa) < 0)
    return 0;
  if (P->both) {
    const collide__cvx *co = P->o->g.cvx.c;
    collide_rotation bt;
    vec3 q = v_madd(P->o->g.cvx.pos, P->o->vel, t), wb;
    p = v_madd(P->h->g.cvx.pos, P->h->vel, t);
    if (collide__spin_rotation(&co->rot, &co->spin, t, &bt) != 0 ||
        collide__spin_angle(&co->spin, &wb) < 0)
      return 0;
    return collide__spin_hold(cvx_hull(c), &at, &p, &P->h->vel, &wa, cvx_hull(co), &bt, &q,
                              &P->o->vel, &wb, NULL, 0, 0, planar, L, hmax);
  }
  p = v_madd(v_sub(P->h->g.cvx.pos, tp_offset(P, t)), P->h->vel, t);
  /* (o held still: h moves by its velocity less o's) */
  v = v_sub(P->h->vel, v_scale(v_sub(P->e1, P->e0), 1 / (P->tb - P->ta)));
  return collide__spin_hold(cvx_hull(c), &at, &p, &v, &wa, NULL, NULL, NULL, NULL, NULL,
                            P->y, P->n, P->r, planar, L, hmax);
}

/* Whether the hull lies in z = 0 (every corner) */
static int hull_flat(const collide_convex *A) {
  int i;
  for (i = 0; i < A->vertex_count; i++)
    if (A->vertices[i].z != 0) return 0;
  return 1;
}

/* The pair's speed bound per unit of the step's time: every point of h
   moves at most |its velocity less o's| + its spin's angle times its
   radius per unit of t, o's at most its spin's angle times its radius
   (a common translation does not change whether they touch; the
   advancement's L, collide_turning.c), padded for its rounding; and
   whether the whole pair stays in the plane z = 0 (both turning about z
   by angles, no motion across it, every point in it). */
static double tp_speed(const turn_pair *P, int *planar) {
  const collide__cvx *c = P->h->g.cvx.c;
  vec3 v = P->h->vel;
  double L;
  int i;
  /* (planar: every point of both in z = 0 at every moment -- the hull
     flat and its origin there, turning about z, moving across it by
     nothing; so is the other one, or its points and their offsets) */
  *planar = c->rot.is_angle && c->spin.is_angle && hull_flat(cvx_hull(c)) &&
            P->h->g.cvx.pos.z == 0 && P->h->vel.z == 0;
  if (P->both) {
    const collide__cvx *co = P->o->g.cvx.c;
    v = v_sub(v, P->o->vel);
    L = collide__spin_angle(&co->spin, NULL) * cvx_hull(co)->radius;
    *planar = *planar && co->rot.is_angle && co->spin.is_angle && hull_flat(cvx_hull(co)) &&
              P->o->g.cvx.pos.z == 0 && P->o->vel.z == 0;
  } else {
    v = v_sub(v, v_scale(v_sub(P->e1, P->e0), 1 / (P->tb - P->ta)));
    L = 0;
    if (P->e0.z != 0 || P->e1.z != 0) *planar = 0;
    for (i = 0; i < P->n && *planar; i++)
      if (P->y[i].z != 0) *planar = 0;
  }
  L += v_len(v) + collide__spin_angle(&c->spin, NULL) * cvx_hull(c)->radius;
  return L * (1 + 1e-12);
}

/* The times apart between at (a begin, or the first moment) and last
   looked for at the SPAN_SAMPLES - 1 evenly spaced moments of [first,
   last] that come after the moment from (the walk's fallback, below):
   at each moment found apart, the last contact before it (the
   advancement backwards from it) ends an interval and the first after it
   (forwards) begins the next, each as exact as the first and last (a
   moment apart by less than the tolerance counts as touching, as it does
   for those). A time apart shorter than the samples' spacing can pass
   unseen. Appends to out. */
static void sample_spans(const turn_pair *P, spans *out, double at, double from,
                         double first, double last) {
  double step = (last - first) / SPAN_SAMPLES;
  int k, rc, rcb;
  for (k = 1; k < SPAN_SAMPLES && step != 0 && out->n < SPANS_MAX - 1; k++) {
    double m = first + k * step, e, b;
    if (m <= at || m <= from) continue;
    if (*P->capped > CAPPED_MAX) break;   /* (the work spent: touching on) */
    if (tp_touch(P, m)) continue;
    rc = tp_first(P, m, P->ta, &e);
    if (rc == 2) continue;
    rcb = tp_first(P, m, P->tb, &b);
    if (rcb == 2) continue;
    if (rc == 0 || e < at) e = at;
    out->a[out->n] = at;
    out->b[out->n++] = e;
    if (rcb == 0) {
      /* (rounding: no contact after m after all) */
      out->s1 = 0;
      return;
    }
    /* never past the last contact, as the walk (each search stops
       within the tolerance of a contact, the forward one may stop past
       where the backward one did: then the last interval began after
       it ended, its begin after its end; found by fuzz target
       sensor_spin, a plank 2,560 wide spinning 1e6 rad a step) */
    if (b > last) b = last;
    at = b;
  }
  out->a[out->n] = at;
  out->b[out->n++] = last;
}

/* The walk's steps at most, per pair and stretch (a search for the next
   contact counts FINE_COST), the finer tolerance of that search and its
   steps (below) */
#define WALK_STEPS 400
#define GRAZE 8
#define FINE 1e-14
#define APART 3e-9
#define FINE_STEPS 64
#define FINE_COST 8

/* The moments of contact of the pair P over ta .. tb, into *out: 1, or 0
   for none.

   The first moment is the conservative advancement (tp_first: the one
   collide_sweep_convex_turning and every sweep and mover against a
   spinning shape run); the last is the same run backwards, from tb, the
   turn undone: never before the last contact. Touching at ta or tb
   within the tolerance is decided by the exact kernels (tp_touch).

   A turn can bring two shapes together, apart and together again within
   one step (a point meets a turning plank at each of the two places its
   circle about the axis crosses the plank; the two arms of a turning
   cross pass a coin; a blade's corners brush a coin one after the
   other). Between the first and the last moment the pair is walked
   through, in time:
   - at a moment u where it touches, tp_hold proves it touching over [u,
     u + h] (collide__spin_hold: its depth over the speed bound L, the
     faces of a polytope inside the two's difference kept turned the
     right way, a ball's reach; collide_turning.c), and as the distance
     grows at most at rate L it is within the tolerance tol (1e-9 of the
     motion's size, the advancement's) until tol / L later: the walk
     steps to u + h + tol / L, and every moment it passes is touching or
     within tol of it;
   - landing at a moment m where they are apart by more than 3 tol (the
     advancement with that tolerance, APART, moves from m; the margin
     over tol: a landing tol / L past a moment within tol of touching
     may be up to 2 tol apart), a time apart: the advancement backwards
     from m finds the end of the contact before it (never early, within
     the tolerance) and forwards the begin of the next (never late,
     within the tolerance);
   - apart by at most 3 tol (the end of a contact that leaves at a
     graze, the distance growing as the square of the time, would take
     steps of tol / L by the thousand), the next contact is looked for
     with the finer tolerance FINE, at most FINE_STEPS steps (every
     moment it passes is proven apart); a time apart is reported when at
     the middle of the stretch it proves apart, or a quarter from either
     end, or where it stopped at its step limit, they are more than 3
     tol apart (m is that moment, as above); else the walk goes on from
     where it stopped (a contact: touching; the step limit: still apart,
     looking on from there).
   So a time apart, however short, gives its end and its begin when the
   pair is more than 3 tol apart at a moment the walk looks at in it;
   those in which it never is count as touching, as the moments within
   the tolerance do for the first and last moments. A begin the walk
   never finds touching after it before it lands apart again (the first
   advancement stopped at its step limit short of a slow approach, or a
   near miss within the tolerance) gives way to the begin found after
   that landing: no begin and end at one moment.

   How many steps. Near a contact's end the polytope's faces follow the
   corners at their speed (Newton-like, a few steps); a deep contact
   shrinks at most at rate L, a step from depth p taking p / L. A pair
   found touching but not proven so for longer, or apart within the
   rounding of touching, GRAZE times in a row stays within the tolerance
   of touching (a face resting on a face that
   turns in its own plane): the rest by samples, as below. A long shallow time apart
   (a coin grazing the middle of a long face as it turns, which the
   advancement crosses in steps of its distance over L) would take steps
   by the thousand: after WALK_STEPS the walk stops, and the rest, after
   where it got to, is looked for at the SPAN_SAMPLES - 1 evenly spaced
   moments of [first, last] (sample_spans: a time apart shorter than a
   sixteenth of the span can pass unseen there), as are the pairs that
   do not turn forward in time. A search that runs to its step limit
   (COLLIDE_TURNING_MAX_STEPS: a shape spinning so fast that its turns
   are crossed by the thousand, 2^22 rad a step) costs a thousand
   ordinary ones: after CAPPED_MAX of them, the walk or the samples stop
   and the pair touches from where they got to until the last contact
   (before, a plank spinning 2^22 rad a step by a point took 1,100
   searches, 4 s, for one advance: found by fuzz target sensor_spin).
   At most SPANS_MAX intervals: a pair that
   meets more often within one step (a beam turning many times round in
   a step past a coin) touches from its SPANS_MAX-th begin to the last
   contact. */
static int turn_spans(const turn_pair *P, spans *out) {
  double first, last, at, u, h, L, tol;
  int rc, rcb, k, fwd = P->tb > P->ta, planar, steps = 0, touched, graze = 0;
  out->n = out->s0 = out->s1 = 0;
  rc = tp_first(P, P->ta, P->tb, &first);
  if (rc == 0) return 0;
  if (rc == 2) out->s0 = tp_touch(P, P->ta);
  rc = tp_first(P, P->tb, P->ta, &last);
  if (rc == 0) last = first;   /* (rounding: the contact is one moment) */
  if (rc == 2) out->s1 = tp_touch(P, P->tb);
  if (fwd ? last < first : last > first) last = first;
  L = tp_speed(P, &planar);
  /* the tolerance, in distance: the advancement's, 1e-9 of the motion's
     size over the stretch */
  tol = 1e-9 * L * fabs(P->tb - P->ta);
  at = u = first;
  if (!fwd || !(L > 0) || !(tol > 0)) {
    sample_spans(P, out, at, first, first, last);
  } else {
    h = tp_hold(P, u, planar, L, last - u);
    touched = h > 0 || tp_touch(P, u);
    for (;;) {
      double next = u + h + tol / L, e, b, m;
      int capped = 0;
      if (!(next < last)) {   /* touching (or within tol) to the last */
        out->a[out->n] = at;
        out->b[out->n++] = last;
        break;
      }
      if (*P->capped > CAPPED_MAX) {
        /* (searches that ran to their step limit, CAPPED_MAX of them: a
           shape spinning so fast that a search crosses its turns by the
           thousand; touching on to the last contact, no more work) */
        out->a[out->n] = at;
        out->b[out->n++] = last;
        break;
      }
      if (++steps > WALK_STEPS || !(next > u) || out->n == SPANS_MAX - 1) {
        /* (a long graze, a step below the moments' rounding, or the
           intervals full: the rest by samples) */
        sample_spans(P, out, at, u, first, last);
        break;
      }
      u = next;
      h = tp_hold(P, u, planar, L, last - u);
      if (h > 0) {
        touched = 1;
        graze = 0;
        continue;
      }
      if (tp_touch(P, u)) {
        /* touching, not proven for longer: at a contact's end, once or
           twice; GRAZE times in a row, resting within the tolerance of
           touching (a face on a face turning in its plane), which steps of
           tol / L would cross by the million: the rest by samples */
        touched = 1;
        if (++graze > GRAZE) {
          sample_spans(P, out, at, u, first, last);
          break;
        }
        continue;
      }
      /* apart at u: more than 3 tol apart (the advancement with that
         tolerance moves from u), a time apart; else look further */
      m = u;
      if (tp_first_fine(P, u, P->tb, APART, COLLIDE_TURNING_MAX_STEPS, NULL, &b) == 2) {
        /* apart by at most 3 tol: the next contact, finer (every moment
           it passes is apart; at its step limit, as far as it got) */
        double f, probe[4];
        int i;
        steps += FINE_COST;
        rcb = tp_first_fine(P, u, P->tb, FINE, FINE_STEPS, &capped, &f);
        if (rcb == 2) {
          /* (within rounding of touching: on by tol / L, as a moment
             found touching but not for longer, GRAZE times at most) */
          if (++graze > GRAZE) {
            sample_spans(P, out, at, u, first, last);
            break;
          }
          h = 0;
          continue;
        }
        graze = 0;
        if (rcb == 0) f = last;
        /* more than 3 tol apart at the middle or quarters of that
           stretch apart, or where the search stopped short? */
        probe[0] = u + 0.5 * (f - u);
        probe[1] = u + 0.25 * (f - u);
        probe[2] = u + 0.75 * (f - u);
        probe[3] = f;
        for (i = 0; i < (capped ? 4 : 3); i++) {
          if (!(probe[i] > u && probe[i] <= f && (i < 3 ? probe[i] < f : 1))) continue;
          steps++;
          if (tp_first_fine(P, probe[i], P->tb, APART, COLLIDE_TURNING_MAX_STEPS, NULL,
                            &b) != 2)
            break;
        }
        if (i == (capped ? 4 : 3)) {
          /* never found more than 3 tol apart: touching, on from f (at
             the step limit, still apart: on looking from there) */
          if (rcb == 0 && !capped) {
            out->a[out->n] = at;
            out->b[out->n++] = last;
            break;
          }
          u = f;
          h = capped ? 0 : tp_hold(P, u, planar, L, last - u);
          continue;
        }
        m = probe[i];
      }
      /* the end of the contact before m and the begin of the next after
         it, within the tolerance */
      rc = tp_first(P, m, P->ta, &e);
      rcb = tp_first(P, m, P->tb, &b);
      if (rc == 0 || e < at) e = at;
      if (!touched && rcb == 1 && e - at <= tol / L) {
        /* (never touching since the begin at `at`, which the search
           found within the tolerance, or as far as its step limit let it
           get -- a slow approach: the begin is b) */
        at = u = b;
        h = tp_hold(P, u, planar, L, last - u);
        touched = h > 0 || tp_touch(P, u);
        continue;
      }
      out->a[out->n] = at;
      out->b[out->n++] = e;
      if (rcb == 0) {
        /* (rounding: no contact after u after all) */
        out->s1 = 0;
        break;
      }
      if (b > last) b = last;
      at = u = b;
      h = tp_hold(P, u, planar, L, last - u);
      touched = h > 0 || tp_touch(P, u);
    }
  }
  /* into the stretch's own time */
  for (k = 0; k < out->n; k++) {
    out->a[k] = (out->a[k] - P->ta) / (P->tb - P->ta);
    out->b[k] = (out->b[k] - P->ta) / (P->tb - P->ta);
  }
  return 1;
}

/* The spinning shape h over ta .. tb and the shape o, which does not turn
   during it, at its place plus e0 at ta and plus e1 at tb: turn_spans. */
static int spin_spans(const shape *h, const shape *o, vec3 e0, vec3 e1, double ta,
                      double tb, spans *out) {
  turn_pair P;
  int capped = 0;
  P.capped = &capped;
  P.h = h;
  P.o = o;
  P.both = 0;
  P.e0 = e0;
  P.e1 = e1;
  P.ta = ta;
  P.tb = tb;
  P.r = 0;
  if (o->kind == COLLIDE_SHAPE_PLANE) {
    vec3 a0 = v_madd(v_sub(h->g.cvx.pos, e0), h->vel, ta);
    vec3 a1 = v_madd(v_sub(h->g.cvx.pos, e1), h->vel, tb);
    P.y = P.buf;
    P.n = plane_points(&o->g.plane, a0, a1, cvx_hull(h->g.cvx.c)->radius * (1 + 1e-12),
                       P.buf);
  } else {
    P.n = shape_points(o, P.buf, &P.y, &P.r);
  }
  if (P.n <= 0) return 0;
  return turn_spans(&P, out);
}

/* Two spinning convex shapes over a step of advance: turn_spans with the
   advancement of both turning (collide__spin_sweep_both). */
static int both_spin_spans(const shape *x, const shape *y, spans *out) {
  turn_pair P;
  int capped = 0;
  P.capped = &capped;
  P.h = x;
  P.o = y;
  P.both = 1;
  P.e0 = P.e1 = v3(0, 0, 0);
  P.ta = 0;
  P.tb = 1;
  P.y = NULL;
  P.n = 0;
  P.r = 0;
  return turn_spans(&P, out);
}

/* The edges of a flat shape (triangle or polygon): n of them, edge i from
   *a to *b; 0 for a plane. */
static int edge_count(const shape *s) {
  if (s->kind == COLLIDE_SHAPE_TRIANGLE) return 3;
  if (s->kind == COLLIDE_SHAPE_POLYGON) return s->g.poly.count;
  return 0;
}
static void edge(const shape *s, int i, vec3 *a, vec3 *b) {
  if (s->kind == COLLIDE_SHAPE_TRIANGLE) {
    const vec3 *p[3];
    p[0] = &s->g.tri.a; p[1] = &s->g.tri.b; p[2] = &s->g.tri.c;
    *a = *p[i];
    *b = *p[(i + 1) % 3];
  } else {
    *a = s->g.poly.vertices[i];
    *b = s->g.poly.vertices[(i + 1) % s->g.poly.count];
  }
}

/* The edges of x, moving by d relative to y (held): the union of their
   intervals into [*u0, *u1] (found: *any). */
static void edges_interval(const shape *x, const shape *y, vec3 d, int *any,
                           double *u0, double *u1) {
  int i, n = edge_count(x);
  for (i = 0; i < n; i++) {
    vec3 a, b, c, c1;
    collide__mover m;
    double a0, a1;
    edge(x, i, &a, &b);
    m = collide__capsule_query(&a, &b, 0, &c);
    c1 = v_add(c, d);
    if (!mover_interval(y, &m, &c, &c1, &a0, &a1)) continue;
    if (!*any || a0 < *u0) *u0 = a0;
    if (!*any || a1 > *u1) *u1 = a1;
    *any = 1;
  }
}

/* The moments of contact of shape x, whose place moves by r0 at the
   segment's start and by r1 at its end relative to shape y held at its
   place (neither turning during the segment; a spinning y frozen at its
   rotation of the moment ty, the segment being of no duration): 1 with
   [*u0, *u1] in the segment's own time, or 0. */
static int fixed_interval(const shape *x, vec3 r0, vec3 r1, const shape *y, double ty,
                          double *u0, double *u1) {
  collide__mover m;
  vec3 c, c0, c1;
  int any = 0;
  if (SHAPE_SPINS(y)) {
    /* (the spinning shape frozen at the moment ty: the convex kernels, it
       the moving one, at its place moved back by x's offsets) */
    collide_rotation at;
    if (collide__spin_rotation(&y->g.cvx.c->rot, &y->g.cvx.c->spin, ty, &at) != 0) return 0;
    return convex_interval(y, &at, v_neg(r0), v_neg(r1), x, u0, u1);
  }
  if (as_mover(x, &m, &c)) {
    c0 = v_add(c, r0);
    c1 = v_add(c, r1);
    return mover_interval(y, &m, &c0, &c1, u0, u1);
  }
  if (as_mover(y, &m, &c)) {
    /* y moves by -(r) against x held at its place plus r0: the same
       interval (x shifted by r0 as a shape is not at hand, so y's start
       is moved back by r0 instead) */
    c0 = v_sub(c, r0);
    c1 = v_sub(c, r1);
    return mover_interval(x, &m, &c0, &c1, u0, u1);
  }
  /* a convex shape and a triangle, polygon, plane or convex shape: the
     convex one moves (y's place is x's moved back, as above) */
  if (x->kind == COLLIDE_SHAPE_CONVEX) return convex_interval(x, &x->g.cvx.c->rot, r0, r1, y, u0, u1);
  if (y->kind == COLLIDE_SHAPE_CONVEX)
    return convex_interval(y, &y->g.cvx.c->rot, v_neg(r0), v_neg(r1), x, u0, u1);
  if (r0.x != 0 || r0.y != 0 || r0.z != 0) {
    /* flat against flat with x displaced at the start: only move_shape
       moves a shape that way, and it moves spheres, boxes and capsules */
    return 0;
  }
  edges_interval(x, y, v_sub(r1, r0), &any, u0, u1);
  edges_interval(y, x, v_sub(r0, r1), &any, u0, u1);
  return any;
}

/* The moments of contact of shape x, whose place moves by dx0 at the
   segment's start and by dx1 at its end (its motion over the segment:
   x + dx0 -> x + dx1; turning by its spin when xturns and it spins: a
   step of advance, dx0 = 0, dx1 its velocity), and shape y, at its place
   plus ty0 * vy .. ty1 * vy (y's velocity vy over the moments ty0 ..
   ty1), turning when it spins: 1 with the intervals in the segment's own
   time and whether they touch at its start and end (*out), or 0. One
   interval unless a shape turns. */
static int pair_spans(const shape *x, vec3 dx0, vec3 dx1, int xturns, const shape *y,
                      double ty0, double ty1, spans *out) {
  vec3 vy = y->moving >= 0 ? y->vel : v3(0, 0, 0);
  /* relative to y held at its place: x's offsets less y's */
  vec3 r0 = v_madd(dx0, vy, -ty0), r1 = v_madd(dx1, vy, -ty1);
  int xspins = xturns && SHAPE_SPINS(x), yspins = SHAPE_SPINS(y);
  if (xspins && yspins) return both_spin_spans(x, y, out);
  if (yspins && ty1 > ty0) return spin_spans(y, x, dx0, dx1, ty0, ty1, out);
  if (xspins) {
    /* (a step of advance: x over the whole step, y moving by vy) */
    return spin_spans(x, y, v_scale(vy, ty0), v_scale(vy, ty1), 0, 1, out);
  }
  if (!fixed_interval(x, r0, r1, y, ty0, &out->a[0], &out->b[0])) return 0;
  out->n = 1;
  out->s0 = out->a[0] == 0;
  out->s1 = !(out->b[0] < 1);
  return 1;
}

/* The events of one pair over one stretch [t0, t1] of the step (found:
   touching over the intervals sp of the stretch's own time, [a, b]
   turned into the step's as t0 + a (t1 - t0), touching at its start
   sp->s0, at its end sp->s1). *was: touching at the end of the stretch
   before, or, for the first stretch (first), nothing yet. A pair
   touching at the start of the step (first, s0) was touching already: no
   begin; one touching at the end of a stretch goes on touching into the
   next when that one touches at its start, else it ended at the
   junction; one touching at the end of the step (s1 of the last) still
   touches: no end. */
static int stretch_events(collide_world *w, int sensor, int id, double t0,
                          double t1, int found, const spans *sp, int first, int *was) {
  int e, i;
  if (*was && (!found || !sp->s0)) {
    if ((e = add_event(w, sensor, id, t0, 0)) < 0) return e;
    *was = 0;
  }
  if (!found) return 0;
  for (i = 0; i < sp->n; i++) {
    if (!(i == 0 && (*was || (first && sp->s0)))) {
      if ((e = add_event(w, sensor, id, t0 + sp->a[i] * (t1 - t0), 1)) < 0) return e;
    }
    if (i < sp->n - 1 || !sp->s1) {
      if ((e = add_event(w, sensor, id, t0 + sp->b[i] * (t1 - t0), 0)) < 0) return e;
      *was = 0;
    } else {
      *was = 1;
    }
  }
  return 0;
}

/* ---- advance ------------------------------------------------------------------ */

/* The ids (into *buf, growing it) of every shape whose box over the step
   may meet the box b moved by d over it: how many, or NOMEM. */
static int candidates(collide_world *w, const box *b, vec3 d, int **buf, int *cap) {
  for (;;) {
    query q;
    collide__mover m;
    vec3 c;
    int e;
    memset(&m, 0, sizeof m);
    m.kind = MOVER_AABB;
    c = v3(0.5 * (b->lo[0] + b->hi[0]), 0.5 * (b->lo[1] + b->hi[1]),
           0.5 * (b->lo[2] + b->hi[2]));
    m.e = v3(0.5 * (b->hi[0] - b->lo[0]), 0.5 * (b->hi[1] - b->lo[1]),
             0.5 * (b->hi[2] - b->lo[2]));
    {
      vec3 c1 = v_add(c, d);
      collide__query_init_mover(&q, Q_SWEEP, &m, &c, &c1);
    }
    q.exact = 0;
    q.sensors = 1;
    q.ids = *buf;
    q.cap = *cap;
    (void)collide__query_run(w, &q);
    if (q.nids <= *cap) return q.nids;
    GROW(e, *buf, *cap, q.nids);
    if (e) return e;
  }
}

static int boxes_meet(const box *a, const box *b) {
  return a->lo[0] <= b->hi[0] && b->lo[0] <= a->hi[0] &&
         a->lo[1] <= b->hi[1] && b->lo[1] <= a->hi[1] &&
         a->lo[2] <= b->hi[2] && b->lo[2] <= a->hi[2];
}

/* The events of the pair (sensor slot ss, shape slot xs) over a step of
   advance (both at their places plus u times their velocities). */
static int advance_pair(collide_world *w, int ss, int xs) {
  const shape *s = &w->slots[ss], *x = &w->slots[xs];
  vec3 vx = x->moving >= 0 ? x->vel : v3(0, 0, 0);
  spans sp;
  int was = 0, found;
  if (x->kind == COLLIDE_SHAPE_PLANE && s->kind == COLLIDE_SHAPE_PLANE) return 0;
  if (s->kind == COLLIDE_SHAPE_AABB && s->moving < 0 && x->kind != COLLIDE_SHAPE_PLANE) {
    /* a box sensor holding x's whole box over the step (x at every
       moment lies in it: the box is convex) touches x all step long: no
       event, no sweep (the common case of a shape inside a zone) */
    box sb, sbox;
    shape_swept_box(x, &sb);
    box_around(&sbox, s->g.aabb.center, s->g.aabb.extents);
    if (box_contains(&sbox, &sb)) return 0;
  }
  found = pair_spans(x, v3(0, 0, 0), vx, 1, s, 0, 1, &sp);
  return stretch_events(w, s->id, x->id, 0, 1, found, &sp, 1, &was);
}

/* The fixed sensors (not moving, not planes) of a step of advance, with
   the moving shapes that are no sensors: every pair whose boxes over the
   step meet, the sensor's bounds and the shape's swept box (a shape
   moving linearly lies in that box all step long, so a pair whose boxes
   do not meet never touches). A hierarchy of the sensors' boxes (a few
   kilobytes for hundreds of sensors) is searched with each moving shape's
   box: each shape's slot is read once a step, with the sensor's hierarchy
   in the cache, and not the tree of every moving shape, once for each
   sensor (which costs a cache miss a node: the frame's queries of the
   static hierarchy have pushed the tree out). The hierarchy is built when
   the fixed sensors or their boxes changed since the last step (most
   games' sensors do not move): the median of the centres along their
   longest spread at each node, a tree of depth log2 n. */

/* The grid of the fixed sensors: 64 x 64 cells over the box around them,
   along the two axes where it is widest (the axes of a 2D game's plane),
   each listing the sensors whose boxes meet it, but for the sensors of
   more than GRID_BIG cells, listed apart. A moving shape of few cells
   meets a sensor of few cells in a cell of both: the one of their spans'
   lower corners (reported there only, so once). The cell of a
   coordinate, grid_cell, rounds and clamps, but never decreases as the
   coordinate grows, so boxes whose spans meet along an axis have cell
   spans that meet: none is missed (no margin needed). A bit for each
   cell that lists a sensor (512 bytes, which stay in the cache) turns
   away most moving shapes, far from every sensor, at a glance. */
#define GRID 64
#define GRID_BIG 16
static inline int grid_cell(const collide_world *w, int k, double x) {
  double c = (x - w->sensor_origin[k]) * w->sensor_inv[k];
  return c <= 0 ? 0 : c >= GRID - 1 ? GRID - 1 : (int)c;
}
/* b's span of cells, i0 .. i1 by j0 .. j1: how many. */
static inline int grid_span(const collide_world *w, const box *b, int span[4]) {
  span[0] = grid_cell(w, 0, b->lo[w->sensor_axis[0]]);
  span[1] = grid_cell(w, 0, b->hi[w->sensor_axis[0]]);
  span[2] = grid_cell(w, 1, b->lo[w->sensor_axis[1]]);
  span[3] = grid_cell(w, 1, b->hi[w->sensor_axis[1]]);
  return (span[1] - span[0] + 1) * (span[3] - span[2] + 1);
}
/* The bits of cells span[0] .. span[1] of a row. */
static inline unsigned long long grid_bits(const int span[4]) {
  return (~0ULL >> (GRID - 1 - span[1])) & (~0ULL << span[0]);
}
/* The grid of sensor_boxes[0 .. nf), all around them: 0 or NOMEM. */
static int build_grid(collide_world *w, const box *all, int nf) {
  int i, j, k, e, n = 0, span[4], order[3] = { 0, 1, 2 }, *cell;
  double d[3];
  for (k = 0; k < 3; k++) d[k] = all->hi[k] - all->lo[k];
  /* the two widest axes, the widest first */
  for (i = 0; i < 3; i++)
    for (j = i + 1; j < 3; j++)
      if (d[order[j]] > d[order[i]]) {
        k = order[i];
        order[i] = order[j];
        order[j] = k;
      }
  for (k = 0; k < 2; k++) {
    double inv = d[order[k]] > 0 ? GRID / d[order[k]] : 0;
    w->sensor_axis[k] = order[k];
    w->sensor_origin[k] = all->lo[order[k]];
    w->sensor_inv[k] = inv < 1e300 ? inv : 0;   /* (a span too thin: one cell) */
  }
  GROW(e, w->sensor_cell, w->cap_sensor_cell, GRID * GRID + 1);
  if (e) return e;
  GROW(e, w->sensor_big, w->cap_sensor_big, nf);
  if (e) return e;
  cell = w->sensor_cell;
  memset(cell, 0, (GRID * GRID + 1) * sizeof *cell);
  memset(w->sensor_cover, 0, sizeof w->sensor_cover);
  w->nsensor_big = 0;
  /* counted by cell (at the next one's start), then placed */
  for (i = 0; i < nf; i++) {
    sensor_box *sb = &w->sensor_boxes[i];
    if (grid_span(w, &sb->b, span) > GRID_BIG) {
      sb->cell = -1;
      w->sensor_big[w->nsensor_big++] = i;
      continue;
    }
    sb->cell = span[2] * GRID + span[0];
    for (j = span[2]; j <= span[3]; j++) {
      for (k = span[0]; k <= span[1]; k++) cell[j * GRID + k + 1]++;
      w->sensor_cover[j] |= grid_bits(span);
    }
    n += grid_span(w, &sb->b, span);
  }
  GROW(e, w->sensor_entry, w->cap_sensor_entry, n);
  if (e) return e;
  for (k = 0; k < GRID * GRID; k++) cell[k + 1] += cell[k];
  for (i = 0; i < nf; i++) {
    const sensor_box *sb = &w->sensor_boxes[i];
    if (sb->cell < 0) continue;
    (void)grid_span(w, &sb->b, span);
    for (j = span[2]; j <= span[3]; j++)
      for (k = span[0]; k <= span[1]; k++) w->sensor_entry[cell[j * GRID + k]++] = i;
  }
  /* (each cell's start moved to the next one's: moved back) */
  for (k = GRID * GRID; k > 0; k--) cell[k] = cell[k - 1];
  cell[0] = 0;
  return 0;
}

#define SENSOR_LEAF 4   /* sensors in a leaf of their hierarchy */

/* Sensor i's centre along axis k, doubled (the order of the centres). */
static double sensor_key(const collide_world *w, int i, int k) {
  const box *b = &w->sensor_boxes[i].b;
  return b->lo[k] + b->hi[k];
}

/* Orders o[lo .. hi] (hi included) so that o[k] is the sensor of the
   k-th smallest key along axis ax, none before it larger, none after it
   smaller (Hoare's selection, the middle one as the pivot). */
static void select_sensor(const collide_world *w, int *o, int lo, int hi, int k, int ax) {
  while (lo < hi) {
    double pivot = sensor_key(w, o[lo + (hi - lo) / 2], ax);
    int i = lo, j = hi;
    while (i <= j) {
      while (sensor_key(w, o[i], ax) < pivot) i++;
      while (sensor_key(w, o[j], ax) > pivot) j--;
      if (i <= j) {
        int t = o[i];
        o[i++] = o[j];
        o[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
}

/* The hierarchy of sensor_boxes[0 .. nf), nf > 0: node 0 the root, each
   node made before its children (its range of sensor_order split at the
   median). 0 or NOMEM. */
static int build_sensors(collide_world *w, int nf) {
  int e, i, j, k, nn = 1;
  GROW(e, w->sensor_order, w->cap_sensor_order, nf);
  if (e) return e;
  GROW(e, w->sensor_nodes, w->cap_sensor_nodes, 2 * nf);   /* (< nf nodes) */
  if (e) return e;
  for (i = 0; i < nf; i++) w->sensor_order[i] = i;
  w->sensor_nodes[0].first = 0;
  w->sensor_nodes[0].count = nf;
  for (i = 0; i < nn; i++) {
    sensor_node *nd = &w->sensor_nodes[i];
    int a = nd->first, n = nd->count, ax = 0;
    double lo[3], hi[3];
    nd->b = w->sensor_boxes[w->sensor_order[a]].b;
    for (k = 0; k < 3; k++) lo[k] = hi[k] = sensor_key(w, w->sensor_order[a], k);
    for (j = a + 1; j < a + n; j++) {
      box_union(&nd->b, &w->sensor_boxes[w->sensor_order[j]].b);
      for (k = 0; k < 3; k++) {
        double c = sensor_key(w, w->sensor_order[j], k);
        if (c < lo[k]) lo[k] = c;
        if (c > hi[k]) hi[k] = c;
      }
    }
    if (n <= SENSOR_LEAF) continue;
    for (k = 1; k < 3; k++)
      if (hi[k] - lo[k] > hi[ax] - lo[ax]) ax = k;
    select_sensor(w, w->sensor_order, a, a + n - 1, a + n / 2, ax);
    w->sensor_nodes[nn].first = a;
    w->sensor_nodes[nn].count = n / 2;
    w->sensor_nodes[nn + 1].first = a + n / 2;
    w->sensor_nodes[nn + 1].count = n - n / 2;
    nd->first = nn;
    nd->count = 0;
    nn += 2;
  }
  if ((e = build_grid(w, &w->sensor_nodes[0].b, nf)) != 0) return e;
  w->sensor_built = nf;
  return 0;
}

/* The events of the fixed sensors (their hierarchy and grid built) with
   the moving shapes (but the planes): a shape of few cells finds them in
   its cells and among the big ones, any other in the hierarchy. 0 or
   NOMEM. */
static int fixed_sensors(collide_world *w) {
  int i, j, k, e, stack[STACK_SIZE];   /* (the depth is log2 nf, below 32) */
  for (i = 0; i < w->nmoving; i++) {
    int xs = w->moving[i], sp = 0, span[4];
    const shape *x = &w->slots[xs];
    box xb;
    if (x->sensor >= 0 || x->kind == COLLIDE_SHAPE_PLANE) continue;
    shape_swept_box(x, &xb);
    if (grid_span(w, &xb, span) <= GRID_BIG) {
      unsigned long long bits = grid_bits(span), seen = 0;
      for (j = span[2]; j <= span[3]; j++) seen |= w->sensor_cover[j] & bits;
      for (j = span[2]; j <= span[3] && seen; j++)
        for (k = span[0]; k <= span[1]; k++) {
          int c = j * GRID + k, at;
          for (at = w->sensor_cell[c]; at < w->sensor_cell[c + 1]; at++) {
            const sensor_box *sb = &w->sensor_boxes[w->sensor_entry[at]];
            int si = sb->cell % GRID, sj = sb->cell / GRID;
            /* (the pair's cell: the corner of both spans) */
            if (k != (si > span[0] ? si : span[0]) || j != (sj > span[2] ? sj : span[2]))
              continue;
            if (boxes_meet(&sb->b, &xb) && (e = advance_pair(w, sb->slot, xs)) < 0) return e;
          }
        }
      for (j = 0; j < w->nsensor_big; j++) {
        const sensor_box *sb = &w->sensor_boxes[w->sensor_big[j]];
        if (boxes_meet(&sb->b, &xb) && (e = advance_pair(w, sb->slot, xs)) < 0) return e;
      }
      continue;
    }
    stack[sp++] = 0;
    while (sp > 0) {
      const sensor_node *nd = &w->sensor_nodes[stack[--sp]];
      if (!boxes_meet(&nd->b, &xb)) continue;
      if (nd->count == 0) {
        stack[sp++] = nd->first;
        stack[sp++] = nd->first + 1;
        continue;
      }
      for (j = nd->first; j < nd->first + nd->count; j++) {
        const sensor_box *sb = &w->sensor_boxes[w->sensor_order[j]];
        if (boxes_meet(&sb->b, &xb) && (e = advance_pair(w, sb->slot, xs)) < 0) return e;
      }
    }
  }
  return 0;
}

int collide__sensor_advance(collide_world *w) {
  int i, j, n, e = 0, nf = 0, same = 1, first = w->nevents;
  /* the fixed sensors (all of them in most games), together; their
     hierarchy made again when they changed (the same slots with the same
     boxes, bit for bit, in the same order keep it) */
  GROW(e, w->sensor_boxes, w->cap_sensor_boxes, w->nsensors);
  for (i = 0; i < w->nsensors && !e; i++) {
    const shape *s = &w->slots[w->sensors[i]];
    sensor_box *sb = &w->sensor_boxes[nf];
    if (s->kind == COLLIDE_SHAPE_PLANE || s->moving >= 0) continue;
    if (nf >= w->sensor_built || sb->slot != w->sensors[i] ||
        /* (bit for bit on purpose: -0 and 0 differ, so a box that
           changed sign is filed again)
           NOLINTNEXTLINE(bugprone-suspicious-memory-comparison,cert-*) */
        memcmp(&sb->b, &s->bounds, sizeof sb->b) != 0)
      same = 0;
    sb->b = s->bounds;
    sb->slot = w->sensors[i];
    nf++;
  }
  if (!e && nf > 0 && (!same || nf != w->sensor_built)) {
    w->sensor_built = 0;
    e = build_sensors(w, nf);
  }
  if (!e && nf > 0) e = fixed_sensors(w);
  for (i = 0; i < w->nsensors && !e; i++) {
    int ss = w->sensors[i];
    const shape *s = &w->slots[ss];
    vec3 vs = s->moving >= 0 ? s->vel : v3(0, 0, 0);
    if (s->kind == COLLIDE_SHAPE_PLANE) {
      /* (no box: every moving shape) */
      for (j = 0; j < w->nmoving && !e; j++) {
        int xs = w->moving[j];
        if (w->slots[xs].sensor < 0) e = advance_pair(w, ss, xs);
      }
      if (s->moving < 0) continue;
      for (j = 0; j < w->nslots && !e; j++)
        if (w->slots[j].id && w->slots[j].sensor < 0 && w->slots[j].moving < 0)
          e = advance_pair(w, ss, j);
      continue;
    }
    if (s->moving < 0) {
      /* (its shapes in the tree above) the moving planes (not in the tree) */
      for (j = 0; j < w->nplanes && !e; j++) {
        int xs = w->planes[j];
        if (w->slots[xs].sensor < 0 && w->slots[xs].moving >= 0) e = advance_pair(w, ss, xs);
      }
      continue;
    }
    /* a moving sensor: every shape whose box over the step its box over
       the step may meet (a query of the hierarchy and the tree) */
    if ((n = candidates(w, &s->bounds, vs, &w->sensor_work, &w->cap_sensor_work)) < 0) {
      e = n;
      break;
    }
    for (j = 0; j < n && !e; j++) {
      int xs = collide__slot_of(w, w->sensor_work[j]);
      const shape *x = &w->slots[xs];
      if (x->sensor >= 0) continue;
      e = advance_pair(w, ss, xs);
    }
    /* the planes (not in the tree) */
    for (j = 0; j < w->nplanes && !e; j++) {
      int xs = w->planes[j];
      if (w->slots[xs].sensor >= 0) continue;
      e = advance_pair(w, ss, xs);
    }
  }
  if (e < 0) {
    w->nevents = first;
    return e;
  }
  if (w->nevents - first > 1)   /* (none: events may still be NULL) */
    qsort(w->events + first, (size_t)(w->nevents - first), sizeof *w->events, cmp_event);
  return 0;
}

/* ---- move_shape ------------------------------------------------------------- */

/* The events of the pair (sensor, shape) of which slot xs moved along
   path (its reference point; ref: that point at its place before the
   move) and slot ys is the other. */
static int path_pair(collide_world *w, int xs, vec3 ref, const collide__path *path,
                     int ys) {
  const shape *x = &w->slots[xs], *y = &w->slots[ys];
  int sensor = x->sensor >= 0 ? x->id : y->id, id = x->sensor >= 0 ? y->id : x->id;
  int k, was = 0, e;
  for (k = 0; k + 1 < path->n; k++) {
    spans sp;
    vec3 d0 = v_sub(path->p[k], ref), d1 = v_sub(path->p[k + 1], ref);
    /* (the shape moved does not turn: move_shape re-places it) */
    int found = pair_spans(x, d0, d1, 0, y, path->t[k], path->t[k + 1], &sp);
    if ((e = stretch_events(w, sensor, id, path->t[k], path->t[k + 1], found, &sp,
                            k == 0, &was)) < 0)
      return e;
  }
  return 0;
}

int collide__sensor_path(collide_world *w, int xs, const collide__path *path) {
  const shape *x = &w->slots[xs];
  collide__mover m;
  vec3 ref;
  box b;
  int i, n, k, e = 0, first = w->nevents;
  if (path->n < 2 || (x->sensor < 0 && w->nsensors == 0)) return 0;
  /* (move_shape moves spheres, boxes, capsules and convex shapes: the
     path is that of the centre, of a convex shape's frame's origin) */
  if (!as_mover(x, &m, &ref)) ref = x->kind == COLLIDE_SHAPE_CONVEX ? x->g.cvx.pos : path->p[0];
  /* the box the shape sweeps over the whole path */
  b = x->bounds;
  for (k = 0; k < path->n; k++) {
    vec3 d = v_sub(path->p[k], ref);
    int j;
    for (j = 0; j < 3; j++) {
      double lo = x->bounds.lo[j] + vc(&d, j), hi = x->bounds.hi[j] + vc(&d, j);
      if (lo < b.lo[j]) b.lo[j] = lo;
      if (hi > b.hi[j]) b.hi[j] = hi;
    }
  }
  /* (the ids in the world's scratch, kept from call to call) */
  if ((n = candidates(w, &b, v3(0, 0, 0), &w->sensor_work, &w->cap_sensor_work)) < 0)
    return n;
  for (i = 0; i < n && !e; i++) {
    int ys = collide__slot_of(w, w->sensor_work[i]);
    if (ys == xs || (w->slots[ys].sensor >= 0) == (x->sensor >= 0)) continue;
    e = path_pair(w, xs, ref, path, ys);
  }
  for (i = 0; i < w->nplanes && !e; i++) {
    int ys = w->planes[i];
    if ((w->slots[ys].sensor >= 0) == (x->sensor >= 0)) continue;
    e = path_pair(w, xs, ref, path, ys);
  }
  if (e < 0) {
    w->nevents = first;
    return e;
  }
  if (w->nevents - first > 1)   /* (none: events may still be NULL) */
    qsort(w->events + first, (size_t)(w->nevents - first), sizeof *w->events, cmp_event);
  return 0;
}
