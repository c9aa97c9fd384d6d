/*
 * collide_convex.c -- a convex shape (collide_hull.c) turned and moving in a
 * straight line against a fixed obstacle: collide_sweep_convex_plane,
 * _triangle, _polygon, _segment, _aabb, _convex, _sphere and _capsule.
 *
 * Against a plane: the support function. The shape's extent along the
 * plane's normal n is [lo, hi] about its frame's origin c (lo, hi the
 * least and greatest n . R v over its corners); it touches the plane while
 * lo + n.c + d <= 0 <= hi + n.c + d, an interval of u in closed form.
 *
 * Against a polytope (triangle, polygon, segment, box, another convex
 * shape): the separating-axis test over the motion interval (Gottschalk,
 * Lin, Manocha, "OBBTree", SIGGRAPH 1996, for the axes; Eberly, "Dynamic
 * Collision Detection using Oriented Bounding Boxes", 2002, and RTR 3rd
 * ed. 16.18.4, for the motion). Two convex polytopes are disjoint exactly
 * when some plane separates them, and one parallel to a facet of their
 * Minkowski difference does; its normal is a face normal of either or the
 * cross product of an edge of each. A flat shape (polygon, triangle, flat
 * hull) counts its side normals n x e among its faces and its normal n
 * among its edges, the faces and edges of the thin prism it is the limit
 * of, so that two flat shapes in one plane are separated within it; a
 * segment has one edge and no face. On each axis L the projections
 * [alo + u d.L, ahi + u d.L] and [blo, bhi] overlap during one interval of
 * u (closed form, a division); the shapes touch exactly during the
 * intersection of these intervals, so the first contact is the latest
 * entry, and the axis that entered last is the normal. One pass over the
 * axes: no iteration, no tolerance on u.
 *
 * At u = 0 (overlapping at the start) the normal is the axis of least
 * penetration (the shortest separating translation among the axes: the
 * exact one, as the Minkowski difference's nearest facet is on one of
 * them); ties go against the motion; an axis on which both shapes have
 * no extent (two flat shapes in one plane, along its normal) is taken
 * only when no other separates them, so 2D shapes are pushed apart within
 * their plane.
 *
 * point and feature: the obstacle's support set in the normal's direction
 * (its corners within 1e-9 of the scale of the extreme: one corner is a
 * "vertex", two an "edge", more a "face") and the moving shape's in the
 * opposite one, at the moment of contact, both projected on the plane
 * across the normal: a point of their intersection (the corner, the
 * segments' closest point, the clipped segment's middle or the clipped
 * polygon's centroid), lifted to the obstacle's support plane.
 *
 * Against a round obstacle (a sphere, a capsule): the shape moving by d
 * against the fixed obstacle meets it exactly when the obstacle moving by
 * -d meets the fixed shape, at the same u; and a ball or a capsule first
 * meets a solid convex polytope on its boundary, the union of its faces.
 * So the answer is the earliest of the exact sphere or capsule sweeps
 * (collide_sweep_sphere_polygon, collide_sweep_capsule_polygon: public
 * kernels of the core) against each face, placed in the world; u = 0 with
 * the shortest push out when the obstacle's centre (a capsule's first end)
 * starts inside the shape. Their point is on the shape's face at the
 * moment of contact, on the obstacle too; moved with the shape by u d; the
 * normal is reversed (from the obstacle toward the shape); the feature is
 * "face", as a round surface is everywhere. A solid box hull does the same
 * in its own frame with one call of the moving sphere's or capsule's
 * exact kernel against an axis-aligned box (box_round_sweep).
 *
 * Uses only the primitives layer (collide_internal.h's vector helpers);
 * the hull is collide_hull.c's collide_convex.
 */
#include <stdint.h>
#include <stdlib.h>

#include "collide_prims.h"

/* ---- rotations -------------------------------------------------------------- */

/* A rotation matrix by its rows: world = R v. */
typedef struct rot3 { vec3 r[3]; } rot3;

static inline vec3 rot_apply(const rot3 *R, vec3 v) {
  return v3(v_dot(R->r[0], v), v_dot(R->r[1], v), v_dot(R->r[2], v));
}
/* R^T L: a world direction in the shape's frame. */
static vec3 rot_apply_t(const rot3 *R, vec3 L) {
  return v_add(v_add(v_scale(R->r[0], L.x), v_scale(R->r[1], L.y)),
               v_scale(R->r[2], L.z));
}

/* 0, or the reason the rotation is refused. An angle t about z gives the
   rows (cos t, -sin t, 0), (sin t, cos t, 0), (0, 0, 1): a 2D shape stays
   in z = 0 exactly. A quaternion is normalized, then the usual matrix
   (Shoemake, "Animating rotation with quaternion curves", SIGGRAPH 1985):
   the identity for (1, 0, 0, 0), and a turn about z keeps its last row
   (0, 0, 1) exactly. */
/* (a refused number: R cleared too, so that no path leaves it unset for
   a caller that would not see the refusal; clang-tidy's analyzer took
   collide_check_number's answer for a possible 0) */
static int rot_refuse(rot3 *R, double x) {
  memset(R, 0, sizeof *R);
  return collide_check_number(x);
}

static int rot_make(const collide_rotation *q, rot3 *R) {
  if (q->is_angle) {
    double c, s;
    if (!num_ok(q->angle)) return rot_refuse(R, q->angle);
    collide__angle_cos_sin(q->angle, &c, &s);
    R->r[0] = v3(c, -s, 0);
    R->r[1] = v3(s, c, 0);
    R->r[2] = v3(0, 0, 1);
  } else {
    double w = q->w, x = q->x, y = q->y, z = q->z, n2, k;
    if (!num_ok(w)) return rot_refuse(R, w);
    if (!num_ok(x)) return rot_refuse(R, x);
    if (!num_ok(y)) return rot_refuse(R, y);
    if (!num_ok(z)) return rot_refuse(R, z);
    n2 = w * w + x * x + y * y + z * z;
    if (!(fabs(n2 - 1) <= 1e-6)) return COLLIDE_E_NOT_UNIT_ROTATION;
    if (n2 != 1) {
      k = 1 / sqrt(n2);
      w *= k; x *= k; y *= k; z *= k;
    }
    R->r[0] = v3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y));
    R->r[1] = v3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x));
    R->r[2] = v3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y));
  }
  return 0;
}

/* ---- a polytope in the world -------------------------------------------------- */

/* B_PTS: corners pos + p[i]: a hull's corners turned (R v, computed once
   per call), or a triangle's, polygon's or segment's as given (pos = 0),
   flat with unit normal n when np >= 3. B_BOX: the box of centre pos and
   half-extents e along the unit axes ax: an axis-aligned box (ax the
   identity, p NULL) or a hull that is a box about its frame's origin
   (collide.convex_box, or any 8 corners (+-ex, +-ey, +-ez)) turned by R,
   ax the columns of R, h the hull, p NULL: its corners are turned only
   for the contact). */
enum { B_PTS, B_BOX };

/* Faces or edges of one hull turned per call, at most this many (more:
   each turned when its axis is tested, from the hull's lists). */
#define DEDUP 128

typedef struct body {
  int kind, np;
  vec3 pos, n, e, ax[3];
  const vec3 *p;
  const collide_convex *h;   /* the hull, or NULL */
  rot3 R;
  /* face normals and edge directions (not unit) when listed, else NULL */
  const vec3 *fc, *ec;
  int nfc, nec;
  /* a solid hull's every edge (not deduplicated), turned: its direction
     ea[k] and the unit normals of the two faces beside it (its arc on
     the Gauss map: arc_normal); na edges, 0 when not listed */
  const vec3 *ea;
  int na;
  struct hull_scratch *w;    /* a hull whose face axes are not turned yet */
  struct hull_scratch *we;   /* ... whose edges are not turned yet */
  vec3 *corners;            /* a box hull's: room for its corners turned */
  vec3 lo, hi;              /* a hull's turned corners' bounds (B_PTS) */
  const double *x, *y, *z;  /* ... and the corners by coordinate */
} body;

/* A hull's storage for the call. */
/* Hulls of at most ARCS edges and faces list each edge's arc. */
#define ARCS 128

typedef struct hull_scratch {
  vec3 p[COLLIDE_MAX_CONVEX_POINTS], f[DEDUP], e[DEDUP];
  vec3 ea[ARCS];
  /* the turned corners again by coordinate, an even count (the last
     repeated): hull_support's */
  double x[COLLIDE_MAX_CONVEX_POINTS + 1], y[COLLIDE_MAX_CONVEX_POINTS + 1],
         z[COLLIDE_MAX_CONVEX_POINTS + 1];
} hull_scratch;

static int body_vertex_count(const body *b) { return b->p != NULL ? b->np : 8; }

static vec3 body_vertex(const body *b, int i) {
  if (b->p != NULL) return v_add(b->p[i], b->pos);
  if (b->h != NULL) return v_add(rot_apply(&b->R, b->h->vertices[i]), b->pos);
  return v3(b->pos.x + ((i & 4) ? b->e.x : -b->e.x),
            b->pos.y + ((i & 2) ? b->e.y : -b->e.y),
            b->pos.z + ((i & 1) ? b->e.z : -b->e.z));
}

/* [lo, hi] of the body's projection on L. A box's: its centre's
   projection -+ the sum of |L . axis| times the half-extent, the box's
   exact support for the axes it has (an aligned box's axes are exactly
   the coordinate axes; a turned one's are R's columns, the very matrix
   whose turned corners the other bodies' supports use, to rounding). */
static void body_support(const body *b, vec3 L, double *lo, double *hi) {
  double c = v_dot(b->pos, L), mn, mx;
  int i;
  if (b->kind == B_BOX) {
    double r = b->h == NULL
      ? fabs(L.x) * b->e.x + fabs(L.y) * b->e.y + fabs(L.z) * b->e.z
      : fabs(v_dot(b->ax[0], L)) * b->e.x + fabs(v_dot(b->ax[1], L)) * b->e.y +
        fabs(v_dot(b->ax[2], L)) * b->e.z;
    *lo = c - r;
    *hi = c + r;
    return;
  }
  /* (plain comparisons, which compile to min/max instructions without
     branches: every corner and axis is finite, |x| <= COLLIDE_MAX_COORD
     and L of length below HUGE_VAL (sat_axis), so no product is NaN and
     dmin's, dmax's care for one is not needed: the same least and
     greatest) */
  mn = mx = v_dot(b->p[0], L);
  for (i = 1; i < b->np; i++) {
    double t = v_dot(b->p[i], L);
    mn = t < mn ? t : mn;
    mx = t > mx ? t : mx;
  }
  *lo = mn + c;
  *hi = mx + c;
}

/* Edge k of the hull in its frame. */
static vec3 hull_edge_local(const collide_convex *h, int k) {
  return v_sub(h->vertices[h->edges[2 * (size_t)k + 1]],
               h->vertices[h->edges[2 * (size_t)k]]);
}

/* A hull's corners turned, R v (rot_apply's dots), into w->p and by
   coordinate into w->x, y, z (an even count: the last repeated), with
   their bounds for body_bounds. Where SSE2 is there (every x86-64) two
   corners at a time: each lane takes the same products and sums in the
   same order. (The bounds by plain comparisons, the corners being
   finite numbers: the least and greatest of the same numbers but for
   the sign of a zero, which bounds_apart does not see.) */
static void hull_turn(body *b, const collide_convex *h, const rot3 *R, hull_scratch *w) {
  const vec3 *v = h->vertices;
  int i, n = h->vertex_count;
#if defined(__SSE2__)
  __m128d r00 = _mm_set1_pd(R->r[0].x), r01 = _mm_set1_pd(R->r[0].y),
          r02 = _mm_set1_pd(R->r[0].z), r10 = _mm_set1_pd(R->r[1].x),
          r11 = _mm_set1_pd(R->r[1].y), r12 = _mm_set1_pd(R->r[1].z),
          r20 = _mm_set1_pd(R->r[2].x), r21 = _mm_set1_pd(R->r[2].y),
          r22 = _mm_set1_pd(R->r[2].z);
  __m128d x0 = _mm_set1_pd(HUGE_VAL), y0 = x0, z0 = x0;
  __m128d x1 = _mm_set1_pd(-HUGE_VAL), y1 = x1, z1 = x1;
  for (i = 0; i < n; i += 2) {
    int j = i + 1 < n ? i + 1 : i;
    __m128d vx = _mm_set_pd(v[j].x, v[i].x), vy = _mm_set_pd(v[j].y, v[i].y),
            vz = _mm_set_pd(v[j].z, v[i].z);
    __m128d X = _mm_add_pd(_mm_add_pd(_mm_mul_pd(r00, vx), _mm_mul_pd(r01, vy)),
                           _mm_mul_pd(r02, vz));
    __m128d Y = _mm_add_pd(_mm_add_pd(_mm_mul_pd(r10, vx), _mm_mul_pd(r11, vy)),
                           _mm_mul_pd(r12, vz));
    __m128d Z = _mm_add_pd(_mm_add_pd(_mm_mul_pd(r20, vx), _mm_mul_pd(r21, vy)),
                           _mm_mul_pd(r22, vz));
    _mm_storeu_pd(w->x + i, X);
    _mm_storeu_pd(w->y + i, Y);
    _mm_storeu_pd(w->z + i, Z);
    _mm_storel_pd(&w->p[i].x, X);
    _mm_storel_pd(&w->p[i].y, Y);
    _mm_storel_pd(&w->p[i].z, Z);
    _mm_storeh_pd(&w->p[j].x, X);
    _mm_storeh_pd(&w->p[j].y, Y);
    _mm_storeh_pd(&w->p[j].z, Z);
    x0 = _mm_min_pd(x0, X);
    x1 = _mm_max_pd(x1, X);
    y0 = _mm_min_pd(y0, Y);
    y1 = _mm_max_pd(y1, Y);
    z0 = _mm_min_pd(z0, Z);
    z1 = _mm_max_pd(z1, Z);
  }
  x0 = _mm_min_pd(x0, _mm_unpackhi_pd(x0, x0));
  y0 = _mm_min_pd(y0, _mm_unpackhi_pd(y0, y0));
  z0 = _mm_min_pd(z0, _mm_unpackhi_pd(z0, z0));
  x1 = _mm_max_pd(x1, _mm_unpackhi_pd(x1, x1));
  y1 = _mm_max_pd(y1, _mm_unpackhi_pd(y1, y1));
  z1 = _mm_max_pd(z1, _mm_unpackhi_pd(z1, z1));
  b->lo = v3(_mm_cvtsd_f64(x0), _mm_cvtsd_f64(y0), _mm_cvtsd_f64(z0));
  b->hi = v3(_mm_cvtsd_f64(x1), _mm_cvtsd_f64(y1), _mm_cvtsd_f64(z1));
#else
  vec3 q = rot_apply(R, v[0]);
  double x0 = q.x, x1 = q.x, y0 = q.y, y1 = q.y, z0 = q.z, z1 = q.z;
  for (i = 0; i < n; i++) {
    q = rot_apply(R, v[i]);
    w->p[i] = q;
    w->x[i] = q.x;
    w->y[i] = q.y;
    w->z[i] = q.z;
    x0 = q.x < x0 ? q.x : x0;
    x1 = q.x > x1 ? q.x : x1;
    y0 = q.y < y0 ? q.y : y0;
    y1 = q.y > y1 ? q.y : y1;
    z0 = q.z < z0 ? q.z : z0;
    z1 = q.z > z1 ? q.z : z1;
  }
  w->x[n] = q.x;
  w->y[n] = q.y;
  w->z[n] = q.z;
  b->lo = v3(x0, y0, z0);
  b->hi = v3(x1, y1, z1);
#endif
  b->x = w->x;
  b->y = w->y;
  b->z = w->z;
}

/* The hull h turned by R, its frame's origin at pos, into b (w: the
   storage of its turned corners and axes). Its axes are the hull's own
   lists (collide_hull.c: the face normals and edge directions without
   repeats up to sign, made once when it was built): the same axes, so
   the same answer, fewer of them (a box: 3 of 6 faces, 3 of 12 edges). */
static void hull_body(body *b, const collide_convex *h, const rot3 *R, vec3 pos,
                      hull_scratch *w) {
  int i;
  b->h = h;
  b->R = *R;
  b->pos = pos;
  b->n = v3(0, 0, 0);
  b->np = h->vertex_count;
  b->na = 0;
  b->w = b->we = NULL;
  if (h->box) {
    /* a box about its frame's origin (collide.convex_box, or any 8
       corners (+-ex, +-ey, +-ez)): swept as an oriented box, its corners
       turned only when a contact needs them */
    b->e = h->box_extents;
    b->kind = B_BOX;
    b->p = NULL;
    b->corners = w->p;
    /* R's columns: R applied to the unit axes, exactly */
    for (i = 0; i < 3; i++)
      b->ax[i] = v3(i == 0 ? R->r[0].x : i == 1 ? R->r[0].y : R->r[0].z,
                    i == 0 ? R->r[1].x : i == 1 ? R->r[1].y : R->r[1].z,
                    i == 0 ? R->r[2].x : i == 1 ? R->r[2].y : R->r[2].z);
    b->fc = b->ec = b->ax;
    b->nfc = b->nec = 3;
    return;
  }
  b->kind = B_PTS;
  b->p = w->p;
  hull_turn(b, h, R, w);
  b->fc = b->ec = NULL;
  b->w = w;   /* (its axes: hull_axes, once the bounds meet) */
}

