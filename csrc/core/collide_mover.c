/*
 * collide_mover.c -- one mover for every shape: collide-and-slide over a
 * world (sweep, respond, repeat within the step), per-shape responses, and
 * the character controller around it (step up, snap down, slopes, ground).
 *
 * The mover's shape appears in exactly one place, mover_sweep; everything
 * else works on positions, contact normals and the up direction, so a
 * sphere, a box, a capsule and a convex shape share every line of the loop
 * below.
 */
#include "collide_world_internal.h"
#include "collide_turning.h"

void collide_move_options_init(collide_move_options *o) {
  memset(o, 0, sizeof *o);
  o->max_iterations = 4;
  o->response = COLLIDE_RESPONSE_SLIDE;
  o->restitution = 1;
  o->use_up = 0;
  o->up = v3(0, 1, 0);
  o->max_slope = 0.78539816339744830962; /* pi / 4 */
  o->skin = 0;
  o->velocity = v3(0, 0, 0);
  o->carry = 1;
  o->mask = -1;
  o->max_push = -1;
}

#define MAX_PLANES 8   /* surfaces remembered for the crease rule */
#define MAX_SKIP 64    /* shapes a move ignores or crosses */
#define PUSH_ROUNDS 8  /* rounds of being pushed after max_iterations */
#define MAX_TIES 8     /* shapes looked at for one moment of contact */
#define PUSH_CONTACTS 24  /* shapes a push-out lists */

/* The state of one move. */
typedef struct move_state {
  collide_world *w;
  const collide_mover *shape;
  collide__mover mv;        /* the shape as the queries take it */
  const collide_move_options *o;
  collide_move_filter filter;
  void *ctx;
  int self;                 /* the world shape that is the mover
                               (collide_world_move_shape), which no sweep
                               of the move sees; 0 for none */
  int use_up;
  vec3 up;                  /* unit */
  double cos_slope;
  double skin, approach;
  double step_max;          /* the highest step climbed: step_height, or a
                               few skins (see step_candidate) */
  double max_speed;         /* of the fastest moving shape */
  double t0;                /* the moment in the step the sweeps start */
  int skip[MAX_SKIP], nskip;  /* ignored or crossed, for the rest of the move */
  int tmp[MAX_TIES], ntmp;    /* passed over by one look-up only */
  collide_contact *contacts;
  int cap, nc;
  collide__tie ties[MAX_TIES];  /* the last sweep's other contacts at the
                                   moment of its first (every contact) */
  int nties;
  double tie_dist;          /* how close that is: along the motion */
  vec3 from;                /* where the move started (after push-out) */
  int opt_arg;              /* the options' argument position */
  double lift;              /* the most a walkable spinning shape's push
                               kept the mover off its face for the turn's
                               bulge (spin_bulge), which settle takes back */
} move_state;

static int listed(const int *list, int n, int id) {
  int i;
  for (i = 0; i < n; i++)
    if (list[i] == id) return 1;
  return 0;
}

/* The world filter of every sweep of a move: the shapes set aside. */
static int skip_filter(void *ctx, int id) {
  const move_state *m = (const move_state *)ctx;
  return !listed(m->skip, m->nskip, id) && !listed(m->tmp, m->ntmp, id);
}

/* The mover's shape as the queries take it (made once, in world_move:
   a convex mover's matrix and box are computed there). */
static collide__mover mover_shape(const move_state *m) {
  return m->mv;
}

/* The public mover as the queries take it: 0, or the reason a convex
   mover's rotation is refused. */
static int make_mover(const collide_mover *s, collide__mover *mv) {
  if (s->kind == COLLIDE_MOVER_CONVEX) return collide__convex_mover(mv, s->hull, &s->rot);
  memset(mv, 0, sizeof *mv);
  mv->r = s->r;
  mv->e = s->extents;
  mv->axis = s->axis;
  mv->kind = s->kind == COLLIDE_MOVER_AABB ? MOVER_AABB
           : s->kind == COLLIDE_MOVER_CAPSULE ? MOVER_CAPSULE : MOVER_SPHERE;
  return 0;
}

/* Every contact: the sweep of q lists the other shapes touched within
   tie_dist (along its motion) of its first contact into m->ties. */
static void list_ties(move_state *m, query *q) {
  double len = v_len(q->d);
  m->nties = 0;
  if (len <= 0) return;
  q->ties = m->ties;
  q->cap_ties = MAX_TIES;
  q->tie_u = m->tie_dist / len;
}

/* The first contact of the mover's shape moving from c0 to c1 against
   every shape at its place plus u * its velocity (surfaces it moves along
   or away from, relative to them, excepted: see the loop): 1 (*h, *id), 0,
   or <0. The one place that knows the mover's shape. */
static int mover_sweep(move_state *m, const vec3 *c0, const vec3 *c1,
                       collide_hit *h, int *id) {
  collide__mover mv = mover_shape(m);
  query q;
  int e;
  collide__query_init_mover(&q, Q_SWEEP, &mv, c0, c1);
  q.mask = m->o->use_mask ? m->o->mask : -1;
  q.approach = m->approach;
  q.t0 = m->t0;
  q.skip_id = m->self;
  if (m->nskip > 0 || m->ntmp > 0) {
    q.filter = skip_filter;
    q.ctx = m;
  }
  list_ties(m, &q);
  hit_clear(h);
  *id = 0;
  e = collide__query_run(m->w, &q);
  m->nties = q.nties;
  if (e < 0) return e;
  if (!q.found) return 0;
  *h = q.best;
  *id = q.best_id;
  return 1;
}

/* A one-way shape (the filter's "oneway") met with contact normal n:
   slide when the mover was clear of it where the move started and meets
   it from up (n.up > 0), else ignore; <0 without up. "Clear" is touching
   at most (a hundredth of the skin of overlap is rounding). */
static int oneway(move_state *m, int id, const vec3 *n) {
  collide__mover mv = mover_shape(m);
  collide_penetration p;
  collide_hit h;
  if (!m->use_up) return COLLIDE_FAIL(m->opt_arg, COLLIDE_E_ONEWAY_UP);
  if (!(v_dot(*n, m->up) > 0)) return COLLIDE_RESPONSE_IGNORE;
  if (collide__penetration_slot(m->w, collide__slot_of(m->w, id), &mv, &m->from, &h, &p) &&
      p.depth > 0.01 * m->skin)
    return COLLIDE_RESPONSE_IGNORE;
  return COLLIDE_RESPONSE_SLIDE;
}

/* mover_sweep, then the move's filter for the shape met: 1 with its
   response in *resp (never IGNORE: an ignored shape is set aside for the
   rest of the move and the sweep runs again), 0, or <0. When MAX_SKIP
   shapes have been set aside, another one to ignore stops the mover
   (*resp = STOP) rather than pass through it unrecorded. */
static int sweep(move_state *m, const vec3 *c0, const vec3 *c1, collide_hit *h,
                 int *id, int *resp) {
  for (;;) {
    int e = mover_sweep(m, c0, c1, h, id), r;
    if (e <= 0) return e;
    *resp = COLLIDE_RESPONSE_DEFAULT;
    if (!m->filter) return 1;
    r = m->filter(m->ctx, *id, &h->normal);
    if (r < 0) return r;
    if (r > COLLIDE_RESPONSE_ONEWAY) r = COLLIDE_RESPONSE_DEFAULT;
    if (r == COLLIDE_RESPONSE_ONEWAY && (r = oneway(m, *id, &h->normal)) < 0) return r;
    if (r != COLLIDE_RESPONSE_IGNORE) {
      *resp = r;
      return 1;
    }
    if (m->nskip == MAX_SKIP) {
      *resp = COLLIDE_RESPONSE_STOP;
      return 1;
    }
    m->skip[m->nskip++] = *id;
  }
}

static int walkable(const move_state *m, vec3 n) {
  return m->use_up && v_dot(n, m->up) >= m->cos_slope;
}

/*
 * The normal of the surface the contact h with shape id lies on, for
 * deciding what is ground (as Jolt's CharacterVirtual judges slopes by the
 * surface normal, not the contact normal): a mover resting on the edge of
 * a step has a contact normal tilted toward its centre, yet it stands on
 * the step's top. A triangle's or polygon's face normal on the mover's
 * side (unless the contact normal lies in the face's plane: the 2D rule,
 * an obstacle in the plane of motion, whose normals are in that plane);
 * for an edge or corner of a box, of the faces the point lies on and the
 * mover is on the outer side of, the one nearest up; else the contact
 * normal.
 */
/* The world filter of covered(): other fixed boxes the move has not set
   aside for good (a seam is between boxes; a sphere, a moving shape, a
   sensor or a shape the move passes through covers nothing; the shapes one look-up
   passes over, m->tmp, still cover). */
typedef struct cover_ctx { const move_state *m; int box; } cover_ctx;
static double mover_size(const collide__mover *s);
static double largest(vec3 v);
static void set_vc(vec3 *v, int k, double x) {
  if (k == 0) v->x = x;
  else if (k == 1) v->y = x;
  else v->z = x;
}
static int cover_filter(void *ctx, int id) {
  const cover_ctx *c = (const cover_ctx *)ctx;
  const collide_world *w = c->m->w;
  const shape *s;
  if (id == c->box || id == c->m->self || listed(c->m->skip, c->m->nskip, id)) return 0;
  s = &w->slots[collide__slot_of(w, id)];
  /* (a sensor covers nothing: it blocks no mover, so the face beside it
     is still a surface) */
  return s->kind == COLLIDE_SHAPE_AABB && s->moving < 0 && s->sensor < 0;
}

/* Whether face k, side sg, of box id (centre c, extents e) is covered by
   another shape next to the point p of its rim: the point a little
   outside the face and a little inside its rim is in another shape. Then
   the face there is a seam between two boxes (tiles, w:add_tiles's merged
   rectangles: issue 29), not a surface, and a mover sliding past the seam
   over the neighbour's face must not stand on it (a ghost contact, as
   Box2D's chain shapes' ghost vertices avoid). delta: far below any
   feature of a level, far above the tolerance p is on the rim within. */
static int covered(const move_state *m, int id, const vec3 *c, const vec3 *e,
                   int k, int sg, const vec3 *p, double tol) {
  cover_ctx cc;
  double delta = 1e-6 * mover_size(&m->mv) + 4 * tol;
  vec3 q = *p, fn = v3(0, 0, 0);
  int j, k2, n, rim = 0, ids[4];
  cc.m = m;
  cc.box = id;
  set_vc(&q, k, vc(&q, k) + sg * delta);
  for (j = 0; j < 3; j++) {
    double lo = vc(c, j) - vc(e, j), hi = vc(c, j) + vc(e, j);
    if (j == k || vc(e, j) == 0) continue;   /* (flat: no rim that way) */
    if (fabs(vc(p, j) - lo) <= tol) set_vc(&q, j, lo + delta);
    else if (fabs(vc(p, j) - hi) <= tol) set_vc(&q, j, hi - delta);
    else continue;
    rim = 1;
  }
  /* (inside the face, not on its rim: a surface) */
  if (!rim) return 0;
  n = collide_world_overlap_point(m->w, &q, cover_filter, &cc, ids, 4);
  if (n > 4) n = 4;
  if (n <= 0 || !m->filter) return n > 0;
  /* a neighbour the move's filter lets the mover pass (or treats as
     one-way) covers nothing either: asked as a contact on this face */
  set_vc(&fn, k, sg);
  for (k2 = 0; k2 < n; k2++) {
    int r = m->filter(m->ctx, ids[k2], &fn);
    if (r >= 0 && r != COLLIDE_RESPONSE_CROSS && r != COLLIDE_RESPONSE_IGNORE &&
        r != COLLIDE_RESPONSE_ONEWAY)
      return 1;
  }
  return 0;
}

/* The normal of contact h with shape id, seams aside: when h is on a
   face of a box (normal along an axis) at the face's rim, and that part
   of the face is covered by another shape (covered), the box is touched
   across a seam -- a mover sliding down a wall of stacked boxes, or along
   a floor of boxes side by side, at the corner where one box meets the
   next -- and the contact is the face on the rim's side, the surface the
   mover actually slides on. Else h's normal. */
