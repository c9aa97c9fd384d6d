/*
 * collide_capsule_flat.c -- a moving capsule against a triangle and a convex polygon: the
 * polygon grown by the core into a prism, solved by the fast path
 * (Cyrus-Beck on the prism, collide_capsule.h) or piece by piece. The
 * method of every capsule sweep is in collide_capsule.c.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "collide_capsule.h"


/* The closest points of the core m0 = c - A .. m1 = c + A and the polygon
   (seg_seg's core, direction 2 A): returns the squared
   distance, the polygon's point *q, the core's point *m and the feature of
   *q. A core crossing the plane inside the polygon pierces it (distance 0);
   otherwise the closest pair has an end of the core or an edge of the
   polygon in it (a segment's distance to a plane region is linear along
   it, so an interior minimum means parallel, where an end or an edge gives
   the same distance). */
static double core_flat_closest(vec3 c, vec3 A, const vec3 *v, int count,
                                vec3 n, vec3 origin, vec3 *q, vec3 *m,
                                int *feature) {
  vec3 m0 = v_sub(c, A), m1 = v_add(c, A);
  double h0 = v_dot(n, v_sub(m0, origin)), h1 = v_dot(n, v_sub(m1, origin));
  double s, t;
  int i, f;
  vec3 x, y;
  if (h0 != h1 && !(h0 > 0 && h1 > 0) && !(h0 < 0 && h1 < 0)) {
    vec3 cross_pt = v_lerp(m0, m1, h0 / (h0 - h1));
    int inside = 1;
    for (i = 0; i < count && inside; i++) {
      vec3 e = v_sub(v[(i + 1) % count], v[i]);
      if (v_dot(v_cross(n, e), v_sub(cross_pt, v[i])) < 0) inside = 0;
    }
    if (inside) {
      *q = collide__flat_closest(cross_pt, v, count, n, origin, feature);
      *m = cross_pt;
      return 0;
    }
  }
  /* The candidates are compared by dist2_diff, not by their squared
     distances: a core nearly parallel to an edge, its ends 2 dl and 4 dl
     beside the edge's two vertices at a height z, has squared distances
     z^2 + 4 dl^2 and z^2 + 16 dl^2, equal in doubles for dl = 1e-10 and
     z = 0.4, and the tie kept the farther vertex: the point the wrong end
     of the edge and the normal 4 dl / z off (test_capsule_start_near_tie).
     dist2_diff keeps the digits of the pairs' difference; the ends'
     difference is exactly 2 A, as in keep_end_pair. */
  *q = collide__flat_closest(m0, v, count, n, origin, feature);
  *m = m0;
  x = collide__flat_closest(m1, v, count, n, origin, &f);
  s = dist2_diff(v_scale(A, 2), m1, x, m0, *q);
  /* on a tie (the core parallel to the face) the face wins: the ends are
     tried first, and an edge must be strictly nearer */
  if (s < 0 || (s == 0 && f == COLLIDE_FEATURE_FACE)) {
    *q = x; *m = m1; *feature = f;
  }
  /* the core on one side of the plane and its end nearer the plane over
     the face: every point of the core is at least that far from the
     plane, so no edge is strictly nearer (and a tie keeps the face) */
  if (*feature == COLLIDE_FEATURE_FACE && !(h0 > 0 && h1 < 0) &&
      !(h0 < 0 && h1 > 0) &&
      fabs(v_dot(n, v_sub(*m, origin))) <= fmin(fabs(h0), fabs(h1)))
    return v_len2(v_sub(*m, *q));
  for (i = 0; i < count; i++) {
    (void)seg_seg(c, A, v[i], v[(i + 1) % count], &y, &x, &t);
    f = (t == 0 || t == 1) ? COLLIDE_FEATURE_VERTEX : COLLIDE_FEATURE_EDGE;
    s = dist2_diff(v_sub(y, *m), y, x, *m, *q);
    /* a core lying along an edge: the middle of their overlap */
    if (s < 0 || (s == 0 && f == COLLIDE_FEATURE_EDGE &&
                  *feature != COLLIDE_FEATURE_FACE)) {
      *q = x; *m = y; *feature = f;
    }
  }
  return v_len2(v_sub(*m, *q));
}

/* The answer of a capsule overlapping the polygon at the start: the
   closest points q (the polygon's, with its feature) and m (the core's),
   dd their squared distance; the normal from q toward m when they are
   apart, else the shortest way out (flat_push). */