/* A hull body's face axes turned (when at most DEDUP). */
static void hull_axes(body *b) {
  hull_scratch *w = b->w;
  const collide_convex *h = b->h;
  int i;
  b->w = NULL;
  b->we = w;
  if (h->axis_face_count <= DEDUP) {
    for (i = 0; i < h->axis_face_count; i++) w->f[i] = rot_apply(&b->R, h->axis_faces[i]);
    b->fc = w->f;
    b->nfc = h->axis_face_count;
  }
}

/* A hull body's edges turned, once its faces have not parted the shapes:
   with their arcs (a solid hull of at most ARCS edges and faces), else
   without repeats (when at most DEDUP). */
static void hull_edge_axes(body *b) {
  hull_scratch *w = b->we;
  const collide_convex *h = b->h;
  int i;
  b->we = NULL;
  if (!h->flat && h->edge_count <= ARCS && h->face_count <= ARCS && b->fc != NULL) {
    for (i = 0; i < h->edge_count; i++) w->ea[i] = rot_apply(&b->R, hull_edge_local(h, i));
    b->ea = w->ea;
    b->na = h->edge_count;
    /* (the edges are read from ea; listed for the count) */
    b->ec = w->ea;
    b->nec = b->na;
    return;
  }
  if (h->axis_edge_count <= DEDUP) {
    for (i = 0; i < h->axis_edge_count; i++) w->e[i] = rot_apply(&b->R, h->axis_edges[i]);
    b->ec = w->e;
    b->nec = h->axis_edge_count;
  }
}

/* The unit normal of face ef[2k + s] beside a listed edge k of a hull
   body: its turned face axis, negated for an odd face_axis (-(R v) is
   R (-v) exactly). */
static vec3 arc_normal(const body *b, int k, int s) {
  int a = b->h->face_axis[b->h->edge_faces[2 * (size_t)k + s]];
  return (a & 1) ? v_neg(b->fc[a >> 1]) : b->fc[a >> 1];
}

/* A hull body's extent along its face axis i turned (the hull's list:
   exact but for the turn's rounding), or NULL (not a hull's face axis). */
static const double *face_range(const body *b, int i) {
  return b->h != NULL && b->kind == B_PTS ? &b->h->axis_face_range[2 * (size_t)i] : NULL;
}

/* Given points (pos = 0): a segment (np = 2) or a flat polygon of unit
   normal n. */
static void points_body(body *b, const vec3 *v, int np, vec3 n) {
  b->kind = B_PTS;
  b->pos = v3(0, 0, 0);
  b->p = v;
  b->np = np;
  b->n = n;
  b->h = NULL;
  b->fc = b->ec = NULL;
  b->na = 0;
  b->w = b->we = NULL;
}

/* Face normals (not unit): a hull's (with a flat hull's side normals), a
   flat point set's normal and side normals, a box's axes. */
static int body_face_count(const body *b) {
  if (b->fc != NULL) return b->nfc;
  if (b->h != NULL) return b->h->axis_face_count;
  return b->np >= 3 ? 1 + b->np : 0;
}

static vec3 body_face(const body *b, int i) {
  if (b->fc != NULL) return b->fc[i];
  if (b->h != NULL) return rot_apply(&b->R, b->h->axis_faces[i]);
  if (i == 0) return b->n;
  return v_cross(b->n, v_sub(b->p[i % b->np], b->p[i - 1]));
}

/* Edge directions (not unit), with a flat shape's normal last. */
static int body_edge_count(const body *b) {
  if (b->ec != NULL) return b->nec;
  if (b->h != NULL) return b->h->axis_edge_count;
  return b->np >= 3 ? b->np + 1 : 1;
}

static vec3 body_edge(const body *b, int j) {
  if (b->ec != NULL) return b->ec[j];
  if (b->h != NULL) return rot_apply(&b->R, b->h->axis_edges[j]);
  if (b->np == 2) return v_sub(b->p[1], b->p[0]);
  if (j == b->np) return b->n;
  return v_sub(b->p[(j + 1) % b->np], b->p[j]);
}

/* The body's bounding box, lo and hi, and the size its rounding is
   relative to. */
static void body_bounds(const body *b, vec3 *lo, vec3 *hi) {
  vec3 h;
  int i;
  if (b->kind == B_BOX && b->h == NULL) {
    h = b->e;
  } else if (b->kind == B_BOX) {
    h = v3(fabs(b->ax[0].x) * b->e.x + fabs(b->ax[1].x) * b->e.y + fabs(b->ax[2].x) * b->e.z,
           fabs(b->ax[0].y) * b->e.x + fabs(b->ax[1].y) * b->e.y + fabs(b->ax[2].y) * b->e.z,
           fabs(b->ax[0].z) * b->e.x + fabs(b->ax[1].z) * b->e.y + fabs(b->ax[2].z) * b->e.z);
  } else if (b->h != NULL) {
    /* a hull's turned corners: their bounds from hull_body */
    *lo = v_add(b->lo, b->pos);
    *hi = v_add(b->hi, b->pos);
    return;
  } else {
    /* (plain comparisons: finite corners, as in body_support) */
    vec3 mn = b->p[0], mx = b->p[0];
    for (i = 1; i < b->np; i++) {
      vec3 q = b->p[i];
      mn = v3(q.x < mn.x ? q.x : mn.x, q.y < mn.y ? q.y : mn.y, q.z < mn.z ? q.z : mn.z);
      mx = v3(q.x > mx.x ? q.x : mx.x, q.y > mx.y ? q.y : mx.y, q.z > mx.z ? q.z : mx.z);
    }
    *lo = v_add(mn, b->pos);
    *hi = v_add(mx, b->pos);
    return;
  }
  *lo = v_sub(b->pos, h);
  *hi = v_add(b->pos, h);
}

/* 1 when A swept by d and B are surely apart: their bounding boxes (A's
   over the whole motion) are apart along a coordinate axis by more than
   the rounding of their corners (turned corners: a few units of rounding
   of the hull's radius; 1e-12 of the sizes is thousands of them). Then
   the exact shapes are apart too, and so is every axis' verdict. */
static int bounds_apart(const body *A, vec3 d, const body *B) {
  vec3 alo, ahi, blo, bhi;
  double ra = A->h != NULL ? A->h->radius : 0, rb = B->h != NULL ? B->h->radius : 0;
  int k;
  body_bounds(A, &alo, &ahi);
  body_bounds(B, &blo, &bhi);
  for (k = 0; k < 3; k++) {
    double dk = k == 0 ? d.x : k == 1 ? d.y : d.z;
    double a0 = k == 0 ? alo.x : k == 1 ? alo.y : alo.z;
    double a1 = k == 0 ? ahi.x : k == 1 ? ahi.y : ahi.z;
    double b0 = k == 0 ? blo.x : k == 1 ? blo.y : blo.z;
    double b1 = k == 0 ? bhi.x : k == 1 ? bhi.y : bhi.z;
    double tol;
    if (dk < 0) a0 += dk;
    else a1 += dk;
    tol = 1e-12 * (dmax(fabs(a0), fabs(a1)) + dmax(fabs(b0), fabs(b1)) + ra + rb);
    if (a0 > b1 + tol || b0 > a1 + tol) return 1;
  }
  return 0;
}

/* 1 when the ball of radius r about a hull's origin, moving from c0 to
   c1, and the np points v are surely apart, by bounds_apart's test on
   boxes that hold the hull's and the points' (a turned corner is within
   r of the origin, to a few units of rounding): the box of the ball's
   motion holds the hull's swept box, so its gap is no wider and its
   tolerance (1e-12 of its larger coordinates) no smaller, and whenever
   this says apart, bounds_apart says so too, before a corner is turned. */
static int ball_apart(double r, vec3 c0, vec3 c1, const vec3 *v, int np) {
  int k, i;
  for (k = 0; k < 3; k++) {
    double p0 = k == 0 ? c0.x : k == 1 ? c0.y : c0.z;
    double p1 = k == 0 ? c1.x : k == 1 ? c1.y : c1.z;
    double a0 = (p0 < p1 ? p0 : p1) - r, a1 = (p0 < p1 ? p1 : p0) + r, b0, b1, tol;
    b0 = b1 = k == 0 ? v[0].x : k == 1 ? v[0].y : v[0].z;
    for (i = 1; i < np; i++) {
      double t = k == 0 ? v[i].x : k == 1 ? v[i].y : v[i].z;
      b0 = t < b0 ? t : b0;
      b1 = t > b1 ? t : b1;
    }
    tol = 1e-12 * (dmax(fabs(a0), fabs(a1)) + dmax(fabs(b0), fabs(b1)) + r);
    if (a0 > b1 + tol || b0 > a1 + tol) return 1;
  }
  return 0;
}

/* ---- the sweep over the axes ----------------------------------------------------- */

typedef struct sat {
  vec3 d;                 /* A's motion */
  double t_in, t_out;     /* the intersection of the overlap intervals */
  vec3 axis;              /* the axis of the latest entry, toward A */
  int has_axis;
  int axis_of_b;          /* that axis is one of B's face normals */
  int cur_of_b;           /* the axis being tested is one of B's faces */
  /* at u = 0: the least penetration among the axes, and along an axis
     of no extent on either shape (two flat shapes in one plane); kept
     only while every axis so far lets the shapes overlap at the start
     (t_in still 0: the answer is u = 0 exactly when that lasts to the
     last axis, and then each axis has been counted) */
  double pen;
  vec3 pen_axis;
  int has_pen, flat_pen, thin_done;
  vec3 flat_axis;
  int miss;
} sat;

/* The start of every axis: 0 to skip L (a miss already, or L zero),
   else 1 with *len2 its squared length, L rescaled first when tiny or
   huge (then *scaled: a listed extent along it no longer applies). Tiny
   is below 2^-600, not only 0: a side normal of a flat hull 1e-160
   across is about 1e-160 long, its square and the supports along it
   (1e-320) lose their digits to underflow, and the sweep's u was off by
   up to 5% (1e-162). */
static inline int sat_begin(const sat *s, vec3 *L, double *len2, int *scaled) {
  if (s->miss || (L->x == 0 && L->y == 0 && L->z == 0)) return 0;
  *len2 = v_len2(*L);
  *scaled = 0;
  if (!(*len2 > 0x1p-600) || !(*len2 < HUGE_VAL)) {
    *L = v_normalize(*L);
    *len2 = 1;
    *scaled = 1;
  }
  return 1;
}

/* [lo, hi] of n points p (at pos) on L: body_support's for B_PTS, the
   same operations in the same order, for callers that know the points
   (a hull's turned corners, a triangle's three). */
static inline void pts_support(const vec3 *p, int n, vec3 pos, vec3 L, double *lo,
                               double *hi) {
  double c = v_dot(pos, L), mn, mx;
  int i;
  mn = mx = v_dot(p[0], L);
  for (i = 1; i < n; i++) {
    double t = v_dot(p[i], L);
    mn = dmin(mn, t);
    mx = dmax(mx, t);
  }
  *lo = mn + c;
  *hi = mx + c;
}

static void sat_fold(sat *s, vec3 L, double len2, double alo, double ahi, double blo,
                     double bhi);

/* pts_support of a hull body's turned corners (hull_body's x, y, z),
   two corners at a time where SSE2 is there (every x86-64): each lane
   computes x Lx + y Ly + z Lz as v_dot does, in the same order, and the
   least and greatest of the same numbers are the same numbers (but for
   the sign of a zero, which no comparison of the sweep sees). */
static inline void hull_support(const body *b, vec3 L, double *lo, double *hi) {
  double c = v_dot(b->pos, L), mn, mx;
  int i, n = b->np;
#if defined(__SSE2__)
  __m128d lx = _mm_set1_pd(L.x), ly = _mm_set1_pd(L.y), lz = _mm_set1_pd(L.z);
  __m128d t = _mm_add_pd(_mm_add_pd(_mm_mul_pd(_mm_loadu_pd(b->x), lx),
                                    _mm_mul_pd(_mm_loadu_pd(b->y), ly)),
                         _mm_mul_pd(_mm_loadu_pd(b->z), lz));
  __m128d vmn = t, vmx = t;
  for (i = 2; i < n; i += 2) {
    t = _mm_add_pd(_mm_add_pd(_mm_mul_pd(_mm_loadu_pd(b->x + i), lx),
                              _mm_mul_pd(_mm_loadu_pd(b->y + i), ly)),
                   _mm_mul_pd(_mm_loadu_pd(b->z + i), lz));
    vmn = _mm_min_pd(vmn, t);
    vmx = _mm_max_pd(vmx, t);
  }
  vmn = _mm_min_pd(vmn, _mm_unpackhi_pd(vmn, vmn));
  vmx = _mm_max_pd(vmx, _mm_unpackhi_pd(vmx, vmx));
  mn = _mm_cvtsd_f64(vmn);
  mx = _mm_cvtsd_f64(vmx);
#else
  mn = mx = b->x[0] * L.x + b->y[0] * L.y + b->z[0] * L.z;
  for (i = 1; i < n; i++) {
    double t = b->x[i] * L.x + b->y[i] * L.y + b->z[i] * L.z;
    mn = t < mn ? t : mn;
    mx = t > mx ? t : mx;
  }
#endif
  *lo = mn + c;
  *hi = mx + c;
}

/* The axis L (A's face axis with its extent ra about A's origin, B's
   with rb, else NULL). */
static void sat_axis(sat *s, const body *A, const body *B, vec3 L,
                     const double *ra, const double *rb) {
  double alo, ahi, blo, bhi, len2;
  int scaled;
  if (!sat_begin(s, &L, &len2, &scaled)) return;
  if (scaled) ra = rb = NULL;
  if (ra != NULL) {
    double c = v_dot(A->pos, L);
    alo = ra[0] + c;
    ahi = ra[1] + c;
  } else {
    body_support(A, L, &alo, &ahi);
  }
  if (rb != NULL) {
    double c = v_dot(B->pos, L);
    blo = rb[0] + c;
    bhi = rb[1] + c;
  } else {
    body_support(B, L, &blo, &bhi);
  }
  sat_fold(s, L, len2, alo, ahi, blo, bhi);
}

/* sat_axis for a hull's turned corners A (B_PTS, its face axis i when
   ra is its listed extent) against a triangle B (three given corners):
   the same numbers, the supports inlined (the hull against a triangle
   is the world's most frequent pair of a convex mover). */
static inline void sat_axis_tri(sat *s, const body *A, const body *B, vec3 L,
                                const double *ra) {
  double alo, ahi, blo, bhi, len2;
  int scaled;
  if (!sat_begin(s, &L, &len2, &scaled)) return;
  if (ra != NULL && !scaled) {
    double c = v_dot(A->pos, L);
    alo = ra[0] + c;
    ahi = ra[1] + c;
  } else {
    hull_support(A, L, &alo, &ahi);
  }
  pts_support(B->p, 3, B->pos, L, &blo, &bhi);
  sat_fold(s, L, len2, alo, ahi, blo, bhi);
}

/* The overlap of the projections [alo + u d.L, ahi + u d.L] and [blo,
   bhi] on L (len2 its squared length) folded into s. */
static void sat_fold(sat *s, vec3 L, double len2, double alo, double ahi, double blo,
                     double bhi) {
  double sd, g1, g2, lo, hi;
  vec3 toward;
  /* Both shapes flat (to 1e-12) across L: two flat shapes in parallel
     planes, or a flat shape and a segment parallel to it, and L is their
     common normal. Each such axis gives a single instant (the planes
     meet), the same one but for rounding, which differs with L's length:
     two of them could leave an empty intersection, a contact missed.
     Only the first (the obstacle's own normal comes first) is taken. */
  if (ahi - alo <= 1e-12 * (fabs(alo) + fabs(ahi)) &&
      bhi - blo <= 1e-12 * (fabs(blo) + fabs(bhi))) {
    if (s->thin_done) return;
    s->thin_done = 1;
  }
  sd = v_dot(s->d, L);
  /* overlap at u: alo + u sd <= bhi and ahi + u sd >= blo */
  g1 = bhi - alo;
  g2 = blo - ahi;
  if (sd > 0) {
    hi = g1 / sd;
    lo = g2 / sd;
    toward = v_neg(L);       /* A comes from below B along L */
  } else if (sd < 0) {
    hi = g2 / sd;
    lo = g1 / sd;
    toward = L;
  } else {
    if (g1 < 0 || g2 > 0) { s->miss = 1; return; }
    lo = -HUGE_VAL;
    hi = HUGE_VAL;
    toward = L;
  }
  if (lo > s->t_in) {
    /* An entry later than one along B's face only by the rounding of the
       two quotients (each g / sd is within a few ulps of the scene's
       coordinates over |sd|) is the same moment: the first contact is
       then on an edge of the Minkowski difference where B's face meets
       another, and B's face normal is kept as the normal (the obstacle's
       surface, along which a mover slides, as the box and capsule
       kernels answer: a box's corner at a ramp's foot goes up the ramp
       rather than stopping at the box's own face). u is still the
       latest entry. */
    double tie = 64 * DBL_EPSILON * (fabs(alo) + fabs(ahi) + fabs(blo) + fabs(bhi)) / fabs(sd);
    int keep = s->has_axis && s->axis_of_b && !s->cur_of_b && tie <= 1e-9 &&
               lo - s->t_in <= tie;
    s->t_in = lo;
    if (!keep) {
      s->axis = toward;
      s->has_axis = 1;
      s->axis_of_b = s->cur_of_b;
    }
  }
  if (hi < s->t_out) s->t_out = hi;
  if (s->t_in > s->t_out) { s->miss = 1; return; }
  if (s->t_in > 0) return;
  /* the push out at u = 0 along L: up by bhi - alo (normal +L) or down
     by ahi - blo (normal -L), per unit of L */
  if (alo == ahi && blo == bhi) {
    if (!s->flat_pen) {
      s->flat_pen = 1;
      s->flat_axis = (v_dot(L, s->d) <= 0) ? L : v_neg(L);
    }
    return;
  }
  {
    double len = sqrt(len2);
    double up = (bhi - alo) / len, down = (ahi - blo) / len, p;
    vec3 n;
    if (up < down || (up == down && v_dot(L, s->d) <= 0)) {
      p = up;
      n = L;
    } else {
      p = down;
      n = v_neg(L);
    }
    if (!s->has_pen || p < s->pen ||
        (p == s->pen && v_dot(n, s->d) / len < v_dot(s->pen_axis, s->d) /
                                               v_len(s->pen_axis))) {
      s->pen = p;
      s->pen_axis = n;
      s->has_pen = 1;
    }
  }
}