static vec3 seam_normal(const move_state *m, int id, const collide_hit *h) {
  const collide_world *w = m->w;
  const shape *s = &w->slots[collide__slot_of(w, id)];
  const vec3 *c, *e;
  double tol;
  int k, j;
  if (s->kind != COLLIDE_SHAPE_AABB) return h->normal;
  c = &s->g.aabb.center;
  e = &s->g.aabb.extents;
  tol = 1e-9 * (1 + max_abs3(c) + max_abs3(e));
  for (k = 0; k < 3; k++) {
    int sg = vc(&h->normal, k) > 0 ? 1 : -1;
    if (fabs(vc(&h->normal, k)) < 1 - 1e-9) continue;
    if (fabs(vc(&h->point, k) - (vc(c, k) + sg * vc(e, k))) > tol) return h->normal;
    if (!covered(m, id, c, e, k, sg, &h->point, tol)) return h->normal;
    for (j = 0; j < 3; j++) {
      vec3 f = v3(0, 0, 0);
      if (j == k || vc(e, j) == 0) continue;
      if (fabs(vc(&h->point, j) - (vc(c, j) - vc(e, j))) <= tol) set_vc(&f, j, -1);
      else if (fabs(vc(&h->point, j) - (vc(c, j) + vc(e, j))) <= tol) set_vc(&f, j, 1);
      else continue;
      return f;
    }
  }
  return h->normal;
}

static vec3 surface_normal(const move_state *m, int id, const collide_hit *h) {
  const collide_world *w = m->w;
  const shape *s = &w->slots[collide__slot_of(w, id)];
  vec3 n = seam_normal(m, id, h), f;
  switch (s->kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    f = v_normalize(v_cross(v_sub(s->g.tri.b, s->g.tri.a),
                            v_sub(s->g.tri.c, s->g.tri.a)));
    break;
  case COLLIDE_SHAPE_POLYGON:
    f = s->g.poly.plane.normal;
    break;
  case COLLIDE_SHAPE_AABB: {
    const vec3 *c = &s->g.aabb.center, *e = &s->g.aabb.extents;
    double best = -2, tol = 1e-9 * (1 + max_abs3(c) + max_abs3(e));
    int k, sg;
    /* (the point, not the feature: a face of the mover may meet the
       box's edge, reported as the mover's feature by some sweeps) */
    if (!m->use_up) return n;
    for (k = 0; k < 3; k++)
      for (sg = -1; sg <= 1; sg += 2) {
        vec3 fn = v3(k == 0 ? sg : 0, k == 1 ? sg : 0, k == 2 ? sg : 0);
        double face = vc(c, k) + sg * vc(e, k);
        if (fabs(vc(&h->point, k) - face) <= tol && v_dot(fn, n) > 0 &&
            v_dot(fn, m->up) > best && !covered(m, id, c, e, k, sg, &h->point, tol)) {
          best = v_dot(fn, m->up);
          f = fn;
        }
      }
    return best > -2 ? f : n;
  }
  default:
    return n;
  }
  if (fabs(v_dot(f, n)) <= 1e-6) return n;
  return v_dot(f, n) < 0 ? v_neg(f) : f;
}

/* Lists contact h with shape id at the moment u (never before the last
   one listed), in the order by u then id; a shape already listed at that
   moment is not listed again (a round that meets, at u = 0, a shape the
   round before listed as touched at the same moment). */
static collide_contact *record(move_state *m, int id, const collide_hit *h,
                               double u) {
  int i, n = m->nc < m->cap ? m->nc : m->cap;
  collide_contact *c;
  for (i = n; i > 0 && m->contacts[i - 1].u == u; i--)
    if (m->contacts[i - 1].id == id) return NULL;
  if (m->nc >= m->cap) {
    m->nc++;
    return NULL;
  }
  for (i = n; i > 0 && m->contacts[i - 1].u == u && m->contacts[i - 1].id > id; i--) {}
  memmove(&m->contacts[i + 1], &m->contacts[i], (size_t)(n - i) * sizeof *m->contacts);
  c = &m->contacts[i];
  c->id = id;
  c->feature = h->feature;
  c->u = u;
  c->point = h->point;
  c->normal = h->normal;
  c->depth = 0;
  c->stuck = 0;
  m->nc++;
  return c;
}

/* Every contact: lists h (shape id) at u, and every other shape the last
   sweep touched at that moment (m->ties) that the filter does not set
   aside: ignored and one-way shapes that do not block join the shapes set
   aside; crossed ones are listed (they are contacts), and set aside only
   by the round that meets them first. 0 or <0. */
static int record_all(move_state *m, int id, const collide_hit *h, double u) {
  collide__tie ties[MAX_TIES];
  int i, n = m->nties, r;
  record(m, id, h, u);
  memcpy(ties, m->ties, (size_t)n * sizeof *ties);
  for (i = 0; i < n; i++) {
    if (m->filter) {
      if ((r = m->filter(m->ctx, ties[i].id, &ties[i].h.normal)) < 0) return r;
      if (r > COLLIDE_RESPONSE_ONEWAY) r = COLLIDE_RESPONSE_DEFAULT;
      if (r == COLLIDE_RESPONSE_ONEWAY &&
          (r = oneway(m, ties[i].id, &ties[i].h.normal)) < 0)
        return r;
      if (r == COLLIDE_RESPONSE_IGNORE) {
        if (m->nskip < MAX_SKIP) m->skip[m->nskip++] = ties[i].id;
        continue;
      }
    }
    record(m, ties[i].id, &ties[i].h, u);
  }
  return 0;
}

/* The velocity of shape id (zero for a fixed one). */
static vec3 shape_velocity(const move_state *m, int id) {
  collide_vec3 v = {0, 0, 0};
  if (m->w->nmoving > 0) (void)collide_world_velocity(m->w, id, &v);
  return v;
}

/* The velocity of the point p of shape id at the moment tau of the step:
   its velocity, plus its turn's at p for a spinning convex shape. */
static vec3 point_velocity(const move_state *m, int id, vec3 p, double tau) {
  int s = collide__slot_of(m->w, id);
  if (s >= 0 && SHAPE_SPINS(&m->w->slots[s]))
    return collide__spin_velocity(&m->w->slots[s], p, tau);
  return shape_velocity(m, id);
}

/* How far the point p of shape id (at the moment tau) moves from tau to
   the end of the step: (1 - tau) times its velocity, or its place at 1
   less p for a spinning convex shape. */
static vec3 rest_motion(const move_state *m, int id, vec3 p, double tau) {
  int s = collide__slot_of(m->w, id);
  if (s >= 0 && SHAPE_SPINS(&m->w->slots[s]))
    return collide__spin_motion(&m->w->slots[s], p, tau);
  return v_scale(shape_velocity(m, id), 1 - tau);
}

/* How far a shape id that pushes the mover at pos along n (from it toward
   the mover) moves it over the rest of the step from the moment tau: its
   rest_motion at the contact point p. For a spinning convex shape, that
   motion plus, along the face's normal turned with it (nt), what keeps
   the mover as far from the turned face as it is from the face now: a
   point carried rigidly keeps its distance to the face, but the mover
   does not turn, so its nearest point along -nt is not the one along -n:
   k = min over the mover's points x of (x - p).n less the same along nt,
   from its support function (mover_support). Then the turn's bulge: a
   mover moved straight along the chord while the face turns along its
   arc comes nearer it between the two ends, by at most turn^2 rho / 8 at
   half the step for a point rho from the turning axis (to second order
   in the turn: the distance from a chord's midpoint to its arc); it is
   kept away by twice that, so the straight push never meets the face on
   the way. (Measured along n alone -- the largest along n of the motions
   of the mover's nearest points -- a ball moved as its nearest point
   lost r (1 - cos turn) each step, 2.5e-5 of a 0.5 ball on a plank
   rocking 0.01 a step: in two steps it touched, the face turning into it
   was met round after round a few tenths of the skin ahead, where
   stopping short went back before the start, and the plank ended 1 cm
   into it; a capsule standing on the plank was pushed as its upper end
   moves, millimetres off the face, and never stood on it.) */
static double mover_support(const move_state *m, vec3 d);
static double mover_half_size(const collide__mover *s);

/* Whether shape id is a spinning convex shape. */
static int spins(const move_state *m, int id) {
  int s = collide__slot_of(m->w, id);
  return s >= 0 && SHAPE_SPINS(&m->w->slots[s]);
}

/* The turn's bulge for a mover at pos pushed by the spinning shape id
   over the rest of the step from tau (push_motion): twice turn^2 rho / 8,
   rho the farthest the mover reaches from the shape's origin; 0 for a
   shape that does not spin. */
static double spin_bulge_to(const move_state *m, int id, vec3 pos, double tau, double t1) {
  int s = collide__slot_of(m->w, id);
  const shape *sh;
  double turn, rho;
  if (s < 0 || !SHAPE_SPINS(&m->w->slots[s])) return 0;
  sh = &m->w->slots[s];
  turn = collide__spin_angle(&sh->g.cvx.c->spin, NULL) * (t1 - tau);
  if (!(turn > 0)) return 0;
  rho = v_len(v_sub(pos, v_madd(sh->g.cvx.pos, sh->vel, tau))) + mover_half_size(&m->mv);
  return 0.25 * turn * turn * rho;
}
static double spin_bulge(const move_state *m, int id, vec3 pos, double tau) {
  return spin_bulge_to(m, id, pos, tau, 1);
}
/* How far along n a mover at pos must go over the rest of the step (up
   to the moment t1: push_motion's piece) for each of its points nearest
   the spinning shape in slot s (a box's or a convex mover's corners, a
   capsule's ends and a sphere's centre, less r n_e: the round mover's
   point nearest the face where it ends, r (1 - n_e.n) in front of the
   face now, so it ends that far in front; with r n, the ball ended
   r (1 - cos t) inside the face, met again at half the time left round
   after round: a blade turning 3.1 a step left a ball 0.006 inside) to
   be in front of the face where the face ends, the face with
   normal n at p: for a point x carried by d, the push s along n with
   n_e.(x + s n) >= n_e.(x + d), s = n_e.d / n_e.n, n_e the normal turned
   by the rest of the spin (the motion is rigid: the difference of two
   points' places at the end is their difference turned). The mover goes
   there at a constant rate while the face turns into it: about a pivot in
   the face's plane the face's reach along n at the fraction l of the turn
   t is r tan(l t), convex in l, so the straight push to r tan(t) stays in
   front of it all the way, where the chord r sin(t) falls behind it at
   once and the face meets the mover again and again, round after round,
   until the rounds run out with the mover inside (a blade turning 0.3 a
   step past a ball at rest). Only for a turn left of less than 60
   degrees (n_e.n >= 1/2); at least the largest along n of the points'
   own motions. */
#define FAST_TURN 0.2   /* radians left of the step: push_motion */
#define PUSH_TURN 0.5  /* radians: push_motion's pieces (push_ahead: < pi/3) */

static double push_ahead(const move_state *m, int s, vec3 pos, vec3 p, vec3 n, double tau,
                         double t1) {
  const shape *sh = &m->w->slots[s];
  collide__mover mv = mover_shape(m);
  vec3 pts[COLLIDE_MAX_CONVEX_POINTS], ne, d0;
  double ce, need, r;
  int k, np;
  d0 = collide__spin_motion_to(sh, p, tau, t1);
  ne = v_sub(v_add(n, collide__spin_motion_to(sh, v_add(p, n), tau, t1)), d0);
  /* its nearest points: its corners, or its centre or ends less r along
     the turned normal */
  np = collide__mover_points(&mv, pos, pts, &r);
  ce = v_dot(ne, n);
  need = v_dot(d0, n);
  for (k = 0; k < np; k++) {
    vec3 x = r > 0 ? v_madd(pts[k], ne, -r) : pts[k];
    vec3 d = collide__spin_motion_to(sh, x, tau, t1);
    if (v_dot(d, n) > need) need = v_dot(d, n);
    if (ce >= 0.5 && v_dot(ne, d) / ce > need) need = v_dot(ne, d) / ce;
  }
  return need;
}