static COLLIDE_NOINLINE_FN int flat_start(vec3 c0, vec3 A, vec3 d, const vec3 *v, int count,
                      vec3 n, vec3 origin, double dd, vec3 q, vec3 m,
                      int feature, collide_hit *out) {
  vec3 normal;
  double dist = sqrt(dd);
  if (dist > dmax(noise(m, q), noise(c0, A))) {
    normal = v_normalize(v_sub(m, q));
  } else {
    push p = flat_push(c0, A, d, v, count, n, in_plane(c0, d, A, n, origin));
    normal = p.w;
    feature = p.feature;
  }
  out->u = 0;
  out->point = q;
  out->normal = normal;
  out->feature = feature;
  return 1;
}

/* The polygon v[0..count-1] (unit normal n, origin in its plane), as a
   prism: planes 0, 1 the ends +-n (support +-n.origin + |n.A|), 2 + i the
   side of edge i, N_i = sign(n.A) e_i x A (outward: N_i.(e_i x n) =
   |e_i|^2 |n.A| > 0) with support N_i.v_i (the polygon and S lie behind
   it). The +n end is the polygon shifted by top = sign(n.A) A, the -n end
   by -top. */
static int capsule_flat_fast(double r, vec3 A, vec3 c0, vec3 c1, const vec3 *v,
                             int count, vec3 n, vec3 origin, collide_hit *out) {
  cb_plane pl[2 + FAST_MAXV];
  vec3 d = v_sub(c1, c0), N[FAST_MAXV], x, top;
  double na = v_dot(n, A), ana = fabs(na), ma = vmax_abs(A), sgn, h0, t, pad;
  double scale = fmax2(fmax2(vmax_abs(c0), vmax_abs(c1)), fmax2(vmax_abs(origin), ma));
  double hi, tol, norm[2 + FAST_MAXV];
  int i, f, which, np = 2 + count;
  cb_span ps;
  rim best;
  if (count > FAST_MAXV || !(ma >= 1e-70) || !(ana > 1e-9 * ma)) return -1;
  for (i = 0; i < count; i++) scale = fmax2(scale, vmax_abs(v[i]));
  /* (a core or a radius below 1e-6 of the coordinates: v +- A and the
     balls' and cylinders' numbers round toward each other; thin_sum's
     territory) */
  if (!(scale <= 1e60) || !(r > 1e-6 * scale) || !(ma > 1e-6 * scale)) return -1;
  /* (the polygon's own tolerances, 1e-9 of its diameter off its plane and
     off convex, and the rounding of the normals: far below this pad) */
  pad = 1e-8 * (scale + r);
  sgn = na > 0 ? 1 : -1;
  top = v_scale(A, sgn);
  h0 = v_dot(n, v_sub(c0, origin));
  pl[0].p = h0 - ana - r;  pl[0].q = v_dot(n, d);   pl[0].pad = pad;
  pl[1].p = -h0 - ana - r; pl[1].q = -pl[0].q;      pl[1].pad = pad;
  norm[0] = norm[1] = 1;
  /* the cheap rejections first (most misses): both ends of the motion
     beyond one end plane, or the motion's box apart from the polygon's
     grown by |A| + r + pad on some axis */
  {
    double h1 = h0 + pl[0].q, lim = ana + r + pad;
    vec3 bl = v[0], bh = v[0], g;
    if ((h0 > lim && h1 > lim) || (h0 < -lim && h1 < -lim)) {
      hit_clear(out);
      return 0;
    }
    for (i = 1; i < count; i++) {
      bl = v3(fmin2(bl.x, v[i].x), fmin2(bl.y, v[i].y), fmin2(bl.z, v[i].z));
      bh = v3(fmax2(bh.x, v[i].x), fmax2(bh.y, v[i].y), fmax2(bh.z, v[i].z));
    }
    g = v3(fabs(A.x) + r + pad, fabs(A.y) + r + pad, fabs(A.z) + r + pad);
    if (fmin2(c0.x, c1.x) > bh.x + g.x || fmax2(c0.x, c1.x) < bl.x - g.x ||
        fmin2(c0.y, c1.y) > bh.y + g.y || fmax2(c0.y, c1.y) < bl.y - g.y ||
        fmin2(c0.z, c1.z) > bh.z + g.z || fmax2(c0.z, c1.z) < bl.z - g.z) {
      hit_clear(out);
      return 0;
    }
  }
  for (i = 0; i < count; i++) {
    vec3 e = v_sub(v[i + 1 < count ? i + 1 : 0], v[i]);
    double nl2, nl;
    if (!(vmax_abs(e) >= 1e-70)) return -1;
    /* a polygon (or triangle) thinner than 1e-6 of the coordinates --
       some vertex that near the line of the edge two before it, which
       every thin convex polygon has -- has sliver faces, as the box
       above: the general path */
    {
      double g = v_dot(v_cross(n, e), v_sub(v[(i + 2) % count], v[i]));
      if (!(g > 0 && g * g > 1e-12 * scale * scale * v_len2(e))) return -1;
    }
    N[i] = v_cross(e, top);
    nl2 = v_len2(N[i]);
    /* an edge within 1e-3 rad of the axis: a sliver of a face (its
       normal's rounding would need a larger pad); the general path */
    if (!(nl2 > 1e-6 * v_len2(e) * v_len2(A))) return -1;
    norm[2 + i] = nl = sqrt(nl2);
    pl[2 + i].p = v_dot(N[i], v_sub(c0, v[i])) - r * nl;
    pl[2 + i].q = v_dot(N[i], d);
    pl[2 + i].pad = pad * nl;
  }
  /* The planes as they are (cb_times, as the box's fast path); when they
     miss, padded: a miss there is a miss, else a graze within the pad,
     undecided. */
  if (cb_times(pl, np, &t, &hi, &which)) {
    cb_start(&ps);
    if (!cb_add(&ps, pl, 0, np, 1)) return -1;
    hit_clear(out);
    return 0;
  }
  if (which < 0) {
    /* inside every plane at the start: overlapping (the general path's
       answer), or else in a gap of the planes beside a rounded edge, and
       the first contact is a rounded edge's or vertex's, below */
    vec3 q, m;
    int feature;
    double dd = core_flat_closest(c0, A, v, count, n,
                                  origin, &q, &m, &feature);
    if (dd <= r * r)
      return flat_start(c0, A, d, v, count, n, origin, dd, q, m, feature, out);
  }
  x = at(c0, d, t);
  /* the faces whose planes the centre is on at t (the last one entered,
     and any other within rounding of its plane, a tie; at t = 0, a centre
     that starts on a plane by rounding and moves in, found by the fuzzer) */
  tol = 64 * DBL_EPSILON * (scale + r);
  for (f = 0; f < np; f++) {
    if (f != which && pl[f].p + pl[f].q * t < -tol * norm[f]) continue;
    if (f < 2) {
      /* an end, the polygon + s A: the core's end x - s A over the
         polygon (strictly, as collide_sphere.c's flat_closest) */
      double side = f == 0 ? 1 : -1;
      vec3 y = v_madd(x, top, -side);
      for (i = 0; i < count; i++) {
        vec3 e = v_sub(v[i + 1 < count ? i + 1 : 0], v[i]);
        if (!(v_dot(v_cross(n, e), v_sub(y, v[i])) > 0)) break;
      }
      if (i < count) continue;
      out->u = t;
      out->point = v_madd(y, n, -v_dot(n, v_sub(y, origin)));
      out->normal = v_scale(n, side);
      out->feature = COLLIDE_FEATURE_FACE;
      return 1;
    } else {
      /* the side of edge k, a + s e + k A (s in [0, 1], k in [-1, 1]): s,
         k of the foot by the dual basis of e, A in their plane (as
         edge_piece; well-conditioned here, the angle being above 1e-3).
         The point: the closest points of the core and the edge. */
      int k = f - 2;
      vec3 a = v[k], b = v[k + 1 < count ? k + 1 : 0], e = v_sub(b, a);
      vec3 M = N[k], w = v_sub(x, a), xa, xq;
      double mm = v_len2(M), s = v_dot(w, v_cross(top, M)) / mm;
      double kk = v_dot(w, v_cross(M, e)) / mm, ta;
      if (!(s > 0 && s < 1 && kk > -1 && kk < 1)) continue;
      (void)seg_seg(x, A, a, b, &xa, &xq, &ta);
      if (ta == 0 || ta == 1) return -1;
      out->u = t;
      out->point = xq;
      out->normal = v_scale(M, 1 / norm[f]);
      out->feature = COLLIDE_FEATURE_EDGE;
      return 1;
    }
  }
  /* Beyond the rim: the first contact, if any, is on a rounded edge or
     vertex of the prism (a face's flat part is met only as its plane is
     entered, at t or before). At a first contact the motion goes into
     the body, so the outward normal there has w.d <= 0, and every normal
     of a rounded edge (vertex) lies in the cone of its faces' normals:
     one whose faces all have w.d > 0 cannot be first, and is skipped.
     Kinds: 0 the +n end's edge i, 1 the -n end's, 2 the side edge at v_i
     (v_i (+) S), 3 the +n end's vertex i, 4 the -n end's. */
  /* Each piece is first screened by the distance of its line (or point)
     from the line of the motion, from products shared by the pieces of a
     vertex and an edge (no division): farther than r (by 1e-9 more than
     rounding), it is never touched. */
  best.t = 2;
  best.kind = best.index = 0;
  {
    vec3 tD = v_cross(top, d), dA = v_cross(d, A);
    double rr = (1 + 1e-9) * r * r, lim_d = rr * v_len2(d), lim_a = rr * v_len2(dA);
    int b0 = pl[0].q > 0, b1 = pl[1].q > 0;
    for (i = 0; i < count; i++) {
      int i1 = i + 1 < count ? i + 1 : 0, ip = i > 0 ? i - 1 : count - 1;
      int bs = pl[2 + i].q > 0, bp = pl[2 + ip].q > 0;
      vec3 w = v_sub(c0, v[i]), de = v_cross(d, v_sub(v[i1], v[i])), wD = v_cross(w, d);
      double g0 = v_dot(w, de), gt = v_dot(top, de), lim_e = rr * v_len2(de);
      if (!(b0 && bs) && (g0 - gt) * (g0 - gt) <= lim_e)
        rim_cyl(&best, t, hi, c0, d, v_add(v[i], top), v_add(v[i1], top), r, 0, i);
      if (!(b1 && bs) && (g0 + gt) * (g0 + gt) <= lim_e)
        rim_cyl(&best, t, hi, c0, d, v_sub(v[i], top), v_sub(v[i1], top), r, 1, i);
      if (!(b0 && bp && bs) && v_len2(v_sub(wD, tD)) <= lim_d)
        rim_ball(&best, t, hi, c0, d, v_add(v[i], top), r, 3, i);
      if (!(b1 && bp && bs) && v_len2(v_add(wD, tD)) <= lim_d)
        rim_ball(&best, t, hi, c0, d, v_sub(v[i], top), r, 4, i);
    }
    /* the side edges last: on a tie with an end's piece (a vertex met by
       the core's end) the end's answer stands, as in the general path */
    for (i = 0; i < count; i++) {
      int ip = i > 0 ? i - 1 : count - 1;
      double g = v_dot(v_sub(c0, v[i]), dA);
      if (!(pl[2 + ip].q > 0 && pl[2 + i].q > 0) && g * g <= lim_a)
        rim_cyl(&best, t, hi, c0, d, v_sub(v[i], A), v_add(v[i], A), r, 2, i);
    }
  }
  if (best.t > 1) {
    hit_clear(out);
    return 0;
  }
  if (best.t == 0) return -1;   /* touching at the start, by rounding */
  {
    int k = best.index, k1 = k + 1 < count ? k + 1 : 0;
    vec3 c = at(c0, d, best.t), nrm;
    if (best.kind <= 1) {
      /* the end's edge: the core's end y over the edge k of the polygon */
      vec3 sh = best.kind == 0 ? top : v_neg(top), y = v_sub(c, sh);
      vec3 e = v_sub(v[k1], v[k]);
      double sp = v_dot(v_sub(y, v[k]), e) / v_len2(e);
      vec3 p = sp <= 0 ? v[k] : (sp >= 1 ? v[k1] : v_madd(v[k], e, sp));
      out->point = p;
      out->feature = (sp <= 0 || sp >= 1) ? COLLIDE_FEATURE_VERTEX : COLLIDE_FEATURE_EDGE;
      nrm = v_sub(y, p);
    } else if (best.kind == 2) {
      /* the core's inside at the vertex k: from the axis of v_k (+) S, as
         rounded in the cylinder's test (v_k +- A may round onto v_k in
         some components) */
      vec3 xk = v_sub(c, v[k]), A1 = v_sub(v_add(v[k], A), v_sub(v[k], A));
      A1 = v_scale(A1, 1 / vmax_abs(A1));
      nrm = v_madd(xk, A1, -v_dot(xk, A1) / v_len2(A1));
      out->point = v[k];
      out->feature = COLLIDE_FEATURE_VERTEX;
    } else {
      nrm = v_sub(c, v_add(v[k], best.kind == 3 ? top : v_neg(top)));
      out->point = v[k];
      out->feature = COLLIDE_FEATURE_VERTEX;
    }
    if (!(v_len2(nrm) > 0)) return -1;
    out->u = best.t;
    out->normal = v_normalize(nrm);
    return 1;
  }
}