/* -1, 0 or 1: the sign of x, 0 within tol of 0. */
/* (as a difference of comparisons: no branch to mispredict) */
static int sign_tol(double x, double tol) { return (x > tol) - (x < -tol); }

/* Can the edge of A whose arc on the Gauss map runs from n1 to n2 (the
   unit normals of its faces) and B's edge j make a face of the Minkowski
   difference A - B (Gottschalk's edge-edge axes are needed only for
   those; D. Gregorius, "The Separating Axis Test between Convex
   Polyhedra", GDC 2013)? B's edge is a hull's, with its arc (-m1, -m2)
   in the difference: the two arcs must cross (triple products, below);
   else a box's, a segment's, or a flat polygon's side or normal, whose
   arcs together cover the whole great circle across its direction e (a
   polygon's side: half of it, so this keeps more than needed): A's arc
   must cross the plane across e. Signs within 1e-6 of zero count as a
   crossing: kept when in doubt, as an axis more is never wrong (every
   axis is a valid separating test; only those the difference's faces
   give are needed for the first contact). */
static int arcs_meet(vec3 n1, vec3 n2, const body *B, int j, vec3 e) {
  const double tol = 1e-6;
  if (B->na > 0) {
    vec3 c = v_neg(arc_normal(B, j, 0)), d = v_neg(arc_normal(B, j, 1));
    vec3 ba = v_cross(n2, n1), dc = v_cross(d, c);
    int cba = sign_tol(v_dot(c, ba), tol), dba = sign_tol(v_dot(d, ba), tol);
    int adc = sign_tol(v_dot(n1, dc), tol), bdc = sign_tol(v_dot(n2, dc), tol);
    return !(cba * dba > 0 || adc * bdc > 0 || cba * bdc < 0);
  }
  {
    double m = dmax(fabs(e.x), dmax(fabs(e.y), fabs(e.z)));
    return sign_tol(v_dot(n1, e), tol * m) * sign_tol(v_dot(n2, e), tol * m) <= 0;
  }
}

/* Both bodies solid hulls with their arcs listed: each edge i of A with
   each edge j of B whose arcs meet, arcs_meet's test with what it reads
   made once per call or per edge rather than once per pair. A's arc ends
   n1, n2 (A's face normals) and n2 x n1; B's reversed arc ends c, d (B's
   face normals negated) and d x c. c . (n2 x n1), d . (n2 x n1): the
   side of A's arc's plane each of B's faces is on, one dot product per
   face axis of B and edge of A (sb, made per edge of A, with both
   signs), read for the two faces beside each edge of B; n1 . (d x c), n2 . (d x c) for the
   pairs that pass that. Each product is computed as arcs_meet computes
   it, up to an exact negation (-x . y is x . y negated, sign_tol odd), so
   the same pairs are kept and the same axes tested in the same order:
   the same answer, with 11 dot products per edge of A for the first test
   where there were 2 per pair (two 8-corner hulls: 17 edges, 11 faces
   each; 187 products where there were 578, with 578 cross products made
   34). */
static void sat_hull_pairs(sat *s, const body *A, const body *B) {
  vec3 an1[ARCS], an2[ARCS], bdc[ARCS];
  int sb[2 * DEDUP];
  const int *fa = B->h->face_axis, *ef = B->h->edge_faces;
  const double tol = 1e-6;
  int i, j, k;
  for (i = 0; i < A->na; i++) {
    an1[i] = arc_normal(A, i, 0);
    an2[i] = arc_normal(A, i, 1);
  }
  for (j = 0; j < B->na; j++)
    bdc[j] = v_cross(v_neg(arc_normal(B, j, 1)), v_neg(arc_normal(B, j, 0)));
  for (i = 0; i < A->na && !s->miss; i++) {
    vec3 ba = v_cross(an2[i], an1[i]);
    /* the sign of c . ba for B's face of face_axis a: c is fc[a / 2],
       negated for an even a (c is the face's normal reversed) */
    for (k = 0; k < B->nfc; k++) {
      sb[2 * (size_t)k + 1] = sign_tol(v_dot(B->fc[k], ba), tol);
      sb[2 * (size_t)k] = -sb[2 * (size_t)k + 1];
    }
    for (j = 0; j < B->na && !s->miss; j++) {
      int cba = sb[fa[ef[2 * (size_t)j]]], dba = sb[fa[ef[2 * (size_t)j + 1]]];
      int adc, bdc_;
      if (cba * dba > 0) continue;
      adc = sign_tol(v_dot(an1[i], bdc[j]), tol);
      bdc_ = sign_tol(v_dot(an2[i], bdc[j]), tol);
      if (adc * bdc_ > 0 || cba * bdc_ < 0) continue;
      sat_axis(s, A, B, v_cross(A->ea[i], B->ea[j]), NULL, NULL);
    }
  }
}

/* A body with volume (a solid hull, a box with no zero extent); a flat
   one with a normal (a flat hull, a triangle or polygon), whose face 0
   is that normal and whose last edge direction too. */
static int is_solid(const body *b) {
  if (b->h != NULL) return !b->h->flat;
  return b->kind == B_BOX && b->e.x > 0 && b->e.y > 0 && b->e.z > 0;
}
static int has_normal(const body *b) {
  return b->h != NULL ? b->h->flat : (b->kind == B_PTS && b->np >= 3);
}

/* Runs every axis: B's faces (its own normal first), A's, then the cross
   product of each edge of A with each of B (of a solid hull A with its
   arcs listed: each edge, with the edges of B whose arcs meet its arc);
   1 with t_in the first contact, 0 for a miss. A flat shape's side
   normals and its normal as an edge (the thin prism's) are for two flat
   shapes; against a solid the faces of the Minkowski difference are the
   solid's faces, the flat shape's plane and the crossings of their edges
   (each face of a Minkowski sum is the sum of a face of each with the
   same outer normal, dimensions adding to 2), so they are left out. */
static int sat_run(sat *s, body *A, body *B) {
  vec3 eb_list[ARCS];
  int i, j, fa = body_face_count(A), fb = body_face_count(B), ea, eb, tri, lazy;
  if (is_solid(A) && has_normal(B)) fb = 1;
  if (is_solid(B) && has_normal(A)) fa = 1;
  s->t_in = 0;
  s->t_out = 1;
  s->has_axis = s->has_pen = s->flat_pen = s->thin_done = s->miss = 0;
  s->axis_of_b = 0;
  s->cur_of_b = 1;
  /* (a hull's turned corners against a triangle: the same axes in the
     same order through sat_axis_tri, B's face 0 its normal) */
  tri = A->kind == B_PTS && A->h != NULL && B->h == NULL && B->kind == B_PTS && B->np == 3;
  if (tri && fb == 1) {
    sat_axis_tri(s, A, B, B->n, NULL);
  } else {
    for (i = 0; i < fb && !s->miss; i++) sat_axis(s, A, B, body_face(B, i), NULL, face_range(B, i));
  }
  s->cur_of_b = 0;
  if (tri && A->fc != NULL) {
    const double *rg = A->h->axis_face_range;
    for (i = 0; i < fa && !s->miss; i++) sat_axis_tri(s, A, B, A->fc[i], rg + 2 * (size_t)i);
  } else {
    for (i = 0; i < fa && !s->miss; i++) sat_axis(s, A, B, body_face(A, i), face_range(A, i), NULL);
  }
  if (s->miss) return 0;
  lazy = 0;
  if (tri && A->we != NULL && !A->h->flat && A->h->edge_count <= ARCS &&
      A->h->face_count <= ARCS && A->fc != NULL) {
    /* hull_edge_axes' listing with its arcs, each edge turned only when
       one of its pairs with the triangle's sides passes (the same turn,
       rot_apply of the same difference) */
    A->we = NULL;
    A->ea = NULL;
    A->na = A->h->edge_count;
    lazy = 1;
  }
  if (A->we != NULL) hull_edge_axes(A);
  if (B->we != NULL) hull_edge_axes(B);
  ea = body_edge_count(A);
  eb = B->na > 0 ? B->na : body_edge_count(B);
  if (is_solid(A) && has_normal(B)) eb--;
  if (is_solid(B) && has_normal(A)) ea--;
  /* B's edges once (each is crossed with every edge of A) */
  for (j = 0; j < eb && j < ARCS; j++)
    eb_list[j] = B->na > 0 ? B->ea[j] : body_edge(B, j);
  if (A->na > 0 && B->na == 0 && eb <= 4) {
    /* B a box, a segment, a triangle or a quad: arcs_meet's test (A's
       arc crosses the plane across B's edge e) from the side of that
       plane each of A's faces is on, found once per face axis and edge
       of B rather than twice per edge of A and edge of B (the same
       signs: -x is x negated exactly, and sign_tol is odd) */
    /* A flat polygon's side j (a triangle's, a quad's) has as arc only
       the half of that circle on its outer side m (the directions in
       which it is B's support: across the side and m . x >= 0), so in
       the difference A - B the half with m . x <= 0; A's arc meets the
       circle at x = |n2 . e| n1 + |n1 . e| n2 (on the arc between n1
       and n2, x . e = 0), which must not be surely on the outer half:
       m . x > 1e-6 of its bound |x| |m| leaves the axis out. */
    double dv[DEDUP][4], dm[DEDUP][4], tl[4], ml[4];
    unsigned char sp[DEDUP] = {0}, sn[DEDUP] = {0};
    vec3 m[4];
    int k, half = B->h == NULL && B->p != NULL && B->np >= 3 && B->np == eb;
    for (j = 0; j < eb; j++) {
      vec3 e = eb_list[j];
      tl[j] = 1e-6 * dmax(fabs(e.x), dmax(fabs(e.y), fabs(e.z)));
    }
    if (half) {
      /* outward: away from the corners' centroid (whatever the order) */
      vec3 c = v3(0, 0, 0);
      for (j = 0; j < eb; j++) c = v_add(c, B->p[j]);
      c = v_scale(c, 1.0 / eb);
      for (j = 0; j < eb && half; j++) {
        double side;
        m[j] = v_cross(eb_list[j], B->n);
        side = v_dot(m[j], v_sub(B->p[j], c));
        if (side < 0) m[j] = v_neg(m[j]);
        else if (!(side > 0)) half = 0;
        ml[j] = 1e-6 * (fabs(m[j].x) + fabs(m[j].y) + fabs(m[j].z));
      }
    }
    /* (each face axis' side of each edge j of B once, also as bits j
       of sp (sign_tol 1) and sn (-1); an odd face_axis' sides are the
       negations, sign_tol being odd, so its bits swap. An edge of A and
       B's edge j are left out when both faces beside A's edge have sign
       1, or both -1: the bits of the edges j kept are those of
       neither.) */
    for (k = 0; k < A->nfc; k++) {
      sp[k] = sn[k] = 0;
      for (j = 0; j < eb; j++) {
        int sgn;
        dv[k][j] = v_dot(A->fc[k], eb_list[j]);
        sgn = sign_tol(dv[k][j], tl[j]);
        if (sgn > 0) sp[k] |= (unsigned char)(1u << j);
        if (sgn < 0) sn[k] |= (unsigned char)(1u << j);
        dm[k][j] = half ? v_dot(A->fc[k], m[j]) : 0;
      }
    }
    for (i = 0; i < A->na && !s->miss; i++) {
      int f1 = A->h->face_axis[A->h->edge_faces[2 * (size_t)i]];
      int f2 = A->h->face_axis[A->h->edge_faces[2 * (size_t)i + 1]];
      int k1 = f1 >> 1, k2 = f2 >> 1, have = 0;
      unsigned p1 = (f1 & 1) ? sn[k1] : sp[k1], n1 = (f1 & 1) ? sp[k1] : sn[k1];
      unsigned p2 = (f2 & 1) ? sn[k2] : sp[k2], n2 = (f2 & 1) ? sp[k2] : sn[k2];
      unsigned keep = ~((p1 & p2) | (n1 & n2)) & ((1u << eb) - 1);
      vec3 ei = v3(0, 0, 0);
      for (j = 0; keep != 0 && !s->miss; j++, keep >>= 1) {
        double d1, d2;
        if (!(keep & 1)) continue;
        d1 = (f1 & 1) ? -dv[k1][j] : dv[k1][j];
        d2 = (f2 & 1) ? -dv[k2][j] : dv[k2][j];
        if (half) {
          double m1 = (f1 & 1) ? -dm[k1][j] : dm[k1][j];
          double m2 = (f2 & 1) ? -dm[k2][j] : dm[k2][j];
          if (fabs(d2) * m1 + fabs(d1) * m2 > (fabs(d1) + fabs(d2)) * ml[j]) continue;
        }
        if (!have) {
          ei = lazy ? rot_apply(&A->R, hull_edge_local(A->h, i)) : A->ea[i];
          have = 1;
        }
        if (tri) sat_axis_tri(s, A, B, v_cross(ei, eb_list[j]), NULL);
        else sat_axis(s, A, B, v_cross(ei, eb_list[j]), NULL, NULL);
      }
    }
    return !s->miss;
  }
  if (A->na > 0 && B->na > 0) {
    sat_hull_pairs(s, A, B);
    return !s->miss;
  }
  if (A->na > 0 && eb <= ARCS) {
    for (i = 0; i < A->na && !s->miss; i++) {
      vec3 e = A->ea[i], n1 = arc_normal(A, i, 0), n2 = arc_normal(A, i, 1);
      for (j = 0; j < eb && !s->miss; j++)
        if (arcs_meet(n1, n2, B, j, eb_list[j]))
          sat_axis(s, A, B, v_cross(e, eb_list[j]), NULL, NULL);
    }
    return !s->miss;
  }
  if (A->kind == B_BOX && B->na > 0) {
    /* a box's edges along each axis a have arcs covering the whole great
       circle across a: an edge of B is kept when its arc crosses the
       plane across a (arcs_meet, the roles swapped) */
    for (i = 0; i < 3 && !s->miss; i++) {
      vec3 e = A->ax[i];
      for (j = 0; j < B->na && !s->miss; j++)
        if (sign_tol(v_dot(arc_normal(B, j, 0), e), 1e-6) *
            sign_tol(v_dot(arc_normal(B, j, 1), e), 1e-6) <= 0)
          sat_axis(s, A, B, v_cross(e, B->ea[j]), NULL, NULL);
    }
    return !s->miss;
  }
  if (B->na > 0) {   /* (B's listed edges, A's all; else listed above) */
    eb = body_edge_count(B);
    for (j = 0; j < eb && j < ARCS; j++) eb_list[j] = body_edge(B, j);
  }
  for (i = 0; i < ea && !s->miss; i++) {
    vec3 e = body_edge(A, i);
    for (j = 0; j < eb && !s->miss; j++)
      sat_axis(s, A, B, v_cross(e, j < ARCS ? eb_list[j] : body_edge(B, j)), NULL, NULL);
  }
  return !s->miss;
}

/* ---- the point of contact ------------------------------------------------------- */

#define MAXS (COLLIDE_MAX_CONVEX_POINTS + 8)

/* 2D points on the plane across the normal. */
typedef struct p2 { double x, y; } p2;