static vec3 push_motion(const move_state *m, int id, vec3 p, vec3 pos, vec3 n,
                        double tau) {
  int s = collide__slot_of(m->w, id);
  const shape *sh;
  vec3 best, nt;
  double k, turn, t1 = 1;
  if (s < 0 || !SHAPE_SPINS(&m->w->slots[s])) return rest_motion(m, id, p, tau);
  sh = &m->w->slots[s];
  turn = collide__spin_angle(&sh->g.cvx.c->spin, NULL) * (1 - tau);
  /* More than PUSH_TURN left to turn: the push for the piece of the rest
     up to the moment t1 the face has turned PUSH_TURN, at the rate that
     takes it there by t1 (below) */
  if (turn > PUSH_TURN) t1 = tau + (1 - tau) * (PUSH_TURN / turn);
  best = collide__spin_motion_to(sh, p, tau, t1);
  /* n turned as the shape turns over the piece: the motion of p + n less
     that of p, added to n */
  nt = v_normalize(v_add(n, v_sub(collide__spin_motion_to(sh, v_add(p, n), tau, t1), best)));
  if (v_len2(nt) == 0) return best;
  k = v_dot(v_sub(pos, p), v_sub(n, nt)) - mover_support(m, v_neg(n)) +
      mover_support(m, v_neg(nt));
  best = v_madd(best, nt, k + spin_bulge_to(m, id, pos, tau, t1));
  /* Unless the face is ground the mover stands on turning slowly, and
     along n at least what puts each of the mover's nearest points in
     front of the face where it ends, straight (push_ahead): the bulge is
     a bound to second order in the turn, and a blade turning 0.3 to 1 a
     step past a mover at rest met it again round after round until the
     rounds ran out with it up to 0.3 inside; a turntable's side turning
     0.03 a step left a capsule beside it 0.01 inside. Not for walkable
     ground turning less than FAST_TURN left of the step: the push along n
     lifts a mover standing on a rocking plank off it (100 of 120 frames
     in the air without snap). */
  if (!walkable(m, n) || turn > FAST_TURN) {
    k = push_ahead(m, s, pos, p, n, tau, t1) - v_dot(best, n);
    if (k > 0) best = v_madd(best, n, k);
  }
  /* A piece: the round's motion spans the rest of the step, tau .. 1, so
     the push is made at the rate that puts the mover there at t1, and
     goes on at that rate: the face, still turning, meets it again after
     t1 (its reach r tan(l t) grows faster than the straight line), and
     the next round pushes it from there for the next piece. A straight
     push cannot stay ahead of a face with more than 60 degrees left to
     turn (push_ahead: n_e.n < 1/2, and r tan(t) is unbounded at 90);
     a blade turning 1.5 to 3.1 a step passed through movers at rest. */
  if (t1 < 1) best = v_scale(best, (1 - tau) / (t1 - tau));
  return best;
}

/* Where a mover moving from p toward p + d in this round stops for a
   contact at u with normal n with shape id: short of it by the skin
   measured along n in the motion relative to the shape over the round
   (d' = d - (1 - t0) * its velocity: the round spans the moments t0 .. 1
   of the step), u' = u - skin / (-d'.n), never before p -- every point of
   the sweep before u is free, so the result is free. *when is u' (at least
   0): the moment of the round the mover is there, which a shape coming at
   a mover at rest makes later than its start. A step shorter than a
   hundredth of the skin is rounding and is not taken (*moved = 0, else
   u'): a mover at rest stays bit-for-bit where it is. */
static vec3 stop_short_at(const move_state *m, vec3 p, vec3 d, double u,
                          vec3 n, int id, vec3 pt, double *moved, double *when) {
  vec3 rel = v_madd(d, point_velocity(m, id, pt, m->t0 + u * (1 - m->t0)), -(1 - m->t0));
  double dn = v_dot(rel, n);
  if (dn < 0) u -= m->skin / -dn;
  *moved = 0;
  *when = u > 0 ? u : 0;
  if (u * v_len(d) > 0.01 * m->skin) {
    *moved = u;
    return v_madd(p, d, u);
  }
  return p;
}

static vec3 stop_short(const move_state *m, vec3 p, vec3 d, double u, vec3 n,
                       int id, vec3 pt) {
  double moved, when;
  return stop_short_at(m, p, d, u, n, id, pt, &moved, &when);
}

/* A sweep from p by d that stops short of whatever blocks it (crossed
   shapes are passed over, not reported): the position reached. 0 or <0;
   *blocked says whether something was met. */
static int sweep_to(move_state *m, vec3 p, vec3 d, vec3 *out, collide_hit *h,
                    int *id, int *blocked) {
  vec3 end = v_add(p, d);
  int e, resp, k;
  *blocked = 0;
  *out = end;
  m->ntmp = 0;
  for (k = 0; k < MAX_TIES; k++) {
    e = sweep(m, &p, &end, h, id, &resp);
    if (e < 0) return e;
    if (e == 0) break;
    if (resp == COLLIDE_RESPONSE_CROSS) {
      m->tmp[m->ntmp++] = *id;
      continue;
    }
    *blocked = 1;
    *out = stop_short(m, p, d, h->u, h->normal, *id, h->point);
    break;
  }
  if (k == MAX_TIES) {       /* crowded with crossable shapes: stay */
    *blocked = 1;
    *out = p;
  }
  m->ntmp = 0;
  return 0;
}

/* How fast (per step, along up) the surface of shape id met by the
   contact h rises under a point that does not move across up: the
   surface's point velocity v at the contact, along its normal n, over
   n.up (a plane moving by v rises by v.n / n.up where it is crossed by a
   line along up). On a flat top that is v.up; under a tilted face the
   face's motion across up counts too -- a turning plank's face at a box's
   corner sinks by its velocity's part along up and by its sweep sideways
   times the tilt, and the part across up alone took a box resting a skin
   above the sinking face for one a few tenths of a millimetre above it:
   not on the ground. A normal (nearly) across up: v.up. */
static double surface_rise(const move_state *m, int id, const collide_hit *h) {
  vec3 v = point_velocity(m, id, h->point, h->u);
  double nu = v_dot(h->normal, m->up);
  if (nu <= 1e-6) return v_dot(v, m->up);
  return v_dot(v, h->normal) / nu;
}

/*
 * The walkable surface under the mover at p, within dist along -up: 1
 * (*g, *gid, *sn its surface normal, *gap the distance down to it), 0, or
 * <0. at_end: with every shape where it is at the end of the step (place +
 * velocity), else at the start (its place). Only the first moment of
 * contact counts (the mover cannot stand on what lies under another
 * surface), but every shape touched at that moment does, to within a
 * hundredth of the skin: where a stair's riser and tread meet at an edge,
 * either may come first.
 *
 * The probe starts `above` p, so that ground the mover merely touches
 * (gap 0: contact is closed) is met at u > 0 and told apart from a shape
 * the mover is in, which a sweep meets at u = 0 (a probe from p itself
 * would take the ground under a mover resting exactly on it for such a
 * shape). Moving shapes: the world sweeps each shape from its place (u = 0)
 * to place + velocity (u = 1), relative to the mover. At the start the
 * probe starts 2 dist above p and goes down further by the fastest shape's
 * speed S over cos(max_slope), so a platform sinking faster than dist is
 * still met (a tilted face sinks under a point faster than its points
 * move); the gap closed relative to a shape whose surface rises by vy
 * under the probe (surface_rise) is u (span + vy), from a separation of
 * gap + above. At the end, every shape is held at its
 * end place (the sweeps' t0 = 1: the relative motion is then the probe's
 * own, along -up, whatever the shapes' velocities), and the probe starts
 * S + 2 dist above p and ends dist below it: a contact at u <= 1 is a shape
 * within dist under p at its end place, at the gap u span - above. (Swept
 * over the step instead, relative to the shape, a shape moving across up
 * was met where it was during the probe, not where it ends: under a
 * tilted face -- a turned box resting on a platform's edge -- the gap then
 * differed from the one at the end by the shape's motion times the tilt,
 * and a mover clear of the platform was taken to be in it and snapped
 * down through it.)
 */
static int probe(move_state *m, vec3 p, double dist, int at_end,
                 collide_hit *g, int *gid, vec3 *sn, double *gap) {
  double S = m->max_speed, above, span, gap0 = 0, t0 = m->t0;
  vec3 c0, c1;
  int e = 0, k, id, resp, first = 1;
  collide_hit h;
  if (at_end) m->t0 = 1;
  /* (at the start: walkable ground tilted up to max_slope sinks under a
     point that keeps still across up by up to its speed over n.up: a
     rocking plank's face under a box's corner) */
  if (!at_end) S /= m->cos_slope > 0.25 ? m->cos_slope : 0.25;
  above = 2 * dist + (at_end ? S : 0);
  span = above + dist + (at_end ? 0 : S);
  c0 = v_madd(p, m->up, above);
  c1 = v_madd(c0, m->up, -span);
  m->ntmp = 0;
  for (k = 0; k < MAX_TIES; k++) {
    double vy, gk;
    e = sweep(m, &c0, &c1, &h, &id, &resp);
    if (e <= 0) break;
    vy = at_end ? 0 : surface_rise(m, id, &h);
    gk = h.u * (span + vy) - above;
    if (gk > dist) {
      e = 0;
      break;
    }
    /* a shape the mover is already in (as when jumping up through a
       one-way platform) is not under it */
    if (resp != COLLIDE_RESPONSE_CROSS && h.u > 0 && gk >= -m->skin) {
      if (!first && gk - gap0 > 0.5 * m->skin) {
        e = 0;
        break;
      }
      if (first) gap0 = gk;
      first = 0;
      *sn = surface_normal(m, id, &h);
      if (walkable(m, *sn)) {
        *g = h;
        *gid = id;
        *gap = gk;
        m->ntmp = 0;
        m->t0 = t0;
        return 1;
      }
    }
    m->tmp[m->ntmp++] = id;
    e = 0;
  }
  m->ntmp = 0;
  m->t0 = t0;
  return e < 0 ? e : 0;
}

/* A walkable surface touched at the same moment as the contact h (shape
   id) of the sweep p -> p + d, when h itself is not walkable: 1 (*g, *gid),
   0, or <0. */
static int walkable_tie(move_state *m, vec3 p, vec3 d, const collide_hit *h,
                        int id, collide_hit *g, int *gid, vec3 *sn) {
  vec3 end = v_add(p, d);
  double len = v_len(d);
  int e = 0, k, resp;
  m->ntmp = 0;
  m->tmp[m->ntmp++] = id;
  for (k = 1; k < MAX_TIES; k++) {
    e = sweep(m, &p, &end, g, gid, &resp);
    if (e <= 0) break;
    if ((g->u - h->u) * len > 0.5 * m->skin) {
      e = 0;
      break;
    }
    if (resp != COLLIDE_RESPONSE_CROSS &&
        walkable(m, *sn = surface_normal(m, *gid, g))) {
      m->ntmp = 0;
      return 1;
    }
    m->tmp[m->ntmp++] = *gid;
    e = 0;
  }
  m->ntmp = 0;
  return e < 0 ? e : 0;
}

/* How far the mover reaches from its centre along the unit direction d:
   its support (a box: sum |e_k d_k|; a capsule: r + |axis.d|; a convex
   shape: max over its turned corners of v.d, about its frame's origin --
   the only mover that is not centrally symmetric, so the callers say
   which way they mean). */
static double mover_support(const move_state *m, vec3 d) {
  const collide_mover *s = m->shape;
  switch (s->kind) {
  case COLLIDE_MOVER_AABB:
    return fabs(s->extents.x * d.x) + fabs(s->extents.y * d.y) +
           fabs(s->extents.z * d.z);
  case COLLIDE_MOVER_CAPSULE:
    return s->r + fabs(v_dot(s->axis, d));
  case COLLIDE_MOVER_CONVEX:
    return collide__convex_support(&m->mv, d);
  default:
    return s->r;
  }
}

