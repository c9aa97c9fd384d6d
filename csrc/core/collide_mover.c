/*
 * collide_mover.c -- collide-and-slide over a world: sweep, respond (slide,
 * bounce, stop), repeat within the step.
 */
#include "collide_world_internal.h"

/* ---- the mover ----------------------------------------------------------- */

void collide_move_options_init(collide_move_options *o) {
  memset(o, 0, sizeof *o);
  o->max_iterations = 4;
  o->response = COLLIDE_RESPONSE_SLIDE;
  o->restitution = 1;
  o->use_up = 0;
  o->up = v3(0, 1, 0);
  o->max_slope = 0.78539816339744830962; /* pi / 4 */
  o->skin = 0;
}

#define MAX_PLANES 8

/*
 * Collide-and-slide (Fauerby, "Improved Collision detection and Response",
 * 2003; the crease rule as in Quake III's PM_SlideMove):
 *
 *   pos = from, rest = to - from
 *   repeat up to max_iterations:
 *     sweep pos -> pos + rest for the first surface the sphere approaches;
 *     none: pos += rest, done.
 *     contact at u with normal n: stop short of it by the skin, measured
 *       along n: u' = u - skin / (-rest.n), never below 0 -- every point of
 *       the sweep before u is free, so pos stays free of overlap;
 *     respond with what is left of the motion:
 *       stop:   done;
 *       bounce: rest = e * reflect(left, n);
 *       slide:  rest = left - (left.n) n; if that walks into a surface met
 *               earlier in this move (normal p: rest.p < 0), move along the
 *               crease line n x p instead; if that still walks into a third
 *               one, stop.
 *
 * The skin is what keeps a resting or sliding sphere from sticking: after
 * a contact the sphere is `skin` off the surface, so sliding parallel to it
 * meets nothing, while pushing into it again meets it at once, stops short
 * by the same skin -- that is, does not move -- and slides: no jitter.
 * A surface met with rest.n >= -approach (moving along or away from it, as
 * when starting in contact and leaving) is not a contact at all; approach
 * is a millionth of the skin, so ignoring such a surface lets the sphere
 * come closer to it than the skin by at most that much. Steps and leftover
 * motions shorter than a hundredth of the skin are rounding and are not
 * taken, so a sphere at rest stays bit-for-bit where it is.
 *
 * Time: each round spends what is left of the step; a contact's u is the
 * moment within the whole step, t += u_round * (1 - t), so the contacts come
 * out in order. grounded looks at every contact, reported or not. A
 * response other than bounce or stop slides.
 */
int collide_world_move_sphere(collide_world *w, double r,
                              const collide_vec3 *from, const collide_vec3 *to,
                              const collide_move_options *opt,
                              collide_world_filter filter, void *ctx,
                              collide_vec3 *position, collide_contact *contacts,
                              int cap, int *ncontacts, int *grounded) {
  vec3 pos, rest, up = v3(0, 0, 0), planes[MAX_PLANES];
  double skin, t = 0, cos_slope = 0;
  int iter, np = 0, nc = 0, ground = 0;
  *ncontacts = 0;
  *grounded = -1;
  CHECK_RADIUS(r, 2);
  CHECK_VEC(from, 3);
  CHECK_VEC(to, 4);
  *position = *from;
  if (opt->max_iterations < 1) return COLLIDE_FAIL(5, COLLIDE_E_BAD_ITERATIONS);
  CHECK_NUM(opt->restitution, 5);
  if (opt->restitution < 0) return COLLIDE_FAIL(5, COLLIDE_E_NEG_RESTITUTION);
  CHECK_NUM(opt->skin, 5);
  if (opt->use_up) {
    CHECK_VEC(&opt->up, 5);
    CHECK_NUM(opt->max_slope, 5);
    if (!(opt->max_slope >= 0 && opt->max_slope <= 3.14159265358979323846))
      return COLLIDE_FAIL(5, COLLIDE_E_BAD_SLOPE);
    up = v_normalize(opt->up);
    if (v_len2(up) == 0) return COLLIDE_FAIL(5, COLLIDE_E_ZERO_NORMAL);
    cos_slope = cos(opt->max_slope);
  }
  skin = opt->skin;
  if (skin <= 0) {
    /* invisible at any scale, yet millions of rounding units */
    double m = max_abs3(from);
    if (max_abs3(to) > m) m = max_abs3(to);
    skin = 1e-4 * r + 1e-9 * (1 + m);
  }
  pos = *from;
  rest = v_sub(*to, *from);
  for (iter = 0; iter < opt->max_iterations; iter++) {
    query q;
    vec3 target, left, n;
    double dn, u;
    int e, i;
    if (rest.x == 0 && rest.y == 0 && rest.z == 0) break;
    target = v_add(pos, rest);
    collide__query_init(&q, Q_SWEEP, r, &pos, &target);
    q.filter = filter;
    q.ctx = ctx;
    q.approach = 1e-6 * skin;
    if ((e = collide__query_run(w, &q)) < 0) return e;
    if (!q.found) {
      pos = target;
      break;
    }
    n = q.best.normal;
    dn = v_dot(rest, n);                          /* < -approach */
    t += q.best.u * (1 - t);
    if (nc < cap) {
      contacts[nc].id = q.best_id;
      contacts[nc].feature = q.best.feature;
      contacts[nc].u = t;
      contacts[nc].point = q.best.point;
      contacts[nc].normal = n;
    }
    nc++;
    if (opt->use_up && v_dot(n, up) >= cos_slope) ground = 1;
    u = q.best.u - skin / -dn;
    /* a step shorter than a hundredth of the skin is rounding: resting
       spheres stay exactly where they are */
    if (u * v_len(rest) > 0.01 * skin) pos = v_lerp(pos, target, u);
    left = v_sub(target, pos);
    if (opt->response == COLLIDE_RESPONSE_STOP) break;
    if (opt->response == COLLIDE_RESPONSE_BOUNCE) {
      rest = v_scale(v_madd(left, n, -2 * v_dot(left, n)), opt->restitution);
      continue;
    }
    /* slide */
    rest = v_madd(left, n, -v_dot(left, n));
    for (i = 0; i < np; i++) {
      if (v_dot(rest, planes[i]) < -q.approach) {
        vec3 dir = v_normalize(v_cross(n, planes[i]));
        int j;
        rest = v_scale(dir, v_dot(left, dir));
        for (j = 0; j < np; j++)
          if (j != i && v_dot(rest, planes[j]) < -q.approach) {
            rest = v3(0, 0, 0);
            break;
          }
        break;
      }
    }
    /* what is left is rounding: stop rather than creep */
    if (v_len(rest) <= 0.01 * skin) break;
    if (np == MAX_PLANES) {
      memmove(planes, planes + 1, (MAX_PLANES - 1) * sizeof *planes);
      np--;
    }
    planes[np++] = n;
  }
  *position = pos;
  *ncontacts = nc < cap ? nc : cap;
  if (opt->use_up) *grounded = ground;
  return 0;
}