/* ---- end of the fast path for polytopes ------------------------------------- */

/* An end piece of a capsule against a polygon: the core's end p0 -> p1,
   a sphere of radius r. With r = 0 it is a ray, and takes the rays' rule
   (collide_sphere.c's ray_flat, as collide_sweep_sphere_triangle and
   _polygon do for r = 0): a segment within rounding of the plane is
   answered in 2D (the polygon a solid region of the plane), an end clearly
   off it gets the face normal toward p0. sweep_flat's sphere reading of a
   zero radius instead read the plane distance's rounding: an end 1e-20
   above the plane, moving in it, never entered the zero-thickness face
   prism and missed the triangle its ray hits (test_capsule_zero_radius_ray). */
static int flat_end(double r, vec3 p0, vec3 p1, const vec3 *v, int count,
                    vec3 n, vec3 origin, collide_hit *h) {
  return r == 0 ? collide__ray_flat(p0, p1, v, count, n, origin, h)
                : collide__sweep_flat(r, p0, p1, v, count, n, origin, h);
}

/* A capsule against the convex polygon v[0..count-1] (unit normal n
   following the winding, origin a point of its plane): see the top of the
   file. */
static int sweep_capsule_flat(double r, vec3 A, vec3 c0, vec3 c1, const vec3 *v,
                              int count, vec3 n, vec3 origin, collide_hit *out) {
  vec3 d = v_sub(c1, c0), q = c0, m = c0, lo = v[0], hi = v[0];
  double dd, scale;
  int i, feature = COLLIDE_FEATURE_FACE;
  collide_hit h;
  if ((i = capsule_flat_fast(r, A, c0, c1, v, count, n, origin, out)) >= 0)
    return i;
  /* quick rejections: the grown shape lies within |n.A| of the plane and
     in the polygon's box grown by |A| */
  {
    double h0 = v_dot(n, v_sub(c0, origin)), h1 = v_dot(n, v_sub(c1, origin));
    double lim;
    scale = dmax(dmax(v_maxabs(c0), v_maxabs(c1)), dmax(v_maxabs(origin), v_maxabs(A)));
    vec3 ga = v3(fabs(A.x), fabs(A.y), fabs(A.z));
    for (i = 0; i < count; i++) {
      lo = v3(dmin(lo.x, v[i].x), dmin(lo.y, v[i].y), dmin(lo.z, v[i].z));
      hi = v3(dmax(hi.x, v[i].x), dmax(hi.y, v[i].y), dmax(hi.z, v[i].z));
      scale = dmax(scale, v_maxabs(v[i]));
    }
    lim = r + fabs(v_dot(n, A)) + 64 * DBL_EPSILON * (scale + r);
    if ((h0 > lim && h1 > lim) || (h0 < -lim && h1 < -lim) ||
        !enters_box(c0, d, v_sub(lo, ga), v_add(hi, ga), r)) {
      hit_clear(out);
      return 0;
    }
  }
  /* overlapping at the start? Not when the centre is beyond r + |A| of the
     polygon's box (a cheap bound: the core is within |A| of the centre) */
  dd = 2 * r * r + 1;
  if (!far_from_box(c0, lo, hi, r + v_len(A)))
    dd = core_flat_closest(c0, A, v, count, n, origin,
                           &q, &m, &feature);
  if (dd > r * r) {
    first f;
    memset(&f, 0, sizeof f);   /* every field defined on every path */
    collide_hit hm;
    int hp;
    double u_end;
    f.u = 2;
    hp = flat_end(r, v_add(c0, A), v_add(c1, A), v, count, n, origin, &h);
    keep_end_pair(hp, &h, flat_end(r, v_sub(c0, A), v_sub(c1, A), v, count, n,
                                   origin, &hm),
                  &hm, c0, d, A, &f);
    u_end = f.u;
    for (i = 0; i < count && f.u > 0; i++)
      edge_piece(r, c0, d, A, v[i], v[(i + 1) % count], 0, &f);
    if (f.u > 1) {
      hit_clear(out);
      return 0;
    }
    if (f.u > 0) {
      /* (with r = 0 an end piece that came first is the ray's answer and
         stands whole, point and normal: the README's rule; the pair of
         core and edge at distance zero has no direction to offer it) */
      if (r == 0 && f.u == u_end) {
      } else if (f.feature == COLLIDE_FEATURE_VERTEX) {
        /* a vertex: its two edges */
        for (i = 0; i < count && !v_same(v[i], f.point); i++) {}
        if (i < count) {
          vec3 ea[2], eb[2];
          ea[0] = ea[1] = v[i];
          eb[0] = v[(i + count - 1) % count];
          eb[1] = v[(i + 1) % count];
          edge_contact(r, at(c0, d, f.u), A, d, ea, eb, 2, v, count, &f);
        }
      } else if (f.feature == COLLIDE_FEATURE_EDGE) {
        /* an edge's inside: the edge nearest the point (it is on one to
           rounding; the segment's distance, not its line's: a polygon may
           have collinear edges) */
        double bd = -1;
        int k = 0;
        for (i = 0; i < count; i++) {
          vec3 e = v_sub(v[(i + 1) % count], v[i]), w = v_sub(f.point, v[i]);
          double ee = v_len2(e), di;
          if (!(ee > 0)) continue;
          di = v_len2(v_madd(w, e, -clamp01(v_dot(w, e) / ee)));
          if (bd < 0 || di < bd) { bd = di; k = i; }
        }
        edge_contact(r, at(c0, d, f.u), A, d, &v[k], &v[(k + 1) % count], 1,
                     v, count, &f);
      }
      out->u = f.u;
      out->point = f.point;
      out->normal = f.normal;
      out->feature = f.feature;
      if (r <= 1e-6 * scale && !(r == 0 && f.u == u_end)) {
        /* a vanishing radius makes the end pieces near-ray casts made
           through collide__sweep_flat, whose sphere rules can put the
           point off the ray near a polygon's plane: the closest points of
           the core instead. (With r = 0 the end pieces are ray_flat's,
           whose point is on the ray: an end piece's answer stands, as the
           ray's; edge_piece's, when earlier, is remade here.) */
        vec3 c = at(c0, d, f.u);
        (void)core_flat_closest(c, A, v, count, n, origin,
                                &out->point, &m, &out->feature);
      }
      return 1;
    }
    /* a piece found u = 0 by rounding on its boundary: overlapping */
    dd = core_flat_closest(c0, A, v, count, n, origin,
                           &q, &m, &feature);
  }
  return flat_start(c0, A, d, v, count, n, origin, dd, q, m, feature, out);
}