/*
 * The point of the mover at p that a spinning shape it stands on, of
 * surface normal sn at its foot, carries it by (carry): the mover is
 * translated by that point's motion under the shape's turn over the step
 * (collide__spin_motion), so the point keeps its place in the shape's
 * frame exactly -- the same place along the face, the same distance from
 * it -- and a rider carried by it comes back to the same place each
 * period of a rocking plank, to rounding. Which point: the mover's part
 * that touches the face, as the face turns under it --
 * - a box's corner, a convex mover's corner of least height along sn (to
 *   a relative 1e-9 of its size); where a flat part of it lies along the
 *   face (a box's bottom on a level top, a convex mover's edge or face)
 *   the point of that part nearest the one under its centre: a box on a
 *   rocking plank touches it at one corner, and carried as the point
 *   under its centre moves it was lifted off the sinking side (or pushed
 *   up on the rising one) by its half-width times the turn each step,
 *   then fell back straight down, a little further down the slope each
 *   time: 0.55 m in seven seconds. On a turntable (a level top turning
 *   about up) it is the point under the centre, which goes round a
 *   circle.
 * - a round mover's sphere nearest the face: a ball's centre, a capsule's
 *   lower end's centre (its middle, lying along the face). A sphere is
 *   the same set turned about its centre, so carrying the centre keeps
 *   the whole sphere where it was in the shape's frame. Its lowest point
 *   c - r sn carried instead moved the centre by that point's motion,
 *   which differs from the centre's by (R - I) r sn for the step's turn
 *   R (angle T): r sin T along the face and r (1 - cos T) into it, which
 *   the push out of the face took back only to second order -- a ball of
 *   radius 0.5 on a plank rocking +-40 degrees in 1 s crept 6e-3 mm a
 *   period (now 2e-11 m).
 * The point itself, not its foot on the face: the ground's contact comes
 * from the probe (probe), whose sweep meets a shape that turns at a
 * moment tau > 0 of the step (the shapes move during its sweep), so its
 * plane is the face turned by tau of the step's turn -- at a box's corner
 * 1.4 from a plank's pivot turning 0.027 a step, 4e-4 under the face at
 * the start. The point projected on that plane was carried as a point
 * 4e-4 inside the face, whose motion differs from the face's by that
 * depth times the turn across the face: 1e-5 a step, down the slope
 * whichever way the plank turned (the depth's sign goes with the turn's),
 * 0.38 mm a period of the +-30 degree plank for a box. Carried by the
 * point itself, it creeps 1e-15 a period when only carried (no gravity)
 * and 1.3e-9 with gravity, which every frame brings the mover down the
 * skin to the face and lets the face push it there, a skin from the
 * point carried (linear in the skin: 1.8e-8 with a skin of 1e-3;
 * spec/spin_ride_spec.lua).
 */
static vec3 mover_foot(const move_state *m, vec3 p, vec3 sn) {
  const collide_mover *s = m->shape;
  double tie = 1e-9;
  vec3 f = p;
  int k;
  switch (s->kind) {
  case COLLIDE_MOVER_AABB:
    for (k = 0; k < 3; k++) {
      double nk = vc(&sn, k), ek = vc(&s->extents, k);
      if (fabs(nk) > tie) set_vc(&f, k, vc(&p, k) + (nk > 0 ? -ek : ek));
    }
    return f;
  case COLLIDE_MOVER_CAPSULE: {
    double an = v_dot(s->axis, sn);
    if (an > tie * v_len(s->axis)) f = v_sub(p, s->axis);
    else if (an < -tie * v_len(s->axis)) f = v_add(p, s->axis);
    return f;
  }
  case COLLIDE_MOVER_CONVEX: {
    /* the corners of least height along sn (to a relative 1e-9 of the
       hull's size), and of those the part nearest the centre: one corner,
       the nearest point of an edge, or the box of a face's corners with
       the centre's foot clamped into it */
    const collide_convex *h = s->hull;
    vec3 y[COLLIDE_MAX_CONVEX_POINTS], lo, hi, q;
    double least = 0, size = 0;
    int i, n = 0;
    for (i = 0; i < h->vertex_count; i++) {
      vec3 v = h->vertices[i];
      y[i] = v3(v_dot(m->mv.R[0], v), v_dot(m->mv.R[1], v), v_dot(m->mv.R[2], v));
      if (i == 0 || v_dot(y[i], sn) < least) least = v_dot(y[i], sn);
      if (largest(y[i]) > size) size = largest(y[i]);
    }
    for (i = 0; i < h->vertex_count; i++)
      if (v_dot(y[i], sn) <= least + tie * size) y[n++] = y[i];
    q = v_scale(sn, least);    /* the centre's foot on that plane */
    if (n == 0) return v_add(p, q);   /* (a NaN normal: no corner is least) */
    if (n == 1) return v_add(p, y[0]);
    if (n == 2) {
      vec3 d = v_sub(y[1], y[0]);
      double t = v_len2(d) > 0 ? v_dot(v_sub(q, y[0]), d) / v_len2(d) : 0;
      return v_add(p, v_madd(y[0], d, t < 0 ? 0 : t > 1 ? 1 : t));
    }
    lo = hi = y[0];
    for (i = 1; i < n; i++)
      for (k = 0; k < 3; k++) {
        if (vc(&y[i], k) < vc(&lo, k)) set_vc(&lo, k, vc(&y[i], k));
        if (vc(&y[i], k) > vc(&hi, k)) set_vc(&hi, k, vc(&y[i], k));
      }
    for (k = 0; k < 3; k++) {
      double x = vc(&q, k);
      set_vc(&q, k, x < vc(&lo, k) ? vc(&lo, k) : x > vc(&hi, k) ? vc(&hi, k) : x);
    }
    return v_add(p, q);
  }
  default:
    return p;
  }
}

/* How far the mover reaches below its centre along up. */
static double mover_below(const move_state *m) {
  return mover_support(m, v_neg(m->up));
}

/*
 * Stepping up (as Quake III's PM_StepSlideMove does, and Jolt's
 * CharacterVirtual "stair walking"): from p, blocked by a step while the
 * rest of the motion is `left`, move up by step_height (or less, under a
 * ceiling), then by the horizontal part of left, then down by as much as
 * was climbed plus a little; the step is taken when that lands on a
 * walkable surface (its surface normal: surface_normal) after some
 * horizontal progress. A box lands on the step's top; a sphere or capsule
 * whose centre is still short of the edge lands on the step's nose, where
 * it stands (the response keeps it there: ground_clip) and goes on with
 * the same step the next round or frame: so a round bottom rides the noses
 * of a staircase at its own horizontal speed, as it would ride a ramp laid
 * over them, never slower and never thrown forward. Each of the three legs
 * is a sweep that stops short of what it meets, so the mover stays free.
 * The forward leg goes the whole way first; landing on nothing it may
 * stand on (at speed, on the nose of the next riser, higher than step_max
 * above p), it goes again only until the mover's whole width is past the
 * point it met (edge), so a step taken fast is still taken.
 * 1 (*out, *leftover: the horizontal motion still to do, *lh / *lid: the
 * ground landed on), 0 (no step: slide instead), <0.
 */
static int try_step(move_state *m, vec3 p, vec3 left, vec3 edge, vec3 *out,
                    vec3 *leftover, collide_hit *lh, int *lid) {
  vec3 hz = v_madd(left, m->up, -v_dot(left, m->up)), dir, fwd, p1, p2, p3, down;
  double hl = v_len(hz), climbed, progress, clear;
  collide_hit h;
  int id, blocked, e, pass;
  if (hl <= 0.01 * m->skin) return 0;
  if ((e = sweep_to(m, p, v_scale(m->up, m->step_max), &p1, &h, &id,
                    &blocked)) < 0)
    return e;
  climbed = v_dot(v_sub(p1, p), m->up);
  if (climbed <= 2 * m->skin) return 0;
  down = v_scale(m->up, -(climbed + 4 * m->skin));
  dir = v_scale(hz, 1 / hl);
  /* how far forward the mover's whole width is past the edge it met */
  clear = v_dot(v_sub(edge, p), dir) + mover_support(m, v_neg(dir)) + 4 * m->skin;
  for (pass = 0; pass < 2; pass++) {
    /* the first pass goes the whole way; where it lands on nothing it
       may stand on (the next riser of a staircase taken at speed, higher
       than step_max above p: its nose), the second goes only as far as
       to stand on the step it met */
    if (pass == 1) {
      if (clear >= hl || clear <= 0.01 * m->skin) return 0;
      fwd = v_scale(dir, clear);
    } else {
      fwd = hz;
    }
    if ((e = sweep_to(m, p1, fwd, &p2, &h, &id, &blocked)) < 0) return e;
    progress = v_dot(v_sub(p2, p1), dir);
    if (progress <= 0.01 * m->skin) return 0;
    if ((e = sweep_to(m, p2, down, &p3, lh, lid, &blocked)) < 0) return e;
    if (!blocked || !walkable(m, surface_normal(m, *lid, lh))) continue;
    /* a round mover may land on the nose of a step higher than step_max,
       its bottom still below the top: the point it stands on is what was
       climbed */
    if (v_dot(v_sub(lh->point, p), m->up) + mover_below(m) > m->step_max + m->skin)
      continue;
    *out = p3;
    *leftover = v_sub(v_add(p1, hz), p2);
    return 1;
  }
  return 0;
}

/*
 * v with its part into the surface n removed (when v.n < 0), kept out of
 * the surfaces met earlier in the move (the crease rule of Quake III's
 * PM_SlideMove): if it walks into one of them (normal p: v.p < s - eps),
 * it moves along the crease line n x p instead; into a third, it stops.
 *
 * s (speed[i], or 0 when speed is NULL) is how far surface i itself moves
 * along p in what is left of the step, relative to the frame v is in: a
 * surface coming at the mover needs v.p >= s, not 0. On the crease the
 * motion is then v = a n + b p + c (n x p) with v.n = 0, v.p = s: with
 * g = n.p, b = s / (1 - g^2), a = -g b (and c as before); into a third
 * moving surface q, v solves v.n = 0, v.p = s, v.q = s' (Cramer's rule,
 * v = (s (q x n) + s' (n x p)) / n.(p x q)). A pusher that drives the
 * mover into a fixed surface (a wall against the edge of a step) so moves
 * it along that surface as far as the push needs, not by the push's
 * projection only. All speeds zero: the rule as it was.
 */
static vec3 clip(vec3 v, vec3 n, const vec3 *planes, const double *speed, int np,
                 double eps) {
  int i, j;
  double vn = v_dot(v, n);
  vec3 in = v;
  if (vn < 0) v = v_madd(v, n, -vn);
  for (i = 0; i < np; i++) {
    double si = speed ? speed[i] : 0;
    if (v_dot(v, planes[i]) < si - eps) {
      vec3 dir;
      double g0 = v_dot(n, planes[i]);
      if (si != 0 && g0 > 0 && 1 - g0 * g0 <= 1e-6) {
        /* a moving surface nearly n itself (within a thousandth of a
           radian): their crease below is ill-conditioned, its solution
           grows as si / (1 - g^2) (a ball met twice in a row by a blade
           turning 3.1 a step, normals 6e-6 apart, was sent 360,000 away).
           The two are one surface: v is met along n as far as that
           surface's speed asks. */
        v = v_madd(v, n, (si - v_dot(v, planes[i])) / g0);
        break;
      }
      dir = v_normalize(v_cross(n, planes[i]));
      v = v_scale(dir, v_dot(in, dir));
      if (si != 0) {
        double g = v_dot(n, planes[i]), den = 1 - g * g;
        if (den > 1e-12) v = v_madd(v_madd(v, n, -g * si / den), planes[i], si / den);
      }
      for (j = 0; j < np; j++) {
        double sj = speed ? speed[j] : 0;
        if (j != i && v_dot(v, planes[j]) < sj - eps) {
          vec3 pq = v_cross(planes[i], planes[j]);
          double det = v_dot(n, pq);
          if ((si == 0 && sj == 0) || fabs(det) <= 1e-12) return v3(0, 0, 0);
          return v_scale(v_add(v_scale(v_cross(planes[j], n), si),
                               v_scale(v_cross(n, planes[i]), sj)), 1 / det);
        }
      }
      break;
    }
  }
  return v;
}