static double cross2(p2 o, p2 a, p2 b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* Orders n points (a convex set) counter-clockwise about their centroid. */
static void order_ccw(p2 *p, int n) {
  double cx = 0, cy = 0, ang[MAXS];
  int i, j;
  for (i = 0; i < n; i++) { cx += p[i].x; cy += p[i].y; }
  cx /= n;
  cy /= n;
  for (i = 0; i < n; i++) ang[i] = atan2(p[i].y - cy, p[i].x - cx);
  for (i = 1; i < n; i++) {
    p2 q = p[i];
    double a = ang[i];
    for (j = i; j > 0 && ang[j - 1] > a; j--) {
      p[j] = p[j - 1];
      ang[j] = ang[j - 1];
    }
    p[j] = q;
    ang[j] = a;
  }
}

/* The part [t0, t1] of segment a-b inside the convex polygon q (ccw):
   Cyrus-Beck; 0 when none. */
static int clip_segment(p2 a, p2 b, const p2 *q, int m, double *t0, double *t1) {
  int i;
  *t0 = 0;
  *t1 = 1;
  for (i = 0; i < m; i++) {
    p2 e0 = q[i], e1 = q[(i + 1) % m];
    double fa = cross2(e0, e1, a), fb = cross2(e0, e1, b);   /* >= 0 inside */
    if (fa < 0 && fb < 0) return 0;
    if (fa < 0) *t0 = dmax(*t0, fa / (fa - fb));
    else if (fb < 0) *t1 = dmin(*t1, fa / (fa - fb));
  }
  return *t0 <= *t1;
}

/* Sutherland-Hodgman: polygon p (n, ccw) clipped by the convex polygon q
   (m, ccw) into out; the count. */
static int clip_polygon(const p2 *p, int n, const p2 *q, int m, p2 *out, p2 *tmp) {
  int i, k, cnt = n;
  for (i = 0; i < n; i++) out[i] = p[i];
  for (k = 0; k < m && cnt > 0; k++) {
    p2 e0 = q[k], e1 = q[(k + 1) % m];
    int c = 0;
    for (i = 0; i < cnt; i++) tmp[i] = out[i];
    for (i = 0; i < cnt; i++) {
      p2 a = tmp[i], b = tmp[(i + 1) % cnt];
      double fa = cross2(e0, e1, a), fb = cross2(e0, e1, b);
      if (fa >= 0) out[c++] = a;
      if ((fa >= 0) != (fb >= 0) && c < MAXS) {
        double t = fa / (fa - fb);
        out[c].x = a.x + (b.x - a.x) * t;
        out[c].y = a.y + (b.y - a.y) * t;
        c++;
      }
      if (c >= MAXS - 1) break;
    }
    cnt = c;
  }
  return cnt;
}

/* The point of segment a-b nearest segment c-d (Ericson 5.1.9, in 2D). */
static p2 seg_seg_closest(p2 a, p2 b, p2 c, p2 d) {
  double d1x = b.x - a.x, d1y = b.y - a.y, d2x = d.x - c.x, d2y = d.y - c.y;
  double rx = a.x - c.x, ry = a.y - c.y;
  double A = d1x * d1x + d1y * d1y, E = d2x * d2x + d2y * d2y;
  double F = d2x * rx + d2y * ry, s, t;
  p2 out;
  if (A <= 0) return a;
  if (E > 0 && fabs(d1x * d2y - d1y * d2x) <= 1e-12 * sqrt(A * E)) {
    /* parallel: the middle of their overlap along a-b, if any */
    double ta = -(d1x * rx + d1y * ry) / A;
    double tb = ((d.x - a.x) * d1x + (d.y - a.y) * d1y) / A;
    double lo = dmax(0, dmin(ta, tb)), hi = dmin(1, dmax(ta, tb));
    s = lo <= hi ? 0.5 * (lo + hi) : (dmin(ta, tb) > 1 ? 1 : 0);
    out.x = a.x + d1x * s;
    out.y = a.y + d1y * s;
    return out;
  }
  if (E <= 0) {
    s = clamp01(-(d1x * rx + d1y * ry) / A);
  } else {
    double C = d1x * rx + d1y * ry, B = d1x * d2x + d1y * d2y;
    double den = A * E - B * B;
    s = den > 0 ? clamp01((B * F - C * E) / den) : 0;
    t = (B * s + F) / E;
    if (t < 0) s = clamp01(-C / A);
    else if (t > 1) s = clamp01((B - C) / A);
  }
  out.x = a.x + d1x * s;
  out.y = a.y + d1y * s;
  return out;
}

/* The support set of b (moved by shift) in direction N within tol of the
   extreme, projected on (t1, t2), without repeats; its level along N. */
static int support_set(const body *b, vec3 shift, vec3 N, double tol, vec3 t1,
                       vec3 t2, p2 *out, double *level) {
  int i, j, n = body_vertex_count(b), cnt = 0;
  double mx = -HUGE_VAL, lv[MAXS];
  /* (each corner's level once: the same values the test below reads) */
  for (i = 0; i < n; i++) {
    lv[i] = v_dot(v_add(body_vertex(b, i), shift), N);
    mx = dmax(mx, lv[i]);
  }
  for (i = 0; i < n; i++) {
    vec3 p;
    p2 q;
    if (lv[i] < mx - tol) continue;
    p = v_add(body_vertex(b, i), shift);
    q.x = v_dot(p, t1);
    q.y = v_dot(p, t2);
    for (j = 0; j < cnt; j++)
      if (out[j].x == q.x && out[j].y == q.y) break;
    if (j == cnt && cnt < MAXS) out[cnt++] = q;
  }
  *level = mx;
  return cnt;
}

/* point and feature of a contact along the unit normal N (toward A), A
   moved by shift. */
static void contact(const body *A, vec3 shift, const body *B, vec3 N,
                    double scale, collide_hit *out) {
  p2 S[MAXS], T[MAXS], R[MAXS], tmp[MAXS], q;
  double ls = 0, lt = 0, tol = 1e-9 * scale;
  vec3 t1, t2;
  int ns, nt, i;
  /* a basis across N */
  /* (defined on every path: the analyzer cannot see that a support set
     always has a corner) */
  S[0].x = S[0].y = T[0].x = T[0].y = q.x = q.y = 0;
  t1 = fabs(N.x) > fabs(N.z) ? v3(-N.y, N.x, 0) : v3(0, -N.z, N.y);
  t1 = v_normalize(t1);
  t2 = v_cross(N, t1);
  ns = support_set(B, v3(0, 0, 0), N, tol, t1, t2, S, &ls);
  nt = support_set(A, shift, v_neg(N), tol, t1, t2, T, &lt);
  out->feature = ns == 1 ? COLLIDE_FEATURE_VERTEX
               : ns == 2 ? COLLIDE_FEATURE_EDGE : COLLIDE_FEATURE_FACE;
  if (ns == 1) {
    q = S[0];
  } else if (nt == 1) {
    q = T[0];
  } else if (ns == 2 && nt == 2) {
    q = seg_seg_closest(S[0], S[1], T[0], T[1]);
  } else if (ns == 2) {
    double a, b;
    order_ccw(T, nt);
    if (clip_segment(S[0], S[1], T, nt, &a, &b)) {
      double m = 0.5 * (a + b);
      q.x = S[0].x + (S[1].x - S[0].x) * m;
      q.y = S[0].y + (S[1].y - S[0].y) * m;
    } else {
      q = seg_seg_closest(S[0], S[1], T[0], T[1]);
    }
  } else if (nt == 2) {
    double a, b;
    order_ccw(S, ns);
    if (clip_segment(T[0], T[1], S, ns, &a, &b)) {
      double m = 0.5 * (a + b);
      q.x = T[0].x + (T[1].x - T[0].x) * m;
      q.y = T[0].y + (T[1].y - T[0].y) * m;
    } else {
      q = S[0];
    }
  } else {
    int nr;
    order_ccw(S, ns);
    order_ccw(T, nt);
    nr = clip_polygon(S, ns, T, nt, R, tmp);
    q.x = q.y = 0;
    if (nr == 0) {
      for (i = 0; i < ns; i++) { q.x += S[i].x; q.y += S[i].y; }
      q.x /= ns;
      q.y /= ns;
    } else {
      for (i = 0; i < nr; i++) { q.x += R[i].x; q.y += R[i].y; }
      q.x /= nr;
      q.y /= nr;
    }
  }
  out->point = v_add(v_add(v_scale(t1, q.x), v_scale(t2, q.y)), v_scale(N, ls));
}

/* ---- the point at u = 0 ----------------------------------------------------- */

/* Overlapping at the start, the contract's point is a point of the
   obstacle inside the mover: a point of A n B. contact()'s point (B's
   support plane over the shapes' support sets, where they would touch
   once pushed out) is in B but, when A reaches past that plane only
   beside it, not in A (about 1 in 20 random start overlaps, in 2D and
   3D). Then this takes a point of A n B from its corners.

   Each shape is the intersection of slabs lo <= L . x <= hi over its face
   axes L (body_face: a solid hull's face normals up to sign, a box's
   three axes, a flat shape's normal and side normals: the thin prism's
   faces), [lo, hi] its extent along L (body_support); a segment has no
   slab and is met by clipping it. A n B is convex; each of its corners
   is a corner of one shape inside the other or where an edge of one
   crosses a face of the other (a face of A n B lies in a face of A or of
   B; its corners where two or three such faces meet), so every corner is
   among: the corners of each shape inside the other, and the ends of
   each shape's edges clipped to the other's slabs (Cyrus-Beck, as
   clip_segment). The point is the mean of those on B's support plane
   along N (the face of A n B there: the obstacle's surface facing the
   mover, which contact() aims at), else of all of them: a mean of points
   of a convex set is in it. N and the depth are left as the axes found.

   Tolerance: a point in a slab is measured in it to rounding. L . x for
   |x| <= s (s the scene's scale, the largest coordinate) is within
   gamma_3 |L| s (Higham, "Accuracy and Stability of Numerical
   Algorithms", 3.1: gamma_n = n u / (1 - n u), u = DBL_EPSILON / 2) of
   the exact dot product, lo and hi likewise, and a clipped end
   a + t (b - a) is within a few ulps of s of the exact one: about
   10 DBL_EPSILON |L| s in all. The slabs are widened by 64 DBL_EPSILON
   |L| s (a touching contact, whose A n B is a face or an edge of zero
   width, still gives its corners) and the point is kept only when inside
   both by that (else the candidate nearest contact()'s point, which
   is); that is far inside the 1e-9 of the scale the support sets use. */

/* A body's slabs for the point at u = 0: a hull's or a box's listed once
   (at most SLABS: a hull of n corners has at most 2n - 4 faces), widened
   by tol per unit of the axis; a flat polygon's (a triangle's, a
   polygon's of up to 65,536 corners) as its normal's slab and, for each
   side, the half-plane on its inner side (the side of its corners'
   centroid, which a convex polygon lies on: the side's own line is its
   support there), each found when read, in O(1); a segment none. */
#define SLABS (2 * COLLIDE_MAX_CONVEX_POINTS + 8)

typedef struct slab { vec3 L; double lo, hi; } slab;

typedef struct start_body {
  const body *b;
  int seg, poly, n;
  slab s[SLABS];
  vec3 centroid;
} start_body;

static void start_body_make(start_body *sb, const body *b, double tol) {
  int i;
  sb->b = b;
  sb->seg = b->kind == B_PTS && b->h == NULL && b->np == 2;
  sb->poly = b->kind == B_PTS && b->h == NULL && b->np >= 3;
  sb->n = 0;
  if (sb->seg) return;
  if (sb->poly) {
    double lo, hi, w = tol * v_len(b->n);
    vec3 c = v3(0, 0, 0);
    body_support(b, b->n, &lo, &hi);
    sb->s[0].L = b->n;
    sb->s[0].lo = lo - w;
    sb->s[0].hi = hi + w;
    for (i = 0; i < b->np; i++) c = v_add(c, b->p[i]);
    sb->centroid = v_add(v_scale(c, 1.0 / b->np), b->pos);
    sb->n = 1 + b->np;
    return;
  }
  sb->n = body_face_count(b);
  if (sb->n > SLABS) sb->n = SLABS;   /* (never for a hull: see SLABS) */
  for (i = 0; i < sb->n; i++) {
    vec3 L = body_face(b, i);
    double w = tol * v_len(L);
    body_support(b, L, &sb->s[i].lo, &sb->s[i].hi);
    sb->s[i].L = L;
    sb->s[i].lo -= w;
    sb->s[i].hi += w;
  }
}

/* Slab i of sb: lo <= L . x <= hi (one side unbounded for a polygon's
   side). */
static slab start_slab(const start_body *sb, int i, double tol) {
  slab r;
  const body *b = sb->b;
  vec3 a, c;
  double lv, w;
  if (!sb->poly || i == 0) return sb->s[i];
  a = v_add(b->p[i - 1], b->pos);
  c = v_add(b->p[i % b->np], b->pos);
  r.L = v_cross(b->n, v_sub(c, a));
  lv = v_dot(r.L, a);
  w = tol * v_len(r.L);
  if (v_dot(r.L, sb->centroid) <= lv) {
    r.lo = -HUGE_VAL;
    r.hi = lv + w;
  } else {
    r.lo = lv - w;
    r.hi = HUGE_VAL;
  }
  return r;
}

/* 1 when p is in the body to tol. */
static int start_inside(const start_body *sb, vec3 p, double tol) {
  int i;
  if (sb->seg) {
    /* a segment: within tol of it */
    const body *b = sb->b;
    vec3 a = v_add(b->p[0], b->pos), e = v_sub(v_add(b->p[1], b->pos), a);
    double l2 = v_len2(e), t = l2 > 0 ? clamp01(v_dot(v_sub(p, a), e) / l2) : 0;
    return v_len(v_sub(p, v_madd(a, e, t))) <= tol;
  }
  for (i = 0; i < sb->n; i++) {
    slab s = start_slab(sb, i, tol);
    double x = v_dot(p, s.L);
    if (x < s.lo || x > s.hi) return 0;
  }
  return 1;
}

/* Edge j of body b: its ends. */
static int start_edge_count(const body *b) {
  if (b->h != NULL) return b->h->edge_count;
  if (b->kind == B_BOX) return 12;
  return b->np == 2 ? 1 : b->np;
}

static void start_edge(const body *b, int j, vec3 *a, vec3 *c) {
  if (b->h != NULL) {
    *a = body_vertex(b, b->h->edges[2 * (size_t)j]);
    *c = body_vertex(b, b->h->edges[2 * (size_t)j + 1]);
  } else if (b->kind == B_BOX) {
    /* an aligned box: corners i and i with bit k set (body_vertex's
       numbering: 4 x, 2 y, 1 z), i over the 4 with that bit clear */
    int k = j >> 2, m = j & 3, bit = 4 >> k;
    int o0 = k == 0 ? 2 : 4, o1 = k == 2 ? 2 : 1;   /* the other two bits */
    int i = ((m & 1) ? o0 : 0) | ((m & 2) ? o1 : 0);
    *a = body_vertex(b, i);
    *c = body_vertex(b, i | bit);
  } else {
    *a = v_add(b->p[j], b->pos);
    *c = v_add(b->p[(j + 1) % b->np], b->pos);
  }
}

typedef struct start_acc {
  vec3 N, q, best, on_sum, all_sum;
  double ls, tol, lvl, best_d;
  int on_n, all_n;
} start_acc;

static void start_add(start_acc *s, vec3 p) {
  double d = v_len2(v_sub(p, s->q));
  if (d < s->best_d) { s->best_d = d; s->best = p; }
  s->all_sum = v_add(s->all_sum, p);
  s->all_n++;
  if (fabs(v_dot(p, s->N) - s->ls) <= s->lvl) {
    s->on_sum = v_add(s->on_sum, p);
    s->on_n++;
  }
}

/* The edges of e clipped to the slabs of o (Cyrus-Beck), their ends
   added. */
static void start_clip_edges(start_acc *s, const body *e, const start_body *o) {
  int j, i, ne = start_edge_count(e);
  for (j = 0; j < ne; j++) {
    vec3 a, c;
    double t0 = 0, t1 = 1;
    start_edge(e, j, &a, &c);
    for (i = 0; i < o->n && t0 <= t1; i++) {
      slab sl = start_slab(o, i, s->tol);
      double fa = v_dot(a, sl.L), fc = v_dot(c, sl.L);
      /* lo <= fa + t (fc - fa) <= hi; the divisions only where fa and
         fc lie on either side of a bound, so fc - fa is not 0 */
      if (fa < sl.lo) {
        if (fc < sl.lo) { t1 = -1; break; }
        t0 = dmax(t0, (sl.lo - fa) / (fc - fa));
      } else if (fc < sl.lo) {
        t1 = dmin(t1, (sl.lo - fa) / (fc - fa));
      }
      if (fa > sl.hi) {
        if (fc > sl.hi) { t1 = -1; break; }
        t0 = dmax(t0, (fa - sl.hi) / (fa - fc));
      } else if (fc > sl.hi) {
        t1 = dmin(t1, (fa - sl.hi) / (fa - fc));
      }
    }
    if (t0 <= t1) {
      start_add(s, v_lerp(a, c, t0));
      if (t1 > t0) start_add(s, v_lerp(a, c, t1));
    }
  }
}

static void start_point(const body *A, const body *B, vec3 N, double scale,
                        collide_hit *out) {
  start_acc s;
  start_body sa, sb;
  int i, n;
  vec3 p;
  s.tol = 64 * DBL_EPSILON * scale;
  start_body_make(&sa, A, s.tol);
  start_body_make(&sb, B, s.tol);
  if (start_inside(&sa, out->point, s.tol) && start_inside(&sb, out->point, s.tol)) return;
  s.N = N;
  s.q = out->point;
  s.lvl = 1e-9 * scale;
  s.ls = -HUGE_VAL;
  n = body_vertex_count(B);
  for (i = 0; i < n; i++) s.ls = dmax(s.ls, v_dot(body_vertex(B, i), N));
  s.best_d = HUGE_VAL;
  s.on_sum = s.all_sum = s.best = v3(0, 0, 0);
  s.on_n = s.all_n = 0;
  for (i = 0; i < n; i++)
    if (start_inside(&sa, body_vertex(B, i), s.tol)) start_add(&s, body_vertex(B, i));
  if (!sb.seg) {
    /* (a segment is met by clipping it: A n B is that part of it) */
    n = body_vertex_count(A);
    for (i = 0; i < n; i++)
      if (start_inside(&sb, body_vertex(A, i), s.tol)) start_add(&s, body_vertex(A, i));
    start_clip_edges(&s, A, &sb);
  }
  start_clip_edges(&s, B, &sa);
  if (s.all_n == 0) return;   /* (only touching, past the widening: kept) */
  p = s.on_n > 0 ? v_scale(s.on_sum, 1.0 / s.on_n) : v_scale(s.all_sum, 1.0 / s.all_n);
  if (!(start_inside(&sa, p, s.tol) && start_inside(&sb, p, s.tol))) p = s.best;
  out->point = v3(p.x + 0.0, p.y + 0.0, p.z + 0.0);
}

/* The scale of a scene for the tolerance of support sets. */
static double body_scale(const body *b) {
  int i, n = body_vertex_count(b);
  double s = 0;
  if (b->p != NULL) {
    for (i = 0; i < n; i++) {
      vec3 p = v_add(b->p[i], b->pos);
      s = dmax(s, dmax(fabs(p.x), dmax(fabs(p.y), fabs(p.z))));
    }
    return s;
  }
  for (i = 0; i < n; i++) {
    vec3 p = body_vertex(b, i);
    s = dmax(s, dmax(fabs(p.x), dmax(fabs(p.y), fabs(p.z))));
  }
  return s;
}

/* A box hull that touches: its corners turned, once, for the contact. */
static void box_corners(body *b) {
  int i;
  if (b->kind != B_BOX || b->h == NULL || b->p != NULL) return;
  for (i = 0; i < 8; i++) b->corners[i] = rot_apply(&b->R, b->h->vertices[i]);
  b->p = b->corners;
}

/* The normal of a contact at u found along N, an axis other than B's
   faces: when A then also touches one of B's faces flat (its
   projection meets B's on that face's normal within the rounding of the
   two, as when A slides along a triangle onto its coplanar neighbour, or
   a box's corner comes to a ramp's foot) and does not move off it, that
   face's normal, toward A. The contact is then on an edge of the
   Minkowski difference where the face meets another, and either normal
   is one of contact; the obstacle's surface is the one a mover slides
   along (a mover sliding over the seam of two triangles of one plane
   would catch on their shared edge with N). Else N. */
static vec3 face_touching(const body *A, const body *B, vec3 d, double u, vec3 N) {
  int i, fb = body_face_count(B);
  if (is_solid(A) && has_normal(B)) fb = 1;
  for (i = 0; i < fb; i++) {
    vec3 L = body_face(B, i), n;
    double alo, ahi, blo, bhi, sd, len, tol;
    len = v_len(L);
    if (!(len > 0)) continue;
    body_support(A, L, &alo, &ahi);
    body_support(B, L, &blo, &bhi);
    /* (both flat across L: two flat shapes in one plane, L its normal,
       always "touching" along it; their contact is within the plane) */
    if (ahi - alo <= 1e-12 * (fabs(alo) + fabs(ahi)) &&
        bhi - blo <= 1e-12 * (fabs(blo) + fabs(bhi)))
      continue;
    sd = v_dot(d, L);
    tol = 64 * DBL_EPSILON * (fabs(alo) + fabs(ahi) + fabs(blo) + fabs(bhi) + fabs(sd));
    if (fabs(alo + u * sd - bhi) <= tol) n = L;            /* A on B's side +L */
    else if (fabs(ahi + u * sd - blo) <= tol) n = v_neg(L); /* A on its -L side */
    else continue;
    if (v_dot(d, n) > tol) continue;   /* moving off that face */
    return v_scale(n, 1 / len);
  }
  return N;
}

static int sweep_bodies(body *A, vec3 c1, body *B, collide_hit *out) {
  sat s;
  vec3 N;
  double u, scale;
  s.d = v_sub(c1, A->pos);
  memset(out, 0, sizeof *out);
  if (bounds_apart(A, s.d, B)) return 0;
  if (A->w != NULL) hull_axes(A);
  if (B->w != NULL) hull_axes(B);
  if (!sat_run(&s, A, B)) return 0;
  box_corners(A);
  box_corners(B);
  u = s.t_in;
  if (u > 0 && s.has_axis) {
    N = v_normalize(s.axis);
    if (!s.axis_of_b) N = face_touching(A, B, s.d, u, N);
  } else {
    /* overlapping at the start: the push out the axes found */
    u = 0;
    if (s.has_pen) N = v_normalize(s.pen_axis);
    else if (s.flat_pen) N = v_normalize(s.flat_axis);
    else N = v3(0, 0, 1);
  }
  scale = dmax(body_scale(A), body_scale(B)) + v_len(s.d);
  out->u = u;
  out->normal = v3(N.x + 0.0, N.y + 0.0, N.z + 0.0);   /* (no -0) */
  contact(A, v_scale(s.d, u), B, N, scale, out);
  if (u == 0) start_point(A, B, N, scale, out);
  return 1;
}

/* ---- entry points ----------------------------------------------------------------- */

#define CHECK_HULL(h, arg) do { if ((h) == NULL || (h)->vertex_count < 3) \
    return COLLIDE_FAIL(arg, COLLIDE_E_FEW_POINTS); } while (0)