int collide_sweep_capsule_triangle(double r, const collide_vec3 *axis,
                                   const collide_vec3 *c0,
                                   const collide_vec3 *c1,
                                   const collide_vec3 *a, const collide_vec3 *b,
                                   const collide_vec3 *c, collide_hit *out) {
  vec3 v[3], n;
  CHECK_RADIUS(r, 1);
  CHECK_VEC(axis, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  CHECK_VEC(a, 5);
  CHECK_VEC(b, 6);
  CHECK_VEC(c, 7);
  v[0] = *a; v[1] = *b; v[2] = *c;
  if (!triangle_normal(v, &n))
    return COLLIDE_FAIL(5, COLLIDE_E_DEGENERATE_TRIANGLE);
  if (v_zero(*axis)) return collide_sweep_sphere_triangle(r, c0, c1, a, b, c, out);
  return sweep_capsule_flat(r, *axis, *c0, *c1, v, 3, n, v[0], out);
}

int collide_sweep_capsule_polygon(double r, const collide_vec3 *axis,
                                  const collide_vec3 *c0, const collide_vec3 *c1,
                                  const collide_polygon *polygon,
                                  collide_hit *out) {
  int e;
  CHECK_RADIUS(r, 1);
  CHECK_VEC(axis, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  if ((e = check_polygon(polygon, 5)) != 0) return e;
  if (v_zero(*axis)) return collide_sweep_sphere_polygon(r, c0, c1, polygon, out);
  return sweep_capsule_flat(r, *axis, *c0, *c1, polygon->vertices,
                            polygon->count, polygon->plane.normal,
                            polygon_origin(polygon), out);
}