/*
 * v met by walkable ground of surface normal sn: its part across up, h,
 * follows the ground whole (h + f up with f = -h.sn / up.sn lies in the
 * ground's plane: walking up or down a slope at the speed one walks on the
 * flat, as across a staircase's treads). Its part along up, vu: what is
 * upward and exceeds f (pointing away from the ground by more than
 * following it gives: a jump) is kept; what is downward and below f
 * (gravity pressing into the ground) slides along the ground (its part
 * into sn removed) or, with stop_on_slope, is dropped; anything between
 * (walking into a slope uphill, or down it less steeply than it falls)
 * is following the ground. A ground whose normal is (nearly) across up
 * is no ground to follow: v as it is.
 */
static vec3 follow_ground(const move_state *m, vec3 v, vec3 sn, int stop) {
  double vu = v_dot(v, m->up), su = v_dot(sn, m->up), f, dv;
  vec3 h = v_madd(v, m->up, -vu), out, d;
  if (su <= 1e-6) return v;
  f = -v_dot(h, sn) / su;
  out = v_madd(h, m->up, f);
  if (vu > f && vu > 0) return v_madd(out, m->up, vu - (f > 0 ? f : 0));
  if (vu >= f || vu >= 0 || stop) return out;
  dv = vu - (f < 0 ? f : 0);
  d = v_scale(m->up, dv);
  return v_add(out, v_madd(d, sn, -v_dot(d, sn)));
}

/* Remembers surface n of a shape moving by vel over the step for the
   crease rule, forgetting the oldest when MAX_PLANES are remembered. */
static void remember(vec3 *planes, vec3 *pvel, int *np, vec3 n, vec3 vel) {
  if (*np == MAX_PLANES) {
    memmove(planes, planes + 1, (MAX_PLANES - 1) * sizeof *planes);
    memmove(pvel, pvel + 1, (MAX_PLANES - 1) * sizeof *pvel);
    (*np)--;
  }
  planes[*np] = n;
  pvel[*np] = vel;
  (*np)++;
}

/* steep_as_wall: a motion sliding up a steep surface n (facing up) keeps
   only its part along the surface's level line n x up. */
static vec3 no_climb(vec3 v, vec3 n, vec3 up) {
  vec3 t;
  if (v_dot(v, up) <= 0) return v;
  t = v_normalize(v_cross(n, up));
  return v_scale(t, v_dot(v, t));
}

/* The largest magnitude of v's components. */
static double largest(vec3 v) {
  double e = fabs(v.x);
  if (fabs(v.y) > e) e = fabs(v.y);
  if (fabs(v.z) > e) e = fabs(v.z);
  return e;
}

/* Ground following, no more: v with its part along up no larger than what
   following the ground of surface normal gn with v's horizontal part
   gives (none on level ground or walking downhill). A slide of a grounded
   mover that is not jumping keeps to this against what is not ground (a
   wall met walking up a ramp leaves the climb of following the ramp in the
   motion, with nothing left of the walk that made it). */
static vec3 on_ground(const move_state *m, vec3 v, vec3 gn) {
  double vu = v_dot(v, m->up), su = v_dot(gn, m->up), f = 0;
  vec3 h = v_madd(v, m->up, -vu);
  if (su > 1e-6) f = -v_dot(h, gn) / su;
  if (f < 0) f = 0;
  return vu > f ? v_madd(h, m->up, f) : v;
}

/* The mover's largest half-size (the default max_push): a convex
   shape's is that of its turned box about its frame's origin. */
static double mover_half_size(const collide__mover *s) {
  switch (s->kind) {
  case MOVER_AABB: case MOVER_CONVEX: return largest(s->e);
  case MOVER_CAPSULE: return largest(s->axis) + s->r;
  default: return s->r;
  }
}

/* Adapter of the move's filter for push-out: push out of a shape whose
   response blocks (slide, touch, bounce, the move's own); not out of one
   it crosses; an ignored or one-way shape the mover starts in is not
   there for this move. */
static int push_keep(void *ctx, int id, const vec3 *normal) {
  move_state *m = (move_state *)ctx;
  int r;
  if (!m->filter) return 1;
  if ((r = m->filter(m->ctx, id, normal)) < 0) return r;
  if (r > COLLIDE_RESPONSE_ONEWAY) r = COLLIDE_RESPONSE_DEFAULT;
  if (r == COLLIDE_RESPONSE_ONEWAY && !m->use_up)
    return COLLIDE_FAIL(m->opt_arg, COLLIDE_E_ONEWAY_UP);
  if (r == COLLIDE_RESPONSE_IGNORE || r == COLLIDE_RESPONSE_ONEWAY) {
    if (m->nskip < MAX_SKIP) m->skip[m->nskip++] = id;
    return 0;
  }
  return r != COLLIDE_RESPONSE_CROSS;
}

/* The mover's hook for overlaps at the start (collide_penetration.c):
   from *pos, pushed out of the shapes it overlaps by more than a
   hundredth of the skin to a skin's distance, by at most max_push (< 0:
   its largest half-size; 0: no push-out). Each shape it started in is a
   contact at u = 0 with its depth; squeezed (no way out), it stays, and
   they are listed with stuck set. 1 (pushed or clear), 0 stuck, <0. */
static int push_out(move_state *m, vec3 *pos) {
  collide__mover mv = mover_shape(m);
  collide_penetration pen[PUSH_CONTACTS];
  collide_hit hit[PUSH_CONTACTS];
  double max_push = m->o->max_push < 0 ? mover_half_size(&m->mv) : m->o->max_push;
  int n = 0, i, e;
  vec3 to;
  if (max_push == 0) return 1;
  e = collide__push_out(m->w, &mv, pos, m->self, m->o->use_mask ? m->o->mask : -1,
                        m->nskip > 0 ? skip_filter : NULL, m, push_keep, m,
                        m->skin, 0.01 * m->skin, max_push, pen, hit, PUSH_CONTACTS,
                        &n, &to);
  if (e < 0) return e;
  for (i = 0; i < n; i++) {
    collide_contact *c = record(m, pen[i].id, &hit[i], 0);
    if (c) {
      c->normal = pen[i].normal;
      c->depth = pen[i].depth;
      c->stuck = e == 0;
    }
  }
  *pos = to;
  return e;
}

/*
 * Whether the contact h (surface normal sn, walkable or not: walk) of a
 * mover at p is a step to climb (try_step) rather than a surface to slide
 * on. Its point must lie between the mover's bottom and step_max above it
 * (a contact higher up is a wall, whatever its normal; a box meeting a
 * riser face to face reports a point of their common part, which lies no
 * higher than the riser's top); and the contact is either steep (a riser,
 * a surface steeper than max_slope) or a walkable top met at its edge (the
 * contact normal is not the surface's): a round bottom meets a stair's nose
 * with a normal tilted back toward it, often walkable, and sliding along
 * it rolls the mover over the edge at a fraction of its speed -- or, where
 * the tilt is tiny, at a capsule's equator, not at all.
 *
 * step_max is at least MICRO_STEP skins even when step_height is 0: where
 * walkable surfaces meet exactly (a ramp's foot on a floor, two tiles side
 * by side), a mover resting on one with no gap meets the other's edge or
 * vertex at u = 0 with whatever normal that feature has (the ramp's
 * underside, a tile's side): such a contact, at the mover's very bottom,
 * is not a wall but the seam of two walkable surfaces, and stepping over
 * it by a few skins finds the surface beyond (try_step lands only on a
 * walkable one, so a real wall still blocks).
 */
#define MICRO_STEP 16
static int step_candidate(const move_state *m, vec3 p, const collide_hit *h,
                          vec3 sn, int walk) {
  double height = v_dot(v_sub(h->point, p), m->up) + mover_below(m);
  if (height < -m->skin || height > m->step_max + m->skin) return 0;
  if (height > MICRO_STEP * m->skin && v_dot(h->normal, m->up) < -1e-6)
    return 0;   /* facing down: a ceiling, not a step */
  return !walk || v_dot(sn, h->normal) < 1 - 1e-9;
}

/* The size the default skin is relative to. */
static double mover_size(const collide__mover *s) {
  switch (s->kind) {
  case MOVER_AABB:
  case MOVER_CONVEX:
    return largest(s->e);
  case MOVER_CAPSULE:
    return s->r > 0 ? s->r : v_len(s->axis);
  default:
    return s->r;
  }
}

/*
 * Whether a move by `motion` of a mover standing on ground of surface
 * normal sn is a jump: its part along up exceeds what following the
 * ground with the same horizontal part gives (h + f up lies in the ground's
 * plane when f = -h.sn / up.sn), and is upward. Walking up a slope
 * (f > 0) or down it (f < 0, the motion's own part along up no more than
 * gravity's) is not; standing still and falling are not.
 */
static int is_jump(const move_state *m, vec3 motion, vec3 sn) {
  double mu = v_dot(motion, m->up), su = v_dot(sn, m->up), f = 0;
  vec3 h = v_madd(motion, m->up, -mu);
  if (su > 1e-9) f = -v_dot(h, sn) / su;
  if (f < 0) f = 0;
  return mu > f + 1e-6 * v_len(motion);
}

/*
 * Following the path down (the contract: a mover is grounded on every
 * frame of a staircase, down as up, with snap at least the rise): a
 * grounded mover that walked off a ledge ends its move in the air at about
 * the height it left from, and the ground under its end may lie further
 * down than one snap -- two or more treads, each no more than snap below
 * the one before. The path from a (where the move started, on the ground)
 * to b (where it ended) is walked again in strides of at most the mover's
 * half-width along it (mover_support): each stride a sweep across up (the
 * path's part along up, a frame of gravity, is left to the probes: a
 * stride that sank with it would run into the tread it stands on), then
 * a probe down by at most
 * max(snap, stride tan(max_slope) + pdist) -- the reach settle allows a
 * whole move, here for each stride -- and down onto the ground found
 * there. A stride that finds no ground within its reach is halved (a
 * narrow tread, or the mover still over the edge of the one above) down
 * to a 64th of the half-width; no ground even then is a ledge higher than
 * snap (the mover leaves the ground, as walking off a cliff), and a
 * stride's sweep blocked means the straight path is not the one the move
 * took (around a corner, up and over a step): both give 0, and the move
 * ends as it did. Every leg is a sweep that stops short, so the mover
 * stays free; shapes are where they are at the end of the step (t0 = 1,
 * as the probe sees them; where shapes move, only where none comes near:
 * moving_clear). 1 (*out, the ground *g, *gid, *gsn), 0, or <0.
 */
#define DESCEND_TRIES 256

/* Whether no moving shape (the mover itself aside) comes within the box
   of a and b grown by pad in every direction over the step (from its
   place to its place plus its velocity): there, every shape is where it
   was for the move's sweeps. A moving plane reaches everywhere. */
static int moving_clear(const move_state *m, vec3 a, vec3 b, double pad) {
  const collide_world *w = m->w;
  int i, k;
  for (i = 0; i < w->nmoving; i++) {
    const shape *s = &w->slots[w->moving[i]];
    if (s->id == m->self) continue;
    if (s->kind == COLLIDE_SHAPE_PLANE) return 0;
    for (k = 0; k < 3; k++) {
      double v = vc(&s->vel, k), lo = vc(&a, k), hi = vc(&b, k);
      if (lo > hi) { double t = lo; lo = hi; hi = t; }
      if (s->bounds.lo[k] + (v < 0 ? v : 0) > hi + pad ||
          s->bounds.hi[k] + (v > 0 ? v : 0) < lo - pad)
        break;
    }
    if (k == 3) return 0;
  }
  return 1;
}