#define CHECK_ROT(q, R, arg) do { int e_ = rot_make(q, R); \
    if (e_) return COLLIDE_FAIL(arg, e_); } while (0)

/* A solid box hull (every extent > 0) against a fixed triangle or segment
   (np 3 or 2 corners v), in the box's frame at its start, x' = R^T (x -
   c0): there the hull is the axis-aligned box of half-extents e about the
   origin moving by R^T (c1 - c0), the obstacle fixed, which is the moving
   box's exact kernel (collide_sweep_aabb_triangle, _segment: the same
   separating axes over the motion, and the same rules for the normal: the
   obstacle's face normal when the contact is on it, the feature of the
   obstacle's support set). Its point (on the obstacle) and normal (from
   the obstacle toward the box) are turned back by R, the point placed at
   c0; u and the feature are the frame's own. A rigid motion keeps every
   distance, so the first contact, and for u > 0 its normal and point up
   to a point of a flat contact (any point of the touching set), is the
   general path's (sweep_bodies) to rounding. Returns 1 with out, 0 for a
   miss, -1 to leave the call to the general path: a contact at u = 0 (the
   shortest push at the start is the general path's, over its axes) or a
   kernel refusing the turned points (past the coordinate bound). */
static int box_flat_sweep(const collide_convex *A, const rot3 *R, vec3 c0, vec3 c1,
                          const vec3 *v, int np, collide_hit *out) {
  vec3 e = A->box_extents, zero = v3(0, 0, 0), dl = rot_apply_t(R, v_sub(c1, c0)), l[3];
  collide_hit h;
  int k, code;
  for (k = 0; k < np; k++) l[k] = rot_apply_t(R, v_sub(v[k], c0));
  code = np == 3 ? collide_sweep_aabb_triangle(&e, &zero, &dl, &l[0], &l[1], &l[2], &h)
                 : collide_sweep_aabb_segment(&e, &zero, &dl, &l[0], &l[1], &h);
  if (code < 0) return -1;
  if (code == 0) return 0;
  if (!(h.u > 0)) return -1;
  out->u = h.u;
  out->point = v_add(c0, rot_apply(R, h.point));
  h.normal = rot_apply(R, h.normal);
  out->normal = v3(h.normal.x + 0.0, h.normal.y + 0.0, h.normal.z + 0.0);   /* (no -0) */
  out->feature = h.feature;
  return 1;
}

/* The point of a plane sweep at u = 0 (A turned by R, its frame's origin
   at c, across the plane n . x + pd = 0): the contract's point of the
   obstacle inside the mover. The point on the plane under the centroid of
   A's extreme corners need not be in A (a tilted shape reaching across
   only beside them); then the mean of the points where A's edges meet the
   plane (the corners of A's section by the plane, and each corner on it),
   projected onto it: a mean of points of the convex section is in it.
   Inside is tested in A's frame against its face slabs (the hull's axes
   and extents: its exact H-representation), widened by 64 DBL_EPSILON of
   the scale s, as start_point derives (a point of the section computed
   as a + t (b - a) is within a few ulps of s of the exact one, and each
   dot product within gamma_3 s). */
static void plane_start_point(const collide_convex *A, const rot3 *R, vec3 c, vec3 n,
                              double pd, double s, collide_hit *out) {
  double tol = 64 * DBL_EPSILON * s, lv[COLLIDE_MAX_CONVEX_POINTS];
  vec3 x[COLLIDE_MAX_CONVEX_POINTS], sum = v3(0, 0, 0), l = rot_apply_t(R, v_sub(out->point, c));
  int i, k, cnt = 0;
  for (i = 0; i < A->axis_face_count; i++) {
    double t = v_dot(A->axis_faces[i], l), w = tol * v_len(A->axis_faces[i]);
    if (t < A->axis_face_range[2 * (size_t)i] - w || t > A->axis_face_range[2 * (size_t)i + 1] + w)
      break;
  }
  if (i == A->axis_face_count) return;   /* in A: kept */
  for (i = 0; i < A->vertex_count; i++) {
    x[i] = v_add(rot_apply(R, A->vertices[i]), c);
    lv[i] = v_dot(n, x[i]) + pd;
  }
  for (k = 0; k < A->edge_count; k++) {
    int a = A->edges[2 * (size_t)k], b = A->edges[2 * (size_t)k + 1];
    if (lv[a] == 0) { sum = v_add(sum, x[a]); cnt++; }
    if (lv[b] == 0) { sum = v_add(sum, x[b]); cnt++; }
    if ((lv[a] < 0 && lv[b] > 0) || (lv[a] > 0 && lv[b] < 0)) {
      sum = v_add(sum, v_lerp(x[a], x[b], lv[a] / (lv[a] - lv[b])));
      cnt++;
    }
  }
  if (cnt == 0) return;
  sum = v_scale(sum, 1.0 / cnt);
  sum = v_madd(sum, n, -(v_dot(n, sum) + pd));
  out->point = v3(sum.x + 0.0, sum.y + 0.0, sum.z + 0.0);
}