static int descend(move_state *m, vec3 a, vec3 b, double pdist, vec3 *out,
                   collide_hit *g, int *gid, vec3 *gsn) {
  vec3 d = v_sub(b, a), hz = v_madd(d, m->up, -v_dot(d, m->up)), q = a, p, target;
  double hl = v_len(hz), c = m->cos_slope > 0.25 ? m->cos_slope : 0.25;
  double slope = sqrt(1 - c * c) / c, stride, drop = 0, s = 0, len, reach, gap;
  double most;
  collide_hit h;
  int e, id, blocked, tries = DESCEND_TRIES, found = 0;
  if (hl <= 0.01 * m->skin) return 0;
  stride = mover_support(m, v_scale(hz, 1 / hl));
  {   /* (a convex mover: its narrower side along the path) */
    double back = mover_support(m, v_scale(hz, -1 / hl));
    if (back < stride) stride = back;
  }
  if (stride < MICRO_STEP * m->skin) stride = MICRO_STEP * m->skin;
  /* the furthest down it may go: each full stride its reach, and one
     more; in a world where shapes move, only where none of them comes
     (the path was free of them where they were during the move's sweeps,
     which need not hold where they are at the end) */
  most = (hl / stride + 2) * (m->o->snap + stride * slope + pdist);
  if (m->w->nmoving > 0 &&
      !moving_clear(m, a, b, most + mover_half_size(&m->mv) + 4 * m->skin))
    return 0;
  while (s < hl) {
    len = hl - s < stride ? hl - s : stride;
    for (;;) {
      if (--tries < 0) return 0;
      target = v_madd(q, hz, len / hl);
      if ((e = sweep_to(m, q, v_sub(target, q), &p, &h, &id, &blocked)) < 0) return e;
      if (blocked) return 0;
      reach = len * slope + pdist;
      if (reach < m->o->snap) reach = m->o->snap;
      if ((found = probe(m, p, reach, 1, g, gid, gsn, &gap)) < 0) return found;
      if (found) break;
      if (len <= stride / 64) return 0;
      len *= 0.5;
    }
    if (gap - m->skin > 0.01 * m->skin) {
      p = v_madd(p, m->up, -(gap - m->skin));
      drop += gap - m->skin;
      if (drop > most) return 0;
    }
    q = p;
    s += len;
  }
  *out = q;
  return found;
}

/*
 * The end of a move with an up direction: the ground under the mover
 * (probe), and, for a mover grounded at the start or on walkable ground
 * during the move that is not jumping (is_jump) and ends in the air (as
 * one following a ramp past its top at speed), the snap down onto
 * walkable ground: by
 * up to options.snap, and never less than the ground can fall away over
 * the horizontal distance moved (d tan(max_slope), with max_slope taken
 * as at most acos 0.25, plus the probe's reach), so walking down a
 * walkable slope or over a crest keeps it grounded at any speed without
 * any snap set. Then the velocity on the ground: a mover that ends on
 * walkable ground and did not jump returns its velocity less the part
 * along up (a slide's velocity along a slope has one: walking uphill it
 * points up, and fed back as the README says, vel.y - g dt, with the
 * input stopped, it would carry the mover off the slope; downhill, the
 * ground-following above does what it did). Bounce keeps its reflection.
 */
static int settle(move_state *m, vec3 from, vec3 motion, int start_ground,
                  vec3 sn0, double pdist, int ground_any, vec3 *pos, vec3 *vel,
                  collide_move_result *res) {
  collide_hit g;
  vec3 gsn;
  double gap;
  int e, gid = 0, jump = 0, snapped = 0;
  if ((e = probe(m, *pos, pdist, 1, &g, &gid, &gsn, &gap)) < 0) return e;
  if (!e && start_ground < 0) {
    collide_hit g0;
    int gid0;
    double gap0;
    if ((start_ground = probe(m, from, pdist, 0, &g0, &gid0, &sn0, &gap0)) < 0)
      return start_ground;
  }
  /* (a mover that was not on the ground at the start but met walkable
     ground during the move has no ground to follow: any upward motion is
     its own) */
  jump = start_ground > 0 ? is_jump(m, motion, sn0)
                          : v_dot(motion, m->up) > 1e-6 * v_len(motion);
  /* (a jump that met walkable ground during the move and has nothing
     left of its rise, *vel not pointing up, is over: stopped on a ramp
     by a wall, the mover may rest a little past the ramp's top edge, in
     the air over it; it stands there, grounded, as a walk would) */
  if (!e && (!jump || (ground_any && v_dot(*vel, m->up) <= 0)) &&
      (start_ground > 0 ||
       (ground_any && (m->w->nmoving == 0 || m->lift > 0) &&
        m->o->response == COLLIDE_RESPONSE_SLIDE))) {
    /* (a mover pushed by walkable spinning ground was kept off it by the
       turn's bulge, m->lift: down by that too, grounded at the start or
       not -- landing on a plank rocking up at it, it stands on it) */
    vec3 moved = v_sub(*pos, from);
    double c = m->cos_slope > 0.25 ? m->cos_slope : 0.25;
    double reach = v_len(v_madd(moved, m->up, -v_dot(moved, m->up))) *
                   sqrt(1 - c * c) / c + pdist + 2 * m->lift;
    if (reach < m->o->snap) reach = m->o->snap;
    if ((e = probe(m, *pos, reach, 1, &g, &gid, &gsn, &gap)) < 0) return e;
    if (e) {
      /* down to the skin's distance above it (the probe of the next step
         finds it there, however tilted the contact) */
      double down = gap - m->skin;
      if (down > 0.01 * m->skin) *pos = v_madd(*pos, m->up, -down);
    } else {
      /* further down than one reach: the path followed down, step by step */
      double t0 = m->t0;
      m->t0 = 1;
      e = descend(m, m->from, *pos, pdist, pos, &g, &gid, &gsn);
      m->t0 = t0;
      if (e < 0) return e;
    }
    if (e) {
      record(m, gid, &g, 1);
      *vel = v_madd(*vel, gsn, -v_dot(*vel, gsn));
      snapped = 1;
    }
  }
  if (e && !snapped && (!jump || v_dot(*vel, m->up) <= 0) &&
      (v_dot(g.normal, gsn) < 1 - 1e-9 || spins(m, gid)) &&
      gap - m->skin > 0.01 * m->skin) {
    /* standing on the nose of a step (ground by its top, the contact on
       its edge): stopped a skin short along a contact normal tilted far
       from up, the mover may stand higher above the nose than the next
       move's probe reaches (pdist allows a skin along a normal up to
       max_slope) and walk off it ungrounded; down to a skin above it, as
       a snap leaves it (the probe found nothing nearer: free); a jump
       too, once it has nothing left of its rise (it lands there) */
    /* (and on a spinning shape: pushed up by its turn with a margin
       for its bulge, or left as its face turned away, the mover may end
       up to the probe's reach above it, where the next move's probe,
       which sees the face turning from its start, may not find it:
       always a skin above it, so it stands on it at the next start) */
    *pos = v_madd(*pos, m->up, -(gap - m->skin));
  }
  if (e) {
    res->ground_id = gid;
    res->ground_point = g.point;
    res->ground_normal = gsn;
    if (!jump && m->o->response != COLLIDE_RESPONSE_BOUNCE)
      *vel = v_madd(*vel, m->up, -v_dot(*vel, m->up));
  }
  res->grounded = ground_any || e;
  return 0;
}

/*
 * The velocity of a mover sliding down a surface too steep to stand on (n
 * facing up, not walkable), for the game that feeds back only its part
 * along up (the README: velocity = input across up + (vel.up - g dt) up):
 * v, the velocity along the surface, with its part along up divided by
 * sin^2 a = 1 - (n.up)^2 (a: the slope's angle from level). Fed back with
 * no input, (vu / sin^2 a - g dt) up is clipped against the surface again,
 * which keeps sin a of a motion along up (its along-surface part: the
 * motion less its part along n, |d - (d.n) n| = |d| sin a for d along up)
 * -- s / sin a . sin a + g dt sin a, for a slide at speed s (vu = -s sin a):
 * s + g sin a dt, as gravity accelerates a body down a frictionless slope;
 * without the division it kept s sin^2 a + g sin a dt and crept down at
 * a few widths a second whatever the slope. A fall that meets the slope
 * keeps its speed along up (the clip's s sin a, divided): the next frame
 * slides on at what the clip of that fall gives. Only a downward part is
 * rescaled (rising along a steep surface, steep_as_wall or not, is the
 * game's jump), and only when the move ends with the mover not grounded.
 */
static vec3 steep_slide(const move_state *m, vec3 v, vec3 n) {
  double vu = v_dot(v, m->up), nu = v_dot(n, m->up), s2 = 1 - nu * nu;
  if (!(vu < 0) || s2 <= 1e-9 || s2 >= 1) return v;
  return v_madd(v, m->up, vu / s2 - vu);
}

/*
 * The loop (Fauerby, "Improved Collision detection and Response", 2003;
 * the crease rule as in Quake III's PM_SlideMove):
 *
 *   pos = from, rest = to - from
 *   repeat up to max_iterations:
 *     sweep pos -> pos + rest for the first surface the mover approaches;
 *     none: pos += rest, done.
 *     the filter's response for that shape (or the move's own):
 *       cross:  reported, set aside, the same sweep again (no round spent);
 *       touch / stop: stop short of it (stop_short); its own motion is
 *               over (a fixed world: done), rest = what moves it on;
 *       bounce: stop short, rest = e * reflect(left, n);
 *       slide:  stop short; a grounded mover blocked by a steep surface
 *               first tries to step up (try_step); else rest = clip(left).
 *
 * Shapes that move (each at its place plus u * its velocity): a round's
 * sweep is of the relative motion, its time is the moment the mover stops
 * short (later than the round's start when a shape comes at a mover at
 * rest), and the responses are in the shape's frame along the normal: a
 * moving shape pushes the mover by what is left of its motion along n,
 * never drags it across n, and a shape moving away does not pull; the
 * motion carried from the shape ridden (carry) goes on across n. So slide
 * = own motion along the surface + push, touch = push (with the carried
 * motion), bounce = the reflection in that frame. The crease rule takes
 * each earlier surface with its own motion (clip), so a push into a fixed
 * surface moves the mover along it as far as the push needs; and a slide
 * with nothing left still sweeps for shapes arriving later in the step.
 *
 * The skin is what keeps a resting or sliding mover from sticking: after a
 * contact it is `skin` off the surface, so sliding parallel to it meets
 * nothing, while pushing into it again meets it at once, stops short by the
 * same skin -- does not move -- and slides: no jitter. A surface met with
 * rest.n >= -approach (moving along or away from it, as when starting in
 * contact and leaving) is not a contact at all; approach is a millionth of
 * the skin, so ignoring such a surface lets the mover come closer to it
 * than the skin by at most that much. Leftover motions shorter than a
 * hundredth of the skin are rounding and are not taken.
 *
 * The velocity gets the same responses as the motion (clip for slide and
 * touch, reflect for bounce). stop_on_slope drops the downward part of the
 * motion and of the velocity on walkable ground before sliding, so gravity
 * does not pull the mover down a slope; steep_as_wall keeps a slide along a
 * steep surface level (no_climb).
 *
 * After max_iterations rounds the mover's own motion is over, but where
 * shapes move, up to PUSH_ROUNDS more rounds sweep the rest of the step
 * with no motion of its own (only what the shape ridden carries): a shape
 * arriving then pushes it as a slide would, so running out of rounds never
 * leaves it inside a shape that came at it.
 *
 * Time: each round spends what is left of the step; a contact's u is the
 * moment within the whole step, t += u_round * (1 - t), so the contacts come
 * out in order. grounded is true when any contact was walkable or the
 * mover ends on walkable ground (probe, looking at every shape touched at
 * that moment); a mover grounded at the start that ends in the air and did
 * not move up snaps down by up to options.snap onto walkable ground.
 */
static int world_move(collide_world *w, const collide_mover *ms,
                      const collide_vec3 *from, const collide_vec3 *to,
                      const collide_move_options *o,
                      collide_move_filter filter, void *ctx,
                      collide_contact *contacts, int cap,
                      collide_move_result *res, int self,
                      collide__path *path) {
  move_state m;
  collide__mover mv;
  vec3 pos, rest, vel, planes[MAX_PLANES], pvel[MAX_PLANES], sn0 = v3(0, 0, 0);
  vec3 carried = v3(0, 0, 0);   /* the motion of the shape ridden (carry) */
  vec3 gn = v3(0, 0, 0);        /* the ground last stood on (have_gn) */
  double t = 0, tlast = 0, pdist = 0, gap = 0;
  int iter, np = 0, ground_any = 0, start_ground = -1, a, e, gid = 0, push_only = 0;
  int have_gn = 0;
  vec3 steep_n = v3(0, 0, 0);   /* the steep surface slid on last (have_steep) */
  int have_steep = 0;
  collide_hit g;
  memset(res, 0, sizeof *res);
  res->grounded = -1;
  /* the capsule's axis, the convex shape's rotation: one more argument
     before from */
  a = ms->kind == COLLIDE_MOVER_CAPSULE || ms->kind == COLLIDE_MOVER_CONVEX;
  switch (ms->kind) {
  case COLLIDE_MOVER_SPHERE:
    CHECK_RADIUS(ms->r, 2);
    break;
  case COLLIDE_MOVER_AABB:
    CHECK_EXTENTS(&ms->extents, 2);
    break;
  case COLLIDE_MOVER_CAPSULE:
    CHECK_RADIUS(ms->r, 2);
    CHECK_VEC(&ms->axis, 3);
    break;
  case COLLIDE_MOVER_CONVEX:
    if (ms->hull == NULL || ms->hull->vertex_count < 3)
      return COLLIDE_FAIL(2, COLLIDE_E_FEW_POINTS);
    break;
  default:
    return COLLIDE_FAIL(2, COLLIDE_E_NEG_RADIUS);
  }
  if ((e = make_mover(ms, &mv)) != 0) return COLLIDE_FAIL(3, e);
  CHECK_VEC(from, 3 + a);
  CHECK_VEC(to, 4 + a);
  res->position = *from;
  if (o->max_iterations < 1) return COLLIDE_FAIL(5 + a, COLLIDE_E_BAD_ITERATIONS);
  CHECK_NUM(o->restitution, 5 + a);
  if (o->restitution < 0) return COLLIDE_FAIL(5 + a, COLLIDE_E_NEG_RESTITUTION);
  CHECK_NUM(o->skin, 5 + a);
  CHECK_NUM(o->step_height, 5 + a);
  if (o->step_height < 0) return COLLIDE_FAIL(5 + a, COLLIDE_E_NEG_STEP);
  CHECK_NUM(o->snap, 5 + a);
  if (o->snap < 0) return COLLIDE_FAIL(5 + a, COLLIDE_E_NEG_SNAP);
  if (o->use_velocity) CHECK_VEC(&o->velocity, 5 + a);
  CHECK_NUM(o->max_push, 5 + a);

  memset(&m, 0, sizeof m);
  m.w = w;
  m.shape = ms;
  m.mv = mv;
  m.o = o;
  m.filter = filter;
  m.ctx = ctx;
  m.self = self;
  /* (and set aside from the start, for any query of the move that is
     not one of its sweeps but honours the shapes set aside) */
  if (self) m.skip[m.nskip++] = self;
  m.contacts = contacts;
  m.cap = cap < 0 ? 0 : cap;
  m.opt_arg = 5 + a;
  if (o->use_up) {
    CHECK_VEC(&o->up, 5 + a);
    CHECK_NUM(o->max_slope, 5 + a);
    if (!(o->max_slope >= 0 && o->max_slope <= 3.14159265358979323846))
      return COLLIDE_FAIL(5 + a, COLLIDE_E_BAD_SLOPE);
    m.up = v_normalize(o->up);
    if (v_len2(m.up) == 0) return COLLIDE_FAIL(5 + a, COLLIDE_E_ZERO_NORMAL);
    m.use_up = 1;
    m.cos_slope = cos(o->max_slope);
  }
  m.skin = o->skin;
  if (m.skin <= 0) {
    /* invisible at any scale, yet millions of rounding units */
    double s = max_abs3(from);
    if (max_abs3(to) > s) s = max_abs3(to);
    m.skin = 1e-4 * mover_size(&m.mv) + 1e-9 * (1 + s);
  }
  m.approach = 1e-6 * m.skin;
  /* how far below a resting mover its ground may be: a skin along the
     normal of a slope up to max_slope, twice over */
  if (m.use_up) pdist = 2 * m.skin / (m.cos_slope > 0.25 ? m.cos_slope : 0.25);
  m.tie_dist = 0.5 * m.skin;
  m.step_max = o->step_height > MICRO_STEP * m.skin ? o->step_height
                                                     : MICRO_STEP * m.skin;

  pos = *from;
  rest = v_sub(*to, *from);
  vel = o->use_velocity ? o->velocity : rest;
  /* (the path, for the sensors of move_shape: every place the mover is
     at, with its moment; it moves linearly between them) */
  collide__path_add(path, 0, pos);
  /* out of the shapes it starts in; squeezed, it stays (and stands
     still: no motion of its own, no velocity) */
  if ((e = push_out(&m, &pos)) < 0) return e;
  collide__path_add(path, 0, pos);
  if (e == 0) {
    rest = vel = v3(0, 0, 0);
  }
  m.from = pos;
  for (e = 0; e < w->nmoving; e++) {
    const shape *sh = &w->slots[w->moving[e]];
    double sp = v_len(sh->vel);
    if (SHAPE_SPINS(sh))   /* a spinning one's corners: its turn's too */
      sp += collide__spin_angle(&sh->g.cvx.c->spin, NULL) * cvx_hull(sh->g.cvx.c)->radius;
    if (sp > m.max_speed) m.max_speed = sp;
  }
  if (m.use_up && (o->snap > 0 || o->step_height > 0 ||
                   (o->carry && w->nmoving > 0))) {
    if ((e = probe(&m, pos, pdist, 0, &g, &gid, &sn0, &gap)) < 0) return e;
    start_ground = e;
    if (e) {
      gn = sn0;
      have_gn = 1;
    }
    /* carry: standing on a moving shape, the mover moves with it (on a
       spinning one, as the ground point moves under its turn and its
       velocity) */
    if (e && o->carry) {
      int gs = collide__slot_of(w, gid);
      /* (a spinning one: as its point at the mover's foot, mover_foot,
         moves from the start of the step to its end -- the contact
         point of a face met face to face may be anywhere in the face) */
      if (gs >= 0 && SHAPE_SPINS(&w->slots[gs])) {
        carried = collide__spin_motion(&w->slots[gs], mover_foot(&m, pos, sn0), 0);
      } else {
        carried = shape_velocity(&m, gid);
      }
      rest = v_add(rest, carried);
    }
  }

  for (iter = 0; iter < o->max_iterations + (w->nmoving > 0 ? PUSH_ROUNDS : 0); iter++) {
    collide_hit h;
    vec3 target, left, n, sn, vs, f;
    double tc, moved, when, tstop, speed[MAX_PLANES];
    int id, resp, walk, steep, moving_planes, k;
    if (iter == o->max_iterations) {
      /* the mover's own rounds are spent and its own motion ends here;
         what is left of the step may still bring a moving shape at it
         (which pushes it) and the shape it rides carries it on */
      push_only = 1;
      rest = v_scale(carried, 1 - t);
    }
    /* no motion: done, unless shapes move (one may come at the mover) */
    if (rest.x == 0 && rest.y == 0 && rest.z == 0 && w->nmoving == 0) break;
    target = v_add(pos, rest);
    if ((e = sweep(&m, &pos, &target, &h, &id, &resp)) < 0) return e;
    if (!e) {
      pos = target;
      collide__path_add(path, 1, pos);
      break;
    }
    n = h.normal = seam_normal(&m, id, &h);
    tc = t + h.u * (1 - t);
    /* (a round starts where the mover stopped short, a little before the
       last contact: the contacts stay in order) */
    if (tc < tlast) tc = tlast;
    tlast = tc;
    if ((e = record_all(&m, id, &h, tc)) < 0) return e;
    if (resp == COLLIDE_RESPONSE_CROSS) {
      /* the same sweep again without it; a round is spent only when the
         list of shapes set aside is full */
      if (m.nskip < MAX_SKIP) {
        m.skip[m.nskip++] = id;
        iter--;
      }
      continue;
    }
    sn = surface_normal(&m, id, &h);
    walk = walkable(&m, sn);
    /* the nose of a step met higher above the mover's bottom than it may
       climb is not ground it stands on but a wall: slid along as ground
       (its walkable top), a round mover would roll up the contact's
       tangent, at speed far above the step */
    if (walk && v_dot(sn, n) < 1 - 1e-9 &&
        v_dot(v_sub(h.point, pos), m.up) + mover_below(&m) > m.step_max + m.skin)
      walk = 0;
    if (walk) {
      ground_any = 1;
      gn = sn;
      have_gn = 1;
    }
    pos = stop_short_at(&m, pos, rest, h.u, n, id, h.point, &moved, &when);
    /* the moment the mover is at pos: the next round starts there, and
       sweeps moving shapes from where they are then */
    tstop = t + when * (1 - t);
    t = m.t0 = tstop;
    collide__path_add(path, t, pos);
    left = v_sub(target, pos);
    if (resp == COLLIDE_RESPONSE_DEFAULT) resp = o->response;
    /* pushed only: along the surface's normal by its motion, and along
       the surfaces met before (a slide with no motion of its own) */
    if (push_only) resp = COLLIDE_RESPONSE_SLIDE;
    if (resp == COLLIDE_RESPONSE_STOP || resp == COLLIDE_RESPONSE_BOUNCE) {
      /* The frame of the response: along n, the motion the shape touched
         has left (vs); across n, the motion carried (c, the rest of the
         ridden shape's). A moving shape acts on the mover only along the
         normal -- it pushes, it never drags -- while a ridden one keeps
         carrying it. Both are zero in a fixed world. */
      vec3 c = v_scale(carried, 1 - tstop);
      double vn, cn = v_dot(c, n);
      vs = push_motion(&m, id, h.point, pos, n, tstop);
      vn = v_dot(vs, n);
      if (resp == COLLIDE_RESPONSE_STOP) {
        /* touch: the mover's own motion ends here; what moves it on is
           the carried motion and, along n, the shape pushing it (the
           larger of the two: a shape moving away does not pull) */
        vel = clip(vel, n, planes, NULL, 0, 0);
        rest = v_madd(c, n, (vn > cn ? vn : cn) - cn);
        remember(planes, pvel, &np, n, point_velocity(&m, id, h.point, tstop));
        continue;
      }
      /* bounce: reflected in that frame, scaled by restitution (a paddle
         coming at a mover at rest sends it off at twice its speed) */
      f = v_madd(c, n, vn - cn);
      left = v_sub(left, f);
      rest = v_add(v_scale(v_madd(left, n, -2 * v_dot(left, n)), o->restitution), f);
      if (v_dot(vel, n) < 0)
        vel = v_scale(v_madd(vel, n, -2 * v_dot(vel, n)), o->restitution);
      continue;
    }
    /* slide */
    steep = m.use_up && step_candidate(&m, pos, &h, sn, walk);
    if (m.use_up && !walk) {
      /* another shape touched at the same moment may be ground (the tread
         beside a riser): the mover stands on it and slides along both */
      collide_hit g2;
      int id2;
      if ((e = walkable_tie(&m, v_sub(target, rest), rest, &h, id, &g2, &id2,
                            &sn)) < 0)
        return e;
      if (e) {
        record(&m, id2, &g2, tc);
        ground_any = walk = 1;
        gn = sn;
        have_gn = 1;
        remember(planes, pvel, &np, g2.normal, point_velocity(&m, id2, g2.point, tstop));
      }
    }
    if (steep && !ground_any && start_ground < 0) {
      /* not probed at the start (no snap, no step_height): now, with
         every shape at its place */
      double t0 = m.t0;
      m.t0 = 0;
      if ((e = probe(&m, *from, pdist, 0, &g, &gid, &sn0, &gap)) < 0) return e;
      m.t0 = t0;
      start_ground = e;
      if (e) {
        gn = sn0;
        have_gn = 1;
      }
    }
    if (steep && (start_ground > 0 || ground_any)) {
      vec3 stepped, leftover;
      collide_hit lh;
      int lid;
      if ((e = try_step(&m, pos, left, h.point, &stepped, &leftover, &lh, &lid)) < 0)
        return e;
      if (e) {
        pos = stepped;
        collide__path_add(path, t, pos);
        record(&m, lid, &lh, tc);
        ground_any = 1;
        gn = surface_normal(&m, lid, &lh);
        have_gn = 1;
        rest = leftover;
        if (v_dot(vel, m.up) < 0) vel = v_madd(vel, m.up, -v_dot(vel, m.up));
        np = 0;   /* a new floor: the surfaces below are behind */
        continue;
      }
    }
    /* slide in the frame of the shape touched: a moving shape's remaining
       motion is taken out, the rest clipped, and the shape's motion added
       back -- so a mover carried on a platform keeps going with it, and
       one that a shape comes at is pushed along the normal */
    vs = push_motion(&m, id, h.point, pos, n, tstop);
    left = v_sub(left, vs);
    if (walk) {
      double lift = spin_bulge(&m, id, pos, tstop);
      if (lift > m.lift) m.lift = lift;
      left = follow_ground(&m, left, sn, o->stop_on_slope);
      vel = follow_ground(&m, vel, sn, o->stop_on_slope);
    }
    /* the surfaces met before, each moving by its own velocity: in this
       frame, by what is left of it less vs */
    moving_planes = 0;
    for (k = 0; k < np; k++) {
      speed[k] = v_dot(v_sub(v_scale(pvel[k], 1 - tstop), vs), planes[k]);
      if (speed[k] != 0) moving_planes = 1;
    }
    rest = clip(left, n, planes, moving_planes ? speed : NULL, np, m.approach);
    /* on ground, the velocity meets the ground's surface: standing on the
       edge of a step does not turn it upward */
    vel = clip(vel, walk ? sn : n, planes, NULL, np, 1e-9 * v_len(vel));
    /* a surface facing up too steep to stand on, slid down (steep_slide);
       anything else met since is what the mover slides on */
    have_steep = m.use_up && !walk && v_dot(n, m.up) > 1e-6;
    if (have_steep) steep_n = n;
    if (o->steep_as_wall && m.use_up && !walk && v_dot(n, m.up) > 0) {
      double lu = v_dot(left, m.up);
      rest = no_climb(rest, n, m.up);
      vel = no_climb(vel, n, m.up);
      if (lu < 0 && !moving_planes) {
        /* the fall slid down the steep surface on its own, the walk
           clipped and kept level without it: walking into the surface
           turns the whole clipped motion upward, and keeping its level
           part only would drop the fall with it and hang the mover on
           the surface (on the nose of a step too high, beside the ground
           it would land on) */
        vec3 fall = v_scale(m.up, lu), walk_part = v_sub(left, fall);
        rest = v_add(no_climb(clip(walk_part, n, planes, NULL, np, m.approach), n, m.up),
                     no_climb(clip(fall, n, planes, NULL, np, m.approach), n, m.up));
      }
    }
    if (walk && v_dot(sn, n) < 1 - 1e-9) {
      /* on the nose of a step (ground by its top, the contact on its
         edge): sliding along the contact's tangent rolls a round mover up
         over the edge, and no higher than the edge stands above its bottom
         (the tangent goes on up, at speed far above the step) */
      double ru = v_dot(rest, m.up), rise = v_dot(v_sub(h.point, pos), m.up) +
                                            mover_below(&m) + m.skin;
      if (rise < 0) rise = 0;
      if (ru > rise) rest = v_madd(rest, m.up, rise - ru);
    }
    if (m.use_up && !walk && have_gn && !push_only &&
        carried.x == 0 && carried.y == 0 && carried.z == 0) {
      vec3 motion = v_sub(*to, *from);
      int jump = start_ground > 0 ? is_jump(&m, motion, sn0)
                                  : v_dot(motion, m.up) > 1e-6 * v_len(motion);
      if (!jump) {
        rest = on_ground(&m, rest, gn);
        vel = on_ground(&m, vel, gn);
      }
    }
    rest = v_add(rest, vs);
    /* what is left is rounding: stop rather than creep -- but where
       shapes move, one may still come at the mover later in the step */
    if (v_len(rest) <= 0.01 * m.skin) {
      if (w->nmoving == 0) break;
      rest = v3(0, 0, 0);
    }
    remember(planes, pvel, &np, n, point_velocity(&m, id, h.point, tstop));
  }

  m.t0 = 0;   /* the probes place moving shapes themselves */
  collide__path_add(path, 1, pos);
  if (m.use_up &&
      (e = settle(&m, *from, v_sub(*to, *from), start_ground, sn0, pdist,
                  ground_any, &pos, &vel, res)) < 0)
    return e;
  collide__path_add(path, 1, pos);   /* (a snap down, at the end) */
  if (have_steep && res->grounded == 0 && !push_only) vel = steep_slide(&m, vel, steep_n);
  res->position = pos;
  res->velocity = vel;
  res->ncontacts = m.nc < m.cap ? m.nc : m.cap;
  return 0;
}