int collide_sweep_convex_plane(const collide_convex *A,
                               const collide_rotation *rot,
                               const collide_vec3 *c0, const collide_vec3 *c1,
                               const collide_plane *plane, collide_hit *out) {
  rot3 R;
  vec3 n, La, d, N;
  double lo, hi, s0, s1, u, side;
  int i, cnt = 0;
  vec3 sum = v3(0, 0, 0);
  memset(out, 0, sizeof *out);
  CHECK_HULL(A, 1);
  CHECK_ROT(rot, &R, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  CHECK_PLANE(plane, 5);
  n = plane->normal;
  La = rot_apply_t(&R, n);
  if (A->box) {
    /* a box's corners (+-ex, +-ey, +-ez): the greatest of their v . La
       is |La.x| ex + |La.y| ey + |La.z| ez, the very sum (the same terms
       in the same order, rounding being monotonic) the corner with every
       term positive gives, and the least its negation */
    vec3 e = A->box_extents;
    hi = fabs(La.x) * e.x + fabs(La.y) * e.y + fabs(La.z) * e.z;
    lo = -hi;
  } else {
    lo = hi = v_dot(A->vertices[0], La);
    for (i = 1; i < A->vertex_count; i++) {
      double t = v_dot(A->vertices[i], La);
      lo = dmin(lo, t);
      hi = dmax(hi, t);
    }
  }
  d = v_sub(*c1, *c0);
  /* signed distances of the shape's lowest and highest point along n
     from the plane, at u = 0 and u = 1 */
  s0 = v_dot(n, *c0) + plane->d;
  s1 = v_dot(n, *c1) + plane->d;
  if (s0 + lo > 0) {            /* above: the lowest point comes down */
    if (s1 + lo > 0) return 0;
    u = clamp01((s0 + lo) / ((s0 + lo) - (s1 + lo)));
    side = 1;
  } else if (s0 + hi < 0) {     /* below: the highest point comes up */
    if (s1 + hi < 0) return 0;
    u = clamp01((s0 + hi) / ((s0 + hi) - (s1 + hi)));
    side = -1;
  } else {                      /* across the plane at the start */
    double up = -(s0 + lo), down = s0 + hi;   /* pushes out, each way */
    u = 0;
    side = (up < down || (up == down && v_dot(n, d) <= 0)) ? 1 : -1;
  }
  N = v_scale(n, side);
  /* the point: the centroid of the shape's corners extreme toward the
     plane (its support set), on the plane */
  {
    double ext = side > 0 ? lo : hi;
    double tol = 1e-9 * (A->radius + fabs(s0) + fabs(s1));
    vec3 c = v_lerp(*c0, *c1, u);
    if (A->box) {
      /* a box's corners (+-ex, +-ey, +-ez) without the loop: the
         extreme one has each coordinate's sign toward the plane, and
         flipping coordinate k moves a corner 2 |La_k| e_k away from
         the extreme; the corners within tol are those whose flips are
         each within tol, when all of those together are too (else the
         loop below counts them); their centroid has 0 on each flipped
         axis */
      vec3 e = A->box_extents;
      double fx = 2 * fabs(La.x) * e.x, fy = 2 * fabs(La.y) * e.y, fz = 2 * fabs(La.z) * e.z;
      double fl = (fx <= tol ? fx : 0) + (fy <= tol ? fy : 0) + (fz <= tol ? fz : 0);
      if (fl <= tol) {
        vec3 loc = v3(fx <= tol ? 0 : (side * La.x > 0 ? -e.x : e.x),
                      fy <= tol ? 0 : (side * La.y > 0 ? -e.y : e.y),
                      fz <= tol ? 0 : (side * La.z > 0 ? -e.z : e.z));
        sum = v_add(rot_apply(&R, loc), c);
        cnt = 1;
      }
    }
    for (i = cnt > 0 ? A->vertex_count : 0; i < A->vertex_count; i++) {
      double t = v_dot(A->vertices[i], La);
      if (fabs(t - ext) <= tol) {
        sum = v_add(sum, v_add(rot_apply(&R, A->vertices[i]), c));
        cnt++;
      }
    }
    sum = v_scale(sum, 1.0 / cnt);
    out->point = v_madd(sum, n, -(v_dot(n, sum) + plane->d));
    if (u == 0)
      plane_start_point(A, &R, *c0, n, plane->d, A->radius + fabs(s0) + fabs(s1) +
                        dmax(fabs(c.x), dmax(fabs(c.y), fabs(c.z))), out);
  }
  out->u = u;
  out->normal = v3(N.x + 0.0, N.y + 0.0, N.z + 0.0);
  out->feature = COLLIDE_FEATURE_FACE;
  return 1;
}

int collide_sweep_convex_triangle(const collide_convex *A,
                                  const collide_rotation *rot,
                                  const collide_vec3 *c0,
                                  const collide_vec3 *c1,
                                  const collide_vec3 *a, const collide_vec3 *b,
                                  const collide_vec3 *c, collide_hit *out) {
  rot3 R;
  body BA, BB;
  hull_scratch wa;
  vec3 v[3], n;
  memset(out, 0, sizeof *out);
  CHECK_HULL(A, 1);
  CHECK_ROT(rot, &R, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  CHECK_VEC(a, 5);
  CHECK_VEC(b, 6);
  CHECK_VEC(c, 7);
  v[0] = *a;
  v[1] = *b;
  v[2] = *c;
  n = v_normalize(v_cross(v_sub(v[1], v[0]), v_sub(v[2], v[0])));
  if (n.x == 0 && n.y == 0 && n.z == 0)
    return COLLIDE_FAIL(5, COLLIDE_E_DEGENERATE_TRIANGLE);
  if (A->box && !A->flat) {
    int code = box_flat_sweep(A, &R, *c0, *c1, v, 3, out);
    if (code >= 0) return code;
    memset(out, 0, sizeof *out);
  }
  if (ball_apart(A->radius, *c0, *c1, v, 3)) return 0;   /* (out cleared above) */
  hull_body(&BA, A, &R, *c0, &wa);
  points_body(&BB, v, 3, n);
  return sweep_bodies(&BA, *c1, &BB, out);
}

int collide_sweep_convex_polygon(const collide_convex *A,
                                 const collide_rotation *rot,
                                 const collide_vec3 *c0, const collide_vec3 *c1,
                                 const collide_polygon *polygon,
                                 collide_hit *out) {
  rot3 R;
  body BA, BB;
  hull_scratch wa;
  int e;
  memset(out, 0, sizeof *out);
  CHECK_HULL(A, 1);
  CHECK_ROT(rot, &R, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  e = check_polygon(polygon, 5);
  if (e < 0) return e;
  hull_body(&BA, A, &R, *c0, &wa);
  points_body(&BB, polygon->vertices, polygon->count, polygon->plane.normal);
  return sweep_bodies(&BA, *c1, &BB, out);
}

int collide_sweep_convex_segment(const collide_convex *A,
                                 const collide_rotation *rot,
                                 const collide_vec3 *c0, const collide_vec3 *c1,
                                 const collide_vec3 *a, const collide_vec3 *b,
                                 collide_hit *out) {
  rot3 R;
  body BA, BB;
  hull_scratch wa;
  vec3 v[2];
  memset(out, 0, sizeof *out);
  CHECK_HULL(A, 1);
  CHECK_ROT(rot, &R, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  CHECK_VEC(a, 5);
  CHECK_VEC(b, 6);
  v[0] = *a;
  v[1] = *b;
  if (A->box && !A->flat) {
    int code = box_flat_sweep(A, &R, *c0, *c1, v, 2, out);
    if (code >= 0) return code;
    memset(out, 0, sizeof *out);
  }
  hull_body(&BA, A, &R, *c0, &wa);
  /* (a == b: a point; its zero edge gives no axis) */
  points_body(&BB, v, 2, v3(0, 0, 0));
  return sweep_bodies(&BA, *c1, &BB, out);
}

/* ---- a box hull against an axis-aligned box ---------------------------------- */

/* The separating-axis sweep of two boxes, one turned (A: centre c0 moving
   by d, unit axes A_j the columns of R, half-extents a) and one aligned
   (B: centre cen, half-extents b), on their 15 axes (Gottschalk, Lin,
   Manocha, "OBBTree", SIGGRAPH 1996: B's 3 faces e_i, A's 3 faces A_j and
   the 9 crosses A_j x e_i; the motion as in Eberly, "Dynamic Collision
   Detection using Oriented Bounding Boxes", 2002). It is sweep_bodies'
   test on the same axes with the same arithmetic where that arithmetic
   is exact, and the moving box's (collide_sweep_aabb_aabb) where the
   pair is aligned:
   - On an axis L, with p = (c0 - cen) . L, sd = d . L and r = ra + rb
     (A's support radius ra = sum_j |A_j . L| a_j, B's rb = sum_i |L_i|
     b_i), the boxes overlap at u while |p + u sd| <= r: u in [(-r - p)
     / sd, (r - p) / sd] (the bounds swapped for sd < 0; all u or none
     for sd = 0), the quotients of sweep_aabb_aabb; on B's face e_i,
     ra = sum_j |R_ij| a_j, which at the identity is a_i exactly, so r is
     its a_i + b_i and p its a0_i - b0_i: the same u, bit for bit.
   - A cross axis L = A_j x e_i is formed exactly (it is A_j's other two
     components, one negated: (0, A_j.z, -A_j.y) for e_x), and A_j . L is
     exactly 0 (the products cancel), so A's radius has two terms, each
     the two-term dot product A_k . L as v_dot computes it: the general
     path's numbers. (Not Gottschalk's shortcut |A_k . L| = |R_mn|, true
     only of an exactly orthonormal R: a nearly parallel pair's L is a
     few ulps long and the shortcut's ulp of error would be all of it.)
   - The first contact is the latest entry; ties keep the first axis in
     the general path's order (B's faces, A's faces, A_j x e_i by j then
     i); an entry later than one along B's face only by the rounding of
     the quotients keeps B's face as the normal, and a contact found on
     another axis that also touches one of B's faces flat takes that
     face's normal (face_touching), both as sat_axis does.
   - The point and feature are contact()'s: B's support set along the
     normal N and A's along -N within 1e-9 of the scene's scale. The cases
     of one corner found directly (B's face and one corner of A: that
     corner on B's face; A's face or a cross axis and one corner of B:
     that corner; a cross axis, an edge of each: where they cross, on B's
     edge, its "edge"); any other (a face of A flat on B's, an edge of A
     along B's face, a flat B, an unturned box's face on B's: the middle
     of the overlap) is handed to contact() itself.
   - Overlapping at the start (u = 0): the push out is sat_fold's over
     the same axes with the general path's arithmetic (obox_push), and
     the point is the one found directly when it is inside both boxes by
     16 DBL_EPSILON of the scale (start_point keeps contact()'s point
     when inside both by 64: the direct point is contact()'s to a few
     ulps of the scale, so both keep it); else contact() and
     start_point() themselves on the two boxes.
   Returns 1 with out, 0 for a miss, -1 to leave the call to the general
   path: a box
   so small beside its distance from the origin that
   sat_axis would call it flat (extent below 1e-11 of |c0|_1), or a cross
   axis so short (under 2^-299, about 1e-90, in each component: an R
   entry that small) that sat_axis would rescale it, or so short that
   the turn's rounding is all of A's radius along it. */
typedef struct obox {
  const rot3 *R;
  vec3 c0, cen, d;
  double t_in, t_out;
  int which, sign;            /* the entry's axis (0-2 B's face i, 3-5 A's
                                 face j, 6 + 3 j + i A_j x e_i) and side */
} obox;

/* The axis numbered w, not unit: e_i, A_j, or A_j x e_i (its components
   the column's, one negated: exactly v_cross(A_j, e_i)). */
static vec3 obox_L(const rot3 *R, int w) {
  int j = w < 6 ? w - 3 : (w - 6) / 3, i = (w - 6) % 3;
  vec3 c;
  if (w < 3) return v3(w == 0, w == 1, w == 2);
  c = v3(j == 0 ? R->r[0].x : j == 1 ? R->r[0].y : R->r[0].z,
         j == 0 ? R->r[1].x : j == 1 ? R->r[1].y : R->r[1].z,
         j == 0 ? R->r[2].x : j == 1 ? R->r[2].y : R->r[2].z);
  if (w < 6) return c;
  return i == 0 ? v3(0, c.z, -c.y) : i == 1 ? v3(-c.z, 0, c.x) : v3(c.y, -c.x, 0);
}

/* sat_axis' tie: an entry at lo on axis w (not one of B's faces) later
   than the entry along B's face only by the rounding of the quotients
   keeps B's face; the projections from the origin, as there. */
static int obox_tie(const obox *s, int w, double lo, double ra, double rb, double sd) {
  vec3 L = obox_L(s->R, w);
  double ca = v_dot(s->c0, L), cb = v_dot(s->cen, L);
  double tie = 64 * DBL_EPSILON *
               (fabs(ca - ra) + fabs(ca + ra) + fabs(cb - rb) + fabs(cb + rb)) / fabs(sd);
  return tie <= 1e-9 && lo - s->t_in <= tie;
}

/* The axis w with the boxes' centres p apart along it (A's minus B's),
   A's motion sd along it and their radii ra, rb; 1 when it parts them
   over the whole motion. */
static inline int obox_axis(obox *s, double p, double sd, double ra, double rb, int w) {
  double r = ra + rb, lo, hi;
  if (sd > 0) {
    lo = (-r - p) / sd;
    hi = (r - p) / sd;
  } else if (sd < 0) {
    lo = (r - p) / sd;
    hi = (-r - p) / sd;
  } else {
    return p > r || p < -r;
  }
  if (lo > s->t_in) {
    /* (obox_tie holds only within 1e-9 of t_in: that cheap test first) */
    if (!(s->which < 3 && w >= 3 && s->t_in > 0 && lo - s->t_in <= 1e-9 &&
          obox_tie(s, w, lo, ra, rb, sd))) {
      s->which = w;
      s->sign = sd > 0 ? -1 : 1;
    }
    s->t_in = lo;
  }
  if (hi < s->t_out) s->t_out = hi;
  return s->t_in > s->t_out;
}

/* The cross axis A_j x e_i (number w): its i component is 0, the other
   two (m1 < m2) are u1, u2; A_j . L = 0 exactly, A's other axes A1, A2
   (extents a1, a2) give its radius, each A_k . L the two-term sum v_dot
   makes of it. 1 when it parts the boxes, -1 to leave the call. */
static inline int obox_cross(obox *s, const double *T, const double *d, const double *b,
                             const double *A1, const double *A2, double a1, double a2,
                             double q, double u1, double u2, int m1, int m2, int w) {
  double rA, rB, l1;
  /* 0: A_j along e_i, no axis; one 0: L along B's face e_k, which gave
     the same interval but for the rounding of L's length (left out, an
     exact touch stays exact: a box turned about z grazing B's top at
     u = 1 is sweep_aabb_aabb's u = 1, which this axis could round
     away) */
  if (u1 == 0 || u2 == 0) return 0;
  rA = fabs(A1[m1] * u1 + A1[m2] * u2) * a1 + fabs(A2[m1] * u1 + A2[m2] * u2) * a2;
  l1 = fabs(u1) + fabs(u2);
  /* (R is orthonormal to a few ulps: an L of |L|_1 >= 1e-6 passes) */
  if (l1 < 1e-6 && !(rA >= q * l1 && l1 >= 0x1p-298)) return -1;
  rB = fabs(u1) * b[m1] + fabs(u2) * b[m2];
  return obox_axis(s, T[m1] * u1 + T[m2] * u2, d[m1] * u1 + d[m2] * u2, rA, rB, w);
}

/* The 15 axes in sat_run's order; 1 when one parts the boxes, -1 to
   leave the call to the general path. T: A's centre minus B's; col[j]:
   A's axis j; a, b: the half-extents; ra: A's radius along e_i; q: a
   quarter of A's least half-extent. A cross axis too short for its
   length to be more than the turn's rounding (A's radius along it
   under q |L|_1, where an orthonormal turn gives at least 4 q |L|_2),
   or under 2^-298 (sat_axis rescales a square under 2^-600), is left
   to the general path. */
static int obox_axes(obox *s, const double *T, const double *d, double (*col)[3],
                     const double *a, const double *b, const double *ra, double q) {
  int i, j, k;
  for (i = 0; i < 3; i++)
    if (obox_axis(s, T[i], d[i], ra[i], b[i], i)) return 1;
  for (j = 0; j < 3; j++) {
    const double *c = col[j];
    double rb = fabs(c[0]) * b[0] + fabs(c[1]) * b[1] + fabs(c[2]) * b[2];
    if (obox_axis(s, T[0] * c[0] + T[1] * c[1] + T[2] * c[2],
                  d[0] * c[0] + d[1] * c[1] + d[2] * c[2], a[j], rb, 3 + j))
      return 1;
  }
  for (j = 0; j < 3; j++) {
    const double *c = col[j], *A1 = col[j == 0 ? 1 : 0], *A2 = col[j == 2 ? 1 : 2];
    double a1 = a[j == 0 ? 1 : 0], a2 = a[j == 2 ? 1 : 2];
    if ((k = obox_cross(s, T, d, b, A1, A2, a1, a2, q, c[2], -c[1], 1, 2, 6 + 3 * j)) != 0 ||
        (k = obox_cross(s, T, d, b, A1, A2, a1, a2, q, -c[2], c[0], 0, 2, 7 + 3 * j)) != 0 ||
        (k = obox_cross(s, T, d, b, A1, A2, a1, a2, q, c[1], -c[0], 0, 1, 8 + 3 * j)) != 0)
      return k;
  }
  return 0;
}

/* contact() on the two boxes as sweep_bodies builds them. */
static void obox_contact_general(const collide_convex *A, const rot3 *R, vec3 c0, vec3 d,
                                 double u, vec3 cen, vec3 eb, vec3 N, collide_hit *out) {
  body BA, BB;
  hull_scratch wa;
  double scale;
  hull_body(&BA, A, R, c0, &wa);
  memset(&BB, 0, sizeof BB);
  BB.kind = B_BOX;
  BB.pos = cen;
  BB.e = eb;
  BB.np = 8;
  BB.p = NULL;
  BB.h = NULL;
  box_corners(&BA);
  scale = dmax(body_scale(&BA), body_scale(&BB)) + v_len(d);
  contact(&BA, v_scale(d, u), &BB, N, scale, out);
}

/* start_point() on the two boxes (A's corners pa, turned, at c0; B the
   aligned box at cen), its operations in its order on the same numbers:
   the slabs (body_support's extents along A's columns ax and B's unit
   axes, widened by tol |L|), contact()'s point out->point kept when
   inside both, else the mean of the corners of A n B (each box's
   corners inside the other, each box's edges clipped to the other's
   slabs, as start_clip_edges) on B's support plane along N, else of all
   of them, else the one nearest the kept point. */
typedef struct obox_start {
  vec3 L[3];
  double lo[3], hi[3];
} obox_start;

static int obox_start_in(const obox_start *sl, vec3 p) {
  int i;
  for (i = 0; i < 3; i++) {
    double x = v_dot(p, sl->L[i]);
    if (x < sl->lo[i] || x > sl->hi[i]) return 0;
  }
  return 1;
}

/* (on B's slabs, whose L is a unit axis e_i, L . x is x_i: the other
   two products are zeros, which leave x_i as it is but for the sign of
   a zero, which no comparison or difference below sees) */
static void obox_start_clip(start_acc *s, vec3 a, vec3 c, const obox_start *o, int aligned) {
  double t0 = 0, t1 = 1;
  int i;
  for (i = 0; i < 3 && t0 <= t1; i++) {
    double fa = aligned ? (i == 0 ? a.x : i == 1 ? a.y : a.z) : v_dot(a, o->L[i]);
    double fc = aligned ? (i == 0 ? c.x : i == 1 ? c.y : c.z) : v_dot(c, o->L[i]);
    if (fa < o->lo[i]) {
      if (fc < o->lo[i]) return;
      t0 = dmax(t0, (o->lo[i] - fa) / (fc - fa));
    } else if (fc < o->lo[i]) {
      t1 = dmin(t1, (o->lo[i] - fa) / (fc - fa));
    }
    if (fa > o->hi[i]) {
      if (fc > o->hi[i]) return;
      t0 = dmax(t0, (fa - o->hi[i]) / (fa - fc));
    } else if (fc > o->hi[i]) {
      t1 = dmin(t1, (fa - o->hi[i]) / (fa - fc));
    }
  }
  if (t0 <= t1) {
    start_add(s, v_lerp(a, c, t0));
    if (t1 > t0) start_add(s, v_lerp(a, c, t1));
  }
}

static void obox_start_point(const collide_convex *A, const vec3 *pa, vec3 c0, vec3 cen,
                             vec3 eb, const vec3 *ax, vec3 N, double scale, collide_hit *out) {
  obox_start sa, sb;
  start_acc s;
  vec3 va[8], vb[8], p;
  int i, j;
  s.tol = 64 * DBL_EPSILON * scale;
  for (i = 0; i < 3; i++) {
    vec3 L = ax[i];
    double w = s.tol * v_len(L), c = v_dot(c0, L);
    double r = fabs(v_dot(ax[0], L)) * A->box_extents.x + fabs(v_dot(ax[1], L)) * A->box_extents.y +
        fabs(v_dot(ax[2], L)) * A->box_extents.z;
    sa.L[i] = L;
    sa.lo[i] = (c - r) - w;
    sa.hi[i] = (c + r) + w;
  }
  for (i = 0; i < 3; i++) {
    vec3 L = v3(i == 0, i == 1, i == 2);
    double w = s.tol * v_len(L), c = v_dot(cen, L);
    double r = fabs(L.x) * eb.x + fabs(L.y) * eb.y + fabs(L.z) * eb.z;
    sb.L[i] = L;
    sb.lo[i] = (c - r) - w;
    sb.hi[i] = (c + r) + w;
  }
  if (obox_start_in(&sa, out->point) && obox_start_in(&sb, out->point)) return;
  s.N = N;
  s.q = out->point;
  s.lvl = 1e-9 * scale;
  s.ls = -HUGE_VAL;
  for (i = 0; i < 8; i++) {
    vb[i] = v3(cen.x + ((i & 4) ? eb.x : -eb.x), cen.y + ((i & 2) ? eb.y : -eb.y),
               cen.z + ((i & 1) ? eb.z : -eb.z));
    va[i] = v_add(pa[i], c0);
    s.ls = dmax(s.ls, v_dot(vb[i], N));
  }
  s.best_d = HUGE_VAL;
  s.on_sum = s.all_sum = s.best = v3(0, 0, 0);
  s.on_n = s.all_n = 0;
  for (i = 0; i < 8; i++)
    if (obox_start_in(&sa, vb[i])) start_add(&s, vb[i]);
  for (i = 0; i < 8; i++)
    if (obox_start_in(&sb, va[i])) start_add(&s, va[i]);
  for (j = 0; j < A->edge_count; j++)
    obox_start_clip(&s, va[A->edges[2 * (size_t)j]], va[A->edges[2 * (size_t)j + 1]], &sb, 1);
  for (j = 0; j < 12; j++) {
    /* start_edge's numbering of an aligned box's edges */
    int k = j >> 2, m = j & 3, bit = 4 >> k;
    int o0 = k == 0 ? 2 : 4, o1 = k == 2 ? 2 : 1;
    int v = ((m & 1) ? o0 : 0) | ((m & 2) ? o1 : 0);
    obox_start_clip(&s, vb[v], vb[v | bit], &sa, 0);
  }
  if (s.all_n == 0) return;
  p = s.on_n > 0 ? v_scale(s.on_sum, 1.0 / s.on_n) : v_scale(s.all_sum, 1.0 / s.all_n);
  if (!(obox_start_in(&sa, p) && obox_start_in(&sb, p))) p = s.best;
  out->point = v3(p.x + 0.0, p.y + 0.0, p.z + 0.0);
}

/* Overlapping at the start: sat_fold's push out over the general path's
   15 axes in its order, with its arithmetic (body_support's extents of
   both boxes along the same L, v_cross's components; an exact tie
   between axes is then decided as there): the least of (bhi - alo) /
   |L| up along L and (ahi - blo) / |L| down, up on a tie when L . d <=
   0; among axes the first least, an exact tie to the one facing more
   against the motion. Its axis number in *w, the unit normal toward A
   returned. (Only a start in contact comes here: obox_axes' pass keeps
   no per-axis state for it.) */
static vec3 obox_push(vec3 c0, vec3 cen, vec3 d, double (*col)[3],
                      const double *a, const double *b, int *w) {
  double pen = HUGE_VAL, pen_d = 0;
  vec3 best = v3(0, 0, 1), ax[3];
  int k;
  *w = -1;
  for (k = 0; k < 3; k++) ax[k] = v3(col[k][0], col[k][1], col[k][2]);
  for (k = 0; k < 15; k++) {
    /* obox_L(R, k) */
    vec3 c = k >= 3 ? ax[k < 6 ? k - 3 : (k - 6) / 3] : v3(0, 0, 0), L, n;
    int i = (k - 6) % 3;
    if (k < 3) L = v3(k == 0, k == 1, k == 2);
    else if (k < 6) L = c;
    else L = i == 0 ? v3(0, c.z, -c.y) : i == 1 ? v3(-c.z, 0, c.x) : v3(c.y, -c.x, 0);
    double ca, cb, rA, rB, alo, ahi, blo, bhi, len, len2, up, down, pk, dn;
    if (L.x == 0 && L.y == 0 && L.z == 0) continue;
    /* sat_begin's rescale: an axis whose square is below 2^-600 (a cross
       axis of a box turned by 1e-279: its components that small, their
       squares 0) is made unit first; its length was 0 and the push a
       division by zero (found by fuzz target sensor_spin) */
    len2 = v_len2(L);
    if (!(len2 > 0x1p-600) || !(len2 < HUGE_VAL)) {
      L = v_normalize(L);
      len2 = 1;
    }
    ca = v_dot(c0, L);
    rA = fabs(v_dot(ax[0], L)) * a[0] + fabs(v_dot(ax[1], L)) * a[1] +
         fabs(v_dot(ax[2], L)) * a[2];
    cb = v_dot(cen, L);
    rB = fabs(L.x) * b[0] + fabs(L.y) * b[1] + fabs(L.z) * b[2];
    alo = ca - rA;
    ahi = ca + rA;
    blo = cb - rB;
    bhi = cb + rB;
    len = sqrt(len2);
    up = (bhi - alo) / len;
    down = (ahi - blo) / len;
    if (up < down || (up == down && v_dot(L, d) <= 0)) {
      pk = up;
      n = L;
    } else {
      pk = down;
      n = v_neg(L);
    }
    dn = v_dot(n, d) / len;
    if (*w < 0 || pk < pen || (pk == pen && dn < pen_d)) {
      pen = pk;
      pen_d = dn;
      best = n;
      *w = k;
    }
  }
  return v_normalize(best);
}

/* 1 when p is inside both boxes by tol (A's faces measured along its
   unit axes, as start_inside's slabs). */
static int obox_inside(vec3 p, vec3 c0, vec3 cen, double (*col)[3], const double *a,
                       const double *b, double tol) {
  vec3 r = v_sub(p, c0);
  int j;
  if (fabs(p.x - cen.x) > b[0] + tol || fabs(p.y - cen.y) > b[1] + tol ||
      fabs(p.z - cen.z) > b[2] + tol)
    return 0;
  for (j = 0; j < 3; j++)
    if (fabs(col[j][0] * r.x + col[j][1] * r.y + col[j][2] * r.z) > a[j] + tol) return 0;
  return 1;
}
/* The point and feature of a contact at u along the unit N (axis w)
   found directly (the cases the comment above box_aabb_sweep lists):
   1 with out->point and out->feature, else 0 (contact() decides). */
static int obox_point(const rot3 *R, vec3 c0, const double *d, double u, vec3 cen,
                      double (*col)[3], const double *a, const double *b, const double *ra,
                      vec3 N, int w, double tol, collide_hit *out) {
  int i, j;
  if (w < 3) {
    /* B's face w, and one corner of A (none of A's axes within tol of
       lying along the face): that corner, on the face */
    double sg = w == 0 ? N.x : w == 1 ? N.y : N.z, lv[3];
    int k1 = w == 0 ? 1 : 0, k2 = w == 2 ? 1 : 2;
    for (j = 0; j < 3; j++) lv[j] = col[j][w] * a[j];
    if (2 * fabs(lv[0]) > tol && 2 * fabs(lv[1]) > tol && 2 * fabs(lv[2]) > tol &&
        b[k1] > 0 && b[k2] > 0) {
      vec3 loc = v3(sg * lv[0] > 0 ? -a[0] : a[0], sg * lv[1] > 0 ? -a[1] : a[1],
                    sg * lv[2] > 0 ? -a[2] : a[2]);
      vec3 p = v_add(v_add(rot_apply(R, loc), c0), v3(d[0] * u, d[1] * u, d[2] * u));
      double lvl = sg > 0 ? (w == 0 ? cen.x : w == 1 ? cen.y : cen.z) + b[w]
                          : (w == 0 ? cen.x : w == 1 ? cen.y : cen.z) - b[w];
      if (w == 0) p.x = lvl;
      else if (w == 1) p.y = lvl;
      else p.z = lvl;
      out->point = p;
      out->feature = COLLIDE_FEATURE_FACE;
      return 1;
    }
    if (b[k1] > 0 && b[k2] > 0) {
      /* R a signed permutation (unturned, or a half or quarter turn
         whose matrix is exact): A is the aligned box of half-extents ra
         about c0 + u d, flat on B's face; the middle of the overlap of
         the two rectangles, the centroid contact() takes of their
         clipped polygon */
      int perm = 1;
      for (j = 0; j < 3; j++)
        for (i = 0; i < 3; i++)
          if (col[j][i] != 0 && fabs(col[j][i]) != 1) perm = 0;
      if (perm) {
        double P[3], lo, hi;
        int k;
        P[0] = c0.x + d[0] * u;
        P[1] = c0.y + d[1] * u;
        P[2] = c0.z + d[2] * u;
        for (k = 0; k < 3 && perm; k++) {
          double ck = k == 0 ? cen.x : k == 1 ? cen.y : cen.z;
          if (k == w) {
            P[k] = sg > 0 ? ck + b[k] : ck - b[k];
            continue;
          }
          lo = dmax(P[k] - ra[k], ck - b[k]);
          hi = dmin(P[k] + ra[k], ck + b[k]);
          if (!(lo <= hi)) perm = 0;
          P[k] = 0.5 * lo + 0.5 * hi;
        }
        if (perm) {
          out->point = v3(P[0], P[1], P[2]);
          out->feature = COLLIDE_FEATURE_FACE;
          return 1;
        }
      }
    }
  } else {
    /* one corner of B along N (A's face), or B's edge along e_ci (the
       cross axis A_cj x e_ci) */
    int ci = w >= 6 ? (w - 6) % 3 : -1, k, ok = 1;
    double n3[3], sgn[3];
    n3[0] = N.x;
    n3[1] = N.y;
    n3[2] = N.z;
    for (k = 0; k < 3; k++) {
      sgn[k] = n3[k] > 0 ? 1 : -1;
      if (k != ci && !(2 * fabs(n3[k]) * b[k] > tol)) ok = 0;
    }
    if (ok && ci < 0) {
      out->point = v3(cen.x + sgn[0] * b[0], cen.y + sgn[1] * b[1], cen.z + sgn[2] * b[2]);
      out->feature = COLLIDE_FEATURE_VERTEX;
      return 1;
    }
    if (ok && b[ci] > 0) {
      /* B's edge P0 + s D1 (s in [0, 1]) and A's edge along A_cj (its
         other two axes clear of lying across N) T0 + t D2: where they
         cross seen along N, on B's edge */
      int cj = (w - 6) / 3, k1 = cj == 0 ? 1 : 0, k2 = cj == 2 ? 1 : 2;
      double n1 = (col[k1][0] * n3[0] + col[k1][1] * n3[1] + col[k1][2] * n3[2]) * a[k1];
      double n2 = (col[k2][0] * n3[0] + col[k2][1] * n3[1] + col[k2][2] * n3[2]) * a[k2];
      double n0 = (col[cj][0] * n3[0] + col[cj][1] * n3[1] + col[cj][2] * n3[2]) * a[cj];
      if (2 * fabs(n1) > tol && 2 * fabs(n2) > tol && !(2 * fabs(n0) > tol)) {
        double lc[3], P[3], sp, tp;
        vec3 P0, D1 = v3(0, 0, 0), T0, D2, r, wv;
        P[0] = cen.x + sgn[0] * b[0];
        P[1] = cen.y + sgn[1] * b[1];
        P[2] = cen.z + sgn[2] * b[2];
        P[ci] = (ci == 0 ? cen.x : ci == 1 ? cen.y : cen.z) - b[ci];
        P0 = v3(P[0], P[1], P[2]);
        if (ci == 0) D1.x = 2 * b[0];
        else if (ci == 1) D1.y = 2 * b[1];
        else D1.z = 2 * b[2];
        /* A's corner lowest along N, at -a along A_cj */
        lc[cj] = -a[cj];
        lc[k1] = n1 > 0 ? -a[k1] : a[k1];
        lc[k2] = n2 > 0 ? -a[k2] : a[k2];
        T0 = v_add(v_add(rot_apply(R, v3(lc[0], lc[1], lc[2])), c0),
                   v3(d[0] * u, d[1] * u, d[2] * u));
        D2 = v3(2 * a[cj] * col[cj][0], 2 * a[cj] * col[cj][1], 2 * a[cj] * col[cj][2]);
        r = v_sub(P0, T0);
        wv = v_cross(D2, N);
        sp = -v_dot(r, wv) / v_dot(D1, wv);
        wv = v_cross(D1, N);
        tp = v_dot(r, wv) / v_dot(D2, wv);
        if (sp >= 0 && sp <= 1 && tp >= 0 && tp <= 1) {
          out->point = v_madd(P0, D1, sp);
          out->feature = COLLIDE_FEATURE_EDGE;
          return 1;
        }
      }
    }
  }
  return 0;
}

static int box_aabb_sweep(const collide_convex *A, const rot3 *R, vec3 c0, vec3 c1,
                          vec3 cen, vec3 eb, collide_hit *out) {
  obox s;
  double T[3], d[3], a[3], b[3], col[3][3], ra[3], q, u, tol;
  vec3 N;
  int i, w, code;
  a[0] = A->box_extents.x;
  a[1] = A->box_extents.y;
  a[2] = A->box_extents.z;
  q = 0.25 * dmin(a[0], dmin(a[1], a[2]));
  if (!(q > 2.5e-12 * (fabs(c0.x) + fabs(c0.y) + fabs(c0.z)))) return -1;
  b[0] = eb.x;
  b[1] = eb.y;
  b[2] = eb.z;
  T[0] = c0.x - cen.x;
  T[1] = c0.y - cen.y;
  T[2] = c0.z - cen.z;
  d[0] = c1.x - c0.x;
  d[1] = c1.y - c0.y;
  d[2] = c1.z - c0.z;
  for (i = 0; i < 3; i++) {
    col[0][i] = R->r[i].x;
    col[1][i] = R->r[i].y;
    col[2][i] = R->r[i].z;
    /* A's radius along e_i, from R's row i */
    ra[i] = fabs(col[0][i]) * a[0] + fabs(col[1][i]) * a[1] + fabs(col[2][i]) * a[2];
  }
  s.R = R;
  s.c0 = c0;
  s.cen = cen;
  s.d = v3(d[0], d[1], d[2]);
  s.t_in = 0;
  s.t_out = 1;
  s.which = -1;
  s.sign = 1;
  code = obox_axes(&s, T, d, col, a, b, ra, q);
  if (code) return code > 0 ? 0 : -1;
  if (s.t_in > 0) {
    /* (t_in > 0 was set by an axis, which names it; the general path
       otherwise, which never happens) */
    if (s.which < 0 || s.which >= 15) return -1;
    u = s.t_in;
    N = v_normalize(v_scale(obox_L(R, s.which), s.sign));
    w = s.which;
    if (w >= 3) {
      /* face_touching on B's three faces */
      for (i = 0; i < 3; i++) {
        double ci = i == 0 ? c0.x : i == 1 ? c0.y : c0.z;
        double bi = i == 0 ? cen.x : i == 1 ? cen.y : cen.z;
        double alo = ci - ra[i], ahi = ci + ra[i], blo = bi - b[i], bhi = bi + b[i], t, sg;
        t = 64 * DBL_EPSILON * (fabs(alo) + fabs(ahi) + fabs(blo) + fabs(bhi) + fabs(d[i]));
        if (fabs(alo + u * d[i] - bhi) <= t) sg = 1;
        else if (fabs(ahi + u * d[i] - blo) <= t) sg = -1;
        else continue;
        if (d[i] * sg > t) continue;
        N = v3(i == 0 ? sg : 0, i == 1 ? sg : 0, i == 2 ? sg : 0);
        w = i;
        break;
      }
    }
  } else {
    /* overlapping at the start: the push out over the same axes */
    u = 0;
    N = obox_push(c0, cen, s.d, col, a, b, &w);
  }
  out->u = u;
  out->normal = v3(N.x + 0.0, N.y + 0.0, N.z + 0.0);   /* (no -0) */
  /* the tolerance of contact()'s support sets: 1e-9 of the largest
     coordinate of either box's corners, plus the motion's length */
  tol = 1e-9 * (dmax(dmax(fabs(c0.x) + ra[0], dmax(fabs(c0.y) + ra[1], fabs(c0.z) + ra[2])),
                     dmax(fabs(cen.x) + b[0], dmax(fabs(cen.y) + b[1], fabs(cen.z) + b[2]))) +
                sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]));
  if (u > 0) {
    if (!obox_point(R, c0, d, u, cen, col, a, b, ra, N, w, tol, out))
      obox_contact_general(A, R, c0, s.d, u, cen, eb, N, out);
    return 1;
  }
  {
    /* at u = 0: the direct point when surely inside both, else
       start_point's (after contact()'s, when not found directly) */
    vec3 pa[8], ax[3];
    double sA = 0, sB = 0;
    int found = obox_point(R, c0, d, u, cen, col, a, b, ra, N, w, tol, out);
    if (found && obox_inside(out->point, c0, cen, col, a, b, tol * (16 * DBL_EPSILON / 1e-9)))
      return 1;
    if (A->vertex_count != 8) {   /* (a box hull has 8 corners) */
      memset(out, 0, sizeof *out);
      return -1;
    }
    /* the scale of sweep_bodies: body_scale of each box, plus |d| */
    for (i = 0; i < 8; i++) {
      vec3 v = rot_apply(R, A->vertices[i]), pv = v_add(v, c0);
      vec3 bv = v3(cen.x + ((i & 4) ? eb.x : -eb.x), cen.y + ((i & 2) ? eb.y : -eb.y),
                   cen.z + ((i & 1) ? eb.z : -eb.z));
      pa[i] = v;
      sA = dmax(sA, dmax(fabs(pv.x), dmax(fabs(pv.y), fabs(pv.z))));
      sB = dmax(sB, dmax(fabs(bv.x), dmax(fabs(bv.y), fabs(bv.z))));
    }
    if (!found) obox_contact_general(A, R, c0, s.d, u, cen, eb, N, out);
    for (i = 0; i < 3; i++) ax[i] = v3(col[i][0], col[i][1], col[i][2]);
    obox_start_point(A, pa, c0, cen, eb, ax, N, dmax(sA, sB) + v_len(s.d), out);
    return 1;
  }
}

/* The axis-aligned box (center, half-extents e) as the general path's
   obstacle body (also tests/c/test_box_aabb.c's reference). */
static void aabb_body(body *b, vec3 center, vec3 e) {
  b->kind = B_BOX;
  b->pos = center;
  b->e = e;
  b->p = NULL;
  b->h = NULL;
  b->ax[0] = v3(1, 0, 0);
  b->ax[1] = v3(0, 1, 0);
  b->ax[2] = v3(0, 0, 1);
  b->fc = b->ec = b->ax;
  b->nfc = b->nec = 3;
  b->na = 0;
  b->w = b->we = NULL;
}

int collide_sweep_convex_aabb(const collide_convex *A,
                              const collide_rotation *rot,
                              const collide_vec3 *c0, const collide_vec3 *c1,
                              const collide_vec3 *center, const collide_vec3 *e,
                              collide_hit *out) {
  rot3 R;
  body BA, BB;
  hull_scratch wa;
  memset(out, 0, sizeof *out);
  CHECK_HULL(A, 1);
  CHECK_ROT(rot, &R, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  CHECK_VEC(center, 5);
  CHECK_EXTENTS(e, 6);
  if (A->box && !A->flat) {
    int code = box_aabb_sweep(A, &R, *c0, *c1, *center, *e, out);
    if (code >= 0) return code;
    memset(out, 0, sizeof *out);
  }
  hull_body(&BA, A, &R, *c0, &wa);
  aabb_body(&BB, *center, *e);
  return sweep_bodies(&BA, *c1, &BB, out);
}

int collide_sweep_convex_convex(const collide_convex *A,
                                const collide_rotation *rotA,
                                const collide_vec3 *a0, const collide_vec3 *a1,
                                const collide_convex *B,
                                const collide_rotation *rotB,
                                const collide_vec3 *b, collide_hit *out) {
  rot3 RA, RB;
  body BA, BB;
  hull_scratch wa, wb;
  memset(out, 0, sizeof *out);
  CHECK_HULL(A, 1);
  CHECK_ROT(rotA, &RA, 2);
  CHECK_VEC(a0, 3);
  CHECK_VEC(a1, 4);
  CHECK_HULL(B, 5);
  CHECK_ROT(rotB, &RB, 6);
  CHECK_VEC(b, 7);
  hull_body(&BA, A, &RA, *a0, &wa);
  hull_body(&BB, B, &RB, *b, &wb);
  return sweep_bodies(&BA, *a1, &BB, out);
}

/* ---- round obstacles ---------------------------------------------------------- */

/* Face f of the hull A scaled by 2^ks (round_entry's unit), turned by R
   and placed at pos, as a polygon whose vertices are written to buf. */
static collide_polygon world_face(const collide_convex *A, int ks, const rot3 *R,
                                  vec3 pos, int f, vec3 *buf) {
  collide_polygon poly;
  int k, a = A->face_first[f], n = A->face_first[f + 1] - a;
  for (k = 0; k < n; k++) {
    vec3 v = A->vertices[A->ring[a + k]];
    buf[k] = v_add(rot_apply(R, ks == 0 ? v : v_ldexp(v, ks)), pos);
  }
  poly.plane.normal = rot_apply(R, A->faces[f].normal);
  poly.plane.d = (ks == 0 ? A->faces[f].d : scale2(A->faces[f].d, ks)) -
                 v_dot(poly.plane.normal, pos);
  poly.count = n;
  poly.vertices = buf;
  return poly;
}

/* The obstacle (a sphere of radius r about q0, or a capsule of radius r
   about q0 -+ axis when axis != NULL) moving by -d against A turned by R
   at pos: the earliest face contact into out (in the world where A moves).
   Returns 1 with out, 0 for none, < 0 for a kernel's rejection. */
/* The point of segment a-b nearest p (a when the segment is a point);
   *end: 1 when that is an end of the segment. */
static vec3 closest_on_segment(vec3 a, vec3 b, vec3 p, int *end) {
  vec3 ab = v_sub(b, a);
  double l2 = v_len2(ab), t;
  *end = 1;
  if (!(l2 > 0)) return a;
  t = v_dot(v_sub(p, a), ab) / l2;
  if (t <= 0) return a;
  if (t >= 1) return b;
  *end = 0;
  return v_madd(a, ab, t);
}

static int round_sweep(const collide_convex *A, int ks, const rot3 *R, vec3 pos, vec3 d,
                       double r, const vec3 *axis, vec3 q0, collide_hit *out) {
  vec3 buf[COLLIDE_MAX_CONVEX_POINTS];
  vec3 q1 = v_sub(q0, d), inside_pt = axis != NULL ? v_sub(q0, *axis) : q0;
  int f, nf = A->flat ? 1 : A->face_count, found = 0, deep = !A->flat, best_f = 0;
  double best_dist = HUGE_VAL, best_s = -HUGE_VAL;
  collide_hit h;
  {
    /* The obstacle's bounds over its motion against the ball of the
       hull's radius about pos (which holds every corner): apart by more
       than the rounding (1e-12 of the sizes, as bounds_apart) is a miss,
       exactly, and no face need be swept. */
    double rad = scale2(A->radius, ks);
    vec3 ax = axis != NULL ? v3(fabs(axis->x), fabs(axis->y), fabs(axis->z)) : v3(0, 0, 0);
    int k;
    for (k = 0; k < 3; k++) {
      double a = k == 0 ? q0.x : k == 1 ? q0.y : q0.z, b = k == 0 ? q1.x : k == 1 ? q1.y : q1.z;
      double g = (k == 0 ? ax.x : k == 1 ? ax.y : ax.z) + r, c = k == 0 ? pos.x : k == 1 ? pos.y : pos.z;
      double a0 = dmin(a, b) - g, a1 = dmax(a, b) + g, b0 = c - rad, b1 = c + rad;
      double tol = 1e-12 * (dmax(fabs(a0), fabs(a1)) + dmax(fabs(b0), fabs(b1)) + rad + g);
      if (a0 > b1 + tol || b0 > a1 + tol) return 0;
    }
  }
  for (f = 0; f < nf; f++) {
    collide_polygon poly = world_face(A, ks, R, pos, f, buf);
    int code;
    double s = v_dot(poly.plane.normal, inside_pt) + poly.plane.d;
    if (!(s < 0)) deep = 0;
    if (s > best_s) {
      best_s = s;
      best_f = f;
    }
    code = axis != NULL ? collide_sweep_capsule_polygon(r, axis, &q0, &q1, &poly, &h)
                        : collide_sweep_sphere_polygon(r, &q0, &q1, &poly, &h);
    if (code < 0) return code;
    if (code == 0) continue;
    {
      /* at u = 0 several faces may touch: the one nearest the centre
         gives the shortest push out */
      double dist = h.u == 0 ? v_len2(v_sub(h.point, q0)) : 0;
      if (!found || h.u < out->u || (h.u == 0 && out->u == 0 && dist < best_dist)) {
        *out = h;
        best_dist = dist;
        found = 1;
      }
    }
  }
  if (deep) {
    /* the centre starts inside: out across the face it is nearest to */
    collide_polygon poly = world_face(A, ks, R, pos, best_f, buf);
    out->u = 0;
    out->normal = poly.plane.normal;
    out->point = inside_pt;
    found = 1;
  }
  if (!found) return 0;
  if (A->flat && out->u == 0) {
    /* 2D: a circle (or a capsule whose core lies in the shape's plane)
       overlapping a flat shape at the start is pushed out within the
       plane, across the edge that needs the least, never along the
       normal (the kernels' answer for a centre exactly on a face) */
    collide_polygon poly = world_face(A, ks, R, pos, 0, buf);
    vec3 n = poly.plane.normal, ends[2];
    int ne = axis != NULL ? 2 : 1, k, e, best = -1;
    double best_t = HUGE_VAL;
    ends[0] = inside_pt;
    ends[1] = axis != NULL ? v_add(q0, *axis) : q0;
    for (k = 0; k < ne; k++)
      if (v_dot(n, ends[k]) + poly.plane.d != 0) ne = -1;
    for (e = 0; ne > 0 && e < poly.count; e++) {
      vec3 v0 = poly.vertices[e], v1 = poly.vertices[(e + 1) % poly.count];
      vec3 m = v_normalize(v_cross(v_sub(v1, v0), n));   /* outward, in the plane */
      double t = HUGE_VAL;   /* the push along m that clears every end by r */
      /* (a side far shorter than the shape's distance from the origin
         can turn into no vector at all: 1e-50 beside 6; fuzz) */
      if (m.x == 0 && m.y == 0 && m.z == 0) continue;
      for (k = 0; k < ne; k++) t = dmin(t, v_dot(m, v_sub(ends[k], v0)));
      t = r - t;
      if (t < best_t) {
        best_t = t;
        best = e;
      }
    }
    if (best >= 0) {
      vec3 v0 = poly.vertices[best], v1 = poly.vertices[(best + 1) % poly.count];
      out->normal = v_normalize(v_cross(v_sub(v1, v0), n));
    }
    if (ne > 0) {
      /* A core wholly outside the shape (its ends outside and no side
         crossing it) is nearest the shape at a pair of closest points,
         and the shortest push is along the line through them, by r less
         their distance: at a corner that is the corner's direction, not
         a side's normal (the sides' pushes above are longer there). The
         pair: each end against each side, and, for a capsule's core,
         each corner against the core (two segments of a plane that do
         not cross are nearest at an end of one of them). */
      vec3 cp = v3(0, 0, 0), pp = v3(0, 0, 0);
      double best_d2 = HUGE_VAL;
      int outside = 1, corner = 0;
      for (k = 0; k < ne && outside; k++) {
        int in = 1;
        for (e = 0; e < poly.count && in; e++) {
          vec3 v0 = poly.vertices[e], v1 = poly.vertices[(e + 1) % poly.count];
          if (v_dot(v_cross(v_sub(v1, v0), n), v_sub(ends[k], v0)) > 0) in = 0;
        }
        if (in) outside = 0;
      }
      for (e = 0; outside && e < poly.count; e++) {
        vec3 v0 = poly.vertices[e], v1 = poly.vertices[(e + 1) % poly.count];
        if (ne == 2) {
          /* (the core crossing this side: not outside) */
          vec3 m0 = v_cross(v_sub(v1, v0), n), m1 = v_cross(v_sub(ends[1], ends[0]), n);
          double s0 = v_dot(m0, v_sub(ends[0], v0)), s1 = v_dot(m0, v_sub(ends[1], v0));
          double t0 = v_dot(m1, v_sub(v0, ends[0])), t1 = v_dot(m1, v_sub(v1, ends[0]));
          if (s0 * s1 <= 0 && t0 * t1 <= 0) { outside = 0; break; }
        }
        for (k = 0; k < ne; k++) {
          int at_corner;
          vec3 c = closest_on_segment(v0, v1, ends[k], &at_corner);
          double d2 = v_len2(v_sub(ends[k], c));
          if (d2 < best_d2) { best_d2 = d2; cp = ends[k]; pp = c; corner = at_corner; }
        }
        if (ne == 2) {
          int at_end;
          vec3 c = closest_on_segment(ends[0], ends[1], v0, &at_end);
          double d2 = v_len2(v_sub(c, v0));
          if (d2 < best_d2) { best_d2 = d2; cp = c; pp = v0; corner = 1; }
        }
      }
      /* (nearest inside a side: that side's normal, as chosen above) */
      if (outside && corner && best_d2 > 0 && best_d2 < HUGE_VAL) {
        vec3 m = v_normalize(v_sub(cp, pp));
        if (m.x != 0 || m.y != 0 || m.z != 0) out->normal = m;
      }
    }
  }
  out->point = v_madd(out->point, d, out->u);
  out->normal = v3(0.0 - out->normal.x, 0.0 - out->normal.y, 0.0 - out->normal.z);
  out->feature = COLLIDE_FEATURE_FACE;
  return 1;
}

/* A box hull (collide.convex_box, or any 8 corners (+-e)) that is solid
   (every extent > 0) against a round obstacle, with round_sweep's answers
   (its comment above) found in the box's own frame, x' = R^T (x - pos),
   where the hull is the axis-aligned box of half-extents e at the origin,
   fixed, and the obstacle moves by -R^T d (the hull's motion reversed).

   The start, as round_sweep decides it: the centre (a capsule's first
   end) strictly inside the box (|x'_i| < e_i on every axis) is pushed out
   across the face it is nearest to (the greatest n . x' + d over the
   hull's faces, the first of equals in the hull's order), the point the
   centre itself. A sphere whose centre is outside the box overlaps it at
   the start when the box's point nearest the centre, p' (x' clamped to
   [-e, e]), is within r: every face's sweep touches at u = 0, the nearest
   point is p', and the way out is along x' - p' (round_sweep takes the
   face whose contact is nearest the centre, and the contact of the face
   holding p' is p' itself).

   Else the exact moving sphere or capsule against a box, at the same u
   (collide_sweep_sphere_aabb, the rounded box, RTR 3rd ed. 16.18.3;
   collide_sweep_capsule_aabb): for u > 0 the first contact, its point
   and its normal are unique up to a point of a face-to-face contact (a
   capsule's core parallel to a face: any point of the touching segment),
   so the answer is round_sweep's to rounding. Its point (on the box, at
   the moment of contact) and normal (from the box toward the obstacle)
   are turned back by R: the point placed at pos + u d, the normal
   reversed (from the obstacle toward the hull). One kernel call instead
   of a polygon sweep per face.

   Returns 1 with out, 0 for a miss, -1 to leave the call to round_sweep:
   a centre on the box's boundary, a capsule overlapping at the start
   with its first end outside, a kernel answering u = 0 where the test
   above saw none (rounding), a kernel refusing the turned points (past
   the coordinate bound). */
static int box_round_sweep(const collide_convex *A, int ks, const rot3 *R, vec3 pos,
                           vec3 d, double r, const vec3 *axis, vec3 q0, collide_hit *out) {
  vec3 e = v_ldexp(A->box_extents, ks), c = axis != NULL ? v_sub(q0, *axis) : q0;
  vec3 cl = rot_apply_t(R, v_sub(c, pos));
  vec3 s0 = axis != NULL ? rot_apply_t(R, v_sub(q0, pos)) : cl;
  vec3 dl = rot_apply_t(R, d), s1 = v_sub(s0, dl), zero = v3(0, 0, 0);
  collide_hit h;
  int code;
  if (fabs(cl.x) < e.x && fabs(cl.y) < e.y && fabs(cl.z) < e.z) {
    /* inside: out across the nearest face, the first of equals */
    int f, best_f = 0;
    double best_s = -HUGE_VAL;
    for (f = 0; f < A->face_count; f++) {
      double t = v_dot(A->faces[f].normal, cl) + scale2(A->faces[f].d, ks);
      if (t > best_s) {
        best_s = t;
        best_f = f;
      }
    }
    h.normal = rot_apply(R, A->faces[best_f].normal);
    out->u = 0;
    out->point = c;
    out->normal = v3(0.0 - h.normal.x, 0.0 - h.normal.y, 0.0 - h.normal.z);
    out->feature = COLLIDE_FEATURE_FACE;
    return 1;
  }
  if (!(fabs(cl.x) > e.x || fabs(cl.y) > e.y || fabs(cl.z) > e.z)) return -1;
  if (axis == NULL) {
    vec3 p = v3(dmin(dmax(cl.x, -e.x), e.x), dmin(dmax(cl.y, -e.y), e.y),
                dmin(dmax(cl.z, -e.z), e.z));
    vec3 w = v_sub(cl, p);
    double w2 = v_len2(w);
    if (w2 <= r * r) {
      /* overlapping at the start, the centre outside */
      double len = sqrt(w2);
      if (!(len > 0)) return -1;
      w = rot_apply(R, v_scale(w, 1 / len));
      out->u = 0;
      out->point = v_add(pos, rot_apply(R, p));
      out->normal = v3(0.0 - w.x, 0.0 - w.y, 0.0 - w.z);
      out->feature = COLLIDE_FEATURE_FACE;
      return 1;
    }
    code = collide_sweep_sphere_aabb(r, &s0, &s1, &zero, &e, &h);
  } else {
    vec3 al = rot_apply_t(R, *axis);
    code = collide_sweep_capsule_aabb(r, &al, &s0, &s1, &zero, &e, &h);
  }
  if (code < 0) return -1;
  if (code == 0) return 0;
  if (!(h.u > 0)) return -1;
  out->u = h.u;
  out->point = v_add(v_madd(pos, d, h.u), rot_apply(R, h.point));
  h.normal = rot_apply(R, h.normal);
  out->normal = v3(0.0 - h.normal.x, 0.0 - h.normal.y, 0.0 - h.normal.z);
  out->feature = COLLIDE_FEATURE_FACE;
  return 1;
}

/* The box path when the hull is a solid box, else (and for what it
   leaves) round_sweep; a scene smaller than 2^-100 in the unit 2^k that
   brings it near 1. Every quantity of these sweeps is a length (u and
   the normal are ratios of them), so the scaled scene has the same u
   and normal and its point times 2^k; scaling by a power of two is
   exact (the exponents shift), and so is scaling the point back (but
   for one rounding of a point below DBL_MIN). Unscaled, a 2D scene
   below about 1e-157 had its sides' squared lengths and the kernels'
   products in the subnormal range or at 0: u off by 1e-5 at 1e-160,
   u = 0 with a wrong normal below 1e-162 (as advance_run's scenes).
   Scenes of ordinary size run unscaled, bit for bit as before. */
static int round_entry(const collide_convex *A, const rot3 *R, vec3 pos, vec3 d,
                       double r, const vec3 *axis, vec3 q0, collide_hit *out) {
  double size = dmax(dmax(A->radius, r), dmax(v_maxabs(pos), v_maxabs(q0)));
  int k = 0, code = -1;
  vec3 ax;
  size = dmax(size, dmax(v_maxabs(v_add(pos, d)), v_maxabs(v_sub(q0, d))));
  if (axis != NULL) size = dmax(size, v_maxabs(*axis));
  if (size > 0 && size < 0x1p-100) {
    /* (ldexp: 2^k itself overflows for a subnormal size, k up to 1074) */
    k = -ilogb(size);
    pos = v_ldexp(pos, k);
    d = v_ldexp(d, k);
    q0 = v_ldexp(q0, k);
    r = scale2(r, k);
    if (axis != NULL) {
      ax = v_ldexp(*axis, k);
      axis = &ax;
    }
  }
  if (A->box && !A->flat) code = box_round_sweep(A, k, R, pos, d, r, axis, q0, out);
  if (code < 0) code = round_sweep(A, k, R, pos, d, r, axis, q0, out);
  if (code > 0 && k != 0) out->point = v_ldexp(out->point, -k);
  return code;
}

/* round_sweep's code as the sweeps answer it: 1 for a contact, else 0
   with out cleared (a face's kernel refusing a face placed far out, past
   its coordinate bound, after earlier faces wrote a contact: a miss, as
   before, but with out as every miss leaves it; fuzz convex_sweep). */
static int round_result(int code, collide_hit *out) {
  if (code > 0) return 1;
  memset(out, 0, sizeof *out);
  return 0;
}

int collide_sweep_convex_sphere(const collide_convex *A,
                                const collide_rotation *rot,
                                const collide_vec3 *c0, const collide_vec3 *c1,
                                const collide_vec3 *center, double r,
                                collide_hit *out) {
  rot3 R;
  memset(out, 0, sizeof *out);
  CHECK_HULL(A, 1);
  CHECK_ROT(rot, &R, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  CHECK_VEC(center, 5);
  CHECK_RADIUS(r, 6);
  return round_result(round_entry(A, &R, *c0, v_sub(*c1, *c0), r, NULL, *center, out), out);
}

int collide_sweep_convex_capsule(const collide_convex *A,
                                 const collide_rotation *rot,
                                 const collide_vec3 *c0, const collide_vec3 *c1,
                                 const collide_vec3 *a, const collide_vec3 *b,
                                 double r, collide_hit *out) {
  rot3 R;
  vec3 mid, axis;
  memset(out, 0, sizeof *out);
  CHECK_HULL(A, 1);
  CHECK_ROT(rot, &R, 2);
  CHECK_VEC(c0, 3);
  CHECK_VEC(c1, 4);
  CHECK_VEC(a, 5);
  CHECK_VEC(b, 6);
  CHECK_RADIUS(r, 7);
  /* the capsule of core a-b as the kernels take it: centre and half axis */
  mid = v_scale(v_add(*a, *b), 0.5);
  axis = v_scale(v_sub(*b, *a), 0.5);
  return round_result(round_entry(A, &R, *c0, v_sub(*c1, *c0), r, &axis, mid, out), out);
}