/* The world is locked for the whole move, not only during each of its
   sweeps: the filter is called between sweeps too, with slot indices and
   the contact's shape in hand, and a filter that removed or added a shape
   there would leave them pointing at another shape or at freed memory.
   The hierarchy is brought up to date once, before: the sweeps cannot do
   it while the world is locked (nothing can change it meanwhile). */
int collide_world_move(collide_world *w, const collide_mover *ms,
                       const collide_vec3 *from, const collide_vec3 *to,
                       const collide_move_options *o,
                       collide_move_filter filter, void *ctx,
                       collide_contact *contacts, int cap,
                       collide_move_result *res) {
  int e;
  collide__tree_refresh(w);
  w->busy++;
  e = world_move(w, ms, from, to, o, filter, ctx, contacts, cap, res, 0, NULL);
  w->busy--;
  return e;
}

/* ---- a world shape that moves ------------------------------------------------ */

/*
 * w:move_shape: the mover is shape id itself, from its place -- a sphere
 * (centre, radius), a box (centre, half-extents), a capsule a-b of
 * radius r (centre (a + b) / 2, axis (b - a) / 2) or a convex shape (its
 * frame's origin, turned by its rotation) --, and no sweep of the
 * move sees it (query.skip_id: a compare per shape met, no filter call and
 * no exact test against itself). The same move as collide_world_move with
 * a filter that ignores id, then the shape re-placed where the mover
 * stopped (collide_world_update_*, O(log n) and no allocation): a sphere's
 * or box's centre is the position, a capsule is translated by position -
 * centre (so a capsule that does not move keeps its ends bit for bit).
 *
 * The world is locked for the whole move (filters may query it, not change
 * it: the shape must still be there, of its kind, when it is re-placed).
 * The shape's own velocity (w:set_velocity) takes no part in its move: it
 * starts at the shape's place and moves by to - from and what carries it
 * (a moving shape it stands on, options.carry); the velocity is kept, so
 * the queries after it, and collide_world_advance, still move the shape by
 * it from its new place.
 *
 * Argument positions: the capsule's and the convex shape's moves count one
 * more argument (the axis, the rotation) before `to` and the options than
 * move_shape's (w, id, to, options): an options error of the move is
 * re-numbered 4.
 */
int collide_world_move_shape(collide_world *w, int id, const collide_vec3 *to,
                             const collide_move_options *o,
                             collide_move_filter filter, void *ctx,
                             collide_contact *contacts, int cap,
                             collide_move_result *res) {
  collide_world_shape g;
  collide_mover ms;
  collide_vec3 from;
  collide__path path;
  int e, a;
  memset(res, 0, sizeof *res);
  res->grounded = -1;
  if (w->busy) return LOCKED;
  if (!collide_world_get(w, id, &g)) return 0;
  memset(&ms, 0, sizeof ms);
  switch (g.kind) {
  case COLLIDE_SHAPE_SPHERE:
    ms.kind = COLLIDE_MOVER_SPHERE;
    ms.r = g.r;
    from = g.a;
    break;
  case COLLIDE_SHAPE_AABB:
    ms.kind = COLLIDE_MOVER_AABB;
    ms.extents = g.b;
    from = g.a;
    break;
  case COLLIDE_SHAPE_CAPSULE:
    ms.kind = COLLIDE_MOVER_CAPSULE;
    ms.r = g.r;
    from = v_scale(v_add(g.a, g.b), 0.5);
    ms.axis = v_scale(v_sub(g.b, g.a), 0.5);
    break;
  case COLLIDE_SHAPE_CONVEX:
    /* (the world's own hull: it stays valid while the world is locked) */
    ms.kind = COLLIDE_MOVER_CONVEX;
    ms.hull = g.convex;
    ms.rot = g.rot;
    from = g.a;
    break;
  default:
    return COLLIDE_FAIL(2, COLLIDE_E_NOT_MOVABLE);
  }
  CHECK_VEC(to, 3);
  a = ms.kind == COLLIDE_MOVER_CAPSULE || ms.kind == COLLIDE_MOVER_CONVEX;
  /* file pending shapes now: no query refreshes the hierarchy while the
     world is locked */
  collide__tree_refresh(w);
  w->busy++;
  path.n = 0;
  e = world_move(w, &ms, &from, to, o, filter, ctx, contacts, cap, res, id,
                 w->nsensors > 0 ? &path : NULL);
  w->busy--;
  if (e < 0) return collide_error_arg(e) == 5 + a ? reargue(e, 4) : e;
  /* the sensors' events of the move, the shape still at its place */
  if (w->nsensors > 0 &&
      (e = collide__sensor_path(w, collide__slot_of(w, id), &path)) < 0)
    return e;
  switch (g.kind) {
  case COLLIDE_SHAPE_SPHERE:
    e = collide_world_update_sphere(w, id, &res->position, g.r);
    break;
  case COLLIDE_SHAPE_AABB:
    e = collide_world_update_aabb(w, id, &res->position, &g.b);
    break;
  case COLLIDE_SHAPE_CONVEX:
    /* (its own hull given back: collide_convex_copy leaves it as it is;
       the rotation as it was given) */
    e = collide_world_update_convex(w, id, g.convex, &res->position, &g.rot);
    break;
  default: {
    vec3 d = v_sub(res->position, from), pa = v_add(g.a, d), pb = v_add(g.b, d);
    e = collide_world_update_capsule(w, id, &pa, &pb, g.r);
    break;
  }
  }
  /* (the position is within the coordinate limit, as to is; a capsule's
     ends beyond it name to) */
  return e < 0 ? reargue(e, 3) : 1;
}

/* ---- a sphere with a query filter ------------------------------------------ */

typedef struct query_filter { collide_world_filter f; void *ctx; } query_filter;

static int from_query_filter(void *ctx, int id, const collide_vec3 *normal) {
  const query_filter *q = (const query_filter *)ctx;
  int r = q->f(q->ctx, id);
  (void)normal;
  if (r < 0) return r;
  return r ? COLLIDE_RESPONSE_DEFAULT : COLLIDE_RESPONSE_IGNORE;
}

int collide_world_move_sphere(collide_world *w, double r,
                              const collide_vec3 *from, const collide_vec3 *to,
                              const collide_move_options *opt,
                              collide_world_filter filter, void *ctx,
                              collide_vec3 *position, collide_contact *contacts,
                              int cap, int *ncontacts, int *grounded) {
  collide_mover s;
  collide_move_result res;
  query_filter qf;
  int e;
  memset(&s, 0, sizeof s);
  s.kind = COLLIDE_MOVER_SPHERE;
  s.r = r;
  qf.f = filter;
  qf.ctx = ctx;
  e = collide_world_move(w, &s, from, to, opt, filter ? from_query_filter : NULL,
                         &qf, contacts, cap, &res);
  *position = res.position;
  *ncontacts = res.ncontacts;
  *grounded = res.grounded;
  return e;
}
